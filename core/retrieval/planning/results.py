"""What a handler returns and what it works with: ``PlanResult`` (the plan, its fact lines, the result ids) and the
shared, read-only ``Context`` (store, vocabulary, ontology); how a plan is described.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.ontology import Ontology
from core.records import Plan
from core.retrieval.planning.paths import render_condition, render_filters, render_walk
from core.retrieval.planning.values import Vocabulary


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


def as_float(value: Any) -> float | None:
    try:
        return None if isinstance(value, bool) or value is None else float(value)
    except (TypeError, ValueError):
        return None


def describe(plan: Plan) -> str:
    desc = " AND ".join(render_walk(w) for w in plan.walks) or f"all {plan.target_type} entities"
    if plan.filters:
        desc += "; filter: " + render_filters(plan.filters)
    if plan.conditions:
        desc += "; " + "; ".join(render_condition(c) for c in plan.conditions)
    return desc


def flat_path(plan: Plan) -> list:
    return [step for w in plan.walks for st in w.stages for step in st.paths[0]]


def on_path_types(plan: Plan) -> set[str]:
    return {s.target for w in plan.walks for st in w.stages for p in st.paths for s in p}
