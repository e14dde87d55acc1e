"""Gold checks for the byog55 hospital-pharmacy hold-out set.

The committed holdout.jsonl must equal a fresh run of graph.py + questions.py; golds are re-derived here by a second
method (xml.etree over the GraphML, subject read from the question text with a regex, no networkx).
"""

from __future__ import annotations

import json
import math
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
NS = "{http://graphml.graphdrawing.org/xmlns}"
KINDS = {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
         "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": (2, 3)}


def _run(tmp: Path, seed: int | None = None) -> Path:
    cmd = [sys.executable, str(HERE / "graph.py"), str(tmp)] + ([] if seed is None else ["--seed", str(seed)])
    subprocess.run(cmd, check=True)
    return tmp


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    tmp = _run(tmp_path_factory.mktemp("b55"))
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(tmp), str(tmp / "pharmacy.graphml")], check=True)
    return tmp


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]


# ---- second method: plain XML parsing ------------------------------------------------------------------------------


class XG:
    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.iter(NS + "key")}

        def conv(kid: str, text: str):
            name, typ = keys[kid]
            if typ == "boolean":
                return name, text.strip().lower() == "true"
            if typ in ("long", "int"):
                return name, int(text)
            if typ in ("double", "float"):
                return name, float(text)
            return name, text

        self.nodes: dict[str, dict] = {}
        self.edges: list[tuple[str, str, dict]] = []
        for n in root.iter(NS + "node"):
            self.nodes[n.get("id")] = dict(conv(d.get("key"), d.text or "") for d in n.findall(NS + "data"))
        for e in root.iter(NS + "edge"):
            self.edges.append((e.get("source"), e.get("target"),
                               dict(conv(d.get("key"), d.text or "") for d in e.findall(NS + "data"))))
        self.fwd: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.bwd: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str], dict] = {}
        for u, v, a in self.edges:
            self.fwd[(u, a["label"])].append(v)
            self.bwd[(v, a["label"])].append(u)
            self.eattr[(u, v)] = a
        self.by_name = {self.name(n).lower(): n for n in self.nodes}

    def name(self, n: str) -> str:
        a = self.nodes[n]
        return f"{a['first_name']} {a['last_name']}" if "first_name" in a else (a.get("name") or a.get("title"))

    def typed(self, t: str) -> list[str]:
        return [n for n, a in self.nodes.items() if a["label"] == t]

    def id(self, name: str) -> str:
        return self.by_name[name.strip().lower()]

    def hop(self, ids, *steps) -> set[str]:
        cur = set(ids)
        for step in steps:
            lab, d = step.lstrip("<>"), step[0]
            cur = {y for x in cur for y in (self.fwd if d == ">" else self.bwd).get((x, lab), [])}
        return cur

    def argmax(self, items, key) -> set[str]:
        best = max(key(x) for x in items)
        return {x for x in items if key(x) == best}


@pytest.fixture(scope="module")
def xg(fresh) -> XG:
    return XG(fresh / "pharmacy.graphml")


