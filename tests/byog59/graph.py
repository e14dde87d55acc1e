"""Deterministic generator of a national-parliament property graph (GraphML).

    python tests/byog59/graph.py OUT_DIR [--seed N]

writes OUT_DIR/parliament.graphml. Node type in the node attribute ``type``, edge type in the edge attribute
``type``. Stdlib ``random.Random(seed)`` plus networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

import networkx as nx

FIRST = [
    "Abigail", "Adrian", "Agnes", "Alistair", "Amara", "Barnaby", "Beatrix", "Bernard", "Bronwen", "Caspar",
    "Cecily", "Clement", "Cordelia", "Cyril", "Dafydd", "Delphine", "Desmond", "Dorothea", "Edmund", "Eilidh",
    "Elspeth", "Ewan", "Fenella", "Fergus", "Florence", "Gareth", "Georgina", "Gideon", "Gwendolyn", "Hamish",
    "Harriet", "Hector", "Imogen", "Isidore", "Jemima", "Jolyon", "Juniper", "Kenrick", "Lavinia", "Leopold",
    "Lucinda", "Magnus", "Marisol", "Meredith", "Mungo", "Nerys", "Octavia", "Orson", "Ottilie", "Peregrine",
    "Philippa", "Quentin", "Rosalind", "Rupert", "Saoirse", "Seamus", "Sebastian", "Tabitha", "Thaddeus",
    "Ursula", "Valentine", "Wilhelmina", "Wystan", "Xanthe", "Yolanda", "Zachary", "Priyanka", "Tariq", "Oluwaseun",
    "Anjali", "Kwame", "Ingrid",
]
LAST = [
    "Abernethy", "Ackroyd", "Bannerman", "Blackwood", "Braithwaite", "Cartwright", "Castellano", "Chowdhury",
    "Crabtree", "Dalrymple", "Drummond", "Easterbrook", "Fairweather", "Fitzgerald", "Galbraith", "Gillespie",
    "Greenhalgh", "Hargreaves", "Hathaway", "Holloway", "Iqbal", "Jardine", "Kavanagh", "Kilbride", "Lockhart",
    "Macaulay", "Mortimer", "Nakamura", "Okonkwo", "Ormerod", "Pemberton", "Pilkington", "Quigley", "Rathbone",
    "Rowntree", "Sandoval", "Sheridan", "Stainforth", "Thistlethwaite", "Trevelyan", "Underwood", "Vasquez",
    "Wainwright", "Whitlock", "Winterbottom", "Yardley", "Zielinski", "Okafor", "Lindqvist", "Featherstone",
    "Montgomery", "Ravensworth", "Cheung", "Delacroix", "Brennan", "Ferreira", "Ogilvie", "Prendergast",
    "Ramsbottom", "Szymanski", "Tennant", "Villiers", "Achterberg", "Halvorsen", "Marchetti", "Sutcliffe",
]
TOWN_A = [
    "Ash", "Brack", "Cald", "Dun", "Elm", "Fen", "Glen", "Hals", "Ivy", "Kirk", "Lang", "Mar", "Nether", "Oak",
    "Pen", "Quar", "Rad", "Sel", "Thorn", "Ulls", "Wend", "Yar", "Bram", "Crow", "Dray", "Hart", "Mill", "Stan",
    "Wolver", "Ald", "Bex", "Chal", "Ever", "Gos", "Holm", "Lin", "Mel", "Ross", "Tam", "Whit", "Bly", "Cor",
    "Fal", "Knares", "Sand", "Tad", "Win", "Ox", "Ips", "Hem",
]
TOWN_B = [
    "ford", "bury", "wick", "combe", "field", "mouth", "stow", "thorpe", "minster", "brook", "hampton", "cester",
    "dale", "haven", "moor",
]
PARTIES = [
    ("Beacon Party", "centre-left", 1906, "BCN"), ("Harbour Alliance", "centre-right", 1834, "HBA"),
    ("Forward Movement", "liberal", 1988, "FWD"), ("Common Ground", "green", 1973, "CMG"),
    ("Liberty League", "libertarian", 2009, "LBL"), ("Rural Voice", "agrarian", 1961, "RVC"),
    ("Northern Accord", "regionalist", 1994, "NTA"), ("Civic Union", "centrist", 2015, "CVU"),
    ("Red Kite Socialists", "socialist", 1921, "RKS"),
]
REGIONS = [
    "Northmoor", "Eastvale", "Southdown", "Westmarch", "Midland Reach", "Highfold", "Lakeland", "Coastal Fringe",
    "Capital District", "Border Hills", "Riverlands", "Isles Province",
]
BILL_TOPICS = [
    "Clean Air", "Rail Franchising", "Affordable Housing", "Coastal Erosion", "Data Protection", "Dog Welfare",
    "Energy Prices", "Fisheries Quota", "Green Belt", "Heritage Railways", "Online Safety", "Pension Credit",
    "Rent Controls", "School Meals", "Social Care", "Student Loans", "Tenant Rights", "Tidal Power",
    "Water Quality", "Wild Moorland", "Youth Services", "Broadband Access", "Carbon Budget", "Hospice Funding",
    "Knife Crime", "Local Libraries", "Motorway Tolls", "Organ Donation", "Public Footpaths", "Veterans Support",
]
BILL_ASPECTS = [
    "Amendment", "Miscellaneous Provisions", "Consolidation", "Scotland", "Wales", "Reform", "Funding",
    "Enforcement", "Transitional Arrangements", "Repeal",
]
STAGES = ["first reading", "second reading", "committee stage", "report stage", "royal assent", "withdrawn"]
COMMITTEES = [
    ("Treasury Committee", "select"), ("Home Affairs Committee", "select"), ("Public Accounts Committee", "select"),
    ("Defence Committee", "select"), ("Health and Social Care Committee", "select"),
    ("Education Committee", "select"), ("Transport Committee", "select"), ("Foreign Affairs Committee", "select"),
    ("Environmental Audit Committee", "select"), ("Liaison Committee", "select"),
    ("Procedure Committee", "select"), ("Petitions Committee", "select"),
    ("Joint Committee on Human Rights", "joint"), ("Joint Committee on Statutory Instruments", "joint"),
    ("Joint Committee on the National Security Strategy", "joint"), ("Standing Committee Alpha", "standing"),
    ("Standing Committee Bravo", "standing"), ("Standing Committee Charlie", "standing"),
    ("Standing Committee Delta", "standing"), ("Backbench Business Committee", "select"),
    ("Science and Technology Committee", "select"), ("Work and Pensions Committee", "select"),
    ("Culture, Media and Sport Committee", "select"), ("Welsh Affairs Committee", "select"),
]
MINISTRIES = [
    "HM Treasury", "Home Office", "Ministry of Defence", "Department of Health", "Department for Education",
    "Department for Transport", "Foreign Office", "Ministry of Justice", "Department for Work and Pensions",
    "Department of Energy", "Cabinet Office", "Department for Culture", "Ministry of Housing",
    "Department for Environment", "Department for Business", "Department for Science", "Scotland Office",
    "Northern Ireland Office",
]
LOBBY_ADJ = [
    "Open", "Silver", "Blue", "Golden", "Iron", "Quiet", "Bright", "Green", "Amber", "Stone", "Crimson", "Tall",
    "Swift", "Northern Star", "Oakwood", "Granite",
]
LOBBY_NOUN = [
    "Fields", "Harbour Trust", "Roads", "Birch", "Meadow", "Lantern", "Compass", "Anchor", "Horizon", "Bridge",
    "Orchard", "Keystone", "Riverbank", "Summit", "Bellwether", "Tide",
]
LOBBY_KIND = ["Alliance", "Forum", "Institute", "Coalition", "Council", "Network", "Foundation", "Society"]
SECTORS = ["energy", "finance", "health", "agriculture", "technology", "transport", "charity", "defence"]
DEBATE_KIND = [
    "Opposition Day", "Adjournment", "Urgent Question", "Backbench Business", "Estimates Day",
    "Ministerial Statement", "Westminster Hall", "General Debate", "Emergency Debate", "Committee Report",
]
DEBATE_SUBJ = [
    "Rail Fares", "Bus Services", "Flood Defences", "Hospital Waiting Lists", "Prison Capacity", "Sewage Spills",
    "Farm Subsidies", "Teacher Pay", "Nurse Recruitment", "Potholes", "Fuel Duty", "Child Poverty",
    "Armed Forces Housing", "Post Office Closures", "Steel Industry", "Wind Farms", "Bank Branch Closures",
    "Dementia Care", "Air Quality", "Rural Crime", "Ferry Links", "Cost of Living", "Apprenticeships",
    "Homelessness", "Fireworks", "Puppy Farming", "High Street Renewal", "Space Industry", "Ocean Plastics",
    "Blood Safety", "Energy Bills", "Cyber Security", "Gambling Harm", "Drug Policy", "Tree Planting",
    "Music Venues", "Grassroots Football", "Lorry Parking", "Cladding Remediation", "Mobile Coverage",
]
POSTS = ["Secretary of State", "Minister of State", "Parliamentary Under-Secretary"]


def iso(d: dt.date) -> str:
    return d.isoformat()


def rand_date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


class Names:
    """Display names unique across the graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.taken: set[str] = set()
        self.joined = "\x00"
        self.minlen = 99
        self.checked = ""

    def ok(self, name: str) -> bool:
        low = name.lower()
        if low in self.joined:  # inside a taken name (or equal to one)
            return False
        n, k = len(low), self.minlen
        subs = {low[a:b] for a in range(n - k + 1) for b in range(a + k, n + 1)}
        if subs & self.taken:  # a taken name inside this one
            return False
        self.checked = low
        return True

    def add(self, name: str) -> None:
        if name.lower() != self.checked and not self.ok(name):
            raise ValueError(f"name clash: {name}")
        self.taken.add(name.lower())
        self.minlen = min(self.minlen, len(name))
        self.joined += name.lower() + "\x00"


