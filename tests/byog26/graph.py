"""Deterministic car-rental property graph for the byog26 held-out set.

    python tests/byog26/graph.py OUT_DIR [--seed N]

writes OUT_DIR/rental.graphml (networkx.write_graphml; node type and edge type in the ``label`` attribute).
Only ``random.Random(seed)`` and networkx are used, so a seed always gives the same file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 2026

COUNTS = {
    "Make": 9, "VehicleModel": 41, "Vehicle": 437, "Branch": 13, "Customer": 611, "Rental": 1273,
    "DamageReport": 163, "Mechanic": 37, "InsurancePolicy": 11, "CorporateAccount": 23,
}

MAKES = ["Valtra", "Norvik", "Castelmar", "Ostrava Motors", "Kirin Auto", "Belmonte", "Tarragon", "Halvard",
         "Sunderby"]
MAKE_COUNTRIES = ["Germany", "Japan", "Italy", "Sweden", "Korea", "France"]
MODEL_WORDS = ["Breeze", "Summit", "Drifter", "Pebble", "Lantern", "Meridian", "Quarry", "Sparrow", "Thistle",
               "Voyager", "Cobalt", "Juniper", "Harrier", "Solace", "Tundra", "Aurora", "Canyon", "Ember", "Fjord",
               "Granite", "Hollow", "Ibis", "Kestrel", "Lumen", "Mistral", "Nomad", "Orbit", "Prairie", "Quill",
               "Ridge", "Saffron", "Tempest", "Umber", "Vesper", "Willow", "Yarrow", "Zenith", "Alder", "Bramble",
               "Cinder", "Dune"]
MODEL_TRIMS = ["GT", "LX", "Sport", "Touring", "Hybrid", "Eco", "XR", "Plus"]
SEGMENTS = ["economy", "compact", "suv", "van", "luxury"]
SEATS = {"economy": [4, 5], "compact": [5], "suv": [5, 7], "van": [8, 9], "luxury": [4, 5]}

VEHICLE_ADJ = ["Amber", "Silver", "Crimson", "Quiet", "Rapid", "Lucky", "Misty", "Golden", "Scarlet", "Velvet",
               "Frosty", "Dusky", "Brave", "Gentle", "Wild", "Noble", "Sunny", "Stormy", "Hazel", "Ivory", "Jade",
               "Copper", "Rusty", "Nimble"]
VEHICLE_NOUN = ["Falcon", "Otter", "Heron", "Badger", "Lynx", "Marten", "Puffin", "Raven", "Stoat", "Wren",
                "Bison", "Condor", "Dingo", "Egret", "Gecko", "Hare", "Jackal", "Koala", "Lemur", "Moose", "Newt",
                "Ocelot", "Panda", "Quokka"]
STATUSES = ["available", "rented", "maintenance", "retired"]

BRANCHES = ["Harbourside Depot", "Airport North", "Old Mill Yard", "Station Square", "Kingsbridge Lot",
            "Lakeview Garage", "Airport South Terminal", "Market Street", "Riverside Hub", "Cathedral Close",
            "Westfield Park", "Dockland Point", "Hillcrest Corner"]
CITIES = ["Porthaven", "Brightwater", "Eldermoor", "Stonefield"]
AIRPORT_BRANCHES = {"Airport North", "Airport South Terminal", "Dockland Point"}

FIRST = ["Amara", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaveh", "Leila",
         "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Soren", "Tamsin", "Umar", "Vera", "Wendell",
         "Ximena", "Yusuf", "Zofia", "Anders", "Beatriz", "Cormac", "Delphine", "Emeka", "Freya", "Gideon",
         "Hana", "Idris", "Juno", "Kofi", "Lucinda", "Magnus", "Noor", "Orla", "Pavel", "Renata", "Stellan",
         "Thea", "Viggo", "Wilhelmina", "Yara", "Zoltan", "Agnieszka", "Benedikt", "Catalina", "Dario", "Esme"]
LAST = ["Abernathy", "Bakshi", "Castellanos", "Dunmore", "Eriksen", "Fairbairn", "Galloway", "Haddad", "Iversen",
        "Jaramillo", "Kowalczyk", "Lindqvist", "Mbeki", "Nakamura", "Okonkwo", "Pemberton", "Quintero", "Rasmussen",
        "Szabo", "Thornbury", "Ulloa", "Vasquez", "Whitlock", "Yilmaz", "Zamora", "Achterberg", "Bellamy",
        "Carvalho", "Delacroix", "Esposito", "Fontaine", "Gustafsson", "Holloway", "Ibrahimovic", "Jablonski",
        "Kerrigan", "Lockhart", "Montague", "Nordstrom", "Ostrowski", "Pellegrini", "Radcliffe", "Sorensen",
        "Tremblay", "Underwood", "Valdez", "Wexford", "Yamamoto", "Zielinski", "Ashdown", "Blackwood"]
TIERS = ["bronze", "silver", "gold", "platinum"]
TIER_W = [50, 28, 15, 7]

POLICIES = ["Basic Shield", "Full Cover", "Glass Guard", "Collision Waiver Plus", "Theft Protect", "Roadside Care",
            "Zero Excess", "Traveller Essentials", "Premium Peace", "Young Driver Cover", "Winter Ready"]
COVERAGE = ["basic", "standard", "comprehensive"]

CORPS = ["Orchard Supply Co", "Bluefin Logistics", "Copperline Energy", "Northwind Surveys", "Marigold Catering",
         "Ironbark Construction", "Silverleaf Pharma", "Tidewater Shipping", "Greenhouse Media", "Foxglove Legal",
         "Pinecrest Insurance Brokers", "Lighthouse Analytics", "Brass Lantern Events", "Quarrymen Stoneworks",
         "Redkite Telecom", "Saltmarsh Fisheries", "Beacon Hill Consulting", "Kettle Bakeries",
         "Stonebridge Architects", "Wildflower Florists", "Morningstar Airlines", "Driftwood Hotels",
         "Ploughshare Farms"]
INDUSTRIES = ["logistics", "construction", "healthcare", "hospitality", "professional services", "media"]
CORP_INDUSTRY = {
    "Orchard Supply Co": "logistics", "Bluefin Logistics": "logistics", "Tidewater Shipping": "logistics",
    "Saltmarsh Fisheries": "logistics", "Ironbark Construction": "construction",
    "Quarrymen Stoneworks": "construction", "Stonebridge Architects": "construction",
    "Silverleaf Pharma": "healthcare", "Copperline Energy": "construction", "Marigold Catering": "hospitality",
    "Brass Lantern Events": "hospitality", "Kettle Bakeries": "hospitality", "Driftwood Hotels": "hospitality",
    "Morningstar Airlines": "hospitality", "Northwind Surveys": "professional services",
    "Foxglove Legal": "professional services", "Pinecrest Insurance Brokers": "professional services",
    "Lighthouse Analytics": "professional services", "Beacon Hill Consulting": "professional services",
    "Greenhouse Media": "media", "Redkite Telecom": "media", "Wildflower Florists": "hospitality",
    "Ploughshare Farms": "logistics",
}
CERTS = ["general", "ev specialist", "bodywork", "diagnostics"]
CHANNELS = ["web", "app", "phone", "counter"]
SERVICE_TYPES = ["oil change", "tyre rotation", "brake repair", "inspection", "battery check"]
ROLES = ["employee", "travel manager", "executive"]
SEVERITY = ["minor", "moderate", "severe"]
SEVERITY_W = [60, 30, 10]


def _date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def _code(rng: random.Random, prefix: str, n: int = 6) -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return prefix + "".join(rng.choice(alphabet) for _ in range(n))


def build(seed: int = DEFAULT_SEED) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()

    def node(nid: str, label: str, **attrs: object) -> str:
        g.add_node(nid, label=label, **attrs)
        return nid

    def edge(src: str, dst: str, label: str, **attrs: object) -> None:
        g.add_edge(src, dst, label=label, **attrs)

    # makes
    makes = []
    for i, name in enumerate(MAKES, 1):
        makes.append(node(f"make-{i}", "Make", name=name, country=rng.choice(MAKE_COUNTRIES),
                          founded_year=rng.randint(1921, 1998)))
    # models (every make gets at least three)
    words = MODEL_WORDS[:]
    rng.shuffle(words)
    models = []
    model_make = {}
    for i in range(COUNTS["VehicleModel"]):
        seg = rng.choice(SEGMENTS)
        base = {"economy": 38.0, "compact": 46.0, "suv": 71.0, "van": 84.0, "luxury": 129.0}[seg]
        mid = node(f"model-{i + 1}", "VehicleModel", name=f"{words[i]} {rng.choice(MODEL_TRIMS)}", segment=seg,
                   seats=rng.choice(SEATS[seg]), daily_rate=round(base + rng.uniform(-9, 25), 2),
                   electric=rng.random() < 0.3, model_code=_code(rng, "MC-", 5))
        models.append(mid)
        mk = makes[i % len(makes)] if i < 3 * len(makes) else rng.choice(makes)
        model_make[mid] = mk
        edge(mid, mk, "MANUFACTURED_BY")

    # branches
    branches = []
    for i, name in enumerate(BRANCHES, 1):
        branches.append(node(f"branch-{i}", "Branch", name=name, city=CITIES[(i * 3) % len(CITIES)],
                             opened_on=_date(rng, dt.date(1998, 1, 1), dt.date(2021, 12, 31)).isoformat(),
                             capacity=rng.randint(25, 180), airport=name in AIRPORT_BRANCHES,
                             branch_code=f"BR{100 + i * 7}"))

    # vehicles
    pairs = [(a, n) for a in VEHICLE_ADJ for n in VEHICLE_NOUN]
    rng.shuffle(pairs)
    vehicles = []
    vehicle_branch = {}
    for i in range(COUNTS["Vehicle"]):
        a, n = pairs[i]
        model = rng.choice(models)
        vid = node(f"vehicle-{i + 1}", "Vehicle", name=f"{a} {n}",
                   plate=f"{rng.choice('BDFGKLMNPRSTVWX')}{rng.choice('ABCDEFGHJKLMN')}{rng.randint(10, 99)} "
                         f"{_code(rng, '', 3)}",
                   mileage_km=rng.randint(3000, 148000),
                   acquired_on=_date(rng, dt.date(2018, 1, 1), dt.date(2024, 10, 31)).isoformat(),
                   status=rng.choices(STATUSES, [55, 30, 10, 5])[0], gps_fitted=rng.random() < 0.62,
                   fuel_level=round(rng.uniform(0.05, 1.0), 2))
        vehicles.append(vid)
        edge(vid, model, "OF_MODEL")
        br = rng.choice(branches)
        vehicle_branch[vid] = br
        edge(vid, br, "BASED_AT")

    # mechanics
    mechanics = []
    used_people: set[str] = set()

    def person_name() -> tuple[str, str]:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            if f + " " + last not in used_people:
                used_people.add(f + " " + last)
                return f, last

    for i in range(COUNTS["Mechanic"]):
        f, last = person_name()
        mid = node(f"mechanic-{i + 1}", "Mechanic", first_name=f, last_name=last, certification=rng.choice(CERTS),
                   years_experience=rng.randint(1, 34), hourly_rate=round(rng.uniform(31, 78), 2),
                   hired_on=_date(rng, dt.date(2005, 1, 1), dt.date(2024, 6, 30)).isoformat(),
                   on_call=rng.random() < 0.3, badge=_code(rng, "MX-", 4))
        mechanics.append(mid)
        edge(mid, rng.choice(branches), "WORKS_AT")
    serviced: set[tuple[str, str]] = set()
    while len(serviced) < 690:
        m, v = rng.choice(mechanics), rng.choice(vehicles)
        if (m, v) in serviced:
            continue
        serviced.add((m, v))
        edge(m, v, "SERVICED", service_date=_date(rng, dt.date(2023, 1, 1), dt.date(2025, 6, 30)).isoformat(),
             labour_hours=round(rng.uniform(0.5, 9.5), 1), parts_cost=round(rng.uniform(0, 640), 2),
             service_type=rng.choice(SERVICE_TYPES), under_warranty=rng.random() < 0.22)

    # customers
    customers = []
    for i in range(COUNTS["Customer"]):
        f, last = person_name()
        customers.append(node(
            f"customer-{i + 1}", "Customer", first_name=f, last_name=last, loyalty_tier=rng.choices(TIERS, TIER_W)[0],
            joined_on=_date(rng, dt.date(2015, 1, 1), dt.date(2025, 3, 31)).isoformat(),
            birth_year=rng.randint(1950, 2004), licence_verified=rng.random() < 0.85,
            satisfaction=round(rng.uniform(1.0, 5.0), 2), licence_no=_code(rng, "DL", 8)))
    for i, c in enumerate(customers):
        if i >= 15 and rng.random() < 0.36:
            j = rng.randrange(i) if rng.random() < 0.5 else rng.randrange(max(0, i - 60), i)
            edge(customers[j], c, "REFERRED",
                 referred_on=_date(rng, dt.date(2016, 1, 1), dt.date(2025, 3, 31)).isoformat(),
                 bonus_paid=rng.random() < 0.6)

    # corporate accounts
    corps = []
    for i, name in enumerate(CORPS, 1):
        corps.append(node(f"account-{i}", "CorporateAccount", name=name, industry=CORP_INDUSTRY[name],
                          contract_start=_date(rng, dt.date(2017, 1, 1), dt.date(2024, 12, 31)).isoformat(),
                          discount_pct=round(rng.uniform(4, 22), 1), employee_count=rng.randint(40, 9000),
                          active=rng.random() < 0.8, account_code=_code(rng, "CA-", 5)))
    for c in customers:
        if rng.random() < 0.26:
            edge(c, rng.choice(corps), "MEMBER_OF", role=rng.choices(ROLES, [75, 18, 7])[0])

    # policies
    policies = []
    for i, name in enumerate(POLICIES, 1):
        policies.append(node(f"policy-{i}", "InsurancePolicy", name=name, coverage_level=rng.choice(COVERAGE),
                             deductible=float(rng.choice([0, 150, 250, 500, 750, 1000, 1500])),
                             premium_per_day=round(rng.uniform(4, 32), 2), includes_glass=rng.random() < 0.45,
                             launched_on=_date(rng, dt.date(2012, 1, 1), dt.date(2024, 1, 1)).isoformat(),
                             policy_code=_code(rng, "IP-", 4)))
    premium = {p: g.nodes[p]["premium_per_day"] for p in policies}

    # rentals
    weights = [rng.choice([1, 1, 1, 2, 2, 3, 5]) for _ in customers]
    numbers = rng.sample(range(10000, 99999), COUNTS["Rental"] + COUNTS["DamageReport"])
    rentals = []
    for i in range(COUNTS["Rental"]):
        c = rng.choices(customers, weights)[0]
        v = rng.choice(vehicles)
        start = _date(rng, dt.date(2023, 1, 1), dt.date(2025, 6, 15))
        days = rng.choices(range(1, 22), [9, 10, 12, 10, 8, 7, 9, 4, 3, 3, 3, 2, 2, 5, 1, 1, 1, 1, 1, 1, 2])[0]
        rate = g.nodes[[n for _, n, d in g.out_edges(v, data=True) if d["label"] == "OF_MODEL"][0]]["daily_rate"]
        status = rng.choices(["completed", "cancelled", "active"], [84, 10, 6])[0]
        rid = node(f"rental-{i + 1}", "Rental", title=f"Agreement {numbers[i]}",
                   start_date=start.isoformat(), end_date=(start + dt.timedelta(days=days)).isoformat(), days=days,
                   total_charge=round(rate * days * rng.uniform(0.85, 1.1), 2) if status != "cancelled" else 0.0,
                   status=status, one_way=False, confirmation=_code(rng, "", 6))
        rentals.append(rid)
        edge(c, rid, "BOOKED", channel=rng.choices(CHANNELS, [45, 30, 10, 15])[0],
             booked_on=(start - dt.timedelta(days=rng.randint(0, 40))).isoformat(), prepaid=rng.random() < 0.4)
        edge(rid, v, "RENTED_VEHICLE", km_driven=rng.randint(15, 260) * days, fuel_refilled=rng.random() < 0.7)
        home = vehicle_branch[v]
        pick = home if rng.random() < 0.8 else rng.choice(branches)
        ret = pick if rng.random() < 0.85 else rng.choice([b for b in branches if b != pick])
        g.nodes[rid]["one_way"] = ret != pick
        edge(rid, pick, "PICKED_UP_AT")
        edge(rid, ret, "RETURNED_TO", late_minutes=rng.choice([0, 0, 0, 0, 5, 15, 30, 45, 90, 180]))
        if rng.random() < 0.64:
            p = rng.choice(policies)
            edge(rid, p, "COVERED_BY", daily_premium=round(premium[p] * rng.uniform(0.9, 1.1), 2))

    # damage reports
    done = [r for r in rentals if g.nodes[r]["status"] == "completed"]
    for i, r in enumerate(rng.sample(done, COUNTS["DamageReport"])):
        sev = rng.choices(SEVERITY, SEVERITY_W)[0]
        cost = {"minor": (60, 600), "moderate": (600, 2400), "severe": (2400, 9800)}[sev]
        node(f"damage-{i + 1}", "DamageReport", title=f"Damage Note {numbers[COUNTS['Rental'] + i]}",
             severity=sev, repair_cost=round(rng.uniform(*cost), 2), reported_on=g.nodes[r]["end_date"],
             police_report=sev == "severe" or rng.random() < 0.08, claim_ref=_code(rng, "CLM-", 6))
        edge(f"damage-{i + 1}", r, "REPORTED_FOR")
    _check_names(g)
    return g


def display_name(attrs: dict) -> str:
    if "first_name" in attrs:
        return f"{attrs['first_name']} {attrs['last_name']}"
    return str(attrs.get("name") or attrs.get("title"))


def _check_names(g: nx.MultiDiGraph) -> None:
    names = [display_name(d).lower() for _, d in g.nodes(data=True)]
    big = "\n".join(names)
    bad = [n for n in names if big.count(n) != 1]
    if bad:
        raise SystemExit(f"display names not unique / contained in another: {bad[:5]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    a = ap.parse_args(argv)
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(a.seed), out / "rental.graphml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
