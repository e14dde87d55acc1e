"""Hold-out questions for the byog54 cargo graph.

Usage: python tests/byog54/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the CSV folder graph.py wrote (GRAPH_PATH, default OUT_DIR/cargo_csv) and computes every gold with
networkx. Deterministic: anchors are chosen from a fixed-seed shuffle of candidates, and a candidate is skipped
when its gold breaks a rule (0 counts, ties, sets outside 1..12, a gold name or value inside the question).
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx


def _conv(value: str, typ: str):
    if typ == "int":
        return int(value)
    if typ == "float":
        return float(value)
    if typ == "boolean":
        return value == "true"
    return value


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for path in sorted(folder.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        if header[0].startswith(":START_ID("):
            sgrp = header[0][len(":START_ID("):-1]
            dgrp = header[1][len(":END_ID("):-1]
            props = [h.split(":") for h in header[3:]]
            for r in rows[1:]:
                attrs = {p[0]: _conv(v, p[1]) for p, v in zip(props, r[3:], strict=True)}
                g.add_edge(f"{sgrp}:{r[0]}", f"{dgrp}:{r[1]}", key=r[2], type=r[2], **attrs)
        else:
            grp = re.search(r"\(([^)]+)\)", header[0]).group(1)
            cols = [h.split(":") for h in header[1:-1]]
            for r in rows[1:]:
                attrs = {c[0]: _conv(v, c[1]) for c, v in zip(cols, r[1:-1], strict=True)}
                name = attrs.get("name") or f"{attrs['first_name']} {attrs['last_name']}"
                g.add_node(f"{grp}:{r[0]}", type=r[-1], display=name, **attrs)
    return g


class Builder:
    def __init__(self, g: nx.MultiDiGraph):
        self.g = g
        self.items: list[dict] = []
        self.rng = random.Random(5454)
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in g.nodes(data=True):
            self.by_type[d["type"]].append(n)
        for v in self.by_type.values():
            v.sort(key=lambda x: int(x.split(":")[1]))
        self.used: set[str] = set()

    # -- graph helpers
    def name(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def out(self, n: str, etype: str) -> list[str]:
        return sorted({d for _, d, k in self.g.out_edges(n, keys=True) if k == etype})

    def inn(self, n: str, etype: str) -> list[str]:
        return sorted({s for s, _, k in self.g.in_edges(n, keys=True) if k == etype})

    def edge(self, s: str, d: str, etype: str) -> dict | None:
        data = self.g.get_edge_data(s, d, key=etype)
        return dict(data) if data else None

    def nodes(self, t: str) -> list[str]:
        return self.by_type[t]

    def shuffled(self, t: str) -> list[str]:
        xs = list(self.nodes(t))
        self.rng.shuffle(xs)
        return [x for x in xs if x not in self.used] + [x for x in xs if x in self.used]

    # -- gold shapes
    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=lambda x: (x.split(":")[0], int(x.split(":")[1])))
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}

    # -- validation
    @staticmethod
    def _in(token: str, text: str) -> bool:
        return re.search(r"(?<![\w.])" + re.escape(token) + r"(?![\w]|\.\d)", text, re.IGNORECASE) is not None

    def valid(self, text: str, gold: dict) -> bool:
        t = gold["type"]
        if t == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(self._in(nm, text) for nm in gold["names"])
        if t == "count":
            v = gold["value"]
            return v > 0 and not self._in(str(v), text)
        if t == "value":
            v = gold["value"]
            if isinstance(v, float):
                return not self._in(f"{v:g}", text) and not self._in(str(round(v)), text)
            return not self._in(str(v), text)
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int, anchors=(), strict: bool = True) -> bool:
        if gold is None or not self.valid(text, gold):
            if strict:
                raise RuntimeError(f"invalid gold for {text!r}: {gold!r}")
            return False
        self.items.append({"kind": kind, "question": text, "gold": gold, "hops": hops})
        self.used.update(anchors)
        return True

    def pick(self, kind: str, t: str, fn, hops: int) -> None:
        for n in self.shuffled(t):
            res = fn(n)
            if res is None:
                continue
            text, gold = res
            if self.add(kind, text, gold, hops, [n], strict=False):
                return
        raise RuntimeError(f"no candidate for a {kind} question over {t}")


def unique_max(pairs):
    """(key, value) pairs -> key of the strict maximum value, or None on a tie."""
    pairs = sorted(pairs, key=lambda p: -p[1])
    if not pairs or (len(pairs) > 1 and pairs[0][1] == pairs[1][1]):
        return None
    return pairs[0][0]


def unique_min(pairs):
    return unique_max([(k, -v) for k, v in pairs])


def build(g: nx.MultiDiGraph) -> list[dict]:
    b = Builder(g)
    N = b.name

    # ---- count (5)
    b.add("count", "How many airlines are in the system?", {"type": "count", "value": len(b.nodes("Airline"))}, 0)
    b.add("count", "how many pieces of ground support equipment do we have",
          {"type": "count", "value": len(b.nodes("Equipment"))}, 0)
    b.add("count", "Total number of customs inspections on record?",
          {"type": "count", "value": len(b.nodes("Inspection"))}, 0)
    b.add("count", "How many dangerous-goods declarations have been filed?",
          {"type": "count", "value": len(b.nodes("DGDeclaration"))}, 0)
    b.add("count", "how many cargo warehouses and terminals are there",
          {"type": "count", "value": len(b.nodes("Warehouse"))}, 0)

    # ---- filtered_count (10)
    def fc(text, t, pred):
        b.add("filtered_count", text, {"type": "count", "value": sum(1 for n in b.nodes(t) if pred(n))}, 0)

    fc("How many air waybills are flagged as priority?", "Shipment", lambda n: b.a(n, "is_priority"))
    fc("number of international flights", "Flight", lambda n: b.a(n, "is_international"))
    fc("How many customs exams ended with the goods held?", "Inspection", lambda n: b.a(n, "outcome") == "held")
    fc("How many ground handlers work the night shift?", "Handler", lambda n: b.a(n, "shift") == "night")
    fc("how many of our tugs, loaders and other GSE units are electric", "Equipment", lambda n: b.a(n, "is_electric"))
    fc("How many perishables shipments weigh more than 2000 kg?", "Shipment",
       lambda n: b.a(n, "commodity") == "perishables" and b.a(n, "weight_kg") > 2000)
    fc("How many flights were scheduled in March 2024?", "Flight", lambda n: b.a(n, "scheduled").startswith("2024-03"))
    fc("How many DG declarations fall under hazard Class 8?", "DGDeclaration",
       lambda n: b.a(n, "hazard_class") == "Class 8")
    fc("how many delays were put down to weather", "Delay", lambda n: b.a(n, "reason") == "weather")
    fc("How many customer companies are based in Germany?", "Company", lambda n: b.a(n, "country") == "Germany")

    # ---- list (7)
    def l_fleet(al):
        return f"Which flights does {N(al)} operate?", b.sset(b.out(al, "OPERATES"))
    b.pick("list", "Airline", l_fleet, 1)

    def l_consignee(c):
        return f"show me the air waybills consigned to {N(c)}", b.sset(b.inn(c, "CONSIGNED_TO"))
    b.pick("list", "Company", l_consignee, 1)

    def l_cert(h):
        eq = b.out(h, "CERTIFIED_ON")
        return (f"What equipment is {N(h)} certified to operate?", b.sset(eq)) if len(eq) >= 2 else None
    b.pick("list", "Handler", l_cert, 1)

    def l_contract(w):
        return f"Which airlines hold a handling contract with {N(w)}?", b.sset(b.inn(w, "HANDLING_CONTRACT"))
    b.pick("list", "Warehouse", l_contract, 1)

    def l_night(w):
        hs = [h for h in b.inn(w, "STATIONED_AT") if b.a(h, "shift") == "night"]
        return (f"list the night-shift staff stationed at {N(w)}", b.sset(hs)) if len(hs) >= 2 else None
    b.pick("list", "Warehouse", l_night, 1)

    def l_delays(f):
        ds = b.inn(f, "HELD_UP")
        return (f"give me the delay reports logged against flight {N(f)}", b.sset(ds)) if len(ds) >= 2 else None
    b.pick("list", "Flight", l_delays, 1)

    def l_sent(c):
        ss = b.inn(c, "SHIPPED_BY")
        return (f"{N(c)} sent which shipments?", b.sset(ss)) if len(ss) >= 2 else None
    b.pick("list", "Company", l_sent, 1)

    # ---- multihop (14)
    def m_up2(h):
        s1 = b.inn(h, "SUPERVISES")
        if not s1:
            return None
        s2 = b.inn(s1[0], "SUPERVISES")
        return (f"Who is the boss of {N(h)}'s supervisor?", b.sset(s2)) if s2 else None
    b.pick("multihop", "Handler", m_up2, 2)

    def m_down2(h):
        d1 = b.out(h, "SUPERVISES")
        d2 = {x for d in d1 for x in b.out(d, "SUPERVISES")}
        return (f"which handlers report to the people {N(h)} supervises", b.sset(d2)) if d2 else None
    b.pick("multihop", "Handler", m_down2, 2)

    def m_peers(h):
        s1 = b.inn(h, "SUPERVISES")
        if not s1:
            return None
        peers = [x for x in b.out(s1[0], "SUPERVISES") if x != h]
        return (f"Who else shares a supervisor with {N(h)}?", b.sset(peers)) if peers else None
    b.pick("multihop", "Handler", m_peers, 2)

    def m_team_eq(h):
        d1 = b.out(h, "SUPERVISES")
        if not 1 < len(d1) < 5:
            return None
        eq = {e for d in d1 for e in b.out(d, "CERTIFIED_ON")}
        return f"Which equipment are the direct reports of {N(h)} certified on?", b.sset(eq)
    b.pick("multihop", "Handler", m_team_eq, 2)

    def m_carriers(c):
        als = {a for s in b.inn(c, "CONSIGNED_TO") for f in b.out(s, "BOOKED_ON") for a in b.inn(f, "OPERATES")}
        return f"Which airlines flew cargo consigned to {N(c)}?", b.sset(als)
    b.pick("multihop", "Company", m_carriers, 3)

    def m_wh(c):
        ws = {w for s in b.inn(c, "SHIPPED_BY") for w in b.out(s, "STORED_IN")}
        return (f"In which warehouses were {N(c)}'s outgoing shipments stored?", b.sset(ws)) if len(ws) >= 2 else None
    b.pick("multihop", "Company", m_wh, 2)

    def m_witness(c):
        hs = {h for s in b.inn(c, "CONSIGNED_TO") for i in b.inn(s, "EXAMINED") for h in b.out(i, "ATTENDED_BY")}
        return (f"who attended the customs exams of shipments addressed to {N(c)}?", b.sset(hs)) if hs else None
    b.pick("multihop", "Company", m_witness, 3)

    def m_shippers_on(al):
        cs = {c for f in b.out(al, "OPERATES") for s in b.inn(f, "BOOKED_ON") for c in b.out(s, "SHIPPED_BY")
              if b.a(s, "commodity") == "pharmaceuticals"}
        return f"List the shippers whose pharmaceuticals travelled on {N(al)} flights.", b.sset(cs)
    b.pick("multihop", "Airline", m_shippers_on, 3)

    def m_4a(h):
        als = {a for i in b.inn(h, "ATTENDED_BY") for s in b.out(i, "EXAMINED") for f in b.out(s, "BOOKED_ON")
               for a in b.inn(f, "OPERATES")}
        return (f"Which airlines carried shipments whose customs inspections {N(h)} attended?", b.sset(als)) \
            if len(als) >= 2 else None
    b.pick("multihop", "Handler", m_4a, 4)

    def m_4b(c):
        ws = {w for s in b.inn(c, "SHIPPED_BY") for i in b.inn(s, "EXAMINED") for h in b.out(i, "ATTENDED_BY")
              for w in b.out(h, "STATIONED_AT")}
        return (f"what terminals are the staff who sat in on customs checks of {N(c)}'s outbound waybills "
                "stationed at", b.sset(ws)) if len(ws) >= 2 else None
    b.pick("multihop", "Company", m_4b, 4)

    def m_4c(f):
        fl = {f2 for s in b.inn(f, "BOOKED_ON") for c in b.out(s, "CONSIGNED_TO") for s2 in b.inn(c, "CONSIGNED_TO")
              for f2 in b.out(s2, "BOOKED_ON") if f2 != f}
        return (f"Other than {N(f)} itself, which flights carried cargo for the consignees of shipments on "
                f"{N(f)}?", b.sset(fl)) if len(fl) >= 3 else None
    b.pick("multihop", "Flight", m_4c, 4)

    def m_dg_on(f):
        ss = [s for s in b.inn(f, "BOOKED_ON") if b.inn(s, "COVERS")]
        return (f"Which shipments on flight {N(f)} have a dangerous goods declaration?", b.sset(ss)) \
            if len(ss) >= 2 else None
    b.pick("multihop", "Flight", m_dg_on, 2)

    def m_recv(f):
        cs = {c for s in b.inn(f, "BOOKED_ON") for c in b.out(s, "CONSIGNED_TO")}
        return (f"who are the consignees of the cargo booked on {N(f)}", b.sset(cs)) if len(cs) >= 3 else None
    b.pick("multihop", "Flight", m_recv, 2)

    def m_count(al):
        ss = {s for f in b.out(al, "OPERATES") for s in b.inn(f, "BOOKED_ON")}
        return f"How many distinct shipments were booked on flights run by {N(al)}?", \
            {"type": "count", "value": len(ss)}
    b.pick("multihop", "Airline", m_count, 2)

    # ---- superlative (10)
    def sup(text, key_pairs, hops, best=unique_max):
        k = best(key_pairs)
        return k is not None and b.add("superlative", text, b.sset([k]), hops, strict=False)

    sup("Which air waybill is the heaviest?", [(n, b.a(n, "weight_kg")) for n in b.nodes("Shipment")], 0)
    sup("which airline was founded earliest", [(n, b.a(n, "founded")) for n in b.nodes("Airline")], 0, unique_min)
    sup("Who is the best-paid ground handler by hourly rate?", [(n, b.a(n, "hourly_rate")) for n in b.nodes("Handler")],
        0)
    sup("Which terminal has the largest number of staff stationed there?",
        [(n, len(b.inn(n, "STATIONED_AT"))) for n in b.nodes("Warehouse")], 1)
    _ = (sup("Which company has sent out the most shipments?",
             [(n, len(b.inn(n, "SHIPPED_BY"))) for n in b.nodes("Company")], 1)
         or sup("Which company is the consignee on the most air waybills?",
                [(n, len(b.inn(n, "CONSIGNED_TO"))) for n in b.nodes("Company")], 1)
         or sup("Which equipment item has the most certified operators?",
                [(n, len(b.inn(n, "CERTIFIED_ON"))) for n in b.nodes("Equipment")], 1)
         or sup("which flight carries the largest number of shipments",
                [(n, len(b.inn(n, "BOOKED_ON"))) for n in b.nodes("Flight")], 1))
    sup("Which consignee received the greatest total cargo weight?",
        [(n, round(sum(b.a(s, "weight_kg") for s in b.inn(n, "CONSIGNED_TO")), 1)) for n in b.nodes("Company")], 1)
    sup("which flight racked up the most delay minutes in total",
        [(n, sum(b.a(d, "minutes") for d in b.inn(n, "HELD_UP"))) for n in b.nodes("Flight")], 1)

    def s_fleet(al):
        fs = b.out(al, "OPERATES")
        k = unique_max([(f, b.a(f, "capacity_kg")) for f in fs])
        return (f"Of the flights operated by {N(al)}, which has the biggest capacity?", b.sset([k])) \
            if k and len(fs) >= 3 else None
    b.pick("superlative", "Airline", s_fleet, 1)

    def s_recent(w):
        hs = b.inn(w, "STATIONED_AT")
        k = unique_max([(h, int(b.a(h, "hired").replace("-", ""))) for h in hs])
        return (f"Among the handlers stationed at {N(w)}, who was hired most recently?", b.sset([k])) if k else None
    b.pick("superlative", "Warehouse", s_recent, 1)

    def s_cons(c):
        ss = b.inn(c, "CONSIGNED_TO")
        k = unique_max([(s, b.a(s, "declared_value")) for s in ss])
        return (f"what's the highest-value shipment consigned to {N(c)}", b.sset([k])) if k and len(ss) >= 3 else None
    b.pick("superlative", "Company", s_cons, 1)

    # ---- aggregate (5)
    def g_weight(w):
        v = round(sum(b.a(s, "weight_kg") for s in b.inn(w, "STORED_IN")), 1)
        return f"What is the total weight in kg of all shipments stored in {N(w)}?", {"type": "value", "value": v}
    b.pick("aggregate", "Warehouse", g_weight, 1)
    day = [b.a(h, "hourly_rate") for h in b.nodes("Handler") if b.a(h, "shift") == "day"]
    b.add("aggregate", "average hourly rate of day-shift handlers?",
          {"type": "value", "value": round(sum(day) / len(day), 2)}, 0)

    def g_delay(al):
        v = sum(b.a(d, "minutes") for f in b.out(al, "OPERATES") for d in b.inn(f, "HELD_UP"))
        return (f"How many delay minutes in total did {N(al)}'s flights suffer?", {"type": "value", "value": v}) \
            if v else None
    b.pick("aggregate", "Airline", g_delay, 2)
    fines = [b.a(i, "fine_amount") for i in b.nodes("Inspection") if b.a(i, "outcome") == "fined"]
    b.add("aggregate", "What's the average fine levied in customs inspections that ended in a fine?",
          {"type": "value", "value": round(sum(fines) / len(fines), 2)}, 0)

    def g_pieces(c):
        v = sum(b.a(s, "pieces") for s in b.inn(c, "SHIPPED_BY"))
        return f"total number of pieces shipped by {N(c)}", {"type": "value", "value": v}
    b.pick("aggregate", "Company", g_pieces, 1)

    # ---- edge_property (7)
    def e_deck(s):
        fs = b.out(s, "BOOKED_ON")
        if len(fs) != 1:
            return None
        e = b.edge(s, fs[0], "BOOKED_ON")
        return f"Which deck was {N(s)} loaded on for flight {N(fs[0])}?", {"type": "value", "value": e["deck"]}
    b.pick("edge_property", "Shipment", e_deck, 1)

    def e_uld(s):
        fs = b.out(s, "BOOKED_ON")
        if len(fs) != 1:
            return None
        e = b.edge(s, fs[0], "BOOKED_ON")
        return f"how many ULDs did {N(s)} take up on {N(fs[0])}", {"type": "value", "value": e["uld_count"]}
    b.pick("edge_property", "Shipment", e_uld, 1)

    def e_rate(al):
        ws = b.out(al, "HANDLING_CONTRACT")
        if len(ws) < 2:
            return None
        e = b.edge(al, ws[0], "HANDLING_CONTRACT")
        return (f"What rate per kg does {N(al)} pay under its handling contract with {N(ws[0])}?",
                {"type": "value", "value": e["rate_per_kg"]})
    b.pick("edge_property", "Airline", e_rate, 1)

    def e_since(al):
        ws = b.out(al, "HANDLING_CONTRACT")
        if len(ws) < 2:
            return None
        e = b.edge(al, ws[-1], "HANDLING_CONTRACT")
        return (f"Since when has {N(al)} had a handling contract with {N(ws[-1])}?",
                {"type": "value", "value": e["since"]})
    b.pick("edge_property", "Airline", e_since, 1)

    def e_hours(h):
        eq = b.out(h, "CERTIFIED_ON")
        if len(eq) < 2:
            return None
        e = b.edge(h, eq[0], "CERTIFIED_ON")
        return f"How many hours has {N(h)} logged on {N(eq[0])}?", {"type": "value", "value": e["hours"]}
    b.pick("edge_property", "Handler", e_hours, 1)

    excl = sum(1 for _, _, k, d in g.edges(keys=True, data=True) if k == "HANDLING_CONTRACT" and d["is_exclusive"])
    b.add("edge_property", "How many airline handling contracts are exclusive?", {"type": "count", "value": excl}, 1)
    long = sum(1 for _, _, k, d in g.edges(keys=True, data=True) if k == "STORED_IN" and d["dwell_days"] > 14)
    b.add("edge_property", "how many warehouse storage records show a dwell time of more than 14 days",
          {"type": "count", "value": long}, 1)

    # ---- yes_no (8: 4 yes, 4 no)
    def yn(t, fn, want, hops=0):
        def f(n):
            res = fn(n)
            if res is None:
                return None
            text, val = res
            return (text, {"type": "bool", "value": val}) if val == want else None
        b.pick("yes_no", t, f, hops)

    yn("Handler", lambda h: (f"Is {N(h)} forklift certified?", b.a(h, "is_forklift_certified")), True)
    yn("Warehouse", lambda w: (f"is {N(w)} a bonded store", b.a(w, "is_bonded")), False)

    flights = b.shuffled("Flight")
    f0 = flights[0]
    b.add("yes_no", f"Does {N(b.inn(f0, 'OPERATES')[0])} operate flight {N(f0)}?", {"type": "bool", "value": True}, 1,
          [f0])
    f1 = flights[1]
    al1 = b.inn(f1, "OPERATES")[0]
    wrong = next(a for a in b.shuffled("Airline") if a != al1)
    b.add("yes_no", f"Is flight {N(f1)} operated by {N(wrong)}?", {"type": "bool", "value": False}, 1, [f1])
    yn("Shipment", lambda s: (f"Was {N(s)} ever examined by customs?", bool(b.inn(s, "EXAMINED"))), True, 1)
    yn("Equipment", lambda e: (f"{N(e)} - is it electric?", b.a(e, "is_electric")), False)

    def y_sup(h):
        ds = b.out(h, "SUPERVISES")
        return (f"Does {N(h)} directly supervise {N(ds[0])}?", True) if ds else None
    yn("Handler", y_sup, True, 1)

    def y_dg(c):
        has = any(b.inn(s, "COVERS") for s in b.inn(c, "CONSIGNED_TO"))
        return f"Has {N(c)} ever been the consignee of a shipment with a dangerous goods declaration?", has
    yn("Company", y_dg, False, 2)

    # ---- portfolio (3)
    def portfolio(n, text):
        nb = set(g.successors(n)) | set(g.predecessors(n))
        return (text, b.sset(nb)) if 3 <= len(nb) <= 12 else None
    b.pick("portfolio", "Handler", lambda h: portfolio(h, f"Tell me everything about {N(h)}."), 1)
    b.pick("portfolio", "Equipment", lambda e: portfolio(e, f"what do we know about {N(e)}"), 1)
    b.pick("portfolio", "Flight", lambda f: portfolio(f, f"Give me the full picture on flight {N(f)}"), 1)

    # ---- unknown (4)
    known = {d["display"].lower() for _, d in g.nodes(data=True)}
    for text, fake in [
        ("Which flights does Zephyrine Skyways operate?", "Zephyrine Skyways"),
        ("How many shipments were consigned to Brackwater Tinning Co?", "Brackwater Tinning Co"),
        ("who supervises Ottoline Fairweather", "Ottoline Fairweather"),
        ("Is Tug Marmalade electric?", "Tug Marmalade"),
    ]:
        assert fake.lower() not in known
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    b.add("global", "How many different node types does this graph have?",
          {"type": "count", "value": len({d["type"] for _, d in g.nodes(data=True)})}, 0)
    b.add("global", "how many kinds of relationship are there in the cargo graph",
          {"type": "count", "value": len({k for _, _, k in g.edges(keys=True)})}, 0)
    b.add("global", "What's the total number of entities in the graph?",
          {"type": "count", "value": g.number_of_nodes()}, 0)

    out = []
    for i, q in enumerate(b.items, 1):
        out.append({"id": f"byog54-{i:02d}", **q})
    return out


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    out_dir = Path(sys.argv[1])
    graph = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "cargo_csv"
    qs = build(load(graph))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(out_dir / "holdout.jsonl", len(qs))


if __name__ == "__main__":
    main()
