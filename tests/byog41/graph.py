"""Deterministic generator of a wine trade network (byog41 hold-out graph).

Usage: python tests/byog41/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/wine.graphml

Node type in the node attribute ``type``, edge type in the edge attribute ``type`` (no ``labels``).
Stdlib ``random.Random(seed)`` plus networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

import networkx as nx

REGIONS = [
    ("Willamette Foothills", "USA"), ("Sonoma Benchlands", "USA"), ("Paso Robles Uplands", "USA"),
    ("Finger Lakes Shore", "USA"), ("Columbia Gorge", "USA"), ("Rioja Oriental", "Spain"),
    ("Ribera Highlands", "Spain"), ("Priorat Slate Country", "Spain"), ("Rias Baixas Coast", "Spain"),
    ("Barossa Floor", "Australia"), ("Margaret River Cape", "Australia"), ("Clare Valley Heights", "Australia"),
    ("Mosel Steeplands", "Germany"), ("Rheingau Terraces", "Germany"), ("Pfalz Lowlands", "Germany"),
    ("Douro Gorge", "Portugal"), ("Dao Plateau", "Portugal"), ("Alentejo Plains", "Portugal"),
    ("Uco Valley", "Argentina"), ("Lujan de Cuyo", "Argentina"), ("Salta Altitude", "Argentina"),
    ("Marlborough Sounds", "New Zealand"), ("Central Otago Basin", "New Zealand"),
    ("Hawkes Bay Gravels", "New Zealand"), ("Stellenbosch Kloof", "South Africa"),
    ("Swartland Hills", "South Africa"), ("Maipo Andes", "Chile"), ("Colchagua Corridor", "Chile"),
    ("Chianti Classico Core", "Italy"), ("Langhe Ridges", "Italy"), ("Etna Slopes", "Italy"),
    ("Valpolicella Hills", "Italy"), ("Cote de Beaune Escarpment", "France"), ("Northern Rhone Bank", "France"),
    ("Loire Touraine", "France"), ("Medoc Left Bank", "France"),
]
GRAPES = [
    ("Cabernet Sauvignon", "red", "France"), ("Merlot", "red", "France"), ("Pinot Noir", "red", "France"),
    ("Syrah", "red", "France"), ("Grenache", "red", "Spain"), ("Tempranillo", "red", "Spain"),
    ("Sangiovese", "red", "Italy"), ("Nebbiolo", "red", "Italy"), ("Malbec", "red", "France"),
    ("Zinfandel", "red", "Croatia"), ("Cabernet Franc", "red", "France"), ("Petit Verdot", "red", "France"),
    ("Mourvedre", "red", "Spain"), ("Barbera", "red", "Italy"), ("Touriga Nacional", "red", "Portugal"),
    ("Carmenere", "red", "France"), ("Gamay", "red", "France"), ("Nerello Mascalese", "red", "Italy"),
    ("Chardonnay", "white", "France"), ("Sauvignon Blanc", "white", "France"), ("Riesling", "white", "Germany"),
    ("Chenin Blanc", "white", "France"), ("Viognier", "white", "France"), ("Gewurztraminer", "white", "France"),
    ("Albarino", "white", "Spain"), ("Gruner Veltliner", "white", "Austria"), ("Semillon", "white", "France"),
    ("Pinot Gris", "white", "France"), ("Verdejo", "white", "Spain"), ("Marsanne", "white", "France"),
]
SURNAMES = [
    "Halvorsen", "Marchetti", "Okonkwo", "Delacroix", "Villanueva", "Brennan", "Takahashi", "Lindqvist",
    "Moreau", "Castellano", "Ferreira", "Novak", "Abernathy", "Kowalczyk", "Duarte", "Esposito", "Fairweather",
    "Gallagher", "Haddad", "Ivanova", "Jaramillo", "Kessler", "Laurent", "Mbeki", "Nakamura", "Oyelaran",
    "Pellegrini", "Quintero", "Rasmussen", "Sandoval", "Thibault", "Underwood", "Vasquez", "Whitlock",
    "Xavier", "Yamamoto", "Zielinski", "Achterberg", "Bianchi", "Carvalho", "Dimitrov", "Eriksen", "Fontaine",
    "Guerrero", "Hoffmann", "Iglesias", "Jovanovic", "Kaminski", "Lombardi", "Mancini", "Nieminen", "Olsen",
    "Petrakis", "Romano", "Schreiber", "Tanaka", "Ulrich", "Valente", "Weber", "Yilmaz", "Zamora", "Ashby",
    "Blackwood", "Calloway", "Dunmore", "Ellery", "Forsythe", "Greaves", "Hargreave", "Ingram", "Jessup",
    "Kendrick", "Lockhart", "Merriweather", "Northcott", "Ormsby", "Pemberton", "Quayle", "Radcliffe",
    "Sutcliffe", "Thorne", "Upton", "Vance", "Wakefield", "Yardley", "Aguilar", "Bautista", "Cordero",
    "Espinoza", "Figueroa", "Galindo", "Herrera", "Ibarra", "Lozano", "Medina", "Navarro", "Ortega", "Paredes",
    "Rivas", "Salazar", "Toledo", "Urrutia", "Vidal", "Zapata", "Auclair", "Bonnet", "Chevalier", "Dufour",
    "Gautier", "Lefebvre", "Marchand", "Perrin", "Rousseau", "Vernier", "Albrecht", "Baumann", "Engel",
    "Fischer", "Graf", "Hartmann", "Krause", "Lorenz", "Meier", "Richter", "Sommer", "Vogel", "Winkler",
]
FIRST_NAMES = [
    "Ana", "Bruno", "Camille", "Diego", "Elena", "Felix", "Greta", "Hugo", "Ines", "Jonas", "Keiko", "Luca",
    "Marta", "Nils", "Olivia", "Pablo", "Quinn", "Rosa", "Stefan", "Tomas", "Ursula", "Victor", "Wendy",
    "Xenia", "Yusuf", "Zoe", "Amara", "Bastien", "Carla", "Dmitri", "Esme", "Farid", "Giulia", "Henrik",
    "Isla", "Javier", "Kofi", "Leila", "Mateo", "Nadia", "Oskar", "Priya", "Rafael", "Sofia", "Theo", "Valeria",
    "Wiremu", "Yara", "Adele", "Benedikt", "Clara", "Dario", "Emil", "Fiona", "Gustavo", "Helga", "Ivo",
    "Julia", "Kasper", "Lorena", "Magnus", "Noor", "Orla", "Paolo", "Renata", "Silas", "Tamsin", "Vera",
]
PLACE_WORDS = [
    "Bramblewood", "Oak Hollow", "Stonegate", "Ravenscliff", "Millbrook", "Ashgrove", "Cedar Bend", "Foxhaven",
    "Larkspur", "Willowmere", "Thornbury", "Highgrove", "Briarwood", "Coldwater", "Redfern", "Silverdale",
    "Kingsbridge", "Moonrise", "Elmstead", "Harrowgate", "Wildrose", "Blackthorn", "Fernhill", "Goldcrest",
    "Hawthorne", "Ironbark", "Juniper Hill", "Kestrel Point", "Lindenhof", "Marigold", "Nightingale",
    "Orchard Lane", "Pinecrest", "Quarry Rock", "Riverbend", "Saltmarsh", "Tidewater", "Upland Farm",
    "Vinegrove", "Westbrook", "Yew Tree", "Amberley", "Bellwether", "Copperleaf", "Dovecote", "Eastwind",
    "Falconridge", "Glenrock", "Heronsgate", "Ivywood", "Kilnworth", "Lodestar", "Meadowlark", "Northwind",
    "Oxbow", "Peregrine", "Rookwood", "Sandpiper", "Tallowtree", "Underhill", "Vesper", "Windhover",
]
WINERY_SUFFIX = ["Estate", "Cellars", "Winery", "Wine Company", "Vintners", "Family Wines", "Bodega", "Domaine"]
VINEYARD_NATURE = [
    "Foxglove", "Thistle", "Magpie", "Granite", "Cobblestone", "Lantern", "Bluebell", "Sparrow", "Basalt",
    "Chalkpit", "Heather", "Otter", "Buttercup", "Windmill", "Kettle", "Clover", "Badger", "Pebble", "Sorrel",
    "Shale", "Acorn", "Bracken", "Cinder", "Daisy", "Ember", "Fennel", "Gorse", "Hazel", "Iris", "Jasper",
    "Kingfisher", "Lichen", "Mistletoe", "Nettle", "Obsidian", "Poppy", "Quail", "Rosemary", "Saffron",
    "Tansy", "Umber", "Violet", "Wren", "Yarrow", "Almond", "Birch", "Chestnut", "Driftwood", "Flint",
]
VINEYARD_SUFFIX = ["Vineyard", "Block", "Slope", "Terrace", "Ranch", "Parcel", "Knoll"]
WINE_ADJ = [
    "Silent", "Morning", "Velvet", "Crimson", "Wandering", "Hidden", "Golden", "Broken", "Distant", "Quiet",
    "Restless", "Burning", "Honest", "Patient", "Lucky", "Humble", "Stubborn", "Dancing", "Rusty", "Sleeping",
    "Scarlet", "Amber", "Midnight", "Summer", "Winter", "Wild", "Twin", "Lost", "Salted", "Painted",
]
WINE_NOUN = [
    "Fog", "Heron", "Compass", "Lantern Fish", "Orchard", "Harvest", "Tide", "Ember Field", "Shepherd",
    "Canyon", "Letter", "Promise", "Horizon", "Riddle", "Feather", "Anchor Stone", "Meadow", "Pilgrim",
    "Echo", "Thunder", "Gravel Road", "Fable", "Ladder", "Mirror", "Sunset", "Mule", "Chapel", "Cartographer",
    "Tailor", "Kite", "Lighthouse", "Quarrel", "Secret", "Blossom", "Parade", "Signal", "Wager", "Ballad",
]
VENUE_PATTERNS = [
    "The {w} Table", "{w} Wine Bar", "The {w} Room", "{w} Bottle Shop", "Cafe {w}", "The {w} Tavern",
    "{w} Wine Merchant", "Bistro {w}", "The {w} Kitchen", "{w} Cellar Door Shop",
]
VENUE_WORDS = [
    "Copper", "Lemon", "Walnut", "Sailor", "Gardener", "Fig Tree", "Blue Door", "Saddle", "Velvet Fox",
    "Porthole", "Pepper", "Ironwork", "Linen", "Mulberry", "Goose", "Olive", "Pelican", "Tinker", "Brass",
    "Oyster", "Nutmeg", "Rook", "Marble", "Hollyhock", "Barley", "Thimble", "Weaver", "Cobbler", "Quince",
    "Anise", "Plover", "Juniper", "Button", "Cricket", "Lark", "Turnip", "Ivory", "Drum", "Garnet", "Harbor",
]
IMPORTER_WORDS = [
    "Atlas", "Meridian", "Northstar", "Pacific Crest", "Bluewater", "Continental", "Evergreen", "Harborline",
    "Keystone", "Lighthouse Bay", "Mariner", "Old World", "Pioneer", "Quayside", "Seabright", "Transatlantic",
    "Union Square", "Vanguard", "Westward", "Crossroads", "Sterling", "Cardinal", "Beacon", "Frontier",
]
IMPORTER_SUFFIX = ["Imports", "Wine Merchants", "Trading Co", "Selections", "Distributors"]
IMPORTER_COUNTRIES = ["USA", "United Kingdom", "Japan", "Canada", "Singapore", "Denmark", "Brazil"]
CITIES = ["Portland", "Chicago", "London", "Tokyo", "Toronto", "Singapore", "Copenhagen", "Sao Paulo",
          "Melbourne", "Austin"]
COMP_CITIES = ["Lisbon", "Verona", "Bordeaux", "San Francisco", "Sydney", "Hong Kong", "Cape Town", "Mendoza",
               "Vienna", "Auckland"]
COMP_KINDS = ["International Wine Challenge", "Wine Awards", "Vinalia Cup", "Sommelier Trophy"]
PUBLICATIONS = ["Cellar Notes", "The Grapevine Review", "Vintage Quarterly", "Pour Magazine", "Terroir Weekly"]


class Names:
    """Display names unique across the graph, none inside another (whole words, case-insensitive)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.subs: set[tuple[str, ...]] = set()

    def take(self, name: str) -> bool:
        t = tuple(name.lower().split())
        if t in self.full or t in self.subs:
            return False
        parts = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        if any(p in self.full for p in parts):
            return False
        self.full.add(t)
        self.subs |= parts
        return True


