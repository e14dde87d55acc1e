"""Deterministic generator of a tourism / travel-agency property graph as Neo4j admin-import CSV files.

    python tests/byog56/graph.py OUT_DIR [--seed N]

writes OUT_DIR/travel_csv/: one ``nodes_<label>.csv`` per label and one ``rels_<type>.csv`` per relationship
type. Stdlib ``random.Random(seed)`` plus networkx (used to check that 4-hop paths exist).
"""

from __future__ import annotations

import argparse
import csv
import re
from datetime import date, timedelta
from pathlib import Path
from random import Random

import networkx as nx

COUNTRIES = [  # name, iso, continent, schengen, cities
    ("Portugal", "PT", "Europe", True, ["Lisbon", "Porto", "Faro", "Coimbra", "Braga"]),
    ("Spain", "ES", "Europe", True, ["Seville", "Granada", "Valencia", "Bilbao", "Malaga"]),
    ("Italy", "IT", "Europe", True, ["Florence", "Naples", "Verona", "Palermo", "Bologna"]),
    ("France", "FR", "Europe", True, ["Lyon", "Marseille", "Bordeaux", "Nice", "Strasbourg"]),
    ("Greece", "GR", "Europe", True, ["Athens", "Thessaloniki", "Heraklion", "Chania"]),
    ("Croatia", "HR", "Europe", True, ["Dubrovnik", "Split", "Zagreb", "Zadar"]),
    ("Morocco", "MA", "Africa", False, ["Marrakesh", "Fez", "Tangier", "Essaouira"]),
    ("Egypt", "EG", "Africa", False, ["Cairo", "Luxor", "Aswan", "Alexandria"]),
    ("Japan", "JP", "Asia", False, ["Kyoto", "Osaka", "Sapporo", "Nara", "Hiroshima"]),
    ("Thailand", "TH", "Asia", False, ["Bangkok", "Chiang Mai", "Phuket", "Krabi"]),
    ("Vietnam", "VN", "Asia", False, ["Hanoi", "Hue", "Hoi An", "Da Nang"]),
    ("Peru", "PE", "South America", False, ["Lima", "Cusco", "Arequipa", "Puno"]),
    ("Argentina", "AR", "South America", False, ["Mendoza", "Salta", "Ushuaia", "Cordoba"]),
    ("Chile", "CL", "South America", False, ["Santiago", "Valparaiso", "Punta Arenas"]),
    ("Iceland", "IS", "Europe", True, ["Reykjavik", "Akureyri", "Vik"]),
    ("Norway", "NO", "Europe", True, ["Bergen", "Tromso", "Stavanger", "Alesund"]),
    ("United Kingdom", "GB", "Europe", False, ["Edinburgh", "Inverness", "York", "Bath"]),
    ("Kenya", "KE", "Africa", False, ["Nairobi", "Mombasa", "Nakuru"]),
    ("South Africa", "ZA", "Africa", False, ["Cape Town", "Durban", "Stellenbosch"]),
    ("Turkey", "TR", "Asia", False, ["Istanbul", "Izmir", "Antalya", "Goreme"]),
    ("Mexico", "MX", "North America", False, ["Oaxaca", "Merida", "Tulum", "Puebla"]),
    ("Canada", "CA", "North America", False, ["Vancouver", "Quebec", "Banff", "Halifax"]),
    ("Australia", "AU", "Oceania", False, ["Sydney", "Cairns", "Hobart", "Perth"]),
    ("New Zealand", "NZ", "Oceania", False, ["Queenstown", "Rotorua", "Wellington"]),
    ("Indonesia", "ID", "Asia", False, ["Ubud", "Yogyakarta", "Labuan Bajo"]),
    ("Jordan", "JO", "Asia", False, ["Amman", "Petra", "Aqaba"]),
]
OPERATORS = [  # name, mode
    ("Aurora Airways", "airline"), ("Skylark Air", "airline"), ("Meridian Airlines", "airline"),
    ("Boreal Wings", "airline"), ("Cobalt Jet", "airline"), ("Falcon Atlantic", "airline"),
    ("Zephyr Air", "airline"), ("Solstice Airlines", "airline"), ("Pilgrim", "airline"),
    ("Bluebird Coaches", "coach"), ("Swift Coachlines", "coach"), ("Roadrunner Bus", "coach"),
    ("Greyfield Coaches", "coach"), ("Wanderbus", "coach"), ("Nomad Coaches", "coach"), ("Voyager", "coach"),
    ("Lakeside Rail", "rail"), ("Iron Horse Railways", "rail"), ("Sterling Rail", "rail"),
    ("Northstar Trains", "rail"), ("Gull Ferries", "ferry"), ("Blue Tide Ferries", "ferry"),
    ("Seastar Lines", "ferry"), ("Albatross Marine", "ferry"),
]
HOTEL_A = ["Azure", "Copper", "Golden", "Silver", "Ivory", "Amber", "Velvet", "Crimson", "Emerald", "Cobalt",
           "Willow", "Cedar", "Juniper", "Olive", "Saffron", "Marble", "Coral", "Jade", "Scarlet", "Indigo",
           "Pearl", "Misty", "Quiet", "Old", "Grand", "Royal", "Little", "Hidden", "Lazy", "Bright"]
