"""A public library network and the publishing world around it, as a property graph (GraphML).

Deterministic: ``random.Random(seed)`` drives everything (default seed 10). Usage::

    python tests/byog10/graph.py DIR [--seed N]      # writes DIR/library.graphml

Node types (attribute ``labels``, APOC style ":Book"): Author, Book, Publisher, Genre, Series, Branch, Member,
Award. Edge types (attribute ``label``): WROTE, PUBLISHED_BY, IN_GENRE, PART_OF, SEQUEL_OF (Book -> Book),
SUBGENRE_OF (Genre -> Genre), HOLDS, REGISTERED_AT, BORROWED, REFERRED (Member -> Member), WON, HOSTED.
README.md has the full schema.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 10
FILENAME = "library.graphml"

FIRST_NAMES = [
    "Adele", "Ambrose", "Anika", "Beatrix", "Bertram", "Callum", "Camille", "Cedric", "Clara", "Dalia", "Declan",
    "Delphine", "Desmond", "Edith", "Elias", "Eloise", "Emeka", "Esther", "Farida", "Felix", "Fiona", "Gideon",
    "Greta", "Hamish", "Harriet", "Hugo", "Imogen", "Ingrid", "Isaac", "Jasper", "Joanna", "Jonah", "Kasia",
    "Keiko", "Lars", "Leona", "Lionel", "Lucia", "Magnus", "Malika", "Marisol", "Matthias", "Miriam", "Nadia",
    "Niall", "Nora", "Oona", "Orson", "Pilar", "Priya", "Quentin", "Rafael", "Rosalind", "Rupert", "Saoirse",
    "Silas", "Solveig", "Tamsin", "Theo", "Thea", "Ulrich", "Valentina", "Vera", "Wendell", "Wilhelmina", "Xavier",
    "Yara", "Yusuf", "Zadie", "Zoltan", "Agnes", "Bruno", "Cora", "Dmitri", "Elif", "Fergus", "Hana", "Ivo",
    "Juno", "Kwame", "Linnea", "Mateo", "Noor", "Otto", "Paloma", "Ravi", "Sigrid", "Tobias", "Ursula", "Wren",
]
LAST_NAMES = [
    "Abernathy", "Achterberg", "Adeyemi", "Albright", "Alvarado", "Ashcombe", "Bannerjee", "Barlowe", "Bellweather",
    "Blackstock", "Brannigan", "Castellanos", "Chaudhry", "Corrigan", "Dalgleish", "Delacroix", "Dunmore",
    "Eastwick", "Ellingham", "Falconer", "Fairbairn", "Fenwick", "Galloway", "Gallagher", "Greenhalgh", "Haddad",
    "Halloran", "Hartigan", "Holloway", "Ibarra", "Iverson", "Jablonski", "Kavanagh", "Kowalczyk", "Lachance",
    "Lindqvist", "Lockhart", "Mabry", "Marchetti", "Moreau", "Mulligan", "Nakagawa", "Northcott", "Okonkwo",
    "Oyelaran", "Pemberton", "Penhaligon", "Quigley", "Radcliffe", "Rasmussen", "Rourke", "Saltonstall",
    "Sandoval", "Szabo", "Thackeray", "Thornbury", "Trevelyan", "Underhill", "Vasquez", "Villeneuve", "Wainwright",
    "Whitlock", "Winterbourne", "Yamamoto", "Zielinski", "Ashdown", "Beaumont", "Crowther", "Drummond", "Espinoza",
    "Fitzgerald", "Grimshaw", "Hargreaves", "Inglewood", "Jovanovic", "Kingsley", "Larkspur", "Montague",
]
NATIONALITIES = ["British", "American", "Canadian", "Irish", "Australian", "Nigerian", "Indian", "French"]

TITLE_ADJ = [
    "Silent", "Crimson", "Forgotten", "Hollow", "Gilded", "Broken", "Distant", "Burning", "Quiet", "Drowned",
    "Hidden", "Last", "Winter", "Amber", "Iron", "Paper", "Salt", "Velvet", "Wandering", "Shattered", "Lantern",
    "Midnight", "Copper", "Glass", "Northern",
]
TITLE_NOUN = [
    "Orchard", "Harbour", "Lighthouse", "Kingdom", "Archive", "Garden", "Cartographer", "Meridian", "Tide",
    "Labyrinth", "Choir", "Ferryman", "Orchestra", "Compass", "Inheritance", "Vineyard", "Winter", "Atlas",
    "Observatory", "Daughter", "Clockmaker", "Tower", "Widow", "Engine", "Sparrow", "River", "Bridge",
]
TITLE_PLACE = [
    "Ashford Hollow", "the Salt Marsh", "Kestrel Bay", "the Northern Line", "Blackwater", "the Ninth Floor",
    "Saint Agathe", "the Long Valley", "Marrowdown", "the Copper Coast", "Larkhill", "the Drowned Quarter",
    "Fenmoor", "the Glass Sea", "Thornwick", "Old Calder",
]
LANGUAGES = ["English"] * 7 + ["Spanish", "French", "German", "Italian"]
FORMATS = ["hardcover", "paperback", "paperback", "ebook", "audiobook"]

PUBLISHER_NAMES = [
    "Lantern House Press", "Greyhound & Finch", "Marlowe Books", "Quillfeather Publishing", "Northgate Editions",
    "Bramble Street Press", "Halcyon Imprints", "Redwater Books", "Tidewell & Sons", "Osprey Lane Publishing",
    "Cobalt Moon Press", "Ironbark Editions", "Sable Hill Books", "Wexford & Rowe", "Blue Heron Press",
    "Copperleaf Publishing", "Starling House", "Meadowgate Books", "Pinecrest Press", "Vantage Point Editions",
    "Harbourlight Books", "Ravensworth Publishing", "Kettle & Crane", "Old Mill Press", "Silverbirch Books",
    "Candlewick Row", "Fernhollow Press", "Bellhaven Publishing",
]
PUBLISHER_COUNTRIES = ["United Kingdom", "United Kingdom", "United States", "United States", "Canada", "Ireland",
                       "Australia"]

# (name, fiction, parent or None)
GENRES = [
    ("Mystery", True, None), ("Science Fiction", True, None), ("Fantasy", True, None), ("Romance", True, None),
    ("Historical Fiction", True, None), ("Literary Fiction", True, None), ("Thriller", True, None),
    ("Horror", True, None), ("Cozy Mystery", True, "Mystery"), ("Police Procedural", True, "Mystery"),
    ("Space Opera", True, "Science Fiction"), ("Cyberpunk", True, "Science Fiction"),
    ("Epic Fantasy", True, "Fantasy"), ("Urban Fantasy", True, "Fantasy"),
    ("Psychological Thriller", True, "Thriller"), ("Biography", False, None), ("History", False, None),
    ("Popular Science", False, None), ("Travel Writing", False, None), ("Cookery", False, None),
    ("Memoir", False, "Biography"), ("Military History", False, "History"),
]

SERIES_WORDS = [
    "Ember", "Saltmarsh", "Kestrel", "Northwind", "Hollowmere", "Greywater", "Starfall", "Ravenhold", "Tidebound",
    "Ashen Crown", "Lamplighter", "Copper Fox", "Blackthorn", "Moonwell", "Ironvale", "Harrowgate", "Silver Tide",
    "Wolfsbane", "Duskfall", "Brightwater", "Glasshouse", "Foxglove", "Stormhaven", "Larkspur Lane", "Winterhold",
    "Cinderfield", "Oakenshaw", "Marrowbone", "Seabright", "Thistledown", "Goldcrest", "Nightjar", "Merrow",
    "Quicksilver", "Hawthorn", "Driftwood", "Emberly", "Fallowmere", "Kingfisher", "Rookwood",
]
SERIES_SUFFIX = ["Chronicles", "Trilogy", "Mysteries", "Saga", "Cycle", "Quartet", "Files", "Sequence"]

# (name, city)
BRANCHES = [
    ("Millbrook Central Library", "Millbrook"), ("Riverside Branch", "Millbrook"), ("Oak Hill Library", "Millbrook"),
    ("Canal Street Branch", "Millbrook"), ("Ashford Library", "Ashford"), ("Ashford Green Branch", "Ashford"),
    ("Fielding Park Library", "Ashford"), ("Lakeview Library", "Lakeview"), ("Pier Road Branch", "Lakeview"),
    ("Lakeview North Branch", "Lakeview"), ("Harrow Cross Library", "Harrow Cross"),
    ("St. Brennan's Branch", "Harrow Cross"),
]
TIERS = ["standard"] * 5 + ["student"] * 2 + ["senior"] * 2 + ["family", "premium"]

# (name, category, established_year, prize_money)
AWARDS = [
    ("Halvorsen Prize for Fiction", "fiction", 1969, 50000.0), ("Beacon Book Award", "fiction", 1983, 25000.0),
    ("Ostrander Medal", "non-fiction", 1975, 30000.0), ("Golden Quill Award", "genre", 1991, 10000.0),
    ("Nightshade Award for Crime Writing", "genre", 1986, 15000.0), ("Stellaris Award", "genre", 1978, 12000.0),
    ("First Light Debut Prize", "debut", 1999, 7500.0), ("Wrenfield Biography Prize", "non-fiction", 1994, 20000.0),
    ("Readers' Lantern Award", "popular", 2005, 5000.0), ("Ashgrove Historical Novel Prize", "fiction", 2001,
                                                             18000.0),
]


def _iso(d: date) -> str:
    return d.isoformat()


def _rand_date(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


class _Names:
    """Unique person names (authors and members share one pool, so no two people share a name)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.used: set[tuple[str, str]] = set()

    def person(self) -> tuple[str, str]:
        while True:
            pair = (self.rng.choice(FIRST_NAMES), self.rng.choice(LAST_NAMES))
            if pair not in self.used:
                self.used.add(pair)
                return pair


