"""Answer-in-context of flat retrieval variants (BasicRAG's design choices), reader-free, on a built store.

    python bench/basic_variants.py --store DIR --data DIR [--suite public]

Each variant is a BasicRetriever over the shared seed search with different settings; the context metric is
core/evaluation/context_metrics.py's answer-in-context. Writes bench/results/basic-variants-<stamp>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VARIANTS = (  # (name, settings overrides, BasicRetriever keyword arguments)
    ("dense only, 24 candidates (the original BasicRAG)", {}, {"mode": "dense", "candidates": 3,
                                                               "identifiers_first": False}),
    ("dense only, 64 candidates, identifiers first (BasicRAG (dense))", {}, {"mode": "dense"}),
    ("BM25 only, 24 candidates", {}, {"mode": "lexical", "candidates": 3, "identifiers_first": False}),
    ("hybrid RRF k=60, equal weights, 24 candidates", {"rrf_k": 60, "dense_weight": 1.0},
     {"candidates": 3, "identifiers_first": False}),
    ("hybrid RRF k=20, dense weight 0.5, 24 candidates", {}, {"candidates": 3, "identifiers_first": False}),
    ("hybrid RRF k=20, dense weight 0.5, 64 candidates", {}, {"identifiers_first": False}),
    ("hybrid RRF k=20, dense weight 0.5, 64 candidates, identifiers first (BasicRAG)", {}, {}),
    ("BM25 only, 64 candidates, identifiers first", {}, {"mode": "lexical"}),
)


def main(argv: list[str] | None = None) -> int:
    from core.config import Settings
    from core.dataset.questions import build_suite_detailed
    from core.evaluation.context_metrics import context_metrics, load_context_scorer
    from core.evaluation.metrics import bootstrap_ci
    from core.pipelines import build_core
    from core.retrieval.basic import BasicRetriever

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--suite", default="public", choices=["public", "extended"])
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = ap.parse_args(argv)

    pairs = build_suite_detailed(args.data, args.suite)
    supports, mentions = load_context_scorer(args.data, pairs)
    started = datetime.now(UTC)
    result = {"created_at": started.isoformat(timespec="seconds"),
              "command": " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv]), "suite": args.suite,
              "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()], "variants": []}
    for name, overrides, kwargs in VARIANTS:
        core = build_core(Settings(store=args.store, data=args.data, **overrides))
        try:
            retriever = BasicRetriever(core, **kwargs)
            by_kind: dict[str, list[float]] = defaultdict(list)
            t0 = time.perf_counter()
            for q, _ in pairs:
                got = retriever.search(q.question)
                m = context_metrics(supports[q.id], [i.text for i in got.context], mentions)
                if m["answer_in_context"] is not None:
                    by_kind[q.kind].append(1.0 if m["answer_in_context"] else 0.0)
            ms = (time.perf_counter() - t0) * 1000 / len(pairs)
        finally:
            core.store.close()
        values = [v for vs in by_kind.values() for v in vs]
        row = {"variant": name, "settings": overrides, "retriever": kwargs, "n": len(values),
               "answer_in_context": round(sum(values) / len(values), 4), "ci95": bootstrap_ci(values),
               "by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(by_kind.items())},
               "retrieval_ms_mean": round(ms, 2)}
        result["variants"].append(row)
        print(f"{row['answer_in_context']:7.1%}  {name}  ({ms:.1f} ms/question)", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"basic-variants-{args.suite}-{started.strftime('%Y%m%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