def _handlers(x: XG):
    A = x.nodes
    drugs, staff, pats, wards = x.typed("Drug"), x.typed("Staff"), x.typed("Patient"), x.typed("Ward")

    def ecount(label, pred):
        return sum(1 for _, _, a in x.edges if a["label"] == label and pred(a))

    def avg(xs):
        xs = list(xs)
        return sum(xs) / len(xs)

    i = x.id
    return [
        (r"^How many drugs are in", lambda m: len(drugs)),
        (r"^how many patients do we have", lambda m: len(pats)),
        (r"number of wholesalers", lambda m: len(x.typed("Supplier"))),
        (r"^Number of stock batches", lambda m: len(x.typed("StockBatch"))),
        (r"^How many adverse drug reaction reports", lambda m: len(x.typed("AdverseEventReport"))),
        (r"medications are controlled", lambda m: sum(A[d]["controlled"] for d in drugs)),
        (r"penicillin allergy", lambda m: sum(A[p]["penicillin_allergy"] for p in pats)),
        (r"expire before (\d{4}-\d{2}-\d{2})",
         lambda m: sum(A[b]["expiry_date"] < m[1] for b in x.typed("StockBatch"))),
        (r"^Count the wards located on floor (\d+)", lambda m: sum(A[w]["floor"] == int(m[1]) for w in wards)),
        (r"^How many nurses", lambda m: sum(A[s]["role"] == "nurse" for s in staff)),
        (r"ended up cancelled", lambda m: sum(A[r]["status"] == "cancelled" for r in x.typed("Prescription"))),
        (r"severity of severe", lambda m: sum(A[r]["severity"] == "severe" for r in x.typed("AdverseEventReport"))),
        (r"based in the (\w+) region", lambda m: sum(A[s]["region"] == m[1] for s in x.typed("Supplier"))),
        (r"written for (.+)\?$", lambda m: len(x.hop([i(m[1])], "<FOR_DRUG"))),
        (r"born before (\d{4})", lambda m: sum(A[p]["birth_date"] < f"{m[1]}-01-01" for p in pats)),
        (r"^Which drugs does (.+) make\?$", lambda m: x.hop([i(m[1])], ">MANUFACTURES")),
        (r"^which wards is nurse (.+) assigned to$", lambda m: x.hop([i(m[1])], ">ASSIGNED_TO")),
        (r"^list the formularies that include (.+)$", lambda m: x.hop([i(m[1])], "<LISTS")),
        (r"^Who supplies (.+) to us\?$", lambda m: x.hop([i(m[1])], "<SUPPLIES")),
        (r"^show me the drugs implicated in (.+)$", lambda m: x.hop([i(m[1])], ">IMPLICATES")),
        (r"stock batches of (.+)\.$", lambda m: x.hop([i(m[1])], "<BATCH_OF")),
        (r"^Which pharmacists are assigned to (.+)\?$",
         lambda m: {s for s in x.hop([i(m[1])], "<ASSIGNED_TO") if A[s]["role"] == "pharmacist"}),
        (r"people that (.+) supervises\?$", lambda m: x.hop([i(m[1])], ">SUPERVISES", ">SUPERVISES")),
        (r"supervisor of (.+)'s supervisor", lambda m: x.hop([i(m[1])], "<SUPERVISES", "<SUPERVISES")),
        (r"does (.+)'s line manager work", lambda m: x.hop([i(m[1])], "<SUPERVISES", ">ASSIGNED_TO")),
        (r"staff supervised by (.+) work on$", lambda m: x.hop([i(m[1])], ">SUPERVISES", ">ASSIGNED_TO")),
        (r"medicines has (.+) been prescribed", lambda m: x.hop([i(m[1])], ">HAS_PRESCRIPTION", ">FOR_DRUG")),
        (r"medications prescribed to (.+)\?$",
         lambda m: x.hop([i(m[1])], ">HAS_PRESCRIPTION", ">FOR_DRUG", "<MANUFACTURES")),
        (r"drugs that (.+) is prescribed\?$",
         lambda m: x.hop([i(m[1])], ">HAS_PRESCRIPTION", ">FOR_DRUG", "<BATCH_OF", "<DELIVERED")),
        (r"report filed by (.+)\?$",
         lambda m: x.hop([i(m[1])], ">REPORTED", ">IMPLICATES", "<FOR_DRUG", "<HAS_PRESCRIPTION")),
        (r"team members (.+) oversees\?$",
         lambda m: x.hop([i(m[1])], ">SUPERVISES", ">DISPENSED", ">FOR_DRUG", "<MANUFACTURES")),
        (r"reports about (.+)$", lambda m: x.hop([i(m[1])], "<IMPLICATES", "<REPORTED")),
        (r"ADR reports (.+) submitted\?$", lambda m: x.hop([i(m[1])], ">REPORTED", ">IMPLICATES", "<MANUFACTURES")),
        (r"any drug that (.+) was prescribed\?$",
         lambda m: x.hop([i(m[1])], ">HAS_PRESCRIPTION", ">FOR_DRUG", "<LISTS")),
        (r"dispensed prescriptions of (.+)\?$", lambda m: x.hop([i(m[1])], "<FOR_DRUG", "<DISPENSED")),
        (r"patients who got (.+) admitted\?$",
         lambda m: x.hop([i(m[1])], "<FOR_DRUG", "<HAS_PRESCRIPTION", ">ADMITTED_TO")),
        (r"^Which drug has the highest unit cost", lambda m: x.argmax(drugs, lambda d: A[d]["unit_cost"])),
        (r"^which ward has the most beds$", lambda m: x.argmax(wards, lambda w: A[w]["bed_count"])),
        (r"oldest patient", lambda m: {min(pats, key=lambda p: A[p]["birth_date"])}),
        (r"prescribed most often", lambda m: x.argmax(drugs, lambda d: len(x.hop([d], "<FOR_DRUG")))),
        (r"^Which (member of staff|pharmacist|pharmacy technician) has dispensed the",
         lambda m: x.argmax([s for s in staff if m[1] == "member of staff" or A[s]["role"] == m[1]],
                            lambda s: len(x.hop([s], ">DISPENSED")))),
        (r"makes the most drugs", lambda m: x.argmax(x.typed("Manufacturer"), lambda k: len(x.hop([k], ">MANUFACTURES")))),
        (r"products account for the most prescriptions",
         lambda m: x.argmax(x.typed("Manufacturer"), lambda k: len(x.hop([k], ">MANUFACTURES", "<FOR_DRUG")))),
        (r"greatest total number of cases",
         lambda m: x.argmax(x.typed("Supplier"), lambda s: sum(a["cases"] for u, _, a in x.edges if u == s
                                                              and a["label"] == "DELIVERED"))),
        (r"most bed-days",
         lambda m: x.argmax(wards, lambda w: sum(a["length_of_stay"] for _, v, a in x.edges if v == w
                                                 and a["label"] == "ADMITTED_TO"))),
        (r"drugs made by (.+), which one is the most expensive",
         lambda m: x.argmax(x.hop([i(m[1])], ">MANUFACTURES"), lambda d: A[d]["unit_cost"])),
        (r"^Of the people (.+) supervises, who has the most years",
         lambda m: x.argmax(x.hop([i(m[1])], ">SUPERVISES"), lambda s: A[s]["years_experience"])),
        (r"average unit cost of the controlled", lambda m: avg(A[d]["unit_cost"] for d in drugs if A[d]["controlled"])),
        (r"bed capacity across all wards on floor (\d+)",
         lambda m: sum(A[w]["bed_count"] for w in wards if A[w]["floor"] == int(m[1]))),
        (r"mean body weight", lambda m: avg(A[p]["weight_kg"] for p in pats)),
        (r"units of (.+) are on hand", lambda m: sum(A[b]["units_on_hand"] for b in x.hop([i(m[1])], "<BATCH_OF"))),
        (r"length of stay for admissions to (.+)\?$",
         lambda m: avg(x.eattr[(p, i(m[1]))]["length_of_stay"] for p in x.hop([i(m[1])], "<ADMITTED_TO"))),
        (r"contract price does (.+) charge us for (.+)\?$", lambda m: x.eattr[(i(m[1]), i(m[2]))]["contract_price"]),
        (r"^When was (.+) admitted to (.+)\?$", lambda m: x.eattr[(i(m[1]), i(m[2]))]["admitted_on"]),
        (r"shift pattern does (.+) work on (.+)$", lambda m: x.eattr[(i(m[1]), i(m[2]))]["shift"]),
        (r"^Which tier is (.+) placed in on the (.+)\?$", lambda m: x.eattr[(i(m[2]), i(m[1]))]["tier"]),
        (r"contracts are exclusive", lambda m: ecount("SUPPLIES", lambda a: a["exclusive"])),
        (r"came in as emergencies", lambda m: ecount("ADMITTED_TO", lambda a: a["emergency"])),
        (r"broken cold chain", lambda m: ecount("DELIVERED", lambda a: not a["cold_chain_ok"])),
        (r"^Is (.+) a controlled substance\?$", lambda m: A[i(m[1])]["controlled"]),
        (r"^is (.+) classed as a controlled drug$", lambda m: A[i(m[1])]["controlled"]),
        (r"^Does (.+) supervise (.+)\?$", lambda m: i(m[2]) in x.hop([i(m[1])], ">SUPERVISES")),
        (r"^Was (.+) ever admitted to (.+)\?$", lambda m: i(m[2]) in x.hop([i(m[1])], ">ADMITTED_TO")),
        (r"^Is (.+) on the (.+)\?$", lambda m: i(m[1]) in x.hop([i(m[2])], ">LISTS")),
        (r"^does (.+) manufacture (.+)\?$", lambda m: i(m[2]) in x.hop([i(m[1])], ">MANUFACTURES")),
        (r"^Is stock (.+) quarantined\?$", lambda m: A[i(m[1])]["quarantined"]),
        (r"^(?:Tell me everything about|give me the full picture on nurse|What do we know about) (.+?)[.?]?$",
         lambda m: {v for u, v, _ in x.edges if u == i(m[1])} | {u for u, v, _ in x.edges if v == i(m[1])}),
        (r"kinds of entities", lambda m: len({a["label"] for a in A.values()})),
        (r"relationship types", lambda m: len({a["label"] for _, _, a in x.edges})),
        (r"total number of nodes", lambda m: len(A)),
    ]


