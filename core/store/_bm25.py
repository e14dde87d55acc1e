"""BM25 over chunk text: bm25s tokenisation (English stop words, Snowball stemming via PyStemmer) and bm25s' on-disk
format, with the index built and searched here in numpy so that both stay lean at 1 M chunks.

- *Build*: texts are tokenised in batches of ``TOKENIZE_BATCH`` into one growing vocabulary; each batch becomes
  int32 (document, term, count) arrays at once, so no per-token Python lists of the whole corpus are ever held
  (bm25s' own ``index`` keeps them: ~1.7 GB for 460 k chunks here, against ~0.5 GB now). Scores are bm25s' default
  (``method="lucene"``: idf ``log(1 + (N - df + 0.5) / (df + 0.5))``, tf part ``tf / (tf + k1 (1 - b + b dl / avgdl))``,
  k1 1.5, b 0.75), stored as bm25s' CSC matrix (docs x terms) and saved with bm25s, so stores built before load.
- *Search*: the query's terms' postings are gathered and summed with ``np.bincount`` (bm25s' numpy backend uses
  ``np.add.at`` over a fresh array of every document per query, 5-25 ms at 300 k chunks); ties break by position.
  Stateless, so no lock. A loaded index is memory-mapped (read-only). bm25s cannot update an index in place: the
  builder rebuilds it from SQLite when chunks change.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from pathlib import Path

import numpy as np

FOLDER = "bm25"
IDS_FILE = "bm25_ids.npy"
TOKENIZE_BATCH = 20_000
K1, B = 1.5, 0.75


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


def tokens(texts: list[str]) -> list[list[str]]:
    """Stemmed, stop-word-free terms of each text (bm25s' tokeniser)."""
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", stemmer=_stemmer(), return_ids=False, show_progress=False)


def tokenized(texts: list[str]):
    """bm25s ``Tokenized`` (ids + vocabulary) of ``texts``; core.store.tigergraph.analyze reads it (``tokens`` gives
    the same terms as strings)."""
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", stemmer=_stemmer(), show_progress=False)


def _matrix(texts: Sequence[str]) -> tuple[dict[str, int], np.ndarray, np.ndarray, np.ndarray, int]:
    """(vocabulary, data, indices, indptr, n_docs) of the BM25 score matrix in CSC form (rows: docs, cols: terms)."""
    vocab: dict[str, int] = {}
    docs, terms, counts, lengths = [], [], [], []
    for start in range(0, len(texts), TOKENIZE_BATCH):
        batch = tokens(list(texts[start : start + TOKENIZE_BATCH]))
        n = np.fromiter((len(t) for t in batch), dtype=np.int64, count=len(batch))
        ids = np.fromiter((vocab.setdefault(w, len(vocab)) for w in chain.from_iterable(batch)), dtype=np.int64,
                          count=int(n.sum()))
        doc = np.repeat(np.arange(start, start + len(batch), dtype=np.int64), n)
        pairs, tf = np.unique((doc << 32) | ids, return_counts=True)  # one row per (doc, term), sorted by doc
        docs.append((pairs >> 32).astype(np.int32))
        terms.append((pairs & 0xFFFFFFFF).astype(np.int32))
        counts.append(tf.astype(np.float32))
        lengths.append(n.astype(np.float32))
        del batch, ids, doc, pairs, tf
    n_docs = len(texts)
    vocab.setdefault("", len(vocab))  # bm25s keeps an empty token (queries with no known term score nothing)
    doc = np.concatenate(docs) if docs else np.zeros(0, np.int32)
    del docs
    term = np.concatenate(terms) if terms else np.zeros(0, np.int32)
    del terms
    tf = np.concatenate(counts) if counts else np.zeros(0, np.float32)
    del counts
    dl = np.concatenate(lengths) if lengths else np.zeros(0, np.float32)
    avgdl = float(dl.mean()) if n_docs else 0.0
    df = np.bincount(term, minlength=len(vocab)).astype(np.float64)
    idf = np.log(1.0 + (n_docs - df + 0.5) / (df + 0.5)).astype(np.float32)
    norm = (K1 * ((1 - B) + B * dl / avgdl)).astype(np.float32) if avgdl else np.ones_like(dl)
    # in place, one corpus-sized array at a time (peak memory, not speed, is what binds at full scale)
    data = norm[doc]
    data += tf
    np.divide(tf, data, out=data)
    del tf, norm
    data *= idf[term]
    order = np.argsort(term, kind="stable")  # by term; docs stay ascending within a term
    del term
    doc = doc[order]
    data = data[order]
    del order
    indptr = np.zeros(len(vocab) + 1, dtype=np.int64)
    np.cumsum(df.astype(np.int64), out=indptr[1:])
    if indptr[-1] < 2**31:
        indptr = indptr.astype(np.int32)
    return vocab, data, doc, indptr, n_docs


class LexicalIndex:
    def __init__(self, retriever, ids: np.ndarray):
        self.retriever = retriever
        self.ids = ids.astype(np.int64)
        if retriever is not None:
            s = retriever.scores
            self._data, self._indices, self._indptr = s["data"], s["indices"], s["indptr"]
            self._vocab: dict[str, int] = retriever.vocab_dict

    @classmethod
    def build(cls, texts: Sequence[str], vids: np.ndarray) -> LexicalIndex:
        import bm25s

        if not len(texts):
            return cls(None, np.zeros(0, dtype=np.int64))
        vocab, data, indices, indptr, n_docs = _matrix(texts)
        if len(vocab) <= 1:  # nothing indexable (only stop words)
            return cls(None, np.zeros(0, dtype=np.int64))
        retriever = bm25s.BM25(backend="numpy")
        retriever.scores = {"data": data, "indices": indices, "indptr": indptr, "num_docs": n_docs}
        retriever.vocab_dict = vocab
        retriever.unique_token_ids_set = set(vocab.values())
        retriever.nonoccurrence_array = None  # lucene BM25 has none (bm25s.save asks)
        return cls(retriever, np.asarray(vids))

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex:
        import bm25s

        ids = np.load(folder / IDS_FILE, allow_pickle=False)
        if not len(ids):
            return cls(None, ids)
        # memory-mapped: index folders are written once and never modified (a refresh writes a new one), and a
        # mapped file costs no copy (np.load of the 200 MB matrix at 460 k chunks took 2.4 s here, mmap 0.01 s)
        retriever = bm25s.BM25.load(str(folder / FOLDER), show_progress=False, mmap=True)
        retriever.backend = "numpy"
        if retriever.scores["num_docs"] != len(ids):
            raise ValueError(f"BM25 index has {retriever.scores['num_docs']} documents but {len(ids)} ids")
        return cls(retriever, ids)

    def save(self, folder: Path) -> None:
        np.save(folder / IDS_FILE, self.ids, allow_pickle=False)
        if self.retriever is not None:
            self.retriever.save(str(folder / FOLDER), show_progress=False)

    def search(self, text: str, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(vids, BM25 scores) best first; only chunks sharing at least one term with ``text``."""
        if k <= 0 or self.retriever is None or not text.strip():
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        term_ids = [self._vocab[t] for t in tokens([text])[0] if t in self._vocab]  # repeats count, as in bm25s
        if not term_ids:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        parts = [(int(self._indptr[t]), int(self._indptr[t + 1])) for t in term_ids]
        total = sum(b - a for a, b in parts)
        if not total:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        if total * 16 < len(self.ids):  # few postings: sum per distinct document
            docs = np.concatenate([self._indices[a:b] for a, b in parts])
            weights = np.concatenate([self._data[a:b] for a, b in parts])
            cand, inverse = np.unique(docs, return_inverse=True)  # sorted positions: ties break by position
            scores = np.bincount(inverse, weights=weights, minlength=len(cand)).astype(np.float32)
        else:  # common terms: add each term's postings into one array over all documents
            scores = np.zeros(len(self.ids), dtype=np.float32)
            for a, b in parts:
                scores[self._indices[a:b]] += self._data[a:b]  # a term lists each document once
            cand = None
        kk = min(k, len(scores))
        if kk < len(scores):  # the k best, plus every tie of the k-th, so the order below is total
            kth = np.partition(scores, len(scores) - kk)[len(scores) - kk]
            top = np.flatnonzero(scores >= kth)
        else:
            top = np.arange(len(scores))
        pos = top if cand is None else cand[top]
        order = np.lexsort((pos, -scores[top]))[:kk]  # best first, ties by position: a smaller k is a prefix
        top, pos = top[order], pos[order]
        keep = scores[top] > 0
        return self.ids[pos[keep]], scores[top[keep]]
