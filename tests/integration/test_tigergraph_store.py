"""The TigerGraph store against the loopback fake: HTTP traffic, payloads, result mapping, errors.

The fake simulates the installed queries from their documented semantics, so these tests check the client side
(what pyTigerGraph sends, how results become records); they cannot show that the GSQL runs on a real server.
"""

from __future__ import annotations

import base64
import json
import socket
import sys

import numpy as np
import pytest
from fake_tigergraph import FakeTigerGraph
from fake_tigergraph import Graph as FakeGraph

from core import schema
from core.config import Settings
from core.records import Chunk, Document, Edge, Entity, Filter, PathQuery, PathStep, Subgraph
from core.store._graph import Graph as ReferenceGraph
from core.store.base import EmbedderMismatch, StoreError
from core.store.tigergraph import QUERIES, open_store

ENTITIES = [
    Entity(
        "CUST-0001",
        "Customer",
        "Acme Corp",
        ["Acme", "ACME Holdings"],
        {"arr": 1500.0, "segment": "Enterprise", "renewal_date": "2025-03-01"},
    ),
    Entity("CUST-0002", "Customer", "Beta Ltd", ["50% Club"], {"arr": 300, "segment": "SMB"}),
    Entity("CUST-0003", "Customer", "Gamma GmbH", [], {"arr": "2200.5", "segment": "Mid-Market"}),
    Entity("CUST-0004", "Customer", "Delta Inc", [], {"arr": 900.0}),
    Entity("VEND-01", "Vendor", "CloudCo", ["Cloud Co"], {"sla_tier": "Gold"}),
    Entity("VEND-02", "Vendor", "NetFast", []),
    Entity("REGION-EU", "Region", "Europe West", [], {"geo": "Europe"}),
    Entity("REGION-US", "Region", "US East", [], {"geo": "America"}),
    Entity("OUTAGE-001", "Outage", "Storage outage", [], {"severity": "P1", "affected_systems": ["storage", "api"]}),
    Entity("OUTAGE-002", "Outage", "DNS outage", [], {"severity": "P3"}),
    Entity("EMP-001", "Employee", "Dana Rep"),
    Entity("TICK-00001", "Ticket", "Ticket 1", [], {"priority": "P1", "status": "Open"}),
    Entity("PROJ-0001", "Project", "Migration", [], {"budget": 50000}),
]
EDGES = [
    Edge("CUST-0001", "DEPENDS_ON", "VEND-01", {"role": "primary"}),
    Edge("CUST-0001", "DEPENDS_ON", "VEND-02", {"role": "secondary"}),
    Edge("CUST-0002", "DEPENDS_ON", "VEND-01", {"role": "primary"}),
    Edge("CUST-0003", "DEPENDS_ON", "VEND-02", {"role": "primary"}),
    Edge("CUST-0001", "LOCATED_IN", "REGION-EU"),
    Edge("CUST-0002", "LOCATED_IN", "REGION-EU"),
    Edge("CUST-0003", "LOCATED_IN", "REGION-US"),
    Edge("CUST-0004", "LOCATED_IN", "REGION-EU"),
    Edge("VEND-01", "OPERATES_IN", "REGION-EU"),
    Edge("VEND-02", "OPERATES_IN", "REGION-US"),
    Edge("VEND-01", "EXPERIENCED", "OUTAGE-001"),
    Edge("VEND-02", "EXPERIENCED", "OUTAGE-002"),
    Edge("OUTAGE-001", "IN_REGION", "REGION-EU"),
    Edge("OUTAGE-002", "IN_REGION", "REGION-US"),
    Edge("EMP-001", "MANAGES_ACCOUNT", "CUST-0001"),
    Edge("EMP-001", "CSM_FOR", "CUST-0002"),
    Edge("TICK-00001", "OPENED_BY", "CUST-0002"),
    Edge("TICK-00001", "CAUSED_BY", "OUTAGE-001"),
    Edge("TICK-00001", "ASSIGNED_TO", "EMP-001"),
    Edge("PROJ-0001", "FOR_CUSTOMER", "CUST-0004"),
    Edge("PROJ-0001", "USES_VENDOR", "VEND-01"),
    Edge("PROJ-0001", "IN_REGION", "REGION-EU"),
]
DOCS = [
    Document(
        "DOC-00001", "postmortem", "Storage outage", "CloudCo storage failed in Europe West.", ["VEND-01", "OUTAGE-001"]
    ),
    Document("DOC-00002", "account_note", "Acme QBR", "Acme Corp renews in March; 50% discount asked.", ["CUST-0001"]),
]
CHUNKS = [
    Chunk("DOC-00001#0", "DOC-00001", 0, "CloudCo storage failed", 4, ["VEND-01", "OUTAGE-001"]),
    Chunk("DOC-00001#1", "DOC-00001", 1, "in Europe West region", 4, ["REGION-EU"]),
    Chunk("DOC-00002#0", "DOC-00002", 0, "Acme Corp renews in March", 5, ["CUST-0001"]),
]
VECTORS = np.array([[1, 0, 0, 0], [0.6, 0.8, 0, 0], [0, 0, 1, 0]], dtype=np.float32)


def tg_settings(fake: FakeTigerGraph, **kw) -> Settings:
    return Settings(tg_host="http://127.0.0.1", tg_rest_port=fake.port, tg_gsql_port=fake.port, **kw)


