"""Build the CRM world: entities and edges, coherent by construction.

Rules (docs/data.md § Coherence): an outage's vendor operates in the outage's region; a customer depends on one
primary and 0-3 secondary vendors that operate in its region and sits in exactly one region; a ticket caused by an
outage is opened by a customer the outage impacted (depends on its vendor AND sits in its region); a compliance case
triggered by an outage concerns an impacted customer and is filed in the outage's region; a project runs in its
customer's region and uses vendors its customer depends on.

Facts that only documents carry (executive sponsors, renewal risk, incident commanders, ...) live in
``World.facts`` and are never written to entities.jsonl / edges.jsonl.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import accumulate
from typing import Any

from core.dataset import vocab
from core.dataset.scales import Scale
from core.records import Edge, Entity

TODAY = date(2025, 6, 30)  # the snapshot date: fixed so that a seed always yields the same files
WINDOW_START = date(2023, 1, 1)
SEVERITY_WEIGHTS = {"P0": 0.06, "P1": 0.2, "P2": 0.4, "P3": 0.34}
DURATION_RANGE = {"P0": (4.0, 30.0), "P1": (2.0, 12.0), "P2": (0.5, 6.0), "P3": (0.25, 3.0)}


@dataclass(frozen=True)
class Contact:
    """A person at a customer or vendor. Document-only: never a graph entity."""

    name: str
    title: str


@dataclass
class World:
    entities: dict[str, Entity] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    facts: dict[str, dict[str, Any]] = field(default_factory=lambda: defaultdict(dict))
    _out: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    _in: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    _by_type: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, entity: Entity) -> Entity:
        if entity.id in self.entities:
            raise ValueError(f"duplicate entity id {entity.id}")
        self.entities[entity.id] = entity
        self._by_type[entity.type].append(entity.id)
        return entity

    def link(self, src: str, etype: str, dst: str, **attrs: Any) -> None:
        self.edges.append(Edge(src, etype, dst, dict(attrs)))
        self._out[(src, etype)].append(dst)
        self._in[(dst, etype)].append(src)

    def out(self, eid: str, etype: str) -> list[str]:
        return self._out.get((eid, etype), [])

    def inn(self, eid: str, etype: str) -> list[str]:
        return self._in.get((eid, etype), [])

    def ids(self, etype: str) -> list[str]:
        return self._by_type.get(etype, [])

    def __getitem__(self, eid: str) -> Entity:
        return self.entities[eid]

    def region_of(self, eid: str) -> str:
        edge = "LOCATED_IN" if self.entities[eid].type == "Customer" else "IN_REGION"
        return self.out(eid, edge)[0]

    def vendor_of(self, outage_id: str) -> str:
        return self.inn(outage_id, "EXPERIENCED")[0]

    def primary_vendor(self, customer_id: str) -> str:
        return self.facts[customer_id]["primary_vendor"]

    def impacted_customers(self, outage_id: str) -> list[str]:
        """Customers that depend on the outage's vendor AND are located in its region (IMPACT_PATHS)."""
        in_region = set(self.inn(self.region_of(outage_id), "LOCATED_IN"))
        return sorted(c for c in self.inn(self.vendor_of(outage_id), "DEPENDS_ON") if c in in_region)


# ---- helpers -------------------------------------------------------------------------------------------------------


def _rng(seed: int, part: str) -> random.Random:
    # A string seed is hashed with SHA-512 by random.seed: stable across runs and PYTHONHASHSEED.
    return random.Random(f"hoplens:{seed}:{part}")


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randint(0, max(0, (end - start).days)))


def _weighted_sample(rng: random.Random, items: list[str], weights: list[float], k: int) -> list[str]:
    """k distinct items, drawn proportionally to weight (Efraimidis-Spirakis keys)."""
    keyed = sorted(((rng.random() ** (1.0 / w), i) for i, w in zip(items, weights, strict=True)), reverse=True)
    return [i for _, i in keyed[:k]]


def _pick(rng: random.Random, pairs: tuple[tuple[str, float], ...] | dict[str, float]) -> str:
    items = list(pairs.items()) if isinstance(pairs, dict) else list(pairs)
    return rng.choices([k for k, _ in items], weights=[w for _, w in items])[0]


def _status_by_age(rng: random.Random, opened: date, statuses: tuple[str, ...]) -> str:
    """Older records are mostly closed; recent ones mostly open (statuses ordered open -> closed)."""
    age = (TODAY - opened).days
    if age > 60:
        weights = (0.01, 0.03, 0.24, 0.72)
    elif age > 14:
        weights = (0.12, 0.2, 0.45, 0.23)
    else:
        weights = (0.45, 0.35, 0.15, 0.05)
    return rng.choices(statuses, weights=weights)[0]


