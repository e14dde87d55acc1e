"""Detecting communities of the entity graph (Leiden, igraph) and making their summaries; the store keeps both.

- Detection: python-igraph's ``Graph.community_leiden(objective_function="modularity")`` over every non-structural
  edge (parallel edges summed; an edge's ``weight`` attribute counts, default 1), with a fixed seed so the same graph
  always gives the same communities. Membership is stored in the store's ``communities`` ledger under a hash of
  the graph (``core/communities.py``), so it is recomputed only after the graph changed; a read-only store gets
  them computed in memory.
- Summaries: offline, an extractive summary (the members with the most links inside the community and the passages
  that name the most members); with a real generator, a short LLM summary of the same material (tokens counted).
  Made lazily for the communities someone looks at, stored per graph hash.
Reading what is stored (``relevant``, ``summary``) is ``core.communities.StoredCommunities``, which answering code
uses; ``Communities`` here adds the writing. The Explore page and ``hoplens entities communities`` use
``Communities.overview()``, ``.of(entity_id)``, ``.get(cid)`` and ``.summary(cid)``.
"""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np

from core.communities import (
    RESOLUTION,
    SEED,
    SUMMARY_ENTITIES,
    SUMMARY_PASSAGES,
    Community,
    CommunitySummary,
    EdgeList,
    StoredCommunities,
)
from core.ingest.byod.state import now
from core.llm.base import LLMError
from core.records import Prompt

MIN_SIZE = 2  # singletons are not communities
__all__ = ["MIN_SIZE", "SUMMARY_ENTITIES", "SUMMARY_PASSAGES", "Communities", "Community", "CommunitySummary",
           "leiden", "refresh"]


def leiden(n: int, src: np.ndarray, dst: np.ndarray, weight: np.ndarray, seed: int = SEED,
           resolution: float = RESOLUTION) -> list[int]:
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


class Communities(StoredCommunities):
    """Communities of one store (module docstring). Cheap to construct; detection happens on first use."""

    def __init__(self, store, seed: int = SEED, resolution: float = RESOLUTION, min_size: int = MIN_SIZE,
                 generator=None, progress: bool = False):
        super().__init__(store, seed, resolution, progress)
        self.min_size = min_size
        self.generator = generator if generator is not None and getattr(generator, "name", "") != "offline-reader" else None

    def _groups(self, el: EdgeList) -> list[list[int]]:
        stored = self._membership(el)
        if stored is not None:
            return stored
        membership = leiden(len(el.ids), el.src, el.dst, el.weight, self.seed, self.resolution) if el.ids else []
        by: dict[int, list[int]] = defaultdict(list)
        for v, c in enumerate(membership):
            by[c].append(v)
        groups = [g for g in by.values() if len(g) >= self.min_size]
        led = self.ledger()
        if led is not None and groups and led.writable:
            with led.transaction():  # replaces what was stored for an older graph
                led.execute("DELETE FROM communities_members WHERE graph_hash != ?", (self._hash,))
                led.execute("DELETE FROM communities_summaries WHERE graph_hash != ?", (self._hash,))
                led.executemany("INSERT OR REPLACE INTO communities_members(graph_hash, cid, members) VALUES (?, ?, ?)",
                                [(self._hash, ci, "\t".join(el.ids[v] for v in g)) for ci, g in enumerate(groups)])
        return groups

    def summary(self, cid: int) -> CommunitySummary:
        if cid in self._summaries:
            return self._summaries[cid]
        comm = self.get(cid)
        out = self.stored_summary(cid)
        if out is None:
            passages = self.passages(comm)
            out = self.extractive(comm, passages)
            if self.generator is not None:
                out = self._llm(comm, passages, out)
            led = self.ledger()
            if led is not None and led.writable:
                led.execute("INSERT OR REPLACE INTO communities_summaries(graph_hash, cid, summary, method, created_at) "
                            "VALUES (?, ?, ?, ?, ?)", (self._hash, cid, out.text, out.method, now()))
        self._summaries[cid] = out
        return out

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


def refresh(store, progress: bool = False) -> int:
    """Detect and store the communities of ``store``'s current graph (a no-op when they are stored already);
    returns how many there are."""
    return len(Communities(store, progress=progress).detect())