def _recompute(x: XG, q: dict):
    for pattern, fn in _handlers(x):
        m = re.search(pattern, q["question"])
        if m:
            return fn(m)
    return None


# ---- tests ---------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == (HERE / "holdout.jsonl").read_text(encoding="utf-8")


def test_graph_deterministic_per_seed(tmp_path, fresh):
    a = _run(tmp_path / "a", 7).joinpath("pharmacy.graphml").read_bytes()
    b = _run(tmp_path / "b", 7).joinpath("pharmacy.graphml").read_bytes()
    assert a == b
    assert a != (fresh / "pharmacy.graphml").read_bytes()


def test_graph_schema_limits(xg):
    ntypes = Counter(a["label"] for a in xg.nodes.values())
    etypes = Counter(a["label"] for _, _, a in xg.edges)
    assert 8 <= len(ntypes) <= 10 and 10 <= len(etypes) <= 13
    assert len(xg.nodes) >= 2000 and len(xg.edges) <= 20000
    assert not any("labels" in a for a in xg.nodes.values())
    selfrel = [t for t in etypes if all(xg.nodes[u]["label"] == xg.nodes[v]["label"]
                                        for u, v, a in xg.edges if a["label"] == t)]
    assert "SUPERVISES" in selfrel
    with_props = {a["label"] for _, _, a in xg.edges if len(a) > 1}
    assert len(with_props) >= 3
    names = [xg.name(n).lower() for n in xg.nodes]
    assert len(set(names)) == len(names)
    blob = "\n".join(names)
    assert all(blob.count(n) == 1 for n in names)
    for n, a in xg.nodes.items():
        assert ("first_name" in a and "last_name" in a) == (a["label"] in ("Staff", "Patient")), n
    # a 4-hop path exists: patient -> prescription -> drug <- batch <- supplier
    assert any(xg.hop([p], ">HAS_PRESCRIPTION", ">FOR_DRUG", "<BATCH_OF", "<DELIVERED") for p in xg.typed("Patient"))


