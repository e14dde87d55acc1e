"""Content digests of the embedded store: a hash per row, a digest per table, and the checks that use them.

SQLite's ``quick_check``/``integrity_check`` verify the b-tree structure, not the payload: a flipped byte inside a
document's text passes both and is served as if nothing happened. So every row of the record tables carries a
content hash, and every table a digest over those hashes.

- ``row_hashes(tbl, key, hash)``: sha256 of the row's columns (length-prefixed, so no two rows collide by
  concatenation). Written by SQLite triggers on every INSERT/UPDATE/DELETE of a tracked table, so *every* writer
  (build, BYOD ingest, graph import, deletes by any condition) keeps them right without knowing about them. The
  triggers call ``hl_row_hash``, a function registered on the store's writer connection
  (``core.store._sqlite.connect``); a connection without it cannot write to a tracked table at all ("no such
  function"), which is what we want: nothing writes records without hashing them.
- ``digests(tbl, n, acc, changes)``: per table, the row count, the sum of the row hashes mod 2**256 (order-free,
  maintained by triggers on ``row_hashes`` in the same transaction as the write) and a change counter.
- the index manifest (``manifest.json``) and ``snapshot.json`` carry a copy of ``digests`` with its own sha256
  (``manifest_digests``), so a snapshot states what its records must hash to.

Checks:
- ``check_open`` (every open, cheap): counts of rows, hashes and digests agree; the manifest's copy agrees when no
  write happened since it was written; the rows of small tables are all re-hashed (every table at demo scale), large
  ones by a random sample of ``OPEN_SAMPLE_ROWS`` rows.
- ``verify_records`` (``hoplens verify``, restore): re-hashes every row and names each one that differs, lacks a
  hash, or whose hash has no row; vectors are reported with the chunks that use them.

Hashes are read and recomputed with ``text_factory=bytes``, so a flip that leaves invalid UTF-8 is reported as a
damaged row rather than failing the check.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

MOD = 1 << 256
_sha256 = hashlib.sha256
ZERO = "0" * 64
# open-time check: a table with at most this many rows is re-hashed completely, a larger one by a random sample
# (demo scale: documents, chunks, entities and vectors in full, edges/names/links sampled; ~0.25 s on 2 busy cores)
OPEN_FULL_ROWS = 10_000
OPEN_SAMPLE_ROWS = 512
# a sampled open (a store over ``store_full_check_mb``) runs SQLite quick_check on every tracked table of at most this
# many rows (full scale: entities 80 k rows, names 254 k: ~0.05 s together), sampling the larger ones' rows above
OPEN_QUICK_CHECK_ROWS = 300_000
SEP = "char(31)"  # key separator of composite keys (unit separator; never in ids)


@dataclass(frozen=True)
class Table:
    name: str
    key: tuple[str, ...]  # primary-key columns (joined with \x1f into row_hashes.key)
    cols: tuple[str, ...]  # hashed columns, in this order
    rowid: bool  # a rowid table (sampling by rowid) or WITHOUT ROWID

    @cached_property
    def key_at(self) -> tuple[int, ...]:
        return tuple(self.cols.index(k) for k in self.key)


TABLES: tuple[Table, ...] = (
    Table("documents", ("id",), ("id", "kind", "title", "text", "entity_ids", "content_hash"), True),
    Table("chunks", ("id",), ("vid", "id", "doc_id", "ord", "text", "tokens", "entity_ids", "text_hash"), True),
    Table("entities", ("id",), ("id", "type", "name", "aliases", "attrs"), True),
    Table("edges", ("src", "type", "dst"), ("src", "type", "dst", "attrs"), False),
    # vectors by the chunk-text hash that keys them (a damaged vector is reported with the chunks that use it)
    Table("embeddings", ("text_hash",), ("text_hash", "vec"), True),
    Table("names", ("key", "entity_id"), ("key", "entity_id"), False),
    Table("chunk_entities", ("entity_id", "chunk_id"), ("entity_id", "chunk_id"), False),
)
BY_NAME = {t.name: t for t in TABLES}


# ---------------------------------------------------------------------------------------------------- hashing
def _b(value: Any) -> bytes:
    if value is None:
        return b"N"
    if isinstance(value, bool | int):
        s = str(int(value)).encode()
        return b"I%d:" % len(s) + s
    if isinstance(value, float):
        s = repr(value).encode()
        return b"F%d:" % len(s) + s
    if isinstance(value, str):
        raw = value.encode("utf-8", "surrogatepass")
    else:  # bytes: a BLOB, or TEXT read with text_factory=bytes (same bytes as the str's UTF-8)
        raw = bytes(value)
    return b"S%d:" % len(raw) + raw


def row_hash(*values: Any) -> bytes:
    """sha256 of a row's values, each type-tagged and length-prefixed (TEXT and BLOB hash alike): the bytes of
    ``_b`` for each value, inlined for the common types (this runs for every row at open)."""
    parts = []
    for v in values:
        t = type(v)
        if t is str:
            raw = v.encode("utf-8", "surrogatepass")
        elif t is bytes:
            raw = v
        elif t is int:
            s = b"%d" % v
            parts.append(b"I%d:%s" % (len(s), s))
            continue
        else:
            parts.append(_b(v))
            continue
        parts.append(b"S%d:" % len(raw))
        parts.append(raw)
    return _sha256(b"".join(parts)).digest()


def acc_add(acc: str | None, h: bytes | None, sign: int) -> str:
    """The table digest after adding (sign 1) or removing (sign -1) one row hash."""
    total = int(acc or ZERO, 16)
    if h is not None:
        total = (total + sign * int.from_bytes(h, "big")) % MOD
    return f"{total:064x}"


def register_functions(conn: sqlite3.Connection) -> None:
    """The functions the triggers call; registered on every connection that writes a store."""
    conn.create_function("hl_row_hash", -1, row_hash, deterministic=True)
    conn.create_function("hl_acc", 3, acc_add, deterministic=True)


# ---------------------------------------------------------------------------------------------------- schema
def _key_sql(table: Table, alias: str) -> str:
    return f" || {SEP} || ".join(f"{alias}.{c}" for c in table.key)


def schema_sql() -> str:
    parts = [
        "CREATE TABLE IF NOT EXISTS row_hashes (tbl TEXT NOT NULL, key TEXT NOT NULL, hash BLOB NOT NULL, "
        "PRIMARY KEY (tbl, key)) WITHOUT ROWID;",
        "CREATE TABLE IF NOT EXISTS digests (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL, acc TEXT NOT NULL, "
        "changes INTEGER NOT NULL);",
        "CREATE TRIGGER IF NOT EXISTS hl_rh_ins AFTER INSERT ON row_hashes BEGIN "
        "UPDATE digests SET n = n + 1, acc = hl_acc(acc, NEW.hash, 1), changes = changes + 1 WHERE tbl = NEW.tbl; END;",
        "CREATE TRIGGER IF NOT EXISTS hl_rh_del AFTER DELETE ON row_hashes BEGIN "
        "UPDATE digests SET n = n - 1, acc = hl_acc(acc, OLD.hash, -1), changes = changes + 1 WHERE tbl = OLD.tbl; END;",
        "CREATE TRIGGER IF NOT EXISTS hl_rh_upd AFTER UPDATE ON row_hashes BEGIN "
        "UPDATE digests SET n = n - 1, acc = hl_acc(acc, OLD.hash, -1), changes = changes + 1 WHERE tbl = OLD.tbl; "
        "UPDATE digests SET n = n + 1, acc = hl_acc(acc, NEW.hash, 1), changes = changes + 1 WHERE tbl = NEW.tbl; END;",
    ]
    for t in TABLES:
        new_hash = f"hl_row_hash({', '.join('NEW.' + c for c in t.cols)})"
        insert = f"INSERT OR REPLACE INTO row_hashes(tbl, key, hash) VALUES ('{t.name}', {_key_sql(t, 'NEW')}, {new_hash});"
        delete = f"DELETE FROM row_hashes WHERE tbl = '{t.name}' AND key = {_key_sql(t, 'OLD')};"
        parts += [
            f"CREATE TRIGGER IF NOT EXISTS hl_{t.name}_ins AFTER INSERT ON {t.name} BEGIN {insert} END;",
            f"CREATE TRIGGER IF NOT EXISTS hl_{t.name}_del AFTER DELETE ON {t.name} BEGIN {delete} END;",
            f"CREATE TRIGGER IF NOT EXISTS hl_{t.name}_upd AFTER UPDATE ON {t.name} BEGIN {delete} {insert} END;",
        ]
    return "\n".join(parts)


def has_digests(conn: sqlite3.Connection) -> bool:
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'digests'").fetchall())


def install(conn: sqlite3.Connection) -> int:
    """Create the digest tables and triggers (idempotent). A store written before digests existed gets its rows
    hashed once, in one transaction. Returns how many rows were back-filled. ``conn``: the writer connection
    (autocommit mode, functions registered)."""
    had = has_digests(conn)
    conn.execute("BEGIN IMMEDIATE")
    try:
        for stmt in _statements(schema_sql()):
            conn.execute(stmt)
        for t in TABLES:
            conn.execute("INSERT OR IGNORE INTO digests(tbl, n, acc, changes) VALUES (?, 0, ?, 0)", (t.name, ZERO))
        filled = 0
        if not had:
            for t in TABLES:
                cols = ", ".join(t.cols)
                rows = conn.execute(f"SELECT {cols} FROM {t.name}").fetchall()
                idx = [t.cols.index(k) for k in t.key]
                conn.executemany(
                    "INSERT OR REPLACE INTO row_hashes(tbl, key, hash) VALUES (?, ?, ?)",
                    [(t.name, "\x1f".join(str(r[i]) for i in idx), row_hash(*r)) for r in rows],
                )
                filled += len(rows)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return filled


def _statements(script: str) -> list[str]:
    """Our own schema script, one statement per line (``executescript`` would commit mid-transaction)."""
    return [line for line in script.splitlines() if line.strip()]


# ---------------------------------------------------------------------------------------------------- reading
def table_digests(conn: sqlite3.Connection) -> dict[str, dict[str, Any]]:
    """{table: {"n", "acc", "changes"}} as recorded (empty when the store predates digests)."""
    if not has_digests(conn):
        return {}
    rows = conn.execute("SELECT tbl, n, acc, changes FROM digests ORDER BY tbl").fetchall()
    return {_s(t): {"n": int(n), "acc": _s(acc), "changes": int(c)} for t, n, acc, c in rows}


def _s(v: Any) -> str:
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def seal(tables: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The manifest/snapshot form: the table digests and a sha256 over them (a flip in the copy is caught too)."""
    body = json.dumps(tables, sort_keys=True, separators=(",", ":"))
    return {"tables": tables, "sha256": hashlib.sha256(body.encode()).hexdigest()}


