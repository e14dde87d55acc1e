"""A generated university graph (a fourth byog graph, unlike the CRM, tests/byog/ and the tests/byog2/ transit
network), written as GraphML the way networkx writes it: the node type in a ``type`` attribute ("Student") and the
edge type in a ``type`` attribute ("ENROLLED_IN").

    Student -ENROLLED_IN {semester, mark, grade}-> Course -OFFERED_BY-> Department -LOCATED_IN-> Building
    Professor -TEACHES-> Course;  Professor -WORKS_IN-> Department;  Professor -ADVISES {since}-> Student
    Course -PREREQUISITE_OF-> Course                  (a self-relation: the source must be passed first)
    Course -HELD_IN {room}-> Building
    Student -MAJORS_IN-> Program -RUN_BY-> Department
    Scholarship -AWARDED_TO {year}-> Student
Display names: ``first_name`` + ``last_name`` (Student, Professor), ``title`` (Course), ``name`` (the rest).
4-hop paths: Student -> Course <- Professor -> Department -> Building, and
Scholarship -> Student -> Program -> Department -> Building. Deterministic for a seed.

    python tests/byog3/graph.py OUT_DIR          # writes OUT_DIR/university.graphml
    python tests/byog3/graph.py OUT_DIR --csv    # also OUT_DIR/university_csv/ (Neo4j admin-import CSV, same graph)
"""

from __future__ import annotations

import csv
import random
import sys
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

FILE_NAME = "university.graphml"

# (department, faculty, founded, building index, course titles introductory -> advanced, 4 / 4 / 4)
DEPARTMENTS = [
    ("Computer Science", "Engineering", 1968, 0,
     ["Introduction to Programming", "Discrete Structures", "Computer Organization", "Web Development",
      "Data Structures", "Algorithms", "Operating Systems", "Database Systems",
      "Machine Learning", "Compiler Construction", "Distributed Systems", "Computer Security"]),
    ("Mathematics", "Science", 1891, 1,
     ["Calculus I", "Linear Algebra", "Foundations of Mathematics", "Statistics for Scientists",
      "Calculus II", "Real Analysis", "Abstract Algebra", "Probability Theory",
      "Complex Analysis", "Topology", "Numerical Methods", "Stochastic Processes"]),
    ("Physics", "Science", 1895, 2,
     ["Mechanics", "Waves and Optics", "Physics Laboratory", "Astronomy for Everyone",
      "Electromagnetism", "Thermodynamics", "Quantum Physics", "Mathematical Physics",
      "Solid State Physics", "Particle Physics", "General Relativity", "Computational Physics"]),
    ("Chemistry", "Science", 1902, 2,
     ["General Chemistry", "Chemistry Laboratory Skills", "Chemistry and Society", "Inorganic Chemistry I",
      "Organic Chemistry", "Physical Chemistry", "Analytical Chemistry", "Inorganic Chemistry II",
      "Biochemistry", "Spectroscopy", "Medicinal Chemistry", "Polymer Science"]),
    ("Biology", "Science", 1910, 3,
     ["Cell Biology", "Ecology", "Evolution", "Human Anatomy",
      "Genetics", "Microbiology", "Plant Physiology", "Marine Biology",
      "Molecular Biology", "Neuroscience", "Immunology", "Conservation Biology"]),
    ("History", "Arts", 1889, 4,
     ["World History", "Ancient Civilizations", "Medieval Europe", "History of the Americas",
      "The Renaissance", "The Industrial Revolution", "Modern Asia", "History of Science",
      "The Cold War", "Colonialism and Empire", "Historiography", "Oral History Methods"]),
    ("Philosophy", "Arts", 1893, 4,
     ["Introduction to Philosophy", "Critical Thinking", "Ethics", "Logic",
      "Philosophy of Mind", "Political Philosophy", "Ancient Philosophy", "Aesthetics",
      "Metaphysics", "Epistemology", "Philosophy of Language", "Bioethics"]),
    ("English Literature", "Arts", 1899, 5,
     ["Reading Poetry", "The Novel", "Creative Writing", "Shakespeare",
      "Romantic Poets", "Victorian Fiction", "American Literature", "Literary Theory",
      "Modernism", "Postcolonial Literature", "Contemporary Fiction", "Advanced Creative Writing"]),
    ("Economics", "Social Sciences", 1921, 6,
     ["Principles of Microeconomics", "Principles of Macroeconomics", "Economic History", "Personal Finance",
      "Intermediate Microeconomics", "Econometrics", "Labor Economics", "Public Finance",
      "Game Theory", "International Trade", "Development Economics", "Behavioral Economics"]),
    ("Psychology", "Social Sciences", 1935, 7,
     ["Introduction to Psychology", "Developmental Psychology", "Social Psychology", "Research Methods",
      "Cognitive Psychology", "Abnormal Psychology", "Personality", "Biological Psychology",
      "Clinical Psychology", "Psychology of Language", "Health Psychology", "Cognitive Neuroscience"]),
    ("Mechanical Engineering", "Engineering", 1948, 8,
     ["Engineering Drawing", "Statics", "Materials Science", "Engineering Mathematics",
      "Dynamics", "Fluid Mechanics", "Heat Transfer", "Machine Design",
      "Control Systems", "Robotics", "Finite Element Analysis", "Renewable Energy Systems"]),
    ("Business Administration", "Business", 1952, 9,
     ["Introduction to Business", "Financial Accounting", "Business Communication", "Marketing Principles",
      "Managerial Accounting", "Corporate Finance", "Operations Management", "Organizational Behavior",
      "Business Strategy", "Entrepreneurship", "Investment Analysis", "Supply Chain Management"]),
]
CODE = {"Computer Science": "CS", "Mathematics": "MATH", "Physics": "PHYS", "Chemistry": "CHEM", "Biology": "BIO",
        "History": "HIST", "Philosophy": "PHIL", "English Literature": "ENGL", "Economics": "ECON",
        "Psychology": "PSY", "Mechanical Engineering": "ME", "Business Administration": "BUS"}
