"""Path instances behind an exact answer: anchor -> the intermediate entities of the typed path -> each result.

Traced hop by hop through the store protocol (``path_query`` from one entity along one step), so both backends
give the same witnesses; capped (``cap`` results, ``MAX_FRONTIER`` entities per hop) with the cap stated. The
supporting documents of a link are those whose chunks mention both of its entities.
"""

from __future__ import annotations

from core.records import Evidence, EvidencePath, PathQuery, PathStep, Plan

MAX_FRONTIER = 400  # entities expanded per hop while tracing
MAX_CHAINS = 4000  # partial path instances kept per path
DOCS_PER_ENTITY = 30


def _extend(store, chains: list[EvidencePath], path: list[PathStep]) -> list[EvidencePath]:
    for step in path:
        ends = list(dict.fromkeys(c.nodes[-1] for c in chains))[:MAX_FRONTIER]
        nxt = {e: store.path_query(PathQuery([e], [[step]], step.target)) for e in ends}
        chains = [EvidencePath(c.nodes + [n], c.edges + [step.edge], "", c.directions + [step.direction])
                  for c in chains if c.nodes[-1] in nxt for n in nxt[c.nodes[-1]]][:MAX_CHAINS]
    return chains


def trace(store, plan: Plan, result_ids: list[str], cap: int = 40) -> Evidence:
    """The path instances of ``plan`` that end at the first ``cap`` results (both legs of a derived relation)."""
    results = list(result_ids[:cap])
    wanted = set(results)
    ev = Evidence(anchors=list(plan.anchors), results=results, cap=cap, capped=len(result_ids) > cap)
    for walk in plan.walks:
        if not walk.anchors:
            continue  # a walk from a whole type has no single anchor to draw from
        chains = [EvidencePath([a], [], "", []) for a in walk.anchors]
        for i, stage in enumerate(walk.stages):
            last = i == len(walk.stages) - 1
            grown = [c for p in stage.paths for c in _extend(store, chains, p)]
            if len(stage.paths) > 1:  # an intersection: keep ends every path reached (from the same start)
                by_path = [{(c.nodes[0], c.nodes[-1]) for c in _extend(store, chains, p)} for p in stage.paths]
                both = set.intersection(*by_path)
                grown = [c for c in grown if (c.nodes[0], c.nodes[-1]) in both]
            chains = [c for c in grown if not last or c.nodes[-1] in wanted]
        for c in chains:
            c.result = c.nodes[-1]
        ev.paths += chains
    ev.paths = [p for p in ev.paths if p.result in wanted]
    _documents(store, ev)
    return ev


def _documents(store, ev: Evidence) -> None:
    ids = sorted({n for p in ev.paths for n in p.nodes})
    if not ids:
        return
    chunk_ids = store.chunks_for_entities(ids, limit_per_entity=DOCS_PER_ENTITY)
    docs = {e: {c.split("#")[0] for c in cs} for e, cs in chunk_ids.items()}
    for src, _edge, dst in ev.edges():
        both = sorted(docs.get(src, set()) & docs.get(dst, set()))
        if both:
            ev.documents[f"{src}|{dst}"] = both[:5]
