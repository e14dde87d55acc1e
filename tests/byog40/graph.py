"""Deterministic generator of a city waste-collection graph in Neo4j admin-import CSV.

Usage: python tests/byog40/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/waste_csv/*.csv
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
from pathlib import Path

import networkx as nx

DEPOTS = ["Ashgrove Depot", "Cinder Lane Depot", "Riverside Depot", "Quarry Depot", "Beacon Depot", "Mill Depot"]
REGIONS = ["north", "south", "east", "west", "central"]
DISTRICTS = [
    "Harbour", "Orchard", "Chapelfield", "Meadowbank", "Castlegate", "Foundry", "Market", "Lantern Hill",
    "Kingsmoor", "Saltmarsh", "Bellwether", "Copperfold", "Windmill", "Greyfriars", "Tannery", "Silverdale",
    "Parkhead", "Crossways", "Lockside", "Ropewalk", "Millbrook", "Stonecross", "Highbury Rise", "Fairhaven",
]
BOROUGHS = ["Northside", "Southside", "Eastbank", "Westbank"]
FLOWERS = [
    "Bluebell", "Foxglove", "Primrose", "Thistle", "Heather", "Clover", "Yarrow", "Sorrel", "Campion", "Teasel",
    "Bracken", "Nettle", "Bramble", "Hazel", "Rowan", "Willow", "Juniper", "Holly", "Cowslip", "Daisy", "Marigold",
    "Snowdrop", "Tansy", "Vetch",
]
ROUTE_SUFFIX = ["Loop", "Circuit", "Round", "Sweep", "Line"]
FREQUENCIES = ["weekly", "fortnightly", "twice-weekly"]
STREAMS = ["general", "recycling", "organics", "glass"]
TRUCK_ADJ = ["Big", "Old", "Swift", "Steady", "Iron", "Silver", "Green", "Red", "Lucky", "Brave"]
TRUCK_ANIMAL = ["Badger", "Otter", "Heron", "Kestrel", "Beaver", "Bison", "Falcon", "Walrus", "Moose", "Puffin",
                "Magpie", "Raven"]
MAKES = ["Dennis", "Mercedes", "Volvo", "Renault"]
FIRST = ["Amara", "Ben", "Chloe", "Dev", "Elena", "Femi", "Grace", "Hamid", "Isla", "Jonas", "Kezia", "Liam",
         "Maya", "Niall", "Olu", "Priya", "Quinn", "Rosa", "Sami", "Tessa", "Umar", "Vera", "Wes", "Xenia", "Yusuf",
         "Zoe", "Aled", "Bronwen", "Ciaran", "Dara", "Esme", "Fraser", "Gita", "Hugo", "Ines", "Jack"]
LAST = ["Okafor", "Whitlock", "Brennan", "Patel", "Lindqvist", "Adeyemi", "Harrow", "Mensah", "Costa", "Fairweather",
        "Kowalski", "Duffy", "Nakamura", "Osei", "Pryce", "Quartey", "Rahman", "Sutcliffe", "Thorne", "Vance",
        "Wainwright", "Yardley", "Zielinski", "Abbott", "Blackwood", "Caldwell", "Dunmore", "Ellery", "Ferreira",
        "Gallagher", "Hollins", "Iqbal", "Jarvis", "Kerrigan", "Lovell", "Moreau"]
LICENCES = ["C", "C+E", "C1"]
STEM_A = ["Ash", "Birch", "Cold", "Elm", "Fern", "Glen", "Hart", "Kings", "Lark", "Marl", "Nor", "Oak", "Pen", "Stan",
          "Thorn", "Wey", "Whit", "Brad", "Dun", "Hol"]
STEM_B = ["ford", "ley", "ton", "field", "wood", "brook", "ham", "bury", "well", "gate"]
ROADS = ["Street", "Lane", "Road", "Close", "Row", "Terrace", "Walk", "Crescent", "Mews", "Grove"]
CONTAINERS = ["wheelie", "communal", "underground", "bottle bank"]
FACILITIES = [
    ("Cinderhill Landfill", "landfill"), ("Brookmere Recovery Centre", "materials recovery"),
    ("Thornbury Compost Works", "composting"), ("Kilnworth Energy Plant", "energy from waste"),
    ("Gallows Moor Landfill", "landfill"), ("Eastwick Sorting Hall", "materials recovery"),
    ("Pinfold Green Waste Yard", "composting"), ("Sandpit Glass Works", "materials recovery"),
]
CONTRACT_WORDS = ["Lantern", "Compass", "Anchor", "Harvest", "Beacon Street", "Keystone", "Meridian", "Evergreen",
                  "Tideway", "Summit", "Horizon", "Cornerstone", "Ironbridge", "Northstar", "Waypoint", "Riverbend"]
CONTRACT_KINDS = ["Bulky Waste", "Trade Waste", "Street Cleansing", "Clinical Waste", "Garden Waste"]
CONTRACT_STATUS = ["active", "expired", "tender"]
COMPLAINT_CATS = ["missed collection", "spillage", "noise", "damaged bin", "contamination"]
CHANNELS = ["phone", "web", "app", "email"]
SHIFTS = ["early", "day", "late"]
CONTAMINATION = ["low", "medium", "high"]
RUN_STATUS = ["completed", "partial", "aborted"]


def _date(rng: random.Random, start: str, end: str) -> dt.date:
    a, b = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    return a + dt.timedelta(days=rng.randint(0, (b - a).days))


class Names:
    """Display names unique across the graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.taken: list[str] = []

    def ok(self, name: str) -> bool:
        low = name.lower()
        return all(low not in t and t not in low for t in self.taken)

    def add(self, name: str) -> None:
        self.taken.append(name.lower())


