"""Evaluation result files and how to read them back.

OUT/results.jsonl    one row per (question, pipeline), appended and flushed after each answer (crash-safe)
OUT/results.parquet  the same rows in question/pipeline order, written when the run finishes
OUT/summary.json     accuracy, CIs, tokens, latency, comparisons and the run's configuration
OUT/run.json         the run's identity (fingerprint), checked before resuming into OUT
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

RESULTS_JSONL = "results.jsonl"
RESULTS_PARQUET = "results.parquet"
SUMMARY_JSON = "summary.json"
RUN_JSON = "run.json"

# Per-question row fields, in column order (extra fields such as llm_verdict or cached follow).
ROW_FIELDS: tuple[str, ...] = (
    "question_id", "kind", "question", "pipeline", "answer", "verdict", "score", "reason", "judge",
    "prompt_tokens", "completion_tokens", "calls", "embed_ms", "seed_ms", "expand_ms", "rank_ms", "generate_ms",
    "total_ms", "retrieval_ms", "plan_kind", "subgraph_nodes", "subgraph_edges", "context_tokens", "error",
    "answer_in_context", "gold_recall", "context_precision", "context_entities",
)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON via a temporary file and rename, so a reader never sees half a file."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read_rows(path: Path) -> tuple[list[dict[str, Any]], int]:
    """Rows of a results JSONL file and the number of unreadable lines (a line cut short by a crash)."""
    rows: list[dict[str, Any]] = []
    bad = 0
    if not Path(path).exists():
        return rows, 0
    with Path(path).open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                bad += 1
                continue
            if isinstance(row, dict) and "question_id" in row and "pipeline" in row:
                rows.append(row)
            else:
                bad += 1
    return rows, bad


def rewrite_rows(path: Path, rows: Iterable[Mapping[str, Any]]) -> None:
    """Replace a results file with ``rows`` atomically (used to drop a line a crash cut short)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


class RowWriter:
    """Append rows to results.jsonl, flushed and fsynced after each one so a crash loses nothing finished."""

    def __init__(self, path: Path) -> None:
        self._fh = Path(path).open("a", encoding="utf-8")  # noqa: SIM115 - closed by close()/__exit__

    def write(self, row: Mapping[str, Any]) -> None:
        self._fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def rows_frame(rows: Sequence[Mapping[str, Any]]):
    import pandas as pd

    frame = pd.DataFrame(list(rows))
    cols = [c for c in ROW_FIELDS if c in frame.columns] + [c for c in frame.columns if c not in ROW_FIELDS]
    return frame[cols] if len(frame.columns) else pd.DataFrame(columns=list(ROW_FIELDS))


def write_parquet(rows: Sequence[Mapping[str, Any]], path: Path) -> None:
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    rows_frame(rows).to_parquet(tmp, index=False, engine="pyarrow")
    os.replace(tmp, path)


def load_results(out_dir: Path):
    """(summary dict, per-question DataFrame) of a finished run in ``out_dir``.

    Reads results.parquet; falls back to results.jsonl for a run that has not finished yet (summary is then {}).
    """
    import pandas as pd

    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        raise FileNotFoundError(f"{out_dir} is not an evaluation folder: run `hoplens eval --out {out_dir}` first")
    summary_path = out_dir / SUMMARY_JSON
    summary = json.loads(summary_path.read_text(encoding="utf-8")) if summary_path.exists() else {}
    if (out_dir / RESULTS_PARQUET).exists():
        frame = pd.read_parquet(out_dir / RESULTS_PARQUET, engine="pyarrow")
    elif (out_dir / RESULTS_JSONL).exists():
        frame = rows_frame(read_rows(out_dir / RESULTS_JSONL)[0])
    else:
        raise FileNotFoundError(f"no results in {out_dir}: run `hoplens eval --out {out_dir}` first")
    return summary, frame


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, fmt: str = "{:.0f}") -> str:
    return "-" if x is None else fmt.format(x)


