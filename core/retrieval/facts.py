"""Every "Computed from the graph: …" sentence retrieval writes, in one place.

The prefix (``COMPUTED_PREFIX``) and the "not understood" prefix (``UNSURE_PREFIX``) are defined beside ``Prompt``
in ``core.records``; the offline reader parses these sentences, so their shapes live here and nowhere else:
- "count = N <Type> entities (path: …)."                         counts
- "N <Type> entities (path: …): ID name; ID name[; and K more]."  lists
- "none — 0 <Type> entities (path: …)."                         empty lists
- "yes — …" / "no — …"                                         yes/no answers
- "<fn> <attr> = V (over N <Type> entities; path: …)."           totals, averages, attribute values
- "not found — …"                                              names the graph does not hold
"""

from __future__ import annotations

from core.records import COMPUTED_PREFIX, UNSURE_PREFIX

MAX_LISTED = 40  # computed lists longer than this are cut (the count stays exact)


def _c(text: str) -> str:
    return f"{COMPUTED_PREFIX} {text}"


def listing(ids: list[str], names: dict[str, str], limit: int = MAX_LISTED) -> str:
    shown = "; ".join(f"{i} {names.get(i, '')}".strip() for i in ids[:limit])
    return shown + (f"; and {len(ids) - limit} more" if len(ids) > limit else "")


def not_found(what: str) -> str:
    return _c(f"not found — {what} exists in the knowledge graph.")


def count(n: int, target: str, desc: str) -> str:
    return _c(f"count = {n} {target} entities (path: {desc}).")


def graph_count(n: int, what: str, desc: str) -> str:
    """A count of the graph's own parts ("8 entity types", "7,381 relationships"), not of one type's entities."""
    return _c(f"count = {n} {what} (path: {desc}).")


def members(ids: list[str], names: dict[str, str], target: str, desc: str) -> str:
    if not ids:
        return _c(f"none — 0 {target} entities (path: {desc}).")
    return _c(f"{len(ids)} {target} entities (path: {desc}): {listing(ids, names)}.")


def any_of(ids: list[str], names: dict[str, str], target: str, desc: str) -> str:
    if not ids:
        return _c(f"no — 0 {target} entities (path: {desc}).")
    return _c(f"yes — {len(ids)} {target} entities (path: {desc}): {listing(ids, names)}.")


def aggregate(fn: str, attr: str, value: float, n: int, target: str, desc: str) -> str:
    shown = f"{value:,.2f}".rstrip("0").rstrip(".")
    return _c(f"{fn} {attr} = {shown} (over {n} {target} entities; path: {desc}).")


def ranked(word: str, counted: str, target: str, pick: int, desc: str, runners: str, listed: str) -> str:
    return _c(f"{word} {counted} entities per {target}, {pick} (path: {desc}; next: {runners}): {listed}.")


def value(entity_id: str, name: str, attr: str, val) -> str:
    if val is None or val == "":
        return _c(f"{entity_id} has no recorded {attr}.")
    return _c(f"{entity_id} ({name}) {attr} = {val}.")


def attribute_values(attr: str, values: dict[str, str], names: dict[str, str], target: str, desc: str) -> str:
    """The value of ``attr`` for each entity of a computed set ("Which category does Lionbell's primary vendor
    belong to?" -> "category = Storage (<vendor id> <name>; path: …)")."""
    distinct = "; ".join(dict.fromkeys(str(v) for v in values.values())) or "unrecorded"
    each = "; ".join(f"{i} {names.get(i, '')}: {v}".strip() for i, v in list(values.items())[:MAX_LISTED])
    return _c(f"{attr} = {distinct} (over {len(values)} {target} entities: {each}; path: {desc}).")


def edge_values(a_id: str, a_name: str, b_id: str, b_name: str, edge: str, attr: str, values: list) -> str:
    """The attribute's values on the edges between two named entities (none: the planner says it is not sure)."""
    shown = ", ".join(str(v) for v in values)
    return _c(f"{attr} of the {edge} edge between {a_id} ({a_name}) and {b_id} ({b_name}) = {shown}.")


def value_check(entity_id: str, name: str, attr: str, have, wanted: list[str], ok: bool) -> str:
    shown = have if have not in (None, "") else "unrecorded"
    tail = "" if ok else f", not {' or '.join(wanted)}"
    return _c(f"{'yes' if ok else 'no'} — {entity_id} ({name}) has {attr} {shown}{tail}.")


def comparison(a: str, na: int, b: str, nb: int, target: str, descs: str, verdict: str) -> str:
    return _c(f"{a} has {na} {target} entities and {b} has {nb} (paths: {descs}); {verdict}.")


def reachable(a_id: str, a_name: str, b_id: str, b_name: str, ok: bool, desc: str) -> str:
    return _c(f"{'yes' if ok else 'no'} — {b_id} ({b_name}) is {'' if ok else 'not '}reachable from {a_id} ({a_name}) "
              f"(path: {desc}).")


def related(entity_id: str, name: str, parts: list[str]) -> str:
    if not parts:
        return _c(f"{entity_id} ({name}) has no recorded relations.")
    shown = "; ".join(parts[:MAX_LISTED]) + (f"; and {len(parts) - MAX_LISTED} more" if len(parts) > MAX_LISTED else "")
    return _c(f"{len(parts)} entities directly related to {entity_id} ({name}): {shown}.")


def facet(n: int, label: str, ids: list[str], names: dict[str, str], describe: str, form: str) -> str:
    if form == "count":
        return _c(f"count = {n} {label} entities (exact facet over the corpus: {describe}).")
    if not n:
        return _c(f"none — 0 {label} entities (facet: {describe}).")
    shown = "; ".join(f"{i} {names.get(i, '')}".strip() for i in ids[:MAX_LISTED])
    more = f"; and {n - MAX_LISTED} more" if n > MAX_LISTED else ""
    return _c(f"{n} {label} entities (facet: {describe}): {shown}{more}.")


def documents(entity_id: str, name: str, doc_ids: list[str], titles: dict[str, str], form: str) -> str:
    if form == "count":
        return _c(f"count = {len(doc_ids)} documents mention {entity_id} ({name}).")
    if not doc_ids:
        return _c(f"none — 0 documents mention {entity_id} ({name}).")
    return _c(f"{len(doc_ids)} documents mention {entity_id} ({name}): {listing(doc_ids, titles)}.")


def co_mentioned(entity_id: str, name: str, kind: str, top: list[str], names: dict[str, str], n: int,
                 runners: list[tuple[str, str, int]]) -> str:
    if not top:
        return _c(f"none — no {kind} is mentioned together with {entity_id} ({name}).")
    nxt = "; ".join(f"{i} {nm}: {c}" for i, nm, c in runners) or "none"
    return _c(f"most mentioned {kind} with {entity_id} ({name}), in {n} documents (next: {nxt}): "
              f"{listing(top, names)}.")


def themes(labels: list[tuple[str, int]]) -> str:
    shown = "; ".join(f"{i}. {label} ({size} entities)" for i, (label, size) in enumerate(labels, 1))
    return _c(f"{len(labels)} main themes (communities of related entities across the documents): {shown}.")


def unsure(understood: list[str], unexplained: list[str]) -> str:
    """The line an unsure plan leaves instead of a computed result."""
    got = "; ".join(understood) or "nothing exact"
    missing = ", ".join(f"'{w}'" for w in unexplained) or "the relation asked for"
    return f"{UNSURE_PREFIX} understood {got}; could not account for {missing}. No exact result was computed."
