"""Ask page on the session's tiny knowledge base: an answer, the plan, the subgraph, hop scores, context, errors."""

from __future__ import annotations

import json
import re

from apphelpers import iframes, texts

PAGE = "pages/1_Ask.py"


def _ask(at, question: str, pipeline: str | None = None):
    at.text_input(key="ask.question").input(question)
    if pipeline:
        at.radio(key="ask.pipeline").set_value(pipeline)
    return at.button(key="ask.go").click().run()


def _a(tiny_store, type_name: str) -> str:
    from core.dataset.io import FILES, iter_jsonl
    from core.records import Entity

    return next(e.id for e in iter_jsonl(tiny_store.data / FILES["entities"], Entity) if e.type == type_name)


def test_ask_graph_shows_answer_plan_subgraph_and_hop_scores(app_at, kb_env, tiny_store):
    customer = _a(tiny_store, "Customer")
    at = _ask(app_at(PAGE, **kb_env), f"Which vendors does {customer} depend on?")
    assert not at.exception
    assert not at.error
    shown = texts(at)
    assert "Answer · GraphRAG" in shown
    assert re.search(r"VEND-\d+", shown), "the answer names no vendor"
    assert "**kind**: relation" in shown and customer in shown  # the plan
    assert re.search(r"\d[\d,]* tokens · 1 call · \d+\.\d\d s", shown)  # the stats line
    # The evidence graph first: one self-contained vis-network page, the customer its anchor, the vendors results.
    frames = iframes(at)
    assert len(frames) == 1
    page = frames[0].proto.srcdoc
    assert "new vis.Network(" in page and "cdn.jsdelivr.net" not in page and "on the path" in page
    nodes = json.loads(re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))
    assert any(n["id"] == customer and n["shape"] == "star" for n in nodes)
    from core.dataset.io import FILES, iter_jsonl
    from core.records import Edge

    vendors = {e.dst for e in iter_jsonl(tiny_store.data / FILES["edges"], Edge)
               if e.src == customer and e.type == "DEPENDS_ON"}
    assert {n["id"] for n in nodes} == {customer} | vendors  # from the dataset files, not from the page
    # The expansion graph, behind its toggle: the customer is a seed there too.
    at = at.toggle(key="ask.expansion.False").set_value(True).run()
    frames = iframes(at)
    assert len(frames) == 2
    page = frames[1].proto.srcdoc
    nodes = json.loads(re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))
    assert any(n["id"] == customer and n["shape"] == "star" for n in nodes)
    # The hop-score table and the context table are dataframes with real rows.
    hops = next(d.value for d in at.dataframe if "hop score" in d.value.columns)
    assert customer in set(hops["entity"]) and hops["hop"].min() == 0 and hops["hop"].max() >= 1
    assert len(hops) == len(nodes)
    ctx = next(d.value for d in at.dataframe if "tokens" in d.value.columns and "kind" in d.value.columns)
    assert len(ctx) > 0 and (ctx["tokens"] > 0).all()
    assert any("context tokens" in c.value for c in at.caption)
    assert at.get("plotly_chart")  # latency breakdown


def test_ask_basic_and_llm_explain_missing_subgraph(app_at, kb_env, tiny_store):
    at = app_at(PAGE, **kb_env)
    q = f"Which vendors does {_a(tiny_store, 'Customer')} depend on?"
    at = _ask(at, q, "basic")
    assert not at.exception and "Answer · BasicRAG" in texts(at)
    assert not iframes(at)
    assert any("flat chunks" in c.value for c in at.caption)
    at = _ask(at, q, "llm")
    assert not at.exception and "Answer · LLM-only" in texts(at)
    assert any("question alone" in i.value for i in at.info)
    assert any("No context was sent" in c.value for c in at.caption)


def test_ask_empty_question_is_a_clear_error(app_at, kb_env):
    at = _ask(app_at(PAGE, **kb_env), "   ")
    assert not at.exception
    assert [e.value for e in at.error] == ["Type a question first, e.g. “Which customers were impacted by OUTAGE-001?”"]
    assert not iframes(at)


def test_ask_too_long_question_is_a_clear_error(app_at, kb_env):
    at = app_at(PAGE, **kb_env)
    at.session_state["ask.question"] = "why " * 3000  # past the box's limit, as a paste through the API would be
    at = at.button(key="ask.go").click().run()
    assert not at.exception
    assert at.error and "long" in at.error[0].value.lower()


def test_ask_unknown_entity_is_answered_not_found(app_at, kb_env):
    at = _ask(app_at(PAGE, **kb_env), "Which vendors does CUST-9999 depend on?")
    assert not at.exception and not at.error
    shown = texts(at)
    assert "not found" in shown.lower()
    assert "CUST-9999" in shown  # the plan lists it as not in the store


def test_entity_autocomplete_inserts_into_question(app_at, kb_env, tiny_store):
    from core.dataset.io import FILES, iter_jsonl
    from core.records import Entity

    vendor = next(e for e in iter_jsonl(tiny_store.data / FILES["entities"], Entity) if e.type == "Vendor")
    at = app_at(PAGE, **kb_env)
    at.text_input(key="ask.question").input("What category is").run()
    at.text_input(key="ask.entity_search").input(vendor.name).run()
    assert at.selectbox(key="ask.entity_pick").value == vendor.id
    at.button(key="ask.insert").click().run()
    assert at.text_input(key="ask.question").value == f"What category is {vendor.id}"
    at.text_input(key="ask.entity_search").input("zzzz-no-such-entity").run()
    assert not at.exception
    assert any("No entity matches" in w.value for w in at.warning)


def test_ask_missing_key_is_a_clear_error(app_at, kb_env):
    at = _ask(app_at(PAGE, HOPLENS_GENERATOR="gemini", **kb_env), "Which vendors does CUST-0001 depend on?")
    assert not at.exception
    assert at.error and "GEMINI_API_KEY" in at.error[0].value
    assert "Traceback" not in texts(at)


def test_ask_without_a_store_says_where_to_build(app_at, tmp_path):
    at = app_at(PAGE, HOPLENS_STORE=str(tmp_path / "missing-store"))
    assert not at.exception
    assert at.error and "no knowledge base" in at.error[0].value and "Data page" in at.error[0].value
