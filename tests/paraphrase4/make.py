"""Fourth independent paraphrase set (issue 12): executive (board deck / QBR) and SRE (incident review) voices.

    python tests/paraphrase4/make.py --data /work/team/para/data-demo --seed-tag s7 --per-class 18 \
        --split tests/paraphrase4/dev.jsonl tests/paraphrase4/holdout.jsonl
    python tests/paraphrase4/make.py --data /work/team/para/data-demo-s11 --seed-tag s11 --per-class 4 \
        --out tests/paraphrase4/seed11.jsonl

Gold comes only from ``tests/paraphrase/gold.py`` (a traversal of entities.jsonl / edges.jsonl). Wordings are this
file's own. Deterministic: anchors are drawn with ``random.Random`` seeded from the class name and seed tag.
Ambiguous questions are skipped: superlative ties, anchor names (or aliases) shared by two entities, values exactly
on a quoted threshold, sets over 40 members, counts equal to a number the question quotes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

_GOLD = Path(__file__).resolve().parent.parent / "paraphrase" / "gold.py"
_spec = importlib.util.spec_from_file_location("paraphrase_gold", _GOLD)
G = importlib.util.module_from_spec(_spec)
sys.modules["paraphrase_gold"] = G
_spec.loader.exec_module(G)

MAX_SET = 40
KIND = {"count": "aggregate", "list": "relation", "multihop": "multi_hop", "superlative": "comparison",
        "aggregate": "aggregate", "yesno": "portfolio", "exclusion": "portfolio", "lookup": "lookup",
        "impact": "multi_hop", "reference": "relation", "dates": "relation", "none": "unanswerable"}


class Skip(Exception):
    pass


class Maker:
    def __init__(self, world: Any) -> None:
        self.w = world
        seen: Counter[str] = Counter()
        for e in world.ent.values():
            if e["type"] in ("Chunk", "Document"):
                continue
            for n in {e["name"].lower(), *(a.lower() for a in e.get("aliases") or [])}:
                seen[n] += 1
        self.seen = seen
        # names that begin a longer name of the same type ("X outage" vs "X outage (May 2024)") are ambiguous
        self.prefixes: set[str] = set()
        for t, ids in world.by_type.items():
            if t in ("Chunk", "Document"):
                continue
            names = sorted({world.name(i).lower() for i in ids})
            self.prefixes |= {a for a, b in zip(names, names[1:], strict=False) if b.startswith(a + " ")}

    # ---- helpers ------------------------------------------------------------------------------------------------
    def n(self, eid: str) -> str:
        """An anchor's name; refuses names shared with another entity (by name or alias)."""
        name = self.w.name(eid)
        if self.seen[name.lower()] != 1 or name.lower() in self.prefixes:
            raise Skip
        return name

    def pick(self, rng: random.Random, type_name: str) -> str:
        return rng.choice(self.w.all(type_name))

    def sset(self, ids: list[str], allow_empty: bool = False) -> dict[str, Any]:
        ids = sorted(set(ids))
        if len(ids) > MAX_SET or (not ids and not allow_empty):
            raise Skip
        return G.g_set(self.w, ids)

    @staticmethod
    def count(q: str, k: int) -> dict[str, Any]:
        if str(k) in re.findall(r"\d+", q):
            raise Skip
        return G.g_count(k)

    def top(self, ids: list[str], key: Callable[[str], float], low: bool = False) -> str:
        if len(ids) < 2:
            raise Skip
        vals = sorted(((key(i), i) for i in ids), reverse=not low)
        if vals[0][0] == vals[1][0]:
            raise Skip
        return vals[0][1]


# ---- templates: each yields (question, gold, hops, anchors) or raises Skip ---------------------------------------
# Voice E = executive (board deck / QBR); voice S = SRE / ops engineer in an incident review. Templates alternate.

