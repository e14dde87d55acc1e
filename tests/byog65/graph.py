"""Deterministic city-marathon / running-club property graph for the byog65 holdout.

Usage: python tests/byog65/graph.py OUT_DIR [--seed N]   ->   OUT_DIR/marathon.graphml

Node type in the node attribute ``type``, edge type in the edge attribute ``type`` (no ``labels``).
Only the standard library's random.Random(seed) and networkx are used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

import networkx as nx

FIRST = (
    "Ada Bram Celia Dorian Elsa Fintan Greta Hollis Ines Jasper Kira Lionel Maren Nestor Odile Piers Quinn Rosalind "
    "Soren Tamsin Ulric Vesna Wendell Xenia Yusuf Zora Anselm Birgit Cosmo Delphine Evander Fleur Gideon Hester "
    "Ivo Juno Kasimir Leona Magnus Noemi Osric Perpetua Radek Sabine Thaddeus Una Viggo Willa Yannick Zelda Amara "
    "Benedikt Clio Dashiell Esme Florin Gwen Horatio Isolde Jonah Katya Leif Mirela Nico Orla Pascal Rhea Stellan "
    "Tova Uriel Vida Wolfram Ximena Ysolde Zeno Aurelio Bettina Caspian Dagny"
).split()
LAST = (
    "Abernathy Bellweather Castellanos Drummond Eriksen Fairbanks Galloway Hargreaves Iwasaki Jablonski Kowalczyk "
    "Lindqvist Montague Nakamura Okonkwo Pemberton Quintero Rasmussen Szabo Thornbury Underhill Valdivia Whitlock "
    "Yamamoto Zielinski Achterberg Brennan Calloway Delacroix Ellsworth Fitzgerald Gudmundsson Halvorsen Ibarra "
    "Jorgensen Kilbride Lachance Mbeki Novak Oyelaran Prendergast Radcliffe Sandoval Trevelyan Urquhart Vasquez "
    "Wexford Yilmaz Zapata Ashdown Blackwood Corrigan Dunleavy Esposito Ferreira Grimaldi Holloway Ingram Kettering "
    "Lowenthal Marchetti Northcott Oduya Pacheco Rourke Strand Tennyson Vance Waverley Ambrose Boateng Cardenas "
    "Dragomir Eastwood Fonseca Gallagher Hensley"
).split()
CITIES = ("Port Alder", "Kestrel Falls", "Marrow Bay", "Eastwick Heights", "Silverdale", "Brindlemoor",
          "Quarry Cross", "Tollhaven", "Wrenfield", "Oxbow Junction", "Larkspur Vale", "Cinder Harbour")
REGIONS = ("coastal", "inland", "highland")
RACE_A = ("Midnight", "Lantern", "Copperline", "Bluewater", "Ember", "Frostbite", "Glasshouse", "Harvest Moon",
          "Ironbridge", "Juniper", "Kingfisher", "Low Tide", "Meridian", "Northern Lights", "Orchard", "Paper Mill",
          "Quicksilver", "Red Kite", "Saltmarsh", "Thunder Road", "Upland", "Velvet", "Windmill", "Yellowhammer",
          "Zephyr", "Boathouse", "Canal Towpath", "Dawn Chorus", "Evergreen", "Foxglove", "Granite", "Heron Lake",
          "Sunrise Pier", "Old Lighthouse", "Clocktower", "Riverside Ramble")
RACE_KIND = (("Marathon", 42.195), ("Half Marathon", 21.0975), ("10K", 10.0), ("Ultra", 50.0),
             ("Trail Run", 15.0))
CLUBS = ("Early Birds", "Harbour Striders", "Foxhole Harriers", "The Long Run", "Hill Goats", "Pavement Pounders",
         "Night Owls Running Collective", "Second Wind", "Bridge Street Joggers", "Mudlarks AC", "Fast Lane",
         "Steady Pace Society", "Lakeside Gazelles", "Summit Seekers", "Parkway Pacers", "Ridgeback Runners",
         "Blue Heron Athletics", "Morning Glory", "Iron Lungs", "Quarry Road Runners", "Sole Sisters",
         "Tempo Tribe", "Wildfire Track Club", "Cobblestone Crew", "Breakaway", "Gritstone Fell Club",
         "Riverbank Rovers", "Citadel Milers")
TIERS = ("recreational", "competitive", "elite")
SPONSORS = ("Pinnacle", "Harvest Grocers", "Northwind Energy", "Brightwater Bank", "Alder Mutual", "Kinetic Footwear",
            "Lumen Telecom", "Orchard Cider Co", "Peak Hydration", "Quayside Motors", "Redstone Insurance",
            "Sprocket Cycles", "Tidewater Logistics", "Umbra Optics", "Vantage Health", "Waypoint Travel",
            "Zenith Analytics", "Beacon Brewing", "Cobalt Credit Union", "Driftwood Coffee", "Fieldstone Dairy",
            "Greenleaf Pharmacy", "Hearth Bakery", "Momentum")
INDUSTRIES = ("finance", "retail", "sportswear", "food", "health", "transport", "technology")
CHARITIES = ("Open Door", "Bright Futures Trust", "Lifeline Heart Foundation", "River Rescue", "Fresh Start",
             "Guide Paws", "Hope Kitchen", "Little Lungs Appeal", "Mindful Minds", "Clean Seas Alliance",
             "Safe Harbour Shelter", "Silver Years", "Reading Tree", "Green Corridor", "Warm Hands", "Second Chance",
             "Kidney Care Network", "Bone Marrow Bridge", "Wildlife Haven", "Community Larder")
CAUSES = ("health", "children", "environment", "homelessness", "animals", "elderly")
CP_A = ("Millpond", "Gasworks", "Chapel", "Tannery", "Granary", "Lockkeeper", "Ropewalk", "Foundry", "Brewhouse",
        "Signal Box", "Bandstand", "Windlass", "Ferry Slip", "Toll Gate", "Cattle Market", "Ice House", "Lime Kiln",
        "Pump House", "Weighbridge", "Coach House", "Bell Tower", "Drill Hall", "Dovecote", "Cooperage", "Sawmill",
        "Smithy", "Tithe Barn", "Watermill", "Orangery", "Boat Yard", "Salt Store", "Gatehouse", "Pavilion",
        "Viaduct", "Quarry Pit", "Cistern", "Rotunda", "Pinfold", "Beacon Hill", "Wharf")
CP_B = ("Corner", "Crossing", "Green", "Steps", "Yard", "Bend")
STATION_KINDS = ("water", "fuel", "timing", "sponge")
AGE_GROUPS = ("junior", "senior", "masters", "veteran")
CERTS = ("level 1", "level 2", "level 3", "master coach")
SHIFTS = ("morning", "midday", "afternoon")
WAVES = ("elite", "wave A", "wave B", "wave C")
SIZES = ("S", "M", "L", "XL")


def iso(d: dt.date) -> str:
    return d.isoformat()


def rand_date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


class Names:
    """Display names unique across the graph, and no name inside another one (as whole words)."""

    def __init__(self) -> None:
        self.names: set[tuple[str, ...]] = set()
        self.parts: set[tuple[str, ...]] = set()

    def ok(self, name: str) -> bool:
        w = tuple(name.lower().split())
        if w in self.parts:  # equal to, or inside, an existing name
            return False
        subs = {w[i:j] for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
        return not (subs & self.names)  # an existing name inside this one

    def add(self, name: str) -> None:
        w = tuple(name.lower().split())
        self.names.add(w)
        self.parts |= {w[i:j] for i in range(len(w)) for j in range(i + 1, len(w) + 1)}


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = Names()

    def node(nid: str, ntype: str, **attrs) -> None:
        g.add_node(nid, type=ntype, **attrs)

    def edge(a: str, b: str, etype: str, **attrs) -> None:
        g.add_edge(a, b, type=etype, **attrs)

    def person() -> tuple[str, str]:
        while True:
            f, la = rng.choice(FIRST), rng.choice(LAST)
            if names.ok(f"{f} {la}"):
                names.add(f"{f} {la}")
                return f, la

    # fixed-name entities first (they must all be accepted)
    for fixed in (CITIES, CLUBS, SPONSORS, CHARITIES):
        for n in fixed:
            assert names.ok(n), n
            names.add(n)

    cities = []
    for i, n in enumerate(CITIES, 1):
        cid = f"city-{i}"
        node(cid, "City", name=n, population=rng.randrange(40_000, 900_000), region=rng.choice(REGIONS),
             elevation_m=round(rng.uniform(2, 640), 1), city_code=f"CT{i:02d}{n[:2].upper()}",
             has_metro=rng.random() < 0.4)
        cities.append(cid)

    races = []
    race_names = list(RACE_A)
    for i, a in enumerate(race_names, 1):
        kind, km = RACE_KIND[(i * 7 + rng.randrange(5)) % 5]
        n = f"{a} {kind}"
        assert names.ok(n), n
        names.add(n)
        rid = f"race-{i}"
        node(rid, "Race", name=n, race_date=iso(rand_date(rng, dt.date(2019, 3, 1), dt.date(2025, 11, 30))),
             distance_km=km, edition=rng.randrange(1, 31), terrain="trail" if kind in ("Ultra", "Trail Run")
             else rng.choice(("road", "road", "road", "mixed")), race_code=f"RC-{1000 + i * 13}",
             is_certified=rng.random() < 0.55, entry_fee=round(rng.uniform(18, 140), 2),
             elevation_gain_m=rng.randrange(20, 2400) + i)
        edge(rid, rng.choice(cities), "HELD_IN")
        races.append(rid)

    clubs = []
    for i, n in enumerate(CLUBS, 1):
        kid = f"club-{i}"
        node(kid, "Club", name=n, founded_year=rng.randrange(1952, 2022), membership_fee=round(rng.uniform(15, 260), 2),
             club_code=f"CLB/{i:03d}", is_affiliated=rng.random() < 0.6, tier=rng.choice(TIERS))
        edge(kid, rng.choice(cities), "BASED_IN")
        clubs.append(kid)

    sponsors = []
    for i, n in enumerate(SPONSORS, 1):
        sid = f"sponsor-{i}"
        node(sid, "Sponsor", name=n, industry=rng.choice(INDUSTRIES),
             annual_budget=round(rng.uniform(20_000, 2_500_000), 2), sponsor_code=f"SP-{rng.randrange(10000, 99999)}",
             is_local=rng.random() < 0.5)
        sponsors.append(sid)
    for rid in races:
        for sid in rng.sample(sponsors, rng.randrange(1, 5)):
            edge(sid, rid, "SPONSORS", amount=round(rng.uniform(2_000, 180_000), 2), is_title=False,
                 signed_on=iso(rand_date(rng, dt.date(2018, 1, 1), dt.date(2025, 6, 30))))
        # exactly one title sponsor per race
        first = next(k for k in g.in_edges(rid, keys=True) if g.edges[k]["type"] == "SPONSORS")
        g.edges[first]["is_title"] = True

    charities = []
    for i, n in enumerate(CHARITIES, 1):
        hid = f"charity-{i}"
        node(hid, "Charity", name=n, cause=rng.choice(CAUSES),
             registered_on=iso(rand_date(rng, dt.date(1975, 1, 1), dt.date(2020, 12, 31))),
             charity_number=f"CH{rng.randrange(100000, 999999)}", accepts_gift_aid=rng.random() < 0.7)
        charities.append(hid)

    coaches = []
    for i in range(1, 41):
        f, la = person()
        oid = f"coach-{i}"
        node(oid, "Coach", first_name=f, last_name=la, certification=rng.choice(CERTS),
             years_experience=rng.randrange(1, 40), licence_no=f"LIC-{rng.randrange(100000, 999999)}",
             hourly_rate=round(rng.uniform(25, 120), 2), is_volunteer_coach=rng.random() < 0.3)
        coaches.append(oid)
    for k, kid in enumerate(clubs):
        edge(coaches[k], kid, "LEADS", since_year=rng.randrange(2005, 2025))

    runners = []
    for i in range(1, 1401):
        f, la = person()
        uid = f"runner-{i}"
        elite = rng.random() < 0.08
        node(uid, "Runner", first_name=f, last_name=la,
             birth_date=iso(rand_date(rng, dt.date(1950, 1, 1), dt.date(2007, 12, 31))),
             age_group=rng.choice(AGE_GROUPS), weekly_km=round(rng.uniform(60, 140) if elite else rng.uniform(8, 75), 1),
             is_elite=elite, bib_code=f"BIB{rng.randrange(10000, 99999)}-{chr(65 + i % 26)}",
             height_cm=rng.randrange(150, 201))
        edge(uid, rng.choice(cities), "LIVES_IN")
        if rng.random() < 0.78:
            edge(uid, rng.choice(clubs), "MEMBER_OF",
                 joined_on=iso(rand_date(rng, dt.date(2008, 1, 1), dt.date(2025, 9, 30))))
        if rng.random() < 0.42:
            edge(rng.choice(coaches), uid, "COACHES", since_year=rng.randrange(2012, 2026))
        if rng.random() < 0.33:
            for hid in rng.sample(charities, rng.choice((1, 1, 1, 2, 3))):
                edge(uid, hid, "RAISES_FUNDS_FOR", pledged=round(rng.uniform(50, 4_000), 2),
                     pledged_on=iso(rand_date(rng, dt.date(2019, 1, 1), dt.date(2025, 10, 31))))
        runners.append(uid)

    # finishes: times per runner-race, positions by time within each race
    finishers: dict[str, list[tuple[float, str]]] = {r: [] for r in races}
    for uid in runners:
        elite = g.nodes[uid]["is_elite"]
        for rid in rng.sample(races, rng.choice((0, 1, 1, 2, 2, 3, 3, 4))):
            km = g.nodes[rid]["distance_km"]
            pace = rng.uniform(3.0, 3.9) if elite else rng.uniform(4.2, 8.5)  # minutes per km
            finishers[rid].append((round(km * pace + rng.uniform(0, 6), 2), uid))
    for rid in races:
        for pos, (t, uid) in enumerate(sorted(finishers[rid]), 1):
            edge(uid, rid, "FINISHED", finish_minutes=t, position=pos, personal_best=rng.random() < 0.18,
                 wave="elite" if g.nodes[uid]["is_elite"] else rng.choice(WAVES[1:]))

    # pacing: a faster runner PACED a slower one (directed, never both ways)
    pairs: set[tuple[str, str]] = set()
    while len(pairs) < 360:
        a, b = rng.sample(runners, 2)
        if (a, b) in pairs or (b, a) in pairs:
            continue
        pairs.add((a, b))
    for a, b in sorted(pairs, key=lambda p: (int(p[0].split("-")[1]), int(p[1].split("-")[1]))):
        edge(a, b, "PACED", km_paced=rng.randrange(5, 43))

    # checkpoints along each course, volunteers staffing them
    cps = []
    labels = [f"{a} {b}" for a in CP_A for b in CP_B]
    rng.shuffle(labels)
    li = 0
    for rid in races:
        km = g.nodes[rid]["distance_km"]
        n = rng.randrange(4, 8)
        marks = sorted(rng.sample(range(1, int(km)), min(n, int(km) - 1)))
        for order, mark in enumerate(marks, 1):
            while not names.ok(labels[li]):
                li += 1
            label = labels[li]
            li += 1
            names.add(label)
            pid = f"checkpoint-{len(cps) + 1}"
            node(pid, "Checkpoint", name=label, km_mark=float(mark) + round(rng.random(), 1),
                 has_medical=rng.random() < 0.3, station_kind=rng.choice(STATION_KINDS),
                 cp_code=f"{g.nodes[rid]['race_code']}-K{order}")
            edge(pid, rid, "ON_COURSE_OF", order=order)
            cps.append(pid)

    for i in range(1, 361):
        f, la = person()
        vid = f"volunteer-{i}"
        node(vid, "Volunteer", first_name=f, last_name=la, shifts_completed=rng.randrange(1, 60),
             first_aid_certified=rng.random() < 0.35,
             joined_on=iso(rand_date(rng, dt.date(2012, 1, 1), dt.date(2025, 8, 31))), tshirt_size=rng.choice(SIZES))
        for pid in rng.sample(cps, rng.choice((1, 1, 1, 2, 2, 3))):
            edge(vid, pid, "STAFFS", shift=rng.choice(SHIFTS))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=65)
    args = ap.parse_args()
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / "marathon.graphml")


if __name__ == "__main__":
    main()
