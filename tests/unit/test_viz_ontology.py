"""core.viz on any ontology: colours per type name, the overview's example questions, an entity's attributes and
relations, the ontology tables — pure functions over hand-built ontologies and records."""

from __future__ import annotations

from core import viz
from core.ontology import CRM, Ontology
from core.records import Edge, Entity
from core.schema import FLOAT, INT, STRING, Attr, EdgeType, VertexType

LABS = Ontology(
    "labs",
    (
        VertexType("Institute", "", "", (Attr("name", STRING), Attr("founded", INT, ("founded",))), ("institute",)),
        VertexType("Lab", "", "", (Attr("name", STRING), Attr("budget", FLOAT, ("budget",)),
                                   Attr("lab_id", STRING, ("lab id",))), ("lab",)),
        VertexType("Researcher", "", "", (Attr("name", STRING), Attr("h_index", INT, ("h index", "index")),
                                          Attr("seniority", STRING, ("seniority",), ("junior", "senior"))),
                   ("researcher",)),
    ),
    (
        EdgeType("BELONGS_TO", "Lab", "Institute", (), ("belongs to", "belong to", "belonged to"), ("belonged to by",)),
        EdgeType("MEMBER_OF", "Researcher", "Lab", (Attr("role", STRING),), ("member of",), ("member of",)),
        EdgeType("REPORTS_TO", "Researcher", "Researcher", (), ("reports to", "report to"), ("reported to by",)),
    ),
)


def test_type_colours_are_deterministic_distinct_and_keep_the_crm_palette():
    names = [v.name for v in LABS.entity_types()] + ["Paper", "Topic", "Grant", "Country", "Customer"]
    pal = viz.type_palette(names)
    assert pal == viz.type_palette(reversed(names))  # the order names come in does not matter
    assert len(set(pal.values())) == len(names)  # one distinct colour per type
    assert pal["Customer"] == viz.TYPE_COLORS["Customer"]
    assert all(c != viz.DEFAULT_COLOR for c in pal.values())
    # Without a palette: a stable colour per name, not the grey fallback, and never one of the CRM colours.
    assert viz.type_color("Researcher") == viz.type_color("Researcher") != viz.DEFAULT_COLOR
    assert viz.type_color("Researcher") not in viz.TYPE_COLORS.values()
    assert viz.type_color("Researcher", pal) == pal["Researcher"]
    # More types than the extra palette: still distinct (hue-from-hash colours).
    many = viz.type_palette(f"Type{i}" for i in range(40))
    assert len(set(many.values())) == 40 and all(c.startswith("#") and len(c) == 7 for c in many.values())


def test_subgraph_and_evidence_draw_imported_types_in_their_palette_with_a_legend():
    from core.records import Evidence, EvidencePath, Subgraph, SubgraphEdge, SubgraphNode

    pal = viz.type_palette(v.name for v in LABS.entity_types())
    sub = Subgraph([SubgraphNode("lab-1", "Lab", "Optics Lab", 0, 1.0), SubgraphNode("inst-1", "Institute", "Fjord", 1, 0.5)],
                   [SubgraphEdge("lab-1", "BELONGS_TO", "inst-1")])
    page = viz.subgraph_html(sub, palette=pal)
    legend = page[page.index('<div id="hl-legend">'):]
    legend = legend[: legend.index("</div>")]
    assert f"background:{pal['Lab']}" in legend and f"background:{pal['Institute']}" in legend
    assert "Lab" in legend and "Institute" in legend
    ents = {"lab-1": Entity("lab-1", "Lab", "Optics Lab"), "inst-1": Entity("inst-1", "Institute", "Fjord")}
    ev = Evidence(paths=[EvidencePath(["lab-1", "inst-1"], ["BELONGS_TO"], "inst-1", ["out"])], documents={},
                  anchors=["lab-1"], results=["inst-1"], cap=40, capped=False)
    page = viz.evidence_html(ev, ents, palette=pal)
    legend = page[page.index('<div id="hl-legend">'):]
    legend = legend[: legend.index("</div>")]
    assert f"background:{pal['Institute']}" in legend and "anchor" in legend and "result" in legend


def test_plural_verb_reads_after_a_plural_subject():
    assert viz.plural_verb(("belongs to", "belong to", "belonged to")) == "belong to"
    assert viz.plural_verb(("reports to", "report to")) == "report to"
    assert viz.plural_verb(("cites", "cite", "cited")) == "cite"
    assert viz.plural_verb(("authored", "author", "authors")) == "authored"
    assert viz.plural_verb(("funded by",)) == "are funded by"
    assert viz.plural_verb(("located in", "locat in", "locats in")) == "are located in"  # not the odd stem
    assert viz.plural_verb(("about",)) == "are about"
    assert viz.plural_verb(("member of",)) == "are members of"
    assert viz.plural_verb(("csm for", "look after", "looks after")) == "look after"
    assert viz.plural_verb(()) is None
    # CRM verbs
    assert viz.plural_verb(CRM.edges("DEPENDS_ON")[0].verbs) == "depend on"
    assert viz.plural_verb(CRM.edges("OPERATES_IN")[0].verbs) == "operate in"


