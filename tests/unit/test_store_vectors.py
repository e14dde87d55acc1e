"""The HNSW vector index (core/store/_vectors.py): a loaded index maps its vectors from the file, searches like the
in-memory one, and grows or shrinks correctly (it is read into memory before anything is added)."""

from __future__ import annotations

import numpy as np

from core.store._vectors import VectorIndex


def _vectors(n: int, dim: int = 16, seed: int = 0) -> np.ndarray:
    x = np.random.default_rng(seed).normal(size=(n, dim)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def test_loaded_index_searches_like_the_built_one_and_can_grow(tmp_path):
    table = _vectors(300)
    fetch = lambda vids: table[vids]  # noqa: E731  vid = row
    built = VectorIndex(16)
    built.sync(np.arange(200), fetch)
    built.save(tmp_path)
    loaded = VectorIndex.load(tmp_path)
    for q in table[:20]:
        np.testing.assert_array_equal(built.search(q, 5)[0], loaded.search(q, 5)[0])
    assert loaded.search(table[7], 1)[0][0] == 7
    # grow by 100, drop 10 (below the rebuild share): the mapped index is read into memory first
    live = np.concatenate([np.arange(10, 200), np.arange(200, 300)])
    action = loaded.sync(live, fetch)
    assert action == "added 100, removed 10" and loaded.live == 290
    assert loaded.search(table[250], 1)[0][0] == 250
    assert 3 not in loaded.search(table[3], 10)[0]  # removed
    # the file it was mapped from is unchanged and still loads as before
    again = VectorIndex.load(tmp_path)
    assert again.live == 200 and again.search(table[3], 1)[0][0] == 3