@pytest.fixture
def fake():
    with FakeTigerGraph() as f:
        yield f


@pytest.fixture
def store(fake):
    st = open_store(tg_settings(fake), None, create=True, index_poll_s=0.01)
    yield st
    st.close()


def load(store):
    store.upsert_entities(ENTITIES)
    store.upsert_edges(EDGES)
    store.upsert_documents(DOCS)
    store.upsert_chunks(CHUNKS, VECTORS)
    return store


@pytest.fixture
def loaded(store):
    return load(store)


@pytest.fixture(scope="module")
def kb():
    """One loaded graph shared by the tests that only read (they look at requests made after they start)."""
    with FakeTigerGraph() as fake:
        st = open_store(tg_settings(fake), None, create=True, index_poll_s=0.01)
        load(st)
        yield st, fake


def calls_since(fake: FakeTigerGraph, name: str, start: int) -> list[dict]:
    return [r.json() for r in fake.requests[start:] if r.method == "POST" and r.path.endswith(f"/query/HopLens/{name}")]


def upsert_bodies(fake: FakeTigerGraph) -> list[dict]:
    return [r.json() for r in fake.find("POST", "/restpp/graph/")]


# ---- schema and installation -----------------------------------------------------------------------------------------


def test_open_creates_the_schema_and_installs_the_queries_once(fake):
    settings = tg_settings(fake)
    open_store(settings, None, create=True)
    ddl = fake.gsql_statements[0]
    assert ddl.startswith("# GENERATED") and "CREATE GRAPH HopLens ()" in ddl and "$graphname" not in ddl
    assert "ADD VERTEX Customer (PRIMARY_ID id STRING, name STRING, industry STRING" in ddl
    graph = fake.graphs["HopLens"]
    assert set(graph.vertex_types) >= {v.name for v in schema.VERTEX_TYPES}
    assert graph.edge_types["IN_REGION"]["pairs"] == [
        ("Outage", "Region"),
        ("ComplianceCase", "Region"),
        ("Project", "Region"),
    ]
    assert graph.installed == set(QUERIES) - {"hl_vector_seed"}  # needs Chunk.emb, added with the first chunks
    created = fake.find("POST", "/gsql/v1/queries")
    assert len(created) == len(QUERIES) - 1
    assert all(r.query["graph"] == ["HopLens"] and r.text().startswith("CREATE OR REPLACE QUERY") for r in created)
    installs = fake.find("GET", "/gsql/v1/queries/install")
    assert installs[0].query["queries"][0].split(",") == [n for n in QUERIES if n != "hl_vector_seed"]

    # reopening (create=False) finds the graph and the installed queries: nothing is created or installed again
    n_requests = len(fake.requests)
    open_store(settings, None)
    again = fake.requests[n_requests:]
    assert not [r for r in again if r.path.startswith("/gsql/v1/queries") or r.path == "/gsql/v1/statements"]


def test_first_chunks_add_the_vector_attribute_and_install_the_vector_query(store, fake):
    store.upsert_entities(ENTITIES)
    store.upsert_documents(DOCS)
    store.upsert_chunks(CHUNKS, VECTORS)
    job = fake.gsql_statements[-1]
    assert 'ALTER VERTEX Chunk ADD VECTOR ATTRIBUTE emb(DIMENSION=4, METRIC="COSINE");' in job
    assert "hl_vector_seed" in fake.graphs["HopLens"].installed
    assert store.vector_dims == 4
    with pytest.raises(EmbedderMismatch, match="4-dimensional"):
        store.upsert_chunks(CHUNKS[:1], np.ones((1, 8), dtype=np.float32))


def test_a_graph_with_another_schema_is_refused_not_changed(fake):
    fake.graphs["HopLens"] = FakeGraph("HopLens")  # exists, but holds none of the HopLens types
    with pytest.raises(StoreError, match=r"exists but lacks .*DROP GRAPH HopLens CASCADE"):
        open_store(tg_settings(fake), None, create=True)
    assert fake.gsql_statements == []


def test_registry_opens_the_tigergraph_backend(fake, monkeypatch):
    from core.config import get_settings
    from core.store import open_store as registry_open

    monkeypatch.setenv("HOPLENS_BACKEND", "tigergraph")
    monkeypatch.setenv("HOPLENS_TG_HOST", "http://127.0.0.1")
    monkeypatch.setenv("HOPLENS_TG_REST_PORT", str(fake.port))
    monkeypatch.setenv("HOPLENS_TG_GSQL_PORT", str(fake.port))
    monkeypatch.setenv("HOPLENS_TG_GRAPH", "CrmGraph")
    get_settings.cache_clear()
    st = registry_open(create=True)
    assert st.backend == "tigergraph" and "CrmGraph" in fake.graphs


# ---- writes -------------------------------------------------------------------------------------------------------------


