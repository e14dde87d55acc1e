"""A generated hospital-network property graph (byog6): cities, hospitals, wards, doctors, patients, treatments,
drugs and drug manufacturers, with a doctor-to-doctor referral self-relation and properties on edges.

    python tests/byog6/graph.py OUTDIR [--csv] [--seed N]

Writes OUTDIR/hospital.graphml (APOC style: node type in ``labels`` as ":Label", edge type in ``label``) and,
with --csv, OUTDIR/csv/ (Neo4j admin-import files: one node file per label, one relationship file per type).
The same seed always gives byte-identical files.

Schema (8 node types, 11 edge types)::

    (Hospital)-[:LOCATED_IN]->(City)          (Ward)-[:BELONGS_TO]->(Hospital)
    (Doctor)-[:WORKS_IN]->(Ward)              (Doctor)-[:REFERRED_TO {referral_date, urgency}]->(Doctor)
    (Doctor)-[:PRESCRIBES]->(Drug)            (Patient)-[:LIVES_IN]->(City)
    (Patient)-[:ADMITTED_TO {admission_date, length_of_stay, emergency}]->(Ward)
    (Patient)-[:TREATED_BY]->(Doctor)         (Patient)-[:RECEIVED {treatment_date, outcome}]->(Treatment)
    (Treatment)-[:USES]->(Drug)               (Drug)-[:MANUFACTURED_BY]->(Manufacturer)

4-hop path: Patient -TREATED_BY-> Doctor -WORKS_IN-> Ward -BELONGS_TO-> Hospital -LOCATED_IN-> City.
"""

from __future__ import annotations

import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

SEED = 6606

CITIES = ["Ashbury", "Brackenford", "Coldwater", "Dunmere", "Elmsworth", "Fairhaven", "Greystone", "Hollowmere",
          "Kingsmoor", "Larkwell"]
REGIONS = ["North", "South", "East", "West"]
SAINTS = ["Agnes", "Bartholomew", "Columba", "Dunstan", "Edmund", "Hilda", "Jude", "Oswald", "Winifred"]
BENEFACTORS = ["Harcourt", "Pemberton", "Rothwell", "Sinclair", "Whitlock", "Ainsworth", "Carrington"]
HOSPITAL_PATTERNS = ["{city} General Hospital", "{city} Royal Infirmary", "St {saint}'s Hospital",
                     "{benefactor} Memorial Hospital", "{city} Community Hospital"]
OWNERSHIP = ["public", "private", "charity"]
SPECIALTIES = ["Cardiology", "Oncology", "Paediatrics", "Orthopaedics", "Neurology", "Maternity", "Geriatrics",
               "Respiratory", "General Surgery", "Intensive Care"]
WARD_EPONYMS = ["Nightingale", "Lister", "Jenner", "Seacole", "Cavell", "Harvey", "Hunter", "Snow", "Barnardo",
                "Simpson", "Paget", "Addison", "Bright", "Hodgkin", "Parkinson", "Florey", "Chain", "Banting",
                "Osler", "Laennec", "Semmelweis", "Pasteur", "Koch", "Curie", "Hippocrates", "Galen", "Vesalius",
                "Blackwell", "Garrett", "Anderson", "Jex-Blake", "Inglis", "Fry", "Hastings", "Ross", "Manson",
                "Ronald", "Alder", "Beech", "Cedar", "Elm", "Hawthorn", "Hazel", "Juniper", "Laurel", "Maple",
                "Oak", "Rowan", "Willow", "Yew", "Aspen", "Birch", "Cherry", "Holly", "Linden", "Poplar", "Sycamore",
                "Bluebell", "Primrose", "Snowdrop", "Foxglove", "Heather", "Lavender", "Marigold", "Orchid",
                "Poppy", "Saffron", "Tulip", "Violet", "Iris", "Jasmine", "Lotus", "Clover", "Daisy", "Fern",
                "Kestrel", "Osprey", "Heron", "Kingfisher", "Swallow", "Wren", "Robin", "Lark", "Falcon", "Merlin",
                "Plover", "Curlew", "Dunlin", "Avocet", "Linnet", "Sparrow", "Finch", "Starling", "Thrush"]
