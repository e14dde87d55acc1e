"""build_store: resume after a crash equals an uninterrupted build, incremental rebuilds touch only changed
documents, deletions propagate, bad input is refused with a clear error, question files are never read."""

from __future__ import annotations

import builtins
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _store_fakes import HashingEmbedder, small_world, write_dataset

from core.config import Settings
from core.ingest.build import build_store
from core.records import Document
from core.store.base import StoreError
from core.store.embedded import EmbeddedStore

HERE = Path(__file__).parent


def _build(data, store, tmp_path, **kw):
    kw.setdefault("embedder", HashingEmbedder())
    kw.setdefault("boilerplate_min_docs", 3)
    return build_store(data, store, settings=Settings(home=tmp_path, chunk_tokens=48, chunk_overlap=8),
                       progress=False, **kw)


def snapshot_of(store_path: Path) -> dict:
    """Everything a build produces, without ids that may legitimately differ (paths, vector row ids)."""
    emb = HashingEmbedder()
    with EmbeddedStore(store_path) as s:
        conn = sqlite3.connect(store_path / "store.sqlite")
        chunks = conn.execute("SELECT id, doc_id, ord, text, tokens, entity_ids, text_hash FROM chunks ORDER BY id").fetchall()
        vectors = conn.execute("SELECT text_hash, vec FROM embeddings ORDER BY text_hash").fetchall()
        docs = conn.execute("SELECT id, kind, title, text, entity_ids, content_hash FROM documents ORDER BY id").fetchall()
        edges = conn.execute("SELECT * FROM edges ORDER BY 1, 2, 3").fetchall()
        ents = conn.execute("SELECT * FROM entities ORDER BY id").fetchall()
        boiler = conn.execute("SELECT key FROM boilerplate ORDER BY key").fetchall()
        conn.close()
        searches = [[(h.chunk_id, round(h.score, 5)) for h in s.vector_search(emb.embed_query(q), 5)]
                    for q in ("renewal escalation", "storage replication", "Customer3 Holdings")]
        lexical = [[h.chunk_id for h in s.lexical_search(q, 5)] for q in ("renewal", "payments latency")]
        stats = {k: v for k, v in s.stats().items() if k not in ("path", "size_bytes", "index_generation")}
    return {"chunks": chunks, "vectors": vectors, "docs": docs, "edges": edges, "entities": ents, "boiler": boiler,
            "searches": searches, "lexical": lexical, "stats": stats}


@pytest.fixture
def dataset(tmp_path):
    return write_dataset(tmp_path / "data", *small_world(n_customers=10, n_docs=40))


def test_build_produces_a_complete_store(dataset, tmp_path):
    emb = HashingEmbedder()
    report = _build(dataset, tmp_path / "store", tmp_path, embedder=emb)
    assert report["documents"] == report["processed"] == 40 and report["unchanged"] == 0
    assert report["chunks"] > 40  # small chunk_tokens: several chunks per document
    assert report["embedded"] + report["cached"] == report["chunks"]
    assert emb.texts_embedded == report["embedded"]  # identical views are embedded once
    with EmbeddedStore(tmp_path / "store") as s:
        st = s.stats()
        assert st["documents"] == 40 and st["chunks"] == report["chunks"] == st["vectors"]
        assert st["entities"] == {"Customer": 10, "Outage": 3, "Region": 3, "Vendor": 4}
        assert all(c.tokens <= 48 for c in s.chunks_of_document("DOC-00005"))
        assert "CUST-0006" in s.chunks_of_document("DOC-00005")[0].entity_ids


def test_crash_then_resume_equals_uninterrupted_build(dataset, tmp_path):
    _build(dataset, tmp_path / "clean", tmp_path)
    with pytest.raises(RuntimeError, match="simulated crash"):
        _build(dataset, tmp_path / "crashed", tmp_path, doc_batch=6, _fail_after_batches=3)
    with pytest.raises(StoreError, match="did not finish"):
        EmbeddedStore(tmp_path / "crashed")  # a reader is told to resume, not served a half store
    emb = HashingEmbedder()
    report = _build(dataset, tmp_path / "crashed", tmp_path, embedder=emb, doc_batch=6)
    assert report["unchanged"] == 18 and report["processed"] == 22  # committed batches are not redone
    assert snapshot_of(tmp_path / "crashed") == snapshot_of(tmp_path / "clean")


