"""Same data, two backends: the embedded store (the reference) and TigerGraph (through the loopback fake) must
answer every GraphStore call and every pipeline question the same way. This is what "switch one setting"
promises; it checks the TigerGraph client and the fake's simulation of the GSQL against the reference."""

from __future__ import annotations

import pytest
from fake_tigergraph import FakeTigerGraph
from test_tigergraph_store import CHUNKS, DOCS, EDGES, ENTITIES, tg_settings

from core import schema
from core.records import Filter, PathQuery, PathStep
from core.store.embedded import EmbeddedStore
from core.store.tigergraph import open_store

QUESTIONS = [
    "Which customers were impacted by OUTAGE-001?",
    "Which vendors does Acme Corp depend on?",
    "What storage failed in Europe West?",
    "How many customers are located in REGION-EU?",
    "Who manages Acme Corp?",
    "Which projects use CloudCo?",
]


@pytest.fixture(scope="module")
def embedder():
    from core.config import Settings
    from core.llm.embed_offline import OfflineEmbedder

    return OfflineEmbedder.from_settings(Settings())


@pytest.fixture(scope="module")
def stores(embedder, tmp_path_factory):
    vectors = embedder.embed([c.text for c in CHUNKS])
    with FakeTigerGraph() as fake:
        tg = open_store(tg_settings(fake), None, create=True, index_poll_s=0.01)
        emb = EmbeddedStore(tmp_path_factory.mktemp("parity") / "store", create=True)
        for st in (tg, emb):
            st.upsert_entities(ENTITIES)
            st.upsert_edges(EDGES)
            st.upsert_documents(DOCS)
            st.upsert_chunks(CHUNKS, vectors)
            st.bind_embedder(embedder)
            st.refresh_indexes()
        yield tg, emb
        emb.close()


CALLS = [
    ("get_entities", (["VEND-02", "NOPE-1", "CUST-0001"],)),
    ("find_entities", ("acme",)),
    ("find_entities", ("c", 4)),
    ("find_entities", ("cloud co",)),
    ("alias_table", ()),
    ("list_entities", ("Customer", 2, 1)),
    ("list_entities", (None, 3, 0)),
    ("get_document", ("DOC-00001",)),
    ("get_chunks", (["DOC-00002#0", "DOC-00001#1"],)),
    ("chunks_for_entities", (["VEND-01", "REGION-EU", "CUST-0004"], 2)),
    ("documents_for_entity", ("REGION-EU",)),
    ("neighbors", ("REGION-EU",)),
    ("neighbors", ("CUST-0001", "DEPENDS_ON", "out")),
    ("expand", (["CUST-0002", "OUTAGE-002"], 3, 2, None, 9)),
    ("get_meta", ("embedder_name",)),
    ("document_hashes", ()),
]


@pytest.mark.parametrize("method,args", CALLS, ids=[f"{m}{i}" for i, (m, _) in enumerate(CALLS)])
def test_store_calls_agree(stores, method, args):
    tg, emb = stores
    assert getattr(tg, method)(*args) == getattr(emb, method)(*args)


PATHS = [
    PathQuery(["OUTAGE-001"], [[PathStep(*s) for s in p] for p in schema.IMPACT_PATHS["Customer"]], "Customer"),
    PathQuery(["OUTAGE-001"], [[PathStep(*s) for s in p] for p in schema.IMPACT_PATHS["Project"]], "Project"),
    PathQuery(["VEND-01", "VEND-02"], [[PathStep("DEPENDS_ON", "in", "Customer", {"role": "Primary"})]], "Customer"),
    PathQuery(
        ["REGION-EU"],
        [[PathStep("LOCATED_IN", "in", "Customer")]],
        "Customer",
        filters=[Filter("arr", ">=", 900), Filter("segment", "!=", "smb")],
    ),
    PathQuery(
        ["REGION-US", "VEND-01"],
        [[PathStep("LOCATED_IN", "in", "Customer")], [PathStep("DEPENDS_ON", "in", "Customer")]],
        "Customer",
        combine="union",
    ),
    PathQuery(["TICK-00001"], [[PathStep("CAUSED_BY", "out", "Outage"), PathStep("EXPERIENCED", "in", "*")]], "Vendor"),
]


@pytest.mark.parametrize("query", PATHS, ids=range(len(PATHS)))
def test_path_queries_agree(stores, query):
    tg, emb = stores
    assert tg.path_query(query) == emb.path_query(query)


def test_vector_and_lexical_search_agree(stores, embedder):
    tg, emb = stores
    q = embedder.embed_query("storage failure in Europe")
    got, want = tg.vector_search(q, 3), emb.vector_search(q, 3)
    assert [h.chunk_id for h in got] == [h.chunk_id for h in want]
    assert [h.score for h in got] == pytest.approx([h.score for h in want], abs=1e-4)
    assert {h.chunk_id for h in tg.lexical_search("storage Europe", 2)} <= {c.id for c in CHUNKS}


@pytest.mark.parametrize("question", QUESTIONS)
def test_pipelines_answer_the_same_on_both_backends(stores, embedder, question):
    from core.config import Settings
    from core.pipelines import build_pipelines

    answers = {}
    for st in stores:
        pipes = build_pipelines(Settings(), store=st, embedder=embedder, names=("basic", "graph"))
        answers[st.backend] = {name: pipes[name].answer(question) for name in ("basic", "graph")}
    for name in ("basic", "graph"):
        tg, emb = answers["tigergraph"][name], answers["embedded"][name]
        assert tg.backend == "tigergraph" and emb.backend == "embedded"
        assert tg.text == emb.text
        assert [(c.kind, c.source, c.text) for c in tg.context] == [(c.kind, c.source, c.text) for c in emb.context]
        assert tg.plan == emb.plan
        if name == "graph":
            assert tg.subgraph == emb.subgraph and tg.subgraph.nodes