GRADES = ["Consultant", "Registrar", "Junior Doctor"]
FIRST = ["Aisha", "Alan", "Amara", "Anders", "Beatrix", "Bilal", "Callum", "Carmen", "Darius", "Delia", "Eamon",
         "Elena", "Farah", "Felix", "Gemma", "Gideon", "Hana", "Hugo", "Ines", "Isaac", "Jasper", "Julia", "Kaito",
         "Keira", "Leon", "Lucia", "Malik", "Mara", "Nadia", "Nikolai", "Octavia", "Omar", "Petra", "Pablo",
         "Quentin", "Rosa", "Rafael", "Sanne", "Stellan", "Tamsin", "Tobias", "Ursula", "Viktor", "Wanda",
         "Xavier", "Yara", "Zain", "Zofia", "Arjun", "Bronwen", "Cyrus", "Dagny", "Emeka", "Freya", "Gustav",
         "Helga", "Idris", "Jonah", "Kamala", "Lorcan", "Mirela", "Nils", "Orla", "Priya", "Rowena", "Soren",
         "Thea", "Umar", "Vesna", "Wilhelm", "Yusuf", "Zelda", "Agnieszka", "Bartosz", "Chiara", "Dmitri"]
LAST = ["Abara", "Bergstrom", "Castellano", "Dimitrov", "Eriksen", "Fairclough", "Gallagher", "Halloran",
        "Ibekwe", "Jankowski", "Kowalczyk", "Lindqvist", "Marchetti", "Nakamura", "Okonkwo", "Petrovic", "Quigley",
        "Rasmussen", "Szabo", "Takahashi", "Ulloa", "Valdivia", "Wojcik", "Yilmaz", "Zielinski", "Achterberg",
        "Brannigan", "Cortazar", "Delacroix", "Esposito", "Fitzgerald", "Gunnarsson", "Haddad", "Iversen",
        "Jovanovic", "Kaminski", "Lombardi", "Moreau", "Nwosu", "Oyelaran", "Pellegrini", "Radcliffe", "Santoro",
        "Thorvaldsen", "Underhill", "Vasquez", "Whitfield", "Xiong", "Yamamoto", "Zamora", "Albrecht", "Bianchi",
        "Chaudhry", "Dvorak", "Eberhardt", "Ferreira", "Grabowski", "Hartmann", "Ishikawa", "Janssen", "Keller",
        "Lachance", "Mendoza", "Novak", "Olsen", "Papadopoulos", "Reinholt", "Sorensen", "Tanaka", "Urquhart",
        "Vanterpool", "Wexler", "Yoshida", "Zeller", "Ambrose", "Baptiste", "Cardenas", "Doukas", "Ekstrom",
        "Fontaine", "Galloway", "Hinojosa", "Ivanova", "Jablonski", "Kristiansen", "Lundgren", "Mbeki", "Nyberg",
        "Ostrowski", "Pacheco", "Renwick", "Sokolova", "Trevelyan", "Uchenna", "Villanueva", "Winterbourne"]
