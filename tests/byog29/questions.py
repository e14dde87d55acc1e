"""Hold-out questions for the byog29 maritime-shipping graph.

Usage: python tests/byog29/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/shipping.graphml). Deterministic: subjects are drawn
with a fixed random.Random over id-sorted candidates, and a candidate is skipped whenever its gold would be
ambiguous (ties, empty or oversized sets, zero counts) or would appear inside the question text.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import networkx as nx

PICK_SEED = 2929


def _key(node_id: str) -> tuple[str, int]:
    t, _, n = node_id.rpartition("-")
    return t, int(n)


class G:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.nodes = sorted(self.g.nodes, key=_key)

    def typ(self, n: str) -> str:
        return self.g.nodes[n]["labels"].split(":")[1]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def of(self, t: str) -> list[str]:
        return [n for n in self.nodes if self.typ(n) == t]

    def out(self, n: str, label: str) -> list[str]:
        return sorted((v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label), key=_key)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted((u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label), key=_key)

    def e(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def one(self, n: str, label: str) -> str:
        (x,) = self.out(n, label)
        return x

    def rank(self, crew: str) -> str:
        return self.e(crew, self.one(crew, "SERVES_ON"))["rank"]

    def names(self) -> set[str]:
        return {self.name(n).lower() for n in self.nodes}


def _set(gr: G, ids) -> dict:
    ids = sorted(set(ids), key=_key)
    return {"type": "set", "ids": ids, "names": [gr.name(i) for i in ids]}


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w.-])(\d+(?:\.\d+)?)(?![\w-])", text)}


def _valid(text: str, gold: dict) -> bool:
    low = text.lower()
    t = gold["type"]
    if t == "count":
        return gold["value"] > 0 and float(gold["value"]) not in _numbers(text)
    if t == "set":
        return 1 <= len(gold["ids"]) <= 12 and not any(
            re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in gold["names"])
    if t == "value":
        v = gold["value"]
        if isinstance(v, str):
            return v.lower() not in low
        return float(v) not in _numbers(text) and str(v) not in text
    return True


def _unique_max(items: list[tuple[str, float]]) -> str | None:
    if not items:
        return None
    items = sorted(items, key=lambda p: -p[1])
    if len(items) > 1 and items[0][1] == items[1][1]:
        return None
    return items[0][0]


def build(graph_path: Path) -> list[dict]:
    gr = G(graph_path)
    rng = random.Random(PICK_SEED)
    out: list[dict] = []

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        if not _valid(text, gold):
            raise RuntimeError(f"invalid question {text!r}: {gold!r}")
        out.append({"id": f"byog29-{len(out) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def pick(cands: list[str], make) -> None:
        """First shuffled candidate whose make(c) gives a valid (kind, text, gold, hops)."""
        cands = list(cands)
        rng.shuffle(cands)
        for c in cands:
            r = make(c)
            if r is not None and _valid(r[1], r[2]):
                add(*r)
                return
        raise RuntimeError("no candidate")

    def count(n: int) -> dict:
        return {"type": "count", "value": n}

    V, P, OPS, C = gr.of("Vessel"), gr.of("Port"), gr.of("Shipowner"), gr.of("Customer")
    Y, S, B, W, INSP = gr.of("Voyage"), gr.of("Shipment"), gr.of("Container"), gr.of("CrewMember"), gr.of("Inspection")

    def crew_rank(r: str) -> list[str]:
        return [w for w in W if gr.rank(w) == r]

    def fleet(o: str) -> list[str]:
        return gr.inn(o, "OWNED_BY")

    def cust_shipments(c: str) -> list[str]:
        return gr.inn(c, "BOOKED_BY")

    def cust_vessels(c: str) -> set[str]:
        return {gr.one(gr.one(s, "CARRIED_ON"), "PERFORMED_BY") for s in cust_shipments(c)}

    def vessel_master(v: str) -> str:
        (m,) = [w for w in gr.inn(v, "SERVES_ON") if gr.e(w, v)["rank"] == "Master"]
        return m

    # ---- count (5)
    add("count", "How many vessels are in the fleet?", count(len(V)), 0)
    add("count", "how many crew members do we have on file", count(len(W)), 0)
    add("count", "What's the total number of ports in the network?", count(len(P)), 0)
    add("count", "Count the inspections recorded.", count(len(INSP)), 0)
    add("count", "How many shippers are there in total", count(len(C)), 0)

    # ---- filtered_count (10)
    add("filtered_count", "How many tankers are there?",
        count(sum(gr.a(v, "vessel_class") == "Tanker" for v in V)), 0)
    add("filtered_count", "how many ships have an ice-class hull", count(sum(gr.a(v, "ice_class") for v in V)), 0)
    add("filtered_count", "How many of the ports are located in Asia?",
        count(sum(gr.a(p, "region") == "Asia" for p in P)), 0)
    add("filtered_count", "Number of consignments flagged as hazardous?",
        count(sum(gr.a(s, "hazardous") for s in S)), 0)
    add("filtered_count", "How many refrigerated containers are there?",
        count(sum(gr.a(b, "refrigerated") for b in B)), 0)
    add("filtered_count", "How many voyages set sail in 2023?",
        count(sum(gr.a(y, "departure_date").startswith("2023") for y in Y)), 0)
    add("filtered_count", "How many vessels were built before 2005?",
        count(sum(gr.a(v, "year_built") < 2005 for v in V)), 0)
    add("filtered_count", "how many key-account customers are there",
        count(sum(gr.a(c, "key_account") for c in C)), 0)
    add("filtered_count", "how many Port State Control inspections have been carried out",
        count(sum(gr.a(i, "inspection_type") == "Port State Control" for i in INSP)), 0)
    add("filtered_count", "How many crew members are Filipino nationals?",
        count(sum(gr.a(w, "nationality") == "Filipino" for w in W)), 0)

    # ---- list (7)
    pick([o for o in OPS if 2 <= len(fleet(o)) <= 8],
         lambda o: ("list", f"Which vessels does {gr.name(o)} own?", _set(gr, fleet(o)), 1))
    pick(V, lambda v: ("list", f"List the crew serving aboard the {gr.name(v)}.",
                       _set(gr, gr.inn(v, "SERVES_ON")), 1))
    add("list", "show me the ports in Oceania", _set(gr, [p for p in P if gr.a(p, "region") == "Oceania"]), 1)
    pick([p for p in P if len(gr.inn(p, "HELD_AT")) >= 2],
         lambda p: ("list", f"Which inspections took place at {gr.name(p)}?", _set(gr, gr.inn(p, "HELD_AT")), 1))
    pick([c for c in C if len(cust_shipments(c)) >= 3],
         lambda c: ("list", f"what consignments has {gr.name(c)} booked", _set(gr, cust_shipments(c)), 1))
    pick([b for b in B if len(gr.inn(b, "PACKED_IN")) >= 2],
         lambda b: ("list", f"What consignments were loaded into the {gr.name(b)}?", _set(gr, gr.inn(b, "PACKED_IN")),
                    1))
    pick([p for p in P if len(gr.inn(p, "REGISTERED_AT")) >= 2],
         lambda p: ("list", f"Which vessels have {gr.name(p)} as their home port?",
                    _set(gr, gr.inn(p, "REGISTERED_AT")), 1))

    # ---- multihop (14)
    def boss(w: str) -> str:
        (b,) = gr.inn(w, "SUPERVISES")
        return b

    pick(crew_rank("Able Seaman") + crew_rank("Cook"),
         lambda w: ("multihop", f"Who is {gr.name(w)}'s supervisor's supervisor?", _set(gr, [boss(boss(w))]), 2))

    def two_below(m: str) -> list[str]:
        return [x for d in gr.out(m, "SUPERVISES") for x in gr.out(d, "SUPERVISES")]

    pick(crew_rank("Master"), lambda m: (
        "multihop", f"List the crew members who report to someone that {gr.name(m)} directly supervises.",
        _set(gr, two_below(m)), 2))

    def three_below(m: str) -> list[str]:
        return [x for d in two_below(m) for x in gr.out(d, "SUPERVISES")]

    pick(crew_rank("Master"), lambda m: (
        "multihop", f"which sailors sit three levels below captain {gr.name(m)} in the chain of command?",
        _set(gr, three_below(m)), 3) if len(three_below(m)) >= 2 else None)
    pick(V, lambda v: ("multihop", f"Which ports did {gr.name(v)}'s voyages arrive at?",
                       _set(gr, [gr.one(y, "ARRIVES_AT") for y in gr.inn(v, "PERFORMED_BY")]), 2)
         if len(gr.inn(v, "PERFORMED_BY")) >= 3 else None)
    pick(Y, lambda y: ("multihop", f"which customers had cargo aboard the {gr.name(y)}",
                       _set(gr, [gr.one(s, "BOOKED_BY") for s in gr.inn(y, "CARRIED_ON")]), 2)
         if len(gr.inn(y, "CARRIED_ON")) >= 3 else None)
    pick(Y, lambda y: ("multihop", f"Who owns the ship that sailed the {gr.name(y)}?",
                       _set(gr, [gr.one(gr.one(y, "PERFORMED_BY"), "OWNED_BY")]), 2))
    pick(C, lambda c: ("multihop", f"Which vessels have carried {gr.name(c)}'s consignments?",
                       _set(gr, cust_vessels(c)), 3) if 3 <= len(cust_vessels(c)) <= 10 else None)

    def cust_ops(c: str) -> set[str]:
        return {gr.one(v, "OWNED_BY") for v in cust_vessels(c)}

    pick(C, lambda c: ("multihop", f"Which shipowners operate the vessels that moved {gr.name(c)}'s cargo?",
                       _set(gr, cust_ops(c)), 4) if 3 <= len(cust_ops(c)) <= 8 else None)
    pick(S, lambda s: ("multihop", f"From which port did the voyage carrying the {gr.name(s)} depart?",
                       _set(gr, [gr.one(gr.one(s, "CARRIED_ON"), "DEPARTS_FROM")]), 2))
    pick(S, lambda s: ("multihop", f"Who was the master of the vessel that carried the {gr.name(s)}?",
                       _set(gr, [vessel_master(gr.one(gr.one(s, "CARRIED_ON"), "PERFORMED_BY"))]), 3))

    def port_shippers(p: str) -> set[str]:
        return {gr.one(s, "BOOKED_BY") for v in gr.inn(p, "REGISTERED_AT") for y in gr.inn(v, "PERFORMED_BY")
                for s in gr.inn(y, "CARRIED_ON")}

    pick([p for p in P if len(gr.inn(p, "REGISTERED_AT")) >= 2], lambda p: (
        "multihop", f"How many different shippers have sent cargo on vessels whose home port is {gr.name(p)}?",
        count(len(port_shippers(p))), 4))
    pick(V, lambda v: ("multihop", f"In which port is the company that owns the {gr.name(v)} based?",
                       _set(gr, [gr.one(gr.one(v, "OWNED_BY"), "HEADQUARTERED_IN")]), 2))
    pick(OPS, lambda o: ("multihop", f"How many crew members work on ships owned by {gr.name(o)}?",
                       count(sum(len(gr.inn(v, "SERVES_ON")) for v in fleet(o))), 2) if fleet(o) else None)

    def cust_masters(c: str) -> set[str]:
        return {vessel_master(v) for v in cust_vessels(c)}

    pick(C, lambda c: ("multihop", f"Name the masters of the ships that carried {gr.name(c)}'s shipments",
                       _set(gr, cust_masters(c)), 4) if 2 <= len(cust_masters(c)) <= 8 else None)

    # ---- superlative (10)
    def sup(kind: str, text: str, items: list[tuple[str, float]], hops: int) -> None:
        best = _unique_max(items)
        if best is None:
            raise RuntimeError(f"tie: {text}")
        add(kind, text, _set(gr, [best]), hops)

    sup("superlative", "Which vessel has the largest gross tonnage?", [(v, gr.a(v, "gross_tonnage")) for v in V], 0)
    sup("superlative", "which ship was delivered most recently",
        [(v, int(gr.a(v, "delivered_on").replace("-", ""))) for v in V], 0)
    sup("superlative", "Which port has the most berths?", [(p, gr.a(p, "berths")) for p in P], 0)
    sup("superlative", "Which shipowner has the biggest fleet?", [(o, len(fleet(o))) for o in OPS], 1)
    sup("superlative", "Who's the customer with the most bookings?", [(c, len(cust_shipments(c))) for c in C], 1)
    sup("superlative", "Which vessel has made the most voyages?", [(v, len(gr.inn(v, "PERFORMED_BY"))) for v in V], 1)
    sup("superlative", "Which shipper has paid the most freight in total?",
        [(c, sum(gr.e(s, gr.one(s, "CARRIED_ON"))["freight_usd"] for s in cust_shipments(c))) for c in C], 2)
    sup("superlative", "Which voyage carried the heaviest total cargo load?",
        [(y, sum(gr.e(s, y)["weight_tonnes"] for s in gr.inn(y, "CARRIED_ON"))) for y in Y], 1)

    def scoped(o: str):
        items = [(v, gr.a(v, "service_speed_knots")) for v in fleet(o)]
        best = _unique_max(items) if len(items) >= 3 else None
        return None if best is None else (
            "superlative", f"Among {gr.name(o)}'s vessels, which one has the highest service speed?",
            _set(gr, [best]), 1)

    pick(OPS, scoped)

    def scoped_crew(v: str):
        items = [(w, gr.a(w, "years_at_sea")) for w in gr.inn(v, "SERVES_ON")]
        best = _unique_max(items)
        return None if best is None else (
            "superlative", f"Of the crew aboard the {gr.name(v)}, who has spent the most years at sea?",
            _set(gr, [best]), 1)

    pick(V, scoped_crew)

    # ---- aggregate (5)
    def val(x) -> dict:
        return {"type": "value", "value": round(x, 2) if isinstance(x, float) else x}

    bulk = [gr.a(v, "gross_tonnage") for v in V if gr.a(v, "vessel_class") == "Bulk Carrier"]
    add("aggregate", "What's the average gross tonnage of our bulk carriers?", val(sum(bulk) / len(bulk)), 0)
    pick(C, lambda c: ("aggregate", f"total freight billed to {gr.name(c)}",
                       val(sum(gr.e(s, gr.one(s, "CARRIED_ON"))["freight_usd"] for s in cust_shipments(c))), 2)
         if len(cust_shipments(c)) >= 3 else None)
    add("aggregate", "What is the total declared value of all hazardous consignments?",
        val(sum(gr.a(s, "declared_value_usd") for s in S if gr.a(s, "hazardous"))), 0)

    def delays(p: str) -> list[int]:
        return [gr.e(y, p)["delay_hours"] for y in gr.inn(p, "ARRIVES_AT")]

    pick(P, lambda p: ("aggregate", f"average arrival delay in hours for voyages arriving at {gr.name(p)}",
                       val(sum(delays(p)) / len(delays(p))), 1) if len(delays(p)) >= 4 and sum(delays(p)) else None)
    pick(Y, lambda y: ("aggregate", f"What's the combined cargo weight on the {gr.name(y)}?",
                       val(sum(gr.e(s, y)["weight_tonnes"] for s in gr.inn(y, "CARRIED_ON"))), 1)
         if len(gr.inn(y, "CARRIED_ON")) >= 3 else None)

    # ---- edge_property (7)
    pick(crew_rank("Bosun") + crew_rank("Chief Engineer"), lambda w: (
        "edge_property", f"What rank does {gr.name(w)} hold aboard the {gr.name(gr.one(w, 'SERVES_ON'))}?",
        val(gr.rank(w)), 1))
    pick(W, lambda w: ("edge_property", f"When did {gr.name(w)} sign on to the {gr.name(gr.one(w, 'SERVES_ON'))}?",
                       val(gr.e(w, gr.one(w, "SERVES_ON"))["signed_on"]), 1))
    pick(S, lambda s: ("edge_property",
                       f"How much freight was charged for the {gr.name(s)} on the {gr.name(gr.one(s, 'CARRIED_ON'))}?",
                       val(gr.e(s, gr.one(s, "CARRIED_ON"))["freight_usd"]), 1))
    pick(INSP, lambda i: ("edge_property", f"How many deficiencies did the {gr.name(i)} find on the "
                       f"{gr.name(gr.one(i, 'INSPECTS'))}?", val(gr.e(i, gr.one(i, "INSPECTS"))["deficiencies"]), 1)
         if gr.e(i, gr.one(i, "INSPECTS"))["deficiencies"] >= 2 else None)
    pick(Y, lambda y: ("edge_property", f"On what date did the {gr.name(y)} arrive in "
                       f"{gr.name(gr.one(y, 'ARRIVES_AT'))}?", val(gr.e(y, gr.one(y, "ARRIVES_AT"))["arrival_date"]),
                       1))
    pick(P, lambda p: ("edge_property", f"How many arrivals at {gr.name(p)} were more than 24 hours late?",
                       count(sum(d > 24 for d in delays(p))), 1))
    add("edge_property", "how many shipments travelled as deck cargo",
        count(sum(gr.e(s, gr.one(s, "CARRIED_ON"))["stowage"] == "Deck" for s in S)), 1)

    # ---- yes_no (8: 4 yes, 4 no)
    def yes(v: bool) -> dict:
        return {"type": "bool", "value": v}

    pick(V, lambda v: ("yes_no", f"Does {gr.name(gr.one(v, 'OWNED_BY'))} own the {gr.name(v)}?", yes(True), 1))
    pick(V, lambda v: ("yes_no", f"Is the {gr.name(v)} owned by {gr.name(OPS[(OPS.index(gr.one(v, 'OWNED_BY')) + 5) % 12])}?",
                       yes(False), 1))
    pick([p for p in P if gr.a(p, "free_trade_zone")],
         lambda p: ("yes_no", f"is {gr.name(p)} a free trade zone", yes(True), 0))

    def ends_elsewhere(y: str):
        ends = {gr.one(y, "ARRIVES_AT"), gr.one(y, "DEPARTS_FROM")}
        other = next(p for p in P[(int(y.split("-")[1]) % 30):] if p not in ends)
        return "yes_no", f"Did the {gr.name(y)} end its voyage in {gr.name(other)}?", yes(False), 1

    pick(Y, ends_elsewhere)
    pick(crew_rank("Chief Officer"), lambda w: (
        "yes_no", f"Does {gr.name(w)} supervise {gr.name(gr.out(w, 'SUPERVISES')[-1])}?", yes(True), 1))
    pick(crew_rank("Bosun"), lambda w: (
        "yes_no", f"Is {gr.name(boss(boss(w)))} the direct boss of {gr.name(w)}?", yes(False), 1))
    detained = sorted({gr.one(i, "INSPECTS") for i in INSP if gr.e(i, gr.one(i, "INSPECTS"))["detained"]}, key=_key)
    pick(detained, lambda v: ("yes_no", f"Has the {gr.name(v)} ever been detained after an inspection?", yes(True), 1))
    pick([b for b in B if not gr.a(b, "refrigerated")],
         lambda b: ("yes_no", f"Is the {gr.name(b)} a refrigerated container?", yes(False), 0))

    # ---- portfolio (3)
    def neigh(n: str) -> list[str]:
        return list(gr.g.successors(n)) + list(gr.g.predecessors(n))

    pick(crew_rank("Chief Officer"), lambda w: ("portfolio", f"Tell me everything about {gr.name(w)}.",
                                                _set(gr, neigh(w)), 1))
    pick(Y, lambda y: ("portfolio", f"give me the full picture on the {gr.name(y)}", _set(gr, neigh(y)), 1)
         if len(neigh(y)) >= 5 else None)
    pick(OPS, lambda o: ("portfolio", f"What do we know about {gr.name(o)}? Everything connected to it, please.",
                       _set(gr, neigh(o)), 1) if len(neigh(o)) >= 3 else None)

    # ---- unknown (4)
    known = gr.names()
    fake = [
        ("How many voyages has the Celtic Mariner completed?", "celtic mariner"),
        ("Which vessels does Thornbury Shipping own?", "thornbury shipping"),
        ("Who does Ludmila Okonkwo report to?", "ludmila okonkwo"),
        ("What is the maximum draft at the port of Zanthera?", "zanthera"),
    ]
    for text, nm in fake:
        if any(nm in k or k in nm for k in known):
            raise RuntimeError(f"made-up name exists: {nm}")
        add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    types = Counter(gr.typ(n) for n in gr.nodes)
    add("global", "How many different kinds of entities does the graph contain?", count(len(types)), 0)
    add("global", "how many relationship types are there in this dataset",
        count(len({d["label"] for *_, d in gr.g.edges(data=True)})), 0)
    (top, n1), (_, n2) = types.most_common(2)
    if n1 == n2:
        raise RuntimeError("tie in type counts")
    add("global", "Which type of node is most common?", val(top), 0)
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    out_dir = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out_dir / "shipping.graphml"
    qs = build(graph)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
