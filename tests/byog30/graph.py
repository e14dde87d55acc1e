"""Deterministic generator of a theatre company's property graph as Neo4j admin-import CSV with ID spaces.

    python tests/byog30/graph.py OUT_DIR [--seed N]

writes OUT_DIR/theatre_csv/: one node file per type (``<x>Id:ID(<Group>)``, typed columns, ``:LABEL``) and one
relationship file per edge type (``:START_ID(<Group>)``, ``:END_ID(<Group>)``, typed columns, ``:TYPE``).
Only ``random.Random(seed)`` and networkx (for the understudy chains' sanity check) are used.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import re
from pathlib import Path
from random import Random

import networkx as nx

FIRST = (
    "Ada Alistair Amara Anselm Beatrix Benedict Bronwen Caius Calla Cedric Cordelia Cosmo Dashiell Delphine Desmond "
    "Dorothea Edmund Elspeth Emrys Esther Fenella Fergus Florian Gideon Greer Gwendolyn Hamish Hester Horatio Imogen "
    "Isadora Jasper Juno Kit Lavinia Leopold Lorcan Lucasta Magnus Marguerite Maximilian Minerva Mungo Nerys Niamh "
    "Octavia Orla Oswin Perpetua Phineas Quentin Rafferty Rosalind Rupert Saoirse Seraphina Silas Sorcha Tabitha "
    "Tarquin Thaddeus Theodora Ottilie Ulric Valentina Wilhelmina Xanthe Yannick Zelda Agnes Barnaby Clementine "
    "Declan Evander Frederica Griselda Hugo Ines Jocasta Kester Leontine Malachy Noor Obadiah Priya Ravi Sunil "
    "Tomasz Wanda Yusuf Ingrid Matthias Colette Dmitri Aurelia Bartholomew Cressida Ignatius Philippa"
).split()
LAST = (
    "Abernethy Ashdown Bellweather Blackwood Braithwaite Calloway Carrington Chatterjee Cholmondeley Dunmore "
    "Eddington Fairweather Farquhar Fitzwilliam Gallagher Greenhalgh Hargreaves Hawthorne Holloway Illingworth "
    "Jardine Kavanagh Kilbride Lockhart Lovelace Macready Marchbanks Montague Nakamura Oakley Okonkwo Pemberton "
    "Penhaligon Quayle Radcliffe Ravenscroft Rowntree Sackville Satterthwaite Shackleton Sinclair Strickland "
    "Tennyson Thistlewood Trelawney Underhill Vasquez Wainwright Whitlock Winterbourne Wolstenholme Yardley Zielinski "
    "Achterberg Babbington Cavendish Delacroix Ellwood Fenwick Gilchrist Haversham Inglis Kettleborough Lindqvist "
    "Mowbray Nightingale Ormerod Pettigrew Quiller Rutherford Standish Tolhurst Urquhart Villiers Warburton "
    "Ackroyd Beauchamp Cartwright Drummond Eastwood Featherstone Goodfellow Hollingsworth Ironside Jessop Kingsley "
    "Longbottom Merriweather Northcott Oyelaran Prendergast Rackham Swinburne Tattersall Upjohn Vanstone Whitmore "
    "Agarwal Brennan Castellano Devereux Esposito Foxley Grimaldi Hendry Iqbal Jablonski Kowalczyk Laverick Moreau "
    "Nwosu Osei Petrakis Rosenthal Szabo Takahashi Umeh Varga Wojcik Yilmaz Zubiri Bancroft Coverdale Dalrymple"
).split()
VENUES = (
    "The Anchor", "The Granary", "Harbourlight Playhouse", "Old Mill Stage", "Kingsway Theatre", "The Lamplighter",
    "Foundry Studio", "Riverside Hall", "Copperfield Rooms", "Tollgate Arts Centre", "The Orchard Barn",
    "Northgate Lyceum", "Saltmarsh Pavilion", "The Cornerstone",
)
CITIES = ("London", "Manchester", "Bristol", "Leeds", "Glasgow")
STAGE_TYPES = ("proscenium", "thrust", "in-the-round", "black box")
NOUNS = (
    "Salt Harvest Driftwood Lighthouse Orchard Kettle Compass Lantern Sparrow Ferry Quarry Meadow Cinders Ledger "
    "Thimble Hourglass Scarecrow Weathervane Tinderbox Almanac Bellfounder Mapmaker Glassblower Beekeeper Ropewalk "
    "Milestone Tidewater Gatehouse Riddle Lullaby Chandelier Embers Telegram Pilgrim Ballast Heirloom Canal Sundial "
    "Belltower Sandcastle Foxglove Marigold Nettle Hedgerow Icebreaker Snowfall Undertow Threshold Wishbone"
).split()
ADJS = (
    "Bitter Silent Crooked Hollow Broken Gilded Restless Paper Burning Frozen Distant Borrowed Last Scarlet Quiet "
    "Tender Savage Drowned Forgotten Wandering Velvet Hidden Northern Sleepless"
).split()
PLACES = (
    "Dover Carlisle Avalon Babylon Tintagel Zanzibar Marrakesh Lindisfarne Samarkand Valparaiso Whitby Ithaca "
    "Antioch Kilkenny Oporto Penzance"
).split()
GENRES = ("comedy", "tragedy", "drama", "musical", "farce", "satire")
NATIONALITIES = ("British", "Irish", "American", "Canadian", "Australian")
AGENCIES = ("Curtain Call Agency", "Spotlight Talent", "Proscenium Management", "Independent")
OUTLETS = ("Evening Courier", "Stage Monthly", "The Broadsheet", "Radio Arts Hour", "Curtain Up Blog")
STYLES = ("classical", "physical", "naturalistic", "experimental")
PROD_COLOURS = (
    "Amber Cobalt Crimson Ivory Jade Ochre Pewter Saffron Sable Topaz Umber Verdigris Indigo Garnet Russet Opal "
    "Quartz Bronze Flint Coral Juniper Maple Heather Obsidian Pearl"
).split()
PROD_FORMS = ("Revival", "Premiere", "Tour", "Showcase", "Repertory", "Residency", "Transfer", "Workshop")
CHANNELS = ("online", "box office", "phone")
TIERS = ("gold", "silver", "bronze")
ROLES = ("lead", "supporting", "ensemble")


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", name.lower()))


class NameBook:
    """Display names unique across the graph, none inside another (as whole-word token runs)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.grams: set[tuple[str, ...]] = set()

    def take(self, name: str) -> bool:
        t = _tokens(name)
        if t in self.grams:  # the candidate is inside (or equal to) a name already taken
            return False
        grams = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        if grams & self.full:  # a name already taken is inside the candidate
            return False
        self.full.add(t)
        self.grams |= grams
        return True