BLOOD_TYPES = ["O+", "O-", "A+", "A-", "B+", "B-", "AB+", "AB-"]
BLOOD_WEIGHTS = [38, 7, 34, 6, 9, 2, 3, 1]
TREATMENTS = [("Coronary angioplasty", "surgery"), ("Appendectomy", "surgery"), ("Hip replacement", "surgery"),
              ("Knee arthroscopy", "surgery"), ("Cataract extraction", "surgery"), ("Tonsillectomy", "surgery"),
              ("Hernia repair", "surgery"), ("Spinal fusion", "surgery"), ("Heart bypass", "surgery"),
              ("Gallbladder removal", "surgery"), ("Chemotherapy cycle", "therapy"), ("Radiotherapy course", "therapy"),
              ("Physiotherapy programme", "therapy"), ("Dialysis session", "therapy"), ("Speech therapy", "therapy"),
              ("Occupational therapy", "therapy"), ("Oxygen therapy", "therapy"), ("Insulin titration", "therapy"),
              ("Cognitive behavioural therapy", "therapy"), ("Blood transfusion", "therapy"),
              ("MRI scan", "diagnostic"), ("CT scan", "diagnostic"), ("Echocardiogram", "diagnostic"),
              ("Colonoscopy", "diagnostic"), ("Lumbar puncture", "diagnostic"), ("Bone marrow biopsy", "diagnostic"),
              ("Electroencephalogram", "diagnostic"), ("Spirometry test", "diagnostic"), ("Mammography", "diagnostic"),
              ("Allergy panel", "diagnostic"), ("Antibiotic course", "medication"), ("Anticoagulation plan", "medication"),
              ("Pain management plan", "medication"), ("Immunotherapy infusion", "medication"),
              ("Hormone replacement", "medication"), ("Epidural anaesthesia", "medication"),
              ("Nebuliser treatment", "medication"), ("Vaccination", "medication"), ("Rehydration therapy", "medication"),
              ("Steroid injection", "medication")]
DRUGS = ["Atorvastatin", "Metformin", "Amoxicillin", "Lisinopril", "Omeprazole", "Salbutamol", "Warfarin",
         "Apixaban", "Paracetamol", "Ibuprofen", "Morphine", "Oxycodone", "Fentanyl", "Tramadol", "Codeine",
         "Prednisolone", "Dexamethasone", "Insulin glargine", "Levothyroxine", "Amlodipine", "Bisoprolol",
         "Ramipril", "Clopidogrel", "Heparin", "Enoxaparin", "Ceftriaxone", "Vancomycin", "Gentamicin",
         "Doxycycline", "Azithromycin", "Cisplatin", "Carboplatin", "Paclitaxel", "Tamoxifen", "Pembrolizumab",
         "Nivolumab", "Rituximab", "Methotrexate", "Levetiracetam", "Sodium valproate", "Lamotrigine",
         "Sertraline", "Fluoxetine", "Diazepam", "Lorazepam", "Midazolam", "Propofol", "Ketamine", "Lidocaine",
         "Bupivacaine", "Ondansetron", "Furosemide", "Spironolactone", "Budesonide", "Tiotropium", "Montelukast",
         "Estradiol", "Oxytocin", "Ferrous sulfate", "Folic acid"]
CONTROLLED = {"Morphine", "Oxycodone", "Fentanyl", "Tramadol", "Codeine", "Diazepam", "Lorazepam", "Midazolam",
              "Ketamine"}
FORMS = ["tablet", "capsule", "injection", "inhaler", "syrup"]
MANUFACTURERS = ["Halvorsen Pharma", "Kestrel Biologics", "Marlow & Finch Laboratories", "Novaterra Therapeutics",
                 "Ostara Health", "Pallas Medica", "Quillon Pharmaceuticals", "Redstone Generics", "Sabre Biotech",
                 "Tamsworth Chemical", "Umbra Life Sciences", "Veridian Labs", "Westbrook Pharmaceuticals",
                 "Zenith Remedies"]
COUNTRIES = ["Germany", "Switzerland", "United Kingdom", "United States", "India", "Japan", "Denmark"]
URGENCY = ["routine", "urgent", "emergency"]
OUTCOMES = ["improved", "stable", "worsened"]


def _day(rng: random.Random, start: date, end: date) -> str:
    return (start + timedelta(days=rng.randrange((end - start).days + 1))).isoformat()


