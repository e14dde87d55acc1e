"""Deterministic generator for the byog48 fitness-club graph (Neo4j admin-import CSV with ID spaces).

Usage: python tests/byog48/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/fitness_csv/*.csv
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import random

import networkx as nx

FIRST = [
    "Amara", "Bruno", "Celia", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonah", "Kira", "Lorenzo",
    "Maya", "Nikolai", "Odette", "Pablo", "Quinn", "Rosa", "Soren", "Tamsin", "Ulrich", "Vera", "Wendell",
    "Ximena", "Yusuf", "Zelda", "Anselm", "Beatrix", "Cyrus", "Delphine", "Emeka", "Fiona", "Gideon", "Hana",
    "Ivo", "Juliet", "Kwame", "Leonie", "Mateo", "Nadia", "Osric", "Priya", "Rafael", "Sigrid", "Tobias",
    "Uma", "Viktor", "Wanda", "Yara", "Zoltan", "Agnes", "Basil", "Clara", "Dario", "Esme", "Felix",
]
LAST = [
    "Abernathy", "Baptiste", "Castellano", "Drummond", "Eriksen", "Fairbanks", "Gallardo", "Holloway", "Ibarra",
    "Jankowski", "Kowalczyk", "Lindqvist", "Mbeki", "Nakamura", "Okonkwo", "Pereira", "Quintero", "Rasmussen",
    "Sorensen", "Takahashi", "Underwood", "Valverde", "Whitcombe", "Xiong", "Yamamoto", "Zielinski", "Ashford",
    "Blackwood", "Cromwell", "Delacroix", "Esposito", "Fitzgerald", "Grimaldi", "Hargrove", "Iverson",
    "Jovanovic", "Kingsley", "Lombardi", "Marchetti", "Novak", "Oyelaran", "Petrov", "Radcliffe", "Salazar",
    "Thornbury", "Vasquez", "Winterbourne", "Yildiz", "Zamora", "Stone", "Brooks", "Fields",
]
CITIES = [
    ("Portland", "west"), ("Denver", "west"), ("Raleigh", "south"), ("Tucson", "west"), ("Boise", "west"),
    ("Omaha", "midwest"), ("Madison", "midwest"), ("Savannah", "south"), ("Spokane", "west"), ("Dayton", "midwest"),
    ("Fresno", "west"), ("Tulsa", "south"), ("Albany", "northeast"), ("Providence", "northeast"),
    ("Chattanooga", "south"),
]
CLUBS = [
    "Anvil Athletic", "Bluebird Fitness", "Copperline Gym", "Driftwood Strength", "Evergreen Health Club",
    "Foundry Fitness", "Lighthouse", "Granite", "The Pulse", "Momentum", "Ironbark Training Hall", "Juniper Gym",
    "Kestrel Performance", "Lakeview Wellness", "Marigold Movement", "Northstar Barbell", "Oakridge Fitness",
    "Peregrine Sports Club", "Riverside Iron", "Saltwater Athletics", "Timberline Gym", "Upland Fitness Studio",
    "Vantage Strength Lab", "Wildflower Wellness", "Yellowtail Aquatic Club", "Zenith Performance",
    "Basecamp", "Cedar Hollow Gym", "Daybreak Fitness", "Ember Conditioning", "Fjord Health Club",
    "Greenway Athletic", "Highland Forge", "Indigo Fitness", "Keel Strength", "Lantern Wellness", "Mesa Barbell",
    "Nimbus Fitness", "Orbit", "Pinnacle Athletic",
]
CLASSES = [
    ("Sunrise Yoga", "low"), ("Power Spin", "high"), ("Core Blast", "high"), ("Kettlebell Conditioning", "high"),
    ("Aqua Aerobics", "low"), ("Pilates Reformer", "moderate"), ("Boxing Basics", "moderate"),
    ("HIIT Inferno", "high"), ("Zumba Party", "moderate"), ("Barre Sculpt", "moderate"), ("Mobility Flow", "low"),
    ("Tabata Burn", "high"), ("Hill Climb Cycling", "high"), ("Yin Yoga", "low"), ("Rowing Intervals", "high"),
    ("Bootcamp", "high"), ("Step Classic", "moderate"), ("Balance", "low"), ("Tai Chi", "low"),
    ("Stretch Lab", "low"), ("Circuit Breaker", "moderate"), ("Hatha Yoga", "low"), ("Deep Water Running", "moderate"),
    ("Kickbox Cardio", "high"),
]
PLANS = [
    ("Flex Monthly", 49.0, 1, True), ("Annual Gold", 39.5, 12, True), ("Student Saver", 24.99, 6, False),
    ("Off-Peak Lite", 19.75, 1, False), ("Family Bundle", 89.0, 12, True), ("Corporate Premier", 59.25, 12, True),
    ("Senior Active", 29.0, 6, True), ("Day Pass Plus", 14.5, 1, False),
]
EQUIPMENT = [
    ("Concept Rower", "cardio"), ("Assault Bike", "cardio"), ("Smith Machine", "strength"),
    ("Cable Crossover", "strength"), ("Leg Press", "strength"), ("Stair Climber", "cardio"),
    ("Elliptical Glide", "cardio"), ("Battle Ropes", "functional"), ("Power Rack", "strength"),
    ("Hack Squat", "strength"), ("Lat Pulldown", "strength"), ("Chest Fly Station", "strength"),
    ("Spin Bike", "cardio"), ("Medicine Ball Set", "functional"), ("Dumbbell Tower", "strength"),
    ("Plyo Box", "functional"), ("Sled Track", "functional"), ("Ab Roller", "functional"),
    ("Hip Thrust Bench", "strength"), ("Pec Deck", "strength"), ("Preacher Curl", "strength"),
    ("Vertical Climber", "cardio"), ("Suspension Trainer", "functional"), ("Bosu Dome", "functional"),
    ("Air Runner", "cardio"), ("Ski Erg", "cardio"), ("Anchor", "functional"), ("Treadmill Pro", "cardio"),
    ("Glute Drive", "strength"), ("Landmine Post", "functional"),
]
BRANDS = ["Technogym", "Life Fitness", "Matrix", "Rogue"]
PARTNERS = [
    ("Northwind Logistics", "logistics"), ("Bluepeak Software", "tech"), ("Harbor Bank", "finance"),
    ("Meridian Health Systems", "health"), ("Cobalt Energy", "energy"), ("Quill Insurance", "finance"),
    ("Orchard Foods", "retail"), ("Sterling Law Group", "legal"), ("Tidewater Shipping", "logistics"),
    ("Falcon Aerospace", "tech"), ("Greenleaf Pharma", "health"), ("Keystone Builders", "construction"),
    ("Lumen Media", "tech"), ("Pinecrest Schools", "education"), ("Redwood Analytics", "tech"),
    ("Silverline Telecom", "tech"), ("Quarry Works", "construction"), ("Atlas Retail", "retail"),
    ("Beacon Labs", "health"), ("Willow Hotels", "hospitality"),
]

NODE_FILES = {
    "City": ["cityId:ID(City)", "name:string", "region", "population:int", ":LABEL"],
    "Club": ["clubId:ID(Club)", "name:string", "club_code", "area_m2:float", "opened:date", "has_pool:boolean",
             "tier", "capacity:int", ":LABEL"],
    "Member": ["memberId:ID(Member)", "first_name", "last_name", "member_code", "birth_date:date", "visits:int",
               "bmi:float", "status", "is_student:boolean", ":LABEL"],
    "Trainer": ["trainerId:ID(Trainer)", "first_name", "last_name", "trainer_code", "hourly_rate:float",
                "hired:date", "is_senior:boolean", "specialty", "years_experience:int", ":LABEL"],
    "Class": ["classId:ID(Class)", "title:string", "intensity", "duration_min:int", "calories_est:float", ":LABEL"],
    "Session": ["sessionId:ID(Session)", "name:string", "session_date:date", "start_hour:int", "attendance:int",
                "cancelled:boolean", "room", ":LABEL"],
    "Plan": ["planId:ID(Plan)", "name:string", "plan_code", "monthly_fee:float", "term_months:int",
             "includes_classes:boolean", ":LABEL"],
    "Equipment": ["equipmentId:ID(Equipment)", "name:string", "category", "brand", "unit_price:float",
                  "weight_kg:float", ":LABEL"],
    "Partner": ["partnerId:ID(Partner)", "name:string", "industry", "employees:int", "agreement_start:date",
                "subsidised:boolean", ":LABEL"],
    "InjuryReport": ["reportId:ID(InjuryReport)", "title:string", "severity", "reported_on:date", "days_out:int",
                     "needs_physio:boolean", "body_part", ":LABEL"],
}
EDGE_FILES = {
    "LOCATED_IN": ("Club", "City", []),
    "MEMBER_OF": ("Member", "Club", ["joined:date", "has_locker:boolean"]),
    "SUBSCRIBES_TO": ("Member", "Plan", ["since:date", "auto_renew:boolean"]),
    "SPONSORED_BY": ("Member", "Partner", ["discount_pct:int"]),
    "EMPLOYED_AT": ("Trainer", "Club", ["contract", "weekly_hours:int"]),
    "MENTORS": ("Trainer", "Trainer", ["since:date"]),
    "COACHES": ("Trainer", "Member", ["sessions_booked:int", "rate:float"]),
    "INSTANCE_OF": ("Session", "Class", []),
    "HELD_AT": ("Session", "Club", []),
    "LEADS": ("Trainer", "Session", []),
    "ATTENDED": ("Member", "Session", ["rating:int", "on_time:boolean"]),
    "STOCKS": ("Club", "Equipment", ["quantity:int", "condition"]),
    "CONCERNS": ("InjuryReport", "Member", []),
}


def _date(rng: random.Random, start: str, end: str) -> str:
    a, b = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    return (a + dt.timedelta(days=rng.randint(0, (b - a).days))).isoformat()


def _b(x: bool) -> str:
    return "true" if x else "false"


def build(seed: int = 48) -> tuple[dict[str, list[list]], dict[str, list[list]]]:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    nodes: dict[str, list[list]] = {k: [] for k in NODE_FILES}
    edges: dict[str, list[list]] = {k: [] for k in EDGE_FILES}
    fixed = [c for c, _ in CITIES] + CLUBS + [c for c, _ in CLASSES] + [p[0] for p in PLANS] + \
        [e for e, _ in EQUIPMENT] + [p for p, _ in PARTNERS]
    low = [n.lower() for n in fixed]
    for i, a in enumerate(low):
        for j, b in enumerate(low):
            assert i == j or a not in b, (a, b)
    taken = set(low)
    big = "\n".join(low)

    def person_name() -> tuple[str, str]:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            full = f"{f} {last}".lower()
            if full in taken or full in big:
                continue
            if any(t in full for t in low):
                continue
            taken.add(full)
            return f, last

    for i, (name, region) in enumerate(CITIES, 1):
        nodes["City"].append([i, name, region, rng.randint(90, 900) * 1000, "City"])
    clubs = list(CLUBS)
    rng.shuffle(clubs)
    club_city = {}
    for i, name in enumerate(clubs, 1):
        area = round(rng.uniform(600, 4800), 1)
        nodes["Club"].append([i, name, f"CLB-{100 + i * 7}", area, _date(rng, "2004-01-01", "2022-12-31"),
                              _b(rng.random() < 0.35), rng.choice(["standard", "standard", "premium", "flagship"]),
                              rng.randint(8, 60) * 10, "Club"])
        city = (i - 1) % 15 + 1 if i <= 15 else rng.randint(1, 15)
        club_city[i] = city
        edges["LOCATED_IN"].append([i, city, "LOCATED_IN"])
    for i, (name, fee, term, inc) in enumerate(PLANS, 1):
        nodes["Plan"].append([i, name, f"PLN-{i:02d}{name[0]}", fee, term, _b(inc), "Plan"])
    for i, (name, cat) in enumerate(EQUIPMENT, 1):
        nodes["Equipment"].append([i, name, cat, rng.choice(BRANDS), round(rng.uniform(150, 9000), 2),
                                   round(rng.uniform(5, 400), 1), "Equipment"])
    for i, (name, ind) in enumerate(PARTNERS, 1):
        nodes["Partner"].append([i, name, ind, rng.randint(40, 9000), _date(rng, "2016-01-01", "2024-06-30"),
                                 _b(rng.random() < 0.5), "Partner"])
    for i, (title, inten) in enumerate(CLASSES, 1):
        nodes["Class"].append([i, title, inten, rng.choice([30, 45, 45, 60, 60, 75]),
                               round(rng.uniform(150, 750), 1), "Class"])
    # trainers: two per club
    n_tr = 80
    tr_club = {}
    for i in range(1, n_tr + 1):
        f, last = person_name()
        nodes["Trainer"].append([i, f, last, f"TR-{3000 + i * 13}", round(rng.uniform(28, 95), 2),
                                 _date(rng, "2008-01-01", "2024-03-31"), _b(rng.random() < 0.3),
                                 rng.choice(["strength", "cardio", "yoga", "rehab", "boxing"]), rng.randint(1, 25),
                                 "Trainer"])
        club = (i - 1) % 40 + 1
        tr_club[i] = club
        edges["EMPLOYED_AT"].append([i, club, rng.choice(["full_time", "part_time", "contractor"]),
                                     rng.randint(8, 44), "EMPLOYED_AT"])
    mentor_of = {}
    for i in range(13, n_tr + 1):
        if rng.random() < 0.75:
            m = rng.randint(1, i - 1)
            mentor_of[i] = m
            edges["MENTORS"].append([m, i, _date(rng, "2015-01-01", "2024-06-30"), "MENTORS"])
    # members
    n_mem = 1400
    club_members: dict[int, list[int]] = {c: [] for c in range(1, 41)}
    weights = [rng.uniform(0.3, 2.0) for _ in range(40)]
    star = rng.randrange(40)
    weights[star] = 3.2
    for i in range(1, n_mem + 1):
        f, last = person_name()
        nodes["Member"].append([i, f, last, f"MB-{10000 + i * 3}", _date(rng, "1950-01-01", "2006-12-31"),
                                rng.randint(1, 400), round(rng.uniform(18, 34), 1),
                                rng.choice(["active", "active", "active", "frozen", "lapsed"]),
                                _b(rng.random() < 0.15), "Member"])
        club = rng.choices(range(1, 41), weights=weights)[0]
        club_members[club].append(i)
        edges["MEMBER_OF"].append([i, club, _date(rng, "2015-01-01", "2024-09-30"), _b(rng.random() < 0.4),
                                   "MEMBER_OF"])
        plan = rng.choices(range(1, 9), weights=[5, 4, 2, 2, 1.5, 1, 1.2, 0.6])[0]
        edges["SUBSCRIBES_TO"].append([i, plan, _date(rng, "2018-01-01", "2024-09-30"), _b(rng.random() < 0.6),
                                       "SUBSCRIBES_TO"])
        if rng.random() < 0.25:
            p = rng.choices(range(1, 21), weights=[9 if k == 11 else 1 + (k % 7) for k in range(20)])[0]
            edges["SPONSORED_BY"].append([i, p, rng.choice([5, 10, 15, 20, 25, 30]), "SPONSORED_BY"])
    for t in range(1, n_tr + 1):
        pool = club_members[tr_club[t]]
        k = min(len(pool), 18 if t == star + 1 else rng.randint(2, 12))
        for m in sorted(rng.sample(pool, k)):
            edges["COACHES"].append([t, m, rng.randint(1, 40), round(rng.uniform(30, 120), 2), "COACHES"])
    # sessions
    n_ses = 460
    for s in range(1, n_ses + 1):
        club = rng.randint(1, 40)
        cls = rng.choices(range(1, 25), weights=[3.5 if k == 7 else 1 + (k % 5) * 0.2 for k in range(24)])[0]
        cancelled = rng.random() < 0.08
        pool = club_members[club]
        attendees = [] if cancelled or not pool else sorted(rng.sample(pool, min(len(pool), rng.randint(1, 14))))
        nodes["Session"].append([s, f"Session {s:04d}", _date(rng, "2024-01-01", "2024-12-31"),
                                 rng.choice([6, 7, 8, 12, 17, 18, 19, 20]), len(attendees), _b(cancelled),
                                 rng.choice(["Studio A", "Studio B", "Pool Hall", "Main Floor"]), "Session"])
        edges["INSTANCE_OF"].append([s, cls, "INSTANCE_OF"])
        edges["HELD_AT"].append([s, club, "HELD_AT"])
        trs = [t for t in range(1, n_tr + 1) if tr_club[t] == club]
        edges["LEADS"].append([rng.choice(trs), s, "LEADS"])
        for m in attendees:
            edges["ATTENDED"].append([m, s, rng.randint(1, 5), _b(rng.random() < 0.8), "ATTENDED"])
    for c in range(1, 41):
        for e in sorted(rng.sample(range(1, 31), rng.randint(4, 11))):
            edges["STOCKS"].append([c, e, rng.randint(1, 16), rng.choice(["good", "good", "worn", "needs repair"]),
                                    "STOCKS"])
    for r in range(1, 131):
        nodes["InjuryReport"].append([r, f"Incident IR-{r * 7 + 1000}", rng.choice(["minor", "minor", "moderate",
                                      "severe"]), _date(rng, "2022-01-01", "2024-12-31"), rng.randint(0, 60),
                                      _b(rng.random() < 0.4), rng.choice(["knee", "back", "shoulder", "ankle",
                                                                           "wrist"]), "InjuryReport"])
        edges["CONCERNS"].append([r, rng.randint(1, n_mem), "CONCERNS"])
    # sanity: unique display names, 4-hop paths exist
    for typ, rows in nodes.items():
        for r in rows:
            g.add_node(f"{typ}:{r[0]}")
    for et, rows in edges.items():
        a, b, _ = EDGE_FILES[et]
        for r in rows:
            g.add_edge(f"{a}:{r[0]}", f"{b}:{r[1]}", key=et)
    names = [f"{r[1]} {r[2]}" if t in ("Member", "Trainer") else str(r[1]) for t, rows in nodes.items() for r in rows]
    blob = "\n".join(n.lower() for n in names)
    assert all(blob.count(n.lower()) == 1 for n in names)
    und = nx.Graph(g)
    assert nx.shortest_path_length(und, "InjuryReport:1", "Equipment:1") >= 1
    return nodes, edges


def write(out_dir: str, seed: int = 48) -> str:
    nodes, edges = build(seed)
    folder = os.path.join(out_dir, "fitness_csv")
    os.makedirs(folder, exist_ok=True)
    for typ, rows in nodes.items():
        with open(os.path.join(folder, f"nodes_{typ.lower()}.csv"), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(NODE_FILES[typ])
            w.writerows(rows)
    for et, rows in edges.items():
        a, b, props = EDGE_FILES[et]
        with open(os.path.join(folder, f"rels_{et.lower()}.csv"), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f":START_ID({a})", f":END_ID({b})", *props, ":TYPE"])
            w.writerows(rows)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=48)
    args = ap.parse_args()
    print(write(args.out_dir, args.seed))


if __name__ == "__main__":
    main()
