"""Snapshots of an embedded store, and restoring one.

A snapshot is a folder holding a consistent copy of the store (SQLite through its online backup API while writers
are held off, plus the current index folder and manifest) and ``snapshot.json`` with the sha256 of every file. It
is written under a temporary name and renamed into place, so a snapshot folder is either complete or absent.
Both carry the records' content digests (``core.store.digest``): taking a snapshot re-hashes every row of the copy
and refuses a store with damaged records. Restore verifies every checksum first, copies into a temporary folder
next to the store, verifies the copy (file checksums, every row's content hash, and the full open check: SQLite
quick_check whatever the store's size), and only then swaps it in; the replaced store is kept aside (or discarded on request). A failed check changes nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

from core.store import _files, _sqlite, digest
from core.store.base import StoreCorrupted

SNAPSHOT_FILE = "snapshot.json"


def snapshot_root(store_path: Path) -> Path:
    store_path = Path(store_path)
    return store_path.parent / f"{store_path.name}-snapshots"


def list_snapshots(store_path: Path) -> list[Path]:
    """Complete snapshots in the default folder, oldest first."""
    root = snapshot_root(store_path)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and (p / SNAPSHOT_FILE).is_file())


def _new_name(root: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    dest, n = root / stamp, 1
    while dest.exists():
        n += 1
        dest = root / f"{stamp}-{n}"
    return dest


def create_snapshot(store_path: Path, out: Path | None = None) -> dict[str, Any]:
    """Snapshot the store at ``store_path`` into ``out`` (default: <store>-snapshots/<UTC time>)."""
    from core.store.embedded import EmbeddedStore

    store_path = Path(store_path)
    # opening read-only runs the integrity check and refuses an unfinished build: never snapshot a bad store. The
    # full check whatever the store's size (quick_check, every index file's sha256), not the sampled one of a
    # large store's everyday open: a snapshot must not preserve damage the sample missed
    store = EmbeddedStore(store_path, read_only=True, full_check=True)
    stats = store.stats()
    store.close()
    dest = Path(out) if out is not None else _new_name(snapshot_root(store_path))
    if dest.exists():
        raise FileExistsError(f"{dest} already exists; choose another --out folder")
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.parent / f".{dest.name}.tmp-{os.getpid()}"
    _files.remove_tree(tmp)
    tmp.mkdir()
    db = store_path / _sqlite.DB_FILE
    guard = sqlite3.connect(db, timeout=60.0, isolation_level=None)
    try:
        # hold writers off so records and index files match; the copy reads through a second connection
        # (SQLite refuses to back up from a connection that holds a write transaction)
        guard.execute("BEGIN IMMEDIATE")
        try:
            src = sqlite3.connect(db, timeout=60.0)
            dst = sqlite3.connect(tmp / _sqlite.DB_FILE)
            try:
                src.backup(dst)
                # every row of the copy re-hashed against its recorded hash: a snapshot never preserves damage
                checked = digest.verify_records(dst)
                sealed = digest.manifest_digests(dst)
            finally:
                dst.close()
                src.close()
            if checked["problems"]:
                raise StoreCorrupted(
                    f"store {store_path} holds damaged records ({'; '.join(map(str, checked['problems'][:3]))}); "
                    f"no snapshot was taken. `hoplens verify --store {store_path}` lists them"
                )
            manifest = _files.read_manifest(store_path)
            if manifest is not None:
                shutil.copy2(store_path / _files.MANIFEST, tmp / _files.MANIFEST)
                shutil.copytree(store_path / manifest["index_dir"], tmp / manifest["index_dir"])
        finally:
            guard.execute("ROLLBACK")
    except BaseException:
        _files.remove_tree(tmp)
        raise
    finally:
        guard.close()
    info = {
        "format": 1,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "source": str(store_path.resolve()),
        "index_generation": stats["index_generation"],
        "documents": stats["documents"],
        "chunks": stats["chunks"],
        "embedder": stats["embedder"],
        "files": _files.checksums(tmp, tmp),
        "digests": sealed,  # the records' table digests (core.store.digest); restore re-hashes every row
    }
    (tmp / SNAPSHOT_FILE).write_text(json.dumps(info, indent=1, sort_keys=True), encoding="utf-8")
    _files.fsync_tree(tmp)
    os.replace(tmp, dest)
    _files.fsync_dir(dest.parent)
    return {"snapshot": str(dest), "files": len(info["files"]), "bytes": sum(f["size"] for f in info["files"].values())}


def verify_snapshot(snapshot: Path) -> list[str]:
    """Problems with a snapshot folder; empty when every file matches its recorded checksum."""
    snapshot = Path(snapshot)
    meta = snapshot / SNAPSHOT_FILE
    if not meta.is_file():
        return [f"{snapshot} is not a snapshot (no {SNAPSHOT_FILE})"]
    try:
        info = json.loads(meta.read_text(encoding="utf-8"))
        files = info["files"]
    except (ValueError, KeyError, TypeError) as exc:
        return [f"{meta} is unreadable ({exc})"]
    if _sqlite.DB_FILE not in files:
        return [f"{snapshot} holds no {_sqlite.DB_FILE}"]
    # the digests' own checksum (their rows were re-hashed when the snapshot was taken; the file sha256 covers
    # the database since); restore re-hashes every row of the copy again before swapping it in
    problems, _ = digest.check_sealed(info.get("digests"), SNAPSHOT_FILE)
    return [str(p) for p in problems] + _files.verify_checksums(snapshot, files)


def restore_snapshot(store_path: Path, snapshot: Path | None = None, keep_replaced: bool = True) -> dict[str, Any]:
    """Replace the store at ``store_path`` with ``snapshot`` (default: the newest one) after verifying it."""
    from core.store.embedded import EmbeddedStore

    store_path = Path(store_path)
    if snapshot is None:
        found = list_snapshots(store_path)
        if not found:
            raise FileNotFoundError(
                f"no snapshots of {store_path} in {snapshot_root(store_path)}; pass --snapshot DIR "
                "(take one with `hoplens snapshot` while the store is healthy)"
            )
        snapshot = found[-1]
    snapshot = Path(snapshot)
    if not snapshot.is_dir():
        raise FileNotFoundError(f"snapshot {snapshot} not found")
    problems = verify_snapshot(snapshot)
    if problems:
        raise StoreCorrupted(
            f"snapshot {snapshot} failed verification ({'; '.join(problems[:3])}); the store was not changed. "
            "Try an older snapshot (hoplens snapshot --list) or rebuild with `hoplens build`"
        )
    info = json.loads((snapshot / SNAPSHOT_FILE).read_text(encoding="utf-8"))
    files = info["files"]
    store_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = store_path.parent / f".{store_path.name}.restore-{os.getpid()}"
    _files.remove_tree(tmp)
    try:
        for rel in files:
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(snapshot / rel, tmp / rel)
        problems = _files.verify_checksums(tmp, files)
        if problems:
            raise StoreCorrupted(f"copying {snapshot} failed ({'; '.join(problems[:3])}); the store was not changed")
        checked = digest.verify_records(tmp / _sqlite.DB_FILE, {SNAPSHOT_FILE: info.get("digests")})
        if checked["problems"]:
            raise StoreCorrupted(
                f"snapshot {snapshot} holds damaged records ({'; '.join(map(str, checked['problems'][:3]))}); "
                "the store was not changed. Try an older snapshot (hoplens snapshot --list)"
            )
        _files.fsync_tree(tmp)
        EmbeddedStore(tmp, read_only=True, full_check=True).close()  # full open check before the swap
        # the check opened SQLite, which may leave -shm/-wal files: they belong with the copy
    except BaseException:
        _files.remove_tree(tmp)
        raise
    replaced = None
    if store_path.exists():
        replaced = store_path.parent / f"{store_path.name}.replaced-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
        os.replace(store_path, replaced)
    os.replace(tmp, store_path)
    _files.fsync_dir(store_path.parent)
    if replaced is not None and not keep_replaced:
        _files.remove_tree(replaced)
        replaced = None
    return {"store": str(store_path), "snapshot": str(snapshot), "replaced": str(replaced) if replaced else None}
