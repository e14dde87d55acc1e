"""byog17: the committed holdout is what the scripts make, and its golds agree with a second, independent reading.

The second reading parses the GraphML with xml.etree (no networkx, no code shared with questions.py) and
re-derives golds of every kind from the question texts (subjects are taken from the wording).
"""

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


class XmlGraph:
    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.iter(NS + "key")}
        self.nodes: dict[str, dict] = {}
        self.edges: list[tuple[str, str, dict]] = []

        def attrs(el) -> dict:
            out = {}
            for d in el.findall(NS + "data"):
                name, typ = keys[d.get("key")]
                text = d.text or ""
                out[name] = (text.strip().lower() == "true" if typ == "boolean" else int(text) if typ in ("int", "long")
                             else float(text) if typ in ("double", "float") else text)
            return out

        for n in root.iter(NS + "node"):
            self.nodes[n.get("id")] = attrs(n)
        for e in root.iter(NS + "edge"):
            self.edges.append((e.get("source"), e.get("target"), attrs(e)))
        self.out = defaultdict(list)
        self.inn = defaultdict(list)
        for s, t, a in self.edges:
            self.out[(s, a["label"])].append(t)
            self.inn[(t, a["label"])].append(s)

    def type(self, n: str) -> str:
        return self.nodes[n]["labels"].lstrip(":")

    def of(self, t: str) -> list[str]:
        return [n for n in self.nodes if self.type(n) == t]

    def name(self, n: str) -> str:
        d = self.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def find(self, name: str) -> str:
        hits = [n for n in self.nodes if self.name(n) == name]
        assert len(hits) == 1, f"{name!r} names {len(hits)} nodes"
        return hits[0]

    def step(self, nodes, label: str, forward: bool = True) -> set[str]:
        table = self.out if forward else self.inn
        return {m for n in nodes for m in table[(n, label)]}

    def edge(self, s: str, t: str, label: str) -> dict:
        (a,) = [a for s2, t2, a in self.edges if s2 == s and t2 == t and a["label"] == label]
        return a


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    out = tmp_path_factory.mktemp("byog17")
    for script in ("graph.py", "questions.py"):
        subprocess.run([sys.executable, str(HERE / script), str(out)], check=True, capture_output=True, timeout=120)
    return out


