"""Read and write the dataset files (a stable format other tools read; see docs/data.md).

DIR/entities.jsonl   one Entity per line   {"id", "type", "name", "aliases", "attrs"}
DIR/edges.jsonl      one Edge per line     {"src", "type", "dst", "attrs"}
DIR/documents.jsonl  one Document per line {"id", "kind", "title", "text", "entity_ids"}
DIR/manifest.json    counts per type, characters, estimated tokens, seed, scale, generator version
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from core.records import Document, Edge, Entity

T = TypeVar("T")
FILES = {"entities": "entities.jsonl", "edges": "edges.jsonl", "documents": "documents.jsonl"}
MANIFEST = "manifest.json"


@dataclass
class Dataset:
    entities: list[Entity]
    edges: list[Edge]
    documents: list[Document]
    manifest: dict[str, Any] = field(default_factory=dict)


def iter_jsonl(path: Path, record: type[T]) -> Iterator[T]:
    """Stream records; a malformed line (bad JSON or UTF-8, nested too deeply, a lone surrogate escape such as
    \\ud800, missing fields) raises ValueError naming the file and line number."""
    with path.open(encoding="utf-8") as fh:
        lineno = 0
        try:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                    if "\\u" in line:  # an escape may decode to a lone surrogate, which is no text
                        json.dumps(obj, ensure_ascii=False).encode("utf-8")
                    yield record.from_dict(obj)  # type: ignore[attr-defined]
                except (json.JSONDecodeError, TypeError, KeyError, AttributeError) as exc:
                    raise ValueError(f"{path}:{lineno}: malformed {record.__name__} record ({exc})") from exc
                except UnicodeEncodeError:
                    raise ValueError(f"{path}:{lineno}: a string holds a lone surrogate escape (like \\ud800)"
                                     ) from None
                except RecursionError:
                    raise ValueError(f"{path}:{lineno}: JSON nested too deeply") from None
        except UnicodeDecodeError as exc:
            raise ValueError(f"{path}:{lineno + 1}: not UTF-8 text ({exc.reason}); save it as UTF-8") from exc


def write_jsonl(path: Path, records) -> int:
    n = 0
    with path.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
            n += 1
    return n


def read_manifest(data_dir: Path) -> dict[str, Any]:
    path = Path(data_dir) / MANIFEST
    if not path.exists():
        raise FileNotFoundError(f"{path} not found: generate a dataset first (hoplens generate --out {data_dir})")
    return json.loads(path.read_text(encoding="utf-8"))


def load_dataset(data_dir: Path, documents: bool = True) -> Dataset:
    data_dir = Path(data_dir)
    manifest = read_manifest(data_dir)
    return Dataset(
        entities=list(iter_jsonl(data_dir / FILES["entities"], Entity)),
        edges=list(iter_jsonl(data_dir / FILES["edges"], Edge)),
        documents=list(iter_jsonl(data_dir / FILES["documents"], Document)) if documents else [],
        manifest=manifest,
    )