def test_upserts_are_batched_and_typed(fake):
    st = open_store(tg_settings(fake, tg_batch_size=2), None, create=True)
    start = len(fake.requests)
    customers = [e for e in ENTITIES if e.type == "Customer"]  # 4 customers -> batches of 2 + 2
    st.upsert_entities(customers + [ENTITIES[4]])
    bodies = [r.json() for r in fake.requests[start:] if r.path == "/restpp/graph/HopLens"]
    assert [len(b["vertices"][t]) for b in bodies for t in b["vertices"]] == [2, 2, 1]
    acme = bodies[0]["vertices"]["Customer"]["CUST-0001"]
    assert acme["name"] == {"value": "Acme Corp"} and acme["aliases"] == {"value": ["Acme", "ACME Holdings"]}
    assert acme["arr"] == {"value": 1500.0} and acme["renewal_date"] == {"value": "2025-03-01 00:00:00"}
    assert json.loads(acme["attrs_json"]["value"]) == ENTITIES[0].attrs
    gamma = bodies[1]["vertices"]["Customer"]["CUST-0003"]
    assert gamma["arr"] == {"value": 2200.5}  # "2200.5" converted to the DOUBLE attribute

    start = len(fake.requests)
    st.upsert_entities(ENTITIES[5:])
    st.upsert_edges(EDGES[:3])
    edge_posts = [r for r in fake.requests[start:] if r.path == "/restpp/graph/HopLens" and "edges" in r.json()]
    assert all(r.query["vertex_must_exist"] == ["true"] for r in edge_posts)
    payload = edge_posts[0].json()["edges"]["Customer"]
    assert payload["CUST-0001"]["DEPENDS_ON"]["Vendor"]["VEND-01"]["role"] == {"value": "primary"}
    sent = [
        (s, d)
        for r in edge_posts
        for s, by in r.json()["edges"]["Customer"].items()
        for d in by["DEPENDS_ON"]["Vendor"]
    ]
    assert sorted(sent) == [("CUST-0001", "VEND-01"), ("CUST-0001", "VEND-02"), ("CUST-0002", "VEND-01")]
    assert len(edge_posts) == 2  # three DEPENDS_ON edges in batches of two


def test_chunk_vectors_travel_as_json_lists_with_their_edges(loaded, fake):
    chunk_posts = [b for b in upsert_bodies(fake) if "Chunk" in b.get("vertices", {})]
    sent = {cid: attrs["emb"]["value"] for b in chunk_posts for cid, attrs in b["vertices"]["Chunk"].items()}
    assert set(sent) == {c.id for c in CHUNKS}
    for c, vec in zip(CHUNKS, VECTORS, strict=True):
        assert isinstance(sent[c.id], list) and np.allclose(sent[c.id], vec)
    g = fake.graphs["HopLens"]
    assert ("DOC-00001#1", "DOC-00001") in g.edges["PART_OF"]
    assert ("DOC-00001#0", "OUTAGE-001") in g.edges["MENTIONS"]  # chunk-level mention
    assert ("DOC-00001", "REGION-EU") in g.edges["MENTIONS"]  # the document mentions what its chunks mention


def test_bad_writes_are_refused_with_clear_errors(store):
    with pytest.raises(ValueError, match="unknown entity type 'Planet'"):
        store.upsert_entities([Entity("X-1", "Planet", "Mars")])
    store.upsert_entities(ENTITIES)
    with pytest.raises(StoreError, match="VEND-99 is not in graph 'HopLens'; upsert it first"):
        store.upsert_edges([Edge("CUST-0001", "DEPENDS_ON", "VEND-99")])
    with pytest.raises(ValueError, match="the ontology has no Vendor -DEPENDS_ON-> Customer"):
        store.upsert_edges([Edge("VEND-01", "DEPENDS_ON", "CUST-0001")])
    with pytest.raises(ValueError, match=r"vectors must have shape \(2, dim\)"):
        store.upsert_chunks(CHUNKS[:2], VECTORS[:1])
    with pytest.raises(ValueError, match="NaN"):
        store.upsert_chunks(CHUNKS[:1], np.array([[np.nan, 0, 0, 0]], dtype=np.float32))
    store.upsert_documents(DOCS[:1])
    # chunks before their document are accepted (as in the embedded store); the document has no fingerprint yet
    store.upsert_chunks([Chunk("DOC-00009#0", "DOC-00009", 0, "x", 1)], VECTORS[:1])
    assert [c.id for c in store.chunks_of_document("DOC-00009")] == ["DOC-00009#0"]
    assert "DOC-00009" not in store.document_hashes()
    store.upsert_documents([Document("DOC-00009", "note", "Later", "x", [])])
    assert store.get_document("DOC-00009").title == "Later" and "DOC-00009" in store.document_hashes()


@pytest.mark.parametrize("count_reverse", [False, True])
def test_edge_accounting_with_and_without_counted_reverse_edges(fake, count_reverse):
    """accepted_edges may count TigerGraph's automatic reverse edges: that is never a false rejection, and a
    real rejection (an endpoint missing) is still reported."""
    fake.count_reverse_edges = count_reverse
    st = open_store(tg_settings(fake), None, create=True, index_poll_s=0.01)
    load(st)  # strict PART_OF and entity edges: no false StoreError when accepted > sent
    assert fake.graphs["HopLens"].edges["DEPENDS_ON"][("CUST-0001", "VEND-01")]["attrs"]["role"] == "primary"
    rejected = st._upsert_edge_group("Customer", "LOCATED_IN", "Region", [("CUST-0001", "REGION-XX", {})], False)
    assert rejected == 1
    with pytest.raises(StoreError, match="rejected 1 of 1 LOCATED_IN edges"):
        st._upsert_edge_group("Customer", "LOCATED_IN", "Region", [("CUST-0001", "REGION-XX", {})], True)


