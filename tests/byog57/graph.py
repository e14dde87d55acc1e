"""Deterministic generator of an international film festival property graph (GraphML, APOC-style labels).

    python tests/byog57/graph.py OUT_DIR [--seed N]   ->   OUT_DIR/festival.graphml

Node type in the node attribute ``labels`` (":Film"), edge type in the edge attribute ``label``.
Only stdlib ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import random
import re
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

FESTIVALS = [
    ("Brightwater International Film Festival", "Brightwater", "BRW", "A-list", "Golden Heron", 1961),
    ("Northgate Screen Festival", "Northgate", "NGT", "Regional", "Iron Gate", 1984),
    ("Saltmarsh Documentary Days", "Saltmarsh", "SMD", "Specialised", "Silver Reed", 1997),
]
YEARS = [2019, 2020, 2022, 2023]
SECTIONS = [
    ("Main Competition", "competition", "MC"),
    ("Midnight Visions", "sidebar", "MV"),
    ("New Horizons", "competition", "NH"),
    ("Short Cuts", "shorts", "SC"),
]
AWARD_CATS = [("Best Film", "BF"), ("Best Director", "BD"), ("Best Performance", "BP"), ("Best Screenplay", "BS"),
              ("Audience Choice", "AC")]
GENRES = [("drama", 30), ("comedy", 14), ("documentary", 15), ("thriller", 12), ("animation", 7), ("horror", 8),
          ("romance", 11)]
LANGUAGES = [("English", 30), ("French", 14), ("Spanish", 12), ("Portuguese", 8), ("Korean", 7), ("Hindi", 7),
             ("Japanese", 8), ("German", 9)]
NATIONALITIES = ["British", "French", "Brazilian", "Korean", "Indian", "American", "German", "Spanish", "Japanese",
                 "Nigerian"]
CITIES = ["Lisbon", "Porto", "Coimbra", "Braga", "Faro"]
FORMATS = [("DCP", 70), ("35mm", 15), ("70mm", 6), ("IMAX", 9)]
COUNTRIES = ["UK", "France", "USA", "Brazil", "Korea", "India", "Germany", "Spain", "Japan", "Portugal"]
TERRITORIES = ["Europe", "North America", "Latin America", "Asia Pacific", "Worldwide"]
INDUSTRIES = ["banking", "automotive", "beverages", "telecom", "fashion", "airline", "technology"]

FIRST = """Ana Bruno Carla Diego Elena Felix Greta Hugo Ines Jonas Keiko Luca Marta Nadia Omar Paula Quentin Rafael
Sofia Tomas Ursula Victor Wanda Xavier Yara Zoltan Amara Benedikt Chioma Dmitri Esther Farid Gisele Hana Ivo Jun
Kasia Lorenzo Mei Nikolai Oona Pedro Rosa Soren Tariq Uma Valentina Wilhelm Yusuf Zara Aiko Bernardo Celine Dara
Emeka Fatima Goran Helga Imran Juliet Kofi Leila Mateo Noor Otto Priya Rui Saoirse Theo""".split()
LAST = """Lima Moreau Okafor Tanaka Kowalski Petrov Haddad Silva Fischer Rossi Nakamura Mendes Larsen Dubois Costa
Ivanova Schneider Romero Sato Novak Ferreira Baker Stone Rivers Field Marsh Hill Brooks Wood Frost Gray Fox Bell
Hale Archer Mason Carver Wilde Nash Kapoor Mehta Adeyemi Bangura Kim Park Choi Yamamoto Fujita Alves Barros Castro
Duarte Esposito Galli Hoffmann Jansen Keller Lindqvist Moretti Nilsen Ortega Pinto Quiroga Ramos Santoro Teixeira
Urbano Varga Weber Yilmaz Zeller Abbott Blackwood Calloway Delgado Everett Fairweather Goodwin Holloway""".split()
ADJ = """Quiet Broken Silver Hidden Distant Golden Burning Frozen Restless Hollow Crimson Bitter Gentle Wild Lonely
Electric Paper Velvet Salt Iron Glass Secret Endless Small Northern Southern Last Second Little Pale Blue Red
Violet Amber Winter Summer Autumn Spring Midnight Sleeping Falling Silent Wandering Tender Savage""".split()
NOUN = """Harbour River Orchard Kingdom Machine Garden Season Mirror Tide Lantern Letters Horizon Balcony Island
Frontier Railway Lighthouse Meadow Canyon Circus Carnival Compass Harvest Vineyard Desert Forest Mountain Valley
Shadows Echoes Voices Strangers Daughters Brothers Sisters Ghosts Dreams Promises Rooms Windows Doors Bridges
Streets Fields Waves Storms Embers Ashes Feathers Stones Wolves Horses Sparrows Foxes Tigers Whales Moths""".split()
PLACES = "Porto Marrakesh Seoul Havana Lagos Kyoto Naples Tbilisi Lima Mumbai Oslo Dakar".split()
VENUES = [
    ("Odeon Riverside", "Lisbon"), ("The Lantern", "Lisbon"), ("Palace Picturehouse", "Lisbon"),
    ("Cine Aurora", "Lisbon"), ("Grand Rex Hall", "Lisbon"), ("Tivoli Screen One", "Lisbon"),
    ("The Projection Room", "Porto"), ("Batalha Cinema House", "Porto"), ("Rivoli Auditorium", "Porto"),
    ("Dockside Cinema", "Porto"), ("Foundry Screens", "Porto"), ("Campo Alegre Theatre", "Porto"),
    ("Mondego Arthouse", "Coimbra"), ("Old University Hall", "Coimbra"), ("Quinta Open Air", "Coimbra"),
    ("Cathedral Square Cinema", "Coimbra"), ("Braga Film Vault", "Braga"), ("Sé Picture Palace", "Braga"),
    ("Minho Cinematheque", "Braga"), ("Garden Pavilion", "Braga"), ("Marina Cineplex", "Faro"),
    ("Algarve Sun Screen", "Faro"), ("Ria Formosa Hall", "Faro"), ("Lighthouse Studio Cinema", "Faro"),
    ("Cinema Ideal", "Lisbon"), ("São Jorge Grand Auditorium", "Lisbon"), ("Trindade Playhouse", "Porto"),
    ("Mercado Rooftop Cinema", "Coimbra"), ("Paraíso Drive-In", "Faro"), ("Cine Estrela", "Braga"),
]
COMPANY_WORDS = """Open Door|Blue Heron|Northlight|Tin Can|Wide Angle|Red Kite|Cobalt|Lighthouse Bay|Saltwater|
Paper Plane|Half Moon|Long Shot|Black Sheep|Copper Leaf|Honeycomb|Deep Focus|Kettle|Brass Tack|Marble Arch|
Greenhouse|Rooftop|Lucky Star|Backlot|Wildflower|Small Hours|Second Sight|Fog Horn|Silver Birch|Clockwork|
Stray Dog|Yellow Door|Nightjar|Good Weather|Anchor|Wavelength|Kite String|Pebble|Crossroads|Arrowhead|
Bonfire|Lodestar|Windmill|Riverbank|Ironbark|Quarry|Tidewater|Hummingbird|Two Rivers|Bluebell|Fieldstone""".replace(
    "\n", "").split("|")
COMPANY_SUFFIX = ["Pictures", "Films", "Studios", "Productions", "Media", "Entertainment"]
DISTRIB_WORDS = """Meridian|Parallax|Vantage|Cinephile|Aperture|Keystone|Panorama|Reelhouse|Trident|Solstice|
Monument|Zenith|Harbinger|Skylark|Cardinal|Pinnacle|Orbit|Lantern Light|Matinee|Palisade|Beacon Hill|Atlas|
Octave|Prism|Mosaic|Vista Grande|Cascade|Juniper|Kestrel|Nimbus""".replace("\n", "").split("|")
DISTRIB_SUFFIX = ["Distribution", "Releasing", "Film Group"]
SPONSORS = """Northwind Bank|Cobalt Motors|Harvest Cola|Atlantic Telecom|Maison Verre|SkyBridge Airways|Quartz Labs|
Sunpeak Water|Ferro Auto|Lumen Bank|Orla Fashion|Helix Networks|Pico Airlines|Verde Juices|Tessera Tech|
Granite Insurance Bank|Marlow Motors|Cascata Mineral Water|Polar Mobile|Atelier Nove|Boreal Air|Synapse Software|
Carmine Cars|Golden Grain Brewery|Ondas Telecom|Linha Couture|Aerovia|Kernel Systems|Baltic Savings|
Oakridge Motors|Fizz Lemonade|Signal Telecom|Velour House|Jetstream Air|Nimbus Cloud|Harbour Trust|Rally Motors|
Sparkling Springs|Wavecell|Thread and Needle""".replace("\n", "").split("|")
SPONSOR_INDUSTRY = {"Bank": "banking", "Trust": "banking", "Savings": "banking", "Motors": "automotive",
                    "Cars": "automotive", "Cola": "beverages", "Water": "beverages", "Juices": "beverages",
                    "Brewery": "beverages", "Lemonade": "beverages", "Springs": "beverages", "Telecom": "telecom",
                    "Mobile": "telecom", "Wavecell": "telecom", "Airways": "airline", "Airlines": "airline",
                    "Air": "airline", "Aerovia": "airline", "Labs": "technology", "Networks": "technology",
                    "Tech": "technology", "Software": "technology", "Systems": "technology", "Cloud": "technology"}


def _toks(s: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", s.lower()))


class NameBook:
    """Display names unique across the graph, none inside another (as a run of whole words)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.grams: set[tuple[str, ...]] = set()

    def ok(self, name: str) -> bool:
        t = _toks(name)
        if t in self.grams:
            return False
        return not any(t[i:j] in self.full for i in range(len(t)) for j in range(i + 1, len(t) + 1))

    def add(self, name: str) -> None:
        if not self.ok(name):
            raise ValueError(f"name clash: {name}")
        t = _toks(name)
        self.full.add(t)
        self.grams.update(t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1))