def month_year(d: date) -> str:
    return d.strftime("%B %Y")


def brands(seed: int, n: int) -> list[str]:
    suffixes = list(dict.fromkeys(vocab.BRAND_SUFFIXES))
    pool = [
        p + s
        for p in vocab.BRAND_PREFIXES
        for s in suffixes
        if not p.lower().endswith(s[:3]) and p + s not in vocab.REJECTED_BRANDS
    ]
    if n > len(pool):
        raise ValueError(f"need {n} company names but the name pool has {len(pool)}: extend vocab.BRAND_* pools")
    _rng(seed, "brands").shuffle(pool)
    return pool[:n]


def people(seed: int) -> list[tuple[str, str]]:
    pool = [(f, la) for f in vocab.FIRST_NAMES for la in vocab.LAST_NAMES]
    _rng(seed, "people").shuffle(pool)
    return pool


# ---- the builder ---------------------------------------------------------------------------------------------------


def build_world(scale: Scale, seed: int) -> World:
    w = World()
    brand_pool = brands(seed, scale.customers + scale.vendors)
    person_pool = people(seed)
    contacts = [f"{f} {la}" for f, la in person_pool[scale.employees:]]  # never an employee's name
    _regions(w, scale)
    popularity = _vendors(w, scale, seed, brand_pool[scale.customers:], contacts)
    _employees(w, scale, seed, person_pool[: scale.employees])
    _customers(w, scale, seed, brand_pool[: scale.customers], popularity, contacts)
    _outages(w, scale, seed)
    _tickets(w, scale, seed)
    _compliance(w, scale, seed)
    _projects(w, scale, seed)
    return w


def _regions(w: World, scale: Scale) -> None:
    if scale.regions > len(vocab.REGIONS):
        raise ValueError(f"scale {scale.name} wants {scale.regions} regions; vocab.REGIONS has {len(vocab.REGIONS)}")
    for spec in vocab.REGIONS[: scale.regions]:
        w.add(Entity(
            f"REGION-{spec.key}", "Region", spec.name,
            aliases=[f"{spec.name} region", spec.availability_zone[:-1], spec.data_center.split("-")[0]],
            attrs={"availability_zone": spec.availability_zone, "data_center": spec.data_center, "geo": spec.geo},
        ))
        w.facts[f"REGION-{spec.key}"]["countries"] = spec.countries
        w.facts[f"REGION-{spec.key}"]["weight"] = spec.weight


def _vendors(w: World, scale: Scale, seed: int, brand_pool: list[str], contacts: list[str]) -> dict[str, float]:
    rng = _rng(seed, "vendors")
    regions = w.ids("Region")
    categories = list(vocab.VENDOR_CATEGORIES)
    rng.shuffle(categories)
    popularity: dict[str, float] = {}
    ranks = list(range(scale.vendors))
    rng.shuffle(ranks)
    for i in range(scale.vendors):
        vid = f"VEND-{i + 1:02d}"
        brand = brand_pool[i]
        cat = categories[i % len(categories)]
        word = rng.choice(cat.brand_words)
        w.add(Entity(
            vid, "Vendor", f"{brand} {word}",
            aliases=[brand, f"{brand} {word} Inc.", f"{brand}{word}"],
            attrs={"category": cat.name, "sla_tier": _pick(rng, vocab.SLA_TIERS), "founded_year": rng.randint(1996, 2019)},
        ))
        # Zipf-like popularity: a few vendors serve many customers, so outage impact varies widely.
        popularity[vid] = 1.0 / (ranks[i] + 1) ** 0.7
        w.facts[vid]["category"] = cat
        w.facts[vid]["brand"] = brand
        w.facts[vid]["escalation_contact"] = Contact(rng.choice(contacts), "Technical Account Manager")
        w.facts[vid]["support_hours"] = rng.choice(("24/7", "24/7 with a 15-minute P0 response", "business hours"))
    operates: dict[str, list[str]] = {}
    for vid in w.ids("Vendor"):
        k = rng.randint(min(2, len(regions)), min(5, len(regions)))
        operates[vid] = sorted(rng.sample(regions, k), key=regions.index)
    # Every region needs enough vendors for customers to choose from.
    floor = min(len(w.ids("Vendor")), 4)
    for r in regions:
        present = [v for v in operates if r in operates[v]]
        absent = [v for v in operates if r not in operates[v]]
        rng.shuffle(absent)
        for v in absent[: max(0, floor - len(present))]:
            operates[v] = sorted([*operates[v], r], key=regions.index)
    for vid, rs in operates.items():
        for r in rs:
            w.link(vid, "OPERATES_IN", r)
    return popularity


