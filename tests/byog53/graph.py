"""Deterministic generator for the byog53 university research-lab network (GraphML, `type` attributes).

Usage: python tests/byog53/graph.py OUT_DIR [--seed N]   ->   OUT_DIR/labs.graphml
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random

import networkx as nx

FIRST = (
    "Ana Bruno Chiara Dmitri Elena Farid Greta Hugo Ingrid Jonas Keiko Lars Mira Nadia Omar Petra Quentin Rosa "
    "Stefan Tomas Ulla Viktor Wanda Xavier Yara Zoltan Amara Bilal Carmen Dario Esther Felix Gloria Hassan Irene "
    "Jasper Kamila Leon Marta Nikolai Olga Pablo Rania Samir Teresa Umar Vera Wendell Ximena Yusuf Zora Anton "
    "Beatriz Cyrus Delia Emil Fatima Gideon Helga Ivo Juno Kofi Linnea Marco Noor Otto Priya Rafael Sanna Theo"
).split()
LAST = (
    "Abara Bergstrom Castellano Dufresne Eklund Ferreira Gallagher Haddad Ishikawa Jovanovic Kowalczyk Lindqvist "
    "Moreau Nakamura Okonkwo Petrov Quintero Rasmussen Sandoval Takahashi Urquhart Valdivia Whitfield Yamamoto "
    "Zielinski Achterberg Barzani Cavanagh Delacroix Esposito Fonseca Grimaldi Holloway Iversen Janssen Kaminski "
    "Lombardi Mahmoud Novak Oyelaran Pellegrini Rahimi Schuster Tanaka Underwood Vasquez Wojcik Xiong Yilmaz "
    "Zamora Albrecht Bianchi Chatterjee Dimitrov Engstrom Fitzgerald Gustafsson Hoffmann Ibarra Jaramillo Kessler "
    "Laurent Mendoza Nordin Ostrowski Pacheco Renner Sorensen Thorsen Ulrich Vogel Whitaker Ybarra Zeller"
).split()
LAB_WORDS = (
    "Beacon Orchard Compass Lantern Meadow Granite Harbor Willow Falcon Prism Cascade Ember Juniper Kestrel Tundra "
    "Mosaic Quarry Saffron Tidewater Anvil Bramble Cinder Driftwood Evergreen Foxglove Glacier Heron Ironwood "
    "Jasmine Keystone Larkspur Marigold Nimbus Obsidian Pebble Quill Redwood Sparrow Thistle Umber"
).split()
LAB_FIELDS = ("Biology", "Chemistry", "Physics", "Computing", "Materials")
RANKS = ("Professor", "Lecturer", "Postdoc", "PhD Student", "Research Engineer")
RANK_W = (12, 15, 20, 40, 13)
ADJ = (
    "Silent Amber Crimson Hidden Swift Northern Gentle Hollow Distant Radiant Quiet Golden Frozen Wild Bright "
    "Lucky Broken Velvet Iron Scarlet Misty Patient Sunken Brave Lonely Copper Rapid Silver Humble Sleepy"
).split()
NOUNS = (
    "Otter Lynx Badger Raven Walrus Bison Marten Puffin Ibis Gecko Condor Mantis Osprey Beaver Salmon Cobra "
    "Moose Weasel Jackal Pelican Ferret Hornet Coyote Panther Dingo Lemur Toucan Yak Viper Stork"
).split()
PROJ_SUFFIX = ("Initiative", "Programme", "Study", "Effort")
STATUS = ("active", "completed", "paused")
STATUS_W = (50, 35, 15)
GRANT_WORDS = (
    "Horizon Catalyst Pioneer Vanguard Frontier Pathfinder Lighthouse Cornerstone Wellspring Trailblazer Milestone "
    "Seedling Bedrock Crossroads Daybreak Endeavour Flagship Gateway Headwater Insight Lodestar Meridian Northstar "
    "Outlook Paragon Quest Rising Sentinel Threshold Upland Venture Watershed Zenith Apex Bridgewater Clearview "
    "Dawnlight Eastgate Firelight Goldleaf"
).split()
GRANT_KINDS = ("Fellowship", "Seed Award", "Research Grant", "Programme Grant", "Equipment Fund")
PROGRAMS = ("basic", "applied", "translational")
AGENCIES = (
    ("Federal Research Council", "Arcadia", "FRC"), ("Northern Health Trust", "Borealia", "NHT"),
    ("Ocean Sciences Board", "Arcadia", "OSB"), ("Royal Engineering Foundation", "Calderon", "REF"),
    ("Agency for Digital Futures", "Borealia", "ADF"), ("Continental Energy Office", "Calderon", "CEO"),
    ("Wellcome Discovery Society", "Arcadia", "WDS"), ("Institute for Climate Action", "Doravia", "ICA"),
    ("Space and Materials Directorate", "Doravia", "SMD"), ("Public Genomics Alliance", "Borealia", "PGA"),
    ("National Defence Science Bureau", "Calderon", "NDSB"), ("Open Knowledge Endowment", "Arcadia", "OKE"),
    ("Regional Innovation Fund", "Doravia", "RIF"), ("Foundation for Young Scientists", "Calderon", "FYS"),
    ("Marine Robotics Consortium", "Borealia", "MRC"),
)
INSTR_KINDS = (
    "Mass Spectrometer", "Electron Microscope", "Confocal Microscope", "NMR Spectrometer", "GPU Cluster",
    "X-ray Diffractometer", "Laser Rig", "Flow Cytometer", "Cryostat", "Gene Sequencer",
)
INSTR_CODES = ("MS", "EM", "CM", "NMR", "GPU", "XRD", "LZR", "FCM", "CRY", "SEQ")
INSTR_WORDS = (
    "Atlas Borealis Cygnus Draco Eclipse Fathom Gemini Helios Icarus Jupiter Kepler Lumen Magnus Nova Orion "
    "Pulsar Quasar Rigel Sirius Titan Umbra Vega Wraith Xenon Yonder Zephyrus Aurora Bolide Comet Dynamo"
).split()
PUB_ADJ = (
    "Robust Scalable Sparse Adaptive Efficient Stochastic Interpretable Distributed Bayesian Causal Low-Rank "
    "Multiscale Nonlinear Self-Supervised Federated Quantum Topological Differentiable Probabilistic Hierarchical"
).split()
PUB_METHOD = (
    "Inference", "Sampling", "Estimation", "Optimisation", "Clustering", "Segmentation", "Spectroscopy",
    "Imaging", "Simulation", "Forecasting", "Calibration", "Screening", "Synthesis", "Tracking", "Ranking",
)
PUB_DOMAIN = (
    "Protein Folding", "Coral Reefs", "Battery Cathodes", "Soil Microbiomes", "Urban Traffic", "Glacier Melt",
    "Cell Migration", "Perovskite Films", "Speech Recognition", "Wind Farms", "Drug Discovery", "Sea Ice",
    "Gut Bacteria", "Superconductors", "Crop Yields", "Neural Circuits", "Catalytic Surfaces", "Star Formation",
    "Graphene Sheets", "Hospital Wards", "Bird Migration", "Fusion Plasmas", "Legal Documents", "River Deltas",
)
PUB_KIND = ("article", "letter", "review")
CONF_TOPICS = (
    "Machine Perception", "Soft Matter", "Computational Biology", "Polymer Science", "Robot Learning",
    "Climate Modelling", "Photonics", "Systems Security", "Marine Ecology", "Catalysis", "Quantum Devices",
    "Data Management", "Structural Biology", "Energy Storage", "Human Factors", "Astroparticle Physics",
    "Neural Computation", "Surface Chemistry", "Bioinformatics", "Fluid Dynamics",
)
CONF_FORMS = ("Symposium on {}", "Workshop on {}")
CITIES = ("Lisbon", "Kyoto", "Montreal", "Tallinn", "Cape Town", "Valparaiso", "Reykjavik", "Hobart")
TIERS = ("top", "major", "regional")
DS_ADJ = (
    "Coastal Alpine Urban Arctic Tropical Desert Riverine Volcanic Boreal Prairie Lunar Coral Harbour Forest "
    "Highland Island"
).split()
DS_SUBJ = (
    "Birdsong", "Rainfall", "Seismic", "Traffic", "Pollen", "Telescope", "Genome", "Sediment", "Lichen",
    "Plankton", "Thermal", "Acoustic", "Satellite",
)
DS_FORM = ("Archive", "Corpus", "Atlas", "Benchmark")
LICENSES = ("CC-BY", "CC0", "restricted")
CO_WORDS = (
    "Northwind Bluepeak Ironbridge Silverline Redcliff Greenfield Blackwater Whitestone Goldcrest Stormgate "
    "Brightwell Oakhurst Pinecrest Highmoor Lowell Fairhaven Westbrook Eastwood Southmere Kingsford Ashgrove "
    "Briarwood Cloudbank Deepwell Elmstead Fernhill Greywolf Hollybush Inkwell Jadeport"
).split()
SECTORS = ("Pharma", "Robotics", "Energy", "Software", "Semiconductors")
CO_SUFFIX = {"Pharma": "Therapeutics", "Robotics": "Robotics", "Energy": "Power", "Software": "Analytics",
             "Semiconductors": "Microsystems"}
WO_ROLES = ("lead", "contributor", "consultant")


def _date(rng: random.Random, y0: int, y1: int) -> str:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 28).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


class _Names:
    """Display names unique across the graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.taken: list[str] = []

    def ok(self, name: str) -> bool:
        low = name.lower()
        return all(low not in t and t not in low for t in self.taken)

    def add(self, name: str) -> None:
        self.taken.append(name.lower())


