"""``hoplens eval`` and ``hoplens bench`` (handlers import the heavy parts lazily)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    from core.pipelines import KNOWN_PIPELINES, PIPELINES

    default, known = ",".join(PIPELINES), ",".join(KNOWN_PIPELINES)
    e = sub.add_parser("eval", help="run a question suite through the pipelines, judge and summarise")
    e.add_argument("--suite", default="public", help="public | extended | FILE.jsonl (default: public)")
    e.add_argument("--pipelines", default=default, help=f"comma list of {known} (default: {default})")
    e.add_argument("--judge", default="structured", choices=["structured", "llm", "both"],
                   help="structured (deterministic, default) | llm (needs a real LLM) | both")
    e.add_argument("--store", type=Path, help="store path (built if missing; default: HOPLENS_STORE or ~/.hoplens)")
    e.add_argument("--data", type=Path, help="dataset folder (default: HOPLENS_DATA or ~/.hoplens/data-<scale>)")
    e.add_argument("--out", type=Path, help="results folder (default: ~/.hoplens/eval/<suite>)")
    e.add_argument("--limit", type=int, help="only the first N questions")
    e.add_argument("--no-cache", action="store_true", help="answer every question afresh (do not read/write cache)")
    e.add_argument("--overwrite", action="store_true", help="discard results already in --out instead of resuming")
    e.add_argument("--no-bertscore", action="store_true", help="skip BERTScore even if it is available")
    e.add_argument("--json", action="store_true", help="print summary.json instead of the table")
    e.set_defaults(func=run_eval_cmd)

    b = sub.add_parser("bench", help="build time, memory, retrieval latency and tokens per pipeline per scale")
    b.add_argument("--scales", default="tiny,demo", help="comma list of tiny,demo,full (full takes long)")
    b.add_argument("--out", type=Path, default=Path("bench/results"), help="where the JSON goes")
    b.add_argument("--work", type=Path, help="datasets and stores (default: ~/.hoplens/bench)")
    b.add_argument("--pipelines", default=default, help=f"comma list of {known} (default: {default})")
    b.add_argument("--reuse-store", action="store_true", help="keep an existing store (no build timing)")
    b.add_argument("--limit", type=int, help="only the first N questions of each scale's public suite")
    b.set_defaults(func=run_bench_cmd)


def run_eval_cmd(args: argparse.Namespace) -> int:
    import time

    from core.config import get_settings
    from core.evaluation.report import format_summary
    from core.evaluation.runner import run_eval

    settings = get_settings()
    update = {k: v for k, v in (("store", args.store), ("data", args.data)) if v is not None}
    if update:
        settings = settings.model_copy(update=update)
    out = args.out or settings.home / "eval" / Path(args.suite).stem
    t0 = time.perf_counter()
    summary = run_eval(
        args.suite, args.pipelines.split(","), settings.store_path(), settings.data_path(), out,
        judge=args.judge, settings=settings, limit=args.limit, use_cache=not args.no_cache,
        overwrite=args.overwrite, bertscore=not args.no_bertscore,
    )
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_summary(summary))
        print(f"\nwrote {out}/summary.json, results.parquet, results.jsonl in {time.perf_counter() - t0:.1f} s")
    return 0


def run_bench_cmd(args: argparse.Namespace) -> int:
    from core.evaluation.bench import format_bench, parse_scales, run_bench

    pipelines = [p.strip() for p in args.pipelines.split(",") if p.strip()]
    if args.limit is not None and args.limit < 1:
        raise ValueError(f"--limit must be a positive number of questions, got {args.limit}")
    result = run_bench(parse_scales(args.scales), args.out, work_dir=args.work, pipelines=pipelines,
                       rebuild=not args.reuse_store, limit=args.limit)
    print(format_bench(result))
    print(f"\nwrote {', '.join(result['written'])}")
    return 0
