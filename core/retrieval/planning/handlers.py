"""One handler per kind of question; each turns a Reading into a Plan, runs it exactly and states the result.

Handlers take ``(ctx, reading)`` where ``ctx`` is the shared, read-only ``Context`` (store + vocabulary) and return
a ``PlanResult``. Nothing per question is kept on shared objects: everything lives in the Reading and the Plan.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from core.records import EdgeCondition, Entity, Filter, PathStep, Plan, Stage, Walk
from core.retrieval import facts
from core.retrieval.planning import lexicon as lx
from core.retrieval.planning.execute import execute_plan, walk_ids
from core.retrieval.planning.paths import (
    best_path,
    render_filters,
    render_walk,
)
from core.retrieval.planning.ranking import GROUP_LIMIT, asked_attribute, ranked, superlative, top_by_attribute
from core.retrieval.planning.reading import Noun, Reading
from core.retrieval.planning.results import Context, PlanResult, as_float, describe, flat_path, on_path_types
from core.retrieval.planning.values import (
    GENERIC_ATTR_TAILS,
    MONEY_NOUNS,
    attr_filters,
    conditions,
    edge_attr_phrases,
    edge_attrs,
    flag_values,
    money_attr,
    numeric_attr,
)
from core.retrieval.planning.walks import (
    anchor_groups,
    counted_noun,
    edge_noun,
    is_active_head,
    is_excluded,
    local_mentioned,
    mark_walk_nouns,
    other_than_own,
    walk_from,
)
from core.store.filters import edge_matches, matches
from core.type_synonyms import group_members, is_unit_abbreviation, is_unit_word, is_verb_form, names_members


def state(ctx: Context, r: Reading, plan: Plan, ids: list[str]) -> PlanResult:
    """The fact for a computed set: its size, yes/no for "any", a total/average, or its members."""
    desc = describe(plan)
    target = plan.target_type or ""
    plan.explanation = desc
    top = top_by_attribute(ctx, r, plan, ids)
    if top is not None:
        return top
    asked = asked_attribute(r, r.onto.vertex_type(target)) if ids and not (r.count or r.any or r.aggregate) else None
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
                  for v in [as_float(e.attrs.get(attr))] if v is not None]
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
    counted = counted_noun(r, target) if r.superlative else None
    for group in anchor_groups(r):
        anchor = group[0]
        excluded = is_excluded(r, anchor)
        own_kind = any(e.src == e.dst == tname and not e.structural and relation_said(r, e) for e in r.onto.edge_types)
        if anchor.type == tname and (excluded or (target.start >= 0 and not target.plural and not own_kind)):
            continue  # "leaving aside OUTAGE-X, which outages …": the entity itself is left out (anchors always are)
        mentioned = local_mentioned(r, anchor, target, group) - ({counted.type} if counted else set())
        walk = walk_from(r, anchor, tname, mentioned, ctx.vocab)
        if walk is not None:
            walk.anchors = [a.id for a in group]
            walk.exclude = excluded
            plan.walks.append(walk)
    if not plan.walks:
        # a type was asked for and no route reaches it: the named one's own card is no answer ("list everyone
        # that X supervises" read as X's own kind, then nothing walked)
        why = f"no path from {r.anchors[0].type} to {tname} in the ontology"
        plan = Plan("lookup", anchors=plan.anchors, target_type=tname, explanation=why, confidence=0.0,
                    unexplained=[why])
        return PlanResult(plan, [facts.unsure([f"anchors {', '.join(plan.anchors)}"], [why])], [])
    other_than_own(r, plan, target)
    mark_walk_nouns(r, plan)
    skip = {target.start} | ({counted.start} if counted else set())
    plan.conditions = conditions(ctx.vocab, r, tname, on_path_types(plan) | r.anchor_types, skip)
    plan.path = flat_path(plan)
    if len(plan.path) <= 1 and len(r.anchors) == 1:
        plan.kind = "relation"
    ids = execute_plan(ctx.store, plan)
    if not ids:
        deeper = _through_self_relation(ctx, plan) if _says_nesting(r) else None
        if deeper is not None:
            plan, ids = deeper
            plan.path = flat_path(plan)
            r.fragile = True
        else:
            _doubt_unused_route(ctx, r, plan)
    if r.include_anchors:
        ids = sorted(set(ids) | {a.id for a in r.anchors if a.type == tname})
    if counted is not None and counted.type not in on_path_types(plan):
        return ranked(ctx, r, target, counted, ids)
    return state(ctx, r, plan, ids)


def co_relation(ctx: Context, r: Reading, anchor: Entity) -> PlanResult | None:
    """Others who share a relation's far end with the anchor, said by "co-" and the relation's verb or agent noun:
    "who has X *co-authored* with" (X -AUTHORED-> Paper <-AUTHORED- Author), "X's *co-stars*", "*coinvestors*"."""
    for i, w in enumerate(r.words):
        if w == "co" and i + 1 < len(r.words):
            k, said = i + 1, r.words[i + 1]
        elif w.startswith("co") and len(w) >= 7:
            k, said = i, w[2:]
        else:
            continue
        root = lx.role_root(said)
        hits = [e for e in r.onto.edge_types if not e.structural and e.src != e.dst and anchor.type in (e.src, e.dst)
                and len(root) >= 4 and any(lx.role_root(lx.words_of(v)[0]) == root
                                           for v in (*e.verbs, e.name.replace("_", " ")) if lx.words_of(v))]
        if len(hits) != 1:
            continue
        e = hits[0]
        there, back = ("out", "in") if e.src == anchor.type else ("in", "out")
        shared = e.dst if there == "out" else e.src
        steps = [PathStep(e.name, there, shared), PathStep(e.name, back, anchor.type)]
        walk = Walk([anchor.id], [Stage([[steps[0]]], shared), Stage([[steps[1]]], anchor.type)])
        plan = Plan("multi_hop", anchors=[anchor.id], target_type=anchor.type, walks=[walk], path=steps)
        r.use(i, k + 1, f"edge {e.name}")
        for j in range(k + 1, min(k + 2, len(r.words))):
            if r.words[j] == "with":
                r.use(j, j + 1, f"edge {e.name}")
        ids = [x for x in execute_plan(ctx.store, plan) if x != anchor.id]
        return state(ctx, r, plan, ids)
    return _shared(ctx, r, anchor)


SHARE_WORDS = frozenset("share shares shared sharing".split())


def _shared(ctx: Context, r: Reading, anchor: Entity) -> PlanResult | None:
    """ "which journalists *share a mentor with* X", "who shares a desk with X": others of X's kind at the same far
    end of one relation: the noun after "share" is a self-relation's agent or patient noun (a mentor, a mentee)
    or a type joined to X's type by exactly one relation."""
    at = next((i for i, w in enumerate(r.words) if w in SHARE_WORDS), None)
    if at is None or not any(w == "with" for w in r.words[at:]):
        return None
    k = next((j for j in range(at + 1, min(at + 5, len(r.words))) if r.words[j] not in ("a", "an", "the", "same")),
             None)
    if k is None:
        return None
    w = r.words[k]
    steps = None
    noun = next((n for n in r.nouns if n.start == k and n.type != anchor.type), None)
    if noun is not None:
        joined = [e for e in r.onto.edge_types if not e.structural and e.src != e.dst
                  and {e.src, e.dst} == {anchor.type, noun.type}]
        if len(joined) == 1:
            e = joined[0]
            there = "out" if e.src == anchor.type else "in"
            steps = [PathStep(e.name, there, noun.type), PathStep(e.name, "in" if there == "out" else "out",
                                                                   anchor.type)]
    else:
        selfs = [e for e in r.onto.edge_types if not e.structural and e.src == e.dst == anchor.type and any(
            lx.role_root(lx.words_of(v)[0]) == lx.role_root(w) for v in e.verbs if lx.words_of(v))]
        if len(selfs) == 1 and len(lx.role_root(w)) >= 4:
            e = selfs[0]
            # an agent noun ("mentor") is the edge's source: X <-MENTORS- M -MENTORS-> others
            one = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
            first = "out" if one.endswith(lx.PATIENT_ENDINGS) else "in"  # "mentees": the relation reaches them
            steps = [PathStep(e.name, first, anchor.type), PathStep(e.name, "in" if first == "out" else "out",
                                                                     anchor.type)]
    if steps is None:
        return None
    walk = Walk([anchor.id], [Stage([[steps[0]]], steps[0].target), Stage([[steps[1]]], anchor.type)])
    plan = Plan("multi_hop", anchors=[anchor.id], target_type=anchor.type, walks=[walk], path=steps)
    r.use(at, k + 1, f"edge {steps[0].edge}")
    r.use(at + 1 + r.words[at + 1 :].index("with"), at + 2 + r.words[at + 1 :].index("with"), f"edge {steps[0].edge}")
    for j, x in enumerate(r.words):
        if x in ("other", "others", "else"):
            r.use(j, j + 1, "exclusion")
    ids = [x for x in execute_plan(ctx.store, plan) if x != anchor.id]
    return state(ctx, r, plan, ids)


