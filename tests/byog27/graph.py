"""Deterministic generator for the byog27 insurance-claims property graph.

    python tests/byog27/graph.py OUT_DIR [--seed N]

writes OUT_DIR/insurance.graphml (networkx.write_graphml). Node type in the node attribute ``type``, edge type in
the edge attribute ``label``. Only the standard library's ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import random
import string
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 27
FILENAME = "insurance.graphml"

FIRST = [
    "Ava", "Liam", "Noah", "Emma", "Olivia", "Mateo", "Sofia", "Ethan", "Isla", "Caleb", "Priya", "Ravi", "Mei",
    "Hiro", "Yusuf", "Amara", "Tobias", "Greta", "Dmitri", "Ingrid", "Lucia", "Marco", "Nadia", "Omar", "Petra",
    "Quinn", "Rosa", "Soren", "Tamsin", "Ulla", "Viktor", "Wanda", "Xavier", "Yara", "Zane", "Beatrix", "Cyrus",
    "Delia", "Emeka", "Fiona", "Gideon", "Hana", "Imran", "Jolene", "Kofi", "Leona", "Magnus", "Nia", "Oskar",
    "Paloma", "Rufus", "Selma", "Thaddeus", "Uma", "Vera", "Wesley", "Ximena", "Yosef", "Zora", "Anders", "Bianca",
    "Corin", "Dalia", "Elias", "Farah", "Gunnar", "Helena", "Ivo", "Jasper", "Keiko", "Lorenzo", "Marisol",
    "Nikhil", "Odette", "Pavel", "Renata", "Stellan", "Teodora", "Valentin", "Wilhelmina",
]
LAST = [
    "Abernathy", "Baptiste", "Castellano", "Dunmore", "Eriksen", "Fairweather", "Galloway", "Hargrove", "Ibarra",
    "Jablonski", "Kowalczyk", "Lindqvist", "Mbeki", "Nakamura", "Okafor", "Pemberton", "Quintero", "Rasmussen",
    "Santoro", "Thornbury", "Uchida", "Valdivia", "Whitcombe", "Xiong", "Yamamoto", "Zelinski", "Achebe",
    "Bergstrom", "Chakraborty", "Delacroix", "Esposito", "Fitzgerald", "Grimaldi", "Halvorsen", "Iwasaki",
    "Jorgensen", "Kaminski", "Lockhart", "Moreau", "Novak", "Oyelaran", "Petrakis", "Quigley", "Rourke",
    "Sorensen", "Trevino", "Underhill", "Vasquez", "Wojcik", "Yilmaz", "Zamora", "Ashworth", "Blackwood",
    "Cardenas", "Drummond", "Ellington", "Ferreira", "Gustafsson", "Holloway", "Ishikawa", "Kessler", "Lachance",
    "Montague", "Nordin", "Ortega", "Prescott", "Rinaldi", "Sandoval", "Tolliver", "Vanterpool", "Whitaker",
    "Yates", "Zubiri", "Alvarado", "Brennan", "Carmichael", "Dimitrov", "Engstrom", "Falkner", "Gallagher",
    "Hendricks", "Ivanova", "Kilpatrick", "Lombardi", "Mistry", "Nyberg", "Oduya", "Pellegrini", "Radcliffe",
    "Stavros", "Takahashi", "Umberto", "Villanueva", "Wainwright", "Yardley", "Zimmerman", "Amundsen", "Beaumont",
]
BRANCHES = [
    ("Lakeside", "North"), ("Summit", "West"), ("Millbrook", "East"), ("Greystone", "Central"),
    ("Harborview", "East"), ("Pinecrest", "North"), ("Red Cedar", "South"), ("Foxhollow", "West"),
    ("Ironbridge", "Central"),
]
SHOP_HEADS = [
    "Anchor", "Precision", "Keystone", "Blue Ridge", "Copperline", "Old Mill", "Northstar", "Ironwood",
    "Silver Creek", "Main Street", "Crossroads", "Redline", "Tri-County", "Bayside", "Granite", "Falcon",
    "Evergreen", "Liberty", "Meridian", "Sunrise", "Timberline", "Cobblestone", "Westgate", "Lighthouse",
    "Prairie", "Quarry Hill", "Kingfisher", "Stonebridge", "Ridgeway", "Willowbend", "Hillside", "Oakmont",
    "Canyon", "Wildflower", "Beacon", "Heritage", "Clearwater", "Parkway", "Thunderbird", "Brookside",
]
SHOP_TAILS = ["Collision", "Auto Body", "Garage", "Body Works", "Auto Glass", "Paint & Body", "Motor Works"]
OPERATIONS = [
    "Lantern", "Thistle", "Bramble", "Driftwood", "Juniper", "Copperhead", "Nightjar", "Marigold", "Flint",
    "Saltmarsh", "Hawthorn", "Tinderbox", "Larkspur", "Windmill", "Quicksand", "Blackthorn", "Ember", "Glacier",
    "Hourglass", "Kestrel", "Moonstone", "Nettle", "Pebble", "Riverbend", "Scarecrow", "Tumbleweed", "Undertow",
    "Velvet", "Wishbone", "Yarrow", "Zephyr", "Bellwether", "Cinder", "Dovetail", "Foxglove",
]
STREETS = [
    "Maple", "Birch", "Willow", "Aspen", "Orchard", "Heron", "Sparrow", "Chestnut", "Magnolia", "Poplar",
    "Hemlock", "Laurel", "Sycamore", "Alder", "Cypress", "Dogwood", "Elmwood", "Primrose", "Tamarack", "Wren",
]
STREET_KINDS = ["Lane", "Court", "Road", "Avenue", "Drive", "Way", "Terrace", "Place"]
VEHICLE_MODELS = [
    ("Subaru", "Outback", "SUV"), ("Honda", "Civic", "sedan"), ("Toyota", "Camry", "sedan"),
    ("Ford", "F-150", "pickup"), ("Chevrolet", "Silverado", "pickup"), ("Mazda", "CX-5", "SUV"),
    ("Volkswagen", "Golf", "hatchback"), ("Kia", "Sorento", "SUV"), ("Hyundai", "Elantra", "sedan"),
    ("Chrysler", "Pacifica", "minivan"), ("Honda", "Odyssey", "minivan"), ("BMW", "M4", "coupe"),
    ("Nissan", "Leaf", "hatchback"), ("Tesla", "Model 3", "sedan"), ("Jeep", "Wrangler", "SUV"),
    ("Ram", "1500", "pickup"), ("Ford", "Mustang", "coupe"), ("Volvo", "XC90", "SUV"),
]
AUTO_PERILS = ["collision", "collision", "collision", "hail", "theft", "vandalism"]
PROPERTY_PERILS = ["water damage", "water damage", "fire", "windstorm", "hail", "theft"]


class Names:
    """Display names unique across the graph, none contained in another (case-insensitive)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def ok(self, name: str) -> bool:
        low = name.lower()
        if low in self.names:
            return False
        n = len(low)
        for i in range(n):
            for j in range(i + 1, n + 1):
                if (i, j) != (0, n) and low[i:j] in self.names:
                    return False
        return not any(low in other for other in self.names if len(other) > n)

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        self.names.add(name.lower())
        return True


