"""Score the paraphrase set: run ``hoplens eval`` on each question file and print accuracy per class.

    python tests/paraphrase/score.py tests/paraphrase/dev.jsonl tests/paraphrase/holdout.jsonl \
        --data /work/team/para/data-demo --store /work/team/para/store-demo --out /work/team/para/eval

For each FILE it runs ``hoplens eval --suite FILE --pipelines graph --no-cache --overwrite`` into OUT/<file stem>
(``--pipelines`` to change), then joins the eval's ``results.jsonl`` rows with the file's ``cls`` field and prints,
per class: questions, PASS, PARTIAL, FAIL, accuracy (PASS share), "unsure" (a FAIL whose answer is a not-found
answer, ``core.evaluation.judges.is_not_found_answer``) and "confident wrong" (FAIL or PARTIAL whose answer is not a
not-found answer). Only aggregates are printed: the holdout is score-only (README.md). ``--show-fails`` lists the
failing questions of a file, and refuses to do so for the holdout.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any


def load_questions(path: Path) -> dict[str, dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return {r["id"]: r for r in rows}


def run_eval(suite: Path, data: Path, store: Path, out: Path, pipelines: str) -> None:
    cmd = ["hoplens", "eval", "--suite", str(suite), "--pipelines", pipelines, "--no-cache", "--overwrite",
           "--data", str(data), "--store", str(store), "--out", str(out), "--json"]
    print("$", " ".join(cmd), file=sys.stderr)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"hoplens eval failed ({done.returncode}):\n{done.stderr[-4000:]}")


def read_results(out: Path) -> list[dict[str, Any]]:
    path = out / "results.jsonl"
    if not path.exists():
        raise SystemExit(f"{path} is missing: run without --results-only first")
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def tabulate(questions: dict[str, dict[str, Any]], rows: list[dict[str, Any]], pipeline: str) -> dict[str, Any]:
    from core.evaluation.judges import is_not_found_answer

    per: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    fails: list[dict[str, Any]] = []
    seen = set()
    for r in rows:
        if r.get("pipeline") != pipeline or r["question_id"] not in questions:
            continue
        seen.add(r["question_id"])
        q = questions[r["question_id"]]
        cls = q.get("cls", "?")
        verdict = r.get("verdict")
        answer = r.get("answer") or ""
        for key in (cls, "ALL"):
            c = per[key]
            c["n"] += 1
            c[verdict] += 1
            if verdict != "PASS":
                if verdict == "FAIL" and is_not_found_answer(answer) and not r.get("error"):
                    c["unsure"] += 1
                else:
                    c["confident_wrong"] += 1
        if verdict != "PASS":
            fails.append({"id": q["id"], "cls": cls, "question": q["question"], "gold": q["gold"],
                          "answer": answer, "verdict": verdict, "reason": r.get("reason")})
    missing = sorted(set(questions) - seen)
    table = {}
    for key, c in per.items():
        table[key] = {"n": c["n"], "pass": c["PASS"], "partial": c["PARTIAL"], "fail": c["FAIL"],
                      "accuracy": round(c["PASS"] / c["n"], 4) if c["n"] else 0.0,
                      "unsure": c["unsure"], "confident_wrong": c["confident_wrong"]}
    return {"table": table, "fails": fails, "missing": missing}


def print_table(name: str, table: dict[str, dict[str, Any]]) -> None:
    print(f"\n{name}")
    print(f"{'class':<16}{'n':>5}{'pass':>6}{'part':>6}{'fail':>6}{'acc %':>8}{'unsure':>8}{'conf.wrong':>12}")
    keys = sorted(k for k in table if k != "ALL") + (["ALL"] if "ALL" in table else [])
    for k in keys:
        t = table[k]
        print(f"{k:<16}{t['n']:>5}{t['pass']:>6}{t['partial']:>6}{t['fail']:>6}{100 * t['accuracy']:>8.1f}"
              f"{t['unsure']:>8}{t['confident_wrong']:>12}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--data", type=Path, required=True, help="dataset folder the questions were made from")
    ap.add_argument("--store", type=Path, required=True, help="store built from --data (hoplens build)")
    ap.add_argument("--out", type=Path, required=True, help="folder for the eval runs (one sub-folder per file)")
    ap.add_argument("--pipelines", default="graph")
    ap.add_argument("--results-only", action="store_true", help="re-read earlier results instead of running eval")
    ap.add_argument("--show-fails", action="store_true", help="list failing questions (never for the holdout)")
    ap.add_argument("--json", type=Path, help="also write the tables to this JSON file")
    args = ap.parse_args(argv)
    report: dict[str, Any] = {}
    for f in args.files:
        questions = load_questions(f)
        out = args.out / f.stem
        if not args.results_only:
            run_eval(f, args.data, args.store, out, args.pipelines)
        rows = read_results(out)
        for pipeline in args.pipelines.split(","):
            res = tabulate(questions, rows, pipeline)
            print_table(f"{f.name} · {pipeline}", res["table"])
            if res["missing"]:
                print(f"  {len(res['missing'])} questions have no result row")
            report[f"{f.stem}:{pipeline}"] = res["table"]
            if args.show_fails:
                if "holdout" in f.stem:
                    print("  (--show-fails is refused for the holdout: it is score-only)")
                    continue
                for x in res["fails"]:
                    print(f"  {x['id']} [{x['cls']}] {x['verdict']}: {x['question']}\n"
                          f"      gold {json.dumps(x['gold'])[:160]}\n      answer {x['answer'][:200]!r}\n"
                          f"      {x['reason']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
