"""byog7 (supply chain): the generator is deterministic, the committed holdout equals a fresh run, and a few golds
agree with a second, independent computation from the Neo4j admin-import CSV files (csv module, not networkx)."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"byog7_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while the class is made
    spec.loader.exec_module(mod)
    return mod


graph = _load("graph")
questions = _load("questions")


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("byog7")
    g = graph.generate()
    graph.write_graphml(g, d / graph.GRAPHML_NAME)
    graph.write_csv(g, d / "neo4j")
    return d


@pytest.fixture(scope="module")
def fresh(out) -> list[dict]:
    return questions.build(questions.G(out / graph.GRAPHML_NAME))


@pytest.fixture(scope="module")
def rows(out):
    """The CSV export as plain rows: nodes by id (with label), edges as (src, type, dst, props)."""
    nodes, edges = {}, []
    for f in sorted((out / "neo4j").glob("nodes_*.csv")):
        with f.open(encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                nodes[r["id:ID"]] = {k.lstrip(":").split(":")[0]: v for k, v in r.items()}
    for f in sorted((out / "neo4j").glob("rels_*.csv")):
        with f.open(encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                props = {k.split(":")[0]: v for k, v in r.items() if not k.startswith(":")}
                edges.append((r[":START_ID"], r[":TYPE"], r[":END_ID"], props))
    return nodes, edges


def by_template(qs: list[dict], template: str) -> dict:
    (q,) = [q for q in qs if q["template"] == template]
    return q


def test_generation_is_deterministic(tmp_path, out):
    g = graph.generate()
    graph.write_graphml(g, tmp_path / "a.graphml")
    assert (tmp_path / "a.graphml").read_bytes() == (out / graph.GRAPHML_NAME).read_bytes()
    graph.write_csv(g, tmp_path / "csv")
    for f in (out / "neo4j").iterdir():
        assert (tmp_path / "csv" / f.name).read_bytes() == f.read_bytes(), f.name
    other = graph.generate(seed=graph.SEED + 1)
    assert [n["name"] for n in other.nodes.values()] != [n["name"] for n in g.nodes.values()]


def test_schema_shape(rows):
    nodes, edges = rows
    labels = {n["LABEL"] for n in nodes.values()}
    types = {e[1] for e in edges}
    assert 6 <= len(labels) <= 9 and 8 <= len(types) <= 12
    assert 800 <= len(nodes) <= 4000
    assert not types & {"PART_OF", "MENTIONS"}
    self_rel = {t for s, t, d, _ in edges if nodes[s]["LABEL"] == nodes[d]["LABEL"]}
    assert "COMPONENT_OF" in self_rel
    assert all(n["name"] for n in nodes.values())
    assert len({n["name"] for n in nodes.values()}) == len(nodes)  # unique display names
    assert all(d in nodes and s in nodes for s, _, d, _ in edges)
    assert len({(s, t, d) for s, t, d, _ in edges}) == len(edges)  # no parallel edges to be merged


def test_committed_holdout_equals_fresh_run(fresh):
    committed = [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]
    assert committed == fresh
    assert len(fresh) == 80
    assert {q["kind"] for q in fresh} >= {"aggregate", "relation", "multi_hop", "comparison", "portfolio",
                                          "unanswerable"}
    assert max(q["hops"] for q in fresh) == 4


def test_golds_recomputed_from_csv(rows, fresh):
    nodes, edges = rows
    out, inn = defaultdict(list), defaultdict(list)
    eprop = {}
    for s, t, d, p in edges:
        out[(s, t)].append(d)
        inn[(d, t)].append(s)
        eprop[(s, t, d)] = p
    of = {lab: [i for i, n in nodes.items() if n["LABEL"] == lab] for lab in {n["LABEL"] for n in nodes.values()}}

    assert by_template(fresh, "count_suppliers")["gold"]["value"] == len(of["Supplier"])
    n2024 = sum(nodes[s]["ship_date"].startswith("2024-") for s in of["Shipment"])
    assert by_template(fresh, "count_shipments_year")["gold"]["value"] == n2024

    q = by_template(fresh, "mh4_supplier_factories")
    (sup,) = q["anchors"]
    facs = {f for pt in out[(sup, "SUPPLIES")] for a in out[(pt, "COMPONENT_OF")] for p in out[(a, "USED_IN")]
            for f in out[(p, "ASSEMBLED_AT")]}
    assert set(q["gold"]["ids"]) == facs
    assert q["gold"]["names"] == [nodes[i]["name"] for i in q["gold"]["ids"]]

    q = by_template(fresh, "sum_carrier_freight")
    (car,) = q["anchors"]
    total = sum(float(eprop[(sh, "HANDLED_BY", car)]["freight_cost"]) for sh in inn[(car, "HANDLED_BY")])
    assert q["gold"]["value"] == pytest.approx(total, abs=0.01)

    q = by_template(fresh, "portfolio_supplier")
    (sup,) = q["anchors"]
    nbrs = {d for s, _, d, _ in edges if s == sup} | {s for s, _, d, _ in edges if d == sup}
    assert set(q["gold"]["ids"]) == nbrs

    q = by_template(fresh, "most_parts_supplier")
    counts = sorted(((len(out[(s, "SUPPLIES")]), s) for s in of["Supplier"]), reverse=True)
    assert counts[0][0] > counts[1][0] and q["gold"]["ids"] == [counts[0][1]]

    q = by_template(fresh, "yn_assembled_false")
    prod, fac = q["anchors"]
    assert q["gold"]["value"] is (fac in out[(prod, "ASSEMBLED_AT")]) is False

    names = {n["name"].lower() for n in nodes.values()}
    for q in fresh:
        if q["gold"]["type"] == "none":
            assert not any(n in q["question"].lower() for n in names if len(n) > 6), q["question"]
        if q["gold"]["type"] == "set":
            assert 1 <= len(q["gold"]["ids"]) <= 12
            assert not set(q["gold"]["ids"]) & set(q["anchors"])
