"""A generated supply-chain property graph (seeded, deterministic) for the byog7 question set.

    python tests/byog7/graph.py OUT_DIR [--csv] [--seed N]

Writes OUT_DIR/supply_chain.graphml (node type in an APOC-style ``labels`` attribute, edge type in ``label``) and,
with ``--csv``, a Neo4j admin-import folder OUT_DIR/neo4j/ (one node file per label, one relationship file per
type). Same seed -> byte-identical files.

Schema (8 node types, 10 edge types):
  Product(name, category, list_price, launch_date, discontinued, warranty_years)
  Component(name, material, weight_g, critical)       raw parts and the assemblies built from them
  Supplier(name, rating, certified, founded)
  Factory(name, capacity_units, opened, automated)
  Warehouse(name, capacity_pallets, temperature_controlled)
  Shipment(name, ship_date, weight_kg, status, expedited)
  Carrier(name, mode, on_time_rate, fleet_size)
  City(name, country, population)

  Component -COMPONENT_OF {quantity}-> Component      (self-relation: a raw part inside an assembly)
  Component -USED_IN {quantity}-> Product              (assemblies only)
  Supplier -SUPPLIES {unit_cost, lead_time_days, contract_start}-> Component   (raw parts only)
  Product -ASSEMBLED_AT-> Factory
  Product -STOCKED_AT {units}-> Warehouse
  Supplier|Factory|Warehouse -LOCATED_IN-> City
  Shipment -CONTAINS {units}-> Product
  Shipment -DEPARTED_FROM-> Factory
  Shipment -DELIVERED_TO-> Warehouse
  Shipment -HANDLED_BY {freight_cost, service_level}-> Carrier

4-hop path: Supplier -> part -> assembly -> Product -> Factory (-> City is a fifth).
"""

from __future__ import annotations

import argparse
import csv
import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

SEED = 7
GRAPHML_NAME = "supply_chain.graphml"

# ---------------------------------------------------------------------------------------------- name pools
CITIES = [  # (name, country, population) — no city name is a word of any other generated name
    ("Rotterdam", "Netherlands", 655000), ("Eindhoven", "Netherlands", 238000), ("Antwerp", "Belgium", 530000),
    ("Ghent", "Belgium", 265000), ("Hamburg", "Germany", 1850000), ("Stuttgart", "Germany", 630000),
    ("Leipzig", "Germany", 616000), ("Dortmund", "Germany", 588000), ("Lyon", "France", 522000),
    ("Toulouse", "France", 498000), ("Lille", "France", 236000), ("Turin", "Italy", 848000),
    ("Bologna", "Italy", 392000), ("Valencia", "Spain", 792000), ("Zaragoza", "Spain", 675000),
    ("Porto", "Portugal", 232000), ("Brno", "Czechia", 382000), ("Ostrava", "Czechia", 284000),
    ("Wroclaw", "Poland", 674000), ("Gdansk", "Poland", 486000), ("Poznan", "Poland", 540000),
    ("Gothenburg", "Sweden", 604000), ("Malmo", "Sweden", 357000), ("Tampere", "Finland", 252000),
    ("Aarhus", "Denmark", 290000), ("Bergen", "Norway", 286000), ("Graz", "Austria", 298000),
    ("Linz", "Austria", 210000), ("Debrecen", "Hungary", 199000), ("Cluj-Napoca", "Romania", 324000),
    ("Izmir", "Turkey", 4400000), ("Bursa", "Turkey", 3100000), ("Monterrey", "Mexico", 1140000),
    ("Guadalajara", "Mexico", 1385000), ("Shenzhen", "China", 17560000), ("Suzhou", "China", 12750000),
    ("Ningbo", "China", 9400000), ("Penang", "Malaysia", 1770000), ("Haiphong", "Vietnam", 2100000),
    ("Pune", "India", 7270000), ("Chennai", "India", 8650000), ("Nagoya", "Japan", 2330000),
    ("Busan", "South Korea", 3350000), ("Kaohsiung", "Taiwan", 2740000), ("Curitiba", "Brazil", 1960000),
    ("Osaka", "Japan", 2750000), ("Cleveland", "United States", 362000), ("Memphis", "United States", 621000),
    ("Savannah", "United States", 148000), ("Querétaro", "Mexico", 1050000),
]

