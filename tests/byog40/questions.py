"""Writes OUT_DIR/holdout.jsonl: questions with structured golds over the waste-collection graph.

Usage: python tests/byog40/questions.py OUT_DIR [GRAPH_PATH]
GRAPH_PATH defaults to OUT_DIR/waste_csv (the folder graph.py writes). Reads only those CSV files.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path


def _conv(v: str, t: str):
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    if t == "boolean":
        return v == "true"
    return v


class Graph:
    def __init__(self, folder: Path) -> None:
        self.nodes: dict[str, dict] = {}
        self.label: dict[str, str] = {}
        self.edges: list[tuple[str, str, str, dict]] = []
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edge_types: set[str] = set()
        for path in sorted(folder.glob("*.csv")):
            with open(path, newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            head = rows[0]
            if head[0] == ":START_ID":
                cols = [h.split(":") for h in head[3:]]
                for r in rows[1:]:
                    props = {c: _conv(v, t) for (c, t), v in zip(cols, r[3:], strict=True)}
                    self.edges.append((r[0], r[2], r[1], props))
                    self.out[(r[0], r[2])].append((r[1], props))
                    self.inn[(r[1], r[2])].append((r[0], props))
                    self.edge_types.add(r[2])
            else:
                cols = [h.split(":") for h in head[2:]]
                for r in rows[1:]:
                    self.nodes[r[0]] = {c: _conv(v, t) for (c, t), v in zip(cols, r[2:], strict=True)}
                    self.label[r[0]] = r[1]

    def name(self, i: str) -> str:
        n = self.nodes[i]
        if "first_name" in n:
            return f"{n['first_name']} {n['last_name']}"
        return n.get("name") or n["title"]

    def of(self, label: str) -> list[str]:
        return sorted((i for i, lab in self.label.items() if lab == label), key=lambda x: (len(x), x))

    def o(self, i: str, t: str) -> list[str]:
        return [d for d, _ in self.out[(i, t)]]

    def i(self, i: str, t: str) -> list[str]:
        return [s for s, _ in self.inn[(i, t)]]

    def eprop(self, s: str, t: str, d: str) -> dict:
        props = [p for x, p in self.out[(s, t)] if x == d]
        assert len(props) == 1
        return props[0]


def _in_text(s: str, text: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(str(s).lower()) + r"(?![\w])", text.lower()) is not None


class Builder:
    def __init__(self, g: Graph) -> None:
        self.g = g
        self.items: list[dict] = []

    def gold_set(self, ids) -> dict:
        ids = sorted(set(ids), key=lambda x: (x.split("-")[0], int(x.split("-")[1])))
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def valid(self, text: str, gold: dict) -> bool:
        t = gold["type"]
        if t == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(_in_text(n, text) for n in gold["names"])
        if t == "count":
            nums = {int(x) for x in re.findall(r"(?<![\w-])\d+(?![\w-])", text)}
            return gold["value"] > 0 and gold["value"] not in nums
        if t == "value":
            v = gold["value"]
            return not isinstance(v, bool) and not _in_text(v, text)
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int) -> bool:
        if not self.valid(text, gold):
            return False
        self.items.append({"kind": kind, "question": text, "gold": gold, "hops": hops})
        return True

    def first(self, kind: str, cands, make, hops: int) -> None:
        """Add the first candidate whose (text, gold) passes the checks; make(c) -> (text, gold) or None."""
        for c in cands:
            r = make(c)
            if r is not None and self.add(kind, r[0], r[1], hops):
                return
        raise RuntimeError(f"no candidate for a {kind} question")


def _unique_top(scores: dict[str, float], highest: bool = True) -> str | None:
    if not scores:
        return None
    best = max(scores.values()) if highest else min(scores.values())
    tops = [k for k, v in scores.items() if v == best]
    return tops[0] if len(tops) == 1 else None


def build(g: Graph, seed: int = 40) -> list[dict]:
    rng = random.Random(seed)
    b = Builder(g)
    n = g.name
    depots, districts, routes = g.of("Depot"), g.of("District"), g.of("Route")
    trucks, drivers, points = g.of("Truck"), g.of("Driver"), g.of("CollectionPoint")
    runs, facs, contracts, complaints = g.of("CollectionRun"), g.of("Facility"), g.of("Contract"), g.of("Complaint")

    def shuffled(xs):
        xs = list(xs)
        rng.shuffle(xs)
        return xs

    # ---- count
    b.add("count", "How many collection points are there?", {"type": "count", "value": len(points)}, 0)
    b.add("count", "how many drivers does the service employ", {"type": "count", "value": len(drivers)}, 0)
    b.add("count", "How many waste facilities (landfills, recovery centres, compost sites and so on) are on record?",
          {"type": "count", "value": len(facs)}, 0)
    b.add("count", "Number of collection runs logged?", {"type": "count", "value": len(runs)}, 0)
    b.add("count", "What's the total number of complaints received from residents?",
          {"type": "count", "value": len(complaints)}, 0)

    # ---- filtered_count
    def cnt(ids, pred):
        return {"type": "count", "value": sum(1 for i in ids if pred(g.nodes[i]))}

    b.add("filtered_count", "How many electric trucks are in the fleet?", cnt(trucks, lambda x: x["electric"]), 0)
    b.add("filtered_count", "how many routes are collected fortnightly",
          cnt(routes, lambda x: x["frequency"] == "fortnightly"), 0)
    b.add("filtered_count", "How many complaints are still unresolved?", cnt(complaints, lambda x: not x["resolved"]), 0)
    b.add("filtered_count", "How many drivers were hired before 2010?", cnt(drivers, lambda x: x["hired"] < "2010-01-01"), 0)
    b.add("filtered_count", "Count the collection points that use underground containers.",
          cnt(points, lambda x: x["container"] == "underground"), 0)
    b.add("filtered_count", "How many collection runs were aborted",
          cnt(runs, lambda x: x["status"] == "aborted"), 0)
    b.first("filtered_count", shuffled(depots), lambda d: (
        f"How many trucks are stationed at {n(d)}?", {"type": "count", "value": len(g.i(d, "STATIONED_AT"))}), 1)
    b.first("filtered_count", shuffled(districts), lambda d: (
        f"how many collection points are there in {n(d)}?", {"type": "count", "value": len(g.i(d, "LOCATED_IN"))}), 1)
    b.add("filtered_count", "How many trucks can carry more than 25 tonnes?", cnt(trucks, lambda x: x["capacity_t"] > 25), 0)
    b.add("filtered_count", "How many complaints were rated severity 4 or higher?",
          cnt(complaints, lambda x: x["severity"] >= 4), 0)

    # ---- list
    b.first("list", shuffled(depots), lambda d: (
        f"Which routes are based at {n(d)}?", b.gold_set(g.i(d, "BASED_AT"))), 1)
    b.first("list", [r for r in shuffled(routes) if len(g.o(r, "SERVES")) >= 2], lambda r: (
        f"Which districts does the {n(r)} serve?", b.gold_set(g.o(r, "SERVES"))), 1)
    b.add("list", "show me the facilities that accept glass",
          b.gold_set([f for f in facs if g.nodes[f]["accepts_glass"]]), 0)
    b.first("list", shuffled(districts), lambda d: (
        f"List every contract covering {n(d)}.", b.gold_set(g.i(d, "COVERS"))), 1)
    b.first("list", shuffled(depots), lambda d: (
        f"Give me the electric trucks stationed at {n(d)}",
        b.gold_set([t for t in g.i(d, "STATIONED_AT") if g.nodes[t]["electric"]])), 1)
    b.first("list", shuffled(depots), lambda d: (
        f"Which drivers out of {n(d)} hold a C1 licence?",
        b.gold_set([x for x in g.i(d, "WORKS_FROM") if g.nodes[x]["licence"] == "C1"])), 1)
    b.add("list", "Which landfill sites does the city use?",
          b.gold_set([f for f in facs if g.nodes[f]["kind"] == "landfill"]), 0)

    # ---- multihop
    trainer = {d: s for s, t, d, _ in g.edges if t == "TRAINED"}
    b.first("multihop", [d for d in shuffled(drivers) if trainer.get(trainer.get(d, ""), "")], lambda d: (
        f"Who trained the person who trained {n(d)}?", b.gold_set([trainer[trainer[d]]])), 2)
    b.first("multihop", shuffled(drivers), lambda d: (
        f"Which drivers were trained by people whom {n(d)} trained?",
        b.gold_set([y for x in g.o(d, "TRAINED") for y in g.o(x, "TRAINED")])), 2)
    b.first("multihop", [d for d in shuffled(drivers) if len(g.o(d, "TRAINED")) >= 2], lambda d: (
        f"which depots do the drivers that {n(d)} trained work from",
        b.gold_set([y for x in g.o(d, "TRAINED") for y in g.o(x, "WORKS_FROM")])), 2)
    b.first("multihop", shuffled(depots), lambda d: (
        f"Which districts are served by routes run out of {n(d)}?",
        b.gold_set([y for x in g.i(d, "BASED_AT") for y in g.o(x, "SERVES")])), 2)
    b.first("multihop", shuffled(drivers), lambda d: (
        f"Which facilities have received loads from runs driven by {n(d)}?",
        b.gold_set([y for x in g.i(d, "DRIVEN_BY") for y in g.o(x, "DELIVERED_TO")])), 2)
    b.first("multihop", [d for d in shuffled(drivers) if len(g.i(d, "DRIVEN_BY")) >= 3], lambda d: (
        f"Which trucks has {n(d)} driven on collection runs?",
        b.gold_set([y for x in g.i(d, "DRIVEN_BY") for y in g.o(x, "USED_TRUCK")])), 2)
    b.first("multihop", shuffled(routes), lambda r: (
        f"Who has driven runs on the {n(r)}?",
        b.gold_set([y for x in g.i(r, "ON_ROUTE") for y in g.o(x, "DRIVEN_BY")])), 2)
    b.first("multihop", shuffled(districts), lambda d: (
        f"which routes pick up from collection points in {n(d)}",
        b.gold_set([y for x in g.i(d, "LOCATED_IN") for y in g.i(x, "INCLUDES")])), 2)
    b.first("multihop", shuffled(districts), lambda d: (
        f"Which depots run routes that collect from {n(d)}'s collection points?",
        b.gold_set([z for x in g.i(d, "LOCATED_IN") for y in g.i(x, "INCLUDES") for z in g.o(y, "BASED_AT")])), 3)
    b.first("multihop", shuffled(complaints), lambda c: (
        f"Which route collects from the collection point that {n(c)} concerns?",
        b.gold_set([y for x in g.o(c, "CONCERNS") for y in g.i(x, "INCLUDES")])), 2)
    b.first("multihop", shuffled(complaints), lambda c: (
        f"Which trucks are stationed at the depot of the route serving the collection point named in {n(c)}?",
        b.gold_set([t for x in g.o(c, "CONCERNS") for y in g.i(x, "INCLUDES") for z in g.o(y, "BASED_AT")
                    for t in g.i(z, "STATIONED_AT")])) if all(len(g.i(x, "INCLUDES")) == 1 for x in g.o(c, "CONCERNS"))
        else None, 4)
    b.first("multihop", shuffled(districts), lambda d: (
        f"Which facilities took waste from runs on routes that pick up at collection points in {n(d)}?",
        b.gold_set([f for x in g.i(d, "LOCATED_IN") for y in g.i(x, "INCLUDES") for z in g.i(y, "ON_ROUTE")
                    for f in g.o(z, "DELIVERED_TO")])), 4)
    b.first("multihop", [d for d in shuffled(drivers) if g.i(d, "DRIVEN_BY")], lambda d: (
        f"What contracts cover the districts served by routes that {n(d)} has driven?",
        b.gold_set([c for x in g.i(d, "DRIVEN_BY") for y in g.o(x, "ON_ROUTE") for z in g.o(y, "SERVES")
                    for c in g.i(z, "COVERS")])), 4)
    b.first("multihop", [d for d in shuffled(drivers) if g.i(d, "DRIVEN_BY")], lambda d: (
        f"Which districts are served by the routes {n(d)} has driven?",
        b.gold_set([z for x in g.i(d, "DRIVEN_BY") for y in g.o(x, "ON_ROUTE") for z in g.o(y, "SERVES")])), 3)

    # ---- superlative
    def sup(text, scores, highest=True):
        top = _unique_top(scores, highest)
        if top is not None:
            b.add("superlative", text, b.gold_set([top]), 0)

    sup("Which truck has the largest capacity?", {t: g.nodes[t]["capacity_t"] for t in trucks})
    sup("Which district has the biggest population", {d: g.nodes[d]["population"] for d in districts})
    sup("Which route includes the most collection points?", {r: len(g.o(r, "INCLUDES")) for r in routes})
    sup("Who has driven the most collection runs?", {d: len(g.i(d, "DRIVEN_BY")) for d in drivers})
    sup("Which facility has taken in the greatest total tonnage?",
        {f: round(sum(p["tonnage_t"] for _, p in g.inn[(f, "DELIVERED_TO")]), 4) for f in facs})
    sup("what's the longest route by length in km", {r: g.nodes[r]["length_km"] for r in routes})
    for d in shuffled(depots):
        scores = {t: g.nodes[t]["capacity_t"] for t in g.i(d, "STATIONED_AT")}
        if len(scores) >= 3 and _unique_top(scores):
            sup(f"Of the trucks stationed at {n(d)}, which one has the biggest capacity?", scores)
            break
    for d in shuffled(depots):
        scores = {x: g.nodes[x]["years_experience"] for x in g.i(d, "WORKS_FROM")}
        if _unique_top(scores):
            sup(f"Among drivers working from {n(d)}, who has the most years of experience?", scores)
            break
    sup("Which depot houses the most trucks?", {d: len(g.i(d, "STATIONED_AT")) for d in depots})
    sup("Which driver has trained the most colleagues?", {d: len(g.o(d, "TRAINED")) for d in drivers})
    sup("Which collection point has drawn the most complaints?", {p: len(g.i(p, "CONCERNS")) for p in points})

    # ---- aggregate
    def val(x):
        return {"type": "value", "value": x}

    b.first("aggregate", shuffled(facs), lambda f: (
        f"What is the total tonnage delivered to {n(f)}?",
        val(round(sum(p["tonnage_t"] for _, p in g.inn[(f, "DELIVERED_TO")]), 2))), 1)
    el = [g.nodes[t]["capacity_t"] for t in trucks if g.nodes[t]["electric"]]
    b.add("aggregate", "What's the average capacity of the electric trucks?", val(round(sum(el) / len(el), 2)), 0)
    b.first("aggregate", [r for r in shuffled(routes) if len(g.o(r, "SERVES")) >= 2], lambda r: (
        f"combined population of the districts the {n(r)} serves?",
        val(sum(g.nodes[d]["population"] for d in g.o(r, "SERVES")))), 1)
    b.first("aggregate", shuffled(depots), lambda d: (
        f"average hourly rate for drivers based at {n(d)}",
        val(round(sum(g.nodes[x]["hourly_rate"] for x in g.i(d, "WORKS_FROM")) / len(g.i(d, "WORKS_FROM")), 2))), 1)
    act = [g.nodes[c]["annual_value"] for c in contracts if g.nodes[c]["status"] == "active"]
    b.add("aggregate", "What is the total annual value of all active contracts?", val(round(sum(act), 2)), 0)

    # ---- edge_property
    delivered = [(s, d, p) for s, t, d, p in g.edges if t == "DELIVERED_TO"]
    b.first("edge_property", shuffled(delivered), lambda e: (
        f"How many tonnes did {n(e[0])} weigh in at {n(e[1])}?", val(e[2]["tonnage_t"])), 1)
    b.first("edge_property", [e for e in shuffled(delivered) if e[2]["contamination"] != "low"], lambda e: (
        f"What contamination grade did the weighbridge record for {n(e[0])}?", val(e[2]["contamination"])), 1)
    trained = [(s, d, p) for s, t, d, p in g.edges if t == "TRAINED"]
    b.first("edge_property", shuffled(trained), lambda e: (
        f"When did {n(e[0])} finish training {n(e[1])}?", val(e[2]["completed"])), 1)
    b.first("edge_property", shuffled(trained), lambda e: (
        f"how many hours of training did {n(e[0])} give {n(e[1])}", val(e[2]["hours"])), 1)
    stationed = [(s, d, p) for s, t, d, p in g.edges if t == "STATIONED_AT"]
    b.first("edge_property", shuffled(stationed), lambda e: (
        f"Since when has {n(e[0])} been stationed at {n(e[1])}?", val(e[2]["since"])), 1)
    b.first("edge_property", shuffled(facs), lambda f: (
        f"How many deliveries to {n(f)} were graded high contamination?",
        {"type": "count", "value": sum(1 for _, p in g.inn[(f, "DELIVERED_TO")] if p["contamination"] == "high")}), 1)
    b.first("edge_property", shuffled(drivers), lambda d: (
        f"On how many of {n(d)}'s runs was overtime worked?",
        {"type": "count", "value": sum(1 for _, p in g.inn[(d, "DRIVEN_BY")] if p["overtime"])}), 1)

    # ---- yes_no
    def yn(text, v):
        b.add("yes_no", text, {"type": "bool", "value": v}, 1)

    sh = shuffled(trucks)
    yn(f"Is {n(next(t for t in sh if g.nodes[t]['electric']))} an electric truck?", True)
    yn(f"is {n(next(t for t in sh if not g.nodes[t]['electric']))} electric", False)
    a, c, _ = shuffled(trained)[0]
    yn(f"Did {n(a)} train {n(c)}?", True)
    a, c, _ = shuffled(trained)[0]
    yn(f"Was {n(a)} trained by {n(c)}?", False)
    r = shuffled(routes)[0]
    yn(f"Does the {n(r)} serve {n(rng.choice(g.o(r, 'SERVES')))}?", True)
    r = shuffled(routes)[0]
    yn(f"Does the {n(r)} serve {n(next(d for d in shuffled(districts) if d not in g.o(r, 'SERVES')))}?", False)
    d = next(x for x in shuffled(drivers) if g.i(x, "DRIVEN_BY"))
    yn(f"Has {n(d)} ever driven {n(g.o(rng.choice(g.i(d, 'DRIVEN_BY')), 'USED_TRUCK')[0])}?", True)
    p = shuffled(points)[0]
    yn(f"Is {n(p)} in {n(next(x for x in shuffled(districts) if x not in g.o(p, 'LOCATED_IN')))}?", False)

    # ---- portfolio
    def nbrs(x):
        return {d for (s, _t), lst in g.out.items() if s == x for d, _ in lst} | \
               {s for (d, _t), lst in g.inn.items() if d == x for s, _ in lst}

    b.first("portfolio", [p for p in shuffled(points) if len(nbrs(p)) >= 3], lambda p: (
        f"Tell me everything about {n(p)}", b.gold_set(nbrs(p))), 1)
    b.first("portfolio", [c for c in shuffled(contracts) if len(nbrs(c)) >= 2], lambda c: (
        f"What do we know about the {n(c)}?", b.gold_set(nbrs(c))), 1)
    b.first("portfolio", [d for d in shuffled(drivers) if 3 <= len(nbrs(d)) <= 12], lambda d: (
        f"give me the full picture on {n(d)}", b.gold_set(nbrs(d))), 1)

    # ---- unknown
    names_low = " | ".join(n(i).lower() for i in g.nodes)
    fakes = [("How many runs did the truck Velvet Narwhal make?", "velvet narwhal"),
             ("Which routes serve the Quillingham district?", "quillingham"),
             ("Who trained Ottoline Brackwater?", "brackwater"),
             ("What is the gate fee at Zephyrmoor Recovery Centre?", "zephyrmoor")]
    for text, key in fakes:
        assert key not in names_low
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global
    b.add("global", "How many node types does this graph have?",
          {"type": "count", "value": len(set(g.label.values()))}, 0)
    b.add("global", "how many different relationship types are there",
          {"type": "count", "value": len(g.edge_types)}, 0)
    b.add("global", "What's the total number of relationships in the graph?",
          {"type": "count", "value": len(g.edges)}, 0)

    out = []
    for k, q in enumerate(b.items, 1):
        out.append({"id": f"byog40-{k:02d}", **q})
    return out


def main() -> None:
    out_dir = Path(sys.argv[1])
    graph_path = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "waste_csv"
    qs = build(Graph(graph_path))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    kinds = Counter(q["kind"] for q in qs)
    print(len(qs), dict(kinds))


if __name__ == "__main__":
    main()
