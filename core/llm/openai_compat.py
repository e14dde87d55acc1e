"""OpenAI-compatible HTTP providers (Ollama, vLLM, LM Studio, OpenAI itself) with plain httpx.

``POST {base}/chat/completions`` for generation and ``POST {base}/embeddings`` for vectors. The Authorization header
is sent only when a key is configured, and the key is redacted from every error. Servers that report no usage get
their tokens counted locally (cl100k) and the Usage says so (``counted_locally``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import httpx
import numpy as np
from pydantic import SecretStr

from core.llm.base import LLMError
from core.llm.retry import (
    ConcurrencyLimit,
    RetryableError,
    RetryPolicy,
    call_with_retries,
    embed_in_batches,
    parse_retry_after,
    redact,
    unit_rows,
)
from core.llm.tokens import count_tokens as local_count_tokens
from core.records import Generation, Prompt, Usage

if TYPE_CHECKING:
    from core.config import Settings

T = TypeVar("T")

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
# OpenAI's embeddings endpoint takes at most 2048 inputs per request and 300,000 tokens summed across them (and 8192
# per input, which HopLens chunks never approach); other OpenAI-compatible servers accept these limits too.
EMBED_MAX_INPUTS = 2048
EMBED_MAX_REQUEST_TOKENS = 300_000
_CONTEXT_FULL = re.compile(r"context (length|window|size)|maximum context|too many tokens|exceeds? the context",
                           re.IGNORECASE)
_THINK = re.compile(r"^\s*<think>.*?</think>\s*", re.DOTALL)  # reasoning models (qwen3, deepseek-r1) via Ollama


class _OpenAIConnection:
    """One httpx client plus the retry policy and concurrency limit its calls share."""

    def __init__(
        self, base_url: str, api_key: str | None, *, timeout_s: float, policy: RetryPolicy, max_concurrency: int
    ):
        if not base_url or not base_url.startswith(("http://", "https://")):
            raise ValueError(
                f"HOPLENS_OPENAI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1, got {base_url!r}"
            )
        if timeout_s <= 0:
            raise ValueError(f"request_timeout_s must be > 0, got {timeout_s}")
        self.base_url = base_url.rstrip("/")
        self.timeout_s = timeout_s
        self.policy = policy
        self.limit = ConcurrencyLimit(max_concurrency)
        self._key = SecretStr(api_key) if api_key else None  # hidden from repr/vars dumps
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            timeout=timeout_s,
            headers=headers,
            limits=httpx.Limits(max_connections=max_concurrency, max_keepalive_connections=max_concurrency),
        )

    def __repr__(self) -> str:
        return f"_OpenAIConnection(base_url={self.base_url!r})"

    def _secret(self) -> str | None:
        return self._key.get_secret_value() if self._key else None

    def close(self) -> None:
        self._client.close()

    def post(self, path: str, payload: dict[str, Any], model: str, model_setting: str) -> dict[str, Any]:
        url = f"{self.base_url}/{path}"

        def attempt() -> dict[str, Any]:
            try:
                resp = self._client.post(url, json=payload)
            except httpx.TimeoutException:
                raise RetryableError(
                    f"no reply within {self.timeout_s:g} s (raise HOPLENS_REQUEST_TIMEOUT_S if the model is slow)"
                ) from None
            except (httpx.NetworkError, httpx.RemoteProtocolError) as exc:
                raise RetryableError(
                    f"cannot reach {self.base_url} ({type(exc).__name__}); is the server running "
                    "(Ollama: `ollama serve`) and HOPLENS_OPENAI_BASE_URL right?"
                ) from None
            if resp.status_code != 200:
                raise self._http_error(resp, model, model_setting, url)
            try:
                body = resp.json()
            except ValueError:
                raise LLMError(
                    f"{url} answered with a body that is not JSON; is HOPLENS_OPENAI_BASE_URL an OpenAI-compatible "
                    "endpoint (it usually ends in /v1)?"
                ) from None
            if not isinstance(body, dict):
                raise LLMError(f"{url} answered with unexpected JSON ({type(body).__name__}, expected an object)")
            return body

        try:
            return call_with_retries(attempt, self.policy, self.limit, f"{path} on {self.base_url} ({model})")
        except LLMError as exc:
            raise LLMError(redact(str(exc), self._secret())) from None

    def _http_error(self, resp: httpx.Response, model: str, model_setting: str, url: str) -> Exception:
        code = resp.status_code
        detail = redact(_error_message(resp), self._secret())
        if code in RETRY_STATUS:
            return RetryableError(f"HTTP {code}: {detail}", parse_retry_after(resp.headers.get("retry-after")))
        if code in (401, 403):
            hint = "check HOPLENS_OPENAI_API_KEY" if self._key else "the server wants a key: set HOPLENS_OPENAI_API_KEY"
            return LLMError(f"{self.base_url} rejected the request's credentials (HTTP {code}: {detail}); {hint}")
        if code == 404:
            return LLMError(
                f"{url} answered 404 for model {model!r} ({detail}); check {model_setting} (Ollama: "
                f"`ollama pull {model}`) and HOPLENS_OPENAI_BASE_URL (it usually ends in /v1)"
            )
        if code in (400, 413) and _CONTEXT_FULL.search(detail):
            # llama.cpp, vLLM and OpenAI all answer 400 when prompt + max_tokens exceed the model's window.
            return LLMError(
                f"the prompt does not fit model {model!r}'s context window (HTTP {code}: {detail}); start the server "
                "with a larger context (llama.cpp: --n_ctx, Ollama: num_ctx) or lower HOPLENS_CONTEXT_BUDGET / "
                "HOPLENS_MAX_OUTPUT_TOKENS"
            )
        return LLMError(f"{url} rejected the request for model {model!r} (HTTP {code}: {detail})")


def _error_message(resp: httpx.Response) -> str:
    """The server's own error text: OpenAI ``{"error": {"message"}}``, Ollama ``{"error": "..."}``, or vLLM."""
    try:
        body = resp.json()
    except ValueError:
        return " ".join(resp.text.split())[:300] or resp.reason_phrase
    msg: Any = body
    if isinstance(body, dict):
        err = body.get("error", body.get("detail", body.get("message", body)))
        msg = err.get("message", err) if isinstance(err, dict) else err
    return " ".join(str(msg).split())[:300]