CATEGORIES = {
    "Power Tools": ["Cordless Drill", "Impact Driver", "Angle Grinder", "Circular Saw", "Jigsaw", "Rotary Hammer",
                    "Orbital Sander"],
    "Kitchen Appliances": ["Espresso Machine", "Stand Mixer", "Blender", "Air Fryer", "Toaster", "Kettle",
                           "Food Processor"],
    "Audio": ["Bookshelf Speaker", "Soundbar", "Headphones", "Turntable", "Subwoofer", "Desktop Amplifier"],
    "Lighting": ["Desk Lamp", "Floodlight", "Pendant Light", "LED Panel", "Work Light"],
    "Garden": ["Lawn Mower", "Hedge Trimmer", "Leaf Blower", "Pressure Washer", "String Trimmer"],
    "Smart Home": ["Thermostat", "Doorbell Camera", "Air Purifier", "Robot Vacuum", "Smart Lock"],
}
PRICE_BAND = {"Power Tools": (79, 420), "Kitchen Appliances": (29, 690), "Audio": (49, 1200),
              "Lighting": (19, 240), "Garden": (59, 780), "Smart Home": (39, 560)}
BRANDS = ["Aurora", "Helix", "Nimbus", "Vanta", "Orion", "Solace", "Tempo", "Zenith", "Cobalt", "Lumen",
          "Verdant", "Quorra", "Strata", "Novu", "Arbor", "Pulse"]
MODELS = ["X2", "300", "Pro", "Mini", "S5", "Max", "Air", "500", "Lite", "GT", "Plus", "Duo"]

PARTS = {  # material -> (part nouns, unit cost band)
    "Steel": (["Hex Bolt", "Torsion Spring", "Mounting Bracket", "Drive Shaft", "Lock Washer", "Hinge Pin"],
              (0.05, 6.0)),
    "Aluminium": (["Heat Sink", "Housing Plate", "Guide Rail", "Frame Tube", "End Cap"], (0.8, 14.0)),
    "ABS Plastic": (["Switch Cap", "Control Knob", "Vent Cover", "Front Bezel", "Cable Clip"], (0.03, 3.5)),
    "Copper": (["Winding Coil", "Busbar", "Crimp Terminal", "Cable Harness"], (0.2, 9.0)),
    "Silicon": (["Microcontroller", "Power MOSFET", "Hall Sensor", "Voltage Regulator", "Wi-Fi Chip"],
                (0.4, 18.0)),
    "Rubber": (["Gasket", "O-Ring", "Grip Sleeve", "Foot Pad"], (0.02, 2.0)),
    "Glass": (["Optical Lens", "Display Glass", "Light Diffuser", "Carafe Jug"], (0.9, 12.0)),
}
ASSEMBLIES = [("Brushless Motor", "BM"), ("Control Board", "CB"), ("Battery Pack", "BP"), ("Gearbox", "GB"),
              ("Heating Element", "HE"), ("Speaker Driver", "SD"), ("Pump Unit", "PU"), ("Sensor Module", "SM"),
              ("Power Supply", "PS"), ("Display Module", "DM"), ("Housing Kit", "HK"), ("Blade Assembly", "BA")]

SUPPLIER_STEMS = ["Kestrel", "Hanwa", "Brightline", "Osterfeld", "Marlow", "Tanaka", "Vescor", "Northgate",
                  "Pellucid", "Ardent", "Bramley", "Castell", "Delmont", "Everton", "Falkner", "Greywell",
                  "Holloway", "Ingram", "Jessop", "Kovacs", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov",
                  "Quintero", "Rasmussen", "Sato", "Takeda", "Ulrich", "Varga", "Whitcombe", "Xu Feng", "Yildiz",
                  "Zamora", "Achterberg", "Baranski", "Chen Wei", "Dufresne", "Eriksen"]
