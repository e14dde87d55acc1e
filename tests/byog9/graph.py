"""Deterministic generator of an airline-operations property graph (GraphML) for the byog9 question set.

Usage: python tests/byog9/graph.py DIR [--seed N]  ->  DIR/airline.graphml

Everything is drawn from ``random.Random(seed)`` (default 9); no clock, no environment. See README.md for the schema.
"""

from __future__ import annotations

import argparse
import math
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

COUNTRIES: list[tuple[str, str, str, list[tuple[str, int, bool]]]] = [
    # (name, region, registration prefix, [(city, population, is_capital)])
    ("Portugal", "Europe", "CS-", [("Lisbon", 545000, True), ("Porto", 232000, False), ("Faro", 64000, False),
                                   ("Funchal", 105000, False)]),
    ("Spain", "Europe", "EC-", [("Madrid", 3300000, True), ("Barcelona", 1620000, False), ("Valencia", 792000, False),
                                ("Seville", 684000, False), ("Bilbao", 346000, False)]),
    ("Ireland", "Europe", "EI-", [("Dublin", 592000, True), ("Cork", 222000, False), ("Shannon", 10000, False)]),
    ("Germany", "Europe", "D-", [("Berlin", 3640000, True), ("Munich", 1490000, False), ("Hamburg", 1850000, False),
                                 ("Cologne", 1080000, False)]),
    ("France", "Europe", "F-", [("Paris", 2160000, True), ("Lyon", 516000, False), ("Nice", 342000, False),
                                ("Toulouse", 493000, False)]),
    ("United Kingdom", "Europe", "G-", [("London", 8980000, True), ("Manchester", 553000, False),
                                        ("Edinburgh", 527000, False), ("Belfast", 345000, False)]),
    ("Norway", "Europe", "LN-", [("Oslo", 697000, True), ("Bergen", 285000, False), ("Tromso", 77000, False)]),
    ("Netherlands", "Europe", "PH-", [("Amsterdam", 872000, True), ("Rotterdam", 651000, False),
                                      ("Eindhoven", 235000, False)]),
    ("Italy", "Europe", "I-", [("Rome", 2870000, True), ("Milan", 1370000, False), ("Naples", 914000, False),
                               ("Catania", 298000, False)]),
    ("Turkey", "Europe", "TC-", [("Ankara", 5660000, True), ("Istanbul", 15460000, False), ("Izmir", 4370000, False),
                                 ("Antalya", 1340000, False)]),
    ("Morocco", "Africa", "CN-", [("Rabat", 578000, True), ("Casablanca", 3360000, False),
                                  ("Marrakesh", 929000, False)]),
    ("Egypt", "Africa", "SU-", [("Cairo", 9540000, True), ("Alexandria", 5200000, False), ("Luxor", 507000, False)]),
    ("Canada", "Americas", "C-", [("Ottawa", 1017000, True), ("Toronto", 2790000, False),
                                  ("Vancouver", 675000, False), ("Halifax", 439000, False)]),
    ("United States", "Americas", "N", [("Washington", 690000, True), ("Boston", 675000, False),
                                        ("Chicago", 2700000, False), ("Denver", 715000, False),
                                        ("Seattle", 737000, False)]),
    ("Brazil", "Americas", "PR-", [("Brasilia", 3050000, True), ("Sao Paulo", 12330000, False),
                                   ("Recife", 1660000, False), ("Salvador", 2900000, False)]),
    ("Argentina", "Americas", "LV-", [("Buenos Aires", 3075000, True), ("Cordoba", 1390000, False),
                                      ("Mendoza", 115000, False)]),
    ("Japan", "Asia-Pacific", "JA", [("Tokyo", 13960000, True), ("Osaka", 2750000, False),
                                     ("Sapporo", 1970000, False), ("Fukuoka", 1610000, False)]),
    ("Australia", "Asia-Pacific", "VH-", [("Canberra", 431000, True), ("Sydney", 5310000, False),
                                          ("Melbourne", 5080000, False), ("Perth", 2090000, False)]),
]