def t_count(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 6
    if k == 0:
        reg, seg = m.pick(r, "Region"), r.choice(["Enterprise", "Mid-Market", "SMB"])
        q = f"For the QBR: how many {seg} accounts do we have sitting in {m.n(reg)}?"
        return q, m.count(q, len(w.where(w.customers_in(reg), segment=seg))), 1, [reg]
    if k == 1:
        o = m.pick(r, "Outage")
        q = f"How many tickets came out of the {m.n(o)}?"
        return q, m.count(q, len(w.tickets_caused(o))), 1, [o]
    if k == 2:
        v = m.pick(r, "Vendor")
        q = f"What's the number of customers leaning on {m.n(v)} right now?"
        return q, m.count(q, len(w.customers_of_vendor(v))), 1, [v]
    if k == 3:
        c = m.pick(r, "Customer")
        p = r.choice(["P0", "P1", "P2", "P3"])
        q = f"In the review, how many {p} tickets has {m.n(c)} raised with us?"
        return q, m.count(q, len(w.where(w.tickets_of(c), priority=p))), 1, [c]
    if k == 4:
        tier = r.choice(["Bronze", "Silver", "Gold", "Platinum"])
        cat = r.choice(w.values("Vendor", "category"))
        q = f"How many {cat} suppliers in our portfolio are on a {tier} SLA?"
        return q, m.count(q, len(w.where(w.all("Vendor"), sla_tier=tier, category=cat))), 0, []
    reg, sev = m.pick(r, "Region"), r.choice(["P0", "P1", "P2", "P3"])
    q = f"Count of {sev} incidents that landed in {m.n(reg)}?"
    return q, m.count(q, len(w.where(w.outages_in(reg), severity=sev))), 1, [reg]


def t_list(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 6
    if k == 0:
        reg, ind = m.pick(r, "Region"), r.choice(w.values("Customer", "industry"))
        q = f"Give me the {ind} names we serve out of {m.n(reg)} for the board slide."
        return q, m.sset(w.where(w.customers_in(reg), industry=ind)), 1, [reg]
    if k == 1:
        v = m.pick(r, "Vendor")
        q = f"List every incident on record for {m.n(v)}."
        return q, m.sset(w.vendor_outages(v)), 1, [v]
    if k == 2:
        e = r.choice([x for x in w.all("Employee") if w.managed_by(x)])
        q = f"Which accounts is {m.n(e)} the account manager on?"
        return q, m.sset(w.managed_by(e)), 1, [e]
    if k == 3:
        reg, cat = m.pick(r, "Region"), r.choice(w.values("Vendor", "category"))
        q = f"Which {cat} vendors have a footprint in {m.n(reg)}?"
        return q, m.sset(w.where(w.vendors_in(reg), category=cat)), 1, [reg]
    if k == 4:
        c = m.pick(r, "Customer")
        q = f"Where do we stand with {m.n(c)}'s projects - list them."
        return q, m.sset(w.projects_of(c)), 1, [c]
    c = r.choice([x for x in w.all("Customer") if w.cases_of(x)])
    q = f"Which compliance cases have been raised about {m.n(c)}, in any status?"
    return q, m.sset(w.cases_of(c)), 1, [c]


def t_multihop(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 6
    if k == 0:
        v = m.pick(r, "Vendor")
        ams = {w.account_manager(c) for c in w.customers_of_vendor(v)}
        q = f"Who are the account managers covering the clients that run on {m.n(v)}?"
        return q, m.sset(list(ams)), 2, [v]
    if k == 1:
        c = m.pick(r, "Customer")
        regs = {w.outage_region(o) for v in w.customer_vendors(c) for o in w.vendor_outages(v)}
        q = f"In which regions have {m.n(c)}'s suppliers had incidents?"
        return q, m.sset(list(regs)), 3, [c]
    if k == 2:
        e = r.choice([x for x in w.all("Employee") if w.tickets_assigned(x)])
        cs = {w.ticket_customer(t) for t in w.tickets_assigned(e)}
        q = f"Which customers does {m.n(e)} work tickets for?"
        return q, m.sset(list(cs)), 2, [e]
    if k == 3:
        o = r.choice([x for x in w.all("Outage") if w.tickets_caused(x)])
        csms = {w.csm(w.ticket_customer(t)) for t in w.tickets_caused(o)}
        q = f"For the accounts that filed tickets because of the {m.n(o)}, who is the CSM?"
        return q, m.sset(list(csms)), 3, [o]
    if k == 4:
        e = r.choice([x for x in w.all("Employee") if w.managed_by(x)])
        vs = {v for c in w.managed_by(e) for v in w.customer_vendors(c)}
        q = f"Which vendors does {m.n(e)}'s book of business depend on?"
        return q, m.sset(list(vs)), 2, [e]
    v = r.choice([x for x in w.all("Vendor") if any(w.cases_triggered(o) for o in w.vendor_outages(x))])
    cs = {w.case_customer(k_) for o in w.vendor_outages(v) for k_ in w.cases_triggered(o)}
    q = f"Which customers ended up with a compliance case because of a {m.n(v)} incident?"
    return q, m.sset(list(cs)), 3, [v]


def t_superlative(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 6
    if k == 0:
        reg, seg = m.pick(r, "Region"), r.choice(["Enterprise", "Mid-Market", "SMB"])
        ids = w.where(w.customers_in(reg), segment=seg)
        q = f"Give me the top {seg} account by ARR in {m.n(reg)}."
        return q, m.sset([m.top(ids, lambda x: w.attr(x, "arr"))]), 1, [reg]
    if k == 1:
        cat = r.choice(w.values("Vendor", "category"))
        ids = w.where(w.all("Vendor"), category=cat)
        q = f"Among our {cat} providers, which one has had the most outages?"
        return q, m.sset([m.top(ids, lambda x: len(w.vendor_outages(x)))]), 1, []
    if k == 2:
        v = m.pick(r, "Vendor")
        ids = w.customers_of_vendor(v)
        q = f"Which customer on {m.n(v)} is in the worst health?"
        return q, m.sset([m.top(ids, lambda x: w.attr(x, "health_score"), low=True)]), 1, [v]
    if k == 3:
        reg = m.pick(r, "Region")
        ids = w.customers_in(reg)
        q = f"Noisiest account in {m.n(reg)}: who opened the most tickets?"
        return q, m.sset([m.top(ids, lambda x: len(w.tickets_of(x)))]), 2, [reg]
    if k == 4:
        v = m.pick(r, "Vendor")
        ids = w.vendor_outages(v)
        q = f"What was {m.n(v)}'s longest-running outage?"
        return q, m.sset([m.top(ids, lambda x: w.attr(x, "duration_hours"))]), 1, [v]
    c = m.pick(r, "Customer")
    ids = w.projects_of(c)
    q = f"Which of {m.n(c)}'s projects carries the biggest budget?"
    return q, m.sset([m.top(ids, lambda x: w.attr(x, "budget"))]), 1, [c]


def t_aggregate(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 5
    if k == 0:
        reg = m.pick(r, "Region")
        ids = w.customers_in(reg)
        if not ids:
            raise Skip
        q = f"What's our total ARR booked in {m.n(reg)}?"
        return q, G.g_value(round(sum(w.attr(x, "arr") for x in ids), 2)), 1, [reg]
    if k == 1:
        v = m.pick(r, "Vendor")
        ids = w.vendor_outages(v)
        if not ids:
            raise Skip
        q = f"Add up the downtime: how many outage hours has {m.n(v)} clocked in total?"
        return q, G.g_value(round(sum(w.attr(x, "duration_hours") for x in ids), 2)), 1, [v]
    if k == 2:
        seg, v = r.choice(["Enterprise", "Mid-Market", "SMB"]), m.pick(r, "Vendor")
        ids = w.where(w.customers_of_vendor(v), segment=seg)
        if len(ids) < 2:
            raise Skip
        q = f"What's the average health score of our {seg} clients on {m.n(v)}?"
        return q, G.g_value(round(sum(w.attr(x, "health_score") for x in ids) / len(ids), 2)), 1, [v]
    if k == 3:
        c = m.pick(r, "Customer")
        ids = w.projects_of(c)
        if not ids:
            raise Skip
        q = f"Combined project budget for {m.n(c)}?"
        return q, G.g_value(round(sum(w.attr(x, "budget") for x in ids), 2)), 1, [c]
    ind = r.choice(w.values("Customer", "industry"))
    ids = w.where(w.all("Customer"), industry=ind)
    if len(ids) < 2:
        raise Skip
    q = f"For the board deck, what's the average ARR across our {ind} customers?"
    return q, G.g_value(round(sum(w.attr(x, "arr") for x in ids) / len(ids), 2)), 0, []


def t_yesno(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 5
    want = i % 2 == 0
    if k == 0:
        c = m.pick(r, "Customer")
        vs = w.customer_vendors(c)
        others = [v for v in w.all("Vendor") if v not in vs]
        v = r.choice(vs if want else others)
        q = f"Quick check - is {m.n(c)} a {m.n(v)} shop?"
        return q, G.g_bool(v in vs), 1, [c, v]
    if k == 1:
        v = m.pick(r, "Vendor")
        sev = r.choice(["P0", "P1"])
        q = f"Has {m.n(v)} ever had a {sev} outage?"
        return q, G.g_bool(bool(w.where(w.vendor_outages(v), severity=sev))), 1, [v]
    if k == 2:
        o = m.pick(r, "Outage")
        hit = w.impacted_customers(o)
        pool = hit if want and hit else [c for c in w.customers_of_vendor(w.outage_vendor(o)) if c not in hit]
        if not pool:
            raise Skip
        c = r.choice(pool)
        q = f"Did the {m.n(o)} actually take {m.n(c)} down?"
        return q, G.g_bool(c in hit), 3, [o, c]
    if k == 3:
        c = m.pick(r, "Customer")
        tickets = w.tickets_of(c)
        if not tickets:
            raise Skip
        q = f"Are all of {m.n(c)}'s tickets closed or resolved?"
        return q, G.g_bool(all(w.attr(t, "status") in ("Closed", "Resolved") for t in tickets)), 1, [c]
    c = m.pick(r, "Customer")
    q = f"Does any supplier {m.n(c)} depends on carry a Platinum SLA?"
    return q, G.g_bool(any(w.attr(v, "sla_tier") == "Platinum" for v in w.customer_vendors(c))), 2, [c]


def t_exclusion(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 5
    if k == 0:
        reg = m.pick(r, "Region")
        ids = [v for v in w.vendors_in(reg) if not w.vendor_outages(v)]
        q = f"Which vendors operating in {m.n(reg)} have a clean record - no outages at all?"
        return q, m.sset(ids, allow_empty=True), 2, [reg]
    if k == 1:
        c = m.pick(r, "Customer")
        vs = w.customer_vendors(c)
        if len(vs) < 2:
            raise Skip
        x = r.choice(vs)
        q = f"Apart from {m.n(x)}, which suppliers does {m.n(c)} rely on?"
        return q, m.sset([v for v in vs if v != x]), 1, [c, x]
    if k == 2:
        e = r.choice([x for x in w.all("Employee") if w.managed_by(x)])
        ids = [c for c in w.managed_by(e)
               if not any(w.attr(t, "status") in ("Open", "In Progress") for t in w.tickets_of(c))]
        q = f"Of the accounts {m.n(e)} manages, which have no ticket open or in progress?"
        return q, m.sset(ids, allow_empty=True), 2, [e]
    if k == 3:
        reg, v = m.pick(r, "Region"), m.pick(r, "Vendor")
        ids = [c for c in w.where(w.customers_in(reg), segment="Enterprise") if v not in w.customer_vendors(c)]
        q = f"Which Enterprise accounts in {m.n(reg)} are not using {m.n(v)}?"
        return q, m.sset(ids, allow_empty=True), 2, [reg, v]
    reg, ind = m.pick(r, "Region"), r.choice(w.values("Customer", "industry"))
    ids = [c for c in w.where(w.customers_in(reg), industry=ind) if w.attr(c, "segment") != "SMB"]
    q = f"Excluding SMB, which {ind} customers do we have in {m.n(reg)}?"
    return q, m.sset(ids, allow_empty=True), 1, [reg]


def t_lookup(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 8
    c, v, o = m.pick(r, "Customer"), m.pick(r, "Vendor"), m.pick(r, "Outage")
    if k == 0:
        return f"What's {m.n(c)} worth to us in ARR?", G.g_value(w.attr(c, "arr")), 0, [c]
    if k == 1:
        return f"What did the post-mortem give as root cause for the {m.n(o)}?", \
            G.g_value(w.attr(o, "root_cause")), 0, [o]
    if k == 2:
        return f"When is {m.n(c)} up for renewal?", G.g_value(w.attr(c, "renewal_date")), 0, [c]
    if k == 3:
        return f"What severity was the {m.n(o)} filed at?", G.g_value(w.attr(o, "severity")), 0, [o]
    if k == 4:
        return f"Which SLA tier are we getting from {m.n(v)}?", G.g_value(w.attr(v, "sla_tier")), 0, [v]
    if k == 5:
        return f"Who's on the hook as account manager for {m.n(c)}?", m.sset([w.account_manager(c)]), 1, [c]
    if k == 6:
        return f"What industry would you file {m.n(c)} under?", G.g_value(w.attr(c, "industry")), 0, [c]
    return f"How long was the {m.n(o)}, in hours?", G.g_value(w.attr(o, "duration_hours")), 0, [o]


def t_impact(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 6
    o = r.choice([x for x in w.all("Outage") if w.impacted_customers(x)]) if k != 2 else m.pick(r, "Outage")
    if k == 0:
        q = f"Which accounts sat behind the {m.n(o)}?"
        return q, m.sset(w.impacted_customers(o)), 3, [o]
    if k == 1:
        q = f"What's our exposure to the {m.n(o)} - how many clients were hit?"
        return q, m.count(q, len(w.impacted_customers(o))), 3, [o]
    if k == 2:
        ps = w.impacted_projects(o)
        q = f"Blast radius of the {m.n(o)}: which projects were knocked over?"
        return q, m.sset(ps, allow_empty=True), 3, [o]
    if k == 3:
        c = r.choice([x for x in w.all("Customer") if w.outages_impacting(x)])
        q = f"Which incidents actually hurt {m.n(c)}?"
        return q, m.sset(w.outages_impacting(c)), 3, [c]
    if k == 4:
        q = f"How much ARR was exposed when the {m.n(o)} happened?"
        return q, G.g_value(round(sum(w.attr(c, "arr") for c in w.impacted_customers(o)), 2)), 3, [o]
    ams = {w.account_manager(c) for c in w.impacted_customers(o)}
    q = f"Who needs to call the customers affected by the {m.n(o)}? I mean their account managers."
    return q, m.sset(list(ams)), 4, [o]


def t_reference(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 5
    if k == 0:
        c = m.pick(r, "Customer")
        q = f"Take {m.n(c)}. Which vendors does it depend on?"
        return q, m.sset(w.customer_vendors(c)), 1, [c]
    if k == 1:
        v = m.pick(r, "Vendor")
        q = f"I'm looking at {m.n(v)} for the deck. How many outages has it had?"
        return q, m.count(q, len(w.vendor_outages(v))), 1, [v]
    if k == 2:
        o = m.pick(r, "Outage")
        q = f"The {m.n(o)} is on my timeline. Which region did it hit?"
        return q, m.sset([w.outage_region(o)]), 1, [o]
    if k == 3:
        e = r.choice([x for x in w.all("Employee") if w.csm_of(x)])
        q = f"Look at {m.n(e)}. Which customers are they the CSM for?"
        return q, m.sset(w.csm_of(e)), 1, [e]
    reg = m.pick(r, "Region")
    q = f"Consider {m.n(reg)}. Which vendors operate there?"
    return q, m.sset(w.vendors_in(reg)), 1, [reg]


def t_dates(m: Maker, r: random.Random, i: int):
    w = m.w
    k = i % 4
    if k == 0:
        seg = r.choice(["Enterprise", "Mid-Market"])
        ids = w.where(w.all("Customer"), segment=seg)
        dates = sorted({w.attr(x, "renewal_date") for x in ids})
        d = r.choice(dates[3:12])
        if any(w.attr(x, "renewal_date") == d for x in ids):
            d = _shift(d)
            if any(w.attr(x, "renewal_date") == d for x in ids):
                raise Skip
        q = f"Which {seg} renewals come up before {d}?"
        return q, m.sset([x for x in ids if w.attr(x, "renewal_date") < d]), 0, []
    if k == 1:
        v = m.pick(r, "Vendor")
        ids = w.vendor_outages(v)
        if len(ids) < 2:
            raise Skip
        d = sorted(w.attr(x, "started_at") for x in ids)[len(ids) // 2]
        d = _shift(d)
        if any(w.attr(x, "started_at") == d for x in ids):
            raise Skip
        q = f"Which {m.n(v)} incidents started after {d}?"
        return q, m.sset([x for x in ids if w.attr(x, "started_at") > d], allow_empty=True), 1, [v]
    if k == 2:
        reg = m.pick(r, "Region")
        thr = r.choice([2, 4, 6, 8])
        ids = w.outages_in(reg)
        if any(w.attr(x, "duration_hours") == thr for x in ids):
            raise Skip
        q = f"Which outages in {m.n(reg)} ran longer than {thr} hours?"
        return q, m.sset([x for x in ids if w.attr(x, "duration_hours") > thr], allow_empty=True), 1, [reg]
    reg = m.pick(r, "Region")
    thr = r.choice([50000, 100000, 150000, 200000])
    ids = w.customers_in(reg)
    if any(w.attr(x, "arr") == thr for x in ids):
        raise Skip
    q = f"How many accounts in {m.n(reg)} bring in more than ${thr:,} ARR?"
    return q, m.count(q, len([x for x in ids if w.attr(x, "arr") > thr])), 1, [reg]


def _shift(d: str) -> str:
    y, mo, da = d.split("-")
    da_i = int(da) + 1
    if da_i > 28:
        da_i = 1
        mo_i = int(mo) % 12 + 1
        y = str(int(y) + (1 if mo_i == 1 else 0))
        mo = f"{mo_i:02d}"
    return f"{y}-{mo}-{da_i:02d}"


NONE_QUESTIONS = [
    "What's the ARR of Zephyrquill Analytics?",
    "Which accounts sat behind the Reykjavik storage outage?",
    "Who is the account manager for Brightmoor Textiles?",
    "What SLA tier does Glimmerfjord Networks give us?",
    "How many tickets came out of the Atlantis DNS incident?",
    "Which projects does Oxbridge Quillworks have with us?",
    "What's the health score of Pellucid Marigold Ltd?",
    "Which customers depend on Thornvale Hosting?",
]

TEMPLATES: dict[str, Callable[[Maker, random.Random, int], Any]] = {
    "count": t_count, "list": t_list, "multihop": t_multihop, "superlative": t_superlative,
    "aggregate": t_aggregate, "yesno": t_yesno, "exclusion": t_exclusion, "lookup": t_lookup,
    "impact": t_impact, "reference": t_reference, "dates": t_dates,
}


def make(data: Path, tag: str, per_class: int, n_none: int) -> list[dict[str, Any]]:
    m = Maker(G.World(data))
    rows: list[dict[str, Any]] = []
    seen_q: set[str] = set()
    for cls, fn in TEMPLATES.items():
        rng = random.Random(f"para4-{tag}-{cls}")
        made, tries = 0, 0
        while made < per_class and tries < per_class * 40:
            i = tries  # every draw moves on to the next template of the class
            tries += 1
            try:
                q, gold, hops, anchors = fn(m, rng, i)
            except (Skip, IndexError, ValueError):
                continue
            if q in seen_q:
                continue
            seen_q.add(q)
            made += 1
            rows.append({"id": f"p4-{tag}-{cls}-{made:03d}", "kind": KIND[cls], "question": q, "gold": gold,
                         "hops": hops, "anchors": anchors, "cls": cls})
    for j, q in enumerate(NONE_QUESTIONS[:n_none], 1):
        for piece in re.findall(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*", q):
            if m.seen[piece.lower()]:
                raise SystemExit(f"unanswerable question names a real entity: {piece!r}")
        rows.append({"id": f"p4-{tag}-none-{j:03d}", "kind": "unanswerable", "question": q, "gold": G.g_none(),
                     "hops": 0, "anchors": [], "cls": "none"})
    return rows


def validate(rows: list[dict[str, Any]], world: Any) -> None:
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    for row in rows:
        q = Question(**{k: v for k, v in row.items() if k != "cls"})
        got = judge.judge(q, G.correct_answer_text(row["gold"], world))
        if got.verdict != "PASS":
            raise SystemExit(f"{row['id']}: synthetic correct answer does not PASS: {got.reason}")


def split(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev, hold = [], []
    by: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault(r["cls"], []).append(r)
    for cls in sorted(by):
        for j, r in enumerate(sorted(by[cls], key=lambda x: x["id"])):
            (dev if j % 2 == 0 else hold).append(r)
    return dev, hold


def write(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--seed-tag", required=True)
    ap.add_argument("--per-class", type=int, default=16)
    ap.add_argument("--none", type=int, default=6)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--split", type=Path, nargs=2, metavar=("DEV", "HOLDOUT"))
    args = ap.parse_args(argv)
    rows = make(args.data, args.seed_tag, args.per_class, args.none)
    validate(rows, G.World(args.data))
    counts = Counter(r["cls"] for r in rows)
    if args.split:
        dev, hold = split(rows)
        write(args.split[0], dev)
        write(args.split[1], hold)
        print(f"{len(dev)} dev + {len(hold)} holdout; per class {dict(sorted(counts.items()))}")
    if args.out:
        write(args.out, rows)
        print(f"{len(rows)} questions; per class {dict(sorted(counts.items()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
