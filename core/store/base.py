"""The storage contract both backends implement (embedded SQLite+HNSW, TigerGraph).

Hop-score contract (DESIGN.md § Hop scores), implemented by ``expand``:
- Seeds are hop 0 (hop_score 0.0, ``similarity`` set by the caller when the seed came from vector search) and
  start in the visited set.
- Level-synchronous: at hop h (1-based) every frontier vertex, in sorted id order, walks its non-structural edges
  (both directions unless ``edge_types``/direction restricts them) in the order (edge type, neighbour id), at most
  ``fanout`` of them. A neighbour not visited before this hop gets ``hop = h`` and ``hop_score += 1 / 2**(h-1)``
  once per frontier edge that reaches it during hop h (support adds up, like a parallel ACCUM into a
  MapAccum<VERTEX, SumAccum<FLOAT>>). Its ``via_edge``/``reached_from`` are from the first such edge in that order;
  ``seeds`` is the union of the reaching frontier vertices' seeds. After the hop, all new vertices join the visited
  set (SetAccum<VERTEX>) and form the next frontier.
- ``max_nodes`` caps the total: expansion stops adding new vertices once reached (deterministic order).
- The returned ``Subgraph.edges`` are every traversed edge (src, type, dst in the stored direction).

Protocols: ``StoreReader`` (what answering code reads) and ``StoreWriter`` (what builders and ingest write). Both
backends implement both fully; what only one can do is declared in ``capabilities`` (``StoreCapabilities``), never
found by probing for methods. ``tests/integration/test_store_conformance.py`` runs one suite against both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from core.records import Chunk, Document, Edge, Entity, Hit, PathQuery, Subgraph

if TYPE_CHECKING:
    from core.ontology import Ontology


class StoreError(RuntimeError):
    """A store problem the user can act on (message says what to do)."""


class StoreCorrupted(StoreError):
    """The store failed its integrity check; the message points to ``hoplens restore``."""


class EmbedderMismatch(StoreError):
    """The query embedder differs from the one that built the vector index."""


def check_embedder_matches(recorded_name: str | None, recorded_dim, embedder: Any, where: str, remedy: str) -> None:
    """Shared by both backends: refuse a query embedder other than the one that built the vectors."""
    e_name, e_dim = getattr(embedder, "name", None), getattr(embedder, "dim", None)
    if (recorded_name and recorded_name != e_name) or (recorded_dim and e_dim is not None and int(recorded_dim) != int(e_dim)):
        raise EmbedderMismatch(
            f"{where} was built with embedder {recorded_name or '?'} (dim {recorded_dim}); the configured embedder is "
            f"{e_name} (dim {e_dim}). Configure the same embedder ({remedy})"
        )


# meta keys both backends use (the embedded store and TigerGraph's HL_Meta vertices)
EMBEDDER_NAME, EMBEDDER_DIM, BUILD_STATE = "embedder_name", "embedder_dim", "build_state"
# the store's ontology (Ontology.to_dict as canonical JSON) and its sha256; absent: the CRM ontology
ONTOLOGY, ONTOLOGY_SHA256 = "ontology", "ontology_sha256"


def ontology_json(onto: Ontology) -> tuple[str, str]:
    """The canonical JSON text of ``onto`` and its sha256 (what both backends store)."""
    import hashlib
    import json

    text = json.dumps(onto.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()


def cached_ontology(text: str | None, sha256: str | None, where: str,
                    cache: tuple[str, Ontology] | None) -> tuple[Ontology, tuple[str, Ontology] | None]:
    """(the ontology a store recorded — ``text`` + its sha256 — parsed once per text, the new cache), or ``CRM``
    when none was recorded. ``cache`` is the store's own ``(text, ontology)`` pair. Shared by both backends."""
    from core.ontology import CRM

    if text is None:
        return CRM, cache
    if cache is not None and cache[0] == text:
        return cache[1], cache
    onto = ontology_from_json(text, sha256, where)
    return onto, (text, onto)


def ontology_from_json(text: str, sha256: str | None, where: str) -> Ontology:
    """The Ontology stored as ``text``; StoreCorrupted when it does not match its recorded ``sha256``."""
    import hashlib
    import json

    from core.ontology import Ontology

    if sha256 is not None and hashlib.sha256(text.encode("utf-8")).hexdigest() != sha256:
        raise StoreCorrupted(f"the ontology recorded in {where} does not match its checksum (damaged); re-import the "
                             "graph (hoplens import-graph) or restore a snapshot (hoplens restore)")
    try:
        return Ontology.from_dict(json.loads(text))
    except (ValueError, TypeError) as exc:
        raise StoreCorrupted(f"the ontology recorded in {where} is unreadable ({exc}); re-import the graph") from exc


