"""The byog3 university graph and its question sets: the generator is deterministic, the committed dev/holdout
files are what questions.py writes for a fresh graph, and a few gold values agree with a second, independent
reading of the GraphML (xml.etree, not networkx, not questions.py's Graph)."""

from __future__ import annotations

import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NS = "{http://graphml.graphdrawing.org/xmlns}"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"byog3_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Raw:
    """The GraphML read with xml.etree: nodes {id: {attr: text}}, edges [(src, type, dst, {attr: text})]."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): k.get("attr.name") for k in root.iter(f"{NS}key")}
        graph = root.find(f"{NS}graph")
        self.nodes = {n.get("id"): {keys[d.get("key")]: d.text for d in n.findall(f"{NS}data")}
                      for n in graph.findall(f"{NS}node")}
        self.edges = []
        for e in graph.findall(f"{NS}edge"):
            a = {keys[d.get("key")]: d.text for d in e.findall(f"{NS}data")}
            self.edges.append((e.get("source"), a.pop("type"), e.get("target"), a))

    def name(self, n: str) -> str:
        a = self.nodes[n]
        return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"

    def by_name(self, name: str) -> str:
        (hit,) = [n for n in self.nodes if self.name(n) == name]
        return hit


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    graph, questions = _load("graph"), _load("questions")
    tmp = tmp_path_factory.mktemp("byog3")
    path = graph.write(tmp / "a")
    out = tmp / "q"
    questions.write(out, path)
    return graph, questions, path, out


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_graph_is_deterministic_and_in_spec(generated, tmp_path):
    graph, _, path, _ = generated
    again = graph.write(tmp_path)
    assert again.read_bytes() == path.read_bytes()
    raw = Raw(path)
    types = Counter(a["type"] for a in raw.nodes.values())
    etypes = Counter(t for _, t, _, _ in raw.edges)
    assert 1000 <= len(raw.nodes) <= 4000
    assert 6 <= len(types) <= 9 and 8 <= len(etypes) <= 12
    assert any(raw.nodes[s]["type"] == raw.nodes[d]["type"] for s, _, d, _ in raw.edges)  # a self-relation
    names = [raw.name(n) for n in raw.nodes]
    assert len(set(names)) == len(names), "display names are unique, so set gold is unambiguous"
    # one relationship per (start, type, end): HopLens keeps one edge per triple
    assert len({(s, t, d) for s, t, d, _ in raw.edges}) == len(raw.edges)


def test_committed_question_sets_are_the_generated_ones(generated):
    _, _, _, out = generated
    for name in ("dev.jsonl", "holdout.jsonl"):
        assert (out / name).read_text(encoding="utf-8") == (HERE / name).read_text(encoding="utf-8"), name
    dev, holdout = _rows(out / "dev.jsonl"), _rows(out / "holdout.jsonl")
    assert len(dev) == 30 and len(holdout) == 70
    assert len({q["question"] for q in dev + holdout}) == 100
    for q in dev + holdout:
        if q["gold"]["type"] == "set":
            assert 1 <= len(q["gold"]["ids"]) <= 12, q


def test_gold_values_by_a_second_reading(generated):
    _, _, path, out = generated
    raw = Raw(path)
    qs = {q["question"]: q for q in _rows(out / "dev.jsonl") + _rows(out / "holdout.jsonl")}
    checked = 0
    for text, q in qs.items():
        gold = q["gold"]
        if text == "How many students are there in total?":
            assert gold["value"] == sum(a["type"] == "Student" for a in raw.nodes.values())
        elif text == "How many international students are there?":
            assert gold["value"] == sum(a["type"] == "Student" and a["international"].lower() == "true"
                                        for a in raw.nodes.values())
        elif m := re.fullmatch(r"How many students are enrolled in (.+)\?", text):
            c = raw.by_name(m.group(1))
            assert gold["value"] == sum(t == "ENROLLED_IN" and d == c for _, t, d, _ in raw.edges)
        elif m := re.fullmatch(r"What are the prerequisites of the prerequisites of (.+)\?", text):
            c = raw.by_name(m.group(1))
            pre = {s for s, t, d, _ in raw.edges if t == "PREREQUISITE_OF" and d == c}
            pre2 = {s for s, t, d, _ in raw.edges if t == "PREREQUISITE_OF" and d in pre}
            assert set(gold["ids"]) == pre2
        elif m := re.fullmatch(r"(?:What mark did (.+) get in (.+)\?|(.+)'s mark in (.+)\?)", text):
            s_name, c_name = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            s, c = raw.by_name(s_name), raw.by_name(c_name)
            (mark,) = [a["mark"] for x, t, d, a in raw.edges if (x, t, d) == (s, "ENROLLED_IN", c)]
            assert gold["value"] == int(mark)
        elif m := re.fullmatch(r"Which buildings house the departments of the professors who teach (.+)'s courses\?"
                               r"|(.+) takes some courses; the professors .*", text):
            s = raw.by_name(m.group(1) or m.group(2))
            courses = {d for x, t, d, _ in raw.edges if t == "ENROLLED_IN" and x == s}
            profs = {x for x, t, d, _ in raw.edges if t == "TEACHES" and d in courses}
            depts = {d for x, t, d, _ in raw.edges if t == "WORKS_IN" and x in profs}
            assert set(gold["ids"]) == {d for x, t, d, _ in raw.edges if t == "LOCATED_IN" and x in depts}
        elif text == "What's the total budget of all departments?":
            assert gold["value"] == sum(int(a["budget"]) for a in raw.nodes.values() if a["type"] == "Department")
        else:
            continue
        checked += 1
    assert checked >= 6


def test_csv_export_is_the_same_graph(generated, tmp_path):
    graph, _, path, _ = generated
    raw = Raw(path)
    folder = graph.write_csv(tmp_path)
    nodes = edges = 0
    for f in sorted(folder.glob("*.csv")):
        lines = f.read_text(encoding="utf-8").splitlines()
        if lines[0].startswith(":ID"):
            nodes += len(lines) - 1
        else:
            assert lines[0].startswith(":START_ID,:END_ID") and lines[0].endswith(":TYPE"), f.name
            edges += len(lines) - 1
    assert (nodes, edges) == (len(raw.nodes), len(raw.edges))