CITY_COORDS: dict[str, tuple[float, float]] = {  # approximate latitude, longitude
    "Lisbon": (38.7, -9.1), "Porto": (41.15, -8.6), "Faro": (37.0, -7.9), "Funchal": (32.65, -16.9),
    "Madrid": (40.4, -3.7), "Barcelona": (41.4, 2.2), "Valencia": (39.5, -0.4), "Seville": (37.4, -6.0),
    "Bilbao": (43.3, -2.9), "Dublin": (53.35, -6.26), "Cork": (51.9, -8.5), "Shannon": (52.7, -8.9),
    "Berlin": (52.5, 13.4), "Munich": (48.1, 11.6), "Hamburg": (53.55, 10.0), "Cologne": (50.9, 6.96),
    "Paris": (48.86, 2.35), "Lyon": (45.76, 4.84), "Nice": (43.7, 7.27), "Toulouse": (43.6, 1.44),
    "London": (51.5, -0.13), "Manchester": (53.48, -2.24), "Edinburgh": (55.95, -3.19), "Belfast": (54.6, -5.93),
    "Oslo": (59.9, 10.75), "Bergen": (60.39, 5.32), "Tromso": (69.65, 18.96), "Amsterdam": (52.37, 4.9),
    "Rotterdam": (51.92, 4.48), "Eindhoven": (51.44, 5.47), "Rome": (41.9, 12.5), "Milan": (45.46, 9.19),
    "Naples": (40.85, 14.27), "Catania": (37.5, 15.09), "Ankara": (39.93, 32.86), "Istanbul": (41.0, 28.98),
    "Izmir": (38.42, 27.14), "Antalya": (36.9, 30.7), "Rabat": (34.02, -6.84), "Casablanca": (33.57, -7.59),
    "Marrakesh": (31.63, -8.0), "Cairo": (30.04, 31.24), "Alexandria": (31.2, 29.92), "Luxor": (25.69, 32.64),
    "Ottawa": (45.42, -75.7), "Toronto": (43.65, -79.38), "Vancouver": (49.28, -123.12), "Halifax": (44.65, -63.57),
    "Washington": (38.9, -77.04), "Boston": (42.36, -71.06), "Chicago": (41.88, -87.63), "Denver": (39.74, -104.99),
    "Seattle": (47.61, -122.33), "Brasilia": (-15.8, -47.9), "Sao Paulo": (-23.55, -46.63), "Recife": (-8.05, -34.9),
    "Salvador": (-12.97, -38.5), "Buenos Aires": (-34.6, -58.38), "Cordoba": (-31.42, -64.18),
    "Mendoza": (-32.89, -68.83), "Tokyo": (35.68, 139.69), "Osaka": (34.69, 135.5), "Sapporo": (43.06, 141.35),
    "Fukuoka": (33.59, 130.4), "Canberra": (-35.28, 149.13), "Sydney": (-33.87, 151.21),
    "Melbourne": (-37.81, 144.96), "Perth": (-31.95, 115.86),
}

# Cities that get an airport, and the name pattern of each airport. A few cities get a second airport.
AIRPORT_STYLES = ["{c} International Airport", "{c} {p} Airport", "{c} Regional Airport", "{c} {p} International Airport"]
AIRPORT_PEOPLE = [  # aviation pioneers and local notables an airport might be named after
    "Amelia Earhart", "Louis Bleriot", "Santos-Dumont", "Otto Lilienthal", "Bessie Coleman", "Roald Amundsen",
    "Jean Mermoz", "Hubert Latham", "Amy Johnson", "Charles Kingsford", "Igor Sikorsky", "Hanna Reitsch",
    "Gago Coutinho", "Sacadura Cabral", "Juan de la Cierva", "Umberto Nobile", "Vecihi Hurkus", "Jorge Chavez",
    "Harriet Quimby", "Nancy Bird Walton", "Ruth Elder", "Jorge Newbery", "Anesia Pinheiro", "Bert Hinkler",
    "Francesco de Pinedo", "Elise Deroche", "Sabiha Gokcen", "Alcock and Brown", "Tryggve Gran", "Lotfia El Nadi",
    "Wilbur Wright", "Glenn Curtiss", "Chiune Sugihara", "Nino Bixio", "Beryl Markham", "Hinkler Field",
]
SECOND_AIRPORT = {"London": "London Gatwick Airport", "Paris": "Paris Orly Airport", "Tokyo": "Tokyo Narita Airport",
                  "Istanbul": "Istanbul Bosphorus Airport", "Milan": "Milan Linate Airport",
                  "Chicago": "Chicago Midway Airport"}

