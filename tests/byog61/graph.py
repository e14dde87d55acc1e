"""Deterministic generator of a daily newspaper's newsroom graph (GraphML, node/edge type in attribute `label`).

Usage: python tests/byog61/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/newsroom.graphml
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

import networkx as nx

FIRST = (
    "Ana Marcus Priya Tomasz Leila Owen Beatriz Kwame Hannah Diego Mei Rafael Ingrid Samuel Yara Felix Nadia Jonah "
    "Chloe Arjun Greta Malik Sofia Declan Amara Henrik Lucia Theo Zainab Callum Rosa Idris Freya Mateo Aisha Bruno "
    "Esther Kenji Maeve Omar Paloma Rhys Selin Tobias Uma Viktor Wren Xavier Yusuf Zoe Nikolai Imani Lorenzo "
    "Saoirse Dev Astrid Emeka Clara Hugo Ines"
).split()
LAST = (
    "Lima Okafor Brennan Castillo Novak Haddad Lindqvist Moreau Adeyemi Kowalski Tanaka Fitzgerald Sandoval Petrov "
    "Achebe Gallagher Nakamura Rossi Whitfield Mbeki Delgado Sorensen Harrington Qureshi Vasquez Obi Larsen Kaplan "
    "Ferreira Dubois Mahmoud Oyelaran Schultz Brandt Caruso Ellison Fontaine Gupta Holloway Ibarra Jansen Keane "
    "Lombardi Mercer Nilsson Ortega Pereira Quinlan Rahman Salazar Thornton Ueda Valdez Wexler Yilmaz Zamora "
    "Abernathy Bishop Cordova Dalton Everett Falk Garrido Hale Iqbal Jovanovic Kimura Laurent Moss Nunez Osei Pryce "
    "Ramirez Stone Takahashi Underwood Voss Walsh Young Zeller"
).split()
DESKS = ("City Desk", "Sports Desk", "Business Desk", "Features Desk", "Opinion Desk", "Arts Desk", "National Desk",
         "World Desk", "Photo Desk", "Copy Desk", "Digital Desk", "Investigations Desk")
BEATS = ("Courts", "Transit", "Housing", "Weather", "Schools", "Policing", "Elections", "Public Health", "Energy",
         "Farming", "Real Estate", "Labor", "Immigration", "Tourism", "Faith", "Wildlife", "Fashion", "Dining",
         "Technology", "Baseball", "Soccer", "Hockey", "Theater", "Music", "Film", "Books", "Taxes", "Waterfront",
         "Aviation", "Crime")
SUBJ = ("Council", "Mayor", "Governor", "Union", "Regulators", "Residents", "Landlords", "Students", "Doctors",
        "Farmers", "Lawmakers", "Prosecutors", "Developers", "Nurses", "Teachers", "Fans", "Commuters", "Officials",
        "Investors", "Volunteers", "Firefighters", "Judges", "Voters", "Retailers", "Drivers")
VERB = ("Approve", "Reject", "Delay", "Debate", "Question", "Back", "Fight", "Celebrate", "Protest", "Weigh",
        "Unveil", "Quietly Drop", "Push For", "Scramble Over", "Sue Over")
OBJ = ("Bridge Repairs", "Budget Cuts", "Rent Caps", "Stadium Plan", "Bus Fares", "Park Closures", "Sewer Upgrade",
       "Library Hours", "Curfew Rules", "Zoning Map", "Toll Hike", "Ferry Contract", "Recycling Fees",
       "Hospital Merger", "Pension Deal", "Flood Walls", "Bike Lanes", "Parking Meters", "Night Markets",
       "Charter Vote", "Port Expansion", "Mining Permit", "Wage Floor", "Land Swap", "Power Plant",
       "Crosswalk Redesign", "Ambulance Delays", "Lottery Payout", "Tree Ordinance", "Snow Budget")
PADJ = ("Misty", "Crowded", "Empty", "Golden", "Rainy", "Silent", "Frozen", "Sunlit", "Late", "Busy", "Smoky",
        "Windy")
PNOUN = ("Pier", "Rally", "Market", "Courthouse Steps", "Dugout", "Rooftop", "Classroom", "Ferry Deck",
         "Picket Line", "Ballroom", "Train Platform", "Orchard", "Stage Door", "Voting Booth", "Kitchen")
PWHEN = ("Dawn", "Dusk", "Midnight", "Noon", "the Finish", "Closing Time", "First Light", "Last Call")
ADV_PRE = ("Bluewater", "Redwood", "Northgate", "Silverline", "Oakridge", "Brightside", "Kingsley", "Maple",
           "Summit", "Ironbridge", "Lakeshore", "Granite", "Cedar", "Pioneer", "Corner", "Lucky", "Evergreen",
           "Foxglove")
ADV_SUF = {"automotive": ("Motors", "Auto Mall"), "retail": ("Outfitters", "Furniture", "Hardware"),
           "real_estate": ("Realty", "Homes"), "finance": ("Credit Union", "Savings Bank"),
           "food": ("Bakery", "Grocers"), "health": ("Dental", "Pharmacy"), "telecom": ("Wireless",)}
AWARDS = ("Golden Quill", "Silver Lens", "Press Club Medal", "Inkwell Prize", "Beacon Award", "Lantern Prize",
          "Keystone Citation", "Meridian Honor")


class Names:
    """Display names unique across the graph, none inside another (case-insensitive substring)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.joined = "\x00"

    def take(self, name: str) -> bool:
        low = name.lower()
        if low in self.joined:  # inside (or equal to) a name already taken
            return False
        if any(low[i:j] in self.names for i in range(len(low)) for j in range(i + 1, len(low) + 1)):
            return False  # a name already taken lies inside this one
        self.names.add(low)
        self.joined += low + "\x00"
        return True


