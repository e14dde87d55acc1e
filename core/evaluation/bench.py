"""``hoplens bench``: the scaling curve — build time, peak memory, retrieval latency and prompt tokens per pipeline
at each scale — written as JSON under bench/results/ (one timestamped file per run plus latest.json).

Generation and the store build run as child processes (``generate_dataset`` / ``build_store``) so their peak
memory is measured exactly (``os.wait4`` rusage of that child). Queries run in this process over the scale's
public question suite, after a warm-up, so model loading is not counted as query latency.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.evaluation.metrics import mean, percentile

if TYPE_CHECKING:
    from core.config import Settings

SCALES = ("tiny", "demo", "full")
WARMUP_QUESTIONS = 3
# DESIGN.md § Performance budgets (embedded default, this 2-core machine). Checked, never asserted in unit tests.
BUDGETS: dict[str, dict[str, float]] = {
    "demo": {"build_s": 30, "graph_retrieval_p50_ms": 15, "graph_retrieval_p95_ms": 40, "offline_answer_p50_ms": 50},
    "full": {"build_s": 20 * 60, "build_peak_rss_mib": 6 * 1024, "graph_retrieval_p50_ms": 30,
             "graph_retrieval_p95_ms": 60, "basic_retrieval_p50_ms": 20, "open_s": 2.0},
}


def parse_scales(text: str) -> list[str]:
    scales = [s.strip() for s in text.split(",") if s.strip()]
    bad = [s for s in scales if s not in SCALES]
    if not scales or bad:
        raise ValueError(f"--scales takes a comma list of {', '.join(SCALES)}; got {text!r}")
    return list(dict.fromkeys(scales))


# Children run the Python APIs (core.dataset.generate / core.ingest.build) so only their own work is measured.
_GENERATE = "import sys; from core.dataset.generate import generate_dataset as g; g(sys.argv[1], int(sys.argv[2]), sys.argv[3], progress=False)"
_BUILD = "import sys; from core.ingest.build import build_store as b; b(sys.argv[1], sys.argv[2], progress=False)"


def _run_child(code: str, args: Sequence[str], what: str) -> dict[str, float]:
    """Run ``python -c CODE ARGS`` as a child; return wall seconds and the child's peak RSS (MiB)."""
    cmd = [sys.executable, "-c", code, *args]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err_tail: list[bytes] = []
    # Drain stderr so the child never blocks on a full pipe; keep the tail for the error message.
    for line in iter(proc.stderr.readline, b""):
        err_tail.append(line)
        del err_tail[:-20]
    _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage, not all children's
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        tail = b"".join(err_tail).decode("utf-8", "replace").strip().splitlines()[-3:]
        raise RuntimeError(f"{what} failed (exit {proc.returncode}): {' | '.join(tail)}")
    return {"seconds": round(wall, 3), "peak_rss_mib": round(usage.ru_maxrss / 1024, 1)}


def _query_pass(settings: Settings, store_path: Path, data_dir: Path, pipelines: Sequence[str],
                limit: int | None) -> dict[str, Any]:
    from core.dataset.questions import load_suite
    from core.evaluation.judges import StructuredJudge
    from core.llm.factory import make_embedder, make_generator
    from core.pipelines import build_pipelines
    from core.store import open_store

    t0 = time.perf_counter()
    # read-only open with its integrity check: the full check up to HOPLENS_STORE_FULL_CHECK_MB, the sampled one
    # above (docs/store.md § Integrity); content digests either way
    store = open_store(settings, store_path)
    open_s = time.perf_counter() - t0
    try:
        pipes = build_pipelines(settings=settings, store=store, generator=make_generator(settings),
                                embedder=make_embedder(settings), names=tuple(pipelines))
        questions = load_suite("public", data_dir)[:limit] if limit else load_suite("public", data_dir)
        for p in pipes.values():  # warm-up: model loading, index pages, caches
            for q in questions[:WARMUP_QUESTIONS]:
                p.answer(q.question)
        judge = StructuredJudge()
        out: dict[str, Any] = {}
        for name, p in pipes.items():
            retrieval, total, prompt, passes = [], [], [], []
            for q in questions:
                a = p.answer(q.question)
                retrieval.append(a.timings.retrieval_ms)
                total.append(a.timings.total_ms)
                prompt.append(a.usage.prompt_tokens)
                passes.append(1.0 if judge.judge(q, a.text).verdict == "PASS" else 0.0)
            out[name] = {
                "n": len(questions),
                "retrieval_p50_ms": percentile(retrieval, 50),
                "retrieval_p95_ms": percentile(retrieval, 95),
                "answer_p50_ms": percentile(total, 50),
                "answer_p95_ms": percentile(total, 95),
                "prompt_tokens_median": percentile(prompt, 50),
                "prompt_tokens_mean": mean(prompt),
                "structured_accuracy": mean(passes),
            }
        return {"open_s": round(open_s, 3), "pipelines": out, "store": store.stats()}
    finally:
        store.close()


