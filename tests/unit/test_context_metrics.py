"""Reader-free context metrics on a hand-built graph: supports from templates, each gold type's rule, precision."""

from __future__ import annotations

import pytest

from core.dataset import question_templates as qt
from core.dataset.kb import KB
from core.dataset.questions import Instance
from core.evaluation.context_metrics import Mentions, Support, context_metrics, support_for
from core.evaluation.metrics import context_block, is_confident_wrong, pipeline_summary
from core.records import Edge, Entity, Question

ENTITIES = [
    Entity("OUTAGE-001", "Outage", "Paris database outage", ["Paris database outage (May 2024)"], {}),
    Entity("VEND-01", "Vendor", "Baytree DB", [], {}),
    Entity("REGION-PARIS", "Region", "Paris", [], {}),
    Entity("CUST-0001", "Customer", "Acme Corp", ["Acme"], {}),
    Entity("CUST-0002", "Customer", "Beta Labs", [], {}),
    Entity("CUST-0003", "Customer", "Gamma Retail", [], {}),
    Entity("TICK-00001", "Ticket", "Login fails", [], {}),
    Entity("TICK-00002", "Ticket", "Export broken", [], {}),
]
EDGES = [
    Edge("VEND-01", "EXPERIENCED", "OUTAGE-001"),
    Edge("OUTAGE-001", "IN_REGION", "REGION-PARIS"),
    Edge("CUST-0001", "DEPENDS_ON", "VEND-01"),
    Edge("CUST-0002", "DEPENDS_ON", "VEND-01"),
    Edge("CUST-0003", "DEPENDS_ON", "VEND-01"),
    Edge("CUST-0001", "LOCATED_IN", "REGION-PARIS"),
    Edge("CUST-0002", "LOCATED_IN", "REGION-PARIS"),
    Edge("CUST-0001", "OPENED", "TICK-00001"),
    Edge("CUST-0001", "OPENED", "TICK-00002"),
]
KB_ = KB(ENTITIES, EDGES)
M = Mentions.from_entities(ENTITIES)

# impacted customers: depend on the outage's vendor AND sit in its region (CUST-0001, CUST-0002; not CUST-0003)
IMPACT = qt.Traverse(
    "t_impacted", "multi_hop", "Outage", "Customer",
    ((("EXPERIENCED", "in", "Vendor"), ("DEPENDS_ON", "in", "Customer")),
     (("IN_REGION", "out", "Region"), ("LOCATED_IN", "in", "Customer"))),
    ("Which customers were impacted by {a}?",), "{answer}")


@pytest.fixture(autouse=True)
def _template(monkeypatch):
    monkeypatch.setitem(qt.BY_NAME, IMPACT.name, IMPACT)


def _q(gold, kind="multi_hop", text="Which customers were impacted by OUTAGE-001?", anchors=("OUTAGE-001",)):
    return Question("q-1", kind, text, gold, "", 2, list(anchors))


def test_support_follows_the_template_paths_to_members_and_intermediates():
    q = _q({"type": "set", "ids": ["CUST-0001", "CUST-0002"], "names": ["Acme Corp", "Beta Labs"]})
    s = support_for(KB_, q, Instance(IMPACT.name, ("OUTAGE-001",)))
    assert s.members == ("CUST-0001", "CUST-0002")
    assert set(s.path) == {"VEND-01", "REGION-PARIS"}  # CUST-0003 (vendor only) is not on a path to a member


def test_set_in_context_needs_every_member_by_id_or_name():
    q = _q({"type": "set", "ids": ["CUST-0001", "CUST-0002"], "names": ["Acme Corp", "Beta Labs"]})
    s = support_for(KB_, q, Instance(IMPACT.name, ("OUTAGE-001",)))
    both = context_metrics(s, ["[c1] OUTAGE-001 hit Baytree DB customers Acme and CUST-0002."], M)
    assert both["answer_in_context"] is True and both["gold_recall"] == 1.0
    one = context_metrics(s, ["[c1] Acme Corp (CUST-0001) reported errors.", "[c2] Gamma Retail is fine."], M)
    assert one["answer_in_context"] is False and one["gold_recall"] == 0.5
    assert one["context_precision"] == 0.5  # Acme relevant, Gamma not
    assert context_metrics(s, [], M) == {"answer_in_context": False, "gold_recall": 0.0, "context_precision": None,
                                         "context_entities": 0}


