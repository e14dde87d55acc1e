"""Deterministic generator of a regional fire and rescue service graph as Neo4j admin-import CSV.

Usage: python tests/byog58/graph.py OUT_DIR [--seed N]   -> OUT_DIR/firerescue_csv/*.csv
Stdlib random.Random(seed) plus networkx (the command chain is checked to be a forest with networkx).
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DISTRICTS = [
    "Ashbury Vale", "Brennan Moor", "Coldharbour", "Dunmere", "Eastwick Fen", "Fallowfield", "Greystone Heath",
    "Hollins Cross", "Ivybridge Reach", "Juniper Hollow", "Kettering Flats", "Larkspur Downs", "Marlow Sands",
    "Northgate", "Orchard Rise", "Pennington", "Quarry Bank", "Redwater", "Saltmarsh", "Thornbury Edge",
    "Upper Wyndham", "Vennel Park", "Whitby Lees", "Yarrow Combe",
]
STATION_PLACES = [
    "Tanner Row", "Carver Street", "Bishops Lane", "Gallows Hill", "Hopewell Road", "Ironside Quay", "Kingsmead",
    "Lantern Yard", "Mill Race", "Nettlebed", "Oxley Green", "Pilgrim Way", "Quayside", "Ropewalk", "Sheepwash",
    "Tollgate", "Underhill", "Vicarage Road", "Wharf Street", "Abbey Fold", "Beacon Lane", "Chapel End",
    "Dovecote", "Ember Street", "Foundry Lane", "Glebe Road", "Haymarket", "Inkerman Street", "Jubilee Road",
    "Kiln Lane", "Limekiln Brow", "Market Cross", "Newtown Parade", "Old Forge", "Pinfold", "Riverside Walk",
]
HOSPITALS = [
    "St Aldhelm's Hospital", "Royal Wexcombe Infirmary", "Queen Matilda General", "Brookfield Community Hospital",
    "Harbourside Medical Centre", "Princess Adela Trauma Centre", "Linden Cottage Hospital",
    "Wyvern County Hospital", "Mercy Vale Clinic", "Calder Royal Hospital", "Elmstead Memorial Hospital",
    "Greenacre Infirmary",
]
AGENCIES = [
    ("North Coast Ambulance Trust", "ambulance"), ("Tarn Valley Mountain Rescue", "mountain rescue"),
    ("Shoreline Coastguard Unit", "coastguard"), ("Wyvern Constabulary", "police"),
    ("Haverleigh Fire Brigade", "fire"), ("Southmoor Fire and Rescue", "fire"),
    ("Lowland Lifeboat Crew", "coastguard"), ("Cairn Search Dogs", "mountain rescue"),
    ("Air Ambulance Seven Counties", "ambulance"), ("Canal and River Watch", "coastguard"),
    ("Westerfield Police Division", "police"), ("Blackridge Volunteer Firefighters", "fire"),
    ("Highways Traffic Officers", "police"), ("Fenland Water Rescue", "coastguard"),
]
COURSES = [
    "Breathing Apparatus Wearer", "Swift Water Rescue", "Road Traffic Collision Extrication", "Working at Height",
    "Hazardous Materials Awareness", "Incident Command Level One", "Incident Command Level Two",
    "Casualty Care Foundation", "Aerial Ladder Operator", "Emergency Response Driving", "Fire Investigation Basics",
    "Compartment Fire Behaviour", "Wildfire Suppression", "Rope Rescue Technician", "Confined Space Entry",
    "Urban Search and Rescue", "Pump Operator", "Safeguarding Vulnerable People", "Chemical Decontamination",
    "Boat Handling", "Large Animal Rescue", "Tunnel Firefighting", "High Rise Procedures", "Trauma Defibrillation",
    "Community Fire Safety", "Water Supply Officer", "Thermal Imaging Camera", "Electric Vehicle Fires",
]
APP_ADJ = ["Amber", "Bold", "Copper", "Dauntless", "Ember", "Flint", "Granite", "Hardy", "Iron", "Jade", "Lone"]
APP_NOUN = ["Badger", "Falcon", "Otter", "Raven", "Stag", "Heron", "Lynx", "Wolf", "Bison", "Osprey"]
FIRST = [
    "Aled", "Bethan", "Callum", "Darcy", "Eamon", "Freya", "Gareth", "Hollie", "Imran", "Jodie", "Keiran", "Lowri",
    "Marcus", "Niamh", "Owain", "Priya", "Quentin", "Rhiannon", "Stefan", "Tamsin", "Uzma", "Vaughan", "Wendy",
    "Xavier", "Yasmin", "Zoltan", "Ainsley", "Bronwen", "Ciaran", "Delyth", "Ewan", "Fiona", "Gethin", "Harriet",
    "Idris", "Josie", "Kwame", "Leona", "Morgan", "Nadia", "Osian", "Petra", "Rowan", "Saoirse", "Tobias",
    "Ulrike", "Vikram", "Willa", "Yusuf", "Zara", "Anwen", "Bryn", "Carys", "Dylan", "Elin", "Faisal", "Gwen",
    "Hamish", "Isla", "Jago",
]
LAST = [
    "Abernathy", "Blackwood", "Carradine", "Dunstan", "Ellery", "Fairbairn", "Gillespie", "Hargreaves", "Iredale",
    "Jessop", "Kilbride", "Lockhart", "Macready", "Nightingale", "Oldroyd", "Pritchard", "Quilliam", "Ravensworth",
    "Sowerby", "Thackeray", "Umpleby", "Vardy", "Whitlock", "Yelland", "Ashworth", "Brackenbury", "Cropper",
    "Dinsdale", "Entwistle", "Fothergill", "Greenhalgh", "Holroyd", "Illingworth", "Jowett", "Kershaw",
    "Lumb", "Mossop", "Nuttall", "Ormerod", "Pickersgill", "Royle", "Sutcliffe", "Tattersall", "Uttley",
    "Varley", "Wadsworth", "Brierley", "Catterall", "Duckworth", "Heseltine",
]
INCIDENT_KINDS = [
    "House Fire", "Chimney Fire", "Road Traffic Collision", "Grass Fire", "Flooding", "Chemical Spill",
    "Water Rescue", "Animal Rescue", "Automatic Alarm", "Barn Fire", "Lift Release", "Vehicle Fire",
    "Warehouse Fire", "Gas Leak", "Cliff Rescue",
]
RANKS = ["Station Commander", "Watch Manager", "Crew Manager", "Firefighter"]
WATCHES = ["red", "blue", "green", "white"]

N_INCIDENTS = 900
N_HYDRANTS = 320
N_INSPECTIONS = 280


def iso(d: date) -> str:
    return d.isoformat()


def rdate(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int):
    rng = random.Random(seed)
    nodes: dict[str, list[dict]] = {}
    edges: dict[str, list[dict]] = {}

    def node(label: str, row: dict) -> dict:
        nodes.setdefault(label, []).append(row)
        return row

    def edge(etype: str, src: str, dst: str, **props) -> None:
        edges.setdefault(etype, []).append({"src": src, "dst": dst, **props})

    # districts
    districts = []
    for i, name in enumerate(DISTRICTS, 1):
        districts.append(node("District", {
            "id": f"district-{i}", "name": name, "district_code": f"D{rng.randint(10, 99)}{chr(65 + i % 26)}",
            "population": rng.randint(4000, 160000), "area_km2": round(rng.uniform(6, 240), 2),
            "risk_band": rng.choice(["low", "medium", "high"]), "urban": rng.random() < 0.5,
            "boundary_revised": iso(rdate(rng, date(2005, 1, 1), date(2022, 12, 31))),
        }))
    # stations
    stations = []
    for i, place in enumerate(STATION_PLACES, 1):
        stations.append(node("Station", {
            "id": f"station-{i}", "name": f"{place} Fire Station", "station_code": f"ST{i:02d}{rng.choice('NESW')}",
            "opened": iso(rdate(rng, date(1952, 1, 1), date(2019, 12, 31))),
            "staffing": rng.choice(["wholetime", "retained", "day crewed"]), "bays": rng.randint(1, 6),
            "floor_area_m2": round(rng.uniform(180, 1400), 1), "open_24h": rng.random() < 0.45,
        }))
    # station covers districts: every district gets one primary station; stations get 1-3 districts
    covered = set()
    for k, d in enumerate(districts):
        s = stations[k % len(stations)] if k < len(stations) else rng.choice(stations)
        edge("COVERS", s["id"], d["id"], primary=True, target_minutes=rng.choice([8, 10, 12, 15]))
        covered.add((s["id"], d["id"]))
    for s in stations:
        for d in rng.sample(districts, rng.randint(1, 2)):
            if (s["id"], d["id"]) not in covered:
                covered.add((s["id"], d["id"]))
                edge("COVERS", s["id"], d["id"], primary=False, target_minutes=rng.choice([15, 18, 20, 25]))
    # hospitals
    hospitals = []
    for i, name in enumerate(HOSPITALS, 1):
        hospitals.append(node("Hospital", {
            "id": f"hospital-{i}", "name": name, "beds": rng.randint(40, 1100),
            "trauma_level": rng.choice(["major trauma centre", "trauma unit", "minor injuries"]),
            "burns_unit": rng.random() < 0.35, "opened": iso(rdate(rng, date(1890, 1, 1), date(2015, 12, 31))),
            "ods_code": f"R{rng.choice('ABCDHJK')}{rng.randint(100, 999)}",
        }))
    agencies = []
    for i, (name, kind) in enumerate(AGENCIES, 1):
        agencies.append(node("Agency", {
            "id": f"agency-{i}", "name": name, "agency_type": kind, "headcount": rng.randint(12, 2400),
            "founded": iso(rdate(rng, date(1920, 1, 1), date(2012, 12, 31))),
            "has_mou": rng.random() < 0.6, "contact_code": f"MA-{rng.randint(1000, 9999)}",
        }))
    courses = []
    for i, title in enumerate(COURSES, 1):
        courses.append(node("Course", {
            "id": f"course-{i}", "title": title, "course_code": f"TRN-{rng.randint(100, 999)}{chr(65 + i)}",
            "duration_days": rng.randint(1, 15), "pass_mark": round(rng.uniform(55, 85), 1),
            "mandatory": rng.random() < 0.4, "level": rng.choice(["foundation", "intermediate", "advanced"]),
            "accredited_since": iso(rdate(rng, date(2000, 1, 1), date(2021, 12, 31))),
        }))
    # appliances
    app_names = [f"{a} {n}" for a in APP_ADJ for n in APP_NOUN]
    rng.shuffle(app_names)
    appliances = []
    for i, name in enumerate(app_names[:108], 1):
        kind = rng.choice(["pump", "pump", "pump", "aerial", "rescue", "tanker", "hazmat"])
        appliances.append(node("Appliance", {
            "id": f"appliance-{i}", "name": name, "appliance_type": kind,
            "registration": f"{rng.choice('ABFKLMWY')}{rng.choice('ABCDEFGHJK')}{rng.randint(10, 24)} "
                            f"{''.join(rng.choice('ABCDEFGHJKLMNPRSTVWXYZ') for _ in range(3))}",
            "commissioned": iso(rdate(rng, date(2004, 1, 1), date(2023, 12, 31))),
            "water_tank_litres": rng.choice([0, 500, 1300, 1800, 2000, 4500, 9000]) if kind != "aerial" else 0,
            "pump_rate_lpm": round(rng.uniform(900, 4500), 1), "has_ladder": kind == "aerial" or rng.random() < 0.5,
        }))
    for k, a in enumerate(appliances):
        s = stations[k % len(stations)] if k < len(stations) else rng.choice(stations)
        a["_station"] = s["id"]
        edge("STATIONED_AT", a["id"], s["id"])
    # people and the command chain
    combos = [(f, ln) for f in FIRST for ln in LAST]
    rng.shuffle(combos)
    people = []
    pid = 0
    chain = nx.DiGraph()

    def person(rank: str, station: dict) -> dict:
        nonlocal pid
        pid += 1
        f, ln = combos[pid - 1]
        joined = rdate(rng, date(1988, 1, 1), date(2023, 6, 30))
        p = node("Firefighter", {
            "id": f"person-{pid}", "first_name": f, "last_name": ln, "rank": rank,
            "service_number": f"FRS{rng.randint(10000, 99999)}", "joined": iso(joined),
            "age": min(64, max(19, 2024 - joined.year + rng.randint(19, 30))),
            "fitness_score": round(rng.uniform(6.0, 14.9), 2), "hazmat_certified": rng.random() < 0.3,
        })
        p["_station"] = station["id"]
        people.append(p)
        edge("BASED_AT", p["id"], station["id"], watch=rng.choice(WATCHES),
             since=iso(rdate(rng, joined, date(2024, 3, 31))))
        return p

    def commands(a: dict, b: dict) -> None:
        chain.add_edge(a["id"], b["id"])
        edge("COMMANDS", a["id"], b["id"], since=iso(rdate(rng, date(2015, 1, 1), date(2024, 3, 31))))

    for s in stations:
        sc = person("Station Commander", s)
        for _ in range(rng.randint(1, 2)):
            wm = person("Watch Manager", s)
            commands(sc, wm)
            for _ in range(rng.randint(1, 2)):
                cm = person("Crew Manager", s)
                commands(wm, cm)
                for _ in range(rng.randint(1, 4)):
                    commands(cm, person("Firefighter", s))
    assert nx.is_forest(chain.to_undirected())
    # course completions
    for p in people:
        for c in rng.sample(courses, rng.randint(1, 5)):
            score = round(rng.uniform(35, 99), 1)
            edge("COMPLETED", p["id"], c["id"], completed_on=iso(rdate(rng, date(2012, 1, 1), date(2024, 5, 31))),
                 score=score, passed=score >= c["pass_mark"])
    # hydrants
    hydrants = []
    for i in range(1, N_HYDRANTS + 1):
        kind = rng.choice(["pillar", "underground", "underground", "static tank", "open water"])
        h = node("Hydrant", {
            "id": f"hydrant-{i}", "name": f"Hydrant HY-{1000 + i * 7}", "asset_tag": f"W{rng.randint(100000, 999999)}",
            "source_kind": kind, "flow_lpm": rng.randint(300, 4000), "pressure_bar": round(rng.uniform(1.2, 7.5), 2),
            "last_tested": iso(rdate(rng, date(2019, 1, 1), date(2024, 5, 31))), "operational": rng.random() < 0.85,
        })
        h["_district"] = rng.choice(districts)["id"]
        hydrants.append(h)
        edge("LOCATED_IN", h["id"], h["_district"])
    hyd_by_d: dict[str, list[dict]] = {}
    for h in hydrants:
        hyd_by_d.setdefault(h["_district"], []).append(h)
    cover_by_d: dict[str, list[str]] = {}
    for s_id, d_id in sorted(covered):
        cover_by_d.setdefault(d_id, []).append(s_id)
    apps_by_s: dict[str, list[dict]] = {}
    for a in appliances:
        apps_by_s.setdefault(a["_station"], []).append(a)
    people_by_s: dict[str, list[dict]] = {}
    for p in people:
        people_by_s.setdefault(p["_station"], []).append(p)
    # incidents
    for i in range(1, N_INCIDENTS + 1):
        kind = rng.choice(INCIDENT_KINDS)
        when = rdate(rng, date(2021, 1, 1), date(2024, 6, 30))
        ref = f"FR-{when.year % 100:02d}-{i:04d}"
        false_alarm = kind == "Automatic Alarm" and rng.random() < 0.7
        severity = "low" if false_alarm else rng.choice(["low", "moderate", "moderate", "high", "critical"])
        casualties = 0 if false_alarm or rng.random() < 0.7 else rng.randint(1, 6)
        inc = node("Incident", {
            "id": f"incident-{i}", "title": f"{kind} {ref}", "incident_ref": ref, "reported": iso(when),
            "severity": severity, "response_minutes": round(rng.uniform(3.5, 24.0), 1), "casualties": casualties,
            "false_alarm": false_alarm,
        })
        d = rng.choice(districts)
        edge("OCCURRED_IN", inc["id"], d["id"])
        s_ids = cover_by_d[d["id"]]
        n_app = 1 if severity == "low" else rng.randint(1, 3)
        pool = [a for s_id in s_ids for a in apps_by_s.get(s_id, [])] or appliances
        chosen = rng.sample(pool, min(n_app, len(pool)))
        for k, a in enumerate(chosen):
            edge("RESPONDED_TO", a["id"], inc["id"], role="first attendance" if k == 0 else "support",
                 arrival_minutes=round(inc["response_minutes"] + k * rng.uniform(1.0, 9.0), 1),
                 water_used_litres=0 if false_alarm else rng.randint(0, 12) * 250)
        crew_pool = [p for s_id in s_ids for p in people_by_s.get(s_id, [])]
        crew = rng.sample(crew_pool, min(len(crew_pool), rng.randint(2, 4)))
        for k, p in enumerate(crew):
            role = "incident commander" if k == 0 else rng.choice(["crew", "crew", "breathing apparatus"])
            edge("ATTENDED", p["id"], inc["id"], role=role, hours_on_scene=round(rng.uniform(0.3, 9.5), 2))
        if not false_alarm and kind.endswith("Fire") and rng.random() < 0.6:
            for h in rng.sample(hyd_by_d.get(d["id"], hydrants), min(2, len(hyd_by_d.get(d["id"], hydrants)))):
                if rng.random() < 0.7:
                    edge("DREW_WATER_FROM", inc["id"], h["id"], litres=rng.randint(2, 60) * 500)
        if casualties:
            for hs in rng.sample(hospitals, 1 if casualties < 3 else 2):
                edge("TRANSPORTED_TO", inc["id"], hs["id"], patients=rng.randint(1, casualties),
                     priority=rng.choice(["immediate", "urgent", "delayed"]))
        if severity in ("high", "critical") and rng.random() < 0.5:
            ag = rng.choice(agencies)
            edge("ASSISTED_BY", inc["id"], ag["id"], units=rng.randint(1, 5),
                 mutual_aid=ag["agency_type"] == "fire")
    # equipment inspections
    for i in range(1, N_INSPECTIONS + 1):
        a = rng.choice(appliances)
        defects = rng.choice([0, 0, 0, 1, 1, 2, 3, 5])
        code = f"EC-{i:04d}"
        ins = node("Inspection", {
            "id": f"inspection-{i}", "title": f"Equipment Check {code}", "check_code": code,
            "inspected_on": iso(rdate(rng, date(2022, 1, 1), date(2024, 6, 30))),
            "defects_found": defects, "passed": defects < 3, "condition_score": round(rng.uniform(40, 100), 1),
            "grade": "A" if defects == 0 else ("B" if defects < 3 else "C"),
        })
        edge("INSPECTED", ins["id"], a["id"])
    return nodes, edges


NODE_FILES = {
    "Station": ("stationId", [("name", "string"), ("station_code", "string"), ("opened", "date"),
                              ("staffing", "string"), ("bays", "int"), ("floor_area_m2", "float"),
                              ("open_24h", "boolean")]),
    "Firefighter": ("personId", [("first_name", "string"), ("last_name", "string"), ("rank", "string"),
                                 ("service_number", "string"), ("joined", "date"), ("age", "int"),
                                 ("fitness_score", "float"), ("hazmat_certified", "boolean")]),
    "Appliance": ("applianceId", [("name", "string"), ("appliance_type", "string"), ("registration", "string"),
                                  ("commissioned", "date"), ("water_tank_litres", "int"),
                                  ("pump_rate_lpm", "float"), ("has_ladder", "boolean")]),
    "Incident": ("incidentId", [("title", "string"), ("incident_ref", "string"), ("reported", "date"),
                                ("severity", "string"), ("response_minutes", "float"), ("casualties", "int"),
                                ("false_alarm", "boolean")]),
    "District": ("districtId", [("name", "string"), ("district_code", "string"), ("population", "int"),
                                ("area_km2", "float"), ("risk_band", "string"), ("urban", "boolean"),
                                ("boundary_revised", "date")]),
    "Hydrant": ("hydrantId", [("name", "string"), ("asset_tag", "string"), ("source_kind", "string"),
                              ("flow_lpm", "int"), ("pressure_bar", "float"), ("last_tested", "date"),
                              ("operational", "boolean")]),
    "Course": ("courseId", [("title", "string"), ("course_code", "string"), ("duration_days", "int"),
                            ("pass_mark", "float"), ("mandatory", "boolean"), ("level", "string"),
                            ("accredited_since", "date")]),
    "Hospital": ("hospitalId", [("name", "string"), ("beds", "int"), ("trauma_level", "string"),
                                ("burns_unit", "boolean"), ("opened", "date"), ("ods_code", "string")]),
    "Agency": ("agencyId", [("name", "string"), ("agency_type", "string"), ("headcount", "int"),
                            ("founded", "date"), ("has_mou", "boolean"), ("contact_code", "string")]),
    "Inspection": ("inspectionId", [("title", "string"), ("check_code", "string"), ("inspected_on", "date"),
                                    ("defects_found", "int"), ("passed", "boolean"), ("condition_score", "float"),
                                    ("grade", "string")]),
}
EDGE_FILES = {
    "BASED_AT": [("watch", "string"), ("since", "date")],
    "COMMANDS": [("since", "date")],
    "STATIONED_AT": [],
    "COVERS": [("primary", "boolean"), ("target_minutes", "int")],
    "OCCURRED_IN": [],
    "RESPONDED_TO": [("role", "string"), ("arrival_minutes", "float"), ("water_used_litres", "int")],
    "ATTENDED": [("role", "string"), ("hours_on_scene", "float")],
    "DREW_WATER_FROM": [("litres", "int")],
    "LOCATED_IN": [],
    "COMPLETED": [("completed_on", "date"), ("score", "float"), ("passed", "boolean")],
    "TRANSPORTED_TO": [("patients", "int"), ("priority", "string")],
    "ASSISTED_BY": [("units", "int"), ("mutual_aid", "boolean")],
    "INSPECTED": [],
}


def cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(out_dir: Path, seed: int) -> Path:
    nodes, edges = build(seed)
    folder = out_dir / "firerescue_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for label, (idcol, cols) in NODE_FILES.items():
        fname = "agencies" if label == "Agency" else f"{label.lower()}s"
        with open(folder / f"{fname}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f"{idcol}:ID", ":LABEL"] + [f"{c}:{t}" for c, t in cols])
            for row in nodes[label]:
                w.writerow([row["id"], label] + [cell(row[c]) for c, _ in cols])
    for etype, cols in EDGE_FILES.items():
        with open(folder / f"rel_{etype.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for row in edges.get(etype, []):
                w.writerow([row["src"], row["dst"], etype] + [cell(row[c]) for c, _ in cols])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=58)
    args = ap.parse_args()
    print(write(Path(args.out_dir), args.seed))


if __name__ == "__main__":
    main()
