"""One handler per kind of question; each turns a Reading into a Plan, runs it exactly and states the result.

Handlers take ``(ctx, reading)`` where ``ctx`` is the shared, read-only ``Context`` (store + vocabulary) and return
a ``PlanResult``. Nothing per question is kept on shared objects: everything lives in the Reading and the Plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from core.ontology import Ontology
from core.records import Entity, PathStep, Plan, Stage, Walk
from core.retrieval import facts
from core.retrieval.planning import lexicon as lx
from core.retrieval.planning.execute import execute_plan, walk_ids
from core.retrieval.planning.paths import best_path, render_filters, render_walk, stages, wants_derived
from core.retrieval.planning.reading import Noun, Reading
from core.retrieval.planning.values import Vocabulary, attr_filters, conditions, edge_attrs, lookup_attr, numeric_attr
from core.schema import DATE, FLOAT, INT
from core.store.filters import matches

GROUP_LIMIT = 2_000  # candidates ranked for "which X has the most Y"


@dataclass
class PlanResult:
    plan: Plan
    facts: list[str] = field(default_factory=list)  # computed fact lines for the context
    result_ids: list[str] = field(default_factory=list)  # entities in the computed result


@dataclass(frozen=True)
class Context:
    store: Any
    vocab: Vocabulary
    onto: Ontology

    def names(self, ids: list[str]) -> dict[str, str]:
        return {e.id: e.name for e in self.store.get_entities(ids) if e is not None}


def _as_float(value: Any) -> float | None:
    try:
        return None if isinstance(value, bool) or value is None else float(value)
    except (TypeError, ValueError):
        return None


def describe(plan: Plan) -> str:
    desc = " AND ".join(render_walk(w) for w in plan.walks) or f"all {plan.target_type} entities"
    if plan.filters:
        desc += "; filter: " + render_filters(plan.filters)
    if plan.conditions:
        from core.retrieval.planning.paths import render_condition

        desc += "; " + "; ".join(render_condition(c) for c in plan.conditions)
    return desc


def flat_path(plan: Plan) -> list:
    return [step for w in plan.walks for st in w.stages for step in st.paths[0]]


def _counted(r: Reading, target: Noun) -> Noun | None:
    """The noun a count superlative counts ("the customer that opened the most tickets")."""
    return next((n for n in r.nouns if n.start > target.start and n.type != target.type
                 and n.type not in r.anchor_types), None)


def walk_from(r: Reading, anchor: Entity, target: str, mentioned: set[str]) -> Walk | None:
    impact_said = bool(lx.impact_positions(r.onto, r.words))
    order: dict[str, int] = {}
    for n in r.nouns:
        order.setdefault(n.type, n.start)
    a_pos = r.anchor_at.get(anchor.id, -1)
    t_pos = next((n.start for n in r.nouns if n.type == target), -1)
    order[""] = 1 if a_pos <= t_pos else -1  # which way the question reads from the anchor to the target
    first = _self_step(r, anchor)
    if first is not None and target == anchor.type:
        legs = [Stage([[first]], target)]  # "Who reports to X?", "papers that X cites"
    else:
        legs = stages(r.onto, anchor.type, target, r.verb_words, mentioned, impact_said, order)
        if first is not None and legs and any(n.type == anchor.type and n.plural for n in r.nouns):
            legs = [Stage([[first]], anchor.type), *legs]  # "the researchers who report to X authored …"
    if not legs:
        return None
    for st in legs:
        for p in st.paths:
            edge_attrs(r, p)
    if wants_derived(r.onto, anchor.type, target, mentioned, impact_said) is not None:
        for i in lx.impact_positions(r.onto, r.words):
            r.use(i, i + 1, "impact")
    return Walk([anchor.id], legs)


def _self_step(r: Reading, anchor: Entity) -> PathStep | None:
    """A self-relation of the anchor's type that the question's verb names, directed by where the anchor sits:
    "Who reports to X?" (X after a forward verb: X is the far end) -> in; "Whom does X report to?" -> out."""
    at = r.anchor_at.get(anchor.id, -1)
    stems = [lx.stem(w) for w in r.verb_words]
    for e in r.onto.edge_types:
        if e.structural or e.src != anchor.type or e.dst != anchor.type:
            continue
        for verbs, forward in ((e.verbs, True), (e.reverse_verbs, False)):
            for v in verbs:
                p = [lx.stem(w) for w in lx.words_of(v)]
                for i in range(len(stems) - len(p) + 1):
                    if stems[i : i + len(p)] == p:
                        before_anchor = i < at
                        r.use(i, i + len(p), f"edge {e.name}")
                        out = (not before_anchor) if forward else before_anchor
                        return PathStep(e.name, "out" if out else "in", anchor.type)
    return None


def route_nouns(r: Reading) -> list[Noun]:
    """Nouns that can lie on a walk: not conditions (negated, modifiers) and not unconstrained ("any region")."""
    return [n for n in r.nouns if not (n.negated or n.modifier or n.unconstrained)]


def _local_mentioned(r: Reading, anchor: Entity, target: Noun, group: list[Entity]) -> set[str]:
    """With several anchors, each one's route reads the type nouns between it and the target noun, and the nouns
    right after a reference to it ("the outage's region")."""
    nouns = route_nouns(r)
    mentioned = {n.type for n in nouns}
    a_pos, t_pos = r.anchor_at.get(anchor.id, -1), target.start
    if len(r.anchors) == len(group) and a_pos >= 0 and t_pos >= 0:
        # one anchor: nouns beyond the anchor-target span that existence words introduce ("led to at least one
        # ticket") are conditions on the target, not stops on the route
        lo, hi = sorted((a_pos, t_pos))
        return {n.type for n in nouns if lo < n.start < hi or not _existential(r, n)} | {target.type}
    if len(r.anchors) > len(group):
        a_pos, t_pos = r.anchor_at.get(anchor.id, -1), max(target.start, 0)
        if a_pos >= 0:
            lo, hi = sorted((a_pos, t_pos))
            # only the asking clause steers routes; a scene-setting clause ("X had an outage, O.") names anchors
            mentioned = {n.type for n in nouns if lo < n.start < hi and n.start >= r.ask_from} | {target.type}
            for n in r.nouns:
                if n.type == anchor.type and n.start != target.start:
                    mentioned |= {m.type for m in nouns if n.end <= m.start <= n.end + 2}
    return mentioned


def _other_than_own(r: Reading, plan: Plan, target: Noun) -> None:
    """"Which *other* vendors operate there, *besides the one* that went down?": leave out the target-type entities
    the anchor is linked to directly."""
    before = r.words[max(0, target.start - 1) : target.start] if target.start >= 0 else []
    besides = " ".join(r.words[r.ask_from :])
    if "other" not in before and not re.search(r"\b(besides|apart from|except|other than) (the|its|their) (one|ones)\b", besides):
        return
    for a in r.anchors:
        if a.type == target.type:
            continue
        for e in r.onto.edge_types:
            if e.structural or {e.src, e.dst} != {a.type, target.type}:
                continue
            step = PathStep(e.name, "out" if e.src == a.type else "in", target.type)
            plan.walks.append(Walk([a.id], [Stage([[step]], target.type)], exclude=True))
            for w in ("other", "besides", "one", "ones", "apart", "except"):
                r.use_phrase(w, "exclusion")
            return


def _excluded(r: Reading, anchor: Entity) -> bool:
    """"outside Oregon", "other than VEND-3", "leaving aside X" (the words are then accounted for)."""
    at = r.anchor_at.get(anchor.id, -1)
    if at < 0:
        return False
    m = lx.EXCLUSION.search(" ".join(r.words[max(0, at - 3) : at]))
    after = r.words[at + 1 : at + 5]
    aside = "aside" in after and not m
    if m:
        n = len(m.group(0).split())
        r.use(at - n, at, "exclusion")
    elif aside:
        r.use(at + 1 + after.index("aside"), at + 2 + after.index("aside"), "exclusion")
    if m or aside:
        return True
    # "customers that don't use X", "tickets not caused by X": a negated relation to the named entity
    lo = max(0, at - 5)
    neg = [j for j in range(lo, at) if r.words[j] in lx.NEGATION_WORDS - {"t"} | {"never"}]
    nouns_between = bool(neg) and any(neg[-1] < n.start < at for n in r.nouns)
    if neg and not nouns_between and "_" not in r.words[neg[-1] + 1 : at]:
        r.use(neg[-1], neg[-1] + 1, "exclusion")
        if neg[-1] + 1 < at and r.words[neg[-1] + 1] == "t":
            r.use(neg[-1] + 1, neg[-1] + 2, "exclusion")
        return True
    return False


def _existential(r: Reading, n: Noun) -> bool:
    """A noun introduced by existence words ("at least one ticket") — unless it is tied to a named entity right
    next to it ("an outage at Meadowmark Pay"), which makes it a stop on that entity's route."""
    if any(0 <= a - n.end <= 2 or 0 <= n.start - a - 1 <= 1 for a in r.anchor_at.values()):
        return False
    before = " ".join(r.words[max(0, n.start - 4) : n.start])
    return bool(re.search(r"\b(at least one|at least a|a single|one or more|some|any|a|an)( \w+)?$", before))


