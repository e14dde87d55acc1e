"""CSR adjacency over the entity graph and the hop-score expansion (the reference implementation of the contract
in ``core.store.base``).

Vertices are numbered in sorted id order and edge types in sorted name order, so "sorted by (edge type, neighbour
id)" is a plain integer sort. Each vertex's row lists every non-structural edge touching it, in both directions,
sorted by (edge type, neighbour id, out before in). Expansion works on whole frontiers with numpy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from core.records import Subgraph, SubgraphEdge, SubgraphNode
from core.store.filters import edge_matches
from core.store.keys import STRUCTURAL

DIRECTIONS = ("both", "out", "in")


@dataclass
class Graph:
    ids: list[str]  # vertex ids, sorted
    index: dict[str, int]
    vtype: np.ndarray  # int16 code into type_names, -1 when the vertex has no entity record
    type_names: list[str]
    labels: list[str]
    indptr: np.ndarray  # int64, len(ids)+1
    nbr: np.ndarray  # int32 neighbour vertex
    etype: np.ndarray  # int16 code into edge_names
    out: np.ndarray  # bool: True when the stored edge is (row vertex) -> nbr
    eattr: np.ndarray  # int32 index into attrs, -1 when the edge has no attributes
    edge_names: list[str]
    attrs: list[dict[str, Any]]

    @classmethod
    def build(cls, entities: Iterable[tuple[str, str, str]], edges: Iterable[tuple[str, str, str, str]]) -> Graph:
        """``entities``: (id, type, name); ``edges``: (src, type, dst, attrs json), structural ones excluded."""
        import json

        ent = {i: (t, n) for i, t, n in entities}
        src_l, dst_l, typ_l, attr_l = [], [], [], []
        for s, t, d, a in edges:
            if t in STRUCTURAL:
                continue
            src_l.append(s)
            typ_l.append(t)
            dst_l.append(d)
            attr_l.append(a)
        ids = sorted(set(ent) | set(src_l) | set(dst_l))
        index = {v: i for i, v in enumerate(ids)}
        type_names = sorted({t for t, _ in ent.values()})
        tcode = {t: i for i, t in enumerate(type_names)}
        vtype = np.array([tcode[ent[v][0]] if v in ent else -1 for v in ids], dtype=np.int16)
        labels = [ent[v][1] if v in ent else v for v in ids]
        edge_names = sorted(set(typ_l))
        ecode = {t: i for i, t in enumerate(edge_names)}
        m = len(src_l)
        s = np.fromiter((index[v] for v in src_l), dtype=np.int64, count=m)
        d = np.fromiter((index[v] for v in dst_l), dtype=np.int64, count=m)
        t = np.fromiter((ecode[v] for v in typ_l), dtype=np.int64, count=m)
        attrs: list[dict[str, Any]] = []
        a = np.full(m, -1, dtype=np.int64)
        for i, raw in enumerate(attr_l):
            if raw and raw != "{}":
                a[i] = len(attrs)
                attrs.append(json.loads(raw))
        # both directions: row owner, neighbour, type, out flag, attrs
        owner = np.concatenate([s, d])
        nb = np.concatenate([d, s])
        et = np.concatenate([t, t])
        out = np.concatenate([np.ones(m, bool), np.zeros(m, bool)])
        ea = np.concatenate([a, a])
        order = np.lexsort((~out, nb, et, owner))  # last key sorts first: owner, type, neighbour, out first
        owner, nb, et, out, ea = owner[order], nb[order], et[order], out[order], ea[order]
        indptr = np.zeros(len(ids) + 1, dtype=np.int64)
        np.cumsum(np.bincount(owner, minlength=len(ids)), out=indptr[1:])
        return cls(
            ids=ids, index=index, vtype=vtype, type_names=type_names, labels=labels, indptr=indptr,
            nbr=nb.astype(np.int32), etype=et.astype(np.int16), out=out, eattr=ea.astype(np.int32),
            edge_names=edge_names, attrs=attrs,
        )

    # ---- helpers
    def type_of(self, v: int) -> str:
        code = int(self.vtype[v])
        return self.type_names[code] if code >= 0 else "Unknown"

    def _type_codes(self, edge_types: Iterable[str] | None) -> np.ndarray | None:
        if edge_types is None:
            return None
        codes = [self.edge_names.index(t) for t in set(edge_types) if t in self.edge_names]
        return np.array(sorted(codes), dtype=np.int16)

    def _positions(
        self, frontier: np.ndarray, fanout: int | None, types: np.ndarray | None, direction: str
    ) -> tuple[np.ndarray, np.ndarray]:
        """(adjacency positions, their row vertex) walked from ``frontier`` in order: per vertex, its edges in
        (edge type, neighbour id) order after the type/direction filter, at most ``fanout`` of them."""
        starts, ends = self.indptr[frontier], self.indptr[frontier + 1]
        if fanout is not None and types is None and direction == "both":
            ends = np.minimum(ends, starts + fanout)  # no filter: the cap is a slice
        lens = ends - starts
        total = int(lens.sum())
        if not total:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        # concatenated aranges without a Python loop
        offs = np.repeat(starts - np.concatenate([[0], np.cumsum(lens)[:-1]]), lens)
        pos = np.arange(total, dtype=np.int64) + offs
        owner = np.repeat(frontier, lens)
        if types is None and direction == "both":
            return pos, owner
        keep = np.ones(total, dtype=bool)
        if types is not None:
            keep &= np.isin(self.etype[pos], types)
        if direction == "out":
            keep &= self.out[pos]
        elif direction == "in":
            keep &= ~self.out[pos]
        pos, owner = pos[keep], owner[keep]
        if fanout is not None and len(pos):
            # rank of each kept edge within its row; rows are contiguous and in frontier order
            first = _group_first(owner)
            keep = (np.arange(len(pos)) - first) < fanout
            pos, owner = pos[keep], owner[keep]
        return pos, owner

    def stored_edge(self, row_vertex: int, p: int) -> SubgraphEdge:
        a, b = self.ids[row_vertex], self.ids[int(self.nbr[p])]
        t = self.edge_names[int(self.etype[p])]
        return SubgraphEdge(a, t, b) if self.out[p] else SubgraphEdge(b, t, a)

    # ---- the hop-score contract
    def expand(
        self,
        seeds: Sequence[str],
        hops: int = 2,
        fanout: int = 50,
        edge_types: Iterable[str] | None = None,
        max_nodes: int = 400,
        direction: str = "both",
    ) -> Subgraph:
        if direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
        if hops < 0 or fanout < 0 or max_nodes < 0:
            raise ValueError("hops, fanout and max_nodes must be >= 0")
        types = self._type_codes(edge_types)
        seed_idx = list(dict.fromkeys(self.index[s] for s in seeds if s in self.index))[:max_nodes]
        n_seeds = len(seed_idx)
        words = max(1, (n_seeds + 63) // 64)
        # per-subgraph-node state, indexed by local number (order of addition)
        local = {}
        node_v: list[int] = []
        hop_l: list[int] = []
        score_l: list[float] = []
        via_l: list[str | None] = []
        from_l: list[str | None] = []
        masks = np.zeros((max(n_seeds, 1) + 0, words), dtype=np.uint64)  # grows as nodes are added
        for i, v in enumerate(seed_idx):
            local[v] = i
            node_v.append(v)
            hop_l.append(0)
            score_l.append(0.0)
            via_l.append(None)
            from_l.append(None)
            masks[i, i // 64] |= np.uint64(1) << np.uint64(i % 64)
        visited = np.zeros(len(self.ids), dtype=bool)
        visited[seed_idx] = True
        frontier = np.array(sorted(seed_idx), dtype=np.int64)
        edge_set: dict[tuple[str, str, str], SubgraphEdge] = {}

        for h in range(1, hops + 1):
            if not len(frontier) or fanout == 0:
                break
            pos, owner = self._positions(frontier, fanout, types, direction)
            if not len(pos):
                break
            nb = self.nbr[pos].astype(np.int64)
            fresh = ~visited[nb]
            room = max_nodes - len(node_v)
            cand = nb[fresh]
            new_nodes = np.zeros(0, dtype=np.int64)
            if len(cand) and room > 0:
                uniq, first = np.unique(cand, return_index=True)
                new_nodes = uniq[np.argsort(first, kind="stable")][:room]
            is_new = np.zeros(len(self.ids), dtype=bool)
            is_new[new_nodes] = True
            reach = fresh & is_new[nb]  # the edges that score
            # register new nodes in first-reach order
            base = len(node_v)
            masks = np.vstack([masks[:base], np.zeros((len(new_nodes), words), dtype=np.uint64)])
            for j, v in enumerate(new_nodes.tolist()):
                local[v] = base + j
                node_v.append(v)
                hop_l.append(h)
                score_l.append(0.0)
                via_l.append(None)
                from_l.append(None)
            weight = 1.0 / 2 ** (h - 1)
            r_pos, r_owner, r_nb = pos[reach], owner[reach], nb[reach]
            if len(r_nb):
                loc_nb = np.fromiter((local[v] for v in r_nb.tolist()), dtype=np.int64, count=len(r_nb))
                loc_owner = np.fromiter((local[v] for v in r_owner.tolist()), dtype=np.int64, count=len(r_owner))
                support = np.bincount(loc_nb - base, minlength=len(new_nodes))
                for j in range(len(new_nodes)):
                    score_l[base + j] = float(support[j]) * weight
                np.bitwise_or.at(masks, loc_nb, masks[loc_owner])
                _, first_edge = np.unique(loc_nb, return_index=True)
                for e in first_edge.tolist():
                    j = int(loc_nb[e])
                    via_l[j] = self.edge_names[int(self.etype[r_pos[e]])]
                    from_l[j] = self.ids[int(r_owner[e])]
            # every walked edge whose far end is in the subgraph (new now, or visited before this hop)
            in_sub = visited[nb] | is_new[nb]
            for p, o in zip(pos[in_sub].tolist(), owner[in_sub].tolist(), strict=True):
                e = self.stored_edge(o, p)
                edge_set.setdefault((e.src, e.type, e.dst), e)
            visited[new_nodes] = True
            frontier = np.sort(new_nodes)
            if len(node_v) >= max_nodes:
                break

        seed_ids = [self.ids[v] for v in seed_idx]
        nodes = []
        for i, v in enumerate(node_v):
            row = masks[i]
            node_seeds = [seed_ids[s] for s in range(n_seeds) if int(row[s // 64]) >> (s % 64) & 1]
            nodes.append(
                SubgraphNode(
                    id=self.ids[v], type=self.type_of(v), label=self.labels[v], hop=hop_l[i], hop_score=score_l[i],
                    seeds=sorted(node_seeds), via_edge=via_l[i], reached_from=from_l[i],
                )
            )
        edges = sorted(edge_set.values(), key=lambda e: (e.src, e.type, e.dst))
        return Subgraph(nodes=nodes, edges=edges)

    # ---- typed paths (exact: no fan-out cap)
    def step(
        self, frontier: np.ndarray, edge: str, direction: str, target: str | None, edge_attrs: dict[str, Any] | None,
        edge_filters: list | None = None,
    ) -> np.ndarray:
        """Sorted unique vertices reached from ``frontier`` by ``edge`` in ``direction`` with type ``target``."""
        if edge not in self.edge_names or not len(frontier):
            return np.zeros(0, dtype=np.int64)
        types = np.array([self.edge_names.index(edge)], dtype=np.int16)
        pos, _ = self._positions(np.sort(frontier), None, types, direction)
        if target not in (None, "", "*"):
            if target not in self.type_names:
                return np.zeros(0, dtype=np.int64)
            pos = pos[self.vtype[self.nbr[pos]] == self.type_names.index(target)]
        if edge_attrs:
            pos = pos[[_attrs_match(self.attrs[a] if a >= 0 else {}, edge_attrs) for a in self.eattr[pos].tolist()]]
        if edge_filters:
            pos = pos[[edge_matches(self.attrs[a] if a >= 0 else {}, edge_filters) for a in self.eattr[pos].tolist()]]
        return np.unique(self.nbr[pos].astype(np.int64))


def _group_first(owner: np.ndarray) -> np.ndarray:
    """Index of the first element of each element's run of equal values."""
    change = np.concatenate([[True], owner[1:] != owner[:-1]])
    starts = np.flatnonzero(change)
    return np.repeat(starts, np.diff(np.concatenate([starts, [len(owner)]])))


def _attrs_match(attrs: dict[str, Any], want: dict[str, Any]) -> bool:
    for key, value in want.items():
        have = attrs.get(key)
        if have is None:
            return False
        if isinstance(have, str) and isinstance(value, str):
            if have.casefold() != value.casefold():
                return False
        elif have != value:
            return False
    return True
