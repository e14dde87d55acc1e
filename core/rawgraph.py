"""What the readers produce: a property graph as read, before any inference, and the import error type."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class GraphImportError(ValueError):
    """Bad input: the message names the file and the line or element, and says what to fix."""


@dataclass
class RawNode:
    id: str
    labels: tuple[str, ...]
    props: dict[str, Any]
    where: str  # "file.graphml: node n3" / "people.csv line 7"


@dataclass
class RawEdge:
    src: str
    type: str
    dst: str
    props: dict[str, Any]
    where: str


@dataclass
class RawGraph:
    nodes: list[RawNode] = field(default_factory=list)
    edges: list[RawEdge] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    declared: dict[str, str] = field(default_factory=dict)  # property name -> declared kind (from the file's types)
    format: str = ""
