"""Generate a hotel-group property graph as GraphML (an independent "bring your own graph" test set).

Usage: python tests/byog19/graph.py DIR [--seed N]   (writes DIR/hotels.graphml; default seed 1901)

Schema (8 node types, 12 edge types; README.md has the attribute table):
  City, Hotel, Room, Guest, Booking, StaffMember, LoyaltyTier, Review
  Hotel-LOCATED_IN->City, Room-BELONGS_TO->Hotel, Booking-MADE_BY->Guest, Booking-FOR_ROOM->Room,
  StaffMember-WORKS_AT->Hotel (since: date, full_time: bool), StaffMember-SUPERVISES->StaffMember (self-relation),
  Guest-MEMBER_OF->LoyaltyTier (joined: date, points: int), Guest-WROTE->Review, Review-REVIEWS->Hotel,
  Booking-CHECKED_IN_BY->StaffMember, Guest-LIVES_IN->City, StaffMember-RESPONDED_TO->Review (replied_on: date).
Deterministic: one random.Random(seed), insertion-ordered nodes and edges.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 1901

# (name, country, population, has hotels)
CITIES = [
    ("Lisbon", "Portugal", 545000, True), ("Porto", "Portugal", 232000, True),
    ("Seville", "Spain", 684000, True), ("Valencia", "Spain", 792000, True), ("Granada", "Spain", 228000, True),
    ("Lyon", "France", 522000, True), ("Bordeaux", "France", 260000, True), ("Nice", "France", 342000, True),
    ("Edinburgh", "United Kingdom", 527000, True), ("Bath", "United Kingdom", 94000, True),
    ("York", "United Kingdom", 210000, True), ("Bruges", "Belgium", 118000, True), ("Ghent", "Belgium", 265000, True),
    ("Salzburg", "Austria", 155000, True), ("Florence", "Italy", 367000, True), ("Verona", "Italy", 258000, True),
    ("London", "United Kingdom", 8900000, False), ("Madrid", "Spain", 3300000, False),
    ("Paris", "France", 2100000, False), ("Berlin", "Germany", 3700000, False),
    ("Amsterdam", "Netherlands", 900000, False), ("Dublin", "Ireland", 590000, False),
    ("Munich", "Germany", 1500000, False), ("Zurich", "Switzerland", 430000, False),
    ("Boston", "United States", 650000, False), ("Toronto", "Canada", 2800000, False),
]

HOTEL_NAMES = {  # by country, enough for that country's cities
    "Portugal": ["Casa do Limoeiro", "Hotel Santa Clara", "Quinta da Ribeira", "Palácio das Janelas",
                 "Pousada do Largo"],
    "Spain": ["Palacio de las Dueñas", "Hotel Azahar", "Hostal Alhambra Alta", "Casa Naranjo"],
    "France": ["Maison Verlaine", "Hotel Belle Rive", "Le Petit Carillon", "Hôtel des Canuts", "Villa Lumière"],
    "United Kingdom": ["The Gilded Heron", "Marlowe House", "Ravelston Lodge", "The Abbey Mews",
                       "The Wool Exchange"],
    "Belgium": ["Huis ter Schelde", "Hotel Kanaalzicht", "De Gouden Klok"],
    "Austria": ["Hotel Mirabell Gardens"],
    "Italy": ["Villa Cortese", "Albergo del Ponte", "Residenza Scaligera"],
}
# hotels per city, in CITIES order for cities with hotels (sums to len(HOTEL_NAMES))
HOTELS_PER_CITY = [3, 2, 2, 1, 1, 2, 1, 2, 3, 1, 1, 2, 1, 1, 2, 1]
BRANDS = ["Classic", "Boutique", "Resort"]
ROOM_TYPES = ["standard", "deluxe", "family", "suite"]
CHANNELS = ["website", "travel agency", "phone", "corporate"]
TRIP_TYPES = ["business", "couple", "family", "solo"]
ROLES_LINE = ["receptionist", "housekeeper", "concierge", "chef", "porter"]
TIERS = [("Blue", 0, 0.0, False), ("Silver", 10, 5.0, False), ("Gold", 25, 10.0, True), ("Platinum", 50, 15.0, True)]

FIRST_NAMES = [
    "Ana", "Beatriz", "Carlos", "Duarte", "Inês", "João", "Mariana", "Rui", "Sofia", "Tiago", "Lucía", "Javier",
    "Carmen", "Pablo", "Elena", "Diego", "Marta", "Álvaro", "Camille", "Julien", "Chloé", "Antoine", "Manon",
    "Mathieu", "Élise", "Hugo", "Fiona", "Callum", "Isla", "Hamish", "Eilidh", "Oliver", "Harriet", "George",
    "Amelia", "Thomas", "Lotte", "Pieter", "Anouk", "Bram", "Saskia", "Jonas", "Lena", "Felix", "Anna", "Lukas",
    "Greta", "Matteo", "Giulia", "Lorenzo", "Chiara", "Francesca", "Marco", "Aoife", "Cian", "Siobhan", "Niamh",
    "Ethan", "Grace", "Noah", "Hannah", "Liam", "Priya", "Arjun", "Yusuf", "Leila", "Tomasz", "Zofia", "Ingrid",
    "Sven", "Astrid", "Mei", "Kenji", "Rosa", "Nadia", "Omar", "Clara", "Victor", "Emma", "Daniel",
]
LAST_NAMES = [
    "Silva", "Ferreira", "Costa", "Almeida", "Carvalho", "Pereira", "Moreira", "Garcia", "Fernández", "López",
    "Martín", "Navarro", "Ruiz", "Ortega", "Moreau", "Lefebvre", "Girard", "Bonnet", "Dubois", "Lambert",
    "Fontaine", "MacLeod", "Campbell", "Fraser", "Sinclair", "Murray", "Whitfield", "Ashdown", "Pemberton",
    "Hollis", "Thornbury", "Janssens", "Peeters", "Claes", "Willems", "De Smet", "Gruber", "Huber", "Wagner",
    "Steiner", "Hofer", "Rossi", "Bianchi", "Ferrari", "Romano", "Colombo", "Ricci", "Marino", "Byrne",
    "O'Sullivan", "Kavanagh", "Walsh", "Brennan", "Sharma", "Novak", "Kowalski", "Lindqvist", "Berg", "Tanaka",
    "Okafor", "Haddad", "Keller", "Vogel", "Hartmann", "Duval", "Castell", "Ibarra", "Vidal", "Quintero",
]

REVIEW_OPENERS = [
    "Lovely stay", "Wonderful weekend", "Disappointing visit", "Perfect location", "Great service",
    "Tired rooms", "Charming and quiet", "Noisy at night", "Spotless rooms", "Friendly staff", "Overpriced",
    "Would return", "Fantastic breakfast", "Mixed feelings", "A hidden gem", "Not as advertised",
    "Superb views", "Cosy and warm", "Slow check-in", "Excellent value", "Faultless", "Hit and miss",
    "Comfortable beds", "Thin walls", "Beautiful building", "Rude reception", "Relaxing escape", "Good but pricey",
]
REVIEW_CLOSERS = [
    "by the river", "in the old town", "for a city break", "on our anniversary", "with the kids",
    "for a conference", "despite the rain", "near the station", "after a long drive", "for two nights",
    "in high season", "over the holidays", "on a work trip", "with friends", "on our honeymoon",
    "at the end of summer", "during the festival", "before a flight", "in midwinter", "on a rainy week",
    "for a family wedding", "on a cycling tour",
]


class _Graph(nx.DiGraph):
    """A DiGraph that refuses a second edge between the same ordered pair (it would silently merge)."""

    def add_edge(self, u, v, **attrs):
        if self.has_edge(u, v):
            raise ValueError(f"second edge {u} -> {v} ({attrs.get('label')})")
        super().add_edge(u, v, **attrs)


def _iso(d: date) -> str:
    return d.isoformat()


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randint(0, (end - start).days))


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = _Graph()
    city_names = {c[0] for c in CITIES}

    # ---- cities
    cities: list[str] = []
    hotel_cities: list[str] = []
    for i, (name, country, pop, has_hotels) in enumerate(CITIES, 1):
        cid = f"city-{i}"
        g.add_node(cid, labels=":City", name=name, country=country, population=pop)
        cities.append(cid)
        if has_hotels:
            hotel_cities.append(cid)

    # ---- loyalty tiers
    tiers: list[str] = []
    for i, (name, min_nights, discount, lounge) in enumerate(TIERS, 1):
        tid = f"tier-{i}"
        g.add_node(tid, labels=":LoyaltyTier", name=name, min_nights=min_nights, discount_pct=discount,
                   lounge_access=lounge)
        tiers.append(tid)

    # ---- hotels
    hotels: list[str] = []
    hotel_city: dict[str, str] = {}
    hotel_stars: dict[str, int] = {}
    pools = {country: rng.sample(names, len(names)) for country, names in HOTEL_NAMES.items()}
    k = 0
    for cid, n in zip(hotel_cities, HOTELS_PER_CITY, strict=True):
        for _ in range(n):
            name = pools[g.nodes[cid]["country"]].pop()
            hid = f"hotel-{k + 1}"
            stars = rng.choices([3, 4, 5], weights=[3, 5, 2])[0]
            opened = _day(rng, date(1961, 1, 1), date(2022, 12, 31))
            g.add_node(hid, labels=":Hotel", name=name, stars=stars, opened=_iso(opened),
                       spa=rng.random() < 0.4, brand=rng.choice(BRANDS))
            g.add_edge(hid, cid, label="LOCATED_IN")
            hotels.append(hid)
            hotel_city[hid] = cid
            hotel_stars[hid] = stars
            k += 1

    # ---- rooms
    rooms: list[str] = []
    room_hotel: dict[str, str] = {}
    room_rate: dict[str, float] = {}
    type_factor = {"standard": 1.0, "deluxe": 1.35, "family": 1.5, "suite": 2.4}
    for hid in hotels:
        n = rng.randint(8, 16)
        floors = rng.randint(2, 6)
        used: set[int] = set()
        for _ in range(n):
            while True:
                floor = rng.randint(1, floors)
                number = floor * 100 + rng.randint(1, 30)
                if number not in used:
                    used.add(number)
                    break
            rtype = rng.choices(ROOM_TYPES, weights=[5, 3, 2, 1])[0]
            base = {3: 85.0, 4: 130.0, 5: 210.0}[hotel_stars[hid]]
            rate = round(base * type_factor[rtype] * rng.uniform(0.85, 1.2) + floor * 3, 2)
            rid = f"room-{len(rooms) + 1}"
            g.add_node(rid, labels=":Room", name=f"{g.nodes[hid]['name']} Room {number}", room_type=rtype,
                       floor=floor, nightly_rate=rate, balcony=rng.random() < 0.3,
                       max_occupancy={"standard": 2, "deluxe": 2, "family": 4, "suite": 3}[rtype])
            g.add_edge(rid, hid, label="BELONGS_TO")
            rooms.append(rid)
            room_hotel[rid] = hid
            room_rate[rid] = rate

    # ---- people: one pool of unique full names shared by guests and staff
    taken: set[str] = set()

    def person() -> tuple[str, str]:
        while True:
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            full = f"{first} {last}"
            if full not in taken and first not in city_names:
                taken.add(full)
                return first, last

    # ---- guests
    guests: list[str] = []
    home_weights = [3 if c[3] else 5 for c in CITIES]
    for i in range(520):
        gid = f"guest-{i + 1}"
        first, last = person()
        g.add_node(gid, labels=":Guest", first_name=first, last_name=last,
                   birth_date=_iso(_day(rng, date(1948, 1, 1), date(2004, 12, 31))), vip=rng.random() < 0.08)
        g.add_edge(gid, rng.choices(cities, weights=home_weights)[0], label="LIVES_IN")
        guests.append(gid)
    for gid in guests:
        if rng.random() < 0.62:
            tid = rng.choices(tiers, weights=[6, 4, 2, 1])[0]
            joined = _day(rng, date(2015, 1, 1), date(2024, 6, 30))
            points = rng.randint(0, 4000) * (tiers.index(tid) + 1)
            g.add_edge(gid, tid, label="MEMBER_OF", joined=_iso(joined), points=points)

    # ---- staff
    staff: list[str] = []
    staff_hotel: dict[str, str] = {}
    hotel_heads: dict[str, list[str]] = {}
    hotel_front: dict[str, list[str]] = {}
    gms: dict[str, str] = {}

    def add_staff(role: str, hid: str) -> str:
        sid = f"staff-{len(staff) + 1}"
        first, last = person()
        salary = {"regional director": 98000, "general manager": 72000, "supervisor": 41000, "chef": 36000,
                  "concierge": 31000, "receptionist": 27000, "housekeeper": 24000, "porter": 23000}[role]
        hired = _day(rng, max(date.fromisoformat(g.nodes[hid]["opened"]), date(1995, 1, 1)), date(2024, 9, 30))
        g.add_node(sid, labels=":StaffMember", first_name=first, last_name=last, role=role,
                   salary=salary + rng.randint(-40, 60) * 100, hire_date=_iso(hired))
        since = min(hired + timedelta(days=rng.randint(0, 900)), date(2025, 3, 31))
        full_time = role in ("regional director", "general manager") or rng.random() < 0.75
        g.add_edge(sid, hid, label="WORKS_AT", since=_iso(since), full_time=full_time)
        staff.append(sid)
        staff_hotel[sid] = hid
        return sid

    for hid in hotels:
        gm = add_staff("general manager", hid)
        gms[hid] = gm
        heads = [add_staff("supervisor", hid) for _ in range(2)]
        for h in heads:
            g.add_edge(gm, h, label="SUPERVISES")
        line_roles = ["receptionist", "receptionist"] + rng.sample(ROLES_LINE, rng.randint(2, 4))
        if rng.random() < 0.5:
            line_roles.append("receptionist")
        front = []
        for j, role in enumerate(line_roles):
            sid = add_staff(role, hid)
            g.add_edge(heads[j % 2], sid, label="SUPERVISES")
            if role in ("receptionist", "concierge"):
                front.append(sid)
        hotel_heads[hid] = [gm, *heads]
        hotel_front[hid] = front
    # regional directors: based at one hotel of their region, supervise that region's general managers
    regions = [["Portugal", "Spain"], ["France", "Belgium"], ["United Kingdom", "Austria", "Italy"]]
    for countries in regions:
        region_hotels = [h for h in hotels if g.nodes[hotel_city[h]]["country"] in countries]
        director = add_staff("regional director", rng.choice(region_hotels))
        for h in region_hotels:
            g.add_edge(director, gms[h], label="SUPERVISES")

    # ---- bookings
    bookings: list[str] = []
    guest_weights = [rng.choice([1, 1, 1, 2, 3, 6]) for _ in guests]
    room_weights = [rng.choice([1, 2, 3]) for _ in rooms]
    numbers = rng.sample(range(10000, 99999), 950)
    stayed: list[tuple[str, str, date, int]] = []  # (booking, guest, check-out, hotel) for reviews
    for i in range(950):
        bid = f"booking-{i + 1}"
        gid = rng.choices(guests, weights=guest_weights)[0]
        rid = rng.choices(rooms, weights=room_weights)[0]
        check_in = _day(rng, date(2022, 1, 1), date(2025, 10, 31))
        nights = rng.choices(range(1, 11), weights=[14, 18, 16, 10, 7, 5, 6, 2, 1, 1])[0]
        price = round(room_rate[rid] * nights * rng.choice([1.0, 1.0, 0.9, 0.95, 1.1]), 2)
        cancelled = rng.random() < 0.1
        g.add_node(bid, labels=":Booking", name=f"Booking {numbers[i]}", check_in=_iso(check_in), nights=nights,
                   total_price=price, channel=rng.choices(CHANNELS, weights=[6, 3, 2, 2])[0], cancelled=cancelled,
                   breakfast=rng.random() < 0.55)
        g.add_edge(bid, gid, label="MADE_BY")
        g.add_edge(bid, rid, label="FOR_ROOM")
        if not cancelled:
            g.add_edge(bid, rng.choice(hotel_front[room_hotel[rid]]), label="CHECKED_IN_BY")
            stayed.append((bid, gid, check_in + timedelta(days=nights), room_hotel[rid]))
        bookings.append(bid)

    # ---- reviews (by guests about hotels they stayed at)
    titles: set[str] = set()
    for n, (_bid, gid, out, hid) in enumerate(rng.sample(stayed, 330)):
        while True:
            title = f"{rng.choice(REVIEW_OPENERS)} {rng.choice(REVIEW_CLOSERS)}"
            if title not in titles:
                titles.add(title)
                break
        mood = rng.gauss(3.0 + 0.4 * (hotel_stars[hid] - 3), 1.1)
        score = max(1, min(5, round(mood)))
        posted = out + timedelta(days=rng.randint(1, 30))
        rvid = f"review-{n + 1}"
        g.add_node(rvid, labels=":Review", title=title, score=score, posted=_iso(posted),
                   trip_type=rng.choice(TRIP_TYPES), verified=rng.random() < 0.85)
        g.add_edge(gid, rvid, label="WROTE")
        g.add_edge(rvid, hid, label="REVIEWS")
        if rng.random() < 0.45:
            responder = rng.choice(hotel_heads[hid])
            g.add_edge(responder, rvid, label="RESPONDED_TO",
                       replied_on=_iso(posted + timedelta(days=rng.randint(1, 14))))
    return g


def write(out_dir: Path, seed: int = DEFAULT_SEED) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "hotels.graphml"
    g = build(seed)
    nx.write_graphml(nx.DiGraph(g), path, named_key_ids=True)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args()
    path = write(args.out_dir, args.seed)
    print(path)


if __name__ == "__main__":
    main()
