"""byog38 graph generator: an agricultural supply chain as Neo4j admin-import CSV.

    python tests/byog38/graph.py OUT_DIR [--seed N]

writes OUT_DIR/agri_csv/ (one node file per label, one relationship file per type). Deterministic per seed;
stdlib ``random.Random(seed)`` and networkx only.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
import re
import sys
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 38

FIRST = (
    "Ada", "Alma", "Amos", "Anika", "Basil", "Bettina", "Caleb", "Carmen", "Cyrus", "Dagny", "Delia", "Eamon",
    "Edith", "Elio", "Farah", "Felix", "Gideon", "Greta", "Hamish", "Hester", "Ines", "Ivo", "Jonah", "Juno",
    "Kasimir", "Kezia", "Lars", "Leona", "Lorcan", "Mabel", "Matteo", "Mirela", "Nadia", "Niall", "Odile", "Orrin",
    "Paloma", "Piet", "Quinn", "Rhoda", "Rufus", "Saoirse", "Silas", "Tamsin", "Teodor", "Una", "Ursula", "Viggo",
    "Wanda", "Wilfred", "Xenia", "Yara", "Yusuf", "Zelda", "Bram", "Clover", "Dorian", "Esme", "Florian", "Hedda",
)
LAST = (
    "Abernethy", "Achterberg", "Baptiste", "Beaumont", "Brannigan", "Castellano", "Cawthorne", "Dalgleish",
    "Delacroix", "Dunmore", "Eriksen", "Fairbairn", "Ferreira", "Gallagher", "Gruber", "Haldane", "Hartigan",
    "Iversen", "Jablonski", "Kavanagh", "Kowalczyk", "Lindqvist", "Lockhart", "MacAulay", "Marchetti", "Mbeki",
    "Nakamura", "Novotny", "Okonkwo", "Oyelaran", "Pemberton", "Quintero", "Radcliffe", "Rasmussen", "Sandoval",
    "Szabo", "Thornbury", "Trevelyan", "Ulrich", "Valdivia", "Vasquez", "Wainwright", "Whitlock", "Yamada",
    "Zielinski", "Ashdown", "Blackwood", "Carver", "Drummond", "Ellingham", "Fitzroy", "Goodfellow", "Hollis",
    "Ingram", "Jessop", "Kettering", "Loveday", "Merriweather", "Northcott", "Ogilvie", "Penhaligon", "Rowntree",
    "Stirling", "Tolliver", "Underhill", "Varga", "Westbrook", "Yardley",
)
FARM_A = (
    "Willow", "Oak", "Cedar", "Maple", "Birch", "Hazel", "Alder", "Rowan", "Elm", "Juniper", "Bramble", "Heather",
    "Foxglove", "Thistle", "Clearwater", "Stonewall", "Red Barn", "Windmill", "Lark", "Kestrel", "Otter", "Badger",
)
FARM_B = ("Creek", "Ridge", "Hollow", "Brook", "Vale", "Meadow", "Hill", "Bend", "Spring", "Glen", "Crossing", "Down")
FARM_C = ("Farm", "Acres", "Ranch", "Homestead", "Estate", "Holdings")
PLOT_A = ("North", "South", "East", "West", "Upper", "Lower", "Back", "Front", "Long", "Round", "Middle", "Far")
PLOT_B = ("Paddock", "Strip", "Close", "Furlong", "Quarter", "Patch", "Terrace", "Bottom", "Piece", "Lea")
CROPS = (
    ("Wheat", "cereal", "medium", 212.5), ("Barley", "cereal", "low", 189.0), ("Oats", "cereal", "low", 176.25),
    ("Rye", "cereal", "low", 168.4), ("Maize", "cereal", "high", 201.75), ("Canola", "oilseed", "medium", 455.0),
    ("Sunflower", "oilseed", "medium", 398.6), ("Soybean", "oilseed", "high", 421.3),
    ("Lentil", "pulse", "low", 512.8), ("Chickpea", "pulse", "medium", 566.2), ("Potato", "root", "high", 142.9),
    ("Sugar Beet", "root", "high", 48.7), ("Sorghum", "cereal", "low", 181.1), ("Flax", "oilseed", "medium", 472.4),
)
VAR_A = (
    "Amber", "Golden", "Silver", "Crimson", "Prairie", "Northern", "Early", "Royal", "Bold", "Swift", "Quiet",
    "Bright", "Hardy", "Velvet", "Copper", "Iron",
)
VAR_B = (
    "Crest", "Gale", "Crown", "Arrow", "Star", "Dawn", "Shield", "Spire", "Glory", "Beacon", "Sentinel", "Lantern",
    "Falcon", "Comet",
)
COOPS = (
    "Tamar Valley Growers Cooperative", "High Plains Grain Pool", "Saltmarsh Producers Union",
    "Greenbelt Farmers Cooperative", "Three Rivers Agricultural Society", "Lowland Cereal Collective",
    "Hillcountry Harvest Alliance", "Sunrise Pulse Cooperative", "Redsoil Growers Guild",
    "Kingfisher Marketing Cooperative", "Eastern Downs Grain Union", "Heartland Oilseed Pool",
)
BUYERS = (
    ("Northgate Mills", "mill"), ("Copper Kettle Brewing", "brewery"), ("Harborline Feeds", "feed"),
    ("Meridian Export Trading", "export"), ("Goldleaf Foods", "food_processor"), ("Stonebridge Flour Company", "mill"),
    ("Marsh, Tilly & Co", "food_processor"), ("Bluewater Maltings", "brewery"), ("Pinecrest Livestock Nutrition", "feed"),
    ("Atlas Commodities", "export"), ("Sunbeam Bakeries", "food_processor"), ("Ironbark Distillery", "brewery"),
    ("Westwind Grain Exports", "export"), ("Hearthstone Milling", "mill"), ("Fieldfare Pet Foods", "feed"),
    ("Crossroads Oil Pressers", "food_processor"), ("Lighthouse Brewing Collective", "brewery"),
    ("Orchard Lane Snacks", "food_processor"), ("Granite Peak Feedlots", "feed"), ("Seaboard Shipping Agents", "export"),
    ("Cobblestone Breads", "food_processor"), ("Riverside Roller Mill", "mill"), ("Thunderhead Ales", "brewery"),
    ("Prairie Gold Crushers", "food_processor"), ("Evergreen Poultry Feeds", "feed"), ("Compass Rose Trading", "export"),
    ("Millbrook Cereals", "food_processor"), ("Red Kite Malt House", "brewery"), ("Silverline Starch Works", "food_processor"),
    ("Anchor Bay Exporters", "export"), ("Windrush Flour Mill", "mill"), ("Hollyhock Organics", "food_processor"),
    ("Blackthorn Cider & Spirits", "brewery"), ("Dairy Vale Rations", "feed"), ("Pioneer Seed Crushers", "food_processor"),
    ("Oceanic Grain Brokers", "export"), ("Tinker's Mill", "mill"), ("Quarry Hill Distillers", "brewery"),
    ("Happy Hen Feeds", "feed"), ("Summit Pasta Works", "food_processor"),
)
WAREHOUSE_PLACES = (
    "Kingsbury", "Fairhaven", "Ashcombe", "Brackley", "Dunwich", "Elmstead", "Foxton", "Garsington", "Hemsby",
    "Ixworth", "Kelvedon", "Langport", "Marston", "Newbold", "Oakham", "Pershore", "Ramsey", "Sedbergh", "Tetbury",
    "Uffington", "Wareham", "Yarcombe", "Alnwick", "Bampton", "Cheddleton", "Didcot", "Eynsham", "Frome", "Glossop",
    "Helmsley",
)
WAREHOUSE_KIND = ("Silo", "Grain Store", "Depot", "Granary", "Cold Store")
CERTS = (
    ("EcoSoil Organic", "SoilTrust", 3, True), ("Green Leaf Assured", "AgriCert", 1, False),
    ("Fair Harvest Mark", "FairGrow", 2, False), ("Low Carbon Grain", "ClimateLedger", 2, False),
    ("Heritage Seed Seal", "SoilTrust", 5, True), ("Water Wise Standard", "AgriCert", 3, False),
    ("Pollinator Friendly", "BeeSafe", 2, False), ("Biodynamic Gold", "SoilTrust", 4, True),
)


def _date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randint(0, (end - start).days))


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", name.lower()))


def check_names(names: list[str]) -> None:
    """Every display name is unique and no name is a whole-word part of another."""
    toks = [_tokens(n) for n in names]
    full = set()
    for t in toks:
        if t in full:
            raise ValueError(f"duplicate name {' '.join(t)}")
        full.add(t)
    for t in toks:
        for i in range(len(t)):
            for j in range(i + 1, len(t) + 1):
                if (i, j) != (0, len(t)) and t[i:j] in full:
                    raise ValueError(f"name {' '.join(t[i:j])} inside {' '.join(t)}")


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()

    def node(nid: str, label: str, **props):
        g.add_node(nid, label=label, **props)

    def edge(a: str, b: str, etype: str, **props):
        g.add_edge(a, b, key=etype, type=etype, **props)

    # crops and varieties
    crop_ids = []
    for i, (name, family, water, price) in enumerate(CROPS, 1):
        cid = f"crop-{i}"
        crop_ids.append(cid)
        node(cid, "Crop", name=name, family=family, water_need=water, base_price=price,
             hs_code=f"HS-{1001 + i * 7:04d}")
    var_names = [f"{a} {b}" for a in VAR_A for b in VAR_B]
    rng.shuffle(var_names)
    var_ids = []
    for i, name in enumerate(var_names[:56], 1):
        vid = f"variety-{i}"
        var_ids.append(vid)
        node(vid, "Variety", name=name, days_to_maturity=rng.randint(70, 190),
             released=_date(rng, dt.date(1995, 1, 1), dt.date(2021, 12, 31)).isoformat(),
             drought_tolerant=rng.random() < 0.35, breeder_code=f"VB-{rng.randint(1000, 9999)}-{chr(65 + i % 26)}")
        crop = crop_ids[(i - 1) % len(crop_ids)] if i <= 28 else rng.choice(crop_ids)
        edge(vid, crop, "VARIETY_OF")

    # cooperatives, certifications, buyers, warehouses
    coop_ids = []
    for i, name in enumerate(COOPS, 1):
        cid = f"coop-{i}"
        coop_ids.append(cid)
        node(cid, "Cooperative", name=name, founded=_date(rng, dt.date(1920, 1, 1), dt.date(2005, 12, 31)).isoformat(),
             annual_fee=rng.randrange(150, 1600, 10), region=rng.choice(("north", "south", "east", "west")),
             registration_no=f"COOP/{rng.randint(10000, 99999)}")
    cert_ids = []
    for i, (name, body, years, organic) in enumerate(CERTS, 1):
        cid = f"cert-{i}"
        cert_ids.append(cid)
        node(cid, "Certification", name=name, issuing_body=body, renewal_years=years, organic=organic,
             scheme_code=f"SCH-{name.split()[0][:3].upper()}{i:02d}")
    buyer_ids = []
    for i, (name, sector) in enumerate(BUYERS, 1):
        bid = f"buyer-{i}"
        buyer_ids.append(bid)
        node(bid, "Buyer", name=name, sector=sector, annual_volume_t=rng.randrange(800, 90000, 50),
             credit_rating=rng.choice(("AA", "A", "BBB", "BB")), account_code=f"ACC-{rng.randint(100000, 999999)}")
    wh_ids = []
    for i, place in enumerate(WAREHOUSE_PLACES, 1):
        wid = f"warehouse-{i}"
        wh_ids.append(wid)
        kind = WAREHOUSE_KIND[i % len(WAREHOUSE_KIND)]
        node(wid, "Warehouse", name=f"{place} {kind}", capacity_t=rng.randrange(2000, 60000, 100),
             temperature_controlled=kind == "Cold Store" or rng.random() < 0.2,
             commissioned=_date(rng, dt.date(1965, 1, 1), dt.date(2020, 12, 31)).isoformat(),
             site_code=f"WH-{place[:3].upper()}-{rng.randint(10, 99)}")
        edge(coop_ids[(i - 1) % len(coop_ids)] if i <= 24 else rng.choice(coop_ids), wid, "RUNS_SITE",
             lease_ends=_date(rng, dt.date(2025, 1, 1), dt.date(2040, 12, 31)).isoformat())

    # farmers (sorted oldest first: mentors are older than their mentees)
    pairs = [(f, ln) for f in FIRST for ln in LAST]
    rng.shuffle(pairs)
    borns = sorted(_date(rng, dt.date(1945, 1, 1), dt.date(2000, 12, 31)) for _ in range(330))
    farmer_ids = []
    for i, ((first, last), born) in enumerate(zip(pairs[:330], borns, strict=True), 1):
        fid = f"farmer-{i}"
        farmer_ids.append(fid)
        node(fid, "Farmer", first_name=first, last_name=last, born=born.isoformat(),
             years_farming=max(1, min(2024 - born.year - 16, rng.randint(1, 55))),
             pesticide_licence=rng.random() < 0.55, education=rng.choice(("none", "diploma", "degree", "apprenticeship")),
             registry_no=f"FR-{rng.randint(100000, 999999)}")
    mentor_pool = farmer_ids[:90]
    for i, fid in enumerate(farmer_ids):
        if i < 12 or rng.random() > 0.6:
            continue
        older = [m for m in mentor_pool if int(m.split("-")[1]) - 1 < i - 5]
        if not older:
            continue
        mentor = rng.choice(older[:40]) if rng.random() < 0.5 else rng.choice(older)
        edge(mentor, fid, "MENTORS", since_year=rng.randint(2000, 2023))

    # farms, operators, memberships, certifications
    farm_names = [f"{a} {b} {c}" for a in FARM_A for b in FARM_B for c in FARM_C]
    rng.shuffle(farm_names)
    farm_ids = []
    operators = farmer_ids[:]
    rng.shuffle(operators)
    for i, name in enumerate(farm_names[:260], 1):
        fid = f"farm-{i}"
        farm_ids.append(fid)
        node(fid, "Farm", name=name, hectares=round(rng.uniform(12, 480), 1),
             established=_date(rng, dt.date(1890, 1, 1), dt.date(2019, 12, 31)).isoformat(),
             irrigated=rng.random() < 0.4, soil=rng.choice(("loam", "clay", "sand", "silt", "peat")),
             holding_code=f"HC-{rng.randint(10000, 99999)}")
        op = operators[(i - 1) % len(operators)]
        edge(op, fid, "OPERATES", since=_date(rng, dt.date(1975, 1, 1), dt.date(2023, 12, 31)).isoformat(),
             tenure=rng.choice(("owner", "owner", "tenant", "sharecropper")))
        if rng.random() < 0.15:
            op2 = rng.choice(operators[260:])
            edge(op2, fid, "OPERATES", since=_date(rng, dt.date(1990, 1, 1), dt.date(2023, 12, 31)).isoformat(),
                 tenure=rng.choice(("tenant", "sharecropper")))
        for coop in rng.sample(coop_ids, 2 if rng.random() < 0.18 else 1):
            edge(fid, coop, "MEMBER_OF", joined=_date(rng, dt.date(1980, 1, 1), dt.date(2024, 6, 30)).isoformat(),
                 voting=rng.random() < 0.7, share_count=rng.randint(1, 40))
        if rng.random() < 0.6:
            for cert in rng.sample(cert_ids, rng.choice((1, 1, 2))):
                edge(fid, cert, "CERTIFIED_BY", awarded=_date(rng, dt.date(2012, 1, 1), dt.date(2024, 6, 30)).isoformat(),
                     audit_score=round(rng.uniform(61, 99.5), 1))

    # plots, sowings, harvests, storage
    plot_names = [f"{a} {b} {n}" for a in PLOT_A for b in PLOT_B for n in range(1, 13)]
    rng.shuffle(plot_names)
    plot_i = 0
    harvest_i = 0
    lot_numbers = rng.sample(range(10000, 99999), 1400)
    farm_coops = {f: [c for _, c, k in g.out_edges(f, keys=True) if k == "MEMBER_OF"] for f in farm_ids}
    coop_whs = {c: [w for _, w, k in g.out_edges(c, keys=True) if k == "RUNS_SITE"] for c in coop_ids}
    for fid in farm_ids:
        for _ in range(rng.choice((2, 3, 3, 3, 4))):
            if plot_i >= 800:
                break
            pid = f"plot-{plot_i + 1}"
            node(pid, "Plot", name=plot_names[plot_i], area_ha=round(rng.uniform(0.8, 60), 2),
                 slope=rng.choice(("flat", "flat", "gentle", "steep")), drained=rng.random() < 0.5,
                 parcel_code=f"PC-{rng.randint(1000000, 9999999)}")
            plot_i += 1
            edge(fid, pid, "HAS_PLOT")
            for season, var in zip(rng.sample((2022, 2023, 2024), rng.choice((1, 1, 2))),
                                   rng.sample(var_ids, 2), strict=False):
                edge(pid, var, "SOWN_WITH", planted=_date(rng, dt.date(season, 3, 1), dt.date(season, 5, 31)).isoformat(),
                     seed_rate_kg=round(rng.uniform(40, 220), 1), season=season)
            for _ in range(rng.choice((1, 1, 2, 2))):
                if harvest_i >= 1400:
                    break
                hid = f"harvest-{harvest_i + 1}"
                node(hid, "Harvest", title=f"Lot HL-{lot_numbers[harvest_i]}", tonnage=round(rng.uniform(1.5, 240), 2),
                     harvested=_date(rng, dt.date(2022, 7, 1), dt.date(2024, 10, 31)).isoformat(),
                     grade=rng.choice(("A", "A", "B", "B", "C", "feed")), moisture_pct=round(rng.uniform(9, 19), 1),
                     samples=rng.randint(1, 12))
                harvest_i += 1
                edge(pid, hid, "YIELDED")
                local = [w for c in farm_coops[fid] for w in coop_whs[c]]
                wh = rng.choice(local) if local and rng.random() < 0.85 else rng.choice(wh_ids)
                edge(hid, wh, "STORED_AT", bay=rng.randint(1, 24), fumigated=rng.random() < 0.3)

    # trade: cooperatives supply buyers, warehouses ship to buyers
    for c in coop_ids:
        for b in rng.sample(buyer_ids, rng.randint(3, 8)):
            edge(c, b, "SUPPLIES", contract_t=rng.randrange(200, 12000, 25), price_per_t=round(rng.uniform(120, 620), 2),
                 fixed_price=rng.random() < 0.5, signed=_date(rng, dt.date(2019, 1, 1), dt.date(2024, 12, 31)).isoformat())
    for w in wh_ids:
        for b in rng.sample(buyer_ids, rng.randint(3, 9)):
            edge(w, b, "SHIPS_TO", tonnes=round(rng.uniform(20, 3500), 1),
                 shipped=_date(rng, dt.date(2022, 8, 1), dt.date(2024, 12, 31)).isoformat(),
                 mode=rng.choice(("truck", "truck", "rail", "barge")))
    check_names([display_name(d) for _, d in g.nodes(data=True)])
    return g


def display_name(d: dict) -> str:
    if "first_name" in d:
        return f"{d['first_name']} {d['last_name']}"
    return d.get("name") or d["title"]


NODE_FILES = {  # label -> (file, id column, [(prop, type)])
    "Farmer": ("farmers.csv", "farmerId", [("first_name", "string"), ("last_name", "string"), ("born", "date"),
                                           ("years_farming", "int"), ("pesticide_licence", "boolean"),
                                           ("education", "string"), ("registry_no", "string")]),
    "Farm": ("farms.csv", "farmId", [("name", "string"), ("hectares", "float"), ("established", "date"),
                                     ("irrigated", "boolean"), ("soil", "string"), ("holding_code", "string")]),
    "Plot": ("plots.csv", "plotId", [("name", "string"), ("area_ha", "float"), ("slope", "string"),
                                     ("drained", "boolean"), ("parcel_code", "string")]),
    "Crop": ("crops.csv", "cropId", [("name", "string"), ("family", "string"), ("water_need", "string"),
                                     ("base_price", "float"), ("hs_code", "string")]),
    "Variety": ("varieties.csv", "varietyId", [("name", "string"), ("days_to_maturity", "int"), ("released", "date"),
                                               ("drought_tolerant", "boolean"), ("breeder_code", "string")]),
    "Harvest": ("harvests.csv", "harvestId", [("title", "string"), ("tonnage", "float"), ("harvested", "date"),
                                              ("grade", "string"), ("moisture_pct", "float"), ("samples", "int")]),
    "Cooperative": ("cooperatives.csv", "coopId", [("name", "string"), ("founded", "date"), ("annual_fee", "int"),
                                                   ("region", "string"), ("registration_no", "string")]),
    "Buyer": ("buyers.csv", "buyerId", [("name", "string"), ("sector", "string"), ("annual_volume_t", "int"),
                                        ("credit_rating", "string"), ("account_code", "string")]),
    "Warehouse": ("warehouses.csv", "warehouseId", [("name", "string"), ("capacity_t", "int"),
                                                    ("temperature_controlled", "boolean"), ("commissioned", "date"),
                                                    ("site_code", "string")]),
    "Certification": ("certifications.csv", "certId", [("name", "string"), ("issuing_body", "string"),
                                                       ("renewal_years", "int"), ("organic", "boolean"),
                                                       ("scheme_code", "string")]),
}
EDGE_FILES = {  # type -> (file, [(prop, type)])
    "OPERATES": ("operates.csv", [("since", "date"), ("tenure", "string")]),
    "MENTORS": ("mentors.csv", [("since_year", "int")]),
    "HAS_PLOT": ("has_plot.csv", []),
    "SOWN_WITH": ("sown_with.csv", [("planted", "date"), ("seed_rate_kg", "float"), ("season", "int")]),
    "VARIETY_OF": ("variety_of.csv", []),
    "YIELDED": ("yielded.csv", []),
    "MEMBER_OF": ("member_of.csv", [("joined", "date"), ("voting", "boolean"), ("share_count", "int")]),
    "CERTIFIED_BY": ("certified_by.csv", [("awarded", "date"), ("audit_score", "float")]),
    "STORED_AT": ("stored_at.csv", [("bay", "int"), ("fumigated", "boolean")]),
    "RUNS_SITE": ("runs_site.csv", [("lease_ends", "date")]),
    "SUPPLIES": ("supplies.csv", [("contract_t", "int"), ("price_per_t", "float"), ("fixed_price", "boolean"),
                                  ("signed", "date")]),
    "SHIPS_TO": ("ships_to.csv", [("tonnes", "float"), ("shipped", "date"), ("mode", "string")]),
}


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _key(nid: str) -> tuple[str, int]:
    a, b = nid.rsplit("-", 1)
    return a, int(b)


def write(g: nx.MultiDiGraph, out_dir: Path) -> Path:
    folder = out_dir / "agri_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for label, (fname, idcol, props) in NODE_FILES.items():
        rows = sorted((n for n, d in g.nodes(data=True) if d["label"] == label), key=_key)
        with open(folder / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([f"{idcol}:ID"] + [f"{p}:{t}" for p, t in props] + [":LABEL"])
            for n in rows:
                d = g.nodes[n]
                w.writerow([n] + [_cell(d[p]) for p, _ in props] + [label])
    for etype, (fname, props) in EDGE_FILES.items():
        rows = sorted(((a, b, d) for a, b, d in g.edges(data=True) if d["type"] == etype),
                      key=lambda r: (_key(r[0]), _key(r[1])))
        with open(folder / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{p}:{t}" for p, t in props])
            for a, b, d in rows:
                w.writerow([a, b, etype] + [_cell(d[p]) for p, _ in props])
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    folder = write(build(args.seed), Path(args.out_dir))
    print(f"wrote {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
