"""Content digests of the embedded store: a real byte flipped inside a TEXT payload of a real store file passes
SQLite's own checks but is caught at open and named by ``hoplens verify``; every writer (build, incremental build,
BYOD ingest, direct upserts and deletes) keeps the digests right; snapshots carry them and restore checks them."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from _store_fakes import HashingEmbedder, small_world, write_dataset

from core.cli import main
from core.config import Settings
from core.ingest.build import build_store
from core.records import Document, Edge, Entity
from core.store import _files, digest
from core.store.base import StoreCorrupted
from core.store.embedded import EmbeddedStore
from core.store.snapshot import create_snapshot, restore_snapshot, verify_snapshot

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("digest")
    data = write_dataset(root / "data", *small_world(n_customers=12, n_docs=30))
    build_store(data, root / "store", settings=Settings(home=root, chunk_tokens=48, chunk_overlap=8), progress=False,
                embedder=HashingEmbedder(), boilerplate_min_docs=0)
    return root


@pytest.fixture
def live(built, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(built / "store", copy)
    return copy


def _checkpoint(db: Path) -> None:
    """Fold the WAL into the main file, so the bytes we flip are the ones SQLite reads."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def _value(db: Path, sql: str, params=()):
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    conn.text_factory = bytes
    try:
        return conn.execute(sql, params).fetchone()[0]
    finally:
        conn.close()


def _flip_payload(db: Path, sql: str, params, mask: int = 0x01) -> int:
    """Flip one byte of the value ``sql`` selects, in the file itself: find the value's bytes in the file, flip a
    letter in the middle, and keep the flip only if that row's value changed (the same bytes may also sit in
    another table, e.g. a chunk copying its document's text). Returns the file offset flipped."""
    _checkpoint(db)
    before = _value(db, sql, params)
    needle = before[len(before) // 2 : len(before) // 2 + 24]
    assert len(needle) == 24
    raw = bytearray(db.read_bytes())
    start = 0
    while (at := raw.find(needle, start)) >= 0:
        pos = at + next(i for i, b in enumerate(needle) if chr(b).isalpha())
        raw[pos] ^= mask
        db.write_bytes(bytes(raw))
        if _value(db, sql, params) != before:
            return pos
        raw[pos] ^= mask  # another copy of the same bytes: put it back and look further
        db.write_bytes(bytes(raw))
        start = at + 1
    raise AssertionError("the value's bytes were not found in the database file")


def _sqlite_says_ok(db: Path) -> bool:
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return (conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
                and conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)])
    finally:
        conn.close()


def _a_document(store_path: Path) -> tuple[str, str]:
    with EmbeddedStore(store_path) as s:
        doc = s.get_document(sorted(s.document_hashes())[5])
    return doc.id, doc.text


# ---- the byte flip ------------------------------------------------------------------------------------------


def test_a_flipped_byte_in_a_document_text_is_caught_at_open_and_named_by_verify(live, capsys):
    doc_id, text = _a_document(live)
    create_snapshot(live)  # taken while healthy
    db = live / "store.sqlite"
    _flip_payload(db, "SELECT text FROM documents WHERE id = ?", (doc_id,))
    changed = _value(db, "SELECT text FROM documents WHERE id = ?", (doc_id,)).decode()
    assert changed != text and len(changed) == len(text)  # still valid text: it would be served as if fine
    assert _sqlite_says_ok(db)  # SQLite's own checks see nothing

    with pytest.raises(StoreCorrupted) as err:
        EmbeddedStore(live)
    msg = str(err.value)
    assert f"documents row '{doc_id}'" in msg and "hoplens restore" in msg and "hoplens verify" in msg
    with pytest.raises(StoreCorrupted):  # a build (read-write open) is refused too
        EmbeddedStore(live, read_only=False)

    report = digest.verify_store(live)
    assert not report["ok"]
    assert [(p.table, p.key) for p in report["problems"]] == [("documents", doc_id)]
    assert main(["verify", "--store", str(live)]) == 1
    out = capsys.readouterr().out
    assert f"documents row '{doc_id}': content does not match its recorded hash" in out
    assert "hoplens restore --store" in out

    # the restore path: newest snapshot, verified, swapped in; the text is back
    restore_snapshot(live)
    with EmbeddedStore(live) as s:
        assert s.get_document(doc_id).text == text
    assert main(["verify", "--store", str(live)]) == 0
    assert "ok" in capsys.readouterr().out


