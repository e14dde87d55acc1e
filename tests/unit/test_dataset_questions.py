"""Question suites: sizes, kinds, phrasings, and every gold answer re-derived by a traversal written here.

The semantics below are this test's own reading of each template (from its name and the ontology), evaluated on the
raw JSONL files; they share no code with core.dataset.questions / core.dataset.kb.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from core.cli import main
from core.dataset import question_templates as qt
from core.dataset.generate import generate_dataset
from core.dataset.io import write_jsonl
from core.dataset.questions import build_suite, build_suite_detailed, load_suite, write_suite
from core.dataset.scales import SCALES
from core.dataset.world import build_world
from core.records import Question
from core.schema import ENTITY_ID_RE, VERTEX_TYPES, type_of_id, vertex_type

KINDS = {"lookup", "relation", "multi_hop", "aggregate", "comparison", "portfolio", "alias", "unanswerable"}


class Raw:
    def __init__(self, data: Path):
        self.entities = {}
        for line in (data / "entities.jsonl").read_text().splitlines():
            e = json.loads(line)
            self.entities[e["id"]] = e
        self.out: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.inn: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.adj: dict[str, set[str]] = defaultdict(set)
        for line in (data / "edges.jsonl").read_text().splitlines():
            e = json.loads(line)
            self.out[(e["src"], e["type"])].add(e["dst"])
            self.inn[(e["dst"], e["type"])].add(e["src"])
            self.adj[e["src"]].add(e["dst"])
            self.adj[e["dst"]].add(e["src"])

    def of(self, etype):
        return {i for i, e in self.entities.items() if e["type"] == etype}

    def o(self, a, edge):
        return set(self.out[(a, edge)])

    def i(self, a, edge, etype):
        return {s for s in self.inn[(a, edge)] if self.entities[s]["type"] == etype}

    def attr(self, eid, name):
        return self.entities[eid]["attrs"][name]


def semantics(g: Raw) -> dict[str, callable]:
    """template name -> f(anchor, filter value) -> set of ids (relations, multi-hop, comparisons) or int (counts)."""

    def vendor(outage):
        return next(iter(g.i(outage, "EXPERIENCED", "Vendor")))

    def region(x):
        return next(iter(g.o(x, "IN_REGION")))

    def impacted(outage):
        return {c for c in g.of("Customer") if vendor(outage) in g.o(c, "DEPENDS_ON")
                and g.o(c, "LOCATED_IN") == {region(outage)}}

    def union(sets):
        out = set()
        for s in sets:
            out |= s
        return out

    def customers_in(r):
        return {c for c in g.of("Customer") if g.o(c, "LOCATED_IN") == {r}}

    def dependants(v):
        return {c for c in g.of("Customer") if v in g.o(c, "DEPENDS_ON")}

    s = {
        "customer_vendors": lambda a, v: g.o(a, "DEPENDS_ON"),
        "customer_region": lambda a, v: g.o(a, "LOCATED_IN"),
        "customer_csm": lambda a, v: g.i(a, "CSM_FOR", "Employee"),
        "customer_account_manager": lambda a, v: g.i(a, "MANAGES_ACCOUNT", "Employee"),
        "outage_region": lambda a, v: {region(a)},
        "outage_vendor": lambda a, v: {vendor(a)},
        "vendor_regions": lambda a, v: g.o(a, "OPERATES_IN"),
        "vendor_outages": lambda a, v: g.o(a, "EXPERIENCED"),
        "region_vendors": lambda a, v: {x for x in g.of("Vendor") if a in g.o(x, "OPERATES_IN")},
        "ticket_customer": lambda a, v: g.o(a, "OPENED_BY"),
        "ticket_assignee": lambda a, v: g.o(a, "ASSIGNED_TO"),
        "ticket_outage": lambda a, v: g.o(a, "CAUSED_BY"),
        "outage_tickets": lambda a, v: {t for t in g.of("Ticket") if a in g.o(t, "CAUSED_BY")},
        "case_customer": lambda a, v: g.o(a, "CONCERNS"),
        "case_outage": lambda a, v: g.o(a, "TRIGGERED_BY"),
        "project_vendors": lambda a, v: g.o(a, "USES_VENDOR"),
        "project_customer": lambda a, v: g.o(a, "FOR_CUSTOMER"),
        "customer_projects": lambda a, v: {p for p in g.of("Project") if a in g.o(p, "FOR_CUSTOMER")},
        "customer_cases": lambda a, v: {k for k in g.of("ComplianceCase") if a in g.o(k, "CONCERNS")},
        "employee_csm_customers": lambda a, v: g.o(a, "CSM_FOR"),
        "employee_managed_customers": lambda a, v: g.o(a, "MANAGES_ACCOUNT"),
        "outage_impacted_customers": lambda a, v: impacted(a),
        "outage_impacts_customer": lambda a, v: impacted(a),  # yes/no: is the second anchor in it?
        "outage_impacted_projects": lambda a, v: {p for p in g.of("Project") if vendor(a) in g.o(p, "USES_VENDOR")
                                                   and region(p) == region(a)},
        "region_customer_vendors": lambda a, v: union(g.o(c, "DEPENDS_ON") for c in customers_in(a)),
        "vendor_outage_tickets": lambda a, v: union(s["outage_tickets"](o, v) for o in g.o(a, "EXPERIENCED")),
        "vendor_outage_regions": lambda a, v: {region(o) for o in g.o(a, "EXPERIENCED")},
        "outage_ticket_assignees": lambda a, v: union(g.o(t, "ASSIGNED_TO") for t in s["outage_tickets"](a, v)),
        "outage_ticket_customers": lambda a, v: union(g.o(t, "OPENED_BY") for t in s["outage_tickets"](a, v)),
        "outage_impacted_account_managers": lambda a, v: union(g.i(c, "MANAGES_ACCOUNT", "Employee") for c in impacted(a)),
        "region_customer_csms": lambda a, v: union(g.i(c, "CSM_FOR", "Employee") for c in customers_in(a)),
        "vendor_customer_cases": lambda a, v: {k for k in g.of("ComplianceCase") if g.o(k, "CONCERNS") & dependants(a)},
        "customer_vendor_outages": lambda a, v: union(g.o(x, "EXPERIENCED") for x in g.o(a, "DEPENDS_ON")),
        "count_outage_impacted_customers": lambda a, v: len(impacted(a)),
        "count_customer_tickets": lambda a, v: len({t for t in g.of("Ticket") if g.o(t, "OPENED_BY") == {a}}),
        "count_vendor_customer_priority_tickets": lambda a, v: len(
            {t for t in g.of("Ticket") if g.o(t, "OPENED_BY") & dependants(a) and g.attr(t, "priority") == v}),
        "count_outage_tickets": lambda a, v: len(s["outage_tickets"](a, v)),
        "count_employee_status_tickets": lambda a, v: len(
            {t for t in g.of("Ticket") if g.o(t, "ASSIGNED_TO") == {a} and g.attr(t, "status") == v}),
        "count_region_segment_customers": lambda a, v: len({c for c in customers_in(a) if g.attr(c, "segment") == v}),
        "count_vendor_customers": lambda a, v: len(dependants(a)),
        "count_vendor_outages": lambda a, v: len(g.o(a, "EXPERIENCED")),
        "count_region_cases": lambda a, v: len({k for k in g.of("ComplianceCase") if g.o(k, "IN_REGION") == {a}}),
        "count_region_severity_outages": lambda a, v: len(
            {o for o in g.of("Outage") if region(o) == a and g.attr(o, "severity") == v}),
        "compare_customer_tickets": lambda a, v: s["count_customer_tickets"](a, v),
        "compare_vendor_outages": lambda a, v: len(g.o(a, "EXPERIENCED")),
        "compare_outage_impact": lambda a, v: len(impacted(a)),
        "compare_region_customers": lambda a, v: len(customers_in(a)),
        "compare_employee_tickets": lambda a, v: len({t for t in g.of("Ticket") if g.o(t, "ASSIGNED_TO") == {a}}),
        "compare_vendor_customers": lambda a, v: len(dependants(a)),
    }
    return s


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("q") / "tiny"
    generate_dataset("tiny", 5, out, progress=False)
    return out


@pytest.fixture(scope="module")
def suites(tiny):
    return {name: build_suite_detailed(tiny, name) for name in ("public", "extended")}


def _lookup_attr(template: str) -> tuple[str, str]:
    rest = template.removeprefix("lookup_")
    for vt in VERTEX_TYPES:
        if rest.startswith(vt.name.lower() + "_"):
            return vt.name, rest[len(vt.name) + 1:]
    raise AssertionError(f"cannot read type/attribute from {template}")


def _names(g: Raw, eid: str) -> list[str]:
    e = g.entities[eid]
    return [e["name"], *e["aliases"]]


def test_suite_sizes_and_kind_coverage(suites):
    public, extended = suites["public"], suites["extended"]
    assert len(public) == 90 and len(extended) >= 300
    for suite in (public, extended):
        kinds = Counter(q.kind for q, _ in suite)
        assert set(kinds) == KINDS
        assert max(kinds.values()) <= 1.5 * min(kinds.values()), kinds  # roughly balanced
        assert len({q.id for q, _ in suite}) == len(suite)
        assert len({q.question for q, _ in suite}) == len(suite)
    assert len({i.template for _, i in public}) >= 40
    assert len({i.template for _, i in extended}) >= 80


def test_suites_are_deterministic_and_seeded(tiny, suites):
    again = [q.to_dict() for q in build_suite(tiny, "public")]
    assert again == [q.to_dict() for q, _ in suites["public"]]
    other = [q.to_dict() for q in build_suite(tiny, "public", seed=1)]
    assert other != again


def test_gold_shapes(suites):
    for q, _ in suites["public"] + suites["extended"]:
        gold = q.gold
        assert q.reference.strip() and q.reference.count(". ") <= 1 and q.reference.endswith("."), q.reference
        if gold["type"] == "set":
            assert gold["ids"] == sorted(set(gold["ids"])) and 1 <= len(gold["ids"]) <= 25
            assert len(gold["names"]) == len(gold["ids"])
        elif gold["type"] == "count":
            assert isinstance(gold["value"], int) and gold["value"] >= 0
        elif gold["type"] == "value":
            assert gold["value"] not in (None, "", [])
        elif gold["type"] == "bool":
            assert isinstance(gold["value"], bool) and len(q.anchors) == 2
        else:
            assert gold == {"type": "none"} and q.kind == "unanswerable"
        assert isinstance(q.hops, int) and 0 <= q.hops <= 3


def test_every_gold_answer_rederived_independently(tiny, suites):
    g = Raw(tiny)
    sem = semantics(g)
    checked = Counter()
    for q, inst in suites["public"] + suites["extended"]:
        t, v = inst.template, inst.params.get("v")
        if v is not None:
            assert str(v) in q.question, q.question  # the question states its filter
        if q.kind == "unanswerable":
            fake = inst.params["fake"]
            assert fake in q.question and fake not in g.entities
            assert not any(fake.lower() == n.lower() for e in g.entities for n in _names(g, e))
            if inst.ref == "fake_id":
                assert type_of_id(fake) is not None and q.anchors == [fake]
            checked["unanswerable"] += 1
            continue
        anchors = list(inst.anchors)
        assert q.anchors == anchors
        if q.kind == "alias":
            assert not ENTITY_ID_RE.search(q.question), q.question
            for a in anchors:
                used = [n for n in _names(g, a) if n in q.question]
                assert used, (q.question, a)
                others = [e for e in g.entities if e != a and any(n.lower() == used[0].lower() for n in _names(g, e))]
                assert not others, (used[0], others)
        else:
            assert all(a in q.question for a in anchors), q.question
        if t.startswith("lookup_"):
            etype, attr = _lookup_attr(t)
            assert g.entities[anchors[0]]["type"] == etype
            assert q.gold == {"type": "value", "value": g.attr(anchors[0], attr)}
            words = vertex_type(etype).attr(attr).words
            assert any(w in q.question.lower() for w in words), (q.question, words)
        elif t.startswith("compare_"):
            a, b = anchors
            ca, cb = sem[t](a, v), sem[t](b, v)
            assert ca != cb
            winner = a if ca > cb else b
            assert q.gold == {"type": "set", "ids": [winner], "names": [g.entities[winner]["name"]]}
        elif q.gold["type"] == "bool":
            assert q.gold == {"type": "bool", "value": anchors[1] in sem[t](anchors[0], v)}
            checked["bool_" + str(q.gold["value"])] += 1
        elif t == "portfolio":
            expected = sorted(g.adj[anchors[0]])
            assert q.gold["ids"] == expected
        elif t.startswith("count_"):
            assert q.gold == {"type": "count", "value": sem[t](anchors[0], v)}, (q.question, q.gold)
        else:
            expected = sorted(sem[t](anchors[0], v))
            assert q.gold["ids"] == expected, (q.question, q.gold, expected)
            assert q.gold["names"] == [g.entities[i]["name"] for i in expected]
        checked[q.kind] += 1
    assert set(checked) >= KINDS
    assert checked["bool_True"] and checked["bool_False"]  # yes/no questions have both answers


def test_test_semantics_cover_every_template(tiny):
    sem = semantics(Raw(tiny))
    for t in qt.ALL:
        assert t.name.startswith("lookup_") or t.name == "portfolio" or t.name in sem, t.name


def test_every_template_has_three_varied_phrasings():
    for t in qt.ALL:
        assert len(t.phrasings) >= 3, t.name
        for p in t.phrasings:
            assert "{a}" in p, (t.name, p)
            if isinstance(t, qt.Compare | qt.Membership):
                assert "{b}" in p
            if isinstance(t, qt.Traverse) and t.filter_attr:
                assert "{v}" in p
        words = [re.findall(r"[\w{}']+", p.lower()) for p in t.phrasings]
        for i in range(len(words)):
            for j in range(i + 1, len(words)):
                ratio = difflib.SequenceMatcher(a=words[i], b=words[j]).ratio()
                assert ratio < 0.8, (t.name, t.phrasings[i], t.phrasings[j], ratio)
        if isinstance(t, qt.Lookup):
            words_for = vertex_type(t.type).attr(t.attr).words
            for p in t.phrasings:
                assert any(w in p.lower() for w in words_for), (t.name, p, words_for)


def test_load_suite_by_name_and_from_file(tiny, tmp_path, suites):
    by_name = load_suite("public", tiny)
    assert [q.to_dict() for q in by_name] == [q.to_dict() for q, _ in suites["public"]]
    path = tmp_path / "suite.jsonl"
    write_suite(by_name, path)
    assert [q.to_dict() for q in load_suite(str(path), tiny)] == [q.to_dict() for q in by_name]


def test_load_suite_errors_are_clear(tiny, tmp_path):
    with pytest.raises(FileNotFoundError, match="public or extended"):
        load_suite(str(tmp_path / "missing.jsonl"), tiny)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "kind": "lookup", "question": "q?", "gold": {"type": "value", "value": 1}}\n{not json\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:2"):
        load_suite(str(bad), tiny)
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text(json.dumps(Question("x", "trivia", "q?", {"type": "value", "value": 1}).to_dict()) + "\n")
    with pytest.raises(ValueError, match="not a valid question"):
        load_suite(str(wrong), tiny)
    with pytest.raises(ValueError, match="unknown suite"):
        build_suite(tiny, "secret")
    with pytest.raises(FileNotFoundError, match="generate a dataset first"):
        build_suite(tmp_path, "public")


def test_questions_cli_writes_the_suite(tiny, tmp_path, capsys):
    out = tmp_path / "pub.jsonl"
    assert main(["questions", "--data", str(tiny), "--suite", "public", "--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 90 and "90 public questions" in capsys.readouterr().out
    assert json.loads(lines[0])["gold"]["type"] in {"count", "set", "value", "none"}


def test_demo_scale_matches_the_case_study_and_builds_the_public_suite(tmp_path):
    # The graph only (documents are what make `hoplens generate --scale demo` take seconds; they are covered at tiny).
    world = build_world(SCALES["demo"], 7)
    counts = Counter(e.type for e in world.entities.values())
    assert (counts["Customer"], counts["Vendor"], counts["Outage"], counts["Region"], counts["Employee"]) == (
        250, 50, 100, 10, 200)
    assert counts["Ticket"] >= 3000 and counts["ComplianceCase"] > 0 and counts["Project"] > 0
    assert SCALES["demo"].planned_documents() >= 3000
    write_jsonl(tmp_path / "entities.jsonl", world.entities.values())
    write_jsonl(tmp_path / "edges.jsonl", world.edges)
    (tmp_path / "manifest.json").write_text("{}")
    public = build_suite(tmp_path, "public")
    assert len(public) == 90 and {q.kind for q in public} == KINDS
    assert [q.to_dict() for q in build_suite(tmp_path, "public")] == [q.to_dict() for q in public]
