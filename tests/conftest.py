"""Shared fixtures. Tests never touch ~/.hoplens: HOPLENS_HOME points at a temporary folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("hoplens-home")
    monkeypatch.setenv("HOPLENS_HOME", str(home))
    for var in ("GEMINI_API_KEY", "GOOGLE_API_KEY", "HOPLENS_GENERATOR", "HOPLENS_EMBEDDER", "HOPLENS_STORE",
                "HOPLENS_BACKEND", "HOPLENS_OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    from core.config import get_settings

    get_settings.cache_clear()
    yield home
    get_settings.cache_clear()


class BuiltStore:
    """A generated tiny dataset and the embedded store built from it (shared by a whole test session)."""

    def __init__(self, data, store):
        self.data = data
        self.store = store

    def settings(self, **overrides):
        from core.config import Settings

        return Settings(store=self.store, data=self.data, scale="tiny", **overrides)

    def open(self):
        from core.store import open_store

        return open_store(self.settings(), self.store)


@pytest.fixture(scope="session")
def tiny_store(tmp_path_factory) -> BuiltStore:
    """Build once per session: generate the tiny dataset, then ``build_store`` with the real offline embedder."""
    from core.config import Settings
    from core.dataset.generate import generate_dataset
    from core.ingest.build import build_store

    root = tmp_path_factory.mktemp("tiny-kb")
    data, store = root / "data", root / "store"
    generate_dataset("tiny", 7, data, progress=False)
    build_store(data, store, Settings(home=root, store=store, data=data, scale="tiny"), progress=False)
    return BuiltStore(data, store)


@pytest.fixture(scope="session")
def tiny_kb(tiny_store):
    """Independent view of the tiny dataset's graph, read from its files (never the store): (entities by id,
    out-adjacency {(src, edge type): {dst}}, in-adjacency {(dst, edge type): {src}}). Gold for tests comes from here."""
    from collections import defaultdict
    from pathlib import Path

    from core.dataset.io import FILES, iter_jsonl
    from core.records import Edge, Entity

    ents = {e.id: e for e in iter_jsonl(Path(tiny_store.data) / FILES["entities"], Entity)}
    out, inn = defaultdict(set), defaultdict(set)
    for e in iter_jsonl(Path(tiny_store.data) / FILES["edges"], Edge):
        out[(e.src, e.type)].add(e.dst)
        inn[(e.dst, e.type)].add(e.src)
    return ents, out, inn
