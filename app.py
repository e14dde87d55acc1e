"""HopLens analyst app — the overview page (entry point of ``hoplens app`` / ``streamlit run app.py``).

Pages live in ``pages/``; everything they draw comes from ``core.viz``; streamlit-only helpers are in ``ui/``.
On first start (no knowledge base yet) ``ui.frame.page_setup`` starts building the configured one in a server-owned
background job and shows its progress here (and a small status on every page) until it is done.
"""

from __future__ import annotations

from collections import defaultdict

import pandas as pd
import streamlit as st

from core import viz
from ui import build, frame, guard, resources, widgets
from ui.examples import examples as examples_of
from ui.state import state


def _resumable(s) -> bool:
    """The store opens with a build-state error that another build fixes (an unfinished build, e.g. one killed in a
    terminal, or indexes older than the records) — not a corrupted store (restore) or another embedder (rebuild)."""
    from core.dataset.io import MANIFEST
    from core.store.base import EmbedderMismatch, StoreCorrupted, StoreError

    if s.backend != "embedded" or not (s.data_path() / MANIFEST).exists():
        return False
    try:
        resources.get_store(s)
    except (StoreCorrupted, EmbedderMismatch):
        return False
    except StoreError:
        return True
    except Exception:  # noqa: BLE001 - anything else is not ours to fix with a build
        return False
    return False


def overview(s) -> None:
    st.title("HopLens")
    st.markdown(
        "Ask a relationship question about the knowledge graph and watch **GraphRAG** walk it — then see, "
        "side by side with **BasicRAG** and **LLM-only**, what flat retrieval misses, with tokens and time."
    )
    store, message = widgets.run_guarded("Opening the knowledge base", lambda: resources.get_store(s))
    if store is None:
        st.error(message)
        if _resumable(s) and guard.writes_allowed(s):
            if st.button("Finish the build here (it resumes where it stopped; committed work is kept)",
                         type="primary", key="overview.resume"):
                with widgets.guarded("Resuming the build"):
                    build.start_build(s, s.scale, s.data_path(), s.store_path(), s.seed)
                    st.rerun()
        st.page_link("pages/5_Data.py", label="Build or restore a knowledge base on the Data page", icon=":material/database:")
        return

    stats, message = widgets.run_guarded("Reading store statistics", store.stats)
    if stats is None:
        st.error(message)
        return
    totals = viz.kb_totals(stats)
    cols = st.columns(5)
    for col, (label, value) in zip(cols, totals.items(), strict=True):
        col.metric(label, f"{value:,}")

    left, right = st.columns([3, 2])
    with left:
        st.subheader("Knowledge base")
        type_rows = viz.entity_type_rows(stats)
        if type_rows:
            st.bar_chart(pd.DataFrame(type_rows).set_index("type"), horizontal=True, height=260)
        edges = stats.get("edges") or {}
        if isinstance(edges, dict) and edges:
            st.dataframe(pd.DataFrame(sorted(edges.items(), key=lambda kv: -kv[1]), columns=["edge type", "edges"]),
                         hide_index=True, width="stretch", height=220)
    with right:
        st.subheader("Engine")
        where = f"  \n`{s.store_path()}`" if guard.shows_internals(s) else ""
        st.markdown(f"**Backend**: {s.backend} · :green[● ready]{where}")
        pipes, message = widgets.run_guarded("Loading the pipelines", lambda: resources.get_pipelines(s))
        if pipes is None:
            st.markdown(f"**Generator**: {s.generator} · :red[● unavailable]")
            st.error(message)
        else:
            gen = getattr(next(iter(pipes.values())), "generator", None)
            st.markdown(f"**Generator**: {getattr(gen, 'name', s.generator)} · :green[● ready]")
        st.markdown(f"**Embedder**: {s.embedder} · **context budget**: {s.context_budget} tokens · "
                    f"**hops**: {s.hops}")
        st.subheader("Pages")
        st.page_link("pages/1_Ask.py", label="Ask — one question, the graph walk, hop scores, context", icon=":material/chat:")
        st.page_link("pages/2_Compare.py", label="Compare — LLM-only vs BasicRAG vs GraphRAG", icon=":material/compare_arrows:")
        st.page_link("pages/3_Benchmark.py", label="Benchmark — accuracy, tokens, latency with CIs", icon=":material/bar_chart:")
        st.page_link("pages/4_Explore.py", label="Explore — entities, neighbourhoods, documents", icon=":material/explore:")
        st.page_link("pages/5_Data.py", label="Data — build, upload, snapshots, config", icon=":material/database:")

    st.subheader("Try a question")
    examples, message = widgets.run_guarded("Writing example questions", lambda: examples_of(store, stats))
    if not examples:
        st.info(message or "No example questions for this knowledge base; type your own on the Ask page.")
        return
    st.caption("Written from this knowledge base's ontology and records.")
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for q in examples:
        by_kind[q["kind"]].append(q)
    kinds = [k for k, _ in viz.EXAMPLE_KINDS if k in by_kind]
    titles = dict(viz.EXAMPLE_KINDS)
    cols = st.columns(min(4, len(kinds)))
    for i, kind in enumerate(kinds):
        with cols[i % len(cols)]:
            st.markdown(f"**{titles[kind]}**")
            for j, q in enumerate(by_kind[kind]):
                if st.button(q["question"], key=f"example.{kind}.{j}", width="stretch", help=q["question"]):
                    state.pending_question = q["question"]
                    st.switch_page("pages/1_Ask.py")


overview(frame.page_setup("Overview", build_if_missing=True))
