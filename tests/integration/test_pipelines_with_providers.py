"""The three pipelines end-to-end on the tiny store with each real provider pointed at its loopback fake.

Checks what only an end-to-end run shows: every pipeline reaches the provider with the one shared system prompt,
RAG pipelines send their context, and each Answer reports the provider's own token counts (or local counts,
flagged, when the server reports none).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_gemini import FakeGemini
from fake_openai import FakeOpenAI, Recorded

from core.config import Settings
from core.dataset.io import FILES, iter_jsonl
from core.llm.gemini import GeminiGenerator
from core.llm.openai_compat import OpenAICompatGenerator
from core.llm.retry import RetryPolicy
from core.llm.tokens import count_tokens
from core.pipelines import PIPELINES, build_pipelines
from core.records import Entity

KEY = "pipeline-test-key"


def _words(text: str) -> int:
    return len(text.split())


def _gemini_sent(req: Recorded) -> tuple[str, str]:
    system = " ".join(p["text"] for p in req.body["systemInstruction"]["parts"])
    user = " ".join(p["text"] for c in req.body["contents"] for p in c["parts"])
    return system, user


def _openai_sent(req: Recorded) -> tuple[str, str]:
    msgs = req.body["messages"]
    return msgs[0]["content"], msgs[-1]["content"]


@pytest.fixture(scope="module")
def customer(tiny_store) -> Entity:
    entities = iter_jsonl(Path(tiny_store.data) / FILES["entities"], Entity)
    return next(e for e in entities if e.type == "Customer")


@pytest.fixture(scope="module")
def settings(tiny_store) -> Settings:
    return Settings(store=Path(tiny_store.store), data=Path(tiny_store.data), scale="tiny")


@pytest.fixture(params=["gemini", "openai"])
def provider(request):
    """(generator, fake, offsets, how to read what was sent) for each provider."""
    retry = RetryPolicy(max_retries=1, sleep=lambda s: None)
    if request.param == "gemini":
        with FakeGemini(api_key=KEY) as fake:
            gen = GeminiGenerator(KEY, base_url=fake.url, retry=retry)
            yield gen, fake, (FakeGemini.PROMPT_OFFSET, FakeGemini.CANDIDATES_OFFSET), _gemini_sent
    else:
        with FakeOpenAI(api_key=KEY) as fake:
            gen = OpenAICompatGenerator(fake.base_url, "fake-chat", KEY, retry=retry)
            yield gen, fake, (FakeOpenAI.PROMPT_OFFSET, FakeOpenAI.COMPLETION_OFFSET), _openai_sent


def test_three_pipelines_answer_through_the_provider_and_report_its_usage(settings, customer, provider):
    gen, fake, (prompt_offset, completion_offset), sent = provider
    pipelines = build_pipelines(settings, generator=gen)
    assert set(pipelines) == set(PIPELINES)
    question = f"Which vendors does {customer.name} depend on?"

    answers = {}
    for name in PIPELINES:
        before = len(fake.requests)
        answers[name] = pipelines[name].answer(question)
        assert len(fake.requests) == before + 1, f"{name}: one generation call, no planner/rerank by default"

    systems = set()
    for (name, answer), req in zip(answers.items(), fake.requests, strict=True):
        system, user = sent(req)
        systems.add(system)
        assert answer.pipeline == name and answer.generator == gen.name and answer.error is None
        assert question in user and answer.text.endswith(f"[{question}]")  # the fake's reply came back
        # the provider's own counts (the fakes count words + an offset), not a local count
        assert answer.usage.prompt_tokens == prompt_offset + _words(system) + _words(user)
        assert answer.usage.completion_tokens == completion_offset + _words(answer.text)
        assert answer.usage.calls == 1 and not answer.usage.counted_locally
        assert answer.timings.generate_ms > 0
        if name == "llm":
            assert "Context:" not in user and not answer.context
        else:
            assert user.startswith("Context:") and answer.context and answer.context_tokens > 0
    assert len(systems) == 1  # fairness rule 1: one system prompt for all three pipelines


def test_usage_counted_locally_when_the_server_reports_none(settings, customer):
    with FakeOpenAI(include_usage=False) as fake:
        gen = OpenAICompatGenerator(fake.base_url, "fake-chat", retry=RetryPolicy(max_retries=0))
        pipelines = build_pipelines(settings, generator=gen)
        question = f"Which vendors does {customer.name} depend on?"
        for name in PIPELINES:
            answer = pipelines[name].answer(question)
            system, user = _openai_sent(fake.requests[-1])
            assert answer.usage.counted_locally, name
            assert answer.usage.prompt_tokens == count_tokens(system) + count_tokens(user)
            assert answer.usage.completion_tokens == count_tokens(answer.text)
