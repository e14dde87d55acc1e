"""Deterministic generator for the byog54 airport ground-handling and cargo graph (Neo4j admin-import CSV).

Usage: python tests/byog54/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/cargo_csv/*.csv

Every node file has an ``<x>Id:ID(<Group>)`` column with ids 1..n per group (ids repeat across groups), a
``:LABEL`` column and typed headers; every relationship file has ``:START_ID(<Group>)``, ``:END_ID(<Group>)``,
``:TYPE`` and typed property columns.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
from pathlib import Path

import networkx as nx

BASE = dt.date(2024, 1, 1)

AIRLINE_WORDS = [
    "Kestrel", "Meridian", "Aurora", "Sable", "Harbinger", "Zenith", "Corvid", "Solstice", "Tamarind", "Halcyon",
    "Marlin", "Borealis", "Caspian", "Juniper", "Osprey", "Sirocco", "Vantage", "Pelican", "Equinox", "Monsoon",
    "Saffron", "Tundra", "Obsidian", "Lagoon", "Cobalt", "Albatross", "Quill", "Sequoia", "Nimbus", "Falconet",
    "Amberline", "Rook",
]
AIRLINE_SUFFIX = ["Airways", "Air Cargo", "Airlines", "Aviation", "Skyfreight", "Air Lift"]
ALLIANCES = ["SkyBridge", "Cargo One", "Polar Link", "independent"]
AIRCRAFT = ["B777F", "B747-8F", "A330-200F", "B767-300F", "A350F", "B737-800BCF"]
COMMODITIES = ["perishables", "pharmaceuticals", "electronics", "machinery", "textiles", "live animals",
               "automotive parts", "mail", "general cargo"]
FIRST = ["Amara", "Bruno", "Celia", "Dmitri", "Elena", "Farid", "Greta", "Hamish", "Ines", "Jonas", "Keiko", "Lars",
         "Marisol", "Nikhil", "Odette", "Pavel", "Quentin", "Rosalind", "Soren", "Talia", "Umberto", "Vesna",
         "Wendell", "Ximena", "Yusuf", "Zofia", "Anders", "Beatriz", "Cormac", "Delphine", "Emeka", "Fiona",
         "Gustavo", "Hana", "Ignacio", "Jasmin", "Kofi", "Leona", "Mateo", "Nadia", "Orla", "Priya", "Rafael",
         "Sunniva", "Tobias", "Ulrike", "Viktor", "Wilhelmina", "Yara", "Zoltan"]
LAST = ["Abernathy", "Bergstrom", "Castellanos", "Delacroix", "Eriksen", "Fitzgerald", "Gallagher", "Hadley",
        "Iwasaki", "Jovanovic", "Kowalczyk", "Lindqvist", "Mbeki", "Nakamura", "Okonkwo", "Petrov", "Quiroga",
        "Rasmussen", "Szabo", "Thorne", "Underhill", "Varga", "Whitlock", "Yamamoto", "Zeller", "Ashcombe",
        "Brannigan", "Cavanagh", "Drummond", "Ellsworth", "Fairbanks", "Grimaldi", "Holloway", "Ingram",
        "Kaczmarek", "Lockhart", "Montague", "Novak", "Oyelaran", "Pendleton", "Radcliffe", "Sorensen",
        "Trevino", "Vasquez", "Wainwright", "Albrecht", "Bianchi", "Crowther", "Duarte", "Everly"]
SHIFTS = ["early", "day", "late", "night"]
EQUIP_KINDS = ["tug", "loader", "dolly", "forklift", "belt loader"]
EQUIP_WORDS = [
    "Badger", "Heron", "Pebble", "Thistle", "Anvil", "Bramble", "Comet", "Dune", "Ember", "Fjord", "Granite",
    "Hazel", "Iris", "Jasper", "Kettle", "Lantern", "Magpie", "Nettle", "Otter", "Pilgrim", "Quartz", "Raven",
    "Spruce", "Tinker", "Umber", "Vixen", "Walrus", "Yarrow", "Zephyr", "Acorn", "Beacon", "Cinder", "Dapple",
    "Falcon", "Gorse", "Hickory", "Ironwood", "Juggernaut", "Kingfisher", "Larch", "Mustang", "Nomad", "Oakley",
    "Puffin", "Rampart", "Sparrow", "Tempest", "Urchin", "Voyager", "Wombat", "Yeti", "Bison", "Cricket",
    "Drifter", "Ferret", "Gannet", "Harrier", "Ibex", "Jackal", "Koala", "Lynx", "Marmot", "Newt", "Ocelot",
    "Plover", "Robin", "Stoat", "Tortoise", "Vole", "Wren", "Bobcat", "Condor", "Dingo", "Egret", "Finch",
]
COMPANY_A = ["Northwind", "Blue Anchor", "Pinecrest", "Silver Fern", "Redwood", "Harbor Lane", "Golden Gate",
             "Orchard Hill", "Ironbridge", "Copperleaf", "Stonebrook", "Maplewood", "Clearwater", "Highmoor",
             "Brightwater", "Oak Hollow", "Riverside", "Summit Peak", "Westmarch", "Eastgate", "Foxglove",
             "Lakeshore", "Greenfield", "Sunnyvale"]
COMPANY_B = ["Traders", "Imports", "Electronics", "Pharma", "Textiles", "Foods", "Logistics", "Motors", "Florals",
             "Seafood", "Instruments"]
COUNTRIES = ["Germany", "Kenya", "Japan", "Brazil", "Canada", "India", "Netherlands", "Chile", "Vietnam", "Spain"]
SECTORS = ["retail", "manufacturing", "healthcare", "agriculture", "e-commerce"]
WAREHOUSES = [
    ("Terminal North Shed", "landside"), ("Coldstore Glacier", "airside"), ("Perishables Centre Orchard", "airside"),
    ("Bonded Store Lantana", "landside"), ("Express Hub Swiftwing", "airside"), ("Transit Shed Harbour", "landside"),
    ("Livestock Pavilion Meadow", "airside"), ("Valuables Vault Citadel", "landside"),
    ("Pharma Hall Willow", "airside"), ("General Cargo Dock Foundry", "landside"),
]
HAZARD = ["Class 3", "Class 8", "Class 9", "Class 2.1", "Class 6.1", "Class 7"]
OUTCOMES = ["cleared", "held", "fined", "seized"]
DELAY_REASONS = ["weather", "equipment fault", "late cargo", "documentation", "staff shortage", "security check"]
ROLES = ["agent", "team lead", "duty manager", "head of operations"]
DECKS = ["main deck", "lower deck"]
TIERS = ["gold", "silver", "bronze"]


def day(offset: int) -> str:
    return (BASE + dt.timedelta(days=offset)).isoformat()


class Names:
    """Display names unique across the graph, none inside another (whole-word token sequences)."""

    def __init__(self) -> None:
        self.names: set[tuple[str, ...]] = set()
        self.subseqs: set[tuple[str, ...]] = set()

    @staticmethod
    def _subs(toks: tuple[str, ...]) -> set[tuple[str, ...]]:
        return {toks[i:j] for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)}

    def take(self, name: str) -> bool:
        toks = tuple(name.lower().split())
        subs = self._subs(toks)
        if toks in self.subseqs or subs & self.names:
            return False
        self.names.add(toks)
        self.subseqs |= subs
        return True


def build(seed: int) -> tuple[dict[str, list[dict]], list[tuple[str, str, str, dict]]]:
    rng = random.Random(seed)
    names = Names()
    nodes: dict[str, list[dict]] = {}
    edges: list[tuple[str, str, str, dict]] = []

    # airlines
    airlines = []
    words = AIRLINE_WORDS[:]
    rng.shuffle(words)
    codes: set[str] = set()
    for i, w in enumerate(words[:30], 1):
        while True:
            nm = f"{w} {rng.choice(AIRLINE_SUFFIX)}"
            if names.take(nm):
                break
        while True:
            code = w[0] + rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ")
            if code not in codes:
                codes.add(code)
                break
        airlines.append({"id": i, "name": nm, "iata_code": code, "alliance": rng.choice(ALLIANCES),
                         "founded": rng.randint(1946, 2015), "is_cargo_only": rng.random() < 0.4,
                         "fleet_size": rng.randint(4, 90)})
    nodes["Airline"] = airlines

    # warehouses
    whs = []
    for i, (nm, zone) in enumerate(WAREHOUSES, 1):
        assert names.take(nm)
        whs.append({"id": i, "name": nm, "zone": zone, "area_sqm": round(rng.uniform(2500, 24000), 1),
                    "opened": day(-rng.randint(400, 9000)), "is_bonded": rng.random() < 0.5,
                    "dock_count": rng.randint(4, 40)})
    nodes["Warehouse"] = whs

    # flights
    flights = []
    used_fn: set[str] = set()
    for i in range(1, 401):
        al = rng.choice(airlines)
        while True:
            fn = f"{al['iata_code']}{rng.randint(100, 999)}"
            if fn not in used_fn and names.take(fn):
                used_fn.add(fn)
                break
        flights.append({"id": i, "name": fn, "aircraft_type": rng.choice(AIRCRAFT), "scheduled": day(rng.randint(0, 365)),
                        "capacity_kg": round(rng.uniform(18000, 120000), 1), "is_international": rng.random() < 0.7,
                        "gate": rng.randint(1, 60)})
        edges.append(("OPERATES", f"Airline:{al['id']}", f"Flight:{i}", {}))
    nodes["Flight"] = flights

    # companies
    comps = []
    i = 0
    pairs = [(a, b) for a in COMPANY_A for b in COMPANY_B]
    rng.shuffle(pairs)
    for a, b in pairs:
        if i >= 120:
            break
        nm = f"{a} {b}"
        if not names.take(nm):
            continue
        i += 1
        comps.append({"id": i, "name": nm, "country": rng.choice(COUNTRIES), "sector": rng.choice(SECTORS),
                      "vat_code": f"VAT{rng.randint(10**7, 10**8 - 1)}", "is_known_consignor": rng.random() < 0.35,
                      "credit_limit": round(rng.uniform(5000, 500000), 2)})
    nodes["Company"] = comps

    # handlers and the supervision tree
    handlers = []
    people: set[str] = set()
    sup = nx.DiGraph()
    for i in range(1, 151):
        while True:
            fnm, lnm = rng.choice(FIRST), rng.choice(LAST)
            if f"{fnm} {lnm}" not in people and names.take(f"{fnm} {lnm}"):
                people.add(f"{fnm} {lnm}")
                break
        handlers.append({"id": i, "first_name": fnm, "last_name": lnm, "employee_code": f"GH{rng.randint(10000, 99999)}",
                         "shift": rng.choice(SHIFTS), "hired": day(-rng.randint(60, 7000)),
                         "cert_level": rng.randint(1, 5), "is_forklift_certified": rng.random() < 0.45,
                         "hourly_rate": round(rng.uniform(17, 48), 2)})
    nodes["Handler"] = handlers
    # handler 1 heads operations; 10 duty managers (one per warehouse); 30 team leads; the rest agents
    head = 1
    managers = list(range(2, 12))
    leads = list(range(12, 42))
    agents = list(range(42, 151))
    station = {head: 1}
    role = {head: "head of operations"}
    for k, m in enumerate(managers):
        station[m] = k + 1
        role[m] = "duty manager"
        sup.add_edge(head, m)
    for k, lead in enumerate(leads):
        m = managers[k % 10]
        station[lead] = station[m]
        role[lead] = "team lead"
        sup.add_edge(m, lead)
    for a in agents:
        lead = rng.choice(leads)
        station[a] = station[lead]
        role[a] = "agent"
        sup.add_edge(lead, a)
    assert nx.is_directed_acyclic_graph(sup)
    for s, d in sorted(sup.edges()):
        edges.append(("SUPERVISES", f"Handler:{s}", f"Handler:{d}", {}))
    for h in sorted(station):
        edges.append(("STATIONED_AT", f"Handler:{h}", f"Warehouse:{station[h]}",
                      {"role": role[h], "since": day(-rng.randint(30, 3000))}))

    # equipment
    equip = []
    ewords = EQUIP_WORDS[:]
    rng.shuffle(ewords)
    i = 0
    for w in ewords:
        if i >= 70:
            break
        kind = rng.choice(EQUIP_KINDS)
        nm = f"{kind.title()} {w}"
        if not names.take(nm):
            continue
        i += 1
        equip.append({"id": i, "name": nm, "asset_tag": f"GSE-{rng.randint(1000, 9999)}", "kind": kind,
                      "capacity_kg": round(rng.uniform(1500, 30000), 1), "commissioned": day(-rng.randint(100, 5000)),
                      "is_electric": rng.random() < 0.4, "engine_hours": rng.randint(200, 22000)})
    nodes["Equipment"] = equip
    for h in handlers:
        for e in rng.sample(equip, rng.randint(1, 4)):
            edges.append(("CERTIFIED_ON", f"Handler:{h['id']}", f"Equipment:{e['id']}",
                          {"hours": round(rng.uniform(5, 1500), 1), "last_used": day(rng.randint(0, 365)),
                           "is_lead_operator": rng.random() < 0.25}))

    # contracts airline -> warehouse
    for al in airlines:
        for w in rng.sample(whs, rng.randint(1, 4)):
            edges.append(("HANDLING_CONTRACT", f"Airline:{al['id']}", f"Warehouse:{w['id']}",
                          {"rate_per_kg": round(rng.uniform(0.12, 1.9), 3), "since": day(-rng.randint(50, 4000)),
                           "is_exclusive": rng.random() < 0.2, "tier": rng.choice(TIERS)}))

    # shipments
    ships = []
    awbs: set[str] = set()
    for i in range(1, 901):
        while True:
            prefix = rng.choice(["176", "020", "618", "157", "235", "180"])
            serial = f"{prefix}-{rng.randint(10**7, 10**8 - 1)}"
            if serial not in awbs and names.take(f"AWB {serial}"):
                awbs.add(serial)
                break
        fl = rng.choice(flights)
        fday = dt.date.fromisoformat(fl["scheduled"])
        ships.append({"id": i, "name": f"AWB {serial}", "awb_code": serial.replace("-", ""),
                      "commodity": rng.choice(COMMODITIES), "weight_kg": round(rng.uniform(12, 4800), 1),
                      "pieces": rng.randint(1, 60), "booked": (fday - dt.timedelta(days=rng.randint(1, 14))).isoformat(),
                      "is_priority": rng.random() < 0.25, "declared_value": round(rng.uniform(200, 250000), 2)})
        edges.append(("BOOKED_ON", f"Shipment:{i}", f"Flight:{fl['id']}",
                      {"deck": rng.choice(DECKS), "uld_count": rng.randint(1, 6)}))
        if rng.random() < 0.3:
            other = rng.choice(flights)
            if other["id"] != fl["id"]:
                edges.append(("BOOKED_ON", f"Shipment:{i}", f"Flight:{other['id']}",
                              {"deck": rng.choice(DECKS), "uld_count": rng.randint(1, 6)}))
        shipper, consignee = rng.sample(comps, 2)
        edges.append(("SHIPPED_BY", f"Shipment:{i}", f"Company:{shipper['id']}", {}))
        edges.append(("CONSIGNED_TO", f"Shipment:{i}", f"Company:{consignee['id']}", {}))
        w = rng.choice(whs)
        edges.append(("STORED_IN", f"Shipment:{i}", f"Warehouse:{w['id']}",
                      {"dwell_days": rng.randint(0, 21), "temperature_c": round(rng.uniform(-18, 24), 1),
                       "checked_in": (fday - dt.timedelta(days=rng.randint(0, 3))).isoformat()}))
    nodes["Shipment"] = ships

    # customs inspections
    insp = []
    for i in range(1, 301):
        nm = f"Customs Exam CX{40000 + i * 7}"
        assert names.take(nm)
        s = rng.choice(ships)
        outcome = rng.choices(OUTCOMES, [6, 2, 2, 1])[0]
        insp.append({"id": i, "name": nm, "outcome": outcome, "inspected": day(rng.randint(0, 365)),
                     "duration_min": rng.randint(10, 240),
                     "fine_amount": round(rng.uniform(150, 9000), 2) if outcome == "fined" else 0.0,
                     "is_random": rng.random() < 0.3})
        edges.append(("EXAMINED", f"Inspection:{i}", f"Shipment:{s['id']}", {}))
        for h in rng.sample(handlers, rng.randint(1, 2)):
            edges.append(("ATTENDED_BY", f"Inspection:{i}", f"Handler:{h['id']}", {}))
    nodes["Inspection"] = insp

    # dangerous goods declarations
    dgds = []
    dg_ships = rng.sample(ships, 120)
    for i, s in enumerate(dg_ships, 1):
        nm = f"DG Declaration SD{7000 + i * 3}"
        assert names.take(nm)
        hz = rng.choices(HAZARD, [5, 3, 4, 2, 2, 1])[0]
        dgds.append({"id": i, "name": nm, "un_number": f"UN{rng.randint(1000, 3500)}", "hazard_class": hz,
                     "net_qty_kg": round(rng.uniform(0.5, 400), 2), "declared": s["booked"],
                     "is_radioactive": hz == "Class 7"})
        edges.append(("COVERS", f"DGDeclaration:{i}", f"Shipment:{s['id']}", {}))
    nodes["DGDeclaration"] = dgds

    # delays
    delays = []
    for i in range(1, 161):
        nm = f"Delay Report DR{3000 + i * 11}"
        assert names.take(nm)
        fl = rng.choice(flights)
        reason = rng.choices(DELAY_REASONS, [3, 3, 3, 2, 2, 1])[0]
        delays.append({"id": i, "name": nm, "reason": reason, "minutes": rng.randint(10, 420), "logged": fl["scheduled"],
                       "is_reportable": rng.random() < 0.3})
        edges.append(("HELD_UP", f"Delay:{i}", f"Flight:{fl['id']}", {}))
    nodes["Delay"] = delays
    return nodes, edges


NODE_FILES = {
    "Airline": ("airlines.csv", "airlineId", [("name", "string"), ("iata_code", "string"), ("alliance", "string"),
                                              ("founded", "int"), ("is_cargo_only", "boolean"), ("fleet_size", "int")]),
    "Flight": ("flights.csv", "flightId", [("name", "string"), ("aircraft_type", "string"), ("scheduled", "date"),
                                           ("capacity_kg", "float"), ("is_international", "boolean"), ("gate", "int")]),
    "Shipment": ("shipments.csv", "shipmentId", [("name", "string"), ("awb_code", "string"), ("commodity", "string"),
                                                 ("weight_kg", "float"), ("pieces", "int"), ("booked", "date"),
                                                 ("is_priority", "boolean"), ("declared_value", "float")]),
    "Warehouse": ("warehouses.csv", "warehouseId", [("name", "string"), ("zone", "string"), ("area_sqm", "float"),
                                                    ("opened", "date"), ("is_bonded", "boolean"),
                                                    ("dock_count", "int")]),
    "Handler": ("handlers.csv", "handlerId", [("first_name", "string"), ("last_name", "string"),
                                              ("employee_code", "string"), ("shift", "string"), ("hired", "date"),
                                              ("cert_level", "int"), ("is_forklift_certified", "boolean"),
                                              ("hourly_rate", "float")]),
    "Equipment": ("equipment.csv", "equipmentId", [("name", "string"), ("asset_tag", "string"), ("kind", "string"),
                                                   ("capacity_kg", "float"), ("commissioned", "date"),
                                                   ("is_electric", "boolean"), ("engine_hours", "int")]),
    "Company": ("companies.csv", "companyId", [("name", "string"), ("country", "string"), ("sector", "string"),
                                               ("vat_code", "string"), ("is_known_consignor", "boolean"),
                                               ("credit_limit", "float")]),
    "Inspection": ("customs_inspections.csv", "inspectionId", [("name", "string"), ("outcome", "string"),
                                                               ("inspected", "date"), ("duration_min", "int"),
                                                               ("fine_amount", "float"), ("is_random", "boolean")]),
    "DGDeclaration": ("dg_declarations.csv", "declarationId", [("name", "string"), ("un_number", "string"),
                                                               ("hazard_class", "string"), ("net_qty_kg", "float"),
                                                               ("declared", "date"), ("is_radioactive", "boolean")]),
    "Delay": ("delays.csv", "delayId", [("name", "string"), ("reason", "string"), ("minutes", "int"),
                                        ("logged", "date"), ("is_reportable", "boolean")]),
}
EDGE_FILES = {
    "OPERATES": ("rel_operates.csv", "Airline", "Flight", []),
    "BOOKED_ON": ("rel_booked_on.csv", "Shipment", "Flight", [("deck", "string"), ("uld_count", "int")]),
    "SHIPPED_BY": ("rel_shipped_by.csv", "Shipment", "Company", []),
    "CONSIGNED_TO": ("rel_consigned_to.csv", "Shipment", "Company", []),
    "STORED_IN": ("rel_stored_in.csv", "Shipment", "Warehouse", [("dwell_days", "int"), ("temperature_c", "float"),
                                                                 ("checked_in", "date")]),
    "HANDLING_CONTRACT": ("rel_handling_contract.csv", "Airline", "Warehouse",
                          [("rate_per_kg", "float"), ("since", "date"), ("is_exclusive", "boolean"),
                           ("tier", "string")]),
    "EXAMINED": ("rel_examined.csv", "Inspection", "Shipment", []),
    "ATTENDED_BY": ("rel_attended_by.csv", "Inspection", "Handler", []),
    "COVERS": ("rel_covers.csv", "DGDeclaration", "Shipment", []),
    "SUPERVISES": ("rel_supervises.csv", "Handler", "Handler", []),
    "STATIONED_AT": ("rel_stationed_at.csv", "Handler", "Warehouse", [("role", "string"), ("since", "date")]),
    "CERTIFIED_ON": ("rel_certified_on.csv", "Handler", "Equipment", [("hours", "float"), ("last_used", "date"),
                                                                      ("is_lead_operator", "boolean")]),
    "HELD_UP": ("rel_held_up.csv", "Delay", "Flight", []),
}


def _cell(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(out_dir: Path, seed: int) -> Path:
    nodes, edges = build(seed)
    folder = out_dir / "cargo_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for group, (fname, idcol, cols) in NODE_FILES.items():
        with open(folder / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([f"{idcol}:ID({group})"] + [f"{c}:{t}" for c, t in cols] + [":LABEL"])
            for row in nodes[group]:
                w.writerow([row["id"]] + [_cell(row[c]) for c, _ in cols] + [group])
    for etype, (fname, src, dst, cols) in EDGE_FILES.items():
        with open(folder / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([f":START_ID({src})", f":END_ID({dst})", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for t, s, d, attrs in edges:
                if t == etype:
                    w.writerow([s.split(":", 1)[1], d.split(":", 1)[1], t] + [_cell(attrs[c]) for c, _ in cols])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=54)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