def test_invalid_typed_values_never_fail_a_batch_and_are_reported(store, fake, caplog):
    bad = [
        Entity("CUST-0101", "Customer", "Bad Date", [], {"renewal_date": "2025-13-45", "arr": 10.0}),
        Entity("CUST-0102", "Customer", "Old Date", [], {"renewal_date": "1500-01-01"}),
        Entity("CUST-0103", "Customer", "Huge", [], {"health_score": 2**70}),
        Entity("CUST-0104", "Customer", "Good", [], {"renewal_date": "2025-02-28T10:00:00Z", "health_score": 7}),
    ]
    with caplog.at_level("WARNING", logger="core.store.tigergraph"):
        store.upsert_entities(bad)
    rows = fake.graphs["HopLens"].vertices["Customer"]
    assert set(rows) == {e.id for e in bad}  # the whole batch went in
    assert "renewal_date" not in rows["CUST-0101"] and rows["CUST-0101"]["arr"] == 10.0
    assert "renewal_date" not in rows["CUST-0102"] and "health_score" not in rows["CUST-0103"]
    assert rows["CUST-0104"]["renewal_date"] == "2025-02-28 10:00:00" and rows["CUST-0104"]["health_score"] == 7
    assert store.get_entities([e.id for e in bad]) == bad  # exact attrs round trip through attrs_json
    logged = caplog.text
    assert "entity CUST-0101: renewal_date='2025-13-45' is not a valid DATETIME" in logged
    assert "entity CUST-0102" in logged and "entity CUST-0103: health_score" in logged and "CUST-0104" not in logged
    assert fake.ignored_attributes == []  # every attribute sent exists in the schema


def test_the_fake_fails_a_whole_upsert_on_one_invalid_datetime(store, fake):
    """What the store's validation prevents: one bad DATETIME fails the entire request (upsert-rest.adoc)."""
    with pytest.raises(Exception, match="Invalid attribute data type"):
        store.conn.upsertVertices(
            "Customer", [("CUST-0201", {"name": "ok"}), ("CUST-0202", {"renewal_date": "2025-13-45 00:00:00"})]
        )
    assert "CUST-0201" not in fake.graphs["HopLens"].vertices["Customer"]


# ---- search -------------------------------------------------------------------------------------------------------------


def test_vector_search_posts_the_vector_waits_for_the_index_and_maps_hits(loaded, fake):
    fake.vector_pending = 2
    hits = loaded.vector_search(np.array([1, 0, 0, 0], dtype=np.float32), 2)
    assert len(fake.find("GET", "/restpp/vector/status/HopLens/Chunk/emb")) == 3  # two pending polls, then ready
    call = fake.find("POST", "/restpp/query/HopLens/hl_vector_seed")[-1]
    assert call.json() == {"query_vector": [1.0, 0.0, 0.0, 0.0], "k": 2, "ef_search": 64}
    assert [h.chunk_id for h in hits] == ["DOC-00001#0", "DOC-00001#1"]
    assert hits[0].score == pytest.approx(1.0) and hits[1].score == pytest.approx(0.6)
    assert {h.source for h in hits} == {"vector"} and hits[0].doc_id == "DOC-00001"
    assert loaded.last_mentions["DOC-00001#0"] == ["OUTAGE-001", "VEND-01"]
    # the chunks came back with the search: reading them costs no further request
    n = len(fake.requests)
    assert [c.entity_ids for c in loaded.get_chunks(["DOC-00001#0"])] == [["VEND-01", "OUTAGE-001"]]
    assert len(fake.requests) == n
    loaded.vector_search(np.array([0, 0, 1, 0], dtype=np.float32), 1)
    assert len(fake.find("GET", "/restpp/vector/status/")) == 3  # index already known to be ready


def test_vector_search_refuses_another_embedder(kb):
    loaded, fake = kb
    with pytest.raises(EmbedderMismatch, match="3 dims but graph 'HopLens' indexes 4"):
        loaded.vector_search(np.ones(3, dtype=np.float32), 2)

    class Other:
        name, dim = "other-model", 4

    loaded.set_meta("embedder_name", "minilm")
    with pytest.raises(EmbedderMismatch, match="built with embedder minilm"):
        loaded.vector_search(np.ones(4, dtype=np.float32), 2, embedder=Other())


def test_vector_index_timeout_is_a_clear_error(fake):
    st = open_store(tg_settings(fake), None, create=True, index_timeout_s=0.05, index_poll_s=0.01)
    st.upsert_entities(ENTITIES)
    st.upsert_documents(DOCS)
    st.upsert_chunks(CHUNKS, VECTORS)
    fake.vector_pending = 10_000
    with pytest.raises(StoreError, match="still rebuilding on GPE_1#1"):
        st.vector_search(VECTORS[0], 1)


def test_lexical_search_sends_analysed_terms_and_scores_bm25_like_the_embedded_index(kb, tmp_path):
    from core.store._bm25 import LexicalIndex

    loaded, fake = kb
    hits = loaded.lexical_search("Which storage failed in Europe? Storage!", 3)
    # stop words dropped, Snowball stems, repeats kept (a BAG): what the embedded BM25 index does to a query
    assert fake.query_calls("hl_lexical")[-1] == {"terms": ["which", "storag", "fail", "europ", "storag"], "k": 3}
    assert fake.graphs["HopLens"].vertices["Chunk"]["DOC-00001#0"]["terms"] == ["cloudco", "storag", "fail"]
    ref = LexicalIndex.build([c.text for c in CHUNKS], np.arange(len(CHUNKS)))
    vids, scores = ref.search("Which storage failed in Europe? Storage!", 3)
    assert [h.chunk_id for h in hits] == [CHUNKS[v].id for v in vids]
    assert [h.score for h in hits] == pytest.approx(scores.tolist(), rel=1e-5)
    assert hits[0].source == "bm25"
    assert loaded.lexical_search("?!", 3) == [] and loaded.lexical_search("the of and", 3) == []


