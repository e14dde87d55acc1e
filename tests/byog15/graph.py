"""Generate the byog15 art-museum collections graph as GraphML (deterministic for a seed).

    python tests/byog15/graph.py DIR [--seed N]     # writes DIR/museum.graphml

Eight node types (Movement, Artist, Artwork, Gallery, Exhibition, Lender, Curator, Treatment) and fourteen edge
types, two of them self-relations (Artist MENTORED Artist, Curator REPORTS_TO Curator) and six with properties
(MENTORED, FEATURED_IN, LOANED_BY, DONATED_BY, SPONSORED_BY, CURATED_BY). See README.md for the schema.
"""

from __future__ import annotations

import argparse
import random
import re
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 1501

MOVEMENTS = [
    # name, start year, origin country
    ("Baroque", 1600, "Italy"), ("Rococo", 1720, "France"), ("Neoclassicism", 1760, "France"),
    ("Romanticism", 1790, "Germany"), ("Pre-Raphaelite Brotherhood", 1848, "England"),
    ("Impressionism", 1865, "France"), ("Pointillism", 1884, "France"), ("Art Nouveau", 1890, "Belgium"),
    ("Fauvism", 1904, "France"), ("Expressionism", 1905, "Germany"), ("Cubism", 1907, "France"),
    ("Futurism", 1909, "Italy"), ("Dada", 1916, "Switzerland"), ("Bauhaus", 1919, "Germany"),
    ("Surrealism", 1924, "France"), ("Pop Art", 1955, "United States"), ("Minimalism", 1960, "United States"),
]

FIRST = {
    "French": ["Camille", "Edouard", "Berthe", "Lucien", "Marguerite", "Henri", "Odile", "Gustave", "Solange",
               "Armand", "Yvette", "Théo", "Céleste", "Raoul", "Josette", "Émile"],
    "Italian": ["Giacomo", "Lucia", "Vittorio", "Carla", "Ettore", "Benedetta", "Fabrizio", "Orsola", "Livio",
                "Ginevra", "Tommaso", "Serena"],
    "German": ["Friedrich", "Hilde", "Konrad", "Greta", "Matthias", "Liesel", "Ulrich", "Anneliese", "Wolfram",
               "Käthe", "Reinhold", "Ilse"],
    "Dutch": ["Pieter", "Anneke", "Joost", "Marijke", "Willem", "Femke", "Hendrik", "Saskia", "Bram", "Lotte"],
    "Spanish": ["Alonso", "Inés", "Rodrigo", "Pilar", "Esteban", "Remedios", "Gonzalo", "Amparo", "Ignacio",
                "Consuelo"],
    "British": ["Edmund", "Harriet", "Percival", "Winifred", "Ambrose", "Cordelia", "Rupert", "Imogen", "Barnaby",
                "Philippa", "Lionel", "Rosamund"],
    "American": ["Walker", "Georgia", "Thaddeus", "Mabel", "Cornelius", "Dorothea", "Jasper", "Loretta", "Wendell",
                 "Hazel", "Lyle", "Eudora"],
    "Japanese": ["Haruki", "Sachiko", "Kenji", "Michiko", "Takeshi", "Yumiko", "Hiroshi", "Noriko"],
    "Mexican": ["Joaquín", "Frida", "Arturo", "Guadalupe", "Rufino", "Leonora", "Emilio", "Soledad"],
}
LAST = {
    "French": ["Delacourt", "Marchand", "Fontaine", "Beaumont", "Lefebvre", "Rousseau", "Duval", "Moreau",
               "Girardot", "Vasseur", "Chaput", "Ormesson", "Lavigne", "Perrault"],
    "Italian": ["Bellandi", "Caravelli", "Rossetti", "Fioravanti", "Mancuso", "Pellegrini", "Sabatini", "Tornabuoni",
                "Vannucci", "Zampieri", "Ghirardelli", "Lombardo"],
    "German": ["Achenbach", "Brenner", "Falkenrath", "Hartmann", "Kessler", "Lindqvist", "Morgenstern",
               "Reinholt", "Schadow", "Voigtländer", "Wendt", "Ziegler"],
    "Dutch": ["van Aalst", "de Bruyn", "Hoogstraten", "Kalff", "van Leyden", "Mesdag", "Ruysdael", "Steenwijk",
              "Verhagen", "de Wit"],
    "Spanish": ["Albéniz", "Castellano", "Echeverría", "Galdós", "Herrera", "Iturbide", "Montalbán", "Quiroga",
                "Saavedra", "Villalobos"],
    "British": ["Ashcombe", "Blakemore", "Carrington", "Fairweather", "Gresham", "Hollis", "Lydgate", "Pemberton",
                "Radcliffe", "Thornbury", "Whitlock", "Yardley"],
    "American": ["Bancroft", "Calloway", "Everett", "Hawthorne", "Kimball", "Lowell", "Merriweather", "Prescott",
                 "Sinclair", "Whitaker", "Abernathy", "Drummond"],
    "Japanese": ["Fujimoto", "Hayashi", "Ishikawa", "Kobayashi", "Matsuda", "Nakamura", "Okada", "Takahashi"],
    "Mexican": ["Anguiano", "Barragán", "Covarrubias", "Izquierdo", "Montenegro", "Orozco-Ruiz", "Tamayo-Vega",
                "Zárraga"],
}
NATIONALITY_WEIGHTS = {"French": 5, "Italian": 3, "German": 3, "Dutch": 2, "Spanish": 2, "British": 3,
                       "American": 4, "Japanese": 1, "Mexican": 1}