def build(seed: int = SEED) -> nx.DiGraph:
    """The hospital graph (a networkx DiGraph, nodes in a fixed order, at most one edge per (start, end))."""
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **props) -> str:
        g.add_node(nid, labels=f":{label}", **props)
        return nid

    def edge(a: str, b: str, label: str, **props) -> None:
        assert not g.has_edge(a, b), (a, b)
        g.add_edge(a, b, label=label, **props)

    cities = []
    for i, c in enumerate(CITIES):
        cities.append(node(f"city{i + 1:02d}", "City", name=c, population=rng.randrange(40_000, 900_000, 500),
                           region=REGIONS[i % 4] if i < 8 else rng.choice(REGIONS), coastal=rng.random() < 0.35))

    hospitals, used = [], set()
    saints, benefactors = SAINTS[:], BENEFACTORS[:]
    rng.shuffle(saints)
    rng.shuffle(benefactors)
    for i in range(18):
        city = cities[i] if i < len(cities) else rng.choice(cities)
        while True:
            pat = rng.choice(HOSPITAL_PATTERNS)
            if ("{saint}" in pat and not saints) or ("{benefactor}" in pat and not benefactors):
                continue
            name = pat.format(city=g.nodes[city]["name"], saint=saints[-1] if saints else "",
                              benefactor=benefactors[-1] if benefactors else "")
            if name not in used:
                break
        used.add(name)
        if "{saint}" in pat:
            saints.pop()
        if "{benefactor}" in pat:
            benefactors.pop()
        h = node(f"hosp{i + 1:02d}", "Hospital", name=name, beds=rng.randrange(80, 1200),
                 opened=_day(rng, date(1880, 1, 1), date(2015, 12, 31)), ownership=rng.choice(OWNERSHIP),
                 teaching=rng.random() < 0.4, rating=round(rng.uniform(2.0, 5.0), 1))
        hospitals.append(h)
        edge(h, city, "LOCATED_IN")

    wards = []
    eponyms = WARD_EPONYMS[:]
    rng.shuffle(eponyms)
    for h in hospitals:
        specs = rng.sample(SPECIALTIES, rng.randint(3, 7))
        for spec in specs:
            w = node(f"ward{len(wards) + 1:03d}", "Ward", name=f"{eponyms.pop()} Ward" if eponyms else f"{spec} Ward {len(wards) + 1}", specialty=spec,
                     floor=rng.randint(0, 6), capacity=rng.randrange(8, 42))
            wards.append(w)
            edge(w, h, "BELONGS_TO")

    names = [(f, s) for f in FIRST for s in LAST]
    rng.shuffle(names)
    drugs = []
    manus = []
    for i, m in enumerate(MANUFACTURERS):
        manus.append(node(f"mfr{i + 1:02d}", "Manufacturer", name=m, country=rng.choice(COUNTRIES),
                          founded=rng.randint(1850, 2012), listed=rng.random() < 0.6))
    for i, d in enumerate(DRUGS):
        dr = node(f"drug{i + 1:02d}", "Drug", name=d, form=rng.choice(FORMS),
                  unit_price=round(rng.lognormvariate(1.5, 1.1), 2), approved=_day(rng, date(1950, 1, 1),
                                                                                  date(2022, 12, 31)),
                  controlled=d in CONTROLLED)
        drugs.append(dr)
        edge(dr, rng.choice(manus), "MANUFACTURED_BY")
    treatments = []
    for i, (t, cat) in enumerate(TREATMENTS):
        tr = node(f"trt{i + 1:02d}", "Treatment", name=t, category=cat,
                  cost=round(rng.uniform(80, 25_000) if cat == "surgery" else rng.uniform(40, 6_000), 2),
                  duration_minutes=rng.randrange(15, 480, 5))
        treatments.append(tr)
        for d in rng.sample(drugs, rng.randint(0, 3)):
            edge(tr, d, "USES")

    doctors, ward_docs = [], {w: [] for w in wards}
    for i in range(280):
        f, s = names.pop()
        w = wards[i] if i < len(wards) else rng.choice(wards)
        doc = node(f"doc{i + 1:03d}", "Doctor", first_name=f, last_name=s, specialty=g.nodes[w]["specialty"],
                   grade=rng.choices(GRADES, [3, 4, 5])[0], hire_date=_day(rng, date(1990, 1, 1), date(2025, 6, 30)),
                   on_call=rng.random() < 0.3)
        doctors.append(doc)
        ward_docs[w].append(doc)
        edge(doc, w, "WORKS_IN")
        for d in rng.sample(drugs, rng.randint(1, 4)):
            edge(doc, d, "PRESCRIBES")
    for _ in range(260):
        a, b = rng.sample(doctors, 2)
        if g.has_edge(a, b):
            continue
        edge(a, b, "REFERRED_TO", referral_date=_day(rng, date(2019, 1, 1), date(2025, 12, 31)),
             urgency=rng.choices(URGENCY, [6, 3, 1])[0])

    for i in range(1420):
        f, s = names.pop()
        p = node(f"pt{i + 1:04d}", "Patient", first_name=f, last_name=s,
                 birth_date=_day(rng, date(1932, 1, 1), date(2022, 12, 31)),
                 blood_type=rng.choices(BLOOD_TYPES, BLOOD_WEIGHTS)[0], insured=rng.random() < 0.7,
                 sex=rng.choice(["F", "M"]))
        edge(p, rng.choice(cities), "LIVES_IN")
        seen_docs = set()
        for w in rng.sample(wards, rng.choices([1, 2], [4, 1])[0]):
            edge(p, w, "ADMITTED_TO", admission_date=_day(rng, date(2020, 1, 1), date(2025, 11, 30)),
                 length_of_stay=rng.choices(range(1, 31), [30 - k for k in range(30)])[0],
                 emergency=rng.random() < 0.35)
            pool = ward_docs[w] or doctors
            for d in rng.sample(pool, min(len(pool), rng.randint(1, 2))):
                if d not in seen_docs:
                    seen_docs.add(d)
                    edge(p, d, "TREATED_BY")
        for t in rng.sample(treatments, rng.choices([0, 1, 2, 3], [2, 5, 3, 1])[0]):
            edge(p, t, "RECEIVED", treatment_date=_day(rng, date(2020, 1, 1), date(2025, 11, 30)),
                 outcome=rng.choices(OUTCOMES, [5, 3, 1])[0])
    return g


