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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from core.records import Chunk, Document, Edge, Entity, Hit, PathQuery, Subgraph


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


@runtime_checkable
class GraphStore(Protocol):
    backend: str  # "embedded" | "tigergraph"

    # ---- writes (idempotent upserts, batched by the caller)
    def upsert_entities(self, entities: Sequence[Entity]) -> None: ...
    def upsert_edges(self, edges: Sequence[Edge]) -> None: ...
    def upsert_documents(self, documents: Sequence[Document]) -> None: ...
    def upsert_chunks(self, chunks: Sequence[Chunk], vectors: np.ndarray) -> None: ...
    def delete_documents(self, doc_ids: Sequence[str]) -> None: ...

    # ---- lookups
    def get_entity(self, entity_id: str) -> Entity | None: ...
    def get_entities(self, entity_ids: Sequence[str]) -> list[Entity]: ...
    def find_entities(self, text: str, limit: int = 10) -> list[Entity]:
        """Entities whose id, name or alias matches ``text`` (case-insensitive exact first, then prefix)."""
        ...
    def list_entities(self, type_name: str | None = None, limit: int = 100, offset: int = 0) -> list[Entity]: ...
    def alias_table(self) -> dict[str, list[str]]:
        """The phone book: lower-cased name/alias/id -> entity ids carrying it."""
        ...
    def get_document(self, doc_id: str) -> Document | None: ...
    def get_chunks(self, chunk_ids: Sequence[str]) -> list[Chunk]: ...
    def chunks_for_entities(self, entity_ids: Sequence[str], limit_per_entity: int = 3) -> dict[str, list[str]]:
        """Chunk ids that mention each entity (deterministic order)."""
        ...
    def documents_for_entity(self, entity_id: str, limit: int = 50) -> list[Document]: ...

    # ---- search
    def vector_search(self, vector: np.ndarray, k: int) -> list[Hit]: ...
    def lexical_search(self, text: str, k: int) -> list[Hit]: ...

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
    ) -> Subgraph: ...
    def path_query(self, query: PathQuery) -> list[str]:
        """Exact, sorted entity ids answering ``query`` (count = len)."""
        ...

    # ---- metadata
    def stats(self) -> dict[str, Any]:
        """{"entities": {type: n}, "edges": {type: n}, "documents": n, "chunks": n, "tokens": n, ...}"""
        ...
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def close(self) -> None: ...