def test_names_match_longest_first_without_overlap():
    # "Paris database outage" is the outage, not also the Paris region
    assert M.find("the Paris database outage hit us") == {"OUTAGE-001"}
    assert M.find("REGION-PARIS and Paris") == {"REGION-PARIS"}
    assert M.find("acmeCorp") == set()  # whole words only


def test_count_in_context_by_members_or_by_the_number_next_to_the_anchor():
    gold = {"type": "count", "value": 2}
    s = Support("count", ("CUST-0001",), ("TICK-00001", "TICK-00002"), (), 2)
    assert context_metrics(s, ["CUST-0001 opened TICK-00001.", "TICK-00002 came from Acme."], M)["answer_in_context"]
    assert context_metrics(s, ["Computed from the graph: Acme Corp (CUST-0001) opened 2 tickets."], M)[
        "answer_in_context"]
    # the number alone, in a line about something else, is not the answer
    assert not context_metrics(s, ["Beta Labs (CUST-0002) opened 2 tickets.", "TICK-00001"], M)["answer_in_context"]
    assert gold["value"] == s.value


def test_value_must_sit_in_a_line_that_names_the_anchor():
    s = Support("value", ("CUST-0001",), value="2024-05-01")
    assert context_metrics(s, ["Acme Corp renews on May 1, 2024."], M)["answer_in_context"] is True
    assert context_metrics(s, ["Beta Labs renews on 2024-05-01."], M)["answer_in_context"] is False


def test_unanswerable_questions_have_no_context_metric():
    assert context_metrics(Support("none"), ["anything"], M)["answer_in_context"] is None


def test_comparison_counts_stated_per_anchor():
    s = Support("set", ("CUST-0001", "CUST-0002"), ("TICK-00001", "TICK-00002"), (), None,
                (("CUST-0001", 2), ("CUST-0002", 0)))
    lines = ["Computed from the graph: Acme Corp (CUST-0001) opened 2 tickets; CUST-0002 opened 0."]
    assert context_metrics(s, lines, M)["answer_in_context"] is True
    assert context_metrics(s, ["Acme Corp (CUST-0001) opened 2 tickets."], M)["answer_in_context"] is False


def test_summary_blocks_carry_cis_and_confident_wrong():
    rows = [
        {"question_id": "a", "kind": "lookup", "pipeline": "basic", "verdict": "PASS", "score": 1.0, "answer": "x",
         "answer_in_context": True, "gold_recall": 1.0, "context_precision": 0.5, "context_tokens": 100},
        {"question_id": "b", "kind": "lookup", "pipeline": "basic", "verdict": "FAIL", "score": 0.0,
         "answer": "CUST-0009", "answer_in_context": False, "gold_recall": 0.0, "context_precision": 0.0,
         "context_tokens": 300},
        {"question_id": "c", "kind": "unanswerable", "pipeline": "basic", "verdict": "FAIL", "score": 0.0,
         "answer": "Not found in the provided context.", "answer_in_context": None, "gold_recall": None,
         "context_precision": None, "context_tokens": 0},
    ]
    block = context_block(rows)
    assert block["answer_in_context"]["n"] == 2 and block["answer_in_context"]["mean"] == 0.5
    lo, hi = block["answer_in_context"]["ci95"]
    assert 0.0 <= lo <= 0.5 <= hi <= 1.0
    assert [is_confident_wrong(r) for r in rows] == [False, True, False]
    for r in rows:
        r.update({"prompt_tokens": 1, "completion_tokens": 1, "calls": 1, "total_ms": 1.0, "retrieval_ms": 1.0})
    summary = pipeline_summary(rows)
    assert summary["confident_wrong"] == 1
    assert summary["by_kind"]["lookup"]["context"]["answer_in_context"]["mean"] == 0.5
    assert summary["by_kind"]["unanswerable"]["context"]["answer_in_context"]["n"] == 0
