"""``hoplens generate`` and ``hoplens questions``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SCALE_NAMES = ("tiny", "demo", "full")  # core.dataset.scales.SCALES; listed here to keep `hoplens --help` light
SUITE_NAMES = ("public", "extended")


def register(sub: argparse._SubParsersAction) -> None:
    g = sub.add_parser("generate", help="generate the synthetic CRM knowledge base (entities, edges, documents)")
    g.add_argument("--scale", choices=SCALE_NAMES, default=None, help="dataset size (default: HOPLENS_SCALE or demo)")
    g.add_argument("--seed", type=int, default=None, help="random seed (default: HOPLENS_SEED or 7)")
    g.add_argument("--out", type=Path, default=None, help="output folder (default: <HOPLENS_HOME>/data-<scale>)")
    g.add_argument("--force", action="store_true", help="replace an existing dataset in --out")
    g.add_argument("--quiet", action="store_true", help="no progress bar")
    g.set_defaults(func=run_generate)

    q = sub.add_parser("questions", help="build a question suite with gold answers from a generated dataset")
    q.add_argument("--data", type=Path, default=None, help="dataset folder (default: <HOPLENS_HOME>/data-<scale>)")
    q.add_argument("--suite", choices=SUITE_NAMES, default="public")
    q.add_argument("--seed", type=int, default=0, help="sampling seed for the suite (default 0: the fixed suite)")
    q.add_argument("--out", type=Path, default=None,
                   help="JSONL file to write (default: <HOPLENS_HOME>/questions-<suite>-<data folder name>.jsonl)")
    q.set_defaults(func=run_questions)


def run_generate(args: argparse.Namespace) -> int:
    from core.config import get_settings
    from core.dataset.generate import generate_dataset

    settings = get_settings()
    scale = args.scale or settings.scale
    out = args.out or settings.model_copy(update={"scale": scale}).data_path()
    seed = settings.seed if args.seed is None else args.seed
    m = generate_dataset(scale, seed, out, force=args.force, progress=not args.quiet)
    counts = ", ".join(f"{n} {t}" for t, n in m["entities"].items())
    print(f"wrote {out}: {m['entities_total']} entities ({counts}), {m['edges_total']} edges, {m['documents']} documents, "
          f"{m['characters']:,} characters (~{m['estimated_tokens']:,} tokens); scale {scale}, seed {seed}")
    return 0


def run_questions(args: argparse.Namespace) -> int:
    from collections import Counter

    from core.config import get_settings
    from core.dataset.questions import build_suite, write_suite

    settings = get_settings()
    data = Path(args.data or settings.data_path())
    questions = build_suite(data, args.suite, args.seed)
    # Gold answers stay out of the dataset folder, which ingest and the stores read.
    out = args.out or settings.home / f"questions-{args.suite}-{data.name}.jsonl"
    write_suite(questions, out)
    kinds = Counter(q.kind for q in questions)
    print(f"wrote {len(questions)} {args.suite} questions to {out} ({', '.join(f'{k} {n}' for k, n in kinds.items())})",
          file=sys.stdout)
    return 0