HOTEL_N = ["Harbour", "Lantern", "Pines", "Garden", "Court", "Terrace", "Palms", "Cove", "Anchor", "Meadow",
           "Orchard", "Compass", "Fountain", "Lighthouse", "Cliff", "Bay", "Ridge", "Bridge", "Gate", "Crown",
           "Tower", "Mill", "Sail", "Dune", "Spring"]
HOTEL_S = ["Hotel", "Inn", "Lodge", "Resort", "Suites", "House", "Retreat"]
TOUR_A = ["Alpine", "Coastal", "Desert", "Island", "Imperial", "Ancient", "Secluded", "Wild", "Northern",
          "Southern", "Sunlit", "Highland", "Volcanic", "Riverside", "Gilded", "Spice", "Silk", "Vineyard",
          "Glacier", "Canyon", "Lagoon", "Jungle", "Seaside", "Moonlit"]
TOUR_N = ["Trails", "Treasures", "Horizons", "Wonders", "Secrets", "Rhythms", "Flavours", "Legends",
          "Footsteps", "Vistas", "Echoes", "Routes", "Shores", "Peaks", "Markets", "Temples"]
TOUR_K = ["Discovery", "Escape", "Odyssey", "Circuit", "Explorer", "Sojourn", "Getaway", "Expedition",
          "Voyage", "Ramble"]
ACT_Q = ["Sunrise", "Sunset", "Twilight", "Morning", "Evening", "Private", "Family", "Guided", "Midnight",
         "Lamplit", "Harvest", "Secret", "Rooftop", "Slow"]
ACT_A = ["Kayak Paddle", "Cooking Class", "Wine Tasting", "Street Food Walk", "Cycling Tour", "Snorkel Trip",
         "Camel Ride", "Balloon Flight", "Temple Walk", "Photo Safari", "Pottery Workshop", "Canyon Hike",
         "Boat Cruise", "Jeep Safari", "Tea Ceremony", "Dance Lesson", "Glacier Walk", "Zipline", "Horse Trek",
         "Bazaar Crawl"]
COASTAL = {"Lisbon", "Porto", "Faro", "Valencia", "Malaga", "Bilbao", "Naples", "Palermo", "Marseille", "Nice",
           "Athens", "Thessaloniki", "Heraklion", "Chania", "Dubrovnik", "Split", "Zadar", "Tangier", "Essaouira",
           "Alexandria", "Osaka", "Hiroshima", "Phuket", "Krabi", "Da Nang", "Hoi An", "Lima", "Ushuaia",
           "Valparaiso", "Punta Arenas", "Reykjavik", "Akureyri", "Vik", "Bergen", "Tromso", "Stavanger",
           "Alesund", "Edinburgh", "Inverness", "Mombasa", "Cape Town", "Durban", "Istanbul", "Izmir", "Antalya",
           "Tulum", "Vancouver", "Halifax", "Sydney", "Cairns", "Hobart", "Perth", "Wellington", "Labuan Bajo",
           "Aqaba"}
