"""Ask: one question through one pipeline — the answer, the evidence behind it (the plan's path instances and the
documents stating each link, or the passages), the plan, the expansion walk and its hop scores, context and cost."""

from __future__ import annotations

import streamlit as st

from core import viz
from core.pipelines import PIPELINES, REGISTRY
from ui import evidence, frame, limits, resources, widgets
from ui.state import ASK_ENTITY_PICK, ASK_ENTITY_SEARCH, ASK_PIPELINE, ASK_QUESTION, state

SPINNER = {name: f"{spec.description}…" for name, spec in REGISTRY.items()}  # from the pipeline registry


def _insert_entity() -> None:
    """Callback: append the picked entity id to the question (runs before the question box is drawn)."""
    picked = st.session_state.get(ASK_ENTITY_PICK)
    if picked:
        current = st.session_state.get(ASK_QUESTION, "").rstrip()
        st.session_state[ASK_QUESTION] = f"{current} {picked}".strip()


def _ask(question: str, pipeline: str) -> None:
    state.ask_answer, state.ask_error = None, None
    s = resources.settings()
    _, message = widgets.run_guarded("Checking the question", lambda: limits.check_question(question))
    if message is None:  # the per-visitor limit (demo mode) counts only well-formed questions
        _, message = widgets.run_guarded("Asking", lambda: limits.take_question(s))
    if message:
        state.ask_error = message
        return
    pipes, message = widgets.run_guarded("Loading the pipelines", lambda: resources.get_pipelines(s))
    if pipes is None:
        state.ask_error = message
        return
    with st.spinner(SPINNER.get(pipeline, "Answering…")):
        answer, message = widgets.run_guarded("Answering", lambda: limits.answer(
            s, pipes[pipeline], pipeline, question, resources.settings_key(s)))
    state.ask_answer, state.ask_error = answer, message


s = frame.page_setup("Ask")
st.title("Ask")
store, message = widgets.run_guarded("Opening the knowledge base", lambda: resources.get_store(s))
if store is None:
    st.error(message)
    st.stop()

if state.pending_question:  # an example clicked on the overview
    st.session_state[ASK_QUESTION] = state.pending_question
    state.pending_question = None

with st.expander("Insert an entity into the question", expanded=False):
    with widgets.guarded("Entity search"):
        picked = widgets.entity_picker(store, ASK_ENTITY_SEARCH, ASK_ENTITY_PICK)
        st.button("Insert into question", on_click=_insert_entity, disabled=picked is None, key="ask.insert")

question = st.text_input("Question", key=ASK_QUESTION, max_chars=4000,
                         placeholder="e.g. Which customers were impacted by OUTAGE-001?")
pipeline = st.radio("Pipeline", list(reversed(PIPELINES)), format_func=viz.pipeline_label, horizontal=True,
                    key=ASK_PIPELINE)
if st.button("Ask", type="primary", key="ask.go"):
    _ask(question, pipeline)

if state.ask_error:
    st.error(state.ask_error)
answer = state.ask_answer
if answer is None:
    st.stop()

st.subheader(f"Answer · {viz.pipeline_label(answer.pipeline)}")
st.caption(f"Q: {answer.question}")
widgets.answer_box(answer)

left, right = st.columns([2, 3])
with left:
    st.markdown("#### Plan")
    widgets.plan_view(answer)
with right:
    st.markdown("#### Usage and latency")
    widgets.usage_view(answer, key="ask.timings")

st.markdown("#### Evidence")
if answer.pipeline != "llm":
    st.caption("Why each item is in the answer: the plan's path instances from the anchor through the typed path to "
               "each result. Without an exact plan, the passages the generator saw and the entities they mention.")
paths = evidence.evidence_section(answer, store, key="ask.evidence")

if answer.subgraph is not None and answer.subgraph.nodes:
    st.markdown("#### Expansion walked (hop scores)")
    st.caption("The retriever's hop-by-hop expansion around its seeds (stars): what it scored to build the "
               "context, not the evidence of the answer.")
    if st.toggle("Show the expansion graph", value=paths is None, key=f"ask.expansion.{paths is None}"):
        widgets.subgraph_view(answer.subgraph, caption=(
            f"Expansion: {len(answer.subgraph.nodes)} nodes ({sum(1 for n in answer.subgraph.nodes if n.hop == 0)} "
            f"seeds) · {len(answer.subgraph.edges)} edges · hover for hop scores"))
    st.markdown("##### Hop scores (the expansion's accumulators)")
    st.caption("From the traversal accumulators: a node is scored at the first hop that reaches it, 1.0 per edge "
               "at hop 1 and 0.5 at hop 2, summed over the frontier edges that reach it. Click a header to sort.")
    widgets.hop_score_table(answer.subgraph, key="ask.hops")
elif answer.pipeline == "basic":
    st.caption("No graph was walked for this answer (BasicRAG retrieves flat chunks by similarity).")

st.markdown("#### Context sent to the generator")
widgets.context_view(answer, key="ask.context")
