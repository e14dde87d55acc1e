"""Typed records that cross module boundaries (DESIGN.md § Records).

Plain dataclasses: cheap to build in hot paths, ``to_dict``/``from_dict`` for JSON and JSONL files.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, TypeVar

T = TypeVar("T")


class _Record:
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls: type[T], data: dict[str, Any]) -> T:
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        return cls(**{k: v for k, v in data.items() if k in names})


# ---- knowledge base ---------------------------------------------------------------------------------------------


@dataclass
class Entity(_Record):
    id: str
    type: str  # a vertex type name from core.schema
    name: str
    aliases: list[str] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Edge(_Record):
    src: str
    type: str  # an edge type name from core.schema
    dst: str
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Document(_Record):
    id: str
    kind: str  # account_note | postmortem | ticket_thread | qbr_note | compliance_report | vendor_profile | ...
    title: str
    text: str
    entity_ids: list[str] = field(default_factory=list)  # entities the document is about / mentions


@dataclass
class Chunk(_Record):
    id: str  # f"{doc_id}#{ord}"
    doc_id: str
    ord: int
    text: str
    tokens: int
    entity_ids: list[str] = field(default_factory=list)  # entities linked in this chunk's text (by id or alias)


# ---- retrieval ----------------------------------------------------------------------------------------------------


@dataclass
class Hit(_Record):
    """One retrieved chunk and why it was retrieved."""

    chunk_id: str
    doc_id: str
    score: float  # cosine similarity for "vector", BM25 score for "bm25", fused score otherwise
    source: str  # "vector" | "bm25" | "graph" | "fused"


@dataclass
class SubgraphNode(_Record):
    id: str
    type: str
    label: str
    hop: int  # 0 for seeds
    hop_score: float  # sum of 1.0 / 2**(hop-1) per frontier edge that first reached it; 0.0 for seeds
    seeds: list[str] = field(default_factory=list)  # seed ids whose expansion reached this node
    via_edge: str | None = None  # edge type of the first (deterministic order) edge that reached it
    similarity: float | None = None  # best chunk similarity for seeds that came from the vector search
    reached_from: str | None = None  # the frontier node of that first edge


@dataclass
class SubgraphEdge(_Record):
    src: str
    type: str
    dst: str


@dataclass
class Subgraph(_Record):
    nodes: list[SubgraphNode] = field(default_factory=list)
    edges: list[SubgraphEdge] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Subgraph:
        return cls(
            nodes=[SubgraphNode.from_dict(n) for n in data.get("nodes", [])],
            edges=[SubgraphEdge.from_dict(e) for e in data.get("edges", [])],
        )

    def node(self, node_id: str) -> SubgraphNode | None:
        return next((n for n in self.nodes if n.id == node_id), None)


@dataclass
class PathStep(_Record):
    """One typed hop of a path: follow ``edge`` in ``direction`` to a vertex of type ``target``."""

    edge: str
    direction: Literal["out", "in"]
    target: str
    edge_attrs: dict[str, Any] = field(default_factory=dict)  # equality conditions on the edge (e.g. role=primary)
    # comparisons on the edge's attributes ("a mark below 40", "admitted in 2023"): Filter records, same operators
    edge_filters: list[Filter] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PathStep:
        d = dict(data)
        d["edge_filters"] = [f if isinstance(f, Filter) else Filter.from_dict(f) for f in d.get("edge_filters", [])]
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


@dataclass
class Filter(_Record):
    """An attribute condition on the entities a path reaches (``op`` in == != < <= > >= contains)."""

    attr: str
    op: str
    value: Any


@dataclass
class EdgeCondition(_Record):
    """An existence filter on the entities a plan reaches: they have (or, ``negate``, lack) an ``edge`` in
    ``direction`` to some entity of type ``other`` that passes ``filters`` ("tickets caused by a P0 outage",
    "customers with no open compliance case")."""

    edge: str
    direction: Literal["out", "in"]
    other: str
    filters: list[Filter] = field(default_factory=list)
    negate: bool = False
    # For a derived relation (no single edge): paths from the far entity to the target that must all meet at the
    # same far entity ("customers never impacted by any outage"); ``edge`` then names the relation.
    paths: list[list[PathStep]] = field(default_factory=list)
    conditions: list[EdgeCondition] = field(default_factory=list)  # conditions on the far entity itself
    # "farms with more than 4 fields": how many such far entities (a comparison and a number), not just one
    count_op: str | None = None  # > >= < <= ==
    count: int = 0

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EdgeCondition:
        d = dict(data)
        d["conditions"] = [EdgeCondition.from_dict(c) for c in d.get("conditions", [])]
        d["filters"] = [Filter.from_dict(f) for f in d.get("filters", [])]
        d["paths"] = [[PathStep.from_dict(s) for s in p] for p in d.get("paths", [])]
        return cls(**{k: v for k, v in d.items() if k in {f.name for f in fields(cls)}})


@dataclass
class Stage(_Record):
    """One leg of a walk: entities of type ``reached`` on every path in ``paths`` (intersected)."""

    paths: list[list[PathStep]]
    reached: str
    # a self-relation walked 0..MAX_CLOSURE times before the paths ("products that end up containing part P": P,
    # the assemblies it is a component of, theirs, ... then USED_IN); None: the paths start where the stage starts
    closure: PathStep | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stage:
        c = data.get("closure")
        return cls([[PathStep.from_dict(s) for s in p] for p in data.get("paths", [])], data.get("reached", ""),
                   PathStep.from_dict(c) if isinstance(c, dict) else c)


@dataclass
class Walk(_Record):
    """From named anchors (or every ``seed_type`` entity passing ``seed_filters``) through stages in order; a
    stage starts from what the previous one reached. A plan intersects the results of its walks."""

    anchors: list[str] = field(default_factory=list)
    stages: list[Stage] = field(default_factory=list)
    seed_type: str | None = None
    seed_filters: list[Filter] = field(default_factory=list)
    exclude: bool = False  # "outside Oregon", "other than VEND-3's": what this walk reaches is taken out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Walk:
        return cls(list(data.get("anchors", [])), [Stage.from_dict(s) for s in data.get("stages", [])],
                   data.get("seed_type"), [Filter.from_dict(f) for f in data.get("seed_filters", [])],
                   bool(data.get("exclude", False)))


@dataclass
class PathQuery(_Record):
    """Entities of ``target_type`` reachable from ``anchors`` along every path in ``paths`` (combine=intersect)
    or any of them (combine=union), then filtered. The planner builds these; stores evaluate them exactly."""

    anchors: list[str]
    paths: list[list[PathStep]]
    target_type: str
    filters: list[Filter] = field(default_factory=list)
    combine: Literal["intersect", "union"] = "intersect"

    def __post_init__(self) -> None:
        if not self.paths:
            raise ValueError("a PathQuery needs at least one path")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PathQuery:
        return cls(
            anchors=list(data["anchors"]),
            paths=[[PathStep.from_dict(s) for s in p] for p in data["paths"]],
            target_type=data["target_type"],
            filters=[Filter.from_dict(f) for f in data.get("filters", [])],
            combine=data.get("combine", "intersect"),
        )


PlanKind = Literal["lookup", "relation", "multi_hop", "aggregate", "comparison", "portfolio", "unanswerable"]


@dataclass
class Plan(_Record):
    """What the planner understood of a question; shown to the user."""

    kind: str  # a PlanKind
    anchors: list[str] = field(default_factory=list)  # resolved entity ids
    target_type: str | None = None
    path: list[PathStep] = field(default_factory=list)
    filters: list[Filter] = field(default_factory=list)
    operator: str | None = None  # count | list | value | compare | exists | None
    attribute: str | None = None  # for lookups
    unresolved: list[str] = field(default_factory=list)  # ids/names the question used that the store lacks
    explanation: str = ""
    planner: str = "rules"  # rules | llm
    route: str = ""  # the Routed pipeline's choice: needle | multi_hop | aggregate | portfolio | global
    walks: list[Walk] = field(default_factory=list)  # how the target set is reached (executable as it stands)
    conditions: list[EdgeCondition] = field(default_factory=list)  # existence filters on the target set
    confidence: float = 1.0  # share of the question's content words the plan accounts for (see planning.reading)
    unexplained: list[str] = field(default_factory=list)  # content words the planner could not account for
    understood: list[str] = field(default_factory=list)  # what each part of the question was read as
    result_ids: list[str] = field(default_factory=list)  # the computed result (first RESULT_IDS_KEPT), for evidence
    result_count: int = 0

    @property
    def exact(self) -> bool:
        """True when the plan's result is stated as an exact graph computation (not a text fallback)."""
        return self.kind not in ("lookup", "unanswerable") or self.operator in ("value", "exists")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Plan:
        d = dict(data)
        d["path"] = [PathStep.from_dict(s) for s in d.get("path", [])]
        d["filters"] = [Filter.from_dict(f) for f in d.get("filters", [])]
        d["walks"] = [Walk.from_dict(w) for w in d.get("walks", [])]
        d["conditions"] = [EdgeCondition.from_dict(c) for c in d.get("conditions", [])]
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


