"""byog8 (football league): the generator is deterministic, the committed questions equal a fresh run, and a few
golds re-derived here straight from the GraphML XML (no networkx, no questions.py helpers) agree."""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"byog8_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _parse(path: Path):
    root = ET.parse(path).getroot()
    keys = {k.get("id"): k.get("attr.name") for k in root.findall("g:key", NS)}
    nodes, edges = {}, []
    for n in root.iter(f"{{{NS['g']}}}node"):
        nodes[n.get("id")] = {keys[d.get("key")]: d.text for d in n.findall("g:data", NS)}
    for e in root.iter(f"{{{NS['g']}}}edge"):
        edges.append((e.get("source"), e.get("target"), {keys[d.get("key")]: d.text for d in e.findall("g:data", NS)}))
    return nodes, edges


def _questions(path: Path) -> dict[str, dict]:
    return {q["question"]: q for q in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def test_generation_is_deterministic_and_committed_questions_match(tmp_path):
    graph = _load("graph")
    a, b = graph.write(tmp_path / "a"), graph.write(tmp_path / "b")
    assert a.read_bytes() == b.read_bytes()
    assert graph.write(tmp_path / "c", seed=9).read_bytes() != a.read_bytes()
    fresh = _load("questions").write(tmp_path / "a", a)
    assert fresh.read_text(encoding="utf-8") == (HERE / "holdout.jsonl").read_text(encoding="utf-8")


def test_schema_and_a_few_golds_recomputed_from_xml(tmp_path):
    path = _load("graph").write(tmp_path)
    nodes, edges = _parse(path)
    types = Counter(d["labels"] for d in nodes.values())
    etypes = Counter(d["label"] for _, _, d in edges)
    assert 800 <= len(nodes) <= 3000 and 6 <= len(types) <= 9 and 8 <= len(etypes) <= 12
    assert len({(s, t, d["label"]) for s, t, d in edges}) == len(edges)  # no parallel edges to merge
    qs = _questions(HERE / "holdout.jsonl")
    assert len(qs) == 60 and sum(q["gold"]["type"] == "none" for q in qs.values()) == 3

    def name(n):
        d = nodes[n]
        return d.get("name") or (f"{d['first_name']} {d['last_name']}" if "first_name" in d else d["title"])

    by_name = {name(n): n for n in nodes}
    assert qs["How many players are there?"]["gold"]["value"] == types[":Player"]
    roofed = sum(d["labels"] == ":Stadium" and d["has_roof"].lower() == "true" for d in nodes.values())
    assert qs["How many stadiums have a roof?"]["gold"]["value"] == roofed
    total = sum(int(d["goals"]) for _, _, d in edges if d["label"] == "SCORED_IN")
    assert qs["How many goals were scored in total across every match?"]["gold"]["value"] == total
    # the reverse reading of the self-relation
    q = next(q for t, q in qs.items() if t.startswith("Which coaches mentored "))
    coach = by_name[q["question"].removeprefix("Which coaches mentored ").rstrip("?")]
    assert set(q["gold"]["ids"]) == {s for s, t, d in edges if d["label"] == "MENTORS" and t == coach}
    # the 4-hop chain Coach -MENTORS-> Coach -MANAGES-> Club -PLAYS_AT-> Stadium -SITUATED_IN-> City
    prefix = "In which cities are the stadiums of the clubs managed by coaches mentored by "
    q = next(q for t, q in qs.items() if t.startswith(prefix))
    m = by_name[q["question"].removeprefix(prefix).rstrip("?")]

    def step(srcs, label):
        return {t for s, t, d in edges if d["label"] == label and s in srcs}

    cities = step(step(step(step({m}, "MENTORS"), "MANAGES"), "PLAYS_AT"), "SITUATED_IN")
    assert set(q["gold"]["ids"]) == cities and q["hops"] == 4
    # highest stadium capacity
    q = qs["Which stadium has the largest capacity?"]
    caps = {n: int(d["capacity"]) for n, d in nodes.items() if d["labels"] == ":Stadium"}
    assert q["gold"]["ids"] == [max(caps, key=caps.get)]
