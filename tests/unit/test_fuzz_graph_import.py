"""Property tests over graph imports (``hoplens build --data DIR``: entities.jsonl, edges.jsonl, documents.jsonl):
a damaged line anywhere (random bytes, truncation, invalid UTF-8, deep JSON, lone surrogate escapes, missing fields)
stops the build with a ValueError naming the file and line, before anything is written: the store keeps its
content digests and its build state, and still opens."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from _store_fakes import HashingEmbedder, small_world, write_dataset
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.config import Settings
from core.ingest.build import build_store
from core.store.embedded import EmbeddedStore

FILES = ("entities.jsonl", "edges.jsonl", "documents.jsonl")
DAMAGE = st.one_of(
    st.binary(min_size=1, max_size=200).map(lambda b: b"{" + b),
    st.just(b'{"id": "X-1", "type": "Customer", "name": "\\ud800"}'),
    st.just(b'{"src": "A", "type": "T", "dst": "B", "attrs": {"a": "\\udfff"}}'),
    st.integers(2_000, 60_000).map(lambda d: b'{"id": "X", "attrs": ' + b"[" * d + b"]" * d + b"}"),
    st.binary(min_size=1, max_size=8).map(lambda b: b'{"id": "X-2", "name": "caf\xc3' + b + b'"}'),
    st.just(b'{"id": "X-3"}'),
    st.just(b"[1, 2, 3]"),
    st.just(b"null"),
)


def _fingerprint(store: Path):
    conn = sqlite3.connect(f"{(store / 'store.sqlite').resolve().as_uri()}?mode=ro", uri=True)
    try:
        return (conn.execute("SELECT tbl, n, acc, changes FROM digests ORDER BY tbl").fetchall(),
                conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall())
    finally:
        conn.close()


def _build(data: Path, store: Path, home: Path):
    return build_store(data, store, settings=Settings(home=home), progress=False, embedder=HashingEmbedder(),
                       boilerplate_min_docs=0)


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    root = tmp_path_factory.mktemp("graph-import")
    data = write_dataset(root / "data", *small_world(n_customers=8, n_docs=12))
    _build(data, root / "store", root)
    return root


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(name=st.sampled_from(FILES), damage=DAMAGE, where=st.floats(0, 1), truncate=st.booleans())
def test_a_damaged_line_stops_the_build_before_any_write(kb, name, damage, where, truncate):
    data, store = kb / "data", kb / "store"
    path = data / name
    good = path.read_bytes()
    lines = good.splitlines(keepends=True)
    at = int(where * (len(lines) - 1))
    if truncate:  # the file cut inside a line, then the damaged line
        lines = lines[:at] + [lines[at][: len(lines[at]) // 2] + b"\n"]
    else:
        lines = lines[:at] + [damage + b"\n"] + lines[at + 1 :]
    before = _fingerprint(store)
    path.write_bytes(b"".join(lines))
    try:
        with pytest.raises(ValueError) as err:
            _build(data, store, kb)
        assert name in str(err.value) and ":" in str(err.value)
        assert _fingerprint(store) == before
        EmbeddedStore(store).close()  # still complete and readable
    finally:
        path.write_bytes(good)


def test_the_fixture_build_itself_is_valid(kb, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(kb / "data", data)
    report = _build(data, kb / "store", kb)
    assert report["processed"] == 0 and report["documents"] == 12
