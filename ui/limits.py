"""Per-visitor limits: questions per minute, a bounded answer cache, a timeout on each answer, upload checks.

All state here is process-wide and keyed by the browser session id (``ui.guard.session_id``), never kept in
``st.session_state`` where a visitor's own session could reset it. Nothing here imports streamlit.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from core.config import Settings
from core.records import Answer
from ui import guard

MAX_QUESTION_CHARS = 4000


class LimitReached(ValueError):
    """A visitor hit a per-visitor limit (the message says which and when to try again)."""


# ---- questions per minute ------------------------------------------------------------------------------------------


class RateLimiter:
    """At most ``n`` events per key in any 60 s window (thread-safe; at most ``max_keys`` keys remembered)."""

    def __init__(self, window_s: float = 60.0, max_keys: int = 10_000) -> None:
        self.window_s, self.max_keys = window_s, max_keys
        self._lock = threading.Lock()
        self._events: dict[str, deque[float]] = {}

    def take(self, key: str, n: int) -> float:
        """Record one event for ``key``; 0.0 when allowed, else the seconds until the next one is."""
        now = time.monotonic()
        with self._lock:
            q = self._events.setdefault(key, deque())
            while q and now - q[0] >= self.window_s:
                q.popleft()
            if len(q) >= n:
                return max(0.1, self.window_s - (now - q[0]))
            q.append(now)
            if len(self._events) > self.max_keys:
                for k in [k for k, v in self._events.items() if not v or now - v[-1] >= self.window_s]:
                    del self._events[k]
            return 0.0


_QUESTIONS = RateLimiter()


def take_question(s: Settings) -> None:
    """Count one question against this session's per-minute limit (demo mode; admins are not limited)."""
    if not s.demo or guard.is_admin(s):
        return
    sid = guard.session_id() or "direct-call"
    wait = _QUESTIONS.take(sid, max(1, s.demo_questions_per_minute))
    if wait:
        raise LimitReached(f"You have asked {s.demo_questions_per_minute} questions in the last minute, the limit "
                           f"for this demo; try again in {wait:.0f} s.")


# ---- the answer cache and the timeout ---------------------------------------------------------------------------


class AnswerCache:
    """A bounded LRU of answers (thread-safe). Answers are immutable records, so sharing them is safe."""

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max(0, max_entries)
        self._lock = threading.Lock()
        self._items: OrderedDict[str, Answer] = OrderedDict()

    def get(self, key: str) -> Answer | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
            return hit

    def put(self, key: str, answer: Answer) -> None:
        if not self.max_entries:
            return
        with self._lock:
            self._items[key] = answer
            self._items.move_to_end(key)
            while len(self._items) > self.max_entries:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


_CACHE: AnswerCache | None = None
_EXECUTOR: ThreadPoolExecutor | None = None
_SLOTS: threading.BoundedSemaphore | None = None
_INIT = threading.Lock()


def _shared(s: Settings) -> tuple[AnswerCache, ThreadPoolExecutor, threading.BoundedSemaphore]:
    global _CACHE, _EXECUTOR, _SLOTS
    with _INIT:
        if _CACHE is None or _CACHE.max_entries != s.answer_cache_entries:
            _CACHE = AnswerCache(s.answer_cache_entries)
        if _EXECUTOR is None:
            workers = max(1, s.answer_workers)
            _EXECUTOR = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="hoplens-answer")
            _SLOTS = threading.BoundedSemaphore(workers)
        return _CACHE, _EXECUTOR, _SLOTS  # type: ignore[return-value]


def answer_cache(s: Settings) -> AnswerCache:
    return _shared(s)[0]


def _cache_key(settings_key: str, pipeline: str, question: str) -> str:
    wanted = " ".join(question.split()).casefold()
    return hashlib.sha256(json.dumps([settings_key, pipeline, wanted]).encode()).hexdigest()


def check_question(question: str) -> str:
    text = question.strip()
    if not text:
        raise ValueError("Type a question first, e.g. “Which customers were impacted by OUTAGE-001?”")
    if len(text) > MAX_QUESTION_CHARS:
        raise ValueError(f"The question is too long ({len(text):,} characters; at most {MAX_QUESTION_CHARS:,}).")
    return text


