"""Deterministic generator for the byog31 school-district graph.

    python tests/byog31/graph.py OUT_DIR [--seed N]

writes OUT_DIR/schools.graphml (networkx.write_graphml; node type and edge type in the ``label`` attribute).
Only the standard library's ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from pathlib import Path
from random import Random

import networkx as nx

DEFAULT_SEED = 31
FILE_NAME = "schools.graphml"

# (name, level, zone, magnet)
SCHOOLS = [
    ("Hawthorne High School", "high", 0, False),
    ("Eastbrook High School", "high", 1, False),
    ("Sycamore Valley High School", "high", 2, False),
    ("Orchard Park Academy", "high", 3, True),
    ("Ironwood Middle School", "middle", 0, False),
    ("Bellamy Middle School", "middle", 1, False),
    ("Copper Creek Middle School", "middle", 2, False),
    ("Tillman Middle School", "middle", 3, True),
    ("Juniper Elementary", "elementary", 0, False),
    ("Lantern Hill Elementary", "elementary", 1, False),
    ("Meadowlark Elementary", "elementary", 2, False),
    ("Harbor View Elementary", "elementary", 3, False),
]

SUBJECTS = [
    ("Mathematics", "STEM", True), ("Life Sciences", "STEM", True), ("Physical Sciences", "STEM", True),
    ("English Language Arts", "humanities", True), ("Social Studies", "humanities", True),
    ("World Languages", "humanities", False), ("Visual Arts", "arts", False), ("Performing Arts", "arts", False),
    ("Physical Education", "wellness", True), ("Computer Science", "STEM", False),
    ("Health Education", "wellness", False), ("Career Technical Education", "STEM", False),
]

# (title, band, subjects)
COURSES = [
    ("AP Calculus AB", "high", ["Mathematics"]), ("Precalculus", "high", ["Mathematics"]),
    ("Geometry Honors", "high", ["Mathematics"]), ("Statistics and Probability", "high", ["Mathematics", "Computer Science"]),
    ("AP Biology", "high", ["Life Sciences"]), ("Chemistry Honors", "high", ["Physical Sciences"]),
    ("Physics in Motion", "high", ["Physical Sciences", "Mathematics"]), ("Marine Ecology", "high", ["Life Sciences"]),
    ("AP US History", "high", ["Social Studies"]), ("World Civilizations", "high", ["Social Studies"]),
    ("Economics and Personal Finance", "high", ["Social Studies", "Career Technical Education"]),
    ("American Literature", "high", ["English Language Arts"]),
    ("Shakespeare and Drama", "high", ["English Language Arts", "Performing Arts"]),
    ("Journalism Workshop", "high", ["English Language Arts", "Career Technical Education"]),
    ("Spanish Conversation", "high", ["World Languages"]), ("French Language and Culture", "high", ["World Languages"]),
    ("Mandarin Chinese Basics", "high", ["World Languages"]), ("Ceramics Studio", "high", ["Visual Arts"]),
    ("Jazz Band", "high", ["Performing Arts"]), ("Digital Photography", "high", ["Visual Arts", "Career Technical Education"]),
    ("Weight Training", "high", ["Physical Education"]), ("Python Programming", "high", ["Computer Science"]),
    ("Engineering Design", "high", ["Career Technical Education", "Physical Sciences"]),
    ("Anatomy and Physiology", "high", ["Life Sciences", "Health Education"]),
    ("Integrated Math", "middle", ["Mathematics"]), ("Algebra Readiness", "middle", ["Mathematics"]),
    ("Earth and Space", "middle", ["Physical Sciences"]), ("Cells and Heredity", "middle", ["Life Sciences"]),
    ("Forces and Energy", "middle", ["Physical Sciences"]), ("Ancient Worlds", "middle", ["Social Studies"]),
    ("Civics Today", "middle", ["Social Studies"]), ("Reading Workshop", "middle", ["English Language Arts"]),
    ("Writing Lab", "middle", ["English Language Arts"]), ("Exploratory Spanish", "middle", ["World Languages"]),
    ("Beginning Band", "middle", ["Performing Arts"]), ("Choir Fundamentals", "middle", ["Performing Arts"]),
    ("Drawing and Painting", "middle", ["Visual Arts"]), ("Keyboarding and Coding", "middle", ["Computer Science"]),
    ("Team Sports", "middle", ["Physical Education"]), ("Nutrition and Wellness", "middle", ["Health Education"]),
    ("Geography of the Americas", "middle", ["Social Studies"]), ("Study Skills", "middle", ["English Language Arts"]),
    ("Woodshop Basics", "middle", ["Career Technical Education"]),
    ("Pre-Algebra", "middle", ["Mathematics"]),
    ("Phonics and Reading", "elementary", ["English Language Arts"]), ("Number Sense", "elementary", ["Mathematics"]),
    ("Early Math Games", "elementary", ["Mathematics"]), ("Nature Discovery", "elementary", ["Life Sciences"]),
    ("Storytelling Circle", "elementary", ["English Language Arts", "Performing Arts"]),
    ("Community Helpers", "elementary", ["Social Studies"]), ("Art Explorers", "elementary", ["Visual Arts"]),
    ("Music and Movement", "elementary", ["Performing Arts", "Physical Education"]),
    ("Playground Fitness", "elementary", ["Physical Education"]), ("Handwriting", "elementary", ["English Language Arts"]),
    ("Simple Machines", "elementary", ["Physical Sciences"]), ("Weather Watchers", "elementary", ["Physical Sciences"]),
    ("Map Skills", "elementary", ["Social Studies"]), ("Kindness Curriculum", "elementary", ["Health Education"]),
    ("Library Time", "elementary", ["English Language Arts"]), ("Tablet Tinkering", "elementary", ["Computer Science"]),
]

# (name, category, host school index)
CLUBS = [
    ("Varsity Soccer", "sport", 0), ("Cross Country Team", "sport", 1), ("Girls Volleyball", "sport", 2),
    ("Wrestling Squad", "sport", 3), ("Swim Team", "sport", 0), ("Flag Football", "sport", 5),
    ("Ultimate Frisbee", "sport", 6), ("Track and Field Club", "sport", 7),
    ("Robotics Guild", "academic", 3), ("Debate Society", "academic", 0), ("Mathletes", "academic", 4),
    ("Science Olympiad", "academic", 1), ("Model United Nations", "academic", 2), ("Chess Circle", "academic", 8),
    ("Spelling Bee Crew", "academic", 9), ("Spark", "academic", 10), ("Quiz Bowl", "academic", 11),
    ("Harmony", "arts", 4), ("Drama Troupe", "arts", 1), ("Jazz Ensemble", "arts", 2),
    ("Yearbook Committee", "arts", 3), ("Anime and Manga Club", "arts", 6), ("Canvas", "arts", 9),
    ("Key Club", "service", 5), ("Green Team", "service", 10), ("Compass", "service", 7),
    ("Student Council", "service", 11), ("Beacon", "service", 8),
]

# (name, depot, zone)
ROUTES = [
    ("Northgate Loop", "North", 0), ("Quarry Road", "North", 0), ("Willow Bend", "North", 0),
    ("Summit Express", "North", 1), ("Falcon Ridge Run", "North", 1), ("Mill Creek Shuttle", "Central", 1),
    ("Lakeshore Line", "Central", 1), ("Sunset Circuit", "Central", 2), ("Prairie Wind", "Central", 2),
    ("Foxhollow Connector", "Central", 2), ("Birch Lane", "South", 2), ("Old Mission Road", "South", 3),
    ("Tamarack Trail", "South", 3), ("Kestrel", "South", 3), ("Dogwood Drive", "South", 3),
    ("Harvest Moon", "Central", 0), ("Blue Heron", "North", 1), ("Granite Way", "South", 2),
]

FIRST = """Aaliyah Abel Ada Adrian Aiden Aisha Alana Alejandro Alice Amara Amir Andre Anika Arjun Asher Aubrey
Beatriz Benedict Bianca Bilal Bodhi Brielle Bruno Caleb Camila Carmen Cassius Cecilia Chidi Chloe Colette
Dalia Damian Dante Delphine Desmond Devika Diego Dmitri Eamon Eden Elena Elias Eliza Emeka Esme Ezra Farah
Felix Fiona Gabriel Gemma Gideon Greta Hamza Hana Hector Helena Hugo Ibrahim Ilse Imani Ines Isaac Ivan Jasper
Javier Jonah Josefina Julian Kai Kamala Keanu Keira Lachlan Lars Leila Leon Lucia Luca Magnus Maia Malik Marco
Mariana Mateo Maya Milo Mina Nadia Nasir Nico Nina Noor Oliver Omar Oren Paloma Pavel Priya Quentin Rafael Rania
Remy Rosa Rohan Ruth Samir Sana Selma Silas Sofia Soren Tamsin Tariq Thea Tobias Uma Valentina Vera Viktor
Wesley Willa Xavier Yara Yusuf Zara Zeke Zoe Anders Bettina Cyrus Dorothea Emil Flora Gustavo Hattie Idris""".split()

LAST = """Abernathy Achebe Adeyemi Alvarez Andersen Arslan Bauer Becker Bergstrom Bianchi Castellano Chandra
Chen Clarke Costa Dalton Delacroix Demir Diallo Dubois Eriksen Esposito Farouk Fischer Fontaine Fujimoto
Gallagher Garza Goldberg Guerrero Haddad Halvorsen Hartmann Hayashi Henriksen Herrera Ibarra Ivanova Jaramillo
Jensen Kaminski Kapoor Katz Keller Kowalski Kuznetsov Lachance Lindqvist Lombardi Lopes Macintyre Madsen
Mahmoud Marchetti Medina Mendoza Moreau Mwangi Nakamura Navarro Nguyen Novak Nwosu Okafor Olsen Ortega Osei
Pacheco Park Patel Pereira Petrov Quinlan Ramirez Rasmussen Reyes Richter Romano Rossi Sato Schneider Serrano
Shapiro Silva Sokolov Stavros Suzuki Tanaka Thorne Torres Vance Varga Vasquez Volkov Wagner Walsh Weber
Whitaker Yamamoto Yilmaz Zielinski Zhou Ashby Brennan Calloway Dunmore Ellery Fairbanks Galloway Holloway
Iverson Jorgensen Kingsley Langford Merriweather Northcott Okonkwo Pemberton Quimby Radcliffe Sinclair
Trevino Underwood Villanueva Wexler Youngblood Zamora Abbott Blackwood Corrigan Drummond Everly Fitzgerald""".split()

DEPARTMENTS = {
    "Mathematics": "mathematics", "Computer Science": "mathematics", "Life Sciences": "science",
    "Physical Sciences": "science", "English Language Arts": "english", "Social Studies": "history",
    "World Languages": "languages", "Visual Arts": "arts", "Performing Arts": "arts",
    "Physical Education": "physical education", "Health Education": "physical education",
    "Career Technical Education": "career education",
}


def _norm(name: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", name.lower()).split())


class Names:
    """Display names unique across the graph, none a whole-word part of another."""

    def __init__(self) -> None:
        self.full: set[str] = set()
        self.parts: set[str] = set()  # every proper contiguous word run of every name

    @staticmethod
    def _runs(n: str) -> set[str]:
        w = n.split()
        return {" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1)} - {n}

    def ok(self, name: str) -> bool:
        n = _norm(name)
        return n not in self.full and n not in self.parts and not (self._runs(n) & self.full)

    def add(self, name: str) -> None:
        if not self.ok(name):
            raise ValueError(f"name clash: {name}")
        n = _norm(name)
        self.full.add(n)
        self.parts |= self._runs(n)


def _date(rng: Random, start: dt.date, end: dt.date) -> str:
    return (start + dt.timedelta(days=rng.randrange((end - start).days + 1))).isoformat()


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs):
        disp = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
        names.add(disp)
        g.add_node(nid, label=label, **attrs)

    def edge(a: str, b: str, label: str, **attrs):
        assert not g.has_edge(a, b), (a, b)
        g.add_edge(a, b, label=label, **attrs)

    # schools
    for i, (name, level, zone, magnet) in enumerate(SCHOOLS, 1):
        node(f"school-{i}", "School", name=name, school_code=f"D31-{name[:3].upper()}{100 + i * 7}",
             level=level, zone=zone + 1, founded_year=rng.randint(1921, 2012),
             enrollment_cap=rng.randrange(300, 1800, 10), rating=round(rng.uniform(5.0, 9.8), 1),
             title_one=rng.random() < 0.4 if not magnet else False, magnet=magnet,
             last_inspection=_date(rng, dt.date(2021, 1, 1), dt.date(2024, 6, 30)))
    school_ids = [f"school-{i}" for i in range(1, len(SCHOOLS) + 1)]
    by_zone_level = {(z, lv): f"school-{i}" for i, (_, lv, z, _) in enumerate(SCHOOLS, 1)}
    level_of = {f"school-{i}": lv for i, (_, lv, _, _) in enumerate(SCHOOLS, 1)}
    zone_of = {f"school-{i}": z for i, (_, _, z, _) in enumerate(SCHOOLS, 1)}

    # subjects
    subject_id = {}
    for i, (name, area, core) in enumerate(SUBJECTS, 1):
        node(f"subject-{i}", "Subject", name=name, subject_code=f"SUBJ-{name[:4].upper()}", area=area, core=core)
        subject_id[name] = f"subject-{i}"

    # courses, offered at schools of their band
    offered: dict[str, list[str]] = {s: [] for s in school_ids}
    course_subjects = {}
    for i, (title, band, subs) in enumerate(COURSES, 1):
        cid = f"course-{i}"
        lvl = "AP" if title.startswith("AP ") else ("honors" if "Honors" in title else "standard")
        node(cid, "Course", title=title, course_code=f"{band[0].upper()}{subs[0][:3].upper()}-{200 + i * 3}",
             credits=1.0 if band == "high" and rng.random() < 0.7 else 0.5, level=lvl,
             max_seats=rng.choice([18, 20, 24, 25, 28, 30, 32, 35]))
        course_subjects[cid] = subs
        for s in subs:
            edge(cid, subject_id[s], "COVERS")
        band_schools = [s for s in school_ids if level_of[s] == band]
        k = rng.randint(2, 4)
        for s in sorted(rng.sample(band_schools, k)):
            edge(cid, s, "OFFERED_AT")
            offered[s].append(cid)

    # teachers
    tid = 0
    teachers_at: dict[str, list[str]] = {s: [] for s in school_ids}
    for s in school_ids:
        for _ in range(rng.randint(11, 16)):
            tid += 1
            while True:
                fn, ln = rng.choice(FIRST), rng.choice(LAST)
                if names.ok(f"{fn} {ln}"):
                    break
            yrs = rng.randint(1, 34)
            hire_year = 2024 - yrs
            node(f"teacher-{tid}", "Teacher", first_name=fn, last_name=ln, staff_code=f"T{rng.randint(10000, 99999)}",
                 hire_date=_date(rng, dt.date(hire_year, 1, 1), dt.date(hire_year, 12, 31)),
                 years_experience=yrs + rng.randint(0, 4), salary=48000 + yrs * 1450 + rng.randrange(0, 9000, 50),
                 board_certified=rng.random() < 0.3, department="special education")
            teachers_at[s].append(f"teacher-{tid}")
            edge(f"teacher-{tid}", s, "WORKS_AT", start_date=g.nodes[f"teacher-{tid}"]["hire_date"], full_time=True,
                 fte=1.0)
    # a few teachers split between two schools of the same level
    all_teachers = [t for s in school_ids for t in teachers_at[s]]
    for t in rng.sample(all_teachers, 18):
        home = next(iter(g.successors(t)))
        other = rng.choice([s for s in school_ids if level_of[s] == level_of[home] and s != home])
        g.edges[t, home]["full_time"] = False
        g.edges[t, home]["fte"] = 0.6
        edge(t, other, "WORKS_AT", start_date=_date(rng, dt.date(2016, 8, 1), dt.date(2024, 1, 15)), full_time=False,
             fte=0.4)
        teachers_at[other].append(t)

    # teaching: every offered course gets a teacher at each school offering it
    for s in school_ids:
        ts = sorted(teachers_at[s], key=lambda t: int(t.split("-")[1]))
        for c in offered[s]:
            for _ in range(5):
                t = rng.choice(ts)
                if not g.has_edge(t, c):
                    edge(t, c, "TEACHES", periods_per_week=rng.choice([2, 3, 4, 5, 5, 6, 8, 10]))
                    break
    for t in all_teachers:
        taught = [c for c in g.successors(t) if g.nodes[c]["label"] == "Course"]
        if taught:
            subs = [course_subjects[c][0] for c in sorted(taught)]
            g.nodes[t]["department"] = DEPARTMENTS[max(sorted(set(subs)), key=subs.count)]

    # mentoring: experienced teachers mentor newer colleagues (mentor -> mentee)
    mentees_of: dict[str, int] = {}
    order = sorted(all_teachers, key=lambda t: (-g.nodes[t]["years_experience"], int(t.split("-")[1])))
    for i, t in enumerate(order):
        if i < 8 or rng.random() > 0.5:
            continue
        senior = [m for m in order[:i] if g.nodes[m]["years_experience"] >= g.nodes[t]["years_experience"] + 3
                  and mentees_of.get(m, 0) < 3]
        if not senior:
            continue
        m = rng.choice(senior[-25:])
        mentees_of[m] = mentees_of.get(m, 0) + 1
        edge(m, t, "MENTORS", since=_date(rng, dt.date(2015, 8, 15), dt.date(2024, 5, 1)),
             weekly_hours=rng.choice([1, 1, 2, 2, 3]))

    # clubs
    club_ids = []
    for i, (name, cat, host) in enumerate(CLUBS, 1):
        cid = f"club-{i}"
        node(cid, "Club", name=name, club_code=f"CLB{rng.randint(100, 999)}{name[0]}", category=cat,
             founded_on=_date(rng, dt.date(1975, 1, 1), dt.date(2022, 12, 31)),
             annual_budget=round(rng.uniform(350, 9500), 2), meets_weekly=rng.random() < 0.65)
        edge(cid, school_ids[host], "HOSTED_BY")
        club_ids.append(cid)
        hosts = sorted(teachers_at[school_ids[host]], key=lambda t: int(t.split("-")[1]))
        for t in rng.sample(hosts, 2 if rng.random() < 0.3 else 1):
            edge(t, cid, "ADVISES")

    # bus routes
    route_ids = []
    for i, (name, depot, zone) in enumerate(ROUTES, 1):
        rid = f"route-{i}"
        node(rid, "BusRoute", name=name, route_code=f"R{i:02d}-{depot[0]}{rng.randint(10, 99)}", depot=depot,
             capacity=rng.choice([36, 48, 52, 66, 72, 78]), distance_km=round(rng.uniform(6, 38), 1),
             wheelchair_lift=rng.random() < 0.45, in_service_since=_date(rng, dt.date(2008, 1, 1), dt.date(2023, 8, 1)))
        route_ids.append(rid)
        zone_schools = [s for s in school_ids if zone_of[s] == zone and not SCHOOLS[int(s.split("-")[1]) - 1][3]]
        for s in sorted(rng.sample(zone_schools, rng.randint(1, min(3, len(zone_schools))))):
            edge(rid, s, "SERVES")
    routes_for = {s: sorted(r for r in route_ids if g.has_edge(r, s)) for s in school_ids}

    # families: guardians and students
    sid = gid = 0
    captains: set[str] = set()
    club_members: dict[str, list[str]] = {c: [] for c in club_ids}
    while sid < 1300:
        zone = rng.randrange(4)
        fam_last = rng.choice(LAST)
        kids = rng.choices([1, 2, 3], [0.55, 0.33, 0.12])[0]
        guardians = []
        for gi in range(1 if rng.random() < 0.2 else 2):
            ln = fam_last if gi == 0 or rng.random() < 0.75 else rng.choice(LAST)
            for _ in range(200):
                fn = rng.choice(FIRST)
                if names.ok(f"{fn} {ln}"):
                    break
            else:
                continue
            gid += 1
            node(f"guardian-{gid}", "Guardian", first_name=fn, last_name=ln,
                 contact_code=f"G-{rng.randint(100000, 999999)}",
                 preferred_language=rng.choices(["English", "Spanish", "Vietnamese", "Mandarin", "Arabic"],
                                                [0.62, 0.2, 0.07, 0.06, 0.05])[0],
                 volunteer=rng.random() < 0.25, household_size=kids + rng.randint(1, 4),
                 registered_on=_date(rng, dt.date(2012, 1, 1), dt.date(2024, 8, 1)))
            guardians.append(f"guardian-{gid}")
        if not guardians:
            continue
        for _ in range(kids):
            for _ in range(200):
                fn = rng.choice(FIRST)
                if names.ok(f"{fn} {fam_last}"):
                    break
            else:
                continue
            sid += 1
            st = f"student-{sid}"
            grade = rng.randint(1, 12)
            level = "elementary" if grade <= 5 else ("middle" if grade <= 8 else "high")
            school = by_zone_level[(zone if rng.random() < 0.88 else rng.randrange(4), level)]
            gpa = round(min(4.0, max(0.8, rng.gauss(3.0, 0.55))), 2)
            node(st, "Student", first_name=fn, last_name=fam_last, student_code=f"S{rng.randint(2000000, 2999999)}",
                 birth_date=_date(rng, dt.date(2017 - grade, 9, 1), dt.date(2018 - grade, 8, 31)),
                 grade_level=grade, gpa=gpa, has_iep=rng.random() < 0.13,
                 lunch_status=rng.choices(["paid", "reduced", "free"], [0.55, 0.15, 0.3])[0])
            edge(st, school, "ATTENDS", enrolled_on=_date(rng, dt.date(2013, 8, 15), dt.date(2024, 8, 20)))
            for gi, gd in enumerate(guardians):
                rel = rng.choice(["mother", "father"]) if gi == 0 else rng.choices(
                    ["father", "mother", "grandmother", "grandfather", "aunt", "uncle", "legal guardian"],
                    [0.4, 0.2, 0.12, 0.08, 0.08, 0.06, 0.06])[0]
                edge(gd, st, "GUARDIAN_OF", relationship=rel, primary_contact=gi == 0)
            for c in sorted(rng.sample(offered[school], min(len(offered[school]), rng.randint(4, 6)))):
                mark = round(min(100.0, max(22.0, rng.gauss(74, 13))), 1)
                term = rng.choice(["Fall", "Spring"])
                edge(st, c, "ENROLLED_IN", mark=mark, term=term, completed=term == "Fall" or rng.random() < 0.4)
            local_clubs = [c for c in club_ids if g.has_edge(c, school)]
            for c in local_clubs:
                if rng.random() < 0.28:
                    club_members[c].append(st)
            if routes_for[school] and rng.random() < 0.6:
                edge(st, rng.choice(routes_for[school]), "RIDES", stop_number=rng.randint(1, 24))

    for c in club_ids:
        members = club_members[c]
        roles = ["member"] * len(members)
        free = [i for i, m in enumerate(members) if m not in captains]
        if free:
            k = rng.choice(free)
            roles[k] = "captain"
            captains.add(members[k])
        for extra in ("treasurer", "secretary"):
            rest = [i for i, r in enumerate(roles) if r == "member"]
            if rest and rng.random() < 0.6:
                roles[rng.choice(rest)] = extra
        for m, r in zip(members, roles, strict=True):
            edge(m, c, "MEMBER_OF", role=r, joined_on=_date(rng, dt.date(2019, 9, 1), dt.date(2024, 10, 1)))
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    g = build(args.seed)
    nx.write_graphml(g, out / FILE_NAME)
    print(f"{g.number_of_nodes()} nodes, {g.number_of_edges()} edges -> {out / FILE_NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