def _records():
    inst = Entity("inst-1", "Institute", "Fjordlight Institute", attrs={"founded": 1987})
    lab = Entity("lab-1", "Lab", "Optics Lab", attrs={"budget": 350000.0, "lab_id": "L1"})
    res = Entity("res-1", "Researcher", "Ada Byron", attrs={"h_index": 12, "seniority": "senior"})
    boss = Entity("res-2", "Researcher", "Grace Hopper", attrs={"h_index": 40})
    return inst, lab, res, boss


def test_example_questions_come_from_the_ontology_and_the_records_given():
    inst, lab, res, boss = _records()
    edges = [(lab, "BELONGS_TO", inst), (res, "MEMBER_OF", lab), (res, "REPORTS_TO", boss)]
    got = viz.example_questions(LABS, {"Researcher": 90, "Lab": 14, "Institute": 6, "Chunk": 999}, edges)
    assert got == viz.example_questions(LABS, {"Researcher": 90, "Lab": 14, "Institute": 6, "Chunk": 999}, edges)
    qs = [q["question"] for q in got]
    # counts: largest types first, plural nouns, only the ontology's types
    assert qs[:3] == ["How many researchers are there?", "How many labs are there?", "How many institutes are there?"]
    # relations from the real edges, named by their targets
    assert "Which labs belong to Fjordlight Institute?" in qs
    assert "Which researchers are members of Optics Lab?" in qs
    assert "Which researchers report to Grace Hopper?" in qs
    assert "How many labs belong to Fjordlight Institute?" in qs
    # attributes an entity really has, with a noun-like word ("founded" and ids are left out)
    attrs = [q["question"] for q in got if q["kind"] == "attribute"]
    assert "What is the budget of Optics Lab?" in attrs
    assert any(q.startswith("What is the h index of ") for q in attrs)
    assert not any("founded" in q or "lab id" in q for q in qs)
    assert {q["kind"] for q in got} <= {k for k, _ in viz.EXAMPLE_KINDS}
    # no records, no type: nothing invented
    assert viz.example_questions(LABS, {}, []) == []


def test_example_questions_on_the_crm_read_naturally():
    cust = Entity("CUST-0001", "Customer", "Firesight Health", attrs={"arr": 116000.0})
    vend = Entity("VEND-01", "Vendor", "Quantumwell CDN", attrs={"sla_tier": "Gold"})
    qs = [q["question"] for q in viz.example_questions(CRM, {"Customer": 30, "Vendor": 10}, [(cust, "DEPENDS_ON", vend)])]
    assert qs[:2] == ["How many customers are there?", "How many vendors are there?"]
    assert "Which customers depend on Quantumwell CDN?" in qs


def test_entity_attribute_and_relation_rows():
    inst, lab, res, boss = _records()
    rows = viz.entity_attribute_rows(LABS, Entity("lab-1", "Lab", "Optics Lab", attrs={"extra": 1, "budget": 2.0}))
    assert rows == [{"attribute": "budget", "kind": FLOAT, "value": "2.0"}, {"attribute": "extra", "kind": "", "value": "1"}]
    rel = viz.entity_relation_rows(LABS, lab, [(Edge("lab-1", "BELONGS_TO", "inst-1"), inst),
                                              (Edge("res-1", "MEMBER_OF", "lab-1", {"role": "lead"}), res)])
    assert [(r["relation"], r["edge"], r["entity"], r["edge attributes"]) for r in rel] == [
        ("belongs to →", "-[BELONGS_TO]->", "inst-1", ""), ("← member of", "<-[MEMBER_OF]-", "res-1", "role=lead")]
    plain = viz.entity_relation_rows(LABS, lab, [(Edge("lab-1", "BELONGS_TO", "inst-1"), inst)])
    assert "edge attributes" not in plain[0]


def test_ontology_rows_match_the_ontology():
    t = viz.ontology_rows(LABS)
    assert [r["type"] for r in t["types"]] == ["Institute", "Lab", "Researcher"]
    sen = next(r for r in t["attributes"] if r["attribute"] == "seniority")
    assert sen["kind"] == STRING and sen["closed values"] == "junior, senior"
    edge = next(r for r in t["edges"] if r["edge"] == "(Researcher)-[MEMBER_OF]->(Lab)")
    assert edge["edge attributes"] == "role:string" and edge["verbs"] == "member of"
    assert t["derived"] == []
    crm = viz.ontology_rows(CRM)
    assert crm["derived"][0]["relation"] == "impacted by" and "Customer" in crm["derived"][0]["targets"]
    assert not any("MENTIONS" in r["edge"] for r in crm["edges"])  # structural edges left out
