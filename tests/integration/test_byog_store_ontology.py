"""Stores carry their ontology: ``ontology()`` on both backends, ``set_ontology`` on both writers, CRM by default,
checksummed, transactional on the embedded store; a foreign TigerGraph schema read into an Ontology."""

from __future__ import annotations

import sqlite3

import pytest
from fake_tigergraph import FakeTigerGraph
from test_tigergraph_store import tg_settings

from core.ontology import CRM, Ontology
from core.schema import DATE, FLOAT, INT, LIST, STRING, Attr, EdgeType, VertexType
from core.store.base import ONTOLOGY, StoreCorrupted, StoreReader, StoreWriter
from core.store.embedded import EmbeddedStore

SMALL = Ontology(
    "org",
    (VertexType("Person", "", "", (Attr("name"), Attr("age", INT, ("age",))), ("person",)),
     VertexType("Team", "", "", (Attr("name"),), ("team",))),
    (EdgeType("REPORTS_TO", "Person", "Person", verbs=("reports to",), reverse_verbs=("reported to by",)),
     EdgeType("MEMBER_OF", "Person", "Team", (Attr("since", DATE),), verbs=("member of",))),
)


def test_embedded_defaults_to_crm_and_keeps_what_is_set(tmp_path):
    st = EmbeddedStore(tmp_path / "s", create=True)
    assert isinstance(st, StoreReader) and isinstance(st, StoreWriter)
    assert st.ontology() is CRM
    st.set_ontology(SMALL)
    got = st.ontology()
    assert got.to_dict() == SMALL.to_dict()
    assert st.ontology() is got  # one object per recorded state (cheap cache keys for the planner)
    st.close()
    ro = EmbeddedStore(tmp_path / "s", read_only=True)
    assert ro.ontology().to_dict() == SMALL.to_dict()
    assert [e.name for e in ro.ontology().edges()] == ["REPORTS_TO", "MEMBER_OF"]
    ro.close()


def test_embedded_ontology_rolls_back_with_its_transaction(tmp_path):
    st = EmbeddedStore(tmp_path / "s", create=True)
    with pytest.raises(RuntimeError), st.transaction():
        st.set_ontology(SMALL)
        raise RuntimeError("import failed half-way")
    assert st.ontology() is CRM
    st.close()


def test_embedded_damaged_ontology_is_reported(tmp_path):
    st = EmbeddedStore(tmp_path / "s", create=True)
    st.set_ontology(SMALL)
    st.close()
    conn = sqlite3.connect(tmp_path / "s" / "store.sqlite")
    conn.execute("UPDATE meta SET value = replace(value, 'REPORTS_TO', 'REPORTS_TX') WHERE key = ?", (ONTOLOGY,))
    conn.commit()
    conn.close()
    ro = EmbeddedStore(tmp_path / "s", read_only=True)
    with pytest.raises(StoreCorrupted, match="checksum"):
        ro.ontology()
    ro.close()


def test_tigergraph_store_defaults_to_crm_and_keeps_what_is_set():
    from core.store.tigergraph import open_store

    with FakeTigerGraph() as fake:
        st = open_store(tg_settings(fake), None, create=True, index_poll_s=0.01)
        assert st.ontology() is CRM
        st.set_ontology(SMALL)
        assert st.ontology().to_dict() == SMALL.to_dict()
        st.close()
        again = open_store(tg_settings(fake), None, index_poll_s=0.01)
        assert again.ontology().to_dict() == SMALL.to_dict()
        again.close()


class ForeignFake(FakeTigerGraph):
    """Serves, for graph ``Shop``, a schema in the shape a TigerGraph server returns (typed attributes, FROM/TO
    pairs), as for a graph HopLens did not create."""

    SHOP = {
        "GraphName": "Shop",
        "VertexTypes": [
            {"Name": "Product", "PrimaryId": {"AttributeName": "id", "AttributeType": {"Name": "STRING"}},
             "Attributes": [{"AttributeName": "title", "AttributeType": {"Name": "STRING"}},
                            {"AttributeName": "unit_price", "AttributeType": {"Name": "DOUBLE"}},
                            {"AttributeName": "stock", "AttributeType": {"Name": "UINT"}},
                            {"AttributeName": "tags", "AttributeType": {"Name": "LIST", "ValueTypeName": "STRING"}}]},
            {"Name": "Customer", "Attributes": [{"AttributeName": "signup", "AttributeType": {"Name": "DATETIME"}}]},
            {"Name": "Store", "Attributes": []},
        ],
        "EdgeTypes": [
            {"Name": "BOUGHT", "FromVertexTypeName": "Customer", "ToVertexTypeName": "Product", "IsDirected": True,
             "Attributes": [{"AttributeName": "quantity", "AttributeType": {"Name": "INT"}}]},
            {"Name": "STOCKED_AT", "FromVertexTypeName": "*", "ToVertexTypeName": "*", "IsDirected": False,
             "EdgePairs": [{"From": "Product", "To": "Store"}, {"From": "Customer", "To": "Store"}], "Attributes": []},
        ],
    }

    def _route(self, method, path, query, body):
        if "schema/graphs/Shop" in path:
            return {"error": False, "message": "", "results": self.SHOP}
        return super()._route(method, path, query, body)


