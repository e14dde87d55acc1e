"""Deterministic hold-out questions over the grid graph that graph.py writes.

    python tests/byog36/questions.py OUT_DIR [GRAPH_PATH]

GRAPH_PATH is the grid_csv folder (default OUT_DIR/grid_csv). Reads only those CSV files, loads them into a
networkx MultiDiGraph and writes OUT_DIR/holdout.jsonl (one JSON question per line, structured gold).
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path
from random import Random

import networkx as nx

SEED = 36


# ---- loading ----------------------------------------------------------------------------------------------------

def _typed(kind: str, raw: str):
    if raw == "":
        return None
    if kind == "int":
        return int(raw)
    if kind == "float":
        return float(raw)
    if kind == "boolean":
        return raw.lower() == "true"
    return raw  # string, date (ISO text)


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    rel_files = []
    for path in sorted(folder.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header, body = rows[0], rows[1:]
        if not any(":ID(" in h for h in header):
            rel_files.append((header, body))
            continue
        id_col = next(i for i, h in enumerate(header) if ":ID(" in h)
        group = re.search(r":ID\((\w+)\)", header[id_col]).group(1)
        for row in body:
            attrs = {}
            for h, v in zip(header, row, strict=True):
                if h.startswith(":") or ":ID(" in h:
                    continue
                name, _, kind = h.partition(":")
                attrs[name] = _typed(kind or "string", v)
            label = row[header.index(":LABEL")]
            disp = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
            g.add_node(f"{group}:{row[id_col]}", label=label, group=group, display=disp, **attrs)
    for header, body in rel_files:
        sg = re.search(r"\((\w+)\)", header[0]).group(1)
        dg = re.search(r"\((\w+)\)", header[1]).group(1)
        for row in body:
            attrs = {}
            for h, v in zip(header[3:], row[3:], strict=True):
                name, _, kind = h.partition(":")
                attrs[name] = _typed(kind or "string", v)
            g.add_edge(f"{sg}:{row[0]}", f"{dg}:{row[1]}", key=row[2], etype=row[2], **attrs)
    return g


# ---- graph helpers ----------------------------------------------------------------------------------------------

class G:
    def __init__(self, g: nx.MultiDiGraph):
        self.g = g
        self.by_name = {d["display"]: n for n, d in g.nodes(data=True)}

    def nodes(self, group: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["group"] == group), key=_key)

    def a(self, n: str, attr: str):
        return self.g.nodes[n].get(attr)

    def name(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def out(self, n: str, et: str, **cond) -> list[str]:
        return sorted({v for _, v, d in self.g.out_edges(n, data=True) if d["etype"] == et
                       and all(d.get(k) == x for k, x in cond.items())}, key=_key)

    def inn(self, n: str, et: str, **cond) -> list[str]:
        return sorted({u for u, _, d in self.g.in_edges(n, data=True) if d["etype"] == et
                       and all(d.get(k) == x for k, x in cond.items())}, key=_key)

    def edge(self, u: str, v: str, et: str) -> dict:
        return self.g.get_edge_data(u, v)[et]

    def walk(self, start: list[str], steps: list[tuple[str, str]]) -> list[str]:
        cur = set(start)
        for et, direction in steps:
            nxt = set()
            for n in cur:
                nxt |= set(self.out(n, et) if direction == "out" else self.inn(n, et))
            cur = nxt
        return sorted(cur, key=_key)

    def edges(self, et: str) -> list[tuple[str, str, dict]]:
        return [(u, v, d) for u, v, d in self.g.edges(data=True) if d["etype"] == et]


def _key(n: str):
    grp, _, i = n.partition(":")
    return (grp, int(i))


# ---- building -----------------------------------------------------------------------------------------------------

class Builder:
    def __init__(self, gg: G):
        self.gg = gg
        self.items: list[dict] = []
        self.rng = Random(SEED)

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        self.items.append({"kind": kind, "question": question, "gold": gold, "hops": hops})

    def set_gold(self, ids: list[str]) -> dict:
        ids = sorted(ids, key=_key)
        assert 1 <= len(ids) <= 12, ids
        return {"type": "set", "ids": ids, "names": [self.gg.name(i) for i in ids]}

    def pick(self, pool: list, ok) -> object:
        """The first member of ``pool`` (in a seeded shuffle) that passes ``ok``."""
        order = list(pool)
        self.rng.shuffle(order)
        for x in order:
            if ok(x):
                return x
        raise RuntimeError("no candidate fits")


def unique_best(items: list[str], score, reverse: bool = True) -> str | None:
    scored = sorted(((score(i), i) for i in items), key=lambda p: p[0], reverse=reverse)
    if len(scored) >= 2 and scored[0][0] == scored[1][0]:
        return None
    return scored[0][1]


def build(gg: G) -> list[dict]:  # noqa: C901 - one question after another
    b = Builder(gg)
    N = gg.name
    subs, plants, lines = gg.nodes("Substation"), gg.nodes("Plant"), gg.nodes("Line")
    engs, outs, wos = gg.nodes("Engineer"), gg.nodes("Outage"), gg.nodes("WorkOrder")
    custs, meters, regs, ops = gg.nodes("Customer"), gg.nodes("Meter"), gg.nodes("Region"), gg.nodes("Operator")
    cnt = {"type": "count"}

    # ---- count
    b.add("count", "How many substations does the grid have?", {**cnt, "value": len(subs)}, 0)
    b.add("count", "number of field engineers on record", {**cnt, "value": len(engs)}, 0)
    b.add("count", "How many large industrial customers are there", {**cnt, "value": len(custs)}, 0)
    b.add("count", "Count the transmission lines in the network.", {**cnt, "value": len(lines)}, 0)
    b.add("count", "how many outages or faults have been logged?", {**cnt, "value": len(outs)}, 0)

    # ---- filtered_count
    def fc(q, ids, hops=0):
        assert ids
        b.add("filtered_count", q, {**cnt, "value": len(ids)}, hops)

    fc("How many wind-powered plants are there?", [p for p in plants if gg.a(p, "fuel") == "wind"])
    fc("how many substations are automated", [s for s in subs if gg.a(s, "automated")])
    fc("What number of our field engineers hold a certification?", [e for e in engs if gg.a(e, "certified")])
    fc("How many faults were caused by storms?", [o for o in outs if gg.a(o, "cause") == "storm"])
    fc("Count of emergency-priority work orders", [w for w in wos if gg.a(w, "priority") == "emergency"])
    fc("How many of the industrial accounts are on interruptible contracts?",
       [c for c in custs if gg.a(c, "interruptible")])
    fc("How many generating plants were commissioned before 1980?",
       [p for p in plants if gg.a(p, "commissioned") < "1980-01-01"])
    fc("how many outages affected more than 20000 customers",
       [o for o in outs if gg.a(o, "customers_affected") > 20000])
    fc("How many lines are longer than 200 km?", [ln for ln in lines if gg.a(ln, "length_km") > 200])
    reg = b.pick(regs, lambda r: 4 <= len(gg.inn(r, "LOCATED_IN")) <= 30)
    fc(f"How many substations sit in the {N(reg)} zone?", gg.inn(reg, "LOCATED_IN"), 1)

    # ---- list
    reg_l = b.pick(regs, lambda r: 2 <= len(gg.inn(r, "LOCATED_IN")) <= 12 and r != reg)
    b.add("list", f"Which substations are located in {N(reg_l)}?", b.set_gold(gg.inn(reg_l, "LOCATED_IN")), 1)
    sub_l = b.pick(subs, lambda s: 3 <= len(gg.inn(s, "TERMINATES_AT")) <= 8)
    b.add("list", f"list the lines that terminate at {N(sub_l)}", b.set_gold(gg.inn(sub_l, "TERMINATES_AT")), 1)
    cust_l = b.pick(custs, lambda c: 3 <= len(gg.inn(c, "INSTALLED_AT")) <= 8)
    b.add("list", f"Show me the meters installed at {N(cust_l)}.", b.set_gold(gg.inn(cust_l, "INSTALLED_AT")), 1)
    wo_l = b.pick(wos, lambda w: 3 <= len(gg.inn(w, "WORKED_ON")) <= 5)
    b.add("list", f"who worked on the {N(wo_l)} work order?", b.set_gold(gg.inn(wo_l, "WORKED_ON")), 1)
    sub_c = b.pick(subs, lambda s: 2 <= len(gg.inn(s, "SUPPLIED_FROM")) <= 6)
    b.add("list", f"Which industrial customers take supply from {N(sub_c)}?",
          b.set_gold(gg.inn(sub_c, "SUPPLIED_FROM")), 1)
    op_r = b.pick(ops, lambda o: len(gg.out(o, "CONTROLS")) >= 2)
    b.add("list", f"Give me the regions that {N(op_r)} operates", b.set_gold(gg.out(op_r, "CONTROLS")), 1)
    out_l = b.pick(outs, lambda o: len(gg.out(o, "TRIPPED")) >= 2)
    b.add("list", f"What lines went down in the {N(out_l)}?", b.set_gold(gg.out(out_l, "TRIPPED")), 1)

    # ---- multihop
    def mh(q, ids, hops):
        b.add("multihop", q, b.set_gold(ids), hops)

    e_bb = b.pick(engs, lambda e: len(gg.walk([e], [("BACKS_UP", "in"), ("BACKS_UP", "in")])) == 1)
    mh(f"Who is the backup of {N(e_bb)}'s backup?", gg.walk([e_bb], [("BACKS_UP", "in")] * 2), 2)
    e_ff = b.pick(engs, lambda e: 2 <= len(gg.walk([e], [("BACKS_UP", "out")] * 2)) <= 8)
    mh(f"{N(e_ff)} is the designated backup for a few colleagues. Which engineers do those colleagues back up "
       "in turn?", gg.walk([e_ff], [("BACKS_UP", "out")] * 2), 2)
    e_bw = b.pick(engs, lambda e: e not in (e_bb, e_ff) and len(gg.inn(e, "BACKS_UP")) == 1
                  and 2 <= len(gg.walk([e], [("BACKS_UP", "in"), ("WORKED_ON", "out")])) <= 10)
    mh(f"which work orders has the engineer who backs up {N(e_bw)} worked on",
       gg.walk([e_bw], [("BACKS_UP", "in"), ("WORKED_ON", "out")]), 2)
    wo_bk = b.pick(wos, lambda w: w != wo_l and 2 <= len(gg.walk([w], [("WORKED_ON", "in"), ("BACKS_UP", "in")]))
                   <= 6)
    mh(f"Who are the backups of the crew that worked on {N(wo_bk)}?",
       gg.walk([wo_bk], [("WORKED_ON", "in"), ("BACKS_UP", "in")]), 2)
    e_reg = b.pick(engs, lambda e: 2 <= len(gg.walk([e], [("WORKED_ON", "out"), ("SERVICES", "out"),
                                                        ("LOCATED_IN", "out")])) <= 5)
    mh(f"In which regions has {N(e_reg)} carried out work orders?",
       gg.walk([e_reg], [("WORKED_ON", "out"), ("SERVICES", "out"), ("LOCATED_IN", "out")]), 3)
    c_op = b.pick(custs, lambda c: len(gg.walk([c], [("SUPPLIED_FROM", "out"), ("LOCATED_IN", "out"),
                                                     ("CONTROLS", "in")])) == 2)
    mh(f"Which grid operators control the regions where {N(c_op)} gets its supply?",
       gg.walk([c_op], [("SUPPLIED_FROM", "out"), ("LOCATED_IN", "out"), ("CONTROLS", "in")]), 3)
    steps4 = [("INSTALLED_AT", "out"), ("SUPPLIED_FROM", "out"), ("LOCATED_IN", "out"), ("CONTROLS", "in")]
    m_op = b.pick(meters, lambda m: len(gg.walk([m], steps4)) == 1)
    mh(f"{N(m_op)}: which utility controls the region of the substation feeding the customer "
       "it is installed at?", gg.walk([m_op], steps4), 4)
    steps4b = [("WORKED_ON", "out"), ("RESPONDS_TO", "out"), ("TRIPPED", "out"), ("TERMINATES_AT", "out")]
    e_4 = b.pick(engs, lambda e: 3 <= len(gg.walk([e], steps4b)) <= 10)
    mh(f"Show me the substations at either end of lines tripped by outages that {N(e_4)}'s work orders "
       "responded to", gg.walk([e_4], steps4b), 4)
    steps4c = [("BACKS_UP", "in"), ("WORKED_ON", "out"), ("SERVICES", "out"), ("LOCATED_IN", "out")]
    e_4c = b.pick(engs, lambda e: e not in (e_bw, e_bb) and len(gg.inn(e, "BACKS_UP")) == 1
                  and 2 <= len(gg.walk([e], steps4c)) <= 6)
    mh(f"{N(e_4c)}'s backup has done jobs at various substations. Which regions are those substations in?",
       gg.walk([e_4c], steps4c), 4)
    pl_e = b.pick(plants, lambda p: 2 <= len(gg.walk([p], [("CONNECTS_TO", "out"), ("SERVICES", "in"),
                                                         ("WORKED_ON", "in")])) <= 8)
    mh(f"Which engineers have worked on jobs at the substation that {N(pl_e)} connects to?",
       gg.walk([pl_e], [("CONNECTS_TO", "out"), ("SERVICES", "in"), ("WORKED_ON", "in")]), 3)
    sub_o = b.pick(subs, lambda s: s != sub_l and 2 <= len(gg.walk([s], [("TERMINATES_AT", "in"),
                                                                       ("TRIPPED", "in")])) <= 8)
    mh(f"what outages hit lines ending at {N(sub_o)}", gg.walk([sub_o], [("TERMINATES_AT", "in"),
                                                                        ("TRIPPED", "in")]), 2)
    reg_p = b.pick(regs, lambda r: r not in (reg, reg_l) and 2 <= len(gg.walk([r], [("LOCATED_IN", "in"),
                                                                                   ("CONNECTS_TO", "in")])) <= 10)
    mh(f"Which power plants are hooked up to substations in the {N(reg_p)} region?",
       gg.walk([reg_p], [("LOCATED_IN", "in"), ("CONNECTS_TO", "in")]), 2)
    ln_w = b.pick(lines, lambda ln: 2 <= len(gg.walk([ln], [("TRIPPED", "in"), ("RESPONDS_TO", "in")])) <= 8)
    mh(f"List the work orders raised in response to faults on the {N(ln_w)}.",
       gg.walk([ln_w], [("TRIPPED", "in"), ("RESPONDS_TO", "in")]), 2)
    sub_m = b.pick(subs, lambda s: 2 <= len(gg.walk([s], [("SUPPLIED_FROM", "in"), ("INSTALLED_AT", "in")])) <= 10)
    mh(f"Which meters sit at customers fed from {N(sub_m)}?",
       gg.walk([sub_m], [("SUPPLIED_FROM", "in"), ("INSTALLED_AT", "in")]), 2)

    # ---- superlative
    def sup(q, winner, hops=0):
        assert winner is not None
        b.add("superlative", q, b.set_gold([winner]), hops)

    sup("Which power plant has the largest nameplate capacity?", unique_best(plants, lambda p: gg.a(p, "capacity_mw")))
    sup("What's the oldest substation, by commissioning date?",
        unique_best(subs, lambda s: gg.a(s, "commissioned"), reverse=False))
    sup("longest transmission line?", unique_best(lines, lambda ln: gg.a(ln, "length_km")))
    sup("Which field engineer has been on the most work orders?",
        unique_best(engs, lambda e: len(gg.out(e, "WORKED_ON"))), 1)
    sup("Which region contains the greatest number of substations?",
        unique_best(regs, lambda r: len(gg.inn(r, "LOCATED_IN"))), 1)
    sup("Who has logged the most hours in total across all their work orders?",
        unique_best(engs, lambda e: round(sum(d["hours"] for _, _, d in gg.g.out_edges(e, data=True)
                                              if d["etype"] == "WORKED_ON"), 6)), 1)
    op_s = b.pick(ops, lambda o: len(gg.out(o, "OWNS")) >= 3 and
                  unique_best(gg.out(o, "OWNS"), lambda p: gg.a(p, "capacity_mw")) is not None)
    sup(f"Among the plants {N(op_s)} has a stake in, which one has the highest capacity?",
        unique_best(gg.out(op_s, "OWNS"), lambda p: gg.a(p, "capacity_mw")), 1)
    reg_s = b.pick(regs, lambda r: r not in (reg, reg_l, reg_p) and 3 <= len(gg.inn(r, "LOCATED_IN")) <= 20)
    sup(f"Of the substations in {N(reg_s)}, which was commissioned most recently?",
        unique_best(gg.inn(reg_s, "LOCATED_IN"), lambda s: gg.a(s, "commissioned")), 1)
    e_s = b.pick(engs, lambda e: len(gg.out(e, "WORKED_ON")) >= 3 and e not in (e_reg, e_4))
    sup(f"Which of {N(e_s)}'s work orders cost the most?",
        unique_best(gg.out(e_s, "WORKED_ON"), lambda w: gg.a(w, "cost_usd")), 1)
    sup("which industrial customer has the biggest contracted demand",
        unique_best(custs, lambda c: gg.a(c, "contract_mw")))

    # ---- aggregate
    def agg(q, value, hops=0):
        b.add("aggregate", q, {"type": "value", "value": round(value, 2)}, hops)

    agg("What is the total installed capacity of all solar plants, in MW?",
        sum(gg.a(p, "capacity_mw") for p in plants if gg.a(p, "fuel") == "solar"))
    ug = [gg.a(ln, "length_km") for ln in lines if gg.a(ln, "underground")]
    agg("average length of the underground lines (km)", sum(ug) / len(ug))
    op_a = b.pick(ops, lambda o: o != op_s and len(gg.out(o, "OWNS")) >= 5)
    agg(f"What's the combined capacity of every plant that {N(op_a)} holds a stake in?",
        sum(gg.a(p, "capacity_mw") for p in gg.out(op_a, "OWNS")), 1)
    st = [gg.a(o, "duration_h") for o in outs if gg.a(o, "cause") == "storm"]
    agg("On average, how many hours did storm outages last?", sum(st) / len(st))
    sub_a = b.pick(subs, lambda s: len(gg.inn(s, "SERVICES")) >= 3)
    agg(f"How much did the work orders at {N(sub_a)} cost altogether, in dollars?",
        sum(gg.a(w, "cost_usd") for w in gg.inn(sub_a, "SERVICES")), 1)

    # ---- edge_property
    shared = [(u, v, d) for u, v, d in gg.edges("OWNS") if d["stake_pct"] < 100]
    u1, v1, d1 = shared[b.rng.randrange(len(shared))]
    b.add("edge_property", f"What percentage stake does {N(u1)} hold in {N(v1)}?",
          {"type": "value", "value": d1["stake_pct"]}, 1)
    worked = gg.edges("WORKED_ON")
    u2, v2, d2 = worked[b.rng.randrange(len(worked))]
    b.add("edge_property", f"how many hours did {N(u2)} log on {N(v2)}",
          {"type": "value", "value": d2["hours"]}, 1)
    inspectors = [(u, v, d) for u, v, d in worked if d["role"] == "inspector"]
    u3, v3, d3 = inspectors[b.rng.randrange(len(inspectors))]
    b.add("edge_property", f"What role did {N(u3)} play on the {N(v3)} job?",
          {"type": "value", "value": d3["role"]}, 1)
    trips = gg.edges("TRIPPED")
    u4, v4, d4 = trips[b.rng.randrange(len(trips))]
    b.add("edge_property", f"How much load (MW) was lost on {N(v4)} during the {N(u4)}?",
          {"type": "value", "value": d4["load_lost_mw"]}, 1)
    u5, v5, d5 = shared[b.rng.randrange(len(shared))]
    b.add("edge_property", f"When did {N(u5)} acquire its share of {N(v5)}?",
          {"type": "value", "value": d5["acquired"]}, 1)
    b.add("edge_property", "How many work-order assignments were in an inspector capacity?",
          {**cnt, "value": len(inspectors)}, 1)
    b.add("edge_property", "how many customer supply connections are non-firm",
          {**cnt, "value": sum(1 for _, _, d in gg.edges("SUPPLIED_FROM") if not d["firm"])}, 1)

    # ---- yes_no (alternating no / yes)
    def yn(q, value, hops=1):
        b.add("yes_no", q, {"type": "bool", "value": value}, hops)

    p_no = b.pick(plants, lambda p: gg.a(p, "fuel") in ("gas", "coal"))
    yn(f"Is {N(p_no)} a renewable plant?", False, 0)
    bk = gg.edges("BACKS_UP")
    ua, va, _ = bk[b.rng.randrange(len(bk))]
    yn(f"Does {N(ua)} back up {N(va)}?", True)
    ub, vb, _ = bk[b.rng.randrange(len(bk))]
    yn(f"does {N(vb)} act as backup for {N(ub)}", False)
    s_yes = b.pick(subs, lambda s: True)
    yn(f"Is {N(s_yes)} in the {N(gg.out(s_yes, 'LOCATED_IN')[0])} region?", True)
    s_no = b.pick(subs, lambda s: s != s_yes)
    r_no = b.pick(regs, lambda r: r not in gg.out(s_no, "LOCATED_IN"))
    yn(f"{N(s_no)} is located in {N(r_no)}, right?", False)
    uw, vw, _ = worked[b.rng.randrange(len(worked))]
    yn(f"Did {N(uw)} work on {N(vw)}?", True)
    c_no = b.pick(custs, lambda c: True)
    s_c = b.pick(subs, lambda s: s not in gg.out(c_no, "SUPPLIED_FROM"))
    yn(f"Is {N(c_no)} supplied from {N(s_c)}?", False)
    ln_y = b.pick(lines, lambda ln: gg.a(ln, "underground"))
    yn(f"is the {N(ln_y)} an underground cable?", True, 0)

    # ---- portfolio
    def neighbours(n):
        return sorted({v for _, v in gg.g.out_edges(n)} | {u for u, _ in gg.g.in_edges(n)}, key=_key)

    for pool, tmpl in ((custs, "Tell me everything about {}."), (lines, "what do we know about {}?"),
                       (engs, "Give me the full picture on {}")):
        x = b.pick(pool, lambda n: 4 <= len(neighbours(n)) <= 12 and len({gg.a(m, "group") for m in
                                                                           neighbours(n)}) >= 2)
        b.add("portfolio", tmpl.format(N(x)), b.set_gold(neighbours(x)), 1)

    # ---- unknown (made-up names)
    for q in ("What is the capacity of Glimmerwick Power Station?", "Who backs up Thaddeus Quillfeather?",
              "Which lines terminate at Zanzibarra Switchyard?",
              "how many meters are installed at Brightwater Anodising Works"):
        b.add("unknown", q, {"type": "none"}, 0)

    # ---- global
    groups = {d["group"] for _, d in gg.g.nodes(data=True)}
    etypes = {d["etype"] for _, _, d in gg.g.edges(data=True)}
    b.add("global", "How many different node types does this graph have?", {**cnt, "value": len(groups)}, 0)
    b.add("global", "how many kinds of relationship are there in the grid model", {**cnt, "value": len(etypes)}, 0)
    b.add("global", "What's the total number of entities in the graph?",
          {**cnt, "value": gg.g.number_of_nodes()}, 0)
    return b.items


def check(gg: G, items: list[dict]) -> None:
    names = set(gg.by_name)
    for it in items:
        q, gold = it["question"], it["gold"]
        low = q.lower()
        if gold["type"] == "set":
            for nm in gold["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", low), (q, nm)
        if gold["type"] in ("count", "value") and not isinstance(gold["value"], bool):
            v = gold["value"]
            assert str(v).lower() not in low, (q, v)
            if gold["type"] == "count":
                assert v > 0, q
        if it["kind"] == "unknown":
            assert not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in names), q


def main() -> None:
    out = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out / "grid_csv"
    gg = G(load(folder))
    items = build(gg)
    check(gg, items)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for k, it in enumerate(items, 1):
            fh.write(json.dumps({"id": f"byog36-{k:02d}", **it}, ensure_ascii=False) + "\n")
    print(f"{len(items)} questions -> {out / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
