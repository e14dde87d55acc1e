"""byog50 gold checks: committed set == fresh run, determinism, schema limits, golds re-derived a second way
(csv.reader by column position, no networkx, subjects read from the question text), and the structured judge."""

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


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog50")
    subprocess.run([sys.executable, str(HERE / "graph.py"), str(out)], check=True, capture_output=True)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(out), str(out / "bikeshare_csv")], check=True,
                   capture_output=True)
    return out


def _questions() -> list[dict]:
    return [json.loads(line) for line in HOLDOUT.read_text(encoding="utf-8").splitlines()]


# ---- an independent reader: csv.reader by header position ------------------------------------------------------


class Data:
    def __init__(self, folder: Path):
        self.type: dict[str, str] = {}
        self.attr: dict[str, dict[str, str]] = {}
        self.name: dict[str, str] = {}
        self.header: dict[str, list[str]] = {}
        self.rels: list[tuple[str, str, str, dict[str, str]]] = []
        for f in sorted(folder.iterdir()):
            with open(f, encoding="utf-8", newline="") as fh:
                rows = list(csv.reader(fh))
            head, body = rows[0], rows[1:]
            self.header[f.name] = head
            if f.name.startswith("nodes_"):
                idc, lab = 0, head.index(":LABEL")
                for r in body:
                    a = {h.split(":")[0]: v for h, v in zip(head, r, strict=True) if h.split(":")[0]}
                    self.type[r[idc]] = r[lab]
                    self.attr[r[idc]] = a
                    self.name[r[idc]] = a["name"] if "name" in a else a.get("title") or f"{a['first_name']} {a['last_name']}"
            else:
                si, di, ti = head.index(":START_ID"), head.index(":END_ID"), head.index(":TYPE")
                for r in body:
                    a = {h.split(":")[0]: v for h, v in zip(head, r, strict=True) if not h.startswith(":")}
                    self.rels.append((r[si], r[ti], r[di], a))
        self.by_name = {v.lower(): k for k, v in self.name.items()}
        self.fwd: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.back: dict[tuple[str, str], list[str]] = defaultdict(list)
        for s, t, d, _ in self.rels:
            self.fwd[(s, t)].append(d)
            self.back[(d, t)].append(s)

    def id(self, name: str) -> str:
        return self.by_name[name.strip().lower()]

    def ids(self, typ: str) -> list[str]:
        return [i for i, t in self.type.items() if t == typ]

    def hop(self, xs, t: str, forward: bool = True) -> set[str]:
        out: set[str] = set()
        for x in xs:
            out.update(self.fwd[(x, t)] if forward else self.back[(x, t)])
        return out

    def edge(self, s: str, t: str, d: str) -> dict[str, str]:
        return next(a for s2, t2, d2, a in self.rels if (s2, t2, d2) == (s, t, d))


@pytest.fixture(scope="module")
def data(fresh) -> Data:
    return Data(fresh / "bikeshare_csv")


def _argmax(d: Data, scores: dict[str, float]) -> set[str]:
    best = max(scores.values())
    return {k for k, v in scores.items() if v == best}


