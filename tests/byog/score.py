"""Score a pipeline on a byog question set (score only: it never changes the store or the questions).

    python tests/byog/score.py QUESTIONS.jsonl --store STORE [--pipeline graph] [--out results.jsonl]

Each question goes through ``build_pipelines(...)[pipeline].answer(text)``; the structured judge
(core.evaluation.judges) gives the verdict; a FAIL that does not say "not found"/"not sure" is confident-wrong
(core.evaluation.metrics.is_confident_wrong). Prints exact accuracy and confident-wrong per kind and overall.
The judge knows every entity of the store by name, so wrong entities an answer adds are extras.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path


def store_mentions(store):
    """Every entity of the store by name: a list padded with wrong entities counts them as extras even when their
    ids are not in the CRM's id format (the judge's id pattern sees only those)."""
    from core.evaluation.context_metrics import Mentions

    return Mentions.from_entities(store.get_entities(store.entity_ids()))


def score(questions: Path, store_path: Path, pipeline: str = "graph", out: Path | None = None) -> dict:
    from core.config import get_settings
    from core.evaluation.judges import StructuredJudge
    from core.evaluation.metrics import is_confident_wrong
    from core.pipelines import build_pipelines
    from core.records import Question
    from core.store import open_store

    settings = get_settings().model_copy(update={"store": store_path})
    store = open_store(settings, store_path, read_only=True)
    try:
        pipe = build_pipelines(settings, store=store, names=[pipeline])[pipeline]
        judge = StructuredJudge(names=store_mentions(store).find)
        rows = []
        t0 = time.perf_counter()
        for line in questions.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            qn = Question(id=rec["id"], kind=rec["kind"], question=rec["question"], gold=rec["gold"],
                          hops=rec.get("hops", 0))
            confidence = None
            try:
                answer = pipe.answer(qn.question)
                text, err = answer.text, None
                confidence = answer.plan.confidence if answer.plan is not None else None
            except Exception as exc:  # a pipeline error is a FAIL, reported, not a crash of the scorer
                text, err = "", f"{type(exc).__name__}: {exc}"
            j = judge.judge(qn, text)
            row = {"id": qn.id, "kind": qn.kind, "question": qn.question, "answer": text, "verdict": j.verdict,
                   "reason": j.reason, "error": err, "confidence": confidence}
            row["confident_wrong"] = is_confident_wrong(row)
            rows.append(row)
        elapsed = time.perf_counter() - t0
    finally:
        store.close()
    if out:
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    by = defaultdict(list)
    for r in rows:
        by[r["kind"]].append(r)
    summary = {"questions": len(rows), "pipeline": pipeline, "seconds": round(elapsed, 1),
               "exact": round(sum(r["verdict"] == "PASS" for r in rows) / max(1, len(rows)), 3),
               "confident_wrong": round(sum(r["confident_wrong"] for r in rows) / max(1, len(rows)), 3),
               "by_kind": {k: {"n": len(v), "exact": round(sum(r["verdict"] == "PASS" for r in v) / len(v), 3),
                               "confident_wrong": sum(r["confident_wrong"] for r in v)} for k, v in sorted(by.items())}}
    return summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("questions", type=Path)
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--pipeline", default="graph")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    print(json.dumps(score(args.questions, args.store, args.pipeline, args.out), indent=1))


if __name__ == "__main__":
    main()
