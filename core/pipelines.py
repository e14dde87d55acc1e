"""The three pipelines — LLM-only, BasicRAG, GraphRAG — over one retrieval core and one generator.

Fairness (DESIGN.md): one generator and one system prompt for all; BasicRAG and GraphRAG share the context budget
and the vector search; every token is counted (system prompt, context, question, and LLM calls made during
retrieval such as planning or reranking).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

from core.config import Settings, get_settings
from core.records import Answer, Prompt, Timings, Usage
from core.retrieval.base import Retrieved, Retriever, validate_question
from core.retrieval.basic import BasicRetriever
from core.retrieval.context import SYSTEM_PROMPT, render
from core.retrieval.graph import GraphRetriever
from core.retrieval.search import RetrievalCore

PIPELINES = ("llm", "basic", "graph")  # the three-way comparison; "routed" (issue 9's router) is opt-in
KNOWN_PIPELINES = (*PIPELINES, "routed")
LABELS = {"llm": "LLM-only", "basic": "BasicRAG", "graph": "GraphRAG", "routed": "Routed"}


class Pipeline(Protocol):
    name: str

    def answer(self, question: str) -> Answer: ...


class RetrievalPipeline:
    """Retrieve (or not), then generate with the shared system prompt; account for tokens and time."""

    def __init__(self, name: str, retriever: Retriever | None, generator, backend: str):
        self.name = name
        self.retriever = retriever
        self.generator = generator
        self.backend = backend

    def answer(self, question: str) -> Answer:
        q = validate_question(question)
        t0 = time.perf_counter()
        got = self.retriever.search(q) if self.retriever else Retrieved()
        prompt = Prompt(SYSTEM_PROMPT, render(got.context), q)
        t1 = time.perf_counter()
        generation = self.generator.generate(prompt)
        t2 = time.perf_counter()
        timings: Timings = got.timings
        timings.generate_ms = (t2 - t1) * 1000
        timings.total_ms = (t2 - t0) * 1000
        usage: Usage = generation.usage.add(got.usage)
        return Answer(
            question=q,
            pipeline=self.name,
            text=generation.text,
            context=got.context,
            subgraph=got.subgraph,
            plan=got.plan,
            usage=usage,
            timings=timings,
            backend=self.backend,
            generator=self.generator.name,
        )


def build_core(settings: Settings | None = None, store=None, embedder=None) -> RetrievalCore:
    from core.llm.factory import make_embedder
    from core.store import open_store

    settings = settings or get_settings()
    store = store or open_store(settings)
    embedder = embedder or make_embedder(settings)
    return RetrievalCore(store, embedder, settings)


def build_pipelines(
    settings: Settings | None = None,
    store=None,
    generator=None,
    embedder=None,
    names: Sequence[str] = PIPELINES,
    core: RetrievalCore | None = None,
) -> dict[str, Pipeline]:
    from core.llm.factory import make_generator

    settings = settings or get_settings()
    unknown = [n for n in names if n not in KNOWN_PIPELINES]
    if unknown:
        raise ValueError(f"unknown pipeline(s) {', '.join(unknown)}; choose from {', '.join(KNOWN_PIPELINES)}")
    generator = generator or make_generator(settings)
    needs_core = any(n != "llm" for n in names)
    core = core or (build_core(settings, store, embedder) if needs_core else None)
    backend = getattr(core.store if core else store, "backend", settings.backend)
    retrievers = {"llm": None}
    if core is not None:
        # The optional LLM planner/reranker needs a real model; the offline reader cannot plan or rank.
        assistant = generator if (settings.llm_planner or settings.llm_rerank) and settings.generator != "offline" else None
        retrievers |= {"basic": BasicRetriever(core), "graph": GraphRetriever(core, assistant)}
        if "routed" in names:
            from core.retrieval.router import RoutedRetriever

            retrievers["routed"] = RoutedRetriever(core, assistant)
    return {n: RetrievalPipeline(n, retrievers[n], generator, backend) for n in names}
