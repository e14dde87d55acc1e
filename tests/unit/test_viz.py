"""core.viz: pure drawing helpers, tested with hand-built records."""

from __future__ import annotations

import json
import re

import pandas as pd
import plotly.graph_objects as go
import pytest

from core import viz
from core.records import (
    Answer,
    ContextItem,
    Filter,
    PathStep,
    Plan,
    Subgraph,
    SubgraphEdge,
    SubgraphNode,
    Timings,
    Usage,
)


def _subgraph() -> Subgraph:
    nodes = [
        SubgraphNode("OUTAGE-001", "Outage", "Frankfurt storage outage", 0, 0.0, ["OUTAGE-001"], None, 0.83),
        SubgraphNode("VEND-01", "Vendor", "Acme Cloud", 1, 1.0, ["OUTAGE-001"], "EXPERIENCED", None, "OUTAGE-001"),
        SubgraphNode("REGION-FRANKFURT", "Region", "Frankfurt", 1, 1.0, ["OUTAGE-001"], "IN_REGION", None,
                     "OUTAGE-001"),
        SubgraphNode("CUST-0001", "Customer", "Globex <script>alert(1)</script>", 2, 1.0, ["OUTAGE-001"],
                     "DEPENDS_ON", None, "VEND-01"),
        SubgraphNode("CUST-0002", "Customer", "Initech", 2, 0.5, ["OUTAGE-001"], "LOCATED_IN", None,
                     "REGION-FRANKFURT"),
    ]
    edges = [
        SubgraphEdge("VEND-01", "EXPERIENCED", "OUTAGE-001"),
        SubgraphEdge("OUTAGE-001", "IN_REGION", "REGION-FRANKFURT"),
        SubgraphEdge("CUST-0001", "DEPENDS_ON", "VEND-01"),
        SubgraphEdge("CUST-0001", "LOCATED_IN", "REGION-FRANKFURT"),
        SubgraphEdge("CUST-0002", "LOCATED_IN", "REGION-FRANKFURT"),
        SubgraphEdge("CUST-0002", "LOCATED_IN", "REGION-FRANKFURT"),  # duplicate: drawn once
        SubgraphEdge("CUST-0009", "DEPENDS_ON", "VEND-01"),  # endpoint not in the subgraph: dropped
    ]
    return Subgraph(nodes, edges)


def _vis_data(page: str, what: str) -> list[dict]:
    m = re.search(rf"{what} = new vis\.DataSet\((\[.*?\])\);", page, re.S)
    assert m, f"no {what} DataSet in the page"
    return json.loads(m.group(1))


# ---- subgraph HTML -------------------------------------------------------------------------------------------------


def test_subgraph_html_is_self_contained():
    page = viz.subgraph_html(_subgraph())
    # No script or stylesheet is fetched from the network (pyvis links Bootstrap and CDNs by default).
    assert not re.search(r"<script[^>]+src\s*=\s*[\"']?(https?:)?//", page, re.I)
    assert not re.search(r"<link[^>]+href\s*=\s*[\"']?(https?:)?//", page, re.I)
    assert "cdn.jsdelivr.net" not in page and "cdnjs.cloudflare.com" not in page
    assert viz.external_resources(page) == []
    # vis-network itself is inlined, and the page draws a network.
    assert "new vis.Network(" in page
    # The vis-network library itself sits inline in a <script> block (its banner and version), not linked.
    assert re.search(r"<script>\s*/\*\*\s*\n\s*\* vis-network\n.*?@version 9\.", page, re.S)


def test_subgraph_html_encodes_type_hop_score_and_seeds():
    page = viz.subgraph_html(_subgraph())
    nodes = {n["id"]: n for n in _vis_data(page, "nodes")}
    assert set(nodes) == {"OUTAGE-001", "VEND-01", "REGION-FRANKFURT", "CUST-0001", "CUST-0002"}
    # Seeds are marked (star, dark border); other nodes are dots.
    assert nodes["OUTAGE-001"]["shape"] == "star"
    assert nodes["OUTAGE-001"]["color"]["border"] == viz.SEED_BORDER
    assert nodes["VEND-01"]["shape"] == "dot"
    # Colour by type: both customers share the Customer colour, different from the vendor's.
    assert nodes["CUST-0001"]["color"]["highlight"]["background"] == viz.TYPE_COLORS["Customer"]
    assert nodes["VEND-01"]["color"]["highlight"]["background"] == viz.TYPE_COLORS["Vendor"]
    # Size and opacity grow with hop score: CUST-0001 (1.0) is bigger and more opaque than CUST-0002 (0.5).
    assert nodes["CUST-0001"]["size"] > nodes["CUST-0002"]["size"]
    alpha = lambda n: float(n["color"]["background"].rsplit(",", 1)[1].rstrip(")"))  # noqa: E731
    assert alpha(nodes["CUST-0001"]) > alpha(nodes["CUST-0002"])
    # The tooltip says how a node was reached.
    assert "via DEPENDS_ON from VEND-01" in nodes["CUST-0001"]["title"]
    assert "hop 2 · hop score 0.500" in nodes["CUST-0002"]["title"]