# ---- graph ----------------------------------------------------------------------------------------------------------------


def reference(seeds, hops, fanout, edge_types, max_nodes, direction="both") -> Subgraph:
    ents = [(e.id, e.type, e.name) for e in ENTITIES]
    edges = [(e.src, e.type, e.dst, json.dumps(e.attrs)) for e in EDGES]
    return ReferenceGraph.build(ents, edges).expand(seeds, hops, fanout, edge_types, max_nodes, direction)


@pytest.mark.parametrize(
    "seeds,hops,fanout,edge_types,max_nodes,direction",
    [
        (["CUST-0001"], 2, 50, None, 400, "both"),
        (["CUST-0001", "OUTAGE-002"], 3, 50, None, 400, "both"),
        (["CUST-0002"], 2, 1, None, 400, "both"),  # fan-out cap
        (["VEND-01"], 3, 50, None, 5, "both"),  # max_nodes cap mid-hop
        (["CUST-0001"], 2, 50, ["DEPENDS_ON", "EXPERIENCED", "MENTIONS"], 400, "both"),  # MENTIONS is not walked
        (["EMP-001", "CUST-0004", "NOPE-1"], 2, 2, None, 8, "both"),  # an unknown seed is dropped
        (["CUST-0001"], 3, 50, None, 400, "out"),
    ],
)
def test_expand_matches_the_embedded_reference(kb, seeds, hops, fanout, edge_types, max_nodes, direction):
    loaded, fake = kb
    got = loaded.expand(
        seeds, hops=hops, fanout=fanout, edge_types=edge_types, max_nodes=max_nodes, direction=direction
    )
    assert got == reference(seeds, hops, fanout, edge_types, max_nodes, direction)


def test_expand_pins_the_hop_score_rule_and_sends_typed_seeds(kb):
    loaded, fake = kb
    sub = loaded.expand(["CUST-0001"], hops=2, fanout=50, max_nodes=400)
    node = {n.id: n for n in sub.nodes}
    # the seed, then hop 1 in discovery order: CUST-0001's edges by (edge type, neighbour id)
    assert [n.id for n in sub.nodes[:5]] == ["CUST-0001", "VEND-01", "VEND-02", "REGION-EU", "EMP-001"]
    assert (node["VEND-01"].hop, node["VEND-01"].hop_score, node["VEND-01"].via_edge) == (1, 1.0, "DEPENDS_ON")
    assert (node["EMP-001"].hop, node["EMP-001"].via_edge) == (1, "MANAGES_ACCOUNT")
    # CUST-0002 is reached at hop 2 from EMP-001 (CSM_FOR) and VEND-01 (DEPENDS_ON) and REGION-EU (LOCATED_IN):
    # 3 frontier edges x 0.5; its first edge in (frontier id, edge type) order is EMP-001's CSM_FOR
    assert (node["CUST-0002"].hop, node["CUST-0002"].hop_score) == (2, 1.5)
    assert (node["CUST-0002"].reached_from, node["CUST-0002"].via_edge) == ("EMP-001", "CSM_FOR")
    assert node["OUTAGE-001"].hop_score == 1.0 and node["OUTAGE-001"].seeds == ["CUST-0001"]
    assert ("CUST-0001", "DEPENDS_ON", "VEND-01") in {(e.src, e.type, e.dst) for e in sub.edges}
    sent = fake.query_calls("hl_expand")[-1]
    assert sent["seeds"] == [{"id": "CUST-0001", "type": "Customer"}]
    assert {"DEPENDS_ON", "reverse_DEPENDS_ON", "IN_REGION", "reverse_IN_REGION"} <= set(sent["e_types"])
    assert "MENTIONS" not in sent["e_types"] and "reverse_PART_OF" not in sent["e_types"]
    assert set(sent) == {"seeds", "e_types", "hops", "fanout", "max_nodes"}  # no LIST parameters
    assert (sent["hops"], sent["fanout"], sent["max_nodes"]) == (2, 50, 400)


def test_expand_without_walking_returns_the_seeds(kb):
    loaded, fake = kb
    n = len(fake.query_calls("hl_expand"))
    sub = loaded.expand(["VEND-01"], hops=0)
    assert [(x.id, x.hop, x.label) for x in sub.nodes] == [("VEND-01", 0, "CloudCo")] and sub.edges == []
    assert loaded.expand(["NOPE-1"]) == Subgraph()
    assert len(fake.query_calls("hl_expand")) == n
    with pytest.raises(ValueError, match=">= 0"):
        loaded.expand(["VEND-01"], hops=-1)