def _date(rng: random.Random, lo: dt.date, hi: dt.date) -> str:
    return (lo + dt.timedelta(days=rng.randrange((hi - lo).days + 1))).isoformat()


def build(seed: int = 41) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, ntype: str, **attrs) -> str:
        g.add_node(nid, type=ntype, **attrs)
        return nid

    def edge(src: str, etype: str, dst: str, **attrs) -> None:
        g.add_edge(src, dst, type=etype, **attrs)

    # regions
    regions = []
    climates = ["continental", "maritime", "mediterranean", "alpine"]
    for i, (nm, country) in enumerate(REGIONS, 1):
        assert names.take(nm), nm
        regions.append(node(
            f"region-{i}", "Region", name=nm, country=country, climate=rng.choice(climates),
            area_ha=round(rng.uniform(800, 42000), 1), recognized_on=_date(rng, dt.date(1936, 1, 1),
                                                                          dt.date(2015, 12, 31)),
            appellation_code=f"APL-{country[:2].upper()}-{i:03d}", protected_designation=rng.random() < 0.7))
    # grapes
    grapes = []
    for i, (nm, color, origin) in enumerate(GRAPES, 1):
        assert names.take(nm), nm
        grapes.append(node(
            f"grape-{i}", "GrapeVariety", name=nm, berry_color=color, origin_country=origin,
            early_ripening=rng.random() < 0.4, vivc_code=f"VIVC-{rng.randrange(1000, 13000)}",
            typical_yield_t_ha=round(rng.uniform(3.5, 14.0), 2)))
    # wineries
    wineries = []
    combos = [f"{p} {s}" for p in PLACE_WORDS for s in WINERY_SUFFIX]
    combos += [f"{s} {p}" for p in SURNAMES for s in ("Domaine", "Bodega", "Casa", "Weingut")]
    rng.shuffle(combos)
    tiers = ["boutique", "mid-size", "large"]
    winery_region = {}
    for nm in combos:
        if len(wineries) == 180:
            break
        if not names.take(nm):
            continue
        i = len(wineries) + 1
        reg = rng.choice(regions)
        w = node(f"winery-{i}", "Winery", name=nm, founded_year=rng.randrange(1832, 2019),
                 family_owned=rng.random() < 0.55, annual_cases=rng.randrange(800, 250000),
                 license_no=f"BW-{rng.choice('ACNOSW')}{rng.randrange(10000, 99999)}", size_tier=rng.choice(tiers),
                 tasting_room_opened=_date(rng, dt.date(1975, 1, 1), dt.date(2023, 12, 31)))
        wineries.append(w)
        winery_region[w] = reg
        edge(w, "BASED_IN", reg)
    # vineyards
    vineyards = []
    combos = [f"{a} {s}" for a in VINEYARD_NATURE for s in VINEYARD_SUFFIX]
    combos += [f"{a} {b} {s}" for a in VINEYARD_NATURE for b in ("Hill", "Creek", "Ridge") for s in
               ("Vineyard", "Block")]
    rng.shuffle(combos)
    soils = ["clay", "limestone", "volcanic", "gravel", "schist", "sand", "loam"]
    owned_by: dict[str, list[str]] = {w: [] for w in wineries}
    vy_region = {}
    for nm in combos:
        if len(vineyards) == 330:
            break
        if not names.take(nm):
            continue
        i = len(vineyards) + 1
        owner = rng.choice(wineries) if rng.random() < 0.85 else None
        reg = winery_region[owner] if owner and rng.random() < 0.8 else rng.choice(regions)
        v = node(f"vineyard-{i}", "Vineyard", name=nm, hectares=round(rng.uniform(1.2, 95.0), 2),
                 elevation_m=rng.randrange(15, 1650), organic=rng.random() < 0.35,
                 planted_on=_date(rng, dt.date(1901, 1, 1), dt.date(2016, 12, 31)), soil=rng.choice(soils),
                 parcel_code=f"PC-{rng.randrange(100, 999)}-{rng.choice('ABCDEFGH')}{rng.randrange(10, 99)}")
        vineyards.append(v)
        vy_region[v] = reg
        edge(v, "LOCATED_IN", reg)
        if owner:
            edge(v, "OWNED_BY", owner)
            owned_by[owner].append(v)
    # wines
    wines = []
    bases = [f"{a} {n}" for a in WINE_ADJ for n in WINE_NOUN]
    rng.shuffle(bases)
    styles = ["still", "still", "still", "sparkling", "fortified", "dessert"]
    colors = ["red", "red", "white", "white", "rose"]
    wine_winery = {}
    wine_vintage = {}
    bi = 0
    reds = [g_ for g_ in grapes if g.nodes[g_]["berry_color"] == "red"]
    whites = [g_ for g_ in grapes if g.nodes[g_]["berry_color"] == "white"]
    for w in wineries:
        for _ in range(rng.choice([2, 2, 3, 3])):
            while True:
                base = bases[bi]
                bi += 1
                years = sorted(rng.sample(range(2008, 2023), rng.choice([1, 2, 2, 3])))
                titles = [f"{base} {y}" for y in years]
                probe = Names()
                probe.full, probe.subs = set(names.full), set(names.subs)
                if all(probe.take(t) for t in titles):
                    break
            style = rng.choice(styles)
            color = rng.choice(colors)
            blend_pool = reds if color != "white" else whites
            blend = rng.sample(blend_pool, rng.choice([1, 1, 2, 3]))
            for y, t in zip(years, titles, strict=True):
                assert names.take(t)
                i = len(wines) + 1
                wn = node(f"wine-{i}", "Wine", title=t, vintage=y, abv=round(rng.uniform(11.0, 15.5), 1)
                          if style != "fortified" else round(rng.uniform(17.5, 20.5), 1),
                          price_usd=round(rng.uniform(9, 240), 2), bottles_made=rng.randrange(600, 60000),
                          style=style, wine_color=color, closure=rng.choice(["cork", "screwcap", "cork"]),
                          released_on=_date(rng, dt.date(y + 1, 1, 1), dt.date(y + 2, 12, 31)),
                          sku=f"SKU-{rng.randrange(100000, 999999)}", kosher=rng.random() < 0.08)
                wines.append(wn)
                wine_winery[wn] = w
                wine_vintage[wn] = y
                edge(wn, "PRODUCED_BY", w)
                if len(blend) == 1:
                    pcts = [100]
                else:
                    cuts = sorted(rng.sample(range(10, 91, 5), len(blend) - 1))
                    pcts = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
                for gr, p in sorted(zip(blend, pcts, strict=True), key=lambda x: -x[1]):
                    edge(wn, "MADE_FROM", gr, percentage=p)
                pool = list(owned_by[w]) or []
                src = rng.sample(pool, min(len(pool), rng.choice([1, 1, 2]))) if pool else []
                if not src or rng.random() < 0.3:
                    extra = rng.choice(vineyards)
                    if extra not in src:
                        src.append(extra)
                for v in src:
                    edge(wn, "SOURCED_FROM", v, tonnes=round(rng.uniform(0.8, 60.0), 1))
    # winemakers
    makers = []
    nats = ["French", "Italian", "Spanish", "American", "Australian", "Chilean", "German", "South African"]
    people = [(f, s) for f in FIRST_NAMES for s in SURNAMES]
    rng.shuffle(people)
    pi = 0

    def person() -> tuple[str, str]:
        nonlocal pi
        while True:
            f, s = people[pi]
            pi += 1
            if names.take(f"{f} {s}"):
                return f, s

    roles = ["head winemaker", "assistant winemaker", "consultant"]
    for i in range(1, 231):
        f, s = person()
        m = node(f"winemaker-{i}", "Winemaker", first_name=f, last_name=s,
                 born_on=_date(rng, dt.date(1942, 1, 1), dt.date(1998, 12, 31)),
                 years_experience=rng.randrange(2, 45), certified_sommelier=rng.random() < 0.25,
                 nationality=rng.choice(nats), enologist_id=f"ENO-{rng.randrange(10000, 99999)}")
        makers.append(m)
        for w in rng.sample(wineries, rng.choice([1, 1, 1, 2])):
            edge(m, "WORKS_AT", w, since=_date(rng, dt.date(1990, 1, 1), dt.date(2023, 6, 30)),
                 role=rng.choice(roles))
    for i, m in enumerate(makers):
        if i >= 15 and rng.random() < 0.7:
            mentors = rng.sample(makers[:i], 1 if rng.random() < 0.85 else 2)
            for mt in mentors:
                edge(m, "APPRENTICED_UNDER", mt, start_year=rng.randrange(1995, 2022))
    # importers
    importers = []
    combos = [f"{a} {s}" for a in IMPORTER_WORDS for s in IMPORTER_SUFFIX]
    rng.shuffle(combos)
    for nm in combos:
        if len(importers) == 45:
            break
        if not names.take(nm):
            continue
        i = len(importers) + 1
        im = node(f"importer-{i}", "Importer", name=nm, country=rng.choice(IMPORTER_COUNTRIES),
                  founded_year=rng.randrange(1948, 2020), bonded_warehouse=rng.random() < 0.5,
                  import_license=f"IL-{rng.randrange(1000, 9999)}-{rng.choice('XYZ')}",
                  portfolio_size=rng.randrange(40, 2200))
        importers.append(im)
    imp_wineries: dict[str, list[str]] = {}
    for im in importers:
        ws = rng.sample(wineries, rng.randrange(3, 11))
        imp_wineries[im] = ws
        for w in ws:
            edge(im, "DISTRIBUTES_FOR", w, contract_start=_date(rng, dt.date(2001, 1, 1), dt.date(2024, 3, 31)),
                 exclusive=rng.random() < 0.3)
    # venues
    venues = []
    combos = [p.format(w=w) for p in VENUE_PATTERNS for w in VENUE_WORDS]
    rng.shuffle(combos)
    kinds = {"Table": "restaurant", "Room": "restaurant", "Bistro": "restaurant", "Kitchen": "restaurant",
             "Tavern": "restaurant", "Cafe": "restaurant", "Bar": "wine bar", "Shop": "wine shop",
             "Merchant": "wine shop"}
    wines_by_winery: dict[str, list[str]] = {}
    for wn, w in wine_winery.items():
        wines_by_winery.setdefault(w, []).append(wn)
    for nm in combos:
        if len(venues) == 280:
            break
        if not names.take(nm):
            continue
        i = len(venues) + 1
        kind = next(k for word, k in kinds.items() if word in nm.split())
        vn = node(f"venue-{i}", "Venue", name=nm, venue_kind=kind, city=rng.choice(CITIES),
                  seats=rng.randrange(18, 220) if kind != "wine shop" else 0,
                  michelin_starred=kind == "restaurant" and rng.random() < 0.15,
                  opened_on=_date(rng, dt.date(1968, 1, 1), dt.date(2024, 5, 31)),
                  guest_rating=round(rng.uniform(3.1, 4.9), 1))
        venues.append(vn)
        sups = rng.sample(importers, rng.choice([1, 1, 2, 3]))
        for im in sups:
            edge(vn, "SUPPLIED_BY", im, account_since=rng.randrange(2003, 2025))
        pool = sorted({wn for im in sups for w in imp_wineries[im] for wn in wines_by_winery.get(w, [])},
                      key=lambda x: int(x.split("-")[1]))
        stock = rng.sample(pool, min(len(pool), rng.randrange(3, 12)))
        for wn in stock:
            edge(vn, "STOCKS", wn, list_price=round(rng.uniform(18, 420), 2), by_the_glass=rng.random() < 0.3)
    # critics
    critics = []
    for i in range(1, 41):
        f, s = person()
        c = node(f"critic-{i}", "Critic", first_name=f, last_name=s, publication=rng.choice(PUBLICATIONS),
                 active_since=rng.randrange(1984, 2020), critic_code=f"CR{rng.randrange(100, 999)}")
        critics.append(c)
        for wn in rng.sample(wines, rng.randrange(20, 90)):
            y = wine_vintage[wn]
            edge(c, "REVIEWED", wn, score=rng.randrange(78, 100),
                 tasted_on=_date(rng, dt.date(y + 1, 1, 1), dt.date(min(y + 3, 2024), 12, 31)))
    # competitions
    comps = []
    combos = [f"{c} {k} {y}" for c in COMP_CITIES for k in COMP_KINDS for y in range(2016, 2025)]
    rng.shuffle(combos)
    medals = ["gold", "silver", "silver", "bronze", "bronze", "bronze", "double gold"]
    for nm in combos:
        if len(comps) == 32:
            break
        if not names.take(nm):
            continue
        i = len(comps) + 1
        year = int(nm.split()[-1])
        cp = node(f"competition-{i}", "Competition", name=nm, year=year, host_city=next(c for c in COMP_CITIES if nm.startswith(c)),
                  entries=rng.randrange(300, 9000), held_on=_date(rng, dt.date(year, 3, 1), dt.date(year, 10, 31)),
                  international="International" in nm or rng.random() < 0.5)
        comps.append(cp)
        eligible = [wn for wn in wines if wine_vintage[wn] < year]
        for wn in rng.sample(eligible, rng.randrange(8, 30)):
            edge(wn, "AWARDED_AT", cp, medal=rng.choice(medals))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=41)
    a = ap.parse_args(argv)
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(a.seed), out / "wine.graphml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