def _policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(max_retries=settings.max_retries)


def _secret(value: Any) -> str | None:
    return value.get_secret_value() if value is not None else None


class OpenAICompatGenerator:
    """``Generator`` over ``/chat/completions``; the system prompt is the first message."""

    def __init__(
        self,
        base_url: str = "http://localhost:11434/v1",
        model: str = "llama3.1:8b",
        api_key: str | None = None,
        *,
        temperature: float = 0.0,
        max_output_tokens: int = 512,
        timeout_s: float = 60.0,
        max_concurrency: int = 4,
        retry: RetryPolicy | None = None,
    ):
        self.model = model
        self.name = f"openai:{model}"
        self.temperature = temperature
        self.max_output_tokens = max_output_tokens
        self._conn = _OpenAIConnection(
            base_url, api_key, timeout_s=timeout_s, policy=retry or RetryPolicy(), max_concurrency=max_concurrency
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAICompatGenerator:
        return cls(
            settings.openai_base_url,
            settings.openai_model,
            _secret(settings.openai_api_key),
            temperature=settings.temperature,
            max_output_tokens=settings.max_output_tokens,
            timeout_s=settings.request_timeout_s,
            max_concurrency=settings.max_concurrency,
            retry=_policy(settings),
        )

    def __repr__(self) -> str:
        return f"OpenAICompatGenerator(model={self.model!r}, base_url={self._conn.base_url!r})"

    def generate(self, prompt: Prompt) -> Generation:
        return self._chat(prompt.system, prompt.user_message())

    def complete_json(self, system: str, user: str) -> Generation:
        return self._chat(system, user)

    def count_tokens(self, text: str) -> int:
        """Local cl100k count (servers expose no standard tokenizer endpoint)."""
        return local_count_tokens(text)

    def _chat(self, system: str, user: str) -> Generation:
        messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": user}]
        payload = {
            "model": self.model,
            "messages": messages,
            "temperature": self.temperature,
            "max_tokens": self.max_output_tokens,
            "stream": False,
        }
        body = self._conn.post("chat/completions", payload, self.model, "HOPLENS_OPENAI_MODEL")
        text = _extract(lambda: _choice_text(body), self._conn.base_url)
        return Generation(text=text, usage=_usage(body, system, user, text), model=str(body.get("model") or self.model))


def _extract(fn: Callable[[], T], base_url: str) -> T:
    """Run ``fn`` over a parsed reply; missing OpenAI fields become an LLMError that names the server."""
    try:
        return fn()
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise LLMError(
            f"{base_url} answered without the OpenAI response fields ({type(exc).__name__}: {exc}); "
            "is it an OpenAI-compatible endpoint?"
        ) from None


def _choice_text(body: dict[str, Any]) -> str:
    content = body["choices"][0]["message"].get("content")
    if isinstance(content, list):  # some servers return content parts
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return _THINK.sub("", content or "").strip()


def _usage(body: dict[str, Any], system: str, user: str, text: str) -> Usage:
    usage = body.get("usage")
    if isinstance(usage, dict) and isinstance(usage.get("prompt_tokens"), int):
        completion = usage.get("completion_tokens")
        return Usage(
            prompt_tokens=usage["prompt_tokens"],
            completion_tokens=completion if isinstance(completion, int) else local_count_tokens(text),
            calls=1,
            counted_locally=not isinstance(completion, int),
        )
    return Usage(
        prompt_tokens=local_count_tokens(system) + local_count_tokens(user),
        completion_tokens=local_count_tokens(text),
        calls=1,
        counted_locally=True,
    )


class OpenAICompatEmbedder:
    """``Embedder`` over ``/embeddings`` (Ollama: nomic-embed-text). Unless ``dim`` is given, creating it sends one
    probe request to learn the vector size; rows are L2-normalised here since not every server normalises.

    ``embed`` sends batches of ``batch_size`` texts (at most 2048 and 300,000 tokens a request), ``max_concurrency``
    requests at a time, each retried on its own (429/5xx, honouring Retry-After); rows come back in input order."""

    def __init__(
        self,
        base_url: str = "http://localhost:11434/v1",
        model: str = "nomic-embed-text",
        api_key: str | None = None,
        *,
        dim: int | None = None,
        batch_size: int = 64,
        timeout_s: float = 60.0,
        max_concurrency: int = 4,
        retry: RetryPolicy | None = None,
    ):
        self.model = model
        self.name = f"openai:{model}"
        if dim is not None and dim < 1:
            raise ValueError(f"embedding dim must be >= 1, got {dim}")
        self._dim = dim  # checked against every reply; None until the probe below
        self.batch_size = max(1, min(batch_size, EMBED_MAX_INPUTS))
        self._conn = _OpenAIConnection(
            base_url, api_key, timeout_s=timeout_s, policy=retry or RetryPolicy(), max_concurrency=max_concurrency
        )
        # The size is needed up front (the store records it); servers have no standard way to tell it but an
        # embedding, so one probe request learns it when it is not given.
        self.dim: int = dim if dim is not None else int(self._embed_batch(["dimension probe"]).shape[1])

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAICompatEmbedder:
        return cls(
            settings.openai_base_url,
            settings.openai_embed_model,
            _secret(settings.openai_api_key),
            batch_size=settings.embed_batch,
            timeout_s=settings.request_timeout_s,
            max_concurrency=settings.embed_concurrency,
            retry=_policy(settings),
        )

    def __repr__(self) -> str:
        return f"OpenAICompatEmbedder(model={self.model!r}, base_url={self._conn.base_url!r})"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        return embed_in_batches(
            self._embed_batch,
            list(texts),
            self.batch_size,
            self._conn.limit.limit,
            f"embedding with {self.model}",
            max_tokens=EMBED_MAX_REQUEST_TOKENS,
        )

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed_batch([text])[0]

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        body = self._conn.post(
            "embeddings", {"model": self.model, "input": texts}, self.model, "HOPLENS_OPENAI_EMBED_MODEL"
        )

        def rows() -> list[list[float]]:
            data = sorted(body["data"], key=lambda d: d.get("index", 0))
            return [d["embedding"] for d in data]

        vectors = _extract(rows, self._conn.base_url)
        if len(vectors) != len(texts):
            raise LLMError(f"{self._conn.base_url} returned {len(vectors)} embeddings for {len(texts)} texts")
        try:
            arr = np.array(vectors, dtype=np.float32)
        except ValueError:
            raise LLMError(f"{self._conn.base_url} returned embeddings of different lengths") from None
        out = unit_rows(arr, self._dim, f"{self._conn.base_url} ({self.model})")
        if self._dim is None:
            self._dim = int(out.shape[1])
        return out
