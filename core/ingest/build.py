"""``hoplens build``: dataset folder -> store (generate if missing, load, chunk, link, embed, index).

The store is opened through ``core.store.open_store`` for the configured backend (``settings.backend``: the
embedded store at ``store_path``, or TigerGraph) and driven only through the ``StoreWriter`` protocol, so both
backends build with the same progress, resumability and incremental behaviour. What differs is declared in
``store.capabilities``: TigerGraph keeps no embedding cache (every changed chunk is embedded again) and has no
multi-request transactions (its ``transaction()`` writes a batch's document fingerprints last instead).

Resumable and incremental by construction:
- the store records ``build_state=in_progress`` first and ``complete`` last;
- entities/edges are skipped when their files' sha1 matches the last load;
- each document is stored together with a fingerprint of everything that shapes its chunks (text, chunk settings,
  phone book, embedding view, embedder); a document whose fingerprint matches is not touched again, so a build
  killed mid-way resumes where its last committed batch ended, and a rebuild after edits processes only the
  changed or new documents. Documents gone from the dataset are deleted;
- the indexes are refreshed last from SQLite, into a new folder switched in atomically.
The build never reads question files.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.dataset.io import FILES, MANIFEST, iter_jsonl
from core.ingest.boilerplate import DEFAULT_MIN_DOCS, EmbedView, frequent_sentences
from core.ingest.chunker import ChunkSpec
from core.ingest.linker import Linker
from core.ingest.loader import DocumentProcessor, ProgressFn, batches, load_records
from core.records import Document, Edge, Entity
from core.store.keys import STRUCTURAL

if TYPE_CHECKING:
    from core.config import Settings

DOC_BATCH = 128  # documents per committed batch: small enough that a crash loses seconds, large enough to batch


def _file_sha1(path: Path) -> str:
    h = hashlib.sha1()
    with open(path, "rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def _ensure_dataset(data_dir: Path, settings: Settings, progress: bool) -> dict[str, Any] | None:
    """Generate the dataset when ``data_dir`` has no manifest; returns the generator's manifest or None."""
    if (data_dir / MANIFEST).exists():
        return None
    try:
        from core.dataset.generate import generate_dataset
    except ModuleNotFoundError as exc:
        raise FileNotFoundError(
            f"{data_dir / MANIFEST} not found and the dataset generator is not installed; "
            f"point --data at a dataset folder (entities.jsonl, edges.jsonl, documents.jsonl, manifest.json)"
        ) from exc
    return generate_dataset(settings.scale, settings.seed, data_dir, force=False, progress=progress)


def _check_files(data_dir: Path) -> None:
    missing = [name for name in FILES.values() if not (data_dir / name).is_file()]
    if missing:
        raise FileNotFoundError(f"dataset {data_dir} lacks {', '.join(missing)}: regenerate it (hoplens generate)")
    # read every record once before the first write: a malformed line stops the build with the store untouched
    for name, record in (("entities", Entity), ("edges", Edge), ("documents", Document)):
        for _ in iter_jsonl(data_dir / FILES[name], record):
            pass


class _Started:
    """Marks the build in progress before its first write only, so a build with nothing to do never makes the
    store unreadable for apps opening it meanwhile."""

    def __init__(self, store, state_key: str):
        self.store, self.key, self.done = store, state_key, False

    def __call__(self) -> None:
        if not self.done:
            self.store.set_meta(self.key, "in_progress")
            self.done = True


def _sync_entities(
    store, data_dir: Path, progress: bool, on_progress: ProgressFn | None, started: _Started
) -> dict[str, int]:
    """Make the store's entities and edges match the dataset files (skipped when the files did not change)."""
    out = {"entities": 0, "edges": 0, "entities_removed": 0, "edges_removed": 0}
    ent_file, edge_file = data_dir / FILES["entities"], data_dir / FILES["edges"]
    ent_sha, edge_sha = _file_sha1(ent_file), _file_sha1(edge_file)
    if store.get_meta("entities_sha1") != ent_sha:
        started()
        entities = list(iter_jsonl(ent_file, Entity))
        ids = {e.id for e in entities}
        if len(ids) != len(entities):
            raise ValueError(f"{ent_file} repeats entity ids; regenerate the dataset")
        out["entities"] = load_records(entities, store.upsert_entities, "entities", progress=progress, on_progress=on_progress)
        stale = [i for i in store.entity_ids() if i not in ids]
        if stale:
            store.delete_entities(stale)
        out["entities_removed"] = len(stale)
        store.set_meta("entities_sha1", ent_sha)
        store.set_meta("edges_sha1", "")  # deleting entities dropped their edges: reload the edges too
    if store.get_meta("edges_sha1") != edge_sha:
        started()
        edges = list(iter_jsonl(edge_file, Edge))
        out["edges"] = load_records(edges, store.upsert_edges, "edges", progress=progress, on_progress=on_progress)
        want = {(e.src, e.type, e.dst) for e in edges}
        stale_edges = [e for e in store.edge_keys() if e[1] not in STRUCTURAL and e not in want]
        if stale_edges:
            store.delete_edges(stale_edges)
        out["edges_removed"] = len(stale_edges)
        store.set_meta("edges_sha1", edge_sha)
    return out