def day(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = 61) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, label=label, **attrs)

    def edge(a: str, b: str, label: str, **attrs) -> None:
        assert not g.has_edge(a, b)
        g.add_edge(a, b, label=label, **attrs)

    # desks and beats
    desks = []
    for i, d in enumerate(DESKS, 1):
        names.take(d)
        nid = f"desk-{i}"
        node(nid, "Desk", name=d, floor=rng.randint(2, 9), annual_budget=round(rng.uniform(0.4, 4.5) * 1e6, 2),
             established=day(rng, dt.date(1950, 1, 1), dt.date(2015, 12, 31)).isoformat(),
             is_digital_first=rng.random() < 0.35, desk_code=f"DSK-{rng.randint(100, 999)}{i}")
        desks.append(nid)
    beats = []
    for i, b in enumerate(BEATS, 1):
        names.take(b)
        nid = f"beat-{i}"
        node(nid, "Beat", name=b, priority=rng.choice(("high", "medium", "low")), weekly_quota=rng.randint(2, 15),
             launched=day(rng, dt.date(1990, 1, 1), dt.date(2020, 12, 31)).isoformat())
        beats.append(nid)

    def person() -> tuple[str, str]:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            if names.take(f"{f} {last}"):
                return f, last

    # journalists
    roles = ("reporter",) * 11 + ("editor",) * 4 + ("photographer",) * 3 + ("columnist",) * 2
    journalists, hired = [], {}
    for i in range(1, 241):
        f, last = person()
        nid = f"journalist-{i}"
        role = rng.choice(roles)
        hd = day(rng, dt.date(1988, 1, 1), dt.date(2023, 6, 30))
        while hd in hired.values():
            hd += dt.timedelta(days=1)
        hired[nid] = hd
        node(nid, "Journalist", first_name=f, last_name=last, role=role, hire_date=hd.isoformat(),
             years_experience=max(1, 2024 - hd.year + rng.randint(0, 6)), is_freelance=rng.random() < 0.18,
             staff_code=f"NR-{1000 + i * 7}", performance_score=round(rng.uniform(2.0, 5.0), 2))
        journalists.append(nid)
        desk = desks[8] if role == "photographer" and rng.random() < 0.7 else rng.choice(desks)
        edge(nid, desk, "ASSIGNED_TO")
        if role != "photographer":
            for b in rng.sample(beats, rng.choice((0, 1, 1, 2, 2, 3)) if role == "editor" else rng.randint(1, 3)):
                edge(nid, b, "COVERS")
    role_of = {j: g.nodes[j]["role"] for j in journalists}
    writers = [j for j in journalists if role_of[j] != "photographer"]
    shooters = [j for j in journalists if role_of[j] == "photographer"]
    # mentoring: a senior (earlier hire) mentors a junior; one mentor per mentee
    by_hire = sorted(journalists, key=lambda j: hired[j])
    for idx, j in enumerate(by_hire):
        if idx < 15 or rng.random() < 0.4:
            continue
        pool = by_hire[max(0, idx - 90):idx - 3]
        m = rng.choice(pool[: max(1, len(pool) // 2)] if rng.random() < 0.6 else pool)
        since = max(hired[j], hired[m]) + dt.timedelta(days=rng.randint(30, 900))
        edge(m, j, "MENTORS", since=min(since, dt.date(2024, 6, 30)).isoformat(), sessions=rng.randint(2, 40))

    # editions
    dates = sorted(rng.sample(range((dt.date(2024, 12, 31) - dt.date(2022, 1, 1)).days), 150))
    editions = []
    for i, off in enumerate(dates, 1):
        d = dt.date(2022, 1, 1) + dt.timedelta(days=off)
        nid = f"edition-{i}"
        names.take(f"Edition No. {4000 + i}")
        node(nid, "Edition", name=f"Edition No. {4000 + i}", print_date=d.isoformat(),
             print_run=rng.randint(18, 95) * 1000 + rng.randint(0, 999), pages=rng.choice((24, 32, 40, 48, 56, 64)),
             is_weekend=d.weekday() >= 5, cover_price=rng.choice((1.5, 2.0, 2.5, 3.0, 3.5)))
        editions.append(nid)

    # sources
    sources = []
    for i in range(1, 261):
        f, last = person()
        nid = f"source-{i}"
        anon = rng.random() < 0.2
        node(nid, "Source", first_name=f, last_name=last, reliability=rng.choice(("high", "high", "medium", "low")),
             is_anonymous=anon, sector=rng.choice(("government", "business", "police", "academia", "community")),
             first_contact=day(rng, dt.date(2010, 1, 1), dt.date(2022, 12, 31)).isoformat(),
             source_code=f"SRC-{rng.randint(10, 99)}{i:03d}")
        sources.append(nid)
    src_weight = [rng.choice((1, 1, 1, 2, 3, 6)) for _ in sources]

    # articles
    articles = []
    beats_of = {j: [b for b in g.successors(j) if b.startswith("beat-")] for j in writers}
    i = 0
    while len(articles) < 1100:
        title = f"{rng.choice(SUBJ)} {rng.choice(VERB)} {rng.choice(OBJ)}"
        if not names.take(title):
            continue
        i += 1
        nid = f"article-{i}"
        ed = rng.choice(editions)
        node(nid, "Article", title=title, word_count=rng.randint(300, 2400),
             published_on=g.nodes[ed]["print_date"], is_exclusive=rng.random() < 0.12,
             status=rng.choice(("published",) * 8 + ("updated",) * 3 + ("retracted",)),
             story_code=f"ST-{20000 + i * 3}", page_views=rng.randint(800, 250000))
        articles.append(nid)
        authors = rng.sample(writers, rng.choice((1, 1, 1, 2, 2, 3)))
        for k, a in enumerate(authors, 1):
            edge(a, nid, "FILED", byline_order=k, is_lead=k == 1)
        pool = sorted({b for a in authors for b in beats_of[a]}) or beats
        tags = set(rng.sample(pool, min(len(pool), rng.choice((1, 1, 2)))))
        if rng.random() < 0.25:
            tags.add(rng.choice(beats))
        for b in sorted(tags):
            edge(nid, b, "TAGGED_WITH")
        page = 1 if rng.random() < 0.1 else rng.randint(2, g.nodes[ed]["pages"])
        place = "front" if page == 1 else ("back" if page == g.nodes[ed]["pages"] else "inside")
        edge(nid, ed, "RAN_IN", page=page, placement=place)
        for s in sorted(set(rng.choices(sources, weights=src_weight, k=rng.choice((0, 1, 1, 2, 2, 3))))):
            anon = g.nodes[s]["is_anonymous"]
            edge(nid, s, "QUOTES", on_record=(rng.random() < 0.85) if not anon else False,
                 quote_count=rng.randint(1, 6))

    # photos
    k = 0
    while k < 420:
        title = f"{rng.choice(PADJ)} {rng.choice(PNOUN)} at {rng.choice(PWHEN)}"
        if not names.take(title):
            continue
        k += 1
        nid = f"photo-{k}"
        node(nid, "Photo", title=title, shot_on=day(rng, dt.date(2021, 10, 1), dt.date(2024, 12, 31)).isoformat(),
             megapixels=round(rng.uniform(12, 61), 1), is_color=rng.random() < 0.8,
             orientation=rng.choice(("landscape", "landscape", "portrait", "square")),
             frame_code=f"IMG-{k * 13 + 5000}")
        edge(rng.choice(shooters), nid, "SHOT")
        if rng.random() < 0.9:
            edge(nid, rng.choice(articles), "ILLUSTRATES")

    # corrections
    for n, a in enumerate(rng.sample(articles, 90), 1):
        nid = f"correction-{n}"
        names.take(f"Correction {100 + n}")
        node(nid, "Correction", name=f"Correction {100 + n}",
             issued_on=(dt.date.fromisoformat(g.nodes[a]["published_on"])
                        + dt.timedelta(days=rng.randint(1, 20))).isoformat(),
             severity=rng.choice(("minor", "minor", "major", "clarification")), lines=rng.randint(1, 9))
        edge(nid, a, "CORRECTS")

    # advertisers
    k = 0
    while k < 60:
        ind = rng.choice(sorted(ADV_SUF))
        nm = f"{rng.choice(ADV_PRE)} {rng.choice(ADV_SUF[ind])}"
        if not names.take(nm):
            continue
        k += 1
        nid = f"advertiser-{k}"
        node(nid, "Advertiser", name=nm, industry=ind, annual_spend=round(rng.uniform(5, 400) * 1000, 2),
             client_since=day(rng, dt.date(2001, 1, 1), dt.date(2021, 12, 31)).isoformat(),
             is_local=rng.random() < 0.7, account_code=f"ADV-{k:02d}{rng.randint(10, 99)}")
        for ed in rng.sample(editions, rng.randint(3, 16)):
            size = rng.choice(("full", "half", "half", "quarter", "quarter"))
            base = {"full": 9000, "half": 5000, "quarter": 2800}[size]
            pd = dt.date.fromisoformat(g.nodes[ed]["print_date"])
            edge(nid, ed, "ADVERTISED_IN", cost=round(base * rng.uniform(0.7, 1.4), 2), ad_size=size,
                 booked_on=(pd - dt.timedelta(days=rng.randint(3, 60))).isoformat())

    # awards
    combos = [(a, y) for a in AWARDS for y in range(2018, 2025)]
    for n, (a, y) in enumerate(sorted(rng.sample(combos, 25)), 1):
        nid = f"award-{n}"
        names.take(f"{a} {y}")
        cat = "photography" if a == "Silver Lens" else rng.choice(("investigative", "feature", "breaking news"))
        node(nid, "Award", name=f"{a} {y}", year=y, category=cat,
             prize_money=round(rng.choice((1, 2, 2.5, 5, 10)) * 1000.0, 2))
        pool = shooters if cat == "photography" else writers
        for w, j in enumerate(rng.sample(pool, 1 if cat == "photography" else rng.choice((1, 1, 2, 3)))):
            edge(j, nid, "WON", placement="winner" if w == 0 else "finalist")
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=61)
    args = ap.parse_args()
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / "newsroom.graphml")


if __name__ == "__main__":
    main()