@dataclass
class EvidencePath(_Record):
    """One path instance: entity ids from an anchor along the plan's typed path to one result, and the edge
    type of each hop (``len(edges) == len(nodes) - 1``)."""

    nodes: list[str]
    edges: list[str]
    result: str
    directions: list[str] = field(default_factory=list)  # "out" | "in" per hop, as the walk followed it


@dataclass
class Evidence(_Record):
    """Why each answer item is in the answer: the path instances behind it (capped at ``cap`` results; ``capped``
    says when more results had paths than were traced) and the documents whose text mentions both ends of a link
    (``documents``: "src|dst" -> document ids)."""

    paths: list[EvidencePath] = field(default_factory=list)
    documents: dict[str, list[str]] = field(default_factory=dict)
    anchors: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    cap: int = 0
    capped: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Evidence:
        d = dict(data)
        d["paths"] = [EvidencePath.from_dict(x) for x in d.get("paths", [])]
        return cls(**{k: v for k, v in d.items() if k in {f.name for f in fields(cls)}})

    def for_result(self, entity_id: str) -> list[EvidencePath]:
        return [p for p in self.paths if p.result == entity_id]

    def edges(self) -> list[tuple[str, str, str]]:
        """Distinct (src, edge type, dst) hops, in path order."""
        seen: dict[tuple[str, str, str], None] = {}
        for p in self.paths:
            for i, e in enumerate(p.edges):
                seen.setdefault((p.nodes[i], e, p.nodes[i + 1]), None)
        return list(seen)