FIRST = ["Amelia", "Oliver", "Isla", "Noah", "Freya", "Arthur", "Maya", "Leo", "Clara", "Hugo", "Nora", "Felix",
         "Ines", "Mateo", "Lucia", "Tomas", "Sofia", "Rafael", "Elena", "Diego", "Anika", "Jonas", "Leila",
         "Omar", "Priya", "Arjun", "Mei", "Kenji", "Yuki", "Haruto", "Ingrid", "Lars", "Astrid", "Sven", "Chloe",
         "Marcel", "Amara", "Kwame", "Zara", "Idris", "Rosa", "Pablo", "Greta", "Emil", "Nadia", "Viktor",
         "Hana", "Tariq", "Bianca", "Carlo", "Esme", "Rowan", "Tessa", "Callum", "Fiona", "Ewan", "Marta",
         "Bruno", "Alma", "Dario", "Selin", "Emre", "Ayla", "Kofi", "Nia", "Tavita", "Aroha", "Liam", "Ruby",
         "Quentin"]
LAST = ["Almeida", "Baxter", "Castillo", "Dubois", "Eriksen", "Ferreira", "Gallagher", "Hartmann", "Ibarra",
        "Jensen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quiroga", "Rossi",
        "Santos", "Tanaka", "Ueda", "Varga", "Whitaker", "Xavier", "Yilmaz", "Zielinski", "Abernathy", "Brennan",
        "Costa", "Delgado", "Engel", "Fontaine", "Grieg", "Horvat", "Iqbal", "Jovanovic", "Kaur", "Lambert",
        "Mendes", "Novak", "Oyelaran", "Pereira", "Rahman", "Schubert", "Thorsen", "Urquhart", "Vance", "Wagner",
        "Yamada", "Zhou", "Achterberg", "Bergstrom", "Carvalho", "Dimitriou", "Esposito", "Fitzgerald", "Gonzaga",
        "Halvorsen", "Ivanova", "Kaplan", "Lorenzo", "Mwangi", "Nilsen", "Ortega", "Papadakis", "Ramos",
        "Sorensen", "Takahashi", "Valdez", "Winslow"]


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", name.lower()))


