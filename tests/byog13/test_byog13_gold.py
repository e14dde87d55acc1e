"""byog13: the committed holdout equals a fresh run of both scripts, and most golds re-derive from the raw GraphML
XML (xml.etree, no networkx) by a second, independent reading of each question's text."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path
from statistics import mean

import pytest

HERE = Path(__file__).parent
HOLDOUT = HERE / "holdout.jsonl"
NS = "{http://graphml.graphdrawing.org/xmlns}"
CONVERT = {"long": int, "int": int, "double": float, "float": float, "string": str,
           "boolean": lambda s: s.strip().lower() == "true"}


class Xml:
    """The GraphML read as plain XML: typed node attributes, labelled edges, adjacency by edge label."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.iter(f"{NS}key")}

        def attrs(el):
            out = {}
            for d in el.findall(f"{NS}data"):
                name, typ = keys[d.get("key")]
                out[name] = CONVERT[typ](d.text or "")
            return out

        self.nodes = {n.get("id"): attrs(n) for n in root.iter(f"{NS}node")}
        self.edges = [(e.get("source"), e.get("target"), attrs(e)) for e in root.iter(f"{NS}edge")]
        self.fwd: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.back: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str], dict] = {}
        for s, t, a in self.edges:
            self.fwd[s, a["label"]].append(t)
            self.back[t, a["label"]].append(s)
            self.eattr[s, t] = a
        names = Counter(self.name(n) for n in self.nodes)
        self.by_name = {self.name(n): n for n in self.nodes if names[self.name(n)] == 1}

    def name(self, n: str) -> str:
        a = self.nodes[n]
        return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"

    def of(self, typ: str) -> list[str]:
        return [n for n, a in self.nodes.items() if a["labels"] == f":{typ}"]

    def one(self, n: str, label: str) -> str:
        (x,) = self.fwd[n, label]
        return x


