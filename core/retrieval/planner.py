"""Query-type-aware planning: question -> Plan -> exact graph computation -> computed facts.

A general mechanism over the ontology in ``core.schema``, not a list of question templates:
- anchors are the entities linked in the question (ids, names, aliases);
- the *operator* comes from the question's form (how many -> count, more/fewer -> compare, is/does -> exists,
  everything/overview -> portfolio, an attribute word -> value, a type noun -> list);
- the *target type* is the first type noun the question uses that is not an anchor's own type;
- the *path* is the best-scoring typed path in the schema graph from the anchor type to the target type, where
  intermediate types the question names and relation verbs it uses earn credit and length costs;
- *filters* come from the closed attribute values and numeric comparisons the question names;
- the derived "impacted by an outage" relation (vendor AND region) is used when impact words meet the types it links.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.llm.forms import COUNT as _COUNT
from core.llm.forms import FEWER as _FEWER
from core.llm.forms import MORE as _MORE
from core.llm.forms import PORTFOLIO as _PORTFOLIO
from core.llm.forms import YESNO as _YESNO
from core.records import Entity, Filter, PathQuery, PathStep, Plan
from core.retrieval.linking import Linked, normalise
from core.schema import (
    DATE,
    EDGE_TYPES,
    FLOAT,
    IMPACT_PATHS,
    IMPACT_WORDS,
    INT,
    STRING,
    VertexType,
    entity_types,
    type_nouns,
    vertex_type,
)
from core.store._filters import matches

MAX_PATH_LEN = 3
MAX_LISTED = 40  # computed lists longer than this are cut (the count stays exact)
# Short, common verb phrases say little about which edge is meant.
WEAK_VERBS = {"in", "for", "have", "has", "had", "about", "use", "uses", "using", "serve", "serves", "against", "run",
              "own", "experience", "cause", "power"}

# Wh-words that name a type when the question names none ("who" after relation verbs had their say).
# A question that opens with one of these asks for one of its types; the first is the default.
_SUPERLATIVE = re.compile(r"\b(most|fewest|least|highest number|largest number|greatest number)\b")
NUMERIC_AGGREGATES = {
    "total": re.compile(r"\b(total|sum|combined|aggregate|altogether)\b"),
    "average": re.compile(r"\b(average|mean|typical)\b"),
}
QUESTION_WORDS = frozenset(
    "what which who whom whose how when where why is are was were does do did has have had can could will would "
    "list show give tell name count find please according i we our".split()
)
PREDICATE_WORDS = {"is", "are", "was", "were", "still", "currently", "remain", "remains", "being", "now"}
CALENDAR = ("january february march april may june july august september october november december monday "
            "tuesday wednesday thursday friday saturday sunday").split()
MAX_OBSERVED_VALUES = 40  # a string attribute with more distinct values is free text, not a category
GLOBAL_LIMIT = 200_000  # entities of one type scanned for a question that names no entity
GROUP_LIMIT = 2_000  # candidates ranked for "which X has the most Y"


def _as_float(value: Any) -> float | None:
    try:
        return None if isinstance(value, bool) or value is None else float(value)
    except (TypeError, ValueError):
        return None


# "who" asks for a person or an organisation; "where" for a place.
WH_TYPES = {"who": ("Employee", "Customer", "Vendor"), "whom": ("Employee", "Customer", "Vendor"), "where": ("Region",)}
_CMP = [
    (re.compile(r"\b(at least|no less than|or more)\b"), ">="),
    (re.compile(r"\b(at most|no more than|or less|or fewer)\b"), "<="),
    (re.compile(r"\b(above|over|greater than|more than|higher than|exceeding|after|later than|since)\b"), ">"),
    (re.compile(r"\b(below|under|less than|lower than|fewer than|before|earlier than)\b"), "<"),
]
_NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*([kmb])?\b", re.I)
_YEAR = re.compile(r"\b(in|during|from|of|since)\s+((?:19|20)\d{2})\b(?!-)")
_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")


@dataclass
class PlanResult:
    plan: Plan
    facts: list[str] = field(default_factory=list)  # computed fact lines for the context
    result_ids: list[str] = field(default_factory=list)  # entities in the computed result


@dataclass
class _Noun:
    type: str
    start: int  # word index in the normalised question
    plural: bool


def _words(text: str) -> list[str]:
    return normalise(text).split()


def _find_phrase(words: list[str], phrase: str) -> int:
    """Word index of ``phrase`` (normalised) in ``words`` or -1."""
    p = phrase.split()
    for i in range(len(words) - len(p) + 1):
        if words[i : i + len(p)] == p:
            return i
    return -1


@lru_cache(maxsize=256)
def _verb_re(verb: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(verb)}(s|es|ed|d)?\b")


@lru_cache(maxsize=256)
def _typed_paths(src: str, dst: str) -> tuple[tuple[PathStep, ...], ...]:
    """All typed paths src -> dst up to MAX_PATH_LEN over entity edges (no vertex type repeated inside)."""
    out: list[tuple[PathStep, ...]] = []

    def walk(cur: str, steps: list[PathStep], seen: set[str]) -> None:
        if steps and cur == dst:
            out.append(tuple(steps))
            return
        if len(steps) == MAX_PATH_LEN:
            return
        for e in EDGE_TYPES:
            if e.structural:
                continue
            for direction, a, b in (("out", e.src, e.dst), ("in", e.dst, e.src)):
                if a == cur and (b not in seen or b == dst):
                    steps.append(PathStep(e.name, direction, b))
                    walk(b, steps, seen | {b})
                    steps.pop()

    walk(src, [], {src})
    return tuple(out)


def _ontology_type(name: str) -> VertexType | None:
    return next((v for v in entity_types() if v.name == name), None)


def _render_path(anchor: str, steps: list[PathStep]) -> str:
    out = anchor
    for s in steps:
        edge = s.edge + ("[" + ", ".join(f"{k}={v}" for k, v in s.edge_attrs.items()) + "]" if s.edge_attrs else "")
        out += f" -{edge}-> {s.target}" if s.direction == "out" else f" <-{edge}- {s.target}"
    return out


def _reverse(steps: tuple[tuple[str, str, str], ...], start_type: str) -> list[PathStep]:
    """Reverse a typed path that starts at ``start_type``."""
    types = [start_type] + [t for _, _, t in steps]
    out = []
    for i in range(len(steps) - 1, -1, -1):
        edge, direction, _ = steps[i]
        out.append(PathStep(edge, "in" if direction == "out" else "out", types[i]))
    return out


class Planner:
    """Rule-based planner. ``store`` is a GraphStore; the planner only reads the graph through it."""

    def __init__(self, store, link: Callable[[str], Linked]):
        self.store = store
        self.link = link
        self.nouns = type_nouns()  # noun -> type, longest first
        self._observed: dict[str, dict[str, tuple[str, ...]]] = {}

    # ---- understanding -------------------------------------------------------------------------------------------

    def _nouns(self, words: list[str], blocked: set[int]) -> list[_Noun]:
        found: list[_Noun] = []
        used: set[int] = set(blocked)
        for noun, tname in self.nouns.items():
            p = noun.split()
            for i in range(len(words) - len(p) + 1):
                span = set(range(i, i + len(p)))
                if words[i : i + len(p)] == p and not (span & used):
                    found.append(_Noun(tname, i, noun not in vertex_type(tname).nouns and noun != tname.lower()))
                    used |= span
        return sorted(found, key=lambda n: n.start)

    @staticmethod
    def _verb_weights(words: list[str]) -> dict[str, float]:
        """Edge name -> credit for the strongest of its verb phrases the question uses (inflections allowed)."""
        text = " ".join(words)
        out: dict[str, float] = {}
        for e in EDGE_TYPES:
            for verb in (*e.verbs, *e.reverse_verbs):
                if _verb_re(verb).search(text):
                    out[e.name] = max(out.get(e.name, 0.0), 0.3 if verb in WEAK_VERBS else 1.0)
        return out

    def _score_path(self, steps: list[PathStep], verbs: dict[str, float], mentioned: set[str]) -> float:
        score = -1.0 * len(steps)
        for s in steps[:-1]:
            score += 2.0 if s.target in mentioned else -0.5
        return score + sum(verbs.get(s.edge, 0.0) for s in steps)

    def _best_path(self, src: str, dst: str, words: list[str], mentioned: set[str]) -> list[PathStep] | None:
        paths = _typed_paths(src, dst)
        if not paths:
            return None
        verbs = self._verb_weights(words)
        best = max(paths, key=lambda p: (self._score_path(p, verbs, mentioned), -len(p)))
        return [PathStep(s.edge, s.direction, s.target, {}) for s in best]  # fresh steps: edge_attrs get set on them

    def _values(self, vt: VertexType) -> dict[str, tuple[str, ...]]:
        """Closed values per string attribute: declared in the ontology, else observed in the data when an
        attribute takes few distinct values (a category such as "CDN"). Read once per type."""
        if vt.name not in self._observed:
            seen: dict[str, set[str]] = {a.name: set() for a in vt.attrs if a.kind == STRING and not a.values}
            seen.pop("name", None)
            seen.pop("title", None)
            for e in self.store.list_entities(vt.name, limit=GLOBAL_LIMIT) if seen else []:
                for attr, values in seen.items():
                    v = e.attrs.get(attr)
                    if isinstance(v, str) and len(values) <= MAX_OBSERVED_VALUES:
                        values.add(v)
            out = {a.name: a.values for a in vt.attrs if a.values}
            out |= {k: tuple(sorted(v)) for k, v in seen.items() if 0 < len(v) <= MAX_OBSERVED_VALUES}
            self._observed[vt.name] = out
        return self._observed[vt.name]

    def _filters(self, target: VertexType, words: list[str], question: str, target_pos: int) -> list[Filter]:
        filters: list[Filter] = []
        closed = self._values(target)
        # Nouns of other types: a value right before one of them describes that type ("P0 outages").
        other_noun_at = {n.start for n in self._nouns(words, set()) if n.type != target.name}
        for attr in target.attrs:
            for value in sorted(closed.get(attr.name, ()), key=len, reverse=True):
                i = _find_phrase(words, normalise(value))
                if i < 0:
                    continue
                vlen = len(normalise(value).split())
                after = words[i + vlen : i + vlen + 3]
                before = words[max(0, i - 3) : i]
                distinctive = any(ch.isdigit() for ch in value)
                attr_words = {w for phrase in (attr.name.replace("_", " "), *attr.words) for w in phrase.split()}
                near_noun = target_pos >= 0 and i < target_pos <= i + vlen + 2
                if (i + vlen) in other_noun_at and not near_noun:
                    continue
                predicate = bool(set(before[-1:]) & PREDICATE_WORDS)  # "tickets that are still open"
                if distinctive or near_noun or predicate or attr_words & set(after) or attr_words & set(before):
                    filters.append(Filter(attr.name, "==", value))
                    break
        low = question.lower()
        for attr in target.attrs:
            if attr.kind not in (INT, FLOAT, DATE):
                continue
            for phrase in sorted((attr.name.replace("_", " "), *attr.words), key=len, reverse=True):
                m = re.search(rf"\b{re.escape(phrase)}\b(.{{0,40}})", low)
                if not m:
                    continue
                tail = m.group(1)
                for pattern, op in _CMP:
                    c = pattern.search(tail)
                    if not c:
                        continue
                    rest = tail[c.end() :]
                    if attr.kind == DATE:
                        d = _DATE.search(rest)
                        if d:
                            filters.append(Filter(attr.name, op, d.group(1)))
                    else:
                        n = _NUMBER.search(rest)
                        if n:
                            value = float(n.group(1).replace(",", ""))
                            value *= {"k": 1e3, "m": 1e6, "b": 1e9}.get((n.group(2) or "").lower(), 1)
                            filters.append(Filter(attr.name, op, value))
                    break
                break
        year = _YEAR.search(low)
        dates = [a for a in target.attrs if a.kind == DATE]
        if year and dates and not any(f.attr in {a.name for a in dates} for f in filters):
            # "outages in 2024": the date attribute the question names, else the type's first date (ISO strings).
            named = [a for a in dates if any(_find_phrase(words, normalise(p)) >= 0 for p in a.words)]
            filters.append(Filter((named or dates)[0].name, "contains", year.group(2)))
        return filters

    def _edge_attrs(self, steps: list[PathStep], words: list[str]) -> None:
        for s in steps:
            for e in EDGE_TYPES:
                if e.name != s.edge:
                    continue
                for a in e.attrs:
                    for v in a.values:
                        if _find_phrase(words, normalise(v)) >= 0:
                            s.edge_attrs[a.name] = v

    def _lookup_attr(self, vt: VertexType, words: list[str]) -> str | None:
        best: tuple[int, int, str] | None = None
        for order, attr in enumerate(vt.attrs):
            for phrase in (attr.name.replace("_", " "), *attr.words):
                if attr.name == "name" and phrase == "name":
                    pass
                if _find_phrase(words, normalise(phrase)) >= 0:
                    key = (len(phrase), -order, attr.name)
                    if best is None or key > best:
                        best = key
        return best[2] if best else None

    # ---- planning ------------------------------------------------------------------------------------------------

    def plan(self, question: str, linked: Linked | None = None) -> PlanResult:
        linked = linked or self.link(question)
        # Entity names are not question words: "Greensight cloud cost optimization" must not ask for a cost.
        masked = question
        for m in sorted(linked.mentions, key=lambda m: -m.start):
            masked = masked[: m.start] + " " * (m.end - m.start) + masked[m.end :]
        low = masked.strip().lower()
        words = _words(question)
        anchors: list[Entity] = [e for e in self.store.get_entities(linked.ids) if e is not None]
        anchor_types = {a.type for a in anchors}

        if linked.unresolved and not anchors:
            missing = ", ".join(linked.unresolved)
            return PlanResult(
                Plan("unanswerable", unresolved=linked.unresolved, explanation=f"{missing} is not in the knowledge graph"),
                [f"Computed from the graph: not found — no entity {missing} exists in the knowledge graph."],
            )
        if not anchors:
            unknown = self._unknown_name(question)
            if unknown:
                return PlanResult(
                    Plan("unanswerable", unresolved=[unknown], explanation=f"no entity named {unknown!r}"),
                    [f"Computed from the graph: not found — no entity named '{unknown}' exists in the knowledge graph."],
                )
            planned = self._global(question, words, low)
            if planned is not None:
                return planned
            return PlanResult(Plan("lookup", explanation="no entity named; answering from retrieved text"))

        # A name the store does not know beside the ones it does ("the Bank of <linked city>"): not answerable.
        unknown = self._unknown_name(masked)
        if unknown:
            return PlanResult(
                Plan("unanswerable", anchors=[a.id for a in anchors], unresolved=[unknown],
                     explanation=f"no entity named {unknown!r}"),
                [f"Computed from the graph: not found — no entity named '{unknown}' exists in the knowledge graph."],
            )

        # Word positions covered by anchor mentions: their words are names, not type nouns.
        blocked = self._mention_word_positions(question, linked)
        words = ["_" if i in blocked else w for i, w in enumerate(words)]
        question = masked
        anchor_vt = _ontology_type(anchors[0].type)  # None for types extracted from user documents
        if anchor_vt is not None:
            blocked |= self._attr_phrase_positions(anchor_vt, words)
        nouns = self._nouns(words, blocked)
        mentioned_types = {n.type for n in nouns}
        other_nouns = [n for n in nouns if n.type not in anchor_types]
        target_noun = other_nouns[0] if other_nouns else None
        if nouns and nouns[0].plural and nouns[0].type in anchor_types and (target_noun is None or nouns[0].start < target_noun.start):
            # "Which customers share a region with CUST-1?": the anchor's own type is asked for, via the others.
            target_noun = nouns[0]
        if target_noun is None:
            # "which customers share a region with CUST-1": the anchor's own type, asked for in plural.
            same = [n for n in nouns if n.plural]
            target_noun = same[0] if same else None
        wh = WH_TYPES.get(words[0]) if words else None
        if wh and target_noun is not None and target_noun.type not in wh and not set(wh) & anchor_types:
            # "Where did the incidents <vendor> experienced happen?": the wh-word names the target, the noun a hop.
            via = self._target_from_verbs(target_noun.type, words, exclude=anchor_types)
            target_noun = via if via is not None and via.type in wh else _Noun(wh[0], -1, False)

        # ---- portfolio: everything about one entity (no other type asked for)
        if _PORTFOLIO.search(low) and not other_nouns:
            return self._portfolio(anchors[0])

        # ---- comparison between same-type anchors
        same_type = [a for a in anchors if a.type == anchors[0].type]
        if len(same_type) >= 2 and (_MORE.search(low) or _FEWER.search(low)) and target_noun:
            return self._comparison(same_type[:2], target_noun, words, mentioned_types, question, bool(_FEWER.search(low)))

        # ---- yes/no between two anchors of different types
        if _YESNO.search(low) and len({a.type for a in anchors}) >= 2:
            return self._exists(anchors[0], anchors[1], words, mentioned_types, low)
        # ---- yes/no about one entity's attribute value ("Is Acme an Enterprise account?")
        if _YESNO.search(low) and len(anchors) == 1 and anchor_vt is not None and not other_nouns:
            checked = self._value_check(anchors[0], anchor_vt, words)
            if checked is not None:
                return checked

        count = bool(_COUNT.search(low))
        if target_noun is None:
            # No type asked for: an attribute of the anchor, else the type a wh-word or a relation verb points to.
            attr = self._lookup_attr(anchor_vt, words) if anchor_vt is not None else None
            if attr and not count:
                return self._lookup(anchors[0], attr)
            target_noun = self._target_from_verbs(anchors[0].type, words)
            if target_noun is None and wh and wh[0] != anchors[0].type:
                target_noun = _Noun(wh[0], -1, False)
        if target_noun is None:
            return PlanResult(Plan("lookup", anchors=[a.id for a in anchors], explanation="no target type recognised"))

        return self._traverse(anchors, target_noun, words, nouns, question, low, count)

    def _mention_word_positions(self, question: str, linked: Linked) -> set[int]:
        positions: set[int] = set()
        self._anchor_at: dict[str, int] = {}  # entity id -> word index of its first mention
        for idx, w in enumerate(re.finditer(r"[A-Za-z0-9]+(?:[&.-][A-Za-z0-9]+)*", question)):
            for m in linked.mentions:
                if m.start <= w.start() < m.end:
                    positions.add(idx)
                    self._anchor_at.setdefault(m.entity_id, idx)
        return positions

    def _unknown_name(self, question: str) -> str | None:
        """A capitalised name (not sentence-initial, not an ontology word, an acronym or a calendar word) that the
        store does not know: the question is about an entity we do not have."""
        known = set(CALENDAR) | {w.lower() for w in type_nouns()} | {vt.name.lower() for vt in entity_types()}
        for vt in entity_types():
            for a in vt.attrs:
                known.update(w.lower() for phrase in a.words for w in phrase.split())
            for values in self._values(vt).values():  # closed and observed values ("Support", "CDN")
                known.update(v.lower() for v in values)
        known |= QUESTION_WORDS
        for m in re.finditer(r"(?<![\w-])([A-Z][a-zA-Z0-9&.]+(?:\s+[A-Z][a-zA-Z0-9&.]+)*)", question):
            phrase = m.group(1).strip(".")
            before = question[: m.start()].rstrip()
            if not before or before[-1] in ".?!:;\"'(":
                # A sentence-initial capital is not a name, but what follows it may be ("Is Obsidian Dynamics ...").
                phrase = phrase.partition(" ")[2]
            single = " " not in phrase
            if not phrase or phrase.lower() in known or all(w.lower() in known for w in phrase.split()):
                continue  # "Gold SLA", "Enterprise": ontology words, not a name
            if single and (len(phrase) < 4 or phrase.isupper()):
                continue  # short words and acronyms (CDN, EMEA) are too often ordinary vocabulary
            if not self.store.find_entities(phrase, limit=1):
                return phrase
        return None

    def _attr_phrase_positions(self, vt: VertexType, words: list[str]) -> set[int]:
        """Word positions inside a multi-word attribute phrase of the anchor's type ("type of case")."""
        out: set[int] = set()
        for attr in vt.attrs:
            for phrase in attr.words:
                p = normalise(phrase).split()
                if len(p) < 2:
                    continue
                i = _find_phrase(words, " ".join(p))
                if i >= 0:
                    out |= set(range(i, i + len(p)))
        return out

    def _target_from_verbs(self, anchor_type: str, words: list[str], exclude: set[str] = frozenset()) -> _Noun | None:
        text = " ".join(words)
        best: tuple[float, str] | None = None
        for e in EDGE_TYPES:
            if e.structural:
                continue
            for other, verbs in ((e.dst, e.reverse_verbs + e.verbs), (e.src, e.verbs + e.reverse_verbs)):
                if anchor_type not in (e.src, e.dst) or other == anchor_type or other in exclude:
                    continue
                for v in verbs:
                    if v not in WEAK_VERBS and _verb_re(v).search(text):
                        key = (len(v), other)
                        if best is None or key > best:
                            best = key
        return _Noun(best[1], -1, False) if best else None

    def _stages(self, anchor: Entity, target: str, words, mentioned: set[str], low: str) -> list[tuple[list[list[PathStep]], str]]:
        """Stages from the anchor to ``target``; each stage is (paths intersected, type reached). A later stage
        starts from the ids the previous one reached (so "account managers of customers impacted by an outage"
        first intersects the impact paths, then walks to the managers)."""
        impact = any(re.search(rf"\b{w}", low) for w in IMPACT_WORDS)
        # The derived relation needs both routes (vendor AND region); a question naming only one route asks for it.
        route_types = {t for paths in IMPACT_PATHS.values() for p in paths for _, _, t in p[:-1]}
        if len(route_types & mentioned) == 1:
            impact = False
        if impact and anchor.type == "Outage":
            if target in IMPACT_PATHS:
                return [([[PathStep(*st) for st in p] for p in IMPACT_PATHS[target]], target)]
            via = [t for t in IMPACT_PATHS if t in mentioned and t != target]
            if via:
                rest = self._best_path(via[0], target, words, mentioned)
                if rest:
                    self._edge_attrs(rest, words)
                    return [([[PathStep(*st) for st in p] for p in IMPACT_PATHS[via[0]]], via[0]), ([rest], target)]
        if impact and target == "Outage" and anchor.type in IMPACT_PATHS:
            return [([_reverse(p, "Outage") for p in IMPACT_PATHS[anchor.type]], target)]
        best = self._best_path(anchor.type, target, words, mentioned)
        if not best:
            return []
        self._edge_attrs(best, words)
        return [([best], target)]

    def _run(self, anchor: Entity, stages, target: str, filters: list[Filter]) -> list[str]:
        ids = [anchor.id]
        for i, (paths, reached) in enumerate(stages):
            last = i == len(stages) - 1
            if not ids:
                return []
            ids = self.store.path_query(PathQuery(ids, paths, reached, filters if last else []))
        return ids

    def _describe(self, anchor: Entity, stages, filters: list[Filter]) -> str:
        parts = []
        for i, (paths, _reached) in enumerate(stages):
            start = anchor.id if i == 0 else f"those {stages[i - 1][1]}"
            parts.append(" AND ".join(_render_path(start, p) for p in paths))
        desc = " THEN ".join(parts)
        if filters:
            desc += "; filter: " + ", ".join(f"{f.attr} {f.op} {f.value}" for f in filters)
        return desc

    def _names(self, ids: list[str]) -> dict[str, str]:
        return {e.id: e.name for e in self.store.get_entities(ids) if e is not None}

    def _traverse(self, anchors, target_noun, words, nouns, question, low, count) -> PlanResult:
        target = target_noun.type
        mentioned = {n.type for n in nouns}
        vt = vertex_type(target)
        filters = self._filters(vt, words, question, target_noun.start)
        result: set[str] | None = None
        descs: list[str] = []
        all_paths: list[PathStep] = []
        for anchor in anchors:
            if anchor.type == target and target_noun.start >= 0 and not target_noun.plural:
                continue
            local = mentioned
            if len(anchors) > 1:
                # With several anchors each one's route is read from the words between it and the target noun
                # ("customers in Tokyo had tickets caused by OUTAGE-7": Tokyo -> customers directly).
                a_pos, t_pos = getattr(self, "_anchor_at", {}).get(anchor.id, -1), max(target_noun.start, 0)
                lo, hi = sorted((a_pos, t_pos))
                local = {n.type for n in nouns if lo < n.start < hi} | {target} if a_pos >= 0 else mentioned
            stages = self._stages(anchor, target, words, local, low)
            if not stages:
                continue
            ids = set(self._run(anchor, stages, target, filters))
            result = ids if result is None else result & ids
            descs.append(self._describe(anchor, stages, filters))
            all_paths.extend(step for paths, _ in stages for step in paths[0])
        if result is None:
            return PlanResult(Plan("lookup", anchors=[a.id for a in anchors], target_type=target,
                                   explanation=f"no path from {anchors[0].type} to {target} in the ontology"))
        ids = sorted(result - {a.id for a in anchors})  # "customers like CUST-1" never lists CUST-1 itself
        kind = "aggregate" if count else ("relation" if len(all_paths) <= 1 and len(anchors) == 1 else "multi_hop")
        plan = Plan(kind, anchors=[a.id for a in anchors], target_type=target, path=all_paths, filters=filters,
                    operator="count" if count else "list", explanation="; ".join(descs))
        return self._result_facts(plan, ids, target, "; ".join(descs), words, count)

    def _result_facts(self, plan: Plan, ids: list[str], target: str, desc: str, words: list[str], count: bool) -> PlanResult:
        """A computed fact for a set of entities: its size, a numeric aggregate it asks for, or its members."""
        if count:
            return PlanResult(plan, [f"Computed from the graph: count = {len(ids)} {target} entities (path: {desc})."], ids)
        text = " ".join(words)
        fn = next((name for name, rx in NUMERIC_AGGREGATES.items() if rx.search(text)), None)
        attr = self._numeric_attr(vertex_type(target), words) if fn else None
        if fn and attr:
            values = [v for e in self.store.get_entities(ids) if e is not None
                      for v in [_as_float(e.attrs.get(attr))] if v is not None]
            total = sum(values)
            value = total if fn == "total" else (total / len(values) if values else 0.0)
            plan.kind, plan.operator, plan.attribute = "aggregate", fn, attr
            shown = f"{value:,.2f}".rstrip("0").rstrip(".")
            fact = f"Computed from the graph: {fn} {attr} = {shown} (over {len(values)} {target} entities; path: {desc})."
            return PlanResult(plan, [fact], ids)
        names = self._names(ids[:MAX_LISTED])
        listed = "; ".join(f"{i} {names.get(i, '')}".strip() for i in ids[:MAX_LISTED])
        more = f"; and {len(ids) - MAX_LISTED} more" if len(ids) > MAX_LISTED else ""
        if ids:
            fact = f"Computed from the graph: {len(ids)} {target} entities (path: {desc}): {listed}{more}."
        else:
            fact = f"Computed from the graph: none — 0 {target} entities (path: {desc})."
        return PlanResult(plan, [fact], ids)

    def _numeric_attr(self, vt: VertexType, words: list[str]) -> str | None:
        best: tuple[int, str] | None = None
        for attr in vt.attrs:
            if attr.kind not in (INT, FLOAT):
                continue
            for phrase in (attr.name.replace("_", " "), *attr.words):
                if _find_phrase(words, normalise(phrase)) >= 0 and (best is None or len(phrase) > best[0]):
                    best = (len(phrase), attr.name)
        return best[1] if best else None

    # ---- questions that name no entity: the whole corpus of a type ----------------------------------------------

    def _global(self, question: str, words: list[str], low: str) -> PlanResult | None:
        nouns = self._nouns(words, set())
        if not nouns:
            return None
        target = nouns[0]
        vt = vertex_type(target.type)
        counted = next((n for n in nouns[1:] if n.type != target.type), None)
        sup = _SUPERLATIVE.search(low)
        if sup and counted is not None:
            return self._argmax(target.type, counted, words, question, fewest=sup.group(1) in ("fewest", "least"))
        filters = self._filters(vt, words, question, target.start)
        count = bool(_COUNT.search(low))
        for other in reversed(nouns[1:]):
            # "customers that depend on vendors that had P0 outages": the filtered set of another type anchors a path.
            if other.type == target.type:
                continue
            via_filters = self._filters(vertex_type(other.type), words, question, other.start)
            path = self._best_path(other.type, target.type, words, {n.type for n in nouns}) if via_filters else None
            if not path:
                continue
            seeds = [e.id for e in self.store.list_entities(other.type, limit=GLOBAL_LIMIT)
                     if all(matches(e, f) for f in via_filters)]
            ids = self.store.path_query(PathQuery(seeds, [path], target.type, filters)) if seeds else []
            cond = ", ".join(f"{f.attr} {f.op} {f.value}" for f in via_filters)
            desc = _render_path(f"{other.type}[{cond}]", path)
            if filters:
                desc += "; filter: " + ", ".join(f"{f.attr} {f.op} {f.value}" for f in filters)
            plan = Plan("aggregate" if count else "multi_hop", target_type=target.type, path=path, filters=filters,
                        operator="count" if count else "list", explanation=desc)
            return self._result_facts(plan, sorted(ids), target.type, desc, words, count)
        if not filters and not count and not any(rx.search(" ".join(words)) for rx in NUMERIC_AGGREGATES.values()):
            return None  # "tell me about outages": nothing exact to compute
        members = [e.id for e in self.store.list_entities(target.type, limit=GLOBAL_LIMIT)
                   if all(matches(e, f) for f in filters)]
        desc = f"all {target.type} entities" + ("; filter: " + ", ".join(f"{f.attr} {f.op} {f.value}" for f in filters) if filters else "")
        plan = Plan("aggregate", target_type=target.type, filters=filters, operator="count" if count else "list",
                    explanation=desc)
        return self._result_facts(plan, sorted(members), target.type, desc, words, count)

    def _argmax(self, target: str, counted: _Noun, words, question: str, fewest: bool) -> PlanResult | None:
        path = self._best_path(target, counted.type, words, {target, counted.type})
        if not path:
            return None
        filters = self._filters(vertex_type(counted.type), words, question, counted.start)
        candidates = self.store.list_entities(target, limit=GROUP_LIMIT)
        counts = {c.id: len(self.store.path_query(PathQuery([c.id], [path], counted.type, filters))) for c in candidates}
        if not counts:
            return None
        pick = min(counts.values()) if fewest else max(counts.values())
        winners = sorted(i for i, n in counts.items() if n == pick)
        names = self._names(winners[:MAX_LISTED])
        ranked = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]) if fewest else (-kv[1], kv[0]))
        runners = "; ".join(f"{i} {n}" for i, n in ranked[len(winners) : len(winners) + 3])
        desc = _render_path(target, path) + ("; filter: " + ", ".join(f"{f.attr} {f.op} {f.value}" for f in filters) if filters else "")
        word = "fewest" if fewest else "most"
        plan = Plan("aggregate", target_type=target, path=path, filters=filters, operator="argmin" if fewest else "argmax",
                    explanation=f"{word} {counted.type} per {target} over {len(counts)} {target} entities ({desc})")
        listed = "; ".join(f"{i} {names.get(i, '')}".strip() for i in winners[:MAX_LISTED])
        fact = (f"Computed from the graph: {word} {counted.type} entities per {target}, {pick} "
                f"(path: {desc}; next: {runners}): {listed}.")
        return PlanResult(plan, [fact], winners)

    def _value_check(self, anchor: Entity, vt: VertexType, words: list[str]) -> PlanResult | None:
        for attr, values in self._values(vt).items():
            for value in sorted(values, key=len, reverse=True):
                if _find_phrase(words, normalise(value)) < 0:
                    continue
                have = anchor.attrs.get(attr)
                ok = isinstance(have, str) and have.casefold() == value.casefold()
                plan = Plan("lookup", anchors=[anchor.id], target_type=anchor.type, operator="exists", attribute=attr,
                            filters=[Filter(attr, "==", value)], explanation=f"{attr} of {anchor.id} == {value}")
                fact = (f"Computed from the graph: {'yes' if ok else 'no'} — {anchor.id} ({anchor.name}) has {attr} "
                        f"{have if have not in (None, '') else 'unrecorded'}{'' if ok else f', not {value}'}.")
                return PlanResult(plan, [fact], [anchor.id])
        return None

    def _lookup(self, anchor: Entity, attr: str) -> PlanResult:
        value: Any = anchor.name if attr == "name" else anchor.attrs.get(attr)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        plan = Plan("lookup", anchors=[anchor.id], target_type=anchor.type, operator="value", attribute=attr,
                    explanation=f"attribute {attr} of {anchor.id}")
        if value is None or value == "":
            return PlanResult(plan, [f"Computed from the graph: {anchor.id} has no recorded {attr}."], [anchor.id])
        return PlanResult(plan, [f"Computed from the graph: {anchor.id} ({anchor.name}) {attr} = {value}."], [anchor.id])

    def _comparison(self, pair, target_noun, words, mentioned, question, fewer) -> PlanResult:
        target = target_noun.type
        filters = self._filters(vertex_type(target), words, question, target_noun.start)
        low = question.lower()
        counts, descs, steps = [], [], []
        for a in pair:
            stages = self._stages(a, target, words, mentioned, low)
            if not stages:
                return PlanResult(Plan("comparison", anchors=[p.id for p in pair], target_type=target,
                                       explanation=f"no path from {a.type} to {target}"))
            counts.append(len(self._run(a, stages, target, filters)))
            descs.append(self._describe(a, stages, filters))
            steps = [step for paths, _ in stages for step in paths[0]]
        pick = min if fewer else max
        best = pick(range(2), key=lambda i: counts[i])
        word = "fewer" if fewer else "more"
        if counts[0] == counts[1]:
            verdict = f"they are tied at {counts[0]}"
            result_ids: list[str] = []
        else:
            verdict = f"{pair[best].id} ({pair[best].name}) has {word}"
            result_ids = [pair[best].id]
        plan = Plan("comparison", anchors=[p.id for p in pair], target_type=target, path=steps, filters=filters,
                    operator="compare", explanation="; ".join(descs))
        fact = (f"Computed from the graph: {pair[0].id} has {counts[0]} {target} entities and {pair[1].id} has "
                f"{counts[1]} (paths: {'; '.join(descs)}); {verdict}.")
        return PlanResult(plan, [fact], result_ids)

    def _exists(self, a: Entity, b: Entity, words, mentioned, low) -> PlanResult:
        stages = self._stages(a, b.type, words, mentioned, low)
        ids = set(self._run(a, stages, b.type, [])) if stages else set()
        ok = b.id in ids
        desc = self._describe(a, stages, []) if stages else f"no path from {a.type} to {b.type}"
        plan = Plan("relation", anchors=[a.id, b.id], target_type=b.type,
                    path=[step for paths, _ in stages for step in paths[0]],
                    operator="exists", explanation=desc)
        fact = (f"Computed from the graph: {'yes' if ok else 'no'} — {b.id} ({b.name}) is {'' if ok else 'not '}"
                f"reachable from {a.id} ({a.name}) (path: {desc}).")
        return PlanResult(plan, [fact], [b.id] if ok else [])

    def _portfolio(self, anchor: Entity) -> PlanResult:
        pairs = self.store.neighbors(anchor.id)
        seen: dict[str, tuple[Entity, str]] = {}
        for edge, other in pairs:
            seen.setdefault(other.id, (other, edge.type))
        ids = sorted(seen)
        parts = [f"{i} {seen[i][0].name} ({seen[i][0].type}, {seen[i][1]})" for i in ids]
        plan = Plan("portfolio", anchors=[anchor.id], operator="list",
                    explanation=f"all entities directly related to {anchor.id}")
        fact = (f"Computed from the graph: {len(ids)} entities directly related to {anchor.id} ({anchor.name}): "
                + "; ".join(parts) + ".")
        return PlanResult(plan, [fact], ids)


