"""Deterministic question set for the byog31 school-district graph.

    python tests/byog31/questions.py OUT_DIR [GRAPH_PATH]

reads only the GraphML file graph.py wrote (default OUT_DIR/schools.graphml) and writes OUT_DIR/holdout.jsonl.
Golds are computed with networkx over that file.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from random import Random

import networkx as nx

PICK_SEED = 3131
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen twenty").split()


def norm(text: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", text.lower()).split()) + " "


def quoted_numbers(text: str) -> set[float]:
    out = {float(x) for x in re.findall(r"(?<![\w.-])(\d+(?:\.\d+)?)(?![\w-])", text)}
    out |= {float(NUMBER_WORDS.index(w)) for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS}
    return out


class Graph:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.ids = sorted(self.g.nodes, key=self.sort_key)

    @staticmethod
    def sort_key(n: str):
        t, _, i = n.rpartition("-")
        return (t, int(i))

    def label(self, n: str) -> str:
        return self.g.nodes[n]["label"]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def a(self, n: str, attr: str):
        return self.g.nodes[n].get(attr)

    def of(self, label: str) -> list[str]:
        return [n for n in self.ids if self.label(n) == label]

    def out(self, n: str, edge: str) -> list[str]:
        return sorted({v for v in self.g.successors(n) if self.g.edges[n, v]["label"] == edge}, key=self.sort_key)

    def inn(self, n: str, edge: str) -> list[str]:
        return sorted({u for u in self.g.predecessors(n) if self.g.edges[u, n]["label"] == edge}, key=self.sort_key)

    def e(self, u: str, v: str, attr: str):
        return self.g.edges[u, v].get(attr)

    def walk(self, start: list[str], steps: list[tuple[str, str]]) -> list[str]:
        cur = set(start)
        for edge, direction in steps:
            nxt: set[str] = set()
            for n in cur:
                nxt |= set(self.out(n, edge) if direction == "out" else self.inn(n, edge))
            cur = nxt
        return sorted(cur, key=self.sort_key)

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)), key=self.sort_key)


def count(v: int) -> dict:
    return {"type": "count", "value": int(v)}


def value(v) -> dict:
    return {"type": "value", "value": v}


def boolean(v: bool) -> dict:
    return {"type": "bool", "value": bool(v)}


class Builder:
    def __init__(self, G: Graph):
        self.G = G
        self.rng = Random(PICK_SEED)
        self.rows: list[dict] = []
        self.used: set[str] = set()  # anchors already used, to spread questions over the graph

    def set_gold(self, ids: list[str]) -> dict:
        ids = sorted(set(ids), key=self.G.sort_key)
        return {"type": "set", "ids": ids, "names": [self.G.name(i) for i in ids]}

    def valid(self, text: str, gold: dict) -> bool:
        t = gold["type"]
        q = norm(text)
        if t == "set":
            return 1 <= len(gold["ids"]) <= 12 and not any(norm(n) in q for n in gold["names"])
        if t == "count":
            return gold["value"] > 0 and float(gold["value"]) not in quoted_numbers(text)
        if t == "value":
            v = gold["value"]
            if isinstance(v, str):
                return norm(v) not in q
            return float(v) not in quoted_numbers(text) and str(v) not in text
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        assert self.valid(text, gold), (text, gold)
        self.rows.append({"id": f"byog31-{len(self.rows) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                          "hops": hops})

    def pick(self, kind: str, hops: int, candidates: list, make: Callable, spread: bool = True) -> None:
        """Try candidates in a seeded order; the first whose question is valid is added."""
        order = list(candidates)
        self.rng.shuffle(order)
        for c in order:
            key = c if isinstance(c, str) else "|".join(c)
            if spread and key in self.used:
                continue
            made = make(c)
            if made is None:
                continue
            text, gold = made
            if self.valid(text, gold):
                self.used.add(key)
                self.add(kind, text, gold, hops)
                return
        raise RuntimeError(f"no candidate for a {kind} question")

    def unique_best(self, items: list[str], score: Callable, lowest: bool = False) -> str | None:
        if not items:
            return None
        scored = sorted(((score(i), i) for i in items), key=lambda p: p[0], reverse=not lowest)
        if len(scored) > 1 and scored[0][0] == scored[1][0]:
            return None
        return scored[0][1]


def build(G: Graph) -> list[dict]:  # noqa: C901 - one flat list of templates reads best
    B = Builder(G)
    n = G.name
    schools, teachers, students = G.of("School"), G.of("Teacher"), G.of("Student")
    courses, clubs, routes, guardians = G.of("Course"), G.of("Club"), G.of("BusRoute"), G.of("Guardian")
    subjects = G.of("Subject")
    mentor_of = {t: G.inn(t, "MENTORS") for t in teachers}
    mentees = {t: G.out(t, "MENTORS") for t in teachers}

    def siblings(s: str) -> list[str]:
        return [x for x in G.walk([s], [("GUARDIAN_OF", "in"), ("GUARDIAN_OF", "out")]) if x != s]

    # ---- count
    B.add("count", "How many students are there in the district?", count(len(students)), 0)
    B.add("count", "how many bus routes does the district operate", count(len(routes)), 0)
    B.pick("count", 1, schools, lambda s: (f"How many teachers are on staff at {n(s)}?",
                                          count(len(G.inn(s, "WORKS_AT")))))
    B.pick("count", 1, courses, lambda c: (f"What's the number of students signed up for {n(c)}?",
                                          count(len(G.inn(c, "ENROLLED_IN")))))
    B.pick("count", 1, routes, lambda r: (f"How many kids ride the {n(r)} bus?", count(len(G.inn(r, "RIDES")))))

    # ---- filtered_count
    B.pick("filtered_count", 1, schools, lambda s: (
        f"How many students at {n(s)} get free lunch?",
        count(sum(G.a(x, "lunch_status") == "free" for x in G.inn(s, "ATTENDS")))))
    B.add("filtered_count", "How many courses in the catalogue are worth a full credit?",
          count(sum(G.a(c, "credits") == 1.0 for c in courses)), 0)
    B.add("filtered_count", "Number of board-certified teachers in the science department?",
          count(sum(G.a(t, "board_certified") and G.a(t, "department") == "science" for t in teachers)), 0)
    B.add("filtered_count", "how many sports clubs don't meet every week",
          count(sum(G.a(c, "category") == "sport" and not G.a(c, "meets_weekly") for c in clubs)), 0)
    B.pick("filtered_count", 1, courses, lambda c: (
        f"How many students scored below 50 in {n(c)}?",
        count(sum(G.e(x, c, "mark") < 50 for x in G.inn(c, "ENROLLED_IN")))))
    B.pick("filtered_count", 1, [s for s in schools if G.a(s, "level") == "high"], lambda s: (
        f"How many students at {n(s)} have a GPA above 3.5?",
        count(sum(G.a(x, "gpa") > 3.5 for x in G.inn(s, "ATTENDS")))))
    B.add("filtered_count", "How many elementary schools are Title I schools?",
          count(sum(G.a(s, "level") == "elementary" and G.a(s, "title_one") for s in schools)), 0)
    B.add("filtered_count", "How many guardians prefer to be contacted in Spanish?",
          count(sum(G.a(x, "preferred_language") == "Spanish" for x in guardians)), 0)
    B.add("filtered_count", "How many bus routes out of the North depot are longer than 20 km?",
          count(sum(G.a(r, "depot") == "North" and G.a(r, "distance_km") > 20 for r in routes)), 0)
    B.pick("filtered_count", 1, schools, lambda s: (
        f"how many teachers at {n(s)} were hired before 2012",
        count(sum(G.a(t, "hire_date") < "2012-01-01" for t in G.inn(s, "WORKS_AT")))))

    # ---- list
    B.pick("list", 1, [c for c in clubs if len(G.inn(c, "ADVISES")) == 2], lambda c: (
        f"Who advises the {n(c)}?", B.set_gold(G.inn(c, "ADVISES"))))
    B.pick("list", 1, [c for c in courses if len(G.out(c, "COVERS")) == 2], lambda c: (
        f"List the subjects that {n(c)} covers.", B.set_gold(G.out(c, "COVERS"))))
    B.pick("list", 1, [r for r in routes if len(G.out(r, "SERVES")) >= 2], lambda r: (
        f"Which schools does the {n(r)} route stop at?", B.set_gold(G.out(r, "SERVES"))))
    B.pick("list", 1, [t for t in teachers if len(G.out(t, "TEACHES")) >= 2], lambda t: (
        f"show me the courses {n(t)} teaches", B.set_gold(G.out(t, "TEACHES"))))
    B.pick("list", 1, [s for s in schools if len(G.inn(s, "HOSTED_BY")) >= 2], lambda s: (
        f"Which clubs are based at {n(s)}?", B.set_gold(G.inn(s, "HOSTED_BY"))))
    B.pick("list", 1, [s for s in students if len(G.inn(s, "GUARDIAN_OF")) == 2], lambda s: (
        f"Who are {n(s)}'s parents or guardians?", B.set_gold(G.inn(s, "GUARDIAN_OF"))))
    B.pick("list", 1, courses, lambda c: (f"which schools offer {n(c)}", B.set_gold(G.out(c, "OFFERED_AT"))))

    # ---- multihop
    B.pick("multihop", 2, [t for t in teachers if mentor_of[t] and mentor_of[mentor_of[t][0]]], lambda t: (
        f"Who mentored {n(t)}'s mentor?", B.set_gold(G.walk([t], [("MENTORS", "in")] * 2))))
    B.pick("multihop", 2, [t for t in teachers if G.walk([t], [("MENTORS", "out")] * 2)], lambda t: (
        f"Which teachers were mentored by the people {n(t)} mentors?",
        B.set_gold(G.walk([t], [("MENTORS", "out")] * 2))))
    B.pick("multihop", 2, [t for t in teachers if len(mentees[t]) >= 2], lambda t: (
        f"At which schools do the teachers mentored by {n(t)} work?",
        B.set_gold(G.walk([t], [("MENTORS", "out"), ("WORKS_AT", "out")]))))
    B.pick("multihop", 3, [s for s in students if G.walk(siblings(s), [("MEMBER_OF", "out")])], lambda s: (
        f"Which clubs do {n(s)}'s siblings belong to?",
        B.set_gold(G.walk(siblings(s), [("MEMBER_OF", "out")]))))
    B.pick("multihop", 2, clubs, lambda c: (
        f"what bus routes do members of {n(c)} take to school",
        B.set_gold(G.walk([c], [("MEMBER_OF", "in"), ("RIDES", "out")]))))
    B.pick("multihop", 2, [t for t in teachers if len(G.walk([t], [("TEACHES", "out"), ("COVERS", "out")])) >= 2],
           lambda t: (f"Which subjects do {n(t)}'s courses cover?",
                      B.set_gold(G.walk([t], [("TEACHES", "out"), ("COVERS", "out")]))))
    B.pick("multihop", 2, guardians, lambda x: (
        f"Which clubs are {n(x)}'s children in?", B.set_gold(G.walk([x], [("GUARDIAN_OF", "out"),
                                                                          ("MEMBER_OF", "out")]))))
    B.pick("multihop", 2, [x for x in guardians if len(G.walk([x], [("GUARDIAN_OF", "out"), ("ATTENDS", "out")])) >= 2],
           lambda x: (f"What schools do {n(x)}'s kids go to?",
                      B.set_gold(G.walk([x], [("GUARDIAN_OF", "out"), ("ATTENDS", "out")]))))
    B.pick("multihop", 2, students, lambda s: (
        f"Which teachers advise the clubs {n(s)} has joined?",
        B.set_gold(G.walk([s], [("MEMBER_OF", "out"), ("ADVISES", "in")]))))
    B.pick("multihop", 3, [t for t in teachers if mentor_of[t] and len(G.out(mentor_of[t][0], "WORKS_AT")) == 1],
           lambda t: (
        f"Which bus routes serve the school where {n(t)}'s mentor works?",
        B.set_gold(G.walk([t], [("MENTORS", "in"), ("WORKS_AT", "out"), ("SERVES", "in")]))))
    B.pick("multihop", 3, students, lambda s: (
        f"Who advises the clubs hosted at the school {n(s)} attends?",
        B.set_gold(G.walk([s], [("ATTENDS", "out"), ("HOSTED_BY", "in"), ("ADVISES", "in")]))))
    B.pick("multihop", 4, [t for t in teachers if mentor_of[t] and len(mentees[mentor_of[t][0]]) >= 2], lambda t: (
        f"Which bus routes serve the schools where {n(t)}'s mentor's mentees work?",
        B.set_gold(G.walk([t], [("MENTORS", "in"), ("MENTORS", "out"), ("WORKS_AT", "out"), ("SERVES", "in")]))))
    B.pick("multihop", 4, [s for s in students if len(G.walk([s], [("GUARDIAN_OF", "in"), ("GUARDIAN_OF", "out"),
                                                                   ("ATTENDS", "out")])) >= 2], lambda s: (
        f"Which clubs are hosted at the schools attended by the children of {n(s)}'s guardians?",
        B.set_gold(G.walk([s], [("GUARDIAN_OF", "in"), ("GUARDIAN_OF", "out"), ("ATTENDS", "out"),
                                ("HOSTED_BY", "in")]))))
    B.pick("multihop", 3, [t for t in teachers if G.walk([t], [("MENTORS", "out")] * 2)], lambda t: (
        f"list the courses taught by the mentees of {n(t)}'s mentees",
        B.set_gold(G.walk([t], [("MENTORS", "out"), ("MENTORS", "out"), ("TEACHES", "out")]))))
    B.pick("multihop", 4, [t for t in teachers if mentor_of[t] and len(mentees[mentor_of[t][0]]) >= 2], lambda t: (
        f"Which subjects are covered by courses taught by the teachers {n(t)}'s mentor mentors?",
        B.set_gold(G.walk([t], [("MENTORS", "in"), ("MENTORS", "out"), ("TEACHES", "out"), ("COVERS", "out")]))))

    # ---- superlative
    def sup(text: str, items: list[str], score: Callable, lowest: bool = False, hops: int = 0) -> None:
        best = B.unique_best(items, score, lowest)
        assert best is not None, text
        B.add("superlative", text, B.set_gold([best]), hops)

    sup("Which school has the highest rating?", schools, lambda s: G.a(s, "rating"))
    sup("who's the longest-serving teacher, going by hire date", teachers, lambda t: G.a(t, "hire_date"), lowest=True)
    sup("Which club has the biggest annual budget?", clubs, lambda c: G.a(c, "annual_budget"))
    sup("Which course has the largest enrolment?", courses, lambda c: len(G.inn(c, "ENROLLED_IN")), hops=1)
    sup("Which club has the most members?", clubs, lambda c: len(G.inn(c, "MEMBER_OF")), hops=1)
    sup("Which school has the most students?", schools, lambda s: len(G.inn(s, "ATTENDS")), hops=1)
    sup("Which school's clubs have the largest combined annual budget?", schools,
        lambda s: sum(G.a(c, "annual_budget") for c in G.inn(s, "HOSTED_BY")), hops=1)

    def scoped(c: str):
        best = B.unique_best(G.inn(c, "MEMBER_OF"), lambda x: G.a(x, "gpa"))
        return None if best is None else (f"Among the members of {n(c)}, who has the highest GPA?",
                                          B.set_gold([best]))

    B.pick("superlative", 1, clubs, scoped)

    def scoped2(s: str):
        best = B.unique_best(G.inn(s, "WORKS_AT"), lambda t: G.a(t, "years_experience"))
        return None if best is None else (f"Of the teachers at {n(s)}, who has the most years of experience?",
                                          B.set_gold([best]))

    B.pick("superlative", 1, schools, scoped2)

    def scoped3(s: str):
        best = B.unique_best(G.out(s, "ENROLLED_IN"), lambda c: G.e(s, c, "mark"), lowest=True)
        return None if best is None else (f"In which of {n(s)}'s courses did they get the lowest mark?",
                                          B.set_gold([best]))

    B.pick("superlative", 1, students, scoped3)

    # ---- aggregate
    B.pick("aggregate", 1, schools, lambda s: (
        f"What is the average GPA of students at {n(s)}?",
        value(round(sum(G.a(x, "gpa") for x in G.inn(s, "ATTENDS")) / len(G.inn(s, "ATTENDS")), 2))))
    B.add("aggregate", "What's the total annual budget of all the arts clubs?",
          value(round(sum(G.a(c, "annual_budget") for c in clubs if G.a(c, "category") == "arts"), 2)), 0)
    maths = [t for t in teachers if G.a(t, "department") == "mathematics"]
    B.add("aggregate", "average salary of teachers in the mathematics department",
          value(round(sum(G.a(t, "salary") for t in maths) / len(maths), 2)), 0)
    B.pick("aggregate", 2, [s for s in schools if len(G.inn(s, "SERVES")) >= 2], lambda s: (
        f"What's the combined seating capacity of the buses serving {n(s)}?",
        value(sum(G.a(r, "capacity") for r in G.inn(s, "SERVES")))))
    B.pick("aggregate", 1, courses, lambda c: (
        f"What is the mean mark in {n(c)}?",
        value(round(sum(G.e(x, c, "mark") for x in G.inn(c, "ENROLLED_IN")) / len(G.inn(c, "ENROLLED_IN")), 2))))

    # ---- edge_property
    enrol = [(s, c) for s in students for c in G.out(s, "ENROLLED_IN")]
    B.pick("edge_property", 1, enrol, lambda p: (f"What mark did {n(p[0])} get in {n(p[1])}?",
                                                 value(G.e(p[0], p[1], "mark"))))
    member = [(s, c) for s in students for c in G.out(s, "MEMBER_OF")]
    B.pick("edge_property", 1, member, lambda p: (f"When did {n(p[0])} join {n(p[1])}?",
                                                  value(G.e(p[0], p[1], "joined_on"))))
    care = [(x, s) for x in guardians for s in G.out(x, "GUARDIAN_OF")
            if G.e(x, s, "relationship") not in ("mother", "father")]
    B.pick("edge_property", 1, care, lambda p: (f"How is {n(p[0])} related to {n(p[1])}?",
                                                value(G.e(p[0], p[1], "relationship"))))
    rides = [(s, r) for s in students for r in G.out(s, "RIDES")]
    B.pick("edge_property", 1, rides, lambda p: (f"what stop number does {n(p[0])} board the {n(p[1])} bus at",
                                                 value(G.e(p[0], p[1], "stop_number"))))
    B.add("edge_property", "How many club members hold the treasurer role?",
          count(sum(G.e(s, c, "role") == "treasurer" for s, c in member)), 1)
    B.pick("edge_property", 1, courses, lambda c: (
        f"How many enrolments in {n(c)} are for the Spring term?",
        count(sum(G.e(x, c, "term") == "Spring" for x in G.inn(c, "ENROLLED_IN")))))
    second = [(t, s) for t in teachers for s in G.out(t, "WORKS_AT") if not G.e(t, s, "full_time")
              and G.e(t, s, "start_date") != G.a(t, "hire_date")]
    B.pick("edge_property", 1, second, lambda p: (f"When did {n(p[0])} start working at {n(p[1])}?",
                                                  value(G.e(p[0], p[1], "start_date"))))

    # ---- yes_no (4 yes, 4 no)
    pairs = [(m, t) for t in teachers for m in mentor_of[t]]
    B.pick("yes_no", 1, pairs, lambda p: (f"Does {n(p[0])} mentor {n(p[1])}?", boolean(True)))
    B.pick("yes_no", 1, pairs, lambda p: (f"Is {n(p[1])} a mentor to {n(p[0])}?", boolean(False)))
    B.pick("yes_no", 1, member, lambda p: (f"Is {n(p[0])} a member of {n(p[1])}?", boolean(True)))
    nonmember = [(s, c) for c in clubs for s in G.walk([c], [("HOSTED_BY", "out"), ("ATTENDS", "in")])
                 if s not in G.inn(c, "MEMBER_OF")]
    B.pick("yes_no", 1, nonmember, lambda p: (f"is {n(p[0])} on the {n(p[1])} roster", boolean(False)))
    serves = [(r, s) for r in routes for s in G.out(r, "SERVES")]
    B.pick("yes_no", 1, serves, lambda p: (f"Does the {n(p[0])} route serve {n(p[1])}?", boolean(True)))
    noserve = [(r, s) for r in routes for s in schools if s not in G.out(r, "SERVES")]
    B.pick("yes_no", 1, noserve, lambda p: (f"Does {n(p[0])} stop at {n(p[1])}?", boolean(False)))
    notoffered = [(c, s) for c in courses for s in schools if s not in G.out(c, "OFFERED_AT")
                  and G.a(s, "level") == G.a(G.out(c, "OFFERED_AT")[0], "level")]
    B.pick("yes_no", 1, notoffered, lambda p: (f"Is {n(p[0])} offered at {n(p[1])}?", boolean(False)))
    B.pick("yes_no", 0, [s for s in schools if G.a(s, "title_one")],
           lambda s: (f"Is {n(s)} a Title I school?", boolean(True)))

    # ---- portfolio
    def portfolio(template: str):
        def make(x: str):
            nb = G.neighbours(x)
            return (template.format(n(x)), B.set_gold(nb)) if 3 <= len(nb) <= 12 else None
        return make

    B.pick("portfolio", 1, [t for t in teachers if mentor_of[t] and mentees[t] and G.out(t, "ADVISES")],
           portfolio("Tell me everything about {}."))
    B.pick("portfolio", 1, [s for s in students if G.out(s, "MEMBER_OF") and G.out(s, "RIDES")],
           portfolio("give me a full profile of {}"))
    B.pick("portfolio", 1, subjects, portfolio("What do we know about {}?"))

    # ---- unknown (made-up names)
    B.add("unknown", "Which clubs does Marisol Quenby belong to?", {"type": "none"}, 1)
    B.add("unknown", "How many students ride the Thistlewood Express?", {"type": "none"}, 1)
    B.add("unknown", "who teaches at Brambleford Academy", {"type": "none"}, 1)
    B.add("unknown", "How many credits is Glassblowing Fundamentals worth?", {"type": "none"}, 0)

    # ---- global
    labels = [G.label(x) for x in G.ids]
    edge_labels = {d["label"] for _, _, d in G.g.edges(data=True)}
    B.add("global", "How many different types of entities are in this graph?", count(len(set(labels))), 0)
    B.add("global", "how many kinds of relationships connect things in this dataset?", count(len(edge_labels)), 0)
    common = sorted(set(labels), key=lambda t: -labels.count(t))
    assert labels.count(common[0]) > labels.count(common[1])
    B.add("global", "What kind of entity is most common in the data?", value(common[0]), 0)
    return B.rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__)
        return 2
    out = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out / "schools.graphml"
    rows = build(Graph(graph))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} questions -> {out / 'holdout.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
