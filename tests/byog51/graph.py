"""Deterministic zoo-and-aquarium property graph for the byog51 hold-out set.

Usage: python tests/byog51/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/zoo.graphml

Node type in the APOC-style ``labels`` attribute (":Animal"), edge type in the edge attribute ``label``.
Only ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

import networkx as nx

SPECIES = [
    # (common name, scientific name, zone, diet type, lifespan years)
    ("African Elephant", "Loxodonta africana", "Savanna", "herbivore", 65),
    ("Reticulated Giraffe", "Giraffa reticulata", "Savanna", "herbivore", 25),
    ("Plains Zebra", "Equus quagga", "Savanna", "herbivore", 25),
    ("Southern White Rhino", "Ceratotherium simum", "Savanna", "herbivore", 45),
    ("Spotted Hyena", "Crocuta crocuta", "Savanna", "carnivore", 22),
    ("Cheetah", "Acinonyx jubatus", "Savanna", "carnivore", 14),
    ("Meerkat", "Suricata suricatta", "Savanna", "insectivore", 12),
    ("Common Ostrich", "Struthio camelus", "Savanna", "omnivore", 40),
    ("Western Lowland Gorilla", "Gorilla gorilla gorilla", "Rainforest", "herbivore", 40),
    ("Bornean Orangutan", "Pongo pygmaeus", "Rainforest", "omnivore", 45),
    ("Ring-tailed Lemur", "Lemur catta", "Rainforest", "omnivore", 20),
    ("Two-toed Sloth", "Choloepus didactylus", "Rainforest", "herbivore", 30),
    ("Scarlet Macaw", "Ara macao", "Rainforest", "herbivore", 50),
    ("Poison Dart Frog", "Dendrobates tinctorius", "Rainforest", "insectivore", 10),
    ("Green Anaconda", "Eunectes murinus", "Rainforest", "carnivore", 30),
    ("Capybara", "Hydrochoerus hydrochaeris", "Rainforest", "herbivore", 10),
    ("Okapi", "Okapia johnstoni", "Rainforest", "herbivore", 30),
    ("Red Panda", "Ailurus fulgens", "Mountain", "herbivore", 14),
    ("Snow Leopard", "Panthera uncia", "Mountain", "carnivore", 20),
    ("Amur Tiger", "Panthera tigris altaica", "Mountain", "carnivore", 20),
    ("Takin", "Budorcas taxicolor", "Mountain", "herbivore", 16),
    ("Bactrian Camel", "Camelus bactrianus", "Mountain", "herbivore", 40),
    ("Przewalski's Horse", "Equus ferus przewalskii", "Mountain", "herbivore", 25),
    ("Polar Bear", "Ursus maritimus", "Polar", "carnivore", 30),
    ("Arctic Fox", "Vulpes lagopus", "Polar", "carnivore", 11),
    ("Snowy Owl", "Bubo scandiacus", "Polar", "carnivore", 10),
    ("Emperor Penguin", "Aptenodytes forsteri", "Polar", "piscivore", 20),
    ("Harbor Seal", "Phoca vitulina", "Polar", "piscivore", 30),
    ("Beluga Whale", "Delphinapterus leucas", "Polar", "piscivore", 40),
    ("Bottlenose Dolphin", "Tursiops truncatus", "Ocean", "piscivore", 40),
    ("California Sea Lion", "Zalophus californianus", "Ocean", "piscivore", 25),
    ("Green Sea Turtle", "Chelonia mydas", "Ocean", "herbivore", 70),
    ("Blacktip Reef Shark", "Carcharhinus melanopterus", "Ocean", "piscivore", 25),
    ("Reef Manta Ray", "Mobula alfredi", "Ocean", "planktivore", 40),
    ("Giant Pacific Octopus", "Enteroctopus dofleini", "Ocean", "carnivore", 4),
    ("Moon Jellyfish", "Aurelia aurita", "Ocean", "planktivore", 1),
    ("Ocellaris Clownfish", "Amphiprion ocellaris", "Ocean", "omnivore", 8),
    ("Palette Surgeonfish", "Paracanthurus hepatus", "Ocean", "herbivore", 12),
    ("Lined Seahorse", "Hippocampus erectus", "Ocean", "carnivore", 4),
    ("Asian Small-clawed Otter", "Aonyx cinereus", "Ocean", "piscivore", 15),
    ("Komodo Dragon", "Varanus komodoensis", "Reptile House", "carnivore", 30),
    ("Galapagos Tortoise", "Chelonoidis niger", "Reptile House", "herbivore", 100),
    ("Nile Crocodile", "Crocodylus niloticus", "Reptile House", "carnivore", 70),
    ("Axolotl", "Ambystoma mexicanum", "Reptile House", "carnivore", 12),
    ("Gila Monster", "Heloderma suspectum", "Reptile House", "carnivore", 20),
    ("Red Kangaroo", "Osphranter rufus", "Outback", "herbivore", 22),
    ("Koala", "Phascolarctos cinereus", "Outback", "herbivore", 15),
    ("Tasmanian Devil", "Sarcophilus harrisii", "Outback", "carnivore", 6),
    ("Southern Cassowary", "Casuarius casuarius", "Outback", "omnivore", 40),
    ("Laughing Kookaburra", "Dacelo novaeguineae", "Outback", "carnivore", 15),
]
STATUSES = ["Least Concern", "Near Threatened", "Vulnerable", "Endangered", "Critically Endangered"]

ENCLOSURES = {
    "Savanna": ["Sunset Plains", "Acacia Ridge", "Baobab Crossing", "Dusty Hollow", "Kopje Rocks", "Waterhole Flats"],
    "Rainforest": ["Canopy Walk", "Misty Gully", "Orchid Dome", "Fern Grotto", "Liana Trail", "Jungle Terrace"],
    "Mountain": ["Cloud Summit", "Pine Meadow", "Rocky Pass", "Himalaya Terrace", "Steppe Paddock"],
    "Polar": ["Glacier Bay", "Frost Point", "Tundra Den", "Iceberg Cove"],
    "Ocean": ["Coral Lagoon", "Kelp Forest Tank", "Open Sea Gallery", "Tidepool Alley", "Deep Blue Hall",
              "Reef Nursery", "Harbour Pool"],
    "Reptile House": ["Sandstone Vault", "Basking Hall", "Swamp Hollow", "Desert Atrium"],
    "Outback": ["Eucalyptus Grove", "Red Dune Walk", "Billabong Bend", "Wallaby Flat"],
}

DIETS = {
    "herbivore": ["Browse and Hay Mix", "Leafy Greens Ration", "Herbivore Pellet Plus", "Seagrass Medley",
                  "Fruit and Vegetable Platter"],
    "carnivore": ["Whole Prey Ration", "Lean Beef Portion", "Poultry Carcass Feed", "Rodent Pack"],
    "omnivore": ["Omnivore Biscuit", "Seed and Fruit Mix", "Mixed Insect Scatter"],
    "insectivore": ["Cricket Dusting Blend", "Mealworm Tray", "Termite Paste"],
    "piscivore": ["Capelin and Herring", "Mackerel Fillet Ration", "Squid and Sprat Mix"],
    "planktivore": ["Rotifer Culture", "Krill Slurry", "Brine Shrimp Cocktail"],
}
DIET_CATEGORY = {"herbivore": "produce", "carnivore": "meat", "omnivore": "mixed", "insectivore": "insect",
                 "piscivore": "fish", "planktivore": "plankton"}

SUPPLIERS = ["Green Pastures Feed", "Northwind Seafoods", "Meadowbrook Farms", "Cricket Kingdom",
             "Blue Harbour Provisions", "Prairie Gold Hay", "Oceanic Krill Traders", "Harvest Moon Produce",
             "Timberline Browse", "Silverfin Fisheries", "Summit Nutrition", "Wildcraft Rations",
             "Orchard Lane Growers", "Polar Catch Ltd", "Redwood Insectary", "Bayside Poultry",
             "Hillcrest Grain", "Tidewater Aquaculture", "Maple Leaf Forage", "Sunrise Pellets",
             "Coastline Bait Co", "Valley Fresh Greens"]
COUNTRIES = ["USA", "Canada", "Netherlands", "Norway", "Australia"]

PROGRAMMES = ["Project Ember", "Ark of the Steppe", "Reef Revival", "Frozen North Initiative", "Canopy Keepers",
              "Savanna Legacy", "Operation Tidewatch", "Highland Hope", "Outback Renewal", "Scales and Shells",
              "Blue Horizon Plan", "Forest Heartbeat", "Wild Echo Alliance", "Thunderhoof Project",
              "Silent Wings Effort", "Deep Current Study", "Golden Dawn Scheme", "Second Chance Trust"]

SPONSORS_A = ["Harbourview", "Bright", "Oakridge", "Stonebridge", "Riverside", "Lakeshore", "Granite",
              "Evergreen", "Copperfield", "Westgate", "Pinecrest", "Sunvale", "Kingsway", "Fairmont",
              "Brookhaven", "Cedarwood", "Highpoint", "Ironbark", "Willowmere", "Foxglove"]
SPONSORS_B = ["Credit Union", "Insurance", "Dental Group", "School District", "Rotary Club", "Family Trust",
              "Motors", "Bakery"]
SPONSOR_KIND = {"Credit Union": "corporate", "Insurance": "corporate", "Dental Group": "corporate",
                "School District": "school", "Rotary Club": "community", "Family Trust": "foundation",
                "Motors": "corporate", "Bakery": "corporate"}

FIRST = ["Ana", "Marcus", "Priya", "Tomasz", "Leila", "Declan", "Yuki", "Samuel", "Ingrid", "Rafael",
         "Beatrix", "Kofi", "Mireille", "Oskar", "Nadia", "Hector", "Siobhan", "Arjun", "Greta", "Felipe",
         "Tamsin", "Desmond", "Ottilie", "Brandon", "Carmen", "Elliot", "Farah", "Gideon", "Harriet", "Imogen",
         "Jasper", "Kirsten", "Lorenzo", "Marisol", "Niall", "Odette", "Pascal", "Quentin", "Rosalind", "Stellan"]
LAST = ["Lima", "Okafor", "Brennan", "Kowalski", "Haddad", "Nakamura", "Fischer", "Delacroix", "Mensah",
        "Lindqvist", "Moreau", "Ferreira", "Ivanova", "Castellanos", "Whitcombe", "Abernathy", "Rourke",
        "Vasquez", "Thornbury", "Achterberg", "Pemberton", "Quist", "Rahman", "Sorensen", "Tavares",
        "Uchida", "Valdivia", "Wexford", "Yilmaz", "Zamora"]

ANIMAL_WORDS = ["Pepper", "Maple", "Biscuit", "Willow", "Clover", "Pebble", "Juniper", "Marble", "Saffron",
                "Hazel", "Bramble", "Cinder", "Nutmeg", "Tansy", "Barley", "Sorrel", "Quartz", "Ripple",
                "Button", "Whisper", "Mango", "Pickle", "Toffee", "Waffle", "Gumdrop", "Sprout", "Comet",
                "Breeze", "Cobalt", "Ginger"]
SYL_A = ["ka", "lo", "mi", "ta", "zu", "ra", "ne", "bo", "sa", "ki", "do", "fe", "ya", "ri", "mu", "te", "wa",
         "jo", "ha", "pi", "no", "gu", "ve", "li"]
SYL_B = ["ra", "ni", "lo", "mba", "ko", "ri", "sha", "tu", "na", "vi", "del", "mar", "zo", "ku", "lin", "bei",
         "ro", "sen", "ta", "wen"]


class Names:
    """Display names unique across the graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.taken: list[str] = []

    def ok(self, name: str) -> bool:
        low = name.lower()
        return not any(low in t or t in low for t in self.taken)

    def add(self, name: str) -> bool:
        if not self.ok(name):
            return False
        self.taken.append(name.lower())
        return True


