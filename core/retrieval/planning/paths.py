"""Pure typed-path search over the ontology: which walk from one vertex type to another a question means.

A path is scored by its length (shorter is likelier), by intermediate types the question names (credit) or does
not name (a small cost), and by the edge verbs the question uses. The derived "impacted by an outage" relation
(``IMPACT_PATHS``: vendor AND region) is the ontology's own reading of "an outage and a customer/project": it is
used when the question says impact in any form, or when it names no other route between the two types.
"""

from __future__ import annotations

from functools import lru_cache

from core.ontology import DerivedRelation, Ontology
from core.records import EdgeCondition, Filter, PathStep, Stage, Walk
from core.retrieval.planning.lexicon import says_relation, stem, verb_phrases

MAX_PATH_LEN = 4
HEAD_VERB_CREDIT = 0.6  # a relation's verb said with another preposition than its name's
PREPOSITIONS = frozenset("at in on to from by with for of into onto through via".split())


@lru_cache(maxsize=1024)
def typed_paths(onto: Ontology, src: str, dst: str, max_len: int = MAX_PATH_LEN) -> tuple[tuple[PathStep, ...], ...]:
    """All typed paths src -> dst up to ``max_len`` over entity edges (no vertex type repeated inside)."""
    out: list[tuple[PathStep, ...]] = []

    def walk(cur: str, steps: list[PathStep], seen: set[str]) -> None:
        if steps and cur == dst:
            out.append(tuple(steps))
            return
        if len(steps) == max_len:
            return
        for e in onto.edge_types:
            if e.structural:
                continue
            for direction, a, b in (("out", e.src, e.dst), ("in", e.dst, e.src)):
                if a == cur and (b not in seen or b == dst):
                    steps.append(PathStep(e.name, direction, b))
                    walk(b, steps, seen | {b})
                    steps.pop()

    walk(src, [], {src})
    return tuple(out)


def verb_weights(onto: Ontology, words: list[str]) -> dict[str, float]:
    """Edge name -> credit for the strongest of its verb phrases the question uses (inflections allowed)."""
    stems = [stem(w) for w in words]
    text = " " + " ".join(stems) + " "
    nouns = {stem(w) for n in onto.type_nouns() for w in n.split()}
    out: dict[str, float] = {}
    for phrase, edge, weak in verb_phrases(onto):
        p = [stem(w) for w in phrase.split()]
        if f" {' '.join(p)} " in text:
            out[edge] = max(out.get(edge, 0.0), 0.3 if weak else 1.0)
        elif (len(p) >= 2 and not weak and len(p[0]) >= 4 and p[0] in stems and p[0] not in nouns
              and p[-1] in PREPOSITIONS):
            # the verb with another preposition ("lines that stop in X" for STOPS_AT): weaker than the phrase
            out[edge] = max(out.get(edge, 0.0), HEAD_VERB_CREDIT)
        elif not weak and len(p[0]) >= 5 and p[0] not in nouns and any(
                stem(w) not in nouns and says_relation(w, p[0]) for w in words):
            # a noun made from the verb ("employees of X" for EMPLOYED_BY, "sponsors of" for SPONSORS)
            out[edge] = max(out.get(edge, 0.0), HEAD_VERB_CREDIT)
        elif not weak and p[-1] in DIRECTION_PREPOSITIONS and p[-1] in stems:
            # "stations X started rides *from*": of DEPARTED_FROM and ARRIVED_AT, the one whose preposition is said
            out[edge] = max(out.get(edge, 0.0), PREPOSITION_CREDIT)
    return out


DIRECTION_PREPOSITIONS = frozenset({"from", "into", "via"})  # rarer than "in"/"at"/"to", so they tell relations apart
PREPOSITION_CREDIT = 0.1


def score_path(steps, verbs: dict[str, float], mentioned: set[str], order: dict[str, int] | None = None) -> float:
    score = -1.0 * len(steps)
    for s in steps[:-1]:
        score += 2.0 if s.target in mentioned else -0.5
    if order:
        # intermediate types met in the order the question names them, walking away from the anchor
        seen = [order[s.target] for s in steps[:-1] if s.target in order]
        away = order.get("", 1)  # +1: the question names the route after the anchor; -1: before it
        if len(seen) >= 2 and seen == sorted(seen, reverse=away < 0):
            score += 0.75
    return score + sum(verbs.get(s.edge, 0.0) for s in steps)


