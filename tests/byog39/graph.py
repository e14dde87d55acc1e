"""Deterministic video-game industry graph for the byog39 hold-out set.

Usage: python tests/byog39/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/games.graphml

Node type in the APOC-style ``labels`` attribute (":Game"), edge type in the edge attribute ``label``.
Only stdlib ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

import networkx as nx

ADJ = [
    "Crimson", "Hollow", "Silent", "Iron", "Amber", "Frozen", "Broken", "Golden", "Savage", "Distant", "Velvet",
    "Scarlet", "Burning", "Sunken", "Wild", "Lost", "Quiet", "Electric", "Shattered", "Ancient", "Neon", "Bitter",
    "Radiant", "Restless", "Gilded", "Feral", "Pale", "Obsidian", "Rusty", "Wandering", "Hidden", "Emerald",
    "Thunder", "Midnight", "Copper", "Brave", "Lonely", "Eternal", "Cursed", "Lucky", "Jagged", "Stormy",
]
NOUN = [
    "Harbor", "Crown", "Tide", "Orchard", "Lantern", "Frontier", "Citadel", "Meadow", "Engine", "Garden", "Kingdom",
    "Circuit", "Wolf", "Hollows", "Summit", "Spire", "Voyage", "Canyon", "Ember", "Mirror", "Anthem", "Bastion",
    "Rift", "Orbit", "Valley", "Reef", "Tower", "Fable", "Echo", "Harvest", "Signal", "Compass", "Wilds", "Forge",
    "Abyss", "Colony", "Dynasty", "Sparrow", "Thicket", "Outpost", "Marrow", "Drift", "Beacon", "Island",
]
TAIL = ["Legends", "Tactics", "Racing", "Rising", "Protocol", "Saga", "Online", "Arena", "Odyssey", "Remastered"]
FIRST = [
    "Ana", "Kenji", "Maya", "Lars", "Priya", "Diego", "Sofia", "Tomasz", "Aiko", "Emeka", "Ingrid", "Rafael",
    "Chloe", "Hiroshi", "Leila", "Marcus", "Nadia", "Oskar", "Yuki", "Fatima", "Bruno", "Elena", "Jonas", "Mei",
    "Samir", "Greta", "Tariq", "Camille", "Viktor", "Amara", "Felix", "Hana", "Luca", "Noor", "Pablo", "Rosa",
    "Stefan", "Talia", "Umar", "Vera", "Wen", "Zara", "Ibrahim", "Keiko", "Mateo", "Olga", "Ravi", "Sienna",
]
LAST = [
    "Lima", "Tanaka", "Okafor", "Lindqvist", "Sharma", "Moreno", "Rossi", "Kowalski", "Sato", "Adeyemi",
    "Halvorsen", "Costa", "Dubois", "Nakamura", "Haddad", "Whitfield", "Petrova", "Berg", "Mori", "Rahman",
    "Silva", "Novak", "Keller", "Zhou", "Farouk", "Brandt", "Qureshi", "Laurent", "Volkov", "Mensah", "Fischer",
    "Kim", "Ferrari", "Aziz", "Navarro", "Ortega", "Jansen", "Levin", "Osei", "Varga", "Liang", "Castillo",
    "Ishikawa", "Morales", "Eriksen", "Ward", "Abiola", "Pereira",
]
STUDIO_WORD = [
    "Bluefin", "Northlight", "Quiet Owl", "Paper Moth", "Red Kettle", "Stonebridge", "Lighthouse", "Fox Hollow",
    "Brass Monkey", "Pinecone", "Tin Soldier", "Glasswing", "Moonlit", "Rabbit Hole", "Cobblestone", "Wavecrest",
    "Old Mill", "Sea Otter", "Ironbark", "Windmill", "Pixel Barn", "Honeycomb", "Blue Heron", "Firefly",
    "Grey Gull", "Ninefold", "Lumberjack", "Snowcap", "Tall Tree", "Hammerhead", "Sundial", "Thistle", "Wildfern",
    "Redwood", "Salt Marsh", "Kestrel", "Birchwood", "Starling", "Driftwood", "Cinder Box",
]
STUDIO_SUFFIX = ["Studios", "Interactive", "Games", "Works", "Collective"]
PUBLISHERS = [
    "Arcfall Entertainment", "Meridian Publishing", "Halcyon Media", "Vantage Digital", "Blackstar Holdings",
    "Corvid Publishing", "Sunward Entertainment", "Tessellate Media", "Polaris Distribution", "Granite Peak Games",
    "Aurelian Group", "Westgate Publishing", "Obelisk Media", "Kinetic Square", "Marigold Entertainment",
    "Monolith Partners", "Riverstone Digital", "Zenith Ventures", "Harborlight Media", "Crescent Publishing",
    "Tangerine Digital", "Silverline Entertainment", "Cardinal Media", "Evergreen Publishing", "Nimbus Holdings",
    "Quarry Entertainment", "Lodestar Digital", "Paragon Play", "Solace Media", "Bramble Publishing",
    "Vermilion Group", "Keystone Interactive Media", "Alder Entertainment", "Juniper Digital", "Brightwater Media",
    "Orchid Publishing", "Topaz Entertainment", "Summit Ridge Media", "Helix Digital", "Saffron Publishing",
]
ENGINES = [
    "Lumen", "Cobalt Core", "Mistral", "Kraken Tech", "Aether", "Quasar", "Pulsar", "Tundra", "Sable", "Vortex",
    "Gryphon", "Monsoon", "Basalt", "Nebula Forge", "Cascade", "Halogen", "Tempest", "Zephyr",
    "Lattice", "Prism", "Kiln", "Solstice", "Bonfire", "Glacier", "Ironwood",
]
PLATFORMS = [
    ("Nova Station 3", "console", 3), ("Nova Station 4", "console", 4), ("Nova Station 5", "console", 5),
    ("Apex One", "console", 4), ("Apex Series", "console", 5), ("Pocket Ranger", "handheld", 3),
    ("Trekker DS", "handheld", 4), ("Switchback", "handheld", 5), ("Vista PC", "pc", 5),
    ("Penguin Desktop", "pc", 5), ("Fruitphone", "mobile", 5), ("Droidline", "mobile", 5),
    ("Visor XR", "vr", 5), ("Halo Headset", "vr", 4), ("Cubeo", "console", 3), ("Dreamarc", "console", 2),
    ("Lynxboy", "handheld", 2), ("Cloudplay", "pc", 5),
]
FRANCHISE_A = [
    "Starfall", "Blood Moon", "Kingsroad", "Tidecaller", "Ashenvale", "Warden", "Moonshard", "Deepwell",
    "Wayfarer", "Gravelight", "Hearthstead", "Nightjar", "Ironclad", "Skyhook", "Bramblewood", "Dustborn",
    "Frostmark", "Glimmer", "Hexfield", "Jadewind", "Lockjaw", "Mossgrave", "Nettle", "Pathbreaker", "Quillon",
    "Redmarch", "Sunder", "Thornwall", "Umbral", "Wyrmrest", "Yonder", "Zealot",
]
FRANCHISE_B = ["Chronicles", "Series", "Universe", "Cycle", "Trilogy"]
CITY = ["Seoul", "Berlin", "Austin", "Katowice", "Shanghai", "Stockholm", "Paris", "Toronto"]
TOURNEY_A = [
    "Clash", "Showdown", "Gauntlet", "Rumble", "Brawl", "Masters", "Open", "Duel", "Siege", "Tempo", "Overdrive",
    "Frenzy",
]
TOURNEY_B = ["Cup", "Invitational", "Championship", "Series Finals", "Major", "Classic"]
OUTLETS = ["Pixel Gazette", "Cartridge Weekly", "Respawn Review", "Loot Digest", "Boss Level", "Save Point"]
GENRES = ["rpg", "shooter", "platformer", "strategy", "puzzle", "racing", "sports", "fighting", "simulation"]
COUNTRIES = ["USA", "Japan", "UK", "Canada", "France", "Poland", "Sweden", "South Korea", "Germany", "Brazil"]
PROFESSIONS = ["designer", "programmer", "artist", "producer", "writer", "composer"]
CREDIT_ROLES = ["lead designer", "director", "writer", "composer", "art director", "technical lead"]
REGIONS = ["NA", "EU", "JP", "Global"]
WORK_ROLES = ["staff", "senior", "principal", "contractor"]


class Names:
    """Display names unique across the graph and never one inside another (whole words, case-insensitive)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.grams: set[tuple[str, ...]] = set()

    def ok(self, name: str) -> bool:
        w = tuple(name.lower().split())
        if w in self.full or w in self.grams:
            return False
        subs = {w[i:j] for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
        return not (subs & self.full)

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        w = tuple(name.lower().split())
        self.full.add(w)
        self.grams |= {w[i:j] for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
        return True


def iso(d: dt.date) -> str:
    return d.isoformat()


def rdate(rng: random.Random, y0: int, y1: int) -> dt.date:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end))