def test_neighbors_in_stored_direction_and_reference_order(kb):
    loaded, fake = kb
    got = loaded.neighbors("VEND-01")
    assert [(e.src, e.type, e.dst, n.id) for e, n in got] == [
        ("CUST-0001", "DEPENDS_ON", "VEND-01", "CUST-0001"),
        ("CUST-0002", "DEPENDS_ON", "VEND-01", "CUST-0002"),
        ("VEND-01", "EXPERIENCED", "OUTAGE-001", "OUTAGE-001"),
        ("VEND-01", "OPERATES_IN", "REGION-EU", "REGION-EU"),
        ("PROJ-0001", "USES_VENDOR", "VEND-01", "PROJ-0001"),
    ]
    assert got[0][0].attrs == {"role": "primary"} and got[0][1].name == "Acme Corp"
    assert [n.id for _, n in loaded.neighbors("VEND-01", "DEPENDS_ON", "in")] == ["CUST-0001", "CUST-0002"]
    assert loaded.neighbors("VEND-01", "DEPENDS_ON", "out") == []
    assert loaded.neighbors("VEND-01", "MENTIONS") == []  # structural edges are not neighbours
    with pytest.raises(ValueError, match="direction"):
        loaded.neighbors("VEND-01", direction="sideways")


def impact_query(anchor: str, target: str = "Customer", **kw) -> PathQuery:
    return PathQuery([anchor], [[PathStep(*s) for s in p] for p in schema.IMPACT_PATHS[target]], target, **kw)


def test_impact_runs_as_one_installed_query(kb):
    loaded, fake = kb
    start = len(fake.requests)
    assert loaded.path_query(impact_query("OUTAGE-001")) == ["CUST-0001", "CUST-0002"]
    assert fake.query_calls("hl_impacted_customer")[-1] == {"outages": [{"id": "OUTAGE-001"}]}
    assert calls_since(fake, "hl_typed_hop", start) == []
    assert loaded.path_query(impact_query("OUTAGE-001", "Project")) == ["PROJ-0001"]
    assert loaded.path_query(impact_query("OUTAGE-002")) == ["CUST-0003"]
    filtered = impact_query("OUTAGE-001", filters=[Filter("arr", ">", 1000)])
    assert loaded.path_query(filtered) == ["CUST-0001"]


def test_typed_paths_chain_in_the_database(kb):
    loaded, fake = kb
    start = len(fake.requests)
    primary = PathQuery(
        ["OUTAGE-001"],
        [[PathStep("EXPERIENCED", "in", "Vendor"), PathStep("DEPENDS_ON", "in", "Customer", {"role": "PRIMARY"})]],
        "Customer",
    )
    assert loaded.path_query(primary) == ["CUST-0001", "CUST-0002"]
    calls = calls_since(fake, "hl_typed_hop", start)
    assert calls[0] == {
        "sources": [{"id": "OUTAGE-001", "type": "Outage"}],
        "e_type": "reverse_EXPERIENCED",
        "target_type": "Vendor",
        "cond_attr": "",
        "cond_value": "",
    }
    assert calls[1]["sources"] == [{"id": "VEND-01", "type": "Vendor"}]
    assert (calls[1]["cond_attr"], calls[1]["cond_value"]) == ("role", "primary")
    secondary = PathQuery(["VEND-02"], [[PathStep("DEPENDS_ON", "in", "Customer", {"role": "secondary"})]], "Customer")
    assert loaded.path_query(secondary) == ["CUST-0001"]
    union = PathQuery(
        ["REGION-US", "VEND-01"],
        [[PathStep("LOCATED_IN", "in", "Customer")], [PathStep("DEPENDS_ON", "in", "Customer")]],
        "Customer",
        combine="union",
    )
    assert loaded.path_query(union) == ["CUST-0001", "CUST-0002", "CUST-0003"]
    by_segment = PathQuery(
        ["REGION-EU"],
        [[PathStep("LOCATED_IN", "in", "Customer")]],
        "Customer",
        filters=[Filter("segment", "==", "smb")],
    )
    assert loaded.path_query(by_segment) == ["CUST-0002"]
    systems = PathQuery(
        ["VEND-01"],
        [[PathStep("EXPERIENCED", "out", "Outage")]],
        "Outage",
        filters=[Filter("affected_systems", "contains", "API")],
    )
    assert loaded.path_query(systems) == ["OUTAGE-001"]
    assert loaded.path_query(PathQuery(["NOPE-1"], [[PathStep("LOCATED_IN", "in", "Customer")]], "Customer")) == []
    assert loaded.path_query(PathQuery(["REGION-EU"], [[PathStep("MENTIONS", "in", "Customer")]], "Customer")) == []
    with pytest.raises(ValueError, match="unknown filter operator"):
        loaded.path_query(
            PathQuery(
                ["REGION-EU"], [[PathStep("LOCATED_IN", "in", "Customer")]], "Customer", filters=[Filter("arr", "~", 1)]
            )
        )


# ---- lookups ----------------------------------------------------------------------------------------------------------