def anchor_groups(r: Reading) -> list[list[Entity]]:
    """Anchors of one type joined by "or"/"and" ("in London or Sydney") form one group: their walks are united."""
    groups: list[list[Entity]] = []
    order = sorted(r.anchors, key=lambda a: r.anchor_at.get(a.id, 0))
    for a in order:
        last = groups[-1][-1] if groups else None
        if last is not None and last.type == a.type and "both" not in r.words:
            between = r.words[r.anchor_at.get(last.id, 0) + 1 : r.anchor_at.get(a.id, 0)]
            if between and set(between) <= {"or", "and", "either", "_", "nor"}:
                groups[-1].append(a)
                continue
        groups.append([a])
    return groups


def on_path_types(plan: Plan) -> set[str]:
    return {s.target for w in plan.walks for st in w.stages for p in st.paths for s in p}


def state(ctx: Context, r: Reading, plan: Plan, ids: list[str]) -> PlanResult:
    """The fact for a computed set: its size, yes/no for "any", a total/average, or its members."""
    desc = describe(plan)
    target = plan.target_type or ""
    plan.explanation = desc
    top = top_by_attribute(ctx, r, plan, ids)
    if top is not None:
        return top
    asked = _asked_attribute(r, r.onto.vertex_type(target)) if ids and not (r.count or r.any or r.aggregate) else None
    if asked is not None and asked not in {f.attr for f in plan.filters} | {"name"}:
        # "Think of X's primary vendor. Which category does it belong to?": the attribute of the set reached
        ents = [e for e in ctx.store.get_entities(ids[: facts.MAX_LISTED]) if e is not None]
        values = {e.id: (", ".join(map(str, v)) if isinstance(v, list) else v)
                  for e in ents for v in [e.attrs.get(asked)] if v not in (None, "")}
        plan.operator, plan.attribute = "value", asked
        return PlanResult(plan, [facts.attribute_values(asked, values, ctx.names(list(values)), target, desc)], ids)
    if r.count and not (r.aggregate and numeric_attr(r, r.onto.vertex_type(target))):
        plan.operator = "count"
        plan.kind = "aggregate"
        return PlanResult(plan, [facts.count(len(ids), target, desc)], ids)
    if r.any or r.yesno:
        plan.operator = "any"
        return PlanResult(plan, [facts.any_of(ids, ctx.names(ids[: facts.MAX_LISTED]), target, desc)], ids)
    attr = numeric_attr(r, r.onto.vertex_type(target)) if r.aggregate else None
    if r.aggregate and attr:
        values = [v for e in ctx.store.get_entities(ids) if e is not None
                  for v in [_as_float(e.attrs.get(attr))] if v is not None]
        total = sum(values)
        val = total if r.aggregate == "total" else (total / len(values) if values else 0.0)
        plan.kind, plan.operator, plan.attribute = "aggregate", r.aggregate, attr
        return PlanResult(plan, [facts.aggregate(r.aggregate, attr, val, len(values), target, desc)], ids)
    plan.operator = "list"
    return PlanResult(plan, [facts.members(ids, ctx.names(ids[: facts.MAX_LISTED]), target, desc)], ids)


