"""Deterministic generator for a professional football league property graph (byog37).

    python tests/byog37/graph.py OUT_DIR [--seed N]

writes OUT_DIR/league.graphml (networkx.write_graphml). Node type in the node attribute ``label``, edge type in the
edge attribute ``label``. Stdlib ``random.Random(seed)`` plus networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 37

FIRST_NAMES = [
    "Aaron", "Abel", "Adrian", "Alban", "Alvaro", "Anders", "Andrei", "Arturo", "Barnaby", "Bastian", "Benedikt",
    "Bruno", "Callum", "Casimir", "Cedric", "Cormac", "Cyrus", "Dario", "Declan", "Desmond", "Dominik", "Eamon",
    "Edgar", "Elias", "Emeka", "Emil", "Ewan", "Fabian", "Felix", "Finnian", "Florin", "Gareth", "Gideon", "Goran",
    "Gustavo", "Hamish", "Hector", "Hugo", "Ibrahim", "Idris", "Ignacio", "Isak", "Jasper", "Joaquin", "Jonas",
    "Kasper", "Kenji", "Kofi", "Laszlo", "Leandro", "Lorcan", "Luca", "Magnus", "Malik", "Mateo", "Milos",
    "Nikolai", "Nuno", "Oisin", "Olumide", "Osman", "Pavel", "Piers", "Quentin", "Rafael", "Ramon", "Rasmus",
    "Rory", "Rufus", "Sandro", "Sebastian", "Soren", "Stellan", "Tariq", "Teodor", "Tobias", "Ulrich", "Vasco",
    "Viktor", "Wilfred", "Xavier", "Yannick", "Yusuf", "Zoltan",
]
LAST_NAMES = [
    "Abernathy", "Achterberg", "Adeyemi", "Alcantara", "Almeida", "Andersson", "Arbeloa", "Ashdown", "Badejo",
    "Balogun", "Bancroft", "Barros", "Beckford", "Bjornstad", "Blackwood", "Bramall", "Brennan", "Calloway",
    "Carvalho", "Castellano", "Chadwick", "Chukwu", "Cifuentes", "Coulibaly", "Cresswell", "Dahlberg", "Delacroix",
    "Demirel", "Donnelly", "Drummond", "Ekwueme", "Elsworth", "Esposito", "Fairbairn", "Falkenberg", "Ferreira",
    "Fitzgerald", "Fonseca", "Gallagher", "Garnier", "Gjertsen", "Grimshaw", "Guerrero", "Halvorsen", "Hargreaves",
    "Hashimoto", "Henriksen", "Holloway", "Ibarra", "Iwobi", "Jankowski", "Jovanovic", "Kaminski", "Kavanagh",
    "Keane", "Kowalczyk", "Kristiansen", "Lacroix", "Lindqvist", "Lombardi", "Lundgren", "Macaulay", "Magnusson",
    "Marchetti", "Mensah", "Montoya", "Moreau", "Mulligan", "Nakamura", "Navarro", "Nkemelu", "Novak", "Nyberg",
    "Obradovic", "Okafor", "Oliveira", "Onyango", "Ostrowski", "Pacheco", "Pellegrini", "Penhaligon", "Petrovic",
    "Quaresma", "Quigley", "Rademacher", "Ramsbottom", "Rasmussen", "Rinaldi", "Rosenthal", "Sandoval", "Sarr",
    "Schofield", "Sorensen", "Stavros", "Strachan", "Szabo", "Takahashi", "Tavares", "Thorsen", "Trevisan",
    "Umeh", "Urquhart", "Valente", "Vasquez", "Vermeulen", "Vidovic", "Wainwright", "Westergaard", "Whitcombe",
    "Wojcik", "Yamamoto", "Yilmaz", "Zabaleta", "Zielinski", "Zubiri",
]
NATIONALITIES = ["England", "Spain", "France", "Brazil", "Nigeria", "Portugal", "Netherlands", "Norway", "Japan",
                 "Serbia", "Ghana", "Ireland"]

CLUBS = [
    # (name, city, kit colour)
    ("Ashford Athletic", "Ashford", "Red"), ("Brackley Town", "Brackley", "Blue"),
    ("Caldermoor City", "Caldermoor", "Sky Blue"), ("Dunmore Rovers", "Dunmore", "Green"),
    ("Eastbrook Wanderers", "Eastbrook", "Black and White"), ("Fenwick Albion", "Fenwick", "Claret"),
    ("Greystone United", "Greystone", "Red"), ("Harrowgate Orient", "Harrowgate", "Orange"),
    ("Ironbridge Forest", "Ironbridge", "Green"), ("Kestrel Vale", "Kestrel", "Yellow"),
    ("Larkhill Rangers", "Larkhill", "Blue"), ("Milbury Villa", "Milbury", "Claret"),
    ("Northgate Harriers", "Northgate", "Black and White"), ("Oakridge County", "Oakridge", "Yellow"),
    ("Pellham Swifts", "Pellham", "Sky Blue"), ("Queensferry Celtic", "Queensferry", "Green"),
    ("Redcliffe Borough", "Redcliffe", "Red"), ("Saltmarsh Corinthians", "Saltmarsh", "White"),
    ("Thornbury Wednesday", "Thornbury", "Blue"), ("Westmere Argyle", "Westmere", "Orange"),
]
STADIUMS = [
    "The Foundry", "Lantern Lane", "Copperfield Ground", "Highfield Road", "Millstream Arena", "The Citadel",
    "Beacon Park", "Kingsway Stadium", "The Hollow", "Riverside Meadow", "Windmill Hill", "Granary Road",
    "Harbour Point", "The Anvil", "Chapel Street Ground", "Falconer Park", "The Orchard", "Victoria Works",
]
SURFACES = ["Grass", "Hybrid", "Artificial"]
SPONSORS = [
    ("Evergreen Mutual", "Insurance"), ("Northwind Airways", "Airline"), ("Copper Kettle Brewing", "Beverage"),
    ("Lighthouse Bank", "Banking"), ("Pinnacle Bet", "Betting"), ("Sparrow Mobile", "Telecom"),
    ("Harvest Foods", "Retail"), ("Voltaic Energy", "Energy"), ("Meridian Motors", "Automotive"),
    ("Anchor Freight", "Logistics"), ("Bluebell Dairies", "Beverage"), ("Quarry Cement", "Construction"),
    ("Silverline Rail", "Logistics"), ("Tidewater Gas", "Energy"), ("Oakleaf Insurance", "Insurance"),
    ("Kingfisher Telecom", "Telecom"), ("Redstone Betting", "Betting"), ("Summit Outdoor", "Retail"),
    ("Aurora Jets", "Airline"), ("Granite Savings", "Banking"), ("Hopscotch Toys", "Retail"),
    ("Lodestar Logistics", "Logistics"), ("Marigold Tea", "Beverage"), ("Nimbus Cloud", "Technology"),
    ("Orbital Systems", "Technology"), ("Pebble Watches", "Technology"), ("Crown Lager", "Beverage"),
    ("Sterling Autos", "Automotive"), ("Thistle Water", "Beverage"), ("Wildfire Gaming", "Betting"),
]
SPONSOR_CITIES = ["London", "Manchester", "Dublin", "Amsterdam", "Madrid", "Oslo", "Lisbon", "Leeds"]
AGENCIES = ["Northstar Sports", "Blue Ribbon Management", "Crossbar Talent", "Keystone Athletes",
            "Pitchside Partners"]
DEAL_TYPES = ["Shirt", "Sleeve", "Training Kit", "Stadium"]
COACH_ROLES = ["Assistant", "Goalkeeping Coach", "Fitness Coach"]
REF_GRADES = ["Elite", "National", "Regional"]
SQUAD = [("Goalkeeper", 3), ("Defender", 9), ("Midfielder", 8), ("Forward", 6)]
SEASONS = [2020, 2021, 2022, 2023]

N_COACHES_EXTRA = 25
N_AGENTS = 60
N_REFEREES = 24


def _date(d: dt.date) -> str:
    return d.isoformat()


def _rand_date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


class _Names:
    """Display names unique across the whole graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.lower: set[str] = set()
        self.joined = ""

    def ok(self, name: str) -> bool:
        low = name.lower()
        if low in self.joined:
            return False
        for i in range(len(low)):
            for j in range(i + 1, len(low) + 1):
                if low[i:j] in self.lower:
                    return False
        return True

    def add(self, name: str) -> None:
        if not self.ok(name):
            raise ValueError(f"display name clash: {name!r}")
        self.names.append(name)
        self.lower.add(name.lower())
        self.joined += "\x00" + name.lower()

    def person(self, rng: random.Random) -> tuple[str, str]:
        while True:
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            if self.ok(f"{first} {last}"):
                self.add(f"{first} {last}")
                return first, last


