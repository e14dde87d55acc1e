"""Deterministic security-operations-centre property graph, written as Neo4j admin-import CSV.

    python tests/byog32/graph.py OUT_DIR [--seed N]

writes OUT_DIR/soc_csv/ with one node file per label and one relationship file per type.
Only ``random.Random(seed)`` and networkx are used, so a seed always gives the same bytes.
"""

from __future__ import annotations

import argparse
import csv
import re
from datetime import date, timedelta
from pathlib import Path
from random import Random

import networkx as nx

DEFAULT_SEED = 32

SITES = [
    ("Frankfurt Data Centre", "DC-FRA1", "fra", "EMEA"), ("Ashburn Campus", "DC-IAD2", "iad", "AMER"),
    ("Singapore Colo", "DC-SIN1", "sin", "APAC"), ("Dublin Hub", "DC-DUB3", "dub", "EMEA"),
    ("Osaka Vault", "DC-KIX1", "kix", "APAC"), ("Toronto Annex", "DC-YYZ1", "yyz", "AMER"),
    ("Sao Paulo Facility", "DC-GRU2", "gru", "LATAM"), ("Johannesburg Node", "DC-JNB1", "jnb", "EMEA"),
    ("Sydney Ridge Site", "DC-SYD4", "syd", "APAC"), ("Madrid Depot", "DC-MAD1", "mad", "EMEA"),
    ("Chicago Bunker", "DC-ORD2", "ord", "AMER"), ("Warsaw Exchange", "DC-WAW1", "waw", "EMEA"),
]
APP_LEFT = ["Payroll", "Claims", "Treasury", "Billing", "Inventory", "Recruiting", "Procurement", "Logistics",
            "Pricing", "Underwriting", "Ticketing", "Loyalty", "Warehouse", "Expense", "Timesheet", "Onboarding",
            "Forecast", "Catalog", "Benefits", "Shipping"]
APP_RIGHT = ["Portal", "Gateway", "Desk", "Engine", "Tracker", "Console"]
APP_WORDS = ["Compass", "Lighthouse", "Orchard", "Keystone", "Switchboard", "Almanac"]
ROLES = ["web", "db", "app", "file", "dc", "mail", "vpn", "jump", "build", "log"]
OSES = ["Windows Server 2019", "Windows Server 2022", "Ubuntu 22.04", "RHEL 8", "Debian 12", "Windows 11"]
FIRST = ["Amara", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiroshi", "Ingrid", "Jonas", "Kavya",
         "Liam", "Mei", "Nadia", "Oscar", "Priya", "Quentin", "Rosa", "Samir", "Tessa", "Umar", "Valentina",
         "Wendell", "Ximena", "Yusuf", "Zofia", "Aiden", "Beatriz", "Callum", "Daria", "Emeka", "Fiona", "Gustavo",
         "Hana", "Idris", "Julia", "Kenji", "Lucia", "Mateo", "Noor", "Olga", "Pavel", "Rhea", "Stefan", "Tariq"]
LAST = ["Abernathy", "Bianchi", "Castillo", "Dubois", "Eriksen", "Fitzgerald", "Gallagher", "Haddad", "Ivanova",
        "Jablonski", "Kowalczyk", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rasmussen",
        "Schreiber", "Takahashi", "Underwood", "Vasquez", "Whitfield", "Yilmaz", "Zimmerman", "Albrecht",
        "Brennan", "Chaudhry", "Delacroix", "Esposito", "Fonseca", "Grunewald", "Holloway", "Iwasaki", "Jovanovic",
        "Kaminski", "Lachance", "Mbeki", "Novak", "Ortega", "Pellegrini", "Rahimi", "Sorensen", "Thornbury"]
