"""The generated knowledge base: referential integrity, ontology conformance, coherence rules, documents.

Everything here reads the files (entities.jsonl, edges.jsonl, documents.jsonl) with plain json and checks them with
small traversals written in this file, so a bug in the generator's own helpers cannot hide itself.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from core.dataset.generate import generate_dataset
from core.dataset.scales import SCALES
from core.schema import DATE, ENTITY_ID_RE, FLOAT, INT, LIST, edge_allowed, entity_types, type_of_id, vertex_type


class Graph:
    """An independent, minimal view of the files."""

    def __init__(self, data: Path):
        self.entities = {e["id"]: e for e in _read(data / "entities.jsonl")}
        self.edges = _read(data / "edges.jsonl")
        self.documents = _read(data / "documents.jsonl")
        self.manifest = json.loads((data / "manifest.json").read_text())
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        for e in self.edges:
            self.out[(e["src"], e["type"])].append(e["dst"])
            self.inn[(e["dst"], e["type"])].append(e["src"])

    def of(self, etype: str) -> list[str]:
        return sorted(i for i, e in self.entities.items() if e["type"] == etype)

    def typed_in(self, eid: str, edge: str, src_type: str) -> list[str]:
        return [s for s in self.inn[(eid, edge)] if self.entities[s]["type"] == src_type]

    def one(self, eid: str, edge: str) -> str:
        found = self.out[(eid, edge)]
        assert len(found) == 1, (eid, edge, found)
        return found[0]

    def impacted(self, outage: str) -> set[str]:
        vendor = self.inn[(outage, "EXPERIENCED")][0]
        region = self.one(outage, "IN_REGION")
        return {c for c in self.inn[(vendor, "DEPENDS_ON")] if self.out[(c, "LOCATED_IN")] == [region]}


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module", params=[0, 7], ids=["tiny", "tiny-full-detail"])
def g(request, tmp_path_factory) -> Graph:
    """The tiny world, written once with tiny's short documents and once with the full scale's long ones."""
    out = tmp_path_factory.mktemp("kb") / "tiny"
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(SCALES, "tiny", replace(SCALES["tiny"], detail=request.param))
        generate_dataset("tiny", 11, out, progress=False)
    return Graph(out)


# ---- integrity ------------------------------------------------------------------------------------------------------


def test_every_edge_endpoint_exists_and_matches_the_ontology(g):
    assert g.edges
    for e in g.edges:
        assert e["src"] in g.entities and e["dst"] in g.entities, e
        src_t, dst_t = g.entities[e["src"]]["type"], g.entities[e["dst"]]["type"]
        assert edge_allowed(src_t, e["type"], dst_t), f"{src_t} -{e['type']}-> {dst_t} is not declared"
    # no duplicate edges
    keys = Counter((e["src"], e["type"], e["dst"]) for e in g.edges)
    assert max(keys.values()) == 1


def test_ids_follow_the_schema_and_types_are_entity_types(g):
    names = {v.name for v in entity_types()}
    for eid, e in g.entities.items():
        assert e["type"] in names
        assert type_of_id(eid) == e["type"], eid
    assert "REGION-FRANKFURT" in g.entities


def test_every_declared_attribute_is_filled_with_the_declared_kind(g):
    for e in g.entities.values():
        vt = vertex_type(e["type"])
        assert e["name"].strip()
        assert e["aliases"] and all(a.strip() and a != e["name"] for a in e["aliases"]), e
        for attr in vt.attrs:
            if attr.name == "name":
                continue
            assert attr.name in e["attrs"], (e["id"], attr.name)
            v = e["attrs"][attr.name]
            if attr.values:
                assert v in attr.values, (e["id"], attr.name, v)
            if attr.kind == INT:
                assert isinstance(v, int)
            elif attr.kind == FLOAT:
                assert isinstance(v, float)
            elif attr.kind == DATE:
                date.fromisoformat(v)
            elif attr.kind == LIST:
                assert isinstance(v, list) and v
            else:
                assert isinstance(v, str) and v


def test_company_aliases_look_like_real_company_aliases(g):
    for cid in g.of("Customer"):
        c = g.entities[cid]
        brand = c["aliases"][0]
        assert c["name"].startswith(brand + " ")
        assert any(a.upper().startswith(brand.upper() + " ") and a != c["name"] for a in c["aliases"][1:])
    # a brand names one company only
    brands = [g.entities[i]["aliases"][0] for i in (*g.of("Customer"), *g.of("Vendor"))]
    assert len(brands) == len(set(brands))


def test_manifest_counts_match_the_files(g):
    m = g.manifest
    assert m["scale"] == "tiny" and m["seed"] == 11 and m["generator_version"]
    assert m["entities"] == dict(Counter(e["type"] for e in g.entities.values())) | {
        t: 0 for t in m["entities"] if t not in Counter(e["type"] for e in g.entities.values())}
    assert m["edges"] == dict(Counter(e["type"] for e in g.edges))
    assert m["documents"] == len(g.documents)
    assert m["documents_by_kind"] == dict(Counter(d["kind"] for d in g.documents))
    assert m["characters"] == sum(len(d["text"]) for d in g.documents)
    assert 0.15 * m["characters"] < m["estimated_tokens"] < 0.5 * m["characters"]


# ---- coherence --------------------------------------------------------------------------------------------------------


def test_outage_vendor_operates_in_outage_region(g):
    for o in g.of("Outage"):
        vendors = g.inn[(o, "EXPERIENCED")]
        assert len(vendors) == 1
        assert g.one(o, "IN_REGION") in g.out[(vendors[0], "OPERATES_IN")]


def test_customers_have_one_region_one_primary_and_up_to_three_secondary_vendors(g):
    roles = {(e["src"], e["dst"]): e["attrs"].get("role") for e in g.edges if e["type"] == "DEPENDS_ON"}
    assert set(roles.values()) == {"primary", "secondary"}
    for c in g.of("Customer"):
        region = g.one(c, "LOCATED_IN")
        vendors = g.out[(c, "DEPENDS_ON")]
        mine = [roles[(c, v)] for v in vendors]
        assert mine.count("primary") == 1 and 0 <= mine.count("secondary") <= 3, (c, mine)
        assert all(region in g.out[(v, "OPERATES_IN")] for v in vendors), c
        assert len(g.typed_in(c, "MANAGES_ACCOUNT", "Employee")) == 1
        assert len(g.typed_in(c, "CSM_FOR", "Employee")) == 1
    for e in g.edges:
        assert ("role" in e["attrs"]) == (e["type"] == "DEPENDS_ON")


def test_tickets_caused_by_an_outage_come_from_impacted_customers(g):
    caused = 0
    for t in g.of("Ticket"):
        customer = g.one(t, "OPENED_BY")
        assert g.entities[g.one(t, "ASSIGNED_TO")]["attrs"]["department"] == "Support"
        outages = g.out[(t, "CAUSED_BY")]
        assert len(outages) <= 1
        if outages:
            caused += 1
            assert customer in g.impacted(outages[0]), (t, customer, outages[0])
            assert g.entities[t]["attrs"]["opened_at"] >= g.entities[outages[0]]["attrs"]["started_at"]
    assert 0 < caused < len(g.of("Ticket"))


def test_compliance_cases_triggered_by_an_outage_concern_impacted_customers_in_its_region(g):
    triggered = 0
    for k in g.of("ComplianceCase"):
        customer = g.one(k, "CONCERNS")
        region = g.one(k, "IN_REGION")
        outages = g.out[(k, "TRIGGERED_BY")]
        assert len(outages) <= 1
        if outages:
            triggered += 1
            assert customer in g.impacted(outages[0])
            assert region == g.one(outages[0], "IN_REGION")
        else:
            assert region == g.one(customer, "LOCATED_IN")
    assert triggered > 0


def test_projects_run_in_their_customers_region_and_use_its_vendors(g):
    for p in g.of("Project"):
        customer = g.one(p, "FOR_CUSTOMER")
        assert g.one(p, "IN_REGION") == g.one(customer, "LOCATED_IN")
        used = g.out[(p, "USES_VENDOR")]
        assert used and set(used) <= set(g.out[(customer, "DEPENDS_ON")])
        a = g.entities[p]["attrs"]
        assert a["start_date"] < a["end_date"]


def test_outage_impact_is_varied_so_multi_hop_questions_are_not_trivial(g):
    sizes = [len(g.impacted(o)) for o in g.of("Outage")]
    assert sum(s >= 2 for s in sizes) >= len(sizes) / 2, sizes
    assert 0 in sizes, "some outages must hit no customer"
    assert len(set(sizes)) >= 4


def test_account_roles_come_from_the_right_departments(g):
    for e in g.edges:
        if e["type"] == "MANAGES_ACCOUNT":
            assert g.entities[e["src"]]["attrs"]["department"] == "Sales"
        if e["type"] == "CSM_FOR":
            assert g.entities[e["src"]]["attrs"]["department"] == "Customer Success"


# ---- documents ----------------------------------------------------------------------------------------------------------

NUMBER = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
          r"sixteen|seventeen|eighteen|nineteen|twenty|several|multiple|dozens of|a handful of|a few)")
NOUN = (r"(?:customers?|accounts?|clients?|tickets?|cases?|incidents?|outages?|vendors?|suppliers?|providers?|"
        r"regions?|employees?|projects?|initiatives?|matters?|issues?)")
# "<number> [up to two lower-case or filter words] <entity noun>", not part of an id or a date.
COUNT_PHRASE = re.compile(
    r"(?<![\w\-#/.,:])(?i:" + NUMBER + r") (?:(?:[a-z][a-z-]*|P[0-3]|Enterprise|Mid-Market|SMB|Open|Closed) ){0,2}"
    r"(?i:" + NOUN + r")\b(?!-)"
)


def test_count_phrase_detector_catches_counts():
    for leak in ("it hit 7 customers", "three impacted accounts", "we saw 12 P1 tickets", "Seven customers",
                 "affecting several clients", "2 Enterprise accounts"):
        assert COUNT_PHRASE.search(leak), leak
    for fine in ("CUST-0042 opened TICK-00012", "ISO 27001 Audit case", "on 12 March 2024 in REGION-TOKYO",
                 "lasted 7.5 hours", "P1 tickets"):
        assert not COUNT_PHRASE.search(fine), fine


def test_no_document_writes_an_aggregate(g):
    leaks = [(d["id"], m.group(0)) for d in g.documents for m in COUNT_PHRASE.finditer(d["title"] + "\n" + d["text"])]
    assert not leaks, leaks[:10]


def test_no_document_enumerates_an_outages_impacted_customers(g):
    # Listing every impacted customer next to the outage would hand out the count; documents name at most a few.
    for o in g.of("Outage"):
        hit = g.impacted(o)
        if len(hit) < 3:
            continue
        for d in g.documents:
            if o in d["entity_ids"]:
                assert len(hit & set(d["entity_ids"])) < 3, (o, d["id"])


def _mentioned(e: dict, text: str) -> bool:
    return any(s in text for s in (e["id"], e["name"], *e["aliases"]))


def test_entity_ids_are_exactly_the_entities_a_document_mentions(g):
    for d in g.documents:
        text = d["title"] + "\n" + d["text"]
        assert d["entity_ids"] == sorted(set(d["entity_ids"]))
        assert not re.search("[\ue000-\uf8ff\x00-\x08\x0b-\x1f]", text), d["id"]  # no writer placeholders left
        for eid in d["entity_ids"]:
            assert eid in g.entities, (d["id"], eid)
            assert _mentioned(g.entities[eid], text), (d["id"], eid)
        assert set(ENTITY_ID_RE.findall(text)) <= set(d["entity_ids"]), d["id"]


def test_documents_mention_entities_by_id_and_by_name_or_alias(g):
    by_id = by_name = 0
    for d in g.documents:
        text = d["title"] + "\n" + d["text"]
        for eid in d["entity_ids"]:
            e = g.entities[eid]
            stripped = text.replace(eid, "")
            by_id += eid in text
            by_name += any(s in stripped for s in (e["name"], *e["aliases"]))
    assert by_id > 0 and by_name > 0
    assert by_name / (by_id + by_name) > 0.2


def _subject(g: Graph, d: dict, etype: str) -> str:
    found = [i for i in d["entity_ids"] if g.entities[i]["type"] == etype]
    assert len(found) == 1, (d["id"], etype, found)
    return found[0]


def _typed(g: Graph, d: dict, etype: str) -> set[str]:
    return {i for i in d["entity_ids"] if g.entities[i]["type"] == etype}


def test_documents_agree_with_the_graph(g):
    """Every entity a document mentions is one the graph relates to its subject (no contradictions)."""
    kinds = Counter()
    for d in g.documents:
        kinds[d["kind"]] += 1
        text = d["text"]
        if d["kind"] == "postmortem":
            o = _subject(g, d, "Outage")
            a = g.entities[o]["attrs"]
            vendor, region = g.inn[(o, "EXPERIENCED")][0], g.one(o, "IN_REGION")
            tickets = set(g.inn[(o, "CAUSED_BY")])
            assert _typed(g, d, "Vendor") <= {vendor} and _typed(g, d, "Region") <= {region}
            assert _typed(g, d, "Ticket") <= tickets
            assert _typed(g, d, "Customer") <= {g.one(t, "OPENED_BY") for t in tickets}
            assert a["root_cause"] in text and a["severity"] in text
        elif d["kind"] == "ticket_thread":
            t = _subject(g, d, "Ticket")
            a = g.entities[t]["attrs"]
            assert _typed(g, d, "Customer") == {g.one(t, "OPENED_BY")}
            assert _typed(g, d, "Employee") == {g.one(t, "ASSIGNED_TO")}
            assert _typed(g, d, "Outage") == set(g.out[(t, "CAUSED_BY")])
            assert a["status"] in text and a["priority"] in d["title"] + text
        elif d["kind"] in ("account_note", "qbr_note"):
            c = _subject(g, d, "Customer")
            assert _typed(g, d, "Vendor") <= set(g.out[(c, "DEPENDS_ON")])
            assert _typed(g, d, "Region") <= {g.one(c, "LOCATED_IN")}
            assert _typed(g, d, "Employee") <= {*g.inn[(c, "MANAGES_ACCOUNT")], *g.inn[(c, "CSM_FOR")]}
            assert _typed(g, d, "Ticket") <= set(g.inn[(c, "OPENED_BY")])
            assert all(c in g.impacted(o) for o in _typed(g, d, "Outage"))
            primary = [e["dst"] for e in g.edges if e["src"] == c and e["attrs"].get("role") == "primary"]
            for m in re.finditer(r"^Primary vendor: .*\((VEND-\d+)\)$|Primary vendor: (VEND-\d+)\.", text, re.M):
                assert [m.group(1) or m.group(2)] == primary, (d["id"], m.group(0))
        elif d["kind"] == "compliance_report":
            k = _subject(g, d, "ComplianceCase")
            assert _typed(g, d, "Customer") == {g.one(k, "CONCERNS")}
            assert _typed(g, d, "Region") <= {g.one(k, "IN_REGION")}
            assert _typed(g, d, "Outage") == set(g.out[(k, "TRIGGERED_BY")])
        elif d["kind"] == "vendor_profile":
            v = _subject(g, d, "Vendor")
            assert _typed(g, d, "Region") == set(g.out[(v, "OPERATES_IN")])
            assert _typed(g, d, "Outage") <= set(g.out[(v, "EXPERIENCED")])
            assert _typed(g, d, "Customer") <= set(g.inn[(v, "DEPENDS_ON")])
        elif d["kind"] == "region_overview":
            r = _subject(g, d, "Region")
            assert _typed(g, d, "Vendor") <= set(g.typed_in(r, "OPERATES_IN", "Vendor"))
        elif d["kind"] == "project_status":
            p = _subject(g, d, "Project")
            assert _typed(g, d, "Customer") == {g.one(p, "FOR_CUSTOMER")}
            assert _typed(g, d, "Region") == {g.one(p, "IN_REGION")}
            assert _typed(g, d, "Vendor") == set(g.out[(p, "USES_VENDOR")])
            assert g.entities[p]["attrs"]["status"] in text
    assert set(kinds) == {"account_note", "qbr_note", "postmortem", "ticket_thread", "compliance_report",
                          "vendor_profile", "region_overview", "project_status"}


def test_documents_carry_facts_the_graph_does_not(g):
    # Executive sponsors and renewal risk live only in documents, and each customer's sponsor is stated consistently.
    sponsors: dict[str, set[str]] = defaultdict(set)
    for d in g.documents:
        for m in re.finditer(r"Executive sponsor: ([A-Z][a-z]+ [A-Z][a-z]+)", d["text"]):
            sponsors[_subject(g, d, "Customer")].add(m.group(1))
    assert sponsors and all(len(s) == 1 for s in sponsors.values())
    graph_text = json.dumps([e["attrs"] for e in g.entities.values()])
    assert "sponsor" not in graph_text and "risk" not in graph_text
    assert sum("Renewal risk" in d["text"] or "renewal risk" in d["text"] for d in g.documents) >= len(g.of("Customer"))


def test_documents_use_several_layouts_per_kind(g):
    starts: dict[str, set[str]] = defaultdict(set)
    for d in g.documents:
        starts[d["kind"]].add(re.sub(r"[A-Z]+-[\w-]+|\d+", "#", d["title"]).split(":")[0][:18])
    for kind in ("account_note", "postmortem", "ticket_thread", "compliance_report", "vendor_profile", "project_status"):
        assert len(starts[kind]) >= 3 or kind == "vendor_profile" and len(starts[kind]) >= 2, (kind, starts[kind])
