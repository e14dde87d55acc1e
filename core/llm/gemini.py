"""Gemini via the google-genai SDK: generation (``GeminiGenerator``) and embeddings (``GeminiEmbedder``).

HopLens owns retries (the SDK's own retry is left off) so that 429/5xx/timeouts back off the same way for every
provider and a rejected key fails at once. The key is only ever handed to the SDK: it is redacted from every error
message and never part of a repr.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from pydantic import SecretStr

from core.llm.base import LLMError
from core.llm.retry import (
    ConcurrencyLimit,
    RetryableError,
    RetryPolicy,
    call_with_retries,
    embed_in_batches,
    parse_duration,
    parse_retry_after,
    redact,
    unit_rows,
)
from core.llm.tokens import count_tokens as local_count_tokens
from core.records import Generation, Prompt, Usage

if TYPE_CHECKING:
    from core.config import Settings

T = TypeVar("T")

RETRY_STATUS = {408, 429, 500, 502, 503, 504}
# batchEmbedContents refuses more than 100 requests ("at most 100 requests can be in one batch"); each text may have
# up to 2,048 tokens (gemini-embedding-001's input limit), far above a HopLens chunk.
EMBED_BATCH = 100
KEY_HELP = "set GEMINI_API_KEY (or GOOGLE_API_KEY); get a key at https://aistudio.google.com/apikey"


def _transport_errors() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...]]:
    """(timeouts, connection failures) of httpx and httpx2 (the SDK uses httpx2 when it is installed)."""
    timeouts: list[type[BaseException]] = []
    network: list[type[BaseException]] = []
    for name in ("httpx", "httpx2"):
        try:
            mod = __import__(name)
        except ImportError:
            continue
        timeouts.append(mod.TimeoutException)
        network += [mod.NetworkError, mod.RemoteProtocolError]
    return tuple(timeouts), tuple(network)


class _GeminiConnection:
    """One google-genai client plus the retry policy and concurrency limit its calls share."""

    def __init__(
        self,
        api_key: str | None,
        *,
        base_url: str | None,
        timeout_s: float,
        policy: RetryPolicy,
        max_concurrency: int,
    ):
        if not api_key:
            raise LLMError(f"Gemini needs an API key: {KEY_HELP}; or use HOPLENS_GENERATOR=offline")
        try:
            from google import genai
            from google.genai import types
        except ImportError:  # optional dependency
            raise LLMError("the Gemini provider needs google-genai: pip install 'hoplens[gemini]'") from None
        if timeout_s <= 0:
            raise ValueError(f"request_timeout_s must be > 0, got {timeout_s}")
        self._key = SecretStr(api_key)  # hidden from repr/vars dumps; only the SDK sees the value
        self.base_url = base_url or "https://generativelanguage.googleapis.com"
        self.timeout_s = timeout_s
        self.policy = policy
        self.limit = ConcurrencyLimit(max_concurrency)
        self.types = types
        # retry_options=None: the SDK makes exactly one attempt; call_with_retries decides what to retry.
        options = types.HttpOptions(base_url=base_url, timeout=max(1, int(timeout_s * 1000)), retry_options=None)
        self.client = genai.Client(api_key=api_key, http_options=options)
        self._timeouts, self._network = _transport_errors()

    def __repr__(self) -> str:
        return f"_GeminiConnection(base_url={self.base_url!r})"

    def _redact(self, text: str) -> str:
        return redact(text, self._key.get_secret_value())

    def call(self, fn: Callable[[], T], what: str, model: str, model_setting: str) -> T:
        def attempt() -> T:
            try:
                return fn()
            except Exception as exc:
                raise self._translate(exc, model, model_setting) from None

        try:
            return call_with_retries(attempt, self.policy, self.limit, f"Gemini {what} ({model})")
        except LLMError as exc:
            raise LLMError(self._redact(str(exc))) from None

    def _translate(self, exc: Exception, model: str, model_setting: str) -> Exception:
        from google.genai import errors

        if isinstance(exc, errors.APIError):
            code = int(exc.code or 0)
            detail = self._redact(" ".join(str(exc.message or exc.status or "").split())[:300])
            if code in RETRY_STATUS:
                headers = getattr(getattr(exc, "response", None), "headers", None) or {}
                wait = parse_retry_after(headers.get("retry-after"))
                return RetryableError(f"HTTP {code}: {detail}", wait if wait is not None else _retry_delay(exc.details))
            if code in (401, 403) or (code == 400 and _is_key_error(exc)):
                return LLMError(f"Gemini rejected the API key (HTTP {code}: {detail}); {KEY_HELP}")
            if code == 404:
                return LLMError(f"Gemini model {model!r} was not found (HTTP 404: {detail}); check {model_setting}")
            return LLMError(f"Gemini rejected the request for {model!r} (HTTP {code}: {detail})")
        if isinstance(exc, self._timeouts):
            return RetryableError(
                f"no reply within {self.timeout_s:g} s (raise HOPLENS_REQUEST_TIMEOUT_S if the model is slow)"
            )
        if isinstance(exc, self._network):
            return RetryableError(f"cannot reach {self.base_url} ({type(exc).__name__})")
        if isinstance(exc, LLMError | RetryableError):
            return exc
        return LLMError(self._redact(f"Gemini call failed: {type(exc).__name__}: {exc}"))


def _retry_delay(body: Any) -> float | None:
    """The wait a Gemini 429 asks for: ``error.details[]`` entry ``google.rpc.RetryInfo`` with ``retryDelay`` "58s"."""
    error = body.get("error") if isinstance(body, dict) else None
    details = error.get("details") if isinstance(error, dict) else None
    for item in details if isinstance(details, list) else []:
        if isinstance(item, dict) and str(item.get("@type", "")).endswith("google.rpc.RetryInfo"):
            return parse_duration(item.get("retryDelay"))
    return None


def _is_key_error(exc: Any) -> bool:
    text = f"{exc.message} {exc.details}".lower()
    return "api key" in text or "api_key_invalid" in text


def _policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(max_retries=settings.max_retries)


class GeminiGenerator:
    """``Generator`` on Gemini (default gemini-2.5-flash); usage comes from the response's usage_metadata."""

    def __init__(
        self,
        api_key: str | None,
        model: str = "gemini-2.5-flash",
        *,
        base_url: str | None = None,
        temperature: float = 0.0,
        max_output_tokens: int = 512,
        thinking_budget: int | None = 0,
        timeout_s: float = 60.0,
        max_concurrency: int = 4,
        retry: RetryPolicy | None = None,
    ):
        self.model = model
        self.name = f"gemini:{model}"
        self.temperature = temperature
        self.max_output_tokens = max_output_tokens
        # 0 turns thinking off (thoughts would eat max_output_tokens); a negative value leaves the model's default
        self.thinking_budget = thinking_budget
        self._conn = _GeminiConnection(
            api_key,
            base_url=base_url,
            timeout_s=timeout_s,
            policy=retry or RetryPolicy(),
            max_concurrency=max_concurrency,
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> GeminiGenerator:
        key = settings.gemini_api_key.get_secret_value() if settings.gemini_api_key else None
        return cls(
            key,
            settings.gemini_model,
            base_url=settings.gemini_base_url,
            temperature=settings.temperature,
            max_output_tokens=settings.max_output_tokens,
            thinking_budget=settings.thinking_budget,
            timeout_s=settings.request_timeout_s,
            max_concurrency=settings.max_concurrency,
            retry=_policy(settings),
        )

    def __repr__(self) -> str:
        return f"GeminiGenerator(model={self.model!r}, base_url={self._conn.base_url!r})"

    def generate(self, prompt: Prompt) -> Generation:
        return self._generate(prompt.system, prompt.user_message())

    def complete_json(self, system: str, user: str) -> Generation:
        return self._generate(system, user)

    def count_tokens(self, text: str) -> int:
        """Local cl100k count: context budgets call this per item, so it must not cost a request.
        Exact Gemini counts come from usage_metadata, or ``count_tokens_exact``."""
        return local_count_tokens(text)

    def count_tokens_exact(self, *texts: str) -> int:
        """Gemini's own token count of ``texts`` (the countTokens endpoint: one request)."""
        contents = [t for t in texts if t]
        if not contents:
            return 0
        resp = self._conn.call(
            lambda: self._conn.client.models.count_tokens(model=self.model, contents=contents),
            "countTokens",
            self.model,
            "HOPLENS_GEMINI_MODEL",
        )
        return int(resp.total_tokens or 0)

    def _generate(self, system: str, user: str) -> Generation:
        types = self._conn.types
        config = types.GenerateContentConfig(
            system_instruction=system or None,
            temperature=self.temperature,
            max_output_tokens=self.max_output_tokens,
            thinking_config=(
                types.ThinkingConfig(thinking_budget=self.thinking_budget)
                if self.thinking_budget is not None and self.thinking_budget >= 0
                else None
            ),
        )
        resp = self._conn.call(
            lambda: self._conn.client.models.generate_content(model=self.model, contents=user, config=config),
            "generateContent",
            self.model,
            "HOPLENS_GEMINI_MODEL",
        )
        text = _response_text(resp)
        return Generation(
            text=text, usage=self._usage(resp, system, user, text), model=resp.model_version or self.model
        )

    def _usage(self, resp: Any, system: str, user: str, text: str) -> Usage:
        meta = resp.usage_metadata
        if meta is not None and meta.prompt_token_count is not None:
            completion = (meta.candidates_token_count or 0) + (meta.thoughts_token_count or 0)
            return Usage(prompt_tokens=meta.prompt_token_count, completion_tokens=completion, calls=1)
        # No usage in the reply: ask Gemini's tokenizer (countTokens); count locally if that fails too.
        try:
            prompt_tokens = self.count_tokens_exact(system, user)
            completion = self.count_tokens_exact(text)
        except LLMError:
            prompt_tokens = local_count_tokens(system) + local_count_tokens(user)
            completion = local_count_tokens(text)
        return Usage(prompt_tokens=prompt_tokens, completion_tokens=completion, calls=1, counted_locally=True)


def _response_text(resp: Any) -> str:
    """Answer text without thought parts; a blocked prompt is an error the user should see."""
    candidates = resp.candidates or []
    if not candidates:
        feedback = getattr(resp, "prompt_feedback", None)
        reason = getattr(feedback, "block_reason", None)
        if reason:
            raise LLMError(f"Gemini blocked the prompt ({reason})")
        return ""
    content = candidates[0].content
    parts = (content.parts if content else None) or []
    return "".join(p.text for p in parts if p.text and not p.thought).strip()


class GeminiEmbedder:
    """``Embedder`` on gemini-embedding-001 with ``output_dimensionality`` (768 by default), rows L2-normalised
    here because Gemini only normalises its full-size vectors. Documents and queries use the retrieval task types.

    ``embed`` sends batches of up to 100 texts (one ``batchEmbedContents`` request each), ``max_concurrency`` at a
    time, each retried on its own (429/5xx, honouring Retry-After); rows come back in input order."""

    def __init__(
        self,
        api_key: str | None,
        model: str = "gemini-embedding-001",
        dim: int = 768,
        *,
        base_url: str | None = None,
        timeout_s: float = 60.0,
        max_concurrency: int = 4,
        retry: RetryPolicy | None = None,
        batch_size: int = EMBED_BATCH,
    ):
        if dim < 1:
            raise ValueError(f"gemini_embed_dims must be >= 1, got {dim}")
        self.model = model
        self.dim = dim
        self.name = f"gemini:{model}@{dim}"
        self.batch_size = max(1, min(batch_size, EMBED_BATCH))
        self._conn = _GeminiConnection(
            api_key,
            base_url=base_url,
            timeout_s=timeout_s,
            policy=retry or RetryPolicy(),
            max_concurrency=max_concurrency,
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> GeminiEmbedder:
        key = settings.gemini_api_key.get_secret_value() if settings.gemini_api_key else None
        return cls(
            key,
            settings.gemini_embed_model,
            settings.gemini_embed_dims,
            base_url=settings.gemini_base_url,
            timeout_s=settings.request_timeout_s,
            max_concurrency=settings.embed_concurrency,
            retry=_policy(settings),
        )

    def __repr__(self) -> str:
        return f"GeminiEmbedder(model={self.model!r}, dim={self.dim}, base_url={self._conn.base_url!r})"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        return embed_in_batches(
            lambda batch: self._embed_batch(batch, "RETRIEVAL_DOCUMENT"),
            list(texts),
            self.batch_size,
            self._conn.limit.limit,
            f"embedding with {self.model}",
        )

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed_batch([text], "RETRIEVAL_QUERY")[0]

    def _embed_batch(self, texts: list[str], task_type: str) -> np.ndarray:
        config = self._conn.types.EmbedContentConfig(output_dimensionality=self.dim, task_type=task_type)
        contents = [t if t.strip() else " " for t in texts]  # the API rejects empty content
        resp = self._conn.call(
            lambda: self._conn.client.models.embed_content(model=self.model, contents=contents, config=config),
            "embedContent",
            self.model,
            "HOPLENS_GEMINI_EMBED_MODEL",
        )
        embeddings = resp.embeddings or []
        if len(embeddings) != len(texts):
            raise LLMError(f"Gemini returned {len(embeddings)} embeddings for {len(texts)} texts")
        return unit_rows(np.array([e.values or [] for e in embeddings], dtype=np.float32), self.dim, "Gemini")
