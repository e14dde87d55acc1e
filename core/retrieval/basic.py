"""BasicRAG: flat top-k chunks by vector similarity, filled into the shared context budget."""

from __future__ import annotations

from core.retrieval.base import Retrieved, Retriever, Stopwatch
from core.retrieval.context import ContextBuilder, chunk_line
from core.retrieval.search import RetrievalCore

# BasicRAG asks for more chunks than fit and fills the budget in similarity order.
OVERFETCH = 3


class BasicRetriever(Retriever):
    name = "basic"

    def __init__(self, core: RetrievalCore):
        self.core = core

    def _search(self, question: str) -> Retrieved:
        out = Retrieved()
        s = self.core.settings
        hits = self.core.vector_hits(question, s.top_k * OVERFETCH, out.timings)
        with Stopwatch(out.timings)("rank_ms"):
            chunks = {c.id: c for c in self.core.store.get_chunks([h.chunk_id for h in hits])}
            builder = ContextBuilder(s.context_budget)
            for h in hits:
                if h.chunk_id in chunks:
                    builder.add("chunk", chunk_line(chunks[h.chunk_id]), h.chunk_id, h.score)
        out.hits, out.context = hits, builder.items
        return out
