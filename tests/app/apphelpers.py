"""Helpers shared by the AppTests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

import re


def iframes(at) -> list:
    """The st.iframe elements of a run (AppTest has no typed accessor for them)."""
    return list(at.get("iframe"))


def unescape(markdown: str) -> str:
    """Markdown source as the reader sees it (backslash escapes removed)."""
    return re.sub(r"\\(.)", r"\1", markdown)


def texts(at) -> str:
    """All markdown, caption, info, warning, error and success text of a run, joined, markdown escapes removed."""
    parts = []
    for kind in ("markdown", "caption", "info", "warning", "error", "success", "subheader", "title"):
        parts += [str(e.value) for e in getattr(at, kind)]
    return unescape("\n".join(parts))


def rendered(at) -> str:
    """Everything a run rendered, main area and sidebar: each element's protobuf as text (labels, values, options,
    help texts, markdown) plus every dataframe's cells. For "this never appears on the page" checks."""
    parts: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(str(proto))
        for child in (getattr(node, "children", None) or {}).values():
            walk(child)

    walk(at._tree)
    parts += [d.value.to_string() for d in at.dataframe]
    return unescape("\n".join(parts))
