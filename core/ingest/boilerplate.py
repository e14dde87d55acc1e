"""Corpus boilerplate: sentences that occur verbatim in many documents ("Please advise.", "Status: Closed").

They cannot tell one chunk from another, yet in CRM text they are a large share of the tokens (about half of the
demo corpus sits in sentences found in 5 or more documents), and embedding is the build's bottleneck on 2 cores.
So the *embedding view* of a chunk leaves them out; the chunk text itself (what BM25 indexes and readers see) is
untouched. The set is computed once per store from document frequencies and frozen, so an incremental build
embeds exactly what a from-scratch build of the same corpus did.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import numpy as np

from core.ingest.chunker import sentence_spans

DEFAULT_MIN_DOCS = 5  # a sentence in this many documents or more is boilerplate; 0 disables the filter


def sentence_key(sentence: str) -> int:
    """Stable signed 64-bit key of a sentence (whitespace-normalised)."""
    digest = hashlib.blake2b(" ".join(sentence.split()).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little", signed=True)


def document_keys(text: str) -> set[int]:
    return {sentence_key(text[a:b]) for a, b in sentence_spans(text)}


def frequent_sentences(texts: Iterable[str], min_docs: int) -> np.ndarray:
    """Sorted keys of the sentences that occur in at least ``min_docs`` of ``texts``."""
    if min_docs <= 0:
        return np.zeros(0, dtype=np.int64)
    parts = [np.fromiter(document_keys(t), dtype=np.int64) for t in texts]
    if not parts:
        return np.zeros(0, dtype=np.int64)
    keys, counts = np.unique(np.concatenate(parts), return_counts=True)
    return keys[counts >= min_docs]


class EmbedView:
    """Maps chunk text to the text that is embedded."""

    def __init__(self, boilerplate: np.ndarray):
        self.keys = frozenset(int(k) for k in boilerplate)
        self.fingerprint = hashlib.sha1(np.sort(np.asarray(boilerplate, dtype=np.int64)).tobytes()).hexdigest()

    def __call__(self, text: str) -> str:
        if not self.keys:
            return text
        kept = [text[a:b] for a, b in sentence_spans(text) if sentence_key(text[a:b]) not in self.keys]
        return "\n".join(kept) if kept else text  # all boilerplate: embed it as is rather than nothing