def _doubt_unused_route(ctx: Context, r: Reading, plan: Plan) -> None:
    """An empty result where the route dies at a step none of the entities reached has any edge of ("suppliers of
    the Battery Pack" when assemblies are never supplied, only their parts are) says the route was misread, not
    that the answer is none: a doubt, so no exact "none" is stated. Checked on up to ``ROUTE_PROBE`` entities."""
    missed = _missed_self_hop(ctx, plan)
    if missed is not None:
        r.doubts.append(f"{missed[3].edge} first?")


def _missed_self_hop(ctx: Context, plan: Plan) -> tuple[int, int, int, PathStep] | None:
    """(walk, stage, step index, self-relation hop) where an anchored route first reaches nothing and one more hop
    of the frontier's own self-relation would have led on (that hop is what the reading missed); None when the
    route never dies or dies where no such hop helps (an entity that simply has none is a real zero)."""
    for wi, walk in enumerate(plan.walks):
        if not walk.anchors or walk.exclude:
            continue
        frontier = list(walk.anchors)
        for si, stage in enumerate(walk.stages):
            for j, step in enumerate(stage.paths[0] if stage.paths else []):
                nxt = _step(ctx, frontier, step.edge, step.direction, step.target)
                if nxt:
                    frontier = sorted(nxt)
                    continue
                ftype = ctx.store.get_entity(frontier[0]).type if frontier else None
                for e in ctx.onto.edge_types:
                    if not (e.src == e.dst == ftype and not e.structural):
                        continue
                    for d in ("out", "in"):
                        if _step(ctx, _step(ctx, frontier, e.name, d, ftype), step.edge, step.direction, step.target):
                            return wi, si, j, PathStep(e.name, d, ftype)
                return None
    return None


ROUTE_PROBE = 200


# English for what is inside what ("the *parts* for X", "products that *end up containing* P", "listed anywhere
# *under* C"): said, a route that died at a self-relation may walk it; unsaid ("who supplies assembly A"), no.
NESTING_WORDS = frozenset("part parts piece pieces contain contains containing contained inside within under "
                          "underneath anywhere nested sub".split())
NESTING_PHRASES = ("end up", "ends up", "made up", "go into", "goes into", "built from", "made from", "all levels")


def _says_nesting(r: Reading) -> bool:
    text = " ".join(w for w in r.words if w != "_")
    return bool(set(r.words) & NESTING_WORDS) or any(p in text for p in NESTING_PHRASES)


def _through_self_relation(ctx: Context, plan: Plan) -> tuple[Plan, list[str]] | None:
    """An empty route that dies at a step only entities one self-relation hop further have ("products that contain
    part P" when P sits in an assembly and only assemblies are USED_IN products): walk that self-relation as deep
    as it goes before the step (``Stage.closure``), as a bill of materials or a category tree is read. The new
    plan and its ids, or None when no such hop leads on or the route still reaches nothing."""
    missed = _missed_self_hop(ctx, plan)
    if missed is None:
        return None
    wi, si, j, hop = missed
    stage = plan.walks[wi].stages[si]
    if len(stage.paths) != 1:
        return None  # a stage that intersects several paths (a derived relation) is not split
    path = stage.paths[0]
    new = copy.deepcopy(plan)
    legs = ([Stage([path[:j]], path[j - 1].target)] if j else []) + [Stage([path[j:]], stage.reached, closure=hop)]
    new.walks[wi].stages[si : si + 1] = legs
    ids = execute_plan(ctx.store, new)
    return (new, ids) if ids else None


def _step(ctx: Context, frontier, edge: str, direction: str, target: str) -> list[str]:
    return sorted({o.id for e in list(frontier)[:ROUTE_PROBE] for _, o in ctx.store.neighbors(e, edge, direction)
                   if o.type == target})


def whole_type(ctx: Context, r: Reading, target: Noun) -> PlanResult | None:
    """A question that names no entity: all entities of a type, filtered, maybe through another filtered type
    ("customers that depend on vendors that had P0 outages"), with existence conditions."""
    vt = r.onto.vertex_type(target.type)
    others = [n for n in r.nouns if n.type != target.type]
    top = next((w for w in r.words if w in lx.TOP_WORDS | lx.BOTTOM_WORDS), None)
    if r.superlative or top:
        by_edges = edge_ranked(ctx, r, target, highest=r.superlative != "fewest" and top not in lx.BOTTOM_WORDS)
        if by_edges is not None:  # "the captain who logged the most duty hours": a sum over its own edges
            return by_edges
    summed = bool({"total", "combined", "sum", "overall"} & set(r.words)) or r.aggregate == "total"
    if (r.superlative or top) and summed and not others and numeric_attr(copy.deepcopy(r), vt) is None and \
            superlative(copy.deepcopy(r), vt) is None:
        # "which rider has covered the greatest total *distance*": a number of the one related type that has it
        joined = sorted({e.dst if e.src == target.type else e.src for e in r.onto.edge_types
                         if not e.structural and e.src != e.dst and target.type in (e.src, e.dst)})
        probes = [(t, numeric_attr(copy.deepcopy(r), r.onto.vertex_type(t))) for t in joined]
        stems = {lx.stem(w) for w in r.words}
        # by the number's own words ("distance" of distance_km), not by a money word that any price would fit
        fits = [(t, a) for t, a in probes if a is not None and any(
            {lx.stem(w) for w in lx.words_of(ph)} <= stems
            for x in [r.onto.vertex_type(t).attr(a)] if x is not None for ph in (a.replace("_", " "), *x.words))]
        if len(fits) == 1:
            t, measure = fits[0]
            numeric_attr(r, r.onto.vertex_type(t))  # marks the measure's words
            r.use_phrase(top or "most", "superlative")
            return ranked(ctx, r, target, Noun(t, -1, -1, True), measure=measure,
                          highest=r.superlative != "fewest" and top not in lx.BOTTOM_WORDS)
    sup_at = next((i for i, w in enumerate(r.words) if w in ("most", "fewest", "least") or w in lx.TOP_WORDS
                   | lx.BOTTOM_WORDS), -1)
    for other in others if (r.superlative or top) else []:
        if other.start == sup_at + 1 and other.plural and (other.end >= len(r.words) or r.words[other.end]
                                                           not in lx.attribute_words(r.onto)):
            continue  # "received casualties from *the most incidents*": the incidents are counted, not summed
        measure = numeric_attr(r, r.onto.vertex_type(other.type))
        if measure is not None:  # "the customer with the highest total of invoices", "the most downtime minutes"
            r.use_phrase(top or "most", "superlative")
            return ranked(ctx, r, target, other, measure=measure,
                          highest=r.superlative != "fewest" and top not in lx.BOTTOM_WORDS)
    if r.superlative and others:
        return ranked(ctx, r, target, others[0])
    if r.superlative and not others:
        # "Which award has been won most often?": the relation verb names what is counted (the edge's far end)
        said = set(lx.verb_positions(r.onto, r.words).values())
        ends = {(e.src if e.dst == target.type else e.dst) for e in r.onto.edge_types
                if e.name in said and target.type in (e.src, e.dst) and e.src != e.dst}
        if len(ends) == 1:
            return ranked(ctx, r, target, Noun(ends.pop(), -1, -1, True))
    if r.superlative and not others:
        mine = _self_ranking(r, target)  # "which doctor has made the most referrals", "coach who mentors the most"
        if mine is not None:
            return ranked(ctx, r, target, Noun(target.type, -1, -1, True), legs=[Stage([[mine]], target.type)])
    if top and not others:
        counted = edge_noun(r, target.type, r.words.index(top) + 1)  # "the course with the highest enrolment"
        counted = counted or _group_counted(r, target, r.words.index(top) + 1)  # "the biggest fleet"
        if counted is not None and superlative(r, vt) is None:
            r.use_phrase(top, "superlative")
            r.superlative = "most" if top in lx.TOP_WORDS else "fewest"
            return ranked(ctx, r, target, counted)
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
            mark_walk_nouns(r, plan)
            r.use(other.start, other.end, f"type {other.type}")
            break
    plan.conditions = conditions(ctx.vocab, r, target.type, on_path_types(plan), {target.start})
    plan.conditions += _participle_conditions(r, target) + _role_conditions(r, target)
    if target.via is not None:  # "loyalty members": guests that are members of a tier
        e = r.onto.edges(target.via)[0]
        plan.conditions.append(EdgeCondition(e.name, "out", e.dst))
    asking = r.words[r.ask_from :]
    tail = [w for w in r.words[target.end :] if w != "?"]
    every = target.plural and (bool(set(asking) & {"all", "every", "each"}) or (asking[:1] and asking[0] in (
        "list", "enumerate", "name")) or (asking[:1] in (["what"], ["which"]) and tail in (
        ["are", "there"], ["exist"], ["do", "we", "have"], ["are", "in", "the", "graph"])))
    # "Show me all the depots.", "List the operators.", "What loyalty tiers are there?"
    if not (plan.filters or plan.walks or plan.conditions or r.count or r.aggregate or r.any or every
            or superlative(r, vt) is not None):
        return None  # "tell me about outages": nothing exact to compute
    plan.path = flat_path(plan)
    return state(ctx, r, plan, execute_plan(ctx.store, plan))


