"""Deterministic generator for the byog63 holdout graph: a craft brewery group and its pub estate.

Usage: python tests/byog63/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/brewery.graphml

Stdlib random.Random(seed) plus networkx only. Node type in an APOC-style ``labels`` attribute (":Beer"),
edge type in the edge attribute ``label``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from pathlib import Path
from random import Random

import networkx as nx

DEFAULT_SEED = 63

TOWN_NAMES = [
    "Ashbury", "Bramwell", "Calderford", "Dunmere", "Eastwick", "Fallowfield", "Glenhaven", "Hartlepool Vale",
    "Ivybridge", "Jarrowby", "Kingsmere", "Longstaff", "Marbleton", "Northam", "Otterburn", "Pelham Cross",
    "Quarrington", "Rothbury", "Stainforth", "Thistlewood", "Upminster Green", "Wendover", "Yarmouth Reach",
    "Amblecote", "Birchington", "Coldharbour", "Dovercourt", "Elstead", "Frodsham", "Grantley", "Holmfirth",
    "Kettlewell", "Ludlowe", "Millbrook", "Netherby", "Oakhanger", "Penrose", "Redmarley", "Saltash", "Tadcastle",
]
COUNTIES = ["Northshire", "Westmoor", "Eastdale", "Southfold", "Midvale"]

BREWERY_A = ["Iron", "Copper", "Old", "Wild", "Black", "Grey", "Hidden", "Crooked", "Brass", "Salt", "Stone",
             "Lantern", "Foxglove", "Raven", "Hollow", "Kiln", "Tidal", "Moorland"]
BREWERY_B = ["Forge", "Kettle", "Mill", "Barrow", "Gate", "Wharf", "Yard", "Bell", "Works", "Cellar", "Furnace",
             "Orchard", "Bridge", "Lane"]
BREWERY_C = ["Brewery", "Brewing Co", "Ales", "Beer Company", "Brewhouse"]

PUB_A = ["Red", "White", "Golden", "Black", "Green", "Royal", "Crown and", "Rose and", "Jolly", "Blue", "Silver",
         "Laughing", "Drunken", "Sleeping", "Wandering", "Merry", "Wheatsheaf and", "Dog and", "Fox and",
         "Plough and", "Hare and", "Swan and", "Bull and", "Eagle and"]
PUB_B = ["Lion", "Hart", "Anchor", "Compass", "Feathers", "Bell", "Boar", "Heron", "Otter", "Badger", "Kestrel",
         "Lamb", "Pheasant", "Magpie", "Stag", "Trout", "Falcon", "Ferret", "Mole", "Owl", "Plover", "Partridge",
         "Wren", "Hound", "Goose", "Gannet", "Pike", "Weasel"]
PUB_KINDS = ["pub", "taproom", "bottle shop", "beer hall", "micropub"]

FIRST = ["Ada", "Ben", "Cara", "Dev", "Ella", "Finn", "Gwen", "Hugo", "Isla", "Jude", "Kit", "Lena", "Milo", "Nia",
         "Owen", "Pia", "Quinn", "Rhys", "Sian", "Theo", "Una", "Vik", "Wyn", "Xena", "Yusuf", "Zara", "Arlo", "Bea",
         "Cal", "Dora", "Ezra", "Fern", "Gus", "Hana", "Ivo", "Jess", "Kai", "Lyra", "Matteo", "Noor", "Oona",
         "Priya", "Ravi", "Saoirse", "Tomas", "Ula", "Viggo", "Wanda", "Ines", "Bram"]
LAST = ["Abbott", "Blackwood", "Carver", "Dunlop", "Everett", "Fairbairn", "Gallagher", "Hollis", "Ibbotson",
        "Jennings", "Kerrigan", "Lindqvist", "Maddox", "Naylor", "Okafor", "Pemberton", "Quaid", "Rowntree",
        "Sandoval", "Thackeray", "Underhill", "Vasquez", "Whitlock", "Yardley", "Zielinski", "Achterberg",
        "Brannigan", "Castellano", "Delacroix", "Eastman", "Fitzwilliam", "Grimshaw", "Hargreaves", "Iwasaki",
        "Kowalczyk", "Lockhart", "Mbeki", "Novak", "Oyelaran", "Pritchard"]
BREWERY_ROLES = ["head brewer", "assistant brewer", "cellar manager", "quality analyst"]
PUB_ROLES = ["bar manager", "bartender", "cellar hand"]

BEER_A = ["Hazy", "Midnight", "Amber", "Velvet", "Thunder", "Harvest", "Copperhead", "Misty", "Smoked", "Crimson",
          "Lazy", "Northern", "Sunken", "Broken", "Silent", "Wicked", "Honeyed", "Frosted", "Burnt", "Lucky",
          "Restless", "Gentle", "Rusty", "Electric", "Faded", "Wayward", "Tangled", "Sleepy", "Bitter", "Hollowed"]
BEER_B = ["Orbit", "Meadow", "Lantern", "Tide", "Ember", "Harbour", "Summit", "Thicket", "Riddle", "Pilgrim",
          "Sparrow", "Cobble", "Tempest", "Haystack", "Quarry", "Voyager", "Marigold", "Saddle", "Chimney", "Drifter",
          "Monsoon", "Horizon", "Nettle", "Beacon", "Ladder", "Canopy", "Bramble", "Rocket", "Pebble", "Shanty"]
STYLES = ["IPA", "Stout", "Porter", "Pale Ale", "Lager", "Saison", "Sour", "Best Bitter", "Wheat Beer", "Mild"]

HOPS = ["Cascade", "Citra", "Mosaic", "Fuggle", "East Kent Goldings", "Challenger", "Simcoe", "Nelson Sauvin",
        "Saaz", "Hallertau Blanc", "Amarillo", "Centennial", "Galaxy", "Motueka", "Bramling Cross", "Target",
        "Admiral", "Jester", "Olicana", "Ekuanot", "Sabro", "Strata", "Talus", "Idaho 7", "Waimea", "Chinook",
        "Northdown", "Pilgrim Gold", "Phoenix", "Sovereign"]
MALTS = ["Maris Otter", "Golden Promise", "Crystal 150", "Chocolate Malt", "Roasted Barley", "Munich Malt",
         "Vienna Malt", "Pilsner Malt", "Flaked Oats", "Torrified Wheat", "Amber Malt", "Brown Malt", "Carapils",
         "Smoked Beechwood Malt", "Rye Malt", "Biscuit Malt", "Melanoidin Malt", "Acidulated Malt", "Spelt Malt",
         "Black Patent"]
YEASTS = ["London Ale III", "Kveik Voss", "Belgian Saison Strain", "West Coast Ale Yeast", "Bavarian Lager Yeast",
          "Brettanomyces Claussenii", "Lactobacillus Plantarum", "Whitbread B Strain", "Kolsch Strain", "Burton Union"]
ADJUNCTS = ["Lactose", "Cacao Nibs", "Madagascan Vanilla", "Blood Orange Zest", "Sea Salt", "Coriander Seed",
            "Heather Honey", "Coffee Beans", "Raspberry Puree", "Oak Chips", "Juniper Berries", "Pink Peppercorn",
            "Elderflower", "Toasted Coconut", "Tonka Bean", "Black Treacle", "Rhubarb", "Damson Plums", "Ginger Root",
            "Lemongrass"]
ORIGINS = ["England", "USA", "New Zealand", "Germany", "Czechia", "Belgium", "Norway"]

SUPPLIER_NAMES = [
    "Hopworks Trading", "Barleycorn Maltings", "Greenbine Farms", "Pacific Cone Exchange", "Bohemian Hop Guild",
    "Tavistock Grain Merchants", "Aurora Yeast Labs", "Kettle and Sack Wholesale", "Fenland Maltsters",
    "Orchard Spice House", "Southern Cross Hops", "Brewers Larder", "Rhineland Malz", "Nordic Culture Bank",
    "Willow Vale Produce", "Pennine Hop Store", "Cooperage Direct", "Bluebell Botanicals", "Stonebridge Ingredients",
    "Harrow Field Growers", "Meridian Commodities", "Cairngorm Maltings", "Saltmarsh Provisions", "Vinetree Imports",
    "Goldfinch Supply",
]
CONTAINERS = [("pin", 20.5), ("firkin", 40.9), ("kilderkin", 81.8), ("keg", 50.0), ("keg", 30.0)]

FESTIVAL_NAMES = [
    "Great Valley Beer Festival", "Winter Ales Gathering", "Hop Harvest Weekend", "Riverside Cask Fair",
    "Spring Saison Social", "Dark Beer Carnival", "Midsummer Tap Takeover", "Autumn Barrel Show",
    "Lantern Night Beer Fest", "Coastal Craft Expo", "Moorland Real Ale Rally", "Sour Power Summit",
    "The Big Pour", "Cask Revival Days", "Oktober Steins Market", "Cellar Door Jamboree",
    "Northern Lights Ale Trail", "Hopscotch Festival", "Brewers Guild Convention", "Festival of the Firkin",
]
AWARD_PREFIX = ["Golden Tankard", "Silver Bine", "Cask Crown", "Judges Ribbon", "People's Pint", "Master Cellarman",
                "Brewers Cup", "Hop Leaf Medal"]
AWARD_CATEGORIES = ["Best in Show", "Best in Style", "Champion Cask", "Newcomer", "Peoples Choice"]


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.sub(r"[^\w]+", " ", name.lower()).split())


class Names:
    """Unique display names: no name equals, or sits (as whole words) inside, another."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.grams: set[tuple[str, ...]] = set()

    def ok(self, name: str) -> bool:
        t = _tokens(name)
        if not t or t in self.grams:
            return False
        subs = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        return not (subs & self.full)

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        t = _tokens(name)
        self.full.add(t)
        self.grams |= {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        return True


def _date(rng: Random, start: dt.date, end: dt.date) -> str:
    return (start + dt.timedelta(days=rng.randrange((end - start).days + 1))).isoformat()


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, labels=f":{label}", **attrs)

    def edge(src: str, dst: str, label: str, **attrs) -> None:
        assert not g.has_edge(src, dst), (src, dst)
        g.add_edge(src, dst, label=label, **attrs)

    # Towns
    towns = []
    for i, tn in enumerate(TOWN_NAMES):
        assert names.add(tn), tn
        tid = f"town-{i + 1}"
        node(tid, "Town", name=tn, county=rng.choice(COUNTIES), population=rng.randrange(2500, 180000),
             area_km2=round(rng.uniform(4, 95), 2), has_station=rng.random() < 0.55,
             postcode_area=f"{''.join(rng.choice('BDFHKLNPRSTW') for _ in range(2))}{rng.randrange(1, 30)}",
             charter_date=_date(rng, dt.date(1150, 1, 1), dt.date(1890, 12, 31)))
        towns.append(tid)

    # Breweries (first pass: one brewery per leading word; second pass fills up to 30)
    breweries = []
    combos = [(a, b, c) for a in BREWERY_A for b in BREWERY_B for c in BREWERY_C]
    rng.shuffle(combos)
    used_ab: set[tuple[str, str]] = set()
    for first_pass in (True, False):
        for a, b, c in combos:
            if len(breweries) == 30:
                break
            if (a, b) in used_ab or (first_pass and a in {x[0] for x in used_ab}):
                continue
            nm = f"{a} {b} {c}"
            if not names.add(nm):
                continue
            used_ab.add((a, b))
            bid = f"brewery-{len(breweries) + 1}"
            founded = rng.randrange(1978, 2022)
            node(bid, "Brewery", name=nm, founded_year=founded, capacity_hl=round(rng.uniform(800, 60000), 1),
                 independent=rng.random() < 0.7, size_class=rng.choice(["micro", "craft", "regional"]),
                 licence_no=f"LN/{rng.randrange(1000, 9999)}/{rng.choice('ABCDEFGHJK')}",
                 first_brew_date=_date(rng, dt.date(founded, 1, 1), dt.date(founded, 12, 28)))
            edge(bid, rng.choice(towns), "LOCATED_IN")
            breweries.append(bid)

    # Pubs
    pubs = []
    combos = [(a, b) for a in PUB_A for b in PUB_B]
    rng.shuffle(combos)
    for a, b in combos:
        if len(pubs) == 150:
            break
        nm = f"The {a} {b}"
        if not names.add(nm):
            continue
        pid = f"pub-{len(pubs) + 1}"
        node(pid, "Pub", name=nm, kind=rng.choice(PUB_KINDS), seats=rng.randrange(18, 260),
             rating=round(rng.uniform(2.8, 4.95), 2), dog_friendly=rng.random() < 0.5,
             opened=_date(rng, dt.date(1820, 1, 1), dt.date(2023, 6, 30)),
             licence_code=f"PL-{rng.choice('NWESM')}{rng.randrange(10000, 99999)}")
        edge(pid, rng.choice(towns), "LOCATED_IN")
        pubs.append(pid)
    for pid in pubs:
        if rng.random() < 0.62:
            edge(rng.choice(breweries), pid, "OWNS", acquired=_date(rng, dt.date(1995, 1, 1), dt.date(2024, 12, 31)),
                 tied=rng.random() < 0.6)

    # People
    people = []
    combos = [(f, la) for f in FIRST for la in LAST]
    rng.shuffle(combos)
    for f, la in combos:
        if len(people) == 400:
            break
        if not names.add(f"{f} {la}"):
            continue
        pid = f"person-{len(people) + 1}"
        at_brewery = len(people) < 160
        role = rng.choice(BREWERY_ROLES if at_brewery else PUB_ROLES)
        node(pid, "Person", first_name=f, last_name=la, role=role,
             hired=_date(rng, dt.date(2001, 1, 1), dt.date(2024, 9, 30)), years_experience=rng.randrange(0, 31),
             hourly_rate=round(rng.uniform(11.5, 34.0), 2), cicerone_certified=rng.random() < 0.3,
             staff_code=f"SC{rng.randrange(100000, 999999)}")
        where = rng.choice(breweries) if at_brewery else rng.choice(pubs)
        edge(pid, where, "WORKS_AT", since=g.nodes[pid]["hired"], full_time=rng.random() < 0.7,
             shift=rng.choice(["day", "evening", "rotating"]))
        people.append(pid)
    # apprenticeships: apprentice -> mentor (mentor hired earlier); some chains
    by_hire = sorted(people, key=lambda p: (g.nodes[p]["hired"], p))
    for idx, p in enumerate(by_hire):
        if idx < 25 or rng.random() > 0.55:
            continue
        pool = by_hire[max(0, idx - 120):idx]
        mentor = rng.choice(pool)
        edge(p, mentor, "APPRENTICED_TO", since_year=int(g.nodes[p]["hired"][:4]) - rng.randrange(0, 3),
             completed=rng.random() < 0.5)

    # Suppliers
    suppliers = []
    for i, sn in enumerate(SUPPLIER_NAMES):
        assert names.add(sn), sn
        sid = f"supplier-{i + 1}"
        node(sid, "Supplier", name=sn, country=rng.choice(ORIGINS), founded_year=rng.randrange(1860, 2019),
             rating=round(rng.uniform(2.5, 5.0), 2), certified_organic=rng.random() < 0.35,
             vat_code=f"GB{rng.randrange(100000000, 999999999)}")
        suppliers.append(sid)

    # Ingredients
    ingredients = []
    for kind, pool in (("hop", HOPS), ("malt", MALTS), ("yeast", YEASTS), ("adjunct", ADJUNCTS)):
        for nm in pool:
            assert names.add(nm), nm
            iid = f"ingredient-{len(ingredients) + 1}"
            attrs = dict(name=nm, kind=kind, origin=rng.choice(ORIGINS), organic=rng.random() < 0.3,
                         price_per_kg=round(rng.uniform(1.2, 48.0), 2),
                         lot_code=f"LOT{rng.choice('ABCDEFGH')}{rng.randrange(1000, 9999)}",
                         harvest_date=_date(rng, dt.date(2021, 1, 1), dt.date(2024, 10, 31)))
            if kind == "hop":
                attrs["alpha_acid"] = round(rng.uniform(2.5, 17.5), 1)
            node(iid, "Ingredient", **attrs)
            ingredients.append(iid)
            for sid in rng.sample(suppliers, rng.choice([1, 1, 2, 2, 3])):
                edge(iid, sid, "SUPPLIED_BY", contract_start=_date(rng, dt.date(2015, 1, 1), dt.date(2024, 6, 30)),
                     exclusive=rng.random() < 0.25)
    hop_ids = [i for i in ingredients if g.nodes[i]["kind"] == "hop"]
    malt_ids = [i for i in ingredients if g.nodes[i]["kind"] == "malt"]
    yeast_ids = [i for i in ingredients if g.nodes[i]["kind"] == "yeast"]
    adj_ids = [i for i in ingredients if g.nodes[i]["kind"] == "adjunct"]

    # Festivals and awards
    festivals = []
    for i, fn in enumerate(FESTIVAL_NAMES):
        assert names.add(fn), fn
        fid = f"festival-{i + 1}"
        node(fid, "Festival", name=fn, start_date=_date(rng, dt.date(2019, 3, 1), dt.date(2024, 11, 30)),
             attendance=rng.randrange(800, 42000), ticket_price=round(rng.uniform(5, 45), 2),
             outdoor=rng.random() < 0.5, edition=rng.randrange(1, 40))
        edge(fid, rng.choice(towns), "LOCATED_IN")
        festivals.append(fid)
    awards = []
    combos = [(p, y) for p in AWARD_PREFIX for y in range(2019, 2025)]
    rng.shuffle(combos)
    for p, y in combos[:40]:
        title = f"{p} {y}"
        assert names.add(title), title
        aid = f"award-{len(awards) + 1}"
        node(aid, "Award", title=title, category=rng.choice(AWARD_CATEGORIES), year=y,
             prize_money=float(rng.choice([250, 500, 750, 1000, 1500, 2000, 3000])), judged_blind=rng.random() < 0.6)
        edge(aid, rng.choice(festivals), "PRESENTED_AT")
        awards.append(aid)

    # Beers
    beers = []
    combos = [(a, b) for a in BEER_A for b in BEER_B]
    rng.shuffle(combos)
    for a, b in combos:
        if len(beers) == 300:
            break
        nm = f"{a} {b}"
        if not names.add(nm):
            continue
        bid = f"beer-{len(beers) + 1}"
        style = rng.choice(STYLES)
        lo, hi = {"Lager": (4.0, 5.5), "Mild": (3.0, 4.2), "Best Bitter": (3.6, 4.8), "Stout": (4.2, 11.5),
                  "IPA": (5.5, 8.5), "Porter": (4.5, 7.5), "Sour": (3.5, 6.5)}.get(style, (4.0, 7.0))
        node(bid, "Beer", name=nm, style=style, abv=round(rng.uniform(lo, hi), 1), ibu=rng.randrange(8, 95),
             launched=_date(rng, dt.date(2012, 1, 1), dt.date(2024, 8, 31)), seasonal=rng.random() < 0.3,
             sku=f"SKU{rng.randrange(10000, 99999)}{rng.choice('XYZQ')}")
        edge(bid, rng.choice(breweries), "BREWED_BY")
        picks = rng.sample(malt_ids, rng.randrange(1, 4)) + rng.sample(hop_ids, rng.randrange(1, 4))
        picks.append(rng.choice(yeast_ids))
        if rng.random() < 0.35:
            picks.append(rng.choice(adj_ids))
        for iid in picks:
            k = g.nodes[iid]["kind"]
            stage = {"malt": "mash", "yeast": "pitch"}.get(k) or (
                rng.choice(["boil", "whirlpool", "dry hop"]) if k == "hop" else rng.choice(["boil", "conditioning"]))
            edge(bid, iid, "USES", grams_per_litre=round(rng.uniform(0.5, 180.0), 1), stage=stage)
        for fid in rng.sample(festivals, rng.choice([0, 1, 1, 2, 2, 3])):
            edge(bid, fid, "POURED_AT")
        beers.append(bid)
    winners = rng.sample(beers, 70)
    for i, aid in enumerate(awards):
        for bid in dict.fromkeys([winners[(2 * i) % 70], winners[(2 * i + 1) % 70], rng.choice(beers)]):
            if not g.has_edge(bid, aid):
                edge(bid, aid, "WON", medal=rng.choice(["gold", "silver", "bronze"]), score=rng.randrange(60, 100))

    # Casks / keg batches
    for i in range(1000):
        cid = f"cask-{i + 1}"
        container, vol = rng.choice(CONTAINERS)
        beer = rng.choice(beers)
        filled = _date(rng, dt.date(2023, 1, 1), dt.date(2024, 11, 30))
        nm = f"Gyle {1000 + i}"
        assert names.add(nm), nm
        node(cid, "Cask", name=nm, container=container, volume_litres=vol, filled_date=filled,
             unfiltered=rng.random() < 0.45, batch_code=f"B{filled[2:4]}{filled[5:7]}-{rng.randrange(100, 999)}")
        edge(cid, beer, "FILLED_WITH")
        if rng.random() < 0.9:
            d = dt.date.fromisoformat(filled) + dt.timedelta(days=rng.randrange(3, 40))
            edge(cid, rng.choice(pubs), "DELIVERED_TO", delivered_on=d.isoformat(),
                 price_gbp=round(vol * rng.uniform(2.1, 4.4), 2), on_time=rng.random() < 0.8)
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / "brewery.graphml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
