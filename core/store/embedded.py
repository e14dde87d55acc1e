"""The embedded store (default backend): no server, no key, safe to trust with a 100k-document corpus.

On disk, in the store folder:
  store.sqlite      system of record (WAL, transactions): entities, edges, documents, chunks, embeddings, meta
                    and the writers' ledgers (``ledger()``: byod_*, communities_* tables, same transactions)
  index-NNNNNN/     derived indexes: HNSW vectors (faiss) + BM25 (bm25s), rebuilt/extended by ``refresh_indexes``
  manifest.json     names the current index folder with the sha256 (and block hashes) of each file (checked on open:
                    in full up to ``store_full_check_mb``, by structure and sample above it; see ``_verify``)
In memory: CSR adjacency built on first graph call. See docs/store.md.

Threading: a read-only store reads one pinned SQLite snapshot through one connection its threads share under a lock
(so a concurrent build, ingest or restore is invisible to it; see ``_pin_snapshot``); a writable store serialises
everything through one connection and the same lock.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from core.records import Chunk, Document, Edge, Entity, Filter, Hit, PathQuery, Subgraph
from core.schema import type_of_id
from core.store import _files, _sqlite, digest, ledger
from core.store._graph import DIRECTIONS, STRUCTURAL, Graph
from core.store.base import (
    ONTOLOGY,
    ONTOLOGY_SHA256,
    EmbedderMismatch,
    Ledger,
    StoreCapabilities,
    StoreCorrupted,
    StoreError,
    cached_ontology,
    check_embedder_matches,
    ontology_json,
)
from core.store.filters import check_filter, matches

if TYPE_CHECKING:
    from core.config import Settings
    from core.ontology import Ontology
    from core.store._bm25 import LexicalIndex
    from core.store._vectors import VectorIndex

# meta keys
EMBEDDER_NAME, EMBEDDER_DIM = "embedder_name", "embedder_dim"
INDEX_GENERATION, INDEX_STALE, BUILD_STATE = "index_generation", "index_stale", "build_state"


def _restore_hint(path: Path) -> str:
    return (
        f"restore the last good snapshot with `hoplens restore --store {path}`, "
        f"or rebuild it with `hoplens build --store {path}`"
    )


class EmbeddedStore:
    backend = "embedded"
    capabilities = StoreCapabilities(embedding_cache=True, atomic_transactions=True, snapshots=True, local_graph=True)

    def __init__(
        self,
        path: Path,
        *,
        create: bool = False,
        read_only: bool | None = None,
        verify: bool = True,
        embedder: Any = None,
        full_check: bool | None = None,
        full_check_mb: float | None = None,
        sample_mb: float | None = None,
        background_check: bool | None = None,
    ):
        self.path = Path(path)
        self.read_only = (not create) if read_only is None else read_only
        if create and self.read_only:
            raise ValueError("a store cannot be created read-only")
        db = self.path / _sqlite.DB_FILE
        if not db.exists():
            if not create:
                raise FileNotFoundError(f"no store at {self.path}: build one with `hoplens build --store {self.path}`")
            if self.path.exists() and not self.path.is_dir():
                raise FileExistsError(f"{self.path} is a file, not a store folder; choose another --store path")
            if self.path.is_dir() and any(self.path.iterdir()):
                raise FileExistsError(
                    f"{self.path} is not empty and holds no HopLens store; choose an empty or new folder for --store"
                )
            self.path.mkdir(parents=True, exist_ok=True)
        self._db = db
        self._lock = threading.RLock()  # writer connection, transactions and derived-index swaps
        self._conns: list[sqlite3.Connection] = []
        self._tx_depth = 0
        self._closed = False
        self._graph: Graph | None = None
        self._vectors: VectorIndex | None = None
        self._lexical: LexicalIndex | None = None
        self._index_dirty = False
        self._pinned_manifest: dict[str, Any] | None = None
        self._wconn: sqlite3.Connection | None = None
        self._snap: sqlite3.Connection | None = None  # read-only: the one pinned snapshot (see _pin_snapshot)
        self._pinned_version: tuple | None = None
        self._ledgers: dict[tuple[str, str], _EmbeddedLedger] = {}
        self._check_limits = (
            _setting_default("store_full_check_mb") if full_check_mb is None else float(full_check_mb),
            _setting_default("store_sample_mb") if sample_mb is None else float(sample_mb),
        )
        self._full_check = full_check
        self._background = (bool(_setting_default("store_background_check")) if background_check is None
                            else bool(background_check))
        self.open_check: dict[str, Any] | None = None  # what the open-time check covered (``_verify``)
        self._damage: str | None = None  # set by the background full check when it finds damage
        self._bg: _BackgroundCheck | None = None
        try:
            if self.read_only:
                self._pin_snapshot()
            if not self.read_only:
                try:
                    self._wconn = _sqlite.connect(db, read_only=False)
                    self._conns.append(self._wconn)
                    _sqlite.init_schema(self._wconn)
                except sqlite3.DatabaseError as exc:
                    raise StoreCorrupted(
                        f"store {self.path} is corrupted: SQLite says {exc}; {_restore_hint(self.path)}"
                    ) from exc
            if verify:
                self._verify()
            else:
                self._pinned_manifest = self._read_manifest()
            self._check_state()
            if self._snap is not None:  # load the pinned indexes now: a later build may delete their folder
                self._vectors, self._lexical = self._load_vectors(), self._load_lexical()
            if self._snap is not None and self.open_check and self.open_check["mode"] == "sampled" and self._background:
                self._bg = _BackgroundCheck(self)  # the rest of the full check, after open (docs/store.md)
        except BaseException:
            self.close(refresh=False)
            raise
        if embedder is not None:
            self.check_embedder(embedder)

    # ------------------------------------------------------------------------------------------------ plumbing
    @contextmanager
    def _reader(self) -> Iterator[sqlite3.Connection]:
        if self._closed:
            raise StoreError(f"store {self.path} is closed")
        if self._damage is not None:
            raise StoreCorrupted(self._damage)
        with self._lock:  # the writer connection, or the read-only store's pinned snapshot
            yield self._wconn or self._snap

    def _pin_snapshot(self) -> None:
        """A read-only store reads one SQLite snapshot for its whole life: one connection holding one read
        transaction, shared by all threads under the lock, with the index it verified loaded at open. A build,
        ingest or restore running meanwhile (WAL mode lets it commit) is invisible to this handle, so every
        request sees the state the store was opened in, never part of a write; ``outdated()`` says when a newer
        state was committed, and ``reopen_if_outdated`` moves to it once it is complete."""
        try:
            conn = _sqlite.connect(self._db, read_only=True)
            self._conns.append(conn)
            conn.isolation_level = None
            conn.execute("BEGIN")
            self._pinned_version = _state_version(conn)  # the first read fixes the snapshot
            self._pinned_ino = os.stat(self._db).st_ino
        except sqlite3.DatabaseError as exc:
            raise StoreCorrupted(f"store {self.path} is corrupted: SQLite says {exc}; {_restore_hint(self.path)}") from exc
        self._snap = conn

    def wait_for_check(self, timeout: float | None = None) -> dict[str, Any] | None:
        """``open_check`` once the background part of a sampled open's check has finished (or ``timeout`` passed):
        its ``background`` is "ok", "failed" (every read now raises StoreCorrupted), "stopped" or "running"."""
        if self._bg is not None:
            self._bg.done.wait(timeout)
        return self.open_check

    def outdated(self) -> bool:
        """True when a read-only store's folder holds a newer committed state than the one this handle reads
        (a build, ingest or restore happened since it was opened). Always False for a writable store."""
        if self._snap is None or self._closed:
            return False
        try:
            if os.stat(self._db).st_ino != self._pinned_ino:
                return True  # the folder was swapped (restore)
            probe = _sqlite.connect(self._db, read_only=True)
            try:
                return _state_version(probe) != self._pinned_version
            finally:
                probe.close()
        except (OSError, sqlite3.Error):
            return True

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with self._reader() as conn:
            try:
                return conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                # a damaged TEXT payload that is no longer UTF-8, or a damaged page that the open-time check did
                # not read (a large store's open samples; see _verify): a clear error, never a raw SQLite one
                if "decode" not in str(exc) and not _sqlite.is_corruption(exc):
                    raise
                raise StoreCorrupted(
                    f"store {self.path} holds a damaged record ({exc}); `hoplens verify --store {self.path}` names "
                    f"it; {_restore_hint(self.path)}"
                ) from exc

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All writes inside commit together or not at all (nested calls join the outer transaction)."""
        if self._wconn is None:
            raise StoreError(f"store {self.path} is open read-only; open it with read_only=False to write")
        with self._lock:
            if self._tx_depth == 0:
                self._wconn.execute("BEGIN IMMEDIATE")
            self._tx_depth += 1
            try:
                yield self._wconn
            except BaseException:
                self._tx_depth -= 1
                if self._tx_depth == 0:
                    self._wconn.execute("ROLLBACK")
                raise
            self._tx_depth -= 1
            if self._tx_depth == 0:
                self._wconn.execute("COMMIT")

    def _verify(self) -> None:
        """The open-time integrity check; StoreCorrupted pointing to restore on any failure (docs/store.md).

        Full (a store of at most ``store_full_check_mb`` of SQLite + index files, or ``full_check=True``): SQLite
        ``quick_check`` and the sha256 of every index file. Sampled (a larger store): the database's structural facts
        (``_sqlite.check_structure``), ``quick_check`` of every table but the large record tables, and the index
        files by size, mtime and sampled block hashes (``_files.verify_sampled``). Both then run the content-digest
        check (``digest.check_open``). ``self.open_check`` records which ran and what it read."""
        t0 = time.perf_counter()
        manifest = self._read_manifest()
        files = (manifest or {}).get("files") or {}
        if not isinstance(files, dict) or not all(
            isinstance(f, dict) and isinstance(f.get("size"), int) and isinstance(f.get("sha256"), str)
            for f in files.values()
        ):
            raise StoreCorrupted(f"store {self.path} is corrupted: {_files.MANIFEST} lists its files in an unknown "
                                 f"form; {_restore_hint(self.path)}")
        full_mb, sample_mb = self._check_limits
        size = self._db.stat().st_size + sum(f["size"] for f in files.values())
        full = self._full_check if self._full_check is not None else size <= full_mb * (1 << 20)
        try:
            if full:
                rows = self._rows("PRAGMA quick_check")
                structure: list[str] = []
            else:
                structure, rows = self._sampled_sqlite_check()
            self._rows("SELECT count(*) FROM meta")
        except sqlite3.DatabaseError as exc:
            raise StoreCorrupted(f"store {self.path} is corrupted: SQLite says {exc}; {_restore_hint(self.path)}") from exc
        if structure:
            raise StoreCorrupted(f"store {self.path} is corrupted: {'; '.join(structure[:3])}; {_restore_hint(self.path)}")
        if [r[0] for r in rows] != ["ok"]:
            detail = "; ".join(str(r[0]) for r in rows[:3])
            raise StoreCorrupted(f"store {self.path} is corrupted: SQLite quick_check: {detail}; {_restore_hint(self.path)}")
        read = {"files_hashed": len(files), "blocks": 0, "bytes": sum(f["size"] for f in files.values())}
        if manifest is not None:
            if full:
                problems = _files.verify_checksums(self.path, files)
            else:
                problems, read = _files.verify_sampled(self.path, files, int(sample_mb * (1 << 20)))
            if problems:
                raise StoreCorrupted(
                    f"store {self.path} failed its integrity check ({'; '.join(problems[:3])}); {_restore_hint(self.path)}"
                )
        elif self.get_meta(INDEX_GENERATION) is not None:
            raise StoreCorrupted(f"store {self.path} lost its {_files.MANIFEST}; {_restore_hint(self.path)}")
        # content digests (core.store.digest): counts, the manifest's copy, and the rows re-hashed (sampled if large)
        damaged = digest.check_open(self._snap or self._db, (manifest or {}).get("digests"))
        if damaged:
            raise StoreCorrupted(
                f"store {self.path} failed its content check ({'; '.join(map(str, damaged[:3]))}"
                f"{f'; {len(damaged) - 3} more' if len(damaged) > 3 else ''}); `hoplens verify --store {self.path}` "
                f"lists every damaged row; {_restore_hint(self.path)}"
            )
        self._pinned_manifest = manifest
        self.open_check = {"mode": "full" if full else "sampled", "bytes": size,
                           "index_files_hashed": read["files_hashed"], "index_blocks": read["blocks"],
                           "index_bytes_read": read["bytes"], "seconds": round(time.perf_counter() - t0, 3)}

    def _sampled_sqlite_check(self) -> tuple[list[str], list[tuple]]:
        """The SQLite half of a sampled open: structural facts, then ``quick_check`` of each table except the
        content-digest tables larger than ``digest.OPEN_QUICK_CHECK_ROWS`` rows (their rows are sampled and
        re-hashed by ``digest.check_open``; a full-scale store's chunks, documents, embeddings, edges, links and
        row hashes) and ``row_hashes``. Returns (structural problems, quick_check rows)."""
        with self._reader() as conn:
            problems = _sqlite.check_structure(self._db, conn)
            if problems:
                return problems, [("ok",)]
            tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            counts = {t: n for t, n in conn.execute("SELECT tbl, n FROM digests")} if "digests" in tables else {}
            for name in tables:
                if name == "row_hashes" or counts.get(name, 0) > digest.OPEN_QUICK_CHECK_ROWS:
                    continue
                rows = conn.execute("SELECT * FROM pragma_quick_check(?)", (name,)).fetchall()
                if [r[0] for r in rows] != ["ok"]:
                    return [], rows
        return [], [("ok",)]

    def _read_manifest(self) -> dict[str, Any] | None:
        try:
            return _files.read_manifest(self.path)
        except ValueError as exc:
            raise StoreCorrupted(f"store {self.path} is corrupted: {exc}; {_restore_hint(self.path)}") from exc

    def _manifest_generation(self) -> int | None:
        manifest = self._read_manifest()
        return None if manifest is None else int(manifest["generation"])

    def _check_state(self) -> None:
        """A read-only store must be complete: its last build finished and its indexes match the records."""
        if self._wconn is not None:
            self._index_dirty = self._indexes_stale()
            return
        if self.get_meta(BUILD_STATE) == "in_progress":
            raise StoreError(
                f"the last build of {self.path} did not finish; run `hoplens build --store {self.path}` again "
                "to resume it (committed work is kept)"
            )
        if self._indexes_stale():
            raise StoreError(
                f"the search indexes of {self.path} are older than its records (an interrupted write); run "
                f"`hoplens build --store {self.path}` to bring them up to date"
            )

    def _indexes_stale(self) -> bool:
        if self.get_meta(INDEX_STALE) == "1":
            return True
        gen = self.get_meta(INDEX_GENERATION)
        if gen is None:  # never indexed: stale only if there is something to index
            return bool(self._rows("SELECT 1 FROM chunks LIMIT 1"))
        return self._manifest_generation() != int(gen)

    # ------------------------------------------------------------------------------------------------ meta
    def get_meta(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, str(value)),
            )

    def ledger(self, namespace: str, schema: str) -> Ledger:
        """A writer's bookkeeping tables inside store.sqlite (core/store/ledger.py): its ``transaction()`` is this
        store's, so graph writes and ledger writes in one ``with store.transaction():`` commit together."""
        key = (namespace, schema)
        with self._lock:
            if key not in self._ledgers:
                self._ledgers[key] = _EmbeddedLedger(self, namespace, schema)
            return self._ledgers[key]

    _ontology_cache: tuple[str, Ontology] | None = None  # (recorded JSON, its Ontology): one object per state

    def ontology(self) -> Ontology:
        """The ontology recorded with ``set_ontology`` (meta rows ``ontology`` + its sha256, written in the same
        transaction as the import), or ``CRM`` for a store that records none (every store built from the CRM
        generator). A recorded ontology that fails its checksum is StoreCorrupted."""
        onto, self._ontology_cache = cached_ontology(self.get_meta(ONTOLOGY), self.get_meta(ONTOLOGY_SHA256),
                                                     f"store {self.path}", self._ontology_cache)
        return onto

    def set_ontology(self, onto: Ontology) -> None:
        text, sha = ontology_json(onto)
        with self.transaction():
            self.set_meta(ONTOLOGY, text)
            self.set_meta(ONTOLOGY_SHA256, sha)

    def check_embedder(self, embedder: Any) -> None:
        """Refuse a query embedder that differs from the one that built the vectors (EmbedderMismatch)."""
        check_embedder_matches(
            self.get_meta(EMBEDDER_NAME), self.get_meta(EMBEDDER_DIM), embedder, f"store {self.path}",
            "HOPLENS_EMBEDDER, HOPLENS_OFFLINE_EMBEDDER_MODEL) or build a new store with this one "
            "(hoplens build --store NEW_DIR",
        )

    def bind_embedder(self, embedder: Any) -> None:
        """Record the embedder of a new store, or check it against the recorded one."""
        self.check_embedder(embedder)
        with self.transaction():
            if not self.get_meta(EMBEDDER_NAME):
                self.set_meta(EMBEDDER_NAME, embedder.name)
            if not self.get_meta(EMBEDDER_DIM):
                self.set_meta(EMBEDDER_DIM, str(int(embedder.dim)))

    # ------------------------------------------------------------------------------------------------ writes
    def upsert_entities(self, entities: Sequence[Entity]) -> None:
        rows, names = [], []
        for e in entities:
            if not isinstance(e.id, str) or not e.id.strip() or not e.type or not isinstance(e.name, str):
                raise ValueError(f"entity needs a non-empty id, type and name: {e!r}")
            rows.append((e.id, e.type, e.name, _sqlite.dumps(list(e.aliases)), _sqlite.dumps(dict(e.attrs))))
            keys = {_sqlite.norm_key(k) for k in (e.id, e.name, *e.aliases) if isinstance(k, str)}
            names.extend((k, e.id) for k in keys if k)
        if not rows:
            return
        with self.transaction() as conn:
            conn.executemany(
                "INSERT INTO entities(id, type, name, aliases, attrs) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
                "SET type = excluded.type, name = excluded.name, aliases = excluded.aliases, attrs = excluded.attrs",
                rows,
            )
            conn.executemany("DELETE FROM names WHERE entity_id = ?", [(r[0],) for r in rows])
            conn.executemany("INSERT OR IGNORE INTO names(key, entity_id) VALUES (?, ?)", names)
        self._graph = None

    def delete_entities(self, entity_ids: Sequence[str]) -> None:
        """Remove entities and every edge touching them (documents keep their text)."""
        ids = [(i,) for i in dict.fromkeys(entity_ids)]
        with self.transaction() as conn:
            conn.executemany("DELETE FROM entities WHERE id = ?", ids)
            conn.executemany("DELETE FROM names WHERE entity_id = ?", ids)
            conn.executemany("DELETE FROM edges WHERE src = ?", ids)
            conn.executemany("DELETE FROM edges WHERE dst = ?", ids)
        self._graph = None

    def upsert_edges(self, edges: Sequence[Edge]) -> None:
        rows = []
        for e in edges:
            if not all(isinstance(x, str) and x for x in (e.src, e.type, e.dst)):
                raise ValueError(f"edge needs non-empty src, type and dst: {e!r}")
            rows.append((e.src, e.type, e.dst, _sqlite.dumps(dict(e.attrs))))
        if not rows:
            return
        with self.transaction() as conn:
            conn.executemany(
                "INSERT INTO edges(src, type, dst, attrs) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(src, type, dst) DO UPDATE SET attrs = excluded.attrs",
                rows,
            )
        self._graph = None

    def delete_edges(self, edges: Sequence[tuple[str, str, str]]) -> None:
        with self.transaction() as conn:
            conn.executemany("DELETE FROM edges WHERE src = ? AND type = ? AND dst = ?", [tuple(e) for e in edges])
        self._graph = None

    def upsert_documents(self, documents: Sequence[Document], hashes: Sequence[str] | None = None) -> None:
        """Insert/replace documents and their MENTIONS edges. ``hashes`` (default: content hash) is what
        ``document_hashes`` returns, so a builder can record its own processing fingerprint."""
        if hashes is not None and len(hashes) != len(documents):
            raise ValueError("hashes must match documents one to one")
        rows = []
        for i, d in enumerate(documents):
            if not isinstance(d.id, str) or not d.id.strip() or not isinstance(d.text, str):
                raise ValueError(f"document needs a non-empty id and a text: {d.id!r}")
            h = hashes[i] if hashes is not None else _sqlite.document_hash(d)
            rows.append((d.id, d.kind or "", d.title or "", d.text, _sqlite.dumps(list(d.entity_ids)), h))
        if not rows:
            return
        with self.transaction() as conn:
            conn.executemany(
                "INSERT INTO documents(id, kind, title, text, entity_ids, content_hash) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, title = excluded.title, text = excluded.text, "
                "entity_ids = excluded.entity_ids, content_hash = excluded.content_hash",
                rows,
            )
            conn.executemany("DELETE FROM edges WHERE src = ? AND type = 'MENTIONS'", [(d.id,) for d in documents])
            mentions = {(d.id, e) for d in documents for e in d.entity_ids if isinstance(e, str) and e}
            # a document also mentions what its (already stored) chunks mention
            for batch in _sqlite.batched([d.id for d in documents]):
                mentions.update(
                    conn.execute(
                        "SELECT DISTINCT c.doc_id, ce.entity_id FROM chunks c JOIN chunk_entities ce ON ce.chunk_id = c.id "
                        f"WHERE c.doc_id IN ({_sqlite.placeholders(len(batch))})",
                        list(batch),
                    ).fetchall()
                )
            conn.executemany(
                "INSERT OR IGNORE INTO edges(src, type, dst, attrs) VALUES (?, 'MENTIONS', ?, '{}')", sorted(mentions)
            )

    def document_hashes(self) -> dict[str, str]:
        return dict(self._rows("SELECT id, content_hash FROM documents"))

    def delete_chunks(self, doc_ids: Sequence[str]) -> int:
        """Remove the chunks of ``doc_ids`` (their vectors stay cached by text hash). Returns how many."""
        n = 0
        with self.transaction() as conn:
            for batch in _sqlite.batched(list(dict.fromkeys(doc_ids))):
                ph = _sqlite.placeholders(len(batch))
                conn.execute(
                    f"DELETE FROM chunk_entities WHERE chunk_id IN (SELECT id FROM chunks WHERE doc_id IN ({ph}))", batch
                )
                n += conn.execute(f"DELETE FROM chunks WHERE doc_id IN ({ph})", batch).rowcount
            if n:
                self._mark_index_stale(conn)
        return n

    def delete_documents(self, doc_ids: Sequence[str]) -> None:
        ids = list(dict.fromkeys(doc_ids))
        with self.transaction() as conn:
            self.delete_chunks(ids)
            conn.executemany("DELETE FROM edges WHERE src = ? AND type = 'MENTIONS'", [(i,) for i in ids])
            conn.executemany("DELETE FROM documents WHERE id = ?", [(i,) for i in ids])

    def cached_vectors(self, text_hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Vectors already computed for these chunk-text hashes (the embedding cache)."""
        out: dict[str, np.ndarray] = {}
        for batch in _sqlite.batched(list(dict.fromkeys(text_hashes))):
            for h, blob in self._rows(
                f"SELECT text_hash, vec FROM embeddings WHERE text_hash IN ({_sqlite.placeholders(len(batch))})", batch
            ):
                out[h] = np.frombuffer(blob, dtype=np.float32)
        return out

    def upsert_chunks(
        self, chunks: Sequence[Chunk], vectors: np.ndarray | None, vector_keys: Sequence[str] | None = None
    ) -> None:
        """Insert/replace chunks with their vectors (rows aligned with ``chunks``; None: all must be cached).
        ``vector_keys`` are the embedding-cache keys (default: sha1 of each chunk's text; a builder that embeds a
        different view of the text passes the hash of that view)."""
        if not chunks:
            return
        if vector_keys is not None and len(vector_keys) != len(chunks):
            raise ValueError("vector_keys must match chunks one to one")
        hashes = list(vector_keys) if vector_keys is not None else [_sqlite.text_hash(c.text) for c in chunks]
        if vectors is None:
            cached = self.cached_vectors(hashes)
            missing = [c.id for c, h in zip(chunks, hashes, strict=True) if h not in cached]
            if missing:
                raise ValueError(f"no vectors given and none cached for chunks {missing[:3]}...")
            vectors = np.stack([cached[h] for h in hashes])
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(chunks):
            raise ValueError(f"vectors must have shape ({len(chunks)}, dim), got {vectors.shape}")
        dim = self.get_meta(EMBEDDER_DIM)
        if dim and int(dim) != vectors.shape[1]:
            raise EmbedderMismatch(
                f"store {self.path} holds {dim}-dimensional vectors; these are {vectors.shape[1]}-dimensional. "
                "Use the embedder that built the store, or build a new store"
            )
        for c in chunks:
            if not isinstance(c.id, str) or not c.id or not isinstance(c.doc_id, str) or not c.doc_id:
                raise ValueError(f"chunk needs a non-empty id and doc_id: {c.id!r}")
        with self.transaction() as conn:
            if not dim:
                self.set_meta(EMBEDDER_DIM, str(vectors.shape[1]))
            conn.executemany(
                "INSERT OR IGNORE INTO embeddings(text_hash, vec) VALUES (?, ?)",
                [(h, np.ascontiguousarray(v).tobytes()) for h, v in zip(hashes, vectors, strict=True)],
            )
            ids = [(c.id,) for c in chunks]
            conn.executemany("DELETE FROM chunk_entities WHERE chunk_id = ?", ids)
            conn.executemany("DELETE FROM chunks WHERE id = ?", ids)  # a new vid: the old vector goes stale
            conn.executemany(
                "INSERT INTO chunks(id, doc_id, ord, text, tokens, entity_ids, text_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (c.id, c.doc_id, int(c.ord), c.text, int(c.tokens), _sqlite.dumps(list(c.entity_ids)), h)
                    for c, h in zip(chunks, hashes, strict=True)
                ],
            )
            links = {(e, c.id) for c in chunks for e in c.entity_ids}
            conn.executemany("INSERT OR IGNORE INTO chunk_entities(entity_id, chunk_id) VALUES (?, ?)", sorted(links))
            mentions = {(c.doc_id, e) for c in chunks for e in c.entity_ids}
            conn.executemany(
                "INSERT OR IGNORE INTO edges(src, type, dst, attrs) VALUES (?, 'MENTIONS', ?, '{}')", sorted(mentions)
            )
            self._mark_index_stale(conn)

    def _mark_index_stale(self, conn: sqlite3.Connection) -> None:
        if not self._index_dirty:
            conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, '1') ON CONFLICT(key) DO UPDATE SET value = '1'", (INDEX_STALE,)
            )
        self._index_dirty = True

    def boilerplate(self) -> np.ndarray | None:
        """The frozen boilerplate sentence keys, or None before the first build froze them."""
        if self.get_meta("boilerplate_min_docs") is None:
            return None
        return np.array([r[0] for r in self._rows("SELECT key FROM boilerplate ORDER BY key")], dtype=np.int64)

    def set_boilerplate(self, keys: np.ndarray, min_docs: int) -> None:
        with self.transaction() as conn:
            conn.execute("DELETE FROM boilerplate")
            conn.executemany("INSERT INTO boilerplate(key) VALUES (?)", [(int(k),) for k in keys])
            self.set_meta("boilerplate_min_docs", str(int(min_docs)))

    def prune_embeddings(self) -> int:
        """Drop cached vectors no chunk uses any more; returns how many."""
        with self.transaction() as conn:
            return conn.execute(
                "DELETE FROM embeddings WHERE text_hash NOT IN (SELECT text_hash FROM chunks)"
            ).rowcount

    # ------------------------------------------------------------------------------------------------ indexes
    def _index_dir(self) -> Path | None:
        # a read-only store keeps to the index it verified on open, even if a build switches the manifest later
        manifest = self._pinned_manifest if self._wconn is None else _files.read_manifest(self.path)
        return None if manifest is None else self.path / manifest["index_dir"]

    def refresh_indexes(self, progress: bool = False) -> dict[str, Any]:
        """Bring the HNSW and BM25 indexes in line with the chunks, write them to a new index folder and switch
        the manifest to it atomically. Returns what changed and how long it took."""
        from core.store._bm25 import LexicalIndex
        from core.store._vectors import VectorIndex

        if self._wconn is None:
            raise StoreError(f"store {self.path} is open read-only; indexes are refreshed by `hoplens build`")
        t0 = time.perf_counter()
        with self._lock:
            live = np.array([r[0] for r in self._rows("SELECT vid FROM chunks ORDER BY vid")], dtype=np.int64)
            dim = int(self.get_meta(EMBEDDER_DIM) or 0)
            old_dir = self._index_dir()
            vectors = self._load_vectors() if old_dir is not None else None
            if vectors is None or (dim and vectors.dim != dim):
                vectors = VectorIndex(dim or 384)
            action = vectors.sync(live, self._fetch_vectors, progress=progress)
            t_vec = time.perf_counter()
            lexical = self._load_lexical() if old_dir is not None else None
            if lexical is None or not np.array_equal(np.sort(lexical.ids), live):
                texts = [r[0] for r in self._rows("SELECT text FROM chunks ORDER BY vid")]
                lexical = LexicalIndex.build(texts, live)
                del texts
            t_lex = time.perf_counter()
            gen = int(self.get_meta(INDEX_GENERATION) or 0) + 1
            name = f"index-{gen:06d}"
            tmp = self.path / f".{name}.tmp-{os.getpid()}"
            _files.remove_tree(tmp)
            tmp.mkdir()
            vectors.save(tmp)
            lexical.save(tmp)
            _files.fsync_tree(tmp)
            final = self.path / name
            _files.remove_tree(final)
            os.replace(tmp, final)
            _files.fsync_dir(self.path)
            manifest = {
                "format": _files.FORMAT,
                "generation": gen,
                "index_dir": name,
                "files": _files.checksums(final, self.path, blocks=True),  # + block hashes: the sampled open
                "chunks": len(live),
                "vectors": vectors.live,
                "embedder": self.get_meta(EMBEDDER_NAME),
                "written_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "digests": digest.manifest_digests(self._wconn),  # the records' table digests at this index
            }
            _files.atomic_write_json(self.path / _files.MANIFEST, manifest)
            with self.transaction() as conn:
                for k, v in ((INDEX_GENERATION, str(gen)), (INDEX_STALE, "0")):
                    conn.execute(
                        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                        (k, v),
                    )
            for old in self.path.glob("index-*"):
                if old.name != name:
                    _files.remove_tree(old)
            self._vectors, self._lexical, self._index_dirty = vectors, lexical, False
        return {
            "vectors": action,
            "chunks": len(live),
            "vector_s": round(t_vec - t0, 3),
            "bm25_s": round(t_lex - t_vec, 3),
            "write_s": round(time.perf_counter() - t_lex, 3),
            "generation": gen,
        }

    @property
    def indexes_stale(self) -> bool:
        """True when chunks changed since the indexes were last written (or were never written)."""
        return self._index_dirty or self.get_meta(INDEX_GENERATION) is None

    def _fetch_vectors(self, vids: np.ndarray) -> np.ndarray:
        out = {}
        for batch in _sqlite.batched(vids.tolist()):
            for vid, blob in self._rows(
                "SELECT c.vid, e.vec FROM chunks c JOIN embeddings e ON e.text_hash = c.text_hash "
                f"WHERE c.vid IN ({_sqlite.placeholders(len(batch))})",
                batch,
            ):
                out[vid] = blob
        missing = [v for v in vids.tolist() if v not in out]
        if missing:
            raise StoreCorrupted(f"store {self.path} lacks vectors for {len(missing)} chunks; {_restore_hint(self.path)}")
        return np.frombuffer(b"".join(out[v] for v in vids.tolist()), dtype=np.float32).reshape(len(vids), -1)

    def _check_present(self, path: Path) -> None:
        if not path.exists():
            if self._wconn is None:
                raise StoreError(
                    f"the indexes of {self.path} were replaced by a build since this store was opened; reopen it "
                    "(restart the app) to see the new version"
                )
            raise StoreCorrupted(f"{path} is missing; {_restore_hint(self.path)}")

    def _load_vectors(self) -> VectorIndex | None:
        from core.store._vectors import INDEX_FILE, VectorIndex

        folder = self._index_dir()
        if folder is None:
            return None
        self._check_present(folder / INDEX_FILE)
        try:
            return VectorIndex.load(folder)
        except (RuntimeError, ValueError, OSError) as exc:
            raise StoreCorrupted(f"vector index of {self.path} is unreadable ({exc}); {_restore_hint(self.path)}") from exc

    def _load_lexical(self) -> LexicalIndex | None:
        from core.store._bm25 import IDS_FILE, LexicalIndex

        folder = self._index_dir()
        if folder is None:
            return None
        self._check_present(folder / IDS_FILE)
        try:
            return LexicalIndex.load(folder)
        except (ValueError, OSError, KeyError) as exc:
            raise StoreCorrupted(f"BM25 index of {self.path} is unreadable ({exc}); {_restore_hint(self.path)}") from exc

    def _ensure_vectors(self) -> VectorIndex | None:
        with self._lock:
            if self._wconn is not None and self._index_dirty:
                self.refresh_indexes()
            if self._vectors is None:
                self._vectors = self._load_vectors()
            return self._vectors

    def _ensure_lexical(self) -> LexicalIndex | None:
        with self._lock:
            if self._wconn is not None and self._index_dirty:
                self.refresh_indexes()
            if self._lexical is None:
                self._lexical = self._load_lexical()
            return self._lexical

    # ------------------------------------------------------------------------------------------------ lookups
    def entity_ids(self) -> list[str]:
        return [r[0] for r in self._rows("SELECT id FROM entities ORDER BY id")]

    def edge_keys(self) -> list[tuple[str, str, str]]:
        return [tuple(r) for r in self._rows("SELECT src, type, dst FROM edges ORDER BY src, type, dst")]

    def get_entity(self, entity_id: str) -> Entity | None:
        rows = self._rows(f"SELECT {_sqlite.ENTITY_COLS} FROM entities WHERE id = ?", (entity_id,))
        return _sqlite.entity_from_row(rows[0]) if rows else None

    def get_entities(self, entity_ids: Sequence[str]) -> list[Entity]:
        """Entities in the order asked, duplicates and unknown ids dropped."""
        ids = list(dict.fromkeys(i for i in entity_ids if isinstance(i, str)))
        found: dict[str, Entity] = {}
        for batch in _sqlite.batched(ids):
            for row in self._rows(
                f"SELECT {_sqlite.ENTITY_COLS} FROM entities WHERE id IN ({_sqlite.placeholders(len(batch))})", batch
            ):
                found[row[0]] = _sqlite.entity_from_row(row)
        return [found[i] for i in ids if i in found]

    def find_entities(self, text: str, limit: int = 10) -> list[Entity]:
        key = _sqlite.norm_key(text or "")
        if not key or limit <= 0:
            return []
        exact = [r[0] for r in self._rows("SELECT entity_id FROM names WHERE key = ? ORDER BY entity_id", (key,))]
        prefix = [
            r[0]
            for r in self._rows(
                "SELECT entity_id FROM names WHERE key > ? AND key < ? ORDER BY length(key), key, entity_id LIMIT ?",
                (key, key + "\U0010ffff", limit * 4),
            )
        ]
        return self.get_entities(list(dict.fromkeys(exact + prefix))[:limit])

    def list_entities(self, type_name: str | None = None, limit: int = 100, offset: int = 0) -> list[Entity]:
        if type_name is None:
            sql, params = f"SELECT {_sqlite.ENTITY_COLS} FROM entities ORDER BY id LIMIT ? OFFSET ?", (limit, offset)
        else:
            sql = f"SELECT {_sqlite.ENTITY_COLS} FROM entities WHERE type = ? ORDER BY id LIMIT ? OFFSET ?"
            params = (type_name, limit, offset)
        return [_sqlite.entity_from_row(r) for r in self._rows(sql, params)]

    def alias_table(self) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {}
        for key, eid in self._rows("SELECT key, entity_id FROM names ORDER BY key, entity_id"):
            table.setdefault(key, []).append(eid)
        return table

    def get_document(self, doc_id: str) -> Document | None:
        rows = self._rows(f"SELECT {_sqlite.DOCUMENT_COLS} FROM documents WHERE id = ?", (doc_id,))
        return _sqlite.document_from_row(rows[0]) if rows else None

    def get_chunks(self, chunk_ids: Sequence[str]) -> list[Chunk]:
        ids = list(dict.fromkeys(chunk_ids))
        found: dict[str, Chunk] = {}
        for batch in _sqlite.batched(ids):
            for row in self._rows(
                f"SELECT {_sqlite.CHUNK_COLS} FROM chunks WHERE id IN ({_sqlite.placeholders(len(batch))})", batch
            ):
                found[row[0]] = _sqlite.chunk_from_row(row)
        return [found[i] for i in ids if i in found]

    def chunks_of_document(self, doc_id: str) -> list[Chunk]:
        rows = self._rows(f"SELECT {_sqlite.CHUNK_COLS} FROM chunks WHERE doc_id = ? ORDER BY ord", (doc_id,))
        return [_sqlite.chunk_from_row(r) for r in rows]

    def chunks_for_entities(self, entity_ids: Sequence[str], limit_per_entity: int = 3) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for eid in dict.fromkeys(entity_ids):
            out[eid] = [
                r[0]
                for r in self._rows(
                    "SELECT c.id FROM chunk_entities ce JOIN chunks c ON c.id = ce.chunk_id WHERE ce.entity_id = ? "
                    "ORDER BY c.doc_id, c.ord LIMIT ?",
                    (eid, limit_per_entity),
                )
            ]
        return out

    def documents_for_entity(self, entity_id: str, limit: int = 50) -> list[Document]:
        rows = self._rows(
            f"SELECT {', '.join('d.' + c.strip() for c in _sqlite.DOCUMENT_COLS.split(','))} FROM edges e "
            "JOIN documents d ON d.id = e.src WHERE e.dst = ? AND e.type = 'MENTIONS' ORDER BY d.id LIMIT ?",
            (entity_id, limit),
        )
        return [_sqlite.document_from_row(r) for r in rows]

    # ------------------------------------------------------------------------------------------------ search
    def vector_search(self, vector: np.ndarray, k: int, embedder: Any = None) -> list[Hit]:
        if embedder is not None:
            self.check_embedder(embedder)
        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        dim = self.get_meta(EMBEDDER_DIM)
        if dim and int(dim) != q.shape[0]:
            raise EmbedderMismatch(
                f"query vector has {q.shape[0]} dimensions but store {self.path} holds {dim}-dimensional vectors "
                f"({self.get_meta(EMBEDDER_NAME) or 'unknown embedder'}); use the embedder that built the store"
            )
        vectors = self._ensure_vectors()
        if vectors is None or k <= 0:
            return []
        vids, sims = vectors.search(q, k)
        return self._hits(vids, sims, "vector")

    def lexical_search(self, text: str, k: int) -> list[Hit]:
        lexical = self._ensure_lexical()
        if lexical is None or k <= 0:
            return []
        vids, scores = lexical.search(text, k)
        # equal scores in chunk-id order (the protocol's tie rule, so both backends rank alike)
        return sorted(self._hits(vids, scores, "bm25"), key=lambda h: (-h.score, h.chunk_id))

    def _hits(self, vids: np.ndarray, scores: np.ndarray, source: str) -> list[Hit]:
        if not len(vids):
            return []
        vid_list = [int(v) for v in vids]
        rows = {
            r[0]: (r[1], r[2])
            for r in self._rows(
                f"SELECT vid, id, doc_id FROM chunks WHERE vid IN ({_sqlite.placeholders(len(vid_list))})", vid_list
            )
        }
        return [
            Hit(chunk_id=rows[v][0], doc_id=rows[v][1], score=float(s), source=source)
            for v, s in zip(vid_list, scores.tolist(), strict=True)
            if v in rows  # a chunk deleted after the index was written is simply skipped
        ]

    # ------------------------------------------------------------------------------------------------ graph
    def graph(self) -> Graph:
        """The CSR adjacency, built from SQLite on first use (and again after entity/edge writes)."""
        g = self._graph
        if g is not None:
            return g
        with self._lock:
            if self._graph is None:
                ph = _sqlite.placeholders(len(STRUCTURAL))
                ents = self._rows("SELECT id, type, name FROM entities")
                edges = self._rows(f"SELECT src, type, dst, attrs FROM edges WHERE type NOT IN ({ph})", STRUCTURAL)
                self._graph = Graph.build(ents, edges)
            return self._graph

    def neighbors(self, entity_id: str, edge_type: str | None = None, direction: str = "both") -> list[tuple[Edge, Entity]]:
        if direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
        ph = _sqlite.placeholders(len(STRUCTURAL))
        found: list[tuple[str, str, int, Edge]] = []  # (type, other id, 0 out / 1 in, edge)
        for col, other, flag in (("src", "dst", 0), ("dst", "src", 1)):
            if direction == ("in" if flag == 0 else "out"):
                continue
            sql = f"SELECT {_sqlite.EDGE_COLS} FROM edges WHERE {col} = ? AND type NOT IN ({ph})"
            params: list[Any] = [entity_id, *STRUCTURAL]
            if edge_type is not None:
                sql += " AND type = ?"
                params.append(edge_type)
            for row in self._rows(sql, params):
                e = _sqlite.edge_from_row(row)
                found.append((e.type, getattr(e, other), flag, e))
        found.sort(key=lambda x: x[:3])
        ents = {e.id: e for e in self.get_entities([f[1] for f in found])}
        return [(f[3], ents.get(f[1]) or Entity(f[1], type_of_id(f[1]) or "Unknown", f[1])) for f in found]

    def expand(
        self,
        seeds: Sequence[str],
        hops: int = 2,
        fanout: int = 50,
        edge_types: Iterable[str] | None = None,
        max_nodes: int = 400,
        direction: str = "both",
    ) -> Subgraph:
        return self.graph().expand(seeds, hops, fanout, edge_types, max_nodes, direction)

    def path_query(self, query: PathQuery) -> list[str]:
        if query.combine not in ("intersect", "union"):
            raise ValueError(f"combine must be 'intersect' or 'union', got {query.combine!r}")
        for f in query.filters:
            check_filter(f)
        g = self.graph()
        anchors = np.array(sorted({g.index[a] for a in query.anchors if a in g.index}), dtype=np.int64)
        result: set[int] | None = None
        for path in query.paths:
            frontier = anchors
            for st in path:
                if st.direction not in ("out", "in"):
                    raise ValueError(f"path step direction must be 'out' or 'in', got {st.direction!r}")
                for f in st.edge_filters:
                    check_filter(f)
                frontier = g.step(frontier, st.edge, st.direction, st.target, st.edge_attrs, st.edge_filters)
            reached = set(frontier.tolist())
            if result is None:
                result = reached
            else:
                result = result & reached if query.combine == "intersect" else result | reached
        ids = sorted(g.ids[v] for v in (result or set()) if query.target_type in (None, "", "*") or g.type_of(v) == query.target_type)
        if query.filters:
            ids = [e.id for e in self.get_entities(ids) if _passes(e, query.filters)]
        return sorted(ids)

    # ------------------------------------------------------------------------------------------------ metadata
    def stats(self) -> dict[str, Any]:
        entities = dict(self._rows("SELECT type, count(*) FROM entities GROUP BY type ORDER BY type"))
        edges = dict(self._rows("SELECT type, count(*) FROM edges GROUP BY type ORDER BY type"))
        n_chunks, tokens = self._rows("SELECT count(*), coalesce(sum(tokens), 0) FROM chunks")[0]
        if n_chunks:
            edges["PART_OF"] = n_chunks
        manifest = self._pinned_manifest if self._wconn is None else _files.read_manifest(self.path)
        size = _folder_bytes(self.path)  # (files come and go under it while a build writes: counted as found)
        return {
            "backend": self.backend,
            "path": str(self.path),
            "entities": entities,
            "edges": edges,
            "documents": self._rows("SELECT count(*) FROM documents")[0][0],
            "chunks": n_chunks,
            "tokens": tokens,
            "vectors": manifest["vectors"] if manifest else 0,
            "embedder": self.get_meta(EMBEDDER_NAME),
            "dim": int(self.get_meta(EMBEDDER_DIM) or 0) or None,
            "build_state": self.get_meta(BUILD_STATE),
            "index_generation": int(self.get_meta(INDEX_GENERATION) or 0),
            "size_bytes": size,
        }

    def close(self, refresh: bool = True) -> None:
        """Close connections; a writable store first brings stale indexes up to date (``refresh=False`` skips)."""
        if self._closed:
            return
        try:
            if refresh and self._wconn is not None and self._index_dirty and self._tx_depth == 0:
                self.refresh_indexes()
        finally:
            self._closed = True
            if self._bg is not None:
                self._bg.stop()
            with self._lock:
                for conn in self._conns:
                    with suppress(sqlite3.Error):
                        conn.close()
                self._conns.clear()

    def __enter__(self) -> EmbeddedStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(refresh=exc[0] is None)

    @property
    def location(self) -> str:
        return str(self.path)

    def __repr__(self) -> str:
        return f"EmbeddedStore({str(self.path)!r}, read_only={self.read_only})"


class _BackgroundCheck:
    """The part of the full open-time check a sampled open leaves out (SQLite ``quick_check`` of the whole database,
    the sha256 of every index file), run after open in a daemon thread at the lowest CPU priority, on its own
    read-only connection. Damage found makes every later read of the handle raise StoreCorrupted (and is in
    ``store.open_check["background"]``); a store that a build or restore replaced meanwhile is not judged."""

    def __init__(self, store: EmbeddedStore):
        self._store = store
        self._stop = threading.Event()
        self._conn: sqlite3.Connection | None = None
        self.done = threading.Event()
        store.open_check["background"] = "running"
        self._thread = threading.Thread(target=self._run, name=f"hoplens-check-{store.path.name}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        conn = self._conn
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.interrupt()
        self._thread.join(timeout=5.0)

    def _run(self) -> None:
        store, t0 = self._store, time.perf_counter()
        with suppress(OSError, AttributeError):  # Linux: a thread's own nice value; queries keep their priority
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        result, problems = "ok", []
        try:
            problems = self._sqlite() + self._files()
        except _Stopped:
            result = "stopped"
        except Exception as exc:  # noqa: BLE001 - reported on the handle, never lost in a thread
            problems = [f"the check failed: {exc}"]
        if result != "stopped" and problems:
            if self._stop.is_set() or store.outdated():  # closed, or a build/restore replaced what we read
                result = "stopped"
            else:
                result = "failed"
                store._damage = (
                    f"store {store.path} failed its full integrity check after opening "
                    f"({'; '.join(problems[:3])}); {_restore_hint(store.path)}"
                )
        store.open_check["background"] = result
        store.open_check["background_s"] = round(time.perf_counter() - t0, 3)
        self.done.set()

    def _sqlite(self) -> list[str]:
        self._conn = conn = _sqlite.connect(self._store._db, read_only=True)
        try:
            if self._stop.is_set():
                raise _Stopped
            rows = conn.execute("PRAGMA quick_check").fetchall()
        except sqlite3.OperationalError as exc:
            if self._stop.is_set():
                raise _Stopped from exc
            return [f"SQLite says {exc}"]
        except sqlite3.DatabaseError as exc:
            return [f"SQLite says {exc}"]
        finally:
            self._conn = None
            conn.close()
        return [] if [r[0] for r in rows] == ["ok"] else [f"SQLite quick_check: {r[0]}" for r in rows[:3]]

    def _files(self) -> list[str]:
        manifest = self._store._pinned_manifest
        if manifest is None:
            return []
        problems = []
        for rel, info in sorted(manifest["files"].items()):
            if self._stop.is_set():
                raise _Stopped
            try:
                if _files.sha256_file(self._store.path / rel) != info["sha256"]:
                    problems.append(f"{rel}: checksum mismatch")
            except OSError as exc:
                problems.append(f"{rel}: {exc.strerror or exc}")
        return problems


class _Stopped(Exception):
    pass


class _EmbeddedLedger:
    """``Ledger`` on the embedded store: the store's writer connection and transactions (or, read-only, its pinned
    snapshot), every statement run under the namespace's authorizer. Its tables are created by its first write (in
    that write's transaction), so a reader never writes, not even DDL."""

    def __init__(self, store: EmbeddedStore, namespace: str, schema: str):
        self.namespace = namespace
        self._store = store
        self._stmts = ledger.statements(schema, namespace)
        self._tables = ledger.table_names(self._stmts)
        self._present: bool | None = None  # read-only: the pinned snapshot never changes, so asked once

    @property
    def writable(self) -> bool:
        return self._store._wconn is not None

    def _exists(self) -> bool:
        have = {r[0] for r in self._store._rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return all(t in have for t in self._tables)

    @property
    def present(self) -> bool:
        if self._present:
            return True
        if not self.writable:
            if self._present is None:
                self._present = self._exists()
            return self._present
        with self._store._lock:  # outside a transaction a yes is committed and stays; inside, a rollback may undo it
            found = self._exists()
            if found and self._store._tx_depth == 0:
                self._present = True
            return found

    def _create(self, conn: sqlite3.Connection) -> None:
        if not self.present:
            with ledger.authorized(conn, self.namespace):
                for stmt in self._stmts:
                    conn.execute(stmt)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        if not self.present:
            return []
        with self._store._reader() as conn:
            try:
                with ledger.authorized(conn, self.namespace):
                    return conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                raise ledger.refused(exc, self.namespace) from exc

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self._store.transaction() as conn:
            self._create(conn)
            try:
                with ledger.authorized(conn, self.namespace):
                    return int(conn.execute(sql, params).lastrowid or 0)
            except sqlite3.DatabaseError as exc:
                raise ledger.refused(exc, self.namespace) from exc

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._store.transaction() as conn:
            self._create(conn)
            try:
                with ledger.authorized(conn, self.namespace):
                    conn.executemany(sql, rows)
            except sqlite3.DatabaseError as exc:
                raise ledger.refused(exc, self.namespace) from exc

    def transaction(self) -> Any:
        return self._store.transaction()


def _state_version(conn: sqlite3.Connection) -> tuple:
    """What changes with every committed write: the meta rows and the digests' change counters."""
    meta = tuple(conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall())
    has = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'digests'").fetchall()
    changes = tuple(conn.execute("SELECT tbl, changes FROM digests ORDER BY tbl").fetchall()) if has else ()
    return meta, changes


def _folder_bytes(path: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):  # (os.walk skips a folder that vanished while it walked)
        for name in files:
            with suppress(OSError):  # a temporary file a concurrent build renamed or removed since the listing
                total += os.stat(os.path.join(root, name)).st_size
    return total


def reopen_if_outdated(store: EmbeddedStore) -> EmbeddedStore:
    """The newest complete state for a reader: a fresh read-only handle when ``store`` is outdated and the store on
    disk opens cleanly (its build finished, its indexes current), else ``store`` itself, so a write in progress
    (or a damaged new state) never turns into an error for the reader. The caller closes the old handle once no
    request uses it."""
    if not store.outdated():
        return store
    try:
        return EmbeddedStore(store.path, read_only=True, full_check=store._full_check,
                             full_check_mb=store._check_limits[0], sample_mb=store._check_limits[1],
                             background_check=store._background)
    except (StoreError, FileNotFoundError):  # mid-build, mid-ingest, mid-swap, or damaged: keep the old state
        return store


def _passes(entity: Entity, filters: Sequence[Filter]) -> bool:
    return all(matches(entity, f) for f in filters)


def _setting_default(name: str) -> float:
    from core.config import Settings

    return float(Settings.model_fields[name].default)


def open_store(settings: Settings | None, path: Path, **kwargs: Any) -> EmbeddedStore:
    """Registry factory (core.store.open_store). kwargs: ``create`` (make a new store if missing; implies
    read-write), ``read_only`` (default: read-only unless ``create``), ``verify`` (integrity check on open, default
    True), ``full_check`` (True: the full check whatever the size; default: full up to ``store_full_check_mb``),
    ``background_check`` (a sampled read-only open runs the rest of the full check in a thread; default on),
    ``embedder`` (refuse a different query embedder up front)."""
    if settings is not None:
        kwargs.setdefault("full_check_mb", settings.store_full_check_mb)
        kwargs.setdefault("sample_mb", settings.store_sample_mb)
        kwargs.setdefault("background_check", settings.store_background_check)
    return EmbeddedStore(Path(path), **kwargs)


__all__ = ["EmbeddedStore", "open_store", "reopen_if_outdated"]
