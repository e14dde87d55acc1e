"""The open-time integrity check of a store too large for the full check (issue 19: open ≤ 2 s at full scale).

A store of at most ``store_full_check_mb`` gets the full check at every open (SQLite quick_check, every index file's
sha256); a larger one the sampled check (SQLite's structural facts, quick_check of the small tables, index files by
size, mtime and sampled block hashes). These tests force a small real store over the threshold and damage real bytes
of its files: what the sampled open catches, what it leaves to ``hoplens verify`` / snapshots / restore (which always
run the full check), and that damage it did not read is a clear StoreCorrupted on first use, not a raw SQLite error.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3

import pytest
from _store_fakes import HashingEmbedder, small_world, write_dataset

from core.config import Settings
from core.ingest.build import build_store
from core.store import _files, digest, embedded, open_store
from core.store.base import StoreCorrupted
from core.store.embedded import EmbeddedStore
from core.store.snapshot import create_snapshot, restore_snapshot

BLOCK = 4096  # the fixture's index files span several blocks (the default is 1 MiB)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("opencheck")
    data = write_dataset(root / "data", *small_world(n_customers=16, n_docs=40))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_files, "BLOCK", BLOCK)
        build_store(data, root / "store", settings=Settings(home=root), progress=False, embedder=HashingEmbedder(),
                    boilerplate_min_docs=0)
    return root


@pytest.fixture
def live(built, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(built / "store", copy)  # copy2: mtimes kept, as snapshots and restores keep them
    return copy


def _manifest(store):
    return json.loads((store / "manifest.json").read_text())


def _flip_keep_mtime(path, offset):
    st = path.stat()
    with open(path, "r+b") as fh:
        fh.seek(offset)
        b = fh.read(1)
        fh.seek(offset)
        fh.write(bytes([b[0] ^ 0xFF]))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # bit rot: the bytes change, the file's times do not


def _sampled(store, **kw):
    return EmbeddedStore(store, full_check_mb=0, **kw)


def _faiss(store):
    return store / _manifest(store)["index_dir"] / "vectors.faiss"


def _mid(path):
    """An offset inside the HNSW file's stored vectors (faiss validates the graph part on load) and neither in the
    first nor the last block, which every sampled open reads."""
    at = 3 * BLOCK + 100
    assert BLOCK < at < path.stat().st_size - BLOCK - 64 * 4 * 8
    return at


def test_the_manifest_records_block_hashes_that_match_the_files(live):
    files = _manifest(live)["files"]
    assert files
    for rel, info in files.items():
        data = (live / rel).read_bytes()
        assert info["block"] == BLOCK and info["mtime_ns"] == (live / rel).stat().st_mtime_ns
        assert len(info["blocks"]) == -(-len(data) // BLOCK)
        assert info["blocks"] == [_files.hashlib.sha256(data[i:i + BLOCK]).hexdigest()[:_files.BLOCK_HEX]
                                  for i in range(0, len(data), BLOCK)]
    assert len(files["index-000001/vectors.faiss"]["blocks"]) > 4


def test_small_stores_get_the_full_check_and_large_ones_the_sampled_one(live, monkeypatch):
    with EmbeddedStore(live) as s:
        assert s.open_check["mode"] == "full"
        assert s.open_check["index_files_hashed"] == len(_manifest(live)["files"])
    with open_store(Settings(store_full_check_mb=0), live) as s:  # the setting reaches the store
        assert s.open_check["mode"] == "sampled"
    with open_store(Settings(store_full_check_mb=0), live, full_check=True) as s:
        assert s.open_check["mode"] == "full"

    def no_full_hash(path, block=1 << 20):
        raise AssertionError(f"the sampled open hashed all of {path}")

    monkeypatch.setattr(_files, "sha256_file", no_full_hash)
    budget = 3 * BLOCK
    with _sampled(live, sample_mb=budget / (1 << 20)) as s:
        check = s.open_check
        assert check["mode"] == "sampled" and check["index_files_hashed"] == 0
        n_files = len(_manifest(live)["files"])
        assert check["index_blocks"] <= 2 * n_files + 3  # first + last block of each file, + the random budget
        assert check["index_bytes_read"] < sum(f["size"] for f in _manifest(live)["files"].values())


def test_sampled_open_catches_a_damaged_first_or_last_block_and_a_size_change(live):
    faiss = _faiss(live)
    _flip_keep_mtime(faiss, 10)
    with pytest.raises(StoreCorrupted, match=r"vectors.faiss: checksum mismatch in block 0.*hoplens restore"):
        _sampled(live, sample_mb=0)
    _flip_keep_mtime(faiss, 10)
    _flip_keep_mtime(faiss, faiss.stat().st_size - 3)
    with pytest.raises(StoreCorrupted, match="checksum mismatch in block"):
        _sampled(live, sample_mb=0)
    _flip_keep_mtime(faiss, faiss.stat().st_size - 3)
    _sampled(live, sample_mb=0).close()  # repaired: opens again
    st = faiss.stat()
    with open(faiss, "ab") as fh:
        fh.write(b"\0" * 8)
    os.utime(faiss, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(StoreCorrupted, match="vectors.faiss: size"):
        _sampled(live, sample_mb=0)


def test_sampled_open_catches_a_middle_block_in_its_sample_and_verify_always_does(live, monkeypatch):
    faiss = _faiss(live)
    _flip_keep_mtime(faiss, _mid(faiss))
    with pytest.raises(StoreCorrupted, match="checksum mismatch in block"):  # a budget that covers every block
        _sampled(live, sample_mb=64)
    # a budget of no random blocks misses it at open (the documented limit of the sampled open) ...
    with _sampled(live, sample_mb=0) as s:
        assert s.open_check["mode"] == "sampled"
    # ... which hoplens verify, a snapshot and the full check all catch
    assert "index-000001/vectors.faiss: checksum mismatch" in digest.verify_store(live)["index_files"]
    with pytest.raises(StoreCorrupted, match="checksum mismatch"):
        EmbeddedStore(live, full_check=True)
    monkeypatch.setattr(embedded, "_setting_default", lambda name: 0.0)  # every plain open is a sampled one now
    EmbeddedStore(live).close()
    with pytest.raises(StoreCorrupted, match="checksum mismatch"):
        create_snapshot(live)


def test_a_file_written_since_the_manifest_or_an_old_manifest_is_hashed_in_full(live):
    faiss = _faiss(live)
    data = bytearray(faiss.read_bytes())
    data[_mid(faiss)] ^= 0xFF
    faiss.write_bytes(bytes(data))  # an ordinary write: the mtime moves
    with pytest.raises(StoreCorrupted, match="vectors.faiss: checksum mismatch"):
        _sampled(live, sample_mb=0)
    data[_mid(faiss)] ^= 0xFF
    faiss.write_bytes(bytes(data))  # the right bytes again, but a new mtime: hashed in full, and fine
    with _sampled(live, sample_mb=0) as s:
        assert s.open_check["index_files_hashed"] == 1
    manifest = _manifest(live)
    for info in manifest["files"].values():  # a manifest from before block hashes
        for key in ("blocks", "block", "mtime_ns"):
            info.pop(key)
    (live / "manifest.json").write_text(json.dumps(manifest))
    _flip_keep_mtime(faiss, _mid(faiss))
    with pytest.raises(StoreCorrupted, match="vectors.faiss: checksum mismatch"):
        _sampled(live, sample_mb=0)


def _checkpointed(db):
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db


def test_sampled_open_catches_a_truncated_extended_or_scribbled_database(live, tmp_path):
    db = _checkpointed(live / "store.sqlite")
    raw = db.read_bytes()
    page = int.from_bytes(raw[16:18], "big")
    db.write_bytes(raw[: len(raw) - 3 * page])
    with pytest.raises(StoreCorrupted, match="hoplens restore"):
        _sampled(live)
    db.write_bytes(raw + b"\0" * page)
    with pytest.raises(StoreCorrupted, match="extended"):
        _sampled(live)
    db.write_bytes(raw[:21] + b"\x41" + raw[22:])  # header payload fraction
    with pytest.raises(StoreCorrupted, match="hoplens restore"):
        _sampled(live)
    scribbled = bytearray(raw)
    for p in range(2, len(raw) // page):  # every b-tree page header (the full-check test's damage)
        scribbled[p * page : p * page + 12] = b"\xa5" * 12
    db.write_bytes(bytes(scribbled))
    with pytest.raises(StoreCorrupted, match="hoplens restore"):
        _sampled(live)
    db.write_bytes(raw)
    with _sampled(live) as s:
        assert s.open_check["mode"] == "sampled"


def _pages_of(db, table):
    conn = sqlite3.connect(db)
    try:
        return [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'", (table,))]
    finally:
        conn.close()


def test_damage_the_open_did_not_read_is_a_clear_store_error_on_first_use(live):
    db = _checkpointed(live / "store.sqlite")
    with EmbeddedStore(live) as s:
        doc_ids = sorted(s.document_hashes())
    pages = _pages_of(db, "documents")
    assert pages
    raw = bytearray(db.read_bytes())
    page = int.from_bytes(raw[16:18], "big")
    for p in pages:  # the documents table's leaf pages (pageno is 1-based)
        raw[(p - 1) * page : (p - 1) * page + 12] = b"\xa5" * 12
    db.write_bytes(bytes(raw))
    store = EmbeddedStore(live, verify=False)  # stands in for any read the open-time sample did not make
    try:
        with pytest.raises(StoreCorrupted, match="hoplens verify.*hoplens restore"):
            for doc_id in doc_ids:
                store.get_document(doc_id)
    finally:
        store.close()
    assert not digest.verify_store(live)["ok"]


def test_a_restored_store_keeps_its_mtimes_so_its_sampled_open_reads_only_blocks(live, monkeypatch):
    create_snapshot(live)
    _flip_keep_mtime(_faiss(live), 10)
    restore_snapshot(live, keep_replaced=False)
    with _sampled(live, sample_mb=0) as s:
        assert s.open_check["index_files_hashed"] == 0 and s.open_check["index_blocks"] > 0


# ---- the background full check of a sampled open ----------------------------------------------------------------


def _damage_the_freelist(db):
    """A freelist trunk page pointing past the end of the file: SQLite's quick_check reports it, while nothing a
    sampled open reads (header fields, the tables' pages) changes. The free pages come from a dropped scratch table
    (no record table is touched, so the content digests stay right)."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("CREATE TABLE scratch (b BLOB)")
        conn.executemany("INSERT INTO scratch VALUES (?)", [(b"x" * 3000,) for _ in range(40)])
        conn.execute("DROP TABLE scratch")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    raw = bytearray(db.read_bytes())
    page, trunk = int.from_bytes(raw[16:18], "big"), int.from_bytes(raw[32:36], "big")
    assert trunk and int.from_bytes(raw[36:40], "big") > 0
    raw[(trunk - 1) * page : (trunk - 1) * page + 4] = (len(raw) // page + 1000).to_bytes(4, "big")
    db.write_bytes(bytes(raw))


def test_the_background_check_passes_a_clean_store(live):
    with _sampled(live) as s:
        check = s.wait_for_check(60)
        assert check["mode"] == "sampled" and check["background"] == "ok"
        assert s.get_document(sorted(s.document_hashes())[0]) is not None
    with _sampled(live, background_check=False) as s:
        assert "background" not in s.open_check
    with EmbeddedStore(live) as s:  # the full check at open: nothing left for a thread
        assert "background" not in s.open_check


def test_the_background_check_catches_index_damage_the_sample_missed(live):
    with _sampled(live) as s:  # read before the damage: the background check may finish before any read after it
        doc = sorted(s.document_hashes())[0]
    _flip_keep_mtime(_faiss(live), _mid(_faiss(live)))
    with _sampled(live, sample_mb=0) as s:  # the sample missed it
        assert s.wait_for_check(60)["background"] == "failed"
        with pytest.raises(StoreCorrupted, match=r"full integrity check after opening.*vectors.faiss: checksum "
                                                 r"mismatch.*hoplens restore"):
            s.get_document(doc)


def test_the_background_check_catches_sqlite_damage_the_open_did_not_read(live):
    db = live / "store.sqlite"
    _damage_the_freelist(db)
    with _sampled(live) as s:  # header, small tables, counts and sampled rows: all fine
        assert s.wait_for_check(60)["background"] == "failed"
        with pytest.raises(StoreCorrupted, match="SQLite quick_check"):
            s.stats()
    with pytest.raises(StoreCorrupted, match="quick_check"):  # the full check at open sees it at once
        EmbeddedStore(live)
    assert digest.verify_store(live)["sqlite"]


def test_closing_a_store_stops_its_background_check(live):
    s = _sampled(live)
    s.close()
    assert s.wait_for_check(10)["background"] in ("ok", "stopped")


def test_a_manifest_listing_its_files_in_an_unknown_form_is_a_store_error(live):
    manifest = _manifest(live)
    manifest["files"] = {rel: "sha256?" for rel in manifest["files"]}
    (live / "manifest.json").write_text(json.dumps(manifest))
    for opener in (EmbeddedStore, _sampled):
        with pytest.raises(StoreCorrupted, match="unknown form.*hoplens restore"):
            opener(live)
