"""byog16 golds: regenerate the transit graph, re-derive golds a second way (xml.etree, no networkx) and check the
committed holdout.jsonl equals a fresh run of graph.py + questions.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NS = "{http://graphml.graphdrawing.org/xmlns}"


class Xml:
    """The GraphML file read with xml.etree only."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {}
        for k in root.iter(f"{NS}key"):
            keys[k.get("id")] = (k.get("attr.name"), k.get("attr.type"))
        conv = {"boolean": lambda s: s.lower() == "true", "long": int, "int": int, "double": float,
                "float": float, "string": str}

        def attrs(el) -> dict:
            out = {}
            for d in el.findall(f"{NS}data"):
                name, typ = keys[d.get("key")]
                out[name] = conv[typ](d.text or "")
            return out

        graph = root.find(f"{NS}graph")
        self.nodes = {n.get("id"): attrs(n) for n in graph.findall(f"{NS}node")}
        self.edges = [(e.get("source"), e.get("target"), attrs(e)) for e in graph.findall(f"{NS}edge")]
        self.fwd: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.back: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str], dict] = {}
        for s, t, a in self.edges:
            self.fwd[s, a["label"]].append(t)
            self.back[t, a["label"]].append(s)
            self.eattr[s, t] = a

    def label(self, n: str) -> str:
        return self.nodes[n]["labels"][1:]

    def display(self, n: str) -> str:
        a = self.nodes[n]
        return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"

    def of(self, label: str) -> list[str]:
        return [n for n in self.nodes if self.label(n) == label]

    def named(self, name: str) -> str:
        hits = [n for n in self.nodes if self.display(n) == name]
        assert len(hits) == 1, name
        return hits[0]

    def walk(self, start: str, path: str) -> set[str]:
        """path like '>SERVES >IN_ZONE' or '<INVOLVED'."""
        cur = {start}
        for step in path.split():
            table = self.fwd if step[0] == ">" else self.back
            cur = {m for n in cur for m in table.get((n, step[1:]), [])}
        return cur


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    out = tmp_path_factory.mktemp("byog16")
    subprocess.run([sys.executable, str(HERE / "graph.py"), str(out)], check=True, capture_output=True)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(out)], check=True, capture_output=True)
    return out


@pytest.fixture(scope="module")
def x(fresh) -> Xml:
    return Xml(fresh / "transit.graphml")


@pytest.fixture(scope="module")
def committed() -> dict[str, dict]:
    rows = [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]
    return {r["id"]: r for r in rows}


def test_committed_equals_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == (HERE / "holdout.jsonl").read_text(
        encoding="utf-8")


def test_graph_is_deterministic_and_in_spec(fresh, x, tmp_path):
    subprocess.run([sys.executable, str(HERE / "graph.py"), str(tmp_path)], check=True, capture_output=True)
    assert (tmp_path / "transit.graphml").read_bytes() == (fresh / "transit.graphml").read_bytes()
    labels = {x.label(n) for n in x.nodes}
    edge_types = {a["label"] for *_, a in x.edges}
    assert 6 <= len(labels) <= 9 and 9 <= len(edge_types) <= 14
    assert 1000 <= len(x.nodes) <= 3000
    assert all(x.display(n).strip() for n in x.nodes)
    assert any(x.label(s) == x.label(t) for s, t, a in x.edges)  # a self-relation


def test_shape_and_mix(committed):
    assert len(committed) >= 60
    kinds = defaultdict(int)
    for r in committed.values():
        kinds[r["kind"]] += 1
        assert r["gold"]["type"] in {"count", "set", "value", "bool", "none"}
        if r["gold"]["type"] == "set":
            assert r["gold"]["ids"] and len(r["gold"]["ids"]) == len(r["gold"]["names"])
    assert kinds["multihop"] >= 12 and kinds["superlative"] >= 8 and kinds["unknown"] >= 3
    assert max(r["hops"] for r in committed.values()) == 4


def _by_text(committed: dict, pattern: str) -> tuple[dict, re.Match]:
    hits = [(r, m) for r in committed.values() if (m := re.fullmatch(pattern, r["question"]))]
    assert len(hits) == 1, pattern
    return hits[0]


def _set(x: Xml, ids) -> dict:
    ids = sorted(ids, key=lambda n: (n.rsplit("-", 1)[0], int(n.rsplit("-", 1)[1])))
    return {"type": "set", "ids": ids, "names": [x.display(i) for i in ids]}


def test_counts_second_method(x, committed):
    def count_of(pattern: str) -> int:
        return _by_text(committed, pattern)[0]["gold"]["value"]

    assert count_of(r"How many stations are there in the network\?") == len(x.of("Station"))
    assert count_of(r"number of depots\?") == len(x.of("Depot"))
    assert count_of(r"How many service incidents .*") == len(x.of("Incident"))
    assert count_of(r"How many stations are step-free\?") == sum(x.nodes[s]["step_free"] for s in x.of("Station"))
    assert count_of(r"How many critical work orders are still open\?") == sum(
        1 for w in x.of("WorkOrder") if x.nodes[w]["priority"] == "critical" and x.nodes[w]["status"] == "open")
    assert count_of(r"How many vehicles were built before 2010\?") == sum(
        1 for v in x.of("Vehicle") if x.nodes[v]["year_built"] < 2010)
    assert count_of(r"How many stations lie in Zone 1 Central\?") == len(x.walk(x.named("Zone 1 Central"), "<IN_ZONE"))
    assert count_of(r"How many staff work out of Eastfield Depot\?") == len(x.walk(x.named("Eastfield Depot"), "<WORKS_AT"))
    assert count_of(r"how many buses does Northgate Depot have\?") == sum(
        1 for v in x.walk(x.named("Northgate Depot"), "<BASED_AT") if x.nodes[v]["vehicle_type"] == "bus")
    assert count_of(r"How many different relationship types .*") == len({a["label"] for *_, a in x.edges})
    assert count_of(r"How many nodes does the graph hold altogether\?") == len(x.nodes)


