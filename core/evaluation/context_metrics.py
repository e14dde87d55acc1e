"""Reader-free retrieval metrics: does the context a pipeline built hold the answer, before any reader reads it?

Evaluation-side only (it reads the dataset and the gold; answering code never imports it). For each question a
``Support`` says what a context must hold, computed from the dataset by the question's template (core/dataset):

- ``members``: the gold entities — a set answer's ids; for a count, every member of the counted set; for a
  comparison, the members counted for both anchors (what decides the winner); for a yes/no check, the candidate.
- ``path``: entities on the template's paths from the anchor that lead to a member (intermediate hops).
- ``anchors``: the entities the question names.

Metrics per (question, pipeline), from the context text alone (docs/evaluation.md):

- ``answer_in_context`` (bool, None for unanswerable questions):
  set: every member is mentioned; comparison: every counted member is mentioned, or each anchor's count is
  stated in a context line that mentions that anchor; count: every counted member is mentioned, or a context line that
  mentions an anchor states the gold number (a count of 0 needs such a line); value: a context line that mentions
  an anchor contains the gold value (as the structured judge matches values); yes/no: both anchors and, for a
  "yes", every path entity are mentioned.
- ``gold_recall``: share of ``members`` mentioned (value gold: 1 or 0 as above; None when there are no members).
- ``context_precision``: share of the entities mentioned in the context that are anchors, members or on the path
  (None for an empty context).

An entity is *mentioned* when its id appears as a token, or its name or one of its aliases (at least
``MIN_NAME_CHARS`` characters) appears as a whole phrase, case-insensitively.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.evaluation.judges import StructuredJudge, standalone_numbers
from core.records import Question
from core.schema import ENTITY_ID_RE

MIN_NAME_CHARS = 4
MAX_NAME_WORDS = 8
_WORDS_RE = re.compile(r"\w+")


@dataclass(frozen=True)
class Support:
    gold_type: str
    anchors: tuple[str, ...] = ()
    members: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    value: Any = None
    counts: tuple[tuple[str, int], ...] = ()  # comparison: (anchor, its count) per anchor

    @property
    def relevant(self) -> set[str]:
        return set(self.anchors) | set(self.members) | set(self.path)


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORDS_RE.findall(text or "")]


@dataclass
class Mentions:
    """Finds entity mentions (ids, names, aliases) in text; built once per dataset."""

    names: dict[tuple[str, ...], set[str]] = field(default_factory=dict)
    ids: set[str] = field(default_factory=set)

    @classmethod
    def from_entities(cls, entities: Iterable[Any]) -> Mentions:
        table: dict[tuple[str, ...], set[str]] = defaultdict(set)
        ids: set[str] = set()
        for e in entities:
            ids.add(e.id)
            for text in (e.name, *(e.aliases or ())):
                words = tuple(_words(text))
                if len(text.strip()) >= MIN_NAME_CHARS and 0 < len(words) <= MAX_NAME_WORDS:
                    table[words].add(e.id)
        return cls(dict(table), ids)

    def find(self, text: str, prefer: set[str] | None = None) -> set[str]:
        """Entity ids mentioned in ``text``: ids as tokens, and names matched longest first, left to right, without
        overlap (so "Paris database outage" is one outage, not also the Paris region). An ambiguous name resolves
        to the ``prefer`` ids it may mean, if any, else to every entity it may mean."""
        found = {i for i in ENTITY_ID_RE.findall(text or "") if not self.ids or i in self.ids}
        if not self.names:
            return found
        words = _words(ENTITY_ID_RE.sub(" | ", text or ""))  # ids are not names; "|" keeps words apart
        i, n = 0, len(words)
        while i < n:
            for j in range(min(n, i + MAX_NAME_WORDS), i, -1):
                owners = self.names.get(tuple(words[i:j]))
                if owners:
                    picked = owners & prefer if prefer else set()
                    found |= picked or owners
                    i = j
                    break
            else:
                i += 1
        return found


# ---- supports from the dataset ------------------------------------------------------------------------------------


def _pruned_levels(kb, start: set[str], steps: Sequence[tuple[str, str, str]], keep_last: set[str]) -> list[set[str]]:
    """Per level, the nodes on ``steps`` from ``start`` that lead to ``keep_last`` (level 0 is within ``start``)."""
    levels = [set(start)]
    for step in steps:
        levels.append(kb.follow(levels[-1], step))
    kept = [set() for _ in levels]
    kept[-1] = levels[-1] & keep_last
    for i in range(len(steps) - 1, -1, -1):
        kept[i] = {x for x in levels[i] if kb.follow({x}, steps[i]) & kept[i + 1]}
    return kept


def _traverse_path(kb, anchor: str, paths, then, members: set[str]) -> set[str]:
    """Intermediate entities of a Traverse/Membership template that lead from ``anchor`` to ``members``."""
    if not members:
        return set()
    reached = kb.walk(anchor, paths)  # before ``then``
    out: set[str] = set()
    if then:
        on_then = _pruned_levels(kb, reached, then, members)
        mid = on_then[0]
        out = set().union(*on_then)
    else:
        mid = reached & members
    for p in paths:
        out |= set().union(*_pruned_levels(kb, {anchor}, p, mid))
    return out - {anchor} - members


def support_for(kb, question: Question, instance: Any | None) -> Support:
    """What ``question``'s context must hold. Without its template instance (a suite loaded from a file) only the
    gold itself is used: set members and values, no counted members and no path."""
    from core.dataset import question_templates as qt

    gold = question.gold or {}
    gtype = str(gold.get("type"))
    anchors = tuple(a for a in (instance.anchors if instance is not None else question.anchors) if a)
    t = qt.BY_NAME.get(instance.template) if instance is not None and kb is not None else None
    if gtype == "none":
        return Support(gtype)
    if gtype == "value":
        return Support(gtype, anchors, value=gold.get("value"))
    if t is None:
        return Support(gtype, anchors, tuple(gold.get("ids") or ()), value=gold.get("value"))
    if isinstance(t, qt.Traverse):
        found = kb.walk(anchors[0], t.paths, t.then)
        if t.filter_attr:
            found = {f for f in found if kb.entities[f].attrs.get(t.filter_attr) == instance.params.get("v")}
        return Support(gtype, anchors, tuple(sorted(found)),
                       tuple(sorted(_traverse_path(kb, anchors[0], t.paths, t.then, found))), gold.get("value"))
    if isinstance(t, qt.Membership):
        inside = anchors[1] in kb.walk(anchors[0], t.paths)
        path = _traverse_path(kb, anchors[0], t.paths, (), {anchors[1]}) if inside else set()
        return Support(gtype, anchors, (anchors[1],), tuple(sorted(path)), gold.get("value"))
    if isinstance(t, qt.Compare):
        counted = set().union(*(kb.walk(a, t.paths) for a in anchors))
        path = set().union(*(_traverse_path(kb, a, t.paths, (), kb.walk(a, t.paths)) for a in anchors))
        counts = tuple((a, len(kb.walk(a, t.paths))) for a in anchors)
        return Support(gtype, anchors, tuple(sorted(counted)), tuple(sorted(path - counted)), gold.get("value"),
                       counts)
    return Support(gtype, anchors, tuple(gold.get("ids") or ()), value=gold.get("value"))  # portfolio: neighbours


def supports_for(kb, pairs: Iterable[tuple[Question, Any | None]]) -> dict[str, Support]:
    return {q.id: support_for(kb, q, inst) for q, inst in pairs}


# ---- the metrics --------------------------------------------------------------------------------------------------

EMPTY = {"answer_in_context": None, "gold_recall": None, "context_precision": None, "context_entities": 0}


def context_metrics(support: Support, context_lines: Sequence[str], mentions: Mentions) -> dict[str, Any]:
    """The reader-free metrics of one context (its items, one per line) for one question."""
    if support.gold_type == "none":
        return dict(EMPTY)
    relevant = support.relevant
    per_line = [mentions.find(line, relevant) for line in context_lines]
    seen: set[str] = set().union(*per_line) if per_line else set()
    precision = round(len(seen & relevant) / len(seen), 6) if seen else None
    anchors = set(support.anchors)
    anchor_lines = [line for line, ids in zip(context_lines, per_line, strict=True) if ids & anchors]
    members = set(support.members)
    recall = round(len(members & seen) / len(members), 6) if members else None

    if support.gold_type == "value":
        judge_value = StructuredJudge._value_present
        values = support.value if isinstance(support.value, list) else [support.value]
        hit = bool(anchor_lines) and all(any(judge_value(v, line) for line in anchor_lines) for v in values)
        recall = 1.0 if hit else 0.0
    elif support.gold_type == "count":
        expected = float(support.value) if support.value is not None else None
        stated = expected is not None and any(expected in standalone_numbers(line) for line in anchor_lines)
        hit = stated or (bool(members) and members <= seen)
    elif support.gold_type == "bool":
        needed = anchors | (set(support.path) if support.value else set()) | members
        hit = needed <= seen
    else:  # set (lists, portfolio, comparison)
        hit = bool(members) and members <= seen
        if support.counts and not hit:  # a comparison: each anchor's count stated in a line that names it
            hit = all(any(float(n) in standalone_numbers(line)
                          for line, ids in zip(context_lines, per_line, strict=True) if a in ids)
                      for a, n in support.counts)
    return {"answer_in_context": bool(hit), "gold_recall": recall, "context_precision": precision,
            "context_entities": len(seen)}


def load_context_scorer(data_dir, pairs: Iterable[tuple[Question, Any | None]]):
    """(supports by question id, Mentions) for a dataset folder; the runner calls this once per run.

    A folder without the dataset's entity and edge files (questions from elsewhere) still scores: supports come
    from the gold alone and entities are recognised by their ids only."""
    from core.dataset.io import FILES
    from core.dataset.kb import KB

    pairs = list(pairs)
    if not all((Path(data_dir) / FILES[k]).exists() for k in ("entities", "edges")):
        return supports_for(None, pairs), Mentions()
    kb = KB.load(data_dir)
    return supports_for(kb, pairs), Mentions.from_entities(kb.entities.values())


def rows_context_lines(row: Mapping[str, Any]) -> list[str]:
    text = row.get("context_text") or ""
    return [line for line in text.split("\n") if line.strip()]