def _round_robin(teams: list[int]) -> list[list[tuple[int, int]]]:
    """Double round robin (circle method): 2*(n-1) matchdays of (home, away)."""
    n = len(teams)
    arr = list(teams)
    first_half = []
    for r in range(n - 1):
        day = []
        for i in range(n // 2):
            a, b = arr[i], arr[n - 1 - i]
            day.append((a, b) if (r + i) % 2 == 0 else (b, a))
        first_half.append(day)
        arr = [arr[0], arr[-1], *arr[1:-1]]
    return first_half + [[(b, a) for a, b in day] for day in first_half]


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = _Names()

    def edge(u: str, v: str, label: str, **props) -> None:
        if g.has_edge(u, v):
            raise ValueError(f"duplicate edge {u}->{v}")
        g.add_edge(u, v, label=label, **props)

    # seasons
    for i, y in enumerate(SEASONS, 1):
        name = f"Season {y}-{(y + 1) % 100:02d}"
        names.add(name)
        g.add_node(f"season-{i}", label="Season", name=name, start_date=_date(dt.date(y, 8, 8 + i)),
                   end_date=_date(dt.date(y + 1, 5, 20 + i)), start_year=y, season_code=f"SZN-{y}{(y + 1) % 100:02d}",
                   covid_restricted=(y == 2020), broadcaster=rng.choice(["Skyline TV", "Arena Sports", "Pitch+"]))

    # stadiums
    for i, sname in enumerate(STADIUMS, 1):
        names.add(sname)
        g.add_node(f"stadium-{i}", label="Stadium", name=sname, capacity=rng.randrange(11000, 64000, 50),
                   opened=_date(_rand_date(rng, dt.date(1889, 1, 1), dt.date(2016, 12, 31))),
                   surface=rng.choice(SURFACES), has_roof=rng.random() < 0.3,
                   stadium_code=f"STD-{rng.randrange(100, 999)}{chr(65 + i)}",
                   pitch_length_m=round(rng.uniform(100.0, 110.0), 1))

    # clubs
    promoted = set(rng.sample(range(20), 3))
    for i, (cname, city, colour) in enumerate(CLUBS, 1):
        names.add(cname)
        g.add_node(f"club-{i}", label="Club", name=cname, city=city, kit_colour=colour,
                   founded=rng.randrange(1867, 1935), budget_eur=rng.randrange(35_000, 420_000) * 1000,
                   promoted=(i - 1) in promoted, club_code=f"CLB-{cname[:3].upper()}{i:02d}",
                   trophies=rng.randrange(0, 30))
    club_stadium = {}
    for i in range(1, 21):
        s = i if i <= 18 else (4 if i == 19 else 10)
        club_stadium[i] = s
        edge(f"club-{i}", f"stadium-{s}", "HOME_GROUND", since_year=rng.randrange(1900, 2020))

    # sponsors
    for i, (sname, industry) in enumerate(SPONSORS, 1):
        names.add(sname)
        g.add_node(f"sponsor-{i}", label="Sponsor", name=sname, industry=industry,
                   founded=rng.randrange(1850, 2015), hq_city=rng.choice(SPONSOR_CITIES),
                   listed=rng.random() < 0.5, sponsor_code=f"SPN-{rng.randrange(1000, 9999)}")
    for c in range(1, 21):
        k = rng.choice([1, 2, 2, 3, 3, 4])
        deals = ["Shirt", *rng.sample(DEAL_TYPES[1:], k - 1)]
        for sp, deal in zip(rng.sample(range(1, 31), k), deals, strict=True):
            edge(f"sponsor-{sp}", f"club-{c}", "SPONSORS", deal_type=deal,
                 annual_value_eur=(rng.randrange(500, 60_000) if deal == "Shirt" else rng.randrange(300, 15_000)) * 1000,
                 started=_date(_rand_date(rng, dt.date(2012, 1, 1), dt.date(2023, 7, 1))),
                 exclusive=rng.random() < 0.4)

    # coaches
    coach_ids = []
    for i in range(1, 20 + N_COACHES_EXTRA + 1):
        first, last = names.person(rng)
        cid = f"coach-{i}"
        coach_ids.append(cid)
        g.add_node(cid, label="Coach", first_name=first, last_name=last,
                   birth_date=_date(_rand_date(rng, dt.date(1955, 1, 1), dt.date(1988, 12, 31))),
                   nationality=rng.choice(NATIONALITIES), licence=rng.choice(["UEFA Pro", "UEFA A", "UEFA B"]),
                   coach_code=f"CCH-{rng.randrange(10000, 99999)}", career_wins=rng.randrange(5, 600))
        if i <= 20:
            club, role = i, "Head Coach"
        else:
            club, role = rng.randrange(1, 21), rng.choice(COACH_ROLES)
        edge(cid, f"club-{club}", "COACHES", role=role,
             appointed=_date(_rand_date(rng, dt.date(2015, 1, 1), dt.date(2023, 12, 31))),
             contract_years=rng.randrange(1, 6))
    order = coach_ids[:]
    rng.shuffle(order)
    for pos, cid in enumerate(order):
        if pos < 5 or rng.random() < 0.2:
            continue
        mentor = rng.choice(order[max(0, pos - 12):pos])
        edge(mentor, cid, "MENTORED", since_year=rng.randrange(1995, 2022))

    # agents
    for i in range(1, N_AGENTS + 1):
        first, last = names.person(rng)
        g.add_node(f"agent-{i}", label="Agent", first_name=first, last_name=last, agency=rng.choice(AGENCIES),
                   licence_no=f"AGT-{rng.randrange(2005, 2023)}-{rng.randrange(1000, 9999)}",
                   licensed_since=_date(_rand_date(rng, dt.date(2002, 1, 1), dt.date(2022, 12, 31))),
                   fifa_licensed=rng.random() < 0.6)

    # referees
    for i in range(1, N_REFEREES + 1):
        first, last = names.person(rng)
        g.add_node(f"referee-{i}", label="Referee", first_name=first, last_name=last,
                   badge_code=f"REF-{rng.randrange(100, 999)}", grade=rng.choice(REF_GRADES),
                   fifa_listed=i in (2, 5, 9, 14, 17, 21), years_active=rng.randrange(2, 25),
                   birth_date=_date(_rand_date(rng, dt.date(1968, 1, 1), dt.date(1995, 12, 31))))

    # players
    squads: dict[int, list[tuple[str, str]]] = {}
    pid = 0
    for c in range(1, 21):
        squads[c] = []
        shirts = rng.sample(range(1, 50), 26)
        captain = rng.randrange(26)
        k = 0
        for position, n in SQUAD:
            for _ in range(n):
                pid += 1
                first, last = names.person(rng)
                p = f"player-{pid}"
                squads[c].append((p, position))
                g.add_node(p, label="Player", first_name=first, last_name=last, position=position,
                           birth_date=_date(_rand_date(rng, dt.date(1987, 1, 1), dt.date(2006, 6, 30))),
                           height_cm=rng.randrange(165, 200) + (6 if position == "Goalkeeper" else 0),
                           market_value_eur=rng.randrange(200, 95_000) * 1000,
                           preferred_foot=rng.choices(["Right", "Left", "Both"], [70, 25, 5])[0],
                           nationality=rng.choice(NATIONALITIES), international=rng.random() < 0.35,
                           player_code=f"PLR-{rng.randrange(100000, 999999)}")
                joined = _rand_date(rng, dt.date(2014, 6, 1), dt.date(2023, 9, 1))
                edge(p, f"club-{c}", "PLAYS_FOR", shirt_number=shirts[k], joined=_date(joined),
                     is_captain=(k == captain))
                if rng.random() < 0.4:
                    on_loan = rng.random() < 0.2
                    fee = (rng.randrange(100, 3000) if on_loan else rng.randrange(500, 85_000)) * 1000
                    edge(f"club-{c}", p, "SIGNED", fee_eur=fee, date=_date(joined), on_loan=on_loan,
                         window="Summer" if 5 <= joined.month <= 9 else "Winter")
                if rng.random() < 0.9:
                    edge(f"agent-{rng.randrange(1, N_AGENTS + 1)}", p, "REPRESENTS",
                         commission_pct=round(rng.uniform(3.0, 12.0), 1),
                         contract_end=_date(_rand_date(rng, dt.date(2024, 6, 30), dt.date(2029, 6, 30))))
                k += 1

    # matches
    weights = {"Goalkeeper": 0.0, "Defender": 1.0, "Midfielder": 3.0, "Forward": 6.0}
    mid = 0
    for si, y in enumerate(SEASONS, 1):
        teams = list(range(1, 21))
        rng.shuffle(teams)
        start = dt.date(y, 8, 8 + si)
        for md, day in enumerate(_round_robin(teams), 1):
            for h, a in day:
                mid += 1
                m = f"match-{mid}"
                title = f"Fixture {mid:04d}"
                names.add(title)
                cap = g.nodes[f"stadium-{club_stadium[h]}"]["capacity"]
                hg = rng.choices(range(6), [22, 30, 24, 13, 7, 4])[0]
                ag = rng.choices(range(6), [30, 32, 21, 10, 5, 2])[0]
                date = start + dt.timedelta(days=7 * (md - 1) + rng.choice([0, 1, 3]))
                g.add_node(m, label="Match", title=title, match_code=f"FX-{y}-{md:02d}-{mid:04d}", date=_date(date),
                           matchday=md, home_goals=hg, away_goals=ag,
                           attendance=int(cap * rng.uniform(0.55, 1.0)) if y != 2020 else rng.randrange(0, 2000),
                           kickoff=rng.choice(["Early", "Afternoon", "Evening"]), televised=rng.random() < 0.45)
                edge(m, f"club-{h}", "HOME_SIDE")
                edge(m, f"club-{a}", "AWAY_SIDE")
                edge(m, f"stadium-{club_stadium[h]}", "HELD_AT")
                edge(m, f"season-{si}", "IN_SEASON")
                edge(f"referee-{rng.randrange(1, N_REFEREES + 1)}", m, "REFEREED",
                     yellow_cards=rng.randrange(0, 8), red_cards=rng.choices([0, 1, 2], [85, 13, 2])[0],
                     var_used=rng.random() < 0.3)
                for club, goals in ((h, hg), (a, ag)):
                    scorers: dict[str, list[int]] = {}
                    squad = squads[club]
                    for _ in range(goals):
                        p = rng.choices([s for s, _ in squad], [weights[pos] for _, pos in squad])[0]
                        scorers.setdefault(p, []).append(rng.randrange(1, 91))
                    for p, minutes in scorers.items():
                        edge(p, m, "SCORED", goals=len(minutes), first_minute=min(minutes),
                             penalty=rng.random() < 0.12)
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    nx.write_graphml(g, out / "league.graphml")
    print(f"wrote {out / 'league.graphml'}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