SUPPLIER_SUFFIXES = ["Precision", "Polymers", "Metalworks", "Electronics", "Industries", "Alloys", "Fasteners",
                     "Castings", "Microsystems", "Rubber Co."]
FACTORY_WORDS = ["Alder", "Birchwood", "Cedar Point", "Dunmore", "Elmstead", "Foxhill", "Glenrock", "Harrow",
                 "Ironbridge", "Juniper", "Kingsway", "Larchmont", "Millbrook", "Northfield", "Oakridge",
                 "Pinecrest", "Quarry Hill", "Redwater", "Stonegate", "Thornbury", "Upland", "Valemont",
                 "Westbrook", "Yarrow"]
FACTORY_KINDS = ["Assembly Plant", "Works", "Manufacturing Site"]
WAREHOUSE_WORDS = ["Bayview", "Crossroads", "Eastgate", "Fairport", "Gateway", "Highpoint", "Lakeside",
                   "Meadowland", "Portside", "Ridgeway", "Summit", "Tidewater", "Riverbend", "Clearwater",
                   "Foxglove", "Granite", "Harbourside", "Ivywood", "Kingfisher", "Lowland", "Marshgate",
                   "Netherby", "Orchard", "Pebble Bay", "Quayside", "Rosewood", "Saltmarsh", "Tollgate",
                   "Windmill", "Silverdale"]
WAREHOUSE_KINDS = ["Distribution Center", "Logistics Hub", "Fulfilment Centre"]
CARRIERS = [("Meridian Freight", "Road"), ("BlueWave Shipping", "Sea"), ("Atlas Rail Cargo", "Rail"),
            ("SkyBridge Air Logistics", "Air"), ("Transalpine Haulage", "Road"), ("Coral Line", "Sea"),
            ("Ferrovia Express", "Rail"), ("Polar Wing Cargo", "Air"), ("Redstone Trucking", "Road"),
            ("Anchorpoint Maritime", "Sea"), ("Eurolink Intermodal", "Rail"), ("Swiftjet Freight", "Air"),
            ("Hollis & Crane Transport", "Road"), ("Oceanic Bulk Carriers", "Sea"), ("Vistula Rail", "Rail"),
            ("Nordhaul Logistics", "Road"), ("Pacific Crest Lines", "Sea"), ("Greenway Couriers", "Road")]
STATUSES = ["Delivered"] * 14 + ["In Transit"] * 3 + ["Delayed"] * 2 + ["Cancelled"]
SERVICE_LEVELS = ["Standard"] * 5 + ["Express"] * 2 + ["Economy"] * 3


@dataclass
class Graph:
    nodes: dict[str, dict] = field(default_factory=dict)  # id -> {"label": ..., props}
    edges: list[tuple[str, str, str, dict]] = field(default_factory=list)  # (src, type, dst, props)

    def add_node(self, nid: str, label: str, **props) -> str:
        assert nid not in self.nodes, nid
        self.nodes[nid] = {"label": label, **props}
        return nid

    def add_edge(self, src: str, etype: str, dst: str, **props) -> None:
        self.edges.append((src, etype, dst, props))


def _day(rnd: random.Random, start: date, end: date) -> str:
    return (start + timedelta(days=rnd.randrange((end - start).days + 1))).isoformat()


