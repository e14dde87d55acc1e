"""What every page does first: page config, the sidebar (navigation + knowledge-base status), first-start build.

The app is a classic ``pages/`` multipage app (Streamlit discovers pages/1_Ask.py … itself). We draw our own sidebar
navigation (the default one is switched off in .streamlit/config.toml) so the overview is called "Overview", not
"app". Every page is self-sufficient: opening /Ask directly works the same as arriving from the overview.
"""

from __future__ import annotations

import streamlit as st

from core.config import Settings
from ui import build, resources

# (script path relative to app.py, label, Material icon)
PAGES: tuple[tuple[str, str, str], ...] = (
    ("app.py", "Overview", ":material/hub:"),
    ("pages/1_Ask.py", "Ask", ":material/chat:"),
    ("pages/2_Compare.py", "Compare", ":material/compare_arrows:"),
    ("pages/3_Benchmark.py", "Benchmark", ":material/bar_chart:"),
    ("pages/4_Explore.py", "Explore", ":material/explore:"),
    ("pages/5_Data.py", "Data", ":material/database:"),
)


def _sidebar(s: Settings, present: bool) -> None:
    with st.sidebar:
        st.markdown("### HopLens")
        for path, label, icon in PAGES:
            st.page_link(path, label=label, icon=icon)
        st.divider()
        st.caption(f"backend **{s.backend}** · generator **{s.generator}** · embedder **{s.embedder}**")
        st.caption(f"store `{s.store_path()}`")
        st.caption(":green[●] store folder found" if present else ":red[●] no knowledge base yet")


def page_setup(title: str, build_if_missing: bool = False) -> Settings:
    """Configure the page and draw the sidebar; returns this session's settings.

    ``build_if_missing`` (the overview): on first start, with no store, build the configured one with a progress bar,
    then continue. Other pages say where to build one instead (the user may want another scale, or a restore).
    """
    st.set_page_config(page_title=f"{title} · HopLens", page_icon=":material/hub:", layout="wide")
    s = resources.settings()
    present = resources.store_present(s)
    _sidebar(s, present)
    if not present and build_if_missing and s.backend == "embedded":
        build.first_start(s)
    return s
