"""Deterministic generator of an airline flight-operations property graph (GraphML, APOC-style labels).

    python tests/byog33/graph.py OUT_DIR [--seed N]

writes OUT_DIR/airline.graphml. Only the standard library's random.Random(seed) and networkx are used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import string

import networkx as nx

FIRST_NAMES = [
    "Ada", "Bruno", "Carmen", "Dmitri", "Elena", "Farid", "Greta", "Hector", "Ingrid", "Jonas", "Keiko", "Luca",
    "Mira", "Nikolai", "Odette", "Pablo", "Quinn", "Rosa", "Soren", "Talia", "Umar", "Vera", "Wendell", "Ximena",
    "Yusuf", "Zora", "Amara", "Bastian", "Celeste", "Dario", "Esme", "Felix", "Gideon", "Hana", "Ivo", "Jasmine",
    "Kofi", "Leona", "Mateo", "Nadia", "Oskar", "Priya", "Rafael", "Saanvi", "Tobias", "Uma", "Viktor", "Willa",
    "Yara", "Zeke", "Anouk", "Bjorn", "Cyrus", "Delphine", "Emil", "Fiona", "Gustavo", "Hallie", "Imre", "Juno",
]
LAST_NAMES = [
    "Abernathy", "Bergstrom", "Castellano", "Dubois", "Eriksen", "Fonseca", "Gallagher", "Haddad", "Ishikawa",
    "Jablonski", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rasmussen",
    "Silveira", "Takahashi", "Ueda", "Valdivia", "Whitlock", "Xiong", "Yilmaz", "Zielinski", "Achebe", "Brennan",
    "Corcoran", "Delacroix", "Esposito", "Fairbanks", "Grimaldi", "Halvorsen", "Iglesias", "Jorgensen", "Kavanagh",
    "Lombardi", "Mbeki", "Novak", "Oyelaran", "Pemberton", "Rinaldi", "Sandoval", "Thorvaldsen", "Urquhart",
    "Vasquez", "Wojcik", "Yamamoto", "Zamora", "Ambrose", "Baptiste", "Chaudhry", "Draper", "Ellison", "Ferreira",
    "Goldberg", "Hargreaves", "Ivanova", "Kim",
]
AIRPORT_PLACES = [
    "Harrowgate", "Pinecrest", "Saltmarsh", "Kingsbridge", "Redwater", "Eastvale", "Brightwater", "Larkspur",
    "Oakhaven", "Northwick", "Ravensport", "Silverton", "Greyhaven", "Marlow Bay", "Copperfield", "Windmere",
    "Stonebridge", "Fairhaven", "Ashford Vale", "Highcliff", "Riverbend", "Thornbury", "Glenmoor", "Sunridge",
    "Westport", "Amberley", "Falconcrest", "Holloway", "Millbrook", "Lakeside",
]
AIRPORT_SUFFIXES = ["International", "Regional", "Airfield", "Municipal"]
COUNTRIES = ["Canada", "United States", "Mexico", "Iceland"]
AIRCRAFT_ADJ = ["Morning", "Northern", "Swift", "Quiet", "Golden", "Crimson", "Bold", "Gentle", "Lucky", "Brave",
                "Wild", "Bright", "Steady", "Open", "Patient", "Restless"]
AIRCRAFT_BIRDS = ["Heron", "Lark", "Falcon", "Gull", "Swallow", "Kestrel", "Tern", "Osprey", "Plover", "Wren",
                  "Petrel", "Robin", "Crane", "Finch"]
MODELS = {  # model -> (base seats, spread, range km)
    "A320neo": (174, 10, 6300.0),
    "A321LR": (196, 12, 7400.0),
    "B737-800": (166, 10, 5400.0),
    "E195-E2": (132, 8, 4800.0),
    "Dash 8-400": (76, 6, 2000.0),
}
ROUTE_WORDS = ["Maple", "Aurora", "Cedar", "Prairie", "Tidewater", "Glacier", "Harvest", "Lantern", "Compass",
               "Beacon", "Horizon", "Juniper", "Driftwood", "Thistle", "Cobalt", "Evergreen"]
ROUTE_KINDS = ["Express", "Link", "Shuttle", "Connector", "Flyer", "Hopper"]
SEASONS = ["year-round", "summer", "winter"]
FLIGHT_STATUS = ["on time", "delayed", "cancelled", "diverted"]
PILOT_RANKS = ["Captain", "Senior First Officer", "First Officer"]
LANGUAGES = ["English", "French", "Spanish", "Icelandic"]
MAINT_TASKS = ["Brake Overhaul", "Engine Borescope", "Landing Gear Swap", "Cabin Refit", "Avionics Update",
               "Hydraulic Leak Fix", "Tyre Change", "De-icing Repair", "Windshield Replacement", "APU Inspection"]
MAINT_CATEGORIES = ["line", "base", "heavy"]
TIERS = ["Basic", "Elite", "Premier", "Chairman"]
FARE_CLASSES = ["Economy", "Premium Economy", "Business"]
CHANNELS = ["web", "app", "travel agent", "phone"]
PARTNERS = ["Atlas Skyways", "Borealis Air", "Coral Coast Airlines", "Dunmore Aviation", "Everglow Air",
            "Fjordline Air", "Granite Airways", "Hearth Airlines", "Ironwood Air", "Jetstream Pacific",
            "Kodiak Air", "Lumen Airways"]
ALLIANCES = ["Polar Alliance", "Sunbelt Partners", "Independent"]
CREW_POSITIONS = ["purser", "forward galley", "aft cabin"]

N_AIRCRAFT, N_ROUTES, N_FLIGHTS, N_PILOTS, N_ATTENDANTS = 40, 70, 650, 90, 140
N_MAINT, N_MEMBERS, N_BOOKINGS = 200, 420, 900


def _date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def _code(rng: random.Random, alphabet: str, n: int, used: set[str]) -> str:
    while True:
        c = "".join(rng.choice(alphabet) for _ in range(n))
        if c not in used:
            used.add(c)
            return c


def build(seed: int = 33) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    used_codes: set[str] = set()

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, labels=":" + label, **attrs)

    def edge(a: str, b: str, etype: str, **attrs) -> None:
        assert not g.has_edge(a, b), (a, b)
        g.add_edge(a, b, type=etype, **attrs)

    # people names: unique full names across the whole graph
    all_pairs = [(f, s) for f in FIRST_NAMES for s in LAST_NAMES]
    rng.shuffle(all_pairs)
    people = iter(all_pairs)

    # airports
    places = AIRPORT_PLACES[:]
    rng.shuffle(places)
    airports = []
    hubs = set(rng.sample(range(len(places)), 5))
    for i, place in enumerate(places, 1):
        nid = f"airport-{i}"
        node(nid, "Airport", name=f"{place} {rng.choice(AIRPORT_SUFFIXES)}",
             iata_code=_code(rng, string.ascii_uppercase, 3, used_codes),
             country=rng.choices(COUNTRIES, weights=[5, 4, 2, 1])[0], runways=rng.randint(1, 4),
             elevation_m=round(rng.uniform(2.0, 1600.0), 1),
             opened_on=_date(rng, dt.date(1932, 1, 1), dt.date(2012, 12, 31)).isoformat(),
             is_hub=(i - 1) in hubs)
        airports.append(nid)

    # aircraft
    combos = [(a, b) for a in AIRCRAFT_ADJ for b in AIRCRAFT_BIRDS]
    rng.shuffle(combos)
    aircraft = []
    for i in range(1, N_AIRCRAFT + 1):
        model = rng.choices(list(MODELS), weights=[4, 2, 3, 2, 1])[0]
        base, spread, rng_km = MODELS[model]
        nid = f"aircraft-{i}"
        adj, bird = combos[i - 1]
        node(nid, "Aircraft", name=f"{adj} {bird}",
             tail_number="C-F" + _code(rng, string.ascii_uppercase, 3, used_codes), model=model,
             seats=base + rng.randint(-spread, spread), max_range_km=round(rng_km * rng.uniform(0.93, 1.05), 1),
             delivered_on=_date(rng, dt.date(2006, 1, 1), dt.date(2023, 12, 31)).isoformat(),
             wifi_equipped=rng.random() < 0.55, cycles=rng.randint(1200, 42000))
        aircraft.append(nid)

    # routes
    rcombos = [(a, b) for a in ROUTE_WORDS for b in ROUTE_KINDS]
    rng.shuffle(rcombos)
    pairs = set()
    routes = []
    route_num = set()
    for i in range(1, N_ROUTES + 1):
        while True:
            o, d = rng.sample(airports, 2)
            if (o, d) not in pairs:
                pairs.add((o, d))
                break
        while True:
            num = rng.randint(100, 2999)
            if num not in route_num:
                route_num.add(num)
                break
        intl = g.nodes[o]["country"] != g.nodes[d]["country"]
        dist = round(rng.uniform(1500.0, 5200.0) if intl else rng.uniform(180.0, 3600.0), 1)
        nid = f"route-{i}"
        w, k = rcombos[i - 1]
        node(nid, "Route", name=f"{w} {k}", flight_number=f"NA{num}", distance_km=dist,
             block_minutes=int(dist / 12.5 + 25 + rng.randint(0, 20)), is_international=intl,
             season=rng.choices(SEASONS, weights=[6, 2, 2])[0],
             launched_on=_date(rng, dt.date(1998, 1, 1), dt.date(2023, 6, 30)).isoformat())
        edge(nid, o, "DEPARTS_FROM")
        edge(nid, d, "ARRIVES_AT", gate_area=rng.choice(["A", "B", "C", "D"]))
        routes.append(nid)

    # pilots and the TRAINED_BY tree (trainee -> trainer)
    pilots = []
    for i in range(1, N_PILOTS + 1):
        f, s = next(people)
        nid = f"pilot-{i}"
        rank = "Captain" if i <= 30 else rng.choice(PILOT_RANKS[1:])
        node(nid, "Pilot", first_name=f, last_name=s, employee_code="PL" + _code(rng, string.digits, 5, used_codes),
             rank=rank, hired_on=_date(rng, dt.date(1995, 1, 1), dt.date(2022, 12, 31)).isoformat(),
             total_hours=rng.randint(1500, 24000) if rank == "Captain" else rng.randint(400, 9000),
             is_instructor=i <= 20, medical_class=rng.choice(["1", "2"]))
        pilots.append(nid)
    for i in range(9, N_PILOTS + 1):
        if rng.random() < 0.9:
            trainer = pilots[rng.randint(1, min(i - 1, 20)) - 1]
            edge(pilots[i - 1], trainer, "TRAINED_BY",
                 certified_on=_date(rng, dt.date(2005, 1, 1), dt.date(2023, 12, 31)).isoformat(),
                 sim_hours=rng.randint(24, 160), passed_first_try=rng.random() < 0.75)

    attendants = []
    for i in range(1, N_ATTENDANTS + 1):
        f, s = next(people)
        nid = f"attendant-{i}"
        node(nid, "CabinAttendant", first_name=f, last_name=s,
             crew_code="CA" + _code(rng, string.digits, 5, used_codes),
             primary_language=rng.choices(LANGUAGES, weights=[6, 3, 2, 1])[0],
             joined_on=_date(rng, dt.date(2000, 1, 1), dt.date(2023, 12, 31)).isoformat(),
             purser_qualified=rng.random() < 0.3, seniority_years=rng.randint(0, 24))
        attendants.append(nid)

    # flights
    flights = []
    used_route_dates = set()
    captains = [p for p in pilots if g.nodes[p]["rank"] == "Captain"]
    officers = [p for p in pilots if g.nodes[p]["rank"] != "Captain"]
    for i in range(1, N_FLIGHTS + 1):
        while True:
            r = rng.choice(routes)
            day = _date(rng, dt.date(2024, 1, 1), dt.date(2024, 12, 31))
            if (r, day) not in used_route_dates:
                used_route_dates.add((r, day))
                break
        status = rng.choices(FLIGHT_STATUS, weights=[70, 22, 5, 3])[0]
        nid = f"flight-{i}"
        node(nid, "Flight", title=f"{g.nodes[r]['flight_number']} on {day.isoformat()}",
             departure_date=day.isoformat(), status=status,
             delay_minutes=rng.randint(15, 240) if status == "delayed" else 0,
             load_factor=round(rng.uniform(0.42, 0.99), 3), gate=rng.choice("ABCD") + str(rng.randint(1, 40)))
        edge(nid, r, "OPERATES")
        edge(nid, rng.choice(aircraft), "FLOWN_WITH")
        bh = g.nodes[r]["block_minutes"] / 60.0
        cap = rng.choice(captains)
        fo = rng.choice(officers)
        flying = rng.random() < 0.5
        edge(cap, nid, "PILOTED", seat="captain", block_hours=round(bh + rng.uniform(-0.2, 0.4), 2),
             pilot_flying=flying)
        edge(fo, nid, "PILOTED", seat="first officer", block_hours=round(bh + rng.uniform(-0.2, 0.4), 2),
             pilot_flying=not flying)
        for pos, att in zip(CREW_POSITIONS, rng.sample(attendants, 3), strict=True):
            edge(att, nid, "CREWED", position=pos, overtime=rng.random() < 0.15)
        flights.append(nid)

    # maintenance
    work_orders = set()
    for i in range(1, N_MAINT + 1):
        while True:
            wo = rng.randint(10000, 99999)
            if wo not in work_orders:
                work_orders.add(wo)
                break
        task = rng.choice(MAINT_TASKS)
        cat = rng.choices(MAINT_CATEGORIES, weights=[5, 3, 1])[0]
        nid = f"maint-{i}"
        node(nid, "MaintenanceEvent", title=f"{task} job {wo}", work_order=f"WO{wo}", category=cat,
             opened_on=_date(rng, dt.date(2022, 1, 1), dt.date(2024, 12, 31)).isoformat(),
             downtime_hours=round(rng.uniform(1.0, 30.0) * (1, 3, 12)[MAINT_CATEGORIES.index(cat)], 1),
             unscheduled=rng.random() < 0.35, cost_usd=rng.randint(800, 90000))
        edge(nid, rng.choice(aircraft), "SERVICED")
        hub_list = [a for a in airports if g.nodes[a]["is_hub"]]
        edge(nid, rng.choice(hub_list) if rng.random() < 0.8 else rng.choice(airports), "CARRIED_OUT_AT")

    # members and bookings
    members = []
    for i in range(1, N_MEMBERS + 1):
        f, s = next(people)
        nid = f"member-{i}"
        node(nid, "Member", first_name=f, last_name=s,
             member_number="FF" + _code(rng, string.digits, 8, used_codes),
             tier=rng.choices(TIERS, weights=[8, 4, 2, 1])[0],
             joined_on=_date(rng, dt.date(2005, 1, 1), dt.date(2024, 6, 30)).isoformat(),
             lifetime_miles=rng.randint(500, 900000), newsletter_opt_in=rng.random() < 0.4)
        edge(nid, rng.choice(airports), "LIVES_NEAR")
        members.append(nid)
    used_mf = set()
    for i in range(1, N_BOOKINGS + 1):
        while True:
            m = members[min(int(rng.paretovariate(1.6)) - 1, len(members) - 1)] if rng.random() < 0.15 \
                else rng.choice(members)
            fl = rng.choice(flights)
            if (m, fl) not in used_mf:
                used_mf.add((m, fl))
                break
        loc = _code(rng, "BCDFGHJKLMNPQRSTVWXZ", 6, used_codes)
        fare = rng.choices(FARE_CLASSES, weights=[7, 2, 1])[0]
        route = [x for x in g.successors(fl) if g.nodes[x]["labels"] == ":Route"][0]
        dist = g.nodes[route]["distance_km"]
        mult = {"Economy": 0.09, "Premium Economy": 0.16, "Business": 0.34}[fare]
        fday = dt.date.fromisoformat(g.nodes[fl]["departure_date"])
        nid = f"booking-{i}"
        node(nid, "Booking", name=f"Booking {loc}", locator=loc, fare_class=fare,
             price=round(dist * mult * rng.uniform(0.8, 1.3) + 40, 2), checked_bags=rng.randint(0, 3),
             refundable=rng.random() < 0.25,
             booked_on=(fday - dt.timedelta(days=rng.randint(1, 200))).isoformat())
        edge(m, nid, "HOLDS", channel=rng.choices(CHANNELS, weights=[5, 4, 2, 1])[0])
        edge(nid, fl, "FOR_FLIGHT", seat_number=f"{rng.randint(1, 38)}{rng.choice('ABCDEF')}")

    # partner carriers
    for i, pname in enumerate(PARTNERS, 1):
        nid = f"partner-{i}"
        node(nid, "PartnerCarrier", name=pname, airline_code=_code(rng, string.ascii_uppercase, 2, used_codes),
             alliance=rng.choices(ALLIANCES, weights=[5, 4, 3])[0], founded_year=rng.randint(1928, 2015),
             fleet_size=rng.randint(12, 310), hq_country=rng.choice(COUNTRIES + ["Norway", "Japan", "Brazil"]))
        for r in rng.sample(routes, rng.randint(2, 9)):
            edge(nid, r, "CODESHARES_ON",
                 since=_date(rng, dt.date(2008, 1, 1), dt.date(2024, 6, 30)).isoformat(),
                 revenue_share=round(rng.uniform(0.05, 0.45), 3), exclusive=rng.random() < 0.2)
    _check_names(g)
    return g


def display_name(attrs: dict) -> str:
    if "first_name" in attrs:
        return f"{attrs['first_name']} {attrs['last_name']}"
    return attrs.get("name") or attrs["title"]


def _check_names(g: nx.DiGraph) -> None:
    """Display names are unique and no name is a word sequence inside another one."""
    names = [display_name(a).lower() for _, a in g.nodes(data=True)]
    known = set(names)
    assert len(known) == len(names), "display names are not unique"
    for n in names:
        toks = n.split()
        for i in range(len(toks)):
            for j in range(i + 1, len(toks) + 1):
                sub = " ".join(toks[i:j])
                assert sub == n or sub not in known, (sub, n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=33)
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    nx.write_graphml(build(a.seed), os.path.join(a.out_dir, "airline.graphml"))


if __name__ == "__main__":
    main()
