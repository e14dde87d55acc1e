"""Summary statistics of an evaluation run: accuracy with bootstrap CIs, tokens, latency, paired tests.

Everything here is a pure function of the per-question rows, deterministic (seeded RNG), and returns plain JSON
values (``None`` where a statistic is undefined, never NaN).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 20240607  # fixed: the same rows always give the same interval
CONFIDENCE = 0.95
EXACT_MCNEMAR_MAX = 25  # discordant pairs below this use the exact binomial test


def _clean(x: float | None, digits: int = 6) -> float | None:
    if x is None:
        return None
    x = float(x)
    return None if math.isnan(x) or math.isinf(x) else round(x, digits)


def bootstrap_ci(
    values: Sequence[float], n_resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED,
    confidence: float = CONFIDENCE,
) -> list[float] | None:
    """Percentile bootstrap CI of the mean of ``values`` (None for an empty sample)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be >= 1, got {n_resamples}")
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return None
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, data.size, size=(n_resamples, data.size))
    means = data[idx].mean(axis=1)
    alpha = (1 - confidence) / 2
    lo, hi = np.quantile(means, [alpha, 1 - alpha])
    return [_clean(lo), _clean(hi)]  # type: ignore[list-item]


def percentile(values: Sequence[float], q: float) -> float | None:
    data = np.asarray([v for v in values if v is not None], dtype=float)
    return _clean(np.percentile(data, q), 3) if data.size else None


def mean(values: Sequence[float]) -> float | None:
    data = np.asarray([v for v in values if v is not None], dtype=float)
    return _clean(data.mean(), 6) if data.size else None


def mcnemar(first_correct: Sequence[bool], second_correct: Sequence[bool]) -> dict[str, Any]:
    """Paired McNemar test on the same questions.

    b = first right & second wrong, c = first wrong & second right. Exact two-sided binomial test when
    b + c < ``EXACT_MCNEMAR_MAX``, else the chi-squared test with continuity correction.
    """
    if len(first_correct) != len(second_correct):
        raise ValueError("mcnemar needs paired samples of equal length")
    b = sum(1 for x, y in zip(first_correct, second_correct, strict=True) if x and not y)
    c = sum(1 for x, y in zip(first_correct, second_correct, strict=True) if y and not x)
    n = b + c
    if n == 0:
        return {"b": 0, "c": 0, "n": len(first_correct), "p_value": 1.0, "method": "exact"}
    from scipy import stats

    if n < EXACT_MCNEMAR_MAX:
        p = stats.binomtest(min(b, c), n, 0.5, alternative="two-sided").pvalue
        method = "exact"
    else:
        chi2 = (abs(b - c) - 1) ** 2 / n
        p = stats.chi2.sf(chi2, df=1)
        method = "chi2-cc"
    # Significant digits, not decimal places: a p-value of 1e-17 must not print as 0.
    return {"b": b, "c": c, "n": len(first_correct), "p_value": float(f"{min(1.0, float(p)):.6g}"), "method": method}


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return _clean(a / b, 4)


