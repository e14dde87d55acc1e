"""Questions with gold answers over the generated university graph (tests/byog3/graph.py), computed straight from
the GraphML file (read back with networkx), never from a HopLens store or the planner.

    python tests/byog3/questions.py OUT_DIR [GRAPHML]    # writes OUT_DIR/dev.jsonl (30) and OUT_DIR/holdout.jsonl (70)

GRAPHML defaults to a fresh ``graph.py`` graph in a temporary folder. The entities each question is about are picked
by a seeded random choice from the data; the wording is an analyst's (synonyms, possessives, passives, a typo or
two: 'proffesors', 'prerequisities', 'profs'). Each line: {"id", "kind", "category", "question", "gold", "hops"} — the format tests/byog/score.py reads
(``kind`` is what the scorer groups by; ``category`` is the finer question kind).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from statistics import mean

import networkx as nx

SEED = 314
N_DEV = 30
N_TOTAL = 100


class Graph:
    """The GraphML file as plain dicts: node attributes, typed out/in adjacency with edge attributes."""

    def __init__(self, path: Path):
        g = nx.read_graphml(path, force_multigraph=True)
        self.attrs: dict[str, dict] = {n: dict(a) for n, a in g.nodes(data=True)}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, a in self.attrs.items():
            self.by_type[a["type"]].append(n)
        for t in self.by_type:
            self.by_type[t].sort()
        self.out: dict[tuple[str, str], dict[str, dict]] = defaultdict(dict)
        self.inn: dict[tuple[str, str], dict[str, dict]] = defaultdict(dict)
        self.n_edges: dict[str, int] = defaultdict(int)
        for u, v, a in g.edges(data=True):
            a = dict(a)
            t = a.pop("type")
            self.out[(u, t)][v] = a
            self.inn[(v, t)][u] = a
            self.n_edges[t] += 1

    def name(self, n: str) -> str:
        a = self.attrs[n]
        return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"

    def o(self, n: str, t: str) -> list[str]:
        return sorted(self.out.get((n, t), {}))

    def i(self, n: str, t: str) -> list[str]:
        return sorted(self.inn.get((n, t), {}))

    def e(self, u: str, t: str, v: str) -> dict:
        return self.out[(u, t)][v]

    def a(self, n: str, key: str):
        return self.attrs[n].get(key)

    def neighbours(self, n: str) -> set[str]:
        out = set()
        for (x, _t), d in self.out.items():
            if x == n:
                out |= set(d)
        for (x, _t), d in self.inn.items():
            if x == n:
                out |= set(d)
        return out

    def all_names(self) -> set[str]:
        return {self.name(n).lower() for n in self.attrs}


def s_gold(g: Graph, ids) -> dict:
    ids = sorted(set(ids))
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def c_gold(n: int) -> dict:
    return {"type": "count", "value": int(n)}


def v_gold(v) -> dict:
    return {"type": "value", "value": v}


def b_gold(v: bool) -> dict:
    return {"type": "bool", "value": bool(v)}


def unique_best(items, key, highest=True):
    """The one item with the highest (lowest) key, or None on a tie."""
    items = list(items)
    if not items:
        return None
    vals = [key(x) for x in items]
    best = max(vals) if highest else min(vals)
    winners = [x for x, v in zip(items, vals, strict=True) if v == best]
    return winners[0] if len(winners) == 1 else None


def build(g: Graph, seed: int = SEED) -> list[dict]:
    rnd = random.Random(seed)
    qs: list[dict] = []
    used: set[str] = set()

    def add(kind: str, category: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"kind": kind, "category": category, "question": text, "gold": gold, "hops": hops})

    def pick(typ: str, pred=lambda n: True) -> str:
        cands = [n for n in g.by_type[typ] if pred(n) and n not in used]
        if not cands:
            raise RuntimeError(f"no {typ} fits")
        n = rnd.choice(cands)
        used.add(n)
        return n

    def w(*variants: str) -> str:
        return rnd.choice(variants)

    S, C, P = "Student", "Course", "Professor"
    D, B, PR, SC = "Department", "Building", "Program", "Scholarship"
    N = g.name
    year = lambda d: int(str(d)[:4])  # noqa: E731

    # ---- counts (1 hop) ---------------------------------------------------------------------------------------
    for _ in range(2):
        c = pick(C)
        add("aggregate", "count", w(f"How many students are enrolled in {N(c)}?",
                                    f"number of students registered for {N(c)}",
                                    f"How many people take the {N(c)} course?"),
            c_gold(len(g.i(c, "ENROLLED_IN"))), 1)
    p = pick(P, lambda n: len(g.o(n, "ADVISES")) >= 3)
    add("aggregate", "count", w(f"How many advisees does {N(p)} have?", f"how many students does {N(p)} advise"),
        c_gold(len(g.o(p, "ADVISES"))), 1)
    b = pick(B, lambda n: len(g.i(n, "HELD_IN")) >= 2)
    add("aggregate", "count", f"How many courses are held in {N(b)}?", c_gold(len(g.i(b, "HELD_IN"))), 1)
    pr = pick(PR)
    add("aggregate", "count", w(f"How many students major in {N(pr)}?", f"How many students are in the {N(pr)} programme?"),
        c_gold(len(g.i(pr, "MAJORS_IN"))), 1)
    sc = pick(SC)
    add("aggregate", "count", f"To how many students has the {N(sc)} been awarded?", c_gold(len(g.o(sc, "AWARDED_TO"))), 1)
    d = pick(D)
    add("aggregate", "count", f"how many lecturers work in the {N(d)} department?", c_gold(len(g.i(d, "WORKS_IN"))), 1)
    c = pick(C, lambda n: len(g.o(n, "PREREQUISITE_OF")) >= 2)
    add("aggregate", "count", f"{N(c)} is a prerequisite for how many courses?", c_gold(len(g.o(c, "PREREQUISITE_OF"))), 1)
    c = pick(C, lambda n: len(g.i(n, "PREREQUISITE_OF")) >= 1)
    add("aggregate", "count", w(f"How many prerequisities does {N(c)} have?", f"How many prereqs are there for {N(c)}?"),
        c_gold(len(g.i(c, "PREREQUISITE_OF"))), 1)

    # ---- filtered counts ---------------------------------------------------------------------------------------
    add("aggregate", "filtered_count", "How many full professors are there?",
        c_gold(sum(g.a(n, "rank") == "full" for n in g.by_type[P])), 0)
    add("aggregate", "filtered_count", "How many buildings are on the Riverside campus?",
        c_gold(sum(g.a(n, "campus") == "Riverside" for n in g.by_type[B])), 0)
    add("aggregate", "filtered_count", "How many students have a GPA above 3.5?",
        c_gold(sum(g.a(n, "gpa") > 3.5 for n in g.by_type[S])), 0)
    add("aggregate", "filtered_count", "How many professors earn a salary over 150000?",
        c_gold(sum(g.a(n, "salary") > 150000 for n in g.by_type[P])), 0)
    add("aggregate", "filtered_count", "How many faculty members were hired before 2000?",
        c_gold(sum(year(g.a(n, "hired")) < 2000 for n in g.by_type[P])), 0)
    add("aggregate", "filtered_count", "How many students were admitted in 2023?",
        c_gold(sum(year(g.a(n, "admitted")) == 2023 for n in g.by_type[S])), 0)
    add("aggregate", "filtered_count", "How many international students are there?",
        c_gold(sum(bool(g.a(n, "international")) for n in g.by_type[S])), 0)
    d = pick(D, lambda n: sum(bool(g.a(p, "tenured")) for p in g.i(n, "WORKS_IN")) >= 2)
    add("aggregate", "filtered_count", f"How many tenured professors are there in {N(d)}?",
        c_gold(sum(bool(g.a(p, "tenured")) for p in g.i(d, "WORKS_IN"))), 1)
    c = pick(C, lambda n: sum(a["mark"] >= 90 for a in g.inn[(n, "ENROLLED_IN")].values()) >= 1)
    add("aggregate", "filtered_count", f"How many students scored 90 or more in {N(c)}?",
        c_gold(sum(a["mark"] >= 90 for a in g.inn[(c, "ENROLLED_IN")].values())), 1)
    c = pick(C, lambda n: sum(a["semester"] == "Fall 2024" for a in g.inn[(n, "ENROLLED_IN")].values()) >= 2)
    add("aggregate", "filtered_count", f"How many students took {N(c)} in Fall 2024?",
        c_gold(sum(a["semester"] == "Fall 2024" for a in g.inn[(c, "ENROLLED_IN")].values())), 1)
    p = pick(P, lambda n: sum(bool(g.a(s, "international")) for s in g.o(n, "ADVISES")) >= 1)
    add("aggregate", "filtered_count", f"How many of {N(p)}'s advisees are international students?",
        c_gold(sum(bool(g.a(s, "international")) for s in g.o(p, "ADVISES"))), 1)
    pr = pick(PR, lambda n: sum(g.a(s, "year_of_study") == 3 for s in g.i(n, "MAJORS_IN")) >= 2)
    add("aggregate", "filtered_count", f"how many third-year students are in {N(pr)}",
        c_gold(sum(g.a(s, "year_of_study") == 3 for s in g.i(pr, "MAJORS_IN"))), 1)

    # ---- lists -------------------------------------------------------------------------------------------------
    p = pick(P, lambda n: 2 <= len(g.o(n, "TEACHES")) <= 6)
    add("relation", "list", w(f"Which courses are taught by {N(p)}?", f"what does {N(p)} teach?"),
        s_gold(g, g.o(p, "TEACHES")), 1)
    p = pick(P, lambda n: 3 <= len(g.o(n, "ADVISES")) <= 10)
    add("relation", "list", w(f"Who are {N(p)}'s advisees?", f"List the students advised by {N(p)}."),
        s_gold(g, g.o(p, "ADVISES")), 1)
    s = pick(S, lambda n: len(g.o(n, "ENROLLED_IN")) >= 4)
    add("relation", "list", f"Which modules is {N(s)} enrolled in?", s_gold(g, g.o(s, "ENROLLED_IN")), 1)
    c = pick(C, lambda n: len(g.i(n, "PREREQUISITE_OF")) >= 2)
    add("relation", "list", w(f"What are the prerequisites for {N(c)}?", f"what do I need to pass before taking {N(c)}?"),
        s_gold(g, g.i(c, "PREREQUISITE_OF")), 1)
    c = pick(C, lambda n: 2 <= len(g.o(n, "PREREQUISITE_OF")) <= 8)
    add("relation", "list", f"Which courses require {N(c)} as a prerequisite?", s_gold(g, g.o(c, "PREREQUISITE_OF")), 1)
    add("relation", "list", "Which departments belong to the Science faculty?",
        s_gold(g, [n for n in g.by_type[D] if g.a(n, "faculty") == "Science"]), 0)
    add("relation", "list", "list the buildings on the North campus",
        s_gold(g, [n for n in g.by_type[B] if g.a(n, "campus") == "North"]), 0)
    sc = pick(SC, lambda n: 3 <= len(g.o(n, "AWARDED_TO")) <= 10)
    add("relation", "list", w(f"Who has received the {N(sc)}?", f"{N(sc)} recipients?"), s_gold(g, g.o(sc, "AWARDED_TO")), 1)
    d = pick(D, lambda n: 3 <= len(g.i(n, "WORKS_IN")) <= 12)
    add("relation", "list", f"Which proffesors are in the {N(d)} department?", s_gold(g, g.i(d, "WORKS_IN")), 1)
    b = pick(B, lambda n: len(g.i(n, "LOCATED_IN")) >= 2)
    add("relation", "list", f"Which departments are housed in {N(b)}?", s_gold(g, g.i(b, "LOCATED_IN")), 1)
    d = pick(D)
    add("relation", "list", f"Which advanced courses does {N(d)} offer?",
        s_gold(g, [c for c in g.i(d, "OFFERED_BY") if g.a(c, "level") == "advanced"]), 1)

    # ---- multi-hop ---------------------------------------------------------------------------------------------
    s = pick(S, lambda n: len({p for c in g.o(n, "ENROLLED_IN") for p in g.i(c, "TEACHES")}) <= 10)
    add("multi_hop", "multi_hop", w(f"Who teaches the courses {N(s)} is taking?",
                                    f"which lecturers teach {N(s)}'s classes?"),
        s_gold(g, {p for c in g.o(s, "ENROLLED_IN") for p in g.i(c, "TEACHES")}), 2)
    s = pick(S)
    add("multi_hop", "multi_hop", f"Which department runs the program that {N(s)} majors in?",
        s_gold(g, {d for pr in g.o(s, "MAJORS_IN") for d in g.o(pr, "RUN_BY")}), 2)
    s = pick(S, lambda n: len(g.i(n, "ADVISES")) == 1)
    add("multi_hop", "multi_hop", f"In what department does {N(s)}'s advisor work?",
        s_gold(g, {d for p in g.i(s, "ADVISES") for d in g.o(p, "WORKS_IN")}), 2)
    p = pick(P, lambda n: len(g.o(n, "TEACHES")) >= 2)
    add("multi_hop", "multi_hop", f"In which buildings are the courses taught by {N(p)} held?",
        s_gold(g, {b for c in g.o(p, "TEACHES") for b in g.o(c, "HELD_IN")}), 2)
    c = pick(C, lambda n: g.a(n, "level") == "advanced" and
             len({x for y in g.i(n, "PREREQUISITE_OF") for x in g.i(y, "PREREQUISITE_OF")}) >= 2)
    add("multi_hop", "multi_hop", f"What are the prerequisites of the prerequisites of {N(c)}?",
        s_gold(g, {x for y in g.i(c, "PREREQUISITE_OF") for x in g.i(y, "PREREQUISITE_OF")}), 2)
    c = pick(C, lambda n: g.a(n, "level") == "introductory" and
             2 <= len({x for y in g.o(n, "PREREQUISITE_OF") for x in g.o(y, "PREREQUISITE_OF")}) <= 10)
    add("multi_hop", "multi_hop",
        f"which courses have a prerequisite that itself requires {N(c)}?",
        s_gold(g, {x for y in g.o(c, "PREREQUISITE_OF") for x in g.o(y, "PREREQUISITE_OF")}), 2)
    c = pick(C, lambda n: 1 <= len({p for y in g.o(n, "PREREQUISITE_OF") for p in g.i(y, "TEACHES")}) <= 10)
    add("multi_hop", "multi_hop", f"Which lecturers teach courses that have {N(c)} as a prerequisite?",
        s_gold(g, {p for y in g.o(c, "PREREQUISITE_OF") for p in g.i(y, "TEACHES")}), 2)
    p = pick(P, lambda n: len(g.o(n, "TEACHES")) >= 1)
    add("multi_hop", "multi_hop", f"How many distinct students are taking courses taught by {N(p)}?",
        c_gold(len({s for c in g.o(p, "TEACHES") for s in g.i(c, "ENROLLED_IN")})), 2)
    pr = pick(PR, lambda n: 2 <= len({x for s in g.i(n, "MAJORS_IN") for x in g.i(s, "AWARDED_TO")}) <= 10)
    add("multi_hop", "multi_hop", f"Which scholarships have been won by students of the {N(pr)} program?",
        s_gold(g, {x for s in g.i(pr, "MAJORS_IN") for x in g.i(s, "AWARDED_TO")}), 2)
    s = pick(S, lambda n: len(g.i(n, "ADVISES")) == 1)
    add("multi_hop", "multi_hop", f"Which building is {N(s)}'s advisor's department located in?",
        s_gold(g, {b for p in g.i(s, "ADVISES") for d in g.o(p, "WORKS_IN") for b in g.o(d, "LOCATED_IN")}), 3)
    p = pick(P, lambda n: 2 <= len(g.o(n, "ADVISES")) <= 6)
    add("multi_hop", "multi_hop", f"Which departments offer the courses taken by students that {N(p)} advises?",
        s_gold(g, {d for s in g.o(p, "ADVISES") for c in g.o(s, "ENROLLED_IN") for d in g.o(c, "OFFERED_BY")}), 3)
    d = pick(D)
    add("multi_hop", "multi_hop",
        f"How many scholarship holders are studying in programmes run by the {N(d)} department?",
        c_gold(len({s for pr in g.i(d, "RUN_BY") for s in g.i(pr, "MAJORS_IN") if g.i(s, "AWARDED_TO")})), 3)
    sc = pick(SC, lambda n: 1 <= len({p for s in g.o(n, "AWARDED_TO") for p in g.i(s, "ADVISES")}) <= 10)
    add("multi_hop", "multi_hop", f"Who advises the students that received the {N(sc)}?",
        s_gold(g, {p for s in g.o(sc, "AWARDED_TO") for p in g.i(s, "ADVISES")}), 2)
    s = pick(S, lambda n: len({b for c in g.o(n, "ENROLLED_IN") for p in g.i(c, "TEACHES")
                               for d in g.o(p, "WORKS_IN") for b in g.o(d, "LOCATED_IN")}) >= 2)
    add("multi_hop", "multi_hop", w(
        f"Which buildings house the departments of the professors who teach {N(s)}'s courses?",
        f"{N(s)} takes some courses; the professors teaching them belong to departments. Which buildings are those "
        "departments located in?"),
        s_gold(g, {b for c in g.o(s, "ENROLLED_IN") for p in g.i(c, "TEACHES") for d in g.o(p, "WORKS_IN")
                   for b in g.o(d, "LOCATED_IN")}), 4)
    sc = pick(SC, lambda n: len(g.o(n, "AWARDED_TO")) >= 3)
    add("multi_hop", "multi_hop",
        f"In which buildings are the departments that run the programs of the {N(sc)} winners located?",
        s_gold(g, {b for s in g.o(sc, "AWARDED_TO") for pr in g.o(s, "MAJORS_IN") for d in g.o(pr, "RUN_BY")
                   for b in g.o(d, "LOCATED_IN")}), 4)
    b = pick(B, lambda n: len(g.i(n, "LOCATED_IN")) >= 1)
    add("multi_hop", "multi_hop",
        f"How many different students are enrolled in courses taught by professors from departments located in "
        f"{N(b)}?",
        c_gold(len({s for d in g.i(b, "LOCATED_IN") for p in g.i(d, "WORKS_IN") for c in g.o(p, "TEACHES")
                    for s in g.i(c, "ENROLLED_IN")})), 4)
    c = pick(C)
    add("multi_hop", "multi_hop", f"On which campus is the home building of the department offering {N(c)}?",
        v_gold(g.a(g.o(g.o(c, "OFFERED_BY")[0], "LOCATED_IN")[0], "campus")), 2)

    # ---- superlatives ------------------------------------------------------------------------------------------
    def sup(items, key, most: str, least: str, hops: int) -> None:
        """A superlative with a unique winner: the highest if it is unique, else the lowest."""
        for text, high in ((most, True), (least, False)):
            best = unique_best(items, key, highest=high)
            if best is not None:
                add("comparison", "superlative", text, s_gold(g, [best]), hops)
                return
        raise RuntimeError(f"no unique winner for {most!r}")

    sup(g.by_type[P], lambda n: len(g.o(n, "ADVISES")), "Which professor advises the most students?",
        "Which professor advises the fewest students?", 1)
    sup(g.by_type[C], lambda n: len(g.i(n, "ENROLLED_IN")), "which course has the highest enrolment?",
        "which course has the lowest enrolment?", 1)
    sup(g.by_type[SC], lambda n: len(g.o(n, "AWARDED_TO")), "Which scholarship has been awarded to the most students?",
        "Which scholarship has been awarded to the fewest students?", 1)
    sup(g.by_type[B], lambda n: g.a(n, "floors"), "What's the tallest building by number of floors?",
        "Which building has the fewest floors?", 0)
    sup(g.by_type[P], lambda n: g.a(n, "salary"), "Who is the highest-paid professor?",
        "Who is the lowest-paid professor?", 0)
    sup(g.by_type[D], lambda n: -g.a(n, "founded"), "Which is the oldest department (earliest founded)?",
        "Which department was founded most recently?", 0)
    p = pick(P, lambda n: len(g.o(n, "ADVISES")) >= 3 and
             unique_best(g.o(n, "ADVISES"), lambda s: g.a(s, "gpa"), highest=False) is not None)
    best = unique_best(g.o(p, "ADVISES"), lambda s: g.a(s, "gpa"), highest=False)
    add("comparison", "superlative", f"Among the students {N(p)} advises, who has the lowest GPA?", s_gold(g, [best]), 1)
    d = pick(D, lambda n: unique_best(g.i(n, "WORKS_IN"), lambda p: g.a(p, "hired")) is not None)
    add("comparison", "superlative", f"Who was the most recent hire in the {N(d)} department?",
        s_gold(g, [unique_best(g.i(d, "WORKS_IN"), lambda p: g.a(p, "hired"))]), 1)
    c = pick(C, lambda n: unique_best(g.i(n, "ENROLLED_IN"), lambda s: g.e(s, "ENROLLED_IN", n)["mark"]) is not None)
    add("comparison", "superlative", f"Who got the top mark in {N(c)}?",
        s_gold(g, [unique_best(g.i(c, "ENROLLED_IN"), lambda s: g.e(s, "ENROLLED_IN", c)["mark"])]), 1)

    # ---- totals and averages -----------------------------------------------------------------------------------
    s = pick(S, lambda n: len(g.o(n, "ENROLLED_IN")) >= 3)
    add("aggregate", "total", f"What is the total number of credits of the courses {N(s)} is enrolled in?",
        v_gold(sum(g.a(c, "credits") for c in g.o(s, "ENROLLED_IN"))), 1)
    pr = pick(PR)
    add("aggregate", "average", f"What is the average GPA of students majoring in {N(pr)}?",
        v_gold(round(mean(g.a(s, "gpa") for s in g.i(pr, "MAJORS_IN")), 2)), 1)
    d = pick(D)
    add("aggregate", "total", f"total salary of the profs who work in {N(d)}?",
        v_gold(sum(g.a(p, "salary") for p in g.i(d, "WORKS_IN"))), 1)
    c = pick(C)
    add("aggregate", "average", f"What was the average mark in {N(c)}?",
        v_gold(round(mean(a["mark"] for a in g.inn[(c, "ENROLLED_IN")].values()), 2)), 1)
    add("aggregate", "average", "What is the average amount of the renewable scholarships?",
        v_gold(round(mean(g.a(n, "amount") for n in g.by_type[SC] if g.a(n, "renewable")), 2)), 0)
    b = pick(B, lambda n: len(g.i(n, "HELD_IN")) >= 2)
    add("aggregate", "total", f"What is the combined capacity of all courses held in {N(b)}?",
        v_gold(sum(g.a(c, "capacity") for c in g.i(b, "HELD_IN"))), 1)
    add("aggregate", "average", "What's the average salary of full professors?",
        v_gold(round(mean(g.a(n, "salary") for n in g.by_type[P] if g.a(n, "rank") == "full"), 2)), 0)

    # ---- edge properties ---------------------------------------------------------------------------------------
    for _ in range(2):
        s = pick(S)
        c = rnd.choice(g.o(s, "ENROLLED_IN"))
        add("lookup", "edge_property", w(f"What mark did {N(s)} get in {N(c)}?", f"{N(s)}'s mark in {N(c)}?"),
            v_gold(g.e(s, "ENROLLED_IN", c)["mark"]), 1)
    s = pick(S)
    c = rnd.choice(g.o(s, "ENROLLED_IN"))
    add("lookup", "edge_property", f"In which semester did {N(s)} take {N(c)}?",
        v_gold(g.e(s, "ENROLLED_IN", c)["semester"]), 1)
    s = pick(S, lambda n: len(g.i(n, "ADVISES")) == 1)
    p = g.i(s, "ADVISES")[0]
    add("lookup", "edge_property", f"Since when has {N(p)} been advising {N(s)}?",
        v_gold(g.e(p, "ADVISES", s)["since"]), 1)
    s = pick(S, lambda n: len(g.i(n, "AWARDED_TO")) == 1)
    sc = g.i(s, "AWARDED_TO")[0]
    add("lookup", "edge_property", f"In what year was {N(s)} awarded the {N(sc)}?",
        v_gold(g.e(sc, "AWARDED_TO", s)["year"]), 1)
    c = pick(C)
    add("lookup", "edge_property", f"Which room is {N(c)} taught in?",
        v_gold(g.e(c, "HELD_IN", g.o(c, "HELD_IN")[0])["room"]), 1)
    c = pick(C, lambda n: 1 <= sum(a["mark"] >= 95 for a in g.inn[(n, "ENROLLED_IN")].values()) <= 8)
    add("relation", "edge_property", f"Which students scored 95 or higher in {N(c)}?",
        s_gold(g, [s for s, a in g.inn[(c, "ENROLLED_IN")].items() if a["mark"] >= 95]), 1)
    c = pick(C, lambda n: sum(a["mark"] < 40 for a in g.inn[(n, "ENROLLED_IN")].values()) >= 1)
    add("aggregate", "edge_property", f"How many students got a mark below 40 in {N(c)}?",
        c_gold(sum(a["mark"] < 40 for a in g.inn[(c, "ENROLLED_IN")].values())), 1)

    # ---- yes / no ----------------------------------------------------------------------------------------------
    c = pick(C, lambda n: len(g.o(n, "PREREQUISITE_OF")) >= 1)
    c2 = rnd.choice(g.o(c, "PREREQUISITE_OF"))
    add("relation", "yes_no", f"Is {N(c)} a prerequisite for {N(c2)}?", b_gold(True), 1)
    c = pick(C, lambda n: g.a(n, "level") == "advanced")
    ancestors, todo = set(), list(g.i(c, "PREREQUISITE_OF"))
    while todo:  # every course before c, directly or through other prerequisites: the gold is "no" either way
        x = todo.pop()
        if x not in ancestors:
            ancestors.add(x)
            todo += g.i(x, "PREREQUISITE_OF")
    c2 = rnd.choice([x for x in g.by_type[C] if g.a(x, "level") == "introductory" and x not in ancestors
                     and g.o(x, "OFFERED_BY") == g.o(c, "OFFERED_BY")])
    add("relation", "yes_no", f"Is {N(c2)} a prerequisite of {N(c)}?", b_gold(False), 1)
    p = pick(P, lambda n: len(g.o(n, "TEACHES")) >= 1)
    add("relation", "yes_no", f"Does {N(p)} teach {N(rnd.choice(g.o(p, 'TEACHES')))}?", b_gold(True), 1)
    p = pick(P, lambda n: len(g.o(n, "TEACHES")) >= 1)
    other = rnd.choice([c for c in g.by_type[C] if c not in g.o(p, "TEACHES")])
    add("relation", "yes_no", f"does {N(p)} teach {N(other)}", b_gold(False), 1)
    s = pick(S)
    other = rnd.choice([c for c in g.by_type[C] if c not in g.o(s, "ENROLLED_IN")])
    add("relation", "yes_no", f"Is {N(s)} enrolled in {N(other)}?", b_gold(False), 1)
    p = pick(P, lambda n: g.a(n, "rank") != "assistant")
    add("lookup", "yes_no", f"Is {N(p)} tenured?", b_gold(bool(g.a(p, "tenured"))), 0)
    b = pick(B)
    add("lookup", "yes_no", f"Is {N(b)} wheelchair accessible?", b_gold(bool(g.a(b, "accessible"))), 0)
    s = pick(S)
    add("relation", "yes_no", f"Has {N(s)} received any scholarship?", b_gold(bool(g.i(s, "AWARDED_TO"))), 1)

    # ---- attribute lookups -------------------------------------------------------------------------------------
    p = pick(P)
    add("lookup", "lookup", f"What rank does {N(p)} hold?", v_gold(g.a(p, "rank")), 0)
    b = pick(B)
    add("lookup", "lookup", f"When was {N(b)} opened?", v_gold(g.a(b, "opened")), 0)
    c = pick(C)
    add("lookup", "lookup", f"How many credits is {N(c)} worth?", v_gold(g.a(c, "credits")), 0)
    s = pick(S)
    add("lookup", "lookup", f"what's {N(s)}'s gpa", v_gold(g.a(s, "gpa")), 0)

    # ---- portfolio ---------------------------------------------------------------------------------------------
    s = pick(S, lambda n: 4 <= len(g.neighbours(n)) <= 12)
    add("portfolio", "portfolio", f"Tell me everything about {N(s)}.", s_gold(g, g.neighbours(s)), 1)
    p = pick(P, lambda n: 4 <= len(g.neighbours(n)) <= 12)
    add("portfolio", "portfolio", f"What do we know about professor {N(p)}?", s_gold(g, g.neighbours(p)), 1)
    sc = pick(SC, lambda n: 3 <= len(g.neighbours(n)) <= 12)
    add("portfolio", "portfolio", f"Give me an overview of the {N(sc)}.", s_gold(g, g.neighbours(sc)), 1)
    b = pick(B, lambda n: 3 <= len(g.neighbours(n)) <= 12)
    add("portfolio", "portfolio", f"summarise everything connected to {N(b)}", s_gold(g, g.neighbours(b)), 1)
    s = pick(S, lambda n: 4 <= len(g.neighbours(n)) <= 12)
    add("portfolio", "portfolio", f"Show me {N(s)}'s full profile", s_gold(g, g.neighbours(s)), 1)

    # ---- unknown names -----------------------------------------------------------------------------------------
    known = g.all_names()
    for text, name in [
        ("How many courses does Professor Hortensia Quillfeather teach?", "Hortensia Quillfeather"),
        ("What grade did Bartholomew Ashcombe get in Linear Algebra?", "Bartholomew Ashcombe"),
        ("Which students are enrolled in Underwater Basket Weaving?", "Underwater Basket Weaving"),
        ("Which departments are located in Pemberly Tower?", "Pemberly Tower"),
        ("Who has received the Featherstonehaugh Grant?", "Featherstonehaugh Grant"),
    ]:
        assert name.lower() not in known, name
        add("unanswerable", "unknown_name", text, {"type": "none"}, 0)

    # ---- whole-graph aggregates --------------------------------------------------------------------------------
    add("aggregate", "whole_graph", "How many students are there in total?", c_gold(len(g.by_type[S])), 0)
    add("aggregate", "whole_graph", "How many courses does the university offer?", c_gold(len(g.by_type[C])), 0)
    add("aggregate", "whole_graph", "What is the average GPA across all students?",
        v_gold(round(mean(g.a(n, "gpa") for n in g.by_type[S]), 2)), 0)
    add("aggregate", "whole_graph", "how many enrollments are recorded altogether?", c_gold(g.n_edges["ENROLLED_IN"]), 1)
    add("aggregate", "whole_graph", "What's the total budget of all departments?",
        v_gold(sum(g.a(n, "budget") for n in g.by_type[D])), 0)

    if len(qs) != N_TOTAL:
        raise RuntimeError(f"{len(qs)} questions, expected {N_TOTAL}")
    return qs


def split(qs: list[dict], seed: int = SEED) -> tuple[list[dict], list[dict]]:
    """A seeded shuffle, then dev = the first N_DEV in a category-stratified order; ids dev-NNN / ho-NNN."""
    rnd = random.Random(seed + 1)
    by_cat: dict[str, list[dict]] = defaultdict(list)
    for q in qs:
        by_cat[q["category"]].append(q)
    for cat in by_cat:
        rnd.shuffle(by_cat[cat])
    dev, holdout = [], []
    for cat in sorted(by_cat):
        items = by_cat[cat]
        k = round(len(items) * N_DEV / N_TOTAL)
        dev += items[:k]
        holdout += items[k:]
    while len(dev) > N_DEV:  # rounding: move the surplus to the holdout
        holdout.append(dev.pop())
    while len(dev) < N_DEV:
        dev.append(holdout.pop())
    rnd.shuffle(dev)
    rnd.shuffle(holdout)
    out_dev = [{"id": f"dev-{i:03d}", **q} for i, q in enumerate(dev, 1)]
    out_ho = [{"id": f"ho-{i:03d}", **q} for i, q in enumerate(holdout, 1)]
    return out_dev, out_ho


def write(out_dir: Path, graphml: Path) -> tuple[Path, Path]:
    dev, holdout = split(build(Graph(graphml)))
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = (out_dir / "dev.jsonl", out_dir / "holdout.jsonl")
    for path, rows in zip(paths, (dev, holdout), strict=True):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return paths


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: python tests/byog3/questions.py OUT_DIR [GRAPHML]")
    out_dir = Path(sys.argv[1])
    if len(sys.argv) == 3:
        paths = write(out_dir, Path(sys.argv[2]))
    else:
        spec = importlib.util.spec_from_file_location("byog3_graph", Path(__file__).resolve().parent / "graph.py")
        graph_mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(graph_mod)
        with tempfile.TemporaryDirectory() as tmp:
            paths = write(out_dir, graph_mod.write(Path(tmp)))
    for p in paths:
        print(p)


if __name__ == "__main__":
    main()
