"""Cached resources shared by every session (store, pipelines, suites) and the settings a session uses.

``st.cache_resource`` keeps one store and one set of pipelines per (backend, store path, settings) in the server
process, so opening the store and loading the embedding model happen once, not on every rerun.
"""

from __future__ import annotations

import contextlib
import importlib
from pathlib import Path
from typing import Any

import streamlit as st

from core.config import Settings, get_settings
from ui.state import state


def settings() -> Settings:
    """The configured settings, with this session's store choice from the Data page applied."""
    base = get_settings()
    override = state.store_override
    if override and base.demo:
        from ui import guard

        if not guard.is_admin(base):  # a visitor of the demo cannot point the app at another folder
            return base
    return base.model_copy(update={"store": Path(override)}) if override else base


def settings_key(s: Settings) -> str:
    # Secrets dump masked, so the key never holds a secret; any other setting change gives a new resource.
    return s.model_dump_json()


def store_present(s: Settings) -> bool:
    """Whether a built store is where the settings point (TigerGraph lives on a server: assume present)."""
    if s.backend != "embedded":
        return True
    path = s.store_path()
    return path.is_file() or (path.is_dir() and any(path.iterdir()))


def module_available(name: str) -> bool:
    """True when an optional/parallel-built core module can be imported (pages say "not available yet" otherwise)."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            return False
        raise
    return True


@st.cache_resource(show_spinner="Opening the knowledge base…", max_entries=4)
def _open_store(key: str, _s: Settings):
    from core.store import open_store

    return open_store(_s, _s.store_path())


def get_store(s: Settings | None = None):
    """The cached store for ``s`` (raises StoreError/FileNotFoundError with a message the page shows)."""
    s = s or settings()
    from ui import build  # (ui.build imports this module)

    writer = build.writer_of(s)
    if writer is not None:  # never open files a build or restore is replacing
        raise ValueError(f"{writer.label} is running ({writer.snapshot()['fraction']:.0%}); the knowledge base is "
                         "usable when it finishes")
    if not store_present(s):
        raise FileNotFoundError(
            f"no knowledge base at {s.store_path()}: open the Overview to build the {s.scale} one, choose a scale on "
            "the Data page, or run `hoplens build`"
        )
    return _open_store(settings_key(s), s)


@st.cache_resource(show_spinner="Loading the embedding model and pipelines…", max_entries=4)
def _pipelines(key: str, _s: Settings, _store: Any):
    from core.pipelines import KNOWN_PIPELINES, build_pipelines

    return build_pipelines(_s, store=_store, names=KNOWN_PIPELINES)


def get_pipelines(s: Settings | None = None) -> dict[str, Any]:
    """llm / basic / graph / routed pipelines over the cached store (raises LLMError/ValueError on a bad provider setup)."""
    s = s or settings()
    return _pipelines(settings_key(s), s, get_store(s))


def release_store(s: Settings | None = None) -> None:
    """Close and forget the cached store and pipelines (before a rebuild or restore replaces the files)."""
    s = s or settings()
    key = settings_key(s)
    if store_present(s):
        with contextlib.suppress(Exception):  # a store that failed to open has nothing to close
            _open_store(key, s).close()
    _open_store.clear()
    _pipelines.clear()
    load_suite_cached.clear()


@st.cache_data(show_spinner=False, max_entries=8)
def load_suite_cached(suite: str, data_dir: str) -> list[dict[str, Any]]:
    """A question suite as plain dicts (cache_data copies them per session, so nobody mutates the shared list)."""
    from core.dataset.questions import load_suite

    return [q.to_dict() for q in load_suite(suite, Path(data_dir))]


def suite_questions(s: Settings, suite: str = "public") -> list[dict[str, Any]]:
    """Suite questions for examples and verdicts, or [] when the suite or its module is not there yet."""
    if not module_available("core.dataset.questions"):
        return []
    try:
        return load_suite_cached(suite, str(s.data_path()))
    except (FileNotFoundError, ValueError):
        return []


def public_settings(s: Settings) -> list[dict[str, str]]:
    """Every setting as (name, value) rows for display; secrets only say whether they are set."""
    rows = []
    for name, value in s.model_dump().items():
        field = type(s).model_fields[name]
        if "SecretStr" in str(field.annotation):
            shown = "set" if value else "not set"
        else:
            shown = "" if value is None else str(value)
        rows.append({"setting": name, "value": shown})
    rows.append({"setting": "store path (resolved)", "value": str(s.store_path())})
    rows.append({"setting": "data path (resolved)", "value": str(s.data_path())})
    return rows
