"""OpenAI-compatible provider (Ollama / vLLM / LM Studio) against a loopback fake server."""

from __future__ import annotations

import logging
import socket
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from fake_openai import FakeOpenAI, Reply, fake_vector

from core.config import Settings
from core.llm.base import Embedder, Generator, LLMError
from core.llm.factory import make_embedder, make_generator
from core.llm.jsonparse import JSONParseError, parse_json
from core.llm.judge import LLMJudge
from core.llm.openai_compat import OpenAICompatEmbedder, OpenAICompatGenerator
from core.llm.retry import RetryPolicy
from core.llm.tokens import count_tokens
from core.records import Prompt

KEY = "sk-test-openai-key-77"
PROMPT = Prompt(system="Answer from the context only.", context="Acme uses Globex.", question="Who does Acme use?")


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def generator(fake: FakeOpenAI, model: str = "fake-chat", key: str | None = None, **kw) -> OpenAICompatGenerator:
    kw.setdefault("retry", RetryPolicy(max_retries=3, sleep=Sleeps()))
    return OpenAICompatGenerator(fake.base_url, model, key, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- generation ----------------------------------------------------------------------------------------------------


def test_request_shape_from_settings(fake, monkeypatch):
    monkeypatch.setenv("HOPLENS_GENERATOR", "openai")
    monkeypatch.setenv("HOPLENS_OPENAI_BASE_URL", fake.base_url + "/")  # a trailing slash is fine
    monkeypatch.setenv("HOPLENS_OPENAI_MODEL", "fake-chat")
    monkeypatch.setenv("HOPLENS_MAX_OUTPUT_TOKENS", "64")
    gen = make_generator(Settings())
    assert isinstance(gen, OpenAICompatGenerator) and isinstance(gen, Generator)
    assert gen.name == "openai:fake-chat"

    out = gen.generate(PROMPT)

    assert out.text == "fake answer for [Who does Acme use?]" and out.model == "fake-chat"
    [req] = fake.requests
    assert (req.method, req.path) == ("POST", "/v1/chat/completions")
    assert "authorization" not in req.headers  # no key configured: no header at all
    assert req.body["model"] == "fake-chat" and req.body["max_tokens"] == 64 and req.body["temperature"] == 0.0
    assert req.body["stream"] is False
    assert req.body["messages"] == [
        {"role": "system", "content": PROMPT.system},
        {"role": "user", "content": PROMPT.user_message()},
    ]


def test_key_goes_in_the_authorization_header_only(monkeypatch):
    with FakeOpenAI(api_key=KEY) as fake:
        monkeypatch.setenv("HOPLENS_OPENAI_API_KEY", KEY)
        monkeypatch.setenv("HOPLENS_OPENAI_BASE_URL", fake.base_url)
        monkeypatch.setenv("HOPLENS_OPENAI_MODEL", "fake-chat")
        gen = make_generator(Settings(), name="openai")
        gen.generate(PROMPT)
        assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"
        assert KEY not in repr(gen)


def test_usage_from_the_response(fake):
    out = generator(fake).generate(PROMPT)
    words = len(PROMPT.system.split()) + len(PROMPT.user_message().split())
    assert out.usage.prompt_tokens == FakeOpenAI.PROMPT_OFFSET + words
    assert out.usage.completion_tokens == FakeOpenAI.COMPLETION_OFFSET + len(out.text.split())
    assert (out.usage.calls, out.usage.counted_locally) == (1, False)


def test_missing_usage_is_counted_locally_and_flagged():
    with FakeOpenAI(include_usage=False) as fake:
        out = generator(fake).generate(PROMPT)
    assert out.usage.prompt_tokens == count_tokens(PROMPT.system) + count_tokens(PROMPT.user_message())
    assert out.usage.completion_tokens == count_tokens(out.text)
    assert out.usage.counted_locally is True and out.usage.calls == 1


def test_reasoning_block_is_stripped_but_counted():
    raw = "<think>the reference says 4</think>\n\n4 customers"
    with FakeOpenAI(reply=lambda m: raw) as fake:
        out = generator(fake).generate(PROMPT)
    assert out.text == "4 customers"
    assert out.usage.completion_tokens == FakeOpenAI.COMPLETION_OFFSET + len(raw.split())  # thoughts count too


def test_no_system_message_when_system_is_empty(fake):
    generator(fake).complete_json("", "just the user")
    assert fake.requests[0].body["messages"] == [{"role": "user", "content": "just the user"}]


def test_malformed_json_from_a_local_model_is_recovered_or_reported():
    replies = iter(
        [
            "Sure, here you go:\n```json\n{'kind': 'aggregate', 'anchors': ['V-0003',], 'operator': 'count',}\n```",
            '{"kind": "relation", "anchors": ["CUST-0001", "CUST-00',  # cut off by max_tokens
            "I am not able to produce JSON for that.",
        ]
    )
    with FakeOpenAI(reply=lambda m: next(replies)) as fake:
        gen = generator(fake)
        first = parse_json(gen.complete_json("Plan as JSON.", "How many customers use V-0003?").text, expect=dict)
        second = parse_json(gen.complete_json("Plan as JSON.", "Who is linked to CUST-0001?").text, expect=dict)
        third = gen.complete_json("Plan as JSON.", "anything").text
    assert first.value == {"kind": "aggregate", "anchors": ["V-0003"], "operator": "count"}
    assert second.value == {"kind": "relation", "anchors": ["CUST-0001"]} and second.truncated
    with pytest.raises(JSONParseError, match="no JSON object"):
        parse_json(third)


def test_llm_judge_through_the_provider_counts_tokens():
    with FakeOpenAI(reply=lambda m: "FAIL: the PASS criteria were not met; 3 is not 4") as fake:
        result = LLMJudge(generator(fake)).judge("How many?", "4", "3", question_id="q9", pipeline="basic")
        sent = fake.requests[0].body["messages"]
    assert (result.judgement.verdict, result.judgement.score) == ("FAIL", 0.0)
    assert result.judgement.reason == "the PASS criteria were not met; 3 is not 4"
    assert result.usage.prompt_tokens > FakeOpenAI.PROMPT_OFFSET and result.usage.calls == 1
    assert "basic" not in sent[0]["content"] + sent[1]["content"]


# ---- robustness ----------------------------------------------------------------------------------------------------


def test_retries_on_429_and_503_then_succeeds(fake):
    sleeps = Sleeps()
    fake.script(Reply(429, headers={"retry-after": "2"}), Reply(503), Reply(502))
    out = generator(fake, retry=RetryPolicy(max_retries=3, base_delay_s=0.5, max_delay_s=20, sleep=sleeps)).generate(
        PROMPT
    )
    assert out.text.startswith("fake answer")
    assert len(fake.requests) == 4
    assert sleeps[0] == 2.0  # Retry-After
    assert 0.5 <= sleeps[1] <= 1.0 and 1.0 <= sleeps[2] <= 2.0  # exponential, jittered


def test_backoff_is_capped():
    policy = RetryPolicy(max_retries=10, base_delay_s=1.0, max_delay_s=5.0)
    assert all(policy.delay(i) <= 5.0 for i in range(10))
    assert policy.delay(9) >= 2.5
    assert policy.delay(0, retry_after_s=30) == 30.0  # the server's wait is honoured past the backoff cap ...
    assert policy.delay(0, retry_after_s=600) == 120.0  # ... up to max_retry_after_s


def test_gives_up_after_max_retries(fake):
    fake.script(*[Reply(500)] * 3)
    with pytest.raises(LLMError, match=r"HTTP 500: scripted failure 500.*gave up after 2 attempts"):
        generator(fake, retry=RetryPolicy(max_retries=1, sleep=Sleeps())).generate(PROMPT)
    assert len(fake.requests) == 2


def test_timeout_is_retried_then_reported_in_bounded_time(fake):
    fake.script(*[Reply(200, delay_s=10.0)] * 3)
    gen = generator(fake, timeout_s=0.25, retry=RetryPolicy(max_retries=1, sleep=Sleeps()))
    start = time.monotonic()
    with pytest.raises(LLMError, match=r"no reply within 0.25 s.*gave up after 2 attempts"):
        gen.generate(PROMPT)
    assert time.monotonic() - start < 8.0  # two 0.25 s attempts, far below one 10 s reply
    assert len(fake.requests) == 2


def test_rejected_key_fails_at_once_and_never_leaks(caplog):
    caplog.set_level(logging.DEBUG)
    bad = "sk-wrong-key-31337"
    with FakeOpenAI(api_key=KEY) as fake:
        gen = generator(fake, key=bad)
        with pytest.raises(LLMError) as info:
            gen.generate(PROMPT)
        assert len(fake.requests) == 1  # no retry storm
    message = str(info.value)
    assert "HTTP 401" in message and "check HOPLENS_OPENAI_API_KEY" in message
    shown = message + repr(info.value) + repr(gen) + caplog.text + "".join(traceback.format_exception(info.value))
    assert bad not in shown + str(vars(gen)) + str(vars(gen._conn))


def test_missing_key_on_a_server_that_needs_one():
    with FakeOpenAI(api_key=KEY) as fake, pytest.raises(LLMError, match="set HOPLENS_OPENAI_API_KEY"):
        generator(fake).generate(PROMPT)


def test_key_echoed_by_the_server_is_redacted(fake):
    fake.script(Reply(403, body={"error": {"message": f"key {KEY} is not allowed to use fake-chat"}}))
    with pytest.raises(LLMError, match="HTTP 403") as info:
        generator(fake, key=KEY).generate(PROMPT)
    assert KEY not in str(info.value) and "***" in str(info.value)


def test_unknown_model_is_reported_without_retry(fake):
    with pytest.raises(LLMError, match=r"llama9:70b.*not found.*ollama pull llama9:70b"):
        generator(fake, model="llama9:70b").generate(PROMPT)
    assert len(fake.requests) == 1


def test_server_down_is_reported_after_retries():
    sleeps = Sleeps()
    gen = OpenAICompatGenerator(
        f"http://127.0.0.1:{free_port()}/v1", "m", retry=RetryPolicy(max_retries=2, sleep=sleeps)
    )
    with pytest.raises(LLMError, match=r"cannot reach http://127.0.0.1:\d+/v1 .*ollama serve.*gave up after 3"):
        gen.generate(PROMPT)
    assert len(sleeps) == 2


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("<html>not an API</html>", "not JSON"),
        ({"object": "list"}, "without the OpenAI response fields"),
        ([1, 2], "unexpected JSON"),
    ],
)
def test_a_server_that_is_not_openai_compatible(fake, body, message):
    fake.script(Reply(200, body=body))
    with pytest.raises(LLMError, match=message):
        generator(fake).generate(PROMPT)
    assert len(fake.requests) == 1