def _group_counted(r: Reading, target: Noun, at: int) -> Noun | None:
    """ "Which airline has the biggest *fleet*?", "the branch with the largest *membership*": a group noun after
    the superlative that the graph does not know, whose WordNet senses are groups of what one type joined to the
    target is named ("group of aircraft …"): that type, counted per target."""
    if at >= len(r.words) or any(n.start <= at < n.end for n in r.nouns) or r.words[at] in lx.attribute_words(r.onto):
        return None
    members = group_members(r.words[at])
    if not members:
        return None
    joined = {e.dst if e.src == target.type else e.src for e in r.onto.edge_types
              if not e.structural and e.src != e.dst and target.type in (e.src, e.dst)}
    fits = [t for t in sorted(joined) if names_members(members, r.onto.vertex_type(t).nouns)]
    if len(fits) != 1:
        return None
    r.use(at, at + 1, f"type {fits[0]}")
    return Noun(fits[0], at, at + 1, True)


def _participle_conditions(r: Reading, target: Noun) -> list[EdgeCondition]:
    """A relation's verb as an adjective right before the target noun ("the *opposing* firms", "*sponsored*
    exhibitions"): the targets that have that relation, when exactly one relation of the type has that verb."""
    i = target.start - 1
    if i < 0 or i in r.explained or not r.words[i].endswith(("ing", "ed")) or len(r.words[i]) < 6:
        return []
    root = lx.role_root(r.words[i])
    fits = [(e, "out" if e.src == target.type else "in") for e in r.onto.edge_types
            if not e.structural and e.src != e.dst and target.type in (e.src, e.dst)
            and any(lx.role_root(v.split()[0]) == root for v in (*e.verbs, *e.reverse_verbs))]
    if len(fits) != 1:
        return []
    e, direction = fits[0]
    r.use(i, i + 1, f"edge {e.name}")
    return [EdgeCondition(e.name, direction, e.dst if direction == "out" else e.src)]


def _role_conditions(r: Reading, target: Noun) -> list[EdgeCondition]:
    """ "Investigators who don't have a *mentor*", "agents with *mentees*": the targets that have (or lack) the
    other side of their own self-relation, said by its agent or patient noun after have/has/with/without."""
    out: list[EdgeCondition] = []
    for i, w in enumerate(r.words):
        if i in r.explained or not i or len(w) < 4:
            continue
        before = [x for x in r.words[max(0, i - 3) : i] if x not in ("a", "an", "any", "the")]
        if not before or before[-1] not in ("have", "has", "had", "with", "without"):
            continue
        singular = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
        patient = singular.endswith(lx.PATIENT_ENDINGS)
        if not (patient or singular.endswith(lx.AGENT_ENDINGS)):
            continue
        for e in r.onto.edge_types:
            if e.structural or not (e.src == e.dst == target.type):
                continue
            for v, forward in [(v, True) for v in e.verbs] + [(v, False) for v in e.reverse_verbs]:
                if not is_active_head(v) or lx.role_root(v.split()[0]) != lx.role_root(w):
                    continue
                # the verb's subject is the source when read forward; the target has a patient: it is the subject
                subject_is_src = forward
                target_is_src = subject_is_src if patient else not subject_is_src
                negate = "without" in before or bool(set(r.words[max(0, i - 5) : i]) & lx.NEGATION_WORDS)
                r.use(i, i + 1, f"edge {e.name}")
                for j in range(max(0, i - 5), i):
                    if r.words[j] in lx.NEGATION_WORDS | {"without", "have", "has", "had", "with"}:
                        r.use(j, j + 1, f"edge {e.name}")
                out.append(EdgeCondition(e.name, "out" if target_is_src else "in", target.type, negate=negate))
                return out
    return out


# Words before a participle that make it passive: "the most *cited*", "is *cited* the most", "most often *cited*".
PASSIVE_BEFORE = frozenset("most least more less often frequently widely heavily is are was were be been being get "
                           "gets got".split())


def _self_ranking(r: Reading, target: Noun) -> PathStep | None:
    """The step to count for "the most" over a self-relation of the target's type, directed by the question:
    its verb active after the target ("coach who *mentors* the most", out) or passive ("*mentored by* the most",
    in); its noun after an agent verb ("*made* the most *referrals*", out) or a recipient verb ("*received* …", in).
    None when the question does not say which way (a guess would be a confident wrong answer)."""
    selfs = [e for e in r.onto.edge_types if not e.structural and e.src == e.dst == target.type]
    if len(selfs) != 1:
        return None
    e = selfs[0]
    stems = [lx.stem(w) for w in r.words]
    for v in sorted(e.reverse_verbs, key=lambda v: -len(lx.words_of(v))):
        p = [lx.stem(w) for w in lx.words_of(v)]
        if p[-1:] == ["by"] and lx.find_phrase(stems, " ".join(p)) >= 0:
            at = lx.find_phrase(stems, " ".join(p))
            r.use(at, at + len(p), f"edge {e.name}")
            return PathStep(e.name, "in", target.type)
    head = lx.stem(lx.words_of(e.name.replace("_", " "))[0])
    asked = next((w for w in r.words[r.ask_from :] if w != "_"), "")
    if asked in ("who", "whom") and target.start > 0:
        # "who has *trained* the most chefs": the verb's agent is asked; TRAINED_BY names its other end
        passive_name = lx.words_of(e.name.replace("_", " "))[-1] == "by"
        for i in range(r.ask_from + 1, target.start):
            w = r.words[i]
            if lx.stem(w) == head and r.words[i + 1] != "by" and r.words[i - 1] not in PASSIVE_BEFORE:
                r.use(i, i + 1, f"edge {e.name}")
                return PathStep(e.name, "in" if passive_name else "out", target.type)
    for i, w in enumerate(r.words):
        if i <= target.start or w == "_":
            continue
        if lx.stem(w) == head and not (i + 1 < len(r.words) and r.words[i + 1] == "by"):
            r.use(i, i + 1, f"edge {e.name}")
            if w.endswith(("ed", "en")) and r.words[i - 1] in PASSIVE_BEFORE:
                return PathStep(e.name, "in", target.type)  # "the most *cited* paper", "is cited most often"
            return PathStep(e.name, "out", target.type)  # "which coach mentors the most other coaches"
        if lx.says_relation(w, head) and w != r.words[target.start]:
            before = set(r.words[max(0, i - 4) : i])
            if w.endswith(("ents", "ers", "ors", "ants")) or w.endswith(("ees",)):
                # a party to the relation: "the most *dependents*" (those who depend on it: in), "*mentees*"
                # (those it mentors: out)
                r.use(i, i + 1, f"edge {e.name}")
                return PathStep(e.name, "out" if w.endswith("ees") else "in", target.type)
            if before & lx.AGENT_VERBS or before & lx.RECIPIENT_VERBS:
                r.use(i, i + 1, f"edge {e.name}")
                for j in range(max(0, i - 4), i):
                    if r.words[j] in lx.AGENT_VERBS | lx.RECIPIENT_VERBS:
                        r.use(j, j + 1, f"edge {e.name}")
                return PathStep(e.name, "out" if before & lx.AGENT_VERBS else "in", target.type)
    return None