def _employees(w: World, scale: Scale, seed: int, names: list[tuple[str, str]]) -> None:
    rng = _rng(seed, "employees")
    counts = [max(1, round(d.share * scale.employees)) for d in vocab.DEPARTMENTS]
    support = [d.name for d in vocab.DEPARTMENTS].index("Support")
    counts[support] += scale.employees - sum(counts)
    depts = [d for d, c in zip(vocab.DEPARTMENTS, counts, strict=True) for _ in range(c)]
    rng.shuffle(depts)
    for i, (dept, (first, last)) in enumerate(zip(depts, names, strict=True)):
        role = rng.choices(dept.roles, weights=[3, 2, 1][: len(dept.roles)])[0]
        w.add(Entity(
            f"EMP-{i + 1:03d}", "Employee", f"{first} {last}",
            aliases=[f"{first[0]}. {last}", f"{last}, {first}"],
            attrs={"role": role, "department": dept.name, "email": f"{first}.{last}@{vocab.EMAIL_DOMAIN}".lower()},
        ))


def employees_in(w: World, department: str) -> list[str]:
    return [e for e in w.ids("Employee") if w[e].attrs["department"] == department]


def _customers(w: World, scale: Scale, seed: int, brand_pool: list[str], popularity: dict[str, float],
               contacts: list[str]) -> None:
    rng = _rng(seed, "customers")
    regions = w.ids("Region")
    sales, success = employees_in(w, "Sales"), employees_in(w, "Customer Success")
    industries = list(vocab.INDUSTRIES)
    for i in range(scale.customers):
        cid = f"CUST-{i + 1:04d}"
        brand = brand_pool[i]
        # The first customers cover every region; the rest follow the regions' relative sizes.
        region = regions[i % len(regions)] if i < 2 * len(regions) else rng.choices(
            regions, weights=[w.facts[r]["weight"] for r in regions])[0]
        segment = _pick(rng, (("Enterprise", 0.2), ("Mid-Market", 0.35), ("SMB", 0.45)))
        industry = rng.choice(industries)
        country = rng.choice(w.facts[region]["countries"])
        lo, hi = {"Enterprise": (400_000, 4_500_000), "Mid-Market": (60_000, 400_000), "SMB": (8_000, 60_000)}[segment]
        health = rng.randint(32, 98)
        legal = vocab.LEGAL_FORMS.get(country, "Ltd")
        w.add(Entity(
            cid, "Customer", f"{brand} {rng.choice(vocab.INDUSTRIES[industry])}",
            aliases=[brand, f"{brand.upper()} {rng.choice(vocab.HOLDING_WORDS)} {legal}",
                     f"{brand} {rng.choice(vocab.SHORT_CORP_WORDS)}"],
            attrs={
                "industry": industry,
                "segment": segment,
                "arr": float(round(rng.uniform(lo, hi) / 500) * 500),
                "health_score": health,
                "renewal_date": _day(rng, TODAY + timedelta(days=15), TODAY + timedelta(days=720)).isoformat(),
                "country": country,
            },
        ))
        w.link(cid, "LOCATED_IN", region)
        candidates = [v for v in w.inn(region, "OPERATES_IN")]
        n_secondary = min(len(candidates) - 1, rng.choices((0, 1, 2, 3), weights=(0.25, 0.35, 0.25, 0.15))[0])
        chosen = _weighted_sample(rng, candidates, [popularity[v] for v in candidates], 1 + n_secondary)
        for j, vid in enumerate(chosen):
            w.link(cid, "DEPENDS_ON", vid, role="primary" if j == 0 else "secondary")
        w.link(rng.choice(sales), "MANAGES_ACCOUNT", cid)
        w.link(rng.choice(success), "CSM_FOR", cid)
        risk = "High" if health < 50 else "Medium" if health < 72 else "Low"
        if rng.random() < 0.15:  # renewal risk is a human judgement: it does not always follow health
            risk = rng.choice(("Low", "Medium", "High"))
        people_here = rng.sample(contacts, 3)
        f = w.facts[cid]
        f["brand"] = brand
        f["primary_vendor"] = chosen[0]
        f["sponsor"] = Contact(people_here[0], rng.choice(vocab.SPONSOR_TITLES))
        f["contacts"] = [Contact(n, rng.choice(vocab.CONTACT_TITLES)) for n in people_here[1:]]
        f["renewal_risk"] = risk
        f["risk_reason"] = rng.choice(vocab.RISK_REASONS[risk])
        f["channel"] = rng.choice(vocab.CHANNELS)
        f["activity"] = rng.lognormvariate(0, 0.6) * {"Enterprise": 3.0, "Mid-Market": 2.0, "SMB": 1.0}[segment]


