"""Generate + build a knowledge base from the app, with visible progress (first start and the Data page)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import streamlit as st

from core.config import Settings
from ui import resources, widgets

# One build at a time per server: two sessions opening a fresh app must not write the same store at once (the
# second waits, then finds everything built and finishes in seconds).
_BUILD_LOCK = threading.Lock()


class StageProgress:
    """Turns ``on_progress(done, total, stage)`` callbacks into one st.progress bar (throttled: a websocket message
    per document would slow the build down)."""

    def __init__(self, bar: Any, start: float = 0.0, span: float = 1.0):
        self.bar, self.start, self.span = bar, start, span
        self._last = 0.0

    def __call__(self, done: int, total: int, stage: str = "") -> None:
        now = time.monotonic()
        if now - self._last < 0.25 and done < total:
            return
        self._last = now
        share = min(1.0, max(0.0, done / total)) if total else 0.0
        self.bar.progress(self.start + self.span * share,
                          text=f"{stage or 'working'} · {done:,}/{total:,}" if total > 1 else f"{stage or 'working'}…")


def build_available() -> str | None:
    """None when generate + build can run here, else what is missing."""
    for name in ("core.ingest.build", "core.dataset.generate"):
        if not resources.module_available(name):
            return f"`{name}` is not available in this installation yet"
    return None


def generate_and_build(s: Settings, scale: str, data_dir: Path, store_dir: Path, seed: int,
                       force: bool = False, only_if_missing: bool = False) -> dict[str, Any]:
    """Generate the dataset (when ``data_dir`` has none, or ``force``), then build or update ``store_dir``.

    The build is incremental and resumable: an interrupted build continues where it stopped on the next run.
    ``only_if_missing`` (first start): if another session built the store while this one waited, use it as is.
    """
    started = time.monotonic()
    bar = st.progress(0.0, text="Preparing…")
    if not _BUILD_LOCK.acquire(blocking=False):
        bar.progress(0.0, text="Another session is building; waiting for it to finish…")
        _BUILD_LOCK.acquire()
    try:
        if only_if_missing and resources.store_present(s.model_copy(update={"store": store_dir})):
            bar.progress(1.0, text="Built by another session")
            return {"data": str(data_dir), "store": str(store_dir), "seconds": 0.0, "report": None}
        return _generate_and_build(s, scale, data_dir, store_dir, seed, force, bar, started)
    finally:
        _BUILD_LOCK.release()


def _generate_and_build(s: Settings, scale: str, data_dir: Path, store_dir: Path, seed: int, force: bool, bar: Any,
                        started: float) -> dict[str, Any]:
    from core.dataset.generate import generate_dataset
    from core.ingest.build import build_store

    if force:
        bar.progress(0.0, text=f"Generating the {scale} CRM dataset…")
        generate_dataset(scale, seed, data_dir, force=True, progress=False)
    built = s.model_copy(update={"store": store_dir, "data": data_dir, "scale": scale, "seed": seed})
    resources.release_store(s)
    bar.progress(0.02, text="Generating the dataset if missing, loading the embedding model…")
    report = build_store(data_dir, store_dir, settings=built, progress=False, on_progress=StageProgress(bar, 0.02, 0.98))
    bar.progress(1.0, text=f"Done in {time.monotonic() - started:.0f} s")
    return {"data": str(data_dir), "store": str(store_dir), "seconds": round(time.monotonic() - started, 1),
            "report": report}


def first_start(s: Settings) -> None:
    """No store yet: build the configured-scale knowledge base with a visible progress bar, then continue."""
    missing = build_available()
    if missing:
        st.warning(f"No knowledge base at `{s.store_path()}` and the app cannot build one: {missing}. "
                   "Build one with `hoplens build` and reload.")
        return
    st.info(f"First start: building the **{s.scale}** knowledge base at `{s.store_path()}` "
            "(generated CRM data, chunks, embeddings, indexes). This happens once.")
    with widgets.guarded("Building the knowledge base"):
        with st.status(f"Building the {s.scale} knowledge base…", expanded=True) as status:
            info = generate_and_build(s, s.scale, s.data_path(), s.store_path(), s.seed, only_if_missing=True)
            status.update(label=f"Knowledge base ready ({info['seconds']} s)", state="complete", expanded=False)
        st.rerun()