def test_question_schema(questions):
    assert 70 <= len(questions) <= 80
    kinds = Counter(q["kind"] for q in questions)
    for k, want in KINDS.items():
        lo, hi = want if isinstance(want, tuple) else (want, want)
        assert lo <= kinds[k] <= hi, (k, kinds[k])
    assert set(kinds) == set(KINDS)
    assert len({q["id"] for q in questions}) == len(questions)
    assert len({q["question"] for q in questions}) == len(questions)
    assert sum(1 for q in questions if q["kind"] == "multihop" and q["hops"] == 4) >= 2
    yn = [q["gold"]["value"] for q in questions if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False)
    for q in questions:
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        assert re.fullmatch(r"byog55-\d\d", q["id"])
        g, low = q["gold"], q["question"].lower()
        assert g["type"] in {"count", "set", "value", "bool", "none"}
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["ids"]) == len(g["names"]) == len(set(g["ids"]))
            assert not any(n.lower() in low for n in g["names"]), q["id"]
        if g["type"] in ("count", "value"):
            assert str(g["value"]).lower() not in low, q["id"]
        if g["type"] == "count":
            assert isinstance(g["value"], int) and g["value"] > 0


def test_unknown_names_absent(questions, xg):
    for q in questions:
        if q["kind"] == "unknown":
            m = re.search(r"(Zelvoxitan 75mg|Marisol Quenby|Bluefinch Medical Wholesale|Rosemary Ward)", q["question"])
            assert m and not any(m[1].lower() in n for n in xg.by_name)


def test_golds_second_method(questions, xg):
    checked = 0
    for q in questions:
        if q["gold"]["type"] == "none":
            continue
        got = _recompute(xg, q)
        assert got is not None, f"no second-method handler for {q['id']}"
        g = q["gold"]
        if g["type"] == "set":
            assert set(got) == set(g["ids"]), q["id"]
            assert [xg.name(n) for n in g["ids"]] == g["names"], q["id"]
        elif g["type"] == "bool":
            assert got is g["value"], q["id"]
        elif isinstance(g["value"], str):
            assert got == g["value"], q["id"]
        else:
            assert math.isclose(float(got), float(g["value"]), rel_tol=1e-3, abs_tol=0.006), (q["id"], got, g)
        checked += 1
    assert checked >= 50


def _synthetic(g: dict) -> str:
    t = g["type"]
    if t == "count":
        return f"There are {g['value']}."
    if t == "set":
        return ", ".join(f"{n} ({i})" for n, i in zip(g["names"], g["ids"], strict=True)) + "."
    if t == "value":
        return f"The answer is {g['value']}."
    if t == "bool":
        return "Yes." if g["value"] else "No."
    return "That entity was not found in the graph."


def test_records_and_judge(questions):
    judge = StructuredJudge()
    for d in questions:
        q = Question.from_dict(d)
        assert q.id == d["id"] and q.gold == d["gold"]
        verdict = judge.judge(q, _synthetic(d["gold"]))
        assert verdict.verdict == "PASS", (q.id, verdict.reason)
