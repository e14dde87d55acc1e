"""Retriever base: a public ``search()`` that validates and times, over a protected ``_search`` step."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from core.records import ContextItem, Evidence, Hit, Plan, Subgraph, Timings, Usage

MAX_QUESTION_CHARS = 2000


def validate_question(question: object) -> str:
    """Clean a question or raise ValueError with a message a user can act on."""
    if not isinstance(question, str):
        raise ValueError("the question must be text")
    q = " ".join(question.split())
    if not q:
        raise ValueError("the question is empty: type a question about an entity by its id or name")
    if len(q) > MAX_QUESTION_CHARS:
        raise ValueError(f"the question is too long ({len(q):,} characters; the limit is {MAX_QUESTION_CHARS:,})")
    return q


@dataclass
class Retrieved:
    context: list[ContextItem] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    subgraph: Subgraph | None = None
    plan: Plan | None = None
    timings: Timings = field(default_factory=Timings)
    usage: Usage = field(default_factory=Usage)  # LLM calls made during retrieval (planner, reranker)


class Retriever(ABC):
    name: str = "retriever"

    def search(self, question: str) -> Retrieved:
        q = validate_question(question)
        t0 = time.perf_counter()
        out = self._search(q)
        out.timings.total_ms = (time.perf_counter() - t0) * 1000
        return out

    @abstractmethod
    def _search(self, question: str) -> Retrieved: ...

    def evidence(self, plan: Plan, cap: int = 40) -> Evidence | None:
        """Path instances behind an exact plan (graph retrievers); flat retrieval has passages, not paths."""
        return None


class Stopwatch:
    """``with sw("embed_ms"): ...`` adds the elapsed milliseconds to a Timings field."""

    def __init__(self, timings: Timings):
        self.timings = timings
        self._field = ""
        self._t0 = 0.0

    def __call__(self, field_name: str) -> Stopwatch:
        self._field = field_name
        return self

    def __enter__(self) -> Stopwatch:
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        setattr(self.timings, self._field, getattr(self.timings, self._field) + (time.perf_counter() - self._t0) * 1000)