def _rules(d: Data):
    """(regex, recompute) pairs; recompute(match) returns a count/number/string/bool or a set of ids."""
    T = d.ids
    one = lambda m: d.id(m.group(1))  # noqa: E731
    return [
        (r"How many docking stations are there", lambda m: len(T("Station"))),
        (r"how many bikes does the scheme", lambda m: len(T("Bike"))),
        (r"number of maintenance technicians", lambda m: len(T("Technician"))),
        (r"How many sponsors are on file", lambda m: len(T("Sponsor"))),
        (r"how many incident reports", lambda m: len(T("Incident"))),
        (r"How many e-bikes", lambda m: sum(d.attr[b]["electric"] == "true" for b in T("Bike"))),
        (r"stations offer charging", lambda m: sum(d.attr[b]["charging"] == "true" for b in T("Station"))),
        (r"riders are students", lambda m: sum(d.attr[b]["student"] == "true" for b in T("Rider"))),
        (r"high-priority repair jobs", lambda m: sum(d.attr[b]["priority"] == "high" for b in T("RepairJob"))),
        (r"incidents were thefts", lambda m: sum(d.attr[b]["category"] == "theft" for b in T("Incident"))),
        (r"rides lasted longer than (\d+) minutes",
         lambda m: sum(int(d.attr[t]["duration_min"]) > int(m.group(1)) for t in T("Trip"))),
        (r"docking points are located in (.+)\?", lambda m: len(d.hop([one(m)], "LOCATED_IN", False))),
        (r"members are on the (.+) plan", lambda m: len(d.hop([one(m)], "SUBSCRIBES_TO", False))),
        (r"How many bikes call (.+) home", lambda m: len(d.hop([one(m)], "HOMED_AT", False))),
        (r"work orders has (.+) been on", lambda m: len(d.hop([one(m)], "WORKED_ON"))),
        (r"Which stations are in the (.+) district", lambda m: d.hop([one(m)], "LOCATED_IN", False)),
        (r"list the stations that (.+) sponsors", lambda m: d.hop([one(m)], "SPONSORS")),
        (r"bikes housed at (.+)$", lambda m: d.hop([one(m)], "HOMED_AT", False)),
        (r"technicians are at lead level", lambda m: {t for t in T("Technician") if d.attr[t]["level"] == "lead"}),
        (r"plans come with e-bike", lambda m: {t for t in T("Plan") if d.attr[t]["ebike_access"] == "true"}),
        (r"sponsors from the (\w+) industry", lambda m: {t for t in T("Sponsor") if d.attr[t]["industry"] == m.group(1)}),
        (r"Who has (.+) mentored", lambda m: d.hop([one(m)], "MENTORED")),
        (r"stations has (.+) started rides from",
         lambda m: d.hop(d.hop([one(m)], "RODE"), "DEPARTED_FROM")),
        (r"districts did (.+) finish trips",
         lambda m: d.hop(d.hop(d.hop([one(m)], "RODE"), "ARRIVED_AT"), "LOCATED_IN")),
        (r"What bikes has (.+) ridden", lambda m: d.hop(d.hop([one(m)], "RODE"), "USED_BIKE")),
        (r"technicians have worked on (.+)\?", lambda m: d.hop(d.hop([one(m)], "FIXES", False), "WORKED_ON", False)),
        (r"companies sponsor docking stations in (.+)\?",
         lambda m: d.hop(d.hop([one(m)], "LOCATED_IN", False), "SPONSORS", False)),
        (r"who trained the person who trained (.+)\?",
         lambda m: d.hop(d.hop([one(m)], "MENTORED", False), "MENTORED", False)),
        (r"mentored by the mentees of (.+)\?", lambda m: d.hop(d.hop([one(m)], "MENTORED"), "MENTORED")),
        (r"Apart from (.+?), who else",
         lambda m: d.hop(d.hop([one(m)], "MENTORED", False), "MENTORED") - {one(m)}),
        (r"mechanics have repaired bikes that (.+) rode",
         lambda m: d.hop(d.hop(d.hop(d.hop([one(m)], "RODE"), "USED_BIKE"), "FIXES", False), "WORKED_ON", False)),
        (r"fixed by technicians that (.+) mentored based",
         lambda m: d.hop(d.hop(d.hop(d.hop([one(m)], "MENTORED"), "WORKED_ON"), "FIXES"), "HOMED_AT")),
        (r"rider who filed (.+) begun trips",
         lambda m: d.hop(d.hop(d.hop(d.hop([one(m)], "FILED", False), "RODE"), "DEPARTED_FROM"), "LOCATED_IN")),
        (r"bikes whose home dock is (.+)$",
         lambda m: d.hop(d.hop(d.hop([one(m)], "HOMED_AT", False), "USED_BIKE", False), "RODE", False)),
        (r"reported incidents at (.+) hold\?",
         lambda m: d.hop(d.hop(d.hop([one(m)], "OCCURRED_AT", False), "FILED", False), "SUBSCRIBES_TO")),
        (r"Where did rides on (.+) end up", lambda m: d.hop(d.hop([one(m)], "USED_BIKE", False), "ARRIVED_AT")),
        (r"highest elevation", lambda m: _argmax(d, {s: float(d.attr[s]["elevation_m"]) for s in T("Station")})),
        (r"most expensive repair job", lambda m: _argmax(d, {s: float(d.attr[s]["cost"]) for s in T("RepairJob")})),
        (r"highest hourly rate", lambda m: _argmax(d, {s: float(d.attr[s]["hourly_rate"]) for s in T("Technician")})),
        (r"district covers the biggest area", lambda m: _argmax(d, {s: float(d.attr[s]["area_km2"]) for s in T("District")})),
        (r"most bikes assigned", lambda m: _argmax(d, {s: len(d.back[(s, "HOMED_AT")]) for s in T("Station")})),
        (r"taken the most trips", lambda m: _argmax(d, {s: len(d.fwd[(s, "RODE")]) for s in T("Rider")})),
        (r"largest number of repair jobs", lambda m: _argmax(d, {s: len(d.fwd[(s, "WORKED_ON")]) for s in T("Technician")})),
        (r"most money into station sponsorships",
         lambda m: _argmax(d, {s: sum(float(d.edge(s, "SPONSORS", x)["amount_eur"]) for x in d.fwd[(s, "SPONSORS")])
                               for s in T("Sponsor")})),
        (r"greatest total distance",
         lambda m: _argmax(d, {r: sum(float(d.attr[t]["distance_km"]) for t in d.fwd[(r, "RODE")]) for r in T("Rider")})),
        (r"Of the stations in (.+?), which one has the most docks",
         lambda m: _argmax(d, {s: int(d.attr[s]["capacity"]) for s in d.back[(one(m), "LOCATED_IN")]})),
        (r"total cost of all repair jobs", lambda m: sum(float(d.attr[j]["cost"]) for j in T("RepairJob"))),
        (r"average trip distance", lambda m: sum(float(d.attr[j]["distance_km"]) for j in T("Trip")) / len(T("Trip"))),
        (r"average capacity of the stations in (.+)\?",
         lambda m: (lambda c: sum(c) / len(c))([int(d.attr[s]["capacity"]) for s in d.back[(one(m), "LOCATED_IN")]])),
        (r"damage estimates for incidents at (.+)$",
         lambda m: sum(float(d.attr[i]["damage_estimate"]) for i in d.back[(one(m), "OCCURRED_AT")])),
        (r"combined population of the outer",
         lambda m: sum(int(d.attr[x]["population"]) for x in T("District") if d.attr[x]["zone"] == "outer")),
        (r"How much does (.+) pay to sponsor (.+)\?",
         lambda m: float(d.edge(one(m), "SPONSORS", d.id(m.group(2)))["amount_eur"])),
        (r"What tier is (.+?)'s? sponsorship of (.+)\?", lambda m: d.edge(one(m), "SPONSORS", d.id(m.group(2)))["tier"]),
        (r"when did (.+) start sponsoring (.+)$", lambda m: d.edge(one(m), "SPONSORS", d.id(m.group(2)))["since"]),
        (r"How many hours did (.+) log on (.+)\?", lambda m: float(d.edge(one(m), "WORKED_ON", d.id(m.group(2)))["hours"])),
        (r"did (.+?)'s? subscription to the (.+) plan begin",
         lambda m: d.edge(one(m), "SUBSCRIBES_TO", d.id(m.group(2)))["started"]),
        (r"how many months has (.+) paid for on (.+)\?",
         lambda m: int(d.edge(one(m), "SUBSCRIBES_TO", d.id(m.group(2)))["months_paid"])),
        (r"sponsorship deals are gold tier", lambda m: sum(a.get("tier") == "gold" for _, t, _, a in d.rels if t == "SPONSORS")),
        (r"renew automatically", lambda m: sum(a.get("auto_renew") == "true" for _, t, _, a in d.rels)),
        (r"^Is (.+) in (.+)\?$", lambda m: d.id(m.group(2)) in d.fwd[(one(m), "LOCATED_IN")]),
        (r"^is (.+) located in the (.+) district$", lambda m: d.id(m.group(2)) in d.fwd[(one(m), "LOCATED_IN")]),
        (r"^Did (.+) mentor (.+)\?$", lambda m: d.id(m.group(2)) in d.fwd[(one(m), "MENTORED")]),
        (r"^Was (.+) mentored by (.+)\?$", lambda m: one(m) in d.fwd[(d.id(m.group(2)), "MENTORED")]),
        (r"Does the (.+) plan include e-bike", lambda m: d.attr[one(m)]["ebike_access"] == "true"),
        (r"is (.+) an electric bike", lambda m: d.attr[one(m)]["electric"] == "true"),
        (r"Has (.+) ever (?:ridden|taken a ride on) (.+?)\??$",
         lambda m: d.id(m.group(2)) in d.hop(d.fwd[(one(m), "RODE")], "USED_BIKE")),
        (r"(?:everything about|full picture on the bike|know about) (.+?)(?:[.?]|$)",
         lambda m: set(d.fwd_all(one(m)))),
        (r"node types", lambda m: len(set(d.type.values()))),
        (r"relationship types", lambda m: len({t for _, t, _, _ in d.rels})),
        (r"entities are there in the graph", lambda m: len(d.type)),
    ]


