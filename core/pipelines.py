"""The pipeline registry — LLM-only, BasicRAG (dense), BasicRAG (hybrid), GraphRAG, Routed — and the system prompt.

``REGISTRY`` is the one table of pipelines: name, label, colour, what it does, whether it is in the default
comparison, and a factory that makes its retriever. The CLI (``hoplens ask/eval``), the evaluation runner and
metrics, the app pages and the charts (core/viz.py) all read it; adding a pipeline is one ``PipelineSpec`` entry.

Fairness (DESIGN.md): one generator and one system prompt for all; BasicRAG and GraphRAG share the context budget
and the seed search; every token is counted (system prompt, context, question, and LLM calls made during
retrieval such as planning or reranking).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from core.config import Settings, get_settings
from core.records import Answer, Prompt, Timings, Usage

if TYPE_CHECKING:
    from core.retrieval.base import Retriever
    from core.retrieval.search import RetrievalCore

SYSTEM_PROMPT = (
    "You are HopLens, an analyst assistant for a CRM knowledge base. Answer the question using only the context. "
    "Lines starting with 'Computed from the graph' are exact results of graph queries: prefer them. "
    "Be concise: a number for counts, entity IDs with names for lists, 'Yes' or 'No' first for yes/no questions. "
    "If the context does not contain the answer, reply 'Not found in the provided context.'"
)


@dataclass(frozen=True)
class Deps:
    """What a retriever factory may use: the shared retrieval core and an optional LLM assistant."""

    core: RetrievalCore
    assistant: Any | None  # a real generator for the optional LLM planner / reranker, else None
    settings: Settings


@dataclass(frozen=True)
class PipelineSpec:
    name: str  # the key used by the CLI, results rows and summary.json
    label: str  # what people read (app, charts, tables)
    colour: str  # chart colour (hex)
    description: str  # one line: what the pipeline does (the Ask page's progress line, ``hoplens ask --help``)
    default: bool  # in the default comparison (``hoplens eval``, Compare, Benchmark)
    rank: int  # comparisons are named "a_vs_b" with the higher rank first (the more structured pipeline)
    factory: Callable[[Deps], Retriever] | None  # None: no retrieval (the question alone goes to the generator)


def _basic(mode: str | None) -> Callable[[Deps], Retriever]:
    def make(deps: Deps) -> Retriever:
        from core.retrieval.basic import BasicRetriever

        return BasicRetriever(deps.core, mode=mode)  # type: ignore[arg-type]

    return make


def _graph(deps: Deps) -> Retriever:
    from core.retrieval.graph import GraphRetriever

    return GraphRetriever(deps.core, deps.assistant)


def _routed(deps: Deps) -> Retriever:
    from core.retrieval.router import RoutedRetriever

    return RoutedRetriever(deps.core, deps.assistant)


# Display order (left to right in the app and charts).
REGISTRY: dict[str, PipelineSpec] = {
    s.name: s
    for s in (
        PipelineSpec("llm", "LLM-only", "#9AA5B1", "LLM-only: the question alone to the generator", True, 0, None),
        PipelineSpec("basic-dense", "BasicRAG (dense)", "#F6D08B",
                     "BasicRAG (dense): vector search over all chunks, filled into the budget", False, 1,
                     _basic("dense")),
        PipelineSpec("basic", "BasicRAG", "#F2A541",
                     "BasicRAG: hybrid search (vector + BM25, reciprocal rank fusion) over all chunks, filled into the "
                     "budget", True, 2, _basic(None)),
        PipelineSpec("graph", "GraphRAG", "#2E86AB",
                     "GraphRAG: hybrid seed search, graph walk with hop scores, planned facts, ranked context",
                     True, 3, _graph),
        PipelineSpec("routed", "Routed", "#7B5EA7",
                     "Routed: the question router picks graph, passage or summary retrieval", False, -1, _routed),
    )
}
PIPELINES: tuple[str, ...] = tuple(n for n, s in REGISTRY.items() if s.default)  # the default comparison
KNOWN_PIPELINES: tuple[str, ...] = tuple(REGISTRY)
LABELS: dict[str, str] = {n: s.label for n, s in REGISTRY.items()}
COLOURS: dict[str, str] = {n: s.colour for n, s in REGISTRY.items()}


def spec(name: str) -> PipelineSpec:
    if name not in REGISTRY:
        raise ValueError(f"unknown pipeline {name!r}; choose from {', '.join(KNOWN_PIPELINES)}")
    return REGISTRY[name]


def label(name: str) -> str:
    """The display label of a pipeline (an unknown name is shown as itself)."""
    return LABELS.get(name, name)


def validate_names(names: Sequence[str]) -> list[str]:
    """Known pipeline names, stripped and de-duplicated in order; a clear ValueError for unknown or none."""
    cleaned = list(dict.fromkeys(n.strip() for n in names if n and n.strip()))
    if not cleaned:
        raise ValueError(f"no pipelines given; choose from {', '.join(KNOWN_PIPELINES)}")
    unknown = [n for n in cleaned if n not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown pipeline(s) {', '.join(unknown)}; choose from {', '.join(KNOWN_PIPELINES)}")
    return cleaned


def comparison_order(names: Sequence[str]) -> list[str]:
    """Pipelines in "a_vs_b" order: higher rank first; names not in the registry last, alphabetically."""
    names = list(dict.fromkeys(names))
    known = sorted((n for n in names if n in REGISTRY), key=lambda n: -REGISTRY[n].rank)
    return known + sorted(n for n in names if n not in REGISTRY)


def display_order(names: Sequence[str]) -> list[str]:
    """Pipelines in registry (display) order; names not in the registry last, alphabetically."""
    names = set(names)
    return [n for n in REGISTRY if n in names] + sorted(n for n in names if n not in REGISTRY)


def needs_store(names: Sequence[str]) -> bool:
    return any(REGISTRY[n].factory is not None for n in names if n in REGISTRY)


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

    def evidence(self, answer: Answer, cap: int = 40):
        """Why each item of an exact answer is there: the path instances from the anchors to each result and the
        documents that state each link (``core.records.Evidence``); None when the answer had no exact plan."""
        if self.retriever is None or answer.plan is None:
            return None
        return self.retriever.evidence(answer.plan, cap)

    def answer(self, question: str) -> Answer:
        from core.retrieval.base import Retrieved, validate_question
        from core.retrieval.context import render

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
    from core.retrieval.search import RetrievalCore
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
    names = validate_names(names)
    generator = generator or make_generator(settings)
    core = core or (build_core(settings, store, embedder) if needs_store(names) else None)
    backend = (core.store if core else store).backend if (core or store) is not None else settings.backend
    # The optional LLM planner/reranker needs a real model; the offline reader cannot plan or rank.
    assistant = generator if (settings.llm_planner or settings.llm_rerank) and settings.generator != "offline" else None
    out: dict[str, Pipeline] = {}
    for n in names:
        factory = REGISTRY[n].factory
        retriever = None if factory is None else factory(Deps(core, assistant, settings))  # type: ignore[arg-type]
        out[n] = RetrievalPipeline(n, retriever, generator, backend)
    return out
