"""Question routing: pick the retrieval that fits the question, and show which one was picked.

Routes (``Plan.route``, also named first in ``Plan.explanation``):
- needle: a single fact or passage -> vector search (plus the planner's exact lookup when it has one);
- multi_hop: a relation along typed edges from named entities (including counts along such a path, comparisons and
  yes/no between two entities) -> graph traversal (the GraphRetriever);
- aggregate: "how many X" / "which X" over the whole corpus, or X merely linked to a named entity where the
  ontology has no typed path -> an exact facet count (``Tools.facet``);
- portfolio: "everything about E" -> entity resolution + all its relations, documents and passages (``Tools.resolve``);
- global: themes across the corpus, no entity named -> the community summaries the store holds
  (``core.communities.StoredCommunities``; ingest detects and stores them, answering only reads them).
The decision reads the question's answer form (``core.llm.forms.answer_form``), the linked entities and the rule-based
planner's understanding (typed path, target type, filters): no wording list of its own beyond the global cue words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.communities import StoredCommunities
from core.llm.forms import answer_form
from core.records import Filter, Plan
from core.retrieval import facts
from core.retrieval.base import Retrieved, Retriever, Stopwatch
from core.retrieval.context import ContextBuilder, chunk_line, entity_line
from core.retrieval.graph import GraphRetriever
from core.retrieval.linking import Linked
from core.retrieval.planning import PlanResult, Reading
from core.retrieval.search import RetrievalCore
from core.retrieval.tools import FacetResult, Tools

ROUTES = ("needle", "multi_hop", "aggregate", "portfolio", "global", "mentions")

# Words for the documents themselves ("How many articles mention X?") beside the ontology's document nouns, and the
# ways to say that a document names an entity or that two entities appear together.
DOCUMENT_NOUNS = frozenset("document documents article articles story stories piece pieces post posts report reports "
                           "note notes text texts file files page pages item items record records source sources "
                           "mention mentions".split())
MENTION = re.compile(r"\b(mention|mentions|mentioned|mentioning|cite|cites|cited|name|names|named|feature|features|"
                     r"featured|refer to|refers to|referred to|talk about|talks about|appear|appears|appeared)\b")
CO_MENTION = re.compile(r"\b(mentioned|named|cited|appears?|appeared|featured|comes? up|came up)\s+(most\s+)?(often\s+)?"
                        r"(together\s+with|alongside|along\s+with|with|next\s+to|beside)\b|\bco-?mentioned\b")
PERSON_WORDS = {"who", "whom", "person", "people", "persons", "individual", "individuals"}

# Questions about the corpus as a whole (themes, trends, clusters) rather than about an entity.
GLOBAL = re.compile(
    r"\b(main|key|major|common|recurring|dominant|overall|biggest|top|central|prevailing)\s+"
    r"(themes?|topics?|trends?|patterns?|clusters?|groups?|stories|takeaways|threads?|subjects?)\b"
    r"|\b(themes?|trends?|clusters?|communities)\b"
    r"|\b(across|throughout|in) (all|the|our|these) (documents|corpus|notes|files|reports|texts|collection)\b"
    r"|\b(whole|entire) (corpus|collection|dataset|document set)\b|\bbig picture\b|\bat a high level\b"
)
# Nouns for the generic types extraction adds; each may also mean ontology types of the same family.
_SUPERLATIVE_WORDS = {"most", "often", "frequently", "top", "more"}
GENERIC_NOUNS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("company", "companies", "firm", "firms", "organisation", "organisations", "organization",
                     "organizations", "business", "businesses"), ("Company", "Customer", "Vendor")),
    **dict.fromkeys(("person", "people", "persons", "individual", "individuals"), ("Person", "Employee")),
    **dict.fromkeys(("product", "products"), ("Product",)),
    **dict.fromkeys(("location", "locations", "place", "places", "city", "cities", "country", "countries"),
                    ("Location", "Region")),
    **dict.fromkeys(("event", "events"), ("Event", "Outage")),
}


@dataclass
class Route:
    kind: str  # one of ROUTES
    reason: str
    anchors: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)  # target types (aggregate)
    filters: list[Filter] = field(default_factory=list)
    planned: PlanResult | None = None
    form: str = "value"
    linked: Linked | None = None


class Router:
    """Classifies a question into a route (module docstring)."""

    def __init__(self, core: RetrievalCore):
        self.core = core

    @staticmethod
    def _target(reading: Reading) -> tuple[list[str], int]:
        """Target types from the first type noun not inside an entity mention, and its word position (-1: none)."""
        words, blocked = reading.words, reading.blocked
        found: list[tuple[int, tuple[str, ...]]] = []
        for n in reading.nouns:
            word = words[n.start] if 0 <= n.start < len(words) else ""
            found.append((n.start, GENERIC_NOUNS.get(word, (n.type,)) if word in ("person", "people") else (n.type,)))
        for i, w in enumerate(words):
            if i not in blocked and w in GENERIC_NOUNS and all(i != s for s, _ in found):
                found.append((i, GENERIC_NOUNS[w]))
        if not found:
            return [], -1
        pos, types = min(found, key=lambda f: f[0])
        return list(types), pos

    def route(self, question: str, linked: Linked | None = None, planned: PlanResult | None = None) -> Route:
        linked = linked or self.core.link(question)
        reading = self.core.planner.read(question, linked)
        if planned is None:
            try:
                planned = self.core.planner.plan(question, linked)
            except KeyError:
                # the rule planner reads only ontology types; an extracted entity (Person, Company, ...) as the
                # only anchor leaves it without a typed path, which is what this plan says
                planned = PlanResult(Plan("lookup", anchors=linked.ids, explanation="no typed path for extracted types"))
        plan = planned.plan
        form = answer_form(question)
        anchors = list(plan.anchors) or linked.ids
        low = question.lower()
        types, pos = self._target(reading)
        filters: list[Filter] = []
        if len(types) == 1 and types[0] in {"Customer", "Vendor", "Region", "Outage", "Employee", "Ticket",
                                            "ComplianceCase", "Project"}:
            filters = self.core.planner.filters_for(reading, types[0], pos)

        def r(kind: str, reason: str, **kw) -> Route:
            return Route(kind, reason, anchors, kw.get("types", types), kw.get("filters", filters), planned, form, linked)

        if plan.kind == "unanswerable":
            return r("needle", "names something the graph does not hold: answer from text and say so")
        words = set(low.replace("-", " ").split()) | set(re.findall(r"[a-z]+", low))
        if anchors and CO_MENTION.search(low) and (_SUPERLATIVE_WORDS & words or form in ("list", "value")):
            return r("mentions", "ranks what the documents mention together with a named entity")
        if anchors and MENTION.search(low) and DOCUMENT_NOUNS & words and not plan.path:
            return r("mentions", "counts or lists the documents that mention a named entity")
        if plan.kind == "comparison" or (form == "yesno" and len(anchors) >= 2):
            return r("multi_hop", "compares or connects named entities along typed edges")
        if form == "count":
            if anchors and plan.path:
                return r("multi_hop", "counts entities along a typed path from a named entity")
            if types:
                return r("aggregate", "counts entities of a type linked to a named entity" if anchors
                         else "counts entities of a type over the whole corpus")
        if form == "portfolio" or (GLOBAL.search(low) and anchors):
            if anchors:
                return r("portfolio", "asks for everything about one entity")
            return r("global", "asks for a summary of the whole corpus")
        if GLOBAL.search(low):
            return r("global", "asks about themes across the corpus")
        if anchors and (plan.path or plan.kind in ("relation", "multi_hop")):
            return r("multi_hop", "follows typed relations from a named entity")
        if form in ("list", "count") and types:
            if anchors:
                return r("aggregate", "lists entities of a type linked to a named entity")
            return r("aggregate", "lists entities of a type over the whole corpus")
        return r("needle", "asks for one fact or passage")


class RoutedRetriever(Retriever):
    """The fourth pipeline: route, then retrieve with the fitting tool. ``assistant``: a real generator for the
    GraphRetriever's optional LLM planner/reranker; ``communities``: a ``StoredCommunities`` (one over the core's
    store, made on first use, otherwise)."""

    name = "routed"

    def __init__(self, core: RetrievalCore, assistant=None, communities=None):
        self.core = core
        self.router = Router(core)
        self.tools = Tools(core)
        self.graph = GraphRetriever(core, assistant)
        self._communities = communities

    @property
    def communities(self):
        if self._communities is None:
            self._communities = StoredCommunities(self.core.store)
        return self._communities

    def evidence(self, plan, cap: int = 40):
        return self.core.planner.evidence(plan, cap)

    def _search(self, question: str) -> Retrieved:
        out = Retrieved()
        with Stopwatch(out.timings)("seed_ms"):
            route = self.router.route(question)
        handler = {"needle": self._needle, "multi_hop": self._multi_hop, "aggregate": self._aggregate,
                   "portfolio": self._portfolio, "global": self._global, "mentions": self._mentions}[route.kind]
        got = handler(question, route, out)
        plan = got.plan or Plan("lookup")
        plan.route = route.kind
        detail = f"; {plan.explanation}" if plan.explanation else ""
        plan.explanation = f"route {route.kind}: {route.reason}{detail}"
        got.plan = plan
        return got

    # ---- routes
    def _chunks(self, builder: ContextBuilder, question: str, out: Retrieved, k: int) -> None:
        hits = self.core.seed_hits(question, k, out.timings)
        chunks = {c.id: c for c in self.core.store.get_chunks([h.chunk_id for h in hits])}
        out.hits = hits
        for h in hits:
            if h.chunk_id in chunks:
                builder.add("chunk", chunk_line(chunks[h.chunk_id]), h.chunk_id, h.score)

    def _needle(self, question: str, route: Route, out: Retrieved) -> Retrieved:
        s = self.core.settings
        builder = ContextBuilder(s.context_budget)
        planned = route.planned
        with Stopwatch(out.timings)("rank_ms"):
            if planned is not None:
                for fact in planned.facts:
                    builder.add("computed", fact, planned.plan.explanation, 10.0)
                for e in self.core.store.get_entities(route.anchors[:3]):
                    builder.add("fact", entity_line(e), e.id, 3.0)
        self._chunks(builder, question, out, s.top_k * s.routed_overfetch)
        out.context = builder.items
        out.plan = planned.plan if planned is not None else Plan("lookup")
        return out

    def _multi_hop(self, question: str, route: Route, out: Retrieved) -> Retrieved:
        got = self.graph.search_planned(question, route.linked, route.planned)
        got.timings.seed_ms += out.timings.seed_ms
        return got

    def _aggregate(self, question: str, route: Route, out: Retrieved) -> Retrieved:
        s = self.core.settings
        builder = ContextBuilder(s.context_budget)
        related = route.anchors if route.anchors and not (route.planned and route.planned.plan.path) else []
        with Stopwatch(out.timings)("expand_ms"):
            facet = self.tools.facet(route.types, route.filters, related_to=related)
        fact = _facet_fact(facet, route.form)
        builder.add("computed", fact, facet.describe(), 10.0)
        with Stopwatch(out.timings)("rank_ms"):
            for e in self.core.store.get_entities(facet.ids[:6]):
                builder.add("fact", entity_line(e), e.id, 2.0)
        self._chunks(builder, question, out, s.top_k)
        out.context = builder.items
        operator = "count" if route.form == "count" else "list"
        out.plan = Plan("aggregate", anchors=related, target_type=route.types[0] if len(route.types) == 1 else None,
                        filters=route.filters, operator=operator, explanation=f"facet: {facet.describe()}")
        return out

    def _portfolio(self, question: str, route: Route, out: Retrieved) -> Retrieved:
        s = self.core.settings
        with Stopwatch(out.timings)("expand_ms"):
            profile = self.tools.resolve(route.anchors[0])
        if profile is None:
            return self._needle(question, route, out)
        builder = ContextBuilder(s.context_budget)
        ent = profile.entity
        with Stopwatch(out.timings)("rank_ms"):
            related = []
            seen: set[str] = set()
            for edge, other in profile.relations:
                if other.id in seen:
                    continue
                seen.add(other.id)
                w = edge.attrs.get("weight")
                weight = f", {w} co-mentions" if isinstance(w, (int, float)) and edge.type == "RELATED_TO" else ""
                related.append(f"{other.id} {other.name} ({other.type}, {edge.type}{weight})")
            fact = facts.related(ent.id, ent.name, related)
            builder.add("computed", fact, ent.id, 10.0)
            builder.add("fact", entity_line(ent), ent.id, 3.0)
            if profile.documents:
                titles = "; ".join(f"{d} ({t})" for d, t in profile.documents[:8])
                builder.add("fact", f"{ent.id} appears in {len(profile.documents)} documents: {titles}", ent.id, 2.5)
            for c in self.core.store.get_chunks(profile.chunks):
                builder.add("chunk", chunk_line(c), c.id, 2.0)
        with Stopwatch(out.timings)("expand_ms"):
            out.subgraph = self.tools.expand([ent.id], hops=1)
        self._chunks(builder, question, out, s.top_k)
        out.context = builder.items
        out.plan = Plan("portfolio", anchors=[ent.id], operator="list",
                        explanation=f"resolved {ent.id} by {profile.matched_by}; all {len(related)} related entities")
        return out

    def _mentions(self, question: str, route: Route, out: Retrieved) -> Retrieved:
        """Documents that mention an entity (count or list), or the entities mentioned most together with it."""
        s = self.core.settings
        builder = ContextBuilder(s.context_budget)
        anchor = route.anchors[0]
        ent = self.core.store.get_entity(anchor)
        name = ent.name if ent else anchor
        low = question.lower()
        with Stopwatch(out.timings)("expand_ms"):
            if CO_MENTION.search(low):
                types = self._asked_types(question, route)
                counts = self.tools.co_mentions(anchor, types or None)
                ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                names = {e.id: e.name for e in self.core.store.get_entities([e for e, _ in ranked[:10]])}
                top = [e for e, n in ranked if ranked and n == ranked[0][1]]
                fact = facts.co_mentioned(anchor, name, "/".join(types) or "entities", top, names, ranked[0][1] if ranked else 0,
                                          [(e, names.get(e, ""), n) for e, n in ranked[len(top) : len(top) + 3]])
                explanation = f"co-mentions with {anchor} in its documents"
                ids = top
            else:
                docs = self.tools.mentions(anchor)
                titles = {d: (doc.title if doc else "") for d in docs[: facts.MAX_LISTED]
                          for doc in [self.core.store.get_document(d)]}
                fact = facts.documents(anchor, name, docs, titles, route.form)
                explanation = f"documents with a MENTIONS edge to {anchor}"
                ids = docs
        builder.add("computed", fact, explanation, 10.0)
        if ent is not None:
            builder.add("fact", entity_line(ent), ent.id, 3.0)
        self._chunks(builder, question, out, s.top_k)
        out.context = builder.items
        out.plan = Plan("aggregate", anchors=[anchor], operator="count" if route.form == "count" else "list",
                        explanation=explanation, result_ids=ids[:200], result_count=len(ids))
        return out

    def _asked_types(self, question: str, route: Route) -> list[str]:
        """The entity types a co-mention question asks for: its type noun, or the person types for "who"."""
        if route.types:
            return list(route.types)
        words = set(re.findall(r"[a-z]+", question.lower()))
        if words & PERSON_WORDS:
            present = set(self.core.store.stats().get("entities", {}))
            return [t for t in GENERIC_NOUNS["person"] if t in present]
        return []

    def _global(self, question: str, route: Route, out: Retrieved) -> Retrieved:
        s = self.core.settings
        builder = ContextBuilder(s.context_budget)
        with Stopwatch(out.timings)("expand_ms"):
            comms = self.communities.relevant(question, k=s.routed_communities)
            summaries = [self.communities.summary(c.id) for c in comms]
        if comms:
            builder.add("computed", facts.themes([(c.label, c.size) for c in comms]), "communities", 10.0)
        for summ in summaries:
            out.usage = out.usage.add(summ.usage)
            builder.add("community", summ.text, f"community {summ.community}", 5.0)
        self._chunks(builder, question, out, s.top_k)
        out.context = builder.items
        none = "(none: the store holds no communities for this graph; `hoplens entities communities` detects them)"
        out.plan = Plan("lookup", operator=None,
                        explanation=f"community summaries {', '.join(str(c.id) for c in comms) or none}")
        return out


def _facet_fact(facet: FacetResult, form: str) -> str:
    return facts.facet(facet.count, "/".join(facet.types) or "matching", facet.ids, facet.names, facet.describe(), form)
