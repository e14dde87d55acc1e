"""byog6 (hospital graph): the generator is deterministic, the committed holdout equals a fresh run, and a few golds
recomputed here from the GraphML with xml.etree (not networkx, not questions.py's look-ups) agree."""

from __future__ import annotations

import csv
import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).parent
NS = "{http://graphml.graphdrawing.org/xmlns}"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"byog6_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


graph_mod = _load("graph")
questions_mod = _load("questions")


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("byog6")
    g = graph_mod.build()
    graph_mod.write_graphml(g, d / "hospital.graphml")
    graph_mod.write_csv(g, d / "csv")
    return d


@pytest.fixture(scope="module")
def xml_graph(out):
    """(types, props, edges) read with xml.etree: types[node] = label, props[node] = {attr: text},
    edges = [(src, dst, {attr: text})]."""
    root = ET.parse(out / "hospital.graphml").getroot()
    keys = {k.get("id"): k.get("attr.name") for k in root.iter(f"{NS}key")}
    types, props, edges = {}, {}, []
    for n in root.iter(f"{NS}node"):
        d = {keys[x.get("key")]: x.text for x in n.findall(f"{NS}data")}
        types[n.get("id")] = d.pop("labels").lstrip(":")
        props[n.get("id")] = d
    for e in root.iter(f"{NS}edge"):
        d = {keys[x.get("key")]: x.text for x in e.findall(f"{NS}data")}
        edges.append((e.get("source"), e.get("target"), d))
    return types, props, edges


@pytest.fixture(scope="module")
def holdout() -> list[dict]:
    return [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]


def _name(p: dict) -> str:
    return p["name"] if "name" in p else f"{p['first_name']} {p['last_name']}"


def test_generation_is_deterministic(out, tmp_path):
    g = graph_mod.build()
    graph_mod.write_graphml(g, tmp_path / "again.graphml")
    graph_mod.write_csv(g, tmp_path / "csv")
    assert (tmp_path / "again.graphml").read_bytes() == (out / "hospital.graphml").read_bytes()
    for f in sorted((out / "csv").iterdir()):
        assert (tmp_path / "csv" / f.name).read_bytes() == f.read_bytes(), f.name
    other = graph_mod.build(seed=graph_mod.SEED + 1)
    assert sorted(other.nodes(data="first_name", default="")) != sorted(g.nodes(data="first_name", default=""))


def test_schema_shape(xml_graph, out):
    types, props, edges = xml_graph
    assert 800 <= len(types) <= 4000
    assert len(set(types.values())) == 8
    etypes = Counter(d["label"] for _, _, d in edges)
    assert len(etypes) == 11
    assert any(types[a] == types[b] for a, b, d in edges if d["label"] == "REFERRED_TO")  # the self-relation
    with_props = {d["label"] for _, _, d in edges if set(d) - {"label"}}
    assert {"REFERRED_TO", "ADMITTED_TO", "RECEIVED"} <= with_props
    names = [_name(p) for p in props.values()]
    assert len(names) == len(set(names))
    assert len({(a, b) for a, b, _ in edges}) == len(edges)  # no parallel edges (imports would merge them)
    # the CSV export holds the same nodes and relationships
    csv_nodes = sum(sum(1 for _ in csv.reader(f.open())) - 1 for f in (out / "csv").glob("nodes_*.csv"))
    csv_rels = sum(sum(1 for _ in csv.reader(f.open())) - 1 for f in (out / "csv").glob("rels_*.csv"))
    assert (csv_nodes, csv_rels) == (len(types), len(edges))


def test_committed_holdout_equals_fresh_run(out, tmp_path):
    fresh = questions_mod.make(out / "hospital.graphml")
    text = "".join(json.dumps(q, ensure_ascii=False) + "\n" for q in fresh)
    assert text == (HERE / "holdout.jsonl").read_text(encoding="utf-8")


