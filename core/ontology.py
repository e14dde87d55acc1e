"""The Ontology object: vertex types (attributes, kinds, closed values, nouns), edge types (direction, verbs, edge
attributes) and derived relations, created at run time and stored with a store.

The CRM ontology (``CRM``) is one instance, built from ``core/schema.py``; a graph imported with
``hoplens import-graph`` gets an inferred one (``core.ontology_infer``). Everything that answers
questions reads the ontology of the store it answers from (``store.ontology()``), never the CRM constants.
The building blocks (``Attr``, ``VertexType``, ``EdgeType``) are the schema's own frozen dataclasses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from core.schema import (
    EDGE_TYPES,
    IMPACT_PATHS,
    IMPACT_WORDS,
    STRING,
    VERTEX_TYPES,
    Attr,
    EdgeType,
    VertexType,
    plural,
)

Step = tuple[str, str, str]  # (edge type, "out" | "in", vertex type reached)
_NEVER = re.compile(r"(?!x)x")  # matches nothing: an ontology whose ids have no pattern


@dataclass(frozen=True)
class DerivedRelation:
    """A relation no edge stores, defined by typed paths from ``source`` that must all reach the same entity
    (CRM: a Customer is impacted by an Outage when it uses the outage's vendor AND sits in its region)."""

    name: str
    source: str
    words: tuple[str, ...]  # stems that say it ("impact" matches impacted, impacting)
    paths: tuple[tuple[str, tuple[tuple[Step, ...], ...]], ...]  # (target type, paths from source)

    @property
    def targets(self) -> dict[str, tuple[tuple[Step, ...], ...]]:
        return dict(self.paths)


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: cheap cache keys
class Ontology:
    name: str
    vertex_types: tuple[VertexType, ...]
    edge_types: tuple[EdgeType, ...]
    derived: tuple[DerivedRelation, ...] = ()
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    # ---- lookups ---------------------------------------------------------------------------------------------
    def vertex_type(self, name: str) -> VertexType:
        for vt in self.vertex_types:
            if vt.name == name:
                return vt
        raise KeyError(f"unknown vertex type {name!r}; known: {', '.join(v.name for v in self.vertex_types)}")

    def has_type(self, name: str) -> bool:
        return any(vt.name == name for vt in self.vertex_types)

    def entity_types(self) -> tuple[VertexType, ...]:
        return tuple(v for v in self.vertex_types if v.is_entity)

    def edges(self, name: str | None = None) -> tuple[EdgeType, ...]:
        return tuple(e for e in self.edge_types if name is None or e.name == name)

    def edge_type_names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.name for e in self.edge_types))

    def edge_allowed(self, src_type: str, edge: str, dst_type: str) -> bool:
        return any(
            e.name == edge and e.src in (src_type, "*")
            and (e.dst == dst_type or (e.dst == "*" and self.has_type(dst_type) and self.vertex_type(dst_type).is_entity))
            for e in self.edge_types
        )

    def type_nouns(self) -> dict[str, str]:
        """Every singular and plural noun (lower case) -> vertex type name; longest nouns first."""
        got = self._cache.get("nouns")
        if got is None:
            out: dict[str, str] = {}
            for vt in self.entity_types():
                words = set(vt.nouns) | {vt.name.lower(), split_camel(vt.name)}
                for w in words:
                    out.setdefault(w, vt.name)
                    out.setdefault(plural(w), vt.name)
            got = self._cache["nouns"] = dict(sorted(out.items(), key=lambda kv: -len(kv[0])))
        return got

    @cached_property
    def id_re(self) -> re.Pattern[str]:
        """One regex for the entity ids of types that have an id pattern (none for imported graphs)."""
        pats = [v.id_regex for v in self.vertex_types if v.is_entity and v.id_regex]
        return re.compile(r"\b(?:" + "|".join(pats) + r")\b(?!-[A-Z0-9])") if pats else _NEVER

    def type_of_id(self, entity_id: str) -> str | None:
        for vt in self.vertex_types:
            if vt.id_regex and re.fullmatch(vt.id_regex, entity_id):
                return vt.name
        return None

    def relation(self, a: str, b: str) -> DerivedRelation | None:
        """The derived relation between types ``a`` and ``b`` (either way round), if any."""
        for d in self.derived:
            if (a == d.source and b in d.targets) or (b == d.source and a in d.targets):
                return d
        return None

    # ---- records -----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "vertex_types": [_vt_dict(v) for v in self.vertex_types],
            "edge_types": [_et_dict(e) for e in self.edge_types],
            "derived": [{"name": d.name, "source": d.source, "words": list(d.words),
                         "paths": {t: [[list(s) for s in p] for p in ps] for t, ps in d.paths}} for d in self.derived],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ontology:
        try:
            vts = tuple(_vt_from(v) for v in data["vertex_types"])
            ets = tuple(_et_from(e) for e in data["edge_types"])
            derived = tuple(
                DerivedRelation(d["name"], d["source"], tuple(d.get("words", ())),
                                tuple((t, tuple(tuple(tuple(s) for s in p) for p in ps)) for t, ps in d["paths"].items()))
                for d in data.get("derived", [])
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a valid ontology record: {exc}") from exc
        return cls(str(data.get("name", "graph")), vts, ets, derived)


def split_camel(name: str) -> str:
    """"ComplianceCase" -> "compliance case", "REPORTS_TO" -> "reports to"."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name.replace("_", " "))
    return " ".join(spaced.lower().split())


def _attr_dict(a: Attr) -> dict[str, Any]:
    return {"name": a.name, "kind": a.kind, "words": list(a.words), "values": list(a.values)}


def _attr_from(d: dict[str, Any]) -> Attr:
    return Attr(d["name"], d.get("kind", STRING), tuple(d.get("words", ())), tuple(d.get("values", ())))


def _vt_dict(v: VertexType) -> dict[str, Any]:
    return {"name": v.name, "id_prefix": v.id_prefix, "id_regex": v.id_regex, "attrs": [_attr_dict(a) for a in v.attrs],
            "nouns": list(v.nouns), "is_entity": v.is_entity}


def _vt_from(d: dict[str, Any]) -> VertexType:
    return VertexType(d["name"], d.get("id_prefix", ""), d.get("id_regex", ""), tuple(_attr_from(a) for a in d.get("attrs", [])),
                      tuple(d.get("nouns", ())), bool(d.get("is_entity", True)))


def _et_dict(e: EdgeType) -> dict[str, Any]:
    return {"name": e.name, "src": e.src, "dst": e.dst, "attrs": [_attr_dict(a) for a in e.attrs], "verbs": list(e.verbs),
            "reverse_verbs": list(e.reverse_verbs), "structural": e.structural}


def _et_from(d: dict[str, Any]) -> EdgeType:
    return EdgeType(d["name"], d["src"], d["dst"], tuple(_attr_from(a) for a in d.get("attrs", [])),
                    tuple(d.get("verbs", ())), tuple(d.get("reverse_verbs", ())), bool(d.get("structural", False)))


CRM = Ontology(
    "crm",
    VERTEX_TYPES,
    EDGE_TYPES,
    (DerivedRelation("impacted by", "Outage", IMPACT_WORDS, tuple(IMPACT_PATHS.items())),),
)
