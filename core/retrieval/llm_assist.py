"""Optional LLM help for GraphRAG: an LLM planner emitting the same Plan JSON, and an LLM reranker.

Both run only when a real generator is configured (HOPLENS_LLM_PLANNER / HOPLENS_LLM_RERANK); their tokens are
added to the answer's usage (fairness rule 4). Any failure — malformed JSON, an impossible path, a provider error —
falls back to the rule-based path; it never breaks an answer.
"""

from __future__ import annotations

from core.llm.base import LLMError
from core.records import Filter, PathStep, Plan, Usage
from core.schema import EDGE_TYPES, entity_types

PLANNER_SYSTEM = "You translate CRM questions into graph query plans. Reply with one JSON object and nothing else."
RERANK_SYSTEM = "You rank context passages by how useful they are to answer a question. Reply with JSON only."


def ontology_summary() -> str:
    types = "; ".join(f"{v.name}({', '.join(a.name for a in v.attrs)})" for v in entity_types())
    edges = "; ".join(f"{e.src}-{e.name}->{e.dst}" for e in EDGE_TYPES if not e.structural)
    return f"Vertex types: {types}\nEdges: {edges}"


def llm_plan(generator, question: str, anchors: list[str]) -> tuple[Plan | None, Usage]:
    from core.llm.jsonparse import JSONParseError, parse_json

    user = (
        f"{ontology_summary()}\nQuestion: {question}\nEntities named: {', '.join(anchors) or 'none'}\n"
        'Return {"kind": "relation|multi_hop|aggregate", "operator": "count|list", "anchors": [ids], '
        '"target_type": T, "path": [{"edge": E, "direction": "out|in", "target": T}], '
        '"filters": [{"attr": A, "op": "==|<|>|<=|>=", "value": V}]}'
    )
    try:
        gen = generator.complete_json(PLANNER_SYSTEM, user)
    except LLMError:
        return None, Usage()
    try:
        data = parse_json(gen.text, dict).value
        plan = Plan(
            kind=str(data.get("kind", "multi_hop")),
            anchors=[a for a in data.get("anchors", anchors) if a in anchors] or anchors,
            target_type=data.get("target_type"),
            path=[PathStep(s["edge"], s["direction"], s["target"]) for s in data.get("path", [])],
            filters=[Filter(f["attr"], f.get("op", "=="), f["value"]) for f in data.get("filters", [])],
            operator=data.get("operator"),
            planner="llm",
        )
    except (JSONParseError, KeyError, TypeError, AttributeError):
        return None, gen.usage
    return plan, gen.usage


def llm_rerank(generator, question: str, candidates: list[tuple[str, str]]) -> tuple[list[str] | None, Usage]:
    """``candidates`` = (id, text); returns ids best first (unknown ids dropped) or None on failure."""
    from core.llm.jsonparse import JSONParseError, parse_json

    listing = "\n".join(f"{cid}: {text[:300]}" for cid, text in candidates)
    user = f"Question: {question}\nPassages:\n{listing}\nReturn a JSON list of passage ids, most useful first."
    try:
        gen = generator.complete_json(RERANK_SYSTEM, user)
    except LLMError:
        return None, Usage()
    try:
        order = parse_json(gen.text, list).value
    except JSONParseError:
        return None, gen.usage
    known = {cid for cid, _ in candidates}
    ranked = [str(x) for x in order if str(x) in known]
    return (list(dict.fromkeys(ranked)) or None), gen.usage