def test_entity_lookups(kb):
    loaded, fake = kb
    assert [e.id for e in loaded.get_entities(["VEND-02", "NOPE-1", "CUST-0001", "VEND-02"])] == [
        "VEND-02",
        "CUST-0001",
    ]
    acme = loaded.get_entity("CUST-0001")
    assert acme == ENTITIES[0]  # attrs round-trip exactly (dates stay ISO dates)
    assert loaded.get_entity("CUST-9999") is None
    assert [e.id for e in loaded.find_entities("acme")] == ["CUST-0001"]
    assert fake.query_calls("hl_entity_lookup")[-1]["lookup_key"] == "acme"
    assert [e.id for e in loaded.find_entities("  CLOUD   co ")] == ["VEND-01"]  # phone-book key normalisation
    assert [e.id for e in loaded.find_entities("50% club")] == ["CUST-0002"]  # "%" survives the POST encoding
    assert [e.id for e in loaded.find_entities("c", limit=3)] == ["VEND-01", "CUST-0001", "CUST-0002"]
    table = loaded.alias_table()
    assert table["acme holdings"] == ["CUST-0001"] and table["vend-02"] == ["VEND-02"]
    page = loaded.list_entities("Customer", limit=2, offset=1)
    assert [e.id for e in page] == ["CUST-0002", "CUST-0003"]
    assert fake.query_calls("hl_list_entities")[-1] == {"v_types": ["Customer"], "after_id": "", "lim": 5000}
    assert [e.id for e in loaded.list_entities(limit=2)] == ["CUST-0001", "CUST-0002"]


def test_document_and_chunk_lookups(kb):
    loaded, fake = kb
    assert loaded.get_document("DOC-00002") == DOCS[1]
    assert loaded.get_document("DOC-99999") is None
    assert [c.id for c in loaded.get_chunks(["DOC-00002#0", "NOPE#0", "DOC-00001#0"])] == ["DOC-00002#0", "DOC-00001#0"]
    assert loaded.chunks_for_entities(["VEND-01", "REGION-EU", "NOPE-1"], limit_per_entity=1) == {
        "VEND-01": ["DOC-00001#0"],
        "REGION-EU": ["DOC-00001#1"],
        "NOPE-1": [],
    }
    assert [d.id for d in loaded.documents_for_entity("REGION-EU")] == ["DOC-00001"]  # via its chunk
    assert [d.id for d in loaded.documents_for_entity("CUST-0001")] == ["DOC-00002"]
    assert [c.ord for c in loaded.chunks_of_document("DOC-00001")] == [0, 1]
    hashes = loaded.document_hashes()
    assert set(hashes) == {"DOC-00001", "DOC-00002"} and all(len(h) == 40 for h in hashes.values())


def test_stats_meta_and_deletes(loaded):
    stats = loaded.stats()
    assert stats["backend"] == "tigergraph" and stats["dim"] == 4
    assert stats["entities"]["Customer"] == 4 and stats["documents"] == 2 and stats["chunks"] == 3
    assert stats["edges"]["DEPENDS_ON"] == 4 and stats["edges"]["PART_OF"] == 3 and stats["tokens"] == 13
    loaded.set_meta("embedder_name", "minilm-l6")
    assert loaded.get_meta("embedder_name") == "minilm-l6" and loaded.get_meta("missing") is None
    assert loaded.delete_chunks(["DOC-00001"]) == 2
    assert loaded.get_document("DOC-00001") is not None and loaded.get_chunks(["DOC-00001#0"]) == []
    loaded.delete_documents(["DOC-00002"])
    assert loaded.get_document("DOC-00002") is None and loaded.stats()["chunks"] == 0


# ---- errors ------------------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_server_down():
    port = free_port()
    settings = Settings(tg_host="http://127.0.0.1", tg_rest_port=port, tg_gsql_port=port)
    with pytest.raises(
        StoreError, match=rf"cannot reach TigerGraph at http://127.0.0.1:{port} .*is the server running"
    ):
        open_store(settings, None)


def test_wrong_password_is_an_auth_error_without_the_password(fake):
    settings = tg_settings(fake, tg_password="hunter22")
    with pytest.raises(StoreError, match="rejected the credentials .*HOPLENS_TG_PASSWORD") as err:
        open_store(settings, None, create=True)
    assert "hunter22" not in str(err.value)
    assert fake.graphs == {}


def test_wrong_token_is_an_auth_error(fake):
    with pytest.raises(StoreError, match="rejected the credentials .*HOPLENS_TG_TOKEN"):
        open_store(tg_settings(fake, tg_token="not-a-token"), None, create=True)


def test_secret_mints_a_token_used_for_rest_calls(fake):
    fake.secret = "s3cret"
    st = open_store(tg_settings(fake, tg_secret="s3cret", tg_password="wrong"), None, create=True)
    assert st.graph in fake.graphs
    assert fake.find("POST", "/gsql/v1/tokens")[0].json()["secret"] == "s3cret"
    rest = [r for r in fake.requests if r.path.startswith("/restpp")]
    assert rest and all(r.headers["Authorization"].startswith("Bearer tok-") for r in rest)
    fake.secret = "rotated"
    with pytest.raises(StoreError, match="rejected the credentials while requesting a token with HOPLENS_TG_SECRET"):
        open_store(tg_settings(fake, tg_secret="s3cret"), None)


def test_restpp_requiring_a_token_is_handled_by_pytigergraph(fake):
    fake.restpp_requires_token = True
    st = open_store(tg_settings(fake), None, create=True)
    st.upsert_entities(ENTITIES[:2])
    assert st.get_entity("CUST-0002").name == "Beta Ltd"
    basic = base64.b64encode(b"tigergraph:tigergraph").decode()
    assert fake.find("POST", "/gsql/v1/tokens")[0].headers["Authorization"] == f"Basic {basic}"


def test_install_failure_reports_the_server_message(fake):
    fake.fail_install = "FAILED: Semantic Check Fails: vectorSearch is not a valid function"
    with pytest.raises(StoreError, match="installing the HopLens queries on graph 'HopLens' failed: FAILED: Semantic"):
        open_store(tg_settings(fake), None, create=True)


