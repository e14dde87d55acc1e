"""byog48 gold checks: the committed holdout equals a fresh run, generation is deterministic, the schema limits
hold, golds are re-derived by a second method (csv only, subjects read from the question text) and every gold
passes the structured judge for a synthetic correct answer."""

from __future__ import annotations

import csv
import glob
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
HOLDOUT = os.path.join(HERE, "holdout.jsonl")


def _run(out_dir, seed=None):
    cmd = [sys.executable, os.path.join(HERE, "graph.py"), str(out_dir)]
    if seed is not None:
        cmd += ["--seed", str(seed)]
    subprocess.run(cmd, check=True, capture_output=True)
    subprocess.run([sys.executable, os.path.join(HERE, "questions.py"), str(out_dir)], check=True,
                   capture_output=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    out = tmp_path_factory.mktemp("byog48")
    _run(out)
    return out


def _read_lines(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read().splitlines()


def _questions():
    return [json.loads(line) for line in _read_lines(HOLDOUT)]


# ---- a second, independent reader (csv only) ----------------------------------------------------------------------


class Data:
    def __init__(self, folder):
        self.nodes = {}
        self.out = defaultdict(list)
        self.inn = defaultdict(list)
        self.etypes = set()
        self.n_edges = 0
        self.node_files = 0
        for path in glob.glob(os.path.join(folder, "nodes_*.csv")):
            self.node_files += 1
            with open(path, newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    key = next(k for k in row if ":ID(" in k)
                    grp = key.split(":ID(")[1].rstrip(")")
                    clean = {k.split(":")[0]: v for k, v in row.items() if not k.startswith(":") and k != key}
                    clean["_t"] = grp
                    self.nodes[f"{grp}:{row[key]}"] = clean
        for path in glob.glob(os.path.join(folder, "rels_*.csv")):
            with open(path, newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    sk = next(k for k in row if k.startswith(":START_ID"))
                    dk = next(k for k in row if k.startswith(":END_ID"))
                    s = sk[len(":START_ID("):-1] + ":" + row[sk]
                    d = dk[len(":END_ID("):-1] + ":" + row[dk]
                    props = {k.split(":")[0]: v for k, v in row.items() if not k.startswith(":")}
                    et = row[":TYPE"]
                    self.etypes.add(et)
                    self.n_edges += 1
                    self.out[(s, et)].append((d, props))
                    self.inn[(d, et)].append((s, props))
        self.byname = {self.name(k).lower(): k for k in self.nodes}

    def name(self, k):
        n = self.nodes[k]
        return f"{n['first_name']} {n['last_name']}" if "first_name" in n else (n.get("name") or n["title"])

    def typ(self, t):
        return [k for k, v in self.nodes.items() if v["_t"] == t]

    def id(self, name):
        return self.byname[name.strip().lower()]

    def o(self, k, et):
        return [d for d, _ in self.out[(k, et)]]

    def i(self, k, et):
        return [s for s, _ in self.inn[(k, et)]]

    def one(self, k, et):
        (x,) = self.o(k, et)
        return x

    def mentor(self, t):
        return self.i(t, "MENTORS")


def S(ids):
    return ("set", set(ids))


def C(n):
    return ("count", n)


def V(v):
    return ("value", v)


def B(v):
    return ("bool", v)


def _argmax(d, cands, key):
    vals = sorted(((key(x), x) for x in cands), reverse=True)
    assert vals[0][0] != vals[1][0]
    return {vals[0][1]}


TYPE_WORDS = {"clubs": "Club", "personal trainers": "Trainer", "corporate partners": "Partner",
              "injury reports": "InjuryReport", "group fitness classes": "Class"}
N = r"(?P<a>[A-Z][\w' -]*?)"
N2 = r"(?P<b>[A-Z][\w' -]*?)"

RULES = [
    (r"^How many (?:different )?(clubs|personal trainers|corporate partners|injury reports|group fitness classes)"
     r"(?: does the chain operate| are on the books| have been filed in total| are offered)?\??$",
     lambda d, m: C(len(d.typ(TYPE_WORDS[m.group(1).lower()])))),
    (r"^Number of (corporate partners)\?$", lambda d, m: C(len(d.typ(TYPE_WORDS[m.group(1)])))),
    (r"clubs have a swimming pool", lambda d, m: C(sum(d.nodes[c]["has_pool"] == "true" for c in d.typ("Club")))),
    (r"have a (\w+) membership status",
     lambda d, m: C(sum(d.nodes[x]["status"] == m.group(1) for x in d.typ("Member")))),
    (r"charge more than \$(\d+) an hour",
     lambda d, m: C(sum(float(d.nodes[x]["hourly_rate"]) > int(m.group(1)) for x in d.typ("Trainer")))),
    (r"reports were classed as (\w+)",
     lambda d, m: C(sum(d.nodes[x]["severity"] == m.group(1) for x in d.typ("InjuryReport")))),
    (r"sessions got cancelled", lambda d, m: C(sum(d.nodes[x]["cancelled"] == "true" for x in d.typ("Session")))),
    (r"clubs opened before (\d{4})", lambda d, m: C(sum(int(d.nodes[x]["opened"][:4]) < int(m.group(1))
                                                        for x in d.typ("Club")))),
    (rf"^How many members belong to {N}\?$", lambda d, m: C(len(d.i(d.id(m["a"]), "MEMBER_OF")))),
    (rf"signed up to the {N} plan$", lambda d, m: C(len(d.i(d.id(m["a"]), "SUBSCRIBES_TO")))),
    (rf"^How many of {N}'s? employees", lambda d, m: C(len(d.i(d.id(m["a"]), "SPONSORED_BY")))),
    (rf"^How many members of {N} are students\?$",
     lambda d, m: C(sum(d.nodes[x]["is_student"] == "true" for x in d.i(d.id(m["a"]), "MEMBER_OF")))),
    (rf"^Which clubs are located in {N}\?$", lambda d, m: S(d.i(d.id(m["a"]), "LOCATED_IN"))),
    (rf"^Who are the trainers at {N}\?$", lambda d, m: S(d.i(d.id(m["a"]), "EMPLOYED_AT"))),
    (rf"^list the equipment stocked at {N}$", lambda d, m: S(d.o(d.id(m["a"]), "STOCKS"))),
    (r"^Which high-intensity classes",
     lambda d, m: S(x for x in d.typ("Class") if d.nodes[x]["intensity"] == "high")),
    (rf"^Show me the members sponsored by {N}$", lambda d, m: S(d.i(d.id(m["a"]), "SPONSORED_BY"))),
    (rf"^who does {N} personally coach\?$", lambda d, m: S(d.o(d.id(m["a"]), "COACHES"))),
    (r"plans don't include classes",
     lambda d, m: S(x for x in d.typ("Plan") if d.nodes[x]["includes_classes"] == "false")),
    (rf"^Who is the mentor of {N}'s mentor\?$",
     lambda d, m: S(y for x in d.mentor(d.id(m["a"])) for y in d.mentor(x))),
    (rf"^which trainers are mentored by someone that {N} mentors$",
     lambda d, m: S(y for x in d.o(d.id(m["a"]), "MENTORS") for y in d.o(x, "MENTORS"))),
    (rf"^Who mentored the trainer that led {N}\?$",
     lambda d, m: S(y for x in d.i(d.id(m["a"]), "LEADS") for y in d.mentor(x))),
    (rf"^In which city is {N}'s home club\?$",
     lambda d, m: S([d.one(d.one(d.id(m["a"]), "MEMBER_OF"), "LOCATED_IN")])),
    (rf"^Which classes has {N} attended\?$",
     lambda d, m: S(d.one(s, "INSTANCE_OF") for s in d.o(d.id(m["a"]), "ATTENDED"))),
    (rf"^Which {N} clubs stock the {N2}\?$",
     lambda d, m: S(c for c in d.i(d.id(m["a"]), "LOCATED_IN") if d.id(m["b"]) in d.o(c, "STOCKS"))),
    (rf"^Which members of {N} have had an injury report",
     lambda d, m: S(x for r in d.typ("InjuryReport") for x in d.o(r, "CONCERNS")
                    if d.one(x, "MEMBER_OF") == d.id(m["a"]))),
    (rf"^In which cities do {N}'s mentees work\?$",
     lambda d, m: S(d.one(d.one(x, "EMPLOYED_AT"), "LOCATED_IN") for x in d.o(d.id(m["a"]), "MENTORS"))),
    (rf"^What membership plans are the members coached by {N} on\?$",
     lambda d, m: S(d.one(x, "SUBSCRIBES_TO") for x in d.o(d.id(m["a"]), "COACHES"))),
    (rf"^Which classes does {N}'s mentor lead sessions of\?$",
     lambda d, m: S(d.one(s, "INSTANCE_OF") for x in d.mentor(d.id(m["a"])) for s in d.o(x, "LEADS"))),
    (rf"^In what city does the mentor of the trainer who ran {N} work\?$",
     lambda d, m: S(d.one(d.one(y, "EMPLOYED_AT"), "LOCATED_IN") for x in d.i(d.id(m["a"]), "LEADS")
                    for y in d.mentor(x))),
    (rf"^Give me the cities where trainers mentored by {N} have led sessions\.$",
     lambda d, m: S(d.one(d.one(s, "HELD_AT"), "LOCATED_IN") for x in d.o(d.id(m["a"]), "MENTORS")
                    for s in d.o(x, "LEADS"))),
    (rf"^who mentors the trainers whose sessions {N} went to\?$",
     lambda d, m: S(y for s in d.o(d.id(m["a"]), "ATTENDED") for x in d.i(s, "LEADS") for y in d.mentor(x))),
    (rf"^What equipment does the club where {N}'s mentor works have in stock\?$",
     lambda d, m: S(e for x in d.mentor(d.id(m["a"])) for e in d.o(d.one(x, "EMPLOYED_AT"), "STOCKS"))),
    (r"^Which club has the largest floor area\?$",
     lambda d, m: S(_argmax(d, d.typ("Club"), lambda c: float(d.nodes[c]["area_m2"])))),
    (r"most expensive trainer per hour",
     lambda d, m: S(_argmax(d, d.typ("Trainer"), lambda t: float(d.nodes[t]["hourly_rate"])))),
    (r"^which club opened first\?$",
     lambda d, m: S(_argmax(d, d.typ("Club"), lambda c: -int(d.nodes[c]["opened"].replace("-", ""))))),
    (r"^Which club has the most members\?$",
     lambda d, m: S(_argmax(d, d.typ("Club"), lambda c: len(d.i(c, "MEMBER_OF"))))),
    (r"coaches the largest number of members",
     lambda d, m: S(_argmax(d, d.typ("Trainer"), lambda t: len(d.o(t, "COACHES"))))),
    (r"scheduled for the most sessions",
     lambda d, m: S(_argmax(d, d.typ("Class"), lambda x: len(d.i(x, "INSTANCE_OF"))))),
    (r"partner sponsors the most members",
     lambda d, m: S(_argmax(d, d.typ("Partner"), lambda x: len(d.i(x, "SPONSORED_BY"))))),
    (r"biggest total number of equipment units",
     lambda d, m: S(_argmax(d, d.typ("Club"), lambda c: sum(int(p["quantity"]) for _, p in d.out[(c, "STOCKS")])))),
    (rf"^Among {N}'s members, who has logged the most visits\?$",
     lambda d, m: S(_argmax(d, d.i(d.id(m["a"]), "MEMBER_OF"), lambda x: int(d.nodes[x]["visits"])))),
    (r"greatest combined floor area",
     lambda d, m: S(_argmax(d, d.typ("City"), lambda x: sum(float(d.nodes[c]["area_m2"])
                                                             for c in d.i(x, "LOCATED_IN"))))),
    (r"total member capacity", lambda d, m: V(sum(int(d.nodes[c]["capacity"]) for c in d.typ("Club")))),
    (r"average monthly fee",
     lambda d, m: V(sum(float(d.nodes[p]["monthly_fee"]) for p in d.typ("Plan")) / len(d.typ("Plan")))),
    (rf"^Average hourly rate of the trainers working at clubs in {N}\?$",
     lambda d, m: V((lambda ts: sum(float(d.nodes[t]["hourly_rate"]) for t in ts) / len(ts))(
         [t for c in d.i(d.id(m["a"]), "LOCATED_IN") for t in d.i(c, "EMPLOYED_AT")]))),
    (rf"^What was the total attendance across all {N} sessions\?$",
     lambda d, m: V(sum(int(d.nodes[s]["attendance"]) for s in d.i(d.id(m["a"]), "INSTANCE_OF")))),
    (rf"^How many {N} units are there in total",
     lambda d, m: V(sum(int(p["quantity"]) for _, p in d.inn[(d.id(m["a"]), "STOCKS")]))),
    (rf"^When did {N} join {N2}\?$",
     lambda d, m: V(next(p["joined"] for c, p in d.out[(d.id(m["a"]), "MEMBER_OF")] if c == d.id(m["b"])))),
    (rf"^how many {N} units does {N2} have$",
     lambda d, m: V(next(int(p["quantity"]) for e, p in d.out[(d.id(m["b"]), "STOCKS")] if e == d.id(m["a"])))),
    (rf"^What kind of contract is {N} on at {N2}\?$",
     lambda d, m: V(next(p["contract"] for c, p in d.out[(d.id(m["a"]), "EMPLOYED_AT")] if c == d.id(m["b"])))),
    (rf"^How many hours a week does {N} work at {N2}\?$",
     lambda d, m: V(next(int(p["weekly_hours"]) for c, p in d.out[(d.id(m["a"]), "EMPLOYED_AT")]
                         if c == d.id(m["b"])))),
    (rf"^What discount percentage does {N} get through {N2}\?$",
     lambda d, m: V(next(int(p["discount_pct"]) for c, p in d.out[(d.id(m["a"]), "SPONSORED_BY")]
                         if c == d.id(m["b"])))),
    (r"condition of needs repair",
     lambda d, m: C(sum(p["condition"] == "needs repair" for (_, et), lst in d.out.items() if et == "STOCKS"
                        for _, p in lst))),
    (r"more than (\d+) sessions booked",
     lambda d, m: C(sum(int(p["sessions_booked"]) > int(m.group(1)) for (_, et), lst in d.out.items()
                        if et == "COACHES" for _, p in lst))),
    (rf"^does {N} have a pool\??$", lambda d, m: B(d.nodes[d.id(m["a"])]["has_pool"] == "true")),
    (rf"^Is {N} employed at {N2}\?$", lambda d, m: B(d.id(m["b"]) in d.o(d.id(m["a"]), "EMPLOYED_AT"))),
    (rf"^Does {N} work at {N2}\?$", lambda d, m: B(d.id(m["b"]) in d.o(d.id(m["a"]), "EMPLOYED_AT"))),
    (rf"^Did {N} mentor {N2}\?$", lambda d, m: B(d.id(m["b"]) in d.o(d.id(m["a"]), "MENTORS"))),
    (rf"^Is {N} the mentor of {N2}\?$", lambda d, m: B(d.id(m["b"]) in d.o(d.id(m["a"]), "MENTORS"))),
    (rf"^Is {N} on the {N2} plan\?$", lambda d, m: B(d.id(m["b"]) in d.o(d.id(m["a"]), "SUBSCRIBES_TO"))),
    (rf"^Has {N} ever attended an? {N2} session\?$",
     lambda d, m: B(any(d.one(s, "INSTANCE_OF") == d.id(m["b"]) for s in d.o(d.id(m["a"]), "ATTENDED")))),
    (rf"^(?:Tell me everything about|give me an overview of|What do we know about the) {N}[.?]?$",
     lambda d, m: S({x for (k, _), lst in d.out.items() if k == d.id(m["a"]) for x, _ in lst}
                    | {x for (k, _), lst in d.inn.items() if k == d.id(m["a"]) for x, _ in lst})),
    (r"^How many node types", lambda d, m: C(d.node_files)),
    (r"kinds of relationship", lambda d, m: C(len(d.etypes))),
    (r"total number of relationships", lambda d, m: C(d.n_edges)),
]
RULES = [(re.compile(p, re.IGNORECASE), f) for p, f in RULES]


def _gold_key(gold):
    if gold["type"] == "set":
        return ("set", set(gold["ids"]))
    return (gold["type"], gold.get("value"))


def _same(expected, got):
    if expected[0] != got[0]:
        return False
    if isinstance(expected[1], float) or isinstance(got[1], float):
        return abs(float(expected[1]) - float(got[1])) <= 0.005 * max(1.0, abs(float(got[1])))
    return expected[1] == got[1]


# ---- tests --------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh(fresh):
    assert _read_lines(os.path.join(fresh, "holdout.jsonl")) == _read_lines(HOLDOUT)


def test_determinism_per_seed(tmp_path, fresh):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        subprocess.run([sys.executable, os.path.join(HERE, "graph.py"), str(out), "--seed", "7"], check=True,
                       capture_output=True)
    files = sorted(os.listdir(a / "fitness_csv"))
    assert files == sorted(os.listdir(b / "fitness_csv"))
    for f in files:
        assert (a / "fitness_csv" / f).read_bytes() == (b / "fitness_csv" / f).read_bytes()
    base = os.path.join(fresh, "fitness_csv")
    assert any(Path(base, f).read_bytes() != (a / "fitness_csv" / f).read_bytes() for f in files)


def test_schema_limits(fresh):
    d = Data(os.path.join(fresh, "fitness_csv"))
    types = {v["_t"] for v in d.nodes.values()}
    assert 8 <= len(types) <= 10
    assert 10 <= len(d.etypes) <= 13
    assert len(d.nodes) >= 2000
    assert d.n_edges <= 20000
    names = [d.name(k).lower() for k in d.nodes]
    blob = "\n".join(names)
    assert all(blob.count(n) == 1 for n in names)
    for path in glob.glob(os.path.join(fresh, "fitness_csv", "nodes_*.csv")):
        head = Path(path).read_text(encoding="utf-8").splitlines()[0]
        assert re.match(r"^\w+:ID\(\w+\),", head) and ":LABEL" in head
    # self-relation and a 4-hop path: session -> trainer -> mentor -> club -> city
    assert any(et == "MENTORS" and s.startswith("Trainer:") for (s, et) in d.out)
    s = next(s for s in d.typ("Session") if any(d.mentor(t) for t in d.i(s, "LEADS")))
    t = d.i(s, "LEADS")[0]
    assert d.one(d.one(d.mentor(t)[0], "EMPLOYED_AT"), "LOCATED_IN").startswith("City:")


def test_question_mix_and_shapes():
    qs = _questions()
    assert 70 <= len(qs) <= 80
    kinds = defaultdict(int)
    for q in qs:
        kinds[q["kind"]] += 1
        g = q["gold"]
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["names"]) == len(g["ids"])
            for n in g["names"]:
                assert n.lower() not in q["question"].lower()
        elif g["type"] in ("count", "value") and isinstance(g["value"], str):
            assert g["value"].lower() not in q["question"].lower()
    assert kinds["multihop"] >= 12 and kinds["yes_no"] == 8 and kinds["unknown"] == 4
    yn = [q["gold"]["value"] for q in qs if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False)
    assert sum(q["hops"] == 4 for q in qs if q["kind"] == "multihop") >= 2


def test_second_method(fresh):
    d = Data(os.path.join(fresh, "fitness_csv"))
    checked = 0
    for q in _questions():
        if q["kind"] == "unknown":
            text = q["question"].lower()
            assert not any(n in text for n in d.byname)
            checked += 1
            continue
        for rx, fn in RULES:
            m = rx.search(q["question"])
            if m:
                got = fn(d, m)
                assert _same(_gold_key(q["gold"]), got), (q["id"], q["question"], got)
                if q["gold"]["type"] == "set":
                    assert q["gold"]["names"] == [d.name(x) for x in q["gold"]["ids"]]
                checked += 1
                break
    assert checked >= 50, checked


def _synthetic(q):
    g = q["gold"]
    t = g["type"]
    if t == "count":
        return f"There are {g['value']}."
    if t == "set":
        return ", ".join(g["names"]) + "."
    if t == "value":
        return f"The answer is {g['value']}."
    if t == "bool":
        return "Yes." if g["value"] else "No."
    return "That entity was not found in the graph."


def test_judge_passes_synthetic_answers():
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    for line in _questions():
        q = Question.from_dict(line) if hasattr(Question, "from_dict") else Question(**line)
        j = judge.judge(q, _synthetic(line))
        assert j.verdict == "PASS", (line["id"], j.reason)
