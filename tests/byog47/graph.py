"""Deterministic space-agency property graph for the byog47 holdout set.

Usage: python tests/byog47/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/space.graphml

Node type in node attribute ``type``; edge type in edge attribute ``type``. Stdlib random + networkx only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import sys
from pathlib import Path

import networkx as nx

FIRST = [
    "Ana", "Boris", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ingrid", "Jonas", "Keiko", "Luca",
    "Maya", "Nikolai", "Olga", "Pedro", "Quinn", "Rosa", "Sven", "Tamsin", "Umar", "Valeria", "Wes", "Ximena",
    "Yusuf", "Zora", "Amelia", "Bram", "Celeste", "Dario", "Esme", "Felix", "Gideon", "Hana", "Ivo", "Jude",
    "Kira", "Leon", "Mirela", "Nadia", "Oskar", "Priya", "Rafael", "Sakura", "Tobias", "Ursula", "Viktor",
    "Wren", "Yara", "Zeno", "Aditi", "Bjorn", "Cosima", "Dev", "Elif", "Frida", "Gael", "Hollis", "Isla", "Joaquin",
]
LAST = [
    "Abernathy", "Bakshi", "Castellanos", "Dragomir", "Eriksen", "Fontaine", "Gallagher", "Hakimi", "Ishikawa",
    "Jovanovic", "Kowalczyk", "Lindqvist", "Mbeki", "Nakashima", "Oyelaran", "Petrakis", "Quintero", "Rasmussen",
    "Szabo", "Takahashi", "Ulrich", "Vasquez", "Whitfield", "Xiong", "Yilmaz", "Zeller", "Arkwright", "Brennan",
    "Cavendish", "Delacroix", "Esposito", "Fairbanks", "Grimaldi", "Holloway", "Iwata", "Jansen", "Kaplan",
    "Lombardi", "Moreau", "Novak", "Okafor", "Pemberton", "Radcliffe", "Sorensen", "Thorne", "Underwood",
    "Valdez", "Winslow", "Yamada", "Zielinski", "Baptiste", "Chowdhury", "Duarte", "Eklund", "Ferreira",
    "Gunnarsson", "Haddad", "Ivanova", "Keller", "Laurent", "Mendoza", "Nilsen", "Ortega", "Pham", "Rocha",
    "Stone", "Hunter", "Marsh", "Fields", "Rivers", "Brook", "Frost", "Archer", "Mercer", "Fletcher",
]
MISSION_BASES = [
    "Harmony", "Pioneer", "Resolve", "Beacon", "Horizon", "Odyssey", "Meridian", "Aurora", "Zenith", "Vanguard",
    "Sentinel", "Compass", "Lantern", "Kestrel", "Tempest", "Solstice", "Equinox", "Perseverance", "Trailblazer",
    "Daybreak", "Starling", "Wayfarer", "Tidewater", "Keystone", "Pathfinder", "Lodestar", "Nightjar", "Halcyon",
    "Ember", "Cascade", "Summit", "Bright Arrow", "Open Sky", "Far Reach", "Long Watch", "Iron Gate", "Quiet Tide",
    "Northwind", "Skylark", "Firefly", "Endurance", "Valor", "Clarity", "Courage", "Tenacity", "Fortitude",
    "Radiance", "Serenity", "Mosaic", "Polaris", "Kingfisher", "Thunderbird", "Monarch", "Osprey", "Peregrine",
    "Albatross", "Heron", "Condor", "Marlin", "Orca",
]
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
SC_ADJ = [
    "Silver", "Amber", "Crimson", "Cobalt", "Ivory", "Scarlet", "Jade", "Obsidian", "Golden", "Azure", "Copper",
    "Violet", "Indigo", "Granite", "Saffron", "Onyx", "Pearl", "Russet", "Teal", "Umber",
]
SC_NOUN = [
    "Swift", "Wren", "Falcon", "Comet", "Spark", "Needle", "Anvil", "Shield", "Arrow", "Lance", "Drum", "Bell",
    "Kite", "Sparrow", "Otter", "Badger", "Lynx", "Stag", "Raven", "Fox",
]
INSTR_PREFIX = [
    "Helios", "Boreas", "Nereid", "Cygnus", "Lyra", "Orion", "Vega", "Altair", "Deneb", "Rigel", "Sirius",
    "Castor", "Pollux", "Antares", "Mira", "Capella", "Arcturus", "Spica", "Regulus", "Bellatrix", "Elnath",
    "Mintaka", "Alnitak", "Saiph", "Procyon", "Hadar", "Acrux", "Shaula", "Nunki", "Kaus", "Markab", "Scheat",
    "Alpheratz", "Mirach", "Hamal", "Menkar", "Algol", "Aldebaran", "Alhena", "Wezen", "Adhara", "Naos",
    "Avior", "Miaplacidus", "Alphard", "Dubhe", "Merak", "Phecda", "Megrez", "Alioth", "Mizar", "Alkaid",
]
INSTR_KINDS = {
    "spectrometer": "Spectrometer", "camera": "Imager", "magnetometer": "Magnetometer", "radar": "Sounder",
    "altimeter": "Altimeter", "particle detector": "Particle Counter",
}
EXP_TOPIC = [
    "Microgravity Crystal", "Plant Root", "Bone Density", "Cosmic Dust", "Solar Wind", "Protein Folding",
    "Fluid Convection", "Radiation Shielding", "Muscle Atrophy", "Regolith Sintering", "Flame Spread",
    "Cloud Nucleation", "Algae Bioreactor", "Sleep Cycle", "Magnetic Field", "Ice Core", "Plasma Wave",
    "Seed Germination", "Heat Pipe", "Vision Change", "Soil Moisture", "Auroral Emission", "Gut Microbiome",
    "Atomic Clock", "Foam Stability", "Tissue Culture", "Laser Ranging", "Meteor Shower", "Water Recovery",
    "Gravity Wave",
]
EXP_NOUN = ["Study", "Survey", "Trial", "Assay", "Campaign", "Investigation", "Probe Test", "Monitoring Run",
            "Demonstration", "Characterisation"]
EXP_DISC = {"Plant Root": "biology", "Bone Density": "human physiology", "Muscle Atrophy": "human physiology",
            "Sleep Cycle": "human physiology", "Vision Change": "human physiology", "Gut Microbiome": "biology",
            "Algae Bioreactor": "biology", "Seed Germination": "biology", "Tissue Culture": "biology",
            "Protein Folding": "biology", "Cosmic Dust": "astronomy", "Meteor Shower": "astronomy",
            "Gravity Wave": "astronomy", "Auroral Emission": "astronomy", "Solar Wind": "heliophysics",
            "Plasma Wave": "heliophysics", "Magnetic Field": "heliophysics"}
CONTRACTORS = [
    "Arkwright Aerospace", "Blue Meadow Systems", "Corvid Dynamics", "Dunmore Orbital", "Eastgate Propulsion",
    "Foxglove Industries", "Greyhawk Avionics", "Halberd Space Works", "Ironbark Engineering",
    "Juniper Launch Services", "Kittering Optics", "Larkspur Composites", "Morrow Thermal", "Nettlefield Robotics",
    "Oakhaven Instruments", "Pinecrest Satellite Co", "Quarry Hill Machining", "Redfern Structures",
    "Saltmarsh Cryogenics", "Thistledown Telemetry", "Umberfield Power", "Velvet Rocketry", "Westerly Guidance",
    "Yellowpine Materials", "Zephyr Motors", "Anchor & Key", "Brass Lantern Labs", "Copperline Harness",
    "Driftwood Sensors", "Emberly Fabrication", "Flintlock Ordnance", "Gullwing Capsules", "Hearthstone Batteries",
    "Inkwell Software", "Jackdaw Antennas", "Kingsbridge Welding", "Lodgepole Tanks", "Millrace Valves",
    "Northgate Assembly", "Orchard Thrusters",
]
COUNTRIES = ["United States", "France", "Japan", "India", "Germany", "Canada", "Italy", "Brazil"]
LV_BASES = ["Talon", "Pike", "Halyard", "Corsair", "Bastion", "Gryphon", "Trident", "Mistral", "Sabre", "Goliath"]
LV_SUFFIX = ["Heavy", "Lite", "Block 2"]
SITES = [
    ("Kestrel Point Spaceport", "United States", True), ("Cape Verity Launch Complex", "United States", True),
    ("Mesa Roja Range", "United States", False), ("Guiana Coast Pad", "France", True),
    ("Tanegashima North", "Japan", True), ("Sriharikota East", "India", True),
    ("Andoya Polar Range", "Norway", True), ("Baikal Steppe Cosmodrome", "Kazakhstan", False),
    ("Woomera Flats", "Australia", False), ("Alcantara Shore", "Brazil", True),
    ("Shetland Vertical", "United Kingdom", True), ("Esrange Forest", "Sweden", False),
    ("Wallops Marsh", "United States", True), ("Uchinoura Ridge", "Japan", True),
    ("San Marco Platform", "Italy", True),
]
STATIONS = [
    "Goldstone Ridge", "Madrid Canyon", "Canberra Valley", "Kiruna Dish", "Malargue Plateau", "Usuda Hills",
    "Bangalore Deep Array", "Weilheim Meadow", "Svalbard Crest", "Hartebeesthoek", "Kourou Lagoon",
    "New Norcia Plain", "Santiago Heights", "Fairbanks Tundra", "Maspalomas Dunes", "Redu Woods",
    "Cebreros Hill", "Perth Harbour", "Hawaii Caldera", "Yellowknife Lake",
]
BODIES = [
    ("Mars", "planet"), ("Venus", "planet"), ("Jupiter", "planet"), ("Saturn", "planet"), ("Mercury", "planet"),
    ("Neptune", "planet"), ("Uranus", "planet"), ("Luna", "moon"), ("Europa", "moon"), ("Titan", "moon"),
    ("Ganymede", "moon"), ("Callisto", "moon"), ("Io", "moon"), ("Enceladus", "moon"), ("Phobos", "moon"),
    ("Deimos", "moon"), ("Triton", "moon"), ("Oberon", "moon"), ("Titania", "moon"), ("Miranda", "moon"),
    ("Rhea", "moon"), ("Dione", "moon"), ("Iapetus", "moon"), ("Mimas", "moon"), ("Charon", "moon"),
    ("Ceres", "dwarf planet"), ("Pluto", "dwarf planet"), ("Eris", "dwarf planet"), ("Makemake", "dwarf planet"),
    ("Vesta", "asteroid"), ("Pallas", "asteroid"), ("Psyche", "asteroid"), ("Bennu", "asteroid"),
    ("Ryugu", "asteroid"), ("Eros", "asteroid"), ("Itokawa", "asteroid"), ("Apophis", "asteroid"),
    ("Didymos", "asteroid"), ("Hygiea", "asteroid"), ("Arrokoth", "asteroid"),
]


def norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", s.lower()).split())


class Names:
    """Display names unique across the graph, none inside another (token-wise)."""

    def __init__(self) -> None:
        self.full: set[str] = set()
        self.subs: set[str] = set()

    @staticmethod
    def grams(n: str) -> set[str]:
        t = n.split()
        return {" ".join(t[i:j]) for i in range(len(t)) for j in range(i + 1, len(t) + 1)}

    def ok(self, name: str) -> bool:
        n = norm(name)
        if n in self.subs:  # equal to, or inside, an existing name
            return False
        return not (self.grams(n) & self.full)  # an existing name inside this one

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        n = norm(name)
        self.full.add(n)
        self.subs |= self.grams(n)
        return True


def day(rng: random.Random, y0: int, y1: int) -> str:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def build(seed: int) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, ntype: str, **attrs) -> None:
        g.add_node(nid, type=ntype, **attrs)

    def edge(s: str, d: str, etype: str, **attrs) -> None:
        assert not g.has_edge(s, d), (s, d)
        g.add_edge(s, d, type=etype, **attrs)

    # celestial bodies (reserved first: real names)
    bodies = []
    for i, (bn, cat) in enumerate(BODIES, 1):
        assert names.add(bn)
        bid = f"body-{i}"
        radius = {"planet": (2400, 70000), "moon": (6, 2700), "dwarf planet": (700, 1200),
                  "asteroid": (0.2, 500)}[cat]
        node(bid, "CelestialBody", name=bn, category=cat, radius_km=round(rng.uniform(*radius), 1),
             distance_au=round(rng.uniform(0.3, 45.0), 2), has_atmosphere=cat == "planet" or rng.random() < 0.15,
             catalog_code=f"CB{rng.randint(1000, 9999)}")
        bodies.append(bid)

    # contractors
    contractors = []
    for i, cn in enumerate(CONTRACTORS, 1):
        assert names.add(cn), cn
        cid = f"contractor-{i}"
        node(cid, "Contractor", name=cn, country=rng.choice(COUNTRIES), founded=rng.randint(1931, 2015),
             employees=rng.randint(40, 48000), publicly_traded=rng.random() < 0.4,
             cage_code=f"{rng.choice('ABCDEFGHJK')}{rng.randint(1000, 9999)}")
        contractors.append(cid)

    # launch vehicles
    vehicles = []
    for b in LV_BASES:
        for s in LV_SUFFIX:
            vn = f"{b} {s}"
            assert names.add(vn), vn
            vid = f"rocket-{len(vehicles) + 1}"
            node(vid, "LaunchVehicle", name=vn, family=b.lower(), stages=rng.randint(2, 4),
                 payload_leo_t=round(rng.uniform(1.2, 64.0), 1), first_flight=day(rng, 1995, 2019),
                 reusable=rng.random() < 0.35)
            vehicles.append(vid)
    for vid in vehicles:
        edge(rng.choice(contractors), vid, "MANUFACTURES", since_year=rng.randint(1995, 2020))

    sites = []
    for i, (sn, country, coastal) in enumerate(SITES, 1):
        assert names.add(sn), sn
        sid = f"site-{i}"
        node(sid, "LaunchSite", name=sn, country=country, latitude=round(rng.uniform(-12.0, 69.5), 3),
             pads=rng.randint(1, 6), coastal=coastal)
        sites.append(sid)

    stations = []
    for i, gn in enumerate(STATIONS, 1):
        assert names.add(gn), gn
        gid = f"station-{i}"
        node(gid, "GroundStation", name=gn, dish_diameter_m=round(rng.uniform(9.0, 70.0), 1),
             band=rng.choice(["S", "X", "Ka", "X/Ka"]), established=day(rng, 1958, 2012),
             staffed=rng.random() < 0.6)
        stations.append(gid)

    # spacecraft
    spacecraft = []
    combos = [f"{a} {n}" for a in SC_ADJ for n in SC_NOUN]
    rng.shuffle(combos)
    for sc in combos:
        if len(spacecraft) >= 300:
            break
        if not names.add(sc):
            continue
        sid = f"spacecraft-{len(spacecraft) + 1}"
        node(sid, "Spacecraft", name=sc, serial=f"SC{rng.randint(10000, 99999)}",
             dry_mass_kg=round(rng.uniform(180.0, 24000.0), 1), power_kw=round(rng.uniform(0.3, 30.0), 2),
             propulsion=rng.choice(["chemical", "ion", "solar sail", "cold gas"]),
             reusable=rng.random() < 0.3, commissioned=day(rng, 1998, 2023))
        spacecraft.append(sid)
    for sid in spacecraft:
        edge(rng.choice(contractors), sid, "BUILT", contract_musd=round(rng.uniform(12.0, 1900.0), 2),
             signed=day(rng, 1994, 2021), fixed_price=rng.random() < 0.45)

    # instruments
    instruments = []
    icombos = [(p, k) for p in INSTR_PREFIX for k in INSTR_KINDS]
    rng.shuffle(icombos)
    for p, k in icombos:
        if len(instruments) >= 300:
            break
        iname = f"{p} {INSTR_KINDS[k]}"
        if not names.add(iname):
            continue
        iid = f"instrument-{len(instruments) + 1}"
        node(iid, "Instrument", name=iname, kind=k, mass_kg=round(rng.uniform(0.4, 260.0), 2),
             power_w=rng.randint(2, 900), part_number=f"PN{rng.randint(100000, 999999)}",
             flight_spare=rng.random() < 0.2)
        instruments.append(iid)
    carried: dict[str, set[str]] = {s: set() for s in spacecraft}
    for iid in instruments:
        for sid in rng.sample(spacecraft, rng.choice([1, 1, 1, 2, 2, 3])):
            carried[sid].add(iid)
    for sid in spacecraft:
        for iid in sorted(carried[sid], key=lambda x: int(x.split("-")[1])):
            edge(sid, iid, "CARRIES", mount=rng.choice(["boom", "deck", "gimbal", "internal"]))

    # missions
    missions = []
    mcombos = [(b, r) for r in ROMAN for b in MISSION_BASES]
    rng.shuffle(mcombos)
    for b, r in mcombos:
        if len(missions) >= 400:
            break
        mn = f"{b} {r}"
        if not names.add(mn):
            continue
        mid = f"mission-{len(missions) + 1}"
        crewed = rng.random() < 0.4
        node(mid, "Mission", name=mn, mission_code=f"M{rng.randint(1000, 9999)}{rng.choice('ABCDEFG')}",
             status=rng.choice(["completed", "completed", "completed", "active", "planned", "lost"]),
             budget_musd=round(rng.uniform(45.0, 4200.0), 1), launch_date=day(rng, 2000, 2024),
             duration_days=rng.randint(3, 4000), crewed=crewed)
        missions.append(mid)

    # people
    people = []
    pairs = [(f, s) for f in FIRST for s in LAST]
    rng.shuffle(pairs)
    roles = ["astronaut"] * 250 + ["engineer"] * 260 + ["scientist"] * 200
    for f, s in pairs:
        if len(people) >= len(roles):
            break
        if not names.add(f"{f} {s}"):
            continue
        pid = f"person-{len(people) + 1}"
        role = roles[len(people)]
        node(pid, "Person", first_name=f, last_name=s, role=role, birth_date=day(rng, 1950, 1995),
             nationality=rng.choice(COUNTRIES), flight_hours=round(rng.uniform(0, 9000), 1) if role == "astronaut"
             else round(rng.uniform(0, 300), 1), badge=f"B{rng.randint(10000, 99999)}",
             active=rng.random() < 0.7)
        people.append((pid, role))
    astronauts = [p for p, r in people if r == "astronaut"]
    engineers = [p for p, r in people if r == "engineer"]
    scientists = [p for p, r in people if r == "scientist"]

    # experiments
    experiments = []
    ecombos = [(t, n) for t in EXP_TOPIC for n in EXP_NOUN]
    rng.shuffle(ecombos)
    for t, n in ecombos:
        if len(experiments) >= 260:
            break
        title = f"{t} {n}"
        if not names.add(title):
            continue
        eid = f"experiment-{len(experiments) + 1}"
        node(eid, "Experiment", title=title, discipline=EXP_DISC.get(t, "physical sciences"),
             budget_kusd=round(rng.uniform(20.0, 5000.0), 1), samples=rng.randint(1, 240),
             start_date=day(rng, 2000, 2024), successful=rng.random() < 0.65,
             protocol_id=f"EXP{rng.randint(1000, 9999)}")
        experiments.append(eid)

    # mission edges
    free_sc = list(spacecraft)
    rng.shuffle(free_sc)
    for i, mid in enumerate(missions):
        sc = free_sc[i] if i < len(free_sc) else rng.choice(spacecraft)
        edge(mid, sc, "FLIES")
        edge(mid, rng.choice(vehicles), "LAUNCHED_ON", flight_number=rng.randint(1, 60))
        edge(mid, rng.choice(sites), "LAUNCHED_FROM")
        for b in rng.sample(bodies, rng.choice([1, 1, 1, 2])):
            edge(mid, b, "TARGETS", goal=rng.choice(["flyby", "orbit", "landing", "sample return"]),
                 closest_km=round(rng.uniform(5.0, 250000.0), 1))
        sts = rng.sample(stations, rng.choice([1, 2, 2, 3]))
        for j, st in enumerate(sts):
            edge(st, mid, "TRACKS", priority="primary" if j == 0 else "backup", passes=rng.randint(4, 900))
        if g.nodes[mid]["crewed"]:
            crew = rng.sample(astronauts, rng.choice([2, 3, 3, 4]))
            for j, p in enumerate(crew):
                role = "commander" if j == 0 else ("pilot" if j == 1 else rng.choice(
                    ["mission specialist", "payload specialist"]))
                edge(p, mid, "CREWED", role=role, eva_hours=round(rng.uniform(0, 40), 1) if rng.random() < 0.5
                     else 0.0, days_in_space=rng.randint(2, 400))
    for eid in experiments:
        edge(eid, rng.choice(missions), "CONDUCTED_ON")
        edge(rng.choice(scientists), eid, "LEADS", funding_share=round(rng.uniform(0.1, 1.0), 2))
    for p in engineers:
        edge(p, rng.choice(contractors), "EMPLOYED_BY", since=day(rng, 1990, 2023),
             clearance=rng.choice(["none", "confidential", "secret"]))
    seen: set[tuple[str, str]] = set()
    while len(seen) < 170:
        a, b = rng.sample(astronauts, 2)
        if (a, b) in seen or (b, a) in seen:
            continue
        seen.add((a, b))
        edge(a, b, "BACKUP_FOR", since_year=rng.randint(2000, 2024))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=47)
    a = ap.parse_args(argv)
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    g = build(a.seed)
    nx.write_graphml(g, out / "space.graphml")
    print(f"{g.number_of_nodes()} nodes, {g.number_of_edges()} edges -> {out / 'space.graphml'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