DEPARTMENTS = ["Finance", "Engineering", "Sales", "Legal", "HR", "Operations", "Marketing"]
SHIFTS = ["day", "swing", "night"]
INC_LEFT = ["Quiet", "Broken", "Scarlet", "Hollow", "Frozen", "Restless", "Silver", "Crooked", "Distant", "Rusty",
            "Pale", "Bitter", "Gentle", "Narrow", "Wild", "Sunken", "Copper", "Midnight", "Drifting", "Velvet",
            "Burning", "Lonely", "Tangled", "Golden", "Rapid"]
INC_RIGHT = ["Meadow", "Anchor", "Canyon", "Falcon", "Glacier", "Harvest", "Island", "Kettle", "Lagoon", "Marble",
             "Nectar", "Pebble", "Quarry", "Raven", "Saddle", "Thistle", "Valley", "Willow", "Zephyr", "Bramble",
             "Cinder", "Dune", "Fjord", "Grove", "Hearth"]
STATUSES = ["open", "contained", "eradicated", "closed"]
RULES = ["brute_force", "beaconing", "impossible_travel", "lateral_movement", "data_exfiltration",
         "privilege_escalation", "malicious_macro", "port_scan"]
ACTORS = [
    ("Amber Jackal", "RU"), ("Silent Harbor", "CN"), ("Velvet Tempest", "KP"), ("Iron Lotus", "CN"),
    ("Paper Tiger", "IR"), ("Glass Heron", "RU"), ("Static Monsoon", "unknown"), ("Hidden Orca", "KP"),
    ("Ash Mantis", "IR"), ("Cobalt Vulture", "RU"), ("Lunar Badger", "CN"), ("Obsidian Stag", "unknown"),
    ("Crimson Ferret", "RU"), ("Sapphire Wolf", "IR"), ("Thunder Moth", "KP"), ("Dusk Pelican", "CN"),
    ("Granite Lynx", "unknown"), ("Neon Cobra", "RU"), ("Frost Gecko", "CN"), ("Rogue Bison", "BR"),
    ("Ivory Hornet", "IR"), ("Shadow Walrus", "KP"), ("Echo Coyote", "BR"), ("Marsh Owl", "unknown"),
    ("Solar Viper", "CN"), ("Tidal Raccoon", "RU"), ("Ember Stork", "IR"), ("Winter Jaguar", "KP"),
    ("Cloud Hyena", "BR"), ("Rust Panther", "unknown"),
]
MOTIVATIONS = ["financial", "espionage", "hacktivism", "sabotage"]
MALWARE = ["Lantern", "Nightjar", "Quillworm", "Driftwood", "Mothball", "Sparrowhawk", "Tinderbox", "Gravel",
           "Hushpuppy", "Corkscrew", "Blackcap", "Pinwheel", "Sawtooth", "Bluebell", "Kingfisher", "Slipknot",
           "Dustpan", "Wormwood", "Firefly", "Candlewick", "Trapdoor", "Muskrat", "Pitchfork", "Starling",
           "Nettle", "Hailstone", "Bootlace", "Scarecrow", "Woodpecker", "Sundial", "Ironclad", "Crowbar",
           "Snapdragon", "Yardstick", "Teacup", "Foxglove", "Windmill", "Paperclip", "Cricket", "Lockpick"]
FAMILIES = ["ransomware", "trojan", "wiper", "loader", "infostealer", "backdoor"]
VENDORS = ["Microsoft", "Apache", "Cisco", "Fortinet", "Oracle", "VMware", "Atlassian"]
IMPACT_LEVELS = ["degraded", "outage", "data_loss"]
CONFIDENCE = ["low", "medium", "high"]
ROLES_ON_INCIDENT = ["lead", "support", "reviewer"]


def _d(rng: Random, start: date, span_days: int) -> str:
    return (start + timedelta(days=rng.randrange(span_days))).isoformat()


def _b(x: bool) -> str:
    return "true" if x else "false"