def code(rng: random.Random, prefix: str, used: set[str]) -> str:
    while True:
        c = f"{prefix}-{rng.randint(10000, 99999)}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}"
        if c not in used:
            used.add(c)
            return c


def build(seed: int = 39) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = Names()
    codes: set[str] = set()

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, labels=f":{label}", **attrs)

    def edge(src: str, dst: str, label: str, **attrs) -> None:
        g.add_edge(src, dst, label=label, **attrs)

    # platforms
    platforms = []
    for i, (pname, cat, gen) in enumerate(PLATFORMS, 1):
        assert names.add(pname), pname
        pid = f"platform-{i}"
        node(pid, "Platform", name=pname, category=cat, generation=gen,
             launch_date=iso(rdate(rng, 1996 + 3 * gen, 2003 + 3 * gen)),
             units_sold_m=round(rng.uniform(0.8, 140.0), 2), is_discontinued=gen <= 3,
             model_code=code(rng, "HW", codes))
        platforms.append(pid)

    engines = []
    for i, ename in enumerate(ENGINES, 1):
        assert names.add(ename), ename
        eid = f"engine-{i}"
        node(eid, "Engine", name=ename, license_type=rng.choice(["proprietary", "commercial", "open-source"]),
             language=rng.choice(["C++", "C#", "Rust", "Lua"]), first_version_date=iso(rdate(rng, 1998, 2018)),
             latest_version=f"{rng.randint(1, 9)}.{rng.randint(0, 20)}", royalty_rate=round(rng.uniform(0, 12), 2),
             supports_raytracing=rng.random() < 0.4, build_code=code(rng, "ENG", codes))
        engines.append(eid)

    publishers = []
    for i, pname in enumerate(PUBLISHERS, 1):
        assert names.add(pname), pname
        pid = f"publisher-{i}"
        node(pid, "Publisher", name=pname, hq_country=rng.choice(COUNTRIES), founded_year=rng.randint(1975, 2015),
             annual_revenue_musd=round(rng.uniform(12, 9000), 2), is_listed=rng.random() < 0.45,
             ticker=code(rng, "TK", codes))
        publishers.append(pid)

    studios = []
    combos = [f"{w} {s}" for w in STUDIO_WORD for s in STUDIO_SUFFIX]
    rng.shuffle(combos)
    used_words: set[str] = set()
    for sname in combos:
        w = sname.rsplit(" ", 1)[0]
        if w in used_words and rng.random() < 0.7:
            continue
        if not names.add(sname):
            continue
        used_words.add(w)
        sid = f"studio-{len(studios) + 1}"
        node(sid, "Studio", name=sname, country=rng.choice(COUNTRIES), founded_year=rng.randint(1985, 2020),
             headcount=rng.randint(6, 1400), is_independent=rng.random() < 0.5,
             avg_salary_kusd=round(rng.uniform(48, 160), 2), studio_code=code(rng, "ST", codes))
        studios.append(sid)
        if len(studios) >= 110:
            break
    # ownership: non-independent studios belong to a publisher
    for sid in studios:
        if not g.nodes[sid]["is_independent"]:
            pub = rng.choice(publishers)
            edge(sid, pub, "SUBSIDIARY_OF", acquired_on=iso(rdate(rng, 2000, 2023)),
                 stake_percent=round(rng.uniform(51, 100), 1), deal_value_musd=round(rng.uniform(5, 4000), 2))

    franchises = []
    fcombos = [f"{a} {b}" for a in FRANCHISE_A for b in FRANCHISE_B]
    rng.shuffle(fcombos)
    fused: set[str] = set()
    for fname in fcombos:
        a = fname.split(" ")[0]
        if a in fused:
            continue
        if not names.add(fname):
            continue
        fused.add(a)
        fid = f"franchise-{len(franchises) + 1}"
        node(fid, "Franchise", name=fname, started_year=rng.randint(1988, 2020), is_active=rng.random() < 0.6,
             genre=rng.choice(GENRES), franchise_code=code(rng, "FR", codes))
        franchises.append(fid)

    # games
    games = []
    tries = 0
    while len(games) < 650 and tries < 100000:
        tries += 1
        r = rng.random()
        if r < 0.65:
            title = f"{rng.choice(ADJ)} {rng.choice(NOUN)}"
        elif r < 0.9:
            title = f"{rng.choice(NOUN)} {rng.choice(TAIL)}"
        else:
            title = f"The {rng.choice(ADJ)} {rng.choice(NOUN)}"
        if not names.add(title):
            continue
        gid = f"game-{len(games) + 1}"
        genre = rng.choice(GENRES)
        node(gid, "Game", title=title, genre=genre, release_date=iso(rdate(rng, 2001, 2024)),
             units_sold_k=rng.randint(5, 25000), avg_playtime_hours=round(rng.uniform(2, 180), 1),
             is_multiplayer=genre in ("shooter", "fighting", "sports", "racing") or rng.random() < 0.25,
             age_rating=rng.choice(["E", "T", "M"]), catalog_code=code(rng, "GX", codes))
        games.append(gid)

    # people
    people = []
    while len(people) < 560:
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        if not names.add(f"{fn} {ln}"):
            continue
        pid = f"person-{len(people) + 1}"
        prof = "critic" if len(people) % 7 == 6 else rng.choice(PROFESSIONS)
        node(pid, "Person", first_name=fn, last_name=ln, profession=prof, birth_date=iso(rdate(rng, 1955, 2000)),
             years_active=rng.randint(1, 35), is_freelance=rng.random() < 0.2, badge_id=code(rng, "DEV", codes))
        people.append(pid)
    critics = [p for p in people if g.nodes[p]["profession"] == "critic"]
    makers = [p for p in people if g.nodes[p]["profession"] != "critic"]

    # tournaments
    tourneys = []
    tcombos = [f"{c} {a} {b}" for c in CITY for a in TOURNEY_A for b in TOURNEY_B]
    rng.shuffle(tcombos)
    for tname in tcombos:
        if not names.add(tname):
            continue
        tid = f"tournament-{len(tourneys) + 1}"
        node(tid, "Tournament", name=tname, held_on=iso(rdate(rng, 2008, 2024)),
             prize_pool_usd=round(rng.uniform(5000, 3000000), 2), format=rng.choice(["LAN", "online", "hybrid"]),
             is_invitational=rng.random() < 0.3, teams_entered=rng.randint(8, 128),
             event_code=code(rng, "EV", codes))
        tourneys.append(tid)
        if len(tourneys) >= 60:
            break

    # reviews
    reviews = []
    for i in range(1, 901):
        outlet = rng.choice(OUTLETS)
        rtitle = f"{outlet} review no. {i:04d}"
        assert names.add(rtitle)
        rid = f"review-{i}"
        node(rid, "Review", title=rtitle, outlet=outlet, score=round(rng.uniform(35, 99), 1),
             published_on=iso(rdate(rng, 2002, 2024)), word_count=rng.randint(300, 4000),
             verdict=rng.choice(["recommended", "mixed", "avoid"]), review_code=code(rng, "RV", codes))
        reviews.append(rid)

    # game edges
    for gid in games:
        st = rng.choice(studios)
        edge(st, gid, "DEVELOPED", budget_musd=round(rng.uniform(0.2, 250), 2), dev_months=rng.randint(6, 72),
             used_crunch=rng.random() < 0.35)
        if rng.random() < 0.08:
            st2 = rng.choice([s for s in studios if s != st])
            edge(st2, gid, "DEVELOPED", budget_musd=round(rng.uniform(0.2, 80), 2), dev_months=rng.randint(6, 48),
                 used_crunch=rng.random() < 0.35)
        edge(rng.choice(publishers), gid, "PUBLISHED", contract_type=rng.choice(["full", "co-publish", "regional"]),
             signed_on=iso(rdate(rng, 2000, 2023)))
        edge(gid, rng.choice(engines), "BUILT_WITH")
        for pl in rng.sample(platforms, rng.choice([1, 1, 2, 2, 3, 4])):
            edge(gid, pl, "RELEASED_ON", release_date=iso(rdate(rng, 2001, 2024)),
                 launch_price_usd=rng.choice([9.99, 19.99, 29.99, 39.99, 49.99, 59.99, 69.99]),
                 is_exclusive=rng.random() < 0.1, region=rng.choice(REGIONS), day_one_patch_mb=rng.randint(0, 9000))
        if rng.random() < 0.45:
            edge(gid, rng.choice(franchises), "PART_OF", entry_number=rng.randint(1, 9))
        for p in rng.sample(makers, rng.choice([1, 2, 2, 3])):
            edge(p, gid, "CREDITED_ON", role=rng.choice(CREDIT_ROLES), months_on_project=rng.randint(2, 60),
                 is_uncredited=rng.random() < 0.05)

    for rid in reviews:
        edge(rid, rng.choice(games), "REVIEWS")
        edge(rng.choice(critics), rid, "WROTE")

    for p in makers:
        if rng.random() < 0.9:
            edge(p, rng.choice(studios), "WORKS_AT", since_year=rng.randint(1995, 2024), level=rng.choice(WORK_ROLES))

    # mentoring: mentor (earlier index) -> mentee; each mentee has at most one mentor
    for i, p in enumerate(makers[1:], 1):
        if rng.random() < 0.55:
            mentor = makers[rng.randrange(max(0, i - 40), i)]
            edge(mentor, p, "MENTORED", since_year=rng.randint(1998, 2024))

    mp = [gid for gid in games if g.nodes[gid]["is_multiplayer"]]
    for tid in tourneys:
        for gm in rng.sample(mp, rng.choice([1, 2, 3, 4])):
            edge(tid, gm, "FEATURED", viewers_peak_k=rng.randint(5, 4000), prize_share_pct=round(rng.uniform(5, 100), 1))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=39)
    a = ap.parse_args(argv)
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(a.seed), out / "games.graphml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
