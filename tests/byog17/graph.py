"""Generate a law firm's practice as a property graph (GraphML) for the byog17 independent question set.

    python tests/byog17/graph.py DIR [--seed N]      # writes DIR/lawfirm.graphml (default seed 1701)

Deterministic for a seed (one ``random.Random``). Node type in the ``labels`` attribute (":Attorney"), edge type in
the ``label`` attribute (``STAFFED_ON``); every other attribute is a typed GraphML property, dates as ISO strings.
"""

from __future__ import annotations

import argparse
import random
import sys
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEFAULT_SEED = 1701
FILENAME = "lawfirm.graphml"
TODAY = date(2025, 6, 30)

FIRST_NAMES = (
    "Abigail Adrian Alicia Amara Ananya Andre Anneliese Arjun Beatrice Benedict Bianca Caleb Camille Cassandra "
    "Cedric Celeste Chidi Clara Colin Cormac Dalia Damian Delphine Desmond Dorothea Eamon Eleanor Elias Elodie "
    "Emeka Esme Ezra Farah Felix Fiona Gareth Genevieve Gideon Greta Hamish Harriet Hector Helena Ibrahim Imogen "
    "Ingrid Isaac Isadora Ivan Jasper Joanna Jonah Josephine Julian Kamala Keiko Kieran Lachlan Leona Lionel "
    "Lorenzo Lucinda Magnus Malcolm Margot Marisol Matthias Maxine Miriam Nadia Nathaniel Niamh Noor Octavia Oren "
    "Orla Oscar Paloma Percival Petra Philippa Quentin Rafael Ramona Reuben Rosalind Rowan Ruth Saoirse Sebastian "
    "Serena Silas Soren Tabitha Tariq Thaddeus Theodora Tobias Ursula Valentina Vikram Vivian Wendell Wilhelmina "
    "Xavier Yara Yusuf Zara Zoltan"
).split()
LAST_NAMES = (
    "Abernathy Achterberg Adeyemi Albrecht Alcott Ashcombe Bancroft Barrington Beaumont Bellweather Blackwood "
    "Bramwell Castellano Chatterjee Chowdhury Coltrane Cordova Crowther Dalrymple Delacroix Desrosiers Dunleavy "
    "Eastwick Ellsworth Esposito Fairbanks Farrow Fitzgerald Forsythe Galloway Garrigan Gillespie Goldfarb "
    "Grantham Halloran Hargreaves Hawthorne Hennessy Holloway Ibarra Iwasaki Jablonski Kavanagh Kensington "
    "Kowalczyk Lindqvist Llewellyn Lockhart Macready Mahoney Marchetti Montague Moriarty Nakamura Nightingale "
    "Okonkwo Oyelaran Pemberton Petrakis Quintero Radcliffe Ravensworth Rockwell Rosenthal Salazar Santangelo "
    "Sheridan Silverberg Sorensen Sutherland Takahashi Thackeray Thornbury Trevelyan Underhill Valdivia "
    "Vanderbilt Wainwright Whitaker Wollstonecraft Yamamoto Zielinski"
).split()
FIRM_NAMES = (
    "Ashdown Pryor Whitcombe Hale Merriweather Strand Caldecott Voss Harrow Lindley Fenwick Marlowe Prescott "
    "Kingsley Dunmore Talbot Ravenscroft Oakes Winslow Thorne Ellery Coyle Brandt Sinclair Mercer Holt Aldridge "
    "Bishop Creighton Devereux Garland Hollis Lowell Stanhope Tremaine Wexley"
).split()
STEMS = (
    "Alder Amberline Aspen Bayshore Birchwood Bluestem Brightwater Cairn Calloway Cedar Ridge Copperfield Corvid "
    "Cresthaven Driftwood Eastgate Ember Evergreen Fairhaven Fieldstone Foxglove Glenmoor Granite Peak Halvorsen "
    "Harborview Heron Ironbridge Juniper Kestrel Lakemont Larkspur Lodestar Marigold Meridian Millbrook Mistral "
    "Northgate Oakhurst Obsidian Pinecrest Quarry Hill Redwater Riverbend Rosemont Saltmarsh Sandpiper Silverline "
    "Stonebridge Summit Tamarack Thistle Timberline Trillium Upland Vantage Westbrook Whitmore Willowbank "
    "Wolfram Yarrow Zenith"
).replace("Cedar Ridge", "Cedar_Ridge").replace("Granite Peak", "Granite_Peak").replace(
    "Quarry Hill", "Quarry_Hill").split()