def build(seed: int) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    rng = random.Random(seed)
    names = Names()
    nodes: dict[str, list[dict]] = {}
    edges: dict[str, list[dict]] = {}

    def pick(cands: list[str], k: int) -> list[str]:
        cands = list(cands)
        rng.shuffle(cands)
        out = []
        for c in cands:
            if len(out) == k:
                break
            if names.ok(c):
                names.add(c)
                out.append(c)
        assert len(out) == k, (k, len(out))
        return out

    # depots
    nodes["Depot"] = []
    for i, n in enumerate(pick(DEPOTS, len(DEPOTS)), 1):
        nodes["Depot"].append({"id": f"depot-{i}", "name": n, "code": f"DEP-{i:02d}{rng.choice('ABCDEFGH')}",
                               "opened": _date(rng, "1975-01-01", "2015-12-31"), "bays": rng.randint(12, 60),
                               "yard_area_m2": round(rng.uniform(4000, 30000), 1),
                               "fuel_station": rng.random() < 0.5, "region": REGIONS[(i - 1) % len(REGIONS)]})
    depots = [d["id"] for d in nodes["Depot"]]
    # districts
    nodes["District"] = []
    for i, n in enumerate(pick(DISTRICTS, 24), 1):
        nodes["District"].append({"id": f"district-{i}", "name": n, "ward_code": f"WD-{rng.randint(100, 999)}",
                                  "population": rng.randint(4000, 60000), "area_km2": round(rng.uniform(1.2, 18), 2),
                                  "borough": rng.choice(BOROUGHS), "low_emission_zone": rng.random() < 0.3,
                                  "established": _date(rng, "1890-01-01", "1990-12-31")})
    districts = [d["id"] for d in nodes["District"]]
    # facilities
    nodes["Facility"] = []
    fac_names = dict(FACILITIES)
    for i, n in enumerate(pick([f for f, _ in FACILITIES], len(FACILITIES)), 1):
        kind = fac_names[n]
        nodes["Facility"].append({"id": f"facility-{i}", "name": n, "kind": kind,
                                  "permit": f"EPR/{rng.choice('ABCDEFGH')}{rng.choice('KLMNPR')}{rng.randint(1000, 9999)}",
                                  "capacity_tpd": round(rng.uniform(150, 1800), 1),
                                  "opened": _date(rng, "1960-01-01", "2018-12-31"),
                                  "accepts_glass": "Glass" in n or (kind == "materials recovery" and rng.random() < 0.5),
                                  "gate_fee": round(rng.uniform(18, 120), 2)})
    fac_by_kind: dict[str, list[str]] = {}
    for f in nodes["Facility"]:
        fac_by_kind.setdefault(f["kind"], []).append(f["id"])
    glass_facs = [f["id"] for f in nodes["Facility"] if f["accepts_glass"]]
    # contracts
    nodes["Contract"] = []
    cands = [f"{w} {k} Contract" for w in CONTRACT_WORDS for k in CONTRACT_KINDS]
    for i, n in enumerate(pick(cands, 30), 1):
        start = _date(rng, "2012-01-01", "2024-06-30")
        nodes["Contract"].append({"id": f"contract-{i}", "title": n,
                                  "reference": f"WC-{start.year}-{rng.randint(100, 999)}",
                                  "annual_value": round(rng.uniform(80000, 2500000), 2), "start": start,
                                  "term_years": rng.randint(2, 10), "status": rng.choice(CONTRACT_STATUS),
                                  "includes_bulky": rng.random() < 0.4})
    edges["COVERS"] = []
    for c in nodes["Contract"]:
        for lot, d in enumerate(rng.sample(districts, rng.randint(1, 3)), 1):
            edges["COVERS"].append({"src": c["id"], "dst": d, "lot": lot,
                                    "share_pct": round(rng.uniform(10, 100), 1)})
    # routes
    nodes["Route"] = []
    cands = [f"{f} {s}" for f in FLOWERS for s in ROUTE_SUFFIX]
    edges["BASED_AT"], edges["SERVES"] = [], []
    for i, n in enumerate(pick(cands, 60), 1):
        rid = f"route-{i}"
        nodes["Route"].append({"id": rid, "name": n, "code": f"RT-{i:03d}", "target_lifts": rng.randint(300, 2200),
                               "length_km": round(rng.uniform(8, 95), 2), "frequency": rng.choice(FREQUENCIES),
                               "stream": rng.choice(STREAMS), "launched": _date(rng, "2005-01-01", "2023-12-31"),
                               "night_service": rng.random() < 0.2})
        edges["BASED_AT"].append({"src": rid, "dst": rng.choice(depots)})
        for d in rng.sample(districts, rng.choice([1, 2, 2, 3])):
            edges["SERVES"].append({"src": rid, "dst": d})
    route_depot = {e["src"]: e["dst"] for e in edges["BASED_AT"]}
    route_stream = {r["id"]: r["stream"] for r in nodes["Route"]}
    served: dict[str, list[str]] = {}
    for e in edges["SERVES"]:
        served.setdefault(e["src"], []).append(e["dst"])
    routes_in: dict[str, list[str]] = {}
    for r, ds in served.items():
        for d in ds:
            routes_in.setdefault(d, []).append(r)
    # trucks
    nodes["Truck"] = []
    edges["STATIONED_AT"] = []
    cands = [f"{a} {b}" for a in TRUCK_ADJ for b in TRUCK_ANIMAL]
    for i, n in enumerate(pick(cands, 80), 1):
        tid = f"truck-{i}"
        comm = _date(rng, "2008-01-01", "2024-06-30")
        plate = f"{rng.choice('ABDFKLMNSWY')}{rng.choice('ABCDEFGHJK')}{comm.year % 100:02d} " \
                f"{''.join(rng.choice('ABCDEFGHJKLMNPRSTVWXY') for _ in range(3))}"
        nodes["Truck"].append({"id": tid, "name": n, "plate": plate, "make": rng.choice(MAKES),
                               "capacity_t": round(rng.uniform(7, 32), 2), "commissioned": comm,
                               "electric": comm.year >= 2016 and rng.random() < 0.45, "axles": rng.choice([2, 3, 3, 4])})
        edges["STATIONED_AT"].append({"src": tid, "dst": depots[(i - 1) % len(depots)] if i <= 12 else rng.choice(depots),
                                      "since": comm + dt.timedelta(days=rng.randint(0, 900))})
    trucks_at: dict[str, list[str]] = {}
    for e in edges["STATIONED_AT"]:
        trucks_at.setdefault(e["dst"], []).append(e["src"])
    # drivers
    nodes["Driver"] = []
    edges["WORKS_FROM"] = []
    cands = [f"{a} {b}" for a in FIRST for b in LAST]
    for i, n in enumerate(pick(cands, 150), 1):
        did = f"driver-{i}"
        first, last = n.split(" ")
        hired = _date(rng, "1995-01-01", "2024-03-31")
        nodes["Driver"].append({"id": did, "first_name": first, "last_name": last, "badge": f"DRV-{rng.randint(1000, 9999)}",
                                "hired": hired, "licence": rng.choice(LICENCES),
                                "years_experience": max(1, 2025 - hired.year + rng.randint(0, 6)),
                                "hourly_rate": round(rng.uniform(13.5, 24.0), 2), "union_member": rng.random() < 0.55})
        edges["WORKS_FROM"].append({"src": did, "dst": depots[(i - 1) % len(depots)] if i <= 12 else rng.choice(depots)})
    drivers_at: dict[str, list[str]] = {}
    for e in edges["WORKS_FROM"]:
        drivers_at.setdefault(e["dst"], []).append(e["src"])
    # TRAINED: an earlier-hired driver trained a later-hired one (trainer -> trainee)
    edges["TRAINED"] = []
    by_hire = sorted(nodes["Driver"], key=lambda d: (d["hired"], d["id"]))
    for k, d in enumerate(by_hire):
        if k < 12 or rng.random() < 0.12:
            continue
        trainer = rng.choice(by_hire[max(0, k - 40):k])
        edges["TRAINED"].append({"src": trainer["id"], "dst": d["id"],
                                 "completed": d["hired"] + dt.timedelta(days=rng.randint(20, 120)),
                                 "hours": rng.randint(8, 120), "assessed": rng.random() < 0.7})
    # collection points
    nodes["CollectionPoint"] = []
    edges["LOCATED_IN"], edges["INCLUDES"] = [], []
    cands = [f"{a}{b} {r}" for a in STEM_A for b in STEM_B for r in ROADS]
    seq: dict[str, int] = {}
    route_ids = [r["id"] for r in nodes["Route"]]
    for i, n in enumerate(pick(cands, 900), 1):
        cid = f"point-{i}"
        r = route_ids[(i - 1) % len(route_ids)] if i <= 60 else rng.choice(route_ids)
        d = rng.choice(served[r])
        nodes["CollectionPoint"].append({"id": cid, "name": n,
                                         "asset_tag": f"AT-{rng.randint(0, 0xFFFFFF):06X}",
                                         "container": "bottle bank" if route_stream[r] == "glass" else
                                         rng.choice(CONTAINERS[:3]),
                                         "bins": rng.randint(1, 24), "capacity_l": float(rng.choice([240, 360, 660, 1100,
                                                                                               1280, 3000])),
                                         "installed": _date(rng, "2000-01-01", "2024-09-30"),
                                         "assisted": rng.random() < 0.1})
        edges["LOCATED_IN"].append({"src": cid, "dst": d})
        rs = [r]
        if rng.random() < 0.12:
            others = [x for x in routes_in[d] if x != r]
            if others:
                rs.append(rng.choice(others))
        for rr in rs:
            seq[rr] = seq.get(rr, 0) + 1
            edges["INCLUDES"].append({"src": rr, "dst": cid, "sequence": seq[rr], "assisted_lift": rng.random() < 0.08})
    # collection runs
    nodes["CollectionRun"] = []
    edges["ON_ROUTE"], edges["DRIVEN_BY"], edges["USED_TRUCK"], edges["DELIVERED_TO"] = [], [], [], []
    weights = {d["id"]: rng.choice([1, 1, 2, 4, 6, 8]) for d in nodes["Driver"]}
    for i in range(1, 1201):
        run = f"run-{i}"
        r = rng.choice(route_ids)
        dep = route_depot[r]
        day = _date(rng, "2024-01-01", "2024-12-31")
        status = rng.choices(RUN_STATUS, [85, 11, 4])[0]
        nodes["CollectionRun"].append({"id": run, "title": f"Run CR-{i:05d}", "run_date": day,
                                       "duration_min": rng.randint(150, 560), "distance_km": round(rng.uniform(10, 140), 1),
                                       "status": status})
        edges["ON_ROUTE"].append({"src": run, "dst": r})
        pool = drivers_at[dep]
        drv = rng.choices(pool, [weights[p] for p in pool])[0]
        edges["DRIVEN_BY"].append({"src": run, "dst": drv, "shift": rng.choice(SHIFTS), "overtime": rng.random() < 0.18})
        edges["USED_TRUCK"].append({"src": run, "dst": rng.choice(trucks_at[dep])})
        stream = route_stream[r]
        if stream == "recycling":
            fac = rng.choice(fac_by_kind["materials recovery"])
        elif stream == "organics":
            fac = rng.choice(fac_by_kind["composting"])
        elif stream == "glass":
            fac = rng.choice(glass_facs)
        else:
            fac = rng.choice(fac_by_kind["landfill"] + fac_by_kind["energy from waste"])
        if status != "aborted":
            edges["DELIVERED_TO"].append({"src": run, "dst": fac, "tonnage_t": round(rng.uniform(2.5, 24), 2),
                                          "weighed_on": day, "contamination": rng.choices(CONTAMINATION, [6, 3, 1])[0],
                                          "ticket": f"WB{rng.randint(100000, 999999)}"})
    # complaints
    nodes["Complaint"] = []
    edges["CONCERNS"] = []
    cps = [c["id"] for c in nodes["CollectionPoint"]]
    hot = rng.sample(cps, 60)
    for i in range(1, 301):
        cid = f"complaint-{i}"
        nodes["Complaint"].append({"id": cid, "title": f"Complaint CMP-{i:04d}",
                                   "postcode": f"LS{rng.randint(1, 29)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
                                               f"{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}",
                                   "filed": _date(rng, "2023-01-01", "2024-12-31"),
                                   "category": rng.choice(COMPLAINT_CATS), "severity": rng.randint(1, 5),
                                   "resolved": rng.random() < 0.7, "channel": rng.choice(CHANNELS)})
        edges["CONCERNS"].append({"src": cid, "dst": rng.choice(hot) if rng.random() < 0.5 else rng.choice(cps)})
    _check(nodes, edges)
    return nodes, edges


