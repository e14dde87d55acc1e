"""Data: the knowledge base in use and its ontology, generate/build at a scale, upload documents, snapshots, current config.

Builds and restores run as server-owned background jobs (``ui.build``): leaving the page does not stop them. In
demo mode every write control is hidden, and the actions refuse on the server side too (``ui.guard``).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from core import viz
from ui import build, data_ops, frame, guard, jobs, resources, widgets
from ui.state import state


def _report_job() -> None:
    """Say how the build/restore this session started ended (once), then forget it."""
    job = jobs.registry().get(state.data_job) if state.data_job else None
    if job is None or job.running:
        return
    info = job.snapshot()
    state.data_job = None
    if info["status"] == "failed":
        st.error(f"**{info['label']} failed.** {widgets.short(info['message'])}")
    elif job.kind == "build":
        st.success(f"{info['label']}: done in {info['elapsed_s']:.0f} s; this session now uses it.")
    else:
        replaced = (job.result or {}).get("replaced")
        st.success(f"{info['label']}: done" + (f"; the previous store was kept at `{replaced}`"
                                                if replaced and guard.shows_internals(s) else "") + ".")


def ontology_section(store) -> None:
    """What the store answers with: its ontology (read-only; the same content as `hoplens ontology show`)."""
    from core.commands.import_graph import format_ontology

    onto, message = widgets.run_guarded("Reading the ontology", store.ontology)
    if onto is None:
        st.error(message)
        return
    tables = viz.ontology_rows(onto)
    with st.expander(f"Ontology **{onto.name}** · {len(tables['types'])} types · {len(tables['edges'])} edge types"
                     + (f" · {len(tables['derived'])} derived relations" if tables["derived"] else ""), expanded=False):
        st.caption("The types, attributes, relation words and derived relations the planner reads questions with "
                   "(inferred for an imported graph; `hoplens ontology show` prints the same).")
        for title, key in (("Types", "types"), ("Attributes", "attributes"), ("Edge types", "edges"),
                           ("Derived relations", "derived")):
            if tables[key]:
                st.markdown(f"**{title}**")
                st.dataframe(pd.DataFrame(tables[key]), hide_index=True, width="stretch", key=f"data.ontology.{key}")
        st.code(format_ontology(onto), language=None)


s = frame.page_setup("Data", needs_store=False)
st.title("Data")
widgets.show_flash()
_report_job()
internals = guard.shows_internals(s)
writable = guard.writes_allowed(s)
if not writable:
    st.info("This is a read-only demo: building, uploading, snapshots and restores are switched off. The knowledge "
            "base below is what every page uses.")

# ---- the knowledge base in use ----------------------------------------------------------------------------------
st.subheader("Knowledge base in use")
if internals:
    st.markdown(f"Backend **{s.backend}** · store `{s.store_path()}` · data `{s.data_path()}`"
                + (" · *(chosen on this page for this session)*" if state.store_override else ""))
else:
    st.markdown(f"Backend **{s.backend}** · scale **{s.scale}**")
writer = build.writer_of(s)
if writer is not None:
    st.info(f"{writer.label}: it runs on the server, you can leave this page.")
    frame.jobs_progress(writer)
elif resources.store_present(s):
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
        ontology_section(store)
else:
    st.warning(("No knowledge base at `" + str(s.store_path()) + "` yet" if internals else "No knowledge base yet")
               + (": build one below." if writable else "."))

if state.store_override and st.button("Go back to the configured store", key="data.reset_store"):
    state.store_override = None
    st.rerun()

if not writable:
    st.stop()  # nothing below is for visitors of a read-only demo

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
    st.caption("The build runs on the server in the background: its progress shows on every page, it survives "
               "leaving the page or closing the tab, and a build cut short by a server restart resumes by itself."
               + (" Full scale takes a while." if scale == "full" else ""))
    if st.button("Generate and build", type="primary", key="data.build", disabled=writer is not None):
        with widgets.guarded("Generate and build"):
            job = build.start_build(s, scale, data_dir, store_dir, int(seed), force=regenerate)
            state.data_job = job.id
            if store_dir != s.store_path():  # this session follows the new store (its pages wait for the build)
                state.store_override = str(store_dir)
            st.rerun()

# ---- upload documents -----------------------------------------------------------------------------------------------
st.subheader("Upload documents")
ingest_missing = data_ops.ingest_unavailable()
uploads = st.file_uploader("Documents (.txt, .md, .jsonl)", type=["txt", "md", "jsonl"], accept_multiple_files=True,
                           key="data.uploads", disabled=bool(ingest_missing) or writer is not None)
if ingest_missing:
    st.info(f"Ingesting your own documents is not available yet: {ingest_missing}. "
            "It arrives with `hoplens ingest` (bring your own documents).")
else:
    st.caption(f"Uploads are kept in `{data_ops.uploads_dir(s)}`; uploading a file with the same name again "
               f"replaces that document. At most {s.max_upload_mb:g} MiB a file; the content must be UTF-8 text "
               "(JSON lines for .jsonl), whatever the name says.")
    if uploads and st.button("Ingest into the knowledge base", key="data.ingest", disabled=writer is not None):
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
elif writer is not None:
    st.caption("Snapshots are available again when the job above has finished.")
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
                with widgets.guarded("Restore"):
                    job = build.start_restore(s, Path(choice))
                    state.data_job = job.id
                    st.rerun()

# ---- configuration --------------------------------------------------------------------------------------------------
st.subheader("Current configuration")
st.caption("From HOPLENS_* environment variables and .env; secrets only show whether they are set.")
st.dataframe(pd.DataFrame(resources.public_settings(s)), hide_index=True, width="stretch", key="data.config")
