"""byog29 gold checks: the committed set equals a fresh run, generation is deterministic, the schema limits hold,
and the golds are re-derived by a second method (xml.etree over the GraphML, subjects read from the question
text with regexes, no networkx), then judged PASS by the structured judge on synthetic correct answers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from core.evaluation.judges import StructuredJudge
from core.records import Question

HERE = Path(__file__).resolve().parent
NS = {"g": "http://graphml.graphdrawing.org/xmlns"}
KIND_COUNTS = {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
               "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}


def _run(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("byog29")
    _run(str(HERE / "graph.py"), str(d))
    _run(str(HERE / "questions.py"), str(d))
    return d


def _load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# ---- second method: a plain GraphML reader ----------------------------------------------------------------------


class X:
    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {}
        for k in root.findall("g:key", NS):
            keys[k.get("id")] = (k.get("attr.name"), k.get("attr.type"))

        def conv(el) -> tuple[str, object]:
            name, typ = keys[el.get("key")]
            t = el.text or ""
            if typ in ("int", "long"):
                return name, int(t)
            if typ in ("float", "double"):
                return name, float(t)
            if typ == "boolean":
                return name, t.strip().lower() == "true"
            return name, t

        graph = root.find("g:graph", NS)
        self.nodes: dict[str, dict] = {}
        for n in graph.findall("g:node", NS):
            self.nodes[n.get("id")] = dict(conv(d) for d in n.findall("g:data", NS))
        self.edges: list[tuple[str, str, str, dict]] = []
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        for e in graph.findall("g:edge", NS):
            attrs = dict(conv(d) for d in e.findall("g:data", NS))
            lab = attrs.pop("label")
            s, t = e.get("source"), e.get("target")
            self.edges.append((s, t, lab, attrs))
            self.out[(s, lab)].append((t, attrs))
            self.inn[(t, lab)].append((s, attrs))
        self.by_name = {self.name(n).lower(): n for n in self.nodes}

    def type(self, n: str) -> str:
        return self.nodes[n]["labels"].split(":")[1]

    def name(self, n: str) -> str:
        d = self.nodes[n]
        return f"{d['first_name']} {d['last_name']}" if "first_name" in d else d.get("name") or d["title"]

    def id(self, name: str) -> str:
        return self.by_name[name.strip().lower()]

    def of(self, t: str) -> list[str]:
        return [n for n in self.nodes if self.type(n) == t]

    def o(self, n: str, lab: str) -> list[str]:
        return [t for t, _ in self.out[(n, lab)]]

    def i(self, n: str, lab: str) -> list[str]:
        return [s for s, _ in self.inn[(n, lab)]]

    def o1(self, n: str, lab: str) -> str:
        (t,) = self.o(n, lab)
        return t

    def ea(self, s: str, lab: str, t: str) -> dict:
        (a,) = [a for x, a in self.out[(s, lab)] if x == t]
        return a

    def rank(self, w: str) -> str:
        return self.ea(w, "SERVES_ON", self.o1(w, "SERVES_ON"))["rank"]

    def master(self, v: str) -> str:
        (m,) = [w for w, a in self.inn[(v, "SERVES_ON")] if a["rank"] == "Master"]
        return m


@pytest.fixture(scope="module")
def x(fresh) -> X:
    return X(fresh / "shipping.graphml")


def _ids(ids) -> set[str]:
    return set(ids)


def _argmax(items) -> str:
    items = sorted(items, key=lambda p: -p[1])
    assert items[0][1] != items[1][1], "tie"
    return items[0][0]


def derive(x: X, q: str):  # noqa: C901 - one branch per question shape
    """Recompute a gold from the question text alone: returns a set of ids, an int/float/str/bool, or None."""
    def m(rx: str) -> list[str]:
        r = re.search(rx, q, re.IGNORECASE)
        assert r, f"pattern {rx!r} not in {q!r}"
        return list(r.groups())

    def cnt(t: str, pred=lambda _n: True) -> int:
        return sum(1 for n in x.of(t) if pred(x.nodes[n]))

    def cust_vessels(c: str) -> set[str]:
        return {x.o1(x.o1(s, "CARRIED_ON"), "PERFORMED_BY") for s in x.i(c, "BOOKED_BY")}

    def freight(c: str) -> float:
        return sum(x.ea(s, "CARRIED_ON", x.o1(s, "CARRIED_ON"))["freight_usd"] for s in x.i(c, "BOOKED_BY"))

    low = q.lower()
    simple = [
        (r"^how many vessels are in the fleet", lambda: cnt("Vessel")),
        (r"^how many crew members do we have", lambda: cnt("CrewMember")),
        (r"total number of ports", lambda: cnt("Port")),
        (r"^count the inspections", lambda: cnt("Inspection")),
        (r"^how many shippers are there", lambda: cnt("Customer")),
        (r"^how many tankers", lambda: cnt("Vessel", lambda d: d["vessel_class"] == "Tanker")),
        (r"ice-class hull", lambda: cnt("Vessel", lambda d: d["ice_class"])),
        (r"flagged as hazardous", lambda: cnt("Shipment", lambda d: d["hazardous"])),
        (r"refrigerated containers are there", lambda: cnt("Container", lambda d: d["refrigerated"])),
        (r"key-account customers", lambda: cnt("Customer", lambda d: d["key_account"])),
        (r"travelled as deck cargo", lambda: sum(1 for *_, lab, a in x.edges
                                                 if lab == "CARRIED_ON" and a["stowage"] == "Deck")),
        (r"kinds of entities", lambda: len({x.type(n) for n in x.nodes})),
        (r"relationship types", lambda: len({e[2] for e in x.edges})),
        (r"type of node is most common", lambda: Counter(x.type(n) for n in x.nodes).most_common(1)[0][0]),
        (r"largest gross tonnage", lambda: {_argmax((v, x.nodes[v]["gross_tonnage"]) for v in x.of("Vessel"))}),
        (r"delivered most recently", lambda: {_argmax((v, int(x.nodes[v]["delivered_on"].replace("-", "")))
                                                      for v in x.of("Vessel"))}),
        (r"port has the most berths", lambda: {_argmax((p, x.nodes[p]["berths"]) for p in x.of("Port"))}),
        (r"shipowner has the biggest fleet", lambda: {_argmax((o, len(x.i(o, "OWNED_BY")))
                                                              for o in x.of("Shipowner"))}),
        (r"customer with the most bookings", lambda: {_argmax((c, len(x.i(c, "BOOKED_BY")))
                                                              for c in x.of("Customer"))}),
        (r"vessel has made the most voyages", lambda: {_argmax((v, len(x.i(v, "PERFORMED_BY")))
                                                               for v in x.of("Vessel"))}),
        (r"paid the most freight", lambda: {_argmax((c, freight(c)) for c in x.of("Customer"))}),
        (r"heaviest total cargo", lambda: {_argmax((y, sum(a["weight_tonnes"] for _, a in x.inn[(y, "CARRIED_ON")]))
                                                   for y in x.of("Voyage"))}),
        (r"average gross tonnage of our bulk carriers", lambda: (lambda t: sum(t) / len(t))(
            [x.nodes[v]["gross_tonnage"] for v in x.of("Vessel") if x.nodes[v]["vessel_class"] == "Bulk Carrier"])),
        (r"declared value of all hazardous", lambda: sum(x.nodes[s]["declared_value_usd"] for s in x.of("Shipment")
                                                         if x.nodes[s]["hazardous"])),
    ]
    for rx, fn in simple:
        if re.search(rx, low):
            return fn()

    if re.search(r"ports are located in (\w+)", q):
        (r,) = m(r"located in (\w+)")
        return cnt("Port", lambda d: d["region"] == r)
    if "set sail in" in low:
        (yr,) = m(r"set sail in (\d{4})")
        return cnt("Voyage", lambda d: d["departure_date"][:4] == yr)
    if "were built before" in low:
        (yr,) = m(r"built before (\d{4})")
        return cnt("Vessel", lambda d: d["year_built"] < int(yr))
    if "inspections have been carried out" in low:
        (t,) = m(r"how many (.+) inspections")
        return cnt("Inspection", lambda d: d["inspection_type"] == t)
    if "nationals" in low:
        (nat,) = m(r"are (\w+) nationals")
        return cnt("CrewMember", lambda d: d["nationality"] == nat)
    if low.startswith("which vessels does"):
        (o,) = m(r"does (.+) own\?")
        return _ids(x.i(x.id(o), "OWNED_BY"))
    if low.startswith("list the crew serving aboard"):
        (v,) = m(r"aboard the (.+)\.$")
        return _ids(x.i(x.id(v), "SERVES_ON"))
    if low.startswith("show me the ports in"):
        (r,) = m(r"ports in (\w+)")
        return {p for p in x.of("Port") if x.nodes[p]["region"] == r}
    if "inspections took place at" in low:
        (p,) = m(r"took place at (.+)\?")
        return _ids(x.i(x.id(p), "HELD_AT"))
    if low.startswith("what consignments has"):
        (c,) = m(r"has (.+) booked")
        return _ids(x.i(x.id(c), "BOOKED_BY"))
    if "were loaded into the" in low:
        (b,) = m(r"loaded into the (.+)\?$")
        return _ids(x.i(x.id(b), "PACKED_IN"))
    if "as their home port" in low:
        (p,) = m(r"have (.+) as their home port")
        return _ids(x.i(x.id(p), "REGISTERED_AT"))
    if "supervisor's supervisor" in low:
        (w,) = m(r"who is (.+)'s supervisor's supervisor")
        (b,) = x.i(x.id(w), "SUPERVISES")
        return _ids(x.i(b, "SUPERVISES"))
    if "directly supervises" in low:
        (w,) = m(r"someone that (.+) directly supervises")
        return {z for d in x.o(x.id(w), "SUPERVISES") for z in x.o(d, "SUPERVISES")}
    if "three levels below" in low:
        (w,) = m(r"below captain (.+) in the chain")
        return {z for a in x.o(x.id(w), "SUPERVISES") for b in x.o(a, "SUPERVISES") for z in x.o(b, "SUPERVISES")}
    if "voyages arrive at" in low:
        (v,) = m(r"did (.+)'s voyages arrive")
        return {x.o1(y, "ARRIVES_AT") for y in x.i(x.id(v), "PERFORMED_BY")}
    if "had cargo aboard the" in low:
        (y,) = m(r"aboard the (.+)$")
        return {x.o1(s, "BOOKED_BY") for s in x.i(x.id(y), "CARRIED_ON")}
    if "owns the ship that sailed" in low:
        (y,) = m(r"sailed the (.+)\?")
        return {x.o1(x.o1(x.id(y), "PERFORMED_BY"), "OWNED_BY")}
    if low.startswith("which vessels have carried"):
        (c,) = m(r"have carried (.+)'s consignments")
        return cust_vessels(x.id(c))
    if "shipowners operate the vessels" in low:
        (c,) = m(r"moved (.+)'s cargo")
        return {x.o1(v, "OWNED_BY") for v in cust_vessels(x.id(c))}
    if "voyage carrying the" in low:
        (s,) = m(r"carrying the (.+) depart")
        return {x.o1(x.o1(x.id(s), "CARRIED_ON"), "DEPARTS_FROM")}
    if "master of the vessel that carried" in low:
        (s,) = m(r"carried the (.+)\?")
        return {x.master(x.o1(x.o1(x.id(s), "CARRIED_ON"), "PERFORMED_BY"))}
    if "different shippers" in low:
        (p,) = m(r"home port is (.+)\?")
        return len({x.o1(s, "BOOKED_BY") for v in x.i(x.id(p), "REGISTERED_AT") for y in x.i(v, "PERFORMED_BY")
                    for s in x.i(y, "CARRIED_ON")})
    if "company that owns the" in low:
        (v,) = m(r"owns the (.+) based\?")
        return {x.o1(x.o1(x.id(v), "OWNED_BY"), "HEADQUARTERED_IN")}
    if "crew members work on ships owned by" in low:
        (o,) = m(r"owned by (.+)\?")
        return sum(len(x.i(v, "SERVES_ON")) for v in x.i(x.id(o), "OWNED_BY"))
    if low.startswith("name the masters"):
        (c,) = m(r"carried (.+)'s shipments")
        return {x.master(v) for v in cust_vessels(x.id(c))}
    if "highest service speed" in low:
        (o,) = m(r"among (.+)'s vessels")
        return {_argmax((v, x.nodes[v]["service_speed_knots"]) for v in x.i(x.id(o), "OWNED_BY"))}
    if "most years at sea" in low:
        (v,) = m(r"aboard the (.+), who")
        return {_argmax((w, x.nodes[w]["years_at_sea"]) for w in x.i(x.id(v), "SERVES_ON"))}
    if low.startswith("total freight billed"):
        (c,) = m(r"billed to (.+)$")
        return freight(x.id(c))
    if "average arrival delay" in low:
        (p,) = m(r"arriving at (.+)$")
        d = [a["delay_hours"] for _, a in x.inn[(x.id(p), "ARRIVES_AT")]]
        return sum(d) / len(d)
    if "combined cargo weight" in low:
        (y,) = m(r"on the (.+)\?")
        return sum(a["weight_tonnes"] for _, a in x.inn[(x.id(y), "CARRIED_ON")])
    if low.startswith("what rank does"):
        w, v = m(r"does (.+) hold aboard the (.+)\?")
        return x.ea(x.id(w), "SERVES_ON", x.id(v))["rank"]
    if "sign on to" in low:
        w, v = m(r"when did (.+) sign on to the (.+)\?")
        return x.ea(x.id(w), "SERVES_ON", x.id(v))["signed_on"]
    if "freight was charged" in low:
        s, y = m(r"for the (.+) on the (.+)\?")
        return x.ea(x.id(s), "CARRIED_ON", x.id(y))["freight_usd"]
    if "deficiencies did the" in low:
        i, v = m(r"did the (.+) find on the (.+)\?")
        return x.ea(x.id(i), "INSPECTS", x.id(v))["deficiencies"]
    if low.startswith("on what date did"):
        y, p = m(r"did the (.+) arrive in (.+)\?")
        return x.ea(x.id(y), "ARRIVES_AT", x.id(p))["arrival_date"]
    if "hours late" in low:
        p, h = m(r"arrivals at (.+) were more than (\d+) hours")
        return sum(1 for _, a in x.inn[(x.id(p), "ARRIVES_AT")] if a["delay_hours"] > int(h))
    if re.match(r"does .+ own the ", low):
        o, v = m(r"does (.+) own the (.+)\?")
        return x.id(o) in x.o(x.id(v), "OWNED_BY")
    if " owned by " in low and low.startswith("is the"):
        v, o = m(r"is the (.+) owned by (.+)\?")
        return x.id(o) in x.o(x.id(v), "OWNED_BY")
    if "free trade zone" in low:
        (p,) = m(r"is (.+) a free trade zone")
        return x.nodes[x.id(p)]["free_trade_zone"]
    if "end its voyage in" in low:
        y, p = m(r"did the (.+) end its voyage in (.+)\?")
        return x.id(p) in x.o(x.id(y), "ARRIVES_AT")
    if re.match(r"does .+ supervise ", low):
        a, b = m(r"does (.+) supervise (.+)\?")
        return x.id(b) in x.o(x.id(a), "SUPERVISES")
    if "direct boss of" in low:
        a, b = m(r"is (.+) the direct boss of (.+)\?")
        return x.id(a) in x.i(x.id(b), "SUPERVISES")
    if "ever been detained" in low:
        (v,) = m(r"has the (.+) ever been detained")
        return any(a["detained"] for _, a in x.inn[(x.id(v), "INSPECTS")])
    if "refrigerated container" in low:
        (b,) = m(r"is the (.+) a refrigerated")
        return x.nodes[x.id(b)]["refrigerated"]
    portfolio = [r"tell me everything about (.+)\.$", r"full picture on the (.+)$", r"what do we know about (.+)\?"]
    for rx in portfolio:
        r = re.search(rx, q, re.IGNORECASE)
        if r:
            n = x.id(r.group(1))
            return {t for s, t, *_ in x.edges if s == n} | {s for s, t, *_ in x.edges if t == n}
    raise AssertionError(f"no second-method rule for {q!r}")


def _synthetic(g: dict) -> str:
    t = g["type"]
    if t == "count":
        return f"There are {g['value']}."
    if t == "set":
        return ", ".join(g["names"]) + "."
    if t == "value":
        return f"The answer is {g['value']}"
    if t == "bool":
        return "Yes." if g["value"] else "No."
    return "That entity is not found in the graph."


# ---- tests ------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh(fresh):
    assert (HERE / "holdout.jsonl").read_text(encoding="utf-8") == (fresh / "holdout.jsonl").read_text(
        encoding="utf-8")


def test_deterministic_per_seed(fresh, tmp_path):
    _run(str(HERE / "graph.py"), str(tmp_path / "a"), "--seed", "29")
    _run(str(HERE / "graph.py"), str(tmp_path / "b"), "--seed", "7")
    _run(str(HERE / "graph.py"), str(tmp_path / "c"), "--seed", "7")
    a = (tmp_path / "a" / "shipping.graphml").read_bytes()
    assert a == (fresh / "shipping.graphml").read_bytes()
    assert (tmp_path / "b" / "shipping.graphml").read_bytes() == (tmp_path / "c" / "shipping.graphml").read_bytes()
    assert (tmp_path / "b" / "shipping.graphml").read_bytes() != a


def test_schema_limits(x):
    types = Counter(x.type(n) for n in x.nodes)
    labels = Counter(e[2] for e in x.edges)
    assert len(x.nodes) >= 2000 and len(x.edges) <= 20000
    assert 8 <= len(types) <= 10 and 10 <= len(labels) <= 13
    assert any(":" in x.nodes[n]["labels"][1:] for n in x.nodes), "some nodes carry two labels"
    self_rel = {lab for s, t, lab, _ in x.edges if x.type(s) == x.type(t)}
    assert self_rel == {"SUPERVISES"}
    with_props = {lab for *_, lab, a in x.edges if a}
    assert len(with_props) >= 3
    names = [x.name(n).lower() for n in x.nodes]
    assert len(set(names)) == len(names)
    known = set(names)
    for n in names:
        toks = n.split()
        subs = {" ".join(toks[i:j]) for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)} - {n}
        assert not subs & known, n
    for n, d in x.nodes.items():
        if x.type(n) == "CrewMember":
            assert d["first_name"] and d["last_name"]
        else:
            assert d.get("name") or d.get("title")
    # a 4-hop path: Customer <- Shipment -> Voyage -> Vessel -> Shipowner
    c = x.of("Customer")[0]
    assert {x.o1(x.o1(x.o1(s, "CARRIED_ON"), "PERFORMED_BY"), "OWNED_BY") for s in x.i(c, "BOOKED_BY")}


def test_question_shapes():
    qs = _load(HERE / "holdout.jsonl")
    assert 70 <= len(qs) <= 80
    assert Counter(q["kind"] for q in qs) == Counter(KIND_COUNTS)
    assert [q["id"] for q in qs] == [f"byog29-{i:02d}" for i in range(1, len(qs) + 1)]
    yn = [q["gold"]["value"] for q in qs if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False) == 4
    mh = [q["hops"] for q in qs if q["kind"] == "multihop"]
    assert all(2 <= h <= 4 for h in mh) and mh.count(4) >= 2
    for q in qs:
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        g, low = q["gold"], q["question"].lower()
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"]) == len(set(g["ids"]))
            for nm in g["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", low), q["id"]
        elif g["type"] == "count":
            assert isinstance(g["value"], int) and g["value"] > 0
            assert str(g["value"]) not in re.findall(r"\d+", q["question"]), q["id"]
        elif g["type"] == "value":
            assert str(g["value"]).lower() not in low, q["id"]
        elif g["type"] == "bool":
            assert isinstance(g["value"], bool)
        else:
            assert g == {"type": "none"}


def test_second_method_golds(x):
    qs = _load(HERE / "holdout.jsonl")
    checked = 0
    for q in qs:
        g = q["gold"]
        if g["type"] == "none":
            r = re.search(r"(Celtic Mariner|Thornbury Shipping|Ludmila Okonkwo|Zanthera)", q["question"])
            assert r and r.group(1).lower() not in x.by_name
            assert not any(r.group(1).lower() in k for k in x.by_name)
            checked += 1
            continue
        got = derive(x, q["question"])
        if g["type"] == "set":
            assert got == set(g["ids"]), q["id"]
            assert [x.name(i) for i in g["ids"]] == g["names"], q["id"]
        elif g["type"] == "count":
            assert got == g["value"], q["id"]
        elif g["type"] == "bool":
            assert got is g["value"], q["id"]
        elif isinstance(g["value"], str):
            assert got == g["value"], q["id"]
        else:
            assert abs(got - g["value"]) <= 0.006, q["id"]
        checked += 1
    assert checked >= 50


def test_records_and_judge():
    judge = StructuredJudge()
    for line in _load(HERE / "holdout.jsonl"):
        q = Question.from_dict(line)
        assert q.id == line["id"] and q.gold == line["gold"]
        j = judge.judge(q, _synthetic(q.gold))
        assert j.verdict == "PASS", (q.id, j.reason)