def comparison(ctx: Context, r: Reading, pair: list[Entity], target: Noun) -> PlanResult:
    tname = target.type
    filters = attr_filters(ctx.vocab, r, r.onto.vertex_type(tname), target.start)
    counts, descs, walks = [], [], []
    for a in pair:
        walk = walk_from(r, a, tname, r.mentioned(), ctx.vocab)
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
    walk = walk_from(r, a, b.type, r.mentioned() | {b.type}, ctx.vocab)
    ids = set(walk_ids(ctx.store, walk)) if walk else set()
    ok = b.id in ids
    desc = render_walk(walk) if walk else f"no path from {a.type} to {b.type}"
    plan = Plan("relation", anchors=[a.id, b.id], target_type=b.type, operator="exists", walks=[walk] if walk else [],
                explanation=desc)
    plan.path = flat_path(plan)
    mark_walk_nouns(r, plan)
    return PlanResult(plan, [facts.reachable(a.id, a.name, b.id, b.name, ok, desc)], [b.id] if ok else [])


def value_check(ctx: Context, r: Reading, anchor: Entity) -> PlanResult | None:
    """Yes/no on one entity's attribute value ("Is Acme an Enterprise account?", "Is it Gold or Platinum?")."""
    try:
        vt = r.onto.vertex_type(anchor.type)
    except KeyError:
        return None
    checks = []
    for f in attr_filters(ctx.vocab, r, vt, -1, loose=True):
        if f.op not in ("==", "in", "!="):
            continue
        wanted = f.value if f.op == "in" else [f.value]
        have = anchor.attrs.get(f.attr)
        hit = isinstance(have, str) and have.casefold() in {str(w).casefold() for w in wanted}
        checks.append((f, wanted, have, hit if f.op != "!=" else not hit))
    if not checks:
        return None
    # every value the question says must hold ("an *equity partner*": position Partner and is_equity_partner);
    # the answer names the first that does not, else the last
    f, wanted, have, ok = next((c for c in checks if not c[3]), checks[-1])
    plan = Plan("lookup", anchors=[anchor.id], target_type=anchor.type, operator="exists", attribute=f.attr,
                filters=[c[0] for c in checks], explanation=f"{f.attr} of {anchor.id} {f.op} {f.value}")
    return PlanResult(plan, [facts.value_check(anchor.id, anchor.name, f.attr, have, [str(w) for w in wanted], ok)],
                      [anchor.id])


def edge_value(ctx: Context, r: Reading) -> PlanResult | None:
    """An attribute of the edge between two named entities ("How many minutes from A to B?", "What grade did X
    get in Y?", "How urgent was A's referral to B?", "When was X admitted to W?", "Was X's admission to W an
    emergency?"): of the edge types joining their types, the attribute the question names (``named_edge_attr``)."""
    stems = [lx.stem(w) for w in r.words]
    if len(r.anchors) == 1:
        return _edge_values_of(ctx, r, r.anchors[0], stems) or _when_of(ctx, r, r.anchors[0])
    for i, a in enumerate(r.anchors):
        for b in r.anchors[i + 1 :]:
            for e in r.onto.edge_types:
                if e.structural or {e.src, e.dst} != {a.type, b.type}:
                    continue
                found = named_edge_attr(r, e, stems) or _manner_attr(ctx, r, e)
                if found is None:
                    continue
                attr, span = found
                if r.yesno and flag_values(ctx.vocab.edge_values(e).get(attr.name, attr.values)) is None:
                    continue  # "has X ever referred a *case* to Y": a yes/no is never answered by a number
                values = [edge.attrs.get(attr.name) for edge, other in ctx.store.neighbors(a.id, e.name)
                          if other.id == b.id and edge.attrs.get(attr.name) is not None]
                if span is not None:
                    r.use(span[0], span[1], f"edge attribute {attr.name}")
                    mine = set(lx.words_of(attr.name.replace("_", " "))) - lx.FUNCTION_WORDS
                    mine |= {x for ph in attr.words for x in lx.words_of(ph)} - lx.FUNCTION_WORDS  # "in … *dollars*"
                    for k, w in enumerate(r.words):  # "what *year* did X finish a *PhD*" for phd_year
                        if w in mine:
                            r.use(k, k + 1, f"edge attribute {attr.name}")
                _use_relation_words(r, e)
                plan = Plan("lookup", anchors=[a.id, b.id], target_type=e.name, operator="value",
                            attribute=attr.name, explanation=f"{attr.name} of {e.name} between {a.id} and {b.id}")
                pair = flag_values(ctx.vocab.edge_values(e).get(attr.name, attr.values))
                if r.yesno and pair is not None and values:
                    ok = str(values[0]).casefold() in lx.TRUTHY
                    plan.operator = "exists"
                    fact = facts.value_check(f"{e.name} {a.id}-{b.id}", f"{a.name} / {b.name}", attr.name,
                                             values[0], [pair[0]], ok)
                    return PlanResult(plan, [fact], [a.id, b.id])
                if not values:
                    # the question presumes the relation ("when did X borrow Y"): none between the two named
                    # entities says the reading (or the names) went wrong more often than that the answer is none
                    plan.confidence = 0.0
                    plan.unexplained = [f"no {e.name} edge between {a.id} and {b.id}"]
                    return PlanResult(plan, [facts.unsure([f"anchors {a.id}, {b.id}", f"edge {e.name}"],
                                                          [f"no {e.name} edge between them"])], [])
                fact = facts.edge_values(a.id, a.name, b.id, b.name, e.name, attr.name, values)
                return PlanResult(plan, [fact], [a.id, b.id])
    return None


def _manner_attr(ctx: Context, r: Reading, e):
    """ "*How did* X vote in division D?": how the relation went is its one closed value that is no yes/no
    (ballot: aye, no, abstain), when the relation's verb is said and no attribute is named."""
    asked = [w for w in r.words[r.ask_from :] if w != "_"]
    how = asked[:1] == ["how"] and asked[1:2] in (["did"], ["does"], ["do"])
    # "*what kind of* part did X have in Y": a kind asked of what joins the two is that same closed value
    kind = asked[:1] in (["what"], ["which"]) and asked[1:2] in (["kind"], ["type"], ["sort"]) and asked[2:3] == ["of"]
    if not ((how and relation_said(r, e)) or kind):
        return None
    values = ctx.vocab.edge_values(e)
    closed = [a for a in e.attrs if a.kind == "string" and values.get(a.name)
              and flag_values(values.get(a.name, ())) is None]
    if len(closed) != 1:
        return None
    if kind:  # the noun after "kind of" is the value's own word for it
        at = next(i for i in range(r.ask_from, len(r.words)) if r.words[i] == "of")
        return closed[0], (at - 2, at + 2)
    return closed[0], None


def relation_said(r: Reading, e) -> bool:
    """A word of the relation (its verbs, or its name's words as nouns: "tickets" of BOUGHT_TICKETS) is said."""
    stems = {lx.stem(w) for w in r.words}
    words = {lx.stem(x) for v in (*e.verbs, *e.reverse_verbs) for x in lx.words_of(v) if x not in lx.FUNCTION_WORDS}
    words |= {lx.stem(x) for x in lx.words_of(e.name.replace("_", " ")) if x not in lx.FUNCTION_WORDS and len(x) > 3}
    return bool(words & stems)


