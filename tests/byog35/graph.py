"""Deterministic generator of a book-publishing property graph (byog35).

    python tests/byog35/graph.py OUT_DIR [--seed N]

writes OUT_DIR/publishing.graphml (networkx.write_graphml; node type and edge type in the attribute ``type``).
Only the standard library's ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import re
import sys
from datetime import date, timedelta
from pathlib import Path
from random import Random

import networkx as nx

FIRST_NAMES = [
    "Adaeze", "Agnes", "Alastair", "Amara", "Anouk", "Arjun", "Beatrix", "Bram", "Caspian", "Cecily", "Cormac",
    "Dagny", "Delphine", "Desmond", "Elif", "Emrys", "Esther", "Fenella", "Florian", "Gideon", "Greta", "Hamish",
    "Harriet", "Ignatius", "Ines", "Isolde", "Jasper", "Jocasta", "Kwame", "Leonie", "Linnea", "Lorcan", "Magnus",
    "Marisol", "Mirela", "Niamh", "Octavia", "Orla", "Oswin", "Petra", "Priya", "Quentin", "Rafferty", "Rosalind",
    "Saoirse", "Sebastian", "Soren", "Tamsin", "Thaddeus", "Ottilie", "Una", "Valentina", "Wilhelmina", "Xavier",
    "Yusuf", "Zadie", "Imogen", "Bartholomew", "Clementine", "Ezra", "Hester", "Ivo", "Juno", "Kit", "Lavinia",
    "Matthias", "Nell", "Perpetua", "Rufus", "Sunniva",
]
LAST_NAMES = [
    "Abernathy", "Achterberg", "Adeyemi", "Albrecht", "Ashdown", "Balogun", "Bellweather", "Birkett", "Blackwood",
    "Brannigan", "Carmody", "Castellanos", "Chaudhry", "Cressley", "Dalgleish", "Delacroix", "Dunmore", "Eccleston",
    "Ekwueme", "Fairbairn", "Falconer", "Fitzgerald", "Gallagher", "Garroway", "Greenhalgh", "Haverford", "Holloway",
    "Iwasaki", "Jablonski", "Kavanagh", "Kettering", "Lachance", "Lindqvist", "Llewellyn", "MacAllister",
    "Mbeki", "Montague", "Nakagawa", "Nightingale", "Okonjo", "Ollerenshaw", "Pemberton", "Quartermaine",
    "Radcliffe", "Ravensworth", "Rosenthal", "Sandoval", "Sinclair", "Szymanski", "Thornbury", "Tremayne",
    "Underhill", "Vanterpool", "Villeneuve", "Wetherby", "Whitlock", "Yardley", "Zielinski", "Okafor", "Harcourt",
    "Penhaligon", "Strachan", "Duval", "Moreau", "Kowalczyk", "Ferreira", "Lindgren", "Marchetti", "Oyelaran",
    "Treharne",
]
IMPRINT_NAMES = ["Lantern", "Harbour", "Kestrel", "Meridian", "Foxglove", "Anchor", "Bramble", "Open Field",
                 "Northlight", "Saltmarsh", "Copper", "Juniper"]
AWARD_WORDS = ["Golden Quill", "Halloway", "Silver Inkwell", "Morrow", "Evergreen", "Lighthouse", "Beacon",
               "Threadneedle", "Aldous", "Cinder", "Paper Crane", "Marlowe", "Starling", "Tidewater", "Wrenfield",
               "Orchid", "Lodestar", "Blue Heron", "Garnet", "Sable", "Hawthorn", "Cobalt", "Petrel", "Larkspur",
               "Ironbridge"]
AWARD_SUFFIX = ["Prize", "Medal", "Award"]
SERIES_WORDS = ["Ravenmoor", "Thistledown", "Ashgrove", "Brackenridge", "Coldharbour", "Dunstable", "Elmswood",
                "Fernhollow", "Glasswater", "Highmere", "Ivybridge", "Kingsreach", "Larchmont", "Mossbank",
                "Nettlecombe", "Oakhurst", "Pinecrest", "Quillon", "Rookwood", "Stonebarrow", "Tarnside", "Umberleigh",
                "Vexley", "Willowmere", "Yarrowby", "Ambergate", "Blythe", "Carrowmore", "Dovecote", "Emberly",
                "Fallowfield", "Gorsemoor", "Hollins", "Inchcape", "Jessamine", "Kilnsey", "Lowther", "Marramby",
                "Northwold", "Orrin", "Pellham", "Ravelin", "Saltcote", "Thornage", "Upwood", "Varden", "Whinfell",
                "Yewdale", "Zennor", "Alderley", "Birchcombe", "Cheswick", "Dunlin", "Eskdale", "Foxley", "Grimsell",
                "Harrowdene", "Kelderby", "Lindale", "Mistley"]
SERIES_SUFFIX = ["Chronicles", "Mysteries", "Quartet", "Saga", "Cycle", "Sequence", "Trilogy", "Casebook"]
SHOP_WORDS = ["Wren", "Bookworm", "Inkpot", "Quire", "Folio", "Margin", "Spine", "Dog-Ear", "Bookmark", "Paperback",
              "Chapter", "Colophon", "Ex Libris", "Endpaper", "Lamplight", "Otter", "Badger", "Magpie", "Heron",
              "Owl", "Sparrow", "Fox", "Hedgehog", "Puffin", "Raven", "Kingfisher", "Swallow", "Tortoise", "Hare",
              "Lark", "Mole", "Robin", "Stag", "Thrush", "Weasel", "Nightjar", "Curlew", "Plover", "Dormouse",
              "Bluebell", "Marigold", "Primrose", "Clover", "Acorn", "Conker", "Pebble", "Driftwood", "Harvest",
              "Orchard", "Meadow", "Riverside", "Hilltop", "Corner", "Market", "Cathedral", "Quayside", "Arcade",
              "Old Mill", "Lighthouse Lane", "Station"]
SHOP_SUFFIX = ["Books", "Bookshop", "Booksellers", "Reading Room"]
TITLE_ADJ = ["Silent", "Crimson", "Hollow", "Burning", "Forgotten", "Drowned", "Quiet", "Gilded", "Broken",
             "Wandering", "Frozen", "Scarlet", "Distant", "Hidden", "Restless", "Salt", "Paper", "Glass", "Iron",
             "Velvet", "Amber", "Bitter", "Secret", "Long", "Last", "Winter", "Summer", "Midnight", "Pale", "Wild",
             "Sunken", "Stolen", "Borrowed", "Lonely", "Tender", "Electric", "Ashen", "Golden", "Shattered",
             "Whispering"]
TITLE_NOUN = ["Garden", "River", "Kingdom", "Daughter", "Letters", "House", "Orchards", "Tide", "Mirror", "Island",
              "Sparrows", "Map", "Bridge", "Cartographer", "Lighthouses", "Harvests", "Empire", "Season", "Storm",
              "Widow", "Clockmaker", "Forest", "Mountain", "Shore", "Ghosts", "Thief", "Queen", "Archive",
              "Botanist", "Apprentice", "Stranger", "Ferryman", "Dancer", "Machine", "Compass", "Pilgrim", "Lantern",
              "Harbour", "Ember", "Nightingale", "Sisters", "Museum", "Violin", "Tower", "Saint", "Orphan",
              "Winds", "Atlas", "Exile", "Vineyard"]
TITLE_TAIL = ["Ash", "Bone", "Smoke", "Rain", "Salt", "Thorns", "Honey", "Dust", "Stars", "Ice", "Memory",
              "Silence", "Wolves", "Ravens", "Lies", "Glass", "Feathers", "Embers", "Tides", "Roses", "Iron",
              "Shadows", "Small Hours", "Lost Things", "Broken Oaths"]

NATIONALITIES = ["British", "Irish", "American", "Canadian", "Nigerian", "Indian", "Australian", "French"]
SENIORITY = ["assistant", "associate", "senior", "executive"]
LANGUAGES = ["Spanish", "French", "German", "Japanese", "Italian", "Portuguese", "Korean"]
AGENT_CITIES = ["London", "New York", "Toronto", "Dublin", "Sydney"]
GENRES = ["literary fiction", "crime", "fantasy", "science fiction", "romance", "history", "biography", "poetry",
          "young adult"]
FORMATS = ["hardcover", "paperback", "ebook"]
FOCUS = ["literary", "genre fiction", "nonfiction", "children", "poetry", "translated fiction"]
SERIES_STATUS = ["ongoing", "completed", "on hiatus"]
SHOP_CITIES = ["Leeds", "Bristol", "Manchester", "Edinburgh", "Norwich", "York", "Cardiff", "Glasgow", "Belfast",
               "Oxford"]
SHOP_TYPES = ["independent", "chain", "online", "airport"]
PAPER = ["cream", "white", "recycled"]
BINDING = ["perfect", "case", "sewn"]
AWARD_CATEGORIES = ["fiction", "nonfiction", "debut", "translation", "children", "poetry"]
OUTCOMES = ["winner", "shortlisted", "longlisted"]
CONTRIBUTION = ["sole", "lead", "co-author"]

N_AUTHORS, N_EDITORS, N_TRANSLATORS, N_AGENTS = 420, 120, 80, 40
N_BOOKS, N_SERIES, N_SHOPS, N_AWARDS = 800, 60, 110, 25


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[a-z0-9]+", name.lower()))


class Names:
    """Display names unique across the graph, none inside another one (as a run of whole words)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.parts: set[tuple[str, ...]] = set()  # every proper contiguous run of words of an accepted name

    def take(self, name: str) -> bool:
        t = _tokens(name)
        if t in self.full or t in self.parts:
            return False
        runs = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)} - {t}
        if runs & self.full:
            return False
        self.full.add(t)
        self.parts |= runs
        return True


