"""SQLite, the embedded store's system of record: schema, connections and row conversions.

WAL mode lets any number of readers (app sessions, other processes) run while one writer commits. Every statement
is parameterised; the only SQL text built at run time is a list of ``?`` placeholders.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from core.records import Chunk, Document, Edge, Entity
from core.store import digest
from core.store.keys import document_hash, norm_key, text_hash  # noqa: F401  (shared with TigerGraph, ingest)

DB_FILE = "store.sqlite"
SCHEMA_VERSION = "1"
MAX_PARAMS = 900  # stay far below SQLITE_MAX_VARIABLE_NUMBER on any build

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entities (
    id TEXT PRIMARY KEY, type TEXT NOT NULL, name TEXT NOT NULL, aliases TEXT NOT NULL, attrs TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entities_type ON entities(type, id);
-- the phone book: lower-cased id / name / alias -> entity
CREATE TABLE IF NOT EXISTS names (key TEXT NOT NULL, entity_id TEXT NOT NULL, PRIMARY KEY (key, entity_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS names_entity ON names(entity_id);
CREATE TABLE IF NOT EXISTS edges (
    src TEXT NOT NULL, type TEXT NOT NULL, dst TEXT NOT NULL, attrs TEXT NOT NULL,
    PRIMARY KEY (src, type, dst)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS edges_dst ON edges(dst, type, src);
CREATE INDEX IF NOT EXISTS edges_type ON edges(type);
CREATE TABLE IF NOT EXISTS documents (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL, entity_ids TEXT NOT NULL,
    content_hash TEXT NOT NULL);
-- vid is the vector id in the HNSW index; AUTOINCREMENT so a deleted chunk's id is never reused
CREATE TABLE IF NOT EXISTS chunks (
    vid INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc_id TEXT NOT NULL, ord INTEGER NOT NULL,
    text TEXT NOT NULL, tokens INTEGER NOT NULL, entity_ids TEXT NOT NULL, text_hash TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id, ord);
CREATE INDEX IF NOT EXISTS chunks_hash ON chunks(text_hash);
CREATE TABLE IF NOT EXISTS chunk_entities (entity_id TEXT NOT NULL, chunk_id TEXT NOT NULL,
    PRIMARY KEY (entity_id, chunk_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS chunk_entities_chunk ON chunk_entities(chunk_id);
-- embedding cache and vector store: sha1(embedded text) -> float32 vector of the store's embedder. A rowid table:
-- WITHOUT ROWID would push every 1.5 KB vector to its own overflow page (3x the disk)
CREATE TABLE IF NOT EXISTS embeddings (text_hash TEXT PRIMARY KEY, vec BLOB NOT NULL);
-- sentence keys left out of the embedding view (core.ingest.boilerplate), frozen at the first build
CREATE TABLE IF NOT EXISTS boilerplate (key INTEGER PRIMARY KEY);
"""