def write_graphml(g: nx.DiGraph, path: Path) -> None:
    nx.write_graphml(g, path, encoding="utf-8", prettyprint=True)


_CSV_TYPES = {bool: "boolean", int: "int", float: "float", str: "string"}


def _header(key: str, values: list) -> str:
    if key.endswith("date") or key in ("opened", "approved"):
        return f"{key}:date"
    kinds = {type(v) for v in values if v is not None}
    return f"{key}:{_CSV_TYPES[kinds.pop()] if len(kinds) == 1 else 'string'}"


def _cell(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "" if v is None else str(v)


def write_csv(g: nx.DiGraph, folder: Path) -> None:
    """Neo4j admin-import files: nodes_<Label>.csv (id:ID, :LABEL, typed properties) and rels_<TYPE>.csv."""
    folder.mkdir(parents=True, exist_ok=True)
    by_label: dict[str, list[str]] = {}
    for n, d in g.nodes(data=True):
        by_label.setdefault(d["labels"].lstrip(":"), []).append(n)
    for label, ns in by_label.items():
        keys = [k for k in g.nodes[ns[0]] if k != "labels"]
        with (folder / f"nodes_{label}.csv").open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow(["id:ID", ":LABEL"] + [_header(k, [g.nodes[n].get(k) for n in ns]) for k in keys])
            for n in ns:
                w.writerow([n, label] + [_cell(g.nodes[n].get(k)) for k in keys])
    by_type: dict[str, list[tuple[str, str]]] = {}
    for a, b, d in g.edges(data=True):
        by_type.setdefault(d["label"], []).append((a, b))
    for typ, es in by_type.items():
        keys = sorted({k for a, b in es for k in g.edges[a, b] if k != "label"})
        with (folder / f"rels_{typ}.csv").open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [_header(k, [g.edges[e].get(k) for e in es]) for k in keys])
            for a, b in es:
                w.writerow([a, b, typ] + [_cell(g.edges[a, b].get(k)) for k in keys])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--csv", action="store_true", help="also write Neo4j admin-import CSV files under OUTDIR/csv")
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    write_graphml(g, args.outdir / "hospital.graphml")
    if args.csv:
        write_csv(g, args.outdir / "csv")
    print(f"{g.number_of_nodes()} nodes, {g.number_of_edges()} edges -> {args.outdir / 'hospital.graphml'}")


if __name__ == "__main__":
    main()
