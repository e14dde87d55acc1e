"""Hold-out questions over the travel graph written by graph.py.

    python tests/byog56/questions.py OUT_DIR [GRAPH_PATH]

GRAPH_PATH is the travel_csv folder (default OUT_DIR/travel_csv). Writes OUT_DIR/holdout.jsonl. Golds are computed
with networkx over the CSV files only; the output is deterministic.
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

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                "twenty"]
UNKNOWN_NAMES = ["Bartholomew Quince", "Obsidian Walrus Hotel", "Patagonian Ice Odyssey", "Gryphon Skyways"]


def _convert(kind: str, raw: str):
    if kind == "int":
        return int(raw)
    if kind == "float":
        return float(raw)
    if kind == "boolean":
        return raw == "true"
    return raw


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for path in sorted(folder.glob("nodes_*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        for r in rows[1:]:
            attrs = {}
            for h, v in zip(header, r, strict=True):
                if h.endswith(":ID"):
                    nid = v
                elif h == ":LABEL":
                    attrs["label"] = v
                else:
                    name, kind = h.split(":")
                    attrs[name] = _convert(kind, v)
            attrs["display"] = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
            g.add_node(nid, **attrs)
    for path in sorted(folder.glob("rels_*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        for r in rows[1:]:
            props = {}
            for h, v in zip(header[3:], r[3:], strict=True):
                name, kind = h.split(":")
                props[name] = _convert(kind, v)
            g.add_edge(r[0], r[1], key=r[2], type=r[2], **props)
    return g


def _num_key(nid: str) -> tuple[str, int]:
    p, _, n = nid.rpartition("-")
    return p, int(n)


class Q:
    def __init__(self, g: nx.MultiDiGraph):
        self.g = g
        self.rng = Random(5656)
        self.items: list[dict] = []
        self.used: set[str] = set()  # subjects already asked about, to spread the questions

    # -- graph helpers
    def of(self, label: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["label"] == label), key=_num_key)

    def name(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def out(self, n: str, t: str, **cond) -> list[str]:
        return sorted({v for _, v, d in self.g.out_edges(n, data=True) if d["type"] == t
                       and all(d.get(k) == x for k, x in cond.items())}, key=_num_key)

    def inn(self, n: str, t: str, **cond) -> list[str]:
        return sorted({u for u, _, d in self.g.in_edges(n, data=True) if d["type"] == t
                       and all(d.get(k) == x for k, x in cond.items())}, key=_num_key)

    def edge(self, u: str, v: str, t: str) -> dict | None:
        data = self.g.get_edge_data(u, v, key=t)
        return data

    def step(self, nodes, t: str, direction: str) -> list[str]:
        res: set[str] = set()
        for n in nodes:
            res |= set(self.out(n, t) if direction == "out" else self.inn(n, t))
        return sorted(res, key=_num_key)

    def all_confirmed(self, traveller: str) -> bool:
        return all(d["status"] == "confirmed" for _, _, d in self.g.out_edges(traveller, data=True)
                   if d["type"] == "BOOKED")

    # -- output helpers
    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=_num_key)
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}

    @staticmethod
    def numbers_in(text: str) -> set[float]:
        out = {float(m.replace(",", "")) for m in re.findall(r"(?<![\w.-])\d[\d,]*(?:\.\d+)?(?![\w-])", text)}
        out |= {float(NUMBER_WORDS.index(w)) for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS}
        return out

    def ok(self, text: str, gold: dict) -> bool:
        low = text.lower()
        t = gold["type"]
        if t == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in gold["names"])
        if t == "count":
            return gold["value"] > 0 and float(gold["value"]) not in self.numbers_in(text)
        if t == "value":
            v = gold["value"]
            if isinstance(v, str):
                return v.lower() not in low
            return float(v) not in self.numbers_in(text) and f"{v}" not in text
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int, must: bool = True) -> bool:
        if not self.ok(text, gold):
            if must:
                raise RuntimeError(f"invalid question: {text}")
            return False
        self.items.append({"id": f"byog56-{len(self.items) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                           "hops": hops})
        return True

    def pick(self, cands, make, kind: str, hops: int) -> None:
        """Try candidates in a seeded order; the first that ``make`` turns into a valid question is kept."""
        cands = list(cands)
        self.rng.shuffle(cands)
        for c in cands:
            key = c if isinstance(c, str) else "|".join(c)
            if key in self.used:
                continue
            r = make(c)
            if r and self.add(kind, r[0], r[1], hops, must=False):
                self.used.add(key)
                return
        raise RuntimeError(f"no candidate for a {kind} question")


def unique_top(scores: dict[str, float], highest: bool = True) -> str | None:
    if not scores:
        return None
    ordered = sorted(scores.items(), key=lambda kv: -kv[1] if highest else kv[1])
    if len(ordered) > 1 and ordered[0][1] == ordered[1][1]:
        return None
    return ordered[0][0]


def generate(g: nx.MultiDiGraph) -> list[dict]:
    q = Q(g)
    tours, hotels, cities, countries = q.of("Tour"), q.of("Hotel"), q.of("City"), q.of("Country")
    guides, travellers, ops, acts = q.of("Guide"), q.of("Traveller"), q.of("Operator"), q.of("Activity")
    policies = q.of("InsurancePolicy")
    booked = [(u, v, d) for u, v, d in g.edges(data=True) if d["type"] == "BOOKED"]

    def count(v: int) -> dict:
        return {"type": "count", "value": v}

    # ---- count
    q.add("count", "How many travellers are on record?", count(len(travellers)), 0)
    q.add("count", "how many hotels do we have in the database", count(len(hotels)), 0)
    q.add("count", "Number of tours in the catalogue?", count(len(tours)), 0)
    q.add("count", "How many transport operators (airlines, coach firms, rail and ferry lines) do we work with?",
          count(len(ops)), 0)
    q.add("count", "What's the total number of travel insurance policies?", count(len(policies)), 0)

    # ---- filtered_count
    q.add("filtered_count", "How many hotels offer a spa?", count(sum(q.a(h, "has_spa") for h in hotels)), 0)
    q.add("filtered_count", "how many all-inclusive tours are there",
          count(sum(q.a(t, "all_inclusive") for t in tours)), 0)
    q.add("filtered_count", "How many of our hotels are rated with 5 stars?",
          count(sum(q.a(h, "stars") == 5 for h in hotels)), 0)
    q.add("filtered_count", "How many travellers hold platinum loyalty status?",
          count(sum(q.a(t, "loyalty_tier") == "platinum" for t in travellers)), 0)
    q.add("filtered_count", "Count the tours that run for more than 10 nights.",
          count(sum(q.a(t, "nights") > 10 for t in tours)), 0)
    q.add("filtered_count", "How many excursions are graded hard in difficulty?",
          count(sum(q.a(x, "difficulty") == "hard" for x in acts)), 0)
    q.add("filtered_count", "how many of the transport operators are airlines?",
          count(sum(q.a(o, "mode") == "airline" for o in ops)), 0)
    q.add("filtered_count", "How many tours depart in 2025?",
          count(sum(q.a(t, "starts").startswith("2025-") for t in tours)), 0)
    q.add("filtered_count", "How many customers were born before 1960?",
          count(sum(q.a(t, "birth_date") < "1960-01-01" for t in travellers)), 0)
    q.pick(countries, lambda c: (f"How many coastal cities does {q.name(c)} have?",
                                 count(sum(q.a(x, "coastal") for x in q.inn(c, "LOCATED_IN"))))
           if len(q.inn(c, "LOCATED_IN")) >= 4 else None, "filtered_count", 1)

    # ---- list
    q.pick(countries, lambda c: (f"Which cities are located in {q.name(c)}?", q.sset(q.inn(c, "LOCATED_IN"))),
           "list", 1)
    q.pick(cities, lambda c: (f"List the hotels in {q.name(c)}.", q.sset(q.inn(c, "HOTEL_IN")))
           if 2 <= len(q.inn(c, "HOTEL_IN")) <= 6 else None, "list", 1)
    q.pick(tours, lambda t: (f"who are the guides assigned to the {q.name(t)} tour?", q.sset(q.out(t, "LED_BY")))
           if len(q.out(t, "LED_BY")) == 2 else None, "list", 1)
    q.pick(tours, lambda t: (f"show me the activities included in the {q.name(t)}",
                             q.sset(q.out(t, "INCLUDES"))) if len(q.out(t, "INCLUDES")) >= 2 else None, "list", 1)
    q.pick(travellers, lambda p: (f"Which tours has {q.name(p)} booked?", q.sset(q.out(p, "BOOKED")))
           if len(q.out(p, "BOOKED")) >= 3 and q.all_confirmed(p) else None, "list", 1)
    q.pick(tours, lambda t: (f"Which hotels does the {q.name(t)} put its guests up in?", q.sset(q.out(t, "STAYS_AT")))
           if len(q.out(t, "STAYS_AT")) >= 2 else None, "list", 1)
    q.pick(tours, lambda t: (f"Give me the transport companies that carry the {q.name(t)}",
                             q.sset(q.out(t, "CARRIED_BY"))) if len(q.out(t, "CARRIED_BY")) == 2 else None, "list", 1)

    # ---- multihop
    def countries_of(cs):
        return q.step(cs, "LOCATED_IN", "out")

    q.pick(tours, lambda t: (f"Which countries does the {q.name(t)} pass through?",
                             q.sset(countries_of(q.out(t, "VISITS"))))
           if len(countries_of(q.out(t, "VISITS"))) == 2 else None, "multihop", 2)
    q.pick(travellers, lambda p: (f"Who guided the tours that {q.name(p)} booked?",
                                  q.sset(q.step(q.out(p, "BOOKED"), "LED_BY", "out")))
           if len(q.out(p, "BOOKED")) >= 2 and q.all_confirmed(p) else None, "multihop", 2)
    q.pick(guides, lambda x: (f"Who mentored {q.name(x)}'s mentor?",
                              q.sset(q.step(q.inn(x, "MENTORS"), "MENTORS", "in"))), "multihop", 2)
    q.pick(guides, lambda x: (f"List the guides that were mentored by {q.name(x)}'s mentees",
                              q.sset(q.step(q.out(x, "MENTORS"), "MENTORS", "out"))), "multihop", 2)

    def lead_only(x):
        return all(d["role"] == "lead" for _, _, d in g.in_edges(x, data=True) if d["type"] == "LED_BY")

    q.pick(guides, lambda x: (f"Which transport operators carry the tours led by {q.name(x)}?",
                              q.sset(q.step(q.inn(x, "LED_BY"), "CARRIED_BY", "out")))
           if lead_only(x) else None, "multihop", 2)
    q.pick(guides, lambda x: (f"which tours does the guide who mentored {q.name(x)} lead",
                              q.sset(q.step(q.inn(x, "MENTORS"), "LED_BY", "in")))
           if q.inn(x, "MENTORS") and lead_only(q.inn(x, "MENTORS")[0]) else None, "multihop", 2)
    q.pick(tours, lambda t: (f"In which countries are the hotels used by the {q.name(t)}?",
                             q.sset(countries_of(q.step(q.out(t, "STAYS_AT"), "HOTEL_IN", "out")))),
           "multihop", 3)
    q.pick(travellers, lambda p: (f"Which hotels are there in the cities visited by tours {q.name(p)} has booked?",
                                  q.sset(q.step(q.step(q.out(p, "BOOKED"), "VISITS", "out"), "HOTEL_IN", "in")))
           if q.all_confirmed(p) and len(q.out(p, "BOOKED")) >= 2 else None, "multihop", 3)

    def local_acts(t):
        return q.step(q.out(t, "VISITS"), "ACTIVITY_IN", "in")

    q.pick(tours, lambda t: (f"What activities are on offer in the cities on the {q.name(t)} itinerary?",
                             q.sset(local_acts(t))) if set(local_acts(t)) != set(q.out(t, "INCLUDES")) else None,
           "multihop", 2)

    def reviewed(p):
        return q.step(q.out(p, "WROTE"), "REVIEWS", "out")

    q.pick(travellers, lambda p: (f"Which guides worked on the tours that {q.name(p)} wrote reviews about?",
                                  q.sset(q.step(reviewed(p), "LED_BY", "out"))) if reviewed(p) else None,
           "multihop", 3)
    q.pick(travellers, lambda p: (f"what countries were visited by the tours {q.name(p)} reviewed",
                                  q.sset(countries_of(q.step(reviewed(p), "VISITS", "out"))))
           if len(reviewed(p)) >= 2 else None, "multihop", 4)
    q.pick(guides, lambda x: (f"Which countries do tours guided by {q.name(x)}'s mentees travel to?",
                              q.sset(countries_of(q.step(q.step(q.out(x, "MENTORS"), "LED_BY", "in"),
                                                         "VISITS", "out")))), "multihop", 4)
    q.pick(policies, lambda y: (f"Which guides worked on tours reviewed by the holder of {q.name(y)}?",
                                q.sset(q.step(q.step(q.step(q.inn(y, "HOLDS"), "WROTE", "out"), "REVIEWS", "out"),
                                              "LED_BY", "out"))), "multihop", 4)
    q.pick(tours, lambda t: (f"Who has written reviews of the {q.name(t)}?",
                             q.sset(q.step(q.inn(t, "REVIEWS"), "WROTE", "in")))
           if len(q.inn(t, "REVIEWS")) >= 3 else None, "multihop", 2)

    # ---- superlative
    def sup(kind, text, scores, highest=True, hops=0):
        top = unique_top(scores, highest)
        assert top is not None, text
        assert q.add(kind, text, q.sset([top]), hops), text

    sup("superlative", "Which hotel has the highest nightly rate?", {h: q.a(h, "nightly_rate_eur") for h in hotels})
    sup("superlative", "what's the cheapest tour we sell", {t: q.a(t, "price_eur") for t in tours}, highest=False)
    # dates compare as ISO strings; the earliest birth date is the oldest traveller
    oldest = sorted(travellers, key=lambda p: q.a(p, "birth_date"))
    assert q.a(oldest[0], "birth_date") != q.a(oldest[1], "birth_date")
    assert q.add("superlative", "Who is our oldest traveller?", q.sset([oldest[0]]), 0)
    per_guide = {x: len(q.inn(x, "LED_BY")) for x in guides}
    per_guide_lead = {x: len(q.inn(x, "LED_BY", role="lead")) for x in guides}
    if unique_top(per_guide_lead):
        sup("superlative", "Which guide is the lead guide on the most tours?", per_guide_lead, hops=1)
    else:
        sup("superlative", "Which guide is assigned to the most tours, in any role?", per_guide, hops=1)
    per_city = {c: len(q.inn(c, "HOTEL_IN")) for c in cities}
    if unique_top(per_city):
        sup("superlative", "Which city has the largest number of hotels?", per_city, hops=1)
    else:
        sup("superlative", "Which country has the largest number of hotels?",
            {c: len(q.step(q.inn(c, "LOCATED_IN"), "HOTEL_IN", "in")) for c in countries}, hops=2)
    nb = Counter(v for _, v, _ in booked)
    nb_conf = Counter(v for _, v, d in booked if d["status"] == "confirmed")
    assert unique_top(dict(nb)) == unique_top(dict(nb_conf))
    sup("superlative", "Which tour has been booked the most times?", dict(nb), hops=1)
    spent_conf, rev_conf = Counter(), Counter()
    for u, v, d in booked:
        if d["status"] == "confirmed":
            spent_conf[u] += d["price_paid_eur"]
            rev_conf[v] += d["price_paid_eur"]
    sup("superlative", "Counting only confirmed bookings, which customer has spent the most money in total?",
        dict(spent_conf), hops=1)
    sup("superlative", "Which tour brought in the most revenue from the prices paid on its confirmed bookings?",
        dict(rev_conf), hops=1)

    def scoped_hotel(c):
        hs = q.inn(c, "HOTEL_IN")
        if len(hs) < 3:
            return None
        top = unique_top({h: q.a(h, "nightly_rate_eur") for h in hs})
        return (f"Of the hotels in {q.name(c)}, which one is the most expensive per night?", q.sset([top])) if top \
            else None

    q.pick(cities, scoped_hotel, "superlative", 1)

    def scoped_tour(x):
        ts = q.inn(x, "LED_BY")
        if len(ts) < 3:
            return None
        top = unique_top({t: q.a(t, "nights") for t in ts})
        return (f"Among the tours {q.name(x)} works on, which one is the longest?", q.sset([top])) if top else None

    q.pick(guides, scoped_tour, "superlative", 1)

    # ---- aggregate
    def val(v) -> dict:
        return {"type": "value", "value": v}

    q.add("aggregate", "What is the total amount paid across all bookings, cancelled ones included?",
          val(round(sum(d["price_paid_eur"] for _, _, d in booked), 2)), 1)
    q.pick(cities, lambda c: (f"average nightly rate of the hotels in {q.name(c)}?",
                              val(round(sum(q.a(h, "nightly_rate_eur") for h in q.inn(c, "HOTEL_IN"))
                                        / len(q.inn(c, "HOTEL_IN")), 2)))
           if len(q.inn(c, "HOTEL_IN")) >= 3 else None, "aggregate", 1)
    q.pick(guides, lambda x: (f"What's the average list price of the tours {q.name(x)} guides?",
                              val(round(sum(q.a(t, "price_eur") for t in q.inn(x, "LED_BY"))
                                        / len(q.inn(x, "LED_BY")), 2)))
           if len(q.inn(x, "LED_BY")) >= 2 else None, "aggregate", 1)
    q.pick(travellers, lambda p: (f"How many nights in total do the tours booked by {q.name(p)} last?",
                                  val(sum(q.a(t, "nights") for t in q.out(p, "BOOKED"))))
           if len(q.out(p, "BOOKED")) >= 2 and q.all_confirmed(p) else None, "aggregate", 1)
    q.pick(tours, lambda t: (f"What is the average review rating of the {q.name(t)}?",
                             val(round(sum(q.a(r, "rating") for r in q.inn(t, "REVIEWS"))
                                       / len(q.inn(t, "REVIEWS")), 2)))
           if len(q.inn(t, "REVIEWS")) >= 3 else None, "aggregate", 1)

    # ---- edge_property
    pair = [(u, v) for u, v, _ in booked]
    q.pick(pair, lambda uv: (f"How much did {q.name(uv[0])} pay for the {q.name(uv[1])}?",
                             val(q.edge(uv[0], uv[1], "BOOKED")["price_paid_eur"])), "edge_property", 1)
    q.pick(pair, lambda uv: (f"When did {q.name(uv[0])} make the booking for {q.name(uv[1])}?",
                             val(q.edge(uv[0], uv[1], "BOOKED")["booked_on"])), "edge_property", 1)
    stays = [(u, v) for u, v, d in g.edges(data=True) if d["type"] == "STAYS_AT"]
    q.pick(stays, lambda uv: (f"how many nights does the {q.name(uv[0])} spend at {q.name(uv[1])}",
                              val(q.edge(uv[0], uv[1], "STAYS_AT")["nights"])), "edge_property", 1)
    assist = [(u, v) for u, v, d in g.edges(data=True) if d["type"] == "LED_BY" and d["role"] == "assistant"]
    q.pick(assist, lambda uv: (f"What role does {q.name(uv[1])} play on the {q.name(uv[0])}?",
                               val("assistant")), "edge_property", 1)
    q.add("edge_property", "How many bookings have been cancelled?",
          count(sum(d["status"] == "cancelled" for _, _, d in booked)), 1)
    q.add("edge_property", "how many hotel stays in our tour itineraries are on a half board basis",
          count(sum(d["type"] == "STAYS_AT" and d["board"] == "half board" for _, _, d in g.edges(data=True))), 1)
    ment = [(u, v) for u, v, d in g.edges(data=True) if d["type"] == "MENTORS"]
    q.pick(ment, lambda uv: (f"Since when has {q.name(uv[0])} been mentoring {q.name(uv[1])}?",
                             val(q.edge(uv[0], uv[1], "MENTORS")["since"])), "edge_property", 1)

    # ---- yes_no (alternating yes / no)
    def yes(v: bool) -> dict:
        return {"type": "bool", "value": v}

    vis = [(u, v) for u, v, d in g.edges(data=True) if d["type"] == "VISITS"]
    q.pick(vis, lambda uv: (f"Does the {q.name(uv[0])} stop in {q.name(uv[1])}?", yes(True)), "yes_no", 1)
    hc = [(h, c) for h in hotels for c in countries if c not in countries_of(q.out(h, "HOTEL_IN"))
          and q.a(c, "continent") == q.a(countries_of(q.out(h, "HOTEL_IN"))[0], "continent")]
    q.pick(hc, lambda hc_: (f"Is {q.name(hc_[0])} located in {q.name(hc_[1])}?", yes(False)), "yes_no", 2)
    q.pick(ment, lambda uv: (f"did {q.name(uv[0])} mentor {q.name(uv[1])}", yes(True)), "yes_no", 1)
    nobook = [(p, t) for p in travellers[:200] if len(q.out(p, "BOOKED")) >= 2 for t in tours[:40]
              if t not in q.out(p, "BOOKED")]
    q.pick(nobook, lambda pt: (f"Has {q.name(pt[0])} ever booked the {q.name(pt[1])}?", yes(False)), "yes_no", 1)
    q.pick([h for h in hotels if q.a(h, "has_spa")], lambda h: (f"Does {q.name(h)} have a spa?", yes(True)),
           "yes_no", 0)
    q.pick([t for t in tours if not q.a(t, "all_inclusive")],
           lambda t: (f"is the {q.name(t)} all-inclusive?", yes(False)), "yes_no", 0)
    car = [(v, u) for u, v, d in g.edges(data=True) if d["type"] == "CARRIED_BY"]
    q.pick(car, lambda ot: (f"Does {q.name(ot[0])} provide transport for the {q.name(ot[1])}?", yes(True)),
           "yes_no", 1)
    q.pick([c for c in cities if not q.a(c, "coastal")], lambda c: (f"Is {q.name(c)} a coastal city?", yes(False)),
           "yes_no", 0)

    # ---- portfolio: every direct neighbour, both directions
    def nbrs(n):
        return sorted(set(g.successors(n)) | set(g.predecessors(n)), key=_num_key)

    q.pick(hotels, lambda h: (f"Tell me everything about {q.name(h)}.", q.sset(nbrs(h)))
           if 3 <= len(nbrs(h)) <= 8 else None, "portfolio", 1)
    q.pick(guides, lambda x: (f"give me the full picture on the guide {q.name(x)}", q.sset(nbrs(x)))
           if 4 <= len(nbrs(x)) <= 10 and q.inn(x, "MENTORS") and q.out(x, "MENTORS") else None, "portfolio", 1)
    q.pick(acts, lambda x: (f"What do we know about the {q.name(x)} excursion?", q.sset(nbrs(x)))
           if 3 <= len(nbrs(x)) <= 8 else None, "portfolio", 1)

    # ---- unknown: names that are not in the graph
    names_lower = [d["display"].lower() for _, d in g.nodes(data=True)]
    for u in UNKNOWN_NAMES:
        assert not any(u.lower() in n or n in u.lower() for n in names_lower), u
    none = {"type": "none"}
    q.add("unknown", f"Which tours has {UNKNOWN_NAMES[0]} booked?", none, 1)
    q.add("unknown", f"What's the nightly rate at the {UNKNOWN_NAMES[1]}?", none, 0)
    q.add("unknown", f"Who leads the {UNKNOWN_NAMES[2]}?", none, 1)
    q.add("unknown", f"what is the carrier code of {UNKNOWN_NAMES[3]}", none, 0)

    # ---- global
    q.add("global", "How many different kinds of entities (node types) does this travel graph contain?",
          count(len({d["label"] for _, d in g.nodes(data=True)})), 0)
    q.add("global", "how many relationship types are defined in the schema",
          count(len({d["type"] for _, _, d in g.edges(data=True)})), 0)
    q.add("global", "What's the total number of relationships in the whole graph?", count(g.number_of_edges()), 0)
    return q.items


def main() -> None:
    out = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out / "travel_csv"
    items = generate(load(folder))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for it in items:
            fh.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"{len(items)} questions -> {out / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
