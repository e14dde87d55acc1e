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
from concurrent.futures import ThreadPoolExecutor
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
    ``min(max_delay_s, base_delay_s * 2**n)`` scaled by a jitter in [0.5, 1.0], or the server's Retry-After
    (capped) when it sent one. ``sleep`` is injectable so tests do not wait."""

    max_retries: int = 4
    base_delay_s: float = 0.5
    max_delay_s: float = 20.0
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError(f"max_retries must be >= 0, got {self.max_retries}")

    def delay(self, retry_index: int, retry_after_s: float | None = None) -> float:
        if retry_after_s is not None and retry_after_s >= 0:
            return min(self.max_delay_s, retry_after_s)
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


def redact(text: str, *secrets: str | None) -> str:
    """Remove every secret from ``text`` (exception messages may echo request details)."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text


def embed_in_batches(
    embed_batch: Callable[[list[str]], np.ndarray], texts: Sequence[str], batch_size: int, workers: int, desc: str
) -> np.ndarray:
    """Embed ``texts`` in order, ``workers`` batches at a time, with a progress bar when there is more than one."""
    from tqdm import tqdm

    batches = [list(texts[i : i + batch_size]) for i in range(0, len(texts), batch_size)]
    if not batches:
        return np.zeros((0, 0), dtype=np.float32)
    # A batch that fails for good stops every batch not yet sent. Cancelling the futures from this thread is not
    # enough: a pool worker picks the next queued batch as soon as its own fails, before this thread wakes up to
    # cancel (seen under load: all 5 of 5 batches sent). So the worker itself raises the flag, and each batch checks
    # it before sending.
    failed = threading.Event()

    def run(batch: list[str]) -> np.ndarray:
        if failed.is_set():
            raise LLMError(f"{desc}: not sent, an earlier batch failed")
        try:
            return embed_batch(batch)
        except BaseException:
            failed.set()
            raise

    with (
        ThreadPoolExecutor(max_workers=max(1, min(workers, len(batches)))) as pool,
        tqdm(total=len(texts), desc=desc, unit="text", disable=len(batches) <= 1) as bar,
    ):
        futures = [pool.submit(run, b) for b in batches]
        parts = []
        try:
            for fut, batch in zip(futures, batches, strict=True):
                parts.append(fut.result())
                bar.update(len(batch))
        except BaseException:
            for fut in futures:  # one batch failed for good: do not send the ones still queued
                fut.cancel()
            raise
    return np.vstack(parts)


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
