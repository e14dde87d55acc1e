"""Gold checks for the byog36 hold-out set (electricity grid, Neo4j admin-import CSV with ID spaces).

The committed holdout.jsonl must equal a fresh run of graph.py + questions.py; golds are re-derived here by a
second method (csv module and plain dicts, no networkx, subjects read from the question text with regexes).
"""

from __future__ import annotations

import csv
import filecmp
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


def _run(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog36")
    _run(str(HERE / "graph.py"), str(out))
    _run(str(HERE / "questions.py"), str(out), str(out / "grid_csv"))
    return out


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return [json.loads(line) for line in HOLDOUT.read_text(encoding="utf-8").splitlines() if line.strip()]


# ---- the second method: plain csv parsing -----------------------------------------------------------------------

class Data:
    def __init__(self, folder: Path):
        self.nodes: dict[str, dict] = {}
        self.group: dict[str, str] = {}
        self.name: dict[str, str] = {}
        self.edges: list[tuple[str, str, str, dict]] = []
        self.headers: dict[str, list[str]] = {}
        for path in sorted(folder.glob("*.csv")):
            with open(path, newline="", encoding="utf-8") as fh:
                reader = csv.reader(fh)
                header = next(reader)
                rows = list(reader)
            self.headers[path.name] = header
            ids = [h for h in header if re.search(r":ID\(\w+\)$", h)]
            if ids:
                col = header.index(ids[0])
                grp = re.search(r":ID\((\w+)\)", ids[0]).group(1)
                for row in rows:
                    rec = {}
                    for h, v in zip(header, row, strict=True):
                        if h == ids[0] or h == ":LABEL":
                            continue
                        nm, kind = h.split(":")
                        rec[nm] = self.conv(kind, v)
                    gid = f"{grp}:{row[col]}"
                    rec[":LABEL"] = row[header.index(":LABEL")]
                    self.nodes[gid] = rec
                    self.group[gid] = grp
                    self.name[gid] = rec.get("name") or rec.get("title") or f"{rec['first_name']} {rec['last_name']}"
            else:
                sg = header[0][len(":START_ID("):-1]
                dg = header[1][len(":END_ID("):-1]
                for row in rows:
                    props = {h.split(":")[0]: self.conv(h.split(":")[1], v) for h, v in zip(header[3:], row[3:],
                                                                                           strict=True)}
                    self.edges.append((f"{sg}:{row[0]}", row[2], f"{dg}:{row[1]}", props))
        self.by_name = {v: k for k, v in self.name.items()}
        self.o: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.i: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        for s, t, d, p in self.edges:
            self.o[(s, t)].append((d, p))
            self.i[(d, t)].append((s, p))

    @staticmethod
    def conv(kind: str, v: str):
        return {"int": int, "float": float, "boolean": lambda x: x == "true"}.get(kind, str)(v)

    def of(self, grp: str) -> list[str]:
        return [n for n in self.nodes if self.group[n] == grp]

    def id(self, name: str) -> str:
        return self.by_name[name.strip()]

    def out(self, n: str, t: str) -> set[str]:
        return {d for d, _ in self.o[(n, t)]}

    def inn(self, n: str, t: str) -> set[str]:
        return {s for s, _ in self.i[(n, t)]}

    def hop(self, ns: set[str], t: str, direction: str) -> set[str]:
        res: set[str] = set()
        for n in ns:
            res |= self.out(n, t) if direction == ">" else self.inn(n, t)
        return res

    def chain(self, n: str, spec: str) -> set[str]:
        """'>WORKED_ON >SERVICES <LOCATED_IN' walks from n."""
        cur = {n}
        for step in spec.split():
            cur = self.hop(cur, step[1:], step[0])
        return cur

    def best(self, items, score, high=True) -> set[str]:
        vals = {n: score(n) for n in items}
        top = max(vals.values()) if high else min(vals.values())
        winners = {n for n, v in vals.items() if v == top}
        assert len(winners) == 1, "tie in a superlative"
        return winners

    def eprop(self, s: str, t: str, d: str) -> dict:
        hits = [p for x, p in self.o[(s, t)] if x == d]
        assert len(hits) == 1
        return hits[0]


@pytest.fixture(scope="module")
def data(fresh) -> Data:
    return Data(fresh / "grid_csv")


def _cnt(v):
    return ("count", v)


def _set(ids):
    return ("set", set(ids))


def _val(v):
    return ("value", v)


def _bool(v):
    return ("bool", v)


def _avg(xs):
    xs = list(xs)
    return sum(xs) / len(xs)


def _patterns(D: Data):
    """(regex, function of the match -> expected (type, value)) — read from the question's own words."""
    P = D.nodes
    plants, subs, lines, engs = D.of("Plant"), D.of("Substation"), D.of("Line"), D.of("Engineer")
    outs, wos, custs, regs = D.of("Outage"), D.of("WorkOrder"), D.of("Customer"), D.of("Region")
    n = D.id
    return [
        (r"^How many substations does the grid have\?$", lambda m: _cnt(len(subs))),
        (r"^number of field engineers on record$", lambda m: _cnt(len(engs))),
        (r"^How many large industrial customers are there$", lambda m: _cnt(len(custs))),
        (r"^Count the transmission lines in the network\.$", lambda m: _cnt(len(lines))),
        (r"^how many outages or faults have been logged\?$", lambda m: _cnt(len(outs))),
        (r"^How many (\w+)-powered plants are there\?$",
         lambda m: _cnt(sum(P[p]["fuel"] == m[1] for p in plants))),
        (r"^how many substations are automated$", lambda m: _cnt(sum(P[s]["automated"] for s in subs))),
        (r"engineers hold a certification\?$", lambda m: _cnt(sum(P[e]["certified"] for e in engs))),
        (r"^How many faults were caused by (\w+)s\?$", lambda m: _cnt(sum(P[o]["cause"] == m[1] for o in outs))),
        (r"^Count of (\w+)-priority work orders$", lambda m: _cnt(sum(P[w]["priority"] == m[1] for w in wos))),
        (r"interruptible contracts\?$", lambda m: _cnt(sum(P[c]["interruptible"] for c in custs))),
        (r"^How many generating plants were commissioned before (\d{4})\?$",
         lambda m: _cnt(sum(int(P[p]["commissioned"][:4]) < int(m[1]) for p in plants))),
        (r"^how many outages affected more than (\d+) customers$",
         lambda m: _cnt(sum(P[o]["customers_affected"] > int(m[1]) for o in outs))),
        (r"^How many lines are longer than (\d+) km\?$",
         lambda m: _cnt(sum(P[x]["length_km"] > float(m[1]) for x in lines))),
        (r"^How many substations sit in the (.+) zone\?$", lambda m: _cnt(len(D.inn(n(m[1]), "LOCATED_IN")))),
        (r"^Which substations are located in (.+)\?$", lambda m: _set(D.inn(n(m[1]), "LOCATED_IN"))),
        (r"^list the lines that terminate at (.+)$", lambda m: _set(D.inn(n(m[1]), "TERMINATES_AT"))),
        (r"^Show me the meters installed at (.+)\.$", lambda m: _set(D.inn(n(m[1]), "INSTALLED_AT"))),
        (r"^who worked on the (.+) work order\?$", lambda m: _set(D.inn(n(m[1]), "WORKED_ON"))),
        (r"^Which industrial customers take supply from (.+)\?$", lambda m: _set(D.inn(n(m[1]), "SUPPLIED_FROM"))),
        (r"^Give me the regions that (.+) operates$", lambda m: _set(D.out(n(m[1]), "CONTROLS"))),
        (r"^What lines went down in the (.+)\?$", lambda m: _set(D.out(n(m[1]), "TRIPPED"))),
        (r"^Who is the backup of (.+)'s backup\?$", lambda m: _set(D.chain(n(m[1]), "<BACKS_UP <BACKS_UP"))),
        (r"^(.+) is the designated backup for a few colleagues\.",
         lambda m: _set(D.chain(n(m[1]), ">BACKS_UP >BACKS_UP"))),
        (r"^which work orders has the engineer who backs up (.+) worked on$",
         lambda m: _set(D.chain(n(m[1]), "<BACKS_UP >WORKED_ON"))),
        (r"^Who are the backups of the crew that worked on (.+)\?$",
         lambda m: _set(D.chain(n(m[1]), "<WORKED_ON <BACKS_UP"))),
        (r"^In which regions has (.+) carried out work orders\?$",
         lambda m: _set(D.chain(n(m[1]), ">WORKED_ON >SERVICES >LOCATED_IN"))),
        (r"^Which grid operators control the regions where (.+) gets its supply\?$",
         lambda m: _set(D.chain(n(m[1]), ">SUPPLIED_FROM >LOCATED_IN <CONTROLS"))),
        (r"^(Meter \d+): which utility controls",
         lambda m: _set(D.chain(n(m[1]), ">INSTALLED_AT >SUPPLIED_FROM >LOCATED_IN <CONTROLS"))),
        (r"outages that (.+)'s work orders responded to$",
         lambda m: _set(D.chain(n(m[1]), ">WORKED_ON >RESPONDS_TO >TRIPPED >TERMINATES_AT"))),
        (r"^(.+)'s backup has done jobs at various substations\.",
         lambda m: _set(D.chain(n(m[1]), "<BACKS_UP >WORKED_ON >SERVICES >LOCATED_IN"))),
        (r"^Which engineers have worked on jobs at the substation that (.+) connects to\?$",
         lambda m: _set(D.chain(n(m[1]), ">CONNECTS_TO <SERVICES <WORKED_ON"))),
        (r"^what outages hit lines ending at (.+)$", lambda m: _set(D.chain(n(m[1]), "<TERMINATES_AT <TRIPPED"))),
        (r"^Which power plants are hooked up to substations in the (.+) region\?$",
         lambda m: _set(D.chain(n(m[1]), "<LOCATED_IN <CONNECTS_TO"))),
        (r"^List the work orders raised in response to faults on the (.+)\.$",
         lambda m: _set(D.chain(n(m[1]), "<TRIPPED <RESPONDS_TO"))),
        (r"^Which meters sit at customers fed from (.+)\?$",
         lambda m: _set(D.chain(n(m[1]), "<SUPPLIED_FROM <INSTALLED_AT"))),
        (r"^Which power plant has the largest nameplate capacity\?$",
         lambda m: _set(D.best(plants, lambda p: P[p]["capacity_mw"]))),
        (r"^What's the oldest substation, by commissioning date\?$",
         lambda m: _set(D.best(subs, lambda s: P[s]["commissioned"], high=False))),
        (r"^longest transmission line\?$", lambda m: _set(D.best(lines, lambda x: P[x]["length_km"]))),
        (r"^Which field engineer has been on the most work orders\?$",
         lambda m: _set(D.best(engs, lambda e: len(D.out(e, "WORKED_ON"))))),
        (r"^Which region contains the greatest number of substations\?$",
         lambda m: _set(D.best(regs, lambda r: len(D.inn(r, "LOCATED_IN"))))),
        (r"^Who has logged the most hours in total",
         lambda m: _set(D.best(engs, lambda e: round(sum(p["hours"] for _, p in D.o[(e, "WORKED_ON")]), 6)))),
        (r"^Among the plants (.+) has a stake in, which one has the highest capacity\?$",
         lambda m: _set(D.best(D.out(n(m[1]), "OWNS"), lambda p: P[p]["capacity_mw"]))),
        (r"^Of the substations in (.+), which was commissioned most recently\?$",
         lambda m: _set(D.best(D.inn(n(m[1]), "LOCATED_IN"), lambda s: P[s]["commissioned"]))),
        (r"^Which of (.+)'s work orders cost the most\?$",
         lambda m: _set(D.best(D.out(n(m[1]), "WORKED_ON"), lambda w: P[w]["cost_usd"]))),
        (r"^which industrial customer has the biggest contracted demand$",
         lambda m: _set(D.best(custs, lambda c: P[c]["contract_mw"]))),
        (r"^What is the total installed capacity of all (\w+) plants, in MW\?$",
         lambda m: _val(sum(P[p]["capacity_mw"] for p in plants if P[p]["fuel"] == m[1]))),
        (r"^average length of the underground lines \(km\)$",
         lambda m: _val(_avg(P[x]["length_km"] for x in lines if P[x]["underground"]))),
        (r"^What's the combined capacity of every plant that (.+) holds a stake in\?$",
         lambda m: _val(sum(P[p]["capacity_mw"] for p in D.out(n(m[1]), "OWNS")))),
        (r"^On average, how many hours did (\w+) outages last\?$",
         lambda m: _val(_avg(P[o]["duration_h"] for o in outs if P[o]["cause"] == m[1]))),
        (r"^How much did the work orders at (.+) cost altogether, in dollars\?$",
         lambda m: _val(sum(P[w]["cost_usd"] for w in D.inn(n(m[1]), "SERVICES")))),
        (r"^What percentage stake does (.+?) hold in (.+)\?$",
         lambda m: _val(D.eprop(n(m[1]), "OWNS", n(m[2]))["stake_pct"])),
        (r"^how many hours did (.+?) log on (.+)$",
         lambda m: _val(D.eprop(n(m[1]), "WORKED_ON", n(m[2]))["hours"])),
        (r"^What role did (.+?) play on the (.+) job\?$",
         lambda m: _val(D.eprop(n(m[1]), "WORKED_ON", n(m[2]))["role"])),
        (r"^How much load \(MW\) was lost on (.+?) during the (.+)\?$",
         lambda m: _val(D.eprop(n(m[2]), "TRIPPED", n(m[1]))["load_lost_mw"])),
        (r"^When did (.+?) acquire its share of (.+)\?$",
         lambda m: _val(D.eprop(n(m[1]), "OWNS", n(m[2]))["acquired"])),
        (r"^How many work-order assignments were in an? (\w+) capacity\?$",
         lambda m: _cnt(sum(1 for _, t, _, p in D.edges if t == "WORKED_ON" and p["role"] == m[1]))),
        (r"^how many customer supply connections are non-firm$",
         lambda m: _cnt(sum(1 for _, t, _, p in D.edges if t == "SUPPLIED_FROM" and not p["firm"]))),
        (r"^Is (.+) a renewable plant\?$", lambda m: _bool(P[n(m[1])]["renewable"])),
        (r"^Does (.+?) back up (.+)\?$", lambda m: _bool(n(m[2]) in D.out(n(m[1]), "BACKS_UP"))),
        (r"^does (.+?) act as backup for (.+)$", lambda m: _bool(n(m[2]) in D.out(n(m[1]), "BACKS_UP"))),
        (r"^Is (.+?) in the (.+) region\?$", lambda m: _bool(n(m[2]) in D.out(n(m[1]), "LOCATED_IN"))),
        (r"^(.+?) is located in (.+), right\?$", lambda m: _bool(n(m[2]) in D.out(n(m[1]), "LOCATED_IN"))),
        (r"^Did (.+?) work on (.+)\?$", lambda m: _bool(n(m[2]) in D.out(n(m[1]), "WORKED_ON"))),
        (r"^Is (.+?) supplied from (.+)\?$", lambda m: _bool(n(m[2]) in D.out(n(m[1]), "SUPPLIED_FROM"))),
        (r"^is the (.+) an underground cable\?$", lambda m: _bool(P[n(m[1])]["underground"])),
        (r"^(?:Tell me everything about (.+)\.|what do we know about (.+)\?|Give me the full picture on (.+))$",
         lambda m: _set(_neighbours(D, n(m[1] or m[2] or m[3])))),
        (r"^How many different node types does this graph have\?$", lambda m: _cnt(len(set(D.group.values())))),
        (r"^how many kinds of relationship are there", lambda m: _cnt(len({t for _, t, _, _ in D.edges}))),
        (r"^What's the total number of entities in the graph\?$", lambda m: _cnt(len(D.nodes))),
    ]


def _neighbours(D: Data, x: str) -> set[str]:
    return {d for s, _, d, _ in D.edges if s == x} | {s for s, _, d, _ in D.edges if d == x}


UNKNOWN_RE = re.compile(r"(?:capacity of|backs up|terminate at|installed at) (.+?)\??$")


# ---- tests ---------------------------------------------------------------------------------------------------------

def test_committed_equals_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")


def test_deterministic_per_seed(tmp_path, fresh):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    _run(str(HERE / "graph.py"), str(a), "--seed", "7")
    _run(str(HERE / "graph.py"), str(b), "--seed", "7")
    _run(str(HERE / "graph.py"), str(c), "--seed", "8")
    names = sorted(p.name for p in (a / "grid_csv").glob("*.csv"))
    assert names == sorted(p.name for p in (fresh / "grid_csv").glob("*.csv"))
    match, mismatch, errors = filecmp.cmpfiles(a / "grid_csv", b / "grid_csv", names, shallow=False)
    assert match == names and not mismatch and not errors
    _, diff, _ = filecmp.cmpfiles(a / "grid_csv", c / "grid_csv", names, shallow=False)
    assert diff  # another seed, another graph


def test_schema_limits(data):
    D = data
    groups = Counter(D.group.values())
    etypes = Counter(t for _, t, _, _ in D.edges)
    assert 8 <= len(groups) <= 10 and 10 <= len(etypes) <= 13
    assert len(D.nodes) >= 2000 and len(D.edges) <= 20000
    # ID spaces: every node file declares :ID(<Group>), ids repeat across groups, the label is present
    for fname, header in D.headers.items():
        if any(":ID(" in h for h in header):
            assert re.fullmatch(r"\w+Id:ID\(\w+\)", header[0]) and ":LABEL" in header, fname
            assert all(h == ":LABEL" or re.fullmatch(r"\w+:(string|int|float|date|boolean)", h)
                       for h in header[1:]), fname
        else:
            assert re.fullmatch(r":START_ID\(\w+\)", header[0]) and re.fullmatch(r":END_ID\(\w+\)", header[1])
            assert header[2] == ":TYPE"
    assert {"Plant:17", "Substation:17", "Engineer:17", "Line:17"} <= set(D.nodes)
    # a directed self-relation without 2-cycles
    backs = {(s, d) for s, t, d, _ in D.edges if t == "BACKS_UP"}
    assert backs and all(D.group[s] == D.group[d] == "Engineer" for s, d in backs)
    assert not any((d, s) in backs for s, d in backs)
    # edge types with properties, and every attribute kind
    with_props = {t for _, t, _, p in D.edges if p}
    assert len(with_props) >= 3
    kinds = {h.split(":")[1] for hs in D.headers.values() for h in hs if ":" in h and not h.startswith(":")
             and "(" not in h}
    assert {"int", "float", "date", "boolean", "string"} <= kinds
    # display names unique, none inside another (word boundaries)
    norm = {k: " ".join(re.findall(r"\w+", v.lower())) for k, v in D.name.items()}
    assert len(set(norm.values())) == len(norm)
    full = set(norm.values())
    for v in norm.values():
        toks = v.split()
        subs = {" ".join(toks[i:j]) for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)} - {v}
        assert not subs & full, v
    # people have first and last names
    assert all(D.nodes[e]["first_name"] and D.nodes[e]["last_name"] for e in D.of("Engineer"))
    # a 4-hop path exists
    assert any(D.chain(m, ">INSTALLED_AT >SUPPLIED_FROM >LOCATED_IN <CONTROLS") for m in D.of("Meter"))


