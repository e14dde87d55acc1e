"""BasicRAG: flat top chunks from the shared seed search, filled into the shared context budget.

Flat on purpose: no graph, no planner, no entity expansion. ``mode`` picks the seed search (core/retrieval/search.py):
"hybrid" (dense + BM25 fused by RRF, the default BasicRAG), "dense" (the "BasicRAG (dense)" pipeline) or "lexical".
"""

from __future__ import annotations

from core.retrieval.base import Retrieved, Retriever, Stopwatch
from core.retrieval.context import ContextBuilder, chunk_line
from core.retrieval.search import SEARCH_MODES, RetrievalCore, SearchMode

# BasicRAG asks for more chunks than fit and fills the budget in rank order.
OVERFETCH = 3


class BasicRetriever(Retriever):
    name = "basic"

    def __init__(self, core: RetrievalCore, mode: SearchMode | None = None):
        if mode is not None and mode not in SEARCH_MODES:
            raise ValueError(f"unknown search mode {mode!r}; choose one of {', '.join(SEARCH_MODES)}")
        self.core = core
        self.mode = mode  # None: settings.search_mode (hybrid by default)

    def _search(self, question: str) -> Retrieved:
        out = Retrieved()
        s = self.core.settings
        hits = self.core.seed_hits(question, s.top_k * OVERFETCH, out.timings, mode=self.mode)
        with Stopwatch(out.timings)("rank_ms"):
            chunks = {c.id: c for c in self.core.store.get_chunks([h.chunk_id for h in hits])}
            builder = ContextBuilder(s.context_budget)
            for h in hits:
                if h.chunk_id in chunks:
                    builder.add("chunk", chunk_line(chunks[h.chunk_id]), h.chunk_id, h.score)
        out.hits, out.context = hits, builder.items
        return out
