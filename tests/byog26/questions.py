"""Held-out questions over the byog26 car-rental graph.

    python tests/byog26/questions.py OUT_DIR [GRAPH_PATH]

reads only the GraphML that graph.py wrote (default OUT_DIR/rental.graphml) and writes OUT_DIR/holdout.jsonl.
Subjects are drawn with a fixed ``random.Random`` over sorted candidates, so the output is deterministic.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean

import networkx as nx

KIND_ORDER = ["count", "filtered_count", "list", "multihop", "superlative", "aggregate", "edge_property", "yes_no",
              "portfolio", "unknown", "global"]


def _nat(nid: str) -> tuple[str, int]:
    head, _, num = nid.rpartition("-")
    return head, int(num) if num.isdigit() else 0


class Graph:
    def __init__(self, path: Path):
        g = nx.read_graphml(path, force_multigraph=True)
        self.attrs = {n: dict(d) for n, d in g.nodes(data=True)}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n in sorted(self.attrs, key=_nat):
            self.by_type[self.attrs[n]["label"]].append(n)
        self.out_e: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.in_e: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.edges = []
        for s, t, d in g.edges(data=True):
            d = dict(d)
            d.pop("id", None)
            self.out_e[s].append((d["label"], t, d))
            self.in_e[t].append((d["label"], s, d))
            self.edges.append((s, d["label"], t, d))
        self.by_name = {self.name(n): n for n in self.attrs}

    def name(self, n: str) -> str:
        a = self.attrs[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return str(a.get("name") or a.get("title"))

    def out(self, n: str, label: str) -> list[str]:
        return sorted({t for lab, t, _ in self.out_e[n] if lab == label}, key=_nat)

    def inc(self, n: str, label: str) -> list[str]:
        return sorted({s for lab, s, _ in self.in_e[n] if lab == label}, key=_nat)

    def edge(self, s: str, label: str, t: str) -> dict:
        found = [d for lab, x, d in self.out_e[s] if lab == label and x == t]
        assert len(found) == 1, (s, label, t)
        return found[0]

    def walk(self, starts, steps) -> list[str]:
        """steps: (label, 'out'|'in') pairs; returns the distinct ids reached."""
        cur = set(starts)
        for label, way in steps:
            nxt = set()
            for n in cur:
                nxt.update(self.out(n, label) if way == "out" else self.inc(n, label))
            cur = nxt
        return sorted(cur, key=_nat)

    def neighbours(self, n: str) -> list[str]:
        return sorted({t for _, t, _ in self.out_e[n]} | {s for _, s, _ in self.in_e[n]}, key=_nat)


def unique_top(items, key, lowest: bool = False):
    """The single best item, or None on a tie."""
    scored = sorted(((key(i), i) for i in items), key=lambda p: p[0], reverse=not lowest)
    if len(scored) < 2 or scored[0][0] == scored[1][0]:
        return None
    return scored[0][1]


def build(path: Path) -> list[dict]:
    G = Graph(path)
    rng = random.Random(2626)
    T = G.by_type
    qs: list[dict] = []
    used: set[str] = set()

    def nm(n: str) -> str:
        return G.name(n)

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"kind": kind, "question": text, "gold": gold, "hops": hops})

    def cnt(v) -> dict:
        return {"type": "count", "value": int(v)}

    def sset(ids) -> dict:
        ids = sorted(set(ids), key=_nat)
        return {"type": "set", "ids": ids, "names": [nm(i) for i in ids]}

    def val(v) -> dict:
        return {"type": "value", "value": round(v, 2) if isinstance(v, float) else v}

    def pick(cands, ok=lambda n: True, fresh: bool = True):
        cands = sorted(cands, key=_nat)
        order = cands[:]
        rng.shuffle(order)
        for n in order:
            if fresh and n in used:
                continue
            if ok(n):
                used.add(n)
                return n
        raise SystemExit("no subject fits a question template")

    def booked(c):
        return G.out(c, "BOOKED")

    def rented_vehicles(c):
        return G.walk([c], [("BOOKED", "out"), ("RENTED_VEHICLE", "out")])

    def size_ok(lo=1, hi=12):
        return lambda xs: lo <= len(xs) <= hi

    # ---- count ------------------------------------------------------------------------------------------------
    add("count", "How many branches does the company operate?", cnt(len(T["Branch"])), 0)
    add("count", "how many customers do we have on file", cnt(len(T["Customer"])), 0)
    add("count", "What's the total number of damage reports logged?", cnt(len(T["DamageReport"])), 0)
    add("count", "How many different car brands (manufacturers) are there?", cnt(len(T["Make"])), 0)
    add("count", "Number of mechanics employed?", cnt(len(T["Mechanic"])), 0)

    # ---- filtered_count ---------------------------------------------------------------------------------------
    A = G.attrs
    add("filtered_count", "How many vehicles are currently in maintenance?",
        cnt(sum(A[v]["status"] == "maintenance" for v in T["Vehicle"])), 0)
    add("filtered_count", "how many customers hold platinum loyalty status",
        cnt(sum(A[c]["loyalty_tier"] == "platinum" for c in T["Customer"])), 0)
    add("filtered_count", "How many rental agreements ended up cancelled?",
        cnt(sum(A[r]["status"] == "cancelled" for r in T["Rental"])), 0)
    add("filtered_count", "How many damage reports were classed as severe?",
        cnt(sum(A[d]["severity"] == "severe" for d in T["DamageReport"])), 0)
    b = pick(T["Branch"])
    add("filtered_count", f"How many cars are based at {nm(b)}?", cnt(len(G.inc(b, "BASED_AT"))), 1)
    c = pick(T["Customer"], lambda n: 3 <= len(booked(n)) <= 9)
    add("filtered_count", f"How many rentals has {nm(c)} booked?", cnt(len(booked(c))), 1)

    def electric_models(mk):
        return [m for m in G.inc(mk, "MANUFACTURED_BY") if A[m]["electric"]]
    mk = pick(T["Make"], lambda n: 2 <= len(electric_models(n)) < len(G.inc(n, "MANUFACTURED_BY")))
    add("filtered_count", f"how many electric models does {nm(mk)} make?", cnt(len(electric_models(mk))), 1)
    add("filtered_count", "How many of our mechanics are on call?",
        cnt(sum(bool(A[m]["on_call"]) for m in T["Mechanic"])), 0)
    add("filtered_count", "Number of branches located at an airport",
        cnt(sum(bool(A[x]["airport"]) for x in T["Branch"])), 0)
    add("filtered_count", "How many vehicles have more than 100,000 km on the clock?",
        cnt(sum(A[v]["mileage_km"] > 100000 for v in T["Vehicle"])), 0)

    # ---- list -------------------------------------------------------------------------------------------------
    cities = sorted({A[x]["city"] for x in T["Branch"]})
    city = next(ct for ct in sorted(cities, key=lambda ct: rng.random())
                if 2 <= sum(A[x]["city"] == ct for x in T["Branch"]) <= 5)
    add("list", f"Which branches are in {city}?", sset([x for x in T["Branch"] if A[x]["city"] == city]), 0)
    mk2 = pick(T["Make"], lambda n: 2 <= len(G.inc(n, "MANUFACTURED_BY")) <= 8)
    add("list", f"List the models made by {nm(mk2)}", sset(G.inc(mk2, "MANUFACTURED_BY")), 1)
    b2 = pick(T["Branch"], lambda n: 2 <= len(G.inc(n, "WORKS_AT")) <= 8)
    add("list", f"show me the mechanics who work out of {nm(b2)}", sset(G.inc(b2, "WORKS_AT")), 1)
    add("list", "Which insurance plans include glass cover?",
        sset([p for p in T["InsurancePolicy"] if A[p]["includes_glass"]]), 0)
    inds = sorted({A[x]["industry"] for x in T["CorporateAccount"]})
    ind = next(i for i in sorted(inds, key=lambda i: rng.random())
               if 2 <= sum(A[x]["industry"] == i for x in T["CorporateAccount"]) <= 6)
    add("list", f"Which corporate clients are in the {ind} industry?",
        sset([x for x in T["CorporateAccount"] if A[x]["industry"] == ind]), 0)
    c2 = pick(T["Customer"], lambda n: 3 <= len(rented_vehicles(n)) <= 7)
    add("list", f"give me the cars {nm(c2)} has hired", sset(rented_vehicles(c2)), 2)
    ac = pick(T["CorporateAccount"], lambda n: 3 <= len(G.inc(n, "MEMBER_OF")) <= 10)
    add("list", f"Who is on the {nm(ac)} corporate account?", sset(G.inc(ac, "MEMBER_OF")), 1)

    # ---- multihop ---------------------------------------------------------------------------------------------
    cust = T["Customer"]
    s_make = [("BOOKED", "out"), ("RENTED_VEHICLE", "out"), ("OF_MODEL", "out"), ("MANUFACTURED_BY", "out")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_make)) <= 5)
    add("multihop", f"Which manufacturers built the cars that {nm(c)} has rented?", sset(G.walk([c], s_make)), 4)
    s_mech = [("REFERRED", "out"), ("BOOKED", "out"), ("RENTED_VEHICLE", "out"), ("SERVICED", "in")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_mech)) <= 12)
    add("multihop", f"Which mechanics have serviced vehicles rented by customers that {nm(c)} referred?",
        sset(G.walk([c], s_mech)), 4)
    s_home = [("REFERRED", "in"), ("BOOKED", "out"), ("RENTED_VEHICLE", "out"), ("BASED_AT", "out")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_home)) <= 6)
    add("multihop", f"which branches are home to the cars rented by whoever referred {nm(c)}",
        sset(G.walk([c], s_home)), 4)
    s_gp = [("REFERRED", "in"), ("REFERRED", "in")]
    c = pick(cust, lambda n: len(G.walk([n], s_gp)) == 1)
    add("multihop", f"Who referred the person that referred {nm(c)}?", sset(G.walk([c], s_gp)), 2)
    s_gc = [("REFERRED", "out"), ("REFERRED", "out")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_gc)) <= 8)
    add("multihop", f"Which customers were referred by the people {nm(c)} referred?", sset(G.walk([c], s_gc)), 2)
    s_acc = [("REFERRED", "out"), ("MEMBER_OF", "out")]
    c = pick(cust, lambda n: 1 <= len(G.walk([n], s_acc)) <= 4)
    add("multihop", f"what corporate accounts do the customers {nm(c)} referred belong to",
        sset(G.walk([c], s_acc)), 2)
    s_pol = [("BOOKED", "out"), ("COVERED_BY", "out")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_pol)) <= 5)
    add("multihop", f"Which insurance policies covered rentals booked by {nm(c)}?", sset(G.walk([c], s_pol)), 2)
    s_who = [("RENTED_VEHICLE", "in"), ("BOOKED", "in")]
    v = pick(T["Vehicle"], lambda n: 2 <= len(G.walk([n], s_who)) <= 6)
    add("multihop", f"Who has rented the {nm(v)}?", sset(G.walk([v], s_who)), 2)
    s_mb = [("OF_MODEL", "in"), ("BASED_AT", "out")]
    mo = pick(T["VehicleModel"], lambda n: 2 <= len(G.walk([n], s_mb)) <= 8)
    add("multihop", f"At which branches are the {nm(mo)} vehicles based?", sset(G.walk([mo], s_mb)), 2)
    s_vm = [("BASED_AT", "out"), ("WORKS_AT", "in")]
    v = pick(T["Vehicle"], lambda n: 2 <= len(G.walk([n], s_vm)) <= 8)
    add("multihop", f"which mechanics work at the branch where {nm(v)} is kept", sset(G.walk([v], s_vm)), 2)
    s_va = [("RENTED_VEHICLE", "in"), ("BOOKED", "in"), ("MEMBER_OF", "out")]
    v = pick(T["Vehicle"], lambda n: 1 <= len(G.walk([n], s_va)) <= 4)
    add("multihop", f"Which corporate accounts have members who rented the {nm(v)}?", sset(G.walk([v], s_va)), 3)
    s_cm = [("BOOKED", "out"), ("RENTED_VEHICLE", "out"), ("OF_MODEL", "out")]
    c = pick(cust, lambda n: 3 <= len(G.walk([n], s_cm)) <= 7)
    add("multihop", f"What models has {nm(c)} driven on rentals?", sset(G.walk([c], s_cm)), 3)
    s_rb = [("REFERRED", "out"), ("BOOKED", "out"), ("PICKED_UP_AT", "out")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_rb)) <= 6)
    add("multihop", f"From which branches did the customers {nm(c)} referred pick up their cars?",
        sset(G.walk([c], s_rb)), 3)
    s_sv = [("BOOKED", "out"), ("RENTED_VEHICLE", "out"), ("SERVICED", "in")]
    c = pick(cust, lambda n: 2 <= len(G.walk([n], s_sv)) <= 8)
    add("multihop", f"Which mechanics have worked on vehicles that {nm(c)} rented?", sset(G.walk([c], s_sv)), 3)

    # ---- superlative ------------------------------------------------------------------------------------------
    def sup(text: str, items, key, hops: int, lowest: bool = False) -> None:
        top = unique_top(items, key, lowest)
        if top is None:
            raise SystemExit(f"tie for {text!r}")
        used.add(top)
        add("superlative", text, sset([top]), hops)

    sup("Which car in the fleet has the most kilometres on it?", T["Vehicle"], lambda n: A[n]["mileage_km"], 0)
    sup("what's the priciest model to hire per day", T["VehicleModel"], lambda n: A[n]["daily_rate"], 0)
    sup("Which mechanic charges the highest hourly rate?", T["Mechanic"], lambda n: A[n]["hourly_rate"], 0)
    top = unique_top(cust, lambda n: len(booked(n)))
    if top is not None:
        used.add(top)
        add("superlative", "Which customer has made the most bookings?", sset([top]), 1)
    else:
        tier = next(t for t in ["gold", "silver", "platinum", "bronze"]
                    if unique_top([c for c in cust if A[c]["loyalty_tier"] == t], lambda n: len(booked(n))))
        sup(f"Among {tier}-tier customers, who has made the most bookings?",
            [c for c in cust if A[c]["loyalty_tier"] == tier], lambda n: len(booked(n)), 1)
    top = unique_top(T["Branch"], lambda n: len(G.inc(n, "BASED_AT")))
    if top is not None:
        used.add(top)
        add("superlative", "Which branch has the largest fleet based there?", sset([top]), 1)
    else:
        sup("Which branch has the smallest number of cars based there?", T["Branch"],
            lambda n: len(G.inc(n, "BASED_AT")), 1, lowest=True)
    sup("Which corporate client has the biggest headcount?", T["CorporateAccount"],
        lambda n: A[n]["employee_count"], 0)
    sup("Which customer has spent the most on rentals overall?", cust,
        lambda n: round(sum(A[r]["total_charge"] for r in booked(n)), 2), 1)
    sup("which mechanic has logged the most labour hours in total across service visits", T["Mechanic"],
        lambda n: round(sum(d["labour_hours"] for lab, _, d in G.out_e[n] if lab == "SERVICED"), 1), 1)
    b3 = pick(T["Branch"], lambda n: unique_top(G.inc(n, "BASED_AT"), lambda v: A[v]["mileage_km"], True)
              is not None)
    sup(f"Of the vehicles based at {nm(b3)}, which has the lowest mileage?", G.inc(b3, "BASED_AT"),
        lambda v: A[v]["mileage_km"], 1, lowest=True)
    mk3 = pick(T["Make"], lambda n: len(G.inc(n, "MANUFACTURED_BY")) >= 3)
    sup(f"Which {nm(mk3)} model is the cheapest to rent per day?", G.inc(mk3, "MANUFACTURED_BY"),
        lambda m: A[m]["daily_rate"], 1, lowest=True)

    # ---- aggregate --------------------------------------------------------------------------------------------
    add("aggregate", "What's the average daily rate across all vehicle models?",
        val(mean(A[m]["daily_rate"] for m in T["VehicleModel"])), 0)
    add("aggregate", "What is the total repair cost of all damage reports combined?",
        val(sum(A[d]["repair_cost"] for d in T["DamageReport"])), 0)
    b4 = pick(T["Branch"])
    add("aggregate", f"average mileage of the cars based at {nm(b4)}?",
        val(float(mean(A[v]["mileage_km"] for v in G.inc(b4, "BASED_AT")))), 1)
    c = pick(cust, lambda n: len(booked(n)) >= 3 and all(A[r]["status"] != "cancelled" for r in booked(n)))
    add("aggregate", f"How much has {nm(c)} been charged in total across their rentals?",
        val(float(sum(A[r]["total_charge"] for r in booked(c)))), 1)
    b5 = pick(T["Branch"])
    add("aggregate", f"What is the average rental length in days for rentals picked up at {nm(b5)}?",
        val(float(mean(A[r]["days"] for r in G.inc(b5, "PICKED_UP_AT")))), 1)

    # ---- edge_property ----------------------------------------------------------------------------------------
    serv = [(s, t, d) for s, lab, t, d in G.edges if lab == "SERVICED"]
    rng.shuffle(serv)
    m1, v1, d1 = serv[0]
    add("edge_property", f"When did {nm(m1)} service the {nm(v1)}?", val(d1["service_date"]), 1)
    m2, v2, d2 = next(x for x in serv[1:] if x[0] != m1 and x[1] != v1)
    add("edge_property", f"How many labour hours did {nm(m2)} put into {nm(v2)}?", val(float(d2["labour_hours"])), 1)
    bk = sorted([(s, t, d) for s, lab, t, d in G.edges if lab == "BOOKED"], key=lambda x: _nat(x[1]))
    rng.shuffle(bk)
    c3, r3, d3 = next(x for x in bk if x[2]["channel"] in ("phone", "counter", "app"))
    add("edge_property", f"Through which channel did {nm(c3)} book {nm(r3)}?", val(d3["channel"]), 1)
    refs = sorted([(s, t, d) for s, lab, t, d in G.edges if lab == "REFERRED"], key=lambda x: _nat(x[1]))
    rng.shuffle(refs)
    ra, rb, rd = refs[0]
    add("edge_property", f"on what date did {nm(ra)} refer {nm(rb)}", val(rd["referred_on"]), 1)
    rv = sorted([(s, t, d) for s, lab, t, d in G.edges if lab == "RENTED_VEHICLE"], key=lambda x: _nat(x[0]))
    rng.shuffle(rv)
    r5, v5, d5 = rv[0]
    add("edge_property", f"How many kilometres were driven in {nm(v5)} under {nm(r5)}?", val(d5["km_driven"]), 1)
    add("edge_property", "How many service visits were done under warranty?",
        cnt(sum(bool(d["under_warranty"]) for _, _, d in serv)), 1)
    add("edge_property", "how many bookings came in over the phone",
        cnt(sum(d["channel"] == "phone" for _, _, d in bk)), 1)

    # ---- yes_no -----------------------------------------------------------------------------------------------
    def yn(text: str, value: bool, hops: int = 1) -> None:
        add("yes_no", text, {"type": "bool", "value": value}, hops)

    v = pick(T["Vehicle"])
    yn(f"Is {nm(v)} based at {nm(G.out(v, 'BASED_AT')[0])}?", True)
    v = pick(T["Vehicle"])
    other = pick([x for x in T["Branch"] if x not in G.out(v, "BASED_AT")], fresh=False)
    yn(f"is the {nm(v)} kept at {nm(other)}", False)
    ra, rb, _ = refs[1]
    yn(f"Did {nm(ra)} refer {nm(rb)}?", True)
    ra, rb, _ = next(x for x in refs[2:] if x[0] not in G.out(x[1], "REFERRED"))
    yn(f"Did {nm(rb)} refer {nm(ra)}?", False)
    m, v, _ = serv[2]
    yn(f"Has {nm(m)} ever worked on the {nm(v)}?", True)
    m = serv[3][0]
    v = pick([x for x in T["Vehicle"] if x not in G.out(m, "SERVICED")])
    yn(f"Has {nm(m)} serviced {nm(v)}?", False)
    mo = pick([x for x in T["VehicleModel"] if A[x]["electric"]])
    yn(f"Is the {nm(mo)} an electric model?", True, 0)
    mo = pick(T["VehicleModel"])
    mk = pick([x for x in T["Make"] if x not in G.out(mo, "MANUFACTURED_BY")], fresh=False)
    yn(f"Does {nm(mk)} manufacture the {nm(mo)}?", False)

    # ---- portfolio --------------------------------------------------------------------------------------------
    c = pick(cust, lambda n: 4 <= len(G.neighbours(n)) <= 10 and bool(G.out(n, "MEMBER_OF")))
    add("portfolio", f"Tell me everything about {nm(c)}.", sset(G.neighbours(c)), 1)
    ac = pick(T["CorporateAccount"], lambda n: 3 <= len(G.neighbours(n)) <= 12)
    add("portfolio", f"what do we know about the {nm(ac)} account", sset(G.neighbours(ac)), 1)
    mo = pick(T["VehicleModel"], lambda n: 4 <= len(G.neighbours(n)) <= 12)
    add("portfolio", f"Give me the full picture on the {nm(mo)}: everything it's connected to", sset(G.neighbours(mo)),
        1)

    # ---- unknown ----------------------------------------------------------------------------------------------
    add("unknown", "Which branch is the Turquoise Walrus based at?", {"type": "none"}, 1)
    add("unknown", "How many rentals has Bartholomew Quince booked?", {"type": "none"}, 1)
    add("unknown", "What's the daily rate for the Zephyrine Max model?", {"type": "none"}, 0)
    add("unknown", "who are the members of the Gallowglass Freight corporate account", {"type": "none"}, 1)

    # ---- global -----------------------------------------------------------------------------------------------
    add("global", "How many node types does the graph have?", cnt(len(T)), 0)
    add("global", "How many different kinds of relationship are there between entities?",
        cnt(len({lab for _, lab, _, _ in G.edges})), 0)
    add("global", "how many edges are in the graph in total", cnt(len(G.edges)), 0)

    out = []
    for i, q in enumerate(qs, 1):
        out.append({"id": f"byog26-{i:02d}", "kind": q["kind"], "question": q["question"], "gold": q["gold"],
                    "hops": q["hops"]})
    _check(out, G)
    return out


def _check(qs: list[dict], G: Graph) -> None:
    names_lower = "\n".join(n.lower() for n in G.by_name)
    for q in qs:
        text, gold = q["question"], q["gold"]
        low = text.lower()
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, q
            for n in gold["names"]:
                assert n.lower() not in low, q
        elif gold["type"] == "count":
            assert gold["value"] > 0, q
            quoted = {float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*", text)}
            assert float(gold["value"]) not in quoted, q
        elif gold["type"] == "value":
            assert not re.search(r"(?<![\w.])" + re.escape(str(gold["value"]).lower()) + r"(?![\w])", low), q
        elif gold["type"] == "none":
            for made_up in ("turquoise walrus", "bartholomew quince", "zephyrine", "gallowglass"):
                assert made_up not in names_lower


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        raise SystemExit(__doc__)
    out = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out / "rental.graphml"
    out.mkdir(parents=True, exist_ok=True)
    with (out / "holdout.jsonl").open("w", encoding="utf-8") as f:
        for q in build(graph):
            f.write(json.dumps(q, ensure_ascii=False, sort_keys=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
