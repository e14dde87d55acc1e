"""A synthetic real-estate property graph for the byog13 independent question set.

Usage: python tests/byog13/graph.py DIR [--seed N]   (writes DIR/realestate.graphml; seed 13 by default)

Eight node types (City, Neighbourhood, Agency, Agent, Property, Listing, Buyer, Sale) and thirteen edge types,
one of them a self-relation (Agent -MENTORS-> Agent). The generator is deterministic for a seed: every choice is
drawn from one random.Random(seed) in a fixed order and every collection is iterated in a fixed order.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

import networkx as nx

CITIES = [  # name, region, population
    ("Bristol", "South West", 472400),
    ("Leeds", "Yorkshire", 536300),
    ("Norwich", "East of England", 144000),
    ("York", "Yorkshire", 202800),
    ("Bath", "South West", 94100),
    ("Exeter", "South West", 130700),
    ("Brighton", "South East", 277100),
    ("Oxford", "South East", 162100),
    ("Durham", "North East", 48100),
    ("Chester", "North West", 92800),
    ("Lincoln", "East Midlands", 103800),
    ("Carlisle", "North West", 110000),
]

NEIGHBOURHOODS = [
    "Millbrook", "Ashcombe", "St Anne's", "Harbourside", "Cotton Quarter", "Fennel Hill", "Riverside Wharf",
    "Kingsmead", "Lark Rise", "Old Tannery", "Westgate", "Bellfield", "Hollins Park", "Queen's Rise", "Abbotsford",
    "Cranleigh Vale", "Saltmarsh", "Holloway Green", "Marston Cross", "Highfield", "Orchard End", "Chapel Fields",
    "Brackenridge", "Ferrier's Yard", "Thornbury", "Eastfold", "Wickham Heath", "Lower Mosswood", "Canal Basin",
    "Ropewalk", "Sutton Leys", "Broadacre", "Ivy Bank", "Greyfriars", "Dockhead", "Pennington", "Ravenscroft",
    "Willow Marsh", "Copper Beeches", "Northgate", "Stonebridge", "Merrow Down", "Longmoor", "Beacon Hill",
    "Tidewater", "Larchwood", "Hatherley", "Glebe Farm", "Fairwater", "Cinder Lane", "Bishopsfield", "Quayside",
    "Elmstead", "Foxcote", "Mill Race", "Southdown", "Heron's Reach", "Kilnworth", "Parkhurst", "Dovecote",
    "Redcliffe", "Burwash", "Pinfold", "Marlpit", "Sandholme", "Whitecross",
]
CHARACTERS = ["urban", "suburban", "rural", "waterfront"]

AGENCIES = [
    "Harbour & Finch", "Marlowe Estates", "Bramwell Residential", "Keystone Homes", "Oakridge Property Group",
    "Whitcombe & Lyle", "Cobalt Lettings & Sales", "Fairbairn Partners", "Hearth & Home Agents", "Pendleton Moves",
    "Ashworth Realty", "Greenway Estate Agents", "Linden & Moss", "Northlight Property", "Carver Hughes",
    "Sterling Gate Homes", "Birchall Ward", "Thistledown Estates", "Meridian Residential", "Foxley & Daughters",
    "Archway Property Co", "Beaumont Kerr",
]
SPECIALTIES = ["residential", "luxury", "new build", "rural"]

FIRST = [
    "Olivia", "Amelia", "Isla", "Ava", "Mia", "Ivy", "Lily", "Isabella", "Rosie", "Sophia", "Grace", "Freya",
    "Florence", "Willow", "Evie", "Poppy", "Charlotte", "Elsie", "Harper", "Sienna", "Phoebe", "Matilda", "Alice",
    "Daisy", "Imogen", "Hannah", "Ruby", "Beatrice", "Clara", "Nadia", "Priya", "Aisha", "Zara", "Leah", "Maya",
    "Noah", "Oliver", "George", "Arthur", "Muhammad", "Leo", "Harry", "Oscar", "Archie", "Henry", "Theodore",
    "Freddie", "Jack", "Charlie", "Thomas", "Alfie", "Finley", "Samuel", "Joshua", "Isaac", "Edward", "Reuben",
    "Rory", "Tobias", "Felix", "Hugo", "Elliot", "Ravi", "Daniel", "Callum", "Owen", "Ethan", "Dylan", "Kieran",
    "Nathan", "Martin", "Gareth", "Declan", "Simon", "Marcus", "Yusuf", "Aaron", "Patrick", "Jonah", "Miles",
]
LAST = [
    "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright",
    "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Thomas", "Clarke", "Jackson", "Wood",
    "Harris", "Edwards", "Turner", "Martin", "Cooper", "Hill", "Ward", "Hughes", "Moore", "Clark", "King",
    "Harrison", "Lewis", "Baker", "Lee", "Allen", "Morris", "Khan", "Scott", "Watson", "Davis", "Parker", "James",
    "Bennett", "Young", "Phillips", "Richardson", "Mitchell", "Bailey", "Carter", "Cook", "Singh", "Shaw", "Bell",
    "Collins", "Morgan", "Kelly", "Begum", "Miller", "Cox", "Hussain", "Marshall", "Simpson", "Price", "Anderson",
    "Adams", "Wilkinson", "Ali", "Ahmed", "Foster", "Ellis", "Murphy", "Chapman", "Mason", "Gray", "Richards",
    "Webb", "Griffiths", "Hunt", "Palmer", "Campbell", "Holmes", "Mills", "Rogers", "Barnes", "Knight", "Matthews",
    "Barker", "Okafor", "Nowak", "Fitzgerald", "Lindqvist", "Moreau", "Rossi", "Haddad", "Kowalski", "Osei",
]

STREETS = [
    "Maple", "Juniper", "Linden", "Rowan", "Sycamore", "Hawthorn", "Chestnut", "Alder", "Beech", "Hazel", "Cedar",
    "Larch", "Poplar", "Laurel", "Holly", "Elder", "Aspen", "Walnut", "Mulberry", "Quince", "Tamarisk", "Bramble",
    "Foxglove", "Primrose", "Bluebell", "Heather", "Clover", "Meadow", "Orchard", "Mill", "Church", "Station",
    "Victoria", "Albert", "Kingfisher", "Swallow", "Wren", "Lapwing", "Curlew", "Plover", "Granary", "Forge",
    "Cooper's", "Weaver's", "Tanner's", "Mariner's", "Bishop's", "Abbey", "Priory", "Tudor",
]
STREET_KINDS = ["Road", "Lane", "Row", "Crescent", "Close", "Avenue", "Street", "Gardens", "Terrace", "Way",
                "Mews", "Drive"]
PROPERTY_TYPES = ["house", "flat", "townhouse", "bungalow", "cottage"]
ENERGY = ["A", "B", "C", "D", "E", "F", "G"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]

N_NEIGHBOURHOODS_PER_CITY = (4, 6)
N_AGENTS = 150
N_PROPERTIES = 640
N_BUYERS = 420


def _date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = 13) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    used_people: set[tuple[str, str]] = set()

    def person() -> tuple[str, str]:
        while True:
            p = (rng.choice(FIRST), rng.choice(LAST))
            if p not in used_people:
                used_people.add(p)
                return p

    def edge(src: str, dst: str, label: str, **attrs) -> None:
        assert not g.has_edge(src, dst), (src, dst, label)  # one relationship per ordered pair in this schema
        g.add_edge(src, dst, label=label, **attrs)

    # Cities
    cities = []
    for i, (name, region, pop) in enumerate(CITIES, 1):
        cid = f"city-{i}"
        g.add_node(cid, labels=":City", name=name, region=region, population=pop)
        cities.append(cid)

    # Neighbourhoods
    hood_names = NEIGHBOURHOODS[:]
    rng.shuffle(hood_names)
    hoods_of: dict[str, list[str]] = {}
    hoods = []
    k = 0
    for cid in cities:
        hoods_of[cid] = []
        for _ in range(rng.randint(*N_NEIGHBOURHOODS_PER_CITY)):
            k += 1
            nid = f"neighbourhood-{k}"
            g.add_node(nid, labels=":Neighbourhood", name=hood_names[k - 1], character=rng.choice(CHARACTERS),
                       walk_score=rng.randint(28, 98))
            edge(nid, cid, "LOCATED_IN")
            hoods_of[cid].append(nid)
            hoods.append(nid)
    city_of_hood = {n: c for c, ns in hoods_of.items() for n in ns}

    # Agencies: every city gets one, the rest go to random cities
    agency_names = AGENCIES[:]
    rng.shuffle(agency_names)
    agencies = []
    agencies_of: dict[str, list[str]] = {c: [] for c in cities}
    n_agencies = 20
    for i in range(1, n_agencies + 1):
        aid = f"agency-{i}"
        founded = _date(rng, dt.date(1962, 1, 1), dt.date(2019, 12, 31))
        g.add_node(aid, labels=":Agency", name=agency_names[i - 1], founded=founded.isoformat(),
                   franchise=rng.random() < 0.35)
        city = cities[i - 1] if i <= len(cities) else rng.choice(cities)
        edge(aid, city, "BASED_IN")
        agencies.append(aid)
        agencies_of[city].append(aid)

    # Agents
    agents = []
    agents_of: dict[str, list[str]] = {a: [] for a in agencies}
    licensed: dict[str, dt.date] = {}
    for i in range(1, N_AGENTS + 1):
        gid = f"agent-{i}"
        first, last = person()
        lic = _date(rng, dt.date(1990, 1, 1), dt.date(2023, 6, 30))
        licensed[gid] = lic
        g.add_node(gid, labels=":Agent", first_name=first, last_name=last, licensed_since=lic.isoformat(),
                   rating=round(rng.uniform(2.8, 5.0), 1), specialty=rng.choice(SPECIALTIES))
        # the first agents fill each agency once, then at random
        aid = agencies[i - 1] if i <= len(agencies) else rng.choice(agencies)
        agency_founded = dt.date.fromisoformat(g.nodes[aid]["founded"])
        since = _date(rng, max(lic, agency_founded), dt.date(2024, 6, 30))
        edge(gid, aid, "WORKS_FOR", since=since.isoformat())
        agents.append(gid)
        agents_of[aid].append(gid)
    agency_of_agent = {x: a for a, xs in agents_of.items() for x in xs}

    # MENTORS: a senior colleague (licensed earlier), usually in the same agency; some mentors have several mentees
    for gid in agents:
        if rng.random() < 0.55:
            same = [m for m in agents_of[agency_of_agent[gid]] if licensed[m] < licensed[gid]]
            pool = same if same and rng.random() < 0.85 else [m for m in agents if licensed[m] < licensed[gid]]
            if pool:
                mentor = rng.choice(pool)
                start = _date(rng, licensed[gid], dt.date(2024, 9, 30))
                edge(mentor, gid, "MENTORS", since=start.isoformat())

    # Properties
    properties = []
    used_addr: set[str] = set()
    hood_of_prop: dict[str, str] = {}
    for i in range(1, N_PROPERTIES + 1):
        pid = f"property-{i}"
        while True:
            addr = f"{rng.randint(1, 140)} {rng.choice(STREETS)} {rng.choice(STREET_KINDS)}"
            if addr not in used_addr:
                used_addr.add(addr)
                break
        ptype = rng.choices(PROPERTY_TYPES, weights=[34, 30, 14, 12, 10])[0]
        beds = {"flat": rng.randint(1, 3), "bungalow": rng.randint(2, 4), "cottage": rng.randint(2, 4)}.get(
            ptype, rng.randint(2, 6))
        area = round(beds * rng.uniform(24, 38) + rng.uniform(10, 40), 1)
        garden = rng.random() < (0.15 if ptype == "flat" else 0.8)
        g.add_node(pid, labels=":Property", name=addr, property_type=ptype, bedrooms=beds, floor_area_sqm=area,
                   year_built=rng.randint(1780, 2023), has_garden=garden,
                   energy_rating=rng.choices(ENERGY, weights=[4, 14, 26, 28, 16, 8, 4])[0])
        hood = rng.choice(hoods)
        edge(pid, hood, "SITUATED_IN")
        hood_of_prop[pid] = hood
        properties.append(pid)

    # Buyers
    buyers = []
    for i in range(1, N_BUYERS + 1):
        bid = f"buyer-{i}"
        first, last = person()
        budget = rng.randrange(150_000, 1_200_001, 5_000)
        g.add_node(bid, labels=":Buyer", first_name=first, last_name=last, budget=budget,
                   first_time_buyer=rng.random() < 0.3, mortgage_approved=rng.random() < 0.7)
        buyers.append(bid)
        for hood in rng.sample(hoods, rng.randint(1, 3)):
            edge(bid, hood, "PREFERS")
        if rng.random() < 0.45:
            edge(bid, rng.choice(agents), "REPRESENTED_BY")

    # Listings (some properties listed twice, some never), viewings and sales
    n_listing = 0
    n_sale = 0
    used_titles: set[str] = set()
    for pid in properties:
        n_times = rng.choices([0, 1, 2], weights=[8, 70, 22])[0]
        start = dt.date(2021, 1, 4)
        for _ in range(n_times):
            listed = _date(rng, start, dt.date(2024, 10, 31))
            title = f"{g.nodes[pid]['name']} ({MONTHS[listed.month - 1]} {listed.year} listing)"
            if title in used_titles:
                continue
            used_titles.add(title)
            n_listing += 1
            lid = f"listing-{n_listing}"
            p = g.nodes[pid]
            base = {"flat": 2100, "bungalow": 2900, "cottage": 3300, "townhouse": 3500, "house": 3800}[
                p["property_type"]]
            asking = int(round(p["floor_area_sqm"] * base * rng.uniform(0.8, 1.45), -3))
            city = city_of_hood[hood_of_prop[pid]]
            local_agents = [x for a in agencies_of[city] for x in agents_of[a]] or agents
            agent = rng.choice(local_agents)
            # viewings
            viewers = rng.sample(buyers, rng.randint(0, 6))
            view_dates = {}
            for b in viewers:
                vd = listed + dt.timedelta(days=rng.randint(2, 60))
                view_dates[b] = vd
                edge(b, lid, "VIEWED", viewed_on=vd.isoformat(), rating=rng.randint(1, 5))
            # status and sale
            sold = bool(viewers) and rng.random() < 0.5
            if sold:
                status = "sold"
            else:
                status = rng.choices(["active", "under offer", "withdrawn"], weights=[55, 20, 25])[0]
            g.add_node(lid, labels=":Listing", title=title, asking_price=asking, listed_on=listed.isoformat(),
                       status=status, featured=rng.random() < 0.2)
            edge(lid, pid, "FOR_PROPERTY")
            edge(lid, agent, "LISTED_BY", commission_pct=round(rng.uniform(0.9, 2.5), 2))
            if sold:
                buyer = rng.choice(viewers)
                done = view_dates[buyer] + dt.timedelta(days=rng.randint(28, 120))
                sale_title = f"Sale of {p['name']} ({done.year})"
                if sale_title in used_titles:
                    sale_title = f"Sale of {p['name']} ({MONTHS[done.month - 1]} {done.year})"
                used_titles.add(sale_title)
                n_sale += 1
                sid = f"sale-{n_sale}"
                g.add_node(sid, labels=":Sale", title=sale_title,
                           price=int(round(asking * rng.uniform(0.9, 1.06), -2)), completed_on=done.isoformat(),
                           cash_purchase=rng.random() < 0.22)
                edge(sid, lid, "OF_LISTING")
                edge(sid, buyer, "BOUGHT_BY")
                handler = agent if rng.random() < 0.8 else rng.choice(agents_of[agency_of_agent[agent]])
                edge(sid, handler, "HANDLED_BY")
            start = listed + dt.timedelta(days=30)
            if start > dt.date(2024, 10, 1):
                break
    return g


def main(argv: list[str] | None = None) -> Path:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "realestate.graphml"
    g = build(args.seed)
    nx.write_graphml(g, path)
    print(f"wrote {path}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return path


if __name__ == "__main__":
    main()