# (building, campus, floors)
BUILDINGS = [("Turing Hall", "North", 6), ("Noether Building", "North", 4), ("Faraday Laboratories", "North", 5),
             ("Darwin Pavilion", "Riverside", 3), ("Bancroft Hall", "Old Campus", 4),
             ("Austen House", "Old Campus", 3), ("Keynes Centre", "Riverside", 7), ("Wundt Annex", "Riverside", 2),
             ("Watt Engineering Block", "North", 8), ("Mercer Business School", "Riverside", 9),
             ("Carnegie Library", "Old Campus", 5), ("Harlow Lecture Theatre", "Old Campus", 2),
             ("Quayside Teaching Centre", "Riverside", 4), ("Elmsworth Hall", "North", 3)]
SCHOLARSHIPS = [("Hartwell Merit Scholarship", "Hartwell Foundation"), ("Ada Lovelace Award", "Lovelace Trust"),
                ("Founders' Bursary", "University Council"), ("Greenfield Access Grant", "Greenfield Trust"),
                ("Marlowe Arts Prize", "Marlowe Society"), ("Castellan Engineering Fellowship", "Castellan Group"),
                ("Ravensworth Scholarship", "Ravensworth Estate"), ("Okafor Science Award", "Okafor Family Trust"),
                ("Pemberton Travel Grant", "Pemberton Fund"), ("Linwood Community Bursary", "Linwood Council"),
                ("Sterling Business Scholarship", "Sterling Bank"), ("Northgate Sports Scholarship", "Northgate"),
                ("Harcourt Study Abroad Award", "Harcourt Trust"), ("Vance Memorial Prize", "Vance Family"),
                ("Blackwood Research Award", "Blackwood Institute"), ("Elena Ruiz Fellowship", "Ruiz Foundation"),
                ("Thornbury Hardship Fund", "Thornbury Trust"), ("Kessler Medal", "Kessler Society")]
