"""Typed wrappers around ``st.session_state``: one attribute per value a page keeps between reruns.

Pages read and write ``state.ask_answer`` instead of ``st.session_state["..."]``, so keys are spelled once and the
types are visible. Widget-bound values (``*_input`` keys) are exposed as keys for the ``key=`` argument.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

import streamlit as st

from core.records import Answer

T = TypeVar("T")


class SessionVar(Generic[T]):
    """A descriptor storing one typed value in ``st.session_state`` under ``hl.<name>``."""

    def __init__(self, default: Callable[[], T]) -> None:
        self._default = default
        self.key = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = f"hl.{name}"

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> SessionVar[T]: ...
    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> T: ...

    def __get__(self, obj: object | None, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        if self.key not in st.session_state:
            st.session_state[self.key] = self._default()
        return st.session_state[self.key]

    def __set__(self, obj: object, value: T) -> None:
        st.session_state[self.key] = value


def _none() -> None:
    return None


class AppState:
    """Everything the app remembers for one browser session."""

    # A question handed to Ask/Compare by another page (an example clicked on the overview); consumed once.
    pending_question: SessionVar[str | None] = SessionVar(_none)
    ask_answer: SessionVar[Answer | None] = SessionVar(_none)
    ask_error: SessionVar[str | None] = SessionVar(_none)
    compare_question: SessionVar[str | None] = SessionVar(_none)
    compare_answers: SessionVar[dict[str, Answer]] = SessionVar(dict)
    compare_errors: SessionVar[dict[str, str]] = SessionVar(dict)
    bench_dir: SessionVar[str | None] = SessionVar(_none)
    explore_entity: SessionVar[str | None] = SessionVar(_none)
    # Messages to show after a rerun (kind in success|info|warning|error, text), e.g. "snapshot written".
    flash: SessionVar[list[tuple[str, str]]] = SessionVar(list)
    # Per-session choice of store (Data page); None means the configured one (HOPLENS_STORE or the default).
    store_override: SessionVar[str | None] = SessionVar(_none)
    # The outcome of the last admin unlock attempt (kind, text) — never the secret itself (ui/guard.py keeps a proof).
    admin_message: SessionVar[tuple[str, str] | None] = SessionVar(_none)
    # Background jobs this session started and has not yet reported on (job id -> what to say when it ends).
    data_job: SessionVar[str | None] = SessionVar(_none)
    bench_job: SessionVar[str | None] = SessionVar(_none)


# Widget keys (Streamlit owns these values; callbacks may set them before the widget renders).
ASK_QUESTION = "ask.question"
ASK_PIPELINE = "ask.pipeline"
ASK_ENTITY_SEARCH = "ask.entity_search"
ASK_ENTITY_PICK = "ask.entity_pick"
COMPARE_QUESTION = "compare.question"
COMPARE_SUITE_PICK = "compare.suite_pick"
EXPLORE_SEARCH = "explore.search"
ADMIN_TOKEN = "admin.token"  # cleared by the unlock callback before the page is drawn again

state = AppState()
