"""Deterministic live-music graph generator (Neo4j admin-import CSV with ID spaces).

    python tests/byog25/graph.py OUT_DIR [--seed N]

writes OUT_DIR/music_csv/: one ``nodes_<type>.csv`` per node type and one ``rels_<type>.csv`` per edge type.
Only the standard library's ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

FIRST = (
    "Ada Bram Cleo Dario Elsa Felix Greta Hugo Ines Jonas Kira Lionel Mara Nico Opal Pavel Quinn Rosa Silas Tessa "
    "Umar Vera Wendell Xenia Yusuf Zora Amos Bianca Cyril Delphine Emil Flora Gideon Hazel Ivo Juno Kasimir Leona "
    "Milo Nadia Otis Petra Rufus Sabine Tobias Ulla Viggo Willa Anouk Basil Calla Dmitri Esme Ferris Gemma Hollis"
).split()
LAST = (
    "Abernathy Baptiste Castellano Dunmore Eriksen Fairweather Galloway Halvorsen Ingram Jablonski Kowalczyk "
    "Lindqvist Mbeki Nakamura Okafor Pellegrini Quintero Rasmussen Szabo Thibault Underwood Valdivia Whitlock "
    "Yamamoto Zielinski Achterberg Brennan Carvalho Delacroix Esposito Fontaine Gutierrez Hargreaves Iwasaki "
    "Jorgensen Kavanagh Lachance Moreau Novak Oyelaran Petrakis Rourke Salazar Tanaka Uhlmann Vasquez Winslow "
    "Amundsen Beaumont Cardenas Dufresne Ellingsen Ferreira Grimaldi Holloway Ivanova Janssen Kristiansen"
).split()
ADJ = (
    "Velvet Iron Hollow Neon Silver Crimson Paper Electric Wild Quiet Golden Broken Midnight Violet Copper Lunar "
    "Rusty Scarlet Frozen Amber Glass Wandering Distant Savage Gentle Restless Cobalt Feral Static Burning Pale "
    "Heavy Tender Bitter Sunken Northern Faded Radiant Hidden Lucky"
).split()
NOUN = (
    "Foxes Harbor Tides Wolves Engines Sparrows Lanterns Giants Rivers Ghosts Pilots Orchards Comets Mirrors "
    "Ravens Saints Coyotes Anchors Satellites Thieves Bandits Deserts Embers Horses Owls Canyons Prophets Sirens "
    "Monarchs Drifters Tigers Arrows Meadows Kings Strangers Dreamers Shadows Wires Tractors Pines"
).split()
PLAIN_BANDS = (
    "Apple Yesterday Window Honey Thunder Bridge Garden Morning Ocean Ladder Kettle Mountain Harvest Compass "
    "Weather Lighthouse Marble Cotton Pepper Cinnamon"
).split()
GIG_A = (
    "Summer Winter Autumn Spring Late Early Open Secret Sunday Friday Rooftop Basement Riverside Harbourside "
    "Candlelit Starlit Electric Acoustic Unplugged Loud"
).split()
GIG_B = ("Sessions Jam Revue Showcase Bash Party Gathering Soiree Rumble Blowout Social Takeover Fest Happening "
         "Spectacle Assembly Shindig Jamboree Hootenanny Carnival").split()
GIG_C = (
    "Blue Green Orange Purple Yellow Teal Indigo Maroon Ivory Ochre Magenta Saffron Cerise Olive Mauve Sepia Azure "
    "Jade Ruby Topaz Onyx Pearl Coral Slate Sable Umber Cyan Russet Lilac Khaki Beige Cream Mint Plum Rose Sand "
    "Smoke Ash Flint Moss"
).split()
GENRES = (
    "Shoegaze", "Afrobeat", "Bluegrass", "Synthwave", "Post-Punk", "Trip Hop", "Dream Pop", "Krautrock", "Zydeco",
    "Grunge", "Ska", "Dub", "Math Rock", "Neo-Soul", "Cumbia", "Highlife", "Garage Rock", "Ambient", "Emo",
    "Rockabilly",
)
CITIES = (
    ("Lisbon", "Portugal"), ("Porto", "Portugal"), ("Glasgow", "UK"), ("Leeds", "UK"), ("Bristol", "UK"),
    ("Manchester", "UK"), ("Austin", "USA"), ("Nashville", "USA"), ("Seattle", "USA"), ("Denver", "USA"),
    ("Chicago", "USA"), ("Portland", "USA"), ("Atlanta", "USA"), ("Detroit", "USA"), ("Toronto", "Canada"),
    ("Montreal", "Canada"), ("Vancouver", "Canada"), ("Berlin", "Germany"), ("Hamburg", "Germany"),
    ("Cologne", "Germany"), ("Leipzig", "Germany"), ("Utrecht", "Netherlands"), ("Rotterdam", "Netherlands"),
    ("Ghent", "Belgium"), ("Antwerp", "Belgium"), ("Lyon", "France"), ("Marseille", "France"), ("Bordeaux", "France"),
    ("Valencia", "Spain"), ("Seville", "Spain"), ("Bilbao", "Spain"), ("Bologna", "Italy"), ("Turin", "Italy"),
    ("Copenhagen", "Denmark"), ("Aarhus", "Denmark"), ("Gothenburg", "Sweden"), ("Bergen", "Norway"),
    ("Krakow", "Poland"), ("Brno", "Czechia"), ("Ljubljana", "Slovenia"),
)
VENUE_A = (
    "Roundhouse Foundry Palladium Lyceum Granary Boathouse Tannery Brewhall Chapel Rotunda Arcade Pavilion Depot "
    "Warehouse Observatory Conservatory Gasworks Mill Ballroom Cellar"
).split()
VENUE_TYPES = ("club", "theatre", "arena", "amphitheatre", "hall")
PROMO_A = ("Backline Soundcheck Loudhailer Bigtop Stagehand Wristband Turnstile Spotlight Encore Marquee Footlight "
           "Headliner Roadie Mixdesk Megaphone Amplify Riser Setlist Lanyard Greenroom").split()
PROMO_B = ("Presents", "Live", "Promotions", "Concerts", "Events")
LABEL_A = ("Driftwood Kingfisher Blackbird Ironbark Saltmarsh Moonrake Heron Larkspur Tinderbox Quarry Brambling "
           "Gullwing Hawthorn Juniper Nettle Ptarmigan Rookery Sorrel Thistle Wren Yarrow Alder Bracken Curlew "
           "Dunlin Fieldfare Goldcrest Hemlock Kestrel Linnet").split()
LABEL_B = ("Records", "Recordings", "Music", "Sound")
TOUR_A = ("Homecoming", "Afterglow", "Long Road", "Bright Lights", "Low Tide", "High Noon", "Open Sky",
          "Last Call", "Slow Burn", "Far Shore", "Deep Water", "Cold Front", "Heatwave", "Crossroads", "Nightfall",
          "Daybreak", "Undertow", "Wildfire", "Landslide", "Skyline")
TOUR_B = ("Tour", "World Tour", "Run", "Circuit", "Odyssey")
REGIONS = ("Europe", "North America", "UK and Ireland", "Worldwide")
INSTRUMENTS = ("vocals", "guitar", "bass", "drums", "keys", "violin")
BAND_STATUS = ("active", "hiatus", "disbanded")
FORMATS = ("headline show", "festival slot", "acoustic set", "residency")
BILLING = ("headliner", "support", "opener")
DEALS = ("standard", "licensing", "distribution")
PROMO_TIER = ("boutique", "regional", "national")


class Names:
    """Display names unique across the graph, none inside another (word-wise, case-insensitive)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.grams: set[str] = set()

    @staticmethod
    def _grams(name: str) -> set[str]:
        w = name.lower().split()
        return {" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1)}

    def take(self, name: str) -> bool:
        key = name.lower()
        g = self._grams(name)
        if key in self.grams or g & self.names:
            return False
        self.names.add(key)
        self.grams |= g
        return True


def _d(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int) -> dict:
    rng = random.Random(seed)
    names = Names()
    nodes: dict[str, list[dict]] = {}
    rels: dict[str, list[dict]] = {}

    def pick_name(gen) -> str:
        while True:
            n = gen()
            if names.take(n):
                return n

    # genres, cities
    nodes["Genre"] = []
    for i, g in enumerate(GENRES, 1):
        names.take(g)
        nodes["Genre"].append({"id": i, "name": g, "origin_decade": rng.choice(range(1950, 2020, 10)),
                               "typical_bpm": rng.randint(70, 180), "mainstream": rng.random() < 0.4})
    nodes["City"] = []
    for i, (c, country) in enumerate(CITIES, 1):
        names.take(c)
        nodes["City"].append({"id": i, "name": c, "country": country, "population": rng.randint(180_000, 3_900_000),
                              "noise_curfew": rng.random() < 0.45, "ticket_tax": round(rng.uniform(0, 12), 2)})
    # venues
    nodes["Venue"] = []
    rels["LOCATED_IN"] = []
    for i in range(1, 151):
        city = rng.choice(nodes["City"])
        vt = rng.choice(VENUE_TYPES)
        cap = {"club": (150, 900), "theatre": (600, 2500), "arena": (6000, 20000), "amphitheatre": (3000, 12000),
               "hall": (800, 4000)}[vt]
        name = pick_name(lambda city=city: f"The {rng.choice(ADJ)} {rng.choice(VENUE_A)}"
                         if rng.random() < 0.6 else f"{rng.choice(GIG_C)} {rng.choice(VENUE_A)}")
        nodes["Venue"].append({"id": i, "name": name, "venue_code": f"VN-{rng.randint(1000, 9999)}{chr(65 + i % 26)}",
                               "capacity": rng.randint(*cap), "opened": _d(rng, date(1950, 1, 1), date(2018, 12, 31)),
                               "outdoor": vt == "amphitheatre" or rng.random() < 0.1, "venue_type": vt,
                               "rating": round(rng.uniform(2.5, 5.0), 1)})
        rels["LOCATED_IN"].append({"s": i, "e": city["id"]})
    # labels, promoters
    nodes["Label"] = []
    rels["HEADQUARTERED_IN"] = []
    for i in range(1, 31):
        name = pick_name(lambda: f"{rng.choice(LABEL_A)} {rng.choice(LABEL_B)}")
        nodes["Label"].append({"id": i, "name": name, "label_code": f"LBL-{rng.randint(100, 999)}",
                               "founded_year": rng.randint(1962, 2016), "independent": rng.random() < 0.6,
                               "roster_cap": rng.randint(8, 40)})
        rels["HEADQUARTERED_IN"].append({"s": i, "e": rng.choice(nodes["City"])["id"]})
    nodes["Promoter"] = []
    rels["BASED_IN"] = []
    for i in range(1, 41):
        name = pick_name(lambda: f"{rng.choice(PROMO_A)} {rng.choice(PROMO_B)}")
        nodes["Promoter"].append({"id": i, "name": name, "license_no": f"PRM/{rng.randint(10000, 99999)}",
                                  "founded": _d(rng, date(1975, 1, 1), date(2019, 12, 31)),
                                  "commission_rate": round(rng.uniform(0.05, 0.25), 3),
                                  "tier": rng.choice(PROMO_TIER)})
        rels["BASED_IN"].append({"s": i, "e": rng.choice(nodes["City"])["id"]})
    # bands
    nodes["Band"] = []
    rels["SIGNED_TO"] = []
    rels["PLAYS"] = []
    plain = list(PLAIN_BANDS)
    for i in range(1, 161):
        if plain and rng.random() < 0.15:
            n = plain.pop(0)
            name = n if names.take(n) else pick_name(lambda: f"The {rng.choice(ADJ)} {rng.choice(NOUN)}")
        else:
            name = pick_name(lambda: f"The {rng.choice(ADJ)} {rng.choice(NOUN)}" if rng.random() < 0.5
                             else f"{rng.choice(ADJ)} {rng.choice(NOUN)}")
        nodes["Band"].append({"id": i, "name": name, "band_code": f"BND-{i:03d}{rng.choice('XYZQ')}",
                              "formed_year": rng.randint(1978, 2021),
                              "status": rng.choices(BAND_STATUS, (6, 2, 1))[0],
                              "explicit_lyrics": rng.random() < 0.3,
                              "streams_millions": round(rng.uniform(0.2, 480.0), 2)})
        if rng.random() < 0.88:
            rels["SIGNED_TO"].append({"s": i, "e": rng.choice(nodes["Label"])["id"],
                                      "since": _d(rng, date(2000, 1, 1), date(2023, 6, 30)),
                                      "deal": rng.choice(DEALS)})
        for g in rng.sample(nodes["Genre"], rng.choice((1, 1, 2, 2, 3))):
            rels["PLAYS"].append({"s": i, "e": g["id"]})
    # artists
    nodes["Artist"] = []
    rels["MEMBER_OF"] = []
    pairs = [(f, la) for f in FIRST for la in LAST]
    rng.shuffle(pairs)
    pi = 0
    for i in range(1, 561):
        while True:
            f, la = pairs[pi]
            pi += 1
            if names.take(f"{f} {la}"):
                break
        nodes["Artist"].append({"id": i, "first_name": f, "last_name": la,
                                "artist_code": f"ART-{rng.randint(10000, 99999)}",
                                "born": _d(rng, date(1948, 1, 1), date(2003, 12, 31)),
                                "instrument": rng.choice(INSTRUMENTS), "active": rng.random() < 0.8,
                                "monthly_listeners": rng.randint(500, 2_500_000),
                                "songwriting_credits": rng.randint(0, 140)})
    artists = [a["id"] for a in nodes["Artist"]]
    rng.shuffle(artists)
    ai = 0
    for b in nodes["Band"]:
        k = rng.randint(2, 4)
        for a in artists[ai:ai + k]:
            rels["MEMBER_OF"].append({"s": a, "e": b["id"], "role": rng.choice(INSTRUMENTS),
                                      "joined": _d(rng, date(b["formed_year"], 1, 1), date(2023, 12, 31))})
        ai += k
    for _ in range(90):  # some artists sit in a second band
        a = rng.choice(nodes["Artist"])["id"]
        b = rng.choice(nodes["Band"])
        if any(r["s"] == a and r["e"] == b["id"] for r in rels["MEMBER_OF"]):
            continue
        rels["MEMBER_OF"].append({"s": a, "e": b["id"], "role": rng.choice(INSTRUMENTS),
                                  "joined": _d(rng, date(b["formed_year"], 1, 1), date(2023, 12, 31))})
    # influence: older artists influence younger ones (a DAG, with hubs)
    by_age = sorted(nodes["Artist"], key=lambda a: (a["born"], a["id"]))
    rels["INFLUENCED"] = []
    seen = set()
    for j, a in enumerate(by_age[40:], 40):
        for _ in range(rng.choice((0, 1, 1, 2))):
            src = by_age[min(int(rng.random() ** 2 * j), j - 1)]
            if (src["id"], a["id"]) not in seen:
                seen.add((src["id"], a["id"]))
                rels["INFLUENCED"].append({"s": src["id"], "e": a["id"]})
    # tours and concerts
    nodes["Tour"] = []
    nodes["Concert"] = []
    rels.update({"TOURED": [], "PART_OF": [], "HELD_AT": [], "PERFORMED_AT": [], "PROMOTED": []})
    caps = {v["id"]: v["capacity"] for v in nodes["Venue"]}

    def concert(band_ids: list[int], tour: int | None, when: date) -> None:
        cid = len(nodes["Concert"]) + 1
        venue = rng.choice(nodes["Venue"])["id"]
        title = pick_name(lambda: f"{rng.choice(GIG_A)} {rng.choice(GIG_C)} {rng.choice(GIG_B)}")
        cap = caps[venue]
        sold_out = rng.random() < 0.25
        att = cap if sold_out else rng.randint(cap // 4, cap - 1)
        price = round(rng.uniform(12, 140), 2)
        nodes["Concert"].append({"id": cid, "title": title, "gig_code": f"GIG-{cid:04d}-{rng.randint(10, 99)}",
                                 "date": when, "attendance": att, "ticket_price": price, "sold_out": sold_out,
                                 "format": rng.choice(FORMATS)})
        rels["HELD_AT"].append({"s": cid, "e": venue})
        if tour:
            rels["PART_OF"].append({"s": cid, "e": tour})
        for k, b in enumerate(band_ids):
            rels["PERFORMED_AT"].append({"s": b, "e": cid, "billing": BILLING[min(k, 2)],
                                         "set_minutes": rng.choice((30, 35, 40, 45, 50, 60, 75, 90, 105, 120))
                                         if k == 0 else rng.choice((20, 25, 30, 35, 40, 45)),
                                         "fee": round(rng.uniform(500, 60000) if k == 0 else rng.uniform(150, 8000),
                                                      2),
                                         "encore": k == 0 and rng.random() < 0.45})
        sold = att - rng.randint(0, att // 10)
        rels["PROMOTED"].append({"s": rng.choice(nodes["Promoter"])["id"], "e": cid, "tickets_sold": sold,
                                 "gross": round(sold * price, 2),
                                 "settled_on": when + timedelta(days=rng.randint(3, 45))})

    band_ids = [b["id"] for b in nodes["Band"]]
    for t in range(1, 81):
        band = rng.choice(band_ids)
        name = pick_name(lambda: f"{rng.choice(TOUR_A)} {rng.choice(TOUR_B)}"
                         if rng.random() < 0.3 else f"{rng.choice(ADJ)} {rng.choice(TOUR_A)} {rng.choice(TOUR_B)}")
        start = _d(rng, date(2018, 1, 1), date(2024, 3, 1))
        nodes["Tour"].append({"id": t, "name": name, "tour_code": f"TR{start.year % 100:02d}-{t:03d}",
                              "start_date": start, "budget": round(rng.uniform(40_000, 2_500_000), 2),
                              "region": rng.choice(REGIONS), "charity_tie_in": rng.random() < 0.2})
        rels["TOURED"].append({"s": band, "e": t})
        when = start
        for _ in range(rng.randint(4, 11)):
            support = rng.sample([b for b in band_ids if b != band], rng.choice((0, 1, 1, 2)))
            concert([band, *support], t, when)
            when += timedelta(days=rng.randint(1, 4))
    while len(nodes["Concert"]) < 1100:
        bs = rng.sample(band_ids, rng.choice((1, 2, 2, 3)))
        concert(bs, None, _d(rng, date(2018, 1, 1), date(2024, 12, 31)))
    return {"nodes": nodes, "rels": rels}


NODE_SCHEMA = {
    "Artist": [("first_name", "string"), ("last_name", "string"), ("artist_code", "string"), ("born", "date"),
               ("instrument", "string"), ("active", "boolean"), ("monthly_listeners", "int"),
               ("songwriting_credits", "int")],
    "Band": [("name", "string"), ("band_code", "string"), ("formed_year", "int"), ("status", "string"),
             ("explicit_lyrics", "boolean"), ("streams_millions", "float")],
    "Concert": [("title", "string"), ("gig_code", "string"), ("date", "date"), ("attendance", "int"),
                ("ticket_price", "float"), ("sold_out", "boolean"), ("format", "string")],
    "Venue": [("name", "string"), ("venue_code", "string"), ("capacity", "int"), ("opened", "date"),
              ("outdoor", "boolean"), ("venue_type", "string"), ("rating", "float")],
    "City": [("name", "string"), ("country", "string"), ("population", "int"), ("noise_curfew", "boolean"),
             ("ticket_tax", "float")],
    "Tour": [("name", "string"), ("tour_code", "string"), ("start_date", "date"), ("budget", "float"),
             ("region", "string"), ("charity_tie_in", "boolean")],
    "Promoter": [("name", "string"), ("license_no", "string"), ("founded", "date"), ("commission_rate", "float"),
                 ("tier", "string")],
    "Label": [("name", "string"), ("label_code", "string"), ("founded_year", "int"), ("independent", "boolean"),
              ("roster_cap", "int")],
    "Genre": [("name", "string"), ("origin_decade", "int"), ("typical_bpm", "int"), ("mainstream", "boolean")],
}
REL_SCHEMA = {
    "MEMBER_OF": ("Artist", "Band", [("role", "string"), ("joined", "date")]),
    "INFLUENCED": ("Artist", "Artist", []),
    "SIGNED_TO": ("Band", "Label", [("since", "date"), ("deal", "string")]),
    "PLAYS": ("Band", "Genre", []),
    "PERFORMED_AT": ("Band", "Concert", [("billing", "string"), ("set_minutes", "int"), ("fee", "float"),
                                         ("encore", "boolean")]),
    "HELD_AT": ("Concert", "Venue", []),
    "LOCATED_IN": ("Venue", "City", []),
    "PART_OF": ("Concert", "Tour", []),
    "TOURED": ("Band", "Tour", []),
    "PROMOTED": ("Promoter", "Concert", [("tickets_sold", "int"), ("gross", "float"), ("settled_on", "date")]),
    "BASED_IN": ("Promoter", "City", []),
    "HEADQUARTERED_IN": ("Label", "City", []),
}


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, date):
        return v.isoformat()
    return str(v)


def check(data: dict) -> None:
    """Sanity: ids resolve and 4-hop paths exist (networkx)."""
    g = nx.DiGraph()
    for t, rows in data["nodes"].items():
        g.add_nodes_from(f"{t}:{r['id']}" for r in rows)
    for t, (a, b, _) in REL_SCHEMA.items():
        for r in data["rels"][t]:
            u, v = f"{a}:{r['s']}", f"{b}:{r['e']}"
            assert u in g and v in g, (t, u, v)
            g.add_edge(u, v)
    lengths = nx.single_source_shortest_path_length(g.to_undirected(), "Genre:1")
    assert max(lengths.values()) >= 4


def write(data: dict, out: Path) -> Path:
    folder = out / "music_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for t, cols in NODE_SCHEMA.items():
        with open(folder / f"nodes_{t.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f"{t[0].lower() + t[1:]}Id:ID({t})", *[f"{c}:{k}" for c, k in cols], ":LABEL"])
            for r in data["nodes"][t]:
                w.writerow([r["id"], *[_cell(r[c]) for c, _ in cols], t])
    for t, (a, b, cols) in REL_SCHEMA.items():
        with open(folder / f"rels_{t.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f":START_ID({a})", f":END_ID({b})", *[f"{c}:{k}" for c, k in cols], ":TYPE"])
            for r in data["rels"][t]:
                w.writerow([r["s"], r["e"], *[_cell(r[c]) for c, _ in cols], t])
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=25)
    args = ap.parse_args(argv)
    data = build(args.seed)
    check(data)
    write(data, Path(args.out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
