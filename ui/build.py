"""Generate + build a knowledge base, and restore snapshots, as server-owned background jobs (``ui.jobs``).

A build started here survives the session that started it: navigation, reloads, a closed tab, a second visitor.
Every page reads its progress from the job registry (``ui.frame``). While a build or restore writes a store, pages
that read that store show the progress instead and become usable when it ends. A build leaves a marker under
``<home>/jobs/`` while it runs, so a build interrupted by a killed server resumes on the next start.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from core.config import Settings
from ui import guard, jobs, resources


def build_available() -> str | None:
    """None when generate + build can run here, else what is missing."""
    for name in ("core.ingest.build", "core.dataset.generate"):
        if not resources.module_available(name):
            return f"`{name}` is not available in this installation yet"
    return None


def target(path: Path) -> str:
    """The registry key of a store: its resolved path (two spellings of one folder are one target)."""
    return str(Path(path).expanduser().resolve())


def writer_of(s: Settings) -> jobs.Job | None:
    """The running build or restore that is writing this session's store, if any."""
    if s.backend != "embedded":
        return None
    running = jobs.registry().running(target(s.store_path()))
    return running[0] if running else None


def _error_message(exc: BaseException) -> str:
    from ui.widgets import user_message

    return user_message(exc)


def _build_work(s: Settings, scale: str, data_dir: Path, store_dir: Path, seed: int, force: bool,
                only_if_missing: bool, marker: Path):
    def work(progress: jobs.Progress) -> dict[str, Any]:
        from core.dataset.generate import generate_dataset
        from core.ingest.build import build_store

        started = time.monotonic()
        built = s.model_copy(update={"store": store_dir, "data": data_dir, "scale": scale, "seed": seed})
        if only_if_missing and resources.store_present(built):
            progress(1.0, "already built")
            return {"seconds": 0.0, "report": None}
        if force:
            progress(0.0, f"generating the {scale} CRM dataset")
            generate_dataset(scale, seed, data_dir, force=True, progress=False)
            jobs.write_marker(marker, {"scale": scale, "data": str(data_dir), "store": str(store_dir),
                                        "seed": seed, "force": False, "kind": "build",
                                        "target": target(store_dir), "label": f"Building the {scale} knowledge base",
                                        "pid": os.getpid()})
        progress(0.02, "generating the dataset if missing, loading the embedding model")
        last = [0.0]

        def on_progress(done: int, total: int, stage: str = "") -> None:
            now = time.monotonic()
            if now - last[0] < 0.2 and done < total:
                return
            last[0] = now
            share = min(1.0, done / total) if total else 0.0
            progress(0.02 + 0.98 * share, f"{stage or 'working'} · {done:,}/{total:,}" if total > 1
                     else f"{stage or 'working'}")

        report = build_store(data_dir, store_dir, settings=built, progress=False, on_progress=on_progress)
        return {"seconds": round(time.monotonic() - started, 1), "report": report}

    return work


def _start_build(s: Settings, scale: str, data_dir: Path, store_dir: Path, seed: int, force: bool = False,
                 only_if_missing: bool = False) -> jobs.Job:
    key = target(store_dir)
    marker = jobs.marker_path(s.home, key)
    jobs.registry().check_free(key)  # refuse before closing the store other visitors (or an evaluation) read
    resources.release_store(s.model_copy(update={"store": store_dir}))  # readers move to the new state when it is done
    return jobs.registry().start(
        "build", key, f"Building the {scale} knowledge base",
        _build_work(s, scale, Path(data_dir), Path(store_dir), int(seed), force, only_if_missing, marker),
        marker=marker,
        marker_data={"scale": scale, "data": str(data_dir), "store": str(store_dir), "seed": int(seed),
                     "force": bool(force)},
        on_error=_error_message,
    )


def start_build(s: Settings, scale: str, data_dir: Path, store_dir: Path, seed: int, force: bool = False) -> jobs.Job:
    """Data page: generate (``force``: even if the folder has a dataset) and build ``store_dir`` in the background.

    Refused in demo mode unless this session unlocked admin actions; refused while another job writes that store.
    """
    guard.require_write(s, "building a knowledge base")
    missing = build_available()
    if missing:
        raise ValueError(f"building is not available: {missing}")
    return _start_build(s, scale, data_dir, store_dir, seed, force=force)


def ensure_first_start(s: Settings) -> jobs.Job | None:
    """No store yet (first start): start building the configured one, once per server. A visitor cannot cause a
    rebuild through this (it only runs when there is no store), so it runs in demo mode too.

    Returns the job (running or just finished), or None when building is not possible here. A failed first build is
    not retried on every rerun: the page shows why, and the Data page can start another.
    """
    if s.backend != "embedded" or build_available() is not None:
        return None
    key = target(s.store_path())
    latest = jobs.registry().latest(key, kind="build")
    if latest is not None and (latest.running or latest.snapshot()["status"] == "failed"):
        return latest
    try:
        return _start_build(s, s.scale, s.data_path(), s.store_path(), s.seed, only_if_missing=True)
    except jobs.JobRefused:  # another session started it between our check and now
        return jobs.registry().latest(key, kind="build")


def resume_interrupted(s: Settings) -> list[jobs.Job]:
    """Restart every build the server did not see finish (killed mid-build); the build resumes where it stopped."""
    started = []
    for marker in jobs.interrupted_builds(s.home):
        key = marker.get("target") or ""
        if not key or jobs.registry().running(key):
            continue
        try:
            started.append(_start_build(s, marker["scale"], Path(marker["data"]), Path(marker["store"]),
                                        int(marker.get("seed", s.seed)), force=bool(marker.get("force"))))
        except (jobs.JobRefused, KeyError, ValueError):
            continue
    return started


def start_restore(s: Settings, snapshot: Path) -> jobs.Job:
    """Data page: replace the store with a verified snapshot, in the background (the replaced store is kept)."""
    guard.require_write(s, "restoring a snapshot")
    from ui import data_ops

    store_dir = s.store_path()
    jobs.registry().check_free(target(store_dir))
    resources.release_store(s)

    def work(progress: jobs.Progress) -> dict[str, Any]:
        progress(0.1, "verifying checksums and restoring")
        return data_ops.restore_unchecked(s, Path(snapshot))

    return jobs.registry().start("restore", target(store_dir), f"Restoring snapshot {Path(snapshot).name}", work,
                                 on_error=_error_message)