def _bounded(s: Settings, fn: Any, what: str) -> Any:
    """``fn()`` in the shared answer pool, within ``answer_timeout_s`` (waiting for a free worker counts)."""
    _, pool, slots = _shared(s)
    timeout = max(0.1, float(s.answer_timeout_s))
    started = time.monotonic()
    if not slots.acquire(timeout=timeout):
        raise LimitReached("The server is busy answering other visitors' questions; try again in a moment.")
    try:
        future = pool.submit(fn)
    except BaseException:
        slots.release()
        raise
    future.add_done_callback(lambda _f: slots.release())
    try:
        return future.result(timeout=max(0.1, timeout - (time.monotonic() - started)))
    except FutureTimeout:
        raise LimitReached(f"{what} took longer than {timeout:.0f} s, the limit for one answer; try a "
                           "narrower question.") from None


def answer(s: Settings, pipeline: Any, name: str, question: str, settings_key: str = "") -> Answer:
    """``pipeline.answer(question)`` with the app's limits: the demo answer cache, and ``answer_timeout_s``.

    The answer runs in a small shared pool (``answer_workers``), so a slow question costs one worker, not the
    server. A question still running at the timeout is abandoned with a message (its worker finishes it in the
    background; the result is dropped). The caller counts the question first (``take_question``).
    """
    cache = _shared(s)[0]
    key = _cache_key(settings_key, name, question)
    if s.demo:
        hit = cache.get(key)
        if hit is not None:
            return hit
    result = _bounded(s, lambda: pipeline.answer(question), "This answer")
    if s.demo and not result.error:
        cache.put(key, result)
    return result


def evidence(s: Settings, pipeline: Any, answer: Answer) -> Any:
    """``pipeline.evidence(answer)`` (the path instances behind an exact answer, capped by the pipeline, or None)
    in the same pool and timeout as answers. A read of an answer already counted: it takes no question from the
    visitor's limit."""
    return _bounded(s, lambda: pipeline.evidence(answer), "Tracing the evidence")


# ---- uploads -------------------------------------------------------------------------------------------------------

ALLOWED_SUFFIXES = (".txt", ".md", ".jsonl")
# Leading bytes of common binary formats (checked before decoding, so a renamed PDF says what it is).
_MAGIC = {b"%PDF": "a PDF", b"PK\x03\x04": "a ZIP/Office file", b"\x89PNG": "a PNG image", b"GIF8": "a GIF image",
          b"\xff\xd8\xff": "a JPEG image", b"\x7fELF": "a program", b"MZ": "a Windows program",
          b"\x1f\x8b": "a gzip archive", b"BZh": "a bzip2 archive", b"7z\xbc\xaf": "a 7-zip archive",
          b"SQLite format 3": "a SQLite database", b"\xd0\xcf\x11\xe0": "an old Office file"}


def check_upload(name: str, data: bytes, max_mb: float) -> None:
    """Refuse an upload that is too large, or whose *content* is not UTF-8 text (or JSON lines for ``.jsonl``).

    The name's suffix says which reader will parse it; the bytes must agree (a PDF renamed ``notes.txt`` is
    refused), so the check never trusts the name alone.
    """
    shown = name.rsplit("/", 1)[-1]
    if len(data) > max_mb * 2**20:
        raise ValueError(f"{shown} is {len(data) / 2**20:.1f} MiB; uploads are limited to {max_mb:g} MiB per file.")
    suffix = "." + shown.rsplit(".", 1)[-1].lower() if "." in shown else ""
    if suffix not in ALLOWED_SUFFIXES:
        raise ValueError(f"{shown}: only {', '.join(ALLOWED_SUFFIXES)} files can be uploaded.")
    for magic, what in _MAGIC.items():
        if data.startswith(magic):
            raise ValueError(f"{shown} is {what}, not text; upload .txt, .md or .jsonl text files.")
    if b"\0" in data[:65536]:
        raise ValueError(f"{shown} holds binary data, not text.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{shown} is not UTF-8 text (byte {exc.start}).") from None
    if suffix == ".jsonl":
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError:
                raise ValueError(f"{shown} line {no} is not JSON (a .jsonl file holds one JSON object a line).") \
                    from None
            if not isinstance(record, dict):
                raise ValueError(f"{shown} line {no} is not a JSON object.")
