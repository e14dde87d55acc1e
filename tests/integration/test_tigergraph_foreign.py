"""A TigerGraph graph HopLens did not create: the transit network of tests/byog2/graph.py loaded into the loopback
fake under its own type names and a schema of its own (no HL_Meta, no Document/Chunk, primary ids that are not
attributes but one, reverse edges with the owner's names), then opened with HOPLENS_BACKEND=tigergraph.

Checks: the ontology read from the server equals the one ``hoplens import-graph`` infers from the same GraphML;
GraphRAG and BasicRAG answer the byog2 questions exactly as they do over the embedded import (parity); no DDL is
sent and the schema and data are unchanged after opening and answering; writes are refused; a missing graph is a
clear error. The fake is not TigerGraph: it simulates the installed queries in Python (fake_tigergraph.py)."""

from __future__ import annotations

import copy
import importlib.util
import json
import logging
from pathlib import Path

import networkx as nx
import pytest
from fake_tigergraph import FakeTigerGraph
from test_tigergraph_store import tg_settings

from core.ontology_infer import parse_date
from core.records import Entity
from core.store import gsql_gen, gsql_lint
from core.store.base import StoreError

BYOG2 = Path(__file__).resolve().parents[1] / "byog2"
GRAPH = "Transit"
ID_AS_ATTRIBUTE = {"Line": "line_code"}  # one type exposes its primary id as an attribute, the others do not


