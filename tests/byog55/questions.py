"""Hold-out questions over the pharmacy graph written by graph.py.

Usage: python tests/byog55/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl
Reads only the GraphML file (default OUT_DIR/pharmacy.graphml); deterministic.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx


class G:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.ea: dict[tuple[str, str], dict] = {}
        for u, v, a in self.g.edges(data=True):
            self.out[(u, a["label"])].append(v)
            self.inn[(v, a["label"])].append(u)
            self.ea[(u, v)] = a
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, a in self.g.nodes(data=True):
            self.by_type[a["label"]].append(n)
        for t in self.by_type:
            self.by_type[t].sort(key=lambda x: (x.split("-")[0], int(x.split("-")[1])))

    def a(self, n: str) -> dict:
        return self.g.nodes[n]

    def name(self, n: str) -> str:
        a = self.g.nodes[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a.get("title")

    def o(self, n: str, lab: str) -> list[str]:
        return self.out.get((n, lab), [])

    def i(self, n: str, lab: str) -> list[str]:
        return self.inn.get((n, lab), [])

    def walk(self, starts, steps) -> set[str]:
        cur = set(starts)
        for lab, d in steps:
            nxt: set[str] = set()
            for n in cur:
                nxt.update(self.o(n, lab) if d == "out" else self.i(n, lab))
            cur = nxt
        return cur


def main() -> None:
    out_dir = Path(sys.argv[1])
    gpath = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "pharmacy.graphml"
    G_ = G(gpath)
    rng = random.Random(5501)
    qs: list[dict] = []
    all_names = {G_.name(n).lower() for n in G_.g.nodes}

    def shuffled(t: str) -> list[str]:
        xs = list(G_.by_type[t])
        rng.shuffle(xs)
        return xs

    def ok_text(text: str, gold: dict) -> bool:
        low = text.lower()
        if gold["type"] == "set":
            return 1 <= len(gold["ids"]) <= 12 and not any(nm.lower() in low for nm in gold["names"])
        if gold["type"] in ("count", "value"):
            if gold["type"] == "count" and gold["value"] == 0:
                return False
            return str(gold["value"]).lower() not in low
        return True

    def add(kind: str, text: str, gold: dict, hops: int) -> bool:
        if not ok_text(text, gold):
            return False
        qs.append({"id": f"byog55-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})
        return True

    def sset(ids) -> dict:
        ids = sorted(ids, key=lambda x: (x.split("-")[0], int(x.split("-")[1])))
        return {"type": "set", "ids": ids, "names": [G_.name(x) for x in ids]}

    def first(cands, make, kind, hops, lo=1, hi=12) -> None:
        """Try candidates in order; make(c) -> (text, gold) or None; keep the first that passes the checks."""
        for c in cands:
            r = make(c)
            if r is None:
                continue
            text, gold = r
            if gold["type"] == "set" and not lo <= len(gold["ids"]) <= hi:
                continue
            if add(kind, text, gold, hops):
                return
        raise SystemExit(f"no candidate for a {kind} question")

    def cnt(v: int) -> dict:
        return {"type": "count", "value": v}

    def val(v) -> dict:
        return {"type": "value", "value": v}

    A, N = G_.a, G_.name
    T = G_.by_type
    drugs, pats, staff, wards = T["Drug"], T["Patient"], T["Staff"], T["Ward"]
    rx_of = {d: G_.i(d, "FOR_DRUG") for d in drugs}

    # ---- count
    add("count", "How many drugs are in the pharmacy catalogue?", cnt(len(drugs)), 0)
    add("count", "how many patients do we have on record", cnt(len(pats)), 0)
    add("count", "What's the total number of wholesalers we buy from?", cnt(len(T["Supplier"])), 0)
    add("count", "Number of stock batches held by the pharmacy?", cnt(len(T["StockBatch"])), 0)
    add("count", "How many adverse drug reaction reports exist?", cnt(len(T["AdverseEventReport"])), 0)

    # ---- filtered_count
    add("filtered_count", "How many of our medications are controlled substances?",
        cnt(sum(1 for d in drugs if A(d)["controlled"])), 0)
    add("filtered_count", "how many patients are flagged with a penicillin allergy",
        cnt(sum(1 for p in pats if A(p)["penicillin_allergy"])), 0)
    add("filtered_count", "How many stock lots expire before 2025-01-01?",
        cnt(sum(1 for b in T["StockBatch"] if A(b)["expiry_date"] < "2025-01-01")), 0)
    floors = Counter(A(w)["floor"] for w in wards)
    fl = next(f for f in sorted(floors) if floors[f] >= 2 and str(floors[f]) != str(f))
    add("filtered_count", f"Count the wards located on floor {fl}.", cnt(floors[fl]), 0)
    add("filtered_count", "How many nurses work for the hospital pharmacy service?",
        cnt(sum(1 for s in staff if A(s)["role"] == "nurse")), 0)
    add("filtered_count", "How many prescriptions ended up cancelled?",
        cnt(sum(1 for r in T["Prescription"] if A(r)["status"] == "cancelled")), 0)
    add("filtered_count", "How many adverse event reports carry a severity of severe (not counting life-threatening ones)?",
        cnt(sum(1 for r in T["AdverseEventReport"] if A(r)["severity"] == "severe")), 0)
    regions = Counter(A(s)["region"] for s in T["Supplier"])
    rg = sorted(regions, key=lambda r: (-regions[r], r))[0]
    add("filtered_count", f"how many suppliers are based in the {rg} region?", cnt(regions[rg]), 0)
    first(shuffled("Drug"), lambda d: (f"How many prescriptions have been written for {N(d)}?", cnt(len(rx_of[d])))
          if len(rx_of[d]) >= 4 else None, "filtered_count", 1)
    add("filtered_count", "How many patients were born before 1950?",
        cnt(sum(1 for p in pats if A(p)["birth_date"] < "1950-01-01")), 0)

    # ---- list
    first(shuffled("Manufacturer"), lambda m: (f"Which drugs does {N(m)} make?", sset(G_.o(m, "MANUFACTURES"))),
          "list", 1, lo=3)
    nurses = [s for s in shuffled("Staff") if A(s)["role"] == "nurse"]
    first(nurses, lambda s: (f"which wards is nurse {N(s)} assigned to", sset(G_.o(s, "ASSIGNED_TO"))), "list", 1, lo=2)
    first(shuffled("Drug"), lambda d: (f"list the formularies that include {N(d)}", sset(G_.i(d, "LISTS"))),
          "list", 1, lo=2)
    first(shuffled("Drug"), lambda d: (f"Who supplies {N(d)} to us?", sset(G_.i(d, "SUPPLIES"))), "list", 1, lo=2)
    first(shuffled("AdverseEventReport"), lambda r: (f"show me the drugs implicated in {N(r)}",
                                                     sset(G_.o(r, "IMPLICATES"))), "list", 1, lo=2)
    first(shuffled("Drug"), lambda d: (f"Give me all the stock batches of {N(d)}.", sset(G_.i(d, "BATCH_OF"))),
          "list", 1, lo=3)
    first(shuffled("Ward"), lambda w: (f"Which pharmacists are assigned to {N(w)}?",
                                       sset(s for s in G_.i(w, "ASSIGNED_TO") if A(s)["role"] == "pharmacist")),
          "list", 1, lo=2)

    # ---- multihop
    SUP = "SUPERVISES"
    first(shuffled("Staff"), lambda s: (f"Who reports to the people that {N(s)} supervises?",
                                        sset(G_.walk([s], [(SUP, "out"), (SUP, "out")]))), "multihop", 2, lo=2)
    first(shuffled("Staff"), lambda s: (f"Who is the supervisor of {N(s)}'s supervisor?",
                                        sset(G_.walk([s], [(SUP, "in"), (SUP, "in")]))), "multihop", 2)
    first(shuffled("Staff"), lambda s: (f"Which wards does {N(s)}'s line manager work on?",
                                        sset(G_.walk([s], [(SUP, "in"), ("ASSIGNED_TO", "out")]))), "multihop", 2, lo=2)
    first(shuffled("Staff"), lambda s: (f"which wards do the staff supervised by {N(s)} work on",
                                        sset(G_.walk([s], [(SUP, "out"), ("ASSIGNED_TO", "out")]))), "multihop", 2,
          lo=3)
    first(shuffled("Patient"), lambda p: (f"What medicines has {N(p)} been prescribed?",
                                          sset(G_.walk([p], [("HAS_PRESCRIPTION", "out"), ("FOR_DRUG", "out")]))),
          "multihop", 2, lo=2)
    first(shuffled("Patient"), lambda p: (
        f"Which manufacturers make the medications prescribed to {N(p)}?",
        sset(G_.walk([p], [("HAS_PRESCRIPTION", "out"), ("FOR_DRUG", "out"), ("MANUFACTURES", "in")]))),
        "multihop", 3, lo=2)
    first(shuffled("Patient"), lambda p: (
        f"Which wholesalers delivered stock batches of the drugs that {N(p)} is prescribed?",
        sset(G_.walk([p], [("HAS_PRESCRIPTION", "out"), ("FOR_DRUG", "out"), ("BATCH_OF", "in"),
                           ("DELIVERED", "in")]))), "multihop", 4, lo=2)
    first(shuffled("Staff"), lambda s: (
        f"Which patients were prescribed a drug named in an adverse event report filed by {N(s)}?",
        sset(G_.walk([s], [("REPORTED", "out"), ("IMPLICATES", "out"), ("FOR_DRUG", "in"),
                           ("HAS_PRESCRIPTION", "in")]))), "multihop", 4, lo=2)
    first(shuffled("Staff"), lambda s: (
        f"Which manufacturers produce drugs dispensed by the team members {N(s)} oversees?",
        sset(G_.walk([s], [(SUP, "out"), ("DISPENSED", "out"), ("FOR_DRUG", "out"), ("MANUFACTURES", "in")]))),
        "multihop", 4, lo=2)
    first(shuffled("Drug"), lambda d: (f"who filed adverse event reports about {N(d)}",
                                       sset(G_.walk([d], [("IMPLICATES", "in"), ("REPORTED", "in")]))), "multihop", 2,
          lo=2)
    first(shuffled("Staff"), lambda s: (
        f"Whose products (which manufacturers) appear in the ADR reports {N(s)} submitted?",
        sset(G_.walk([s], [("REPORTED", "out"), ("IMPLICATES", "out"), ("MANUFACTURES", "in")]))), "multihop", 3,
        lo=2)
    first(shuffled("Patient"), lambda p: (
        f"Which formularies carry any drug that {N(p)} was prescribed?",
        sset(G_.walk([p], [("HAS_PRESCRIPTION", "out"), ("FOR_DRUG", "out"), ("LISTS", "in")]))), "multihop", 3, lo=2)
    first(shuffled("Drug"), lambda d: (f"Which staff members dispensed prescriptions of {N(d)}?",
                                       sset(G_.walk([d], [("FOR_DRUG", "in"), ("DISPENSED", "in")]))), "multihop", 2,
          lo=3)
    first(shuffled("Drug"), lambda d: (
        f"On which wards were the patients who got {N(d)} admitted?",
        sset(G_.walk([d], [("FOR_DRUG", "in"), ("HAS_PRESCRIPTION", "in"), ("ADMITTED_TO", "out")]))), "multihop", 3,
        lo=3)

    # ---- superlative
    def top(items, key):
        items = sorted(items, key=key, reverse=True)
        if len(items) < 2 or key(items[0]) == key(items[1]):
            return None
        return items[0]

    def sup(text, items, key, hops, *alts):
        """Add the first of (text, items, key) and its alternatives whose top entity is not tied."""
        for text_, items_, key_ in [(text, items, key), *alts]:
            t = top(items_, key_)
            if t is not None and add("superlative", text_, sset([t]), hops):
                return
        raise SystemExit(f"only ties for {text!r}")

    sup("Which drug has the highest unit cost?", drugs, lambda d: A(d)["unit_cost"], 0)
    sup("which ward has the most beds", wards, lambda w: A(w)["bed_count"], 0)
    sup("Who is our oldest patient?", pats, lambda p: -int(A(p)["birth_date"].replace("-", "")), 0)
    sup("What medication gets prescribed most often?", drugs, lambda d: len(rx_of[d]), 1)
    sup("Which member of staff has dispensed the largest number of prescriptions?", staff,
        lambda s: len(G_.o(s, "DISPENSED")), 1,
        ("Which pharmacist has dispensed the most prescriptions?", [s for s in staff if A(s)["role"] == "pharmacist"],
         lambda s: len(G_.o(s, "DISPENSED"))),
        ("Which pharmacy technician has dispensed the most prescriptions?",
         [s for s in staff if A(s)["role"] == "pharmacy technician"], lambda s: len(G_.o(s, "DISPENSED"))))
    sup("Which manufacturer makes the most drugs in our catalogue?", T["Manufacturer"],
        lambda m: len(G_.o(m, "MANUFACTURES")), 1,
        ("Which manufacturer's products account for the most prescriptions?", T["Manufacturer"],
         lambda m: sum(len(rx_of[d]) for d in G_.o(m, "MANUFACTURES"))))
    sup("Which supplier has delivered the greatest total number of cases?", T["Supplier"],
        lambda s: sum(G_.ea[(s, b)]["cases"] for b in G_.o(s, "DELIVERED")), 1)
    sup("Which ward has racked up the most bed-days, i.e. the largest sum of length of stay over its admissions?",
        wards, lambda w: sum(G_.ea[(p, w)]["length_of_stay"] for p in G_.i(w, "ADMITTED_TO")), 1)
    first(shuffled("Manufacturer"), lambda m: (
        f"Among the drugs made by {N(m)}, which one is the most expensive per unit?",
        sset([top(G_.o(m, "MANUFACTURES"), lambda d: A(d)["unit_cost"])]))
        if top(G_.o(m, "MANUFACTURES"), lambda d: A(d)["unit_cost"]) and len(G_.o(m, "MANUFACTURES")) >= 3 else None,
        "superlative", 1)
    first(shuffled("Staff"), lambda s: (
        f"Of the people {N(s)} supervises, who has the most years of experience?",
        sset([top(G_.o(s, SUP), lambda x: A(x)["years_experience"])]))
        if len(G_.o(s, SUP)) >= 3 and top(G_.o(s, SUP), lambda x: A(x)["years_experience"]) else None,
        "superlative", 1)

    # ---- aggregate
    ctrl = [A(d)["unit_cost"] for d in drugs if A(d)["controlled"]]
    add("aggregate", "What's the average unit cost of the controlled drugs?", val(round(sum(ctrl) / len(ctrl), 2)), 0)
    fl2 = next(f for f in sorted(floors, key=lambda f: -floors[f]) if floors[f] >= 2)
    add("aggregate", f"total bed capacity across all wards on floor {fl2}",
        val(sum(A(w)["bed_count"] for w in wards if A(w)["floor"] == fl2)), 0)
    add("aggregate", "What is the mean body weight of our patients, in kg?",
        val(round(sum(A(p)["weight_kg"] for p in pats) / len(pats), 2)), 0)
    first(shuffled("Drug"), lambda d: (f"How many units of {N(d)} are on hand in total across all its batches?",
                                       val(sum(A(b)["units_on_hand"] for b in G_.i(d, "BATCH_OF"))))
          if len(G_.i(d, "BATCH_OF")) >= 3 else None, "aggregate", 1)
    first(shuffled("Ward"), lambda w: (
        f"average length of stay for admissions to {N(w)}?",
        val(round(sum(G_.ea[(p, w)]["length_of_stay"] for p in G_.i(w, "ADMITTED_TO")) / len(G_.i(w, "ADMITTED_TO")),
                  2))), "aggregate", 1)

    # ---- edge_property
    sup_pairs = [(s, d) for d in shuffled("Drug") for s in G_.i(d, "SUPPLIES")]
    first(sup_pairs, lambda p: (f"What contract price does {N(p[0])} charge us for {N(p[1])}?",
                                val(G_.ea[p]["contract_price"])), "edge_property", 1)
    adm_pairs = [(p, w) for p in shuffled("Patient") for w in G_.o(p, "ADMITTED_TO")]
    first(adm_pairs, lambda p: (f"When was {N(p[0])} admitted to {N(p[1])}?", val(G_.ea[p]["admitted_on"])),
          "edge_property", 1)
    asg_pairs = [(s, w) for s in shuffled("Staff") for w in G_.o(s, "ASSIGNED_TO") if len(G_.o(s, "ASSIGNED_TO")) > 1]
    first(asg_pairs, lambda p: (f"what shift pattern does {N(p[0])} work on {N(p[1])}", val(G_.ea[p]["shift"])),
          "edge_property", 1)
    form_pairs = [(f, d) for d in shuffled("Drug") for f in G_.i(d, "LISTS")]
    first(form_pairs, lambda p: (f"Which tier is {N(p[1])} placed in on the {N(p[0])}?", val(G_.ea[p]["tier"])),
          "edge_property", 1)
    edges = [(u, v, a) for u, v, a in G_.g.edges(data=True)]
    add("edge_property", "How many supply contracts are exclusive?",
        cnt(sum(1 for _, _, a in edges if a["label"] == "SUPPLIES" and a["exclusive"])), 1)
    add("edge_property", "how many ward admissions came in as emergencies",
        cnt(sum(1 for _, _, a in edges if a["label"] == "ADMITTED_TO" and a["emergency"])), 1)
    add("edge_property", "How many deliveries arrived with a broken cold chain?",
        cnt(sum(1 for _, _, a in edges if a["label"] == "DELIVERED" and not a["cold_chain_ok"])), 1)

    # ---- yes_no
    ctrl_d = next(d for d in shuffled("Drug") if A(d)["controlled"])
    plain_d = next(d for d in shuffled("Drug") if not A(d)["controlled"])
    add("yes_no", f"Is {N(ctrl_d)} a controlled substance?", {"type": "bool", "value": True}, 0)
    add("yes_no", f"is {N(plain_d)} classed as a controlled drug", {"type": "bool", "value": False}, 0)
    boss = next(s for s in shuffled("Staff") if G_.o(s, SUP))
    rep = sorted(G_.o(boss, SUP))[0]
    add("yes_no", f"Does {N(boss)} supervise {N(rep)}?", {"type": "bool", "value": True}, 1)
    boss2 = next(s for s in shuffled("Staff") if G_.o(s, SUP) and s != boss)
    rep2 = sorted(G_.o(boss2, SUP))[-1]
    add("yes_no", f"Does {N(rep2)} supervise {N(boss2)}?", {"type": "bool", "value": False}, 1)
    pw = next((p, w) for p in shuffled("Patient") for w in G_.o(p, "ADMITTED_TO"))
    add("yes_no", f"Was {N(pw[0])} ever admitted to {N(pw[1])}?", {"type": "bool", "value": True}, 1)
    fm = T["Formulary"][2]
    dn = next(d for d in shuffled("Drug") if fm not in G_.i(d, "LISTS"))
    add("yes_no", f"Is {N(dn)} on the {N(fm)}?", {"type": "bool", "value": False}, 1)
    dm = shuffled("Drug")[0]
    add("yes_no", f"does {N(G_.i(dm, 'MANUFACTURES')[0])} manufacture {N(dm)}?", {"type": "bool", "value": True}, 1)
    bq = next(b for b in shuffled("StockBatch") if not A(b)["quarantined"])
    add("yes_no", f"Is stock {N(bq)} quarantined?", {"type": "bool", "value": False}, 0)

    # ---- portfolio
    def nbrs(n):
        return set(G_.g.successors(n)) | set(G_.g.predecessors(n))

    first(shuffled("Patient"), lambda p: (f"Tell me everything about {N(p)}.", sset(nbrs(p))), "portfolio", 1, lo=4)
    first(nurses, lambda s: (f"give me the full picture on nurse {N(s)}", sset(nbrs(s))), "portfolio", 1, lo=4)
    first(shuffled("AdverseEventReport"), lambda r: (f"What do we know about {N(r)}?", sset(nbrs(r))),
          "portfolio", 1, lo=3)

    # ---- unknown
    for text, nm in [("Who manufactures Zelvoxitan 75mg?", "zelvoxitan 75mg"),
                     ("Which wards has patient Marisol Quenby been admitted to?", "marisol quenby"),
                     ("what drugs does Bluefinch Medical Wholesale supply", "bluefinch medical wholesale"),
                     ("How many beds does Rosemary Ward have?", "rosemary ward")]:
        assert not any(nm in x for x in all_names)
        add("unknown", text, {"type": "none"}, 0)

    # ---- global
    add("global", "How many different kinds of entities does this graph contain?", cnt(len(T)), 0)
    add("global", "how many relationship types are there in the schema",
        cnt(len({a["label"] for _, _, a in edges})), 0)
    add("global", "What is the total number of nodes in the graph?", cnt(G_.g.number_of_nodes()), 0)

    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