def _use_relation_words(r: Reading, e) -> None:
    """The relation's own words ("referral", "admitted", "admission") are accounted by the edge."""
    head = lx.words_of(e.name.replace("_", " "))[0]
    verbs = {lx.stem(x) for v in (*e.verbs, *e.reverse_verbs) for x in lx.words_of(v)}
    for i, w in enumerate(r.words):
        if lx.stem(w) in verbs or lx.says_relation(w, head) or (len(w) >= 6 and _shares_stem(w, head, 4)):
            r.use(i, i + 1, f"edge {e.name}")


def _shares_stem(word: str, other: str, n: int = 5) -> bool:
    """Same first ``n`` letters, both long enough: "urgent"/"urgency", "admitted"/"admission" (n=4 there)."""
    return len(word) >= n and len(other) >= n and word[:n] == other[:n]


def named_edge_attr(r: Reading, e, stems: list[str]):
    """(attribute, word span) of ``e`` the question names: its words (not the relation's own word, not a type
    noun), or a word sharing its first five letters ("urgent" for urgency); *when* asks for its only date
    attribute, a yes/no question for its only yes/no attribute. None when none is named."""
    head = lx.stem(lx.words_of(e.name.replace("_", " "))[0])
    typed = {i for n in r.nouns for i in range(n.start, n.end)}
    relation = {i for i, w in enumerate(r.words) if lx.stem(w) == head or lx.says_relation(w, head)
                or _shares_stem(w, head, 4)}
    best = None
    asked = next((k + 1 for k in range(r.ask_from, len(r.words) - 1) if r.words[k] != "_"), -1)
    asked = asked if asked > 0 and r.words[asked - 1] in ("what", "which") else -1
    first = next((w for w in r.words[r.ask_from :] if w != "_"), "")
    dated = first == "when" and any(a.kind == "date" for a in e.attrs)
    for attr in e.attrs:
        if dated and attr.kind != "date":
            continue  # "*when* was X's contract for Y signed": a date, not the contract's value
        for p in edge_attr_phrases(attr):
            k = find_stems(stems, p)
            if k >= 0 and not set(range(k, k + len(p))) & (typed | relation):
                # the word right after "what" is the one asked for: "*what scope* does X's contract on Y cover"
                score = len(p) + 1 + (0.5 if k == asked else 0)
                best = max(best or (0, None, None), (score, attr.name, (k, k + len(p))), key=lambda t: t[0])
        name = lx.words_of(attr.name.replace("_", " "))
        for k, w in enumerate(r.words):
            if k not in typed | relation and any(_shares_stem(w, t) for t in name if t not in GENERIC_ATTR_TAILS):
                best = max(best or (0, None, None), (1, attr.name, (k, k + 1)), key=lambda t: t[0])
    if best is not None:
        return next(a for a in e.attrs if a.name == best[1]), best[2]
    dates = [a for a in e.attrs if a.kind == "date"]
    said_date = any(r.words[k] in ("what", "which") and r.words[k + 1] in ("date", "day")
                    for k in range(len(r.words) - 1))  # "on what date did A refer B"
    if (first == "when" or said_date) and len(dates) == 1:
        if said_date:
            k = next(k for k in range(len(r.words) - 1) if r.words[k + 1] in ("date", "day"))
            r.use(k + 1, k + 2, f"edge attribute {dates[0].name}")
        return dates[0], None
    amounts = [a for a in e.attrs if a.kind in ("int", "float")]
    if "how much" in " ".join(r.words) and len(amounts) == 1:
        return amounts[0], None  # "how much did L put toward sponsoring E": the relation's one amount
    money = money_attr(e.attrs)
    if "how much" in " ".join(r.words) and money is not None:
        return money, None  # "how much did X pay for the tickets": of an amount and a seat count, the money
    return None


def _name_stems(attr) -> list[str]:
    """Stems of an attribute name's words that are no unit ("budget" of budget_musd)."""
    return [lx.stem(w) for w in lx.words_of(attr.name.replace("_", " "))
            if w not in lx.FUNCTION_WORDS and not is_unit_abbreviation(w)]


def find_stems(stems: list[str], phrase: list[str]) -> int:
    plural = [{lx.stem(f) for f in lx.plural_forms(w)} | {w} for w in stems]
    return next((k for k in range(len(stems) - len(phrase) + 1)
                 if all(phrase[j] in plural[k + j] for j in range(len(phrase)))), -1)


# Questions about the dataset itself ("how many nodes does this graph contain", "how many kinds of entity are
# there", "how many relationship types"): words for a graph's parts, never a type of this graph.
_PARTS = {"entity": r"entit(?:y|ies)|nodes?|vertices|vertex|records?|objects?|things?|items?",
          "edge": r"relationships?|relations?|edges?|links?|connections?"}
_KINDS = r"(?:different\s+|distinct\s+)?(?:kinds?|types?|sorts?|categories)\s+of\s+"
_DATASET = (r"\b(?:graph|dataset|data\s*set|database|data|knowledge\s+graph|schema|ontology|data\s+model|in\s+total|"
            r"altogether|in\s+all|overall|total|across\s+(?:all|every)\s+(?:types?|kinds?))\b")


# what a question says the data as a whole does with its parts ("how many relationship types does the schema define")
_DATASET_VERBS = frozenset("contain contains hold holds have has include includes define defines exist different "
                           "distinct kinds types link links connect connects join joins".split())


def dataset_size(ctx: Context, r: Reading) -> PlanResult | None:
    """Counts of the graph's own parts: entity or relationship types ("how many kinds of entity"), or all
    entities / relationships ("how many nodes does this graph contain altogether"). Only when no type of this
    graph is named and the question speaks of the data as a whole."""
    if r.anchors or r.nouns or not r.count:
        return None
    text = " ".join(r.words[r.ask_from:])
    stats = ctx.store.stats()
    own = {v.name for v in r.onto.entity_types()}
    for part, words in _PARTS.items():
        kinds = (re.search(rf"\b(?:how\s+many|number\s+of)\s+{_KINDS}(?:{words})\b", text)
                 or re.search(rf"\b(?:how\s+many|number\s+of)\s+(?:different\s+|distinct\s+)?(?:{words})\s+"
                              r"(?:types|kinds|sorts)\b", text))  # "how many relationship types"
        total = re.search(rf"\b(?:how\s+many|number\s+of)\s+(?:{words})\b(?!\s+(?:types?|kinds?|sorts?)\b)",
                          text) and re.search(_DATASET, text)
        if not (kinds or total):
            continue
        if part == "entity":
            counts = {t: n for t, n in stats.get("entities", {}).items() if t in own}
        else:
            names = {e.name for e in r.onto.edge_types if not e.structural}
            counts = {t: n for t, n in stats.get("edges", {}).items() if t in names}
        n = len(counts) if kinds else sum(counts.values())
        what = ("entity types" if kinds else "entities") if part == "entity" else (
            "relationship types" if kinds else "relationships")
        m = kinds or re.search(rf"(?:{words})", text)
        start = len(" ".join(r.words[: r.ask_from]).split()) + len(text[: m.start()].split())
        r.use(start, start + len(m.group(0).split()), "the dataset")
        for i, w in enumerate(r.words):
            if re.fullmatch(_DATASET.replace("\\b", ""), w) or w in _DATASET_VERBS or any(
                    re.fullmatch(ws, w) for ws in _PARTS.values()):  # "relationship types *link* the *entities*"
                r.use(i, i + 1, "the dataset")
            if re.fullmatch(_DATASET.replace("\\b", ""), " ".join(r.words[i : i + 2])):
                r.use(i, i + 2, "the dataset")  # "the *knowledge graph*", "the *data set*"
            if not kinds and i and r.words[i - 1] in ("every", "each", "all") and w in ("type", "types", "kind", "kinds"):
                r.use(i - 1, i + 1, "the dataset")  # "the total number of entities, across *every type*"
        desc = (f"{len(counts)} {what}: " + ", ".join(sorted(counts))) if kinds else \
            f"all {what} of the graph ({', '.join(f'{t} {c}' for t, c in sorted(counts.items()))})"
        plan = Plan("aggregate", operator="count", explanation=desc)
        return PlanResult(plan, [facts.graph_count(n, what, desc)], [])
    return None


