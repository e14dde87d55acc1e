"""A read-only graph over entities.jsonl / edges.jsonl, for computing gold answers by traversal."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from core.dataset.io import FILES, iter_jsonl, read_manifest
from core.records import Edge, Entity

Step = tuple[str, str, str]  # (edge type, "out" | "in", vertex type reached)


class KB:
    def __init__(self, entities: Iterable[Entity], edges: Iterable[Edge]):
        self.entities: dict[str, Entity] = {}
        self._by_type: dict[str, list[str]] = defaultdict(list)
        for e in entities:
            self.entities[e.id] = e
            self._by_type[e.type].append(e.id)
        self._out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self._in: dict[tuple[str, str], list[str]] = defaultdict(list)
        for ed in edges:
            if ed.src not in self.entities or ed.dst not in self.entities:
                raise ValueError(f"edge {ed.src} -{ed.type}-> {ed.dst} points at an entity that is not in the dataset")
            self._out[(ed.src, ed.type)].append(ed.dst)
            self._in[(ed.dst, ed.type)].append(ed.src)
        self._adjacent: dict[str, set[str]] = defaultdict(set)
        for (src, _), dsts in self._out.items():
            for d in dsts:
                self._adjacent[src].add(d)
                self._adjacent[d].add(src)

    @classmethod
    def load(cls, data_dir: Path) -> KB:
        data_dir = Path(data_dir)
        read_manifest(data_dir)  # a clear error when DIR is not a dataset
        return cls(iter_jsonl(data_dir / FILES["entities"], Entity), iter_jsonl(data_dir / FILES["edges"], Edge))

    def ids(self, etype: str) -> list[str]:
        return self._by_type.get(etype, [])

    def name(self, eid: str) -> str:
        return self.entities[eid].name

    def follow(self, ids: Iterable[str], step: Step) -> set[str]:
        edge, direction, target = step
        table = self._out if direction == "out" else self._in
        return {n for i in ids for n in table.get((i, edge), ()) if self.entities[n].type == target}

    def walk(self, anchor: str, paths: tuple[tuple[Step, ...], ...], then: tuple[Step, ...] = ()) -> set[str]:
        """Entities reached from ``anchor`` along every path (intersection), then along ``then``."""
        reached: set[str] | None = None
        for path in paths:
            cur = {anchor}
            for step in path:
                cur = self.follow(cur, step)
            reached = cur if reached is None else reached & cur
        reached = reached or set()
        for step in then:
            reached = self.follow(reached, step)
        return reached

    def neighbours(self, eid: str) -> set[str]:
        """Every entity directly related to ``eid`` by any edge type, in either direction."""
        return set(self._adjacent.get(eid, ()))
