"""Embedded store behaviour on a small built dataset: path queries against counts computed straight from
edges.jsonl, lookups, parameterised queries, embedder checks, integrity, snapshots and concurrent readers."""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from collections import defaultdict

import numpy as np
import pytest
from _store_fakes import HashingEmbedder, small_world, write_dataset

from core.config import Settings
from core.ingest.build import build_store
from core.records import Entity, Filter, PathQuery, PathStep
from core.schema import IMPACT_PATHS
from core.store import open_store
from core.store.base import EmbedderMismatch, GraphStore, StoreCorrupted, StoreError
from core.store.embedded import EmbeddedStore
from core.store.snapshot import create_snapshot, list_snapshots, restore_snapshot


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("built")
    data = write_dataset(root / "data", *small_world(n_customers=16, n_docs=40))
    build_store(data, root / "store", settings=Settings(home=root), progress=False, embedder=HashingEmbedder(),
                boilerplate_min_docs=0)
    return root


@pytest.fixture
def store(built):
    s = EmbeddedStore(built / "store")
    yield s
    s.close()


def _edges(built):
    return [json.loads(line) for line in (built / "data" / "edges.jsonl").read_text().splitlines() if line.strip()]


def _entities(built):
    return {e["id"]: e for e in map(json.loads, (built / "data" / "entities.jsonl").read_text().splitlines())}


# ---- path queries vs counts computed independently from the files -------------------------------------------


def test_impact_paths_match_counts_from_edges_file(built, store):
    edges = _edges(built)
    vendor_of = defaultdict(set)  # outage -> vendors that experienced it
    region_of = defaultdict(set)
    depends = defaultdict(set)  # vendor -> customers
    located = defaultdict(set)  # region -> customers
    for e in edges:
        if e["type"] == "EXPERIENCED":
            vendor_of[e["dst"]].add(e["src"])
        elif e["type"] == "IN_REGION":
            region_of[e["src"]].add(e["dst"])
        elif e["type"] == "DEPENDS_ON":
            depends[e["dst"]].add(e["src"])
        elif e["type"] == "LOCATED_IN":
            located[e["dst"]].add(e["src"])
    paths = [[PathStep(*s) for s in p] for p in IMPACT_PATHS["Customer"]]
    nonempty = 0
    for outage in sorted(vendor_of):
        via_vendor = set().union(*(depends[v] for v in vendor_of[outage]))
        via_region = set().union(*(located[r] for r in region_of[outage]))
        got = store.path_query(PathQuery([outage], paths, "Customer"))
        assert got == sorted(via_vendor & via_region)
        assert store.path_query(PathQuery([outage], paths, "Customer", combine="union")) == sorted(via_vendor | via_region)
        nonempty += bool(via_vendor & via_region)
    assert nonempty, "the fixture should have at least one impacted customer"