def _fwd_all(self: Data, x: str) -> set[str]:
    return {d for s, _, d, _ in self.rels if s == x} | {s for s, _, d, _ in self.rels if d == x}


Data.fwd_all = _fwd_all  # type: ignore[attr-defined]


# ---- tests --------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")


def test_deterministic_per_seed(tmp_path):
    outs = []
    for k, seed in enumerate((7, 7, 8)):
        subprocess.run([sys.executable, str(HERE / "graph.py"), str(tmp_path / str(k)), "--seed", str(seed)],
                       check=True, capture_output=True)
        folder = tmp_path / str(k) / "bikeshare_csv"
        outs.append({f.name: f.read_bytes() for f in sorted(folder.iterdir())})
    assert outs[0] == outs[1]
    assert outs[0] != outs[2]


def test_schema_limits(data, fresh):
    types = Counter(data.type.values())
    etypes = Counter(t for _, t, _, _ in data.rels)
    assert 8 <= len(types) <= 10 and 10 <= len(etypes) <= 13
    assert sum(types.values()) >= 2000 and len(data.rels) <= 20000
    assert any(data.type[s] == data.type[d] for s, _, d, _ in data.rels)  # a self-relation
    with_props = {t for _, t, _, a in data.rels if a}
    assert len(with_props) >= 3
    for head in data.header.values():
        assert (":START_ID" in head and ":TYPE" in head) or (head[0].endswith("Id:ID") and ":LABEL" in head)
    kinds = {h.split(":")[1] for head in data.header.values() for h in head if ":" in h and not h.startswith(":")
             and not h.endswith(":ID")}
    assert {"int", "float", "date", "boolean", "string"} <= kinds
    for i in data.type:
        assert re.fullmatch(r"[a-z]+-\d+", i)
    names = [n.lower() for n in data.name.values()]
    assert len(set(names)) == len(names)
    big = "\n".join(names)
    assert all(big.count(n) == 1 for n in names)
    for a in data.attr.values():
        for k, v in a.items():
            if k in ("installed", "commissioned", "member_since", "hired", "opened", "reported_on", "started", "launched"):
                assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)
    # a 4-hop path: rider -> trip -> station -> district
    r = next(x for x in data.ids("Rider") if data.fwd[(x, "RODE")])
    assert data.hop(data.hop(data.hop([r], "RODE"), "DEPARTED_FROM"), "LOCATED_IN")