def accuracy_block(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    passes = [1.0 if r["verdict"] == "PASS" else 0.0 for r in rows]
    return {
        "n": len(rows),
        "accuracy": mean(passes),
        "ci95": bootstrap_ci(passes),
        "mean_score": mean([float(r["score"]) for r in rows]),
    }


def _rate(values: Sequence[float]) -> dict[str, Any]:
    return {"n": len(values), "mean": mean(values), "ci95": bootstrap_ci(values)}


def context_block(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Reader-free context metrics (core/evaluation/context_metrics.py) with 95% CIs; each over the rows where it
    is defined (answer-in-context: answerable questions; precision: non-empty contexts)."""
    aic = [1.0 if r["answer_in_context"] else 0.0 for r in rows if r.get("answer_in_context") is not None]
    recall = [float(r["gold_recall"]) for r in rows if r.get("gold_recall") is not None]
    precision = [float(r["context_precision"]) for r in rows if r.get("context_precision") is not None]
    return {
        "answer_in_context": _rate(aic),
        "gold_recall": _rate(recall),
        "context_precision": _rate(precision),
        "context_tokens_mean": mean([r.get("context_tokens") or 0 for r in rows]),
    }


def is_confident_wrong(row: Mapping[str, Any]) -> bool:
    """A FAIL whose answer does not say it is not found or unsure (a pipeline error is not an answer)."""
    from core.evaluation.judges import is_not_found_answer

    text = row.get("answer") or ""
    return row.get("verdict") == "FAIL" and not row.get("error") and bool(text.strip()) \
        and not is_not_found_answer(text)


def kind_block(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    out = accuracy_block(rows)
    out["context"] = context_block(rows)
    out["confident_wrong"] = sum(1 for r in rows if is_confident_wrong(r))
    return out


def pipeline_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One pipeline's block of summary.json."""
    out = kind_block(rows)
    kinds = sorted({r["kind"] for r in rows})
    out["by_kind"] = {k: kind_block([r for r in rows if r["kind"] == k]) for k in kinds}
    prompt = [r["prompt_tokens"] for r in rows]
    out.update(
        {
            "prompt_tokens_mean": mean(prompt),
            "prompt_tokens_median": percentile(prompt, 50),
            "completion_tokens_mean": mean([r["completion_tokens"] for r in rows]),
            "calls_mean": mean([r["calls"] for r in rows]),
            "context_tokens_median": percentile([r["context_tokens"] for r in rows], 50),
            "latency_p50_ms": percentile([r["total_ms"] for r in rows], 50),
            "latency_p95_ms": percentile([r["total_ms"] for r in rows], 95),
            "retrieval_p50_ms": percentile([r["retrieval_ms"] for r in rows], 50),
            "retrieval_p95_ms": percentile([r["retrieval_ms"] for r in rows], 95),
            "errors": sum(1 for r in rows if r.get("error")),
        }
    )
    llm_rows = [r for r in rows if r.get("llm_verdict")]
    judge_tokens = sum(int(r.get("judge_prompt_tokens") or 0) + int(r.get("judge_completion_tokens") or 0)
                       for r in rows)
    if judge_tokens:  # --judge llm: the judge's own tokens, never added to the pipeline's prompt tokens
        out["judge_tokens_total"] = judge_tokens
    if llm_rows:  # --judge both: the LLM judge's accuracy and how often it agrees with the structured judge
        out["llm_judge"] = {
            "n": len(llm_rows),
            "accuracy": mean([1.0 if r["llm_verdict"] == "PASS" else 0.0 for r in llm_rows]),
            "agreement": mean([1.0 if (r["llm_verdict"] == "PASS") == (r["verdict"] == "PASS") else 0.0
                               for r in llm_rows]),
            "prompt_tokens_total": sum(int(r.get("judge_prompt_tokens") or 0) for r in llm_rows),
            "completion_tokens_total": sum(int(r.get("judge_completion_tokens") or 0) for r in llm_rows),
        }
    return out


def ordered_pipelines(names: Iterable[str]) -> list[str]:
    """Pipelines in comparison order ("a_vs_b": the more structured first), from the registry's ranks."""
    from core.pipelines import comparison_order

    return comparison_order(list(names))


def compare(rows_a: Sequence[Mapping[str, Any]], rows_b: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Pipeline a vs b on the questions both answered: token reduction, latency ratio, McNemar."""
    by_q_b = {r["question_id"]: r for r in rows_b}
    pairs = [(r, by_q_b[r["question_id"]]) for r in rows_a if r["question_id"] in by_q_b]
    med_a = percentile([r["prompt_tokens"] for r in rows_a], 50)
    med_b = percentile([r["prompt_tokens"] for r in rows_b], 50)
    ratio = _ratio(med_a, med_b)
    return {
        "token_reduction": None if ratio is None else _clean(1 - ratio, 4),
        "latency_ratio": _ratio(percentile([r["total_ms"] for r in rows_a], 50),
                                percentile([r["total_ms"] for r in rows_b], 50)),
        "retrieval_latency_ratio": _ratio(percentile([r["retrieval_ms"] for r in rows_a], 50),
                                          percentile([r["retrieval_ms"] for r in rows_b], 50)),
        "accuracy_delta": _clean((mean([1.0 if a["verdict"] == "PASS" else 0.0 for a, _ in pairs]) or 0.0)
                                 - (mean([1.0 if b["verdict"] == "PASS" else 0.0 for _, b in pairs]) or 0.0), 6)
        if pairs else None,
        "mcnemar": mcnemar([a["verdict"] == "PASS" for a, _ in pairs], [b["verdict"] == "PASS" for _, b in pairs]),
    }


def summarize(rows: Sequence[Mapping[str, Any]], config: Mapping[str, Any]) -> dict[str, Any]:
    """The summary.json document (minus "bertscore", which the runner adds)."""
    names = ordered_pipelines(r["pipeline"] for r in rows)
    by_p = {p: [r for r in rows if r["pipeline"] == p] for p in names}
    comparisons = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            comparisons[f"{a}_vs_{b}"] = compare(by_p[a], by_p[b])
    return {"pipelines": {p: pipeline_summary(by_p[p]) for p in names}, "comparisons": comparisons,
            "config": dict(config)}
