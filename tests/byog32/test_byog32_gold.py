"""byog32 hold-out: reproducibility, schema limits, golds re-derived by a second method, judge round-trip.

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
COMMITTED = HERE / "holdout.jsonl"
KIND_RANGES = {"count": (4, 6), "filtered_count": (8, 12), "list": (6, 9), "multihop": (12, 16),
               "superlative": (9, 11), "aggregate": (4, 6), "edge_property": (6, 8), "yes_no": (8, 8),
               "portfolio": (3, 3), "unknown": (4, 4), "global": (2, 3)}


def _run(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("byog32")
    _run(str(HERE / "graph.py"), str(out))
    _run(str(HERE / "questions.py"), str(out), str(out / "soc_csv"))
    return out


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return [json.loads(line) for line in COMMITTED.read_text(encoding="utf-8").splitlines() if line.strip()]


# ---- an independent reader --------------------------------------------------------------------------------------


class Soc:
    def __init__(self, folder: Path) -> None:
        self.node: dict[str, dict[str, str]] = {}
        self.headers: dict[str, list[str]] = {}
        self.rel: dict[str, list[tuple[str, str, dict[str, str]]]] = defaultdict(list)
        for path in sorted(folder.iterdir()):
            with path.open(newline="", encoding="utf-8") as fh:
                reader = csv.reader(fh)
                head = next(reader)
                self.headers[path.name] = head
                keys = [h.split(":")[0] or h for h in head]
                for row in reader:
                    rec = dict(zip(keys, row, strict=True))
                    if head[0] == ":START_ID":
                        self.rel[rec[":TYPE"]].append((rec[":START_ID"], rec[":END_ID"], rec))
                    else:
                        rec["_id"] = row[0]
                        rec["_name"] = rec.get("name") or rec.get("title") or f"{rec['first_name']} {rec['last_name']}"
                        self.node[row[0]] = rec
        self.id_of = {r["_name"].lower(): i for i, r in self.node.items()}

    def label(self, lab: str) -> list[str]:
        return [i for i, r in self.node.items() if r[":LABEL"] == lab]

    def who(self, name: str) -> str:
        return self.id_of[name.strip().lower()]

    def fwd(self, i: str, t: str, **eq: str) -> list[str]:
        return [d for s, d, e in self.rel[t] if s == i and all(e[k] == v for k, v in eq.items())]

    def back(self, i: str, t: str, **eq: str) -> list[str]:
        return [s for s, d, e in self.rel[t] if d == i and all(e[k] == v for k, v in eq.items())]

    def fwd_all(self, ids, t: str) -> set[str]:
        ids = set(ids)
        return {d for s, d, _ in self.rel[t] if s in ids}

    def back_all(self, ids, t: str) -> set[str]:
        ids = set(ids)
        return {s for s, d, _ in self.rel[t] if d in ids}

    def e(self, s: str, t: str, d: str) -> dict[str, str] | None:
        return next((x for a, b, x in self.rel[t] if a == s and b == d), None)


def S(ids) -> dict:
    return {"type": "set", "ids": sorted(set(ids))}


def C(n: int) -> dict:
    return {"type": "count", "value": n}


def V(v) -> dict:
    return {"type": "value", "value": v}


def B(v: bool) -> dict:
    return {"type": "bool", "value": v}


def _top(scores: dict[str, float]) -> list[str]:
    best = max(scores.values())
    return [k for k, v in scores.items() if v == best]


def _avg(xs) -> float:
    xs = list(xs)
    return sum(xs) / len(xs)


def handlers(g: Soc):
    n = g.node
    lab = g.label
    w = g.who
    def true(x):
        return x == "true"
    return [
        (r"^How many hosts are in the inventory\?$", lambda m: C(len(lab("Host")))),
        (r"^how many threat actors do we track$", lambda m: C(len(lab("ThreatActor")))),
        (r"^Number of CVEs on record\?$", lambda m: C(len(lab("Vulnerability")))),
        (r"^What's the total number of SOC analysts\?$", lambda m: C(len(lab("Analyst")))),
        (r"^How many security incidents", lambda m: C(len(lab("Incident")))),
        (r"^How many hosts don't have EDR", lambda m: C(sum(n[h]["edr_installed"] == "false" for h in lab("Host")))),
        (r"rated severity (\d)$", lambda m: C(sum(n[i]["severity"] == m[1] for i in lab("Incident")))),
        (r"CVSS score above ([\d.]+)\.$",
         lambda m: C(sum(float(n[v]["cvss"]) > float(m[1]) for v in lab("Vulnerability")))),
        (r"detected during (\d{4})\?$", lambda m: C(sum(n[i]["detected"].startswith(m[1]) for i in lab("Incident")))),
        (r"malware strains are (\w+)\?$", lambda m: C(sum(n[x]["family"] == m[1] for x in lab("Malware")))),
        (r"^how many machines run (.+)$", lambda m: C(sum(n[h]["os"] == m[1] for h in lab("Host")))),
        (r"analysts work the (\w+) shift\?$", lambda m: C(sum(n[a]["shift"] == m[1] for a in lab("Analyst")))),
        (r"applications are classed as (\w+)\?$",
         lambda m: C(sum(n[a]["criticality"] == m[1] for a in lab("Application")))),
        (r"^How many (\w+) department accounts lack MFA\?$",
         lambda m: C(sum(n[a]["department"] == m[1] and n[a]["mfa_enabled"] == "false" for a in lab("Account")))),
        (r"threat actors that are still active\?$", lambda m: C(sum(true(n[t]["active"]) for t in lab("ThreatActor")))),
        # list
        (r"^Which malware does (.+) use\?$", lambda m: S(g.fwd(w(m[1]), "USES"))),
        (r"^list the CVEs that (.+) abuses$", lambda m: S(g.fwd(w(m[1]), "EXPLOITS"))),
        (r"^Who worked on the (.+) incident\?$", lambda m: S(g.fwd(w(m[1]), "ASSIGNED_TO"))),
        (r"^show me the applications hit by incident (.+)$", lambda m: S(g.fwd(w(m[1]), "IMPACTED"))),
        (r"^Which hosts has (.+) signed in to\?$", lambda m: S(g.fwd(w(m[1]), "LOGGED_INTO"))),
        (r"^Give me the tier (\d) analysts who work the (\w+) shift$",
         lambda m: S(a for a in lab("Analyst") if n[a]["tier"] == m[1] and n[a]["shift"] == m[2])),
        (r"^Which threat actors with origin (\w+) are driven by (\w+)\?$",
         lambda m: S(t for t in lab("ThreatActor") if n[t]["origin"] == m[1] and n[t]["motivation"] == m[2])),
        # multihop
        (r"^Who sits two levels above (.+) in the escalation chain\?$",
         lambda m: S(g.fwd_all(g.fwd(w(m[1]), "ESCALATED_TO"), "ESCALATED_TO"))),
        (r"^which analysts escalate to someone who in turn escalates to (.+)$",
         lambda m: S(g.back_all(g.back(w(m[1]), "ESCALATED_TO"), "ESCALATED_TO"))),
        (r"^Which analysts escalate to the lead analyst on the (.+) incident\?$",
         lambda m: S(g.back_all(g.fwd(w(m[1]), "ASSIGNED_TO", role="lead"), "ESCALATED_TO"))),
        (r"^Who do the analysts working (.+) escalate to\?$",
         lambda m: S(g.fwd_all(g.fwd(w(m[1]), "ASSIGNED_TO"), "ESCALATED_TO"))),
        (r"^Which threat actors are blamed for incidents that hit (.+)\?$",
         lambda m: S(g.fwd_all(g.back(w(m[1]), "IMPACTED"), "ATTRIBUTED_TO"))),
        (r"^what applications run on hosts where (.+) has been found, patched or not\?$",
         lambda m: S(g.fwd_all(g.back(w(m[1]), "AFFECTED_BY"), "RUNS"))),
        (r"^Which malware strains exploit vulnerabilities found on (.+)\?$",
         lambda m: S(g.back_all(g.fwd(w(m[1]), "AFFECTED_BY"), "EXPLOITS"))),
        (r"^which data centres hold the hosts that (.+) logs into$",
         lambda m: S(g.fwd_all(g.fwd(w(m[1]), "LOGGED_INTO"), "HOSTED_AT"))),
        (r"^Which sites housed the machines that raised alerts for incident (.+)\?$",
         lambda m: S(g.fwd_all(g.fwd_all(g.back(w(m[1]), "PART_OF"), "RAISED_ON"), "HOSTED_AT"))),
        (r"^List the user accounts that logged into hosts with alerts tied to the (.+) incident$",
         lambda m: S(g.back_all(g.fwd_all(g.back(w(m[1]), "PART_OF"), "RAISED_ON"), "LOGGED_INTO"))),
        (r"^Which CVEs are exploited by malware used by the actor behind (.+)\?$",
         lambda m: S(g.fwd_all(g.fwd_all(g.fwd(w(m[1]), "ATTRIBUTED_TO"), "USES"), "EXPLOITS"))),
        (r"^Which data centres have hosts with an unpatched CVE that (.+)'s malware exploits\?$",
         lambda m: S(g.fwd_all({s for s, d, e in g.rel["AFFECTED_BY"] if e["patched"] == "false"
                                and d in g.fwd_all(g.fwd(w(m[1]), "USES"), "EXPLOITS")}, "HOSTED_AT"))),
        (r"^which threat actors use malware that turned up in incidents (.+) was assigned to\?$",
         lambda m: S(g.back_all(g.fwd_all(g.back(w(m[1]), "ASSIGNED_TO"), "INVOLVED"), "USES"))),
        (r"handled by analysts who escalate to (.+)\?$",
         lambda m: S(g.fwd_all(g.fwd_all(g.back_all(g.back(w(m[1]), "ESCALATED_TO"), "ASSIGNED_TO"),
                                         "ATTRIBUTED_TO"), "USES"))),
        # superlative
        (r"^Which vulnerability has the highest CVSS score\?$",
         lambda m: S(_top({v: float(n[v]["cvss"]) for v in lab("Vulnerability")}))),
        (r"best-paid analyst by hourly rate$",
         lambda m: S(_top({a: float(n[a]["hourly_rate"]) for a in lab("Analyst")}))),
        (r"^Which host was commissioned earliest\?$",
         lambda m: S([min(lab("Host"), key=lambda h: n[h]["commissioned"])])),
        (r"^Which host has raised the most alerts\?$",
         lambda m: S(_top(Counter(d for _, d, _ in g.rel["RAISED_ON"])))),
        (r"most incidents pinned on them\?$", lambda m: S(_top(Counter(d for _, d, _ in g.rel["ATTRIBUTED_TO"])))),
        (r"most hours in total across their incident assignments\?$",
         lambda m: S(_top(_sum_by(g.rel["ASSIGNED_TO"], "hours")))),
        (r"greatest total downtime from incidents$", lambda m: S(_top(_sum_by(g.rel["IMPACTED"], "downtime_hours")))),
        (r"^Among the hosts at (.+), which one has the most RAM\?$",
         lambda m: S(_top({h: float(n[h]["ram_gb"]) for h in g.back(w(m[1]), "HOSTED_AT")}))),
        (r"^Of the incidents blamed on (.+), which was the costliest\?$",
         lambda m: S(_top({i: float(n[i]["cost_estimate"]) for i in g.back(w(m[1]), "ATTRIBUTED_TO")}))),
        (r"^of the hosts (.+) logs into, which has the most vulnerability findings\?$",
         lambda m: S(_top({h: len(g.fwd(h, "AFFECTED_BY")) for h in g.fwd(w(m[1]), "LOGGED_INTO")}))),
        # aggregate
        (r"total estimated cost of the incidents credited to (.+)\?$",
         lambda m: V(sum(float(n[i]["cost_estimate"]) for i in g.back(w(m[1]), "ATTRIBUTED_TO")))),
        (r"^average cvss of the vulnerabilities targeted by (.+)$",
         lambda m: V(_avg(float(n[v]["cvss"]) for v in g.fwd(w(m[1]), "EXPLOITS")))),
        (r"mean RAM, in GB, of the hosts located at (.+)\?$",
         lambda m: V(_avg(float(n[h]["ram_gb"]) for h in g.back(w(m[1]), "HOSTED_AT")))),
        (r"every application disrupted by (.+)\?$",
         lambda m: V(sum(float(e["downtime_hours"]) for s, _, e in g.rel["IMPACTED"] if s == w(m[1])))),
        (r"combined user count of all (\w+) applications\?$",
         lambda m: V(sum(int(n[a]["user_count"]) for a in lab("Application") if n[a]["criticality"] == m[1]))),
        # edge properties
        (r"^What role did (.+) play on the (.+) incident\?$",
         lambda m: V(g.e(w(m[2]), "ASSIGNED_TO", w(m[1]))["role"])),
        (r"^When was (.+) first detected on (.+)\?$", lambda m: V(g.e(w(m[2]), "AFFECTED_BY", w(m[1]))["detected"])),
        (r"^how many sessions has (.+) had on (.+)$",
         lambda m: V(int(g.e(w(m[1]), "LOGGED_INTO", w(m[2]))["sessions"]))),
        (r"^how confident are we that (.+) was behind (.+)\?$",
         lambda m: V(g.e(w(m[2]), "ATTRIBUTED_TO", w(m[1]))["confidence"])),
        (r"^How many hours of downtime did the (.+) incident cause for (.+)\?$",
         lambda m: V(float(g.e(w(m[1]), "IMPACTED", w(m[2]))["downtime_hours"]))),
        (r"findings are still unpatched\?$", lambda m: C(sum(e["patched"] == "false" for *_, e in g.rel["AFFECTED_BY"]))),
        (r"assignments had the analyst acting as (\w+)$",
         lambda m: C(sum(e["role"] == m[1] for *_, e in g.rel["ASSIGNED_TO"]))),
        # yes/no
        (r"^Does (.+) deploy (.+)\?$", lambda m: B(w(m[2]) in g.fwd(w(m[1]), "USES"))),
        (r"^is (.+) part of (.+)'s toolkit\?$", lambda m: B(w(m[1]) in g.fwd(w(m[2]), "USES"))),
        (r"^Is (.+) located in (.+)\?$", lambda m: B(w(m[2]) in g.fwd(w(m[1]), "HOSTED_AT"))),
        (r"^is (.+) housed at (.+)$", lambda m: B(w(m[2]) in g.fwd(w(m[1]), "HOSTED_AT"))),
        (r"^Did (.+) work on the (.+) incident\?$", lambda m: B(w(m[1]) in g.fwd(w(m[2]), "ASSIGNED_TO"))),
        (r"^Does (.+) hand escalations to (.+)\?$", lambda m: B(w(m[2]) in g.fwd(w(m[1]), "ESCALATED_TO"))),
        (r"^Is (.+) known to be exploited in the wild\?$", lambda m: B(n[w(m[1])]["exploited"] == "true")),
        (r"^Has (.+) got EDR installed\?$", lambda m: B(n[w(m[1])]["edr_installed"] == "true")),
        # portfolio
        (r"^(?:Tell me everything about the (.+) malware\.|give me the full picture on (.+)|What do we know about "
         r"(.+)\?)$", lambda m: S(_neighbours(g, w(m[1] or m[2] or m[3])))),
        # global
        (r"different types of entities", lambda m: C(len({r[":LABEL"] for r in n.values()}))),
        (r"kinds of relationship", lambda m: C(len(g.rel))),
        (r"kind of entity is the most common", lambda m: V(Counter(r[":LABEL"] for r in n.values()).most_common(1)[0][0])),
    ]


def _sum_by(rows, key: str) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for _, d, e in rows:
        out[d] += float(e[key])
    return out


def _neighbours(g: Soc, i: str) -> set[str]:
    out = set()
    for rows in g.rel.values():
        for s, d, _ in rows:
            if s == i:
                out.add(d)
            if d == i:
                out.add(s)
    return out


def _same(gold: dict, got: dict) -> bool:
    if gold["type"] != got["type"]:
        return False
    if gold["type"] == "set":
        return sorted(gold["ids"]) == got["ids"]
    g, x = gold["value"], got["value"]
    if isinstance(g, float) or isinstance(x, float):
        return abs(float(g) - float(x)) <= 0.006  # golds are rounded to 2 decimals
    return g == x


def _synthetic(q: dict) -> str:
    gold = q["gold"]
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


# ---- tests --------------------------------------------------------------------------------------------------------


def test_committed_set_matches_a_fresh_run(fresh, questions):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8")


def test_generator_is_deterministic_per_seed(tmp_path):
    procs = [subprocess.Popen([sys.executable, str(HERE / "graph.py"), str(tmp_path / d), "--seed", seed],
                              stdout=subprocess.DEVNULL) for d, seed in (("a", "7"), ("b", "7"), ("c", "8"))]
    assert all(p.wait(timeout=60) == 0 for p in procs)
    files = sorted(p.name for p in (tmp_path / "a" / "soc_csv").iterdir())
    assert files == sorted(p.name for p in (tmp_path / "b" / "soc_csv").iterdir())
    same = [(tmp_path / "a" / "soc_csv" / f).read_bytes() == (tmp_path / "b" / "soc_csv" / f).read_bytes()
            for f in files]
    assert all(same)
    assert any((tmp_path / "a" / "soc_csv" / f).read_bytes() != (tmp_path / "c" / "soc_csv" / f).read_bytes()
               for f in files)


def test_graph_schema_limits(fresh):
    g = Soc(fresh / "soc_csv")
    labels = Counter(r[":LABEL"] for r in g.node.values())
    assert 8 <= len(labels) <= 10
    assert 10 <= len(g.rel) <= 13
    assert sum(labels.values()) >= 2000
    assert sum(len(v) for v in g.rel.values()) <= 20000
    node_files = [h for h in g.headers.values() if h[0] != ":START_ID"]
    assert len(node_files) == len(labels)
    kinds = set()
    for head in node_files:
        assert re.fullmatch(r"[a-z]+Id:ID", head[0]) and ":LABEL" in head
        kinds |= {h.split(":")[1] for h in head if ":" in h and h[0] != ":"}
    assert {"int", "float", "date", "boolean", "string"} <= kinds
    rel_heads = [h for h in g.headers.values() if h[0] == ":START_ID"]
    assert all(h[:3] == [":START_ID", ":END_ID", ":TYPE"] for h in rel_heads)
    assert sum(len(h) > 3 for h in rel_heads) >= 3
    rel_kinds = {h.split(":")[1] for head in rel_heads for h in head[3:]}
    assert {"int", "float", "date", "boolean", "string"} <= rel_kinds
    # a self-relation, edges only between known ids, and a 4-hop path
    self_rel = [t for t, rows in g.rel.items()
                if {g.node[s][":LABEL"] for s, _, _ in rows} == {g.node[d][":LABEL"] for _, d, _ in rows} == {"Analyst"}]
    assert self_rel == ["ESCALATED_TO"]
    assert all(s in g.node and d in g.node for rows in g.rel.values() for s, d, _ in rows)
    assert not any((d, s) in {(a, b) for a, b, _ in g.rel["ESCALATED_TO"]} for s, d, _ in g.rel["ESCALATED_TO"])
    # display names unique and none inside another
    names = [r["_name"] for r in g.node.values()]
    assert len({x.lower() for x in names}) == len(names)
    toks = [tuple(re.findall(r"[a-z0-9]+", x.lower())) for x in names]
    full = set(toks)
    for t in toks:
        for i in range(len(t)):
            for j in range(i + 1, len(t) + 1):
                assert (i, j) == (0, len(t)) or t[i:j] not in full, t
    for r in g.node.values():
        assert ("first_name" in r and "last_name" in r) == (r[":LABEL"] in ("Analyst", "Account"))
        for k, v in r.items():
            if k in ("detected", "opened", "hired", "created", "launched", "commissioned", "first_seen", "published",
                     "fired"):
                assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)


def test_question_file_limits(questions):
    assert 70 <= len(questions) <= 80
    assert [q["id"] for q in questions] == [f"byog32-{i:02d}" for i in range(1, len(questions) + 1)]
    kinds = Counter(q["kind"] for q in questions)
    for k, (lo, hi) in KIND_RANGES.items():
        assert lo <= kinds[k] <= hi, k
    assert set(kinds) == set(KIND_RANGES)
    yn = [q["gold"]["value"] for q in questions if q["kind"] == "yes_no"]
    assert yn.count(True) == yn.count(False)
    assert sum(q["hops"] == 4 for q in questions if q["kind"] == "multihop") >= 2
    assert all(2 <= q["hops"] <= 4 for q in questions if q["kind"] == "multihop")
    assert len({q["question"] for q in questions}) == len(questions)
    for q in questions:
        gold = q["gold"]
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        assert gold["type"] in ("count", "set", "value", "bool", "none")
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12 and len(gold["names"]) == len(gold["ids"])
            for name in gold["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", q["question"], re.I), q["id"]
        if gold["type"] == "count":
            assert isinstance(gold["value"], int) and gold["value"] > 0
            assert not re.search(r"(?<![\w.])" + str(gold["value"]) + r"(?![\w]|\.\d)", q["question"])
        if gold["type"] == "value" and isinstance(gold["value"], str):
            assert gold["value"].lower() not in q["question"].lower()


def test_golds_rederived_by_a_second_method(fresh, questions):
    g = Soc(fresh / "soc_csv")
    table = [(re.compile(p), f) for p, f in handlers(g)]
    checked = 0
    for q in questions:
        if q["gold"]["type"] == "none":
            continue
        hits = [(rx, f) for rx, f in table if rx.search(q["question"])]
        if not hits:
            continue
        rx, f = hits[0]
        got = f(rx.search(q["question"]))
        assert _same(q["gold"], got), (q["id"], q["gold"], got)
        checked += 1
    assert checked >= 50, checked


def test_unknown_names_are_absent(fresh, questions):
    g = Soc(fresh / "soc_csv")
    names = " | ".join(r["_name"].lower() for r in g.node.values())
    for q in questions:
        if q["kind"] == "unknown":
            m = re.search(r"(Reykjavik Data Centre|Opal Narwhal|CVE-\d{4}-\d+|Zebediah Fairweather)", q["question"])
            assert m and m[1].lower() not in names


def test_every_gold_passes_the_structured_judge(questions):
    judge = StructuredJudge()
    for d in questions:
        q = Question.from_dict(d)
        assert q.id == d["id"] and q.gold == d["gold"]
        verdict = judge.judge(q, _synthetic(d))
        assert verdict.verdict == "PASS", (d["id"], verdict.reason)
