"""Deterministic generator of a mobile-telecom property graph as Neo4j admin-import CSV with ID spaces.

    python tests/byog42/graph.py OUT_DIR [--seed N]

writes OUT_DIR/telecom_csv/*.csv. Stdlib random.Random(seed) plus networkx only.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import random

import networkx as nx

FIRST = [
    "Amara", "Bruno", "Celia", "Dmitri", "Elin", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Keiko", "Lars", "Mina",
    "Nikolai", "Odette", "Pavel", "Quentin", "Rosa", "Soren", "Tamsin", "Umar", "Vera", "Wendell", "Ximena", "Yusuf",
    "Zora", "Anouk", "Bastian", "Chiara", "Desmond", "Esther", "Florin", "Gideon", "Hana", "Ivo", "Jolene", "Kasper",
    "Leona", "Matteo", "Noor", "Oskar", "Priya", "Rafael", "Selma", "Tobias", "Ulla", "Viktor", "Wilma", "Yara",
    "Zeno", "Agnes", "Bjorn", "Cosmo", "Delia", "Emil", "Freya", "Gustav", "Helga", "Idris", "Juno",
]
LAST = [
    "Abernathy", "Brandt", "Castellano", "Dubois", "Eriksen", "Fontaine", "Gallagher", "Haddad", "Iversen",
    "Jablonski", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okonkwo", "Petrov", "Quaresma", "Rasmussen",
    "Szabo", "Thorsen", "Ueda", "Valdivia", "Wojcik", "Xiong", "Yilmaz", "Zimmermann", "Albescu", "Bergstrom",
    "Cardoso", "Delacroix", "Esposito", "Falkenberg", "Grimaldi", "Holloway", "Ibarra", "Jorgensen", "Kaminski",
    "Lundgren", "Mbeki", "Nordahl", "Ostrowski", "Pellegrini", "Quinlan", "Rourke", "Sandoval", "Takahashi",
    "Underhill", "Vasquez", "Whitlock", "Yamamoto", "Zielinski", "Achterberg", "Bianchi", "Costa", "Draper",
    "Engstrom", "Ferreira", "Gundersen", "Hartmann", "Ishikawa",
]
REGIONS = ["Northmarch", "Saltcombe", "Eastvale", "Westerly", "Highmoor", "Lowfield", "Midhurst", "Coastline"]
SITE_WORDS = [
    "Orchard", "Lantern", "Granary", "Beacon", "Willow", "Quarry", "Chapel", "Meadow", "Harbour", "Foundry",
    "Pinewood", "Millstone", "Redbrick", "Thistle", "Copper", "Anchor", "Heather", "Kingsgate", "Oakridge",
    "Juniper", "Saltmarsh", "Hawthorn", "Ironbridge", "Fernhill", "Bluestone", "Clover", "Driftwood", "Ember",
    "Gable", "Sparrowfield",
]
SITE_SUFFIX = ["Mast", "Tower", "Rooftop", "Pylon", "Hilltop"]
BIRDS = [
    "Kestrel", "Osprey", "Heron", "Plover", "Curlew", "Merlin", "Lapwing", "Bittern", "Avocet", "Dunlin", "Egret",
    "Fulmar", "Gannet", "Harrier", "Ibis", "Jackdaw", "Kittiwake", "Linnet", "Magpie", "Nightjar", "Oriole",
    "Puffin", "Redstart", "Siskin", "Tern", "Wagtail", "Wren", "Shrike", "Stonechat", "Rook",
]
GREEK = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Kappa", "Lambda", "Sigma", "Omega"]
PLANS = [
    ("Freedom", "premium"), ("Everyday", "standard"), ("Family Share", "standard"), ("Student Saver", "budget"),
    ("Business Elite", "premium"), ("Traveller", "premium"), ("Pocket", "budget"), ("Horizon Unlimited", "premium"),
    ("Weekend Talker", "budget"), ("Social Lite", "budget"), ("Gigabyte Max", "premium"), ("Silver Years", "standard"),
    ("Flexi Month", "standard"), ("Data Sprinter", "standard"),
]
HANDSET_LINES = ["Nimbus", "Zephyr", "Pebble", "Quasar", "Marlin", "Tundra", "Velvet", "Cobalt", "Aurora", "Lynx"]
MAKERS = ["Novatek", "Orin Mobile", "Kaiyo", "Brightline"]
OUT_ADJ = ["Silent", "Crimson", "Hollow", "Frozen", "Amber", "Broken", "Restless", "Scarlet", "Dim", "Pale",
           "Sudden", "Long", "Grey", "Bitter", "Quiet", "Wild", "Lost", "Heavy", "Cold", "Dusky"]
OUT_NOUN = ["Dawn", "Monday", "Signal", "Storm", "Lighthouse", "Harvest", "Tide", "Ember Night", "Rain", "Echo",
            "Current", "Valley", "Winter", "Static", "Compass", "Thunder", "Fog", "Lantern Eve", "Frost", "Gale"]
STARS = ["Vega", "Rigel", "Altair", "Deneb", "Sirius", "Castor", "Pollux", "Antares", "Capella", "Mira", "Spica",
         "Polaris", "Arcturus", "Bellatrix", "Procyon", "Regulus"]
BANDS = [700, 800, 900, 1800, 2100, 2600, 3500]
TICKET_ISSUES = [("No signal", "coverage"), ("Slow data", "data"), ("Billing dispute", "billing"),
                 ("Dropped calls", "voice"), ("SIM activation", "provisioning"), ("Roaming failure", "roaming")]


def _date(rng: random.Random, start: dt.date, end: dt.date) -> str:
    return (start + dt.timedelta(days=rng.randrange((end - start).days))).isoformat()


def _write(path: str, header: list[str], rows: list[list]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        for r in rows:
            w.writerow(["true" if v is True else "false" if v is False else v for v in r])


def _people(rng: random.Random, n: int, used: set[tuple[str, str]]) -> list[tuple[str, str]]:
    out = []
    while len(out) < n:
        p = (rng.choice(FIRST), rng.choice(LAST))
        if p not in used:
            used.add(p)
            out.append(p)
    return out


def build(seed: int) -> tuple[dict, dict]:
    rng = random.Random(seed)
    d = dt.date
    nodes: dict[str, list[dict]] = {}
    edges: dict[str, list[dict]] = {}

    nodes["Region"] = [{"id": i + 1, "name": n, "region_code": f"RG{rng.randint(10, 99)}{n[:2].upper()}",
                        "population": rng.randint(80_000, 2_400_000), "area_km2": round(rng.uniform(300, 9000), 1),
                        "urban": rng.random() < 0.5, "climate": rng.choice(["temperate", "coastal", "alpine"])}
                       for i, n in enumerate(REGIONS)]

    site_names = [f"{w} {s}" for w in SITE_WORDS for s in SITE_SUFFIX]
    rng.shuffle(site_names)
    nodes["Site"] = [{"id": i + 1, "name": site_names[i], "site_code": f"ST{rng.randint(1000, 9999)}x{i + 1}",
                      "height_m": round(rng.uniform(12, 75), 1), "installed": _date(rng, d(2004, 1, 1), d(2023, 6, 1)),
                      "has_5g": rng.random() < 0.45, "structure": rng.choice(["lattice", "monopole", "rooftop", "guyed"]),
                      "sectors": rng.randint(1, 6)} for i in range(150)]

    bs_names = [f"{b} {g}" for b in BIRDS for g in GREEK]
    rng.shuffle(bs_names)
    nodes["BaseStation"] = [{"id": i + 1, "name": bs_names[i], "cell_ref": f"cell{rng.randint(10000, 99999)}",
                             "technology": rng.choice(["4G", "5G", "3G"]), "vendor": rng.choice(["Ericsson", "Nokia", "Huawei", "Samsung"]),
                             "max_power_w": round(rng.uniform(20, 160), 1), "commissioned": _date(rng, d(2008, 1, 1), d(2024, 1, 1)),
                             "active": rng.random() < 0.9, "carriers": rng.randint(1, 8)} for i in range(300)]

    nodes["TariffPlan"] = [{"id": i + 1, "name": n, "plan_code": f"TP{rng.randint(100, 999)}",
                            "monthly_fee": round({"budget": 9, "standard": 22, "premium": 45}[t] + rng.uniform(0, 15), 2),
                            "data_gb": rng.choice([5, 10, 20, 50, 100, 250]), "launched": _date(rng, d(2015, 1, 1), d(2024, 1, 1)),
                            "contract": rng.random() < 0.6, "tier": t} for i, (n, t) in enumerate(PLANS)]

    nodes["Handset"] = []
    for i in range(40):
        line = HANDSET_LINES[i % 10]
        nodes["Handset"].append({"id": i + 1, "name": f"{line} {'XSAE'[i // 10]}{rng.randint(1, 9)}{i // 10}",
                                 "maker": MAKERS[i % 10 % 4], "released": _date(rng, d(2017, 1, 1), d(2024, 6, 1)),
                                 "supports_5g": rng.random() < 0.5, "price": round(rng.uniform(99, 1399), 2),
                                 "storage_gb": rng.choice([64, 128, 256, 512])})

    used: set[tuple[str, str]] = set()
    techs = _people(rng, 60, used)
    subs = _people(rng, 1200, used)
    nodes["Subscriber"] = [{"id": i + 1, "first_name": f, "last_name": last, "msisdn": f"+44 7{rng.randint(100000000, 999999999)}",
                            "age": rng.randint(18, 88), "joined": _date(rng, d(2010, 1, 1), d(2024, 6, 1)),
                            "prepaid": rng.random() < 0.35, "segment": rng.choice(["consumer", "business", "student", "senior"]),
                            "monthly_spend": round(rng.uniform(5, 140), 2)} for i, (f, last) in enumerate(subs)]
    nodes["Technician"] = [{"id": i + 1, "first_name": f, "last_name": last, "employee_code": f"emp{rng.randint(1000, 9999)}t",
                            "hired": _date(rng, d(2005, 1, 1), d(2024, 1, 1)), "certified": rng.random() < 0.6,
                            "grade": rng.randint(1, 5), "hourly_rate": round(rng.uniform(18, 65), 2),
                            "specialty": rng.choice(["radio", "fibre", "power", "core network"])} for i, (f, last) in enumerate(techs)]

    out_names = [f"{a} {n} Outage" for a in OUT_ADJ for n in OUT_NOUN]
    rng.shuffle(out_names)
    nodes["Outage"] = [{"id": i + 1, "title": out_names[i], "incident_ref": f"inc{rng.randint(100000, 999999)}",
                        "severity": rng.choice(["critical", "major", "minor"]), "started": _date(rng, d(2021, 1, 1), d(2024, 9, 1)),
                        "duration_min": rng.randint(5, 2880), "customers_affected": rng.randint(40, 60000),
                        "root_cause": rng.choice(["fibre cut", "power failure", "software fault", "weather", "hardware fault"]),
                        "planned": rng.random() < 0.15} for i in range(120)]

    nodes["Ticket"] = []
    for i in range(400):
        issue, cat = rng.choice(TICKET_ISSUES)
        nodes["Ticket"].append({"id": i + 1, "title": f"{issue} ticket {1000 + i}", "category": cat,
                                "opened": _date(rng, d(2022, 1, 1), d(2024, 10, 1)), "resolved": rng.random() < 0.7,
                                "reopen_count": rng.randint(0, 3), "csat": round(rng.uniform(1, 5), 1)})

    lic = []
    for i, star in enumerate(STARS):
        band = BANDS[i % len(BANDS)]
        lic.append({"id": i + 1, "name": f"{band} MHz {star} Licence", "licence_ref": f"ofl{rng.randint(10000, 99999)}",
                    "band_mhz": band, "bandwidth_mhz": round(rng.choice([5, 10, 15, 20, 40, 60]) + rng.random(), 1),
                    "expires": _date(rng, d(2026, 1, 1), d(2040, 1, 1)), "exclusive": rng.random() < 0.5,
                    "auction_price_m": round(rng.uniform(12, 900), 2)})
    nodes["SpectrumLicence"] = lic

    # ---- edges
    edges["LOCATED_IN"] = [{"s": s["id"], "e": rng.randint(1, 8)} for s in nodes["Site"]]
    edges["MOUNTED_ON"] = []
    for b in nodes["BaseStation"]:
        site = b["id"] if b["id"] <= 150 else rng.randint(1, 150)
        edges["MOUNTED_ON"].append({"s": b["id"], "e": site, "mounted": _date(rng, d(2008, 1, 1), d(2024, 1, 1))})
    edges["OPERATES_UNDER"] = []
    for b in nodes["BaseStation"]:
        for lid in sorted(rng.sample(range(1, 17), rng.choice([1, 1, 2]))):
            edges["OPERATES_UNDER"].append({"s": b["id"], "e": lid})
    edges["SUBSCRIBES_TO"], edges["USES_DEVICE"], edges["SERVED_BY"] = [], [], []
    for s in nodes["Subscriber"]:
        edges["SUBSCRIBES_TO"].append({"s": s["id"], "e": rng.randint(1, 14), "since": _date(rng, d(2016, 1, 1), d(2024, 9, 1)),
                                       "autopay": rng.random() < 0.55, "discount_pct": round(rng.choice([0, 0, 5, 10, 12.5, 15, 20]) + 0.0, 1)})
        for h in sorted(rng.sample(range(1, 41), 2 if rng.random() < 0.15 else 1)):
            edges["USES_DEVICE"].append({"s": s["id"], "e": h, "purchased": _date(rng, d(2018, 1, 1), d(2024, 9, 1)),
                                         "financed": rng.random() < 0.4})
        edges["SERVED_BY"].append({"s": s["id"], "e": rng.randint(1, 300), "signal_dbm": rng.randint(-115, -60)})
    edges["AFFECTED"] = []
    for o in nodes["Outage"]:
        for b in sorted(rng.sample(range(1, 301), rng.randint(1, 4))):
            edges["AFFECTED"].append({"s": o["id"], "e": b, "impact": rng.choice(["down", "degraded"])})
    edges["RESOLVED"] = []
    for o in nodes["Outage"]:
        for t in sorted(rng.sample(range(1, 61), rng.choice([1, 1, 2]))):
            edges["RESOLVED"].append({"s": t, "e": o["id"], "hours": round(rng.uniform(0.5, 30), 1), "on_site": rng.random() < 0.6})
    # supervision tree: 1 head, 5 leads, 15 seniors, 39 field technicians
    tree = nx.DiGraph()
    tiers = [[1], list(range(2, 7)), list(range(7, 22)), list(range(22, 61))]
    for upper, lower in zip(tiers, tiers[1:], strict=False):
        for i, t in enumerate(lower):
            tree.add_edge(upper[i % len(upper)] if len(upper) < len(lower) else rng.choice(upper), t)
    assert nx.is_arborescence(tree)
    edges["SUPERVISES"] = [{"s": a, "e": b, "since": _date(rng, d(2012, 1, 1), d(2024, 1, 1))} for a, b in sorted(tree.edges)]
    edges["BASED_IN"] = [{"s": t["id"], "e": rng.randint(1, 8)} for t in nodes["Technician"]]
    edges["RAISED"], edges["ASSIGNED_TO"] = [], []
    for t in nodes["Ticket"]:
        edges["RAISED"].append({"s": rng.randint(1, 1200), "e": t["id"], "channel": rng.choice(["app", "phone", "store", "web"])})
        edges["ASSIGNED_TO"].append({"s": t["id"], "e": rng.randint(22, 60), "priority": rng.randint(1, 4)})
    return nodes, edges


NODE_SPEC = {  # group -> (file, id column, [(attr, csv type)])
    "Region": ("regions.csv", "regionId", [("name", "string"), ("region_code", "string"), ("population", "int"),
                                          ("area_km2", "float"), ("urban", "boolean"), ("climate", "string")]),
    "Site": ("sites.csv", "siteId", [("name", "string"), ("site_code", "string"), ("height_m", "float"),
                                    ("installed", "date"), ("has_5g", "boolean"), ("structure", "string"), ("sectors", "int")]),
    "BaseStation": ("base_stations.csv", "bsId", [("name", "string"), ("cell_ref", "string"), ("technology", "string"),
                                                  ("vendor", "string"), ("max_power_w", "float"), ("commissioned", "date"),
                                                  ("active", "boolean"), ("carriers", "int")]),
    "TariffPlan": ("tariff_plans.csv", "planId", [("name", "string"), ("plan_code", "string"), ("monthly_fee", "float"),
                                                  ("data_gb", "int"), ("launched", "date"), ("contract", "boolean"), ("tier", "string")]),
    "Handset": ("handsets.csv", "handsetId", [("name", "string"), ("maker", "string"), ("released", "date"),
                                              ("supports_5g", "boolean"), ("price", "float"), ("storage_gb", "int")]),
    "Subscriber": ("subscribers.csv", "subscriberId", [("first_name", "string"), ("last_name", "string"), ("msisdn", "string"),
                                                       ("age", "int"), ("joined", "date"), ("prepaid", "boolean"),
                                                       ("segment", "string"), ("monthly_spend", "float")]),
    "Technician": ("technicians.csv", "techId", [("first_name", "string"), ("last_name", "string"), ("employee_code", "string"),
                                                 ("hired", "date"), ("certified", "boolean"), ("grade", "int"),
                                                 ("hourly_rate", "float"), ("specialty", "string")]),
    "Outage": ("outages.csv", "outageId", [("title", "string"), ("incident_ref", "string"), ("severity", "string"),
                                           ("started", "date"), ("duration_min", "int"), ("customers_affected", "int"),
                                           ("root_cause", "string"), ("planned", "boolean")]),
    "Ticket": ("tickets.csv", "ticketId", [("title", "string"), ("category", "string"), ("opened", "date"),
                                           ("resolved", "boolean"), ("reopen_count", "int"), ("csat", "float")]),
    "SpectrumLicence": ("spectrum_licences.csv", "licenceId", [("name", "string"), ("licence_ref", "string"), ("band_mhz", "int"),
                                                               ("bandwidth_mhz", "float"), ("expires", "date"), ("exclusive", "boolean"),
                                                               ("auction_price_m", "float")]),
}
EDGE_SPEC = {  # type -> (file, start group, end group, [(attr, csv type)])
    "LOCATED_IN": ("site_located_in.csv", "Site", "Region", []),
    "MOUNTED_ON": ("bs_mounted_on.csv", "BaseStation", "Site", [("mounted", "date")]),
    "OPERATES_UNDER": ("bs_operates_under.csv", "BaseStation", "SpectrumLicence", []),
    "SUBSCRIBES_TO": ("subscribes_to.csv", "Subscriber", "TariffPlan", [("since", "date"), ("autopay", "boolean"), ("discount_pct", "float")]),
    "USES_DEVICE": ("uses_device.csv", "Subscriber", "Handset", [("purchased", "date"), ("financed", "boolean")]),
    "SERVED_BY": ("served_by.csv", "Subscriber", "BaseStation", [("signal_dbm", "int")]),
    "AFFECTED": ("outage_affected.csv", "Outage", "BaseStation", [("impact", "string")]),
    "RESOLVED": ("tech_resolved.csv", "Technician", "Outage", [("hours", "float"), ("on_site", "boolean")]),
    "SUPERVISES": ("tech_supervises.csv", "Technician", "Technician", [("since", "date")]),
    "BASED_IN": ("tech_based_in.csv", "Technician", "Region", []),
    "RAISED": ("ticket_raised.csv", "Subscriber", "Ticket", [("channel", "string")]),
    "ASSIGNED_TO": ("ticket_assigned_to.csv", "Ticket", "Technician", [("priority", "int")]),
}


def display_name(n: dict) -> str:
    if "first_name" in n:
        return f"{n['first_name']} {n['last_name']}"
    return n.get("name") or n["title"]


def check_names(nodes: dict) -> None:
    names = [display_name(n).lower() for rows in nodes.values() for n in rows]
    assert len(set(names)) == len(names), "display names must be unique"
    known = set(names)
    for nm in names:
        toks = nm.split()
        for i in range(len(toks)):
            for j in range(i + 1, len(toks) + 1):
                sub = " ".join(toks[i:j])
                if sub != nm and sub in known:
                    raise AssertionError(f"name {sub!r} is inside {nm!r}")


def write(out_dir: str, seed: int) -> str:
    nodes, edges = build(seed)
    check_names(nodes)
    folder = os.path.join(out_dir, "telecom_csv")
    os.makedirs(folder, exist_ok=True)
    for group, (fname, idcol, attrs) in NODE_SPEC.items():
        header = [f"{idcol}:ID({group})"] + [f"{a}:{t}" for a, t in attrs] + [":LABEL"]
        _write(os.path.join(folder, fname), header, [[n["id"]] + [n[a] for a, _ in attrs] + [group] for n in nodes[group]])
    for etype, (fname, sg, eg, attrs) in EDGE_SPEC.items():
        header = [f":START_ID({sg})", f":END_ID({eg})", ":TYPE"] + [f"{a}:{t}" for a, t in attrs]
        _write(os.path.join(folder, fname), header, [[e["s"], e["e"], etype] + [e[a] for a, _ in attrs] for e in edges[etype]])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    print(write(args.out_dir, args.seed))


if __name__ == "__main__":
    main()