def generate(seed: int = SEED) -> Graph:
    rnd = random.Random(seed)
    g = Graph()
    used_names: set[str] = set()

    def unique(make) -> str:
        for _ in range(1000):
            n = make()
            if n not in used_names:
                used_names.add(n)
                return n
        raise RuntimeError("name pool exhausted")

    # cities
    cities = [g.add_node(f"city{i:02d}", "City", name=n, country=c, population=p)
              for i, (n, c, p) in enumerate(CITIES)]
    used_names.update(n for n, _, _ in CITIES)

    # products
    products = []
    cats = sorted(CATEGORIES)
    for i in range(150):
        cat = cats[i % len(cats)] if i < 60 else rnd.choice(cats)
        noun = rnd.choice(CATEGORIES[cat])
        name = unique(lambda cat=cat, noun=noun: f"{rnd.choice(BRANDS)} {rnd.choice(MODELS)} {noun}")
        lo, hi = PRICE_BAND[cat]
        products.append(g.add_node(
            f"prd{i:03d}", "Product", name=name, category=cat, list_price=round(rnd.uniform(lo, hi), 2),
            launch_date=_day(rnd, date(2014, 1, 1), date(2025, 9, 30)), discontinued=rnd.random() < 0.18,
            warranty_years=rnd.choice([1, 1, 2, 2, 2, 3, 5])))

    # components: raw parts, then assemblies
    parts = []
    materials = sorted(PARTS)
    for i in range(330):
        mat = materials[i % len(materials)] if i < 70 else rnd.choice(materials)
        nouns, _ = PARTS[mat]
        noun = rnd.choice(nouns)
        code = "".join(w[0] for w in noun.replace("-", " ").split()).upper()
        name = unique(lambda noun=noun, code=code: f"{noun} {code}-{rnd.randrange(10, 990)}")
        parts.append(g.add_node(f"cmp{i:03d}", "Component", name=name, material=mat,
                                weight_g=round(rnd.uniform(0.5, 180.0), 1), critical=rnd.random() < 0.22))
    assemblies = []
    for j in range(120):
        kind, code = ASSEMBLIES[j % len(ASSEMBLIES)]
        name = unique(lambda kind=kind, code=code: f"{kind} {code}-{rnd.randrange(1, 99)}")
        assemblies.append(g.add_node(f"cmp{330 + j:03d}", "Component", name=name, material="Mixed",
                                     weight_g=0.0, critical=rnd.random() < 0.35))

    # suppliers
    suppliers = []
    for i in range(110):
        name = unique(lambda: f"{rnd.choice(SUPPLIER_STEMS)} {rnd.choice(SUPPLIER_SUFFIXES)}")
        suppliers.append(g.add_node(f"sup{i:03d}", "Supplier", name=name, rating=round(rnd.uniform(2.0, 5.0), 1),
                                    certified=rnd.random() < 0.6, founded=rnd.randrange(1948, 2021)))
    # factories, warehouses, carriers
    factories = []
    for i, word in enumerate(FACTORY_WORDS):
        factories.append(g.add_node(
            f"fac{i:02d}", "Factory", name=unique(lambda word=word: f"{word} {rnd.choice(FACTORY_KINDS)}"),
            capacity_units=rnd.randrange(40, 900) * 100, opened=_day(rnd, date(1986, 1, 1), date(2023, 6, 30)),
            automated=rnd.random() < 0.45))
    warehouses = []
    for i, word in enumerate(WAREHOUSE_WORDS):
        warehouses.append(g.add_node(
            f"wh{i:02d}", "Warehouse", name=unique(lambda word=word: f"{word} {rnd.choice(WAREHOUSE_KINDS)}"),
            capacity_pallets=rnd.randrange(30, 480) * 100, temperature_controlled=rnd.random() < 0.3))
    carriers = []
    for i, (name, mode) in enumerate(CARRIERS):
        used_names.add(name)
        carriers.append(g.add_node(f"car{i:02d}", "Carrier", name=name, mode=mode,
                                   on_time_rate=round(rnd.uniform(0.78, 0.985), 3),
                                   fleet_size=rnd.randrange(12, 2400)))

    # locations
    for nid in suppliers + factories + warehouses:
        g.add_edge(nid, "LOCATED_IN", rnd.choice(cities))

    # parts inside assemblies (self-relation); every assembly gets >= 2 parts
    members: dict[str, list[str]] = {a: [] for a in assemblies}
    for k, p in enumerate(parts):
        owners = [assemblies[k % len(assemblies)]] if k < 2 * len(assemblies) else [rnd.choice(assemblies)]
        if rnd.random() < 0.2:
            extra = rnd.choice(assemblies)
            if extra not in owners:
                owners.append(extra)
        for a in owners:
            members[a].append(p)
            g.add_edge(p, "COMPONENT_OF", a, quantity=rnd.choice([1, 1, 2, 2, 3, 4, 6, 8, 12]))
    for e in g.edges:
        if e[1] == "COMPONENT_OF":
            g.nodes[e[2]]["weight_g"] += g.nodes[e[0]]["weight_g"] * e[3]["quantity"]
    for a in assemblies:
        g.nodes[a]["weight_g"] = round(g.nodes[a]["weight_g"], 1)

    # suppliers of raw parts (every supplier supplies >= 1 part)
    for k, p in enumerate(parts):
        mat = g.nodes[p]["material"]
        lo, hi = PARTS[mat][1]
        chosen = [suppliers[k % len(suppliers)]] if k < len(suppliers) else []
        while len(chosen) < rnd.choice([1, 1, 2, 2, 3]):
            s = rnd.choice(suppliers)
            if s not in chosen:
                chosen.append(s)
        for s in chosen:
            g.add_edge(s, "SUPPLIES", p, unit_cost=round(rnd.uniform(lo, hi), 2),
                       lead_time_days=rnd.randrange(5, 91),
                       contract_start=_day(rnd, date(2015, 1, 1), date(2025, 6, 30)))

    # assemblies used in products; products assembled at factories; stocked at warehouses
    built_at: dict[str, list[str]] = {}
    for k, p in enumerate(products):
        n = rnd.choice([2, 3, 3, 4, 5])
        chosen = [assemblies[k % len(assemblies)]]
        while len(chosen) < n:
            a = rnd.choice(assemblies)
            if a not in chosen:
                chosen.append(a)
        for a in chosen:
            g.add_edge(a, "USED_IN", p, quantity=rnd.choice([1, 1, 1, 2, 2, 3, 4]))
        facs = [factories[k % len(factories)]]
        if rnd.random() < 0.4:
            f = rnd.choice(factories)
            if f not in facs:
                facs.append(f)
        built_at[p] = facs
        for f in facs:
            g.add_edge(p, "ASSEMBLED_AT", f)
        whs: list[str] = []
        while len(whs) < rnd.choice([1, 2, 2, 3]):
            w = rnd.choice(warehouses)
            if w not in whs:
                whs.append(w)
        for w in whs:
            g.add_edge(p, "STOCKED_AT", w, units=rnd.randrange(20, 5000))

    # shipments: from a factory, carrying products built there, to a warehouse, by a carrier
    products_of: dict[str, list[str]] = {f: [] for f in factories}
    for p in products:
        for f in built_at[p]:
            products_of[f].append(p)
    carrier_weights = [rnd.uniform(0.3, 3.0) for _ in carriers]
    for i in range(1200):
        f = rnd.choice([f for f in factories if products_of[f]])
        sid = g.add_node(f"shp{i:04d}", "Shipment", name=f"Shipment {40100 + i * 7 + rnd.randrange(7)}",
                         ship_date=_day(rnd, date(2023, 1, 1), date(2025, 11, 30)),
                         weight_kg=round(rnd.uniform(15, 9000), 1), status=rnd.choice(STATUSES),
                         expedited=rnd.random() < 0.15)
        g.add_edge(sid, "DEPARTED_FROM", f)
        pool = products_of[f]
        for p in rnd.sample(pool, min(len(pool), rnd.choice([1, 1, 2, 3]))):
            g.add_edge(sid, "CONTAINS", p, units=rnd.randrange(1, 400))
        g.add_edge(sid, "DELIVERED_TO", rnd.choice(warehouses))
        c = rnd.choices(carriers, weights=carrier_weights)[0]
        g.add_edge(sid, "HANDLED_BY", c, freight_cost=round(rnd.uniform(90, 14000), 2),
                   service_level=rnd.choice(SERVICE_LEVELS))
    return g


