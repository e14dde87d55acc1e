"""Hold-out questions over the byog51 zoo graph.

Usage: python tests/byog51/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/zoo.graphml). Deterministic: candidates are taken
in a fixed shuffled order and the first one meeting the constraints (set size 1-12, no ties, non-zero counts,
no gold name or value inside the question) is used.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx


class Z:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.g = g
        self.type = {n: d["labels"].lstrip(":") for n, d in g.nodes(data=True)}
        self.attrs = {n: d for n, d in g.nodes(data=True)}
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str], dict] = {}
        for s, t, d in g.edges(data=True):
            self.out[(s, d["label"])].append(t)
            self.inn[(t, d["label"])].append(s)
            self.eattr[(s, t)] = d
        self.edge_types = sorted({d["label"] for *_, d in g.edges(data=True)})

    def name(self, n: str) -> str:
        a = self.attrs[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def of(self, t: str) -> list[str]:
        return sorted((n for n, x in self.type.items() if x == t), key=lambda s: (s.split("-")[0], int(s.split("-")[1])))

    def o(self, nodes, label):
        return sorted({t for n in nodes for t in self.out[(n, label)]})

    def i(self, nodes, label):
        return sorted({s for n in nodes for s in self.inn[(n, label)]})


def mentions(text: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def main() -> None:
    out_dir = Path(sys.argv[1])
    graph_path = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "zoo.graphml"
    z = Z(graph_path)
    rng = random.Random(5151)
    qs: list[dict] = []

    def shuffled(t: str) -> list[str]:
        xs = z.of(t)
        rng.shuffle(xs)
        return xs

    def sgold(ids):
        ids = sorted(ids, key=lambda s: (s.split("-")[0], int(s.split("-")[1])))
        return {"type": "set", "ids": ids, "names": [z.name(i) for i in ids]}

    def ok(text: str, gold: dict) -> bool:
        if gold["type"] == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(mentions(text, n) for n in gold["names"])
        if gold["type"] == "count":
            v = gold["value"]
            return v > 0 and not re.search(r"(?<![\w.])" + str(v) + r"(?![\w.])", text)
        if gold["type"] == "value":
            return not mentions(text, str(gold["value"]))
        return True

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        assert ok(text, gold), (text, gold)
        qs.append({"id": f"byog51-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def first(kind: str, hops: int, cands, make) -> None:
        """make(c) -> (text, gold) or None; the first acceptable candidate is used."""
        for c in cands:
            r = make(c)
            if r and ok(*r):
                add(kind, r[0], r[1], hops)
                return
        raise SystemExit(f"no candidate for a {kind} question")

    def unique_max(items, key):
        """The one item with the strictly largest key, or None on a tie / empty."""
        items = list(items)
        if not items:
            return None
        scored = sorted(items, key=key, reverse=True)
        if len(scored) > 1 and key(scored[0]) == key(scored[1]):
            return None
        return scored[0]

    animals, species, encs = z.of("Animal"), z.of("Species"), z.of("Enclosure")
    keepers, vets, sponsors = z.of("Keeper"), z.of("Veterinarian"), z.of("Sponsor")
    sups, progs, checks = z.of("FeedSupplier"), z.of("BreedingProgramme"), z.of("Checkup")
    A, N = z.attrs, z.name

    # ---- count (5)
    add("count", "How many animals are there in the zoo?", {"type": "count", "value": len(animals)}, 0)
    add("count", "how many keepers does the zoo employ", {"type": "count", "value": len(keepers)}, 0)
    add("count", "Total number of veterinary checkups on record?", {"type": "count", "value": len(checks)}, 0)
    first("count", 1, shuffled("Sponsor"), lambda s: (
        f"How many animals does {N(s)} sponsor?", {"type": "count", "value": len(z.out[(s, "SPONSORS")])})
        if len(z.out[(s, "SPONSORS")]) >= 3 else None)
    first("count", 1, shuffled("Enclosure"), lambda e: (
        f"How many residents does {N(e)} have?", {"type": "count", "value": len(z.inn[(e, "HOUSED_IN")])}))

    # ---- filtered_count (10)
    def fc(text, ids):
        add("filtered_count", text, {"type": "count", "value": len(ids)}, 0 if "{" not in text else 1)

    fc("How many enclosures are indoors?", [e for e in encs if A[e]["indoor"]])
    fc("how many species are listed as Critically Endangered",
       [s for s in species if A[s]["conservation_status"] == "Critically Endangered"])
    fc("How many checkups ended with a critical outcome?", [c for c in checks if A[c]["outcome"] == "critical"])
    fc("How many keepers have more than 20 years of experience?",
       [k for k in keepers if A[k]["years_experience"] > 20])
    first("filtered_count", 1, shuffled("Species"), lambda s: (
        f"How many of our {N(s)} animals are female?",
        {"type": "count", "value": len([a for a in z.inn[(s, "BELONGS_TO")] if A[a]["sex"] == "female"])}))
    fc("Number of animals currently out on loan?", [a for a in animals if A[a]["on_loan"]])
    fc("how many of our vets are board-certified?", [v for v in vets if A[v]["board_certified"]])
    fc("How many sponsors sit in the platinum tier?", [s for s in sponsors if A[s]["tier"] == "platinum"])
    fc("How many checkups during 2023 flagged the need for a follow-up?",
       [c for c in checks if A[c]["checkup_date"].startswith("2023-") and A[c]["follow_up"]])
    first("filtered_count", 1, shuffled("Enclosure"), lambda e: (
        f"In {N(e)}, how many animals weigh more than 100 kg?",
        {"type": "count", "value": len([a for a in z.inn[(e, "HOUSED_IN")] if A[a]["weight_kg"] > 100])}))

    # ---- list (7)
    first("list", 1, shuffled("FeedSupplier"), lambda s: (
        f"Which diets does {N(s)} supply?", sgold(z.inn[(s, "SUPPLIED_BY")])) if len(z.inn[(s, "SUPPLIED_BY")]) >= 2
        else None)
    first("list", 1, shuffled("BreedingProgramme"), lambda p: (
        f"which species is the {N(p)} programme working to breed?", sgold(z.out[(p, "TARGETS")]))
        if len(z.out[(p, "TARGETS")]) >= 2 else None)
    first("list", 1, shuffled("Sponsor"), lambda s: (
        f"List the animals sponsored by {N(s)}.", sgold(z.out[(s, "SPONSORS")])) if len(z.out[(s, "SPONSORS")]) >= 2
        else None)
    first("list", 1, shuffled("Enclosure"), lambda e: (
        f"Who are the keepers assigned to {N(e)}?", sgold(z.inn[(e, "ASSIGNED_TO")]))
        if len(z.inn[(e, "ASSIGNED_TO")]) >= 2 else None)
    first("list", 1, shuffled("Species"), lambda s: (
        f"show me every {N(s)} that is currently out on loan",
        sgold([a for a in z.inn[(s, "BELONGS_TO")] if A[a]["on_loan"]])))
    first("list", 1, shuffled("BreedingProgramme"), lambda p: (
        f"Give me the animals taking part in {N(p)}", sgold(z.inn[(p, "ENROLLED_IN")]))
        if len(z.inn[(p, "ENROLLED_IN")]) >= 2 else None)
    first("list", 0, ["Canada", "Netherlands", "Norway", "Australia", "USA"], lambda c: (
        f"Which certified-organic feed suppliers are based in {c}?",
        sgold([s for s in sups if A[s]["country"] == c and A[s]["certified_organic"]])))

    # ---- multihop (14)
    def mentor_of(k):
        m = z.inn[(k, "MENTORS")]
        return m[0] if m else None

    first("multihop", 2, shuffled("Keeper"), lambda k: (
        f"Which enclosures are the keepers mentored by {N(k)} assigned to?",
        sgold(z.o(z.out[(k, "MENTORS")], "ASSIGNED_TO"))))
    first("multihop", 2, shuffled("Keeper"), lambda k: (
        f"where does {N(k)}'s mentor work?", sgold(z.out[(mentor_of(k), "ASSIGNED_TO")])) if mentor_of(k) else None)
    first("multihop", 3, shuffled("Keeper"), lambda k: (
        f"What species are looked after by the person who mentored {N(k)}?",
        sgold(z.o(z.out[(mentor_of(k), "CARES_FOR")], "BELONGS_TO"))) if mentor_of(k) else None)
    first("multihop", 4, shuffled("Keeper"), lambda k: (
        f"Which feed suppliers provide the diets eaten by animals cared for by keepers that {N(k)} mentors?",
        sgold(z.o(z.o(z.o(z.out[(k, "MENTORS")], "CARES_FOR"), "EATS"), "SUPPLIED_BY"))))
    first("multihop", 4, shuffled("Veterinarian"), lambda v: (
        f"Which breeding programmes target a species that {N(v)} has examined?",
        sgold(z.i(z.o(z.i(z.out[(v, "PERFORMED")], "HAD_CHECKUP"), "BELONGS_TO"), "TARGETS"))))
    first("multihop", 4, shuffled("Sponsor"), lambda s: (
        f"who mentors the keepers assigned to enclosures that house animals {N(s)} sponsors",
        sgold(z.i(z.i(z.o(z.out[(s, "SPONSORS")], "HOUSED_IN"), "ASSIGNED_TO"), "MENTORS"))))
    first("multihop", 2, shuffled("Enclosure"), lambda e: (
        f"Which species can visitors see in {N(e)}?", sgold(z.o(z.inn[(e, "HOUSED_IN")], "BELONGS_TO")))
        if len(z.o(z.inn[(e, "HOUSED_IN")], "BELONGS_TO")) >= 2 else None)
    first("multihop", 3, shuffled("FeedSupplier"), lambda s: (
        f"Which enclosures house animals whose diet comes from {N(s)}?",
        sgold(z.o(z.i(z.inn[(s, "SUPPLIED_BY")], "EATS"), "HOUSED_IN"))))
    first("multihop", 2, shuffled("Species"), lambda s: (
        f"who sponsors our {N(s)} animals?", sgold(z.i(z.inn[(s, "BELONGS_TO")], "SPONSORS"))))
    first("multihop", 2, shuffled("BreedingProgramme"), lambda p: (
        f"In which enclosures do the animals enrolled in {N(p)} live?",
        sgold(z.o(z.inn[(p, "ENROLLED_IN")], "HOUSED_IN"))))
    first("multihop", 2, shuffled("Animal"), lambda a: (
        f"Who mentored the keepers of {N(a)}?", sgold(z.i(z.inn[(a, "CARES_FOR")], "MENTORS"))))
    first("multihop", 2, shuffled("Animal"), lambda a: (
        f"which vets have examined {N(a)}", sgold(z.i(z.out[(a, "HAD_CHECKUP")], "PERFORMED")))
        if len(z.i(z.out[(a, "HAD_CHECKUP")], "PERFORMED")) >= 2 else None)
    first("multihop", 2, shuffled("Enclosure"), lambda e: (
        f"List everyone who has been mentored by a keeper assigned to {N(e)}.",
        sgold(z.o(z.inn[(e, "ASSIGNED_TO")], "MENTORS"))))
    first("multihop", 2, shuffled("Diet"), lambda d: (
        f"Which species get fed the {N(d)}?", sgold(z.o(z.inn[(d, "EATS")], "BELONGS_TO"))))

    # ---- superlative (10)
    def sup1(kind_hops, cands, text_fn, key, pool_fn):
        def make(c):
            best = unique_max(pool_fn(c), key)
            return (text_fn(c), sgold([best])) if best else None
        first("superlative", kind_hops, cands, make)

    sup1(1, shuffled("Species"), lambda s: f"Which {N(s)} is the heaviest?", lambda a: A[a]["weight_kg"],
         lambda s: z.inn[(s, "BELONGS_TO")] if len(z.inn[(s, "BELONGS_TO")]) >= 3 else [])
    sup1(0, [0], lambda _: "What's the biggest enclosure by area?", lambda e: A[e]["area_sqm"], lambda _: encs)
    sup1(0, [0], lambda _: "which keeper earns the highest hourly rate", lambda k: A[k]["hourly_rate"],
         lambda _: keepers)
    sup1(1, [0], lambda _: "Which enclosure holds the most animals?", lambda e: len(z.inn[(e, "HOUSED_IN")]),
         lambda _: encs)
    sup1(1, [0], lambda _: "Which sponsor backs the largest number of animals?",
         lambda s: len(z.out[(s, "SPONSORS")]), lambda _: sponsors)
    sup1(1, [0], lambda _: "Who is the vet who has carried out the most checkups?",
         lambda v: len(z.out[(v, "PERFORMED")]), lambda _: vets)
    sup1(1, [0], lambda _: "Which sponsor contributes the most money per year across all of its sponsorships?",
         lambda s: round(sum(z.eattr[(s, a)]["annual_amount"] for a in z.out[(s, "SPONSORS")]), 2),
         lambda _: sponsors)
    sup1(2, shuffled("Enclosure"), lambda e: f"Who is the heaviest resident of {N(e)}?",
         lambda a: A[a]["weight_kg"], lambda e: z.inn[(e, "HOUSED_IN")])
    sup1(2, shuffled("Keeper"), lambda k: f"Of the animals {N(k)} cares for, which one is the oldest?",
         lambda a: -int(A[a]["birth_date"].replace("-", "")), lambda k: z.out[(k, "CARES_FOR")])
    sup1(1, [0], lambda _: "Which species has the most individuals in the collection?",
         lambda s: len(z.inn[(s, "BELONGS_TO")]), lambda _: species)

    # ---- aggregate (5)
    first("aggregate", 1, shuffled("Animal"), lambda a: (
        f"What is the total annual sponsorship that {N(a)} receives?",
        {"type": "value", "value": round(sum(z.eattr[(s, a)]["annual_amount"] for s in z.inn[(a, "SPONSORS")]), 2)})
        if len(z.inn[(a, "SPONSORS")]) >= 2 else None)
    first("aggregate", 1, shuffled("Species"), lambda s: (
        f"what's the average weight of our {N(s)} individuals, in kg",
        {"type": "value", "value": round(sum(A[a]["weight_kg"] for a in z.inn[(s, "BELONGS_TO")]) /
                                         len(z.inn[(s, "BELONGS_TO")]), 2)})
        if len(z.inn[(s, "BELONGS_TO")]) >= 3 else None)
    ind = [A[e]["area_sqm"] for e in encs if A[e]["indoor"]]
    add("aggregate", "Average floor area of the indoor enclosures (square metres)?",
        {"type": "value", "value": round(sum(ind) / len(ind), 2)}, 0)
    first("aggregate", 1, shuffled("Keeper"), lambda k: (
        f"How many hours a week does {N(k)} spend on animal care in total?",
        {"type": "value", "value": sum(z.eattr[(k, a)]["hours_per_week"] for a in z.out[(k, "CARES_FOR")])})
        if len(z.out[(k, "CARES_FOR")]) >= 3 else None)
    add("aggregate", "What is the combined budget of all active breeding programmes?",
        {"type": "value", "value": round(sum(A[p]["budget_usd"] for p in progs if A[p]["status"] == "active"), 2)}, 0)

    # ---- edge_property (7)
    pairs_sp = sorted(((s, a) for (s, a), d in z.eattr.items() if d["label"] == "SPONSORS"), key=str)
    rng.shuffle(pairs_sp)
    first("edge_property", 1, pairs_sp, lambda p: (
        f"How much does {N(p[0])} give {N(p[1])} each year?",
        {"type": "value", "value": z.eattr[p]["annual_amount"]}))
    first("edge_property", 1, shuffled("Animal"), lambda a: (
        f"When did {N(a)} move into {N(z.out[(a, 'HOUSED_IN')][0])}?",
        {"type": "value", "value": z.eattr[(a, z.out[(a, 'HOUSED_IN')][0])]["moved_in"]}))
    pairs_cf = sorted(((k, a) for (k, a), d in z.eattr.items() if d["label"] == "CARES_FOR"), key=str)
    rng.shuffle(pairs_cf)
    first("edge_property", 1, pairs_cf, lambda p: (
        f"what shift does {N(p[0])} work when looking after {N(p[1])}?", {"type": "value", "value": z.eattr[p]["shift"]}))
    pairs_su = sorted(((d, s) for (d, s), x in z.eattr.items() if x["label"] == "SUPPLIED_BY"), key=str)
    rng.shuffle(pairs_su)
    first("edge_property", 1, pairs_su, lambda p: (
        f"What price per kilo does {N(p[1])} charge for {N(p[0])}?",
        {"type": "value", "value": z.eattr[p]["price_per_kg"]}))
    add("edge_property", "How many sponsorships have been renewed?",
        {"type": "count", "value": sum(1 for p in pairs_sp if z.eattr[p]["renewed"])}, 1)
    add("edge_property", "how many animal-care assignments fall on the night shift",
        {"type": "count", "value": sum(1 for p in pairs_cf if z.eattr[p]["shift"] == "night")}, 1)
    pairs_ea = sorted(((a, d) for (a, d), x in z.eattr.items() if x["label"] == "EATS"), key=str)
    rng.shuffle(pairs_ea)
    first("edge_property", 1, pairs_ea, lambda p: (
        f"How many grams of {N(p[1])} does {N(p[0])} get per day?",
        {"type": "value", "value": z.eattr[p]["daily_grams"]}))

    # ---- yes_no (8)
    def yn(text, value, hops):
        add("yes_no", text, {"type": "bool", "value": value}, hops)

    k, a = pairs_cf[5]
    yn(f"Does {N(k)} look after {N(a)}?", True, 1)
    other = next(b for b in shuffled("Animal") if not z.g.has_edge(k, b))
    yn(f"is {N(other)} one of the animals {N(k)} cares for?", False, 1)
    e_in = next(e for e in shuffled("Enclosure") if A[e]["indoor"])
    e_out = next(e for e in shuffled("Enclosure") if not A[e]["indoor"])
    yn(f"Is {N(e_in)} an indoor enclosure?", True, 0)
    yn(f"Is {N(e_out)} indoors?", False, 0)
    chk = shuffled("Checkup")[0]
    yn(f"Has {N(z.inn[(chk, 'PERFORMED')][0])} ever examined {N(z.inn[(chk, 'HAD_CHECKUP')][0])}?", True, 2)
    enrolled = {(a2, p) for (a2, p), d in z.eattr.items() if d["label"] == "ENROLLED_IN"}
    a2 = next(x for x in shuffled("Animal") if z.out[(x, "ENROLLED_IN")])
    p_no = next(p for p in shuffled("BreedingProgramme") if (a2, p) not in enrolled)
    yn(f"Is {N(a2)} enrolled in the {N(p_no)} breeding programme?", False, 1)
    p_yes = next(p for p in shuffled("BreedingProgramme") if z.out[(p, "TARGETS")])
    yn(f"Does {N(p_yes)} target the {N(z.out[(p_yes, 'TARGETS')][0])}?", True, 1)
    mentee = next(x for x in shuffled("Keeper") if z.inn[(x, "MENTORS")])
    yn(f"Did {N(mentee)} mentor {N(z.inn[(mentee, 'MENTORS')][0])}?", False, 1)

    # ---- portfolio (3)
    def nbrs(n):
        return sorted(set(z.g.successors(n)) | set(z.g.predecessors(n)))

    for t, tmpl in (("Sponsor", "Tell me everything about {}."), ("FeedSupplier", "what do we know about {}?"),
                    ("BreedingProgramme", "Give me an overview of {} and everything it is connected to")):
        first("portfolio", 1, shuffled(t), lambda x, tmpl=tmpl: (tmpl.format(N(x)), sgold(nbrs(x)))
              if len(nbrs(x)) >= 3 else None)

    # ---- unknown (4)
    fake = ["Wilhelmina Sturgeon", "Zorbelwick", "Pink Moorhen", "Crystal Fjord Nutrition"]
    low = [N(n).lower() for n in z.g.nodes]
    for f in fake:
        assert not any(f.lower() in x or x in f.lower() for x in low), f
    for text in (f"How many animals does the keeper {fake[0]} look after?",
                 f"Which enclosure does the animal called {fake[1]} live in?",
                 f"What is the conservation status of the {fake[2]}?",
                 f"which diets does {fake[3]} supply"):
        add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    add("global", "How many different types of entity are in this graph?",
        {"type": "count", "value": len(set(z.type.values()))}, 0)
    add("global", "How many kinds of relationship does the zoo graph have?",
        {"type": "count", "value": len(z.edge_types)}, 0)
    add("global", "how many nodes does the graph contain in total", {"type": "count", "value": z.g.number_of_nodes()}, 0)

    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
