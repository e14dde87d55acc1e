"""byog9 gold checks: the committed holdout equals a fresh run of both scripts, and a second, independent method
(the GraphML parsed with xml.etree, no networkx) re-derives a good share of the golds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog9")
    subprocess.run([sys.executable, str(HERE / "graph.py"), str(out)], check=True, capture_output=True)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(out)], check=True, capture_output=True)
    return out


@pytest.fixture(scope="module")
def committed() -> dict[str, dict]:
    rows = [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]
    return {q["id"]: q for q in rows}


class Xml:
    """The GraphML read with xml.etree: typed node and edge attributes, adjacency by edge label."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {}
        for k in root.findall("g:key", NS):
            keys[k.get("id")] = (k.get("attr.name"), k.get("attr.type"))
        cast = {"int": int, "long": int, "double": float, "float": float, "string": str,
                "boolean": lambda s: s.strip().lower() == "true"}

        def attrs(el) -> dict:
            out = {}
            for d in el.findall("g:data", NS):
                name, typ = keys[d.get("key")]
                out[name] = cast[typ](d.text or "")
            return out

        graph = root.find("g:graph", NS)
        assert graph.get("edgedefault") == "directed"
        self.nodes = {n.get("id"): attrs(n) for n in graph.findall("g:node", NS)}
        self.edges = [(e.get("source"), e.get("target"), attrs(e)) for e in graph.findall("g:edge", NS)]
        self.outs: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.ins: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str], dict] = {}
        for s, t, a in self.edges:
            self.outs[s, a["label"]].append(t)
            self.ins[t, a["label"]].append(s)
            self.eattr[s, t] = a
        self.by_name = {}
        for nid, a in self.nodes.items():
            shown = a.get("name") or f"{a['first_name']} {a['last_name']}"
            assert shown not in self.by_name, f"duplicate display name {shown!r}"
            self.by_name[shown] = nid

    def of(self, typ: str) -> list[str]:
        return [n for n, a in self.nodes.items() if a["labels"] == f":{typ}"]

    def only(self, n: str, label: str) -> str:
        (m,) = self.outs[n, label]
        return m


@pytest.fixture(scope="module")
def x(fresh) -> Xml:
    return Xml(fresh / "airline.graphml")


