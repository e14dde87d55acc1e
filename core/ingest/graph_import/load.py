"""``import_graph``: read a graph, infer its ontology, and write it into an embedded store in ONE transaction.

Nothing half-imported: entities, edges, documents, chunks, vectors and the ontology commit together or not at all
(the store's previous content stays until then). Re-importing a changed file is incremental: only entities whose
record changed are rewritten, entities and edges gone from the file are deleted, and only new or changed documents
are chunked and embedded again (the build's document fingerprints and embedding cache). The search indexes are
refreshed after the commit (a crash there leaves them marked stale; the next open or build brings them up to date).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from core.ingest.graph_import.overrides import apply_overrides, find_overrides, read_overrides
from core.ingest.graph_import.readers import read_graph, read_text
from core.ontology_infer import infer
from core.rawgraph import GraphImportError
from core.records import Document
from core.store.base import ontology_json
from core.store.keys import STRUCTURAL
from core.type_synonyms import add_type_synonyms

if TYPE_CHECKING:
    from core.config import Settings

DOCUMENTS_FILE = "documents.jsonl"  # optional, beside the data: {"id", "title", "text", "kind"?, "entity_ids"?}
DOC_BATCH = 128
SOURCE_META = "graph_import_source"


def read_documents(path: Path, known_ids: set[str], max_mb: float) -> list[Document]:
    docs, seen = [], set()
    for ln, line in enumerate(read_text(path, max_mb).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise GraphImportError(f"{path} line {ln}: malformed JSON ({exc.msg})") from None
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str) or not isinstance(rec.get("text"), str):
            raise GraphImportError(f"{path} line {ln}: a document needs a string id and text")
        if rec["id"] in seen:
            raise GraphImportError(f"{path} line {ln}: duplicate document id {rec['id']!r}")
        seen.add(rec["id"])
        ents = rec.get("entity_ids") or []
        unknown = [e for e in ents if e not in known_ids]
        if unknown:
            raise GraphImportError(f"{path} line {ln}: entity_ids {unknown[:3]} are not nodes of the graph")
        docs.append(Document(rec["id"], str(rec.get("kind") or "document"), str(rec.get("title") or rec["id"]),
                             rec["text"], list(ents)))
    return docs


def export_dataset(out: Path, inferred, documents: list[Document], source: Path) -> Path:
    """Write the imported records as a HopLens dataset folder (entities/edges/documents JSONL + manifest.json) so
    ``hoplens eval --data OUT`` can score questions against an imported store (its context metrics read the
    entities and edges). Build the store with ``import-graph``, not ``hoplens build`` (a build records no ontology)."""
    from core.dataset.io import FILES, MANIFEST, write_jsonl

    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / FILES["entities"], inferred.entities)
    write_jsonl(out / FILES["edges"], inferred.edges)
    write_jsonl(out / FILES["documents"], documents)
    (out / MANIFEST).write_text(json.dumps({"kind": "graph-import export", "source": str(source),
                                            "ontology": inferred.ontology.name, "entities": len(inferred.entities),
                                            "edges": len(inferred.edges), "documents": len(documents)}, indent=1),
                                encoding="utf-8")
    return out


def _sha1(paths: list[Path]) -> str:
    h = hashlib.sha1()
    for p in paths:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def import_graph(
    path: Path | str,
    store_path: Path | str,
    settings: Settings | None = None,
    embedder: Any = None,
    ontology_file: Path | None = None,
    documents_file: Path | None = None,
    progress: bool = False,
    export_dir: Path | None = None,
    replace: bool = False,
) -> dict[str, Any]:
    """Import the graph at ``path`` into the embedded store at ``store_path``; returns counts and timings. A store
    that ``hoplens build`` wrote is replaced only with ``replace=True``; one import-graph wrote is updated."""
    from core.config import get_settings
    from core.ingest.chunker import ChunkSpec
    from core.llm.factory import make_embedder
    from core.store import open_store

    settings = settings or get_settings()
    if settings.backend != "embedded":
        raise GraphImportError(
            f"import-graph writes the embedded store; backend {settings.backend!r} needs a schema generated from the "
            "imported ontology, which it does not have yet (set HOPLENS_BACKEND=embedded)"
        )
    path, store_path = Path(path).expanduser(), Path(store_path).expanduser()
    t0 = time.perf_counter()
    raw = read_graph(path, settings.graph_import_max_mb)
    t_read = time.perf_counter()
    inferred = infer(raw, settings, name=path.stem)
    onto = inferred.ontology
    ofile = Path(ontology_file) if ontology_file else find_overrides(path)
    if ofile is not None:
        if not ofile.is_file():
            raise GraphImportError(f"{ofile} does not exist")
        onto = apply_overrides(onto, read_overrides(ofile), str(ofile))
    synonym_notes: list[str] = []
    if settings.graph_import_synonyms:  # after the overrides, so that a user's noun is never claimed by a synonym
        names: dict[str, list[str]] = {}
        for e in inferred.entities:
            names.setdefault(e.type, []).append(e.name)
        onto, synonym_notes = add_type_synonyms(onto, names=names)
    ids = {e.id for e in inferred.entities}
    documents = list(inferred.documents)
    dfile = Path(documents_file) if documents_file else None
    if dfile is None:
        beside = (path if path.is_dir() else path.parent) / DOCUMENTS_FILE
        dfile = beside if beside.is_file() else None
    if dfile is not None:
        extra = read_documents(dfile, ids, settings.graph_import_max_mb)
        clash = {d.id for d in documents} & {d.id for d in extra}
        if clash:
            raise GraphImportError(f"{dfile}: document ids {sorted(clash)[:3]} repeat ids made from text properties")
        documents += extra
    t_infer = time.perf_counter()
    if export_dir is not None:
        export_dataset(Path(export_dir), inferred, documents, path)
    sources = [Path(f) for f in raw.files] + [p for p in (ofile, dfile) if p is not None]

    embedder = embedder or make_embedder(settings)
    new_store = not store_path.exists() or (store_path.is_dir() and not any(store_path.iterdir()))
    store = open_store(settings, store_path, create=True, read_only=False)
    ok = False
    counts = {"entities_written": 0, "entities_deleted": 0, "edges_deleted": 0, "documents_processed": 0,
              "documents_unchanged": 0, "documents_deleted": 0, "chunks": 0, "embedded": 0}
    try:
        if not replace and store.get_meta(SOURCE_META) is None and store.entity_ids():
            raise GraphImportError(
                f"store {store_path} holds a graph that import-graph did not write (a `hoplens build`); importing "
                "would replace it: choose another --store, or pass --replace to replace it"
            )
        store.bind_embedder(embedder)
        spec = ChunkSpec.from_settings(settings)
        source = {"files": [str(p) for p in sources], "sha1": _sha1(sources), "ontology_sha256": ontology_json(onto)[1],
                  "embedder": embedder.name, "chunking": [spec.chunk_tokens, spec.chunk_overlap]}
        previous = json.loads(store.get_meta(SOURCE_META) or "{}")
        unchanged = {k: v for k, v in previous.items() if k != "files"} == {k: v for k, v in source.items()
                                                                             if k != "files"}
        if unchanged and not store.indexes_stale:
            counts["documents_unchanged"] = len(documents)  # same files, settings and ontology: nothing to write
        else:
            _write(store, inferred, onto, documents, embedder, spec, counts, source)
        t_write = time.perf_counter()
        index = store.refresh_indexes() if store.indexes_stale else None
        store.prune_embeddings()
        ok = True
        stats = store.stats()
    finally:
        store.close(refresh=ok)
        if not ok and new_store:  # a first import that failed leaves no empty store behind
            shutil.rmtree(store_path, ignore_errors=True)
    t_end = time.perf_counter()
    return {
        "source": str(path),
        "format": raw.format,
        "store": str(store_path),
        "unchanged": unchanged,
        "ontology": onto.name,
        "overrides": str(ofile) if ofile else None,
        "documents_file": str(dfile) if dfile else None,
        "exported": str(export_dir) if export_dir else None,
        "nodes": len(raw.nodes),
        "relationships": len(raw.edges),
        "vertex_types": {v.name: len(v.attrs) for v in onto.entity_types()},
        "edge_types": sorted({e.name for e in onto.edge_types if not e.structural}),
        "entities": len(inferred.entities),
        "edges": len(inferred.edges),
        "documents": len(documents),
        **counts,
        "notes": inferred.notes + synonym_notes,
        "index": index,
        "stats": {k: stats[k] for k in ("entities", "edges", "documents", "chunks", "size_bytes")},
        "timings": {"read_s": round(t_read - t0, 3), "infer_s": round(t_infer - t_read, 3),
                    "write_s": round(t_write - t_infer, 3), "index_s": round(t_end - t_write, 3),
                    "total_s": round(t_end - t0, 3)},
    }


def _write(store, inferred, onto, documents, embedder, spec, counts: dict[str, int], source: dict) -> None:
    """Everything in ONE transaction: the records, the ontology, the documents and their chunks and vectors."""
    from core.ingest.boilerplate import EmbedView
    from core.ingest.linker import Linker
    from core.ingest.loader import DocumentProcessor, batches
    from core.store.base import BUILD_STATE

    ids = {e.id for e in inferred.entities}
    with store.transaction():
        old = {e.id: e for e in store.get_entities(store.entity_ids())}
        changed = [e for e in inferred.entities if old.get(e.id) is None or old[e.id].to_dict() != e.to_dict()]
        for batch in batches(changed, 5000):
            store.upsert_entities(batch)
        counts["entities_written"] = len(changed)
        stale = sorted(set(old) - ids)
        if stale:
            store.delete_entities(stale)
        counts["entities_deleted"] = len(stale)
        want = {(e.src, e.type, e.dst) for e in inferred.edges}
        gone = [k for k in store.edge_keys() if k[1] not in STRUCTURAL and k not in want]
        if gone:
            store.delete_edges(gone)
        counts["edges_deleted"] = len(gone)
        for batch in batches(inferred.edges, 5000):
            store.upsert_edges(batch)
        store.set_ontology(onto)
        frozen = store.boilerplate()
        if frozen is None:
            frozen = np.zeros(0, dtype=np.int64)
            store.set_boilerplate(frozen, 0)  # imported text has no repeated boilerplate to learn from
        processor = DocumentProcessor(store, embedder, spec, Linker(store.alias_table()), EmbedView(frozen))
        stored = store.document_hashes()
        want_docs = {d.id for d in documents}
        removed = sorted(set(stored) - want_docs)
        if removed:
            store.delete_documents(removed)
        counts["documents_deleted"] = len(removed)
        todo = [d for d in documents if stored.get(d.id) != processor.fingerprint(d)]
        counts["documents_unchanged"] = len(documents) - len(todo)
        for batch in batches(todo, DOC_BATCH):
            res = processor.process(batch)
            counts["documents_processed"] += res.documents
            counts["chunks"] += res.chunks
            counts["embedded"] += res.embedded
        store.set_meta(SOURCE_META, json.dumps(source, sort_keys=True))
        store.set_meta(BUILD_STATE, "complete")