def traverse(ctx: Context, r: Reading, target: Noun) -> PlanResult:
    """Entities of the target type reached from every anchor (intersected), filtered, with conditions."""
    tname = target.type
    vt = r.onto.vertex_type(tname)
    plan = Plan("multi_hop", anchors=[a.id for a in r.anchors], target_type=tname)
    plan.filters = attr_filters(ctx.vocab, r, vt, target.start)
    counted = _counted(r, target) if r.superlative else None
    for group in anchor_groups(r):
        anchor = group[0]
        excluded = _excluded(r, anchor)
        if anchor.type == tname and (excluded or (target.start >= 0 and not target.plural)):
            continue  # "leaving aside OUTAGE-X, which outages …": the entity itself is left out (anchors always are)
        mentioned = _local_mentioned(r, anchor, target, group) - ({counted.type} if counted else set())
        walk = walk_from(r, anchor, tname, mentioned)
        if walk is not None:
            walk.anchors = [a.id for a in group]
            walk.exclude = excluded
            plan.walks.append(walk)
    if not plan.walks:
        return PlanResult(Plan("lookup", anchors=plan.anchors, target_type=tname,
                               explanation=f"no path from {r.anchors[0].type} to {tname} in the ontology"))
    _other_than_own(r, plan, target)
    _mark_walk_nouns(r, plan)
    skip = {target.start} | ({counted.start} if counted else set())
    plan.conditions = conditions(ctx.vocab, r, tname, on_path_types(plan) | r.anchor_types, skip)
    plan.path = flat_path(plan)
    if len(plan.path) <= 1 and len(r.anchors) == 1:
        plan.kind = "relation"
    ids = execute_plan(ctx.store, plan)
    if r.include_anchors:
        ids = sorted(set(ids) | {a.id for a in r.anchors if a.type == tname})
    if counted is not None and counted.type not in on_path_types(plan):
        return ranked(ctx, r, target, counted, ids)
    return state(ctx, r, plan, ids)


