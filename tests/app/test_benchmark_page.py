"""Benchmark page: the latest run of the loaded store opens by itself (charts, drill-down); runs of other stores
are never shown; on first open with no run, one button runs the public suite in the background and draws it."""

from __future__ import annotations

import json
from pathlib import Path

from apphelpers import texts

PAGE = "pages/3_Benchmark.py"
CHART_TITLES = {"Accuracy per pipeline (95% CI)", "Accuracy per question kind (95% CI)", "Latency p50 / p95",
                "Median prompt tokens vs accuracy", "Prompt tokens per question"}


def _titles(at) -> set[str]:
    return {json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")}


def _wait_eval(at) -> dict:
    from ui import jobs

    job_id = at.session_state["hl.bench_job"]
    assert job_id, "the page started no evaluation"
    return jobs.registry().wait(jobs.registry().get(job_id), timeout=600)


def test_benchmark_charts_render_from_saved_run(app_at, kb_env, saved_eval_here):
    at = app_at(PAGE, **kb_env)
    assert not at.exception and not at.error
    charts = at.get("plotly_chart")
    assert _titles(at) >= CHART_TITLES  # accuracy, per kind, latency, tokens vs accuracy, token distribution
    acc = next(json.loads(c.proto.spec) for c in charts if "pipeline (95% CI)" in c.proto.spec)
    assert acc["data"][0]["error_y"]["array"]  # confidence intervals drawn as error bars
    summary = at.dataframe[0].value
    assert list(summary["pipeline"]) == ["LLM-only", "BasicRAG", "GraphRAG"]
    # graph passes 11 of 12 hand-made rows, basic 6, llm 2 (computed by core.evaluation from the rows).
    assert summary["accuracy"].round(4).tolist() == [round(2 / 12, 4), 0.5, round(11 / 12, 4)]
    shown = texts(at)
    assert "GraphRAG vs BasicRAG" in shown
    assert f"Computed on **{Path(kb_env['HOPLENS_STORE']).name}**" in shown and "suite **public**" in shown


def test_benchmark_drilldown_filters_and_csv(app_at, kb_env, saved_eval_here):
    at = app_at(PAGE, **kb_env)
    rows = at.dataframe[1].value
    assert len(rows) == 36
    at.multiselect(key="bench.f.pipeline").select("graph").run()
    at.multiselect(key="bench.f.verdict").select("FAIL").run()
    assert not at.exception
    view = at.dataframe[1].value
    assert view["question_id"].tolist() == ["pub-005"]
    assert "1 of 36 rows" in texts(at)
    csv = at.get("download_button")[0].proto
    assert csv.label == "Download CSV"


def test_runs_of_other_stores_are_never_shown(app_at, kb_env, saved_eval, tiny_store):
    """A run from `hoplens eval` (no store record) and one recorded for other store content: neither is drawn."""
    import shutil

    from conftest import record_store

    other = saved_eval.parent / "public-other"
    shutil.copytree(saved_eval, other)
    identity = record_store(other, tiny_store)
    record = json.loads((other / "app-store.json").read_text())
    record["fingerprint"] = "0" * 16  # the same folder name, different content (e.g. rebuilt since)
    (other / "app-store.json").write_text(json.dumps(record))
    at = app_at(PAGE, **kb_env)
    assert not at.exception and not at.error
    assert not at.get("plotly_chart")
    assert f"No evaluation of this knowledge base (**{identity['name']}**" in texts(at)
    assert at.button(key="bench.first")


def test_first_open_runs_the_public_suite_and_draws_it(app_at, kb_env, tiny_store):
    """No run of this store: one button runs the whole public suite in a background job; its charts then load."""
    from core.dataset.questions import load_suite

    n = len(load_suite("public", tiny_store.data))
    at = app_at(PAGE, **kb_env)
    assert not at.get("plotly_chart")
    button = at.button(key="bench.first")
    assert f"({n} questions × 3 pipelines)" in button.label
    at = button.click().run()
    assert not at.exception and not at.error
    info = _wait_eval(at)
    assert info["status"] == "done", info["message"]
    at.run()
    assert not at.exception and not at.error
    assert _titles(at) >= CHART_TITLES
    shown = at.dataframe[0].value
    assert list(shown["pipeline"]) == ["LLM-only", "BasicRAG", "GraphRAG"] and list(shown["n"]) == [n, n, n]
    assert any("finished in" in s.value for s in at.success)
    folder = Path(at.session_state["hl.bench_dir"])
    assert json.loads((folder / "app-store.json").read_text())["name"] == Path(kb_env["HOPLENS_STORE"]).name
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["config"]["suite"] == "public" and summary["config"]["n_questions"] == n
    # A second evaluation from the expander (2 questions) is a run of its own, listed with the first.
    at.number_input(key="bench.limit").set_value(2)
    at = at.button(key="bench.run").click().run()
    assert _wait_eval(at)["status"] == "done"
    at.run()
    assert len(at.selectbox(key="bench.pick").options) == 2
    assert list(at.dataframe[0].value["n"]) == [2, 2, 2]