def execute_plan(planner: Planner, plan: Plan) -> PlanResult | None:
    """Run a plan proposed elsewhere (the LLM planner) with the same exact machinery; None if it is unusable."""
    from core.schema import edge_allowed

    anchors = [e for e in planner.store.get_entities(plan.anchors) if e is not None]
    if not anchors or plan.operator not in ("count", "list") or not plan.path or not plan.target_type:
        return None
    if _ontology_type(plan.target_type) is None or any(_ontology_type(s.target) is None for s in plan.path):
        return None  # an LLM may name types the ontology does not have
    cur = anchors[0].type
    for s in plan.path:  # every step must exist in the ontology, in the stated direction
        ok = edge_allowed(cur, s.edge, s.target) if s.direction == "out" else edge_allowed(s.target, s.edge, cur)
        if not ok:
            return None
        cur = s.target
    if cur != plan.target_type:
        return None
    vt = vertex_type(plan.target_type)
    filters = [f for f in plan.filters if vt.attr(f.attr) is not None]
    stages = [([plan.path], plan.target_type)]
    ids = planner._run(anchors[0], stages, plan.target_type, filters)
    desc = planner._describe(anchors[0], stages, filters)
    plan.filters = filters
    plan.explanation = desc
    if plan.operator == "count":
        return PlanResult(plan, [f"Computed from the graph: count = {len(ids)} {plan.target_type} entities (path: {desc})."], ids)
    names = planner._names(ids[:MAX_LISTED])
    listed = "; ".join(f"{i} {names.get(i, '')}".strip() for i in ids[:MAX_LISTED])
    return PlanResult(plan, [f"Computed from the graph: {len(ids)} {plan.target_type} entities (path: {desc}): {listed}."], ids)