def most_common_type(ctx: Context, r: Reading) -> PlanResult | None:
    """ "Which kind of entity is most common in this graph?": the entity type with the most entities (no type of
    this graph named, a word for the graph's parts and a superlative of how many)."""
    if r.anchors or r.nouns:
        return None
    text = " ".join(r.words)  # "what kind of record is most common, and how many of them are there?"
    if not (re.search(rf"\b(?:kinds?|types?|sorts?)\b.*\b(?:{_PARTS['entity']})\b|\b(?:{_PARTS['entity']})\s+"
                      rf"(?:types?|kinds?)\b|\b(?:kinds?|types?|sorts?)\s+of\s+(?:{_PARTS['entity']})\b", text)
            and re.search(r"\b(?:most\s+(?:common|frequent|numerous)|(?:most|largest\s+number\s+of)\s+"
                          r"(?:records|entities|nodes|instances|members)|commonest)\b", text)):
        return None
    own = {v.name for v in r.onto.entity_types()}
    counts = {t: n for t, n in ctx.store.stats().get("entities", {}).items() if t in own}
    if not counts:
        return None
    top = max(counts.values())
    winners = sorted(t for t, n in counts.items() if n == top)
    for i in range(len(r.words)):
        r.use(i, i + 1, "the dataset")
    order = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    runners = "; ".join(f"{t} {n}" for t, n in order[len(winners) : len(winners) + 3])
    desc = "entities per type of the graph"
    plan = Plan("aggregate", operator="argmax", explanation=f"most entities per entity type ({desc})")
    listed = "; ".join(f"{t} ({top} entities)" for t in winners)
    return PlanResult(plan, [facts.ranked("most", "", "entity type", top, desc, runners, listed)], [])


def count_edges(ctx: Context, r: Reading) -> PlanResult | None:
    """ "How many enrolments are recorded?", "how many *five-star reviews*", "how many vaccinations caused an
    *adverse reaction*": the counted word is a relation's own noun, of one edge type joining one pair of types, up to
    two words after "how many"; values of the edge's own attributes said around it keep the edges that have them
    (counted over the stored edges), else the answer is the edge type's size in the store."""
    m = next((i + 1 for i in range(len(r.words) - 1) if r.words[i] == "many" or r.words[i : i + 2] == ["number", "of"]),
             None)
    if m is None or m >= len(r.words):
        return None
    start = m + 1 if r.words[m - 1] == "number" else m
    for at in range(start, min(start + 3, len(r.words))):
        w = r.words[at]
        if w == "_":
            return None
        names = {e.name for e in r.onto.edge_types if not e.structural
                 and lx.says_relation(w, lx.words_of(e.name.replace("_", " "))[0])
                 and len(w) > len(lx.stem(e.name.split("_")[0]))}  # "repairs", "enrolments"; not the verb
        if names:
            break
    else:
        return None
    if len(names) != 1:
        return None
    name = names.pop()
    if len(r.onto.edges(name)) != 1:
        return None  # one name for several type pairs: which is meant is not clear
    e = r.onto.edges(name)[0]
    r.use(at, at + 1, f"edge {name}")
    for n in r.nouns:  # "how many *incident* assignments had the *analyst* acting as …": the edge's two ends
        if n.type in (e.src, e.dst):
            r.use(n.start, n.end, f"type {n.type}")
    step = PathStep(name, "out", e.dst)
    edge_attrs(r, [step], ctx.vocab)
    said = [Filter(k, "==", v) for k, v in step.edge_attrs.items()] + list(step.edge_filters)
    if not said:
        n = int(ctx.store.stats().get("edges", {}).get(name, 0))
        plan = Plan("aggregate", target_type=name, operator="count", explanation=f"all {name} edges")
        return PlanResult(plan, [facts.count(n, f"{name} edge", plan.explanation)], [])
    n = sum(1 for attrs in _edge_attrs_of(ctx, e) if edge_matches(attrs, said))
    plan = Plan("aggregate", target_type=name, operator="count",
                explanation=f"{name} edges with {render_filters(said)}")
    return PlanResult(plan, [facts.count(n, f"{name} edge", plan.explanation)], [])


def edges_by_value(ctx: Context, r: Reading) -> PlanResult | None:
    """ "How many supply contracts are exclusive?", "how many crew assignments were in the commander role", "how
    many dish listings on menus are marked as specials": the counted phrase after "how many" ends in a plural noun
    that names no type (a record of a relation: contracts, assignments, listings), and a value of the attributes of
    exactly one relation joining the types the phrase names is said: that relation's edges with the value (only
    the named entity's, when one is named). Two relations with the value and nothing to choose between them: None."""
    if not r.count or r.aggregate or len(r.anchors) > 1 or r.yesno:
        return None
    m = next((i + 1 for i in range(len(r.words) - 1) if r.words[i] == "many" or r.words[i : i + 2] == ["number", "of"]),
             None)
    if m is None:
        return None
    start = m + 1 if r.words[m - 1] == "number" else m
    end = start
    while end < len(r.words) and r.words[end] not in lx.FUNCTION_WORDS and r.words[end] != "_" and not (
            end > start and is_verb_form(r.words[end])):
        end += 1
    if end == start:
        return None
    head = r.words[end - 1]
    phrase = [n for n in r.nouns if start <= n.start < end]
    if (len(head) < 5 or not head.endswith("s") or head.endswith("ss") or is_unit_word(head)
            or any(n.end == end and n.via is None for n in phrase) or head in lx.attribute_words(r.onto)):
        return None  # "how many *tickets*": a type, counted as entities; "how many *dollars*": an amount
    ends = {n.type for n in phrase}
    via = {n.via for n in phrase if n.via is not None}
    found = []
    for e in r.onto.edge_types:
        if e.structural or not e.attrs or len(r.onto.edges(e.name)) != 1 or not ends <= {e.src, e.dst}:
            continue
        if (via and e.name not in via) or (r.anchors and r.anchors[0].type not in (e.src, e.dst)):
            continue
        head_word = lx.words_of(e.name.replace("_", " "))[0]
        verbs = {lx.stem(x) for v in (*e.verbs, *e.reverse_verbs) for x in lx.words_of(v) if x not in lx.FUNCTION_WORDS}
        if not (ends & {e.src, e.dst} or any(lx.says_relation(w, head_word) or lx.stem(w) in verbs
                                              for w in r.words[start:end])):
            continue  # the phrase must name the relation: one of its ends ("*dish* listings") or its own word
        probe = copy.deepcopy(r)
        step = PathStep(e.name, "out", e.dst)
        edge_attrs(probe, [step], ctx.vocab)
        if step.edge_attrs or step.edge_filters:
            found.append(e)
    if len(found) > 1:  # the phrase says one relation's name: "*supply* contracts" for SUPPLIES
        said = [e for e in found if any(lx.says_relation(w, lx.words_of(e.name.replace("_", " "))[0])
                                        for w in r.words[start:end])]
        found = said or found
    if len(found) != 1:
        return None
    e = found[0]
    step = PathStep(e.name, "out", e.dst)
    edge_attrs(r, [step], ctx.vocab)
    said = [Filter(k, "==", v) for k, v in step.edge_attrs.items()] + list(step.edge_filters)
    r.use(end - 1, end, f"edge {e.name}")
    for k in range(start, end - 1):  # "*supply* contracts" for SUPPLIES
        if lx.says_relation(r.words[k], lx.words_of(e.name.replace("_", " "))[0]):
            r.use(k, k + 1, f"edge {e.name}")
    for n in phrase:
        r.use(n.start, n.end, f"type {n.type}")
    if r.anchors:
        a = r.anchors[0]
        way = "out" if a.type == e.src else "in"
        rows = [edge.attrs for edge, other in ctx.store.neighbors(a.id, e.name, way)
                if other.type == (e.dst if way == "out" else e.src)]
        where = f"{a.id}'s {e.name} edges"
    else:
        rows, where = _edge_attrs_of(ctx, e), f"{e.name} edges"
    n = sum(1 for attrs in rows if edge_matches(attrs, said))
    plan = Plan("aggregate", anchors=[a.id for a in r.anchors], target_type=e.name, operator="count",
                explanation=f"{where} with {render_filters(said)}")
    return PlanResult(plan, [facts.count(n, f"{e.name} edge", plan.explanation)], [])