@pytest.fixture(scope="module")
def committed() -> dict[str, dict]:
    lines = (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()
    return {q["id"]: q for q in map(json.loads, lines)}


@pytest.fixture(scope="module")
def xg(fresh) -> XmlGraph:
    return XmlGraph(fresh / "lawfirm.graphml")


def test_committed_holdout_equals_a_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_bytes() == (HERE / "holdout.jsonl").read_bytes()


def test_shape_of_the_set(committed, xg):
    qs = list(committed.values())
    assert len(qs) >= 60
    assert [q["id"] for q in qs] == [f"byog17-{i:02d}" for i in range(1, len(qs) + 1)]
    kinds = {q["kind"] for q in qs}
    assert kinds == {"count", "filtered_count", "list", "multihop", "superlative", "aggregate", "edge_property",
                     "yes_no", "portfolio", "unknown", "global"}
    for q in qs:
        gold = q["gold"]
        assert gold["type"] in {"count", "set", "value", "bool", "none"}
        if gold["type"] == "set":
            assert gold["ids"] and len(gold["ids"]) == len(gold["names"]) == len(set(gold["names"]))
            assert [xg.name(i) for i in gold["ids"]] == gold["names"]
    assert 1000 <= len(xg.nodes) <= 3000
    assert 6 <= len({xg.type(n) for n in xg.nodes}) <= 9
    assert 9 <= len({a["label"] for *_, a in xg.edges}) <= 14


def _ids(gold: dict) -> set[str]:
    return set(gold["ids"])


def _q(committed, pattern: str) -> tuple[dict, re.Match]:
    """The one committed question whose text reads ``pattern`` (and the match, for the subject's name)."""
    hits = [(q, m) for q in committed.values() if (m := re.fullmatch(pattern, q["question"]))]
    assert len(hits) == 1, f"{len(hits)} questions read {pattern!r}"
    return hits[0]


def _gold(committed, pattern: str):
    return _q(committed, pattern)[0]["gold"]


def _subject(committed, xg, pattern: str) -> tuple[dict, list[str]]:
    """The question reading ``pattern`` and the node ids its captured names refer to."""
    q, m = _q(committed, pattern)
    return q["gold"], [xg.find(name) for name in m.groups()]


def test_counts_by_xml(committed, xg):
    nodes = xg.nodes
    assert _gold(committed, r"How many attorneys does the firm have\?")["value"] == len(xg.of("Attorney"))
    assert _gold(committed, r"how many cases are we tracking")["value"] == len(xg.of("Matter"))
    assert _gold(committed, r"How many opposing law firms are there\?")["value"] == len(xg.of("LawFirm"))
    assert _gold(committed, r"How many matters are still open\?")["value"] == sum(
        1 for m in xg.of("Matter") if nodes[m]["status"] == "Open")
    assert _gold(committed, r"How many motions were denied\?")["value"] == sum(
        1 for f in xg.of("Filing") if nodes[f]["filing_type"] == "Motion" and nodes[f].get("outcome") == "Denied")
    assert _gold(committed, r"How many matters were opened in 2023\?")["value"] == sum(
        1 for m in xg.of("Matter") if "2023-01-01" <= nodes[m]["opened_on"] <= "2023-12-31")
    sealed = {t for s, t, a in xg.edges if a["label"] == "FILED_IN" and nodes[s]["is_sealed"]}
    assert _gold(committed, r"How many matters have a sealed filing\?")["value"] == len(sealed)
    stayed = {t for s, t, a in xg.edges if a["label"] == "FOR_CLIENT" and nodes[s]["status"] == "Stayed"}
    assert _gold(committed, r"How many clients have at least one stayed matter\?")["value"] == len(stayed)
    gold, (boss,) = _subject(committed, xg, r"Quick one: how many people report directly to (.+)\?")
    assert gold["value"] == sum(1 for s, _, a in xg.edges if s == boss and a["label"] == "SUPERVISES")
    assert _gold(committed, r"How many nodes are in this graph altogether\?")["value"] == len(nodes)
    assert _gold(committed, r"How many different kinds of entities does this dataset contain\?")["value"] == len(
        {xg.type(n) for n in nodes})


def test_lists_by_xml(committed, xg):
    assert _ids(_gold(committed, r"List the state trial courts\.")) == {
        c for c in xg.of("Court") if xg.nodes[c]["jurisdiction"] == "State" and xg.nodes[c]["level"] == "Trial"}
    assert _ids(_gold(committed, r"Which judges were appointed before 1995\?")) == {
        j for j in xg.of("Judge") if xg.nodes[j]["appointed_year"] <= 1994}
    assert _ids(_gold(committed, r"Chicago partners\?")) == {
        a for a in xg.of("Attorney") if xg.nodes[a]["position"] == "Partner" and xg.nodes[a]["office"] == "Chicago"}


def test_multihop_by_xml(committed, xg):
    gold, (who,) = _subject(committed, xg, r"Who is the supervisor of (.+?)'s? supervisor\?")
    assert _ids(gold) == xg.step(xg.step([who], "SUPERVISES", False), "SUPERVISES", False)

    gold, (att,) = _subject(committed, xg, r"Which clients has (.+) worked for\?")
    assert _ids(gold) == xg.step(xg.step([att], "STAFFED_ON"), "FOR_CLIENT")

    q, m = _q(committed, r"Which clients have been billed for work done by the attorneys that (.+) supervises\?")
    reports = xg.out[(xg.find(m.group(1)), "SUPERVISES")]
    clients = {c for s, t, a in xg.edges if a["label"] == "LOGGED_BY" and t in reports
               for mt in xg.out[(s, "BILLED_TO")] for c in xg.out[(mt, "FOR_CLIENT")]}
    assert _ids(q["gold"]) == clients and q["hops"] == 4

    gold, (partner,) = _subject(committed, xg, r"In what courts have (.+?)'s? direct reports filed anything\?")
    courts = {c for f, a_, a in xg.edges if a["label"] == "FILED_BY" and a_ in xg.out[(partner, "SUPERVISES")]
              for mt in xg.out[(f, "FILED_IN")] for c in xg.out[(mt, "HEARD_IN")]}
    assert _ids(gold) == courts

    gold, (client,) = _subject(committed, xg, r"Who referred the client that referred (.+)\?")
    assert _ids(gold) == xg.step(xg.out[(client, "REFERRED_BY")], "REFERRED_BY")


def test_superlatives_and_aggregates_by_xml(committed, xg):
    cases = {j: len(xg.inn[(j, "PRESIDED_BY")]) for j in xg.of("Judge")}
    top = max(cases.values())
    assert _ids(_gold(committed, r"Which judge presides over the most cases\?")) == {
        j for j, v in cases.items() if v == top}

    hours: dict[str, float] = defaultdict(float)
    for s, t, a in xg.edges:
        if a["label"] == "LOGGED_BY":
            hours[t] += xg.nodes[s]["hours"]
    best = max(hours.values())
    assert _ids(_gold(committed, r"Which attorney has logged the most hours\?")) == {
        a for a, h in hours.items() if abs(h - best) < 1e-6}

    rates = [xg.nodes[a]["hourly_rate"] for a in xg.of("Attorney") if xg.nodes[a]["position"] == "Partner"]
    assert _gold(committed, r"What is the average hourly rate of our partners\?")["value"] == pytest.approx(
        sum(rates) / len(rates), abs=0.01)

    gold, (client,) = _subject(committed, xg, r"How much have we billed (.+) in total, across all of its matters\?")
    matters = set(xg.inn[(client, "FOR_CLIENT")])
    total = sum(xg.nodes[s]["amount"] for s, t, a in xg.edges if a["label"] == "BILLED_TO" and t in matters)
    assert gold["value"] == pytest.approx(total, abs=0.01)


def test_edge_properties_by_xml(committed, xg):
    gold, (att, matter) = _subject(committed, xg, r"When was (.+?) assigned to (.+)\?")
    assert gold["value"] == xg.edge(att, matter, "STAFFED_ON")["assigned_on"]

    gold, (partner,) = _subject(committed, xg, r"How many matters is (.+) lead counsel on\?")
    assert gold["value"] == sum(
        1 for s, t, a in xg.edges if s == partner and a["label"] == "STAFFED_ON" and a["role"] == "Lead Counsel")

    gold, (boss, report) = _subject(committed, xg, r"Since when has (.+?) been supervising (.+)\?")
    assert gold["value"] == xg.edge(boss, report, "SUPERVISES")["since"]


def test_yes_no_portfolio_unknown_by_xml(committed, xg):
    gold, (boss, report) = _subject(committed, xg, r"Does (.+?) supervise (.+)\?")
    assert gold["value"] == (report in xg.out[(boss, "SUPERVISES")])

    gold, (matter, court) = _subject(committed, xg, r"Is (.+) being heard in the (.+)\?")
    assert gold["value"] == (court in xg.out[(matter, "HEARD_IN")])

    gold, (client,) = _subject(committed, xg, r"Tell me everything about (.+)\.")
    assert _ids(gold) == {t for s, t, _ in xg.edges if s == client} | {s for s, t, _ in xg.edges if t == client}

    every = " ".join(xg.name(n) for n in xg.nodes).lower()
    unknown = [q for q in committed.values() if q["kind"] == "unknown"]
    assert len(unknown) == 3 and all(q["gold"] == {"type": "none"} for q in unknown)
    for word in ("priscilla", "vandermeer", "zephyrine", "biolabs", "ortolan", "lumen"):
        assert word not in every