def test_question_shapes():
    qs = _questions()
    assert 70 <= len(qs) <= 80
    assert [q["id"] for q in qs] == [f"byog50-{k:02d}" for k in range(1, len(qs) + 1)]
    kinds = Counter(q["kind"] for q in qs)
    assert kinds == {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
                     "edge_property": 8, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}
    yn = [q["gold"]["value"] for q in qs if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False) == 4
    assert sum(q["kind"] == "multihop" and q["hops"] == 4 for q in qs) >= 2
    for q in qs:
        g = q["gold"]
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"])
            assert not any(n.lower() in q["question"].lower() for n in g["names"])
        elif g["type"] == "count":
            assert g["value"] > 0 and str(g["value"]) not in re.findall(r"\d+", q["question"])
        elif g["type"] == "value":
            assert str(g["value"]).lower() not in q["question"].lower()


def test_golds_rederived(data):
    rules = [(re.compile(p, re.IGNORECASE), f) for p, f in _rules(data)]
    checked = 0
    for q in _questions():
        g = q["gold"]
        if g["type"] == "none":
            continue
        hit = next(((rx.search(q["question"]), f) for rx, f in rules if rx.search(q["question"])), None)
        if hit is None:
            continue
        got = hit[1](hit[0])
        if g["type"] == "set":
            assert set(g["ids"]) == set(got), q["id"]
            assert g["names"] == [data.name[i] for i in g["ids"]], q["id"]
        elif g["type"] == "bool":
            assert g["value"] is got, q["id"]
        elif isinstance(g["value"], str):
            assert g["value"] == got, q["id"]
        else:
            assert abs(float(g["value"]) - float(got)) <= 0.006, q["id"]
        checked += 1
    assert checked >= 50


def test_unknown_names_absent(data):
    for q in _questions():
        if q["gold"]["type"] == "none":
            made_up = re.findall(r"[A-Z][a-z]+ [A-Z][a-z]+", q["question"])
            assert made_up
            for nm in made_up:
                assert not any(nm.lower() in n.lower() for n in data.name.values())


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
    return "Not found: no such entity in the graph."


def test_records_and_judge():
    judge = StructuredJudge()
    for raw in _questions():
        q = Question.from_dict(raw)
        assert judge.judge(q, _synthetic(raw)).verdict == "PASS", raw["id"]
