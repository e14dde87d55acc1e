"""One conformance suite for the store protocols (core/store/base.py), run against every backend: the embedded
store and TigerGraph over the loopback fake. Same inputs, same expected outputs, written out here (not one backend
compared with the other), so a backend that drifts from the contract fails on its own.

The TigerGraph half exercises the client (tigergraph.py), the fake's simulation of each installed query and the
GSQL lint the fake applies when the queries are created; it cannot show that a real server runs the GSQL.
"""

from __future__ import annotations

import numpy as np
import pytest
from fake_tigergraph import FakeTigerGraph
from test_tigergraph_store import CHUNKS, DOCS, EDGES, ENTITIES, VECTORS, tg_settings

from core import schema
from core.records import Chunk, Document, Edge, Entity, Filter, PathQuery, PathStep
from core.store.base import EmbedderMismatch, StoreCapabilities, StoreReader, StoreWriter
from core.store.keys import STRUCTURAL, text_hash

BACKENDS = ("embedded", "tigergraph")


class Emb:
    name, dim = "conformance-4d", 4


class OtherEmb:
    name, dim = "another-model", 4


def _load(st) -> None:
    st.bind_embedder(Emb())
    st.upsert_entities(ENTITIES)
    st.upsert_edges(EDGES)
    st.upsert_documents(DOCS)
    st.upsert_chunks(CHUNKS, VECTORS)
    st.refresh_indexes()


@pytest.fixture(params=BACKENDS)
def store(request, tmp_path):
    if request.param == "embedded":
        from core.store.embedded import EmbeddedStore

        st = EmbeddedStore(tmp_path / "store", create=True)
        _load(st)
        yield st
        st.close()
    else:
        from core.store.tigergraph import open_store

        with FakeTigerGraph() as fake:
            st = open_store(tg_settings(fake, tg_page_size=3), tmp_path / "store", create=True, index_poll_s=0.01)
            _load(st)
            yield st
            st.close()


def test_both_protocols_are_implemented_and_capabilities_declared(store):
    assert isinstance(store, StoreReader) and isinstance(store, StoreWriter)
    names = {n for proto in (StoreReader, StoreWriter) for c in proto.__mro__ if c.__module__ == "core.store.base"
             for n in (*vars(c), *getattr(c, "__annotations__", {})) if not n.startswith("_")}
    assert len(names) > 40
    for name in sorted(names):
        assert hasattr(store, name), name
    assert isinstance(store.capabilities, StoreCapabilities)
    assert isinstance(store.location, str) and store.location


def test_entity_lookups(store):
    assert [e.id for e in store.get_entities(["VEND-02", "NOPE-1", "CUST-0001", "VEND-02"])] == ["VEND-02", "CUST-0001"]
    assert store.get_entity("CUST-0001") == ENTITIES[0] and store.get_entity("NOPE-1") is None
    assert [e.id for e in store.find_entities("acme")] == ["CUST-0001"]
    assert [e.id for e in store.find_entities("  CLOUD   co ")] == ["VEND-01"]
    assert [e.id for e in store.find_entities("c", 3)] == ["VEND-01", "CUST-0001", "CUST-0002"]
    assert [e.id for e in store.list_entities("Customer", 2, 1)] == ["CUST-0002", "CUST-0003"]
    assert [e.id for e in store.list_entities(None, 3, 4)] == sorted(e.id for e in ENTITIES)[4:7]
    assert store.entity_ids() == sorted(e.id for e in ENTITIES)
    assert [k for k in store.edge_keys() if k[1] not in STRUCTURAL] == sorted((e.src, e.type, e.dst) for e in EDGES)
    table = store.alias_table()
    assert table["acme holdings"] == ["CUST-0001"] and table["50% club"] == ["CUST-0002"] and table["vend-02"] == ["VEND-02"]


def test_content_lookups(store):
    assert store.get_document("DOC-00002") == DOCS[1] and store.get_document("DOC-404") is None
    assert [c.id for c in store.get_chunks(["DOC-00002#0", "NOPE", "DOC-00001#1"])] == ["DOC-00002#0", "DOC-00001#1"]
    assert store.chunks_of_document("DOC-00001") == CHUNKS[:2]
    assert store.chunks_for_entities(["VEND-01", "REGION-EU", "CUST-0004"], 2) == {
        "VEND-01": ["DOC-00001#0"],
        "REGION-EU": ["DOC-00001#1"],
        "CUST-0004": [],
    }
    assert [d.id for d in store.documents_for_entity("REGION-EU")] == ["DOC-00001"]
    assert [d.id for d in store.documents_for_entity("CUST-0001")] == ["DOC-00002"]
    assert store.get_meta("embedder_name") == "conformance-4d" and store.get_meta("no-such-key") is None


