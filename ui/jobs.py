"""Long work owned by the server, not by a browser session: builds, restores and evaluations.

A Streamlit page's script stops when its session navigates away, reloads or closes the tab, so anything that takes
longer than a click runs here instead: in a daemon thread of the server process, registered in one process-wide
``JobRegistry`` (thread-safe; every session of every visitor sees the same jobs). Pages only *read* a job's
progress (``Job.snapshot()``) and redraw it; none of them holds the work.

Builds also leave a small marker file under ``<home>/jobs/`` while they run; if the server is killed mid-build the
marker survives, and the next start resumes the build (``resume_interrupted``; the build itself is incremental and
resumable, see ``core.ingest.build``). Nothing in this module imports streamlit, so it can be used and tested
without a script run.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("hoplens.app.jobs")

# Finished jobs are kept this long so a page opened later can still say "built in 41 s" or why it failed.
KEEP_FINISHED_S = 3600.0
MARKER_DIR = "jobs"

Progress = Callable[[float, str], None]


class JobRefused(ValueError):
    """A job could not start (another one holds the same target, or only one of its kind may run)."""


@dataclass
class Job:
    """One unit of server-side work. Mutated only by its worker thread, under ``_lock``; read via ``snapshot``."""

    id: str
    kind: str  # build | restore | eval
    target: str  # what it writes: a store path, or an evaluation folder
    label: str  # shown to users ("Building the tiny knowledge base"); never holds a server path
    reads: str | None = None  # a target it reads (an evaluation reads a store): no job may write that meanwhile
    started: float = field(default_factory=time.time)
    finished: float | None = None
    fraction: float = 0.0
    stage: str = "starting…"
    status: str = "running"  # running | done | failed
    message: str = ""  # a failure, in words a visitor may see
    result: Any = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def progress(self, fraction: float, stage: str) -> None:
        with self._lock:
            self.fraction = min(1.0, max(0.0, float(fraction)))
            self.stage = stage

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {"id": self.id, "kind": self.kind, "target": self.target, "label": self.label,
                    "started": self.started, "finished": self.finished, "fraction": self.fraction,
                    "stage": self.stage, "status": self.status, "message": self.message,
                    "elapsed_s": round((self.finished or time.time()) - self.started, 1)}

    @property
    def running(self) -> bool:
        with self._lock:
            return self.status == "running"

    def _finish(self, status: str, message: str = "", result: Any = None) -> None:
        with self._lock:
            self.status, self.message, self.result = status, message, result
            self.finished = time.time()
            if status == "done":
                self.fraction, self.stage = 1.0, "done"


def _job_id(kind: str, target: str) -> str:
    return f"{kind}-{hashlib.sha1(target.encode()).hexdigest()[:10]}-{int(time.time() * 1000) % 10**8}"


class JobRegistry:
    """Every job of this server process. ``start`` refuses a second writer of the same target, and a second job of
    a kind listed in ``one_per_server`` (evaluations: they would keep both cores busy for everyone)."""

    one_per_server = frozenset({"eval"})

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}

    def start(self, kind: str, target: str, label: str, work: Callable[[Progress], Any],
              marker: Path | None = None, marker_data: dict[str, Any] | None = None,
              on_error: Callable[[BaseException], str] | None = None, reads: str | None = None) -> Job:
        """Run ``work(progress)`` in a daemon thread; returns the job at once.

        ``marker`` (builds): a JSON file written before the work starts and removed when it ends (either way, unless
        the process dies), so an interrupted build can be found and resumed on the next start.
        ``on_error`` turns an exception into the message the job shows (default: its type and text).
        """
        with self._lock:
            self._forget_old()
            for job in self._jobs.values():
                if not job.running:
                    continue
                if job.target == target or (reads is not None and job.target == reads):
                    raise JobRefused(f"{job.label} is already running ({job.fraction:.0%}); wait for it to finish")
                if job.reads is not None and job.reads == target:
                    raise JobRefused(f"{job.label} is reading this knowledge base ({job.fraction:.0%}); wait for it "
                                     "to finish")
                if kind in self.one_per_server and job.kind == kind:
                    raise JobRefused(f"another {kind} is running on this server ({job.label}, {job.fraction:.0%}); "
                                     "one at a time — try again when it has finished")
            job = Job(id=_job_id(kind, target), kind=kind, target=target, label=label, reads=reads)
            self._jobs[job.id] = job
        if marker is not None:
            write_marker(marker, {**(marker_data or {}), "kind": kind, "target": target, "label": label,
                                  "pid": os.getpid()})

        def run() -> None:
            try:
                result = work(job.progress)
            except BaseException as exc:  # noqa: BLE001 - a worker must never die silently
                log.warning("%s failed:\n%s", job.label, "".join(traceback.format_exception(exc)))
                job._finish("failed", on_error(exc) if on_error else f"{type(exc).__name__}: {exc}")
            else:
                job._finish("done", result=result)
            finally:
                if marker is not None:
                    marker.unlink(missing_ok=True)

        threading.Thread(target=run, name=f"hoplens-{job.id}", daemon=True).start()
        return job

    def check_free(self, target: str) -> None:
        """Raise JobRefused when a running job writes or reads ``target`` (before a writer starts)."""
        with self._lock:
            for job in self._jobs.values():
                if job.running and target in (job.target, job.reads):
                    raise JobRefused(f"{job.label} is running ({job.fraction:.0%}); wait for it to finish")

    def running(self, target: str | None = None, kind: str | None = None) -> list[Job]:
        with self._lock:
            return [j for j in self._jobs.values() if j.running and (target is None or j.target == target)
                    and (kind is None or j.kind == kind)]

    def latest(self, target: str | None = None, kind: str | None = None) -> Job | None:
        """The newest job (running or finished) for ``target`` and/or ``kind``."""
        with self._lock:
            jobs = [j for j in self._jobs.values() if (target is None or j.target == target)
                    and (kind is None or j.kind == kind)]
        return max(jobs, key=lambda j: j.started) if jobs else None

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def all(self) -> list[Job]:
        with self._lock:
            return sorted(self._jobs.values(), key=lambda j: j.started)

    def wait(self, job: Job, timeout: float = 300.0) -> dict[str, Any]:
        """Block until ``job`` ends (tests, and the load check); returns its snapshot."""
        deadline = time.monotonic() + timeout
        while job.running:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{job.label} still running after {timeout:.0f} s")
            time.sleep(0.05)
        return job.snapshot()

    def _forget_old(self) -> None:
        now = time.time()
        for key in [k for k, j in self._jobs.items() if j.finished and now - j.finished > KEEP_FINISHED_S]:
            del self._jobs[key]


def write_marker(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


def marker_path(home: Path, target: str) -> Path:
    """Where the marker of a build writing ``target`` lives."""
    return Path(home) / MARKER_DIR / f"build-{hashlib.sha1(target.encode()).hexdigest()[:16]}.json"


def interrupted_builds(home: Path) -> list[dict[str, Any]]:
    """Markers left by builds the server did not see finish (it was killed), oldest first."""
    folder = Path(home) / MARKER_DIR
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("build-*.json"), key=lambda p: p.stat().st_mtime):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            path.unlink(missing_ok=True)  # a marker cut short: nothing to resume from it
            continue
        if _alive(data.get("pid")):
            continue  # another server process (sharing this home) is running that build right now
        out.append({**data, "marker": str(path)})
    return out


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid == os.getpid() or pid <= 0:
        return False  # our own markers are known to the registry; a marker without a pid is from a dead build
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


_REGISTRY = JobRegistry()


def registry() -> JobRegistry:
    """The process-wide registry (module state survives every session's reruns; one server, one registry)."""
    return _REGISTRY
