"""The byog40 hold-out set: reproducible, within its schema limits, and its golds re-derived a second way.

The second method parses the CSV files with the csv module only (no networkx, nothing from questions.py), reads
each question's subject from its text with a regex and recomputes the gold.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from core.evaluation.judges import StructuredJudge
from core.records import Question

HERE = Path(__file__).resolve().parent
HOLDOUT = HERE / "holdout.jsonl"
KINDS = {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": (10, 12), "aggregate": 5,
         "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": (2, 3)}


def _run(tmp: Path, seed: int | None = None) -> Path:
    cmd = [sys.executable, str(HERE / "graph.py"), str(tmp)]
    if seed is not None:
        cmd += ["--seed", str(seed)]
    subprocess.run(cmd, check=True, capture_output=True)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(tmp)], check=True, capture_output=True)
    return tmp


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    return _run(tmp_path_factory.mktemp("byog40"))


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return [json.loads(line) for line in HOLDOUT.read_text(encoding="utf-8").splitlines()]


# ---- second method: plain csv ------------------------------------------------------------------------------------


class Csv:
    def __init__(self, folder: Path) -> None:
        self.label: dict[str, str] = {}
        self.row: dict[str, dict[str, str]] = {}
        self.by_name: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.edges: list[tuple[str, str, str, dict[str, str]]] = []
        self.headers: dict[str, list[str]] = {}
        for path in folder.iterdir():
            with path.open(newline="", encoding="utf-8") as fh:
                reader = csv.DictReader(fh)
                self.headers[path.stem] = list(reader.fieldnames or [])
                for r in reader:
                    clean = {k.split(":")[0]: v for k, v in r.items() if not k.startswith(":") and ":ID" not in k}
                    if ":START_ID" in r:
                        self.edges.append((r[":START_ID"], r[":TYPE"], r[":END_ID"], clean))
                        continue
                    nid = next(v for k, v in r.items() if k.endswith(":ID"))
                    self.label[nid], self.row[nid] = r[":LABEL"], clean
                    name = f"{clean['first_name']} {clean['last_name']}" if "first_name" in clean else \
                        clean.get("name") or clean["title"]
                    assert name not in self.by_name
                    self.by_name[name], self.names[nid] = nid, name
        self.out, self.inn = defaultdict(list), defaultdict(list)
        for s, t, d, p in self.edges:
            self.out[(s, t)].append((d, p))
            self.inn[(d, t)].append((s, p))

    def id(self, name: str) -> str:
        return self.by_name[name]

    def of(self, label: str) -> list[str]:
        return [i for i, lab in self.label.items() if lab == label]

    def fwd(self, ids, t: str) -> set[str]:
        return {d for i in ids for d, _ in self.out[(i, t)]}

    def back(self, ids, t: str) -> set[str]:
        return {s for i in ids for s, _ in self.inn[(i, t)]}


def _set(ids) -> dict:
    return {"type": "set", "ids": sorted(ids)}


def _count(n: int) -> dict:
    return {"type": "count", "value": n}


def _val(v) -> dict:
    return {"type": "value", "value": v}


def _top(g: Csv, scores: dict[str, float]) -> dict:
    best = max(scores.values())
    tops = [k for k, v in scores.items() if v == best]
    assert len(tops) == 1, "tie"
    return _set(tops)


def _rules(g: Csv):
    """(regex over the question text, recompute(match) -> gold) pairs."""
    lab = lambda L: _count(len(g.of(L)))  # noqa: E731
    where = lambda L, f: _count(sum(1 for i in g.of(L) if f(g.row[i])))  # noqa: E731
    tonnage = lambda f: sum(float(p["tonnage_t"]) for _, p in g.inn[(f, "DELIVERED_TO")])  # noqa: E731

    def nbrs(x):
        return {d for (s, _), lst in g.out.items() if s == x for d, _ in lst} | \
            {s for (d, _), lst in g.inn.items() if d == x for s, _ in lst}

    def edge(s, t, d):
        ps = [p for x, p in g.out[(s, t)] if x == d]
        assert len(ps) == 1
        return ps[0]

    def drove(d):
        return g.back([g.id(d)], "DRIVEN_BY")

    R = [
        (r"how many collection points are there\?", lambda m: lab("CollectionPoint")),
        (r"how many drivers does the service employ", lambda m: lab("Driver")),
        (r"how many waste facilities .* on record\?", lambda m: lab("Facility")),
        (r"number of collection runs logged\?", lambda m: lab("CollectionRun")),
        (r"what's the total number of complaints received from residents\?", lambda m: lab("Complaint")),
        (r"how many electric trucks are in the fleet\?", lambda m: where("Truck", lambda r: r["electric"] == "true")),
        (r"how many routes are collected (\w+)", lambda m: where("Route", lambda r: r["frequency"] == m[1])),
        (r"how many complaints are still unresolved\?", lambda m: where("Complaint", lambda r: r["resolved"] == "false")),
        (r"how many drivers were hired before (\d{4})\?", lambda m: where("Driver", lambda r: int(r["hired"][:4]) < int(m[1]))),
        (r"count the collection points that use (\w+) containers\.",
         lambda m: where("CollectionPoint", lambda r: r["container"] == m[1])),
        (r"how many collection runs were (\w+)", lambda m: where("CollectionRun", lambda r: r["status"] == m[1])),
        (r"how many trucks are stationed at (.+)\?", lambda m: _count(len(g.back([g.id(m[1])], "STATIONED_AT")))),
        (r"how many collection points are there in (.+)\?", lambda m: _count(len(g.back([g.id(m[1])], "LOCATED_IN")))),
        (r"how many trucks can carry more than (\d+) tonnes\?",
         lambda m: where("Truck", lambda r: float(r["capacity_t"]) > float(m[1]))),
        (r"how many complaints were rated severity (\d) or higher\?",
         lambda m: where("Complaint", lambda r: int(r["severity"]) >= int(m[1]))),
        (r"which routes are based at (.+)\?", lambda m: _set(g.back([g.id(m[1])], "BASED_AT"))),
        (r"which districts does the (.+) serve\?", lambda m: _set(g.fwd([g.id(m[1])], "SERVES"))),
        (r"show me the facilities that accept glass",
         lambda m: _set(i for i in g.of("Facility") if g.row[i]["accepts_glass"] == "true")),
        (r"list every contract covering (.+)\.", lambda m: _set(g.back([g.id(m[1])], "COVERS"))),
        (r"give me the electric trucks stationed at (.+)",
         lambda m: _set(t for t in g.back([g.id(m[1])], "STATIONED_AT") if g.row[t]["electric"] == "true")),
        (r"which drivers out of (.+) hold a (\S+) licence\?",
         lambda m: _set(d for d in g.back([g.id(m[1])], "WORKS_FROM") if g.row[d]["licence"] == m[2])),
        (r"which (\w+) sites does the city use\?", lambda m: _set(i for i in g.of("Facility") if g.row[i]["kind"] == m[1])),
        (r"who trained the person who trained (.+)\?",
         lambda m: _set(g.back(g.back([g.id(m[1])], "TRAINED"), "TRAINED"))),
        (r"which drivers were trained by people whom (.+) trained\?",
         lambda m: _set(g.fwd(g.fwd([g.id(m[1])], "TRAINED"), "TRAINED"))),
        (r"which depots do the drivers that (.+) trained work from",
         lambda m: _set(g.fwd(g.fwd([g.id(m[1])], "TRAINED"), "WORKS_FROM"))),
        (r"which districts are served by routes run out of (.+)\?",
         lambda m: _set(g.fwd(g.back([g.id(m[1])], "BASED_AT"), "SERVES"))),
        (r"which facilities have received loads from runs driven by (.+)\?",
         lambda m: _set(g.fwd(drove(m[1]), "DELIVERED_TO"))),
        (r"which trucks has (.+) driven on collection runs\?", lambda m: _set(g.fwd(drove(m[1]), "USED_TRUCK"))),
        (r"who has driven runs on the (.+)\?", lambda m: _set(g.fwd(g.back([g.id(m[1])], "ON_ROUTE"), "DRIVEN_BY"))),
        (r"which routes pick up from collection points in (.+)",
         lambda m: _set(g.back(g.back([g.id(m[1])], "LOCATED_IN"), "INCLUDES"))),
        (r"which depots run routes that collect from (.+)'s collection points\?",
         lambda m: _set(g.fwd(g.back(g.back([g.id(m[1])], "LOCATED_IN"), "INCLUDES"), "BASED_AT"))),
        (r"which route collects from the collection point that (.+) concerns\?",
         lambda m: _set(g.back(g.fwd([g.id(m[1])], "CONCERNS"), "INCLUDES"))),
        (r"which trucks are stationed at the depot of the route serving the collection point named in (.+)\?",
         lambda m: _set(g.back(g.fwd(g.back(g.fwd([g.id(m[1])], "CONCERNS"), "INCLUDES"), "BASED_AT"), "STATIONED_AT"))),
        (r"which facilities took waste from runs on routes that pick up at collection points in (.+)\?",
         lambda m: _set(g.fwd(g.back(g.back(g.back([g.id(m[1])], "LOCATED_IN"), "INCLUDES"), "ON_ROUTE"),
                              "DELIVERED_TO"))),
        (r"what contracts cover the districts served by routes that (.+) has driven\?",
         lambda m: _set(g.back(g.fwd(g.fwd(drove(m[1]), "ON_ROUTE"), "SERVES"), "COVERS"))),
        (r"which districts are served by the routes (.+) has driven\?",
         lambda m: _set(g.fwd(g.fwd(drove(m[1]), "ON_ROUTE"), "SERVES"))),
        (r"which truck has the largest capacity\?",
         lambda m: _top(g, {t: float(g.row[t]["capacity_t"]) for t in g.of("Truck")})),
        (r"which district has the biggest population",
         lambda m: _top(g, {t: int(g.row[t]["population"]) for t in g.of("District")})),
        (r"which route includes the most collection points\?",
         lambda m: _top(g, {r: len(g.fwd([r], "INCLUDES")) for r in g.of("Route")})),
        (r"who has driven the most collection runs\?",
         lambda m: _top(g, {d: len(g.back([d], "DRIVEN_BY")) for d in g.of("Driver")})),
        (r"which facility has taken in the greatest total tonnage\?",
         lambda m: _top(g, {f: round(tonnage(f), 4) for f in g.of("Facility")})),
        (r"what's the longest route by length in km",
         lambda m: _top(g, {r: float(g.row[r]["length_km"]) for r in g.of("Route")})),
        (r"of the trucks stationed at (.+), which one has the biggest capacity\?",
         lambda m: _top(g, {t: float(g.row[t]["capacity_t"]) for t in g.back([g.id(m[1])], "STATIONED_AT")})),
        (r"among drivers working from (.+), who has the most years of experience\?",
         lambda m: _top(g, {d: int(g.row[d]["years_experience"]) for d in g.back([g.id(m[1])], "WORKS_FROM")})),
        (r"which depot houses the most trucks\?",
         lambda m: _top(g, {d: len(g.back([d], "STATIONED_AT")) for d in g.of("Depot")})),
        (r"which driver has trained the most colleagues\?",
         lambda m: _top(g, {d: len(g.fwd([d], "TRAINED")) for d in g.of("Driver")})),
        (r"which collection point has drawn the most complaints\?",
         lambda m: _top(g, {p: len(g.back([p], "CONCERNS")) for p in g.of("CollectionPoint")})),
        (r"what is the total tonnage delivered to (.+)\?", lambda m: _val(tonnage(g.id(m[1])))),
        (r"what's the average capacity of the electric trucks\?",
         lambda m: _val(sum(cs := [float(g.row[t]["capacity_t"]) for t in g.of("Truck")
                                   if g.row[t]["electric"] == "true"]) / len(cs))),
        (r"combined population of the districts the (.+) serves\?",
         lambda m: _val(sum(int(g.row[d]["population"]) for d in g.fwd([g.id(m[1])], "SERVES")))),
        (r"average hourly rate for drivers based at (.+)",
         lambda m: _val(sum(rs := [float(g.row[d]["hourly_rate"]) for d in g.back([g.id(m[1])], "WORKS_FROM")])
                        / len(rs))),
        (r"what is the total annual value of all active contracts\?",
         lambda m: _val(sum(float(g.row[c]["annual_value"]) for c in g.of("Contract") if g.row[c]["status"] == "active"))),
        (r"how many tonnes did (.+) weigh in at (.+)\?",
         lambda m: _val(float(edge(g.id(m[1]), "DELIVERED_TO", g.id(m[2]))["tonnage_t"]))),
        (r"what contamination grade did the weighbridge record for (.+)\?",
         lambda m: _val(next(p["contamination"] for _, p in g.out[(g.id(m[1]), "DELIVERED_TO")]))),
        (r"when did (\w+ \w+) finish training (\w+ \w+)\?",
         lambda m: _val(edge(g.id(m[1]), "TRAINED", g.id(m[2]))["completed"])),
        (r"how many hours of training did (\w+ \w+) give (\w+ \w+)",
         lambda m: _val(int(edge(g.id(m[1]), "TRAINED", g.id(m[2]))["hours"]))),
        (r"since when has (.+) been stationed at (.+)\?",
         lambda m: _val(edge(g.id(m[1]), "STATIONED_AT", g.id(m[2]))["since"])),
        (r"how many deliveries to (.+) were graded (\w+) contamination\?",
         lambda m: _count(sum(1 for _, p in g.inn[(g.id(m[1]), "DELIVERED_TO")] if p["contamination"] == m[2]))),
        (r"on how many of (.+)'s runs was overtime worked\?",
         lambda m: _count(sum(1 for _, p in g.inn[(g.id(m[1]), "DRIVEN_BY")] if p["overtime"] == "true"))),
        (r"is (.+?) (?:an )?electric(?: truck\?)?",
         lambda m: {"type": "bool", "value": g.row[g.id(m[1])]["electric"] == "true"}),
        (r"did (\w+ \w+) train (\w+ \w+)\?",
         lambda m: {"type": "bool", "value": g.id(m[2]) in g.fwd([g.id(m[1])], "TRAINED")}),
        (r"was (\w+ \w+) trained by (\w+ \w+)\?",
         lambda m: {"type": "bool", "value": g.id(m[1]) in g.fwd([g.id(m[2])], "TRAINED")}),
        (r"does the (\w+ \w+) serve (.+)\?",
         lambda m: {"type": "bool", "value": g.id(m[2]) in g.fwd([g.id(m[1])], "SERVES")}),
        (r"has (\w+ \w+) ever driven (.+)\?",
         lambda m: {"type": "bool", "value": g.id(m[2]) in g.fwd(drove(m[1]), "USED_TRUCK")}),
        (r"is (\w+ \w+) in (.+)\?",
         lambda m: {"type": "bool", "value": g.id(m[2]) in g.fwd([g.id(m[1])], "LOCATED_IN")}),
        (r"(?:tell me everything about|what do we know about the|give me the full picture on) (.+?)\??",
         lambda m: _set(nbrs(g.id(m[1])))),
        (r"how many runs did the truck (.+) make\?|which routes serve the (.+) district\?|who trained (.+)\?"
         r"|what is the gate fee at (.+)\?",
         lambda m: {"type": "none"} if all(
             name.lower() not in k.lower() for name in m.groups() if name for k in g.by_name) else {"type": "?"}),
        (r"how many node types does this graph have\?", lambda m: _count(len(set(g.label.values())))),
        (r"how many different relationship types are there", lambda m: _count(len({t for _, t, _, _ in g.edges}))),
        (r"what's the total number of relationships in the graph\?", lambda m: _count(len(g.edges))),
    ]
    return [(re.compile(rx, re.IGNORECASE), fn) for rx, fn in R]


def _same(mine: dict, gold: dict) -> bool:
    if mine["type"] != gold["type"]:
        return False
    if mine["type"] == "set":
        return mine["ids"] == sorted(gold["ids"])
    if mine["type"] == "value":
        a, b = mine["value"], gold["value"]
        if isinstance(a, float | int) and isinstance(b, float | int):
            return abs(a - b) <= 0.005 * max(1.0, abs(b))
        return a == b
    if mine["type"] in ("count", "bool"):
        return mine["value"] == gold["value"]
    return True


# ---- tests ---------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh_run(fresh: Path) -> None:
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")


def test_deterministic_per_seed(tmp_path: Path) -> None:
    a, b, c = (_run(tmp_path / x, s) for x, s in (("a", 7), ("b", 7), ("c", 8)))
    files = sorted(p.name for p in (a / "waste_csv").iterdir())
    for f in files:
        assert (a / "waste_csv" / f).read_bytes() == (b / "waste_csv" / f).read_bytes(), f
    assert (a / "holdout.jsonl").read_bytes() == (b / "holdout.jsonl").read_bytes()
    assert any((a / "waste_csv" / f).read_bytes() != (c / "waste_csv" / f).read_bytes() for f in files)


def test_graph_schema_limits(fresh: Path) -> None:
    g = Csv(fresh / "waste_csv")
    labels = set(g.label.values())
    types = {t for _, t, _, _ in g.edges}
    assert 8 <= len(labels) <= 10 and 10 <= len(types) <= 13
    assert len(g.label) >= 2000 and len(g.edges) <= 20000
    assert len(g.by_name) == len(g.label)  # display names unique
    low = sorted(n.lower() for n in g.by_name)
    for i, a in enumerate(low):
        assert not any(a in b for b in low[:i] + low[i + 1:]), a
    ends = defaultdict(set)
    for s, t, d, _p in g.edges:
        ends[t].add((g.label[s], g.label[d]))
        assert s in g.label and d in g.label
    assert any(len(e) == 1 and next(iter(e))[0] == next(iter(e))[1] for e in ends.values())  # a self-relation
    assert sum(1 for h in g.headers.values() if h[:3] == [":START_ID", ":END_ID", ":TYPE"] and len(h) > 3) >= 3
    kinds = {h.split(":")[1] for hs in g.headers.values() for h in hs if h.count(":") == 1 and not h.startswith(":")}
    assert {"int", "float", "date", "boolean", "string"} <= kinds
    for stem, hs in g.headers.items():
        if hs[0] != ":START_ID":
            assert hs[0].endswith("Id:ID") and hs[1] == ":LABEL", stem
    assert all(re.fullmatch(r"[a-z]+-\d+", i) for i in g.label)


def test_question_set_limits(questions: list[dict]) -> None:
    assert 70 <= len(questions) <= 80
    assert [q["id"] for q in questions] == [f"byog40-{k:02d}" for k in range(1, len(questions) + 1)]
    kinds = Counter(q["kind"] for q in questions)
    for k, want in KINDS.items():
        lo, hi = want if isinstance(want, tuple) else (want, want)
        assert lo <= kinds[k] <= hi, (k, kinds[k])
    bools = [q["gold"]["value"] for q in questions if q["kind"] == "yes_no"]
    assert bools.count(True) == bools.count(False)
    assert sum(1 for q in questions if q["kind"] == "multihop" and q["hops"] == 4) >= 2
    assert len({q["question"].lower() for q in questions}) == len(questions)
    for q in questions:
        g, text = q["gold"], q["question"].lower()
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"]) == len(set(g["ids"]))
            assert not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", text) for n in g["names"]), q["id"]
        elif g["type"] == "count":
            assert g["value"] > 0 and str(g["value"]) not in re.findall(r"\d+", text), q["id"]
        elif g["type"] == "value":
            assert str(g["value"]).lower() not in text, q["id"]


def test_golds_second_method(fresh: Path, questions: list[dict]) -> None:
    g = Csv(fresh / "waste_csv")
    rules = _rules(g)
    checked = 0
    for q in questions:
        hits = [(m, fn) for rx, fn in rules if (m := rx.fullmatch(q["question"]))]
        if not hits:
            continue
        m, fn = hits[0]
        mine = fn(m)
        assert _same(mine, q["gold"]), (q["id"], mine, q["gold"])
        if q["gold"]["type"] == "set":
            assert q["gold"]["names"] == [g.names[i] for i in q["gold"]["ids"]], q["id"]
        checked += 1
    assert checked >= 70, checked


def _synthetic(q: dict) -> str:
    g = q["gold"]
    if g["type"] == "count":
        return f"There are {g['value']}."
    if g["type"] == "set":
        return ", ".join(g["names"]) + "."
    if g["type"] == "value":
        return f"It is {g['value']}."
    if g["type"] == "bool":
        return "Yes." if g["value"] else "No."
    return "That was not found in the graph."


def test_records_and_judge(questions: list[dict]) -> None:
    judge = StructuredJudge()
    for d in questions:
        q = Question.from_dict(d)
        assert q.id == d["id"] and q.gold == d["gold"]
        j = judge.judge(q, _synthetic(d))
        assert j.verdict == "PASS", (d["id"], j.reason)