def test_holdout_shape(holdout, xml_graph):
    types, props, _ = xml_graph
    assert len(holdout) == 80
    assert len({q["id"] for q in holdout}) == 80
    kinds = Counter(q["kind"] for q in holdout)
    for k in ("count", "filtered_count", "list", "multi_hop", "superlative", "aggregate", "edge_property",
              "yes_no", "portfolio", "unknown", "global"):
        assert kinds[k] >= 4, k
    assert max(q["hops"] for q in holdout) == 4
    for q in holdout:
        g = q["gold"]
        assert g["type"] in {"count", "set", "value", "bool", "none"}
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"])
            assert all(_name(props[i]) == n for i, n in zip(g["ids"], g["names"], strict=True))
            assert not any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", q["question"], re.I) for n in g["names"])
    bools = [q["gold"]["value"] for q in holdout if q["gold"]["type"] == "bool"]
    assert True in bools and False in bools


def _q(holdout, pattern: str) -> tuple[dict, re.Match]:
    for q in holdout:
        m = re.fullmatch(pattern, q["question"])
        if m:
            return q, m
    raise AssertionError(f"no question matches {pattern!r}")


def test_golds_recomputed_from_xml(holdout, xml_graph):
    types, props, edges = xml_graph
    by_name = {_name(p): n for n, p in props.items()}
    out_e, in_e = defaultdict(list), defaultdict(list)
    for a, b, d in edges:
        out_e[a, d["label"]].append((b, d))
        in_e[b, d["label"]].append((a, d))

    q, m = _q(holdout, r"How many wards does (.+) have\?")
    assert q["gold"]["value"] == len(in_e[by_name[m.group(1)], "BELONGS_TO"])

    q, _ = _q(holdout, r"How many patients are there in total\?")
    assert q["gold"]["value"] == sum(t == "Patient" for t in types.values())

    q, _ = _q(holdout, r"How many doctor-to-doctor referrals have been recorded\?")
    assert q["gold"]["value"] == sum(d["label"] == "REFERRED_TO" for _, _, d in edges)

    q, m = _q(holdout, r"List the wards of (.+)\.")
    assert q["gold"]["ids"] == sorted(w for w, _ in in_e[by_name[m.group(1)], "BELONGS_TO"])

    # 4 hops: Patient -TREATED_BY-> Doctor -WORKS_IN-> Ward -BELONGS_TO-> Hospital -LOCATED_IN-> City
    q, m = _q(holdout, r".*how many patients, in total, were treated by doctors who work at hospitals located in "
                       r"(.+)\?")
    city = by_name[m.group(1)]
    pats = {p for h, _ in in_e[city, "LOCATED_IN"] for w, _ in in_e[h, "BELONGS_TO"] for d, _ in in_e[w, "WORKS_IN"]
            for p, _ in in_e[d, "TREATED_BY"]}
    assert q["hops"] == 4 and q["gold"]["value"] == len(pats)

    q, m = _q(holdout, r"How many emergency admissions has (.+) had\?")
    assert q["gold"]["value"] == sum(d["emergency"].lower() == "true" for _, d in in_e[by_name[m.group(1)], "ADMITTED_TO"])

    q, m = _q(holdout, r"Who has Dr (.+) referred patients to\?")
    assert q["gold"]["ids"] == sorted(b for b, _ in out_e[by_name[m.group(1)], "REFERRED_TO"])

    q, _ = _q(holdout, r"What is the biggest hospital by number of beds\?")
    beds = sorted(((int(p["beds"]), n) for n, p in props.items() if types[n] == "Hospital"), reverse=True)
    assert beds[0][0] > beds[1][0] and q["gold"]["ids"] == [beds[0][1]]

    q, m = _q(holdout, r"What's the average length of stay for admissions to (.+)\?")
    stays = [int(d["length_of_stay"]) for _, d in in_e[by_name[m.group(1)], "ADMITTED_TO"]]
    assert q["gold"]["value"] == pytest.approx(sum(stays) / len(stays), abs=0.005)

    for q in holdout:
        if q["kind"] == "unknown":
            proper = set(re.findall(r"[A-Z][a-z]{4,}", q["question"])) - {"Which", "Where", "Children", "Hospital"}
            assert proper and not any(w.lower() in " ".join(by_name).lower() for w in proper), q["question"]
