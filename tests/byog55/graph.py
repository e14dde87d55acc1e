"""Deterministic hospital-pharmacy property graph (GraphML, node/edge type in attribute ``label``).

Usage: python tests/byog55/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/pharmacy.graphml
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

import networkx as nx

GENERICS = [
    "Amoxicillin", "Metformin", "Atorvastatin", "Lisinopril", "Omeprazole", "Amlodipine", "Simvastatin",
    "Levothyroxine", "Warfarin", "Apixaban", "Furosemide", "Ceftriaxone", "Vancomycin", "Heparin", "Insulin Glargine",
    "Morphine", "Oxycodone", "Fentanyl", "Paracetamol", "Ibuprofen", "Naproxen", "Prednisolone", "Dexamethasone",
    "Salbutamol", "Tiotropium", "Sertraline", "Citalopram", "Fluoxetine", "Quetiapine", "Haloperidol", "Lorazepam",
    "Diazepam", "Gabapentin", "Pregabalin", "Tramadol", "Codeine", "Clopidogrel", "Bisoprolol", "Ramipril",
    "Losartan", "Doxycycline", "Ciprofloxacin", "Azithromycin", "Clarithromycin", "Metronidazole", "Fluconazole",
    "Aciclovir", "Ondansetron", "Metoclopramide", "Lansoprazole", "Allopurinol", "Colchicine", "Digoxin",
    "Spironolactone", "Enoxaparin", "Tamsulosin", "Finasteride", "Sumatriptan", "Propranolol", "Carvedilol",
    "Nitrofurantoin", "Trimethoprim", "Meropenem", "Piperacillin", "Gentamicin", "Rifampicin", "Isoniazid",
    "Hydrocortisone", "Montelukast", "Cetirizine", "Loratadine", "Donepezil", "Levetiracetam", "Valproate",
    "Lamotrigine",
]
STRENGTHS = ["5mg", "10mg", "20mg", "25mg", "40mg", "50mg", "100mg", "200mg", "250mg", "400mg", "500mg", "850mg"]
# potent or low-dose generics only come in the small strengths, antibiotics and the like in the large ones
LOW_DOSE = {"Levothyroxine", "Warfarin", "Apixaban", "Morphine", "Oxycodone", "Fentanyl", "Dexamethasone", "Salbutamol",
            "Tiotropium", "Haloperidol", "Lorazepam", "Diazepam", "Bisoprolol", "Ramipril", "Digoxin", "Tamsulosin",
            "Finasteride", "Montelukast", "Cetirizine", "Loratadine", "Donepezil", "Ondansetron", "Colchicine",
            "Amlodipine", "Insulin Glargine", "Heparin", "Enoxaparin"}
HIGH_DOSE = {"Amoxicillin", "Metformin", "Ceftriaxone", "Vancomycin", "Paracetamol", "Ibuprofen", "Naproxen",
             "Gabapentin", "Ciprofloxacin", "Azithromycin", "Clarithromycin", "Metronidazole", "Aciclovir",
             "Meropenem", "Piperacillin", "Rifampicin", "Levetiracetam", "Valproate", "Nitrofurantoin", "Trimethoprim",
             "Allopurinol"}
FORMS = ["tablet", "capsule", "injection", "oral solution", "inhaler", "patch"]
MANUFACTURERS = [
    "Northwind Pharma", "Blue Heron Laboratories", "Castleford Biologics", "Meridian Generics", "Lantern Therapeutics",
    "Aldergrove Pharmaceuticals", "Copperleaf Health", "Silverline Medica", "Kestrel Drug Works", "Orchard Lifesciences",
    "Tidewater Pharmaceutical", "Granite Peak Labs", "Juniper Remedies", "Beacon Pharmacal", "Foxglove Biotech",
    "Redwood Formulations", "Halcyon Medicines", "Pioneer Compounding", "Saltmarsh Pharma", "Thistle Generics",
    "Ironbridge Pharmaceuticals", "Cobalt Bay Labs", "Morningside Biologics", "Larkspur Pharma", "Quarry Hill Medica",
    "Evergreen Drug Company", "Stonegate Laboratories", "Wrenfield Therapeutics",
]
COUNTRIES = ["India", "Germany", "United States", "Ireland", "Switzerland", "China"]
SUPPLIERS = [
    "Harbor Medical Supply", "Summit Wholesale", "Crossroads Distribution", "Lighthouse Pharma Logistics",
    "Keystone Healthcare Wholesale", "Prairie Drug Distributors", "Riverbend Medical", "Anchor Supply Partners",
    "Bright Meadow Wholesale", "Compass Pharmacy Services", "Falcon Cold Chain", "Milestone Medical Wholesale",
    "Oakridge Distribution", "Pinnacle Pharma Supply", "Sterling Health Logistics", "Trident Wholesale Drugs",
    "Union Street Medical", "Westgate Pharmacy Supply",
]
REGIONS = ["North", "South", "East", "West", "Central"]
WARDS = [
    ("Willow Ward", "cardiology"), ("Maple Ward", "oncology"), ("Cedar Ward", "general medicine"),
    ("Lark Ward", "paediatrics"), ("Harbour Ward", "surgery"), ("Sunrise Ward", "geriatrics"),
    ("Bramble Ward", "general medicine"), ("Poppy Ward", "maternity"), ("Juniper Unit", "intensive care"),
    ("Heron Ward", "surgery"), ("Thames Ward", "cardiology"), ("Kingfisher Ward", "oncology"),
    ("Foxhill Ward", "respiratory"), ("Daffodil Ward", "paediatrics"), ("Beacon Unit", "intensive care"),
    ("Meadow Ward", "respiratory"), ("Orchid Ward", "geriatrics"), ("Granite Ward", "general medicine"),
]
FORMULARIES = [
    "Adult Core Formulary", "Paediatric Formulary", "Critical Care Formulary", "Antimicrobial Stewardship List",
    "Oncology Supportive Formulary", "Palliative Care Formulary", "Emergency Department Formulary",
    "Mental Health Formulary",
]
FIRST = [
    "Amara", "Bilal", "Chiara", "Dmitri", "Elif", "Farhan", "Greta", "Hiroshi", "Ingrid", "Jomo", "Keziah", "Lorenzo",
    "Maren", "Nikhil", "Oona", "Pavel", "Quinn", "Rosalind", "Soren", "Tamsin", "Ugo", "Valeria", "Wendell", "Ximena",
    "Yusuf", "Zofia", "Anselm", "Bronwen", "Cosimo", "Delphine", "Emeka", "Fenella", "Gideon", "Hollis", "Isolde",
    "Jasper", "Kalani", "Leopold", "Mireille", "Niamh", "Octavia", "Perpetua", "Rashid", "Saoirse", "Tobias",
    "Ulrike", "Vikram", "Winifred", "Yara", "Zebedee", "Ansel", "Beatrix", "Caspian", "Dagny", "Eamon", "Frida",
    "Gwilym", "Henrike", "Idris", "Jolene",
]
LAST = [
    "Okafor", "Lindqvist", "Marchetti", "Haddad", "Brennan", "Nakamura", "Oyelaran", "Fitzgerald", "Castellanos",
    "Vukovic", "Abernathy", "Delacroix", "Engstrom", "Ferreira", "Grzybowski", "Halvorsen", "Iwasaki", "Jablonski",
    "Kowalczyk", "Lachance", "Mbeki", "Nordstrom", "Oduya", "Petrakis", "Quintero", "Rasmussen", "Szabo", "Thorne",
    "Uchenna", "Valdivia", "Whitcombe", "Yilmaz", "Zeller", "Ashdown", "Birkett", "Carrow", "Dunmore", "Eastwick",
    "Farrington", "Gallacher", "Holloway", "Inglewood", "Jessop", "Kilbride", "Lockhart", "Merriweather", "Northcott",
    "Ormsby", "Pemberton", "Ravenscroft", "Stroud", "Tillman", "Underhill", "Vance", "Wetherby", "Yardley",
    "Achterberg", "Bjornsson", "Cavanagh", "Dimitrov",
]

N_STAFF, N_PATIENTS, N_RX, N_BATCH, N_AER = 120, 620, 1250, 420, 130


def _date(rng: random.Random, start: str, end: str) -> str:
    a, b = dt.date.fromisoformat(start), dt.date.fromisoformat(end)
    return (a + dt.timedelta(days=rng.randint(0, (b - a).days))).isoformat()


def build(seed: int = 55) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def edge(u: str, v: str, label: str, **attrs) -> None:
        assert not g.has_edge(u, v), (u, v, label)
        g.add_edge(u, v, label=label, **attrs)

    # manufacturers
    mfrs = []
    for i, name in enumerate(MANUFACTURERS):
        nid = f"mfr-{i + 1}"
        g.add_node(nid, label="Manufacturer", name=name, country=rng.choice(COUNTRIES),
                   founded_year=rng.randint(1895, 2012), gmp_certified=rng.random() < 0.8,
                   quality_score=round(rng.uniform(2.5, 5.0), 2), licence_code=f"ML{rng.randint(10000, 99999)}")
        mfrs.append(nid)
    # drugs: 75 generics x 2 strengths
    drugs = []
    for gi, gen in enumerate(GENERICS):
        pool = STRENGTHS[:6] if gen in LOW_DOSE else STRENGTHS[6:] if gen in HIGH_DOSE else STRENGTHS[2:9]
        for s in sorted(rng.sample(pool, 2), key=STRENGTHS.index):
            nid = f"drug-{len(drugs) + 1}"
            controlled = gen in {"Morphine", "Oxycodone", "Fentanyl", "Lorazepam", "Diazepam", "Tramadol", "Codeine",
                                 "Pregabalin"}
            g.add_node(nid, label="Drug", name=f"{gen} {s}", form=rng.choice(FORMS), strength_mg=float(s[:-2]),
                       controlled=controlled, unit_cost=round(rng.uniform(0.05, 180.0), 2),
                       shelf_life_months=rng.choice([12, 18, 24, 36, 48, 60]),
                       approved_on=_date(rng, "1975-01-01", "2022-12-31"),
                       atc_code=f"{'ABCDJLMNR'[gi % 9]}{rng.randint(1, 16):02d}{'ABCDX'[gi % 5]}"
                                f"{'ABCDE'[rng.randint(0, 4)]}{rng.randint(1, 30):02d}")
            drugs.append(nid)
            edge(rng.choice(mfrs), nid, "MANUFACTURES", since_year=rng.randint(1980, 2023))
    # suppliers
    sups = []
    for i, name in enumerate(SUPPLIERS):
        nid = f"supplier-{i + 1}"
        g.add_node(nid, label="Supplier", name=name, region=rng.choice(REGIONS), lead_time_days=rng.randint(1, 21),
                   preferred_vendor=rng.random() < 0.4, reliability=round(rng.uniform(0.7, 0.995), 3),
                   onboarded_on=_date(rng, "2005-01-01", "2023-06-30"), account_no=f"SUP-{rng.randint(1000, 9999)}")
        sups.append(nid)
    supplied_by: dict[str, list[str]] = {}
    for d in drugs:
        chosen = rng.sample(sups, rng.randint(1, 3))
        supplied_by[d] = chosen
        for k, s in enumerate(chosen):
            edge(s, d, "SUPPLIES", contract_price=round(g.nodes[d]["unit_cost"] * rng.uniform(0.6, 1.1), 2),
                 exclusive=len(chosen) == 1 and rng.random() < 0.5, contract_start=_date(rng, "2018-01-01", "2024-06-30"),
                 tier=["primary", "backup", "spot"][k])
    # wards
    wards = []
    for i, (name, spec) in enumerate(WARDS):
        nid = f"ward-{i + 1}"
        g.add_node(nid, label="Ward", name=name, specialty=spec, floor=rng.randint(1, 6), bed_count=rng.randint(12, 40),
                   opened_on=_date(rng, "1968-01-01", "2019-12-31"), isolation_capable=rng.random() < 0.35,
                   ward_code=f"W{rng.randint(100, 999)}{'ABCDEFGH'[i % 8]}")
        wards.append(nid)
    # people: unique first/last pairs
    pairs = [(f, s) for f in FIRST for s in LAST]
    rng.shuffle(pairs)
    pairs = pairs[: N_STAFF + N_PATIENTS]
    staff = []
    for i in range(N_STAFF):
        f, ln = pairs[i]
        nid = f"staff-{i + 1}"
        role = "pharmacist" if i < 45 else ("nurse" if i < 105 else "pharmacy technician")
        g.add_node(nid, label="Staff", first_name=f, last_name=ln, role=role, hired_on=_date(rng, "1995-01-01", "2024-03-31"),
                   years_experience=rng.randint(1, 38), hourly_rate=round(rng.uniform(19.0, 68.0), 2),
                   on_call=rng.random() < 0.3, badge_no=f"B{rng.randint(10000, 99999)}")
        staff.append(nid)
    # supervision tree: the first 5 lead; everyone else reports to someone earlier
    for i in range(5, N_STAFF):
        boss = staff[rng.randint(0, min(i - 1, 5 + (i - 5) // 3))]
        edge(boss, staff[i], "SUPERVISES", since=_date(rng, "2010-01-01", "2024-06-30"))
    for s in staff:
        for w in rng.sample(wards, rng.choice([1, 1, 2, 2, 3])):
            edge(s, w, "ASSIGNED_TO", shift=rng.choice(["day", "night", "rotating"]), fte=rng.choice([0.2, 0.4, 0.5, 0.6, 0.8, 1.0]),
                 start_date=_date(rng, "2012-01-01", "2024-06-30"))
    patients = []
    for i in range(N_PATIENTS):
        f, ln = pairs[N_STAFF + i]
        nid = f"patient-{i + 1}"
        g.add_node(nid, label="Patient", first_name=f, last_name=ln, mrn=f"MRN{rng.randint(1000000, 9999999)}",
                   birth_date=_date(rng, "1932-01-01", "2021-12-31"), sex=rng.choice(["female", "male"]),
                   weight_kg=round(rng.uniform(9.0, 132.0), 1), penicillin_allergy=rng.random() < 0.12,
                   admissions_count=rng.randint(1, 9))
        patients.append(nid)
        for w in rng.sample(wards, rng.choice([1, 1, 1, 2])):
            edge(nid, w, "ADMITTED_TO", admitted_on=_date(rng, "2022-01-01", "2024-10-31"),
                 length_of_stay=rng.randint(1, 30), emergency=rng.random() < 0.4)
    # prescriptions
    dispensers = [s for s in staff if g.nodes[s]["role"] != "nurse"]
    weights = [rng.uniform(0.2, 3.0) for _ in drugs]
    rx_numbers = rng.sample(range(100000, 999999), N_RX)
    for i in range(N_RX):
        nid = f"rx-{i + 1}"
        d = rng.choices(drugs, weights)[0]
        g.add_node(nid, label="Prescription", title=f"Rx {rx_numbers[i]}", issued_on=_date(rng, "2023-01-01", "2024-10-31"),
                   dose_mg=g.nodes[d]["strength_mg"] * rng.choice([0.5, 1, 1, 2]), doses_per_day=rng.randint(1, 4),
                   status=rng.choice(["active", "active", "completed", "cancelled"]), as_needed=rng.random() < 0.2)
        edge(rng.choice(patients), nid, "HAS_PRESCRIPTION")
        edge(nid, d, "FOR_DRUG")
        edge(rng.choice(dispensers), nid, "DISPENSED", dispensed_on=g.nodes[nid]["issued_on"],
             quantity=rng.choice([7, 14, 28, 30, 56, 60, 90]), counselled=rng.random() < 0.55)
    # stock batches
    lots = rng.sample(range(1000, 9999), N_BATCH)
    for i in range(N_BATCH):
        nid = f"batch-{i + 1}"
        d = rng.choice(drugs)
        g.add_node(nid, label="StockBatch", name=f"Lot {'KMPRTVXZ'[i % 8]}{lots[i]}",
                   expiry_date=_date(rng, "2024-01-01", "2027-12-31"), units_on_hand=rng.randint(0, 2400),
                   quarantined=rng.random() < 0.08, storage=rng.choice(["ambient", "ambient", "refrigerated", "frozen"]),
                   received_temp_c=round(rng.uniform(-22.0, 24.0), 1))
        edge(nid, d, "BATCH_OF")
        edge(rng.choice(supplied_by[d]), nid, "DELIVERED", delivered_on=_date(rng, "2023-01-01", "2024-10-31"),
             cases=rng.randint(1, 60), cold_chain_ok=rng.random() < 0.9,
             carrier=rng.choice(["own fleet", "courier", "pallet freight"]))
    # adverse event reports
    reporters = [s for s in staff if g.nodes[s]["role"] != "pharmacy technician"]
    aer_nums = rng.sample(range(1000, 9999), N_AER)
    for i in range(N_AER):
        nid = f"aer-{i + 1}"
        g.add_node(nid, label="AdverseEventReport", title=f"ADR report {aer_nums[i]}",
                   severity=rng.choice(["mild", "mild", "moderate", "severe", "life-threatening"]),
                   reported_on=_date(rng, "2023-01-01", "2024-10-31"), serious=rng.random() < 0.3,
                   onset_hours=round(rng.uniform(0.5, 96.0), 1),
                   outcome=rng.choice(["recovered", "recovering", "not recovered", "unknown outcome"]))
        edge(rng.choice(reporters), nid, "REPORTED")
        for d in rng.sample(drugs, rng.choice([1, 1, 1, 2])):
            edge(nid, d, "IMPLICATES")
    # formularies
    for i, name in enumerate(FORMULARIES):
        nid = f"formulary-{i + 1}"
        g.add_node(nid, label="Formulary", name=name, version=rng.randint(1, 9),
                   effective_from=_date(rng, "2019-01-01", "2024-04-01"), requires_committee_review=rng.random() < 0.5,
                   review_cycle_months=rng.choice([6, 12, 24]))
        for d in rng.sample(drugs, rng.randint(25, 70)):
            edge(nid, d, "LISTS", tier=rng.randint(1, 3), prior_approval=rng.random() < 0.25,
                 added_on=_date(rng, "2019-01-01", "2024-09-30"))
    return g


def display_name(attrs: dict) -> str:
    if "first_name" in attrs:
        return f"{attrs['first_name']} {attrs['last_name']}"
    return attrs.get("name") or attrs.get("title")


def check_names(g: nx.DiGraph) -> None:
    names = [display_name(a).lower() for _, a in g.nodes(data=True)]
    assert len(set(names)) == len(names), "display names must be unique"
    blob = "\n" + "\n".join(names) + "\n"
    for n in names:
        assert blob.count(n) == 1, f"name {n!r} occurs inside another name"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=55)
    args = ap.parse_args()
    g = build(args.seed)
    check_names(g)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(g, out / "pharmacy.graphml")


if __name__ == "__main__":
    main()