def generate(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    """The library graph for ``seed``: a DiGraph with at most one edge per ordered node pair."""
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = _Names(rng)

    def node(nid: str, label: str, **attrs) -> str:
        g.add_node(nid, labels=f":{label}", **attrs)
        return nid

    def edge(u: str, v: str, label: str, **attrs) -> None:
        assert not g.has_edge(u, v), (u, v, label)
        g.add_edge(u, v, label=label, **attrs)

    # genres
    genre_ids: dict[str, str] = {}
    for i, (gname, fiction, _) in enumerate(GENRES, 1):
        genre_ids[gname] = node(f"genre-{i}", "Genre", name=gname, fiction=fiction)
    for gname, _, parent in GENRES:
        if parent:
            edge(genre_ids[gname], genre_ids[parent], "SUBGENRE_OF")
    fiction_genres = [genre_ids[n] for n, f, _ in GENRES if f]
    nonfiction_genres = [genre_ids[n] for n, f, _ in GENRES if not f]

    # publishers
    publishers = []
    for i, pname in enumerate(PUBLISHER_NAMES, 1):
        publishers.append(node(
            f"publisher-{i}", "Publisher", name=pname, founded_year=rng.randint(1840, 2015),
            country=rng.choice(PUBLISHER_COUNTRIES), independent=rng.random() < 0.45,
        ))

    # awards
    awards = []
    for i, (aname, cat, est, money) in enumerate(AWARDS, 1):
        awards.append(node(f"award-{i}", "Award", name=aname, category=cat, established_year=est,
                           prize_money=money))

    # authors
    authors = []
    author_pub: dict[str, str] = {}
    author_genres: dict[str, list[str]] = {}
    author_birth: dict[str, int] = {}
    for i in range(1, 161):
        first, last = names.person()
        birth = rng.randint(1925, 1995)
        aid = node(f"author-{i}", "Author", first_name=first, last_name=last, birth_year=birth,
                   nationality=rng.choice(NATIONALITIES), living=(birth > 1950 and rng.random() < 0.85)
                   or rng.random() < 0.2)
        authors.append(aid)
        author_pub[aid] = rng.choice(publishers)
        author_birth[aid] = birth
        pool = fiction_genres if rng.random() < 0.75 else nonfiction_genres
        author_genres[aid] = rng.sample(pool, k=min(len(pool), rng.randint(1, 3)))

    # books
    used_titles: set[str] = set()

    def title() -> str:
        while True:
            form = rng.random()
            if form < 0.4:
                t = f"The {rng.choice(TITLE_ADJ)} {rng.choice(TITLE_NOUN)}"
            elif form < 0.7:
                t = f"The {rng.choice(TITLE_NOUN)} of {rng.choice(TITLE_PLACE)}"
            elif form < 0.85:
                t = f"A {rng.choice(TITLE_ADJ)} {rng.choice(TITLE_NOUN)} in {rng.choice(TITLE_PLACE)}"
            else:
                t = f"{rng.choice(TITLE_ADJ)} {rng.choice(TITLE_NOUN)}"
            if t not in used_titles:
                used_titles.add(t)
                return t

    books: list[str] = []
    book_date: dict[str, date] = {}
    book_count = [0]

    def make_book(aid: str, when: date, coauthor: str | None = None) -> str:
        book_count[0] += 1
        bid = f"book-{book_count[0]}"
        isbn = "978-" + "-".join(str(rng.randint(0, 9)) + str(rng.randint(100, 999)) for _ in range(3))
        node(bid, "Book", title=title(), isbn=isbn, publication_date=_iso(when), pages=rng.randint(96, 880),
             average_rating=round(rng.uniform(2.4, 4.9), 2), language=rng.choice(LANGUAGES),
             format=rng.choice(FORMATS), in_print=rng.random() < 0.7)
        edge(aid, bid, "WROTE")
        if coauthor and coauthor != aid:
            edge(coauthor, bid, "WROTE")
        pub = author_pub[aid] if rng.random() < 0.75 else rng.choice(publishers)
        edge(bid, pub, "PUBLISHED_BY")
        for gid in rng.sample(author_genres[aid], k=rng.randint(1, len(author_genres[aid]))):
            edge(bid, gid, "IN_GENRE")
        books.append(bid)
        book_date[bid] = when
        return bid

    def career_date(aid: str) -> date:
        start = date(max(1960, author_birth[aid] + 22), 1, 1)
        return _rand_date(rng, start, date(2025, 6, 30)) if start < date(2025, 6, 30) else date(2025, 6, 30)

    # series: 40 series, 2-7 volumes, mostly one author
    series_authors = rng.sample(authors, 40)
    for i, aid in enumerate(series_authors, 1):
        sname = f"The {SERIES_WORDS[i - 1]} {rng.choice(SERIES_SUFFIX)}"
        planned = rng.randint(2, 7)
        written = planned if rng.random() < 0.6 else rng.randint(2, planned)
        sid = node(f"series-{i}", "Series", name=sname, planned_volumes=planned, completed=written == planned)
        when = career_date(aid)
        co = rng.choice(authors) if rng.random() < 0.15 else None
        prev = None
        for vol in range(1, written + 1):
            bid = make_book(aid if not (co and vol % 2 == 0) else co, when)
            edge(bid, sid, "PART_OF", volume=vol)
            if prev:
                edge(bid, prev, "SEQUEL_OF")
            prev = bid
            when = min(date(2025, 6, 30), when + timedelta(days=rng.randint(300, 1100)))

    # standalone books, skewed per author
    weights = [rng.paretovariate(1.3) for _ in authors]
    while len(books) < 650:
        aid = rng.choices(authors, weights=weights)[0]
        co = rng.choice(authors) if rng.random() < 0.08 else None
        make_book(aid, career_date(aid), co)

    # awards won
    for aw in awards:
        est = g.nodes[aw]["established_year"]
        eligible = [b for b in books if book_date[b].year >= est]
        for bid in rng.sample(eligible, k=rng.randint(3, 9)):
            edge(bid, aw, "WON", year=min(2025, book_date[bid].year + rng.choice([0, 1, 1, 1, 2])))

    # branches
    branches = []
    for i, (bname, city) in enumerate(BRANCHES, 1):
        branches.append(node(
            f"branch-{i}", "Branch", name=bname, city=city,
            opened_date=_iso(_rand_date(rng, date(1892, 1, 1), date(2019, 12, 31))),
            floor_area_sqm=round(rng.uniform(420.0, 6200.0), 1), open_sundays=rng.random() < 0.5,
        ))
    holdings: dict[str, list[str]] = {}
    for br in branches:
        held = rng.sample(books, k=rng.randint(140, 330))
        holdings[br] = held
        for bid in held:
            edge(br, bid, "HOLDS", copies=rng.choice([1, 1, 1, 2, 2, 3, 4, 6]))

    # author readings hosted at branches
    for br in branches:
        for aid in rng.sample([a for a in authors if g.nodes[a]["living"]], k=rng.randint(3, 10)):
            edge(br, aid, "HOSTED", event_date=_iso(_rand_date(rng, date(2012, 1, 1), date(2025, 6, 30))),
                 attendees=rng.randint(12, 240))

    # members
    members = []
    member_joined: dict[str, date] = {}
    member_branch: dict[str, str] = {}
    for i in range(1, 751):
        first, last = names.person()
        joined = _rand_date(rng, date(2008, 1, 1), date(2025, 3, 31))
        mid = node(f"member-{i}", "Member", first_name=first, last_name=last, joined_date=_iso(joined),
                   tier=rng.choice(TIERS), birth_year=rng.randint(1938, 2011), card_active=rng.random() < 0.82)
        br = rng.choices(branches, weights=[6, 3, 2, 2, 4, 2, 2, 3, 2, 1, 2, 1])[0]
        edge(mid, br, "REGISTERED_AT")
        members.append(mid)
        member_joined[mid] = joined
        member_branch[mid] = br

    # referrals: a member refers members who joined later
    order = sorted(members, key=lambda m: (member_joined[m], m))
    for idx, mid in enumerate(order):
        if idx > 10 and rng.random() < 0.22:
            referrer = rng.choice(order[max(0, idx - 200):idx])
            edge(referrer, mid, "REFERRED")

    # loans
    end = date(2025, 9, 30)
    for mid in members:
        n = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 12])
        local = holdings[member_branch[mid]]
        picked: set[str] = set()
        for _ in range(n):
            bid = rng.choice(local) if rng.random() < 0.8 else rng.choice(books)
            if bid in picked:
                continue
            picked.add(bid)
            start = max(member_joined[mid], book_date[bid])
            if start >= end:
                continue
            edge(mid, bid, "BORROWED", loan_date=_iso(_rand_date(rng, start, end)),
                 loan_days=rng.choice([7, 14, 14, 21, 21, 28, 42]), returned_late=rng.random() < 0.18)
    return g


def write_graphml(g: nx.DiGraph, path: Path | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(g, path)
    return path


def write(out_dir: Path | str, seed: int = DEFAULT_SEED) -> Path:
    """Generate the graph for ``seed`` and write ``out_dir/library.graphml``; returns its path."""
    return write_graphml(generate(seed), Path(out_dir) / FILENAME)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    path = write(args.dir, args.seed)
    g = nx.read_graphml(path)
    print(f"wrote {path}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")


if __name__ == "__main__":
    main()