def read_build_report(work_dir: Path, scale: str) -> dict[str, Any] | None:
    """A build made outside the bench (bench/full_build.sh): WORK/build-SCALE.json (``hoplens build --json``) and
    WORK/build-SCALE.time (``/usr/bin/time -v`` of it). Returns wall seconds, peak RSS and the build's own report."""
    js, tv = work_dir / f"build-{scale}.json", work_dir / f"build-{scale}.time"
    if not js.is_file() and not tv.is_file():
        return None
    out: dict[str, Any] = {"source": "external build (/usr/bin/time -v hoplens build)"}
    if tv.is_file():
        for line in tv.read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.strip().rpartition(": ")
            if key == "Maximum resident set size (kbytes)":
                out["peak_rss_mib"] = round(int(value) / 1024, 1)
            elif key.startswith("Elapsed (wall clock) time"):
                parts = [float(p) for p in value.split(":")]
                out["seconds"] = round(sum(p * 60 ** i for i, p in enumerate(reversed(parts))), 3)
            elif key == "Exit status":
                out["exit_status"] = int(value)
            elif key == "Percent of CPU this job got":
                out["cpu_percent"] = value
    if js.is_file():
        try:
            report = json.loads(js.read_text(encoding="utf-8"))
        except ValueError:
            report = None
        if isinstance(report, dict):
            out["report"] = {k: report.get(k) for k in ("documents", "chunks", "embedded", "cached", "embedder",
                                                        "boilerplate_sentences", "timings", "index", "load")}
    return out


def _budget_checks(scale: str, result: dict[str, Any]) -> dict[str, Any]:
    pipes = result.get("queries", {}).get("pipelines", {})
    graph, basic = pipes.get("graph", {}), pipes.get("basic", {})
    build = result.get("build") or result.get("build_report") or {}
    measured = {
        "build_s": build.get("seconds"),
        "build_peak_rss_mib": build.get("peak_rss_mib"),
        "graph_retrieval_p50_ms": graph.get("retrieval_p50_ms"),
        "graph_retrieval_p95_ms": graph.get("retrieval_p95_ms"),
        "basic_retrieval_p50_ms": basic.get("retrieval_p50_ms"),
        "open_s": result.get("queries", {}).get("open_s"),
        "offline_answer_p50_ms": graph.get("answer_p50_ms") if result.get("generator", "").startswith("offline")
        else None,
    }
    checks = {}
    for key, limit in BUDGETS.get(scale, {}).items():
        value = measured.get(key)
        checks[key] = {"limit": limit, "measured": value, "ok": None if value is None else value <= limit}
    return checks