def connect(path: Path, read_only: bool) -> sqlite3.Connection:
    if read_only:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30.0, check_same_thread=False)
    else:
        conn = sqlite3.connect(path, timeout=30.0, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a crash loses no committed transaction's pages
        # the content-digest triggers (core.store.digest) call these; REPLACE must fire their delete triggers
        digest.register_functions(conn)
        conn.execute("PRAGMA recursive_triggers=ON")
    conn.execute("PRAGMA foreign_keys=OFF")
    # page cache: 64 MiB for the writer, 16 MiB per reader (one reader per app thread)
    conn.execute("PRAGMA cache_size=-16384" if read_only else "PRAGMA cache_size=-65536")
    # memory-mapped reads (writes still go through write()): the open-time quick_check of a 2 GB store drops
    # from ~5 s to ~1 s here. Readers only: a build touches every page, and mapped pages count as the writer's
    # resident memory (+1.9 GB of RSS at 460 k chunks), which the full-scale build budget (6 GiB) measures.
    if read_only:
        conn.execute("PRAGMA mmap_size=8589934592")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def is_corruption(exc: sqlite3.DatabaseError) -> bool:
    """SQLite reporting a damaged database file (SQLITE_CORRUPT / SQLITE_NOTADB), not a usage error."""
    code = getattr(exc, "sqlite_errorcode", 0)  # set on errors SQLite raised; absent on the module's own ones
    return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


HEADER_MAGIC = b"SQLite format 3\x00"


def check_structure(db: Path, conn: sqlite3.Connection) -> list[str]:
    """The open-time structural facts of a database too large for a full ``quick_check`` at open: the 100-byte
    header is SQLite's (magic, page size, payload fractions, UTF-8, schema format), the file is whole pages, its
    page count agrees with the header's (when the WAL holds no frames) and with ``PRAGMA page_count``, and the
    freelist's trunk and count lie inside the file. ``conn``: a connection inside the read transaction being
    checked. Problems found, empty when none; SQLite errors propagate (the caller reports them)."""
    try:
        with open(db, "rb") as fh:
            head = fh.read(100)
        size = db.stat().st_size
        wal = db.with_name(db.name + "-wal")
        wal_size = wal.stat().st_size if wal.exists() else 0
    except OSError as exc:
        return [f"cannot read {db.name} ({exc})"]
    if len(head) < 100 or head[:16] != HEADER_MAGIC:
        return ["not an SQLite database header"]
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    problems = []
    if page < 512 or page & (page - 1):
        return [f"header page size {page} is invalid"]
    if head[21:24] != b"\x40\x20\x20":
        problems.append("header payload fractions are not 64/32/32")
    if int.from_bytes(head[56:60], "big") not in (0, 1):
        problems.append("header text encoding is not UTF-8")
    if int.from_bytes(head[44:48], "big") not in (1, 2, 3, 4):
        problems.append("header schema format is invalid")
    if size % page:
        problems.append(f"file size {size} is not a whole number of {page}-byte pages")
    pages = size // page
    in_header = int.from_bytes(head[28:32], "big")
    valid = int.from_bytes(head[24:28], "big") == int.from_bytes(head[92:96], "big")
    if wal_size == 0 and valid and in_header != pages:
        problems.append(f"header says {in_header} pages, the file holds {pages} (truncated or extended)")
    (counted,) = conn.execute("PRAGMA page_count").fetchone()
    (free,) = conn.execute("PRAGMA freelist_count").fetchone()
    if wal_size == 0 and counted != pages:
        problems.append(f"SQLite counts {counted} pages, the file holds {pages}")
    if free > counted:
        problems.append(f"freelist of {free} pages in a {counted}-page database")
    if wal_size == 0:  # page 1 on disk is the current one: its freelist fields must agree with SQLite's count
        trunk, listed = int.from_bytes(head[32:36], "big"), int.from_bytes(head[36:40], "big")
        if listed != free or trunk > pages or (trunk == 0) != (listed == 0):
            problems.append(f"header freelist (trunk page {trunk}, {listed} pages) disagrees with SQLite ({free})")
    return problems


def init_schema(conn: sqlite3.Connection) -> None:
    conn.executescript(SCHEMA)
    conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
    digest.install(conn)  # per-row content hashes + per-table digests, kept by triggers (back-fills old stores)


def placeholders(n: int) -> str:
    return ",".join("?" * n)


def batched(items: Sequence[Any], size: int = MAX_PARAMS) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, default=str)


def entity_from_row(row: Sequence[Any]) -> Entity:
    return Entity(id=row[0], type=row[1], name=row[2], aliases=json.loads(row[3]), attrs=json.loads(row[4]))


def edge_from_row(row: Sequence[Any]) -> Edge:
    return Edge(src=row[0], type=row[1], dst=row[2], attrs=json.loads(row[3]))


def document_from_row(row: Sequence[Any]) -> Document:
    return Document(id=row[0], kind=row[1], title=row[2], text=row[3], entity_ids=json.loads(row[4]))


def chunk_from_row(row: Sequence[Any]) -> Chunk:
    return Chunk(id=row[0], doc_id=row[1], ord=row[2], text=row[3], tokens=row[4], entity_ids=json.loads(row[5]))


ENTITY_COLS = "id, type, name, aliases, attrs"
EDGE_COLS = "src, type, dst, attrs"
DOCUMENT_COLS = "id, kind, title, text, entity_ids"
CHUNK_COLS = "id, doc_id, ord, text, tokens, entity_ids"
