"""Compare page: three columns, verdicts for suite questions, cost charts, GraphRAG's subgraph."""

from __future__ import annotations

import json

from apphelpers import iframes, texts

PAGE = "pages/2_Compare.py"


def _columns_with_titles(at) -> list[str]:
    """Subheaders in the order drawn: the three pipeline columns come first."""
    return [h.value for h in at.subheader]


def test_compare_suite_question_shows_three_columns_verdicts_and_charts(app_at, kb_env, tiny_store):
    from core.dataset.questions import load_suite
    from core.evaluation.judges import StructuredJudge

    suite = load_suite("public", tiny_store.data)
    question = next(q for q in suite if q.kind == "aggregate")
    at = app_at(PAGE, **kb_env)
    at.selectbox(key="compare.suite_pick").set_value(question.question).run()
    assert at.text_input(key="compare.question").value == question.question
    at = at.button(key="compare.go").click().run()
    assert not at.exception and not at.error
    heads = _columns_with_titles(at)
    assert heads[:3] == ["LLM-only", "BasicRAG", "GraphRAG"]
    assert "Evidence side by side" in heads and "GraphRAG's expansion (hop scores)" in heads
    # Three side-by-side columns (plus the two chart columns), each with its stats line.
    assert len(at.columns) >= 3
    stats = [c.value for c in at.caption if " tokens · " in c.value]
    assert len(stats) == 3
    # The verdicts shown are the structured judge's on the answers shown.
    answers = at.session_state["hl.compare_answers"]
    judge = StructuredJudge()
    shown = texts(at)
    assert f"Suite question **{question.id}** ({question.kind})" in shown
    for name in ("llm", "basic", "graph"):
        j = judge.judge(question, answers[name].text)
        assert f"-background[{j.verdict}] {j.reason}" in shown
    charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    titles = [c["layout"]["title"]["text"] for c in charts]
    assert titles == ["Tokens", "Latency by stage"]
    prompt_bar = next(t for t in charts[0]["data"] if t["name"] == "prompt")
    assert prompt_bar["y"] == [answers[n].usage.prompt_tokens for n in ("llm", "basic", "graph")]
    assert len(iframes(at)) == 1


def test_compare_own_question_has_no_verdict(app_at, kb_env):
    at = app_at(PAGE, **kb_env)
    at.text_input(key="compare.question").input("Which vendors does CUST-0001 depend on?")
    at = at.button(key="compare.go").click().run()
    assert not at.exception
    assert _columns_with_titles(at)[:3] == ["LLM-only", "BasicRAG", "GraphRAG"]
    assert "Suite question" not in texts(at) and "PASS" not in texts(at)


def test_compare_empty_question_is_a_clear_error(app_at, kb_env):
    at = app_at(PAGE, **kb_env)
    at = at.button(key="compare.go").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == ["Type a question first, or pick one from the suite."]
    assert not at.get("plotly_chart")


def test_compare_can_add_the_routed_pipeline_as_a_fourth_column(app_at, kb_env):
    at = app_at(PAGE, **kb_env)
    at.checkbox(key="compare.routed").check().run()
    at.text_input(key="compare.question").input("Which vendors does CUST-0001 depend on?")
    at = at.button(key="compare.go").click().run()
    assert not at.exception and not at.error
    assert _columns_with_titles(at)[:4] == ["LLM-only", "BasicRAG", "GraphRAG", "Routed"]
    answers = at.session_state["hl.compare_answers"]
    assert answers["routed"].plan is not None and answers["routed"].plan.route