def _weighted(rng: random.Random, pairs):
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


def _iso(d: date) -> str:
    return d.isoformat()


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    book = NameBook()

    def node(nid: str, label: str, **attrs) -> None:
        disp = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
        book.add(disp)
        g.add_node(nid, labels=f":{label}", **attrs)

    def edge(src: str, dst: str, label: str, **attrs) -> None:
        g.add_edge(src, dst, label=label, **attrs)

    # festivals (editions), sections, awards
    editions = []
    for fname, short, code, tier, mascot, founded in FESTIVALS:
        for year in YEARS:
            fid = f"festival-{len(editions) + 1}"
            opening = date(year, rng.choice([5, 6, 9, 10]), rng.randint(1, 20))
            node(fid, "Festival", name=f"{fname} {year}", edition_code=f"ED-{code}-{year % 100:02d}", year=year,
                 opening_date=_iso(opening), budget_musd=round(rng.uniform(1.5, 14.0), 2),
                 is_competitive=code != "SMD" or year >= 2022, tier=tier)
            editions.append({"id": fid, "short": short, "code": code, "year": year, "opening": opening,
                             "mascot": mascot, "founded": founded, "sections": [], "awards": []})
    sec_n = 0
    award_n = 0
    for ed in editions:
        for sname, kind, scode in SECTIONS:
            sec_n += 1
            sid = f"section-{sec_n}"
            node(sid, "Section", name=f"{ed['short']} {ed['year']} {sname}",
                 section_code=f"SEC-{ed['code']}{ed['year'] % 100:02d}-{scode}", kind=kind,
                 slots=rng.randint(8, 24), prize_eligible=kind == "competition")
            edge(sid, ed["id"], "PART_OF")
            ed["sections"].append((sid, kind))
        for cat, ccode in AWARD_CATS:
            award_n += 1
            aid = f"award-{award_n}"
            node(aid, "Award", name=f"{ed['mascot']} for {cat} {ed['year']}",
                 award_code=f"AWD-{ed['code']}{ed['year'] % 100:02d}-{ccode}", category=cat,
                 purse_usd=rng.randrange(5000, 60000, 500), established=ed["founded"] + rng.randint(0, 30),
                 televised=rng.random() < 0.5)
            edge(aid, ed["id"], "PRESENTED_BY")
            ed["awards"].append(aid)

    # venues
    venues = []
    for i, (vname, city) in enumerate(VENUES, 1):
        vid = f"venue-{i}"
        node(vid, "Venue", name=vname, venue_code=f"VEN-{i:03d}", seats=rng.randrange(90, 1400, 7), city=city,
             opened=_iso(date(rng.randint(1921, 2015), rng.randint(1, 12), rng.randint(1, 28))),
             wheelchair_access=rng.random() < 0.7, screen_width_m=round(rng.uniform(6.0, 24.0), 1))
        venues.append(vid)

    # companies, distributors, sponsors
    companies = []
    words = COMPANY_WORDS[:]
    rng.shuffle(words)
    for w in words:
        for _ in range(4):
            nm = f"{w} {rng.choice(COMPANY_SUFFIX)}"
            if book.ok(nm):
                break
        else:
            continue
        cid = f"company-{len(companies) + 1}"
        node(cid, "ProductionCompany", name=nm, company_code=f"PRD-{len(companies) + 1:03d}",
             founded=rng.randint(1950, 2018), country=rng.choice(COUNTRIES), is_independent=rng.random() < 0.6,
             revenue_musd=round(rng.uniform(0.5, 420.0), 2))
        companies.append(cid)
    distributors = []
    for w in DISTRIB_WORDS:
        nm = f"{w} {rng.choice(DISTRIB_SUFFIX)}"
        if not book.ok(nm):
            continue
        did = f"distributor-{len(distributors) + 1}"
        node(did, "Distributor", name=nm, distributor_code=f"DST-{len(distributors) + 1:03d}",
             territory=rng.choice(TERRITORIES), founded=rng.randint(1935, 2020), streaming=rng.random() < 0.4,
             market_share=round(rng.uniform(0.2, 9.5), 2))
        distributors.append(did)
    sponsors = []
    for nm in SPONSORS:
        if not book.ok(nm):
            continue
        ind = next((v for k, v in SPONSOR_INDUSTRY.items() if k in nm.split() or k == nm), "fashion")
        spid = f"sponsor-{len(sponsors) + 1}"
        node(spid, "Sponsor", name=nm, sponsor_code=f"SPN-{len(sponsors) + 1:03d}", industry=ind,
             partner_since=rng.randint(1995, 2021), is_global=rng.random() < 0.35)
        sponsors.append(spid)

    # people
    people = []
    pairs = [(f, la) for f in FIRST for la in LAST]
    rng.shuffle(pairs)
    for f, la in pairs:
        if len(people) >= 820:
            break
        if not book.ok(f"{f} {la}"):
            continue
        pid = f"person-{len(people) + 1}"
        start = rng.randint(1968, 2018)
        born = date(start - rng.randint(19, 34), rng.randint(1, 12), rng.randint(1, 28))
        node(pid, "Person", first_name=f, last_name=la, person_code=f"PRS-{len(people) + 1:04d}",
             birth_date=_iso(born), nationality=rng.choice(NATIONALITIES), career_start=start,
             rating=round(rng.uniform(4.0, 9.6), 1), has_agent=rng.random() < 0.55)
        people.append((pid, start))
    pids = [p for p, _ in people]
    directors = pids[:230]
    dir_w = [1.0 / (1 + i % 37) ** 0.6 for i in range(len(directors))]
    actors = pids[160:]

    # mentoring (mentor -> mentee), acyclic: the mentor started at least 4 years earlier
    for pid, start in people:
        if rng.random() < 0.33:
            older = [p for p, s in people[:400] if s <= start - 4]
            if older:
                mentor = rng.choice(older[: max(1, len(older) // 3)] if rng.random() < 0.5 else older)
                edge(mentor, pid, "MENTORED", since_year=start - rng.randint(0, 3))

    # films
    title_book: list[str] = []
    films = []
    comp_w = [1.0 / (1 + i) ** 0.7 for i in range(len(companies))]
    dist_w = [1.0 / (1 + i) ** 0.5 for i in range(len(distributors))]
    screening_n = 0
    while len(films) < 700:
        pat = rng.random()
        a, n, n2 = rng.choice(ADJ), rng.choice(NOUN), rng.choice(NOUN)
        if pat < 0.45:
            title = f"{a} {n}"
        elif pat < 0.6:
            title = f"The {a} {n}"
        elif pat < 0.75:
            title = f"{n} of {a} {n2}" if n != n2 else f"{a} {n}"
        elif pat < 0.87:
            title = f"{rng.choice(['After the', 'Before the', 'Beyond the', 'Under the'])} {n}"
        else:
            title = f"{a} {n} in {rng.choice(PLACES)}"
        if not book.ok(title):
            continue
        ed = editions[len(films) % len(editions)] if rng.random() < 0.3 else rng.choice(editions)
        sid, kind = rng.choice(ed["sections"])
        genre = "documentary" if ed["code"] == "SMD" and rng.random() < 0.7 else _weighted(rng, GENRES)
        runtime = rng.randint(7, 38) if kind == "shorts" else rng.randint(72, 168)
        fid = f"film-{len(films) + 1}"
        node(fid, "Film", title=title, film_code=f"FLM-{len(films) + 1:05d}", runtime_min=runtime,
             budget_musd=round(rng.uniform(0.05, 1.2) if kind == "shorts" else rng.uniform(0.4, 38.0), 2),
             release_date=_iso(ed["opening"] + timedelta(days=rng.randint(-200, 240))),
             is_debut=rng.random() < 0.25, genre=genre, language=_weighted(rng, LANGUAGES))
        title_book.append(title)
        films.append((fid, ed, sid, kind, genre))
        edge(fid, sid, "SELECTED_FOR", selection_date=_iso(ed["opening"] - timedelta(days=rng.randint(20, 120))),
             world_premiere=rng.random() < 0.35)
        for d in sorted(set(rng.choices(directors, weights=dir_w, k=2 if rng.random() < 0.1 else 1))):
            edge(d, fid, "DIRECTED")
        if genre != "documentary":
            cast = rng.sample(actors, rng.randint(2, 5))
            for b, p in enumerate(cast, 1):
                role = "lead" if b == 1 else ("cameo" if b >= 4 and rng.random() < 0.6 else "supporting")
                mins = {"lead": (40, 110), "supporting": (12, 55), "cameo": (1, 6)}[role]
                edge(p, fid, "ACTED_IN", role=role, billing=b,
                     screen_minutes=round(min(runtime - 0.5, rng.uniform(*mins)), 1))
        for c in sorted(set(rng.choices(companies, weights=comp_w, k=2 if rng.random() < 0.25 else 1))):
            edge(fid, c, "PRODUCED_BY")
        for d in sorted(set(rng.choices(distributors, weights=dist_w, k=2 if rng.random() < 0.2 else 1))):
            edge(d, fid, "DISTRIBUTES", deal_date=_iso(ed["opening"] + timedelta(days=rng.randint(-60, 200))),
                 exclusive=rng.random() < 0.45, fee_musd=round(rng.uniform(0.02, 6.0), 3))
        for _ in range(rng.choice([1, 1, 2, 2, 2, 3])):
            screening_n += 1
            scid = f"screening-{screening_n}"
            node(scid, "Screening", name=f"Screening SCR-{screening_n:04d}",
                 screening_date=_iso(ed["opening"] + timedelta(days=rng.randint(0, 9))),
                 start_hour=rng.choice([10, 13, 16, 19, 21, 23]), attendance=rng.randint(35, 1200),
                 ticket_price=round(rng.uniform(4.5, 18.0), 2), is_premiere=rng.random() < 0.2,
                 format=_weighted(rng, FORMATS))
            edge(scid, fid, "SHOWS")
            edge(scid, rng.choice(venues), "HELD_AT")

    # juries: a president and four members per section
    for ed in editions:
        for sid, _kind in ed["sections"]:
            for j, p in enumerate(rng.sample(pids, 5)):
                edge(p, sid, "SERVED_ON_JURY", role="president" if j == 0 else "member", days=rng.randint(4, 11))
    # awards: one winning film each, from that edition
    for ed in editions:
        pool = [f for f, e, _s, k, _g in films if e is ed and k != "shorts"]
        for aid in ed["awards"]:
            edge(rng.choice(pool), aid, "WON", ceremony_date=_iso(ed["opening"] + timedelta(days=10)),
                 unanimous=rng.random() < 0.4)
    # sponsorships
    for ed in editions:
        for sp in rng.sample(sponsors, rng.randint(4, 7)):
            edge(sp, ed["id"], "SPONSORS", amount_kusd=round(rng.uniform(15.0, 900.0), 1),
                 level=rng.choice(["gold", "silver", "silver", "bronze", "bronze"]))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=57)
    args = ap.parse_args()
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / "festival.graphml")


if __name__ == "__main__":
    main()