FIRST = ["Aaliyah", "Aarav", "Abigail", "Adrian", "Aisha", "Alejandro", "Amara", "Amelia", "Andre", "Anika",
         "Arjun", "Astrid", "Beatriz", "Benjamin", "Bianca", "Caleb", "Camila", "Carlos", "Chen", "Chloe", "Connor",
         "Dalia", "Daniel", "Dmitri", "Elif", "Elijah", "Emeka", "Emma", "Esther", "Ethan", "Fatima", "Felix",
         "Freya", "Gabriel", "Grace", "Hana", "Hassan", "Ibrahim", "Ingrid", "Isabel", "Jamal", "Javier", "Jin",
         "Jonah", "Julia", "Kai", "Kenji", "Keira", "Lars", "Layla", "Leon", "Lucia", "Luca", "Mabel", "Malik",
         "Marta", "Mateo", "Maya", "Mei", "Milan", "Nadia", "Naomi", "Nikhil", "Nora", "Oliver", "Omar", "Oscar",
         "Priya", "Quentin", "Rafael", "Rania", "Rohan", "Rosa", "Samuel", "Sana", "Sofia", "Soren", "Tariq",
         "Tessa", "Theo", "Uma", "Victor", "Wen", "Xavier", "Yara", "Yusuf", "Zara", "Zoe"]
LAST = ["Abbott", "Adeyemi", "Alvarez", "Andersson", "Bakker", "Banerjee", "Barros", "Becker", "Bianchi", "Bishop",
        "Brennan", "Castillo", "Chandra", "Choi", "Costa", "Dahl", "Delgado", "Dubois", "Eriksen", "Farouk",
        "Fischer", "Fontaine", "Garcia", "Gill", "Gonzaga", "Haddad", "Hansen", "Hartley", "Herrera", "Hoffman",
        "Ibarra", "Iyer", "Jansen", "Jovanovic", "Kaur", "Kawasaki", "Kim", "Kowalski", "Larsen", "Lindqvist",
        "Lopez", "Maddox", "Mahmoud", "Marsh", "Mendes", "Moreau", "Murphy", "Nakamura", "Nguyen", "Novak",
        "Obi", "Okonkwo", "Olsen", "Ortega", "Park", "Patel", "Petrov", "Quinn", "Ramos", "Reyes", "Rossi",
        "Sato", "Schmidt", "Sharma", "Silva", "Sokolov", "Suzuki", "Tanaka", "Thornton", "Torres", "Ueda",
        "Vargas", "Vasquez", "Vogel", "Walsh", "Weber", "Whitfield", "Xu", "Yamamoto", "Yilmaz", "Zhang",
        "Zielinski"]
N_STUDENTS = 1400
N_PROFESSORS = 132
SEMESTERS = ["Fall 2022", "Spring 2023", "Fall 2023", "Spring 2024", "Fall 2024", "Spring 2025"]


def _day(rnd: random.Random, start: date, span_days: int) -> str:
    return (start + timedelta(days=rnd.randrange(span_days))).isoformat()


def _grade(mark: int) -> str:
    for floor, letter in ((85, "A"), (70, "B"), (55, "C"), (45, "D")):
        if mark >= floor:
            return letter
    return "F"


