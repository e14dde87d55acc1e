"""The byog60 hold-out set: reproducible, within its schema limits, and its golds re-derived a second way.

The second method reads the CSV files with the csv module only (no networkx, nothing from questions.py), takes
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

HERE = Path(__file__).parent
HOLDOUT = HERE / "holdout.jsonl"
KIND_COUNTS = {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
               "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}


def run_scripts(out: Path, seed: int | None = None) -> Path:
    cmd = [sys.executable, str(HERE / "graph.py"), str(out)] + (["--seed", str(seed)] if seed is not None else [])
    subprocess.run(cmd, check=True, capture_output=True)
    subprocess.run([sys.executable, str(HERE / "questions.py"), str(out)], check=True, capture_output=True)
    return out


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    return run_scripts(tmp_path_factory.mktemp("byog60"))


def committed() -> list[dict]:
    return [json.loads(line) for line in HOLDOUT.read_text(encoding="utf-8").splitlines() if line.strip()]


# ---- the second reader: plain csv ---------------------------------------------------------------------------------


class Csv:
    def __init__(self, folder: Path):
        self.nodes: dict[str, dict] = {}
        self.rels: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.headers: dict[str, list[str]] = {}
        for path in sorted(folder.iterdir()):
            with path.open(newline="", encoding="utf-8") as fh:
                reader = csv.DictReader(fh)
                header = list(reader.fieldnames or [])
                self.headers[path.name] = header
                rows = list(reader)
            typed = {h: h.rsplit(":", 1) for h in header if ":" in h and not h.startswith(":")}

            def val(h, raw, typed=typed):
                t = typed[h][1]
                return int(raw) if t == "int" else float(raw) if t == "float" else (
                    raw == "true") if t == "boolean" else raw

            if header[0].startswith(":START_ID("):
                sg = re.fullmatch(r":START_ID\((\w+)\)", header[0]).group(1)
                eg = re.fullmatch(r":END_ID\((\w+)\)", header[1]).group(1)
                for r in rows:
                    attrs = {typed[h][0]: val(h, r[h]) for h in typed}
                    self.rels[r[":TYPE"]].append((f"{sg}:{r[header[0]]}", f"{eg}:{r[header[1]]}", attrs))
            else:
                group = re.fullmatch(r"\w+:ID\((\w+)\)", header[0]).group(1)
                for r in rows:
                    attrs = {typed[h][0]: val(h, r[h]) for h in typed if not h.endswith(")")}
                    attrs["label"] = r[":LABEL"]
                    attrs["display"] = attrs.get("name") or attrs.get("title") or (
                        attrs["first_name"] + " " + attrs["last_name"])
                    self.nodes[f"{group}:{r[header[0]]}"] = attrs
        self.ids = {a["display"].lower(): i for i, a in self.nodes.items()}

    def id(self, name: str) -> str:
        return self.ids[name.strip().lower()]

    def of(self, group: str) -> list[str]:
        return [i for i in self.nodes if i.split(":")[0] == group]

    def fwd(self, x: str, t: str) -> set[str]:
        return {d for s, d, _ in self.rels[t] if s == x}

    def back(self, x: str, t: str) -> set[str]:
        return {s for s, d, _ in self.rels[t] if d == x}

    def attr(self, x: str, a: str):
        return self.nodes[x][a]


def as_set(c: Csv, ids) -> dict:
    ids = sorted(ids, key=lambda i: (i.split(":")[0], int(i.split(":")[1])))
    return {"type": "set", "ids": ids, "names": [c.nodes[i]["display"] for i in ids]}


def cnt(v) -> dict:
    return {"type": "count", "value": v}


def argmax(c: Csv, scores: dict) -> dict:
    best = max(scores.values())
    winners = [k for k, v in scores.items() if abs(v - best) < 1e-9]
    assert len(winners) == 1, "a superlative with a tie"
    return as_set(c, winners)


def mean(xs) -> float:
    xs = list(xs)
    return sum(xs) / len(xs)


def rules(c: Csv):
    """(regex, recompute) pairs; the regex's groups are the entity names the question is about."""
    N = c.id
    R = []

    def rule(rx):
        def deco(fn):
            R.append((re.compile(rx, re.IGNORECASE), fn))
            return fn
        return deco

    def valleys_of_lessons(lessons):
        return {v for ls in lessons for s in c.fwd(ls, "HELD_ON") for r in c.fwd(s, "PART_OF")
                for v in c.fwd(r, "LOCATED_IN")}

    rule(r"^How many ski resorts does the group run\?$")(lambda m: cnt(len(c.of("Resort"))))
    rule(r"^how many lifts are there in total$")(lambda m: cnt(len(c.of("Lift"))))
    rule(r"^Number of rental shops\?$")(lambda m: cnt(len(c.of("RentalShop"))))
    rule(r"^How many avalanche bulletins")(lambda m: cnt(len(c.of("SafetyReport"))))
    rule(r"number of ski instructors")(lambda m: cnt(len(c.of("Instructor"))))
    rule(r"^How many black runs")(lambda m: cnt(sum(c.attr(s, "difficulty") == "black" for s in c.of("Slope"))))
    rule(r"lifts are gondolas")(lambda m: cnt(sum(c.attr(x, "lift_type") == "gondola" for x in c.of("Lift"))))
    rule(r"resorts offer night skiing")(lambda m: cnt(sum(c.attr(x, "night_skiing") for x in c.of("Resort"))))
    rule(r"guests are rated as expert")(lambda m: cnt(sum(c.attr(x, "skill_level") == "expert"
                                                         for x in c.of("Guest"))))
    rule(r"^How many pistes does (.+) have\?$")(lambda m: cnt(len(c.back(N(m[1]), "PART_OF"))))
    rule(r"^how many lessons is (.+) the instructor for$")(lambda m: cnt(len(c.back(N(m[1]), "TAUGHT_BY"))))
    rule(r"^Count the instructors employed at (.+)\.$")(lambda m: cnt(len(c.back(N(m[1]), "WORKS_AT"))))
    rule(r"danger at level (\d) or above")(lambda m: cnt(sum(c.attr(x, "avalanche_danger") >= int(m[1])
                                                             for x in c.of("SafetyReport"))))
    rule(r"^How many resorts lie in (.+)\?$")(lambda m: cnt(len(c.back(N(m[1]), "LOCATED_IN"))))
    rule(r"red slopes are longer than (\d+) km")(lambda m: cnt(sum(
        c.attr(s, "difficulty") == "red" and c.attr(s, "length_km") > int(m[1]) for s in c.of("Slope"))))
    rule(r"^Which resorts are located in (.+)\?$")(lambda m: as_set(c, c.back(N(m[1]), "LOCATED_IN")))
    rule(r"^list the lifts at (.+)$")(lambda m: as_set(c, c.back(N(m[1]), "OPERATED_BY")))
    rule(r"^which ski instructors does (.+) employ\?$")(lambda m: as_set(c, c.back(N(m[1]), "WORKS_AT")))
    rule(r"^Show me the black runs at (.+)$")(lambda m: as_set(c, {s for s in c.back(N(m[1]), "PART_OF")
                                                                 if c.attr(s, "difficulty") == "black"}))
    rule(r"^give me the equipment stocked by (.+)$")(lambda m: as_set(c, c.fwd(N(m[1]), "STOCKS")))
    rule(r"^What rental shops operate at (.+)\?$")(lambda m: as_set(c, c.back(N(m[1]), "OPERATES_AT")))
    rule(r"^Which slopes can you reach from the (.+)\?$")(lambda m: as_set(c, c.fwd(N(m[1]), "SERVES")))
    rule(r"^Who trained the people who trained (.+)\?$")(lambda m: as_set(
        c, {t for x in c.back(N(m[1]), "TRAINED") for t in c.back(x, "TRAINED")}))
    rule(r"^which instructors were trained by (.+)'s trainees$")(lambda m: as_set(
        c, {t for x in c.fwd(N(m[1]), "TRAINED") for t in c.fwd(x, "TRAINED")}))
    rule(r"^At which resorts do the instructors that (.+) trained work\?$")(lambda m: as_set(
        c, {r for x in c.fwd(N(m[1]), "TRAINED") for r in c.fwd(x, "WORKS_AT")}))
    rule(r"^Which resorts employ whoever trained (.+)\?$")(lambda m: as_set(
        c, {r for x in c.back(N(m[1]), "TRAINED") for r in c.fwd(x, "WORKS_AT")}))
    rule(r"^Which guests have taken a lesson with (.+)\?$")(lambda m: as_set(
        c, {g for ls in c.back(N(m[1]), "TAUGHT_BY") for g in c.back(ls, "BOOKED")}))
    rule(r"^On which slopes did (.+) have lessons\?$")(lambda m: as_set(
        c, {s for ls in c.fwd(N(m[1]), "BOOKED") for s in c.fwd(ls, "HELD_ON")}))
    rule(r"^who were (.+)'s ski instructors$")(lambda m: as_set(
        c, {i for ls in c.fwd(N(m[1]), "BOOKED") for i in c.fwd(ls, "TAUGHT_BY")}))
    rule(r"^In which valleys are the slopes where (.+) took lessons\?$")(lambda m: as_set(
        c, valleys_of_lessons(c.fwd(N(m[1]), "BOOKED"))))
    rule(r"^Which valleys contain the slopes where (.+)'s lessons were held\?$")(lambda m: as_set(
        c, valleys_of_lessons(c.back(N(m[1]), "TAUGHT_BY"))))
    rule(r"^Which lifts serve the slopes covered by (.+)\?$")(lambda m: as_set(
        c, {lf for s in c.fwd(N(m[1]), "COVERS") for lf in c.back(s, "SERVES")}))
    rule(r"^which rental shops are at the resorts where (.+) has a pass$")(lambda m: as_set(
        c, {s for r in c.fwd(N(m[1]), "HOLDS_PASS") for s in c.back(r, "OPERATES_AT")}))
    rule(r"^What equipment do the rental shops at the resort that runs the (.+) stock\?$")(lambda m: as_set(
        c, {e for r in c.fwd(N(m[1]), "OPERATED_BY") for s in c.back(r, "OPERATES_AT") for e in c.fwd(s, "STOCKS")}))
    rule(r"^Which instructors have taught lessons on (.+)\?$")(lambda m: as_set(
        c, {i for ls in c.back(N(m[1]), "HELD_ON") for i in c.fwd(ls, "TAUGHT_BY")}))
    rule(r"^Which guests had lessons on runs served by the (.+)\?$")(lambda m: as_set(
        c, {g for s in c.fwd(N(m[1]), "SERVES") for ls in c.back(s, "HELD_ON") for g in c.back(ls, "BOOKED")}))
    rule(r"^Which resort has the highest summit\?$")(lambda m: argmax(
        c, {r: c.attr(r, "summit_m") for r in c.of("Resort")}))
    rule(r"^what's the longest slope$")(lambda m: argmax(c, {s: c.attr(s, "length_km") for s in c.of("Slope")}))
    rule(r"^Which resort operates the most lifts\?$")(lambda m: argmax(
        c, {r: len(c.back(r, "OPERATED_BY")) for r in c.of("Resort")}))
    rule(r"^Which instructor is assigned the most lessons")(lambda m: argmax(
        c, {x: len(c.back(x, "TAUGHT_BY")) for x in c.of("Instructor")}))
    rule(r"^Which guest has spent the most")(lambda m: argmax(c, {
        g: sum(a["paid_eur"] for s, _, a in c.rels["BOOKED"] if s == g) for g in c.of("Guest")}))
    rule(r"^Among (.+)'s slopes, which one has the biggest vertical drop\?$")(lambda m: argmax(
        c, {s: c.attr(s, "vertical_drop_m") for s in c.back(N(m[1]), "PART_OF")}))
    rule(r"^Of the instructors working at (.+), who has")(lambda m: argmax(
        c, {x: c.attr(x, "years_experience") for x in c.back(N(m[1]), "WORKS_AT")}))
    rule(r"^Which rental shop has the best rating\?$")(lambda m: argmax(
        c, {s: c.attr(s, "rating") for s in c.of("RentalShop")}))
    rule(r"^which lift at (.+) moves the most people per hour$")(lambda m: argmax(
        c, {x: c.attr(x, "capacity_per_hour") for x in c.back(N(m[1]), "OPERATED_BY")}))
    rule(r"^Which rental shop has the most units in stock")(lambda m: argmax(c, {
        s: sum(a["quantity"] for x, _, a in c.rels["STOCKS"] if x == s) for s in c.of("RentalShop")}))
    rule(r"average summit elevation")(lambda m: {"type": "value", "value": mean(
        c.attr(r, "summit_m") for r in c.of("Resort"))})
    rule(r"total length in km of all black slopes")(lambda m: {"type": "value", "value": sum(
        c.attr(s, "length_km") for s in c.of("Slope") if c.attr(s, "difficulty") == "black")})
    rule(r"^How much has (.+) paid for lessons altogether\?$")(lambda m: {"type": "value", "value": sum(
        a["paid_eur"] for s, _, a in c.rels["BOOKED"] if s == N(m[1]))})
    rule(r"^What's the average group size of the lessons (.+) taught\?$")(lambda m: {"type": "value", "value": mean(
        c.attr(ls, "group_size") for ls in c.back(N(m[1]), "TAUGHT_BY"))})
    rule(r"average retail price of the skis")(lambda m: {"type": "value", "value": mean(
        c.attr(e, "price_eur") for e in c.of("Equipment") if c.attr(e, "category") == "skis")})

    def edge_attr(t, s, d, a):
        return next(x[a] for x1, x2, x in c.rels[t] if x1 == s and x2 == d)

    rule(r"^Since when has (.+) been working at (.+)\?$")(lambda m: {"type": "value", "value": edge_attr(
        "WORKS_AT", N(m[1]), N(m[2]), "since")})
    rule(r"^how much did (.+) pay for (.+)$")(lambda m: {"type": "value", "value": edge_attr(
        "BOOKED", N(m[1]), N(m[2]), "paid_eur")})
    rule(r"^What type of pass does (.+) have at (.+)\?$")(lambda m: {"type": "value", "value": edge_attr(
        "HOLDS_PASS", N(m[1]), N(m[2]), "pass_type")})
    rule(r"^How many units of (.+) does (.+) keep in stock\?$")(lambda m: {"type": "value", "value": edge_attr(
        "STOCKS", N(m[2]), N(m[1]), "quantity")})
    rule(r"season passes have been sold")(lambda m: cnt(sum(a["pass_type"] == "season"
                                                            for _, _, a in c.rels["HOLDS_PASS"])))
    rule(r"bookings were made online")(lambda m: cnt(sum(a["channel"] == "online" for _, _, a in c.rels["BOOKED"])))
    rule(r"^In what year did (.+) train (.+)\?$")(lambda m: {"type": "value", "value": edge_attr(
        "TRAINED", N(m[1]), N(m[2]), "year")})
    rule(r"^Does (.+) offer night skiing\?$")(lambda m: {"type": "bool", "value": c.attr(N(m[1]), "night_skiing")})
    rule(r"^is there night skiing at (.+)$")(lambda m: {"type": "bool", "value": c.attr(N(m[1]), "night_skiing")})
    rule(r"^Is (.+) on the instructor staff of (.+)\?$")(lambda m: {"type": "bool", "value": N(m[2]) in c.fwd(
        N(m[1]), "WORKS_AT")})
    rule(r"^Does (.+) work at (.+)\?$")(lambda m: {"type": "bool", "value": N(m[2]) in c.fwd(N(m[1]), "WORKS_AT")})
    rule(r"^Did (.+) train (.+)\?$")(lambda m: {"type": "bool", "value": N(m[2]) in c.fwd(N(m[1]), "TRAINED")})
    rule(r"^Was (.+) trained by (.+)\?$")(lambda m: {"type": "bool", "value": N(m[2]) in c.back(N(m[1]), "TRAINED")})
    rule(r"^does the (.+) take skiers up to (.+)$")(lambda m: {"type": "bool", "value": N(m[2]) in c.fwd(
        N(m[1]), "SERVES")})
    rule(r"^Does the (.+) serve (.+)\?$")(lambda m: {"type": "bool", "value": N(m[2]) in c.fwd(N(m[1]), "SERVES")})

    def neighbours(x):
        return as_set(c, {d for es in c.rels.values() for s, d, _ in es if s == x}
                      | {s for es in c.rels.values() for s, d, _ in es if d == x})

    rule(r"^Tell me everything about the (.+)\.$")(lambda m: neighbours(N(m[1])))
    rule(r"^what do we know about (.+)\?$")(lambda m: neighbours(N(m[1])))
    rule(r"^Give me the full picture on (.+): everything")(lambda m: neighbours(N(m[1])))
    rule(r"node types does the graph have")(lambda m: cnt(len({a["label"] for a in c.nodes.values()})))
    rule(r"kinds of relationship")(lambda m: cnt(len(c.rels)))
    rule(r"total number of entities")(lambda m: cnt(len(c.nodes)))
    return R


