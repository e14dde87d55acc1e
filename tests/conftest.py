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
