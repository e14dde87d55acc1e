"""byog45 gold checks: regeneration, determinism, schema limits, and golds re-derived a second way (xml.etree)."""

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

HERE = Path(__file__).parent
NS = "{http://graphml.graphdrawing.org/xmlns}"


def _gen(out: Path, seed: int | None = None) -> None:
    cmd = [sys.executable, str(HERE / "graph.py"), str(out)] + (["--seed", str(seed)] if seed is not None else [])
    subprocess.run(cmd, check=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog45")
    _gen(out)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(out)], check=True)
    return out


class X:
    """The GraphML parsed with ElementTree only."""

    def __init__(self, path: Path) -> None:
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.iter(NS + "key")}

        def data(el):
            out = {}
            for d in el.findall(NS + "data"):
                name, typ = keys[d.get("key")]
                v = d.text or ""
                out[name] = (v.lower() == "true") if typ == "boolean" else int(v) if typ in ("int", "long") else \
                    float(v) if typ in ("float", "double") else v
            return out

        self.a, self.t = {}, {}
        for n in root.iter(NS + "node"):
            self.a[n.get("id")] = data(n)
            self.t[n.get("id")] = self.a[n.get("id")]["labels"][1:]
        self.edges = []
        self.out, self.inn = defaultdict(list), defaultdict(list)
        for e in root.iter(NS + "edge"):
            d = data(e)
            lab = d.pop("label")
            s, t = e.get("source"), e.get("target")
            self.edges.append((s, lab, t, d))
            self.out[s].append((lab, t, d))
            self.inn[t].append((lab, s, d))
        self.id_of = {self.name(n): n for n in self.a}

    def name(self, n):
        a = self.a[n]
        return f"{a['first_name']} {a['last_name']}" if "first_name" in a else a.get("name") or a.get("title")

    def typ(self, t):
        return [n for n in self.t if self.t[n] == t]

    def o(self, n, lab):
        return [d for la, d, _ in self.out[n] if la == lab]

    def i(self, n, lab):
        return [s for la, s, _ in self.inn[n] if la == lab]

    def ea(self, s, lab, d):
        return next(a for la, x, a in self.out[s] if la == lab and x == d)


