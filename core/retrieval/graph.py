"""GraphRAG: vector seed -> multi-hop expansion with hop scores -> plan -> rank -> compact context.

Ranking fusion (documented in docs/retrieval.md; the weights are settings, HOPLENS_GRAPH_W_*):
    node score  = w_anchor·[anchor named in the question] + w_result·[in the planner's computed result]
                  + w_seed·seed similarity + w_hop·hop_score / max hop_score in the subgraph
    chunk score = vector similarity (or word overlap with the question for chunks reached through the graph)
                  + w_chunk_anchor·[mentions an anchor] + w_chunk_entities·min(3, sum of node scores of the entities)
Context order: computed facts, anchor facts, relations of the anchors, then chunks and entity facts by score,
each while it fits the budget. Structured plans (a computed result exists) keep the context compact.
"""

from __future__ import annotations

import time

from core.config import Settings
from core.llm.forms import content_words
from core.records import COMPUTED_PREFIX, Hit, SubgraphNode
from core.retrieval.base import Retrieved, Retriever, Stopwatch, validate_question
from core.retrieval.context import ContextBuilder, chunk_line, entity_line
from core.retrieval.llm_assist import llm_plan, llm_rerank
from core.retrieval.search import RetrievalCore


def node_score(node: SubgraphNode, anchors: set[str], result: set[str], max_hop: float, s: Settings) -> float:
    """The fusion weights are settings (HOPLENS_GRAPH_W_*; defaults in core/config.py, stated in docs)."""
    return (
        s.graph_w_anchor * (node.id in anchors)
        + s.graph_w_result * (node.id in result)
        + s.graph_w_seed * (node.similarity or 0.0)
        + s.graph_w_hop * (node.hop_score / max_hop if max_hop else 0.0)
    )


