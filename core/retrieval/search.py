"""The shared retrieval core: one seed search, one question linker, one planner per store.

BasicRAG and GraphRAG's seed step both call ``RetrievalCore.seed_hits`` (fairness rule 3: same chunks, same
embedder, same index). The default seed search is *hybrid*: the store's dense (vector) search and its lexical
(BM25) search, fused by reciprocal rank fusion (RRF, Cormack et al. 2009):

    rrf(chunk) = sum over the two ranked lists of weight / (rrf_k + rank)     (rank from 1; absent = no term)

with ``settings.dense_weight`` and ``settings.lexical_weight``. A fused hit's ``score`` is rrf divided by its
largest possible value, sum(weights) / (rrf_k + 1), i.e. 1.0 for a chunk ranked first by both searches, so it stays
on the 0..1 scale GraphRAG's ranking adds to. ``mode="dense"`` is the dense-only search (the "BasicRAG (dense)"
pipeline) and ``mode="lexical"`` BM25 alone; both keep their own scores (cosine, BM25).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Literal

from core.config import Settings
from core.records import Hit, Timings
from core.retrieval.base import Stopwatch
from core.retrieval.linking import Linked, PhoneBook
from core.retrieval.planning import Planner

SearchMode = Literal["hybrid", "dense", "lexical"]
SEARCH_MODES: tuple[str, ...] = ("hybrid", "dense", "lexical")


def rrf_fuse(ranked_lists: Sequence[Sequence[Hit]], k: int, rrf_k: int = 60,
             weights: Sequence[float] | None = None) -> list[Hit]:
    """Weighted reciprocal rank fusion of ranked hit lists into the top ``k`` fused hits (ties: chunk id)."""
    if rrf_k < 1:
        raise ValueError(f"rrf_k must be >= 1, got {rrf_k}")
    weights = list(weights) if weights is not None else [1.0] * len(ranked_lists)
    if len(weights) != len(ranked_lists) or any(w < 0 for w in weights) or not any(weights):
        raise ValueError(f"need one non-negative weight per ranked list (not all zero), got {weights}")
    scores: dict[str, float] = {}
    docs: dict[str, str] = {}
    for hits, weight in zip(ranked_lists, weights, strict=True):
        seen: set[str] = set()
        for rank, h in enumerate(hits, 1):
            if h.chunk_id in seen:  # a list naming a chunk twice counts it once, at its best rank
                continue
            seen.add(h.chunk_id)
            scores[h.chunk_id] = scores.get(h.chunk_id, 0.0) + weight / (rrf_k + rank)
            docs[h.chunk_id] = h.doc_id
    top = sum(weights) / (rrf_k + 1)
    order = sorted(scores, key=lambda c: (-scores[c], c))[: max(k, 0)]
    return [Hit(chunk_id=c, doc_id=docs[c], score=round(scores[c] / top, 6), source="fused") for c in order]


class RetrievalCore:
    """Built once per (store, embedder, settings); safe to share between threads (app sessions)."""

    def __init__(self, store, embedder, settings: Settings):
        self.store = store
        self.embedder = embedder
        self.settings = settings
        store.check_embedder(embedder)  # refuses a query embedder different from the one that built the index
        self._phonebook: PhoneBook | None = None
        self._lock = threading.Lock()
        self.ontology = store.ontology()  # the store's own: the CRM, an imported graph's, or a foreign schema's
        self.planner = Planner(store, self.link, settings.plan_min_confidence, self.ontology,
                               observed_values=settings.plan_observed_values)

    @property
    def phonebook(self) -> PhoneBook:
        with self._lock:
            if self._phonebook is None:
                self._phonebook = PhoneBook(self.store.alias_table(), onto=self.ontology)
            return self._phonebook

    def link(self, question: str) -> Linked:
        return self.phonebook.link(question, lambda i: self.store.get_entity(i) is not None)

    def seed_hits(self, question: str, k: int, timings: Timings, mode: SearchMode | None = None) -> list[Hit]:
        """The top ``k`` chunks for ``question``: hybrid (default, ``settings.search_mode``), dense or lexical.

        Time goes to ``timings.embed_ms`` (query embedding) and ``timings.seed_ms`` (index searches and fusion).
        """
        mode = mode or self.settings.search_mode
        if mode not in SEARCH_MODES:
            raise ValueError(f"unknown search mode {mode!r}; choose one of {', '.join(SEARCH_MODES)}")
        if k <= 0:
            return []
        sw = Stopwatch(timings)
        dense: list[Hit] = []
        if mode != "lexical":
            with sw("embed_ms"):
                vector = self.embedder.embed_query(question)
        with sw("seed_ms"):
            if mode == "dense":
                return self.store.vector_search(vector, k)
            # one pool for every k (BasicRAG asks top_k x basic_candidates, GraphRAG top_k): fusing the same two
            # lists makes GraphRAG's seed chunks exactly BasicRAG's top chunks
            pool = max(k, self.settings.hybrid_pool, self.settings.top_k * self.settings.basic_candidates)
            lexical = self.store.lexical_search(question, pool)
            if mode == "lexical":
                return lexical[:k]
            dense = self.store.vector_search(vector, pool)
            return rrf_fuse([dense, lexical], k, self.settings.rrf_k,
                            (self.settings.dense_weight, self.settings.lexical_weight))

    def dense_hits(self, question: str, k: int, timings: Timings) -> list[Hit]:
        """Dense (vector) search alone."""
        return self.seed_hits(question, k, timings, mode="dense")