def format_summary(summary: Mapping[str, Any]) -> str:
    """A plain-text table of a summary (printed by ``hoplens eval``)."""
    lines = []
    cfg = summary.get("config", {})
    lines.append(
        f"suite {cfg.get('suite')} · generator {cfg.get('generator')} · embedder {cfg.get('embedder')} · "
        f"backend {cfg.get('backend')} · budget {cfg.get('context_budget')} · judge {cfg.get('judge')}"
    )
    header = f"{'pipeline':<13}{'n':>5}{'accuracy':>10}{'95% CI':>17}{'score':>7}{'tok p50':>9}{'p50 ms':>9}" \
             f"{'p95 ms':>9}{'retr p50':>10}{'errors':>8}"
    lines.append(header)
    for name, p in summary.get("pipelines", {}).items():
        ci = p.get("ci95")
        ci_s = "-" if not ci else f"[{_pct(ci[0])}, {_pct(ci[1])}]"
        lines.append(
            f"{name:<13}{p['n']:>5}{_pct(p['accuracy']):>10}{ci_s:>17}{_num(p['mean_score'], '{:.3f}'):>7}"
            f"{_num(p['prompt_tokens_median']):>9}{_num(p['latency_p50_ms'], '{:.1f}'):>9}"
            f"{_num(p['latency_p95_ms'], '{:.1f}'):>9}{_num(p['retrieval_p50_ms'], '{:.1f}'):>10}{p['errors']:>8}"
        )
    kinds = sorted({k for p in summary.get("pipelines", {}).values() for k in p.get("by_kind", {})})
    if kinds:
        lines.append("")
        lines.append(f"{'kind':<14}" + "".join(f"{name:>12}" for name in summary["pipelines"]))
        for k in kinds:
            cells = []
            for p in summary["pipelines"].values():
                b = p.get("by_kind", {}).get(k)
                cells.append(f"{_pct(b['accuracy'])} ({b['n']})" if b else "-")
            lines.append(f"{k:<14}" + "".join(f"{c:>12}" for c in cells))
    pipes = summary.get("pipelines", {})
    if any("context" in p for p in pipes.values()):
        lines.append("")
        lines.append("context (reader-free): does the context alone hold the answer?")
        lines.append(f"{'pipeline':<13}{'in context':>11}{'95% CI':>17}{'recall':>9}{'precision':>11}"
                     f"{'ctx tok':>9}{'conf. wrong':>13}")
        for name, p in pipes.items():
            c = p.get("context") or {}
            aic = c.get("answer_in_context") or {}
            ci = aic.get("ci95")
            ci_s = "-" if not ci else f"[{_pct(ci[0])}, {_pct(ci[1])}]"
            lines.append(
                f"{name:<13}{_pct(aic.get('mean')):>11}{ci_s:>17}{_pct((c.get('gold_recall') or {}).get('mean')):>9}"
                f"{_pct((c.get('context_precision') or {}).get('mean')):>11}{_num(c.get('context_tokens_mean')):>9}"
                f"{p.get('confident_wrong', 0):>13}"
            )
        if kinds:
            lines.append(f"{'in context':<14}" + "".join(f"{name:>12}" for name in pipes))
            for k in kinds:
                cells = []
                for p in pipes.values():
                    aic = ((p.get("by_kind", {}).get(k) or {}).get("context") or {}).get("answer_in_context") or {}
                    cells.append(f"{_pct(aic.get('mean'))} ({aic.get('n', 0)})" if aic.get("n") else "-")
                lines.append(f"{k:<14}" + "".join(f"{c:>12}" for c in cells))
    if summary.get("comparisons"):
        lines.append("")
        for name, c in summary["comparisons"].items():
            m = c["mcnemar"]
            lines.append(
                f"{name}: token reduction {_pct(c['token_reduction'])}, latency ratio "
                f"{_num(c['latency_ratio'], '{:.2f}')}, McNemar b={m['b']} c={m['c']} p={_num(m['p_value'], '{:.4g}')}"
            )
    bs = summary.get("bertscore")
    if bs:
        lines.append(f"bertscore: {bs.get('status')}" + (f" ({bs['reason']})" if bs.get("reason") else ""))
    return "\n".join(lines)
