"""A generated research-organisation graph with a schema unlike the CRM's, written as GraphML (networkx style:
node ``type``, edge ``label``), plus its own text (paper abstracts as a long property, and a documents file).

    Researcher -REPORTS_TO-> Researcher        (a self-relation: a management tree)
    Researcher -MEMBER_OF {role, since}-> Lab  (an edge with properties)
    Lab -BELONGS_TO-> Institute -LOCATED_IN-> Country
    Researcher -AUTHORED-> Paper -CITES-> Paper;  Paper -ABOUT-> Topic;  Paper -FUNDED_BY-> Grant
A 4-hop path: Country <-LOCATED_IN- Institute <-BELONGS_TO- Lab <-MEMBER_OF- Researcher -AUTHORED-> Paper.
Deterministic for a seed.
"""

from __future__ import annotations

import random
from pathlib import Path

import networkx as nx

FIRST = ["Ada", "Boris", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kalani", "Leena",
         "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Soren", "Tamar", "Umar", "Vera", "Wen", "Ximena",
         "Yusuf", "Zofia"]
LAST = ["Albescu", "Brandt", "Castellano", "Dvorak", "Eklund", "Fontaine", "Grieve", "Haddad", "Ivanova", "Jaramillo",
        "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quist", "Rahman", "Saarinen", "Takeda"]
COUNTRIES = ["Norway", "Portugal", "Japan", "Chile", "Kenya"]
INSTITUTES = ["Fjordlight Institute", "Atlantic Polytechnic", "Sakura Science Academy", "Andes Research Center",
              "Rift Valley Institute", "Northern Lights University", "Tagus Institute of Technology"]
LAB_WORDS = ["Quantum Optics", "Soil Microbiome", "Glacier Dynamics", "Protein Folding", "Urban Mobility",
             "Marine Acoustics", "Machine Perception", "Coral Genomics", "Volcanic Hazards", "Battery Chemistry",
             "Neural Coding", "Desert Hydrology", "Solar Materials", "Language Evolution"]
TOPICS = ["photonics", "microbiology", "glaciology", "structural biology", "transport planning", "bioacoustics",
          "computer vision", "genomics", "volcanology", "electrochemistry", "neuroscience", "hydrology"]
FUNDERS = ["Nordic Science Fund", "Horizon Seed Programme", "Pacific Research Council", "Andean Innovation Trust"]
ROLES = ["lead", "member", "visiting"]
PAPER_WORDS = ["Adaptive", "Robust", "Sparse", "Coupled", "Scalable", "Latent", "Stochastic", "Spectral", "Emergent",
               "Hierarchical"]
PAPER_NOUNS = ["Signals", "Networks", "Dynamics", "Estimators", "Models", "Surveys", "Sensors", "Pathways"]


def generate(seed: int = 7) -> nx.DiGraph:
    rnd = random.Random(seed)
    g = nx.DiGraph()
    for i, c in enumerate(COUNTRIES):
        g.add_node(f"country-{i}", type="Country", name=c, population_millions=rnd.randint(3, 130))
    for i, name in enumerate(INSTITUTES):
        g.add_node(f"inst-{i}", type="Institute", name=name, founded=rnd.randint(1850, 2010))
        g.add_edge(f"inst-{i}", f"country-{i % len(COUNTRIES)}", label="LOCATED_IN")
    for i, w in enumerate(LAB_WORDS):
        g.add_node(f"lab-{i}", type="Lab", name=f"{w} Lab", budget=float(rnd.randint(200, 4000)) * 1000.0)
        g.add_edge(f"lab-{i}", f"inst-{rnd.randrange(len(INSTITUTES))}", label="BELONGS_TO")
    for i, t in enumerate(TOPICS):
        g.add_node(f"topic-{i}", type="Topic", name=t)
    for i, f in enumerate(FUNDERS):
        for j in range(3):
            g.add_node(f"grant-{i}-{j}", type="Grant", name=f"{f} grant {chr(65 + j)}", funder=f,
                       amount=float(rnd.randint(50, 900)) * 1000.0, start_year=rnd.randint(2015, 2024))
    names = set()
    researchers = []
    while len(researchers) < 90:
        n = f"{rnd.choice(FIRST)} {rnd.choice(LAST)}"
        if n in names:
            continue
        names.add(n)
        rid = f"res-{len(researchers):03d}"
        researchers.append(rid)
        first, last = n.split()
        g.add_node(rid, type="Researcher", first_name=first, last_name=last,
                   seniority=rnd.choice(["junior", "senior", "principal"]),
                   h_index=rnd.randint(1, 60), joined=f"{rnd.randint(2005, 2024)}-{rnd.randint(1, 12):02d}-01")
    # management tree: the first 6 lead, the next 24 report to one of them, the rest to one of those 24
    for k, rid in enumerate(researchers):
        if 6 <= k < 30:
            g.add_edge(rid, researchers[rnd.randrange(6)], label="REPORTS_TO")
        elif k >= 30:
            g.add_edge(rid, researchers[6 + rnd.randrange(24)], label="REPORTS_TO")
    for rid in researchers:
        for lab in rnd.sample(range(len(LAB_WORDS)), rnd.choice([1, 1, 2])):
            g.add_edge(rid, f"lab-{lab}", label="MEMBER_OF", role=rnd.choice(ROLES), since=rnd.randint(2008, 2024))
    titles = set()
    papers = []
    while len(papers) < 160:
        t = f"{rnd.choice(PAPER_WORDS)} {rnd.choice(PAPER_NOUNS)} for {rnd.choice(TOPICS).title()}"
        if t in titles:
            continue
        titles.add(t)
        pid = f"paper-{len(papers):03d}"
        topic = rnd.randrange(len(TOPICS))
        year = rnd.randint(2012, 2025)
        abstract = (f"This paper studies {TOPICS[topic]} with {t.split()[0].lower()} methods. "
                    f"We report results gathered between {year - 2} and {year}. "
                    f"The approach improves on earlier {rnd.choice(PAPER_NOUNS).lower()} by a clear margin. "
                    f"Data and code are released with the paper so that others can repeat every experiment.")
        g.add_node(pid, type="Paper", title=t, year=year, citations=rnd.randint(0, 400), abstract=abstract)
        papers.append(pid)
        g.add_edge(pid, f"topic-{topic}", label="ABOUT")
        for rid in rnd.sample(researchers, rnd.choice([1, 2, 2, 3])):
            g.add_edge(rid, pid, label="AUTHORED")
        if rnd.random() < 0.6:
            i = rnd.randrange(len(FUNDERS))
            g.add_edge(pid, f"grant-{i}-{rnd.randrange(3)}", label="FUNDED_BY")
    for k, pid in enumerate(papers):
        for other in rnd.sample(papers[:k], min(k, rnd.choice([0, 1, 2, 3]))):
            g.add_edge(pid, other, label="CITES")
    return g


def write_graphml(out: Path, seed: int = 7) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    g = generate(seed)
    path = out / "research.graphml"
    nx.write_graphml(g, path)
    # lab descriptions as a separate documents file (linked by name by the alias linker)
    import json

    with open(out / "documents.jsonl", "w", encoding="utf-8") as fh:
        for nid, d in g.nodes(data=True):
            if d["type"] == "Lab":
                inst = next(v for _u, v, e in g.out_edges(nid, data=True) if e["label"] == "BELONGS_TO")
                fh.write(json.dumps({"id": f"labdoc-{nid}", "title": f"About the {d['name']}",
                                     "text": f"The {d['name']} is part of the {g.nodes[inst]['name']}. It runs "
                                             f"experiments and hosts visiting researchers every year."}) + "\n")
    return path