def _outages(w: World, scale: Scale, seed: int) -> None:
    rng = _rng(seed, "outages")
    pairs: dict[tuple[str, str], int] = {}
    for vid in w.ids("Vendor"):
        dependants = set(w.inn(vid, "DEPENDS_ON"))
        for r in w.out(vid, "OPERATES_IN"):
            pairs[(vid, r)] = sum(1 for c in w.inn(r, "LOCATED_IN") if c in dependants)
    if not any(c == 0 for c in pairs.values()):
        # Every presence has customers: a vendor expands into one more region, where nobody uses it yet, so that
        # some outages hit no customer at all.
        gaps = [(v, r) for v in w.ids("Vendor") for r in w.ids("Region") if r not in w.out(v, "OPERATES_IN")]
        if gaps:
            vid, region = rng.choice(gaps)
            w.link(vid, "OPERATES_IN", region)
            pairs[(vid, region)] = 0
    many = [p for p, c in pairs.items() if c >= 2]
    one = [p for p, c in pairs.items() if c == 1]
    zero = [p for p, c in pairs.items() if c == 0]
    # Most outages hit several customers (multi-hop questions are non-trivial); some hit one or none.
    n_zero = max(1, round(0.15 * scale.outages)) if zero else 0
    n_one = round(0.15 * scale.outages) if one else 0
    n_many = scale.outages - n_zero - n_one
    picks = [rng.choice(zero) for _ in range(n_zero)] + [rng.choice(one) for _ in range(n_one)]
    if many:
        picks += rng.choices(many, weights=[min(pairs[p], 20) for p in many], k=n_many)
    else:
        picks += rng.choices(list(pairs), k=n_many)
    drafts = []
    for vid, region in picks:
        severity = _pick(rng, SEVERITY_WEIGHTS)
        lo, hi = DURATION_RANGE[severity]
        cat: vocab.VendorCategory = w.facts[vid]["category"]
        systems = rng.sample(cat.systems, rng.randint(1, min(3, len(cat.systems))))
        cause = rng.choice(cat.root_causes) if rng.random() < 0.85 else rng.choice(vocab.GENERIC_ROOT_CAUSES)
        started = _day(rng, WINDOW_START + timedelta(days=14), TODAY - timedelta(days=10))
        drafts.append((started, vid, region, severity, round(rng.uniform(lo, hi) * 4) / 4, systems, cause,
                       rng.randint(0, 23), rng.randint(0, 59)))
    drafts.sort(key=lambda d: (d[0], d[1], d[2], d[7], d[8]))
    engineers = employees_in(w, "Engineering") or w.ids("Employee")
    names: set[str] = set()
    for i, (started, vid, region, severity, hours, systems, cause, hh, mm) in enumerate(drafts):
        oid = f"OUTAGE-{i + 1:03d}"
        cat = w.facts[vid]["category"]
        rname = w[region].name
        name = f"{rname} {cat.outage_word} outage"
        for candidate in (name, f"{name} ({month_year(started)})", f"{name} ({started.isoformat()})",
                          f"{name} ({started.isoformat()}, {w.facts[vid]['brand']})"):
            if candidate not in names:
                name = candidate
                break
        names.add(name)
        w.add(Entity(
            oid, "Outage", name,
            aliases=[f"{month_year(started)} {rname} {cat.outage_word} outage",
                     f"{w.facts[vid]['brand']} {rname} incident"],
            attrs={"severity": severity, "started_at": started.isoformat(), "duration_hours": hours,
                   "affected_systems": systems, "root_cause": cause},
        ))
        w.link(vid, "EXPERIENCED", oid)
        w.link(oid, "IN_REGION", region)
        f = w.facts[oid]
        f["start_time"] = f"{hh:02d}:{mm:02d} UTC"
        f["commander"] = rng.choice(engineers)
        f["detected_by"] = rng.choice(("synthetic monitoring", "the vendor's status page", "a spike in support contacts",
                                       "internal alerting on error rates"))
        f["vendor_ref"] = f"INC-{rng.randint(100000, 999999)}"


