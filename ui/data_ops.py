"""Data-page operations that call into core.ingest: uploads, snapshots. Says clearly what is not available."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from core.config import Settings
from ui import guard, limits, resources

INGEST_MODULE = "core.ingest.byod.ingest"
SNAPSHOT_MODULE = "core.store.snapshot"


def ingest_unavailable() -> str | None:
    if not resources.module_available(INGEST_MODULE):
        return f"`{INGEST_MODULE}` is not part of this installation yet"
    return None


def snapshots_unavailable() -> str | None:
    if not resources.module_available(SNAPSHOT_MODULE):
        return f"`{SNAPSHOT_MODULE}` is not part of this installation yet"
    return None


def _safe_name(name: str) -> str:
    base = Path(name).name  # never trust a client-side path
    if not base or base.startswith("."):
        raise ValueError(f"cannot ingest a file named {name!r}")
    return base


def uploads_dir(s: Settings) -> Path:
    """Where uploads for the current store are kept. Ingest is incremental per folder: re-uploading a file with the
    same name replaces that document, other uploads stay."""
    return s.home / "uploads" / s.store_path().name


def ingest_uploads(s: Settings, uploads: list[Any]) -> Any:
    """Check the uploaded files, keep them in the store's uploads folder and ingest that folder (new/changed only).

    The files are read in a scratch folder first, so a malformed upload is refused with the reader's message and
    neither the uploads folder nor the store changes.
    """
    guard.require_write(s, "uploading documents")
    from core.ingest.byod.ingest import ingest_path
    from core.ingest.byod.readers import read_path

    names = [_safe_name(up.name) for up in uploads]
    contents = [up.getvalue() for up in uploads]
    for name, data in zip(names, contents, strict=True):
        limits.check_upload(name, data, s.max_upload_mb)  # size, and the type from the bytes, before anything is kept
    with tempfile.TemporaryDirectory(prefix="hoplens-upload-") as tmp:
        scratch = Path(tmp)
        for name, data in zip(names, contents, strict=True):
            (scratch / name).write_bytes(data)
        read_path(scratch)  # raises ValueError naming the bad file
        folder = uploads_dir(s)
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copyfile(scratch / name, folder / f".{name}.part")
            (folder / f".{name}.part").replace(folder / name)
    return ingest_path(folder, s.store_path(), settings=s, progress=False)


def list_snapshots(s: Settings) -> list[dict[str, Any]]:
    """The store's snapshots, newest first, each verified against its recorded checksums."""
    from core.store.snapshot import list_snapshots, verify_snapshot

    rows = []
    for snap in reversed(list_snapshots(s.store_path())):
        problems = verify_snapshot(snap)
        size = sum(p.stat().st_size for p in snap.rglob("*") if p.is_file())
        rows.append({"snapshot": snap.name, "verified": not problems, "problems": "; ".join(problems[:2]),
                     "MiB": round(size / 2**20, 1), "path": str(snap)})
    return rows


def create_snapshot(s: Settings) -> dict[str, Any]:
    guard.require_write(s, "creating a snapshot")
    from core.store.snapshot import create_snapshot

    return create_snapshot(s.store_path())


def restore_snapshot(s: Settings, path: Path) -> dict[str, Any]:
    """Replace the store with a verified snapshot; the replaced store is kept next to it (the report says where).

    Refused in demo mode (unless this session unlocked admin actions). The Data page runs it as a background job
    through ``ui.build.start_restore``, which checks first and then calls ``restore_unchecked`` in the worker.
    """
    guard.require_write(s, "restoring a snapshot")
    return restore_unchecked(s, path)


def restore_unchecked(s: Settings, path: Path) -> dict[str, Any]:
    """``restore_snapshot`` without the demo-mode check: only for a job whose starter was checked."""
    from core.store.snapshot import restore_snapshot

    return restore_snapshot(s.store_path(), path, keep_replaced=True)
