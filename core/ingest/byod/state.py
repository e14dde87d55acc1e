"""What bring-your-own-documents ingest remembers, in ``byod_*`` tables.

The store holds the graph the retrievers read; these tables hold how that graph was derived, so that it can be
re-derived after a change: ingested documents with their content hashes, every mention and relation with its source
chunk, the surface-form -> entity map the resolver built, the merge log (reversible), cannot-link pairs from splits,
and what was last written to the store. The store owns them: they are its ``ledger("byod", SCHEMA)``
(``core/store/ledger.py``), so on the embedded store they live inside ``store.sqlite`` and commit in the store's own
transactions — ``sync_graph`` writes a graph change and its record in one — and ``hoplens snapshot``/``restore``
carry them; on TigerGraph the ledger is ``byod.sqlite`` in the store folder. Every statement is parameterised.
(Community membership and summaries are the ``communities`` ledger, ``core/communities.py``.)
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from core.store.base import Ledger

NAMESPACE = "byod"

SCHEMA = """
CREATE TABLE IF NOT EXISTS byod_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS byod_docs (
    doc_id TEXT PRIMARY KEY, root TEXT NOT NULL, rel_path TEXT NOT NULL, title TEXT NOT NULL, hash TEXT NOT NULL,
    chunks INTEGER NOT NULL, ingested_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS byod_docs_root ON byod_docs(root);
CREATE TABLE IF NOT EXISTS byod_mentions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, doc_id TEXT NOT NULL, chunk_id TEXT NOT NULL, text TEXT NOT NULL,
    skey TEXT NOT NULL, type TEXT NOT NULL, explicit_id TEXT, start INTEGER NOT NULL, end_ INTEGER NOT NULL,
    method TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS byod_mentions_doc ON byod_mentions(doc_id);
CREATE INDEX IF NOT EXISTS byod_mentions_skey ON byod_mentions(skey);
CREATE TABLE IF NOT EXISTS byod_relations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, doc_id TEXT NOT NULL, chunk_id TEXT NOT NULL, src_skey TEXT NOT NULL,
    type TEXT NOT NULL, dst_skey TEXT NOT NULL, attrs TEXT NOT NULL, method TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS byod_relations_doc ON byod_relations(doc_id);
-- surface form (folded text) -> the entity it names; one entity per surface
CREATE TABLE IF NOT EXISTS byod_surfaces (skey TEXT PRIMARY KEY, entity_id TEXT NOT NULL, text TEXT NOT NULL,
    type TEXT NOT NULL, method TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS byod_surfaces_entity ON byod_surfaces(entity_id);
-- entities this ingest manages (created from documents) and their decided type
CREATE TABLE IF NOT EXISTS byod_entities (id TEXT PRIMARY KEY, type TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS byod_merges (
    id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, winner TEXT NOT NULL, loser TEXT NOT NULL,
    loser_type TEXT NOT NULL, surfaces TEXT NOT NULL, method TEXT NOT NULL, score REAL NOT NULL,
    reason TEXT NOT NULL, undone_at TEXT);
CREATE TABLE IF NOT EXISTS byod_cannot_link (a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b));
CREATE TABLE IF NOT EXISTS byod_synced_entities (id TEXT PRIMARY KEY, hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS byod_synced_edges (src TEXT NOT NULL, type TEXT NOT NULL, dst TEXT NOT NULL,
    hash TEXT NOT NULL, PRIMARY KEY (src, type, dst));
"""


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@dataclass
class MergeRow:
    id: int
    created_at: str
    winner: str
    loser: str
    loser_type: str
    surfaces: list[str]
    method: str
    score: float
    reason: str
    undone_at: str | None


class State:
    """The ingest's ledger in the store (module docstring). ``transaction()`` groups writes: on the embedded store
    it is the store's own transaction, so graph writes made inside it commit with the bookkeeping."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger

    @classmethod
    def open(cls, store: Any, create: bool = True) -> State:
        """The state of ``store``; ``create=False`` raises FileNotFoundError when nothing was ingested into it."""
        led = store.ledger(NAMESPACE, SCHEMA)
        if not create and (not led.present or not led.rows("SELECT 1 FROM byod_docs LIMIT 1")):
            raise FileNotFoundError(
                f"no ingested documents at {store.location}: run `hoplens ingest PATH --store {store.location}` first"
            )
        return cls(led)

    def close(self) -> None:
        """Nothing to release: the store owns the ledger's connection (closing the store closes it)."""

    def __enter__(self) -> State:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def transaction(self) -> AbstractContextManager[Any]:
        return self.ledger.transaction()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.ledger.execute(sql, params)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self.ledger.rows(sql, params)

    # ---- meta
    def get_meta(self, key: str) -> str | None:
        r = self.rows("SELECT value FROM byod_meta WHERE key = ?", (key,))
        return r[0][0] if r else None

    def delete_meta(self, key: str) -> None:
        self.ledger.execute("DELETE FROM byod_meta WHERE key = ?", (key,))

    def set_meta(self, key: str, value: str) -> None:
        self.ledger.execute("INSERT INTO byod_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                          (key, value))

    # ---- documents
    def doc_hashes(self, root: str | None = None) -> dict[str, str]:
        if root is None:
            return dict(self.rows("SELECT doc_id, hash FROM byod_docs"))
        return dict(self.rows("SELECT doc_id, hash FROM byod_docs WHERE root = ?", (root,)))

    def doc_ids(self) -> list[str]:
        return [r[0] for r in self.rows("SELECT doc_id FROM byod_docs ORDER BY doc_id")]

    def forget_docs(self, doc_ids: Iterable[str]) -> None:
        ids = [(d,) for d in doc_ids]
        with self.transaction():
            self.ledger.executemany("DELETE FROM byod_mentions WHERE doc_id = ?", ids)
            self.ledger.executemany("DELETE FROM byod_relations WHERE doc_id = ?", ids)
            self.ledger.executemany("DELETE FROM byod_docs WHERE doc_id = ?", ids)

    def record_doc(self, doc_id: str, root: str, rel_path: str, title: str, hash_: str, chunks: int) -> None:
        self.ledger.execute(
            "INSERT INTO byod_docs(doc_id, root, rel_path, title, hash, chunks, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(doc_id) DO UPDATE SET root = excluded.root, rel_path = excluded.rel_path, title = excluded.title, "
            "hash = excluded.hash, chunks = excluded.chunks, ingested_at = excluded.ingested_at",
            (doc_id, root, rel_path, title, hash_, chunks, now()),
        )

    # ---- surfaces and entities
    def surface_map(self) -> dict[str, str]:
        return dict(self.rows("SELECT skey, entity_id FROM byod_surfaces"))

    def set_surface(self, skey: str, entity_id: str, text: str, type_: str, method: str) -> None:
        self.ledger.execute(
            "INSERT INTO byod_surfaces(skey, entity_id, text, type, method) VALUES (?, ?, ?, ?, ?) ON CONFLICT(skey) DO "
            "UPDATE SET entity_id = excluded.entity_id, text = excluded.text, type = excluded.type, method = excluded.method",
            (skey, entity_id, text, type_, method),
        )

    def entity_types(self) -> dict[str, str]:
        return dict(self.rows("SELECT id, type FROM byod_entities"))

    def add_entity(self, entity_id: str, type_: str) -> None:
        self.ledger.execute("INSERT INTO byod_entities(id, type, created_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                          "type = excluded.type", (entity_id, type_, now()))

    # ---- merges
    def log_merge(self, winner: str, loser: str, loser_type: str, surfaces: list[str], method: str, score: float,
                  reason: str) -> int:
        return self.ledger.execute(
            "INSERT INTO byod_merges(created_at, winner, loser, loser_type, surfaces, method, score, reason) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (now(), winner, loser, loser_type, json.dumps(sorted(surfaces)), method, float(score), reason),
        )

    def merges(self, include_undone: bool = False) -> list[MergeRow]:
        sql = "SELECT id, created_at, winner, loser, loser_type, surfaces, method, score, reason, undone_at FROM byod_merges"
        if not include_undone:
            sql += " WHERE undone_at IS NULL"
        return [MergeRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7], r[8], r[9])
                for r in self.rows(sql + " ORDER BY id")]

    def merge(self, merge_id: int) -> MergeRow | None:
        return next((m for m in self.merges(include_undone=True) if m.id == merge_id), None)

    def cannot_link(self) -> list[tuple[str, str]]:
        return [(a, b) for a, b in self.rows("SELECT a, b FROM byod_cannot_link")]

    def add_cannot_link(self, a: str, b: str) -> None:
        self.ledger.execute("INSERT OR IGNORE INTO byod_cannot_link(a, b) VALUES (?, ?)", tuple(sorted((a, b))))

    # ---- mentions and relations
    def add_mentions(self, rows: Sequence[tuple]) -> None:
        """rows: (doc_id, chunk_id, text, skey, type, explicit_id, start, end, method)."""
        self.ledger.executemany(
            "INSERT INTO byod_mentions(doc_id, chunk_id, text, skey, type, explicit_id, start, end_, method) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    def add_relations(self, rows: Sequence[tuple]) -> None:
        """rows: (doc_id, chunk_id, src_skey, type, dst_skey, attrs json, method)."""
        self.ledger.executemany(
            "INSERT INTO byod_relations(doc_id, chunk_id, src_skey, type, dst_skey, attrs, method) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows)

    def mentions(self) -> list[tuple]:
        """(doc_id, chunk_id, text, skey, type, explicit_id, method) in document order."""
        return self.rows("SELECT doc_id, chunk_id, text, skey, type, explicit_id, method FROM byod_mentions "
                         "ORDER BY doc_id, chunk_id, start")

    def relations(self) -> list[tuple]:
        return self.rows("SELECT doc_id, chunk_id, src_skey, type, dst_skey, attrs, method FROM byod_relations ORDER BY id")

    # ---- what the store holds
    def synced_entities(self) -> dict[str, str]:
        return dict(self.rows("SELECT id, hash FROM byod_synced_entities"))

    def synced_edges(self) -> dict[tuple[str, str, str], str]:
        return {(s, t, d): h for s, t, d, h in self.rows("SELECT src, type, dst, hash FROM byod_synced_edges")}

    def record_sync(self, entities: dict[str, str], edges: dict[tuple[str, str, str], str]) -> None:
        with self.transaction():
            self.ledger.execute("DELETE FROM byod_synced_entities")
            self.ledger.executemany("INSERT INTO byod_synced_entities(id, hash) VALUES (?, ?)", sorted(entities.items()))
            self.ledger.execute("DELETE FROM byod_synced_edges")
            self.ledger.executemany("INSERT INTO byod_synced_edges(src, type, dst, hash) VALUES (?, ?, ?, ?)",
                          [(*k, h) for k, h in sorted(edges.items())])