@pytest.fixture(scope="module")
def qs() -> list[dict]:
    return [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def x(fresh) -> X:
    return X(fresh / "restaurants.graphml")


def test_committed_equals_fresh(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == (HERE / "holdout.jsonl").read_text(encoding="utf-8")


def test_determinism_per_seed(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    _gen(a, 7)
    _gen(b, 7)
    _gen(c, 8)
    fa = (a / "restaurants.graphml").read_bytes()
    assert fa == (b / "restaurants.graphml").read_bytes()
    assert fa != (c / "restaurants.graphml").read_bytes()


def test_schema_limits(x):
    types = Counter(x.t.values())
    etypes = Counter(la for _, la, _, _ in x.edges)
    assert 8 <= len(types) <= 10 and 10 <= len(etypes) <= 13
    assert len(x.a) >= 2000 and len(x.edges) <= 20000
    selfrel = {la for s, la, d, _ in x.edges if x.t[s] == x.t[d]}
    assert "TRAINED_BY" in selfrel
    assert sum(1 for la in etypes if any(e for s, lb, d, e in x.edges if lb == la)) >= 3
    names = [x.name(n).lower() for n in x.a]
    assert len(set(names)) == len(names)
    srt = sorted(names, key=len)
    for k, n in enumerate(srt):
        assert not any(n in m for m in srt[k + 1:]), n
    kinds = set()
    for a in x.a.values():
        for v in a.values():
            kinds.add("bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "float"
                      if isinstance(v, float) else "date" if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v) else "str")
    assert kinds == {"bool", "int", "float", "date", "str"}
    for n, a in x.a.items():
        assert ("first_name" in a and "last_name" in a) if x.t[n] in ("Chef", "Critic") else ("name" in a or "title" in a)
    # a 4-hop path: supplier -> ingredient <- dish <- menu <- restaurant
    s = x.typ("Supplier")[0]
    assert any(x.i(m, "OFFERS") for i in x.o(s, "SUPPLIES") for d in x.i(i, "CONTAINS") for m in x.i(d, "FEATURES"))


def test_question_mix_and_shapes(qs):
    assert 70 <= len(qs) <= 80
    mix = Counter(q["kind"] for q in qs)
    assert mix == {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
                   "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}
    assert [q["id"] for q in qs] == [f"byog45-{k:02d}" for k in range(1, len(qs) + 1)]
    yn = [q["gold"]["value"] for q in qs if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False) == 4
    assert sum(q["hops"] == 4 for q in qs if q["kind"] == "multihop") >= 2
    for q in qs:
        g = q["gold"]
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"])
            assert not any(n.lower() in q["question"].lower() for n in g["names"]), q["id"]
        elif g["type"] in ("count", "value") and not isinstance(g["value"], str):
            assert not re.search(r"(?<![\d.])" + re.escape(f"{g['value']:g}") + r"(?![\d]|\.\d)", q["question"])
            assert g["type"] != "count" or g["value"] > 0
        elif g["type"] == "value":
            assert g["value"].lower() not in q["question"].lower()


def _answer(g: dict) -> str:
    t = g["type"]
    if t == "count":
        return f"There are {g['value']}."
    if t == "set":
        return ", ".join(g["names"]) + "."
    if t == "value":
        return f"It is {g['value']}."
    if t == "bool":
        return "Yes." if g["value"] else "No."
    return "That was not found in the graph."


def test_records_and_judge(qs):
    judge = StructuredJudge()
    for d in qs:
        q = Question.from_dict(d)
        assert judge.judge(q, _answer(d["gold"])).verdict == "PASS", d["id"]


# ---- second method: subject from the text by regex, gold recomputed over the ElementTree parse -----------------

def _cnt(v):
    return {"type": "count", "value": v}


def _val(v):
    return {"type": "value", "value": v}


def _avg(xs):
    return round(sum(xs) / len(xs), 2)


def _one(xs, key, low=False):
    best = (min if low else max)(key(c) for c in xs)
    win = [c for c in xs if key(c) == best]
    assert len(win) == 1
    return set(win)


def _deg(x, t, lab, inbound=True):
    return lambda n: len(x.i(n, lab) if inbound else x.o(n, lab))


def _checks(x: X):
    A, T = x.a, x.typ
    N = x.id_of

    def sub(rx):
        return lambda text: re.search(rx, text).groups()

    return {
        1: (None, lambda: _cnt(len(T("Restaurant")))),
        2: (None, lambda: _cnt(len(T("Chef")))),
        3: (None, lambda: _cnt(len(T("Supplier")))),
        4: (None, lambda: _cnt(len(T("Review")))),
        5: (None, lambda: _cnt(len(T("Inspection")))),
        6: (None, lambda: _cnt(sum(A[n]["has_terrace"] for n in T("Restaurant")))),
        7: (None, lambda: _cnt(sum(A[n]["is_vegan"] for n in T("Dish")))),
        8: (sub(r"below (\d+)"), lambda v: _cnt(sum(A[n]["score"] < int(v) for n in T("Inspection")))),
        9: (sub(r"the (\w+) station"), lambda v: _cnt(sum(A[n]["station"].lower() == v for n in T("Chef")))),
        10: (None, lambda: _cnt(sum(A[n]["is_organic"] for n in T("Ingredient")))),
        11: (None, lambda: _cnt(sum(A[n]["course"] == "Dessert" for n in T("Dish")))),
        12: (sub(r"many (\w+) restaurants"), lambda v: _cnt(sum(A[n]["cuisine"] == v for n in T("Restaurant")))),
        13: (None, lambda: _cnt(sum(A[n]["stars"] == 1 for n in T("Review")))),
        14: (sub(r"in (\d{4}) or later"), lambda y: _cnt(sum(A[n]["hired_on"][:4] >= y for n in T("Chef")))),
        15: (None, lambda: _cnt(sum(A[n]["tasting"] for n in T("Menu")))),
        16: (sub(r"located in (.+)\?"), lambda s: set(x.i(N[s], "LOCATED_IN"))),
        17: (sub(r"working at (.+)$"), lambda s: set(x.i(N[s], "WORKS_AT"))),
        18: (sub(r"into the (.+)\?"), lambda s: set(x.o(N[s], "CONTAINS"))),
        19: (sub(r"dishes on (.+)$"), lambda s: set(x.o(N[s], "FEATURES"))),
        20: (sub(r"supplies (.+)\?"), lambda s: set(x.i(N[s], "SUPPLIES"))),
        21: (sub(r"review (.+) has written"), lambda s: set(x.o(N[s], "WROTE"))),
        22: (sub(r"based in (.+)$"), lambda s: set(x.i(N[s], "BASED_IN"))),
        23: (sub(r"trained (.+)'s mentor"), lambda s: {g for m in x.o(N[s], "TRAINED_BY") for g in x.o(m, "TRAINED_BY")}),
        24: (sub(r"people that (.+) trained"),
             lambda s: {g for m in x.i(N[s], "TRAINED_BY") for g in x.i(m, "TRAINED_BY")}),
        25: (sub(r"apprentices of (.+) work"), lambda s: {r for m in x.i(N[s], "TRAINED_BY") for r in x.o(m, "WORKS_AT")}),
        26: (sub(r"who trained (.+) work"), lambda s: {r for m in x.o(N[s], "TRAINED_BY") for r in x.o(m, "WORKS_AT")}),
        27: (sub(r"that (.+) reviewed"),
             lambda s: {h for v in x.o(N[s], "WROTE") for r in x.o(v, "ABOUT") for h in x.o(r, "LOCATED_IN")}),
        28: (sub(r"used in (.+)\?"), lambda s: {p for i in x.o(N[s], "CONTAINS") for p in x.i(i, "SUPPLIES")}),
        29: (sub(r"ingredient from (.+)\?"), lambda s: _cnt(len({
            r for i in x.o(N[s], "SUPPLIES") for d in x.i(i, "CONTAINS") for m in x.i(d, "FEATURES")
            for r in x.i(m, "OFFERS")}))),
        30: (sub(r"chefs at (.+)\?"), lambda s: _cnt(len({
            p for c in x.i(N[s], "WORKS_AT") for d in x.o(c, "CREATED") for i in x.o(d, "CONTAINS")
            for p in x.i(i, "SUPPLIES")}))),
        31: (sub(r"where (.+) has reviewed"), lambda s: {
            r2 for v in x.o(N[s], "WROTE") for r in x.o(v, "ABOUT") for h in x.o(r, "LOCATED_IN")
            for r2 in x.i(h, "LOCATED_IN")}),
        32: (sub(r"reviewed (.+)\?"), lambda s: {k for v in x.i(N[s], "ABOUT") for k in x.i(v, "WROTE")}),
        33: (sub(r"^(.+) was carried"), lambda s: {h for r in x.o(N[s], "ASSESSES") for h in x.o(r, "LOCATED_IN")}),
        34: (sub(r"reviews by (.+)$"), lambda s: {d for v in x.o(N[s], "WROTE") for d in x.o(v, "PRAISES")}),
        35: (sub(r"restaurants in (.+)\?"),
             lambda s: _cnt(len({c for r in x.i(N[s], "LOCATED_IN") for c in x.i(r, "WORKS_AT")}))),
        36: (sub(r"dishes on (.+)\?"), lambda s: {c for d in x.o(N[s], "FEATURES") for c in x.i(d, "CREATED")}),
        37: (None, lambda: _one(T("Restaurant"), lambda n: A[n]["seats"])),
        38: (None, lambda: _one(T("Dish"), lambda n: A[n]["price"])),
        39: (None, lambda: _one(T("Supplier"), lambda n: A[n]["reliability"], True)),
        40: (None, lambda: _one(T("Chef"), _deg(x, "Chef", "TRAINED_BY"))),
        41: (None, lambda: _one(T("Restaurant"), _deg(x, "Restaurant", "ABOUT"))),
        42: (None, lambda: _one(T("Ingredient"), _deg(x, "Ingredient", "CONTAINS"))),
        43: (None, lambda: _one(T("Critic"), lambda k: sum(A[v]["word_count"] for v in x.o(k, "WROTE")))),
        44: (None, lambda: _one(T("Dish"), lambda d: sum(x.ea(d, "CONTAINS", i)["grams"] for i in x.o(d, "CONTAINS")))),
        45: (sub(r"chefs at (.+), who"), lambda s: _one(x.i(N[s], "WORKS_AT"), lambda c: A[c]["salary"])),
        46: (sub(r"dishes on (.+), which"), lambda s: _one(x.o(N[s], "FEATURES"), lambda d: A[d]["calories"], True)),
        47: (None, lambda: _val(sum(A[n]["seats"] for n in T("Restaurant")))),
        48: (sub(r"score for (.+)\?"), lambda s: _val(_avg([A[i]["score"] for i in x.i(N[s], "ASSESSES")]))),
        49: (sub(r"dishes on (.+)$"), lambda s: _val(_avg([A[d]["price"] for d in x.o(N[s], "FEATURES")]))),
        50: (sub(r"employed at (.+)\?"), lambda s: _val(sum(A[c]["salary"] for c in x.i(N[s], "WORKS_AT")))),
        51: (sub(r"What's (.+)'s mean"), lambda s: _val(_avg([A[v]["stars"] for v in x.i(N[s], "ABOUT")]))),
        52: (sub(r"did (.+) start working at (.+)\?"), lambda c, r: _val(x.ea(N[c], "WORKS_AT", N[r])["start_date"])),
        53: (sub(r"does (.+) put in at (.+)$"), lambda c, r: _val(x.ea(N[c], "WORKS_AT", N[r])["hours_per_week"])),
        54: (sub(r"grams of (.+) go into the (.+)\?"), lambda i, d: _val(x.ea(N[d], "CONTAINS", N[i])["grams"])),
        55: (sub(r"does (.+) charge for (.+)\?"), lambda s, i: _val(x.ea(N[s], "SUPPLIES", N[i])["price_per_kg"])),
        56: (sub(r"which (.+) supplies (.+)\?"), lambda s, i: _val(x.ea(N[s], "SUPPLIES", N[i])["tier"])),
        57: (None, lambda: _cnt(sum(e["exclusive"] for _, la, _, e in x.edges if la == "SUPPLIES"))),
        58: (None, lambda: _cnt(sum(e["special"] for _, la, _, e in x.edges if la == "FEATURES"))),
        59: (sub(r"Does (.+) work at (.+)\?"), lambda c, r: {"type": "bool", "value": N[r] in x.o(N[c], "WORKS_AT")}),
        60: (sub(r"Is (.+) on the kitchen team at (.+)\?"),
             lambda c, r: {"type": "bool", "value": N[r] in x.o(N[c], "WORKS_AT")}),
        61: (sub(r"Was (.+) trained by (.+)\?"), lambda a, b: {"type": "bool", "value": N[b] in x.o(N[a], "TRAINED_BY")}),
        62: (sub(r"was (.+) trained by (.+)$"), lambda a, b: {"type": "bool", "value": N[b] in x.o(N[a], "TRAINED_BY")}),
        63: (sub(r"Is (.+) in (.+)\?"), lambda r, h: {"type": "bool", "value": N[h] in x.o(N[r], "LOCATED_IN")}),
        64: (sub(r"the (.+) contain (.+)\?"), lambda d, i: {"type": "bool", "value": N[i] in x.o(N[d], "CONTAINS")}),
        65: (sub(r"the (.+) vegan"), lambda d: {"type": "bool", "value": A[N[d]]["is_vegan"]}),
        66: (sub(r"does (.+) have a terrace"), lambda r: {"type": "bool", "value": A[N[r]]["has_terrace"]}),
        67: (sub(r"about (.+)\.$"), lambda s: {d for _, d, _ in x.out[N[s]]} | {d for _, d, _ in x.inn[N[s]]}),
        68: (sub(r"about (.+)\?"), lambda s: {d for _, d, _ in x.out[N[s]]} | {d for _, d, _ in x.inn[N[s]]}),
        69: (sub(r"picture on (.+)$"), lambda s: {d for _, d, _ in x.out[N[s]]} | {d for _, d, _ in x.inn[N[s]]}),
        74: (None, lambda: _cnt(len(set(x.t.values())))),
        75: (None, lambda: _cnt(len({la for _, la, _, _ in x.edges}))),
        76: (None, lambda: _cnt(len(x.a))),
    }


def test_golds_second_method(qs, x):
    checks = _checks(x)
    assert len(checks) >= 50
    by_num = {int(q["id"].split("-")[1]): q for q in qs}
    for num, (parse, compute) in checks.items():
        q = by_num[num]
        got = compute(*parse(q["question"])) if parse else compute()
        gold = q["gold"]
        if isinstance(got, set):
            assert gold["type"] == "set" and set(gold["ids"]) == got, q["id"]
            assert gold["names"] == [x.name(i) for i in gold["ids"]], q["id"]
        elif gold["type"] == "value" and isinstance(gold["value"], float):
            assert abs(got["value"] - gold["value"]) < 1e-6, q["id"]
        else:
            assert got == gold, q["id"]


def test_unknown_names_absent(qs, x):
    low = [n.lower() for n in x.id_of]
    for q in qs:
        if q["gold"]["type"] != "none":
            continue
        text = q["question"].lower()
        hit = [n for n in low if re.search(r"\b" + re.escape(n) + r"\b", text) and len(n) > 3]
        assert not hit, (q["id"], hit)
