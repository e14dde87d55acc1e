"""Third independent paraphrase set (issue 12): analyst-style chat wording, gold from the data files.

    python tests/paraphrase3/make.py                 # writes dev/holdout (seed 7) and seed11/seed23 files
    python tests/paraphrase3/make.py --check         # rebuild in memory and fail if the committed files differ

Written without reading the planner, the offline reader, the project's question code or the other paraphrase
sets' questions. Gold comes from ``tests/paraphrase/gold.py`` (``World``: a plain traversal of entities.jsonl and
edges.jsonl; the derived impact relation written out by hand). Every template below is one wording of mine; each
fills several instances from the data with a seeded rng. Ambiguous instances are dropped when made: ties in
superlatives, names that are not unique across all entities and aliases, thresholds equal to a value, empty or
> 40 member sets, counts equal to a number the question quotes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "paraphrase"))

from gold import World, correct_answer_text, g_bool, g_count, g_none, g_set, g_value  # noqa: E402

DATA = {
    "dev": "/work/team/para/data-demo",
    "seed11": "/work/team/para/data-demo-s11",
    "seed23": "/work/team/para/data-demo-s23",
}
SALT = "para3-v1"
MAX_SET = 40
EXTRA = {"t_impact": 1, "t_multihop": 1, "t_reference": 1, "t_exclusion": 1, "t_filter": 1, "t_threshold": 1}  # thinner templates: one more instance per wording
KIND = {
    "count": "aggregate", "total": "aggregate", "superlative": "aggregate", "multihop": "multi_hop",
    "filter": "relation", "impact": "relation", "yesno": "relation", "lookup": "lookup", "reference": "multi_hop",
    "exclusion": "relation", "threshold": "relation", "unanswerable": "unanswerable",
}


class Namer:
    """Names usable in a question: an entity's name only when no other entity has it as a name or alias."""

    def __init__(self, w: World) -> None:
        self.w = w
        owners: dict[str, set[str]] = defaultdict(set)
        for eid, e in w.ent.items():
            for n in [e["name"], *e.get("aliases", [])]:
                owners[n.lower()].add(eid)
        self.owners = owners

    def ok(self, eid: str) -> bool:
        return self.owners.get(self.w.name(eid).lower(), set()) == {eid}

    def __call__(self, eid: str) -> str:
        t = self.w.type(eid)
        if t in ("Ticket", "ComplianceCase"):
            return eid
        if t == "Outage":
            # rotate: id, its name, its first alias ("January 2023 Singapore network outage"), when unique
            e = self.w.ent[eid]
            pick = [eid, e["name"], *(e.get("aliases") or [])[:1]][int(eid.split("-")[1]) % 3]
            return pick if pick == eid or self.owners.get(pick.lower(), set()) == {eid} else eid
        if not self.ok(eid):
            return eid
        return self.w.name(eid)

    def exists(self, text: str) -> bool:
        t = text.lower()
        return any(t in n for n in self.owners)


def money(x: float) -> str:
    text = f"${x / 1000:g}k" if x < 1_000_000 else f"${x / 1_000_000:g}M"
    if float(text[1:-1]) * (1000 if text.endswith("k") else 1_000_000) != x:
        raise ValueError(f"threshold {x} does not print exactly")
    return text


def cut(values: list[float], frac: float) -> float | None:
    """A round threshold strictly between two neighbouring values, equal to none."""
    vs = sorted(set(values))
    if len(vs) < 3:
        return None
    i = max(1, min(len(vs) - 1, int(len(vs) * frac)))
    lo, hi = vs[i - 1], vs[i]
    mid = (lo + hi) / 2
    for step in (100000, 50000, 10000, 5000, 1000, 5, 1):
        r = round(mid / step) * step
        if lo < r < hi:
            return r
    return None


def unique_top(w: World, ids: list[str], key: Callable[[str], Any], largest: bool = True) -> str | None:
    if len(ids) < 2:
        return None
    scored = sorted(ids, key=key, reverse=largest)
    if key(scored[0]) == key(scored[1]):
        return None
    return scored[0]


Q = dict[str, Any]