def _tickets(w: World, scale: Scale, seed: int) -> None:
    rng = _rng(seed, "tickets")
    drafts: list[dict[str, Any]] = []
    shift = {"P0": ("P0", "P1"), "P1": ("P1", "P2"), "P2": ("P2", "P3"), "P3": ("P3", "P3")}
    for oid in w.ids("Outage"):
        o = w[oid]
        started = date.fromisoformat(o.attrs["started_at"])
        for cid in w.impacted_customers(oid):
            if rng.random() >= 0.65:
                continue
            for _ in range(1 + (rng.random() < 0.3)):
                system = rng.choice(o.attrs["affected_systems"])
                title = rng.choice(vocab.OUTAGE_TICKET_TITLES).format(
                    system=system, System=system[0].upper() + system[1:], region=w[w.region_of(oid)].name)
                drafts.append({"customer": cid, "outage": oid, "opened": started + timedelta(days=rng.randint(0, 2)),
                               "category": rng.choice(("Availability", "Performance")), "title": title,
                               "priority": rng.choice(shift[o.attrs["severity"]])})
    if len(drafts) > scale.tickets // 2:  # outage tickets stay a minority of the workload
        drafts = rng.sample(drafts, scale.tickets // 2)
    customers = w.ids("Customer")
    activity = list(accumulate(w.facts[c]["activity"] for c in customers))  # cumulative: O(log n) draws
    for _ in range(scale.tickets - len(drafts)):
        category = rng.choices(vocab.TICKET_CATEGORIES, weights=vocab.TICKET_CATEGORY_WEIGHTS)[0]
        drafts.append({"customer": rng.choices(customers, cum_weights=activity)[0], "outage": None,
                       "opened": _day(rng, WINDOW_START, TODAY), "category": category,
                       "title": rng.choice(vocab.TICKET_TITLES[category]),
                       "priority": _pick(rng, {"P0": 0.03, "P1": 0.17, "P2": 0.45, "P3": 0.35})})
    support = employees_in(w, "Support") or w.ids("Employee")
    load = list(accumulate(rng.lognormvariate(0, 0.5) for _ in support))
    for d in drafts:
        d["assignee"] = rng.choices(support, cum_weights=load)[0]
        d["status"] = _status_by_age(rng, d["opened"], vocab.TICKET_STATUSES)
        d["reporter"] = rng.choice([w.facts[d["customer"]]["sponsor"], *w.facts[d["customer"]]["contacts"]])
        d["response_hours"] = rng.choice((0.5, 1, 2, 4, 8)) if d["priority"] in ("P0", "P1") else rng.choice((4, 8, 24))
    drafts.sort(key=lambda d: (d["opened"], d["customer"], d["title"], d["outage"] or "", d["assignee"]))
    for i, d in enumerate(drafts):
        tid = f"TICK-{i + 1:05d}"
        w.add(Entity(tid, "Ticket", d["title"], aliases=[f"ticket #{i + 1}"], attrs={
            "title": d["title"], "category": d["category"], "priority": d["priority"], "status": d["status"],
            "opened_at": d["opened"].isoformat()}))
        w.link(tid, "OPENED_BY", d["customer"])
        w.link(tid, "ASSIGNED_TO", d["assignee"])
        if d["outage"]:
            w.link(tid, "CAUSED_BY", d["outage"])
        w.facts[tid]["reporter"] = d["reporter"]
        w.facts[tid]["response_hours"] = d["response_hours"]


def _compliance(w: World, scale: Scale, seed: int) -> None:
    rng = _rng(seed, "compliance")
    hit = [o for o in w.ids("Outage") if w.impacted_customers(o)]
    n_triggered = min(round(0.4 * scale.compliance_cases), len(hit) * 3)
    drafts = []
    for i in range(scale.compliance_cases):
        if i < n_triggered:
            oid = rng.choice(hit)
            cid = rng.choice(w.impacted_customers(oid))
            region = w.region_of(oid)
            started = date.fromisoformat(w[oid].attrs["started_at"])
            opened = min(TODAY, started + timedelta(days=rng.randint(1, 20)))
            case_type = rng.choice(vocab.OUTAGE_CASE_TYPES)
        else:
            oid = None
            cid = rng.choice(w.ids("Customer"))
            region = w.region_of(cid)
            opened = _day(rng, WINDOW_START, TODAY)
            case_type = rng.choice(vocab.ROUTINE_CASE_TYPES)
        drafts.append((opened, cid, case_type, oid, region, _pick(rng, {"Low": .3, "Medium": .4, "High": .22, "Critical": .08}),
                       _status_by_age(rng, opened, vocab.COMPLIANCE_STATUSES)))
    drafts.sort(key=lambda d: (d[0], d[1], d[2], d[3] or ""))
    officers = employees_in(w, "Compliance") or w.ids("Employee")
    for i, (opened, cid, case_type, oid, region, severity, status) in enumerate(drafts):
        comp = f"COMP-{i + 1:04d}"
        brand = w.facts[cid]["brand"]
        w.add(Entity(comp, "ComplianceCase", f"{brand} {case_type}",
                     aliases=[f"{case_type} case for {w[cid].name}"],
                     attrs={"case_type": case_type, "severity": severity, "status": status,
                            "opened_at": opened.isoformat()}))
        w.link(comp, "CONCERNS", cid)
        w.link(comp, "IN_REGION", region)
        if oid:
            w.link(comp, "TRIGGERED_BY", oid)
        f = w.facts[comp]
        f["owner"] = rng.choice(officers)
        country = w[cid].attrs["country"]
        f["regulator"] = "external auditor" if case_type in vocab.AUDITED_CASE_TYPES else vocab.REGULATORS.get(
            country, "internal audit committee")
        f["reference"] = f"REF-{opened.year}-{rng.randint(1000, 9999)}"
        f["deadline"] = (opened + timedelta(days=rng.choice((30, 45, 60, 90)))).isoformat()


def _projects(w: World, scale: Scale, seed: int) -> None:
    rng = _rng(seed, "projects")
    customers = w.ids("Customer")
    weights = list(accumulate({"Enterprise": 4, "Mid-Market": 2, "SMB": 1}[w[c].attrs["segment"]] for c in customers))
    drafts = []
    for _ in range(scale.projects):
        cid = rng.choices(customers, cum_weights=weights)[0]
        vendors = w.out(cid, "DEPENDS_ON")
        used = rng.sample(vendors, min(len(vendors), rng.randint(1, 2)))
        start = _day(rng, WINDOW_START, date(2025, 12, 31))
        end = start + timedelta(days=rng.randint(60, 400))
        if start > TODAY:
            status = "Planned"
        elif end < TODAY:
            status = "Completed" if rng.random() < 0.9 else "On Hold"
        else:
            status = "Active" if rng.random() < 0.85 else "On Hold"
        budget = float(round(rng.uniform(20_000, 900_000) / 1000) * 1000)
        drafts.append((start, cid, rng.choice(vocab.PROJECT_KINDS), used, end, status, budget))
    drafts.sort(key=lambda d: (d[0], d[1], d[2]))
    # Codenames stay unique: plain ones first, then "Silent Falcon" style, then numbered ("Falcon II").
    plain = list(vocab.CODENAMES)
    paired = [f"{a} {c}" for a in vocab.CODENAME_ADJECTIVES for c in vocab.CODENAMES]
    rng.shuffle(plain)
    rng.shuffle(paired)
    codenames = plain + paired
    codenames += [f"{c} {r}" for r in vocab.ROMAN for c in codenames]
    managers = employees_in(w, "Professional Services") or w.ids("Employee")
    names: set[str] = set()
    for i, (start, cid, kind, used, end, status, budget) in enumerate(drafts):
        pid = f"PROJ-{i + 1:04d}"
        name = f"{w.facts[cid]['brand']} {kind}"
        if name in names:
            name = f"{name} {start.year}"
        if name in names:
            name = f"{name} ({month_year(start)})"
        names.add(name)
        codename = f"Project {codenames[i % len(codenames)]}"
        w.add(Entity(pid, "Project", name, aliases=[codename],
                     attrs={"status": status, "start_date": start.isoformat(), "end_date": end.isoformat(),
                            "budget": budget}))
        w.link(pid, "FOR_CUSTOMER", cid)
        w.link(pid, "IN_REGION", w.region_of(cid))
        for vid in used:
            w.link(pid, "USES_VENDOR", vid)
        f = w.facts[pid]
        f["codename"] = codename
        f["manager"] = rng.choice(managers)
        f["kind"] = kind
        f["milestone"] = rng.choice(("cutover rehearsal", "user acceptance testing", "production cutover",
                                     "security sign-off", "pilot with the first business unit", "data backfill"))
