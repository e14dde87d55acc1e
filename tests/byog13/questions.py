"""The byog13 holdout questions, with gold answers computed from the GraphML file alone.

Usage: python tests/byog13/questions.py DIR [GRAPHML]   (writes DIR/holdout.jsonl; GRAPHML defaults to
DIR/realestate.graphml)

Only the GraphML is read (networkx.read_graphml). Subjects are picked by rules over the graph (a fixed
random.Random over sorted candidates), never by id, and every pick is checked for an unambiguous gold: names used
in a question are unique in the whole graph, superlatives have no ties, counts differ from numbers in the question,
and names asked about as unknown do not occur anywhere.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path
from statistics import mean

import networkx as nx


class Graph:
    """Read-only helpers over the GraphML graph."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in self.g.nodes(data=True):
            self.by_type[d["labels"].lstrip(":")].append(n)
        for ids in self.by_type.values():
            ids.sort(key=_id_key)
        self.name_count = Counter(self.name(n) for n in self.g.nodes)
        # every word sequence that occurs in a name, for the unknown-name checks
        self.all_text = " | ".join(sorted(self.name_count)).lower()

    def a(self, n: str, attr: str):
        return self.g.nodes[n].get(attr)

    def type(self, n: str) -> str:
        return self.g.nodes[n]["labels"].lstrip(":")

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
        return sorted((v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label), key=_id_key)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted((u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label), key=_id_key)

    def one_out(self, n: str, label: str) -> str | None:
        xs = self.out(n, label)
        return xs[0] if len(xs) == 1 else None

    def edge(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def gold_set(self, ids) -> dict:
        ids = sorted(set(ids), key=_id_key)
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)), key=_id_key)


def _id_key(i: str):
    head, _, num = i.rpartition("-")
    return (head, int(num)) if num.isdigit() else (i, 0)


def unique_top(items: dict[str, float], highest: bool = True) -> str | None:
    """The single key with the highest (or lowest) value, or None on a tie."""
    if not items:
        return None
    best = max(items.values()) if highest else min(items.values())
    winners = [k for k, v in items.items() if v == best]
    return winners[0] if len(winners) == 1 else None


class Picker:
    """Deterministic subject choice: a fixed RNG over sorted candidates; a subject is not reused."""

    def __init__(self, seed: int = 1313):
        self.rng = random.Random(seed)
        self.used: set[str] = set()

    def __call__(self, candidates, what: str) -> str:
        pool = [c for c in candidates if c not in self.used]
        if not pool:
            raise SystemExit(f"no candidate subject for {what}; the graph does not fit this question set")
        c = self.rng.choice(pool)
        self.used.add(c)
        return c


def _numbers_in(text: str) -> set[float]:
    return {float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}


