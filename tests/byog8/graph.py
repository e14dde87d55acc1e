"""A seeded football-league property graph, written as GraphML (networkx, node type in ``labels`` ":Label").

    python tests/byog8/graph.py OUTDIR [--seed N]      -> OUTDIR/football.graphml

Types: League, City, Stadium, Club, Coach, Player, Match (7). Edge types (11): Club-COMPETES_IN->League,
Club-BASED_IN->City, Club-PLAYS_AT->Stadium, Stadium-SITUATED_IN->City, Coach-MANAGES->Club (start_date),
Coach-MENTORS->Coach (self-relation; since_year), Player-PLAYS_FOR->Club (shirt_number, contract_until),
Player-BORN_IN->City, Player-SCORED_IN->Match (goals, penalty), Match-HOME_TEAM->Club, Match-HOSTED_AT->Stadium.
4-hop path: Coach -MENTORS-> Coach -MANAGES-> Club -PLAYS_AT-> Stadium -SITUATED_IN-> City.
Deterministic for a seed; no parallel edges (one edge per start, type, end).
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

FILE_NAME = "football.graphml"

CITY_NAMES = [
    "Ashford", "Brackwell", "Corrindale", "Dunmore", "Eastleigh", "Fenwick", "Garston", "Holloway", "Ingleby",
    "Jarrow", "Kelham", "Lindfield", "Marrowby", "Northbridge", "Oakhampton", "Pendleford", "Queensbury",
    "Redhaven", "Stowmarket", "Thornbury", "Upminster", "Valebrook", "Westcombe", "Yarmstead", "Zennor",
    "Aldwick", "Bramhope", "Castlemere",
]
CLUB_SUFFIXES = ["United", "Rovers", "Athletic", "Town", "Wanderers", "Albion", "City", "Rangers", "Villa",
                 "Harriers", "Olympic", "Dynamo"]
STADIUM_SUFFIXES = ["Park", "Road", "Lane", "Ground", "Arena", "Meadow", "Stadium", "Field"]
STADIUM_PREFIXES = ["Kingsway", "Elm", "Millbrook", "Riverside", "Hawthorn", "Beacon", "Foundry", "Chapel", "Station",
                    "Victoria", "Brewery", "Mariner", "Abbey", "Larkspur", "Granite", "Heron", "Copper", "Willow",
                    "Saltmarsh", "Juniper", "Quarry", "Falcon", "Orchard", "Lantern", "Tannery", "Harbour", "Ember",
                    "Clover", "Pinfold", "Wheatsheaf"]
FIRST = ["Aaron", "Ben", "Callum", "Dario", "Emeka", "Felipe", "George", "Hugo", "Isaac", "Jonas", "Kofi", "Luca",
         "Marek", "Nils", "Oscar", "Pavel", "Quentin", "Rafael", "Samir", "Tomas", "Umar", "Viktor", "Wesley",
         "Xavi", "Yusuf", "Zoran", "Aleksi", "Bruno", "Cian", "Dmitri", "Elias", "Finn", "Goran", "Henrik", "Ivo",
         "Jakub", "Kenji", "Leon", "Mateo", "Noah"]
LAST = ["Abbott", "Brennan", "Castillo", "Dervish", "Eriksen", "Fairweather", "Gallagher", "Halloran", "Ibarra",
        "Jovanovic", "Kowalczyk", "Lindqvist", "Marchetti", "Nakamura", "Okafor", "Petrov", "Quigley", "Rossetti",
        "Sandoval", "Thorsen", "Udeh", "Varga", "Whitlock", "Xhaka", "Yilmaz", "Zielinski", "Ashby", "Baptiste",
        "Coulibaly", "Drummond", "Esposito", "Fonseca", "Grimaldi", "Hartigan", "Iwobi", "Jensen", "Kruger",
        "Lacroix", "Moreau", "Novak", "Oyelaran", "Pellegrini", "Ramsbottom", "Szabo", "Tanaka", "Vermeulen"]
COACH_FIRST = ["Arnold", "Bernhard", "Clemente", "Desmond", "Ernesto", "Frederik", "Gianni", "Horace", "Ignatius",
               "Julian", "Klaus", "Lorenzo", "Maximilian", "Norbert", "Ottavio", "Percival", "Reinhold", "Sebastiano",
               "Thaddeus", "Valentin"]
COACH_LAST = ["Ackerley", "Bellamy", "Crowther", "Delacroix", "Ellwood", "Fitzgerald", "Greenhalgh", "Hennessy",
              "Ironside", "Jablonski", "Kingsley", "Longbottom", "Mancini", "Northcott", "Osterman", "Prendergast",
              "Redgrave", "Stanhope", "Trevelyan", "Umberto", "Wolstenholme"]
LEAGUES = [("Premier Division", 1), ("Championship Division", 2), ("First Division", 3), ("Second Division", 4)]
POSITIONS = ["Goalkeeper", "Defender", "Midfielder", "Forward"]
POSITION_WEIGHTS = [1, 4, 4, 3]
LICENCES = ["Pro Licence", "A Licence", "B Licence"]
FOOTS = ["left", "right"]


def build(seed: int = 8) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **props) -> None:
        g.add_node(nid, labels=f":{label}", **props)

    def edge(a: str, b: str, typ: str, **props) -> None:
        assert not g.has_edge(a, b), (a, b, typ)
        g.add_edge(a, b, label=typ, **props)

    for i, (name, tier) in enumerate(LEAGUES, 1):
        node(f"league-{i}", "League", name=name, tier=tier, founded=rng.randint(1888, 1960),
             promotion_places=rng.choice([2, 3, 4]))
    cities = []
    for i, name in enumerate(CITY_NAMES, 1):
        cid = f"city-{i}"
        cities.append(cid)
        node(cid, "City", name=name, population=rng.randint(40, 900) * 1000 + rng.randint(0, 999),
             region=rng.choice(["North", "South", "East", "West", "Midlands"]), is_coastal=rng.random() < 0.3)

    # Stadiums: 40, each in one city; some clubs share a stadium.
    stadiums = []
    used = set()
    for i in range(1, 41):
        while True:
            nm = f"{rng.choice(STADIUM_PREFIXES)} {rng.choice(STADIUM_SUFFIXES)}"
            if nm not in used:
                used.add(nm)
                break
        sid = f"stadium-{i}"
        stadiums.append(sid)
        opened = date(rng.randint(1890, 2018), rng.randint(1, 12), rng.randint(1, 28))
        node(sid, "Stadium", name=nm, capacity=rng.randint(40, 800) * 100 + rng.randint(0, 99),
             opened=opened.isoformat(), has_roof=rng.random() < 0.25,
             surface=rng.choice(["grass", "grass", "hybrid", "artificial"]))
        edge(sid, rng.choice(cities), "SITUATED_IN")

    # Clubs: 48, 12 per league.
    clubs = []
    used = set()
    for i in range(1, 49):
        while True:
            city = rng.choice(cities)
            nm = f"{g.nodes[city]['name']} {rng.choice(CLUB_SUFFIXES)}"
            if nm not in used:
                used.add(nm)
                break
        cid = f"club-{i}"
        clubs.append(cid)
        node(cid, "Club", name=nm, founded=rng.randint(1865, 1995), budget_million=round(rng.uniform(2, 180), 1),
             is_professional=rng.random() < 0.8, kit_colour=rng.choice(["red", "blue", "white", "green", "black",
                                                                         "yellow"]))
        edge(cid, f"league-{(i - 1) // 12 + 1}", "COMPETES_IN")
        edge(cid, city, "BASED_IN")
        edge(cid, stadiums[i - 1] if i <= 40 else rng.choice(stadiums[:40]), "PLAYS_AT")

    # Coaches: 60 (48 manage one club each; 12 unattached). MENTORS is a forest-ish self-relation.
    coaches = []
    used = set()
    for i in range(1, 61):
        while True:
            fn, ln = rng.choice(COACH_FIRST), rng.choice(COACH_LAST)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        cid = f"coach-{i}"
        coaches.append(cid)
        node(cid, "Coach", first_name=fn, last_name=ln,
             birth_date=date(rng.randint(1945, 1988), rng.randint(1, 12), rng.randint(1, 28)).isoformat(),
             licence=rng.choice(LICENCES), years_experience=rng.randint(1, 35))
    order = coaches[:]
    rng.shuffle(order)
    for i, c in enumerate(order):
        if i < 48:
            start = date(rng.randint(2012, 2024), rng.randint(1, 12), rng.randint(1, 28))
            edge(c, clubs[i], "MANAGES", start_date=start.isoformat())
    for i, c in enumerate(coaches[8:], 8):  # each later coach has 0-2 mentors among earlier coaches
        for m in rng.sample(coaches[:i], rng.choice([0, 1, 1, 2])):
            edge(m, c, "MENTORS", since_year=rng.randint(1995, 2020))

    # Players: 900, ~18-19 per club.
    players = []
    used = set()
    for i in range(1, 901):
        while True:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            if (fn, ln) not in used:
                used.add((fn, ln))
                break
        pid = f"player-{i}"
        players.append(pid)
        pos = rng.choices(POSITIONS, POSITION_WEIGHTS)[0]
        node(pid, "Player", first_name=fn, last_name=ln, position=pos,
             birth_date=date(rng.randint(1988, 2006), rng.randint(1, 12), rng.randint(1, 28)).isoformat(),
             market_value=round(rng.uniform(0.1, 60), 2), is_captain=False, height_cm=rng.randint(165, 199),
             preferred_foot=rng.choice(FOOTS))
    squads = {c: [] for c in clubs}
    for i, p in enumerate(players):
        club = clubs[i % 48] if i < 864 else rng.choice(clubs)
        squads[club].append(p)
        edge(p, club, "PLAYS_FOR", shirt_number=len(squads[club]),
             contract_until=date(rng.randint(2025, 2030), 6, 30).isoformat())
        edge(p, rng.choice(cities), "BORN_IN")
    for c in clubs:
        g.nodes[rng.choice(squads[c])]["is_captain"] = True

    # Matches: 360 league matches within leagues; scorers from both squads.
    start = date(2024, 8, 10)
    k = 0
    for lg in range(4):
        members = clubs[lg * 12:(lg + 1) * 12]
        for _ in range(90):
            home, away = rng.sample(members, 2)
            k += 1
            mid = f"match-{k}"
            day = start + timedelta(days=rng.randint(0, 280))
            node(mid, "Match", title=f"{g.nodes[home]['name']} v {g.nodes[away]['name']} ({day.isoformat()})",
                 match_date=day.isoformat(), attendance=rng.randint(2000, 60000),
                 competition=rng.choice(["League", "League", "League", "Cup"]), home_goals=0, away_goals=0,
                 went_to_extra_time=False)
            edge(mid, home, "HOME_TEAM")
            ground = next(t for _, t, d in g.out_edges(home, data=True) if d["label"] == "PLAYS_AT")
            edge(mid, ground, "HOSTED_AT")
            g.nodes[mid]["away_team"] = g.nodes[away]["name"]
            for side, club in (("home_goals", home), ("away_goals", away)):
                goals = rng.choices([0, 1, 2, 3, 4], [3, 4, 3, 2, 1])[0]
                g.nodes[mid][side] = goals
                scorers: dict[str, int] = {}
                for _ in range(goals):
                    s = rng.choice(squads[club])
                    scorers[s] = scorers.get(s, 0) + 1
                for s, n in scorers.items():
                    edge(s, mid, "SCORED_IN", goals=n, penalty=rng.random() < 0.15)
            if g.nodes[mid]["competition"] == "Cup" and g.nodes[mid]["home_goals"] == g.nodes[mid]["away_goals"]:
                g.nodes[mid]["went_to_extra_time"] = True
    return g


def write(outdir: Path, seed: int = 8) -> Path:
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / FILE_NAME
    nx.write_graphml(build(seed), path, encoding="utf-8", prettyprint=True)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--seed", type=int, default=8)
    args = ap.parse_args()
    path = write(args.outdir, args.seed)
    g = nx.read_graphml(path)
    print(f"wrote {path}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")


if __name__ == "__main__":
    main()