AIRLINES: list[tuple[str, str, str, str]] = [
    # (name, 2-letter flight code, ICAO code, home city)
    ("Nordvik Air", "NV", "NVK", "Oslo"), ("Atlantic Coral Airways", "AQ", "ACW", "Lisbon"),
    ("Sierra Azul", "SZ", "SAZ", "Madrid"), ("Shamrock Skies", "SK", "SHK", "Dublin"),
    ("Rheinflug", "RF", "RHF", "Cologne"), ("Aeroliane Provence", "AP", "APV", "Nice"),
    ("Thistle Airways", "TH", "THW", "Edinburgh"), ("Tulip Express", "TX", "TPX", "Amsterdam"),
    ("Vesuvio Air", "VS", "VSO", "Naples"), ("Anatolian Wings", "AW", "ANW", "Istanbul"),
    ("Atlas Sahara Airlines", "AS", "ASH", "Casablanca"), ("Maple Crest Airlines", "MC", "MCR", "Toronto"),
    ("Pampas Condor", "PC", "PCD", "Buenos Aires"), ("Sakura Pacific", "SP", "SKP", "Osaka"),
    ("Southern Cross Jet", "SX", "SCJ", "Melbourne"),
]
ALLIANCES = ["SkyBridge", "Polaris Alliance", "OneHorizon", "none"]

MODELS: list[tuple[str, int, int]] = [  # (model, typical seats, typical range km)
    ("A320neo", 180, 6300), ("A321neo", 220, 7400), ("737-800", 186, 5400), ("737 MAX 8", 178, 6500),
    ("E195-E2", 132, 4800), ("ATR 72-600", 70, 1500), ("A330-300", 290, 11700), ("787-9", 296, 14000),
]
STATUSES = ["On time", "On time", "On time", "On time", "Delayed", "Delayed", "Cancelled", "Diverted"]
ROLES = ["Captain", "First Officer", "Flight Attendant", "Purser"]
CHECKS = ["A-check", "B-check", "C-check", "Engine inspection", "Line check", "Landing gear overhaul"]
CHECK_COST = {"A-check": 18000.0, "B-check": 42000.0, "C-check": 310000.0, "Engine inspection": 95000.0,
              "Line check": 3500.0, "Landing gear overhaul": 160000.0}

FIRST_NAMES = [
    "Ana", "Bruno", "Carla", "Diogo", "Elena", "Felix", "Greta", "Hugo", "Ines", "Jonas", "Katrin", "Luca", "Marta",
    "Nils", "Olga", "Pablo", "Quentin", "Rosa", "Sven", "Tomas", "Ursula", "Viktor", "Wanda", "Xavier", "Yara", "Zoltan",
    "Aoife", "Ciaran", "Siobhan", "Hamid", "Leila", "Youssef", "Amira", "Kenji", "Yuki", "Haruto", "Mei", "Liam",
    "Chloe", "Mateo", "Valentina", "Joao", "Beatriz", "Ingrid", "Magnus", "Fatima", "Omar", "Sofia", "Emre", "Zeynep",
    "Priya", "Daniel", "Harriet", "Callum", "Isla", "Noah", "Ava", "Rafael", "Camila", "Lucas",
]
LAST_NAMES = [
    "Almeida", "Berg", "Castro", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ibarra", "Jensen", "Keller",
    "Lindqvist", "Moreau", "Novak", "O'Brien", "Pereira", "Quinn", "Rossi", "Schmidt", "Tanaka", "Ueda", "Vidal",
    "Walsh", "Yilmaz", "Zimmermann", "Benali", "Haddad", "El Amrani", "Sato", "Nakamura", "Murphy", "Kelly", "Santos",
    "Oliveira", "Costa", "Ferreira", "Romano", "Bianchi", "Kaya", "Demir", "MacLeod", "Campbell", "Fraser", "Thompson",
    "Nguyen", "Silva", "Bakker", "de Vries", "Visser", "Okafor", "Mendez", "Herrera", "Fujita", "Lambert", "Olsen",
]

