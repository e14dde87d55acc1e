"""File plumbing for the embedded store: atomic writes, checksums and the index manifest.

The manifest (``manifest.json``) names the current index folder and the sha256 and size of every file in it. It is
replaced atomically (write, fsync, rename) only after the new index folder is complete, so a crash leaves either
the old or the new index, never a half-written one.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
FORMAT = 1


def sha256_file(path: Path, block: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(block):
            h.update(chunk)
    return h.hexdigest()


def fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # some filesystems do not allow opening folders; the rename is still atomic
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, json.dumps(obj, indent=1, sort_keys=True).encode("utf-8"))


def fsync_tree(root: Path) -> None:
    for p in sorted(root.rglob("*")):
        if p.is_file():
            with open(p, "rb+") as fh:
                os.fsync(fh.fileno())
    fsync_dir(root)


def checksums(root: Path, rel_to: Path) -> dict[str, dict[str, Any]]:
    """{relative posix path: {"sha256", "size"}} for every file under ``root``."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            out[p.relative_to(rel_to).as_posix()] = {"sha256": sha256_file(p), "size": p.stat().st_size}
    return out


def verify_checksums(base: Path, files: dict[str, dict[str, Any]]) -> list[str]:
    """Problems found (missing file, size or sha256 mismatch); empty when every file matches."""
    problems = []
    for rel, info in sorted(files.items()):
        p = base / rel
        if not p.is_file():
            problems.append(f"{rel}: missing")
        elif p.stat().st_size != info["size"]:
            problems.append(f"{rel}: size {p.stat().st_size} != {info['size']}")
        elif sha256_file(p) != info["sha256"]:
            problems.append(f"{rel}: checksum mismatch")
    return problems


def read_manifest(store_dir: Path) -> dict[str, Any] | None:
    path = store_dir / MANIFEST
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is unreadable ({exc})") from exc
    if not isinstance(data, dict) or "files" not in data or "index_dir" not in data:
        raise ValueError(f"{path} is not an index manifest")
    return data


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
