"""The pipeline registry is the one table: CLI choices, eval validation, ordering, labels and colours read it."""

from __future__ import annotations

import argparse

import pytest

from core import pipelines, viz
from core.evaluation.metrics import ordered_pipelines
from core.pipelines import REGISTRY, PipelineSpec
from core.records import Hit
from core.retrieval.search import rrf_fuse


def test_every_pipeline_has_a_label_colour_and_description():
    for name, spec in REGISTRY.items():
        assert spec.name == name and spec.label and spec.description
        assert spec.colour.startswith("#") and len(spec.colour) == 7
        assert viz.pipeline_label(name) == spec.label and viz.PIPELINE_COLORS[name] == spec.colour
    assert pipelines.PIPELINES == ("llm", "basic", "graph")  # the default comparison
    assert {"basic-dense", "routed"} <= set(pipelines.KNOWN_PIPELINES) - set(pipelines.PIPELINES)
    assert REGISTRY["basic-dense"].label == "BasicRAG (dense)"


def test_comparison_order_puts_the_more_structured_pipeline_first():
    assert ordered_pipelines(["llm", "basic", "basic-dense", "graph", "routed", "zzz"]) == [
        "graph", "basic", "basic-dense", "llm", "routed", "zzz"]
    assert pipelines.display_order(["graph", "llm", "basic"]) == ["llm", "basic", "graph"]


def test_validation_names_the_choices():
    with pytest.raises(ValueError, match="unknown pipeline.*nope.*choose from llm"):
        pipelines.validate_names(["graph", "nope"])
    with pytest.raises(ValueError, match="no pipelines"):
        pipelines.validate_names([" ", ""])
    assert pipelines.validate_names([" graph", "graph", "llm"]) == ["graph", "llm"]


def _throwaway(monkeypatch):
    """Add a pipeline the way a developer would: one PipelineSpec entry."""
    from core.retrieval.basic import BasicRetriever

    spec = PipelineSpec("bm25", "BM25 only", "#123456", "BM25 only: lexical search alone", False, 1,
                        lambda deps: BasicRetriever(deps.core, mode="lexical"))
    reg = {**REGISTRY, "bm25": spec}
    monkeypatch.setattr(pipelines, "REGISTRY", reg)
    monkeypatch.setattr(pipelines, "KNOWN_PIPELINES", tuple(reg))
    monkeypatch.setattr(pipelines, "LABELS", {n: s.label for n, s in reg.items()})
    monkeypatch.setattr(pipelines, "COLOURS", {n: s.colour for n, s in reg.items()})


def test_a_new_registry_entry_is_known_to_the_cli_and_builds(monkeypatch, tiny_store):
    _throwaway(monkeypatch)
    from core.commands import ask
    from core.evaluation import commands

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    ask.register(sub)
    commands.register(sub)
    assert parser.parse_args(["ask", "-p", "bm25", "q?"]).pipeline == "bm25"
    assert "bm25" not in parser.parse_args(["eval"]).pipelines.split(",")
    store = tiny_store.open()
    try:
        built = pipelines.build_pipelines(tiny_store.settings(), store=store, names=["bm25", "basic"])
        answer = built["bm25"].answer("Which tickets did CUST-0001 open?")
        assert answer.pipeline == "bm25" and answer.context
        assert all(h.source == "bm25" for h in built["bm25"].retriever.search("tickets CUST-0001").hits)
    finally:
        store.close()


def _hits(*ids, source="x"):
    return [Hit(chunk_id=i, doc_id=i.split("#")[0], score=1.0, source=source) for i in ids]


def test_rrf_fuses_ranks_with_weights_and_scales_to_one():
    dense, lexical = _hits("a#0", "b#0", "c#0"), _hits("b#0", "d#0")
    fused = rrf_fuse([dense, lexical], 10, rrf_k=20)
    assert [h.chunk_id for h in fused][:2] == ["b#0", "a#0"] and all(h.source == "fused" for h in fused)
    assert rrf_fuse([dense, dense], 1, rrf_k=20)[0].score == 1.0  # first in both lists
    lexical_heavy = rrf_fuse([dense, lexical], 10, rrf_k=20, weights=(0.2, 1.0))
    assert [h.chunk_id for h in lexical_heavy][:2] == ["b#0", "d#0"]
    assert [h.chunk_id for h in rrf_fuse([_hits("a#0", "a#0", "b#0")], 5)] == ["a#0", "b#0"]  # once per list
    for bad in ({"rrf_k": 0}, {"weights": (1.0,)}, {"weights": (0.0, 0.0)}, {"weights": (-1.0, 1.0)}):
        with pytest.raises(ValueError):
            rrf_fuse([dense, lexical], 3, **bad)


def test_basic_rag_hybrid_and_dense_share_one_core_and_differ_only_in_search(tiny_store):
    store = tiny_store.open()
    try:
        built = pipelines.build_pipelines(tiny_store.settings(), store=store, names=["basic", "basic-dense", "graph"])
        assert built["basic"].retriever.core is built["basic-dense"].retriever.core is built["graph"].retriever.core
        q = "Which tickets did CUST-0001 open?"
        assert {h.source for h in built["basic"].retriever.search(q).hits} == {"fused"}
        assert {h.source for h in built["basic-dense"].retriever.search(q).hits} == {"vector"}
        with pytest.raises(ValueError, match="unknown search mode"):
            built["basic"].retriever.core.seed_hits(q, 3, built["basic"].retriever.search(q).timings, mode="bogus")
    finally:
        store.close()
