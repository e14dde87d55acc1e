"""Checks for the byog44 held-out set: reproducibility, schema limits, and golds re-derived a second way.

The second method parses the CSV files with the csv module only (no networkx), reads each question's subject
from its text with a regex and recomputes the gold from plain dictionaries.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from core.evaluation.judges import StructuredJudge
from core.records import Question

HERE = Path(__file__).resolve().parent
COMMITTED = HERE / "holdout.jsonl"


def _run(script: str, *args: str) -> None:
    subprocess.run([sys.executable, str(HERE / script), *args], check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog44")
    _run("graph.py", str(out))
    _run("questions.py", str(out))
    return out


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return [json.loads(line) for line in COMMITTED.read_text(encoding="utf-8").splitlines() if line.strip()]


# ---- a second, networkx-free reading of the CSV files ------------------------------------------------------------


class Plain:
    def __init__(self, folder: Path):
        self.label: dict[str, str] = {}
        self.attr: dict[str, dict[str, str]] = {}
        self.name: dict[str, str] = {}
        self.by_name: dict[str, str] = {}
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eprops: dict[tuple[str, str, str], dict[str, str]] = {}
        self.edge_rows: list[tuple[str, str, str, dict[str, str]]] = []
        for path in sorted(glob.glob(str(folder / "nodes_*.csv"))):
            with open(path, newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    clean = {k.split(":")[0]: v for k, v in row.items()}
                    nid = next(v for k, v in row.items() if k.endswith(":ID"))
                    self.label[nid] = row[":LABEL"]
                    self.attr[nid] = clean
                    nm = clean.get("name") or f"{clean['first_name']} {clean['last_name']}"
                    self.name[nid] = nm
                    self.by_name[nm.lower()] = nid
        for path in sorted(glob.glob(str(folder / "rels_*.csv"))):
            with open(path, newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    a, b, t = row[":START_ID"], row[":END_ID"], row[":TYPE"]
                    props = {k.split(":")[0]: v for k, v in row.items() if not k.startswith(":")}
                    self.out[(a, t)].append(b)
                    self.inn[(b, t)].append(a)
                    self.eprops[(a, t, b)] = props
                    self.edge_rows.append((a, b, t, props))

    def ent(self, name: str) -> str | None:
        return self.by_name.get(name.strip().lower())

    def of(self, label: str) -> list[str]:
        return [n for n, lab in self.label.items() if lab == label]

    def hop(self, ids, typ: str, d: str) -> set[str]:
        res: set[str] = set()
        for n in ids:
            res |= set((self.out if d == ">" else self.inn).get((n, typ), []))
        return res

    def path(self, start: str, spec: str) -> set[str]:
        cur = {start}
        for step in spec.split():
            cur = self.hop(cur, step[1:], step[0])
        return cur

    def num(self, n: str, k: str) -> float:
        return float(self.attr[n][k])


def _set(ids) -> dict:
    return {"type": "set", "ids": sorted(ids)}


def _cnt(v) -> dict:
    return {"type": "count", "value": v}


def _val(v) -> dict:
    return {"type": "value", "value": v}


NONE = {"type": "none"}


def _argmax(scores: dict[str, float]) -> dict:
    best = max(scores.values())
    return _set([k for k, v in scores.items() if v == best])


MONTHS = {m: i for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july", "august",
                                       "september", "october", "november", "december"], 1)}


def _checks(g: Plain):
    """(regex, function of the match) pairs; the function returns the re-derived gold."""
    E = g.ent

    def sub_set(name: str, spec: str) -> dict:
        n = E(name)
        return NONE if n is None else _set(g.path(n, spec))

    def nbrs(name: str) -> dict:
        n = E(name)
        s = {b for (a, _t), bs in g.out.items() if a == n for b in bs}
        s |= {a for (b, _t), as_ in g.inn.items() if b == n for a in as_}
        return _set(s)

    def total(c: str, k: str) -> float:
        return round(sum(g.num(p, k) for p in g.out[(c, "SENDS")]), 2)

    return [
        (r"^How many couriers are on the books\?$", lambda m: _cnt(len(g.of("Courier")))),
        (r"^how many parcels are there in total$", lambda m: _cnt(len(g.of("Parcel")))),
        (r"^Number of depots\?$", lambda m: _cnt(len(g.of("Depot")))),
        (r"claims on file", lambda m: _cnt(len(g.of("Claim")))),
        (r"How many delivery vans", lambda m: _cnt(len(g.of("Van")))),
        (r"parcels are flagged as (\w+)\?",
         lambda m: _cnt(sum(g.attr[p][m.group(1)] == "true" for p in g.of("Parcel")))),
        (r"vans are electric", lambda m: _cnt(sum(g.attr[v]["electric"] == "true" for v in g.of("Van")))),
        (r"claims ended up approved", lambda m: _cnt(sum(g.attr[c]["approved"] == "true" for c in g.of("Claim")))),
        (r"hold an? (\w+) licence", lambda m: _cnt(sum(g.attr[c]["licence"] == m.group(1) for c in g.of("Courier")))),
        (r"weigh more than (\d+) kg",
         lambda m: _cnt(sum(g.num(p, "weight_kg") > int(m.group(1)) for p in g.of("Parcel")))),
        (r"shipped in (\w+) (\d{4})", lambda m: _cnt(sum(
            g.attr[p]["shipped"].startswith(f"{m.group(2)}-{MONTHS[m.group(1).lower()]:02d}")
            for p in g.of("Parcel")))),
        (r"How many night routes", lambda m: _cnt(sum(g.attr[r]["night"] == "true" for r in g.of("Route")))),
        (r"because no one was home",
         lambda m: _cnt(sum(g.attr[a]["outcome"] == "no_one_home" for a in g.of("DeliveryAttempt")))),
        (r"^How many parcels has (.+) sent\?$",
         lambda m: NONE if E(m.group(1)) is None else _cnt(len(g.out[(E(m.group(1)), "SENDS")]))),
        (r"parcels are addressed to the (.+) zone\?$", lambda m: _cnt(len(g.inn[(E(m.group(1)), "ADDRESSED_TO")]))),
        (r"^Which couriers are based at (.+)\?$", lambda m: sub_set(m.group(1), "<BASED_AT")),
        (r"zones that the (.+) route passes through", lambda m: sub_set(m.group(1), ">COVERS")),
        (r"^show me the vans (.+) drives$", lambda m: sub_set(m.group(1), ">DRIVES")),
        (r"^What claims has (.+) lodged\?$", lambda m: sub_set(m.group(1), ">FILED")),
        (r"^Who did (.+) train\?$", lambda m: sub_set(m.group(1), ">TRAINED")),
        (r"routes start out of (.+)$", lambda m: sub_set(m.group(1), "<RUNS_FROM")),
        (r"parcels that (.+) has shipped\.$", lambda m: sub_set(m.group(1), ">SENDS")),
        (r"couriers tried to deliver (.+)\?$", lambda m: sub_set(m.group(1), ">HAS_ATTEMPT >MADE_BY")),
        (r"zones have (.+)'s parcels been sent to", lambda m: sub_set(m.group(1), ">SENDS >ADDRESSED_TO")),
        (r"trained the person who trained (.+)\?$", lambda m: sub_set(m.group(1), "<TRAINED <TRAINED")),
        (r"trained by people (.+) trained$", lambda m: sub_set(m.group(1), ">TRAINED >TRAINED")),
        (r"attempted delivery of (.+) based\?$",
         lambda m: sub_set(m.group(1), ">HAS_ATTEMPT >MADE_BY >BASED_AT")),
        (r"service levels did (.+) book for", lambda m: sub_set(m.group(1), ">SENDS >BOOKED_AS")),
        (r"customers sent parcels that (.+) made delivery attempts on",
         lambda m: sub_set(m.group(1), "<MADE_BY <HAS_ATTEMPT <SENDS")),
        (r"made attempts on (.+)\?$", lambda m: sub_set(m.group(1), ">HAS_ATTEMPT >MADE_BY >DRIVES")),
        (r"parcels sent by (.+), which depots",
         lambda m: sub_set(m.group(1), ">SENDS >HAS_ATTEMPT >MADE_BY >BASED_AT")),
        (r"routes of the couriers who attempted (.+)\?$",
         lambda m: sub_set(m.group(1), ">HAS_ATTEMPT >MADE_BY >ASSIGNED_TO >COVERS")),
        (r"parcels that (.+) has filed claims about",
         lambda m: sub_set(m.group(1), ">FILED >CONCERNS >HAS_ATTEMPT >MADE_BY")),
        (r"depots are (.+)'s trainees based at", lambda m: sub_set(m.group(1), ">TRAINED >BASED_AT")),
        (r"routes is (.+)'s trainer assigned to", lambda m: sub_set(m.group(1), "<TRAINED >ASSIGNED_TO")),
        (r"booked for the parcels (.+) attempted\?$",
         lambda m: sub_set(m.group(1), "<MADE_BY <HAS_ATTEMPT >BOOKED_AS")),
        (r"parcel is the heaviest", lambda m: _argmax({p: g.num(p, "weight_kg") for p in g.of("Parcel")})),
        (r"highest-rated courier", lambda m: _argmax({c: g.num(c, "rating") for c in g.of("Courier")})),
        (r"most loading bays", lambda m: _argmax({d: g.num(d, "bays") for d in g.of("Depot")})),
        (r"longest delivery route", lambda m: _argmax({r: g.num(r, "length_km") for r in g.of("Route")})),
        (r"courier has made the most delivery attempts",
         lambda m: _argmax({c: len(g.inn[(c, "MADE_BY")]) for c in g.of("Courier")})),
        (r"customer has sent the most parcels",
         lambda m: _argmax({c: len(g.out[(c, "SENDS")]) for c in g.of("Customer")})),
        (r"depot has the largest number of couriers",
         lambda m: _argmax({d: len(g.inn[(d, "BASED_AT")]) for d in g.of("Depot")})),
        (r"paid the most in postage", lambda m: _argmax({c: round(sum(float(g.eprops[(c, "SENDS", p)]["paid_gbp"])
                                                                      for p in g.out[(c, "SENDS")]), 2)
                                                          for c in g.of("Customer")})),
        (r"customer's claims add up", lambda m: _argmax({c: round(sum(g.num(x, "amount_gbp")
                                                                       for x in g.out[(c, "FILED")]), 2)
                                                          for c in g.of("Customer")})),
        (r"couriers based at (.+), who has the best rating",
         lambda m: _argmax({c: g.num(c, "rating") for c in g.inn[(E(m.group(1)), "BASED_AT")]})),
        (r"total weight of the parcels sent by (.+)\?$", lambda m: _val(total(E(m.group(1)), "weight_kg"))),
        (r"average rating of couriers based at (.+)\?$", lambda m: _val(
            sum(g.num(c, "rating") for c in g.inn[(E(m.group(1)), "BASED_AT")])
            / len(g.inn[(E(m.group(1)), "BASED_AT")]))),
        (r"across all approved claims",
         lambda m: _val(sum(g.num(c, "amount_gbp") for c in g.of("Claim") if g.attr[c]["approved"] == "true"))),
        (r"routes running out of (.+)$", lambda m: _val(
            sum(g.num(r, "length_km") for r in g.inn[(E(m.group(1)), "RUNS_FROM")])
            / len(g.inn[(E(m.group(1)), "RUNS_FROM")]))),
        (r"How much has (.+) paid in postage", lambda m: _val(sum(
            float(g.eprops[(E(m.group(1)), "SENDS", p)]["paid_gbp"]) for p in g.out[(E(m.group(1)), "SENDS")]))),
        (r"^When did (\w+ \w+) train (\w+ \w+)\?$",
         lambda m: _val(g.eprops[(E(m.group(1)), "TRAINED", E(m.group(2)))]["trained_on"])),
        (r"training did (\w+ \w+) give (\w+ \w+)\?$",
         lambda m: _val(int(g.eprops[(E(m.group(1)), "TRAINED", E(m.group(2)))]["hours"]))),
        (r"shift does (\w+ \w+) work on the (.+) route\?$",
         lambda m: _val(g.eprops[(E(m.group(1)), "ASSIGNED_TO", E(m.group(2)))]["shift"])),
        (r"How much did (\w+ \w+) pay to send (Parcel \w+)\?$",
         lambda m: _val(float(g.eprops[(E(m.group(1)), "SENDS", E(m.group(2)))]["paid_gbp"]))),
        (r"channel did (\w+ \w+) send (Parcel \w+)\?$",
         lambda m: _val(g.eprops[(E(m.group(1)), "SENDS", E(m.group(2)))]["channel"])),
        (r"booked through the (\w+)\?$",
         lambda m: _cnt(sum(t == "SENDS" and p["channel"] == m.group(1) for _, _, t, p in g.edge_rows))),
        (r"more than (\d+) hours of training",
         lambda m: _cnt(sum(t == "TRAINED" and int(p["hours"]) > int(m.group(1)) for _, _, t, p in g.edge_rows))),
        (r"^Did (\w+ \w+) train (\w+ \w+)\?$",
         lambda m: {"type": "bool", "value": (E(m.group(1)), "TRAINED", E(m.group(2))) in g.eprops}),
        (r"^is (Parcel \w+) fragile$", lambda m: {"type": "bool", "value": g.attr[E(m.group(1))]["fragile"] == "true"}),
        (r"^Is (.+) an automated depot\?$",
         lambda m: {"type": "bool", "value": g.attr[E(m.group(1))]["automated"] == "true"}),
        (r"^Was (Parcel \w+) sent by (\w+ \w+)\?$",
         lambda m: {"type": "bool", "value": (E(m.group(2)), "SENDS", E(m.group(1))) in g.eprops}),
        (r"^Does the (.+) route cover (.+)\?$",
         lambda m: {"type": "bool", "value": (E(m.group(1)), "COVERS", E(m.group(2))) in g.eprops}),
        (r"^Is (.+) an electric van\?$",
         lambda m: {"type": "bool", "value": g.attr[E(m.group(1))]["electric"] == "true"}),
        (r"^Did (\w+ \w+) ever attempt delivery of (Parcel \w+)\?$",
         lambda m: {"type": "bool", "value": E(m.group(1)) in g.path(E(m.group(2)), ">HAS_ATTEMPT >MADE_BY")}),
        (r"^Is (\w+ \w+) based at (.+)\?$",
         lambda m: {"type": "bool", "value": (E(m.group(1)), "BASED_AT", E(m.group(2))) in g.eprops}),
        (r"everything about the (.+) route\.$", lambda m: nbrs(m.group(1))),
        (r"^What do we know about (.+)\?$", lambda m: nbrs(m.group(1))),
        (r"full picture on customer (.+)$", lambda m: nbrs(m.group(1))),
        (r"depot is courier (.+) based at\?$", lambda m: NONE if E(m.group(1)) is None else _set([])),
        (r"zones does the (.+) route cover\?$", lambda m: sub_set(m.group(1) + "", ">COVERS")
         if E(m.group(1)) else NONE),
        (r"^What does (Parcel \w+) weigh\?$", lambda m: NONE if E(m.group(1)) is None else _val(0)),
        (r"node types does the graph have", lambda m: _cnt(len(set(g.label.values())))),
        (r"kinds of relationship", lambda m: _cnt(len({t for _, _, t, _ in g.edge_rows}))),
        (r"total number of relationships", lambda m: _cnt(len(g.edge_rows))),
    ]


def _same(expected: dict, gold: dict) -> bool:
    if expected["type"] != gold["type"]:
        return False
    t = gold["type"]
    if t == "set":
        return sorted(expected["ids"]) == sorted(gold["ids"])
    if t == "none":
        return True
    e, v = expected["value"], gold["value"]
    if isinstance(v, float) or isinstance(e, float):
        return abs(float(e) - float(v)) <= 0.006 + 1e-9 * abs(float(v))
    return e == v


# ---- tests --------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8")


def test_graph_deterministic_per_seed(tmp_path):
    for d in ("a", "b", "c"):
        _run("graph.py", str(tmp_path / d), "--seed", "3" if d != "c" else "4")

    def files(d):
        return {os.path.basename(p): Path(p).read_bytes() for p in glob.glob(str(tmp_path / d / "courier_csv" / "*"))}
    assert files("a") == files("b")
    assert files("a") != files("c")


def test_schema_limits(fresh):
    g = Plain(fresh / "courier_csv")
    labels = set(g.label.values())
    types = {t for _, _, t, _ in g.edge_rows}
    assert 8 <= len(labels) <= 10
    assert 10 <= len(types) <= 13
    assert len(g.label) >= 2000
    assert len(g.edge_rows) <= 20000
    selfs = {t for a, b, t, _ in g.edge_rows if g.label[a] == g.label[b]}
    assert selfs
    assert sum(1 for t in types if any(r[2] == t and r[3] for r in g.edge_rows)) >= 3
    assert all(re.fullmatch(r"[a-z]+-\d+", n) for n in g.label)
    names = [n.lower() for n in g.name.values()]
    assert len(set(names)) == len(names)
    srt = sorted(names, key=len)
    for i, a in enumerate(srt):
        for b in srt[i + 1:]:
            assert a not in b, (a, b)
    # headers are typed
    for path in glob.glob(str(fresh / "courier_csv" / "*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            head = next(csv.reader(fh))
        assert all(h.startswith(":") or ":" in h for h in head)


def test_question_mix(questions):
    assert 70 <= len(questions) <= 80
    assert [q["id"] for q in questions] == [f"byog44-{i:02d}" for i in range(1, len(questions) + 1)]
    kinds = Counter(q["kind"] for q in questions)
    assert kinds == {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10,
                     "aggregate": 5, "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}
    yn = [q["gold"]["value"] for q in questions if q["kind"] == "yes_no"]
    assert yn.count(True) == 4 and yn.count(False) == 4
    assert sum(q["kind"] == "multihop" and q["hops"] == 4 for q in questions) >= 2
    for q in questions:
        gold = q["gold"]
        assert gold["type"] in {"count", "set", "value", "bool", "none"}
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12 and len(gold["names"]) == len(gold["ids"])
            assert not any(n.lower() in q["question"].lower() for n in gold["names"])
        if gold["type"] == "count":
            assert gold["value"] > 0
            assert str(gold["value"]) not in re.findall(r"\d+", q["question"])
        if gold["type"] == "value":
            assert str(gold["value"]).lower() not in q["question"].lower()


def test_golds_rederived_second_method(fresh, questions):
    g = Plain(fresh / "courier_csv")
    checks = [(re.compile(p), f) for p, f in _checks(g)]
    verified = 0
    for q in questions:
        for rx, fn in checks:
            m = rx.search(q["question"])
            if m:
                expected = fn(m)
                assert _same(expected, q["gold"]), (q["id"], q["question"], expected, q["gold"])
                if q["gold"]["type"] == "set":
                    assert q["gold"]["names"] == [g.name[i] for i in q["gold"]["ids"]]
                verified += 1
                break
    assert verified >= 50


def _synthetic(gold: dict) -> str:
    t = gold["type"]
    if t == "count":
        return f"There are {gold['value']}."
    if t == "set":
        return ", ".join(gold["names"]) + "."
    if t == "value":
        return f"The answer is {gold['value']}."
    if t == "bool":
        return "Yes." if gold["value"] else "No."
    return "That was not found in the graph."


def test_records_and_structured_judge(questions):
    judge = StructuredJudge()
    for d in questions:
        q = Question.from_dict(d)
        assert q.id == d["id"] and q.gold == d["gold"]
        j = judge.judge(q, _synthetic(d["gold"]))
        assert j.verdict == "PASS", (d["id"], j.reason)