def _graph_module():
    spec = importlib.util.spec_from_file_location("byog2_graph_for_tigergraph", BYOG2 / "graph.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _gsql_type(values: list) -> str:
    if all(isinstance(v, bool) for v in values):
        return "BOOL"
    if all(isinstance(v, int) for v in values):
        return "INT"
    if all(isinstance(v, (int, float)) for v in values):
        return "DOUBLE"
    if all(isinstance(v, str) and parse_date(v) and len(v) == 10 for v in values):
        return "DATETIME"
    return "STRING"


def _value(typ: str, v):
    return f"{v} 00:00:00" if typ == "DATETIME" else v


def load_foreign(fake: FakeTigerGraph, path: Path, name: str = GRAPH) -> nx.DiGraph:
    """The GraphML as a DBA would model it in TigerGraph: one vertex type per label with typed attributes, one
    directed edge type per relationship with a reverse edge named ``<NAME>_REV``; loaded through REST++ upserts."""
    g = nx.read_graphml(path)
    vtypes: dict[str, dict[str, list]] = {}
    for _, d in g.nodes(data=True):
        t = d["labels"].lstrip(":")
        for k, v in d.items():
            if k != "labels":
                vtypes.setdefault(t, {}).setdefault(k, []).append(v)
    etypes: dict[str, dict] = {}
    for s, t, d in g.edges(data=True):
        spec = etypes.setdefault(d["label"], {"pairs": [], "values": {}})
        pair = (g.nodes[s]["labels"].lstrip(":"), g.nodes[t]["labels"].lstrip(":"))
        if pair not in spec["pairs"]:
            spec["pairs"].append(pair)
        for k, v in d.items():
            if k != "label":
                spec["values"].setdefault(k, []).append(v)
    vschema = {t: {"attrs": {k: _gsql_type(vs) for k, vs in attrs.items()},
                   "primary_id": ID_AS_ATTRIBUTE.get(t, "id"), "as_attribute": t in ID_AS_ATTRIBUTE}
               for t, attrs in vtypes.items()}
    eschema = {e: {"pairs": spec["pairs"], "attrs": {k: _gsql_type(vs) for k, vs in spec["values"].items()},
                   "directed": True, "reverse": f"{e}_REV"} for e, spec in etypes.items()}
    fake.define_graph(name, vschema, eschema)

    from core.store.tigergraph import connect

    conn = connect(tg_settings(fake, tg_graph=name))
    by_type: dict[str, list] = {}
    for n, d in g.nodes(data=True):
        t = d["labels"].lstrip(":")
        types = vschema[t]["attrs"]
        by_type.setdefault(t, []).append((n, {k: _value(types[k], v) for k, v in d.items() if k != "labels"}))
    for t, rows in by_type.items():
        assert conn.upsertVertices(t, rows) == len(rows)
    by_edge: dict[tuple, list] = {}
    for s, t, d in g.edges(data=True):
        key = (g.nodes[s]["labels"].lstrip(":"), d["label"], g.nodes[t]["labels"].lstrip(":"))
        by_edge.setdefault(key, []).append((s, t, {k: v for k, v in d.items() if k != "label"}))
    for (st, e, dt), rows in by_edge.items():
        assert conn.upsertEdges(st, e, dt, rows, vertexMustExist=True) == len(rows)
    return g


@pytest.fixture(scope="module")
def embedder():
    from core.config import Settings
    from core.llm.embed_offline import OfflineEmbedder

    return OfflineEmbedder.from_settings(Settings())


@pytest.fixture(scope="module")
def transit(tmp_path_factory, embedder):
    from core.config import Settings
    from core.ingest.graph_import.load import import_graph
    from core.store import open_store

    root = tmp_path_factory.mktemp("tg_foreign")
    path = _graph_module().write_graphml(root / "data")
    settings = Settings(store=str(root / "embedded"))
    import_graph(path, settings.store_path(), settings, embedder=embedder)
    emb = open_store(settings, settings.store_path())
    with FakeTigerGraph() as fake:
        load_foreign(fake, path)
        before = (copy.deepcopy(fake._schema(fake.graphs[GRAPH])), copy.deepcopy(fake.graphs[GRAPH].vertices),
                  copy.deepcopy(fake.graphs[GRAPH].edges))
        mark = len(fake.requests)
        tg_cfg = tg_settings(fake, tg_graph=GRAPH, backend="tigergraph", store=str(root / "tg_store"))
        tg = open_store(tg_cfg, tg_cfg.store_path())
        yield {"fake": fake, "tg": tg, "emb": emb, "before": before, "mark": mark, "root": root, "cfg": tg_cfg}
        tg.close()
    emb.close()


def test_opens_as_a_foreign_graph_with_the_imported_ontology(transit):
    tg, emb = transit["tg"], transit["emb"]
    assert type(tg).__name__ == "ForeignGraphStore" and tg.backend == "tigergraph"
    got, want = tg.ontology().to_dict(), emb.ontology().to_dict()
    for key in ("vertex_types", "edge_types"):
        assert sorted(got[key], key=lambda x: json.dumps(x, sort_keys=True)) == \
            sorted(want[key], key=lambda x: json.dumps(x, sort_keys=True)), key
    line = tg.ontology().vertex_type("Line")
    assert "line_code" not in {a.name for a in line.attrs}  # the primary id is the id, not a property
    assert set(line.attr("mode").values) == {"bus", "metro", "tram"}  # closed values inferred from the data
    assert tg.ontology().vertex_type("Station").attr("opened").kind == "date"


def test_store_reads_agree_with_the_embedded_import(transit):
    tg, emb = transit["tg"], transit["emb"]
    assert tg.entity_ids() == emb.entity_ids()
    assert tg.edge_keys() == [k for k in emb.edge_keys() if k[1] not in ("MENTIONS", "PART_OF")]
    assert tg.alias_table() == emb.alias_table()
    for args in (("Station", 5, 3), ("Line", 100, 0), (None, 7, 300)):
        assert tg.list_entities(*args) == emb.list_entities(*args)
    ids = ["stn-003", "line-02", "inc-010", "nope"]
    assert tg.get_entities(ids) == emb.get_entities(ids)
    assert tg.get_entity("line-02").name == emb.get_entity("line-02").name  # display name from `name`
    assert tg.find_entities("amber") == emb.find_entities("amber")
    for args in (("stn-003",), ("line-02", "STOPS_AT", "out"), ("stn-003", "CONNECTS_TO", "in")):
        assert tg.neighbors(*args) == emb.neighbors(*args), args
    assert tg.expand(["line-02", "inc-010"], 2, 5, None, 40) == emb.expand(["line-02", "inc-010"], 2, 5, None, 40)
    s_tg, s_emb = tg.stats(), emb.stats()
    assert s_tg["entities"] == s_emb["entities"]
    assert s_tg["edges"] == {k: v for k, v in s_emb["edges"].items() if k not in ("MENTIONS", "PART_OF")}


def _questions() -> list[dict]:
    return [json.loads(x) for x in (BYOG2 / "questions.jsonl").read_text(encoding="utf-8").splitlines()]


def test_graphrag_and_basicrag_answer_as_over_the_embedded_import(transit, embedder):
    from core.config import Settings
    from core.pipelines import build_pipelines

    tg, emb = transit["tg"], transit["emb"]
    pipes = {st.backend: build_pipelines(Settings(), store=st, embedder=embedder, names=("basic", "graph"))
             for st in (tg, emb)}
    questions = _questions()  # all 80: counts, lists, multi-hop up to 4 hops, superlatives, unknown names
    assert len(questions) >= 80 and {q["kind"] for q in questions} >= {"aggregate", "multi_hop", "lookup"}
    answered = 0
    for q in questions:
        for name in ("graph", "basic"):
            a_tg = pipes["tigergraph"][name].answer(q["question"])
            a_emb = pipes["embedded"][name].answer(q["question"])
            assert a_tg.backend == "tigergraph" and a_emb.backend == "embedded"
            assert a_tg.text == a_emb.text, (name, q["question"])
            assert a_tg.plan == a_emb.plan, (name, q["question"])
            assert [(c.kind, c.source, c.text) for c in a_tg.context] == \
                [(c.kind, c.source, c.text) for c in a_emb.context], (name, q["question"])
            if name == "graph":
                assert a_tg.subgraph == a_emb.subgraph, q["question"]
                answered += bool(a_tg.plan and a_tg.plan.result_ids)
    assert answered >= len(questions) // 2  # the comparison is over real answers, not empty ones


def test_the_users_graph_is_not_changed(transit):
    fake, before = transit["fake"], transit["before"]
    after = (fake._schema(fake.graphs[GRAPH]), fake.graphs[GRAPH].vertices, fake.graphs[GRAPH].edges)
    assert after == before
    sent = fake.requests[transit["mark"]:]
    assert not [r for r in sent if r.path.startswith("/gsql/v1/statements")]  # no DDL, no GSQL statements
    assert not [r for r in sent if r.method == "POST" and r.path.rstrip("/") == f"/restpp/graph/{GRAPH}"]  # no upsert
    created = {gsql_lint.header(r.text())[0] for r in sent if r.path == "/gsql/v1/queries"}
    assert created == set(gsql_gen.FOREIGN_QUERIES)  # only HopLens's own read queries were created
    assert set(fake.graphs[GRAPH].installed) == set(gsql_gen.FOREIGN_QUERIES)


def test_writes_are_refused_and_bookkeeping_stays_local(transit):
    tg, fake = transit["tg"], transit["fake"]
    with pytest.raises(StoreError, match="not created by HopLens"):
        tg.upsert_entities([Entity("x-1", "Station", "New Station")])
    with pytest.raises(StoreError, match="read-only"):
        tg.delete_entities(["stn-003"])
    tg.set_meta("note", "kept here")
    assert tg.get_meta("note") == "kept here"
    local = transit["cfg"].store_path() / "tigergraph_foreign" / f"{GRAPH}.json"
    assert json.loads(local.read_text(encoding="utf-8"))["note"] == "kept here"
    assert "HL_Meta" not in fake.graphs[GRAPH].vertex_types


def test_no_text_on_a_foreign_graph(transit, embedder, caplog):
    from core.store import open_store

    cfg = transit["cfg"]
    tg = open_store(cfg, cfg.store_path())  # a fresh store: the note is logged once per store
    try:
        with caplog.at_level(logging.INFO, logger="core.store.tigergraph"):
            assert tg.vector_search(embedder.embed_query("signal fault"), 5) == []
        assert "no documents or chunks, so vector search finds nothing" in caplog.text
        assert tg.stats()["documents"] == 0 and "no documents or chunks" in tg.stats()["note"]
    finally:
        tg.close()
    tg = transit["tg"]
    assert tg.lexical_search("signal fault", 5) == [] and tg.documents_for_entity("stn-003") == []
    assert tg.chunks_for_entities(["stn-003"]) == {"stn-003": []}


def test_reopening_reuses_the_installed_queries(transit):
    from core.store import open_store

    fake, cfg = transit["fake"], transit["cfg"]
    mark = len(fake.requests)
    again = open_store(cfg, cfg.store_path())
    try:
        assert not [r for r in fake.requests[mark:] if r.path.startswith("/gsql/v1/queries")]
        assert again.ontology().to_dict() == transit["tg"].ontology().to_dict()
    finally:
        again.close()


def test_building_into_a_foreign_graph_is_refused(transit):
    from core.store.tigergraph import open_store

    with pytest.raises(StoreError, match="not created by HopLens"):
        open_store(transit["cfg"], None, create=True)


def test_a_graph_that_does_not_exist_is_a_clear_error():
    from core.store.tigergraph import open_store

    with FakeTigerGraph() as fake:
        with pytest.raises(StoreError, match="'Nowhere' does not exist"):
            open_store(tg_settings(fake, tg_graph="Nowhere"), None)


def test_foreign_queries_pass_the_lint_and_hoplens_queries_fail_on_a_foreign_schema(transit):
    tg, fake = transit["tg"], transit["fake"]
    for name, text in gsql_gen.foreign_query_texts(tg.schema_onto).items():
        assert gsql_lint.lint(text) == [], name
        head = gsql_lint.header(text)
        assert head and tuple(p for _, p in head[1]) == gsql_gen.FOREIGN_QUERIES[name]
    # the fake's name check rejects a query written for HopLens's own schema, as a semantic check would
    hoplens = (gsql_gen.QUERY_DIR / "hl_entity_lookup.gsql").read_text(encoding="utf-8").replace("$graphname", GRAPH)
    problems = fake._unknown_names(fake.graphs[GRAPH], hoplens, [])
    assert any("aliases" in p for p in problems) and any(".id" in p for p in problems)


@pytest.fixture
def people(tmp_path):
    """A small foreign graph with what the transit schema lacks: an undirected self-relation with a property, a
    reverse edge with a name of the owner's choosing, a directed edge without a reverse edge, and display names
    from first + last name and from ``title``."""
    from core.store.tigergraph import connect

    with FakeTigerGraph() as fake:
        fake.define_graph("People", {
            "Person": {"attrs": {"first_name": "STRING", "last_name": "STRING", "age": "INT"}},
            "Company": {"attrs": {"name": "STRING", "sector": "STRING"}, "primary_id": "cid", "as_attribute": True},
            "Skill": {"attrs": {"title": "STRING"}},
        }, {
            "KNOWS": {"pairs": [("Person", "Person")], "attrs": {"since": "DATETIME"}, "directed": False},
            "WORKS_AT": {"pairs": [("Person", "Company")], "directed": True, "reverse": "employs"},
            "HAS_SKILL": {"pairs": [("Person", "Skill")], "directed": True, "reverse": None},
        })
        conn = connect(tg_settings(fake, tg_graph="People"))
        conn.upsertVertices("Person", [("p1", {"first_name": "Ada", "last_name": "Lovelace", "age": 36}),
                                       ("p2", {"first_name": "Alan", "last_name": "Turing", "age": 41}),
                                       ("p3", {"first_name": "Grace", "last_name": "Hopper", "age": 85})])
        conn.upsertVertices("Company", [("c1", {"name": "Analytical Engines", "sector": "computing"}),
                                        ("c2", {"name": "Bletchley Works", "sector": "computing"})])
        conn.upsertVertices("Skill", [("s1", {"title": "Mathematics"})])
        conn.upsertEdges("Person", "KNOWS", "Person", [("p1", "p2", {"since": "1936-01-01 00:00:00"}),
                                                       ("p3", "p1", {"since": "1950-06-01 00:00:00"})])
        conn.upsertEdges("Person", "WORKS_AT", "Company", [("p1", "c1", {}), ("p2", "c2", {}), ("p3", "c2", {})])
        conn.upsertEdges("Person", "HAS_SKILL", "Skill", [("p1", "s1", {}), ("p2", "s1", {})])
        st = __import__("core.store.tigergraph", fromlist=["open_store"]).open_store(
            tg_settings(fake, tg_graph="People"), tmp_path / "store")
        yield st, fake
        st.close()


def test_display_names_and_kinds_of_a_small_foreign_graph(people):
    st, _ = people
    assert [e.name for e in st.get_entities(["p1", "c1", "s1"])] == ["Ada Lovelace", "Analytical Engines",
                                                                     "Mathematics"]
    assert st.get_entity("p3").attrs == {"age": 85, "first_name": "Grace", "last_name": "Hopper"}
    assert "cid" not in {a.name for a in st.ontology().vertex_type("Company").attrs}
    knows = st.ontology().edges("KNOWS")[0]
    assert (knows.src, knows.dst) == ("Person", "Person") and {a.name: a.kind for a in knows.attrs} == {"since": "date"}
    assert st.find_entities("ada lovelace")[0].id == "p1"


def test_undirected_and_reverse_edges_are_walked_as_the_schema_says(people, caplog):
    from core.records import PathQuery, PathStep

    st, _ = people
    got = [(e.src, e.type, e.dst, e.attrs, n.id) for e, n in st.neighbors("p1", "KNOWS")]
    assert got == [("p1", "KNOWS", "p2", {"since": "1936-01-01"}, "p2"),
                   ("p1", "KNOWS", "p3", {"since": "1950-06-01"}, "p3")]  # both ends; undirected: lower id first
    assert [n.id for _, n in st.neighbors("c2", "WORKS_AT", "in")] == ["p2", "p3"]  # through "employs"
    with caplog.at_level(logging.WARNING, logger="core.store.tigergraph"):
        assert st.neighbors("s1", "HAS_SKILL", "in") == []  # no reverse edge: not walkable backwards in V1
    assert "HAS_SKILL has no reverse edge" in caplog.text
    assert [n.id for _, n in st.neighbors("p2", "HAS_SKILL", "out")] == ["s1"]
    q = PathQuery(["c2"], [[PathStep("WORKS_AT", "in", "Person"), PathStep("KNOWS", "in", "Person")]], "Person")
    assert st.path_query(q) == ["p1"]
    keys = st.edge_keys()
    assert ("p1", "KNOWS", "p2") in keys and ("p1", "KNOWS", "p3") in keys and len(keys) == 7  # each edge once
    assert st.stats()["edges"] == {"KNOWS": 2, "WORKS_AT": 3, "HAS_SKILL": 2}


def test_ask_and_ontology_show_from_the_cli(monkeypatch, tmp_path, capsys):
    """What a user types: HOPLENS_BACKEND=tigergraph pointed at their graph, then `ontology show` and `ask`."""
    from core.cli import main
    from core.config import get_settings

    path = _graph_module().write_graphml(tmp_path / "data")
    with FakeTigerGraph() as fake:
        g = load_foreign(fake, path)
        for key, value in {"HOPLENS_BACKEND": "tigergraph", "HOPLENS_TG_HOST": "http://127.0.0.1",
                           "HOPLENS_TG_REST_PORT": str(fake.port), "HOPLENS_TG_GSQL_PORT": str(fake.port),
                           "HOPLENS_TG_GRAPH": GRAPH, "HOPLENS_STORE": str(tmp_path / "client")}.items():
            monkeypatch.setenv(key, value)
        get_settings.cache_clear()
        try:
            assert main(["ontology", "show"]) == 0
            out = capsys.readouterr().out
            assert out.startswith(f"ontology {GRAPH}") and "(Line)-[STOPS_AT]->(Station)  attrs: stop_number:int" in out
            assert main(["ask", "How many stations are there in the network?", "--json"]) == 0
            out = capsys.readouterr().out
            answer = json.loads(out[out.index("{"):])
        finally:
            get_settings.cache_clear()
    stations = sum(d["labels"] == ":Station" for _, d in g.nodes(data=True))
    assert answer["backend"] == "tigergraph" and answer["text"].startswith(f"{stations}.")


@pytest.mark.parametrize("case", ["duplicate id", "reserved type"])
def test_a_foreign_graph_hoplens_cannot_read_is_a_clear_error(case, tmp_path):
    from core.store.tigergraph import connect, open_store

    with FakeTigerGraph() as fake:
        second = "Person" if case == "duplicate id" else "Document"  # Document is HopLens's own text type
        fake.define_graph("Odd", {"Company": {"attrs": {"name": "STRING"}}, second: {"attrs": {"name": "STRING"}}},
                          {})
        conn = connect(tg_settings(fake, tg_graph="Odd"))
        conn.upsertVertices("Company", [("x1", {"name": "Acme"})])
        conn.upsertVertices(second, [("x1" if case == "duplicate id" else "d1", {"name": "Ada"})])
        with pytest.raises(StoreError, match="'x1' is used by more than one" if case == "duplicate id" else
                           "label 'Document' is reserved"):
            open_store(tg_settings(fake, tg_graph="Odd"), tmp_path)
        assert not fake.gsql_statements  # nothing was changed on the way


@pytest.mark.parametrize("page", [None, "pages/1_Ask.py", "pages/4_Explore.py", "pages/5_Data.py"])
def test_the_app_runs_on_a_foreign_graph(page, monkeypatch, tmp_path):
    """The overview, Ask, Explore and Data pages open on the foreign graph with no exception or error."""
    from streamlit.testing.v1 import AppTest

    from core.config import get_settings

    root = Path(__file__).resolve().parents[2]
    path = _graph_module().write_graphml(tmp_path / "data")
    with FakeTigerGraph() as fake:
        load_foreign(fake, path)
        for key, value in {"HOPLENS_BACKEND": "tigergraph", "HOPLENS_TG_HOST": "http://127.0.0.1",
                           "HOPLENS_TG_REST_PORT": str(fake.port), "HOPLENS_TG_GSQL_PORT": str(fake.port),
                           "HOPLENS_TG_GRAPH": GRAPH, "HOPLENS_STORE": str(tmp_path / "client")}.items():
            monkeypatch.setenv(key, value)
        get_settings.cache_clear()
        try:
            at = AppTest.from_file(str(root / "app.py"), default_timeout=120)
            if page:
                at.switch_page(page)
            at = at.run()
            if page == "pages/1_Ask.py":
                at.text_input(key="ask.question").input("How many stations are there in the network?")
                at = at.button(key="ask.go").click().run()
        finally:
            get_settings.cache_clear()
        shown = "\n".join(str(el.value) for kind in ("markdown", "caption", "info", "warning", "error", "title")
                          for el in getattr(at, kind))
        assert not at.exception and not at.error, shown
        if page == "pages/1_Ask.py":
            assert "140" in shown
        if page is None:
            assert fake.query_calls("hl_graph_stats")  # counts from the graph itself