def run_bench(
    scales: Sequence[str] = ("tiny", "demo"),
    out_dir: Path = Path("bench/results"),
    settings: Settings | None = None,
    work_dir: Path | None = None,
    pipelines: Sequence[str] | None = None,
    rebuild: bool = True,
    limit: int | None = None,
) -> dict[str, Any]:
    """Benchmark each scale; write OUT/bench-<timestamp>.json and OUT/latest.json; return the result."""
    from core.config import get_settings
    from core.pipelines import PIPELINES, validate_names

    settings = settings or get_settings()
    pipelines = validate_names(pipelines or PIPELINES)
    work_dir = Path(work_dir) if work_dir else settings.home / "bench"
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    started = datetime.now(UTC)
    result: dict[str, Any] = {
        "created_at": started.isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
                    "load_average_at_start": [round(x, 2) for x in os.getloadavg()]},
        "config": {"backend": settings.backend, "generator": settings.generator, "embedder": settings.embedder,
                   "offline_embedder_model": settings.offline_embedder_model, "context_budget": settings.context_budget,
                   "top_k": settings.top_k, "hops": settings.hops, "seed": settings.seed},
        "scales": {},
    }
    for scale in scales:
        data_dir, store_dir = work_dir / f"data-{scale}", work_dir / f"store-{scale}"
        entry: dict[str, Any] = {"generator": settings.generator}
        if not (data_dir / "manifest.json").exists():
            if data_dir.exists():
                shutil.rmtree(data_dir)  # a half-written dataset from an interrupted bench run
            entry["generate"] = _run_child(_GENERATE, [scale, str(settings.seed), str(data_dir)],
                                           f"generating the {scale} dataset")
        if rebuild and store_dir.exists():
            shutil.rmtree(store_dir)  # time a build from scratch, not an incremental no-op
        if rebuild or not store_dir.exists():
            entry["load_before_build"] = [round(x, 2) for x in os.getloadavg()]
            entry["build"] = _run_child(_BUILD, [str(data_dir), str(store_dir)], f"building the {scale} store")
        else:
            report = read_build_report(work_dir, scale)
            if report:
                entry["build_report"] = report
        entry["load_before_queries"] = [round(x, 2) for x in os.getloadavg()]
        entry["queries"] = _query_pass(settings, store_dir, data_dir, pipelines, limit)
        entry["manifest"] = json.loads((data_dir / "manifest.json").read_text(encoding="utf-8"))
        entry["budgets"] = _budget_checks(scale, entry)
        result["scales"][scale] = entry
    # Latency on a shared machine depends on its load: record it next to the numbers.
    result["machine"]["load_average_1_5_15"] = [round(x, 2) for x in os.getloadavg()]
    result["query_process_peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    stamp = started.strftime("%Y%m%dT%H%M%SZ")
    for name in (f"bench-{stamp}.json", "latest.json"):
        tmp = out_dir / (name + ".tmp")
        tmp.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, out_dir / name)
    result["written"] = [str(out_dir / f"bench-{stamp}.json"), str(out_dir / "latest.json")]
    return result


def format_bench(result: dict[str, Any]) -> str:
    lines = [f"load average {result.get('machine', {}).get('load_average_1_5_15', '?')} on "
             f"{result.get('machine', {}).get('cpus', '?')} CPUs"]
    for scale, e in result["scales"].items():
        b = e.get("build") or {}
        b = b or e.get("build_report") or {}
        lines.append(f"[{scale}] build {b.get('seconds', '-')} s, peak {b.get('peak_rss_mib', '-')} MiB; "
                     f"{e['queries']['store'].get('chunks', '?')} chunks; open + integrity check "
                     f"{e['queries'].get('open_s', '-')} s; load before queries {e.get('load_before_queries', '?')}")
        for name, p in e["queries"]["pipelines"].items():
            lines.append(f"  {name:<11} retrieval p50 {p['retrieval_p50_ms']} ms p95 {p['retrieval_p95_ms']} ms · "
                         f"answer p50 {p['answer_p50_ms']} ms · tokens p50 {p['prompt_tokens_median']} · "
                         f"accuracy {p['structured_accuracy']}")
        for key, c in e["budgets"].items():
            mark = "ok" if c["ok"] else ("n/a" if c["ok"] is None else "OVER")
            lines.append(f"  budget {key}: {c['measured']} (limit {c['limit']}) {mark}")
    return "\n".join(lines)
