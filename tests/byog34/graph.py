"""Deterministic generator for the byog34 clinical-trials research network graph (Neo4j admin-import CSV).

Usage: python tests/byog34/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/trials_csv/*.csv
Only the standard library's random.Random(seed) and networkx are used.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
import re
from pathlib import Path

import networkx as nx

FIRST = (
    "Ana Amara Bilal Bruno Camila Chen Dario Dalia Elif Emeka Fatima Felix Greta Goran Hana Hugo Imani Ines Jonas "
    "Junko Kofi Kaia Lars Leila Mateo Mira Nadia Nikhil Olga Omar Paula Pieter Quentin Rania Rosa Rafael Sanjay "
    "Sofia Tariq Tessa Ulla Umar Vera Viktor Wanjiru Wes Ximena Yara Yusuf Zainab Zoltan Aiko Ben Clara Dmitri "
    "Esme Farid Gemma Hiro Isla Jamal Keiko Lucia Marek Noor Oskar Priya Ravi Selin Theo Uma Vikram Willa Yoko "
    "Zeno Agnes Bas Cyrus Daphne Eamon Freya Gideon Helga Idris Joy Kasim"
).split()
LAST = (
    "Abara Achterberg Bakshi Balogun Castell Cordova Dahlberg Delacroix Eriksen Esposito Farrow Fenwick Garza "
    "Gruber Halvorsen Hashemi Ibarra Iwasaki Jablonski Jovanovic Kapoor Kowalczyk Lindqvist Lombardi Mbeki "
    "Moreau Nakamura Novak Okafor Oyelaran Petrov Pradhan Quispe Quinlan Rahimi Rossetti Sandoval Sato "
    "Takahashi Teixeira Ulloa Urbanek Valdes Varga Whitlock Wojcik Xavier Yamada Yilmaz Zielinski Zamora Adeyemi "
    "Brennan Calloway Dunleavy Eberhardt Falkner Gallardo Haddad Ishikawa Jansen Kovacs Larsen Mahlangu Nieminen "
    "Ortega Pellegrini Rasmussen Schofield Thorsen Umeh Vasquez Weatherby Yoshida Zeller Aldana Bjork Carvalho "
    "Dvorak Engstrom Fonseca Gutierrez Holmberg Ivanova Kahananui Lefebvre Marchetti Nordin Osei Pacheco "
    "Renner Sundberg Tanaka Vogel Wainwright Ferreira Halloran Moretti Szabo"
).split()

SPONSORS = [
    ("Norvance Therapeutics", "USA"), ("Kestrel Biosciences", "USA"), ("Halcyon Pharma", "UK"),
    ("Brightwater Labs", "Canada"), ("Meridian Biologics", "USA"), ("Aurelis Health", "Switzerland"),
    ("Corvane Pharmaceuticals", "Germany"), ("Pinecrest Bio", "USA"), ("Solstice Medicines", "UK"),
    ("Tidewell Pharma", "Japan"), ("Quillon Sciences", "France"), ("Vantor Biotech", "Germany"),
    ("Oakridge Therapeutics", "USA"), ("Lantern Health", "Canada"), ("Sakura Life Sciences", "Japan"),
    ("Rheinwald Chemie", "Germany"), ("Cobalt Cure", "Switzerland"), ("Evergreen Biopharma", "USA"),
    ("Marlowe & Finch", "UK"), ("Juniper Molecular", "France"), ("Atlas Pharmaceutica", "Switzerland"),
    ("Silverleaf Oncology", "USA"), ("Nordlys Pharma", "Denmark"), ("Pelican Biologics", "Japan"),
    ("Basalt Therapeutics", "Denmark"),
]
DRUG_CLASSES = [
    ("monoclonal antibody", ("zu", "li", "ta", "ci", "xi"), "mab"),
    ("kinase inhibitor", ("ti", "ra", "ze", "sa", "do"), "nib"),
    ("ACE inhibitor", ("ra", "li", "do", "fo"), "pril"),
    ("statin", ("va", "ro", "le", "pi"), "statin"),
    ("antiviral", ("ci", "la", "te", "zi"), "vir"),
    ("DPP-4 inhibitor", ("ta", "na", "so"), "gliptin"),
    ("beta blocker", ("mo", "ne", "ca", "la"), "olol"),
]
DRUG_HEADS = (
    "Ade Bel Cor Dav Eno Fal Gar Hel Ibr Jor Kel Lor Mav Nex Obr Pal Quv Rel Sev Tor Ulv Ven Wix Xal Yor Zel "
    "Alb Bro Cal Dru Efa Fen Gol Hal Ita Kav Lem Mor Nal Opt Pir Ros Sil Tam Ure Vol"
).split()
AE_TERMS = [
    ("Nausea", "gastrointestinal"), ("Headache", "nervous system"), ("Fatigue", "general"),
    ("Dizziness", "nervous system"), ("Rash", "skin"), ("Insomnia", "psychiatric"),
    ("Diarrhoea", "gastrointestinal"), ("Constipation", "gastrointestinal"), ("Vomiting", "gastrointestinal"),
    ("Cough", "respiratory"), ("Fever", "general"), ("Anaemia", "blood"), ("Neutropenia", "blood"),
    ("Hypertension", "cardiac"), ("Hypotension", "cardiac"), ("Tachycardia", "cardiac"), ("Arthralgia", "musculoskeletal"),
    ("Myalgia", "musculoskeletal"), ("Back pain", "musculoskeletal"), ("Dry mouth", "gastrointestinal"),
    ("Blurred vision", "eye"), ("Alopecia", "skin"), ("Pruritus", "skin"), ("Oedema", "general"),
    ("Anxiety", "psychiatric"), ("Dyspnoea", "respiratory"), ("Chest pain", "cardiac"),
    ("Hyperglycaemia", "metabolic"), ("Thrombocytopenia", "blood"), ("Elevated liver enzymes", "hepatic"),
    ("Injection site reaction", "general"), ("Muscle cramps", "musculoskeletal"), ("Tinnitus", "ear"),
    ("Nosebleed", "respiratory"), ("Hot flushes", "vascular"), ("Loss of appetite", "metabolic"),
]
SITE_PLACES = (
    "Lakeview Northgate Ashford Bellmont Carrow Dunmore Elmsworth Fairhaven Glenrock Hollins Ivybridge Kingsbury "
    "Larchmont Millbrook Newhall Oakhurst Pembrook Queensway Redcliff Stonebridge Thornbury Upton Valemont "
    "Westbury Yarrow Aldermoor Birchfield Coldwater Drayton Eastleigh Foxley Greyfield Harrowgate Inverleith "
    "Kelmscott Linwood Marsden Netherby Ormond Prestwick Rosehill Saltmarsh Tolland Underhill Wexcombe Brackley "
    "Castlemead Durnford Evesham Farleigh Gorsedale Hartwell"
).split()
SITE_KINDS = ("General Hospital", "University Hospital", "Medical Center", "Clinic", "Cancer Institute",
              "Heart Institute", "Children's Hospital", "Infirmary")
COUNTRIES = {
    "USA": ("Boston", "Houston", "Denver", "Seattle", "Atlanta"), "Canada": ("Toronto", "Calgary", "Halifax"),
    "UK": ("Leeds", "Bristol", "Glasgow"), "Germany": ("Munich", "Hamburg", "Leipzig"),
    "France": ("Lyon", "Lille", "Nantes"), "Spain": ("Valencia", "Seville", "Bilbao"),
    "Japan": ("Osaka", "Sapporo", "Fukuoka"), "Brazil": ("Recife", "Curitiba"), "Australia": ("Perth", "Adelaide"),
}
TRIAL_ADJ = ("Silver Amber Cobalt Golden Quiet Bright Northern Swift Open Clear Steady Rising Distant Gentle Bold "
             "Hidden Early Scarlet Velvet Iron Lunar Coral Winter Autumn Granite").split()
TRIAL_NOUN = ("Horizon Harbor Lantern Meadow Summit River Bridge Compass Beacon Anchor Falcon Orchard Pioneer Tide "
              "Ember Canyon Prairie Willow Sparrow Glacier Keystone Lighthouse Voyage Cedar").split()
AREAS = ("oncology", "cardiology", "neurology", "immunology", "endocrinology", "infectious disease")
PHASES = ("I", "II", "III", "IV")
STATUSES = ("recruiting", "active", "completed", "terminated")
SPECIALTIES = ("oncology", "cardiology", "neurology", "rheumatology", "endocrinology", "infectious disease",
               "pharmacology")
PUB_OUTCOMES = ("Renal Outcomes", "Quality of Life", "Long-Term Survival", "Biomarker Shifts", "Dose Response",
                "Safety Signals", "Cognitive Decline", "Blood Pressure Control", "Glycaemic Control",
                "Tumour Response", "Hospital Readmissions", "Treatment Adherence", "Relapse Rates")
PUB_POPS = ("in Older Adults", "in Adolescents", "in Smokers", "Across Multiple Centres", "in Rural Cohorts",
            "in Women Over Fifty", "in Treatment-Naive Patients", "After Prior Surgery", "in Elderly Outpatients",
            "in Obese Adults")
PUB_DESIGNS = ("A Pooled Analysis", "Interim Results", "Final Report", "A Secondary Analysis",
               "Twelve-Month Follow-Up", "A Subgroup Study", "Lessons Learned")
JOURNALS = ("The Lancet", "NEJM", "JAMA", "BMJ", "Annals of Oncology", "Circulation")
VISIT_TYPES = ("screening", "baseline", "follow-up", "closeout")


def iso(d: dt.date) -> str:
    return d.isoformat()


def rdate(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randint(0, (end - start).days))


def ngrams(name: str) -> set[str]:
    words = re.findall(r"[\w'&]+", name.lower())
    return {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}


class Names:
    """Display names unique across the graph, none inside another (word-wise, case-insensitive)."""

    def __init__(self) -> None:
        self.full: set[str] = set()
        self.grams: set[str] = set()

    def ok(self, name: str) -> bool:
        key = " ".join(re.findall(r"[\w'&]+", name.lower()))
        if key in self.full or key in self.grams:
            return False
        return not (ngrams(name) & self.full)

    def add(self, name: str) -> None:
        self.full.add(" ".join(re.findall(r"[\w'&]+", name.lower())))
        self.grams |= ngrams(name)


def build(seed: int) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs: object) -> None:
        g.add_node(nid, label=label, **attrs)

    def claim(candidates):
        for c in candidates:
            if names.ok(c):
                names.add(c)
                return c
        raise RuntimeError("names exhausted")

    # fixed-vocabulary names first (they are the ones most likely to be inside others)
    for i, (term, organ) in enumerate(AE_TERMS, 1):
        names.add(term)
        node(f"ae-{i}", "AdverseEvent", name=term, meddra_code=f"MD{10000000 + rng.randint(1000, 99999)}",
             organ_class=organ, expected=rng.random() < 0.55)
    for i, (sname, country) in enumerate(SPONSORS, 1):
        names.add(sname)
        letters = "".join(w[0] for w in re.findall(r"[A-Za-z]+", sname)).upper()
        node(f"sponsor-{i}", "Sponsor", name=sname, hq_country=country, founded=rng.randint(1921, 2016),
             listed=rng.random() < 0.6, ticker=f"{letters}{rng.randint(10, 99)}",
             revenue_busd=round(rng.uniform(0.2, 48.0), 2))
    places = SITE_PLACES[:]
    rng.shuffle(places)
    for i in range(1, 51):
        kind = SITE_KINDS[rng.randrange(len(SITE_KINDS))]
        sname = claim([f"{places[i - 1]} {kind}"])
        country = rng.choice(sorted(COUNTRIES))
        node(f"site-{i}", "Site", name=sname, city=rng.choice(COUNTRIES[country]), country=country,
             beds=rng.randint(80, 1400), academic=("University" in kind) or rng.random() < 0.35,
             opened=iso(rdate(rng, dt.date(1952, 1, 1), dt.date(2015, 12, 31))),
             site_code=f"{country[:2].upper()}-{rng.randint(100, 999)}")
    # drugs
    for i in range(1, 91):
        cls, mids, suffix = DRUG_CLASSES[rng.randrange(len(DRUG_CLASSES))]
        cands = [f"{rng.choice(DRUG_HEADS)}{rng.choice(mids)}{suffix}" for _ in range(50)]
        dname = claim(cands)
        node(f"drug-{i}", "Drug", name=dname, drug_class=cls,
             approval_date=iso(rdate(rng, dt.date(1995, 1, 1), dt.date(2023, 12, 31))),
             molecular_weight=round(rng.uniform(180.0, 950.0) if suffix != "mab" else rng.uniform(140000, 152000), 2),
             oral=(suffix != "mab") and rng.random() < 0.75,
             atc_code=f"{rng.choice('ABCLMNJ')}{rng.randint(1, 16):02d}{rng.choice('ABCDEX')}{rng.randint(1, 99):02d}")
    # trials
    for i in range(1, 121):
        cands = [f"{rng.choice(TRIAL_ADJ)} {rng.choice(TRIAL_NOUN)} Trial" for _ in range(200)]
        tname = claim(cands)
        node(f"trial-{i}", "Trial", title=tname, phase=rng.choice(PHASES),
             status=rng.choices(STATUSES, (3, 3, 4, 1))[0],
             start_date=iso(rdate(rng, dt.date(2012, 1, 1), dt.date(2023, 6, 30))),
             blinded=rng.random() < 0.6, target_enrollment=rng.randint(40, 1200),
             budget_musd=round(rng.uniform(0.8, 140.0), 2), nct_code=f"NCT0{rng.randint(1000000, 5999999)}",
             therapeutic_area=rng.choice(AREAS))
    # people
    used_people: set[str] = set()

    def person_name() -> tuple[str, str]:
        for _ in range(1000):
            f, la = rng.choice(FIRST), rng.choice(LAST)
            full = f"{f} {la}"
            if full not in used_people and names.ok(full):
                used_people.add(full)
                names.add(full)
                return f, la
        raise RuntimeError("people names exhausted")

    for i in range(1, 161):
        f, la = person_name()
        node(f"investigator-{i}", "Investigator", first_name=f, last_name=la, specialty=rng.choice(SPECIALTIES),
             h_index=rng.randint(2, 95), license_no=f"LIC-{rng.randint(10000, 99999)}",
             board_certified=rng.random() < 0.7,
             joined=iso(rdate(rng, dt.date(2005, 1, 1), dt.date(2022, 12, 31))))
    for i in range(1, 901):
        f, la = person_name()
        node(f"participant-{i}", "Participant", first_name=f, last_name=la, age=rng.randint(18, 89),
             sex=rng.choice(("female", "male")), bmi=round(rng.uniform(17.5, 41.0), 1), smoker=rng.random() < 0.22,
             subject_code=f"SX{rng.randint(100000, 999999)}",
             consent_date=iso(rdate(rng, dt.date(2012, 3, 1), dt.date(2024, 6, 30))))
    # publications
    for i in range(1, 81):
        cands = [f"{rng.choice(PUB_OUTCOMES)} {rng.choice(PUB_POPS)}: {rng.choice(PUB_DESIGNS)}" for _ in range(200)]
        pname = claim(cands)
        node(f"pub-{i}", "Publication", title=pname, journal=rng.choice(JOURNALS), year=rng.randint(2014, 2024),
             open_access=rng.random() < 0.5, doi=f"10.{rng.randint(1000, 9999)}/ctn.{rng.randint(10000, 99999)}",
             citations=rng.randint(0, 640))

    sponsors = [f"sponsor-{i}" for i in range(1, 26)]
    drugs = [f"drug-{i}" for i in range(1, 91)]
    trials = [f"trial-{i}" for i in range(1, 121)]
    sites = [f"site-{i}" for i in range(1, 51)]
    invs = [f"investigator-{i}" for i in range(1, 161)]
    parts = [f"participant-{i}" for i in range(1, 901)]
    aes = [f"ae-{i}" for i in range(1, len(AE_TERMS) + 1)]
    pubs = [f"pub-{i}" for i in range(1, 81)]

    weights = [rng.uniform(0.3, 3.0) for _ in sponsors]
    portfolio: dict[str, list[str]] = {s: [] for s in sponsors}
    for d in drugs:
        s = rng.choices(sponsors, weights)[0]
        portfolio[s].append(d)
        g.add_edge(s, d, key="MANUFACTURES", type="MANUFACTURES")
    for t in trials:
        lead = rng.choices([s for s in sponsors if portfolio[s]], [w for s, w in zip(sponsors, weights, strict=True)
                                                                    if portfolio[s]])[0]
        g.add_edge(lead, t, key="SPONSORS", type="SPONSORS", contribution_musd=round(rng.uniform(0.5, 90.0), 2),
                   lead=True)
        if rng.random() < 0.3:
            co = rng.choice([s for s in sponsors if s != lead])
            g.add_edge(co, t, key="SPONSORS", type="SPONSORS", contribution_musd=round(rng.uniform(0.2, 25.0), 2),
                       lead=False)
        tested = [rng.choice(portfolio[lead])]
        for _ in range(rng.choice((0, 1, 1, 2))):
            d = rng.choice(drugs)
            if d not in tested:
                tested.append(d)
        for k, d in enumerate(tested):
            g.add_edge(t, d, key="TESTS", type="TESTS", dose_mg=float(rng.choice((2.5, 5, 10, 20, 25, 40, 50, 75,
                                                                                   100, 150, 200, 300, 400, 600))),
                       arm="experimental" if k == 0 else rng.choice(("active comparator", "add-on")))
        start = dt.date.fromisoformat(g.nodes[t]["start_date"])
        for n, s in enumerate(rng.sample(sites, rng.randint(2, 6)), 1):
            g.add_edge(t, s, key="CONDUCTED_AT", type="CONDUCTED_AT", site_number=100 + n,
                       activated=iso(start + dt.timedelta(days=rng.randint(0, 200))),
                       recruiting=rng.random() < 0.5)
    # investigators: affiliation, supervision forest (supervisor -> supervisee), trial roles
    depth: dict[str, int] = {}
    for k, inv in enumerate(invs):
        g.add_edge(inv, rng.choice(sites), key="AFFILIATED_WITH", type="AFFILIATED_WITH")
        if k < 12:
            depth[inv] = 0
            continue
        boss = rng.choice([b for b in invs[:k] if depth[b] < 4])
        depth[inv] = depth[boss] + 1
        g.add_edge(boss, inv, key="SUPERVISES", type="SUPERVISES",
                   since=rng.randint(2008, 2024))
    site_staff: dict[str, list[str]] = {s: [] for s in sites}
    for u, v, k in g.edges(keys=True):
        if k == "AFFILIATED_WITH":
            site_staff[v].append(u)
    for t in trials:
        tsites = [v for _, v, k in g.out_edges(t, keys=True) if k == "CONDUCTED_AT"]
        pool = [i for s in tsites for i in site_staff[s]] or invs
        pi = rng.choice(pool)
        g.add_edge(pi, t, key="INVESTIGATES", type="INVESTIGATES", role="principal",
                   effort_pct=rng.choice((20, 25, 30, 40, 50)))
        for sub in rng.sample(invs, rng.choice((0, 1, 1, 2, 3))):
            if sub != pi:
                g.add_edge(sub, t, key="INVESTIGATES", type="INVESTIGATES", role="sub-investigator",
                           effort_pct=rng.choice((5, 10, 15, 20)))
    # participants
    tw = [rng.uniform(0.2, 3.0) for _ in trials]
    vid = 0
    for p in parts:
        mine = [rng.choices(trials, tw)[0]]
        if rng.random() < 0.15:
            t2 = rng.choice(trials)
            if t2 not in mine:
                mine.append(t2)
        for t in mine:
            start = dt.date.fromisoformat(g.nodes[t]["start_date"])
            g.add_edge(p, t, key="ENROLLED_IN", type="ENROLLED_IN",
                       enrolled=iso(start + dt.timedelta(days=rng.randint(14, 700))),
                       arm=rng.choice(("treatment", "placebo", "open-label")), completed=rng.random() < 0.62)
        for a in rng.sample(aes, rng.choice((0, 1, 1, 2, 2, 3))):
            grade = rng.choices((1, 2, 3, 4, 5), (40, 30, 18, 9, 3))[0]
            g.add_edge(p, a, key="EXPERIENCED", type="EXPERIENCED", grade=grade,
                       onset=iso(rdate(rng, dt.date(2012, 6, 1), dt.date(2024, 9, 30))),
                       serious=grade >= 4 or (grade == 3 and rng.random() < 0.5))
        if vid < 1000:
            tsites = [v for _, v, k in g.out_edges(mine[0], keys=True) if k == "CONDUCTED_AT"]
            for _ in range(rng.choice((0, 1, 1, 1, 2))):
                vid += 1
                if vid > 1000:
                    break
                v = f"visit-{vid}"
                node(v, "Visit", name=f"Visit {vid:04d}", visit_type=rng.choice(VISIT_TYPES),
                     visit_date=iso(rdate(rng, dt.date(2013, 1, 1), dt.date(2024, 12, 31))),
                     systolic_bp=rng.randint(95, 185), weight_kg=round(rng.uniform(45.0, 135.0), 1),
                     fasting=rng.random() < 0.4)
                g.add_edge(p, v, key="HAD_VISIT", type="HAD_VISIT")
                g.add_edge(v, rng.choice(tsites), key="HELD_AT", type="HELD_AT")
    # publications
    for pub in pubs:
        t = rng.choice(trials)
        g.add_edge(pub, t, key="REPORTS_ON", type="REPORTS_ON")
        team = [u for u, _, k in g.in_edges(t, keys=True) if k == "INVESTIGATES"]
        authors = team[:]
        for extra in rng.sample(invs, rng.randint(1, 3)):
            if extra not in authors:
                authors.append(extra)
        rng.shuffle(authors)
        authors = authors[:rng.randint(2, 5)]
        corr = rng.randrange(len(authors))
        for pos, a in enumerate(authors, 1):
            g.add_edge(a, pub, key="AUTHORED", type="AUTHORED", author_position=pos, corresponding=(pos - 1 == corr))
    return g


NODE_FILES = {
    "Sponsor": ("sponsors.csv", "sponsorId", [("name", "string"), ("hq_country", "string"), ("founded", "int"),
                                              ("listed", "boolean"), ("ticker", "string"), ("revenue_busd", "float")]),
    "Drug": ("drugs.csv", "drugId", [("name", "string"), ("drug_class", "string"), ("approval_date", "date"),
                                     ("molecular_weight", "float"), ("oral", "boolean"), ("atc_code", "string")]),
    "Trial": ("trials.csv", "trialId", [("title", "string"), ("phase", "string"), ("status", "string"),
                                        ("start_date", "date"), ("blinded", "boolean"), ("target_enrollment", "int"),
                                        ("budget_musd", "float"), ("nct_code", "string"),
                                        ("therapeutic_area", "string")]),
    "Site": ("sites.csv", "siteId", [("name", "string"), ("city", "string"), ("country", "string"), ("beds", "int"),
                                     ("academic", "boolean"), ("opened", "date"), ("site_code", "string")]),
    "Investigator": ("investigators.csv", "investigatorId", [
        ("first_name", "string"), ("last_name", "string"), ("specialty", "string"), ("h_index", "int"),
        ("license_no", "string"), ("board_certified", "boolean"), ("joined", "date")]),
    "Participant": ("participants.csv", "participantId", [
        ("first_name", "string"), ("last_name", "string"), ("age", "int"), ("sex", "string"), ("bmi", "float"),
        ("smoker", "boolean"), ("subject_code", "string"), ("consent_date", "date")]),
    "AdverseEvent": ("adverse_events.csv", "adverseEventId", [
        ("name", "string"), ("meddra_code", "string"), ("organ_class", "string"), ("expected", "boolean")]),
    "Visit": ("visits.csv", "visitId", [("name", "string"), ("visit_type", "string"), ("visit_date", "date"),
                                        ("systolic_bp", "int"), ("weight_kg", "float"), ("fasting", "boolean")]),
    "Publication": ("publications.csv", "publicationId", [
        ("title", "string"), ("journal", "string"), ("year", "int"), ("open_access", "boolean"), ("doi", "string"),
        ("citations", "int")]),
}
EDGE_FILES = {
    "SPONSORS": [("contribution_musd", "float"), ("lead", "boolean")],
    "MANUFACTURES": [],
    "TESTS": [("dose_mg", "float"), ("arm", "string")],
    "CONDUCTED_AT": [("site_number", "int"), ("activated", "date"), ("recruiting", "boolean")],
    "AFFILIATED_WITH": [],
    "SUPERVISES": [("since", "int")],
    "INVESTIGATES": [("role", "string"), ("effort_pct", "int")],
    "ENROLLED_IN": [("enrolled", "date"), ("arm", "string"), ("completed", "boolean")],
    "EXPERIENCED": [("grade", "int"), ("onset", "date"), ("serious", "boolean")],
    "HAD_VISIT": [],
    "HELD_AT": [],
    "AUTHORED": [("author_position", "int"), ("corresponding", "boolean")],
    "REPORTS_ON": [],
}


def fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def id_order(nid: str) -> tuple[str, int]:
    prefix, _, num = nid.rpartition("-")
    return prefix, int(num)


def write(g: nx.MultiDiGraph, out: Path) -> Path:
    folder = out / "trials_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for label, (fname, idcol, cols) in NODE_FILES.items():
        ids = sorted((n for n, a in g.nodes(data=True) if a["label"] == label), key=id_order)
        with open(folder / fname, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([f"{idcol}:ID", ":LABEL"] + [f"{c}:{t}" for c, t in cols])
            for n in ids:
                a = g.nodes[n]
                w.writerow([n, label] + [fmt(a[c]) for c, _ in cols])
    for etype, cols in EDGE_FILES.items():
        rows = sorted(((u, v, a) for u, v, k, a in g.edges(keys=True, data=True) if k == etype),
                      key=lambda r: (id_order(r[0]), id_order(r[1])))
        with open(folder / f"rel_{etype.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"] + [f"{c}:{t}" for c, t in cols])
            for u, v, a in rows:
                w.writerow([u, v, etype] + [fmt(a[c]) for c, _ in cols])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=34)
    args = ap.parse_args()
    folder = write(build(args.seed), Path(args.out_dir))
    print(folder)


if __name__ == "__main__":
    main()