def test_search(store):
    hits = store.vector_search(np.array([1, 0, 0, 0], dtype=np.float32), 2)
    assert [h.chunk_id for h in hits] == ["DOC-00001#0", "DOC-00001#1"]
    assert [h.score for h in hits] == pytest.approx([1.0, 0.6], abs=1e-5) and hits[0].source == "vector"
    lex = store.lexical_search("Which storage failed in Europe?", 3)
    # bm25s "lucene" (k1 1.5, b 0.75) on the three chunk texts: "storag" and "fail" in #0, "europ" in #1
    assert [(h.chunk_id, round(h.score, 4)) for h in lex] == [("DOC-00001#0", 0.8216), ("DOC-00001#1", 0.4108)]
    assert store.lexical_search("the of and", 3) == []
    store.check_embedder(Emb())
    with pytest.raises(EmbedderMismatch):
        store.check_embedder(OtherEmb())
    with pytest.raises(EmbedderMismatch):
        store.vector_search(np.ones(4, dtype=np.float32), 1, embedder=OtherEmb())


def test_graph(store):
    nbrs = store.neighbors("CUST-0001", "DEPENDS_ON", "out")
    assert [(e.dst, e.attrs, n.name) for e, n in nbrs] == [("VEND-01", {"role": "primary"}, "CloudCo"),
                                                           ("VEND-02", {"role": "secondary"}, "NetFast")]
    assert [(e.src, e.type) for e, _ in store.neighbors("REGION-US")] == [
        ("OUTAGE-002", "IN_REGION"), ("CUST-0003", "LOCATED_IN"), ("VEND-02", "OPERATES_IN")
    ]
    sub = store.expand(["CUST-0001"], hops=2, fanout=50, max_nodes=400)
    node = {n.id: n for n in sub.nodes}
    assert [n.id for n in sub.nodes[:5]] == ["CUST-0001", "VEND-01", "VEND-02", "REGION-EU", "EMP-001"]
    assert (node["CUST-0002"].hop, node["CUST-0002"].hop_score) == (2, 1.5)
    assert (node["CUST-0002"].reached_from, node["CUST-0002"].via_edge) == ("EMP-001", "CSM_FOR")
    impact = PathQuery(["OUTAGE-001"], [[PathStep(*s) for s in p] for p in schema.IMPACT_PATHS["Customer"]], "Customer")
    assert store.path_query(impact) == ["CUST-0001", "CUST-0002"]
    primary = PathQuery(["VEND-01", "VEND-02"], [[PathStep("DEPENDS_ON", "in", "Customer", {"role": "Primary"})]],
                        "Customer")
    assert store.path_query(primary) == ["CUST-0001", "CUST-0002", "CUST-0003"]
    # comparisons on the edge's attributes (Filter records on the step): same rules as entity filters
    compared = PathQuery(["VEND-01", "VEND-02"], [[PathStep("DEPENDS_ON", "in", "Customer",
                                                            edge_filters=[Filter("role", "<", "q")])]], "Customer")
    assert store.path_query(compared) == ["CUST-0001", "CUST-0002", "CUST-0003"]  # "primary" < "q" < "secondary"
    none = PathQuery(["VEND-01"], [[PathStep("DEPENDS_ON", "in", "Customer",
                                             edge_filters=[Filter("role", "==", "tertiary")])]], "Customer")
    assert store.path_query(none) == []


def test_entity_and_edge_deletes(store):
    store.delete_edges([("CUST-0001", "DEPENDS_ON", "VEND-02"), ("CUST-0001", "DEPENDS_ON", "NOPE-9")])
    assert [e.dst for e, _ in store.neighbors("CUST-0001", "DEPENDS_ON", "out")] == ["VEND-01"]
    store.delete_entities(["VEND-02"])
    assert store.get_entity("VEND-02") is None and "VEND-02" not in store.entity_ids()
    assert not [k for k in store.edge_keys() if "VEND-02" in (k[0], k[2])]
    assert store.neighbors("OUTAGE-002", "EXPERIENCED", "in") == []
    assert "netfast" not in store.alias_table()


def test_document_writes_replace_mentions_and_record_fingerprints(store):
    store.upsert_documents([Document("DOC-00002", "account_note", "Acme QBR", "Now about Beta.", ["CUST-0002"])],
                           hashes=["fp-2"])
    assert store.document_hashes()["DOC-00002"] == "fp-2"
    # MENTIONS of the old version are replaced; the document still mentions what its chunk mentions
    assert [d.id for d in store.documents_for_entity("CUST-0002")] == ["DOC-00002"]
    assert [d.id for d in store.documents_for_entity("CUST-0001")] == ["DOC-00002"]  # its chunk names CUST-0001
    assert store.delete_chunks(["DOC-00002"]) == 1
    assert store.chunks_of_document("DOC-00002") == [] and store.chunks_for_entities(["CUST-0001"]) == {"CUST-0001": []}
    store.upsert_documents([store.get_document("DOC-00002")], hashes=["fp-3"])
    assert [d.id for d in store.documents_for_entity("CUST-0001")] == []
    store.delete_documents(["DOC-00001"])
    assert store.get_document("DOC-00001") is None and store.chunks_of_document("DOC-00001") == []
    assert set(store.document_hashes()) == {"DOC-00002"}


