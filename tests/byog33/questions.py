"""Deterministic hold-out questions over the airline graph written by graph.py.

    python tests/byog33/questions.py OUT_DIR [GRAPH_PATH]

reads GRAPH_PATH (default OUT_DIR/airline.graphml) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter, defaultdict

import networkx as nx


class G:
    def __init__(self, path: str):
        self.g = nx.read_graphml(path)
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        for a, b, d in self.g.edges(data=True):
            self.out[(a, d["type"])].append((b, d))
            self.inn[(b, d["type"])].append((a, d))
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in self.g.nodes(data=True):
            self.by_type[d["labels"].lstrip(":")].append(n)
        for v in self.by_type.values():
            v.sort(key=_id_key)

    def a(self, n: str) -> dict:
        return self.g.nodes[n]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def o(self, n: str, t: str) -> list[str]:
        return [b for b, _ in self.out[(n, t)]]

    def i(self, n: str, t: str) -> list[str]:
        return [b for b, _ in self.inn[(n, t)]]

    def edge(self, a: str, b: str) -> dict | None:
        return self.g.edges[a, b] if self.g.has_edge(a, b) else None

    def neighbours(self, n: str) -> set[str]:
        return set(self.g.successors(n)) | set(self.g.predecessors(n))


def _id_key(n: str) -> tuple[str, int]:
    p, _, num = n.rpartition("-")
    return (p, int(num))


def _contains(text: str, s: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text, re.IGNORECASE) is not None


class Builder:
    def __init__(self, g: G):
        self.g = g
        self.items: list[dict] = []

    def ok(self, question: str, gold: dict, kind: str = "") -> bool:
        t = gold["type"]
        if t == "count":
            if gold["value"] <= 0 or _contains(question, str(gold["value"])):
                return False
        elif t == "set":
            if not 1 <= len(gold["ids"]) <= (12 if kind == "portfolio" else 10):
                return False
            if any(_contains(question, nm) for nm in gold["names"]):
                return False
        elif t == "value":
            v = gold["value"]
            if isinstance(v, float):
                if re.search(r"\d", question) and any(abs(float(x) - v) <= abs(v) * 0.011
                                                      for x in re.findall(r"\d+(?:\.\d+)?", question)):
                    return False
            elif _contains(question, str(v)):
                return False
        return True

    def add(self, kind: str, question: str, gold: dict, hops: int) -> bool:
        if not self.ok(question, gold, kind):
            return False
        self.items.append({"id": f"byog33-{len(self.items) + 1:02d}", "kind": kind, "question": question,
                           "gold": gold, "hops": hops})
        return True

    def first(self, kind: str, hops: int, candidates, fn) -> None:
        """Add the first candidate for which fn returns (question, gold) that passes the checks."""
        for c in candidates:
            r = fn(c)
            if r and self.add(kind, r[0], r[1], hops):
                return
        raise RuntimeError(f"no candidate for a {kind} question ({fn})")

    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=_id_key)
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}


def unique_top(scores: dict[str, float]) -> str | None:
    if not scores:
        return None
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def build(g: G) -> list[dict]:  # noqa: C901 - one flat list of question templates
    rng = random.Random(3303)
    b = Builder(g)
    T = g.by_type
    N = g.name
    A = g.a

    def shuffled(xs):
        xs = list(xs)
        rng.shuffle(xs)
        return xs

    # ---- count
    b.add("count", "How many aircraft are in the fleet?", {"type": "count", "value": len(T["Aircraft"])}, 0)
    b.add("count", "how many pilots does the airline employ", {"type": "count", "value": len(T["Pilot"])}, 0)
    b.add("count", "Number of frequent-flyer members?", {"type": "count", "value": len(T["Member"])}, 0)
    b.add("count", "How many airports are there in the network?", {"type": "count", "value": len(T["Airport"])}, 0)
    b.add("count", "how many partner airlines do we have", {"type": "count", "value": len(T["PartnerCarrier"])}, 0)

    # ---- filtered counts
    def cnt(t, pred):
        return {"type": "count", "value": sum(1 for n in T[t] if pred(A(n)))}

    b.add("filtered_count", "How many planes have onboard wifi?", cnt("Aircraft", lambda d: d["wifi_equipped"]), 0)
    b.add("filtered_count", "how many of the airports are hubs", cnt("Airport", lambda d: d["is_hub"]), 0)
    b.add("filtered_count", "How many international routes are there?",
          cnt("Route", lambda d: d["is_international"]), 0)
    b.add("filtered_count", "How many Chairman-tier members are there?", cnt("Member", lambda d: d["tier"] == "Chairman"),
          0)
    b.add("filtered_count", "how many maintenance jobs were unscheduled?",
          cnt("MaintenanceEvent", lambda d: d["unscheduled"]), 0)
    b.add("filtered_count", "How many pilots were hired before 2005?",
          cnt("Pilot", lambda d: d["hired_on"] < "2005-01-01"), 0)
    b.add("filtered_count", "How many aircraft seat more than 180 passengers?",
          cnt("Aircraft", lambda d: d["seats"] > 180), 0)
    b.add("filtered_count", "Count the flights that were cancelled.",
          cnt("Flight", lambda d: d["status"] == "cancelled"), 0)
    b.add("filtered_count", "how many business class bookings are there",
          cnt("Booking", lambda d: d["fare_class"] == "Business"), 0)
    b.add("filtered_count", "How many cabin attendants have French as their primary language?",
          cnt("CabinAttendant", lambda d: d["primary_language"] == "French"), 0)

    # ---- lists
    b.add("list", "Which airports are hubs?", b.sset(n for n in T["Airport"] if A(n)["is_hub"]), 0)
    b.add("list", "List the Dash 8-400 aircraft.", b.sset(n for n in T["Aircraft"] if A(n)["model"] == "Dash 8-400"), 0)
    b.add("list", "which partner carriers belong to the Polar Alliance?",
          b.sset(n for n in T["PartnerCarrier"] if A(n)["alliance"] == "Polar Alliance"), 0)
    b.first("list", 1, shuffled(T["Airport"]), lambda ap: (
        f"Show me the routes that depart from {N(ap)}", b.sset(g.i(ap, "DEPARTS_FROM"))))
    b.first("list", 1, shuffled(T["Pilot"]), lambda p: (
        f"Which pilots were trained by {N(p)}?", b.sset(g.i(p, "TRAINED_BY"))))
    b.first("list", 1, shuffled(T["PartnerCarrier"]), lambda p: (
        f"what routes does {N(p)} codeshare on", b.sset(g.o(p, "CODESHARES_ON"))))
    b.add("list", "give me the airports located in Iceland",
          b.sset(n for n in T["Airport"] if A(n)["country"] == "Iceland"), 0)

    # ---- multi-hop
    def trainer(p):
        t = g.o(p, "TRAINED_BY")
        return t[0] if t else None

    b.first("multihop", 2, shuffled(T["Pilot"]), lambda p: (
        f"Who trained the pilot that trained {N(p)}?", b.sset([trainer(trainer(p))]))
        if trainer(p) and trainer(trainer(p)) else None)
    b.first("multihop", 2, shuffled(T["Pilot"]), lambda p: (
        f"Which pilots were trained by someone that {N(p)} trained?",
        b.sset(x for t in g.i(p, "TRAINED_BY") for x in g.i(t, "TRAINED_BY"))))
    b.first("multihop", 3, shuffled(T["Pilot"]), lambda p: (
        f"Who trained the trainer of {N(p)}'s trainer?", b.sset([trainer(trainer(trainer(p)))]))
        if trainer(p) and trainer(trainer(p)) and trainer(trainer(trainer(p))) else None)
    b.first("multihop", 2, shuffled(T["Route"]), lambda r: (
        f"Which aircraft have been used on the {N(r)} route?",
        b.sset(a for f in g.i(r, "OPERATES") for a in g.o(f, "FLOWN_WITH"))))
    b.first("multihop", 3, shuffled(T["Pilot"]), lambda p: (
        f"which airports has {N(p)} flown out of",
        b.sset(ap for f in g.o(p, "PILOTED") for r in g.o(f, "OPERATES") for ap in g.o(r, "DEPARTS_FROM"))))

    def member_flights(m):
        return [f for bk in g.o(m, "HOLDS") for f in g.o(bk, "FOR_FLIGHT")]

    multi_members = [m for m in shuffled(T["Member"]) if len(g.o(m, "HOLDS")) >= 2]
    b.first("multihop", 4, multi_members, lambda m: (
        f"From which airports did the flights {N(m)} booked take off?",
        b.sset(ap for f in member_flights(m) for r in g.o(f, "OPERATES") for ap in g.o(r, "DEPARTS_FROM"))))
    b.first("multihop", 4, multi_members[5:], lambda m: (
        f"Which partner airlines codeshare on routes that {N(m)} has a booking on?",
        b.sset(p for f in member_flights(m) for r in g.o(f, "OPERATES") for p in g.i(r, "CODESHARES_ON"))))
    b.first("multihop", 4, multi_members[10:], lambda m: (
        f"who trained the pilots that flew {N(m)}'s booked flights",
        b.sset(t for f in member_flights(m) for p in g.i(f, "PILOTED") for t in g.o(p, "TRAINED_BY"))))
    b.first("multihop", 2, shuffled(T["Route"]), lambda r: (
        f"Which members live near the airport where the {N(r)} departs from?",
        b.sset(m for ap in g.o(r, "DEPARTS_FROM") for m in g.i(ap, "LIVES_NEAR"))))
    b.first("multihop", 2, shuffled(T["Aircraft"]), lambda a: (
        f"What routes has the {N(a)} flown?", b.sset(r for f in g.i(a, "FLOWN_WITH") for r in g.o(f, "OPERATES"))))
    b.first("multihop", 3, multi_members[40:], lambda m: (
        f"list the cabin crew who worked the flights {N(m)} was booked on",
        b.sset(c for f in member_flights(m) for c in g.i(f, "CREWED"))))
    b.first("multihop", 3, shuffled(T["Pilot"]), lambda p: (
        f"Which frequent flyers were booked on flights piloted by {N(p)}?",
        b.sset(m for f in g.o(p, "PILOTED") for bk in g.i(f, "FOR_FLIGHT") for m in g.i(bk, "HOLDS"))))
    b.first("multihop", 3, shuffled(T["Flight"]), lambda f: (
        f"where has the plane that operated {N(f)} been maintained?",
        b.sset(ap for a in g.o(f, "FLOWN_WITH") for me in g.i(a, "SERVICED") for ap in g.o(me, "CARRIED_OUT_AT"))))
    b.first("multihop", 2, shuffled(T["Member"]), lambda m: (
        f"Which routes land at {N(m)}'s home airport?",
        b.sset(r for ap in g.o(m, "LIVES_NEAR") for r in g.i(ap, "ARRIVES_AT"))))

    # ---- superlatives
    def top_add(question_fn, scores, hops=0):
        t = unique_top(scores)
        if t is None:
            return False
        return b.add("superlative", question_fn, b.sset([t]), hops)

    assert top_add("Which aircraft has the most seats?", {n: A(n)["seats"] for n in T["Aircraft"]}) or \
        top_add("Which aircraft has flown the most cycles?", {n: A(n)["cycles"] for n in T["Aircraft"]})
    assert top_add("What's the longest route by distance?", {n: A(n)["distance_km"] for n in T["Route"]})
    assert top_add("which pilot has logged the most total flying hours",
                   {n: A(n)["total_hours"] for n in T["Pilot"]})
    assert top_add("Who has flown the most flights among our pilots?",
                   {n: len(g.o(n, "PILOTED")) for n in T["Pilot"]}, 1)
    assert top_add("Which airport has the most routes departing from it?",
                   {n: len(g.i(n, "DEPARTS_FROM")) for n in T["Airport"]}, 1) or \
        top_add("Which airport has the most members living near it?",
                {n: len(g.i(n, "LIVES_NEAR")) for n in T["Airport"]}, 1)
    assert top_add("Which member has made the most bookings?", {n: len(g.o(n, "HOLDS")) for n in T["Member"]}, 1)
    assert top_add("Which frequent flyer has spent the most money on bookings overall?",
                   {n: round(sum(A(bk)["price"] for bk in g.o(n, "HOLDS")), 2) for n in T["Member"]}, 1)
    assert top_add("which plane has accumulated the most maintenance downtime in hours?",
                   {n: round(sum(A(m)["downtime_hours"] for m in g.i(n, "SERVICED")), 1) for n in T["Aircraft"]}, 1)

    def scoped_route(ap):
        rs = g.i(ap, "DEPARTS_FROM")
        if len(rs) < 3:
            return None
        t = unique_top({r: A(r)["distance_km"] for r in rs})
        return (f"Among the routes departing {N(ap)}, which is the longest?", b.sset([t])) if t else None

    b.first("superlative", 1, shuffled(T["Airport"]), scoped_route)

    def scoped_trainee(p):
        ts = g.i(p, "TRAINED_BY")
        if len(ts) < 3:
            return None
        t = unique_top({x: A(x)["total_hours"] for x in ts})
        return (f"Of the pilots {N(p)} trained, who has the most flight hours?", b.sset([t])) if t else None

    b.first("superlative", 1, shuffled(T["Pilot"]), scoped_trainee)

    # ---- aggregates
    b.add("aggregate", "What's the total seat count across the whole fleet?",
          {"type": "value", "value": sum(A(n)["seats"] for n in T["Aircraft"])}, 0)
    b.add("aggregate", "average route distance in km?",
          {"type": "value", "value": round(sum(A(n)["distance_km"] for n in T["Route"]) / len(T["Route"]), 2)}, 0)
    b.first("aggregate", 1, multi_members[20:], lambda m: (
        f"How much has {N(m)} spent on bookings altogether?",
        {"type": "value", "value": round(sum(A(bk)["price"] for bk in g.o(m, "HOLDS")), 2)}))
    a320 = [A(n)["seats"] for n in T["Aircraft"] if A(n)["model"] == "A320neo"]
    b.add("aggregate", "What is the average number of seats on our A320neo aircraft?",
          {"type": "value", "value": round(sum(a320) / len(a320), 2)}, 0)
    b.first("aggregate", 1, [a for a in shuffled(T["Aircraft"]) if len(g.i(a, "SERVICED")) >= 3], lambda a: (
        f"total downtime hours across all maintenance on the {N(a)}",
        {"type": "value", "value": round(sum(A(m)["downtime_hours"] for m in g.i(a, "SERVICED")), 1)}))

    # ---- edge properties
    def pilot_flight(p):
        fs = g.o(p, "PILOTED")
        return (p, sorted(fs, key=_id_key)[len(fs) // 2]) if fs else None

    pf = [x for x in (pilot_flight(p) for p in shuffled(T["Pilot"])) if x]
    b.first("edge_property", 1, pf, lambda x: (
        f"What seat did {N(x[0])} occupy on {N(x[1])}?", {"type": "value", "value": g.edge(*x)["seat"]}))
    b.first("edge_property", 1, pf[7:], lambda x: (
        f"how many block hours did {N(x[0])} log on flight {N(x[1])}",
        {"type": "value", "value": g.edge(*x)["block_hours"]}))
    cs = [(p, r) for p in shuffled(T["PartnerCarrier"]) for r in g.o(p, "CODESHARES_ON")]
    b.first("edge_property", 1, cs, lambda x: (
        f"When did {N(x[0])} begin codesharing on the {N(x[1])}?", {"type": "value", "value": g.edge(*x)["since"]}))
    b.first("edge_property", 1, cs[9:], lambda x: (
        f"What's {N(x[0])}'s revenue share on the {N(x[1])} route?",
        {"type": "value", "value": g.edge(*x)["revenue_share"]}))
    tr = [(p, trainer(p)) for p in shuffled(T["Pilot"]) if trainer(p)]
    b.first("edge_property", 1, tr, lambda x: (
        f"How many simulator hours did {N(x[0])} log while being trained by {N(x[1])}?",
        {"type": "value", "value": g.edge(*x)["sim_hours"]}))
    b.add("edge_property", "How many codeshare agreements are exclusive?",
          {"type": "count", "value": sum(1 for *_, d in g.g.edges(data=True)
                                         if d["type"] == "CODESHARES_ON" and d["exclusive"])}, 1)
    b.add("edge_property", "how many cabin crew assignments were worked as overtime",
          {"type": "count", "value": sum(1 for *_, d in g.g.edges(data=True)
                                         if d["type"] == "CREWED" and d["overtime"])}, 1)

    # ---- yes / no
    yes, no = {"type": "bool", "value": True}, {"type": "bool", "value": False}
    b.first("yes_no", 1, tr[3:], lambda x: (f"Did {N(x[1])} train {N(x[0])}?", yes))
    instructors = [p for p in T["Pilot"] if A(p)["is_instructor"]]
    b.first("yes_no", 1, [(p, t) for p in shuffled(T["Pilot"]) for t in instructors
                          if t != p and trainer(p) and trainer(p) != t and trainer(t) != p][:50],
            lambda x: (f"was {N(x[0])} trained by {N(x[1])}", no))
    b.first("yes_no", 0, [a for a in shuffled(T["Aircraft"]) if A(a)["wifi_equipped"]],
            lambda a: (f"Is the {N(a)} fitted with wifi?", yes))
    b.first("yes_no", 1, shuffled(T["Route"]), lambda r: (
        f"Does the {N(r)} depart from {N(g.o(r, 'ARRIVES_AT')[0])}?", no))
    b.first("yes_no", 1, cs[20:], lambda x: (f"does {N(x[0])} codeshare on the {N(x[1])}?", yes))
    b.first("yes_no", 0, [ap for ap in shuffled(T["Airport"]) if not A(ap)["is_hub"]],
            lambda ap: (f"Is {N(ap)} one of our hubs?", no))
    b.first("yes_no", 3, multi_members[30:], lambda m: (
        f"Has {N(m)} ever booked a flight on the {N(g.o(member_flights(m)[0], 'OPERATES')[0])}?", yes))

    def never_together(x):
        c, p = x
        if set(g.o(c, "CREWED")) & set(g.o(p, "PILOTED")):
            return None
        return (f"Did {N(c)} ever work a flight together with {N(p)}?", no)

    b.first("yes_no", 2, [(c, p) for c, p in zip(shuffled(T["CabinAttendant"]), shuffled(T["Pilot"]) * 2,
                                                 strict=False)], never_together)

    # ---- portfolio
    def portfolio(n, phrase):
        nb = g.neighbours(n)
        if not 3 <= len(nb) <= 12:
            return None
        return (phrase.format(N(n)), b.sset(nb))

    b.first("portfolio", 1, shuffled(T["PartnerCarrier"]), lambda p: portfolio(p, "Tell me everything about {}."))
    b.first("portfolio", 1, shuffled(T["Member"]), lambda m: portfolio(m, "tell me everything you know about {}"))
    b.first("portfolio", 1, shuffled(T["Route"]), lambda r: portfolio(r, "Give me the full picture on the {} route"))

    # ---- unknown (names checked absent below)
    unknown = [
        ("How many seats does the aircraft Velvet Albatross have?", "Velvet Albatross"),
        ("Who trained pilot Marguerite Oyelowo?", "Marguerite Oyelowo"),
        ("which routes leave from Quillmoor International", "Quillmoor International"),
        ("What tier is the member Thaddeus Wrenfield in?", "Thaddeus Wrenfield"),
    ]
    names = {N(n).lower() for n in g.g.nodes}
    for q, nm in unknown:
        assert nm.lower() not in names and not any(_contains(x, nm) for x in names)
        b.add("unknown", q, {"type": "none"}, 0)

    # ---- global
    b.add("global", "How many different types of entities are in this graph?",
          {"type": "count", "value": len(T)}, 0)
    b.add("global", "how many kinds of relationships does the graph have",
          {"type": "count", "value": len({d["type"] for *_, d in g.g.edges(data=True)})}, 0)
    b.add("global", "What's the total number of relationships in the graph?",
          {"type": "count", "value": g.g.number_of_edges()}, 0)
    return b.items


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "airline.graphml")
    items = build(G(path))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for it in items:
            fh.write(json.dumps(it, sort_keys=False) + "\n")
    counts = Counter(it["kind"] for it in items)
    print(len(items), dict(counts))


if __name__ == "__main__":
    main()
