"""The three pipelines end-to-end with each real provider (generation AND embeddings) pointed at its loopback fake.

A small embedded store is built with the provider's embedder (so the store records it, and queries use it), then
LLM-only, BasicRAG and GraphRAG answer through the provider's generator. Checks what only an end-to-end run shows:
every pipeline reaches the provider with the one shared system prompt, RAG pipelines send their context, and each
Answer reports the provider's own token counts (or local counts, flagged, when the server reports none).
"""

from __future__ import annotations

import pytest
from fake_gemini import FakeGemini
from fake_openai import FakeOpenAI, Recorded

from core.config import Settings
from core.llm.gemini import GeminiEmbedder, GeminiGenerator
from core.llm.openai_compat import OpenAICompatEmbedder, OpenAICompatGenerator
from core.llm.retry import RetryPolicy
from core.llm.tokens import count_tokens
from core.pipelines import PIPELINES, build_pipelines
from core.records import Chunk, Document, Edge, Entity
from core.store.base import EmbedderMismatch
from core.store.embedded import EmbeddedStore

KEY = "pipeline-test-key"
QUESTION = "Which vendors does Acme Corp depend on?"

ENTITIES = [
    Entity("CUST-0001", "Customer", "Acme Corp", ["Acme"], {"segment": "Enterprise"}),
    Entity("CUST-0002", "Customer", "Beta Ltd", [], {"segment": "SMB"}),
    Entity("VEND-01", "Vendor", "CloudCo", ["Cloud Co"], {"sla_tier": "Gold"}),
    Entity("VEND-02", "Vendor", "NetFast", []),
    Entity("REGION-EU", "Region", "Europe West", [], {"geo": "Europe"}),
    Entity("OUTAGE-001", "Outage", "Storage outage", [], {"severity": "P1"}),
]
EDGES = [
    Edge("CUST-0001", "DEPENDS_ON", "VEND-01", {"role": "primary"}),
    Edge("CUST-0001", "DEPENDS_ON", "VEND-02", {"role": "secondary"}),
    Edge("CUST-0002", "DEPENDS_ON", "VEND-01", {"role": "primary"}),
    Edge("CUST-0001", "LOCATED_IN", "REGION-EU"),
    Edge("VEND-01", "EXPERIENCED", "OUTAGE-001"),
]
DOCS = [
    Document(
        "DOC-00001", "postmortem", "Storage outage", "CloudCo storage failed in Europe West.", ["VEND-01", "OUTAGE-001"]
    ),
    Document("DOC-00002", "account_note", "Acme QBR", "Acme Corp relies on CloudCo and NetFast.", ["CUST-0001"]),
]
CHUNKS = [
    Chunk("DOC-00001#0", "DOC-00001", 0, "CloudCo storage failed in Europe West.", 8, ["VEND-01", "OUTAGE-001"]),
    Chunk(
        "DOC-00002#0",
        "DOC-00002",
        0,
        "Acme Corp relies on CloudCo and NetFast.",
        9,
        ["CUST-0001", "VEND-01", "VEND-02"],
    ),
]


def _words(text: str) -> int:
    return len(text.split())


def _gemini_sent(req: Recorded) -> tuple[str, str]:
    system = " ".join(p["text"] for p in req.body["systemInstruction"]["parts"])
    user = " ".join(p["text"] for c in req.body["contents"] for p in c["parts"])
    return system, user


def _openai_sent(req: Recorded) -> tuple[str, str]:
    msgs = req.body["messages"]
    return msgs[0]["content"], msgs[-1]["content"]


def build_store(path, embedder) -> EmbeddedStore:
    store = EmbeddedStore(path, create=True)
    store.upsert_entities(ENTITIES)
    store.upsert_edges(EDGES)
    store.upsert_documents(DOCS)
    store.upsert_chunks(CHUNKS, embedder.embed([c.text for c in CHUNKS]))
    store.bind_embedder(embedder)
    store.refresh_indexes()
    return store


