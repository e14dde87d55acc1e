"""Deterministic generator for the byog46 construction-contractor graph (Neo4j admin-import CSV).

    python tests/byog46/graph.py OUT_DIR [--seed N]

writes OUT_DIR/construction_csv/: one node file per label, one relationship file per type.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import random

import networkx as nx

FOLDER = "construction_csv"

FIRST = [
    "Aaron", "Beatriz", "Callum", "Dalia", "Emeka", "Fiona", "Gustavo", "Hana", "Idris", "Jolene", "Kwame", "Leona",
    "Marek", "Nadia", "Oskar", "Priya", "Quentin", "Rosalind", "Soren", "Tamsin", "Ulrich", "Valeria", "Wendell",
    "Ximena", "Yusuf", "Zora", "Bartholomew", "Cecily", "Desmond", "Esperanza", "Fergus", "Gwendolyn", "Horace",
    "Ingrid", "Jasper", "Kiri", "Lorcan", "Mireille", "Niamh", "Obadiah", "Petra", "Rufus", "Saoirse", "Thaddeus",
    "Una", "Vikram", "Winifred", "Xavier", "Yolanda", "Zeke", "Anouk", "Brennan", "Consuelo", "Dmitri", "Elspeth",
    "Florian", "Greta", "Hamish", "Isolde", "Joaquin",
]
LAST = [
    "Abernathy", "Baptiste", "Castellanos", "Drummond", "Eriksen", "Fairweather", "Gallagher", "Holloway", "Iwasaki",
    "Jankowski", "Kettering", "Lindqvist", "Mbeki", "Nakamura", "Okonkwo", "Pemberton", "Quinlan", "Rasmussen",
    "Szabo", "Thackeray", "Underhill", "Vasquez", "Whitlock", "Yardley", "Zielinski", "Ashcombe", "Brightman",
    "Carrow", "Delacroix", "Esposito", "Fenwick", "Grimsby", "Haverford", "Ibarra", "Juarez", "Kowalczyk",
    "Lachance", "Montague", "Novak", "Ortega", "Pryce", "Radcliffe", "Sandoval", "Tremblay", "Vukovic", "Wakefield",
    "Ostrowski", "Halvorsen", "Achebe", "Brannigan", "Cavendish", "Dunmore", "Ellsworth", "Farquhar", "Gutierrez",
    "Hollingsworth", "Ingleby", "Jarvis", "Kincaid", "Llewellyn", "Macintyre", "Nightingale", "Oyelaran", "Penhaligon",
    "Ravensworth", "Strickland", "Tolliver", "Umbridge", "Villanueva", "Winterbourne",
]
CLIENT_A = [
    "Northgate", "Bellmont", "Copperfield", "Kestrel", "Meridian", "Oakhurst", "Pinecrest", "Thornbury", "Wexford",
    "Marlowe", "Sable", "Halcyon", "Brightwater", "Evergreen", "Larchmont", "Crescent", "Ironbridge", "Redcliffe",
    "Ashdown", "Fairhaven", "Glenmore", "Harrowgate", "Lakeshore", "Westbury", "Stonehaven", "Millbrook",
]
CLIENT_B = [
    "Holdings", "Developments", "Estates", "Properties", "Borough Council", "Health Trust", "University",
    "Retail Group", "Housing Association", "Logistics", "Capital Partners",
]
SECTORS = ["residential", "commercial", "public", "healthcare", "education", "industrial"]
ARCH_A = [
    "Studio", "Atelier", "Office", "Workshop", "Practice", "Collective",
]
ARCH_B = [
    "Vantongeren", "Okafor", "Lindgren", "Moreau", "Castell", "Hauser", "Petrakis", "Brandt", "Sato", "Delgado",
    "Kaplinsky", "Ferreira", "Nyberg", "Albescu", "Quarrie", "Rousseau", "Tanaka", "Weissmann",
]
PROJ_A = [
    "Anchor", "Beacon", "Willow", "Summit", "Harbour", "Orchard", "Granite", "Maple", "Cedar", "Lantern", "Compass",
    "Juniper", "Meadow", "Birch", "Canal", "Foundry", "Bridge", "Kingfisher", "Riverside", "Hawthorn", "Lighthouse",
    "Chapel", "Victoria", "Sterling", "Aurora", "Horizon", "Gateway", "Quayside", "Heron", "Elmwood",
]
PROJ_B = [
    "Tower", "Residences", "Plaza", "Hospital Wing", "Library", "Depot", "Court", "Academy", "Exchange", "Lofts",
    "Medical Centre", "Car Park", "Warehouse", "Arcade",
]
STATUS = ["planning", "active", "completed", "on hold"]
SITE_A = [
    "Kingsway", "Dock Road", "Elm Street", "Tannery Lane", "Ropewalk", "Gasworks", "Brewery Row", "Cattle Market",
    "Old Station", "Mill Lane", "Canal Basin", "Foundry Street", "Priory Road", "Wharf Street", "Chandlers Way",
    "Coal Exchange", "Signal Hill", "Saltmarsh", "Ferry Point", "Glassworks", "Tollgate", "Barrack Square",
    "Orchard Street", "Timber Yard Road",
]
SITE_B = ["Yard", "Lot", "Parcel", "Plot", "Grounds"]
CITIES = ["Leeds", "Bristol", "Manchester", "Glasgow", "Cardiff", "Birmingham"]
SOILS = ["clay", "sand", "gravel", "rock", "made ground"]
TRADES = {
    "electrical": "Electrical", "plumbing": "Plumbing", "steelwork": "Steel Erectors", "concrete": "Concrete",
    "HVAC": "Climate Systems", "roofing": "Roofing", "scaffolding": "Scaffolding", "glazing": "Glazing",
}
SUB_A = [
    "Hartley", "Blackstone", "Pennine", "Severn", "Trident", "Keystone", "Bolt", "Apex", "Cornerstone", "Ridgeway",
    "Tamar", "Vector", "Ember", "Cobalt", "Thistle", "Pioneer", "Sentinel", "Caledonian", "Wessex", "Mercia",
    "Ironside", "Fulcrum", "Lodestar", "Pylon", "Atlas", "Bramble", "Falcon", "Otter",
]
ROLES = ["site manager", "foreman", "carpenter", "electrician", "welder", "plant operator", "labourer"]
EQUIP = [
    ("tower crane", "Liebherr", ["280 EC-H", "172 EC-B", "550 EC-H"]),
    ("mobile crane", "Grove", ["GMK5250L", "RT890E"]),
    ("excavator", "Caterpillar", ["320 GC", "336 Next Gen", "308 CR"]),
    ("bulldozer", "Komatsu", ["D61PXi", "D51EX"]),
    ("concrete pump", "Putzmeister", ["M42-5", "M38-5"]),
    ("telehandler", "JCB", ["540-180", "535-125"]),
]
MATERIALS = ["ready-mix concrete", "rebar", "timber", "glass panels", "brick", "structural steel", "plasterboard"]
MAT_TITLE = {
    "ready-mix concrete": "Ready-mix", "rebar": "Rebar", "timber": "Timber", "glass panels": "Glazing panel",
    "brick": "Brick", "structural steel": "Steel beam", "plasterboard": "Plasterboard",
}
CAUSES = ["Fall from height", "Struck by object", "Electrical shock", "Trench collapse", "Crane near miss",
          "Slip and trip", "Hot works burn", "Manual handling injury"]
SEVERITY = ["minor", "moderate", "serious", "critical"]
INSP_KIND = ["Fire safety", "Structural", "Electrical", "Drainage", "Scaffold", "Occupancy"]
OUTCOMES = ["pass", "fail", "conditional"]
SCOPES = ["full", "partial", "remedial"]
SHIFTS = ["day", "night", "weekend"]

NODE_FILES = {
    # label: (file, id column prefix, typed attribute columns)
    "Client": ("clients.csv", "clientId", [
        ("name", "string"), ("sector", "string"), ("founded", "date"), ("credit_score", "float"),
        ("public_body", "boolean"), ("vat_code", "string")]),
    "Architect": ("architects.csv", "architectId", [
        ("name", "string"), ("city", "string"), ("staff", "int"), ("riba_chartered", "boolean"),
        ("established", "date"), ("registration_code", "string")]),
    "Project": ("projects.csv", "projectId", [
        ("name", "string"), ("status", "string"), ("budget_musd", "float"), ("floors", "int"), ("started", "date"),
        ("certified", "boolean"), ("project_code", "string")]),
    "Site": ("sites.csv", "siteId", [
        ("name", "string"), ("city", "string"), ("area_sqm", "int"), ("soil", "string"), ("acquired", "date"),
        ("flood_zone", "boolean"), ("parcel_ref", "string")]),
    "Subcontractor": ("subcontractors.csv", "subcontractorId", [
        ("name", "string"), ("trade", "string"), ("employees", "int"), ("rating", "float"), ("insured", "boolean"),
        ("registered", "date"), ("licence_no", "string")]),
    "Person": ("people.csv", "personId", [
        ("first_name", "string"), ("last_name", "string"), ("role", "string"), ("hired", "date"),
        ("hourly_rate", "float"), ("first_aid", "boolean"), ("badge_no", "string")]),
    "Equipment": ("equipment.csv", "equipmentId", [
        ("name", "string"), ("kind", "string"), ("capacity_t", "float"), ("year_built", "int"),
        ("last_serviced", "date"), ("leased", "boolean"), ("serial_no", "string")]),
    "Delivery": ("deliveries.csv", "deliveryId", [
        ("title", "string"), ("material", "string"), ("quantity_t", "float"), ("delivered", "date"),
        ("rejected", "boolean"), ("cost_kusd", "float"), ("waybill", "string")]),
    "Incident": ("incidents.csv", "incidentId", [
        ("title", "string"), ("severity", "string"), ("occurred", "date"), ("lost_days", "int"),
        ("reported_to_hse", "boolean"), ("case_ref", "string")]),
    "Inspection": ("inspections.csv", "inspectionId", [
        ("title", "string"), ("outcome", "string"), ("inspected", "date"), ("score", "int"),
        ("reinspection_required", "boolean"), ("certificate_no", "string")]),
}
EDGE_FILES = {
    # type: (from label, to label, typed property columns)
    "COMMISSIONED": ("Client", "Project", [("contract_value_musd", "float"), ("signed", "date")]),
    "DESIGNED": ("Architect", "Project", [("lead_designer", "boolean")]),
    "LOCATED_AT": ("Project", "Site", []),
    "SUBCONTRACTED_ON": ("Subcontractor", "Project", [
        ("contract_kusd", "float"), ("awarded", "date"), ("scope", "string"), ("fixed_price", "boolean")]),
    "EMPLOYED_BY": ("Person", "Subcontractor", [("since", "date")]),
    "ASSIGNED_TO": ("Person", "Project", [("hours", "int"), ("shift", "string")]),
    "SUPERVISES": ("Person", "Person", [("since", "date")]),
    "OPERATES": ("Person", "Equipment", [("ticket_valid", "boolean"), ("hours", "int")]),
    "DEPLOYED_ON": ("Equipment", "Site", [("arrived", "date"), ("days", "int")]),
    "DELIVERED_TO": ("Delivery", "Site", []),
    "OCCURRED_AT": ("Incident", "Site", []),
    "INVOLVED": ("Incident", "Person", [("injured", "boolean")]),
    "INSPECTED": ("Inspection", "Project", []),
}
LOWER = {"Client": "client", "Architect": "architect", "Project": "project", "Site": "site",
         "Subcontractor": "subcontractor", "Person": "person", "Equipment": "equipment", "Delivery": "delivery",
         "Incident": "incident", "Inspection": "inspection"}


class Names:
    """Display names unique across the graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.joined = "\x00"

    def take(self, name: str) -> bool:
        low = name.lower()
        if low in self.joined:
            return False
        n = len(low)
        for i in range(n):
            for j in range(i + 1, n + 1):
                if low[i:j] in self.seen:
                    return False
        self.seen.add(low)
        self.joined += low + "\x00"
        return True