def test_bad_base_url_is_a_valueerror():
    with pytest.raises(ValueError, match="HOPLENS_OPENAI_BASE_URL"):
        OpenAICompatGenerator("localhost:11434/v1", "m")


def test_concurrency_is_limited(fake):
    fake.script(*[Reply(200, delay_s=0.2)] * 6)
    gen = generator(fake, max_concurrency=2)
    with ThreadPoolExecutor(6) as pool:
        texts = list(pool.map(lambda i: gen.generate(Prompt("s", "", f"q{i}")).text, range(6)))
    assert texts == [f"fake answer for [q{i}]" for i in range(6)]
    assert fake.max_in_flight <= 2


# ---- embeddings ----------------------------------------------------------------------------------------------------


def unit(v) -> np.ndarray:
    a = np.asarray(v, dtype=np.float32)
    return a / np.linalg.norm(a)


def test_embedder_learns_dim_normalises_sorts_by_index_and_batches(fake, monkeypatch):
    monkeypatch.setenv("HOPLENS_OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("HOPLENS_OPENAI_EMBED_MODEL", "fake-embed")
    monkeypatch.setenv("HOPLENS_EMBED_BATCH", "4")
    emb = make_embedder(Settings(), name="openai")
    assert isinstance(emb, OpenAICompatEmbedder) and isinstance(emb, Embedder)
    assert emb.name == "openai:fake-embed"
    texts = [f"note {i}" for i in range(10)]

    vectors = emb.embed(texts)

    assert vectors.shape == (10, 16) and vectors.dtype == np.float32 and emb.dim == 16
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    for i, t in enumerate(texts):  # the fake answers in reverse order: rows follow "index"
        np.testing.assert_allclose(vectors[i], unit(fake_vector(t, 16)), rtol=1e-5, atol=1e-6)
    sizes = [len(r.body["input"]) for r in fake.requests]
    assert sizes[0] == 1 and sorted(sizes[1:]) == [2, 4, 4]  # one probe learns the size, then batches of 4
    assert all(r.path == "/v1/embeddings" and r.body["model"] == "fake-embed" for r in fake.requests)


def test_dim_is_learnt_with_one_probe_when_not_given(fake):
    emb = OpenAICompatEmbedder(fake.base_url, "fake-embed")
    assert emb.dim == 16 and len(fake.requests) == 1
    assert fake.requests[0].body["input"] == ["dimension probe"]
    q = emb.embed_query("vendors with outages")
    np.testing.assert_allclose(q, unit(fake_vector("vendors with outages", 16)), rtol=1e-5, atol=1e-6)
    assert emb.embed([]).shape == (0, 16) and len(fake.requests) == 2
    OpenAICompatEmbedder(fake.base_url, "fake-embed", dim=16)
    assert len(fake.requests) == 2  # a given dim needs no probe


def test_dimension_change_is_refused(fake):
    emb = OpenAICompatEmbedder(fake.base_url, "fake-embed", dim=16)
    fake.script(Reply(200, body={"data": [{"index": 0, "embedding": [1.0, 0.0, 0.0]}]}))
    with pytest.raises(LLMError, match="3-dimensional vectors, expected 16"):
        emb.embed(["x"])


def test_unknown_embedding_model_names_its_setting(fake):
    with pytest.raises(LLMError, match="HOPLENS_OPENAI_EMBED_MODEL"):
        OpenAICompatEmbedder(fake.base_url, "no-such-embed").embed(["a"])


def test_a_failing_batch_stops_the_queued_ones(fake):
    emb = OpenAICompatEmbedder(fake.base_url, "fake-embed", dim=16, batch_size=2, max_concurrency=1)
    fake.script(Reply(200), Reply(400, body={"error": {"message": "input too long"}}))
    with pytest.raises(LLMError, match="input too long"):
        emb.embed([f"t{i}" for i in range(10)])  # 5 batches, one at a time
    assert len(fake.requests) == 2  # the ok batch and the failing one; none of the 3 queued after it was sent


def test_a_prompt_over_the_servers_context_window_says_what_to_change(fake):
    # the message llama-cpp-python's server sends (seen against a real server with --n_ctx 512)
    msg = ("This model's maximum context length is 512 tokens. However, you requested 743 tokens (727 in the "
           "messages, 16 in the completion). Please reduce the length of the messages or completion.")
    fake.script(Reply(400, body={"error": {"message": msg, "type": "invalid_request_error"}}))
    with pytest.raises(LLMError, match=r"does not fit.*context window.*--n_ctx.*HOPLENS_CONTEXT_BUDGET") as info:
        generator(fake).generate(PROMPT)
    assert "743 tokens" in str(info.value) and len(fake.requests) == 1  # not retried


# ---- embeddings at scale: batches in parallel, 429s retried one request at a time ----------------------------------


def inputs_answered(fake: FakeOpenAI) -> list[tuple[str, ...]]:
    return [tuple(r.body["input"]) for r in fake.requests if r.path == "/v1/embeddings" and r.status == 200]


def test_parallel_batches_keep_order_and_the_concurrency_limit(fake, monkeypatch):
    monkeypatch.setenv("HOPLENS_OPENAI_BASE_URL", fake.base_url)
    monkeypatch.setenv("HOPLENS_OPENAI_EMBED_MODEL", "fake-embed")
    monkeypatch.setenv("HOPLENS_EMBED_BATCH", "3")
    monkeypatch.setenv("HOPLENS_EMBED_CONCURRENCY", "3")
    emb = make_embedder(Settings(), name="openai")
    texts = [f"ticket note {i}" for i in range(30)]
    fake.script(*[Reply(200, delay_s=0.1)] * 10)  # slow replies, so batches overlap

    vectors = emb.embed(texts)

    for i, t in enumerate(texts):
        np.testing.assert_allclose(vectors[i], unit(fake_vector(t, 16)), rtol=1e-5, atol=1e-6)
    assert 2 <= fake.max_in_flight <= 3  # batches ran at the same time, never more than the limit
    batches = inputs_answered(fake)[1:]  # after the dimension probe
    assert sorted(batches) == sorted(tuple(texts[i : i + 3]) for i in range(0, 30, 3))


def test_a_429_retries_only_its_own_request_after_retry_after(fake):
    sleeps = Sleeps()
    emb = OpenAICompatEmbedder(
        fake.base_url, "fake-embed", dim=16, batch_size=2, max_concurrency=2,
        retry=RetryPolicy(max_retries=3, sleep=sleeps),
    )
    fake.rate_limit(every=3, retry_after="0.5")  # every 3rd request answers 429 (its retry gets through)
    texts = [f"outage report {i}" for i in range(20)]

    vectors = emb.embed(texts)

    for i, t in enumerate(texts):
        np.testing.assert_allclose(vectors[i], unit(fake_vector(t, 16)), rtol=1e-5, atol=1e-6)
    limited = [r for r in fake.requests if r.status == 429]
    assert len(limited) >= 2 and len(fake.requests) == 10 + len(limited)  # 10 batches, the refused ones sent again
    assert sleeps == [0.5] * len(limited)  # each retry waited what the server asked
    answered = inputs_answered(fake)
    assert sorted(answered) == sorted(tuple(texts[i : i + 2]) for i in range(0, 20, 2))  # each batch answered once
    assert fake.embedded.count(texts[0]) == 1
    for r in limited:  # the request that got a 429 was sent again, not the batches around it
        assert tuple(r.body["input"]) in answered


def test_retries_exhausted_say_how_many_texts_were_embedded(fake):
    emb = OpenAICompatEmbedder(
        fake.base_url, "fake-embed", dim=16, batch_size=2, max_concurrency=1,
        retry=RetryPolicy(max_retries=2, sleep=Sleeps()),
    )
    fake.script(Reply(200), Reply(200), *[Reply(503, headers={"retry-after": "1"})] * 3)
    with pytest.raises(LLMError, match=r"4 of 10 texts embedded before a request failed for good: .*HTTP 503.*"
                                       r"gave up after 3 attempts"):
        emb.embed([f"t{i}" for i in range(10)])
    assert len(fake.requests) == 5  # two batches answered, one tried 3 times; the two after it never sent


def test_batches_stay_within_openais_request_limits(fake):
    emb = OpenAICompatEmbedder(fake.base_url, "fake-embed", dim=16, batch_size=5000)
    assert emb.batch_size == 2048  # inputs per request
    emb.embed([f"n{i}" for i in range(2100)])
    assert sorted(len(r.body["input"]) for r in fake.requests) == [52, 2048]
    long_text = "supplier outage escalation " * 3000  # ~9k tokens: 40 of them exceed 300,000 tokens
    fake.requests.clear()
    emb.embed([long_text] * 40)
    sizes = [len(r.body["input"]) for r in fake.requests]
    assert sum(sizes) == 40 and len(sizes) >= 2
    assert max(sizes) * count_tokens(long_text) <= 300_000