def test_subgraph_html_edges_labels_and_legend():
    page = viz.subgraph_html(_subgraph())
    edges = _vis_data(page, "edges")
    pairs = [(e["from"], e["label"], e["to"]) for e in edges]
    assert ("CUST-0001", "DEPENDS_ON", "VEND-01") in pairs
    assert pairs.count(("CUST-0002", "LOCATED_IN", "REGION-FRANKFURT")) == 1
    assert not any(e["from"] == "CUST-0009" for e in edges)
    legend = page[page.index('<div id="hl-legend">'):]
    legend = legend[: legend.index("</div>")]
    for t in ("Outage", "Vendor", "Region", "Customer"):
        assert t in legend
    assert "Ticket" not in legend  # only the types present
    assert "seed" in legend


def test_subgraph_html_escapes_labels():
    page = viz.subgraph_html(_subgraph())
    # The hostile label reaches the page only JSON-escaped inside the data, never as live markup.
    assert "<script>alert(1)</script>" not in page
    labels = {n["id"]: n["label"] for n in _vis_data(page, "nodes")}
    assert labels["CUST-0001"] == "Globex <script>alert(1)</script>"


def test_subgraph_html_href_in_a_label_is_escaped_for_the_html_popup():
    sg = _subgraph()
    sg.nodes[1].label = '<a href="javascript:alert(1)">x</a>'
    page = viz.subgraph_html(sg)
    titles = [n["title"] for n in _vis_data(page, "nodes")]
    assert all("<a href" not in t for t in titles)
    assert any("&lt;a href=" in t for t in titles)


def test_subgraph_html_physics_for_about_200_nodes():
    nodes = [SubgraphNode("VEND-01", "Vendor", "Acme", 0, 0.0, ["VEND-01"])]
    nodes += [SubgraphNode(f"CUST-{i:04d}", "Customer", f"C{i}", 1, 1.0, ["VEND-01"], "DEPENDS_ON", None, "VEND-01")
              for i in range(1, 200)]
    edges = [SubgraphEdge(n.id, "DEPENDS_ON", "VEND-01") for n in nodes[1:]]
    page = viz.subgraph_html(Subgraph(nodes, edges))
    assert len(_vis_data(page, "nodes")) == 200 and len(_vis_data(page, "edges")) == 199
    options = json.loads(re.search(r"var options = (\{.*?\});\n", page, re.S).group(1))
    assert options["physics"]["enabled"] is True
    assert options["physics"]["stabilization"]["iterations"] <= 500  # bounded layout time
    assert options["edges"]["smooth"] is False  # straight edges: cheaper to draw at this size
    assert 'network.setOptions({ physics: false })' in page  # layout frozen after stabilisation


def test_subgraph_html_rejects_tiny_height():
    with pytest.raises(ValueError, match="height_px"):
        viz.subgraph_html(_subgraph(), height_px=10)


def test_make_self_contained_strips_and_detects_external_references():
    page = (
        '<html><head><link href="https://cdn.example/x.css" rel="stylesheet"/>'
        '<script src="https://cdn.example/x.js"></script>'
        "<script>var svg = 'http://www.w3.org/2000/svg';</script></head><body></body></html>"
    )
    clean = viz.make_self_contained(page)
    assert "cdn.example" not in clean
    assert "http://www.w3.org/2000/svg" in clean  # a string inside inline JS is data, not a fetch
    assert viz.external_resources('<img src="http://x/y.png">') == ["http://x/y.png"]
    assert viz.external_resources("<style>@import url('https://f/x.css');</style>") == ["https://f/x.css"]
    with pytest.raises(RuntimeError, match="network"):
        viz.make_self_contained('<div style="background:url(https://x/y.png)"></div>')


# ---- rows and lines -----------------------------------------------------------------------------------------------


def test_hop_score_rows_sorted_and_complete():
    rows = viz.hop_score_rows(_subgraph())
    assert [r["entity"] for r in rows] == ["OUTAGE-001", "REGION-FRANKFURT", "VEND-01", "CUST-0001", "CUST-0002"]
    first_hop2 = rows[3]
    assert first_hop2 == {
        "entity": "CUST-0001", "name": "Globex <script>alert(1)</script>", "type": "Customer", "hop": 2,
        "hop score": 1.0, "seed": False, "reached from": "VEND-01", "via edge": "DEPENDS_ON", "similarity": None,
        "seeds": "OUTAGE-001",
    }
    assert rows[0]["seed"] is True and rows[0]["similarity"] == 0.83
    assert viz.hop_score_rows(None) == []