@dataclass(frozen=True)
class StoreCapabilities:
    """What a backend can do beyond the protocol. Callers read these instead of probing for methods; every
    protocol method exists on every backend and behaves as documented whatever these say."""

    embedding_cache: bool  # cached_vectors() can return stored vectors (else it always returns {})
    atomic_transactions: bool  # transaction() makes its writes all-or-nothing (else each call commits alone and
    #                            document fingerprints passed to upsert_documents are written when it exits)
    snapshots: bool  # hoplens snapshot / restore work on it (a local folder)
    local_graph: bool = False  # ``graph()`` returns the in-process CSR adjacency (embedded), for whole-graph analytics


class Ledger(Protocol):
    """The tables one writer keeps beside the graph (how the graph was derived: ingested documents, mentions, the
    merge log, what was last written, the community cache), owned by the store (``core/store/ledger.py``).
    SQLite dialect on every backend; tables and indexes are named ``<namespace>_*`` and statements may touch no
    other table. ``transaction()`` on the embedded store IS the store's transaction (graph writes and ledger writes
    inside one ``with store.transaction():`` commit together); where ``capabilities.atomic_transactions`` is
    False it is the ledger's own. A read-only store's ledger reads and refuses writes (StoreError)."""

    namespace: str

    @property
    def present(self) -> bool:
        """Its tables exist: created by the first write (readers never write, not even the schema)."""
        ...
    @property
    def writable(self) -> bool:
        """Writes are accepted (False on a read-only store)."""
        ...
    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Result rows of a parameterised SELECT ([] while not ``present``)."""
        ...
    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one parameterised write (joining the current transaction); returns the last row id."""
        ...
    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...
    def transaction(self) -> AbstractContextManager[Any]:
        """Group ledger writes (see the class docstring for what else commits with them)."""
        ...


