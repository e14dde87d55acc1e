"""Benchmark page: charts and the drill-down render from a saved evaluation run."""

from __future__ import annotations

import json

from apphelpers import texts

PAGE = "pages/3_Benchmark.py"


def test_benchmark_charts_render_from_saved_run(app_at, saved_eval):
    at = app_at(PAGE)
    assert not at.exception
    charts = at.get("plotly_chart")
    assert len(charts) == 5  # accuracy, per kind, latency, tokens vs accuracy, token distribution
    titles = {json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts}
    assert titles == {"Accuracy per pipeline (95% CI)", "Accuracy per question kind (95% CI)", "Latency p50 / p95",
                      "Median prompt tokens vs accuracy", "Prompt tokens per question"}
    acc = next(json.loads(c.proto.spec) for c in charts if "pipeline (95% CI)" in c.proto.spec)
    assert acc["data"][0]["error_y"]["array"]  # confidence intervals drawn as error bars
    summary = at.dataframe[0].value
    assert list(summary["pipeline"]) == ["LLM-only", "BasicRAG", "GraphRAG"]
    # graph passes 11 of 12 hand-made rows, basic 6, llm 2 (computed by core.evaluation from the rows).
    assert summary["accuracy"].round(4).tolist() == [round(2 / 12, 4), 0.5, round(11 / 12, 4)]
    assert "GraphRAG vs BasicRAG" in texts(at)


def test_benchmark_drilldown_filters_and_csv(app_at, saved_eval):
    at = app_at(PAGE)
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


def test_benchmark_bad_folder_is_a_clear_error(app_at, saved_eval, tmp_path):
    at = app_at(PAGE)
    at.text_input(key="bench.path").input(str(tmp_path / "nowhere")).run()
    at.button(key="bench.load").click().run()
    assert not at.exception
    assert any("not an evaluation folder" in e.value for e in at.error)


def test_benchmark_without_runs_says_what_to_do(app_at):
    at = app_at(PAGE)
    assert not at.exception
    assert any("No evaluation loaded yet" in i.value for i in at.info)
    assert not at.get("plotly_chart")


def test_run_evaluation_from_the_page(app_at, kb_env):
    """A short real run (2 questions × 3 pipelines) with progress; its charts then load from the folder written."""
    import os
    from pathlib import Path

    out = Path(os.environ["HOPLENS_HOME"]) / "eval" / "ui-run"
    at = app_at(PAGE, **kb_env)
    at.number_input(key="bench.limit").set_value(2)
    at.text_input(key="bench.out.public").input(str(out))
    at = at.button(key="bench.run").click().run()
    assert not at.exception and not at.error
    assert any(f"Finished: results in `{out}`" in s.value for s in at.success)
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary["pipelines"]) == {"llm", "basic", "graph"}
    assert all(p["n"] == 2 for p in summary["pipelines"].values())
    shown = at.dataframe[0].value
    assert list(shown["pipeline"]) == ["LLM-only", "BasicRAG", "GraphRAG"] and list(shown["n"]) == [2, 2, 2]
    assert len(at.get("plotly_chart")) == 5