def _mark_walk_nouns(r: Reading, plan: Plan) -> None:
    types = on_path_types(plan) | {plan.target_type}
    for n in r.nouns:
        if n.type in types:
            r.use(n.start, n.end, f"type {n.type}")


def whole_type(ctx: Context, r: Reading, target: Noun) -> PlanResult | None:
    """A question that names no entity: all entities of a type, filtered, maybe through another filtered type
    ("customers that depend on vendors that had P0 outages"), with existence conditions."""
    vt = r.onto.vertex_type(target.type)
    others = [n for n in r.nouns if n.type != target.type]
    if r.superlative and others:
        return ranked(ctx, r, target, others[0])
    top = next((w for w in r.words if w in lx.TOP_WORDS | lx.BOTTOM_WORDS), None)
    for other in others if top else []:
        measure = numeric_attr(r, r.onto.vertex_type(other.type))
        if measure is not None:  # "Which customer has the highest total of invoices?"
            r.use_phrase(top, "superlative")
            return ranked(ctx, r, target, other, measure=measure, highest=top in lx.TOP_WORDS)
    plan = Plan("aggregate", target_type=target.type)
    plan.filters = attr_filters(ctx.vocab, r, vt, target.start)
    r.use(target.start, target.end, f"type {target.type}")
    for other in reversed([n for n in others if not (n.negated or n.modifier)]):
        via = attr_filters(ctx.vocab, r, r.onto.vertex_type(other.type), other.start, scope=(other.start - 4, other.end + 4))
        if not via:
            continue
        path = best_path(r.onto, other.type, target.type, r.verb_words, r.mentioned())
        if path and len(path) > 1:
            plan.walks = [Walk(stages=[Stage([path], target.type)], seed_type=other.type, seed_filters=via)]
            plan.kind = "multi_hop"
            _mark_walk_nouns(r, plan)
            r.use(other.start, other.end, f"type {other.type}")
            break
    plan.conditions = conditions(ctx.vocab, r, target.type, on_path_types(plan), {target.start})
    if not (plan.filters or plan.walks or plan.conditions or r.count or r.aggregate or r.any
            or _superlative(r, vt) is not None):
        return None  # "tell me about outages": nothing exact to compute
    plan.path = flat_path(plan)
    return state(ctx, r, plan, execute_plan(ctx.store, plan))


