"""Data: the knowledge base in use, generate/build at a scale, upload documents, snapshots, current config."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from core import viz
from ui import build, data_ops, frame, resources, widgets
from ui.state import state

s = frame.page_setup("Data")
st.title("Data")
widgets.show_flash()

# ---- the knowledge base in use ----------------------------------------------------------------------------------
st.subheader("Knowledge base in use")
st.markdown(f"Backend **{s.backend}** · store `{s.store_path()}` · data `{s.data_path()}`"
            + (" · *(chosen on this page for this session)*" if state.store_override else ""))
if resources.store_present(s):
    store, message = widgets.run_guarded("Opening the knowledge base", lambda: resources.get_store(s))
    if store is None:
        st.error(message)
        st.caption("If the store is damaged, restore a snapshot below.")
    else:
        stats, message = widgets.run_guarded("Reading store statistics", store.stats)
        if stats:
            cols = st.columns(5)
            for col, (label, value) in zip(cols, viz.kb_totals(stats).items(), strict=True):
                col.metric(label, f"{value:,}")
        elif message:
            st.error(message)
else:
    st.warning(f"No knowledge base at `{s.store_path()}` yet: build one below.")

if state.store_override and st.button("Go back to the configured store", key="data.reset_store"):
    state.store_override = None
    st.rerun()

# ---- generate / build ---------------------------------------------------------------------------------------------
st.subheader("Generate and build")
missing = build.build_available()
if missing:
    st.info(f"Building from the app is not available yet: {missing}.")
else:
    scales = ["tiny", "demo", "full"]
    c1, c2 = st.columns(2)
    scale = c1.selectbox("Scale", scales, index=scales.index(s.scale), key="data.scale",
                         help="tiny: seconds, for trying things · demo: the case study's size (~1 min) · "
                              "full: ~100k documents (up to ~20 min)")
    seed = c2.number_input("Seed", min_value=0, value=int(s.seed), step=1, key="data.seed")
    data_dir = Path(st.text_input("Dataset folder", value=str(s.home / f"data-{scale}"), key=f"data.dir.{scale}"))
    store_dir = Path(st.text_input("Store folder", value=str(s.home / f"store-{scale}"), key=f"data.store.{scale}"))
    regenerate = st.checkbox("Regenerate the dataset even if the folder has one", key="data.force")
    if scale == "full":
        st.caption("Full scale takes a while; progress is shown below and finished batches survive an interruption.")
    if st.button("Generate and build", type="primary", key="data.build"):
        with widgets.guarded("Generate and build"):
            with st.status(f"Generating and building the {scale} knowledge base…", expanded=True) as status:
                info = build.generate_and_build(s, scale, data_dir, store_dir, int(seed), force=regenerate)
                status.update(label=f"Built in {info['seconds']} s", state="complete", expanded=False)
            state.store_override = str(store_dir) if store_dir != s.store_path() else state.store_override
            resources.release_store(resources.settings())
            widgets.flash("success", f"Knowledge base ready at `{store_dir}` ({info['seconds']} s); this session "
                                     "now uses it.")
            st.rerun()

# ---- upload documents -----------------------------------------------------------------------------------------------
st.subheader("Upload documents")
ingest_missing = data_ops.ingest_unavailable()
uploads = st.file_uploader("Documents (.txt, .md, .jsonl)", type=["txt", "md", "jsonl"], accept_multiple_files=True,
                           key="data.uploads", disabled=bool(ingest_missing))
if ingest_missing:
    st.info(f"Ingesting your own documents is not available yet: {ingest_missing}. "
            "It arrives with `hoplens ingest` (bring your own documents).")
else:
    st.caption(f"Uploads are kept in `{data_ops.uploads_dir(s)}`; uploading a file with the same name again "
               "replaces that document.")
    if uploads and st.button("Ingest into the knowledge base", key="data.ingest"):
        with widgets.guarded("Ingest"), st.spinner(f"Ingesting {len(uploads)} file(s): chunking, extracting, "
                                                   "resolving entities, embedding…"):
            resources.release_store(s)  # the app's copy is read-only; ingest opens the store for writing
            report = data_ops.ingest_uploads(s, uploads)
            widgets.flash("success", "Ingested: " + (report.summary() if hasattr(report, "summary") else str(report)))
            st.rerun()

# ---- snapshots ------------------------------------------------------------------------------------------------------
st.subheader("Snapshots")
snap_missing = data_ops.snapshots_unavailable()
if snap_missing:
    st.info(f"Snapshots are not available yet: {snap_missing}.")
elif s.backend != "embedded":
    st.info("Snapshots cover the embedded store; TigerGraph has its own backup tooling (gadmin backup).")
else:
    st.caption(f"Snapshots are atomic, checksummed copies kept next to the store "
               f"(`{s.store_path().name}-snapshots/`); restore verifies them and keeps the replaced store.")
    snaps: list[dict] = []
    with widgets.guarded("Listing snapshots"):
        snaps = data_ops.list_snapshots(s)
    if snaps:
        st.dataframe(pd.DataFrame(snaps), hide_index=True, width="stretch", key="data.snaps")
    else:
        st.caption("No snapshots of this store yet.")
    c1, c2 = st.columns(2)
    with c1:
        if st.button("Create a snapshot", key="data.snap", disabled=not resources.store_present(s)):
            with widgets.guarded("Snapshot"), st.spinner("Copying the store and recording checksums…"):
                info = data_ops.create_snapshot(s)
                widgets.flash("success", f"Snapshot `{info['snapshot']}`: {info['files']} files, "
                                         f"{info['bytes'] / 2**20:.1f} MiB, checksums recorded")
                st.rerun()
    with c2:
        if snaps:
            choice = st.selectbox("Snapshot to restore", [r["path"] for r in snaps], key="data.restore_pick",
                                  format_func=lambda p: Path(p).name)
            if st.button("Restore it (replaces the store)", key="data.restore"):
                with widgets.guarded("Restore"), st.spinner("Verifying checksums and restoring…"):
                    resources.release_store(s)
                    info = data_ops.restore_snapshot(s, Path(choice))
                    widgets.flash("success", f"Restored `{info['store']}` from `{Path(info['snapshot']).name}`"
                                  + (f"; the previous store was kept at `{info['replaced']}`" if info.get("replaced")
                                     else ""))
                    st.rerun()

# ---- configuration --------------------------------------------------------------------------------------------------
st.subheader("Current configuration")
st.caption("From HOPLENS_* environment variables and .env; secrets only show whether they are set.")
st.dataframe(pd.DataFrame(resources.public_settings(s)), hide_index=True, width="stretch", key="data.config")