def test_stats_line_format():
    assert viz.stats_line(Usage(1200, 34, 2), Timings(total_ms=1534.0)) == "1,234 tokens · 2 calls · 1.53 s"
    assert viz.stats_line(Usage(10, 5, 1), Timings(total_ms=12.0)) == "15 tokens · 1 call · 0.01 s"


def test_format_ms():
    assert viz.format_ms(0.34) == "0.3 ms"
    assert viz.format_ms(99.94) == "99.9 ms"
    assert viz.format_ms(1292.4) == "1,292 ms"


def test_timing_rows_attribute_unassigned_time_to_other():
    rows = {r["stage"]: r["ms"] for r in viz.timing_rows(Timings(2.0, 3.0, 4.0, 1.0, 10.0, 25.0))}
    assert rows == {"embed": 2.0, "seed": 3.0, "expand": 4.0, "rank": 1.0, "generate": 10.0, "other": 5.0,
                    "total": 25.0}


def test_plan_rows_describe_path_and_filters():
    plan = Plan(kind="multi_hop", anchors=["OUTAGE-001"], target_type="Customer",
                path=[PathStep("EXPERIENCED", "in", "Vendor"), PathStep("DEPENDS_ON", "in", "Customer")],
                filters=[Filter("segment", "==", "Enterprise")], operator="list", explanation="impact path")
    rows = dict(viz.plan_rows(plan))
    assert rows["path"] == "<-[EXPERIENCED]- Vendor <-[DEPENDS_ON]- Customer"
    assert rows["filters"] == "segment == Enterprise"
    assert rows["anchors"] == "OUTAGE-001" and rows["operator"] == "list" and rows["planner"] == "rules"
    assert "attribute" not in rows
    assert viz.plan_rows(None) == []


def test_context_rows_keep_order_and_tokens():
    ctx = [ContextItem("computed", "Computed from the graph: 3", 8, "path", 1.0), ContextItem("chunk", "text", 2)]
    rows = viz.context_rows(ctx)
    assert [r["#"] for r in rows] == [1, 2] and [r["tokens"] for r in rows] == [8, 2]
    assert rows[0]["kind"] == "computed"


def test_kb_totals_and_type_rows():
    stats = {"entities": {"Customer": 250, "Vendor": 50}, "edges": {"DEPENDS_ON": 600, "LOCATED_IN": 250},
             "documents": 4000, "chunks": 9000, "tokens": 1_200_000}
    assert viz.kb_totals(stats) == {"entities": 300, "edges": 850, "documents": 4000, "chunks": 9000,
                                    "tokens": 1_200_000}
    assert viz.entity_type_rows(stats) == [{"type": "Customer", "entities": 250}, {"type": "Vendor", "entities": 50}]


# ---- figures ----------------------------------------------------------------------------------------------------------

SUMMARY = {
    "pipelines": {
        "graph": {"n": 90, "accuracy": 0.97, "ci95": [0.93, 1.0], "mean_score": 0.98,
                  "by_kind": {"lookup": {"n": 10, "accuracy": 1.0, "ci95": [1.0, 1.0]},
                              "aggregate": {"n": 10, "accuracy": 0.9, "ci95": [0.7, 1.0]}},
                  "prompt_tokens_mean": 400.0, "prompt_tokens_median": 380.0, "latency_p50_ms": 12.0,
                  "latency_p95_ms": 30.0, "retrieval_p50_ms": 8.0, "retrieval_p95_ms": 20.0, "errors": 0},
        "llm": {"n": 90, "accuracy": 0.05, "ci95": [0.01, 0.1], "mean_score": 0.05,
                "by_kind": {"lookup": {"n": 10, "accuracy": 0.1, "ci95": [0.0, 0.3]}},
                "prompt_tokens_mean": 90.0, "prompt_tokens_median": 88.0, "latency_p50_ms": 1.0,
                "latency_p95_ms": 2.0, "retrieval_p50_ms": 0.0, "retrieval_p95_ms": 0.0, "errors": 0},
        "basic": {"n": 90, "accuracy": 0.4, "ci95": [0.3, 0.5], "mean_score": 0.45,
                  "by_kind": {"lookup": {"n": 10, "accuracy": 0.8, "ci95": [0.5, 1.0]},
                              "aggregate": {"n": 10, "accuracy": 0.0, "ci95": [0.0, 0.0]}},
                  "prompt_tokens_mean": 850.0, "prompt_tokens_median": 860.0, "latency_p50_ms": 10.0,
                  "latency_p95_ms": 25.0, "retrieval_p50_ms": 6.0, "retrieval_p95_ms": 15.0, "errors": 1},
    },
    "comparisons": {},
    "config": {"suite": "public"},
}


