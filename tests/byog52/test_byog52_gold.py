"""Gold checks for the byog52 streaming holdout.

The committed holdout.jsonl must equal a fresh run of graph.py + questions.py; the generator must be deterministic
per seed; schema limits hold; and golds are re-derived here by a second method (csv module only, subject read from
the question text with a regex). Every line loads as core.records.Question and a synthetic answer built from the
gold PASSes the structured judge.
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
ID_RE = re.compile(r"^[a-z]+-\d+$")


def run(script: str, *args: str) -> None:
    subprocess.run([sys.executable, str(HERE / script), *args], check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("byog52")
    run("graph.py", str(out))
    run("questions.py", str(out))
    return out


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return [json.loads(line) for line in HOLDOUT.read_text(encoding="utf-8").splitlines()]


class Data:
    """The CSV folder read with the csv module: raw string cells, adjacency by edge type."""

    def __init__(self, folder: Path) -> None:
        self.label: dict[str, str] = {}
        self.row: dict[str, dict[str, str]] = {}
        self.out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        self.inn: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        self.prop: dict[tuple[str, str, str], dict[str, str]] = {}
        self.headers: dict[str, list[str]] = {}
        self.edge_count = 0
        for f in sorted(folder.glob("*.csv")):
            with f.open(newline="", encoding="utf-8") as fh:
                reader = csv.DictReader(fh)
                self.headers[f.name] = list(reader.fieldnames or [])
                for r in reader:
                    if ":START_ID" in r:
                        t, s, d = r[":TYPE"], r[":START_ID"], r[":END_ID"]
                        self.out[t][s].append(d)
                        self.inn[t][d].append(s)
                        self.prop[(s, t, d)] = {k.split(":")[0]: v for k, v in r.items() if not k.startswith(":")}
                        self.edge_count += 1
                    else:
                        idcol = next(k for k in r if k.endswith(":ID"))
                        nid = r[idcol]
                        assert nid not in self.label, nid
                        self.label[nid] = r[":LABEL"]
                        self.row[nid] = {k.split(":")[0]: v for k, v in r.items() if not k.startswith(":")
                                         and not k.endswith(":ID")}
        self.by_name: dict[str, str] = {}
        for nid in self.row:
            nm = self.name(nid)
            assert nm not in self.by_name, nm
            self.by_name[nm] = nid

    def name(self, nid: str) -> str:
        r = self.row[nid]
        return r.get("title") or r.get("name") or f"{r['first_name']} {r['last_name']}"

    def ids(self, label: str) -> list[str]:
        return [n for n, lab in self.label.items() if lab == label]

    def o(self, t: str, n: str) -> list[str]:
        return self.out[t].get(n, [])

    def i(self, t: str, n: str) -> list[str]:
        return self.inn[t].get(n, [])

    def eps_of_show(self, s: str) -> list[str]:
        return [e for se in self.o("HAS_SEASON", s) for e in self.o("HAS_EPISODE", se)]

    def show_of_ep(self, e: str) -> str:
        (season,) = self.i("HAS_EPISODE", e)
        (show,) = self.i("HAS_SEASON", season)
        return show


@pytest.fixture(scope="module")
def data(fresh: Path) -> Data:
    return Data(fresh / "streaming_csv")


# ---- second-method recipes: (regex on the question, function(data, match) -> gold) -----------------------------


def S(ids) -> dict:  # type: ignore[no-untyped-def]
    return {"type": "set", "ids": set(ids)}


def C(n: int) -> dict:
    return {"type": "count", "value": n}


def V(v) -> dict:  # type: ignore[no-untyped-def]
    return {"type": "value", "value": v}


def B(v: bool) -> dict:
    return {"type": "bool", "value": v}


def argbest(scores: dict[str, float], low: bool = False) -> dict:
    best = (min if low else max)(scores.values())
    winners = [k for k, v in scores.items() if v == best]
    assert len(winners) == 1
    return S(winners)


def nodes_where(d: Data, label: str, f) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for n in d.ids(label) if f(d.row[n]))


def _n(d: Data, m: re.Match, g: int = 1) -> str:
    return d.by_name[m.group(g)]


def _minutes(d: Data, u: str) -> int:
    return sum(int(d.prop[(u, "WATCHED", e)]["minutes_watched"]) for e in d.o("WATCHED", u))


def _nbrs(d: Data, x: str) -> set[str]:
    out = set()
    for t in d.out:
        out |= set(d.out[t].get(x, [])) | set(d.inn[t].get(x, []))
    return out


RECIPES = [
    (r"How many shows are in the catalogue\?", lambda d, m: C(len(d.ids("Show")))),
    (r"how many subscribers does the platform have", lambda d, m: C(len(d.ids("Subscriber")))),
    (r"Total number of licensing deals\?", lambda d, m: C(len(d.ids("LicensingDeal")))),
    (r"How many production studios are there\?", lambda d, m: C(len(d.ids("Studio")))),
    (r"What's the number of episodes across all series\?", lambda d, m: C(len(d.ids("Episode")))),
    (r"How many shows carry a (TV-\w+) maturity rating\?",
     lambda d, m: C(nodes_where(d, "Show", lambda r: r["maturity_rating"] == m.group(1)))),
    (r"how many subscribers are on the (\w+) tier",
     lambda d, m: C(nodes_where(d, "Subscriber", lambda r: r["plan_tier"] == m.group(1)))),
    (r"How many episodes run longer than (\d+) minutes\?",
     lambda d, m: C(nodes_where(d, "Episode", lambda r: int(r["runtime_min"]) > int(m.group(1))))),
    (r"How many studios are publicly listed\?", lambda d, m: C(nodes_where(d, "Studio", lambda r: r["is_public"] == "true"))),
    (r"Number of exclusive licensing deals",
     lambda d, m: C(nodes_where(d, "LicensingDeal", lambda r: r["is_exclusive"] == "true"))),
    (r"How many shows premiered in (\d{4})\?",
     lambda d, m: C(nodes_where(d, "Show", lambda r: r["premiere_date"][:4] == m.group(1)))),
    (r"How many people in the talent roster are guild members\?",
     lambda d, m: C(nodes_where(d, "Person", lambda r: r["is_guild_member"] == "true"))),
    (r"How many episodes does (.+) have\?", lambda d, m: C(len(d.eps_of_show(_n(d, m))))),
    (r"how many subscribers are based in (.+)\?", lambda d, m: C(len(d.i("SUBSCRIBES_FROM", _n(d, m))))),
    (r"How many shows has (.+) produced\?", lambda d, m: C(len(d.i("PRODUCED_BY", _n(d, m))))),
    (r"Which genres is (.+) classified under\?", lambda d, m: S(d.o("IN_GENRE", _n(d, m)))),
    (r"List the seasons of (.+)\.", lambda d, m: S(d.o("HAS_SEASON", _n(d, m)))),
    (r"Who is in the cast of (.+)\?", lambda d, m: S(d.i("ACTED_IN", _n(d, m)))),
    (r"In which countries does the (.+) grant rights\?", lambda d, m: S(d.o("GRANTS_RIGHTS_IN", _n(d, m)))),
    (r"show me the titles produced by (.+)", lambda d, m: S(d.i("PRODUCED_BY", _n(d, m)))),
    (r"Which studios are headquartered in (\w+)\?",
     lambda d, m: S(n for n in d.ids("Studio") if d.row[n]["hq_city"] == m.group(1))),
    (r"give me the shows covered by (.+)", lambda d, m: S(d.o("COVERS", _n(d, m)))),
    (r"Who directed episodes of (.+)\?",
     lambda d, m: S(p for e in d.eps_of_show(_n(d, m)) for p in d.i("DIRECTED", e))),
    (r"Which studios produced the shows (.+) has acted in\?",
     lambda d, m: S(st for s in d.o("ACTED_IN", _n(d, m)) for st in d.o("PRODUCED_BY", s))),
    (r"Which shows did the people mentored by (.+) appear in\?",
     lambda d, m: S(s for x in d.o("MENTORED", _n(d, m)) for s in d.o("ACTED_IN", x))),
    (r"What shows have (.+)'s mentors acted in\?",
     lambda d, m: S(s for x in d.i("MENTORED", _n(d, m)) for s in d.o("ACTED_IN", x))),
    (r"Who was mentored by someone that (.+) mentored\?",
     lambda d, m: S(y for x in d.o("MENTORED", _n(d, m)) for y in d.o("MENTORED", x))),
    (r"who mentored the mentor of (.+)",
     lambda d, m: S(y for x in d.i("MENTORED", _n(d, m)) for y in d.i("MENTORED", x))),
    (r"Which genres cover the shows that (.+) acted in\?",
     lambda d, m: S(ge for s in d.o("ACTED_IN", _n(d, m)) for ge in d.o("IN_GENRE", s))),
    (r"Which directors worked on episodes of shows that (.+) appeared in\?",
     lambda d, m: S(p for s in d.o("ACTED_IN", _n(d, m)) for e in d.eps_of_show(s) for p in d.i("DIRECTED", e))),
    (r"Which genres are the shows whose episodes (.+) watched\?",
     lambda d, m: S(ge for e in d.o("WATCHED", _n(d, m)) for ge in d.o("IN_GENRE", d.show_of_ep(e)))),
    (r"In which countries have the shows featuring (.+) been licensed\?",
     lambda d, m: S(c for s in d.o("ACTED_IN", _n(d, m)) for x in d.i("COVERS", s) for c in d.o("GRANTS_RIGHTS_IN", x))),
    (r"Which studio made the series that includes the episode (.+)\?",
     lambda d, m: S(d.o("PRODUCED_BY", d.show_of_ep(_n(d, m))))),
    (r"Which studios signed licensing deals covering (.+)\?",
     lambda d, m: S(st for x in d.i("COVERS", _n(d, m)) for st in d.i("SIGNED", x))),
    (r"Which subscribers watched episodes directed by (.+)\?",
     lambda d, m: S(u for e in d.o("DIRECTED", _n(d, m)) for u in d.i("WATCHED", e))),
    (r"List the studios behind the shows whose episodes (.+) directed",
     lambda d, m: S(st for e in d.o("DIRECTED", _n(d, m)) for st in d.o("PRODUCED_BY", d.show_of_ep(e)))),
    (r"Which show has the biggest budget\?",
     lambda d, m: argbest({n: float(d.row[n]["budget_musd"]) for n in d.ids("Show")})),
    (r"What's the oldest studio\?",
     lambda d, m: argbest({n: int(d.row[n]["founded_year"]) for n in d.ids("Studio")}, low=True)),
    (r"which licensing deal is worth the most",
     lambda d, m: argbest({n: float(d.row[n]["value_musd"]) for n in d.ids("LicensingDeal")})),
    (r"Which actor has appeared in the most shows\?",
     lambda d, m: argbest({p: len(ss) for p, ss in d.out["ACTED_IN"].items()})),
    (r"Which subscriber has logged the most viewing sessions\?",
     lambda d, m: argbest({u: len(es) for u, es in d.out["WATCHED"].items()})),
    (r"Which country has the most subscribers\?",
     lambda d, m: argbest({c: len(us) for c, us in d.inn["SUBSCRIBES_FROM"].items()})),
    (r"Who spent the most total minutes watching episodes\?",
     lambda d, m: argbest({u: _minutes(d, u) for u in d.out["WATCHED"]})),
    (r"Which studio's licensing deals add up to the highest total value\?",
     lambda d, m: argbest({s: sum(float(d.row[x]["value_musd"]) for x in xs) for s, xs in d.out["SIGNED"].items()})),
    (r"Among the cast of (.+), who has the highest day rate\?",
     lambda d, m: argbest({p: float(d.row[p]["day_rate_kusd"]) for p in d.i("ACTED_IN", _n(d, m))})),
    (r"What is the longest episode of (.+)\?",
     lambda d, m: argbest({e: int(d.row[e]["runtime_min"]) for e in d.eps_of_show(_n(d, m))})),
    (r"What is the combined budget of all shows produced by (.+)\?",
     lambda d, m: V(round(sum(float(d.row[s]["budget_musd"]) for s in d.i("PRODUCED_BY", _n(d, m))), 2))),
    (r"average runtime of (.+)'s episodes",
     lambda d, m: V(round(sum(int(d.row[e]["runtime_min"]) for e in d.eps_of_show(_n(d, m)))
                          / len(d.eps_of_show(_n(d, m))), 2))),
    (r"How many minutes in total has (.+) spent watching\?", lambda d, m: V(_minutes(d, _n(d, m)))),
    (r"What's the average star rating (.+) received\?",
     lambda d, m: V(round(sum(int(d.prop[(u, "RATED", _n(d, m))]["stars"]) for u in d.i("RATED", _n(d, m)))
                          / len(d.i("RATED", _n(d, m))), 2))),
    (r"What is the total value of the licensing deals that grant rights in (.+)\?",
     lambda d, m: V(round(sum(float(d.row[x]["value_musd"]) for x in d.i("GRANTS_RIGHTS_IN", _n(d, m))), 2))),
    (r"How many minutes of (.+) did (.+) watch\?",
     lambda d, m: V(int(d.prop[(_n(d, m, 2), "WATCHED", _n(d, m, 1))]["minutes_watched"]))),
    (r"how many stars did (.+) give (.+)", lambda d, m: V(int(d.prop[(_n(d, m, 1), "RATED", _n(d, m, 2))]["stars"]))),
    (r"What role does (.+) have on (.+)\?", lambda d, m: V(d.prop[(_n(d, m, 1), "ACTED_IN", _n(d, m, 2))]["role"])),
    (r"In which year did (.+) start mentoring (.+)\?",
     lambda d, m: V(int(d.prop[(_n(d, m, 1), "MENTORED", _n(d, m, 2))]["since_year"]))),
    (r"On what date did (.+) watch (.+)\?",
     lambda d, m: V(d.prop[(_n(d, m, 1), "WATCHED", _n(d, m, 2))]["watched_on"])),
    (r"How many ratings awarded five stars\?",
     lambda d, m: C(sum(1 for k, p in d.prop.items() if k[1] == "RATED" and p["stars"] == "5"))),
    (r"How many viewing sessions happened on a (\w+) device\?",
     lambda d, m: C(sum(1 for k, p in d.prop.items() if k[1] == "WATCHED" and p["device"] == m.group(1)))),
    (r"Did (.+) act in (.+)\?", lambda d, m: B(_n(d, m, 2) in d.o("ACTED_IN", _n(d, m, 1)))),
    (r"Is (.+) part of the cast of (.+)\?", lambda d, m: B(_n(d, m, 1) in d.i("ACTED_IN", _n(d, m, 2)))),
    (r"Did (.+) mentor (.+)\?", lambda d, m: B(_n(d, m, 2) in d.o("MENTORED", _n(d, m, 1)))),
    (r"Was (.+) mentored by (.+)\?", lambda d, m: B(_n(d, m, 2) in d.i("MENTORED", _n(d, m, 1)))),
    (r"Is (.+) a public company\?", lambda d, m: B(d.row[_n(d, m)]["is_public"] == "true")),
    (r"Has (.+) ever watched (.+)\?", lambda d, m: B(_n(d, m, 2) in d.o("WATCHED", _n(d, m, 1)))),
    (r"Does the (.+) cover (.+)\?", lambda d, m: B(_n(d, m, 2) in d.o("COVERS", _n(d, m, 1)))),
    (r"is (.+) a platform original", lambda d, m: B(d.row[_n(d, m)]["is_original"] == "true")),
    (r"Tell me everything about (.+)\.", lambda d, m: S(_nbrs(d, _n(d, m)))),
    (r"What do we know about (.+)\?", lambda d, m: S(_nbrs(d, _n(d, m)))),
    (r"give me the full picture on the (.+)", lambda d, m: S(_nbrs(d, _n(d, m)))),
    (r"Which genres is the show (.+) tagged with\?", lambda d, m: {"type": "none"} if m.group(1) not in d.by_name else {}),
    (r"Who directed the episode (.+)\?", lambda d, m: {"type": "none"} if m.group(1) not in d.by_name else {}),
    (r"How many subscribers live in (.+)\?", lambda d, m: {"type": "none"} if m.group(1) not in d.by_name else {}),
    (r"When was (.+) founded\?", lambda d, m: {"type": "none"} if m.group(1) not in d.by_name else {}),
    (r"How many node types does the graph have\?", lambda d, m: C(len(set(d.label.values())))),
    (r"how many different kinds of relationships exist", lambda d, m: C(len(d.out))),
    (r"Which entity type has the most nodes\?",
     lambda d, m: V(Counter(d.label.values()).most_common(1)[0][0])),
]


def comparable(gold: dict) -> dict:
    g = dict(gold)
    if g["type"] == "set":
        g = {"type": "set", "ids": set(g["ids"])}
    if g["type"] == "value" and isinstance(g["value"], float):
        g["value"] = round(g["value"], 2)
    return g


# ---- tests --------------------------------------------------------------------------------------------------------


def test_committed_holdout_matches_fresh_run(fresh: Path) -> None:
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")


def test_generator_deterministic_per_seed(tmp_path: Path) -> None:
    for sub in ("a", "b", "c"):
        run("graph.py", str(tmp_path / sub), "--seed", "7" if sub != "c" else "8")
    a, b, c = (tmp_path / s / "streaming_csv" for s in "abc")
    files = sorted(p.name for p in a.glob("*.csv"))
    match, mismatch, errors = filecmp.cmpfiles(a, b, files, shallow=False)
    assert not mismatch and not errors and len(match) == len(files)
    assert (a / "watched.csv").read_bytes() != (c / "watched.csv").read_bytes()


def test_schema_limits(data: Data) -> None:
    labels = Counter(data.label.values())
    assert 8 <= len(labels) <= 10
    assert 10 <= len(data.out) <= 13
    assert len(data.label) >= 2000 and data.edge_count <= 20000
    assert all(ID_RE.match(n) for n in data.label)
    for etype, adj in data.out.items():
        for s, ds in adj.items():
            assert s in data.label and all(d in data.label for d in ds), (etype, s)
    # a directed self-relation, never both ways
    ment = data.out["MENTORED"]
    assert ment and all(data.label[s] == data.label[d] == "Person" for s, ds in ment.items() for d in ds)
    assert not any(s in data.o("MENTORED", d) for s, ds in ment.items() for d in ds)
    typed_edges = [f for f, h in data.headers.items() if h[0] == ":START_ID" and len(h) > 3]
    assert len(typed_edges) >= 3
    kinds = {h.split(":")[1] for hs in data.headers.values() for h in hs if ":" in h and not h.startswith(":")}
    assert {"int", "float", "date", "boolean", "string", "ID"} <= kinds
    for nid, r in data.row.items():
        if data.label[nid] in ("Person", "Subscriber"):
            assert r["first_name"] and r["last_name"]
        else:
            assert r.get("name") or r.get("title")
    names = [tuple(n.lower().split()) for n in data.by_name]
    full = set(names)
    for toks in names:  # no display name inside another one (word-wise)
        subs = {toks[i:j] for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)} - {toks}
        assert not subs & full, toks
    # 4-hop path: person -ACTED_IN-> show -HAS_SEASON-> season -HAS_EPISODE-> episode <-WATCHED- subscriber
    p = next(iter(data.out["ACTED_IN"]))
    s = data.o("ACTED_IN", p)[0]
    assert any(data.i("WATCHED", e) for se in data.o("HAS_SEASON", s) for e in data.o("HAS_EPISODE", se))


def test_question_set_shape(questions: list[dict]) -> None:
    assert 70 <= len(questions) <= 80
    assert [q["id"] for q in questions] == [f"byog52-{i:02d}" for i in range(1, len(questions) + 1)]
    kinds = Counter(q["kind"] for q in questions)
    assert kinds == {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
                     "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}
    yn = Counter(q["gold"]["value"] for q in questions if q["kind"] == "yes_no")
    assert yn[True] == yn[False] == 4
    assert sum(1 for q in questions if q["kind"] == "multihop" and q["hops"] == 4) >= 2
    for q in questions:
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        g = q["gold"]
        low = q["question"].lower()
        if g["type"] == "set":
            assert set(g) == {"type", "ids", "names"} and 1 <= len(g["ids"]) <= 12
            assert len(g["names"]) == len(g["ids"]) == len(set(g["ids"]))
            assert not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in g["names"])
        elif g["type"] == "count":
            assert isinstance(g["value"], int) and g["value"] > 0
            assert not re.search(rf"(?<![\w.]){g['value']}(?![\w])", low)
        elif g["type"] == "value":
            assert str(g["value"]).lower() not in low
        elif g["type"] == "bool":
            assert isinstance(g["value"], bool)
        else:
            assert g == {"type": "none"}


def test_golds_second_method(questions: list[dict], data: Data) -> None:
    checked = 0
    for q in questions:
        hits = [(rx, fn) for rx, fn in RECIPES if re.fullmatch(rx, q["question"])]
        if not hits:
            continue
        assert len(hits) == 1, q["question"]
        rx, fn = hits[0]
        m = re.fullmatch(rx, q["question"])
        assert m
        want = fn(data, m)
        assert want == comparable(q["gold"]), (q["id"], q["question"])
        if q["gold"]["type"] == "set":
            assert q["gold"]["names"] == [data.name(i) for i in q["gold"]["ids"]]
        checked += 1
    assert checked >= 50, checked


def synthetic(gold: dict) -> str:
    t = gold["type"]
    if t == "count":
        return f"There are {gold['value']}."
    if t == "set":
        return ", ".join(gold["names"]) + "."
    if t == "value":
        return f"The answer is {gold['value']}."
    if t == "bool":
        return "Yes." if gold["value"] else "No."
    return "Not found: no such entity in the graph."


def test_records_and_judge(questions: list[dict]) -> None:
    judge = StructuredJudge()
    for q in questions:
        rec = Question.from_dict(q)
        assert rec.id == q["id"] and rec.gold == q["gold"]
        j = judge.judge(rec, synthetic(q["gold"]))
        assert j.verdict == "PASS", (q["id"], j.reason)
        if q["gold"]["type"] == "bool":
            assert judge.judge(rec, "No." if q["gold"]["value"] else "Yes.").verdict == "FAIL"
