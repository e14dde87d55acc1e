"""Deterministic generator of a classical-music property graph (byog43).

Usage: python tests/byog43/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/orchestra.graphml

Node type in the node attribute ``label``, edge type in the edge attribute ``label`` (networkx.write_graphml).
Only ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import string
import sys
from pathlib import Path

import networkx as nx

FIRST = [
    "Ana", "Bruno", "Clara", "Dmitri", "Elena", "Felix", "Greta", "Hugo", "Ingrid", "Jonas", "Katya", "Luca",
    "Mirela", "Nils", "Olga", "Pavel", "Quentin", "Rosa", "Stefan", "Tamsin", "Ulrich", "Vera", "Walter", "Ximena",
    "Yusuf", "Zofia", "Anton", "Beatrix", "Casimir", "Delphine", "Emil", "Frida", "Gideon", "Helene", "Ivo",
    "Johanna", "Konrad", "Liesel", "Matthias", "Nadia", "Oskar", "Petra", "Rafael", "Sabine", "Tobias", "Ursula",
    "Viktor", "Wanda", "Yara", "Zeno", "Aurelio", "Bettina", "Cosmin", "Dagny", "Ezra", "Fiona", "Gustav", "Hanna",
    "Isidor", "Jelena",
]
LAST = [
    "Albrecht", "Barosso", "Castellan", "Dvorakova", "Eklund", "Fontaine", "Gallardo", "Hartmann", "Ilyin",
    "Janssen", "Kowalczyk", "Lindqvist", "Marchetti", "Novak", "Oyelaran", "Petrescu", "Quaranta", "Rautio",
    "Sandoval", "Tanaka", "Uhlig", "Valdés", "Wieczorek", "Xenakidou", "Yamamura", "Zeller", "Abernathy",
    "Bergström", "Cortázar", "Delacroix", "Engstrand", "Falkenberg", "Grimaldi", "Holloway", "Iversen", "Jurado",
    "Kaminski", "Lombardi", "Moreau", "Nakashima", "Ostrowski", "Pellegrini", "Ruokonen", "Szabo", "Thorvaldsen",
    "Varga", "Whitcombe", "Zamora", "Achterberg", "Brandauer", "Ciobanu", "Dragomir", "Esterházy", "Ferreira",
    "Gunnarsson", "Haverkamp", "Ionescu", "Jovanovic", "Kessler", "Lundgren", "Mazur", "Nordahl", "Okonkwo",
    "Pohjola", "Rossetti", "Sokolova", "Tremblay", "Vasquez", "Weissberg", "Yilmaz",
]
CITIES = ["Vienna", "Leipzig", "Boston", "Osaka", "Lyon", "Glasgow", "Bergen", "Porto"]
ORCH_STEMS = [
    "Harbour", "Northern", "Riverside", "Cathedral", "Meridian", "Lakeshore", "Granite", "Silver Birch", "Old Quay",
    "Highland", "Western", "Crescent", "Ironbridge", "Valley", "Summit", "Coastal", "Kingsgate", "Elmwood",
    "Marble Arch", "Foxglove", "Saltmarsh", "Evergreen", "Pinecrest", "Thornbury", "Windmill", "Bellhaven",
    "Lighthouse", "Oakridge", "Mill Lane", "Southbank",
]
ORCH_KINDS = ["Philharmonic", "Symphony Orchestra", "Chamber Orchestra", "Sinfonietta", "Festival Orchestra"]
VENUE_STEMS = [
    "The Granary", "Corn Exchange", "Glasshouse", "The Foundry", "Old Mint", "Ropewalk", "Customs House",
    "The Observatory", "Tannery", "Boathouse", "The Armoury", "Lantern House", "Copper Dome", "Weavers Hall",
    "The Orangery", "Signal Tower", "Salt Store", "The Chapel Yard", "Brickworks", "Rotunda", "Ferry Terminal",
    "The Printworks", "Clock Tower", "Water Gardens", "Ice Rink", "Tram Depot", "The Vaults", "Sugar House",
    "Bandstand Park", "The Pavilion", "Silk Mill", "Gasworks", "The Assembly Rooms", "Hop Kiln", "Bell Foundry",
    "Coal Drops", "Stable Yard", "The Cloisters", "Quarry Amphitheatre", "Pump Room", "Market Cross",
    "The Lido", "Tithe Barn", "Cider Press", "Dockside Shed", "The Conservatory", "Signal Box", "Old Library",
    "Boat Yard", "Rope Loft",
]
WORK_NOUNS = [
    "Lantern", "Harvest", "Glacier", "Meadow", "Ember", "Tide", "Orchard", "Falcon", "Cinder", "Willow", "Thunder",
    "Mirror", "Compass", "Anchor", "Ivory", "Raven", "Marigold", "Quartz", "Sparrow", "Tempest", "Juniper",
    "Cobalt", "Driftwood", "Nightfall", "Saffron", "Aurora", "Bramble", "Lichen", "Monsoon", "Solstice",
    "Heather", "Obsidian", "Kestrel", "Zephyr", "Amber", "Thistle", "Basalt", "Hollow", "Riverbend", "Snowdrop",
]
WORK_FORMS = ["Sonata", "Nocturne", "Symphony", "Concerto", "Elegy", "Rhapsody", "Suite", "Fantasia", "Overture",
              "Requiem"]
CONCERT_THEMES = [
    "Starlight", "Moonrise", "Daybreak", "Firelight", "Candlemas", "Midwinter", "Springtide", "Lammas", "Equinox",
    "Twilight", "Sunday", "Jubilee", "Homecoming", "Lakeside", "Rooftop", "Crossroads", "Landmark", "Heritage",
    "Voyager", "Gateway", "Open Air", "Snowfall", "Blossom", "Riverlight", "Evensong", "Carousel", "Paper Moon",
    "Skyline", "Bonfire", "Festival Eve", "Nightingale", "Wildflower", "Goldcrest", "Seaglass", "Firefly",
    "Maypole", "Longest Night", "Harvest Moon", "Northern Lights", "New Year", "Blue Hour", "Kaleidoscope",
    "Silver Screen", "Garden Party", "Promenade", "Lullaby", "Whirlwind", "Stardust", "Midsummer", "Hearthside",
]
CONCERT_SLOTS = ["Gala", "Matinee", "Soirée", "Evening", "Prom", "Recital Night", "Showcase", "Marathon",
                 "Late Session", "Family Concert"]
REC_ADJ = ["Distant", "Hidden", "Burning", "Silent", "Restless", "Endless", "Fragile", "Golden", "Broken", "Secret",
           "Wandering", "Luminous", "Forgotten", "Sleeping", "Shining", "Velvet", "Scarlet", "Frozen", "Painted",
           "Hollowed"]
REC_NOUNS = ["Shores", "Bells", "Gardens", "Horizons", "Voices", "Rivers", "Towers", "Letters", "Islands", "Skies",
             "Cathedrals", "Footsteps"]
LABELS = [
    "Blue Heron Records", "Deutsche Klangwerk", "Ostinato Classics", "Cantilena", "Northlight Audio",
    "Pale Fox Editions", "Arcadia Sound", "Resonanz", "Tidewater Music", "Ravenglass Recordings",
    "Half Moon Discs", "Cadenza Gold", "Sternklang", "Marrowbone Label", "Quiet Harbour", "Lindenhof Musik",
    "Solace Records", "Grand Tier", "Fermata House", "Polaris Phonic",
]
FESTIVALS = [
    "Midnight Sun Festival", "Alpine Strings Week", "Bach on the Beach", "Harvest Music Days", "Autumn Echoes",
    "Lakes and Fjords Festival", "Winter Light Series", "Festival of the Bells", "Castle Courtyard Nights",
    "Baroque by the Sea", "Vineyard Concerts", "Spring Awakening", "Island Chamber Fest", "Dawn Chorus Festival",
    "Riverside Music Fortnight", "Summer Proms by the Lake", "Oldtown Serenades", "Forest Echo Weekend",
    "Organ and Brass Days", "White Nights Music", "Festival of Quiet", "Cello Coast Week", "Piano Under Stars",
    "Heritage Strings", "Mountain Air Festival",
]
INSTRUMENTS = {
    "violin": "strings", "viola": "strings", "cello": "strings", "double bass": "strings", "harp": "strings",
    "flute": "woodwinds", "oboe": "woodwinds", "clarinet": "woodwinds", "bassoon": "woodwinds",
    "horn": "brass", "trumpet": "brass", "trombone": "brass", "tuba": "brass", "percussion": "percussion",
}
INSTR_WEIGHTS = {"violin": 30, "viola": 10, "cello": 9, "double bass": 6, "harp": 2, "flute": 5, "oboe": 4,
                 "clarinet": 4, "bassoon": 4, "horn": 6, "trumpet": 4, "trombone": 4, "tuba": 2, "percussion": 5}
NATIONALITIES = ["Austrian", "German", "American", "Japanese", "French", "British", "Norwegian", "Portuguese",
                 "Finnish", "Italian"]
ERAS = ["Baroque", "Classical", "Romantic", "Modern", "Contemporary"]
ERA_YEARS = {"Baroque": (1660, 1720), "Classical": (1730, 1790), "Romantic": (1800, 1870),
             "Modern": (1875, 1930), "Contemporary": (1940, 1990)}
KEYS = ["C major", "D minor", "E-flat major", "F-sharp minor", "G major", "A minor", "B-flat major", "no fixed key"]
SERIES = ["subscription", "gala", "family", "chamber", "outreach"]
FORMATS = ["CD", "vinyl", "digital", "SACD"]
COUNTRIES = ["Germany", "United Kingdom", "United States", "Japan", "France", "Norway"]
TIERS = ["major", "regional", "community"]
SEASONS = ["spring", "summer", "autumn", "winter"]
ROLES = ["music director", "principal guest", "associate"]


def _date(rng: random.Random, start: int, end: int) -> str:
    d0 = dt.date(start, 1, 1).toordinal()
    d1 = dt.date(end, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(d0, d1)).isoformat()


def _code(rng: random.Random, prefix: str, n: int = 5) -> str:
    return prefix + "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(n))


def _no_nesting(names: list[str]) -> None:
    """Fail when a display name is repeated or sits (as whole words) inside another display name."""
    norm = [tuple(n.lower().split()) for n in names]
    whole = set(norm)
    if len(whole) != len(norm):
        raise ValueError("duplicate display names")
    for toks in norm:
        for i in range(len(toks)):
            for j in range(i + 1, len(toks) + 1):
                if (i, j) != (0, len(toks)) and toks[i:j] in whole:
                    raise ValueError(f"name {' '.join(toks[i:j])!r} inside {' '.join(toks)!r}")


def build(seed: int = 43) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    people = [(f, s) for f in FIRST for s in LAST]
    rng.shuffle(people)
    pi = iter(people)

    def person() -> tuple[str, str]:
        return next(pi)

    # ---- orchestras
    stems = ORCH_STEMS[:]
    rng.shuffle(stems)
    orchestras = []
    for i, stem in enumerate(stems):
        oid = f"orchestra-{i + 1}"
        kind = ORCH_KINDS[i % len(ORCH_KINDS)]
        g.add_node(oid, label="Orchestra", name=f"{stem} {kind}", city=rng.choice(CITIES),
                   founded_year=rng.randint(1842, 1995), annual_budget_musd=round(rng.uniform(1.5, 60.0), 2),
                   is_chamber=kind in ("Chamber Orchestra", "Sinfonietta"), tier=rng.choice(TIERS),
                   registry_code=_code(rng, "RG"))
        orchestras.append(oid)

    # ---- musicians (sorted by birth so a teacher is always older: no cycles in STUDIED_WITH)
    instruments = list(INSTR_WEIGHTS)
    weights = [INSTR_WEIGHTS[k] for k in instruments]
    births = sorted(_date(rng, 1935, 2002) for _ in range(1200))
    musicians = []
    for i, bd in enumerate(births):
        mid = f"musician-{i + 1}"
        f, s = person()
        g.add_node(mid, label="Musician", first_name=f, last_name=s,
                   instrument=rng.choices(instruments, weights)[0], birth_date=bd,
                   years_active=max(1, min(2024 - int(bd[:4]) - 18, rng.randint(1, 50))),
                   audition_score=round(rng.uniform(55.0, 99.9), 2), has_solo_career=rng.random() < 0.12,
                   union_number=_code(rng, "AFM", 6))
        musicians.append(mid)

    # ---- conductors
    conductors = []
    for i in range(60):
        cid = f"conductor-{i + 1}"
        f, s = person()
        g.add_node(cid, label="Conductor", first_name=f, last_name=s, nationality=rng.choice(NATIONALITIES),
                   debut_date=_date(rng, 1970, 2018), repertoire_size=rng.randint(40, 400),
                   baton_rating=round(rng.uniform(3.0, 9.9), 2), is_emeritus=rng.random() < 0.15,
                   agent_code=_code(rng, "AG"))
        conductors.append(cid)

    # ---- composers
    composers = []
    for i in range(80):
        cid = f"composer-{i + 1}"
        f, s = person()
        era = ERAS[i % len(ERAS)]
        lo, hi = ERA_YEARS[era]
        by = rng.randint(lo, hi)
        g.add_node(cid, label="Composer", first_name=f, last_name=s, era=era, birth_year=by,
                   is_living=era == "Contemporary" and rng.random() < 0.7, catalogue_prefix=_code(rng, "CAT", 3),
                   popularity=round(rng.uniform(1.0, 100.0), 2))
        composers.append(cid)

    # ---- works
    titles = [f"{n} {f}" for n in WORK_NOUNS for f in WORK_FORMS]
    rng.shuffle(titles)
    works = []
    for i in range(400):
        wid = f"work-{i + 1}"
        comp = rng.choice(composers)
        by = g.nodes[comp]["birth_year"]
        form = titles[i].split()[-1]
        dur = rng.randint(25, 80) if form in ("Symphony", "Requiem") else rng.randint(6, 40)
        g.add_node(wid, label="Work", title=titles[i], duration_min=dur, key=rng.choice(KEYS),
                   year_composed=min(2023, by + rng.randint(18, 60)), is_choral=form == "Requiem" or rng.random() < 0.08,
                   catalogue_code=_code(rng, "WK", 4), difficulty=round(rng.uniform(1.0, 10.0), 1))
        g.add_edge(wid, comp, label="WRITTEN_BY")
        works.append(wid)

    # ---- venues
    venues = []
    for i, stem in enumerate(VENUE_STEMS):
        vid = f"venue-{i + 1}"
        outdoor = stem in ("Bandstand Park", "Quarry Amphitheatre", "Water Gardens", "The Lido", "Stable Yard",
                           "The Chapel Yard", "Market Cross")
        g.add_node(vid, label="Venue", name=stem, city=rng.choice(CITIES), capacity=rng.randint(120, 2800),
                   opened_on=_date(rng, 1850, 2015), acoustic_rating=round(rng.uniform(5.0, 9.9), 2),
                   is_outdoor=outdoor, venue_code=_code(rng, "VN", 4))
        venues.append(vid)

    # ---- festivals
    festivals = []
    for i, name in enumerate(FESTIVALS):
        fid = f"festival-{i + 1}"
        g.add_node(fid, label="Festival", name=name, city=rng.choice(CITIES), season=rng.choice(SEASONS),
                   founded_on=_date(rng, 1948, 2015), editions=rng.randint(3, 70), is_free=rng.random() < 0.25,
                   avg_daily_visitors=round(rng.uniform(300.0, 9000.0), 1))
        festivals.append(fid)

    # ---- labels
    labels = []
    for i, name in enumerate(LABELS):
        lid = f"label-{i + 1}"
        g.add_node(lid, label="Label", name=name, country=rng.choice(COUNTRIES), founded_year=rng.randint(1898, 2012),
                   is_independent=rng.random() < 0.45, label_code=_code(rng, "LC", 4),
                   market_share=round(rng.uniform(0.2, 14.0), 2))
        labels.append(lid)

    # ---- concerts
    cnames = [f"{t} {s}" for t in CONCERT_THEMES for s in CONCERT_SLOTS]
    rng.shuffle(cnames)
    for i in range(500):
        kid = f"concert-{i + 1}"
        ven = rng.choice(venues)
        cap = g.nodes[ven]["capacity"]
        att = rng.randint(cap // 3, cap)
        g.add_node(kid, label="Concert", name=cnames[i], date=_date(rng, 2012, 2024), attendance=att,
                   ticket_price=round(rng.uniform(8.0, 185.0), 2), sold_out=att == cap or rng.random() < 0.15,
                   series=rng.choice(SERIES), booking_ref=_code(rng, "BK", 6))
        g.add_edge(kid, rng.choice(orchestras), label="PERFORMED_BY")
        g.add_edge(kid, rng.choice(conductors), label="CONDUCTED_BY")
        g.add_edge(kid, ven, label="HELD_AT")
        for pos, w in enumerate(rng.sample(works, rng.randint(2, 4)), 1):
            g.add_edge(kid, w, label="FEATURES", position=pos, is_encore=pos > 2 and rng.random() < 0.3)

    # ---- memberships
    for mid in musicians:
        instr = g.nodes[mid]["instrument"]
        chosen = [rng.choice(orchestras)]
        if rng.random() < 0.15:
            other = rng.choice(orchestras)
            if other != chosen[0]:
                chosen.append(other)
        for oid in chosen:
            g.add_edge(mid, oid, label="PLAYS_IN", section=INSTRUMENTS[instr], since_year=rng.randint(1980, 2023),
                       is_principal=rng.random() < 0.1, chair=rng.randint(1, 16))

    # ---- teaching: student -> teacher (teacher born earlier)
    for i in range(60, len(musicians)):
        if rng.random() < 0.7:
            for t in {rng.randrange(0, i - 20) for _ in range(rng.choice((1, 1, 1, 2)))}:
                g.add_edge(musicians[i], musicians[t], label="STUDIED_WITH", years=rng.randint(1, 8),
                           start_date=_date(rng, 1960, 2020))

    # ---- conductors lead orchestras
    for oid in orchestras:
        for k, cid in enumerate(rng.sample(conductors, rng.randint(1, 3))):
            g.add_edge(cid, oid, label="LEADS", role=ROLES[min(k, 2)], start_date=_date(rng, 1995, 2023),
                       salary_kusd=round(rng.uniform(60.0, 900.0), 1))

    # ---- festival appearances
    for oid in orchestras:
        for fid in rng.sample(festivals, rng.randint(1, 6)):
            g.add_edge(oid, fid, label="APPEARS_AT", year=rng.randint(2005, 2024),
                       fee_kusd=round(rng.uniform(8.0, 250.0), 2), headliner=rng.random() < 0.3)

    # ---- recordings
    rtitles = [f"{a} {n}" for a in REC_ADJ for n in REC_NOUNS]
    rng.shuffle(rtitles)
    for i in range(200):
        rid = f"recording-{i + 1}"
        g.add_node(rid, label="Recording", title=rtitles[i], release_date=_date(rng, 1975, 2024),
                   length_min=round(rng.uniform(35.0, 160.0), 1), format=rng.choice(FORMATS),
                   catalog_no=_code(rng, "CN", 6), award_nominated=rng.random() < 0.1, tracks=rng.randint(3, 24))
        g.add_edge(rid, rng.choice(orchestras), label="RECORDED_BY", session_days=rng.randint(1, 14))
        g.add_edge(rid, rng.choice(labels), label="RELEASED_ON", royalty_pct=round(rng.uniform(4.0, 22.0), 1),
                   exclusive=rng.random() < 0.5)
        for w in rng.sample(works, rng.randint(1, 5)):
            g.add_edge(rid, w, label="INCLUDES")

    _no_nesting([display_name(d) for _, d in g.nodes(data=True)])
    return g


def display_name(d: dict) -> str:
    if "first_name" in d:
        return f"{d['first_name']} {d['last_name']}"
    return d.get("name") or d["title"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=43)
    a = ap.parse_args(argv)
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(a.seed), out / "orchestra.graphml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
