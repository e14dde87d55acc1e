"""Generate the byog12 clinical-trials property graph as GraphML.

Usage: python tests/byog12/graph.py DIR [--seed N]   (writes DIR/trials.graphml; default seed 12)

Eight node types (Country, Sponsor, Drug, Trial, Site, Investigator, AdverseEvent, Participant) and thirteen edge
types, two of them self-relations (Investigator MENTORED_BY Investigator, Trial EXTENSION_OF Trial). Node type in
the APOC-style ``labels`` attribute (":Trial"), edge type in ``label``. Every display name in the graph is unique.
Deterministic: only ``random.Random(seed)`` is used and nodes/edges are added in a fixed order.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

import networkx as nx

COUNTRIES = [
    # name, region, population (millions), cities
    ("United States", "North America", 333.3, ["Boston", "Houston", "Chicago", "Seattle", "Baltimore", "Nashville",
                                               "Cleveland", "Denver"]),
    ("Canada", "North America", 38.9, ["Toronto", "Montreal", "Vancouver", "Calgary"]),
    ("Mexico", "Latin America", 127.5, ["Guadalajara", "Monterrey", "Puebla"]),
    ("Brazil", "Latin America", 215.3, ["Curitiba", "Porto Alegre", "Recife"]),
    ("Argentina", "Latin America", 46.2, ["Rosario", "Mendoza"]),
    ("United Kingdom", "Europe", 67.0, ["Manchester", "Leeds", "Bristol", "Glasgow", "Edinburgh"]),
    ("Germany", "Europe", 84.4, ["Munich", "Hamburg", "Heidelberg", "Freiburg", "Cologne"]),
    ("France", "Europe", 68.0, ["Lyon", "Lille", "Toulouse", "Bordeaux", "Nantes"]),
    ("Spain", "Europe", 47.8, ["Valencia", "Seville", "Bilbao", "Zaragoza"]),
    ("Italy", "Europe", 58.9, ["Milan", "Bologna", "Turin", "Florence"]),
    ("Netherlands", "Europe", 17.7, ["Utrecht", "Leiden", "Groningen"]),
    ("Poland", "Europe", 36.8, ["Krakow", "Gdansk", "Wroclaw"]),
    ("Switzerland", "Europe", 8.8, ["Basel", "Zurich", "Geneva"]),
    ("Japan", "Asia-Pacific", 125.1, ["Osaka", "Nagoya", "Sapporo", "Fukuoka"]),
    ("South Korea", "Asia-Pacific", 51.7, ["Busan", "Daegu", "Incheon"]),
    ("Australia", "Asia-Pacific", 26.0, ["Melbourne", "Brisbane", "Perth", "Adelaide"]),
    ("India", "Asia-Pacific", 1417.2, ["Pune", "Chennai", "Hyderabad"]),
    ("South Africa", "Africa", 60.4, ["Cape Town", "Durban", "Pretoria"]),
]

SPONSOR_ROOTS = ["Halvorsen", "Corvane", "Ardent", "Sollis", "Vantera", "Norrland", "Bellwether", "Aurelis",
                 "Tamsin", "Brightwater", "Orrin", "Calder", "Pinecrest", "Lumora", "Stratton", "Everly", "Quillon",
                 "Havel", "Marlowe", "Ostrander", "Fenwick", "Rookwood"]
SPONSOR_SUFFIXES = ["Therapeutics", "Pharma", "Biosciences", "Biologics", "Pharmaceuticals", "Life Sciences"]
NON_INDUSTRY_SPONSORS = [
    ("Northbridge University", "Academic"),
    ("Royal Ashford College of Medicine", "Academic"),
    ("Lakeshore Institute of Health Sciences", "Academic"),
    ("Valmont University Medical School", "Academic"),
    ("Kanto Medical University", "Academic"),
    ("National Cardiovascular Research Agency", "Government"),
    ("Federal Institute for Drug Research", "Government"),
    ("Hope for Lungs Foundation", "Nonprofit"),
    ("Clearwater Diabetes Alliance", "Nonprofit"),
    ("Moreau Cancer Research Trust", "Nonprofit"),
]

DRUG_PREFIXES = ["vel", "tor", "ami", "cra", "dol", "eza", "fino", "gara", "hexa", "ibra", "jova", "kira", "lora",
                 "mava", "nexi", "olo", "pira", "quin", "reba", "sota", "tira", "ulva", "vona", "zeli", "brax", "cendi",
                 "daro", "elvi", "forta", "gleni"]
DRUG_CLASSES = [
    # class, stems, molecular weight range (Da)
    ("Monoclonal antibody", ["lizumab", "tamab", "kinumab", "rolimab"], (143000.0, 152000.0)),
    ("Small molecule", ["tinib", "gliflozin", "sartan", "lisib", "parib"], (280.0, 650.0)),
    ("Peptide", ["glutide", "relin", "pressin"], (1000.0, 4800.0)),
    ("Vaccine", ["vax"], (0.0, 0.0)),
    ("Gene therapy", ["gene vec"], (0.0, 0.0)),
]

TRIAL_WORDS = ["ATLAS", "BEACON", "HORIZON", "ORION", "PINNACLE", "SUMMIT", "VOYAGER", "CASCADE", "ECLIPSE",
               "FRONTIER", "HARBOR", "LANTERN", "AURORA", "CATALYST", "COMPASS", "DAYBREAK", "EMBER", "FALCON",
               "GALAXY", "HALCYON", "IRIS", "JUNIPER", "LIBERTY", "MONARCH", "NAVIGATOR", "OASIS", "PRISM", "QUASAR",
               "RADIANT", "SENTINEL", "TEMPO", "UNITY", "VANGUARD", "WAYPOINT", "ZENITH", "ARCADIA", "BOREALIS",
               "CORAL", "ELEVATE", "FORTIS", "GUARDIAN", "HELIX", "INSIGHT", "JOURNEY", "KEYSTONE", "LUMEN", "MOSAIC",
               "NEXUS", "ODYSSEY", "PIONEER", "RESOLVE", "SOLSTICE", "TRIDENT", "UPLIFT", "VERTEX", "WILLOW",
               "ASPIRE", "CLARITY", "DIRECT", "EMERALD", "FLOURISH", "GLACIER", "HERALD", "IMPACT", "LODESTAR",
               "MAGELLAN", "NORTHSTAR", "OPTIMA", "PARAGON", "REFLECT", "SAPPHIRE", "TANDEM", "VALOR", "AVALON",
               "BASTION", "CITADEL", "DYNAMO", "EQUINOX", "FUSION", "GEMINI", "HARMONY", "ISLAND", "KINDLE", "LEGACY"]

CONDITIONS = [
    # condition, specialty of its investigators
    ("Heart failure", "Cardiology"),
    ("Atrial fibrillation", "Cardiology"),
    ("Type 2 diabetes", "Endocrinology"),
    ("Breast cancer", "Oncology"),
    ("Non-small cell lung cancer", "Oncology"),
    ("Rheumatoid arthritis", "Rheumatology"),
    ("Asthma", "Pulmonology"),
    ("Alzheimer disease", "Neurology"),
    ("Multiple sclerosis", "Neurology"),
]
SPECIALTIES = ["Cardiology", "Endocrinology", "Oncology", "Rheumatology", "Pulmonology", "Neurology"]
PHASES = ["Phase I", "Phase II", "Phase III", "Phase IV"]
STATUSES = ["Recruiting", "Active, not recruiting", "Completed", "Terminated", "Suspended"]

ADVERSE_EVENTS = [
    ("Nausea", "Gastrointestinal"), ("Vomiting", "Gastrointestinal"), ("Diarrhoea", "Gastrointestinal"),
    ("Constipation", "Gastrointestinal"), ("Pancreatitis", "Gastrointestinal"), ("Stomatitis", "Gastrointestinal"),
    ("Headache", "Nervous system"), ("Dizziness", "Nervous system"), ("Peripheral neuropathy", "Nervous system"),
    ("Tremor", "Nervous system"), ("Fatigue", "General"), ("Pyrexia", "General"), ("Oedema", "General"),
    ("Injection site reaction", "General"), ("Rash", "Skin"), ("Pruritus", "Skin"), ("Alopecia", "Skin"),
    ("Neutropenia", "Blood"), ("Anaemia", "Blood"), ("Thrombocytopenia", "Blood"), ("Hepatotoxicity", "Hepatic"),
    ("Hypertension", "Cardiac"), ("Bradycardia", "Cardiac"), ("QT prolongation", "Cardiac"),
    ("Palpitations", "Cardiac"), ("Pneumonitis", "Respiratory"), ("Cough", "Respiratory"),
    ("Dyspnoea", "Respiratory"), ("Nasopharyngitis", "Infections"), ("Urinary tract infection", "Infections"),
    ("Herpes zoster", "Infections"), ("Arthralgia", "Musculoskeletal"), ("Myalgia", "Musculoskeletal"),
    ("Back pain", "Musculoskeletal"), ("Hypoglycaemia", "Metabolic"), ("Hyperkalaemia", "Metabolic"),
    ("Acute kidney injury", "Renal"), ("Anaphylaxis", "Immune system"), ("Insomnia", "Psychiatric"),
    ("Blurred vision", "Eye"),
]

FIRST_NAMES = ["Anna", "Lukas", "Sofia", "Mateo", "Emma", "Noah", "Olivia", "Liam", "Mia", "Elias", "Chloe", "Hugo",
               "Leonie", "Marco", "Giulia", "Pablo", "Lucia", "Jan", "Zofia", "Pieter", "Sanne", "Hiroshi", "Yuki",
               "Min-jun", "Ji-woo", "Arjun", "Priya", "Rahul", "Ananya", "Thabo", "Naledi", "Liam", "Grace",
               "Oliver", "Amelia", "Jack", "Isla", "Ethan", "Harper", "Lucas", "Camila", "Santiago", "Valentina",
               "Diego", "Isabela", "Rafael", "Beatriz", "Felix", "Clara", "Maximilian", "Hannah", "Louis", "Manon",
               "Antoine", "Ines", "Alejandro", "Carmen", "Tomasz", "Katarzyna", "Kenji", "Sakura", "Seo-yeon",
               "Daniel", "Rachel", "Samuel", "Naomi", "Victor", "Elena", "Owen", "Freya", "Caleb", "Nora", "Adrian",
               "Maya", "Julian", "Ruth", "Simon", "Leah", "Tobias", "Irene"]
LAST_NAMES = ["Schmidt", "Muller", "Rossi", "Bianchi", "Garcia", "Fernandez", "Martin", "Bernard", "Dubois",
              "Kowalski", "Nowak", "de Vries", "Jansen", "Tanaka", "Suzuki", "Sato", "Kim", "Park", "Lee", "Sharma",
              "Patel", "Iyer", "Nkosi", "Dlamini", "Smith", "Johnson", "Williams", "Brown", "Taylor", "Wilson",
              "Thompson", "Walker", "Hughes", "O'Brien", "Murphy", "MacLeod", "Campbell", "Tremblay", "Gagnon",
              "Roy", "Silva", "Santos", "Oliveira", "Pereira", "Gonzalez", "Lopez", "Hernandez", "Morales", "Weber",
              "Fischer", "Becker", "Hoffmann", "Lefebvre", "Moreau", "Laurent", "Romano", "Conti", "Ricci",
              "Wisniewski", "Visser", "Bakker", "Yamamoto", "Nakamura", "Choi", "Jung", "Reddy", "Nair", "Botha",
              "van Wyk", "Anderson", "Clarke", "Foster", "Harrison", "Bennett", "Lindqvist", "Keller", "Brunner",
              "Meier", "Castillo", "Navarro", "Ortega", "Vargas", "Sokolowski", "Haddad", "Cohen", "Novak", "Ward",
              "Sinclair", "Whitaker", "Ashby", "Pemberton", "Okafor", "Mensah", "Adeyemi", "Lindgren", "Berg"]
SITE_PATTERNS = ["{city} University Hospital", "{city} General Hospital", "{city} Regional Medical Center",
                 "{city} Heart Institute", "{city} Cancer Centre", "{city} Clinical Research Unit",
                 "{surname} Memorial Hospital {city}"]


def _date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = 12) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()  # at most one edge per ordered pair (checked in edge())
    used_names: set[str] = set()

    def unique(make):
        for _ in range(1000):
            name = make()
            if name not in used_names:
                used_names.add(name)
                return name
        raise RuntimeError("name pool exhausted")

    def person_name() -> tuple[str, str]:
        while True:
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            if f"{first} {last}" not in used_names:
                used_names.add(f"{first} {last}")
                return first, last

    def edge(u: str, v: str, label: str, **props) -> None:
        if g.has_edge(u, v):
            raise RuntimeError(f"duplicate edge {u} -> {v}")
        g.add_edge(u, v, label=label, **props)

    # Countries
    countries = []
    for i, (name, region, pop, _cities) in enumerate(COUNTRIES, 1):
        cid = f"country-{i}"
        used_names.add(name)
        g.add_node(cid, labels=":Country", name=name, region=region, population_millions=pop)
        countries.append(cid)

    # Sponsors: 20 industry + 10 others
    sponsors, industry = [], []
    roots = rng.sample(SPONSOR_ROOTS, 20)
    specs = [(f"{r} {rng.choice(SPONSOR_SUFFIXES)}", "Industry") for r in roots] + NON_INDUSTRY_SPONSORS
    for i, (name, stype) in enumerate(specs, 1):
        sid = f"sponsor-{i}"
        used_names.add(name)
        founded = rng.randint(1978, 2016) if stype == "Industry" else rng.randint(1860, 1995)
        g.add_node(sid, labels=":Sponsor", name=name, sponsor_type=stype, founded=founded,
                   employees=rng.randint(40, 25000) if stype == "Industry" else rng.randint(200, 9000))
        sponsors.append(sid)
        if stype == "Industry":
            industry.append(sid)
    # headquarters: industry mostly in a few pharma countries
    hq_weights = [8, 2, 0.3, 0.5, 0.2, 4, 4, 3, 1, 1.5, 1.5, 0.5, 4, 3, 1.5, 1, 1.5, 0.3]
    for sid in sponsors:
        edge(sid, rng.choices(countries, weights=hq_weights)[0], "HEADQUARTERED_IN")

    # Adverse events (terms)
    aes = []
    for i, (name, system) in enumerate(ADVERSE_EVENTS, 1):
        aid = f"adverse-event-{i}"
        used_names.add(name)
        g.add_node(aid, labels=":AdverseEvent", name=name, body_system=system,
                   meddra_code=str(10000000 + rng.randrange(90000000)))
        aes.append(aid)

    # Drugs: 60
    drugs, drug_class = [], {}
    class_weights = [18, 26, 8, 4, 4]
    for i in range(1, 61):
        cls, stems, (lo, hi) = rng.choices(DRUG_CLASSES, weights=class_weights)[0]

        def make(stems=stems):
            stem = rng.choice(stems)
            p = rng.choice(DRUG_PREFIXES)
            if stem == "vax":
                return f"{p.capitalize()}vax"
            if stem == "gene vec":
                return f"{p}{rng.choice(['mo', 'ri', 'ta'])}gene {rng.choice(['vel', 'sar', 'bio'])}parvovec"
            return f"{p}{stem}"

        name = unique(make)
        did = f"drug-{i}"
        props = dict(labels=":Drug", name=name, drug_class=cls, approved=rng.random() < 0.35,
                     route=("Subcutaneous" if cls in ("Peptide", "Vaccine") else "Intravenous")
                     if cls != "Small molecule" else "Oral")
        if hi > 0:
            props["molecular_weight"] = round(rng.uniform(lo, hi), 2)
        g.add_node(did, **props)
        drugs.append(did)
        drug_class[did] = cls
        edge(did, rng.choice(industry) if rng.random() < 0.9 else rng.choice(sponsors), "DEVELOPED_BY")
    developer = {u: v for u, v, d in g.edges(data=True) if d["label"] == "DEVELOPED_BY"}

    # Sites: 120
    sites, site_country = [], {}
    for i in range(1, 121):
        ci = rng.choices(range(len(COUNTRIES)), weights=[14, 5, 2, 3, 2, 8, 8, 7, 5, 5, 3, 3, 3, 5, 3, 4, 4, 2])[0]
        city = rng.choice(COUNTRIES[ci][3])
        name = unique(lambda city=city: rng.choice(SITE_PATTERNS).format(city=city, surname=rng.choice(
            ["Whitfield", "Ellison", "Carrington", "Hartley", "Brennan", "Lowell", "Ashworth", "Sterling"])))
        sid = f"site-{i}"
        academic = "University" in name or rng.random() < 0.25
        g.add_node(sid, labels=":Site", name=name, city=city, beds=rng.randint(80, 1600), academic=academic,
                   opened=rng.randint(1890, 2015))
        edge(sid, countries[ci], "LOCATED_IN")
        sites.append(sid)
        site_country[sid] = countries[ci]

    # Investigators: 200
    invs, inv_site, inv_spec = [], {}, {}
    for i in range(1, 201):
        first, last = person_name()
        iid = f"investigator-{i}"
        spec = rng.choice(SPECIALTIES)
        years = max(2, min(42, int(rng.gauss(22 - i / 12, 7))))
        g.add_node(iid, labels=":Investigator", first_name=first, last_name=last, specialty=spec,
                   years_experience=years, h_index=max(1, int(years * rng.uniform(0.6, 2.2))),
                   email=f"{first[0].lower()}.{last.lower().replace(' ', '').replace(chr(39), '')}{i}@trialnet.org")
        site = rng.choice(sites)
        edge(iid, site, "WORKS_AT", since=_date(rng, dt.date(2000, 1, 1), dt.date(2022, 12, 31)).isoformat())
        invs.append(iid)
        inv_site[iid] = site
        inv_spec[iid] = spec
    # mentorship: later (younger) investigators mentored by earlier ones
    for i, iid in enumerate(invs):
        if i >= 25 and rng.random() < 0.6:
            mentor = invs[rng.randrange(0, min(i, 90))]
            edge(iid, mentor, "MENTORED_BY")

    # Trials: 80 (the last 8 are open-label extensions of earlier trials)
    trials, trial_info = [], {}
    words = rng.sample(TRIAL_WORDS, 80)
    for i in range(1, 81):
        tid = f"trial-{i}"
        word = words[i - 1]
        base = None
        if i > 72:
            base = trials[rng.randrange(0, 40)]
        if base is None:
            cond, spec = rng.choice(CONDITIONS)
            phase = rng.choices(PHASES, weights=[2, 4, 5, 1.5])[0]
            start = _date(rng, dt.date(2015, 1, 1), dt.date(2023, 6, 30))
            sponsor = rng.choices(sponsors, weights=[3] * 20 + [1] * 10)[0]
            name = unique(lambda word=word: f"{word}-{rng.randint(1, 4)}" if rng.random() < 0.7 else
                          f"{word}-{rng.choice(['HF', 'DM', 'BC', 'RA', 'MS', 'AF', 'LC'])}")
        else:
            b = trial_info[base]
            cond, spec, sponsor = b["condition"], b["spec"], b["sponsor"]
            phase = b["phase"]
            start = b["start"] + dt.timedelta(days=rng.randint(300, 900))
            name = unique(lambda word=word: f"{word}-{rng.randint(1, 4)}")
        target = rng.choice([24, 40, 60, 80, 120, 150, 200, 300, 450, 600])
        if phase == "Phase I":
            target = rng.choice([18, 24, 30, 36, 48])
        status = rng.choices(STATUSES, weights=[3, 2, 4, 1, 0.6])[0]
        if start.year < 2019 and status == "Recruiting":
            status = "Completed"
        g.add_node(tid, labels=":Trial", name=name, phase=phase, status=status, condition=cond,
                   start_date=start.isoformat(), target_enrollment=target,
                   budget_musd=round(rng.uniform(1.5, 12.0) * (1 + PHASES.index(phase)) ** 1.3, 2),
                   randomized=phase != "Phase I" and rng.random() < 0.85,
                   registry_id=f"NCT0{rng.randint(2000000, 5999999)}")
        trials.append(tid)
        trial_info[tid] = dict(condition=cond, spec=spec, sponsor=sponsor, phase=phase, start=start, base=base)
        edge(tid, sponsor, "SPONSORED_BY")
        if base is not None:
            edge(tid, base, "EXTENSION_OF")

        # drugs: industry sponsors test their own drugs when they have one
        own = [d for d in drugs if developer[d] == sponsor]
        if base is not None:
            tested = [v for _, v, d in g.out_edges(base, data=True) if d["label"] == "TESTS"][:1]
        elif own and rng.random() < 0.8:
            tested = [rng.choice(own)]
        else:
            tested = [rng.choice(drugs)]
        if rng.random() < 0.35:
            comp = rng.choice(drugs)
            if comp not in tested:
                tested.append(comp)
        for k, d in enumerate(tested):
            dose = rng.choice([5, 10, 20, 25, 50, 100, 150, 200, 300, 400, 600])
            edge(tid, d, "TESTS", dose_mg=dose, arm="Investigational" if k == 0 else "Comparator")

        n_sites = 1 if phase == "Phase I" else rng.randint(2, 6)
        tsites = rng.sample(sites, n_sites)
        for s in tsites:
            act = start + dt.timedelta(days=rng.randint(0, 240))
            edge(tid, s, "CONDUCTED_AT", activation_date=act.isoformat(), enrollment_cap=rng.choice(
                [10, 15, 20, 25, 30, 40, 50, 60, 80]))
        trial_info[tid]["sites"] = tsites
        # principal investigator: prefer the right specialty at one of the trial's sites
        pool = [iv for iv in invs if inv_site[iv] in tsites and inv_spec[iv] == spec] or \
            [iv for iv in invs if inv_spec[iv] == spec]
        edge(rng.choice(pool), tid, "LEADS")

    # Participants: 1,400, each enrolled in one trial and recruited at one of its sites
    weights = [max(10, min(60, g.nodes[t]["target_enrollment"] // 5)) for t in trials]
    ae_weight = [rng.uniform(0.3, 6.0) for _ in aes]
    for i in range(1, 1401):
        first, last = person_name()
        pid = f"participant-{i}"
        tid = rng.choices(trials, weights=weights)[0]
        sex = rng.choice(["Female", "Male"])
        g.add_node(pid, labels=":Participant", first_name=first, last_name=last, sex=sex,
                   birth_year=rng.randint(1938, 2004), bmi=round(rng.gauss(27.0, 4.5), 1),
                   smoker=rng.random() < 0.22)
        t_start = trial_info[tid]["start"]
        enrolled = t_start + dt.timedelta(days=rng.randint(20, 500))
        status = g.nodes[tid]["status"]
        completed = status == "Completed" and rng.random() < 0.88
        edge(pid, tid, "ENROLLED_IN", enrollment_date=enrolled.isoformat(), completed=completed)
        edge(pid, rng.choice(trial_info[tid]["sites"]), "RECRUITED_AT")
        n_ae = rng.choices([0, 1, 2, 3], weights=[4, 3, 2, 1])[0]
        for aid in dict.fromkeys(rng.choices(aes, weights=ae_weight, k=n_ae)):
            grade = rng.choices([1, 2, 3, 4, 5], weights=[40, 30, 15, 5, 1])[0]
            onset = enrolled + dt.timedelta(days=rng.randint(1, 300))
            edge(pid, aid, "EXPERIENCED", onset_date=onset.isoformat(), grade=grade,
                 serious=grade >= 4 or (grade == 3 and rng.random() < 0.5))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    out = args.dir / "trials.graphml"
    nx.write_graphml(g, out)
    print(f"wrote {out}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
