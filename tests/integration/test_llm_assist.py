"""Optional LLM planner and reranker: used when a real generator is configured, validated against the ontology,
their tokens counted, and any malformed reply falls back to the rule-based path."""

from __future__ import annotations

import json
from pathlib import Path

from core.dataset.io import FILES, iter_jsonl
from core.llm.offline import OfflineReader
from core.records import Edge, Generation, Usage


class ScriptedLLM(OfflineReader):
    """Answers like the offline reader; planning/reranking replies come from a script (a stand-in for a model)."""

    name = "scripted-llm"

    def __init__(self, replies):
        self.replies = list(replies)
        self.json_calls = 0

    def complete_json(self, system: str, user: str) -> Generation:
        self.json_calls += 1
        text = self.replies.pop(0) if self.replies else "not json at all"
        return Generation(text, Usage(prompt_tokens=100, completion_tokens=20, calls=1), self.name)


def _pipes(tiny_store, llm, **flags):
    from core.pipelines import build_pipelines

    settings = tiny_store.settings(generator="openai", **flags)  # a "real" generator is configured
    return build_pipelines(settings, store=tiny_store.open(), generator=llm, names=["graph"])["graph"]


def _customer_with_vendors(tiny_store):
    edges = list(iter_jsonl(Path(tiny_store.data) / FILES["edges"], Edge))
    cust = sorted(e.src for e in edges if e.type == "DEPENDS_ON")[0]
    return cust, {e.dst for e in edges if e.type == "DEPENDS_ON" and e.src == cust}


def test_llm_plan_is_validated_executed_and_counted(tiny_store):
    cust, vendors = _customer_with_vendors(tiny_store)
    plan = {"kind": "relation", "operator": "count", "anchors": [cust], "target_type": "Vendor",
            "path": [{"edge": "DEPENDS_ON", "direction": "out", "target": "Vendor"}], "filters": []}
    llm = ScriptedLLM([json.dumps(plan)])
    ans = _pipes(tiny_store, llm, llm_planner=True).answer(f"Tell me the suppliers count for {cust}")
    assert llm.json_calls == 1 and ans.plan.planner == "llm"
    assert ans.text.split(".")[0] == str(len(vendors))
    assert ans.usage.calls == 2 and ans.usage.prompt_tokens > 100  # generation + planner call, both counted


def test_impossible_or_malformed_llm_plan_falls_back_to_rules(tiny_store):
    cust, vendors = _customer_with_vendors(tiny_store)
    bad_path = {"kind": "relation", "operator": "list", "anchors": [cust], "target_type": "Vendor",
                "path": [{"edge": "OPENED_BY", "direction": "out", "target": "Vendor"}]}
    for reply in (json.dumps(bad_path), "```json\n{\"kind\": \"relation\", \"path\": [", "I think the answer is 3"):
        llm = ScriptedLLM([reply])
        ans = _pipes(tiny_store, llm, llm_planner=True).answer(f"Which vendors does {cust} depend on?")
        assert ans.plan.planner == "rules"
        assert set(ans.text.replace(";", " ").split()) >= vendors


def test_llm_rerank_counts_tokens_and_survives_garbage(tiny_store):
    cust, _ = _customer_with_vendors(tiny_store)
    llm = ScriptedLLM(["[\"nonexistent#0\"]"])
    ans = _pipes(tiny_store, llm, llm_rerank=True).answer(f"What do the account notes say about {cust}?")
    assert llm.json_calls == 1 and ans.usage.calls == 2
    assert ans.context  # unknown ids are ignored, the fused order stays


def test_offline_generator_never_calls_the_assistant(tiny_store):
    from core.pipelines import build_pipelines

    llm = ScriptedLLM([])
    pipe = build_pipelines(tiny_store.settings(llm_planner=True, llm_rerank=True), store=tiny_store.open(),
                           generator=llm, names=["graph"])["graph"]
    pipe.answer("Which vendors operate in the most regions?")
    assert llm.json_calls == 0
