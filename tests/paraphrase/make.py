"""Write the independent paraphrase question set from a generated dataset (gold from ``gold.World``).

    python tests/paraphrase/make.py --data DIR                 # dev.jsonl + holdout.jsonl (default seed, demo)
    python tests/paraphrase/make.py --cross seed11=DIR11 --cross seed23=DIR23 --no-main
    python tests/paraphrase/make.py --data DIR --cross seed11=DIR11 --cross seed23=DIR23   # everything

Deterministic: the same data gives the same bytes. Each template below is one analyst wording filled from the data;
every class has several wordings (and one-off questions written for a single case). Gold comes only from
``gold.World`` (this folder), never from the project's question code. See README.md here.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from gold import World, g_bool, g_count, g_none, g_set, g_value  # noqa: E402

MAX_SET = 40
# Numbers quoted by a question are skipped by the count judge; this mirrors its "standalone number" rule well
# enough to keep such questions out (the exact rule is applied again in check_files via the real judge).
CLASSES = ("a_count", "b_reference", "c_existence", "d_disjunction", "e_yesno", "f_impact",
           "g_filter", "g_superlative", "g_total", "g_multihop", "g_lookup", "g_unanswerable")


@dataclass
class Cand:
    question: str
    gold: dict[str, Any]
    hops: int
    anchors: list[str]
    kind: str


@dataclass
class Template:
    cls: str
    name: str
    fn: Callable[[World, random.Random], Iterator[Cand]]
    balance_bool: bool = False  # yes/no templates: alternate true and false gold
    allow_empty: bool = False  # set answers may be empty


TEMPLATES: list[Template] = []


def template(cls: str, name: str, **kw: Any):
    def deco(fn):
        TEMPLATES.append(Template(cls, name, fn, **kw))
        return fn
    return deco


# ---- how analysts name things -----------------------------------------------------------------------------------


def shuffled(rng: random.Random, items) -> list:
    items = list(items)
    rng.shuffle(items)
    return items


def unique_names(w: World, type_name: str) -> set[str]:
    seen: dict[str, int] = defaultdict(int)
    for i in w.all(type_name):
        seen[w.name(i).lower()] += 1
    return {i for i in w.all(type_name) if seen[w.name(i).lower()] == 1}


def c_ref(w: World, rng: random.Random, c: str, poss: bool = False) -> str:
    """A customer by name (mostly), by id, or by both; ``poss`` (before "'s") never uses the "Name (ID)" form."""
    r = rng.random()
    if r < 0.7:
        return w.name(c)
    if r < 0.85 or poss:
        return c
    return f"{w.name(c)} ({c})"


def v_ref(w: World, rng: random.Random, v: str) -> str:
    return w.name(v) if rng.random() < 0.75 else v


def e_ref(w: World, rng: random.Random, e: str) -> str:
    return w.name(e) if rng.random() < 0.8 else e


def o_ref(w: World, rng: random.Random, o: str) -> str:
    if rng.random() < 0.3 and o in unique_names(w, "Outage"):
        return "the " + w.name(o)
    return o


def p_ref(w: World, rng: random.Random, p: str) -> str:
    return w.name(p) if rng.random() < 0.6 else p


def r_ref(w: World, rng: random.Random, r: str) -> str:
    return w.name(r)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def top_unique(scores: dict[str, float], highest: bool = True) -> str | None:
    """The single best key, or None on a tie (superlatives with ties are skipped)."""
    if not scores:
        return None
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1] if highest else kv[1], kv[0]))
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


# ---- (a) counting asked in many ways ----------------------------------------------------------------------------


@template("a_count", "tally_tickets")
def _a1(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"Tally the support tickets {c_ref(w, rng, c)} has opened.", g_count(len(w.tickets_of(c))), 1,
                   [c], "aggregate")


@template("a_count", "count_up_customers_region")
def _a2(w, rng):
    for r in shuffled(rng, w.all("Region")):
        yield Cand(f"Count up the customers located in {r_ref(w, rng, r)}.", g_count(len(w.customers_in(r))), 1, [r],
                   "aggregate")


@template("a_count", "number_of_outages_vendor")
def _a3(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        yield Cand(f"What's the number of outages {v_ref(w, rng, v)} has experienced?",
                   g_count(len(w.vendor_outages(v))), 1, [v], "aggregate")


@template("a_count", "how_big_customer_base")
def _a4(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        yield Cand(f"How big is {v_ref(w, rng, v)}'s customer base, i.e. how many customers depend on them?",
                   g_count(len(w.customers_of_vendor(v))), 1, [v], "aggregate")


@template("a_count", "tickets_trace_back")
def _a5(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"How many tickets are there that trace back to {o_ref(w, rng, o)}?",
                   g_count(len(w.tickets_caused(o))), 1, [o], "aggregate")


@template("a_count", "headcount_accounts_managed")
def _a6(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.managed_by(e)]):
        yield Cand(f"Give me a headcount of the accounts {e_ref(w, rng, e)} manages as account manager.",
                   g_count(len(w.managed_by(e))), 1, [e], "aggregate")


@template("a_count", "count_assigned_all_statuses")
def _a7(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.tickets_assigned(e)]):
        yield Cand(f"I need a count of every ticket assigned to {e_ref(w, rng, e)}, whatever its status.",
                   g_count(len(w.tickets_assigned(e))), 1, [e], "aggregate")


@template("a_count", "projects_with_us")
def _a8(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.projects_of(c)]):
        yield Cand(f"How many projects does {c_ref(w, rng, c)} have running or done with us (any status)?",
                   g_count(len(w.projects_of(c))), 1, [c], "aggregate")


@template("a_count", "total_vendors_region")
def _a9(w, rng):
    for r in shuffled(rng, w.all("Region")):
        yield Cand(f"Total number of vendors operating in {r_ref(w, rng, r)}?", g_count(len(w.vendors_in(r))), 1,
                   [r], "aggregate")


@template("a_count", "tally_up_priority_tickets")
def _a10(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        pr = rng.choice(["P1", "P2", "P3"])
        n = len(w.where(w.tickets_of(c), priority=pr))
        yield Cand(f"Tally up the {pr} tickets raised by {c_ref(w, rng, c)}.", g_count(n), 2, [c], "aggregate")


@template("a_count", "how_many_segment_region")
def _a11(w, rng):
    for r in shuffled(rng, w.all("Region")):
        seg = rng.choice(["Enterprise", "Mid-Market", "SMB"])
        n = len(w.where(w.customers_in(r), segment=seg))
        yield Cand(f"How many {seg} customers are there in {r_ref(w, rng, r)}?", g_count(n), 2, [r], "aggregate")


@template("a_count", "count_outages_region")
def _a12(w, rng):
    for r in shuffled(rng, w.all("Region")):
        yield Cand(f"What is the count of outages that occurred in the {r_ref(w, rng, r)} region?",
                   g_count(len(w.outages_in(r))), 1, [r], "aggregate")


@template("a_count", "how_many_cases_concern")
def _a13(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.cases_of(c)]):
        yield Cand(f"Just the number, please: how many compliance cases concern {c_ref(w, rng, c)}?",
                   g_count(len(w.cases_of(c))), 1, [c], "aggregate")


@template("a_count", "size_of_csm_book")
def _a14(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.csm_of(e)]):
        yield Cand(f"How large is {e_ref(w, rng, e)}'s book of business as CSM, in number of customers?",
                   g_count(len(w.csm_of(e))), 1, [e], "aggregate")


@template("a_count", "one_off_projects_vendor")
def _a15(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if w.projects_using(v)]):
        yield Cand(f"Quick count: projects built on {v_ref(w, rng, v)}?", g_count(len(w.projects_using(v))), 1, [v],
                   "aggregate")


# ---- (b) references inside the question -------------------------------------------------------------------------


@template("b_reference", "took_down_vendor_projects_there")
def _b1(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        r = w.outage_region(o)
        yield Cand(f"{o} took down a vendor in {r_ref(w, rng, r)}. How many projects running there on that vendor "
                   "were affected?", g_count(len(w.impacted_projects(o))), 3, [o, r], "multi_hop")


@template("b_reference", "hit_vendor_customers_in_region")
def _b2(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        v = w.outage_vendor(o)
        yield Cand(f"{o} hit {w.name(v)}. Which customers in the outage's region rely on that vendor?",
                   g_set(w, w.impacted_customers(o)), 3, [o, v], "multi_hop")


@template("b_reference", "take_customer_its_am")
def _b3(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"Take {c_ref(w, rng, c)}. Who is its account manager?", g_set(w, [w.account_manager(c)]), 1,
                   [c], "relation")


@template("b_reference", "based_in_region_count_there")
def _b4(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        r = w.customer_region(c)
        yield Cand(f"{cap(c_ref(w, rng, c))} is based in one of our regions. How many customers in total are "
                   "located there (counting it)?", g_count(len(w.customers_in(r))), 2, [c], "multi_hop")


@template("b_reference", "those_customers_tickets")
def _b5(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        imp = w.impacted_customers(o)
        if not imp:
            continue
        n = sum(len(w.tickets_of(c)) for c in imp)
        yield Cand(f"Find the customers affected by {o}. How many tickets have those customers opened overall "
                   "(any ticket, not only outage ones)?", g_count(n), 4, [o], "multi_hop")


@template("b_reference", "those_vendors_outages")
def _b6(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        outs = {o for v in w.customer_vendors(c) for o in w.vendor_outages(v)}
        yield Cand(f"{cap(c_ref(w, rng, c))} relies on a handful of vendors. How many outages have those vendors "
                   "experienced in total, in any region?", g_count(len(outs)), 2, [c], "multi_hop")


@template("b_reference", "affected_region_outages")
def _b7(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        r = w.outage_region(o)
        yield Cand(f"Consider {o}. How many outages in total (that one included) were recorded in the affected "
                   "region?", g_count(len(w.outages_in(r))), 2, [o], "multi_hop")


@template("b_reference", "sits_in_region_vendors_there")
def _b8(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        r = w.customer_region(c)
        yield Cand(f"{cap(c_ref(w, rng, c))} sits in one region. Which vendors operate there?",
                   g_set(w, w.vendors_in(r)), 2, [c], "multi_hop")


@template("b_reference", "ticket_caused_which_vendor_it")
def _b9(w, rng):
    ts = [t for t in w.all("Ticket") if len(w.ticket_outages(t)) == 1]
    for t in shuffled(rng, ts):
        o = w.ticket_outages(t)[0]
        yield Cand(f"Ticket {t} was caused by an outage. Which vendor experienced it?",
                   g_set(w, [w.outage_vendor(o)]), 2, [t], "multi_hop")


@template("b_reference", "case_triggered_region_of_that_outage")
def _b10(w, rng):
    ks = [k for k in w.all("ComplianceCase") if len(w.case_outages(k)) == 1]
    for k in shuffled(rng, ks):
        o = w.case_outages(k)[0]
        yield Cand(f"{k} was triggered by an outage. Which region did that outage happen in?",
                   g_set(w, [w.outage_region(o)]), 2, [k], "multi_hop")


@template("b_reference", "customers_hit_their_csms")
def _b11(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        imp = w.impacted_customers(o)
        if not imp:
            continue
        yield Cand(f"Look at the customers hit by {o_ref(w, rng, o)}: who are their CSMs?",
                   g_set(w, {w.csm(c) for c in imp}), 4, [o], "multi_hop")


@template("b_reference", "vendor_had_outage_projects_use_it")
def _b12(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        v = w.outage_vendor(o)
        yield Cand(f"{w.name(v)} had an outage, {o}. Which projects in that outage's region use it?",
                   g_set(w, w.impacted_projects(o)), 3, [v, o], "multi_hop")


@template("b_reference", "project_customer_am")
def _b13(w, rng):
    for p in shuffled(rng, w.all("Project")):
        yield Cand(f"{cap(p_ref(w, rng, p))} is run for one of our customers. Who is that customer's account "
                   "manager?", g_set(w, [w.account_manager(w.project_customer(p))]), 2, [p], "multi_hop")


@template("b_reference", "manages_accounts_those_tickets")
def _b14(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.managed_by(e)]):
        n = sum(len(w.tickets_of(c)) for c in w.managed_by(e))
        yield Cand(f"{e_ref(w, rng, e)} manages some accounts. How many tickets have those accounts opened?",
                   g_count(n), 2, [e], "multi_hop")


@template("b_reference", "its_region_outages")
def _b15(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        r = w.customer_region(c)
        yield Cand(f"{cap(c_ref(w, rng, c))}: how many outages have there been in its region?",
                   g_count(len(w.outages_in(r))), 2, [c], "multi_hop")


@template("b_reference", "that_vendor_all_customers")
def _b16(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        v = w.outage_vendor(o)
        yield Cand(f"{o} was experienced by one of our vendors. How many customers depend on that vendor "
                   "altogether, in every region?", g_count(len(w.customers_of_vendor(v))), 2, [o], "multi_hop")


# ---- (c) existence filters and negations ------------------------------------------------------------------------


@template("c_existence", "outage_related_tickets_count")
def _c1(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.tickets_of(c)]):
        n = sum(1 for t in w.tickets_of(c) if w.ticket_outages(t))
        yield Cand(f"How many outage-related tickets has {c_ref(w, rng, c)} opened?", g_count(n), 2, [c],
                   "aggregate")


@template("c_existence", "tickets_not_caused_by_outage")
def _c2(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.tickets_of(c)]):
        n = sum(1 for t in w.tickets_of(c) if not w.ticket_outages(t))
        yield Cand(f"How many of {c_ref(w, rng, c, poss=True)}'s tickets were not caused by any outage?", g_count(n), 2, [c],
                   "aggregate")


@template("c_existence", "open_compliance_case_global")
def _c3(w, rng):
    custs = {w.case_customer(k) for k in w.all("ComplianceCase") if w.attr(k, "status") == "Open"}
    yield Cand("Which customers have an open compliance case?", g_set(w, custs), 2, [], "multi_hop")
    custs = {w.case_customer(k) for k in w.all("ComplianceCase") if w.attr(k, "status") == "Under Review"}
    yield Cand("Which customers have a compliance case that is still under review?", g_set(w, custs), 2, [],
               "multi_hop")


@template("c_existence", "customers_region_with_case")
def _c4(w, rng):
    for r in shuffled(rng, w.all("Region")):
        custs = [c for c in w.customers_in(r) if w.cases_of(c)]
        yield Cand(f"Which customers in {r_ref(w, rng, r)} have a compliance case against them?", g_set(w, custs), 2,
                   [r], "multi_hop")


@template("c_existence", "assigned_with_outage_behind")
def _c5(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.tickets_assigned(e)]):
        n = sum(1 for t in w.tickets_assigned(e) if w.ticket_outages(t))
        yield Cand(f"How many tickets assigned to {e_ref(w, rng, e)} have an outage behind them?", g_count(n), 2,
                   [e], "aggregate")


@template("c_existence", "vendors_never_outage")
def _c6(w, rng):
    for r in shuffled(rng, w.all("Region")):
        vs = [v for v in w.vendors_in(r) if not w.vendor_outages(v)]
        yield Cand(f"Of the vendors operating in {r_ref(w, rng, r)}, which have never experienced any outage at "
                   "all?", g_set(w, vs), 2, [r], "multi_hop")


@template("c_existence", "outages_led_to_ticket")
def _c7(w, rng):
    for r in shuffled(rng, w.all("Region")):
        n = sum(1 for o in w.outages_in(r) if w.tickets_caused(o))
        yield Cand(f"How many outages in {r_ref(w, rng, r)} led to at least one support ticket?", g_count(n), 2, [r],
                   "aggregate")


@template("c_existence", "vendor_outages_no_tickets")
def _c8(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if w.vendor_outages(v)]):
        os_ = [o for o in w.vendor_outages(v) if not w.tickets_caused(o)]
        yield Cand(f"Which of {v_ref(w, rng, v)}'s outages did not produce a single ticket?", g_set(w, os_), 2, [v],
                   "multi_hop")


@template("c_existence", "customers_never_impacted")
def _c9(w, rng):
    for r in shuffled(rng, w.all("Region")):
        n = sum(1 for c in w.customers_in(r) if not w.outages_impacting(c))
        yield Cand(f"How many customers located in {r_ref(w, rng, r)} have never been impacted by any outage?",
                   g_count(n), 3, [r], "aggregate")


@template("c_existence", "vendor_outages_with_case")
def _c10(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if w.vendor_outages(v)]):
        n = sum(1 for o in w.vendor_outages(v) if w.cases_triggered(o))
        yield Cand(f"How many of {v_ref(w, rng, v)}'s outages triggered a compliance case?", g_count(n), 2, [v],
                   "aggregate")


@template("c_existence", "customers_without_project")
def _c11(w, rng):
    for r in shuffled(rng, w.all("Region")):
        n = sum(1 for c in w.customers_in(r) if not w.projects_of(c))
        yield Cand(f"How many customers located in {r_ref(w, rng, r)} don't have any project with us?", g_count(n), 2,
                   [r], "aggregate")


@template("c_existence", "list_outage_tickets_of_customer")
def _c12(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        ts = [t for t in w.tickets_of(c) if w.ticket_outages(t)]
        if ts:
            yield Cand(f"List the tickets from {c_ref(w, rng, c)} that an outage caused.", g_set(w, ts), 2, [c],
                       "multi_hop")


@template("c_existence", "vendor_customers_with_outage_tickets")
def _c13(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        cs = [c for c in w.customers_of_vendor(v) if any(w.ticket_outages(t) for t in w.tickets_of(c))]
        yield Cand(f"Which customers that depend on {v_ref(w, rng, v)} have opened at least one ticket caused by "
                   "an outage (any outage)?", g_set(w, cs), 3, [v], "multi_hop")


@template("c_existence", "outages_without_case_region")
def _c14(w, rng):
    for r in shuffled(rng, w.all("Region")):
        n = sum(1 for o in w.outages_in(r) if not w.cases_triggered(o))
        yield Cand(f"In {r_ref(w, rng, r)}, how many outages did not trigger any compliance case?", g_count(n), 2,
                   [r], "aggregate")


# ---- (d) disjunctions and value sets ----------------------------------------------------------------------------


@template("d_disjunction", "p0_or_p1_outages_vendor")
def _d1(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if w.vendor_outages(v)]):
        n = len(w.where(w.vendor_outages(v), severity=("P0", "P1")))
        yield Cand(f"How many P0 or P1 outages has {v_ref(w, rng, v)} had?", g_count(n), 2, [v], "aggregate")


@template("d_disjunction", "gold_or_platinum_vendors_region")
def _d2(w, rng):
    for r in shuffled(rng, w.all("Region")):
        vs = w.where(w.vendors_in(r), sla_tier=("Gold", "Platinum"))
        yield Cand(f"Which Gold or Platinum vendors operate in {r_ref(w, rng, r)}?", g_set(w, vs), 2, [r],
                   "multi_hop")


@template("d_disjunction", "customers_in_r1_or_r2")
def _d3(w, rng):
    rs = w.all("Region")
    pairs = [(a, b) for i, a in enumerate(rs) for b in rs[i + 1:]]
    for a, b in shuffled(rng, pairs):
        n = len(w.customers_in(a)) + len(w.customers_in(b))
        yield Cand(f"How many customers are located in {w.name(a)} or {w.name(b)}?", g_count(n), 1, [a, b],
                   "aggregate")


@template("d_disjunction", "segment_pair_vendor")
def _d4(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        segs = rng.choice([("Enterprise", "Mid-Market"), ("Mid-Market", "SMB"), ("Enterprise", "SMB")])
        n = len(w.where(w.customers_of_vendor(v), segment=segs))
        yield Cand(f"How many {segs[0]} or {segs[1]} customers depend on {v_ref(w, rng, v)}?", g_count(n), 2, [v],
                   "aggregate")


@template("d_disjunction", "list_p_outages_region")
def _d5(w, rng):
    for r in shuffled(rng, w.all("Region")):
        sev = rng.choice([("P0", "P1"), ("P1", "P2"), ("P0", "P3")])
        os_ = w.where(w.outages_in(r), severity=sev)
        yield Cand(f"List the {sev[0]} or {sev[1]} outages that happened in {r_ref(w, rng, r)}.", g_set(w, os_), 2,
                   [r], "multi_hop")


@template("d_disjunction", "open_or_in_progress_tickets")
def _d6(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.tickets_of(c)]):
        n = len(w.where(w.tickets_of(c), status=("Open", "In Progress")))
        yield Cand(f"How many of {c_ref(w, rng, c, poss=True)}'s tickets are Open or In Progress?", g_count(n), 2, [c],
                   "aggregate")


@template("d_disjunction", "industry_pair_region")
def _d7(w, rng):
    inds = w.values("Customer", "industry")
    for r in shuffled(rng, w.all("Region")):
        a, b = rng.sample(inds, 2)
        cs = w.where(w.customers_in(r), industry=(a, b))
        yield Cand(f"Which customers in {r_ref(w, rng, r)} are in {a} or {b}?", g_set(w, cs), 2, [r], "multi_hop")


@template("d_disjunction", "count_outages_r1_or_r2")
def _d8(w, rng):
    rs = w.all("Region")
    pairs = [(a, b) for i, a in enumerate(rs) for b in rs[i + 1:]]
    for a, b in shuffled(rng, pairs):
        n = len(w.outages_in(a)) + len(w.outages_in(b))
        yield Cand(f"Count the outages that occurred in either {w.name(a)} or {w.name(b)}.", g_count(n), 1, [a, b],
                   "aggregate")


@template("d_disjunction", "projects_status_pair_region")
def _d9(w, rng):
    for r in shuffled(rng, w.all("Region")):
        st = rng.choice([("Active", "On Hold"), ("Planned", "Active"), ("Completed", "On Hold")])
        n = len(w.where(w.projects_in(r), status=st))
        yield Cand(f"How many projects in {r_ref(w, rng, r)} are {st[0]} or {st[1]}?", g_count(n), 2, [r],
                   "aggregate")


@template("d_disjunction", "category_pair_vendors_region")
def _d10(w, rng):
    cats = w.values("Vendor", "category")
    for r in shuffled(rng, w.all("Region")):
        a, b = rng.sample(cats, 2)
        vs = w.where(w.vendors_in(r), category=(a, b))
        yield Cand(f"Which {a} or {b} vendors are present in {r_ref(w, rng, r)}?", g_set(w, vs), 2, [r],
                   "multi_hop")


@template("d_disjunction", "p0_p1_tickets_employee")
def _d11(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.tickets_assigned(e)]):
        n = len(w.where(w.tickets_assigned(e), priority=("P0", "P1")))
        yield Cand(f"How many P0 or P1 tickets has {e_ref(w, rng, e)} been assigned?", g_count(n), 2, [e],
                   "aggregate")


@template("d_disjunction", "three_tiers_vendors_customer")
def _d12(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        vs = w.where(w.customer_vendors(c), sla_tier=("Silver", "Bronze"))
        yield Cand(f"Which of {c_ref(w, rng, c, poss=True)}'s vendors are on a Silver or Bronze SLA?", g_set(w, vs), 2, [c],
                   "multi_hop")


# ---- (e) yes/no over a set --------------------------------------------------------------------------------------


@template("e_yesno", "any_customers_affected", balance_bool=True)
def _e1(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"Were any customers affected by {o_ref(w, rng, o)}?", g_bool(bool(w.impacted_customers(o))), 3,
                   [o], "multi_hop")


@template("e_yesno", "p0_outage_in_region", balance_bool=True)
def _e2(w, rng):
    for r in shuffled(rng, w.all("Region")):
        sev = rng.choice(["P0", "P1"])
        yield Cand(f"Did any {sev} outage happen in {r_ref(w, rng, r)}?",
                   g_bool(bool(w.where(w.outages_in(r), severity=sev))), 2, [r], "multi_hop")


@template("e_yesno", "vendor_in_region_p0_anywhere", balance_bool=True)
def _e3(w, rng):
    for r in shuffled(rng, w.all("Region")):
        ok = any(w.where(w.vendor_outages(v), severity="P0") for v in w.vendors_in(r))
        yield Cand(f"Has any vendor that operates in {r_ref(w, rng, r)} ever had a P0 outage, in any region?",
                   g_bool(ok), 3, [r], "multi_hop")


@template("e_yesno", "customer_open_tickets", balance_bool=True)
def _e4(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.tickets_of(c)]):
        yield Cand(f"Does {c_ref(w, rng, c)} have any ticket whose status is Open?",
                   g_bool(bool(w.where(w.tickets_of(c), status="Open"))), 2, [c], "multi_hop")


@template("e_yesno", "any_vendor_platinum", balance_bool=True)
def _e5(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"Is any of {c_ref(w, rng, c, poss=True)}'s vendors on the Platinum SLA tier?",
                   g_bool(bool(w.where(w.customer_vendors(c), sla_tier="Platinum"))), 2, [c], "multi_hop")


@template("e_yesno", "outage_caused_tickets", balance_bool=True)
def _e6(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"Did {o_ref(w, rng, o)} cause any support tickets?", g_bool(bool(w.tickets_caused(o))), 1, [o],
                   "multi_hop")


@template("e_yesno", "outage_triggered_cases", balance_bool=True)
def _e7(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"Did {o_ref(w, rng, o)} trigger any compliance cases?", g_bool(bool(w.cases_triggered(o))), 1,
                   [o], "multi_hop")


@template("e_yesno", "any_project_hit", balance_bool=True)
def _e8(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"Was any project hit by {o_ref(w, rng, o)}?", g_bool(bool(w.impacted_projects(o))), 3, [o],
                   "multi_hop")


@template("e_yesno", "employee_open_tickets", balance_bool=True)
def _e9(w, rng):
    for e in shuffled(rng, [e for e in w.all("Employee") if w.tickets_assigned(e)]):
        yield Cand(f"Does {e_ref(w, rng, e)} have any assigned tickets that are still In Progress?",
                   g_bool(bool(w.where(w.tickets_assigned(e), status="In Progress"))), 2, [e], "multi_hop")


@template("e_yesno", "region_customers_depend_vendor", balance_bool=True)
def _e10(w, rng):
    for r in shuffled(rng, w.all("Region")):
        v = rng.choice(w.vendors_in(r))
        ok = bool(set(w.customers_in(r)) & set(w.customers_of_vendor(v)))
        yield Cand(f"Do any of the customers in {r_ref(w, rng, r)} depend on {v_ref(w, rng, v)}?", g_bool(ok), 2,
                   [r, v], "multi_hop")


@template("e_yesno", "customer_ever_impacted", balance_bool=True)
def _e11(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"Has {c_ref(w, rng, c)} ever been impacted by an outage?", g_bool(bool(w.outages_impacting(c))),
                   3, [c], "multi_hop")


@template("e_yesno", "any_enterprise_in_region_vendor", balance_bool=True)
def _e12(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        yield Cand(f"Are any Enterprise customers among those relying on {v_ref(w, rng, v)}?",
                   g_bool(bool(w.where(w.customers_of_vendor(v), segment="Enterprise"))), 2, [v], "multi_hop")


# ---- (f) the impact relation in other words ---------------------------------------------------------------------


def _impact_outages(w: World, min_size: int = 1) -> list[str]:
    return [o for o in w.all("Outage") if len(w.impacted_customers(o)) >= min_size]


@template("f_impact", "knocked_out_by")
def _f1(w, rng):
    for o in shuffled(rng, _impact_outages(w)):
        yield Cand(f"Which customers were knocked out by {o_ref(w, rng, o)}?", g_set(w, w.impacted_customers(o)), 3,
                   [o], "multi_hop")


@template("f_impact", "exposed_to_count")
def _f2(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"How many customers were exposed to {o_ref(w, rng, o)}?", g_count(len(w.impacted_customers(o))),
                   3, [o], "aggregate")


@template("f_impact", "felt_the_outage")
def _f3(w, rng):
    for o in shuffled(rng, _impact_outages(w)):
        yield Cand(f"Which accounts felt {o_ref(w, rng, o)}?", g_set(w, w.impacted_customers(o)), 3, [o],
                   "multi_hop")


@template("f_impact", "is_over_call_customers")
def _f4(w, rng):
    for o in shuffled(rng, _impact_outages(w)):
        ams = {w.account_manager(c) for c in w.impacted_customers(o)}
        yield Cand(f"{o} is over. Which account managers should call their customers?", g_set(w, ams), 4, [o],
                   "multi_hop")


@template("f_impact", "projects_caught_up")
def _f5(w, rng):
    for o in shuffled(rng, [o for o in w.all("Outage") if w.impacted_projects(o)]):
        yield Cand(f"Which projects got caught up in {o_ref(w, rng, o)}?", g_set(w, w.impacted_projects(o)), 3, [o],
                   "multi_hop")


@template("f_impact", "csms_check_in_after")
def _f6(w, rng):
    for o in shuffled(rng, _impact_outages(w)):
        csms = {w.csm(c) for c in w.impacted_customers(o)}
        yield Cand(f"Which CSMs need to check in with their clients after {o_ref(w, rng, o)}?", g_set(w, csms), 4,
                   [o], "multi_hop")


@template("f_impact", "clients_suffered")
def _f7(w, rng):
    names = unique_names(w, "Outage")
    for o in shuffled(rng, [o for o in _impact_outages(w) if o in names]):
        yield Cand(f"Which clients suffered from the {w.name(o)} ({o})?", g_set(w, w.impacted_customers(o)), 3, [o],
                   "multi_hop")


@template("f_impact", "went_down_with")
def _f8(w, rng):
    for o in shuffled(rng, _impact_outages(w)):
        yield Cand(f"Which of our customers went down with {o}?", g_set(w, w.impacted_customers(o)), 3, [o],
                   "multi_hop")


@template("f_impact", "projects_took_a_hit_count")
def _f9(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"How many projects took a hit from {o_ref(w, rng, o)}?", g_count(len(w.impacted_projects(o))), 3,
                   [o], "aggregate")


@template("f_impact", "bore_the_brunt")
def _f10(w, rng):
    for o in shuffled(rng, _impact_outages(w, 2)):
        yield Cand(f"Which customers bore the brunt of {o_ref(w, rng, o)}?", g_set(w, w.impacted_customers(o)), 3,
                   [o], "multi_hop")


@template("f_impact", "outages_customer_exposed_to")
def _f11(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.outages_impacting(c)]):
        yield Cand(f"Which outages has {c_ref(w, rng, c)} been exposed to?", g_set(w, w.outages_impacting(c)), 3, [c],
                   "multi_hop")


@template("f_impact", "outages_knocked_customer_count")
def _f12(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"How many outages have knocked {c_ref(w, rng, c)} offline?", g_count(len(w.outages_impacting(c))),
                   3, [c], "aggregate")


@template("f_impact", "blast_radius_customers")
def _f13(w, rng):
    for o in shuffled(rng, _impact_outages(w)):
        yield Cand(f"What was the blast radius of {o} in customers? Name them.", g_set(w, w.impacted_customers(o)), 3,
                   [o], "multi_hop")


# ---- (g) filters, superlatives, totals, multi-hop lists, lookups, unanswerable ----------------------------------


@template("g_filter", "segment_customers_region")
def _g1(w, rng):
    for r in shuffled(rng, w.all("Region")):
        yield Cand(f"Which Enterprise customers are located in {r_ref(w, rng, r)}?",
                   g_set(w, w.where(w.customers_in(r), segment="Enterprise")), 2, [r], "multi_hop")


@template("g_filter", "tier_vendors_category")
def _g2(w, rng):
    for cat in shuffled(rng, w.values("Vendor", "category")):
        tier = rng.choice(["Gold", "Silver"])
        vs = w.where(w.all("Vendor"), category=cat, sla_tier=tier)
        yield Cand(f"Show me the {tier}-tier vendors in the {cat} category.", g_set(w, vs), 1, [], "multi_hop")


@template("g_filter", "priority_tickets_customer")
def _g3(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        ts = w.where(w.tickets_of(c), priority="P0")
        if ts:
            yield Cand(f"Pull up {c_ref(w, rng, c, poss=True)}'s P0 tickets.", g_set(w, ts), 2, [c], "multi_hop")


@template("g_filter", "industry_customers_vendor")
def _g4(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        cs = w.customers_of_vendor(v)
        if not cs:
            continue
        ind = w.attr(rng.choice(cs), "industry")
        yield Cand(f"Which {ind} customers depend on {v_ref(w, rng, v)}?",
                   g_set(w, w.where(cs, industry=ind)), 2, [v], "multi_hop")


@template("g_filter", "completed_projects_customer")
def _g5(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if len(w.projects_of(c)) >= 2]):
        st = w.attr(rng.choice(w.projects_of(c)), "status")
        yield Cand(f"Which of {c_ref(w, rng, c, poss=True)}'s projects have status {st}?",
                   g_set(w, w.where(w.projects_of(c), status=st)), 2, [c], "multi_hop")


@template("g_filter", "critical_cases_region")
def _g6(w, rng):
    for r in shuffled(rng, w.all("Region")):
        ks = [k for k in w.inn(r, "IN_REGION", "ComplianceCase") if w.attr(k, "severity") in ("Critical",)]
        if ks:
            yield Cand(f"Which Critical compliance cases were filed in {r_ref(w, rng, r)}?", g_set(w, ks), 2, [r],
                       "multi_hop")


@template("g_superlative", "vendor_most_outages_global")
def _s1(w, rng):
    best = top_unique({v: len(w.vendor_outages(v)) for v in w.all("Vendor")})
    if best:
        yield Cand("Which vendor has had the most outages?", g_set(w, [best]), 1, [], "aggregate")
    best = top_unique({r: len(w.customers_in(r)) for r in w.all("Region")}, highest=False)
    if best:
        yield Cand("Which region has the fewest customers?", g_set(w, [best]), 1, [], "aggregate")
    best = top_unique({o: len(w.impacted_customers(o)) for o in w.all("Outage")})
    if best:
        yield Cand("Which outage impacted the largest number of customers?", g_set(w, [best]), 3, [], "aggregate")
    best = top_unique({e: len(w.tickets_assigned(e)) for e in w.all("Employee")})
    if best:
        yield Cand("Who has the most tickets assigned to them?", g_set(w, [best]), 1, [], "aggregate")
    best = top_unique({r: len(w.outages_in(r)) for r in w.all("Region")})
    if best:
        yield Cand("Which region has seen the most outages?", g_set(w, [best]), 1, [], "aggregate")
    best = top_unique({c: len(w.tickets_of(c)) for c in w.all("Customer")})
    if best:
        yield Cand("Which customer has opened the most tickets overall?", g_set(w, [best]), 1, [], "aggregate")


@template("g_superlative", "customer_most_tickets_region")
def _s2(w, rng):
    for r in shuffled(rng, w.all("Region")):
        best = top_unique({c: len(w.tickets_of(c)) for c in w.customers_in(r)})
        if best:
            yield Cand(f"Which customer in {r_ref(w, rng, r)} opened the most tickets?", g_set(w, [best]), 2, [r],
                       "aggregate")


@template("g_superlative", "longest_outage_vendor")
def _s3(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2]):
        best = top_unique({o: w.attr(o, "duration_hours") for o in w.vendor_outages(v)})
        if best:
            yield Cand(f"Which of {v_ref(w, rng, v)}'s outages lasted longest?", g_set(w, [best]), 1, [v], "aggregate")


@template("g_superlative", "highest_arr_region")
def _s4(w, rng):
    for r in shuffled(rng, w.all("Region")):
        best = top_unique({c: w.attr(c, "arr") for c in w.customers_in(r)})
        if best:
            yield Cand(f"Who is the biggest customer by ARR in {r_ref(w, rng, r)}?", g_set(w, [best]), 1, [r],
                       "aggregate")


@template("g_superlative", "lowest_health_vendor")
def _s5(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if len(w.customers_of_vendor(v)) >= 3]):
        best = top_unique({c: w.attr(c, "health_score") for c in w.customers_of_vendor(v)}, highest=False)
        if best:
            yield Cand(f"Among {v_ref(w, rng, v)}'s customers, which one has the lowest health score?",
                       g_set(w, [best]), 2, [v], "aggregate")


@template("g_superlative", "fewest_vendors_region")
def _s6(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if len(w.projects_of(c)) >= 2]):
        best = top_unique({p: w.attr(p, "budget") for p in w.projects_of(c)})
        if best:
            yield Cand(f"Which of {c_ref(w, rng, c, poss=True)}'s projects has the biggest budget?", g_set(w, [best]), 1, [c],
                       "aggregate")


@template("g_total", "total_arr_region")
def _t1(w, rng):
    for r in shuffled(rng, w.all("Region")):
        total = sum(w.attr(c, "arr") for c in w.customers_in(r))
        yield Cand(f"What's the combined ARR of all customers in {r_ref(w, rng, r)}?", g_value(round(total, 2)), 2,
                   [r], "aggregate")


@template("g_total", "avg_health_vendor")
def _t2(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if len(w.customers_of_vendor(v)) >= 2]):
        cs = w.customers_of_vendor(v)
        avg = sum(w.attr(c, "health_score") for c in cs) / len(cs)
        yield Cand(f"What is the average health score of customers that depend on {v_ref(w, rng, v)}?",
                   g_value(round(avg, 2)), 2, [v], "aggregate")


@template("g_total", "total_budget_customer")
def _t3(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if len(w.projects_of(c)) >= 2]):
        total = sum(w.attr(p, "budget") for p in w.projects_of(c))
        yield Cand(f"How much budget do {c_ref(w, rng, c, poss=True)}'s projects add up to?", g_value(round(total, 2)), 2, [c],
                   "aggregate")


@template("g_total", "downtime_hours_vendor")
def _t4(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2]):
        total = sum(w.attr(o, "duration_hours") for o in w.vendor_outages(v))
        yield Cand(f"Across all of {v_ref(w, rng, v)}'s outages, how many hours of downtime is that in total?",
                   g_value(round(total, 2)), 2, [v], "aggregate")


@template("g_total", "avg_arr_segment_region")
def _t5(w, rng):
    for r in shuffled(rng, w.all("Region")):
        cs = w.where(w.customers_in(r), segment="Enterprise")
        if cs:
            avg = sum(w.attr(c, "arr") for c in cs) / len(cs)
            yield Cand(f"Average ARR of the Enterprise customers in {r_ref(w, rng, r)}?", g_value(round(avg, 2)), 2,
                       [r], "aggregate")


@template("g_total", "mean_duration_region")
def _t6(w, rng):
    for r in shuffled(rng, [r for r in w.all("Region") if len(w.outages_in(r)) >= 2]):
        os_ = w.outages_in(r)
        avg = sum(w.attr(o, "duration_hours") for o in os_) / len(os_)
        yield Cand(f"On average, how many hours did the outages in {r_ref(w, rng, r)} last?", g_value(round(avg, 2)),
                   2, [r], "aggregate")


@template("g_multihop", "vendors_of_region_customers")
def _m1(w, rng):
    for r in shuffled(rng, w.all("Region")):
        vs = {v for c in w.customers_in(r) for v in w.customer_vendors(c)}
        yield Cand(f"Which vendors do the customers in {r_ref(w, rng, r)} rely on?", g_set(w, vs), 2, [r],
                   "multi_hop")


@template("g_multihop", "employees_handle_customer_tickets")
def _m2(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.tickets_of(c)]):
        es = {w.ticket_assignee(t) for t in w.tickets_of(c)}
        yield Cand(f"Which support staff have handled tickets from {c_ref(w, rng, c)}?", g_set(w, es), 2, [c],
                   "multi_hop")


@template("g_multihop", "regions_vendor_outages")
def _m3(w, rng):
    for v in shuffled(rng, [v for v in w.all("Vendor") if w.vendor_outages(v)]):
        rs = {w.outage_region(o) for o in w.vendor_outages(v)}
        yield Cand(f"In which regions has {v_ref(w, rng, v)} had outages?", g_set(w, rs), 2, [v], "multi_hop")


@template("g_multihop", "ams_of_vendor_customers")
def _m4(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        ams = {w.account_manager(c) for c in w.customers_of_vendor(v)}
        yield Cand(f"Which account managers have customers that depend on {v_ref(w, rng, v)}?", g_set(w, ams), 2,
                   [v], "multi_hop")


@template("g_multihop", "vendors_of_customer_projects")
def _m5(w, rng):
    for c in shuffled(rng, [c for c in w.all("Customer") if w.projects_of(c)]):
        vs = {v for p in w.projects_of(c) for v in w.project_vendors(p)}
        yield Cand(f"Which vendors are used by {c_ref(w, rng, c, poss=True)}'s projects?", g_set(w, vs), 2, [c], "multi_hop")


@template("g_multihop", "customers_opened_outage_tickets")
def _m6(w, rng):
    for o in shuffled(rng, [o for o in w.all("Outage") if w.tickets_caused(o)]):
        cs = {w.ticket_customer(t) for t in w.tickets_caused(o)}
        yield Cand(f"Who opened tickets because of {o_ref(w, rng, o)}? Customers, please.", g_set(w, cs), 2, [o],
                   "multi_hop")


@template("g_lookup", "industry")
def _l1(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"What line of business is {c_ref(w, rng, c)} in (industry)?", g_value(w.attr(c, "industry")), 0,
                   [c], "lookup")


@template("g_lookup", "sla_tier")
def _l2(w, rng):
    for v in shuffled(rng, w.all("Vendor")):
        yield Cand(f"Which SLA tier is {v_ref(w, rng, v)} on?", g_value(w.attr(v, "sla_tier")), 0, [v], "lookup")


@template("g_lookup", "duration")
def _l3(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"How long did {o_ref(w, rng, o)} last, in hours?", g_value(w.attr(o, "duration_hours")), 0, [o],
                   "lookup")


@template("g_lookup", "email")
def _l4(w, rng):
    for e in shuffled(rng, w.all("Employee")):
        yield Cand(f"What's {w.name(e)}'s email address?", g_value(w.attr(e, "email")), 0, [e], "lookup")


@template("g_lookup", "renewal")
def _l5(w, rng):
    for c in shuffled(rng, w.all("Customer")):
        yield Cand(f"When is {c_ref(w, rng, c)} up for renewal?", g_value(w.attr(c, "renewal_date")), 0, [c], "lookup")


@template("g_lookup", "root_cause")
def _l6(w, rng):
    for o in shuffled(rng, w.all("Outage")):
        yield Cand(f"What was behind {o}, root-cause-wise?", g_value(w.attr(o, "root_cause")), 0, [o], "lookup")


@template("g_lookup", "budget")
def _l7(w, rng):
    for p in shuffled(rng, w.all("Project")):
        yield Cand(f"What's the budget on {p_ref(w, rng, p)}?", g_value(w.attr(p, "budget")), 0, [p], "lookup")


@template("g_lookup", "data_center")
def _l8(w, rng):
    for r in shuffled(rng, w.all("Region")):
        yield Cand(f"Which data center serves the {w.name(r)} region?", g_value(w.attr(r, "data_center")), 0, [r],
                   "lookup")


def _made_up(w: World, prefix: str, width: int, start: int) -> str:
    """An id of the right shape that the data does not hold (beyond the generated range)."""
    n = start
    while f"{prefix}-{n:0{width}d}" in w.ent:
        n += 1
    return f"{prefix}-{n:0{width}d}"


@template("g_unanswerable", "missing_entities")
def _u1(w, rng):
    cust = _made_up(w, "CUST", 4, 9001)
    vend = _made_up(w, "VEND", 2, 97)
    outage = _made_up(w, "OUTAGE", 3, 901)
    emp = _made_up(w, "EMP", 3, 991)
    proj = _made_up(w, "PROJ", 4, 9501)
    comp = _made_up(w, "COMP", 4, 9301)
    names = {w.name(i).lower() for i in w.ent}
    fake_vendor = next(n for n in ("Zorblax Systems", "Quillfrost Analytics", "Marrowgate Cloud") if n.lower() not in names)
    fake_cust = next(n for n in ("Glimmerbank Holdings", "Tarnwick Foods", "Ostrava Mills") if n.lower() not in names)
    yield Cand(f"How many tickets did {cust} open?", g_none(), 1, [cust], "unanswerable")
    yield Cand(f"Which customers depend on {fake_vendor}?", g_none(), 1, [], "unanswerable")
    yield Cand(f"What SLA tier is {vend} on?", g_none(), 0, [vend], "unanswerable")
    yield Cand(f"Which customers got knocked out by {outage}?", g_none(), 3, [outage], "unanswerable")
    yield Cand("How many customers do we have in the Reykjavik region (REGION-REYKJAVIK)?", g_none(), 1,
               ["REGION-REYKJAVIK"], "unanswerable")
    yield Cand(f"Who is the account manager for {fake_cust}?", g_none(), 1, [], "unanswerable")
    yield Cand(f"What's the email of {emp}?", g_none(), 0, [emp], "unanswerable")
    yield Cand(f"Tally the vendors used by {proj}.", g_none(), 1, [proj], "unanswerable")
    yield Cand(f"Which region was {comp} filed in?", g_none(), 1, [comp], "unanswerable")
    yield Cand(f"Were any projects hit by {outage}?", g_none(), 3, [outage], "unanswerable")
    yield Cand(f"Is {fake_vendor} a Platinum vendor?", g_none(), 0, [], "unanswerable")
    yield Cand("Which outages happened in REGION-ATLANTIS?", g_none(), 1, ["REGION-ATLANTIS"], "unanswerable")


# ---- assembling the files ---------------------------------------------------------------------------------------


def _acceptable(c: Cand, t: Template) -> bool:
    from core.evaluation.judges import standalone_numbers

    g = c.gold
    if g["type"] == "set":
        n = len(g["ids"])
        if n > MAX_SET or (n == 0 and not t.allow_empty):
            return False
        low = c.question.lower()
        # A member the question itself names would be ignored by the judge: keep such questions out.
        if any(i.lower() in low for i in g["ids"]) or any(nm and nm.lower() in low for nm in g["names"]):
            return False
    return not (g["type"] == "count" and float(g["value"]) in set(standalone_numbers(c.question)))


def build(w: World, per_class: dict[str, int] | int, salt: str = "") -> list[dict[str, Any]]:
    """Questions for one dataset: ``per_class`` questions per class (spread over its templates), deterministic."""
    by_cls: dict[str, list[Template]] = defaultdict(list)
    for t in TEMPLATES:
        by_cls[t.cls].append(t)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for cls in CLASSES:
        temps = by_cls[cls]
        want = per_class if isinstance(per_class, int) else per_class.get(cls, 0)
        if want <= 0:
            continue
        pools: list[list[Cand]] = []
        for t in temps:
            rng = random.Random(f"{salt}|{t.cls}|{t.name}")
            cands = [c for c in t.fn(w, rng) if _acceptable(c, t)]
            if t.balance_bool:
                yes = [c for c in cands if c.gold["value"]]
                no = [c for c in cands if not c.gold["value"]]
                mixed: list[Cand] = []
                for i in range(max(len(yes), len(no))):
                    mixed.extend(x[i] for x in ((yes, no) if i % 2 == 0 else (no, yes)) if i < len(x))
                cands = mixed
            pools.append(cands)
        # Round-robin over the class's templates until the class has its share.
        taken = 0
        idx = [0] * len(pools)
        while taken < want and any(idx[i] < len(p) for i, p in enumerate(pools)):
            for i, p in enumerate(pools):
                if taken >= want:
                    break
                while idx[i] < len(p):
                    c = p[idx[i]]
                    idx[i] += 1
                    if c.question not in seen:
                        seen.add(c.question)
                        out.append({"cls": cls, "kind": c.kind, "question": c.question, "gold": c.gold,
                                    "hops": c.hops, "anchors": c.anchors})
                        taken += 1
                        break
    return out


MAIN_PER_CLASS = {
    "a_count": 36, "b_reference": 36, "c_existence": 36, "d_disjunction": 36, "e_yesno": 36, "f_impact": 36,
    "g_filter": 14, "g_superlative": 16, "g_total": 12, "g_multihop": 14, "g_lookup": 16, "g_unanswerable": 12,
}
CROSS_PER_CLASS = {
    "a_count": 8, "b_reference": 8, "c_existence": 8, "d_disjunction": 8, "e_yesno": 8, "f_impact": 8,
    "g_filter": 3, "g_superlative": 3, "g_total": 3, "g_multihop": 3, "g_lookup": 3, "g_unanswerable": 3,
}
HOLDOUT_SHARE = 0.4


def with_ids(rows: list[dict[str, Any]], prefix: str) -> list[dict[str, Any]]:
    return [{"id": f"{prefix}-{i:03d}", **r} for i, r in enumerate(rows, 1)]


def split(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Stratified by class: 40 % of each class (rounded) goes to the holdout, picked by a fixed shuffle."""
    dev, hold = [], []
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["cls"]].append(r)
    for cls in CLASSES:
        group = by.get(cls, [])
        order = list(range(len(group)))
        random.Random(f"split|{cls}").shuffle(order)
        n_hold = round(len(group) * HOLDOUT_SHARE)
        hold_idx = set(order[:n_hold])
        for i, r in enumerate(group):
            (hold if i in hold_idx else dev).append(r)
    key = lambda r: r["id"]  # noqa: E731
    return sorted(dev, key=key), sorted(hold, key=key)


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    order = ("id", "cls", "kind", "question", "gold", "hops", "anchors")
    with open(path, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps({k: r[k] for k in order}, ensure_ascii=False) + "\n")