def test_killed_process_then_resume_equals_uninterrupted_build(dataset, tmp_path):
    """A real SIGKILL mid-build (no cleanup code runs), then a resumed build."""
    _build(dataset, tmp_path / "clean", tmp_path)
    store = tmp_path / "killed"
    script = f"""
import sys, time
sys.path.insert(0, {str(HERE)!r})
from _store_fakes import HashingEmbedder
from core.config import Settings
from core.ingest.build import build_store

class Slow(HashingEmbedder):
    def embed(self, texts):
        time.sleep(0.3)
        return super().embed(texts)

build_store({str(dataset)!r}, {str(store)!r}, settings=Settings(home={str(tmp_path)!r}, chunk_tokens=48, chunk_overlap=8),
            progress=False, embedder=Slow(), boilerplate_min_docs=3, doc_batch=4)
"""
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=HERE.parent.parent)
    try:
        deadline = time.monotonic() + 60
        committed = 0
        while time.monotonic() < deadline and committed < 8:
            time.sleep(0.05)
            if (store / "store.sqlite").exists():
                try:
                    with sqlite3.connect(f"file:{store / 'store.sqlite'}?mode=ro", uri=True, timeout=1) as c:
                        committed = c.execute("SELECT count(*) FROM documents").fetchone()[0]
                except sqlite3.Error:
                    pass
        assert proc.poll() is None, "the build finished before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(30)
    assert 8 <= committed < 40
    report = _build(dataset, store, tmp_path, doc_batch=4)
    assert report["unchanged"] >= 8 and report["processed"] == 40 - report["unchanged"]
    assert snapshot_of(store) == snapshot_of(tmp_path / "clean")


def _rewrite_docs(dataset: Path, change) -> None:
    path = dataset / "documents.jsonl"
    docs = [Document.from_dict(json.loads(line)) for line in path.read_text().splitlines()]
    docs = change(docs)
    path.write_text("".join(json.dumps(d.to_dict()) + "\n" for d in docs))


def test_incremental_rebuild_touches_only_changed_documents(dataset, tmp_path):
    store = tmp_path / "store"
    _build(dataset, store, tmp_path)
    conn = sqlite3.connect(store / "store.sqlite")
    before = dict(conn.execute("SELECT id, vid FROM chunks").fetchall())
    conn.close()

    def change(docs):
        docs[3].text += "\n\nA brand new paragraph about a data residency review for the auditors."
        new = Document("DOC-09999", "account_note", "New note", "Fresh note on Customer2 Holdings (CUST-0002) and VEND-03.",
                       ["CUST-0002"])
        return [d for d in docs if d.id != "DOC-00010"] + [new]

    _rewrite_docs(dataset, change)
    emb = HashingEmbedder()
    report = _build(dataset, store, tmp_path, embedder=emb)
    assert (report["processed"], report["deleted"], report["unchanged"]) == (2, 1, 38)
    # only the changed document's new text and the new document were embedded; the rest came from the cache
    assert 1 <= emb.texts_embedded <= report["chunks"]
    conn = sqlite3.connect(store / "store.sqlite")
    after = dict(conn.execute("SELECT id, vid FROM chunks").fetchall())
    conn.close()
    untouched = {c: v for c, v in before.items() if not c.startswith(("DOC-00003#", "DOC-00010#"))}
    assert {c: after[c] for c in untouched} == untouched  # same rows: never rewritten
    assert not any(c.startswith("DOC-00010#") for c in after)
    with EmbeddedStore(store) as s:
        assert s.get_document("DOC-00010") is None and s.documents_for_entity("CUST-0001")
        assert "CUST-0002" in s.chunks_of_document("DOC-09999")[0].entity_ids
        assert "data residency" in " ".join(c.text for c in s.chunks_of_document("DOC-00003"))
        hits = s.lexical_search("data residency review auditors", 3)
        assert hits[0].doc_id == "DOC-00003"
        assert s.stats()["vectors"] == s.stats()["chunks"]
    # and a rebuild of an identical dataset does nothing at all
    emb2 = HashingEmbedder()
    report = _build(dataset, store, tmp_path, embedder=emb2)
    assert report["processed"] == 0 and report["unchanged"] == 40 and emb2.calls == 0 and report["index"] is None


def test_open_reader_keeps_its_index_while_a_build_replaces_it(dataset, tmp_path):
    store = tmp_path / "store"
    _build(dataset, store, tmp_path)
    emb = HashingEmbedder()
    loaded, lazy = EmbeddedStore(store), EmbeddedStore(store)
    q = emb.embed_query("renewal escalation")
    want = [h.chunk_id for h in loaded.vector_search(q, 3)]
    _rewrite_docs(dataset, lambda docs: docs[:-1])  # one document deleted: new index generation, old one removed
    _build(dataset, store, tmp_path)
    # an open reader keeps the state it was opened in (records and indexes), whether it searched before or not
    assert [h.chunk_id for h in loaded.vector_search(q, 3)] == want
    assert [h.chunk_id for h in lazy.vector_search(q, 3)] == want
    assert loaded.get_document("DOC-00039") is not None and loaded.outdated() and lazy.outdated()
    loaded.close()
    lazy.close()
    with EmbeddedStore(store) as fresh:  # a new open sees the new state
        assert not fresh.outdated() and fresh.get_document("DOC-00039") is None
        assert [h.chunk_id for h in fresh.vector_search(q, 3)][:2] == [c for c in want if not c.startswith("DOC-00039#")]


