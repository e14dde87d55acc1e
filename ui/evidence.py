"""The evidence behind an answer, drawn for the analyst: the path instances of an exact plan (a graph, and one
provenance row per answer item with the documents stating each link), or, without an exact plan, the passages the
generator saw and the entities they mention.

Evidence is computed on demand for the answer on the page (``RetrievalPipeline.evidence``, a few ms on the
embedded store), once per displayed answer (remembered in the session next to it), through ``ui.limits`` (the
answer pool and its timeout). Links open Explore (``Explore?entity=ID`` / ``Explore?document=ID``).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

import pandas as pd
import streamlit as st

from core import viz
from core.records import Answer, Entity, Evidence
from ui import limits, resources, widgets

MEMO = "evidence.memo"  # session_state: slot -> (answer token, Evidence | None)
PATHS_PER_ITEM = 4  # path instances listed per answer item in the provenance table
PASSAGE_CHARS = 220
ALL_RESULTS = "all results"


# ---- links and text (pure) -----------------------------------------------------------------------------------------


def explore_url(entity: str | None = None, document: str | None = None) -> str:
    """A relative link to the Explore page opened on an entity or a document (works under any base URL path)."""
    if entity is not None:
        return f"Explore?entity={quote(entity, safe='')}"
    return f"Explore?document={quote(document or '', safe='')}"


def _md(text: str) -> str:
    return widgets.plain_markdown(str(text)).replace("\n", " ")


def entity_link(entity_id: str, entities: Mapping[str, Entity], with_name: bool = False) -> str:
    ent = entities.get(entity_id)
    link = f"[{_md(entity_id)}]({explore_url(entity=entity_id)})"
    return f"{link} {_md(ent.name)}" if with_name and ent and ent.name and ent.name != entity_id else link


def document_link(doc_id: str) -> str:
    return f"[{_md(doc_id)}]({explore_url(document=doc_id)})"


def _link_docs(evidence: Evidence, a: str, b: str) -> list[str]:
    return evidence.documents.get(f"{a}|{b}") or evidence.documents.get(f"{b}|{a}") or []


def path_markdown(evidence: Evidence, path: Any, entities: Mapping[str, Entity]) -> tuple[str, str]:
    """(the path instance with every entity linked, the documents stating each of its links)."""
    parts = [entity_link(path.nodes[0], entities)]
    docs = []
    for i, edge in enumerate(path.edges):
        a, b = path.nodes[i], path.nodes[i + 1]
        inward = i < len(path.directions) and path.directions[i] == "in"
        parts.append(f"←{_md(edge)}—" if inward else f"—{_md(edge)}→")
        parts.append(entity_link(b, entities))
        stated = _link_docs(evidence, a, b)
        docs.append(f"{_md(a)}–{_md(b)}: " + (", ".join(document_link(d) for d in stated) if stated
                                               else "_no document names both_"))
    return " ".join(parts), "; ".join(docs)


def provenance_markdown(evidence: Evidence, entities: Mapping[str, Entity], per_item: int = PATHS_PER_ITEM) -> str:
    """A markdown table: one row per path instance (at most ``per_item`` per answer item), every entity and
    document a link to Explore."""
    lines = ["| answer item | path instance that put it there | documents stating each link |", "|---|---|---|"]
    for rid in evidence.results:
        # Read from the result backwards: the legs that meet at the same entity (both legs of a derived relation,
        # e.g. a vendor and a region admitting the same customer) come next to each other.
        paths = sorted(evidence.for_result(rid), key=lambda p: tuple(reversed(p.nodes)))
        item = entity_link(rid, entities, with_name=True)
        if not paths:
            lines.append(f"| {item} | _no path traced_ | — |")
            continue
        for n, p in enumerate(paths[:per_item]):
            path, docs = path_markdown(evidence, p, entities)
            lines.append(f"| {item if n == 0 else ''} | {path} | {docs} |")
        if len(paths) > per_item:
            lines.append(f"| | _…and {len(paths) - per_item} more path instances to {_md(rid)}_ | |")
    return "\n".join(lines)


def evidence_entity_ids(evidence: Evidence) -> list[str]:
    return list(dict.fromkeys([*evidence.anchors, *(n for p in evidence.paths for n in p.nodes), *evidence.results]))


def focus(evidence: Evidence, result: str) -> Evidence:
    """The evidence of one answer item: only the path instances that end at ``result``."""
    paths = evidence.for_result(result)
    used = {f"{p.nodes[i]}|{p.nodes[i + 1]}" for p in paths for i in range(len(p.edges))}
    return Evidence(paths=paths, documents={k: v for k, v in evidence.documents.items() if k in used},
                    anchors=[a for a in evidence.anchors if any(p.nodes[0] == a for p in paths)], results=[result],
                    cap=evidence.cap, capped=False)


def passage_chunk_ids(answer: Answer) -> list[str]:
    """The chunks the generator saw (flat evidence), in context order."""
    return list(dict.fromkeys(c.source for c in answer.context if c.kind == "chunk" and c.source))


def passage_tables(answer: Answer, store: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(one row per passage sent: chunk, document link, score, the entities it mentions, its text;
    one row per entity those passages mention: link, name, type, how many passages mention it)."""
    ids = passage_chunk_ids(answer)
    chunks = {c.id: c for c in store.get_chunks(ids)} if ids else {}
    scores = {c.source: c.score for c in answer.context if c.kind == "chunk"}
    mentioned: Counter[str] = Counter()
    rows = []
    for cid in ids:
        chunk = chunks.get(cid)
        if chunk is None:
            continue
        mentioned.update(dict.fromkeys(chunk.entity_ids, 1))
        text = " ".join(chunk.text.split())
        rows.append({"passage": cid, "document": explore_url(document=chunk.doc_id), "score": round(scores[cid], 4),
                     "mentions": ", ".join(chunk.entity_ids),
                     "text": text[:PASSAGE_CHARS] + ("…" if len(text) > PASSAGE_CHARS else "")})
    ents = {e.id: e for e in store.get_entities(list(mentioned))} if mentioned else {}
    entity_rows = [{"entity": explore_url(entity=eid), "id": eid, "name": ents[eid].name if eid in ents else "",
                    "type": ents[eid].type if eid in ents else "?", "passages": n}
                   for eid, n in sorted(mentioned.items(), key=lambda kv: (-kv[1], kv[0]))]
    return (pd.DataFrame(rows, columns=["passage", "document", "score", "mentions", "text"]),
            pd.DataFrame(entity_rows, columns=["entity", "id", "name", "type", "passages"]))


