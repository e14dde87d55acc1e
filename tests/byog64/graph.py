"""Deterministic wind-energy operator graph in Neo4j admin-import CSV (ID spaces per node group).

    python tests/byog64/graph.py OUT_DIR [--seed N]   -> OUT_DIR/windfarm_csv/*.csv

Stdlib ``random.Random(seed)`` and networkx only.
"""

from __future__ import annotations

import argparse
import csv
import re
from datetime import date, timedelta
from pathlib import Path
from random import Random

import networkx as nx

REGIONS = [
    ("Highland Coast", "HC", "Scotland"), ("Baltic Shelf", "BS", "Denmark"), ("Moorland Plateau", "MP", "England"),
    ("Severn Estuary", "SE", "Wales"), ("Dogger Approaches", "DA", "England"), ("Fenland Basin", "FB", "England"),
    ("Cambrian Uplands", "CU", "Wales"), ("Frisian Margin", "FM", "Germany"),
]
# (name, code, offshore, region index)
FARMS = [
    ("Alder Ridge", "ALR", False, 0), ("Blackwater Bank", "BWB", True, 4), ("Cold Harbour", "CDH", False, 3),
    ("Drumlin Fell", "DRF", False, 0), ("Eastmoor", "EMR", False, 2), ("Falcon Sands", "FCS", True, 1),
    ("Greystone Rigg", "GSR", False, 0), ("Harvest Moon", "HVM", False, 5), ("Iron Gate", "IRG", False, 2),
    ("Juniper Knoll", "JNK", False, 6), ("Kittiwake Array", "KWA", True, 4), ("Long Meadow", "LGM", False, 5),
    ("Marram Flats", "MRF", True, 7), ("Nettle Down", "NTD", False, 2), ("Otterburn Heights", "OTH", False, 2),
    ("Pebble Reach", "PBR", True, 1), ("Quarry Top", "QRT", False, 6), ("Redshank Shoal", "RSS", True, 7),
    ("Saltmarsh", "SLM", False, 3), ("Thistle Brae", "TSB", False, 0), ("Upper Glenrath", "UGR", False, 0),
    ("Vale of Mist", "VOM", False, 6), ("Whinstone", "WHS", False, 5), ("Yarrow Banks", "YRB", True, 4),
    ("Lighthouse", "LTH", True, 3), ("Morning Star", "MST", True, 1), ("Brightwater Fen", "BWF", False, 5),
    ("Curlew Deep", "CWD", True, 7),
]
# (name, manufacturer, rated_mw, rotor m, drive, offshore_rated)
MODELS = [
    ("Cirrus 117", "Nordwind", 3.6, 117, "geared", False), ("Stratus 150", "Aeolus", 6.0, 150, "direct-drive", True),
    ("Nimbus 136", "Nordwind", 4.2, 136, "geared", False), ("Altus 90", "Borealis", 2.0, 90, "geared", False),
    ("Cumulus 164", "Aeolus", 8.0, 164, "medium-speed", True),
    ("Halo 112", "Zephyr Dynamics", 3.3, 112, "direct-drive", False),
    ("Vortex 126", "Borealis", 3.45, 126, "medium-speed", False),
    ("Mistral 155", "Nordwind", 6.8, 155, "geared", True),
    ("Sirocco 145", "Zephyr Dynamics", 5.5, 145, "direct-drive", True),
    ("Tramontane 174", "Aeolus", 9.5, 174, "direct-drive", True),
    ("Chinook 82", "Borealis", 1.5, 82, "geared", False),
    ("Foehn 132", "Zephyr Dynamics", 4.5, 132, "medium-speed", False),
]
FIRST = ["Ailsa", "Bram", "Callum", "Dagny", "Eilidh", "Fergus", "Greta", "Hamish", "Ingrid", "Jonas", "Kirsty",
         "Lars", "Morag", "Niall", "Orla", "Piet", "Rhona", "Soren", "Tamsin", "Ulla", "Vikram", "Wren", "Yusuf",
         "Zofia", "Grace", "Hope", "Rowan", "Ashley", "Dale", "Robin", "Frank", "Joy", "Mark", "Bill", "Pearl",
         "Iona", "Kai", "Leif", "Maren", "Tobias"]
