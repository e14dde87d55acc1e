"""Write the byog19 holdout questions with gold answers computed from the hotel-group GraphML alone.

Usage: python tests/byog19/questions.py DIR [GRAPHML]   (writes DIR/holdout.jsonl; GRAPHML defaults to
DIR/hotels.graphml). Reads only the GraphML (networkx.read_graphml). Subjects are picked deterministically
(random.Random(1919) over id-sorted candidates that meet each question's conditions), and every gold is checked
for ambiguity: unique display names, no ties in superlatives, no count equal to a number the question quotes.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path

import networkx as nx

PICK_SEED = 1919
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen twenty").split()


class Graph:
    """Typed read access to the GraphML: node type from ``labels``, edge type from ``label``."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.names = Counter(self.name(n) for n in self.g.nodes)

    def type(self, n: str) -> str:
        return self.g.nodes[n]["labels"].lstrip(":")

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "title" in d:
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def attr(self, n: str, key: str):
        return self.g.nodes[n][key]

    def of(self, typ: str) -> list[str]:
        return sorted((n for n in self.g.nodes if self.type(n) == typ), key=_idkey)

    def out(self, n: str, label: str) -> list[str]:
        return sorted((v for v in self.g.successors(n) if self.g.edges[n, v]["label"] == label), key=_idkey)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted((u for u in self.g.predecessors(n) if self.g.edges[u, n]["label"] == label), key=_idkey)

    def one(self, n: str, label: str) -> str:
        (v,) = self.out(n, label)
        return v

    def edge(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def unique(self, n: str) -> bool:
        return self.names[self.name(n)] == 1

    # -- domain walks
    def hotel_of_room(self, r: str) -> str:
        return self.one(r, "BELONGS_TO")

    def bookings_of_guest(self, gst: str) -> list[str]:
        return self.inn(gst, "MADE_BY")

    def guest_of(self, b: str) -> str:
        return self.one(b, "MADE_BY")

    def room_of(self, b: str) -> str:
        return self.one(b, "FOR_ROOM")

    def hotel_of_booking(self, b: str) -> str:
        return self.hotel_of_room(self.room_of(b))

    def rooms_of_hotel(self, h: str) -> list[str]:
        return self.inn(h, "BELONGS_TO")

    def bookings_of_hotel(self, h: str) -> list[str]:
        return sorted((b for r in self.rooms_of_hotel(h) for b in self.inn(r, "FOR_ROOM")), key=_idkey)

    def staff_of_hotel(self, h: str) -> list[str]:
        return self.inn(h, "WORKS_AT")

    def tier_of(self, gst: str) -> str | None:
        t = self.out(gst, "MEMBER_OF")
        return t[0] if t else None


def _idkey(n: str) -> tuple[str, int]:
    prefix, _, num = n.rpartition("-")
    return prefix, int(num)


def _sorted(ids: Iterable[str]) -> list[str]:
    return sorted(set(ids), key=_idkey)


def quoted_numbers(text: str) -> set[float]:
    """Numbers a question quotes (digits or number words), which a count judge would not accept as the answer."""
    nums = {float(m.replace(",", "")) for m in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}
    nums |= {float(i) for i, w in enumerate(NUMBER_WORDS) if re.search(rf"\b{w}\b", text, re.IGNORECASE)}
    return nums


def top_one(items: Iterable[str], key: Callable[[str], float], lowest: bool = False) -> str:
    """The single best item by ``key``; raises when the best value is tied (an ambiguous superlative)."""
    scored = [(key(i), i) for i in items]
    best = min(s for s, _ in scored) if lowest else max(s for s, _ in scored)
    winners = [i for s, i in scored if s == best]
    if len(winners) != 1:
        raise ValueError(f"superlative tie at {best}: {winners}")
    return winners[0]


class Writer:
    def __init__(self, graph: Graph):
        self.G = graph
        self.rows: list[dict] = []
        self.rng = random.Random(PICK_SEED)
        self.used: set[str] = set()  # subjects already asked about, so questions vary

    def pick(self, candidates: Iterable[str], cond: Callable[[str], bool] = lambda n: True) -> str:
        pool = [n for n in candidates if n not in self.used and self.G.unique(n) and cond(n)]
        if not pool:
            raise ValueError("no candidate subject meets the conditions")
        n = self.rng.choice(pool)
        self.used.add(n)
        return n

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        if gold["type"] == "count" and float(gold["value"]) in quoted_numbers(question):
            raise ValueError(f"count gold {gold['value']} is quoted by the question: {question}")
        if gold["type"] == "set":
            if not gold["ids"]:
                raise ValueError(f"empty set gold: {question}")
            for i in gold["ids"]:
                if not self.G.unique(i):
                    raise ValueError(f"gold member name {self.G.name(i)!r} is shared: {question}")
        self.rows.append({"id": f"byog19-{len(self.rows) + 1:02d}", "kind": kind, "question": question,
                          "gold": gold, "hops": hops})

    def set(self, ids: Iterable[str]) -> dict:
        ids = _sorted(ids)
        return {"type": "set", "ids": ids, "names": [self.G.name(i) for i in ids]}


def count(n: int) -> dict:
    return {"type": "count", "value": n}


def value(x) -> dict:
    return {"type": "value", "value": x}


def boolean(b: bool) -> dict:
    return {"type": "bool", "value": bool(b)}


NONE = {"type": "none"}


def build(path: Path) -> list[dict]:
    G = Graph(path)
    W = Writer(G)
    N = G.name
    hotels, rooms, guests, staff = G.of("Hotel"), G.of("Room"), G.of("Guest"), G.of("StaffMember")
    bookings, reviews, cities, tiers = G.of("Booking"), G.of("Review"), G.of("City"), G.of("LoyaltyTier")

    def role(s: str) -> str:
        return G.attr(s, "role")

    def hotel_of_staff(s: str) -> str:
        return G.one(s, "WORKS_AT")

    def supervisees(s: str) -> list[str]:
        return G.out(s, "SUPERVISES")

    def supervisor(s: str) -> str | None:
        up = G.inn(s, "SUPERVISES")
        return up[0] if up else None

    def city_of_hotel(h: str) -> str:
        return G.one(h, "LOCATED_IN")

    def hotels_in(c: str) -> list[str]:
        return G.inn(c, "LOCATED_IN")

    def active(b: str) -> bool:
        return not G.attr(b, "cancelled")

    def guests_hotels(gst: str, only_active: bool = False) -> set[str]:
        return {G.hotel_of_booking(b) for b in G.bookings_of_guest(gst) if active(b) or not only_active}

    def reviews_of_hotel(h: str) -> list[str]:
        return G.inn(h, "REVIEWS")

    def neighbours(n: str) -> set[str]:
        return set(G.g.successors(n)) | set(G.g.predecessors(n))

    # ---------------------------------------------------------------- count
    W.add("count", "How many hotels does the group operate?", count(len(hotels)), 0)
    W.add("count", "how many guests do we have on file", count(len(guests)), 0)
    W.add("count", "Total number of staff members?", count(len(staff)), 0)
    W.add("count", "How many rooms are there across all the hotels?", count(len(rooms)), 0)

    # ---------------------------------------------------------------- filtered_count
    W.add("filtered_count", "How many hotels belong to the Boutique brand?",
          count(sum(G.attr(h, "brand") == "Boutique" for h in hotels)), 0)
    W.add("filtered_count", "How many suites are there?",
          count(sum(G.attr(r, "room_type") == "suite" for r in rooms)), 0)
    W.add("filtered_count", "How many bookings were cancelled?", count(sum(G.attr(b, "cancelled") for b in bookings)), 0)
    W.add("filtered_count", "How many guests are flagged as VIP?", count(sum(G.attr(g, "vip") for g in guests)), 0)
    W.add("filtered_count", "Quick one: how many reservations came in by phone?",
          count(sum(G.attr(b, "channel") == "phone" for b in bookings)), 0)
    W.add("filtered_count", "How many receptionists does the company employ?",
          count(sum(role(s) == "receptionist" for s in staff)), 0)
    W.add("filtered_count", "How many rooms come with a balcony?", count(sum(G.attr(r, "balcony") for r in rooms)), 0)
    W.add("filtered_count", "How many of our hotels opened before 1990?",
          count(sum(G.attr(h, "opened") < "1990-01-01" for h in hotels)), 0)
    W.add("filtered_count", "How many reviews scored 5?", count(sum(G.attr(r, "score") == 5 for r in reviews)), 0)
    W.add("filtered_count", "How many 5-star hotels are in the group?", count(sum(G.attr(h, "stars") == 5 for h in hotels)),
          0)
    london = next(c for c in cities if N(c) == "London")
    W.add("filtered_count", "How many guests live in London?", count(len(G.inn(london, "LIVES_IN"))), 1)

    # ---------------------------------------------------------------- list
    edinburgh = next(c for c in cities if N(c) == "Edinburgh")
    W.add("list", "List the hotels in Edinburgh.", W.set(hotels_in(edinburgh)), 1)
    W.add("list", "Which cities have one of our hotels?", W.set(c for c in cities if hotels_in(c)), 1)
    h = W.pick(hotels, lambda h: 6 <= len(G.staff_of_hotel(h)) <= 9)
    W.add("list", f"Who works at {N(h)}?", W.set(G.staff_of_hotel(h)), 1)
    W.add("list", "What loyalty tiers are there?", W.set(tiers), 0)
    W.add("list", "hotels with a spa?", W.set(h for h in hotels if G.attr(h, "spa")), 0)

    def suites(h: str) -> list[str]:
        return [r for r in G.rooms_of_hotel(h) if G.attr(r, "room_type") == "suite"]

    h = W.pick(hotels, lambda h: 2 <= len(suites(h)) <= 3)
    W.add("list", f"Which suites does {N(h)} have?", W.set(suites(h)), 1)
    gm = W.pick(staff, lambda s: role(s) == "general manager")
    W.add("list", f"Who reports directly to {N(gm)}?", W.set(supervisees(gm)), 1)

    # ---------------------------------------------------------------- multihop
    def room_guests(r: str) -> set[str]:
        return {G.guest_of(b) for b in G.inn(r, "FOR_ROOM")}

    r = W.pick(rooms, lambda r: all(active(b) for b in G.inn(r, "FOR_ROOM")) and 2 <= len(room_guests(r)) <= 4)
    W.add("multihop", f"Which guests have stayed in {N(r)}?", W.set(room_guests(r)), 2)

    def all_active(gst: str) -> bool:
        return all(active(b) for b in G.bookings_of_guest(gst))

    gst = W.pick(guests, lambda g: all_active(g) and 2 <= len(guests_hotels(g)) <= 3)
    W.add("multihop", f"Which of our hotels has {N(gst)} stayed at?", W.set(guests_hotels(gst)), 3)

    line = W.pick(staff, lambda s: role(s) in ("housekeeper", "porter", "chef"))
    W.add("multihop", f"Who is {N(line)}'s manager's manager?", W.set([supervisor(supervisor(line))]), 2)

    def two_down(s: str) -> set[str]:
        return {x for y in supervisees(s) for x in supervisees(y)}

    gm = W.pick(staff, lambda s: role(s) == "general manager" and 4 <= len(two_down(s)) <= 7)
    W.add("multihop", f"Which staff are supervised by the people {N(gm)} supervises?", W.set(two_down(gm)), 2)

    s = W.pick(staff, lambda s: role(s) == "concierge")
    W.add("multihop", f"What city is {N(s)} based in?", W.set([city_of_hotel(hotel_of_staff(s))]), 2)

    def reviewer_cities(h: str) -> set[str]:
        return {G.one(G.inn(rv, "WROTE")[0], "LIVES_IN") for rv in reviews_of_hotel(h)}

    h = W.pick(hotels, lambda h: 3 <= len(reviewer_cities(h)) <= 7)
    W.add("multihop", f"Where do the guests who reviewed {N(h)} live?", W.set(reviewer_cities(h)), 3)

    def city_guests(c: str, only_active: bool) -> set[str]:
        return {G.guest_of(b) for h in hotels_in(c) for b in G.bookings_of_hotel(h) if active(b) or not only_active}

    c = W.pick(cities, lambda c: hotels_in(c) and city_guests(c, True) == city_guests(c, False))
    W.add("multihop", f"How many different guests have stayed at hotels in {N(c)}?",
          count(len(city_guests(c, False))), 4)

    def room_tiers(r: str) -> set[str]:
        return {t for g in room_guests(r) if (t := G.tier_of(g))}

    r = W.pick(rooms, lambda r: all(active(b) for b in G.inn(r, "FOR_ROOM")) and 2 <= len(room_tiers(r)) <= 3)
    W.add("multihop", f"What loyalty tiers do the guests who stayed in {N(r)} hold?", W.set(room_tiers(r)), 3)

    def checked_in_guests(s: str) -> set[str]:
        return {G.guest_of(b) for b in G.inn(s, "CHECKED_IN_BY")}

    s = W.pick(staff, lambda s: 2 <= len(checked_in_guests(s)) <= 5)
    W.add("multihop", f"Which guests did {N(s)} check in?", W.set(checked_in_guests(s)), 2)

    directors = [s for s in staff if role(s) == "regional director"]

    def region_hotels(d: str) -> set[str]:
        return {hotel_of_staff(x) for x in supervisees(d)}

    d = W.pick(directors)
    W.add("multihop", f"Which hotels are run by the general managers who report to {N(d)}?",
          W.set(region_hotels(d)), 2)
    d = W.pick(directors, lambda d: len({city_of_hotel(h) for h in region_hotels(d)}) >= 2)
    W.add("multihop", f"In which cities are the hotels whose general managers {N(d)} oversees?",
          W.set({city_of_hotel(h) for h in region_hotels(d)}), 3)

    def city_reviewers(c: str) -> set[str]:
        return {G.inn(rv, "WROTE")[0] for h in hotels_in(c) for rv in reviews_of_hotel(h)}

    c = W.pick(cities, lambda c: 3 <= len(city_reviewers(c)) <= 8)
    W.add("multihop", f"Who has written reviews of hotels in {N(c)}?", W.set(city_reviewers(c)), 3)

    def guest_cities(gst: str) -> set[str]:
        return {city_of_hotel(h) for h in guests_hotels(gst)}

    gst = W.pick(guests, lambda g: all_active(g) and 2 <= len(guest_cities(g)) <= 3)
    W.add("multihop", f"Which cities has {N(gst)} stayed in?", W.set(guest_cities(gst)), 4)

    def responders_for_city(c: str) -> set[str]:
        return {x for g in G.inn(c, "LIVES_IN") for rv in G.out(g, "WROTE") for x in G.inn(rv, "RESPONDED_TO")}

    c = W.pick(cities, lambda c: 2 <= len(responders_for_city(c)) <= 6)
    W.add("multihop", f"Which staff members replied to reviews by guests living in {N(c)}?",
          W.set(responders_for_city(c)), 3)

    platinum = next(t for t in tiers if N(t) == "Platinum")

    def platinum_guests(h: str) -> set[str]:
        return {G.guest_of(b) for b in G.bookings_of_hotel(h) if G.tier_of(G.guest_of(b)) == platinum}

    h = W.pick(hotels, lambda h: len(platinum_guests(h)) >= 2)
    W.add("multihop", f"How many Platinum members have booked a room at {N(h)}?", count(len(platinum_guests(h))), 4)

    # ---------------------------------------------------------------- superlative
    W.add("superlative", "Which hotel opened most recently?", W.set([top_one(hotels, lambda h: _days(G.attr(h, "opened")))]),
          0)
    W.add("superlative", "What's our most expensive room per night?",
          W.set([top_one(rooms, lambda r: G.attr(r, "nightly_rate"))]), 0)
    W.add("superlative", "Who is the best-paid employee?", W.set([top_one(staff, lambda s: G.attr(s, "salary"))]), 0)
    W.add("superlative", "Which booking had the highest total price?",
          W.set([top_one(bookings, lambda b: G.attr(b, "total_price"))]), 0)
    W.add("superlative", "Which hotel has received the most reviews?",
          W.set([top_one(hotels, lambda h: len(reviews_of_hotel(h)))]), 1)
    W.add("superlative", "Which guest has made the most bookings?",
          W.set([top_one(guests, lambda g: len(G.bookings_of_guest(g)))]), 1)
    W.add("superlative", "Which city are most of our guests from?",
          W.set([top_one(cities, lambda c: len(G.inn(c, "LIVES_IN")))]), 1)

    def spend(g: str, only_active: bool) -> float:
        return sum(G.attr(b, "total_price") for b in G.bookings_of_guest(g) if active(b) or not only_active)

    big = top_one(guests, lambda g: spend(g, False))
    assert big == top_one(guests, lambda g: spend(g, True)), "top spender depends on counting cancelled bookings"
    W.add("superlative", "Who's our biggest spender, going by the total of all their bookings?", W.set([big]), 1)

    def revenue(h: str, only_active: bool) -> float:
        return sum(G.attr(b, "total_price") for b in G.bookings_of_hotel(h) if active(b) or not only_active)

    rich = top_one(hotels, lambda h: revenue(h, False))
    assert rich == top_one(hotels, lambda h: revenue(h, True)), "top hotel depends on counting cancelled bookings"
    W.add("superlative", "Which hotel has brought in the most booking revenue?", W.set([rich]), 2)
    W.add("superlative", "which employee has done the most check-ins",
          W.set([top_one(staff, lambda s: len(G.inn(s, "CHECKED_IN_BY")))]), 1)
    veteran = top_one(staff, lambda s: _days(G.attr(s, "hire_date")), lowest=True)
    W.add("superlative", "Which of our employees was hired first?", W.set([veteran]), 0)

    # ---------------------------------------------------------------- aggregate
    h = W.pick(hotels)
    W.add("aggregate", f"What's the average nightly rate at {N(h)}?",
          value(round(statistics.fmean(G.attr(r, "nightly_rate") for r in G.rooms_of_hotel(h)), 2)), 1)
    h = W.pick(hotels)
    W.add("aggregate", f"What is the total salary bill for the staff at {N(h)}?",
          value(sum(G.attr(s, "salary") for s in G.staff_of_hotel(h))), 1)
    h = W.pick(hotels, lambda h: len(reviews_of_hotel(h)) >= 5)
    W.add("aggregate", f"What is {N(h)}'s average review score?",
          value(round(statistics.fmean(G.attr(rv, "score") for rv in reviews_of_hotel(h)), 2)), 1)
    gst = W.pick(guests, lambda g: len(G.bookings_of_guest(g)) >= 3 and all_active(g))
    W.add("aggregate", f"How many nights has {N(gst)} booked in total?",
          value(sum(G.attr(b, "nights") for b in G.bookings_of_guest(gst))), 1)
    W.add("aggregate", "What is the average booking length in nights?",
          value(round(statistics.fmean(G.attr(b, "nights") for b in bookings), 2)), 0)
    W.add("aggregate", "What's the combined value of all bookings made through a travel agency?",
          value(round(sum(G.attr(b, "total_price") for b in bookings if G.attr(b, "channel") == "travel agency"), 2)),
          0)

    # ---------------------------------------------------------------- edge_property
    s = W.pick(staff, lambda s: role(s) in ("receptionist", "chef", "housekeeper"))
    W.add("edge_property", f"When did {N(s)} start working at {N(hotel_of_staff(s))}?",
          value(G.edge(s, hotel_of_staff(s))["since"]), 1)
    members = [g for g in guests if G.tier_of(g)]
    gst = W.pick(members, lambda g: G.edge(g, G.tier_of(g))["points"] > 0)
    W.add("edge_property", f"How many loyalty points does {N(gst)} have?",
          value(G.edge(gst, G.tier_of(gst))["points"]), 1)
    gst = W.pick(members)
    W.add("edge_property", f"When did {N(gst)} join the loyalty programme?",
          value(G.edge(gst, G.tier_of(gst))["joined"]), 1)
    s = W.pick(staff, lambda s: not G.edge(s, hotel_of_staff(s))["full_time"])
    W.add("edge_property", f"Is {N(s)} employed full-time?", boolean(G.edge(s, hotel_of_staff(s))["full_time"]), 1)
    responders = [s for s in staff if G.out(s, "RESPONDED_TO")]
    s = W.pick(responders, lambda s: len(G.out(s, "RESPONDED_TO")) == 1)
    rv = G.out(s, "RESPONDED_TO")[0]
    W.add("edge_property", f"When did {N(s)} reply to the review \u201c{N(rv)}\u201d?",
          value(G.edge(s, rv)["replied_on"]), 1)
    W.add("edge_property", "Which loyalty member has racked up the most points?",
          W.set([top_one(members, lambda g: G.edge(g, G.tier_of(g))["points"])]), 1)

    def part_timers(h: str) -> list[str]:
        return [s for s in G.staff_of_hotel(h) if not G.edge(s, h)["full_time"]]

    h = W.pick(hotels, lambda h: len(part_timers(h)) >= 2)
    W.add("edge_property", f"How many staff at {N(h)} work part-time?", count(len(part_timers(h))), 1)

    # ---------------------------------------------------------------- yes_no
    h = W.pick(hotels, lambda h: G.attr(h, "spa"))
    W.add("yes_no", f"Does {N(h)} have a spa?", boolean(G.attr(h, "spa")), 0)
    munich = next(c for c in cities if N(c) == "Munich")
    W.add("yes_no", "Do we have a hotel in Munich?", boolean(bool(hotels_in(munich))), 1)
    gst = W.pick(guests, lambda g: all_active(g) and len(guests_hotels(g)) >= 1)
    h = sorted(guests_hotels(gst), key=_idkey)[0]
    W.add("yes_no", f"Has {N(gst)} ever stayed at {N(h)}?", boolean(h in guests_hotels(gst)), 3)
    a = W.pick(staff, lambda s: role(s) == "supervisor")
    peer = next(x for x in supervisees(supervisor(a)) if x != a)
    b = W.pick(supervisees(peer))
    W.add("yes_no", f"Does {N(a)} supervise {N(b)}?", boolean(b in supervisees(a)), 1)
    silver = next(t for t in tiers if N(t) == "Silver")
    gst = W.pick(members, lambda g: G.tier_of(g) == silver)
    W.add("yes_no", f"Is {N(gst)} a Gold member?", boolean(N(G.tier_of(gst)) == "Gold"), 1)
    bk = W.pick(bookings, lambda b: G.attr(b, "cancelled"))
    W.add("yes_no", f"Was {N(bk).lower()} cancelled?", boolean(G.attr(bk, "cancelled")), 0)

    # ---------------------------------------------------------------- portfolio
    gst = W.pick(guests, lambda g: 4 <= len(neighbours(g)) <= 8 and G.out(g, "WROTE") and G.tier_of(g))
    W.add("portfolio", f"Tell me everything about {N(gst)}.", W.set(neighbours(gst)), 1)
    r = W.pick(rooms, lambda r: 3 <= len(neighbours(r)) <= 7)
    W.add("portfolio", f"What do we know about {N(r)}?", W.set(neighbours(r)), 1)
    gm = W.pick(staff, lambda s: role(s) == "general manager" and 5 <= len(neighbours(s)) <= 9)
    W.add("portfolio", f"Give me an overview of {N(gm)}.", W.set(neighbours(gm)), 1)

    # ---------------------------------------------------------------- unknown
    for word in ("Belvedere", "Quince", "Theodora", "Reykjavik"):
        assert not any(word.lower() in N(n).lower() for n in G.g.nodes), word
    W.add("unknown", "How many rooms does the Grand Belvedere Palace have?", NONE, 1)
    W.add("unknown", "Which hotels has Theodora Quince stayed at?", NONE, 3)
    W.add("unknown", "List our hotels in Reykjavik.", NONE, 1)

    # ---------------------------------------------------------------- global
    types = Counter(G.type(n) for n in G.g.nodes)
    W.add("global", "How many different kinds of entity are in this graph?", count(len(types)), 0)
    (most, n_most), (_, n_next) = types.most_common(2)
    assert n_most > n_next
    W.add("global", "What kind of record is most common in this dataset, and how many of them are there?",
          count(n_most), 0)
    return W.rows


def _days(iso: str) -> int:
    return date.fromisoformat(iso).toordinal()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args(argv)
    graphml = args.graphml or args.out_dir / "hotels.graphml"
    rows = build(graphml)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / "holdout.jsonl"
    with out.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{out}: {len(rows)} questions", file=sys.stderr)


if __name__ == "__main__":
    main()