def answer_token(answer: Answer) -> str:
    """Identifies the answer an evidence was traced for (same pipeline, question, plan and text)."""
    plan = answer.plan.to_dict() if answer.plan is not None else None
    blob = json.dumps([answer.pipeline, answer.question, answer.text, plan], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


# ---- streamlit ------------------------------------------------------------------------------------------------------


def evidence_of(answer: Answer, slot: str) -> tuple[Evidence | None, str | None]:
    """The path evidence of ``answer`` (None without an exact plan), traced once per displayed answer."""
    if answer.pipeline in ("llm", "basic") or answer.plan is None:
        return None, None  # no retrieval, or flat retrieval: the evidence is the passages
    memo = st.session_state.setdefault(MEMO, {})
    token = answer_token(answer)
    if slot in memo and memo[slot][0] == token:
        return memo[slot][1], None
    s = resources.settings()
    pipes, message = widgets.run_guarded("Loading the pipelines", lambda: resources.get_pipelines(s))
    if pipes is None or answer.pipeline not in pipes:
        return None, message or f"no {answer.pipeline} pipeline to trace the evidence with"
    ev, message = widgets.run_guarded("Tracing the evidence", lambda: limits.evidence(s, pipes[answer.pipeline], answer))
    if message is None:
        memo[slot] = (token, ev)
    return ev, message


@st.cache_data(show_spinner=False, max_entries=24)
def _evidence_html(evidence_json: str, entities_json: str, height: int, palette_json: str = "{}") -> str:
    ev = Evidence.from_dict(json.loads(evidence_json))
    entities = {k: Entity.from_dict(v) for k, v in json.loads(entities_json).items()}
    return viz.evidence_html(ev, entities, height_px=height, palette=json.loads(palette_json))


def _entities(store: Any, ids: Sequence[str]) -> dict[str, Entity]:
    return {e.id: e for e in store.get_entities(list(ids))} if ids else {}


def paths_view(evidence: Evidence, store: Any, key: str, height: int = 500) -> None:
    """The evidence graph (one answer item or all of them) and the provenance table."""
    entities = _entities(store, evidence_entity_ids(evidence))
    on_path = {n for p in evidence.paths for n in p.nodes[1:-1]} - set(evidence.results) - set(evidence.anchors)
    labels = {ALL_RESULTS: ALL_RESULTS, **{r: f"{r} · {entities[r].name}" if r in entities else r
                                           for r in evidence.results}}
    picked = st.selectbox("Show the paths to", list(labels), format_func=labels.__getitem__, key=f"{key}.focus",
                          help="One answer item's path instances, or all of them")
    shown = evidence if picked in (None, ALL_RESULTS) or picked not in evidence.results else focus(evidence, picked)
    if shown.paths:
        page = _evidence_html(json.dumps(shown.to_dict(), sort_keys=True),
                              json.dumps({k: v.to_dict() for k, v in entities.items()}, sort_keys=True), height,
                              widgets.type_palette_json())
        st.iframe(page, height=height + widgets.LEGEND_ALLOWANCE, alt="Evidence graph: the path instances behind "
                  "the answer")
    else:
        st.info("The plan's walk starts from a whole type, not from one anchor: there is no path instance to draw; "
                "the provenance below lists the answer items.")
    traced = (f"the first {evidence.cap} results traced (the cap); the answer has more" if evidence.capped
              else f"all {len(evidence.results)} results traced (cap {evidence.cap})")
    st.caption(f"{len(evidence.paths)} path instances · {len(evidence.anchors)} anchor(s) ★ · "
               f"{len(evidence.results)} results (red border) · {len(on_path)} entities on the way (small) · "
               f"{traced}. Hover an edge for the documents that state it.")
    st.markdown("#### Provenance of each answer item")
    st.caption("The path instance(s) that put each item in the answer, and the documents whose text names both ends "
               "of each link. Links open Explore in a new tab.")
    st.markdown(provenance_markdown(evidence, entities))


def passages_view(answer: Answer, store: Any, key: str) -> None:
    """Flat evidence: the passages sent to the generator and the entities they mention."""
    passages, mentioned = passage_tables(answer, store)
    if passages.empty:
        st.info("No passages were sent to the generator, and there is no exact plan to trace.")
        return
    st.dataframe(passages, hide_index=True, width="stretch", key=f"{key}.passages", column_config={
        "document": st.column_config.LinkColumn("document", display_text=r"document=(.*)$",
                                                help="Open the document in Explore"),
        "text": st.column_config.TextColumn("text", width="large")})
    st.caption(f"{len(passages)} passages, and the {len(mentioned)} entities they mention:")
    st.dataframe(mentioned, hide_index=True, width="stretch", key=f"{key}.mentioned", column_config={
        "entity": st.column_config.LinkColumn("entity", display_text=r"entity=(.*)$",
                                              help="Open the entity in Explore")})


def evidence_section(answer: Answer, store: Any, key: str, height: int = 500) -> Evidence | None:
    """Paths for an exact GraphRAG/Routed answer, else the passages; returns the path evidence (or None)."""
    if answer.pipeline == "llm":
        st.info("LLM-only sends the question alone: no retrieval, no evidence.")
        return None
    with st.spinner("Tracing the evidence…"):
        ev, message = evidence_of(answer, key)
    if message:
        st.warning(f"The evidence could not be traced: {message}")
    if ev is not None and (ev.paths or ev.results):
        if answer.plan is not None and answer.plan.operator == "count":
            st.caption(f"The answer is a count: these are the {answer.plan.result_count or len(ev.results)} members "
                       "it counted.")
        paths_view(ev, store, key, height)
        return ev
    if answer.pipeline != "basic":
        st.caption("No exact plan answered this question: the evidence is the passages the generator saw and the "
                   "entities they mention.")
    with widgets.guarded("Listing the passages"):
        passages_view(answer, store, key)
    return None
