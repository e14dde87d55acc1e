"""byog4 (film graph): deterministic generation, the committed hold-out set equals a fresh run, and some gold
values recomputed a second, independent way (networkx's GraphML reader instead of questions.py's xml parser)."""

from __future__ import annotations

import csv
import importlib.util
import json
import re
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

HERE = Path(__file__).resolve().parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"byog4_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


graph_mod = _load("graph")
questions_mod = _load("questions")


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("byog4")
    path = graph_mod.generate(out, csv_too=True)
    return out, path


@pytest.fixture(scope="module")
def committed():
    return [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def nxg(generated):
    return nx.read_graphml(generated[1], force_multigraph=True)


def _type(G, n):
    return G.nodes[n]["labels"].lstrip(":")


def _name(G, n):
    a = G.nodes[n]
    return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"


def _by_name(G, name):
    hits = [n for n in G.nodes if _name(G, n) == name]
    assert len(hits) == 1, name
    return hits[0]


def _succ(G, n, etype):
    return {v for _, v, d in G.out_edges(n, data=True) if d["label"] == etype}


def _pred(G, n, etype):
    return {u for u, _, d in G.in_edges(n, data=True) if d["label"] == etype}


def _q(committed, pattern):
    hits = [(q, re.fullmatch(pattern, q["question"])) for q in committed]
    hits = [(q, m) for q, m in hits if m]
    assert len(hits) == 1, pattern
    return hits[0]


def test_generation_is_deterministic(tmp_path, generated):
    again = graph_mod.generate(tmp_path, csv_too=True)
    assert again.read_bytes() == generated[1].read_bytes()
    for f in sorted((generated[0] / "csv").iterdir()):
        assert (tmp_path / "csv" / f.name).read_bytes() == f.read_bytes(), f.name


def test_schema_shape(nxg, generated):
    labels = Counter(_type(nxg, n) for n in nxg.nodes)
    etypes = Counter(d["label"] for *_, d in nxg.edges(data=True))
    assert 6 <= len(labels) <= 9 and 8 <= len(etypes) <= 12
    assert 800 <= nxg.number_of_nodes() <= 4000
    assert all(_type(nxg, u) == _type(nxg, v) == "Film" for u, v, d in nxg.edges(data=True)
               if d["label"] == "SEQUEL_OF") and etypes["SEQUEL_OF"] > 0
    # edges with properties keep their GraphML types
    acted = next(d for *_, d in nxg.edges(data=True) if d["label"] == "ACTED_IN")
    assert isinstance(acted["billing"], int) and isinstance(acted["fee"], float)
    signed = next(d for *_, d in nxg.edges(data=True) if d["label"] == "SIGNED_WITH")
    assert isinstance(signed["exclusive"], bool) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", signed["since"])
    # no parallel edges (HopLens keeps one edge per start, type, end)
    assert len({(u, v, d["label"]) for u, v, d in nxg.edges(data=True)}) == nxg.number_of_edges()
    # the CSV export holds the same graph
    csv_dir = generated[0] / "csv"
    n_rows = sum(sum(1 for _ in csv.reader(f.open(encoding="utf-8"))) - 1 for f in csv_dir.glob("nodes_*.csv"))
    e_rows = sum(sum(1 for _ in csv.reader(f.open(encoding="utf-8"))) - 1 for f in csv_dir.glob("rels_*.csv"))
    assert (n_rows, e_rows) == (nxg.number_of_nodes(), nxg.number_of_edges())


def test_committed_questions_equal_a_fresh_run(generated, committed):
    fresh = questions_mod.build_questions(questions_mod.Graph(generated[1]))
    assert fresh == committed
    assert len(committed) == 80 and len({q["id"] for q in committed}) == 80
    assert len({q["question"] for q in committed}) == 80


def test_whole_graph_golds_by_networkx(nxg, committed):
    films = [n for n in nxg.nodes if _type(nxg, n) == "Film"]
    q, _ = _q(committed, r"How many films are in the graph\?")
    assert q["gold"]["value"] == len(films)
    q, _ = _q(committed, r"How many PG-13 films are there\?")
    assert q["gold"]["value"] == sum(nxg.nodes[f]["rating"] == "PG-13" for f in films)
    q, _ = _q(committed, r"How many thrillers were released from 2011 onwards\?")
    thr = _by_name(nxg, "Thriller")
    assert q["gold"]["value"] == sum(int(nxg.nodes[f]["release_date"][:4]) >= 2011 for f in _pred(nxg, thr, "IN_GENRE"))
    q, _ = _q(committed, r"Which director has directed the most films\?")
    counts = Counter(u for u, _, d in nxg.edges(data=True) if d["label"] == "DIRECTED")
    (top, n1), (_, n2) = counts.most_common(2)
    assert n1 > n2 and q["gold"]["ids"] == [top]


def test_anchored_golds_by_networkx(nxg, committed):
    # 4 hops: Country <- Actor -> Film -> Studio -> Country
    q, m = _q(committed, r"Which countries are home to the studios behind films starring actors born in (.+)\?")
    c = _by_name(nxg, m.group(1).removeprefix("the "))
    want = set()
    for a in _pred(nxg, c, "BORN_IN"):
        if _type(nxg, a) != "Actor":
            continue
        for f in _succ(nxg, a, "ACTED_IN"):
            for s in _succ(nxg, f, "PRODUCED_BY"):
                want |= _succ(nxg, s, "BASED_IN")
    assert set(q["gold"]["ids"]) == want and q["hops"] == 4
    # self-relation, reverse direction, then one more hop
    q, m = _q(committed, r"Who directed the sequel to (.+)\?")
    f = _by_name(nxg, m.group(1))
    assert set(q["gold"]["ids"]) == {d for s in _pred(nxg, f, "SEQUEL_OF") for d in _pred(nxg, s, "DIRECTED")}
    # an edge property summed over a set
    q, m = _q(committed, r"How much has (.+) earned in fees across all of their roles\?")
    a = _by_name(nxg, m.group(1))
    fees = [d["fee"] for _, _, d in nxg.out_edges(a, data=True) if d["label"] == "ACTED_IN"]
    assert q["gold"]["value"] == pytest.approx(sum(fees), abs=0.05)
    # portfolio = direct neighbours, both directions
    q, m = _q(committed, r"Tell me everything about (.+)\.")
    d = _by_name(nxg, m.group(1))
    assert set(q["gold"]["ids"]) == set(nxg.successors(d)) | set(nxg.predecessors(d))
    assert q["gold"]["names"] == [_name(nxg, i) for i in q["gold"]["ids"]]
    # unknown names are not in the graph
    names = {_name(nxg, n).lower() for n in nxg.nodes}
    for q in committed:
        if q["gold"]["type"] == "none":
            assert not any(n in q["question"].lower() for n in names if len(n) > 6), q["question"]


def test_question_mix(committed):
    kinds = Counter(q["kind"] for q in committed)
    assert {"aggregate", "relation", "multi_hop", "comparison", "lookup", "portfolio", "unanswerable"} <= set(kinds)
    assert {q["hops"] for q in committed if q["kind"] == "multi_hop"} >= {2, 3, 4}
    assert all(len(q["gold"]["ids"]) <= 12 for q in committed if q["gold"]["type"] == "set")
