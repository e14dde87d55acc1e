"""Build the configured generator and embedder (registry + lazy imports)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.config import Settings
    from core.llm.base import Embedder, Generator

GENERATORS = {
    "offline": "core.llm.offline:OfflineReader",
    "gemini": "core.llm.gemini:GeminiGenerator",
    "openai": "core.llm.openai_compat:OpenAICompatGenerator",
}
EMBEDDERS = {
    "offline": "core.llm.embed_offline:OfflineEmbedder",
    "gemini": "core.llm.gemini:GeminiEmbedder",
    "openai": "core.llm.openai_compat:OpenAICompatEmbedder",
}


def _load(table: dict[str, str], name: str, what: str):
    if name not in table:
        raise ValueError(f"unknown {what} {name!r}; choose one of {', '.join(table)}")
    module_name, cls = table[name].split(":")
    return getattr(importlib.import_module(module_name), cls)


def make_generator(settings: Settings | None = None, name: str | None = None) -> Generator:
    from core.config import get_settings

    settings = settings or get_settings()
    return _load(GENERATORS, name or settings.generator, "generator").from_settings(settings)


def make_embedder(settings: Settings | None = None, name: str | None = None) -> Embedder:
    from core.config import get_settings

    settings = settings or get_settings()
    return _load(EMBEDDERS, name or settings.embedder, "embedder").from_settings(settings)