def ranked(ctx: Context, r: Reading, target: Noun, counted: Noun, among: list[str] | None = None,
           measure: str | None = None, highest: bool = True) -> PlanResult | None:
    """Which target has the most / fewest of the counted type (among a computed set, or all of the type); with
    ``measure``, ranked by the sum of that attribute over them ("the customer with the highest total of invoices")."""
    legs = stages(r.onto, target.type, counted.type, r.verb_words, {target.type, counted.type},
                  bool(lx.impact_positions(r.onto, r.words)))
    if not legs:
        return None
    path = [s for st in legs for s in st.paths[0]]
    filters = attr_filters(ctx.vocab, r, r.onto.vertex_type(counted.type), counted.start)
    if among is None:
        cand_filters = attr_filters(ctx.vocab, r, r.onto.vertex_type(target.type), target.start,
                                    scope=(max(0, target.start - 3), target.end + 1))
        candidates = [c.id for c in ctx.store.list_entities(target.type, limit=GROUP_LIMIT)
                      if all(matches(c, f) for f in cand_filters)]
    else:
        cand_filters, candidates = [], list(among)
    if measure is None:
        counts = {c: len(walk_ids(ctx.store, Walk([c], legs), filters)) for c in candidates}
    else:
        counts = {}
        for c in candidates:
            vals = [_as_float(e.attrs.get(measure)) for e in ctx.store.get_entities(walk_ids(ctx.store, Walk([c], legs), filters))
                    if e is not None]
            counts[c] = round(sum(v for v in vals if v is not None), 6)
    if not counts:
        return None
    fewest = r.superlative == "fewest" if measure is None else not highest
    pick = min(counts.values()) if fewest else max(counts.values())
    winners = sorted(i for i, n in counts.items() if n == pick)
    names = ctx.names(winners[: facts.MAX_LISTED])
    order = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]) if fewest else (-kv[1], kv[0]))
    runners = "; ".join(f"{i} {n}" for i, n in order[len(winners) : len(winners) + 3])
    walk = Walk(stages=legs, seed_type=target.type, seed_filters=cand_filters)
    desc = render_walk(walk) + ("; filter: " + render_filters(filters) if filters else "")
    word = (r.superlative or "most") if measure is None else f"{'highest' if highest else 'lowest'} total {measure} of"
    for n in (target, counted):
        r.use(n.start, n.end, f"type {n.type}")
    plan = Plan("aggregate", target_type=target.type, path=path, filters=filters,
                operator="argmin" if fewest else "argmax", walks=[walk],
                explanation=f"{word} {counted.type} per {target.type} over {len(counts)} {target.type} entities ({desc})")
    listed = facts.listing(winners, names)
    return PlanResult(plan, [facts.ranked(word, counted.type, target.type, pick, desc, runners, listed)], winners)


