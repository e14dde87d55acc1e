"""Run a Plan exactly in a store, through the store protocol only (``path_query``, ``list_entities``,
``get_entities``), so both backends compute the same answer (the TigerGraph store runs path queries as
parameterised installed queries).

``execute_plan(store, plan)`` returns the ids of the plan's target set: the intersection of its walks, filtered by
attribute filters and edge-existence conditions. Operators (count, list, any, total, ...) are applied by the
planner on that set. ``validate_plan`` checks a plan proposed elsewhere (the LLM planner) against the ontology.
"""

from __future__ import annotations

from core.ontology import Ontology
from core.records import EdgeCondition, Filter, PathQuery, PathStep, Plan, Walk
from core.store.filters import matches

GLOBAL_LIMIT = 200_000  # entities of one type scanned for a walk that starts from a whole type


def walk_ids(store, walk: Walk, filters: list[Filter] | None = None) -> list[str]:
    """Ids reached by one walk; ``filters`` apply to what its last stage reaches."""
    if walk.anchors:
        ids = list(walk.anchors)
    else:
        ids = [e.id for e in store.list_entities(walk.seed_type, limit=GLOBAL_LIMIT)
               if all(matches(e, f) for f in walk.seed_filters)]
    if not walk.stages:
        if filters:
            ids = [e.id for e in store.get_entities(ids) if e is not None and all(matches(e, f) for f in filters)]
        return sorted(ids)
    for i, stage in enumerate(walk.stages):
        if not ids:
            return []
        last = i == len(walk.stages) - 1
        if stage.closure is not None:
            ids = closure_ids(store, ids, stage.closure)
        ids = store.path_query(PathQuery(ids, stage.paths, stage.reached, (filters or []) if last else []))
    return sorted(ids)


MAX_CLOSURE = 6  # self-relation hops a closure follows (a bill of materials, a category tree, a reporting line)


def closure_ids(store, ids: list[str], step: PathStep) -> list[str]:
    """``ids`` and everything reached from them by ``step`` (a self-relation) repeated up to MAX_CLOSURE times."""
    seen, frontier = set(ids), list(ids)
    for _ in range(MAX_CLOSURE):
        frontier = [i for i in store.path_query(PathQuery(frontier, [[step]], step.target)) if i not in seen]
        if not frontier:
            break
        seen |= set(frontier)
    return sorted(seen)


def with_condition(store, ids: list[str], target: str, cond: EdgeCondition) -> list[str]:
    """Keep the ids that have (or lack) an edge of the condition's type to a far end that passes its filters."""
    far = [e.id for e in store.list_entities(cond.other, limit=GLOBAL_LIMIT) if all(matches(e, f) for f in cond.filters)]
    for inner in cond.conditions:
        far = with_condition(store, far, cond.other, inner)
    if cond.count_op and not cond.paths:
        # "farms with more than 4 fields": count each one's distinct far entities that pass (neighbors, per id)
        wanted, far_set = COUNT_OPS[cond.count_op], set(far)
        return [i for i in ids if wanted(len({o.id for _e, o in store.neighbors(i, cond.edge, cond.direction)
                                               if o.id in far_set}), cond.count) != cond.negate]
    if cond.paths:  # a derived relation: every path must meet at the same far entity, so one query per entity
        having = {i for f in far for i in store.path_query(PathQuery([f], cond.paths, target))}
    else:
        back = "in" if cond.direction == "out" else "out"
        having = set(store.path_query(PathQuery(far, [[PathStep(cond.edge, back, target)]], target))) if far else set()
    return [i for i in ids if (i in having) != cond.negate]


COUNT_OPS = {">": lambda n, k: n > k, ">=": lambda n, k: n >= k, "<": lambda n, k: n < k, "<=": lambda n, k: n <= k,
             "==": lambda n, k: n == k}
SHORT_ROUTE = 2  # hops within which a walk back to the anchor's own type means "others like it"


def execute_plan(store, plan: Plan) -> list[str]:
    """The plan's target set, sorted (anchors of the target's own type excluded: "customers like X" is not X)."""
    walks = [w for w in plan.walks if not w.exclude]
    if not walks:
        if not plan.target_type:
            return []
        walks = [Walk(seed_type=plan.target_type)]
    result: set[str] | None = None
    for walk in walks:
        reached = set(walk_ids(store, walk, plan.filters))
        result = reached if result is None else result & reached
    for walk in plan.walks:
        if walk.exclude and result:
            result -= set(walk_ids(store, walk))
    # "customers like X" (X -> a shared thing -> others) is not X; a longer route may come back to X legitimately
    # ("countries home to studios behind films starring actors born in Italy" can be Italy)
    near = {a for w in plan.walks for a in w.anchors
            if sum(len(st.paths[0]) for st in w.stages if st.paths) <= SHORT_ROUTE}
    walked = {a for w in plan.walks for a in w.anchors}
    ids = sorted((result or set()) - near - (set(plan.anchors) - walked))  # named but not walked from: left out
    for cond in plan.conditions:
        ids = with_condition(store, ids, plan.target_type or "", cond)
    return ids


def validate_plan(onto: Ontology, store, plan: Plan) -> str | None:
    """Why a proposed plan cannot run (types or steps the ontology lacks), or None when it can."""
    known = {v.name for v in onto.entity_types()}
    if plan.target_type not in known:
        return f"unknown target type {plan.target_type!r}"
    anchors = {e.id: e for e in store.get_entities(plan.anchors) if e is not None}
    for walk in plan.walks:
        if any(a not in anchors for a in walk.anchors):
            return "an anchor is not in the knowledge graph"
        types = {anchors[a].type for a in walk.anchors} or {walk.seed_type}
        if len(types) != 1 or None in types:
            return "a walk must start from one type"
        cur = next(iter(types))
        for stage in walk.stages:
            c = stage.closure
            if c is not None and not (c.target == cur and onto.edge_allowed(cur, c.edge, cur)):
                return f"a closure must follow a self-relation of {cur}, not {c.edge}"
            for path in stage.paths:
                at = cur
                for s in path:
                    if s.target not in known:
                        return f"unknown type {s.target!r}"
                    ok = (onto.edge_allowed(at, s.edge, s.target) if s.direction == "out"
                          else onto.edge_allowed(s.target, s.edge, at))
                    if not ok:
                        return f"no {s.edge} edge between {at} and {s.target}"
                    at = s.target
                if at != stage.reached:
                    return f"a path ends at {at}, not {stage.reached}"
            cur = stage.reached
        if cur != plan.target_type:
            return f"the walk ends at {cur}, not {plan.target_type}"
    return None