def same(a: dict, b: dict) -> bool:
    if a["type"] != b["type"]:
        return False
    if a["type"] == "set":
        return a["ids"] == b["ids"] and a["names"] == b["names"]
    if a["type"] == "value" and isinstance(a["value"], float | int) and not isinstance(a["value"], bool):
        return abs(a["value"] - b["value"]) <= 0.005 + 1e-9 * abs(b["value"])
    return a.get("value") == b.get("value")


def synthetic(q: Question) -> str:
    g = q.gold
    if g["type"] == "count":
        return f"There are {g['value']}."
    if g["type"] == "set":
        return "The answer is: " + ", ".join(g["names"]) + "."
    if g["type"] == "value":
        return f"It is {g['value']}."
    if g["type"] == "bool":
        return "Yes." if g["value"] else "No."
    return "Not found: that name is not in the graph."


# ---- tests --------------------------------------------------------------------------------------------------------


def test_committed_equals_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")


def test_deterministic_per_seed(tmp_path, fresh):
    other = run_scripts(tmp_path / "a", seed=60)
    for f in sorted((fresh / "skiresort_csv").iterdir()):
        assert (other / "skiresort_csv" / f.name).read_bytes() == f.read_bytes(), f.name
    alt = tmp_path / "b"
    subprocess.run([sys.executable, str(HERE / "graph.py"), str(alt), "--seed", "7"], check=True, capture_output=True)
    assert (alt / "skiresort_csv" / "resorts.csv").read_bytes() != (fresh / "skiresort_csv" / "resorts.csv").read_bytes()