EDGE_SCAN_PAGE = 1000


def _edge_attrs_of(ctx: Context, e):
    """The attributes of every stored edge of ``e`` (its source type's entities, page by page, and their edges)."""
    offset = 0
    while True:
        page = ctx.store.list_entities(e.src, limit=EDGE_SCAN_PAGE, offset=offset)
        for ent in page:
            for edge, other in ctx.store.neighbors(ent.id, e.name, "out"):
                if other.type == e.dst:
                    yield edge.attrs
        if len(page) < EDGE_SCAN_PAGE:
            return
        offset += EDGE_SCAN_PAGE


def edge_aggregate(ctx: Context, r: Reading, far_type: str | None = None) -> PlanResult | None:
    """A total/average/extreme of a numeric attribute over one named entity's edges ("the average mark in X",
    "how much has X earned in fees", "who got the top mark in X"): no vertex attribute of its type says it."""
    if len(r.anchors) != 1:
        return None
    a = r.anchors[0]
    top = next((w for w in r.words if w in lx.TOP_WORDS | lx.BOTTOM_WORDS | {"top", "best", "worst"}), None)
    if not (r.aggregate or top) or r.count:
        return None
    stems = [lx.stem(w) for w in r.words]
    own = {lx.stem(w) for at in r.onto.vertex_type(a.type).attrs for w in lx.words_of(at.name.replace("_", " "))}
    # the named one's own attributes as phrases: "price" of its unit_price is its own, "units" is not
    own_phrases = {tuple(lx.stem(w) for w in lx.words_of(at.name.replace("_", " "))) for at in r.onto.vertex_type(
        a.type).attrs} | {(lx.stem(w),) for at in r.onto.vertex_type(a.type).attrs
                          for w in lx.words_of(at.name.replace("_", " ")) if w in at.words}
    for e in r.onto.edge_types:
        if e.structural or a.type not in (e.src, e.dst):
            continue
        if far_type is not None and far_type != (e.dst if e.src == a.type else e.src):
            continue  # "which actor had the highest fee in X": the noun names the edge's far end
        for attr in e.attrs:
            if attr.kind not in ("int", "float"):
                continue
            hit = next(((p, at) for p in edge_attr_phrases(attr) for at in [find_stems(stems, p)]
                        if at >= 0 and tuple(p) not in own_phrases and not (len(p) > 1 and set(p) <= own)), None)
            far_named = any(n.type == (e.dst if e.src == a.type else e.src) for n in r.nouns)
            if hit is None and attr is money_attr(e.attrs) and "how much" in " ".join(r.words) and (far_named or not any(
                    money_attr([x]) is not None for x in r.onto.vertex_type(a.type).attrs)):
                # "how much money did *sponsors* put into R": the money on the relation to the type named
                hit = ([], r.words.index("much"))  # "how much has X spent on tickets": the relation's one money
                for k, w in enumerate(r.words):
                    if w in lx.MONEY_VERBS | MONEY_NOUNS:
                        r.use(k, k + 1, f"edge attribute {attr.name}")
            if hit is None:
                continue
            p, at = hit
            far_attrs = [x for x in r.onto.vertex_type(e.dst if e.src == a.type else e.src).attrs
                         if x.kind in ("int", "float")]
            if p != [lx.stem(w) for w in lx.words_of(attr.name.replace("_", " "))] and any(
                    find_stems(stems, [lx.stem(w) for w in lx.words_of(x.name.replace("_", " "))]) >= 0
                    or (_name_stems(x) and find_stems(stems, _name_stems(x)) >= 0)  # capacity_mw: "capacity"
                    for x in far_attrs):
                continue  # "the average *price* of the dishes on menu M": the dishes' own price, not menu_price
            if not set(_name_stems(attr)) & set(stems) and any(set(_name_stems(x)) & set(stems) for x in far_attrs):
                continue  # "the combined *budget*, in millions, of the projects": budget_musd, not the edge's
                # contract_value_musd that only the unit ("millions") names
            pairs = [(other, as_float(edge.attrs.get(attr.name))) for edge, other in ctx.store.neighbors(a.id, e.name)]
            pairs = [(o, v) for o, v in pairs if v is not None]
            r.use(at, at + len(p), f"edge attribute {attr.name}")
            said = {lx.stem(w) for ph in (attr.name.replace("_", " "), *attr.words) for w in lx.words_of(ph)}
            for k, w in enumerate(r.words):  # "combined *contract value* (USD *millions*)": all its words
                if lx.stem(w) in said and w not in lx.FUNCTION_WORDS:
                    r.use(k, k + 1, f"edge attribute {attr.name}")
            _use_relation_words(r, e)  # "shipments *handled* by C", "stock *held* at W": the edge itself
            far_type = e.dst if e.src == a.type else e.src
            for n in r.nouns:
                if n.type == far_type:
                    r.use(n.start, n.end, f"type {far_type}")
            desc = f"{attr.name} over the {e.name} edges of {a.id} ({len(pairs)} edges)"
            if r.aggregate and not top:
                vals = [v for _, v in pairs]
                val = sum(vals) if r.aggregate == "total" else (sum(vals) / len(vals) if vals else 0.0)
                plan = Plan("aggregate", anchors=[a.id], target_type=e.name, operator=r.aggregate,
                            attribute=attr.name, explanation=desc,
                            path=[PathStep(e.name, "out" if e.src == a.type else "in", far_type)])
                return PlanResult(plan, [facts.aggregate(r.aggregate, attr.name, val, len(vals), f"{e.name} edge",
                                                         desc)], [a.id])
            if not pairs:
                return None
            highest = lx.highest_for(top, attr.name)  # "the fastest finish time": the fewest minutes
            pick = (max if highest else min)(v for _, v in pairs)
            winners = sorted(o.id for o, v in pairs if v == pick)
            r.use_phrase(top, "superlative")
            far = pairs[0][0].type
            for n in r.nouns:
                if n.type == far:
                    r.use(n.start, n.end, f"type {far}")
            plan = Plan("aggregate", anchors=[a.id], target_type=far, operator="argmax" if highest else "argmin",
                        attribute=attr.name, explanation=f"{'highest' if highest else 'lowest'} {desc}, {pick:g}")
            return PlanResult(plan, [facts.members(winners, ctx.names(winners), far, plan.explanation)], winners)
    return None


