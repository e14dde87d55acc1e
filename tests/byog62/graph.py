"""Deterministic generator of a car manufacturer's assembly-plant graph as Neo4j admin-import CSV files.

Usage: python tests/byog62/graph.py OUT_DIR [--seed N]  -> OUT_DIR/carplant_csv/*.csv
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
from pathlib import Path

import networkx as nx

FOLDER = "carplant_csv"

PLANT_PLACES = ["Harrow Vale", "Marston Ridge", "Eastgate", "Copper Falls", "Linden Park", "Oakmere", "Stoneford",
                "Bramble Cross", "Westhaven", "Redmoor", "Ashby Heath", "Northwick"]
LINE_WORDS = ["Amber", "Cobalt", "Crimson", "Indigo", "Jade", "Onyx", "Ruby", "Saffron", "Topaz", "Umber", "Violet",
              "Ivory", "Scarlet", "Teal", "Slate", "Coral", "Pearl", "Garnet", "Opal", "Sienna", "Ochre", "Russet",
              "Cerulean", "Magenta", "Maroon", "Olive", "Bronze", "Silver", "Platinum", "Quartz", "Basalt",
              "Marble", "Flint", "Cedar", "Maple", "Birch", "Willow", "Aspen", "Hazel", "Rowan", "Juniper", "Spruce",
              "Laurel", "Thistle", "Fern", "Heather", "Clover", "Sorrel", "Lotus", "Orchid", "Poppy", "Tulip",
              "Iris", "Dahlia", "Lilac", "Azalea", "Camellia", "Magnolia", "Acorn", "Bramblewood", "Saltmarsh",
              "Driftwood", "Moonstone", "Sandstone"]
MODEL_BASES = ["Marlin", "Kestrel", "Osprey", "Vantor", "Solenne", "Tarrak", "Quill", "Bexley", "Corvan", "Lumen",
               "Strider", "Ardent", "Meridia", "Pallas", "Zephon", "Rover", "Drummond", "Halcyon", "Sable", "Voyant"]
TRIMS = ["Touring", "Sport", "Eco", "Cargo", "Prime", "Trail"]
PART_PREFIXES = ["Front", "Rear", "Left", "Right", "Upper", "Lower", "Inner", "Outer", "Main", "Auxiliary",
                 "Heavy-Duty", "Lightweight", "Reinforced", "Compact", "Primary", "Secondary", "Forged", "Cast",
                 "Sealed", "Heated"]
COMPONENTS = {
    "Brake Caliper": "brakes", "Brake Disc": "brakes", "Brake Line": "brakes", "Door Hinge": "body",
    "Bumper Beam": "body", "Mirror Housing": "body", "Roof Panel": "body", "Wiring Harness": "electrical",
    "Inverter Board": "electrical", "Charging Port": "electrical", "Battery Module": "electrical",
    "Wiper Motor": "electrical", "Control Arm": "chassis", "Wheel Hub": "chassis", "Steering Rack": "chassis",
    "Coil Spring": "chassis", "Shock Absorber": "chassis", "Fuel Pump": "powertrain", "Drive Shaft": "powertrain",
    "Exhaust Manifold": "powertrain", "Oil Filter": "powertrain", "Radiator Hose": "powertrain",
    "Cooling Fan": "powertrain", "Seat Frame": "interior", "Dashboard Panel": "interior",
    "Airbag Module": "interior", "Window Regulator": "interior", "Gear Selector": "interior",
    "Headlamp Unit": "lighting", "Tail Lamp": "lighting", "Fog Lamp": "lighting",
}
SUPPLIER_WORDS = ["Summit", "Harbor", "Beacon", "Anvil", "Pioneer", "Keystone", "Meridian", "Lakeside", "Ironclad",
                  "Northstar", "Bluewater", "Vanguard", "Sterling", "Horizon", "Crescent", "Orion", "Evergreen",
                  "Sunrise", "Pinnacle", "Frontier", "Riverbend", "Cornerstone", "Lighthouse", "Compass", "Anchor",
                  "Bridgewater", "Highland", "Tidewater", "Foxglove", "Ridgeline", "Kingfisher", "Blackrock",
                  "Redwood", "Everest", "Caldera", "Sequoia", "Windmill", "Granary", "Lantern", "Quarry"]
SUPPLIER_SUFFIXES = ["Metals", "Plastics", "Electronics", "Components", "Castings", "Rubber", "Glassworks",
                     "Fasteners", "Textiles", "Systems"]
COUNTRIES = ["Germany", "Japan", "Mexico", "United States", "China", "South Korea", "Czechia", "Spain"]
FIRST = ["Ana", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ingrid", "Jonas", "Keiko", "Liam",
         "Mona", "Nikhil", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wendy", "Xavier",
         "Yara", "Zane", "Amara", "Boris", "Carmen", "Dario", "Esther", "Felix", "Greta", "Hamid", "Isla", "Jorge",
         "Kofi", "Lena", "Marco", "Nadia", "Oscar", "Priya", "Rafael", "Selma", "Tomas", "Ulla", "Vera", "Walter",
         "Yusuf", "Zoe", "Anton", "Bianca", "Cyrus", "Delia", "Emil", "Fatima", "Gustav", "Hana", "Ivan", "Julia"]
LAST = ["Lima", "Okafor", "Nakamura", "Schmidt", "Rossi", "Novak", "Haddad", "Larsen", "Moreau", "Petrov", "Silva",
        "Kowalski", "Tanaka", "Fischer", "Dubois", "Ivanova", "Mendes", "Berg", "Costa", "Yilmaz", "Horvat",
        "Jensen", "Kaur", "Lindqvist", "Mbeki", "Nieminen", "Ortega", "Pereira", "Quintero", "Richter", "Sato",
        "Torres", "Ueda", "Varga", "Weber", "Xu", "Young", "Zielinski", "Abbott", "Brennan", "Castillo", "Dahl",
        "Eriksen", "Ferreira", "Gallo", "Hoffmann", "Iqbal", "Jovanovic", "Keller", "Lopez", "Marsh", "Nilsen",
        "Owusu", "Park", "Reyes", "Santos", "Thorne", "Vogel", "Walsh", "Zhang", "Adler", "Blake", "Carver",
        "Dunn", "Ellis", "Foster", "Grant", "Hale", "Irwin", "Judd", "Knox", "Lowe", "Mercer", "Nash", "Price"]
DEFECT_ADJ = ["Intermittent", "Premature", "Persistent", "Sudden", "Gradual", "Recurring", "Minor", "Cold-Start",
              "High-Speed", "Low-Speed", "Rear-Cabin", "Underbody", "Roofline", "Night-Time", "Wet-Weather"]
DEFECT_SYMPTOMS = ["Rattle", "Corrosion", "Water Leak", "Oil Seep", "Wind Noise", "Paint Blister", "Weld Crack",
                   "Sensor Fault", "Software Freeze", "Seal Failure", "Brake Fade", "Vibration", "Misalignment",
                   "Overheating", "Flicker", "Stiff Latch", "Harness Chafe", "Torque Drift", "Gap Mismatch",
                   "Squeak"]
TOWNS = ["Millbrook", "Fairview", "Kingsley", "Ashford", "Belmont", "Clearwater", "Dunmore", "Elmstead",
         "Foxley", "Glenwood", "Hawthorne", "Ivybridge", "Juniper Hill", "Kirkby", "Larkspur", "Moorfield",
         "Newbury", "Oldcastle", "Pembrook", "Queensbury", "Rosewood", "Sandown", "Thornbury", "Upton", "Valemont",
         "Whitby", "Yarrow", "Alderley", "Bexhill", "Carlow", "Dorset Point", "Easton", "Felsham", "Greystone",
         "Holloway", "Inverley", "Jarrow", "Kelso", "Lowestoft", "Marlow", "Norwood", "Orchard Vale", "Prescot",
         "Ramsey", "Selby", "Tilbury", "Uxbridge", "Wexford", "Yeovil", "Zennor"]
DEALER_SUFFIXES = ["Motors", "Autos", "Car Centre", "Motor Hall", "Garage"]
ROBOT_WORDS = ["Titan", "Hercules", "Goliath", "Samson", "Cyclops", "Argus", "Talos", "Hydra", "Kraken", "Griffin",
               "Pegasus", "Phoenix", "Sphinx", "Minotaur", "Centaur", "Chimera", "Gorgon", "Colossus", "Golem",
               "Atlas", "Basilisk", "Wyvern", "Manticore", "Leviathan", "Behemoth", "Cerberus", "Triton", "Nereid",
               "Sentinel", "Juggernaut"]
GREEK = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa", "Lambda", "Mu",
         "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega"]

N_LINES, N_MODELS, N_PARTS, N_SUPPLIERS = 60, 40, 420, 85
N_PEOPLE, N_DEFECTS, N_DEALERS, N_ROBOTS = 1000, 140, 160, 310


class Names:
    """Display names unique across the graph, none inside another (as whole words)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.subs: set[str] = set()  # every contiguous word run of every name

    @staticmethod
    def _runs(name: str) -> set[str]:
        w = name.lower().split()
        return {" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1)}

    def ok(self, name: str) -> bool:
        low = name.lower()
        if low in self.subs:  # equal to, or inside, an existing name
            return False
        return not (self._runs(name) & self.names)  # an existing name inside this one

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        self.names.add(name.lower())
        self.subs |= self._runs(name)
        return True


def day(rng: random.Random, start: str, end: str) -> str:
    a, b = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    return (a + dt.timedelta(days=rng.randint(0, (b - a).days))).isoformat()


def code(rng: random.Random, prefix: str, used: set[str], digits: int = 4) -> str:
    while True:
        c = f"{prefix}{rng.randint(10 ** (digits - 1), 10 ** digits - 1)}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}"
        if c not in used:
            used.add(c)
            return c


def pick_names(rng: random.Random, names: Names, pool: list[str], n: int) -> list[str]:
    pool = list(pool)
    rng.shuffle(pool)
    out = [p for p in pool if names.add(p)][:n]
    if len(out) < n:
        raise SystemExit(f"not enough names ({len(out)} < {n})")
    return out


def generate(seed: int) -> tuple[dict[str, tuple[list[str], list[list]]], dict[str, tuple[list[str], list[list]]]]:
    rng = random.Random(seed)
    names = Names()
    codes: set[str] = set()
    nodes: dict[str, tuple[list[str], list[list]]] = {}
    rels: dict[str, tuple[list[str], list[list]]] = {}

    # plants
    plants = []
    for i, place in enumerate(PLANT_PLACES, 1):
        nm = f"{place} Assembly"
        names.add(nm)
        plants.append([f"plant-{i}", "Plant", nm, code(rng, "ST", codes, 3), rng.choice(["North", "South", "East",
                       "West", "Central"]), day(rng, "1962-01-01", "2018-12-31"),
                       round(rng.uniform(80000, 420000), 1), rng.random() < 0.55, rng.randint(300, 1800)])
    nodes["plants"] = (["plantId:ID", ":LABEL", "name:string", "site_code:string", "region:string",
                        "commissioned:date", "floor_area_m2:float", "unionised:boolean", "output_per_day:int"], plants)

    # lines: 3-8 per plant, 60 in all
    per_plant = [3] * len(plants)
    for _ in range(N_LINES - sum(per_plant)):
        k = rng.choice([i for i, c in enumerate(per_plant) if c < 8])
        per_plant[k] += 1
    line_names = pick_names(rng, names, [f"{w} Line" for w in LINE_WORDS], N_LINES)
    lines, has_line, line_plant = [], [], {}
    n = 0
    for pi, cnt in enumerate(per_plant):
        for _ in range(cnt):
            n += 1
            lid = f"line-{n}"
            lines.append([lid, "Line", line_names[n - 1], code(rng, "LN", codes),
                          rng.choice(["body shop", "paint shop", "final assembly", "powertrain", "battery"]),
                          rng.randint(45, 140), rng.choice([1, 2, 2, 3]), rng.random() < 0.4,
                          day(rng, "1990-01-01", "2023-06-30"), rng.randint(120, 900)])
            has_line.append([plants[pi][0], lid, "HAS_LINE"])
            line_plant[lid] = plants[pi][0]
    nodes["lines"] = (["lineId:ID", ":LABEL", "name:string", "line_code:string", "line_type:string",
                       "takt_seconds:int", "shifts:int", "automated:boolean", "opened:date", "capacity_per_day:int"],
                      lines)
    rels["has_line"] = ([":START_ID", ":END_ID", ":TYPE"], has_line)

    # car models
    model_pool = [f"{b} {t}" for b in MODEL_BASES for t in TRIMS]
    model_names = pick_names(rng, names, model_pool, N_MODELS)
    models = []
    for i, nm in enumerate(model_names, 1):
        models.append([f"model-{i}", "CarModel", nm, code(rng, "MC", codes, 3),
                       rng.choice(["SUV", "sedan", "hatchback", "pickup", "van"]),
                       rng.choice(["EV", "hybrid", "petrol", "diesel"]), day(rng, "2008-01-01", "2025-09-30"),
                       round(rng.uniform(18000, 89000), 2), rng.choice([2, 4, 5, 5, 7, 8])])
    nodes["car_models"] = (["modelId:ID", ":LABEL", "name:string", "model_code:string", "segment:string",
                            "powertrain:string", "launch_date:date", "base_price:float", "seats:int"], models)

    # BUILDS: each line 1-3 models, every model on at least one line
    builds = []
    built: dict[str, set[str]] = {}
    mids = [m[0] for m in models]
    order = mids[:]
    rng.shuffle(order)
    for i, ln in enumerate(lines):
        chosen = {order[i % len(order)]} if i < len(order) else set()
        while len(chosen) < rng.randint(1, 3):
            chosen.add(rng.choice(mids))
        built[ln[0]] = chosen
        for m in sorted(chosen, key=lambda x: int(x.split("-")[1])):
            builds.append([ln[0], m, "BUILDS", rng.randint(20, 260), day(rng, "2010-01-01", "2025-06-30")])
    rels["builds"] = ([":START_ID", ":END_ID", ":TYPE", "units_per_shift:int", "since:date"], builds)

    # parts
    part_pool = [f"{p} {c}" for p in PART_PREFIXES for c in COMPONENTS]
    part_names = pick_names(rng, names, part_pool, N_PARTS)
    parts = []
    for i, nm in enumerate(part_names, 1):
        comp = nm.split(" ", 1)[1]
        parts.append([f"part-{i}", "Part", nm, code(rng, "PN-", codes, 5), COMPONENTS[comp],
                      round(rng.uniform(2.5, 1450.0), 2), round(rng.uniform(0.05, 62.0), 3), rng.random() < 0.3,
                      day(rng, "2005-01-01", "2025-03-31")])
    nodes["parts"] = (["partId:ID", ":LABEL", "name:string", "part_number:string", "category:string",
                       "unit_cost:float", "weight_kg:float", "safety_critical:boolean", "introduced:date"], parts)
    pids = [p[0] for p in parts]

    uses = []
    for m in mids:
        for p in sorted(rng.sample(pids, rng.randint(14, 28)), key=lambda x: int(x.split("-")[1])):
            uses.append([m, p, "USES_PART", rng.choice([1, 1, 1, 2, 2, 4, 6, 8])])
    rels["uses_part"] = ([":START_ID", ":END_ID", ":TYPE", "quantity:int"], uses)

    # suppliers
    sup_pool = [f"{w} {s}" for w in SUPPLIER_WORDS for s in SUPPLIER_SUFFIXES]
    sup_names = pick_names(rng, names, sup_pool, N_SUPPLIERS)
    suppliers = []
    for i, nm in enumerate(sup_names, 1):
        suppliers.append([f"supplier-{i}", "Supplier", nm, code(rng, "DUNS", codes, 6), rng.choice(COUNTRIES),
                          rng.choice([1, 1, 2, 2, 3]), rng.random() < 0.7, day(rng, "1921-01-01", "2015-12-31"),
                          round(rng.uniform(2.0, 5.0), 2)])
    nodes["suppliers"] = (["supplierId:ID", ":LABEL", "name:string", "duns:string", "country:string", "tier:int",
                           "iso_certified:boolean", "founded:date", "rating:float"], suppliers)
    sids = [s[0] for s in suppliers]
    supplies = []
    for p in parts:
        ss = rng.sample(sids, rng.choice([1, 1, 2, 2, 3]))
        for k, s in enumerate(ss):
            supplies.append([s, p[0], "SUPPLIES", round(p[5] * rng.uniform(0.6, 0.95), 2), k == 0,
                             day(rng, "2012-01-01", "2025-08-31"), rng.choice(["FOB", "DDP", "EXW", "CIF"])])
    supplies.sort(key=lambda r: (int(r[0].split("-")[1]), int(r[1].split("-")[1])))
    rels["supplies"] = ([":START_ID", ":END_ID", ":TYPE", "unit_price:float", "primary:boolean",
                         "contract_start:date", "incoterm:string"], supplies)

    # people, assigned to lines; per plant a manager, per line a lead, team leaders, crew
    person_pool = [f"{f} {x}" for f in FIRST for x in LAST]
    person_names = pick_names(rng, names, person_pool, N_PEOPLE)
    people, works, sup = [], [], []
    line_ids = [ln[0] for ln in lines]
    crew: dict[str, list[str]] = {lid: [] for lid in line_ids}
    assign = line_ids * (N_PEOPLE // len(line_ids))
    assign += [rng.choice(line_ids) for _ in range(N_PEOPLE - len(assign))]
    rng.shuffle(assign)
    for i, nm in enumerate(person_names, 1):
        pid = f"person-{i}"
        crew[assign[i - 1]].append(pid)
        first, last = nm.split(" ")
        people.append([pid, "Person", first, last, "line worker", day(rng, "1995-01-01", "2025-10-31"),
                       rng.randint(0, 38), round(rng.uniform(19.0, 68.0), 2), code(rng, "B", codes, 5),
                       rng.random() < 0.35])
    prow = {p[0]: p for p in people}
    for lid in line_ids:
        for pid in crew[lid]:
            prow[pid][4] = rng.choice(["line worker", "line worker", "technician", "engineer"])
            works.append([pid, lid, "WORKS_ON", rng.choice(["day", "night", "swing"]),
                          day(rng, "2000-01-01", "2025-10-31")])
    for pl in plants:
        plines = [ln for ln in line_ids if line_plant[ln] == pl[0]]
        manager = crew[plines[0]][0]
        prow[manager][4] = "plant manager"
        for ln in plines:
            members = [p for p in crew[ln] if p != manager]
            lead = members[0]
            prow[lead][4] = "supervisor"
            sup.append([manager, lead, "SUPERVISES", day(rng, "2015-01-01", "2025-06-30")])
            leaders = members[1:1 + rng.randint(2, 3)]
            for t in leaders:
                prow[t][4] = "team leader"
                sup.append([lead, t, "SUPERVISES", day(rng, "2015-01-01", "2025-06-30")])
            for k, p in enumerate(members[1 + len(leaders):]):
                sup.append([leaders[k % len(leaders)], p, "SUPERVISES", day(rng, "2015-01-01", "2025-06-30")])
    works.sort(key=lambda r: int(r[0].split("-")[1]))
    sup.sort(key=lambda r: (int(r[0].split("-")[1]), int(r[1].split("-")[1])))
    nodes["people"] = (["personId:ID", ":LABEL", "first_name:string", "last_name:string", "role:string",
                        "hired:date", "years_experience:int", "hourly_rate:float", "badge_no:string",
                        "forklift_certified:boolean"], people)
    rels["works_on"] = ([":START_ID", ":END_ID", ":TYPE", "shift:string", "since:date"], works)
    rels["supervises"] = ([":START_ID", ":END_ID", ":TYPE", "since:date"], sup)

    # robots on lines, maintained by technicians/engineers of that line
    robot_names = pick_names(rng, names, [f"{w} {g}" for w in ROBOT_WORDS for g in GREEK], N_ROBOTS)
    robots, installed, maintains = [], [], []
    for i, nm in enumerate(robot_names, 1):
        rid = f"robot-{i}"
        lid = line_ids[(i - 1) % len(line_ids)] if i <= len(line_ids) else rng.choice(line_ids)
        robots.append([rid, "Robot", nm, code(rng, "SN", codes, 6), rng.choice(["Fanuc", "KUKA", "ABB", "Yaskawa"]),
                       rng.choice(["welding", "painting", "handling", "sealing", "inspection"]),
                       round(rng.uniform(3.0, 700.0), 1), rng.choice([4, 6, 6, 7]),
                       day(rng, "2008-01-01", "2025-09-30")])
        installed.append([rid, lid, "INSTALLED_ON", rng.randint(1, 40)])
        techs = [p for p in crew[lid] if prow[p][4] in ("technician", "engineer")] or crew[lid]
        for p in rng.sample(techs, min(len(techs), rng.choice([1, 1, 2]))):
            maintains.append([p, rid, "MAINTAINS"])
    maintains.sort(key=lambda r: (int(r[0].split("-")[1]), int(r[1].split("-")[1])))
    nodes["robots"] = (["robotId:ID", ":LABEL", "name:string", "serial_no:string", "maker:string", "task:string",
                        "payload_kg:float", "axes:int", "installed:date"], robots)
    rels["installed_on"] = ([":START_ID", ":END_ID", ":TYPE", "station:int"], installed)
    rels["maintains"] = ([":START_ID", ":END_ID", ":TYPE"], maintains)

    # defects
    defect_names = pick_names(rng, names, [f"{a} {s}" for a in DEFECT_ADJ for s in DEFECT_SYMPTOMS], N_DEFECTS)
    defects, affects, traced = [], [], []
    for i, nm in enumerate(defect_names, 1):
        did = f"defect-{i}"
        defects.append([did, "Defect", nm, code(rng, "QD-", codes, 5),
                        rng.choice(["low", "medium", "high", "critical"]), day(rng, "2016-01-01", "2025-10-31"),
                        rng.random() < 0.3, rng.randint(3, 48000), round(rng.uniform(1500, 2500000), 2)])
        for m in sorted(rng.sample(mids, rng.choice([1, 1, 2, 2, 3])), key=lambda x: int(x.split("-")[1])):
            affects.append([did, m, "AFFECTS", day(rng, "2016-01-01", "2025-10-31")])
        traced.append([did, rng.choice(pids), "TRACED_TO", rng.choice(["design", "supplier", "assembly",
                                                                         "software"])])
    nodes["defects"] = (["defectId:ID", ":LABEL", "title:string", "ticket_no:string", "severity:string",
                         "reported:date", "recall_issued:boolean", "affected_units:int", "cost_estimate:float"],
                        defects)
    rels["affects"] = ([":START_ID", ":END_ID", ":TYPE", "confirmed_on:date"], affects)
    rels["traced_to"] = ([":START_ID", ":END_ID", ":TYPE", "root_cause:string"], traced)

    # dealerships
    dealer_names = pick_names(rng, names, [f"{t} {s}" for t in TOWNS for s in DEALER_SUFFIXES], N_DEALERS)
    dealers, shipped, carries = [], [], []
    pl_ids = [p[0] for p in plants]
    for i, nm in enumerate(dealer_names, 1):
        did = f"dealer-{i}"
        dealers.append([did, "Dealership", nm, code(rng, "DL", codes, 4),
                        rng.choice(["North", "South", "East", "West", "Central"]), day(rng, "1975-01-01", "2024-12-31"),
                        round(rng.uniform(400, 5200), 1), rng.random() < 0.6, rng.randint(4, 95)])
        for p in rng.sample(pl_ids, rng.choice([1, 1, 2])):
            shipped.append([p, did, "SHIPPED_TO", day(rng, "2023-01-01", "2025-11-15"), rng.randint(6, 480),
                            rng.choice(["rail", "truck", "truck", "sea"]), rng.random() < 0.2])
        for m in sorted(rng.sample(mids, rng.randint(3, 8)), key=lambda x: int(x.split("-")[1])):
            carries.append([did, m, "CARRIES", rng.randint(1, 60)])
    shipped.sort(key=lambda r: (int(r[0].split("-")[1]), int(r[1].split("-")[1])))
    nodes["dealerships"] = (["dealerId:ID", ":LABEL", "name:string", "dealer_code:string", "region:string",
                             "opened:date", "showroom_m2:float", "franchised:boolean", "staff:int"], dealers)
    rels["shipped_to"] = ([":START_ID", ":END_ID", ":TYPE", "ship_date:date", "units:int", "mode:string",
                           "expedited:boolean"], shipped)
    rels["carries"] = ([":START_ID", ":END_ID", ":TYPE", "stock_units:int"], carries)
    rels["affects"][1].sort(key=lambda r: int(r[0].split("-")[1]))

    # sanity: a 4-hop path exists (part <- defect -> model <- line <- plant)
    g = nx.Graph()
    for _, rows in rels.values():
        g.add_edges_from((r[0], r[1]) for r in rows)
    assert nx.has_path(g, "plant-1", "supplier-1")
    return nodes, rels


def fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(out_dir: Path, seed: int) -> Path:
    nodes, rels = generate(seed)
    folder = out_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for fname, (header, rows) in list(nodes.items()) + [(f"rel_{k}", v) for k, v in rels.items()]:
        with open(folder / f"{fname}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL)
            w.writerow(header)
            w.writerows([fmt(v) for v in r] for r in rows)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=62)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