def best_path(onto: Ontology, src: str, dst: str, words: list[str], mentioned: set[str], max_len: int = 3,
              order: dict[str, int] | None = None, through: str | None = None) -> list[PathStep] | None:
    """The best-scoring typed path; ``through``: only paths that walk that edge (the relation whose verb named the
    target: "who *bought* house H" goes through the sale)."""
    paths = [p for p in typed_paths(onto, src, dst) if len(p) <= max(max_len, _needed(onto, src, dst, mentioned))]
    if through is not None:
        paths = [p for p in paths if any(s.edge == through for s in p)]
    if not paths:
        return None
    verbs = verb_weights(onto, words)
    best = max(paths, key=lambda p: (score_path(p, verbs, mentioned, order), -len(p)))
    return [PathStep(s.edge, s.direction, s.target, {}, []) for s in best]  # fresh steps: edge conditions are set on them


def tied(onto: Ontology, src: str, dst: str, words: list[str], mentioned: set[str], max_len: int = 3,
         order: dict[str, int] | None = None, through: str | None = None) -> list[PathStep]:
    """The one-hop steps that score alike for the best path when no word tells them apart ("Larkhill Rangers'
    players": SIGNED or PLAYS_FOR), else []: ``best_path`` picks one by the schema's order, which is a guess."""
    paths = [p for p in typed_paths(onto, src, dst) if len(p) <= max(max_len, _needed(onto, src, dst, mentioned))]
    if through is not None:
        paths = [p for p in paths if any(s.edge == through for s in p)]
    if len(paths) < 2:
        return []
    verbs = verb_weights(onto, words)
    keys = [(score_path(p, verbs, mentioned, order), -len(p)) for p in paths]
    best = max(keys)
    top = [p for p, k in zip(paths, keys, strict=True) if k == best]
    if len(top) < 2 or any(len(p) != 1 for p in top) or len({p[0].edge for p in top}) < 2:
        return []
    return [p[0] for p in top]


def _needed(onto: Ontology, src: str, dst: str, mentioned: set[str]) -> int:
    """Allow a 4-hop path only when the question names every type on it (a 4-hop walk is never a default)."""
    paths = typed_paths(onto, src, dst)
    if paths and min(len(p) for p in paths) == MAX_PATH_LEN:
        return MAX_PATH_LEN  # the only way there is four hops long ("artists a customer bought tracks from")
    for p in paths:
        if len(p) == MAX_PATH_LEN and sum(s.target not in mentioned for s in p[:-1]) <= 1:
            return MAX_PATH_LEN  # all but one of the types on the way named ("papers by researchers in labs in X")
    return 3


def render_path(start: str, steps: list[PathStep]) -> str:
    out = start
    for s in steps:
        conds = [f"{k}={v}" for k, v in s.edge_attrs.items()] + [render_filters([f]) for f in s.edge_filters]
        edge = s.edge + ("[" + ", ".join(conds) + "]" if conds else "")
        out += f" -{edge}-> {s.target}" if s.direction == "out" else f" <-{edge}- {s.target}"
    return out


def render_filters(filters: list[Filter]) -> str:
    return ", ".join(f"{f.attr} recorded" if f.op == "!=" and f.value == "" else
                     f"{f.attr} {f.op} {'/'.join(map(str, f.value)) if f.op in ('in', 'not in') else f.value}"
                     for f in filters)


def render_condition(c: EdgeCondition) -> str:
    step = f"-{c.edge}-> {c.other}" if c.direction == "out" else f"<-{c.edge}- {c.other}"
    cond = f"[{render_filters(c.filters)}]" if c.filters else ""
    inner = "".join(f" ({render_condition(i)})" for i in c.conditions)
    many = f" {c.count_op} {c.count} times" if c.count_op else ""
    return f"{'lacks' if c.negate else 'has'} {step}{cond}{inner}{many}"