def test_missing_graph_without_create(fake):
    with pytest.raises(StoreError, match="graph 'HopLens' does not exist .*hoplens build --backend tigergraph"):
        open_store(tg_settings(fake), None)


def test_old_server_is_refused(fake):
    fake.version = "3.10.1"
    with pytest.raises(StoreError, match=r"TigerGraph 3.10.1 .*has no vector search; HopLens needs >= 4.2"):
        open_store(tg_settings(fake), None, create=True)


def test_uninstalled_query_points_to_the_build(store, fake):
    fake.graphs["HopLens"].installed.discard("hl_get_vertices")
    with pytest.raises(StoreError, match="not installed on graph 'HopLens': run `hoplens build --backend tigergraph`"):
        store.get_document("DOC-00001")


def test_graph_name_must_be_an_identifier(fake):
    with pytest.raises(ValueError, match="HOPLENS_TG_GRAPH 'Hop Lens' must be a GSQL identifier"):
        open_store(tg_settings(fake, tg_graph="Hop Lens"), None, create=True)
    with pytest.raises(ValueError, match="not a keyword"):
        open_store(tg_settings(fake, tg_graph="Vertex"), None, create=True)


def test_connecting_keeps_the_process_excepthook(fake):
    hook = sys.excepthook
    open_store(tg_settings(fake), None, create=True)
    assert sys.excepthook is hook


# ---- RESTPP limits: 16 s timeout, response size, paging -------------------------------------------------------------


def test_queries_send_timeouts_and_a_response_limit(kb):
    loaded, fake = kb
    loaded.stats()
    loaded.get_entity("CUST-0001")
    scan = next(r for r in reversed(fake.find("POST", "/query/HopLens/hl_stats")))
    lookup = next(r for r in reversed(fake.find("POST", "/query/HopLens/hl_get_vertices")))
    headers = {k.lower(): v for k, v in scan.headers.items()}
    assert headers["gsql-timeout"] == "120000" and headers["response-limit"] == str(32 * 1024 * 1024)
    assert {k.lower(): v for k, v in lookup.headers.items()}["gsql-timeout"] == "16000"


def test_a_query_past_its_time_limit_is_a_clear_error(loaded, fake):
    fake.query_cost_s["hl_stats"] = 20.0  # a scan: within HOPLENS_TG_SCAN_TIMEOUT_S
    assert loaded.stats()["chunks"] == 3
    fake.query_cost_s["hl_get_vertices"] = 20.0  # longer than the 16 s lookups get
    loaded._types.clear()
    with pytest.raises(StoreError, match="ran past its time limit.*HOPLENS_TG_QUERY_TIMEOUT_S"):
        loaded.get_entity("CUST-0001")


def test_large_reads_are_paged_under_the_response_limit(fake):
    st = open_store(tg_settings(fake, tg_page_size=2), None, create=True, index_poll_s=0.01)
    load(st)
    st.size_limit = 2500  # bytes: a one-page read of every entity is larger
    table = st.alias_table()
    assert table["acme holdings"] == ["CUST-0001"] and len({i for ids in table.values() for i in ids}) == len(ENTITIES)
    calls = fake.query_calls("hl_list_entities")
    assert len(calls) >= len(ENTITIES) // 2 and calls[0]["after_id"] == "" and calls[1]["after_id"] == "CUST-0002"
    assert st.entity_ids() == sorted(e.id for e in ENTITIES)
    assert st.edge_keys() == sorted((e.src, e.type, e.dst) for e in EDGES)
    assert [e.id for e in st.list_entities(None, 3, 4)] == sorted(e.id for e in ENTITIES)[4:7]
    assert set(st.document_hashes()) == {d.id for d in DOCS}
    big = open_store(tg_settings(fake), None, index_poll_s=0.01)
    big.size_limit = 2500
    with pytest.raises(StoreError, match="exceeds limit.*Lower HOPLENS_TG_PAGE_SIZE"):
        big.alias_table()


def test_the_fake_refuses_a_query_that_breaks_a_documented_rule(store, fake, monkeypatch):
    text = (  # the old hl_lexical's construct: LIKE inside ACCUM with a concatenated pattern
        "CREATE OR REPLACE QUERY hl_lexical(SET<STRING> terms, INT k) FOR GRAPH HopLens SYNTAX V1 {\n"
        "  SetAccum<STRING> @present;\n  Chunks = {Chunk.*};\n"
        '  Chunks = SELECT c FROM Chunks:c ACCUM FOREACH t IN terms DO IF lower(c.text) LIKE "%" + t + "%" THEN '
        "c.@present += t END END;\n  PRINT Chunks;\n}\n"
    )
    with pytest.raises(Exception, match=r"Semantic Check Fails: .*\[like-where\]"):
        store.conn.createQuery(text)  # what a server does with LIKE in ACCUM
    assert "like-where" in str(store.conn.checkQuerySemantic(text)["errors"])
    # the store checks before it creates anything, and names the query
    real = store.query_text
    monkeypatch.setattr(store, "query_text", lambda name: text if name == "hl_lexical" else real(name))
    fake.graphs["HopLens"].installed.clear()
    with pytest.raises(StoreError, match=r"query hl_lexical fails the semantic check.*like-where"):
        store.ensure_queries()