def build(seed: int = 53) -> nx.MultiDiGraph:
    rng = random.Random(seed)
    g = nx.MultiDiGraph()
    names = _Names()

    def pick_name(make) -> str:
        for _ in range(10000):
            n = make()
            if names.ok(n):
                names.add(n)
                return n
        raise RuntimeError("name space exhausted")

    def edge(u: str, v: str, etype: str, **props) -> None:
        g.add_edge(u, v, type=etype, **props)

    # Agencies
    agencies = []
    for i, (nm, country, abbr) in enumerate(AGENCIES, 1):
        names.add(nm)
        aid = f"agency-{i}"
        g.add_node(aid, type="Agency", name=nm, abbreviation=abbr, country=country,
                   founded_year=rng.randint(1920, 2010), government=rng.random() < 0.6)
        agencies.append(aid)
    # Labs
    labs = []
    words = list(LAB_WORDS)
    rng.shuffle(words)
    for i in range(1, 41):
        nm = pick_name(lambda w=words[i - 1]: f"{w} Lab")
        lid = f"lab-{i}"
        g.add_node(lid, type="Lab", name=nm, code=f"LB-{rng.randint(100, 999)}{chr(65 + i % 26)}",
                   field=rng.choice(LAB_FIELDS), founded=_date(rng, 1965, 2018), floor=rng.randint(1, 9),
                   annual_budget=round(rng.uniform(0.4, 12.0), 2), accredited=rng.random() < 0.7)
        labs.append(lid)
    # Companies
    companies = []
    for i in range(1, 61):
        sector = rng.choice(SECTORS)
        nm = pick_name(lambda s=sector: f"{rng.choice(CO_WORDS)} {CO_SUFFIX[s]}")
        cid = f"company-{i}"
        g.add_node(cid, type="Company", name=nm, sector=sector, employees=rng.randint(12, 48000),
                   listed=rng.random() < 0.35, founded=_date(rng, 1950, 2021),
                   registry_code=f"CR{rng.randint(10000, 99999)}")
        companies.append(cid)
    # Conferences
    confs = []
    topics = list(CONF_TOPICS)
    for i in range(1, 41):
        nm = pick_name(lambda: rng.choice(CONF_FORMS).format(rng.choice(topics)))
        cid = f"conference-{i}"
        acro = "".join(w[0] for w in nm.split() if w[0].isupper()) + str(rng.randint(2, 9))
        g.add_node(cid, type="Conference", name=nm, acronym=acro, city=rng.choice(CITIES),
                   tier=rng.choices(TIERS, (20, 45, 35))[0], first_held=rng.randint(1975, 2015))
        confs.append(cid)
    # Researchers
    researchers = []
    rank_of: dict[str, str] = {}
    lab_of: dict[str, str] = {}
    for i in range(1, 701):
        while True:
            fn, ln = rng.choice(FIRST), rng.choice(LAST)
            if names.ok(f"{fn} {ln}"):
                names.add(f"{fn} {ln}")
                break
        rank = rng.choices(RANKS, RANK_W)[0]
        hi = {"Professor": (18, 75), "Lecturer": (8, 35), "Postdoc": (4, 20), "PhD Student": (0, 8),
              "Research Engineer": (0, 15)}[rank]
        rid = f"researcher-{i}"
        g.add_node(rid, type="Researcher", first_name=fn, last_name=ln, staff_code=f"ST{rng.randint(10000, 99999)}",
                   rank=rank, h_index=rng.randint(*hi), hired=_date(rng, 1990, 2024),
                   tenured=rank in ("Professor", "Lecturer") and rng.random() < 0.75,
                   salary_k=round(rng.uniform(28, 190), 1))
        researchers.append(rid)
        rank_of[rid] = rank
    # Projects
    projects = []
    for i in range(1, 251):
        nm = pick_name(lambda: f"{rng.choice(ADJ)} {rng.choice(NOUNS)} {rng.choice(PROJ_SUFFIX)}")
        pid = f"project-{i}"
        g.add_node(pid, type="Project", title=nm, code=f"PRJ-{rng.randint(1000, 9999)}",
                   status=rng.choices(STATUS, STATUS_W)[0], start_date=_date(rng, 2008, 2025),
                   budget=round(rng.uniform(40, 3500), 1), priority=rng.randint(1, 5))
        projects.append(pid)
    # Grants
    grants = []
    for i in range(1, 181):
        nm = pick_name(lambda: f"{rng.choice(GRANT_WORDS)} {rng.choice(GRANT_KINDS)}")
        gid = f"grant-{i}"
        aw = _date(rng, 2005, 2025)
        g.add_node(gid, type="Grant", title=nm, number=f"GR-{aw[:4]}-{rng.randint(100, 999)}",
                   amount=round(rng.uniform(25, 2500), 1), awarded=aw, renewable=rng.random() < 0.4,
                   program=rng.choice(PROGRAMS))
        grants.append(gid)
    # Instruments
    instruments = []
    for i in range(1, 151):
        k = rng.randrange(len(INSTR_KINDS))
        nm = pick_name(lambda k=k: f"{rng.choice(INSTR_WORDS)} {INSTR_KINDS[k]}")
        iid = f"instrument-{i}"
        g.add_node(iid, type="Instrument", name=nm, model=f"{INSTR_CODES[k]}-{rng.randint(100, 9999)}",
                   kind=INSTR_KINDS[k].split()[-1].lower(), purchased=_date(rng, 2000, 2024),
                   cost=round(rng.uniform(15, 4800), 1), calibrated=rng.random() < 0.65)
        instruments.append(iid)
    # Publications
    pubs = []
    for i in range(1, 601):
        nm = pick_name(lambda: f"{rng.choice(PUB_ADJ)} {rng.choice(PUB_METHOD)} of {rng.choice(PUB_DOMAIN)}")
        pid = f"publication-{i}"
        g.add_node(pid, type="Publication", title=nm, doi=f"10.5553/hl.{rng.randint(10000, 99999)}",
                   published=_date(rng, 2006, 2025), citations=int(rng.paretovariate(1.3) * 3) - 3 + rng.randint(0, 4),
                   open_access=rng.random() < 0.45, kind=rng.choices(PUB_KIND, (70, 15, 15))[0])
        pubs.append(pid)
    # Datasets
    datasets = []
    for i in range(1, 201):
        nm = pick_name(lambda: f"{rng.choice(DS_ADJ)} {rng.choice(DS_SUBJ)} {rng.choice(DS_FORM)}")
        did = f"dataset-{i}"
        lic = rng.choice(LICENSES)
        g.add_node(did, type="Dataset", name=nm, size_gb=round(rng.uniform(0.2, 900), 2), license=lic,
                   public=lic != "restricted" and rng.random() < 0.85, released=_date(rng, 2010, 2025),
                   accession=f"DS{rng.randint(100000, 999999)}")
        datasets.append(did)

    # ---- edges
    # MEMBER_OF / HEADS
    for r in researchers:
        lab = rng.choice(labs)
        lab_of[r] = lab
        edge(r, lab, "MEMBER_OF", since=_date(rng, 1995, 2025))
    for lab in labs:
        profs = [r for r in researchers if lab_of[r] == lab and rank_of[r] == "Professor"]
        seniors = profs or [r for r in researchers if lab_of[r] == lab and rank_of[r] == "Lecturer"]
        edge(rng.choice(seniors), lab, "HEADS")
    # ADVISES (advisor -> student), advisor strictly senior
    order = {"Professor": 4, "Lecturer": 3, "Postdoc": 2, "PhD Student": 1}
    by_rank = {k: [r for r in researchers if rank_of[r] == k] for k in order}
    for r in researchers:
        rk = rank_of[r]
        if rk == "Research Engineer":
            continue
        if rk == "Professor":
            if rng.random() < 0.3:
                older = [p for p in by_rank["Professor"] if int(p.split("-")[1]) < int(r.split("-")[1])]
                if older:
                    edge(rng.choice(older), r, "ADVISES", start_year=rng.randint(1985, 2010),
                         primary=rng.random() < 0.8)
            continue
        pool = [p for k, v in by_rank.items() if order[k] > order[rk] for p in v]
        same = [p for p in pool if lab_of[p] == lab_of[r]]
        adv = rng.choice(same if same and rng.random() < 0.75 else pool)
        edge(adv, r, "ADVISES", start_year=rng.randint(2005, 2025), primary=rng.random() < 0.8)
    # HOSTED_BY
    host = {}
    for p in projects:
        host[p] = rng.choice(labs)
        edge(p, host[p], "HOSTED_BY")
    # WORKS_ON
    for p in projects:
        local = [r for r in researchers if lab_of[r] == host[p]]
        team = rng.sample(local, min(len(local), rng.randint(2, 5)))
        team += rng.sample(researchers, rng.randint(0, 2))
        for r in dict.fromkeys(team):
            edge(r, p, "WORKS_ON", role=rng.choices(WO_ROLES, (20, 65, 15))[0],
                 hours_per_week=rng.randint(2, 40), since=_date(rng, 2008, 2025))
    # FUNDED_BY (project -> grant), ISSUED_BY (grant -> agency)
    for gr in grants:
        edge(gr, rng.choice(agencies), "ISSUED_BY")
    for p in projects:
        for gr in rng.sample(grants, rng.choice((1, 1, 2, 2, 3))):
            edge(p, gr, "FUNDED_BY")
    # OWNS (lab -> instrument), USES (project -> instrument)
    for ins in instruments:
        edge(rng.choice(labs), ins, "OWNS")
    for p in projects:
        for ins in rng.sample(instruments, rng.randint(0, 3)):
            edge(p, ins, "USES", hours=round(rng.uniform(1, 400), 1), first_booked=_date(rng, 2010, 2025))
    # PRODUCED (project -> dataset)
    for d in datasets:
        edge(rng.choice(projects), d, "PRODUCED")
    # AUTHORED (researcher -> publication), PRESENTED_AT (publication -> conference)
    for pub in pubs:
        lab = rng.choice(labs)
        local = [r for r in researchers if lab_of[r] == lab]
        authors = rng.sample(local, min(len(local), rng.randint(1, 4)))
        if rng.random() < 0.4:
            authors.append(rng.choice(researchers))
        authors = list(dict.fromkeys(authors))
        corr = rng.randrange(len(authors))
        for pos, a in enumerate(authors, 1):
            edge(a, pub, "AUTHORED", position=pos, corresponding=pos - 1 == corr)
        if rng.random() < 0.75:
            edge(pub, rng.choice(confs), "PRESENTED_AT")
    # PARTNERS_WITH (lab -> company)
    for lab in labs:
        for co in rng.sample(companies, rng.randint(0, 5)):
            edge(lab, co, "PARTNERS_WITH", contract_value=round(rng.uniform(20, 1800), 1),
                 started=_date(rng, 2005, 2025), exclusive=rng.random() < 0.25)
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=53)
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    nx.write_graphml(build(a.seed), os.path.join(a.out_dir, "labs.graphml"))


if __name__ == "__main__":
    main()