def test_graph_schema_limits(fresh):
    c = Csv(fresh / "skiresort_csv")
    labels = Counter(a["label"] for a in c.nodes.values())
    assert 8 <= len(labels) <= 10
    assert 10 <= len(c.rels) <= 13
    assert len(c.nodes) >= 2000
    assert sum(len(v) for v in c.rels.values()) <= 20000
    for name, header in c.headers.items():
        if header[0].startswith(":START_ID"):
            assert header[2] == ":TYPE", name
        else:
            assert re.fullmatch(r"\w+Id:ID\(\w+\)", header[0]) and header[-1] == ":LABEL", name
    # ids repeat across ID spaces
    assert "Resort:17" in c.nodes and "Lift:17" in c.nodes
    kinds = {h.rsplit(":", 1)[1] for hs in c.headers.values() for h in hs if ":" in h and not h.startswith(":")}
    assert {"int", "float", "date", "boolean", "string"} <= kinds
    self_rel = [t for t, es in c.rels.items() if all(s.split(":")[0] == d.split(":")[0] for s, d, _ in es)]
    assert self_rel == ["TRAINED"]
    with_props = [t for t, es in c.rels.items() if es[0][2]]
    assert len(with_props) >= 3
    names = [a["display"].lower() for a in c.nodes.values()]
    assert len(set(names)) == len(names)
    grams = set()
    for nm in names:
        w = nm.split()
        grams |= {" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1) if (i, j) != (0, len(w))}
    assert not grams & set(names), "a display name inside another name"
    for a in c.nodes.values():
        if a["label"] in ("Instructor", "Guest"):
            assert a["first_name"] and a["last_name"]
    # a 4-hop path Guest -> Lesson -> Slope -> Resort -> Valley
    g, ls = c.rels["BOOKED"][0][:2]
    s = next(iter(c.fwd(ls, "HELD_ON")))
    r = next(iter(c.fwd(s, "PART_OF")))
    assert c.fwd(r, "LOCATED_IN") and g.startswith("Guest:")


def test_question_file_shape():
    qs = committed()
    assert 70 <= len(qs) <= 80
    assert Counter(q["kind"] for q in qs) == KIND_COUNTS
    assert [q["id"] for q in qs] == [f"byog60-{i:02d}" for i in range(1, len(qs) + 1)]
    assert len({q["question"] for q in qs}) == len(qs)
    four = [q for q in qs if q["kind"] == "multihop" and q["hops"] == 4]
    assert len(four) >= 2
    bools = [q["gold"]["value"] for q in qs if q["kind"] == "yes_no"]
    assert bools.count(True) == bools.count(False) == 4
    for q in qs:
        assert set(q) == {"id", "kind", "question", "gold", "hops"}
        g = q["gold"]
        assert g["type"] in ("count", "set", "value", "bool", "none")
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12 and len(g["ids"]) == len(g["names"])
            assert all(re.fullmatch(r"[A-Za-z]+:\d+", i) for i in g["ids"])
            for nm in g["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(nm) + r"(?!\w)", q["question"], re.I), q["id"]
        if g["type"] == "count":
            assert isinstance(g["value"], int) and g["value"] > 0
        if g["type"] == "value" and isinstance(g["value"], str):
            assert g["value"].lower() not in q["question"].lower(), q["id"]


def test_golds_rederived_by_second_method(fresh):
    c = Csv(fresh / "skiresort_csv")
    R = rules(c)
    checked = 0
    for q in committed():
        if q["gold"]["type"] == "none":
            continue
        for rx, fn in R:
            m = rx.search(q["question"])
            if m:
                assert same(q["gold"], fn(m)), (q["id"], q["gold"], fn(m))
                checked += 1
                break
    assert checked >= 50
    assert checked == sum(q["gold"]["type"] != "none" for q in committed())


def test_unknown_names_absent(fresh):
    c = Csv(fresh / "skiresort_csv")
    for q in committed():
        if q["kind"] == "unknown":
            assert q["gold"] == {"type": "none"}
            assert not any(re.search(r"(?<!\w)" + re.escape(nm) + r"(?!\w)", q["question"], re.I)
                           for nm in c.ids if len(nm) > 3 and nm in q["question"].lower())


def test_golds_load_and_judge():
    judge = StructuredJudge()
    for line in committed():
        q = Question.from_dict(line)
        j = judge.judge(q, synthetic(q))
        assert j.verdict == "PASS", (q.id, j.reason)