MEDIUMS = ["Oil on canvas", "Watercolour", "Tempera on panel", "Charcoal on paper", "Etching", "Bronze", "Marble",
           "Photograph", "Mixed media"]
MEDIUM_WEIGHTS = [9, 3, 2, 2, 2, 2, 1, 2, 2]

TITLE_SUBJECTS = ["Boats", "Poplars", "Haystacks", "Bathers", "Fishermen", "Washerwomen", "Skaters", "Dancers",
                  "Olive Trees", "Cypresses", "Gulls", "Horses", "Cliffs", "Rooftops", "Snowfall", "Fog",
                  "Lanterns", "Harvesters", "Market Stalls", "Reeds", "Sailboats", "Bridges", "Chestnut Trees",
                  "Shepherds", "Vineyards", "Orchards", "Pilgrims", "Ruins", "Storm Clouds", "Windmills"]
TITLE_PLACES = ["Honfleur", "Argenteuil", "Giverny", "Delft", "Scheveningen", "Étretat", "Collioure", "Arles",
                "Toledo", "Segovia", "Capri", "Amalfi", "Murano", "Lake Como", "Dresden", "Lübeck", "Whitby",
                "St Ives", "Brighton", "Cape Ann", "Taos", "Nantucket", "Kyoto", "Kamakura", "Oaxaca", "Puebla",
                "Bruges", "Ghent", "Heidelberg", "Rouen", "Pont-Aven", "Dieppe", "Ravenna", "Assisi", "Marrakesh",
                "Sintra", "Bergen", "Hydra", "Sorrento", "Zandvoort"]
TIMES = ["at Dawn", "at Dusk", "in Winter", "in Spring", "after Rain", "at Noon", "by Moonlight", "in Autumn"]
PORTRAIT_SITTERS = ["a Young Woman", "an Old Fisherman", "the Artist's Mother", "a Cellist", "a Seamstress",
                    "a Boy with a Kite", "the Harbourmaster", "a Lady in Blue", "a Sleeping Child", "a Flower Seller",
                    "a Cardinal", "a Dancer Resting", "the Widow Marchetti", "a Reading Girl", "a Sailor",
                    "an Astronomer"]
STILL_LIFE = ["Pears", "Lemons and a Jug", "Oysters", "Pewter", "Peonies", "a Skull", "Quinces", "a Blue Vase",
              "Herrings", "Tulips", "Onions", "Game Birds", "Pomegranates", "a Lute", "Cherries", "Sunflowers"]
COLOURS = ["Red", "Ochre", "Cobalt", "Umber", "Viridian", "Gold", "Grey", "Vermilion", "Indigo", "Ivory"]
ABSTRACT = ["Composition", "Rhythm", "Study", "Variation", "Construction", "Field", "Interval", "Fugue"]

GALLERY_NAMES = ["Ashworth Gallery", "Blackwood Room", "Carrow Hall", "Delahaye Salon", "Elmstead Gallery",
                 "Fenwick Court", "Garland Room", "Halloran Gallery", "Ingram Pavilion", "Jessop Room",
                 "Kestrel Hall", "Larchmont Gallery", "Merrion Salon", "Northgate Room", "Oriel Gallery",
                 "Pellham Court", "Quayle Room", "Rosslyn Gallery", "Stanhope Hall", "Tavistock Room",
                 "Underhill Gallery", "Vane Salon", "Wrexley Court", "Yarrow Room", "Zetland Gallery",
                 "Lantern Atrium", "Cloister Walk", "Garden Pavilion"]
