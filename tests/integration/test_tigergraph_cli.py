"""`hoplens build`, `hoplens ask` and `hoplens ingest` from the CLI with HOPLENS_BACKEND=tigergraph, against the
loopback fake: the same commands a user runs against a real server. The build is checked for the same progress,
resume and incremental behaviour as the embedded build, and `ask` for the same answers as on the embedded store
built from the same dataset (the session's ``tiny_store``).
"""

from __future__ import annotations

import json

import pytest
from fake_tigergraph import FakeTigerGraph

from core.cli import main


@pytest.fixture
def tg_env(monkeypatch, tmp_path):
    from core.config import get_settings

    with FakeTigerGraph() as fake:
        for key, value in {
            "HOPLENS_BACKEND": "tigergraph",
            "HOPLENS_TG_HOST": "http://127.0.0.1",
            "HOPLENS_TG_REST_PORT": str(fake.port),
            "HOPLENS_TG_GSQL_PORT": str(fake.port),
            "HOPLENS_STORE": str(tmp_path / "client-state"),
            "HOPLENS_SCALE": "tiny",
        }.items():
            monkeypatch.setenv(key, value)
        get_settings.cache_clear()
        yield fake
        get_settings.cache_clear()


def _json(capsys) -> dict:
    out = capsys.readouterr().out
    return json.loads(out[out.index("{") :])


def test_build_ask_and_ingest_on_tigergraph_from_the_cli(tg_env, tiny_store, capsys, monkeypatch, tmp_path):
    fake = tg_env
    data = str(tiny_store.data)
    assert main(["build", "--backend", "tigergraph", "--data", data, "--quiet", "--json"]) == 0
    first = _json(capsys)
    assert first["backend"] == "tigergraph" and first["store"].endswith("graph HopLens")
    assert first["processed"] == first["documents"] > 0 and first["unchanged"] == 0
    assert first["stats"]["chunks"] == first["chunks"] and first["stats"]["documents"] == first["documents"]
    g = fake.graphs["HopLens"]
    assert len(g.vertices["Chunk"]) == first["chunks"] and fake.ignored_attributes == []

    assert main(["build", "--backend", "tigergraph", "--data", data, "--quiet", "--json"]) == 0
    again = _json(capsys)  # incremental: nothing changed, nothing written
    assert (again["processed"], again["unchanged"], again["chunks"]) == (0, first["documents"], 0)

    # the same questions, answered from TigerGraph and from the embedded store built from the same dataset
    entities = [json.loads(line) for line in (tiny_store.data / "entities.jsonl").read_text().splitlines()]
    customer = next(e for e in entities if e["type"] == "Customer")
    outage = next(e for e in entities if e["type"] == "Outage")
    questions = [f"Which vendors does {customer['name']} depend on?", f"Which customers were impacted by {outage['id']}?"]
    answers = {}
    for backend in ("tigergraph", "embedded"):
        monkeypatch.setenv("HOPLENS_BACKEND", backend)
        if backend == "embedded":
            monkeypatch.setenv("HOPLENS_STORE", str(tiny_store.store))
        from core.config import get_settings

        get_settings.cache_clear()
        for q in questions:
            assert main(["ask", q, "--json"]) == 0
            answers[(backend, q)] = _json(capsys)
    for q in questions:
        tg, emb = answers[("tigergraph", q)], answers[("embedded", q)]
        assert tg["backend"] == "tigergraph" and emb["backend"] == "embedded"
        assert tg["text"] == emb["text"] and tg["plan"] == emb["plan"], q

    # bring-your-own documents into the same graph
    monkeypatch.setenv("HOPLENS_BACKEND", "tigergraph")
    monkeypatch.setenv("HOPLENS_STORE", str(tmp_path / "client-state"))
    from core.config import get_settings

    get_settings.cache_clear()
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "memo.txt").write_text(
        "Orbital Logistics signed a supply agreement with Helix Analytics in March. "
        "Maria Okafor, the chief executive of Orbital Logistics, met Helix Analytics in Lisbon.\n",
        encoding="utf-8",
    )
    (docs / "note.md").write_text(
        "# Follow-up\n\nHelix Analytics will ship the routing product to Orbital Logistics next quarter.\n",
        encoding="utf-8",
    )
    assert main(["ingest", str(docs), "--json", "--quiet"]) == 0
    report = _json(capsys)
    assert report["processed"] == 2 and report["entities"] > 0
    byod_docs = [d for d, row in g.vertices["Document"].items() if row.get("kind", "").startswith("byod-")]
    assert len(byod_docs) == 2
    names = {row.get("name") for vt in ("Company", "Person", "Location", "Entity") for row in g.vertices[vt].values()}
    assert "Helix Analytics" in names and "Orbital Logistics" in names
    assert g.edges["RELATED_TO"], "co-occurrence edges were written"
    assert main(["ask", "Which documents mention Helix Analytics?", "--pipeline", "basic", "--json"]) == 0
    found = _json(capsys)
    assert found["backend"] == "tigergraph" and any("Helix" in c["text"] for c in found["context"])


def test_an_interrupted_tigergraph_build_resumes(tg_env, tiny_store):
    from core.config import get_settings
    from core.ingest.build import build_store

    fake = tg_env
    s = get_settings()
    with pytest.raises(RuntimeError, match="simulated crash"):
        build_store(tiny_store.data, s.store_path(), s, progress=False, doc_batch=64, _fail_after_batches=2)
    g = fake.graphs["HopLens"]
    assert g.vertices["HL_Meta"]["build_state"]["value"] == "in_progress"
    written = {d for d, row in g.vertices["Document"].items() if row.get("content_hash")}
    assert len(written) == 128  # two committed batches of 64 carry their fingerprints
    # a reader refuses the unfinished graph, as it refuses an unfinished embedded store
    from core.store import open_store
    from core.store.base import StoreError

    with pytest.raises(StoreError, match="did not finish"):
        open_store(s)
    seen: list[tuple[int, int, str]] = []
    report = build_store(tiny_store.data, s.store_path(), s, progress=False, doc_batch=64,
                         on_progress=lambda done, total, stage: seen.append((done, total, stage)))
    assert report["unchanged"] == 128 and report["processed"] == report["documents"] - 128
    assert g.vertices["HL_Meta"]["build_state"]["value"] == "complete"
    assert seen[-1] == (1, 1, "indexes") and any(stage == "documents" for _, _, stage in seen)
    open_store(s).close()