def check_files(paths: list[Path]) -> None:
    """Every line loads as core.records.Question and a synthetic correct answer PASSes the structured judge."""
    from gold import correct_answer_text

    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                row = json.loads(line)
                q = Question(**{k: v for k, v in row.items() if k != "cls"})
                j = judge.judge(q, correct_answer_text(q.gold))
                if j.verdict != "PASS":
                    raise SystemExit(f"{path}:{n}: synthetic correct answer judged {j.verdict}: {j.reason}")


def _check_data(data: Path, scale: str | None = "demo", seed: int | None = None) -> World:
    manifest = json.loads((data / "manifest.json").read_text(encoding="utf-8"))
    if scale and manifest.get("scale") != scale:
        raise SystemExit(f"{data}: scale {manifest.get('scale')!r}, expected {scale!r}")
    if seed is not None and manifest.get("seed") != seed:
        raise SystemExit(f"{data}: seed {manifest.get('seed')!r}, expected {seed}")
    return World(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, help="demo dataset at the default seed (7): writes dev/holdout")
    ap.add_argument("--cross", action="append", default=[], metavar="NAME=DIR",
                    help="another seed's demo dataset: writes NAME.jsonl (e.g. seed11=/path/data-s11)")
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--seed", type=int, default=7, help="seed the --data dataset must have (default 7)")
    args = ap.parse_args(argv)
    written: list[Path] = []
    if args.data:
        w = _check_data(args.data, seed=args.seed)
        rows = with_ids(build(w, MAIN_PER_CLASS), "para")
        dev, hold = split(rows)
        write_jsonl(args.out / "dev.jsonl", dev)
        write_jsonl(args.out / "holdout.jsonl", hold)
        written += [args.out / "dev.jsonl", args.out / "holdout.jsonl"]
        print(f"dev {len(dev)}, holdout {len(hold)} from {args.data}")
    for spec in args.cross:
        name, _, d = spec.partition("=")
        if not d:
            raise SystemExit(f"--cross wants NAME=DIR, got {spec!r}")
        w = _check_data(Path(d))
        rows = with_ids(build(w, CROSS_PER_CLASS, salt=name), name)
        write_jsonl(args.out / f"{name}.jsonl", rows)
        written.append(args.out / f"{name}.jsonl")
        print(f"{name} {len(rows)} from {d}")
    if not written:
        ap.error("nothing to do: give --data and/or --cross")
    check_files(written)
    for p in written:
        counts: dict[str, int] = defaultdict(int)
        with open(p, encoding="utf-8") as fh:
            for line in fh:
                counts[json.loads(line)["cls"]] += 1
        print(p.name, dict(counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
