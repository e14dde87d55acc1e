"""Cached resources shared by every session (store, pipelines, suites) and the settings a session uses.

One store handle per (backend, store path, settings) is shared by every session of the server process, and
``st.cache_resource`` keeps one set of pipelines per handle, so opening the store and loading the embedding model
happen once, not on every rerun. A rebuild, restore or ingest never closes a handle another session may be reading:
readers stay on the old state (a pinned snapshot) until the new one is complete, then move to it.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import threading
import time
from dataclasses import dataclass
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


MAX_STORES = 4  # store handles kept open at once (one per store/settings in use)
RETIRED_CLOSE_AFTER_S = 300.0  # a replaced handle stays open this long: requests that took it before finish on it


@dataclass
class _Handle:
    store: Any
    generation: int
    stale: bool = False  # release_store on a server backend: open a fresh handle at the next request


_LOCK = threading.Lock()
_HANDLES: dict[str, _Handle] = {}  # settings key -> the handle new requests get
_RETIRED: list[tuple[float, Any]] = []  # (when replaced, handle): closed once no request can still be using it
_GENERATION = itertools.count(1)


def _retire(key: str, now: float) -> None:
    """(under _LOCK) Stop handing out ``key``'s handle; close it later, never under a request that is reading it."""
    held = _HANDLES.pop(key, None)
    if held is not None:
        _RETIRED.append((now, held.store))
        _pipelines.clear()  # pipelines over the old handle: new requests build them over the new one
        load_suite_cached.clear()


def _close_retired(now: float, grace: float) -> None:
    """(under _LOCK) Close handles replaced more than ``grace`` seconds ago."""
    keep = []
    for since, store in _RETIRED:
        if now - since >= grace:
            with contextlib.suppress(Exception):
                store.close()
        else:
            keep.append((since, store))
    _RETIRED[:] = keep


def _fresh(s: Settings, held: _Handle | None) -> Any:
    """(under _LOCK) The handle a new request should read: ``held`` unless the store holds a newer complete state (a
    build, ingest or restore committed since; on TigerGraph, ``release_store`` asked for a fresh open). A read-only
    embedded store is a pinned snapshot, so an old handle keeps giving the old state, whole, to whoever holds it;
    a new state that does not open cleanly yet (mid-write) or at all (damaged) leaves readers on the old one."""
    from core.store import open_store

    if held is None:
        return open_store(s, s.store_path())
    if s.backend != "embedded":
        return open_store(s, s.store_path()) if held.stale else held.store
    from core.store.embedded import reopen_if_outdated

    return reopen_if_outdated(held.store)  # it sees every committed write (and a swapped folder) by itself


def get_store(s: Settings | None = None):
    """The shared store handle for ``s`` (raises StoreError/FileNotFoundError with a message the page shows).

    While a build or restore writes the store, requests keep reading the handle opened before it (the old state,
    whole: a pinned snapshot); with none open yet, they are told to wait. After the write, the next request opens
    the new state; the old handle is closed only ``RETIRED_CLOSE_AFTER_S`` later (never under a reader)."""
    return _current(s or settings())[0]


def _current(s: Settings) -> tuple[Any, int]:
    """(``get_store``'s handle, its generation: a new handle, a new generation)."""
    from ui import build  # (ui.build imports this module)

    key = settings_key(s)
    writer = build.writer_of(s)
    with _LOCK:
        now = time.monotonic()
        _close_retired(now, max(RETIRED_CLOSE_AFTER_S, 2 * float(s.answer_timeout_s)))
        held = _HANDLES.get(key)
        if writer is not None:
            if held is not None:  # never open files a build or restore is replacing; the old state is whole
                return held.store, held.generation
            raise ValueError(f"{writer.label} is running ({writer.snapshot()['fraction']:.0%}); the knowledge base "
                             "is usable when it finishes")
        if not store_present(s):
            _retire(key, now)
            raise FileNotFoundError(
                f"no knowledge base at {s.store_path()}: open the Overview to build the {s.scale} one, choose a scale "
                "on the Data page, or run `hoplens build`"
            )
        store = _fresh(s, held)
        if held is not None and store is held.store:
            held.stale = False
            return store, held.generation
        _retire(key, now)
        fresh = _HANDLES[key] = _Handle(store, next(_GENERATION))
        while len(_HANDLES) > MAX_STORES:
            _retire(next(iter(_HANDLES)), now)
        return store, fresh.generation


@st.cache_resource(show_spinner="Loading the embedding model and pipelines…", max_entries=4)
def _pipelines(key: str, generation: int, _s: Settings, _store: Any):
    from core.pipelines import KNOWN_PIPELINES, build_pipelines

    return build_pipelines(_s, store=_store, names=KNOWN_PIPELINES)


def get_pipelines(s: Settings | None = None) -> dict[str, Any]:
    """llm / basic / graph / routed pipelines over the shared store handle (raises LLMError/ValueError on a bad
    provider setup); a new handle (a new state of the store) gets new pipelines."""
    s = s or settings()
    store, generation = _current(s)
    return _pipelines(settings_key(s), generation, s, store)


def release_store(s: Settings | None = None) -> None:
    """Before a rebuild, restore or ingest replaces the store: new requests open the new state once it is complete.

    Nothing is closed here: other sessions may be in the middle of a request on the current handle (a pinned
    snapshot, unaffected by the write); it is retired when the new state is opened and closed after a grace period.
    """
    s = s or settings()
    with _LOCK:
        held = _HANDLES.get(settings_key(s))
        if held is not None:
            held.stale = True
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
