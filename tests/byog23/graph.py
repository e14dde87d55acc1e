"""Deterministic generator for the byog23 water-utility asset-maintenance graph.

    python tests/byog23/graph.py OUT_DIR [--seed N]

writes OUT_DIR/water.graphml (networkx.write_graphml, node type in ``labels`` as ":Type", edge type in ``label``).
Stdlib ``random.Random(seed)`` plus networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random

import networkx as nx

DEFAULT_SEED = 23

DISTRICTS = [
    "Millbrook", "Ashcombe", "Fenwick Vale", "Hartwell", "Stonebridge", "Caldermoor", "Elsworth", "Greyfriars",
    "Lowther Downs", "Pennick", "Saltmarsh", "Wendover Heath", "Tarrant", "Oakhollow",
]
REGIONS = ["North", "South", "East", "West", "Central"]
FACILITY_PLACES = [
    "Hollow Brook", "Crowhurst", "Pinfold", "Redhill", "Sandy Lane", "Blackwater", "Kingsmead", "Foxley",
    "Harrow Fen", "Dunmore", "Larkspur Hill", "Brindle Cross", "Cotter Gap", "Rushmere", "Highcliffe", "Yew Tree",
    "Bellingham", "Marsh End", "Quarrington", "Thornbury", "Gildersome", "Netherfield", "Ravensworth", "Colbeck",
    "Winterbourne", "Skelton Moor", "Amberley", "Draycott", "Easterbrook", "Fulwood", "Glenridding", "Heathcote",
    "Ingleby", "Kirkstall", "Longridge", "Mossley",
]
FACILITY_KINDS = ["reservoir", "treatment works", "pumping station", "booster station"]
FACILITY_SUFFIX = {"reservoir": "Reservoir", "treatment works": "Treatment Works",
                   "pumping station": "Pumping Station", "booster station": "Booster Station"}
STREETS = [
    "Marlow Road", "Chapel Street", "Elm Grove", "Station Approach", "Mill Lane", "Church Walk", "Victoria Terrace",
    "Orchard Close", "Park Avenue", "Bridge Street", "Kiln Row", "Castle Hill", "Priory Way", "Tannery Yard",
    "Cooper Drive", "Meadow Bank", "Abbey Road", "Forge Lane", "Wharf Street", "Sycamore Rise", "Hazel Court",
    "Bishops Walk", "Copper Beech Lane", "Granary Street", "Lock Keepers Way",
]
ASSET_CLASSES = ["pump", "valve", "water main", "hydrant", "meter"]
ASSET_WORD = {"pump": "Pump", "valve": "Valve", "water main": "Main", "hydrant": "Hydrant", "meter": "Meter"}
CRITICALITY = ["low", "medium", "high"]
FIRST = [
    "Amara", "Bilal", "Ciara", "Dominic", "Esther", "Farid", "Gemma", "Hamish", "Ines", "Jasper", "Keziah", "Lorcan",
    "Maeve", "Nikhil", "Orla", "Piotr", "Rosalind", "Soren", "Tamsin", "Umar", "Vera", "Wilfred", "Ximena", "Yusuf",
    "Zara", "Anselm", "Bronwen", "Cormac", "Delphine", "Emeka", "Freya", "Gideon", "Hollis", "Ilse", "Jonas",
    "Kavya", "Leopold", "Mirela", "Nadia", "Oswin", "Priya", "Quentin", "Rhian", "Stellan", "Talia", "Ulrich",
    "Valentina", "Wendell", "Yasmin", "Zoltan",
]
LAST = [
    "Abernethy", "Balogun", "Castellano", "Dunleavy", "Eriksen", "Fairbairn", "Goswami", "Hallworth", "Iqbal",
    "Jablonski", "Kowalczyk", "Lindqvist", "Mbeki", "Nakamura", "Okafor", "Pemberton", "Quigley", "Rautio",
    "Szabo", "Trevelyan", "Uddin", "Vasquez", "Whitcombe", "Yilmaz", "Zielinski", "Achterberg", "Brennan",
    "Chaudhry", "Delacroix", "Esposito", "Fitzgerald", "Gallagher", "Haverford", "Ivanova", "Jorgensen",
    "Kilbride", "Lachance", "Mwangi", "Novak", "Ostrowski",
]
GRADES = ["T1", "T2", "T3", "T4"]
CREWS = [
    "Anchor", "Beacon", "Compass", "Falcon", "Granite", "Harbour", "Ironside", "Juniper", "Kestrel", "Lantern",
    "Meridian", "Nimbus", "Pioneer", "Quarry", "Ridgeback", "Sentinel", "Thistle", "Upland", "Vanguard", "Willow",
    "Yarrow", "Zephyr", "Bramble", "Cobalt",
]
SHIFTS = ["day", "night", "rotating"]
ROLES = ["lead", "operative", "apprentice"]
WO_TASKS = [
    "Seal replacement", "Valve exercising", "Bearing overhaul", "Leak repair", "Meter swap", "Mains flushing",
    "Pressure test", "Motor rewind", "Hydrant repaint", "Impeller clean", "Gland repacking", "Joint renewal",
    "Telemetry fault", "Chamber cleanout", "Air valve service", "Cathodic check",
]
PRIORITIES = ["urgent", "high", "routine", "low"]
STATUSES = ["open", "in progress", "closed", "deferred"]
INSP_METHODS = ["visual", "acoustic", "CCTV", "ultrasonic"]
INSP_RESULTS = ["pass", "monitor", "fail"]
SUPPLIERS = [
    "Northgate Hydraulics", "Severn Fluid Systems", "Pennine Pipeworks", "Tidewater Controls", "Albion Pump Co",
    "Keystone Fittings", "Brightwater Engineering", "Arden Valve Works", "Cascade Industrial", "Humber Seals",
    "Lighthouse Supplies", "Wessex Meters", "Clearflow Technical", "Ferrous Castings", "Mercia Electrical",
    "Oxbow Components", "Riverside Spares", "Summit Polymers", "Trident Flow", "Union Gasket",
    "Vector Instruments", "Westmoor Plant", "Crescent Bearings", "Delta Coatings", "Evergreen Filtration",
    "Foundry Lane Metals", "Garnet Drives", "Hillside Hose", "Ironbridge Couplings", "Jubilee Tools",
]
COUNTRIES = ["UK", "Germany", "Italy", "Netherlands", "Sweden"]
TIERS = ["framework", "call-off", "spot"]
PART_COMPONENTS = [
    ("Mechanical seal", "seal"), ("Lip seal", "seal"), ("O-ring set", "seal"), ("Gasket", "seal"),
    ("Ball bearing", "bearing"), ("Roller bearing", "bearing"), ("Thrust bearing", "bearing"),
    ("Flange adaptor", "fitting"), ("Repair clamp", "fitting"), ("Saddle tee", "fitting"),
    ("Gate spindle", "fitting"), ("Coupling", "fitting"), ("Contactor", "electrical"),
    ("Motor starter", "electrical"), ("Pressure transducer", "electrical"), ("Flow sensor", "electrical"),
    ("Ductile spool", "pipe"), ("PE pipe section", "pipe"), ("Steel sleeve", "pipe"),
    ("Impeller", "rotating"), ("Wear ring", "rotating"), ("Shaft sleeve", "rotating"),
    ("Diaphragm", "seal"), ("Float switch", "electrical"),
]
PART_SIZES = ["50 mm", "80 mm", "150 mm", "300 mm", "450 mm"]
INCIDENT_KINDS = [("leak", "Leak report"), ("burst", "Burst report"), ("contamination", "Contamination alert"),
                  ("pressure loss", "Pressure loss call")]


def _date(rng: random.Random, start: dt.date, end: dt.date) -> str:
    return (start + dt.timedelta(days=rng.randrange((end - start).days + 1))).isoformat()


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **attrs):
        g.add_node(nid, labels=":" + label, **attrs)

    def edge(src: str, label: str, dst: str, **attrs):
        assert not g.has_edge(src, dst), (src, dst)
        g.add_edge(src, dst, label=label, **attrs)

    # districts
    districts = []
    codes = rng.sample(range(10, 99), len(DISTRICTS))
    for i, name in enumerate(DISTRICTS, 1):
        nid = f"district-{i}"
        node(nid, "District", name=name, district_code=f"DZ{codes[i - 1]}", population=rng.randrange(8000, 140000),
             area_km2=round(rng.uniform(12, 260), 2), rural=rng.random() < 0.4, region=rng.choice(REGIONS))
        districts.append(nid)

    # facilities
    facilities = []
    for i, place in enumerate(FACILITY_PLACES, 1):
        kind = FACILITY_KINDS[(i - 1) % 4] if i <= 8 else rng.choice(FACILITY_KINDS)
        nid = f"facility-{i}"
        node(nid, "Facility", name=f"{place} {FACILITY_SUFFIX[kind]}", facility_kind=kind,
             capacity_ml=round(rng.uniform(0.5, 95), 1), commissioned=_date(rng, dt.date(1952, 1, 1),
                                                                            dt.date(2019, 12, 31)),
             online=rng.random() < 0.85, site_code=f"ST/{rng.randrange(100, 999)}/{chr(65 + i % 26)}")
        facilities.append(nid)
        edge(nid, "LOCATED_IN", districts[(i - 1) % len(districts)] if i <= 28 else rng.choice(districts))

    # assets
    assets = []
    counters: dict[tuple[str, str], int] = {}
    for i in range(1, 621):
        cls = rng.choices(ASSET_CLASSES, weights=[3, 4, 3, 2, 2])[0]
        street = rng.choice(STREETS)
        k = counters.get((street, cls), 0) + 1
        counters[(street, cls)] = k
        nid = f"asset-{i}"
        attrs = dict(name=f"{street} {ASSET_WORD[cls]} {k}", asset_class=cls, asset_tag=f"AT{rng.randrange(100000, 999999)}",
                     install_date=_date(rng, dt.date(1968, 1, 1), dt.date(2023, 12, 31)),
                     condition_score=rng.randint(1, 5), criticality=rng.choices(CRITICALITY, weights=[3, 4, 2])[0],
                     telemetry=rng.random() < 0.45)
        if cls in ("pump", "meter"):
            attrs["rated_flow_lps"] = round(rng.uniform(2, 420), 1)
        if cls in ("valve", "water main", "hydrant"):
            attrs["diameter_mm"] = rng.choice([80, 100, 150, 225, 300, 450, 600])
        node(nid, "Asset", **attrs)
        assets.append(nid)
        edge(nid, "INSTALLED_AT", rng.choice(facilities))

    # crews
    crews = []
    for i, name in enumerate(CREWS, 1):
        nid = f"crew-{i}"
        node(nid, "Crew", name=name, shift=rng.choice(SHIFTS), van_reg=f"WU{rng.randrange(10, 99)} {''.join(rng.choice('BCDFGHJKLMNPRSTVWXYZ') for _ in range(3))}",
             on_call=rng.random() < 0.5, formed=_date(rng, dt.date(2004, 1, 1), dt.date(2022, 12, 31)))
        crews.append(nid)
        edge(nid, "BASED_IN", districts[(i - 1) % len(districts)])

    # technicians
    techs = []
    pairs = rng.sample([(f, la) for f in FIRST for la in LAST], 150)
    for i, (first, last) in enumerate(pairs, 1):
        nid = f"tech-{i}"
        node(nid, "Technician", first_name=first, last_name=last, employee_no=f"E{rng.randrange(10000, 99999)}",
             hire_date=_date(rng, dt.date(1992, 1, 1), dt.date(2024, 6, 30)), grade=rng.choice(GRADES),
             confined_space_certified=rng.random() < 0.55, hourly_rate=round(rng.uniform(18, 46), 2),
             years_experience=rng.randint(1, 34))
        techs.append(nid)
        crew = crews[(i - 1) % len(crews)] if i <= 48 else rng.choice(crews)
        edge(nid, "MEMBER_OF", crew, role=("lead" if i <= 24 else rng.choice(ROLES[1:])),
             joined=_date(rng, dt.date(2010, 1, 1), dt.date(2024, 12, 31)))
    # supervision tree: 12 heads, each supervising others, some of whom supervise further
    for i in range(13, 151):
        if i <= 48:
            boss = techs[rng.randrange(0, 12)]
        else:
            boss = techs[rng.randrange(0, 48)]
        if rng.random() < 0.9:
            edge(boss, "SUPERVISES", techs[i - 1], since=_date(rng, dt.date(2012, 1, 1), dt.date(2025, 3, 31)))

    # suppliers and parts
    suppliers = []
    for i, name in enumerate(SUPPLIERS, 1):
        nid = f"supplier-{i}"
        node(nid, "Supplier", name=name, country=rng.choices(COUNTRIES, weights=[6, 2, 1, 1, 1])[0],
             rating=round(rng.uniform(2.0, 5.0), 1), iso_certified=rng.random() < 0.6,
             founded_year=rng.randrange(1890, 2016), vendor_code=f"V{rng.randrange(1000, 9999)}")
        suppliers.append(nid)
    parts = []
    combos = [(c, cat, s) for c, cat in PART_COMPONENTS for s in PART_SIZES]
    for i, (comp, cat, size) in enumerate(rng.sample(combos, 120), 1):
        nid = f"part-{i}"
        node(nid, "Part", name=f"{comp} {size}", part_no=f"PN{rng.randrange(100000, 999999)}",
             unit_price=round(rng.uniform(3.5, 1800), 2), stock_qty=rng.randrange(0, 400), part_category=cat,
             hazardous=rng.random() < 0.12, last_restocked=_date(rng, dt.date(2023, 1, 1), dt.date(2025, 6, 30)))
        parts.append(nid)
        for s in rng.sample(suppliers, rng.choice([1, 1, 2, 2, 3])):
            edge(nid, "SUPPLIED_BY", s, lead_time_days=rng.randrange(2, 90), preferred=rng.random() < 0.4,
                 contract_tier=rng.choice(TIERS))

    # incidents
    incidents = []
    nums = rng.sample(range(1000, 9999), 160)
    for i in range(1, 161):
        kind, word = rng.choices(INCIDENT_KINDS, weights=[5, 3, 1, 2])[0]
        nid = f"incident-{i}"
        node(nid, "Incident", title=f"{word} {nums[i - 1]}", incident_type=kind,
             reported_on=_date(rng, dt.date(2022, 1, 1), dt.date(2025, 6, 30)), severity=rng.randint(1, 5),
             customers_affected=rng.randrange(0, 3500), boil_water_notice=(kind == "contamination" and rng.random() < 0.7),
             estimated_loss_m3=round(rng.uniform(0.5, 900), 1), incident_ref=f"IR{rng.randrange(100000, 999999)}")
        incidents.append(nid)
        edge(nid, "OCCURRED_AT", rng.choice(assets))

    # work orders
    wo_nums = rng.sample(range(10000, 99999), 700)
    incident_queue = list(incidents)
    rng.shuffle(incident_queue)
    for i in range(1, 701):
        nid = f"wo-{i}"
        node(nid, "WorkOrder", title=f"{rng.choice(WO_TASKS)} {wo_nums[i - 1]}", priority=rng.choices(PRIORITIES, weights=[1, 2, 5, 2])[0],
             status=rng.choices(STATUSES, weights=[2, 2, 6, 1])[0], opened=_date(rng, dt.date(2022, 1, 1), dt.date(2025, 6, 30)),
             estimated_cost=round(rng.uniform(80, 25000), 2), emergency=rng.random() < 0.15)
        if i <= 140 and incident_queue:
            inc = incident_queue.pop()
            target = next(iter(g.successors(inc)))
            edge(nid, "RESOLVES", inc)
        else:
            target = rng.choice(assets)
        edge(nid, "TARGETS", target)
        edge(nid, "ASSIGNED_TO", rng.choice(crews), hours_logged=round(rng.uniform(0.5, 40), 1),
             overtime=rng.random() < 0.25, assigned_on=_date(rng, dt.date(2022, 1, 1), dt.date(2025, 6, 30)))
        for p in rng.sample(parts, rng.choice([0, 1, 1, 2, 2, 3, 4])):
            edge(nid, "CONSUMES", p, quantity=rng.randint(1, 12), unit_cost=round(g.nodes[p]["unit_price"] * rng.uniform(0.85, 1.1), 2))

    # inspections
    insp_nums = rng.sample(range(100000, 999999), 420)
    for i in range(1, 421):
        method = rng.choice(INSP_METHODS)
        nid = f"insp-{i}"
        node(nid, "Inspection", title=f"Survey {insp_nums[i - 1]}", method=method,
             result=rng.choices(INSP_RESULTS, weights=[6, 3, 1])[0], inspected_on=_date(rng, dt.date(2021, 1, 1), dt.date(2025, 6, 30)),
             score=rng.randint(20, 100), duration_hours=round(rng.uniform(0.25, 9), 2), follow_up=rng.random() < 0.3)
        edge(nid, "EXAMINES", rng.choice(assets))
        edge(rng.choice(techs), "CONDUCTED", nid)

    _check_names(g)
    return g


def display_name(attrs: dict) -> str:
    if "first_name" in attrs:
        return f"{attrs['first_name']} {attrs['last_name']}"
    return attrs.get("name") or attrs["title"]


def _check_names(g: nx.DiGraph) -> None:
    names = [display_name(a).lower() for _, a in g.nodes(data=True)]
    assert len(set(names)) == len(names), "display names must be unique"
    seqs = {tuple(n.replace("-", " ").split()) for n in names}
    for n in names:
        toks = tuple(n.replace("-", " ").split())
        for a in range(len(toks)):
            for b in range(a + 1, len(toks) + 1):
                if (a, b) != (0, len(toks)) and toks[a:b] in seqs:
                    raise AssertionError(f"name {' '.join(toks[a:b])!r} inside {n!r}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    nx.write_graphml(build(args.seed), os.path.join(args.out_dir, "water.graphml"))


if __name__ == "__main__":
    main()
