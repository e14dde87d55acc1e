"""Holdout questions over the wind-energy graph written by graph.py.

    python tests/byog64/questions.py OUT_DIR [GRAPH_PATH]   -> OUT_DIR/holdout.jsonl

GRAPH_PATH defaults to OUT_DIR/windfarm_csv. Reads only the CSV files; deterministic.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from random import Random

import networkx as nx


def _conv(v: str, t: str):
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    if t == "boolean":
        return v == "true"
    return v


class G:
    def __init__(self, folder: Path):
        self.nodes: dict[str, dict] = {}
        self.g = nx.MultiDiGraph()
        self.edge_types: set[str] = set()
        for f in sorted(folder.glob("*.csv")):
            with open(f, newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            head = rows[0]
            if head[0].startswith(":START_ID("):
                sg = head[0][len(":START_ID("):-1]
                dg = head[1][len(":END_ID("):-1]
                cols = [h.split(":") for h in head[3:]]
                for r in rows[1:]:
                    props = {c: _conv(v, t) for (c, t), v in zip(cols, r[3:], strict=True)}
                    self.g.add_edge(f"{sg}:{r[0]}", f"{dg}:{r[1]}", key=r[2], **props)
                    self.edge_types.add(r[2])
            else:
                group = head[0].split("(")[1].rstrip(")")
                cols = [h.split(":") for h in head[1:-1]]
                for r in rows[1:]:
                    props = {c: _conv(v, t) for (c, t), v in zip(cols, r[1:-1], strict=True)}
                    props["_type"] = r[-1]
                    nid = f"{group}:{r[0]}"
                    self.nodes[nid] = props
                    self.g.add_node(nid)
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for nid, p in self.nodes.items():
            self.by_type[p["_type"]].append(nid)
        for t in self.by_type:
            self.by_type[t].sort(key=lambda n: (n.split(":")[0], int(n.split(":")[1])))

    def name(self, n: str) -> str:
        p = self.nodes[n]
        if "first_name" in p:
            return f"{p['first_name']} {p['last_name']}"
        return p.get("name") or p["title"]

    def out(self, n: str, et: str) -> list[str]:
        return sorted({d for _, d, k in self.g.out_edges(n, keys=True) if k == et}, key=_key)

    def inn(self, n: str, et: str) -> list[str]:
        return sorted({s for s, _, k in self.g.in_edges(n, keys=True) if k == et}, key=_key)

    def edge(self, s: str, d: str, et: str) -> dict | None:
        data = self.g.get_edge_data(s, d) or {}
        return data.get(et)

    def walk(self, starts, steps) -> list[str]:
        cur = set(starts)
        for et, direction in steps:
            nxt = set()
            for n in cur:
                nxt.update(self.out(n, et) if direction == "out" else self.inn(n, et))
            cur = nxt
        return sorted(cur, key=_key)


def _key(n: str):
    g, i = n.split(":")
    return (g, int(i))


def _has(text: str, s: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(str(s)) + r"(?!\w)", text, re.IGNORECASE) is not None


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w\-#/.,])(\d+(?:\.\d+)?)(?![\w\-#/])", text)}


def make(folder: Path) -> list[dict]:
    g = G(folder)
    rng = Random(64)
    T = g.by_type
    N = g.name

    def shuffled(items):
        items = list(items)
        rng.shuffle(items)
        return items

    def sgold(ids):
        ids = sorted(set(ids), key=_key)
        return {"type": "set", "ids": ids, "names": [N(i) for i in ids]}

    def cgold(v):
        return {"type": "count", "value": v}

    def vgold(v):
        return {"type": "value", "value": v}

    def bgold(v):
        return {"type": "bool", "value": v}

    def ok(q: str, gold: dict) -> bool:
        t = gold["type"]
        if t == "set":
            return 1 <= len(gold["ids"]) <= 12 and not any(_has(q, n) for n in gold["names"])
        if t == "count":
            return gold["value"] > 0 and float(gold["value"]) not in _numbers(q)
        if t == "value":
            return not _has(q, gold["value"])
        return True

    def unique_max(cands, score, reverse=True):
        vals = sorted(((score(c), c) for c in cands), key=lambda x: x[0], reverse=reverse)
        if len(vals) < 2 or vals[0][0] == vals[1][0]:
            return None
        return vals[0][1]

    slots: list[tuple[str, int, object]] = []

    def slot(kind, hops):
        def deco(fn):
            slots.append((kind, hops, fn))
            return fn
        return deco

    techs, farms, turbines, models = T["Technician"], T["Farm"], T["Turbine"], T["TurbineModel"]
    wos, faults, parts, vessels = T["WorkOrder"], T["Fault"], T["SparePart"], T["Vessel"]
    grids, regions = T["GridConnection"], T["Region"]
    P = g.nodes

    # ---- count
    @slot("count", 0)
    def _c1():
        yield "How many wind farms are there?", cgold(len(farms))

    @slot("count", 0)
    def _c2():
        yield "how many turbines do we operate in total", cgold(len(turbines))

    @slot("count", 0)
    def _c3():
        yield "Number of spare parts in the catalogue?", cgold(len(parts))

    @slot("count", 0)
    def _c4():
        yield "How many technicians and engineers are on the payroll?", cgold(len(techs))

    @slot("count", 0)
    def _c5():
        yield "how many work orders have been raised altogether?", cgold(len(wos))

    # ---- filtered_count
    @slot("filtered_count", 0)
    def _f1():
        yield "How many of our wind farms are offshore?", cgold(sum(P[f]["offshore"] for f in farms))

    @slot("filtered_count", 0)
    def _f2():
        yield "how many work orders are still open", cgold(sum(not P[w]["closed"] for w in wos))

    @slot("filtered_count", 1)
    def _f3():
        for m in shuffled(models):
            yield f"How many turbines in the fleet are {N(m)} units?", cgold(len(g.inn(m, "IS_MODEL")))

    @slot("filtered_count", 1)
    def _f4():
        for f in shuffled(farms):
            yield f"What's the number of turbines installed at {N(f)}?", cgold(len(g.inn(f, "INSTALLED_AT")))

    @slot("filtered_count", 0)
    def _f5():
        yield "How many alarm types are classed as critical severity?", cgold(
            sum(P[x]["severity"] == "critical" for x in faults))

    @slot("filtered_count", 0)
    def _f6():
        yield "How many work orders were opened during 2024?", cgold(
            sum(P[w]["opened"].startswith("2024-") for w in wos))

    @slot("filtered_count", 0)
    def _f7():
        yield "how many of the technicians hold a GWO certificate", cgold(sum(P[t]["gwo_certified"] for t in techs))

    @slot("filtered_count", 2)
    def _f8():
        for f in shuffled(farms):
            n = sum(P[w]["work_type"] == "preventive" for w in g.walk([f], [("INSTALLED_AT", "in"),
                                                                            ("SERVICES", "in")]))
            yield f"How many preventive work orders were raised for turbines at {N(f)}?", cgold(n)

    @slot("filtered_count", 0)
    def _f9():
        yield "How many spare parts have a unit cost above 1000 euros?", cgold(
            sum(P[p]["unit_cost_eur"] > 1000 for p in parts))

    @slot("filtered_count", 0)
    def _f10():
        yield "How many crew transfer vessels do we have?", cgold(
            sum(P[v]["vessel_type"] == "crew transfer vessel" for v in vessels))

    # ---- list
    @slot("list", 1)
    def _l1():
        for r in shuffled(regions):
            yield f"Which wind farms are located in the {N(r)} region?", sgold(g.inn(r, "LOCATED_IN"))

    @slot("list", 1)
    def _l2():
        for f in shuffled(farms):
            yield f"List the technicians whose home site is {N(f)}.", sgold(g.inn(f, "BASED_AT"))

    @slot("list", 0)
    def _l3():
        for manu in sorted({P[m]["manufacturer"] for m in models}):
            yield f"show me the turbine models made by {manu}", sgold(
                [m for m in models if P[m]["manufacturer"] == manu])

    @slot("list", 1)
    def _l4():
        for f in shuffled([f for f in farms if P[f]["offshore"]]):
            yield f"Which vessels or helicopters are contracted to serve {N(f)}?", sgold(g.inn(f, "SERVES"))

    @slot("list", 1)
    def _l5():
        for m in shuffled(models):
            yield f"What spare parts are compatible with the {N(m)}?", sgold(g.inn(m, "FITS"))

    @slot("list", 0)
    def _l6():
        for sub in sorted({P[x]["subsystem"] for x in faults}):
            yield f"give me the faults that belong to the {sub} subsystem", sgold(
                [x for x in faults if P[x]["subsystem"] == sub])

    @slot("list", 1)
    def _l7():
        for f in shuffled(farms):
            yield f"Which grid connection points does {N(f)} export power to?", sgold(g.out(f, "CONNECTS_TO"))

    # ---- multihop
    @slot("multihop", 4)
    def _m1():
        for t in shuffled(techs):
            yield f"In which regions has {N(t)} carried out work orders?", sgold(g.walk([t], [
                ("WORKED_ON", "out"), ("SERVICES", "out"), ("INSTALLED_AT", "out"), ("LOCATED_IN", "out")]))

    @slot("multihop", 3)
    def _m2():
        for t in shuffled(techs):
            yield f"what turbine models has {N(t)} done maintenance on", sgold(g.walk([t], [
                ("WORKED_ON", "out"), ("SERVICES", "out"), ("IS_MODEL", "out")]))

    @slot("multihop", 3)
    def _m3():
        for f in shuffled(farms):
            yield f"Which faults have been fixed on turbines at {N(f)}?", sgold(g.walk([f], [
                ("INSTALLED_AT", "in"), ("SERVICES", "in"), ("RESOLVES", "out")]))

    @slot("multihop", 2)
    def _m4():
        for t in shuffled(techs):
            yield f"Who mentored {N(t)}'s mentor?", sgold(g.walk([t], [("MENTORS", "in"), ("MENTORS", "in")]))

    @slot("multihop", 2)
    def _m5():
        for t in shuffled(techs):
            yield (f"Which technicians are mentored by people that {N(t)} mentors?",
                   sgold(g.walk([t], [("MENTORS", "out"), ("MENTORS", "out")])))

    @slot("multihop", 2)
    def _m6():
        for t in shuffled(techs):
            yield f"where are the mentees of {N(t)} based?", sgold(g.walk([t], [("MENTORS", "out"),
                                                                                 ("BASED_AT", "out")]))

    @slot("multihop", 2)
    def _m7():
        for t in shuffled(techs):
            yield (f"Which vessels serve the farm where {N(t)} is based?",
                   sgold(g.walk([t], [("BASED_AT", "out"), ("SERVES", "in")])))

    @slot("multihop", 2)
    def _m8():
        for x in shuffled(faults):
            yield f"Which technicians have worked on a {N(x)} job?", sgold(g.walk([x], [("RESOLVES", "in"),
                                                                                         ("WORKED_ON", "in")]))

    @slot("multihop", 2)
    def _m9():
        for t in shuffled(turbines):
            yield f"What spare parts have been fitted on turbine {N(t)}?", sgold(g.walk([t], [("SERVICES", "in"),
                                                                                               ("USED_PART", "out")]))

    @slot("multihop", 4)
    def _m10():
        for p in shuffled(parts):
            yield (f"Which grid connection points serve farms where the {N(p)} has been used?",
                   sgold(g.walk([p], [("USED_PART", "in"), ("SERVICES", "out"), ("INSTALLED_AT", "out"),
                                      ("CONNECTS_TO", "out")])))

    @slot("multihop", 4)
    def _m11():
        for x in shuffled(faults):
            yield f"in what regions has the {N(x)} alarm occurred", sgold(g.walk([x], [
                ("RESOLVES", "in"), ("SERVICES", "out"), ("INSTALLED_AT", "out"), ("LOCATED_IN", "out")]))

    @slot("multihop", 2)
    def _m12():
        for t in shuffled(turbines):
            yield f"Who has worked on {N(t)}?", sgold(g.walk([t], [("SERVICES", "in"), ("WORKED_ON", "in")]))

    @slot("multihop", 2)
    def _m13():
        for r in shuffled(regions):
            yield (f"Which substations or grid points take power from farms in {N(r)}?",
                   sgold(g.walk([r], [("LOCATED_IN", "in"), ("CONNECTS_TO", "out")])))

    @slot("multihop", 3)
    def _m14():
        for x in shuffled(grids):
            yield (f"Which turbine models are installed at farms connected to {N(x)}?",
                   sgold(g.walk([x], [("CONNECTS_TO", "in"), ("INSTALLED_AT", "in"), ("IS_MODEL", "out")])))

    # ---- superlative
    def sup(q, cands, score, reverse=True):
        best = unique_max(cands, score, reverse)
        if best is not None:
            yield q, sgold([best])

    @slot("superlative", 0)
    def _s1():
        yield from sup("Which wind farm has the largest installed capacity?", farms, lambda f: P[f]["capacity_mw"])

    @slot("superlative", 0)
    def _s2():
        yield from sup("what is our oldest wind farm (earliest commissioning date)?", farms,
                       lambda f: P[f]["commissioned"], reverse=False)

    @slot("superlative", 0)
    def _s3():
        yield from sup("Which turbine model has the biggest rotor?", models, lambda m: P[m]["rotor_diameter_m"])

    @slot("superlative", 1)
    def _s4():
        yield from sup("Which region has the most wind farms?", regions, lambda r: len(g.inn(r, "LOCATED_IN")))

    @slot("superlative", 1)
    def _s5():
        yield from sup("Who has logged the most hours on work orders overall?", techs,
                       lambda t: round(sum(g.edge(t, w, "WORKED_ON")["hours"] for w in g.out(t, "WORKED_ON")), 3))

    @slot("superlative", 1)
    def _s6():
        yield from sup("Which spare part shows up in the most work orders?", parts,
                       lambda p: len(g.inn(p, "USED_PART")))

    @slot("superlative", 2)
    def _s7():
        for f in shuffled(farms):
            yield from sup(f"At {N(f)}, which turbine has needed the most work orders?", g.inn(f, "INSTALLED_AT"),
                           lambda t: len(g.inn(t, "SERVICES")))

    @slot("superlative", 1)
    def _s8():
        for f in shuffled(farms):
            yield from sup(f"Among the staff based at {N(f)}, who has the most years of experience?",
                           g.inn(f, "BASED_AT"), lambda t: P[t]["years_experience"])

    @slot("superlative", 0)
    def _s9():
        yield from sup("Which vessel has the highest day rate?", vessels, lambda v: P[v]["day_rate_eur"])

    @slot("superlative", 1)
    def _s10():
        yield from sup("Which alarm has been resolved by the largest number of work orders?", faults,
                       lambda x: len(g.inn(x, "RESOLVES")))

    # ---- aggregate
    @slot("aggregate", 0)
    def _a1():
        yield ("What is the combined capacity in MW of all offshore farms?",
               vgold(round(sum(P[f]["capacity_mw"] for f in farms if P[f]["offshore"]), 2)))

    @slot("aggregate", 0)
    def _a2():
        yield ("average labour hours per work order?",
               vgold(round(sum(P[w]["labour_hours"] for w in wos) / len(wos), 2)))

    @slot("aggregate", 1)
    def _a3():
        for r in shuffled(regions):
            yield (f"What's the total installed capacity of the farms in {N(r)}?",
                   vgold(round(sum(P[f]["capacity_mw"] for f in g.inn(r, "LOCATED_IN")), 2)))

    @slot("aggregate", 1)
    def _a4():
        for f in shuffled(farms):
            ts = g.inn(f, "INSTALLED_AT")
            yield (f"What is the average hub height of the turbines at {N(f)}?",
                   vgold(round(sum(P[t]["hub_height_m"] for t in ts) / len(ts), 2)))

    @slot("aggregate", 1)
    def _a5():
        for p in shuffled(parts):
            ws = g.inn(p, "USED_PART")
            if ws:
                yield (f"How many units of {N(p)} have been consumed across all work orders in total?",
                       cgold(sum(g.edge(w, p, "USED_PART")["quantity"] for w in ws)))

    # ---- edge_property
    @slot("edge_property", 1)
    def _e1():
        for f in shuffled(farms):
            for x in g.out(f, "CONNECTS_TO"):
                yield (f"What is the export limit in MW on the connection between {N(f)} and {N(x)}?",
                       vgold(g.edge(f, x, "CONNECTS_TO")["export_limit_mw"]))

    @slot("edge_property", 1)
    def _e2():
        for t in shuffled(techs):
            for w in g.out(t, "WORKED_ON")[:1]:
                yield f"How many hours did {N(t)} book on {N(w)}?", vgold(g.edge(t, w, "WORKED_ON")["hours"])

    @slot("edge_property", 1)
    def _e3():
        for t in shuffled(techs):
            for m in g.out(t, "MENTORS")[:1]:
                yield f"since when has {N(t)} been mentoring {N(m)}?", vgold(g.edge(t, m, "MENTORS")["since"])

    @slot("edge_property", 1)
    def _e4():
        for v in shuffled(vessels):
            for f in g.out(v, "SERVES")[:1]:
                yield (f"When did the {N(v)} contract to serve {N(f)} start?",
                       vgold(g.edge(v, f, "SERVES")["contract_start"]))

    @slot("edge_property", 1)
    def _e5():
        for w in shuffled(wos):
            for p in g.out(w, "USED_PART")[:1]:
                yield (f"How many units of {N(p)} were used on {N(w)}?",
                       vgold(g.edge(w, p, "USED_PART")["quantity"]))

    @slot("edge_property", 1)
    def _e6():
        yield "How many vessel service contracts are exclusive?", cgold(
            sum(g.edge(v, f, "SERVES")["exclusive"] for v in vessels for f in g.out(v, "SERVES")))

    @slot("edge_property", 1)
    def _e7():
        yield "How many mentoring relationships are formal ones?", cgold(
            sum(g.edge(t, m, "MENTORS")["formal"] for t in techs for m in g.out(t, "MENTORS")))

    # ---- yes_no
    @slot("yes_no", 0)
    def _y1():
        for f in shuffled([f for f in farms if P[f]["offshore"]]):
            yield f"Is {N(f)} an offshore wind farm?", bgold(True)

    @slot("yes_no", 0)
    def _y2():
        for f in shuffled([f for f in farms if not P[f]["offshore"]]):
            yield f"is {N(f)} offshore", bgold(False)

    @slot("yes_no", 1)
    def _y3():
        for t in shuffled(techs):
            for m in g.out(t, "MENTORS")[:1]:
                yield f"Does {N(t)} mentor {N(m)}?", bgold(True)

    @slot("yes_no", 1)
    def _y4():
        for t in shuffled(techs):
            for m in g.out(t, "MENTORS")[:1]:
                if not g.edge(m, t, "MENTORS"):
                    yield f"Is {N(m)} a mentor of {N(t)}?", bgold(False)

    @slot("yes_no", 3)
    def _y5():
        for t in shuffled(techs):
            fs = g.walk([t], [("WORKED_ON", "out"), ("SERVICES", "out"), ("INSTALLED_AT", "out")])
            if fs:
                yield f"Has {N(t)} ever worked on a turbine at {N(fs[0])}?", bgold(True)

    @slot("yes_no", 1)
    def _y6():
        for v in shuffled(vessels):
            served = set(g.out(v, "SERVES"))
            for f in [f for f in farms if P[f]["offshore"] and f not in served][:1]:
                yield f"Does the {N(v)} serve {N(f)}?", bgold(False)

    @slot("yes_no", 1)
    def _y7():
        for p in shuffled(parts):
            for m in g.out(p, "FITS")[:1]:
                yield f"Is the {N(p)} compatible with the {N(m)}?", bgold(True)

    @slot("yes_no", 0)
    def _y8():
        for t in shuffled([t for t in techs if not P[t]["gwo_certified"]]):
            yield f"is {N(t)} GWO certified?", bgold(False)

    # ---- portfolio
    def neighbours(n):
        return sorted(set(g.g.successors(n)) | set(g.g.predecessors(n)), key=_key)

    @slot("portfolio", 1)
    def _p1():
        for v in shuffled(vessels):
            yield f"Tell me everything about {N(v)}.", sgold(neighbours(v))

    @slot("portfolio", 1)
    def _p2():
        for x in shuffled(grids):
            yield f"what do we know about {N(x)}?", sgold(neighbours(x))

    @slot("portfolio", 1)
    def _p3():
        for m in shuffled(models):
            if len(neighbours(m)) <= 12:
                yield f"Give me the full picture on the {N(m)} turbine model", sgold(neighbours(m))

    # ---- unknown
    names = {N(n).lower() for n in g.nodes}
    for text, made_up in [
        ("Which region is the Foxglove Point wind farm in?", "Foxglove Point"),
        ("How many work orders has Orla Pemberton closed?", "Orla Pemberton"),
        ("What is the rated power of the Monsoon 190 turbine model?", "Monsoon 190"),
        ("which farms does the vessel Sea Serpent serve", "Sea Serpent"),
    ]:
        assert made_up.lower() not in names

        def _u(text=text):
            yield text, {"type": "none"}
        slots.append(("unknown", 0, _u))

    # ---- global
    @slot("global", 0)
    def _g1():
        yield "How many different node types does this graph have?", cgold(len(T))

    @slot("global", 0)
    def _g2():
        yield "how many kinds of relationship are there in the dataset", cgold(len(g.edge_types))

    @slot("global", 0)
    def _g3():
        yield "How many relationships are stored in the graph in total?", cgold(g.g.number_of_edges())

    out = []
    for kind, hops, fn in slots:
        for q, gold in fn():
            if ok(q, gold):
                out.append({"id": f"byog64-{len(out) + 1:02d}", "kind": kind, "question": q, "gold": gold,
                            "hops": hops})
                break
    return out


def main() -> None:
    out_dir = Path(sys.argv[1])
    graph = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "windfarm_csv"
    qs = make(graph)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
