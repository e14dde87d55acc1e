"""Deterministic generator of a veterinary clinic network as Neo4j admin-import CSV files.

Usage: python tests/byog28/graph.py OUT_DIR [--seed N]   -> OUT_DIR/vet_csv/*.csv

Stdlib ``random.Random(seed)`` plus networkx (the referral network is built as a DiGraph and checked acyclic).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import re
import sys
from pathlib import Path
from random import Random

import networkx as nx

FOLDER = "vet_csv"

CITIES = ["Portland", "Eugene", "Salem", "Bend"]

CLINICS = [
    "Willow Creek Animal Hospital", "Harborview Veterinary Centre", "Juniper Lane Pet Clinic", "Northgate Vets",
    "Copperfield Animal Care", "Riverside Paws Clinic", "Lantern Veterinary Group", "Foxglove Animal Surgery",
    "Cascade Companion Clinic", "Old Mill Veterinary Practice", "Sunrise Critter Care", "Bramblewood Vet House",
]

INSURERS = [
    "Haven", "Compass Mutual", "Bluebird Pet Insurance", "Trustpaw", "Evergreen Cover", "Sentinel",
    "Kindred Mutual Society", "Summit Assurance",
]

PROCEDURES = [  # name, category, price, minutes, anesthesia
    ("Dental Scaling", "Dental", 320.0, 60, True), ("Spay Surgery", "Surgical", 480.0, 90, True),
    ("Neuter Surgery", "Surgical", 360.0, 60, True), ("Abdominal Ultrasound", "Diagnostic", 275.5, 40, False),
    ("Chest Radiograph", "Diagnostic", 165.0, 20, False), ("Blood Panel", "Diagnostic", 128.75, 15, False),
    ("Urinalysis", "Diagnostic", 62.4, 10, False), ("Nail Trim", "Grooming", 24.0, 10, False),
    ("Microchip Implant", "Preventive", 55.0, 10, False), ("Wound Repair", "Surgical", 410.0, 75, True),
    ("Cruciate Ligament Repair", "Surgical", 2850.0, 150, True), ("Tooth Extraction", "Dental", 210.0, 45, True),
    ("Skin Scraping", "Diagnostic", 48.0, 15, False), ("Ear Cleaning", "Grooming", 38.5, 15, False),
    ("Cystotomy", "Surgical", 1640.0, 120, True), ("Fracture Fixation", "Surgical", 2310.0, 140, True),
    ("Allergy Testing", "Diagnostic", 295.0, 30, False), ("Echocardiogram", "Diagnostic", 540.0, 45, False),
    ("Endoscopy", "Diagnostic", 890.0, 60, True), ("Mass Removal", "Surgical", 760.0, 80, True),
    ("Fluid Therapy", "Therapy", 145.0, 120, False), ("Eye Pressure Test", "Diagnostic", 72.0, 10, False),
    ("Anal Gland Expression", "Grooming", 31.0, 10, False), ("Physiotherapy Session", "Therapy", 95.0, 45, False),
    ("Acupuncture Session", "Therapy", 110.0, 40, False),
]

MEDICATIONS = [  # name, class, unit price, strength mg, controlled
    ("Carprofen", "NSAID", 1.35, 75, False), ("Meloxicam", "NSAID", 0.85, 15, False),
    ("Robenacoxib", "NSAID", 2.1, 20, False), ("Amoxicillin", "Antibiotic", 0.6, 250, False),
    ("Enrofloxacin", "Antibiotic", 1.8, 68, False), ("Metronidazole", "Antibiotic", 0.55, 250, False),
    ("Cephalexin", "Antibiotic", 0.7, 500, False), ("Doxycycline", "Antibiotic", 0.95, 100, False),
    ("Clindamycin", "Antibiotic", 1.1, 150, False), ("Gabapentin", "Anticonvulsant", 0.45, 100, True),
    ("Phenobarbital", "Anticonvulsant", 0.3, 60, True), ("Levetiracetam", "Anticonvulsant", 0.9, 500, False),
    ("Tramadol", "Opioid", 0.5, 50, True), ("Buprenorphine", "Opioid", 4.2, 1, True),
    ("Butorphanol", "Opioid", 3.6, 10, True), ("Prednisolone", "Steroid", 0.25, 5, False),
    ("Dexamethasone", "Steroid", 0.4, 2, False), ("Pimobendan", "Cardiac", 2.75, 5, False),
    ("Furosemide", "Cardiac", 0.2, 40, False), ("Enalapril", "Cardiac", 0.65, 10, False),
    ("Levothyroxine", "Hormone", 0.35, 1, False), ("Methimazole", "Hormone", 0.5, 5, False),
    ("Maropitant", "Antiemetic", 3.95, 60, False), ("Ondansetron", "Antiemetic", 1.25, 4, False),
    ("Selamectin", "Antiparasitic", 14.5, 120, False), ("Fluralaner", "Antiparasitic", 22.0, 500, False),
    ("Milbemycin", "Antiparasitic", 9.8, 12, False), ("Praziquantel", "Antiparasitic", 3.1, 50, False),
    ("Fenbendazole", "Antiparasitic", 1.6, 222, False), ("Ivermectin", "Antiparasitic", 0.75, 6, False),
]

VACCINES = [  # name, species, booster months, core, maker
    ("Rabies Triennial", "Dog", 36, True, "Zoetis"), ("DHPP Combo", "Dog", 12, True, "Merck"),
    ("Leptospirosis Quad", "Dog", 12, False, "Zoetis"), ("Kennel Cough Intranasal", "Dog", 12, False, "Elanco"),
    ("Canine Influenza Bivalent", "Dog", 12, False, "Merck"), ("Lyme Guard", "Dog", 12, False, "Elanco"),
    ("FVRCP Shield", "Cat", 36, True, "Boehringer"), ("Feline Leukemia Shot", "Cat", 12, False, "Boehringer"),
    ("Feline Rabies Purevax", "Cat", 12, True, "Boehringer"), ("RHDV2 Filavac", "Rabbit", 12, True, "Ceva"),
    ("Ferret Distemper Guard", "Ferret", 12, True, "Merck"),
]

SPECIES = {  # species -> (breeds, weight range kg, share)
    "Dog": (["Labrador Retriever", "German Shepherd", "Beagle", "Dachshund", "Border Collie", "Poodle",
             "Golden Retriever", "Boxer", "Shih Tzu", "Mixed"], (4.0, 42.0), 0.46),
    "Cat": (["Domestic Shorthair", "Maine Coon", "Siamese", "Ragdoll", "Bengal", "Persian"], (2.5, 8.5), 0.34),
    "Rabbit": (["Holland Lop", "Netherland Dwarf", "Rex", "Lionhead"], (1.0, 5.5), 0.08),
    "Parrot": (["African Grey", "Cockatiel", "Budgerigar"], (0.03, 0.6), 0.05),
    "Guinea Pig": (["Abyssinian", "Peruvian", "American"], (0.7, 1.4), 0.04),
    "Ferret": (["Sable", "Albino"], (0.6, 2.2), 0.03),
}

PET_FIRST = [
    "Pepper", "Shadow", "Biscuit", "Maple", "Luna", "Milo", "Olive", "Rocket", "Pickle", "Ziggy", "Nala", "Bruno",
    "Clover", "Waffles", "Jasper", "Mochi", "Tango", "Hazel", "Bandit", "Poppy", "Ginger", "Otis", "Willow",
    "Pretzel", "Juno", "Scout", "Dottie", "Finn", "Truffle", "Socks", "Kiwi", "Marble", "Bean", "Cosmo", "Daisy",
    "Ember", "Fudge", "Gizmo", "Honey", "Indigo", "Jellybean", "Koda", "Lentil", "Mango", "Nutmeg", "Oreo",
    "Peanut", "Quincy", "Rosie", "Sprout", "Toffee", "Umber", "Velvet", "Wren", "Yoshi", "Zelda", "Acorn",
    "Basil", "Cricket", "Domino", "Echo", "Fig", "Gus", "Hopper", "Iggy", "Jinx", "Kipper", "Lulu", "Murphy",
    "Noodle", "Pixel", "Rusty", "Sushi", "Tofu", "Button", "Comet", "Sage", "Pudding", "Ripley", "Bagel",
]
PET_SECOND = [
    "Bramble", "Moonbeam", "Thistle", "Featherby", "Buttonwood", "Larkspur", "Pebbleton", "Wigglesworth",
    "Snickerdoodle", "Puddlefoot", "Marigold", "Fiddlesticks", "Crumpet", "Dandelion", "Periwinkle", "Tumbleweed",
    "Huckleberry", "Quill", "Rosehip", "Sparrowhawk", "Bumblebee", "Copperpot", "Driftwood", "Elderflower",
    "Fernsby", "Gumdrop", "Hollyhock", "Inkwell", "Jamboree", "Kettleby", "Lollipop", "Mistletoe", "Nettlebed",
    "Oatcake", "Pipsqueak", "Quackers", "Ragamuffin", "Sugarplum", "Tinderbox", "Upton",
]

OWNER_FIRST = [
    "Ada", "Bilal", "Carmen", "Dmitri", "Elena", "Farah", "Gareth", "Hana", "Ibrahim", "Jolene", "Kenji", "Leticia",
    "Marcus", "Nadia", "Oscar", "Priya", "Quentin", "Rosa", "Samir", "Tamsin", "Ugo", "Valeria", "Wesley", "Ximena",
    "Yusuf", "Zoe", "Anders", "Beatriz", "Colm", "Delphine", "Emeka", "Freya", "Gustavo", "Helga", "Isla", "Jonah",
    "Kalani", "Lorenzo", "Mirela", "Niall", "Odile", "Pavel", "Rhiannon", "Soren", "Thandiwe", "Umar", "Vikram",
    "Wilhelmina", "Yara", "Zoltan", "Aurelio", "Brigid", "Cosima", "Declan", "Esther", "Florin", "Greta", "Hamish",
]
OWNER_LAST = [
    "Okafor", "Lindqvist", "Moreau", "Castellanos", "Nakamura", "Haddad", "Brennan", "Petrov", "Achterberg",
    "Delacroix", "Fairbanks", "Gallagher", "Horvath", "Iwasaki", "Jablonski", "Kowalczyk", "Lachance", "Mbeki",
    "Novak", "Oyelaran", "Pennington", "Quiroga", "Rasmussen", "Szabo", "Thorne", "Underhill", "Vasquez",
    "Whitlock", "Yilmaz", "Zielinski", "Abernathy", "Bjornsson", "Cardenas", "Dunleavy", "Esposito", "Fitzgerald",
    "Grimaldi", "Hargreaves", "Ingram", "Juarez", "Kaminski", "Lombardi", "Marchetti", "Nkemelu", "Ostrowski",
    "Prescott", "Radcliffe", "Sandoval", "Tremblay", "Valdivia",
]
VET_FIRST = [
    "Anneliese", "Bartholomew", "Cordelia", "Desmond", "Evangeline", "Fitzroy", "Genevieve", "Horatio", "Imelda",
    "Jerome", "Katarina", "Leopold", "Magdalena", "Nikolai", "Ophelia", "Percival", "Rosalind", "Sebastian",
    "Theodora", "Ulysses", "Veronika", "Winifred", "Augustin", "Beatrix", "Cassius", "Dorothea", "Ezekiel",
    "Francesca", "Gideon", "Henrietta", "Ignatius", "Juliana", "Konstantin", "Lavinia", "Maximilian", "Noemi",
    "Octavia", "Philippa", "Reginald", "Seraphina", "Tobias", "Ursula", "Valentin", "Wendeline", "Xavier",
    "Yolanda", "Zacharias", "Araminta",
]
VET_LAST = [
    "Ashcombe", "Blackwood", "Carrington", "Davenport", "Ellsworth", "Fairweather", "Greenhalgh", "Holloway",
    "Islington", "Jarrow", "Kingsley", "Loxley", "Montague", "Northcott", "Oakhurst", "Pemberton", "Quartermaine",
    "Ravenscroft", "Stanhope", "Thackeray", "Umfreville", "Vanderbilt", "Wetherby", "Yardley",
]
SPECIALTIES = ["Surgery", "Dermatology", "Cardiology", "Dentistry", "Exotics", "Oncology", "Ophthalmology"]
REASONS = ["Wellness", "Illness", "Injury", "Surgery", "Follow-up", "Dental", "Emergency"]
OUTCOMES = ["Successful", "Partial", "Complicated"]
ROLES = ["Associate", "Partner", "Locum", "Medical Director"]
CONTACT = ["Email", "Phone", "Text"]

NODE_SCHEMA = {  # label -> (id column prefix, [(attr, type)])
    "Owner": ("owner", [("first_name", "string"), ("last_name", "string"), ("client_code", "string"),
                        ("age", "int"), ("city", "string"), ("member_since", "date"), ("paperless", "boolean"),
                        ("balance_due", "float"), ("preferred_contact", "string")]),
    "Pet": ("pet", [("name", "string"), ("species", "string"), ("breed", "string"), ("sex", "string"),
                    ("born", "date"), ("weight", "float"), ("neutered", "boolean"), ("microchip", "string")]),
    "Vet": ("vet", [("first_name", "string"), ("last_name", "string"), ("license_no", "string"),
                    ("specialty", "string"), ("years_experience", "int"), ("board_certified", "boolean"),
                    ("licensed_on", "date")]),
    "Clinic": ("clinic", [("name", "string"), ("clinic_code", "string"), ("city", "string"), ("opened", "date"),
                          ("exam_rooms", "int"), ("emergency_24h", "boolean"), ("rating", "float")]),
    "Visit": ("visit", [("title", "string"), ("invoice_no", "string"), ("visit_date", "date"),
                        ("reason", "string"), ("total_cost", "float"), ("duration_min", "int"), ("paid", "boolean")]),
    "Procedure": ("proc", [("name", "string"), ("procedure_code", "string"), ("category", "string"),
                           ("price", "float"), ("duration_min", "int"), ("needs_anesthesia", "boolean")]),
    "Medication": ("med", [("name", "string"), ("ndc_code", "string"), ("drug_class", "string"),
                           ("unit_price", "float"), ("strength_mg", "int"), ("controlled", "boolean")]),
    "Vaccine": ("vacc", [("name", "string"), ("product_code", "string"), ("target_species", "string"),
                         ("booster_months", "int"), ("core", "boolean"), ("manufacturer", "string")]),
    "Insurer": ("ins", [("name", "string"), ("insurer_code", "string"), ("hq_city", "string"), ("founded", "date"),
                        ("claim_approval_rate", "float"), ("max_annual_payout", "int"), ("covers_exotics", "boolean")]),
}

EDGE_SCHEMA = {  # type -> (from label, to label, [(attr, type)])
    "OWNS": ("Owner", "Pet", [("since", "date")]),
    "REGISTERED_AT": ("Owner", "Clinic", []),
    "INSURED_BY": ("Pet", "Insurer", [("policy_no", "string"), ("monthly_premium", "float"), ("deductible", "int"),
                                      ("start_date", "date")]),
    "WORKS_AT": ("Vet", "Clinic", [("role", "string"), ("since", "date"), ("full_time", "boolean")]),
    "REFERRED_TO": ("Vet", "Vet", [("first_referral", "date"), ("cases", "int")]),
    "HAD_VISIT": ("Pet", "Visit", []),
    "HELD_AT": ("Visit", "Clinic", []),
    "SEEN_BY": ("Visit", "Vet", []),
    "INCLUDED": ("Visit", "Procedure", [("quantity", "int"), ("outcome", "string")]),
    "PRESCRIBED": ("Visit", "Medication", [("doses", "int"), ("days", "int"), ("refillable", "boolean")]),
    "VACCINATED_WITH": ("Pet", "Vaccine", [("given_on", "date"), ("dose_ml", "float"), ("adverse_reaction", "boolean")]),
    "STOCKS": ("Clinic", "Medication", [("units", "int")]),
    "PARTNERS_WITH": ("Clinic", "Insurer", [("discount_pct", "float"), ("since", "date")]),
}


def _tokens(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[a-z0-9]+", name.lower()))


class Names:
    """Display names unique across the graph, none inside another (as a run of whole words)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.parts: set[tuple[str, ...]] = set()

    def try_add(self, name: str) -> bool:
        t = _tokens(name)
        subs = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        if t in self.parts or subs & self.full:
            return False
        self.full.add(t)
        self.parts |= subs
        return True

    def add(self, name: str) -> None:
        if not self.try_add(name):
            raise ValueError(f"display name clash: {name!r}")