STEMS = [s.replace("_", " ") for s in STEMS]
# counterparties named in matter titles (not clients of the firm, not nodes)
OPPONENT_STEMS = (
    "Consolidated Pioneer Sterling Atlas Keystone Liberty Paragon Vanguard Continental Allegheny Beacon Cascade "
    "Dominion Empire Frontier Gateway Horizon Imperial Jefferson Keller Lexington Monarch National Olympic "
    "Patriot Regal Sovereign Titan Union Victory Western Yorktown"
).split()
INDUSTRY_NOUNS = {
    "Technology": ["Systems", "Software", "Networks", "Semiconductor", "Analytics"],
    "Healthcare": ["Health", "Medical Group", "Pharmaceuticals", "Biosciences"],
    "Manufacturing": ["Manufacturing", "Industries", "Fabrication", "Machine Works"],
    "Energy": ["Energy", "Power", "Petroleum", "Renewables"],
    "Retail": ["Outfitters", "Markets", "Home Goods", "Apparel"],
    "Financial Services": ["Capital", "Bancorp", "Insurance", "Trust"],
    "Transportation": ["Logistics", "Freight", "Airways", "Rail"],
}
INDUSTRY_WEIGHTS = [16, 12, 15, 9, 11, 14, 13]
SUFFIXES = ["", "", "", " Inc.", " LLC", " Holdings", " Corporation"]
CITIES = ["Chicago", "New York", "Boston", "Denver", "Wilmington", "Dallas", "Atlanta", "Seattle", "Minneapolis",
          "Pittsburgh", "Phoenix", "Charlotte"]
OFFICES = ["Chicago", "New York", "Boston", "Denver"]
PRACTICE_GROUPS = ["Litigation", "Intellectual Property", "Employment", "Restructuring", "Regulatory"]
# practice area of a matter -> the attorneys' practice group that leads it
PRACTICE_AREAS = {
    "Commercial Litigation": "Litigation",
    "Securities Litigation": "Litigation",
    "Patent Litigation": "Intellectual Property",
    "Trademark": "Intellectual Property",
    "Employment": "Employment",
    "Bankruptcy": "Restructuring",
    "Antitrust": "Regulatory",
    "Environmental": "Regulatory",
}
AREA_WEIGHTS = [26, 10, 14, 7, 15, 10, 9, 9]

# (name, jurisdiction, level, city, kind)  kind: district | bankruptcy | appeals | state
COURTS = [
    ("U.S. District Court for the Northern District of Illinois", "Federal", "Trial", "Chicago", "district"),
    ("U.S. District Court for the Southern District of New York", "Federal", "Trial", "New York", "district"),
    ("U.S. District Court for the District of Massachusetts", "Federal", "Trial", "Boston", "district"),
    ("U.S. District Court for the District of Colorado", "Federal", "Trial", "Denver", "district"),
    ("U.S. District Court for the District of Delaware", "Federal", "Trial", "Wilmington", "district"),
    ("U.S. District Court for the Eastern District of Texas", "Federal", "Trial", "Marshall", "district"),
    ("U.S. Bankruptcy Court for the District of Delaware", "Federal", "Trial", "Wilmington", "bankruptcy"),
    ("U.S. Bankruptcy Court for the Southern District of New York", "Federal", "Trial", "New York", "bankruptcy"),
    ("U.S. Court of Appeals for the Seventh Circuit", "Federal", "Appellate", "Chicago", "appeals"),
    ("U.S. Court of Appeals for the Second Circuit", "Federal", "Appellate", "New York", "appeals"),
    ("U.S. Court of Appeals for the Federal Circuit", "Federal", "Appellate", "Washington", "appeals"),
    ("Circuit Court of Cook County", "State", "Trial", "Chicago", "state"),
    ("Massachusetts Superior Court, Suffolk County", "State", "Trial", "Boston", "state"),
    ("Denver District Court", "State", "Trial", "Denver", "state"),
    ("Delaware Court of Chancery", "State", "Trial", "Wilmington", "state"),
    ("Illinois Appellate Court, First District", "State", "Appellate", "Chicago", "state"),
    ("Colorado Court of Appeals", "State", "Appellate", "Denver", "state"),
    ("Delaware Supreme Court", "State", "Supreme", "Wilmington", "state"),
]

