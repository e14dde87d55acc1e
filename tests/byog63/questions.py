"""Holdout questions for the byog63 brewery graph.

Usage: python tests/byog63/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/brewery.graphml). Deterministic.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from random import Random

import networkx as nx

MAX_SET = 12


class G:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.attrs: dict[str, dict] = {n: dict(d) for n, d in g.nodes(data=True)}
        self.type = {n: d["labels"].lstrip(":") for n, d in self.attrs.items()}
        self.out: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.inc: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.edges = []
        for s, t, d in g.edges(data=True):
            d = dict(d)
            lab = d.pop("label")
            self.out[s].append((lab, t, d))
            self.inc[t].append((lab, s, d))
            self.edges.append((s, lab, t, d))
        self.ids = sorted(self.attrs, key=lambda n: (self.type[n], int(n.rsplit("-", 1)[1])))

    def name(self, n: str) -> str:
        a = self.attrs[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def of(self, t: str) -> list[str]:
        return [n for n in self.ids if self.type[n] == t]

    def o(self, n: str, lab: str, t: str | None = None) -> list[str]:
        return sorted({x for lb, x, _ in self.out[n] if lb == lab and (t is None or self.type[x] == t)})

    def i(self, n: str, lab: str, t: str | None = None) -> list[str]:
        return sorted({x for lb, x, _ in self.inc[n] if lb == lab and (t is None or self.type[x] == t)})

    def e(self, s: str, lab: str, t: str) -> dict:
        return next(d for lb, x, d in self.out[s] if lb == lab and x == t)


def _norm(text: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", str(text).lower()).split()) + " "


class Builder:
    def __init__(self, g: G) -> None:
        self.g = g
        self.rows: list[dict] = []
        self.rng = Random(6363)
        self.used: set[str] = set()

    def pick(self, cands: list[str], ok) -> str | None:
        cands = list(cands)
        self.rng.shuffle(cands)
        cands.sort(key=lambda c: c in self.used)  # stable: unused anchors first
        for c in cands:
            if ok(c):
                self.used.add(c)
                return c
        return None

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        q = _norm(text)
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= MAX_SET, text
            for nm in gold["names"]:
                assert _norm(nm) not in q, (text, nm)
        if gold["type"] in ("count", "value"):
            assert _norm(gold["value"]) not in q, (text, gold)
        if gold["type"] == "count":
            assert gold["value"] > 0, text
        self.rows.append({"id": f"byog63-{len(self.rows) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                          "hops": hops})

    def gset(self, ids) -> dict:
        ids = sorted(set(ids), key=lambda n: (self.g.type[n], int(n.rsplit("-", 1)[1])))
        return {"type": "set", "ids": ids, "names": [self.g.name(n) for n in ids]}


def _unique_max(g: G, ids, key, reverse=False):
    vals = sorted(((key(n), n) for n in ids), reverse=not reverse)
    if len(vals) < 2 or vals[0][0] == vals[1][0]:
        return None
    return vals[0][1]


def build(g: G) -> list[dict]:  # noqa: C901 - one flat list of question templates
    b = Builder(g)
    N = g.name
    beers, breweries, pubs, people = g.of("Beer"), g.of("Brewery"), g.of("Pub"), g.of("Person")
    towns, ings, sups, casks = g.of("Town"), g.of("Ingredient"), g.of("Supplier"), g.of("Cask")
    fests, awards = g.of("Festival"), g.of("Award")
    hops_ = [i for i in ings if g.attrs[i]["kind"] == "hop"]
    adjuncts = [i for i in ings if g.attrs[i]["kind"] == "adjunct"]
    num = round

    # ---- count (5)
    b.add("count", "How many breweries are there?", {"type": "count", "value": len(breweries)}, 0)
    b.add("count", "what's the total number of pubs, taprooms and bars on file", {"type": "count",
          "value": len(pubs)}, 0)
    b.add("count", "How many beer festivals are on record?", {"type": "count", "value": len(fests)}, 0)
    b.add("count", "count the suppliers", {"type": "count", "value": len(sups)}, 0)
    b.add("count", "How many casks and kegs are tracked altogether?", {"type": "count", "value": len(casks)}, 0)

    # ---- filtered_count (10)
    x = b.pick(breweries, lambda n: len(g.i(n, "BREWED_BY")) >= 3)
    b.add("filtered_count", f"How many beers does {N(x)} brew?", {"type": "count", "value": len(g.i(x, "BREWED_BY"))},
          1)
    stouts = [n for n in beers if g.attrs[n]["style"] == "Stout"]
    b.add("filtered_count", "how many stouts are there", {"type": "count", "value": len(stouts)}, 0)
    x = b.pick(towns, lambda n: len(g.i(n, "LOCATED_IN", "Pub")) >= 3)
    b.add("filtered_count", f"Number of pubs in {N(x)}?", {"type": "count", "value": len(g.i(x, "LOCATED_IN", "Pub"))},
          1)
    strong = [n for n in beers if g.attrs[n]["abv"] > 7.0]
    b.add("filtered_count", "How many beers are stronger than 7% ABV?", {"type": "count", "value": len(strong)}, 0)
    dogs = [n for n in pubs if g.attrs[n]["dog_friendly"]]
    b.add("filtered_count", "how many pubs are dog friendly?", {"type": "count", "value": len(dogs)}, 0)
    x = b.pick(pubs, lambda n: len(g.i(n, "DELIVERED_TO")) >= 4)
    b.add("filtered_count", f"How many casks have been delivered to {N(x)}?",
          {"type": "count", "value": len(g.i(x, "DELIVERED_TO"))}, 1)
    nz = [n for n in hops_ if g.attrs[n]["origin"] == "New Zealand"]
    b.add("filtered_count", "How many hop varieties originate in New Zealand?", {"type": "count", "value": len(nz)}, 0)
    x = b.pick(people, lambda n: len(g.i(n, "APPRENTICED_TO")) >= 2)
    b.add("filtered_count", f"How many apprentices has {N(x)} taken on?",
          {"type": "count", "value": len(g.i(x, "APPRENTICED_TO"))}, 1)
    x = b.pick(breweries, lambda n: sum(g.attrs[y]["seasonal"] for y in g.i(n, "BREWED_BY")) >= 2)
    b.add("filtered_count", f"how many seasonal beers does {N(x)} make",
          {"type": "count", "value": sum(g.attrs[y]["seasonal"] for y in g.i(x, "BREWED_BY"))}, 1)
    firkins = [n for n in casks if g.attrs[n]["container"] == "firkin"]
    b.add("filtered_count", "How many firkins are there?", {"type": "count", "value": len(firkins)}, 0)

    # ---- list (7)
    x = b.pick(breweries, lambda n: 2 <= len(g.i(n, "BREWED_BY")) <= MAX_SET)
    b.add("list", f"Which beers does {N(x)} produce?", b.gset(g.i(x, "BREWED_BY")), 1)
    x = b.pick(towns, lambda n: 2 <= len(g.i(n, "LOCATED_IN", "Pub")) <= MAX_SET)
    b.add("list", f"list the pubs located in {N(x)}", b.gset(g.i(x, "LOCATED_IN", "Pub")), 1)
    x = b.pick(breweries, lambda n: 2 <= len(g.i(n, "WORKS_AT")) <= MAX_SET)
    b.add("list", f"Who works at {N(x)}?", b.gset(g.i(x, "WORKS_AT")), 1)
    x = b.pick(ings, lambda n: len(g.o(n, "SUPPLIED_BY")) >= 2)
    b.add("list", f"show me the suppliers of {N(x)}", b.gset(g.o(x, "SUPPLIED_BY")), 1)
    x = b.pick(beers, lambda n: len(g.o(n, "WON")) >= 2)
    b.add("list", f"What awards has {N(x)} won?", b.gset(g.o(x, "WON")), 1)
    x = b.pick(breweries, lambda n: 2 <= len(g.o(n, "OWNS")) <= MAX_SET)
    b.add("list", f"Give me all the pubs owned by {N(x)}.", b.gset(g.o(x, "OWNS")), 1)
    x = b.pick(beers, lambda n: len(g.o(n, "USES")) >= 4)
    b.add("list", f"which ingredients go into {N(x)}", b.gset(g.o(x, "USES")), 1)

    # ---- multihop (14)
    def grand_mentor(n):
        return [z for y in g.o(n, "APPRENTICED_TO") for z in g.o(y, "APPRENTICED_TO")]

    x = b.pick(people, lambda n: len(grand_mentor(n)) == 1)
    b.add("multihop", f"Who mentored the person that {N(x)} apprenticed under?", b.gset(grand_mentor(x)), 2)

    def grand_apprentices(n):
        return sorted({z for y in g.i(n, "APPRENTICED_TO") for z in g.i(y, "APPRENTICED_TO")})

    x = b.pick(people, lambda n: 2 <= len(grand_apprentices(n)) <= MAX_SET)
    b.add("multihop", f"Which people were apprenticed to someone who had themselves trained under {N(x)}?",
          b.gset(grand_apprentices(x)), 2)

    def adj_breweries(n):
        return sorted({z for y in g.i(n, "USES") for z in g.o(y, "BREWED_BY")})

    x = b.pick(adjuncts, lambda n: 2 <= len(adj_breweries(n)) <= MAX_SET)
    b.add("multihop", f"Which breweries make a beer containing {N(x)}?", b.gset(adj_breweries(x)), 2)

    def owned_towns(n):
        return sorted({z for y in g.o(n, "OWNS") for z in g.o(y, "LOCATED_IN")})

    x = b.pick(breweries, lambda n: 2 <= len(owned_towns(n)) <= MAX_SET)
    b.add("multihop", f"In which towns does {N(x)} own pubs?", b.gset(owned_towns(x)), 2)

    def pub_beers(n):
        return sorted({z for y in g.i(n, "DELIVERED_TO") for z in g.o(y, "FILLED_WITH")})

    x = b.pick(pubs, lambda n: 2 <= len(pub_beers(n)) <= MAX_SET)
    b.add("multihop", f"what beers have been delivered by the cask to {N(x)}?", b.gset(pub_beers(x)), 2)

    def brewery_fests(n):
        return sorted({z for y in g.i(n, "BREWED_BY") for z in g.o(y, "POURED_AT")})

    x = b.pick(breweries, lambda n: 2 <= len(brewery_fests(n)) <= MAX_SET)
    b.add("multihop", f"At which festivals have {N(x)}'s beers been poured?", b.gset(brewery_fests(x)), 2)

    def beer_sups(n):
        return sorted({z for y in g.o(n, "USES") for z in g.o(y, "SUPPLIED_BY")})

    x = b.pick(beers, lambda n: 2 <= len(beer_sups(n)) <= MAX_SET)
    b.add("multihop", f"Which suppliers provide the ingredients for {N(x)}?", b.gset(beer_sups(x)), 2)

    def beer_towns(n):
        return sorted({z for y in g.i(n, "FILLED_WITH") for p in g.o(y, "DELIVERED_TO") for z in g.o(p, "LOCATED_IN")})

    x = b.pick(beers, lambda n: 2 <= len(beer_towns(n)) <= MAX_SET)
    b.add("multihop", f"Which towns have pubs that were sent casks of {N(x)}?", b.gset(beer_towns(x)), 3)

    def town_staff(n):
        return sorted({z for y in g.i(n, "LOCATED_IN", "Pub") for z in g.i(y, "WORKS_AT")})

    x = b.pick(towns, lambda n: 2 <= len(town_staff(n)) <= MAX_SET)
    b.add("multihop", f"who works behind the bar or in the cellar at pubs in {N(x)}", b.gset(town_staff(x)), 2)

    def brewery_awards(n):
        return sorted({z for y in g.i(n, "BREWED_BY") for z in g.o(y, "WON")})

    x = b.pick(breweries, lambda n: 2 <= len(brewery_awards(n)) <= MAX_SET)
    b.add("multihop", f"Which awards have beers from {N(x)} picked up?", b.gset(brewery_awards(x)), 2)

    def brewery_award_towns(n):
        return sorted({t for a in brewery_awards(n) for f in g.o(a, "PRESENTED_AT") for t in g.o(f, "LOCATED_IN")})

    x = b.pick(breweries, lambda n: 2 <= len(brewery_award_towns(n)) <= MAX_SET)
    b.add("multihop", f"In which towns were the festivals held at which {N(x)}'s beers won awards?",
          b.gset(brewery_award_towns(x)), 4)

    def person_fests(n):
        return sorted({f for br in g.o(n, "WORKS_AT", "Brewery") for y in g.i(br, "BREWED_BY") for a in g.o(y, "WON")
                       for f in g.o(a, "PRESENTED_AT")})

    x = b.pick(people, lambda n: 2 <= len(person_fests(n)) <= MAX_SET)
    b.add("multihop", f"At which festivals were awards presented to beers made at the brewery where {N(x)} works?",
          b.gset(person_fests(x)), 4)

    def adj_towns(n):
        return sorted({t for y in g.i(n, "USES") for c in g.i(y, "FILLED_WITH") for p in g.o(c, "DELIVERED_TO")
                       for t in g.o(p, "LOCATED_IN")})

    x = b.pick(adjuncts, lambda n: 2 <= len(adj_towns(n)) <= MAX_SET)
    b.add("multihop", f"Which towns have pubs that took delivery of casks of a beer brewed with {N(x)}?",
          b.gset(adj_towns(x)), 4)

    def mentee_pubs(n):
        return sorted({p for y in g.i(n, "APPRENTICED_TO") for p in g.o(y, "WORKS_AT", "Pub")})

    x = b.pick(people, lambda n: 2 <= len(mentee_pubs(n)) <= MAX_SET)
    b.add("multihop", f"Which pubs employ someone who did an apprenticeship with {N(x)}?", b.gset(mentee_pubs(x)), 2)

    # ---- superlative (10)
    w = _unique_max(g, beers, lambda n: g.attrs[n]["abv"])
    b.add("superlative", "Which beer has the highest ABV?", b.gset([w]), 0)
    w = _unique_max(g, pubs, lambda n: g.attrs[n]["seats"])
    b.add("superlative", "what's the biggest pub by number of seats", b.gset([w]), 0)
    w = _unique_max(g, breweries, lambda n: g.attrs[n]["capacity_hl"])
    b.add("superlative", "Which brewery has the largest brewing capacity?", b.gset([w]), 0)
    w = _unique_max(g, breweries, lambda n: len(g.i(n, "BREWED_BY")))
    b.add("superlative", "Which brewery brews the most beers?", b.gset([w]), 1)
    w = _unique_max(g, pubs, lambda n: len(g.i(n, "DELIVERED_TO")))
    b.add("superlative", "Which pub has received the most cask deliveries", b.gset([w]), 1)
    w = _unique_max(g, people, lambda n: len(g.i(n, "APPRENTICED_TO")))
    b.add("superlative", "Who has trained the most apprentices?", b.gset([w]), 1)
    w = _unique_max(g, pubs, lambda n: sum(g.attrs[c]["volume_litres"] for c in g.i(n, "DELIVERED_TO")))
    b.add("superlative", "Which pub has taken in the largest total volume of beer, in litres, across all its casks?",
          b.gset([w]), 1)
    w = _unique_max(g, breweries, lambda n: sum(g.attrs[p]["seats"] for p in g.o(n, "OWNS")))
    b.add("superlative", "Whose pub estate has the most seats in total? Give the brewery.", b.gset([w]), 1)
    x = b.pick(breweries, lambda n: len(g.i(n, "BREWED_BY")) >= 3
               and _unique_max(g, g.i(n, "BREWED_BY"), lambda y: g.attrs[y]["abv"]) is not None)
    w = _unique_max(g, g.i(x, "BREWED_BY"), lambda y: g.attrs[y]["abv"])
    b.add("superlative", f"Of the beers brewed by {N(x)}, which is the strongest?", b.gset([w]), 1)
    x = b.pick(towns, lambda n: len(g.i(n, "LOCATED_IN", "Pub")) >= 3
               and _unique_max(g, g.i(n, "LOCATED_IN", "Pub"), lambda y: g.attrs[y]["rating"]) is not None)
    w = _unique_max(g, g.i(x, "LOCATED_IN", "Pub"), lambda y: g.attrs[y]["rating"])
    b.add("superlative", f"which pub in {N(x)} has the best rating", b.gset([w]), 1)

    # ---- aggregate (5)
    x = b.pick(breweries, lambda n: len(g.i(n, "BREWED_BY")) >= 3)
    v = num(sum(g.attrs[y]["abv"] for y in g.i(x, "BREWED_BY")) / len(g.i(x, "BREWED_BY")), 2)
    b.add("aggregate", f"What is the average ABV of the beers {N(x)} brews?", {"type": "value", "value": v}, 1)
    x = b.pick(pubs, lambda n: len(g.i(n, "DELIVERED_TO")) >= 3)
    v = num(sum(g.attrs[c]["volume_litres"] for c in g.i(x, "DELIVERED_TO")), 1)
    b.add("aggregate", f"total litres delivered to {N(x)}?", {"type": "value", "value": v}, 1)
    x = b.pick(towns, lambda n: len(g.i(n, "LOCATED_IN", "Pub")) >= 3)
    v = num(sum(g.attrs[p]["rating"] for p in g.i(x, "LOCATED_IN", "Pub")) / len(g.i(x, "LOCATED_IN", "Pub")), 2)
    b.add("aggregate", f"What's the mean rating of the pubs in {N(x)}?", {"type": "value", "value": v}, 1)
    x = b.pick(breweries, lambda n: len(g.o(n, "OWNS")) >= 3)
    v = sum(g.attrs[p]["seats"] for p in g.o(x, "OWNS"))
    b.add("aggregate", f"How many seats are there in total across the pubs {N(x)} owns?", {"type": "value",
          "value": v}, 1)
    x = b.pick(breweries, lambda n: len(g.i(n, "WORKS_AT")) >= 3)
    v = num(sum(g.attrs[p]["hourly_rate"] for p in g.i(x, "WORKS_AT")) / len(g.i(x, "WORKS_AT")), 2)
    b.add("aggregate", f"average hourly rate of the staff at {N(x)}", {"type": "value", "value": v}, 1)

    # ---- edge_property (7)
    x = b.pick(beers, lambda n: len(g.o(n, "WON")) >= 1)
    a = g.o(x, "WON")[0]
    b.add("edge_property", f"Which medal did {N(x)} take at the {N(a)}?",
          {"type": "value", "value": g.e(x, "WON", a)["medal"]}, 1)
    x = b.pick(beers, lambda n: any(g.attrs[i]["kind"] == "hop" for i in g.o(n, "USES")))
    h = next(i for i in g.o(x, "USES") if g.attrs[i]["kind"] == "hop")
    b.add("edge_property", f"How many grams per litre of {N(h)} go into {N(x)}?",
          {"type": "value", "value": g.e(x, "USES", h)["grams_per_litre"]}, 1)
    x = b.pick(casks, lambda n: len(g.o(n, "DELIVERED_TO")) == 1)
    p = g.o(x, "DELIVERED_TO")[0]
    b.add("edge_property", f"When was cask {N(x)} delivered to {N(p)}?",
          {"type": "value", "value": g.e(x, "DELIVERED_TO", p)["delivered_on"]}, 1)
    x = b.pick(breweries, lambda n: len(g.o(n, "OWNS")) >= 1)
    p = g.o(x, "OWNS")[0]
    b.add("edge_property", f"when did {N(x)} acquire {N(p)}", {"type": "value",
          "value": g.e(x, "OWNS", p)["acquired"]}, 1)
    x = b.pick(people, lambda n: len(g.o(n, "APPRENTICED_TO")) == 1)
    m = g.o(x, "APPRENTICED_TO")[0]
    b.add("edge_property", f"In what year did {N(x)} begin their apprenticeship with {N(m)}?",
          {"type": "value", "value": g.e(x, "APPRENTICED_TO", m)["since_year"]}, 1)
    late = [e for e in g.edges if e[1] == "DELIVERED_TO" and not e[3]["on_time"]]
    b.add("edge_property", "How many cask deliveries arrived late?", {"type": "count", "value": len(late)}, 1)
    x = b.pick(breweries, lambda n: sum(g.e(n, "OWNS", p)["tied"] for p in g.o(n, "OWNS")) >= 2)
    v = sum(g.e(x, "OWNS", p)["tied"] for p in g.o(x, "OWNS"))
    b.add("edge_property", f"How many of the pubs owned by {N(x)} are tied houses?", {"type": "count", "value": v}, 1)

    # ---- yes_no (8: 4 yes, 4 no)
    x = b.pick(beers, lambda n: any(g.attrs[i]["kind"] == "hop" for i in g.o(n, "USES")))
    h = next(i for i in g.o(x, "USES") if g.attrs[i]["kind"] == "hop")
    b.add("yes_no", f"Does {N(x)} use {N(h)} hops?", {"type": "bool", "value": True}, 1)
    x = b.pick(beers, lambda n: True)
    h = next(i for i in hops_ if i not in g.o(x, "USES"))
    b.add("yes_no", f"is {N(h)} one of the hops in {N(x)}", {"type": "bool", "value": False}, 1)
    x = b.pick(pubs, lambda n: len(g.i(n, "OWNS")) == 1)
    b.add("yes_no", f"Is {N(x)} owned by {N(g.i(x, 'OWNS')[0])}?", {"type": "bool", "value": True}, 1)
    x = b.pick(pubs, lambda n: len(g.i(n, "OWNS")) == 1)
    other = next(br for br in breweries if br not in g.i(x, "OWNS"))
    b.add("yes_no", f"Does {N(other)} own {N(x)}?", {"type": "bool", "value": False}, 1)
    x = b.pick(people, lambda n: len(g.o(n, "APPRENTICED_TO")) == 1)
    m = g.o(x, "APPRENTICED_TO")[0]
    b.add("yes_no", f"Was {N(x)} apprenticed to {N(m)}?", {"type": "bool", "value": True}, 1)
    x = b.pick(people, lambda n: len(g.o(n, "APPRENTICED_TO")) == 1 and not g.o(g.o(n, "APPRENTICED_TO")[0],
                                                                                     "APPRENTICED_TO"))
    m = g.o(x, "APPRENTICED_TO")[0]
    b.add("yes_no", f"did {N(m)} serve an apprenticeship under {N(x)}?", {"type": "bool", "value": False}, 1)
    x = b.pick(pubs, lambda n: True)
    b.add("yes_no", f"Is {N(x)} in {N(g.o(x, 'LOCATED_IN')[0])}?", {"type": "bool", "value": True}, 1)
    x = b.pick(fests, lambda n: True)
    t = next(t for t in towns if t not in g.o(x, "LOCATED_IN"))
    b.add("yes_no", f"Does {N(x)} take place in {N(t)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio (3)
    def nbrs(n):
        return sorted({y for _, y, _ in g.out[n]} | {y for _, y, _ in g.inc[n]})

    x = b.pick(sups, lambda n: 2 <= len(nbrs(n)) <= MAX_SET)
    b.add("portfolio", f"Tell me everything about {N(x)}.", b.gset(nbrs(x)), 1)
    x = b.pick(people, lambda n: 3 <= len(nbrs(n)) <= MAX_SET)
    b.add("portfolio", f"what do we know about {N(x)}", b.gset(nbrs(x)), 1)
    x = b.pick(awards, lambda n: 3 <= len(nbrs(n)) <= MAX_SET)
    b.add("portfolio", f"Give me the full picture on the {N(x)}: everything it is connected to.", b.gset(nbrs(x)), 1)

    # ---- unknown (4): made-up names, checked absent
    known = {_norm(N(n)) for n in g.ids}
    fakes = [("Which beers does Quillfeather Brewing Co produce?", "Quillfeather Brewing Co"),
             ("How many casks went to The Tipsy Walrus?", "The Tipsy Walrus"),
             ("Who was Marguerite Oduya apprenticed to?", "Marguerite Oduya"),
             ("what's the ABV of Glimmering Porcupine", "Glimmering Porcupine")]
    for text, fake in fakes:
        assert not any(_norm(fake) in k or k in _norm(fake) for k in known), fake
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    b.add("global", "How many different types of node does this graph have?",
          {"type": "count", "value": len(set(g.type.values()))}, 0)
    b.add("global", "how many distinct relationship types are in the data", {"type": "count",
          "value": len({e[1] for e in g.edges})}, 0)
    b.add("global", "What is the total number of entities in the dataset?", {"type": "count", "value": len(g.ids)}, 0)

    kinds = Counter(r["kind"] for r in b.rows)
    assert 70 <= len(b.rows) <= 80, kinds
    return b.rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out / "brewery.graphml"
    rows = build(G(graph))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
