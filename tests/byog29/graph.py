"""Deterministic maritime-shipping property graph for the byog29 hold-out set.

Usage: python tests/byog29/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/shipping.graphml

Node type = first label of the APOC-style ``labels`` attribute (":CrewMember:Officer" is a CrewMember);
edge type = the edge attribute ``label``. Stdlib random plus networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

import networkx as nx

OPERATORS = [
    "Patience Shipping", "Halvorsen Line", "Bluewater Maritime", "Meridian Bulk", "Saltmarsh Carriers",
    "Ironbridge Shipping", "Oriel Tankers", "Cardinal Freight Lines", "Northgate Ocean Transport",
    "Sundial Marine", "Harbourlight Logistics", "Westfall Navigation",
]
PORTS = [  # name, UN/LOCODE, country, region
    ("Rotterdam", "NLRTM", "Netherlands", "Europe"), ("Antwerp", "BEANR", "Belgium", "Europe"),
    ("Hamburg", "DEHAM", "Germany", "Europe"), ("Felixstowe", "GBFXT", "United Kingdom", "Europe"),
    ("Le Havre", "FRLEH", "France", "Europe"), ("Algeciras", "ESALG", "Spain", "Europe"),
    ("Piraeus", "GRPIR", "Greece", "Europe"), ("Genoa", "ITGOA", "Italy", "Europe"),
    ("Valencia", "ESVLC", "Spain", "Europe"), ("Gdansk", "PLGDN", "Poland", "Europe"),
    ("Singapore", "SGSIN", "Singapore", "Asia"), ("Busan", "KRPUS", "South Korea", "Asia"),
    ("Shanghai", "CNSHA", "China", "Asia"), ("Ningbo", "CNNGB", "China", "Asia"),
    ("Yokohama", "JPYOK", "Japan", "Asia"), ("Kaohsiung", "TWKHH", "Taiwan", "Asia"),
    ("Port Klang", "MYPKG", "Malaysia", "Asia"), ("Laem Chabang", "THLCH", "Thailand", "Asia"),
    ("Colombo", "LKCMB", "Sri Lanka", "Asia"), ("Chittagong", "BDCGP", "Bangladesh", "Asia"),
    ("Jebel Ali", "AEJEA", "United Arab Emirates", "Middle East"), ("Salalah", "OMSLL", "Oman", "Middle East"),
    ("Dammam", "SADMM", "Saudi Arabia", "Middle East"), ("Mombasa", "KEMBA", "Kenya", "Africa"),
    ("Durban", "ZADUR", "South Africa", "Africa"), ("Tema", "GHTEM", "Ghana", "Africa"),
    ("Lagos", "NGLOS", "Nigeria", "Africa"), ("Santos", "BRSSZ", "Brazil", "Americas"),
    ("Buenos Aires", "ARBUE", "Argentina", "Americas"), ("Cartagena", "COCTG", "Colombia", "Americas"),
    ("Manzanillo", "MXZLO", "Mexico", "Americas"), ("Long Beach", "USLGB", "United States", "Americas"),
    ("Oakland", "USOAK", "United States", "Americas"), ("Savannah", "USSAV", "United States", "Americas"),
    ("Houston", "USHOU", "United States", "Americas"), ("Halifax", "CAHAL", "Canada", "Americas"),
    ("Melbourne", "AUMEL", "Australia", "Oceania"), ("Brisbane", "AUBNE", "Australia", "Oceania"),
    ("Auckland", "NZAKL", "New Zealand", "Oceania"), ("Tauranga", "NZTRG", "New Zealand", "Oceania"),
]
VESSEL_A = ["Nordic", "Atlantic", "Pacific", "Baltic", "Aegean", "Coral", "Arctic", "Caspian", "Adriatic", "Ionian",
            "Tasman", "Biscay"]
VESSEL_B = ["Harmony", "Pioneer", "Spirit", "Voyager", "Crest", "Guardian", "Endeavour", "Star", "Dawn", "Resolve",
            "Horizon", "Breeze"]
VESSEL_CLASSES = ["Container Ship", "Bulk Carrier", "Tanker", "Reefer", "Ro-Ro"]
FLAGS = ["Panama", "Liberia", "Marshall Islands", "Malta", "Norway", "Bahamas", "Greece", "Cyprus"]
CUST_A = ["Granite", "Maple", "Silver", "Cedar", "Willow", "Falcon", "Summit", "Prairie", "Redwood", "Bluebell",
          "Ivory", "Juniper", "Meadow", "Thistle", "Heather", "Sable", "Copperfield", "Larkspur", "Foxglove", "Clover"]
CUST_B = ["Valley", "Ridge", "Creek", "Field", "Brook", "Hollow", "Grove", "Point", "Glen", "Stone"]
CUST_C = ["Foods", "Metals", "Textiles", "Chemicals", "Timber", "Motors", "Electronics", "Grain", "Paper", "Pharma"]
SEGMENTS = ["Retail", "Industrial", "Agriculture", "Automotive", "Energy"]
VOY_A = ["Amber", "Crimson", "Silent", "Golden", "Misty", "Quiet", "Bright", "Swift", "Velvet", "Scarlet", "Frosted",
         "Distant", "Gentle", "Rustic", "Lunar", "Solar", "Wild", "Pale", "Deep", "Emerald", "Sapphire", "Azure",
         "Ashen", "Rapid", "Hidden"]
VOY_B = ["Heron", "Gull", "Petrel", "Albatross", "Cormorant", "Puffin", "Kittiwake", "Shearwater", "Osprey", "Plover",
         "Curlew", "Sandpiper", "Egret", "Pelican", "Skua", "Fulmar", "Auk", "Grebe", "Kingfisher"]
SHIP_A = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo",
          "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango", "Uniform", "Victor", "Whiskey",
          "Xray", "Yankee", "Zulu"]
SHIP_B = ["Birch", "Aspen", "Alder", "Elm", "Hazel", "Rowan", "Poplar", "Spruce", "Larch", "Hemlock", "Cypress",
          "Sycamore", "Linden", "Beech", "Hornbeam", "Chestnut", "Walnut", "Magnolia", "Acacia", "Baobab", "Mahogany",
          "Teak", "Sequoia", "Tamarind", "Laurel", "Myrtle", "Yew", "Juniperwood", "Banyan", "Pine"]
COMMODITIES = ["Coffee", "Copper Cathodes", "Steel Coils", "Wheat", "Sawn Timber", "Consumer Electronics",
               "Auto Parts", "Fertilizer", "Cotton Yarn", "Frozen Fish", "Crude Palm Oil", "Furniture"]
BOX_A = ["Quartz", "Basalt", "Feldspar", "Garnet", "Jasper", "Obsidian", "Onyx", "Opal", "Agate", "Beryl", "Flint",
         "Gypsum", "Mica", "Pumice", "Slate", "Topaz", "Zircon", "Marble", "Shale", "Granodiorite"]
BOX_B = ["Orion", "Vega", "Sirius", "Lyra", "Rigel", "Altair", "Deneb", "Polaris", "Castor", "Pollux", "Antares",
         "Capella", "Spica", "Mira", "Electra", "Atlas", "Draco", "Cygnus", "Perseus", "Auriga"]
BOX_SIZES = ["20ft", "40ft", "40ft High Cube"]
INSP_A = ["Gale", "Squall", "Drizzle", "Monsoon", "Typhoon", "Zephyr", "Mistral", "Sirocco", "Chinook", "Bora",
          "Foehn", "Haboob", "Levanter", "Tramontane", "Khamsin", "Harmattan"]
INSP_B = ["Keel", "Mast", "Rudder", "Bilge", "Hatch", "Capstan", "Bowsprit", "Davit", "Hawser", "Winch", "Bollard",
          "Transom", "Gunwale", "Scupper", "Ballast"]
INSP_TYPES = ["Port State Control", "Flag State", "Vetting", "Class Survey"]
FIRST = ["Ana", "Bruno", "Chen", "Dmitri", "Elena", "Farah", "Goran", "Hiro", "Ingrid", "Jonas", "Kofi", "Leila",
         "Mateo", "Nadia", "Olu", "Priya", "Quentin", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wei", "Ximena",
         "Yusuf", "Zara", "Andrei", "Bea", "Carlos", "Dara", "Emil", "Fatima", "Gustav", "Hana", "Ivan", "Jia",
         "Karim", "Lars", "Mei", "Nikolai", "Pedro", "Rafael", "Sofia", "Tomas", "Ulla", "Vera", "Willem", "Yara",
         "Grace", "Hope"]
LAST = ["Andersen", "Baptiste", "Castillo", "Dimitrov", "Eriksen", "Fonseca", "Gallagher", "Haddad", "Ibrahim",
        "Jansen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quispe", "Rahman", "Tanaka",
        "Udeh", "Varga", "Xu", "Yilmaz", "Zielinski", "Abbott", "Brennan", "Cruz", "Delgado", "Evans", "Fischer",
        "Garcia", "Horvat", "Iqbal", "Jovanovic", "Kim", "Laine", "Mensah", "Novak", "Olsen", "Park", "Reyes",
        "Silva", "Torres", "Usman", "Vance", "Walsh", "Young", "Baker", "Marsh", "Fletcher"]
NATIONALITIES = ["Filipino", "Indian", "Ukrainian", "Polish", "Greek", "Norwegian", "Indonesian", "Nigerian"]
OFFICER_RANKS = {"Master", "Chief Officer", "Chief Engineer", "Second Officer"}
EXTRA_RANKS = ["Able Seaman", "Able Seaman", "Oiler", "Cook"]

START = dt.date(2022, 1, 1)


def _date(rng: random.Random, lo: dt.date, span_days: int) -> dt.date:
    return lo + dt.timedelta(days=rng.randrange(span_days))


def _names(rng: random.Random, a: list[str], b: list[str], suffix: str, n: int) -> list[str]:
    combos = [f"{x} {y} {suffix}".strip() for x in a for y in b]
    rng.shuffle(combos)
    return combos[:n]


def _code(rng: random.Random, letters: str, digits: int) -> str:
    return letters + "".join(rng.choice("0123456789") for _ in range(digits))


def build(seed: int = 29) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    used_codes: set[str] = set()

    def code(letters: str, digits: int) -> str:
        while True:
            c = _code(rng, letters, digits)
            if c not in used_codes:
                used_codes.add(c)
                return c

    def edge(u: str, v: str, label: str, **attrs) -> None:
        if g.has_edge(u, v):
            raise RuntimeError(f"parallel edge {u} -> {v}")
        g.add_edge(u, v, label=label, **attrs)

    # ports
    port_ids = []
    for i, (name, loc, country, region) in enumerate(PORTS, 1):
        pid = f"port-{i}"
        port_ids.append(pid)
        g.add_node(pid, labels=":Port", name=name, unlocode=loc, country=country, region=region,
                   berths=rng.randint(6, 120), max_draft_m=round(rng.uniform(11.0, 23.5), 2),
                   free_trade_zone=rng.random() < 0.35)
    # operators
    op_ids = []
    models = ["Family", "Listed", "State-owned", "Private Equity"]
    for i, name in enumerate(OPERATORS, 1):
        oid = f"operator-{i}"
        op_ids.append(oid)
        model = rng.choice(models)
        g.add_node(oid, labels=":Shipowner", name=name, founded_year=rng.randint(1890, 2015),
                   ownership=model, publicly_listed=model == "Listed", lei_code=code("5493", 12),
                   esg_rating=round(rng.uniform(2.0, 9.8), 1))
        edge(oid, rng.choice(port_ids), "HEADQUARTERED_IN")
    # vessels (operator fleets skewed)
    vessel_ids = []
    op_weights = [rng.uniform(0.3, 3.0) for _ in op_ids]
    for i, name in enumerate(_names(rng, VESSEL_A, VESSEL_B, "", 60), 1):
        vid = f"vessel-{i}"
        vessel_ids.append(vid)
        cls = rng.choice(VESSEL_CLASSES)
        built = rng.randint(1996, 2023)
        g.add_node(vid, labels=":Vessel", name=name, imo_number=code("IMO9", 6), vessel_class=cls,
                   flag=rng.choice(FLAGS), gross_tonnage=rng.randint(8000, 220000), year_built=built,
                   service_speed_knots=round(rng.uniform(12.0, 24.5), 1), ice_class=rng.random() < 0.2,
                   delivered_on=_date(rng, dt.date(built, 1, 1), 365).isoformat())
        op = rng.choices(op_ids, weights=op_weights)[0]
        edge(vid, op, "OWNED_BY", acquired_on=_date(rng, dt.date(2005, 1, 1), 365 * 17).isoformat(),
             share_pct=round(rng.choice([100.0, 100.0, 100.0, 51.0, 75.5, 60.0]), 1))
        edge(vid, rng.choice(port_ids), "REGISTERED_AT")
    # containers
    box_ids = []
    for i, name in enumerate(_names(rng, BOX_A, BOX_B, "Box", 300), 1):
        bid = f"container-{i}"
        box_ids.append(bid)
        size = rng.choice(BOX_SIZES)
        g.add_node(bid, labels=":Container", name=name, container_number=code("MSKU", 7), size=size,
                   refrigerated=rng.random() < 0.25, tare_kg=rng.randint(2100, 4300),
                   max_payload_t=round(rng.uniform(21.0, 30.5), 2),
                   last_survey=_date(rng, dt.date(2021, 1, 1), 365 * 4).isoformat())
    # customers
    cust_ids = []
    combos = [f"{a} {b} {c}" for a in CUST_A for b in CUST_B for c in CUST_C]
    rng.shuffle(combos)
    for i, name in enumerate(combos[:80], 1):
        cid = f"customer-{i}"
        cust_ids.append(cid)
        g.add_node(cid, labels=":Customer", name=name, account_code=code("SHP", 5), segment=rng.choice(SEGMENTS),
                   credit_limit_usd=round(rng.uniform(50000, 2500000), 2), key_account=rng.random() < 0.3,
                   onboarded=_date(rng, dt.date(2010, 1, 1), 365 * 12).isoformat())
    # voyages
    voyage_ids = []
    vessel_weights = [rng.uniform(0.3, 3.0) for _ in vessel_ids]
    for i, name in enumerate(_names(rng, VOY_A, VOY_B, "Passage", 300), 1):
        yid = f"voyage-{i}"
        voyage_ids.append(yid)
        dep = _date(rng, START, 365 * 3)
        days = rng.randint(4, 38)
        g.add_node(yid, labels=":Voyage", title=name, voyage_code=code("VY", 6), departure_date=dep.isoformat(),
                   distance_nm=rng.randint(400, 12500), fuel_tonnes=round(rng.uniform(80, 2600), 1),
                   status=rng.choice(["Completed", "Completed", "Completed", "Underway"]))
        edge(yid, rng.choices(vessel_ids, weights=vessel_weights)[0], "PERFORMED_BY")
        a, b = rng.sample(port_ids, 2)
        edge(yid, a, "DEPARTS_FROM")
        delay = rng.choice([0, 0, 0, 2, 5, 8, 12, 18, 26, 40, 55, 72])
        edge(yid, b, "ARRIVES_AT", arrival_date=(dep + dt.timedelta(days=days)).isoformat(), delay_hours=delay,
             on_time=delay <= 12, berth_type=rng.choice(["Quay", "Quay", "Anchorage", "Buoy"]))
    # shipments
    cust_weights = [rng.uniform(0.2, 3.0) for _ in cust_ids]
    for i, name in enumerate(_names(rng, SHIP_A, SHIP_B, "Consignment", 700), 1):
        sid = f"shipment-{i}"
        g.add_node(sid, labels=":Shipment", title=name, bill_of_lading=code("BL", 8),
                   commodity=rng.choice(COMMODITIES), hazardous=rng.random() < 0.15, pieces=rng.randint(1, 400),
                   declared_value_usd=round(rng.uniform(5000, 900000), 2),
                   booked_on=_date(rng, START, 365 * 3).isoformat())
        edge(sid, rng.choice(voyage_ids), "CARRIED_ON", freight_usd=round(rng.uniform(800, 48000), 2),
             weight_tonnes=round(rng.uniform(0.5, 28.0), 2), stowage=rng.choice(["Hold", "Hold", "Deck"]))
        edge(sid, rng.choices(cust_ids, weights=cust_weights)[0], "BOOKED_BY")
        edge(sid, rng.choice(box_ids), "PACKED_IN")
    # crew
    people = [(f, s) for f in FIRST for s in LAST]
    rng.shuffle(people)
    ranks: list[tuple[str, str]] = []  # (vessel, rank)
    for v in vessel_ids:
        ranks += [(v, r) for r in ("Master", "Chief Officer", "Chief Engineer", "Second Officer", "Bosun")]
    while len(ranks) < 500:
        ranks.append((rng.choice(vessel_ids), rng.choice(EXTRA_RANKS)))
    by_vessel: dict[str, dict[str, list[str]]] = {}
    for i, ((first, last), (v, rank)) in enumerate(zip(people, ranks, strict=False), 1):
        pid = f"crew-{i}"
        labels = ":CrewMember:Officer" if rank in OFFICER_RANKS else ":CrewMember"
        g.add_node(pid, labels=labels, first_name=first, last_name=last, nationality=rng.choice(NATIONALITIES),
                   born=_date(rng, dt.date(1960, 1, 1), 365 * 42).isoformat(), years_at_sea=rng.randint(1, 38),
                   stcw_certified=rng.random() < 0.85, seaman_book=code("SB", 7),
                   daily_wage_usd=round(rng.uniform(45, 620), 2))
        edge(pid, v, "SERVES_ON", rank=rank, signed_on=_date(rng, dt.date(2021, 6, 1), 365 * 3).isoformat(),
             contract_months=rng.choice([4, 6, 6, 9, 12]))
        by_vessel.setdefault(v, {}).setdefault(rank, []).append(pid)
    for _v, crew in by_vessel.items():
        master, co, ce = crew["Master"][0], crew["Chief Officer"][0], crew["Chief Engineer"][0]
        second, bosun = crew["Second Officer"][0], crew["Bosun"][0]
        edge(master, co, "SUPERVISES")
        edge(master, ce, "SUPERVISES")
        edge(co, second, "SUPERVISES")
        edge(co, bosun, "SUPERVISES")
        for p in crew.get("Able Seaman", []) + crew.get("Cook", []):
            edge(bosun, p, "SUPERVISES")
        for p in crew.get("Oiler", []):
            edge(ce, p, "SUPERVISES")
    # inspections
    for i, name in enumerate(_names(rng, INSP_A, INSP_B, "Survey", 200), 1):
        iid = f"inspection-{i}"
        g.add_node(iid, labels=":Inspection", title=name, reference=code("PSC", 6),
                   inspection_type=rng.choice(INSP_TYPES), inspected_on=_date(rng, START, 365 * 3).isoformat(),
                   inspector_count=rng.randint(1, 4))
        deficiencies = rng.choice([0, 0, 1, 2, 3, 4, 5, 7, 9, 12])
        edge(iid, rng.choice(vessel_ids), "INSPECTS", deficiencies=deficiencies,
             detained=deficiencies >= 7 and rng.random() < 0.6)
        edge(iid, rng.choice(port_ids), "HELD_AT")
    _check_names(g)
    return g


def display_name(data: dict) -> str:
    if "first_name" in data:
        return f"{data['first_name']} {data['last_name']}"
    return data.get("name") or data["title"]


def _check_names(g: nx.DiGraph) -> None:
    names = [display_name(d).lower() for _, d in g.nodes(data=True)]
    known = set(names)
    if len(known) != len(names):
        raise RuntimeError("display names are not unique")
    for n in names:
        toks = n.split()
        for i in range(len(toks)):
            for j in range(i + 1, len(toks) + 1):
                if (j - i) < len(toks) and " ".join(toks[i:j]) in known:
                    raise RuntimeError(f"a name inside another name: {' '.join(toks[i:j])!r} in {n!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=29)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / "shipping.graphml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
