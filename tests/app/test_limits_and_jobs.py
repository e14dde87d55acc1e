"""ui.limits and ui.jobs without a page: rate windows, the bounded cache, the answer timeout, upload checks from
the bytes, one evaluation per server, a job that outlives its caller."""

from __future__ import annotations

import threading
import time

import pytest

from core.config import Settings
from core.records import Answer
from ui import jobs, limits


def test_rate_limiter_window():
    rl = limits.RateLimiter(window_s=0.3)
    assert [rl.take("a", 2) for _ in range(2)] == [0.0, 0.0]
    assert rl.take("a", 2) > 0  # third in the window: told how long to wait
    assert rl.take("b", 2) == 0.0  # another visitor is not affected
    time.sleep(0.35)
    assert rl.take("a", 2) == 0.0


def test_answer_cache_is_bounded_lru():
    cache = limits.AnswerCache(2)
    for q in ("q1", "q2"):
        cache.put(q, Answer(question=q, pipeline="graph", text=q))
    assert cache.get("q1").text == "q1"  # q1 is now the most recent
    cache.put("q3", Answer(question="q3", pipeline="graph", text="q3"))
    assert len(cache) == 2 and cache.get("q2") is None and cache.get("q1") is not None


class _Slow:
    def __init__(self, seconds: float):
        self.seconds = seconds

    def answer(self, question: str) -> Answer:
        time.sleep(self.seconds)
        return Answer(question=question, pipeline="slow", text="late")


def test_answer_timeout_is_a_clear_message(tmp_path):
    s = Settings(home=tmp_path, answer_timeout_s=0.2)
    started = time.monotonic()
    with pytest.raises(limits.LimitReached, match="took longer than 0 s|took longer than"):
        limits.answer(s, _Slow(1.0), "slow", "why?")
    assert time.monotonic() - started < 0.8  # the visitor is answered at the timeout, not when the work ends
    assert limits.answer(s.model_copy(update={"answer_timeout_s": 5.0}), _Slow(0.01), "slow", "why?").text == "late"


def test_evidence_runs_within_the_answer_timeout_and_takes_no_question(tmp_path):
    class SlowEvidence(_Slow):
        def evidence(self, answer: Answer) -> str:
            time.sleep(self.seconds)
            return f"paths of {answer.question}"

    s = Settings(home=tmp_path, answer_timeout_s=0.2, demo=True, demo_questions_per_minute=1)
    started = time.monotonic()
    with pytest.raises(limits.LimitReached, match="Tracing the evidence took longer than"):
        limits.evidence(s, SlowEvidence(1.0), Answer(question="q", pipeline="slow", text=""))
    assert time.monotonic() - started < 0.8
    fast = s.model_copy(update={"answer_timeout_s": 5.0})
    for _ in range(3):  # more than the visitor's questions per minute: evidence is a read of an answer
        assert limits.evidence(fast, SlowEvidence(0.0), Answer(question="q", pipeline="slow", text="")) == "paths of q"


def test_demo_answers_are_cached(tmp_path):
    s = Settings(home=tmp_path, demo=True)
    slow = _Slow(0.3)
    first = limits.answer(s, slow, "slow", "Which  vendors?", "k")
    t0 = time.monotonic()
    again = limits.answer(s, slow, "slow", "which vendors?", "k")  # same question, other spacing/case
    assert again is first and time.monotonic() - t0 < 0.05


@pytest.mark.parametrize(("name", "data", "why"), [
    ("notes.txt", b"%PDF-1.7\n...", "is a PDF"),
    ("notes.md", b"PK\x03\x04rest", "ZIP"),
    ("notes.txt", b"abc\x00def", "binary"),
    ("notes.txt", "caf\u00e9".encode("latin-1"), "not UTF-8"),
    ("rows.jsonl", b'{"text": "ok"}\n[1, 2]\n', "line 2 is not a JSON object"),
    ("rows.jsonl", b'{"text": "ok"}\nnot json\n', "line 2 is not JSON"),
    ("tool.exe", b"hello", "only .txt, .md, .jsonl"),
    ("big.txt", b"a" * (2 * 2**20), "limited to 1 MiB"),
])
def test_uploads_are_checked_from_their_bytes(name, data, why):
    with pytest.raises(ValueError, match=why):
        limits.check_upload(name, data, max_mb=1)


