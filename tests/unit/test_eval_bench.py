"""The benchmark's plumbing: scale parsing, budget checks, child-process measurement. (Timings are measured by
``hoplens bench`` itself, never asserted here.)"""

from __future__ import annotations

import pytest

from core.evaluation import bench


def test_parse_scales():
    assert bench.parse_scales("tiny, demo,tiny") == ["tiny", "demo"]
    for bad in ("", "huge", "tiny,huge"):
        with pytest.raises(ValueError, match="--scales"):
            bench.parse_scales(bad)


def _entry(build_s, p50, p95, answer_p50, generator="offline"):
    return {"generator": generator, "build": {"seconds": build_s, "peak_rss_mib": 900.0},
            "queries": {"pipelines": {"graph": {"retrieval_p50_ms": p50, "retrieval_p95_ms": p95,
                                                "answer_p50_ms": answer_p50}}}}


def test_budget_checks_compare_measurements_with_design_budgets():
    checks = bench._budget_checks("demo", _entry(25.0, 9.0, 55.0, 30.0))
    assert checks["build_s"] == {"limit": 30, "measured": 25.0, "ok": True}
    assert checks["graph_retrieval_p95_ms"]["ok"] is False
    assert checks["offline_answer_p50_ms"]["ok"] is True
    # the offline-answer budget does not apply to a real LLM
    assert bench._budget_checks("demo", _entry(45.0, 9.0, 20.0, 900.0, "gemini"))["offline_answer_p50_ms"]["ok"] is None
    assert bench._budget_checks("tiny", _entry(1.0, 1.0, 1.0, 1.0)) == {}


def test_run_child_measures_the_child_and_reports_its_failure():
    ok = bench._run_child("import sys; x = bytearray(64 * 2**20); sys.exit(0)", [], "allocating")
    assert ok["seconds"] > 0 and ok["peak_rss_mib"] >= 64  # the child's own peak, which held 64 MiB
    with pytest.raises(RuntimeError, match=r"exit 3.*boom"):
        bench._run_child("import sys; print('boom', file=sys.stderr); sys.exit(3)", [], "failing")


def test_format_bench_lists_each_scale_and_budget():
    entry = _entry(25.0, 9.0, 20.0, 30.0)
    entry["queries"]["store"] = {"chunks": 123}
    entry["queries"]["pipelines"]["graph"].update({"prompt_tokens_median": 700, "structured_accuracy": 0.97})
    entry["budgets"] = bench._budget_checks("demo", entry)
    text = bench.format_bench({"scales": {"demo": entry}})
    assert "[demo] build 25.0 s" in text and "123 chunks" in text and "budget build_s: 25.0 (limit 30) ok" in text


def test_full_budgets_read_an_external_build_and_the_open_time(tmp_path):
    """bench/full_build.sh times ``hoplens build`` with /usr/bin/time -v and then runs the bench on that store."""
    (tmp_path / "build-full.time").write_text(
        "\tCommand being timed: \"hoplens build\"\n\tPercent of CPU this job got: 187%\n"
        "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03.50\n"
        "\tMaximum resident set size (kbytes): 3145728\n\tExit status: 0\n")
    (tmp_path / "build-full.json").write_text('{"chunks": 577000, "embedded": 570000, "timings": {"total_s": 3720}}')
    report = bench.read_build_report(tmp_path, "full")
    assert report["seconds"] == 3723.5 and report["peak_rss_mib"] == 3072.0 and report["exit_status"] == 0
    assert report["report"]["chunks"] == 577000
    assert bench.read_build_report(tmp_path, "demo") is None
    entry = _entry(0, 25.0, 70.0, 30.0)
    del entry["build"]
    entry["build_report"] = report
    entry["queries"]["open_s"] = 1.5
    entry["queries"]["pipelines"]["basic"] = {"retrieval_p50_ms": 12.0}
    checks = bench._budget_checks("full", entry)
    assert checks["build_s"]["ok"] is False and checks["build_peak_rss_mib"]["ok"] is True
    assert checks["graph_retrieval_p50_ms"]["ok"] is True and checks["graph_retrieval_p95_ms"]["ok"] is False
    assert checks["basic_retrieval_p50_ms"]["ok"] is True and checks["open_s"] == {"limit": 2.0, "measured": 1.5,
                                                                                    "ok": True}
