"""Generate the byog14 cloud-operations property graph as GraphML.

Usage: python tests/byog14/graph.py DIR [--seed N]   (writes DIR/cloudops.graphml; default seed 14)

Eight node types (DataCentre, Server, Team, Engineer, Service, Deployment, Incident, OnCallRotation) and thirteen
edge types, two of them self-relations (Service DEPENDS_ON Service, Engineer MENTORS Engineer). Everything comes
from one random.Random(seed), so a seed always gives the same file byte for byte.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DATA_CENTRES = [  # name, code, region
    ("Frankfurt Riverside", "fra1", "EU"),
    ("Dublin Clonshaugh", "dub1", "EU"),
    ("Amsterdam Schiphol-Rijk", "ams2", "EU"),
    ("Stockholm Kista", "sto1", "EU"),
    ("Ashburn Loudoun", "iad3", "North America"),
    ("Hillsboro Oregon", "pdx1", "North America"),
    ("Toronto Markham", "yyz1", "North America"),
    ("Dallas Carrollton", "dfw2", "North America"),
    ("Singapore Jurong", "sin1", "APAC"),
    ("Tokyo Koto", "nrt1", "APAC"),
    ("Sydney Alexandria", "syd1", "APAC"),
    ("Sao Paulo Tambore", "gru1", "South America"),
]
SERVER_ROLES = ["web", "app", "db", "cache", "queue", "batch", "edge"]
OS_CHOICES = [("Ubuntu 22.04", 5), ("Ubuntu 24.04", 3), ("Debian 12", 3), ("Rocky Linux 9", 2),
              ("Amazon Linux 2023", 1)]
TEAMS = [  # name, department
    ("Platform Reliability", "Infrastructure"), ("Edge Networking", "Infrastructure"),
    ("Compute Fleet", "Infrastructure"), ("Storage Foundations", "Infrastructure"),
    ("Observability Guild", "Infrastructure"), ("Payments Core", "Product Engineering"),
    ("Storefront Experience", "Product Engineering"), ("Growth Squad", "Product Engineering"),
    ("Mobile Backend", "Product Engineering"), ("Merchant Tools", "Product Engineering"),
    ("Fulfilment Systems", "Product Engineering"), ("Customer Messaging", "Product Engineering"),
    ("Partner Integrations", "Product Engineering"), ("Data Platform", "Data"), ("Machine Learning Ops", "Data"),
    ("Analytics Engineering", "Data"), ("Streaming Pipelines", "Data"), ("Identity and Access", "Security"),
    ("Security Operations", "Security"), ("Trust and Safety", "Security"), ("Developer Productivity", "Platform"),
    ("Release Engineering", "Platform"), ("Internal Tools", "Platform"), ("Cost Optimisation", "Platform"),
]
SERVICE_STEMS = ["Checkout", "Ledger", "Billing", "Search", "Catalog", "Identity", "Notification", "Inventory",
                 "Pricing", "Fraud", "Recommendation", "Session", "Media", "Geo", "Audit", "Shipping", "Loyalty",
                 "Messaging", "Reporting", "Invoice", "Cart", "Profile", "Feature Flag", "Metrics", "Token",
                 "Quota", "Webhook", "Refund", "Tax", "Consent"]
SERVICE_SUFFIXES = ["API", "Service", "Worker", "Gateway", "Sync", "Store", "Scheduler", "Indexer", "Proxy",
                    "Engine"]
LANGUAGES = [("Go", 5), ("Java", 4), ("Python", 4), ("TypeScript", 3), ("Kotlin", 2), ("Rust", 1)]
TIERS = [("critical", 2), ("high", 3), ("standard", 4), ("low", 1)]
SLA = [99.0, 99.5, 99.9, 99.95, 99.99]
FIRST = ["Amara", "Bastian", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiroshi", "Ines", "Jonas", "Kavya",
         "Lars", "Maren", "Nikhil", "Olga", "Pavel", "Quinn", "Rosa", "Soren", "Tamsin", "Ugo", "Valentina",
         "Wesley", "Ximena", "Yusuf", "Zofia", "Aditi", "Bruno", "Camille", "Declan", "Esther", "Felix", "Gwen",
         "Hamza", "Ingrid", "Jamal", "Keiko", "Leon", "Mireille", "Niamh", "Oscar", "Priya", "Rafael", "Selin",
         "Tobias", "Uma", "Viktor", "Wren", "Yara", "Zain"]
LAST = ["Achterberg", "Balogun", "Castellano", "Dubois", "Eriksen", "Fitzgerald", "Gallagher", "Hoffmann",
        "Ibrahim", "Jankowski", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrova", "Quintero",
        "Rasmussen", "Sandoval", "Takahashi", "Ueda", "Varga", "Whitfield", "Xu", "Yilmaz", "Zimmermann", "Abbott",
        "Brennan", "Chaudhry", "Delacroix", "Esposito", "Ferreira", "Grünewald", "Haddad", "Iversen", "Jovanovic",
        "Kapoor", "Lemaire", "Mahlangu", "Novak", "Oyelaran", "Pellegrini", "Reyes", "Sokolov", "Thornton",
        "Vasquez", "Wakefield", "Yamamoto"]
CITIES = ["Berlin", "Dublin", "Lisbon", "Toronto", "Austin", "Singapore", "Remote"]
SENIORITY = [("junior", 3), ("mid", 5), ("senior", 4), ("staff", 2), ("principal", 1)]
SYMPTOMS = ["Elevated latency", "Error spike", "Partial outage", "Full outage", "Replication lag", "Memory leak",
            "Certificate expiry", "Disk exhaustion", "Connection storm", "Queue backlog", "DNS resolution failures",
            "Packet loss", "Login failures", "Stale reads", "Request timeouts"]
CONTEXTS = ["after config push", "during failover", "at peak traffic", "after schema migration",
            "from noisy neighbour", "after dependency upgrade", "during maintenance window", "from runaway cron job",
            "after cache flush", "from expired credentials", "after network change", "from thread pool exhaustion"]
SEVERITIES = [("SEV1", 1), ("SEV2", 3), ("SEV3", 5), ("SEV4", 4)]
ROOT_CAUSES = ["configuration", "capacity", "software bug", "hardware", "network", "third party"]
STRATEGIES = ["canary", "blue-green", "rolling"]
ROTATION_AREAS = ["Storefront", "Core Banking", "Edge", "Databases", "Messaging Bus", "Identity", "Search Stack",
                  "Batch Jobs", "Mobile", "Fleet", "Streaming", "Observability", "Payments Rail", "Partner API",
                  "Fulfilment", "Security Desk", "Growth", "Release Train"]
ROTATION_KINDS = ["Primary", "Secondary"]
PAGING_TOOLS = [("PagerDuty", 5), ("Opsgenie", 2), ("Grafana OnCall", 1)]
ROLES = ["responder", "communications lead", "scribe", "subject matter expert"]


def _pick(rng: random.Random, weighted: list[tuple[str, int]]) -> str:
    return rng.choices([v for v, _ in weighted], weights=[w for _, w in weighted])[0]


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = 14) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **attrs) -> str:
        g.add_node(nid, labels=f":{label}", **attrs)
        return nid

    def edge(u: str, v: str, label: str, **attrs) -> None:
        assert not g.has_edge(u, v), (u, v, label)  # one relationship per ordered pair
        g.add_edge(u, v, label=label, **attrs)

    # data centres
    dcs = []
    for i, (name, code, region) in enumerate(DATA_CENTRES, 1):
        dcs.append(node(f"datacentre-{i}", "DataCentre", name=name, code=code, region=region,
                        tier_level=rng.choice([3, 3, 4]), opened=_day(rng, date(2009, 1, 1), date(2021, 12, 31))
                        .isoformat(), power_mw=round(rng.uniform(8, 60), 1), is_colocation=rng.random() < 0.4))

    # servers, each in one data centre
    servers_by_dc: dict[str, list[str]] = {d: [] for d in dcs}
    counters: dict[tuple[str, str], int] = {}
    for i in range(1, 421):
        dc = rng.choice(dcs)
        role = rng.choice(SERVER_ROLES)
        counters[(dc, role)] = counters.get((dc, role), 0) + 1
        code = g.nodes[dc]["code"]
        opened = date.fromisoformat(g.nodes[dc]["opened"])
        sid = node(f"server-{i}", "Server", name=f"{code}-{role}-{counters[(dc, role)]:02d}",
                   cpu_cores=rng.choice([8, 16, 16, 32, 32, 48, 64, 96]),
                   memory_gb=rng.choice([16, 32, 64, 64, 128, 256, 512]), os=_pick(rng, OS_CHOICES),
                   commissioned=_day(rng, max(opened, date(2016, 1, 1)), date(2025, 6, 30)).isoformat(),
                   is_virtual=rng.random() < 0.55)
        edge(sid, dc, "LOCATED_IN")
        servers_by_dc[dc].append(sid)

    # teams and engineers
    teams = []
    for i, (name, dept) in enumerate(TEAMS, 1):
        teams.append(node(f"team-{i}", "Team", name=name, department=dept,
                          founded=_day(rng, date(2012, 1, 1), date(2023, 6, 30)).isoformat(),
                          slack_channel="#" + name.lower().replace(" and ", "-").replace(" ", "-")))
    pairs = rng.sample([(f, last) for f in FIRST for last in LAST], 280)
    engineers = []
    team_of: dict[str, str] = {}
    members: dict[str, list[str]] = {t: [] for t in teams}
    for i, (first, last) in enumerate(pairs, 1):
        hire = _day(rng, date(2014, 1, 1), date(2025, 9, 30))
        eid = node(f"engineer-{i}", "Engineer", first_name=first, last_name=last,
                   seniority=_pick(rng, SENIORITY), hire_date=hire.isoformat(),
                   is_contractor=rng.random() < 0.15, years_experience=rng.randint(1, 25),
                   location=rng.choice(CITIES))
        engineers.append(eid)
        team = teams[i - 1] if i <= len(teams) else rng.choice(teams)  # every team gets at least one member
        team_of[eid] = team
        members[team].append(eid)
    for team in teams:
        lead = rng.choice(members[team])
        founded = date.fromisoformat(g.nodes[team]["founded"])
        for eid in members[team]:
            hire = date.fromisoformat(g.nodes[eid]["hire_date"])
            start = max(hire, founded)
            since = _day(rng, start, min(start + timedelta(days=400), max(start, date(2025, 10, 31))))
            edge(eid, team, "MEMBER_OF", since=since.isoformat(), is_lead=eid == lead)
    rank = {s: i for i, (s, _) in enumerate(SENIORITY)}
    for eid in engineers:
        if rng.random() < 0.45:
            mine = rank[g.nodes[eid]["seniority"]]
            pool = [m for m in engineers if rank[g.nodes[m]["seniority"]] > mine and m != eid]
            if pool:
                same = [m for m in pool if team_of[m] == team_of[eid]]
                mentor = rng.choice(same) if same and rng.random() < 0.6 else rng.choice(pool)
                edge(mentor, eid, "MENTORS")

    # services
    names = rng.sample([f"{s} {x}" for s in SERVICE_STEMS for x in SERVICE_SUFFIXES], 140)
    services = []
    owner: dict[str, str] = {}
    for i, name in enumerate(names, 1):
        sid = node(f"service-{i}", "Service", name=name, tier=_pick(rng, TIERS), language=_pick(rng, LANGUAGES),
                   launched=_day(rng, date(2015, 1, 1), date(2025, 3, 31)).isoformat(),
                   monthly_cost=round(rng.uniform(300, 48000), 2), is_public=rng.random() < 0.35,
                   sla_target=rng.choice(SLA))
        services.append(sid)
        team = rng.choice(teams)
        owner[sid] = team
        edge(sid, team, "OWNED_BY")
        homes = rng.sample(dcs, rng.choice([1, 1, 2]))
        pool = [s for d in homes for s in servers_by_dc[d]]
        for srv in rng.sample(pool, min(len(pool), rng.randint(2, 4))):
            edge(sid, srv, "RUNS_ON", replicas=rng.randint(1, 6))
    for i, sid in enumerate(services):
        if i == 0:
            continue
        for dep in rng.sample(services[:i], min(i, rng.choice([0, 1, 1, 2, 2, 3, 4]))):
            edge(sid, dep, "DEPENDS_ON", critical=rng.random() < 0.4)

    # deployments
    team_members = members
    deployments = []
    deps_of: dict[str, list[str]] = {s: [] for s in services}
    version = {s: [rng.randint(1, 4), rng.randint(0, 9), 0] for s in services}
    tickets = rng.sample(range(10000, 99999), 520)
    dates = sorted(_day(rng, date(2023, 1, 1), date(2025, 10, 31)) for _ in range(520))
    for i, (ticket, when) in enumerate(zip(tickets, dates, strict=True), 1):
        svc = rng.choice(services)
        v = version[svc]
        if rng.random() < 0.25:
            v[1], v[2] = v[1] + 1, 0
        else:
            v[2] += 1
        did = node(f"deployment-{i}", "Deployment", name=f"CHG-{ticket}", version=f"{v[0]}.{v[1]}.{v[2]}",
                   deployed_on=when.isoformat(), rolled_back=rng.random() < 0.12,
                   duration_minutes=rng.randint(4, 95), strategy=rng.choice(STRATEGIES))
        deployments.append(did)
        deps_of[svc].append(did)
        edge(did, svc, "TARGETS")
        own = team_members[owner[svc]]
        who = rng.choice(own) if own and rng.random() < 0.8 else rng.choice(engineers)
        edge(did, who, "DEPLOYED_BY")

    # incidents
    titles = rng.sample([f"{s} {c}" for s in SYMPTOMS for c in CONTEXTS], 170)
    dependents: dict[str, list[str]] = {s: [] for s in services}
    for u, v, d in g.edges(data=True):
        if d["label"] == "DEPENDS_ON":
            dependents[v].append(u)
    for i, title in enumerate(titles, 1):
        sev = _pick(rng, SEVERITIES)
        opened = _day(rng, date(2023, 2, 1), date(2025, 11, 15))
        base = {"SEV1": 240, "SEV2": 120, "SEV3": 45, "SEV4": 15}[sev]
        iid = node(f"incident-{i}", "Incident", title=title, severity=sev, opened=opened.isoformat(),
                   downtime_minutes=rng.randint(base // 3, base * 2),
                   customer_impact=sev in ("SEV1", "SEV2") or rng.random() < 0.2,
                   root_cause=rng.choice(ROOT_CAUSES))
        primary = rng.choice(services)
        hit = [primary] + rng.sample(dependents[primary], min(len(dependents[primary]), rng.choice([0, 0, 1, 2])))
        for svc in hit:
            edge(iid, svc, "AFFECTS")
        earlier = [d for d in deps_of[primary] if date.fromisoformat(g.nodes[d]["deployed_on"]) <= opened]
        if earlier and rng.random() < 0.45:
            edge(iid, earlier[-1], "CAUSED_BY")
        pool = team_members[owner[primary]] + rng.sample(engineers, 3)
        crew = list(dict.fromkeys(rng.sample(pool, min(len(pool), rng.randint(1, 4)))))
        for k, eid in enumerate(crew):
            role = "incident commander" if k == 0 else rng.choice(ROLES)
            edge(eid, iid, "RESPONDED_TO", role=role, hours=round(rng.uniform(0.5, 14.0), 1))

    # on-call rotations
    rot_names = [f"{a} {k}" for a in ROTATION_AREAS for k in ROTATION_KINDS]
    for i, name in enumerate(rot_names, 1):
        rid = node(f"rotation-{i}", "OnCallRotation", name=name, shift_hours=rng.choice([8, 12, 12, 24]),
                   paging_tool=_pick(rng, PAGING_TOOLS),
                   started=_day(rng, date(2019, 1, 1), date(2025, 1, 31)).isoformat(),
                   follow_the_sun=rng.random() < 0.3)
        team = rng.choice(teams)
        owned = [s for s in services if owner[s] == team] or services
        covered = rng.sample(owned, min(len(owned), rng.randint(1, 4)))
        covered += [s for s in rng.sample(services, 2) if s not in covered and rng.random() < 0.5]
        for svc in covered:
            edge(rid, svc, "COVERS")
        crew = list(dict.fromkeys(rng.sample(team_members[team], min(len(team_members[team]), rng.randint(2, 6)))
                                  + [rng.choice(engineers)]))
        for eid in crew:
            edge(eid, rid, "ON_ROTATION")
    return g


def main(argv: list[str] | None = None) -> Path:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    out = args.dir / "cloudops.graphml"
    nx.write_graphml(build(args.seed), out)
    return out


if __name__ == "__main__":
    print(main())
