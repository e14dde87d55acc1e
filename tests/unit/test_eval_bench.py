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
    checks = bench._budget_checks("demo", _entry(45.0, 9.0, 55.0, 30.0))
    assert checks["build_s"] == {"limit": 60, "measured": 45.0, "ok": True}
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
    entry = _entry(45.0, 9.0, 20.0, 30.0)
    entry["queries"]["store"] = {"chunks": 123}
    entry["queries"]["pipelines"]["graph"].update({"prompt_tokens_median": 700, "structured_accuracy": 0.97})
    entry["budgets"] = bench._budget_checks("demo", entry)
    text = bench.format_bench({"scales": {"demo": entry}})
    assert "[demo] build 45.0 s" in text and "123 chunks" in text and "budget build_s: 45.0 (limit 60) ok" in text
