"""Deterministic generator for the byog52 streaming-platform graph (Neo4j admin-import CSV).

Usage: python tests/byog52/graph.py OUT_DIR [--seed N]   -> OUT_DIR/streaming_csv/*.csv
Stdlib random.Random(seed) plus networkx only.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import random
import sys

import networkx as nx

FIRST = """Amara Bruno Celine Dario Esme Felix Greta Hugo Ines Jonas Kaia Lorenzo Mira Niko Odette Pavel Quinn Rosa
Silas Tamsin Ulric Vera Wendell Xenia Yusuf Zora Anouk Basil Clio Dmitri Elodie Farid Gideon Hana Ivo Juno Kofi Lena
Marek Nadia Orla Priya Rafe Sunniva Teodor Uma Viggo Wren Yara Zeke Adaeze Bram Corin Delphine Emrys Fleur Gunnar
Hollis Isolde Jasper Kiri Leif Maeve Nils Ottilie Perrin Rowan Saoirse Tobias""".split()
LAST = """Abara Bellweather Castellano Duarte Eriksen Fairbanks Galloway Haverford Iwasaki Jovanovic Kowalczyk
Lindqvist Marchetti Nakagawa Okonkwo Pemberton Quintero Rasmussen Sandoval Thorvald Umberfield Valcourt Whitlock
Yamamoto Zielinski Ashdown Brannigan Cardoso Delacroix Esposito Fontaine Grimaldi Holloway Ingram Jablonski Kessler
Lachance Montague Novak Oyelaran Petrakis Ravensworth Szabo Tremblay Underhill Vasquez Winslow Xiong Yilmaz Zamora
Stone Rivers Park Young Hill Fox Bell Wood Marsh Hart""".split()
ADJ = """Hollow Silent Crimson Broken Golden Quiet Restless Distant Burning Frozen Hidden Wild Bitter Electric Pale
Velvet Savage Gentle Crooked Endless Lonely Scarlet Iron Paper Glass Northern Sunken Fading Midnight Copper Emerald
Shattered Silver Open Little Wicked Loyal Brave Hungry Stolen Drifting Tender Feral Sacred Rusty Lucky Heavy
Borrowed Narrow""".split()
NOUN = """Harbor Crown Orchard Lantern River Kingdom Meadow Signal Empire Tide Compass Garden Frontier Mirror Engine
Canyon Harvest Throne Archive Beacon Island Forest Carnival Circuit Lighthouse Quarry Vineyard Station Citadel Current
Labyrinth Prairie Bridge Cathedral Cellar Embassy Foundry Glacier Hangar Jungle Kitchen Ledger Market Nursery Outpost
Pavilion Refinery Saloon Tavern Tunnel Valley Warehouse Workshop Academy Bakery Caravan Colony Dynasty Estate Ferry
Gallery Hospital Inn Junction Lodge Manor Mill Observatory Parlor Ranch Reservoir Sanctuary Theatre Village
Wharf Window Garage Chapel Pier Atlas Ember Feather Thunder Ribbon Marble Anchor Sparrow Falcon Willow Cobalt
Juniper Saffron Thistle""".split()
VERBING = """Crossing Chasing Burning Finding Keeping Breaking Leaving Feeding Guarding Selling Painting Mending
Flooding Waking Hunting Building Saving Naming Counting Reading Turning Opening Calling Folding Raising Catching
Mapping Watching Trading Weaving Sinking Lighting Stealing Holding Losing Winning Hiding Singing Drawing Climbing""".split()
TIMES = "Dawn Dusk Midnight Noon Sunrise Sundown Daybreak Nightfall Twilight Lowtide".split()
STARS = """Vega Altair Rigel Deneb Sirius Lyra Orion Castor Pollux Antares Electra Merope Alcor Mizar Polaris Capella
Hadar Mimosa Acrux Bellatrix Saiph Alnitak Mintaka Elnath Alioth Dubhe Merak Phecda Megrez Alkaid""".split()
STUDIO_WORDS = ["Northlight", "Bluefin", "Red Kite", "Greenhouse", "Lamplight", "Tall Tree", "Paper Moon",
                "Harborline", "Two Rivers", "Blackbird", "Quicksilver", "Ironbark", "Stillwater", "Brightside",
                "Foxglove", "Longshot", "Half Moon", "Wildflower", "Sandcastle", "Firefly", "Tidewater", "Marigold",
                "Thunderbird", "Kettle", "Pine Ridge", "Copperhead", "Skylark", "Oakhurst"]
STUDIO_SUFFIX = ["Pictures", "Studios", "Entertainment", "Films", "Media", "Productions"]
GENRES = [("Drama", True), ("Comedy", True), ("Thriller", True), ("Documentary", False), ("Science Fiction", True),
          ("Fantasy", True), ("Crime", True), ("Romance", True), ("Horror", True), ("Animation", True),
          ("Reality", False), ("Mystery", True)]
COUNTRIES = [("Brazil", "Americas", "BR", 216.4), ("Canada", "Americas", "CA", 40.1), ("Mexico", "Americas", "MX", 128.5),
             ("Argentina", "Americas", "AR", 46.6), ("Germany", "Europe", "DE", 84.5), ("France", "Europe", "FR", 68.2),
             ("Spain", "Europe", "ES", 48.3), ("Poland", "Europe", "PL", 36.7), ("Sweden", "Europe", "SE", 10.5),
             ("Ireland", "Europe", "IE", 5.3), ("Japan", "Asia", "JP", 124.0), ("South Korea", "Asia", "KR", 51.7),
             ("India", "Asia", "IN", 1428.6), ("Indonesia", "Asia", "ID", 277.5), ("Nigeria", "Africa", "NG", 223.8),
             ("Kenya", "Africa", "KE", 55.1), ("Australia", "Oceania", "AU", 26.6), ("New Zealand", "Oceania", "NZ", 5.2)]
NATIONALITIES = ["American", "British", "Canadian", "Korean", "Spanish", "Nigerian", "Indian", "French"]
CITIES = ["Los Angeles", "London", "Toronto", "Seoul", "Mumbai", "Madrid", "Atlanta"]
MATURITY = ["TV-G", "TV-PG", "TV-14", "TV-MA"]
FORMATS = ["series", "miniseries", "docuseries"]
TIERS = [("Basic", 7.99), ("Standard", 13.49), ("Premium", 19.99)]
DEVICES = ["smart_tv", "mobile", "tablet", "laptop"]
ROLES = ["lead", "supporting", "guest"]
WINDOWS = ["svod", "avod", "tvod"]
FOCUS = ["acting", "directing", "writing"]


class Names:
    """Display names unique across the graph, and no name's words inside another name's words."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.subs: set[tuple[str, ...]] = set()

    def take(self, name: str) -> bool:
        toks = tuple(name.lower().split())
        subs = {toks[i:j] for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)}
        if toks in self.subs or any(s in self.full for s in subs):
            return False
        self.full.add(toks)
        self.subs |= subs
        return True