def test_an_interrupted_transaction_leaves_no_fingerprint(store):
    """The resume contract both backends keep: a document whose batch did not finish is processed again."""
    doc = Document("DOC-00003", "note", "Half", "Written, then the batch failed.", ["CUST-0003"])
    with pytest.raises(RuntimeError), store.transaction():
        store.upsert_documents([doc], hashes=["fp-half"])
        raise RuntimeError("crash mid-batch")
    assert "DOC-00003" not in store.document_hashes()
    with store.transaction():
        store.upsert_documents([doc], hashes=["fp-done"])
        store.upsert_chunks([Chunk("DOC-00003#0", "DOC-00003", 0, "Written", 1, ["CUST-0003"])],
                            VECTORS[:1])
    assert store.document_hashes()["DOC-00003"] == "fp-done"
    assert [c.id for c in store.chunks_of_document("DOC-00003")] == ["DOC-00003#0"]


def test_meta_boilerplate_and_caches(store):
    assert store.boilerplate() is None
    store.set_boilerplate(np.array([5, -3, 2**40], dtype=np.int64), 4)
    assert store.boilerplate().tolist() == [-3, 5, 2**40]
    store.set_meta("k", "v")
    assert store.get_meta("k") == "v"
    cached = store.cached_vectors([text_hash(CHUNKS[0].text)])
    if store.capabilities.embedding_cache:
        assert np.allclose(cached[text_hash(CHUNKS[0].text)], VECTORS[0])
    else:
        assert cached == {}
    assert store.prune_embeddings() == 0


def test_values_a_typed_attribute_cannot_hold_round_trip_exactly(store):
    odd = Entity("CUST-0099", "Customer", "Odd Dates", ["Odd"], {"renewal_date": "2025-13-45", "health_score": 2**70})
    store.upsert_entities([odd])
    store.upsert_edges([Edge("CUST-0099", "LOCATED_IN", "REGION-US", {"note": "x"})])
    assert store.get_entity("CUST-0099") == odd
    assert [(e.attrs, n.id) for e, n in store.neighbors("CUST-0099")] == [({"note": "x"}, "REGION-US")]


def test_stats_count_the_same_records(store):
    st = store.stats()
    assert st["backend"] == store.backend
    assert st["entities"] == {"Customer": 4, "Vendor": 2, "Region": 2, "Outage": 2, "Employee": 1, "Ticket": 1,
                              "Project": 1}
    assert (st["documents"], st["chunks"], st["tokens"]) == (2, 3, 13)
    assert {k: v for k, v in st["edges"].items() if k not in STRUCTURAL} == {
        t: sum(e.type == t for e in EDGES) for t in {e.type for e in EDGES}
    }


def test_a_rewritten_chunk_mentions_only_its_new_entities(store):
    c = CHUNKS[2]  # DOC-00002#0, which mentioned CUST-0001
    store.upsert_chunks([Chunk(c.id, c.doc_id, c.ord, c.text, c.tokens, ["CUST-0002"])], VECTORS[2:3])
    assert store.chunks_for_entities(["CUST-0001", "CUST-0002"]) == {"CUST-0001": [], "CUST-0002": ["DOC-00002#0"]}
    assert store.get_chunks([c.id])[0].entity_ids == ["CUST-0002"]


def test_document_ingest_types_and_co_occurrence_edges(store):
    """What `hoplens ingest` writes: its own entity types and RELATED_TO between any two entity types."""
    helix = Entity("byod:helix-analytics", "Company", "Helix Analytics", ["Helix"], {"mentions": 3})
    maria = Entity("byod:maria-okafor", "Person", "Maria Okafor", [], {"mentions": 1})
    store.upsert_entities([helix, maria])
    store.upsert_edges([Edge(helix.id, "RELATED_TO", maria.id, {"weight": 2, "chunks": ["c1"]}),
                        Edge(helix.id, "RELATED_TO", "CUST-0001", {"weight": 1, "chunks": ["c2"]})])
    assert store.get_entities([maria.id, helix.id]) == [maria, helix]
    assert [e.id for e in store.find_entities("helix")] == [helix.id]
    assert [(e.dst, e.attrs["weight"]) for e, _ in store.neighbors(helix.id, "RELATED_TO", "out")] == [
        ("CUST-0001", 1), (maria.id, 2)
    ]
    assert [e.id for e in store.list_entities("Company")] == [helix.id]
    sub = store.expand([maria.id], hops=2, fanout=50, max_nodes=50)
    assert [(n.id, n.hop) for n in sub.nodes[:3]] == [(maria.id, 0), (helix.id, 1), ("CUST-0001", 2)]
    store.delete_entities([helix.id])
    assert store.neighbors(maria.id) == []
