"""Benchmark: the latest evaluation of the loaded knowledge base, or one button that runs the public suite on it
(in the background, with a progress bar); charts with confidence intervals and a per-question drill-down with
filters and CSV download. Only runs computed on this store are listed or drawn (``ui.bench``)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import streamlit as st

from core import viz
from core.pipelines import KNOWN_PIPELINES, PIPELINES
from ui import bench, frame, guard, jobs, resources, widgets
from ui.state import state

SUITES = ("public", "extended")


@st.cache_data(show_spinner="Loading results…", max_entries=8)
def _load(out_dir: str, mtime: float) -> tuple[dict, pd.DataFrame]:
    from core.evaluation.report import load_results

    return load_results(Path(out_dir))


def _run_label(folder: str) -> str:
    try:
        cfg = json.loads((Path(folder) / "summary.json").read_text(encoding="utf-8")).get("config", {})
    except (OSError, ValueError):
        return Path(folder).name
    names = ", ".join(viz.pipeline_label(p) for p in cfg.get("pipelines") or [])
    return f"{cfg.get('suite', '?')} · {cfg.get('n_questions', '?')} questions · {names} · {cfg.get('created_at', '')}"


def _start(s, identity: dict, suite: str, names: list[str], limit: int | None) -> None:
    with widgets.guarded("Starting the evaluation"):
        job = bench.start_eval(s, identity, suite, names, limit)
        state.bench_job = job.id
        st.rerun()


def _report_finished(identity: dict) -> None:
    """The evaluation this session started has ended: open its results, or say why it failed (once)."""
    job = jobs.registry().get(state.bench_job) if state.bench_job else None
    if job is None or job.running:
        return
    state.bench_job = None
    info = job.snapshot()
    if info["status"] == "failed":
        st.error(f"**{info['label']} failed.** {widgets.short(info['message'])}")
    elif bench.computed_on(Path(job.result["folder"]), identity):
        state.bench_dir = job.result["folder"]
        st.success(f"{info['label']}: finished in {info['elapsed_s']:.0f} s.")


s = frame.page_setup("Benchmark")
st.title("Benchmark")
store, message = widgets.run_guarded("Opening the knowledge base", lambda: resources.get_store(s))
if store is None:
    st.error(message)
    st.stop()
identity, message = widgets.run_guarded("Reading the knowledge base", lambda: bench.store_identity(s, store))
if identity is None:
    st.error(message)
    st.stop()
writable = guard.writes_allowed(s)

running = bench.eval_job(identity)
if running is not None and running.running:
    st.info(f"{running.label} — it runs on the server (leaving this page does not stop it); the charts appear "
            "here when it ends.")
    frame.jobs_progress(running)
    st.stop()
_report_finished(identity)

options = [str(p) for p in bench.runs_for_store(s.home, identity)]
if state.bench_dir not in options:
    state.bench_dir = options[0] if options else None  # the newest run of this store opens by itself
other = [j for j in jobs.registry().running(kind="eval")]
if other:
    st.caption(f"Another evaluation is running on this server ({other[0].label}); one runs at a time.")

if not options:
    st.info(f"No evaluation of this knowledge base (**{identity['name']}**, {identity['documents']:,} documents) "
            "yet.")
    if writable:
        n = len(resources.suite_questions(s, bench.DEFAULT_SUITE))
        label = f"Run the public suite on this knowledge base ({n} questions × {len(PIPELINES)} pipelines)"
        if st.button(label, type="primary", key="bench.first", disabled=bool(other) or not n):
            _start(s, identity, bench.DEFAULT_SUITE, list(PIPELINES), None)
        if not n:
            st.caption("This dataset has no public question suite.")
    else:
        st.caption("This read-only demo shows saved runs; none was computed on this knowledge base.")
    st.stop()

with st.expander("Runs of this knowledge base" + (" · run another evaluation" if writable else "")):
    st.selectbox("Runs computed on this knowledge base (newest first)", options, format_func=_run_label,
                 index=options.index(state.bench_dir), key="bench.pick",
                 on_change=lambda: setattr(state, "bench_dir", st.session_state["bench.pick"]))
    if writable:
        c1, c2, c3 = st.columns([1, 2, 1])
        suite = c1.selectbox("Suite", SUITES, key="bench.suite")
        names = c2.multiselect("Pipelines", list(KNOWN_PIPELINES), default=list(PIPELINES),
                               format_func=viz.pipeline_label, key="bench.pipelines")
        limit = c3.number_input("Questions (0 = all)", min_value=0, value=0, step=10, key="bench.limit")
        st.caption("Runs go on in the background and resume where an identical earlier run stopped.")
        if st.button("Run evaluation", type="primary", key="bench.run", disabled=bool(other)):
            _start(s, identity, suite, names, int(limit) or None)

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
    st.markdown(f"Computed on **{identity['name']}** — this knowledge base ({identity['documents']:,} documents, "
                f"fingerprint `{identity['fingerprint']}`) · suite **{cfg.get('suite', '?')}**")
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
    if viz.has_context_metrics(summary):
        st.subheader("Does the context hold the answer? (no reader involved)")
        st.caption("Answer in context: the context alone names every gold entity, the gold value, or the counted "
                   "set. Gold recall: the share of gold entities it names. Context precision: the share of entities "
                   "it names that are the answer or on its path. Confident wrong: failed answers that did not say "
                   "'not found' or 'not sure'. docs/evaluation.md has the rules.")
        st.table(pd.DataFrame(viz.context_metric_table(summary)).set_index("pipeline"))
        a, b = st.columns(2)
        a.plotly_chart(viz.context_figure(summary), key="bench.ctx", width="stretch")
        b.plotly_chart(viz.context_by_kind_figure(summary), key="bench.ctxkind", width="stretch")
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
