"""``hoplens ask``: one question (or a JSONL batch) through a pipeline."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    from core.pipelines import KNOWN_PIPELINES, REGISTRY

    p = sub.add_parser("ask", help=f"answer a question with {' | '.join(KNOWN_PIPELINES)}")
    p.add_argument("question", nargs="?", help="the question (omit with --questions)")
    p.add_argument("--pipeline", "-p", default="graph", choices=list(KNOWN_PIPELINES),
                   help="; ".join(s.description for s in REGISTRY.values()))
    p.add_argument("--store", type=Path, help="store path (default: HOPLENS_STORE or ~/.hoplens/store-<scale>)")
    p.add_argument("--json", action="store_true", help="print the whole Answer record as JSON")
    p.add_argument("--questions", type=Path, help="batch mode: JSONL with at least id and question per line")
    p.add_argument("--out", type=Path, help="batch mode: write Answer records as JSONL here")
    p.set_defaults(func=run)


def _pipeline(args):
    from core.config import get_settings
    from core.pipelines import build_pipelines, needs_store
    from core.store import open_store

    settings = get_settings()
    if args.store:
        settings = settings.model_copy(update={"store": args.store})
    if settings.backend == "embedded" and not settings.store_path().exists():
        raise FileNotFoundError(
            f"no store at {settings.store_path()}: build one first with `hoplens build --store {settings.store_path()}`"
        )
    store = open_store(settings) if needs_store([args.pipeline]) else None
    return build_pipelines(settings, store=store, names=[args.pipeline])[args.pipeline]


def _print_answer(ans) -> None:
    print(ans.text)
    if ans.plan:
        p = ans.plan
        print(f"\nplan: {p.kind}" + (f" · operator {p.operator}" if p.operator else "")
              + (f" · anchors {', '.join(p.anchors)}" if p.anchors else "")
              + (f"\n      {p.explanation}" if p.explanation else ""))
    u, t = ans.usage, ans.timings
    print(f"usage: {u.prompt_tokens} prompt + {u.completion_tokens} completion tokens · {u.calls} call(s)"
          + (" (counted locally)" if u.counted_locally else ""))
    print(f"time: {t.total_ms:.1f} ms (embed {t.embed_ms:.1f} · seed {t.seed_ms:.1f} · expand {t.expand_ms:.1f} · "
          f"rank {t.rank_ms:.1f} · generate {t.generate_ms:.1f})")
    if ans.subgraph:
        print(f"subgraph: {len(ans.subgraph.nodes)} nodes, {len(ans.subgraph.edges)} edges; "
              f"context: {len(ans.context)} items, {ans.context_tokens} tokens")


def run(args: argparse.Namespace) -> int:
    if bool(args.question) == bool(args.questions):
        raise ValueError("give either a question or --questions FILE.jsonl")
    pipe = _pipeline(args)
    if args.question:
        ans = pipe.answer(args.question)
        if args.json:
            print(json.dumps(ans.to_dict(), ensure_ascii=False, indent=2))
        else:
            _print_answer(ans)
        return 0
    if not args.out:
        raise ValueError("batch mode needs --out ANSWERS.jsonl")
    from tqdm import tqdm

    lines = args.questions.read_text(encoding="utf-8").splitlines()
    errors = 0
    with args.out.open("w", encoding="utf-8") as fh:
        for lineno, line in enumerate(tqdm(lines, desc=f"ask ({args.pipeline})", unit="q"), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                qid, question = row["id"], row["question"]
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise ValueError(f"{args.questions}:{lineno}: need a JSON object with id and question ({exc})") from exc
            try:
                ans = pipe.answer(question)
            except ValueError as exc:  # a bad question is reported in its line, the batch goes on
                from core.records import Answer

                ans = Answer(question=str(question), pipeline=args.pipeline, text="", error=str(exc))
                errors += 1
            ans.id = qid
            fh.write(json.dumps(ans.to_dict(), ensure_ascii=False) + "\n")
    print(f"wrote {len(lines)} answers to {args.out}" + (f" ({errors} with errors)" if errors else ""), file=sys.stderr)
    return 0