def test_flips_in_a_chunk_text_and_a_vector_are_named(live):
    db = live / "store.sqlite"
    chunk_id, text_hash = sqlite3.connect(db).execute("SELECT id, text_hash FROM chunks ORDER BY vid LIMIT 1 OFFSET 7"
                                                      ).fetchone()
    _flip_payload(db, "SELECT text FROM chunks WHERE id = ?", (chunk_id,))
    _checkpoint(db)
    raw = bytearray(db.read_bytes())
    vec = _value(db, "SELECT vec FROM embeddings WHERE text_hash = ?", (text_hash,))
    at = raw.find(vec)
    assert at >= 0 and raw.find(vec, at + 1) < 0
    raw[at + 101] ^= 0x10
    db.write_bytes(bytes(raw))
    assert _sqlite_says_ok(db)
    report = digest.verify_store(live)
    named = {(p.table, p.key) for p in report["problems"]}
    assert named == {("chunks", chunk_id), ("embeddings", text_hash)}
    assert chunk_id in report["damaged_chunks"][text_hash]  # the vector is reported with the chunks using it
    with pytest.raises(StoreCorrupted, match="content check"):
        EmbeddedStore(live)


def test_a_flip_into_invalid_utf8_is_a_clear_store_error(live):
    doc_id, _ = _a_document(live)
    db = live / "store.sqlite"
    _flip_payload(db, "SELECT text FROM documents WHERE id = ?", (doc_id,), mask=0xC0)  # 'a' -> 0xa1: invalid UTF-8
    with pytest.raises(StoreCorrupted, match=doc_id):
        EmbeddedStore(live)
    with EmbeddedStore(live, verify=False) as s:  # even unverified, reading it says what is wrong, no raw error
        with pytest.raises(StoreCorrupted, match="hoplens verify"):
            s.get_document(doc_id)
    assert [(p.table, p.key) for p in digest.verify_store(live)["problems"]] == [("documents", doc_id)]


def test_sampled_open_still_checks_rows(live):
    """Above the full-check size only a sample is re-hashed; a flip in a sampled row is caught, and the
    counts/digest comparison still runs."""
    doc_id, _ = _a_document(live)
    db = live / "store.sqlite"
    _flip_payload(db, "SELECT text FROM documents WHERE id = ?", (doc_id,))
    found = digest.check_open(db, None, full_rows=0, sample_rows=10_000, seed=1)  # sample covers every rowid
    assert ("documents", doc_id) in {(p.table, p.key) for p in found}


def test_a_lost_row_and_a_tampered_digest_copy_are_caught(live):
    db = live / "store.sqlite"
    manifest = json.loads((live / "manifest.json").read_text())
    assert manifest["digests"]["tables"]["documents"]["n"] == 30
    manifest["digests"]["tables"]["documents"]["n"] = 29  # the copy no longer matches its own sha256
    _files.atomic_write_json(live / "manifest.json", manifest)
    with pytest.raises(StoreCorrupted, match="own checksum"):
        EmbeddedStore(live)
    # a row that vanished without its hash (what a lost page looks like): counts disagree
    manifest["digests"]["tables"]["documents"]["n"] = 30
    _files.atomic_write_json(live / "manifest.json", manifest)
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER hl_documents_del")
    conn.execute("DELETE FROM documents WHERE rowid = 3")
    conn.commit()
    conn.close()
    with pytest.raises(StoreCorrupted, match="29 rows, 30 row hashes"):
        EmbeddedStore(live)
    assert any("row is missing" in p.what for p in digest.verify_store(live)["problems"])


def test_a_connection_without_the_hash_functions_cannot_write_records(live):
    conn = sqlite3.connect(live / "store.sqlite")
    with pytest.raises(sqlite3.OperationalError, match="no such function"):
        conn.execute("UPDATE documents SET title = 'x' WHERE rowid = 1")
    conn.close()
    EmbeddedStore(live).close()


# ---- every writer keeps the digests right ------------------------------------------------------------------


def _assert_clean(store_path: Path) -> None:
    report = digest.verify_store(store_path)
    assert report["ok"] and report["digests"], [str(p) for p in report["problems"]]
    EmbeddedStore(store_path).close()


