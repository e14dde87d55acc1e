"""Holdout questions over the telecom graph written by graph.py.

    python tests/byog42/questions.py OUT_DIR [GRAPH_PATH]

GRAPH_PATH is the telecom_csv folder (default OUT_DIR/telecom_csv). Writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import random
import re
import sys

import networkx as nx

SEED = 4242


def _cast(value: str, typ: str):
    if typ == "int":
        return int(value)
    if typ == "float":
        return float(value)
    if typ == "boolean":
        return value == "true"
    return value


def load(folder: str) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for path in sorted(glob.glob(os.path.join(folder, "*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        if header[0].startswith(":START_ID"):
            sg = re.search(r"\((\w+)\)", header[0]).group(1)
            eg = re.search(r"\((\w+)\)", header[1]).group(1)
            cols = [h.split(":") for h in header[3:]]
            for r in rows[1:]:
                attrs = {c[0]: _cast(v, c[1]) for c, v in zip(cols, r[3:], strict=True)}
                g.add_edge(f"{sg}:{r[0]}", f"{eg}:{r[1]}", key=r[2], type=r[2], **attrs)
        else:
            group = re.search(r"\((\w+)\)", header[0]).group(1)
            cols = [h.split(":") for h in header[1:-1]]
            for r in rows[1:]:
                attrs = {c[0]: _cast(v, c[1]) for c, v in zip(cols, r[1:-1], strict=True)}
                name = f"{attrs['first_name']} {attrs['last_name']}" if "first_name" in attrs else attrs.get("name") or attrs["title"]
                g.add_node(f"{group}:{r[0]}", label=r[-1], display=name, **attrs)
    return g


class Q:
    def __init__(self, g: nx.MultiDiGraph):
        self.g = g
        self.rng = random.Random(SEED)
        self.items: list[dict] = []

    # graph helpers
    def of(self, label: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["label"] == label), key=lambda k: int(k.split(":")[1]))

    def name(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def out(self, n: str, et: str) -> list[str]:
        return sorted({v for _, v, k in self.g.out_edges(n, keys=True) if k == et}, key=_order)

    def inn(self, n: str, et: str) -> list[str]:
        return sorted({u for u, _, k in self.g.in_edges(n, keys=True) if k == et}, key=_order)

    def step(self, nodes, et: str, direction: str) -> list[str]:
        res: set[str] = set()
        for n in nodes:
            res.update(self.out(n, et) if direction == "out" else self.inn(n, et))
        return sorted(res, key=_order)

    def edge(self, u: str, v: str, et: str) -> dict:
        return self.g.edges[u, v, et]

    def pick(self, cands: list):
        return self.rng.choice(cands) if cands else None

    # question writers
    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        if not _ok(text, gold):
            return
        self.items.append({"kind": kind, "question": text, "gold": gold, "hops": hops})

    def set_gold(self, ids: list[str]) -> dict:
        return {"type": "set", "ids": list(ids), "names": [self.name(i) for i in ids]}


def _order(k: str):
    g, i = k.split(":")
    return (g, int(i))


def _ok(text: str, gold: dict) -> bool:
    low = text.lower()
    if gold["type"] == "set":
        if not 1 <= len(gold["ids"]) <= 12:
            return False
        return not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in gold["names"])
    if gold["type"] == "count":
        return gold["value"] > 0 and not re.search(rf"(?<![\w.,]){gold['value']}(?![\w]|[.,]\d)", low)
    if gold["type"] == "value":
        v = gold["value"]
        s = str(v).lower()
        if isinstance(v, float):
            nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", low)]
            return not any(abs(x - v) <= 0.01 * abs(v) for x in nums)
        return not re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", low)
    return True


def unique_max(items: list[tuple[str, float]], lowest: bool = False) -> str | None:
    if not items:
        return None
    items = sorted(items, key=lambda p: p[1], reverse=not lowest)
    if len(items) > 1 and items[0][1] == items[1][1]:
        return None
    return items[0][0]


def build(g: nx.MultiDiGraph) -> list[dict]:  # noqa: C901, PLR0915
    q = Q(g)
    sites, regions, bss = q.of("Site"), q.of("Region"), q.of("BaseStation")
    subs, techs, outages = q.of("Subscriber"), q.of("Technician"), q.of("Outage")
    plans, handsets, lics, tickets = q.of("TariffPlan"), q.of("Handset"), q.of("SpectrumLicence"), q.of("Ticket")
    N = q.name  # noqa: N806

    # ---- count
    q.add("count", "How many cell sites does the network have?", {"type": "count", "value": len(sites)}, 1)
    q.add("count", "how many base stations are there in total", {"type": "count", "value": len(bss)}, 1)
    q.add("count", "Number of subscribers on record?", {"type": "count", "value": len(subs)}, 1)
    q.add("count", "How many technicians work for the operator?", {"type": "count", "value": len(techs)}, 1)
    q.add("count", "How many network outages have been logged?", {"type": "count", "value": len(outages)}, 1)

    # ---- filtered_count
    def fc(text, nodes, pred):
        q.add("filtered_count", text, {"type": "count", "value": sum(1 for n in nodes if pred(n))}, 1)

    fc("How many sites are 5G-capable?", sites, lambda n: q.a(n, "has_5g"))
    fc("how many subscribers are on prepaid", subs, lambda n: q.a(n, "prepaid"))
    fc("How many outages were classed as critical severity?", outages, lambda n: q.a(n, "severity") == "critical")
    r = regions[2]
    q.add("filtered_count", f"How many cell sites are located in the {N(r)} region?",
          {"type": "count", "value": len(q.inn(r, "LOCATED_IN"))}, 1)
    p = plans[4]
    q.add("filtered_count", f"How many customers are signed up to the {N(p)} tariff?",
          {"type": "count", "value": len(q.inn(p, "SUBSCRIBES_TO"))}, 1)
    fc("How many certified technicians are there?", techs, lambda n: q.a(n, "certified"))
    fc("How many base stations were supplied by Nokia?", bss, lambda n: q.a(n, "vendor") == "Nokia")
    fc("how many handset models does Kaiyo make", handsets, lambda n: q.a(n, "maker") == "Kaiyo")
    fc("How many spectrum licences are held on an exclusive basis?", lics, lambda n: q.a(n, "exclusive"))
    fc("How many sites stand taller than 50 metres?", sites, lambda n: q.a(n, "height_m") > 50)

    # ---- list
    c = [r for r in regions if 1 <= len(q.inn(r, "BASED_IN")) <= 12]
    r = q.pick(c)
    q.add("list", f"Which technicians are based in {N(r)}?", q.set_gold(q.inn(r, "BASED_IN")), 1)
    s = q.pick([s for s in sites if len(q.inn(s, "MOUNTED_ON")) >= 2])
    q.add("list", f"List the base stations mounted on {N(s)}.", q.set_gold(q.inn(s, "MOUNTED_ON")), 1)
    q.add("list", "show me the handsets made by Brightline",
          q.set_gold([h for h in handsets if q.a(h, "maker") == "Brightline"]), 1)
    q.add("list", "Which tariff plans belong to the budget tier?",
          q.set_gold([p for p in plans if q.a(p, "tier") == "budget"]), 1)
    t = q.pick([t for t in techs if 2 <= len(q.out(t, "SUPERVISES")) <= 12])
    q.add("list", f"Who reports directly to {N(t)}?", q.set_gold(q.out(t, "SUPERVISES")), 1)
    b = q.pick([b for b in bss if len(q.out(b, "OPERATES_UNDER")) == 2])
    q.add("list", f"What spectrum licences does base station {N(b)} operate under?", q.set_gold(q.out(b, "OPERATES_UNDER")), 1)
    o = q.pick([o for o in outages if len(q.out(o, "AFFECTED")) >= 2])
    q.add("list", f"Which base stations were hit by the {N(o)}?", q.set_gold(q.out(o, "AFFECTED")), 1)

    # ---- multihop
    depth = {t: len(nx.ancestors(nx.DiGraph([(u, v) for u, v, k in g.edges(keys=True) if k == "SUPERVISES"]), t)) for t in techs}
    deep = [t for t in techs if depth[t] >= 2]
    for text in ("Who does {x}'s supervisor report to?", "who is the boss of {x}'s manager"):
        t = q.pick(deep)
        q.add("multihop", text.format(x=N(t)), q.set_gold(q.step(q.inn(t, "SUPERVISES"), "SUPERVISES", "in")), 2)
    t = q.pick([t for t in techs if depth[t] == 1])
    q.add("multihop", f"Which technicians sit two levels below {N(t)} in the supervision chain?",
          q.set_gold(q.step(q.out(t, "SUPERVISES"), "SUPERVISES", "out")), 2)
    t = q.pick([t for t in techs if depth[t] == 3])
    peers = [x for x in q.step(q.inn(t, "SUPERVISES"), "SUPERVISES", "out") if x != t]
    q.add("multihop", f"Which technicians share a supervisor with {N(t)}?", q.set_gold(peers), 2)
    for text in ("Which tariff plans are used by subscribers served by {x}?",
                 "what plans are the customers connected to {x} on"):
        b = q.pick([b for b in bss if 2 <= len(q.step(q.inn(b, "SERVED_BY"), "SUBSCRIBES_TO", "out")) <= 12])
        q.add("multihop", text.format(x=N(b)), q.set_gold(q.step(q.inn(b, "SERVED_BY"), "SUBSCRIBES_TO", "out")), 2)

    def o_regions(o):
        return q.step(q.step(q.out(o, "AFFECTED"), "MOUNTED_ON", "out"), "LOCATED_IN", "out")

    for text in ("In which regions did the {x} knock out base stations?", "Which regions felt the {x}?"):
        o = q.pick([o for o in outages if len(o_regions(o)) >= 2])
        q.add("multihop", text.format(x=N(o)), q.set_gold(o_regions(o)), 3)

    def s_techs(s):
        return q.step(q.step(q.inn(s, "MOUNTED_ON"), "AFFECTED", "in"), "RESOLVED", "in")

    for text in ("Which technicians worked on outages affecting base stations at {x}?",
                 "who fixed the outages that hit the base stations on {x}"):
        s = q.pick([s for s in sites if 2 <= len(s_techs(s)) <= 12])
        q.add("multihop", text.format(x=N(s)), q.set_gold(s_techs(s)), 3)

    def s_handsets(s):
        return q.step(q.step(q.inn(s, "MOUNTED_ON"), "SERVED_BY", "in"), "USES_DEVICE", "out")

    s = q.pick([s for s in sites if 2 <= len(s_handsets(s)) <= 12])
    q.add("multihop", f"Which handsets do customers served by base stations at {N(s)} use?", q.set_gold(s_handsets(s)), 3)

    def s_ticket_techs(s):
        subs_ = q.step(q.inn(s, "MOUNTED_ON"), "SERVED_BY", "in")
        return q.step(q.step(subs_, "RAISED", "out"), "ASSIGNED_TO", "out")

    for text in ("Which technicians handled tickets raised by subscribers connected to base stations on {x}?",
                 "Give me the techs assigned to support tickets from customers whose serving cell is mounted on {x}"):
        s = q.pick([s for s in sites if 2 <= len(s_ticket_techs(s)) <= 12])
        q.add("multihop", text.format(x=N(s)), q.set_gold(s_ticket_techs(s)), 4)

    def t_regions(t):
        return q.step(q.step(q.step(q.out(t, "RESOLVED"), "AFFECTED", "out"), "MOUNTED_ON", "out"), "LOCATED_IN", "out")

    t = q.pick([t for t in techs if 2 <= len(t_regions(t)) <= 12])
    q.add("multihop", f"Which regions contain the sites whose base stations were hit by outages that {N(t)} resolved?",
          q.set_gold(t_regions(t)), 4)

    # ---- superlative
    def sup(text, items, lowest=False):
        w = unique_max(items, lowest)
        if w is not None:
            q.add("superlative", text, q.set_gold([w]), 1)

    sup("Which cell site is the tallest?", [(s, q.a(s, "height_m")) for s in sites])
    sup("what's the oldest site by installation date", [(s, q.a(s, "installed")) for s in sites], lowest=True)
    sup("Which tariff plan has the most subscribers?", [(p, len(q.inn(p, "SUBSCRIBES_TO"))) for p in plans])
    sup("Which technician has resolved the most outages?", [(t, len(q.out(t, "RESOLVED"))) for t in techs])
    sup("Which region contains the largest number of sites?", [(r, len(q.inn(r, "LOCATED_IN"))) for r in regions])
    sup("Which outage affected the most customers?", [(o, q.a(o, "customers_affected")) for o in outages])
    sup("Which technician has logged the most repair hours in total across their outages?",
        [(t, sum(q.edge(t, o, "RESOLVED")["hours"] for o in q.out(t, "RESOLVED"))) for t in techs])
    b = q.pick([b for b in bss if len(q.inn(b, "SERVED_BY")) >= 4])
    sup(f"Among the subscribers served by {N(b)}, who spends the most per month?",
        [(s, q.a(s, "monthly_spend")) for s in q.inn(b, "SERVED_BY")])
    r = regions[5]
    sup(f"Which site in {N(r)} is the tallest?", [(s, q.a(s, "height_m")) for s in q.inn(r, "LOCATED_IN")])
    sup("which spectrum licence fetched the highest auction price", [(x, q.a(x, "auction_price_m")) for x in lics])

    # ---- aggregate
    r = regions[1]
    hs = [q.a(s, "height_m") for s in q.inn(r, "LOCATED_IN")]
    q.add("aggregate", f"What is the average height of the sites in {N(r)}?", {"type": "value", "value": round(sum(hs) / len(hs), 2)}, 1)
    q.add("aggregate", "Total customers affected by critical outages?",
          {"type": "count", "value": sum(q.a(o, "customers_affected") for o in outages if q.a(o, "severity") == "critical")}, 1)
    q.add("aggregate", "What's the average monthly fee across all tariff plans?",
          {"type": "value", "value": round(sum(q.a(p, "monthly_fee") for p in plans) / len(plans), 2)}, 1)
    q.add("aggregate", "What is the combined auction price of all spectrum licences, in millions?",
          {"type": "value", "value": round(sum(q.a(x, "auction_price_m") for x in lics), 2)}, 1)
    p = plans[8]
    ages = [q.a(s, "age") for s in q.inn(p, "SUBSCRIBES_TO")]
    q.add("aggregate", f"average age of customers on the {N(p)} plan", {"type": "value", "value": round(sum(ages) / len(ages), 2)}, 2)

    # ---- edge_property
    s = q.pick(subs)
    p = q.out(s, "SUBSCRIBES_TO")[0]
    q.add("edge_property", f"When did {N(s)} start on the {N(p)} plan?", {"type": "value", "value": q.edge(s, p, "SUBSCRIBES_TO")["since"]}, 1)
    t = q.pick([t for t in techs if q.out(t, "RESOLVED")])
    o = q.out(t, "RESOLVED")[0]
    q.add("edge_property", f"How many hours did {N(t)} spend fixing the {N(o)}?", {"type": "value", "value": q.edge(t, o, "RESOLVED")["hours"]}, 1)
    tk = q.pick(tickets)
    s = q.inn(tk, "RAISED")[0]
    q.add("edge_property", f"Through which channel did {N(s)} raise {N(tk)}?", {"type": "value", "value": q.edge(s, tk, "RAISED")["channel"]}, 1)
    s = q.pick([s for s in subs if q.edge(s, q.out(s, "SUBSCRIBES_TO")[0], "SUBSCRIBES_TO")["discount_pct"] > 0])
    p = q.out(s, "SUBSCRIBES_TO")[0]
    q.add("edge_property", f"What discount percentage does {N(s)} get on {N(p)}?",
          {"type": "value", "value": q.edge(s, p, "SUBSCRIBES_TO")["discount_pct"]}, 1)
    q.add("edge_property", "How many tickets were raised via the app?",
          {"type": "count", "value": sum(1 for _, _, k, d in g.edges(keys=True, data=True) if k == "RAISED" and d["channel"] == "app")}, 1)
    q.add("edge_property", "how many subscriptions are paid by autopay",
          {"type": "count", "value": sum(1 for _, _, k, d in g.edges(keys=True, data=True) if k == "SUBSCRIBES_TO" and d["autopay"])}, 1)
    tk = q.pick(tickets[::7])
    t = q.out(tk, "ASSIGNED_TO")[0]
    q.add("edge_property", f"What priority did {N(tk)} get when it was assigned to {N(t)}?",
          {"type": "value", "value": q.edge(tk, t, "ASSIGNED_TO")["priority"]}, 1)

    # ---- yes_no
    s5 = [s for s in sites if q.a(s, "has_5g")]
    s4 = [s for s in sites if not q.a(s, "has_5g")]
    q.add("yes_no", f"Is {N(q.pick(s5))} 5G-enabled?", {"type": "bool", "value": True}, 1)
    q.add("yes_no", f"does {N(q.pick(s4))} have 5G", {"type": "bool", "value": False}, 1)
    a_ = q.pick([t for t in techs if q.out(t, "SUPERVISES")])
    q.add("yes_no", f"Does {N(a_)} supervise {N(q.out(a_, 'SUPERVISES')[0])}?", {"type": "bool", "value": True}, 1)
    a_ = q.pick([t for t in techs if depth[t] == 3])
    other = q.pick([t for t in techs if depth[t] == 3 and t != a_])
    q.add("yes_no", f"Is {N(a_)} the supervisor of {N(other)}?", {"type": "bool", "value": False}, 1)
    s = q.pick(subs)
    q.add("yes_no", f"Is {N(s)} on the {N(q.out(s, 'SUBSCRIBES_TO')[0])} tariff?", {"type": "bool", "value": True}, 1)
    s = q.pick(subs)
    wrong = q.pick([p for p in plans if p not in q.out(s, "SUBSCRIBES_TO")])
    q.add("yes_no", f"is {N(s)} subscribed to {N(wrong)}", {"type": "bool", "value": False}, 1)
    o = q.pick(outages)
    q.add("yes_no", f"Was {N(q.out(o, 'AFFECTED')[0])} affected by the {N(o)}?", {"type": "bool", "value": True}, 1)
    o = q.pick(outages)
    b = q.pick([b for b in bss if b not in q.out(o, "AFFECTED")])
    q.add("yes_no", f"Did the {N(o)} hit base station {N(b)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio
    def nbrs(n):
        return sorted({v for _, v in g.out_edges(n)} | {u for u, _ in g.in_edges(n)}, key=_order)

    o = q.pick([o for o in outages if len(nbrs(o)) >= 3])
    q.add("portfolio", f"Tell me everything about the {N(o)}.", q.set_gold(nbrs(o)), 1)
    b = q.pick([b for b in bss if 5 <= len(nbrs(b)) <= 12 and q.inn(b, "AFFECTED")])
    q.add("portfolio", f"give me the full picture of base station {N(b)}", q.set_gold(nbrs(b)), 1)
    t = q.pick([t for t in techs if 5 <= len(nbrs(t)) <= 12 and q.out(t, "RESOLVED") and q.inn(t, "ASSIGNED_TO")])
    q.add("portfolio", f"What do we know about technician {N(t)}? Everything connected to them, please.", q.set_gold(nbrs(t)), 1)

    # ---- unknown
    names = {d["display"].lower() for _, d in g.nodes(data=True)}
    for text, made_up in (("Which region is Marigold Summit Mast in?", "Marigold Summit Mast"),
                          ("Who supervises Bartholomew Quigley?", "Bartholomew Quigley"),
                          ("What tariff is Penelope Ashcombe subscribed to?", "Penelope Ashcombe"),
                          ("Which base stations were hit by the Velvet Hurricane Outage?", "Velvet Hurricane Outage")):
        assert made_up.lower() not in names
        q.add("unknown", text, {"type": "none"}, 1)

    # ---- global
    q.add("global", "How many different kinds of entities does this graph contain?",
          {"type": "count", "value": len({d["label"] for _, d in g.nodes(data=True)})}, 0)
    q.add("global", "how many relationship types exist in the network graph",
          {"type": "count", "value": len({k for _, _, k in g.edges(keys=True)})}, 0)
    q.add("global", "How many nodes are in the graph altogether?", {"type": "count", "value": g.number_of_nodes()}, 0)

    out = []
    for i, item in enumerate(q.items, 1):
        out.append({"id": f"byog42-{i:02d}", **item})
    return out


def main() -> None:
    out_dir = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "telecom_csv")
    items = build(load(folder))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for it in items:
            fh.write(json.dumps({"id": it["id"], "kind": it["kind"], "question": it["question"], "gold": it["gold"],
                                 "hops": it["hops"]}, ensure_ascii=False) + "\n")
    print(f"{len(items)} questions -> {os.path.join(out_dir, 'holdout.jsonl')}")


if __name__ == "__main__":
    main()