def _asked_attribute(r: Reading, vt) -> str | None:
    """An attribute the asking clause asks for about a set named earlier (no type noun in the asking clause)."""
    if any(n.start >= r.ask_from for n in r.nouns) or r.ask_from == 0:
        return None
    clause = Reading(r.question, r.masked, r.low, ["_"] * r.ask_from + r.words[r.ask_from :], onto=r.onto)
    attr = lookup_attr(clause, vt)
    if attr is not None:
        for i, how in clause.explained.items():
            r.use(i, i + 1, how)
    return attr


def _superlative(r: Reading, vt) -> tuple[str, str, bool] | None:
    """(word, attribute, highest?) for "the longest", "the biggest ... by ARR", "the first/most recent"."""
    words = r.words
    for i, w in enumerate(words):
        if i and words[i - 1] == "at":
            continue  # "at least", "at most"
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w in lx.DATE_TOP | lx.DATE_BOTTOM and (w != "last" or nxt in lx.nouns(r.onto) or nxt == "one"):
            dates = [a for a in vt.attrs if a.kind == DATE]
            named = [a for a in dates if any(lx.find_stemmed(words, lx.phrase_of(p)) >= 0 for p in a.words)]
            if dates:
                return w, (named or dates)[0].name, w in lx.DATE_TOP
        if w in lx.TOP_WORDS | lx.BOTTOM_WORDS:
            attr = numeric_attr(r, vt)
            if attr is None:  # "the longest outage": the adjective names the attribute ("how long")
                base = w[:-3] if w.endswith("est") else w
                fits = [a.name for a in vt.attrs if a.kind in (INT, FLOAT) and len(base) >= 3
                        and any(base in lx.words_of(ph) for ph in a.words)]
                if not fits:  # or the attribute measures what the adjective says ("longest" -> milliseconds)
                    units = lx.MEASURES.get(base, ())
                    fits = [a.name for a in vt.attrs if a.kind in (INT, FLOAT)
                            and any(u in a.name.lower() for u in units)]
                attr = fits[0] if len(fits) == 1 else None
            if attr is not None:
                return w, attr, w in lx.TOP_WORDS
    return None


def top_by_attribute(ctx: Context, r: Reading, plan: Plan, ids: list[str]) -> PlanResult | None:
    """"Which of X's outages lasted longest?", "the biggest customer by ARR", "the first outage in R": the
    extreme of a numeric or date attribute over the computed set."""
    target = plan.target_type or ""
    if not ids or r.count or not target:
        return None
    found = _superlative(r, r.onto.vertex_type(target))
    if found is None:
        return None
    word, attr, highest = found
    kind = r.onto.vertex_type(target).attr(attr).kind
    values: dict[str, Any] = {}
    for e in ctx.store.get_entities(ids):
        v = e.attrs.get(attr) if e is not None else None
        v = str(v) if kind == DATE and v not in (None, "") else _as_float(v)
        if v is not None and e is not None:
            values[e.id] = v
    if not values:
        return None
    pick = (max if highest else min)(values.values())
    winners = sorted(i for i, v in values.items() if v == pick)
    r.use_phrase(word, "superlative")
    r.use_phrase("recent", "superlative")
    plan.kind, plan.operator, plan.attribute = "aggregate", "argmax" if highest else "argmin", attr
    desc = describe(plan) + f"; {word} {attr}"
    plan.explanation = desc
    return PlanResult(plan, [facts.members(winners, ctx.names(winners), target, desc)], winners)