def _day(rng: Random, start: date, end: date) -> str:
    return (start + timedelta(days=rng.randrange((end - start).days + 1))).isoformat()


def build(seed: int) -> nx.DiGraph:
    rng = Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, ntype: str, **attrs) -> None:
        g.add_node(nid, type=ntype, **attrs)

    def edge(src: str, etype: str, dst: str, **attrs) -> None:
        assert not g.has_edge(src, dst), (src, dst)
        g.add_edge(src, dst, type=etype, **attrs)

    # imprints, awards, series, shops first: their (often common-word) names win
    imprints = []
    for i, nm in enumerate(IMPRINT_NAMES, 1):
        assert names.take(nm)
        nid = f"imprint-{i}"
        node(nid, "Imprint", name=nm, founded_year=rng.randint(1921, 2015), focus=FOCUS[(i - 1) % len(FOCUS)],
             imprint_code=f"IMP-{rng.randint(100, 999)}{chr(65 + i)}")
        imprints.append(nid)
    awards = []
    for i, w in enumerate(AWARD_WORDS, 1):
        nm = f"{w} {AWARD_SUFFIX[rng.randrange(3)]}"
        assert names.take(nm), nm
        nid = f"award-{i}"
        node(nid, "Award", name=nm, category=rng.choice(AWARD_CATEGORIES),
             prize_money=float(rng.randrange(20, 400) * 250), established_year=rng.randint(1950, 2018),
             is_international=rng.random() < 0.35)
        awards.append(nid)
    series = []
    for i, w in enumerate(SERIES_WORDS[:N_SERIES], 1):
        nm = f"The {w} {rng.choice(SERIES_SUFFIX)}"
        assert names.take(nm), nm
        nid = f"series-{i}"
        node(nid, "Series", name=nm, status=rng.choice(SERIES_STATUS), planned_volumes=rng.randint(3, 9),
             launched_on=_day(rng, date(1998, 1, 1), date(2022, 12, 31)))
        series.append(nid)
    shops = []
    combos = [(w, s) for w in SHOP_WORDS for s in SHOP_SUFFIX]
    rng.shuffle(combos)
    used_words: set[str] = set()
    for w, s in combos:
        if len(shops) == N_SHOPS:
            break
        if w in used_words and rng.random() < 0.6:
            continue
        nm = f"The {w} {s}" if s in ("Bookshop", "Reading Room") else f"{w} {s}"
        if not names.take(nm):
            continue
        used_words.add(w)
        nid = f"shop-{len(shops) + 1}"
        node(nid, "Bookshop", name=nm, city=rng.choice(SHOP_CITIES), shop_type=rng.choice(SHOP_TYPES),
             opened_on=_day(rng, date(1952, 1, 1), date(2021, 12, 31)), floor_area_sqm=rng.randint(35, 900),
             has_cafe=rng.random() < 0.4, account_code=f"ACC-{rng.randint(10000, 99999)}")
        shops.append(nid)
    assert len(shops) == N_SHOPS

    # books
    books = []
    while len(books) < N_BOOKS:
        r = rng.random()
        if r < 0.4:
            title = f"The {rng.choice(TITLE_ADJ)} {rng.choice(TITLE_NOUN)}"
        elif r < 0.7:
            title = f"{rng.choice(TITLE_NOUN)} of {rng.choice(TITLE_TAIL)}"
        elif r < 0.85:
            title = f"The {rng.choice(TITLE_NOUN)} and the {rng.choice(TITLE_NOUN)}"
        else:
            adj = rng.choice(TITLE_ADJ)
            title = f"{'An' if adj[0] in 'AEIOU' else 'A'} {adj} {rng.choice(TITLE_NOUN)} of {rng.choice(TITLE_TAIL)}"
        if not names.take(title):
            continue
        nid = f"book-{len(books) + 1}"
        pub = _day(rng, date(2003, 1, 1), date(2024, 12, 31))
        node(nid, "Book", title=title, isbn=f"978-1-{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}-"
             f"{rng.randint(0, 9)}", genre=rng.choice(GENRES), page_count=rng.randint(96, 880),
             list_price=round(rng.uniform(7.99, 34.99), 2), publication_date=pub, is_bestseller=rng.random() < 0.12,
             format=rng.choice(FORMATS))
        books.append(nid)

    def person(prefix: str, ntype: str, count: int, extra) -> list[str]:
        out = []
        while len(out) < count:
            fn, ln = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            if not names.take(f"{fn} {ln}"):
                continue
            nid = f"{prefix}-{len(out) + 1}"
            node(nid, ntype, first_name=fn, last_name=ln, **extra(len(out) + 1))
            out.append(nid)
        return out

    authors = person("author", "Author", N_AUTHORS, lambda i: dict(
        birth_date=_day(rng, date(1938, 1, 1), date(1999, 12, 31)), nationality=rng.choice(NATIONALITIES),
        debut_year=rng.randint(1975, 2022), royalty_rate=round(rng.uniform(0.075, 0.185), 3),
        is_pseudonymous=rng.random() < 0.15, author_code=f"AUT-{rng.randint(1000, 9999)}-{i}"))
    editors = person("editor", "Editor", N_EDITORS, lambda i: dict(
        hire_date=_day(rng, date(1990, 1, 1), date(2023, 6, 30)),
        seniority=SENIORITY[0 if i > 90 else 1 if i > 55 else 2 if i > 15 else 3] if rng.random() < 0.85
        else rng.choice(SENIORITY), years_experience=rng.randint(1, 38), is_freelance=rng.random() < 0.2,
        staff_code=f"ED-{rng.randint(100, 999)}{chr(65 + i % 26)}"))
    translators = person("translator", "Translator", N_TRANSLATORS, lambda i: dict(
        source_language=rng.choice(LANGUAGES), rate_per_word=round(rng.uniform(0.06, 0.21), 3),
        is_certified=rng.random() < 0.55, joined_on=_day(rng, date(2001, 1, 1), date(2023, 12, 31)),
        translator_code=f"TR-{rng.randint(10, 99)}{i:03d}"))
    agents = person("agent", "Agent", N_AGENTS, lambda i: dict(
        city=rng.choice(AGENT_CITIES), commission_rate=round(rng.choice([0.1, 0.125, 0.15, 0.175, 0.2]), 3),
        licensed_since=_day(rng, date(1985, 1, 1), date(2020, 12, 31)), accepts_submissions=rng.random() < 0.6,
        agent_code=f"AG-{rng.randint(1000, 9999)}"))

    # print runs (each belongs to one book), named by a run code
    runs = []
    run_book: dict[str, str] = {}
    for b in books:
        for k in range(rng.choice([1, 1, 1, 2, 2, 3])):
            nid = f"run-{len(runs) + 1}"
            pub = date.fromisoformat(g.nodes[b]["publication_date"])
            pd = pub + timedelta(days=-rng.randint(20, 60) if k == 0 else rng.randint(90, 1500))
            node(nid, "PrintRun", name=f"PR-{20000 + len(runs) * 7 + rng.randint(0, 6)}",
                 quantity=rng.randrange(5, 120) * 100, print_date=pd.isoformat(),
                 unit_cost=round(rng.uniform(0.85, 6.5), 2), paper=rng.choice(PAPER), binding=rng.choice(BINDING),
                 is_reprint=k > 0)
            runs.append(nid)
            run_book[nid] = b

    # WROTE: author -> book (a few co-written)
    book_authors: dict[str, list[str]] = {}
    weights = [rng.paretovariate(1.6) for _ in authors]
    for b in books:
        first = rng.choices(authors, weights=weights)[0]
        who = [first]
        if rng.random() < 0.12:
            other = rng.choice(authors)
            if other != first:
                who.append(other)
        book_authors[b] = who
        pub = date.fromisoformat(g.nodes[b]["publication_date"])
        for k, a in enumerate(who):
            edge(a, "WROTE", b, contribution="sole" if len(who) == 1 else ("lead" if k == 0 else "co-author"),
                 advance=float(rng.randrange(4, 240) * 500),
                 contract_date=(pub - timedelta(days=rng.randint(200, 900))).isoformat())
    for a in authors:  # every author wrote something
        if not any(g.nodes[s]["type"] == "Book" for s in g.successors(a)):
            b = rng.choice(books)
            if a not in book_authors[b]:
                book_authors[b].append(a)
                pub = date.fromisoformat(g.nodes[b]["publication_date"])
                edge(a, "WROTE", b, contribution="co-author", advance=float(rng.randrange(4, 120) * 500),
                     contract_date=(pub - timedelta(days=rng.randint(200, 900))).isoformat())

    # editors work at imprints; edit books of their imprint mostly
    editor_imprint = {}
    for i, e in enumerate(editors):
        imp = imprints[i % len(imprints)] if i < 36 else rng.choice(imprints)
        editor_imprint[e] = imp
        edge(e, "WORKS_AT", imp, start_date=_day(rng, date(1995, 1, 1), date(2023, 6, 30)))
    by_imprint: dict[str, list[str]] = {imp: [e for e in editors if editor_imprint[e] == imp] for imp in imprints}
    for b in books:
        imp = rng.choice(imprints)
        edge(b, "PUBLISHED_UNDER", imp)
        pool = by_imprint[imp] if by_imprint[imp] and rng.random() < 0.85 else editors
        eds = rng.sample(pool, min(len(pool), rng.choice([1, 1, 1, 2])))
        for k, e in enumerate(eds):
            edge(e, "EDITED", b, rounds=rng.randint(1, 6), is_lead=k == 0)

    # MENTORED: editor -> editor, mentor first (an earlier, more senior editor)
    for i, e in enumerate(editors):
        if i < 8 or rng.random() < 0.2:
            continue
        lo = max(0, i - 45)
        m = editors[rng.randrange(lo, i)]
        edge(m, "MENTORED", e, since_year=rng.randint(2000, 2023))

    # TRANSLATED: translator -> book
    for b in rng.sample(books, 250):
        t = rng.choice(translators)
        edge(t, "TRANSLATED", b, word_count=rng.randrange(30, 220) * 500,
             completed_on=_day(rng, date(2003, 1, 1), date(2024, 6, 30)))

    # REPRESENTS: agent -> author
    aw = [rng.uniform(0.3, 3.0) for _ in agents]
    for a in authors:
        if rng.random() < 0.86:
            ag = rng.choices(agents, weights=aw)[0]
            edge(ag, "REPRESENTS", a, commission=g.nodes[ag]["commission_rate"] if rng.random() < 0.7
                 else round(rng.choice([0.1, 0.125, 0.15, 0.2]), 3),
                 since=_day(rng, date(1995, 1, 1), date(2023, 12, 31)))

    # PART_OF: book -> series, volumes in publication order
    in_series = rng.sample(books, 230)
    groups: dict[str, list[str]] = {s: [] for s in series}
    for b in in_series:
        groups[rng.choice(series)].append(b)
    for s, bs in groups.items():
        bs.sort(key=lambda x: (g.nodes[x]["publication_date"], x))
        for v, b in enumerate(bs, 1):
            edge(b, "PART_OF", s, volume=v)

    # HAS_PRINT_RUN: book -> run
    for r in runs:
        edge(run_book[r], "HAS_PRINT_RUN", r)

    # STOCKS: shop -> book
    for s in shops:
        for b in rng.sample(books, rng.randint(12, 48)):
            edge(s, "STOCKS", b, copies=rng.randint(1, 40), featured=rng.random() < 0.15)

    # SHIPPED_TO: print run -> shop
    for r in runs:
        q = g.nodes[r]["quantity"]
        pdt = date.fromisoformat(g.nodes[r]["print_date"])
        for s in rng.sample(shops, rng.randint(1, 4)):
            edge(r, "SHIPPED_TO", s, copies=max(10, int(q * rng.uniform(0.02, 0.12)) // 10 * 10),
                 shipped_on=(pdt + timedelta(days=rng.randint(7, 75))).isoformat(),
                 express=rng.random() < 0.2)

    # NOMINATED_FOR: book -> award
    for b in rng.sample(books, 180):
        a = rng.choice(awards)
        y = int(g.nodes[b]["publication_date"][:4]) + rng.choice([0, 1])
        edge(b, "NOMINATED_FOR", a, year=y, outcome=rng.choices(OUTCOMES, weights=[1, 2, 3])[0],
             jury_score=round(rng.uniform(5.0, 9.9), 1))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=35)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    nx.write_graphml(g, out / "publishing.graphml")
    print(f"wrote {out / 'publishing.graphml'}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
