"""File plumbing for the embedded store: atomic writes, checksums and the index manifest.

The manifest (``manifest.json``) names the current index folder and the sha256 and size of every file in it, plus
(since the open-time sampled check) each file's mtime and a hash per ``BLOCK`` bytes. It is replaced atomically
(write, fsync, rename) only after the new index folder is complete, so a crash leaves either the old or the new
index, never a half-written one.

Two checks read it: ``verify_checksums`` re-hashes every file (``hoplens verify``, snapshots, restore, and every
open of a store under the full-check size); ``verify_sampled`` (the open of a larger store) checks every file's
presence and size, re-hashes in full any file whose mtime differs from the recorded one (it was written or copied
since) or that has no block hashes (an older manifest), and otherwise re-hashes the first and last block of every
file plus random blocks up to a byte budget, against the recorded block hashes.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
FORMAT = 1
BLOCK = 1 << 20  # bytes per recorded block hash (1.6 GB of full-scale index files: ~1,600 blocks, ~55 KB of manifest)
BLOCK_HEX = 32  # hex digits kept of each block's sha256 (128 bits: ample for damage, the manifest is not a signature)


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


def _hash_blocks(path: Path, block: int) -> tuple[str, list[str]]:
    """The file's sha256 and the (shortened) sha256 of each ``block`` bytes, in one read."""
    whole, blocks = hashlib.sha256(), []
    with open(path, "rb") as fh:
        while chunk := fh.read(block):
            whole.update(chunk)
            blocks.append(hashlib.sha256(chunk).hexdigest()[:BLOCK_HEX])
    return whole.hexdigest(), blocks


def checksums(root: Path, rel_to: Path, blocks: bool = False) -> dict[str, dict[str, Any]]:
    """{relative posix path: {"sha256", "size"}} for every file under ``root``; with ``blocks`` also "mtime_ns",
    "block" (bytes) and "blocks" (a hash per block), which the open-time sampled check (``verify_sampled``) reads."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            rel = p.relative_to(rel_to).as_posix()
            if not blocks:
                out[rel] = {"sha256": sha256_file(p), "size": p.stat().st_size}
                continue
            whole, hashes = _hash_blocks(p, BLOCK)
            st = p.stat()
            out[rel] = {"sha256": whole, "size": st.st_size, "mtime_ns": st.st_mtime_ns, "block": BLOCK,
                        "blocks": hashes}
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


def _block_sha(fh: Any, index: int, block: int) -> str:
    fh.seek(index * block)
    return hashlib.sha256(fh.read(block)).hexdigest()[:BLOCK_HEX]


def verify_sampled(base: Path, files: dict[str, dict[str, Any]], budget: int,
                   rng: random.Random | None = None) -> tuple[list[str], dict[str, int]]:
    """The open-time check of a large store's index files (module docstring): problems found, and what was read
    ({"files_hashed": n files re-hashed in full, "blocks": n blocks checked, "bytes": bytes read}). ``budget``:
    bytes of randomly chosen blocks to re-hash beyond each file's first and last block."""
    rng = rng or random.Random()
    problems: list[str] = []
    read = {"files_hashed": 0, "blocks": 0, "bytes": 0}
    candidates: list[tuple[str, int]] = []  # (file, block index) eligible for the random sample
    for rel, info in sorted(files.items()):
        p = base / rel
        if not p.is_file():
            problems.append(f"{rel}: missing")
            continue
        st = p.stat()
        if st.st_size != info["size"]:
            problems.append(f"{rel}: size {st.st_size} != {info['size']}")
            continue
        hashes, block = info.get("blocks"), info.get("block")
        if (not isinstance(hashes, list) or not isinstance(block, int) or block <= 0
                or len(hashes) != -(-st.st_size // block) or info.get("mtime_ns") != st.st_mtime_ns):
            # an older manifest, or the file was written (or copied) since the manifest: hash all of it
            read["files_hashed"] += 1
            read["bytes"] += st.st_size
            if sha256_file(p) != info["sha256"]:
                problems.append(f"{rel}: checksum mismatch")
            continue
        ends = sorted({0, len(hashes) - 1}) if hashes else []
        with open(p, "rb") as fh:
            for i in ends:
                read["blocks"] += 1
                read["bytes"] += min(block, st.st_size - i * block)
                if _block_sha(fh, i, block) != hashes[i]:
                    problems.append(f"{rel}: checksum mismatch in block {i}")
                    break
        candidates += [(rel, i) for i in range(1, len(hashes) - 1)]
    bad = {p.split(":")[0] for p in problems}
    chosen, spent = [], 0
    for rel, i in rng.sample(candidates, len(candidates)):  # random blocks until the budget is spent
        if spent >= budget:
            break
        if rel not in bad:
            chosen.append((rel, i))
            spent += files[rel]["block"]
    for rel, i in sorted(chosen):  # read in file order
        if rel in bad:
            continue
        info = files[rel]
        with open(base / rel, "rb") as fh:
            read["blocks"] += 1
            read["bytes"] += info["block"]
            if _block_sha(fh, i, info["block"]) != info["blocks"][i]:
                problems.append(f"{rel}: checksum mismatch in block {i}")
                bad.add(rel)
    return problems, read


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