def day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def code(rng: random.Random, n: int, alphabet: str = string.ascii_uppercase + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def person(kind: str) -> tuple[str, str]:
        while True:
            first, last = rng.choice(FIRST), rng.choice(LAST)
            if names.add(f"{first} {last}"):
                return first, last

    # ---- branches
    branches = []
    for i, (bname, region) in enumerate(BRANCHES, 1):
        names.add(bname)
        bid = f"branch-{i}"
        g.add_node(bid, type="Branch", name=bname, region=region, branch_code=f"BR-{i:02d}{code(rng, 2, 'XYZW')}",
                   opened_on=day(rng, date(1988, 1, 1), date(2016, 12, 31)).isoformat(),
                   staff_count=rng.randint(14, 90), flagship=(i in (2, 4)),
                   monthly_budget=round(rng.uniform(80_000, 420_000), 2))
        branches.append(bid)

    # ---- agents
    agents = []
    for i in range(1, 46):
        first, last = person("agent")
        aid = f"agent-{i}"
        g.add_node(aid, type="Agent", first_name=first, last_name=last,
                   license_number=f"LIC-{rng.randint(10000, 99999)}-{rng.choice(['NV', 'OR', 'WA', 'ID', 'UT'])}",
                   commission_rate=round(rng.uniform(0.04, 0.16), 4), tier=rng.choice(["bronze", "silver", "gold"]),
                   appointed_on=day(rng, date(2001, 1, 1), date(2022, 6, 30)).isoformat(),
                   captive=rng.random() < 0.6)
        agents.append(aid)
        g.add_edge(aid, rng.choice(branches), label="WORKS_AT")

    # ---- adjusters: 1 director -> 3 managers -> 10 team leads -> 46 staff adjusters
    adjusters = []
    for i in range(1, 61):
        first, last = person("adjuster")
        jid = f"adjuster-{i}"
        level = "director" if i == 1 else "manager" if i <= 4 else "lead" if i <= 14 else "staff"
        years = {"director": rng.randint(24, 34), "manager": rng.randint(15, 26), "lead": rng.randint(8, 18),
                 "staff": rng.randint(1, 12)}[level]
        g.add_node(jid, type="Adjuster", first_name=first, last_name=last,
                   employee_number=f"ADJ-{rng.randint(1000, 9999)}{code(rng, 1, 'ABCDEFGH')}",
                   years_experience=years, specialty=rng.choice(["auto", "auto", "property", "casualty"]),
                   field_based=rng.random() < 0.45, hourly_rate=round(rng.uniform(38, 96), 2),
                   hired_on=day(rng, date(1994, 1, 1), date(2023, 3, 31)).isoformat())
        g.add_edge(jid, rng.choice(branches), label="BASED_AT")
        adjusters.append(jid)
    managers, leads, staff = adjusters[1:4], adjusters[4:14], adjusters[14:]
    for m in managers:
        g.add_edge(adjusters[0], m, label="SUPERVISES", since=day(rng, date(2012, 1, 1), date(2020, 1, 1)).isoformat())
    for k, lead in enumerate(leads):
        g.add_edge(managers[k % 3], lead, label="SUPERVISES",
                   since=day(rng, date(2014, 1, 1), date(2022, 1, 1)).isoformat())
    for k, s in enumerate(staff):
        boss = leads[k % 10] if k < 40 else rng.choice(leads)
        g.add_edge(boss, s, label="SUPERVISES", since=day(rng, date(2016, 1, 1), date(2024, 1, 1)).isoformat())

    # ---- repair shops
    shops = []
    heads = SHOP_HEADS[:]
    rng.shuffle(heads)
    for i, head in enumerate(heads, 1):
        tails = SHOP_TAILS[:]
        rng.shuffle(tails)
        sname = next(f"{head} {t}" for t in tails if names.ok(f"{head} {t}"))
        names.add(sname)
        sid = f"shop-{i}"
        specialty = "glass" if "Glass" in sname else rng.choice(["collision", "collision", "paint", "mechanical"])
        g.add_node(sid, type="RepairShop", name=sname, specialty=specialty,
                   rating=round(rng.uniform(2.8, 4.99), 2), bays=rng.randint(3, 24), certified=rng.random() < 0.55,
                   shop_license=f"RS-{code(rng, 4, string.digits)}-{code(rng, 2, string.ascii_uppercase)}",
                   opened_on=day(rng, date(1975, 1, 1), date(2019, 12, 31)).isoformat())
        shops.append(sid)
        for b in rng.sample(branches, rng.choice([1, 1, 2, 2, 3])):
            g.add_edge(sid, b, label="PARTNERS_WITH", tier=rng.choice(["preferred", "standard", "standard"]),
                       since=day(rng, date(2008, 1, 1), date(2023, 12, 31)).isoformat())

    # ---- policyholders
    holders = []
    for i in range(1, 701):
        first, last = person("holder")
        hid = f"policyholder-{i}"
        g.add_node(hid, type="Policyholder", first_name=first, last_name=last,
                   customer_code=f"PH-{code(rng, 5)}",
                   date_of_birth=day(rng, date(1941, 1, 1), date(2004, 12, 31)).isoformat(),
                   credit_score=rng.randint(520, 845), loyalty_years=rng.randint(0, 30),
                   risk_tier=rng.choice(["preferred", "standard", "standard", "high risk"]),
                   paperless=rng.random() < 0.5)
        holders.append(hid)

    # ---- policies, with the vehicles / properties they cover
    policies: list[str] = []
    owner = holders[:] + [rng.choice(holders) for _ in range(200)]
    rng.shuffle(owner)
    used_numbers: set[int] = set()
    vehicles: list[str] = []
    properties: list[str] = []
    line_of: dict[str, str] = {}
    for i, hid in enumerate(owner, 1):
        num = rng.randint(100000, 999999)
        while num in used_numbers:
            num = rng.randint(100000, 999999)
        used_numbers.add(num)
        pname = f"POL-{num}"
        names.add(pname)
        pid = f"policy-{i}"
        line = rng.choice(["auto", "auto", "auto", "auto", "auto", "home", "home", "home", "landlord", "umbrella"])
        line_of[pid] = line
        effective = day(rng, date(2018, 1, 1), date(2024, 6, 30))
        base = {"auto": 1400, "home": 1900, "landlord": 2600, "umbrella": 450}[line]
        g.add_node(pid, type="Policy", name=pname, line=line, annual_premium=round(base * rng.uniform(0.55, 1.9), 2),
                   deductible=rng.choice([250, 500, 500, 1000, 1000, 2500]), effective_date=effective.isoformat(),
                   auto_renew=rng.random() < 0.7, payment_plan=rng.choice(["monthly", "monthly", "quarterly",
                                                                           "annual"]))
        policies.append(pid)
        g.add_edge(hid, pid, label="HOLDS")
        agent = rng.choice(agents)
        g.add_edge(pid, agent, label="SOLD_BY",
                   commission_amount=round(g.nodes[pid]["annual_premium"] * g.nodes[agent]["commission_rate"], 2),
                   sold_on=(effective - timedelta(days=rng.randint(1, 40))).isoformat(),
                   channel=rng.choice(["phone", "in person", "in person", "online"]))
        if line == "auto":
            for _ in range(rng.choice([1, 1, 1, 2])):
                while True:
                    make, model, body = rng.choice(VEHICLE_MODELS)
                    plate = code(rng, 3, string.digits) + code(rng, 3, "ABCDEFGHJKLMNPRSTUVWXYZ")
                    vname = f"{make} {model} {plate}"
                    if names.add(vname):
                        break
                vid = f"vehicle-{len(vehicles) + 1}"
                year = rng.randint(2006, 2024)
                g.add_node(vid, type="Vehicle", name=vname, vin=code(rng, 17, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"),
                           model_year=year, body_style=body,
                           market_value=round(max(2500.0, rng.uniform(18000, 62000) * (0.93 ** (2024 - year))), 2),
                           anti_theft=rng.random() < 0.5)
                vehicles.append(vid)
                g.add_edge(pid, vid, label="COVERS")
        elif line in ("home", "landlord"):
            while True:
                addr = f"{rng.randint(10, 9899)} {rng.choice(STREETS)} {rng.choice(STREET_KINDS)}"
                if names.add(addr):
                    break
            prid = f"property-{len(properties) + 1}"
            sqft = rng.randint(650, 4800)
            g.add_node(prid, type="Property", name=addr, year_built=rng.randint(1902, 2022), square_feet=sqft,
                       construction=rng.choice(["wood frame", "wood frame", "masonry", "steel frame"]),
                       has_sprinklers=rng.random() < 0.3, replacement_cost=round(sqft * rng.uniform(140, 310), 2),
                       parcel_id=f"{rng.randint(100, 999)}-{rng.randint(10, 99)}-{code(rng, 4, string.digits)}")
            properties.append(prid)
            g.add_edge(pid, prid, label="COVERS")

    # ---- claims
    claimable = [p for p in policies if line_of[p] != "umbrella"] + [p for p in policies if line_of[p] == "umbrella"][:8]
    used_claims: set[int] = set()
    claims = []
    auto_adj = [a for a in adjusters[4:] if g.nodes[a]["specialty"] in ("auto", "casualty")]
    prop_adj = [a for a in adjusters[4:] if g.nodes[a]["specialty"] in ("property", "casualty")]
    for i in range(1, 701):
        pid = rng.choice(claimable)
        num = rng.randint(10000, 99999)
        while num in used_claims:
            num = rng.randint(10000, 99999)
        used_claims.add(num)
        cname = f"CLM-{num}"
        names.add(cname)
        cid = f"claim-{i}"
        line = line_of[pid]
        peril = rng.choice(AUTO_PERILS if line == "auto" else PROPERTY_PERILS if line != "umbrella" else ["liability"])
        eff = date.fromisoformat(g.nodes[pid]["effective_date"])
        loss = day(rng, eff, date(2025, 3, 31))
        severity = rng.choices([1, 2, 3, 4, 5], weights=[30, 30, 20, 12, 8])[0]
        amount = round(rng.uniform(600, 4000) * severity * (1.8 if line != "auto" else 1.0), 2)
        total_loss = severity == 5 and rng.random() < 0.5
        g.add_node(cid, type="Claim", name=cname, peril=peril, loss_date=loss.isoformat(),
                   reported_date=(loss + timedelta(days=rng.randint(0, 21))).isoformat(), claimed_amount=amount,
                   severity=severity, total_loss=total_loss,
                   status=rng.choice(["open", "closed", "closed", "closed", "denied", "reopened"]))
        claims.append(cid)
        g.add_edge(cid, pid, label="FILED_UNDER")
        pool = auto_adj if line == "auto" else prop_adj
        team = rng.sample(pool, 2)
        assigned = date.fromisoformat(g.nodes[cid]["reported_date"]) + timedelta(days=rng.randint(0, 5))
        g.add_edge(cid, team[0], label="ASSIGNED_TO", role="lead", assigned_on=assigned.isoformat(),
                   hours_logged=round(rng.uniform(1.5, 12) * severity, 1), reinspection=rng.random() < 0.15)
        if rng.random() < 0.3:
            g.add_edge(cid, team[1], label="ASSIGNED_TO", role="support",
                       assigned_on=(assigned + timedelta(days=rng.randint(1, 20))).isoformat(),
                       hours_logged=round(rng.uniform(0.5, 6) * severity, 1), reinspection=rng.random() < 0.1)
        if line == "auto" and peril != "theft" and not total_loss and rng.random() < 0.85:
            shop = rng.choice(shops)
            g.add_edge(cid, shop, label="REPAIRED_AT", invoice_amount=round(amount * rng.uniform(0.55, 0.98), 2),
                       days_in_shop=rng.randint(2, 34), oem_parts=rng.random() < 0.55)

    # ---- fraud investigations
    ops = OPERATIONS[:]
    rng.shuffle(ops)
    leaders = adjusters[1:14] + rng.sample(staff, 6)
    for i, op in enumerate(ops, 1):
        title = f"Operation {op}"
        names.add(title)
        fid = f"investigation-{i}"
        g.add_node(fid, type="FraudInvestigation", title=title, case_number=f"SIU-{rng.randint(2019, 2024)}-{i:04d}",
                   opened_on=day(rng, date(2019, 1, 1), date(2025, 2, 28)).isoformat(),
                   outcome=rng.choice(["substantiated", "unfounded", "pending", "pending"]),
                   estimated_exposure=round(rng.uniform(5_000, 240_000), 2), referred_to_police=rng.random() < 0.35,
                   priority=rng.choice([1, 2, 2, 3]))
        g.add_edge(fid, rng.choice(leaders), label="LED_BY")
        for c in rng.sample(claims, rng.choice([1, 2, 2, 3, 4])):
            g.add_edge(fid, c, label="EXAMINES",
                       flagged_reason=rng.choice(["staged accident", "inflated estimate", "prior damage",
                                                  "duplicate billing"]))
    return g


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / FILENAME)


if __name__ == "__main__":
    main()
