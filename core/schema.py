"""The HopLens ontology: vertex types, attributes and directed edge types.

This module is the single source of truth for the dataset generator, both stores, the GSQL DDL in ``gsql/``
(a test checks that they agree) and the query planner. The planner reads the *nouns* and *verbs* declared here
to understand questions, so words live next to the types they describe instead of in question templates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Attribute kinds; GSQL types are derived from them (see ``gsql_type``).
STRING, INT, FLOAT, DATE, LIST = "string", "int", "float", "date", "list"


@dataclass(frozen=True)
class Attr:
    name: str
    kind: str = STRING
    # Words a question may use for this attribute ("how severe" -> severity). The attribute name is implied.
    words: tuple[str, ...] = ()
    # Closed set of values, when there is one (the planner turns "P1 tickets" into a filter through it).
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class VertexType:
    name: str
    id_prefix: str  # "CUST" for CUST-0001
    id_regex: str  # full-match pattern for ids of this type
    attrs: tuple[Attr, ...]
    nouns: tuple[str, ...]  # singular nouns a question uses for this type (plural forms are derived)
    is_entity: bool = True  # Document and Chunk are content, not CRM entities

    def attr(self, name: str) -> Attr | None:
        return next((a for a in self.attrs if a.name == name), None)


@dataclass(frozen=True)
class EdgeType:
    name: str
    src: str  # vertex type name, or "*" for any entity type
    dst: str
    attrs: tuple[Attr, ...] = ()
    # Verb phrases in the forward (src -> dst) and reverse reading, used by the planner.
    verbs: tuple[str, ...] = ()
    reverse_verbs: tuple[str, ...] = ()
    structural: bool = False  # MENTIONS / PART_OF: content edges, not walked by entity expansion


SEVERITIES = ("P0", "P1", "P2", "P3")

VERTEX_TYPES: tuple[VertexType, ...] = (
    VertexType(
        "Customer",
        "CUST",
        r"CUST-\d{4,}",
        (
            Attr("name"),
            Attr("industry", words=("industry", "sector", "vertical")),
            Attr("segment", words=("segment", "tier"), values=("Enterprise", "Mid-Market", "SMB")),
            Attr("arr", FLOAT, words=("arr", "annual recurring revenue", "revenue", "contract value")),
            Attr("health_score", INT, words=("health score", "health")),
            Attr("renewal_date", DATE, words=("renewal date", "renewal", "renew")),
            Attr("country", words=("country", "headquartered", "based")),
        ),
        ("customer", "account", "client"),
    ),
    VertexType(
        "Vendor",
        "VEND",
        r"VEND-\d{2,}",
        (
            Attr("name"),
            Attr("category", words=("category", "kind of vendor", "type of vendor", "service")),
            Attr("sla_tier", words=("sla tier", "sla", "service level"), values=("Platinum", "Gold", "Silver", "Bronze")),
            Attr("founded_year", INT, words=("founded", "founding year")),
        ),
        ("vendor", "supplier", "provider"),
    ),
    VertexType(
        "Region",
        "REGION",
        r"REGION-[A-Z][A-Z0-9-]*",
        (
            Attr("name"),
            Attr("availability_zone", words=("availability zone", "zone", "az")),
            Attr("data_center", words=("data center", "datacenter", "data centre", "facility")),
            Attr("geo", words=("geography", "continent", "geo")),
        ),
        ("region",),
    ),
    VertexType(
        "Outage",
        "OUTAGE",
        r"OUTAGE-\d{3,}",
        (
            Attr("name"),
            Attr("severity", words=("severity", "how severe", "sev"), values=SEVERITIES),
            Attr("started_at", DATE, words=("start", "started", "began", "when")),
            Attr("duration_hours", FLOAT, words=("duration", "how long", "hours", "last", "length")),
            Attr("affected_systems", LIST, words=("affected systems", "systems affected", "systems")),
            Attr("root_cause", words=("root cause", "cause", "caused")),
        ),
        ("outage", "incident"),
    ),
    VertexType(
        "Employee",
        "EMP",
        r"EMP-\d{3,}",
        (
            Attr("name"),
            Attr("role", words=("role", "title", "job", "position")),
            Attr("department", words=("department", "team", "org")),
            Attr("email", words=("email", "e-mail", "address")),
        ),
        # Role nouns name an employee by the relation they hold ("the CSMs for customers in ...").
        ("employee", "staff member", "staff", "person", "rep", "manager", "engineer", "account manager", "account executive",
         "account owner", "csm", "customer success manager", "success manager", "assignee"),
    ),
    VertexType(
        "Ticket",
        "TICK",
        r"TICK-\d{5,}",
        (
            Attr("name"),
            Attr("title", words=("title", "subject", "summary")),
            Attr("category", words=("category", "kind of ticket", "type of ticket")),
            Attr("priority", words=("priority",), values=SEVERITIES),
            Attr("status", words=("status", "state"), values=("Open", "In Progress", "Resolved", "Closed")),
            Attr("opened_at", DATE, words=("opened", "created", "filed", "when")),
        ),
        ("ticket", "support ticket", "case"),
    ),
    VertexType(
        "ComplianceCase",
        "COMP",
        r"COMP-\d{4,}",
        (
            Attr("name"),
            Attr("case_type", words=("case type", "type of case", "kind of case", "regulation")),
            Attr("severity", words=("severity", "how severe"), values=("Low", "Medium", "High", "Critical")),
            Attr("status", words=("status", "state"), values=("Open", "Under Review", "Remediated", "Closed")),
            Attr("opened_at", DATE, words=("opened", "filed", "when")),
        ),
        ("compliance case", "compliance issue", "compliance matter", "audit case"),
    ),
    VertexType(
        "Project",
        "PROJ",
        r"PROJ-\d{4,}",
        (
            Attr("name"),
            Attr("status", words=("status", "state"), values=("Planned", "Active", "On Hold", "Completed")),
            Attr("start_date", DATE, words=("start date", "start", "began", "kick off")),
            Attr("end_date", DATE, words=("end date", "end", "finish", "due")),
            Attr("budget", FLOAT, words=("budget", "cost")),
        ),
        ("project", "initiative", "engagement"),
    ),
    VertexType(
        "Document",
        "DOC",
        r"DOC-\d{5,}",
        (Attr("kind"), Attr("title")),
        ("document", "note", "report"),
        is_entity=False,
    ),
    VertexType("Chunk", "CHUNK", r"DOC-\d{5,}#\d+", (Attr("text"),), ("chunk", "passage"), is_entity=False),
)

EDGE_TYPES: tuple[EdgeType, ...] = (
    EdgeType(
        "DEPENDS_ON",
        "Customer",
        "Vendor",
        (Attr("role", values=("primary", "secondary")),),
        verbs=("depend on", "depends on", "rely on", "relies on", "reliant on", "dependent on", "use", "uses", "using",
               "buy from"),
        reverse_verbs=("depend on", "rely on", "use", "serve", "serves", "supply", "supplies"),
    ),
    EdgeType(
        "LOCATED_IN",
        "Customer",
        "Region",
        verbs=("located in", "in", "based in", "hosted in", "sit in", "run in"),
        reverse_verbs=("located in", "in", "based in", "hosted in", "host", "hosts"),
    ),
    EdgeType(
        "OPERATES_IN",
        "Vendor",
        "Region",
        verbs=("operate in", "operates in", "present in", "run in", "serve"),
        reverse_verbs=("operate in", "operates in", "present in"),
    ),
    EdgeType(
        "EXPERIENCED",
        "Vendor",
        "Outage",
        verbs=("experienced", "experience", "had", "have", "suffered", "suffer"),
        reverse_verbs=("experienced", "experience", "hit", "affected", "suffered", "caused by", "behind", "responsible"),
    ),
    EdgeType(
        "IN_REGION",
        "Outage",
        "Region",
        verbs=("in", "occurred in", "happened in", "took place in", "located in"),
        reverse_verbs=("in", "occurred in", "happened in", "located in"),
    ),
    EdgeType(
        "OPENED_BY",
        "Ticket",
        "Customer",
        verbs=("opened by", "filed by", "raised by", "submitted by", "logged by"),
        reverse_verbs=("open", "opened", "file", "filed", "raise", "raised", "submit", "submitted", "log", "logged"),
    ),
    EdgeType(
        "ASSIGNED_TO",
        "Ticket",
        "Employee",
        verbs=("assigned to", "handled by", "owned by", "worked by"),
        reverse_verbs=("assigned", "handle", "handled", "handles", "own", "owns", "work on", "works on", "worked on",
                       "worked", "work"),
    ),
    EdgeType(
        "CAUSED_BY",
        "Ticket",
        "Outage",
        verbs=("caused by", "due to", "because of", "triggered by", "related to", "linked to"),
        reverse_verbs=("cause", "caused", "causes", "trigger", "triggered", "generate", "generated", "led to"),
    ),
    EdgeType(
        "MANAGES_ACCOUNT",
        "Employee",
        "Customer",
        verbs=("manage", "manages", "managed", "account manager", "account executive", "own the account"),
        reverse_verbs=("managed by", "account manager", "account executive", "account owner"),
    ),
    EdgeType(
        "CSM_FOR",
        "Employee",
        "Customer",
        verbs=("csm for", "customer success manager for", "success manager for", "look after", "looks after"),
        reverse_verbs=("csm", "customer success manager", "success manager"),
    ),
    EdgeType(
        "CONCERNS",
        "ComplianceCase",
        "Customer",
        verbs=("concern", "concerns", "about", "involve", "involves", "against"),
        reverse_verbs=("concern", "concerning", "involving", "against", "have", "has", "face", "faces"),
    ),
    EdgeType(
        "IN_REGION",
        "ComplianceCase",
        "Region",
        verbs=("in", "filed in", "opened in", "located in"),
        reverse_verbs=("in", "filed in", "opened in"),
    ),
    EdgeType(
        "TRIGGERED_BY",
        "ComplianceCase",
        "Outage",
        verbs=("triggered by", "caused by", "due to", "because of", "linked to", "related to"),
        reverse_verbs=("trigger", "triggered", "cause", "caused", "led to", "lead to"),
    ),
    EdgeType(
        "FOR_CUSTOMER",
        "Project",
        "Customer",
        verbs=("for", "delivered for", "run for", "done for"),
        reverse_verbs=("have", "has", "run", "own", "sponsor", "sponsors"),
    ),
    EdgeType(
        "IN_REGION",
        "Project",
        "Region",
        verbs=("in", "deployed in", "run in", "located in", "hosted in"),
        reverse_verbs=("in", "deployed in", "hosted in"),
    ),
    EdgeType(
        "USES_VENDOR",
        "Project",
        "Vendor",
        verbs=("use", "uses", "using", "rely on", "relies on", "reliant on", "dependent on", "depend on", "depends on",
               "built on"),
        reverse_verbs=("use", "used by", "used in", "power", "powers", "supply", "supplies"),
    ),
    EdgeType("MENTIONS", "Document", "*", verbs=("mention", "mentions"), structural=True),
    EdgeType("PART_OF", "Chunk", "Document", structural=True),
)

# Derived relation (README § Ontology): a Customer or Project is impacted by an Outage when it depends on / uses
# the outage's vendor AND is located in / runs in the outage's region. Expressed as two typed paths from the
# outage that must both reach the entity; the planner and both stores evaluate it with the same path machinery.
IMPACT_PATHS: dict[str, tuple[tuple[tuple[str, str, str], ...], ...]] = {
    # target type -> paths from an Outage, each step (edge type, direction "out"|"in", vertex type reached)
    "Customer": (
        (("EXPERIENCED", "in", "Vendor"), ("DEPENDS_ON", "in", "Customer")),
        (("IN_REGION", "out", "Region"), ("LOCATED_IN", "in", "Customer")),
    ),
    "Project": (
        (("EXPERIENCED", "in", "Vendor"), ("USES_VENDOR", "in", "Project")),
        (("IN_REGION", "out", "Region"), ("IN_REGION", "in", "Project")),
    ),
}
# Stems: "disrupt" matches disrupt/disrupted/disruption.
IMPACT_WORDS = ("impact", "affect", "hit", "expos", "touch", "disrupt", "harm")


def vertex_type(name: str) -> VertexType:
    for vt in VERTEX_TYPES:
        if vt.name == name:
            return vt
    raise KeyError(f"unknown vertex type {name!r}; known: {', '.join(v.name for v in VERTEX_TYPES)}")


def entity_types() -> tuple[VertexType, ...]:
    return tuple(v for v in VERTEX_TYPES if v.is_entity)


def edge_types(name: str | None = None) -> tuple[EdgeType, ...]:
    """All edge declarations, or those with one name (IN_REGION has three source types)."""
    return tuple(e for e in EDGE_TYPES if name is None or e.name == name)


def edge_type_names() -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.name for e in EDGE_TYPES))


def edge_allowed(src_type: str, edge: str, dst_type: str) -> bool:
    """True when the ontology declares ``src_type -edge-> dst_type``."""
    return any(
        e.name == edge and e.src in (src_type, "*") and (e.dst == dst_type or (e.dst == "*" and vertex_type(dst_type).is_entity))
        for e in EDGE_TYPES
    )


@lru_cache(maxsize=1)
def _id_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(v.id_regex), v.name) for v in VERTEX_TYPES)


def type_of_id(entity_id: str) -> str | None:
    """The vertex type an id belongs to by its pattern, or None."""
    for pattern, name in _id_patterns():
        if pattern.fullmatch(entity_id):
            return name
    return None


# One regex that finds any entity id in free text (used by linking, the planner and the offline reader).
ENTITY_ID_RE = re.compile(
    r"\b(?:" + "|".join(v.id_regex for v in VERTEX_TYPES if v.is_entity) + r")\b(?!-[A-Z0-9])"
)


def plural(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun == "person":
        return "people"
    if noun == "staff member":
        return "staff members"
    return noun + "s"


def type_nouns() -> dict[str, str]:
    """Every singular and plural noun (lower case) -> vertex type name; longest nouns first."""
    out: dict[str, str] = {}
    for vt in entity_types():
        words = set(vt.nouns) | {vt.name.lower()}
        # CamelCase type name as words too ("ComplianceCase" -> "compliance case").
        words.add(re.sub(r"(?<!^)([A-Z])", r" \1", vt.name).lower())
        for w in words:
            out[w] = vt.name
            out[plural(w)] = vt.name
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))