LAST = ["Abernethy", "Brodie", "Carmichael", "Dunbar", "Eriksen", "Fraser", "Gunn", "Hendry", "Iversen",
        "Jensen", "Kowalski", "Lindqvist", "McAlister", "Nyberg", "Ogilvie", "Pryce", "Quinn", "Rasmussen",
        "Sinclair", "Tennant", "Urquhart", "Vance", "Wallace", "Yates", "Zielinski", "Baker", "Cooper", "Fisher",
        "Hill", "Marsh", "Moss", "Shepherd", "Stone", "Walker", "Wood", "Young", "Price", "Bell", "Hart", "Lamb"]
ROLES = ["technician", "technician", "technician", "senior technician", "blade specialist", "electrical engineer",
         "site manager"]
# (name, subsystem, severity)
FAULTS = [
    ("Blade Icing", "blade", "major"), ("Yaw Misalignment", "yaw", "minor"),
    ("Gearbox Oil Overtemperature", "gearbox", "major"), ("Generator Winding Short", "generator", "critical"),
    ("Converter Trip", "converter", "major"), ("Pitch Motor Failure", "pitch", "critical"),
    ("Lightning Strike Damage", "blade", "critical"), ("Tower Resonance", "tower", "major"),
    ("Anemometer Dropout", "sensors", "minor"), ("Hydraulic Pressure Loss", "pitch", "major"),
    ("Leading Edge Erosion", "blade", "minor"), ("Main Bearing Spalling", "drivetrain", "critical"),
    ("Grid Undervoltage", "converter", "minor"), ("Cable Twist Limit", "yaw", "minor"),
    ("Cooling Fan Stall", "generator", "minor"), ("Slip Ring Arcing", "generator", "major"),
    ("Overspeed Shutdown", "drivetrain", "critical"), ("Nacelle Fire Alarm", "safety", "critical"),
    ("Accelerometer Drift", "sensors", "minor"), ("Pitch Battery Low", "pitch", "minor"),
    ("Shadow Flicker Stop", "controls", "minor"), ("Controller Watchdog Reset", "controls", "minor"),
    ("Transformer Oil Leak", "electrical", "major"), ("Bat Curtailment Stop", "controls", "minor"),
    ("Gear Tooth Pitting", "gearbox", "major"), ("Yaw Drive Seizure", "yaw", "critical"),
    ("Crack in Blade Root", "blade", "critical"), ("Earth Fault", "electrical", "major"),
]
# (name, category, cost base, critical)
PARTS = [
    ("Pitch Bearing Seal Kit", "mechanical", 420.0, False), ("Slip Ring Brush Set", "electrical", 185.0, False),
    ("Yaw Brake Caliper", "mechanical", 1350.0, True), ("IGBT Power Module", "electrical", 2890.0, True),
    ("Gear Oil Filter", "consumable", 95.0, False), ("Hydraulic Accumulator", "hydraulic", 760.0, True),
    ("Anemometer Head", "electrical", 310.0, False), ("Blade Repair Resin", "consumable", 140.0, False),
    ("Lightning Receptor", "mechanical", 220.0, False), ("Cooling Fan Motor", "electrical", 540.0, False),
    ("Main Shaft Bearing", "mechanical", 48500.0, True), ("Pitch Drive Motor", "electrical", 3900.0, True),
    ("Converter Control Card", "electrical", 1720.0, True), ("Yaw Gear Motor", "mechanical", 4100.0, True),
    ("Nacelle Smoke Detector", "electrical", 160.0, False), ("Tower Bolt Set", "mechanical", 610.0, False),
    ("Pitch Backup Battery", "electrical", 880.0, False), ("Generator Carbon Brush", "consumable", 45.0, False),
    ("Hydraulic Hose Assembly", "hydraulic", 230.0, False), ("Gearbox Breather", "consumable", 60.0, False),
    ("Vibration Sensor", "electrical", 690.0, False), ("Leading Edge Tape", "consumable", 75.0, False),
    ("Transformer Gasket", "consumable", 55.0, False), ("Brake Disc", "mechanical", 2450.0, True),
    ("Encoder Module", "electrical", 470.0, False), ("Coupling Insert", "mechanical", 390.0, False),
    ("Oil Cooler Pump", "hydraulic", 1280.0, False), ("Aviation Warning Light", "electrical", 350.0, False),
    ("Service Lift Cable", "mechanical", 820.0, False), ("Blade Root Bolt", "mechanical", 38.0, False),
    ("UPS Battery Pack", "electrical", 1150.0, False), ("Grease Cartridge", "consumable", 22.0, False),
    ("Frequency Relay", "electrical", 640.0, False), ("Anchor Plate", "mechanical", 2100.0, False),
    ("Pressure Transducer", "hydraulic", 410.0, False), ("Cable Loop Clamp", "mechanical", 85.0, False),
]
# (name, type, capacity)
VESSELS = [
    ("Sea Lark", "crew transfer vessel", 12), ("Endeavour", "service operation vessel", 60),
    ("Tern Runner", "crew transfer vessel", 12), ("Storm Petrel", "crew transfer vessel", 24),
    ("Gannet", "helicopter", 6), ("Wayfarer", "service operation vessel", 40), ("Bluebird", "helicopter", 4),
    ("Northern Spirit", "crew transfer vessel", 12), ("Puffin", "helicopter", 5),
    ("Resolute", "service operation vessel", 70), ("Skerry Dash", "crew transfer vessel", 16),
    ("Harbour Light", "crew transfer vessel", 12),
]
GRID = [
    ("Kingsway Substation", 132), ("Ashby Grid Supply Point", 275), ("Dunmore Switching Station", 132),
    ("Ravenscar Converter Station", 400), ("Elmfield Substation", 33), ("Corran Grid Supply Point", 275),
    ("Brackenfield Substation", 132), ("Holmsgaard Switchyard", 220), ("Tarbet Substation", 33),
    ("Westerly Converter Station", 400), ("Penhallow Substation", 132), ("Glenrothy Substation", 33),
    ("Norderbank Switchyard", 220), ("Carreg Substation", 132), ("Stenness Switching Station", 275),
    ("Fulbeck Substation", 33),
]
OPERATORS = ["National Grid", "SSEN", "Energinet", "TenneT"]
WO_TYPES = ["corrective", "preventive", "inspection", "retrofit"]