# ---------------------------------------------------------------------------------------------- writers
NODE_KEYS = {  # property -> GraphML type
    "name": "string", "category": "string", "list_price": "double", "launch_date": "string",
    "discontinued": "boolean", "warranty_years": "int", "material": "string", "weight_g": "double",
    "critical": "boolean", "rating": "double", "certified": "boolean", "founded": "int", "capacity_units": "int",
    "opened": "string", "automated": "boolean", "capacity_pallets": "int", "temperature_controlled": "boolean",
    "ship_date": "string", "weight_kg": "double", "status": "string", "expedited": "boolean", "mode": "string",
    "on_time_rate": "double", "fleet_size": "int", "country": "string", "population": "long",
}
EDGE_KEYS = {"quantity": "int", "unit_cost": "double", "lead_time_days": "int", "contract_start": "string",
             "units": "int", "freight_cost": "double", "service_level": "string"}


def _val(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write_graphml(g: Graph, path: Path) -> None:
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
           '  <key id="labels" for="node" attr.name="labels" attr.type="string"/>']
    out += [f'  <key id="n_{k}" for="node" attr.name="{k}" attr.type="{t}"/>' for k, t in NODE_KEYS.items()]
    out.append('  <key id="label" for="edge" attr.name="label" attr.type="string"/>')
    out += [f'  <key id="e_{k}" for="edge" attr.name="{k}" attr.type="{t}"/>' for k, t in EDGE_KEYS.items()]
    out.append('  <graph id="supply_chain" edgedefault="directed">')
    for nid, props in g.nodes.items():
        out.append(f"    <node id={quoteattr(nid)}>")
        out.append(f'      <data key="labels">:{props["label"]}</data>')
        out += [f'      <data key="n_{k}">{escape(_val(v))}</data>' for k, v in props.items() if k != "label"]
        out.append("    </node>")
    for i, (s, t, d, props) in enumerate(g.edges):
        out.append(f'    <edge id="e{i}" source={quoteattr(s)} target={quoteattr(d)}>')
        out.append(f'      <data key="label">{t}</data>')
        out += [f'      <data key="e_{k}">{escape(_val(v))}</data>' for k, v in props.items()]
        out.append("    </edge>")
    out += ["  </graph>", "</graphml>", ""]
    path.write_text("\n".join(out), encoding="utf-8")


