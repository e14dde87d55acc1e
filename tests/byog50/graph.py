"""Deterministic generator of a city bike-sharing property graph as Neo4j admin-import CSV files.

Usage: python tests/byog50/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/bikeshare_csv/*.csv
Stdlib ``random.Random(seed)`` only (no other randomness), so a seed always yields the same bytes.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path

FIRST = ["Ana", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ines", "Jonas", "Keiko", "Lars",
         "Marisol", "Nikhil", "Oona", "Pavel", "Quentin", "Rosalind", "Soren", "Tamsin", "Ugo", "Valeria", "Wendell",
         "Ximena", "Yusuf", "Zofia", "Amadou", "Beatriz", "Cormac", "Delphine", "Emeka", "Freya", "Gideon", "Hana",
         "Ivo", "Juliette", "Kwame", "Ludmila", "Matthias", "Noor", "Orla", "Piotr", "Renata", "Sabine", "Tobias",
         "Una", "Viktor", "Wilhelmina", "Yara", "Zeynep", "Anselm", "Bettina", "Caspian", "Dagny", "Eamon"]
LAST = ["Abernathy", "Baptiste", "Castellanos", "Drummond", "Eriksen", "Fairweather", "Gallagher", "Haddad",
        "Ishikawa", "Jablonski", "Kowalczyk", "Lindqvist", "Marchetti", "Nakamura", "Okonkwo", "Pellegrini",
        "Quarshie", "Rasmussen", "Szabo", "Thorvaldsen", "Urquhart", "Vasquez", "Whitcombe", "Yamamoto", "Zielinski",
        "Achterberg", "Blackwood", "Cardenas", "Dubois", "Esposito", "Fitzgerald", "Grimaldi", "Holloway",
        "Iversen", "Jovanovic", "Kingsley", "Lombardo", "Moreau", "Novak", "Oyelaran", "Petrov", "Rahman",
        "Sandoval", "Takahashi", "Valdivia", "Wexler", "Ferreira", "Hartigan", "Montague", "Strand"]

DISTRICTS = ["Old Quarter", "Riverside", "Northgate", "Canal Basin", "Hillcrest", "Meadowbank", "Ironworks",
             "Southport"]
STATION_A = ["Lantern", "Copper", "Willow", "Granary", "Bell", "Juniper", "Foundry", "Orchard", "Beacon", "Cedar",
             "Falcon", "Heron", "Quarry", "Tannery", "Chapel", "Brewery", "Ferry", "Signal", "Thistle", "Pavilion",
             "Observatory", "Saddler", "Weaver", "Cooper"]
STATION_B = ["Square", "Lane", "Yard", "Wharf", "Steps", "Green", "Row", "Terrace", "Corner", "Crossing", "Place",
             "Court"]
BIKE_WORDS = ["Sparrow", "Kestrel", "Otter", "Comet", "Pebble", "Ember", "Breeze", "Puffin", "Badger", "Lynx",
              "Marlin", "Wren", "Tortoise", "Meteor", "Pepper", "Nutmeg"]
PLANS = [  # name, monthly fee, included minutes, e-bike access, launched, billing
    ("Flex", 9.5, 300, False, "2019-03-01", "monthly"),
    ("Commuter", 19.0, 1200, True, "2019-06-15", "monthly"),
    ("Weekender", 7.25, 240, False, "2020-04-10", "monthly"),
    ("Campus", 4.8, 600, False, "2021-09-01", "annual"),
    ("Freedom", 29.9, 3000, True, "2022-02-20", "annual"),
]
SPONSORS = [  # name, industry, founded
    ("Orbit Bank", "finance", 1961), ("Greenleaf Grocers", "retail", 1988), ("Tidewater Energy", "energy", 1974),
    ("Hartwell Insurance", "finance", 1902), ("Nimbus Telecom", "telecom", 1997), ("Bramble Coffee", "hospitality", 2009),
    ("Crestline Motors", "automotive", 1955), ("Lumen Health", "healthcare", 2003),
    ("Saltmarsh Brewing", "hospitality", 2014), ("Pioneer Credit Union", "finance", 1936),
    ("Velo Outfitters", "retail", 2011), ("Atlas Logistics", "logistics", 1983),
]

N_STATIONS, N_BIKES, N_RIDERS, N_TRIPS, N_TECHS, N_JOBS, N_INCIDENTS = 60, 320, 420, 1200, 30, 260, 130


def _day(rng: random.Random, start: str, end: str) -> str:
    a, b = date.fromisoformat(start), date.fromisoformat(end)
    return (a + timedelta(days=rng.randint(0, (b - a).days))).isoformat()


def _b(x: bool) -> str:
    return "true" if x else "false"


def _people(rng: random.Random, n: int, taken: list[str]) -> list[tuple[str, str]]:
    """n unique (first, last) pairs whose full names are not inside, and do not contain, any other name."""
    pool: list[tuple[str, str]] = []
    seen: set[str] = set()
    while len(pool) < n * 2:
        f, la = rng.choice(FIRST), rng.choice(LAST)
        if f"{f} {la}" not in seen:
            seen.add(f"{f} {la}")
            pool.append((f, la))
    others = [t.lower() for t in taken]
    big = "\n".join(others + [f"{f} {la}".lower() for f, la in pool])
    out = []
    for f, la in pool:
        full = f"{f} {la}".lower()
        if big.count(full) == 1 and not any(o in full for o in others):
            out.append((f, la))
        if len(out) == n:
            break
    return out


def build(seed: int) -> tuple[dict[str, tuple[list[str], list[list]]], dict[str, tuple[list[str], list[list]]]]:
    rng = random.Random(seed)
    nodes: dict[str, tuple[list[str], list[list]]] = {}
    rels: dict[str, tuple[list[str], list[list]]] = {}

    # districts
    rows = []
    for i, name in enumerate(DISTRICTS, 1):
        zone = "central" if i <= 2 else ("inner" if i <= 5 else "outer")
        rows.append([f"district-{i}", "District", name, rng.randint(18, 140) * 1000 + rng.randint(0, 999),
                     round(rng.uniform(2.5, 19.0), 2), zone])
    nodes["districts"] = (["districtId:ID", ":LABEL", "name:string", "population:int", "area_km2:float",
                           "zone:string"], rows)

    # stations
    combos = [(a, b) for a in STATION_A for b in STATION_B]
    rng.shuffle(combos)
    used_a: dict[str, int] = {}
    snames = []
    for a, b in combos:
        if used_a.get(a, 0) >= 3:
            continue
        used_a[a] = used_a.get(a, 0) + 1
        snames.append(f"{a} {b}")
        if len(snames) == N_STATIONS:
            break
    rows, station_district = [], {}
    for i, name in enumerate(snames, 1):
        sid = f"station-{i}"
        d = (i - 1) % len(DISTRICTS) + 1 if i <= 24 else rng.randint(1, len(DISTRICTS))
        station_district[sid] = f"district-{d}"
        status = rng.choices(["active", "seasonal", "under_repair"], [0.8, 0.12, 0.08])[0]
        rows.append([sid, "Station", name, f"ST{rng.randint(100, 999)}-{chr(65 + i % 26)}{i:02d}",
                     rng.choice([12, 15, 18, 20, 24, 27, 30, 36, 40]), _day(rng, "2016-01-01", "2023-12-31"),
                     _b(rng.random() < 0.45), round(rng.uniform(3, 95), 1), status])
    nodes["stations"] = (["stationId:ID", ":LABEL", "name:string", "code:string", "capacity:int", "installed:date",
                          "charging:boolean", "elevation_m:float", "status:string"], rows)
    rels["located_in"] = ([":START_ID", ":END_ID", ":TYPE"],
                          [[s, d, "LOCATED_IN"] for s, d in station_district.items()])
    sids = list(station_district)

    # bikes
    rows, homed = [], []
    bike_nums: set[tuple[str, int]] = set()
    for i in range(1, N_BIKES + 1):
        while True:
            key = (rng.choice(BIKE_WORDS), rng.randint(100, 999))
            if key not in bike_nums:
                bike_nums.add(key)
                break
        electric = rng.random() < 0.4
        bid = f"bike-{i}"
        rows.append([bid, "Bike", f"{key[0]} {key[1]}", f"SN{rng.randint(10000, 99999)}{chr(65 + rng.randint(0, 25))}",
                     _b(electric), round(rng.uniform(12, 100), 1) if electric else "",
                     _day(rng, "2018-01-01", "2024-06-30"), round(rng.uniform(150, 9000), 1),
                     rng.choices(["S", "M", "L"], [0.25, 0.5, 0.25])[0]])
        homed.append([bid, rng.choice(sids), "HOMED_AT"])
    nodes["bikes"] = (["bikeId:ID", ":LABEL", "name:string", "serial:string", "electric:boolean",
                       "battery_pct:float", "commissioned:date", "odometer_km:float", "frame_size:string"], rows)
    rels["homed_at"] = ([":START_ID", ":END_ID", ":TYPE"], homed)
    bids = [f"bike-{i}" for i in range(1, N_BIKES + 1)]

    # plans, sponsors (fixed names)
    nodes["plans"] = (["planId:ID", ":LABEL", "name:string", "monthly_fee:float", "included_minutes:int",
                       "ebike_access:boolean", "launched:date", "billing:string"],
                      [[f"plan-{i}", "Plan", n, fee, mins, _b(e), la, bill]
                       for i, (n, fee, mins, e, la, bill) in enumerate(PLANS, 1)])
    nodes["sponsors"] = (["sponsorId:ID", ":LABEL", "name:string", "industry:string", "founded:int"],
                         [[f"sponsor-{i}", "Sponsor", n, ind, yr] for i, (n, ind, yr) in enumerate(SPONSORS, 1)])

    taken = DISTRICTS + snames + [r[2] for r in nodes["bikes"][1]] + [p[0] for p in PLANS] + [s[0] for s in SPONSORS]
    people = _people(rng, N_RIDERS + N_TECHS, taken)
    riders, techs = people[:N_RIDERS], people[N_RIDERS:]

    rows, subs = [], []
    for i, (f, la) in enumerate(riders, 1):
        rid = f"rider-{i}"
        rows.append([rid, "Rider", f, la, f"M{rng.randint(100000, 999999)}", rng.randint(17, 74),
                     _day(rng, "2019-01-01", "2024-03-31"), _b(rng.random() < 0.18),
                     round(rng.uniform(2.5, 5.0), 2), rng.choices(["active", "lapsed", "suspended"], [0.78, 0.17, 0.05])[0]])
        if rng.random() < 0.88:
            p = rng.choices(range(1, 6), [0.3, 0.3, 0.15, 0.12, 0.13])[0]
            subs.append([rid, f"plan-{p}", "SUBSCRIBES_TO", _day(rng, "2020-01-01", "2024-06-30"),
                         _b(rng.random() < 0.6), rng.randint(1, 40)])
    nodes["riders"] = (["riderId:ID", ":LABEL", "first_name:string", "last_name:string", "member_code:string",
                        "age:int", "member_since:date", "student:boolean", "rating:float", "status:string"], rows)
    rels["subscribes_to"] = ([":START_ID", ":END_ID", ":TYPE", "started:date", "auto_renew:boolean",
                              "months_paid:int"], subs)
    rids = [f"rider-{i}" for i in range(1, N_RIDERS + 1)]
    weights = [rng.choice([1, 1, 1, 2, 3, 5]) for _ in rids]

    rows, rode, dep, arr, used = [], [], [], [], []
    for i in range(1, N_TRIPS + 1):
        tid = f"trip-{i}"
        dist = round(rng.uniform(0.4, 14.0), 2)
        rows.append([tid, "Trip", f"Ride {i:04d}", _day(rng, "2024-01-01", "2024-12-31"),
                     max(3, int(dist * rng.uniform(3.0, 6.5))), dist, rng.choices(["app", "card", "pass"], [0.5, 0.2, 0.3])[0]])
        rode.append([rng.choices(rids, weights)[0], tid, "RODE"])
        a = rng.choice(sids)
        b = a if rng.random() < 0.06 else rng.choice([s for s in sids if s != a])
        dep.append([tid, a, "DEPARTED_FROM"])
        arr.append([tid, b, "ARRIVED_AT"])
        used.append([tid, rng.choice(bids), "USED_BIKE"])
    nodes["trips"] = (["tripId:ID", ":LABEL", "title:string", "started:date", "duration_min:int", "distance_km:float",
                       "payment:string"], rows)
    rels["rode"] = ([":START_ID", ":END_ID", ":TYPE"], rode)
    rels["departed_from"] = ([":START_ID", ":END_ID", ":TYPE"], dep)
    rels["arrived_at"] = ([":START_ID", ":END_ID", ":TYPE"], arr)
    rels["used_bike"] = ([":START_ID", ":END_ID", ":TYPE"], used)

    rows, mentor = [], []
    for i, (f, la) in enumerate(techs, 1):
        level = "lead" if i <= 4 else rng.choices(["junior", "senior"], [0.55, 0.45])[0]
        rows.append([f"tech-{i}", "Technician", f, la, f"B-{rng.randint(1000, 9999)}", _day(rng, "2012-01-01", "2023-12-31"),
                     _b(rng.random() < 0.55), level, round(rng.uniform(21, 48), 2)])
        if i > 4 and rng.random() < 0.9:
            mentor.append([f"tech-{rng.randint(1, i - 1)}", f"tech-{i}", "MENTORED", rng.randint(2015, 2024)])
    nodes["technicians"] = (["technicianId:ID", ":LABEL", "first_name:string", "last_name:string", "badge:string",
                             "hired:date", "ebike_certified:boolean", "level:string", "hourly_rate:float"], rows)
    rels["mentored"] = ([":START_ID", ":END_ID", ":TYPE", "since_year:int"], mentor)

    rows, worked, fixes = [], [], []
    for i in range(1, N_JOBS + 1):
        jid = f"job-{i}"
        rows.append([jid, "RepairJob", f"Work order {i:04d}", f"WO{rng.randint(10, 99)}X{rng.randint(1000, 9999)}",
                     _day(rng, "2023-01-01", "2024-12-31"), round(rng.uniform(15, 420), 2),
                     rng.choices(["low", "medium", "high"], [0.4, 0.4, 0.2])[0], _b(rng.random() < 0.8),
                     rng.randint(1, 9)])
        fixes.append([jid, rng.choice(bids), "FIXES"])
        crew = rng.sample(range(1, N_TECHS + 1), rng.choice([1, 1, 2, 2, 3]))
        for k, t in enumerate(crew):
            worked.append([f"tech-{t}", jid, "WORKED_ON", round(rng.uniform(0.5, 7.5), 2), "lead" if k == 0 else "assist"])
    nodes["repair_jobs"] = (["jobId:ID", ":LABEL", "title:string", "work_order:string", "opened:date", "cost:float",
                             "priority:string", "resolved:boolean", "parts_count:int"], rows)
    rels["worked_on"] = ([":START_ID", ":END_ID", ":TYPE", "hours:float", "role:string"], worked)
    rels["fixes"] = ([":START_ID", ":END_ID", ":TYPE"], fixes)

    spons = []
    for i in range(1, len(SPONSORS) + 1):
        for s in rng.sample(sids, rng.randint(1, 4)):
            spons.append([f"sponsor-{i}", s, "SPONSORS", round(rng.uniform(2000, 60000), 2),
                          rng.choices(["gold", "silver", "bronze"], [0.25, 0.35, 0.4])[0], _day(rng, "2018-01-01", "2024-06-30")])
    rels["sponsors"] = ([":START_ID", ":END_ID", ":TYPE", "amount_eur:float", "tier:string", "since:date"], spons)

    rows, filed, occ = [], [], []
    for i in range(1, N_INCIDENTS + 1):
        iid = f"incident-{i}"
        rows.append([iid, "Incident", f"Incident report {i:04d}", f"INC{rng.randint(10000, 99999)}",
                     _day(rng, "2023-06-01", "2024-12-31"),
                     rng.choices(["minor", "moderate", "serious"], [0.55, 0.33, 0.12])[0],
                     rng.choice(["theft", "vandalism", "collision", "malfunction", "dock_fault"]),
                     _b(rng.random() < 0.15), round(rng.uniform(0, 1800), 2)])
        filed.append([rng.choice(rids), iid, "FILED"])
        occ.append([iid, rng.choice(sids), "OCCURRED_AT"])
    nodes["incidents"] = (["incidentId:ID", ":LABEL", "title:string", "ref:string", "reported_on:date", "severity:string",
                           "category:string", "injuries:boolean", "damage_estimate:float"], rows)
    rels["filed"] = ([":START_ID", ":END_ID", ":TYPE"], filed)
    rels["occurred_at"] = ([":START_ID", ":END_ID", ":TYPE"], occ)
    return nodes, rels


def write(out_dir: Path, seed: int = 50) -> Path:
    folder = Path(out_dir) / "bikeshare_csv"
    folder.mkdir(parents=True, exist_ok=True)
    nodes, rels = build(seed)
    for prefix, table in (("nodes", nodes), ("rels", rels)):
        for name, (header, rows) in table.items():
            with open(folder / f"{prefix}_{name}.csv", "w", newline="", encoding="utf-8") as fh:
                w = csv.writer(fh, lineterminator="\n")
                w.writerow(header)
                w.writerows(rows)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=50)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