def test_entity_changes_relink_without_reembedding(dataset, tmp_path):
    store = tmp_path / "store"
    _build(dataset, store, tmp_path)
    path = dataset / "entities.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for r in rows:
        if r["id"] == "VEND-02":
            r["aliases"].append("Hosting")  # "hosting" appears in every document's text
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    emb = HashingEmbedder()
    report = _build(dataset, store, tmp_path, embedder=emb)
    assert report["entities"] > 0 and report["processed"] == 40 and emb.calls == 0  # all vectors from the cache
    with EmbeddedStore(store) as s:
        assert "VEND-02" in s.chunks_of_document("DOC-00000")[-1].entity_ids or any(
            "VEND-02" in c.entity_ids for c in s.chunks_of_document("DOC-00000"))


def test_generates_missing_dataset_and_never_reads_questions(tmp_path, monkeypatch):
    data = tmp_path / "data"
    opened: list[str] = []
    real_open = builtins.open

    def spy(file, mode="r", *a, **kw):
        if "r" in mode and "+" not in mode:
            opened.append(str(file))  # reads only: the generator may write question files
        return real_open(file, mode, *a, **kw)

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(Path, "open", lambda self, *a, **kw: spy(self, *a, **kw))
    report = build_store(data, tmp_path / "store", settings=Settings(home=tmp_path, scale="tiny", seed=3),
                         progress=False, embedder=HashingEmbedder())
    assert report["generated"] and report["documents"] > 100 and (data / "manifest.json").exists()
    (data / "questions_public.jsonl").write_text("{broken")
    report = build_store(data, tmp_path / "store", settings=Settings(home=tmp_path, scale="tiny", seed=3),
                         progress=False, embedder=HashingEmbedder())
    assert report["processed"] == 0 and not report["generated"]
    assert not [p for p in opened if "question" in Path(p).name]


def test_bad_input_is_refused_clearly(tmp_path):
    with pytest.raises(FileNotFoundError, match="lacks"):
        (tmp_path / "d").mkdir()
        (tmp_path / "d" / "manifest.json").write_text("{}")
        _build(tmp_path / "d", tmp_path / "store", tmp_path)
    data = write_dataset(tmp_path / "dup", *small_world(n_docs=3))
    with (data / "documents.jsonl").open("a") as fh:
        fh.write(json.dumps(Document("DOC-00001", "x", "t", "again").to_dict()) + "\n")
    with pytest.raises(ValueError, match="repeats document id DOC-00001"):
        _build(data, tmp_path / "store2", tmp_path)
    bad = write_dataset(tmp_path / "bad", *small_world(n_docs=3))
    with (bad / "documents.jsonl").open("a") as fh:
        fh.write("{not json\n")
    with pytest.raises(ValueError, match="documents.jsonl:4"):
        _build(bad, tmp_path / "store3", tmp_path)


def test_cli_build_snapshot_restore(dataset, tmp_path, monkeypatch, capsys):
    import core.llm.factory
    from core.cli import main

    monkeypatch.setattr(core.llm.factory, "make_embedder", lambda settings=None, name=None: HashingEmbedder())
    store = tmp_path / "store"
    assert main(["build", "--data", str(dataset), "--store", str(store), "--quiet"]) == 0
    assert "40 documents (40 processed" in capsys.readouterr().out
    assert main(["build", "--data", str(dataset), "--store", str(store), "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unchanged"] == 40
    assert main(["snapshot", "--store", str(store)]) == 0
    assert "checksums recorded" in capsys.readouterr().out
    assert main(["snapshot", "--store", str(store), "--list"]) == 0
    assert capsys.readouterr().out.strip().endswith("ok")
    assert main(["restore", "--store", str(store), "--discard-current"]) == 0
    assert "checksums verified" in capsys.readouterr().out
    assert not list(tmp_path.glob("store.replaced-*"))
    with EmbeddedStore(store) as s:
        assert s.stats()["documents"] == 40
    assert main(["restore", "--store", str(tmp_path / "elsewhere")]) == 1
    assert "no snapshots" in capsys.readouterr().err
    assert main(["build", "--data", str(dataset), "--store", str(store), "--boilerplate-min-docs", "-1"]) == 1


def test_a_build_with_nothing_to_do_never_blocks_readers(dataset, tmp_path, monkeypatch):
    store = tmp_path / "store"
    _build(dataset, store, tmp_path)
    states = []
    real = EmbeddedStore.set_meta
    monkeypatch.setattr(EmbeddedStore, "set_meta", lambda self, k, v: (states.append((k, v)), real(self, k, v))[1])
    _build(dataset, store, tmp_path)
    assert ("build_state", "in_progress") not in states
    EmbeddedStore(store).close()
