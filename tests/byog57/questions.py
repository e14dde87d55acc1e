"""Deterministic held-out questions over the film festival graph written by graph.py.

    python tests/byog57/questions.py OUT_DIR [GRAPH_PATH]   ->   OUT_DIR/holdout.jsonl

GRAPH_PATH defaults to OUT_DIR/festival.graphml. Reads only that file.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx


class G:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.type = {n: d["labels"].lstrip(":") for n, d in g.nodes(data=True)}
        self.attr = {n: dict(d) for n, d in g.nodes(data=True)}
        self.name = {}
        for n, d in g.nodes(data=True):
            self.name[n] = d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edges = []
        self.adj: dict[str, set[str]] = defaultdict(set)
        for s, t, d in g.edges(data=True):
            self.adj[s].add(t)
            self.adj[t].add(s)
            self.out[(s, d["label"])].append((t, d))
            self.inn[(t, d["label"])].append((s, d))
            self.edges.append((s, t, d))

    def of(self, t: str) -> list[str]:
        return sorted((n for n, ty in self.type.items() if ty == t), key=lambda x: (len(x), x))

    def step(self, ids, et: str, direction: str) -> set[str]:
        idx = self.out if direction == "out" else self.inn
        return {o for i in ids for o, _ in idx.get((i, et), [])}

    def walk(self, start: str, *steps: tuple[str, str]) -> set[str]:
        cur = {start}
        for et, d in steps:
            cur = self.step(cur, et, d)
        return cur

    def neighbours(self, n: str) -> set[str]:
        return set(self.adj.get(n, ()))


def main() -> None:
    out_dir = Path(sys.argv[1])
    graph_path = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "festival.graphml"
    g = G(graph_path)
    rng = random.Random(5757)
    qs: list[dict] = []
    used: set[str] = set()

    def nm(i: str) -> str:
        return g.name[i]

    def pick(t: str, pred) -> str:
        cands = g.of(t)
        rng.shuffle(cands)
        for c in cands:
            if c in used:
                continue
            try:
                if pred(c):
                    used.add(c)
                    return c
            except (KeyError, ValueError):
                continue
        raise RuntimeError(f"no subject of type {t}")

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        text = re.sub(r"s's\b", "s'", text)
        low = text.lower()
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, (text, gold)
            for n in gold["names"]:
                assert n.lower() not in low, (text, n)
        if gold["type"] == "value":
            val = str(gold["value"]).lower()
            if isinstance(gold["value"], int | float):
                assert not re.search(rf"(?<![\w.]){re.escape(val)}(?![\w]|\.\d)", low), (text, gold)
            else:
                assert val not in low, (text, gold)
        if gold["type"] == "count":
            assert gold["value"] > 0
            assert not re.search(rf"(?<![\w.]){gold['value']}(?![\w])", text), (text, gold)
        qs.append({"id": f"byog57-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def sset(ids) -> dict:
        ids = sorted(ids, key=lambda x: (x.split("-")[0], int(x.split("-")[1])))
        return {"type": "set", "ids": ids, "names": [nm(i) for i in ids]}

    def count(v: int) -> dict:
        return {"type": "count", "value": int(v)}

    def value(v) -> dict:
        return {"type": "value", "value": v}

    films, people, venues = g.of("Film"), g.of("Person"), g.of("Venue")
    A = g.attr

    # ---- count (5)
    add("count", "How many films are in the festival database?", count(len(films)), 0)
    add("count", "how many venues are there", count(len(venues)), 0)
    add("count", "What's the total number of production companies?", count(len(g.of("ProductionCompany"))), 0)
    add("count", "Number of sponsors on record?", count(len(g.of("Sponsor"))), 0)
    add("count", "How many screenings have been scheduled overall", count(len(g.of("Screening"))), 0)

    # ---- filtered_count (10)
    add("filtered_count", "How many horror films are in the catalogue?",
        count(sum(A[f]["genre"] == "horror" for f in films)), 0)
    add("filtered_count", "How many Korean-language films are there?",
        count(sum(A[f]["language"] == "Korean" for f in films)), 0)
    add("filtered_count", "how many films run longer than 150 minutes",
        count(sum(A[f]["runtime_min"] > 150 for f in films)), 0)
    add("filtered_count", "How many cinemas have more than 800 seats?",
        count(sum(A[v]["seats"] > 800 for v in venues)), 0)
    add("filtered_count", "How many people in the graph were born before 1960?",
        count(sum(A[p]["birth_date"] < "1960-01-01" for p in people)), 0)
    add("filtered_count", "How many screenings were premieres?",
        count(sum(A[s]["is_premiere"] for s in g.of("Screening"))), 0)
    add("filtered_count", "How many independent production companies are there?",
        count(sum(A[c]["is_independent"] for c in g.of("ProductionCompany"))), 0)
    add("filtered_count", "count the distributors that offer streaming",
        count(sum(A[d]["streaming"] for d in g.of("Distributor"))), 0)
    add("filtered_count", "How many screenings were projected in 70mm?",
        count(sum(A[s]["format"] == "70mm" for s in g.of("Screening"))), 0)
    add("filtered_count", "How many debut films had a budget under 2 million dollars?",
        count(sum(A[f]["is_debut"] and A[f]["budget_musd"] < 2 for f in films)), 0)

    # ---- list (7)
    def sized(s, lo=1, hi=12) -> bool:
        return lo <= len(s) <= hi

    p = pick("Person", lambda x: sized(g.walk(x, ("DIRECTED", "out")), 3, 8))
    add("list", f"Which films did {nm(p)} direct?", sset(g.walk(p, ("DIRECTED", "out"))), 1)
    c = pick("ProductionCompany", lambda x: sized(g.walk(x, ("PRODUCED_BY", "in")), 4, 12))
    add("list", f"List the films produced by {nm(c)}", sset(g.walk(c, ("PRODUCED_BY", "in"))), 1)
    s = pick("Section", lambda x: True)
    add("list", f"who sat on the jury of the {nm(s)} section?", sset(g.walk(s, ("SERVED_ON_JURY", "in"))), 1)
    f = pick("Festival", lambda x: sized(g.walk(x, ("SPONSORS", "in")), 5, 12))
    add("list", f"show me the sponsors of {nm(f)}", sset(g.walk(f, ("SPONSORS", "in"))), 1)
    f = pick("Festival", lambda x: True)
    add("list", f"Which sections make up {nm(f)}?", sset(g.walk(f, ("PART_OF", "in"))), 1)
    a = pick("Award", lambda x: True)
    add("list", f"Which film took home the {nm(a)}?", sset(g.walk(a, ("WON", "in"))), 1)
    m = pick("Film", lambda x: sized(g.walk(x, ("ACTED_IN", "in")), 4, 5))
    add("list", f"give me the cast of {nm(m)}", sset(g.walk(m, ("ACTED_IN", "in"))), 1)

    # ---- multihop (14)
    MENT_O, MENT_I = ("MENTORED", "out"), ("MENTORED", "in")
    DIR_O, DIR_I = ("DIRECTED", "out"), ("DIRECTED", "in")
    SEL_O, PART_O = ("SELECTED_FOR", "out"), ("PART_OF", "out")

    def mh(t: str, steps, text: str, hops: int, lo=1, hi=12, as_count=False) -> None:
        x = pick(t, lambda y: sized(g.walk(y, *steps), lo, hi)
                 and not any(nm(z).lower() in text.format(x=nm(y)).lower() for z in g.walk(y, *steps)))
        res = g.walk(x, *steps)
        add("multihop", text.format(x=nm(x)), count(len(res)) if as_count else sset(res), hops)

    mh("Person", [MENT_O, DIR_O], "Which films were directed by people that {x} mentored?", 2, 2)
    mh("Film", [DIR_I, MENT_I], "who mentored the director of {x}?", 2)
    mh("Person", [MENT_O, MENT_O], "List the mentees of {x}'s mentees.", 2)
    mh("Person", [MENT_I, MENT_I], "Who was the mentor of {x}'s mentor", 2)
    mh("Person", [DIR_O, ("SHOWS", "in"), ("HELD_AT", "out")], "Which venues showed films directed by {x}?", 3, 3)
    mh("ProductionCompany", [("PRODUCED_BY", "in"), SEL_O, PART_O],
       "which festival editions selected films made by {x}", 3, 2)
    mh("Person", [MENT_O, DIR_O, SEL_O, PART_O],
       "Which festival editions featured films directed by people {x} had mentored?", 4, 2)
    mh("ProductionCompany", [("PRODUCED_BY", "in"), SEL_O, PART_O, ("SPONSORS", "in")],
       "Which sponsors backed the festival editions that selected a film produced by {x}?", 4, 3)
    mh("Festival", [("PRESENTED_BY", "in"), ("WON", "in"), ("ACTED_IN", "in")],
       "How many different actors appeared in films that won a prize at {x}?", 3, 1, 99, True)
    mh("Venue", [("HELD_AT", "in"), ("SHOWS", "out"), ("DISTRIBUTES", "in")],
       "How many distinct distributors handled the films shown at {x}?", 3, 1, 99, True)
    mh("Person", [("ACTED_IN", "out"), ("PRODUCED_BY", "out")],
       "What production companies made the movies {x} acted in?", 2, 2)
    mh("Person", [DIR_O, ("WON", "out")], "Which awards went to films directed by {x}?", 2, 2)
    mh("Person", [MENT_O, ("ACTED_IN", "out"), SEL_O, PART_O],
       "In which festival editions were there films starring someone mentored by {x}?", 4, 2)
    mh("Film", [DIR_I, MENT_O], "who are the proteges of the people who directed {x}", 2, 2)

    # ---- superlative (10)
    def top(ids, key):
        ids = list(ids)
        vals = sorted((key(i) for i in ids), reverse=True)
        if len(vals) > 1 and vals[0] == vals[1]:
            return None
        return max(ids, key=key)

    def neg(v):
        return -v

    sup_cands = [
        ("What is the longest film?", lambda: top(films, lambda f: A[f]["runtime_min"]), 0),
        ("which film had the biggest budget", lambda: top(films, lambda f: A[f]["budget_musd"]), 0),
        ("Which venue has the most seats?", lambda: top(venues, lambda v: A[v]["seats"]), 0),
        ("Who is the oldest person in the graph?",
         lambda: top(people, lambda p: neg(int(A[p]["birth_date"].replace("-", "")))), 0),
        ("Which production company has the highest revenue?",
         lambda: top(g.of("ProductionCompany"), lambda c: A[c]["revenue_musd"]), 0),
        ("Which venue hosted the most screenings?", lambda: top(venues, lambda v: len(g.walk(v, ("HELD_AT", "in")))),
         1),
        ("who has directed the most films", lambda: top(people, lambda p: len(g.walk(p, DIR_O))), 1),
        ("Which distributor handles the largest number of films?",
         lambda: top(g.of("Distributor"), lambda d: len(g.walk(d, ("DISTRIBUTES", "out")))), 1),
        ("Which sponsor has contributed the most money in total across all editions?",
         lambda: top(g.of("Sponsor"), lambda sp: sum(d["amount_kusd"] for _, d in g.out.get((sp, "SPONSORS"), []))),
         1),
        ("Which venue drew the biggest total audience across its screenings?",
         lambda: top(venues, lambda v: sum(A[x]["attendance"] for x in g.walk(v, ("HELD_AT", "in")))), 1),
        ("Which actor has the most screen time summed over all their roles?",
         lambda: top(people, lambda p: sum(d["screen_minutes"] for _, d in g.out.get((p, "ACTED_IN"), []))), 1),
    ]
    sups = 0
    for text, fn, hops in sup_cands:
        w = fn()
        if w is None or sups >= 7:
            continue
        add("superlative", text, sset([w]), hops)
        sups += 1

    def scoped(t, steps, key, text, hops):
        def ok(y):
            r = g.walk(y, *steps)
            return len(r) >= 3 and top(r, key) is not None and nm(top(r, key)).lower() not in text.format(
                x=nm(y)).lower()
        x = pick(t, ok)
        add("superlative", text.format(x=nm(x)), sset([top(g.walk(x, *steps), key)]), hops)

    scoped("Person", [DIR_O], lambda f: A[f]["runtime_min"], "Among the films directed by {x}, which is the longest?", 1)
    scoped("ProductionCompany", [("PRODUCED_BY", "in")], lambda f: A[f]["budget_musd"],
           "Which of {x}'s films had the largest budget?", 1)
    scoped("Venue", [("HELD_AT", "in")], lambda s: A[s]["attendance"],
           "of the screenings held at {x}, which one had the highest attendance", 1)
    assert sups + 3 == 10, sups

    # ---- aggregate (5)
    dr = [A[f]["runtime_min"] for f in films if A[f]["genre"] == "drama"]
    add("aggregate", "What's the average runtime of drama films, in minutes?", value(round(sum(dr) / len(dr), 2)), 0)
    v = pick("Venue", lambda x: len(g.walk(x, ("HELD_AT", "in"))) > 5)
    add("aggregate", f"total attendance across all screenings at {nm(v)}",
        value(sum(A[x]["attendance"] for x in g.walk(v, ("HELD_AT", "in")))), 1)
    f = pick("Festival", lambda x: True)
    add("aggregate", f"What is the total sponsorship amount, in thousands of USD, received by {nm(f)}?",
        value(round(sum(d["amount_kusd"] for _, d in g.inn.get((f, "SPONSORS"), [])), 1)), 1)
    porto = [A[x]["seats"] for x in venues if A[x]["city"] == "Porto"]
    add("aggregate", "Average seat count of the venues located in Porto?", value(round(sum(porto) / len(porto), 2)), 0)
    c = pick("ProductionCompany", lambda x: sized(g.walk(x, ("PRODUCED_BY", "in")), 3, 40))
    add("aggregate", f"what is the combined budget (million USD) of the films produced by {nm(c)}",
        value(round(sum(A[x]["budget_musd"] for x in g.walk(c, ("PRODUCED_BY", "in"))), 2)), 1)

    # ---- edge_property (7)
    acted = [(s, t, d) for s, t, d in g.edges if d["label"] == "ACTED_IN"]
    rng.shuffle(acted)
    s1, t1, d1 = next(e for e in acted if e[2]["role"] == "supporting")
    add("edge_property", f"What kind of part did {nm(s1)} have in {nm(t1)}?", value(d1["role"]), 1)
    s2, t2, d2 = next(e for e in acted if e[2]["role"] == "lead" and e[0] != s1)
    add("edge_property", f"How many minutes is {nm(s2)} on screen in {nm(t2)}?", value(d2["screen_minutes"]), 1)
    dist = sorted(((s, t, d) for s, t, d in g.edges if d["label"] == "DISTRIBUTES"), key=lambda e: e[1])
    s3, t3, d3 = dist[rng.randrange(len(dist))]
    add("edge_property", f"When did {nm(s3)} sign its deal for {nm(t3)}?", value(d3["deal_date"]), 1)
    sp = sorted(((s, t, d) for s, t, d in g.edges if d["label"] == "SPONSORS"), key=lambda e: (e[0], e[1]))
    s4, t4, d4 = sp[rng.randrange(len(sp))]
    add("edge_property", f"how much did {nm(s4)} put into {nm(t4)}? (thousands of dollars)",
        value(d4["amount_kusd"]), 1)
    jur = sorted(((s, t, d) for s, t, d in g.edges if d["label"] == "SERVED_ON_JURY"), key=lambda e: (e[1], e[0]))
    s5, t5, d5 = jur[rng.randrange(len(jur))]
    add("edge_property", f"For how many days was {nm(s5)} on the {nm(t5)} jury?", value(d5["days"]), 1)
    add("edge_property", "How many exclusive distribution deals are there?",
        count(sum(d["exclusive"] for _, _, d in dist)), 1)
    add("edge_property", "How many gold-level sponsorships have been signed?",
        count(sum(d["level"] == "gold" for _, _, d in sp)), 1)

    # ---- yes_no (8): yes, no, yes, no, yes, no, yes, no
    p = pick("Person", lambda x: len(g.walk(x, DIR_O)) >= 2)
    m = sorted(g.walk(p, DIR_O))[0]
    add("yes_no", f"Did {nm(p)} direct {nm(m)}?", {"type": "bool", "value": True}, 1)
    p = pick("Person", lambda x: len(g.walk(x, DIR_O)) >= 2)
    m = next(f for f in films if f not in g.walk(p, DIR_O) and f not in g.walk(p, ("ACTED_IN", "out")))
    add("yes_no", f"is {nm(m)} one of {nm(p)}'s films as director?", {"type": "bool", "value": False}, 1)
    m = pick("Film", lambda x: True)
    f = sorted(g.walk(m, SEL_O, PART_O))[0]
    add("yes_no", f"Was {nm(m)} selected for {nm(f)}?", {"type": "bool", "value": True}, 2)
    m = pick("Film", lambda x: True)
    f = next(x for x in g.of("Festival") if x not in g.walk(m, SEL_O, PART_O))
    add("yes_no", f"Was {nm(m)} part of the line-up at {nm(f)}", {"type": "bool", "value": False}, 2)
    ment = sorted(((s, t) for s, t, d in g.edges if d["label"] == "MENTORED"))
    s6, t6 = ment[rng.randrange(len(ment))]
    add("yes_no", f"Did {nm(s6)} mentor {nm(t6)}?", {"type": "bool", "value": True}, 1)
    s7, t7 = next(e for e in ment[::-1] if e[0] != s6)
    add("yes_no", f"Was {nm(s7)} mentored by {nm(t7)}?", {"type": "bool", "value": False}, 1)
    v = pick("Venue", lambda x: A[x]["wheelchair_access"])
    add("yes_no", f"Is {nm(v)} wheelchair accessible?", {"type": "bool", "value": True}, 0)
    spn = pick("Sponsor", lambda x: len(g.walk(x, ("SPONSORS", "out"))) >= 1)
    f = next(x for x in g.of("Festival") if x not in g.walk(spn, ("SPONSORS", "out")))
    add("yes_no", f"does {nm(spn)} sponsor {nm(f)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio (3)
    def folio(t, text, lo=3):
        x = pick(t, lambda y: lo <= len(g.neighbours(y)) <= 12)
        add("portfolio", text.format(x=nm(x)), sset(g.neighbours(x)), 1)

    folio("Person", "Tell me everything about {x}.", 5)
    folio("ProductionCompany", "What do we know about {x}?")
    folio("Sponsor", "give me an overview of everything connected to {x}", 2)

    # ---- unknown (4)
    for text in ("Which films did Bartholomew Quince direct?",
                 "How many screenings did the Velvet Comet Picture House host?",
                 "Who produced the film Lanterns over Tallinn?",
                 "what is the market share of Zephyrine Lake Distribution"):
        low = text.lower()
        assert not any(re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", low) for n in g.name.values()), text
        add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    tc = Counter(g.type.values())
    add("global", "How many different node types does the graph have?", count(len(tc)), 0)
    add("global", "how many kinds of relationships link the entities",
        count(len({d["label"] for _, _, d in g.edges})), 0)
    (t1, n1), (_, n2) = tc.most_common(2)
    assert n1 > n2
    add("global", "Which type of entity is the most numerous?", value(t1), 0)

    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
