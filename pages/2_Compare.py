"""Compare: one question through LLM-only, BasicRAG and GraphRAG side by side, with verdicts when it is a suite
question, cost charts, each pipeline's evidence (passages vs paths) and GraphRAG's expansion."""

from __future__ import annotations

import streamlit as st

from core import viz
from core.pipelines import PIPELINES
from core.records import Question
from ui import evidence, frame, limits, resources, widgets
from ui.state import COMPARE_QUESTION, COMPARE_SUITE_PICK, state

THREE = PIPELINES  # the registry's default comparison (core/pipelines.py)
WITH_ROUTED = (*THREE, "routed")  # the question router (bring-your-own-documents), opt-in as a fourth column
VERDICT_BADGE = {"PASS": ":green-background[PASS]", "PARTIAL": ":orange-background[PARTIAL]",
                 "FAIL": ":red-background[FAIL]"}


def _use_suite_question() -> None:
    picked = st.session_state.get(COMPARE_SUITE_PICK)
    if picked:
        st.session_state[COMPARE_QUESTION] = picked


def _suite_match(question: str, suite: list[dict]) -> Question | None:
    """The suite question with exactly this wording (the UI may show gold; pipelines never see it)."""
    wanted = " ".join(question.split()).casefold()
    for q in suite:
        if " ".join(q["question"].split()).casefold() == wanted:
            return Question.from_dict(q)
    return None


def _order() -> tuple[str, ...]:
    return WITH_ROUTED if st.session_state.get("compare.routed") else THREE


def _run_all(question: str) -> None:
    state.compare_answers, state.compare_errors = {}, {}
    state.compare_question = question
    if not question.strip():
        state.compare_errors = {"": "Type a question first, or pick one from the suite."}
        return
    s = resources.settings()
    _, message = widgets.run_guarded("Checking the question", lambda: limits.check_question(question))
    if message is None:  # one Compare run counts as one question against the demo's per-visitor limit
        _, message = widgets.run_guarded("Comparing", lambda: limits.take_question(s))
    if message:
        state.compare_errors = {"": message}
        return
    pipes, message = widgets.run_guarded("Loading the pipelines", lambda: resources.get_pipelines(s))
    if pipes is None:
        state.compare_errors = {"": message}
        return
    answers, errors = {}, {}
    order = _order()
    with st.status(f"Running the {len(order)} pipelines…", expanded=False) as status:
        bar = st.progress(0.0)
        for i, name in enumerate(order):
            status.update(label=f"{viz.pipeline_label(name)}…")
            answer, message = widgets.run_guarded(viz.pipeline_label(name), lambda n=name: limits.answer(
                s, pipes[n], n, question, resources.settings_key(s)))
            if answer is not None:
                answers[name] = answer
            else:
                errors[name] = message
            bar.progress((i + 1) / len(order))
        status.update(label=f"Ran {len(answers)} of {len(order)} pipelines", state="complete")
    state.compare_answers, state.compare_errors = answers, errors


s = frame.page_setup("Compare")
st.title("Compare")
st.caption("One generator, one system prompt, the same context budget for BasicRAG and GraphRAG: only retrieval "
           "differs.")
store, message = widgets.run_guarded("Opening the knowledge base", lambda: resources.get_store(s))
if store is None:
    st.error(message)
    st.stop()

if state.pending_question:
    st.session_state[COMPARE_QUESTION] = state.pending_question
    state.pending_question = None

suite = resources.suite_questions(s, "public")
if suite:
    st.selectbox("Pick a question from the public suite (its verdict is shown)", [q["question"] for q in suite],
                 index=None, key=COMPARE_SUITE_PICK, on_change=_use_suite_question,
                 placeholder="…or type your own below")
question = st.text_input("Question", key=COMPARE_QUESTION, max_chars=4000,
                         placeholder="e.g. How many customers were impacted by OUTAGE-001?")
st.checkbox("Also run the Routed pipeline (question router) as a fourth column", key="compare.routed")
if st.button("Compare", type="primary", key="compare.go"):
    _run_all(question)

errors = state.compare_errors
if "" in errors:
    st.error(errors[""])
answers = state.compare_answers
if not answers and not [k for k in errors if k]:
    st.stop()

gold = _suite_match(state.compare_question or "", suite)
judge = None
if gold is not None:
    from core.evaluation.judges import StructuredJudge

    judge = StructuredJudge()
    st.caption(f"Suite question **{gold.id}** ({gold.kind}) · expected: "
               + widgets.plain_markdown(gold.reference or str(gold.gold)))

ORDER = tuple(n for n in WITH_ROUTED if n in answers or n in errors)
columns = st.columns(len(ORDER))
for col, name in zip(columns, ORDER, strict=True):
    with col:
        st.subheader(viz.pipeline_label(name))
        if name in errors:
            st.error(errors[name])
            continue
        answer = answers[name]
        if judge is not None:
            with widgets.guarded("Judging"):
                j = judge.judge(gold, answer.text)
                st.markdown(f"{VERDICT_BADGE.get(j.verdict, j.verdict)} {widgets.plain_markdown(j.reason)}")
        widgets.answer_box(answer)
        c1, c2 = st.columns(2)
        c1.metric("prompt tokens", f"{answer.usage.prompt_tokens:,}")
        c2.metric("latency", viz.format_ms(answer.timings.total_ms))
        c1.metric("context items", len(answer.context))
        c2.metric("context tokens", f"{answer.context_tokens:,}")

if answers:
    left, right = st.columns(2)
    with left:
        st.plotly_chart(viz.compare_tokens_figure({n: answers[n] for n in ORDER if n in answers}),
                        key="compare.tokens", width="stretch")
    with right:
        st.plotly_chart(viz.compare_latency_figure({n: answers[n] for n in ORDER if n in answers}),
                        key="compare.latency", width="stretch")

EVIDENCED = tuple(n for n in ("basic", "graph", "routed") if n in answers)
paths: dict[str, object] = {}
if EVIDENCED:
    st.subheader("Evidence side by side")
    st.caption("BasicRAG's evidence is the passages it retrieved and the entities they mention; GraphRAG's is the "
               "plan's path instances and the documents stating each link (passages when it had no exact plan).")
    for col, name in zip(st.columns(len(EVIDENCED)), EVIDENCED, strict=True):
        with col:
            st.markdown(f"#### {viz.pipeline_label(name)}")
            paths[name] = evidence.evidence_section(answers[name], store, key=f"compare.evidence.{name}", height=440)

graph = answers.get("graph")
if graph is not None and graph.subgraph is not None and graph.subgraph.nodes:
    st.subheader("GraphRAG's expansion (hop scores)")
    st.caption("The hop-by-hop walk around GraphRAG's seeds that built its context, scored by the traversal accumulators; "
               "not the evidence of the answer.")
    no_paths = paths.get("graph") is None
    if st.toggle("Show the expansion graph", value=no_paths, key=f"compare.expansion.{no_paths}"):
        widgets.subgraph_view(graph.subgraph)
    with st.expander("Hop scores (the expansion's accumulators)"):
        widgets.hop_score_table(graph.subgraph, key="compare.hops")
