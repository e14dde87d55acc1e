"""Benchmark runs tied to the knowledge base they were computed on, and evaluations as background jobs.

A chart must never show a result that was not computed on the loaded store. Every run the app starts writes
``app-store.json`` into its results folder: which store (its folder name and resolved path) and a fingerprint of its
content (backend, counts, embedder, index generation — any rebuild, ingest or restore changes it). The Benchmark
page lists and opens only runs whose recorded fingerprint is this store's. Runs written by ``hoplens eval`` carry
no such record and are not shown as this store's.

Evaluations run through ``ui.jobs`` (one per server) and call ``core.evaluation.runner.run_eval``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from core.config import Settings
from ui import guard, jobs, resources

STORE_RECORD = "app-store.json"
DEFAULT_SUITE = "public"


def store_identity(s: Settings, store: Any) -> dict[str, Any]:
    """Who this store is: its name, where it is, and a fingerprint of what is in it (``StoreReader.stats``)."""
    stats = store.stats()
    content = {k: stats.get(k) for k in ("backend", "entities", "edges", "documents", "chunks", "tokens", "vectors",
                                         "embedder", "dim", "build_state", "index_generation")}
    where = str(Path(s.store_path()).expanduser().resolve()) if s.backend == "embedded" else s.tg_graph
    digest = hashlib.sha256(json.dumps({"where": where, **content}, sort_keys=True, default=str).encode())
    return {"name": Path(where).name, "where": where, "fingerprint": digest.hexdigest()[:16],
            "documents": stats.get("documents"), "backend": stats.get("backend"), "embedder": stats.get("embedder")}


def recorded_store(folder: Path) -> dict[str, Any] | None:
    try:
        return json.loads((Path(folder) / STORE_RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def computed_on(folder: Path, identity: dict[str, Any]) -> bool:
    record = recorded_store(folder)
    return bool(record) and record.get("fingerprint") == identity["fingerprint"]


def runs_for_store(home: Path, identity: dict[str, Any]) -> list[Path]:
    """Finished runs under ``<home>/eval`` computed on this store, newest first."""
    root = Path(home) / "eval"
    if not root.is_dir():
        return []
    runs = [p for p in root.iterdir() if (p / "summary.json").exists() and computed_on(p, identity)]
    return sorted(runs, key=lambda p: (p / "summary.json").stat().st_mtime, reverse=True)


def out_dir(s: Settings, identity: dict[str, Any], suite: str, names: list[str], limit: int | None) -> Path:
    """One results folder per (store content, suite, pipelines, limit): a rerun resumes, stores never mix."""
    tail = hashlib.sha1(json.dumps([sorted(names), limit]).encode()).hexdigest()[:6]
    return Path(s.home) / "eval" / f"app-{suite}-{identity['name']}-{identity['fingerprint'][:8]}-{tail}"


def eval_job(identity: dict[str, Any]) -> jobs.Job | None:
    """The newest evaluation job of this store (running or finished)."""
    mine = [j for j in jobs.registry().all()
            if j.kind == "eval" and f"-{identity['fingerprint'][:8]}-" in Path(j.target).name]
    return mine[-1] if mine else None


def start_eval(s: Settings, identity: dict[str, Any], suite: str = DEFAULT_SUITE, names: list[str] | None = None,
               limit: int | None = None) -> jobs.Job:
    """Run ``suite`` through ``names`` on the loaded store in the background (one evaluation per server).

    Refused in demo mode unless this session unlocked admin actions. The pipelines are the app's cached ones, so
    the run measures exactly what Ask and Compare answer with.
    """
    guard.require_write(s, "running an evaluation")
    from core.evaluation.runner import RunConflict, run_eval
    from core.pipelines import PIPELINES

    names = list(names or PIPELINES)
    if not names:
        raise ValueError("Choose at least one pipeline.")
    pipes = resources.get_pipelines(s)
    missing = [n for n in names if n not in pipes]
    if missing:
        raise ValueError(f"pipeline(s) {', '.join(missing)} are not available here")
    folder = out_dir(s, identity, suite, names, limit)
    settings = s.model_copy()

    def work(progress: jobs.Progress) -> dict[str, Any]:
        from core.viz import pipeline_label

        folder.mkdir(parents=True, exist_ok=True)
        (folder / STORE_RECORD).write_text(json.dumps({**identity, "suite": suite}, sort_keys=True), encoding="utf-8")

        def on_row(done: int, total: int, row: dict[str, Any]) -> None:
            progress(done / total if total else 1.0, f"{done}/{total} · {row.get('question_id')} · "
                     f"{pipeline_label(row.get('pipeline', ''))} · {row.get('verdict')}")

        kwargs = {"store_path": settings.store_path(), "data_dir": settings.data_path(), "out_dir": folder,
                  "settings": settings, "limit": limit, "progress": on_row, "show_progress": False,
                  "pipeline_objects": {n: pipes[n] for n in names},
                  # The run records (and keys its answer cache by) the embedder the store was built with.
                  "embedder": SimpleNamespace(name=identity.get("embedder") or "unknown")}
        try:
            summary = run_eval(suite, names, **kwargs)
        except RunConflict:  # our own folder holds a run of older code or settings: start it afresh
            summary = run_eval(suite, names, overwrite=True, **kwargs)
        return {"folder": str(folder), "n": summary.get("config", {}).get("n_questions")}

    from ui.build import target
    from ui.widgets import user_message

    return jobs.registry().start("eval", str(folder), f"Evaluating the {suite} suite on {identity['name']}", work,
                                 on_error=user_message,
                                 reads=target(s.store_path()) if s.backend == "embedded" else None)
