"""Communities of the entity graph as the store holds them: read by answering code (the Routed pipeline's global
route), written by ingest (``core/ingest/byod/communities.py`` detects them with seeded Leiden and makes summaries).

The store owns them: they are its ``communities`` ledger (``StoreReader.ledger``, core/store/ledger.py) — the
membership per graph hash and the summaries per (graph hash, community). A reader hashes the current graph (the
embedded store's CSR adjacency, or every entity's out-edges elsewhere), reads the membership stored for that hash
(none: no communities yet — ``hoplens ingest`` refreshes them on the embedded store, ``hoplens entities
communities`` anywhere) and the stored summaries; a community without a stored summary gets the extractive one,
made from the store and not stored (answering code never writes).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from core.records import Usage
from core.store.base import Ledger, StoreError

NAMESPACE = "communities"
SCHEMA = """
CREATE TABLE IF NOT EXISTS communities_members (graph_hash TEXT NOT NULL, cid INTEGER NOT NULL, members TEXT NOT NULL,
    PRIMARY KEY (graph_hash, cid));
CREATE TABLE IF NOT EXISTS communities_summaries (graph_hash TEXT NOT NULL, cid INTEGER NOT NULL,
    summary TEXT NOT NULL, method TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (graph_hash, cid));
"""
SEED, RESOLUTION = 7, 1.0  # Leiden's seed and resolution: part of the graph hash the membership is stored under
SUMMARY_ENTITIES = 8  # members named in a summary (the most connected inside the community)
SUMMARY_PASSAGES = 3  # passages quoted in an extractive summary
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
class EdgeList:
    ids: list[str]
    types: list[str]
    names: list[str]
    src: np.ndarray
    dst: np.ndarray
    weight: np.ndarray


def edge_list(store, progress: bool = False) -> EdgeList:
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
        return EdgeList(list(g.ids), [g.type_of(v) for v in range(len(g.ids))], list(g.labels), src, dst, weight)
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
    return EdgeList(ids, types, names, np.array([index[p[0]] for p in pairs], dtype=np.int64),
                    np.array([index[p[1]] for p in pairs], dtype=np.int64), np.array([p[2] for p in pairs]))


def graph_hash(el: EdgeList, seed: int = SEED, resolution: float = RESOLUTION) -> str:
    h = hashlib.sha1(f"{seed}|{resolution}|{len(el.ids)}".encode())
    h.update("\n".join(el.ids).encode("utf-8"))
    for arr in (el.src, el.dst, el.weight):
        h.update(np.ascontiguousarray(arr).tobytes())
    return h.hexdigest()[:20]


def arrange(el: EdgeList, groups: list[list[int]]) -> list[Community]:
    """Communities from vertex groups: members by weighted inner degree, communities largest first."""
    member_of = {v: ci for ci, g in enumerate(groups) for v in g}
    inner: Counter = Counter()
    for s, d, w in zip(el.src.tolist(), el.dst.tolist(), el.weight.tolist(), strict=True):
        if s != d and member_of.get(s) is not None and member_of.get(s) == member_of.get(d):
            inner[s] += w
            inner[d] += w
    ordered = [sorted(g, key=lambda v: (-inner[v], el.ids[v])) for g in groups]
    ordered.sort(key=lambda g: (-len(g), el.ids[g[0]]))
    return [Community(ci, [el.ids[v] for v in g],
                      [(el.ids[v], el.names[v], el.types[v], int(inner[v])) for v in g[:SUMMARY_ENTITIES]])
            for ci, g in enumerate(ordered)]


class StoredCommunities:
    """The communities stored for the store's current graph (module docstring); never writes. Cheap to construct;
    the graph is read on first use."""

    def __init__(self, store, seed: int = SEED, resolution: float = RESOLUTION, progress: bool = False):
        self.store = store
        self.seed = seed
        self.resolution = resolution
        self.progress = progress
        self._list: list[Community] | None = None
        self._by_entity: dict[str, int] = {}
        self._hash = ""
        self._summaries: dict[int, CommunitySummary] = {}
        self._led: Ledger | None = None
        self._led_tried = False

    def ledger(self) -> Ledger | None:
        """The store's ``communities`` ledger, or None where it has none (a TigerGraph store opened without a
        folder, a folder that cannot be read)."""
        if not self._led_tried:
            self._led_tried = True
            try:
                self._led = self.store.ledger(NAMESPACE, SCHEMA)
            except (StoreError, OSError, sqlite3.Error):
                self._led = None
        return self._led

    def _membership(self, el: EdgeList) -> list[list[int]] | None:
        """Vertex groups stored for the current graph hash, or None."""
        led = self.ledger()
        rows = led.rows("SELECT cid, members FROM communities_members WHERE graph_hash = ? ORDER BY cid",
                        (self._hash,)) if led is not None else []
        if not rows:
            return None
        index = {v: i for i, v in enumerate(el.ids)}
        return [[index[m] for m in members.split("\t") if m in index] for _, members in rows]

    def _groups(self, el: EdgeList) -> list[list[int]]:
        """What to arrange when nothing is stored for this graph: here, nothing (the ingest side detects)."""
        return self._membership(el) or []

    def detect(self) -> list[Community]:
        """The communities of the current graph, largest first ([] when none are stored for it)."""
        if self._list is not None:
            return self._list
        el = edge_list(self.store, self.progress)
        self._hash = graph_hash(el, self.seed, self.resolution)
        self._list = arrange(el, self._groups(el))
        self._by_entity = {m: c.id for c in self._list for m in c.members}
        return self._list

    def close(self) -> None:
        """Nothing to release (the store owns its ledger); kept for callers that close what they open."""

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

    def stored_summary(self, cid: int) -> CommunitySummary | None:
        led = self.ledger()
        rows = led.rows("SELECT summary, method FROM communities_summaries WHERE graph_hash = ? AND cid = ?",
                        (self._hash, cid)) if led is not None else []
        return CommunitySummary(cid, rows[0][0], rows[0][1], cached=True) if rows else None

    def summary(self, cid: int) -> CommunitySummary:
        """The stored summary of community ``cid``, else its extractive summary (made now, not stored)."""
        if cid in self._summaries:
            return self._summaries[cid]
        comm = self.get(cid)
        out = self.stored_summary(cid) or self.extractive(comm, self.passages(comm))
        self._summaries[cid] = out
        return out

    def passages(self, comm: Community) -> list[tuple[str, str]]:
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

    @staticmethod
    def extractive(comm: Community, passages: list[tuple[str, str]]) -> CommunitySummary:
        members = "; ".join(f"{name} ({t}, {deg} links)" for _, name, t, deg in comm.top)
        text = f"Community {comm.id} ({comm.size} entities) centres on {members}."
        if passages:
            text += " Key passages: " + " ".join(f"[{c}] {s}" for c, s in passages)
        return CommunitySummary(comm.id, text, "extractive", passages)

    def relevant(self, question: str, k: int = 3) -> list[Community]:
        """Communities whose members' names or stored summaries share the most words with the question; the
        largest ones when nothing matches (a question about "the main themes"). Reads only what the store holds,
        so the answer never depends on which summaries earlier questions made."""
        from core.llm.forms import content_words

        q = content_words(question)
        comms = self.detect()
        led = self.ledger()
        stored = dict(led.rows("SELECT cid, summary FROM communities_summaries WHERE graph_hash = ?", (self._hash,))
                      if led is not None else [])
        scored = []
        for c in comms:
            words = content_words(" ".join(name for _, name, _, _ in c.top))
            if c.id in stored:
                words |= content_words(stored[c.id])
            scored.append((len(q & words), c.size, -c.id, c))
        scored.sort(key=lambda r: (-r[0], -r[1], -r[2]))
        return [r[3] for r in scored[:k]]