N_AIRCRAFT = 140
N_FLIGHTS = 760
N_CREW = 330
N_MAINT = 250


def _iso(d: date) -> str:
    return d.isoformat()


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in km."""
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = 9) -> nx.DiGraph:
    """The airline graph for ``seed``; node ids are "<type>-<n>", edge type in ``label``."""
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, typ: str, **attrs) -> str:
        assert nid not in g, nid
        g.add_node(nid, labels=f":{typ}", **attrs)
        return nid

    def edge(a: str, b: str, label: str, **attrs) -> None:
        assert not g.has_edge(a, b), (a, b, label)
        g.add_edge(a, b, label=label, **attrs)

    # Countries and cities.
    city_ids: dict[str, str] = {}
    city_country: dict[str, str] = {}
    reg_prefix: dict[str, str] = {}
    n_city = 0
    for i, (cname, region, prefix, cities) in enumerate(COUNTRIES, 1):
        cid = node(f"country-{i}", "Country", name=cname, region=region, registration_prefix=prefix.rstrip("-"))
        reg_prefix[cid] = prefix
        for city, pop, capital in cities:
            n_city += 1
            pid = node(f"city-{n_city}", "City", name=city, population=int(pop), is_capital=bool(capital))
            edge(pid, cid, "LOCATED_IN")
            city_ids[city] = pid
            city_country[pid] = cid

    # Airports: most cities get one, a few a second one.
    airline_homes = {home for _, _, _, home in AIRLINES}
    people = list(AIRPORT_PEOPLE)
    rng.shuffle(people)
    airports: list[str] = []
    coords: dict[str, tuple[float, float]] = {}
    used_codes: set[str] = set()
    n_ap = 0
    for city, pid in city_ids.items():
        if city not in airline_homes and city not in SECOND_AIRPORT and rng.random() < 0.25:
            continue  # not every city has an airport of its own
        names = [rng.choice(AIRPORT_STYLES).format(c=city, p=people.pop() if people else "Central")]
        if city in SECOND_AIRPORT:
            names.append(SECOND_AIRPORT[city])
        for apname in names:
            n_ap += 1
            while True:
                code = "".join(rng.choice("ABCDEFGHIJKLMNOPRSTUVWXYZ") for _ in range(3))
                if code not in used_codes:
                    used_codes.add(code)
                    break
            aid = node(f"airport-{n_ap}", "Airport", name=apname, iata_code=code,
                       elevation_m=int(rng.randrange(2, 1700)), runways=int(rng.choice([1, 1, 2, 2, 2, 3, 4])),
                       opened=_iso(_day(rng, date(1925, 1, 1), date(2015, 12, 31))),
                       international=bool(rng.random() < 0.7 or "International" in apname))
            edge(aid, pid, "SERVES")
            airports.append(aid)
            lat, lon = CITY_COORDS[city]
            coords[aid] = (lat + rng.uniform(-0.2, 0.2), lon + rng.uniform(-0.2, 0.2))
    city_airports: dict[str, list[str]] = {}
    for aid in airports:
        (pid,) = list(g.successors(aid))
        city_airports.setdefault(pid, []).append(aid)

    # Airlines, their headquarters and hubs.
    airlines: list[str] = []
    hubs: dict[str, list[str]] = {}
    for i, (aname, code, icao, home) in enumerate(AIRLINES, 1):
        lid = node(f"airline-{i}", "Airline", name=aname, iata_designator=code, icao_code=icao,
                   founded=_iso(_day(rng, date(1946, 1, 1), date(2012, 12, 31))),
                   alliance=rng.choice(ALLIANCES), low_cost=bool(rng.random() < 0.35))
        airlines.append(lid)
        edge(lid, city_ids[home], "HEADQUARTERED_IN")
        home_aps = city_airports[city_ids[home]]
        others = [a for a in airports if a not in home_aps]
        chosen = [home_aps[0]] + rng.sample(others, rng.randrange(0, 3))
        hubs[lid] = chosen
        for aid in chosen:
            edge(lid, aid, "HUB_AT", since=_iso(_day(rng, date(1990, 1, 1), date(2023, 6, 30))))

    # Aircraft.
    fleet: dict[str, list[str]] = {lid: [] for lid in airlines}
    seats_of: dict[str, int] = {}
    used_regs: set[str] = set()
    for i in range(1, N_AIRCRAFT + 1):
        lid = airlines[(i - 1) % len(airlines)] if i <= len(airlines) * 3 else rng.choice(airlines)
        (home_city,) = [v for v in g.successors(lid) if g.edges[lid, v]["label"] == "HEADQUARTERED_IN"]
        prefix = reg_prefix[city_country[home_city]]
        while True:
            if prefix == "N":
                reg = f"N{rng.randrange(100, 999)}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}"
            elif prefix == "JA":
                reg = f"JA{rng.randrange(10, 99)}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}"
            else:
                reg = prefix + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3))
            if reg not in used_regs:
                used_regs.add(reg)
                break
        model, seats, rng_km = rng.choice(MODELS)
        seats = int(seats + rng.randrange(-12, 13))
        built = int(rng.randrange(1998, 2024))
        xid = node(f"aircraft-{i}", "Aircraft", name=reg, model=model, seats=seats, year_built=built,
                   max_range_km=float(round(rng_km * rng.uniform(0.93, 1.05), 1)), in_service=bool(rng.random() < 0.9))
        seats_of[xid] = seats
        fleet[lid].append(xid)
        edge(xid, lid, "IN_FLEET_OF", leased=bool(rng.random() < 0.4),
             since=_iso(_day(rng, date(max(built, 2000), 1, 1), date(2024, 1, 31))))

    # Crew members (unique full names), employment and mentoring (senior mentors junior, same airline).
    crew_of: dict[str, dict[str, list[str]]] = {lid: {r: [] for r in ROLES} for lid in airlines}
    hired_of: dict[str, date] = {}
    used_names: set[tuple[str, str]] = set()
    for i in range(1, N_CREW + 1):
        while True:
            fn, ln = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            if (fn, ln) not in used_names:
                used_names.add((fn, ln))
                break
        lid = airlines[(i - 1) % len(airlines)] if i <= len(airlines) * 8 else rng.choice(airlines)
        role = ROLES[(i - 1) % 4] if i <= 4 * len(airlines) * 2 else rng.choice(ROLES)
        hired = _day(rng, date(1996, 1, 1), date(2023, 12, 31))
        cid = node(f"crew-{i}", "CrewMember", first_name=fn, last_name=ln, role=role, hired_on=_iso(hired),
                   flight_hours=int(max(200, (date(2024, 12, 31) - hired).days * rng.uniform(1.2, 2.4))),
                   languages=int(rng.choice([1, 2, 2, 2, 3, 3, 4])))
        edge(cid, lid, "EMPLOYED_BY")
        hired_of[cid] = hired
        crew_of[lid][role].append(cid)
    for lid in airlines:
        members = sorted((c for r in ROLES for c in crew_of[lid][r]), key=lambda c: (hired_of[c], c))
        for j, cid in enumerate(members):
            seniors = [s for s in members[:j] if (hired_of[cid] - hired_of[s]).days > 365]
            if seniors and rng.random() < 0.55:
                edge(rng.choice(seniors[-6:]), cid, "MENTORS", since=_iso(_day(rng, hired_of[cid], date(2024, 6, 30))))

    # Flights.
    used_numbers: set[str] = set()
    for i in range(1, N_FLIGHTS + 1):
        lid = rng.choice(airlines)
        code = g.nodes[lid]["iata_designator"]
        while True:
            number = f"{code}{rng.randrange(100, 9999)}"
            if number not in used_numbers:
                used_numbers.add(number)
                break
        origin = rng.choice(hubs[lid]) if rng.random() < 0.6 else rng.choice(airports)
        reach = max(g.nodes[x]["max_range_km"] for x in fleet[lid])
        dests = [a for a in airports if a != origin and _km(coords[origin], coords[a]) <= reach]
        dest = rng.choices(dests, weights=[1.0 / (1.0 + _km(coords[origin], coords[a]) / 1500.0) for a in dests])[0]
        dist = float(round(max(150.0, _km(coords[origin], coords[dest])), 1))
        xid = rng.choice([x for x in fleet[lid] if g.nodes[x]["max_range_km"] >= dist])
        status = rng.choice(STATUSES)
        pax = 0 if status == "Cancelled" else int(seats_of[xid] * rng.uniform(0.55, 1.0))
        fid = node(f"flight-{i}", "Flight", name=number, flight_date=_iso(_day(rng, date(2024, 1, 1), date(2024, 12, 31))),
                   status=status, distance_km=dist, passengers=pax)
        edge(fid, lid, "OPERATED_BY")
        delay = 0 if status in ("On time", "Cancelled") else int(rng.randrange(16, 240))
        edge(fid, origin, "DEPARTS_FROM", delay_minutes=delay)
        edge(fid, dest, "ARRIVES_AT")
        edge(fid, xid, "FLOWN_WITH")
        if status == "Cancelled":
            continue
        block = dist / 780.0 + 0.6
        team = [rng.choice(crew_of[lid]["Captain"]), rng.choice(crew_of[lid]["First Officer"])]
        team += rng.sample(crew_of[lid]["Flight Attendant"], min(len(crew_of[lid]["Flight Attendant"]), rng.randrange(1, 4)))
        if crew_of[lid]["Purser"] and rng.random() < 0.5:
            team.append(rng.choice(crew_of[lid]["Purser"]))
        for cid in team:
            edge(cid, fid, "WORKED_ON", duty_hours=float(round(block + rng.uniform(1.0, 2.5), 2)))

    # Maintenance events.
    aircraft = [x for lid in airlines for x in fleet[lid]]
    owner = {x: lid for lid in airlines for x in fleet[lid]}
    used_mnames: set[str] = set()
    for i in range(1, N_MAINT + 1):
        while True:
            xid = rng.choice(aircraft)
            check = rng.choice(CHECKS)
            when = _day(rng, date(2022, 1, 1), date(2024, 12, 31))
            mname = f"{check} {g.nodes[xid]['name']} {_iso(when)}"
            if mname not in used_mnames:
                used_mnames.add(mname)
                break
        where = rng.choice(hubs[owner[xid]]) if rng.random() < 0.8 else rng.choice(airports)
        mid = node(f"maintenance-{i}", "MaintenanceEvent", name=mname, check_type=check, performed_on=_iso(when),
                   cost_usd=float(round(CHECK_COST[check] * rng.uniform(0.7, 1.4), 2)),
                   downtime_hours=int(rng.randrange(2, 30) if check in ("A-check", "Line check") else rng.randrange(24, 600)),
                   defects_found=bool(rng.random() < 0.3))
        edge(mid, xid, "PERFORMED_ON")
        edge(mid, where, "PERFORMED_AT")
    shown = [d.get("name") or f"{d['first_name']} {d['last_name']}" for _, d in g.nodes(data=True)]
    assert len(shown) == len(set(shown)), "display names must be unique"
    return g


def write(out_dir: str | Path, seed: int = 9) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "airline.graphml"
    nx.write_graphml(build(seed), path)
    return path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--seed", type=int, default=9)
    args = ap.parse_args(argv)
    print(write(args.dir, args.seed))


if __name__ == "__main__":
    main()
