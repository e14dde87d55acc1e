"""Communities of the entity graph (Leiden, igraph) with summaries made on first use and cached.

- Detection: python-igraph's ``Graph.community_leiden(objective_function="modularity")`` over every non-structural
  edge (parallel edges summed; an edge's ``weight`` attribute counts, default 1), with a fixed seed so the same graph
  always gives the same communities. Membership is cached in ``byod.sqlite`` under a hash of the graph, so it is
  recomputed only after the graph changed.
- Summaries: offline, an extractive summary (the members with the most links inside the community and the passages
  that name the most members); with a real generator, a short LLM summary of the same material (tokens counted).
  Made lazily for the communities someone looks at, cached per graph hash.
The Explore page uses ``Communities.overview()``, ``.of(entity_id)``, ``.get(cid)`` and ``.summary(cid)``.
"""

from __future__ import annotations

import hashlib
import random
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from core.ingest.byod.state import State, now
from core.llm.base import LLMError
from core.records import Prompt, Usage

MIN_SIZE = 2  # singletons are not communities
SUMMARY_ENTITIES = 8
SUMMARY_PASSAGES = 3
_SENT = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass
class Community:
    id: int  # 0 = largest
    members: list[str]  # entity ids, most connected inside the community first
    top: list[tuple[str, str, str, int]] = field(default_factory=list)  # (id, name, type, inner degree)

    @property
    def size(self) -> int:
        return len(self.members)

    @property
    def label(self) -> str:
        return ", ".join(name for _, name, _, _ in self.top[:3]) or f"community {self.id}"


@dataclass
class CommunitySummary:
    community: int
    text: str
    method: str  # extractive | llm
    passages: list[tuple[str, str]] = field(default_factory=list)  # (chunk id, sentence)
    usage: Usage = field(default_factory=Usage)
    cached: bool = False


@dataclass
class _EdgeList:
    ids: list[str]
    types: list[str]
    names: list[str]
    src: np.ndarray
    dst: np.ndarray
    weight: np.ndarray


def _edge_list(store, progress: bool = False) -> _EdgeList:
    """All entity-entity edges. Fast path: the embedded store's CSR adjacency; otherwise page through entities."""
    if store.capabilities.local_graph:  # declared, not probed (TigerGraph's ``graph`` is its graph's name)
        g = store.graph()
        rows = np.repeat(np.arange(len(g.ids)), np.diff(g.indptr))
        out = g.out
        src, dst = rows[out], g.nbr[out].astype(np.int64)
        attr_idx = g.eattr[out]
        weight = np.ones(len(src), dtype=np.float64)
        for i, a in enumerate(attr_idx.tolist()):
            if a >= 0:
                w = g.attrs[a].get("weight")
                if isinstance(w, (int, float)) and w > 0:
                    weight[i] = float(w)
        return _EdgeList(list(g.ids), [g.type_of(v) for v in range(len(g.ids))], list(g.labels), src, dst, weight)
    from tqdm import tqdm

    ids: list[str] = []
    types: list[str] = []
    names: list[str] = []
    pairs: list[tuple[str, str, float]] = []
    offset = 0
    bar = tqdm(desc="read graph", unit="entity", disable=not progress)
    while True:
        page = store.list_entities(None, limit=1000, offset=offset)
        if not page:
            break
        for e in page:
            ids.append(e.id)
            types.append(e.type)
            names.append(e.name)
            for edge, _other in store.neighbors(e.id, direction="out"):
                w = edge.attrs.get("weight", 1)
                pairs.append((edge.src, edge.dst, float(w) if isinstance(w, (int, float)) and w > 0 else 1.0))
        offset += len(page)
        bar.update(len(page))
    bar.close()
    index = {v: i for i, v in enumerate(ids)}
    pairs = [p for p in pairs if p[0] in index and p[1] in index]
    return _EdgeList(ids, types, names, np.array([index[p[0]] for p in pairs], dtype=np.int64),
                     np.array([index[p[1]] for p in pairs], dtype=np.int64), np.array([p[2] for p in pairs]))


def _graph_hash(el: _EdgeList, seed: int, resolution: float) -> str:
    h = hashlib.sha1(f"{seed}|{resolution}|{len(el.ids)}".encode())
    h.update("\n".join(el.ids).encode("utf-8"))
    for arr in (el.src, el.dst, el.weight):
        h.update(np.ascontiguousarray(arr).tobytes())
    return h.hexdigest()[:20]


