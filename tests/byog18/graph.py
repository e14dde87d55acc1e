"""Deterministic generator of an academic-publishing property graph, written as GraphML.

Usage: ``python tests/byog18/graph.py DIR [--seed N]`` writes ``DIR/publishing.graphml`` (default seed 1801).

Schema (README.md has the full table): 8 node types (Journal, Paper, Author, Reviewer, Editor, Institution, Funder,
Grant) and 12 edge types, two of them self-relations (Paper CITES Paper, Author ADVISED Author). Node type in the
``labels`` attribute (":Paper"), edge type in ``label`` (``PUBLISHED_IN``); every other attribute is a typed
property. Stdlib ``random.Random(seed)`` only, so a seed always gives the same file.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 1801

FIELDS = ("Ecology", "Oncology", "Materials Science", "Machine Learning", "Economics", "Neuroscience")

JOURNALS = {
    "Ecology": ["Journal of Freshwater Ecology Studies", "Annals of Landscape Ecology", "Coastal Ecosystems Review",
                "Northern Biodiversity Letters"],
    "Oncology": ["Clinical Tumour Biology", "Annals of Translational Oncology", "Journal of Cancer Genomics Research",
                 "Radiotherapy Frontiers"],
    "Materials Science": ["Journal of Thin Film Materials", "Advanced Polymer Letters", "Ceramics and Composites",
                          "Surface Engineering Quarterly", "Metallurgical Transactions Review"],
    "Machine Learning": ["Transactions on Statistical Learning", "Journal of Applied Neural Computation",
                         "Reinforcement Learning Letters", "Annals of Data Mining"],
    "Economics": ["Review of Labour Economics", "Journal of Development Policy", "Quarterly Monetary Studies",
                  "Public Finance Perspectives"],
    "Neuroscience": ["Journal of Cortical Circuits", "Neuroimaging Methods", "Annals of Synaptic Plasticity",
                     "Cognitive Neurophysiology Letters"],
}

# Title vocabulary per field: (subjects, methods, contexts)
VOCAB = {
    "Ecology": (
        ["riparian vegetation", "pollinator networks", "soil microbial diversity", "amphibian decline",
         "seagrass meadows", "predator-prey cycles", "invasive crayfish", "migratory shorebirds",
         "peatland carbon storage", "beaver dam hydrology", "lichen communities", "coral bleaching"],
        ["long-term monitoring", "stable isotope analysis", "occupancy modelling", "eDNA metabarcoding",
         "remote sensing", "mesocosm experiments", "spatial point-process models", "camera trapping"],
        ["boreal lakes", "Mediterranean wetlands", "alpine meadows", "tropical estuaries", "urban green spaces",
         "agricultural landscapes", "the Baltic coast", "temperate rainforests"],
    ),
    "Oncology": (
        ["tumour heterogeneity", "immune checkpoint resistance", "circulating tumour DNA", "metastatic niche formation",
         "BRCA-associated risk", "radiation-induced fibrosis", "T-cell exhaustion", "angiogenic signalling",
         "chemotherapy cardiotoxicity", "minimal residual disease", "tumour hypoxia", "clonal haematopoiesis"],
        ["single-cell sequencing", "a randomised phase II trial", "a retrospective cohort study",
         "liquid biopsy profiling", "spatial transcriptomics", "patient-derived organoids", "radiomic analysis",
         "CRISPR screening"],
        ["triple-negative breast cancer", "colorectal cancer", "glioblastoma", "pancreatic adenocarcinoma",
         "paediatric leukaemia", "non-small cell lung cancer", "melanoma", "ovarian cancer"],
    ),
    "Materials Science": (
        ["grain boundary diffusion", "perovskite stability", "crack propagation", "self-healing coatings",
         "lithium dendrite growth", "thermal conductivity", "hydrogen embrittlement", "graphene oxide membranes",
         "shape-memory behaviour", "corrosion resistance", "ferroelectric domains", "fatigue life"],
        ["in situ electron microscopy", "molecular dynamics simulation", "X-ray diffraction",
         "density functional theory", "nanoindentation", "atomic layer deposition", "high-throughput screening",
         "phase-field modelling"],
        ["high-entropy alloys", "solid-state electrolytes", "titanium implants", "carbon fibre composites",
         "aluminium welds", "thin-film solar cells", "bioresorbable polymers", "nickel superalloys"],
    ),
    "Machine Learning": (
        ["few-shot generalisation", "adversarial robustness", "causal representation learning", "model calibration",
         "graph neural network expressivity", "continual learning", "uncertainty estimation", "reward shaping",
         "distribution shift", "sparse attention", "federated optimisation", "label noise"],
        ["contrastive pretraining", "Bayesian optimisation", "variational inference", "kernel methods",
         "policy gradient methods", "knowledge distillation", "diffusion models", "ensemble pruning"],
        ["medical imaging", "tabular data", "autonomous driving", "speech recognition", "recommender systems",
         "molecular property prediction", "low-resource languages", "time-series forecasting"],
    ),
    "Economics": (
        ["minimum wage effects", "informal employment", "remittance flows", "housing affordability",
         "inflation expectations", "microcredit uptake", "trade liberalisation", "tax compliance",
         "gender wage gaps", "school voucher programmes", "energy subsidies", "regional convergence"],
        ["a difference-in-differences design", "structural estimation", "a field experiment",
         "regression discontinuity", "synthetic control methods", "panel data analysis", "a general equilibrium model",
         "instrumental variables"],
        ["sub-Saharan Africa", "post-reform India", "the eurozone", "rural Mexico", "Nordic welfare states",
         "Southeast Asian economies", "US commuting zones", "transition economies"],
    ),
    "Neuroscience": (
        ["hippocampal replay", "dopaminergic prediction errors", "cortical oscillations", "synaptic pruning",
         "working memory capacity", "sleep spindles", "grid cell coding", "axonal regeneration",
         "neuroinflammation", "motor learning", "auditory cortex plasticity", "interoceptive signalling"],
        ["two-photon imaging", "optogenetic silencing", "high-density EEG", "functional MRI",
         "patch-clamp recordings", "computational modelling", "chemogenetic manipulation", "connectomics"],
        ["adolescent mice", "the aging human brain", "zebrafish larvae", "Parkinson's disease",
         "songbirds", "non-human primates", "epilepsy patients", "chronic pain"],
    ),
}

TITLE_PATTERNS = (
    "{S} in {C}: evidence from {m}",
    "{M} of {s} in {C}",
    "Revisiting {s} in {C} with {m}",
    "{S} across {C}",
    "The role of {s} in {C}",
    "Quantifying {s} in {C} using {m}",
    "{S}: perspectives from {m}",
    "New insights into {s} from {m}",
)

FIRST_NAMES = (
    "Amara", "Bjorn", "Chiara", "Dmitri", "Elif", "Farah", "Gustavo", "Hana", "Ingrid", "Jomo", "Kavya", "Lars",
    "Mei", "Nikolai", "Oluwaseun", "Priya", "Quentin", "Rosa", "Sanjay", "Tomasz", "Ulla", "Vikram", "Wen",
    "Ximena", "Yusuf", "Zofia", "Adebayo", "Beatriz", "Chen", "Daniela", "Emeka", "Freya", "Goran", "Helena",
    "Ishaan", "Julia", "Kenji", "Leila", "Mateo", "Nadia", "Oskar", "Paulina", "Rafael", "Sakura", "Thabo",
    "Valentina", "Wojciech", "Yara", "Aleksander", "Bronwyn", "Camille", "Diego", "Esther", "Fatima", "Hiroshi",
    "Irene", "Jakob", "Katarina", "Luca", "Marguerite", "Nils", "Olga", "Pedro", "Rania", "Stefan", "Tatiana",
    "Umar", "Vera", "Hamid", "Agnieszka", "Benedikt", "Carmen", "Dong-hyun", "Eleni", "Filip", "Grace", "Hugo",
    "Ines", "Jae-won", "Kirsten", "Lorenzo", "Miriam", "Noor", "Orla", "Pieter", "Renata", "Soren", "Teresa",
    "Anders", "Bilal", "Cristina", "Dagny", "Emil", "Gabriela", "Henrik", "Isabel", "Joaquin", "Klara", "Magnus",
)
LAST_NAMES = (
    "Okafor", "Lindqvist", "Moretti", "Volkov", "Yilmaz", "Haddad", "Pereira", "Novak", "Brennan", "Kimani",
    "Raghavan", "Eriksen", "Zhang", "Petrov", "Adeyemi", "Sharma", "Fournier", "Castillo", "Iyer", "Kowalski",
    "Virtanen", "Mehta", "Liu", "Herrera", "Demir", "Wisniewska", "Mensah", "Ferreira", "Tanaka", "Schneider",
    "Nakamura", "Rossi", "Dubois", "Andersson", "Bianchi", "Gallagher", "Hoffmann", "Jovanovic", "Karlsson",
    "Laurent", "Mahlangu", "Nguyen", "Oyelaran", "Papadopoulos", "Quispe", "Rahman", "Santos", "Takahashi",
    "Ueda", "Vasquez", "Weber", "Xu", "Yamamoto", "Zielinski", "Abara", "Bergstrom", "Carvalho", "Duarte",
    "Esposito", "Fischer", "Gonzaga", "Horvath", "Ivanova", "Jensen", "Kaur", "Lehmann", "Marchetti", "Nordin",
    "Olsen", "Park", "Ricci", "Sato", "Tran", "Ulrich", "Varga", "Wagner", "Yoshida", "Zapata", "Achebe", "Bauer",
    "Conti", "Dahl", "Ekström", "Fraser", "Grünewald", "Holm", "Ishikawa", "Kovacs", "Lund", "Mwangi", "Nielsen",
    "Ortiz", "Price", "Quinn", "Rinaldi", "Strand", "Thorsen", "Uddin", "Villanueva", "Whitaker", "Achterberg",
    "Banerjee", "Cho", "Dimitrov", "Engel", "Falk", "Gupta", "Haugen", "Ikeda", "Jaramillo", "Keller", "Lozano",
    "Molina", "Nair", "Osei", "Pohl", "Reyes", "Silva", "Toivonen", "Urquhart", "Vogel", "Wolff", "Zeller",
)

# (name, country, kind, founded_year)
INSTITUTIONS = (
    ("University of Tromsø", "Norway", "university", 1968), ("Uppsala University", "Sweden", "university", 1477),
    ("Lund Institute of Marine Research", "Sweden", "research institute", 1952),
    ("University of Bologna", "Italy", "university", 1088), ("Politecnico di Torino", "Italy", "university", 1859),
    ("Sapienza Clinical Centre", "Italy", "hospital", 1935),
    ("Heidelberg University", "Germany", "university", 1386),
    ("Max Weiss Institute for Polymer Research", "Germany", "research institute", 1984),
    ("Charité Tumour Clinic", "Germany", "hospital", 1927), ("Technical University of Dresden", "Germany",
                                                              "university", 1828),
    ("Fraunhofer Centre for Surface Engineering", "Germany", "research institute", 1991),
    ("University of Nairobi", "Kenya", "university", 1956), ("Kenya Medical Research Station", "Kenya",
                                                              "research institute", 1979),
    ("University of Ibadan", "Nigeria", "university", 1948), ("Lagos University Teaching Hospital", "Nigeria",
                                                               "hospital", 1961),
    ("Indian Institute of Science Bangalore", "India", "research institute", 1909),
    ("University of Pune", "India", "university", 1949), ("Tata Memorial Oncology Centre", "India", "hospital", 1941),
    ("Kyoto University", "Japan", "university", 1897), ("Tohoku Institute of Materials", "Japan",
                                                         "research institute", 1916),
    ("Osaka Neural Engineering Lab", "Japan", "company", 2011), ("Seoul National University", "South Korea",
                                                                 "university", 1946),
    ("Pohang Advanced Materials Lab", "South Korea", "company", 2004),
    ("University of São Paulo", "Brazil", "university", 1934), ("Fiocruz Amazon Station", "Brazil",
                                                                 "research institute", 1970),
    ("National University of Mexico", "Mexico", "university", 1910), ("University of Toronto", "Canada",
                                                                      "university", 1827),
    ("McGill Neurological Institute", "Canada", "research institute", 1934),
    ("University of British Columbia", "Canada", "university", 1908),
    ("University of Michigan", "United States", "university", 1817),
    ("Carnegie Mellon University", "United States", "university", 1900),
    ("Scripps Coastal Laboratory", "United States", "research institute", 1903),
    ("Dana Hollis Cancer Institute", "United States", "hospital", 1947),
    ("Brightline AI Research", "United States", "company", 2015),
    ("University of Edinburgh", "United Kingdom", "university", 1583),
    ("Imperial College London", "United Kingdom", "university", 1907),
    ("Wellspring Institute of Economic Policy", "United Kingdom", "research institute", 1962),
    ("Royal Marsden Teaching Hospital", "United Kingdom", "hospital", 1851),
    ("University of Melbourne", "Australia", "university", 1853),
    ("Australian Institute of Marine Ecology", "Australia", "research institute", 1972),
    ("ETH Zurich", "Switzerland", "university", 1855), ("Basel Institute of Neuroinformatics", "Switzerland",
                                                        "research institute", 1999),
    ("University of Warsaw", "Poland", "university", 1816), ("Jagiellonian University", "Poland",
                                                             "university", 1364),
    ("University of Helsinki", "Finland", "university", 1640), ("Aalto Materials Centre", "Finland",
                                                                "research institute", 2010),
    ("University of Cape Town", "South Africa", "university", 1829),
    ("Stellenbosch Institute for Development Economics", "South Africa", "research institute", 1981),
    ("Universidad de Chile", "Chile", "university", 1842), ("University of Amsterdam", "Netherlands",
                                                            "university", 1632),
    ("Leiden Medical Centre", "Netherlands", "hospital", 1873), ("Delft Polymer Technologies", "Netherlands",
                                                                 "company", 2008),
    ("Sorbonne University", "France", "university", 1257), ("Institut Curie-Lemaire", "France", "hospital", 1921),
    ("Grenoble Institute of Applied Physics", "France", "research institute", 1958),
)

# (name, country, sector, code prefix)
FUNDERS = (
    ("National Science Foundation", "United States", "government", "NSF"),
    ("National Cancer Institute", "United States", "government", "NCI"),
    ("European Research Council", "Belgium", "government", "ERC"),
    ("Wellcome Trust", "United Kingdom", "charity", "WT"),
    ("Deutsche Forschungsgemeinschaft", "Germany", "government", "DFG"),
    ("Japan Society for the Promotion of Science", "Japan", "government", "JSPS"),
    ("Halvorsen Foundation", "Norway", "charity", "HF"),
    ("Gates Foundation", "United States", "charity", "GF"),
    ("Novo Nordisk Fonden", "Denmark", "charity", "NNF"),
    ("Canadian Institutes of Health Research", "Canada", "government", "CIHR"),
    ("Swiss National Science Foundation", "Switzerland", "government", "SNSF"),
    ("Marlowe Semiconductor Fund", "South Korea", "industry", "MSF"),
    ("Brightline Research Grants", "United States", "industry", "BRG"),
    ("Indian Council of Medical Research", "India", "government", "ICMR"),
    ("Australian Research Council", "Australia", "government", "ARC"),
    ("São Paulo Research Foundation", "Brazil", "government", "FAPESP"),
)

GRANT_SUFFIXES = ("Programme", "Initiative", "Consortium", "Project", "Fellowship", "Network", "Centre Grant")
CAREER_STAGES = ("PhD student", "postdoc", "assistant professor", "associate professor", "professor")
ARTICLE_TYPES = ("research article", "review", "letter", "case study")
RECOMMENDATIONS = ("accept", "minor revision", "major revision", "reject")


def _iso(d: date) -> str:
    return d.isoformat()


def _rand_date(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = DEFAULT_SEED) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    used_names: set[str] = set()

    def person_name() -> tuple[str, str]:
        while True:
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            if f"{first} {last}" not in used_names:
                used_names.add(f"{first} {last}")
                return first, last

    def node(nid: str, label: str, **attrs) -> str:
        g.add_node(nid, labels=f":{label}", **attrs)
        return nid

    def edge(src: str, label: str, dst: str, **attrs) -> None:
        g.add_edge(src, dst, label=label, **attrs)

    # Institutions
    inst_ids = []
    for i, (name, country, kind, founded) in enumerate(INSTITUTIONS, 1):
        inst_ids.append(node(f"institution-{i}", "Institution", name=name, country=country, kind=kind,
                             founded_year=founded))
        used_names.add(name)

    # Funders and grants come after authors (grants need a PI); journals and editors now.
    journal_ids: list[str] = []
    journal_field: dict[str, str] = {}
    jn = 0
    for field in FIELDS:
        for name in JOURNALS[field]:
            jn += 1
            jid = node(f"journal-{jn}", "Journal", name=name, field=field,
                       impact_factor=round(rng.uniform(0.8, 14.0), 2), founded_year=rng.randint(1921, 2016),
                       open_access=rng.random() < 0.35)
            journal_ids.append(jid)
            journal_field[jid] = field
            used_names.add(name)

    editor_ids: list[str] = []
    editors_of: dict[str, list[str]] = {}
    en = 0
    for jid in journal_ids:
        roles = ["Editor-in-Chief"] + ["associate editor"] * rng.randint(1, 2)
        editors_of[jid] = []
        for role in roles:
            en += 1
            first, last = person_name()
            eid = node(f"editor-{en}", "Editor", first_name=first, last_name=last, role=role)
            edge(eid, "EDITS", jid, since=_iso(_rand_date(rng, date(2008, 1, 1), date(2022, 12, 31))))
            editor_ids.append(eid)
            editors_of[jid].append(eid)

    # Authors: each belongs to a field and a home institution (research groups cluster co-authorship).
    author_ids: list[str] = []
    author_field: dict[str, str] = {}
    author_weight: dict[str, float] = {}
    for an in range(1, 621):
        first, last = person_name()
        stage = rng.choices(CAREER_STAGES, weights=(22, 20, 18, 18, 22))[0]
        base = {"PhD student": 2, "postdoc": 6, "assistant professor": 11, "associate professor": 19,
                "professor": 30}[stage]
        h = max(0, int(rng.gauss(base, base * 0.35)))
        aid = node(f"author-{an}", "Author", first_name=first, last_name=last, career_stage=stage, h_index=h,
                   orcid=f"0000-000{rng.randint(1, 9)}-{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}")
        author_ids.append(aid)
        author_field[aid] = rng.choice(FIELDS)
        author_weight[aid] = rng.paretovariate(2.2) * (1 + h / 15)
        home = rng.choice(inst_ids)
        edge(aid, "AFFILIATED_WITH", home, primary=True)
        if rng.random() < 0.18:
            other = rng.choice([x for x in inst_ids if x != home])
            edge(aid, "AFFILIATED_WITH", other, primary=False)

    # Doctoral advising (self-relation, directed advisor -> student).
    seniors = [a for a in author_ids if g.nodes[a]["career_stage"] in ("professor", "associate professor")]
    juniors = [a for a in author_ids if g.nodes[a]["career_stage"] != "professor"]
    for student in juniors:
        if rng.random() < 0.45:
            same = [s for s in seniors if author_field[s] == author_field[student] and s != student]
            advisor = rng.choice(same or seniors)
            if advisor == student:
                continue
            edge(advisor, "ADVISED", student, phd_year=rng.randint(2004, 2023))

    # Reviewers
    reviewer_ids: list[str] = []
    for rn in range(1, 161):
        first, last = person_name()
        rid = node(f"reviewer-{rn}", "Reviewer", first_name=first, last_name=last, expertise=rng.choice(FIELDS),
                   years_experience=rng.randint(1, 35))
        edge(rid, "WORKS_AT", rng.choice(inst_ids))
        reviewer_ids.append(rid)

    # Funders and grants (PI = an author)
    funder_ids: list[str] = []
    for fn, (name, country, sector, _prefix) in enumerate(FUNDERS, 1):
        funder_ids.append(node(f"funder-{fn}", "Funder", name=name, country=country, sector=sector))
        used_names.add(name)
    grant_ids: list[str] = []
    grant_field: dict[str, str] = {}
    funder_weights = [rng.uniform(0.3, 3.0) for _ in funder_ids]
    for gn in range(1, 171):
        field = rng.choice(FIELDS)
        subjects, _methods, contexts = VOCAB[field]
        while True:
            gname = f"{rng.choice(subjects).capitalize()} in {rng.choice(contexts)} {rng.choice(GRANT_SUFFIXES)}"
            if gname not in used_names:
                used_names.add(gname)
                break
        fidx = rng.choices(range(len(funder_ids)), weights=funder_weights)[0]
        start = _rand_date(rng, date(2010, 1, 1), date(2023, 6, 30))
        months = rng.choice((12, 24, 36, 48, 60))
        active = start + timedelta(days=30 * months) >= date(2024, 12, 31)
        amount = round(rng.lognormvariate(13.0, 0.8), -3)
        gid = node(f"grant-{gn}", "Grant", name=gname,
                   code=f"{FUNDERS[fidx][3]}-{start.year}-{rng.randint(1000, 9999)}", amount_usd=float(amount),
                   start_date=_iso(start), duration_months=months, active=active)
        edge(gid, "AWARDED_BY", funder_ids[fidx])
        grant_ids.append(gid)
        grant_field[gid] = field
        pis = [a for a in author_ids if author_field[a] == field and g.nodes[a]["career_stage"] != "PhD student"]
        pi = rng.choices(pis, weights=[author_weight[a] for a in pis])[0]
        edge(pi, "LEADS", gid)

    # Papers
    paper_ids: list[str] = []
    paper_date: dict[str, date] = {}
    paper_field: dict[str, str] = {}
    authors_by_field = {f: [a for a in author_ids if author_field[a] == f] for f in FIELDS}
    home_of = {a: next(v for _, v, d in g.out_edges(a, data=True) if d["label"] == "AFFILIATED_WITH")
               for a in author_ids}
    for pn in range(1, 1251):
        jid = rng.choice(journal_ids)
        field = journal_field[jid]
        subjects, methods, contexts = VOCAB[field]
        while True:
            s, m, c = rng.choice(subjects), rng.choice(methods), rng.choice(contexts)
            title = rng.choice(TITLE_PATTERNS).format(S=s[0].upper() + s[1:], s=s, M=m[0].upper() + m[1:], m=m, C=c)
            if title not in used_names:
                used_names.add(title)
                break
        published = _rand_date(rng, date(2012, 1, 1), date(2024, 12, 31))
        atype = rng.choices(ARTICLE_TYPES, weights=(70, 14, 10, 6))[0]
        pages = {"research article": rng.randint(8, 32), "review": rng.randint(15, 45), "letter": rng.randint(3, 6),
                 "case study": rng.randint(5, 14)}[atype]
        pid = node(f"paper-{pn}", "Paper", title=title, article_type=atype, published_on=_iso(published),
                   page_count=pages, retracted=rng.random() < 0.012,
                   doi=f"10.{rng.randint(1000, 9999)}/{published.year}.{rng.randint(10000, 99999)}")
        paper_ids.append(pid)
        paper_date[pid] = published
        paper_field[pid] = field
        edge(pid, "PUBLISHED_IN", jid)
        edge(pid, "HANDLED_BY", rng.choice(editors_of[jid]))
        # authors: a lead picked by productivity, co-authors mostly from the lead's institution or field
        pool = authors_by_field[field]
        lead = rng.choices(pool, weights=[author_weight[a] for a in pool])[0]
        team = [lead]
        for _k in range(rng.choices((0, 1, 2, 3, 4, 5), weights=(8, 18, 26, 24, 15, 9))[0]):
            if rng.random() < 0.55:
                local = [a for a in pool if home_of[a] == home_of[lead] and a not in team]
                cand = local or [a for a in pool if a not in team]
            else:
                cand = [a for a in pool if a not in team]
            team.append(rng.choices(cand, weights=[author_weight[a] for a in cand])[0])
        if rng.random() < 0.3:
            rng.shuffle(team)
        corresponding = team[-1] if len(team) > 1 and rng.random() < 0.6 else team[0]
        for pos, aid in enumerate(team, 1):
            edge(aid, "AUTHORED", pid, author_position=pos, corresponding=aid == corresponding)
        # grants: from the team's PIs first, sometimes any grant of the field
        team_grants = [gid for a in team for _, gid, d in g.out_edges(a, data=True) if d["label"] == "LEADS"]
        team_grants = sorted(set(team_grants))
        funded = set(rng.sample(team_grants, min(len(team_grants), rng.choices((0, 1, 2), weights=(35, 45, 20))[0])))
        if rng.random() < 0.1:
            funded.add(rng.choice([x for x in grant_ids if grant_field[x] == field]))
        for gid in sorted(funded):
            edge(pid, "FUNDED_BY", gid)
        # reviews
        experts = [r for r in reviewer_ids if g.nodes[r]["expertise"] == field]
        for rid in rng.sample(experts, min(len(experts), rng.randint(1, 3))):
            rec = rng.choices(RECOMMENDATIONS, weights=(18, 38, 32, 12))[0]
            submitted = published - timedelta(days=rng.randint(40, 300))
            edge(rid, "REVIEWED", pid, recommendation=rec, submitted_on=_iso(submitted))

    # Citations: to older papers, mostly in the same field, preferential to already-cited ones.
    cited_count = {p: 0 for p in paper_ids}
    by_date = sorted(paper_ids, key=lambda p: (paper_date[p], p))
    for idx, pid in enumerate(by_date):
        older = by_date[:idx]
        if not older:
            continue
        n = min(len(older), rng.choices((0, 1, 2, 3, 4, 5, 6), weights=(6, 12, 18, 20, 18, 14, 12))[0])
        same = [p for p in older if paper_field[p] == paper_field[pid]]
        chosen: set[str] = set()
        for _k in range(n):
            cand = same if same and rng.random() < 0.85 else older
            cand = [p for p in cand if p not in chosen]
            if not cand:
                break
            pick = rng.choices(cand, weights=[2 + cited_count[p] for p in cand])[0]
            chosen.add(pick)
        for c in sorted(chosen):
            edge(pid, "CITES", c)
            cited_count[c] += 1
    return g


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    out = args.dir / "publishing.graphml"
    nx.write_graphml(g, out)
    print(f"wrote {out}: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")


if __name__ == "__main__":
    main()