def test_committed_holdout_equals_a_fresh_run(fresh, committed):
    rows = [json.loads(line) for line in (fresh / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {q["id"]: q for q in rows} == committed
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == (HERE / "holdout.jsonl").read_text(encoding="utf-8")


def test_shape_and_mix(committed):
    assert len(committed) >= 60
    kinds = Counter(q["kind"] for q in committed.values())
    assert kinds["multihop"] >= 12 and kinds["superlative"] >= 8 and kinds["unknown"] >= 3
    for q in committed.values():
        assert q["gold"]["type"] in {"count", "set", "value", "bool", "none"}
        if q["gold"]["type"] == "set":
            assert len(q["gold"]["ids"]) == len(q["gold"]["names"]) > 0


def test_graph_meets_the_brief(x):
    types = Counter(a["labels"] for a in x.nodes.values())
    labels = Counter(a["label"] for _, _, a in x.edges)
    assert 6 <= len(types) <= 9 and 9 <= len(labels) <= 14 and 1000 <= len(x.nodes) <= 3000
    assert any(x.nodes[s]["labels"] == x.nodes[t]["labels"] for s, t, _ in x.edges)  # a self-relation


def _find(committed, pattern: str) -> tuple[dict, re.Match]:
    for q in committed.values():
        m = re.fullmatch(pattern, q["question"])
        if m:
            return q, m
    raise AssertionError(f"no question matches {pattern!r}")


def _ids(q) -> set[str]:
    return set(q["gold"]["ids"])


def test_counts_by_xml(x, committed):
    c = Counter(a["labels"] for a in x.nodes.values())
    assert _find(committed, r"How many airports are in the dataset\?")[0]["gold"]["value"] == c[":Airport"]
    assert _find(committed, r"how many crew members are there")[0]["gold"]["value"] == c[":CrewMember"]
    assert _find(committed, r"Number of aircraft\?")[0]["gold"]["value"] == c[":Aircraft"]
    assert _find(committed, r"How many nodes does this graph.*")[0]["gold"]["value"] == len(x.nodes)
    assert _find(committed, r"How many different kinds of entity.*")[0]["gold"]["value"] == len(c)
    flights = [x.nodes[n] for n in x.of("Flight")]
    assert _find(committed, r"How many flights were cancelled\?")[0]["gold"]["value"] == sum(
        f["status"] == "Cancelled" for f in flights)
    assert _find(committed, r"How many cities have a population above 2,000,000\?")[0]["gold"]["value"] == sum(
        x.nodes[n]["population"] > 2_000_000 for n in x.of("City"))
    assert _find(committed, r"How many airports have more than one runway\?")[0]["gold"]["value"] == sum(
        x.nodes[n]["runways"] >= 2 for n in x.of("Airport"))
    q, m = _find(committed, r"How many flights does (.+) operate\?")
    if q["gold"]["type"] == "count":
        assert q["gold"]["value"] == len(x.ins[x.by_name[m.group(1)], "OPERATED_BY"])
    q, m = _find(committed, r"how many flight attendants work for (.+)\?")
    staff = x.ins[x.by_name[m.group(1)], "EMPLOYED_BY"]
    assert q["gold"]["value"] == sum(x.nodes[s]["role"] == "Flight Attendant" for s in staff)


def test_lists_and_superlatives_by_xml(x, committed):
    q, _ = _find(committed, r"List the aircraft that are not in service\.")
    assert _ids(q) == {n for n in x.of("Aircraft") if x.nodes[n]["in_service"] is False}
    q, _ = _find(committed, r"Which planes were built before 2000\?")
    assert _ids(q) == {n for n in x.of("Aircraft") if x.nodes[n]["year_built"] < 2000}
    q, m = _find(committed, r"Who does (.+) mentor\?")
    assert _ids(q) == set(x.outs[x.by_name[m.group(1)], "MENTORS"])
    q, _ = _find(committed, r"Which airport sits at the highest elevation\?")
    assert _ids(q) == {max(x.of("Airport"), key=lambda n: x.nodes[n]["elevation_m"])}
    q, _ = _find(committed, r"What's the oldest airline\?")
    assert _ids(q) == {min(x.of("Airline"), key=lambda n: x.nodes[n]["founded"])}
    q, _ = _find(committed, r"Which airline has the biggest fleet\?")
    assert _ids(q) == {max(x.of("Airline"), key=lambda n: len(x.ins[n, "IN_FLEET_OF"]))}
    q, _ = _find(committed, r"Which airport has the most departures\?")
    assert _ids(q) == {max(x.of("Airport"), key=lambda n: len(x.ins[n, "DEPARTS_FROM"]))}
    q, _ = _find(committed, r"Which captain logged the most duty hours.*")
    caps = [n for n in x.of("CrewMember") if x.nodes[n]["role"] == "Captain"]
    assert _ids(q) == {max(caps, key=lambda c: sum(x.eattr[c, f]["duty_hours"] for f in x.outs[c, "WORKED_ON"]))}


def test_multihop_and_edges_by_xml(x, committed):
    def country(airport: str) -> str:
        return x.only(x.only(airport, "SERVES"), "LOCATED_IN")

    q, m = _find(committed, r"Which countries has (.+) flown out of\?")
    c = x.by_name[m.group(1)]
    assert _ids(q) == {country(x.only(f, "DEPARTS_FROM")) for f in x.outs[c, "WORKED_ON"]}
    q, m = _find(committed, r"who mentored (.+?)'s? mentor\?")
    (mentor,) = x.ins[x.by_name[m.group(1)], "MENTORS"]
    assert _ids(q) == set(x.ins[mentor, "MENTORS"])
    q, m = _find(committed, r"Which crew members are mentored by the people that (.+) mentors\?")
    assert _ids(q) == {z for y in x.outs[x.by_name[m.group(1)], "MENTORS"] for z in x.outs[y, "MENTORS"]}
    q, m = _find(committed, r"In what countries has maintenance been done on (.+)\?")
    assert _ids(q) == {country(x.only(e, "PERFORMED_AT")) for e in x.ins[x.by_name[m.group(1)], "PERFORMED_ON"]}
    q, m = _find(committed, r"Since when has (.+) been part of .+ fleet\?")
    plane = x.by_name[m.group(1)]
    assert q["gold"]["value"] == x.eattr[plane, x.only(plane, "IN_FLEET_OF")]["since"]
    q, m = _find(committed, r"By how many minutes was the departure of (.+) delayed\?")
    fl = x.by_name[m.group(1)]
    assert q["gold"]["value"] == x.eattr[fl, x.only(fl, "DEPARTS_FROM")]["delay_minutes"]
    q, m = _find(committed, r"How many duty hours did (.+) log on flight (.+)\?")
    assert q["gold"]["value"] == x.eattr[x.by_name[m.group(1)], x.by_name[m.group(2)]]["duty_hours"]
    q, m = _find(committed, r"Does (.+) mentor (.+)\?")
    assert q["gold"]["value"] == (x.by_name[m.group(2)] in x.outs[x.by_name[m.group(1)], "MENTORS"])


def test_portfolios_and_unknowns_by_xml(x, committed):
    for pattern in (r"Tell me everything about the aircraft (.+)\.", r"What do we know about (.+)\?",
                    r"Give me an overview of everything linked to (.+)\."):
        q, m = _find(committed, pattern)
        n = x.by_name[m.group(1)]
        assert _ids(q) == {t for s, t, _ in x.edges if s == n} | {s for s, t, _ in x.edges if t == n}
    names = " | ".join(x.by_name).lower()
    for q in committed.values():
        if q["kind"] == "unknown":
            assert q["gold"] == {"type": "none"}
            ghost = re.search(r"(?:does|Captain|of) ((?:[A-Z][a-z]+ ?)+?)(?: operate)?\?$", q["question"]).group(1)
            assert ghost.lower() not in names, ghost
