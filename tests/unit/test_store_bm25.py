"""The embedded store's BM25 index (core/store/_bm25.py) is built and searched in numpy; it must score exactly as
bm25s does (same tokeniser, lucene BM25, k1 1.5, b 0.75) and round-trip through bm25s' on-disk format."""

from __future__ import annotations

import random

import bm25s
import numpy as np
import pytest

from core.store import _bm25
from core.store._bm25 import LexicalIndex

WORDS = ("outage storage vendor frankfurt renewal latency billing escalation customer region dashboard "
         "database timeout invoice contract migration backup failover support ticket running runs ran the of "
         "and a is was OUT-12 EU-west P1 acme globex").split()


def _corpus(n: int, seed: int = 3) -> list[str]:
    rnd = random.Random(seed)
    texts = [" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 30))) for _ in range(n)]
    texts[5] = "the of and a is was"  # only stop words: length 0, still a document
    return texts


def _reference(texts):
    ref = bm25s.BM25(backend="numpy")
    ref.index(bm25s.tokenize(texts, stopwords="en", stemmer=_bm25._stemmer(), show_progress=False),
              show_progress=False)
    return ref


@pytest.mark.parametrize("batch", [7, 20_000])  # several tokeniser batches share one vocabulary
def test_scores_equal_bm25s(monkeypatch, batch):
    monkeypatch.setattr(_bm25, "TOKENIZE_BATCH", batch)
    texts = _corpus(400)
    vids = np.arange(1000, 1400, dtype=np.int64)
    ours, ref = LexicalIndex.build(texts, vids), _reference(texts)
    for q in ["storage outage in frankfurt", "running runs", "OUT-12 EU-west", "acme acme renewal", "invoice"]:
        got_ids, got_scores = ours.search(q, 400)
        want = ref.get_scores(bm25s.tokenize([q], stopwords="en", stemmer=_bm25._stemmer(), return_ids=False,
                                             show_progress=False)[0])
        positive = np.flatnonzero(want > 0)
        assert sorted((got_ids - 1000).tolist()) == sorted(positive.tolist()), q
        np.testing.assert_allclose(got_scores, want[got_ids - 1000], rtol=1e-5)
        assert np.all(np.diff(got_scores) <= 1e-6), "best first"
        top_ids, top_scores = ours.search(q, 5)
        np.testing.assert_allclose(top_scores, got_scores[:5], rtol=1e-6)
        np.testing.assert_array_equal(top_ids, got_ids[:5])


def test_save_load_round_trip_and_edge_cases(tmp_path):
    texts = _corpus(200)
    index = LexicalIndex.build(texts, np.arange(200, dtype=np.int64))
    index.save(tmp_path)
    loaded = LexicalIndex.load(tmp_path)
    for q in ["vendor storage", "timeout backup failover"]:
        a, b = index.search(q, 10), loaded.search(q, 10)
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_allclose(a[1], b[1])
    assert len(index.search("the of and", 10)[0]) == 0  # only stop words
    assert len(index.search("zebra", 10)[0]) == 0  # unknown term
    assert len(index.search("vendor", 0)[0]) == 0
    empty = LexicalIndex.build(["the and of", "a"], np.arange(2, dtype=np.int64))
    assert empty.retriever is None and len(empty.search("vendor", 3)[0]) == 0


def test_tigergraph_analyzer_sees_the_same_terms():
    from core.store.tigergraph import analyze

    texts = _corpus(30)
    assert analyze(texts) == _bm25.tokens(texts)
