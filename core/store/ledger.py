"""Ledgers: the tables a writer keeps beside the graph (how it was derived), owned by the store (``StoreReader.ledger``).

A ledger is named by a namespace; its schema (SQLite DDL) may create only tables and indexes named
``<namespace>_*``, and its statements may read and write only those tables (an SQLite authorizer refuses anything
else, so a ledger can never touch the graph's own tables). Every statement is parameterised by the caller.

- The embedded store keeps ledgers inside its ``store.sqlite`` on its own writer connection: the ledger's
  ``transaction()`` is the store's ``transaction()``, so a graph change and its bookkeeping written inside one
  ``with store.transaction():`` commit together or not at all (``hoplens snapshot``/``restore`` carry them).
- A backend without a local database (TigerGraph) keeps them in ``FileLedger``: ``byod.sqlite`` in the store folder
  (the file name older stores already have), with transactions of its own — graph and ledger commit apart there,
  which ``capabilities.atomic_transactions`` (False) says; the writer orders its steps so that a crash between
  them is repaired by the next run (see ``core.ingest.byod.ingest.sync_graph``).
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from core.store.base import StoreError

LEDGER_FILE = "byod.sqlite"  # FileLedger's database in the store folder
NAMESPACE_RE = re.compile(r"[a-z][a-z0-9]{1,30}")
_DDL_NAME = re.compile(r"\bCREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                       re.IGNORECASE)
# actions whose arg1 (or, for indexes, arg2) names a table
_TABLE_ARG1 = {sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE, sqlite3.SQLITE_READ,
               sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_DROP_TABLE}
_TABLE_ARG2 = {sqlite3.SQLITE_CREATE_INDEX, sqlite3.SQLITE_DROP_INDEX, sqlite3.SQLITE_ALTER_TABLE}
_REFUSED = {sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH, sqlite3.SQLITE_PRAGMA, sqlite3.SQLITE_CREATE_TRIGGER,
            sqlite3.SQLITE_CREATE_VIEW, sqlite3.SQLITE_CREATE_TEMP_TABLE, sqlite3.SQLITE_CREATE_TEMP_TRIGGER}


def statements(schema: str, namespace: str) -> list[str]:
    """The schema's statements, checked: every table and index it creates is named ``<namespace>_*``."""
    if not NAMESPACE_RE.fullmatch(namespace):
        raise ValueError(f"a ledger namespace is 2-31 lower-case letters/digits, got {namespace!r}")
    out, buf = [], ""
    for line in schema.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip() and not buf.strip().startswith("--"):
        raise ValueError(f"ledger schema ends in an incomplete statement: {buf.strip()[:60]!r}")
    for stmt in out:
        for name in _DDL_NAME.findall(stmt):
            if not name.startswith(f"{namespace}_"):
                raise ValueError(f"ledger {namespace!r} may create only {namespace}_* tables and indexes, not {name!r}")
    return out


def table_names(stmts: Sequence[str]) -> list[str]:
    return [m.group(1) for s in stmts for m in [_DDL_NAME.search(s)] if m and re.search(r"\bTABLE\b", s, re.I)]


def authorizer(namespace: str) -> Callable[..., int]:
    """An SQLite authorizer that lets statements touch only ``<namespace>_*`` tables (and SQLite's own)."""
    prefix = f"{namespace}_"

    def ok(table: str | None) -> bool:
        return table is None or table.startswith(prefix) or table.startswith("sqlite_")

    def check(action: int, arg1: str | None, arg2: str | None, _db: str | None, _trigger: str | None) -> int:
        if action in _REFUSED:
            return sqlite3.SQLITE_DENY
        if action in _TABLE_ARG1 and not ok(arg1):
            return sqlite3.SQLITE_DENY
        if action in _TABLE_ARG2 and not ok(arg2):
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    return check


@contextmanager
def authorized(conn: sqlite3.Connection, namespace: str) -> Iterator[sqlite3.Connection]:
    conn.set_authorizer(authorizer(namespace))
    try:
        yield conn
    finally:
        conn.set_authorizer(None)


def refused(exc: sqlite3.DatabaseError, namespace: str) -> Exception:
    if "not authorized" in str(exc) or "prohibited" in str(exc):
        return StoreError(f"ledger {namespace!r} may read and write only its own {namespace}_* tables ({exc})")
    return exc


class FileLedger:
    """A ledger in its own SQLite file (WAL; ``transaction()`` groups writes so a crash loses no committed step).
    The file and the tables are created by the first write; before that the ledger is not ``present`` and reads
    return []."""

    def __init__(self, path: Path, namespace: str, schema: str):
        self.namespace = namespace
        self.path = Path(path)
        self._stmts = statements(schema, namespace)
        self._tables = table_names(self._stmts)
        self._lock = threading.RLock()
        self._depth = 0
        self._conn: sqlite3.Connection | None = None

    def _connect(self, create: bool) -> sqlite3.Connection | None:
        if self._conn is None:
            if not create and not self.path.exists():
                return None
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._conn = conn
        return self._conn

    def _exists(self, conn: sqlite3.Connection) -> bool:
        have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
        return all(t in have for t in self._tables)

    @property
    def present(self) -> bool:
        with self._lock:
            conn = self._connect(create=False)
            return conn is not None and self._exists(conn)

    @property
    def writable(self) -> bool:
        return True

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with self._lock:
            conn = self._connect(create=False)
            if conn is None or not self._exists(conn):
                return []
            try:
                with authorized(conn, self.namespace):
                    return conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                raise refused(exc, self.namespace) from exc

    def _write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        with self.transaction():
            conn = self._conn
            assert conn is not None  # opened by transaction()
            try:
                with authorized(conn, self.namespace):
                    return fn(conn)
            except sqlite3.DatabaseError as exc:
                raise refused(exc, self.namespace) from exc

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(self._write(lambda c: c.execute(sql, params).lastrowid or 0))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._write(lambda c: c.executemany(sql, rows))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            conn = self._connect(create=True)
            assert conn is not None
            if self._depth == 0:
                conn.execute("BEGIN IMMEDIATE")
                if not self._exists(conn):  # the first write creates the tables, in its own transaction
                    with authorized(conn, self.namespace):
                        for s in self._stmts:
                            conn.execute(s)
            self._depth += 1
            try:
                yield None
            except BaseException:
                self._depth -= 1
                if self._depth == 0:
                    conn.execute("ROLLBACK")
                raise
            self._depth -= 1
            if self._depth == 0:
                conn.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