@dataclass
class ContextItem(_Record):
    """One piece of the context sent to the generator, in order."""

    kind: str  # computed | fact | relation | chunk
    text: str
    tokens: int
    source: str = ""  # entity id, "src -EDGE-> dst", chunk id or the computed path
    score: float = 0.0


# ---- generation and answers ---------------------------------------------------------------------------------------


@dataclass
class Usage(_Record):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    counted_locally: bool = False  # True when the provider reported no usage and HopLens counted the tokens

    def add(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.calls + other.calls,
            self.counted_locally or other.counted_locally,
        )


@dataclass
class Timings(_Record):
    embed_ms: float = 0.0
    seed_ms: float = 0.0
    expand_ms: float = 0.0
    rank_ms: float = 0.0
    generate_ms: float = 0.0
    total_ms: float = 0.0

    @property
    def retrieval_ms(self) -> float:
        return self.total_ms - self.generate_ms


def render_context(items: list[ContextItem]) -> str:
    """The context block a generator sees: one item per line, in order (the format lives beside ``Prompt``)."""
    return "\n".join(i.text for i in items)


# Context lines written by retrieval (core.retrieval.facts) and read by the offline reader: defined once here.
COMPUTED_PREFIX = "Computed from the graph:"  # an exact result of a graph query
UNSURE_PREFIX = "Not understood by the graph planner:"  # the planner's reading was incomplete: no exact result


@dataclass
class Prompt(_Record):
    """What every pipeline hands the generator: one system prompt, the context block and the question."""

    system: str
    context: str
    question: str

    def user_message(self) -> str:
        if self.context:
            return f"Context:\n{self.context}\n\nQuestion: {self.question}\nAnswer:"
        return f"Question: {self.question}\nAnswer:"


@dataclass
class Generation(_Record):
    text: str
    usage: Usage = field(default_factory=Usage)
    model: str = ""


@dataclass
class Answer(_Record):
    question: str
    pipeline: str  # llm | basic | graph | routed
    text: str
    context: list[ContextItem] = field(default_factory=list)
    subgraph: Subgraph | None = None
    plan: Plan | None = None
    usage: Usage = field(default_factory=Usage)
    timings: Timings = field(default_factory=Timings)
    backend: str = ""
    generator: str = ""
    id: str | None = None  # question id in batch mode
    error: str | None = None

    def rendered_context(self) -> str:
        """The context block exactly as the generator received it."""
        return render_context(self.context)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Answer:
        d = dict(data)
        d["context"] = [ContextItem.from_dict(c) for c in d.get("context", [])]
        d["subgraph"] = Subgraph.from_dict(d["subgraph"]) if d.get("subgraph") else None
        d["plan"] = Plan.from_dict(d["plan"]) if d.get("plan") else None
        d["usage"] = Usage.from_dict(d.get("usage") or {})
        d["timings"] = Timings.from_dict(d.get("timings") or {})
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})

    @property
    def context_tokens(self) -> int:
        return sum(c.tokens for c in self.context)


# ---- evaluation ----------------------------------------------------------------------------------------------------


@dataclass
class Question(_Record):
    """A suite question. ``gold`` is structured: {"type": "count"|"set"|"value"|"bool"|"none", ...}."""

    id: str
    kind: str  # lookup | relation | multi_hop | aggregate | comparison | portfolio | alias | unanswerable
    question: str
    gold: dict[str, Any] = field(default_factory=dict)
    reference: str = ""
    hops: int = 0
    anchors: list[str] = field(default_factory=list)


@dataclass
class Judgement(_Record):
    question_id: str
    pipeline: str
    verdict: str  # PASS | FAIL | PARTIAL
    score: float
    reason: str
    judge: str  # structured | llm
