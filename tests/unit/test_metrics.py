"""Bootstrap CIs, McNemar, percentiles and the summary block on known samples."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from core.evaluation.metrics import (
    bootstrap_ci,
    compare,
    mcnemar,
    ordered_pipelines,
    percentile,
    pipeline_summary,
    summarize,
)


def test_ci_all_pass_and_all_fail_are_degenerate():
    assert bootstrap_ci([1.0] * 90) == [1.0, 1.0]
    assert bootstrap_ci([0.0] * 90) == [0.0, 0.0]
    assert bootstrap_ci([]) is None


def test_ci_fifty_fifty_is_centred_with_plausible_width_and_deterministic():
    sample = [1.0, 0.0] * 50  # n = 100, p = 0.5: normal-approximation half-width 1.96 * 0.05 = 0.098
    lo, hi = bootstrap_ci(sample)
    assert lo < 0.5 < hi
    assert abs((lo + hi) / 2 - 0.5) < 0.02
    assert 0.15 < hi - lo < 0.25
    assert bootstrap_ci(sample) == [lo, hi]  # same seed, same interval
    assert bootstrap_ci(sample, seed=1) == bootstrap_ci(sample, seed=1)


def test_ci_matches_a_direct_percentile_bootstrap():
    sample = [1.0] * 30 + [0.0] * 10
    rng = np.random.default_rng(123)
    means = np.asarray(sample)[rng.integers(0, 40, size=(500, 40))].mean(axis=1)
    expected = np.quantile(means, [0.025, 0.975])
    assert bootstrap_ci(sample, n_resamples=500, seed=123) == pytest.approx(list(expected), abs=1e-6)


def test_ci_bad_arguments():
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], confidence=1.5)
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], n_resamples=0)


def test_mcnemar_exact_on_a_known_table():
    # b = 1 (first right, second wrong), c = 9: exact two-sided binomial p = 2 * P(X <= 1 | n=10, 0.5) = 22/1024
    first = [True] * 5 + [True] + [False] * 9 + [False] * 5
    second = [True] * 5 + [False] + [True] * 9 + [False] * 5
    m = mcnemar(first, second)
    assert (m["b"], m["c"], m["n"], m["method"]) == (1, 9, 20, "exact")
    assert m["p_value"] == pytest.approx(22 / 1024, abs=1e-6)


def test_mcnemar_chi2_for_many_discordant_pairs_and_no_difference():
    first = [True] * 30 + [False] * 10
    second = [False] * 30 + [True] * 10
    m = mcnemar(first, second)
    assert (m["b"], m["c"], m["method"]) == (30, 10, "chi2-cc")
    assert m["p_value"] == pytest.approx(stats.chi2.sf((abs(30 - 10) - 1) ** 2 / 40, 1), abs=1e-6)
    tiny = mcnemar([True] * 80 + [False] * 10, [False] * 80 + [False] * 10)
    assert 0 < tiny["p_value"] < 1e-15  # kept in significant digits, not rounded to 0
    same = mcnemar([True, False, True], [True, False, True])
    assert same["p_value"] == 1.0 and same["b"] == same["c"] == 0
    with pytest.raises(ValueError):
        mcnemar([True], [True, False])


def test_percentile_ignores_none_and_empty():
    assert percentile([1, 2, 3, None, 4], 50) == 2.5
    assert percentile([], 50) is None


def _rows(pipeline, verdicts, tokens, ms, kinds=None):
    kinds = kinds or ["aggregate"] * len(verdicts)
    return [
        {"question_id": f"q{i}", "kind": k, "pipeline": pipeline, "verdict": v,
         "score": 1.0 if v == "PASS" else (0.5 if v == "PARTIAL" else 0.0), "prompt_tokens": t,
         "completion_tokens": 5, "calls": 1, "context_tokens": t - 100, "total_ms": m, "retrieval_ms": m / 2,
         "error": None}
        for i, (v, t, m, k) in enumerate(zip(verdicts, tokens, ms, kinds, strict=True))
    ]


def test_pipeline_summary_counts_partial_as_not_pass_but_reports_mean_score():
    rows = _rows("graph", ["PASS", "PARTIAL", "FAIL", "PASS"], [400, 500, 600, 700], [10, 20, 30, 40],
                 ["aggregate", "aggregate", "lookup", "lookup"])
    s = pipeline_summary(rows)
    assert s["n"] == 4 and s["accuracy"] == 0.5 and s["mean_score"] == pytest.approx(2.5 / 4)
    assert s["by_kind"]["aggregate"]["accuracy"] == 0.5 and s["by_kind"]["lookup"]["n"] == 2
    assert s["prompt_tokens_median"] == 550 and s["latency_p50_ms"] == 25
    assert s["retrieval_p50_ms"] == 12.5 and s["errors"] == 0


def test_compare_token_reduction_latency_ratio_and_pairing():
    graph = _rows("graph", ["PASS"] * 4, [400] * 4, [10] * 4)
    basic = _rows("basic", ["FAIL"] * 4, [800] * 4, [20] * 4)
    c = compare(graph, basic)
    assert c["token_reduction"] == 0.5 and c["latency_ratio"] == 0.5
    assert c["accuracy_delta"] == 1.0 and c["mcnemar"]["b"] == 4 and c["mcnemar"]["c"] == 0


def test_summarize_orders_pipelines_and_names_comparisons():
    rows = _rows("llm", ["FAIL"], [50], [5]) + _rows("graph", ["PASS"], [400], [10]) + _rows("basic", ["PASS"],
                                                                                            [800], [20])
    s = summarize(rows, {"suite": "x"})
    assert list(s["pipelines"]) == ["graph", "basic", "llm"]
    assert list(s["comparisons"]) == ["graph_vs_basic", "graph_vs_llm", "basic_vs_llm"]
    assert s["config"] == {"suite": "x"}
    assert ordered_pipelines(["routed", "llm", "graph"]) == ["graph", "llm", "routed"]
    # JSON-safe: no NaN anywhere
    assert not any(isinstance(v, float) and math.isnan(v) for v in s["pipelines"]["graph"].values())