def _d(rng: Random, lo: date, hi: date) -> date:
    return lo + timedelta(days=rng.randrange((hi - lo).days + 1))


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", name.lower()))


def check_names(names: list[str]) -> None:
    """Display names are unique and none is a word sequence inside another."""
    toks = [_tokens(n) for n in names]
    full = set()
    for t in toks:
        if t in full:
            raise ValueError(f"duplicate name {' '.join(t)}")
        full.add(t)
    for t in toks:
        for i in range(len(t)):
            for j in range(i + 1, len(t) + 1):
                if (j - i) < len(t) and t[i:j] in full:
                    raise ValueError(f"name {' '.join(t[i:j])!r} inside {' '.join(t)!r}")


def build(seed: int) -> dict:
    rng = Random(seed)
    g = nx.MultiDiGraph()
    nodes: dict[str, list[dict]] = {}

    def add(group: str, row: dict) -> str:
        nodes.setdefault(group, []).append(row)
        nid = f"{group}:{row['id']}"
        g.add_node(nid)
        return nid

    edges: dict[str, list[dict]] = {}

    def link(etype: str, src: str, dst: str, **props) -> None:
        edges.setdefault(etype, []).append({"src": src, "dst": dst, **props})
        g.add_edge(src, dst, key=etype)

    for i, (name, code, country) in enumerate(REGIONS, 1):
        add("Region", {"id": i, "name": name, "region_code": f"RG-{code}", "country": country,
                       "mean_wind_speed_ms": round(rng.uniform(6.5, 10.5), 2)})
    for i, m in enumerate(MODELS, 1):
        name, manu, mw, rotor, drive, off = m
        add("TurbineModel", {"id": i, "name": name, "manufacturer": manu, "rated_mw": mw,
                             "rotor_diameter_m": rotor, "drive_type": drive, "offshore_rated": off,
                             "type_certificate": f"TC-{rng.randrange(10000, 99999)}"})
    off_models = [i for i, m in enumerate(MODELS, 1) if m[5]]
    on_models = [i for i, m in enumerate(MODELS, 1) if not m[5]]

    # farms and turbines
    turbine_id = 0
    farm_turbines: dict[int, list[int]] = {}
    turbine_farm: dict[int, int] = {}
    turbine_model: dict[int, int] = {}
    for fi, (name, code, off, region) in enumerate(FARMS, 1):
        n = rng.randint(10, 48)
        models = rng.sample(off_models if off else on_models, 2 if rng.random() < 0.3 else 1)
        commissioned = _d(rng, date(2004, 1, 1), date(2022, 12, 31))
        cap = 0.0
        farm_turbines[fi] = []
        for k in range(1, n + 1):
            turbine_id += 1
            mid = models[0] if (len(models) == 1 or k <= n * 0.6) else models[1]
            cap += MODELS[mid - 1][2]
            inst = commissioned - timedelta(days=rng.randrange(30, 300))
            add("Turbine", {"id": turbine_id, "name": f"{code}-T{k:02d}",
                            "serial_number": f"SN{rng.randrange(100000, 999999)}",
                            "hub_height_m": rng.choice([80, 85, 90, 95, 100, 105, 110, 120, 125]) + (20 if off else 0),
                            "installed": inst.isoformat(), "operational": rng.random() > 0.08,
                            "availability_pct": round(rng.uniform(91.0, 99.5), 1)})
            farm_turbines[fi].append(turbine_id)
            turbine_farm[turbine_id] = fi
            turbine_model[turbine_id] = mid
            link("INSTALLED_AT", f"Turbine:{turbine_id}", f"Farm:{fi}")
            link("IS_MODEL", f"Turbine:{turbine_id}", f"TurbineModel:{mid}")
        add("Farm", {"id": fi, "name": name, "farm_code": f"WF-{code}", "capacity_mw": round(cap, 2),
                     "commissioned": commissioned.isoformat(), "offshore": off, "turbine_count": n,
                     "status": rng.choice(["operating", "operating", "operating", "repowering", "curtailed"])})
        link("LOCATED_IN", f"Farm:{fi}", f"Region:{region + 1}")

    # people
    seen: set[str] = set()
    people = []
    pid = 0
    while len(people) < 130:
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        if f"{fn} {ln}" in seen:
            continue
        seen.add(f"{fn} {ln}")
        pid += 1
        hired = _d(rng, date(2006, 1, 1), date(2024, 6, 30))
        people.append({"id": pid, "first_name": fn, "last_name": ln, "employee_code": f"EMP-{4000 + pid * 7}",
                       "role": rng.choice(ROLES), "hired": hired.isoformat(),
                       "gwo_certified": rng.random() < 0.7,
                       "years_experience": max(1, 2025 - hired.year + rng.randint(0, 12))})
    for p in people:
        add("Technician", p)
        link("BASED_AT", f"Technician:{p['id']}", f"Farm:{rng.randint(1, len(FARMS))}")
    by_hire = sorted(people, key=lambda p: (p["hired"], p["id"]))
    mentors_pool: list[dict] = []
    for i, p in enumerate(by_hire):
        if i >= 12 and rng.random() < 0.65:
            cand = [q for q in by_hire[:i] if q["hired"] < p["hired"]]
            mentor = rng.choice(mentors_pool[-25:] if mentors_pool and rng.random() < 0.5 else cand)
            since = max(date.fromisoformat(p["hired"]), date.fromisoformat(mentor["hired"])) + timedelta(
                days=rng.randrange(10, 400))
            link("MENTORS", f"Technician:{mentor['id']}", f"Technician:{p['id']}", since=since.isoformat(),
                 formal=rng.random() < 0.6)
            if mentor not in mentors_pool:
                mentors_pool.append(mentor)
        if rng.random() < 0.3:
            mentors_pool.append(p)
    based: dict[int, list[int]] = {}
    for e in edges["BASED_AT"]:
        based.setdefault(int(e["dst"].split(":")[1]), []).append(int(e["src"].split(":")[1]))

    # faults, parts, fits
    for i, (name, sub, sev) in enumerate(FAULTS, 1):
        add("Fault", {"id": i, "name": name, "alarm_code": f"ALM-{1000 + i * 37}", "subsystem": sub,
                      "severity": sev, "auto_reset": sev == "minor" and rng.random() < 0.6})
    model_parts: dict[int, list[int]] = {}
    for i, (name, cat, cost, crit) in enumerate(PARTS, 1):
        add("SparePart", {"id": i, "name": name, "part_number": f"PN-{rng.randrange(10000, 99999)}-{cat[0].upper()}",
                          "category": cat, "unit_cost_eur": round(cost * rng.uniform(0.9, 1.1), 2),
                          "stock_qty": rng.randint(1, 120), "critical": crit})
        for mid in sorted(rng.sample(range(1, len(MODELS) + 1), rng.randint(1, 5))):
            link("FITS", f"SparePart:{i}", f"TurbineModel:{mid}")
            model_parts.setdefault(mid, []).append(i)

    # work orders
    n_wo = 1120
    for w in range(1, n_wo + 1):
        t = rng.randint(1, turbine_id)
        wtype = rng.choices(WO_TYPES, weights=[45, 30, 18, 7])[0]
        opened = _d(rng, date(2022, 1, 1), date(2025, 10, 31))
        hours = round(rng.uniform(1.5, 9.0) * (2.2 if wtype == "retrofit" else 1.0), 1)
        add("WorkOrder", {"id": w, "title": f"WO-{20000 + w}", "work_type": wtype, "opened": opened.isoformat(),
                          "closed": opened < date(2025, 7, 1) or rng.random() < 0.4, "labour_hours": hours,
                          "priority": rng.randint(1, 4)})
        link("SERVICES", f"WorkOrder:{w}", f"Turbine:{t}")
        farm = turbine_farm[t]
        crew = set()
        for _k in range(rng.choices([1, 2, 3], weights=[40, 45, 15])[0]):
            local = based.get(farm, [])
            crew.add(rng.choice(local) if local and rng.random() < 0.7 else rng.randint(1, len(people)))
        for k, c in enumerate(sorted(crew)):
            link("WORKED_ON", f"Technician:{c}", f"WorkOrder:{w}", hours=round(hours * rng.uniform(0.5, 1.0), 1),
                 role_on_job="lead" if k == 0 else "support")
        if wtype == "corrective":
            link("RESOLVES", f"WorkOrder:{w}", f"Fault:{rng.randint(1, len(FAULTS))}")
        if wtype in ("corrective", "retrofit") and rng.random() < 0.8:
            pool = model_parts.get(turbine_model[t]) or list(range(1, len(PARTS) + 1))
            for part in sorted(rng.sample(pool, min(len(pool), rng.randint(1, 3)))):
                link("USED_PART", f"WorkOrder:{w}", f"SparePart:{part}", quantity=rng.randint(1, 8))

    # vessels
    for i, (name, vtype, capy) in enumerate(VESSELS, 1):
        add("Vessel", {"id": i, "name": name, "vessel_type": vtype, "passenger_capacity": capy,
                       "day_rate_eur": round({"crew transfer vessel": 3200, "service operation vessel": 38000,
                                              "helicopter": 9500}[vtype] * rng.uniform(0.8, 1.25), 2),
                       "call_sign": f"{rng.choice('MGOD')}{rng.choice('BKZ')}{rng.randrange(100, 999)}"})
    offshore = [fi for fi, f in enumerate(FARMS, 1) if f[2]]
    for fi in offshore:
        for v in sorted(rng.sample(range(1, len(VESSELS) + 1), rng.randint(1, 3))):
            link("SERVES", f"Vessel:{v}", f"Farm:{fi}",
                 contract_start=_d(rng, date(2018, 1, 1), date(2025, 3, 1)).isoformat(),
                 exclusive=rng.random() < 0.3)

    # grid connections
    for i, (name, kv) in enumerate(GRID, 1):
        add("GridConnection", {"id": i, "name": name, "voltage_kv": kv, "operator": rng.choice(OPERATORS),
                               "connection_ref": f"GCP-{rng.randrange(1000, 9999)}"})
    farm_rows = {r["id"]: r for r in nodes["Farm"]}
    grid_ids = list(range(1, len(GRID) + 1))
    for fi in range(1, len(FARMS) + 1):
        k = 2 if rng.random() < 0.2 else 1
        chosen = sorted(rng.sample(grid_ids, k)) if fi > len(GRID) else sorted({fi} | set(rng.sample(grid_ids, k - 1)))
        for gi in chosen:
            link("CONNECTS_TO", f"Farm:{fi}", f"GridConnection:{gi}",
                 export_limit_mw=round(farm_rows[fi]["capacity_mw"] / k * rng.uniform(0.85, 1.0), 1),
                 energised=farm_rows[fi]["commissioned"])

    names = []
    for group, rows in nodes.items():
        for r in rows:
            names.append(f"{r['first_name']} {r['last_name']}" if group == "Technician" else r.get("name") or r["title"])
    check_names(names)
    assert nx.is_directed_acyclic_graph(nx.DiGraph([(e["src"], e["dst"]) for e in edges["MENTORS"]]))
    return {"nodes": nodes, "edges": edges}


