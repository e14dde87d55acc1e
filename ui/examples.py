"""Example questions for the overview, written from the store's ontology and real records (``core.viz.
example_questions``), never from a question suite: this module only samples the records they name."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from core import viz
from core.records import Entity

SAMPLE_TARGETS = 12  # target entities tried per edge type
MAX_SOURCES = 8  # prefer a target with a short list of sources (a readable answer)


_PLAIN_NAME = re.compile(r"[\w][\w .,'&/:-]*[\w.]")  # no brackets or question marks inside a question


def _resolves(store: Any, entity: Entity) -> bool:
    """The entity's name is plain text and finds that entity first (so a question naming it is about it)."""
    if not _PLAIN_NAME.fullmatch(entity.name or ""):
        return False
    hits = store.find_entities(entity.name, limit=2)
    return bool(hits) and hits[0].id == entity.id and (len(hits) == 1 or hits[1].name != entity.name)


def sample_edges(store: Any, onto: Any) -> list[tuple[Entity, str, Entity]]:
    """One real (source, edge type, target) per non-structural edge type: the first listed target, in a stable
    order, whose name resolves to it and that has between 1 and MAX_SOURCES sources over that edge."""
    out: list[tuple[Entity, str, Entity]] = []
    for et in onto.edge_types:
        if et.structural or et.dst == "*" or not onto.has_type(et.dst):
            continue
        fallback = None
        for target in store.list_entities(et.dst, limit=SAMPLE_TARGETS):
            sources = [e for edge, e in store.neighbors(target.id, edge_type=et.name, direction="in")
                       if edge.dst == target.id and e.type == et.src]
            if not sources or not target.name or not _resolves(store, target):
                continue
            if len(sources) <= MAX_SOURCES:
                out.append((sources[0], et.name, target))
                fallback = None
                break
            fallback = fallback or (sources[0], et.name, target)
        if fallback:
            out.append(fallback)
    return out


@st.cache_data(show_spinner=False, max_entries=8)
def _cached(store_key: str, stats_key: str, _store: Any) -> list[dict[str, str]]:
    import json

    onto = _store.ontology()
    return viz.example_questions(onto, json.loads(stats_key).get("entities") or {}, sample_edges(_store, onto))


def examples(store: Any, stats: dict[str, Any]) -> list[dict[str, str]]:
    """The overview's examples for this store, cached per store and per state of it (the whole of ``stats``:
    counts, build state, index generation), so a rebuilt store gets examples naming its own records."""
    import json

    return _cached(store.location, json.dumps(stats, sort_keys=True, default=str), store)