def day(rng: random.Random, start: dt.date, end: dt.date) -> str:
    return (start + dt.timedelta(days=rng.randrange((end - start).days))).isoformat()


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs: object) -> None:
        g.add_node(nid, label=label, **attrs)

    def person_name() -> tuple[str, str]:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            if names.take(f"{f} {last}"):
                return f, last

    def phrase(make) -> str:  # type: ignore[no-untyped-def]
        while True:
            s = make()
            if names.take(s):
                return s

    for i, (gname, scripted) in enumerate(GENRES, 1):
        names.take(gname)
        node(f"genre-{i}", "Genre", name=gname, genre_code=f"GN-{100 + i * 7}", is_scripted=scripted)
    for i, (cname, region, iso, pop) in enumerate(COUNTRIES, 1):
        names.take(cname)
        node(f"country-{i}", "Country", name=cname, region=region, iso_code=iso, population_m=pop)
    studio_names = rng.sample(STUDIO_WORDS, len(STUDIO_WORDS))
    studios = []
    for i, w in enumerate(studio_names, 1):
        sname = phrase(lambda w=w: f"{w} {rng.choice(STUDIO_SUFFIX)}")
        sid = f"studio-{i}"
        studios.append(sid)
        node(sid, "Studio", name=sname, founded_year=rng.randint(1921, 2019), hq_city=rng.choice(CITIES),
             is_public=rng.random() < 0.35, annual_revenue_musd=round(rng.uniform(12, 2400), 2),
             studio_code=f"STU-{rng.randint(1000, 9999)}{rng.choice('ABCDEFGHJK')}")
    people = []
    for i in range(1, 321):
        f, last = person_name()
        pid = f"person-{i}"
        craft = "actor" if i <= 220 else ("director" if i <= 280 else "actor-director")
        people.append(pid)
        node(pid, "Person", first_name=f, last_name=last, birth_date=day(rng, dt.date(1940, 1, 1), dt.date(2002, 1, 1)),
             nationality=rng.choice(NATIONALITIES), is_guild_member=rng.random() < 0.6,
             agent_code=f"AGT-{rng.randint(10000, 99999)}", career_start_year=rng.randint(1965, 2020),
             day_rate_kusd=round(rng.uniform(1.5, 95), 2), craft=craft)
    actors = [p for p in people if g.nodes[p]["craft"] != "director"]
    directors = [p for p in people if g.nodes[p]["craft"] != "actor"]
    countries = [f"country-{i}" for i in range(1, len(COUNTRIES) + 1)]
    fame = [rng.paretovariate(1.6) for _ in actors]  # a few actors are in many shows

    shows, season_n, episode_n = [], 0, 0
    for i in range(1, 111):
        sid = f"show-{i}"
        shows.append(sid)
        title = phrase(lambda: f"{rng.choice(ADJ)} {rng.choice(NOUN)}")
        premiere = day(rng, dt.date(2008, 1, 1), dt.date(2025, 6, 1))
        node(sid, "Show", title=title, premiere_date=premiere, is_original=rng.random() < 0.45,
             budget_musd=round(rng.uniform(3, 240), 2), maturity_rating=rng.choice(MATURITY),
             format=rng.choice(FORMATS), catalog_code=f"CAT-{rng.randint(1000, 9999)}-{rng.choice('XYZQ')}")
        for gid in rng.sample(range(1, len(GENRES) + 1), rng.choice([1, 2, 2, 3])):
            g.add_edge(sid, f"genre-{gid}", key="IN_GENRE", type="IN_GENRE")
        lead = rng.choice(studios)
        g.add_edge(sid, lead, key="PRODUCED_BY", type="PRODUCED_BY", is_lead_producer=True,
                   share_pct=round(rng.uniform(50, 100), 1))
        if rng.random() < 0.3:
            co = rng.choice([s for s in studios if s != lead])
            g.add_edge(sid, co, key="PRODUCED_BY", type="PRODUCED_BY", is_lead_producer=False,
                       share_pct=round(rng.uniform(5, 49), 1))
        cast: list[str] = []
        for _ in range(rng.randint(4, 8)):
            a = rng.choices(actors, weights=fame)[0]
            if a not in cast:
                cast.append(a)
        for a in cast:
            role = rng.choices(ROLES, weights=[2, 3, 2])[0]
            g.add_edge(a, sid, key="ACTED_IN", type="ACTED_IN", role=role, episodes_count=rng.randint(1, 30),
                       fee_kusd=round(rng.uniform(8, 900), 2))
        pool = rng.sample(directors, rng.randint(1, 3))
        pdate = dt.date.fromisoformat(premiere)
        for sn in range(1, rng.choice([1, 2, 2, 3, 3, 4]) + 1):
            season_n += 1
            seid = f"season-{season_n}"
            stitle = phrase(lambda: f"{rng.choice(NOUN)} and {rng.choice(NOUN)}")
            released = pdate + dt.timedelta(days=365 * (sn - 1) + rng.randint(0, 60))
            node(seid, "Season", title=stitle, season_number=sn, released=released.isoformat(),
                 renewal_status=rng.choice(["renewed", "cancelled", "concluded"]))
            g.add_edge(sid, seid, key="HAS_SEASON", type="HAS_SEASON")
            n_eps = rng.randint(3, 6)
            for en in range(1, n_eps + 1):
                episode_n += 1
                eid = f"episode-{episode_n}"
                if rng.random() < 0.8:
                    etitle = phrase(lambda: f"{rng.choice(VERBING)} the {rng.choice(NOUN)}")
                else:
                    etitle = phrase(lambda: f"{rng.choice(NOUN)} at {rng.choice(TIMES)}")
                node(eid, "Episode", title=etitle, runtime_min=rng.randint(22, 68),
                     air_date=(released + dt.timedelta(days=7 * (en - 1))).isoformat(), episode_number=en,
                     production_code=f"PRD-{season_n:03d}{en:02d}{rng.choice('ABCDEF')}", is_finale=en == n_eps)
                g.add_edge(seid, eid, key="HAS_EPISODE", type="HAS_EPISODE")
                g.add_edge(rng.choice(pool), eid, key="DIRECTED", type="DIRECTED")

    # mentoring: an earlier-career person mentors a later one (direction: mentor -> mentee)
    for p in people:
        if rng.random() < 0.42:
            start = g.nodes[p]["career_start_year"]
            cands = [m for m in people if g.nodes[m]["career_start_year"] < start - 4]
            if cands:
                m = rng.choice(cands)
                g.add_edge(m, p, key="MENTORED", type="MENTORED", since_year=rng.randint(start, min(start + 6, 2024)),
                           focus=rng.choice(FOCUS))

    for i in range(1, 91):
        did = f"deal-{i}"
        dname = phrase(lambda: f"{rng.choice(STARS)} {rng.choice(NOUN)} Accord")
        node(did, "LicensingDeal", name=dname, deal_code=f"LIC-{rng.randint(1000, 9999)}",
             value_musd=round(rng.uniform(0.5, 180), 2), start_date=day(rng, dt.date(2015, 1, 1), dt.date(2025, 1, 1)),
             term_years=rng.randint(1, 7), is_exclusive=rng.random() < 0.4,
             status=rng.choice(["active", "expired", "pending"]))
        g.add_edge(rng.choice(studios), did, key="SIGNED", type="SIGNED")
        for s in rng.sample(shows, rng.choice([1, 1, 2, 2, 3])):
            g.add_edge(did, s, key="COVERS", type="COVERS")
        for c in rng.sample(countries, rng.randint(1, 4)):
            g.add_edge(did, c, key="GRANTS_RIGHTS_IN", type="GRANTS_RIGHTS_IN", window=rng.choice(WINDOWS))

    episodes = [f"episode-{i}" for i in range(1, episode_n + 1)]
    show_eps = {s: [e for se in g.successors(s) if se.startswith("season-") for e in g.successors(se)] for s in shows}
    for i in range(1, 421):
        uid = f"subscriber-{i}"
        f, last = person_name()
        tier, fee = rng.choice(TIERS)
        node(uid, "Subscriber", first_name=f, last_name=last, plan_tier=tier,
             signup_date=day(rng, dt.date(2016, 1, 1), dt.date(2025, 6, 1)), is_active=rng.random() < 0.78,
             monthly_fee_usd=fee, handle=f"viewer_{rng.randint(100000, 999999)}", birth_year=rng.randint(1950, 2007))
        g.add_edge(uid, rng.choice(countries), key="SUBSCRIBES_FROM", type="SUBSCRIBES_FROM")
        favs = rng.sample(shows, rng.randint(1, 4))
        seen: set[str] = set()
        for _ in range(rng.randint(3, 20)):
            pool_eps = show_eps[rng.choice(favs)] if rng.random() < 0.8 else episodes
            e = rng.choice(pool_eps)
            if e in seen:
                continue
            seen.add(e)
            rt = g.nodes[e]["runtime_min"]
            done = rng.random() < 0.55
            g.add_edge(uid, e, key="WATCHED", type="WATCHED", watched_on=day(rng, dt.date(2019, 1, 1), dt.date(2025, 9, 1)),
                       minutes_watched=rt if done else rng.randint(2, rt - 1), device=rng.choice(DEVICES), completed=done)
        for s in rng.sample(favs, rng.randint(1, len(favs))):
            g.add_edge(uid, s, key="RATED", type="RATED", stars=rng.randint(1, 5),
                       rated_on=day(rng, dt.date(2019, 1, 1), dt.date(2025, 9, 1)), would_recommend=rng.random() < 0.6)
    return g


