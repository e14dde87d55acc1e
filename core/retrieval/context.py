"""Context assembly under a token budget (the one system prompt lives with the pipelines, core/pipelines.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.llm.tokens import count_tokens
from core.records import Chunk, ContextItem, Entity, render_context

MAX_ATTR_CHARS = 80


def _fmt(value: Any) -> str:
    if isinstance(value, list):
        value = ", ".join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    return text if len(text) <= MAX_ATTR_CHARS else text[: MAX_ATTR_CHARS - 1] + "…"


def entity_line(entity: Entity) -> str:
    attrs = "; ".join(f"{k}: {_fmt(v)}" for k, v in entity.attrs.items() if v not in (None, "", []))
    aliases = f" (aka {', '.join(entity.aliases[:2])})" if entity.aliases else ""
    return f"{entity.id} [{entity.type}] {entity.name}{aliases}" + (f" — {attrs}" if attrs else "")


def chunk_line(chunk: Chunk) -> str:
    # One context item per line: a reader (human, LLM or the offline reader) can tell passages apart.
    return f"[{chunk.id}] {' '.join(chunk.text.split())}"


class ContextBuilder:
    """Adds items in priority order while they fit the budget; items that do not fit are skipped, not cut."""

    def __init__(self, budget: int):
        if budget <= 0:
            raise ValueError("context budget must be positive")
        self.budget = budget
        self.items: list[ContextItem] = []
        self.used = 0
        self._seen: set[str] = set()

    def add(self, kind: str, text: str, source: str = "", score: float = 0.0) -> bool:
        if text in self._seen:
            return False
        tokens = count_tokens(text) + 1  # +1: the newline joining items
        if self.used + tokens > self.budget:
            return False
        self.items.append(ContextItem(kind, text, tokens, source, round(score, 4)))
        self.used += tokens
        self._seen.add(text)
        return True

    def add_all(self, rows: Iterable[tuple[str, str, str, float]]) -> None:
        for kind, text, source, score in rows:
            self.add(kind, text, source, score)

    @property
    def remaining(self) -> int:
        return self.budget - self.used


def render(items: list[ContextItem]) -> str:
    return render_context(items)  # the format is defined beside Prompt (core.records)
