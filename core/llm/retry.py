"""Retries, backoff, a concurrency limit and batch helpers shared by the HTTP providers (Gemini, OpenAI-compatible).

Providers classify each failure themselves: a ``RetryableError`` (429, 5xx, timeouts, a dropped connection) is
retried with capped exponential backoff and jitter; anything else (bad key, unknown model, bad request) is raised
at once as ``LLMError`` so a wrong key never turns into a retry storm.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from core.llm.base import LLMError

T = TypeVar("T")


class RetryableError(Exception):
    """A transient failure worth another attempt; ``message`` is user-facing and must not contain a key."""

    def __init__(self, message: str, retry_after_s: float | None = None):
        super().__init__(message)
        self.message = message
        self.retry_after_s = retry_after_s


@dataclass
class RetryPolicy:
    """``max_retries`` extra attempts after the first; delay before retry n (0-based) is
    ``min(max_delay_s, base_delay_s * 2**n)`` scaled by a jitter in [0.5, 1.0], or the wait the server asked for
    (Retry-After, Gemini's RetryInfo) up to ``max_retry_after_s``: a quota that resets in a minute is waited for, not
    hammered every 20 s. ``sleep`` is injectable so tests do not wait."""

    max_retries: int = 4
    base_delay_s: float = 0.5
    max_delay_s: float = 20.0
    max_retry_after_s: float = 120.0
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError(f"max_retries must be >= 0, got {self.max_retries}")

    def delay(self, retry_index: int, retry_after_s: float | None = None) -> float:
        if retry_after_s is not None and retry_after_s >= 0:
            return min(self.max_retry_after_s, retry_after_s)
        capped = min(self.max_delay_s, self.base_delay_s * (2**retry_index))
        return capped * (0.5 + 0.5 * self.rng.random())


class ConcurrencyLimit:
    """At most ``limit`` requests in flight per provider instance, across threads."""

    def __init__(self, limit: int):
        if limit < 1:
            raise ValueError(f"max_concurrency must be >= 1, got {limit}")
        self.limit = limit
        self._sem = threading.BoundedSemaphore(limit)

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._sem:
            yield


def call_with_retries(fn: Callable[[], T], policy: RetryPolicy, limit: ConcurrencyLimit, what: str) -> T:
    """Run ``fn`` (one request) until it succeeds, raises a non-retryable error, or retries run out.

    The concurrency slot is held only while a request is in flight, never while backing off.
    """
    last: RetryableError | None = None
    attempts = policy.max_retries + 1
    for attempt in range(attempts):
        try:
            with limit.slot():
                return fn()
        except RetryableError as exc:
            last = exc
            if attempt + 1 < attempts:
                policy.sleep(policy.delay(attempt, exc.retry_after_s))
    assert last is not None
    raise LLMError(f"{what}: {last.message} (gave up after {attempts} attempt{'s' if attempts > 1 else ''})")


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds form only; HTTP dates are ignored)."""
    if not value:
        return None
    try:
        return max(0.0, float(value.strip()))
    except ValueError:
        return None


def parse_duration(value: object) -> float | None:
    """Seconds from a protobuf Duration in JSON form ("58s", "0.5s"), as in Google's ``RetryInfo.retryDelay``."""
    if not isinstance(value, str) or not value.strip().endswith("s"):
        return None
    try:
        return max(0.0, float(value.strip()[:-1]))
    except ValueError:
        return None


def redact(text: str, *secrets: str | None) -> str:
    """Remove every secret from ``text`` (exception messages may echo request details)."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text


def split_batches(texts: Sequence[str], max_items: int, max_tokens: int | None = None) -> list[tuple[int, int]]:
    """Contiguous ``[start, end)`` ranges over ``texts``, each of at most ``max_items`` texts and, when ``max_tokens``
    is given, at most that many tokens summed over its texts (a single longer text gets a range of its own).

    Tokens are counted (local cl100k) only when a full batch could exceed the budget at all: a token is at least one
    UTF-8 byte, so ``max_items`` times the longest text's byte length bounds any batch's tokens.
    """
    if max_items < 1:
        raise ValueError(f"embedding batch size must be >= 1, got {max_items}")
    n = len(texts)
    if max_tokens is None or not n or max_items * max(len(t.encode()) for t in texts) <= max_tokens:
        return [(i, min(i + max_items, n)) for i in range(0, n, max_items)]
    from core.llm.tokens import count_many

    sizes = count_many(list(texts))
    ranges: list[tuple[int, int]] = []
    start, total = 0, 0
    for i, size in enumerate(sizes):
        if i > start and (i - start >= max_items or total + size > max_tokens):
            ranges.append((start, i))
            start, total = i, 0
        total += size
    ranges.append((start, n))
    return ranges


def embed_in_batches(
    embed_batch: Callable[[list[str]], np.ndarray],
    texts: Sequence[str],
    batch_size: int,
    workers: int,
    desc: str,
    max_tokens: int | None = None,
) -> np.ndarray:
    """Embed ``texts`` in order: batches of ``batch_size`` texts (and at most ``max_tokens`` tokens) sent ``workers``
    at a time, rows returned in the order of ``texts``, with a progress bar when there is more than one batch.

    Each batch is one request with its own retries (``call_with_retries`` inside ``embed_batch``): a 429 or 503 retries
    that request only, never the batches already answered. When a request fails for good, the batches not yet sent
    are dropped and the ``LLMError`` says how many of the texts had been embedded. All state lives in this call, so
    one provider object may embed from several threads at once.
    """
    from tqdm import tqdm

    ranges = split_batches(texts, batch_size, max_tokens)
    if not ranges:
        return np.zeros((0, 0), dtype=np.float32)
    # A batch that fails for good stops every batch not yet sent. Cancelling the futures from this thread is not
    # enough: a pool worker picks the next queued batch as soon as its own fails, before this thread wakes up to
    # cancel (seen under load: all 5 of 5 batches sent). So the worker itself raises the flag, and each batch checks
    # it before sending.
    failed = threading.Event()

    def run(batch: list[str]) -> np.ndarray:
        if failed.is_set():
            raise _NotSent()
        try:
            return embed_batch(batch)
        except BaseException:
            failed.set()
            raise

    with (
        ThreadPoolExecutor(max_workers=max(1, min(workers, len(ranges)))) as pool,
        tqdm(total=len(texts), desc=desc, unit="text", disable=len(ranges) <= 1, leave=False) as bar,
    ):
        futures = [pool.submit(run, list(texts[a:b])) for a, b in ranges]
        parts = []
        try:
            for fut, (a, b) in zip(futures, ranges, strict=True):
                parts.append(fut.result())
                bar.update(b - a)
        except BaseException as exc:
            for fut in futures:  # one batch failed for good: do not send the ones still queued
                fut.cancel()
            if not isinstance(exc, LLMError | _NotSent):  # Ctrl-C, or a bug: nothing to count
                raise
            pool.shutdown(wait=True)  # the requests in flight finish (or fail) before they are counted
            # the first real failure in order (a batch that started late may have seen the flag of a later one)
            first = next(e for f in futures if not f.cancelled() and not isinstance(e := f.exception(), _NotSent | None))
            if not isinstance(first, LLMError):
                raise first from None
            done = sum(b - a for fut, (a, b) in zip(futures, ranges, strict=True) if _succeeded(fut))
            raise LLMError(
                f"{desc}: {done} of {len(texts)} texts embedded before a request failed for good: {first}"
            ) from None
    return np.vstack(parts)


class _NotSent(Exception):
    """A batch skipped because an earlier one failed (never surfaces: the first failure is what is raised)."""


def _succeeded(fut: Future) -> bool:
    return fut.done() and not fut.cancelled() and fut.exception() is None


def unit_rows(vectors: np.ndarray, expected_dim: int | None, who: str) -> np.ndarray:
    """float32 rows scaled to unit L2 norm (providers do not all normalise); checks the dimension."""
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim != 2:
        raise LLMError(f"{who} returned embeddings of shape {arr.shape}, expected (n, dim)")
    if expected_dim is not None and arr.shape[1] != expected_dim:
        raise LLMError(f"{who} returned {arr.shape[1]}-dimensional vectors, expected {expected_dim}")
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    if np.any(norms == 0):
        raise LLMError(f"{who} returned an all-zero embedding; it cannot be normalised")
    return arr / norms
