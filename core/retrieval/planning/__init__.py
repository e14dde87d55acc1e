"""Question understanding: reading (the per-question record), paths (typed-path search over the ontology),
values (filters, conditions), execute (run a Plan in a store), handlers (one per kind) and the planner."""

from core.retrieval.planning.execute import execute_plan, validate_plan
from core.retrieval.planning.planner import Planner
from core.retrieval.planning.reading import Reading
from core.retrieval.planning.results import PlanResult

__all__ = ["Planner", "PlanResult", "Reading", "execute_plan", "validate_plan"]