def _check(nodes: dict[str, list[dict]], edges: dict[str, list[dict]]) -> None:
    g = nx.MultiDiGraph()
    for rows in nodes.values():
        g.add_nodes_from(r["id"] for r in rows)
    for t, rows in edges.items():
        for e in rows:
            assert e["src"] in g and e["dst"] in g, (t, e)
            g.add_edge(e["src"], e["dst"], type=t)
    u = nx.Graph(g)
    assert nx.has_path(u, "complaint-1", "truck-1")
    # a 4-hop path: complaint -> point <- route -> depot <- truck
    cp = next(iter(g.successors("complaint-1")))
    route = next(r for r in g.predecessors(cp) if r.startswith("route-"))
    depot = next(d for d in g.successors(route) if d.startswith("depot-"))
    truck = next(t for t in g.predecessors(depot) if t.startswith("truck-"))
    assert nx.shortest_path_length(u, "complaint-1", truck) <= 4


# ---- CSV output ------------------------------------------------------------------------------------------------------

NODE_COLS = {
    "Depot": [("name", "string"), ("code", "string"), ("opened", "date"), ("bays", "int"), ("yard_area_m2", "float"),
              ("fuel_station", "boolean"), ("region", "string")],
    "District": [("name", "string"), ("ward_code", "string"), ("population", "int"), ("area_km2", "float"),
                 ("borough", "string"), ("low_emission_zone", "boolean"), ("established", "date")],
    "Facility": [("name", "string"), ("kind", "string"), ("permit", "string"), ("capacity_tpd", "float"),
                 ("opened", "date"), ("accepts_glass", "boolean"), ("gate_fee", "float")],
    "Contract": [("title", "string"), ("reference", "string"), ("annual_value", "float"), ("start", "date"),
                 ("term_years", "int"), ("status", "string"), ("includes_bulky", "boolean")],
    "Route": [("name", "string"), ("code", "string"), ("target_lifts", "int"), ("length_km", "float"),
              ("frequency", "string"), ("stream", "string"), ("launched", "date"), ("night_service", "boolean")],
    "Truck": [("name", "string"), ("plate", "string"), ("make", "string"), ("capacity_t", "float"),
              ("commissioned", "date"), ("electric", "boolean"), ("axles", "int")],
    "Driver": [("first_name", "string"), ("last_name", "string"), ("badge", "string"), ("hired", "date"),
               ("licence", "string"), ("years_experience", "int"), ("hourly_rate", "float"),
               ("union_member", "boolean")],
    "CollectionPoint": [("name", "string"), ("asset_tag", "string"), ("container", "string"), ("bins", "int"),
                        ("capacity_l", "float"), ("installed", "date"), ("assisted", "boolean")],
    "CollectionRun": [("title", "string"), ("run_date", "date"), ("duration_min", "int"), ("distance_km", "float"),
                      ("status", "string")],
    "Complaint": [("title", "string"), ("postcode", "string"), ("filed", "date"), ("category", "string"),
                  ("severity", "int"), ("resolved", "boolean"), ("channel", "string")],
}
ID_COL = {"Depot": "depotId", "District": "districtId", "Facility": "facilityId", "Contract": "contractId",
          "Route": "routeId", "Truck": "truckId", "Driver": "driverId", "CollectionPoint": "pointId",
          "CollectionRun": "runId", "Complaint": "complaintId"}
