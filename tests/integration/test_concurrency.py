"""Pipelines are shared by app sessions: N threads x M questions through every pipeline must give exactly the
answers (text, plan, context) of a sequential run. Per-question state lives in a Reading record, never on the
shared planner; this test is what holds that line."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

THREADS = 8
ROUNDS = 3


def _questions(tiny_store) -> list[str]:
    from core.dataset.questions import build_suite

    suite = [q.question for q in build_suite(tiny_store.data, "public")]
    # Wordings that exercise the reading record: references, value sets, existence conditions, yes/no over a set.
    return suite[:40] + [
        "Were any customers affected by OUTAGE-001?",
        "How many P0 or P1 outages are there?",
        "Which tickets were not caused by any outage?",
        "OUTAGE-001 took down a vendor. How many customers depend on that vendor?",
        "Tally the open tickets.",
    ]


def _fingerprint(answer) -> tuple:
    plan = answer.plan.to_dict() if answer.plan else None
    return (answer.text, repr(plan), tuple(c.text for c in answer.context))


@pytest.mark.slow
def test_threads_sharing_pipelines_give_the_sequential_answers(tiny_store):
    from core.pipelines import KNOWN_PIPELINES, build_pipelines

    pipes = build_pipelines(tiny_store.settings(), names=list(KNOWN_PIPELINES))
    questions = _questions(tiny_store)
    expected = {(n, q): _fingerprint(p.answer(q)) for n, p in pipes.items() for q in questions}

    jobs = [(n, q) for _ in range(ROUNDS) for n in pipes for q in questions]
    # Interleave differently per round so threads really overlap on different questions.
    jobs = jobs[::2] + jobs[1::2]
    start = threading.Barrier(THREADS)

    def run(chunk):
        start.wait()
        return [((n, q), _fingerprint(pipes[n].answer(q))) for n, q in chunk]

    chunks = [jobs[i::THREADS] for i in range(THREADS)]
    with ThreadPoolExecutor(THREADS) as pool:
        got = [row for part in pool.map(run, chunks) for row in part]
    mismatches = [key for key, fp in got if fp != expected[key]]
    assert len(got) == len(jobs)
    assert not mismatches, f"{len(mismatches)} of {len(got)} concurrent answers differ, e.g. {mismatches[:3]}"