WINGS = ["North Wing", "South Wing", "East Wing", "West Wing"]

EXHIBITION_HEADS = ["Light and Shadow", "The Open Window", "Salt and Sky", "Quiet Rooms", "Against the Grain",
                    "The Edge of the Sea", "Faces of the City", "Gardens of Memory", "Bodies in Motion",
                    "The Restless Line", "After the Storm", "Silver and Smoke", "Northern Lights",
                    "The Painted Table", "Paper Worlds", "Weather and Water", "In the Studio", "Mirrors and Masks",
                    "The Long Horizon", "Colour Unbound", "Echoes of Antiquity", "The Night Garden",
                    "Harvest and Hearth", "Modern Myths", "Soft Machines", "Ruin and Renewal", "The Inner Eye",
                    "Streets at Night", "Islands", "The Shape of Things", "Patrons and Painters",
                    "A Sense of Place", "The Artist's Hand", "Distant Shores", "Figures in a Landscape"]
EXHIBITION_TAILS = ["Dutch Interiors", "Masters of the Coast", "Drawings from the Collection", "Photographs 1920-1960",
                    "Sculpture and Space", "Prints of the Belle Époque", "Women Artists of the Salon",
                    "The Mediterranean Light", "Japanese Woodcuts and Their Legacy", "Painting the Modern City",
                    "Recent Acquisitions", "Works on Paper", "The Portrait Reconsidered", "Still Life Revisited",
                    "Landscapes of the North", "New Gifts to the Museum"]

LENDER_PRIVATE = ["Eleanor Vance", "Harold Pettigrew", "Marisol Ferrante", "Augustin Lemaire", "Beatrix Holloway",
                  "Desmond Achterberg", "Ottilie Strand", "Cyrus Wendover", "Rosalind Quarrie", "Ignatius Morrow",
                  "Valentina Scarpa", "Theodore Ashgrove", "Lucinda Fairbanks", "Maximilian Roth",
                  "Perpetua Delgado", "Sterling Oakes", "Henrietta Vallance", "Jonah Kirkwood"]
LENDER_FOUNDATION = ["Ashgrove Foundation", "Meridian Arts Trust", "Calder Ross Foundation", "Halvorsen Trust",
                     "Bellweather Foundation", "Sorensen Art Fund", "Alder Creek Foundation", "Moncrieff Trust",
                     "Lisbon Light Foundation", "Vantongeren Stichting", "Fondazione Caravita", "Stiftung Ebersol"]
LENDER_MUSEUM = ["Musée de Valmont", "Kunsthalle Ebersbach", "Museo Civico di Treviolo", "Rijksdepot Haarlemmer",
                 "Whitmore Museum of Art", "Castleford City Gallery", "Museo de Bellas Artes de Alcira",
                 "Lindqvist Konstmuseum", "Hartwell College Art Museum", "Osaka Prefectural Gallery",
                 "Museo Nacional de Tlacopan", "Ravensworth Castle Collection"]
LENDER_CORPORATE = ["Northbridge Bank", "Halcyon Insurance", "Pellucid Glassworks", "Granite & Vale LLP",
                    "Orion Shipping Company", "Sable Rail", "Corvid Pharmaceuticals", "Tessellate Software",
                    "Brightwater Utilities", "Kingsmere Hotels"]
COUNTRIES = ["France", "Italy", "Germany", "Netherlands", "Spain", "United Kingdom", "United States", "Japan",
             "Mexico", "Switzerland"]

DEPARTMENTS = ["Paintings", "Sculpture", "Prints and Drawings", "Photography", "Modern and Contemporary",
               "Conservation"]
TREATMENT_TYPES = ["Surface cleaning", "Varnish removal", "Relining", "Inpainting", "Consolidation",
                   "Frame repair", "Rehousing"]


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", s.lower()).split())