def test_accuracy_figure_has_ci_error_bars_in_pipeline_order():
    fig = viz.accuracy_figure(SUMMARY)
    bar = fig.data[0]
    assert list(bar.x) == ["LLM-only", "BasicRAG", "GraphRAG"]
    assert list(bar.y) == [0.05, 0.4, 0.97]
    assert list(bar.error_y.array) == pytest.approx([0.05, 0.1, 0.03])
    assert list(bar.error_y.arrayminus) == pytest.approx([0.04, 0.1, 0.04])


def test_accuracy_by_kind_figure_groups_and_leaves_gaps():
    fig = viz.accuracy_by_kind_figure(SUMMARY)
    assert fig.layout.barmode == "group"
    by_name = {t.name: t for t in fig.data}
    assert list(by_name["GraphRAG"].x) == ["aggregate", "lookup"]
    assert list(by_name["GraphRAG"].y) == [0.9, 1.0]
    assert list(by_name["LLM-only"].y) == [None, 0.1]  # no aggregate questions answered: a gap, not a zero


def test_latency_and_scatter_figures():
    fig = viz.latency_figure(SUMMARY)
    series = {t.name: list(t.y) for t in fig.data}
    assert series["total p95"] == [2.0, 25.0, 30.0]
    assert series["retrieval p50"] == [0.0, 6.0, 8.0]
    sc = viz.token_accuracy_figure(SUMMARY)
    pts = {t.name: (t.x[0], t.y[0]) for t in sc.data}
    assert pts["GraphRAG"] == (380.0, 0.97) and pts["BasicRAG"] == (860.0, 0.4)


def test_token_distribution_and_filters_and_csv():
    rows = pd.DataFrame([
        {"question_id": "q1", "kind": "lookup", "question": "Who manages CUST-0001?", "pipeline": "graph",
         "answer": "EMP-001", "verdict": "PASS", "prompt_tokens": 300},
        {"question_id": "q1", "kind": "lookup", "question": "Who manages CUST-0001?", "pipeline": "basic",
         "answer": "not found", "verdict": "FAIL", "prompt_tokens": 800},
        {"question_id": "q2", "kind": "aggregate", "question": "How many tickets?", "pipeline": "graph",
         "answer": "12", "verdict": "PASS", "prompt_tokens": 350},
    ])
    fig = viz.token_distribution_figure(rows)
    assert [t.name for t in fig.data] == ["BasicRAG", "GraphRAG"]
    assert sorted(fig.data[1].y) == [300, 350]
    assert list(viz.filter_results(rows, pipelines=["graph"])["question_id"]) == ["q1", "q2"]
    assert list(viz.filter_results(rows, verdicts=["FAIL"])["pipeline"]) == ["basic"]
    assert list(viz.filter_results(rows, kinds=["aggregate"], text="TICKETS")["question_id"]) == ["q2"]
    assert len(viz.filter_results(rows, text="cust-0001")) == 2
    assert len(viz.filter_results(rows)) == 3
    csv = viz.results_csv(rows).decode()
    assert csv.splitlines()[0].startswith("question_id,kind,question,pipeline")
    assert len(csv.strip().splitlines()) == 4
    with pytest.raises(ValueError, match="hoplens eval"):
        viz.filter_results(pd.DataFrame({"x": [1]}))


def test_compare_figures_stack_tokens_and_stages():
    answers = {
        "llm": Answer("q", "llm", "a", usage=Usage(90, 5, 1), timings=Timings(generate_ms=1.0, total_ms=1.5)),
        "graph": Answer("q", "graph", "b", usage=Usage(400, 10, 1),
                        timings=Timings(1.0, 2.0, 3.0, 1.0, 2.0, 10.0)),
    }
    tok = viz.compare_tokens_figure(answers)
    assert tok.layout.barmode == "stack"
    assert {t.name: list(t.y) for t in tok.data} == {"prompt": [90, 400], "completion": [5, 10]}
    lat = viz.compare_latency_figure(answers)
    by = {t.name: list(t.y) for t in lat.data}
    assert by["generate"] == [1.0, 2.0] and by["other"] == pytest.approx([0.5, 1.0])
    assert isinstance(viz.timings_figure(answers["graph"].timings), go.Figure)


def test_summary_rows_label_pipelines():
    rows = viz.summary_rows(SUMMARY)
    assert [r["pipeline"] for r in rows] == ["LLM-only", "BasicRAG", "GraphRAG"]
    assert rows[2]["ci95 low"] == 0.93 and rows[1]["errors"] == 1