def leiden(n: int, src: np.ndarray, dst: np.ndarray, weight: np.ndarray, seed: int = 7,
           resolution: float = 1.0) -> list[int]:
    """Membership per vertex from seeded Leiden (modularity) on an undirected weighted graph."""
    import igraph as ig

    g = ig.Graph(n=n, edges=list(zip(src.tolist(), dst.tolist(), strict=True)), directed=False)
    g.es["weight"] = weight.tolist()
    g = g.simplify(combine_edges={"weight": "sum"})  # parallel edges of different types add up
    ig.set_random_number_generator(random.Random(seed))
    try:
        part = g.community_leiden(objective_function="modularity", weights="weight", resolution=resolution,
                                  n_iterations=-1)
    finally:
        ig.set_random_number_generator(random)
    return list(part.membership)


class Communities:
    """Communities of one store (module docstring). Cheap to construct; detection happens on first use."""

    def __init__(self, store, state: State | None = None, seed: int = 7, resolution: float = 1.0,
                 min_size: int = MIN_SIZE, generator=None, progress: bool = False):
        self.store = store
        self.seed = seed
        self.resolution = resolution
        self.min_size = min_size
        self.generator = generator if generator is not None and getattr(generator, "name", "") != "offline-reader" else None
        self.progress = progress
        self._state = state
        self._owns_state = False
        self._list: list[Community] | None = None
        self._by_entity: dict[str, int] = {}
        self._hash = ""
        self._summaries: dict[int, CommunitySummary] = {}

    def _state_or_none(self) -> State | None:
        if self._state is None:
            try:
                self._state = State.open(self.store)
                self._owns_state = True
            except (OSError, sqlite3.Error):  # a read-only folder: work without the disk cache
                return None
        return self._state

    def close(self) -> None:
        if self._owns_state and self._state is not None:
            self._state.close()
            self._state = None

    # ---- detection
    def detect(self) -> list[Community]:
        if self._list is not None:
            return self._list
        el = _edge_list(self.store, self.progress)
        self._hash = _graph_hash(el, self.seed, self.resolution)
        state = self._state_or_none()
        groups: list[list[int]] | None = None
        if state is not None:
            rows = state.rows("SELECT cid, members FROM byod_communities WHERE graph_hash = ? ORDER BY cid", (self._hash,))
            if rows:
                index = {v: i for i, v in enumerate(el.ids)}
                groups = [[index[m] for m in members.split("\t") if m in index] for _, members in rows]
        if groups is None:
            membership = leiden(len(el.ids), el.src, el.dst, el.weight, self.seed, self.resolution) if el.ids else []
            by: dict[int, list[int]] = defaultdict(list)
            for v, c in enumerate(membership):
                by[c].append(v)
            groups = [g for g in by.values() if len(g) >= self.min_size]
        # inner degree (weighted) for ordering members and picking the top ones
        member_of = {v: ci for ci, g in enumerate(groups) for v in g}
        inner: Counter = Counter()
        for s, d, w in zip(el.src.tolist(), el.dst.tolist(), el.weight.tolist(), strict=True):
            if s != d and member_of.get(s) is not None and member_of.get(s) == member_of.get(d):
                inner[s] += w
                inner[d] += w
        ordered = []
        for g in groups:
            ordered.append(sorted(g, key=lambda v: (-inner[v], el.ids[v])))
        ordered.sort(key=lambda g: (-len(g), el.ids[g[0]]))
        self._list = [
            Community(ci, [el.ids[v] for v in g],
                      [(el.ids[v], el.names[v], el.types[v], int(inner[v])) for v in g[:SUMMARY_ENTITIES]])
            for ci, g in enumerate(ordered)
        ]
        self._by_entity = {m: c.id for c in self._list for m in c.members}
        if state is not None and not state.rows("SELECT 1 FROM byod_communities WHERE graph_hash = ? LIMIT 1", (self._hash,)):
            with state.transaction() as conn:
                conn.execute("DELETE FROM byod_communities WHERE graph_hash != ?", (self._hash,))
                conn.execute("DELETE FROM byod_summaries WHERE graph_hash != ?", (self._hash,))
                conn.executemany("INSERT INTO byod_communities(graph_hash, cid, members) VALUES (?, ?, ?)",
                                 [(self._hash, c.id, "\t".join(c.members)) for c in self._list])
        return self._list

    def overview(self, limit: int = 50) -> list[dict[str, Any]]:
        """Rows for a table: id, size, label (top members), types."""
        rows = []
        for c in self.detect()[:limit]:
            types = Counter(t for _, _, t, _ in c.top)
            rows.append({"community": c.id, "size": c.size, "label": c.label,
                         "types": ", ".join(f"{t} {n}" for t, n in types.most_common())})
        return rows

    def get(self, cid: int) -> Community:
        comms = self.detect()
        if not 0 <= cid < len(comms):
            raise ValueError(f"no community {cid}; there are {len(comms)} (0..{len(comms) - 1})")
        return comms[cid]

    def of(self, entity_id: str) -> Community | None:
        self.detect()
        cid = self._by_entity.get(entity_id)
        return None if cid is None else self._list[cid]  # type: ignore[index]

    # ---- summaries
    def summary(self, cid: int) -> CommunitySummary:
        if cid in self._summaries:
            return self._summaries[cid]
        comm = self.get(cid)
        state = self._state_or_none()
        if state is not None:
            rows = state.rows("SELECT summary, method FROM byod_summaries WHERE graph_hash = ? AND cid = ?", (self._hash, cid))
            if rows:
                out = CommunitySummary(cid, rows[0][0], rows[0][1], cached=True)
                self._summaries[cid] = out
                return out
        passages = self._passages(comm)
        out = self._extractive(comm, passages)
        if self.generator is not None:
            out = self._llm(comm, passages, out)
        if state is not None:
            with state.transaction() as conn:
                conn.execute("INSERT OR REPLACE INTO byod_summaries(graph_hash, cid, summary, method, created_at) "
                             "VALUES (?, ?, ?, ?, ?)", (self._hash, cid, out.text, out.method, now()))
        self._summaries[cid] = out
        return out

    def _passages(self, comm: Community) -> list[tuple[str, str]]:
        """Sentences that name the most members (ties: earlier chunk), from chunks that mention top members."""
        top_ids = [i for i, _, _, _ in comm.top]
        ents = {e.id: e for e in self.store.get_entities(top_ids)}
        names = {i: [n.lower() for n in (e.name, *e.aliases) if len(n) >= 3] for i, e in ents.items()}
        chunk_ids = list(dict.fromkeys(c for ids in self.store.chunks_for_entities(top_ids, 4).values() for c in ids))
        scored = []
        for ch in self.store.get_chunks(chunk_ids[:40]):
            for sent in _SENT.split(ch.text):
                low = sent.lower()
                hit = {i for i, ns in names.items() if any(n in low for n in ns)}
                if len(hit) >= 1 and 20 <= len(sent) <= 400:
                    scored.append((-len(hit), ch.id, sent.strip()))
        scored.sort()
        seen: set[str] = set()
        out = []
        for _, cid, sent in scored:
            if sent not in seen:
                seen.add(sent)
                out.append((cid, sent))
            if len(out) == SUMMARY_PASSAGES:
                break
        return out

    def _extractive(self, comm: Community, passages: list[tuple[str, str]]) -> CommunitySummary:
        members = "; ".join(f"{name} ({t}, {deg} links)" for _, name, t, deg in comm.top)
        text = f"Community {comm.id} ({comm.size} entities) centres on {members}."
        if passages:
            text += " Key passages: " + " ".join(f"[{c}] {s}" for c, s in passages)
        return CommunitySummary(comm.id, text, "extractive", passages)

    def _llm(self, comm: Community, passages, fallback: CommunitySummary) -> CommunitySummary:
        system = ("Summarise a group of related entities from a knowledge graph in at most three sentences, using "
                  "only the material given. Name the central entities and what connects them.")
        try:
            gen = self.generator.generate(Prompt(system, fallback.text, "Summarise this group of entities."))
        except (LLMError, RuntimeError, OSError) as exc:  # a provider failure keeps the extractive summary
            fallback.text += f" (LLM summary failed: {type(exc).__name__})"
            return fallback
        text = " ".join(gen.text.split())
        if not text:
            return fallback
        return CommunitySummary(comm.id, f"Community {comm.id} ({comm.size} entities): {text}", "llm", passages,
                                gen.usage)

    def relevant(self, question: str, k: int = 3) -> list[Community]:
        """Communities whose members' names or (cached) summaries share the most words with the question; the
        largest ones when nothing matches (a question about "the main themes")."""
        from core.llm.forms import content_words

        q = content_words(question)
        comms = self.detect()
        scored = []
        for c in comms:
            words = content_words(" ".join(name for _, name, _, _ in c.top))
            cached = self._summaries.get(c.id)
            if cached:
                words |= content_words(cached.text)
            scored.append((len(q & words), c.size, -c.id, c))
        scored.sort(key=lambda r: (-r[0], -r[1], -r[2]))
        return [r[3] for r in scored[:k]]
