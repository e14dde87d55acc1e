"""The Benchmark page shows the reader-free context metrics of a saved run (table and two charts)."""

from __future__ import annotations

import json

from core.evaluation import metrics, report

PAGE = "pages/3_Benchmark.py"


def test_context_metrics_table_and_charts(app_at, kb_env, saved_eval_here):
    # give the saved rows context metrics, then recompute the summary with core.evaluation
    import pandas as pd

    frame = pd.read_parquet(saved_eval_here / report.RESULTS_PARQUET)
    rows = frame.to_dict("records")
    for r in rows:
        rag = r["pipeline"] != "llm"
        r["answer_in_context"] = bool(rag and (r["pipeline"] == "graph" or int(r["question_id"][-1]) % 2 == 0))
        r["gold_recall"] = 1.0 if r["answer_in_context"] else 0.0
        r["context_precision"] = 0.5 if rag else None
    report.write_parquet(rows, saved_eval_here / report.RESULTS_PARQUET)
    summary = metrics.summarize(rows, {"suite": "public", "judge": "structured"})
    report.write_json_atomic(saved_eval_here / report.SUMMARY_JSON, summary)
    assert json.loads((saved_eval_here / report.SUMMARY_JSON).read_text())["pipelines"]["graph"]["context"]

    at = app_at(PAGE, **kb_env)
    assert not at.exception and not at.error
    assert any("Does the context hold the answer" in s.value for s in at.subheader)
    table = at.table[0].value
    assert list(table.index) == ["LLM-only", "BasicRAG", "GraphRAG"]
    assert table.loc["GraphRAG", "answer in context"] == "100%" and table.loc["BasicRAG", "answer in context"] == "50%"
    assert table.loc["LLM-only", "context precision"] == "-"
    titles = {json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")}
    assert {"Accuracy vs answer in context (95% CI)", "Answer in context per question kind (95% CI)"} <= titles
