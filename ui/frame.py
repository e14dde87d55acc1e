"""What every page does first: page config, the sidebar (navigation, knowledge-base and job status, admin unlock),
the first-start build, and the progress of any build or restore writing the store this page reads.

The app is a classic ``pages/`` multipage app (Streamlit discovers pages/1_Ask.py … itself). We draw our own sidebar
navigation (the default one is switched off in .streamlit/config.toml) so the overview is called "Overview", not
"app". Every page is self-sufficient: opening /Ask directly works the same as arriving from the overview.

Long work runs in server-owned jobs (``ui.jobs``): the pages here only show it. A job's progress is redrawn by a
fragment that reruns every second while a job runs, and reruns the whole page when one ends, so a page waiting for
a build becomes usable by itself.
"""

from __future__ import annotations

import streamlit as st

from core.config import Settings
from ui import build, guard, jobs, resources
from ui.state import ADMIN_TOKEN, state

# (script path relative to app.py, label, Material icon)
PAGES: tuple[tuple[str, str, str], ...] = (
    ("app.py", "Overview", ":material/hub:"),
    ("pages/1_Ask.py", "Ask", ":material/chat:"),
    ("pages/2_Compare.py", "Compare", ":material/compare_arrows:"),
    ("pages/3_Benchmark.py", "Benchmark", ":material/bar_chart:"),
    ("pages/4_Explore.py", "Explore", ":material/explore:"),
    ("pages/5_Data.py", "Data", ":material/database:"),
)
POLL_S = 1.0


def _unlock() -> None:
    """Callback of the admin box: check the secret, then clear the field (the secret never stays in the session)."""
    entered = st.session_state.get(ADMIN_TOKEN) or ""
    st.session_state[ADMIN_TOKEN] = ""
    ok, message = guard.unlock(resources.settings(), entered)
    state.admin_message = ("success" if ok else "error", message)


def _lock() -> None:
    guard.lock()
    state.admin_message = ("info", "Admin actions locked again.")


def _admin_box(s: Settings) -> None:
    if guard.is_admin(s):
        st.caption(":orange[●] admin actions unlocked for this session")
        st.button("Lock admin actions", key="admin.lock", on_click=_lock)
    else:
        # A form: the typed secret reaches the server only with the Unlock click, and the callback clears it before
        # the page is drawn again, so it never sits in the session between reruns.
        with st.expander("Admin"), st.form("admin.form", clear_on_submit=True, border=False):
            st.text_input("Admin secret", type="password", key=ADMIN_TOKEN, autocomplete="off")
            st.form_submit_button("Unlock", key="admin.unlock", on_click=_unlock)
    if state.admin_message:
        kind, text = state.admin_message
        getattr(st, kind, st.info)(text)
        state.admin_message = None


def _sidebar(s: Settings, present: bool) -> None:
    with st.sidebar:
        st.markdown("### HopLens")
        for path, label, icon in PAGES:
            st.page_link(path, label=label, icon=icon)
        st.divider()
        st.caption(f"backend **{s.backend}** · generator **{s.generator}** · embedder **{s.embedder}**")
        if guard.shows_internals(s):
            st.caption(f"store `{s.store_path()}`")
        st.caption(":green[●] knowledge base found" if present else ":red[●] no knowledge base yet")
        _jobs_fragment(bool(jobs.registry().running()), "sidebar")
        if s.demo:
            st.caption(":blue[●] read-only demo")
            _admin_box(s)


def _draw_jobs(where: str, target: str | None) -> None:
    """The running jobs (the sidebar: all of them, small; a page: the one writing its store, full width)."""
    running = [j.snapshot() for j in jobs.registry().running(target)]
    seen_key = f"hl.jobs_seen.{where}"
    seen: set[str] = st.session_state.setdefault(seen_key, set())
    now = {j["id"] for j in running}
    if seen - now:  # a job this view was showing has ended: redraw the whole page with its result
        st.session_state[seen_key] = now
        st.rerun()
    st.session_state[seen_key] = seen | now
    for j in running:
        text = f"{j['label']} · {j['stage']} · {j['elapsed_s']:.0f} s"
        if where == "sidebar":
            st.caption(f":orange[●] {j['label']}")
            st.progress(j["fraction"], text=f"{j['fraction']:.0%}")
        else:
            st.progress(j["fraction"], text=text)


def _jobs_fragment(active: bool, where: str, target: str | None = None) -> None:
    # Polls only while something runs; an idle page costs nothing.
    st.fragment(run_every=POLL_S if active else None)(_draw_jobs)(where, target)


def jobs_progress(job: jobs.Job) -> None:
    """A live progress bar for ``job`` in the page body (reruns the page when it ends)."""
    _jobs_fragment(True, "body", job.target)


def _wait_for(s: Settings, job: jobs.Job, overview: bool) -> None:
    """A build/restore writes this page's store: show its progress, then stop (the fragment reruns the page)."""
    info = job.snapshot()
    if overview:
        st.title("HopLens")
        if job.kind == "build":
            st.info(f"**{info['label']}** (generated CRM data, chunks, embeddings, indexes). It runs on the "
                    "server: keep browsing, reload or come back later — every page is usable when it ends.")
        else:
            st.info(f"**{info['label']}**. It runs on the server; the pages are usable again when it ends.")
    else:
        st.info(f"{info['label']} — this page is usable when it finishes (it runs on the server; you can move "
                "around meanwhile).")
    _jobs_fragment(True, "main", job.target)
    st.stop()


def _first_start_failed(s: Settings, info: dict) -> None:
    from ui.widgets import short

    st.title("HopLens")
    st.error(f"**Building the {s.scale} knowledge base failed.** {short(info['message'])}")
    st.page_link("pages/5_Data.py", label="Build or restore a knowledge base on the Data page", icon=":material/database:")
    st.stop()


def page_setup(title: str, build_if_missing: bool = False, needs_store: bool = True) -> Settings:
    """Configure the page and draw the sidebar; returns this session's settings.

    Every page resumes builds a killed server left unfinished. ``build_if_missing`` (the overview): with no store,
    start building the configured one in the background. While a job writes this session's store, a page that
    ``needs_store`` shows its progress (the overview the full bar) and stops; it reruns by itself when the job ends.
    """
    st.set_page_config(page_title=f"{title} · HopLens", page_icon=":material/hub:", layout="wide")
    s = resources.settings()
    build.resume_interrupted(s)
    present = resources.store_present(s)
    first = None
    if not present and build_if_missing and s.backend == "embedded":
        first = build.ensure_first_start(s)
    _sidebar(s, resources.store_present(s))
    writer = build.writer_of(s)
    if writer is not None and needs_store:
        _wait_for(s, writer, overview=build_if_missing)
    if first is not None and first.snapshot()["status"] == "failed" and not resources.store_present(s):
        _first_start_failed(s, first.snapshot())
    return s