class GraphRetriever(Retriever):
    name = "graph"

    def __init__(self, core: RetrievalCore, assistant=None):
        self.core = core
        # A real generator for the optional LLM planner / reranker (settings.llm_planner / llm_rerank).
        self.assistant = assistant

    def evidence(self, plan, cap: int = 40):
        return self.core.planner.evidence(plan, cap)

    def _search(self, question: str) -> Retrieved:
        return self.retrieve(question)

    def search_planned(self, question: str, linked, planned) -> Retrieved:
        """``search`` with the question already linked and planned (the Routed pipeline plans once)."""
        q = validate_question(question)
        t0 = time.perf_counter()
        out = self.retrieve(q, linked, planned)
        out.timings.total_ms = (time.perf_counter() - t0) * 1000
        return out

    def retrieve(self, question: str, linked=None, planned=None) -> Retrieved:
        out = Retrieved()
        s, store = self.core.settings, self.core.store
        sw = Stopwatch(out.timings)

        # (1) vector seed + entities named in the question
        hits = self.core.seed_hits(question, s.top_k, out.timings)
        with sw("seed_ms"):
            linked = linked or self.core.link(question)
            hit_chunks = {c.id: c for c in store.get_chunks([h.chunk_id for h in hits])}
            similarity: dict[str, float] = {}
            for h in hits:
                for eid in hit_chunks[h.chunk_id].entity_ids if h.chunk_id in hit_chunks else []:
                    similarity[eid] = max(similarity.get(eid, 0.0), h.score)
            anchors = [i for i in linked.ids]
            vector_seeds = sorted(similarity, key=lambda e: (-similarity[e], e))[: s.graph_max_seeds]
            seeds = list(dict.fromkeys(anchors + vector_seeds))

        # (2) expansion with hop scores, and the planner's exact computation
        with sw("expand_ms"):
            sub = store.expand(seeds, hops=s.hops, fanout=s.fanout, max_nodes=s.max_subgraph_nodes)
            for n in sub.nodes:
                if n.hop == 0 and n.id in similarity:
                    n.similarity = round(similarity[n.id], 4)
            planned = planned or self.core.planner.plan(question, linked)
            if self.assistant is not None and s.llm_planner and planned.plan.kind != "unanswerable":
                proposal, used = llm_plan(self.assistant, question, linked.ids)
                out.usage = out.usage.add(used)
                executed = self.core.planner.run_proposal(proposal) if proposal else None
                if executed is not None:
                    planned = executed
        out.subgraph, out.plan, out.hits = sub, planned.plan, hits

        # (3) rank and (4) assemble
        with sw("rank_ms"):
            anchor_set = set(planned.plan.anchors) or set(anchors)
            result = set(planned.result_ids)
            max_hop = max((n.hop_score for n in sub.nodes), default=0.0)
            scores = {n.id: node_score(n, anchor_set, result, max_hop, s) for n in sub.nodes}
            for rid in result:
                scores.setdefault(rid, s.graph_w_result)
            structured = any(f.startswith(COMPUTED_PREFIX) for f in planned.facts)
            builder = ContextBuilder(s.context_budget)
            for fact in planned.facts:
                if not builder.add("computed", fact, planned.plan.explanation, 10.0):
                    builder.add("computed", _shorten(fact, builder.remaining), planned.plan.explanation, 10.0)
            for ent in store.get_entities(sorted(anchor_set)):
                builder.add("fact", entity_line(ent), ent.id, scores.get(ent.id, s.graph_w_anchor))
            self._relations(builder, sub, anchor_set, result, scores,
                            limit=s.graph_structured_relations if structured else s.graph_anchor_relations)
            chunk_rows = self._chunks(question, hits, hit_chunks, anchor_set, scores)
            if self.assistant is not None and s.llm_rerank and chunk_rows:
                order, used = llm_rerank(self.assistant, question, [(r[2], r[1]) for r in chunk_rows[: s.graph_rerank_pool]])
                out.usage = out.usage.add(used)
                if order:
                    rank = {cid: i for i, cid in enumerate(order)}
                    top = max(r[3] for r in chunk_rows)
                    chunk_rows = sorted(
                        ((k, t, c, top + 1 - rank[c] / len(rank)) if c in rank else (k, t, c, sc) for k, t, c, sc in chunk_rows),
                        key=lambda r: -r[3],
                    )
            if structured:
                chunk_rows = chunk_rows[: s.graph_structured_chunks]
            fact_ids = sorted((i for i in scores if i not in anchor_set), key=lambda i: (-scores[i], i))
            if structured:
                fact_ids = [i for i in fact_ids if i in result][: s.graph_structured_facts]
            fact_rows = [
                ("fact", entity_line(e), e.id, scores[e.id]) for e in store.get_entities(fact_ids[:40]) if e is not None
            ]
            # Interleave by score so neither chunks nor facts starve the other.
            for row in sorted(chunk_rows + fact_rows, key=lambda r: -r[3]):
                builder.add(*row)
        out.context = builder.items
        return out

    def _relations(self, builder: ContextBuilder, sub, anchors: set[str], result: set[str], scores, limit: int) -> None:
        """Relation lines for the anchors, from the edges the expansion already traversed (no extra store trip)."""
        rows = []
        for e in sub.edges:
            other = e.dst if e.src in anchors else e.src if e.dst in anchors else None
            if other is None:
                continue
            rows.append((scores.get(other, 0.0) + (1.0 if other in result else 0.0), f"{e.src} -{e.type}-> {e.dst}"))
        rows.sort(key=lambda r: (-r[0], r[1]))
        for score, text in rows[:limit]:
            builder.add("relation", text, text, score)

    def _chunks(self, question, hits: list[Hit], hit_chunks, anchors: set[str], scores) -> list[tuple]:
        store = self.core.store
        base: dict[str, float] = {h.chunk_id: h.score for h in hits}
        chunks = dict(hit_chunks)
        if anchors:
            qwords = content_words(question)
            linked = store.chunks_for_entities(sorted(anchors), limit_per_entity=self.core.settings.graph_anchor_chunks)
            extra = [cid for ids in linked.values() for cid in ids if cid not in chunks]
            for c in store.get_chunks(extra):
                chunks[c.id] = c
                overlap = len(qwords & content_words(c.text)) / (len(qwords) or 1)
                base[c.id] = max(base.get(c.id, 0.0), overlap)
        rows = []
        for cid, c in chunks.items():
            mentions = set(c.entity_ids)
            w = self.core.settings
            score = base.get(cid, 0.0) + w.graph_w_chunk_anchor * bool(mentions & anchors)
            score += w.graph_w_chunk_entities * min(3.0, sum(scores.get(e, 0.0) for e in mentions))
            rows.append(("chunk", chunk_line(c), cid, score))
        rows.sort(key=lambda r: (-r[3], r[2]))
        return rows


def _shorten(text: str, tokens: int) -> str:
    from core.llm.tokens import truncate

    return truncate(text, max(tokens - 4, 1)) + " …"