def test_foreign_tigergraph_schema_becomes_an_ontology():
    from core.store.tigergraph import connect, ontology_from_schema

    with ForeignFake() as fake:
        conn = connect(tg_settings(fake, tg_graph="Shop"))
        onto = ontology_from_schema(conn.getSchema(udts=False, force=True))
    assert onto.name == "Shop"
    assert [v.name for v in onto.vertex_types] == ["Product", "Customer", "Store"]
    product = onto.vertex_type("Product")
    assert {a.name: a.kind for a in product.attrs} == {"name": STRING, "title": STRING, "unit_price": FLOAT,
                                                      "stock": INT, "tags": LIST}
    assert product.id_regex == ""
    assert onto.vertex_type("Customer").attr("signup").kind == DATE
    assert onto.edge_allowed("Customer", "BOUGHT", "Product")
    assert onto.edges("BOUGHT")[0].attrs == (Attr("quantity", INT),)
    assert onto.edges("BOUGHT")[0].verbs == ("bought",)
    assert {(e.src, e.dst) for e in onto.edges("STOCKED_AT")} == {("Product", "Store"), ("Customer", "Store")}
    assert onto.type_nouns()["products"] == "Product"
    assert Ontology.from_dict(onto.to_dict()).to_dict() == onto.to_dict()


def test_a_crm_build_answers_with_the_crm_ontology(tiny_store, capsys, tmp_path):
    from core.cli import main

    st = tiny_store.open()
    try:
        assert st.ontology() is CRM  # a build records no ontology: existing stores keep working unchanged
    finally:
        st.close()
    assert main(["ontology", "show", "--store", str(tiny_store.store)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ontology crm") and "(Customer)-[DEPENDS_ON]->(Vendor)" in out
    # import-graph refuses to replace a built store unless told to (and then the store is unchanged)
    gml = tmp_path / "g.graphml"
    gml.write_text('<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph><node id="a"/></graph></graphml>',
                   encoding="utf-8")
    assert main(["import-graph", str(gml), "--store", str(tiny_store.store)]) == 1
    assert "--replace" in capsys.readouterr().err
    st = tiny_store.open()
    try:
        assert st.ontology() is CRM and st.get_entity("a") is None
    finally:
        st.close()


def test_a_foreign_schema_ontology_gets_the_inferred_words():
    from core.ontology_infer import enrich
    from core.store.tigergraph import ontology_from_schema

    onto = enrich(ontology_from_schema(ForeignFake.SHOP))
    bought = onto.edges("BOUGHT")[0]
    assert {"bought", "buy", "buys"} <= set(bought.verbs) and "bought by" in bought.reverse_verbs
    assert onto.vertex_type("Product").attr("unit_price").words == ("unit price", "price")
    assert onto.vertex_type("Product").attr("unit_price").kind == FLOAT


def test_ontology_show_from_a_foreign_tigergraph_schema(monkeypatch, capsys):
    from core.cli import main
    from core.config import get_settings

    with ForeignFake() as fake:
        for key, value in {"HOPLENS_TG_HOST": "http://127.0.0.1", "HOPLENS_TG_REST_PORT": str(fake.port),
                           "HOPLENS_TG_GSQL_PORT": str(fake.port), "HOPLENS_TG_GRAPH": "Shop"}.items():
            monkeypatch.setenv(key, value)
        get_settings.cache_clear()
        try:
            assert main(["ontology", "show", "--from-schema"]) == 0
        finally:
            get_settings.cache_clear()
    out = capsys.readouterr().out
    assert out.startswith("ontology Shop") and "(Customer)-[BOUGHT]->(Product)  attrs: quantity:int" in out
    assert "bought by" in out and "unit_price: float  words: unit price, price" in out