def comparison(ctx: Context, r: Reading, pair: list[Entity], target: Noun) -> PlanResult:
    tname = target.type
    filters = attr_filters(ctx.vocab, r, r.onto.vertex_type(tname), target.start)
    counts, descs, walks = [], [], []
    for a in pair:
        walk = walk_from(r, a, tname, r.mentioned())
        if walk is None:
            return PlanResult(Plan("comparison", anchors=[p.id for p in pair], target_type=tname,
                                   explanation=f"no path from {a.type} to {tname}"))
        counts.append(len(walk_ids(ctx.store, walk, filters)))
        descs.append(render_walk(walk) + ("; filter: " + render_filters(filters) if filters else ""))
        walks.append(walk)
    r.use(target.start, target.end, f"type {tname}")
    best = (min if r.compare == "fewer" else max)(range(2), key=lambda i: counts[i])
    if counts[0] == counts[1]:
        verdict, result_ids = f"they are tied at {counts[0]}", []
    else:
        verdict, result_ids = f"{pair[best].id} ({pair[best].name}) has {r.compare or 'more'}", [pair[best].id]
    plan = Plan("comparison", anchors=[p.id for p in pair], target_type=tname, filters=filters, operator="compare",
                walks=walks, explanation="; ".join(descs))
    plan.path = [s for st in walks[-1].stages for s in st.paths[0]]
    return PlanResult(plan, [facts.comparison(pair[0].id, counts[0], pair[1].id, counts[1], tname, "; ".join(descs),
                                              verdict)], result_ids)


def reach(ctx: Context, r: Reading, a: Entity, b: Entity) -> PlanResult:
    """Yes/no between two named entities: is b reached from a along the path the question means?"""
    walk = walk_from(r, a, b.type, r.mentioned() | {b.type})
    ids = set(walk_ids(ctx.store, walk)) if walk else set()
    ok = b.id in ids
    desc = render_walk(walk) if walk else f"no path from {a.type} to {b.type}"
    plan = Plan("relation", anchors=[a.id, b.id], target_type=b.type, operator="exists", walks=[walk] if walk else [],
                explanation=desc)
    plan.path = flat_path(plan)
    _mark_walk_nouns(r, plan)
    return PlanResult(plan, [facts.reachable(a.id, a.name, b.id, b.name, ok, desc)], [b.id] if ok else [])


def value_check(ctx: Context, r: Reading, anchor: Entity) -> PlanResult | None:
    """Yes/no on one entity's attribute value ("Is Acme an Enterprise account?", "Is it Gold or Platinum?")."""
    try:
        vt = r.onto.vertex_type(anchor.type)
    except KeyError:
        return None
    for f in attr_filters(ctx.vocab, r, vt, -1, loose=True):
        if f.op not in ("==", "in", "!="):
            continue
        wanted = f.value if f.op == "in" else [f.value]
        have = anchor.attrs.get(f.attr)
        hit = isinstance(have, str) and have.casefold() in {str(w).casefold() for w in wanted}
        ok = hit if f.op != "!=" else not hit
        plan = Plan("lookup", anchors=[anchor.id], target_type=anchor.type, operator="exists", attribute=f.attr,
                    filters=[f], explanation=f"{f.attr} of {anchor.id} {f.op} {f.value}")
        return PlanResult(plan, [facts.value_check(anchor.id, anchor.name, f.attr, have, [str(w) for w in wanted], ok)],
                          [anchor.id])
    return None


def lookup(ctx: Context, anchor: Entity, attr: str) -> PlanResult:
    val: Any = anchor.name if attr == "name" else anchor.attrs.get(attr)
    if isinstance(val, list):
        val = ", ".join(str(v) for v in val)
    plan = Plan("lookup", anchors=[anchor.id], target_type=anchor.type, operator="value", attribute=attr,
                explanation=f"attribute {attr} of {anchor.id}")
    return PlanResult(plan, [facts.value(anchor.id, anchor.name, attr, val)], [anchor.id])


def portfolio(ctx: Context, anchor: Entity) -> PlanResult:
    seen: dict[str, tuple[Entity, str]] = {}
    for edge, other in ctx.store.neighbors(anchor.id):
        seen.setdefault(other.id, (other, edge.type))
    ids = sorted(seen)
    parts = [f"{i} {seen[i][0].name} ({seen[i][0].type}, {seen[i][1]})" for i in ids]
    plan = Plan("portfolio", anchors=[anchor.id], operator="list",
                explanation=f"all entities directly related to {anchor.id}")
    return PlanResult(plan, [facts.related(anchor.id, anchor.name, parts)], ids)