@pytest.fixture(params=["gemini", "openai"])
def provider(request, tmp_path):
    """(generator, embedder, store built with that embedder, fake, usage offsets, reader of what was sent)."""
    retry = RetryPolicy(max_retries=1, sleep=lambda s: None)
    if request.param == "gemini":
        with FakeGemini(api_key=KEY) as fake:
            gen = GeminiGenerator(KEY, base_url=fake.url, retry=retry)
            emb = GeminiEmbedder(KEY, dim=64, base_url=fake.url, retry=retry)
            store = build_store(tmp_path / "store", emb)
            yield gen, emb, store, fake, (FakeGemini.PROMPT_OFFSET, FakeGemini.CANDIDATES_OFFSET), _gemini_sent
            store.close()
    else:
        with FakeOpenAI(api_key=KEY) as fake:
            gen = OpenAICompatGenerator(fake.base_url, "fake-chat", KEY, retry=retry)
            emb = OpenAICompatEmbedder(fake.base_url, "fake-embed", KEY, retry=retry)
            store = build_store(tmp_path / "store", emb)
            yield gen, emb, store, fake, (FakeOpenAI.PROMPT_OFFSET, FakeOpenAI.COMPLETION_OFFSET), _openai_sent
            store.close()


def generation_requests(fake) -> list[Recorded]:
    return [r for r in fake.requests if r.path.endswith((":generateContent", "/chat/completions"))]


def test_three_pipelines_answer_through_the_provider_and_report_its_usage(provider):
    gen, emb, store, fake, (prompt_offset, completion_offset), sent = provider
    pipelines = build_pipelines(Settings(), store=store, generator=gen, embedder=emb)
    assert set(pipelines) == set(PIPELINES)
    assert store.get_meta("embedder_name") == emb.name  # the store records the provider's embedder

    answers = {}
    for name in PIPELINES:
        before = len(generation_requests(fake))
        answers[name] = pipelines[name].answer(QUESTION)
        assert len(generation_requests(fake)) == before + 1, f"{name}: one generation call (no planner by default)"

    systems = set()
    for (name, answer), req in zip(answers.items(), generation_requests(fake), strict=True):
        system, user = sent(req)
        systems.add(system)
        assert answer.pipeline == name and answer.generator == gen.name and answer.error is None
        assert QUESTION in user and answer.text.endswith(f"[{QUESTION}]")  # the fake's reply came back
        # the provider's own counts (the fakes count words plus an offset), not a local count
        assert answer.usage.prompt_tokens == prompt_offset + _words(system) + _words(user)
        assert answer.usage.completion_tokens == completion_offset + _words(answer.text)
        assert answer.usage.calls == 1 and not answer.usage.counted_locally
        if name == "llm":
            assert "Context:" not in user and not answer.context
        else:
            assert user.startswith("Context:") and answer.context and answer.context_tokens > 0
            # what the pipeline says it sent is what the provider received
            assert all(item.text in user for item in answer.context)
    assert len(systems) == 1  # fairness rule 1: one system prompt for all three pipelines
    # BasicRAG embedded the question with the provider's embedder (query task type for Gemini)
    embeds = [r for r in fake.requests if "mbed" in r.path]
    assert len(embeds) >= 2  # the build, then at least one query


def test_usage_counted_locally_when_the_server_reports_none(tmp_path):
    with FakeOpenAI(include_usage=False) as fake:
        emb = OpenAICompatEmbedder(fake.base_url, "fake-embed", retry=RetryPolicy(max_retries=0))
        store = build_store(tmp_path / "store", emb)
        gen = OpenAICompatGenerator(fake.base_url, "fake-chat", retry=RetryPolicy(max_retries=0))
        pipelines = build_pipelines(Settings(), store=store, generator=gen, embedder=emb)
        for name in PIPELINES:
            answer = pipelines[name].answer(QUESTION)
            system, user = _openai_sent(generation_requests(fake)[-1])
            assert answer.usage.counted_locally, name
            assert answer.usage.prompt_tokens == count_tokens(system) + count_tokens(user)
            assert answer.usage.completion_tokens == count_tokens(answer.text)
        store.close()


def test_a_store_built_with_another_embedder_is_refused(tmp_path):
    with FakeGemini(api_key=KEY) as gemini, FakeOpenAI() as openai:
        store = build_store(tmp_path / "store", GeminiEmbedder(KEY, dim=16, base_url=gemini.url))
        other = OpenAICompatEmbedder(openai.base_url, "fake-embed")  # also 16 dims: only the name differs
        gen = OpenAICompatGenerator(openai.base_url, "fake-chat")
        with pytest.raises(EmbedderMismatch, match="gemini:gemini-embedding-001@16"):
            build_pipelines(Settings(), store=store, generator=gen, embedder=other)["basic"].answer(QUESTION)
        store.close()