FILING_KINDS = {
    "Motion": ["Motion to Dismiss", "Motion for Summary Judgment", "Motion to Compel Discovery",
               "Motion for Preliminary Injunction", "Motion in Limine", "Motion to Stay Proceedings"],
    "Brief": ["Opening Brief", "Opposition Brief", "Reply Brief"],
    "Pleading": ["Complaint", "Amended Complaint", "Answer and Affirmative Defenses"],
    "Notice": ["Notice of Appearance", "Notice of Appeal"],
    "Discovery": ["First Set of Interrogatories", "Requests for Production of Documents"],
}
FILING_WEIGHTS = [38, 20, 18, 10, 14]
MOTION_OUTCOMES = ["Granted", "Denied", "Granted in Part", "Pending"]
TASKS = {
    "Research": ["Legal research on personal jurisdiction", "Research damages precedent",
                 "Research statute of limitations issues", "Case law review"],
    "Drafting": ["Draft motion papers", "Revise brief per partner comments", "Draft discovery responses",
                 "Prepare settlement memorandum"],
    "Discovery": ["Review document production", "Prepare for deposition", "Attend deposition",
                  "Privilege log review"],
    "Court Appearance": ["Attend status conference", "Oral argument", "Attend hearing on motion"],
    "Client Communication": ["Telephone conference with client", "Client status report",
                             "Meeting with client general counsel"],
}
TASK_WEIGHTS = [22, 26, 28, 8, 16]


def _date_between(rng: random.Random, lo: date, hi: date) -> date:
    if hi <= lo:
        return lo
    return lo + timedelta(days=rng.randrange((hi - lo).days + 1))