def build_store(
    data_dir: Path | str,
    store_path: Path | str,
    settings: Settings | None = None,
    progress: bool = True,
    on_progress: ProgressFn | None = None,
    embedder: Any = None,
    boilerplate_min_docs: int | None = None,
    doc_batch: int = DOC_BATCH,
    _fail_after_batches: int | None = None,
) -> dict[str, Any]:
    """Build or update the store at ``store_path`` from ``data_dir``; returns counts and timings.

    ``embedder`` defaults to the configured one; ``boilerplate_min_docs`` (default 5, 0 = off) applies only when
    the store is new (it is frozen afterwards). ``on_progress(done, total, stage)`` reports progress to a UI.
    ``_fail_after_batches`` is a test hook that simulates a crash after that many committed document batches.
    """
    from tqdm import tqdm

    from core.config import get_settings
    from core.llm.factory import make_embedder
    from core.store import open_store
    from core.store.base import BUILD_STATE

    settings = settings or get_settings()
    data_dir, store_path = Path(data_dir).expanduser(), Path(store_path).expanduser()
    t_start = time.perf_counter()
    timings: dict[str, float] = {}
    generated = _ensure_dataset(data_dir, settings, progress)
    timings["generate_s"] = round(time.perf_counter() - t_start, 3)
    _check_files(data_dir)

    embedder = embedder or make_embedder(settings)
    spec = ChunkSpec.from_settings(settings)
    store = open_store(settings, store_path, create=True, read_only=False)
    ok = False
    try:
        store.bind_embedder(embedder)
        started = _Started(store, BUILD_STATE)
        if store.get_meta(BUILD_STATE) != "complete":  # new store, or resuming an unfinished build
            started()
        t = time.perf_counter()
        loaded = _sync_entities(store, data_dir, progress, on_progress, started)
        timings["entities_s"] = round(time.perf_counter() - t, 3)

        # one pass over the documents: ids, and the boilerplate set when the store has none yet
        t = time.perf_counter()
        doc_file = data_dir / FILES["documents"]
        frozen = store.boilerplate()
        if frozen is None:
            min_docs = DEFAULT_MIN_DOCS if boilerplate_min_docs is None else boilerplate_min_docs
            frozen = frequent_sentences((d.text for d in iter_jsonl(doc_file, Document)), min_docs)
            started()
            store.set_boilerplate(frozen, min_docs)
        view = EmbedView(frozen)
        linker = Linker(store.alias_table())
        processor = DocumentProcessor(store, embedder, spec, linker, view)
        stored = store.document_hashes()
        file_ids: set[str] = set()
        total = 0
        for d in iter_jsonl(doc_file, Document):
            if d.id in file_ids:
                raise ValueError(f"{doc_file} repeats document id {d.id}; regenerate the dataset")
            file_ids.add(d.id)
            total += 1
        removed = sorted(set(stored) - file_ids)
        if removed:
            started()
            store.delete_documents(removed)
        timings["scan_s"] = round(time.perf_counter() - t, 3)

        # process new/changed documents in committed batches
        t = time.perf_counter()
        counts = {"documents": total, "processed": 0, "unchanged": 0, "deleted": len(removed), "chunks": 0,
                  "embedded": 0, "cached": 0}
        embed_s = other_s = 0.0
        bar = tqdm(total=total, desc="documents", unit="doc", disable=not progress, mininterval=0.5)
        todo = (d for d in iter_jsonl(doc_file, Document) if _changed(d, stored, processor, counts, bar))
        for done_batches, batch in enumerate(batches(todo, doc_batch), 1):
            started()
            res = processor.process(batch)
            counts["processed"] += res.documents
            counts["chunks"] += res.chunks
            counts["embedded"] += res.embedded
            counts["cached"] += res.cached
            embed_s += res.embed_s
            other_s += res.other_s
            bar.update(len(batch))
            if on_progress:
                on_progress(counts["processed"] + counts["unchanged"], total, "documents")
            if _fail_after_batches is not None and done_batches >= _fail_after_batches:
                raise RuntimeError(f"simulated crash after {done_batches} batches")
        bar.close()
        timings["documents_s"] = round(time.perf_counter() - t, 3)
        timings["embed_s"] = round(embed_s, 3)
        timings["chunk_link_write_s"] = round(other_s, 3)

        t = time.perf_counter()
        if on_progress:
            on_progress(0, 1, "indexes")
        index = None
        if store.indexes_stale:
            started()
            index = store.refresh_indexes(progress=progress)
        pruned = store.prune_embeddings() if counts["processed"] or removed else 0
        if started.done:
            store.set_meta(BUILD_STATE, "complete")
        if on_progress:
            on_progress(1, 1, "indexes")
        timings["index_s"] = round(time.perf_counter() - t, 3)
        timings["total_s"] = round(time.perf_counter() - t_start, 3)
        ok = True
        return {
            "data": str(data_dir),
            "store": store.location,
            "backend": store.backend,
            "generated": generated is not None,
            "embedder": embedder.name,
            "chunk_tokens": spec.chunk_tokens,
            "chunk_overlap": spec.chunk_overlap,
            "boilerplate_sentences": len(frozen),
            **loaded,
            **counts,
            "pruned_vectors": pruned,
            "index": index,
            "timings": timings,
            "stats": store.stats(),
        }
    finally:
        store.close(refresh=ok)


def _changed(doc: Document, stored: dict[str, str], processor: DocumentProcessor, counts: dict, bar) -> bool:
    if stored.get(doc.id) == processor.fingerprint(doc):
        counts["unchanged"] += 1
        bar.update(1)
        return False
    return True

