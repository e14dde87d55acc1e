"""Bring your own documents: ingest a folder of .txt/.md/.jsonl/.pdf, extract entities and relationships, resolve
names to entities (reversible merges), and find communities. See docs/byod.md.

Python API (what the app and the CLI call):
- ``ingest_path(path, store, embedder=None, settings=None, generator=None, progress=True) -> IngestReport``
- ``managed_entities(store, type_name=None) -> list[EntityRow]``, ``list_merges(store) -> list[MergeRow]``,
  ``split_merge(store, merge_id) -> MergeRow``, ``suspect_merges(store, limit) -> list[SuspectMerge]``
- ``Communities(store)``: ``.overview()``, ``.get(cid)``, ``.of(entity_id)``, ``.summary(cid)``
"""

from core.ingest.byod.communities import Communities, Community, CommunitySummary
from core.ingest.byod.ingest import (
    EntityRow,
    IngestReport,
    ingest_path,
    list_merges,
    managed_entities,
    split_merge,
    suspect_merges,
)
from core.ingest.byod.state import MergeRow

__all__ = [
    "Communities",
    "Community",
    "CommunitySummary",
    "EntityRow",
    "IngestReport",
    "MergeRow",
    "ingest_path",
    "list_merges",
    "managed_entities",
    "split_merge",
    "suspect_merges",
]
