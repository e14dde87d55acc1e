"""Hold-out questions over the byog45 restaurant graph.

Usage: python tests/byog45/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file that graph.py wrote (default: OUT_DIR/restaurants.graphml). Deterministic.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx


class G:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.t = {n: d["labels"].lstrip(":") for n, d in g.nodes(data=True)}
        self.a = {n: dict(d) for n, d in g.nodes(data=True)}
        self.out: dict[str, list] = defaultdict(list)
        self.inn: dict[str, list] = defaultdict(list)
        self.edges = []
        for s, d, e in g.edges(data=True):
            e = dict(e)
            lab = e.pop("label")
            self.edges.append((s, lab, d, e))
            self.out[s].append((lab, d, e))
            self.inn[d].append((lab, s, e))
        self.by_name = {self.name(n): n for n in self.t}

    def name(self, n: str) -> str:
        a = self.a[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def of(self, typ: str) -> list[str]:
        return sorted((n for n, t in self.t.items() if t == typ), key=lambda x: (x.split("-")[0], int(x.split("-")[1])))

    def o(self, n: str, lab: str) -> list[str]:
        return [d for la, d, _ in self.out[n] if la == lab]

    def i(self, n: str, lab: str) -> list[str]:
        return [s for la, s, _ in self.inn[n] if la == lab]

    def e(self, s: str, lab: str, d: str) -> dict | None:
        return next((a for la, x, a in self.out[s] if la == lab and x == d), None)


def _num_in(text: str, v) -> bool:
    s = str(int(v)) if float(v).is_integer() else str(v)
    return re.search(r"(?<![\d.])" + re.escape(s) + r"(?![\d]|\.\d)", text) is not None


def valid(g: G, q: str, gold: dict) -> bool:
    low = q.lower()
    t = gold["type"]
    if t == "set":
        return 1 <= len(gold["ids"]) <= 12 and not any(n.lower() in low for n in gold["names"])
    if t == "count":
        return gold["value"] > 0 and not _num_in(q, gold["value"])
    if t == "value":
        v = gold["value"]
        if isinstance(v, str):
            return v.lower() not in low
        return not _num_in(q, v)
    return True


def sset(g: G, ids) -> dict:
    ids = sorted(set(ids), key=lambda x: (x.split("-")[0], int(x.split("-")[1])))
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def unique_top(g: G, cands, key, low=False):
    vals = sorted(((key(c), c) for c in cands), reverse=not low)
    if len(vals) < 2 or vals[0][0] == vals[1][0]:
        return None
    return vals[0][1]


def build(g: G) -> list[dict]:
    rng = random.Random(4545)
    R, C, K, D = g.of("Restaurant"), g.of("Chef"), g.of("Critic"), g.of("Dish")
    ING, S, INS, RV, M, NB = g.of("Ingredient"), g.of("Supplier"), g.of("Inspection"), g.of("Review"), g.of("Menu"), \
        g.of("Neighbourhood")
    A, nm = g.a, g.name
    qs: list[dict] = []

    def add(kind: str, hops: int, fn, cands=None):
        """fn(subject) -> (question, gold) or None; the first shuffled candidate that yields a valid one."""
        pool = list(cands) if cands is not None else [None]
        rng.shuffle(pool)
        for c in pool:
            r = fn(c)
            if r and valid(g, r[0], r[1]):
                qs.append({"id": f"byog45-{len(qs) + 1:02d}", "kind": kind, "question": r[0], "gold": r[1],
                           "hops": hops})
                return
        raise RuntimeError(f"no subject for a {kind} question #{len(qs) + 1}")

    def cnt(v):
        return {"type": "count", "value": v}

    # ---- count (5)
    add("count", 0, lambda _: ("How many restaurants does the group operate?", cnt(len(R))))
    add("count", 0, lambda _: ("how many chefs and kitchen staff are on the books", cnt(len(C))))
    add("count", 0, lambda _: ("What's the number of suppliers in the graph?", cnt(len(S))))
    add("count", 0, lambda _: ("Total number of critic reviews?", cnt(len(RV))))
    add("count", 0, lambda _: ("How many health inspections have been logged", cnt(len(INS))))

    # ---- filtered_count (10)
    fc = [
        ("How many restaurants have a terrace?", lambda: sum(A[r]["has_terrace"] for r in R)),
        ("how many vegan dishes are there", lambda: sum(A[d]["is_vegan"] for d in D)),
        ("How many inspections scored below 65?", lambda: sum(A[i]["score"] < 65 for i in INS)),
        ("Number of cooks on the pastry station", lambda: sum(A[c]["station"] == "Pastry" for c in C)),
        ("How many of our ingredients are organic?", lambda: sum(A[i]["is_organic"] for i in ING)),
        ("how many desserts are on record?", lambda: sum(A[d]["course"] == "Dessert" for d in D)),
        ("How many Japanese restaurants are there?", lambda: sum(A[r]["cuisine"] == "Japanese" for r in R)),
        ("How many reviews gave a single star?", lambda: sum(A[v]["stars"] == 1 for v in RV)),
        ("How many chefs were hired in 2021 or later?", lambda: sum(A[c]["hired_on"] >= "2021-01-01" for c in C)),
        ("Count the tasting menus.", lambda: sum(A[m]["tasting"] for m in M)),
    ]
    for q, f in fc:
        add("filtered_count", 0, lambda _, q=q, f=f: (q, cnt(f())))

    # ---- list (7)
    add("list", 1, lambda n: (f"Which restaurants are located in {nm(n)}?", sset(g, g.i(n, "LOCATED_IN"))), NB)
    add("list", 1, lambda r: (f"list the kitchen staff working at {nm(r)}", sset(g, g.i(r, "WORKS_AT"))), R)
    add("list", 1, lambda d: (f"What ingredients go into the {nm(d)}?", sset(g, g.o(d, "CONTAINS"))), D)
    add("list", 1, lambda m: (f"Show me the dishes on {nm(m)}", sset(g, g.o(m, "FEATURES"))), M)
    add("list", 1, lambda i: (f"Who supplies {nm(i)}?", sset(g, g.i(i, "SUPPLIES"))),
        [i for i in ING if len(g.i(i, "SUPPLIES")) >= 2])
    add("list", 1, lambda k: (f"Give me every review {nm(k)} has written.", sset(g, g.o(k, "WROTE"))), K)
    add("list", 1, lambda n: (f"which suppliers are based in {nm(n)}", sset(g, g.i(n, "BASED_IN"))), NB)

    # ---- multihop (14)
    def grand_mentor(c):
        m = g.o(c, "TRAINED_BY")
        return m and g.o(m[0], "TRAINED_BY") and (f"Who trained {nm(c)}'s mentor?", sset(g, g.o(m[0], "TRAINED_BY")))

    def grand_trainees(c):
        ids = [t2 for t in g.i(c, "TRAINED_BY") for t2 in g.i(t, "TRAINED_BY")]
        return (f"Which chefs were trained by people that {nm(c)} trained?", sset(g, ids))

    def trainee_rests(c):
        ids = [r for t in g.i(c, "TRAINED_BY") for r in g.o(t, "WORKS_AT")]
        return len(g.i(c, "TRAINED_BY")) >= 2 and (
            f"At which restaurants do the apprentices of {nm(c)} work?", sset(g, ids))

    def mentor_rest(c):
        m = g.o(c, "TRAINED_BY")
        return m and (f"where does the chef who trained {nm(c)} work", sset(g, g.o(m[0], "WORKS_AT")))

    def critic_hoods(k):
        ids = [h for v in g.o(k, "WROTE") for r in g.o(v, "ABOUT") for h in g.o(r, "LOCATED_IN")]
        return (f"In which neighbourhoods are the restaurants that {nm(k)} reviewed?", sset(g, ids))

    def dish_sups(d):
        ids = [s for i in g.o(d, "CONTAINS") for s in g.i(i, "SUPPLIES")]
        return (f"Which suppliers provide ingredients used in {nm(d)}?", sset(g, ids))

    def sup_rests(s):
        ids = {r for i in g.o(s, "SUPPLIES") for d in g.i(i, "CONTAINS") for m in g.i(d, "FEATURES")
               for r in g.i(m, "OFFERS")}
        return (f"How many restaurants have a menu featuring a dish made with an ingredient from {nm(s)}?",
                cnt(len(ids)))

    def rest_sups(r):
        ids = [s for c in g.i(r, "WORKS_AT") for d in g.o(c, "CREATED") for i in g.o(d, "CONTAINS")
               for s in g.i(i, "SUPPLIES")]
        return (f"How many distinct suppliers stock ingredients for dishes created by chefs at {nm(r)}?",
                cnt(len(set(ids))))

    def critic_hood_rests(k):
        ids = {r2 for v in g.o(k, "WROTE") for r in g.o(v, "ABOUT") for h in g.o(r, "LOCATED_IN")
               for r2 in g.i(h, "LOCATED_IN")}
        return (f"List every restaurant located in a neighbourhood where {nm(k)} has reviewed a restaurant.", sset(g, ids))

    def rest_critics(r):
        ids = [k for v in g.i(r, "ABOUT") for k in g.i(v, "WROTE")]
        return (f"Which critics have reviewed {nm(r)}?", sset(g, ids))

    def insp_hood(i):
        ids = [h for r in g.o(i, "ASSESSES") for h in g.o(r, "LOCATED_IN")]
        return (f"{nm(i)} was carried out at a restaurant in which neighbourhood?", sset(g, ids))

    def critic_dishes(k):
        ids = [d for v in g.o(k, "WROTE") for d in g.o(v, "PRAISES")]
        return (f"which dishes got praise in reviews by {nm(k)}", sset(g, ids))

    def hood_chefs(h):
        ids = [c for r in g.i(h, "LOCATED_IN") for c in g.i(r, "WORKS_AT")]
        return (f"How many chefs work at restaurants in {nm(h)}?", cnt(len(set(ids))))

    def menu_creators(m):
        ids = [c for d in g.o(m, "FEATURES") for c in g.i(d, "CREATED")]
        return (f"Who created the dishes on {nm(m)}?", sset(g, ids))

    add("multihop", 2, grand_mentor, C)
    add("multihop", 2, grand_trainees, C)
    add("multihop", 2, trainee_rests, C)
    add("multihop", 2, mentor_rest, C)
    add("multihop", 3, critic_hoods, K)
    add("multihop", 2, dish_sups, D)
    add("multihop", 4, sup_rests, S)
    add("multihop", 4, rest_sups, R)
    add("multihop", 4, critic_hood_rests, K)
    add("multihop", 2, rest_critics, R)
    add("multihop", 2, insp_hood, INS)
    add("multihop", 2, critic_dishes, K)
    add("multihop", 2, hood_chefs, NB)
    add("multihop", 2, menu_creators, M)

    # ---- superlative (10)
    def top(q, cands, key, lowest=False):
        w = unique_top(g, cands, key, lowest)
        return w and (q, sset(g, [w]))

    add("superlative", 0, lambda _: top("Which restaurant has the most seats?", R, lambda r: A[r]["seats"]))
    add("superlative", 0, lambda _: top("what's our priciest dish", D, lambda d: A[d]["price"]))
    add("superlative", 0, lambda _: top("Which supplier has the lowest reliability score?", S,
                                        lambda s: A[s]["reliability"], True))
    add("superlative", 1, lambda _: top("Who has trained the most chefs?", C, lambda c: len(g.i(c, "TRAINED_BY"))))
    add("superlative", 1, lambda _: top("Which restaurant has received the most critic reviews?", R,
                                        lambda r: len(g.i(r, "ABOUT"))))
    add("superlative", 1, lambda _: top("Which ingredient is used in the largest number of dishes?", ING,
                                        lambda i: len(g.i(i, "CONTAINS"))))
    add("superlative", 1, lambda _: top("Which critic has written the most words across all their reviews?", K,
                                        lambda k: sum(A[v]["word_count"] for v in g.o(k, "WROTE"))))
    add("superlative", 1, lambda _: top("which dish uses the most grams of ingredients in total?", D,
                                        lambda d: sum(e["grams"] for la, _, e in g.out[d] if la == "CONTAINS")))
    add("superlative", 1, lambda r: top(f"Among the chefs at {nm(r)}, who earns the highest salary?",
                                        g.i(r, "WORKS_AT"), lambda c: A[c]["salary"]), R)
    add("superlative", 1, lambda m: top(f"Of the dishes on {nm(m)}, which one has the fewest calories?",
                                        g.o(m, "FEATURES"), lambda d: A[d]["calories"], True), M)

    # ---- aggregate (5)
    def val(v):
        return {"type": "value", "value": v}

    def avg(xs):
        return round(sum(xs) / len(xs), 2) if xs else None

    add("aggregate", 0, lambda _: ("What's the total seating capacity across all restaurants?",
                                   val(sum(A[r]["seats"] for r in R))))
    add("aggregate", 1, lambda r: len(g.i(r, "ASSESSES")) >= 3 and (
        f"What is the average inspection score for {nm(r)}?", val(avg([A[i]["score"] for i in g.i(r, "ASSESSES")]))), R)
    add("aggregate", 1, lambda m: (f"average price of the dishes on {nm(m)}",
                                   val(avg([A[d]["price"] for d in g.o(m, "FEATURES")]))), M)
    add("aggregate", 1, lambda r: (f"What is the combined salary bill of the chefs employed at {nm(r)}?",
                                   val(sum(A[c]["salary"] for c in g.i(r, "WORKS_AT")))), R)
    add("aggregate", 1, lambda r: len(g.i(r, "ABOUT")) >= 4 and (
        f"What's {nm(r)}'s mean star rating from critics?", val(avg([A[v]["stars"] for v in g.i(r, "ABOUT")]))), R)

    # ---- edge_property (7)
    works = [(s, d, e) for s, la, d, e in g.edges if la == "WORKS_AT"]
    contains = [(s, d, e) for s, la, d, e in g.edges if la == "CONTAINS"]
    supplies = [(s, d, e) for s, la, d, e in g.edges if la == "SUPPLIES"]
    add("edge_property", 1, lambda x: (f"When did {nm(x[0])} start working at {nm(x[1])}?",
                                       val(x[2]["start_date"])), works)
    add("edge_property", 1, lambda x: (f"how many hours a week does {nm(x[0])} put in at {nm(x[1])}",
                                       val(x[2]["hours_per_week"])), works)
    add("edge_property", 1, lambda x: (f"How many grams of {nm(x[1])} go into the {nm(x[0])}?",
                                       val(x[2]["grams"])), contains)
    add("edge_property", 1, lambda x: (f"What price per kilo does {nm(x[0])} charge for {nm(x[1])}?",
                                       val(x[2]["price_per_kg"])), supplies)
    add("edge_property", 1, lambda x: (f"Which tier is the contract under which {nm(x[0])} supplies {nm(x[1])}?",
                                       val(x[2]["tier"])), supplies)
    add("edge_property", 1, lambda _: ("How many supply contracts are exclusive?",
                                       cnt(sum(e["exclusive"] for *_, e in supplies))))
    add("edge_property", 1, lambda _: ("how many dish listings on menus are marked as specials",
                                       cnt(sum(e["special"] for s, la, d, e in g.edges if la == "FEATURES"))))

    # ---- yes_no (8: 4 yes, 4 no)
    def yn(v):
        return {"type": "bool", "value": v}

    add("yes_no", 1, lambda x: (f"Does {nm(x[0])} work at {nm(x[1])}?", yn(True)), works)
    add("yes_no", 1, lambda c: (f"Is {nm(c)} on the kitchen team at {nm(R[(R.index(g.o(c, 'WORKS_AT')[0]) + 7) % len(R)])}?",
                                yn(False)), C)
    trained = [(s, d) for s, la, d, _ in g.edges if la == "TRAINED_BY"]
    add("yes_no", 1, lambda x: (f"Was {nm(x[0])} trained by {nm(x[1])}?", yn(True)), trained)
    add("yes_no", 1, lambda x: not g.e(x[1], "TRAINED_BY", x[0]) and (
        f"was {nm(x[1])} trained by {nm(x[0])}", yn(False)), trained)
    add("yes_no", 1, lambda r: (f"Is {nm(r)} in {nm(g.o(r, 'LOCATED_IN')[0])}?", yn(True)), R)
    add("yes_no", 1, lambda x: x[1] not in g.o(x[0], "CONTAINS") and (
        f"Does the {nm(x[0])} contain {nm(x[1])}?", yn(False)), [(d, ING[k % len(ING)]) for k, d in enumerate(D)])
    add("yes_no", 0, lambda d: A[d]["is_vegan"] and (f"Is the {nm(d)} vegan?", yn(True)), D)
    add("yes_no", 0, lambda r: not A[r]["has_terrace"] and (f"does {nm(r)} have a terrace", yn(False)), R)

    # ---- portfolio (3)
    def everything(n, q):
        ids = [d for _, d, _ in g.out[n]] + [s for _, s, _ in g.inn[n]]
        return 3 <= len(set(ids)) <= 12 and (q, sset(g, ids))

    add("portfolio", 1, lambda c: everything(c, f"Tell me everything about {nm(c)}."),
        [c for c in C if g.o(c, "TRAINED_BY") and g.i(c, "TRAINED_BY")])
    add("portfolio", 1, lambda s: everything(s, f"what do we know about {nm(s)}?"), S)
    add("portfolio", 1, lambda m: everything(m, f"Give me the full picture on {nm(m)}"), M)

    # ---- unknown (4)
    add("unknown", 1, lambda _: ("Which chefs work at The Crooked Ladle?", {"type": "none"}))
    add("unknown", 1, lambda _: ("Who supplies Patagonian Truffles?", {"type": "none"}))
    add("unknown", 1, lambda _: ("How many reviews has Marguerite Okonkwo written?", {"type": "none"}))
    add("unknown", 0, lambda _: ("What score did Inspection INS-9137 give?", {"type": "none"}))

    # ---- global (3)
    add("global", 0, lambda _: ("How many different kinds of entity does this graph have?", cnt(len(set(g.t.values())))))
    add("global", 0, lambda _: ("how many relationship types are in the schema",
                                cnt(len({la for _, la, _, _ in g.edges}))))
    add("global", 0, lambda _: ("How many nodes are there in total?", cnt(len(g.t))))
    return qs


MADE_UP = ("the crooked ladle", "patagonian truffles", "marguerite okonkwo", "inspection ins-9137")


def main() -> None:
    out = Path(sys.argv[1])
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else out / "restaurants.graphml"
    qs = build(G(path))
    low = [n.lower() for n in G(path).by_name]
    for fake in MADE_UP:  # made-up names must not exist, nor overlap a real name
        assert not any(re.search(rf"\b{re.escape(n)}\b", fake) or fake in n for n in low), fake
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
