"""A generated film-industry property graph (seeded, deterministic), written as Neo4j-APOC-style GraphML.

    python tests/byog4/graph.py OUTDIR [--csv] [--seed 4]

Writes OUTDIR/cinema.graphml (node attribute ``labels`` = ":Film", edge attribute ``label`` = "ACTED_IN", typed
``<key>`` declarations as APOC's ``useTypes`` export writes them) and, with ``--csv``, OUTDIR/csv/ holding Neo4j
admin-import files (one node file per label, one relationship file per type, typed headers).

Schema (8 labels, 10 relationship types):

    Actor    -ACTED_IN {billing:int, role_type, fee:float}-> Film
    Director -DIRECTED-> Film
    Composer -SCORED-> Film
    Film     -PRODUCED_BY-> Studio
    Film     -IN_GENRE-> Genre
    Film     -SEQUEL_OF-> Film                       (self-relation: sequel -> the film it follows)
    Film     -WON {year:int, category}-> Award
    Studio   -BASED_IN-> Country
    Actor|Director -BORN_IN-> Country
    Actor    -SIGNED_WITH {since:date, exclusive:boolean}-> Studio

A 4-hop path: Country <-BORN_IN- Actor -ACTED_IN-> Film -PRODUCED_BY-> Studio -BASED_IN-> Country.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

SEED = 4
GRAPHML_NAME = "cinema.graphml"

COUNTRIES = [
    ("United States", "North America"), ("Canada", "North America"), ("Mexico", "North America"),
    ("Brazil", "South America"), ("Argentina", "South America"), ("Chile", "South America"),
    ("United Kingdom", "Europe"), ("France", "Europe"), ("Germany", "Europe"), ("Italy", "Europe"),
    ("Spain", "Europe"), ("Sweden", "Europe"), ("Poland", "Europe"), ("Japan", "Asia"), ("South Korea", "Asia"),
    ("India", "Asia"), ("China", "Asia"), ("Nigeria", "Africa"), ("Egypt", "Africa"), ("Australia", "Oceania"),
]
# Weights for where people are born and studios are based (Hollywood-heavy, as the industry is).
COUNTRY_WEIGHTS = [30, 5, 4, 3, 2, 1, 10, 8, 6, 5, 4, 2, 2, 6, 4, 5, 3, 2, 1, 3]

GENRES = ["Drama", "Comedy", "Thriller", "Horror", "Science Fiction", "Documentary", "Animation", "Romance",
          "Western", "Musical", "Crime", "Fantasy"]
GENRE_WEIGHTS = [14, 10, 8, 5, 6, 2, 3, 6, 1, 2, 7, 4]

AWARDS = [  # name, kind, first awarded
    ("Golden Reel", "academy", 1931), ("Silver Lantern", "festival", 1948), ("Crystal Compass", "festival", 1962),
    ("Aurora Prize", "critics", 1975), ("Northern Star Award", "critics", 1969), ("Meridian Cup", "festival", 1984),
    ("Obsidian Mask", "guild", 1990), ("Harbor Light Award", "guild", 1957), ("Blue Heron Prize", "festival", 2001),
    ("Ivory Tower Award", "academy", 1952),
]
AWARD_WEIGHTS = [9, 6, 5, 4, 4, 3, 2, 3, 1, 2]  # how often each is handed out (a famous few dominate)
AWARD_CATEGORIES = ["Best Picture", "Best Director", "Best Screenplay", "Best Cinematography", "Best Score"]

STUDIO_FIRST = ["Northlight", "Red Maple", "Harborview", "Silverline", "Bluestone", "Goldcrest", "Iron Gate",
                "Paper Moon", "Lighthouse", "Westwind", "Crescent", "Evergreen", "Black Swan", "Summit Peak",
                "Amberwood", "Starfall", "Riverbend", "Copperhill", "Foxglove", "Granite", "Lantern Bay",
                "Marigold", "Nightjar", "Oakridge", "Pinecone", "Quarry Lane", "Saltmarsh", "Thistle",
                "Umbra", "Velvet Road", "Wildflower", "Yellowtail", "Zephyr", "Bramble", "Cobalt", "Driftwood",
                "Emberlight", "Fernhill", "Glasshouse", "Hollowbrook", "Juniper", "Kestrel"]
STUDIO_SUFFIX = ["Pictures", "Studios", "Films", "Entertainment", "Productions", "Media"]

FIRST = ["Ava", "Liam", "Noah", "Emma", "Olivia", "Mateo", "Sofia", "Lucas", "Mia", "Ethan", "Amara", "Hiro",
         "Yuki", "Priya", "Arjun", "Chen", "Mei", "Lars", "Ingrid", "Pierre", "Camille", "Giulia", "Marco",
         "Lucia", "Diego", "Valentina", "Kwame", "Ngozi", "Omar", "Layla", "Jack", "Grace", "Henry", "Chloe",
         "Samuel", "Ruby", "Felix", "Clara", "Oscar", "Hazel", "Tomasz", "Zofia", "Jonas", "Elsa", "Rafael",
         "Beatriz", "Kenji", "Aiko", "Min-jun", "Seo-yeon", "Ravi", "Ananya", "Dmitri", "Anya", "Hugo", "Margot",
         "Nadia", "Tariq", "Imani", "Caleb", "Iris", "Julian", "Leah", "Miles", "Nora", "Owen", "Paloma",
         "Quentin", "Rosa", "Silas", "Tessa", "Victor", "Wren", "Xavier", "Yara", "Zane", "Bianca", "Cyrus",
         "Delia", "Emil", "Frida", "Gideon", "Helena", "Ivo", "Juno", "Kai", "Lorena", "Magnus", "Nico"]
LAST = ["Abernathy", "Bellweather", "Castellano", "Delacroix", "Eriksen", "Fairbanks", "Garzon", "Halvorsen",
        "Ishikawa", "Jablonski", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Pellegrini",
        "Quintero", "Rasmussen", "Sandoval", "Takahashi", "Umarov", "Valdivia", "Whitcombe", "Xiong", "Yamamoto",
        "Zielinski", "Ashdown", "Brennan", "Carvalho", "Dunmore", "Esposito", "Ferreira", "Goldberg",
        "Hargreaves", "Iwasaki", "Jovanovic", "Kapoor", "Lachance", "Marchetti", "Novak", "Oyelaran",
        "Petrov", "Quimby", "Rossetti", "Sorensen", "Thornbury", "Ueda", "Vasquez", "Wakefield", "Yilmaz",
        "Zamora", "Achterberg", "Blackwood", "Cartwright", "Dalgaard", "Ellison", "Fontaine", "Gallagher",
        "Holloway", "Ibarra", "Jensen", "Kaminski", "Lombardi", "Mistry", "Nwosu", "Ortega", "Pemberton",
        "Rahman", "Salazar", "Tanaka", "Underhill", "Vinter", "Winslow", "Yoshida", "Zeller", "Adeyemi",
        "Beaumont", "Chaudhry", "Dragomir", "Engstrom", "Falconer", "Grimaldi", "Hashemi", "Iglesias", "Kerrigan",
        "Lafferty", "Montague", "Nilsson", "Okonjo", "Prescott", "Radcliffe", "Sato", "Trevino", "Vance"]

TITLE_ADJ = ["Silent", "Crimson", "Hollow", "Golden", "Broken", "Distant", "Burning", "Frozen", "Hidden", "Last",
             "Midnight", "Velvet", "Wandering", "Shattered", "Quiet", "Restless", "Scarlet", "Endless", "Forgotten",
             "Bitter", "Electric", "Savage", "Gentle", "Pale", "Iron", "Wild", "Lonely", "Secret", "Sunken",
             "Fading", "Painted", "Glass", "Northern", "Southern", "Emerald", "Silver", "Hungry", "Falling",
             "Rising", "Borrowed"]
TITLE_NOUN = ["Harbor", "Orchard", "Lighthouse", "Empire", "River", "Garden", "Kingdom", "Frontier", "Echo",
              "Mirror", "Horizon", "Summer", "Winter", "Canyon", "Citadel", "Lantern", "Meadow", "Carnival",
              "Voyage", "Tide", "Storm", "Harvest", "Crown", "Labyrinth", "Station", "Island", "Desert",
              "Signal", "Orbit", "Shadow", "Promise", "Letter", "Circus", "Engine", "Forest", "Bridge",
              "Compass", "Monsoon", "Serenade", "Reckoning", "Sparrow", "Wolf", "Tower", "Ember", "Pilgrim",
              "Avenue", "Cathedral", "Glacier", "Mariner", "Prophet"]
TITLE_PATTERNS = ["The {a} {n}", "{a} {n}", "The {n} of {m}", "{n} and {m}", "A {a} {n}"]
RATINGS = ["G", "PG", "PG-13", "R"]
RATING_WEIGHTS = [2, 5, 7, 6]
LANGUAGES = ["English", "French", "Spanish", "Japanese", "Korean", "German", "Italian", "Hindi", "Portuguese"]
LANGUAGE_WEIGHTS = [50, 8, 8, 6, 5, 5, 4, 5, 3]
INSTRUMENTS = ["piano", "violin", "cello", "guitar", "synthesizer"]
ROMAN = ["II", "III", "IV"]

N_FILMS, N_ACTORS, N_DIRECTORS, N_COMPOSERS, N_STUDIOS = 720, 900, 150, 60, 40


def _core(title: str) -> str:
    return title.lower().removeprefix("the ").removeprefix("an ").removeprefix("a ")


def _rand_date(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = SEED) -> tuple[list[dict], list[dict]]:
    """Nodes ``{"id", "label", **props}`` and edges ``{"source", "target", "label", **props}``, deterministic."""
    rng = random.Random(seed)
    nodes: list[dict] = []
    edges: list[dict] = []

    def add(label: str, **props) -> str:
        nid = f"n{len(nodes)}"
        nodes.append({"id": nid, "label": label, **props})
        return nid

    def link(src: str, label: str, dst: str, **props) -> None:
        edges.append({"source": src, "target": dst, "label": label, **props})

    countries = [add("Country", name=n, continent=c) for n, c in COUNTRIES]
    genres = [add("Genre", name=g) for g in GENRES]
    awards = [add("Award", name=n, kind=k, first_awarded=y) for n, k, y in AWARDS]

    studio_names = rng.sample(STUDIO_FIRST, N_STUDIOS)
    studios = []
    for sn in studio_names:
        sid = add("Studio", name=f"{sn} {rng.choice(STUDIO_SUFFIX)}", founded=rng.randint(1912, 2016),
                  independent=rng.random() < 0.35, employees=rng.randint(12, 4800))
        link(sid, "BASED_IN", rng.choices(countries, COUNTRY_WEIGHTS)[0])
        studios.append(sid)
    studio_founded = {n["id"]: n["founded"] for n in nodes if n["label"] == "Studio"}

    full_names = rng.sample([(f, la) for f in FIRST for la in LAST], N_DIRECTORS + N_ACTORS + N_COMPOSERS)
    directors = []
    for f, la in full_names[:N_DIRECTORS]:
        by = rng.randint(1938, 1990)
        did = add("Director", first_name=f, last_name=la, birth_year=by, debut_year=by + rng.randint(21, 36))
        link(did, "BORN_IN", rng.choices(countries, COUNTRY_WEIGHTS)[0])
        directors.append(did)
    actors = []
    for f, la in full_names[N_DIRECTORS:N_DIRECTORS + N_ACTORS]:
        bd = _rand_date(rng, date(1935, 1, 1), date(2004, 12, 31))
        aid = add("Actor", first_name=f, last_name=la, birth_date=bd.isoformat(), active=rng.random() < 0.82)
        link(aid, "BORN_IN", rng.choices(countries, COUNTRY_WEIGHTS)[0])
        actors.append(aid)
    composers = [add("Composer", first_name=f, last_name=la, instrument=rng.choice(INSTRUMENTS))
                 for f, la in full_names[N_DIRECTORS + N_ACTORS:]]
    node_by_id = {n["id"]: n for n in nodes}

    # Actors sign with studios (a date and an exclusivity flag on the edge).
    for aid in actors:
        if rng.random() < 0.3:
            born = date.fromisoformat(node_by_id[aid]["birth_date"])
            for sid in rng.sample(studios, 1 if rng.random() < 0.8 else 2):
                since = _rand_date(rng, max(date(born.year + 18, 1, 1), date(studio_founded[sid], 1, 1),
                                            date(1960, 1, 1)), date(2024, 6, 30))
                link(aid, "SIGNED_WITH", sid, since=since.isoformat(), exclusive=rng.random() < 0.4)

    # Films: unique titles; no title is a word-run inside another (sequels aside, which add a numeral).
    titles: set[str] = set()
    films: list[str] = []
    film_year: dict[str, int] = {}
    base_titles: list[str] = []
    while len(base_titles) < N_FILMS - 80:
        a, n, m = rng.choice(TITLE_ADJ), rng.choice(TITLE_NOUN), rng.choice(TITLE_NOUN)
        if n == m:
            continue
        t = rng.choice(TITLE_PATTERNS).format(a=a, n=n, m=m)
        if t.startswith("A ") and a[0] in "AEIOU":
            t = "An" + t[1:]
        if any(_core(t) in x.lower() or _core(x) in t.lower() for x in titles):
            continue
        titles.add(t)
        base_titles.append(t)

    def make_film(title: str, year: int) -> str:
        rel = _rand_date(rng, date(year, 1, 1), date(year, 12, 31))
        budget = round(rng.lognormvariate(3.0, 1.0), 1)
        budget = min(max(budget, 0.3), 260.0)
        fid = add("Film", title=title, release_date=rel.isoformat(), runtime=rng.randint(78, 192),
                  budget=budget, box_office=round(budget * rng.uniform(0.2, 6.0), 1),
                  rating=rng.choices(RATINGS, RATING_WEIGHTS)[0],
                  language=rng.choices(LANGUAGES, LANGUAGE_WEIGHTS)[0],
                  black_and_white=rel.year < 1980 and rng.random() < 0.35 or rng.random() < 0.02)
        films.append(fid)
        film_year[fid] = rel.year
        return fid

    for t in base_titles:
        make_film(t, rng.randint(1970, 2022))
    # 80 sequels: a sequel follows an earlier film; chains give "II", "III".
    sequel_count: dict[str, int] = {}
    origin: dict[str, tuple[str, str]] = {}  # film -> (original title, its root)
    made = 0
    while made < 80:
        prev = rng.choice(films)
        if film_year[prev] > 2021 or prev in sequel_count:
            continue
        root_title, depth = origin.get(prev, (node_by_id_title(nodes, prev), 0))
        if depth >= len(ROMAN):
            continue
        title = f"{root_title} {ROMAN[depth]}"
        if title in titles:
            continue
        titles.add(title)
        sid = make_film(title, rng.randint(film_year[prev] + 1, min(2024, film_year[prev] + 6)))
        origin[sid] = (root_title, depth + 1)
        sequel_count[prev] = 1
        link(sid, "SEQUEL_OF", prev)
        made += 1
    node_by_id = {n["id"]: n for n in nodes}

    actor_born = {a: int(node_by_id[a]["birth_date"][:4]) for a in actors}
    director_by = {d: node_by_id[d]["birth_year"] for d in directors}
    director_weight = [rng.choice([1, 1, 2, 3, 5, 8]) for _ in directors]
    for i, w in zip(rng.sample(range(len(directors)), 2), (30, 18), strict=True):  # two prolific auteurs
        director_weight[i] = w
    actor_weight = [rng.choice([1, 1, 1, 2, 3, 6]) for _ in actors]
    for i, w in zip(rng.sample(range(len(actors)), 3), (14, 10, 8), strict=True):  # a few stars
        actor_weight[i] = w
    composers_weight = [rng.choice([1, 2, 4]) for _ in composers]
    studio_weight = [rng.choice([1, 2, 3, 6, 10]) for _ in studios]
    for fid in films:
        year = film_year[fid]
        # studio(s): founded before the film
        ok = [(s, w) for s, w in zip(studios, studio_weight, strict=True) if studio_founded[s] <= year]
        pool, weights = [s for s, _ in ok], [w for _, w in ok]
        chosen = {rng.choices(pool, weights)[0]}
        if rng.random() < 0.1:
            chosen.add(rng.choices(pool, weights)[0])
        for s in sorted(chosen):
            link(fid, "PRODUCED_BY", s)
        for g in sorted(set(rng.choices(genres, GENRE_WEIGHTS, k=rng.choice([1, 1, 2, 2, 3])))):
            link(fid, "IN_GENRE", g)
        okd = [(d, w) for d, w in zip(directors, director_weight, strict=True) if director_by[d] + 20 <= year]
        ds = {rng.choices([d for d, _ in okd], [w for _, w in okd])[0]}
        if rng.random() < 0.05:
            ds.add(rng.choices([d for d, _ in okd], [w for _, w in okd])[0])
        for d in sorted(ds):
            link(d, "DIRECTED", fid)
        if rng.random() < 0.75:
            link(rng.choices(composers, composers_weight)[0], "SCORED", fid)
        oka = [(a, w) for a, w in zip(actors, actor_weight, strict=True) if actor_born[a] + 8 <= year]
        cast: list[str] = []
        while len(cast) < rng.randint(3, 7):
            a = rng.choices([x for x, _ in oka], [w for _, w in oka])[0]
            if a not in cast:
                cast.append(a)
        for billing, a in enumerate(cast, 1):
            role = "lead" if billing <= 2 else ("cameo" if billing == len(cast) and rng.random() < 0.3
                                                else "supporting")
            fee = round(rng.uniform(400, 9000) if role == "lead" else rng.uniform(20, 1500), 1)
            link(a, "ACTED_IN", fid, billing=billing, role_type=role, fee=fee)
        if rng.random() < 0.2:
            for aw in sorted(set(rng.choices(awards, AWARD_WEIGHTS, k=rng.choice([1, 1, 1, 2])))):
                first = node_by_id[aw]["first_awarded"]
                if first <= year:
                    link(fid, "WON", aw, year=year + rng.choice([0, 1]), category=rng.choice(AWARD_CATEGORIES))
    return nodes, edges


def node_by_id_title(nodes: list[dict], nid: str) -> str:
    return nodes[int(nid[1:])]["title"]


# ---- writers ------------------------------------------------------------------------------------------------------

_GML_TYPES = {bool: "boolean", int: "int", float: "double", str: "string"}


def _key_types(items: list[dict], skip: set[str]) -> dict[str, str]:
    types: dict[str, str] = {}
    for it in items:
        for k, v in it.items():
            if k not in skip:
                types.setdefault(k, _GML_TYPES[type(v)])
    return types


def _gml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return escape(str(v))


def write_graphml(nodes: list[dict], edges: list[dict], path: Path) -> None:
    """APOC-style GraphML: ``labels`` (":Film") on nodes, ``label`` (the type) on edges, typed keys."""
    nkeys = _key_types(nodes, {"id", "label"})
    ekeys = _key_types(edges, {"source", "target", "label"})
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
           'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
           'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
           '<key id="labels" for="node" attr.name="labels" attr.type="string"/>']
    out += [f'<key id="{k}" for="node" attr.name="{k}" attr.type="{t}"/>' for k, t in nkeys.items()]
    out.append('<key id="label" for="edge" attr.name="label" attr.type="string"/>')
    out += [f'<key id="{k}" for="edge" attr.name="{k}" attr.type="{t}"/>' for k, t in ekeys.items()]
    out.append('<graph id="G" edgedefault="directed">')
    for n in nodes:
        lab = f":{n['label']}"
        data = "".join(f'<data key="{k}">{_gml_value(v)}</data>' for k, v in n.items() if k not in ("id", "label"))
        out.append(f'<node id={quoteattr(n["id"])} labels={quoteattr(lab)}><data key="labels">{lab}</data>{data}'
                   "</node>")
    for i, e in enumerate(edges):
        data = "".join(f'<data key="{k}">{_gml_value(v)}</data>' for k, v in e.items()
                       if k not in ("source", "target", "label"))
        out.append(f'<edge id="e{i}" source={quoteattr(e["source"])} target={quoteattr(e["target"])} '
                   f'label={quoteattr(e["label"])}><data key="label">{e["label"]}</data>{data}</edge>')
    out += ["</graph>", "</graphml>", ""]
    path.write_text("\n".join(out), encoding="utf-8")


_CSV_TYPES = {bool: "boolean", int: "int", float: "float", str: "string"}


def _csv_type(k: str, v) -> str:
    if k in ("birth_date", "release_date", "since"):
        return "date"
    return _CSV_TYPES[type(v)]


def _csv_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write_csv(nodes: list[dict], edges: list[dict], folder: Path) -> None:
    """Neo4j admin-import files: nodes_<Label>.csv (``id:ID``, ``:LABEL``), rels_<TYPE>.csv (``:START_ID``...)."""
    folder.mkdir(parents=True, exist_ok=True)
    for label in sorted({n["label"] for n in nodes}):
        rows = [n for n in nodes if n["label"] == label]
        keys = [k for k in rows[0] if k not in ("id", "label")]
        with (folder / f"nodes_{label}.csv").open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["id:ID", ":LABEL", *(f"{k}:{_csv_type(k, rows[0][k])}" for k in keys)])
            for r in rows:
                w.writerow([r["id"], label, *(_csv_value(r[k]) for k in keys)])
    for rtype in sorted({e["label"] for e in edges}):
        rows = [e for e in edges if e["label"] == rtype]
        keys = [k for k in rows[0] if k not in ("source", "target", "label")]
        with (folder / f"rels_{rtype}.csv").open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE", *(f"{k}:{_csv_type(k, rows[0][k])}" for k in keys)])
            for r in rows:
                w.writerow([r["source"], r["target"], rtype, *(_csv_value(r[k]) for k in keys)])


def generate(outdir: Path, csv_too: bool = False, seed: int = SEED) -> Path:
    """Write the graph into ``outdir``; returns the GraphML path."""
    outdir.mkdir(parents=True, exist_ok=True)
    nodes, edges = build(seed)
    path = outdir / GRAPHML_NAME
    write_graphml(nodes, edges, path)
    if csv_too:
        write_csv(nodes, edges, outdir / "csv")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--csv", action="store_true", help="also write Neo4j admin-import CSV under OUTDIR/csv/")
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    nodes, edges = build(args.seed)
    path = generate(args.outdir, args.csv, args.seed)
    print(f"{path}: {len(nodes)} nodes, {len(edges)} edges")


if __name__ == "__main__":
    main()
