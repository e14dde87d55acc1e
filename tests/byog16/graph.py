"""Generate the byog16 graph: a city public-transit operator, written as GraphML.

Usage: python tests/byog16/graph.py DIR [--seed N]   (writes DIR/transit.graphml; default seed 1601)

Deterministic for a given seed (random.Random(seed), no other source of randomness).
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 1601

ZONES = [
    (1, "Zone 1 Central", 2.40),
    (2, "Zone 2 Inner", 2.90),
    (3, "Zone 3 Midtown", 3.35),
    (4, "Zone 4 Outer", 3.80),
    (5, "Zone 5 Suburban", 4.45),
    (6, "Zone 6 Regional", 5.20),
]

STATION_FIRST = [
    "Elm", "Harbour", "Ash", "Cedar", "Willow", "Maple", "Oak", "Birch", "Hazel", "Juniper", "Linden", "Rowan",
    "Alder", "Poplar", "Chestnut", "Holly", "Laurel", "Beacon", "Mill", "Kings", "Queens", "Abbey", "Castle",
    "Bridge", "Market", "Chapel", "Foundry", "Granary", "Orchard", "Meadow", "Brook", "Fern", "Heather", "Quarry",
    "Tanner", "Weaver", "Cooper", "Fletcher", "Salt", "Copper", "Silver", "Stone", "Lark", "Wren", "Heron",
    "Falcon", "Otter", "Badger", "Victoria", "Albert", "Regent", "Crown", "Canal", "Dockside", "Riverside",
]
STATION_SECOND = [
    "Square", "Park", "Road", "Cross", "Junction", "Green", "Hill", "Gate", "Street", "Lane", "Common", "Bridge",
    "Terrace", "Parade", "Circus", "Fields", "Heights", "Vale", "End", "Place",
]
PIER_FIRST = ["Harbour", "Lighthouse", "Ferry", "Saltmarsh", "Anchor", "Seawall", "Quayside", "Gull", "Driftwood",
              "Tidewater", "Mariner", "Coral"]

DEPOTS = [
    ("Northgate Depot", "north"), ("Southbank Depot", "south"), ("Eastfield Depot", "east"),
    ("Westmoor Depot", "west"), ("Central Works Depot", "central"), ("Riverside Tram Depot", "central"),
    ("Harbour Marine Depot", "south"),
]

FIRST_NAMES = [
    "Anna", "Marek", "Sofia", "Liam", "Priya", "Tomasz", "Grace", "Oluwaseun", "Hannah", "Mateo", "Chloe", "Ibrahim",
    "Ruth", "Declan", "Yasmin", "Stefan", "Nadia", "Callum", "Eilidh", "Rafael", "Aisha", "Kenji", "Freya", "Dmitri",
    "Leah", "Samuel", "Imogen", "Arjun", "Beatriz", "Owen", "Zara", "Henrik", "Maeve", "Tariq", "Isla", "Viktor",
    "Esther", "Jonah", "Amara", "Felix", "Niamh", "Rohan", "Clara", "Bogdan", "Lucia", "Patrick", "Ingrid", "Kwame",
    "Mirela", "Joseph", "Talia", "Emeka", "Greta", "Lars", "Noor", "Caleb", "Orla", "Andrei", "Helena", "Musa",
]
LAST_NAMES = [
    "Kowalski", "Okafor", "Lindqvist", "Brennan", "Sharma", "Novak", "Whitaker", "Adeyemi", "Fischer", "Moreno",
    "Dubois", "Haddad", "Campbell", "O'Neill", "Rahman", "Petrov", "Castellano", "MacLeod", "Fraser", "Oliveira",
    "Nakamura", "Holm", "Ivanova", "Baker", "Singh", "Costa", "Hughes", "Kaur", "Mendes", "Jansen", "Wojcik",
    "Murphy", "Kovacs", "Abbasi", "Reid", "Svensson", "Mensah", "Rossi", "Dalton", "Yilmaz", "Bianchi", "Ferreira",
    "Lindgren", "Quinn", "Ahmed", "Sokolova", "Hartley", "Nowak", "Gallagher", "Eriksen", "Osei", "Kim", "Pereira",
    "Thornton", "Vasquez", "Halloran", "Becker", "Stewart", "Marin", "Achterberg",
]

BUS_DESTINATIONS = [
    "Crosstown", "Riverside", "Airport Link", "University", "Hospital Loop", "Old Town", "Lakeside", "Industrial Park",
    "Cathedral", "Stadium", "Marina", "Hillcrest", "Greenway", "Orbital", "Business Park", "Seafront",
    "Parkway", "Castle Hill", "Docklands", "Forest Edge", "Millbrook", "Northern Heights", "Southern Fields",
    "Eastern Quarter", "Westgate", "Market Shuttle", "Night Owl", "Museum Mile",
]
METRO_LINES = ["Red Line", "Blue Line", "Green Line", "Amber Line"]
TRAM_LINES = ["T1 Cathedral Tram", "T2 Canal Tram", "T3 University Tram", "T4 Harbour Tram", "T5 Parkside Tram",
              "T6 Foundry Tram"]
FERRY_LINES = ["F1 Harbour Ferry", "F2 Estuary Ferry"]

PROPULSION = {
    "bus": ["diesel", "hybrid", "battery electric"],
    "tram": ["overhead electric"],
    "metro": ["third rail electric"],
    "ferry": ["diesel", "hybrid"],
}
VEHICLE_MODELS = {
    "bus": ["Citaro", "Streetlite", "Enviro400", "Urbino 12", "eCitaro"],
    "tram": ["Flexity", "Citadis"],
    "metro": ["Movia", "Inspiro"],
    "ferry": ["Damen Waterbus"],
}
INCIDENT_CATEGORIES = ["breakdown", "collision", "door fault", "medical emergency", "signal failure", "vandalism",
                       "passenger disturbance", "power outage"]
SEVERITIES = ["minor", "moderate", "major"]
WORK_TASKS = ["brake overhaul", "door mechanism repair", "tyre replacement", "HVAC service", "battery check",
              "pantograph inspection", "bodywork repair", "engine service", "CCTV repair", "wheel reprofiling",
              "annual safety inspection", "ticket machine repair"]
PRIORITIES = ["routine", "urgent", "critical"]
WO_STATUS = ["open", "in progress", "closed"]
LICENSE = {"bus": "bus", "tram": "tram", "metro": "metro", "ferry": "marine"}


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **attrs):
        assert nid not in g, nid
        g.add_node(nid, labels=f":{label}", **attrs)

    def edge(src: str, dst: str, label: str, **attrs):
        assert not g.has_edge(src, dst), (src, dst, label)
        g.add_edge(src, dst, label=label, **attrs)

    # fare zones
    for num, name, fare in ZONES:
        node(f"zone-{num}", "FareZone", name=name, zone_number=num, base_fare=fare)

    # stations: two-word names, unique; piers for the ferries
    station_names: set[str] = set()
    stations: list[str] = []
    zone_of: dict[str, int] = {}
    while len(stations) < 210:
        name = f"{rng.choice(STATION_FIRST)} {rng.choice(STATION_SECOND)}"
        if name in station_names or name in BUS_DESTINATIONS or name.split()[0] == name.split()[1]:
            continue
        station_names.add(name)
        zone = min(6, 1 + int(rng.random() ** 0.8 * 6))
        sid = f"station-{len(stations) + 1}"
        node(sid, "Station", name=name, platforms=rng.choice([1, 2, 2, 2, 3, 4]) if zone > 2 else rng.choice([2, 3, 4, 6]),
             step_free=rng.random() < (0.75 if zone <= 2 else 0.5),
             daily_boardings=int(rng.lognormvariate(7.6 - 0.25 * zone, 0.6)),
             opened=_day(rng, date(1902, 1, 1), date(2022, 12, 31)).isoformat())
        edge(sid, f"zone-{zone}", "IN_ZONE")
        stations.append(sid)
        zone_of[sid] = zone
    piers: list[str] = []
    for first in PIER_FIRST:
        sid = f"station-{len(stations) + len(piers) + 1}"
        zone = rng.choice([2, 3, 4, 5])
        node(sid, "Station", name=f"{first} Pier", platforms=1, step_free=rng.random() < 0.6,
             daily_boardings=int(rng.lognormvariate(5.8, 0.5)),
             opened=_day(rng, date(1950, 1, 1), date(2020, 12, 31)).isoformat())
        edge(sid, f"zone-{zone}", "IN_ZONE")
        piers.append(sid)
        zone_of[sid] = zone

    # depots
    depot_ids = []
    for i, (name, district) in enumerate(DEPOTS, 1):
        did = f"depot-{i}"
        node(did, "Depot", name=name, district=district, capacity=rng.randrange(40, 160, 5),
             opened=_day(rng, date(1921, 1, 1), date(2015, 12, 31)).isoformat())
        depot_ids.append(did)
    depots_for_mode = {"bus": ["depot-1", "depot-2", "depot-3", "depot-4"], "tram": ["depot-6"],
                       "metro": ["depot-5"], "ferry": ["depot-7"]}

    # routes
    routes: list[tuple[str, str]] = []
    bus_numbers = rng.sample(range(2, 99), len(BUS_DESTINATIONS))
    specs = ([("bus", f"Route {n} {d}") for n, d in zip(bus_numbers, BUS_DESTINATIONS, strict=True)]
             + [("metro", n) for n in METRO_LINES] + [("tram", n) for n in TRAM_LINES]
             + [("ferry", n) for n in FERRY_LINES])
    by_zone: dict[int, list[str]] = {z: [s for s in stations if zone_of[s] == z] for z in range(1, 7)}
    for i, (mode, name) in enumerate(specs, 1):
        rid = f"route-{i}"
        length = {"bus": (6, 28), "tram": (5, 16), "metro": (10, 32), "ferry": (3, 9)}[mode]
        node(rid, "Route", name=name, mode=mode, length_km=round(rng.uniform(*length), 1),
             frequency_minutes=rng.choice({"bus": [8, 10, 12, 15, 20, 30], "tram": [6, 8, 10, 12],
                                           "metro": [3, 4, 5, 6], "ferry": [20, 30, 45]}[mode]),
             night_service=("Night" in name) or rng.random() < 0.2,
             opened=_day(rng, date(1925, 1, 1), date(2023, 6, 30)).isoformat())
        if mode == "ferry":
            chosen = rng.sample(piers, rng.randint(4, 6))
        else:
            lo = rng.randint(1, 4)
            hi = min(6, lo + rng.randint(1, 3))
            pool = [s for z in range(lo, hi + 1) for s in by_zone[z]]
            k = {"bus": (8, 16), "tram": (7, 13), "metro": (9, 15)}[mode]
            chosen = rng.sample(pool, min(len(pool), rng.randint(*k)))
            chosen.sort(key=lambda s: (zone_of[s], rng.random()))
        for seq, sid in enumerate(chosen, 1):
            edge(rid, sid, "SERVES", stop_sequence=seq)
        routes.append((rid, mode))
    # every land station is served by some route
    land_routes = [r for r, m in routes if m == "bus"]
    for sid in stations:
        if not any(True for _ in g.predecessors(sid)):
            rid = rng.choice(land_routes)
            seq = 1 + sum(1 for _, _, d in g.out_edges(rid, data=True) if d["label"] == "SERVES")
            edge(rid, sid, "SERVES", stop_sequence=seq)

    # vehicles
    vehicles: list[tuple[str, str]] = []
    fleet_no: set[int] = set()
    counts = {"bus": 190, "tram": 36, "metro": 28, "ferry": 8}
    ferry_names = ["Kittiwake", "Cormorant", "Puffin", "Guillemot", "Tern", "Petrel", "Gannet", "Shearwater"]
    for mode, n in counts.items():
        mode_routes = [r for r, m in routes if m == mode]
        for j in range(n):
            vid = f"vehicle-{len(vehicles) + 1}"
            if mode == "ferry":
                name = f"MV {ferry_names[j]}"
            else:
                base = {"bus": 4000, "tram": 300, "metro": 7100}[mode]
                span = {"bus": 900, "tram": 90, "metro": 90}[mode]
                while True:
                    num = base + rng.randrange(span)
                    if num not in fleet_no:
                        fleet_no.add(num)
                        break
                name = f"{ {'bus': 'Bus', 'tram': 'Tram', 'metro': 'Train'}[mode]} {num}"
            built = rng.randint(2004, 2024)
            prop = rng.choice(PROPULSION[mode]) if not (mode == "bus" and built < 2015) else rng.choice(
                ["diesel", "diesel", "hybrid"])
            node(vid, "Vehicle", name=name, vehicle_type=mode, model=rng.choice(VEHICLE_MODELS[mode]),
                 propulsion=prop, year_built=built,
                 capacity={"bus": rng.choice([70, 75, 85, 90, 100]), "tram": rng.choice([180, 210, 240]),
                           "metro": rng.choice([450, 520, 600]), "ferry": rng.choice([150, 220, 300])}[mode],
                 low_floor=(mode != "ferry") and (built >= 2010 or rng.random() < 0.3),
                 odometer_km=round((2025 - built) * rng.uniform(25000, 70000) / (3 if mode == "ferry" else 1), 1))
            edge(vid, rng.choice(depots_for_mode[mode]), "BASED_AT")
            if rng.random() < 0.93:
                edge(vid, rng.choice(mode_routes), "ASSIGNED_TO")
            vehicles.append((vid, mode))

    # operators: a hierarchy under SUPERVISED_BY; names unique
    used_names: set[tuple[str, str]] = set()

    def person() -> tuple[str, str]:
        while True:
            p = (rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES))
            if p not in used_names:
                used_names.add(p)
                return p

    operators: list[tuple[str, str, str, str]] = []  # (id, role, depot, licence)
    dep_license = {"depot-1": "bus", "depot-2": "bus", "depot-3": "bus", "depot-4": "bus", "depot-5": "metro",
                   "depot-6": "tram", "depot-7": "marine"}
    n_ops = 0

    def add_operator(role: str, depot: str, boss: str | None) -> str:
        nonlocal n_ops
        n_ops += 1
        oid = f"operator-{n_ops}"
        first, last = person()
        hired = _day(rng, date(1988, 1, 1), date(2024, 9, 30)) if role == "driver" else _day(
            rng, date(1985, 1, 1), date(2012, 12, 31))
        node(oid, "Operator", first_name=first, last_name=last, role=role, license_class=dep_license[depot],
             hire_date=hired.isoformat(), rating=round(rng.uniform(2.8, 5.0), 2),
             part_time=role == "driver" and rng.random() < 0.18)
        edge(oid, depot, "WORKS_AT")
        if boss:
            edge(oid, boss, "SUPERVISED_BY")
        operators.append((oid, role, depot, dep_license[depot]))
        return oid

    chief = add_operator("operations manager", "depot-5", None)
    for depot in depot_ids:
        manager = add_operator("depot manager", depot, chief)
        n_leads = {"depot-5": 2, "depot-6": 2, "depot-7": 1}.get(depot, 4)
        for _ in range(n_leads):
            lead = add_operator("team leader", depot, manager)
            for _ in range(rng.randint(5, 11) if depot != "depot-7" else rng.randint(4, 6)):
                add_operator("driver", depot, lead)

    # drivers drive vehicles of their depot
    vehicles_at: dict[str, list[str]] = {}
    for vid, _ in vehicles:
        d = next(t for t in g.successors(vid) if g.edges[vid, t]["label"] == "BASED_AT")
        vehicles_at.setdefault(d, []).append(vid)
    for oid, role, depot, _ in operators:
        if role != "driver":
            continue
        pool = vehicles_at[depot]
        for vid in rng.sample(pool, min(len(pool), rng.choice([1, 1, 2, 2, 3]))):
            since = _day(rng, date.fromisoformat(g.nodes[oid]["hire_date"]), date(2025, 3, 31))
            edge(oid, vid, "DRIVES", since=since.isoformat(), regular=rng.random() < 0.6)

    # incidents
    drivers_of: dict[str, list[str]] = {}
    for oid, *_ in operators:
        for vid in g.successors(oid):
            if g.edges[oid, vid]["label"] == "DRIVES":
                drivers_of.setdefault(vid, []).append(oid)
    incidents: list[str] = []
    inc_numbers = rng.sample(range(1000, 9999), 430)
    for k in range(430):
        iid = f"incident-{k + 1}"
        cat = rng.choice(INCIDENT_CATEGORIES)
        sev = rng.choices(SEVERITIES, weights=[6, 3, 1])[0]
        when = _day(rng, date(2022, 1, 1), date(2025, 6, 30))
        node(iid, "Incident", title=f"Incident {inc_numbers[k]}", category=cat, severity=sev,
             occurred_on=when.isoformat(),
             delay_minutes=int(rng.expovariate(1 / (8 + 12 * SEVERITIES.index(sev)))) + 1,
             injuries=cat in ("collision", "medical emergency", "passenger disturbance") and rng.random() < 0.35)
        if cat not in ("signal failure", "power outage") or rng.random() < 0.3:
            vs = [rng.choice(vehicles)[0]]
            if cat == "collision" and rng.random() < 0.3:
                other = rng.choice(vehicles)[0]
                if other != vs[0]:
                    vs.append(other)
            for vid in vs:
                edge(iid, vid, "INVOLVED")
            routes_of_v = [r for r in g.successors(vs[0]) if g.edges[vs[0], r]["label"] == "ASSIGNED_TO"]
            cand = [s for r in routes_of_v for s in g.successors(r)]
            station = rng.choice(cand) if cand else rng.choice(stations)
            if drivers_of.get(vs[0]) and rng.random() < 0.85:
                edge(iid, rng.choice(drivers_of[vs[0]]), "REPORTED_BY")
        else:
            station = rng.choice(stations)
        edge(iid, station, "OCCURRED_AT")
        incidents.append(iid)

    # work orders
    wo_numbers = rng.sample(range(10000, 99999), 480)
    for k in range(480):
        wid = f"workorder-{k + 1}"
        task = rng.choice(WORK_TASKS)
        prio = rng.choices(PRIORITIES, weights=[6, 3, 1])[0]
        opened = _day(rng, date(2022, 1, 1), date(2025, 6, 30))
        node(wid, "WorkOrder", title=f"Work order {wo_numbers[k]}", task=task, priority=prio,
             status=rng.choices(WO_STATUS, weights=[2, 2, 6])[0], opened_on=opened.isoformat(),
             cost=round(rng.lognormvariate(6.6 + 0.5 * PRIORITIES.index(prio), 0.7), 2))
        linked = None
        if rng.random() < 0.35:
            cands = [i for i in incidents if any(g.edges[i, v]["label"] == "INVOLVED" for v in g.successors(i))]
            linked = rng.choice(cands)
            edge(wid, linked, "RAISED_FOR")
            vid = next(v for v in g.successors(linked) if g.edges[linked, v]["label"] == "INVOLVED")
        else:
            vid = rng.choice(vehicles)[0]
        edge(wid, vid, "FOR_VEHICLE")
        home = next(t for t in g.successors(vid) if g.edges[vid, t]["label"] == "BASED_AT")
        depot = home if rng.random() < 0.8 else rng.choice(["depot-5", home])
        edge(wid, depot, "HANDLED_AT", labour_hours=round(rng.uniform(0.5, 40.0), 1))
    return g


def main(argv: list[str] | None = None) -> Path:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    out = args.dir / "transit.graphml"
    nx.write_graphml(build(args.seed), out)
    return out


if __name__ == "__main__":
    print(main())
