"""Explore: browse entities by the store's ontology types, search by id/name/alias, an entity's attributes and
relations, its neighbourhood graph and its documents. Read-only (nothing here writes, demo mode or not)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

import pandas as pd
import streamlit as st

from core import viz
from ui import frame, resources, widgets
from ui.state import EXPLORE_SEARCH, state

PAGE_SIZE = 50
RELATIONS_SHOWN = 500


def _open_from(key: str) -> Callable[[], None]:
    """Callback: open the entity a selectbox now shows."""

    def callback() -> None:
        if st.session_state.get(key):
            state.explore_entity = st.session_state[key]
            st.query_params["entity"] = st.session_state[key]  # a link to this view can be shared

    return callback


s = frame.page_setup("Explore")
st.title("Explore")
store, message = widgets.run_guarded("Opening the knowledge base", lambda: resources.get_store(s))
if store is None:
    st.error(message)
    st.stop()
stats, _ = widgets.run_guarded("Reading store statistics", store.stats)
counts = (stats or {}).get("entities") or {}
onto, message = widgets.run_guarded("Reading the ontology", store.ontology)
if onto is None:
    st.error(message)
    st.stop()

browse, search = st.columns(2)
with browse:
    st.markdown("#### Browse by type")
    types = [vt.name for vt in onto.entity_types()]  # the store's own ontology (CRM or imported)
    if not types:
        st.caption("This knowledge base's ontology declares no entity types.")
        st.stop()
    if st.session_state.get("explore.type") not in (None, *types):  # another store was chosen since
        del st.session_state["explore.type"]
    type_name = st.selectbox("Type", types, format_func=lambda t: f"{t} ({int(counts.get(t, 0)):,})", key="explore.type")
    total = int(counts.get(type_name, 0))
    pages = max(1, -(-total // PAGE_SIZE))
    page_no = st.number_input(f"Page (of {pages})", min_value=1, max_value=pages, value=1, key="explore.page")
    with widgets.guarded("Listing entities"):
        listed = store.list_entities(type_name, limit=PAGE_SIZE, offset=(int(page_no) - 1) * PAGE_SIZE)
        if listed:
            labels = {e.id: f"{e.id} · {e.name}" for e in listed}
            st.selectbox("Entity", list(labels), format_func=labels.__getitem__, index=None,
                         key="explore.list_pick", placeholder="choose one to open",
                         on_change=_open_from("explore.list_pick"))
        else:
            st.caption("No entities of this type.")
with search:
    st.markdown("#### Search")
    with widgets.guarded("Entity search"):
        widgets.entity_picker(store, EXPLORE_SEARCH, "explore.search_pick", preselect=False,
                              on_change=_open_from("explore.search_pick"))

linked = st.query_params.get("entity")
if linked and linked != state.explore_entity:  # opened from a link like /Explore?entity=CUST-0001
    state.explore_entity = linked
doc_link = st.query_params.get("document")  # opened from a link like /Explore?document=DOC-00001 (Ask's evidence)
if doc_link:
    with widgets.guarded("Loading the document"):
        doc = store.get_document(doc_link)
        if doc is None:
            st.warning(f"Document {doc_link!r} is not in this knowledge base.")
        else:
            st.subheader(f"{doc.id} · {doc.kind} · {doc.title}")
            named = list(dict.fromkeys(e for c in store.chunks_of_document(doc.id) for e in c.entity_ids))
            if named:
                st.markdown("Mentions: " + ", ".join(f"[{widgets.plain_markdown(e)}](Explore?entity={quote(e, safe='')})"
                                                     for e in named))
            st.text(doc.text)
entity_id = state.explore_entity
if not entity_id:
    if doc_link:
        st.stop()
    st.info("Pick an entity to see its attributes, neighbourhood graph and documents.")
    st.stop()

entity, message = widgets.run_guarded("Loading the entity", lambda: store.get_entity(entity_id))
if entity is None:
    st.warning(message or f"Entity {entity_id!r} is not in this knowledge base.")
    st.stop()

st.divider()
st.subheader(f"{entity.name} · {entity.id}")
st.caption(entity.type + (f" · also known as {', '.join(entity.aliases)}" if entity.aliases else ""))
attr_rows = viz.entity_attribute_rows(onto, entity)
if attr_rows:
    st.dataframe(pd.DataFrame(attr_rows), hide_index=True, width="stretch", key="explore.attrs")

with widgets.guarded("Loading the relations"):
    rel_rows = viz.entity_relation_rows(onto, entity, store.neighbors(entity.id))
    st.markdown(f"#### Relations ({len(rel_rows):,})")
    if rel_rows:
        st.dataframe(pd.DataFrame(rel_rows[:RELATIONS_SHOWN]), hide_index=True, width="stretch", key="explore.relations")
        if len(rel_rows) > RELATIONS_SHOWN:
            st.caption(f"First {RELATIONS_SHOWN:,} of {len(rel_rows):,} relations.")
    else:
        st.caption("No stored relation.")

c1, c2, c3 = st.columns(3)
depth = c1.slider("Depth (hops)", 1, 3, 1, key="explore.depth")
fanout = c2.slider("Fan-out per node", 5, 100, 25, step=5, key="explore.fanout")
max_nodes = c3.slider("Max nodes", 20, 400, 150, step=10, key="explore.max_nodes")
with widgets.guarded("Expanding the neighbourhood"):
    sub = store.expand([entity.id], hops=depth, fanout=fanout, max_nodes=max_nodes)
    widgets.subgraph_view(sub)
    with st.expander(f"Neighbourhood table ({len(sub.nodes)} nodes)"):
        widgets.hop_score_table(sub, key="explore.hops")

st.markdown("#### Documents")
with widgets.guarded("Loading documents"):
    docs = store.documents_for_entity(entity.id, limit=50)
    if not docs:
        st.caption("No document mentions this entity.")
    for doc in docs:
        with st.expander(f"{doc.id} · {doc.kind} · {doc.title}"):
            st.text(doc.text)