def generate(seed: int = 23) -> nx.DiGraph:
    rnd = random.Random(seed)
    g = nx.DiGraph()
    for i, (name, campus, floors) in enumerate(BUILDINGS):
        g.add_node(f"bld-{i:02d}", type="Building", name=name, campus=campus, floors=floors,
                   opened=_day(rnd, date(1890, 1, 1), 45000), accessible=rnd.random() < 0.7)
    depts, courses_by_dept, level_of = [], {}, {}
    for i, (name, faculty, founded, bi, titles) in enumerate(DEPARTMENTS):
        did = f"dept-{i:02d}"
        depts.append(did)
        g.add_node(did, type="Department", name=name, faculty=faculty, founded=founded,
                   budget=rnd.randint(18, 140) * 50000)
        g.add_edge(did, f"bld-{bi:02d}", type="LOCATED_IN")
        cids = []
        for k, title in enumerate(titles):
            cid = f"crs-{i:02d}{k:02d}"
            level = ("introductory", "intermediate", "advanced")[k // 4]
            level_of[cid] = k // 4
            number = (100, 200, 400)[k // 4] + 10 * (k % 4) + rnd.randint(0, 9)
            g.add_node(cid, type="Course", title=title, code=f"{CODE[name]} {number}", level=level,
                       credits=rnd.choice([2, 3, 3, 4, 4, 5, 6]), capacity=rnd.choice([30, 40, 60, 80, 120, 200]))
            g.add_edge(cid, did, type="OFFERED_BY")
            home = bi if rnd.random() < 0.6 else rnd.randrange(len(BUILDINGS))
            g.add_edge(cid, f"bld-{home:02d}", type="HELD_IN", room=f"{'GABCD'[rnd.randint(0, 4)]}{rnd.randint(1, 40):02d}")
            cids.append(cid)
        courses_by_dept[did] = cids
    all_courses = [c for d in depts for c in courses_by_dept[d]]
    # prerequisites: every non-introductory course needs 1-2 lower-level courses (mostly of its own department)
    for did in depts:
        cids = courses_by_dept[did]
        for cid in cids:
            lv = level_of[cid]
            if lv == 0:
                continue
            lower = [c for c in cids if level_of[c] == lv - 1]
            for pre in rnd.sample(lower, rnd.choice([1, 1, 2])):
                g.add_edge(pre, cid, type="PREREQUISITE_OF")
            if rnd.random() < 0.12:
                other = rnd.choice([c for c in all_courses if level_of[c] < lv and c not in cids])
                g.add_edge(other, cid, type="PREREQUISITE_OF")
    for i, did in enumerate(depts):
        name = DEPARTMENTS[i][0]
        degrees = ("BA", "MA") if DEPARTMENTS[i][1] in ("Arts", "Social Sciences") else ("BSc", "MSc")
        for k, deg in enumerate(degrees):
            pid = f"prog-{i:02d}{k}"
            g.add_node(pid, type="Program", name=f"{deg} {name}", degree=deg, duration_years=(3, 4, 1, 2)[
                rnd.randrange(2) + 2 * k], tuition=rnd.randint(18, 46) * 500)
            g.add_edge(pid, did, type="RUN_BY")
    used: set[str] = set()

    def person() -> tuple[str, str]:
        while True:
            f, last = rnd.choice(FIRST), rnd.choice(LAST)
            if f"{f} {last}" not in used:
                used.add(f"{f} {last}")
                return f, last

    profs_by_dept: dict[str, list[str]] = {d: [] for d in depts}
    profs = []
    for i in range(N_PROFESSORS):
        pid = f"prof-{i:03d}"
        did = depts[i % len(depts)] if i < 2 * len(depts) else rnd.choice(depts)
        f, last = person()
        rank = rnd.choice(["assistant", "assistant", "associate", "associate", "full"])
        g.add_node(pid, type="Professor", first_name=f, last_name=last, rank=rank,
                   hired=_day(rnd, date(1988, 1, 1), 12800), tenured=rank != "assistant" and rnd.random() < 0.85,
                   salary=rnd.randint(680, 1900) * 100)
        g.add_edge(pid, did, type="WORKS_IN")
        profs_by_dept[did].append(pid)
        profs.append(pid)
    for did in depts:
        for cid in courses_by_dept[did]:
            teachers = rnd.sample(profs_by_dept[did], 2 if rnd.random() < 0.25 else 1)
            for p in teachers:
                g.add_edge(p, cid, type="TEACHES")
    progs = [n for n, a in g.nodes(data=True) if a["type"] == "Program"]
    students = []
    for i in range(N_STUDENTS):
        sid = f"stu-{i:04d}"
        f, last = person()
        prog = rnd.choice(progs)
        did = next(iter(g.successors(prog)))
        master = g.nodes[prog]["degree"] in ("MSc", "MA")
        year = rnd.randint(1, g.nodes[prog]["duration_years"])
        g.add_node(sid, type="Student", first_name=f, last_name=last, year_of_study=year,
                   gpa=round(rnd.uniform(1.8, 4.0), 2), admitted=_day(rnd, date(2022 - 0, 8, 20), 20 + 365 * 3),
                   international=rnd.random() < 0.22, status=rnd.choice(["full-time"] * 4 + ["part-time"]))
        g.add_edge(sid, prog, type="MAJORS_IN")
        own = courses_by_dept[did]
        n_own, n_other = rnd.randint(2, 5), rnd.randint(1, 3)
        picks = rnd.sample(own, n_own) + rnd.sample([c for c in all_courses if c not in own], n_other)
        for cid in picks:
            mark = max(20, min(100, int(rnd.gauss(68, 14))))
            g.add_edge(sid, cid, type="ENROLLED_IN", semester=rnd.choice(SEMESTERS), mark=mark, grade=_grade(mark))
        if year >= 3 or (master and rnd.random() < 0.6) or rnd.random() < 0.15:
            adv = rnd.choice(profs_by_dept[did])
            g.add_edge(adv, sid, type="ADVISES", since=_day(rnd, date(2022, 9, 1), 1000))
        students.append(sid)
    for i, (name, sponsor) in enumerate(SCHOLARSHIPS):
        schid = f"sch-{i:02d}"
        g.add_node(schid, type="Scholarship", name=name, sponsor=sponsor, amount=rnd.randint(4, 60) * 250,
                   renewable=rnd.random() < 0.5)
        for sid in rnd.sample(students, rnd.randint(3, 14)):
            g.add_edge(schid, sid, type="AWARDED_TO", year=rnd.choice([2022, 2023, 2024, 2025]))
    return g


def write(out_dir: Path, seed: int = 23) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / FILE_NAME
    nx.write_graphml(generate(seed), path, encoding="utf-8", prettyprint=True)
    return path


def _csv_type(values) -> str:
    if all(isinstance(v, bool) for v in values):
        return "boolean"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "int"
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return "float"
    if all(isinstance(v, str) and len(v) == 10 and v[4] == "-" and v[7] == "-" for v in values):
        return "date"
    return "string"


def _csv_value(v) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def write_csv(out_dir: Path, seed: int = 23) -> Path:
    """The same graph as Neo4j admin-import CSV: one node file per label, one relationship file per type."""
    g = generate(seed)
    folder = out_dir / "university_csv"
    folder.mkdir(parents=True, exist_ok=True)
    by_label: dict[str, list[str]] = {}
    for n, a in g.nodes(data=True):
        by_label.setdefault(a["type"], []).append(n)
    for label, nodes in by_label.items():
        keys = [k for k in g.nodes[nodes[0]] if k != "type"]
        types = {k: _csv_type([g.nodes[n][k] for n in nodes]) for k in keys}
        with (folder / f"nodes_{label}.csv").open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow([":ID", *(f"{k}:{types[k]}" for k in keys), ":LABEL"])
            for n in nodes:
                w.writerow([n, *(_csv_value(g.nodes[n][k]) for k in keys), label])
    by_type: dict[str, list[tuple[str, str]]] = {}
    for u, v, a in g.edges(data=True):
        by_type.setdefault(a["type"], []).append((u, v))
    for etype, pairs in by_type.items():
        keys = [k for k in g.edges[pairs[0]] if k != "type"]
        types = {k: _csv_type([g.edges[p][k] for p in pairs]) for k in keys}
        with (folder / f"rels_{etype}.csv").open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow([":START_ID", ":END_ID", *(f"{k}:{types[k]}" for k in keys), ":TYPE"])
            for u, v in pairs:
                w.writerow([u, v, *(_csv_value(g.edges[u, v][k]) for k in keys), etype])
    return folder


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--csv"]
    if len(args) != 1:
        sys.exit("usage: python tests/byog3/graph.py OUT_DIR [--csv]")
    print(write(Path(args[0])))
    if "--csv" in sys.argv[1:]:
        print(write_csv(Path(args[0])))
