"""Write the byog11 holdout questions with gold computed from the marketplace GraphML alone.

Usage: python tests/byog11/questions.py DIR [GRAPHML]   ->   DIR/holdout.jsonl
GRAPHML defaults to DIR/marketplace.graphml. Reads nothing but the GraphML (networkx.read_graphml).
Subjects are chosen deterministically; a subject is skipped when its gold would be ambiguous (a tie, a display name
shared by two nodes, an empty or oversized answer set).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import networkx as nx


class Ambiguous(Exception):
    """No subject gives an unambiguous gold for this template."""


class Graph:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.by_type: dict[str, list[str]] = {}
        for n, d in self.g.nodes(data=True):
            self.by_type.setdefault(d["labels"].lstrip(":"), []).append(n)
        for v in self.by_type.values():
            v.sort(key=lambda n: (n.split("-")[0], int(n.split("-")[1])))
        self.name_count = Counter(self.name(n) for n in self.g)

    def t(self, n: str) -> str:
        return self.g.nodes[n]["labels"].lstrip(":")

    def a(self, n: str, key: str):
        return self.g.nodes[n].get(key)

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "title" in d:
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def unique(self, n: str) -> bool:
        return self.name_count[self.name(n)] == 1

    def out(self, n: str, label: str) -> list[str]:
        return [m for m in self.g.successors(n) if self.g.edges[n, m]["label"] == label]

    def inn(self, n: str, label: str) -> list[str]:
        return [m for m in self.g.predecessors(n) if self.g.edges[m, n]["label"] == label]

    def e(self, a: str, b: str) -> dict:
        return self.g.edges[a, b]


def set_gold(G: Graph, ids: Iterable[str]) -> dict:
    ids = sorted(set(ids), key=lambda n: (n.split("-")[0], int(n.split("-")[1])))
    return {"type": "set", "ids": ids, "names": [G.name(i) for i in ids]}


def count_gold(n: int) -> dict:
    return {"type": "count", "value": n}


def value_gold(v) -> dict:
    return {"type": "value", "value": v}


def bool_gold(v: bool) -> dict:
    return {"type": "bool", "value": bool(v)}


def good_set(G: Graph, ids: Iterable[str], lo: int = 1, hi: int = 10) -> bool:
    ids = set(ids)
    return lo <= len(ids) <= hi and all(G.unique(i) for i in ids)


def pick(cands: Iterable[str], ok: Callable[[str], bool], rng: random.Random, used: set[str] | None = None) -> str:
    cands = list(cands)
    rng.shuffle(cands)
    for c in cands:
        if (used is None or c not in used) and ok(c):
            if used is not None:
                used.add(c)
            return c
    raise Ambiguous


def argmax_unique(G: Graph, ids: Iterable[str], key: Callable[[str], float], lowest: bool = False) -> str | None:
    """The single best node by ``key``, or None on a tie (or a display name shared by another node)."""
    scored = sorted(((key(i), i) for i in ids), reverse=not lowest)
    if len(scored) < 2 or scored[0][0] == scored[1][0] or not G.unique(scored[0][1]):
        return None
    return scored[0][1]


def build_questions(G: Graph) -> list[dict]:  # noqa: C901 - one flat list of templates reads best
    rng = random.Random(1011)
    qs: list[dict] = []
    used: set[str] = set()
    T = G.by_type
    sellers, products, buyers, orders = T["Seller"], T["Product"], T["Buyer"], T["Order"]
    reviews, warehouses, shipments, categories = T["Review"], T["Warehouse"], T["Shipment"], T["Category"]
    N = G.name

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        qs.append({"kind": kind, "question": question, "gold": gold, "hops": hops})

    def level(c: str) -> str:
        return G.a(c, "level")

    def seller_of(p: str) -> str:
        return G.inn(p, "SELLS")[0]

    def leaf_of(p: str) -> str:
        return G.out(p, "IN_CATEGORY")[0]

    def parent(c: str) -> str:
        return G.out(c, "SUBCATEGORY_OF")[0]

    def order_lines(o: str) -> list[str]:
        return G.out(o, "CONTAINS")

    # ---- count (4)
    add("count", "How many sellers are on the marketplace?", count_gold(len(sellers)), 0)
    add("count", "how many warehouses are there", count_gold(len(warehouses)), 0)
    add("count", "Total number of product reviews?", count_gold(len(reviews)), 0)
    add("count", "How many shipments do we have on record?", count_gold(len(shipments)), 0)

    # ---- filtered_count (8)
    add("filtered_count", "How many sellers are verified?",
        count_gold(sum(1 for s in sellers if G.a(s, "verified"))), 0)
    add("filtered_count", "How many products are priced above $300?",
        count_gold(sum(1 for p in products if G.a(p, "price") > 300)), 0)
    add("filtered_count", "How many orders got cancelled?",
        count_gold(sum(1 for o in orders if G.a(o, "status") == "Cancelled")), 0)
    add("filtered_count", "How many of our buyers have a premium membership?",
        count_gold(sum(1 for b in buyers if G.a(b, "premium"))), 0)
    add("filtered_count", "how many shipments went out express",
        count_gold(sum(1 for s in shipments if G.a(s, "express"))), 0)
    add("filtered_count", "How many Platinum-tier sellers are based in Germany?",
        count_gold(sum(1 for s in sellers if G.a(s, "tier") == "Platinum" and G.a(s, "country") == "Germany")), 0)
    add("filtered_count", "How many reviews gave a product a 1-star rating?",
        count_gold(sum(1 for r in reviews if G.a(r, "stars") == 1)), 0)
    add("filtered_count", "Number of orders placed during 2023?",
        count_gold(sum(1 for o in orders if G.a(o, "order_date").startswith("2023-"))), 0)

    # ---- list (6)
    tx = [w for w in warehouses if G.a(w, "state") == "Texas"]
    add("list", "Which warehouses are in Texas?", set_gold(G, tx), 0)
    by_country = Counter(G.a(s, "country") for s in sellers)
    country = next(c for c, _ in sorted(by_country.items(), key=lambda kv: (kv[1], kv[0]))
                   if good_set(G, [s for s in sellers if G.a(s, "country") == c], 3, 9))
    the = "the " if country.startswith(("United", "Netherlands")) else ""
    add("list", f"List the sellers based in {the}{country}.",
        set_gold(G, [s for s in sellers if G.a(s, "country") == country]), 0)
    s = pick(sellers, lambda s: good_set(G, G.out(s, "SELLS"), 3, 7), rng, used)
    add("list", f"What products does {N(s)} sell?", set_gold(G, G.out(s, "SELLS")), 1)
    mid = pick([c for c in categories if level(c) == "Category"],
               lambda c: good_set(G, G.inn(c, "SUBCATEGORY_OF"), 2, 5), rng, used)
    add("list", f"What are the subcategories of {N(mid)}?", set_gold(G, G.inn(mid, "SUBCATEGORY_OF")), 1)
    cheap_handmade = [p for p in products if G.a(p, "handmade") and G.a(p, "price") < 60]
    if not good_set(G, cheap_handmade, 2, 12):
        raise Ambiguous("handmade list")
    add("list", "Which handmade products cost less than $60?", set_gold(G, cheap_handmade), 0)
    s = pick(sellers, lambda s: good_set(G, G.inn(s, "FOLLOWS"), 2, 6), rng, used)
    add("list", f"who follows {N(s)}?", set_gold(G, G.inn(s, "FOLLOWS")), 1)

    # ---- multihop (12)
    def grandkids(b: str) -> set[str]:
        return {c for k in G.out(b, "REFERRED") for c in G.out(k, "REFERRED")}

    b = pick(buyers, lambda b: G.unique(b) and good_set(G, grandkids(b), 1, 6), rng, used)
    add("multihop", f"Who did the people that {N(b)} referred go on to refer themselves?",
        set_gold(G, grandkids(b)), 2)

    def grandref(b: str) -> set[str]:
        return {c for k in G.inn(b, "REFERRED") for c in G.inn(k, "REFERRED")}

    b = pick(buyers, lambda b: G.unique(b) and good_set(G, grandref(b), 1, 1), rng, used)
    add("multihop", f"Who referred the person who referred {N(b)}?", set_gold(G, grandref(b)), 2)

    leaf = pick([c for c in categories if level(c) == "Subcategory"], lambda c: G.unique(c), rng, used)
    add("multihop", f"What top-level department does the {N(leaf)} category belong to?",
        set_gold(G, [parent(parent(leaf))]), 2)

    def under(c: str) -> set[str]:
        return {p for lf in G.inn(c, "SUBCATEGORY_OF") for p in G.inn(lf, "IN_CATEGORY")}

    mid = pick([c for c in categories if level(c) == "Category"],
               lambda c: G.unique(c) and good_set(G, under(c), 3, 16), rng, used)
    add("multihop", f"Which products are listed anywhere under {N(mid)}?", set_gold(G, under(mid)), 2)

    def shops_in(leaf: str) -> set[str]:
        return {seller_of(p) for p in G.inn(leaf, "IN_CATEGORY")}

    leaf = pick([c for c in categories if level(c) == "Subcategory"],
                lambda c: G.unique(c) and good_set(G, shops_in(c), 3, 8), rng, used)
    add("multihop", f"Which shops sell {N(leaf).lower()}?", set_gold(G, shops_in(leaf)), 2)

    def ship_wh(b: str) -> set[str]:
        return {w for o in G.out(b, "PLACED") for sh in G.out(o, "SHIPPED_IN") for w in G.out(sh, "SHIPPED_FROM")}

    b = pick(buyers, lambda b: G.unique(b) and good_set(G, ship_wh(b), 2, 5), rng, used)
    add("multihop", f"Which warehouses have shipped {N(b)}'s orders?", set_gold(G, ship_wh(b)), 3)

    def customers(s: str, skip: tuple[str, ...] = ()) -> set[str]:
        return {b for p in G.out(s, "SELLS") for o in G.inn(p, "CONTAINS") for b in G.inn(o, "PLACED")
                if G.a(o, "status") not in skip}

    # "bought" must not hinge on whether a cancelled order counts
    s = pick(sellers, lambda s: G.unique(s) and good_set(G, customers(s), 2, 8)
             and customers(s) == customers(s, ("Cancelled",)), rng, used)
    add("multihop", f"Which buyers have bought something from {N(s)}?", set_gold(G, customers(s)), 3)

    def reviewed_cats(b: str) -> set[str]:
        return {leaf_of(p) for r in G.out(b, "WROTE") for p in G.out(r, "REVIEWS")}

    b = pick(buyers, lambda b: G.unique(b) and good_set(G, reviewed_cats(b), 2, 5), rng, used)
    add("multihop", f"what categories are the products {N(b)} reviewed in", set_gold(G, reviewed_cats(b)), 3)

    def depts(s: str) -> set[str]:
        return {parent(parent(leaf_of(p))) for p in G.out(s, "SELLS")}

    s = pick(sellers, lambda s: G.unique(s) and good_set(G, depts(s), 2, 5), rng, used)
    add("multihop", f"Which departments does {N(s)} sell in?", set_gold(G, depts(s)), 4)

    def referee_wh(b: str) -> set[str]:
        return {w for k in G.out(b, "REFERRED") for o in G.out(k, "PLACED") for sh in G.out(o, "SHIPPED_IN")
                for w in G.out(sh, "SHIPPED_FROM")}

    b = pick(buyers, lambda b: G.unique(b) and good_set(G, referee_wh(b), 2, 6), rng, used)
    add("multihop", f"Which fulfillment centers have shipped orders for buyers referred by {N(b)}?",
        set_gold(G, referee_wh(b)), 4)

    def reviewers_referrers(p: str) -> set[str]:
        return {x for r in G.inn(p, "REVIEWS") for b in G.inn(r, "WROTE") for x in G.inn(b, "REFERRED")}

    p = pick(products, lambda p: G.unique(p) and good_set(G, reviewers_referrers(p), 1, 5), rng, used)
    add("multihop", f"Who referred the buyers who reviewed the {N(p)}?", set_gold(G, reviewers_referrers(p)), 3)

    def referrer_follows(b: str) -> set[str]:
        return {s for r in G.inn(b, "REFERRED") for s in G.out(r, "FOLLOWS")}

    b = pick(buyers, lambda b: G.unique(b) and good_set(G, referrer_follows(b), 2, 4), rng, used)
    add("multihop", f"Which sellers does the buyer who referred {N(b)} follow?", set_gold(G, referrer_follows(b)), 2)

    # ---- superlative (8): the first eight templates whose winner is unique
    def spent(b: str, exclude: tuple[str, ...] = ()) -> float:
        return round(sum(G.a(o, "total") for o in G.out(b, "PLACED") if G.a(o, "status") not in exclude), 2)

    def stocked_units(w: str) -> int:
        return sum(G.e(p, w)["units"] for p in G.inn(w, "STOCKED_AT"))

    sup: list[tuple[str, str | None, int]] = [
        ("Which seller has the highest rating?", argmax_unique(G, sellers, lambda s: G.a(s, "rating")), 0),
        ("What's the most expensive product?", argmax_unique(G, products, lambda p: G.a(p, "price")), 0),
        ("Which warehouse has the most floor space?", argmax_unique(G, warehouses, lambda w: G.a(w, "capacity_sqft")),
         0),
        ("Which warehouse is holding the most units of stock?", argmax_unique(G, warehouses, stocked_units), 1),
        ("Which buyer has placed the most orders?", argmax_unique(G, buyers, lambda b: len(G.out(b, "PLACED"))), 1),
        ("Which product has received the most reviews?",
         argmax_unique(G, products, lambda p: len(G.inn(p, "REVIEWS"))), 1),
        ("Which seller lists the largest number of products?",
         argmax_unique(G, sellers, lambda s: len(G.out(s, "SELLS"))), 1),
        ("Whose orders add up to the biggest total value?", (
            lambda w1, w2: w1 if w1 == w2 else None)(argmax_unique(G, buyers, spent),
                                                     argmax_unique(G, buyers, lambda b: spent(
                                                         b, ("Cancelled", "Returned")))), 1),
        ("Which seller has the most followers?", argmax_unique(G, sellers, lambda s: len(G.inn(s, "FOLLOWS"))), 1),
        ("Which buyer has the most loyalty points?", argmax_unique(G, buyers, lambda b: G.a(b, "loyalty_points")), 0),
        ("What is the heaviest product we sell?", argmax_unique(G, products, lambda p: G.a(p, "weight_kg")), 0),
        ("Which is our oldest fulfillment center?", argmax_unique(G, warehouses, lambda w: G.a(w, "opened"), True), 0),
    ]
    n_sup = 0
    for text, winner, hops in sup:
        if winner is not None and n_sup < 8:
            add("superlative", text, set_gold(G, [winner]), hops)
            n_sup += 1
    if n_sup < 8:
        raise Ambiguous("superlatives")

    # ---- aggregate (4)
    add("aggregate", "What's the average product price?",
        value_gold(round(sum(G.a(p, "price") for p in products) / len(products), 2)), 0)
    add("aggregate", "What is the total number of loyalty points held across all buyers?",
        value_gold(sum(G.a(b, "loyalty_points") for b in buyers)), 0)

    def stars(p: str) -> list[int]:
        return [G.a(r, "stars") for r in G.inn(p, "REVIEWS")]

    p = pick(products, lambda p: G.unique(p) and len(stars(p)) >= 3 and len(set(stars(p))) > 1, rng, used)
    add("aggregate", f"What's the average star rating on reviews of the {N(p)}?",
        value_gold(round(sum(stars(p)) / len(stars(p)), 2)), 1)
    b = pick(buyers, lambda b: G.unique(b) and len(G.out(b, "PLACED")) >= 3
             and all(G.a(o, "status") in ("Delivered", "Shipped") for o in G.out(b, "PLACED")), rng, used)
    add("aggregate", f"How much have {N(b)}'s orders come to in total?", value_gold(spent(b)), 1)

    # ---- edge_property (6)
    pw = [(p, w) for p in products for w in G.out(p, "STOCKED_AT")]
    p, w = pick(pw, lambda e: G.unique(e[0]) and G.e(*e)["units"] > 0 and e[0] not in used, rng)
    used.add(p)
    add("edge_property", f"How many units of the {N(p)} are in stock at the {N(w)}?",
        value_gold(G.e(p, w)["units"]), 1)
    refs = [(a, b) for a in buyers for b in G.out(a, "REFERRED")]
    a, b = pick(refs, lambda e: G.unique(e[0]) and G.unique(e[1]) and not used & set(e), rng)
    used.update((a, b))
    add("edge_property", f"When did {N(a)} refer {N(b)}?", value_gold(G.e(a, b)["referred_on"]), 1)
    lines = [(o, p) for o in orders for p in G.out(o, "CONTAINS")]
    o, p = pick(lines, lambda e: G.unique(e[0]) and G.unique(e[1]) and G.e(*e)["quantity"] > 1
                and len(order_lines(e[0])) > 1 and not used & set(e), rng)
    used.update((o, p))
    add("edge_property", f"how many {N(p)} were on order {N(o)}", value_gold(G.e(o, p)["quantity"]), 1)
    o, p = pick(lines, lambda e: G.unique(e[0]) and G.unique(e[1]) and G.e(*e)["unit_price"] != G.a(e[1], "price")
                and not used & set(e), rng)
    used.update((o, p))
    add("edge_property", f"What unit price was charged for the {N(p)} in order {N(o)}?",
        value_gold(G.e(o, p)["unit_price"]), 1)
    sw = [(s, w) for s in sellers for w in G.out(s, "USES_WAREHOUSE")]
    s, w = pick(sw, lambda e: G.unique(e[0]) and e[0] not in used, rng)
    used.add(s)
    add("edge_property", f"Since when has {N(s)} been using the {N(w)}?", value_gold(G.e(s, w)["since"]), 1)
    a, b = pick(refs, lambda e: G.unique(e[0]) and G.unique(e[1]) and not G.e(*e)["bonus_paid"]
                and not used & set(e), rng)
    used.update((a, b))
    add("edge_property", f"Was a referral bonus paid out when {N(a)} referred {N(b)}?",
        bool_gold(G.e(a, b)["bonus_paid"]), 1)

    # ---- yes_no (5)
    s = pick(sellers, lambda s: G.unique(s) and G.a(s, "verified"), rng, used)
    add("yes_no", f"Is {N(s)} a verified seller?", bool_gold(True), 0)
    s = pick(sellers, lambda s: G.unique(s), rng, used)
    p = pick(products, lambda p: G.unique(p) and seller_of(p) != s, rng, used)
    add("yes_no", f"Does {N(s)} sell the {N(p)}?", bool_gold(False), 1)
    a, b = pick(refs, lambda e: G.unique(e[0]) and G.unique(e[1]) and not used & set(e), rng)
    used.update((a, b))
    add("yes_no", f"did {N(a)} refer {N(b)}?", bool_gold(True), 1)
    w = pick(warehouses, lambda w: not G.a(w, "climate_controlled"), rng, used)
    add("yes_no", f"Is the {N(w)} climate controlled?", bool_gold(False), 0)
    rv = [(b, G.out(r, "REVIEWS")[0]) for b in buyers for r in G.out(b, "WROTE")]
    b, p = pick(rv, lambda e: G.unique(e[0]) and G.unique(e[1]) and not used & set(e), rng)
    used.update((b, p))
    add("yes_no", f"Has {N(b)} ever written a review of the {N(p)}?", bool_gold(True), 1)

    # ---- portfolio (3): gold = every direct neighbour, both directions
    def nbrs(n: str) -> set[str]:
        return set(G.g.successors(n)) | set(G.g.predecessors(n))

    s = pick(sellers, lambda s: G.unique(s) and good_set(G, nbrs(s), 4, 9), rng, used)
    add("portfolio", f"Tell me everything about {N(s)}.", set_gold(G, nbrs(s)), 1)
    p = pick(products, lambda p: G.unique(p) and good_set(G, nbrs(p), 4, 9), rng, used)
    add("portfolio", f"Give me the full picture on the {N(p)}.", set_gold(G, nbrs(p)), 1)
    b = pick(buyers, lambda b: G.unique(b) and good_set(G, nbrs(b), 4, 9), rng, used)
    add("portfolio", f"what do we know about {N(b)}", set_gold(G, nbrs(b)), 1)

    # ---- unknown (3): names that do not exist in the graph
    for text, missing in (
        ("What does Moonlit Haberdashery sell?", "Moonlit Haberdashery"),
        ("When did Priscilla Vandermeer become a member?", "Priscilla Vandermeer"),
        ("How much stock is held at the Boise Fulfillment Center?", "Boise Fulfillment Center"),
    ):
        if G.name_count[missing]:
            raise Ambiguous(missing)
        add("unknown", text, {"type": "none"}, 0)

    # ---- global (2)
    add("global", "How many different kinds of entities does this dataset contain?", count_gold(len(T)), 0)
    add("global", "How many records are there in total, across every entity type?", count_gold(G.g.number_of_nodes()),
        0)

    for i, q in enumerate(qs, 1):
        q["id"] = f"byog11-{i:02d}"
    return [{"id": q["id"], "kind": q["kind"], "question": q["question"], "gold": q["gold"], "hops": q["hops"]}
            for q in qs]


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        sys.exit("usage: questions.py DIR [GRAPHML]")
    out_dir = Path(argv[0])
    graphml = Path(argv[1]) if len(argv) > 1 else out_dir / "marketplace.graphml"
    qs = build_questions(Graph(graphml))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    print(f"{path}: {len(qs)} questions")


if __name__ == "__main__":
    main()