def _date(rng: Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    rng = Random(seed)
    names = Names()
    nodes: dict[str, list[dict]] = {label: [] for label in NODE_SCHEMA}
    edges: dict[str, list[dict]] = {t: [] for t in EDGE_SCHEMA}

    def code(prefix: str, n: int = 5) -> str:
        return prefix + "".join(rng.choice("0123456789") for _ in range(n))

    for i, name in enumerate(CLINICS):
        names.add(name)
        nodes["Clinic"].append({"id": f"clinic-{i + 1}", "name": name, "clinic_code": f"CLN-{101 + i * 7}",
                                "city": CITIES[i % 4] if i < 8 else rng.choice(CITIES),
                                "opened": _date(rng, dt.date(1978, 1, 1), dt.date(2019, 12, 31)),
                                "exam_rooms": rng.randint(3, 14), "emergency_24h": rng.random() < 0.35,
                                "rating": round(rng.uniform(3.4, 4.95), 2)})
    for i, name in enumerate(INSURERS):
        names.add(name)
        nodes["Insurer"].append({"id": f"ins-{i + 1}", "name": name, "insurer_code": code("INS", 4),
                                 "hq_city": rng.choice(["Seattle", "Boise", "Sacramento", "Denver", "Portland"]),
                                 "founded": _date(rng, dt.date(1952, 1, 1), dt.date(2016, 12, 31)),
                                 "claim_approval_rate": round(rng.uniform(0.71, 0.97), 3),
                                 "max_annual_payout": rng.choice([5000, 7500, 10000, 15000, 20000, 25000, 30000]),
                                 "covers_exotics": rng.random() < 0.5})
    for i, (name, cat, price, minutes, anest) in enumerate(PROCEDURES):
        names.add(name)
        nodes["Procedure"].append({"id": f"proc-{i + 1}", "name": name, "procedure_code": f"VP-{200 + i * 3}",
                                   "category": cat, "price": price, "duration_min": minutes,
                                   "needs_anesthesia": anest})
    for i, (name, cls, price, mg, ctrl) in enumerate(MEDICATIONS):
        names.add(name)
        nodes["Medication"].append({"id": f"med-{i + 1}", "name": name, "ndc_code": code("NDC-", 6),
                                    "drug_class": cls, "unit_price": price, "strength_mg": mg, "controlled": ctrl})
    for i, (name, sp, months, core, maker) in enumerate(VACCINES):
        names.add(name)
        nodes["Vaccine"].append({"id": f"vacc-{i + 1}", "name": name, "product_code": code("VX", 4),
                                 "target_species": sp, "booster_months": months, "core": core,
                                 "manufacturer": maker})

    # vets: 48, half general practice; 12 of them locums with few visits
    vet_pairs = [(f, la) for f in VET_FIRST for la in VET_LAST]
    rng.shuffle(vet_pairs)
    vets = []
    for first, last in vet_pairs:
        if len(vets) == 48:
            break
        if not names.try_add(f"{first} {last}"):
            continue
        i = len(vets)
        spec = "General Practice" if i % 2 == 0 else SPECIALTIES[(i // 2) % len(SPECIALTIES)]
        years = rng.randint(1, 34)
        vets.append({"id": f"vet-{i + 1}", "first_name": first, "last_name": last,
                     "license_no": f"OR-VET-{rng.randint(1000, 9999)}", "specialty": spec,
                     "years_experience": years, "board_certified": spec != "General Practice" and rng.random() < 0.7,
                     "licensed_on": dt.date(2025 - years, rng.randint(1, 12), rng.randint(1, 28))})
    nodes["Vet"] = vets
    clinic_ids = [c["id"] for c in nodes["Clinic"]]
    staff: dict[str, list[str]] = {c: [] for c in clinic_ids}
    locums = set()
    for i, v in enumerate(vets):
        home = clinic_ids[i % len(clinic_ids)]
        role = rng.choice(["Associate", "Associate", "Partner", "Medical Director"]) if i < 36 else "Locum"
        if i >= 36:
            locums.add(v["id"])
        edges["WORKS_AT"].append({"src": v["id"], "dst": home, "role": role,
                                  "since": _date(rng, dt.date(2005, 1, 1), dt.date(2024, 6, 30)),
                                  "full_time": role != "Locum" and rng.random() < 0.8})
        staff[home].append(v["id"])
        if rng.random() < 0.4:
            other = rng.choice([c for c in clinic_ids if c != home])
            edges["WORKS_AT"].append({"src": v["id"], "dst": other, "role": rng.choice(["Associate", "Locum"]),
                                      "since": _date(rng, dt.date(2010, 1, 1), dt.date(2024, 6, 30)),
                                      "full_time": False})
            staff[other].append(v["id"])

    # referrals: general practitioners refer to specialists; specialists to higher-numbered specialists
    ref = nx.DiGraph()
    gps = [v["id"] for v in vets if v["specialty"] == "General Practice"]
    specs = [v["id"] for v in vets if v["specialty"] != "General Practice"]
    for g in gps:
        for s in rng.sample(specs, rng.randint(1, 4)):
            ref.add_edge(g, s)
    for a in range(len(specs)):
        for b in range(a + 1, len(specs)):
            if rng.random() < 0.06:
                ref.add_edge(specs[a], specs[b])
    assert nx.is_directed_acyclic_graph(ref)
    for s, d in sorted(ref.edges(), key=lambda e: (int(e[0][4:]), int(e[1][4:]))):
        edges["REFERRED_TO"].append({"src": s, "dst": d,
                                     "first_referral": _date(rng, dt.date(2015, 1, 1), dt.date(2024, 12, 31)),
                                     "cases": rng.randint(1, 40)})

    # owners
    owner_pairs = [(f, la) for f in OWNER_FIRST for la in OWNER_LAST]
    rng.shuffle(owner_pairs)
    owners = []
    for first, last in owner_pairs:
        if len(owners) == 450:
            break
        if not names.try_add(f"{first} {last}"):
            continue
        owners.append({"id": f"owner-{len(owners) + 1}", "first_name": first, "last_name": last,
                       "client_code": code("CL-"), "age": rng.randint(19, 88), "city": rng.choice(CITIES),
                       "member_since": _date(rng, dt.date(2008, 1, 1), dt.date(2024, 6, 30)),
                       "paperless": rng.random() < 0.55, "balance_due": round(rng.uniform(0, 900), 2)
                       if rng.random() < 0.4 else 0.0, "preferred_contact": rng.choice(CONTACT)})
    nodes["Owner"] = owners
    home_clinic = {}
    for o in owners:
        local = [c["id"] for c in nodes["Clinic"] if c["city"] == o["city"]] or clinic_ids
        home_clinic[o["id"]] = rng.choice(local)
        edges["REGISTERED_AT"].append({"src": o["id"], "dst": home_clinic[o["id"]]})

    # pets: every owner has one, the rest go to random owners
    pet_names = [f"{a} {b}" for a in PET_FIRST for b in PET_SECOND]
    rng.shuffle(pet_names)
    species_list = list(SPECIES)
    weights = [SPECIES[s][2] for s in species_list]
    pets = []
    owner_of = {}
    pn = iter(pet_names)
    for k in range(700):
        name = next(pn)
        while not names.try_add(name):
            name = next(pn)
        sp = rng.choices(species_list, weights)[0]
        breeds, (lo, hi), _ = SPECIES[sp]
        born = _date(rng, dt.date(2006, 1, 1), dt.date(2023, 12, 31))
        pet = {"id": f"pet-{k + 1}", "name": name, "species": sp, "breed": rng.choice(breeds),
               "sex": rng.choice(["Male", "Female"]), "born": born,
               "weight": round(rng.uniform(lo, hi), 2 if hi < 1 else 1), "neutered": rng.random() < 0.62,
               "microchip": "985" + "".join(rng.choice("0123456789") for _ in range(12))}
        pets.append(pet)
        owner = owners[k] if k < len(owners) else rng.choice(owners)
        owner_of[pet["id"]] = owner["id"]
        edges["OWNS"].append({"src": owner["id"], "dst": pet["id"],
                              "since": _date(rng, born, min(born + dt.timedelta(days=900), dt.date(2024, 12, 31)))})
    nodes["Pet"] = pets
    ins_ids = [i["id"] for i in nodes["Insurer"]]
    for p in pets:
        if rng.random() < 0.6:
            edges["INSURED_BY"].append({"src": p["id"], "dst": rng.choice(ins_ids), "policy_no": code("POL-", 7),
                                        "monthly_premium": round(rng.uniform(14, 95), 2),
                                        "deductible": rng.choice([100, 250, 500, 750, 1000]),
                                        "start_date": _date(rng, max(p["born"], dt.date(2015, 1, 1)),
                                                            dt.date(2024, 12, 31))})
    vacc_by_species: dict[str, list[dict]] = {}
    for v in nodes["Vaccine"]:
        vacc_by_species.setdefault(v["target_species"], []).append(v)
    for p in pets:
        options = vacc_by_species.get(p["species"], [])
        if not options:
            continue
        for v in rng.sample(options, rng.randint(1, min(4, len(options)))):
            edges["VACCINATED_WITH"].append({"src": p["id"], "dst": v["id"],
                                             "given_on": _date(rng, max(p["born"], dt.date(2019, 1, 1)),
                                                               dt.date(2024, 12, 31)),
                                             "dose_ml": rng.choice([0.5, 1.0, 1.0, 2.0]),
                                             "adverse_reaction": rng.random() < 0.04})

    # visits
    vet_weight = {v["id"]: (0.12 if v["id"] in locums else 1.0) for v in vets}
    procs = nodes["Procedure"]
    meds = nodes["Medication"]
    visits = []
    for k in range(1100):
        pet = rng.choice(pets)
        clinic = home_clinic[owner_of[pet["id"]]] if rng.random() < 0.8 else rng.choice(clinic_ids)
        team = staff[clinic]
        vet = rng.choices(team, [vet_weight[t] for t in team])[0]
        reason = rng.choice(REASONS)
        cost = 65.0
        visit = {"id": f"visit-{k + 1}", "title": f"Visit {10001 + k}", "invoice_no": code("INV-", 6),
                 "visit_date": _date(rng, dt.date(2021, 1, 1), dt.date(2024, 12, 31)), "reason": reason}
        for pr in rng.sample(procs, rng.choice([0, 1, 1, 1, 2, 2, 3])):
            q = rng.choice([1, 1, 1, 2, 3]) if pr["category"] in ("Therapy", "Grooming", "Diagnostic") else 1
            edges["INCLUDED"].append({"src": visit["id"], "dst": pr["id"], "quantity": q,
                                      "outcome": rng.choices(OUTCOMES, [0.8, 0.14, 0.06])[0]})
            cost += pr["price"] * q
        for m in rng.sample(meds, rng.choice([0, 0, 1, 1, 1, 2])):
            doses = rng.choice([1, 7, 10, 14, 20, 28, 30])
            edges["PRESCRIBED"].append({"src": visit["id"], "dst": m["id"], "doses": doses,
                                        "days": max(1, doses // rng.choice([1, 2])), "refillable": rng.random() < 0.3})
            cost += m["unit_price"] * doses
        visit.update({"total_cost": round(cost, 2), "duration_min": rng.choice([15, 20, 30, 45, 60, 90]),
                      "paid": rng.random() < 0.85})
        visits.append(visit)
        edges["HAD_VISIT"].append({"src": pet["id"], "dst": visit["id"]})
        edges["HELD_AT"].append({"src": visit["id"], "dst": clinic})
        edges["SEEN_BY"].append({"src": visit["id"], "dst": vet})
    nodes["Visit"] = visits
    for c in clinic_ids:
        for m in sorted(rng.sample(meds, rng.randint(14, 24)), key=lambda m: int(m["id"][4:])):
            edges["STOCKS"].append({"src": c, "dst": m["id"], "units": rng.randint(5, 600)})
        for i in sorted(rng.sample(ins_ids, rng.randint(2, 4)), key=lambda x: int(x[4:])):
            edges["PARTNERS_WITH"].append({"src": c, "dst": i, "discount_pct": round(rng.uniform(2, 15), 1),
                                           "since": _date(rng, dt.date(2012, 1, 1), dt.date(2024, 6, 30))})
    return nodes, edges


def _fmt(value, typ: str) -> str:
    if typ == "boolean":
        return "true" if value else "false"
    if typ == "date":
        return value.isoformat()
    return str(value)


def write(out_dir: Path, seed: int = 28) -> Path:
    nodes, edges = build(seed)
    folder = Path(out_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for label, (prefix, attrs) in NODE_SCHEMA.items():
        with open(folder / f"{label}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f"{prefix}Id:ID", ":LABEL"] + [f"{a}:{t}" for a, t in attrs])
            for n in nodes[label]:
                w.writerow([n["id"], label] + [_fmt(n[a], t) for a, t in attrs])
    for etype, (_, _, attrs) in EDGE_SCHEMA.items():
        with open(folder / f"{etype}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{a}:{t}" for a, t in attrs])
            for e in edges[etype]:
                w.writerow([e["src"], e["dst"], etype] + [_fmt(e[a], t) for a, t in attrs])
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=28)
    args = ap.parse_args(argv)
    folder = write(Path(args.out_dir), args.seed)
    print(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
