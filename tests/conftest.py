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
