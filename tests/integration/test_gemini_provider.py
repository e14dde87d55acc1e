"""Gemini provider against a loopback fake of the REST API, called through the real google-genai SDK."""

from __future__ import annotations

import logging
import socket
import time
import traceback

import numpy as np
import pytest
from fake_gemini import FakeGemini, Reply, generation_config, thinking_budget
from fake_openai import fake_vector

from core.config import Settings
from core.llm.base import Embedder, Generator, LLMError
from core.llm.factory import make_embedder, make_generator
from core.llm.gemini import GeminiEmbedder, GeminiGenerator
from core.llm.jsonparse import parse_json
from core.llm.retry import RetryPolicy
from core.llm.tokens import count_tokens
from core.records import Prompt

KEY = "test-gemini-key-5f1e"
PROMPT = Prompt(system="Answer from the context only.", context="Acme uses Globex.", question="Who does Acme use?")


class Sleeps(list):
    """Injected sleep: records the backoff delays instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def fake():
    with FakeGemini(api_key=KEY) as server:
        yield server


def settings_for(fake: FakeGemini, monkeypatch, **env: str) -> Settings:
    monkeypatch.setenv("GEMINI_API_KEY", fake.api_key)
    monkeypatch.setenv("HOPLENS_GEMINI_BASE_URL", fake.url)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings()


def generator(fake: FakeGemini, key: str = KEY, model: str = "gemini-2.5-flash", **kw) -> GeminiGenerator:
    kw.setdefault("retry", RetryPolicy(max_retries=3, sleep=Sleeps()))
    return GeminiGenerator(key, model, base_url=fake.url, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- generation ----------------------------------------------------------------------------------------------------


def test_request_shape_from_settings(fake, monkeypatch):
    settings = settings_for(
        fake, monkeypatch, HOPLENS_GENERATOR="gemini", HOPLENS_MAX_OUTPUT_TOKENS="77", HOPLENS_TEMPERATURE="0.3"
    )
    gen = make_generator(settings)
    assert isinstance(gen, GeminiGenerator) and isinstance(gen, Generator)
    assert gen.name == "gemini:gemini-2.5-flash"

    out = gen.generate(PROMPT)

    assert out.text == "fake gemini answer for [Who does Acme use?]"
    assert out.model == "gemini-2.5-flash-fake-001"
    [req] = fake.requests
    assert req.path.endswith("/models/gemini-2.5-flash:generateContent")
    assert req.headers["x-goog-api-key"] == KEY
    assert req.body["systemInstruction"]["parts"] == [{"text": PROMPT.system}]
    assert req.body["contents"] == [{"role": "user", "parts": [{"text": PROMPT.user_message()}]}]
    cfg = generation_config(req.body)
    assert cfg["maxOutputTokens"] == 77 and cfg["temperature"] == pytest.approx(0.3)
    assert thinking_budget(req.body) == 0  # thinking off by default so answers are not cut off


def test_negative_thinking_budget_leaves_the_model_default(fake):
    generator(fake, thinking_budget=-1).generate(PROMPT)
    assert "thinkingConfig" not in generation_config(fake.requests[0].body)
    generator(fake, thinking_budget=256).generate(PROMPT)
    assert thinking_budget(fake.requests[1].body) == 256


def test_usage_counts_thoughts_as_completion(monkeypatch):
    with FakeGemini(api_key=KEY, thoughts_tokens=40) as fake:
        out = generator(fake).generate(PROMPT)
    prompt_words = len(PROMPT.system.split()) + len(PROMPT.user_message().split())
    assert out.usage.prompt_tokens == FakeGemini.PROMPT_OFFSET + prompt_words
    assert out.usage.completion_tokens == FakeGemini.CANDIDATES_OFFSET + len(out.text.split()) + 40
    assert (out.usage.calls, out.usage.counted_locally) == (1, False)


def test_missing_usage_is_counted_with_count_tokens():
    with FakeGemini(api_key=KEY, include_usage=False) as fake:
        out = generator(fake).generate(PROMPT)
        count_calls = fake.calls("countTokens")
    assert len(count_calls) == 2  # prompt (system + user) and completion
    assert out.usage.prompt_tokens == len(PROMPT.system.split()) + len(PROMPT.user_message().split())
    assert out.usage.completion_tokens == len(out.text.split())
    assert out.usage.counted_locally is True


def test_count_tokens_is_local_and_exact_count_asks_gemini(fake):
    gen = generator(fake)
    text = "Acme Corporation relies on Globex for cloud hosting."
    assert gen.count_tokens(text) == count_tokens(text)
    assert fake.requests == []  # budgets never cost a request
    assert gen.count_tokens_exact(text) == len(text.split())
    assert len(fake.calls("countTokens")) == 1


def test_complete_json_sends_user_verbatim_and_malformed_json_is_recovered():
    reply = "```json\n{'kind': 'multi_hop', 'anchors': ['CUST-0001',], 'target_type': 'Vendor',}\n```"
    with FakeGemini(api_key=KEY, answer=lambda system, user: reply) as fake:
        out = generator(fake).complete_json("Plan as JSON.", "Which vendors does CUST-0001 use?")
        body = fake.requests[0].body
    assert body["contents"][0]["parts"][0]["text"] == "Which vendors does CUST-0001 use?"
    assert body["systemInstruction"]["parts"][0]["text"] == "Plan as JSON."
    assert out.text == reply  # the raw reply: parsing is the caller's job
    parsed = parse_json(out.text, expect=dict)
    assert parsed.value == {"kind": "multi_hop", "anchors": ["CUST-0001"], "target_type": "Vendor"}


# ---- robustness ----------------------------------------------------------------------------------------------------


def test_retries_on_429_and_503_then_succeeds(fake):
    sleeps = Sleeps()
    fake.script(Reply(429, headers={"retry-after": "3"}), Reply(503))
    out = generator(fake, retry=RetryPolicy(max_retries=3, base_delay_s=0.5, sleep=sleeps)).generate(PROMPT)
    assert out.text.startswith("fake gemini answer")
    assert len(fake.calls("generateContent")) == 3
    assert sleeps[0] == 3.0  # the server's Retry-After
    assert 0.5 <= sleeps[1] <= 1.0  # base 0.5 * 2**1, jittered into [0.5, 1.0]


def test_gives_up_after_max_retries_with_a_clear_error(fake):
    fake.script(*[Reply(503)] * 5)
    with pytest.raises(LLMError, match=r"HTTP 503.*gave up after 3 attempts"):
        generator(fake, retry=RetryPolicy(max_retries=2, sleep=Sleeps())).generate(PROMPT)
    assert len(fake.requests) == 3


def test_timeout_is_retried_then_reported_in_bounded_time(fake):
    fake.script(*[Reply(200, delay_s=10.0)] * 3)
    gen = generator(fake, timeout_s=0.25, retry=RetryPolicy(max_retries=1, sleep=Sleeps()))
    start = time.monotonic()
    with pytest.raises(LLMError, match=r"no reply within 0.25 s.*gave up after 2 attempts"):
        gen.generate(PROMPT)
    assert time.monotonic() - start < 8.0  # two 0.25 s attempts, far below one 10 s reply
    assert len(fake.requests) == 2


def test_rejected_key_fails_at_once_and_never_leaks(fake, caplog):
    caplog.set_level(logging.DEBUG)
    bad_key = "AIzaSy-not-the-right-key-123"
    gen = generator(fake, key=bad_key)
    with pytest.raises(LLMError) as info:
        gen.generate(PROMPT)
    message = str(info.value)
    assert "rejected the API key" in message and "GEMINI_API_KEY" in message
    assert len(fake.requests) == 1  # no retry storm
    assert fake.requests[0].headers["x-goog-api-key"] == bad_key  # it was sent, only to the server
    shown = message + repr(info.value) + repr(gen) + caplog.text + "".join(traceback.format_exception(info.value))
    assert bad_key not in shown + str(vars(gen)) + str(vars(gen._conn))


def test_key_echoed_by_the_server_is_redacted(fake):
    fake.script(
        Reply(
            403, body={"error": {"code": 403, "message": f"key {KEY} lacks permission", "status": "PERMISSION_DENIED"}}
        )
    )
    with pytest.raises(LLMError, match=r"rejected the API key \(HTTP 403") as info:
        generator(fake).generate(PROMPT)
    assert KEY not in str(info.value) and "***" in str(info.value)
    assert len(fake.requests) == 1


def test_missing_key_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("HOPLENS_GENERATOR", "gemini")
    with pytest.raises(LLMError, match="set GEMINI_API_KEY"):
        make_generator(Settings())
    with pytest.raises(LLMError, match="set GEMINI_API_KEY"):
        make_embedder(Settings(), name="gemini")


def test_google_api_key_is_accepted(fake, monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", KEY)
    monkeypatch.setenv("HOPLENS_GEMINI_BASE_URL", fake.url)
    assert make_generator(Settings(), name="gemini").generate(PROMPT).text


def test_unknown_model_is_reported_without_retry(fake):
    with pytest.raises(LLMError, match=r"model 'gemini-9-ultra' was not found.*HOPLENS_GEMINI_MODEL"):
        generator(fake, model="gemini-9-ultra").generate(PROMPT)
    assert len(fake.requests) == 1


def test_server_down_is_reported_after_retries():
    sleeps = Sleeps()
    gen = GeminiGenerator(
        KEY, base_url=f"http://127.0.0.1:{free_port()}", retry=RetryPolicy(max_retries=2, sleep=sleeps)
    )
    with pytest.raises(LLMError, match=r"cannot reach http://127.0.0.1:\d+.*gave up after 3 attempts"):
        gen.generate(PROMPT)
    assert len(sleeps) == 2


def test_concurrency_is_limited(fake):
    from concurrent.futures import ThreadPoolExecutor

    fake.script(*[Reply(200, delay_s=0.2)] * 6)
    gen = generator(fake, max_concurrency=2)
    with ThreadPoolExecutor(6) as pool:
        texts = list(pool.map(lambda i: gen.generate(Prompt("s", "", f"q{i}")).text, range(6)))
    assert texts == [f"fake gemini answer for [q{i}]" for i in range(6)]
    assert fake.max_in_flight <= 2


# ---- embeddings ----------------------------------------------------------------------------------------------------


def unit(v) -> np.ndarray:
    a = np.asarray(v, dtype=np.float32)
    return a / np.linalg.norm(a)


def test_embedder_from_settings_batches_normalises_and_keeps_order(fake, monkeypatch):
    emb = make_embedder(settings_for(fake, monkeypatch, HOPLENS_EMBEDDER="gemini"))
    assert isinstance(emb, GeminiEmbedder) and isinstance(emb, Embedder)
    assert (emb.dim, emb.name) == (768, "gemini:gemini-embedding-001@768")
    texts = [f"chunk number {i}" for i in range(250)]

    vectors = emb.embed(texts)

    assert vectors.shape == (250, 768) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    for i in (0, 99, 100, 249):  # order survives batching and parallel batches
        np.testing.assert_allclose(vectors[i], unit(fake_vector(texts[i], 768)), rtol=1e-5, atol=1e-6)
    batches = fake.calls("batchEmbedContents")
    assert sorted(len(r.body["requests"]) for r in batches) == [50, 100, 100]
    first = batches[0].body["requests"][0]
    assert first["outputDimensionality"] == 768 and first["taskType"] == "RETRIEVAL_DOCUMENT"


def test_embed_query_uses_the_query_task_type(fake):
    emb = GeminiEmbedder(KEY, dim=32, base_url=fake.url)
    q = emb.embed_query("which vendors had outages")
    assert q.shape == (32,) and q.dtype == np.float32
    np.testing.assert_allclose(q, unit(fake_vector("which vendors had outages", 32)), rtol=1e-5, atol=1e-6)
    assert fake.requests[0].body["requests"][0]["taskType"] == "RETRIEVAL_QUERY"
    assert emb.embed([]).shape == (0, 32)


def test_wrong_dimension_from_the_server_is_an_error(fake):
    fake.script(Reply(200, body={"embeddings": [{"values": [1.0, 2.0, 3.0]}]}))
    with pytest.raises(LLMError, match="3-dimensional vectors, expected 768"):
        GeminiEmbedder(KEY, base_url=fake.url).embed(["a"])


def test_unknown_embedding_model_names_its_setting(fake):
    with pytest.raises(LLMError, match="HOPLENS_GEMINI_EMBED_MODEL"):
        GeminiEmbedder(KEY, model="text-embedding-999", base_url=fake.url).embed(["a"])


def test_blocked_prompt_and_bad_request_are_reported(fake):
    fake.script(Reply(200, body={"promptFeedback": {"blockReason": "SAFETY"}}))
    with pytest.raises(LLMError, match="blocked the prompt.*SAFETY"):
        generator(fake).generate(PROMPT)
    fake.script(
        Reply(400, body={"error": {"code": 400, "message": "maxOutputTokens too large", "status": "INVALID_ARGUMENT"}})
    )
    with pytest.raises(
        LLMError, match=r"rejected the request for 'gemini-2.5-flash' \(HTTP 400: maxOutputTokens too large"
    ):
        generator(fake).generate(PROMPT)
    assert len(fake.requests) == 2  # neither is retried


# ---- embeddings at scale: batches in parallel, 429s retried one request at a time ----------------------------------


def test_parallel_batches_honour_429_retry_after_and_keep_order(fake, monkeypatch):
    settings = settings_for(fake, monkeypatch, HOPLENS_EMBED_CONCURRENCY="3")
    sleeps = Sleeps()
    emb = GeminiEmbedder(
        KEY, dim=8, base_url=fake.url, max_concurrency=settings.embed_concurrency,
        retry=RetryPolicy(max_retries=3, sleep=sleeps),
    )
    assert make_embedder(settings, name="gemini")._conn.limit.limit == 3  # the setting reaches the embedder
    fake.rate_limit(every=2, retry_after="0.25")
    texts = [f"account note {i}" for i in range(450)]

    vectors = emb.embed(texts)

    for i in (0, 99, 100, 101, 449):
        np.testing.assert_allclose(vectors[i], unit(fake_vector(texts[i], 8)), rtol=1e-5, atol=1e-6)
    calls = fake.calls("batchEmbedContents")
    assert all(len(r.body["requests"]) <= 100 for r in calls)
    limited = [r for r in calls if r.status == 429]
    assert limited and len(calls) == 5 + len(limited)  # 5 batches; each refused request sent once more
    assert sleeps == [0.25] * len(limited)
    assert sorted(fake.embedded) == sorted(texts)  # every text embedded exactly once: only 429'd requests re-sent
    assert fake.max_in_flight <= 3


def test_retries_exhausted_say_how_many_texts_were_embedded(fake):
    emb = GeminiEmbedder(KEY, dim=8, base_url=fake.url, max_concurrency=1, retry=RetryPolicy(max_retries=1, sleep=Sleeps()))
    fake.script(Reply(200), Reply(429, headers={"retry-after": "2"}), Reply(429, headers={"retry-after": "2"}))
    with pytest.raises(LLMError, match=r"100 of 250 texts embedded before a request failed for good: .*HTTP 429.*"
                                       r"gave up after 2 attempts"):
        emb.embed([f"t{i}" for i in range(250)])
    assert len(fake.calls("batchEmbedContents")) == 3  # the third batch was never sent


def test_a_429_waits_the_retry_delay_gemini_puts_in_its_error_details(fake):
    sleeps = Sleeps()
    fake.retry_delay = "58s"  # what Gemini's quota errors carry (google.rpc.RetryInfo), beyond the 20 s backoff cap
    fake.script(Reply(429))
    emb = GeminiEmbedder(KEY, dim=8, base_url=fake.url, retry=RetryPolicy(max_retries=2, sleep=sleeps))
    assert emb.embed(["a", "b"]).shape == (2, 8)
    assert sleeps == [58.0] and len(fake.calls("batchEmbedContents")) == 2