def test_path_query_filters_and_edge_attrs(built, store):
    edges, ents = _edges(built), _entities(built)
    vendor = "VEND-01"
    users = sorted(e["src"] for e in edges if e["type"] == "DEPENDS_ON" and e["dst"] == vendor)
    primary = sorted(e["src"] for e in edges if e["type"] == "DEPENDS_ON" and e["dst"] == vendor
                     and e["attrs"].get("role") == "primary")
    step = PathStep("DEPENDS_ON", "in", "Customer")
    assert store.path_query(PathQuery([vendor], [[step]], "Customer")) == users
    assert store.path_query(PathQuery([vendor], [[PathStep("DEPENDS_ON", "in", "Customer", {"role": "PRIMARY"})]],
                                      "Customer")) == primary
    enterprise = [c for c in users if ents[c]["attrs"]["segment"] == "Enterprise"]
    # string comparison is case-insensitive
    assert store.path_query(PathQuery([vendor], [[step]], "Customer", [Filter("segment", "==", "enterprise")])) == enterprise
    rich = [c for c in users if ents[c]["attrs"]["arr"] > 500]
    assert store.path_query(PathQuery([vendor], [[step]], "Customer", [Filter("arr", ">", 500)])) == rich
    assert store.path_query(PathQuery([vendor], [[step]], "Customer", [Filter("segment", "in", ["smb", "Mid-Market"])])) == [
        c for c in users if ents[c]["attrs"]["segment"] in ("SMB", "Mid-Market")]
    assert store.path_query(PathQuery([vendor], [[step]], "Customer", [Filter("name", "contains", "holdings")])) == users
    outages = sorted(e["dst"] for e in edges if e["type"] == "EXPERIENCED")
    with_storage = [o for o in outages if "storage" in ents[o]["attrs"]["affected_systems"]]
    exp = [PathStep("OPERATES_IN", "out", "Region"), PathStep("IN_REGION", "in", "Outage")]
    all_out = store.path_query(PathQuery(sorted({e["src"] for e in edges if e["type"] == "OPERATES_IN"}), [exp], "Outage"))
    assert store.path_query(PathQuery(all_out, [[]], "Outage", [Filter("affected_systems", "contains", "STORAGE")])) == with_storage
    with pytest.raises(ValueError, match="operator"):
        store.path_query(PathQuery([vendor], [[step]], "Customer", [Filter("arr", "~", 1)]))
    # unknown anchors, edges and types give empty answers, not errors
    assert store.path_query(PathQuery(["x'; DROP TABLE edges; --"], [[step]], "Customer")) == []
    assert store.path_query(PathQuery([vendor], [[PathStep("NO_SUCH_EDGE", "in", "Customer")]], "Customer")) == []


# ---- lookups and parameterised queries -------------------------------------------------------------------------


def test_find_entities_by_id_name_alias_and_prefix(store):
    assert [e.id for e in store.find_entities("cust-0003")] == ["CUST-0003"]
    assert [e.id for e in store.find_entities("Customer3 Holdings")] == ["CUST-0003"]
    assert [e.id for e in store.find_entities("  customer3   INC. ")] == ["CUST-0003"]  # alias, spacing/case
    pref = [e.id for e in store.find_entities("customer1", limit=20)]
    assert pref[0] == "CUST-0001" and set(pref) >= {"CUST-0001", "CUST-0010", "CUST-0011"}
    assert store.find_entities("") == [] and store.find_entities("no such thing") == []
    table = store.alias_table()
    assert table["vendor2"] == ["VEND-02"] and table["vend-02"] == ["VEND-02"]


def test_injection_strings_are_just_missing_entities(store):
    bad = "x'; DROP TABLE entities; --"
    before = store.stats()["entities"]
    assert store.get_entity(bad) is None
    assert store.get_entities([bad, "CUST-0001"])[0].id == "CUST-0001"
    assert store.find_entities(bad) == [] and store.find_entities("%") == [] and store.find_entities("_") == []
    assert store.chunks_for_entities([bad]) == {bad: []}
    assert store.documents_for_entity(bad) == [] and store.get_document(bad) is None
    assert store.lexical_search(bad, 5) == [] or all(h.source == "bm25" for h in store.lexical_search(bad, 5))
    assert store.stats()["entities"] == before


def test_quotes_in_ids_round_trip(tmp_path):
    s = EmbeddedStore(tmp_path / "s", create=True)
    weird = Entity("CUST-'\"; --", "Customer", "O'Brien \"Ltd\"", ["O'B"], {"note": "a'b"})
    s.upsert_entities([weird])
    assert s.get_entity(weird.id) == weird
    assert [e.id for e in s.find_entities("o'b")] == [weird.id]
    s.close()


def test_documents_chunks_and_mentions(store):
    chunks = store.get_chunks(["DOC-00000#0", "missing#0"])
    assert [c.id for c in chunks] == ["DOC-00000#0"]
    c = chunks[0]
    assert c.doc_id == "DOC-00000" and c.tokens > 0 and "CUST-0001" in c.entity_ids and "VEND-01" in c.entity_ids
    linked = store.chunks_for_entities(["CUST-0001"], limit_per_entity=2)["CUST-0001"]
    assert linked[0] == "DOC-00000#0" and len(linked) == 2
    docs = store.documents_for_entity("CUST-0001")
    assert {d.id for d in docs} >= {"DOC-00000", "DOC-00016"}
    st = store.stats()
    assert st["documents"] == 40 and st["chunks"] == st["vectors"] > 0 and st["edges"]["PART_OF"] == st["chunks"]
    assert st["embedder"] == "test:hashing-64" and st["dim"] == 64 and st["build_state"] == "complete"