class Names:
    """Display names unique across the graph, none contained (as whole words) in another."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.subs: set[tuple[str, ...]] = set()

    def take(self, name: str) -> bool:
        t = _tokens(name)
        if t in self.subs:  # equal to, or inside, an accepted name
            return False
        parts = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        if parts & self.full:  # an accepted name inside this one
            return False
        self.full.add(t)
        self.subs |= parts
        return True


def _day(rng: Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def _code(rng: Random, letters: int, digits: int) -> str:
    abc = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    return "".join(rng.choice(abc) for _ in range(letters)) + "".join(rng.choice("0123456789") for _ in range(digits))


def build(seed: int) -> tuple[dict[str, tuple[list[str], list[list]]], dict[str, tuple[list[str], list[list]]]]:
    rng = Random(seed)
    names = Names()
    nodes: dict[str, tuple[list[str], list[list]]] = {}
    rels: dict[str, tuple[list[str], list[list]]] = {}

    def node_file(label: str, header: list[str]) -> list[list]:
        nodes[label] = (header, [])
        return nodes[label][1]

    def rel_file(rtype: str, props: list[str]) -> list[list]:
        rels[rtype] = ([":START_ID", ":END_ID", ":TYPE", *props], [])
        return rels[rtype][1]

    # -- countries and cities
    countries = node_file("Country", ["countryId:ID", ":LABEL", "name:string", "iso_code:string",
                                      "continent:string", "schengen:boolean", "population_m:float"])
    cities = node_file("City", ["cityId:ID", ":LABEL", "name:string", "city_code:string", "population:int",
                                "coastal:boolean", "climate:string"])
    located = rel_file("LOCATED_IN", [])
    city_ids: list[str] = []
    n_city = 0
    for i, (cname, iso, cont, sch, cl) in enumerate(COUNTRIES, 1):
        assert names.take(cname), cname
        countries.append([f"country-{i}", "Country", cname, iso, cont, sch, round(rng.uniform(0.4, 130), 1)])
        for city in cl:
            assert names.take(city), city
            n_city += 1
            cid = f"city-{n_city}"
            city_ids.append(cid)
            climate = rng.choice(["temperate", "mediterranean", "arid", "tropical", "subarctic"])
            cities.append([cid, "City", city, _code(rng, 3, 0), rng.randrange(20_000, 9_000_000),
                           city in COASTAL, climate])
            located.append([cid, f"country-{i}", "LOCATED_IN"])

    # -- operators
    ops = node_file("Operator", ["operatorId:ID", ":LABEL", "name:string", "mode:string", "carrier_code:string",
                                 "founded:int", "low_cost:boolean", "fleet_size:int"])
    for i, (oname, mode) in enumerate(OPERATORS, 1):
        assert names.take(oname), oname
        ops.append([f"operator-{i}", "Operator", oname, mode, _code(rng, 2, 3), rng.randrange(1925, 2019),
                    rng.random() < 0.35, rng.randrange(6, 240)])
    op_ids = [r[0] for r in ops]

    # -- hotels
    hotels = node_file("Hotel", ["hotelId:ID", ":LABEL", "name:string", "hotel_code:string", "stars:int",
                                 "nightly_rate_eur:float", "opened:date", "has_spa:boolean", "chain:string"])
    hotel_in = rel_file("HOTEL_IN", [])
    hotels_by_city: dict[str, list[str]] = {c: [] for c in city_ids}
    for i in range(1, 181):
        while True:
            hn = f"{rng.choice(HOTEL_A)} {rng.choice(HOTEL_N)} {rng.choice(HOTEL_S)}"
            if names.take(hn):
                break
        hid = f"hotel-{i}"
        # one hotel per city, then a hotel-dense Lisbon, then anywhere
        city = city_ids[i - 1] if i <= len(city_ids) else city_ids[0] if i <= len(city_ids) + 6 \
            else rng.choice(city_ids)
        hotels_by_city[city].append(hid)
        stars = rng.choice([2, 3, 3, 4, 4, 4, 5, 5])
        hotels.append([hid, "Hotel", hn, _code(rng, 2, 4), stars, round(rng.uniform(35, 95) * stars * 0.8, 2),
                       _day(rng, date(1950, 1, 1), date(2022, 12, 31)).isoformat(), rng.random() < 0.4,
                       rng.choice(["independent", "independent", "Meridia Group", "Stayloft", "Casa Collection"])])
        hotel_in.append([hid, city, "HOTEL_IN"])

    # -- activities
    acts = node_file("Activity", ["activityId:ID", ":LABEL", "name:string", "duration_h:float", "difficulty:string",
                                  "outdoor:boolean", "min_age:int"])
    act_in = rel_file("ACTIVITY_IN", [])
    acts_by_city: dict[str, list[str]] = {c: [] for c in city_ids}
    for i in range(1, 151):
        while True:
            an = f"{rng.choice(ACT_Q)} {rng.choice(ACT_A)}"
            if names.take(an):
                break
        aid = f"activity-{i}"
        city = rng.choice(city_ids)
        acts_by_city[city].append(aid)
        acts.append([aid, "Activity", an, round(rng.choice([1, 1.5, 2, 2.5, 3, 4, 6, 8]) + rng.random() * 0.5, 1),
                     rng.choice(["easy", "easy", "moderate", "moderate", "hard"]), rng.random() < 0.7,
                     rng.choice([0, 6, 8, 12, 16, 18])])
        act_in.append([aid, city, "ACTIVITY_IN"])

    # -- guides and the MENTORS self-relation (mentor -> mentee, the mentor was hired earlier)
    guides = node_file("Guide", ["guideId:ID", ":LABEL", "first_name:string", "last_name:string",
                                 "licence_no:string", "hired:date", "certified:boolean", "rating:float",
                                 "languages:int", "specialty:string"])

    def person() -> tuple[str, str]:
        while True:
            f, la = rng.choice(FIRST), rng.choice(LAST)
            if names.take(f"{f} {la}"):
                return f, la

    hired = sorted(_day(rng, date(2004, 1, 1), date(2023, 12, 31)) for _ in range(70))
    for i in range(1, 71):
        f, la = person()
        guides.append([f"guide-{i}", "Guide", f, la, "LIC" + _code(rng, 0, 6), hired[i - 1].isoformat(),
                       rng.random() < 0.6, round(rng.uniform(3.2, 5.0), 2), rng.randrange(1, 6),
                       rng.choice(["history", "nature", "food", "adventure", "culture"])])
    mentors = rel_file("MENTORS", ["since:date"])
    for i in range(6, 71):
        if rng.random() < 0.8:
            m = rng.randrange(max(1, i - 25), i)
            since = hired[i - 1] + timedelta(days=rng.randrange(10, 400))
            mentors.append([f"guide-{m}", f"guide-{i}", "MENTORS", since.isoformat()])

    # -- tours and their edges
    tours = node_file("Tour", ["tourId:ID", ":LABEL", "title:string", "tour_code:string", "price_eur:float",
                               "nights:int", "starts:date", "all_inclusive:boolean", "theme:string"])
    visits = rel_file("VISITS", ["day:int", "nights_there:int"])
    stays = rel_file("STAYS_AT", ["nights:int", "board:string"])
    led = rel_file("LED_BY", ["role:string", "fee_eur:float"])
    carried = rel_file("CARRIED_BY", ["leg:string", "seats:int"])
    includes = rel_file("INCLUDES", ["optional:boolean"])
    tour_info: dict[str, tuple[float, date]] = {}
    for i in range(1, 161):
        while True:
            tn = f"{rng.choice(TOUR_A)} {rng.choice(TOUR_N)} {rng.choice(TOUR_K)}"
            if names.take(tn):
                break
        tid = f"tour-{i}"
        c0 = rng.randrange(len(COUNTRIES))
        pool = [c for c in city_ids if located[city_ids.index(c)][1] == f"country-{c0 + 1}"]
        if rng.random() < 0.4:
            c1 = rng.randrange(len(COUNTRIES))
            pool += [c for c in city_ids if located[city_ids.index(c)][1] == f"country-{c1 + 1}"]
            pool = sorted(set(pool), key=city_ids.index)
        route = rng.sample(pool, min(len(pool), rng.randrange(2, 5)))
        total = 0
        for day, c in enumerate(route, 1):
            n = rng.randrange(1, 5)
            total += n
            visits.append([tid, c, "VISITS", day, n])
            if hotels_by_city[c] and rng.random() < 0.85:
                stays.append([tid, rng.choice(hotels_by_city[c]), "STAYS_AT", n,
                              rng.choice(["bed and breakfast", "half board", "full board", "room only"])])
        cand = [a for c in route for a in acts_by_city[c]]
        for a in rng.sample(cand, min(len(cand), rng.randrange(1, 5))):
            includes.append([tid, a, "INCLUDES", rng.random() < 0.3])
        g = rng.sample(range(1, 71), 2)
        led.append([tid, f"guide-{g[0]}", "LED_BY", "lead", round(rng.uniform(400, 2200), 2)])
        if rng.random() < 0.45:
            led.append([tid, f"guide-{g[1]}", "LED_BY", "assistant", round(rng.uniform(200, 1100), 2)])
        for k, o in enumerate(rng.sample(op_ids, rng.randrange(1, 3))):
            carried.append([tid, o, "CARRIED_BY", ["outbound", "return"][k] if rng.random() < 0.7 else "internal",
                            rng.randrange(12, 60)])
        price = round(total * rng.uniform(140, 420) + rng.uniform(0, 300), 2)
        starts = _day(rng, date(2024, 3, 1), date(2026, 10, 31))
        tour_info[tid] = (price, starts)
        tours.append([tid, "Tour", tn, "T" + _code(rng, 2, 4), price, total, starts.isoformat(),
                      rng.random() < 0.3, rng.choice(["culture", "adventure", "gastronomy", "wellness", "wildlife"])])
    tour_ids = list(tour_info)

    # -- travellers, bookings, reviews, policies
    travellers = node_file("Traveller", ["travellerId:ID", ":LABEL", "first_name:string", "last_name:string",
                                         "passport_no:string", "birth_date:date", "loyalty_tier:string",
                                         "vip:boolean"])
    booked = rel_file("BOOKED", ["price_paid_eur:float", "booked_on:date", "status:string"])
    bookings: list[tuple[str, str]] = []
    for i in range(1, 1101):
        f, la = person()
        trid = f"traveller-{i}"
        travellers.append([trid, "Traveller", f, la, _code(rng, 2, 7),
                           _day(rng, date(1944, 1, 1), date(2004, 12, 31)).isoformat(),
                           rng.choice(["none", "none", "none", "silver", "silver", "gold", "platinum"]),
                           rng.random() < 0.08])
        for t in rng.sample(tour_ids, rng.choice([1, 1, 2, 2, 2, 3, 3, 4])):
            price, starts = tour_info[t]
            paid = round(price * rng.choice([1.0, 1.0, 0.95, 0.9, 0.85, 1.1]), 2)
            on = starts - timedelta(days=rng.randrange(14, 300))
            status = rng.choice(["confirmed"] * 8 + ["cancelled"] * 1 + ["waitlisted"])
            booked.append([trid, t, "BOOKED", paid, on.isoformat(), status])
            bookings.append((trid, t))
    reviews = node_file("Review", ["reviewId:ID", ":LABEL", "title:string", "rating:int", "posted:date",
                                   "verified:boolean"])
    wrote = rel_file("WROTE", [])
    reviews_rel = rel_file("REVIEWS", [])
    for i, k in enumerate(sorted(rng.sample(range(len(bookings)), 520)), 1):
        trid, t = bookings[k]
        rid = f"review-{i}"
        title = f"Review {1000 + i}"
        assert names.take(title)
        reviews.append([rid, "Review", title, rng.choice([1, 2, 3, 3, 4, 4, 4, 5, 5, 5]),
                        (tour_info[t][1] + timedelta(days=rng.randrange(5, 120))).isoformat(), rng.random() < 0.75])
        wrote.append([trid, rid, "WROTE"])
        reviews_rel.append([rid, t, "REVIEWS"])
    policies = node_file("InsurancePolicy", ["policyId:ID", ":LABEL", "title:string", "policy_no:string",
                                             "plan:string", "coverage_eur:float", "valid_from:date",
                                             "annual:boolean"])
    holds = rel_file("HOLDS", [])
    for i, k in enumerate(sorted(rng.sample(range(1, 1101), 420)), 1):
        title = f"Policy {50000 + i}"
        assert names.take(title)
        plan = rng.choice(["basic", "standard", "standard", "premium"])
        cover = {"basic": 5000, "standard": 25000, "premium": 100000}[plan] * rng.choice([1, 1, 2])
        policies.append([f"policy-{i}", "InsurancePolicy", title, "TI" + _code(rng, 0, 8), plan, float(cover),
                         _day(rng, date(2023, 1, 1), date(2025, 12, 31)).isoformat(), rng.random() < 0.5])
        holds.append([f"traveller-{k}", f"policy-{i}", "HOLDS"])
    return nodes, rels


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(out_dir: Path, seed: int) -> Path:
    nodes, rels = build(seed)
    folder = out_dir / "travel_csv"
    folder.mkdir(parents=True, exist_ok=True)
    g = nx.MultiDiGraph()
    for label, (header, rows) in nodes.items():
        with open(folder / f"nodes_{label.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            w.writerows([_cell(v) for v in r] for r in rows)
        g.add_nodes_from(r[0] for r in rows)
    for rtype, (header, rows) in rels.items():
        with open(folder / f"rels_{rtype.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            w.writerows([_cell(v) for v in r] for r in rows)
        g.add_edges_from((r[0], r[1]) for r in rows)
    # a 4-hop path: traveller -> review -> tour -> city -> country
    assert any(nx.has_path(g, "traveller-1", c) for c in (f"country-{i}" for i in range(1, 27)))
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=56)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
