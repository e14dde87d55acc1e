"""Deterministic generator of a national-park wildlife-conservation property graph (GraphML).

    python tests/byog24/graph.py OUT_DIR [--seed N]

writes OUT_DIR/park.graphml with networkx.write_graphml. The node type is the FIRST label of the APOC-style
``labels`` attribute (":Ranger:Staff"), the edge type is the edge attribute ``label``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random

import networkx as nx

DEFAULT_SEED = 24

RANGER_FIRST = ["Amara", "Bastian", "Celeste", "Dario", "Elin", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaia",
                "Lorenzo", "Maren", "Nikolai", "Odile", "Pavel", "Quinn", "Rosalind", "Soren", "Talia", "Ulrich",
                "Vesna", "Wendell", "Ximena", "Yusuf", "Zora", "Anika", "Bruno", "Clio", "Dmitri"]
RANGER_LAST = ["Aldana", "Brandt", "Castellano", "Drummond", "Eriksen", "Falk", "Gallagher", "Holm", "Iverson",
               "Jaramillo", "Kovac", "Lindqvist", "Moreau", "Novak", "Oyelaran", "Petrov", "Quintero", "Rasmussen",
               "Szabo", "Takahashi", "Umarov", "Vance", "Whitlock", "Yilmaz", "Zeller", "Abernathy", "Bergstrom",
               "Cortes", "Delacroix", "Esposito"]
RESEARCHER_FIRST = ["Harriet", "Ivo", "Jun", "Kwame", "Leona", "Mateo", "Nadia", "Oskar", "Priya", "Rafael",
                    "Sakura", "Tobias", "Uma", "Viktor", "Wren", "Yara", "Zeno", "Adele", "Bram", "Chiara"]
RESEARCHER_LAST = ["Okafor", "Nakamura", "Fitzgerald", "Lindahl", "Mbeki", "Sorensen", "Valdez", "Haddad",
                   "Kowalski", "Ferreira", "Ibsen", "Marchetti", "Nguyen", "Orlov", "Prakash", "Rahman", "Stein",
                   "Thorne", "Ueda", "Wainwright"]

# (name, class)
SPECIES = [
    ("Grey Wolf", "mammal"), ("Snow Leopard", "mammal"), ("Red Fox", "mammal"), ("Brown Bear", "mammal"),
    ("Eurasian Lynx", "mammal"), ("Wild Boar", "mammal"), ("Red Deer", "mammal"), ("Roe Deer", "mammal"),
    ("Alpine Ibex", "mammal"), ("Chamois", "mammal"), ("Pine Marten", "mammal"), ("European Badger", "mammal"),
    ("Eurasian Otter", "mammal"), ("Beaver", "mammal"), ("Hedgehog", "mammal"), ("Stoat", "mammal"),
    ("Least Weasel", "mammal"), ("Mountain Hare", "mammal"), ("Red Squirrel", "mammal"), ("Wildcat", "mammal"),
    ("Golden Jackal", "mammal"), ("Moose", "mammal"), ("Golden Eagle", "bird"), ("Bearded Vulture", "bird"),
    ("Griffon Vulture", "bird"), ("Peregrine Falcon", "bird"), ("Common Kestrel", "bird"), ("Eagle Owl", "bird"),
    ("Tawny Owl", "bird"), ("Black Stork", "bird"), ("White Stork", "bird"), ("Grey Heron", "bird"),
    ("Common Crane", "bird"), ("Capercaillie", "bird"), ("Black Grouse", "bird"), ("Hazel Grouse", "bird"),
    ("Kingfisher", "bird"), ("Hoopoe", "bird"), ("Nightjar", "bird"), ("Wallcreeper", "bird"), ("Dipper", "bird"),
    ("Osprey", "bird"), ("Red Kite", "bird"), ("Black Woodpecker", "bird"), ("Corncrake", "bird"),
    ("Bittern", "bird"), ("Adder", "reptile"), ("Grass Snake", "reptile"), ("Sand Lizard", "reptile"),
    ("Pond Turtle", "reptile"), ("Fire Salamander", "amphibian"), ("Alpine Newt", "amphibian"),
    ("Common Toad", "amphibian"), ("Tree Frog", "amphibian"), ("Brown Trout", "fish"), ("Grayling", "fish"),
    ("Huchen", "fish"), ("Apollo Butterfly", "insect"), ("Stag Beetle", "insect"), ("Emperor Dragonfly", "insect"),
]
ZONES = ["Lookout", "Crossing", "Orchard", "Quarry", "Clearing", "Summit", "Sanctuary", "Bramble",
         "Willow Basin", "Cedar Ridge", "Granite Gorge", "Silver Fen", "Mistral Plateau", "Larch Valley",
         "Thornback Moor", "Eastern Scree", "Blackwater Marsh", "Aspen Flats", "Juniper Terrace", "Heather Slopes",
         "Rowan Glade", "Lichen Tundra", "Stonebrook Delta", "Pinecrest Woods", "Saltlick Pans", "Hawthorn Bluffs",
         "Copper Canyon", "Misty Cirque", "Oxbow Wetlands", "Fernwood Ravine"]
HABITATS = ["forest", "wetland", "alpine", "grassland", "riverine", "scrubland"]
INSTITUTIONS = ["Uppsala University", "ETH Zurich", "University of Bergen", "Charles University",
                "Max Planck Institute", "University of Ljubljana"]
FIELDS = ["ornithology", "mammalogy", "herpetology", "ecology", "entomology", "ichthyology"]
EQUIPMENT_KINDS = [("Trail Camera", "camera"), ("GPS Collar", "tracking"), ("Survey Drone", "aerial"),
                   ("Radio Handset", "communication"), ("Thermal Scope", "optics"), ("Field Vehicle", "transport")]
INCIDENT_TYPES = ["poaching", "wildfire", "snare", "trespass", "vehicle strike"]
SHIFTS = ["dawn", "day", "dusk", "night"]
METHODS = ["visual", "camera trap", "tracks", "acoustic", "scat"]
IUCN = ["LC", "NT", "VU", "EN", "CR"]


def _date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def _names_nested(names: list[str]) -> list[tuple[str, str]]:
    """Pairs (a, b) where display name a is a contiguous word sequence inside display name b."""
    full = {n.lower(): n for n in names}
    bad = []
    for n in names:
        words = n.lower().split()
        for i in range(len(words)):
            for j in range(i + 1, len(words) + 1):
                if (i, j) == (0, len(words)):
                    continue
                sub = " ".join(words[i:j])
                if sub in full:
                    bad.append((full[sub], n))
    return bad


def build(seed: int = DEFAULT_SEED) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()

    def edge(src: str, label: str, dst: str, **attrs) -> None:
        g.add_edge(src, dst, label=label, **attrs)

    # ---- zones
    zones = []
    codes = rng.sample(range(10, 99), len(ZONES))
    for i, name in enumerate(ZONES, 1):
        zid = f"zone-{i}"
        hab = HABITATS[(i * 7 + rng.randrange(3)) % len(HABITATS)]
        g.add_node(zid, labels=":Zone" if i % 3 else ":Zone:Habitat", name=name, zone_code=f"Z-{codes[i - 1]}",
                   habitat=hab, area_km2=round(rng.uniform(3.0, 180.0), 2),
                   elevation_m=rng.randrange(300, 2900), restricted_access=rng.random() < 0.3,
                   designated_on=_date(rng, dt.date(1968, 1, 1), dt.date(2015, 12, 31)).isoformat())
        zones.append(zid)

    # ---- species
    species = []
    weights = {}
    for i, (name, cls) in enumerate(SPECIES, 1):
        sid = f"species-{i}"
        g.add_node(sid, labels=":Species" if cls != "bird" else ":Species:Bird", name=name,
                   taxon_code=f"{cls[:3].upper()}-{100 + i * 3}", taxon_class=cls,
                   iucn_status=rng.choices(IUCN, weights=[40, 20, 18, 14, 8])[0],
                   population_estimate=rng.randrange(40, 25000),
                   avg_weight_kg=round(rng.uniform(0.01, 250.0) if cls == "mammal" else rng.uniform(0.005, 12.0), 3),
                   endemic=rng.random() < 0.2,
                   first_recorded=_date(rng, dt.date(1890, 1, 1), dt.date(1995, 12, 31)).isoformat())
        species.append(sid)
        weights[sid] = rng.choice([1, 1, 2, 3, 5, 8, 13])
    for sid in species:
        for zid in rng.sample(zones, rng.randint(2, 6)):
            edge(sid, "INHABITS", zid, abundance=rng.choice(["rare", "common", "abundant"]),
                 breeding=rng.random() < 0.45)

    # ---- rangers and the supervision tree
    combos = [(f, la) for f in RANGER_FIRST for la in RANGER_LAST]
    rng.shuffle(combos)
    ranks = ["Warden"] * 4 + ["Senior Ranger"] * 16 + ["Ranger"] * 70 + ["Trainee"] * 30
    rangers: list[str] = []
    by_rank: dict[str, list[str]] = {}
    badges = rng.sample(range(1000, 9999), len(ranks))
    for i, rank in enumerate(ranks, 1):
        rid = f"ranger-{i}"
        first, last = combos[i - 1]
        hired = _date(rng, dt.date(1990, 1, 1) if rank in ("Warden", "Senior Ranger") else dt.date(2002, 1, 1),
                      dt.date(2024, 6, 30) if rank == "Trainee" else dt.date(2020, 12, 31))
        g.add_node(rid, labels=":Ranger:Staff" if rank in ("Warden", "Senior Ranger") else ":Ranger",
                   first_name=first, last_name=last, badge_code=f"RB-{badges[i - 1]}", rank=rank,
                   hire_date=hired.isoformat(), years_service=2025 - hired.year,
                   fitness_score=round(rng.uniform(52.0, 99.0), 1), medic_certified=rng.random() < 0.35)
        rangers.append(rid)
        by_rank.setdefault(rank, []).append(rid)
    parent_rank = {"Senior Ranger": "Warden", "Ranger": "Senior Ranger", "Trainee": "Ranger"}
    for rank, up in parent_rank.items():
        for rid in by_rank[rank]:
            boss = rng.choice(by_rank[up])
            edge(boss, "SUPERVISES", rid, since=_date(rng, dt.date(2012, 1, 1), dt.date(2024, 12, 31)).isoformat())
    for rid in rangers:
        for k, zid in enumerate(rng.sample(zones, 2 if rng.random() < 0.2 else 1)):
            edge(rid, "ASSIGNED_TO", zid, primary=k == 0,
                 since=_date(rng, dt.date(2015, 1, 1), dt.date(2024, 12, 31)).isoformat())

    # ---- patrols and sightings
    leaders = [r for r in rangers if g.nodes[r]["rank"] != "Warden"]
    lead_w = [rng.choice([1, 2, 3, 4, 6]) for _ in leaders]
    patrols = []
    for i in range(1, 401):
        pid = f"patrol-{i}"
        day = _date(rng, dt.date(2023, 1, 1), dt.date(2024, 12, 31))
        g.add_node(pid, labels=":Patrol", name=f"Patrol {i:04d}", patrol_date=day.isoformat(),
                   shift=rng.choice(SHIFTS), duration_hours=round(rng.uniform(2.0, 11.5), 1),
                   route_code=f"RT-{rng.randrange(100, 999)}", motorised=rng.random() < 0.4)
        patrols.append(pid)
        edge(rng.choices(leaders, weights=lead_w)[0], "LEADS", pid)
        for zid in rng.sample(zones, rng.choice([1, 1, 2, 2, 3])):
            edge(pid, "COVERS", zid, distance_km=round(rng.uniform(1.5, 28.0), 2),
                 hours=round(rng.uniform(0.5, 6.0), 2))
    sp_w = [weights[s] for s in species]
    for i in range(1, 1201):
        sgid = f"sighting-{i}"
        pid = rng.choice(patrols)
        g.add_node(sgid, labels=":Sighting", name=f"Sighting {i:05d}", observed_on=g.nodes[pid]["patrol_date"],
                   method=rng.choice(METHODS), grid_ref=f"GR-{rng.randrange(1000, 9999)}-{rng.randrange(100, 999)}",
                   verified=rng.random() < 0.6)
        edge(pid, "LOGGED", sgid)
        seen = rng.choices(species, weights=sp_w, k=2 if rng.random() < 0.1 else 1)
        for sid in dict.fromkeys(seen):
            edge(sgid, "OBSERVED", sid, individuals=rng.randint(1, 14),
                 confidence=rng.choices(["confirmed", "probable", "possible"], weights=[5, 3, 2])[0])

    # ---- researchers and permits
    rcombos = [(f, la) for f in RESEARCHER_FIRST for la in RESEARCHER_LAST]
    rng.shuffle(rcombos)
    researchers = []
    for i in range(1, 61):
        rsid = f"researcher-{i}"
        first, last = rcombos[i - 1]
        g.add_node(rsid, labels=":Researcher:Visitor" if i % 4 else ":Researcher", first_name=first, last_name=last,
                   institution=rng.choice(INSTITUTIONS), discipline=rng.choice(FIELDS),
                   orcid=f"0000-000{rng.randrange(1, 4)}-{rng.randrange(1000, 9999)}-{rng.randrange(1000, 9999)}",
                   h_index=rng.randrange(2, 48), has_phd=rng.random() < 0.7,
                   first_visit=_date(rng, dt.date(2008, 1, 1), dt.date(2024, 9, 30)).isoformat())
        researchers.append(rsid)
    for i in range(1, 91):
        pmid = f"permit-{i}"
        issued = _date(rng, dt.date(2019, 1, 1), dt.date(2024, 12, 31))
        g.add_node(pmid, labels=":Permit", name=f"Research Permit {i:03d}",
                   permit_code=f"RP-{issued.year % 100:02d}{rng.randrange(100, 999)}", issued_on=issued.isoformat(),
                   duration_days=rng.choice([30, 60, 90, 180, 365]), fee=round(rng.uniform(40.0, 900.0), 2),
                   drone_allowed=rng.random() < 0.3, status=rng.choice(["active", "active", "expired", "suspended"]))
        holders = rng.sample(researchers, 2 if rng.random() < 0.15 else 1)
        for rsid in holders:
            edge(rsid, "HOLDS", pmid)
        for sid in rng.sample(species, rng.randint(1, 3)):
            edge(pmid, "AUTHORIZES", sid)
        for zid in rng.sample(zones, rng.randint(1, 3)):
            edge(pmid, "VALID_IN", zid)

    # ---- incidents
    for i in range(1, 151):
        iid = f"incident-{i}"
        kind = rng.choices(INCIDENT_TYPES, weights=[4, 2, 3, 3, 1])[0]
        g.add_node(iid, labels=":Incident", name=f"Incident Report {i:04d}", incident_type=kind,
                   severity=rng.randint(1, 5), reported_on=_date(rng, dt.date(2022, 1, 1), dt.date(2024, 12, 31)).isoformat(),
                   resolved=rng.random() < 0.65, damage_estimate=round(rng.uniform(200.0, 48000.0), 2),
                   case_code=f"IC-{rng.randrange(10000, 99999)}")
        edge(iid, "OCCURRED_IN", rng.choice(zones))
        crew = rng.sample(rangers, rng.randint(1, 4))
        for k, rid in enumerate(crew):
            edge(rid, "RESPONDED_TO", iid, response_minutes=rng.randint(6, 180), role="lead" if k == 0 else "support")

    # ---- equipment
    for i in range(1, 121):
        eqid = f"equipment-{i}"
        kind, cat = EQUIPMENT_KINDS[rng.randrange(len(EQUIPMENT_KINDS))]
        cost = round(rng.uniform(150.0, 4500.0) if cat != "transport" else rng.uniform(18000.0, 52000.0), 2)
        g.add_node(eqid, labels=":Equipment:Asset" if cost > 2500 else ":Equipment", name=f"{kind} {i:03d}",
                   category=cat, serial_no=f"SN-{rng.randrange(100000, 999999)}",
                   purchased_on=_date(rng, dt.date(2014, 1, 1), dt.date(2024, 12, 31)).isoformat(), unit_cost=cost,
                   operational=rng.random() < 0.8)
        for rid in rng.sample(rangers, rng.choice([0, 1, 1, 1, 2])):
            edge(rid, "ISSUED", eqid, checkout_date=_date(rng, dt.date(2022, 1, 1), dt.date(2024, 12, 31)).isoformat(),
                 condition=rng.choice(["new", "good", "worn"]))

    names = [display_name(d) for _, d in g.nodes(data=True)]
    assert len(set(n.lower() for n in names)) == len(names), "display names must be unique"
    assert not _names_nested(names), _names_nested(names)[:5]
    return g


def display_name(attrs: dict) -> str:
    if "first_name" in attrs:
        return f"{attrs['first_name']} {attrs['last_name']}"
    return attrs.get("name") or attrs["title"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    nx.write_graphml(build(a.seed), os.path.join(a.out_dir, "park.graphml"))


if __name__ == "__main__":
    main()