def build(seed: int = DEFAULT_SEED) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    used_names: set[str] = set()

    def person_name() -> tuple[str, str]:
        while True:
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            if f"{first} {last}" not in used_names:
                used_names.add(f"{first} {last}")
                return first, last

    # ---- attorneys: partners supervise senior associates, who supervise associates
    ranks = [("Partner", 22), ("Of Counsel", 8), ("Senior Associate", 20), ("Associate", 36)]
    rate_ranges = {"Partner": (850, 1450), "Of Counsel": (700, 980), "Senior Associate": (590, 820),
                   "Associate": (395, 640)}
    attorneys: dict[str, list[str]] = {r: [] for r, _ in ranks}
    att_info: dict[str, dict] = {}
    n = 0
    for rank, count in ranks:
        for _ in range(count):
            n += 1
            aid = f"attorney-{n}"
            first, last = person_name()
            bar_year = {"Partner": rng.randint(1986, 2011), "Of Counsel": rng.randint(1980, 2008),
                        "Senior Associate": rng.randint(2011, 2018), "Associate": rng.randint(2017, 2024)}[rank]
            joined = _date_between(rng, date(max(bar_year, 1990), 1, 1), date(min(bar_year + 8, 2024), 12, 31))
            lo, hi = rate_ranges[rank]
            info = {
                "labels": ":Attorney", "first_name": first, "last_name": last, "position": rank,
                "office": rng.choice(OFFICES), "practice_group": rng.choice(PRACTICE_GROUPS),
                "bar_admission_year": bar_year, "hourly_rate": float(rng.randrange(lo, hi, 5)),
                "is_equity_partner": rank == "Partner" and rng.random() < 0.55,
                "joined_on": joined.isoformat(),
            }
            g.add_node(aid, **info)
            attorneys[rank].append(aid)
            att_info[aid] = info
    for sa in attorneys["Senior Associate"]:
        p = rng.choice(attorneys["Partner"])
        since = max(date.fromisoformat(att_info[sa]["joined_on"]), date.fromisoformat(att_info[p]["joined_on"]))
        g.add_edge(p, sa, label="SUPERVISES", since=_date_between(rng, since, TODAY).isoformat())
    for a in attorneys["Associate"]:
        boss = rng.choice(attorneys["Senior Associate"] if rng.random() < 0.7 else attorneys["Partner"])
        since = max(date.fromisoformat(att_info[a]["joined_on"]), date.fromisoformat(att_info[boss]["joined_on"]))
        g.add_edge(boss, a, label="SUPERVISES", since=_date_between(rng, since, TODAY).isoformat())

    # ---- courts and judges
    court_ids: list[str] = []
    court_kind: dict[str, str] = {}
    for i, (name, juris, level, city, kind) in enumerate(COURTS, 1):
        cid = f"court-{i}"
        g.add_node(cid, labels=":Court", name=name, jurisdiction=juris, level=level, city=city)
        court_ids.append(cid)
        court_kind[cid] = kind
    judges_of: dict[str, list[str]] = {c: [] for c in court_ids}
    jn = 0
    for cid in court_ids:
        for _ in range(rng.randint(2, 3) if court_kind[cid] != "appeals" else 3):
            jn += 1
            jid = f"judge-{jn}"
            first, last = person_name()
            appointed = rng.randint(1988, 2023)
            g.add_node(jid, labels=":Judge", first_name=first, last_name=last, appointed_year=appointed,
                       is_senior_status=appointed < 2003 and rng.random() < 0.6)
            g.add_edge(jid, cid, label="SITS_ON")
            judges_of[cid].append(jid)
    # a few judges also sit by designation on a second court of the same jurisdiction
    all_judges = [j for c in court_ids for j in judges_of[c]]
    for jid in rng.sample(all_judges, 5):
        home = next(c for c in court_ids if jid in judges_of[c])
        others = [c for c in court_ids if c != home and COURTS[court_ids.index(c)][1] == COURTS[
            court_ids.index(home)][1] and court_kind[c] == court_kind[home]]
        if others:
            c2 = rng.choice(others)
            g.add_edge(jid, c2, label="SITS_ON")
            judges_of[c2].append(jid)

    # ---- opposing counsel firms
    firm_ids: list[str] = []
    firm_used: set[str] = set()
    fn = 0
    while len(firm_ids) < 30:
        a, b, c = rng.sample(FIRM_NAMES, 3)
        style = rng.random()
        name = (f"{a} & {b} LLP" if style < 0.45 else f"{a} {b} LLP" if style < 0.75 else f"{a}, {b} & {c} LLP")
        if name in firm_used or any(w in firm_used for w in (f"{b} & {a} LLP",)):
            continue
        firm_used.add(name)
        fn += 1
        fid = f"lawfirm-{fn}"
        g.add_node(fid, labels=":LawFirm", name=name, city=rng.choice(CITIES), attorney_count=rng.randint(40, 2400),
                   founded_year=rng.randint(1868, 2012), is_am_law_100=rng.random() < 0.3)
        firm_ids.append(fid)

    # ---- clients (some referred by earlier clients)
    industries = list(INDUSTRY_NOUNS)
    client_ids: list[str] = []
    client_short: dict[str, str] = {}
    cn = 0
    while len(client_ids) < 90:
        industry = rng.choices(industries, INDUSTRY_WEIGHTS)[0]
        stem = rng.choice(STEMS)
        short = f"{stem} {rng.choice(INDUSTRY_NOUNS[industry])}"
        if short in used_names:
            continue
        name = short + rng.choice(SUFFIXES)
        used_names.add(short)
        cn += 1
        cid = f"client-{cn}"
        since = _date_between(rng, date(1994, 1, 1), date(2024, 12, 31))
        g.add_node(cid, labels=":Client", name=name, industry=industry, client_since=since.isoformat(),
                   is_active=rng.random() < 0.85, annual_revenue_musd=round(rng.uniform(12, 9500), 1),
                   city=rng.choice(CITIES))
        client_ids.append(cid)
        client_short[cid] = short
    by_since = sorted(client_ids, key=lambda c: g.nodes[c]["client_since"])
    for i, c in enumerate(by_since[5:], 5):
        if rng.random() < 0.35:
            g.add_edge(c, rng.choice(by_since[:i]), label="REFERRED_BY")

    # ---- matters
    opponents = [f"{s} {rng.choice(rng.choice(list(INDUSTRY_NOUNS.values())))}" for s in OPPONENT_STEMS]
    areas = list(PRACTICE_AREAS)
    counts = {c: rng.choices([1, 2, 3, 4, 5, 6], [18, 26, 22, 16, 10, 8])[0] for c in client_ids}
    matter_ids: list[str] = []
    titles: set[str] = set()
    staff_of: dict[str, list[str]] = {}
    mn = 0
    everyone = [a for r, _ in ranks for a in attorneys[r]]
    for c in client_ids:
        for _ in range(counts[c]):
            area = rng.choices(areas, AREA_WEIGHTS)[0]
            short = client_short[c]
            for _attempt in range(50):
                opp = rng.choice(opponents)
                title = {
                    "Bankruptcy": f"In re {short} Chapter 11 Proceedings",
                    "Antitrust": f"{short} Merger Review",
                    "Environmental": f"{short} Groundwater Remediation Dispute",
                    "Trademark": f"{short} v. {opp} (Trademark)",
                }.get(area, f"{short} v. {opp}" if rng.random() < 0.5 else f"{opp} v. {short}")
                if title not in titles:
                    break
            else:
                continue
            titles.add(title)
            mn += 1
            mid = f"matter-{mn}"
            opened = _date_between(rng, max(date.fromisoformat(g.nodes[c]["client_since"]), date(2015, 1, 1)),
                                   date(2025, 3, 31))
            status = rng.choices(["Open", "Closed", "Settled", "Stayed"], [36, 34, 22, 8])[0]
            g.add_node(mid, labels=":Matter", title=title, practice_area=area, status=status,
                       opened_on=opened.isoformat(), is_pro_bono=rng.random() < 0.07,
                       amount_in_controversy=float(rng.randrange(150, 250000) * 1000 + rng.randrange(0, 1000)))
            g.add_edge(mid, c, label="FOR_CLIENT")
            matter_ids.append(mid)
            # staffing: a partner of the practice group leads it
            group = PRACTICE_AREAS[area]
            partners = [p for p in attorneys["Partner"] if att_info[p]["practice_group"] == group] or attorneys[
                "Partner"]
            lead = rng.choice(partners)
            team = [lead]
            roles = {lead: "Lead Counsel"}
            if rng.random() < 0.6:
                second = rng.choice(attorneys["Of Counsel"] + attorneys["Senior Associate"] + attorneys["Partner"])
                if second not in roles:
                    team.append(second)
                    roles[second] = "Second Chair"
            for a in rng.sample(attorneys["Associate"] + attorneys["Senior Associate"], rng.randint(1, 3)):
                if a not in roles:
                    team.append(a)
                    roles[a] = "Associate"
            if rng.random() < 0.05:  # an occasional contract attorney borrowed from another group
                extra = rng.choice(everyone)
                if extra not in roles:
                    team.append(extra)
                    roles[extra] = "Contract Support"
            for a in team:
                assigned = _date_between(rng, opened, min(opened + timedelta(days=400), TODAY))
                budget = rng.randrange(40, 400, 10) if roles[a] != "Lead Counsel" else rng.randrange(20, 160, 5)
                g.add_edge(a, mid, label="STAFFED_ON", role=roles[a], assigned_on=assigned.isoformat(),
                           budgeted_hours=budget)
            staff_of[mid] = team
            # court and judge (merger reviews and remediation disputes are often out of court)
            in_court = area not in ("Antitrust", "Environmental") or rng.random() < 0.3
            if in_court:
                if area == "Bankruptcy":
                    pool = [x for x in court_ids if court_kind[x] == "bankruptcy"]
                elif area in ("Patent Litigation",):
                    pool = [x for x in court_ids if court_kind[x] in ("district",)] + [court_ids[10]]
                else:
                    pool = [x for x in court_ids if court_kind[x] in ("district", "state", "appeals")]
                court = rng.choice(pool)
                g.nodes[mid]["docket_number"] = (f"{rng.randint(1, 4)}:{opened.year % 100:02d}-"
                                                 f"{'bk' if area == 'Bankruptcy' else 'cv'}-"
                                                 f"{rng.randint(100, 9999):05d}")
                g.add_edge(mid, court, label="HEARD_IN")
                g.add_edge(mid, rng.choice(judges_of[court]), label="PRESIDED_BY")
            for firm in rng.sample(firm_ids, rng.choices([0, 1, 2], [15, 65, 20])[0]):
                g.add_edge(mid, firm, label="OPPOSED_BY")

    # ---- filings (matters in court) and billing entries (all matters)
    kinds = list(FILING_KINDS)
    filing_n = 0
    entry_n = 0
    for mid in matter_ids:
        opened = date.fromisoformat(g.nodes[mid]["opened_on"])
        team = staff_of[mid]
        if "docket_number" in g.nodes[mid]:
            for _ in range(rng.choices([0, 1, 2, 3, 4, 5, 6], [6, 12, 16, 18, 16, 12, 8])[0]):
                kind = rng.choices(kinds, FILING_WEIGHTS)[0]
                filing_n += 1
                fid = f"filing-{filing_n}"
                attrs = {"labels": ":Filing", "title": rng.choice(FILING_KINDS[kind]), "filing_type": kind,
                         "filed_on": _date_between(rng, opened, TODAY).isoformat(),
                         "page_count": rng.randint(2, 14) if kind in ("Notice", "Discovery") else rng.randint(8, 60),
                         "is_sealed": rng.random() < 0.12}
                if kind == "Motion":
                    attrs["outcome"] = rng.choices(MOTION_OUTCOMES, [34, 30, 14, 22])[0]
                g.add_node(fid, **attrs)
                g.add_edge(fid, mid, label="FILED_IN")
                g.add_edge(fid, rng.choice(team), label="FILED_BY")
        for _ in range(rng.randint(2, 8)):
            entry_n += 1
            eid = f"billingentry-{entry_n}"
            a = rng.choice(team)
            category = rng.choices(list(TASKS), TASK_WEIGHTS)[0]
            hours = round(rng.randint(2, 80) / 10, 1)
            rate = att_info[a]["hourly_rate"]
            g.add_node(eid, labels=":BillingEntry", name=rng.choice(TASKS[category]), task_category=category,
                       worked_on=_date_between(rng, opened, TODAY).isoformat(), hours=hours,
                       amount=round(hours * rate, 2), is_billable=rng.random() < 0.9)
            g.add_edge(eid, mid, label="BILLED_TO")
            g.add_edge(eid, a, label="LOGGED_BY")
    return g


def write(out_dir: Path, seed: int = DEFAULT_SEED) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / FILENAME
    nx.write_graphml(build(seed), path)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    path = write(args.dir, args.seed)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
