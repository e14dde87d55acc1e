"""BM25 over chunk text with bm25s + PyStemmer (English stop words, Snowball stemming).

bm25s cannot update an index in place, so the builder rebuilds it from SQLite when chunks changed (100k chunks
index in about a second). The numpy scoring backend is used: numba's first query pays a ~8 s JIT compile in every
process here, which an app session would feel, while numpy answers in well under a millisecond at demo scale.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

FOLDER = "bm25"
IDS_FILE = "bm25_ids.npy"


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


def _tokenize(texts: list[str]):
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", stemmer=_stemmer(), show_progress=False)


class LexicalIndex:
    def __init__(self, retriever, ids: np.ndarray):
        self.retriever = retriever
        self.ids = ids.astype(np.int64)
        self._lock = threading.Lock()  # bm25s keeps per-call state on the retriever; serialise queries

    @classmethod
    def build(cls, texts: Sequence[str], vids: np.ndarray) -> LexicalIndex:
        import bm25s

        retriever = bm25s.BM25(backend="numpy")
        tokens = _tokenize(list(texts)) if len(texts) else None
        if tokens is None or not tokens.vocab:  # nothing indexable (empty corpus, or only stop words)
            return cls(None, np.zeros(0, dtype=np.int64))
        retriever.index(tokens, show_progress=False)
        return cls(retriever, np.asarray(vids))

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex:
        import bm25s

        ids = np.load(folder / IDS_FILE, allow_pickle=False)
        if not len(ids):
            return cls(None, ids)
        retriever = bm25s.BM25.load(str(folder / FOLDER), show_progress=False)
        retriever.backend = "numpy"
        return cls(retriever, ids)

    def save(self, folder: Path) -> None:
        np.save(folder / IDS_FILE, self.ids, allow_pickle=False)
        if self.retriever is not None:
            self.retriever.save(str(folder / FOLDER), show_progress=False)

    def search(self, text: str, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(vids, BM25 scores) best first; only chunks sharing at least one term with ``text``."""
        if k <= 0 or self.retriever is None or not text.strip():
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        tokens = _tokenize([text])
        if not any(len(t) for t in tokens.ids):  # only stop words
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        with self._lock:
            docs, scores = self.retriever.retrieve(tokens, k=min(k, len(self.ids)), show_progress=False, n_threads=1)
        docs, scores = docs[0], scores[0]
        keep = scores > 0
        return self.ids[docs[keep]], scores[keep].astype(np.float32)