NODE_FILES = [  # label, file, id column, [(attr, type)]
    ("Person", "people.csv", "personId", [("first_name", "string"), ("last_name", "string"), ("birth_date", "date"),
     ("nationality", "string"), ("is_guild_member", "boolean"), ("agent_code", "string"),
     ("career_start_year", "int"), ("day_rate_kusd", "float"), ("craft", "string")]),
    ("Show", "shows.csv", "showId", [("title", "string"), ("premiere_date", "date"), ("is_original", "boolean"),
     ("budget_musd", "float"), ("maturity_rating", "string"), ("format", "string"), ("catalog_code", "string")]),
    ("Season", "seasons.csv", "seasonId", [("title", "string"), ("season_number", "int"), ("released", "date"),
     ("renewal_status", "string")]),
    ("Episode", "episodes.csv", "episodeId", [("title", "string"), ("runtime_min", "int"), ("air_date", "date"),
     ("episode_number", "int"), ("production_code", "string"), ("is_finale", "boolean")]),
    ("Studio", "studios.csv", "studioId", [("name", "string"), ("founded_year", "int"), ("hq_city", "string"),
     ("is_public", "boolean"), ("annual_revenue_musd", "float"), ("studio_code", "string")]),
    ("Genre", "genres.csv", "genreId", [("name", "string"), ("genre_code", "string"), ("is_scripted", "boolean")]),
    ("Subscriber", "subscribers.csv", "subscriberId", [("first_name", "string"), ("last_name", "string"),
     ("plan_tier", "string"), ("signup_date", "date"), ("is_active", "boolean"), ("monthly_fee_usd", "float"),
     ("handle", "string"), ("birth_year", "int")]),
    ("Country", "countries.csv", "countryId", [("name", "string"), ("region", "string"), ("iso_code", "string"),
     ("population_m", "float")]),
    ("LicensingDeal", "licensing_deals.csv", "dealId", [("name", "string"), ("deal_code", "string"),
     ("value_musd", "float"), ("start_date", "date"), ("term_years", "int"), ("is_exclusive", "boolean"),
     ("status", "string")]),
]
EDGE_FILES = [  # type, file, [(attr, type)]
    ("HAS_SEASON", "has_season.csv", []),
    ("HAS_EPISODE", "has_episode.csv", []),
    ("ACTED_IN", "acted_in.csv", [("role", "string"), ("episodes_count", "int"), ("fee_kusd", "float")]),
    ("DIRECTED", "directed.csv", []),
    ("MENTORED", "mentored.csv", [("since_year", "int"), ("focus", "string")]),
    ("PRODUCED_BY", "produced_by.csv", [("is_lead_producer", "boolean"), ("share_pct", "float")]),
    ("IN_GENRE", "in_genre.csv", []),
    ("WATCHED", "watched.csv", [("watched_on", "date"), ("minutes_watched", "int"), ("device", "string"),
     ("completed", "boolean")]),
    ("RATED", "rated.csv", [("stars", "int"), ("rated_on", "date"), ("would_recommend", "boolean")]),
    ("SIGNED", "signed.csv", []),
    ("COVERS", "covers.csv", []),
    ("GRANTS_RIGHTS_IN", "grants_rights_in.csv", [("window", "string")]),
    ("SUBSCRIBES_FROM", "subscribes_from.csv", []),
]


def cell(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(g: nx.MultiDiGraph, out: str) -> str:
    folder = os.path.join(out, "streaming_csv")
    os.makedirs(folder, exist_ok=True)
    key = lambda n: (n.split("-")[0], int(n.split("-")[1]))  # noqa: E731
    for label, fname, idcol, attrs in NODE_FILES:
        with open(os.path.join(folder, fname), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f"{idcol}:ID", ":LABEL"] + [f"{a}:{t}" for a, t in attrs])
            for n in sorted((n for n, d in g.nodes(data=True) if d["label"] == label), key=key):
                w.writerow([n, label] + [cell(g.nodes[n][a]) for a, _ in attrs])
    for etype, fname, attrs in EDGE_FILES:
        rows = sorted(((u, v, d) for u, v, d in g.edges(data=True) if d["type"] == etype),
                      key=lambda r: (key(r[0]), key(r[1])))
        with open(os.path.join(folder, fname), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{a}:{t}" for a, t in attrs])
            for u, v, d in rows:
                w.writerow([u, v, etype] + [cell(d[a]) for a, _ in attrs])
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=52)
    a = ap.parse_args(argv)
    g = build(a.seed)
    folder = write(g, a.out_dir)
    print(f"wrote {folder}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
