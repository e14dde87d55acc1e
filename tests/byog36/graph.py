"""Deterministic generator of an electricity-grid property graph as Neo4j admin-import CSV with ID spaces.

    python tests/byog36/graph.py OUT_DIR [--seed N]

writes OUT_DIR/grid_csv/*.csv: ten node files (``<group>Id:ID(<Group>)``, ``:LABEL`` and typed property columns)
and thirteen relationship files (``:START_ID(<Group>)``, ``:END_ID(<Group>)``, ``:TYPE`` and typed properties).
Only ``random.Random(seed)`` and networkx (for the grid topology's connectivity) are used.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import re
from pathlib import Path
from random import Random

import networkx as nx

N_SUBSTATIONS = 320
N_PLANTS = 260
N_LINES = 420
N_ENGINEERS = 210
N_OUTAGES = 380
N_WORK_ORDERS = 520
N_CUSTOMERS = 160
N_METERS = 330

OPERATORS = [
    # name, code, ownership, controls regions
    ("Northwind Energy", "NWE", "investor-owned", True),
    ("Tri-County Power Cooperative", "TCP", "cooperative", True),
    ("Crescent Utilities", "CRU", "investor-owned", True),
    ("Meridian Transmission Company", "MTC", "investor-owned", True),
    ("Valley Public Power District", "VPD", "municipal", True),
    ("Ironbridge Electric", "IBE", "investor-owned", True),
    ("Cascadia Federal Hydro Authority", "CFH", "federal", True),
    ("Prairie Rural Electric", "PRE", "cooperative", True),
    ("Harbourline Generation", "HLG", "investor-owned", False),
    ("Sunward Renewables", "SWR", "investor-owned", False),
    ("Atlas Independent Power", "AIP", "investor-owned", False),
    ("Greystone Municipal Light", "GML", "municipal", False),
]

REGIONS = [
    ("Northern Uplands", "alpine"), ("Coastal Plain", "coastal"), ("River Delta", "temperate"),
    ("Eastern Ridge", "temperate"), ("High Desert", "arid"), ("Lake Country", "temperate"),
    ("Pine Barrens", "temperate"), ("Salt Flats", "arid"), ("Western Fjords", "coastal"),
    ("Central Basin", "temperate"), ("Tablelands", "arid"), ("Golden Hills", "temperate"),
    ("Misty Peninsula", "coastal"), ("Frontier Steppe", "arid"), ("Glacier Reach", "alpine"),
    ("Orchard Vale", "temperate"), ("Southern Marches", "coastal"), ("Red Canyon", "arid"),
    ("Timberline", "alpine"), ("Harvest Plains", "temperate"),
]

PLACE_PRE = [
    "Ash", "Birch", "Cold", "Deer", "Elm", "Fair", "Glen", "Hazel", "Iron", "Kings", "Lang", "Maple", "Nether",
    "Oak", "Pen", "Queens", "Raven", "Stan", "Thorn", "Upper", "Wil", "Wolver", "Black", "Brad", "Chester", "Dun",
    "Ever", "Frost", "Gris", "Hart", "Ken", "Lin", "Mar", "Nor", "Ox", "Pem", "Rock", "Shep", "Tarn", "Wex",
]
PLACE_SUF = [
    "ford", "brook", "field", "ton", "wick", "ley", "moor", "stead", "bury", "dale", "holm", "gate", "mouth",
    "well", "wood", "by", "combe", "haven", "hurst", "more", "thorpe", "burn", "cliff", "mere",
]
SUBSTATION_KINDS = ["Substation", "Substation", "Substation", "Switchyard", "Grid Station"]
PLANT_SUFFIX = ["Power Station", "Generating Station", "Energy Centre", "Power Plant", "Generation Site"]
COMMON_SUBSTATIONS = ["Lantern", "Keystone", "Anvil", "Crossroads", "Beacon Hill", "Windmill", "Granary"]
COMMON_PLANTS = ["Second Wind", "High Noon", "Old Faithful", "Morning Star", "Quiet Giant"]

LINE_ADJ = [
    "Copper", "Silver", "Granite", "Cedar", "Falcon", "Summit", "Harbor", "Prairie", "Canyon", "Timber", "Willow",
    "Northern", "Eastern", "Lone", "Thunder", "Silent", "Broad", "Long", "Swift", "Steel", "Bright", "Old", "Great",
    "Crystal", "Shadow",
]
LINE_NOUN = [
    "Trail", "Run", "Crossing", "Span", "Corridor", "Link", "Ridge", "Path", "Way", "Reach", "Express", "Circuit",
    "Tie", "Feeder", "Spur", "Loop", "Passage", "Ribbon", "Arc", "Pass", "Bend", "Track", "Road", "Artery",
]
COMMON_LINES = ["Backbone", "Lifeline", "Main Street", "Long Haul"]

OUTAGE_ADJ = [
    "Amber", "Crimson", "Indigo", "Scarlet", "Violet", "Ochre", "Cobalt", "Jade", "Ivory", "Onyx", "Russet", "Teal",
    "Saffron", "Umber", "Azure", "Coral", "Slate", "Ruby", "Emerald", "Topaz", "Pewter", "Bronze", "Sable",
    "Opal", "Garnet", "Cerulean",
]
OUTAGE_NOUN = [
    "Heron", "Badger", "Lynx", "Otter", "Marten", "Osprey", "Bison", "Coyote", "Egret", "Gecko", "Ibis", "Jackal",
    "Kestrel", "Lemur", "Moose", "Newt", "Ocelot", "Puffin", "Quail", "Stoat", "Tapir", "Vole", "Walrus", "Yak",
    "Condor", "Mink",
]
OUTAGE_CAUSES = ["storm", "equipment", "vegetation", "wildlife", "overload", "human error"]

WO_TASKS = [
    "Breaker Swap", "Relay Test", "Transformer Oil Sampling", "Insulator Wash", "Tree Trimming", "Bushing Repair",
    "Thermal Survey", "Battery Bank Check", "Earthing Inspection", "Cable Splice", "SCADA Upgrade",
    "Capacitor Bank Repair", "Switchgear Overhaul", "Fence Repair", "Tap Changer Service",
]

CUSTOMER_WORDS = [
    "Halvorsen", "Bluewater", "Cobalt", "Pinnacle", "Redwood", "Tidal", "Vanguard", "Northstar", "Kessler",
    "Oakhurst", "Ridgeback", "Silverline", "Sterling", "Trident", "Westmark", "Zenith", "Apex", "Bramble",
    "Castellan", "Dunmore", "Evergreen", "Foxglove", "Gable", "Horizon", "Juniper", "Larkspur", "Mosaic", "Nimbus",
    "Orion", "Paragon", "Quarry", "Rampart", "Sequoia", "Tundra", "Union", "Vertex", "Wakefield", "Yarrow",
    "Liberty", "Harmony", "Frontier", "Victory", "Pioneer", "Patriot", "Anchor", "Compass", "Keel", "Lodestar",
]
CUSTOMER_SECTORS = {
    "steel": ["Steelworks", "Steel Mill", "Foundry"],
    "chemicals": ["Chemicals", "Polymers", "Chemical Works"],
    "data centre": ["Data Centre", "Cloud Campus", "Server Farm"],
    "paper": ["Paper Mill", "Pulp and Paper", "Board Mill"],
    "cement": ["Cement", "Cement Works", "Aggregates"],
    "automotive": ["Motor Works", "Assembly Plant", "Auto Parts"],
    "food processing": ["Foods", "Creamery", "Bakeries", "Cold Storage"],
    "mining": ["Mining", "Smelter", "Minerals"],
}
COMMON_CUSTOMERS = [("Sunrise Bakery", "food processing"), ("Big Chill", "food processing"),
                    ("Blue Sky Mining", "mining")]

FIRST = [
    "Grant", "Hope", "Rose", "Faith", "Dawn", "Ray", "Frank", "Joy", "Mark", "Bill", "Amara", "Bjorn", "Chidi",
    "Dagny", "Esteban", "Farah", "Goran", "Hana", "Ines", "Jonas", "Kaveh", "Leila", "Mateo", "Nadia", "Olu",
    "Priya", "Quentin", "Rafael", "Sanna", "Tomas", "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zofia", "Aidan",
    "Bianca", "Caleb", "Delia", "Elif", "Felix", "Greta", "Hamid", "Ivy", "Jasper",
]
LAST = [
    "Baker", "Fields", "Stone", "Rivers", "Hill", "Marsh", "Brook", "Castillo", "Dimitrov", "Eriksen", "Fontaine",
    "Gallagher", "Haddad", "Ibrahim", "Jovanovic", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor",
    "Petrov", "Quinn", "Rahman", "Sorensen", "Takahashi", "Urquhart", "Vasquez", "Whitaker", "Yilmaz", "Zielinski",
    "Abernathy", "Brennan", "Carvalho", "Delacroix", "Esposito", "Fairweather", "Gunnarsson", "Holloway",
    "Iwasaki", "Jablonski", "Kruger", "Lachance", "Mbeki", "Novak", "Oyelaran", "Pellegrini", "Rutherford",
    "Szabo", "Thornton", "Valdez",
]
GRADES = ["junior", "senior", "principal"]
DISCIPLINES = ["protection", "substations", "overhead lines", "SCADA", "metering"]
METER_MODELS = ["Elster A1800", "Landis E650", "Itron SL7000", "Schneider ION8650"]
FUELS = ["gas", "coal", "wind", "solar", "hydro", "nuclear", "biomass"]
RENEWABLE = {"wind", "solar", "hydro", "biomass"}


def _norm(name: str) -> str:
    return " ".join(re.findall(r"\w+", name.lower()))


class Names:
    """Display names unique across the graph: no name equals, or sits inside, another (on word boundaries)."""

    def __init__(self) -> None:
        self.full: set[str] = set()
        self.grams: set[str] = set()

    def take(self, name: str) -> bool:
        n = _norm(name)
        toks = n.split()
        grams = {" ".join(toks[i:j]) for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)}
        if n in self.grams or grams & self.full:
            return False
        self.full.add(n)
        self.grams |= grams
        return True


def _date(rng: Random, y0: int, y1: int) -> str:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def _after(rng: Random, iso: str, y1: int) -> str:
    start = dt.date.fromisoformat(iso).toordinal() + 30
    end = max(start + 1, dt.date(y1, 12, 31).toordinal())
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def _b(x: bool) -> str:
    return "true" if x else "false"


def generate(seed: int = 36) -> dict[str, tuple[list[str], list[list]]]:
    rng = Random(seed)
    names = Names()
    files: dict[str, tuple[list[str], list[list]]] = {}

    # operators
    ops = []
    for i, (name, code, own, ctrl) in enumerate(OPERATORS, 1):
        assert names.take(name)
        ops.append({"id": i, "name": name, "code": code, "ownership": own, "controls": ctrl,
                    "founded": _date(rng, 1905, 1995), "public": own == "investor-owned" and rng.random() < 0.7,
                    "employees": rng.randint(180, 9500)})
    files["operators.csv"] = (
        ["operatorId:ID(Operator)", "name:string", "ticker_code:string", "ownership:string", "founded:date",
         "publicly_traded:boolean", "employees:int", ":LABEL"],
        [[o["id"], o["name"], o["code"], o["ownership"], o["founded"], _b(o["public"]), o["employees"], "Operator"]
         for o in ops])

    # regions, each controlled by one region-controlling operator
    controllers = [o for o in ops if o["controls"]]
    regs = []
    for i, (name, climate) in enumerate(REGIONS, 1):
        assert names.take(name)
        regs.append({"id": i, "name": name, "climate": climate, "zone": f"Z-{i:02d}{rng.choice('NESW')}",
                     "area": round(rng.uniform(800, 42000), 1), "pop": rng.randint(40_000, 3_800_000),
                     "peak": round(rng.uniform(150, 6500), 1), "op": controllers[(i - 1) % len(controllers)]["id"]
                     if i <= len(controllers) else rng.choice(controllers)["id"]})
    files["regions.csv"] = (
        ["regionId:ID(Region)", "name:string", "zone_code:string", "climate:string", "area_km2:float",
         "population:int", "peak_demand_mw:float", ":LABEL"],
        [[r["id"], r["name"], r["zone"], r["climate"], r["area"], r["pop"], r["peak"], "Region"] for r in regs])

    places = [p + s for p in PLACE_PRE for s in PLACE_SUF]
    rng.shuffle(places)
    place_iter = iter(places)

    # substations (regions get uneven shares)
    region_weights = [rng.uniform(0.3, 2.5) for _ in regs]
    subs = []
    common_sub = list(COMMON_SUBSTATIONS)
    for i in range(1, N_SUBSTATIONS + 1):
        if common_sub and i % 41 == 7:
            name = common_sub.pop(0)
            assert names.take(name)
        else:
            while True:
                name = f"{next(place_iter)} {rng.choice(SUBSTATION_KINDS)}"
                if names.take(name):
                    break
        kv = rng.choice([66, 110, 132, 132, 220, 275, 400])
        subs.append({"id": i, "name": name, "kv": kv,
                     "kind": rng.choice(["transmission", "distribution", "distribution", "switching"])
                     if kv < 400 else "transmission",
                     "tag": f"SS{rng.randint(1000, 9999)}{rng.choice('ABCDEFGH')}",
                     "commissioned": _date(rng, 1952, 2022), "automated": rng.random() < 0.6,
                     "mva": round(rng.uniform(20, 1200), 1),
                     "region": rng.choices(regs, weights=region_weights)[0]["id"]})
    files["substations.csv"] = (
        ["substationId:ID(Substation)", "name:string", "asset_tag:string", "voltage_kv:int", "kind:string",
         "commissioned:date", "automated:boolean", "transformer_mva:float", ":LABEL"],
        [[s["id"], s["name"], s["tag"], s["kv"], s["kind"], s["commissioned"], _b(s["automated"]), s["mva"],
          "Substation"] for s in subs])

    # plants
    plants = []
    common_pl = list(COMMON_PLANTS)
    fuel_w = [18, 8, 22, 20, 10, 3, 6]
    for i in range(1, N_PLANTS + 1):
        if common_pl and i % 53 == 11:
            name = common_pl.pop(0)
            assert names.take(name)
        else:
            while True:
                name = f"{next(place_iter)} {rng.choice(PLANT_SUFFIX)}"
                if names.take(name):
                    break
        fuel = rng.choices(FUELS, weights=fuel_w)[0]
        lo, hi = {"gas": (120, 1400), "coal": (300, 2200), "wind": (20, 450), "solar": (5, 320),
                  "hydro": (15, 1800), "nuclear": (900, 3300), "biomass": (10, 180)}[fuel]
        plants.append({"id": i, "name": name, "fuel": fuel, "cap": round(rng.uniform(lo, hi), 1),
                       "commissioned": _date(rng, 1958 if fuel not in ("wind", "solar") else 1995, 2023),
                       "units": rng.randint(1, 6) if fuel not in ("wind", "solar") else rng.randint(8, 140),
                       "status": rng.choices(["operating", "standby", "mothballed"], weights=[80, 14, 6])[0],
                       "code": f"GU-{rng.choice('KLMNPRT')}{rng.randint(100, 999)}"})
    files["plants.csv"] = (
        ["plantId:ID(Plant)", "name:string", "unit_code:string", "fuel:string", "capacity_mw:float",
         "commissioned:date", "renewable:boolean", "units:int", "status:string", ":LABEL"],
        [[p["id"], p["name"], p["code"], p["fuel"], p["cap"], p["commissioned"], _b(p["fuel"] in RENEWABLE),
          p["units"], p["status"], "Plant"] for p in plants])

    # lines: a connected topology over substations (spanning tree + extra ties), built with networkx
    topo = nx.Graph()
    topo.add_nodes_from(s["id"] for s in subs)
    order = [s["id"] for s in subs]
    for k in range(1, len(order)):
        topo.add_edge(order[k], order[rng.randrange(k)])
    while topo.number_of_edges() < N_LINES:
        a, b = rng.sample(order, 2)
        topo.add_edge(a, b)
    assert nx.is_connected(topo)
    line_names = [f"{a} {n} Line" for a in LINE_ADJ for n in LINE_NOUN]
    rng.shuffle(line_names)
    ln_iter = iter(line_names)
    lines = []
    common_ln = list(COMMON_LINES)
    sub_by_id = {s["id"]: s for s in subs}
    for i, (a, b) in enumerate(sorted(topo.edges()), 1):
        if common_ln and i % 97 == 13:
            name = common_ln.pop(0)
            assert names.take(name)
        else:
            while True:
                name = next(ln_iter)
                if names.take(name):
                    break
        kv = min(sub_by_id[a]["kv"], sub_by_id[b]["kv"])
        lines.append({"id": i, "name": name, "a": a, "b": b, "kv": kv,
                      "km": round(rng.uniform(2, 260), 1), "ug": rng.random() < 0.12,
                      "cond": rng.choice(["ACSR", "AAAC", "HTLS", "XLPE"]),
                      "energized": _date(rng, 1955, 2023), "cid": f"CCT-{rng.randint(10, 99)}/{i:03d}",
                      "mva": round(rng.uniform(40, 2400), 1)})
    files["lines.csv"] = (
        ["lineId:ID(Line)", "name:string", "circuit_id:string", "voltage_kv:int", "length_km:float",
         "underground:boolean", "conductor:string", "energized:date", "rating_mva:float", ":LABEL"],
        [[ln["id"], ln["name"], ln["cid"], ln["kv"], ln["km"], _b(ln["ug"]), ln["cond"], ln["energized"], ln["mva"],
          "Line"] for ln in lines])

    # engineers
    engs = []
    pairs = [(f, la) for f in FIRST for la in LAST]
    rng.shuffle(pairs)
    p_iter = iter(pairs)
    emp_w = [10 if o["controls"] else 3 for o in ops]
    for i in range(1, N_ENGINEERS + 1):
        while True:
            f, la = next(p_iter)
            if names.take(f"{f} {la}"):
                break
        hired = _date(rng, 1988, 2023)
        engs.append({"id": i, "first": f, "last": la, "badge": f"E{rng.randint(10000, 99999)}",
                     "grade": rng.choices(GRADES, weights=[40, 45, 15])[0], "disc": rng.choice(DISCIPLINES),
                     "hired": hired, "years": 2024 - int(hired[:4]) + rng.randint(0, 6),
                     "cert": rng.random() < 0.55, "op": rng.choices(ops, weights=emp_w)[0]["id"]})
    files["engineers.csv"] = (
        ["engineerId:ID(Engineer)", "first_name:string", "last_name:string", "badge_no:string", "grade:string",
         "discipline:string", "hired:date", "years_experience:int", "certified:boolean", ":LABEL"],
        [[e["id"], e["first"], e["last"], e["badge"], e["grade"], e["disc"], e["hired"], e["years"], _b(e["cert"]),
          "Engineer"] for e in engs])

    # outages
    outs = []
    onames = [f"{a} {n} Incident" for a in OUTAGE_ADJ for n in OUTAGE_NOUN]
    rng.shuffle(onames)
    o_iter = iter(onames)
    for i in range(1, N_OUTAGES + 1):
        while True:
            name = next(o_iter)
            if names.take(name):
                break
        cause = rng.choices(OUTAGE_CAUSES, weights=[30, 25, 15, 10, 12, 8])[0]
        sev = rng.choices(["minor", "major", "critical"], weights=[60, 30, 10])[0]
        outs.append({"id": i, "name": name, "cause": cause, "sev": sev, "started": _date(rng, 2015, 2024),
                     "dur": round(rng.uniform(0.2, 30 if sev == "minor" else 96), 2),
                     "cust": rng.randint(40, 4000) * (1 if sev == "minor" else 6),
                     "planned": cause == "human error" and rng.random() < 0.3,
                     "code": f"EV{rng.randint(2015, 2024)}-{rng.randint(1000, 9999)}"})
    files["outages.csv"] = (
        ["outageId:ID(Outage)", "title:string", "event_code:string", "cause:string", "severity:string",
         "started:date", "duration_h:float", "customers_affected:int", "planned:boolean", ":LABEL"],
        [[o["id"], o["name"], o["code"], o["cause"], o["sev"], o["started"], o["dur"], o["cust"], _b(o["planned"]),
          "Outage"] for o in outs])

    # work orders
    wos = []
    wo_nums = rng.sample(range(10000, 99999), N_WORK_ORDERS)
    for i in range(1, N_WORK_ORDERS + 1):
        task = rng.choice(WO_TASKS)
        name = f"{task} Job {wo_nums[i - 1]}"
        assert names.take(name)
        wtype = {"Breaker Swap": "replacement", "Tree Trimming": "vegetation", "SCADA Upgrade": "upgrade",
                 "Thermal Survey": "inspection", "Relay Test": "inspection",
                 "Earthing Inspection": "inspection"}.get(task, "repair")
        wos.append({"id": i, "name": name, "type": wtype,
                    "prio": rng.choices(["low", "medium", "high", "emergency"], weights=[25, 40, 25, 10])[0],
                    "opened": _date(rng, 2016, 2024), "cost": round(rng.uniform(350, 185000), 2),
                    "closed": rng.random() < 0.7, "est": rng.randint(2, 160), "ref": f"WR{wo_nums[i - 1]}"})
    files["work_orders.csv"] = (
        ["workOrderId:ID(WorkOrder)", "title:string", "ref_no:string", "work_type:string", "priority:string",
         "opened:date", "cost_usd:float", "closed:boolean", "est_hours:int", ":LABEL"],
        [[w["id"], w["name"], w["ref"], w["type"], w["prio"], w["opened"], w["cost"], _b(w["closed"]), w["est"],
          "WorkOrder"] for w in wos])

    # customers
    custs = []
    common_c = list(COMMON_CUSTOMERS)
    sectors = list(CUSTOMER_SECTORS)
    for i in range(1, N_CUSTOMERS + 1):
        if common_c and i % 47 == 5:
            name, sector = common_c.pop(0)
            assert names.take(name)
        else:
            while True:
                sector = rng.choice(sectors)
                name = f"{rng.choice(CUSTOMER_WORDS)} {rng.choice(CUSTOMER_SECTORS[sector])}"
                if names.take(name):
                    break
        custs.append({"id": i, "name": name, "sector": sector, "mw": round(rng.uniform(2, 240), 2),
                      "since": _date(rng, 1975, 2023), "intr": rng.random() < 0.35,
                      "mwh": rng.randint(9_000, 1_900_000), "acct": f"IC-{rng.randint(100000, 999999)}"})
    files["customers.csv"] = (
        ["customerId:ID(Customer)", "name:string", "account_no:string", "sector:string", "contract_mw:float",
         "customer_since:date", "interruptible:boolean", "annual_mwh:int", ":LABEL"],
        [[c["id"], c["name"], c["acct"], c["sector"], c["mw"], c["since"], _b(c["intr"]), c["mwh"], "Customer"]
         for c in custs])

    # meters
    meters = []
    m_nums = rng.sample(range(10000, 99999), N_METERS)
    for i in range(1, N_METERS + 1):
        name = f"Meter {m_nums[i - 1]}"
        assert names.take(name)
        meters.append({"id": i, "name": name, "serial": f"MS{rng.randint(1000000, 9999999)}",
                       "model": rng.choice(METER_MODELS), "installed": _date(rng, 2002, 2024),
                       "smart": rng.random() < 0.7, "acc": rng.choice([0.2, 0.5, 1.0]),
                       "ct": rng.choice([100, 200, 400, 800, 1600])})
    files["meters.csv"] = (
        ["meterId:ID(Meter)", "name:string", "serial_no:string", "model:string", "installed:date",
         "smart:boolean", "accuracy_class:float", "ct_ratio:int", ":LABEL"],
        [[m["id"], m["name"], m["serial"], m["model"], m["installed"], _b(m["smart"]), m["acc"], m["ct"], "Meter"]
         for m in meters])

    # ---- relationships
    subs_in_region: dict[int, list[int]] = {}
    for s in subs:
        subs_in_region.setdefault(s["region"], []).append(s["id"])
    region_of_sub = {s["id"]: s["region"] for s in subs}
    op_of_region = {r["id"]: r["op"] for r in regs}

    files["rel_controls.csv"] = (
        [":START_ID(Operator)", ":END_ID(Region)", ":TYPE"],
        [[r["op"], r["id"], "CONTROLS"] for r in regs])
    files["rel_located_in.csv"] = (
        [":START_ID(Substation)", ":END_ID(Region)", ":TYPE"],
        [[s["id"], s["region"], "LOCATED_IN"] for s in subs])

    owns = []
    for p in plants:
        if rng.random() < 0.2:
            a, b = rng.sample(ops, 2)
            share = round(rng.uniform(10, 90), 1)
            owns.append([a["id"], p["id"], "OWNS", share, _after(rng, p["commissioned"], 2024)])
            owns.append([b["id"], p["id"], "OWNS", round(100 - share, 1), _after(rng, p["commissioned"], 2024)])
        else:
            o = rng.choices(ops, weights=[5 if op["controls"] else 9 for op in ops])[0]
            owns.append([o["id"], p["id"], "OWNS", 100.0, _after(rng, p["commissioned"], 2024)])
    files["rel_owns.csv"] = (
        [":START_ID(Operator)", ":END_ID(Plant)", ":TYPE", "stake_pct:float", "acquired:date"], owns)

    conn = []
    for p in plants:
        s = rng.choice(subs)
        conn.append([p["id"], s["id"], "CONNECTS_TO", s["kv"], _b(rng.random() < 0.8)])
    files["rel_connects_to.csv"] = (
        [":START_ID(Plant)", ":END_ID(Substation)", ":TYPE", "export_kv:int", "firm_access:boolean"], conn)

    term = []
    for ln in lines:
        term.append([ln["id"], ln["a"], "TERMINATES_AT", "A"])
        term.append([ln["id"], ln["b"], "TERMINATES_AT", "B"])
    files["rel_terminates_at.csv"] = (
        [":START_ID(Line)", ":END_ID(Substation)", ":TYPE", "end:string"], term)

    tripped = []
    line_w = [rng.uniform(0.2, 3.0) for _ in lines]
    out_lines: dict[int, list[int]] = {}
    for o in outs:
        k = rng.choices([1, 2, 3], weights=[70, 22, 8])[0]
        chosen: list[int] = []
        while len(chosen) < k:
            ln = rng.choices(lines, weights=line_w)[0]["id"]
            if ln not in chosen:
                chosen.append(ln)
        out_lines[o["id"]] = chosen
        for ln in chosen:
            tripped.append([o["id"], ln, "TRIPPED", round(rng.uniform(1, 650), 1), _b(rng.random() < 0.4)])
    files["rel_tripped.csv"] = (
        [":START_ID(Outage)", ":END_ID(Line)", ":TYPE", "load_lost_mw:float", "auto_reclosed:boolean"], tripped)

    line_by_id = {ln["id"]: ln for ln in lines}
    responds, services = [], []
    outage_pool = [o["id"] for o in outs]
    wo_sub: dict[int, int] = {}
    for w in wos:
        if rng.random() < 0.6:
            o = rng.choice(outage_pool)
            responds.append([w["id"], o, "RESPONDS_TO"])
            ln = line_by_id[rng.choice(out_lines[o])]
            s = rng.choice([ln["a"], ln["b"]])
        else:
            s = rng.choice(subs)["id"]
        wo_sub[w["id"]] = s
        services.append([w["id"], s, "SERVICES"])
    files["rel_responds_to.csv"] = ([":START_ID(WorkOrder)", ":END_ID(Outage)", ":TYPE"], responds)
    files["rel_services.csv"] = ([":START_ID(WorkOrder)", ":END_ID(Substation)", ":TYPE"], services)

    files["rel_employed_by.csv"] = (
        [":START_ID(Engineer)", ":END_ID(Operator)", ":TYPE"], [[e["id"], e["op"], "EMPLOYED_BY"] for e in engs])

    # BACKS_UP: an engineer covers for colleagues of the same operator who come earlier in the roster, so every
    # engineer has at most one backup and chains never loop
    backs = []
    by_op: dict[int, list[int]] = {}
    for e in engs:
        by_op.setdefault(e["op"], []).append(e["id"])
    for roster in by_op.values():
        for k, eid in enumerate(roster):
            later = roster[k + 1:k + 6]
            if later and rng.random() < 0.85:
                backs.append([rng.choice(later), eid, "BACKS_UP"])
    backs.sort()
    files["rel_backs_up.csv"] = ([":START_ID(Engineer)", ":END_ID(Engineer)", ":TYPE"], backs)

    worked = []
    for w in wos:
        op = op_of_region[region_of_sub[wo_sub[w["id"]]]]
        pool = by_op.get(op) or [e["id"] for e in engs]
        crew = rng.sample(pool, min(len(pool), rng.choices([1, 2, 3, 4], weights=[30, 35, 25, 10])[0]))
        if rng.random() < 0.15:
            extra = rng.choice(engs)["id"]
            if extra not in crew:
                crew.append(extra)
        for k, eid in enumerate(crew):
            worked.append([eid, w["id"], "WORKED_ON", round(rng.uniform(0.5, 60), 1),
                           "lead" if k == 0 else rng.choice(["support", "support", "inspector"]),
                           _after(rng, w["opened"], 2025)])
    files["rel_worked_on.csv"] = (
        [":START_ID(Engineer)", ":END_ID(WorkOrder)", ":TYPE", "hours:float", "role:string", "logged:date"], worked)

    supplied = []
    for c in custs:
        feeds = rng.sample(subs, 2 if rng.random() < 0.2 else 1)
        for s in feeds:
            supplied.append([c["id"], s["id"], "SUPPLIED_FROM", s["kv"], _b(rng.random() < 0.75),
                             _after(rng, c["since"], 2024)])
    files["rel_supplied_from.csv"] = (
        [":START_ID(Customer)", ":END_ID(Substation)", ":TYPE", "supply_kv:int", "firm:boolean", "since:date"],
        supplied)

    cust_w = [rng.uniform(0.3, 3) for _ in custs]
    files["rel_installed_at.csv"] = (
        [":START_ID(Meter)", ":END_ID(Customer)", ":TYPE"],
        [[m["id"], rng.choices(custs, weights=cust_w)[0]["id"], "INSTALLED_AT"] for m in meters])
    return files


def write(out_dir: Path, seed: int = 36) -> Path:
    folder = Path(out_dir) / "grid_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for fname, (header, rows) in generate(seed).items():
        with open(folder / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow(header)
            w.writerows(rows)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=36)
    args = ap.parse_args()
    folder = write(Path(args.out_dir), args.seed)
    print(folder)


if __name__ == "__main__":
    main()
