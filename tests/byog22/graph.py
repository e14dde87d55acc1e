"""Deterministic charity / non-profit property graph written as Neo4j admin-import CSV.

    python tests/byog22/graph.py OUT_DIR [--seed N]

writes OUT_DIR/charity_csv/: one node file per label (``<label>.csv``, id column ``<x>Id:ID``, ``:LABEL``) and one
relationship file per type (``rel_<TYPE>.csv``: ``:START_ID``, ``:END_ID``, ``:TYPE`` and typed properties).
Only ``random.Random(seed)`` and networkx are used, so a seed always gives the same bytes.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 22
FOLDER = "charity_csv"

FIRST = (
    "Amara Ben Chloe Dev Elena Farid Grace Hugo Isla Jonah Kiran Leah Mateo Nadia Oscar Priya Quinn Rosa Samir "
    "Tessa Umar Vera Wes Xenia Yusuf Zara Alice Bruno Cara Dmitri Esme Felix Gita Harvey Ines Jasper Keira Luca "
    "Maya Niall Olga Pablo Rhea Silas Tara Ulla Victor Wren Yara Zoltan Agnes Boris Celia Dario Edith Flora "
    "Gideon Hana Ivo Juno Kofi Lena Marek Nora Otto Petra Ravi Sofia Theo Una Vikram Willa Arjun Beatrix Conor "
    "Daphne Emil Freya Gus Hazel Idris Jade Kai Lotte Milo Noemi Orla Pierce Rufus Saoirse Tobias Ursula Winona "
    "Anika Callum Delphine Ezra Fatima Greta Hamish Imogen Joaquin Lorcan Mirela Nikolai Odette Pilar Rohan"
).split()
LAST = (
    "Abbott Barros Castillo Dunmore Eriksen Fairbanks Galloway Hargreaves Iqbal Jarvis Kowalski Lindqvist Mbeki "
    "Nakamura Okafor Pemberton Quiroga Rasmussen Sandoval Thorne Underwood Valdez Whitlock Yilmaz Zielinski "
    "Ashdown Blackwood Carver Delacroix Ellison Fenwick Granger Holloway Ibarra Jennings Kaur Lockhart Moreau "
    "Nolan Oduya Prescott Quinlan Redmond Shah Tran Ulrich Vasquez Winslow Yoon Achebe Bergstrom Calloway Dixon "
    "Egan Ferreira Gupta Huxley Ivanova Jovanovic Kinsella Lamarr Mistry Novak Osei Petrov Rahman Salazar Tanaka "
    "Upton Varga Wainwright Xu Zamora Ahmed Brennan Cho Doyle Estrada Foley Gallagher Haddad Ishikawa Kimura "
    "Larsen Maddox Nieves Pacheco Reyes Sorensen Takahashi Whitaker Adeyemi Bianchi Costa Dimitriou Fitzgerald "
    "Grimaldi Hoffman Jensen Kovac Lindgren Marchetti Nowak Oyelaran Papadakis Rossi Schulz Teixeira Vogel"
).split()
CAMPAIGN_A = (
    "Silver Crimson Quiet Steady Brave Gentle Bold Open Kind Warm Bright Humble Swift Tender Hardy Noble"
).split()
CAMPAIGN_B = (
    "Lantern Meadow Compass Harbour Kettle Ember Willow Sparrow Beacon Anvil Thistle Orchard Ribbon Tide"
).split()
CAMPAIGN_C = ("Appeal", "Drive", "Challenge", "Fund", "Campaign")
PROGRAMMES = (
    "Open Door", "Lifeline", "Fresh Start", "Second Chance", "Stepping Stones", "Safe Haven", "Warm Welcome",
    "Homework Club", "Meals on Wheels", "Befriending Circle", "Deep Roots", "True North", "Kindling", "Good Harvest",
    "Springboard", "Footprints", "Tapestry", "Common Ground", "Open Minds", "Good Neighbours", "Clear Skies",
    "Helping Hands", "New Leaf", "Steady Steps", "Pathways", "Seedlings", "Horizons", "Silver Threads",
    "Rainbow Kitchen", "Safe Passage",
)
EVENT_A = (
    "Midsummer Moonlight Starlight Autumn Frosty Sunrise Twilight Spring Winter Harvest Riverside Coastal "
    "Highland Village Family Lakeside Festive Evergreen Marigold Velvet"
).split()
EVENT_B = (
    "Fun Run", "Quiz Night", "Charity Ball", "Bake Sale", "Sponsored Swim", "Gala Dinner", "Auction",
    "Concert", "Cycle Ride", "Dog Show", "Book Fair", "Comedy Night", "Walkathon", "Tea Party", "Raffle",
)
TOWNS = (
    "Ashbourne", "Bramley", "Castleford", "Dunholme", "Elmstead", "Fernhill", "Glenrock", "Hollowmere",
    "Ivybridge", "Juniper Vale", "Kestrel Bay", "Longmead", "Marshfield", "Northgate", "Oakhurst", "Pennine Ridge",
    "Queensway", "Redcliffe", "Saltmarsh", "Thornbury", "Upperwood", "Westbrook", "Yarrowford", "Zennor",
)
REGIONS = ("North", "South", "East", "West", "Midlands")
VENUE_A = (
    "Carlton Victoria Albion Mercer Granary Foundry Quayside Meadowbank Corn Exchange Priory Guildhall Mill "
    "Chapel Abbey Crown Ferry Market Tannery Signal Rope"
).split()
VENUE_B = (
    "Hall", "Pavilion", "Community Centre", "Theatre", "Park", "Library", "Leisure Centre", "Hotel", "Barn",
)
CITIES = ("Leeds", "Bristol", "Glasgow", "Cardiff", "Norwich", "York")
PARTNER_A = (
    "Bluebell Cobalt Drummond Fairweather Gorse Heron Ironbridge Juniper Kittiwake Larkspur Mariner Nettle "
    "Osprey Pebble Quarry Rowan Saffron Teasel Umber Vireo Wagtail Yew Amberley Bracken Clover Dovecote Elder "
    "Foxglove Greystone Hawthorn"
).split()
PARTNER_B = {
    "Foods": "corporate", "Logistics": "corporate", "Bank": "corporate", "Builders": "corporate",
    "Energy": "corporate", "Brewing": "corporate", "Trust": "foundation", "Foundation": "foundation",
    "Council": "government", "Academy": "school", "Rotary Club": "community", "Pharmacy": "corporate",
}
TIERS = (("bronze", 50), ("silver", 28), ("gold", 15), ("patron", 7))
SKILLS = ("driving", "catering", "admin", "counselling", "fundraising", "first aid", "translation")
STAFF_ROLES = ("fundraiser", "coordinator", "manager", "finance officer", "communications")
CHANNELS = ("online", "street", "mail", "gala", "radio", "phone")
FORMATS = (("in person", 60), ("virtual", 20), ("hybrid", 20))
CAUSES = ("food", "housing", "education", "health", "environment", "elderly care")
METHODS = (("card", 35), ("direct debit", 30), ("cheque", 12), ("cash", 8), ("bank transfer", 15))
VOL_ROLES = ("steward", "first aider", "registration", "setup crew", "collector")
LEVELS = ("headline", "gold", "silver", "community")

NODE_COUNTS = {
    "Donor": 950, "Volunteer": 500, "Staff": 120, "Campaign": 60, "Event": 200, "Branch": 24, "Programme": 30,
    "Partner": 80, "Venue": 90,
}
PREFIX = {
    "Donor": "donor", "Volunteer": "volunteer", "Staff": "staff", "Campaign": "campaign", "Event": "event",
    "Branch": "branch", "Programme": "programme", "Partner": "partner", "Venue": "venue",
}
# attribute name -> neo4j type, per label (display name columns first)
NODE_ATTRS = {
    "Donor": [("first_name", "string"), ("last_name", "string"), ("age", "int"), ("first_gift", "date"),
              ("gift_aid", "boolean"), ("tier", "string"), ("retention_score", "double"), ("donor_ref", "string")],
    "Volunteer": [("first_name", "string"), ("last_name", "string"), ("age", "int"), ("hours_logged", "int"),
                  ("reliability", "double"), ("joined", "date"), ("dbs_checked", "boolean"), ("skill", "string"),
                  ("badge_no", "string")],
    "Staff": [("first_name", "string"), ("last_name", "string"), ("role", "string"), ("salary", "int"),
              ("hired", "date"), ("remote", "boolean"), ("staff_code", "string")],
    "Campaign": [("title", "string"), ("goal", "double"), ("launched", "date"), ("channel", "string"),
                 ("matched", "boolean"), ("campaign_code", "string")],
    "Event": [("name", "string"), ("held_on", "date"), ("attendance", "int"), ("ticket_price", "double"),
              ("format", "string"), ("outdoor", "boolean"), ("event_code", "string")],
    "Branch": [("name", "string"), ("region", "string"), ("opened", "date"), ("has_shop", "boolean"),
               ("catchment", "int"), ("branch_code", "string")],
    "Programme": [("title", "string"), ("budget", "double"), ("cause", "string"), ("started", "date"),
                  ("beneficiaries", "int"), ("ongoing", "boolean"), ("grant_ref", "string")],
    "Partner": [("name", "string"), ("sector", "string"), ("partner_since", "date"), ("tax_exempt", "boolean"),
                ("employees", "int"), ("partner_ref", "string")],
    "Venue": [("name", "string"), ("capacity", "int"), ("city", "string"), ("accessible", "boolean"),
              ("hire_rate", "double"), ("venue_code", "string")],
}
EDGE_ATTRS = {
    "PLEDGED_TO": [("amount", "double"), ("pledged_on", "date"), ("method", "string"), ("recurring", "boolean"),
                   ("instalments", "int")],
    "ATTENDED": [("tickets", "int"), ("vip", "boolean")],
    "VOLUNTEERS_AT": [("role", "string"), ("hours", "int")],
    "MENTORS": [("since", "date")],
    "BASED_AT": [],
    "WORKS_AT": [],
    "MANAGES": [],
    "SUPPORTS": [("allocation_pct", "int")],
    "PART_OF": [],
    "HOSTED_AT": [],
    "SPONSORS": [("contribution", "double"), ("in_kind", "boolean"), ("level", "string")],
    "DELIVERS": [],
}


class Names:
    """Display names unique across the graph, none inside another (whole words, case-insensitive)."""

    def __init__(self) -> None:
        self.full: set[str] = set()
        self.parts: set[str] = set()

    @staticmethod
    def _grams(name: str) -> set[str]:
        toks = name.lower().split()
        return {" ".join(toks[i:j]) for i in range(len(toks)) for j in range(i + 1, len(toks) + 1)} - {name.lower()}

    def take(self, name: str) -> bool:
        low = name.lower()
        grams = self._grams(name)
        if low in self.full or low in self.parts or grams & self.full:
            return False
        self.full.add(low)
        self.parts |= grams
        return True


def _date(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def _weighted(rng: random.Random, pairs) -> str:
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


def build(seed: int = DEFAULT_SEED) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = Names()
    ids: dict[str, list[str]] = {label: [] for label in NODE_COUNTS}

    def add(label: str, **attrs) -> str:
        nid = f"{PREFIX[label]}-{len(ids[label]) + 1}"
        ids[label].append(nid)
        g.add_node(nid, label=label, **attrs)
        return nid

    def person(label: str) -> tuple[str, str]:
        while True:
            f, la = rng.choice(FIRST), rng.choice(LAST)
            if names.take(f"{f} {la}"):
                return f, la

    def unique(make) -> str:
        while True:
            n = make()
            if names.take(n):
                return n

    codes: set[str] = set()

    def code(prefix: str, digits: int) -> str:
        while True:
            c = prefix + "".join(str(rng.randrange(10)) for _ in range(digits))
            if c not in codes:
                codes.add(c)
                return c

    # programmes and branches first: their short common-word names claim their words before anything else
    for title in PROGRAMMES:
        assert names.take(title), title
        add("Programme", title=title, budget=round(rng.uniform(15000, 480000), 2), cause=rng.choice(CAUSES),
            started=_date(rng, date(2012, 1, 1), date(2024, 6, 30)), beneficiaries=rng.randrange(40, 5200),
            ongoing=rng.random() < 0.75, grant_ref=code("GR", 5))
    for town in TOWNS:
        nm = f"{town} Branch"
        assert names.take(nm), nm
        add("Branch", name=nm, region=rng.choice(REGIONS), opened=_date(rng, date(1995, 1, 1), date(2021, 12, 31)),
            has_shop=rng.random() < 0.5, catchment=rng.randrange(8000, 250000), branch_code=code("BR", 3))
    for _ in range(NODE_COUNTS["Campaign"]):
        t = unique(lambda: f"{rng.choice(CAMPAIGN_A)} {rng.choice(CAMPAIGN_B)} {rng.choice(CAMPAIGN_C)}")
        add("Campaign", title=t, goal=float(rng.randrange(20, 600) * 500), launched=_date(rng, date(2019, 1, 1),
            date(2024, 12, 31)), channel=rng.choice(CHANNELS), matched=rng.random() < 0.3, campaign_code=code("CMP", 4))
    for _ in range(NODE_COUNTS["Event"]):
        n = unique(lambda: f"{rng.choice(EVENT_A)} {rng.choice(EVENT_B)}")
        fmt = _weighted(rng, FORMATS)
        add("Event", name=n, held_on=_date(rng, date(2019, 3, 1), date(2025, 6, 30)),
            attendance=rng.randrange(15, 900), ticket_price=round(rng.uniform(0, 85), 2) if rng.random() < 0.85
            else 0.0, format=fmt, outdoor=fmt != "virtual" and rng.random() < 0.4, event_code=code("EV", 5))
    for _ in range(NODE_COUNTS["Venue"]):
        n = unique(lambda: f"{rng.choice(VENUE_A)} {rng.choice(VENUE_B)}")
        add("Venue", name=n, capacity=rng.randrange(40, 2500), city=rng.choice(CITIES),
            accessible=rng.random() < 0.7, hire_rate=round(rng.uniform(80, 2400), 2), venue_code=code("VN", 4))
    for _ in range(NODE_COUNTS["Partner"]):
        suffix = rng.choice(sorted(PARTNER_B))
        n = unique(lambda s=suffix: f"{rng.choice(PARTNER_A)} {s}")
        add("Partner", name=n, sector=PARTNER_B[suffix], partner_since=_date(rng, date(2005, 1, 1), date(2024, 9, 30)),
            tax_exempt=PARTNER_B[suffix] != "corporate" or rng.random() < 0.1, employees=rng.randrange(3, 12000),
            partner_ref=code("PT", 4))
    for _ in range(NODE_COUNTS["Staff"]):
        f, la = person("Staff")
        add("Staff", first_name=f, last_name=la, role=rng.choice(STAFF_ROLES), salary=rng.randrange(48, 137) * 500,
            hired=_date(rng, date(2008, 1, 1), date(2024, 10, 31)), remote=rng.random() < 0.25,
            staff_code=code("ST", 4))
    for _ in range(NODE_COUNTS["Volunteer"]):
        f, la = person("Volunteer")
        add("Volunteer", first_name=f, last_name=la, age=rng.randrange(16, 84), hours_logged=rng.randrange(4, 1800),
            reliability=round(rng.uniform(0.35, 1.0), 3), joined=_date(rng, date(2010, 1, 1), date(2025, 3, 31)),
            dbs_checked=rng.random() < 0.7, skill=rng.choice(SKILLS), badge_no=code("VB", 5))
    for _ in range(NODE_COUNTS["Donor"]):
        f, la = person("Donor")
        add("Donor", first_name=f, last_name=la, age=rng.randrange(19, 96),
            first_gift=_date(rng, date(2000, 1, 1), date(2025, 5, 31)), gift_aid=rng.random() < 0.55,
            tier=_weighted(rng, TIERS), retention_score=round(rng.uniform(0.05, 0.99), 3), donor_ref=code("DR", 6))

    # relationships
    def rel(src: str, typ: str, dst: str, **attrs) -> None:
        g.add_edge(src, dst, key=typ, type=typ, **attrs)

    camps, events, progs, branches = ids["Campaign"], ids["Event"], ids["Programme"], ids["Branch"]
    for d in ids["Donor"]:
        for c in rng.sample(camps, rng.choice((1, 1, 2, 2, 3, 3, 3, 4, 5))):
            rec = rng.random() < 0.3
            rel(d, "PLEDGED_TO", c, amount=round(rng.choice((10, 25, 50, 100, 250)) * rng.uniform(0.6, 8), 2),
                pledged_on=_date(rng, date(2019, 1, 1), date(2025, 6, 30)), method=_weighted(rng, METHODS),
                recurring=rec, instalments=rng.choice((3, 6, 12, 24)) if rec else 1)
        for e in rng.sample(events, rng.choice((0, 0, 1, 1, 2, 3))):
            rel(d, "ATTENDED", e, tickets=rng.randrange(1, 7), vip=rng.random() < 0.12)
    vols = ids["Volunteer"]
    for i, v in enumerate(vols):
        rel(v, "BASED_AT", rng.choice(branches))
        for e in rng.sample(events, rng.choice((1, 2, 2, 3, 4, 5))):
            rel(v, "VOLUNTEERS_AT", e, role=rng.choice(VOL_ROLES), hours=rng.randrange(2, 13))
        if i >= 40 and rng.random() < 0.72:  # a mentor who joined the roster earlier: a forest, no cycles
            rel(rng.choice(vols[: max(40, i // 2)] if rng.random() < 0.6 else vols[:i]), "MENTORS", v,
                since=_date(rng, date(2015, 1, 1), date(2025, 3, 31)))
    staff = ids["Staff"]
    for s in staff:
        rel(s, "WORKS_AT", rng.choice(branches))
    leads = [s for s in staff if g.nodes[s]["role"] in ("fundraiser", "manager", "coordinator")]
    for c in camps:
        rel(rng.choice(leads), "MANAGES", c)
        k = rng.choice((1, 1, 2, 2, 3))
        chosen = rng.sample(progs, k)
        cuts = sorted(rng.sample(range(5, 100, 5), k - 1))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
        for p, share in zip(chosen, shares, strict=True):
            rel(c, "SUPPORTS", p, allocation_pct=share)
    venues = ids["Venue"]
    for e in events:
        rel(e, "PART_OF", rng.choice(camps))
        if g.nodes[e]["format"] != "virtual":
            rel(e, "HOSTED_AT", rng.choice(venues))
    for p in ids["Partner"]:
        for e in rng.sample(events, rng.choice((0, 1, 1, 2, 2, 3, 4))):
            rel(p, "SPONSORS", e, contribution=round(rng.uniform(100, 25000), 2), in_kind=rng.random() < 0.25,
                level=rng.choice(LEVELS))
    for p in progs:
        for b in rng.sample(branches, rng.choice((1, 2, 2, 3, 4))):
            rel(b, "DELIVERS", p)
    return g


def _cell(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.2f}" if abs(value) >= 1 or value == 0 else f"{value:.3f}"
    return str(value)


def write(g: nx.MultiDiGraph, out_dir: Path) -> Path:
    folder = Path(out_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for label, attrs in NODE_ATTRS.items():
        with open(folder / f"{label.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
            w.writerow([f"{PREFIX[label]}Id:ID"] + [f"{a}:{t}" for a, t in attrs] + [":LABEL"])
            for nid, data in g.nodes(data=True):
                if data["label"] == label:
                    w.writerow([nid] + [_cell(data[a]) for a, _ in attrs] + [label])
    for typ, attrs in EDGE_ATTRS.items():
        with open(folder / f"rel_{typ.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{a}:{t}" for a, t in attrs])
            for s, d, data in g.edges(data=True):
                if data["type"] == typ:
                    w.writerow([s, d, typ] + [_cell(data[a]) for a, _ in attrs])
    return folder


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    folder = write(build(args.seed), Path(args.out_dir))
    print(folder)


if __name__ == "__main__":
    main()
