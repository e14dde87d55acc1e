"""A BYOD ingest killed with SIGKILL between the graph change and its bookkeeping (the ``after_graph`` fault point,
``HOPLENS_FAULT_AT``, core/ingest/byod/ingest.py) leaves a store that opens, passes its integrity check, and that
the next ingest repairs: graph, documents, chunks and the ingest's ledger end exactly as after an uninterrupted run.
The same for a merge split killed between its ledger change and its graph change (``split_after_ledger``).

Embedded: the graph change and its record are one SQLite transaction, so right after the kill both are still what
the previous run left. TigerGraph (loopback fake; each request commits alone): the record was written ahead, so the
next run finds every key the graph may hold and rewrites the uncertain ones.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from fake_tigergraph import FakeTigerGraph

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE.parent / "unit"))  # test_byod_quality.HashEmbedder
PHASE1 = {
    "a.md": "# Kickoff\nUmbrella Corp hired Jane Doe, CTO, at its Springfield office. Jane Doe met Hank Scorpio.",
    "b.txt": "Globex Corporation and Umbrella Corp signed a supply deal. Hank Scorpio, CEO, said it starts in May.",
    "c.jsonl": json.dumps({"id": "note-1", "title": "Initech", "text": "Initech Labs hired Bob Slydell, VP Sales."}) + "\n",
}
# the second run changes one document, deletes one and adds one: every kind of graph change (new, changed and gone
# entities and edges) is in the interrupted write
PHASE2 = {
    "c.jsonl": json.dumps({"id": "note-1", "title": "Initech", "text": "Initech Labs hired Milton Waddams, Head of "
                           "Facilities. Milton Waddams met Jane Doe."}) + "\n",
    "d.txt": "Umbrella Corp bought Initech Labs. Jane Doe and Milton Waddams lead the merged Springfield team.",
}


def _settings(fake: FakeTigerGraph | None):
    from core.config import Settings

    if fake is None:
        return Settings()
    return Settings(backend="tigergraph", tg_host="http://127.0.0.1", tg_rest_port=fake.port, tg_gsql_port=fake.port)


def _env(fake: FakeTigerGraph | None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), str(HERE.parent / "unit"), str(ROOT)]))
    if fake is not None:
        env.update(HOPLENS_BACKEND="tigergraph", HOPLENS_TG_HOST="http://127.0.0.1",
                   HOPLENS_TG_REST_PORT=str(fake.port), HOPLENS_TG_GSQL_PORT=str(fake.port))
    return env


def child(docs: str, store: str) -> None:
    """What the killed process runs: one ingest with the settings its environment gives."""
    from test_byod_quality import HashEmbedder

    from core.config import Settings
    from core.ingest.byod import ingest_path
    from core.store import open_store

    settings = Settings()
    st = open_store(settings, Path(store), create=True, read_only=False)
    try:
        ingest_path(docs, st, embedder=HashEmbedder(), settings=settings, progress=False, extractor="rules")
    finally:
        st.close()


def child_split(store: str, merge_id: str) -> None:
    """What the killed process runs for the split test: ``hoplens entities split`` of one merge."""
    from test_byod_quality import HashEmbedder

    from core.config import Settings
    from core.ingest.byod import split_merge
    from core.store import open_store

    settings = Settings()
    st = open_store(settings, Path(store), read_only=False)
    try:
        split_merge(st, int(merge_id), embedder=HashEmbedder(), settings=settings)
    finally:
        st.close()


def _ingest(docs: Path, store: Path, fake: FakeTigerGraph | None) -> None:
    from test_byod_quality import HashEmbedder

    from core.ingest.byod import ingest_path
    from core.store import open_store

    settings = _settings(fake)
    st = open_store(settings, store, create=True, read_only=False)
    try:
        ingest_path(docs, st, embedder=HashEmbedder(), settings=settings, progress=False, extractor="rules")
    finally:
        st.close()


def _write(folder: Path, files: dict[str, str], remove: tuple[str, ...] = ()) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    for name in remove:
        (folder / name).unlink()
    return folder


def _graph(st) -> dict:
    ids = st.entity_ids()
    ents = {e.id: (e.type, e.name, sorted(e.aliases), json.dumps(e.attrs, sort_keys=True)) for e in st.get_entities(ids)}
    edges = {(e.src, e.type, e.dst): json.dumps(e.attrs, sort_keys=True)
             for i in ids for e, _ in st.neighbors(i, direction="out")}
    return {"entities": ents, "edges": edges}


def _snapshot(st) -> dict:
    """Everything an ingest leaves: graph, documents, chunks, and its ledger (timestamps left out)."""
    from core.ingest.byod.state import State

    state = State.open(st, create=False)
    docs = st.document_hashes()
    chunks = {c.id: (c.text, sorted(c.entity_ids)) for d in sorted(docs) for c in st.chunks_of_document(d)}
    documents = {d: (doc.title, doc.text, sorted(doc.entity_ids)) for d in sorted(docs)
                 for doc in [st.get_document(d)]}
    ledger = {
        "docs": state.rows("SELECT doc_id, root, rel_path, title, hash, chunks FROM byod_docs ORDER BY doc_id"),
        "mentions": sorted(state.mentions()),
        "surfaces": state.rows("SELECT skey, entity_id, text, type, method FROM byod_surfaces ORDER BY skey"),
        "entities": state.rows("SELECT id, type FROM byod_entities ORDER BY id"),
        "merges": [(m.winner, m.loser, m.surfaces, m.method, m.undone_at is None) for m in state.merges(True)],
        "synced": (state.synced_entities(), state.synced_edges()),
    }
    return {**_graph(st), "documents": documents, "chunks": chunks, "ledger": ledger}


def _open(store: Path, fake: FakeTigerGraph | None):
    from core.store import open_store

    return closing(open_store(_settings(fake), store, read_only=False))  # embedded: quick_check + digests on open


@pytest.mark.parametrize("backend", ["embedded", "tigergraph"])
def test_kill_between_graph_change_and_bookkeeping_is_repaired_by_the_next_ingest(tmp_path, backend):
    fakes = [FakeTigerGraph().start(), FakeTigerGraph().start()] if backend == "tigergraph" else [None, None]
    try:
        crashed, clean = fakes
        docs = _write(tmp_path / "docs", PHASE1)
        store, reference = tmp_path / "store", tmp_path / "reference"
        _ingest(docs, store, crashed)
        _ingest(docs, reference, clean)
        with _open(store, crashed) as st:
            before = _graph(st)
        _write(docs, PHASE2, remove=("b.txt",))

        proc = subprocess.run(
            [sys.executable, "-c", "import sys, test_ingest_crash as t; t.child(sys.argv[1], sys.argv[2])",
             str(docs), str(store)],
            env={**_env(crashed), "HOPLENS_FAULT_AT": "after_graph"}, cwd=ROOT, capture_output=True, text=True,
            timeout=300)
        assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]  # killed at the fault point, not an error

        if backend == "embedded":
            from core.store.digest import verify_store

            report = verify_store(store)  # SQLite integrity_check, index checksums, every row's content hash
            assert report["ok"], report
        with _open(store, crashed) as st:
            from core.ingest.byod.state import State

            state = State.open(st, create=False)
            if backend == "embedded":
                # one transaction: neither the graph change nor its record happened, and they agree
                assert _graph(st) == before
                assert set(state.synced_entities()) == set(before["entities"])
                assert set(state.synced_edges()) == set(before["edges"])
            else:
                # written ahead: the record names every key the graph may now hold, the uncertain ones unknown
                synced = state.synced_entities()
                now = _graph(st)["entities"]
                assert {i for i in now if i in state.entity_types()} <= set(synced)
                assert any(h == "" for h in synced.values())

        _ingest(docs, store, crashed)  # the repair: an ordinary ingest, no fault
        _ingest(_write(docs, {}), reference, clean)
        with _open(store, crashed) as st, _open(reference, clean) as ref:
            got, want = _snapshot(st), _snapshot(ref)
        for part in want:
            assert got[part] == want[part], part
        assert "Milton Waddams" in {v[1] for v in got["entities"].values()}
        assert not any(v[1] == "Globex Corporation" for v in got["entities"].values())  # only b.txt named it
        if backend == "embedded":
            from core.store.digest import verify_store

            assert verify_store(store)["ok"]
    finally:
        for f in fakes:
            if f is not None:
                f.stop()


SPLIT_DOCS = {
    "a.txt": "Mr Alexander Downer met Mr Colin Powell in Washington.",
    "b.txt": "Mr Downer said Jakarta and Canberra agreed. Mr Downer spoke to Mr Hassan Wirajuda.",
    "c.txt": "Mr Alexander Downer and Mr Hassan Wirajuda signed in Jakarta.",
}


def _split(store: Path, fake: FakeTigerGraph | None, merge_id: int) -> None:
    from test_byod_quality import HashEmbedder

    from core.ingest.byod import split_merge
    from core.store import open_store

    settings = _settings(fake)
    st = open_store(settings, store, read_only=False)
    try:
        split_merge(st, merge_id, embedder=HashEmbedder(), settings=settings)
    finally:
        st.close()


@pytest.mark.parametrize("backend", ["embedded", "tigergraph"])
def test_kill_inside_a_split_is_repaired(tmp_path, backend):
    from core.ingest.byod import list_merges

    fakes = [FakeTigerGraph().start(), FakeTigerGraph().start()] if backend == "tigergraph" else [None, None]
    try:
        crashed, clean = fakes
        docs = _write(tmp_path / "docs", SPLIT_DOCS)
        store, reference = tmp_path / "store", tmp_path / "reference"
        _ingest(docs, store, crashed)
        _ingest(docs, reference, clean)
        with _open(store, crashed) as st:
            merge = next(m for m in list_merges(st) if "downer" in m.surfaces)
            before = _graph(st)
        proc = subprocess.run(
            [sys.executable, "-c", "import sys, test_ingest_crash as t; t.child_split(sys.argv[1], sys.argv[2])",
             str(store), str(merge.id)],
            env={**_env(crashed), "HOPLENS_FAULT_AT": "split_after_ledger"}, cwd=ROOT, capture_output=True,
            text=True, timeout=300)
        assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
        with _open(store, crashed) as st:
            undone = {m.id: m.undone_at for m in list_merges(st, include_undone=True)}[merge.id]
            assert _graph(st) == before  # the graph change had not started
            # embedded: one transaction, so the split simply did not happen; TigerGraph: the ledger says split
            assert (undone is None) is (backend == "embedded")
        if backend == "embedded":
            from core.store.digest import verify_store

            assert verify_store(store)["ok"]
        _ingest(docs, store, crashed)  # the next ingest (nothing changed) finishes an interrupted split
        with _open(store, crashed) as st:
            if not {m.id: m.undone_at for m in list_merges(st, include_undone=True)}[merge.id]:
                _split(store, crashed, merge.id)  # embedded: the split is simply run again
        _split(reference, clean, merge.id)
        with _open(store, crashed) as st, _open(reference, clean) as ref:
            got, want = _snapshot(st), _snapshot(ref)
        for part in want:
            assert got[part] == want[part], part
        assert got["entities"][merge.loser][1] == "Downer"
    finally:
        for f in fakes:
            if f is not None:
                f.stop()