class Names:
    """Display names unique across the graph, none inside another (as whole words, case-insensitive)."""

    def __init__(self) -> None:
        self.full: set[tuple[str, ...]] = set()
        self.grams: set[tuple[str, ...]] = set()

    @staticmethod
    def toks(name: str) -> tuple[str, ...]:
        return tuple(re.findall(r"[a-z0-9]+", name.lower()))

    def claim(self, name: str) -> bool:
        t = self.toks(name)
        if t in self.grams:  # equal to, or inside, a name already taken
            return False
        grams = {t[i:j] for i in range(len(t)) for j in range(i + 1, len(t) + 1)}
        if grams & self.full:  # an existing name inside this one
            return False
        self.full.add(t)
        self.grams |= grams
        return True


def build(seed: int) -> tuple[dict[str, tuple[list[str], list[list]]], dict[str, tuple[list[str], list[list]]]]:
    rng = Random(seed)
    names = Names()
    nodes: dict[str, tuple[list[str], list[list]]] = {}
    rels: dict[str, tuple[list[str], list[list]]] = {}

    # ---- sites
    site_rows = []
    for i, (name, code, _short, region) in enumerate(SITES, 1):
        assert names.claim(name), name
        site_rows.append([f"site-{i}", name, code, rng.randint(2, 4), _d(rng, date(2008, 1, 1), 4000), region,
                          _b(rng.random() < 0.4), round(rng.uniform(800, 9000), 1), "Site"])
    nodes["Site"] = (["siteId:ID", "name:string", "site_code:string", "tier:int", "opened:date", "region:string",
                      "colocated:boolean", "power_kw:float", ":LABEL"], site_rows)

    # ---- applications
    combos = [f"{a} {b}" for a in APP_LEFT for b in APP_RIGHT]
    rng.shuffle(combos)
    app_rows = []
    for cand in APP_WORDS + combos:
        if not names.claim(cand):
            continue
        i = len(app_rows) + 1
        app_rows.append([f"app-{i}", cand, f"APP-{1000 + i * 7}", rng.choice(["low", "medium", "high", "critical"]),
                         rng.randint(20, 9000), round(rng.choice([99.0, 99.5, 99.9, 99.95, 99.99]), 2),
                         _d(rng, date(2012, 1, 1), 4200), _b(rng.random() < 0.35), "Application"])
        if len(app_rows) == 60:
            break
    nodes["Application"] = (["appId:ID", "name:string", "app_code:string", "criticality:string", "user_count:int",
                             "uptime_target:float", "launched:date", "internet_facing:boolean", ":LABEL"], app_rows)

    # ---- hosts
    host_rows, host_site, host_app = [], {}, {}
    site_w = [rng.randint(2, 9) for _ in SITES]
    for i in range(1, 601):
        s = rng.choices(range(len(SITES)), weights=site_w)[0]
        role = rng.choice(ROLES)
        name = f"{SITES[s][2]}-{role}-{i:03d}"
        assert names.claim(name), name
        os_ = rng.choice(OSES[:-1] if role in ("db", "dc", "web") else OSES)
        hid = f"host-{i}"
        host_rows.append([hid, name, os_, rng.choice([2, 4, 8, 16, 32, 64]), round(rng.uniform(4, 512), 1),
                          _d(rng, date(2015, 1, 1), 3200), _b(rng.random() < 0.8), f"AT-{rng.randint(10000, 99999)}",
                          role, "Host"])
        host_site[hid] = f"site-{s + 1}"
        host_app[hid] = f"app-{rng.randint(1, len(app_rows))}"
    nodes["Host"] = (["hostId:ID", "name:string", "os:string", "cpu_cores:int", "ram_gb:float", "commissioned:date",
                      "edr_installed:boolean", "asset_tag:string", "role:string", ":LABEL"], host_rows)

    # ---- people (accounts and analysts share the name space)
    def person() -> tuple[str, str]:
        while True:
            f, last = rng.choice(FIRST), rng.choice(LAST)
            if names.claim(f"{f} {last}"):
                return f, last

    analyst_rows = []
    tiers = [1] * 22 + [2] * 12 + [3] * 6
    for i, tier in enumerate(tiers, 1):
        f, last = person()
        analyst_rows.append([f"analyst-{i}", f, last, tier, rng.choice(SHIFTS), _d(rng, date(2014, 1, 1), 3600),
                             _b(rng.random() < 0.5 + 0.15 * tier), f"SOC-B{rng.randint(1000, 9999)}",
                             round(rng.uniform(38, 72) + 12 * tier, 2), "Analyst"])
    nodes["Analyst"] = (["analystId:ID", "first_name:string", "last_name:string", "tier:int", "shift:string",
                         "hired:date", "certified:boolean", "badge:string", "hourly_rate:float", ":LABEL"],
                        analyst_rows)

    account_rows = []
    for i in range(1, 481):
        f, last = person()
        account_rows.append([f"acct-{i}", f, last, f"{f[0].lower()}{last.lower()}{rng.randint(1, 99)}",
                             rng.choice(DEPARTMENTS), _b(rng.random() < 0.15), _b(rng.random() < 0.7),
                             _d(rng, date(2016, 1, 1), 2900), round(rng.uniform(0, 100), 1), rng.randint(0, 40),
                             "Account"])
    nodes["Account"] = (["accountId:ID", "first_name:string", "last_name:string", "username:string",
                         "department:string", "privileged:boolean", "mfa_enabled:boolean", "created:date",
                         "risk_score:float", "failed_logins:int", ":LABEL"], account_rows)

    # ---- threat actors, malware, vulnerabilities
    actor_rows = []
    for i, (name, origin) in enumerate(ACTORS, 1):
        assert names.claim(name), name
        actor_rows.append([f"actor-{i}", name, origin, rng.choice(MOTIVATIONS), _d(rng, date(2010, 1, 1), 4500),
                           _b(rng.random() < 0.7), rng.randint(1, 5), f"TA-{rng.randint(100, 999)}", "ThreatActor"])
    nodes["ThreatActor"] = (["actorId:ID", "name:string", "origin:string", "motivation:string", "first_seen:date",
                             "active:boolean", "sophistication:int", "tracking_code:string", ":LABEL"], actor_rows)

    mal_rows = []
    for i, name in enumerate(MALWARE, 1):
        assert names.claim(name), name
        mal_rows.append([f"malware-{i}", name, rng.choice(FAMILIES), _d(rng, date(2012, 1, 1), 4000),
                         _b(rng.random() < 0.25), rng.randint(3, 2500),
                         "".join(rng.choice("0123456789abcdef") for _ in range(16)), "Malware"])
    nodes["Malware"] = (["malwareId:ID", "name:string", "family:string", "first_seen:date", "signed:boolean",
                         "sample_count:int", "sha_prefix:string", ":LABEL"], mal_rows)

    vuln_rows, seen_cve = [], set()
    while len(vuln_rows) < 150:
        year = rng.randint(2017, 2024)
        cve = f"CVE-{year}-{rng.randint(10000, 49999)}"
        if cve in seen_cve or not names.claim(cve):
            continue
        seen_cve.add(cve)
        cvss = round(rng.uniform(3.0, 10.0), 1)
        label = "critical" if cvss >= 9 else "high" if cvss >= 7 else "medium" if cvss >= 4 else "low"
        vuln_rows.append([f"vuln-{len(vuln_rows) + 1}", cve, cvss, _d(rng, date(year, 1, 1), 360),
                          _b(rng.random() < 0.3), rng.choice(VENDORS), label, "Vulnerability"])
    nodes["Vulnerability"] = (["vulnId:ID", "name:string", "cvss:float", "published:date", "exploited:boolean",
                               "vendor:string", "severity_label:string", ":LABEL"], vuln_rows)

    # ---- incidents and alerts
    inc_titles = [f"{a} {b}" for a in INC_LEFT for b in INC_RIGHT]
    rng.shuffle(inc_titles)
    inc_rows = []
    for t in inc_titles:
        if not names.claim(t):
            continue
        i = len(inc_rows) + 1
        det = date(2022, 1, 1) + timedelta(days=rng.randrange(900))
        inc_rows.append([f"incident-{i}", t, rng.choices([1, 2, 3, 4, 5], weights=[2, 4, 5, 3, 1])[0],
                         rng.choice(STATUSES), det.isoformat(), _b(rng.random() < 0.6),
                         f"INC-{det.year % 100}-{rng.randint(1000, 9999)}", round(rng.uniform(500, 250000), 2),
                         "Incident"])
        if len(inc_rows) == 300:
            break
    nodes["Incident"] = (["incidentId:ID", "title:string", "severity:int", "status:string", "detected:date",
                          "contained:boolean", "ticket:string", "cost_estimate:float", ":LABEL"], inc_rows)

    alert_rows, raised, part_of = [], [], []
    for i in range(1, 801):
        rule = rng.choice(RULES)
        aid = f"alert-{i}"
        alert_rows.append([aid, f"AL-{i:05d}", rule, round(rng.uniform(0.05, 0.99), 2),
                           _d(rng, date(2022, 1, 1), 920), rng.randint(1, 5), _b(rng.random() < 0.2), "Alert"])
        raised.append([aid, f"host-{rng.randint(1, 600)}", "RAISED_ON"])
        if rng.random() < 0.75:
            part_of.append([aid, f"incident-{rng.randint(1, len(inc_rows))}", "PART_OF"])
    nodes["Alert"] = (["alertId:ID", "title:string", "rule:string", "confidence:float", "fired:date",
                       "severity:int", "false_positive:boolean", ":LABEL"], alert_rows)

    # ---- relationships
    rels["HOSTED_AT"] = ([":START_ID", ":END_ID", ":TYPE", "rack:string"],
                         [[h, s, "HOSTED_AT", f"R{rng.randint(1, 40):02d}"] for h, s in host_site.items()])
    rels["RUNS"] = ([":START_ID", ":END_ID", ":TYPE", "environment:string"],
                    [[h, a, "RUNS", rng.choice(["prod", "staging", "dev"])] for h, a in host_app.items()])

    logins, seen = [], set()
    for a in account_rows:
        for _ in range(rng.randint(1, 4)):
            h = f"host-{rng.randint(1, 600)}"
            if (a[0], h) in seen:
                continue
            seen.add((a[0], h))
            logins.append([a[0], h, "LOGGED_INTO", rng.randint(1, 300), _d(rng, date(2023, 1, 1), 700),
                           _b(rng.random() < 0.5)])
    rels["LOGGED_INTO"] = ([":START_ID", ":END_ID", ":TYPE", "sessions:int", "last_login:date", "interactive:boolean"],
                           logins)
    rels["RAISED_ON"] = ([":START_ID", ":END_ID", ":TYPE"], raised)
    rels["PART_OF"] = ([":START_ID", ":END_ID", ":TYPE"], part_of)

    # escalation: tier-1 -> tier-2 -> tier-3, each analyst escalates to one or two of the next tier
    by_tier = {t: [r[0] for r in analyst_rows if r[3] == t] for t in (1, 2, 3)}
    esc, g = [], nx.DiGraph()
    for t in (1, 2):
        for a in by_tier[t]:
            for b in rng.sample(by_tier[t + 1], 1 if rng.random() < 0.75 else 2):
                esc.append([a, b, "ESCALATED_TO", rng.randint(1, 60), _d(rng, date(2021, 1, 1), 900)])
                g.add_edge(a, b)
    assert nx.is_directed_acyclic_graph(g)
    rels["ESCALATED_TO"] = ([":START_ID", ":END_ID", ":TYPE", "escalations:int", "since:date"], esc)

    assigned = []
    for r in inc_rows:
        staff = rng.sample([a[0] for a in analyst_rows], rng.choice([1, 1, 2, 2, 3]))
        for k, a in enumerate(staff):
            role = "lead" if k == 0 else rng.choice(ROLES_ON_INCIDENT[1:])
            assigned.append([r[0], a, "ASSIGNED_TO", role, round(rng.uniform(0.5, 60), 1),
                             _d(rng, date.fromisoformat(r[4]), 10)])
    rels["ASSIGNED_TO"] = ([":START_ID", ":END_ID", ":TYPE", "role:string", "hours:float", "assigned:date"],
                           assigned)

    attributed = []
    for r in inc_rows:
        if rng.random() < 0.6:
            attributed.append([r[0], f"actor-{rng.randint(1, len(actor_rows))}", "ATTRIBUTED_TO",
                               rng.choice(CONFIDENCE), _d(rng, date.fromisoformat(r[4]), 60)])
    rels["ATTRIBUTED_TO"] = ([":START_ID", ":END_ID", ":TYPE", "confidence:string", "assessed:date"], attributed)

    uses = []
    for a in actor_rows:
        for m in rng.sample(range(1, len(mal_rows) + 1), rng.randint(1, 4)):
            uses.append([a[0], f"malware-{m}", "USES"])
    rels["USES"] = ([":START_ID", ":END_ID", ":TYPE"], uses)

    involved = []
    for r in inc_rows:
        if rng.random() < 0.55:
            for m in rng.sample(range(1, len(mal_rows) + 1), rng.choice([1, 1, 2])):
                involved.append([r[0], f"malware-{m}", "INVOLVED"])
    rels["INVOLVED"] = ([":START_ID", ":END_ID", ":TYPE"], involved)

    exploits = []
    for m in mal_rows:
        for v in rng.sample(range(1, len(vuln_rows) + 1), rng.randint(1, 4)):
            exploits.append([m[0], f"vuln-{v}", "EXPLOITS"])
    rels["EXPLOITS"] = ([":START_ID", ":END_ID", ":TYPE"], exploits)

    affected, seen = [], set()
    for h in host_rows:
        for _ in range(rng.randint(0, 5)):
            v = f"vuln-{rng.randint(1, len(vuln_rows))}"
            if (h[0], v) in seen:
                continue
            seen.add((h[0], v))
            affected.append([h[0], v, "AFFECTED_BY", _d(rng, date(2022, 6, 1), 700), _b(rng.random() < 0.55),
                             rng.randint(1, 400)])
    rels["AFFECTED_BY"] = ([":START_ID", ":END_ID", ":TYPE", "detected:date", "patched:boolean",
                            "exposure_days:int"], affected)

    impacted = []
    for r in inc_rows:
        for a in rng.sample(range(1, len(app_rows) + 1), rng.choice([0, 1, 1, 2, 3])):
            impacted.append([r[0], f"app-{a}", "IMPACTED", round(rng.uniform(0.1, 72), 1), rng.choice(IMPACT_LEVELS)])
    rels["IMPACTED"] = ([":START_ID", ":END_ID", ":TYPE", "downtime_hours:float", "impact:string"], impacted)
    return nodes, rels


FILE_OF = {"Site": "sites.csv", "Application": "applications.csv", "Host": "hosts.csv", "Analyst": "analysts.csv",
           "Account": "accounts.csv", "ThreatActor": "threat_actors.csv", "Malware": "malware.csv",
           "Vulnerability": "vulnerabilities.csv", "Incident": "incidents.csv", "Alert": "alerts.csv"}


def write(out_dir: Path, seed: int) -> Path:
    nodes, rels = build(seed)
    folder = out_dir / "soc_csv"
    folder.mkdir(parents=True, exist_ok=True)
    for label, (header, rows) in nodes.items():
        with open(folder / FILE_OF[label], "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow(header)
            w.writerows(rows)
    for etype, (header, rows) in rels.items():
        with open(folder / f"rel_{etype.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow(header)
            w.writerows(rows)
    return folder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args()
    print(write(Path(args.out_dir), args.seed))


if __name__ == "__main__":
    main()
