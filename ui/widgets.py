"""Shared widgets: the subgraph embed, answer blocks, error boxes, the entity picker and the sidebar."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pandas as pd
import streamlit as st

from core import viz
from core.records import Answer, Subgraph

log = logging.getLogger("hoplens.app")

GRAPH_HEIGHT = 560
# The legend row above the canvas plus the frame's padding.
LEGEND_ALLOWANCE = 56


def _expected(exc: BaseException) -> bool:
    """Errors HopLens raises for users (their message says what to do)."""
    from core.llm.base import LLMError
    from core.store.base import StoreError

    return isinstance(exc, ValueError | FileNotFoundError | FileExistsError | PermissionError | StoreError | LLMError)


def _log(what: str, exc: BaseException) -> None:
    # Expected errors are the user's to fix: one line in the server log. Anything else keeps its traceback there.
    if _expected(exc):
        log.info("%s: %s", what, exc)
    else:
        log.warning("%s failed", what, exc_info=exc)


def _demo() -> bool:
    from core.config import get_settings

    return get_settings().demo


def user_message(exc: BaseException) -> str:
    """A one-line message for the page: our errors already say what to do; others get their type for context.

    In demo mode the message never names a server path, and an unexpected error only says that it was logged.
    """
    if _expected(exc):
        text = str(exc)
    elif _demo():
        return "Something went wrong on the server (it was logged); try again or ask the presenter."
    elif isinstance(exc, ImportError):
        text = f"{exc} — an optional package is missing (see docs/app.md)"
    else:
        text = f"{type(exc).__name__}: {exc}"
    return short(text)


def short(text: str, limit: int = 400) -> str:
    """One message as a visitor may see it: in demo mode without server paths; never longer than ``limit``."""
    if _demo():
        from ui.guard import redact

        text = redact(text).strip()
        text = text.splitlines()[0] if text else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


@contextmanager
def guarded(what: str) -> Iterator[None]:
    """Show any failure inside as an ``st.error`` naming ``what`` (never a traceback); the page keeps running.

    Streamlit's own control flow (st.stop, st.rerun, switch_page) raises BaseException subclasses and passes through.
    """
    try:
        yield
    except Exception as exc:
        _log(what, exc)
        st.error(f"**{what} failed.** {user_message(exc)}")


def run_guarded(what: str, fn: Callable[[], Any]) -> tuple[Any, str | None]:
    """(result, None) or (None, message) — for callers that keep the message in session state."""
    try:
        return fn(), None
    except Exception as exc:
        _log(what, exc)
        return None, user_message(exc)


@st.cache_data(show_spinner=False, max_entries=24)
def _subgraph_html(subgraph_json: str, height: int, palette_json: str = "{}") -> str:
    return viz.subgraph_html(Subgraph.from_dict(json.loads(subgraph_json)), height_px=height,
                             palette=json.loads(palette_json))


def type_palette_json() -> str:
    """The colours of the store's ontology types (``viz.type_palette``), as JSON for the cached drawers; "{}"
    (name-derived colours) when the store cannot be opened here."""
    from ui import resources

    try:
        onto = resources.get_store(resources.settings()).ontology()
    except Exception:  # noqa: BLE001 - colours are cosmetic; the page reports store errors itself
        return "{}"
    return json.dumps(viz.type_palette(v.name for v in onto.entity_types()), sort_keys=True)


def subgraph_view(subgraph: Subgraph | None, height: int = GRAPH_HEIGHT, caption: str | None = None) -> None:
    """Embed the interactive subgraph (self-contained HTML in an iframe; its scripts run there)."""
    if subgraph is None or not subgraph.nodes:
        st.info("No subgraph: this answer did not walk the graph.")
        return
    page = _subgraph_html(json.dumps(subgraph.to_dict(), sort_keys=True), height, type_palette_json())
    seeds = sum(1 for n in subgraph.nodes if n.hop == 0)
    st.iframe(page, height=height + LEGEND_ALLOWANCE, alt="Subgraph walked by GraphRAG")
    st.caption(caption or f"{len(subgraph.nodes)} nodes ({seeds} seeds) · {len(subgraph.edges)} edges · "
               "drag to move, scroll to zoom, hover for hop scores")


def hop_score_table(subgraph: Subgraph | None, key: str) -> None:
    rows = viz.hop_score_rows(subgraph)
    if not rows:
        return
    st.dataframe(
        pd.DataFrame(rows),
        hide_index=True,
        width="stretch",
        key=key,
        column_config={
            "hop score": st.column_config.ProgressColumn(
                "hop score", format="%.2f", min_value=0.0, max_value=max(r["hop score"] for r in rows) or 1.0
            ),
            "seed": st.column_config.CheckboxColumn("seed"),
        },
    )


_MD_SPECIAL = set("\\`*_{}[]()#+-.!|~<>$:=")


def plain_markdown(text: str) -> str:
    """``text`` escaped so markdown shows it verbatim: an answer like "7. (count …)" is not a list, "$5" not maths,
    ":red[x]" not a colour directive. Line breaks are kept."""
    escaped = "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in text)
    return escaped.replace("\n", "  \n")


def answer_box(answer: Answer) -> None:
    """The answer text (verbatim) and its one-line cost."""
    with st.container(border=True):
        st.markdown(plain_markdown(answer.text) if answer.text else "_(empty answer)_")
    st.caption(viz.stats_line(answer.usage, answer.timings)
               + (" · tokens counted locally" if answer.usage.counted_locally else ""))
    if answer.error:
        st.warning(answer.error)


def plan_view(answer: Answer) -> None:
    rows = viz.plan_rows(answer.plan)
    if not rows:
        st.caption("No plan: this pipeline does not plan.")
        return
    st.markdown("\n".join(f"- **{k}**: {_md_escape(v)}" for k, v in rows))


def _md_escape(text: str) -> str:
    # Plan text holds ids and arrows; keep markdown from reading "*" or "_" as emphasis or "<" as HTML.
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_").replace("<", "&lt;")


def context_view(answer: Answer, key: str) -> None:
    """The exact context block sent to the generator, with per-item token counts."""

    if not answer.context:
        st.caption("No context was sent: the generator saw only the system prompt and the question.")
        return
    st.dataframe(pd.DataFrame(viz.context_rows(answer.context)), hide_index=True, width="stretch", key=key,
                 column_config={"text": st.column_config.TextColumn("text", width="large")})
    st.caption(f"{len(answer.context)} items · {answer.context_tokens:,} context tokens")
    with st.expander("Context block exactly as sent"):
        st.code(answer.rendered_context(), language=None, wrap_lines=True)


def usage_view(answer: Answer, key: str) -> None:
    u = answer.usage
    c1, c2, c3, c4 = st.columns(4)
    c1.metric("prompt tokens", f"{u.prompt_tokens:,}")
    c2.metric("completion tokens", f"{u.completion_tokens:,}")
    c3.metric("LLM calls", u.calls)
    c4.metric("latency", viz.format_ms(answer.timings.total_ms))
    st.plotly_chart(viz.timings_figure(answer.timings), key=key, width="stretch")


def entity_picker(store: Any, search_key: str, pick_key: str, limit: int = 12, preselect: bool = True,
                  on_change: Callable[[], None] | None = None) -> str | None:
    """Search entities by id, name or alias; returns the chosen entity id (None until one matches and, without
    ``preselect``, until the user picks one)."""
    text = st.text_input("Find an entity (id, name or alias)", key=search_key, placeholder="e.g. CUST-0001 or Acme")
    if not text.strip():
        return None
    matches = store.find_entities(text.strip(), limit=limit)
    if not matches:
        st.warning(f"No entity matches {text.strip()!r}. Try an id like CUST-0001 or part of a name.")
        return None
    labels = {e.id: f"{e.id} · {e.name} ({e.type})" for e in matches}
    return st.selectbox("Matching entities", list(labels), format_func=labels.__getitem__, key=pick_key,
                        index=0 if preselect else None, on_change=on_change, placeholder="choose one")


def flash(kind: str, text: str) -> None:
    """Queue a message for the next run (use before st.rerun so the page redraws with fresh data)."""
    from ui.state import state

    state.flash = [*state.flash, (kind, text)]


def show_flash() -> None:
    from ui.state import state

    for kind, text in state.flash:
        getattr(st, kind, st.info)(text)
    state.flash = []