def _run(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog13")
    _run(str(HERE / "graph.py"), str(out))
    _run(str(HERE / "questions.py"), str(out))
    return out


@pytest.fixture(scope="module")
def committed() -> list[dict]:
    return [json.loads(line) for line in HOLDOUT.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_committed_holdout_equals_a_fresh_run(fresh, committed):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")
    assert len(committed) >= 60
    assert len({q["id"] for q in committed}) == len(committed)


def test_graph_shape(fresh):
    x = Xml(fresh / "realestate.graphml")
    types = Counter(a["labels"] for a in x.nodes.values())
    labels = Counter(a["label"] for _, _, a in x.edges)
    assert 6 <= len(types) <= 9 and 9 <= len(labels) <= 14
    assert 1000 <= len(x.nodes) <= 3000
    assert all(re.fullmatch(r"[a-z]+-\d+", n) for n in x.nodes)
    assert all(x.name(n).strip() for n in x.nodes)
    # MENTORS is a directed self-relation Agent -> Agent
    mentors = [(s, t) for s, t, a in x.edges if a["label"] == "MENTORS"]
    assert mentors and all(x.nodes[s]["labels"] == x.nodes[t]["labels"] == ":Agent" for s, t in mentors)
    assert not any((t, s) in set(mentors) for s, t in mentors)
    # typed attributes: int, float, bool, ISO date strings
    p = x.nodes[x.of("Property")[0]]
    assert isinstance(p["bedrooms"], int) and isinstance(p["floor_area_sqm"], float)
    assert isinstance(p["has_garden"], bool)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", x.nodes[x.of("Listing")[0]]["listed_on"])


def _set(x: Xml, ids) -> dict:
    ids = sorted(set(ids), key=lambda i: (i.rpartition("-")[0], int(i.rpartition("-")[2])))
    return {"type": "set", "ids": ids, "names": [x.name(i) for i in ids]}


def _count(v) -> dict:
    return {"type": "count", "value": len(v) if not isinstance(v, int) else v}


def _derivers(x: Xml):
    """(question regex, gold from the match) for the question templates; each reads only the XML model."""
    N = x.by_name
    P, L, B, S, A, G, H = (x.of(t) for t in ("Property", "Listing", "Buyer", "Sale", "Agent", "Agency",
                                             "Neighbourhood"))
    attr = lambda n, k: x.nodes[n][k]  # noqa: E731

    def prop_listings(p):
        return x.back[p, "FOR_PROPERTY"]

    def hood_props(h):
        return x.back[h, "SITUATED_IN"]

    def staff(a):
        return x.back[a, "WORKS_FOR"]

    def top(d, low=False):
        best = (min if low else max)(d.values())
        (k,) = [k for k, v in d.items() if v == best]
        return [k]

    return [
        (r"How many estate agents are there in total\?", lambda m: _count(A)),
        (r"how many neighborhoods are covered", lambda m: _count(H)),
        (r"How many sales are on record\?", lambda m: _count(S)),
        (r"Number of homes in the dataset\?", lambda m: _count(P)),
        (r"How many properties have a garden\?", lambda m: _count([p for p in P if attr(p, "has_garden")])),
        (r"How many bungalows", lambda m: _count([p for p in P if attr(p, "property_type") == "bungalow"])),
        (r"under offer", lambda m: _count([i for i in L if attr(i, "status") == "under offer"])),
        (r"first-time buyers do we have", lambda m: _count([b for b in B if attr(b, "first_time_buyer")])),
        (r"cash purchases", lambda m: _count([s for s in S if attr(s, "cash_purchase")])),
        (r"How many flats are there in (.+)\?$",
         lambda m: _count([p for p in hood_props(N[m[1]]) if attr(p, "property_type") == "flat"])),
        (r"How many agents does (.+) employ\?", lambda m: _count(staff(N[m[1]]))),
        (r"went on the market in (\d{4})\?", lambda m: _count([i for i in L if attr(i, "listed_on")[:4] == m[1]])),
        (r"approved mortgage have a budget above ([\d,]+)\?",
         lambda m: _count([b for b in B if attr(b, "mortgage_approved")
                           and attr(b, "budget") > int(m[1].replace(",", ""))])),
        (r"List the neighbourhoods in (.+)\.", lambda m: _set(x, x.back[N[m[1]], "LOCATED_IN"])),
        (r"Which agencies are based in (.+)\?", lambda m: _set(x, x.back[N[m[1]], "BASED_IN"])),
        (r"who works at (.+)", lambda m: _set(x, staff(N[m[1]]))),
        (r"Show me the cottages in (.+)",
         lambda m: _set(x, [p for p in hood_props(N[m[1]]) if attr(p, "property_type") == "cottage"])),
        (r"Which agencies are franchises\?", lambda m: _set(x, [a for a in G if attr(a, "franchise")])),
        (r"house-hunting in (.+)\?", lambda m: _set(x, x.back[N[m[1]], "PREFERS"])),
        (r"Who mentors the agents at (.+)\?",
         lambda m: _set(x, [mm for a in staff(N[m[1]]) for mm in x.back[a, "MENTORS"]])),
        (r"Which agency does (.+)'s mentor work for\?",
         lambda m: _set(x, [x.one(mm, "WORKS_FOR") for mm in x.back[N[m[1]], "MENTORS"]])),
        (r"employ the people (.+) mentors\?",
         lambda m: _set(x, [x.one(y, "WORKS_FOR") for y in x.fwd[N[m[1]], "MENTORS"]])),
        (r"Who mentored the mentor of (.+)\?",
         lambda m: _set(x, [g for mm in x.back[N[m[1]], "MENTORS"] for g in x.back[mm, "MENTORS"]])),
        (r"In which cities has (.+) been to viewings\?",
         lambda m: _set(x, [x.one(x.one(x.one(i, "FOR_PROPERTY"), "SITUATED_IN"), "LOCATED_IN")
                            for i in x.fwd[N[m[1]], "VIEWED"]])),
        (r"what neighbourhoods are the homes (.+) has listed in\?",
         lambda m: _set(x, [x.one(x.one(i, "FOR_PROPERTY"), "SITUATED_IN") for i in x.back[N[m[1]], "LISTED_BY"]])),
        (r"Who bought the properties that (.+) listed\?",
         lambda m: _set(x, [x.one(s, "BOUGHT_BY") for i in x.back[N[m[1]], "LISTED_BY"]
                            for s in x.back[i, "OF_LISTING"]])),
        (r"Which buyers have viewed (.+)\?",
         lambda m: _set(x, [b for i in prop_listings(N[m[1]]) for b in x.back[i, "VIEWED"]])),
        (r"Who bought (\d.+)\?",
         lambda m: _set(x, [x.one(s, "BOUGHT_BY") for i in prop_listings(N[m[1]]) for s in x.back[i, "OF_LISTING"]])),
        (r"Which agents have listed property in (.+)\?",
         lambda m: _set(x, [x.one(i, "LISTED_BY") for p in hood_props(N[m[1]]) for i in prop_listings(p)])),
        (r"Which city is (.+)'s agent's agency based in\?",
         lambda m: _set(x, [x.one(x.one(x.one(N[m[1]], "REPRESENTED_BY"), "WORKS_FOR"), "BASED_IN")])),
        (r"Which agencies' agents have listed homes in (.+)\?",
         lambda m: _set(x, [x.one(x.one(i, "LISTED_BY"), "WORKS_FOR") for p in hood_props(N[m[1]])
                            for i in prop_listings(p)])),
        (r"Which of (.+)'s clients have actually bought a home\?",
         lambda m: _set(x, [b for b in x.back[N[m[1]], "REPRESENTED_BY"] if x.back[b, "BOUGHT_BY"]])),
        (r"highest-rated agent at (.+)\?", lambda m: _set(x, top({a: attr(a, "rating") for a in staff(N[m[1]])}))),
        (r"biggest home in (.+) by floor area\?",
         lambda m: _set(x, top({p: attr(p, "floor_area_sqm") for p in hood_props(N[m[1]])}))),
        (r"been around the longest\?", lambda m: _set(x, top({a: attr(a, "founded") for a in G}, low=True))),
        (r"best walk score\?", lambda m: _set(x, top({h: attr(h, "walk_score") for h in H}))),
        (r"Which agent has the most listings\?", lambda m: _set(x, top({a: len(x.back[a, "LISTED_BY"]) for a in A}))),
        (r"neighbourhood has the most properties", lambda m: _set(x, top({h: len(hood_props(h)) for h in H}))),
        (r"first-time buyer has been to the most viewings\?",
         lambda m: _set(x, top({b: len(x.fwd[b, "VIEWED"]) for b in B if attr(b, "first_time_buyer")}))),
        (r"agency's agents have closed the highest total value",
         lambda m: _set(x, top({g: sum(attr(s, "price") for a in staff(g) for s in x.back[a, "HANDLED_BY"])
                                for g in G}))),
        (r"total value of all sales\?", lambda m: {"type": "value", "value": sum(attr(s, "price") for s in S)}),
        (r"average rating of the agents at (.+)\?",
         lambda m: {"type": "value", "value": round(mean(attr(a, "rating") for a in staff(N[m[1]])), 2)}),
        (r"average floor area of a bungalow\?",
         lambda m: {"type": "value", "value": round(mean(attr(p, "floor_area_sqm") for p in P
                                                         if attr(p, "property_type") == "bungalow"), 2)}),
        (r"average asking price of listings in (.+)\?",
         lambda m: {"type": "value", "value": round(mean(attr(i, "asking_price") for p in hood_props(N[m[1]])
                                                         for i in prop_listings(p)), 2)}),
        (r"What commission is (.+) charging on the (.+) listing\?",
         lambda m: {"type": "value", "value": x.eattr[x.back[N[m[2]], "FOR_PROPERTY"][0], N[m[1]]]["commission_pct"]}),
        (r"When did (.+) view (.+)\?",
         lambda m: {"type": "value", "value": x.eattr[N[m[1]], x.back[N[m[2]], "FOR_PROPERTY"][0]]["viewed_on"]}),
        (r"What score did (.+) give (.+) after the viewing\?",
         lambda m: {"type": "value", "value": x.eattr[N[m[1]], x.back[N[m[2]], "FOR_PROPERTY"][0]]["rating"]}),
        (r"Since when has (.+) been mentoring (.+)\?",
         lambda m: {"type": "value", "value": x.eattr[N[m[1]], N[m[2]]]["since"]}),
        (r"When did (.+) join (.+)\?", lambda m: {"type": "value", "value": x.eattr[N[m[1]], N[m[2]]]["since"]}),
        (r"Does (.+) have a garden\?", lambda m: {"type": "bool", "value": attr(N[m[1]], "has_garden")}),
        (r"Is (.+) a franchise\?", lambda m: {"type": "bool", "value": attr(N[m[1]], "franchise")}),
        (r"Did (.+) go to a viewing at (.+)\?",
         lambda m: {"type": "bool", "value": any((N[m[1]], i) in x.eattr and x.eattr[N[m[1]], i]["label"] == "VIEWED"
                                                 for i in prop_listings(N[m[2]]))}),
        (r"Does (.+) mentor (.+)\?", lambda m: {"type": "bool", "value": N[m[2]] in x.fwd[N[m[1]], "MENTORS"]}),
        (r"is (.+) a first-time buyer", lambda m: {"type": "bool", "value": attr(N[m[1]], "first_time_buyer")}),
        (r"(?:Tell me everything about|Give me a rundown of|What do we know about) (.+?)[.?]?$",
         lambda m: _set(x, [t for s, t, _ in x.edges if s == N[m[1]]] + [s for s, t, _ in x.edges if t == N[m[1]]])),
        (r"(?:Which agency does (.+) work for|How many bedrooms does (.+) have|When was (.+) founded)\?",
         lambda m: {"type": "none"} if not any(g and g.lower() in x.name(n).lower() for g in m.groups()
                                                 for n in x.nodes) else {"type": "exists"}),
        (r"How many different types of entity", lambda m: _count(len({a["labels"] for a in x.nodes.values()}))),
        (r"How many nodes are there in the whole graph\?", lambda m: _count(len(x.nodes))),
    ]


def test_golds_rederive_from_the_raw_xml(fresh, committed):
    x = Xml(fresh / "realestate.graphml")
    derivers = [(re.compile(rx), fn) for rx, fn in _derivers(x)]
    checked, mismatches = [], []
    for q in committed:
        for rx, fn in derivers:
            m = rx.search(q["question"])
            if m:
                gold = fn(m)
                if gold != q["gold"]:
                    mismatches.append((q["id"], q["question"], q["gold"], gold))
                checked.append(q["id"])
                break
    assert not mismatches, mismatches
    assert len(checked) >= 55, f"only {len(checked)} golds re-derived"


def test_question_texts_carry_no_answers(committed):
    for q in committed:
        gold = q["gold"]
        if gold["type"] == "set" and q["kind"] != "portfolio":
            assert not any(n in q["question"] for n in gold["names"]), q
        if gold["type"] == "value":
            assert str(gold["value"]) not in q["question"], q