def test_question_mix_and_shapes(questions, data):
    assert 70 <= len(questions) <= 80
    assert [q["id"] for q in questions] == [f"byog36-{i:02d}" for i in range(1, len(questions) + 1)]
    kinds = Counter(q["kind"] for q in questions)
    assert kinds == {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
                     "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}
    yn = [q["gold"]["value"] for q in questions if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False) == 4
    assert sum(1 for q in questions if q["kind"] == "multihop" and q["hops"] == 4) >= 2
    assert all(2 <= q["hops"] <= 4 for q in questions if q["kind"] == "multihop")
    for q in questions:
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        g, low = q["gold"], q["question"].lower()
        assert g["type"] in {"count", "set", "value", "bool", "none"}
        if g["type"] == "set":
            assert set(g) == {"type", "ids", "names"} and 1 <= len(g["ids"]) <= 12
            assert len(set(g["ids"])) == len(g["ids"])
            assert [data.name[i] for i in g["ids"]] == g["names"]
            for nm in g["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", low), q["id"]
        elif g["type"] == "count":
            assert isinstance(g["value"], int) and g["value"] > 0
            assert str(g["value"]) not in low
        elif g["type"] == "value":
            assert str(g["value"]).lower() not in low
        elif g["type"] == "bool":
            assert isinstance(g["value"], bool)
        else:
            assert set(g) == {"type"}


def test_golds_rederived_by_second_method(questions, data):
    patterns = [(re.compile(rx), fn) for rx, fn in _patterns(data)]
    checked = 0
    for q in questions:
        text, gold = q["question"], q["gold"]
        if q["kind"] == "unknown":
            m = UNKNOWN_RE.search(text)
            assert m and m[1] not in data.by_name and gold == {"type": "none"}, q["id"]
            checked += 1
            continue
        hits = [(rx.search(text), fn) for rx, fn in patterns if rx.search(text)]
        assert len(hits) == 1, (q["id"], len(hits))
        kind, expected = hits[0][1](hits[0][0])
        assert gold["type"] == kind, q["id"]
        if kind == "set":
            assert set(gold["ids"]) == expected, q["id"]
        elif kind == "value" and not isinstance(expected, str):
            assert gold["value"] == pytest.approx(expected, rel=1e-6, abs=0.006), q["id"]
        else:
            assert gold["value"] == expected, q["id"]
        checked += 1
    assert checked >= 50


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


def test_records_load_and_synthetic_answers_pass(questions):
    judge = StructuredJudge()
    for raw in questions:
        q = Question.from_dict(raw)
        assert q.id == raw["id"] and q.gold == raw["gold"]
        verdict = judge.judge(q, _synthetic(raw["gold"]))
        assert verdict.verdict == "PASS", (raw["id"], verdict.reason)