def render_walk(walk: Walk) -> str:
    if walk.anchors:
        start = ", ".join(walk.anchors)
    else:
        start = f"{walk.seed_type}[{render_filters(walk.seed_filters)}]" if walk.seed_filters else f"all {walk.seed_type}"
    parts = []
    for i, stage in enumerate(walk.stages):
        first = start if i == 0 else f"those {walk.stages[i - 1].reached}"
        if stage.closure is not None:  # "P and every assembly it is, in turn, a component of"
            arrow = f"-{stage.closure.edge}->" if stage.closure.direction == "out" else f"<-{stage.closure.edge}-"
            first = f"{first} {arrow}* {stage.closure.target}"
        parts.append(" AND ".join(render_path(first, p) for p in stage.paths))
    out = " THEN ".join(parts) or start
    return f"NOT ({out})" if walk.exclude else out


def reverse(steps: tuple[tuple[str, str, str], ...], start_type: str) -> list[PathStep]:
    """Reverse a typed path that starts at ``start_type``."""
    types = [start_type] + [t for _, _, t in steps]
    out = []
    for i in range(len(steps) - 1, -1, -1):
        edge, direction, _ = steps[i]
        out.append(PathStep(edge, "in" if direction == "out" else "out", types[i]))
    return out


def route_types(d: DerivedRelation) -> frozenset[str]:
    """The types a derived relation passes through (CRM impact: Vendor, Region)."""
    return frozenset(t for paths in d.targets.values() for p in paths for _, _, t in p[:-1])


def wants_derived(onto: Ontology, anchor_type: str, target: str, mentioned: set[str], said: bool) -> DerivedRelation | None:
    """The derived relation "anchor ~ target" means, if any (module docstring)."""
    for d in onto.derived:
        routes = route_types(d)
        if len(routes & mentioned) == 1 and len(routes) > 1:
            continue  # naming only one route (the vendor, or the region) asks for that route
        pair = {anchor_type, target}
        if not (d.source in pair and pair & set(d.targets)):
            via = [t for t in d.targets if t in mentioned and t not in pair]
            if anchor_type != d.source or not via:
                continue
        if said:
            return d
        # Unsaid: the derived relation is the ontology's reading when the question names no other type in between.
        if not mentioned - pair - set(d.targets) - routes:
            return d
    return None


def derived_steps(d: DerivedRelation, target: str) -> list[list[PathStep]]:
    return [[PathStep(*st) for st in p] for p in d.targets[target]]


def stages(onto: Ontology, anchor_type: str, target: str, words: list[str], mentioned: set[str], said: bool,
           order: dict[str, int] | None = None, through: str | None = None) -> list[Stage]:
    """Stages from ``anchor_type`` to ``target``; a later stage starts where the previous one arrived ("account
    managers of customers impacted by an outage" first intersects the impact paths, then walks to the managers)."""
    d = wants_derived(onto, anchor_type, target, mentioned, said)
    if d is not None:
        if anchor_type == d.source:
            if target in d.targets:
                return [Stage(derived_steps(d, target), target)]
            via = [t for t in d.targets if t in mentioned and t != target]
            if via:
                rest = best_path(onto, via[0], target, words, mentioned)
                if rest:
                    return [Stage(derived_steps(d, via[0]), via[0]), Stage([rest], target)]
        elif target == d.source and anchor_type in d.targets:
            return [Stage([reverse(p, d.source) for p in d.targets[anchor_type]], target)]
    best = best_path(onto, anchor_type, target, words, mentioned, order=order, through=through)
    return [Stage([best], target)] if best else []


def first_step_to(onto: Ontology, src: str, words: list[str], other: str) -> PathStep | None:
    """The one-hop step from ``src`` to ``other`` the words favour (for existence conditions)."""
    steps = [p[0] for p in typed_paths(onto, src, other, 1)]
    if not steps:
        return None
    verbs = verb_weights(onto, words)
    return max(steps, key=lambda s: (verbs.get(s.edge, 0.0), s.edge))

