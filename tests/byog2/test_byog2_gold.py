"""The transit question set: the generator is deterministic, golds agree with networkx read directly, and the
committed questions.jsonl is exactly what questions.py writes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import networkx as nx

HERE = Path(__file__).resolve().parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"byog2_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _golds(path: Path) -> dict[str, dict]:
    return {q["question"]: q for q in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def test_generated_graph_and_golds(tmp_path):
    graph, questions = _load("graph"), _load("questions")
    path = graph.write_graphml(tmp_path / "a")
    assert path.read_bytes() == graph.write_graphml(tmp_path / "b").read_bytes()  # deterministic
    g = nx.read_graphml(path)
    labels = {d["labels"] for _, d in g.nodes(data=True)}
    etypes = {d["label"] for *_, d in g.edges(data=True)}
    assert len(labels) == 7 and 8 <= len(etypes) <= 10 and 300 <= g.number_of_nodes() <= 2000
    names = [d["name"] for _, d in g.nodes(data=True)]
    assert len(names) == len(set(names))

    out = tmp_path / "q.jsonl"
    qs = questions.write(path, out)
    assert out.read_bytes() == (HERE / "questions.jsonl").read_bytes()  # committed file is what the code writes
    assert len(qs) >= 60 and sum(q["gold"]["type"] == "none" for q in qs) >= 5

    by = _golds(out)
    # recompute a few golds directly, with plain networkx, independent of questions.py's helpers
    assert by["How many stations are there in the network?"]["gold"]["value"] == sum(
        d["labels"] == ":Station" for _, d in g.nodes(data=True))
    assert by["How many tram lines are there?"]["gold"]["value"] == sum(
        d.get("mode") == "tram" for _, d in g.nodes(data=True))
    name = {n: d["name"] for n, d in g.nodes(data=True)}
    node = {v: k for k, v in name.items()}
    lid = node["Cobalt Line"]
    veh = {u for u, v, d in g.in_edges(lid, data=True) if d["label"] == "ASSIGNED_TO"}
    assert set(by["Which vehicles are assigned to the Cobalt Line?"]["gold"]["ids"]) == veh
    # the self-relation: a station's incoming CONNECTS_TO edges
    q = next(q for t, q in by.items() if t.startswith("Which stations connect to "))
    target = node[q["question"].removeprefix("Which stations connect to ").rstrip("?")]
    assert set(q["gold"]["ids"]) == {u for u, _v, d in g.in_edges(target, data=True) if d["label"] == "CONNECTS_TO"}
    # a 4-hop path: District <- Station <- Incident -> Vehicle -> Line
    dist = node["Riverside"]
    stations = {u for u, _v, d in g.in_edges(dist, data=True) if d["label"] == "LOCATED_IN"}
    incs = {u for s in stations for u, _v, d in g.in_edges(s, data=True) if d["label"] == "OCCURRED_AT"}
    vehs = {v for i in incs for _u, v, d in g.out_edges(i, data=True) if d["label"] == "INVOLVED"}
    lines = {v for x in vehs for _u, v, d in g.out_edges(x, data=True) if d["label"] == "ASSIGNED_TO"}
    q = by["Which lines had vehicles involved in incidents at stations in Riverside?"]
    assert set(q["gold"]["ids"]) == lines and q["hops"] == 4
    # an edge property
    q = next(q for t, q in by.items() if t.startswith("How many minutes does it take to get from "))
    a, b = q["question"].removeprefix("How many minutes does it take to get from ").rstrip("?").split(" to ")
    assert q["gold"]["value"] == g.edges[node[a], node[b]]["minutes"]
    # unknown names really are unknown
    for q in qs:
        if q["gold"]["type"] == "none":
            assert not any(n in q["question"] for n in names)