def test_direct_writes_keep_digests_right(live):
    with EmbeddedStore(live, read_only=False) as s:
        s.upsert_entities([Entity("CUST-0001", "Customer", "Renamed Holdings", ["RH"], {"tier": "gold"}),
                           Entity("CUST-9999", "Customer", "New Co", [], {})])
        s.upsert_edges([Edge("CUST-9999", "LOCATED_IN", "REG-01", {"since": 2020})])
        s.upsert_edges([Edge("CUST-9999", "LOCATED_IN", "REG-01", {"since": 2021})])  # ON CONFLICT DO UPDATE
        s.delete_edges([("CUST-9999", "LOCATED_IN", "REG-01")])
        s.upsert_documents([Document("DOC-00001", "note", "Changed", "A changed text about CUST-9999.", ["CUST-9999"])])
        s.delete_documents(["DOC-00002"])
        s.delete_entities(["CUST-0002"])
        s.prune_embeddings()
        with pytest.raises(RuntimeError), s.transaction():  # a rolled-back write leaves digests as they were
            s.upsert_entities([Entity("CUST-7777", "Customer", "Gone", [], {})])
            raise RuntimeError("abort")
    _assert_clean(live)
    conn = sqlite3.connect(live / "store.sqlite")
    n_docs = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
    assert conn.execute("SELECT n FROM digests WHERE tbl = 'documents'").fetchone()[0] == n_docs == 29
    conn.close()


def test_incremental_build_keeps_digests_right(built, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(built / "data", data)
    store = tmp_path / "store"
    shutil.copytree(built / "store", store)
    path = data / "documents.jsonl"
    docs = [json.loads(line) for line in path.read_text().splitlines()]
    docs[3]["text"] += "\n\nA new paragraph about a data residency review."
    docs = [d for d in docs if d["id"] != docs[10]["id"]]
    path.write_text("".join(json.dumps(d) + "\n" for d in docs))
    report = build_store(data, store, settings=Settings(home=tmp_path, chunk_tokens=48, chunk_overlap=8),
                         progress=False, embedder=HashingEmbedder(), boilerplate_min_docs=0)
    assert (report["processed"], report["deleted"]) == (1, 1)
    _assert_clean(store)


def test_byod_ingest_keeps_digests_right(tmp_path):
    from test_byod_quality import HashEmbedder

    from core.ingest.byod import ingest_path

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("# Kickoff\nUmbrella Corp hired Jane Doe, CTO, at its Springfield office.")
    (folder / "b.txt").write_text("Globex Corporation and Umbrella Corp signed a supply deal with Hank Scorpio.")
    store = tmp_path / "store"
    ingest_path(folder, store, embedder=HashEmbedder(), progress=False, extractor="rules")
    _assert_clean(store)
    (folder / "b.txt").unlink()
    (folder / "c.txt").write_text("Initech Labs hired Bob Slydell, VP Sales, away from Globex Corporation.")
    ingest_path(folder, store, embedder=HashEmbedder(), progress=False, extractor="rules")
    _assert_clean(store)


def test_a_store_from_before_digests_is_back_filled(live):
    conn = sqlite3.connect(live / "store.sqlite")
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')
    conn.execute("DROP TABLE row_hashes")
    conn.execute("DROP TABLE digests")
    conn.commit()
    conn.close()
    manifest = json.loads((live / "manifest.json").read_text())
    del manifest["digests"]
    _files.atomic_write_json(live / "manifest.json", manifest)
    EmbeddedStore(live).close()  # read-only: nothing to check against, opens as before
    assert digest.verify_store(live)["digests"] is False
    EmbeddedStore(live, read_only=False).close()  # a writable open records them
    _assert_clean(live)


# ---- snapshots ----------------------------------------------------------------------------------------------


def test_snapshots_carry_digests_and_restore_rehashes_every_row(live, tmp_path):
    snap = tmp_path / "snap"
    create_snapshot(live, snap)
    info = json.loads((snap / "snapshot.json").read_text())
    assert info["digests"]["tables"]["documents"]["n"] == 30 and verify_snapshot(snap) == []
    # damage a record inside the snapshot and re-seal its file checksums, as a careless copy tool would: the
    # file checks pass, the row check does not
    doc_id, _ = _a_document(live)
    _flip_payload(snap / "store.sqlite", "SELECT text FROM documents WHERE id = ?", (doc_id,))
    for leftover in snap.glob("store.sqlite-*"):
        leftover.unlink()
    info["files"] = {k: v for k, v in _files.checksums(snap, snap).items() if k != "snapshot.json"}
    (snap / "snapshot.json").write_text(json.dumps(info))
    assert verify_snapshot(snap) == []
    before = sorted(p.name for p in live.iterdir())
    with pytest.raises(StoreCorrupted, match=f"damaged records.*{doc_id}.*not changed"):
        restore_snapshot(live, snap)
    assert sorted(p.name for p in live.iterdir()) == before


def test_no_snapshot_of_a_store_with_a_damaged_row(live):
    doc_id, _ = _a_document(live)
    _flip_payload(live / "store.sqlite", "SELECT text FROM documents WHERE id = ?", (doc_id,))
    with pytest.raises(StoreCorrupted):
        create_snapshot(live)