def test_vector_and_lexical_search(store):
    emb = HashingEmbedder()
    doc = store.get_document("DOC-00007")
    hits = store.vector_search(emb.embed_query(doc.text), 3)
    assert hits[0].doc_id == "DOC-00007" and hits[0].score == pytest.approx(1.0, abs=1e-4) and hits[0].source == "vector"
    assert [h.score for h in hits] == sorted([h.score for h in hits], reverse=True)
    lex = store.lexical_search("Follow-up number 7", 5)
    assert lex and lex[0].doc_id == "DOC-00007" and lex[0].source == "bm25"
    assert store.lexical_search("the and of", 5) == []
    assert store.vector_search(emb.embed_query("x"), 0) == []


def test_protocol_and_registry(built):
    s = open_store(Settings(home=built), built / "store", backend="embedded")
    assert isinstance(s, GraphStore) and s.backend == "embedded" and s.read_only
    with pytest.raises(StoreError, match="read-only"):
        s.upsert_entities([Entity("CUST-9999", "Customer", "x")])
    s.close()
    with pytest.raises(FileNotFoundError, match="hoplens build"):
        open_store(Settings(home=built), built / "nowhere")


def test_refuses_to_create_in_a_foreign_folder(tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="not empty"):
        EmbeddedStore(tmp_path / "busy", create=True)
    assert (tmp_path / "busy" / "notes.txt").read_text() == "mine"


# ---- embedder checks ---------------------------------------------------------------------------------------------


def test_embedder_mismatch_refused(built):
    with pytest.raises(EmbedderMismatch, match="test:hashing-64"):
        EmbeddedStore(built / "store", embedder=HashingEmbedder(name="other:model"))
    s = EmbeddedStore(built / "store")
    s.check_embedder(HashingEmbedder())  # the same one is fine
    with pytest.raises(EmbedderMismatch):
        s.check_embedder(HashingEmbedder(dim=32, name="test:hashing-64"))
    with pytest.raises(EmbedderMismatch, match="dimensions"):
        s.vector_search(np.ones(32, dtype=np.float32), 3)
    with pytest.raises(EmbedderMismatch):
        s.vector_search(np.ones(64, dtype=np.float32), 3, embedder=HashingEmbedder(name="other:model"))
    s.close()


