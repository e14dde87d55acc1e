"""Agent-style tools over a store: search, resolve, expand, facet. Typed returns; used by the router.

- ``search(question, k)``: the shared vector search (same embedder and index as BasicRAG), with chunk texts.
- ``resolve(name)``: everything about one entity: how the name was matched (id, exact name/alias, fuzzy), its record,
  every relation with the entity at the other end (strongest co-mention links first), its documents and chunks.
- ``expand(ids, hops)``: the store's hop expansion (hop scores per the contract in core.store.base).
- ``facet(types, filters, related_to, group_by)``: exact counts over the whole corpus: every entity of the types,
  optionally only those linked to given entities, filtered by attributes, optionally counted per attribute value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from core.names import compare_names
from core.records import Edge, Entity, Filter, Subgraph
from core.retrieval.linking import normalise
from core.schema import ENTITY_ID_RE
from core.store.filters import check_filter, matches

PAGE = 1000
MAX_IDS = 200  # ids returned by facet (the count is always exact)


@dataclass
class SearchHit:
    chunk_id: str
    doc_id: str
    score: float
    text: str


@dataclass
class EntityProfile:
    entity: Entity
    matched_by: str  # id | name | fuzzy
    score: float  # 1.0 for id/name; the name similarity for fuzzy
    relations: list[tuple[Edge, Entity]] = field(default_factory=list)  # strongest first
    documents: list[tuple[str, str]] = field(default_factory=list)  # (doc id, title)
    chunks: list[str] = field(default_factory=list)
    alternatives: list[Entity] = field(default_factory=list)  # other entities the name could mean

    def related(self, type_names: Sequence[str] | None = None) -> list[Entity]:
        seen: dict[str, Entity] = {}
        for _, other in self.relations:
            if type_names is None or other.type in type_names:
                seen.setdefault(other.id, other)
        return list(seen.values())


@dataclass
class FacetResult:
    types: list[str]
    filters: list[Filter]
    related_to: list[str]
    count: int
    ids: list[str]  # sorted, at most MAX_IDS
    names: dict[str, str] = field(default_factory=dict)
    by_value: dict[str, int] = field(default_factory=dict)  # group_by attribute value -> count

    def describe(self) -> str:
        parts = [f"type in [{', '.join(self.types)}]" if self.types else "any type"]
        parts += [f"{f.attr} {f.op} {f.value}" for f in self.filters]
        if self.related_to:
            parts.append(f"linked to {', '.join(self.related_to)}")
        return "; ".join(parts)


def _weight(edge: Edge) -> float:
    w = edge.attrs.get("weight", 1)
    return float(w) if isinstance(w, (int, float)) else 1.0


MENTION_SCAN = 1_000_000  # documents read for one entity's mention facets (exact below this)


class Tools:
    """Built on a RetrievalCore (store, embedder, settings); stateless apart from a cached name list."""

    def __init__(self, core):
        self.core = core
        self.store = core.store
        self._names: dict[str, list[str]] | None = None

    # ---- search
    def search(self, question: str, k: int = 8) -> list[SearchHit]:
        from core.records import Timings

        hits = self.core.seed_hits(question, k, Timings())
        chunks = {c.id: c for c in self.store.get_chunks([h.chunk_id for h in hits])}
        return [SearchHit(h.chunk_id, h.doc_id, h.score, chunks[h.chunk_id].text) for h in hits if h.chunk_id in chunks]

    # ---- documents and co-mentions
    def mentions(self, entity_id: str, limit: int = MENTION_SCAN) -> list[str]:
        """Ids of every document that mentions the entity (exact: the store's MENTIONS edges)."""
        return [d.id for d in self.store.documents_for_entity(entity_id, limit=limit)]

    def co_mentions(self, entity_id: str, types: Sequence[str] | None = None, limit: int = MENTION_SCAN) -> Counter:
        """Other entities (of ``types``) -> the number of documents that mention them together with ``entity_id``."""
        counts: Counter = Counter()
        for d in self.store.documents_for_entity(entity_id, limit=limit):
            counts.update(e for e in set(d.entity_ids) if e != entity_id)
        if types:
            kinds = {e.id: e.type for e in self.store.get_entities(list(counts))}
            counts = Counter({e: n for e, n in counts.items() if kinds.get(e) in set(types)})
        return counts

    # ---- resolve
    def _name_table(self) -> dict[str, list[str]]:
        if self._names is None:
            table: dict[str, list[str]] = {}
            for key, ids in self.store.alias_table().items():
                if not ENTITY_ID_RE.fullmatch(key.upper()):
                    table.setdefault(normalise(key), []).extend(ids)
            self._names = table
        return self._names

    def resolve(self, name: str, chunks: int = 6, documents: int = 20) -> EntityProfile | None:
        """The entity ``name`` means (id, exact name or alias, then a fuzzy name match), with everything about it."""
        name = " ".join(str(name).split())
        if not name:
            raise ValueError("resolve needs a name or an id")
        found: Entity | None = self.store.get_entity(name) or self.store.get_entity(name.upper())
        how, score, alternatives = "id", 1.0, []
        if found is None:
            table = self._name_table()
            ids = sorted(set(table.get(normalise(name), [])))
            if ids:
                ents = self.store.get_entities(ids)
                found, how, alternatives = (ents[0], "name", ents[1:]) if ents else (None, how, [])
        if found is None:
            found, score, alternatives = self._fuzzy(name)
            how = "fuzzy"
        if found is None:
            return None
        rels = self.store.neighbors(found.id)
        rels.sort(key=lambda r: (-_weight(r[0]), r[1].id))
        docs = [(d.id, d.title) for d in self.store.documents_for_entity(found.id, limit=documents)]
        chunk_ids = self.store.chunks_for_entities([found.id], limit_per_entity=chunks).get(found.id, [])
        return EntityProfile(found, how, score, rels, docs, chunk_ids, alternatives)

    def _fuzzy(self, name: str) -> tuple[Entity | None, float, list[Entity]]:
        table = self._name_table()
        key = normalise(name)
        same: list[tuple[float, str]] = []
        for other, _, _ in process.extract(key, list(table), scorer=fuzz.token_set_ratio, limit=10, score_cutoff=70):
            d = compare_names(name, other)
            if d.verdict == "same":
                same.extend((d.score, i) for i in table[other])
        if not same:
            return None, 0.0, []
        same.sort(key=lambda r: (-r[0], r[1]))
        ents = self.store.get_entities([i for _, i in same])
        return (ents[0], same[0][0], ents[1:]) if ents else (None, 0.0, [])

    # ---- expand
    def expand(self, ids: Sequence[str], hops: int = 1, fanout: int | None = None, max_nodes: int | None = None) -> Subgraph:
        s = self.core.settings
        return self.store.expand(list(ids), hops=hops, fanout=fanout or s.fanout, max_nodes=max_nodes or s.max_subgraph_nodes)

    # ---- facet
    def facet(self, types: Sequence[str] | str | None = None, filters: Sequence[Filter] = (),
              related_to: Sequence[str] = (), group_by: str | None = None) -> FacetResult:
        """Exact count of entities of ``types`` passing ``filters`` (and linked to every ``related_to`` entity)."""
        type_list = [types] if isinstance(types, str) else list(types or [])
        for f in filters:
            check_filter(f)
        if related_to:
            pool: dict[str, Entity] | None = None
            for anchor in related_to:
                near = {o.id: o for _, o in self.store.neighbors(anchor)}
                pool = near if pool is None else {i: e for i, e in pool.items() if i in near}
            candidates = list((pool or {}).values())
            if type_list:
                candidates = [e for e in candidates if e.type in type_list]
        else:
            candidates = []
            for t in type_list or [None]:
                offset = 0
                while True:
                    page = self.store.list_entities(t, limit=PAGE, offset=offset)
                    candidates.extend(page)
                    if len(page) < PAGE:
                        break
                    offset += PAGE
        kept = sorted((e for e in candidates if all(matches(e, f) for f in filters)), key=lambda e: e.id)
        by_value: dict[str, int] = {}
        if group_by:
            counts: Counter = Counter()
            for e in kept:
                v = e.name if group_by == "name" else e.attrs.get(group_by)
                for x in v if isinstance(v, list) else [v]:
                    counts["(none)" if x in (None, "") else str(x)] += 1
            by_value = dict(counts.most_common())
        return FacetResult(type_list, list(filters), list(related_to), len(kept), [e.id for e in kept[:MAX_IDS]],
                           {e.id: e.name for e in kept[:MAX_IDS]}, by_value)