@runtime_checkable
class StoreReader(Protocol):
    """Everything the pipelines, the planner, the app and an incremental builder read."""

    backend: str  # "embedded" | "tigergraph"
    capabilities: StoreCapabilities

    @property
    def location(self) -> str:
        """Where the data lives, for messages: a folder, or server URL and graph."""
        ...

    # ---- lookups
    def get_entity(self, entity_id: str) -> Entity | None: ...
    def get_entities(self, entity_ids: Sequence[str]) -> list[Entity]:
        """Entities in the order asked, duplicates and unknown ids dropped."""
        ...
    def find_entities(self, text: str, limit: int = 10) -> list[Entity]:
        """Entities whose id, name or alias matches ``text`` (case-insensitive exact first, then prefix)."""
        ...
    def list_entities(self, type_name: str | None = None, limit: int = 100, offset: int = 0) -> list[Entity]:
        """Entities in id order (of one type, or all), ``limit`` from ``offset``."""
        ...
    def entity_ids(self) -> list[str]:
        """Every entity id, sorted."""
        ...
    def edge_keys(self) -> list[tuple[str, str, str]]:
        """Every stored edge as (src, type, dst), sorted; content edges (MENTIONS, PART_OF) included where the
        backend stores them as edges: callers filter with ``STRUCTURAL``."""
        ...
    def alias_table(self) -> dict[str, list[str]]:
        """The phone book: lower-cased name/alias/id -> entity ids carrying it."""
        ...
    def get_document(self, doc_id: str) -> Document | None: ...
    def get_chunks(self, chunk_ids: Sequence[str]) -> list[Chunk]:
        """Chunks in the order asked, unknown ids dropped."""
        ...
    def chunks_of_document(self, doc_id: str) -> list[Chunk]:
        """A document's chunks in ``ord`` order."""
        ...
    def chunks_for_entities(self, entity_ids: Sequence[str], limit_per_entity: int = 3) -> dict[str, list[str]]:
        """Chunk ids that mention each entity, in (doc_id, ord) order."""
        ...
    def documents_for_entity(self, entity_id: str, limit: int = 50) -> list[Document]:
        """Documents that mention the entity, in id order."""
        ...
    def document_hashes(self) -> dict[str, str]:
        """doc id -> the fingerprint recorded with it (content hash unless the writer passed its own)."""
        ...
    def cached_vectors(self, text_hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Vectors already stored for these embedding keys; {} when ``capabilities.embedding_cache`` is False."""
        ...
    def boilerplate(self) -> np.ndarray | None:
        """The frozen boilerplate sentence keys (int64), or None before a build froze them."""
        ...

    # ---- search
    def vector_search(self, vector: np.ndarray, k: int, embedder: Any = None) -> list[Hit]:
        """Top-k chunks by cosine similarity, best first; ``embedder`` is checked against the store's."""
        ...
    def lexical_search(self, text: str, k: int) -> list[Hit]:
        """Top-k chunks by BM25 (bm25s "lucene", k1 1.5, b 0.75, English stop words, Snowball stems), best
        first, equal scores in chunk-id order."""
        ...
    def check_embedder(self, embedder: Any) -> None:
        """EmbedderMismatch when ``embedder`` is not the one that built the vectors."""
        ...

    # ---- graph
    def neighbors(
        self, entity_id: str, edge_type: str | None = None, direction: str = "both"
    ) -> list[tuple[Edge, Entity]]:
        """(stored edge, the entity at its other end), deterministic order; structural edges excluded."""
        ...
    def expand(
        self,
        seeds: Sequence[str],
        hops: int = 2,
        fanout: int = 50,
        edge_types: Iterable[str] | None = None,
        max_nodes: int = 400,
        direction: str = "both",
    ) -> Subgraph: ...
    def path_query(self, query: PathQuery) -> list[str]:
        """Exact, sorted entity ids answering ``query`` (count = len)."""
        ...

    # ---- metadata
    def stats(self) -> dict[str, Any]:
        """{"entities": {type: n}, "edges": {type: n}, "documents": n, "chunks": n, "tokens": n, ...}"""
        ...
    def get_meta(self, key: str) -> str | None: ...
    def ledger(self, namespace: str, schema: str) -> Ledger:
        """A writer's bookkeeping tables (``Ledger``): ``schema`` is SQLite DDL creating ``<namespace>_*`` tables
        (``IF NOT EXISTS``), run by the ledger's first write. One object per (namespace, schema) per store handle."""
        ...
    def ontology(self) -> Ontology:
        """The ontology of the graph this store holds: the one recorded with ``set_ontology`` (an imported graph),
        else, on TigerGraph, one read from the server's schema for a graph HopLens did not create, else ``CRM``."""
        ...
    def close(self, refresh: bool = True) -> None: ...


@runtime_checkable
class StoreWriter(StoreReader, Protocol):
    """What builders and ingest write. Upserts are idempotent; callers batch."""

    @property
    def indexes_stale(self) -> bool:
        """True when written chunks are not yet searchable (``refresh_indexes`` brings them in)."""
        ...

    def upsert_entities(self, entities: Sequence[Entity]) -> None: ...
    def delete_entities(self, entity_ids: Sequence[str]) -> None:
        """Remove entities and every edge touching them (documents keep their text)."""
        ...
    def upsert_edges(self, edges: Sequence[Edge]) -> None: ...
    def delete_edges(self, edges: Sequence[tuple[str, str, str]]) -> None: ...
    def upsert_documents(self, documents: Sequence[Document], hashes: Sequence[str] | None = None) -> None:
        """Insert/replace documents; their MENTIONS are replaced by what ``entity_ids`` and their stored chunks
        name. ``hashes`` (default: content hash) is what ``document_hashes`` returns."""
        ...
    def upsert_chunks(
        self, chunks: Sequence[Chunk], vectors: np.ndarray | None, vector_keys: Sequence[str] | None = None
    ) -> None:
        """Insert/replace chunks with their vectors (rows aligned with ``chunks``; None only when every vector is
        cached, see ``capabilities.embedding_cache``)."""
        ...
    def delete_chunks(self, doc_ids: Sequence[str]) -> int:
        """Remove the chunks of ``doc_ids``; returns how many."""
        ...
    def delete_documents(self, doc_ids: Sequence[str]) -> None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def set_ontology(self, onto: Ontology) -> None:
        """Record the store's ontology (inside the current transaction, if any)."""
        ...
    def bind_embedder(self, embedder: Any) -> None:
        """Record the embedder of a new store, or check it against the recorded one."""
        ...
    def transaction(self) -> AbstractContextManager[Any]:
        """Group writes (atomic where ``capabilities.atomic_transactions``)."""
        ...
    def refresh_indexes(self, progress: bool = False) -> dict[str, Any]:
        """Make written chunks searchable; returns what was done."""
        ...
    def prune_embeddings(self) -> int:
        """Drop cached vectors no chunk uses; returns how many (0 without an embedding cache)."""
        ...
    def set_boilerplate(self, keys: np.ndarray, min_docs: int) -> None: ...


GraphStore = StoreWriter  # the name older callers import
