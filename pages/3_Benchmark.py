"""Benchmark: run an evaluation with progress, or load a saved one; charts with confidence intervals and a
per-question drill-down with filters and CSV download."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
import streamlit as st

from core import viz
from core.pipelines import KNOWN_PIPELINES, PIPELINES
from ui import frame, resources, widgets
from ui.state import state

SUITES = ("public", "extended")


def _saved_runs(home: Path) -> list[Path]:
    root = home / "eval"
    if not root.is_dir():
        return []
    runs = [p for p in root.iterdir() if (p / "summary.json").exists()]
    return sorted(runs, key=lambda p: (p / "summary.json").stat().st_mtime, reverse=True)


@st.cache_data(show_spinner="Loading results…", max_entries=8)
def _load(out_dir: str, mtime: float) -> tuple[dict, pd.DataFrame]:
    from core.evaluation.report import load_results

    return load_results(Path(out_dir))


def _run(s, suite: str, names: list[str], limit: int | None, out_dir: Path, overwrite: bool) -> None:
    from core.evaluation.runner import run_eval

    pipes = resources.get_pipelines(s)
    bar = st.progress(0.0, text="Starting…")
    last = [0.0]

    def progress(done: int, total: int, row: dict) -> None:
        now = time.monotonic()
        if now - last[0] > 0.2 or done == total:
            last[0] = now
            bar.progress(done / total, text=f"{done}/{total} · {row.get('question_id')} · "
                         f"{viz.pipeline_label(row.get('pipeline', ''))} · {row.get('verdict')}")

    run_eval(suite, names, store_path=s.store_path(), data_dir=s.data_path(), out_dir=out_dir, settings=s,
             limit=limit, progress=progress, show_progress=False, overwrite=overwrite,
             pipeline_objects={n: pipes[n] for n in names})
    state.bench_dir = str(out_dir)


s = frame.page_setup("Benchmark")
st.title("Benchmark")
runs = _saved_runs(s.home)

load_tab, run_tab = st.tabs(["Load a saved run", "Run an evaluation"])
with load_tab:
    options = [str(p) for p in runs]
    if state.bench_dir is None and options:
        state.bench_dir = options[0]  # the newest saved run opens by itself
    if options:
        st.selectbox("Saved runs (newest first)", options,
                     index=options.index(state.bench_dir) if state.bench_dir in options else None,
                     key="bench.pick", on_change=lambda: setattr(state, "bench_dir", st.session_state["bench.pick"]))
    typed = st.text_input("…or a results folder (written by `hoplens eval --out DIR`)", key="bench.path")
    if st.button("Load folder", key="bench.load") and typed.strip():
        state.bench_dir = typed.strip()

with run_tab:
    c1, c2, c3 = st.columns([1, 2, 1])
    suite = c1.selectbox("Suite", SUITES, key="bench.suite")
    names = c2.multiselect("Pipelines", list(KNOWN_PIPELINES), default=list(PIPELINES),
                           format_func=viz.pipeline_label, key="bench.pipelines")
    limit = c3.number_input("Questions (0 = all)", min_value=0, value=0, step=10, key="bench.limit")
    out_dir = Path(st.text_input("Results folder", value=str(s.home / "eval" / f"{suite}-{s.scale}"),
                                 key=f"bench.out.{suite}"))
    overwrite = st.checkbox("Discard earlier results in this folder", value=False, key="bench.overwrite",
                            help="Otherwise a run resumes where an earlier identical run stopped.")
    if st.button("Run evaluation", type="primary", key="bench.run"):
        if not names:
            st.error("Choose at least one pipeline.")
        else:
            with widgets.guarded("The evaluation"):
                with st.spinner("Evaluating…"):
                    _run(s, suite, names, int(limit) or None, out_dir, overwrite)
                st.success(f"Finished: results in `{out_dir}`")

if not state.bench_dir:
    st.info("No evaluation loaded yet: run one above, or `hoplens eval --suite public` and reload.")
    st.stop()

folder = Path(state.bench_dir)
summary_file = folder / "summary.json"
mtime = summary_file.stat().st_mtime if summary_file.exists() else 0.0
loaded, message = widgets.run_guarded("Loading the results", lambda: _load(str(folder), mtime))
if loaded is None:
    st.error(message)
    st.stop()
summary, rows = loaded
if not summary.get("pipelines"):
    st.warning(f"`{folder}` has results but no summary yet (an unfinished run): showing rows only.")
else:
    cfg = summary.get("config", {})
    st.caption(" · ".join(f"{k} {cfg[k]}" for k in ("suite", "generator", "embedder", "backend", "context_budget",
                                                    "judge", "n_questions", "created_at") if cfg.get(k) is not None))
    st.dataframe(pd.DataFrame(viz.summary_rows(summary)), hide_index=True, width="stretch", key="bench.summary",
                 column_config={"accuracy": st.column_config.NumberColumn(format="percent")})
    comp = (summary.get("comparisons") or {}).get("graph_vs_basic")
    if comp:
        m = comp.get("mcnemar") or {}
        red, ratio, p_value = comp.get("token_reduction"), comp.get("latency_ratio"), m.get("p_value")
        tokens = "-" if red is None else (f"{red:.0%} fewer" if red >= 0 else f"{-red:.0%} more")
        st.markdown(
            f"**GraphRAG vs BasicRAG**: {tokens} median prompt tokens · latency ratio "
            f"{'-' if ratio is None else f'{ratio:.2f}×'} · McNemar p = {'-' if p_value is None else f'{p_value:.3g}'}"
        )
    a, b = st.columns(2)
    a.plotly_chart(viz.accuracy_figure(summary), key="bench.acc", width="stretch")
    b.plotly_chart(viz.accuracy_by_kind_figure(summary), key="bench.kind", width="stretch")
    a, b = st.columns(2)
    a.plotly_chart(viz.latency_figure(summary), key="bench.latency", width="stretch")
    b.plotly_chart(viz.token_accuracy_figure(summary), key="bench.scatter", width="stretch")
if len(rows):
    st.plotly_chart(viz.token_distribution_figure(rows), key="bench.tokens", width="stretch")

st.subheader("Per question")
f1, f2, f3, f4 = st.columns([1, 1, 1, 2])
pipes_f = f1.multiselect("Pipeline", sorted(rows["pipeline"].unique()), format_func=viz.pipeline_label,
                         key="bench.f.pipeline")
kinds_f = f2.multiselect("Kind", sorted(rows["kind"].unique()), key="bench.f.kind")
verdicts_f = f3.multiselect("Verdict", sorted(rows["verdict"].unique()), key="bench.f.verdict")
text_f = f4.text_input("Search question / answer / id", key="bench.f.text")
view = viz.filter_results(rows, pipes_f, kinds_f, verdicts_f, text_f)
st.caption(f"{len(view)} of {len(rows)} rows")
st.dataframe(view, hide_index=True, width="stretch", key="bench.rows",
             column_config={"question": st.column_config.TextColumn(width="large"),
                            "answer": st.column_config.TextColumn(width="large")})
st.download_button("Download CSV", viz.results_csv(view), file_name=f"{folder.name}-results.csv",
                   mime="text/csv", key="bench.csv")
