"""Loading records into a store in batches, with progress.

``DocumentProcessor`` turns a batch of documents into chunks (chunker), links each chunk's entities (linker),
embeds what the embedding cache does not already hold, and writes documents + chunks + vectors in ONE transaction:
a batch is either fully stored (with its fingerprint, so a resumed build skips it) or not at all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from core.ingest.boilerplate import EmbedView
from core.ingest.chunker import ChunkSpec, chunk_document
from core.ingest.linker import Linker
from core.records import Chunk, Document
from core.store.keys import document_hash, text_hash

ProgressFn = Callable[[int, int, str], None]  # (done, total, stage)


def batches(items: Iterable[Any], size: int) -> Iterable[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def load_records(
    records: Sequence[Any],
    upsert: Callable[[Sequence[Any]], None],
    desc: str,
    batch_size: int = 5000,
    progress: bool = True,
    on_progress: ProgressFn | None = None,
) -> int:
    """Upsert ``records`` in batches (each batch one transaction) with a tqdm bar."""
    from tqdm import tqdm

    bar = tqdm(total=len(records), desc=desc, unit="rec", disable=not progress, mininterval=0.5)
    done = 0
    for batch in batches(records, batch_size):
        upsert(batch)
        done += len(batch)
        bar.update(len(batch))
        if on_progress:
            on_progress(done, len(records), desc)
    bar.close()
    return done


@dataclass
class BatchResult:
    documents: int = 0
    chunks: int = 0
    embedded: int = 0  # vectors computed now
    cached: int = 0  # chunks whose vector was reused (embedding cache, or the same view earlier in the batch)
    embed_s: float = 0.0
    other_s: float = 0.0
    chunk_ids: list[str] = field(default_factory=list)


class DocumentProcessor:
    def __init__(self, store, embedder, spec: ChunkSpec, linker: Linker, view: EmbedView):
        self.store, self.embedder, self.spec, self.linker, self.view = store, embedder, spec, linker, view
        # everything besides the document itself that shapes its chunks, links and vectors
        self._context = hashlib.sha1(
            f"{spec.chunk_tokens}|{spec.chunk_overlap}|{linker.fingerprint}|{view.fingerprint}|{embedder.name}".encode()
        ).hexdigest()

    def fingerprint(self, doc: Document) -> str:
        return hashlib.sha1(f"{document_hash(doc)}|{self._context}".encode()).hexdigest()

    def chunks(self, doc: Document) -> list[Chunk]:
        out = chunk_document(doc, self.spec)
        for c in out:
            c.entity_ids = self.linker.link(c.text, declared=doc.entity_ids)
        return out

    def process(self, docs: Sequence[Document]) -> BatchResult:
        import time

        t0 = time.perf_counter()
        res = BatchResult(documents=len(docs))
        chunks = [c for d in docs for c in self.chunks(d)]
        views = [self.view(c.text) for c in chunks]
        keys = [text_hash(v) for v in views]
        vectors = self.store.cached_vectors(keys)
        todo = {k: v for k, v in zip(keys, views, strict=True) if k not in vectors}
        res.cached = len(keys) - len(todo)  # reused: from the cache, or a repeat of a view in this batch
        t1 = time.perf_counter()
        if todo:
            emb = self._embed(list(todo.values()))
            vectors.update(zip(todo, emb, strict=True))
            res.embedded = len(todo)
        t2 = time.perf_counter()
        matrix = np.stack([vectors[k] for k in keys]) if chunks else np.zeros((0, self.embedder.dim), np.float32)
        with self.store.transaction():
            self.store.delete_chunks([d.id for d in docs])
            self.store.upsert_documents(docs, hashes=[self.fingerprint(d) for d in docs])
            self.store.upsert_chunks(chunks, matrix, vector_keys=keys)
        res.chunks = len(chunks)
        res.chunk_ids = [c.id for c in chunks]
        res.embed_s = t2 - t1
        res.other_s = (t1 - t0) + (time.perf_counter() - t2)
        return res

    def _embed(self, texts: list[str]) -> np.ndarray:
        emb = np.asarray(self.embedder.embed(texts), dtype=np.float32)
        if emb.shape != (len(texts), self.embedder.dim):
            raise ValueError(
                f"embedder {self.embedder.name} returned shape {emb.shape} for {len(texts)} texts "
                f"(expected ({len(texts)}, {self.embedder.dim}))"
            )
        if not np.isfinite(emb).all():
            raise ValueError(f"embedder {self.embedder.name} returned non-finite values")
        norms = np.linalg.norm(emb, axis=1, keepdims=True)
        return emb / np.maximum(norms, 1e-12)  # inner product = cosine only on unit vectors
