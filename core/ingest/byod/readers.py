"""Read a user's documents: a folder or files of .txt, .md, .jsonl ({id?, title?, text}) and .pdf (with pypdf).

Every document gets a stable id (the file's path relative to what was ingested; a JSONL record's own ``id``, else
the file path plus a hash of its text) and a content hash, which is what makes re-ingesting incremental. Everything is
read and checked before anything is written, so a bad file stops the ingest with a message naming it and line
numbers, and the store is left as it was.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

SUFFIXES = (".txt", ".md", ".markdown", ".jsonl", ".pdf")
MAX_FILE_BYTES = 50 * 1024 * 1024
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.M)


@dataclass(frozen=True)
class SourceDoc:
    doc_id: str
    rel_path: str  # the file it came from, relative to the ingested root
    title: str
    text: str
    kind: str  # txt | md | jsonl | pdf
    hash: str  # sha1 of kind, title and text


def content_hash(kind: str, title: str, text: str) -> str:
    return hashlib.sha1(json.dumps([kind, title, text], ensure_ascii=False).encode("utf-8")).hexdigest()


def _make(doc_id: str, rel: str, title: str, text: str, kind: str) -> SourceDoc:
    return SourceDoc(doc_id, rel, title, text, kind, content_hash(kind, title, text))


def list_files(path: Path) -> tuple[Path, list[Path]]:
    """(root, supported files under it, sorted). A single file is its own root's only file."""
    path = Path(path).expanduser()
    if not path.exists():
        raise FileNotFoundError(f"{path} does not exist: give a folder or a .txt/.md/.jsonl/.pdf file to ingest")
    if path.is_file():
        if path.suffix.lower() not in SUFFIXES:
            raise ValueError(f"{path.name}: unsupported file type {path.suffix or '(none)'}; use one of {', '.join(SUFFIXES)}")
        return path.parent.resolve(), [path.resolve()]
    files = sorted(p.resolve() for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
                   and not any(part.startswith(".") for part in p.relative_to(path).parts))
    return path.resolve(), files


def read_path(path: Path) -> tuple[Path, list[SourceDoc]]:
    """Read every supported document under ``path`` (see the module docstring). Raises ValueError on bad input."""
    root, files = list_files(path)
    docs: list[SourceDoc] = []
    for f in files:
        docs.extend(read_file(f, f.relative_to(root).as_posix()))
    seen: dict[str, str] = {}
    for d in docs:
        if d.doc_id in seen:
            raise ValueError(f"document id {d.doc_id!r} appears twice ({seen[d.doc_id]} and {d.rel_path}); ids must be unique")
        seen[d.doc_id] = d.rel_path
    return root, docs


def read_file(path: Path, rel: str) -> list[SourceDoc]:
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"{rel}: larger than {MAX_FILE_BYTES // 2**20} MiB; split it into smaller files")
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return [_read_pdf(path, rel)]
    try:
        raw = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{rel}: not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8") from exc
    if suffix == ".jsonl":
        return _read_jsonl(raw, rel)
    kind = "md" if suffix in (".md", ".markdown") else "txt"
    text = raw.replace("\r\n", "\n").strip()
    if not text:
        return []  # an empty file holds no document (and, re-ingested, removes the one it held)
    m = _HEADING.search(text) if kind == "md" else None
    title = m.group(1).strip() if m else path.stem.replace("_", " ").replace("-", " ").strip()
    return [_make(rel, rel, title, text, kind)]


def _read_jsonl(raw: str, rel: str) -> list[SourceDoc]:
    out = []
    for lineno, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{rel}:{lineno}: not valid JSON ({exc.msg}); each line must be an object with a 'text'") from exc
        except RecursionError:  # json recurses per nesting level
            raise ValueError(f"{rel}:{lineno}: JSON nested too deeply; flatten the record") from None
        if not isinstance(rec, dict) or not isinstance(rec.get("text"), str) or not rec["text"].strip():
            raise ValueError(f"{rel}:{lineno}: each line needs a non-empty string 'text' (optional 'id', 'title')")
        for key in ("text", "title", "id"):  # "\ud800" is valid JSON but no text: it cannot be stored
            if isinstance(rec.get(key), str) and not _encodable(rec[key]):
                raise ValueError(f"{rel}:{lineno}: '{key}' holds a lone surrogate escape (like \\ud800); fix the text")
        text = rec["text"].replace("\r\n", "\n").strip()
        title = str(rec.get("title") or "").strip()
        if rec.get("id") is not None:
            doc_id = str(rec["id"]).strip()
            if not doc_id:
                raise ValueError(f"{rel}:{lineno}: 'id' is empty")
        else:
            doc_id = f"{rel}:{hashlib.sha1(text.encode('utf-8')).hexdigest()[:12]}"
        out.append(_make(doc_id, rel, title or doc_id, text, "jsonl"))
    return out


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_pdf(path: Path, rel: str) -> SourceDoc:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError as exc:
        raise ValueError(f"{rel}: reading PDF needs the 'pypdf' package: pip install pypdf") from exc
    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            raise ValueError(f"{rel}: the PDF is encrypted; decrypt it or export its text first")
        text = "\n\n".join((page.extract_text() or "").strip() for page in reader.pages).strip()
        title = (reader.metadata.title if reader.metadata and reader.metadata.title else path.stem).strip()
    except PdfReadError as exc:
        raise ValueError(f"{rel}: unreadable PDF ({exc})") from exc
    except ValueError:
        raise
    except Exception as exc:  # pypdf parses untrusted bytes; a damaged file can fail anywhere inside it
        raise ValueError(f"{rel}: unreadable PDF ({type(exc).__name__}: {exc})") from exc
    if not text:
        raise ValueError(f"{rel}: the PDF has no extractable text (a scan?); run OCR or export its text first")
    return _make(rel, rel, title, text, "pdf")
