"""Loopback fake of an OpenAI-compatible server (Ollama / vLLM / LM Studio), plus the scripted HTTP server that the
Gemini fake reuses. Started by tests on 127.0.0.1 with a random port in a daemon thread; records every request.

Scripted responses (``fake.script(Reply(503), Reply(429))``) are served to the next requests in order, before the
normal behaviour resumes: that is how tests produce rate limits, outages, slow replies and malformed bodies.
For runs at scale, ``rate_limit(every, retry_after)`` answers every n-th embedding request with 429 + Retry-After (a
request body is refused at most once, so a retried request gets through whatever the interleaving), and
``hold_after(n)`` stalls the embedding requests after the n-th until ``release()`` (a test kills its client meanwhile);
``embedded`` lists every text the fake answered with a vector.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: Any  # parsed JSON, or the raw text when it was not JSON
    at: float = 0.0  # time.monotonic() when the request arrived
    status: int = 0  # what the fake answered (0 while in flight; 599 for a held request dropped on release)


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict/list → JSON; str → sent as is; None → the fake's error body (or normal answer for 200)
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


class FakeHTTPServer:
    """Base class: subclasses implement ``handle(method, path, headers, body) -> (status, body, headers)``."""

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self._script: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self.in_flight = 0
        self.max_in_flight = 0  # most requests served at the same time (concurrency-limit tests)
        self.limited_seen = 0  # requests ``limited()`` accepted (embedding requests), counted on arrival
        self.held = 0  # requests stalled by hold_after() right now
        self._every = 0
        self._refused: set[str] = set()  # bodies rate_limit() answered 429 once already
        self._retry_after: str | None = None
        self._hold_after: int | None = None
        self._release = threading.Event()

    # ---- lifecycle
    def start(self) -> FakeHTTPServer:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # else keep-alive replies wait ~40 ms for a delayed ACK

            def do_POST(self) -> None:  # noqa: N802 (http.server naming)
                fake._serve(self)

            do_GET = do_POST  # noqa: N815

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that timed out closes the socket under a slow reply: expected here

        self._server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server:
            self._server.shutdown()
            self._server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        return f"http://127.0.0.1:{self._server.server_port}"

    # ---- scripting
    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    def paths(self) -> list[str]:
        return [r.path for r in self.requests]

    def rate_limit(self, every: int, retry_after: str | None = "1") -> None:
        """Answer every ``every``-th limited request (counted from the first) with 429 and this Retry-After, unless
        the same body was refused before (its retry is served)."""
        with self._lock:
            self._every, self._retry_after = every, retry_after

    def hold_after(self, n: int | None) -> None:
        """Limited requests after the first ``n`` hang until ``release()``, then are dropped unanswered (599);
        ``None`` stops holding."""
        with self._lock:
            self._hold_after = n
            self._release.clear()

    def release(self) -> None:
        self._release.set()

    def limited(self, path: str) -> bool:
        """Which requests rate_limit() and hold_after() apply to (subclasses: the embedding endpoints)."""
        return True

    # ---- serving
    def handle(self, method: str, path: str, headers: dict[str, str], body: Any) -> tuple[int, Any, dict[str, str]]:
        raise NotImplementedError

    def error_body(self, status: int) -> Any:
        return {"error": {"message": f"scripted failure {status}", "code": status}}

    def _serve(self, h: BaseHTTPRequestHandler) -> None:
        length = int(h.headers.get("content-length") or 0)
        raw = h.rfile.read(length).decode() if length else ""
        try:
            body: Any = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            body = raw
        headers = {k.lower(): v for k, v in h.headers.items()}
        rec = Recorded(h.command, h.path, headers, body, at=time.monotonic())
        hold = False
        with self._lock:
            self.requests.append(rec)
            scripted = self._script.popleft() if self._script else None
            if scripted is None and self.limited(h.path):
                self.limited_seen += 1
                if self._hold_after is not None and self.limited_seen > self._hold_after:
                    hold = True
                    self.held += 1
                elif self._every and self.limited_seen % self._every == 0 and (key := _key(body)) not in self._refused:
                    self._refused.add(key)
                    extra = {"retry-after": self._retry_after} if self._retry_after is not None else {}
                    scripted = Reply(429, headers=extra)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        answer = None
        try:
            if hold:
                while not self._release.wait(0.02) and not self._stopping.is_set():
                    pass
                rec.status = 599  # dropped: the client was killed meanwhile (or gets a closed connection)
            else:
                answer = self._answer(h, headers, body, scripted, rec)
        finally:
            with self._lock:  # out of flight before the reply goes out: a client holding its reply sees no overlap
                self.in_flight -= 1
                self.held -= hold
        if answer is not None:
            self._send(h, *answer)

    def _answer(
        self, h: BaseHTTPRequestHandler, headers: dict[str, str], body: Any, scripted: Reply | None, rec: Recorded
    ) -> tuple[int, bytes, dict[str, str]]:
        if scripted and scripted.delay_s:
            self._stopping.wait(scripted.delay_s)
        if scripted and scripted.body is not None:
            status, out, extra = scripted.status, scripted.body, scripted.headers
        elif scripted and scripted.status != 200:
            status, out, extra = scripted.status, self.error_body(scripted.status), scripted.headers
        else:  # normal behaviour (a scripted 200 without body only adds its delay and headers)
            status, out, extra = self.handle(h.command, h.path, headers, body)
            if scripted:
                extra = {**extra, **scripted.headers}
        rec.status = status
        return status, out.encode() if isinstance(out, str) else json.dumps(out).encode(), extra

    def _send(self, h: BaseHTTPRequestHandler, status: int, payload: bytes, extra: dict[str, str]) -> None:
        try:
            h.send_response(status)
            h.send_header("content-type", "application/json")
            h.send_header("content-length", str(len(payload)))
            for k, v in extra.items():
                h.send_header(k, v)
            h.end_headers()
            h.wfile.write(payload)
        except OSError:
            pass  # the client gave up (timeout test)


def _key(body: Any) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def fake_vector(text: str, dim: int, scale: float = 3.0) -> list[float]:
    """Deterministic, deliberately not unit-length vector for ``text``."""
    digest = hashlib.sha256(text.encode()).digest()
    while len(digest) < dim:
        digest += hashlib.sha256(digest).digest()
    return [scale * ((b / 255.0) - 0.5) for b in digest[:dim]]


def word_count(text: str) -> int:
    return len(text.split())


def echo_reply(messages: list[dict[str, Any]]) -> str:
    """Default answer: names the question so tests can tell replies apart."""
    user = next((m["content"] for m in reversed(messages) if m.get("role") == "user"), "")
    question = next((ln for ln in reversed(user.splitlines()) if ln.startswith("Question:")), user[:60])
    return f"fake answer for [{question.removeprefix('Question:').strip()}]"


class FakeOpenAI(FakeHTTPServer):
    """``POST /v1/chat/completions`` and ``/v1/embeddings`` like Ollama's OpenAI-compatible endpoint.

    Usage numbers are word counts plus offsets, so a test can tell server-reported usage from local counting.
    """

    PROMPT_OFFSET = 1000
    COMPLETION_OFFSET = 500

    def __init__(
        self,
        api_key: str | None = None,
        models: tuple[str, ...] = ("fake-chat", "fake-embed"),
        include_usage: bool = True,
        reply: Callable[[list[dict[str, Any]]], str] = echo_reply,
        embed_dim: int = 16,
    ):
        super().__init__()
        self.api_key = api_key
        self.models = set(models)
        self.include_usage = include_usage
        self.reply = reply
        self.embed_dim = embed_dim
        self.embedded: list[str] = []  # every text answered with a vector, in the order served

    @property
    def base_url(self) -> str:
        return f"{self.url}/v1"

    def limited(self, path: str) -> bool:
        return path == "/v1/embeddings"

    def handle(self, method: str, path: str, headers: dict[str, str], body: Any) -> tuple[int, Any, dict[str, str]]:
        if self.api_key is not None and headers.get("authorization") != f"Bearer {self.api_key}":
            return (
                401,
                {
                    "error": {
                        "message": "Incorrect API key provided.",
                        "type": "invalid_request_error",
                        "code": "invalid_api_key",
                    }
                },
                {},
            )
        if not isinstance(body, dict):
            return 400, {"error": {"message": "request body must be JSON"}}, {}
        model = body.get("model")
        if path == "/v1/chat/completions":
            if model not in self.models:
                return (
                    404,
                    {"error": {"message": f'model "{model}" not found, try pulling it first', "type": "api_error"}},
                    {},
                )
            messages = body.get("messages") or []
            text = self.reply(messages)
            out: dict[str, Any] = {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            }
            if self.include_usage:
                prompt = self.PROMPT_OFFSET + sum(word_count(m.get("content") or "") for m in messages)
                completion = self.COMPLETION_OFFSET + word_count(text)
                out["usage"] = {
                    "prompt_tokens": prompt,
                    "completion_tokens": completion,
                    "total_tokens": prompt + completion,
                }
            return 200, out, {}
        if path == "/v1/embeddings":
            if model not in self.models:
                return 404, {"error": {"message": f'model "{model}" not found, try pulling it first'}}, {}
            inputs = body.get("input")
            inputs = [inputs] if isinstance(inputs, str) else list(inputs or [])
            data = [
                {"object": "embedding", "index": i, "embedding": fake_vector(t, self.embed_dim)}
                for i, t in enumerate(inputs)
            ]
            data.reverse()  # servers may return any order: clients must sort by index
            with self._lock:
                self.embedded.extend(inputs)
            return 200, {"object": "list", "data": data, "model": model}, {}
        return 404, {"error": {"message": f"404 page not found: {path}"}}, {}
