"""Numbers the docs state for a setting are the setting's default: a doc that writes "8 (`HOPLENS_GRAPH_MAX_SEEDS`)"
or "`HOPLENS_CONTEXT_BUDGET`, default 640" must agree with core/config.py, so docs and code cannot drift."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import SimpleNamespace

from core.config import Settings
from core.names import Thresholds

ROOT = Path(__file__).resolve().parents[2]
BEFORE = re.compile(r"(\d+(?:\.\d+)?)\s*\(`HOPLENS_([A-Z0-9_]+)`\)")
AFTER = re.compile(r"`HOPLENS_([A-Z0-9_]+)`,?\s*default\s*(\d+(?:\.\d+)?)")


def _claims() -> list[tuple[str, str, float]]:
    out = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        out += [(doc.name, name, float(n)) for n, name in BEFORE.findall(text)]
        out += [(doc.name, name, float(n)) for name, n in AFTER.findall(text)]
    return out


def test_documented_numbers_are_the_settings_defaults():
    claims = _claims()
    names = {c[1] for c in claims}
    assert {"GRAPH_MAX_SEEDS", "GRAPH_RERANK_POOL", "GRAPH_ANCHOR_CHUNKS"} <= names  # the retrieval docs state them
    # docs/retrieval.md (BasicRAG), docs/byod.md (routes, edges, every entity-resolution threshold)
    assert {"BASIC_CANDIDATES", "ROUTED_OVERFETCH", "ROUTED_COMMUNITIES", "BYOD_EDGE_SOURCES"} <= names
    assert {f"RESOLVE_{f.name.upper()}" for f in dataclasses.fields(Thresholds)} <= names
    fields = Settings.model_fields
    wrong = []
    for doc, name, number in claims:
        field = fields.get(name.lower())
        if field is None:
            wrong.append(f"{doc}: HOPLENS_{name} is not a setting")
        elif isinstance(field.default, int | float) and float(field.default) != number:
            wrong.append(f"{doc}: HOPLENS_{name} documented as {number:g}, default is {field.default}")
    assert not wrong, "\n".join(wrong)


def test_the_code_reads_those_settings():
    """The documented numbers are not copies: the code takes them from the settings."""
    from core.retrieval.basic import BasicRetriever

    assert Thresholds() == Thresholds.from_settings(Settings())  # the dataclass's defaults are the settings'
    tuned = Thresholds.from_settings(Settings(resolve_frequent_ratio=9.0, resolve_min_fuzzy=80))
    assert (tuned.frequent_ratio, tuned.min_fuzzy) == (9.0, 80)
    assert BasicRetriever(SimpleNamespace(settings=Settings(basic_candidates=5))).candidates == 5
    assert BasicRetriever(SimpleNamespace(settings=Settings())).candidates == Settings().basic_candidates
    # GraphRAG's fusion weights come from the settings too
    from core.records import SubgraphNode
    from core.retrieval.graph import node_score

    node = SubgraphNode(id="X", type="T", label="x", hop=1, hop_score=1.0, similarity=0.5)
    assert node_score(node, {"X"}, set(), 1.0, Settings()) == 3.0 + 1.0 * 0.5 + 0.5
    assert node_score(node, {"X"}, set(), 1.0, Settings(graph_w_anchor=1.0, graph_w_hop=0.0)) == 1.0 + 0.5
