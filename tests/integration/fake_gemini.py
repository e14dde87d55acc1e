"""Loopback fake of the Gemini REST API as google-genai calls it through ``HttpOptions(base_url=...)``.

Endpoints (recorded from google-genai 3.6 against this fake): ``POST /{version}/models/{model}:generateContent``,
``:batchEmbedContents`` (``embed_content`` with a list), ``:embedContent`` and ``:countTokens``; the key travels in
the ``x-goog-api-key`` header. Errors mimic the real service: a wrong key is HTTP 400 INVALID_ARGUMENT with reason
API_KEY_INVALID, an unknown model is 404 NOT_FOUND.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fake_openai import FakeHTTPServer, Reply, fake_vector, word_count

__all__ = ["FakeGemini", "Reply", "generation_config", "thinking_budget"]

_PATH = re.compile(r"^/(?P<version>v1|v1beta|v1alpha)/models/(?P<model>[^:/]+):(?P<method>\w+)$")


def _texts(content: dict[str, Any] | None) -> str:
    return " ".join(p.get("text", "") for p in (content or {}).get("parts", []) if isinstance(p, dict))


def echo_answer(system: str, user: str) -> str:
    question = next((ln for ln in reversed(user.splitlines()) if ln.startswith("Question:")), user[:60])
    return f"fake gemini answer for [{question.removeprefix('Question:').strip()}]"


class FakeGemini(FakeHTTPServer):
    """Usage numbers are word counts plus offsets so tests can tell them from local counting."""

    PROMPT_OFFSET = 2000
    CANDIDATES_OFFSET = 300

    def __init__(
        self,
        api_key: str = "test-gemini-key",
        models: tuple[str, ...] = ("gemini-2.5-flash", "gemini-embedding-001"),
        include_usage: bool = True,
        thoughts_tokens: int = 0,
        answer: Callable[[str, str], str] = echo_answer,
        default_embed_dim: int = 3072,
    ):
        super().__init__()
        self.api_key = api_key
        self.models = set(models)
        self.include_usage = include_usage
        self.thoughts_tokens = thoughts_tokens
        self.answer = answer
        self.default_embed_dim = default_embed_dim
        self.embedded: list[str] = []  # every text answered with a vector, in the order served
        self.retry_delay: str | None = None  # e.g. "0.5s": 429 bodies then carry google.rpc.RetryInfo, as Gemini's do

    def limited(self, path: str) -> bool:
        return path.endswith((":batchEmbedContents", ":embedContent"))

    def calls(self, method: str) -> list[Any]:
        """Recorded requests to ``:method`` (e.g. "generateContent")."""
        return [r for r in self.requests if r.path.endswith(f":{method}")]

    def error_body(self, status: int) -> Any:
        names = {429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}
        error: dict[str, Any] = {"code": status, "message": f"scripted failure {status}", "status": names.get(status, "")}
        if status == 429 and self.retry_delay is not None:
            error["details"] = [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": self.retry_delay}]
        return {"error": error}

    def handle(self, method: str, path: str, headers: dict[str, str], body: Any) -> tuple[int, Any, dict[str, str]]:
        if headers.get("x-goog-api-key") != self.api_key:
            return (
                400,
                {
                    "error": {
                        "code": 400,
                        "message": "API key not valid. Please pass a valid API key.",
                        "status": "INVALID_ARGUMENT",
                        "details": [
                            {
                                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                "reason": "API_KEY_INVALID",
                                "domain": "googleapis.com",
                            }
                        ],
                    }
                },
                {},
            )
        m = _PATH.match(path)
        if not m or not isinstance(body, dict):
            return 404, {"error": {"code": 404, "message": f"unknown path {path}", "status": "NOT_FOUND"}}, {}
        model, call = m.group("model"), m.group("method")
        if model not in self.models:
            return (
                404,
                {
                    "error": {
                        "code": 404,
                        "status": "NOT_FOUND",
                        "message": f"models/{model} is not found for API version {m.group('version')}, or is not supported "
                        "for generateContent.",
                    }
                },
                {},
            )
        if call == "generateContent":
            return 200, self._generate(model, body), {}
        if call == "batchEmbedContents":
            return 200, {"embeddings": [self._embedding(r) for r in body.get("requests", [])]}, {}
        if call == "embedContent":
            return 200, {"embedding": self._embedding(body)}, {}
        if call == "countTokens":
            return 200, {"totalTokens": sum(word_count(_texts(c)) for c in body.get("contents", []))}, {}
        return 404, {"error": {"code": 404, "message": f"unknown method {call}", "status": "NOT_FOUND"}}, {}

    def _generate(self, model: str, body: dict[str, Any]) -> dict[str, Any]:
        system = _texts(body.get("systemInstruction"))
        user = " ".join(_texts(c) for c in body.get("contents", []))
        text = self.answer(system, user)
        out: dict[str, Any] = {
            "candidates": [
                {"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP", "index": 0}
            ],
            "modelVersion": f"{model}-fake-001",
        }
        if self.include_usage:
            prompt = self.PROMPT_OFFSET + word_count(system) + word_count(user)
            candidates = self.CANDIDATES_OFFSET + word_count(text)
            usage = {
                "promptTokenCount": prompt,
                "candidatesTokenCount": candidates,
                "totalTokenCount": prompt + candidates + self.thoughts_tokens,
            }
            if self.thoughts_tokens:
                usage["thoughtsTokenCount"] = self.thoughts_tokens
            out["usageMetadata"] = usage
        return out

    def _embedding(self, request: dict[str, Any]) -> dict[str, Any]:
        dim = int(request.get("outputDimensionality") or self.default_embed_dim)
        text = _texts(request.get("content"))
        with self._lock:
            self.embedded.append(text)
        return {"values": fake_vector(text, dim)}


def generation_config(recorded_body: dict[str, Any]) -> dict[str, Any]:
    return recorded_body.get("generationConfig") or {}


def thinking_budget(recorded_body: dict[str, Any]) -> Any:
    """The thinking budget as sent (the SDK has used both camelCase and snake_case for it)."""
    cfg = generation_config(recorded_body).get("thinkingConfig") or {}
    return cfg.get("thinkingBudget", cfg.get("thinking_budget"))