def test_multihop_second_method(x, committed):
    r, m = _by_text(committed, r"Which fare zones does (.+) pass through\?")
    assert r["gold"] == _set(x, x.walk(x.named(m[1]), ">SERVES >IN_ZONE"))
    r, m = _by_text(committed, r"Who is (.+)'s supervisor's boss\?")
    assert r["gold"] == _set(x, x.walk(x.named(m[1]), ">SUPERVISED_BY >SUPERVISED_BY"))
    r, m = _by_text(committed, r"Which drivers are in the teams of the team leaders who report to (.+)\?")
    assert r["gold"] == _set(x, x.walk(x.named(m[1]), "<SUPERVISED_BY <SUPERVISED_BY"))
    r, m = _by_text(committed, r"Which fare zones are covered by the routes of the vehicles (.+) drives\?")
    assert r["gold"] == _set(x, x.walk(x.named(m[1]), ">DRIVES >ASSIGNED_TO >SERVES >IN_ZONE"))
    assert r["hops"] == 4
    r, m = _by_text(committed, r"Which depots have done maintenance on vehicles that were involved in incidents at (.+)\?")
    assert r["gold"] == _set(x, x.walk(x.named(m[1]), "<OCCURRED_AT >INVOLVED <FOR_VEHICLE >HANDLED_AT"))
    r, m = _by_text(committed, r"In which fare zones were the incidents that (.+) reported\?")
    assert r["gold"] == _set(x, x.walk(x.named(m[1]), "<REPORTED_BY >OCCURRED_AT >IN_ZONE"))


def test_superlatives_and_aggregates_second_method(x, committed):
    r, _ = _by_text(committed, r"Which station has the highest daily boardings\?")
    best = max(x.of("Station"), key=lambda s: x.nodes[s]["daily_boardings"])
    assert r["gold"] == _set(x, [best])
    r, _ = _by_text(committed, r"Which depot has booked the most labour hours on work orders\?")
    hours = defaultdict(float)
    for _, t, a in x.edges:
        if a["label"] == "HANDLED_AT":
            hours[t] += a["labour_hours"]
    ranked = sorted(hours.values(), reverse=True)
    assert ranked[0] > ranked[1] and r["gold"] == _set(x, [max(hours, key=hours.get)])
    r, _ = _by_text(committed, r"What's the total cost of all critical work orders\?")
    total = sum(x.nodes[w]["cost"] for w in x.of("WorkOrder") if x.nodes[w]["priority"] == "critical")
    assert r["gold"]["value"] == pytest.approx(total, abs=0.006)
    r, _ = _by_text(committed, r"average passenger capacity of our trams\?")
    caps = [x.nodes[v]["capacity"] for v in x.of("Vehicle") if x.nodes[v]["vehicle_type"] == "tram"]
    assert r["gold"]["value"] == pytest.approx(sum(caps) / len(caps), abs=0.006)


def test_edge_properties_yes_no_portfolio_second_method(x, committed):
    r, m = _by_text(committed, r"On (.+), what number stop is (.+)\?")
    assert r["gold"]["value"] == x.eattr[x.named(m[1]), x.named(m[2])]["stop_sequence"]
    r, m = _by_text(committed, r"Since when has (.+) been driving (.+)\?")
    assert r["gold"]["value"] == x.eattr[x.named(m[1]), x.named(m[2])]["since"]
    r, m = _by_text(committed, r"How many labour hours were booked at (.+) for (.+)\?")
    assert r["gold"]["value"] == x.eattr[x.named(m[2]), x.named(m[1])]["labour_hours"]
    r, _ = _by_text(committed, r"Which station is the first stop on the Blue Line\?")
    blue = x.named("Blue Line")
    assert r["gold"] == _set(x, [s for s in x.fwd[blue, "SERVES"] if x.eattr[blue, s]["stop_sequence"] == 1])
    r, m = _by_text(committed, r"Has (.+) ever been involved in an incident\?")
    assert r["gold"] == {"type": "bool", "value": bool(x.back.get((x.named(m[1]), "INVOLVED")))}
    r, m = _by_text(committed, r"Does (.+) report to (.+)\?")
    assert r["gold"]["value"] == (x.named(m[2]) in x.fwd.get((x.named(m[1]), "SUPERVISED_BY"), []))
    for pattern in (r"Tell me everything about (.+)\.", r"give me the full picture on (.+)", r"What do we know about (.+)\?"):
        r, m = _by_text(committed, pattern)
        n = x.named(m[1])
        assert r["gold"] == _set(x, {t for s, t, _ in x.edges if s == n} | {s for s, t, _ in x.edges if t == n})


def test_unknown_names_absent(x, committed):
    names = {x.display(n).lower() for n in x.nodes}
    ghosts = ["Wolfram Crescent", "Bartholomew Quigley", "Bus 9917"]
    for r in committed.values():
        if r["kind"] == "unknown":
            assert r["gold"] == {"type": "none"}
            assert any(gh in r["question"] for gh in ghosts)
    assert not any(gh.lower() in n for gh in ghosts for n in names)