NODE_FILES = {
    "Region": ("regions.csv", "regionId", [("name", "string"), ("region_code", "string"), ("country", "string"),
                                           ("mean_wind_speed_ms", "float")]),
    "Farm": ("farms.csv", "farmId", [("name", "string"), ("farm_code", "string"), ("capacity_mw", "float"),
                                     ("commissioned", "date"), ("offshore", "boolean"), ("turbine_count", "int"),
                                     ("status", "string")]),
    "TurbineModel": ("turbine_models.csv", "modelId", [
        ("name", "string"), ("manufacturer", "string"), ("rated_mw", "float"), ("rotor_diameter_m", "int"),
        ("drive_type", "string"), ("offshore_rated", "boolean"), ("type_certificate", "string")]),
    "Turbine": ("turbines.csv", "turbineId", [
        ("name", "string"), ("serial_number", "string"), ("hub_height_m", "int"), ("installed", "date"),
        ("operational", "boolean"), ("availability_pct", "float")]),
    "Technician": ("technicians.csv", "techId", [
        ("first_name", "string"), ("last_name", "string"), ("employee_code", "string"), ("role", "string"),
        ("hired", "date"), ("gwo_certified", "boolean"), ("years_experience", "int")]),
    "Fault": ("faults.csv", "faultId", [("name", "string"), ("alarm_code", "string"), ("subsystem", "string"),
                                        ("severity", "string"), ("auto_reset", "boolean")]),
    "SparePart": ("spare_parts.csv", "partId", [
        ("name", "string"), ("part_number", "string"), ("category", "string"), ("unit_cost_eur", "float"),
        ("stock_qty", "int"), ("critical", "boolean")]),
    "WorkOrder": ("work_orders.csv", "workOrderId", [
        ("title", "string"), ("work_type", "string"), ("opened", "date"), ("closed", "boolean"),
        ("labour_hours", "float"), ("priority", "int")]),
    "Vessel": ("vessels.csv", "vesselId", [("name", "string"), ("vessel_type", "string"),
                                           ("passenger_capacity", "int"), ("day_rate_eur", "float"),
                                           ("call_sign", "string")]),
    "GridConnection": ("grid_connections.csv", "gridId", [("name", "string"), ("voltage_kv", "int"),
                                                          ("operator", "string"), ("connection_ref", "string")]),
}
EDGE_FILES = {
    "LOCATED_IN": ("Farm", "Region", []),
    "INSTALLED_AT": ("Turbine", "Farm", []),
    "IS_MODEL": ("Turbine", "TurbineModel", []),
    "SERVICES": ("WorkOrder", "Turbine", []),
    "WORKED_ON": ("Technician", "WorkOrder", [("hours", "float"), ("role_on_job", "string")]),
    "RESOLVES": ("WorkOrder", "Fault", []),
    "USED_PART": ("WorkOrder", "SparePart", [("quantity", "int")]),
    "FITS": ("SparePart", "TurbineModel", []),
    "MENTORS": ("Technician", "Technician", [("since", "date"), ("formal", "boolean")]),
    "BASED_AT": ("Technician", "Farm", []),
    "SERVES": ("Vessel", "Farm", [("contract_start", "date"), ("exclusive", "boolean")]),
    "CONNECTS_TO": ("Farm", "GridConnection", [("export_limit_mw", "float"), ("energised", "date")]),
}


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(data: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for group, (fname, idcol, cols) in NODE_FILES.items():
        with open(out / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([f"{idcol}:ID({group})"] + [f"{c}:{t}" for c, t in cols] + [":LABEL"])
            for r in data["nodes"][group]:
                w.writerow([r["id"]] + [_cell(r[c]) for c, _ in cols] + [group])
    for etype, (sg, dg, cols) in EDGE_FILES.items():
        with open(out / f"rel_{etype.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([f":START_ID({sg})", f":END_ID({dg})", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for e in data["edges"][etype]:
                w.writerow([e["src"].split(":", 1)[1], e["dst"].split(":", 1)[1], etype]
                           + [_cell(e[c]) for c, _ in cols])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=64)
    a = ap.parse_args()
    write(build(a.seed), Path(a.out_dir) / "windfarm_csv")


if __name__ == "__main__":
    main()
