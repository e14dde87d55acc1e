"""Keys and hashes both backends and their writers share: content hashes (what an incremental build compares),
the phone-book key, and the structural (content) edge types that entity graphs leave out."""

from __future__ import annotations

import hashlib
import json

from core.records import Document
from core.schema import EDGE_TYPES

STRUCTURAL = tuple(sorted({e.name for e in EDGE_TYPES if e.structural}))  # MENTIONS, PART_OF


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def document_hash(doc: Document) -> str:
    """Content hash of a document record (what an incremental build compares)."""
    payload = json.dumps([doc.kind, doc.title, doc.text, sorted(doc.entity_ids)], ensure_ascii=False)
    return hashlib.sha1(payload.encode("utf-8")).hexdigest()


def norm_key(text: str) -> str:
    """Phone-book key: lower case, inner whitespace collapsed."""
    return " ".join(text.lower().split())
