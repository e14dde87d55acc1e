"""Generator and Embedder protocols shared by every provider (offline, gemini, openai)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from core.records import Generation, Prompt


class LLMError(RuntimeError):
    """A provider failure the user can act on (bad key, unknown model, server down). Never contains a key."""


@runtime_checkable
class Generator(Protocol):
    name: str  # e.g. "offline-reader", "gemini:gemini-2.5-flash", "openai:llama3.1:8b"

    def generate(self, prompt: Prompt) -> Generation:
        """Answer ``prompt``; ``Generation.usage`` counts system prompt + user message (+ completion)."""
        ...

    def complete_json(self, system: str, user: str) -> Generation:
        """Free-form call used by the LLM planner/reranker/judge (callers parse and recover from bad JSON)."""
        ...

    def count_tokens(self, text: str) -> int: ...


@runtime_checkable
class Embedder(Protocol):
    name: str  # recorded by the store; a different query embedder is refused
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """float32 array (len(texts), dim), L2-normalised rows."""
        ...

    def embed_query(self, text: str) -> np.ndarray: ...
