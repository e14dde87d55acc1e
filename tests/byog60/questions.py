"""Deterministic hold-out questions over the ski-resort graph written by graph.py.

    python tests/byog60/questions.py OUT_DIR [GRAPH_PATH]

reads only GRAPH_PATH (default OUT_DIR/skiresort_csv) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path


def load(folder: Path):
    nodes: dict[str, dict] = {}
    edges: list[tuple[str, str, str, dict]] = []
    for f in sorted(folder.glob("*.csv")):
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head = rows[0]
        if head[0].startswith(":START_ID"):
            a = head[0][len(":START_ID("):-1]
            b = head[1][len(":END_ID("):-1]
            cols = [(h.split(":")[0], h.split(":")[1]) for h in head[3:]]
            for r in rows[1:]:
                attrs = {k: conv(t, v) for (k, t), v in zip(cols, r[3:], strict=True)}
                edges.append((f"{a}:{r[0]}", r[2], f"{b}:{r[1]}", attrs))
        else:
            label = head[0].split("(")[1][:-1]
            cols = [(h.split(":")[0], h.split(":")[1]) for h in head[1:-1]]
            for r in rows[1:]:
                attrs = {k: conv(t, v) for (k, t), v in zip(cols, r[1:-1], strict=True)}
                name = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
                nodes[f"{label}:{r[0]}"] = {"type": label, "name": name, **attrs}
    return nodes, edges


def conv(t: str, v: str):
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    if t == "boolean":
        return v == "true"
    return v


class G:
    def __init__(self, folder: Path):
        self.nodes, self.edges = load(folder)
        self.out = defaultdict(list)
        self.inn = defaultdict(list)
        for s, t, d, a in self.edges:
            self.out[(s, t)].append((d, a))
            self.inn[(d, t)].append((s, a))
        self.by_name = {n["name"].lower(): i for i, n in self.nodes.items()}

    def of(self, typ: str) -> list[str]:
        return sorted((i for i, n in self.nodes.items() if n["type"] == typ), key=lambda x: int(x.split(":")[1]))

    def o(self, n: str, t: str) -> list[str]:
        return sorted({d for d, _ in self.out[(n, t)]})

    def i(self, n: str, t: str) -> list[str]:
        return sorted({s for s, _ in self.inn[(n, t)]})

    def name(self, n: str) -> str:
        return self.nodes[n]["name"]

    def edge(self, s: str, t: str, d: str) -> dict | None:
        return next((a for x, a in self.out[(s, t)] if x == d), None)


def mentions(text: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def num_in(text: str, value) -> bool:
    return any(abs(float(x) - float(value)) < 1e-9 for x in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])", text))


class Builder:
    def __init__(self, g: G, seed: int = 60):
        self.g = g
        self.rng = random.Random(seed)
        self.qs: list[dict] = []
        self.used: set[str] = set()

    def shuffled(self, typ: str) -> list[str]:
        xs = self.g.of(typ)
        self.rng.shuffle(xs)
        return [x for x in xs if x not in self.used] + [x for x in xs if x in self.used]

    def add(self, kind: str, question: str, gold: dict, hops: int, anchors: tuple = ()) -> bool:
        t = gold["type"]
        if t == "count":
            if gold["value"] == 0 or num_in(question, gold["value"]):
                return False
        elif t == "set":
            if not 1 <= len(gold["ids"]) <= 12 or any(mentions(question, n) for n in gold["names"]):
                return False
            if len(set(gold["ids"])) != len(gold["ids"]):
                return False
        elif t == "value":
            v = gold["value"]
            if isinstance(v, str) and mentions(question, v):
                return False
            if isinstance(v, int | float) and num_in(question, v):
                return False
        self.used.update(anchors)
        self.qs.append({"id": f"byog60-{len(self.qs) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                        "hops": hops})
        return True

    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=lambda x: (x.split(":")[0], int(x.split(":")[1])))
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def first(self, typ: str, make) -> None:
        """Try anchors of ``typ`` in a seeded order until ``make(anchor)`` adds a question."""
        for a in self.shuffled(typ):
            if make(a):
                return
        raise RuntimeError(f"no anchor for {make}")


def top1(items: dict) -> str | None:
    """The key with the strictly largest value, None on a tie."""
    if not items:
        return None
    best = sorted(items.items(), key=lambda kv: -kv[1])
    if len(best) > 1 and abs(best[0][1] - best[1][1]) < 1e-9:
        return None
    return best[0][0]


def build(g: G) -> list[dict]:
    b = Builder(g)
    nd = g.nodes
    n = g.name
    resorts, slopes, lifts = g.of("Resort"), g.of("Slope"), g.of("Lift")
    insts, guests = g.of("Instructor"), g.of("Guest")

    # ---- count (5)
    b.add("count", "How many ski resorts does the group run?", {"type": "count", "value": len(resorts)}, 0)
    b.add("count", "how many lifts are there in total", {"type": "count", "value": len(lifts)}, 0)
    b.add("count", "Number of rental shops?", {"type": "count", "value": len(g.of("RentalShop"))}, 0)
    b.add("count", "How many avalanche bulletins have been published?",
          {"type": "count", "value": len(g.of("SafetyReport"))}, 0)
    b.add("count", "what's the total number of ski instructors on file?", {"type": "count", "value": len(insts)}, 0)

    # ---- filtered_count (10)
    b.add("filtered_count", "How many black runs are there across all resorts?",
          {"type": "count", "value": sum(nd[s]["difficulty"] == "black" for s in slopes)}, 0)
    b.add("filtered_count", "how many of the lifts are gondolas?",
          {"type": "count", "value": sum(nd[x]["lift_type"] == "gondola" for x in lifts)}, 0)
    b.add("filtered_count", "How many resorts offer night skiing",
          {"type": "count", "value": sum(nd[r]["night_skiing"] for r in resorts)}, 0)
    b.add("filtered_count", "How many guests are rated as expert skiers?",
          {"type": "count", "value": sum(nd[x]["skill_level"] == "expert" for x in guests)}, 0)
    b.first("Resort", lambda r: b.add("filtered_count", f"How many pistes does {n(r)} have?",
                                      {"type": "count", "value": len(g.i(r, "PART_OF"))}, 1, (r,)))
    b.first("Instructor", lambda x: len(g.i(x, "TAUGHT_BY")) >= 3 and b.add(
        "filtered_count", f"how many lessons is {n(x)} the instructor for", {"type": "count", "value": len(g.i(x, "TAUGHT_BY"))},
        1, (x,)))
    b.first("Resort", lambda r: b.add("filtered_count", f"Count the instructors employed at {n(r)}.",
                                      {"type": "count", "value": len(g.i(r, "WORKS_AT"))}, 1, (r,)))
    b.add("filtered_count", "How many safety reports put the avalanche danger at level 4 or above?",
          {"type": "count", "value": sum(nd[x]["avalanche_danger"] >= 4 for x in g.of("SafetyReport"))}, 0)
    b.first("Valley", lambda v: len(g.i(v, "LOCATED_IN")) >= 2 and b.add(
        "filtered_count", f"How many resorts lie in {n(v)}?", {"type": "count", "value": len(g.i(v, "LOCATED_IN"))},
        1, (v,)))
    b.add("filtered_count", "how many red slopes are longer than 3 km",
          {"type": "count", "value": sum(nd[s]["difficulty"] == "red" and nd[s]["length_km"] > 3 for s in slopes)}, 0)

    # ---- list (7)
    b.first("Valley", lambda v: b.add("list", f"Which resorts are located in {n(v)}?",
                                      b.sset(g.i(v, "LOCATED_IN")), 1, (v,)))
    b.first("Resort", lambda r: b.add("list", f"list the lifts at {n(r)}", b.sset(g.i(r, "OPERATED_BY")), 1, (r,)))
    b.first("Resort", lambda r: b.add("list", f"which ski instructors does {n(r)} employ?", b.sset(g.i(r, "WORKS_AT")), 1, (r,)))
    b.first("Resort", lambda r: b.add(
        "list", f"Show me the black runs at {n(r)}",
        b.sset([s for s in g.i(r, "PART_OF") if nd[s]["difficulty"] == "black"]), 1, (r,)))
    b.first("RentalShop", lambda s: b.add("list", f"give me the equipment stocked by {n(s)}",
                                          b.sset(g.o(s, "STOCKS")), 1, (s,)))
    b.first("Resort", lambda r: len(g.i(r, "OPERATES_AT")) >= 2 and b.add(
        "list", f"What rental shops operate at {n(r)}?", b.sset(g.i(r, "OPERATES_AT")), 1, (r,)))
    b.first("Lift", lambda x: len(g.o(x, "SERVES")) >= 2 and b.add(
        "list", f"Which slopes can you reach from the {n(x)}?", b.sset(g.o(x, "SERVES")), 1, (x,)))

    # ---- multihop (14)
    def trainers(x):
        return g.i(x, "TRAINED")

    def trainees(x):
        return g.o(x, "TRAINED")

    b.first("Instructor", lambda x: b.add(
        "multihop", f"Who trained the people who trained {n(x)}?",
        b.sset({t for m in trainers(x) for t in trainers(m)}), 2, (x,)))
    b.first("Instructor", lambda x: b.add(
        "multihop", f"which instructors were trained by {n(x)}'s trainees",
        b.sset({t for m in trainees(x) for t in trainees(m)}), 2, (x,)))
    b.first("Instructor", lambda x: b.add(
        "multihop", f"At which resorts do the instructors that {n(x)} trained work?",
        b.sset({r for m in trainees(x) for r in g.o(m, "WORKS_AT")}), 2, (x,)))
    b.first("Instructor", lambda x: b.add(
        "multihop", f"Which resorts employ whoever trained {n(x)}?",
        b.sset({r for m in trainers(x) for r in g.o(m, "WORKS_AT")}), 2, (x,)))
    b.first("Instructor", lambda x: b.add(
        "multihop", f"Which guests have taken a lesson with {n(x)}?",
        b.sset({gu for ls in g.i(x, "TAUGHT_BY") for gu in g.i(ls, "BOOKED")}), 2, (x,)))
    b.first("Guest", lambda x: len(g.o(x, "BOOKED")) >= 2 and b.add(
        "multihop", f"On which slopes did {n(x)} have lessons?",
        b.sset({s for ls in g.o(x, "BOOKED") for s in g.o(ls, "HELD_ON")}), 2, (x,)))
    b.first("Guest", lambda x: len(g.o(x, "BOOKED")) >= 2 and b.add(
        "multihop", f"who were {n(x)}'s ski instructors",
        b.sset({s for ls in g.o(x, "BOOKED") for s in g.o(ls, "TAUGHT_BY")}), 2, (x,)))
    b.first("Guest", lambda x: len(g.o(x, "BOOKED")) >= 3 and b.add(
        "multihop", f"In which valleys are the slopes where {n(x)} took lessons?",
        b.sset({v for ls in g.o(x, "BOOKED") for s in g.o(ls, "HELD_ON") for r in g.o(s, "PART_OF")
                for v in g.o(r, "LOCATED_IN")}), 4, (x,)))
    b.first("Instructor", lambda x: len(g.i(x, "TAUGHT_BY")) >= 4 and b.add(
        "multihop", f"Which valleys contain the slopes where {n(x)}'s lessons were held?",
        b.sset({v for ls in g.i(x, "TAUGHT_BY") for s in g.o(ls, "HELD_ON") for r in g.o(s, "PART_OF")
                for v in g.o(r, "LOCATED_IN")}), 4, (x,)))
    b.first("SafetyReport", lambda x: b.add(
        "multihop", f"Which lifts serve the slopes covered by {n(x)}?",
        b.sset({lf for s in g.o(x, "COVERS") for lf in g.i(s, "SERVES")}), 2, (x,)))
    b.first("Guest", lambda x: b.add(
        "multihop", f"which rental shops are at the resorts where {n(x)} has a pass",
        b.sset({s for r in g.o(x, "HOLDS_PASS") for s in g.i(r, "OPERATES_AT")}), 2, (x,)))
    b.first("Lift", lambda x: b.add(
        "multihop", f"What equipment do the rental shops at the resort that runs the {n(x)} stock?",
        b.sset({e for r in g.o(x, "OPERATED_BY") for s in g.i(r, "OPERATES_AT") for e in g.o(s, "STOCKS")}),
        3, (x,)))
    b.first("Slope", lambda x: len(g.i(x, "HELD_ON")) >= 2 and b.add(
        "multihop", f"Which instructors have taught lessons on {n(x)}?",
        b.sset({i for ls in g.i(x, "HELD_ON") for i in g.o(ls, "TAUGHT_BY")}), 2, (x,)))
    b.first("Lift", lambda x: b.add(
        "multihop", f"Which guests had lessons on runs served by the {n(x)}?",
        b.sset({gu for s in g.o(x, "SERVES") for ls in g.i(s, "HELD_ON") for gu in g.i(ls, "BOOKED")}), 3, (x,)))

    # ---- superlative (10)
    def sup(kind, text, scores, hops, anchors=()):
        best = top1(scores)
        return best is not None and b.add(kind, text, b.sset([best]), hops, anchors)

    sup("superlative", "Which resort has the highest summit?", {r: nd[r]["summit_m"] for r in resorts}, 0)
    sup("superlative", "what's the longest slope", {s: nd[s]["length_km"] for s in slopes}, 0)
    sup("superlative", "Which resort operates the most lifts?", {r: len(g.i(r, "OPERATED_BY")) for r in resorts}, 1)
    sup("superlative", "Which instructor is assigned the most lessons?",
        {x: len(g.i(x, "TAUGHT_BY")) for x in insts}, 1)
    sup("superlative", "Which guest has spent the most money on lessons in total?",
        {x: sum(a["paid_eur"] for _, a in g.out[(x, "BOOKED")]) for x in guests}, 1)
    b.first("Resort", lambda r: sup(
        "superlative", f"Among {n(r)}'s slopes, which one has the biggest vertical drop?",
        {s: nd[s]["vertical_drop_m"] for s in g.i(r, "PART_OF")}, 1, (r,)))
    b.first("Resort", lambda r: len(g.i(r, "WORKS_AT")) >= 4 and sup(
        "superlative", f"Of the instructors working at {n(r)}, who has the most years of experience?",
        {x: nd[x]["years_experience"] for x in g.i(r, "WORKS_AT")}, 1, (r,)))
    sup("superlative", "Which rental shop has the best rating?", {s: nd[s]["rating"] for s in g.of("RentalShop")}, 0)
    b.first("Resort", lambda r: len(g.i(r, "OPERATED_BY")) >= 4 and sup(
        "superlative", f"which lift at {n(r)} moves the most people per hour",
        {x: nd[x]["capacity_per_hour"] for x in g.i(r, "OPERATED_BY")}, 1, (r,)))
    sup("superlative", "Which rental shop has the most units in stock, summed over everything it carries?",
        {s: sum(a["quantity"] for _, a in g.out[(s, "STOCKS")]) for s in g.of("RentalShop")}, 1)

    # ---- aggregate (5)
    b.add("aggregate", "What is the average summit elevation of the resorts, in metres?",
          {"type": "value", "value": round(sum(nd[r]["summit_m"] for r in resorts) / len(resorts), 2)}, 0)
    b.add("aggregate", "total length in km of all black slopes",
          {"type": "value", "value": round(sum(nd[s]["length_km"] for s in slopes if nd[s]["difficulty"] == "black"),
                                           2)}, 0)
    b.first("Guest", lambda x: len(g.o(x, "BOOKED")) >= 3 and b.add(
        "aggregate", f"How much has {n(x)} paid for lessons altogether?",
        {"type": "value", "value": round(sum(a["paid_eur"] for _, a in g.out[(x, "BOOKED")]), 2)}, 1, (x,)))
    b.first("Instructor", lambda x: len(g.i(x, "TAUGHT_BY")) >= 4 and b.add(
        "aggregate", f"What's the average group size of the lessons {n(x)} taught?",
        {"type": "value", "value": round(sum(nd[ls]["group_size"] for ls in g.i(x, "TAUGHT_BY"))
                                         / len(g.i(x, "TAUGHT_BY")), 2)}, 1, (x,)))
    skis = [e for e in g.of("Equipment") if nd[e]["category"] == "skis"]
    b.add("aggregate", "average retail price of the skis in the equipment catalogue?",
          {"type": "value", "value": round(sum(nd[e]["price_eur"] for e in skis) / len(skis), 2)}, 0)

    # ---- edge_property (7)
    wa = [(s, d, a) for s, t, d, a in g.edges if t == "WORKS_AT"]
    b.rng.shuffle(wa)
    for s, d, a in wa:
        if b.add("edge_property", f"Since when has {n(s)} been working at {n(d)}?",
                 {"type": "value", "value": a["since"]}, 1, (s, d)):
            break
    bk = [(s, d, a) for s, t, d, a in g.edges if t == "BOOKED"]
    b.rng.shuffle(bk)
    for s, d, a in bk:
        if b.add("edge_property", f"how much did {n(s)} pay for {n(d)}", {"type": "value", "value": a["paid_eur"]},
                 1, (s, d)):
            break
    hp = [(s, d, a) for s, t, d, a in g.edges if t == "HOLDS_PASS"]
    b.rng.shuffle(hp)
    for s, d, a in hp:
        if b.add("edge_property", f"What type of pass does {n(s)} have at {n(d)}?",
                 {"type": "value", "value": a["pass_type"]}, 1, (s, d)):
            break
    st = [(s, d, a) for s, t, d, a in g.edges if t == "STOCKS"]
    b.rng.shuffle(st)
    for s, d, a in st:
        if b.add("edge_property", f"How many units of {n(d)} does {n(s)} keep in stock?",
                 {"type": "value", "value": a["quantity"]}, 1, (s, d)):
            break
    b.add("edge_property", "How many season passes have been sold?",
          {"type": "count", "value": sum(a["pass_type"] == "season" for _, _, a in hp)}, 1)
    b.add("edge_property", "how many lesson bookings were made online",
          {"type": "count", "value": sum(a["channel"] == "online" for _, _, a in bk)}, 1)
    tr = [(s, d, a) for s, t, d, a in g.edges if t == "TRAINED"]
    b.rng.shuffle(tr)
    for s, d, a in tr:
        if b.add("edge_property", f"In what year did {n(s)} train {n(d)}?", {"type": "value", "value": a["year"]},
                 1, (s, d)):
            break

    # ---- yes_no (8): 4 yes, 4 no
    night = [r for r in resorts if nd[r]["night_skiing"]]
    day_only = [r for r in resorts if not nd[r]["night_skiing"]]
    b.add("yes_no", f"Does {n(b.rng.choice(night))} offer night skiing?", {"type": "bool", "value": True}, 0)
    b.add("yes_no", f"is there night skiing at {n(b.rng.choice(day_only))}", {"type": "bool", "value": False}, 0)
    s, d, _ = wa[-1]
    b.add("yes_no", f"Is {n(s)} on the instructor staff of {n(d)}?", {"type": "bool", "value": True}, 1)
    s2 = next(x for x in b.shuffled("Instructor") if d not in g.o(x, "WORKS_AT"))
    b.add("yes_no", f"Does {n(s2)} work at {n(d)}?", {"type": "bool", "value": False}, 1)
    s, d, _ = tr[-1]
    b.add("yes_no", f"Did {n(s)} train {n(d)}?", {"type": "bool", "value": True}, 1)
    s, d, _ = tr[-2]
    b.add("yes_no", f"Was {n(s)} trained by {n(d)}?", {"type": "bool", "value": d in trainers(s)}, 1)
    sv = [(s, d) for s, t, d, _ in g.edges if t == "SERVES"]
    s, d = sv[len(sv) // 3]
    b.add("yes_no", f"does the {n(s)} take skiers up to {n(d)}", {"type": "bool", "value": True}, 1)
    s, d = sv[len(sv) // 2]
    other = next(x for x in slopes if x not in g.o(s, "SERVES") and g.o(x, "PART_OF") != g.o(s, "OPERATED_BY"))
    b.add("yes_no", f"Does the {n(s)} serve {n(other)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio (3)
    def nbrs(x):
        out = set()
        for s_, _t, d_, _a in g.edges:
            if s_ == x:
                out.add(d_)
            if d_ == x:
                out.add(s_)
        return out

    for typ, text in (("Lift", "Tell me everything about the {}."), ("RentalShop", "what do we know about {}?"),
                      ("Instructor", "Give me the full picture on {}: everything they are connected to")):
        b.first(typ, lambda x, text=text: 3 <= len(nbrs(x)) <= 12 and b.add(
            "portfolio", text.format(n(x)), b.sset(nbrs(x)), 1, (x,)))

    # ---- unknown (4)
    for text, fake in (("How many lifts does {} have?", "Frostvale Peaks"),
                       ("Who trained {}?", "Ottilie Quenneville"),
                       ("which slopes does the {} serve", "Mirabelle Funicular"),
                       ("What equipment does {} stock?", "Glacier Grotto Rentals")):
        assert not any(mentions(nm["name"], fake) or mentions(fake, nm["name"]) for nm in nd.values())
        b.add("unknown", text.format(fake), {"type": "none"}, 0)

    # ---- global (3)
    b.add("global", "How many different node types does the graph have?",
          {"type": "count", "value": len({x["type"] for x in nd.values()})}, 0)
    b.add("global", "how many kinds of relationship are there in this dataset",
          {"type": "count", "value": len({t for _, t, _, _ in g.edges})}, 0)
    b.add("global", "What's the total number of entities (all types) in the graph?",
          {"type": "count", "value": len(nd)}, 0)
    return b.qs


def main() -> None:
    out = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out / "skiresort_csv"
    qs = build(G(folder))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {out / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
