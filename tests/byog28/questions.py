"""Deterministic held-out questions over the veterinary graph that graph.py writes.

Usage: python tests/byog28/questions.py OUT_DIR [GRAPH_PATH]   -> OUT_DIR/holdout.jsonl

GRAPH_PATH is the vet_csv folder (or the folder holding it); default OUT_DIR/vet_csv. Only those CSV files are
read. Golds are computed over a networkx MultiDiGraph built from them.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path
from random import Random

import networkx as nx

SEED = 2828


def _cast(value: str, typ: str):
    if typ == "int":
        return int(value)
    if typ == "float":
        return float(value)
    if typ == "boolean":
        return value == "true"
    return value


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    files = sorted(folder.glob("*.csv"))
    for path in files:
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        if header[0] == ":START_ID":
            cols = [(h.split(":")[0], h.split(":")[1]) for h in header[3:]]
            for r in rows[1:]:
                g.add_edge(r[0], r[1], key=r[2], type=r[2], **{a: _cast(v, t) for (a, t), v in zip(cols, r[3:], strict=True)})
    for path in files:
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        if header[0] != ":START_ID":
            cols = [(h.split(":")[0], h.split(":")[1]) for h in header[2:]]
            for r in rows[1:]:
                g.add_node(r[0], label=r[1], **{a: _cast(v, t) for (a, t), v in zip(cols, r[2:], strict=True)})
    for _, d in g.nodes(data=True):
        d["display"] = d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"
    return g


def _num(i: str) -> tuple[int, str]:
    return int(i.rsplit("-", 1)[1]), i


class Builder:
    def __init__(self, g: nx.MultiDiGraph):
        self.g = g
        self.rng = Random(SEED)
        self.items: list[dict] = []

    # graph helpers
    def of(self, label: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["label"] == label), key=_num)

    def shuffled(self, label: str) -> list[str]:
        ids = self.of(label)
        self.rng.shuffle(ids)
        return ids

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def name(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def out(self, n: str, etype: str) -> list[str]:
        return sorted({v for _, v, k in self.g.out_edges(n, keys=True) if k == etype}, key=_num)

    def inc(self, n: str, etype: str) -> list[str]:
        return sorted({u for u, _, k in self.g.in_edges(n, keys=True) if k == etype}, key=_num)

    def edge(self, u: str, v: str, etype: str) -> dict | None:
        return self.g.get_edge_data(u, v, key=etype)

    def step(self, nodes, etype: str, direction: str = "out") -> list[str]:
        f = self.out if direction == "out" else self.inc
        return sorted({m for n in nodes for m in f(n, etype)}, key=_num)

    # gold helpers
    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=_num)
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}

    def ok(self, text: str, gold: dict) -> bool:
        t = text.lower()
        if gold["type"] == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", t) for n in gold["names"])
        if gold["type"] == "count":
            return gold["value"] > 0 and str(gold["value"]) not in re.findall(r"\d+", text)
        if gold["type"] == "value":
            v = gold["value"]
            if isinstance(v, str):
                return v.lower() not in t
            return str(v) not in re.findall(r"\d+(?:\.\d+)?", text)
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int) -> bool:
        if not self.ok(text, gold):
            return False
        self.items.append({"id": f"byog28-{len(self.items) + 1:02d}", "kind": kind, "question": text,
                           "gold": gold, "hops": hops})
        return True

    def first(self, kind: str, hops: int, candidates, make) -> None:
        """Add the first candidate for which ``make(c)`` gives (text, gold) that passes the checks."""
        for c in candidates:
            got = make(c)
            if got and self.add(kind, got[0], got[1], hops):
                return
        raise RuntimeError(f"no candidate for a {kind} question")


def count(v: int) -> dict:
    return {"type": "count", "value": v}


def value(v) -> dict:
    return {"type": "value", "value": v}


def unique_best(scores: dict[str, float], reverse: bool = True) -> str | None:
    """The single best key, or None when the best score is tied."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=reverse)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def build(g: nx.MultiDiGraph) -> list[dict]:
    b = Builder(g)
    A, N, out, inc, step = b.a, b.name, b.out, b.inc, b.step
    pets, vets, owners, clinics = b.of("Pet"), b.of("Vet"), b.of("Owner"), b.of("Clinic")
    meds, visits = b.of("Medication"), b.of("Visit")
    labels = Counter(d["label"] for _, d in g.nodes(data=True))

    def dr(v: str) -> str:
        return "Dr. " + N(v)

    # ---- count
    b.add("count", "How many animals are registered across the whole clinic network?", count(labels["Pet"]), 0)
    b.add("count", "how many vets do we have on staff", count(labels["Vet"]), 0)
    b.add("count", "Number of clinics in the network?", count(labels["Clinic"]), 0)
    b.add("count", "How many pet insurance companies are in the data", count(labels["Insurer"]), 0)
    b.add("count", "How many medications are in the formulary?", count(labels["Medication"]), 0)

    # ---- filtered_count
    b.add("filtered_count", "How many of the animals are cats?",
          count(sum(A(p, "species") == "Cat" for p in pets)), 0)
    b.add("filtered_count", "how many neutered dogs are on file",
          count(sum(A(p, "species") == "Dog" and A(p, "neutered") for p in pets)), 0)
    b.add("filtered_count", "How many vets specialise in dermatology?",
          count(sum(A(v, "specialty") == "Dermatology" for v in vets)), 0)
    b.add("filtered_count", "How many clinics offer round-the-clock emergency care?",
          count(sum(A(c, "emergency_24h") for c in clinics)), 0)
    b.add("filtered_count", "How many visits were logged as emergencies?",
          count(sum(A(v, "reason") == "Emergency" for v in visits)), 0)
    b.add("filtered_count", "How many clients live in Salem?", count(sum(A(o, "city") == "Salem" for o in owners)), 0)
    b.add("filtered_count", "how many controlled drugs does the formulary contain",
          count(sum(A(m, "controlled") for m in meds)), 0)
    b.first("filtered_count", 1, b.shuffled("Clinic"), lambda c: (
        f"How many visits took place at {N(c)} during 2023?",
        count(sum(A(v, "visit_date").startswith("2023") for v in inc(c, "HELD_AT")))))
    b.add("filtered_count", "How many rabbits weigh over 3 kg?",
          count(sum(A(p, "species") == "Rabbit" and A(p, "weight") > 3 for p in pets)), 0)
    b.first("filtered_count", 1, ["ins-6"] + b.shuffled("Insurer"), lambda i: (
        f"How many animals are insured with {N(i)}?", count(len(inc(i, "INSURED_BY")))))

    # ---- list
    multi_owners = [o for o in b.shuffled("Owner") if len(out(o, "OWNS")) >= 2]
    b.first("list", 1, multi_owners, lambda o: (f"List the pets owned by {N(o)}.", b.sset(out(o, "OWNS"))))
    b.first("list", 1, b.shuffled("Clinic"), lambda c: (f"Which vets work at {N(c)}?", b.sset(inc(c, "WORKS_AT"))))
    b.first("list", 1, b.shuffled("Clinic"), lambda c: (
        f"show me the insurers {N(c)} partners with", b.sset(out(c, "PARTNERS_WITH"))))
    b.add("list", "Which medications are antibiotics?",
          b.sset(m for m in meds if A(m, "drug_class") == "Antibiotic"), 0)
    b.first("list", 1, [p for p in b.shuffled("Pet") if len(out(p, "VACCINATED_WITH")) >= 2], lambda p: (
        f"What vaccines has {N(p)} had?", b.sset(out(p, "VACCINATED_WITH"))))
    b.add("list", "which clinics are located in Eugene", b.sset(c for c in clinics if A(c, "city") == "Eugene"), 0)
    b.add("list", "Give me all the board-certified cardiologists",
          b.sset(v for v in vets if A(v, "specialty") == "Cardiology" and A(v, "board_certified")), 0)

    # ---- multihop
    def vets_of_pet(p):
        return step(out(p, "HAD_VISIT"), "SEEN_BY")

    b.first("multihop", 2, [p for p in b.shuffled("Pet") if len(vets_of_pet(p)) >= 2], lambda p: (
        f"Which vets has {N(p)} been seen by?", b.sset(vets_of_pet(p))))
    b.first("multihop", 2, b.shuffled("Pet"), lambda p: (
        f"What medications has {N(p)} been prescribed?", b.sset(step(out(p, "HAD_VISIT"), "PRESCRIBED"))))
    b.first("multihop", 3, multi_owners[5:], lambda o: (
        f"Which clinics have {N(o)}'s pets been taken to?",
        b.sset(step(step(out(o, "OWNS"), "HAD_VISIT"), "HELD_AT"))))
    gps = [v for v in b.shuffled("Vet") if A(v, "specialty") == "General Practice"]
    specialists = [v for v in b.shuffled("Vet") if A(v, "specialty") != "General Practice"]
    b.first("multihop", 2, gps, lambda v: (
        f"At which clinics do the specialists that {dr(v)} refers cases to work?",
        b.sset(step(out(v, "REFERRED_TO"), "WORKS_AT"))))
    b.first("multihop", 2, specialists, lambda v: (
        f"which clinics employ vets who send referrals to {dr(v)}",
        b.sset(step(inc(v, "REFERRED_TO"), "WORKS_AT"))))
    b.first("multihop", 2, gps[4:], lambda v: (
        f"Who do the specialists that {dr(v)} refers to pass cases on to?",
        b.sset(set(step(out(v, "REFERRED_TO"), "REFERRED_TO")) - {v})))
    b.first("multihop", 2, specialists, lambda v: (
        f"Which vets send cases to specialists who in turn refer to {dr(v)}?",
        b.sset(set(step(inc(v, "REFERRED_TO"), "REFERRED_TO", "in")) - {v})))
    b.first("multihop", 2, b.shuffled("Vet"), lambda v: (
        f"How many different animals has {dr(v)} treated?",
        count(len(step(inc(v, "SEEN_BY"), "HAD_VISIT", "in")))))
    b.first("multihop", 3, b.shuffled("Vet"), lambda v: (
        f"Who owns the animals that {dr(v)} has seen?",
        b.sset(step(step(inc(v, "SEEN_BY"), "HAD_VISIT", "in"), "OWNS", "in"))))

    def owner_vets(o):
        return step(step(out(o, "OWNS"), "HAD_VISIT"), "SEEN_BY")

    b.first("multihop", 4, [o for o in multi_owners if len(owner_vets(o)) >= 2], lambda o: (
        f"At which clinics do the vets who treated {N(o)}'s pets work?", b.sset(step(owner_vets(o), "WORKS_AT"))))
    b.first("multihop", 4, [o for o in b.shuffled("Owner") if owner_vets(o)], lambda o: (
        f"Which specialists get referrals from the vets that have seen {N(o)}'s animals?",
        b.sset(step(owner_vets(o), "REFERRED_TO"))))

    def one_of_species(o, sp):
        ps = [p for p in out(o, "OWNS") if A(p, "species") == sp]
        return ps[0] if len(ps) == 1 and len(out(o, "OWNS")) >= 2 else None

    b.first("multihop", 3, [o for o in b.shuffled("Owner") if one_of_species(o, "Dog")], lambda o: (
        f"What procedures has {N(o)}'s dog undergone?",
        b.sset(step(out(one_of_species(o, "Dog"), "HAD_VISIT"), "INCLUDED"))))
    b.first("multihop", 2, multi_owners[10:], lambda o: (
        f"which vaccines have the pets of {N(o)} received", b.sset(step(out(o, "OWNS"), "VACCINATED_WITH"))))
    b.first("multihop", 3, multi_owners[15:], lambda o: (
        f"What drugs were prescribed to {N(o)}'s animals?",
        b.sset(step(step(out(o, "OWNS"), "HAD_VISIT"), "PRESCRIBED"))))

    # ---- superlative
    def best(kind, text, scores, reverse=True, hops=0):
        k = unique_best(scores, reverse)
        if k is None:
            raise RuntimeError(f"tie for {text!r}")
        if not b.add(kind, text, b.sset([k]), hops):
            raise RuntimeError(f"rejected {text!r}")

    best("superlative", "Which animal is the heaviest?", {p: A(p, "weight") for p in pets})
    best("superlative", "what's the oldest clinic in the network", {c: A(c, "opened") for c in clinics}, False)
    best("superlative", "Which vet has the most years of experience?", {v: A(v, "years_experience") for v in vets})
    best("superlative", "Which procedure is the priciest?", {p: A(p, "price") for p in b.of("Procedure")})
    best("superlative", "Which vet has handled the most visits?", {v: len(inc(v, "SEEN_BY")) for v in vets}, hops=1)
    best("superlative", "Which clinic has the largest team of vets?",
         {c: len(inc(c, "WORKS_AT")) for c in clinics}, hops=1)
    best("superlative", "Which medication gets prescribed most often?",
         {m: g.in_degree(m) - len(inc(m, "STOCKS")) for m in meds}, hops=1)
    best("superlative", "Which owner has spent the most in total on vet visits?",
         {o: round(sum(A(v, "total_cost") for v in step(out(o, "OWNS"), "HAD_VISIT")), 2) for o in owners}, hops=2)

    def scoped_staff(c):
        k = unique_best({v: A(v, "years_experience") for v in inc(c, "WORKS_AT")})
        return (f"Among the vets at {N(c)}, who has been practising the longest?", b.sset([k])) if k else None

    b.first("superlative", 1, b.shuffled("Clinic"), scoped_staff)

    def scoped_stock(c):
        k = unique_best({m: A(m, "unit_price") for m in out(c, "STOCKS")}, False)
        return (f"Of the medications {N(c)} stocks, which is cheapest per unit?", b.sset([k])) if k else None

    b.first("superlative", 1, b.shuffled("Clinic"), scoped_stock)

    # ---- aggregate
    dogs = [A(p, "weight") for p in pets if A(p, "species") == "Dog"]
    b.add("aggregate", "What's the average weight of the dogs?", value(round(sum(dogs) / len(dogs), 2)), 0)
    b.first("aggregate", 1, b.shuffled("Clinic"), lambda c: (
        f"What was the total billed for visits at {N(c)} in 2024?",
        value(round(sum(A(v, "total_cost") for v in inc(c, "HELD_AT") if A(v, "visit_date") >= "2024"), 2))))

    def avg_premium(i):
        ps = [b.edge(p, i, "INSURED_BY")["monthly_premium"] for p in inc(i, "INSURED_BY")]
        return (f"average monthly premium of the policies held with {N(i)}", value(round(sum(ps) / len(ps), 2)))

    b.first("aggregate", 1, ["ins-2"] + b.shuffled("Insurer"), avg_premium)
    b.add("aggregate", "How many exam rooms are there across all clinics combined?",
          value(sum(A(c, "exam_rooms") for c in clinics)), 0)
    surg = [A(v, "years_experience") for v in vets if A(v, "specialty") == "Surgery"]
    b.add("aggregate", "What is the mean years of experience among the surgeons?",
          value(round(sum(surg) / len(surg), 2)), 0)

    # ---- edge_property
    insured = [p for p in b.shuffled("Pet") if out(p, "INSURED_BY")]
    b.first("edge_property", 1, insured, lambda p: (
        f"How much is {N(p)}'s monthly premium with {N(out(p, 'INSURED_BY')[0])}?",
        value(b.edge(p, out(p, "INSURED_BY")[0], "INSURED_BY")["monthly_premium"])))
    b.first("edge_property", 1, b.shuffled("Pet"), lambda p: (
        f"When did {N(inc(p, 'OWNS')[0])} take ownership of {N(p)}?",
        value(b.edge(inc(p, "OWNS")[0], p, "OWNS")["since"])))
    works = [(v, c) for v in b.shuffled("Vet") for c in out(v, "WORKS_AT")]
    b.first("edge_property", 1, works, lambda vc: (
        f"What role does {dr(vc[0])} hold at {N(vc[1])}?", value(b.edge(vc[0], vc[1], "WORKS_AT")["role"])))
    refs = [(u, v) for u in b.shuffled("Vet") for v in out(u, "REFERRED_TO")]
    b.first("edge_property", 1, refs, lambda uv: (
        f"How many cases has {dr(uv[0])} referred to {dr(uv[1])}?",
        count(b.edge(uv[0], uv[1], "REFERRED_TO")["cases"])))
    vacc = [(p, v) for p in b.shuffled("Pet") for v in out(p, "VACCINATED_WITH")]
    b.first("edge_property", 1, vacc, lambda pv: (
        f"On what date was {N(pv[0])} given the {N(pv[1])} vaccine?",
        value(b.edge(pv[0], pv[1], "VACCINATED_WITH")["given_on"])))
    b.add("edge_property", "How many vaccinations caused an adverse reaction?",
          count(sum(d.get("adverse_reaction") is True for _, _, d in g.edges(data=True))), 1)
    b.first("edge_property", 1, b.shuffled("Clinic"), lambda c: (
        f"How many of the vets at {N(c)} work there part-time?",
        count(sum(not b.edge(v, c, "WORKS_AT")["full_time"] for v in inc(c, "WORKS_AT")))))

    # ---- yes_no (yes, no, yes, no, ...)
    b.first("yes_no", 1, insured[3:], lambda p: (f"Does {N(inc(p, 'OWNS')[0])} own {N(p)}?", {"type": "bool",
                                                                                        "value": True}))
    b.first("yes_no", 0, [p for p in b.shuffled("Pet") if not A(p, "neutered")], lambda p: (
        f"is {N(p)} neutered", {"type": "bool", "value": False}))
    b.first("yes_no", 1, refs[5:], lambda uv: (
        f"Has {dr(uv[0])} ever referred a case to {dr(uv[1])}?", {"type": "bool", "value": True}))
    nostock = [(c, m) for c in b.shuffled("Clinic") for m in meds if m not in out(c, "STOCKS")]
    b.first("yes_no", 1, nostock[3:], lambda cm: (
        f"Does {N(cm[0])} stock {N(cm[1])}?", {"type": "bool", "value": False}))
    b.first("yes_no", 1, insured[7:], lambda p: (
        f"Is {N(p)} covered by {N(out(p, 'INSURED_BY')[0])}?", {"type": "bool", "value": True}))
    b.first("yes_no", 0, [c for c in b.shuffled("Clinic") if not A(c, "emergency_24h")], lambda c: (
        f"Does {N(c)} have a 24-hour emergency service?", {"type": "bool", "value": False}))
    b.first("yes_no", 1, vacc[11:], lambda pv: (
        f"Has {N(pv[0])} had the {N(pv[1])} jab?", {"type": "bool", "value": True}))
    notwork = [(v, c) for v in b.shuffled("Vet") for c in clinics if c not in out(v, "WORKS_AT")]
    b.first("yes_no", 1, notwork, lambda vc: (
        f"does {dr(vc[0])} work at {N(vc[1])}", {"type": "bool", "value": False}))

    # ---- portfolio
    def neighbours(n):
        return set(g.successors(n)) | set(g.predecessors(n))

    b.first("portfolio", 1, multi_owners[20:], lambda o: (f"Tell me everything about {N(o)}.", b.sset(neighbours(o))))
    b.first("portfolio", 1, [p for p in b.shuffled("Pet") if out(p, "INSURED_BY") and out(p, "HAD_VISIT")],
            lambda p: (f"What do we know about {N(p)}?", b.sset(neighbours(p))))
    b.first("portfolio", 1, b.shuffled("Vet"), lambda v: (f"Give me the full picture on {dr(v)}",
                                                        b.sset(neighbours(v))))

    # ---- unknown
    for text, made_up in (
        ("Who owns the pet called Mr Pickles Featherstonehaugh?", "Mr Pickles Featherstonehaugh"),
        ("Which clinic does Dr. Ingrid Vantablack work at?", "Ingrid Vantablack"),
        ("What's the average monthly premium with Quokka Mutual Pet Cover", "Quokka Mutual Pet Cover"),
        ("how many visits happened at Saltmarsh Veterinary Hospital", "Saltmarsh Veterinary Hospital"),
    ):
        assert not any(made_up.lower() in d["display"].lower() for _, d in g.nodes(data=True))
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global
    b.add("global", "How many different kinds of entity are in the graph?", count(len(labels)), 0)
    b.add("global", "How many relationship types does the schema have?",
          count(len({k for _, _, k in g.edges(keys=True)})), 0)
    top = labels.most_common(2)
    assert top[0][1] > top[1][1]
    b.add("global", "Which type of node is the most numerous?", value(top[0][0]), 0)
    return b.items


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__)
        return 2
    out_dir = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out_dir / "vet_csv"
    if (graph / "vet_csv").is_dir():
        graph = graph / "vet_csv"
    items = build(load(graph))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for item in items:
            fh.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{len(items)} questions -> {out_dir / 'holdout.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