EDGE_COLS = {
    "COVERS": [("lot", "int"), ("share_pct", "float")], "BASED_AT": [], "SERVES": [],
    "STATIONED_AT": [("since", "date")], "WORKS_FROM": [],
    "TRAINED": [("completed", "date"), ("hours", "int"), ("assessed", "boolean")],
    "LOCATED_IN": [], "INCLUDES": [("sequence", "int"), ("assisted_lift", "boolean")],
    "ON_ROUTE": [], "DRIVEN_BY": [("shift", "string"), ("overtime", "boolean")], "USED_TRUCK": [],
    "DELIVERED_TO": [("tonnage_t", "float"), ("weighed_on", "date"), ("contamination", "string"),
                     ("ticket", "string")],
    "CONCERNS": [],
}


def _cell(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dt.date):
        return v.isoformat()
    return str(v)


def write(out_dir: Path, seed: int) -> Path:
    nodes, edges = build(seed)
    folder = out_dir / "waste_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for label, rows in nodes.items():
        cols = NODE_COLS[label]
        with open(folder / f"{label}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL)
            w.writerow([f"{ID_COL[label]}:ID", ":LABEL"] + [f"{c}:{t}" for c, t in cols])
            for r in rows:
                w.writerow([r["id"], label] + [_cell(r[c]) for c, _ in cols])
    for etype, rows in edges.items():
        cols = EDGE_COLS[etype]
        with open(folder / f"{etype}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for e in rows:
                w.writerow([e["src"], e["dst"], etype] + [_cell(e[c]) for c, _ in cols])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=40)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