def build(seed: int) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, ntype: str, **attrs) -> None:
        g.add_node(nid, type=ntype, **attrs)

    def edge(src: str, etype: str, dst: str, **attrs) -> None:
        if g.has_edge(src, dst):
            raise ValueError(f"duplicate pair {src} {dst}")
        g.add_edge(src, dst, type=etype, **attrs)

    # regions
    regions = []
    for i, r in enumerate(REGIONS, 1):
        names.add(r)
        rid = f"region-{i}"
        node(rid, "Region", name=r, population=rng.randrange(400_000, 9_000_000),
             region_code=f"RG{rng.randrange(10, 99)}{r[:2].upper()}", devolved=rng.random() < 0.3)
        regions.append(rid)
    # parties
    parties = []
    governing = {"party-1", "party-5"}
    for i, (p, ideology, founded, code) in enumerate(PARTIES, 1):
        names.add(p)
        pid = f"party-{i}"
        node(pid, "Party", name=p, ideology=ideology, founded=founded, party_code=code,
             in_government=pid in governing, membership_fee=round(rng.uniform(3, 60), 2),
             registered_on=iso(rand_date(rng, dt.date(1998, 1, 1), dt.date(2016, 12, 31))))
        parties.append(pid)
    party_w = [22, 20, 9, 7, 6, 4, 4, 3, 2]
    # ministries, committees
    ministries = []
    for i, m in enumerate(MINISTRIES, 1):
        names.add(m)
        mid = f"ministry-{i}"
        node(mid, "Ministry", name=m, budget_bn=round(rng.uniform(0.4, 180.0), 2),
             headcount=rng.randrange(800, 90_000), cabinet_level=rng.random() < 0.7,
             ministry_code=f"GOV-{m.split()[-1][:3].upper()}{i:02d}")
        ministries.append(mid)
    committees = []
    for i, (c, kind) in enumerate(COMMITTEES, 1):
        names.add(c)
        cid = f"committee-{i}"
        node(cid, "Committee", name=c, committee_kind=kind, established=rng.randrange(1960, 2020),
             budget_k=round(rng.uniform(120, 2400), 1), committee_ref=f"CTTE/{i:03d}",
             publishes_minutes=rng.random() < 0.8)
        committees.append(cid)
    # constituencies
    towns = [a + b for a in TOWN_A for b in TOWN_B]
    rng.shuffle(towns)
    constituencies = []
    ti = 0
    while len(constituencies) < 620:
        t = towns[ti]
        ti += 1
        if not names.ok(t):
            continue
        names.add(t)
        cid = f"constituency-{len(constituencies) + 1}"
        node(cid, "Constituency", name=t, electorate=rng.randrange(55_000, 110_000),
             area_km2=round(rng.uniform(8, 3500), 1), setting=rng.choice(["urban", "suburban", "rural", "mixed"]),
             ons_code=f"E14{rng.randrange(0, 10**6):06d}")
        edge(cid, "LOCATED_IN", rng.choice(regions))
        constituencies.append(cid)
    # members
    members = []
    combos = [(f, last) for f in FIRST for last in LAST]
    rng.shuffle(combos)
    ci = 0
    for i, cons in enumerate(constituencies, 1):
        while True:
            f, last = combos[ci]
            ci += 1
            if names.ok(f"{f} {last}"):
                break
        names.add(f"{f} {last}")
        mid = f"mp-{i}"
        party = rng.choices(parties, weights=party_w)[0]
        terms = rng.choices([1, 2, 3, 4, 5, 6, 7, 8], weights=[30, 22, 16, 12, 8, 6, 4, 2])[0]
        bench = "government" if party in governing else "opposition"
        if rng.random() < 0.04:
            bench = "crossbench"
        node(mid, "Member", first_name=f, last_name=last, member_code=f"MP{rng.randrange(1000, 9999)}{chr(65 + i % 26)}",
             born_on=iso(rand_date(rng, dt.date(1948, 1, 1), dt.date(1998, 12, 31))), terms_served=terms,
             attendance_pct=round(rng.uniform(55, 99.9), 1), frontbencher=rng.random() < 0.18, bench=bench)
        members.append(mid)
        edge(mid, "BELONGS_TO", party, joined_on=iso(rand_date(rng, dt.date(1975, 1, 1), dt.date(2023, 6, 30))))
        edge(mid, "REPRESENTS", cons, majority=rng.randrange(45, 28_000),
             elected_on=rng.choice(["2015-05-07", "2017-06-08", "2019-12-12", "2024-07-04"]))
    party_of = {m: next(d for d in g.successors(m) if g.nodes[d]["type"] == "Party") for m in members}
    terms_of = {m: g.nodes[m]["terms_served"] for m in members}
    # mentoring: senior mentor -> junior mentee
    seniors = [m for m in members if terms_of[m] >= 3]
    for m in members:
        if terms_of[m] <= 2 and rng.random() < 0.55:
            same = [s for s in seniors if party_of[s] == party_of[m]] or seniors
            mentor = rng.choice(same)
            edge(mentor, "MENTORS", m, since=rng.randrange(2012, 2025))
    # a few mid-career members mentored by the most senior ones (chains)
    mids = [m for m in members if terms_of[m] in (3, 4)]
    tops = [m for m in members if terms_of[m] >= 6]
    for m in rng.sample(mids, 60):
        mentor = rng.choice(tops)
        if mentor != m and not g.has_edge(mentor, m) and not g.has_edge(m, mentor):
            edge(mentor, "MENTORS", m, since=rng.randrange(2005, 2020))
    # ministerial posts (government members only)
    gov = [m for m in members if party_of[m] in governing]
    ministers = rng.sample(gov, 54)
    for k, mid_ in enumerate(ministries):
        for j, post in enumerate(POSTS):
            who = ministers[k * 3 + j]
            edge(who, "HOLDS_POST_IN", mid_, post=post,
                 appointed_on=iso(rand_date(rng, dt.date(2019, 1, 1), dt.date(2025, 3, 31))))
    # committees
    for c in committees:
        size = rng.randrange(9, 40)
        seats = rng.sample(members, size)
        chair = rng.randrange(size)
        for j, m in enumerate(seats):
            edge(m, "SITS_ON", c, is_chair=j == chair,
                 joined_on=iso(rand_date(rng, dt.date(2015, 5, 1), dt.date(2025, 1, 31))))
    # bills
    bills = []
    pairs = [(t, a) for t in BILL_TOPICS for a in BILL_ASPECTS]
    rng.shuffle(pairs)
    for i, (t, a) in enumerate(pairs[:280], 1):
        title = f"{t} ({a}) Bill"
        names.add(title)
        bid = f"bill-{i}"
        node(bid, "Bill", title=title, bill_number=f"HC Bill {i + 100}",
             introduced_on=iso(rand_date(rng, dt.date(2019, 12, 17), dt.date(2025, 6, 30))),
             stage=rng.choices(STAGES, weights=[10, 14, 12, 8, 10, 4])[0],
             government_bill=rng.random() < 0.45, pages=rng.randrange(4, 260),
             estimated_cost_m=round(rng.uniform(0.5, 4200.0), 2))
        bills.append(bid)
        sponsors = rng.sample(members, rng.randrange(1, 6))
        for j, m in enumerate(sponsors):
            edge(m, "SPONSORED", bid, role="lead" if j == 0 else "co-sponsor",
                 signed_on=iso(rand_date(rng, dt.date(2019, 12, 17), dt.date(2025, 6, 30))))
    # divisions
    divisions = []
    for i in range(1, 401):
        title = f"Division No. {i} of Session {rng.choice(['2021-22', '2022-23', '2023-24', '2024-25'])}"
        # keep titles unique by number; the session is an attribute too
        session = title.rsplit(" ", 1)[-1]
        names.add(title)
        did = f"division-{i}"
        node(did, "Division", title=title, division_number=i, session=session,
             held_on=iso(rand_date(rng, dt.date(2021, 5, 11), dt.date(2025, 7, 22))),
             free_vote=rng.random() < 0.08, outcome=rng.choice(["carried", "defeated"]),
             tellers_required=rng.randrange(2, 5))
        divisions.append(did)
        edge(did, "ON_BILL", rng.choice(bills))
        voters = rng.sample(members, rng.randrange(12, 30))
        for m in voters:
            lean = 0.75 if party_of[m] in governing else 0.3
            r = rng.random()
            ballot = "abstain" if r < 0.07 else ("aye" if rng.random() < lean else "no")
            edge(m, "CAST_VOTE", did, ballot=ballot, proxy=rng.random() < 0.1)
    # debates
    dpairs = [(k, s) for k in DEBATE_KIND for s in DEBATE_SUBJ]
    rng.shuffle(dpairs)
    for i, (k, s) in enumerate(dpairs[:240], 1):
        title = f"{k}: {s}"
        names.add(title)
        did = f"debate-{i}"
        node(did, "Debate", title=title, hansard_ref=f"HC Deb vol {rng.randrange(690, 760)} c{rng.randrange(1, 999)}",
             held_on=iso(rand_date(rng, dt.date(2021, 5, 11), dt.date(2025, 7, 22))),
             duration_hours=round(rng.uniform(0.5, 6.5), 2), sitting=rng.choice(["morning", "afternoon", "evening"]))
        if rng.random() < 0.7:
            edge(did, "DEBATE_ON", rng.choice(bills))
        for order, m in enumerate(rng.sample(members, rng.randrange(3, 14)), 1):
            edge(m, "SPOKE_IN", did, minutes=round(rng.uniform(1.5, 38.0), 1), speaking_order=order)
    # lobby groups
    lobbies = []
    lpairs = [(a, n, k) for a in LOBBY_ADJ for n in LOBBY_NOUN for k in LOBBY_KIND]
    rng.shuffle(lpairs)
    li = 0
    while len(lobbies) < 85:
        a, n, k = lpairs[li]
        li += 1
        lname = f"{a} {n} {k}"
        if not names.ok(lname):
            continue
        names.add(lname)
        lid = f"lobby-{len(lobbies) + 1}"
        sector = rng.choice(SECTORS)
        node(lid, "LobbyGroup", name=lname, sector=sector, registry_id=f"LR-{rng.randrange(10000, 99999)}",
             registered_on=iso(rand_date(rng, dt.date(2008, 1, 1), dt.date(2024, 12, 31))),
             annual_spend_k=round(rng.uniform(20, 3500), 1), is_charity=sector == "charity" or rng.random() < 0.1)
        lobbies.append(lid)
        for m in rng.sample(members, rng.randrange(2, 14)):
            edge(lid, "LOBBIED", m, meetings=rng.randrange(1, 12), spend_k=round(rng.uniform(0.5, 95.0), 2),
                 last_contact=iso(rand_date(rng, dt.date(2022, 1, 1), dt.date(2025, 6, 30))))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=59)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    nx.write_graphml(g, out / "parliament.graphml")
    print(f"wrote {out / 'parliament.graphml'}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
