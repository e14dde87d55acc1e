"""Store backends, named in a registry and imported lazily so the default path needs no optional package."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.config import Settings
    from core.store.base import GraphStore

# backend name -> "module:factory"; factory(settings, path, **kwargs) -> GraphStore
BACKENDS: dict[str, str] = {
    "embedded": "core.store.embedded:open_store",
    "tigergraph": "core.store.tigergraph:open_store",
}


def open_store(settings: Settings | None = None, path: Path | None = None, backend: str | None = None, **kwargs):
    """Open the configured store. ``path`` overrides the settings' store path (embedded backend)."""
    from core.config import get_settings

    settings = settings or get_settings()
    name = backend or settings.backend
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    module_name, factory = BACKENDS[name].split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:  # optional extra not installed
        raise ImportError(f"backend {name!r} needs an optional package ({exc.name}): pip install 'hoplens[{name}]'") from exc
    store: GraphStore = getattr(module, factory)(settings, path or settings.store_path(), **kwargs)
    return store