def manifest_digests(conn: sqlite3.Connection) -> dict[str, Any] | None:
    tables = table_digests(conn)
    return seal(tables) if tables else None


def _open_ro(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{Path(db).resolve().as_uri()}?mode=ro", uri=True, timeout=30.0, isolation_level=None)
    conn.text_factory = bytes
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


@dataclass(frozen=True)
class Problem:
    table: str
    key: str | None  # the damaged row's key (None: the table as a whole)
    what: str

    def __str__(self) -> str:
        return f"{self.table}: {self.what}" if self.key is None else f"{self.table} row {self.key!r}: {self.what}"


def _key_of(t: Table, row: Sequence[Any]) -> bytes:
    if len(t.key_at) == 1:
        v = row[t.key_at[0]]
        return v if type(v) is bytes else str(v).encode()
    return b"\x1f".join(v if type(v) is bytes else str(v).encode() for v in (row[i] for i in t.key_at))


def check_sealed(copy: dict[str, Any] | None, where: str) -> tuple[list[Problem], dict[str, dict[str, Any]]]:
    if not copy:
        return [], {}
    try:
        tables = copy["tables"]
        ok = seal(tables)["sha256"] == copy["sha256"]
    except (KeyError, TypeError):
        return [Problem("digests", None, f"the copy in {where} is malformed")], {}
    if not ok:
        return [Problem("digests", None, f"the copy in {where} fails its own checksum")], {}
    return [], tables


def _compare_copy(recorded: dict[str, dict[str, Any]], copy: dict[str, Any] | None, where: str) -> list[Problem]:
    """The digest copy written with the manifest/snapshot must match the records unless they were written since."""
    problems, tables = check_sealed(copy, where)
    for name, want in tables.items():
        have = recorded.get(name)
        if have is None:
            problems.append(Problem(name, None, f"recorded in {where} but has no digest in the records"))
        elif have["changes"] < want["changes"]:
            problems.append(Problem(name, None, f"the records are older than {where} (changes {have['changes']} < "
                                                f"{want['changes']})"))
        elif have["changes"] == want["changes"] and (have["n"], have["acc"]) != (want["n"], want["acc"]):
            problems.append(Problem(name, None, f"digest differs from the one in {where} ({have['n']} rows vs "
                                                f"{want['n']})"))
    return problems


def _scan(conn: sqlite3.Connection, t: Table, rows: Iterable[Sequence[Any]], stored: dict[bytes, bytes],
          limit: int | None) -> tuple[list[Problem], set[bytes]]:
    problems, seen = [], set()
    for row in rows:
        key = _key_of(t, row)
        seen.add(key)
        want = stored.get(key)
        if want is None:
            problems.append(Problem(t.name, _s(key), "row has no recorded content hash"))
        elif row_hash(*row) != want:
            problems.append(Problem(t.name, _s(key), "content does not match its recorded hash"))
        if limit is not None and len(problems) >= limit:
            break
    return problems, seen


def _stored_hashes(conn: sqlite3.Connection, name: str, keys: Sequence[bytes] | None = None) -> dict[bytes, bytes]:
    if keys is None:
        return {bytes(k): bytes(h) for k, h in conn.execute("SELECT key, hash FROM row_hashes WHERE tbl = ?", (name,))}
    out = {}
    for i in range(0, len(keys), 900):
        # bound as TEXT (a bytes parameter is a BLOB, never equal to the TEXT key); a key damaged into invalid
        # UTF-8 then simply has no stored hash, which is reported
        batch = [k.decode("utf-8", "replace") for k in keys[i : i + 900]]
        ph = ",".join("?" * len(batch))
        for k, h in conn.execute(f"SELECT key, hash FROM row_hashes WHERE tbl = ? AND key IN ({ph})", [name, *batch]):
            out[bytes(k)] = bytes(h)
    return out


def _full_table(conn: sqlite3.Connection, t: Table, recorded: dict[str, Any], limit: int | None) -> list[Problem]:
    stored = _stored_hashes(conn, t.name)
    rows = conn.execute(f"SELECT {', '.join(t.cols)} FROM {t.name}")
    problems, seen = _scan(conn, t, rows, stored, limit)
    if limit is not None and len(problems) >= limit:
        return problems
    for key in sorted(set(stored) - seen):
        problems.append(Problem(t.name, _s(key), "has a recorded hash but the row is missing"))
    total = sum(int.from_bytes(h, "big") for h in stored.values()) % MOD
    if (len(stored), f"{total:064x}") != (recorded["n"], recorded["acc"]):
        problems.append(Problem(t.name, None, f"table digest does not match its row hashes ({len(stored)} hashes, "
                                              f"{recorded['n']} recorded)"))
    return problems


def _sample_table(conn: sqlite3.Connection, t: Table, n: int, k: int, rng: random.Random) -> list[Problem]:
    cols = ", ".join(t.cols)
    if t.rowid:
        hi = conn.execute(f"SELECT max(rowid) FROM {t.name}").fetchone()[0] or 0
        ids = sorted({rng.randint(1, hi) for _ in range(k)}) if hi else []
        rows = []
        for i in range(0, len(ids), 900):
            batch = ids[i : i + 900]
            rows += conn.execute(f"SELECT {cols} FROM {t.name} WHERE rowid IN ({','.join('?' * len(batch))})",
                                 batch).fetchall()
    else:  # WITHOUT ROWID: a few windows at random offsets in key order
        rows, windows = [], 8
        order = ", ".join(t.key)
        for _ in range(windows):
            off = rng.randrange(max(n - k // windows, 1))
            rows += conn.execute(f"SELECT {cols} FROM {t.name} ORDER BY {order} LIMIT ? OFFSET ?",
                                 (k // windows, off)).fetchall()
    stored = _stored_hashes(conn, t.name, sorted({_key_of(t, r) for r in rows}))
    return _scan(conn, t, rows, stored, None)[0]


def _counts(conn: sqlite3.Connection, recorded: dict[str, dict[str, Any]]) -> tuple[list[Problem], dict[str, int]]:
    problems, sizes = [], {}
    for t in TABLES:
        rec = recorded.get(t.name)
        if rec is None:
            problems.append(Problem(t.name, None, "has no digest"))
            continue
        rows = conn.execute(f"SELECT count(*) FROM {t.name}").fetchone()[0]
        hashes = conn.execute("SELECT count(*) FROM row_hashes WHERE tbl = ?", (t.name,)).fetchone()[0]
        sizes[t.name] = rows
        if not rows == hashes == rec["n"]:
            problems.append(Problem(t.name, None, f"{rows} rows, {hashes} row hashes, {rec['n']} in the digest"))
    return problems, sizes


def check_open(db: Path | sqlite3.Connection, manifest_copy: dict[str, Any] | None, *,
               full_rows: int = OPEN_FULL_ROWS, sample_rows: int = OPEN_SAMPLE_ROWS, seed: int | None = None
               ) -> list[Problem]:
    """The cheap check run on every open (module docstring). Empty list: nothing wrong found. ``db``: a database
    file, or a connection already inside the read transaction to check (its text factory is restored after)."""
    if isinstance(db, sqlite3.Connection):
        factory, db.text_factory = db.text_factory, bytes
        try:
            return _check_open(db, manifest_copy, full_rows, sample_rows, seed)
        finally:
            db.text_factory = factory
    conn = _open_ro(db)
    try:
        conn.execute("BEGIN")  # one read snapshot for all the queries below
        return _check_open(conn, manifest_copy, full_rows, sample_rows, seed)
    finally:
        conn.close()


def _check_open(conn: sqlite3.Connection, manifest_copy: dict[str, Any] | None, full_rows: int, sample_rows: int,
            seed: int | None) -> list[Problem]:
    recorded = table_digests(conn)
    if not recorded:
        return [] if manifest_copy is None else [Problem("digests", None, "the records lost their digests")]
    problems = _compare_copy(recorded, manifest_copy, "the index manifest")
    count_problems, sizes = _counts(conn, recorded)
    problems += count_problems
    rng = random.Random(seed)
    for t in TABLES:
        if t.name not in sizes:
            continue
        if sizes[t.name] <= full_rows:
            problems += _full_table(conn, t, recorded[t.name], limit=20)
        else:
            problems += _sample_table(conn, t, sizes[t.name], sample_rows, rng)
    return problems


def verify_records(db: Path | sqlite3.Connection, copies: dict[str, dict[str, Any] | None] | None = None
                   ) -> dict[str, Any]:
    """Re-hash every row (``hoplens verify``, snapshots, restore). ``db``: a database file, or an open connection
    (its text factory is switched to bytes). ``copies``: {where: sealed digests} to compare with (manifest,
    snapshot). Returns {"rows": n checked, "problems": [Problem], "damaged_chunks": {text_hash: [chunk ids]},
    "digests": bool (the store records digests)}."""
    if isinstance(db, sqlite3.Connection):
        db.text_factory = bytes
        return _verify_conn(db, copies)
    conn = _open_ro(db)
    try:
        conn.execute("BEGIN")
        return _verify_conn(conn, copies)
    finally:
        conn.close()


def _verify_conn(conn: sqlite3.Connection, copies: dict[str, dict[str, Any] | None] | None) -> dict[str, Any]:
    recorded = table_digests(conn)
    if not recorded:
        return {"rows": 0, "problems": [], "damaged_chunks": {}, "digests": False}
    problems: list[Problem] = []
    for where, copy in (copies or {}).items():
        problems += _compare_copy(recorded, copy, where)
    count_problems, sizes = _counts(conn, recorded)
    problems += count_problems
    for t in TABLES:
        if t.name in recorded:
            problems += _full_table(conn, t, recorded[t.name], limit=None)
    damaged: dict[str, list[str]] = {}
    bad_vectors = [p.key for p in problems if p.table == "embeddings" and p.key]
    for h in bad_vectors:
        damaged[h] = [_s(r[0]) for r in conn.execute("SELECT id FROM chunks WHERE text_hash = ? ORDER BY id", (h,))]
    return {"rows": sum(sizes.values()), "problems": problems, "damaged_chunks": damaged, "digests": True}


def verify_store(store_path: Path) -> dict[str, Any]:
    """Everything ``hoplens verify`` checks, read-only: SQLite ``integrity_check``, the index files against the
    manifest's sha256, and every row against its content hash. Never raises for damage; reports it."""
    import time

    from core.store import _files
    from core.store._sqlite import DB_FILE

    t0 = time.perf_counter()
    store_path = Path(store_path)
    db = store_path / DB_FILE
    if not db.is_file():
        raise FileNotFoundError(f"no store at {store_path} (no {DB_FILE})")
    out: dict[str, Any] = {"store": str(store_path), "sqlite": [], "index_files": [], "problems": [],
                           "damaged_chunks": {}, "rows": 0, "digests": False}
    try:
        conn = _open_ro(db)
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
        finally:
            conn.close()
        out["sqlite"] = [] if [_s(r[0]) for r in rows] == ["ok"] else [_s(r[0]) for r in rows[:20]]
    except sqlite3.DatabaseError as exc:
        out["sqlite"] = [f"SQLite says {exc}"]
    try:
        manifest = _files.read_manifest(store_path)
    except ValueError as exc:
        out["index_files"], manifest = [str(exc)], None
    if manifest is not None:
        out["index_files"] = _files.verify_checksums(store_path, manifest["files"])
    if not any("SQLite says" in p for p in out["sqlite"]):
        try:
            rec = verify_records(db, {"the index manifest": (manifest or {}).get("digests")})
            out.update(rows=rec["rows"], problems=rec["problems"], damaged_chunks=rec["damaged_chunks"],
                       digests=rec["digests"])
        except sqlite3.DatabaseError as exc:
            out["sqlite"].append(f"reading the records failed: {exc}")
    out["ok"] = not (out["sqlite"] or out["index_files"] or out["problems"])
    out["seconds"] = round(time.perf_counter() - t0, 3)
    return out
