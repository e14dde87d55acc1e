"""Writes OUT_DIR/holdout.jsonl for the byog48 fitness-club graph.

Usage: python tests/byog48/questions.py OUT_DIR [GRAPH_PATH]
GRAPH_PATH is the fitness_csv folder graph.py wrote (default: OUT_DIR/fitness_csv). Reads only those CSV files.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import random
import re
import sys
from collections import defaultdict


def _conv(typ: str, raw: str):
    if typ == "int":
        return int(raw)
    if typ == "float":
        return float(raw)
    if typ == "boolean":
        return raw == "true"
    return raw


def load(folder: str):
    nodes: dict[str, dict] = {}
    edges: list[tuple[str, str, str, dict]] = []
    for path in sorted(glob.glob(os.path.join(folder, "nodes_*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head = rows[0]
        group = re.search(r":ID\((\w+)\)", head[0]).group(1)
        for r in rows[1:]:
            d = {"_type": group}
            for h, v in zip(head[1:], r[1:], strict=True):
                if h == ":LABEL":
                    continue
                name, _, typ = h.partition(":")
                d[name] = _conv(typ, v)
            nodes[f"{group}:{r[0]}"] = d
    for path in sorted(glob.glob(os.path.join(folder, "rels_*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head = rows[0]
        a = re.search(r"\((\w+)\)", head[0]).group(1)
        b = re.search(r"\((\w+)\)", head[1]).group(1)
        for r in rows[1:]:
            props = {}
            et = ""
            for h, v in zip(head[2:], r[2:], strict=True):
                if h == ":TYPE":
                    et = v
                    continue
                name, _, typ = h.partition(":")
                props[name] = _conv(typ, v)
            edges.append((et, f"{a}:{r[0]}", f"{b}:{r[1]}", props))
    return nodes, edges


class G:
    def __init__(self, folder: str):
        self.nodes, self.edges = load(folder)
        self.out = defaultdict(list)
        self.inn = defaultdict(list)
        for et, s, d, p in self.edges:
            self.out[(s, et)].append((d, p))
            self.inn[(d, et)].append((s, p))

    def name(self, gid: str) -> str:
        d = self.nodes[gid]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def of(self, typ: str) -> list[str]:
        return sorted((k for k, v in self.nodes.items() if v["_type"] == typ), key=lambda k: int(k.split(":")[1]))

    def o(self, gid: str, et: str) -> list[str]:
        return [d for d, _ in self.out[(gid, et)]]

    def i(self, gid: str, et: str) -> list[str]:
        return [s for s, _ in self.inn[(gid, et)]]

    def one_o(self, gid: str, et: str) -> str:
        (x,) = self.o(gid, et)
        return x

    def eprop(self, s: str, et: str, d: str) -> dict:
        (p,) = [p for x, p in self.out[(s, et)] if x == d]
        return p


def _nums(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w\-#/.,])(\d+(?:\.\d+)?)(?![\w\-#/])", text)}


def build(folder: str) -> list[dict]:
    g = G(folder)
    rng = random.Random(4848)
    qs: list[dict] = []

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        low = text.lower()
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, (text, gold)
            assert len(set(gold["ids"])) == len(gold["ids"])
            for n in gold["names"]:
                assert n.lower() not in low, (text, n)
        if gold["type"] in ("count", "value"):
            v = gold["value"]
            if isinstance(v, str):
                assert v.lower() not in low and v.replace("_", " ").lower() not in low, (text, v)
            else:
                assert float(v) not in _nums(text), (text, v)
            if gold["type"] == "count":
                assert v > 0
        qs.append({"id": f"byog48-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def sset(ids) -> dict:
        ids = sorted(set(ids), key=lambda k: (k.split(":")[0], int(k.split(":")[1])))
        return {"type": "set", "ids": ids, "names": [g.name(x) for x in ids]}

    def pick(cands, pred=lambda x: True):
        c = [x for x in cands if pred(x)]
        assert c
        return c[rng.randrange(len(c))]

    def top(cands, key) -> str:
        ranked = sorted(cands, key=key, reverse=True)
        assert key(ranked[0]) != key(ranked[1]), "tie"
        return ranked[0]

    N = g.nodes
    clubs, members, trainers = g.of("Club"), g.of("Member"), g.of("Trainer")
    cities, classes, plans = g.of("City"), g.of("Class"), g.of("Plan")
    equip, partners, sessions, reports = g.of("Equipment"), g.of("Partner"), g.of("Session"), g.of("InjuryReport")
    nm = g.name
    mentor = {t: g.i(t, "MENTORS") for t in trainers}
    mentees = {t: g.o(t, "MENTORS") for t in trainers}
    club_of = {m: g.one_o(m, "MEMBER_OF") for m in members}
    tclub = {t: g.one_o(t, "EMPLOYED_AT") for t in trainers}
    city_of = {c: g.one_o(c, "LOCATED_IN") for c in clubs}

    # ---- count
    add("count", "How many clubs does the chain operate?", {"type": "count", "value": len(clubs)}, 0)
    add("count", "how many personal trainers are on the books", {"type": "count", "value": len(trainers)}, 0)
    add("count", "Number of corporate partners?", {"type": "count", "value": len(partners)}, 0)
    add("count", "How many injury reports have been filed in total?", {"type": "count", "value": len(reports)}, 0)
    add("count", "How many different group fitness classes are offered?", {"type": "count", "value": len(classes)}, 0)

    # ---- filtered_count
    add("filtered_count", "How many clubs have a swimming pool?",
        {"type": "count", "value": sum(N[c]["has_pool"] for c in clubs)}, 0)
    add("filtered_count", "how many members currently have a frozen membership status",
        {"type": "count", "value": sum(N[m]["status"] == "frozen" for m in members)}, 0)
    add("filtered_count", "How many trainers charge more than $70 an hour?",
        {"type": "count", "value": sum(N[t]["hourly_rate"] > 70 for t in trainers)}, 0)
    add("filtered_count", "How many injury reports were classed as severe?",
        {"type": "count", "value": sum(N[r]["severity"] == "severe" for r in reports)}, 0)
    add("filtered_count", "How many class sessions got cancelled?",
        {"type": "count", "value": sum(N[s]["cancelled"] for s in sessions)}, 0)
    add("filtered_count", "How many of our clubs opened before 2010?",
        {"type": "count", "value": sum(N[c]["opened"] < "2010-01-01" for c in clubs)}, 0)
    c = pick(clubs, lambda c: len(g.i(c, "MEMBER_OF")) > 20)
    add("filtered_count", f"How many members belong to {nm(c)}?",
        {"type": "count", "value": len(g.i(c, "MEMBER_OF"))}, 1)
    p = pick(plans, lambda p: 30 < len(g.i(p, "SUBSCRIBES_TO")) < 300)
    add("filtered_count", f"how many people are signed up to the {nm(p)} plan",
        {"type": "count", "value": len(g.i(p, "SUBSCRIBES_TO"))}, 1)
    p = pick(partners, lambda p: len(g.i(p, "SPONSORED_BY")) > 12)
    add("filtered_count", f"How many of {nm(p)}{chr(39) if nm(p).endswith('s') else chr(39) + 's'}"
        " employees have a sponsored membership?",
        {"type": "count", "value": len(g.i(p, "SPONSORED_BY"))}, 1)
    c = pick(clubs, lambda c: sum(N[m]["is_student"] for m in g.i(c, "MEMBER_OF")) >= 3)
    add("filtered_count", f"How many members of {nm(c)} are students?",
        {"type": "count", "value": sum(N[m]["is_student"] for m in g.i(c, "MEMBER_OF"))}, 1)

    # ---- list
    ci = pick(cities, lambda x: 2 <= len(g.i(x, "LOCATED_IN")) <= 5)
    add("list", f"Which clubs are located in {nm(ci)}?", sset(g.i(ci, "LOCATED_IN")), 1)
    c = pick(clubs)
    add("list", f"Who are the trainers at {nm(c)}?", sset(g.i(c, "EMPLOYED_AT")), 1)
    c = pick(clubs, lambda c: 5 <= len(g.o(c, "STOCKS")) <= 10)
    add("list", f"list the equipment stocked at {nm(c)}", sset(g.o(c, "STOCKS")), 1)
    add("list", "Which high-intensity classes are on the timetable?",
        sset([x for x in classes if N[x]["intensity"] == "high"]), 0)
    p = pick(partners, lambda p: 3 <= len(g.i(p, "SPONSORED_BY")) <= 12)
    add("list", f"Show me the members sponsored by {nm(p)}", sset(g.i(p, "SPONSORED_BY")), 1)
    t = pick(trainers, lambda t: 3 <= len(g.o(t, "COACHES")) <= 10)
    add("list", f"who does {nm(t)} personally coach?", sset(g.o(t, "COACHES")), 1)
    add("list", "Which membership plans don't include classes?",
        sset([x for x in plans if not N[x]["includes_classes"]]), 0)

    # ---- multihop
    t = pick(trainers, lambda t: mentor[t] and mentor[mentor[t][0]])
    add("multihop", f"Who is the mentor of {nm(t)}'s mentor?", sset(mentor[mentor[t][0]]), 2)
    t = pick(trainers, lambda t: 1 <= len({y for x in mentees[t] for y in mentees[x]}) <= 12)
    add("multihop", f"which trainers are mentored by someone that {nm(t)} mentors",
        sset({y for x in mentees[t] for y in mentees[x]}), 2)
    s = pick(sessions, lambda s: not N[s]["cancelled"] and mentor[g.i(s, "LEADS")[0]])
    add("multihop", f"Who mentored the trainer that led {nm(s)}?", sset(mentor[g.i(s, "LEADS")[0]]), 2)
    m = pick(members)
    add("multihop", f"In which city is {nm(m)}'s home club?", sset([city_of[club_of[m]]]), 2)

    def m_classes(m):
        return {g.one_o(s, "INSTANCE_OF") for s in g.o(m, "ATTENDED")}

    m = pick(members, lambda m: 2 <= len(m_classes(m)) <= 6)
    add("multihop", f"Which classes has {nm(m)} attended?", sset(m_classes(m)), 2)

    def city_eq(ci, e):
        return [c for c in g.i(ci, "LOCATED_IN") if e in g.o(c, "STOCKS")]

    ci, e = pick([(ci, e) for ci in cities for e in equip], lambda p: len(city_eq(*p)) >= 2)
    add("multihop", f"Which {nm(ci)} clubs stock the {nm(e)}?", sset(city_eq(ci, e)), 2)

    def injured(c):
        return {m for r in reports for m in g.o(r, "CONCERNS") if club_of[m] == c}

    c = pick(clubs, lambda c: 2 <= len(injured(c)) <= 8)
    add("multihop", f"Which members of {nm(c)} have had an injury report filed about them?", sset(injured(c)), 2)

    def mentee_cities(t):
        return {city_of[tclub[x]] for x in mentees[t]}

    t = pick(trainers, lambda t: len(mentee_cities(t)) >= 2)
    add("multihop", f"In which cities do {nm(t)}'s mentees work?", sset(mentee_cities(t)), 3)

    def coached_plans(t):
        return {g.one_o(m, "SUBSCRIBES_TO") for m in g.o(t, "COACHES")}

    t = pick(trainers, lambda t: 2 <= len(coached_plans(t)) <= 5)
    add("multihop", f"What membership plans are the members coached by {nm(t)} on?", sset(coached_plans(t)), 2)

    def mentor_classes(t, run=False):
        return {g.one_o(s, "INSTANCE_OF") for m in mentor[t] for s in g.o(m, "LEADS")
                if not (run and N[s]["cancelled"])}

    t = pick(trainers, lambda t: 2 <= len(mentor_classes(t)) <= 10 and mentor_classes(t) == mentor_classes(t, True))
    add("multihop", f"Which classes does {nm(t)}'s mentor lead sessions of?", sset(mentor_classes(t)), 3)

    s = pick(sessions, lambda s: not N[s]["cancelled"] and mentor[g.i(s, "LEADS")[0]]
             and city_of[tclub[mentor[g.i(s, "LEADS")[0]][0]]] != city_of[g.one_o(s, "HELD_AT")])
    add("multihop", f"In what city does the mentor of the trainer who ran {nm(s)} work?",
        sset([city_of[tclub[mentor[g.i(s, "LEADS")[0]][0]]]]), 4)

    def mentee_session_cities(t):
        return {city_of[g.one_o(s, "HELD_AT")] for x in mentees[t] for s in g.o(x, "LEADS")}

    t = pick(trainers, lambda t: 2 <= len(mentee_session_cities(t)) <= 12 and len(mentees[t]) >= 2)
    add("multihop", f"Give me the cities where trainers mentored by {nm(t)} have led sessions.",
        sset(mentee_session_cities(t)), 4)

    def att_mentors(m):
        return {y for s in g.o(m, "ATTENDED") for x in g.i(s, "LEADS") for y in mentor[x]}

    m = pick(members, lambda m: 1 <= len(att_mentors(m)) <= 4)
    add("multihop", f"who mentors the trainers whose sessions {nm(m)} went to?", sset(att_mentors(m)), 3)
    t = pick(trainers, lambda t: mentor[t] and tclub[mentor[t][0]] != tclub[t])
    add("multihop", f"What equipment does the club where {nm(t)}'s mentor works have in stock?",
        sset(g.o(tclub[mentor[t][0]], "STOCKS")), 3)

    # ---- superlative
    c = top(clubs, lambda c: N[c]["area_m2"])
    add("superlative", "Which club has the largest floor area?", sset([c]), 0)
    t = top(trainers, lambda t: N[t]["hourly_rate"])
    add("superlative", "who's the most expensive trainer per hour", sset([t]), 0)
    c = top(clubs, lambda c: -int(N[c]["opened"].replace("-", "")))
    add("superlative", "which club opened first?", sset([c]), 0)
    c = top(clubs, lambda c: len(g.i(c, "MEMBER_OF")))
    add("superlative", "Which club has the most members?", sset([c]), 1)
    t = top(trainers, lambda t: len(g.o(t, "COACHES")))
    add("superlative", "Which trainer personally coaches the largest number of members?", sset([t]), 1)
    x = top(classes, lambda x: len(g.i(x, "INSTANCE_OF")))
    add("superlative", "What class has been scheduled for the most sessions?", sset([x]), 1)
    p = top(partners, lambda p: len(g.i(p, "SPONSORED_BY")))
    add("superlative", "Which corporate partner sponsors the most members?", sset([p]), 1)
    c = top(clubs, lambda c: sum(q["quantity"] for _, q in g.out[(c, "STOCKS")]))
    add("superlative", "Which club has the biggest total number of equipment units (summing the quantities)?",
        sset([c]), 1)
    def untied(cands, key):
        vals = sorted((key(x) for x in cands), reverse=True)
        return len(vals) > 1 and vals[0] != vals[1]

    c = pick(clubs, lambda c: len(g.i(c, "MEMBER_OF")) > 10 and untied(g.i(c, "MEMBER_OF"), lambda m: N[m]["visits"]))
    m = top(g.i(c, "MEMBER_OF"), lambda m: N[m]["visits"])
    add("superlative", f"Among {nm(c)}'s members, who has logged the most visits?", sset([m]), 1)
    ci = top(cities, lambda x: round(sum(N[c]["area_m2"] for c in g.i(x, "LOCATED_IN")), 1))
    add("superlative", "Which city has the greatest combined floor area of clubs?", sset([ci]), 1)

    # ---- aggregate
    add("aggregate", "What is the total member capacity across all clubs?",
        {"type": "value", "value": sum(N[c]["capacity"] for c in clubs)}, 0)
    add("aggregate", "what's the average monthly fee of our membership plans",
        {"type": "value", "value": round(sum(N[p]["monthly_fee"] for p in plans) / len(plans), 2)}, 0)
    ci = pick(cities, lambda x: len(g.i(x, "LOCATED_IN")) >= 3)
    ts = [t for t in trainers if city_of[tclub[t]] == ci]
    add("aggregate", f"Average hourly rate of the trainers working at clubs in {nm(ci)}?",
        {"type": "value", "value": round(sum(N[t]["hourly_rate"] for t in ts) / len(ts), 2)}, 2)
    x = pick(classes)
    add("aggregate", f"What was the total attendance across all {nm(x)} sessions?",
        {"type": "value", "value": sum(N[s]["attendance"] for s in g.i(x, "INSTANCE_OF"))}, 1)
    e = pick(equip, lambda e: len(g.i(e, "STOCKS")) >= 5)
    add("aggregate", f"How many {nm(e)} units are there in total across every club?",
        {"type": "value", "value": sum(q["quantity"] for _, q in g.inn[(e, "STOCKS")])}, 1)

    # ---- edge_property
    m = pick(members)
    add("edge_property", f"When did {nm(m)} join {nm(club_of[m])}?",
        {"type": "value", "value": g.eprop(m, "MEMBER_OF", club_of[m])["joined"]}, 1)
    c = pick(clubs)
    e = pick(g.o(c, "STOCKS"), lambda e: g.eprop(c, "STOCKS", e)["quantity"] >= 3)
    add("edge_property", f"how many {nm(e)} units does {nm(c)} have",
        {"type": "value", "value": g.eprop(c, "STOCKS", e)["quantity"]}, 1)
    t = pick(trainers)
    add("edge_property", f"What kind of contract is {nm(t)} on at {nm(tclub[t])}?",
        {"type": "value", "value": g.eprop(t, "EMPLOYED_AT", tclub[t])["contract"]}, 1)
    t = pick(trainers)
    add("edge_property", f"How many hours a week does {nm(t)} work at {nm(tclub[t])}?",
        {"type": "value", "value": g.eprop(t, "EMPLOYED_AT", tclub[t])["weekly_hours"]}, 1)
    p = pick(partners, lambda p: g.i(p, "SPONSORED_BY"))
    m = pick(g.i(p, "SPONSORED_BY"))
    add("edge_property", f"What discount percentage does {nm(m)} get through {nm(p)}?",
        {"type": "value", "value": g.eprop(m, "SPONSORED_BY", p)["discount_pct"]}, 1)
    add("edge_property", "How many equipment stock entries are in a condition of needs repair?",
        {"type": "count", "value": sum(1 for et, *_r, q in g.edges if et == "STOCKS"
                                       and q["condition"] == "needs repair")}, 1)
    add("edge_property", "How many personal training relationships have more than 30 sessions booked?",
        {"type": "count", "value": sum(1 for et, *_r, q in g.edges if et == "COACHES"
                                       and q["sessions_booked"] > 30)}, 1)

    # ---- yes_no
    c = pick(clubs, lambda c: N[c]["has_pool"])
    add("yes_no", f"Does {nm(c)} have a pool?", {"type": "bool", "value": True}, 0)
    c = pick(clubs, lambda c: not N[c]["has_pool"])
    add("yes_no", f"does {nm(c)} have a pool", {"type": "bool", "value": False}, 0)
    t = pick(trainers)
    add("yes_no", f"Is {nm(t)} employed at {nm(tclub[t])}?", {"type": "bool", "value": True}, 1)
    t = pick(trainers)
    c = pick(clubs, lambda c: c != tclub[t])
    add("yes_no", f"Does {nm(t)} work at {nm(c)}?", {"type": "bool", "value": False}, 1)
    a = pick(trainers, lambda t: mentees[t])
    b = pick(mentees[a])
    add("yes_no", f"Did {nm(a)} mentor {nm(b)}?", {"type": "bool", "value": True}, 1)
    a = pick(trainers, lambda t: mentees[t] and t not in {a, b})
    b = pick(mentees[a])
    add("yes_no", f"Is {nm(b)} the mentor of {nm(a)}?", {"type": "bool", "value": False}, 1)
    m = pick(members)
    add("yes_no", f"Is {nm(m)} on the {nm(g.one_o(m, 'SUBSCRIBES_TO'))} plan?", {"type": "bool", "value": True}, 1)
    m = pick(members, lambda m: len(g.o(m, "ATTENDED")) >= 2)
    x = pick(classes, lambda x: x not in m_classes(m))
    add("yes_no", f"Has {nm(m)} ever attended a {nm(x)} session?", {"type": "bool", "value": False}, 2)

    # ---- portfolio
    def nbrs(x):
        out = set()
        for (s, _et), lst in g.out.items():
            if s == x:
                out |= {d for d, _ in lst}
        for (d, _et), lst in g.inn.items():
            if d == x:
                out |= {s for s, _ in lst}
        return out

    m = pick(members, lambda m: 6 <= len(nbrs(m)) <= 12 and g.i(m, "CONCERNS"))
    add("portfolio", f"Tell me everything about {nm(m)}.", sset(nbrs(m)), 1)
    t = pick(trainers, lambda t: 6 <= len(nbrs(t)) <= 12 and mentor[t])
    add("portfolio", f"give me an overview of {nm(t)}", sset(nbrs(t)), 1)
    e = pick(equip, lambda e: 5 <= len(nbrs(e)) <= 12)
    add("portfolio", f"What do we know about the {nm(e)}?", sset(nbrs(e)), 1)

    # ---- unknown
    add("unknown", "How many members does Quartz Canyon Fitness have?", {"type": "none"}, 1)
    add("unknown", "Who coaches Zebulon Ravensworth?", {"type": "none"}, 1)
    add("unknown", "what's the hourly rate of trainer Marisol Vantongeren", {"type": "none"}, 0)
    add("unknown", "Which clubs offer the Moonlight Trampoline class?", {"type": "none"}, 2)

    # ---- global
    types = {v["_type"] for v in N.values()}
    add("global", "How many node types does this graph have?", {"type": "count", "value": len(types)}, 0)
    add("global", "how many different kinds of relationship connect the entities",
        {"type": "count", "value": len({e[0] for e in g.edges})}, 0)
    add("global", "What's the total number of relationships in the dataset?",
        {"type": "count", "value": len(g.edges)}, 0)
    names = [nm(x) for x in N]
    for q in qs:
        if q["kind"] == "unknown":
            assert not any(n.lower() in q["question"].lower() for n in names), q
    return qs


def main() -> None:
    out_dir = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "fitness_csv")
    qs = build(folder)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions")


if __name__ == "__main__":
    main()
