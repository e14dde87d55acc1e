"""byog61 (newsroom GraphML) gold checks: committed file == fresh run, determinism, schema limits, and golds
re-derived by a second method (xml.etree parse, question subject read back with a regex)."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from core.evaluation.judges import StructuredJudge
from core.records import Question

HERE = Path(__file__).resolve().parent
NS = {"g": "http://graphml.graphdrawing.org/xmlns"}
CAST = {"string": str, "long": int, "int": int, "double": float, "float": float,
        "boolean": lambda v: v.strip().lower() == "true"}


def run_scripts(out: Path, seed: int | None = None) -> None:
    cmd = [sys.executable, str(HERE / "graph.py"), str(out)] + ([] if seed is None else ["--seed", str(seed)])
    subprocess.run(cmd, check=True)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(out)], check=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog61")
    run_scripts(out)
    return out


@pytest.fixture(scope="module")
def xg(fresh):
    return XG(fresh / "newsroom.graphml")


class XG:
    """The graph parsed with xml.etree only."""

    def __init__(self, path: Path) -> None:
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), CAST[k.get("attr.type")]) for k in root.iter(f"{{{NS['g']}}}key")}

        def attrs(el):
            out = {}
            for d in el.findall("g:data", NS):
                name, cast = keys[d.get("key")]
                out[name] = cast(d.text or "")
            return out
        graph = root.find("g:graph", NS)
        self.nodes = {n.get("id"): attrs(n) for n in graph.findall("g:node", NS)}
        self.edges = [(e.get("source"), e.get("target"), attrs(e)) for e in graph.findall("g:edge", NS)]
        self.outs: dict[tuple[str, str], list[str]] = {}
        self.ins: dict[tuple[str, str], list[str]] = {}
        self.emap = {}
        for s, t, a in self.edges:
            self.outs.setdefault((s, a["label"]), []).append(t)
            self.ins.setdefault((t, a["label"]), []).append(s)
            self.emap[(s, t)] = a
        self.by_name = {}
        for nid, a in self.nodes.items():
            nm = f"{a['first_name']} {a['last_name']}" if "first_name" in a else a.get("name") or a.get("title")
            assert nm not in self.by_name, nm
            self.by_name[nm] = nid

    def of(self, label):
        return [n for n, a in self.nodes.items() if a["label"] == label]

    def o(self, n, lab):
        return set(self.outs.get((n, lab), ()))

    def i(self, n, lab):
        return set(self.ins.get((n, lab), ()))

    def id(self, name):
        return self.by_name[name]

    def name(self, nid):
        a = self.nodes[nid]
        return f"{a['first_name']} {a['last_name']}" if "first_name" in a else a.get("name") or a.get("title")


def argmax(items, key):
    ranked = sorted(items, key=key, reverse=True)
    assert key(ranked[0]) != key(ranked[1])
    return {ranked[0]}


def many(x, n, lab1, lab2, d1="o", d2="o"):
    return {z for y in getattr(x, d1)(n, lab1) for z in getattr(x, d2)(y, lab2)}


def verifiers():  # (regex, f(xg, match) -> gold in a comparable form: int / set / float / str / bool)
    N = r"(.+?)"
    v = [
        (r"How many journalists are in the graph\?", lambda x, m: len(x.of("Journalist"))),
        (r"how many articles are there in total", lambda x, m: len(x.of("Article"))),
        (r"What's the number of photos in the archive\?", lambda x, m: len(x.of("Photo"))),
        (r"Give me the count of advertisers\.", lambda x, m: len(x.of("Advertiser"))),
        (r"How many print editions does the graph hold\?", lambda x, m: len(x.of("Edition"))),
        (r"How many freelance journalists are there\?",
         lambda x, m: sum(x.nodes[j]["is_freelance"] for j in x.of("Journalist"))),
        (r"how many of the journalists work as (\w+)s",
         lambda x, m: sum(x.nodes[j]["role"] == m[1] for j in x.of("Journalist"))),
        (r"How many stories run longer than ([\d,]+) words\?",
         lambda x, m: sum(x.nodes[a]["word_count"] > int(m[1].replace(",", "")) for a in x.of("Article"))),
        (r"How many of our sources are anonymous\?", lambda x, m: sum(x.nodes[s]["is_anonymous"] for s in x.of("Source"))),
        (r"Number of corrections rated (\w+)\?",
         lambda x, m: sum(x.nodes[c]["severity"] == m[1] for c in x.of("Correction"))),
        (r"How many weekend editions were printed\?", lambda x, m: sum(x.nodes[e]["is_weekend"] for e in x.of("Edition"))),
        (r"How many advertisers are in the (\w+) industry\?",
         lambda x, m: sum(x.nodes[a]["industry"] == m[1] for a in x.of("Advertiser"))),
        (r"how many articles were published in (\d{4})",
         lambda x, m: sum(x.nodes[a]["published_on"][:4] == m[1] for a in x.of("Article"))),
        (r"How many black-and-white photos do we have\?", lambda x, m: sum(not x.nodes[p]["is_color"] for p in x.of("Photo"))),
        (rf"How many exclusives has {N} filed\?",
         lambda x, m: sum(x.nodes[a]["is_exclusive"] for a in x.o(x.id(m[1]), "FILED"))),
        (rf"Who covers the {N} beat\?", lambda x, m: x.i(x.id(m[1]), "COVERS")),
        (rf'Which sources are quoted in "{N}"\?', lambda x, m: x.o(x.id(m[1]), "QUOTES")),
        (rf"show me the photos {N} has taken", lambda x, m: x.o(x.id(m[1]), "SHOT")),
        (rf"List the awards won by {N}\.", lambda x, m: x.o(x.id(m[1]), "WON")),
        (rf"Which advertisers bought space in {N}\?", lambda x, m: x.i(x.id(m[1]), "ADVERTISED_IN")),
        (rf'What beats is the story "{N}" tagged under\?', lambda x, m: x.o(x.id(m[1]), "TAGGED_WITH")),
        (rf"Give me the freelancers assigned to the {N}\.",
         lambda x, m: {j for j in x.i(x.id(m[1]), "ASSIGNED_TO") if x.nodes[j]["is_freelance"]}),
        (rf"Which other journalists share a mentor with {N}\?",
         lambda x, m: many(x, x.id(m[1]), "MENTORS", "MENTORS", "i", "o") - {x.id(m[1])}),
        (rf"who mentored the person who mentors {N}", lambda x, m: many(x, x.id(m[1]), "MENTORS", "MENTORS", "i", "i")),
        (rf"Which journalists are mentored by someone that {N} mentors\?",
         lambda x, m: many(x, x.id(m[1]), "MENTORS", "MENTORS")),
        (rf"What desks are {N}'s mentees assigned to\?", lambda x, m: many(x, x.id(m[1]), "MENTORS", "ASSIGNED_TO")),
        (rf"Which sources were quoted in stories filed by {N}\?", lambda x, m: many(x, x.id(m[1]), "FILED", "QUOTES")),
        (rf"In which editions did articles written by {N} appear\?",
         lambda x, m: many(x, x.id(m[1]), "FILED", "RAN_IN")),
        (rf"which beats are covered by journalists that {N} mentors\?",
         lambda x, m: many(x, x.id(m[1]), "MENTORS", "COVERS")),
        (rf"Who took the photos that illustrate articles quoting {N}\?",
         lambda x, m: {j for p in many(x, x.id(m[1]), "QUOTES", "ILLUSTRATES", "i", "i") for j in x.i(p, "SHOT")}),
        (rf"Which awards have gone to journalists who quoted {N} in their stories\?",
         lambda x, m: {w for j in many(x, x.id(m[1]), "QUOTES", "FILED", "i", "i") for w in x.o(j, "WON")}),
        (rf"What desks are the photographers on whose pictures ran with articles that quote {N}\?",
         lambda x, m: {d for p in many(x, x.id(m[1]), "QUOTES", "ILLUSTRATES", "i", "i") for j in x.i(p, "SHOT")
                       for d in x.o(j, "ASSIGNED_TO")}),
        (rf"Which advertisers placed ads in editions that ran stories by {N}'s mentees\?",
         lambda x, m: {a for art in many(x, x.id(m[1]), "MENTORS", "FILED") for e in x.o(art, "RAN_IN")
                       for a in x.i(e, "ADVERTISED_IN")}),
        (rf"Which editions printed articles carrying pictures shot by whoever won the {N}\?",
         lambda x, m: {e for j in x.i(x.id(m[1]), "WON") for art in many(x, j, "SHOT", "ILLUSTRATES")
                       for e in x.o(art, "RAN_IN")}),
        (rf"How many different articles quoting {N} ran in weekend editions\?",
         lambda x, m: sum(any(x.nodes[e]["is_weekend"] for e in x.o(a, "RAN_IN")) for a in x.i(x.id(m[1]), "QUOTES"))),
        (rf"Whose reporting did {N} fix\?", lambda x, m: many(x, x.id(m[1]), "CORRECTS", "FILED", "o", "i")),
        (r"Which article got the most page views\?",
         lambda x, m: argmax(x.of("Article"), lambda a: x.nodes[a]["page_views"])),
        (r"Who has been at the paper the longest\?",
         lambda x, m: argmax(x.of("Journalist"), lambda j: -int(x.nodes[j]["hire_date"].replace("-", "")))),
        (r"which edition had the largest print run",
         lambda x, m: argmax(x.of("Edition"), lambda e: x.nodes[e]["print_run"])),
        (r"What advertiser has the biggest annual spend\?",
         lambda x, m: argmax(x.of("Advertiser"), lambda a: x.nodes[a]["annual_spend"])),
        (r"Whose bylined stories add up to the most words\?",
         lambda x, m: argmax(x.of("Journalist"), lambda j: sum(x.nodes[a]["word_count"] for a in x.o(j, "FILED")))),
        (r"Which source is quoted in the most stories\?",
         lambda x, m: argmax(x.of("Source"), lambda s: len(x.i(s, "QUOTES")))),
        (r"Which beat has the most stories tagged to it\?",
         lambda x, m: argmax(x.of("Beat"), lambda b: len(x.i(b, "TAGGED_WITH")))),
        (r"Which advertiser has spent the most on ad placements in total\?",
         lambda x, m: argmax(x.of("Advertiser"), lambda a: sum(x.emap[a, e]["cost"] for e in x.o(a, "ADVERTISED_IN")))),
        (rf"Among the articles {N} filed, which is the longest\?",
         lambda x, m: argmax(x.o(x.id(m[1]), "FILED"), lambda a: x.nodes[a]["word_count"])),
        (rf"Of the journalists on the {N}, who was hired most recently\?",
         lambda x, m: argmax(x.i(x.id(m[1]), "ASSIGNED_TO"), lambda j: x.nodes[j]["hire_date"])),
        (r"What's the combined print run of all weekend editions\?",
         lambda x, m: float(sum(x.nodes[e]["print_run"] for e in x.of("Edition") if x.nodes[e]["is_weekend"]))),
        (rf"What is the average word count of articles filed by {N}\?",
         lambda x, m: avg([x.nodes[a]["word_count"] for a in x.o(x.id(m[1]), "FILED")])),
        (rf"total prize money of the awards {N} has won\?",
         lambda x, m: sum(x.nodes[w]["prize_money"] for w in x.o(x.id(m[1]), "WON"))),
        (rf"How much did {N} spend on ads altogether\?",
         lambda x, m: sum(x.emap[x.id(m[1]), e]["cost"] for e in x.o(x.id(m[1]), "ADVERTISED_IN"))),
        (rf"average megapixels of the photos shot by {N}",
         lambda x, m: avg([x.nodes[p]["megapixels"] for p in x.o(x.id(m[1]), "SHOT")])),
        (rf'On what page did "{N}" run in {N}\?', lambda x, m: float(x.emap[x.id(m[1]), x.id(m[2])]["page"])),
        (rf"How much did {N} pay for its ad in {N}\?", lambda x, m: x.emap[x.id(m[1]), x.id(m[2])]["cost"]),
        (rf"When did {N} start mentoring {N}\?", lambda x, m: x.emap[x.id(m[1]), x.id(m[2])]["since"]),
        (rf'How many times was {N} quoted in "{N}"\?',
         lambda x, m: float(x.emap[x.id(m[2]), x.id(m[1])]["quote_count"])),
        (rf"what size was {N}'s ad in {N}", lambda x, m: x.emap[x.id(m[1]), x.id(m[2])]["ad_size"]),
        (rf"How many full-page ads ran in {N}\?",
         lambda x, m: sum(x.emap[a, x.id(m[1])]["ad_size"] == "full" for a in x.i(x.id(m[1]), "ADVERTISED_IN"))),
        (rf"In how many articles was {N} quoted off the record\?",
         lambda x, m: sum(not x.emap[a, x.id(m[1])]["on_record"] for a in x.i(x.id(m[1]), "QUOTES"))),
        (rf"Does {N} mentor {N}\?", lambda x, m: x.id(m[2]) in x.o(x.id(m[1]), "MENTORS")),
        (rf"is {N} a mentor of {N}", lambda x, m: x.id(m[2]) in x.o(x.id(m[1]), "MENTORS")),
        (rf"Is {N} an anonymous source\?", lambda x, m: x.nodes[x.id(m[1])]["is_anonymous"]),
        (rf'Did "{N}" appear in a weekend edition\?',
         lambda x, m: any(x.nodes[e]["is_weekend"] for e in x.o(x.id(m[1]), "RAN_IN"))),
        (rf"Has {N} ever won the {N}\?", lambda x, m: x.id(m[2]) in x.o(x.id(m[1]), "WON")),
        (rf'Was the story "{N}" ever corrected\?', lambda x, m: bool(x.i(x.id(m[1]), "CORRECTS"))),
        (rf"{N} is a freelancer, right\?", lambda x, m: x.nodes[x.id(m[1])]["is_freelance"]),
        (rf"Did {N} advertise in {N}\?", lambda x, m: (x.id(m[1]), x.id(m[2])) in x.emap),
        (rf"(?:Tell me everything about {N}\.|what do we know about the article \"{N}\"|"
         rf"Give me the full picture on source {N})",
         lambda x, m: nbrs(x, x.id(next(g for g in m.groups() if g)))),
        (r"How many different types of entities are in this graph\?",
         lambda x, m: len({a["label"] for a in x.nodes.values()})),
        (r"how many kinds of relationships connect things here", lambda x, m: len({a["label"] for *_, a in x.edges})),
        (r"What's the total number of relationships in the graph\?", lambda x, m: len(x.edges)),
    ]
    return [(re.compile(p), f) for p, f in v]


def avg(xs):
    return sum(xs) / len(xs)


def nbrs(x, n):
    return {t for s, t, _ in x.edges if s == n} | {s for s, t, _ in x.edges if t == n}


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_committed_equals_fresh_run(fresh):
    assert (HERE / "holdout.jsonl").read_text(encoding="utf-8") == (fresh / "holdout.jsonl").read_text("utf-8")


def test_deterministic_per_seed():
    spec = importlib.util.spec_from_file_location("byog61_graph", HERE / "graph.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def dump(g):
        return list(g.nodes(data=True)), list(g.edges(data=True))
    assert dump(mod.build(7)) == dump(mod.build(7))
    assert dump(mod.build(7)) != dump(mod.build(61))


def test_graph_schema_limits(xg):
    x = xg
    ntypes = Counter(a["label"] for a in x.nodes.values())
    etypes = Counter(a["label"] for *_, a in x.edges)
    assert 8 <= len(ntypes) <= 10 and 10 <= len(etypes) <= 13
    assert len(x.nodes) >= 2000 and len(x.edges) <= 20000
    assert all("labels" not in a for a in x.nodes.values())
    # self-relation, edge properties, 4-hop paths
    assert any(x.nodes[s]["label"] == x.nodes[t]["label"] for s, t, _ in x.edges)
    with_props = {a["label"] for *_, a in x.edges if len(a) > 1}
    assert len(with_props) >= 3
    names = [x.name(n).lower() for n in x.nodes]
    assert len(set(names)) == len(names)
    joined = "\x00".join(names)
    for nm in names:  # no name inside another
        assert joined.count(nm) == 1, nm
    for a in x.nodes.values():
        if a["label"] in ("Journalist", "Source"):
            assert a["first_name"] and a["last_name"]
        else:
            assert a.get("name") or a.get("title")


def test_question_set_shape(fresh):
    rows = load(HERE / "holdout.jsonl")
    assert 70 <= len(rows) <= 80
    assert len({r["id"] for r in rows}) == len(rows)
    kinds = Counter(r["kind"] for r in rows)
    assert kinds["multihop"] >= 12 and kinds["unknown"] == 4 and kinds["portfolio"] == 3
    assert sum(1 for r in rows if r["kind"] == "multihop" and r["hops"] == 4) >= 2
    yn = [r["gold"]["value"] for r in rows if r["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False)
    for r in rows:
        g = r["gold"]
        assert set(r) == {"id", "kind", "question", "gold", "hops"}
        assert g["type"] in {"count", "set", "value", "bool", "none"}
        low = r["question"].lower()
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"])
            assert not any(n.lower() in low for n in g["names"]), r["id"]
        if g["type"] == "count":
            assert g["value"] > 0
        if g["type"] == "value" and isinstance(g["value"], str):
            assert g["value"].lower() not in low


def synthetic(gold: dict) -> str:
    t = gold["type"]
    if t == "count":
        return f"There are {gold['value']}."
    if t == "set":
        return ", ".join(gold["names"]) + "."
    if t == "value":
        return f"It is {gold['value']}."
    if t == "bool":
        return "Yes." if gold["value"] else "No."
    return "That entity was not found in the graph."


def test_golds_pass_judge():
    judge = StructuredJudge()
    for r in load(HERE / "holdout.jsonl"):
        q = Question.from_dict(r)
        j = judge.judge(q, synthetic(r["gold"]))
        assert j.verdict == "PASS", (r["id"], j.reason)


def test_golds_rederived(xg):
    x = xg
    checks = verifiers()
    checked = 0
    for r in load(HERE / "holdout.jsonl"):
        g = r["gold"]
        hit = next(((rx.fullmatch(r["question"]), f) for rx, f in checks if rx.fullmatch(r["question"])), None)
        if hit is None:
            continue
        m, f = hit
        got = f(x, m)
        if g["type"] == "set":
            assert got == set(g["ids"]), r["id"]
            assert [x.name(i) for i in g["ids"]] == g["names"]
        elif g["type"] == "count":
            assert got == g["value"], r["id"]
        elif g["type"] == "bool":
            assert got is g["value"], r["id"]
        elif isinstance(g["value"], str):
            assert got == g["value"], r["id"]
        else:
            assert abs(got - g["value"]) <= 0.005 * max(1.0, abs(got)), r["id"]
        checked += 1
    assert checked >= 50, checked


def test_unknown_names_absent(xg):
    x = xg
    everything = " ".join(x.name(n).lower() for n in x.nodes)
    for r in load(HERE / "holdout.jsonl"):
        if r["gold"]["type"] == "none":
            caps = [m[0] for m in re.finditer(r"(?:[A-Z][a-z]+ )*[A-Z][a-z]+", r["question"]) if m.start() > 0]
            assert caps and all(c.lower() not in everything for c in caps), r["id"]
