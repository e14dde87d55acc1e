"""Generate the byog20 graph: an agricultural cooperative, written as GraphML.

    python tests/byog20/graph.py DIR [--seed N]      # writes DIR/farming.graphml (default seed 2001)

Nine node types (Farmer, Farm, Field, Crop, Harvest, Buyer, Equipment, Inspection, Inspector) and twelve edge
types, one of them a self-relation (Farmer -REFERRED-> Farmer). Edges with properties: OWNS (share_pct, since),
REFERRED (referral_date, bonus_paid), PLANTED_WITH (season_year), SOLD_TO (price_per_tonne, sale_date,
under_contract). A 4-hop path: Farmer -OWNS-> Farm <-PART_OF- Field <-HARVESTED_FROM- Harvest -SOLD_TO-> Buyer.
Node type in the ``labels`` attribute (APOC style ":Farm"), edge type in ``label``. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 2001

FIRST_NAMES = [
    "Ada", "Agnes", "Albert", "Alma", "Amos", "Anita", "Arthur", "Beatrice", "Bernard", "Bridget", "Calvin",
    "Carmen", "Cecil", "Clara", "Cyrus", "Dolores", "Donald", "Edith", "Edwin", "Elena", "Elias", "Esther",
    "Floyd", "Frances", "Gideon", "Gloria", "Harold", "Hazel", "Herbert", "Ida", "Imogen", "Irving", "Jasper",
    "Josephine", "Kofi", "Lena", "Leroy", "Lucia", "Mabel", "Malcolm", "Marta", "Milton", "Nadia", "Norman",
    "Olive", "Oscar", "Pearl", "Priya", "Quentin", "Rosa", "Rufus", "Sabine", "Silas", "Tomas", "Ursula",
    "Vernon", "Wanda", "Wendell", "Yusuf", "Zelda",
]
LAST_NAMES = [
    "Abernathy", "Baptiste", "Barlow", "Brennan", "Castellano", "Chowdhury", "Dawson", "Delacroix", "Eriksen",
    "Fairbanks", "Fenwick", "Garrison", "Gutierrez", "Halvorsen", "Hargrove", "Ingram", "Jankowski", "Kavanagh",
    "Kowalczyk", "Lindqvist", "Lockhart", "Mbeki", "McAllister", "Moreau", "Nakamura", "Novak", "Okonkwo",
    "Olander", "Pettigrew", "Quinlan", "Rasmussen", "Rinaldi", "Sandoval", "Schreiber", "Sorensen", "Tanaka",
    "Thibodeaux", "Underhill", "Vasquez", "Voss", "Wakefield", "Whitlock", "Yamamoto", "Zielinski", "Beaumont",
    "Carrington", "Dunmore", "Ellsworth", "Fitzgerald", "Gallagher", "Hollister", "Iverson", "Jessup", "Kinsella",
    "Larkin", "Merriweather", "Nyberg", "Ostrander", "Prescott", "Radcliffe",
]
STEM_HEADS = [
    "Holly", "Cedar", "Willow", "Oak", "Ash", "Elm", "Birch", "Maple", "Hazel", "Thorn", "Fern", "Briar",
    "Clover", "Heather", "Juniper", "Alder", "Rowan", "Linden", "Poplar", "Larch",
]
STEM_TAILS = [
    "brook", "field", "ridge", "dale", "wood", "mead", "hollow", "croft", "stead", "ford", "vale", "combe",
    "ley", "hurst", "moor",
]
FARM_KINDS = ["Farm", "Farm", "Farm", "Farm", "Orchard", "Ranch", "Acres", "Homestead", "Estate"]
REGIONS = ["Northern Valley", "River Delta", "Eastern Hills", "Southern Plains", "Lakeside"]
FIELD_LABELS = [
    "Mill Paddock", "Upper Meadow", "Lower Meadow", "Long Acre", "Church Field", "North Plot", "South Plot",
    "River Strip", "Top Field", "Quarry Block", "Spring Close", "Barn Field", "Hill Piece", "Pond Field",
    "Windmill Lot", "Old Pasture",
]
SOILS = ["Loam", "Clay", "Sandy", "Silt", "Peat"]
# name, category, perennial, growing days, typical yield (t/ha)
CROPS = [
    ("Winter Wheat", "Cereal", False, 262, 7.5), ("Spring Barley", "Cereal", False, 104, 5.8),
    ("Oats", "Cereal", False, 112, 4.9), ("Rye", "Cereal", False, 241, 4.4), ("Maize", "Cereal", False, 127, 9.6),
    ("Sorghum", "Cereal", False, 118, 4.1), ("Soybeans", "Legume", False, 109, 3.2),
    ("Field Peas", "Legume", False, 92, 3.6), ("Lentils", "Legume", False, 101, 1.7),
    ("Chickpeas", "Legume", False, 106, 1.9), ("Faba Beans", "Legume", False, 133, 4.0),
    ("Canola", "Oilseed", False, 124, 3.1), ("Sunflower", "Oilseed", False, 98, 2.6),
    ("Flax", "Oilseed", False, 95, 1.8), ("Potatoes", "Vegetable", False, 114, 38.0),
    ("Carrots", "Vegetable", False, 76, 45.0), ("Onions", "Vegetable", False, 141, 42.0),
    ("Sweet Corn", "Vegetable", False, 86, 12.0), ("Cabbage", "Vegetable", False, 91, 55.0),
    ("Pumpkins", "Vegetable", False, 116, 25.0), ("Tomatoes", "Vegetable", False, 81, 60.0),
    ("Apples", "Fruit", True, 165, 30.0), ("Pears", "Fruit", True, 152, 24.0), ("Cherries", "Fruit", True, 88, 8.0),
    ("Blueberries", "Fruit", True, 121, 7.0), ("Strawberries", "Fruit", True, 72, 20.0),
    ("Alfalfa", "Forage", True, 61, 11.0), ("Red Clover", "Forage", True, 67, 8.5),
]
BUYER_STEMS = [
    "Riverside", "Summit", "Prairie", "Golden Valley", "Northstar", "Bluewater", "Keystone", "Heritage", "Pioneer",
    "Silverline", "Crescent", "Liberty", "Meridian", "Evergreen", "Granite", "Lakeshore", "Sunrise", "Copper Hill",
    "Harvest Moon", "Westgate", "Redwood", "Highland", "Bayview", "Ironbridge", "Stonegate", "Fairhaven",
    "Brightwater", "Kingsbury", "Larkspur", "Old Harbour", "Tidewater", "Greystone", "Sutton", "Marlow", "Shelter Bay",
    "Foxglove", "Sandpiper", "Chestnut", "Quarry Lane", "Belmont", "Harrowgate", "Windrush", "Amberley",
    "Thistledown", "Coldwater",
]
BUYER_TYPES = {  # type -> (name suffixes, crop categories or names it sources)
    "Mill": (["Milling Co.", "Flour Mills"], ["Winter Wheat", "Rye", "Oats", "Spring Barley", "Sorghum"]),
    "Cannery": (["Canning Company", "Preserves"], ["Vegetable", "Legume", "Cherries", "Pears"]),
    "Grocer": (["Fresh Market", "Grocers"], ["Vegetable", "Fruit"]),
    "Exporter": (["Grain Exports", "Trading House"], ["Cereal", "Oilseed", "Legume"]),
    "Brewery": (["Brewing Co.", "Malt House"], ["Spring Barley", "Rye", "Maize", "Winter Wheat"]),
    "Feed Mill": (["Feed & Seed", "Livestock Feeds"], ["Forage", "Maize", "Oats", "Soybeans", "Field Peas"]),
    "Cidery": (["Cider Works", "Orchard Press"], ["Apples", "Pears"]),
}
CITIES = ["Granville", "Port Ellis", "Marston", "Redford", "Ashby", "Clearwater", "Halden", "Brookton"]
EQUIPMENT = {  # type -> (code letter, brands)
    "Tractor": ("T", ["Fendt", "Kubota", "Massey Ferguson", "New Holland"]),
    "Combine": ("C", ["Claas", "John Deere", "Case IH"]),
    "Sprayer": ("S", ["Hardi", "Amazone", "Kuhn"]),
    "Seeder": ("D", ["Väderstad", "Horsch", "Great Plains"]),
    "Baler": ("B", ["Krone", "Vermeer", "Welger"]),
    "Irrigation Pump": ("P", ["Cornell", "Rain Bird", "Berkeley"]),
}
SCHEMES = ["Organic", "Food Safety", "Water Use", "Soil Health"]
AGENCIES = ["State Agriculture Department", "Organic Certifiers Guild", "Cooperative Quality Office"]
INSPECTOR_NAMES = [
    "Amara Okafor", "Benedikt Strauss", "Colette Marchand", "Desmond Achterberg", "Fiona Galbraith",
    "Henrik Tollefsen", "Isadora Quintero", "Jonah Whitcombe", "Leonie Baumgartner", "Marcus Ferreira",
    "Noor Haddad", "Philippa Ashcroft", "Raymond Oduya", "Sigrid Vandermeer",
]


def _iso(d: date) -> str:
    return d.isoformat()


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **attrs) -> str:
        g.add_node(nid, labels=f":{label}", **attrs)
        return nid

    def edge(src: str, label: str, dst: str, **attrs) -> None:
        if g.has_edge(src, dst):  # one edge per ordered pair: no relation is overwritten
            raise AssertionError(f"duplicate edge {src} -> {dst}")
        g.add_edge(src, dst, label=label, **attrs)

    # -- crops
    crops: dict[str, str] = {}
    crop_info: dict[str, tuple] = {}
    for i, (name, cat, perennial, days, yld) in enumerate(CROPS, 1):
        cid = node(f"crop-{i}", "Crop", name=name, category=cat, perennial=perennial, growing_days=days)
        crops[name] = cid
        crop_info[cid] = (name, cat, perennial, days, yld)

    # -- farmers (members), ordered by the date they joined
    pairs = [(f, la) for f in FIRST_NAMES for la in LAST_NAMES]
    rng.shuffle(pairs)
    taken_inspector = {tuple(n.split(" ", 1)) for n in INSPECTOR_NAMES}
    pairs = [p for p in pairs if p not in taken_inspector][:320]
    joined = sorted(_day(rng, date(1998, 1, 1), date(2024, 6, 30)) for _ in pairs)
    farmers: list[str] = []
    farmer_joined: dict[str, date] = {}
    board = set(rng.sample(range(len(pairs)), 12))
    for i, ((first, last), since) in enumerate(zip(pairs, joined, strict=True), 1):
        tier = rng.choices(["Bronze", "Silver", "Gold"], weights=[5, 3, 1])[0]
        fid = node(f"farmer-{i}", "Farmer", first_name=first, last_name=last,
                   birth_year=rng.randint(1948, 1999), member_since=_iso(since), membership_tier=tier,
                   is_board_member=(i - 1) in board)
        farmers.append(fid)
        farmer_joined[fid] = since

    # -- referrals: a member may have been referred by one who joined earlier (directed, acyclic)
    referrals_made: dict[str, int] = {f: 0 for f in farmers}
    for i, fid in enumerate(farmers):
        if i < 25 or rng.random() > 0.55:
            continue
        earlier = farmers[:i]
        weights = [1 + 2 * referrals_made[e] for e in earlier]
        ref = rng.choices(earlier, weights=weights)[0]
        referrals_made[ref] += 1
        when = farmer_joined[fid] - timedelta(days=rng.randint(3, 60))
        edge(ref, "REFERRED", fid, referral_date=_iso(when), bonus_paid=rng.random() < 0.7)

    # -- farms and their owners
    stems = [h + t for h in STEM_HEADS for t in STEM_TAILS]
    rng.shuffle(stems)
    farms: list[str] = []
    farm_stem: dict[str, str] = {}
    owned_count: dict[str, int] = {f: 0 for f in farmers}
    for i, stem in enumerate(stems[:140], 1):
        kind = rng.choice(FARM_KINDS)
        fid = node(f"farm-{i}", "Farm", name=f"{stem} {kind}", region=rng.choice(REGIONS),
                   hectares=round(rng.uniform(12, 480), 1), organic_certified=rng.random() < 0.3,
                   founded_year=rng.randint(1885, 2019))
        farms.append(fid)
        farm_stem[fid] = stem
        n_owners = rng.choices([1, 2, 3], weights=[5, 3, 1])[0]
        shares = {1: [100.0], 2: rng.choice([[50.0, 50.0], [60.0, 40.0], [75.0, 25.0]]),
                  3: rng.choice([[50.0, 30.0, 20.0], [40.0, 40.0, 20.0], [34.0, 33.0, 33.0]])}[n_owners]
        pool = [f for f in farmers if owned_count[f] < 2]
        for owner, share in zip(rng.sample(pool, n_owners), shares, strict=True):
            owned_count[owner] += 1
            since = _day(rng, date(1990, 1, 1), date(2024, 6, 30))
            edge(owner, "OWNS", fid, share_pct=share, since=_iso(since))

    # -- fields, what is planted on them, and their harvests
    crop_ids = list(crop_info)
    fruit = [c for c in crop_ids if crop_info[c][1] == "Fruit"]
    n_field = 0
    fields: list[str] = []
    field_crops: dict[str, list[str]] = {}
    field_area: dict[str, float] = {}
    for fid in farms:
        name = g.nodes[fid]["name"]
        labels = rng.sample(FIELD_LABELS, rng.randint(1, 6))
        for lab in labels:
            n_field += 1
            area = round(rng.uniform(1.5, 60.0), 2)
            fl = node(f"field-{n_field}", "Field", name=f"{farm_stem[fid]} {lab}", area_ha=area,
                      soil_type=rng.choice(SOILS), irrigated=rng.random() < 0.4)
            edge(fl, "PART_OF", fid)
            fields.append(fl)
            field_area[fl] = area
            pool = fruit if name.endswith("Orchard") else crop_ids
            chosen = rng.sample(pool, rng.choices([1, 2], weights=[3, 2])[0])
            field_crops[fl] = chosen
            for c in chosen:
                edge(fl, "PLANTED_WITH", c, season_year=rng.randint(2012, 2023))

    # -- buyers and the crops they source
    buyers: list[str] = []
    sources: dict[str, list[str]] = {}
    stems_b = list(BUYER_STEMS)
    rng.shuffle(stems_b)
    types = list(BUYER_TYPES)
    for i, stem in enumerate(stems_b, 1):
        btype = types[(i - 1) % len(types)] if i <= len(types) else rng.choice(types)
        suffixes, wants = BUYER_TYPES[btype]
        bid = node(f"buyer-{i}", "Buyer", name=f"{stem} {rng.choice(suffixes)}", buyer_type=btype,
                   city=rng.choice(CITIES), credit_limit=rng.randrange(50, 900) * 1000,
                   fair_trade_partner=rng.random() < 0.35)
        buyers.append(bid)
        eligible = [c for c in crop_ids if crop_info[c][0] in wants or crop_info[c][1] in wants]
        picked = sorted(rng.sample(eligible, min(len(eligible), rng.randint(2, 5))), key=crop_ids.index)
        sources[bid] = picked
        for c in picked:
            edge(bid, "SOURCES", c)
    by_crop: dict[str, list[str]] = {c: [b for b in buyers if c in sources[b]] for c in crop_ids}

    n_lot = 0
    for fl in fields:
        for year in range(2021, 2025):
            for c in field_crops[fl]:
                if rng.random() > 0.42:
                    continue
                n_lot += 1
                name_c, _cat, _per, days, yld = crop_info[c]
                when = _day(rng, date(year, 6, 1), date(year, 10, 31))
                tonnes = round(field_area[fl] * yld * rng.uniform(0.6, 1.25), 2)
                hid = node(f"harvest-{n_lot}", "Harvest", name=f"Lot {year % 100:02d}-{n_lot:04d}",
                           harvest_date=_iso(when), yield_tonnes=tonnes,
                           quality_grade=rng.choices(["A", "B", "C"], weights=[4, 4, 2])[0],
                           moisture_pct=round(rng.uniform(9.0, 24.0), 1))
                edge(hid, "HARVESTED_FROM", fl)
                edge(hid, "OF_CROP", c)
                if by_crop[c] and rng.random() < 0.9:
                    b = rng.choice(by_crop[c])
                    edge(hid, "SOLD_TO", b, price_per_tonne=round(rng.uniform(120, 900), 2),
                         sale_date=_iso(when + timedelta(days=rng.randint(3, 40))),
                         under_contract=rng.random() < 0.5)

    # -- equipment, kept at a farm, with certified operators
    counters = {t: 0 for t in EQUIPMENT}
    owners_of: dict[str, list[str]] = {f: [] for f in farms}
    for u, v, d in g.edges(data=True):
        if d["label"] == "OWNS":
            owners_of[v].append(u)
    for n_eq in range(1, 131):
        etype = rng.choices(list(EQUIPMENT), weights=[5, 2, 2, 2, 2, 1])[0]
        letter, brands = EQUIPMENT[etype]
        counters[etype] += 1
        eid = node(f"equipment-{n_eq}", "Equipment",
                   name=f"{rng.choice(brands)} {etype.lower()} {letter}-{counters[etype]:02d}",
                   equipment_type=etype, purchase_year=rng.randint(1996, 2024),
                   hours_used=rng.randint(80, 14000), needs_service=rng.random() < 0.25)
        farm = rng.choice(farms)
        edge(eid, "KEPT_AT", farm)
        operators = set(rng.sample(owners_of[farm], min(len(owners_of[farm]), rng.randint(0, 2))))
        operators |= set(rng.sample(farmers, rng.randint(0, 2)))
        for op in sorted(operators, key=farmers.index):
            edge(op, "CERTIFIED_ON", eid)

    # -- inspectors and inspections
    inspectors = []
    for i, nm in enumerate(INSPECTOR_NAMES, 1):
        inspectors.append(node(f"inspector-{i}", "Inspector", name=nm, agency=rng.choice(AGENCIES),
                               years_experience=rng.randint(2, 31)))
    dates = sorted(_day(rng, date(2021, 1, 4), date(2024, 12, 20)) for _ in range(260))
    for i, when in enumerate(dates, 1):
        outcome = rng.choices(["Pass", "Conditional", "Fail"], weights=[7, 2, 1])[0]
        lo, hi = {"Pass": (75, 100), "Conditional": (55, 79), "Fail": (20, 59)}[outcome]
        iid = node(f"inspection-{i}", "Inspection", name=f"Inspection #{1000 + i}", inspection_date=_iso(when),
                   scheme=rng.choice(SCHEMES), outcome=outcome, score=rng.randint(lo, hi))
        edge(iid, "INSPECTION_OF", rng.choice(farms))
        edge(iid, "CONDUCTED_BY", rng.choice(inspectors))
    return g


def main(argv: list[str] | None = None) -> Path:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    out = args.dir / "farming.graphml"
    nx.write_graphml(build(args.seed), out)
    print(f"wrote {out}")
    return out


if __name__ == "__main__":
    main()