def test_good_uploads_pass():
    limits.check_upload("a.md", "# Title\n\nCafé notes.\n".encode(), max_mb=1)
    limits.check_upload("a.jsonl", b'{"id": "d1", "text": "x"}\n\n{"id": "d2", "text": "y"}\n', max_mb=1)


def test_one_evaluation_per_server_and_one_writer_per_target():
    reg = jobs.JobRegistry()
    release = threading.Event()
    first = reg.start("eval", "/runs/a", "Evaluating A", lambda progress: release.wait(5))
    with pytest.raises(jobs.JobRefused, match="another eval is running"):
        reg.start("eval", "/runs/b", "Evaluating B", lambda progress: None)
    with pytest.raises(jobs.JobRefused, match="already running"):
        reg.start("build", "/runs/a", "Building A", lambda progress: None)
    other = reg.start("build", "/stores/x", "Building X", lambda progress: progress(0.5, "half") or 7)
    assert reg.wait(other)["status"] == "done" and other.result == 7
    release.set()
    assert reg.wait(first)["status"] == "done"
    assert reg.start("eval", "/runs/b", "Evaluating B", lambda progress: None)  # free again


def test_failed_job_keeps_a_message_and_removes_its_marker(tmp_path):
    reg = jobs.JobRegistry()
    marker = jobs.marker_path(tmp_path, "/stores/x")

    def work(progress):
        assert marker.exists()  # written before the work starts
        raise ValueError("the dataset folder is empty")

    job = reg.start("build", "/stores/x", "Building X", work, marker=marker, marker_data={"scale": "tiny"},
                    on_error=str)
    info = reg.wait(job)
    assert info["status"] == "failed" and info["message"] == "the dataset folder is empty"
    assert not marker.exists() and jobs.interrupted_builds(tmp_path) == []


def test_marker_of_a_killed_build_is_found(tmp_path):
    jobs.write_marker(jobs.marker_path(tmp_path, "/stores/x"), {"target": "/stores/x", "scale": "tiny"})
    (tmp_path / "jobs" / "build-broken.json").write_text("{not json")
    found = jobs.interrupted_builds(tmp_path)
    assert [m["target"] for m in found] == ["/stores/x"]
    assert not (tmp_path / "jobs" / "build-broken.json").exists()


def test_marker_of_a_build_running_in_another_live_process_is_left_alone(tmp_path):
    import os
    import subprocess
    import sys

    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        jobs.write_marker(jobs.marker_path(tmp_path, "/stores/live"), {"target": "/stores/live", "pid": sleeper.pid})
        jobs.write_marker(jobs.marker_path(tmp_path, "/stores/dead"), {"target": "/stores/dead", "pid": 2**22 + 7})
        jobs.write_marker(jobs.marker_path(tmp_path, "/stores/mine"), {"target": "/stores/mine", "pid": os.getpid()})
        assert sorted(m["target"] for m in jobs.interrupted_builds(tmp_path)) == ["/stores/dead", "/stores/mine"]
    finally:
        sleeper.kill()
        sleeper.wait()


def test_no_writer_while_an_evaluation_reads_the_store():
    reg = jobs.JobRegistry()
    release = threading.Event()
    reader = reg.start("eval", "/runs/a", "Evaluating A", lambda progress: release.wait(5), reads="/stores/x")
    with pytest.raises(jobs.JobRefused, match="reading this knowledge base"):
        reg.start("build", "/stores/x", "Building X", lambda progress: None)
    with pytest.raises(jobs.JobRefused, match="Evaluating A is running"):
        reg.check_free("/stores/x")
    release.set()
    reg.wait(reader)
    reg.check_free("/stores/x")
    hold = threading.Event()
    writer = reg.start("build", "/stores/x", "Building X", lambda progress: hold.wait(5))
    with pytest.raises(jobs.JobRefused, match="Building X is already running"):
        reg.start("eval", "/runs/b", "Evaluating B", lambda progress: None, reads="/stores/x")
    hold.set()
    reg.wait(writer)
