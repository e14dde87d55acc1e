"""Context-metric table and charts of the Benchmark page, from a summary computed by core.evaluation."""

from __future__ import annotations

from core import viz
from core.evaluation.metrics import summarize


def _rows():
    rows = []
    for i in range(6):
        for p, ok, aic in (("graph", True, True), ("basic", i < 2, i < 4), ("llm", False, False)):
            rows.append({"question_id": f"q{i}", "kind": "lookup" if i < 3 else "relation", "pipeline": p,
                         "verdict": "PASS" if ok else "FAIL", "score": 1.0 if ok else 0.0,
                         "answer": "x" if ok else "Not found in the provided context.", "prompt_tokens": 100,
                         "completion_tokens": 5, "calls": 1, "total_ms": 1.0, "retrieval_ms": 0.5,
                         "context_tokens": 0 if p == "llm" else 300, "answer_in_context": aic,
                         "gold_recall": 1.0 if aic else 0.0, "context_precision": None if p == "llm" else 0.5})
    return rows


def test_context_table_and_figures_follow_the_registry_order_and_values():
    summary = summarize(_rows(), {})
    assert viz.has_context_metrics(summary)
    table = viz.context_metric_table(summary)
    assert [r["pipeline"] for r in table] == ["LLM-only", "BasicRAG", "GraphRAG"]
    basic = table[1]
    assert basic["accuracy"] == "33%" and basic["answer in context"] == "67%" and basic["confident wrong"] == 0
    assert table[0]["context precision"] == "-"
    fig = viz.context_figure(summary)
    assert [t.name for t in fig.data] == ["accuracy", "answer in context"]
    assert [round(y, 4) for y in fig.data[1].y] == [0.0, 0.6667, 1.0]
    by_kind = viz.context_by_kind_figure(summary)
    assert [t.name for t in by_kind.data] == ["LLM-only", "BasicRAG", "GraphRAG"]
    assert list(by_kind.data[1].x) == ["lookup", "relation"] and [round(y, 4) for y in by_kind.data[1].y] == [1.0, 0.3333]
    assert by_kind.data[2].marker.color == viz.PIPELINE_COLORS["graph"]