def _date(rng: random.Random, y0: int, y1: int) -> str:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def _code(rng: random.Random, prefix: str) -> str:
    return f"{prefix}{rng.randint(10000, 99999)}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}"


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    names = Names()
    g = nx.MultiDiGraph()
    counters: dict[str, int] = {}

    def add(label: str, **attrs) -> str:
        counters[label] = counters.get(label, 0) + 1
        nid = f"{LOWER[label]}-{counters[label]}"
        g.add_node(nid, label=label, **attrs)
        return nid

    def unique(make, tries: int = 200) -> str | None:
        for _ in range(tries):
            cand = make()
            if names.take(cand):
                return cand
        return None

    # a few entities named with bare common words (taken first so nothing later contains them)
    common_words = ["Lantern", "Paragon", "Keel", "Pelican", "Osprey", "Marigold"]
    for w in common_words:
        names.take(w)

    clients = []
    for _ in range(60):
        nm = unique(lambda: f"{rng.choice(CLIENT_A)} {rng.choice(CLIENT_B)}")
        if nm is None:
            continue
        clients.append(add("Client", name=nm, sector=rng.choice(SECTORS), founded=_date(rng, 1950, 2015),
                           credit_score=round(rng.uniform(40, 99), 1), public_body=rng.random() < 0.3,
                           vat_code=_code(rng, "VAT")))
    archs = []
    for _ in range(40):
        nm = unique(lambda: f"{rng.choice(ARCH_A)} {rng.choice(ARCH_B)} {rng.choice(['Architects', 'Design'])}")
        if nm is None:
            continue
        archs.append(add("Architect", name=nm, city=rng.choice(CITIES), staff=rng.randint(4, 220),
                         riba_chartered=rng.random() < 0.7, established=_date(rng, 1965, 2018),
                         registration_code=_code(rng, "ARB")))
    sites = []
    for i in range(130):
        nm = (common_words[2] if i == 0 else common_words[3] if i == 1 else
              unique(lambda: f"{rng.choice(SITE_A)} {rng.choice(SITE_B)} {rng.choice('ABCDEFGH')}"))
        if nm is None:
            continue
        sites.append(add("Site", name=nm, city=rng.choice(CITIES), area_sqm=rng.randint(800, 60000),
                         soil=rng.choice(SOILS), acquired=_date(rng, 2000, 2022), flood_zone=rng.random() < 0.25,
                         parcel_ref=_code(rng, "PCL")))
    projects = []
    for i in range(220):
        nm = (common_words[0] if i == 0 else common_words[1] if i == 1 else
              unique(lambda: f"{rng.choice(PROJ_A)} {rng.choice(PROJ_B)}"))
        if nm is None:
            continue
        projects.append(add("Project", name=nm, status=rng.choice(STATUS), budget_musd=round(rng.uniform(1.5, 240), 2),
                            floors=rng.randint(1, 48), started=_date(rng, 2012, 2025), certified=rng.random() < 0.4,
                            project_code=_code(rng, "PRJ")))
    subs = []
    for _ in range(150):
        trade = rng.choice(sorted(TRADES))
        nm = unique(lambda t=trade: f"{rng.choice(SUB_A)} {TRADES[t]} {rng.choice(['Ltd', 'Group', 'Services', 'Co'])}")
        if nm is None:
            continue
        subs.append(add("Subcontractor", name=nm, trade=trade, employees=rng.randint(5, 400),
                        rating=round(rng.uniform(1.0, 5.0), 2), insured=rng.random() < 0.85,
                        registered=_date(rng, 1985, 2022), licence_no=_code(rng, "LIC")))
    people = []
    while len(people) < 900:
        fn, ln = rng.choice(FIRST), rng.choice(LAST)
        if not names.take(f"{fn} {ln}"):
            continue
        role = rng.choices(ROLES, weights=[1, 2, 3, 3, 2, 2, 4])[0]
        people.append(add("Person", first_name=fn, last_name=ln, role=role, hired=_date(rng, 1995, 2024),
                          hourly_rate=round(rng.uniform(14, 68), 2), first_aid=rng.random() < 0.35,
                          badge_no=_code(rng, "BDG")))
    equipment = []
    for i in range(250):
        kind, maker, models = EQUIP[rng.randrange(len(EQUIP))]
        nm = (common_words[4] if i == 0 else common_words[5] if i == 1 else
              unique(lambda m=maker, ms=models: f"{m} {rng.choice(ms)} unit {rng.randint(100, 999)}"))
        if nm is None:
            continue
        cap = {"tower crane": (8, 25), "mobile crane": (40, 250), "excavator": (8, 40), "bulldozer": (15, 30),
               "concrete pump": (2, 6), "telehandler": (3, 6)}[kind]
        equipment.append(add("Equipment", name=nm, kind=kind, capacity_t=round(rng.uniform(*cap), 1),
                             year_built=rng.randint(1998, 2024), last_serviced=_date(rng, 2022, 2025),
                             leased=rng.random() < 0.4, serial_no=_code(rng, "SN")))
    deliveries = []
    for i in range(600):
        mat = rng.choice(MATERIALS)
        nm = f"{MAT_TITLE[mat]} delivery {i + 1:04d}"
        names.take(nm)
        deliveries.append(add("Delivery", title=nm, material=mat, quantity_t=round(rng.uniform(0.5, 60), 1),
                              delivered=_date(rng, 2018, 2025), rejected=rng.random() < 0.08,
                              cost_kusd=round(rng.uniform(1, 180), 2), waybill=_code(rng, "WB")))
    incidents = []
    for i in range(160):
        nm = f"{rng.choice(CAUSES)} report {i + 1:04d}"
        names.take(nm)
        incidents.append(add("Incident", title=nm, severity=rng.choices(SEVERITY, weights=[6, 4, 2, 1])[0],
                             occurred=_date(rng, 2016, 2025), lost_days=rng.randint(1, 90),
                             reported_to_hse=rng.random() < 0.5, case_ref=_code(rng, "HSE")))
    inspections = []
    for i in range(300):
        nm = f"{rng.choice(INSP_KIND)} inspection {i + 1:04d}"
        names.take(nm)
        inspections.append(add("Inspection", title=nm, outcome=rng.choices(OUTCOMES, weights=[6, 2, 2])[0],
                               inspected=_date(rng, 2015, 2025), score=rng.randint(20, 100),
                               reinspection_required=rng.random() < 0.3, certificate_no=_code(rng, "CRT")))

    def link(a: str, etype: str, b: str, **props) -> bool:
        if a == b or g.has_edge(a, b, key=etype):
            return False
        g.add_edge(a, b, key=etype, type=etype, **props)
        return True

    for p in projects:
        link(rng.choice(clients), "COMMISSIONED", p, contract_value_musd=round(g.nodes[p]["budget_musd"]
             * rng.uniform(0.85, 1.1), 2), signed=_date(rng, 2011, 2025))
        for a in rng.sample(archs, rng.choice([1, 1, 1, 2, 2, 3])):
            link(a, "DESIGNED", p, lead_designer=rng.random() < 0.5)
        link(p, "LOCATED_AT", rng.choice(sites))
        for s in rng.sample(subs, rng.randint(2, 6)):
            link(s, "SUBCONTRACTED_ON", p, contract_kusd=round(rng.uniform(20, 4000), 2),
                 awarded=_date(rng, 2012, 2025), scope=rng.choice(SCOPES), fixed_price=rng.random() < 0.55)
    for per in people:
        link(per, "EMPLOYED_BY", rng.choice(subs), since=_date(rng, 2000, 2024))
        for p in rng.sample(projects, rng.choice([1, 1, 2, 2, 3])):
            link(per, "ASSIGNED_TO", p, hours=rng.randint(8, 2400), shift=rng.choice(SHIFTS))
    managers = [p for p in people if g.nodes[p]["role"] in ("site manager", "foreman")]
    others = [p for p in people if p not in set(managers)]
    seniors = [p for p in managers if g.nodes[p]["role"] == "site manager"]
    foremen = [p for p in managers if g.nodes[p]["role"] == "foreman"]
    for f in foremen:  # site managers supervise foremen, foremen supervise crews (a strict hierarchy)
        link(rng.choice(seniors), "SUPERVISES", f, since=_date(rng, 2005, 2024))
    for o in others:
        if rng.random() < 0.85:
            link(rng.choice(foremen), "SUPERVISES", o, since=_date(rng, 2005, 2024))
    operators = [p for p in people if g.nodes[p]["role"] == "plant operator"]
    for e in equipment:
        for o in rng.sample(operators, rng.randint(1, 2)):
            link(o, "OPERATES", e, ticket_valid=rng.random() < 0.8, hours=rng.randint(20, 3000))
        for s in rng.sample(sites, rng.randint(1, 2)):
            link(e, "DEPLOYED_ON", s, arrived=_date(rng, 2018, 2025), days=rng.randint(5, 400))
    for d in deliveries:
        link(d, "DELIVERED_TO", rng.choice(sites))
    for inc in incidents:
        link(inc, "OCCURRED_AT", rng.choice(sites))
        for per in rng.sample(people, rng.randint(1, 3)):
            link(inc, "INVOLVED", per, injured=rng.random() < 0.6)
    for ins in inspections:
        link(ins, "INSPECTED", rng.choice(projects))
    return g


def _fmt(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def write(g: nx.MultiDiGraph, out_dir: str) -> str:
    folder = os.path.join(out_dir, FOLDER)
    os.makedirs(folder, exist_ok=True)
    for label, (fname, idcol, cols) in NODE_FILES.items():
        with open(os.path.join(folder, fname), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f"{idcol}:ID", ":LABEL"] + [f"{c}:{t}" for c, t in cols])
            ids = [n for n, d in g.nodes(data=True) if d["label"] == label]
            ids.sort(key=lambda n: int(n.rsplit("-", 1)[1]))
            for n in ids:
                d = g.nodes[n]
                w.writerow([n, label] + [_fmt(d[c]) for c, _ in cols])
    for etype, (_, _, cols) in EDGE_FILES.items():
        with open(os.path.join(folder, f"rel_{etype.lower()}.csv"), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for a, b, k, d in g.edges(keys=True, data=True):
                if k == etype:
                    w.writerow([a, b, etype] + [_fmt(d[c]) for c, _ in cols])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=46)
    args = ap.parse_args()
    folder = write(build(args.seed), args.out_dir)
    print(folder)


if __name__ == "__main__":
    main()