def _d(x: dt.date) -> str:
    return x.isoformat()


def build(seed: int) -> tuple[dict[str, list[dict]], dict[str, tuple[str, str, list[dict]]]]:
    rng = Random(seed)
    book = NameBook()
    nodes: dict[str, list[dict]] = {}

    def person(extra) -> dict:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            if book.take(f"{f} {last}"):
                return {"first_name": f, "last_name": last, **extra()}

    # Venues
    venues = []
    for i, v in enumerate(VENUES, 1):
        assert book.take(v)
        venues.append({"id": i, "name": v, "city": CITIES[(i * 3 + seed) % len(CITIES)],
                       "capacity": rng.randrange(90, 1200), "opened": _d(dt.date(rng.randrange(1890, 2012),
                                                                                   rng.randrange(1, 13), rng.randrange(1, 29))),
                       "accessible": rng.random() < 0.6, "stage_type": rng.choice(STAGE_TYPES),
                       "venue_code": f"VN-{rng.randrange(100, 999)}{chr(65 + i)}"})
    nodes["Venue"] = venues
    # Seasons
    seasons = []
    for i, year in enumerate(range(2013, 2025), 1):
        name = f"Season {year}"
        assert book.take(name)
        start = dt.date(year, 9, 1) + dt.timedelta(days=rng.randrange(0, 20))
        seasons.append({"id": i, "name": name, "year": year, "start_date": _d(start),
                        "end_date": _d(dt.date(year + 1, 6, 30) - dt.timedelta(days=rng.randrange(0, 20))),
                        "marketing_budget": round(rng.uniform(40000, 250000), 2), "festival": rng.random() < 0.35,
                        "theme": rng.choice(("homecoming", "revolutions", "families", "journeys", "comedy of manners")),
                        "season_code": f"SN{year % 100:02d}-{rng.randrange(10, 99)}"})
    nodes["Season"] = seasons
    # Plays
    cands = list(NOUNS) + [f"The {n}" for n in NOUNS] + [f"{a} {n}" for a in ADJS for n in NOUNS]
    cands += [f"The {n} of {p}" for n in NOUNS for p in PLACES] + [f"{a} {p}" for a in ADJS for p in PLACES]
    rng.shuffle(cands)
    plays = []
    for c in cands:
        if len(plays) == 150:
            break
        if book.take(c):
            i = len(plays) + 1
            plays.append({"id": i, "title": c, "genre": rng.choice(GENRES), "acts": rng.choice((1, 2, 2, 3, 3, 4, 5)),
                          "runtime_minutes": rng.randrange(55, 200),
                          "first_published": _d(dt.date(rng.randrange(1590, 2020), rng.randrange(1, 13),
                                                        rng.randrange(1, 29))),
                          "script_code": f"SC-{rng.randrange(10000, 99999)}"})
    for p in plays:
        p["public_domain"] = p["first_published"] < "1930-01-01"
    nodes["Play"] = plays
    # Productions
    prods = []
    pcands = [f"{c} {f}" for c in PROD_COLOURS for f in PROD_FORMS]
    rng.shuffle(pcands)
    for c in pcands:
        if len(prods) == 200:
            break
        if book.take(c):
            prods.append({"id": len(prods) + 1, "name": c})
    # People
    nodes["Playwright"] = [{"id": i, **person(lambda: {
        "birth_year": rng.randrange(1560, 1995), "nationality": rng.choice(NATIONALITIES),
        "royalty_rate": round(rng.uniform(4, 14), 2), "agent_code": f"AG-{rng.randrange(1000, 9999)}"})}
        for i in range(1, 61)]
    for pw in nodes["Playwright"]:
        pw["living"] = pw["birth_year"] > 1935 and rng.random() < 0.85
    nodes["Director"] = [{"id": i, **person(lambda: {
        "debut_year": rng.randrange(1975, 2018), "style": rng.choice(STYLES), "resident": rng.random() < 0.3,
        "rating": round(rng.uniform(2.5, 5.0), 2), "director_code": f"DR-{rng.randrange(100, 999)}"})}
        for i in range(1, 41)]
    nodes["Actor"] = [{"id": i, **person(lambda: {
        "birth_date": _d(dt.date(rng.randrange(1945, 2004), rng.randrange(1, 13), rng.randrange(1, 29))),
        "union_member": rng.random() < 0.7, "agency": rng.choice(AGENCIES),
        "day_rate": round(rng.uniform(120, 950), 2), "height_cm": rng.randrange(152, 198),
        "equity_number": f"EQ-{rng.randrange(100000, 999999)}"})} for i in range(1, 421)]
    nodes["Critic"] = [{"id": i, **person(lambda: {
        "outlet": rng.choice(OUTLETS), "years_active": rng.randrange(1, 40), "influential": rng.random() < 0.3,
        "critic_code": f"CR-{rng.randrange(1000, 9999)}"})} for i in range(1, 41)]
    nodes["Patron"] = [{"id": i, **person(lambda: {
        "member_since": _d(dt.date(rng.randrange(2005, 2025), rng.randrange(1, 13), rng.randrange(1, 29))),
        "loyalty_points": rng.randrange(0, 5000), "newsletter": rng.random() < 0.5,
        "postcode": f"{rng.choice('BGLMS')}{rng.choice('SWNE')}{rng.randrange(1, 20)} {rng.randrange(1, 9)}"
                    f"{rng.choice('ABDEFGHJ')}{rng.choice('LNPQRSTUWXYZ')}"})} for i in range(1, 601)]

    edges: dict[str, tuple[str, str, list[dict]]] = {}
    # WROTE (Playwright -> Play), a few co-written
    weights = [rng.paretovariate(1.3) for _ in nodes["Playwright"]]
    wrote = []
    for p in plays:
        a = rng.choices(range(1, 61), weights)[0]
        wrote.append({"s": a, "e": p["id"]})
        if rng.random() < 0.1:
            b = rng.randrange(1, 61)
            if b != a:
                wrote.append({"s": b, "e": p["id"]})
    edges["WROTE"] = ("Playwright", "Play", wrote)
    # ADAPTED_FROM (Play -> earlier Play)
    adapted, seen = [], set()
    while len(adapted) < 18:
        a, b = rng.sample(plays, 2)
        if a["first_published"] > b["first_published"] and (a["id"], b["id"]) not in seen:
            seen.add((a["id"], b["id"]))
            adapted.append({"s": a["id"], "e": b["id"]})
    edges["ADAPTED_FROM"] = ("Play", "Play", adapted)
    # Productions: play, season, venue, director
    stages, in_season, plays_at, directed = [], [], [], []
    popular = [rng.paretovariate(1.6) for _ in plays]
    for pr in prods:
        play = rng.choices(plays, popular)[0]
        season = rng.choice(seasons)
        venue = rng.choice(venues)
        opening = dt.date.fromisoformat(season["start_date"]) + dt.timedelta(days=rng.randrange(0, 240))
        closing = opening + dt.timedelta(days=rng.randrange(14, 90))
        status = "cancelled" if rng.random() < 0.06 else ("running" if season["year"] == 2024 else "closed")
        pr.update({"opening": _d(opening), "closing": _d(closing), "budget": round(rng.uniform(20000, 600000), 2),
                   "status": status, "sold_out": status != "cancelled" and rng.random() < 0.2,
                   "planned_performances": rng.randrange(8, 120), "prod_code": f"PR-{season['year']}-{pr['id']:03d}"})
        stages.append({"s": pr["id"], "e": play["id"]})
        in_season.append({"s": pr["id"], "e": season["id"]})
        plays_at.append({"s": pr["id"], "e": venue["id"]})
        ds = rng.sample(range(1, 41), 2 if rng.random() < 0.08 else 1)
        for d in ds:
            directed.append({"s": d, "e": pr["id"], "fee:float": round(rng.uniform(3000, 45000), 2),
                             "credit": "co-director" if len(ds) == 2 else "director"})
    nodes["Production"] = prods
    edges["STAGES"] = ("Production", "Play", stages)
    edges["IN_SEASON"] = ("Production", "Season", in_season)
    edges["PLAYS_AT"] = ("Production", "Venue", plays_at)
    edges["DIRECTED"] = ("Director", "Production", directed)
    # CAST_IN (Actor -> Production)
    cast = []
    aw = [rng.paretovariate(2.0) for _ in nodes["Actor"]]
    cast_of: dict[int, list[int]] = {}
    for pr in prods:
        k = rng.randrange(4, 11)
        chosen: list[int] = []
        while len(chosen) < k:
            a = rng.choices(range(1, 421), aw)[0]
            if a not in chosen:
                chosen.append(a)
        cast_of[pr["id"]] = chosen
        nlead = rng.choice((1, 1, 2))
        for b, a in enumerate(chosen, 1):
            role = "lead" if b <= nlead else ("supporting" if b <= nlead + 3 else "ensemble")
            base = {"lead": 1400, "supporting": 900, "ensemble": 550}[role]
            cast.append({"s": a, "e": pr["id"], "role": role, "billing:int": b,
                         "weekly_fee:float": round(base * rng.uniform(0.8, 1.6), 2)})
    edges["CAST_IN"] = ("Actor", "Production", cast)
    # UNDERSTUDY_FOR (Actor -> Actor): the understudy covers the principal; acyclic (covers someone with lower id
    # rank in a shuffled order) so directions stay clear
    order = list(range(1, 421))
    rng.shuffle(order)
    rank = {a: i for i, a in enumerate(order)}
    und, useen = [], set()
    while len(und) < 150:
        a, b = rng.sample(order[:260], 2)
        if rank[a] > rank[b] and (a, b) not in useen:
            useen.add((a, b))
            und.append({"s": a, "e": b, "since:date": _d(dt.date(rng.randrange(2012, 2025), rng.randrange(1, 13),
                                                                      rng.randrange(1, 29))),
                        "priority:int": rng.randrange(1, 4)})
    g = nx.DiGraph((u["s"], u["e"]) for u in und)
    assert nx.is_directed_acyclic_graph(g)
    edges["UNDERSTUDY_FOR"] = ("Actor", "Actor", und)
    # Performances
    perfs, perf_of = [], []
    venue_cap = {v["id"]: v["capacity"] for v in venues}
    venue_of = {p["s"]: p["e"] for p in plays_at}
    for pr in prods:
        if pr["status"] == "cancelled":
            continue
        n = rng.randrange(2, 7)
        o, c = dt.date.fromisoformat(pr["opening"]), dt.date.fromisoformat(pr["closing"])
        days = sorted(rng.sample(range((c - o).days + 1), n))
        for day in days:
            i = len(perfs) + 1
            cap = venue_cap[venue_of[pr["id"]]]
            cancelled = rng.random() < 0.03
            perfs.append({"id": i, "name": f"Performance {i:04d}", "date": _d(o + dt.timedelta(days=day)),
                          "slot": rng.choice(("evening", "evening", "matinee")),
                          "attendance": 0 if cancelled else rng.randrange(cap // 3, cap + 1),
                          "cancelled": cancelled, "perf_code": f"PF{i:04d}-{rng.choice('ABCDEFGH')}"})
            perf_of.append({"s": i, "e": pr["id"]})
    nodes["Performance"] = perfs
    edges["PERFORMANCE_OF"] = ("Performance", "Production", perf_of)
    # BOUGHT_TICKETS (Patron -> Performance)
    live = [p for p in perfs if not p["cancelled"]]
    bought = []
    for pa in nodes["Patron"]:
        for pf in rng.sample(live, rng.randrange(1, 11)):
            seats = rng.choice((1, 1, 2, 2, 2, 3, 4, 6))
            when = dt.date.fromisoformat(pf["date"]) - dt.timedelta(days=rng.randrange(0, 120))
            bought.append({"s": pa["id"], "e": pf["id"], "seats:int": seats,
                           "amount:float": round(seats * rng.uniform(12, 85), 2), "purchased:date": _d(when),
                           "channel": rng.choice(CHANNELS)})
    edges["BOUGHT_TICKETS"] = ("Patron", "Performance", bought)
    # REVIEWED (Critic -> Production)
    cw = [rng.paretovariate(1.8) for _ in nodes["Critic"]]
    reviewed = []
    for pr in prods:
        if pr["status"] == "cancelled":
            continue
        k = rng.choice((0, 1, 1, 2, 2, 3, 4))
        cs: list[int] = []
        while len(cs) < k:
            c = rng.choices(range(1, 41), cw)[0]
            if c not in cs:
                cs.append(c)
        for c in cs:
            stars = rng.choice((1, 2, 3, 3, 4, 4, 5))
            reviewed.append({"s": c, "e": pr["id"], "stars:int": stars,
                             "published:date": _d(dt.date.fromisoformat(pr["opening"])
                                                  + dt.timedelta(days=rng.randrange(1, 10))),
                             "recommended:boolean": stars >= 4 or (stars == 3 and rng.random() < 0.3)})
    edges["REVIEWED"] = ("Critic", "Production", reviewed)
    # SUBSCRIBES_TO (Patron -> Season)
    subs = []
    for pa in nodes["Patron"]:
        if rng.random() < 0.35:
            for s in rng.sample(seasons, rng.randrange(1, 5)):
                tier = rng.choice(TIERS)
                subs.append({"s": pa["id"], "e": s["id"], "tier": tier,
                             "paid:float": round({"gold": 420, "silver": 260, "bronze": 140}[tier]
                                                 * rng.uniform(0.9, 1.1), 2)})
    edges["SUBSCRIBES_TO"] = ("Patron", "Season", subs)
    return nodes, edges


# column types per node type (everything not listed is a string)
TYPES = {
    "capacity": "int", "opened": "date", "accessible": "boolean", "year": "int", "start_date": "date",
    "end_date": "date", "marketing_budget": "float", "festival": "boolean", "acts": "int", "runtime_minutes": "int",
    "first_published": "date", "public_domain": "boolean", "birth_year": "int", "royalty_rate": "float",
    "living": "boolean", "debut_year": "int", "resident": "boolean", "rating": "float", "birth_date": "date",
    "union_member": "boolean", "day_rate": "float", "height_cm": "int", "years_active": "int",
    "influential": "boolean", "member_since": "date", "loyalty_points": "int", "newsletter": "boolean",
    "opening": "date", "closing": "date", "budget": "float", "sold_out": "boolean", "planned_performances": "int",
    "date": "date", "attendance": "int", "cancelled": "boolean",
}
FILES = {"Venue": "venues", "Season": "seasons", "Play": "plays", "Production": "productions",
         "Playwright": "playwrights", "Director": "directors", "Actor": "actors", "Critic": "critics",
         "Patron": "patrons", "Performance": "performances"}


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(out_dir: Path, seed: int) -> Path:
    nodes, edges = build(seed)
    folder = out_dir / "theatre_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for group, rows in nodes.items():
        cols = [k for k in rows[0] if k != "id"]
        idcol = group[0].lower() + group[1:] + "Id"
        header = [f"{idcol}:ID({group})"] + [f"{c}:{TYPES.get(c, 'string')}" for c in cols] + [":LABEL"]
        with open(folder / f"{FILES[group]}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            for r in rows:
                w.writerow([r["id"]] + [_cell(r[c]) for c in cols] + [group])
    for etype, (sg, eg, rows) in edges.items():
        props = sorted({k for r in rows for k in r if k not in ("s", "e")}, key=lambda k: list(rows[0]).index(k)
                       if k in rows[0] else 99)
        header = [f":START_ID({sg})", f":END_ID({eg})"] + [p if ":" in p else f"{p}:string" for p in props]
        header.append(":TYPE")
        with open(folder / f"rel_{etype.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            for r in rows:
                w.writerow([r["s"], r["e"]] + [_cell(r.get(p, "")) for p in props] + [etype])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=30)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
