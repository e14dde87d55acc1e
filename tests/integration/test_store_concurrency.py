"""Mixed reads and writes on the embedded store: while a rebuild, a BYOD ingest and a snapshot restore run, reader
threads keep asking. A reader sees the state its handle was opened in (old) or, after moving with
``reopen_if_outdated``, a complete newer one (new) — never part of a write — and never gets an error.

A "view" is one request's worth of separate store calls (documents, a vector and a lexical search, a graph
expansion, a path query, entity lookups, stats); a mix would show as a view equal to none of the published states.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
from _store_fakes import HashingEmbedder, small_world, write_dataset  # noqa: E402

from core.config import Settings  # noqa: E402
from core.ingest.build import build_store  # noqa: E402
from core.records import PathQuery, PathStep  # noqa: E402
from core.store.embedded import EmbeddedStore, reopen_if_outdated  # noqa: E402
from core.store.snapshot import create_snapshot, restore_snapshot  # noqa: E402

EMB = HashingEmbedder()
QUERIES = ("renewal escalation", "storage replication outage", "Customer3 Holdings latency")


def view(store: EmbeddedStore) -> tuple:
    """One request: many separate reads of the same handle."""
    docs = store.document_hashes()
    texts = tuple(store.get_document(d).text for d in sorted(docs)[:: max(1, len(docs) // 8)])
    vec = tuple(tuple(h.chunk_id for h in store.vector_search(EMB.embed_query(q), 5)) for q in QUERIES)
    lex = tuple(tuple(h.chunk_id for h in store.lexical_search(q, 5)) for q in QUERIES)
    chunks = tuple(c.text for c in store.get_chunks([c for hits in vec for c in hits]))
    sub = store.expand(["CUST-0001", "CUST-0002"], hops=2)
    path = tuple(store.path_query(PathQuery(anchors=["VEND-01"], paths=[[PathStep("DEPENDS_ON", "in", "Customer")]],
                                            target_type="Customer")))
    ents = tuple((e.id, e.name, tuple(e.aliases)) for e in store.list_entities(limit=1000))
    st = store.stats()
    return (tuple(sorted(docs.items())), texts, vec, lex, chunks, tuple(sorted(n.id for n in sub.nodes)), path, ents,
            st["documents"], st["chunks"], tuple(sorted(st["entities"].items())))


def _build(data: Path, store: Path, home: Path):
    return build_store(data, store, settings=Settings(home=home, chunk_tokens=48, chunk_overlap=8), progress=False,
                       embedder=EMB, boilerplate_min_docs=0)


@pytest.fixture
def world(tmp_path):
    data = write_dataset(tmp_path / "data", *small_world(n_customers=14, n_docs=60))
    store = tmp_path / "store"
    _build(data, store, tmp_path)
    return tmp_path, data, store


def _change_dataset(data: Path) -> None:
    path = data / "documents.jsonl"
    docs = [json.loads(line) for line in path.read_text().splitlines()]
    for d in docs[::5]:
        d["text"] += " A follow-up note: the storage replication review moved to next quarter."
    docs = docs[3:] + [{"id": "DOC-08888", "kind": "account_note", "title": "New", "entity_ids": ["CUST-0001"],
                        "text": "Customer1 Holdings (CUST-0001) asked about renewal escalation after latency."}]
    path.write_text("".join(json.dumps(d) + "\n" for d in docs))
    ents = data / "entities.jsonl"
    rows = [json.loads(line) for line in ents.read_text().splitlines()]
    rows[0]["aliases"] = [*rows[0].get("aliases", []), "Brand New Alias"]
    ents.write_text("".join(json.dumps(r) + "\n" for r in rows))


def _ingest_folder(root: Path) -> Path:
    folder = root / "upload"
    folder.mkdir()
    (folder / "memo.md").write_text("# Escalation\nCustomer2 Holdings raised a renewal escalation about "
                                    "storage replication latency.")
    (folder / "call.txt").write_text("Call notes: Vendor1 promised a storage replication fix for Customer3.")
    return folder


def test_readers_see_old_or_new_never_a_mix_and_no_error(world):
    from core.ingest.byod import ingest_path

    root, data, store_path = world
    snap = root / "snap"
    create_snapshot(store_path, snap)
    published = {}  # name -> view of each complete state, recorded by the writer right after publishing it
    with EmbeddedStore(store_path) as s:
        published["old"] = view(s)

    errors: list[BaseException] = []
    seen: list[tuple[str, tuple]] = []  # (reader kind, view)
    stop = threading.Event()

    def pinned_reader():  # one handle for the whole run: must see the old state every time
        try:
            with EmbeddedStore(store_path) as s:
                while not stop.is_set():
                    seen.append(("pinned", view(s)))
        except BaseException as exc:  # noqa: BLE001 (collected and failed on below)
            errors.append(exc)

    def moving_reader():  # moves to newer complete states between requests, as an app session would
        try:
            s = EmbeddedStore(store_path)
            while not stop.is_set():
                new = reopen_if_outdated(s)
                if new is not s:
                    s.close()
                    s = new
                seen.append(("moving", view(s)))
            s.close()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    def moved_to(name: str, timeout: float = 30.0) -> None:  # wait until a moving reader has read that state
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not errors:
            if any(kind == "moving" and v == published[name] for kind, v in list(seen)):
                return
            time.sleep(0.02)
        raise AssertionError(f"no moving reader reached the {name} state ({errors})")

    readers = [threading.Thread(target=pinned_reader) for _ in range(2)]
    readers += [threading.Thread(target=moving_reader) for _ in range(3)]
    for t in readers:
        t.start()
    try:
        time.sleep(0.3)
        _change_dataset(data)
        _build(data, store_path, root)  # incremental rebuild: changed, new and deleted documents, a new alias
        with EmbeddedStore(store_path) as s:
            published["rebuilt"] = view(s)
        moved_to("rebuilt")
        ingest_path(_ingest_folder(root), store_path, embedder=EMB, progress=False, extractor="rules")
        with EmbeddedStore(store_path) as s:
            published["ingested"] = view(s)
        moved_to("ingested")
        restore_snapshot(store_path, snap, keep_replaced=False)  # swaps the whole folder back to the old state
        with EmbeddedStore(store_path) as s:
            assert view(s) == published["old"]
        time.sleep(0.3)
    finally:
        stop.set()
        for t in readers:
            t.join(timeout=60)
    assert not errors, errors
    assert published["old"] != published["rebuilt"] != published["ingested"]  # the writes changed what is read
    states = {v: k for k, v in published.items()}
    kinds: dict[str, set[str]] = {"pinned": set(), "moving": set()}
    for kind, v in seen:
        assert v in states, f"a {kind} reader saw a state that was never published (a mix of writes)"
        kinds[kind].add(states[v])
    assert kinds["pinned"] == {"old"}
    assert kinds["moving"] == {"old", "rebuilt", "ingested"}  # and back to old after the restore
