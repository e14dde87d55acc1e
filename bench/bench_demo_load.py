"""Load check of the read-only demo: N visitors asking at their per-minute limit while another tries to rebuild.

    python bench/bench_demo_load.py --store STORE --data DATA [--sessions 5] [--per-minute 12] [--contrast]

What runs is the server side of the pages, in one process as in the app: each visitor is a thread with its own
session id and session state (``ui.guard`` reads them per thread here; in the app Streamlit provides them), and
asks the way Ask does — ``ui.limits.take_question`` then ``ui.limits.answer`` over the app's GraphRAG pipeline.
Each visitor asks ``--per-minute`` distinct public-suite questions back to back (the most the limit allows), then
one more, which must be refused. Scenarios (each with its own answer-cache key, so nothing is served from cache):

- ``alone``: one visitor;
- ``sessions``: ``--sessions`` visitors at once;
- ``sessions+rebuild``: the same while a sixth visitor keeps trying to rebuild the store, restore, snapshot and
  start an evaluation (every call must be refused by the demo guard);
- ``sessions+real-build`` (``--contrast``): the same visitors while a build really runs in the process (a fresh
  store in a temporary folder, what an unguarded rebuild would cost everyone).

Writes bench/results/demo-load-<time>.json with p50/p95 answer latency per scenario, refusals, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.config import Settings  # noqa: E402
from ui import bench, build, data_ops, guard, limits  # noqa: E402

_local = threading.local()


def _visitor_hooks() -> None:
    """Each thread is one visitor: its own session id and session state (what Streamlit gives each tab)."""
    guard.session_id = lambda: getattr(_local, "sid", None)  # type: ignore[assignment]
    guard._session_state = lambda: getattr(_local, "state", None)  # type: ignore[assignment]


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))], 2)


def _ask_at_limit(s: Settings, pipe, questions: list[str], sid: str, key: str, out: dict) -> None:
    _local.sid, _local.state = sid, {}
    lat, refused, errors = [], 0, []
    for q in [*questions, questions[0] + " (one more)"]:
        t0 = time.perf_counter()
        try:
            limits.take_question(s)
            limits.answer(s, pipe, "graph", q, key)
            lat.append((time.perf_counter() - t0) * 1000)
        except limits.LimitReached as exc:
            refused += 1
            out.setdefault("refusal_ms", []).append((time.perf_counter() - t0) * 1000)
            out.setdefault("refusal_message", str(exc))
        except Exception as exc:  # noqa: BLE001 - recorded, not hidden
            errors.append(f"{type(exc).__name__}: {exc}")
    out.setdefault("latency_ms", []).extend(lat)
    out["limit_refusals"] = out.get("limit_refusals", 0) + refused
    out.setdefault("errors", []).extend(errors)


def _rebuilder(s: Settings, stop: threading.Event, tmp: Path, out: dict) -> None:
    _local.sid, _local.state = "visitor-rebuild", {}
    attempts = {
        "rebuild": lambda: build.start_build(s, s.scale, s.data_path(), s.store_path(), s.seed, force=True),
        "restore": lambda: build.start_restore(s, tmp / "snapshot"),
        "snapshot": lambda: data_ops.create_snapshot(s),
        "evaluation": lambda: bench.start_eval(s, {"name": "x", "fingerprint": "0" * 16}),
    }
    refused = accepted = 0
    while not stop.is_set():
        for call in attempts.values():
            try:
                call()
                accepted += 1
            except guard.ReadOnly:
                refused += 1
        stop.wait(0.2)
    out["write_attempts_refused"], out["write_attempts_accepted"] = refused, accepted


def _scenario(name: str, s: Settings, pipe, per_visitor: list[list[str]], rounds: int, extra=None,
              warmup_s: float = 0.5) -> dict:
    """``rounds`` times: every visitor asks at the limit at once (fresh session ids and cache keys each round)."""
    out: dict = {"scenario": name}
    stop = threading.Event()
    side = None
    if extra is not None:
        side = threading.Thread(target=extra, args=(stop, out))
        side.start()
        time.sleep(warmup_s)  # let the side load get going first
    t0 = time.perf_counter()
    for r in range(rounds):
        threads = [threading.Thread(target=_ask_at_limit,
                                    args=(s, pipe, qs, f"{name}-{r}-visitor-{i}", f"{name}-{r}", out))
                   for i, qs in enumerate(per_visitor)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    out["wall_s"] = round(time.perf_counter() - t0, 2)
    out["side_load_running_at_end"] = bool(side is not None and side.is_alive())
    stop.set()
    if side is not None:
        side.join()
    lat = out.pop("latency_ms", [])
    refusals = out.pop("refusal_ms", [])
    out.update({"visitors": len(per_visitor), "rounds": rounds, "answers": len(lat), "p50_ms": _pct(lat, 50),
                "p95_ms": _pct(lat, 95), "mean_ms": round(statistics.mean(lat), 2) if lat else None,
                "refusal_p95_ms": _pct(refusals, 95), "loadavg_after": os.getloadavg()[0]})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--sessions", type=int, default=5)
    ap.add_argument("--per-minute", type=int, default=12, help="the demo's questions per minute per visitor")
    ap.add_argument("--rounds", type=int, default=3, help="times every visitor asks at the limit, per scenario")
    ap.add_argument("--contrast", action="store_true", help="also measure the visitors during a real build")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    args = ap.parse_args(argv)

    from core.dataset.questions import load_suite
    from core.pipelines import build_pipelines
    from core.store import open_store

    _visitor_hooks()
    tmp = Path(tempfile.mkdtemp(prefix="hoplens-demo-load-"))
    s = Settings(home=tmp, store=args.store, data=args.data, demo=True, demo_questions_per_minute=args.per_minute,
                 admin_token="not-entered-by-anyone")
    load_before = os.getloadavg()
    store = open_store(s, s.store_path())
    pipe = build_pipelines(s, store=store, names=("graph",))["graph"]
    texts = [q.question for q in load_suite("public", args.data)]
    need = args.per_minute * (args.sessions + 1)
    texts = (texts * (need // len(texts) + 1))[:need]
    pipe.answer(texts[0])  # warm: the embedding model and the indexes are loaded once, as in the app
    alone = [texts[: args.per_minute]]
    many = [texts[(i + 1) * args.per_minute:(i + 2) * args.per_minute] for i in range(args.sessions)]

    results = [_scenario("alone", s, pipe, alone, args.rounds),
               _scenario("sessions", s, pipe, many, args.rounds),
               _scenario("sessions+rebuild", s, pipe, many, args.rounds,
                         lambda stop, out: _rebuilder(s, stop, tmp, out))]
    if args.contrast:
        from core.ingest.build import build_store

        def real_build(stop: threading.Event, out: dict) -> None:
            t0 = time.perf_counter()
            build_store(args.data, tmp / "rebuilt-store", s.model_copy(update={"demo": False}), progress=False)
            out["real_build_s"] = round(time.perf_counter() - t0, 1)

        # The visitors start once the build is embedding (its costly part), as when someone rebuilds mid-demo.
        results.append(_scenario("sessions+real-build", s, pipe, many, args.rounds, real_build, warmup_s=15.0))
    store.close()

    report = {"bench": "demo-load", "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
              "store": args.store.name, "sessions": args.sessions, "per_minute": args.per_minute,
              "answer_timeout_s": s.answer_timeout_s, "answer_workers": s.answer_workers,
              "cpu_count": os.cpu_count(), "loadavg_before": load_before, "scenarios": results}
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"demo-load-{datetime.now(UTC):%Y%m%dT%H%M%SZ}.json"
    path.write_text(json.dumps(report, indent=2))
    for r in results:
        print(f"{r['scenario']:>22}: {r['answers']:3d} answers  p50 {r['p50_ms']} ms  p95 {r['p95_ms']} ms  "
              f"limit refusals {r['limit_refusals']}  write attempts refused "
              f"{r.get('write_attempts_refused', '-')} / accepted {r.get('write_attempts_accepted', '-')}"
              + (f"  errors {len(r['errors'])}" if r["errors"] else ""))
    print(path)
    ok = all(r.get("write_attempts_accepted", 0) == 0 for r in results) and \
        all(r["limit_refusals"] == r["visitors"] * r["rounds"] for r in results)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
