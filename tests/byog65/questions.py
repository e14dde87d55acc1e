"""Holdout questions with structured golds over the byog65 marathon graph.

Usage: python tests/byog65/questions.py OUT_DIR [GRAPH_PATH]   ->   OUT_DIR/holdout.jsonl
GRAPH_PATH defaults to OUT_DIR/marathon.graphml. Reads only that file; deterministic.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx


class G:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.n: dict[str, dict] = {k: dict(v) for k, v in g.nodes(data=True)}
        self.out: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.inn: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.edges: list[tuple[str, str, str, dict]] = []
        for a, b, d in g.edges(data=True):
            d = dict(d)
            t = d.pop("type")
            self.out[a].append((t, b, d))
            self.inn[b].append((t, a, d))
            self.edges.append((a, t, b, d))
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for k in sorted(self.n, key=lambda x: (x.split("-")[0], int(x.split("-")[1]))):
            self.by_type[self.n[k]["type"]].append(k)

    def name(self, i: str) -> str:
        d = self.n[i]
        return d["name"] if "name" in d else f"{d['first_name']} {d['last_name']}"

    def o(self, i: str, t: str) -> list[str]:
        return [b for tt, b, _ in self.out[i] if tt == t]

    def i(self, i: str, t: str) -> list[str]:
        return [a for tt, a, _ in self.inn[i] if tt == t]

    def eattr(self, a: str, t: str, b: str) -> dict:
        return next(d for tt, bb, d in self.out[a] if tt == t and bb == b)

    def o_many(self, ids, t):
        return sorted({b for x in ids for b in self.o(x, t)}, key=order)

    def i_many(self, ids, t):
        return sorted({a for x in ids for a in self.i(x, t)}, key=order)


def order(x: str) -> tuple[str, int]:
    p, n = x.split("-")
    return p, int(n)


def main() -> None:
    out_dir = Path(sys.argv[1])
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "marathon.graphml"
    g = G(path)
    rng = random.Random(6565)
    T = g.by_type
    qs: list[dict] = []

    def shuffled(t: str) -> list[str]:
        xs = list(T[t])
        rng.shuffle(xs)
        return xs

    def pick(t: str, pred):
        for x in shuffled(t):
            try:
                if pred(x):
                    return x
            except (StopIteration, KeyError, ValueError):
                continue
        raise SystemExit(f"no {t} fits")

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"id": f"byog65-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def sset(ids) -> dict:
        ids = sorted(ids, key=order)
        assert 1 <= len(ids) <= 12, ids
        return {"type": "set", "ids": ids, "names": [g.name(x) for x in ids]}

    def cnt(v: int) -> dict:
        assert v > 0
        return {"type": "count", "value": v}

    nm = g.name
    # ---- count
    add("count", "How many runners are in the dataset?", cnt(len(T["Runner"])), 0)
    add("count", "how many running clubs are there", cnt(len(T["Club"])), 0)
    add("count", "What's the total number of checkpoints across every course?", cnt(len(T["Checkpoint"])), 0)
    add("count", "Give me the number of volunteers on file.", cnt(len(T["Volunteer"])), 0)
    add("count", "number of charities?", cnt(len(T["Charity"])), 0)

    # ---- filtered_count
    add("filtered_count", "How many elite runners are there?",
        cnt(sum(g.n[x]["is_elite"] for x in T["Runner"])), 0)
    add("filtered_count", "how many races are run on trail terrain",
        cnt(sum(g.n[x]["terrain"] == "trail" for x in T["Race"])), 0)
    add("filtered_count", "How many checkpoints have medical cover?",
        cnt(sum(g.n[x]["has_medical"] for x in T["Checkpoint"])), 0)
    add("filtered_count", "Count the runners in the masters age group.",
        cnt(sum(g.n[x]["age_group"] == "masters" for x in T["Runner"])), 0)
    club = pick("Club", lambda c: len(g.i(c, "MEMBER_OF")) > 20)
    add("filtered_count", f"How many members does {nm(club)} have?", cnt(len(g.i(club, "MEMBER_OF"))), 1)
    city = pick("City", lambda c: len(g.i(c, "HELD_IN")) >= 3)
    add("filtered_count", f"how many races took place in {nm(city)}?", cnt(len(g.i(city, "HELD_IN"))), 1)
    add("filtered_count", "How many clubs were founded before 1990?",
        cnt(sum(g.n[x]["founded_year"] < 1990 for x in T["Club"])), 0)
    add("filtered_count", "How many sponsors come from the finance industry?",
        cnt(sum(g.n[x]["industry"] == "finance" for x in T["Sponsor"])), 0)
    coach = pick("Coach", lambda c: 8 <= len(g.o(c, "COACHES")) <= 30)
    add("filtered_count", f"How many athletes does coach {nm(coach)} train?", cnt(len(g.o(coach, "COACHES"))), 1)
    add("filtered_count", "How many volunteers hold a first-aid certificate?",
        cnt(sum(g.n[x]["first_aid_certified"] for x in T["Volunteer"])), 0)

    # ---- list
    city2 = pick("City", lambda c: c != city and 2 <= len(g.i(c, "BASED_IN")) <= 12)
    add("list", f"Which clubs are based in {nm(city2)}?", sset(g.i(city2, "BASED_IN")), 1)
    race = pick("Race", lambda r: len(g.i(r, "ON_COURSE_OF")) >= 5)
    add("list", f"List the checkpoints along the {nm(race)} course.", sset(g.i(race, "ON_COURSE_OF")), 1)
    race2 = pick("Race", lambda r: r != race and len(g.i(r, "SPONSORS")) >= 3)
    add("list", f"show me the sponsors of {nm(race2)}", sset(g.i(race2, "SPONSORS")), 1)
    r1 = pick("Runner", lambda r: len(g.o(r, "RAISES_FUNDS_FOR")) >= 2)
    add("list", f"Which charities is {nm(r1)} raising money for?", sset(g.o(r1, "RAISES_FUNDS_FOR")), 1)
    cp = pick("Checkpoint", lambda c: len(g.i(c, "STAFFS")) >= 3)
    add("list", f"who volunteers at {nm(cp)}?", sset(g.i(cp, "STAFFS")), 1)
    r2 = pick("Runner", lambda r: len(g.o(r, "FINISHED")) >= 3)
    add("list", f"Which races has {nm(r2)} completed", sset(g.o(r2, "FINISHED")), 1)
    coach2 = pick("Coach", lambda c: c != coach and 3 <= len(g.o(c, "COACHES")) <= 12)
    add("list", f"give me the athletes coached by {nm(coach2)}", sset(g.o(coach2, "COACHES")), 1)

    # ---- multihop
    def mh(text_fn, t, fn, hops, lo=2, hi=12):
        def ok(x):
            return lo <= len(fn(x)) <= hi
        x = pick(t, ok)
        add("multihop", text_fn(nm(x)), sset(fn(x)), hops)
        return x

    mh(lambda a: f"Which cities have hosted races that {a} finished?", "Runner",
       lambda x: g.o_many(g.o(x, "FINISHED"), "HELD_IN"), 2)
    mh(lambda a: f"which clubs do the runners paced by {a} belong to", "Runner",
       lambda x: g.o_many(g.o(x, "PACED"), "MEMBER_OF"), 2)
    mh(lambda a: f"Who coaches the people who paced {a}?", "Runner",
       lambda x: g.i_many(g.i(x, "PACED"), "COACHES"), 2, lo=1)
    mh(lambda a: f"Which sponsors back races held in {a}?", "City",
       lambda x: g.i_many(g.i(x, "HELD_IN"), "SPONSORS"), 2)
    mh(lambda a: f"On which races did {a} staff a checkpoint?", "Volunteer",
       lambda x: g.o_many(g.o(x, "STAFFS"), "ON_COURSE_OF"), 2)
    mh(lambda a: f"What charities are members of {a} fundraising for?", "Club",
       lambda x: g.o_many(g.i(x, "MEMBER_OF"), "RAISES_FUNDS_FOR"), 2)
    mh(lambda a: f"In which cities are the clubs of the runners coached by {a} based?", "Coach",
       lambda x: g.o_many(g.o_many(g.o(x, "COACHES"), "MEMBER_OF"), "BASED_IN"), 3, hi=10)
    mh(lambda a: f"Which cities hosted races finished by runners that {a} paced?", "Runner",
       lambda x: g.o_many(g.o_many(g.o(x, "PACED"), "FINISHED"), "HELD_IN"), 3)
    mh(lambda a: f"which sponsors supported the races where {a} volunteered at a checkpoint", "Volunteer",
       lambda x: g.i_many(g.o_many(g.o(x, "STAFFS"), "ON_COURSE_OF"), "SPONSORS"), 3)
    mh(lambda a: f"Who leads the clubs of the runners who paced {a}?", "Runner",
       lambda x: g.i_many(g.o_many(g.i(x, "PACED"), "MEMBER_OF"), "LEADS"), 3)
    mh(lambda a: f"List the runners who have paced a member of {a}.", "Club",
       lambda x: g.i_many(g.i(x, "MEMBER_OF"), "PACED"), 2, lo=3)
    mh(lambda a: f"Which clubs are based in the cities that host races whose checkpoints {a} staffed?",
       "Volunteer", lambda x: g.i_many(g.o_many(g.o_many(g.o(x, "STAFFS"), "ON_COURSE_OF"), "HELD_IN"),
                                       "BASED_IN"), 4, lo=3)
    mh(lambda a: f"Which sponsors back races held in the city where {a}'s club is based?", "Coach",
       lambda x: g.i_many(g.i_many(g.o_many(g.o(x, "LEADS"), "BASED_IN"), "HELD_IN"), "SPONSORS"), 4, lo=3)
    mh(lambda a: f"which companies sponsor races in the cities where {a}'s pacers live", "Runner",
       lambda x: g.i_many(g.i_many(g.o_many(g.i(x, "PACED"), "LIVES_IN"), "HELD_IN"), "SPONSORS"), 4, lo=3)

    # ---- superlative (ties dropped)
    sup: list[tuple[str, dict[str, float], bool, int]] = []

    def top(text: str, scores: dict[str, float], low: bool = False, hops: int = 0) -> None:
        sup.append((text, scores, low, hops))

    def members(c):
        return g.i(c, "MEMBER_OF")

    top("Which race has the biggest elevation gain?", {x: g.n[x]["elevation_gain_m"] for x in T["Race"]})
    top("Which coach has the most years of experience?", {x: g.n[x]["years_experience"] for x in T["Coach"]})
    top("which club charges the highest membership fee", {x: g.n[x]["membership_fee"] for x in T["Club"]})
    top("Which club has the largest membership?", {x: len(members(x)) for x in T["Club"]}, hops=1)
    top("What race had the most finishers?", {x: len(g.i(x, "FINISHED")) for x in T["Race"]}, hops=1)
    top("Which sponsor has committed the most money to races in total?",
        {x: sum(g.eattr(x, "SPONSORS", r)["amount"] for r in g.o(x, "SPONSORS")) for x in T["Sponsor"]}, hops=1)
    top("Which runner has pledged the largest total to charity?",
        {x: sum(g.eattr(x, "RAISES_FUNDS_FOR", c)["pledged"] for c in g.o(x, "RAISES_FUNDS_FOR"))
         for x in T["Runner"]}, hops=1)
    club3 = pick("Club", lambda c: c != club and len(members(c)) >= 15)
    top(f"Among the members of {nm(club3)}, who runs the most kilometres per week?",
        {x: g.n[x]["weekly_km"] for x in members(club3)}, hops=1)
    race3 = pick("Race", lambda r: r not in (race, race2) and len(g.i(r, "FINISHED")) >= 30)
    top(f"Who recorded the fastest finish time at {nm(race3)}?",
        {x: g.eattr(x, "FINISHED", race3)["finish_minutes"] for x in g.i(race3, "FINISHED")}, low=True, hops=1)
    top("which city has the largest population", {x: g.n[x]["population"] for x in T["City"]})
    top("Which charity has the most fundraisers?", {x: len(g.i(x, "RAISES_FUNDS_FOR")) for x in T["Charity"]},
        hops=1)
    top("Who is the least experienced coach?", {x: g.n[x]["years_experience"] for x in T["Coach"]}, low=True)
    top("Which sponsor has the biggest annual budget?", {x: g.n[x]["annual_budget"] for x in T["Sponsor"]})
    top("which race has the priciest entry fee", {x: g.n[x]["entry_fee"] for x in T["Race"]})
    kept = 0
    for text, scores, low, hops in sup:
        best = (min if low else max)(scores.values())
        winners = [x for x, v in scores.items() if v == best]
        if len(winners) == 1 and kept < 10:
            add("superlative", text, sset(winners), hops)
            kept += 1
    assert kept == 10, kept

    # ---- aggregate
    ch = pick("Charity", lambda c: len(g.i(c, "RAISES_FUNDS_FOR")) >= 10)
    add("aggregate", f"What's the total amount pledged to {nm(ch)}?",
        {"type": "value", "value": round(sum(g.eattr(r, "RAISES_FUNDS_FOR", ch)["pledged"]
                                             for r in g.i(ch, "RAISES_FUNDS_FOR")), 2)}, 1)
    race4 = pick("Race", lambda r: r not in (race, race2, race3) and len(g.i(r, "FINISHED")) >= 20)
    times = [g.eattr(r, "FINISHED", race4)["finish_minutes"] for r in g.i(race4, "FINISHED")]
    add("aggregate", f"What was the average finish time, in minutes, at {nm(race4)}?",
        {"type": "value", "value": round(sum(times) / len(times), 2)}, 1)
    race5 = pick("Race", lambda r: r not in (race, race2, race3, race4) and len(g.i(r, "SPONSORS")) >= 2)
    add("aggregate", f"how much money did sponsors put into {nm(race5)} altogether",
        {"type": "value", "value": round(sum(g.eattr(s, "SPONSORS", race5)["amount"]
                                             for s in g.i(race5, "SPONSORS")), 2)}, 1)
    fees = [g.n[x]["entry_fee"] for x in T["Race"]]
    add("aggregate", "What is the average entry fee across all races?",
        {"type": "value", "value": round(sum(fees) / len(fees), 2)}, 0)
    city3 = pick("City", lambda c: c not in (city, city2) and len(g.i(c, "BASED_IN")) >= 2)
    cf = [g.n[x]["membership_fee"] for x in g.i(city3, "BASED_IN")]
    add("aggregate", f"What's the mean membership fee of the clubs based in {nm(city3)}?",
        {"type": "value", "value": round(sum(cf) / len(cf), 2)}, 1)

    # ---- edge_property
    fin = [(a, b, d) for a, t, b, d in g.edges if t == "FINISHED"]
    rng.shuffle(fin)
    a, b, d = fin[0]
    add("edge_property", f"What was {nm(a)}'s finish time at {nm(b)}?",
        {"type": "value", "value": d["finish_minutes"]}, 1)
    a, b, d = next(x for x in fin[1:] if x[2]["position"] > 20)
    add("edge_property", f"In what position did {nm(a)} place at the {nm(b)}?",
        {"type": "value", "value": d["position"]}, 1)
    sp = sorted(((a, b, d) for a, t, b, d in g.edges if t == "SPONSORS"), key=lambda x: (order(x[0]), order(x[1])))
    a, b, d = sp[rng.randrange(len(sp))]
    add("edge_property", f"How much did {nm(a)} pay to sponsor the {nm(b)}?",
        {"type": "value", "value": d["amount"]}, 1)
    mem = sorted(((a, b, d) for a, t, b, d in g.edges if t == "MEMBER_OF"), key=lambda x: order(x[0]))
    a, b, d = mem[rng.randrange(len(mem))]
    add("edge_property", f"When did {nm(a)} join {nm(b)}?", {"type": "value", "value": d["joined_on"]}, 1)
    st = sorted(((a, b, d) for a, t, b, d in g.edges if t == "STAFFS"), key=lambda x: (order(x[0]), order(x[1])))
    a, b, d = st[rng.randrange(len(st))]
    add("edge_property", f"which shift does {nm(a)} work at {nm(b)}", {"type": "value", "value": d["shift"]}, 1)
    race6 = pick("Race", lambda r: r not in (race, race2, race3, race4, race5)
                 and sum(g.eattr(x, "FINISHED", r)["personal_best"] for x in g.i(r, "FINISHED")) >= 3)
    add("edge_property", f"How many finishes at {nm(race6)} were personal bests?",
        cnt(sum(g.eattr(x, "FINISHED", race6)["personal_best"] for x in g.i(race6, "FINISHED"))), 1)
    add("edge_property", "How many volunteer assignments are afternoon shifts?",
        cnt(sum(1 for _, t, _, d in g.edges if t == "STAFFS" and d["shift"] == "afternoon")), 1)

    # ---- yes_no (4 yes, 4 no)
    def yn(text: str, v: bool) -> None:
        add("yes_no", text, {"type": "bool", "value": v}, 1)

    ru = pick("Runner", lambda r: len(g.o(r, "MEMBER_OF")) == 1)
    yn(f"Is {nm(ru)} a member of {nm(g.o(ru, 'MEMBER_OF')[0])}?", True)
    ru = pick("Runner", lambda r: len(g.o(r, "MEMBER_OF")) == 1)
    other = next(c for c in T["Club"] if c not in g.o(ru, "MEMBER_OF") and c != club)
    yn(f"is {nm(ru)} in the {nm(other)} club", False)
    paced = sorted(((a, b) for a, t, b, _ in g.edges if t == "PACED"), key=lambda p: (order(p[0]), order(p[1])))
    a, b = paced[rng.randrange(len(paced))]
    yn(f"Did {nm(a)} pace {nm(b)}?", True)
    a, b = paced[rng.randrange(len(paced))]
    yn(f"Did {nm(b)} act as pacer for {nm(a)}?", False)
    rr = pick("Race", lambda r: True)
    yn(f"Was the {nm(rr)} held in {nm(g.o(rr, 'HELD_IN')[0])}?", True)
    s = pick("Sponsor", lambda x: True)
    rn = next(r for r in shuffled("Race") if r not in g.o(s, "SPONSORS"))
    yn(f"Does {nm(s)} sponsor the {nm(rn)}?", False)
    re_ = pick("Runner", lambda r: g.n[r]["is_elite"])
    yn(f"Is {nm(re_)} classed as an elite athlete?", True)
    cpn = pick("Checkpoint", lambda c: not g.n[c]["has_medical"])
    yn(f"does the {nm(cpn)} checkpoint have medical support?", False)

    # ---- portfolio
    def nb(x):
        return sorted({b for _, b, _ in g.out[x]} | {a for _, a, _ in g.inn[x]}, key=order)

    x = pick("Sponsor", lambda s: 3 <= len(nb(s)) <= 12)
    add("portfolio", f"Tell me everything about {nm(x)}.", sset(nb(x)), 1)
    x = pick("Checkpoint", lambda c: 3 <= len(nb(c)) <= 12)
    add("portfolio", f"what do we know about {nm(x)}", sset(nb(x)), 1)
    x = pick("Coach", lambda c: 3 <= len(nb(c)) <= 12)
    add("portfolio", f"Give me an overview of coach {nm(x)}", sset(nb(x)), 1)

    # ---- unknown (made-up names)
    for text in ("Which club does Marisol Featherstonehaugh run for?", "When is the Glacier Moon Ultra?",
                 "who sponsors the Tamarack Gorge Half Marathon", "Which races are held in Dunmore Sands?"):
        add("unknown", text, {"type": "none"}, 0)

    # ---- global
    add("global", "How many different node types does this graph have?",
        cnt(len({d["type"] for d in g.n.values()})), 0)
    add("global", "how many relationship types are there in the graph", cnt(len({t for _, t, _, _ in g.edges})), 0)
    add("global", "What's the total number of nodes in the graph?", cnt(len(g.n)), 0)

    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