def build_questions(G: Graph) -> list[dict]:
    g = G.g
    pick = Picker()
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        if gold["type"] == "count":
            assert float(gold["value"]) not in _numbers_in(question), (question, gold)
        if gold["type"] == "set":
            assert gold["ids"], question
        qs.append({"id": f"byog13-{len(qs) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                   "hops": hops})

    T = G.by_type
    cities, hoods, agencies, agents = T["City"], T["Neighbourhood"], T["Agency"], T["Agent"]
    props, listings, buyers, sales = T["Property"], T["Listing"], T["Buyer"], T["Sale"]
    U = G.unique
    N = G.name

    # ---- count ------------------------------------------------------------------------------------------------
    add("count", "How many estate agents are there in total?", {"type": "count", "value": len(agents)}, 0)
    add("count", "how many neighborhoods are covered", {"type": "count", "value": len(hoods)}, 0)
    add("count", "How many sales are on record?", {"type": "count", "value": len(sales)}, 0)
    add("count", "Number of homes in the dataset?", {"type": "count", "value": len(props)}, 0)

    # ---- filtered_count ---------------------------------------------------------------------------------------
    add("filtered_count", "How many properties have a garden?",
        {"type": "count", "value": sum(1 for p in props if G.a(p, "has_garden") is True)}, 0)
    add("filtered_count", "How many bungalows are there?",
        {"type": "count", "value": sum(1 for p in props if G.a(p, "property_type") == "bungalow")}, 0)
    add("filtered_count", "How many listings are currently under offer?",
        {"type": "count", "value": sum(1 for x in listings if G.a(x, "status") == "under offer")}, 0)
    add("filtered_count", "how many first-time buyers do we have?",
        {"type": "count", "value": sum(1 for b in buyers if G.a(b, "first_time_buyer") is True)}, 0)
    add("filtered_count", "How many of the sales were cash purchases?",
        {"type": "count", "value": sum(1 for s in sales if G.a(s, "cash_purchase") is True)}, 0)

    def flats_in(h):
        return [p for p in G.inn(h, "SITUATED_IN") if G.a(p, "property_type") == "flat"]

    h = pick([h for h in hoods if U(h) and 3 <= len(flats_in(h)) <= 9], "flats in a neighbourhood")
    add("filtered_count", f"How many flats are there in {N(h)}?", {"type": "count", "value": len(flats_in(h))}, 1)
    ag = pick([a for a in agencies if U(a) and 5 <= len(G.inn(a, "WORKS_FOR")) <= 12], "agency headcount")
    add("filtered_count", f"How many agents does {N(ag)} employ?",
        {"type": "count", "value": len(G.inn(ag, "WORKS_FOR"))}, 1)
    add("filtered_count", "How many listings went on the market in 2023?",
        {"type": "count", "value": sum(1 for x in listings if G.a(x, "listed_on").startswith("2023-"))}, 0)
    approved = [b for b in buyers if G.a(b, "mortgage_approved") is True]
    assert all(G.a(b, "budget") != 850_000 for b in approved), "'above 850,000' would depend on > or >="
    rich = [b for b in approved if G.a(b, "budget") > 850_000]
    add("filtered_count", "How many buyers with an approved mortgage have a budget above 850,000?",
        {"type": "count", "value": len(rich)}, 0)

    # ---- list -------------------------------------------------------------------------------------------------
    c = pick([c for c in cities if U(c) and 4 <= len(G.inn(c, "LOCATED_IN")) <= 6], "neighbourhoods of a city")
    add("list", f"List the neighbourhoods in {N(c)}.", G.gold_set(G.inn(c, "LOCATED_IN")), 1)
    c = pick([c for c in cities if U(c) and len(G.inn(c, "BASED_IN")) >= 2], "agencies of a city")
    add("list", f"Which agencies are based in {N(c)}?", G.gold_set(G.inn(c, "BASED_IN")), 1)
    ag = pick([a for a in agencies if U(a) and 4 <= len(G.inn(a, "WORKS_FOR")) <= 9], "staff of an agency")
    add("list", f"who works at {N(ag)}", G.gold_set(G.inn(ag, "WORKS_FOR")), 1)

    def cottages_in(h):
        return [p for p in G.inn(h, "SITUATED_IN") if G.a(p, "property_type") == "cottage"]

    h = pick([h for h in hoods if U(h) and 2 <= len(cottages_in(h)) <= 5], "cottages in a neighbourhood")
    add("list", f"Show me the cottages in {N(h)}", G.gold_set(cottages_in(h)), 1)
    add("list", "Which agencies are franchises?", G.gold_set(a for a in agencies if G.a(a, "franchise") is True), 0)
    h = pick([h for h in hoods if U(h) and 5 <= len(G.inn(h, "PREFERS")) <= 12], "buyers preferring a neighbourhood")
    add("list", f"Which buyers are house-hunting in {N(h)}?", G.gold_set(G.inn(h, "PREFERS")), 1)

    # ---- multihop ---------------------------------------------------------------------------------------------
    def mentors_of_staff(a):
        return {m for x in G.inn(a, "WORKS_FOR") for m in G.inn(x, "MENTORS")}

    ag = pick([a for a in agencies if U(a) and 2 <= len(mentors_of_staff(a)) <= 8], "mentors of an agency's staff")
    add("multihop", f"Who mentors the agents at {N(ag)}?", G.gold_set(mentors_of_staff(ag)), 2)

    def mentor_agency(x):
        m = G.inn(x, "MENTORS")
        return G.one_out(m[0], "WORKS_FOR") if len(m) == 1 else None

    x = pick([x for x in agents if U(x) and mentor_agency(x) and mentor_agency(x) != G.one_out(x, "WORKS_FOR")],
             "agency of a mentor")
    add("multihop", f"Which agency does {N(x)}'s mentor work for?", G.gold_set([mentor_agency(x)]), 2)

    def mentee_agencies(m):
        return {G.one_out(y, "WORKS_FOR") for y in G.out(m, "MENTORS")}

    m = pick([m for m in agents if U(m) and len(G.out(m, "MENTORS")) >= 2 and len(mentee_agencies(m)) >= 1],
             "agencies of mentees")
    add("multihop", f"Which agencies employ the people {N(m)} mentors?", G.gold_set(mentee_agencies(m)), 2)

    def grand_mentor(x):
        m = G.inn(x, "MENTORS")
        if len(m) != 1:
            return None
        mm = G.inn(m[0], "MENTORS")
        return mm[0] if len(mm) == 1 else None

    x = pick([x for x in agents if U(x) and grand_mentor(x)], "mentor's mentor")
    add("multihop", f"Who mentored the mentor of {N(x)}?", G.gold_set([grand_mentor(x)]), 2)

    def viewed_cities(b):
        return {G.one_out(G.one_out(G.one_out(x, "FOR_PROPERTY"), "SITUATED_IN"), "LOCATED_IN")
                for x in G.out(b, "VIEWED")}

    b = pick([b for b in buyers if U(b) and 2 <= len(viewed_cities(b)) <= 5], "cities a buyer viewed in")
    add("multihop", f"In which cities has {N(b)} been to viewings?", G.gold_set(viewed_cities(b)), 4)

    def listed_hoods(x):
        return {G.one_out(G.one_out(lst, "FOR_PROPERTY"), "SITUATED_IN") for lst in G.inn(x, "LISTED_BY")}

    x = pick([x for x in agents if U(x) and 2 <= len(listed_hoods(x)) <= 6], "neighbourhoods an agent listed in")
    add("multihop", f"what neighbourhoods are the homes {N(x)} has listed in?", G.gold_set(listed_hoods(x)), 3)

    def buyers_of_agent_listings(x):
        return {G.one_out(s, "BOUGHT_BY") for lst in G.inn(x, "LISTED_BY") for s in G.inn(lst, "OF_LISTING")}

    x = pick([x for x in agents if U(x) and 2 <= len(buyers_of_agent_listings(x)) <= 6], "buyers of listings")
    add("multihop", f"Who bought the properties that {N(x)} listed?", G.gold_set(buyers_of_agent_listings(x)), 3)

    def viewers_of(p):
        return {b for lst in G.inn(p, "FOR_PROPERTY") for b in G.inn(lst, "VIEWED")}

    p = pick([p for p in props if U(p) and 3 <= len(viewers_of(p)) <= 8], "viewers of a property")
    add("multihop", f"Which buyers have viewed {N(p)}?", G.gold_set(viewers_of(p)), 2)

    def buyers_of(p):
        return [G.one_out(s, "BOUGHT_BY") for lst in G.inn(p, "FOR_PROPERTY") for s in G.inn(lst, "OF_LISTING")]

    p = pick([p for p in props if U(p) and len(buyers_of(p)) == 1], "buyer of a property")
    add("multihop", f"Who bought {N(p)}?", G.gold_set(buyers_of(p)), 3)

    def hood_listers(h):
        return {G.one_out(lst, "LISTED_BY") for p in G.inn(h, "SITUATED_IN") for lst in G.inn(p, "FOR_PROPERTY")}

    h = pick([h for h in hoods if U(h) and 3 <= len(hood_listers(h)) <= 8], "agents listing in a neighbourhood")
    add("multihop", f"Which agents have listed property in {N(h)}?", G.gold_set(hood_listers(h)), 3)

    def agent_city(b):
        x = G.one_out(b, "REPRESENTED_BY")
        return G.one_out(G.one_out(x, "WORKS_FOR"), "BASED_IN") if x else None

    b = pick([b for b in buyers if U(b) and agent_city(b)], "city of a buyer's agent's agency")
    add("multihop", f"Which city is {N(b)}'s agent's agency based in?", G.gold_set([agent_city(b)]), 3)

    def hood_agencies(h):
        return {G.one_out(a, "WORKS_FOR") for a in hood_listers(h)}

    h = pick([h for h in hoods if U(h) and 2 <= len(hood_agencies(h)) <= 4], "agencies listing in a neighbourhood")
    add("multihop", f"Which agencies' agents have listed homes in {N(h)}?",
        G.gold_set(hood_agencies(h)), 4)

    def buying_clients(x):
        return [b for b in G.inn(x, "REPRESENTED_BY") if G.inn(b, "BOUGHT_BY")]

    x = pick([x for x in agents if U(x) and 1 <= len(buying_clients(x)) < len(G.inn(x, "REPRESENTED_BY"))],
             "clients who bought")
    add("multihop", f"Which of {N(x)}'s clients have actually bought a home?", G.gold_set(buying_clients(x)), 2)

    # ---- superlative ------------------------------------------------------------------------------------------
    def top_rated(a):
        return unique_top({x: G.a(x, "rating") for x in G.inn(a, "WORKS_FOR")})

    ag = pick([a for a in agencies if U(a) and len(G.inn(a, "WORKS_FOR")) >= 5 and top_rated(a)], "top-rated")
    add("superlative", f"Who is the highest-rated agent at {N(ag)}?", G.gold_set([top_rated(ag)]), 1)

    def biggest(h):
        return unique_top({p: G.a(p, "floor_area_sqm") for p in G.inn(h, "SITUATED_IN")})

    h = pick([h for h in hoods if U(h) and len(G.inn(h, "SITUATED_IN")) >= 6 and biggest(h)], "biggest home")
    add("superlative", f"What's the biggest home in {N(h)} by floor area?", G.gold_set([biggest(h)]), 1)

    oldest = unique_top({a: date.fromisoformat(G.a(a, "founded")).toordinal() for a in agencies}, highest=False)
    assert oldest, "tie for the oldest agency"
    add("superlative", "Which agency has been around the longest?", G.gold_set([oldest]), 0)
    walk = unique_top({h: G.a(h, "walk_score") for h in hoods})
    assert walk, "tie for the best walk score"
    add("superlative", "Which neighbourhood has the best walk score?", G.gold_set([walk]), 0)
    most_listings = unique_top({x: len(G.inn(x, "LISTED_BY")) for x in agents})
    assert most_listings, "tie for most listings"
    add("superlative", "Which agent has the most listings?", G.gold_set([most_listings]), 1)
    most_props = unique_top({h: len(G.inn(h, "SITUATED_IN")) for h in hoods})
    assert most_props, "tie for most properties"
    add("superlative", "which neighbourhood has the most properties", G.gold_set([most_props]), 1)
    most_views = unique_top({b: len(G.out(b, "VIEWED")) for b in buyers if G.a(b, "first_time_buyer") is True})
    assert most_views, "tie for most viewings"
    add("superlative", "Which first-time buyer has been to the most viewings?", G.gold_set([most_views]), 1)
    top_seller = unique_top({a: sum(G.a(s, "price") for x in G.inn(a, "WORKS_FOR") for s in G.inn(x, "HANDLED_BY"))
                             for a in agencies})
    assert top_seller, "tie for total sales value"
    add("superlative", "Which agency's agents have closed the highest total value of sales?",
        G.gold_set([top_seller]), 2)

    # ---- aggregate --------------------------------------------------------------------------------------------
    add("aggregate", "What is the total value of all sales?",
        {"type": "value", "value": sum(G.a(s, "price") for s in sales)}, 0)
    ag = pick([a for a in agencies if U(a) and len(G.inn(a, "WORKS_FOR")) >= 4], "average rating")
    add("aggregate", f"What's the average rating of the agents at {N(ag)}?",
        {"type": "value", "value": round(mean(G.a(x, "rating") for x in G.inn(ag, "WORKS_FOR")), 2)}, 1)
    add("aggregate", "average floor area of a bungalow?",
        {"type": "value",
         "value": round(mean(G.a(p, "floor_area_sqm") for p in props if G.a(p, "property_type") == "bungalow"), 2)},
        0)

    def hood_listings(h):
        return [lst for p in G.inn(h, "SITUATED_IN") for lst in G.inn(p, "FOR_PROPERTY")]

    h = pick([h for h in hoods if U(h) and len(hood_listings(h)) >= 5], "average asking price")
    add("aggregate", f"What is the average asking price of listings in {N(h)}?",
        {"type": "value", "value": round(mean(G.a(x, "asking_price") for x in hood_listings(h)), 2)}, 2)

    # ---- edge_property ----------------------------------------------------------------------------------------
    def sole_listing(p):
        lst = G.inn(p, "FOR_PROPERTY")
        return lst[0] if len(lst) == 1 else None

    p = pick([p for p in props if U(p) and sole_listing(p) and U(G.one_out(sole_listing(p), "LISTED_BY"))],
             "commission")
    lst = sole_listing(p)
    x = G.one_out(lst, "LISTED_BY")
    add("edge_property", f"What commission is {N(x)} charging on the {N(p)} listing?",
        {"type": "value", "value": G.edge(lst, x)["commission_pct"]}, 2)

    p = pick([p for p in props if U(p) and sole_listing(p) and G.inn(sole_listing(p), "VIEWED")], "viewing date")
    lst = sole_listing(p)
    b = G.inn(lst, "VIEWED")[0]
    add("edge_property", f"When did {N(b)} view {N(p)}?", {"type": "value", "value": G.edge(b, lst)["viewed_on"]}, 2)

    p = pick([p for p in props if U(p) and sole_listing(p) and len(G.inn(sole_listing(p), "VIEWED")) >= 2],
             "viewing rating")
    lst = sole_listing(p)
    b = G.inn(lst, "VIEWED")[-1]
    add("edge_property", f"What score did {N(b)} give {N(p)} after the viewing?",
        {"type": "value", "value": G.edge(b, lst)["rating"]}, 2)

    mentees = [y for y in agents if U(y) and len(G.inn(y, "MENTORS")) == 1 and U(G.inn(y, "MENTORS")[0])]
    y = pick(mentees, "mentoring since")
    m = G.inn(y, "MENTORS")[0]
    add("edge_property", f"Since when has {N(m)} been mentoring {N(y)}?",
        {"type": "value", "value": G.edge(m, y)["since"]}, 1)
    x = pick([x for x in agents if U(x) and U(G.one_out(x, "WORKS_FOR"))], "joined agency")
    ag = G.one_out(x, "WORKS_FOR")
    add("edge_property", f"When did {N(x)} join {N(ag)}?", {"type": "value", "value": G.edge(x, ag)["since"]}, 1)

    # ---- yes_no -----------------------------------------------------------------------------------------------
    p = pick([p for p in props if U(p) and G.a(p, "has_garden") is False and G.a(p, "property_type") == "house"],
             "garden")
    add("yes_no", f"Does {N(p)} have a garden?", {"type": "bool", "value": False}, 0)
    ag = pick([a for a in agencies if U(a) and G.a(a, "franchise") is True], "franchise")
    add("yes_no", f"Is {N(ag)} a franchise?", {"type": "bool", "value": True}, 0)
    p = pick([p for p in props if U(p) and len(viewers_of(p)) >= 2], "viewed yes")
    b = sorted(viewers_of(p), key=lambda i: (N(i), i))[0]
    add("yes_no", f"Did {N(b)} go to a viewing at {N(p)}?", {"type": "bool", "value": b in viewers_of(p)}, 2)
    y = pick([y for y in mentees if y not in pick.used], "mentor direction")
    m = G.inn(y, "MENTORS")[0]
    assert not g.has_edge(y, m)
    add("yes_no", f"Does {N(y)} mentor {N(m)}?", {"type": "bool", "value": g.has_edge(y, m)}, 1)
    b = pick([b for b in buyers if U(b) and G.a(b, "first_time_buyer") is False and G.inn(b, "BOUGHT_BY")],
             "first-time buyer")
    add("yes_no", f"is {N(b)} a first-time buyer", {"type": "bool", "value": False}, 0)

    # ---- portfolio --------------------------------------------------------------------------------------------
    ag = pick([a for a in agencies if U(a) and 4 <= len(G.neighbours(a)) <= 10], "agency portfolio")
    add("portfolio", f"Tell me everything about {N(ag)}.", G.gold_set(G.neighbours(ag)), 1)
    h = pick([h for h in hoods if U(h) and 8 <= len(G.neighbours(h)) <= 16], "neighbourhood portfolio")
    add("portfolio", f"Give me a rundown of {N(h)}", G.gold_set(G.neighbours(h)), 1)
    b = pick([b for b in buyers if U(b) and G.out(b, "REPRESENTED_BY") and G.inn(b, "BOUGHT_BY")
              and 4 <= len(G.neighbours(b)) <= 8], "buyer portfolio")
    add("portfolio", f"What do we know about {N(b)}?", G.gold_set(G.neighbours(b)), 1)

    # ---- unknown ----------------------------------------------------------------------------------------------
    first = sorted({G.a(x, "first_name") for x in agents + buyers})
    last = sorted({G.a(x, "last_name") for x in agents + buyers})
    ghost = next(f"{f} {ln}" for f in first[3:] for ln in last[5:] if f"{f} {ln}".lower() not in G.all_text)
    add("unknown", f"Which agency does {ghost} work for?", {"type": "none"}, 1)
    addr = "77 Juniper Crescent"
    assert addr.lower() not in G.all_text
    add("unknown", f"How many bedrooms does {addr} have?", {"type": "none"}, 0)
    agency = "Pemberton & Vale"
    assert "pemberton" not in G.all_text
    add("unknown", f"When was {agency} founded?", {"type": "none"}, 0)

    # ---- global -----------------------------------------------------------------------------------------------
    add("global", "How many different types of entity are in this dataset?", {"type": "count", "value": len(T)}, 0)
    add("global", "How many nodes are there in the whole graph?", {"type": "count", "value": g.number_of_nodes()}, 0)

    for q in qs:  # every name a question quotes is unique in the graph
        for n in (n for n in g.nodes if N(n) in q["question"] and len(N(n)) > 6):
            assert U(n), (q["question"], N(n))
    return qs


def main(argv: list[str] | None = None) -> Path:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        raise SystemExit(__doc__)
    out = Path(argv[0])
    graphml = Path(argv[1]) if len(argv) > 1 else out / "realestate.graphml"
    qs = build_questions(Graph(graphml))
    out.mkdir(parents=True, exist_ok=True)
    path = out / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    print(f"wrote {path}: {len(qs)} questions, {dict(Counter(q['kind'] for q in qs))}")
    return path


if __name__ == "__main__":
    main()
