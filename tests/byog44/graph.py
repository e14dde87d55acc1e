"""Deterministic generator of a parcel-courier property graph as Neo4j admin-import CSV.

    python tests/byog44/graph.py OUT_DIR [--seed N]

writes OUT_DIR/courier_csv/ with one node file per label (nodes_<Label>.csv) and one relationship file per type
(rels_<TYPE>.csv). Stdlib random.Random(seed) plus networkx only.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import random

import networkx as nx

FIRST = [
    "Amelia", "Bartholomew", "Cressida", "Desmond", "Eleanor", "Fergus", "Georgina", "Hamish", "Imogen", "Jasper",
    "Katrin", "Leopold", "Marisol", "Nathaniel", "Ottilie", "Percival", "Quentin", "Rosalind", "Sebastian",
    "Tamsin", "Ulrich", "Valentina", "Wilfred", "Xanthe", "Yusuf", "Zara", "Ambrose", "Beatrix", "Cormac",
    "Delphine", "Evander", "Florence", "Gideon", "Harriet", "Ignatius", "Juniper", "Kasimir", "Lavinia",
    "Magnus", "Niamh", "Oswald", "Philippa", "Rupert", "Saoirse", "Thaddeus", "Ursula", "Vivienne", "Winifred",
    "Aurelio", "Bronwen", "Caspian", "Dagny", "Emrys", "Fenella", "Griffin", "Hermione", "Isidore", "Jocasta",
]
LAST = [
    "Ashdown", "Blackwood", "Carrington", "Dunmore", "Ellsworth", "Fairbairn", "Galloway", "Hartigan",
    "Iverson", "Jessop", "Kilbride", "Lockhart", "Montague", "Northcott", "Okonkwo", "Pemberton", "Quigley",
    "Ravenscroft", "Stroud", "Thistlewood", "Underhill", "Vasquez", "Whitlock", "Yardley", "Zielinski",
    "Abernathy", "Brennan", "Castellano", "Dorrington", "Eastwick", "Fitzgerald", "Greaves", "Holloway",
    "Inglewood", "Jankowski", "Kowalczyk", "Lindqvist", "Macready", "Nakamura", "Oyelaran", "Prendergast",
    "Quartermain", "Rutherford", "Sorensen", "Tremayne", "Umbers", "Vanterpool", "Wetherby", "Xiong",
    "Youngblood", "Zamora", "Achterberg", "Bellweather", "Cathcart", "Delacroix", "Esterhazy", "Farquharson",
    "Gilchrist", "Honeysett", "Ibarra", "Jardine", "Kettleborough", "Lamontagne", "Mulcahy", "Nightingale",
]
ZONES = [
    "Orchard", "Harbour", "Meadowbank", "Foundry", "Chapelfield", "Riverside", "Kingsmere", "Saltmarsh",
    "Beacon Hill", "Copperfield", "Lantern Quay", "Millbrook", "Thornbury", "Windmill", "Greyfriars",
    "Ashcombe", "Bramblewick", "Cobblestone", "Dovecote", "Elmstead", "Fernhollow", "Goldcrest", "Heathcliff",
    "Ivybridge", "Juniper Green", "Kettlewell", "Larchmont", "Marshgate", "Netherfield", "Oakhurst",
    "Pebble Cove", "Quarry Bank", "Rookwood", "Stonebridge", "Tanners Yard", "Upperthorpe", "Violet Row",
    "Willowmead", "Yewdale", "Brickfields",
]
DEPOTS = [
    "Northgate Hub", "Eastfield Depot", "Southmoor Hub", "Westmarch Depot", "Central Sorting Centre",
    "Airport Gateway", "Canal Basin Depot", "Ridgeway Hub", "Docklands Depot", "Parkside Crossdock",
    "Hilltop Depot", "Bridgend Hub",
]
ROUTE_A = ["Morning", "Lark", "Copper", "Tidal", "Granite", "Velvet", "Ember", "Falcon", "Maple", "Cinder",
           "Harvest", "Lunar", "Bracken", "Sapphire", "Thunder", "Willow", "Pioneer"]
ROUTE_B = ["Loop", "Run", "Circuit", "Sweep"]
VAN_A = ["Amber", "Cobalt", "Crimson", "Jade", "Ivory", "Onyx", "Russet", "Teal", "Saffron", "Slate",
         "Scarlet", "Indigo", "Bronze", "Ochre", "Pewter"]
VAN_B = ["Kestrel", "Heron", "Badger", "Otter", "Wren", "Stag"]
SERVICES = [
    ("Same Day Express", 24.5, 0, True, "premium"), ("Next Day", 9.75, 1, True, "priority"),
    ("Timed Before Noon", 14.2, 1, True, "premium"), ("Two Day Standard", 6.4, 2, True, "standard"),
    ("Economy Saver", 3.95, 5, False, "economy"),
]


def _date(d: dt.date) -> str:
    return d.isoformat()


def _b(x: bool) -> str:
    return "true" if x else "false"


def _code(rng: random.Random, letters: int, digits: int, used: set[str]) -> str:
    while True:
        c = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(letters)) + "".join(
            rng.choice("0123456789") for _ in range(digits))
        if c not in used:
            used.add(c)
            return c


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    used: set[str] = set()
    people: set[str] = set()

    def person(n_first: list[str]) -> tuple[str, str]:
        while True:
            f, last = rng.choice(n_first), rng.choice(LAST)
            if f + " " + last not in people:
                people.add(f + " " + last)
                return f, last

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, label=label, **attrs)

    def edge(a: str, b: str, typ: str, **attrs) -> None:
        g.add_edge(a, b, key=typ, type=typ, **attrs)

    base = dt.date(2024, 1, 1)
    # service levels
    for i, (name, price, days, tracked, tier) in enumerate(SERVICES, 1):
        node(f"service-{i}", "ServiceLevel", name=name, price_gbp=price, max_days=days, tracked=tracked,
             tier=tier, sla_code=f"SLA-{_code(rng, 2, 2, used)}")
    # depots
    regions = ["north", "south", "east", "west", "central"]
    for i, name in enumerate(DEPOTS, 1):
        node(f"depot-{i}", "Depot", name=name, bays=rng.randint(8, 60) + i, floor_area_m2=round(rng.uniform(1800,
             14000), 1), opened=_date(dt.date(1995, 1, 1) + dt.timedelta(days=rng.randint(0, 9000))),
             automated=rng.random() < 0.4, region=rng.choice(regions), depot_code=f"DP{_code(rng, 1, 3, used)}")
    # zones
    for i, name in enumerate(ZONES, 1):
        cat = rng.choice(["urban", "urban", "suburban", "rural"])
        node(f"zone-{i}", "Zone", name=name, postcode_prefix=_code(rng, 2, 1, used), category=cat,
             population=rng.randint(1500, 60000), area_km2=round(rng.uniform(0.8, 45.0), 2),
             congestion_charge=cat == "urban" and rng.random() < 0.5)
    # routes
    rnames = [a + " " + b for a in ROUTE_A for b in ROUTE_B]
    rng.shuffle(rnames)
    n_routes = 50
    for i in range(1, n_routes + 1):
        node(f"route-{i}", "Route", name=rnames[i - 1], length_km=round(rng.uniform(12, 140), 1),
             stops=rng.randint(15, 120), kind=rng.choice(["urban", "rural", "mixed"]),
             route_code=f"R{_code(rng, 2, 3, used)}", night=rng.random() < 0.25,
             launched=_date(dt.date(2015, 1, 1) + dt.timedelta(days=rng.randint(0, 3000))))
        edge(f"route-{i}", f"depot-{rng.randint(1, len(DEPOTS))}", "RUNS_FROM")
        for k, z in enumerate(rng.sample(range(1, len(ZONES) + 1), rng.randint(2, 4)), 1):
            edge(f"route-{i}", f"zone-{z}", "COVERS", stop_order=k)
    # vans
    vnames = [a + " " + b for a in VAN_A for b in VAN_B]
    rng.shuffle(vnames)
    n_vans = 60
    for i in range(1, n_vans + 1):
        node(f"van-{i}", "Van", name=vnames[i - 1], capacity_kg=round(rng.uniform(600, 1600), 1),
             electric=rng.random() < 0.35, model=rng.choice(["Transit", "Sprinter", "Vivaro", "eDeliver 9"]),
             mileage=rng.randint(4000, 180000), registration=_code(rng, 4, 3, used),
             commissioned=_date(dt.date(2016, 1, 1) + dt.timedelta(days=rng.randint(0, 2800))))
    # couriers
    n_couriers = 120
    for i in range(1, n_couriers + 1):
        f, last = person(FIRST)
        node(f"courier-{i}", "Courier", first_name=f, last_name=last, badge_code=f"BX{_code(rng, 1, 4, used)}",
             hired=_date(dt.date(2008, 1, 1) + dt.timedelta(days=i * 45 + rng.randint(0, 40))),
             rating=round(rng.uniform(3.0, 5.0), 3), licence=rng.choice(["B", "B", "C1", "C"]),
             full_time=rng.random() < 0.7, years_experience=rng.randint(1, 25))
        depot = rng.randint(1, len(DEPOTS))
        edge(f"courier-{i}", f"depot-{depot}", "BASED_AT")
        if i > 6 and rng.random() < 0.85:
            trainer = rng.randint(max(1, i - 40), i - 1)
            t_date = dt.date.fromisoformat(g.nodes[f"courier-{i}"]["hired"]) + dt.timedelta(days=rng.randint(3, 30))
            edge(f"courier-{trainer}", f"courier-{i}", "TRAINED", trained_on=_date(t_date),
                 hours=rng.randint(6, 80))
        for k, v in enumerate(rng.sample(range(1, n_vans + 1), rng.choice([1, 1, 2])), 0):
            edge(f"courier-{i}", f"van-{v}", "DRIVES", primary=k == 0,
                 since=_date(dt.date(2019, 1, 1) + dt.timedelta(days=rng.randint(0, 1800))))
        local = [r for r in range(1, n_routes + 1) if g.has_edge(f"route-{r}", f"depot-{depot}")]
        pool = local if local else list(range(1, n_routes + 1))
        for r in rng.sample(pool, min(len(pool), rng.choice([1, 1, 2]))):
            edge(f"courier-{i}", f"route-{r}", "ASSIGNED_TO", shift=rng.choice(["early", "late", "night"]),
                 days_per_week=rng.randint(2, 6))
    zone_couriers: dict[str, list[str]] = {}
    for r in range(1, n_routes + 1):
        for _, z, k in g.out_edges(f"route-{r}", keys=True):
            if k == "COVERS":
                for c, _, k2 in g.in_edges(f"route-{r}", keys=True):
                    if k2 == "ASSIGNED_TO":
                        zone_couriers.setdefault(z, []).append(c)
    # customers
    n_customers = 220
    for i in range(1, n_customers + 1):
        f, last = person(FIRST)
        node(f"customer-{i}", "Customer", first_name=f, last_name=last, account_code=f"AC{_code(rng, 2, 4, used)}",
             joined=_date(dt.date(2012, 1, 1) + dt.timedelta(days=rng.randint(0, 4300))),
             business=rng.random() < 0.3, account_type=rng.choice(["personal", "small_business", "enterprise"]),
             loyalty_points=rng.randint(0, 9000))
    weights = [rng.paretovariate(1.6) for _ in range(n_customers)]
    # parcels, attempts, claims
    n_parcels, att_no, claim_no = 900, 0, 0
    outcomes_fail = ["no_one_home", "refused", "access_issue", "address_unknown"]
    for i in range(1, n_parcels + 1):
        cust = f"customer-{rng.choices(range(1, n_customers + 1), weights)[0]}"
        svc = rng.choices(range(1, 6), [1, 5, 2, 4, 3])[0]
        zone = f"zone-{rng.randint(1, len(ZONES))}"
        shipped = base + dt.timedelta(days=rng.randint(0, 330))
        weight = round(rng.lognormvariate(1.2, 0.8), 2)
        n_att = rng.choices([1, 2, 3], [6, 3, 1])[0]
        pid = f"parcel-{i}"
        outcomes = [rng.choice(outcomes_fail) for _ in range(n_att - 1)]
        last_ok = rng.random() < 0.85
        outcomes.append("delivered" if last_ok else rng.choice(outcomes_fail))
        status = "delivered" if last_ok else rng.choice(["returned", "lost", "held_at_depot"])
        node(pid, "Parcel", name=f"Parcel {_code(rng, 2, 4, used)}", weight_kg=weight, shipped=_date(shipped),
             signed=last_ok and rng.random() < 0.7, fragile=rng.random() < 0.2, attempts=n_att, status=status,
             declared_value=round(rng.uniform(5, 400), 2), tracking_code=f"TRK{_code(rng, 3, 6, used)}")
        edge(cust, pid, "SENDS", paid_gbp=round(SERVICES[svc - 1][1] + weight * 0.6, 2),
             channel=rng.choice(["web", "app", "counter", "phone"]))
        edge(pid, zone, "ADDRESSED_TO")
        edge(pid, f"service-{svc}", "BOOKED_AS")
        day = shipped
        for k, oc in enumerate(outcomes, 1):
            att_no += 1
            day = day + dt.timedelta(days=rng.randint(1, 3))
            aid = f"attempt-{att_no}"
            node(aid, "DeliveryAttempt", name=f"Attempt {_code(rng, 2, 5, used)}", attempted=_date(day),
                 outcome=oc, attempt_no=k, duration_min=round(rng.uniform(0.5, 12.0), 1),
                 photo_taken=rng.random() < 0.6)
            edge(pid, aid, "HAS_ATTEMPT")
            cands = zone_couriers.get(zone) or [f"courier-{rng.randint(1, n_couriers)}"]
            c = rng.choice(cands) if rng.random() < 0.8 else f"courier-{rng.randint(1, n_couriers)}"
            edge(aid, c, "MADE_BY")
        if status == "lost" or (rng.random() < 0.09):
            claim_no += 1
            cid = f"claim-{claim_no}"
            reason = "lost" if status == "lost" else rng.choice(["damaged", "damaged", "late", "missing_item"])
            node(cid, "Claim", name=f"Claim {_code(rng, 3, 3, used)}", reason=reason,
                 amount_gbp=round(rng.uniform(10, 450), 2), approved=rng.random() < 0.6,
                 filed=_date(day + dt.timedelta(days=rng.randint(2, 20))), days_open=rng.randint(1, 90),
                 claim_ref=f"CR{_code(rng, 2, 5, used)}")
            edge(cust, cid, "FILED", via=rng.choice(["web", "phone", "email"]))
            edge(cid, pid, "CONCERNS")
    return g


NODE_FILES = {
    "ServiceLevel": ("serviceId", [("name", "string"), ("price_gbp", "float"), ("max_days", "int"),
                                   ("tracked", "boolean"), ("tier", "string"), ("sla_code", "string")]),
    "Depot": ("depotId", [("name", "string"), ("bays", "int"), ("floor_area_m2", "float"), ("opened", "date"),
                          ("automated", "boolean"), ("region", "string"), ("depot_code", "string")]),
    "Zone": ("zoneId", [("name", "string"), ("postcode_prefix", "string"), ("category", "string"),
                        ("population", "int"), ("area_km2", "float"), ("congestion_charge", "boolean")]),
    "Route": ("routeId", [("name", "string"), ("length_km", "float"), ("stops", "int"), ("kind", "string"),
                          ("route_code", "string"), ("night", "boolean"), ("launched", "date")]),
    "Van": ("vanId", [("name", "string"), ("capacity_kg", "float"), ("electric", "boolean"), ("model", "string"),
                      ("mileage", "int"), ("registration", "string"), ("commissioned", "date")]),
    "Courier": ("courierId", [("first_name", "string"), ("last_name", "string"), ("badge_code", "string"),
                              ("hired", "date"), ("rating", "float"), ("licence", "string"),
                              ("full_time", "boolean"), ("years_experience", "int")]),
    "Customer": ("customerId", [("first_name", "string"), ("last_name", "string"), ("account_code", "string"),
                                ("joined", "date"), ("business", "boolean"), ("account_type", "string"),
                                ("loyalty_points", "int")]),
    "Parcel": ("parcelId", [("name", "string"), ("weight_kg", "float"), ("shipped", "date"), ("signed", "boolean"),
                            ("fragile", "boolean"), ("attempts", "int"), ("status", "string"),
                            ("declared_value", "float"), ("tracking_code", "string")]),
    "DeliveryAttempt": ("attemptId", [("name", "string"), ("attempted", "date"), ("outcome", "string"),
                                      ("attempt_no", "int"), ("duration_min", "float"),
                                      ("photo_taken", "boolean")]),
    "Claim": ("claimId", [("name", "string"), ("reason", "string"), ("amount_gbp", "float"),
                          ("approved", "boolean"), ("filed", "date"), ("days_open", "int"),
                          ("claim_ref", "string")]),
}
REL_FILES = {
    "SENDS": [("paid_gbp", "float"), ("channel", "string")],
    "ADDRESSED_TO": [],
    "BOOKED_AS": [],
    "HAS_ATTEMPT": [],
    "MADE_BY": [],
    "TRAINED": [("trained_on", "date"), ("hours", "int")],
    "DRIVES": [("since", "date"), ("primary", "boolean")],
    "BASED_AT": [],
    "RUNS_FROM": [],
    "COVERS": [("stop_order", "int")],
    "ASSIGNED_TO": [("shift", "string"), ("days_per_week", "int")],
    "FILED": [("via", "string")],
    "CONCERNS": [],
}


def _cell(v) -> str:
    return _b(v) if isinstance(v, bool) else str(v)


def write(g: nx.MultiDiGraph, out_dir: str) -> str:
    folder = os.path.join(out_dir, "courier_csv")
    os.makedirs(folder, exist_ok=True)
    for label, (idcol, cols) in NODE_FILES.items():
        with open(os.path.join(folder, f"nodes_{label}.csv"), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
            w.writerow([f"{idcol}:ID", ":LABEL"] + [f"{c}:{t}" for c, t in cols])
            for nid, d in g.nodes(data=True):
                if d["label"] == label:
                    w.writerow([nid, label] + [_cell(d[c]) for c, _ in cols])
    for typ, cols in REL_FILES.items():
        with open(os.path.join(folder, f"rels_{typ}.csv"), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for a, b, d in g.edges(data=True):
                if d["type"] == typ:
                    w.writerow([a, b, typ] + [_cell(d[c]) for c, _ in cols])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=44)
    a = ap.parse_args()
    print(write(build(a.seed), a.out_dir))


if __name__ == "__main__":
    main()
