"""The app on an imported graph (hoplens import-graph, research GraphML from tests/byog): Explore lists the
store's own types, the overview's examples are written from its ontology and records (and are answered), the
Data page shows the inferred ontology, demo mode included. Gold is computed here from the GraphML file."""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx
import pytest
from apphelpers import iframes, texts

BYOG = Path(__file__).resolve().parents[1] / "byog"


@pytest.fixture(scope="module")
def research(tmp_path_factory):
    """The research graph written by its generator and imported into a store (a few seconds)."""
    sys.path.insert(0, str(BYOG))
    import research_graph

    from core.config import Settings
    from core.ingest.graph_import.load import import_graph

    root = tmp_path_factory.mktemp("research-kb")
    research_graph.write_graphml(root / "src")
    graphml = root / "src" / "research.graphml"
    import_graph(graphml, root / "store", Settings())
    g = nx.read_graphml(graphml)
    env = {"HOPLENS_STORE": str(root / "store"), "HOPLENS_DATA": str(root / "no-dataset"), "HOPLENS_SCALE": "tiny"}
    return env, g, root / "store"


def _types(g) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for _, d in g.nodes(data=True):
        counts[d["type"]] += 1
    return dict(counts)


def _names(g) -> set[str]:
    out = set()
    for _, d in g.nodes(data=True):
        out.add(d.get("name") or d.get("title") or f"{d.get('first_name', '')} {d.get('last_name', '')}".strip())
    return out


def test_explore_lists_the_imported_types_and_an_entitys_relations(app_at, research):
    env, g, _ = research
    at = app_at("pages/4_Explore.py", **env)
    assert not at.exception and not at.error
    pick = at.selectbox(key="explore.type")
    counts = _types(g)
    assert set(pick.options) == {f"{t} ({n:,})" for t, n in counts.items()}  # the store's ontology, with counts
    assert not any(o.startswith("Customer") for o in pick.options)
    at = pick.set_value("Lab").run()
    lab_id = next(n for n, d in g.nodes(data=True) if d["type"] == "Lab")
    at = at.selectbox(key="explore.list_pick").set_value(lab_id).run()
    assert not at.exception
    rel = next(d for d in at.dataframe if "relation" in d.value.columns).value
    members = {s for s, t, d in g.in_edges(lab_id, data=True) if d["label"] == "MEMBER_OF"}
    institute = {t for _, t, d in g.out_edges(lab_id, data=True) if d["label"] == "BELONGS_TO"}
    assert set(rel.loc[rel["edge"] == "<-[MEMBER_OF]-", "entity"]) == members
    assert set(rel.loc[rel["edge"] == "-[BELONGS_TO]->", "entity"]) == institute
    assert set(rel["edge attributes"]) >= {f"role={g.edges[m, lab_id]['role']}, since={g.edges[m, lab_id]['since']}"
                                           for m in list(members)[:1]}
    # The neighbourhood graph: one colour per imported type, each type in the legend.
    page = iframes(at)[0].proto.srcdoc
    nodes = json.loads(re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))
    colour = {}
    for n in nodes:
        colour.setdefault(g.nodes[n["id"]]["type"], set()).add(n["color"]["highlight"]["background"])
    assert all(len(c) == 1 for c in colour.values()) and len({next(iter(c)) for c in colour.values()}) == len(colour)
    assert len(colour) >= 3
    legend = page[page.index('<div id="hl-legend">'):]
    assert all(t in legend[: legend.index("</div>")] for t in colour)


def test_overview_examples_come_from_the_imported_ontology_and_are_answered(app_at, research):
    env, g, store_path = research
    at = app_at(None, **env)
    assert not at.exception and not at.error
    examples = [b.label for b in at.button if b.key and b.key.startswith("example.")]
    assert len(examples) >= 6
    suite = {json.loads(line)["question"] for line in (BYOG / "research.jsonl").read_text().splitlines() if line.strip()}
    assert not set(examples) & suite  # written from the ontology, not taken from a question set
    counts = _types(g)
    assert f"How many {'researchers'} are there?" in examples
    names = _names(g)
    named = [q for q in examples if not q.endswith("are there?")]
    assert named and all(any(q.rstrip("?").endswith(n) for n in names) for q in named)
    # Answerable: each "Which … <name>?" example's answer is exactly the sources of that relation in the file.
    from core.config import Settings
    from core.pipelines import build_pipelines
    from core.store import open_store

    s = Settings(store=store_path)
    store = open_store(s, store_path, read_only=True)
    try:
        graph = build_pipelines(s, store=store, names=["graph"])["graph"]
        for q in examples:
            answer = graph.answer(q)
            assert answer.plan is not None and answer.plan.kind != "unanswerable" and answer.plan.confidence >= 0.99, q
            if q.startswith("Which "):
                target = next(n for n in sorted(names, key=len, reverse=True) if q.rstrip("?").endswith(" " + n))
                tid = next(i for i, d in g.nodes(data=True) if target in (d.get("name"), d.get("title")))
                noun = q.split()[1]
                src_type = next(t for t in counts if noun.startswith(t.lower()))
                gold = {u for u, _, d in g.in_edges(tid, data=True) if g.nodes[u]["type"] == src_type}
                assert all(i in answer.text for i in gold), (q, answer.text)
    finally:
        store.close()


def test_data_page_shows_the_inferred_ontology_in_demo_mode_too(app_at, research):
    from core.commands.import_graph import format_ontology
    from core.store.embedded import EmbeddedStore

    env, _, store_path = research
    with EmbeddedStore(store_path, read_only=True) as st:
        onto = st.ontology()
    for demo in ("0", "1"):
        at = app_at("pages/5_Data.py", HOPLENS_DEMO=demo, **env)
        assert not at.exception and not at.error
        assert any(e.label.startswith("Ontology **research**") for e in at.expander)
        frames = [d.value for d in at.dataframe]
        types = next(f for f in frames if "nouns" in f.columns)
        assert set(types["type"]) == {v.name for v in onto.entity_types()}
        edges = set(next(f for f in frames if "reverse" in f.columns)["edge"])
        assert "(Researcher)-[REPORTS_TO]->(Researcher)" in edges and "(Paper)-[CITES]->(Paper)" in edges
        attrs = next(f for f in frames if "closed values" in f.columns)
        sen = attrs.set_index("attribute").loc["seniority"]
        assert sen["closed values"] == "junior, principal, senior"
        assert [c.value for c in at.code] == [format_ontology(onto)]
    assert "read-only demo" in texts(at)