def day(rng: random.Random, start: str, end: str) -> str:
    a, b = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    return (a + dt.timedelta(days=rng.randrange((b - a).days + 1))).isoformat()


def build(seed: int) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs: object) -> None:
        g.add_node(nid, labels=":" + label, **attrs)

    def edge(src: str, dst: str, label: str, **attrs: object) -> None:
        assert not g.has_edge(src, dst), (src, dst)
        g.add_edge(src, dst, label=label, **attrs)

    # species
    species: list[tuple[str, str, str]] = []  # (id, zone, diet)
    for i, (common, sci, zone, diet, life) in enumerate(SPECIES, 1):
        assert names.add(common), common
        sid = f"species-{i}"
        node(sid, "Species", name=common, scientific_name=sci, conservation_status=rng.choice(STATUSES),
             diet_type=diet, lifespan_years=life, iucn_code=f"IUCN-{rng.randrange(10000, 99999)}")
        species.append((sid, zone, diet))

    # enclosures
    enclosures: dict[str, list[str]] = {}
    k = 0
    for zone, encs in ENCLOSURES.items():
        for en in encs:
            k += 1
            assert names.add(en), en
            eid = f"enclosure-{k}"
            indoor = zone in ("Ocean", "Reptile House") or rng.random() < 0.2
            node(eid, "Enclosure", name=en, enclosure_code=f"ENC-{zone[:2].upper()}{k:02d}", zone=zone,
                 area_sqm=round(rng.uniform(150, 9000), 1), indoor=indoor, opened_on=day(rng, "1968-01-01",
                 "2022-12-31"), capacity=rng.randrange(4, 60))
            enclosures.setdefault(zone, []).append(eid)

    # diets and suppliers
    sup_ids = []
    for i, s in enumerate(SUPPLIERS, 1):
        assert names.add(s), s
        sid = f"supplier-{i}"
        node(sid, "FeedSupplier", name=s, supplier_code=f"SUP-{rng.randrange(100, 999)}{chr(65 + i % 26)}",
             country=rng.choice(COUNTRIES), rating=round(rng.uniform(2.5, 5.0), 2),
             certified_organic=rng.random() < 0.4, founded_year=rng.randrange(1921, 2016))
        sup_ids.append(sid)
    diets: dict[str, list[str]] = {}
    k = 0
    for dtype, dnames in DIETS.items():
        for dn in dnames:
            k += 1
            assert names.add(dn), dn
            did = f"diet-{k}"
            node(did, "Diet", name=dn, diet_code=f"DT-{k:03d}", category=DIET_CATEGORY[dtype],
                 calories_per_kg=rng.randrange(600, 4200, 10), supplemented=rng.random() < 0.5)
            diets.setdefault(dtype, []).append(did)
            for sup in rng.sample(sup_ids, rng.choice([1, 1, 2, 2, 3])):
                edge(did, sup, "SUPPLIED_BY", price_per_kg=round(rng.uniform(0.8, 38.0), 2),
                     contract_start=day(rng, "2016-01-01", "2024-06-30"), exclusive=rng.random() < 0.25)

    # breeding programmes
    prog_ids = []
    for i, pn in enumerate(PROGRAMMES, 1):
        assert names.add(pn), pn
        pid = f"programme-{i}"
        node(pid, "BreedingProgramme", name=pn, programme_code=f"BP-{2000 + i * 7}",
             status=rng.choice(["active", "active", "active", "paused", "completed"]),
             started_on=day(rng, "1995-01-01", "2021-12-31"), budget_usd=round(rng.uniform(40000, 900000), 2),
             offspring_target=rng.randrange(2, 30))
        prog_ids.append(pid)
    prog_species: dict[str, list[str]] = {}
    for j, (sid, _z, _d) in enumerate(species):
        if rng.random() < 0.55:
            pid = prog_ids[j % len(prog_ids)] if rng.random() < 0.6 else rng.choice(prog_ids)
            edge(pid, sid, "TARGETS")
            prog_species.setdefault(pid, []).append(sid)

    # sponsors
    sponsor_ids = []
    combos = [(a, b) for a in SPONSORS_A for b in SPONSORS_B]
    rng.shuffle(combos)
    for a, b in combos:
        if len(sponsor_ids) >= 85:
            break
        sn = f"{a} {b}"
        if not names.add(sn):
            continue
        sid = f"sponsor-{len(sponsor_ids) + 1}"
        node(sid, "Sponsor", name=sn, sponsor_type=SPONSOR_KIND[b],
             tier=rng.choice(["bronze", "silver", "silver", "gold", "platinum"]),
             member_since=rng.randrange(1990, 2024), donor_ref=f"DN{rng.randrange(10000, 99999)}")
        sponsor_ids.append(sid)

    # people: keepers and vets
    def person() -> tuple[str, str]:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            if names.add(f"{f} {last}"):
                return f, last

    keepers = []
    for i in range(1, 116):
        f, last = person()
        kid = f"keeper-{i}"
        exp = rng.randrange(0, 32)
        role = "head keeper" if exp > 22 else "senior keeper" if exp > 10 else "keeper" if exp > 1 else "trainee"
        node(kid, "Keeper", first_name=f, last_name=last, staff_code=f"KP-{rng.randrange(1000, 9999)}",
             hire_date=day(rng, f"{max(1990, 2024 - exp - 2)}-01-01", f"{2024 - exp}-12-31"),
             years_experience=exp, role=role, dive_certified=rng.random() < 0.3,
             hourly_rate=round(18 + exp * 0.9 + rng.uniform(0, 6), 2))
        keepers.append((kid, exp))
    vets = []
    zones = list(ENCLOSURES)
    for i in range(1, 27):
        f, last = person()
        vid = f"vet-{i}"
        node(vid, "Veterinarian", first_name=f, last_name=last, license_number=f"LIC-{rng.randrange(100000, 999999)}",
             specialty=rng.choice(["exotic", "aquatic", "large mammal", "avian", "reptile"]),
             board_certified=rng.random() < 0.55, joined_on=day(rng, "1998-01-01", "2023-06-30"),
             years_practice=rng.randrange(2, 35))
        vets.append(vid)
    vet_zone = {v: zones[i % len(zones)] for i, v in enumerate(vets)}

    # mentoring: a more experienced keeper mentors a less experienced one
    ordered = sorted(keepers, key=lambda t: (-t[1], t[0]))
    for idx, (kid, exp) in enumerate(ordered):
        seniors = [m for m, e in ordered[:idx] if e > exp]
        if seniors and rng.random() < 0.7:
            mentor = rng.choice(seniors[: max(3, len(seniors) // 2)])
            edge(mentor, kid, "MENTORS", since_year=rng.randrange(2005, 2025))

    # keeper -> enclosure
    all_encs = [e for z in zones for e in enclosures[z]]
    enc_keepers: dict[str, list[str]] = {e: [] for e in all_encs}
    for i, (kid, _e) in enumerate(keepers):
        first = all_encs[i % len(all_encs)]
        chosen = [first]
        if rng.random() < 0.3:
            zone = g.nodes[first]["zone"]
            other = rng.choice(enclosures[zone])
            if other != first:
                chosen.append(other)
        for e in chosen:
            edge(kid, e, "ASSIGNED_TO", since=day(rng, "2010-01-01", "2024-06-30"))
            enc_keepers[e].append(kid)

    # species housed in 1-2 enclosures of their zone
    sp_enc = {}
    for sid, zone, _d in species:
        sp_enc[sid] = rng.sample(enclosures[zone], rng.choice([1, 1, 2]))
    sp_diets = {sid: rng.sample(diets[d], min(len(diets[d]), rng.choice([1, 2, 2]))) for sid, _z, d in species}

    # animals
    animal_ids = []
    made = 0
    pool = list(ANIMAL_WORDS)
    while len(animal_ids) < 1150:
        if pool and rng.random() < 0.05:
            cand = pool.pop(rng.randrange(len(pool)))
        else:
            cand = (rng.choice(SYL_A) + rng.choice(SYL_B) + rng.choice(["", "", "", "n", "s", "la", "o"])).title()
        made += 1
        if len(cand) < 5 or not names.add(cand):
            continue
        aid = f"animal-{len(animal_ids) + 1}"
        sid, zone, _d = species[rng.randrange(len(species))] if rng.random() < 0.5 else \
            species[len(animal_ids) % len(species)]
        life = g.nodes[sid]["lifespan_years"]
        born = day(rng, f"{max(1960, 2024 - life)}-01-01", "2024-03-31")
        node(aid, "Animal", name=cand, animal_code=f"ZA-{rng.randrange(10000, 99999)}", birth_date=born,
             sex=rng.choice(["female", "male"]), weight_kg=round(rng.lognormvariate(3.0, 1.6), 2),
             on_loan=rng.random() < 0.12, studbook_number=rng.randrange(100, 9999))
        edge(aid, sid, "BELONGS_TO")
        enc = rng.choice(sp_enc[sid])
        edge(aid, enc, "HOUSED_IN", moved_in=day(rng, max(born, "2005-01-01"), "2024-06-30"))
        for d in rng.sample(sp_diets[sid], rng.choice([1, 1, len(sp_diets[sid])])):
            edge(aid, d, "EATS", daily_grams=rng.randrange(5, 40000 if g.nodes[sid]["lifespan_years"] > 20 else 3000))
        ks = enc_keepers[enc] or [keepers[0][0]]
        carers = rng.sample(ks, min(len(ks), rng.choice([1, 1, 2])))
        for n, kid in enumerate(carers):
            edge(kid, aid, "CARES_FOR", primary=(n == 0), shift=rng.choice(["morning", "afternoon", "night"]),
                 hours_per_week=rng.randrange(2, 21))
        animal_ids.append((aid, sid, enc, zone))

    # enrolment in breeding programmes targeting the species
    sp_prog = {}
    for pid, sps in prog_species.items():
        for s in sps:
            sp_prog.setdefault(s, []).append(pid)
    for aid, sid, _enc, _z in animal_ids:
        if sid in sp_prog and rng.random() < 0.35:
            edge(aid, rng.choice(sp_prog[sid]), "ENROLLED_IN",
                 role=rng.choice(["breeder", "breeder", "candidate", "offspring"]),
                 enrolled_on=day(rng, "2012-01-01", "2024-06-30"))

    # sponsorships
    popular = rng.sample(animal_ids, 190)
    for _ in range(280):
        aid = rng.choice(popular)[0]
        sp = rng.choice(sponsor_ids[: len(sponsor_ids) // 2]) if rng.random() < 0.5 else rng.choice(sponsor_ids)
        if g.has_edge(sp, aid):
            continue
        edge(sp, aid, "SPONSORS", annual_amount=round(rng.choice([250, 500, 1000, 2500, 5000]) *
             rng.uniform(0.8, 1.6), 2), since=day(rng, "2012-01-01", "2024-06-30"), renewed=rng.random() < 0.6)

    # checkups
    zone_vets: dict[str, list[str]] = {}
    for v, z in vet_zone.items():
        zone_vets.setdefault(z, []).append(v)
    numbers = rng.sample(range(10000, 99999), 760)
    for i, num in enumerate(numbers, 1):
        aid, _s, _e, zone = animal_ids[rng.randrange(len(animal_ids))]
        cid = f"checkup-{i}"
        title = f"Checkup {num}"
        assert names.add(title)
        w = g.nodes[aid]["weight_kg"]
        node(cid, "Checkup", title=title, checkup_date=day(rng, "2019-01-01", "2024-06-30"),
             outcome=rng.choice(["healthy", "healthy", "healthy", "monitor", "treated", "critical"]),
             recorded_weight_kg=round(w * rng.uniform(0.92, 1.08), 2), follow_up=rng.random() < 0.3,
             temperature_c=round(rng.uniform(30.0, 41.5), 1))
        edge(aid, cid, "HAD_CHECKUP")
        vet = rng.choice(zone_vets[zone]) if rng.random() < 0.85 else rng.choice(vets)
        edge(vet, cid, "PERFORMED", duration_minutes=rng.randrange(10, 180))
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=51)
    a = ap.parse_args()
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(a.seed), out / "zoo.graphml")


if __name__ == "__main__":
    main()
