"""A generated open-source-ecosystem property graph (byog5): packages, their dependencies, maintainers and more.

    python tests/byog5/graph.py OUTDIR [--csv] [--seed N]

Writes ``OUTDIR/oss.graphml`` (APOC style: node type in ``labels`` as ``":Package"``, edge type in ``label``,
typed ``<key>`` declarations) and, with ``--csv``, ``OUTDIR/csv/`` in Neo4j admin-import form (one node file per
label, one relationship file per type). Deterministic: the same seed gives byte-identical files.

Schema (7 labels, 10 relationship types):

    Package       name, category, monthly_downloads (int), stars (int), created (date), archived (bool)
    Release       name ("<package> <version>"), version, released (date), yanked (bool), size_kb (int)
    Vulnerability name (CVE id), severity, cvss (float), published (date), patched (bool)
    Maintainer    first_name, last_name, country, joined (date), verified (bool)
    Organisation  name, kind, founded (int year), employees (int)
    License       name (SPDX id), family, osi_approved (bool), year (int)
    Registry      name, language, launched (int year)

    (Package)-[:DEPENDS_ON {scope, pinned}]->(Package)                 self-relation, acyclic
    (Package)-[:MAINTAINED_BY {role, since, commits}]->(Maintainer)
    (Maintainer)-[:MENTORED_BY]->(Maintainer)                          second self-relation
    (Maintainer)-[:EMPLOYED_BY]->(Organisation)
    (Organisation)-[:SPONSORS {amount_usd, since_year}]->(Package)
    (Package)-[:LICENSED_UNDER]->(License)
    (Package)-[:PUBLISHED_ON]->(Registry)
    (Release)-[:RELEASE_OF]->(Package)
    (Vulnerability)-[:AFFECTS]->(Release)
    (Vulnerability)-[:REPORTED_BY]->(Maintainer)

4-hop path: Vulnerability -AFFECTS-> Release -RELEASE_OF-> Package -MAINTAINED_BY-> Maintainer -EMPLOYED_BY->
Organisation.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

SEED = 5150

PREFIXES = (
    "aero", "bolt", "cinder", "delta", "ember", "flux", "glint", "hydra", "iron", "jade", "kilo", "lumen",
    "mosaic", "nimbus", "onyx", "pixel", "quill", "raven", "sable", "tango", "umbra", "vortex", "willow", "xeno",
    "yarrow", "zephyr", "acorn", "birch", "comet", "dune", "falcon", "garnet", "harbor", "indigo", "juniper",
    "kestrel", "lark", "marble", "nectar", "otter", "pepper", "quartz", "ripple", "spruce", "thistle", "velvet",
)
SUFFIXES = (
    "json", "cache", "http", "orm", "cli", "lint", "auth", "crypt", "stream", "parse", "log", "queue", "mail",
    "yaml", "sql", "grid", "sync", "vision", "fmt", "rpc", "mock", "plot", "route", "toml",
)
CATEGORIES = ("web", "data", "tooling", "testing", "security", "science", "networking")
CATEGORY_BY_SUFFIX = {
    "json": "data", "cache": "web", "http": "networking", "orm": "data", "cli": "tooling", "lint": "tooling",
    "auth": "security", "crypt": "security", "stream": "data", "parse": "data", "log": "tooling", "queue": "web",
    "mail": "networking", "yaml": "data", "sql": "data", "grid": "science", "sync": "networking",
    "vision": "science", "fmt": "tooling", "rpc": "networking", "mock": "testing", "plot": "science",
    "route": "web", "toml": "data",
}
REGISTRIES = (  # name, language, launched
    ("PyPI", "Python", 2003), ("npm", "JavaScript", 2010), ("crates.io", "Rust", 2014),
    ("Maven Central", "Java", 2002), ("RubyGems", "Ruby", 2009), ("Hex", "Elixir", 2014),
)
REGISTRY_WEIGHTS = (30, 30, 15, 12, 8, 5)
LICENSES = (  # SPDX id, family, osi_approved, year
    ("MIT", "permissive", True, 1988), ("Apache-2.0", "permissive", True, 2004),
    ("BSD-3-Clause", "permissive", True, 1999), ("ISC", "permissive", True, 1995),
    ("GPL-3.0", "strong copyleft", True, 2007), ("AGPL-3.0", "strong copyleft", True, 2007),
    ("LGPL-2.1", "weak copyleft", True, 1999), ("MPL-2.0", "weak copyleft", True, 2012),
    ("EPL-2.0", "weak copyleft", True, 2017), ("Unlicense", "public domain", False, 2010),
)
LICENSE_WEIGHTS = (38, 22, 10, 5, 8, 3, 5, 5, 2, 2)
FIRST_NAMES = (
    "Amara", "Bastian", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ines", "Jonas", "Keiko",
    "Lorenzo", "Mei", "Nikolai", "Olga", "Pablo", "Quentin", "Rosa", "Sanjay", "Tove", "Ugo", "Valentina",
    "Wiktor", "Ximena", "Yusuf", "Zofia", "Anders", "Beatriz", "Cormac", "Dalia", "Emeka", "Freya", "Goran",
    "Hana", "Ivo", "Jasmin", "Kwame", "Lucia", "Mateus", "Nadia", "Oskar", "Priya", "Rafael", "Sigrid", "Tariq",
    "Uma", "Viktor", "Wen", "Yara", "Zeynep",
)
LAST_NAMES = (
    "Abernathy", "Bergström", "Castellanos", "Dubois", "Eriksen", "Fontaine", "Gallagher", "Hoffmann", "Iwasaki",
    "Jovanovic", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rasmussen",
    "Santoro", "Takahashi", "Ulrich", "Varga", "Whitfield", "Yilmaz", "Zielinski", "Almeida", "Brennan",
    "Chaudhry", "Delacroix", "Esposito", "Falk", "Grünewald", "Haddad", "Ivanova", "Jensen", "Kaur", "Lefebvre",
    "Mbeki", "Novak", "Oyelaran", "Pereira", "Ramos", "Schreiber", "Tanaka", "Urquhart", "Vasquez", "Weber",
)
COUNTRIES = ("Germany", "United States", "India", "Brazil", "Japan", "France", "Poland", "Nigeria", "Canada",
             "Sweden")
COUNTRY_WEIGHTS = (16, 22, 14, 8, 8, 8, 6, 5, 7, 6)
ORG_STEMS = (
    "Northwind", "Bluefin", "Cobalt", "Driftwood", "Evergreen", "Foxglove", "Granite", "Helios", "Ironbark",
    "Juno", "Keystone", "Larkspur", "Meridian", "Nordlys", "Obsidian", "Parallax", "Quarry", "Redwood", "Saltmarsh",
    "Tidewater", "Upland", "Verdant", "Westbrook", "Yellowtail", "Zenith", "Ashgrove", "Brightwater", "Coldharbour",
    "Deepwell", "Eastgate", "Fernhill", "Goldcrest", "Highmoor", "Inkwell", "Kingsley", "Lowfield", "Moonrise",
    "Newhaven", "Oakridge", "Pinecrest",
)
ORG_KINDS = {
    "company": ("Labs", "Software", "Systems", "Technologies"),
    "foundation": ("Foundation",),
    "university": ("Institute of Technology", "University"),
    "nonprofit": ("Collective", "Alliance"),
}
ORG_KIND_WEIGHTS = {"company": 55, "foundation": 15, "university": 15, "nonprofit": 15}

N_PACKAGES = 320
N_MAINTAINERS = 240
N_ORGS = 40
N_VULNS = 140


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = SEED) -> tuple[dict[str, tuple[str, dict]], list[tuple[str, str, str, dict]]]:
    """Return (nodes, edges): nodes id -> (label, properties); edges (source, target, type, properties)."""
    rng = random.Random(seed)
    nodes: dict[str, tuple[str, dict]] = {}
    edges: list[tuple[str, str, str, dict]] = []

    for i, (name, lang, launched) in enumerate(REGISTRIES, 1):
        nodes[f"reg_{i}"] = ("Registry", {"name": name, "language": lang, "launched": launched})
    reg_ids = [f"reg_{i}" for i in range(1, len(REGISTRIES) + 1)]
    for i, (spdx, family, osi, year) in enumerate(LICENSES, 1):
        nodes[f"lic_{i:02d}"] = ("License", {"name": spdx, "family": family, "osi_approved": osi, "year": year})
    lic_ids = [f"lic_{i:02d}" for i in range(1, len(LICENSES) + 1)]

    # Organisations
    stems = rng.sample(ORG_STEMS, N_ORGS)
    kinds = list(ORG_KIND_WEIGHTS)
    org_ids = []
    for i, stem in enumerate(stems, 1):
        kind = rng.choices(kinds, weights=[ORG_KIND_WEIGHTS[k] for k in kinds])[0]
        suffix = rng.choice(ORG_KINDS[kind])
        name = f"University of {stem}" if suffix == "University" else f"{stem} {suffix}"
        founded = rng.randint(1890, 2019) if kind == "university" else rng.randint(1975, 2021)
        employees = rng.randint(8, 400) if kind != "company" else rng.randint(20, 9000)
        oid = f"org_{i:02d}"
        nodes[oid] = ("Organisation", {"name": name, "kind": kind, "founded": founded, "employees": employees})
        org_ids.append(oid)

    # Maintainers (unique full names), sorted by join date so mentors joined earlier
    full = set()
    people = []
    while len(people) < N_MAINTAINERS:
        fn, ln = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        if (fn, ln) in full:
            continue
        full.add((fn, ln))
        people.append((fn, ln, _day(rng, date(2006, 1, 1), date(2023, 12, 31))))
    people.sort(key=lambda p: (p[2], p[0], p[1]))
    mnt_ids = []
    for i, (fn, ln, joined) in enumerate(people, 1):
        mid = f"mnt_{i:03d}"
        nodes[mid] = ("Maintainer", {
            "first_name": fn, "last_name": ln,
            "country": rng.choices(COUNTRIES, weights=COUNTRY_WEIGHTS)[0],
            "joined": joined.isoformat(), "verified": rng.random() < 0.6,
        })
        mnt_ids.append(mid)
    for i, mid in enumerate(mnt_ids):
        if i >= 10 and rng.random() < 0.45:
            mentor = mnt_ids[rng.randrange(0, i)]
            if nodes[mentor][1]["joined"] < nodes[mid][1]["joined"]:
                edges.append((mid, mentor, "MENTORED_BY", {}))
        if rng.random() < 0.7:
            edges.append((mid, rng.choice(org_ids), "EMPLOYED_BY", {}))

    # Packages: unique prefix-suffix names, sorted by creation date; dependencies point to older packages
    combos = [(p, s) for p in PREFIXES for s in SUFFIXES]
    rng.shuffle(combos)
    pk = []
    for p, s in combos[:N_PACKAGES]:
        pk.append((f"{p}-{s}", s, _day(rng, date(2009, 1, 1), date(2023, 6, 30))))
    pk.sort(key=lambda x: (x[2], x[0]))
    pkg_ids = []
    n_rel = 0
    pkg_reg = {}
    popularity = {}
    for i, (name, suffix, created) in enumerate(pk, 1):
        pid = f"pkg_{i:03d}"
        category = CATEGORY_BY_SUFFIX[suffix] if rng.random() < 0.85 else rng.choice(CATEGORIES)
        age = (date(2024, 1, 1) - created).days
        downloads = int(rng.lognormvariate(8.5, 1.6)) + age // 3
        stars = int(downloads ** 0.55 * rng.uniform(0.4, 2.5))
        nodes[pid] = ("Package", {
            "name": name, "category": category, "monthly_downloads": downloads, "stars": stars,
            "created": created.isoformat(), "archived": rng.random() < 0.14,
        })
        reg = rng.choices(reg_ids, weights=REGISTRY_WEIGHTS)[0]
        pkg_reg[pid] = reg
        edges.append((pid, reg, "PUBLISHED_ON", {}))
        edges.append((pid, rng.choices(lic_ids, weights=LICENSE_WEIGHTS)[0], "LICENSED_UNDER", {}))
        popularity[pid] = 1.0
        pkg_ids.append(pid)
        # dependencies on older packages of the same registry, preferring popular ones
        older = [q for q in pkg_ids[:-1] if pkg_reg[q] == reg]
        if older:
            k = min(len(older), rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5, 6)))
            chosen: set[str] = set()
            while len(chosen) < k:
                chosen.add(rng.choices(older, weights=[popularity[q] for q in older])[0])
            for q in sorted(chosen):
                scope = rng.choices(("runtime", "dev", "optional"), weights=(70, 20, 10))[0]
                edges.append((pid, q, "DEPENDS_ON", {"scope": scope, "pinned": rng.random() < 0.3}))
                popularity[q] += 1.5
        # maintainers
        n_m = rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        ms = rng.sample(mnt_ids, n_m)
        for j, m in enumerate(ms):
            role = "lead" if j == 0 else rng.choice(("core", "core", "contributor"))
            start = max(created, date.fromisoformat(nodes[m][1]["joined"]))
            since = _day(rng, start, max(start, date(2023, 12, 31)))
            edges.append((pid, m, "MAINTAINED_BY", {"role": role, "since": since.isoformat(),
                                                    "commits": rng.randint(3, 2400) // (1 if j == 0 else 3)}))
        # releases
        n_r = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5, 6))
        major, minor, patch = rng.choice((0, 0, 1, 1, 2)), rng.randint(0, 4), 0
        day = created
        for r in range(n_r):
            if r:
                step = rng.random()
                if step < 0.15:
                    major, minor, patch = major + 1, 0, 0
                elif step < 0.6:
                    minor, patch = minor + 1, 0
                else:
                    patch += 1
                day = day + timedelta(days=rng.randint(20, 500))
            if day > date(2024, 6, 30):
                break
            version = f"{major}.{minor}.{patch}"
            n_rel += 1
            rid = f"rel_{n_rel:04d}"
            nodes[rid] = ("Release", {"name": f"{name} {version}", "version": version, "released": day.isoformat(),
                                      "yanked": rng.random() < 0.06, "size_kb": rng.randint(12, 9000)})
            edges.append((rid, pid, "RELEASE_OF", {}))

    # Sponsorships
    for oid in org_ids:
        for pid in sorted(rng.sample(pkg_ids, rng.choice((0, 1, 2, 3, 4, 5, 7)))):
            edges.append((oid, pid, "SPONSORS", {"amount_usd": rng.randint(1, 60) * 500,
                                                 "since_year": rng.randint(2015, 2024)}))

    # Vulnerabilities: each affects 1-4 consecutive releases of one package; reported by one maintainer
    releases_of: dict[str, list[str]] = {}
    for s, t, typ, _ in edges:
        if typ == "RELEASE_OF":
            releases_of.setdefault(t, []).append(s)
    vulnerable = [p for p in pkg_ids if releases_of.get(p)]
    used_cves = set()
    for i in range(1, N_VULNS + 1):
        pid = rng.choice(vulnerable)
        rels = releases_of[pid]
        a = rng.randrange(len(rels))
        b = min(len(rels), a + rng.randint(1, 4))
        first = date.fromisoformat(nodes[rels[a]][1]["released"])
        published = _day(rng, first, max(first, date(2024, 9, 30)))
        while True:
            cve = f"CVE-{published.year}-{rng.randint(1000, 49999)}"
            if cve not in used_cves:
                used_cves.add(cve)
                break
        cvss = round(rng.triangular(1.5, 10.0, 7.0), 1)
        severity = "low" if cvss < 4 else "medium" if cvss < 7 else "high" if cvss < 9 else "critical"
        vid = f"vul_{i:03d}"
        nodes[vid] = ("Vulnerability", {"name": cve, "severity": severity, "cvss": cvss,
                                        "published": published.isoformat(), "patched": rng.random() < 0.65})
        for r in rels[a:b]:
            edges.append((vid, r, "AFFECTS", {}))
        edges.append((vid, rng.choice(mnt_ids), "REPORTED_BY", {}))
    return nodes, edges


# ---- writers ------------------------------------------------------------------------------------------------------

_GRAPHML_TYPE = {bool: "boolean", int: "long", float: "double", str: "string"}
_CSV_TYPE = {bool: "boolean", int: "long", float: "double", str: "string"}


def _kind(v: object) -> type:
    return bool if isinstance(v, bool) else type(v)


def _text(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write_graphml(nodes, edges, path: Path) -> None:
    node_keys: dict[str, type] = {"labels": str}
    edge_keys: dict[str, type] = {"label": str}
    for _, props in nodes.values():
        for k, v in props.items():
            t = node_keys.setdefault(k, _kind(v))
            assert t is _kind(v), (k, t, v)
    for *_, props in edges:
        for k, v in props.items():
            t = edge_keys.setdefault(k, _kind(v))
            assert t is _kind(v), (k, t, v)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">']
    for k, t in node_keys.items():
        out.append(f'<key id="n_{k}" for="node" attr.name="{k}" attr.type="{_GRAPHML_TYPE[t]}"/>')
    for k, t in edge_keys.items():
        out.append(f'<key id="e_{k}" for="edge" attr.name="{k}" attr.type="{_GRAPHML_TYPE[t]}"/>')
    out.append('<graph id="G" edgedefault="directed">')
    for nid, (label, props) in nodes.items():
        data = [f'<data key="n_labels">:{label}</data>']
        data += [f'<data key="n_{k}">{escape(_text(v))}</data>' for k, v in props.items()]
        out.append(f'<node id={quoteattr(nid)} labels=":{label}">' + "".join(data) + "</node>")
    for i, (s, t, typ, props) in enumerate(edges):
        data = [f'<data key="e_label">{typ}</data>']
        data += [f'<data key="e_{k}">{escape(_text(v))}</data>' for k, v in props.items()]
        out.append(f'<edge id="e{i}" source={quoteattr(s)} target={quoteattr(t)} label="{typ}">'
                   + "".join(data) + "</edge>")
    out.append("</graph>")
    out.append("</graphml>")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _csv_type(name: str, v: object) -> str:
    if isinstance(v, str) and len(v) == 10 and v[4] == "-" and v[7] == "-" and name in (
            "created", "released", "published", "joined", "since"):
        return "date"
    return _CSV_TYPE[_kind(v)]


def write_csv(nodes, edges, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    by_label: dict[str, list[tuple[str, dict]]] = {}
    for nid, (label, props) in nodes.items():
        by_label.setdefault(label, []).append((nid, props))
    for label, rows in by_label.items():
        cols = list(rows[0][1])
        with (folder / f"nodes_{label}.csv").open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow(["id:ID"] + [f"{c}:{_csv_type(c, rows[0][1][c])}" for c in cols] + [":LABEL"])
            for nid, props in rows:
                w.writerow([nid] + [_text(props[c]) for c in cols] + [label])
    by_type: dict[str, list] = {}
    for e in edges:
        by_type.setdefault(e[2], []).append(e)
    for typ, rows in by_type.items():
        cols = list(rows[0][3])
        with (folder / f"rels_{typ}.csv").open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{c}:{_csv_type(c, rows[0][3][c])}" for c in cols])
            for s, t, _, props in rows:
                w.writerow([s, t, typ] + [_text(props[c]) for c in cols])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--csv", action="store_true", help="also write Neo4j admin-import CSV under OUTDIR/csv/")
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    nodes, edges = build(args.seed)
    write_graphml(nodes, edges, args.outdir / "oss.graphml")
    if args.csv:
        write_csv(nodes, edges, args.outdir / "csv")
    print(f"{len(nodes)} nodes, {len(edges)} edges -> {args.outdir / 'oss.graphml'}")


if __name__ == "__main__":
    main()