def edge_ranked(ctx: Context, r: Reading, target: Noun, highest: bool = True) -> PlanResult | None:
    """Which entity of the target type has the highest total of a number on its own edges ("which branch holds the
    most copies", "the captain who logged the most duty hours"): the number is an attribute of exactly one relation
    of the type, the question names it, and the type has no attribute of its own it could mean."""
    stems = [lx.stem(w) for w in r.words]
    typed = {i for n in r.nouns for i in range(n.start, n.end)}
    own = {lx.stem(w) for a in r.onto.vertex_type(target.type).attrs
           for ph in (a.name.replace("_", " "), *a.words) for w in lx.words_of(ph)}
    hits = []
    for e in r.onto.edge_types:
        if e.structural or e.src == e.dst or target.type not in (e.src, e.dst):
            continue
        for attr in e.attrs:
            if attr.kind not in ("int", "float"):
                continue
            for p in sorted(edge_attr_phrases(attr), key=len, reverse=True):
                at = find_stems(stems, p)
                if at >= 0 and not set(range(at, at + len(p))) & typed and not set(p) <= own:
                    hits.append((e, attr, at, len(p)))
                    break
    paid = [i for i, w in enumerate(r.words) if w in lx.MONEY_VERBS | MONEY_NOUNS and i not in typed]
    mine = {lx.stem(w) for a in r.onto.vertex_type(target.type).attrs if a.kind in ("int", "float")
            for ph in (a.name.replace("_", " "), *a.words) for w in lx.words_of(ph) if w not in lx.FUNCTION_WORDS}
    named = {n.type for n in r.nouns} - {target.type}
    # "which sponsor has committed the most money *to races*": the money of the relation to the type named, even
    # where the type has money of its own (an annual budget) that no word names
    toward_named = any(({e.src, e.dst} - {target.type}) & named and money_attr(e.attrs) is not None
                       for e in r.onto.edge_types if not e.structural and target.type in (e.src, e.dst))
    if not hits and paid and not mine & set(stems) and (
            money_attr(r.onto.vertex_type(target.type).attrs) is None or toward_named):
        # "which patron has *spent* the most (money) on tickets": the one relation of the type that carries money,
        # of those whose words are said when several do
        money = [(e, money_attr(e.attrs)) for e in r.onto.edge_types if not e.structural and e.src != e.dst
                 and target.type in (e.src, e.dst) and money_attr(e.attrs) is not None]
        said = [(e, a) for e, a in money if relation_said(r, e)]
        # "spent the most money *on lessons*": of several relations with money, the one reaching the type named
        toward = [(e, a) for e, a in money if ({e.src, e.dst} - {target.type}) & {n.type for n in r.nouns}]
        said = said or (toward if len(toward) == 1 else [])
        pick = said if len(said) == 1 else money if len(money) == 1 and not said else []
        hits = [(e, a, paid[0], 1) for e, a in pick]
    if len({(e.name, a.name) for e, a, _, _ in hits}) != 1:
        return None  # none, or two relations' numbers the words could mean: a guess
    e, attr, at, n = hits[0]
    if attr is money_attr(e.attrs):
        for i in paid:
            r.use(i, i + 1, f"edge attribute {attr.name}")  # "spent", "earned", "money"
    direction = "out" if e.src == target.type else "in"
    vt = r.onto.vertex_type(target.type)
    cand_filters = attr_filters(ctx.vocab, r, vt, target.start, scope=(max(0, target.start - 3), target.end + 4))
    totals: dict[str, float] = {}
    for c in ctx.store.list_entities(target.type, limit=GROUP_LIMIT):
        if all(matches(c, f) for f in cand_filters):
            vals = [as_float(edge.attrs.get(attr.name)) for edge, _o in ctx.store.neighbors(c.id, e.name, direction)]
            totals[c.id] = round(sum(v for v in vals if v is not None), 6)
    if not totals:
        return None
    r.use(at, at + n, f"edge attribute {attr.name}")
    r.use(target.start, target.end, f"type {target.type}")
    far = e.dst if direction == "out" else e.src
    for m in r.nouns:
        if m.type == far:
            r.use(m.start, m.end, f"type {far}")  # "across all their *flights*": the edges' far end
    _use_relation_words(r, e)
    for w in ("most", "fewest", "least", *lx.TOP_WORDS, *lx.BOTTOM_WORDS):
        r.use_phrase(w, "superlative")
    pick = (max if highest else min)(totals.values())
    winners = sorted(i for i, v in totals.items() if v == pick)
    order = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]) if highest else (kv[1], kv[0]))
    runners = "; ".join(f"{i} {v:g}" for i, v in order[len(winners) : len(winners) + 3])
    word = f"{'highest' if highest else 'lowest'} total {attr.name} of"
    desc = f"{target.type}{render_filters(cand_filters) and '[' + render_filters(cand_filters) + ']'} " \
           f"{'-' if direction == 'out' else '<-'}{e.name}{'->' if direction == 'out' else '-'} (sum of {attr.name})"
    plan = Plan("aggregate", target_type=target.type, operator="argmax" if highest else "argmin", attribute=attr.name,
                explanation=f"{word} {e.name} edges per {target.type} over {len(totals)} {target.type} entities "
                            f"({desc})")
    listed = facts.listing(winners, ctx.names(winners[: facts.MAX_LISTED]))
    return PlanResult(plan, [facts.ranked(word, f"{e.name} edge", target.type, pick, desc, runners, listed)], winners)


def _edge_values_of(ctx: Context, r: Reading, a: Entity, stems: list[str]) -> PlanResult | None:
    """ "Which room is Dynamics taught in?": an attribute of the edges of one named entity, asked right after the
    wh-word, that no vertex attribute of its type shares (else it is that entity's own attribute)."""
    rest = [i for i in range(r.ask_from, len(r.words)) if r.words[i] != "_"]
    words = [r.words[i] for i in rest]
    owner = None
    if len(rest) >= 4 and words[:2] == ["how", "many"]:
        # "how many loyalty *points* does X have": the number an edge of the type noun holds
        owner = next((n for n in r.nouns if n.start == rest[2] and n.end < len(r.words)), None)
        if owner is None:
            return None
        asked = owner.end
    elif len(rest) < 2 or words[0] not in ("which", "what") or r.count:
        return None
    elif any(n.start <= rest[1] < n.end for n in r.nouns):
        return None  # "Which treatments did X receive?": a type noun, not an edge attribute ("treatment date")
    else:
        asked = rest[1]
    own = {lx.stem(w) for at in r.onto.vertex_type(a.type).attrs for w in lx.words_of(at.name.replace("_", " "))}
    for e in r.onto.edge_types:
        if e.structural or a.type not in (e.src, e.dst) or (owner is not None and owner.type not in (e.src, e.dst)):
            continue
        for attr in e.attrs:
            if owner is not None and attr.kind not in ("int", "float"):
                continue
            at = asked
            phrase = next((p for p in edge_attr_phrases(attr) if find_stems(stems[at : at + len(p)], p) == 0), None)
            if phrase is None or set(phrase) & own:
                continue
            pairs = [(other, edge.attrs.get(attr.name)) for edge, other in ctx.store.neighbors(a.id, e.name)
                     if edge.attrs.get(attr.name) not in (None, "")]
            r.use(at, at + len(phrase), f"edge attribute {attr.name}")
            if owner is not None:
                r.use(owner.start, owner.end, f"type {owner.type}")
                r.use(rest[0], rest[2], "count")
            for i, w in enumerate(r.words):
                if lx.stem(w) in {lx.stem(x) for v in (*e.verbs, *e.reverse_verbs) for x in lx.words_of(v)}:
                    r.use(i, i + 1, f"edge {e.name}")
            plan = Plan("lookup", anchors=[a.id], target_type=e.name, operator="value", attribute=attr.name,
                        explanation=f"{attr.name} of the {e.name} edges of {a.id}")
            values = {o.id: v for o, v in pairs}
            names = {o.id: o.name for o, _ in pairs}
            fact = facts.attribute_values(attr.name, values, names, f"{e.name} edge", plan.explanation)
            return PlanResult(plan, [fact], [a.id, *values])
    return None


def _when_of(ctx: Context, r: Reading, a: Entity) -> PlanResult | None:
    """ "When did X enroll?": the date on the one named entity's edges of the relation the verb says, when that
    relation has exactly one date attribute (no vertex date of X's own is named: that is a plain lookup)."""
    asked = [w for w in r.words[r.ask_from :] if w != "_"]
    if asked[:1] != ["when"] or len(r.nouns) > 0:
        return None
    said = set(lx.verb_positions(r.onto, r.words).values())
    stems = {lx.stem(w) for w in r.words if w != "_" and w not in lx.FUNCTION_WORDS}
    fits = [e for e in r.onto.edge_types if not e.structural and a.type in (e.src, e.dst)
            and (e.name in said or lx.stem(lx.words_of(e.name.replace("_", " "))[0]) in stems)  # "enroll"
            and len([x for x in e.attrs if x.kind == "date"]) == 1]
    if len(fits) != 1:
        return None
    e = fits[0]
    attr = next(x for x in e.attrs if x.kind == "date")
    direction = "out" if e.src == a.type else "in"
    pairs = [(o, edge.attrs.get(attr.name)) for edge, o in ctx.store.neighbors(a.id, e.name, direction)
             if edge.attrs.get(attr.name) not in (None, "")]
    if not pairs:
        return None
    _use_relation_words(r, e)
    plan = Plan("lookup", anchors=[a.id], target_type=e.name, operator="value", attribute=attr.name,
                explanation=f"{attr.name} of the {e.name} edges of {a.id}")
    fact = facts.attribute_values(attr.name, {o.id: v for o, v in pairs}, {o.id: o.name for o, _ in pairs},
                                  f"{e.name} edge", plan.explanation)
    return PlanResult(plan, [fact], [a.id, *(o.id for o, _ in pairs)])


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