class _Names:
    """Unique display names; a new name may not be a word-bounded part of another, nor contain one."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.parts: set[str] = set()  # every contiguous word run of every name

    def ok(self, name: str) -> bool:
        words = _norm(name).split()
        runs = {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}
        full = " ".join(words)
        return full not in self.parts and not (runs & self.seen)

    def add(self, name: str) -> None:
        words = _norm(name).split()
        self.seen.add(" ".join(words))
        self.parts |= {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}


def _iso(d: date) -> str:
    return d.isoformat()


def _rand_date(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = DEFAULT_SEED) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = _Names()

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, labels=f":{label}", **attrs)

    edge_ids = iter(range(1, 10**9))

    def edge(src: str, dst: str, label: str, **attrs) -> None:
        g.add_edge(src, dst, key=f"edge-{next(edge_ids)}", label=label, **attrs)

    # movements
    movements = []
    for i, (name, start, country) in enumerate(MOVEMENTS, 1):
        mid = f"movement-{i}"
        names.add(name)
        node(mid, "Movement", name=name, start_year=start, origin_country=country)
        movements.append((mid, start))

    # people (artists and curators share the name space)
    nat_list = list(NATIONALITY_WEIGHTS)
    nat_w = [NATIONALITY_WEIGHTS[n] for n in nat_list]

    def person(nat: str) -> tuple[str, str]:
        for _ in range(1000):
            first, last = rng.choice(FIRST[nat]), rng.choice(LAST[nat])
            full = f"{first} {last}"
            if names.ok(full):
                names.add(full)
                return first, last
        raise RuntimeError("ran out of person names")

    artists = []  # (id, birth_year)
    for i in range(1, 231):
        aid = f"artist-{i}"
        nat = rng.choices(nat_list, nat_w)[0]
        first, last = person(nat)
        birth = rng.randint(1575, 1990)
        living = birth >= 1935 and rng.random() < 0.75
        node(aid, "Artist", first_name=first, last_name=last, birth_year=birth, nationality=nat, living=living)
        artists.append((aid, birth))
        # movements active around the artist's 25th-45th year (1-2 of them)
        near = sorted(movements, key=lambda m: abs(m[1] - (birth + 30)))[:3]
        picks = rng.sample(near, 2) if rng.random() < 0.2 else [near[rng.randrange(2)]]
        for mid, _ in picks:
            edge(aid, mid, "BELONGS_TO")

    # mentorships: an artist may have studied under 0-2 older artists (15-45 years older)
    for aid, birth in artists:
        older = [a for a, b in artists if 15 <= birth - b <= 45]
        if older and rng.random() < 0.45:
            for mentor in rng.sample(older, 1 if rng.random() < 0.8 else min(2, len(older))):
                edge(mentor, aid, "MENTORED", start_year=birth + rng.randint(14, 22))

    # galleries
    galleries = []
    for i, name in enumerate(GALLERY_NAMES, 1):
        gid = f"gallery-{i}"
        names.add(name)
        node(gid, "Gallery", name=name, floor=rng.randint(0, 3), wing=rng.choice(WINGS),
             climate_controlled=rng.random() < 0.4, area_sqm=round(rng.uniform(60, 620), 1))
        galleries.append(gid)

    # curators: a reporting tree under a director
    curators = []
    for i in range(1, 37):
        cid = f"curator-{i}"
        first, last = person(rng.choices(nat_list, nat_w)[0])
        dept = DEPARTMENTS[0] if i == 1 else rng.choice(DEPARTMENTS)
        node(cid, "Curator", first_name=first, last_name=last, department=dept,
             hire_date=_iso(_rand_date(rng, date(1988, 1, 1), date(2023, 12, 31))))
        if i > 1:
            boss = curators[rng.randrange(min(len(curators), 1 + i // 3))]
            edge(cid, boss, "REPORTS_TO")
        curators.append(cid)
    for gid in galleries:
        edge(rng.choice(curators[1:]), gid, "MANAGES")

    # lenders / donors
    lenders = []
    pools = [("Private collector", [f"{n} Collection" for n in LENDER_PRIVATE]), ("Foundation", LENDER_FOUNDATION),
             ("Museum", LENDER_MUSEUM), ("Corporation", LENDER_CORPORATE)]
    i = 0
    for kind, pool in pools:
        for name in pool:
            if not names.ok(name):
                continue
            names.add(name)
            i += 1
            lid = f"lender-{i}"
            node(lid, "Lender", name=name, lender_type=kind, country=rng.choice(COUNTRIES))
            lenders.append(lid)

    # artworks
    def title() -> str:
        for _ in range(10000):
            r = rng.random()
            if r < 0.4:
                t = f"{rng.choice(TITLE_SUBJECTS)} at {rng.choice(TITLE_PLACES)}"
            elif r < 0.55:
                t = f"{rng.choice(TITLE_PLACES)} {rng.choice(TIMES)}"
            elif r < 0.72:
                t = f"Portrait of {rng.choice(PORTRAIT_SITTERS)}"
                if rng.random() < 0.7:
                    t += f", {rng.choice(TITLE_PLACES)}"
            elif r < 0.86:
                t = f"Still Life with {rng.choice(STILL_LIFE)}"
                if rng.random() < 0.6:
                    t += f" and {rng.choice(STILL_LIFE)}"
            else:
                t = f"{rng.choice(ABSTRACT)} in {rng.choice(COLOURS)} and {rng.choice(COLOURS)}"
            if names.ok(t):
                names.add(t)
                return t
        raise RuntimeError("ran out of titles")

    artworks = []
    art_by_artist: dict[str, list[str]] = {}
    weights = [rng.paretovariate(1.6) for _ in artists]
    for i in range(1, 1151):
        wid = f"artwork-{i}"
        aid, birth = rng.choices(artists, weights)[0]
        medium = rng.choices(MEDIUMS, MEDIUM_WEIGHTS)[0]
        year = min(2024, birth + rng.randint(18, 70))
        height = round(rng.uniform(8, 90) if medium in ("Etching", "Photograph", "Charcoal on paper", "Watercolour")
                       else rng.uniform(20, 320), 1)
        value = round(rng.lognormvariate(11.5, 1.3), 2)
        acq = _rand_date(rng, date(max(1921, year + 1), 1, 1), date(2024, 12, 31)) if year < 2024 \
            else _rand_date(rng, date(2024, 6, 1), date(2024, 12, 31))
        display = rng.random() < 0.35
        node(wid, "Artwork", title=title(), year_created=year, medium=medium, height_cm=height,
             insured_value=value, acquisition_date=_iso(acq), on_display=display)
        edge(wid, aid, "CREATED_BY")
        art_by_artist.setdefault(aid, []).append(wid)
        if display:
            edge(wid, rng.choice(galleries), "HUNG_IN")
        r = rng.random()
        if r < 0.13:
            edge(wid, rng.choice(lenders), "LOANED_BY",
                 loan_start=_iso(_rand_date(rng, date(2015, 1, 1), date(2024, 12, 31))),
                 loan_fee=round(rng.uniform(500, 40000), 2))
        elif r < 0.33:
            edge(wid, rng.choice(lenders), "DONATED_BY", gift_year=acq.year)
        artworks.append((wid, year))

    # conservation treatments
    counters: dict[int, int] = {}
    for i in range(1, 381):
        tid = f"treatment-{i}"
        wid, year = rng.choice(artworks)
        when = _rand_date(rng, date(1995, 1, 1), date(2024, 12, 31))
        counters[when.year] = counters.get(when.year, 0) + 1
        name = f"Conservation record CR-{when.year}-{counters[when.year]:03d}"
        names.add(name)
        node(tid, "Treatment", name=name, treatment_type=rng.choice(TREATMENT_TYPES), treatment_date=_iso(when),
             cost=round(rng.uniform(250, 18000), 2), duration_days=rng.randint(1, 120))
        edge(wid, tid, "UNDERWENT")
        edge(tid, rng.choice(curators), "SUPERVISED_BY")

    # exhibitions
    used: set[str] = set()
    for i in range(1, 86):
        xid = f"exhibition-{i}"
        for _ in range(1000):
            t = f"{rng.choice(EXHIBITION_HEADS)}: {rng.choice(EXHIBITION_TAILS)}"
            if t not in used and names.ok(t):
                break
        used.add(t)
        names.add(t)
        start = _rand_date(rng, date(2005, 1, 1), date(2024, 9, 30))
        end = start + timedelta(days=rng.randint(45, 200))
        node(xid, "Exhibition", title=t, start_date=_iso(start), end_date=_iso(end),
             visitor_count=rng.randint(3000, 260000), ticketed=rng.random() < 0.55)
        edge(xid, rng.choice(galleries), "HELD_IN")
        cur = rng.sample(curators, 2 if rng.random() < 0.35 else 1)
        for k, cid in enumerate(cur):
            edge(xid, cid, "CURATED_BY", lead_curator=k == 0)
        shown = rng.sample([w for w, y in artworks if y <= start.year], rng.randint(6, 24))
        for k, wid in enumerate(shown, 1):
            edge(wid, xid, "FEATURED_IN", catalogue_number=k)
        for lid in rng.sample(lenders, rng.choice([0, 1, 1, 2, 3])):
            edge(xid, lid, "SPONSORED_BY", amount=float(rng.randrange(5, 400) * 250))
    return g


def write(out_dir: Path, seed: int = DEFAULT_SEED) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "museum.graphml"
    nx.write_graphml(build(seed), path)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    path = write(args.out_dir, args.seed)
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
