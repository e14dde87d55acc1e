"""Holdout questions over the fire and rescue graph written by graph.py.

Usage: python tests/byog58/questions.py OUT_DIR [GRAPH_PATH]   -> OUT_DIR/holdout.jsonl
GRAPH_PATH is the firerescue_csv folder graph.py wrote (default: OUT_DIR/firerescue_csv). Golds are computed over a networkx MultiDiGraph built from the CSV files only.
"""

from __future__ import annotations

import csv
import json
import math
import random
import re
import sys
from collections import Counter
from pathlib import Path

import networkx as nx


def _typed(value: str, kind: str):
    if kind == "int":
        return int(value)
    if kind == "float":
        return float(value)
    if kind == "boolean":
        return value == "true"
    return value


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for path in sorted(folder.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head, body = rows[0], rows[1:]
        cols = [(h.split(":")[0], h.split(":")[1] if ":" in h else "string") for h in head]
        if head[0].endswith(":ID"):
            for r in body:
                attrs = {c: _typed(v, t) for (c, t), v in zip(cols[2:], r[2:], strict=True)}
                attrs["label"] = r[1]
                attrs["display"] = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
                g.add_node(r[0], **attrs)
        else:
            for r in body:
                attrs = {c: _typed(v, t) for (c, t), v in zip(cols[3:], r[3:], strict=True)}
                g.add_edge(r[0], r[1], key=r[2], **attrs)
    return g


class Q:
    def __init__(self, g: nx.MultiDiGraph, seed: int = 58):
        self.g = g
        self.rng = random.Random(seed)
        self.out: list[dict] = []

    # -- graph helpers
    def nm(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def of(self, label: str) -> list[str]:
        return sorted((n for n, a in self.g.nodes(data=True) if a["label"] == label), key=_natural)

    def outs(self, n: str, etype: str) -> list[tuple[str, dict]]:
        return [(v, d) for _, v, k, d in self.g.out_edges(n, keys=True, data=True) if k == etype]

    def ins(self, n: str, etype: str) -> list[tuple[str, dict]]:
        return [(u, d) for u, _, k, d in self.g.in_edges(n, keys=True, data=True) if k == etype]

    def o(self, nodes, etype: str) -> set[str]:
        return {v for n in nodes for v, _ in self.outs(n, etype)}

    def i(self, nodes, etype: str) -> set[str]:
        return {u for n in nodes for u, _ in self.ins(n, etype)}

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def pick(self, pool, ok):
        pool = list(pool)
        self.rng.shuffle(pool)
        for x in pool:
            try:
                r = ok(x)
            except (ValueError, IndexError, KeyError):
                r = None
            if r:
                return x, r
        raise RuntimeError("no subject fits")

    # -- gold shapes
    def sset(self, ids, most: int = 12) -> dict | None:
        ids = sorted(set(ids), key=_natural)
        if not 1 <= len(ids) <= most:
            return None
        return {"type": "set", "ids": ids, "names": [self.nm(x) for x in ids]}

    def top(self, scores: dict[str, float], low: bool = False) -> dict | None:
        if len(scores) < 2:
            return None
        ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=not low)
        if ranked[0][1] == ranked[1][1]:
            return None
        return self.sset([ranked[0][0]])

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        assert gold is not None, text
        _check_leak(text, gold)
        self.out.append({"id": f"byog58-{len(self.out) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                         "hops": hops})


def _natural(s: str):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def _norm(t: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", t.lower()).split()) + " "


def _nums(t: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w\-#/.])(\d+(?:\.\d+)?)(?![\w\-#/])", t)}


def _check_leak(text: str, gold: dict) -> None:
    if gold["type"] == "set":
        for n in gold["names"]:
            assert _norm(n) not in _norm(text), (text, n)
    elif gold["type"] in ("count", "value"):
        v = gold["value"]
        if isinstance(v, int | float) and not isinstance(v, bool):
            assert float(v) not in _nums(text), (text, v)
            if gold["type"] == "count":
                assert v > 0, text
        else:
            assert _norm(str(v)) not in _norm(text), (text, v)


def count(v: int) -> dict:
    return {"type": "count", "value": v}


def value(v) -> dict:
    return {"type": "value", "value": v}


def build(g: nx.MultiDiGraph) -> list[dict]:
    q = Q(g)
    st, ff, ap, inc = q.of("Station"), q.of("Firefighter"), q.of("Appliance"), q.of("Incident")
    dis, hy, co, ho, ag, ins = (q.of(x) for x in ("District", "Hydrant", "Course", "Hospital", "Agency", "Inspection"))
    nm, a = q.nm, q.a

    # ---- count (5)
    q.add("count", "How many fire stations are there?", count(len(st)), 1)
    q.add("count", "number of hospitals in the dataset", count(len(ho)), 1)
    q.add("count", "How many hydrant and water-source records do we hold?", count(len(hy)), 1)
    q.add("count", "what's the total number of training courses on offer?", count(len(co)), 1)
    q.add("count", "How many mutual aid partner agencies are listed", count(len(ag)), 1)

    # ---- filtered_count (10)
    q.add("filtered_count", "How many incidents were graded critical?",
          count(sum(a(n, "severity") == "critical" for n in inc)), 1)
    q.add("filtered_count", "how many hydrants are out of service (not operational)?",
          count(sum(not a(n, "operational") for n in hy)), 1)
    q.add("filtered_count", "How many of our stations are crewed by retained staff?",
          count(sum(a(n, "staffing") == "retained" for n in st)), 1)
    q.add("filtered_count", "How many watch managers does the service employ?",
          count(sum(a(n, "rank") == "Watch Manager" for n in ff)), 1)
    q.add("filtered_count", "Count the appliances that carry a ladder.", count(sum(a(n, "has_ladder") for n in ap)), 1)
    q.add("filtered_count", "how many training courses are mandatory", count(sum(a(n, "mandatory") for n in co)), 1)
    d, c = q.pick(dis, lambda d: sum(a(n, "reported").startswith("2023") for n in q.i([d], "OCCURRED_IN")))
    q.add("filtered_count", f"How many callouts were there in {nm(d)} during 2023?", count(c), 2)
    q.add("filtered_count", "How many incidents turned out to be false alarms?",
          count(sum(a(n, "false_alarm") for n in inc)), 1)
    q.add("filtered_count", "How many equipment checks were failed?", count(sum(not a(n, "passed") for n in ins)), 1)
    q.add("filtered_count", "How many incidents had a response time of more than 20 minutes?",
          count(sum(a(n, "response_minutes") > 20 for n in inc)), 1)

    # ---- list (7)
    s, gd = q.pick(st, lambda s: q.sset(q.i([s], "STATIONED_AT")))
    q.add("list", f"Which appliances are stationed at {nm(s)}?", gd, 1)
    s, gd = q.pick(st, lambda s: q.sset(x for x in q.i([s], "BASED_AT") if a(x, "rank") == "Crew Manager"))
    q.add("list", f"list the crew managers based at {nm(s)}", gd, 1)
    q.add("list", "Show me the hospitals that are major trauma centres",
          q.sset(x for x in ho if a(x, "trauma_level") == "major trauma centre"), 1)
    s, gd = q.pick(st, lambda s: len(q.o([s], "COVERS")) >= 2 and q.sset(q.o([s], "COVERS")))
    q.add("list", f"what districts does {nm(s)} cover?", gd, 1)
    q.add("list", "give me all the coastguard-type partner agencies",
          q.sset(x for x in ag if a(x, "agency_type") == "coastguard"), 1)
    q.add("list", "Which advanced-level courses are mandatory?",
          q.sset(x for x in co if a(x, "level") == "advanced" and a(x, "mandatory")), 1)
    d, gd = q.pick(dis, lambda d: q.sset(x for x in q.i([d], "LOCATED_IN") if not a(x, "operational")))
    q.add("list", f"List the hydrants in {nm(d)} that aren't operational", gd, 1)

    # ---- multihop (14)
    p, gd = q.pick([x for x in ff if a(x, "rank") == "Crew Manager"], lambda p: q.sset(q.i(q.i([p], "COMMANDS"),
                                                                                          "COMMANDS")))
    q.add("multihop", f"Who is the commanding officer of {nm(p)}'s own commander?", gd, 2)
    p, gd = q.pick([x for x in ff if a(x, "rank") == "Watch Manager"],
                   lambda p: q.sset(q.o(q.o([p], "COMMANDS"), "COMMANDS")))
    q.add("multihop", f"which firefighters sit under the crew managers that {nm(p)} commands?", gd, 2)
    d, gd = q.pick(dis, lambda d: q.sset(q.o(q.i([d], "OCCURRED_IN"), "TRANSPORTED_TO"), 8))
    q.add("multihop", f"Which hospitals took casualties from incidents in {nm(d)}?", gd, 2)
    s, gd = q.pick(st, lambda s: q.sset(q.o(q.o(q.i([s], "STATIONED_AT"), "RESPONDED_TO"), "OCCURRED_IN")))
    q.add("multihop", f"In which districts have appliances kept at {nm(s)} responded to incidents?", gd, 3)
    p, gd = q.pick([x for x in ff if a(x, "rank") == "Crew Manager"],
                   lambda p: q.sset(q.o(q.o([p], "COMMANDS"), "COMPLETED")))
    q.add("multihop", f"What courses have the firefighters commanded by {nm(p)} completed", gd, 2)
    p, gd = q.pick(ff, lambda p: q.sset(q.o(q.o([p], "ATTENDED"), "ASSISTED_BY")))
    q.add("multihop", f"which partner agencies helped out at incidents {nm(p)} attended?", gd, 2)
    h, gd = q.pick(hy, lambda h: q.sset(q.i(q.o([h], "LOCATED_IN"), "COVERS")))
    q.add("multihop", f"Which stations cover the district where {nm(h)} is located?", gd, 2)
    x, gd = q.pick(ap, lambda x: q.sset(q.o(q.o([x], "RESPONDED_TO"), "DREW_WATER_FROM")))
    q.add("multihop", f"Show me the hydrants that supplied water at incidents the {nm(x)} responded to", gd, 2)
    p, gd = q.pick([x for x in ff if a(x, "rank") == "Watch Manager"], lambda p: q.sset(
        q.o(q.o(q.o(q.o([p], "COMMANDS"), "COMMANDS"), "ATTENDED"), "DREW_WATER_FROM")))
    q.add("multihop", f"Which water sources were drawn on at incidents attended by firefighters two levels below "
                      f"{nm(p)} in the chain of command?", gd, 4)
    p, gd = q.pick(ff, lambda p: q.sset(q.o(q.i(q.o(q.o([p], "BASED_AT"), "COVERS"), "OCCURRED_IN"), "ASSISTED_BY")))
    q.add("multihop", f"What agencies have assisted at incidents in the districts covered by {nm(p)}'s station?",
          gd, 4)
    x, gd = q.pick(ap, lambda x: q.sset(y for y in q.i(q.o([x], "STATIONED_AT"), "BASED_AT")
                                        if a(y, "rank") == "Station Commander"))
    q.add("multihop", f"who is the station commander where the appliance {nm(x)} is based", gd, 2)
    p, gd = q.pick([x for x in ff if a(x, "rank") == "Crew Manager"],
                   lambda p: q.sset(q.o(q.o(q.o([p], "COMMANDS"), "ATTENDED"), "TRANSPORTED_TO"), 8))
    q.add("multihop", f"Which hospitals received patients from incidents attended by the firefighters {nm(p)} directly commands?", gd, 3)
    p, gd = q.pick(ff, lambda p: len(q.o(q.o([p], "ATTENDED"), "OCCURRED_IN")) >= 2 and
                   q.sset(q.o(q.o([p], "ATTENDED"), "OCCURRED_IN")))
    q.add("multihop", f"In what districts has {nm(p)} attended incidents?", gd, 2)
    x, gd = q.pick(ap, lambda x: q.sset(q.o(q.i(q.o(q.o([x], "STATIONED_AT"), "COVERS"), "OCCURRED_IN"),
                                            "ASSISTED_BY"), 8))
    q.add("multihop", f"which outside agencies have been called in to incidents in the districts covered by the "
                      f"station that houses {nm(x)}?", gd, 4)

    # ---- superlative (10)
    q.add("superlative", "Which station has the largest floor area?", q.top({x: a(x, "floor_area_m2") for x in st}), 1)
    q.add("superlative", "which appliance has the highest pump rate", q.top({x: a(x, "pump_rate_lpm") for x in ap}), 1)
    q.add("superlative", "What is the most populous district?", q.top({x: a(x, "population") for x in dis}), 1)
    q.add("superlative", "Which appliance has responded to the most incidents?",
          q.top({x: len(q.outs(x, "RESPONDED_TO")) for x in ap}), 2)
    q.add("superlative", "Which hospital has received casualties from the most incidents?",
          q.top({x: len(q.i([x], "TRANSPORTED_TO")) for x in ho}), 2)
    q.add("superlative", "which hospital received the most patients in total?",
          q.top({x: sum(d["patients"] for _, d in q.ins(x, "TRANSPORTED_TO")) for x in ho}), 2)
    q.add("superlative", "Which district's incidents add up to the most casualties?",
          q.top({x: sum(a(i, "casualties") for i in q.i([x], "OCCURRED_IN")) for x in dis}), 2)
    s, gd = q.pick(st, lambda s: q.top({x: a(x, "fitness_score") for x in q.i([s], "BASED_AT")}))
    q.add("superlative", f"Among the firefighters based at {nm(s)}, who has the best fitness score?", gd, 2)
    s, gd = q.pick(st, lambda s: q.top({x: a(x, "commissioned") for x in q.i([s], "STATIONED_AT")}, low=True))
    q.add("superlative", f"Of the appliances at {nm(s)}, which one was commissioned first?", gd, 2)
    s, gd = q.pick(st, lambda s: q.top({x: len(q.outs(x, "ATTENDED")) for x in q.i([s], "BASED_AT")}))
    q.add("superlative", f"Which firefighter based at {nm(s)} has turned out to the most incidents?", gd, 3)

    # ---- aggregate (5)
    s, v = q.pick(st, lambda s: len(q.o([s], "COVERS")) >= 2 and sum(a(d, "population") for d in q.o([s], "COVERS")))
    q.add("aggregate", f"What is the combined population of the districts covered by {nm(s)}?", value(v), 2)
    d, v = q.pick(dis, lambda d: round(math.fsum(a(i, "response_minutes") for i in q.i([d], "OCCURRED_IN")) /
                                       len(q.i([d], "OCCURRED_IN")), 2))
    q.add("aggregate", f"average response time in minutes for incidents in {nm(d)}", value(v), 2)
    s, v = q.pick(st, lambda s: sum(a(x, "water_tank_litres") for x in q.i([s], "STATIONED_AT")))
    q.add("aggregate", f"What's the total water tank capacity, in litres, of the appliances at {nm(s)}?", value(v), 2)
    man = [x for x in co if a(x, "mandatory")]
    q.add("aggregate", "What is the average pass mark across the mandatory courses?",
          value(round(math.fsum(a(x, "pass_mark") for x in man) / len(man), 2)), 1)
    h, v = q.pick(ho, lambda h: sum(d["patients"] for _, d in q.ins(h, "TRANSPORTED_TO")))
    q.add("aggregate", f"How many patients in total have been taken to {nm(h)}?", count(v), 2)

    # ---- edge_property (7)
    comp = sorted(((u, v, d) for u, v, k, d in g.edges(keys=True, data=True) if k == "COMPLETED"),
                  key=lambda e: (_natural(e[0]), _natural(e[1])))
    u, v, d = q.pick(comp, lambda e: e)[0]
    q.add("edge_property", f"What score did {nm(u)} get on the {nm(v)} course?", value(d["score"]), 1)
    u, v, d = q.pick(comp, lambda e: e)[0]
    q.add("edge_property", f"when did {nm(u)} complete {nm(v)}", value(d["completed_on"]), 1)
    resp = sorted(((u, v, d) for u, v, k, d in g.edges(keys=True, data=True) if k == "RESPONDED_TO"),
                  key=lambda e: (_natural(e[0]), _natural(e[1])))
    u, v, d = q.pick(resp, lambda e: e)[0]
    q.add("edge_property", f"How many minutes after the call did {nm(u)} arrive at {nm(v)}?",
          value(d["arrival_minutes"]), 1)
    tr = sorted(((u, v, d) for u, v, k, d in g.edges(keys=True, data=True) if k == "TRANSPORTED_TO"),
                key=lambda e: (_natural(e[0]), _natural(e[1])))
    u, v, d = q.pick(tr, lambda e: e)[0]
    q.add("edge_property", f"how many patients from {nm(u)} were taken to {nm(v)}?", count(d["patients"]), 1)
    p, _ = q.pick(ff, lambda p: True)
    q.add("edge_property", f"Which watch is {nm(p)} on at their station?", value(q.outs(p, "BASED_AT")[0][1]["watch"]), 1)
    c, v = q.pick(co, lambda c: sum(not d["passed"] for _, d in q.ins(c, "COMPLETED")))
    q.add("edge_property", f"How many attempts at {nm(c)} ended in a fail?", count(v), 1)
    x, v = q.pick(ap, lambda x: sum(d["role"] == "first attendance" for _, d in q.outs(x, "RESPONDED_TO")))
    q.add("edge_property", f"On how many incidents was {nm(x)} the first-attendance appliance?", count(v), 1)

    # ---- yes_no (8: four yes, four no)
    att = sorted(((u, v) for u, v, k in g.edges(keys=True) if k == "ATTENDED"), key=lambda e: _natural(e[0]))
    u, v = q.pick(att, lambda e: e)[0]
    q.add("yes_no", f"Did {nm(u)} attend {nm(v)}?", {"type": "bool", "value": True}, 1)
    p, i2 = q.pick(ff, lambda p: q.rng.choice([i for i in inc if i not in q.o([p], "ATTENDED")]))
    q.add("yes_no", f"was {nm(p)} at the {nm(i2)} callout", {"type": "bool", "value": False}, 1)
    cov = sorted(((u, v, d) for u, v, k, d in g.edges(keys=True, data=True) if k == "COVERS" and not d["primary"]),
                 key=lambda e: _natural(e[0]))
    u, v, _ = q.pick(cov, lambda e: e)[0]
    q.add("yes_no", f"Is {nm(u)} the primary station for {nm(v)}?", {"type": "bool", "value": False}, 1)
    x, _ = q.pick(ap, lambda x: a(x, "has_ladder"))
    q.add("yes_no", f"Does {nm(x)} carry a ladder?", {"type": "bool", "value": True}, 1)
    cm = sorted(((u, v) for u, v, k in g.edges(keys=True) if k == "COMMANDS"), key=lambda e: _natural(e[0]))
    u, v = q.pick(cm, lambda e: e)[0]
    q.add("yes_no", f"Is {nm(v)} under the direct command of {nm(u)}?", {"type": "bool", "value": True}, 1)
    u, v = q.pick(cm, lambda e: e)[0]
    q.add("yes_no", f"does {nm(v)} command {nm(u)}", {"type": "bool", "value": False}, 1)
    p, c = q.pick(ff, lambda p: q.rng.choice([c for c in co if c not in q.o([p], "COMPLETED")]))
    q.add("yes_no", f"Has {nm(p)} completed the {nm(c)} course?", {"type": "bool", "value": False}, 1)
    h, _ = q.pick(ho, lambda h: a(h, "burns_unit"))
    q.add("yes_no", f"Is there a burns unit at {nm(h)}?", {"type": "bool", "value": True}, 1)

    # ---- portfolio (3)
    def nbrs(n):
        return set(g.successors(n)) | set(g.predecessors(n))

    h, gd = q.pick(hy, lambda h: len(nbrs(h)) >= 3 and q.sset(nbrs(h)))
    q.add("portfolio", f"Tell me everything about {nm(h)}.", gd, 1)
    x, gd = q.pick(ap, lambda x: len(nbrs(x)) >= 4 and q.sset(nbrs(x)))
    q.add("portfolio", f"give me the full picture on appliance {nm(x)}", gd, 1)
    x, gd = q.pick(ag, lambda x: len(nbrs(x)) >= 3 and q.sset(nbrs(x)))
    q.add("portfolio", f"What do we know about {nm(x)}? Everything it's connected to, please", gd, 1)

    # ---- unknown (4)
    names = {_norm(a["display"]) for _, a in g.nodes(data=True)}
    for text, made_up in (
        ("Which appliances are stationed at Quarrel Lane Fire Station?", "Quarrel Lane Fire Station"),
        ("Who commands Marisol Quennell?", "Marisol Quennell"),
        ("how many beds does St Ignatius Hospital have", "St Ignatius Hospital"),
        ("List the incidents the appliance Velvet Mongoose responded to", "Velvet Mongoose"),
    ):
        assert _norm(made_up) not in names
        q.add("unknown", text, {"type": "none"}, 1)

    # ---- global (3)
    labels = {a["label"] for _, a in g.nodes(data=True)}
    etypes = {k for _, _, k in g.edges(keys=True)}
    q.add("global", "How many node types (entity labels) does this graph have?", count(len(labels)), 0)
    q.add("global", "how many distinct relationship types are there in the graph", count(len(etypes)), 0)
    q.add("global", "What's the total number of entities across all types?", count(g.number_of_nodes()), 0)
    return q.out


def main() -> None:
    out_dir = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "firerescue_csv"
    rows = build(load(folder))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} questions -> {out_dir / 'holdout.jsonl'}", Counter(r["kind"] for r in rows))


if __name__ == "__main__":
    main()
