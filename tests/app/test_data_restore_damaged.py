"""Data page: a store whose records were damaged (a byte flipped inside a document's text, which SQLite's own checks
miss) is refused with the content-check message, and restoring a snapshot from the page repairs it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

PAGE = "pages/5_Data.py"


def _flip_document_text(db: Path, doc_id: str) -> None:
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (text,) = conn.execute("SELECT text FROM documents WHERE id = ?", (doc_id,)).fetchone()
    conn.close()
    raw = bytearray(db.read_bytes())
    needle = text.encode()[len(text) // 2 : len(text) // 2 + 24]
    start = 0
    while (at := raw.find(needle, start)) >= 0:
        pos = at + next(i for i, b in enumerate(needle) if chr(b).isalpha())
        raw[pos] ^= 0x01
        db.write_bytes(bytes(raw))
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        changed = conn.execute("SELECT text FROM documents WHERE id = ?", (doc_id,)).fetchone()[0] != text
        conn.close()
        if changed:
            return
        raw[pos] ^= 0x01
        db.write_bytes(bytes(raw))
        start = at + 1
    raise AssertionError("document text not found in the file")


def test_damaged_record_is_reported_and_restored_from_the_data_page(app_at, kb_copy):
    from core.store.embedded import EmbeddedStore
    from core.store.snapshot import create_snapshot
    from ui import jobs

    store = Path(kb_copy["HOPLENS_STORE"])
    with EmbeddedStore(store) as s:
        doc = s.get_document(sorted(s.document_hashes())[2])
    create_snapshot(store)
    _flip_document_text(store / "store.sqlite", doc.id)

    at = app_at(PAGE, **kb_copy)
    assert not at.exception
    assert at.error and "content check" in at.error[0].value and doc.id in at.error[0].value
    assert any("restore a snapshot below" in c.value for c in at.caption)
    at = at.button(key="data.restore").click().run()
    assert not at.exception
    info = jobs.registry().wait(jobs.registry().get(at.session_state["hl.data_job"]), timeout=300)
    assert info["status"] == "done", info["message"]
    at.run()
    assert not at.exception and not at.error
    with EmbeddedStore(store) as s:
        assert s.get_document(doc.id).text == doc.text
