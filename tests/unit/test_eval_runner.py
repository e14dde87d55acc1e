"""run_eval with small fake pipelines: files written, resume after a crash, cache, schema, judges, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from core.config import Settings
from core.evaluation import bertscore, report
from core.evaluation.runner import RunConflict, run_eval
from core.records import (
    Answer,
    ContextItem,
    Generation,
    Judgement,
    Plan,
    Question,
    Subgraph,
    SubgraphNode,
    Timings,
    Usage,
)

QUESTIONS = [
    Question("q1", "aggregate", "How many customers were impacted by OUTAGE-001?", {"type": "count", "value": 3},
             reference="Three customers were impacted."),
    Question("q2", "relation", "Which vendors does CUST-0001 depend on?",
             {"type": "set", "ids": ["VEND-01", "VEND-02"], "names": ["Stripe", "Twilio"]},
             reference="CUST-0001 depends on VEND-01 and VEND-02."),
    Question("q3", "comparison", "Does CUST-0001 depend on VEND-01?", {"type": "bool", "value": True},
             reference="Yes."),
    Question("q4", "unanswerable", "What is the ARR of CUST-9999?", {"type": "none"},
             reference="CUST-9999 does not exist."),
]

# Hand-written answers: "graph" gets everything right, "basic" one right, one partial.
ANSWERS = {
    "graph": {"q1": "3 customers were impacted.", "q2": "VEND-01 (Stripe) and Twilio.", "q3": "Yes.",
              "q4": "Not found in the provided context."},
    "basic": {"q1": "5 customers.", "q2": "Stripe.", "q3": "No.", "q4": "Not found in the provided context."},
}
TOKENS = {"graph": 400, "basic": 800}


class FakePipeline:
    """Answers by question id; records what it was asked; can crash or reject on chosen questions."""

    def __init__(self, name: str, crash_on: str | None = None, reject: str | None = None):
        self.name = name
        self.crash_on, self.reject = crash_on, reject
        self.asked: list[str] = []
        self.generator = type("G", (), {"name": "fake-reader"})()
        self._by_text = {q.question: q.id for q in QUESTIONS}

    def answer(self, question: str) -> Answer:
        qid = self._by_text[question]
        self.asked.append(qid)
        if qid == self.crash_on:
            raise RuntimeError("provider went away")
        if qid == self.reject:
            raise ValueError("question is too long")
        return Answer(
            question=question, pipeline=self.name, text=ANSWERS[self.name][qid],
            context=[ContextItem("chunk", "text", TOKENS[self.name] - 100, "DOC-00001#0")],
            subgraph=Subgraph(nodes=[SubgraphNode("CUST-0001", "Customer", "Acme", 0, 0.0)]),
            plan=Plan(kind="aggregate"), usage=Usage(TOKENS[self.name], 6, 1),
            timings=Timings(1.0, 2.0, 3.0, 4.0, 10.0, 20.0),
        )


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    (d / "manifest.json").write_text(json.dumps({"scale": "tiny", "seed": 7}), encoding="utf-8")
    return d


def fakes(**kw) -> dict[str, FakePipeline]:
    return {"graph": FakePipeline("graph", **kw.get("graph", {})), "basic": FakePipeline("basic", **kw.get("basic", {}))}


def run(out: Path, data_dir: Path, pipes, settings: Settings | None = None, **kw):
    return run_eval("public", ["graph", "basic"], data_dir / "store", data_dir, out, settings=settings or Settings(),
                    pipeline_objects=pipes, questions=QUESTIONS, show_progress=False, **kw)


def test_run_writes_rows_parquet_and_summary(tmp_path, data_dir):
    summary = run(tmp_path / "out", data_dir, fakes())
    rows, bad = report.read_rows(tmp_path / "out" / report.RESULTS_JSONL)
    assert bad == 0 and len(rows) == 8
    assert list(rows[0])[: len(report.ROW_FIELDS)] == list(report.ROW_FIELDS)
    by = {(r["question_id"], r["pipeline"]): r for r in rows}
    assert [by[(q.id, "graph")]["verdict"] for q in QUESTIONS] == ["PASS"] * 4
    assert [by[(q.id, "basic")]["verdict"] for q in QUESTIONS] == ["FAIL", "PARTIAL", "FAIL", "PASS"]
    r = by[("q1", "graph")]
    assert (r["prompt_tokens"], r["completion_tokens"], r["calls"], r["retrieval_ms"]) == (400, 6, 1, 10.0)
    assert (r["plan_kind"], r["subgraph_nodes"], r["subgraph_edges"], r["context_tokens"]) == ("aggregate", 1, 0, 300)

    g, b = summary["pipelines"]["graph"], summary["pipelines"]["basic"]
    assert (g["accuracy"], g["ci95"], g["n"]) == (1.0, [1.0, 1.0], 4)
    assert b["accuracy"] == 0.25 and b["mean_score"] == pytest.approx((0 + 2 / 3 + 0 + 1) / 4, abs=1e-6)  # F1 of 1 of 2
    assert b["by_kind"]["unanswerable"]["accuracy"] == 1.0
    cmp = summary["comparisons"]["graph_vs_basic"]
    assert cmp["token_reduction"] == 0.5 and cmp["mcnemar"]["b"] == 3 and cmp["mcnemar"]["c"] == 0

    on_disk, frame = report.load_results(tmp_path / "out")
    assert on_disk == summary
    assert len(frame) == 8 and list(frame["pipeline"][:2]) == ["graph", "basic"]  # question order, then pipeline
    assert pd.read_parquet(tmp_path / "out" / report.RESULTS_PARQUET)["verdict"].tolist() == frame["verdict"].tolist()
    assert summary["config"]["generator"] == "fake-reader"


def test_summary_schema_is_stable(tmp_path, data_dir):
    """The app reads summary.json: these keys are a contract (additions are fine, removals are not)."""
    s = run(tmp_path / "out", data_dir, fakes())
    assert set(s) == {"pipelines", "comparisons", "config", "bertscore"}
    for block in s["pipelines"].values():
        assert {"n", "accuracy", "ci95", "mean_score", "by_kind", "prompt_tokens_mean", "prompt_tokens_median",
                "completion_tokens_mean", "latency_p50_ms", "latency_p95_ms", "retrieval_p50_ms",
                "retrieval_p95_ms", "errors"} <= set(block)
        for kind in block["by_kind"].values():
            assert {"n", "accuracy", "ci95"} <= set(kind) and len(kind["ci95"]) == 2
    assert {"token_reduction", "latency_ratio", "mcnemar"} <= set(s["comparisons"]["graph_vs_basic"])
    assert {"b", "c", "p_value"} <= set(s["comparisons"]["graph_vs_basic"]["mcnemar"])
    assert {"suite", "generator", "embedder", "backend", "context_budget", "top_k", "hops",
            "dataset_manifest_sha256", "judge", "created_at"} <= set(s["config"])
    assert "status" in s["bertscore"]
    json.dumps(s, allow_nan=False)  # strict JSON: no NaN/inf


def test_resume_after_interruption_does_not_redo_finished_pairs(tmp_path, data_dir):
    out = tmp_path / "out"
    first = fakes(graph={"crash_on": "q3"})
    with pytest.raises(RuntimeError, match="provider went away"):
        run(out, data_dir, first, use_cache=False)
    rows, _ = report.read_rows(out / report.RESULTS_JSONL)
    assert {(r["question_id"], r["pipeline"]) for r in rows} == {("q1", "graph"), ("q1", "basic"),
                                                                  ("q2", "graph"), ("q2", "basic")}
    assert not (out / report.SUMMARY_JSON).exists()
    # a crash can also cut the last line short: the rerun drops it and carries on
    with (out / report.RESULTS_JSONL).open("a", encoding="utf-8") as fh:
        fh.write('{"question_id": "q3", "pipel')

    second = fakes()
    summary = run(out, data_dir, second, use_cache=False)
    assert second["graph"].asked == ["q3", "q4"] and second["basic"].asked == ["q3", "q4"]
    rows, bad = report.read_rows(out / report.RESULTS_JSONL)
    assert bad == 0 and len(rows) == 8 and len({(r["question_id"], r["pipeline"]) for r in rows}) == 8
    assert summary["pipelines"]["graph"]["accuracy"] == 1.0


def test_cache_reuses_answers_across_runs_and_misses_on_config_change(tmp_path, data_dir):
    settings = Settings()
    first = run(tmp_path / "a", data_dir, fakes(), settings)
    again = fakes()
    second = run(tmp_path / "b", data_dir, again, settings)
    assert again["graph"].asked == [] and again["basic"].asked == []
    rows, _ = report.read_rows(tmp_path / "b" / report.RESULTS_JSONL)
    assert all(r["cached"] for r in rows) and second["config"]["cached_answers"] == 8
    assert second["pipelines"] == first["pipelines"]

    changed = fakes()
    run(tmp_path / "c", data_dir, changed, settings.model_copy(update={"context_budget": 400}))
    assert changed["graph"].asked == ["q1", "q2", "q3", "q4"]

    (data_dir / "manifest.json").write_text(json.dumps({"scale": "tiny", "seed": 8}), encoding="utf-8")
    new_data = fakes()
    run(tmp_path / "d", data_dir, new_data, settings)
    assert new_data["basic"].asked == ["q1", "q2", "q3", "q4"]


def test_reruns_are_deterministic_without_cache(tmp_path, data_dir):
    a = run(tmp_path / "a", data_dir, fakes(), use_cache=False)
    b = run(tmp_path / "b", data_dir, fakes(), use_cache=False)
    assert a["pipelines"] == b["pipelines"] and a["comparisons"] == b["comparisons"]
    _, fa = report.load_results(tmp_path / "a")
    _, fb = report.load_results(tmp_path / "b")
    assert fa[["verdict", "score", "prompt_tokens", "answer"]].equals(fb[["verdict", "score", "prompt_tokens",
                                                                           "answer"]])


def test_resuming_into_an_out_dir_of_another_config_is_refused(tmp_path, data_dir):
    out = tmp_path / "out"
    run(out, data_dir, fakes(), Settings())
    with pytest.raises(RunConflict, match="context_budget"):
        run(out, data_dir, fakes(), Settings(context_budget=400))
    before = (out / report.RESULTS_JSONL).read_text(encoding="utf-8")
    assert len(before.splitlines()) == 8  # nothing lost by the refusal
    summary = run(out, data_dir, fakes(), Settings(context_budget=400), overwrite=True, use_cache=False)
    assert summary["config"]["context_budget"] == 400


def test_a_rejected_question_is_a_recorded_failure_and_not_cached(tmp_path, data_dir):
    pipes = fakes(basic={"reject": "q2"})
    summary = run(tmp_path / "a", data_dir, pipes)
    rows, _ = report.read_rows(tmp_path / "a" / report.RESULTS_JSONL)
    bad = next(r for r in rows if r["question_id"] == "q2" and r["pipeline"] == "basic")
    assert bad["verdict"] == "FAIL" and bad["error"] == "question is too long" and "pipeline error" in bad["reason"]
    assert summary["pipelines"]["basic"]["errors"] == 1 and summary["pipelines"]["graph"]["errors"] == 0
    retry = fakes()
    run(tmp_path / "b", data_dir, retry)
    assert retry["basic"].asked == ["q2"]  # the error was not cached; the good answers were


def test_progress_callback_sees_every_pair(tmp_path, data_dir):
    seen = []
    run(tmp_path / "out", data_dir, fakes(), progress=lambda done, total, row: seen.append((done, total,
                                                                                            row["pipeline"])))
    assert [s[0] for s in seen] == list(range(1, 9)) and {s[1] for s in seen} == {8}


def test_limit_takes_the_first_questions(tmp_path, data_dir):
    s = run(tmp_path / "out", data_dir, fakes(), limit=2)
    assert s["pipelines"]["graph"]["n"] == 2 and s["config"]["n_questions"] == 2


class FakeLLMJudge:
    """Returns a fixed FAIL whose reason mentions PASS; records that it was never told the pipeline."""

    def __init__(self):
        self.pipelines_seen: list[str] = []

    def judge(self, question, reference, answer, question_id="", pipeline=""):
        self.pipelines_seen.append(pipeline)
        return Judgement(question_id, pipeline, "FAIL", 0.0, "FAIL: the PASS criteria were not met", "llm")


def test_llm_judge_verdict_is_taken_as_given_and_blind(tmp_path, data_dir):
    lj = FakeLLMJudge()
    s = run(tmp_path / "out", data_dir, fakes(), judge="both", llm_judge=lj)
    rows, _ = report.read_rows(tmp_path / "out" / report.RESULTS_JSONL)
    assert all(r["llm_verdict"] == "FAIL" for r in rows)  # "PASS" in its reason does not make a PASS
    assert {r["judge"] for r in rows} == {"structured"}  # structured stays primary with --judge both
    assert set(lj.pipelines_seen) == {""}
    assert s["pipelines"]["graph"]["llm_judge"] == {"n": 4, "accuracy": 0.0, "agreement": 0.0,
                                                    "prompt_tokens_total": 0, "completion_tokens_total": 0}

    s = run(tmp_path / "llm", data_dir, fakes(), judge="llm", llm_judge=FakeLLMJudge())
    assert s["pipelines"]["graph"]["accuracy"] == 0.0 and s["config"]["judge"] == "llm"


class ScriptedJudgeLLM:
    """A generator for core.llm.judge.LLMJudge that replies per answer text (PASS only for "3 customers")."""

    name = "fake-judge-llm"

    def complete_json(self, system: str, user: str) -> Generation:
        reply = "PASS: same count" if "Answer to grade: 3 customers" in user else "FAIL: the PASS criteria were not met"
        return Generation(reply, Usage(120, 8, 1))


def test_real_llm_judge_parser_is_used_strictly_and_its_tokens_counted(tmp_path, data_dir):
    from core.llm.judge import LLMJudge

    s = run(tmp_path / "out", data_dir, fakes(), judge="llm", llm_judge=LLMJudge(ScriptedJudgeLLM()))
    rows, _ = report.read_rows(tmp_path / "out" / report.RESULTS_JSONL)
    passed = {(r["question_id"], r["pipeline"]) for r in rows if r["verdict"] == "PASS"}
    assert passed == {("q1", "graph")}  # every "FAIL: the PASS criteria were not met" reply is a FAIL
    assert {r["judge"] for r in rows} == {"llm"}
    assert all(r["judge_prompt_tokens"] == 120 for r in rows)
    assert s["pipelines"]["graph"]["judge_tokens_total"] == 4 * 128
    assert s["pipelines"]["graph"]["prompt_tokens_median"] == 400  # judge tokens never inflate the pipeline's


def test_llm_judge_with_the_offline_reader_is_a_clear_error(tmp_path, data_dir):
    with pytest.raises(ValueError, match="offline reader cannot judge"):
        run(tmp_path / "out", data_dir, fakes(), Settings(generator="offline"), judge="llm")


@pytest.mark.parametrize("kwargs,match", [
    ({"pipelines": ["graph", "rag"]}, "unknown pipeline"),
    ({"pipelines": []}, "no pipelines"),
    ({"judge": "vibes"}, "unknown judge"),
    ({"limit": 0}, "positive"),
])
def test_bad_arguments_are_clear_errors(tmp_path, data_dir, kwargs, match):
    args = {"pipelines": ["graph", "basic"], "judge": "structured", "limit": None} | kwargs
    with pytest.raises(ValueError, match=match):
        run_eval("public", args["pipelines"], None, data_dir, tmp_path / "out", judge=args["judge"],
                 limit=args["limit"], pipeline_objects=fakes(), questions=QUESTIONS, show_progress=False)


def test_missing_dataset_manifest_says_what_to_do(tmp_path):
    with pytest.raises(FileNotFoundError, match="hoplens generate"):
        run(tmp_path / "out", tmp_path / "nowhere", fakes())


def test_load_results_of_a_missing_folder():
    with pytest.raises(FileNotFoundError, match="hoplens eval"):
        report.load_results(Path("/nonexistent/eval-out"))


def test_bertscore_is_reported_unavailable_not_substituted(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "bert_score" else real(name, *a))
    out = bertscore.bertscore_summary([{"question_id": "q1", "pipeline": "graph", "answer": "3"}], {"q1": "Three."})
    assert out["status"] == "unavailable" and "bert_score" in out["reason"] and "f1_mean" not in json.dumps(out)

    # installed but no roberta-large in the local cache: still unavailable, and nothing is downloaded
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name == "bert_score"
                        else real(name, *a))
    import huggingface_hub

    monkeypatch.setattr(huggingface_hub, "try_to_load_from_cache", lambda repo, filename, **kw: None)
    ok, reason = bertscore.availability()
    assert not ok and "cache" in reason
    assert bertscore.bertscore_summary([], {}, enabled=False)["status"] == "skipped"


def test_cli_eval_reports_bad_input_without_traceback(capsys):
    from core.cli import main

    assert main(["eval", "--pipelines", "graph,rag"]) == 1
    assert "unknown pipeline" in capsys.readouterr().err
    assert main(["bench", "--scales", "huge"]) == 1
    assert "--scales" in capsys.readouterr().err
