"""BasicRAG: the strongest flat retrieval we have — the shared seed search, a phrase-match re-sort, budget fill.

Flat on purpose: no graph, no planner, no entity expansion. ``mode`` picks the seed search (core/retrieval/search.py):
"hybrid" (dense + BM25 fused by RRF: BasicRAG), "dense" (the "BasicRAG (dense)" pipeline) or "lexical". Candidates
containing the question's identifiers verbatim move first (``exact_first``), then chunks fill the shared context
budget in that order. docs/evaluation.md has the measurements behind each choice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from core.records import Chunk, Hit
from core.retrieval.base import Retrieved, Retriever, Stopwatch
from core.retrieval.context import ContextBuilder, chunk_line
from core.retrieval.search import SEARCH_MODES, RetrievalCore, SearchMode

_JOINED = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")  # hyphen-joined tokens: identifiers, codes


def identifiers(text: str) -> set[str]:
    """Hyphen- or underscore-joined tokens, lower-cased (ticket numbers, region codes, ...)."""
    return set(_JOINED.findall((text or "").lower()))


def exact_first(question: str, hits: Sequence[Hit], chunks: Mapping[str, Chunk]) -> list[Hit]:
    """Stable re-sort: chunks holding more of the question's identifiers verbatim come first, search order otherwise.

    BM25 splits a project id such as "PROJ-<n>" into "proj" and "<n>", so a chunk about the customer with the same
    number matches as well as one about the project; a phrase-match boost (as search engines apply) tells them apart. Reads chunk text only, no graph.
    """
    wanted = identifiers(question)
    if not wanted:
        return list(hits)

    def matched(h: Hit) -> int:
        c = chunks.get(h.chunk_id)
        return len(wanted & identifiers(c.text)) if c else 0

    return sorted(hits, key=lambda h: -matched(h))


class BasicRetriever(Retriever):
    name = "basic"

    def __init__(self, core: RetrievalCore, mode: SearchMode | None = None, *, candidates: int | None = None,
                 identifiers_first: bool = True):
        if mode is not None and mode not in SEARCH_MODES:
            raise ValueError(f"unknown search mode {mode!r}; choose one of {', '.join(SEARCH_MODES)}")
        if candidates is None:
            candidates = core.settings.basic_candidates
        if candidates < 1:
            raise ValueError(f"candidates must be >= 1, got {candidates}")
        self.core = core
        self.mode = mode  # None: settings.search_mode (hybrid by default)
        self.candidates = candidates  # top_k x this many chunks are fetched before the budget fill (basic_candidates)
        self.identifiers_first = identifiers_first

    def _search(self, question: str) -> Retrieved:
        out = Retrieved()
        s = self.core.settings
        hits = self.core.seed_hits(question, s.top_k * self.candidates, out.timings, mode=self.mode)
        with Stopwatch(out.timings)("rank_ms"):
            chunks = {c.id: c for c in self.core.store.get_chunks([h.chunk_id for h in hits])}
            if self.identifiers_first:
                hits = exact_first(question, hits, chunks)
            builder = ContextBuilder(s.context_budget)
            for h in hits:
                if h.chunk_id in chunks:
                    builder.add("chunk", chunk_line(chunks[h.chunk_id]), h.chunk_id, h.score)
        out.hits, out.context = hits, builder.items
        return out