def q(cls: str, text: str, gold: dict[str, Any], hops: int, anchors: list[str]) -> Q:
    # the wording is identified by the line of the call that wrote it (one wording per call site)
    wording = f"{sys._getframe(1).f_code.co_name}:{sys._getframe(1).f_lineno}"
    return {"cls": cls, "question": text, "gold": gold, "hops": hops, "anchors": anchors, "wording": wording}


def okset(ids: list[str]) -> bool:
    return 0 < len(set(ids)) <= MAX_SET


# ---- templates: each yields candidate questions for one entity; the driver samples a few -------------------------


def t_count(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    C, V, R, E = w.all("Customer"), w.all("Vendor"), w.all("Region"), w.all("Employee")
    for c in C:
        yield q("count", f"how many tickets has {n(c)} logged with us so far?", g_count(len(w.tickets_of(c))), 1, [c])
        p1 = w.where(w.tickets_of(c), priority="P1")
        yield q("count", f"quick one - number of P1 tickets {n(c)} has raised?", g_count(len(p1)), 1, [c])
        if w.projects_of(c):
            yield q("count", f"how many projects do we have running for {n(c)}", g_count(len(w.projects_of(c))), 1, [c])
    for v in V:
        yield q("count", f"can someone get me a count of the accounts that depend on {n(v)}?",
                g_count(len(w.customers_of_vendor(v))), 1, [v])
        yield q("count", f"{n(v)} - how many outages have they had, all time?", g_count(len(w.vendor_outages(v))), 1, [v])
    for r in R:
        yield q("count", f"what's our customer count in {n(r)}?", g_count(len(w.customers_in(r))), 1, [r])
        yield q("count", f"how many vendors are present in the {n(r)} region?", g_count(len(w.vendors_in(r))), 1, [r])
    for e in E:
        if w.managed_by(e):
            yield q("count", f"# of accounts {n(e)} is account manager on?", g_count(len(w.managed_by(e))), 1, [e])
        if w.tickets_assigned(e):
            yield q("count", f"How many support tickets are sitting with {n(e)} in total?",
                    g_count(len(w.tickets_assigned(e))), 1, [e])


def t_total(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for r in w.all("Region"):
        cs = w.customers_in(r)
        if cs:
            yield q("total", f"what's the total ARR sitting in {n(r)}?",
                    g_value(round(sum(w.attr(c, "arr") for c in cs), 2)), 1, [r])
        os_ = w.outages_in(r)
        if os_:
            yield q("total", f"average outage length in {n(r)}, in hours?",
                    g_value(round(sum(w.attr(o, "duration_hours") for o in os_) / len(os_), 3)), 1, [r])
        ent = w.where(cs, segment="Enterprise")
        if len(ent) >= 2:
            yield q("total", f"mean health score of our Enterprise accounts in {n(r)}?",
                    g_value(round(sum(w.attr(c, "health_score") for c in ent) / len(ent), 3)), 1, [r])
    for v in w.all("Vendor"):
        cs = w.customers_of_vendor(v)
        if len(cs) >= 2:
            yield q("total", f"avg health score across {n(v)}'s customers?",
                    g_value(round(sum(w.attr(c, "health_score") for c in cs) / len(cs), 3)), 1, [v])
        os_ = w.vendor_outages(v)
        if os_:
            yield q("total", f"How many hours of downtime has {n(v)} racked up across all their outages?",
                    g_value(round(sum(w.attr(o, "duration_hours") for o in os_), 3)), 1, [v])
    for e in w.all("Employee"):
        cs = w.managed_by(e)
        if len(cs) >= 2:
            yield q("total", f"combined ARR of the book {n(e)} manages?",
                    g_value(round(sum(w.attr(c, "arr") for c in cs), 2)), 1, [e])
    for c in w.all("Customer"):
        ps = w.projects_of(c)
        if len(ps) >= 2:
            yield q("total", f"what do {n(c)}'s project budgets add up to?",
                    g_value(round(sum(w.attr(p, "budget") for p in ps), 2)), 1, [c])
    for o in w.all("Outage"):
        cs = w.impacted_customers(o)
        if len(cs) >= 2:
            yield q("total", f"how much ARR was exposed when {n(o)} happened? total please",
                    g_value(round(sum(w.attr(c, "arr") for c in cs), 2)), 3, [o])


def t_superlative(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for r in w.all("Region"):
        cs = w.customers_in(r)
        top = unique_top(w, cs, lambda c: w.attr(c, "arr"))
        if top:
            yield q("superlative", f"who's our biggest account by ARR in {n(r)}?", g_set(w, [top]), 1, [r])
        low = unique_top(w, cs, lambda c: w.attr(c, "health_score"), largest=False)
        if low:
            yield q("superlative", f"which {n(r)} customer has the worst health score right now?", g_set(w, [low]), 1, [r])
        os_ = w.outages_in(r)
        first = unique_top(w, os_, lambda o: w.attr(o, "started_at"), largest=False)
        if first:
            yield q("superlative", f"what was the earliest outage we have on record in {n(r)}?", g_set(w, [first]), 1, [r])
        vs = w.vendors_in(r)
        most = unique_top(w, vs, lambda v: len(w.vendor_outages(v)))
        if most:
            yield q("superlative", f"of the vendors operating in {n(r)}, which one has had the most outages?",
                    g_set(w, [most]), 2, [r])
        busiest = unique_top(w, cs, lambda c: len(w.tickets_of(c)))
        if busiest:
            yield q("superlative", f"which customer in {n(r)} files the most tickets?", g_set(w, [busiest]), 2, [r])
    for v in w.all("Vendor"):
        longest = unique_top(w, w.vendor_outages(v), lambda o: w.attr(o, "duration_hours"))
        if longest:
            yield q("superlative", f"what's the longest outage {n(v)} has ever had?", g_set(w, [longest]), 1, [v])
        richest = unique_top(w, w.customers_of_vendor(v), lambda c: w.attr(c, "arr"), largest=False)
        if richest:
            yield q("superlative", f"smallest customer (by ARR) that relies on {n(v)}?", g_set(w, [richest]), 1, [v])
    for c in w.all("Customer"):
        big = unique_top(w, w.projects_of(c), lambda p: w.attr(p, "budget"))
        if big:
            yield q("superlative", f"which of {n(c)}'s projects has the biggest budget?", g_set(w, [big]), 1, [c])
    for e in w.all("Employee"):
        few = unique_top(w, w.managed_by(e), lambda c: len(w.tickets_of(c)), largest=False)
        if few:
            yield q("superlative", f"among {n(e)}'s accounts, who has opened the fewest tickets?", g_set(w, [few]), 2, [e])


def t_multihop(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for v in w.all("Vendor"):
        ams = sorted({w.account_manager(c) for c in w.customers_of_vendor(v)})
        if okset(ams):
            yield q("multihop", f"who are the account managers on the customers that use {n(v)}?", g_set(w, ams), 2, [v])
        tick_customers = sorted({w.ticket_customer(t) for o in w.vendor_outages(v) for t in w.tickets_caused(o)})
        if okset(tick_customers):
            yield q("multihop", f"which customers have opened tickets because of {n(v)} outages?",
                    g_set(w, tick_customers), 3, [v])
    for c in w.all("Customer"):
        regs = sorted({r for v in w.customer_vendors(c) for r in w.vendor_regions(v)})
        if okset(regs):
            yield q("multihop", f"what regions do {n(c)}'s vendors operate in?", g_set(w, regs), 2, [c])
        outs = sorted({o for t in w.tickets_of(c) for o in w.ticket_outages(t)})
        if okset(outs):
            yield q("multihop", f"which outages are behind the tickets {n(c)} has sent in?", g_set(w, outs), 2, [c])
        emps = sorted({w.ticket_assignee(t) for t in w.tickets_of(c)})
        if okset(emps):
            yield q("multihop", f"which support folks have worked tickets for {n(c)}?", g_set(w, emps), 2, [c])
    for e in w.all("Employee"):
        vs = sorted({v for c in w.managed_by(e) for v in w.customer_vendors(c)})
        if okset(vs):
            yield q("multihop", f"which vendors do the accounts that {n(e)} manages depend on?", g_set(w, vs), 2, [e])
    for r in w.all("Region"):
        csms = sorted({w.csm(c) for c in w.customers_in(r)})
        if okset(csms):
            yield q("multihop", f"list the CSMs covering customers based in {n(r)}", g_set(w, csms), 2, [r])


def t_filter(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for r in w.all("Region"):
        cs = w.customers_in(r)
        for seg in ("Enterprise", "SMB"):
            got = w.where(cs, segment=seg)
            if okset(got):
                yield q("filter", f"pull the {seg} accounts in {n(r)} for me", g_set(w, got), 1, [r])
        for sev in ("P0", "P1"):
            got = w.where(w.outages_in(r), severity=sev)
            if okset(got):
                yield q("filter", f"which {sev} incidents have we had in {n(r)}?", g_set(w, got), 1, [r])
        for tier in ("Platinum", "Bronze"):
            got = w.where(w.vendors_in(r), sla_tier=tier)
            if okset(got):
                yield q("filter", f"{tier}-tier vendors in {n(r)}?", g_set(w, got), 1, [r])
        inds = sorted({w.attr(c, "industry") for c in cs})
        for ind in inds[:3]:
            got = w.where(cs, industry=ind)
            if okset(got):
                yield q("filter", f"any {ind} clients in {n(r)}? list them", g_set(w, got), 1, [r])
        got = w.where([k for k in w.all("ComplianceCase") if w.case_region(k) == r], status="Under Review")
        if okset(got):
            yield q("filter", f"which compliance cases in {n(r)} are still under review?", g_set(w, got), 1, [r])
    for c in w.all("Customer"):
        got = w.where(w.tickets_of(c), status=("Open", "In Progress"))
        if okset(got):
            yield q("filter", f"what tickets does {n(c)} have open or in progress right now?", g_set(w, got), 1, [c])
        got = w.where(w.projects_of(c), status="Active")
        if okset(got):
            yield q("filter", f"which of {n(c)}'s projects are active?", g_set(w, got), 1, [c])


def t_impact(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for o in w.all("Outage"):
        cs, ps = w.impacted_customers(o), w.impacted_projects(o)
        if okset(cs):
            yield q("impact", f"which customers got burned by {n(o)}?", g_set(w, cs), 3, [o])
            yield q("impact", f"who was caught up in {n(o)}? need the customer list", g_set(w, cs), 3, [o])
            yield q("impact", f"how many of our clients felt the pain from {n(o)}?", g_count(len(cs)), 3, [o])
            ams = sorted({w.account_manager(c) for c in cs})
            yield q("impact", f"{n(o)} is resolved - which AMs need to reach out to the accounts that went down "
                    "with it?", g_set(w, ams), 4, [o])
        if okset(ps):
            yield q("impact", f"what projects were knocked offline by {n(o)}?", g_set(w, ps), 3, [o])
    for c in w.all("Customer"):
        got = w.outages_impacting(c)
        if okset(got):
            yield q("impact", f"which outages has {n(c)} been caught in?", g_set(w, got), 3, [c])
            yield q("impact", f"how many incidents have actually hurt {n(c)}?", g_count(len(got)), 3, [c])


def t_yesno(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    C, V, R = w.all("Customer"), w.all("Vendor"), w.all("Region")
    for c in C:
        v = rng.choice(V)
        yield q("yesno", f"does {n(c)} use {n(v)}?", g_bool(v in w.customer_vendors(c)), 1, [c, v])
        yield q("yesno", f"is {n(c)} actually using {n(w.customer_vendors(c)[0])} for anything?", g_bool(True), 1,
                [c, w.customer_vendors(c)[0]])
        r = rng.choice(R)
        yield q("yesno", f"{n(c)} - are they hosted in {n(r)}?", g_bool(w.customer_region(c) == r), 1, [c, r])
        e = rng.choice(w.all("Employee"))
        yield q("yesno", f"is {n(e)} the account manager for {n(c)}?", g_bool(w.account_manager(c) == e), 1, [c, e])
        yield q("yesno", f"is {n(w.account_manager(c))} the AM on {n(c)}?", g_bool(True), 1, [c])
        hit = bool(w.outages_impacting(c))
        yield q("yesno", f"has {n(c)} ever been hit by an outage?", g_bool(hit), 3, [c])
    for v in V:
        p0 = bool(w.where(w.vendor_outages(v), severity="P0"))
        yield q("yesno", f"has {n(v)} ever had a P0?", g_bool(p0), 1, [v])
    for o in w.all("Outage"):
        c = rng.choice(C)
        yield q("yesno", f"did {n(o)} affect {n(c)} at all?", g_bool(c in w.impacted_customers(o)), 3, [o, c])
        yield q("yesno", f"did anybody actually feel {n(o)}?", g_bool(bool(w.impacted_customers(o))), 3, [o])


def t_lookup(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for c in w.all("Customer"):
        yield q("lookup", f"what segment is {n(c)}?", g_value(w.attr(c, "segment")), 0, [c])
        yield q("lookup", f"when's {n(c)} up for renewal?", g_value(w.attr(c, "renewal_date")), 0, [c])
        yield q("lookup", f"who's the CSM on {n(c)}?", g_set(w, [w.csm(c)]), 1, [c])
        yield q("lookup", f"where is {n(c)} hosted - which region?", g_set(w, [w.customer_region(c)]), 1, [c])
        yield q("lookup", f"what's {n(c)}'s current health score?", g_value(w.attr(c, "health_score")), 0, [c])
    for v in w.all("Vendor"):
        yield q("lookup", f"what SLA tier is {n(v)} on?", g_value(w.attr(v, "sla_tier")), 0, [v])
    for o in w.all("Outage"):
        yield q("lookup", f"how long was {n(o)} down for?", g_value(w.attr(o, "duration_hours")), 0, [o])
        yield q("lookup", f"which vendor was responsible for {n(o)}?", g_set(w, [w.outage_vendor(o)]), 1, [o])
    for p in w.all("Project"):
        yield q("lookup", f"what's the budget on {n(p)}?", g_value(w.attr(p, "budget")), 0, [p])


def t_reference(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for c in w.all("Customer"):
        yield q("reference", f"{n(c)} is coming up for renewal. who's their account manager?",
                g_set(w, [w.account_manager(c)]), 1, [c])
        vs = w.customer_vendors(c)
        got = sorted(v for v in vs if w.where(w.vendor_outages(v), severity="P0"))
        if okset(got):
            yield q("reference", f"{n(c)} relies on a handful of vendors. which of those have had a P0 outage?",
                    g_set(w, got), 2, [c])
        yield q("reference", f"Look at {n(c)}. How many other customers are in the same region as them?",
                g_count(len(w.customers_in(w.customer_region(c))) - 1), 2, [c])
    for o in w.all("Outage"):
        v, r = w.outage_vendor(o), w.outage_region(o)
        others = sorted(set(w.vendors_in(r)) - {v})
        if okset(others):
            yield q("reference", f"{n(o)} was in one of our regions. which other vendors operate there besides the "
                    "one that went down?", g_set(w, others), 3, [o])
        yield q("reference", f"{n(o)} was caused by one of our vendors. how many customers rely on that vendor "
                "overall?", g_count(len(w.customers_of_vendor(v))), 2, [o])
    for e in w.all("Employee"):
        cs = w.managed_by(e)
        if len(cs) >= 2:
            yield q("reference", f"{n(e)} owns a few accounts. what's their average health score?",
                    g_value(round(sum(w.attr(c, "health_score") for c in cs) / len(cs), 3)), 1, [e])
    for v in w.all("Vendor"):
        os_ = w.vendor_outages(v)
        if os_:
            tot = sum(len(w.tickets_caused(o)) for o in os_)
            yield q("reference", f"Take {n(v)}'s outages. how many tickets did they generate between them?",
                    g_count(tot), 2, [v])


def t_exclusion(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    for r in w.all("Region"):
        cs = w.customers_in(r)
        got = sorted(c for c in cs if w.attr(c, "segment") != "Enterprise")
        if okset(got):
            yield q("exclusion", f"customers in {n(r)} excluding the Enterprise ones?", g_set(w, got), 1, [r])
        got = sorted(v for v in w.vendors_in(r) if not w.vendor_outages(v))
        if okset(got):
            yield q("exclusion", f"which vendors in {n(r)} have a clean record - never had an outage?",
                    g_set(w, got), 2, [r])
        for v in w.vendors_in(r):
            got = sorted(c for c in cs if v not in w.customer_vendors(c))
            if okset(got) and len(got) < len(cs):
                yield q("exclusion", f"which {n(r)} customers don't use {n(v)}?", g_set(w, got), 2, [r, v])
    for v in w.all("Vendor"):
        cs = w.customers_of_vendor(v)
        regs = sorted({w.customer_region(c) for c in cs})
        if len(regs) >= 2:
            r = regs[0]
            got = sorted(c for c in cs if w.customer_region(c) != r)
            if okset(got):
                yield q("exclusion", f"{n(v)} customers outside {n(r)}?", g_set(w, got), 2, [v, r])
    for c in w.all("Customer"):
        ts = w.tickets_of(c)
        got = [t for t in ts if not w.ticket_outages(t)]
        if got and len(got) < len(ts):
            yield q("exclusion", f"how many of {n(c)}'s tickets have nothing to do with an outage?",
                    g_count(len(got)), 2, [c])
        got = sorted(t for t in ts if w.attr(t, "status") not in ("Closed", "Resolved"))
        if okset(got):
            yield q("exclusion", f"{n(c)} tickets, leaving out anything Closed or Resolved?", g_set(w, got), 1, [c])


def t_threshold(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    all_arr = [w.attr(c, "arr") for c in w.all("Customer")]
    for r in w.all("Region"):
        cs = w.customers_in(r)
        x = cut([w.attr(c, "arr") for c in cs], 0.7)
        if x and x % 1000 == 0 and x not in all_arr:
            got = sorted(c for c in cs if w.attr(c, "arr") > x)
            if okset(got):
                yield q("threshold", f"which accounts in {n(r)} are over {money(x)} ARR?", g_set(w, got), 1, [r])
        x = cut([w.attr(c, "health_score") for c in cs], 0.25)
        if x is not None and float(x).is_integer():
            got = sorted(c for c in cs if w.attr(c, "health_score") < x)
            if okset(got) and len(got) != int(x):
                yield q("threshold", f"how many {n(r)} customers have a health score under {int(x)}?",
                        g_count(len(got)), 1, [r])
        os_ = w.outages_in(r)
        dates = sorted({w.attr(o, "started_at") for o in os_})
        if len(dates) >= 3:
            d = dates[len(dates) // 2]
            # a day strictly between two outage dates: the day before the middle one
            y, m, dd = map(int, d.split("-"))
            import datetime as _dt

            day = (_dt.date(y, m, dd) - _dt.timedelta(days=1)).isoformat()
            if day not in dates:
                got = sorted(o for o in os_ if w.attr(o, "started_at") > day)
                if okset(got):
                    yield q("threshold", f"outages in {n(r)} since {day}?", g_set(w, got), 1, [r])
        ps = w.projects_in(r)
        x = cut([w.attr(p, "budget") for p in ps], 0.6)
        if x and x % 1000 == 0:
            got = sorted(p for p in ps if w.attr(p, "budget") > x)
            if okset(got):
                yield q("threshold", f"projects in {n(r)} with a budget above {money(x)}?", g_set(w, got), 1, [r])
    for v in w.all("Vendor"):
        os_ = w.vendor_outages(v)
        x = cut([w.attr(o, "duration_hours") for o in os_], 0.5)
        if x and float(x).is_integer():
            got = [o for o in os_ if w.attr(o, "duration_hours") > x]
            if len(got) != int(x):
                yield q("threshold", f"how many of {n(v)}'s outages ran longer than {int(x)} hours?",
                        g_count(len(got)), 1, [v])
    for c in w.all("Customer"):
        ts = w.tickets_of(c)
        for year in (2024,):
            got = [t for t in ts if w.attr(t, "opened_at").startswith(str(year))]
            if got and len(got) != year:
                yield q("threshold", f"how many tickets did {n(c)} open during {year}?", g_count(len(got)), 1, [c])


def t_unanswerable(w: World, n: Namer, rng: random.Random) -> Iterator[Q]:
    made_up = [
        ("how many tickets has Zorblax Freight logged with us?", "Zorblax Freight"),
        ("what's the ARR on the Quillmere Bakeries account?", "Quillmere"),
        ("who's the CSM on Vantorix Dynamics?", "Vantorix"),
        ("which customers depend on Glimmerhold Cloud?", "Glimmerhold"),
        ("how long did OUTAGE-987 last?", "OUTAGE-987"),
        ("which region is Pemberwick Analytics hosted in?", "Pemberwick"),
        ("does Ostrava Bytes use any Platinum vendors?", "Ostrava Bytes"),
    ]
    for text, name in made_up:
        if not n.exists(name) and name not in w.ent:
            yield q("unanswerable", text, g_none(), 0, [])


TEMPLATES = (t_count, t_total, t_superlative, t_multihop, t_filter, t_impact, t_yesno, t_lookup, t_reference,
             t_exclusion, t_threshold, t_unanswerable)


def _skip(item: Q) -> bool:
    """Counts equal to a number the question quotes cannot be judged (the judge skips quoted numbers)."""
    import re

    g = item["gold"]
    if g["type"] == "count":
        nums = {int(x) for x in re.findall(r"(?<![\w-])\d+(?![\w-])", item["question"])}
        return g["value"] in nums
    return False


def build(data: str, per_wording: int, tag: str) -> list[dict[str, Any]]:
    w = World(data)
    n = Namer(w)
    out: list[dict[str, Any]] = []
    for tmpl in TEMPLATES:
        rng = random.Random(f"{SALT}/{tag}/{tmpl.__name__}")
        by_wording: dict[str, list[Q]] = defaultdict(list)
        for item in tmpl(w, n, rng):
            if _skip(item):
                continue
            by_wording[_wording_key(item)].append(item)
        for key in sorted(by_wording):
            cands = by_wording[key]
            k = len(cands) if tmpl is t_unanswerable else per_wording + EXTRA.get(tmpl.__name__, 0) * (per_wording > 1)
            out.extend(rng.sample(cands, min(k, len(cands))))
    seen: set[str] = set()
    rows = []
    for item in out:
        if item["question"] in seen:
            continue
        seen.add(item["question"])
        rows.append({k: v for k, v in item.items() if k != "wording"})
    return rows


def _wording_key(item: Q) -> str:
    return item["wording"]


def finish(rows: list[Q], prefix: str) -> list[dict[str, Any]]:
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    done = []
    for i, r in enumerate(rows, 1):
        rec = {"id": f"{prefix}-{i:03d}", "kind": KIND[r["cls"]], "question": r["question"], "gold": r["gold"],
               "hops": r["hops"], "anchors": r["anchors"], "cls": r["cls"]}
        qq = Question(**{k: v for k, v in rec.items() if k != "cls"})
        verdict = judge.judge(qq, correct_answer_text(r["gold"])).verdict
        if verdict != "PASS":
            raise SystemExit(f"gold does not pass the judge with a correct answer: {rec}")
        done.append(rec)
    return done


def split(rows: list[Q]) -> tuple[list[Q], list[Q]]:
    rng = random.Random(f"{SALT}/split")
    by_cls: dict[str, list[Q]] = defaultdict(list)
    for r in rows:
        by_cls[r["cls"]].append(r)
    dev, hold = [], []
    for cls in sorted(by_cls):
        items = list(by_cls[cls])
        rng.shuffle(items)
        for i, it in enumerate(items):
            (dev if i % 2 == 0 else hold).append(it)
    return dev, hold


def stratified(rows: list[Q], per_cls: int, tag: str) -> list[Q]:
    rng = random.Random(f"{SALT}/{tag}/pick")
    by_cls: dict[str, list[Q]] = defaultdict(list)
    for r in rows:
        by_cls[r["cls"]].append(r)
    out = []
    for cls in sorted(by_cls):
        items = by_cls[cls]
        out.extend(rng.sample(items, min(per_cls if cls != "unanswerable" else 2, len(items))))
    return out


def render(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows)


def make_all(data: dict[str, str] | None = None) -> dict[str, str]:
    data = data or DATA
    main = build(data["dev"], 2, "dev")
    dev, hold = split(main)
    files = {"dev.jsonl": render(finish(dev, "p3-dev")), "holdout.jsonl": render(finish(hold, "p3-hold"))}
    for tag in ("seed11", "seed23"):
        rows = stratified(build(data[tag], 1, tag), 4, tag)
        files[f"{tag}.jsonl"] = render(finish(rows, f"p3-{tag[4:]}"))
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed files differ from a fresh build")
    args = ap.parse_args()
    files = make_all()
    bad = []
    for name, text in files.items():
        path = HERE / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                bad.append(name)
        else:
            path.write_text(text, encoding="utf-8")
        rows = [json.loads(x) for x in text.splitlines()]
        counts = defaultdict(int)
        for r in rows:
            counts[r["cls"]] += 1
        print(name, len(rows), dict(sorted(counts.items())))
    if bad:
        raise SystemExit(f"stale: {', '.join(bad)} (run python tests/paraphrase3/make.py)")


if __name__ == "__main__":
    main()
