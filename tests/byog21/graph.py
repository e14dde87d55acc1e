"""Deterministic generator of a professional esports league graph (GraphML, node/edge type in attribute `type`).

    python tests/byog21/graph.py OUT_DIR [--seed N]   ->  OUT_DIR/esports.graphml

Stdlib random.Random(seed) plus networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random

import networkx as nx

FIRST = [
    "Ana", "Bruno", "Chloe", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaito", "Lena", "Mateo",
    "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Soren", "Tala", "Umar", "Vera", "Wen", "Ximena", "Yusuf", "Zara",
    "Aiden", "Beatriz", "Cyrus", "Dalia", "Emil", "Freya", "Goran", "Hana", "Ivo", "Jasmin", "Kenji", "Lucia",
    "Marek", "Noor", "Olga", "Pavel", "Rhea", "Stefan", "Tomas", "Uma", "Viktor", "Wiktoria", "Yara", "Zeno",
    "Andrei", "Bianca", "Cosmin", "Daria", "Enzo", "Filip", "Giulia", "Hyun", "Ilya", "Jae", "Kasia", "Leon",
    "Mira", "Nikolai", "Orla", "Pia", "Rafael", "Sana", "Theo", "Valentina",
]
LAST = [
    "Lima", "Novak", "Kowalski", "Haddad", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Petrov", "Silva", "Kim",
    "Nguyen", "Schmidt", "Rossi", "Jansen", "Costa", "Yilmaz", "Horvat", "Dubois", "Ivanova", "Park", "Santos",
    "Fischer", "Bianchi", "Larsen", "Popescu", "Sato", "Mendes", "Kovac", "Nowak", "Ferreira", "Weber", "Ricci",
    "Eriksen", "Takahashi", "Choi", "Vargas", "Hoffmann", "Marino", "Berg", "Oliveira", "Zielinski", "Aydin",
    "Castro", "Kaur", "Lehmann", "Greco", "Holm", "Watanabe", "Lopez", "Szabo", "Baranov", "Richter", "Conti",
    "Strand", "Pereira", "Jeong", "Molnar", "Ortega", "Brandt", "Falk", "Russo", "Nakamura", "Duarte", "Kral",
    "Sorensen", "Alves", "Yamada", "Keller", "Romano",
]
CLUB_ADJ = [
    "Crimson", "Iron", "Silent", "Golden", "Frozen", "Wild", "Electric", "Hollow", "Scarlet", "Midnight", "Rogue",
    "Solar", "Velvet", "Cobalt", "Savage", "Phantom", "Emerald", "Thunder", "Obsidian", "Ivory",
]
CLUB_NOUN = [
    "Falcons", "Wolves", "Vipers", "Ravens", "Titans", "Jackals", "Hornets", "Krakens", "Owls", "Panthers",
    "Serpents", "Stallions", "Sharks", "Lynxes", "Bisons", "Cobras", "Herons", "Badgers", "Mantises", "Coyotes",
]
CLUB_PLAIN = ["Anthem", "Vanguard", "Momentum", "Lighthouse", "Compass", "Overtime", "Harbor", "Rocket"]
CITIES = [
    ("Seoul", "South Korea"), ("Berlin", "Germany"), ("Los Angeles", "USA"), ("Shanghai", "China"),
    ("Katowice", "Poland"), ("Stockholm", "Sweden"), ("Copenhagen", "Denmark"), ("Sao Paulo", "Brazil"),
    ("Toronto", "Canada"), ("Madrid", "Spain"), ("Tokyo", "Japan"), ("Busan", "South Korea"),
    ("Chicago", "USA"), ("Dallas", "USA"), ("Cologne", "Germany"), ("Riyadh", "Saudi Arabia"),
    ("Singapore", "Singapore"), ("Sydney", "Australia"), ("Warsaw", "Poland"), ("Lisbon", "Portugal"),
    ("Atlanta", "USA"), ("Bangkok", "Thailand"), ("Jakarta", "Indonesia"), ("Manila", "Philippines"),
    ("Kyiv", "Ukraine"), ("Helsinki", "Finland"), ("Oslo", "Norway"), ("Montreal", "Canada"),
    ("Marseille", "France"), ("Osaka", "Japan"),
]
TIMEZONES = ["UTC+9", "UTC+1", "UTC-8", "UTC+8", "UTC-5", "UTC-3", "UTC+3", "UTC+7", "UTC+10", "UTC+2", "UTC-6"]
GAMES = [
    ("Starfall Tactics", "Tactical Shooter", 5), ("Iron Siege", "Tactical Shooter", 5),
    ("Legends of Auria", "MOBA", 5), ("Rift Arena", "MOBA", 5), ("Neon Drift", "Racing", 1),
    ("Shadow Pact", "Fighting", 1), ("Kingsfall", "Strategy", 1), ("Pulse Royale", "Battle Royale", 4),
    ("Titan Forge", "Battle Royale", 3), ("Echo Front", "Tactical Shooter", 6), ("Blade Circuit", "Fighting", 1),
    ("Skybreaker", "Hero Shooter", 6),
]
PUBLISHERS = [
    ("Moonrise Interactive", "USA"), ("Quarry Games", "Sweden"), ("Halcyon Studios", "Japan"),
    ("Brightforge", "South Korea"), ("Kestrel Entertainment", "Canada"), ("Paper Lantern Works", "France"),
    ("Ninefold", "China"), ("Granite Digital", "Germany"),
]
TOURN_PRE = [
    "Nightfall", "Frostbite", "Summer", "Apex", "Dragonfire", "Monsoon", "Aurora", "Blackout", "Eclipse", "Zenith",
    "Harvest", "Tempest",
]
TOURN_SUF = ["Invitational", "Masters", "Open", "Clash", "Showdown", "Cup", "Championship", "Gauntlet"]
SPONSOR_WORDS = [
    "Northwind", "Bluepeak", "Quasar", "Maple", "Summit", "Orbit", "Pinecrest", "Helix", "Lumen", "Redline",
    "Cascade", "Keystone", "Polaris", "Vertex", "Sable", "Tundra", "Beacon", "Juniper", "Monarch", "Zephyr",
    "Atlas", "Ember", "Granola", "Meridian", "Nimbus", "Onyx", "Prism", "Quill", "Ridgeback", "Saffron",
]
SPONSOR_IND = [
    ("Energy", "Energy Drinks"), ("Cola", "Energy Drinks"), ("Peripherals", "Hardware"), ("Chips", "Hardware"),
    ("Mobile", "Telecom"), ("Fiber", "Telecom"), ("Wear", "Apparel"), ("Threads", "Apparel"), ("Bank", "Banking"),
    ("Motors", "Automotive"), ("Eats", "Food Delivery"),
]
POSITIONS = ["Entry", "Anchor", "Support", "Sniper", "Flex"]
NATIONS = ["South Korea", "Brazil", "Sweden", "USA", "Germany", "China", "Poland", "France", "Canada", "Japan",
           "Denmark", "Ukraine"]
REGIONS = ["EMEA", "Americas", "APAC"]
LICENSES = ["Pro", "Elite", "Associate"]
TIERS = ["S", "A", "B"]
STAGES = ["group", "quarterfinal", "semifinal", "final"]

N_PLAYERS = 1250
N_COACHES = 150
N_MATCHES = 450
N_TOURNAMENTS = 60
N_SPONSORS = 90
N_CLUBS = 80


def _date(rng: random.Random, start: str, end: str) -> str:
    a, b = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    return (a + dt.timedelta(days=rng.randint(0, (b - a).days))).isoformat()


class _Names:
    """Display names, unique and never one inside another (as whole words, case-insensitive)."""

    def __init__(self) -> None:
        self.names: set[tuple[str, ...]] = set()
        self.subs: set[tuple[str, ...]] = set()  # every run of words of a known name

    @staticmethod
    def _toks(name: str) -> tuple[str, ...]:
        return tuple(name.lower().split())

    @staticmethod
    def _runs(t: tuple[str, ...]) -> list[tuple[str, ...]]:
        return [t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)]

    def ok(self, name: str) -> bool:
        t = self._toks(name)
        return t not in self.subs and not any(r in self.names for r in self._runs(t))

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        t = self._toks(name)
        self.names.add(t)
        self.subs.update(self._runs(t))
        return True


def build(seed: int) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = _Names()

    # cities, publishers, games
    cities = []
    for i, (cname, country) in enumerate(CITIES, 1):
        cid = f"city-{i}"
        assert names.add(cname)
        g.add_node(cid, type="City", name=cname, country=country, population=rng.randint(400_000, 24_000_000),
                   timezone=rng.choice(TIMEZONES), is_capital=cname in {"Seoul", "Berlin", "Tokyo", "Madrid",
                                                                        "Warsaw", "Lisbon", "Riyadh", "Bangkok",
                                                                        "Jakarta", "Manila", "Kyiv", "Helsinki",
                                                                        "Oslo", "Copenhagen", "Stockholm",
                                                                        "Singapore"},
                   area_km2=round(rng.uniform(150, 6500), 1))
        cities.append(cid)
    pubs = []
    for i, (pname, country) in enumerate(PUBLISHERS, 1):
        pid = f"publisher-{i}"
        assert names.add(pname)
        g.add_node(pid, type="Publisher", name=pname, hq_country=country, founded_year=rng.randint(1988, 2016),
                   is_independent=rng.random() < 0.4, revenue_musd=round(rng.uniform(40, 4200), 2),
                   stock_symbol=pname[:3].upper() + str(rng.randint(1, 9)))
        pubs.append(pid)
    games = []
    for i, (gname, genre, size) in enumerate(GAMES, 1):
        gid = f"game-{i}"
        assert names.add(gname)
        g.add_node(gid, type="GameTitle", title=gname, genre=genre, team_size=size,
                   release_date=_date(rng, "2012-01-01", "2022-12-31"), cross_platform=rng.random() < 0.5,
                   avg_match_minutes=round(rng.uniform(8, 48), 1), sku=f"GT-{rng.randint(1000, 9999)}")
        g.add_edge(gid, pubs[(i - 1) % len(pubs)] if i <= len(pubs) else rng.choice(pubs), type="PUBLISHED_BY")
        games.append(gid)

    # clubs
    clubs = []
    combos = [f"{a} {n}" for a in CLUB_ADJ for n in CLUB_NOUN]
    rng.shuffle(combos)
    pool = CLUB_PLAIN + combos
    club_game: dict[str, str] = {}
    for cname in pool:
        if len(clubs) == N_CLUBS:
            break
        if not names.add(cname):
            continue
        cid = f"club-{len(clubs) + 1}"
        code = "".join(w[0] for w in cname.split()).upper() + str(rng.randint(10, 99))
        founded = _date(rng, "2000-01-01", "2021-12-31")
        g.add_node(cid, type="Club", name=cname, short_code=code, founded_year=int(founded[:4]),
                   budget_musd=round(rng.uniform(0.8, 38.0), 2), is_franchised=rng.random() < 0.35,
                   region=rng.choice(REGIONS), founded_on=founded)
        g.add_edge(cid, rng.choice(cities), type="BASED_IN")
        club_game[cid] = games[len(clubs) % len(games)]
        clubs.append(cid)

    def person_name() -> tuple[str, str]:
        while True:
            f, la = rng.choice(FIRST), rng.choice(LAST)
            if names.add(f"{f} {la}"):
                return f, la

    # coaches: every club gets one head coach, the rest assistants/analysts
    for i in range(1, N_COACHES + 1):
        f, la = person_name()
        cid = f"coach-{i}"
        g.add_node(cid, type="Coach", first_name=f, last_name=la, license_tier=rng.choice(LICENSES),
                   years_experience=rng.randint(1, 22), former_pro=rng.random() < 0.45,
                   birth_date=_date(rng, "1965-01-01", "1994-12-31"), coach_code=f"CCH-{1000 + i}",
                   win_rate=round(rng.uniform(0.3, 0.78), 3))
        club = clubs[i - 1] if i <= len(clubs) else rng.choice(clubs)
        role = "head" if i <= len(clubs) else rng.choice(["assistant", "analyst"])
        g.add_edge(cid, club, type="COACHES", role=role, since=_date(rng, "2015-01-01", "2024-06-30"))

    # players
    players = []
    jerseys: dict[str, set[int]] = {c: set() for c in clubs}
    captains: set[str] = set()
    for i in range(1, N_PLAYERS + 1):
        f, la = person_name()
        pid = f"player-{i}"
        g.add_node(pid, type="Player", first_name=f, last_name=la,
                   gamertag=f"{rng.choice('xzqkv')}{la[:3].lower()}{rng.randint(10, 999)}",
                   player_code=f"PLR-{10000 + i}", birth_date=_date(rng, "1994-01-01", "2007-12-31"),
                   rating=round(rng.uniform(1100, 2900), 2), salary_usd=rng.randint(18, 900) * 1000,
                   position=rng.choice(POSITIONS), nationality=rng.choice(NATIONS),
                   is_rookie=rng.random() < 0.2)
        club = clubs[(i - 1) % len(clubs)] if i <= 2 * len(clubs) else rng.choice(clubs)
        while True:
            j = rng.randint(1, 99)
            if j not in jerseys[club]:
                jerseys[club].add(j)
                break
        cap = club not in captains
        captains.add(club)
        g.add_edge(pid, club, type="PLAYS_FOR", jersey_number=j, is_captain=cap,
                   squad_role=rng.choice(["starter", "starter", "substitute", "academy"]),
                   since=_date(rng, "2019-01-01", "2025-06-30"))
        game = club_game[club] if rng.random() < 0.85 else rng.choice(games)
        g.add_edge(pid, game, type="SPECIALIZES_IN")
        # earlier clubs (transfers)
        k = rng.choices([0, 1, 2], [0.55, 0.33, 0.12])[0]
        former = rng.sample([c for c in clubs if c != club], k)
        for c in former:
            g.add_edge(pid, c, type="SIGNED_FROM", fee_usd=float(round(rng.uniform(5, 2500)) * 1000),
                       signed_on=_date(rng, "2016-01-01", "2025-06-30"), on_loan=rng.random() < 0.25)
        players.append(pid)

    # mentorship: an older player mentors younger ones (acyclic); a mentee has at most one mentor
    by_age = sorted(players, key=lambda p: (g.nodes[p]["birth_date"], p))
    mentors = [p for p in by_age[:500] if rng.random() < 0.3]
    has_mentor: set[str] = set()
    for m in mentors:
        younger = by_age[by_age.index(m) + 1:]
        for mentee in rng.sample(younger, min(len(younger), rng.randint(1, 4))):
            if mentee in has_mentor or mentee == m:
                continue
            has_mentor.add(mentee)
            g.add_edge(m, mentee, type="MENTORS", since_year=rng.randint(2018, 2025))
    # a few mentees of mentees, so chains of three exist
    mentees = sorted(has_mentor, key=lambda p: int(p.split("-")[1]))
    for m in rng.sample(mentees, 40):
        younger = [p for p in by_age[by_age.index(m) + 1:] if p not in has_mentor]
        for mentee in rng.sample(younger, min(len(younger), rng.randint(1, 2))):
            has_mentor.add(mentee)
            g.add_edge(m, mentee, type="MENTORS", since_year=rng.randint(2020, 2025))

    # tournaments (each features one game title) and matches between clubs of that game
    tnames = [f"{a} {b}" for a in TOURN_PRE for b in TOURN_SUF]
    rng.shuffle(tnames)
    tourns = []
    for tname in tnames:
        if len(tourns) == N_TOURNAMENTS:
            break
        if not names.add(tname):
            continue
        tid = f"tournament-{len(tourns) + 1}"
        g.add_node(tid, type="Tournament", name=tname, tier=rng.choice(TIERS),
                   prize_pool_usd=float(rng.randint(20, 3000) * 1000), start_date=_date(rng, "2021-01-01",
                                                                                        "2025-10-31"),
                   is_online=rng.random() < 0.3, edition=rng.randint(1, 12), event_code=f"EV-{rng.randint(100, 999)}")
        g.add_edge(tid, rng.choice(cities), type="HOSTED_IN")
        g.add_edge(tid, games[len(tourns) % len(games)], type="FEATURES")
        tourns.append(tid)
    game_clubs = {gm: [c for c in clubs if club_game[c] == gm] for gm in games}
    game_tourns = {gm: [t for t in tourns if g.has_edge(t, gm)] for gm in games}
    used_titles: set[int] = set()
    for i in range(1, N_MATCHES + 1):
        gm = games[(i - 1) % len(games)]
        t = rng.choice(game_tourns[gm])
        a, b = rng.sample(game_clubs[gm], 2)
        while True:
            num = rng.randint(1000, 9999)
            if num not in used_titles:
                used_titles.add(num)
                break
        mid = f"match-{i}"
        title = f"Series {num}"
        assert names.add(title)
        g.add_node(mid, type="Match", title=title, match_code=f"MX-{num}-{rng.choice('ABCD')}",
                   played_on=_date(rng, "2021-01-01", "2025-11-30"), duration_min=round(rng.uniform(18, 190), 2),
                   stage=rng.choice(STAGES), viewers=rng.randint(2_000, 1_800_000), overtime=rng.random() < 0.18)
        g.add_edge(mid, t, type="PART_OF")
        winner = rng.choice([a, b])
        best_of = rng.choice([1, 3, 5])
        need = best_of // 2 + 1
        lose = rng.randint(0, need - 1)
        sides = ["blue", "red"]
        rng.shuffle(sides)
        for c, side in zip((a, b), sides, strict=True):
            won = c == winner
            g.add_edge(c, mid, type="COMPETED_IN", side=side, maps_won=need if won else lose, won=won)

    # sponsors
    combos = [(w, s, ind) for w in SPONSOR_WORDS for s, ind in SPONSOR_IND]
    rng.shuffle(combos)
    n = 0
    for w, s, ind in combos:
        if n == N_SPONSORS:
            break
        sname = f"{w} {s}"
        if not names.add(sname):
            continue
        n += 1
        sid = f"sponsor-{n}"
        g.add_node(sid, type="Sponsor", name=sname, industry=ind, founded_year=rng.randint(1950, 2020),
                   is_public=rng.random() < 0.5, ticker=f"{w[:2].upper()}{s[:2].upper()}{rng.randint(1, 99)}",
                   marketing_budget_musd=round(rng.uniform(0.5, 120.0), 2))
        for c in rng.sample(clubs, rng.choices([1, 2, 3], [0.45, 0.35, 0.2])[0]):
            g.add_edge(sid, c, type="SPONSORS", annual_value_usd=float(rng.randint(40, 4000) * 1000),
                       tier=rng.choice(["title", "premium", "official"]), since=_date(rng, "2017-01-01",
                                                                                      "2025-09-30"))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    g = build(args.seed)
    nx.write_graphml(g, os.path.join(args.out_dir, "esports.graphml"))


if __name__ == "__main__":
    main()