_CSV_TYPES = {"string": "string", "double": "double", "int": "int", "long": "long", "boolean": "boolean"}
_DATE_PROPS = {"launch_date", "opened", "ship_date", "contract_start"}


def _csv_header(prop: str, gtype: str) -> str:
    return f"{prop}:{'date' if prop in _DATE_PROPS else _CSV_TYPES[gtype]}"


def write_csv(g: Graph, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    labels = sorted({p["label"] for p in g.nodes.values()})
    for label in labels:
        rows = [(nid, p) for nid, p in g.nodes.items() if p["label"] == label]
        props = [k for k in NODE_KEYS if any(k in p for _, p in rows)]
        with (folder / f"nodes_{label.lower()}.csv").open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["id:ID", ":LABEL"] + [_csv_header(k, NODE_KEYS[k]) for k in props])
            for nid, p in rows:
                w.writerow([nid, label] + [_val(p[k]) if k in p else "" for k in props])
    for etype in sorted({e[1] for e in g.edges}):
        rows = [e for e in g.edges if e[1] == etype]
        props = [k for k in EDGE_KEYS if any(k in e[3] for e in rows)]
        with (folder / f"rels_{etype.lower()}.csv").open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [_csv_header(k, EDGE_KEYS[k]) for k in props])
            for s, t, d, p in rows:
                w.writerow([s, d, t] + [_val(p[k]) if k in p else "" for k in props])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--csv", action="store_true", help="also write a Neo4j admin-import folder OUT/neo4j/")
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    g = generate(args.seed)
    write_graphml(g, args.out / GRAPHML_NAME)
    if args.csv:
        write_csv(g, args.out / "neo4j")
    print(f"{len(g.nodes)} nodes, {len(g.edges)} edges -> {args.out / GRAPHML_NAME}")


if __name__ == "__main__":
    main()