def test_build_with_another_embedder_changes_nothing(built, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(built / "store", copy)
    before = EmbeddedStore(copy).stats()
    with pytest.raises(EmbedderMismatch):
        build_store(built / "data", copy, settings=Settings(home=tmp_path), progress=False,
                    embedder=HashingEmbedder(name="other:model"))
    after = EmbeddedStore(copy)
    assert after.stats()["documents"] == before["documents"] and after.get_meta("build_state") == "complete"
    after.close()


# ---- integrity, snapshots --------------------------------------------------------------------------------------


def _flip(path, offset):
    data = bytearray(path.read_bytes())
    data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def test_corrupted_index_file_detected(built, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(built / "store", copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    faiss_file = copy / manifest["index_dir"] / "vectors.faiss"
    _flip(faiss_file, faiss_file.stat().st_size // 2)
    with pytest.raises(StoreCorrupted, match="hoplens restore"):
        EmbeddedStore(copy)
    faiss_file.unlink()
    with pytest.raises(StoreCorrupted, match="missing"):
        EmbeddedStore(copy)


def test_corrupted_sqlite_and_manifest_detected(built, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(built / "store", copy)
    (copy / "manifest.json").write_text("{not json")
    with pytest.raises(StoreCorrupted, match="hoplens restore"):
        EmbeddedStore(copy)
    shutil.rmtree(copy)
    shutil.copytree(built / "store", copy)
    db = copy / "store.sqlite"
    with sqlite3.connect(db) as conn:  # fold the WAL in, so the damage below hits real pages
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = bytearray(db.read_bytes())
    page = 4096
    for p in range(2, len(raw) // page):  # scribble over the b-tree page headers
        raw[p * page : p * page + 12] = b"\xa5" * 12
    db.write_bytes(bytes(raw))
    with pytest.raises(StoreCorrupted, match="hoplens restore"):
        EmbeddedStore(copy)
    db.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreCorrupted):
        EmbeddedStore(copy)
    with pytest.raises(StoreCorrupted):  # a build (read-write open) is refused too, before it writes anything
        EmbeddedStore(copy, read_only=False)


def test_lost_manifest_detected(built, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(built / "store", copy)
    (copy / "manifest.json").unlink()
    with pytest.raises(StoreCorrupted, match="lost its manifest"):
        EmbeddedStore(copy)


def test_snapshot_restore_round_trip(built, tmp_path):
    live = tmp_path / "store"
    shutil.copytree(built / "store", live)
    info = create_snapshot(live)
    assert list_snapshots(live) and info["files"] >= 4
    emb = HashingEmbedder()
    q = emb.embed_query(EmbeddedStore(live).get_document("DOC-00003").text)
    with EmbeddedStore(live) as s:
        want_hits = [h.chunk_id for h in s.vector_search(q, 5)]
        want_stats = {k: v for k, v in s.stats().items() if k not in ("path", "size_bytes")}
    # damage the live store, then restore the newest snapshot
    manifest = json.loads((live / "manifest.json").read_text())
    _flip(live / manifest["index_dir"] / "vectors.faiss", 100)
    with pytest.raises(StoreCorrupted):
        EmbeddedStore(live)
    out = restore_snapshot(live)
    assert out["replaced"] and (tmp_path / out["replaced"].split("/")[-1]).exists()
    with EmbeddedStore(live) as s:
        assert [h.chunk_id for h in s.vector_search(q, 5)] == want_hits
        assert {k: v for k, v in s.stats().items() if k not in ("path", "size_bytes")} == want_stats


def test_restore_refuses_a_tampered_snapshot_and_changes_nothing(built, tmp_path):
    live = tmp_path / "store"
    shutil.copytree(built / "store", live)
    snap = tmp_path / "snap"
    create_snapshot(live, snap)
    _flip(snap / "store.sqlite", 5000)
    before = sorted(p.name for p in live.iterdir())
    with pytest.raises(StoreCorrupted, match="not changed"):
        restore_snapshot(live, snap)
    assert sorted(p.name for p in live.iterdir()) == before
    EmbeddedStore(live).close()  # still opens cleanly
    with pytest.raises(FileExistsError):
        create_snapshot(live, snap)
    with pytest.raises(FileNotFoundError):
        restore_snapshot(tmp_path / "other-store")


def test_snapshot_refuses_a_corrupted_store(built, tmp_path):
    live = tmp_path / "store"
    shutil.copytree(built / "store", live)
    manifest = json.loads((live / "manifest.json").read_text())
    _flip(live / manifest["index_dir"] / "vector_ids.npy", 200)
    with pytest.raises(StoreCorrupted):
        create_snapshot(live)
    assert list_snapshots(live) == []


# ---- concurrency -------------------------------------------------------------------------------------------------


def test_concurrent_readers(store):
    emb = HashingEmbedder()
    queries = [emb.embed_query(f"Follow-up number {i}") for i in range(8)]
    want = [[h.chunk_id for h in store.vector_search(q, 4)] for q in queries]
    want_sub = store.expand(["CUST-0001"], hops=2)
    errors: list[BaseException] = []

    def worker(i):
        try:
            for _ in range(20):
                assert [h.chunk_id for h in store.vector_search(queries[i], 4)] == want[i]
                assert store.expand(["CUST-0001"], hops=2) == want_sub
                assert store.get_entity("CUST-0002").id == "CUST-0002"
                assert store.lexical_search("renewal", 3)
        except BaseException as exc:  # noqa: BLE001 - collected and re-raised in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_connections_of_finished_threads_are_closed(store):
    for _ in range(30):  # like an app server starting a thread per request
        t = threading.Thread(target=lambda: store.get_entity("CUST-0001"))
        t.start()
        t.join()
    store.get_entity("CUST-0001")
    assert len(store._conns) == 1  # a read-only store reads through its one pinned snapshot connection
