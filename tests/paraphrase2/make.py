"""Second independent paraphrase set for issue 12: analyst wordings over a generated dataset, gold from the files.

    python tests/paraphrase2/make.py --data /work/team/para/data-demo --out tests/paraphrase2
    python tests/paraphrase2/make.py --data /work/team/para/data-demo-s11 --seed-file tests/paraphrase2/seed11.jsonl
    python tests/paraphrase2/make.py --data DIR --check tests/paraphrase2     # the committed files are current

Written without reading the planner, the offline reader or the project's question code. Gold comes from
``tests/paraphrase/gold.World`` (a traversal of ``entities.jsonl`` / ``edges.jsonl``) plus the few helpers below;
the derived relation is the one README.md states: a customer (project) is impacted by an outage when it depends on
(uses) the outage's vendor AND is located in (runs in) the outage's region.

Every question is one analyst wording of one template, filled from the data with a seeded ``random.Random``: the
same data folder always gives the same bytes. A question is kept only when its gold is unambiguous (superlatives
without ties, thresholds that no value sits exactly on, sets of 1..40 members unless an empty answer is the point,
names that are unique among every entity's name and aliases). Each line is a ``core.records.Question`` plus
``cls``; ``validate`` checks that it loads and that a synthetic correct answer PASSes the structured judge.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SALT = "paraphrase2-v1"
MAX_SET = 40
DEV_SHARE = 0.55


def _load_gold():
    name = "paraphrase_gold_for_p2"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE.parent / "paraphrase" / "gold.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


G = _load_gold()
World = G.World
g_count, g_value, g_bool, g_none = G.g_count, G.g_value, G.g_bool, G.g_none


# ---- world helpers beyond gold.World -------------------------------------------------------------------------------


def _base(name: str) -> str:
    return re.sub(r"\s*\(.*\)\s*$", "", name).lower()


class W2:
    """``gold.World`` plus unique-name checks and the few derived lookups the templates need."""

    def __init__(self, data_dir: str | Path) -> None:
        self.w = World(data_dir)
        self.label_count: Counter[str] = Counter()
        for e in self.w.ent.values():
            labels = {e["name"].lower(), *(a.lower() for a in e.get("aliases") or [])}
            for lab in labels:
                self.label_count[lab] += 1

        self.outage_base = Counter(_base(self.w.name(o)) for o in self.w.all("Outage"))

    def unique(self, label: str) -> bool:
        return self.label_count[label.lower()] == 1

    def year(self, eid: str, key: str) -> int:
        return int(str(self.w.attr(eid, key))[:4])

    def outages_by_vendor_in(self, r: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for o in self.w.outages_in(r):
            out[self.w.outage_vendor(o)].append(o)
        return out

    def tickets_of_outages(self, outages: Iterable[str]) -> list[str]:
        return sorted({t for o in outages for t in self.w.tickets_caused(o)})


def g_set(w: World, ids: Iterable[str]) -> dict[str, Any]:
    return G.g_set(w, ids)


def unique_top(items: Iterable[str], key: Callable[[str], float], highest: bool = True) -> str | None:
    """The single item with the highest (lowest) key, or None when there is a tie or nothing."""
    items = list(items)
    if len(items) < 2:
        return None
    vals = sorted(((key(i), i) for i in items), reverse=highest)
    if vals[0][0] == vals[1][0]:
        return None
    return vals[0][1]


def money(x: float) -> str:
    if x >= 1e6:
        v = x / 1e6
        return f"${v:g}M"
    return f"${int(x / 1000)}k"


# ---- the maker ------------------------------------------------------------------------------------------------------


class Maker:
    def __init__(self, data_dir: str | Path, salt: str = SALT) -> None:
        self.x = W2(data_dir)
        self.w = self.x.w
        self.rng = random.Random(salt)
        self.rows: list[dict[str, Any]] = []
        self.seen_q: set[str] = set()
        self.counter: Counter[str] = Counter()

    # -- naming
    def cust(self, c: str) -> str:
        e = self.w.ent[c]
        al = (e.get("aliases") or [""])[0]
        if al and self.rng.random() < 0.25 and self.x.unique(al):
            return al
        return e["name"]

    def vend(self, v: str) -> str:
        e = self.w.ent[v]
        al = (e.get("aliases") or [""])[0]
        if al and self.rng.random() < 0.3 and self.x.unique(al):
            return al
        return e["name"]

    def reg(self, r: str) -> str:
        e = self.w.ent[r]
        roll = self.rng.random()
        als = e.get("aliases") or []
        if roll < 0.15 and len(als) > 1 and self.x.unique(als[1]):
            return als[1]  # the cloud-style code, eu-west-1
        if roll < 0.3 and als and self.x.unique(als[0]):
            return als[0]  # "Dublin region"
        return e["name"]

    def emp(self, e: str) -> str:
        return self.w.name(e)

    def outg(self, o: str) -> str:
        e = self.w.ent[o]
        roll = self.rng.random()
        als = e.get("aliases") or []
        if roll < 0.35 and als and self.x.unique(als[0]):
            return "the " + als[0]
        if roll < 0.5:
            return o
        # "Virginia security outage" is ambiguous when a "Virginia security outage (June 2025)" exists too
        if self.x.unique(e["name"]) and self.x.outage_base[_base(e["name"])] == 1:
            return "the " + e["name"]
        if als and self.x.unique(als[0]):
            return "the " + als[0]
        return o

    def proj(self, p: str) -> str:
        e = self.w.ent[p]
        als = e.get("aliases") or []
        if als and self.rng.random() < 0.4 and self.x.unique(als[0]):
            return als[0]
        return e["name"]

    # -- picking
    def pick(self, cands: Iterable[str], k: int) -> list[str]:
        cands = sorted(set(cands))
        self.rng.shuffle(cands)
        return cands[:k]

    def add(self, cls: str, kind: str, question: str, gold: dict[str, Any], hops: int, anchors: list[str]) -> bool:
        question = " ".join(question.split())
        question = re.sub(r"\b(\w+s)'s\b", r"\1'", question)  # "Networks'" as most writers spell it
        if question.startswith("the "):
            question = "T" + question[1:]
        if question in self.seen_q:
            return False
        if gold["type"] == "set" and len(gold["ids"]) > MAX_SET:
            return False
        if not self._judge_ok(question, gold):
            return False  # e.g. a count equal to a number the question quotes: no answer could pass
        self.seen_q.add(question)
        self.counter[cls] += 1
        self.rows.append({"id": "", "kind": kind, "question": question, "gold": gold, "hops": hops,
                          "anchors": sorted(set(anchors)), "cls": cls})
        return True

    def _judge_ok(self, question: str, gold: dict[str, Any]) -> bool:
        from core.evaluation.judges import StructuredJudge
        from core.records import Question

        q = Question(id="x", kind="lookup", question=question, gold=gold)
        return StructuredJudge().judge(q, G.correct_answer_text(gold, self.w)).verdict == "PASS"

    def wording(self, options: list[str], i: int) -> str:
        return options[i % len(options)]

    # ---- classes ----------------------------------------------------------------------------------------------------

    def c_count(self) -> None:
        w, cls = self.w, "count"
        opts = ["How many tickets has {C} raised with support?", "{C} — ticket count?",
                "Could you tell me how many support tickets {C} has logged with us so far?",
                "What is the total number of tickets submitted by {C}?"]
        for i, c in enumerate(self.pick(w.all("Customer"), 4)):
            self.add(cls, "aggregate", self.wording(opts, i).format(C=self.cust(c)), g_count(len(w.tickets_of(c))),
                     1, [c])
        opts = ["How many customers rely on {V}?", "Number of accounts that depend on {V}?",
                "Give me a count of the clients whose stack includes {V}."]
        for i, v in enumerate(self.pick([v for v in w.all("Vendor") if w.customers_of_vendor(v)], 3)):
            self.add(cls, "aggregate", self.wording(opts, i).format(V=self.vend(v)),
                     g_count(len(w.customers_of_vendor(v))), 1, [v])
        opts = ["How many customers are based in {R}?", "Customer headcount for {R}, please.",
                "In {R}, how many accounts do we have?"]
        for i, r in enumerate(self.pick(w.all("Region"), 3)):
            self.add(cls, "aggregate", self.wording(opts, i).format(R=self.reg(r)), g_count(len(w.customers_in(r))),
                     1, [r])
        opts = ["How many outages has {V} suffered?", "{V}: number of outages on record?",
                "How many times has {V} gone down? Just the number."]
        for i, v in enumerate(self.pick([v for v in w.all("Vendor") if w.vendor_outages(v)], 3)):
            self.add(cls, "aggregate", self.wording(opts, i).format(V=self.vend(v)),
                     g_count(len(w.vendor_outages(v))), 1, [v])
        opts = ["How many accounts does {E} look after as account manager?",
                "What's the size of {E}'s book of business, counted in accounts?"]
        for i, e in enumerate(self.pick([e for e in w.all("Employee") if w.managed_by(e)], 2)):
            self.add(cls, "aggregate", self.wording(opts, i).format(E=self.emp(e)), g_count(len(w.managed_by(e))),
                     1, [e])
        opts = ["How many tickets came in because of {O}?", "Ticket volume generated by {O}: what's the figure?"]
        for i, o in enumerate(self.pick([o for o in w.all("Outage") if w.tickets_caused(o)], 2)):
            self.add(cls, "aggregate", self.wording(opts, i).format(O=self.outg(o)),
                     g_count(len(w.tickets_caused(o))), 1, [o])
        opts = ["How many vendors have a presence in {R}?", "Count the providers that operate in {R}."]
        for i, r in enumerate(self.pick(w.all("Region"), 2)):
            self.add(cls, "aggregate", self.wording(opts, i).format(R=self.reg(r)), g_count(len(w.vendors_in(r))),
                     1, [r])
        opts = ["How many tickets have been assigned to {E}, all time?", "What's {E}'s total ticket load to date?"]
        for i, e in enumerate(self.pick([e for e in w.all("Employee") if w.tickets_assigned(e)], 2)):
            self.add(cls, "aggregate", self.wording(opts, i).format(E=self.emp(e)),
                     g_count(len(w.tickets_assigned(e))), 1, [e])
        opts = ["How many compliance cases concern {C}?", "Number of compliance matters on file about {C}?"]
        for i, c in enumerate(self.pick([c for c in w.all("Customer") if w.cases_of(c)], 2)):
            self.add(cls, "aggregate", self.wording(opts, i).format(C=self.cust(c)), g_count(len(w.cases_of(c))),
                     1, [c])

    def c_filter(self) -> None:
        w, cls = self.w, "attr_filter"
        for i, c in enumerate(self.pick(w.all("Customer"), 8)):
            pr = ["P1", "P0", "P2"][i % 3]
            ids = w.where(w.tickets_of(c), priority=pr)
            if not ids:
                continue
            q = [f"{pr} tix for {self.cust(c)}?", f"Which {pr} tickets has {self.cust(c)} opened?",
                 f"Pull up every {pr}-priority ticket from {self.cust(c)}.",
                 f"I need the list of {self.cust(c)}'s {pr} tickets.",
                 f"Kindly enumerate the tickets of priority {pr} raised by {self.cust(c)}.",
                 f"{self.cust(c)} — which of their tickets were logged as {pr}?",
                 f"Got the {pr}s from {self.cust(c)}? Which tickets are they?",
                 f"Tickets at {pr} priority opened by {self.cust(c)}, please."][i % 8]
            self.add(cls, "relation", q, g_set(w, ids), 1, [c])
        for i, c in enumerate(self.pick(w.all("Customer"), 4)):
            cat = self.rng.choice(["Billing", "Access", "Integration", "Data"])
            ids = w.where(w.tickets_of(c), category=cat)
            if ids:
                q = [f"Which of {self.cust(c)}'s tickets fall under the {cat} category?",
                     f"{cat} tickets logged by {self.cust(c)}: list them."][i % 2]
                self.add(cls, "relation", q, g_set(w, ids), 1, [c])
        for i, v in enumerate(self.pick(w.all("Vendor"), 8)):
            sev = ["P2", "P3", "P1"][i % 3]
            ids = w.where(w.vendor_outages(v), severity=sev)
            if ids:
                q = [f"List {self.vend(v)}'s {sev} outages.", f"Show me the {sev} incidents at {self.vend(v)}."][i % 2]
                self.add(cls, "relation", q, g_set(w, ids), 1, [v])
        for i, r in enumerate(self.pick(w.all("Region"), 3)):
            seg = ["Enterprise", "Mid-Market", "SMB"][i % 3]
            ids = w.where(w.customers_in(r), segment=seg)
            q = [f"Enterprise-segment customers located in {self.reg(r)}?",
                 f"Which Mid-Market accounts sit in {self.reg(r)}?",
                 f"Give me the SMB customers in {self.reg(r)}."][i % 3]
            if ids:
                self.add(cls, "relation", q, g_set(w, ids), 1, [r])
        for i, r in enumerate(self.pick(w.all("Region"), 4)):
            tier = ["Silver", "Gold", "Platinum"][i % 3]
            ids = w.where(w.vendors_in(r), sla_tier=tier)
            if ids:
                q = [f"Which {tier}-tier vendors operate in {self.reg(r)}?",
                     f"Vendors on a {tier} SLA that serve {self.reg(r)}?"][i % 2]
                self.add(cls, "relation", q, g_set(w, ids), 1, [r])
        for i, v in enumerate(self.pick(w.all("Vendor"), 6)):
            inds = Counter(w.attr(c, "industry") for c in w.customers_of_vendor(v))
            if not inds:
                continue
            ind = sorted(inds)[self.rng.randrange(len(inds))]
            ids = w.where(w.customers_of_vendor(v), industry=ind)
            q = [f"Which {ind} companies depend on {self.vend(v)}?",
                 f"Among customers relying on {self.vend(v)}, which are in the {ind} industry?"][i % 2]
            self.add(cls, "relation", q, g_set(w, ids), 1, [v])
        n = 0
        for v in self.pick(w.all("Vendor"), 20):
            regs = [r for r in w.vendor_regions(v) if set(w.customers_in(r)) & set(w.customers_of_vendor(v))]
            if not regs:
                continue
            r = self.pick(regs, 1)[0]
            ids = set(w.customers_in(r)) & set(w.customers_of_vendor(v))
            n += self.add(cls, "relation", f"Which customers located in {self.reg(r)} are served by {self.vend(v)}?",
                          g_set(w, ids), 2, [r, v])
            if n >= 2:
                break
        for i, r in enumerate(self.pick(w.all("Region"), 3)):
            st = ["On Hold", "Active", "Planned"][i % 3]
            ids = w.where(w.projects_in(r), status=st)
            if ids:
                self.add(cls, "relation", f"Which projects in {self.reg(r)} are currently {st.lower()}?",
                         g_set(w, ids), 1, [r])

    def c_threshold(self) -> None:
        w, cls = self.w, "threshold"
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = w.customers_in(r)
            scores = sorted({w.attr(c, "health_score") for c in cs})
            for cut in (50, 55, 60, 45, 65):
                if cut in scores:
                    continue
                ids = [c for c in cs if w.attr(c, "health_score") < cut]
                if 1 <= len(ids) <= 15:
                    q = [f"Which customers in {self.reg(r)} have a health score under {cut}?",
                         f"Flag the {self.reg(r)} accounts whose health score is below {cut}.",
                         f"Show me customers located in {self.reg(r)} with health scores lower than {cut}."][n % 3]
                    if self.add(cls, "relation", q, g_set(w, ids), 1, [r]):
                        n += 1
                    break
            if n >= 3:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 3], 10):
            os_ = w.vendor_outages(v)
            durs = sorted({w.attr(o, "duration_hours") for o in os_})
            for cut in (3, 4, 6, 8, 2, 5):
                if cut in durs:
                    continue
                ids = [o for o in os_ if w.attr(o, "duration_hours") > cut]
                if 1 <= len(ids) < len(os_):
                    q = [f"Which of {self.vend(v)}'s outages ran longer than {cut} hours?",
                         f"{self.vend(v)} incidents that lasted more than {cut} hours?"][n % 2]
                    if self.add(cls, "relation", q, g_set(w, ids), 1, [v]):
                        n += 1
                    break
            if n >= 2:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 3], 10):
            os_ = w.vendor_outages(v)
            durs = {w.attr(o, "duration_hours") for o in os_}
            for cut in (2, 3, 4):
                if cut in durs:
                    continue
                ids = [o for o in os_ if w.attr(o, "duration_hours") < cut]
                if 1 <= len(ids) < len(os_):
                    if self.add(cls, "relation", f"List the {self.vend(v)} outages that were shorter than {cut} hours.",
                                g_set(w, ids), 1, [v]):
                        n += 1
                    break
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = w.customers_in(r)
            for cut in (1e6, 2e6, 500e3, 3e6):
                if any(w.attr(c, "arr") == cut for c in cs):
                    continue
                ids = [c for c in cs if w.attr(c, "arr") > cut]
                if 1 <= len(ids) <= 12:
                    q = [f"Which customers in {self.reg(r)} bring in more than {money(cut)} of ARR?",
                         f"Accounts in {self.reg(r)} with annual recurring revenue above {money(cut)}?"][n % 2]
                    if self.add(cls, "relation", q, g_set(w, ids), 1, [r]):
                        n += 1
                    break
            if n >= 2:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 20):
            ts = w.tickets_of(c)
            k = sum(1 for t in ts if str(w.attr(t, "opened_at")) >= "2024-01-01")
            if k in (0, 2024) or k == len(ts):
                continue
            q = [f"How many tickets has {self.cust(c)} opened since the start of 2024?",
                 f"Since January 1, 2024, how many tickets did {self.cust(c)} file?"][n % 2]
            if self.add(cls, "aggregate", q, g_count(k), 1, [c]):
                n += 1
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            os_ = w.outages_in(r)
            ids = [o for o in os_ if self.x.year(o, "started_at") == 2024]
            if 1 <= len(ids) < len(os_):
                if self.add(cls, "relation", f"Which outages in {self.reg(r)} started during 2024?", g_set(w, ids), 1,
                            [r]):
                    n += 1
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            ps = w.projects_in(r)
            for cut in (500e3, 1e6, 250e3):
                if any(w.attr(p, "budget") == cut for p in ps):
                    continue
                ids = [p for p in ps if w.attr(p, "budget") > cut]
                if 1 <= len(ids) <= 10 and len(ids) < len(ps):
                    if self.add(cls, "relation", f"Which projects in {self.reg(r)} have a budget above {money(cut)}?",
                                g_set(w, ids), 1, [r]):
                        n += 1
                    break
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 4], 10):
            cs = w.managed_by(e)
            ids = [c for c in cs if self.x.year(c, "renewal_date") == 2026]
            if 1 <= len(ids) < len(cs):
                if self.add(cls, "relation", f"Which of {self.emp(e)}'s accounts come up for renewal in 2026?",
                            g_set(w, ids), 1, [e]):
                    n += 1
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = w.customers_in(r)
            scores = {w.attr(c, "health_score") for c in cs}
            for cut in (70, 75, 80):
                if cut in scores:
                    continue
                k = sum(1 for c in cs if w.attr(c, "health_score") > cut)
                if 0 < k < len(cs) and k != cut:
                    if self.add(cls, "aggregate",
                                f"How many of the customers in {self.reg(r)} have a health score above {cut}?",
                                g_count(k), 1, [r]):
                        n += 1
                    break
            if n >= 2:
                break

    def c_superlative(self) -> None:
        w, cls = self.w, "superlative"
        n = 0
        for r in self.pick(w.all("Region"), 10):
            top = unique_top(w.customers_in(r), lambda c: w.attr(c, "arr"))
            if top:
                q = [f"Who's our biggest account in {self.reg(r)} by ARR?",
                     f"Which customer in {self.reg(r)} has the largest ARR?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 1, [r])
            if n >= 2:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2], 12):
            top = unique_top(w.vendor_outages(v), lambda o: w.attr(o, "duration_hours"))
            if top:
                q = [f"Which {self.vend(v)} outage dragged on the longest?",
                     f"Of all the outages {self.vend(v)} has had, which one lasted longest?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 1, [v])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 3], 12):
            top = unique_top(w.managed_by(e), lambda c: w.attr(c, "health_score"), highest=False)
            if top:
                q = [f"Which of {self.emp(e)}'s customers has the weakest health score?",
                     f"Among the accounts {self.emp(e)} manages, who has the lowest health score?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 2, [e])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            by_v = self.x.outages_by_vendor_in(r)
            top = unique_top(by_v, lambda v, by_v=by_v: len(by_v[v]))
            if top:
                q = [f"Which vendor has had the most outages in {self.reg(r)}?",
                     f"In {self.reg(r)}, which provider has gone down most often?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 2, [r])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            top = unique_top(w.outages_in(r), lambda o: int(str(w.attr(o, "started_at")).replace("-", "")),
                             highest=False)
            if top:
                q = [f"What was the first outage ever recorded in {self.reg(r)}?",
                     f"Earliest outage in {self.reg(r)}?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 1, [r])
            if n >= 2:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2], 12):
            top = unique_top(w.vendor_outages(v), lambda o: int(str(w.attr(o, "started_at")).replace("-", "")))
            if top:
                q = [f"What's the most recent outage {self.vend(v)} had?",
                     f"When {self.vend(v)} last went down, which outage was that?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 1, [v])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            top = unique_top(w.customers_in(r), lambda c: len(w.tickets_of(c)))
            if top:
                q = [f"Which customer in {self.reg(r)} has opened the most tickets?",
                     f"Noisiest account in {self.reg(r)} — who has filed the largest number of tickets?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 2, [r])
            if n >= 2:
                break
        n = 0
        for c in self.pick([c for c in w.all("Customer") if len(w.projects_of(c)) >= 2], 12):
            top = unique_top(w.projects_of(c), lambda p: w.attr(p, "budget"))
            if top:
                q = [f"Which of {self.cust(c)}'s projects carries the biggest budget?",
                     f"Of the projects we run for {self.cust(c)}, which one is the most expensive by budget?"][n % 2]
                n += self.add(cls, "aggregate", q, g_set(w, [top]), 1, [c])
            if n >= 2:
                break
        regions = w.all("Region")
        globals_: list[tuple[str, Iterable[str], Callable[[str], float], bool]] = [
            ("Which region hosts the most customers?", regions, lambda r: len(w.customers_in(r)), True),
            ("Which region has the fewest vendors operating in it?", regions, lambda r: len(w.vendors_in(r)), False),
            ("Which account manager looks after the largest number of customers?",
             [e for e in w.all("Employee") if w.managed_by(e)], lambda e: len(w.managed_by(e)), True),
            ("Which outage generated the most support tickets?", w.all("Outage"),
             lambda o: len(w.tickets_caused(o)), True),
            ("Which vendor do the most customers depend on?", w.all("Vendor"),
             lambda v: len(w.customers_of_vendor(v)), True),
            ("Which member of the support team has been assigned the most tickets overall?",
             [e for e in w.all("Employee") if w.tickets_assigned(e)], lambda e: len(w.tickets_assigned(e)), True),
            ("Which customer has the highest ARR of all?", w.all("Customer"), lambda c: w.attr(c, "arr"), True),
            ("Which project has the largest budget across the whole portfolio?", w.all("Project"),
             lambda p: w.attr(p, "budget"), True),
            ("What was the single longest outage on record?", w.all("Outage"),
             lambda o: w.attr(o, "duration_hours"), True),
        ]
        for q, items, key, hi in globals_:
            top = unique_top(items, key, hi)
            if top:
                self.add(cls, "aggregate", q, g_set(w, [top]), 1, [])

    def c_total(self) -> None:
        w, cls = self.w, "total_avg"
        opts = ["What's the combined ARR of customers located in {R}?", "Sum up the ARR across our {R} accounts.",
                "Total annual recurring revenue in {R}?"]
        for i, r in enumerate(self.pick(w.all("Region"), 3)):
            tot = round(sum(w.attr(c, "arr") for c in w.customers_in(r)), 2)
            self.add(cls, "aggregate", self.wording(opts, i).format(R=self.reg(r)), g_value(tot), 1, [r])
        opts = ["What's the mean health score across customers that depend on {V}?",
                "Average health of {V}'s customer base?"]
        for i, v in enumerate(self.pick([v for v in w.all("Vendor") if len(w.customers_of_vendor(v)) >= 2], 3)):
            cs = w.customers_of_vendor(v)
            avg = round(sum(w.attr(c, "health_score") for c in cs) / len(cs), 2)
            self.add(cls, "aggregate", self.wording(opts, i).format(V=self.vend(v)), g_value(avg), 1, [v])
        opts = ["What do {C}'s projects add up to in budget?", "Total project budget for {C}?"]
        for i, c in enumerate(self.pick([c for c in w.all("Customer") if len(w.projects_of(c)) >= 2], 3)):
            tot = round(sum(w.attr(p, "budget") for p in w.projects_of(c)), 2)
            self.add(cls, "aggregate", self.wording(opts, i).format(C=self.cust(c)), g_value(tot), 1, [c])
        opts = ["How many hours of downtime has {V} racked up in total across its outages?",
                "Cumulative outage duration for {V}, in hours?"]
        for i, v in enumerate(self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2], 3)):
            tot = round(sum(w.attr(o, "duration_hours") for o in w.vendor_outages(v)), 2)
            self.add(cls, "aggregate", self.wording(opts, i).format(V=self.vend(v)), g_value(tot), 1, [v])
        opts = ["On average, how long do outages in {R} last (hours)?", "Mean outage length in {R}?"]
        for i, r in enumerate(self.pick([r for r in w.all("Region") if len(w.outages_in(r)) >= 2], 2)):
            os_ = w.outages_in(r)
            avg = round(sum(w.attr(o, "duration_hours") for o in os_) / len(os_), 2)
            self.add(cls, "aggregate", self.wording(opts, i).format(R=self.reg(r)), g_value(avg), 1, [r])
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 2], 2):
            cs = w.managed_by(e)
            avg = round(sum(w.attr(c, "arr") for c in cs) / len(cs), 2)
            self.add(cls, "aggregate", f"What's the average ARR across the accounts {self.emp(e)} manages?",
                     g_value(avg), 2, [e])
        n = 0
        for o in self.pick([o for o in w.all("Outage") if len(w.impacted_customers(o)) >= 2], 6):
            tot = round(sum(w.attr(c, "arr") for c in w.impacted_customers(o)), 2)
            n += self.add(cls, "aggregate", f"How much ARR sat with the customers hit by {self.outg(o)}?",
                          g_value(tot), 3, [o])
            if n >= 2:
                break
        for r in self.pick([r for r in w.all("Region") if len(w.projects_in(r)) >= 2], 2):
            ps = w.projects_in(r)
            avg = round(sum(w.attr(p, "budget") for p in ps) / len(ps), 2)
            self.add(cls, "aggregate", f"Average budget of the projects running in {self.reg(r)}?", g_value(avg), 1,
                     [r])

    def c_multihop(self) -> None:
        w, cls = self.w, "multihop"

        def outs_of_vendors(c):
            return {o for v in w.customer_vendors(c) for o in w.vendor_outages(v)}

        n = 0
        for c in self.pick(w.all("Customer"), 20):
            ids = outs_of_vendors(c)
            if 1 <= len(ids) <= 15:
                n += self.add(cls, "multi_hop", [f"{self.cust(c)}'s vendors' outages — all of them, please.",
                                                 f"Which outages have the vendors {self.cust(c)} depends on had?"][n % 2],
                              g_set(w, ids), 2, [c])
            if n >= 2:
                break
        opts = ["Who are the account managers of the customers that rely on {V}?",
                "Which AMs own accounts that depend on {V}?"]
        n = 0
        for v in self.pick(w.all("Vendor"), 10):
            ids = {w.account_manager(c) for c in w.customers_of_vendor(v)}
            if 1 <= len(ids) <= 15:
                n += self.add(cls, "multi_hop", self.wording(opts, n).format(V=self.vend(v)), g_set(w, ids), 2, [v])
            if n >= 2:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 20):
            ids = {r for v in w.customer_vendors(c) for r in w.vendor_regions(v)}
            if len(w.customer_vendors(c)) >= 2 and len(ids) >= 2:
                n += self.add(cls, "multi_hop", f"In which regions do {self.cust(c)}'s vendors operate?",
                              g_set(w, ids), 2, [c])
            if n >= 2:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 20):
            ids = {w.ticket_assignee(t) for t in w.tickets_of(c)}
            if 1 <= len(ids) <= 15:
                n += self.add(cls, "multi_hop", [f"Which support staff have worked on tickets from {self.cust(c)}?",
                                                 f"Who on the support team has handled {self.cust(c)}'s tickets?"][n % 2],
                              g_set(w, ids), 2, [c])
            if n >= 2:
                break
        n = 0
        for c in self.pick([c for c in w.all("Customer") if w.projects_of(c)], 20):
            ids = {v for p in w.projects_of(c) for v in w.project_vendors(p)}
            if ids:
                q = [f"Which vendors do {self.cust(c)}'s projects use?",
                     f"What vendors are used by the projects we deliver for {self.cust(c)}?"][n % 2]
                n += self.add(cls, "multi_hop", q, g_set(w, ids), 2, [c])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            ids = {w.csm(c) for c in w.customers_in(r)}
            if 1 <= len(ids) <= 20:
                q = [f"List the CSMs covering customers located in {self.reg(r)}.",
                     f"Who are the customer success managers for our {self.reg(r)} customers?"][n % 2]
                n += self.add(cls, "multi_hop", q, g_set(w, ids), 2, [r])
            if n >= 2:
                break
        n = 0
        for v in self.pick(w.all("Vendor"), 20):
            ids = {w.ticket_customer(t) for t in self.x.tickets_of_outages(w.vendor_outages(v))}
            if 1 <= len(ids) <= 20:
                q = [f"Which customers opened tickets that were caused by {self.vend(v)}'s outages?",
                     f"Whose tickets can be traced to an outage at {self.vend(v)}? Customers, please."][n % 2]
                n += self.add(cls, "multi_hop", q, g_set(w, ids), 3, [v])
            if n >= 2:
                break
        n = 0
        for v in self.pick(w.all("Vendor"), 20):
            ids = {w.ticket_assignee(t) for t in self.x.tickets_of_outages(w.vendor_outages(v))}
            if 1 <= len(ids) <= 20:
                n += self.add(cls, "multi_hop",
                              f"Which support staff ended up assigned tickets stemming from {self.vend(v)} outages?",
                              g_set(w, ids), 3, [v])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if w.managed_by(e)], 10):
            ids = {w.customer_region(c) for c in w.managed_by(e)}
            if len(ids) >= 2:
                q = [f"Which regions are {self.emp(e)}'s accounts located in?",
                     f"Please enumerate the regions in which the customers managed by {self.emp(e)} are located."
                     ][n % 2]
                n += self.add(cls, "multi_hop", q, g_set(w, ids), 2, [e])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = {w.ticket_customer(t) for o in w.outages_in(r) for t in w.tickets_caused(o)}
            ids = {w.account_manager(c) for c in cs}
            if 1 <= len(ids) <= 20:
                n += self.add(cls, "multi_hop",
                              f"Which account managers look after customers whose tickets were caused by outages in "
                              f"{self.reg(r)}?", g_set(w, ids), 4, [r])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if w.csm_of(e)], 10):
            ids = {v for c in w.csm_of(e) for v in w.customer_vendors(c, "primary")}
            if 2 <= len(ids) <= 20:
                n += self.add(cls, "multi_hop",
                              f"What are the primary vendors of the customers {self.emp(e)} is CSM for?",
                              g_set(w, ids), 2, [e])
            if n >= 2:
                break

    def c_impact(self) -> None:
        w, cls = self.w, "impact_words"
        hit = [o for o in w.all("Outage") if 1 <= len(w.impacted_customers(o)) <= 25]
        opts = ["Which customers got hit by {O}?", "Who was on the wrong end of {O}?",
                "Which of our accounts were in the blast radius of {O}?",
                "List the clients that suffered through {O}.",
                "Whose service was disrupted by {O}? Customers only.",
                "Which customers took a hit when {O} happened?"]
        for i, o in enumerate(self.pick(hit, 6)):
            self.add(cls, "multi_hop", self.wording(opts, i).format(O=self.outg(o)),
                     g_set(w, w.impacted_customers(o)), 2, [o])
        opts = ["{O} is resolved now. Which account managers need to reach out to the clients it hurt?",
                "After {O}, which AMs have clients who got burned and need a call?"]
        for i, o in enumerate(self.pick(hit, 2)):
            ids = {w.account_manager(c) for c in w.impacted_customers(o)}
            self.add(cls, "multi_hop", self.wording(opts, i).format(O=self.outg(o)), g_set(w, ids), 3, [o])
        opts = ["How many projects were disrupted by {O}?", "Count the projects that {O} knocked over."]
        n = 0
        for o in self.pick([o for o in w.all("Outage") if w.impacted_projects(o)], 6):
            k = len(w.impacted_projects(o))
            n += self.add(cls, "multi_hop", self.wording(opts, n).format(O=self.outg(o)), g_count(k), 2, [o])
            if n >= 2:
                break
        opts = ["Which outages has {C} been caught up in?", "What outages has {C} been on the receiving end of?"]
        n = 0
        for c in self.pick(w.all("Customer"), 30):
            ids = w.outages_impacting(c)
            if 1 <= len(ids) <= 10:
                n += self.add(cls, "multi_hop", self.wording(opts, n).format(C=self.cust(c)), g_set(w, ids), 2, [c])
            if n >= 3:
                break
        opts = ["Which projects took collateral damage from {O}?", "Which projects were dragged down by {O}?"]
        n = 0
        for o in self.pick([o for o in w.all("Outage") if w.impacted_projects(o)], 6):
            n += self.add(cls, "multi_hop", self.wording(opts, n).format(O=self.outg(o)),
                          g_set(w, w.impacted_projects(o)), 2, [o])
            if n >= 2:
                break
        opts = ["How many customers were knocked offline by {O}?", "Headcount of the accounts that {O} left stranded?"]
        n = 0
        for o in self.pick(hit, 8):
            n += self.add(cls, "multi_hop", self.wording(opts, n).format(O=self.outg(o)),
                          g_count(len(w.impacted_customers(o))), 2, [o])
            if n >= 2:
                break
        n = 0
        for o in self.pick(hit, 8):
            ids = {w.csm(c) for c in w.impacted_customers(o)}
            n += self.add(cls, "multi_hop",
                          f"Which CSMs have customers that were touched by {self.outg(o)}?", g_set(w, ids), 3, [o])
            if n >= 2:
                break
        # an outage that touched no one: an empty set answer is the point
        none_hit = [o for o in w.all("Outage") if not w.impacted_customers(o)]
        for o in self.pick(none_hit, 1):
            self.add(cls, "multi_hop", f"Which customers saw any fallout from {self.outg(o)}?", g_set(w, []), 2, [o])

    def c_reference(self) -> None:
        w, cls = self.w, "reference"
        n = 0
        for o in self.pick(w.all("Outage"), 20):
            v, r = w.outage_vendor(o), w.outage_region(o)
            k = len(w.impacted_customers(o))
            if k == 0:
                continue
            q = [f"{self.outg(o)} hit {self.vend(v)} in {self.reg(r)}. How many customers there depend on that vendor?",
                 f"{self.vend(v)} went down in {self.reg(r)} ({o}). How many of our customers in that region use it?"
                 ][n % 2]
            n += self.add(cls, "multi_hop", q, g_count(k), 2, [o, v, r])
            if n >= 2:
                break
        opts = ["Look at {C}. Who is its CSM?", "{C} is on my list today. Who is their customer success manager?"]
        for i, c in enumerate(self.pick(w.all("Customer"), 2)):
            self.add(cls, "relation", self.wording(opts, i).format(C=self.cust(c)), g_set(w, [w.csm(c)]), 1, [c])
        opts = ["{C} is one of our accounts. Which vendors does it depend on?",
                "Take {C}. What vendors are they reliant on?"]
        for i, c in enumerate(self.pick([c for c in w.all("Customer") if len(w.customer_vendors(c)) >= 2], 2)):
            self.add(cls, "relation", self.wording(opts, i).format(C=self.cust(c)),
                     g_set(w, w.customer_vendors(c)), 1, [c])
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2], 10):
            k = len(self.x.tickets_of_outages(w.vendor_outages(v)))
            if k:
                n += self.add(cls, "multi_hop",
                              f"Find the outages {self.vend(v)} has had. How many tickets did they cause in total?",
                              g_count(k), 2, [v])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 3], 10):
            ids = {w.customer_region(c) for c in w.managed_by(e)}
            n += self.add(cls, "multi_hop", f"{self.emp(e)} manages a handful of accounts. Which regions are those "
                                            f"customers in?", g_set(w, ids), 2, [e])
            if n >= 2:
                break
        opts = ["Consider {R}. Which vendors operate there?", "Think about {R} for a second: which providers serve it?"]
        for i, r in enumerate(self.pick(w.all("Region"), 2)):
            self.add(cls, "relation", self.wording(opts, i).format(R=self.reg(r)), g_set(w, w.vendors_in(r)), 1, [r])
        n = 0
        for c in self.pick(w.all("Customer"), 20):
            ids = {w.ticket_assignee(t) for t in w.tickets_of(c)}
            if 1 <= len(ids) <= 12:
                n += self.add(cls, "multi_hop", f"{self.cust(c)} has opened some tickets. Who were they assigned to?",
                              g_set(w, ids), 2, [c])
            if n >= 2:
                break
        opts = ["There was an outage called {O}. Which vendor was behind it?",
                "About {O}: whose outage was that — which vendor?"]
        for i, o in enumerate(self.pick(w.all("Outage"), 2)):
            self.add(cls, "relation", self.wording(opts, i).format(O=self.outg(o)), g_set(w, [w.outage_vendor(o)]),
                     1, [o])
        n = 0
        for o in self.pick(w.all("Outage"), 10):
            r = w.outage_region(o)
            n += self.add(cls, "multi_hop", f"{self.outg(o)} happened in some region. How many customers are located "
                                            f"in that region?", g_count(len(w.customers_in(r))), 2, [o])
            if n >= 2:
                break
        n = 0
        for o in self.pick([o for o in w.all("Outage") if w.impacted_projects(o)], 10):
            v, r = w.outage_vendor(o), w.outage_region(o)
            n += self.add(cls, "multi_hop",
                          f"{self.vend(v)} had an outage in {self.reg(r)} ({o}). Which projects running there use "
                          f"that vendor?", g_set(w, w.impacted_projects(o)), 2, [o, v, r])
            if n >= 2:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 10):
            pv = w.customer_vendors(c, "primary")
            if len(pv) != 1:
                continue
            q = [f"{self.cust(c)} has a primary vendor. What SLA tier is that vendor on?",
                 f"Think of {self.cust(c)}'s primary vendor. Which category does it belong to?"][n % 2]
            val = w.attr(pv[0], "sla_tier" if n % 2 == 0 else "category")
            n += self.add(cls, "multi_hop", q, g_value(val), 2, [c])
            if n >= 2:
                break

    def c_existence(self) -> None:
        w, cls = self.w, "existence"
        n = 0
        for c in self.pick(w.all("Customer"), 40):
            ts = w.tickets_of(c)
            ids = [t for t in ts if w.ticket_outages(t)]
            if 1 <= len(ids) < len(ts):
                q = [f"Which of {self.cust(c)}'s tickets were caused by an outage?",
                     f"Outage-driven tickets from {self.cust(c)}?",
                     f"Which tickets from {self.cust(c)} can be blamed on an outage?"][n % 3]
                n += self.add(cls, "relation", q, g_set(w, ids), 2, [c])
            if n >= 3:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 40):
            ts = w.tickets_of(c)
            k = sum(1 for t in ts if w.ticket_outages(t))
            if 0 < k < len(ts):
                n += self.add(cls, "aggregate", f"How many of {self.cust(c)}'s tickets trace back to an outage?",
                              g_count(k), 2, [c])
            if n >= 2:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 40):
            ts = w.tickets_of(c)
            ids = [t for t in ts if not w.ticket_outages(t)]
            if 1 <= len(ids) <= 12 and len(ids) < len(ts):
                n += self.add(cls, "relation",
                              f"Which of {self.cust(c)}'s tickets had nothing to do with any outage?", g_set(w, ids),
                              2, [c])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            vs = w.vendors_in(r)
            ids = [v for v in vs if not w.vendor_outages(v)]
            if 1 <= len(ids) < len(vs):
                n += self.add(cls, "relation", f"Which vendors in {self.reg(r)} have never had an outage anywhere?",
                              g_set(w, ids), 2, [r])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = w.customers_in(r)
            ids = [c for c in cs if w.cases_of(c)]
            if 1 <= len(ids) < len(cs):
                q = [f"Which customers in {self.reg(r)} have a compliance case on file?",
                     f"{self.reg(r)} accounts with at least one compliance case against them?"][n % 2]
                n += self.add(cls, "relation", q, g_set(w, ids), 2, [r])
            if n >= 2:
                break
        n = 0
        for v in self.pick(w.all("Vendor"), 30):
            os_ = w.vendor_outages(v)
            ids = [o for o in os_ if w.cases_triggered(o)]
            if 1 <= len(ids) < len(os_):
                n += self.add(cls, "relation", f"Which of {self.vend(v)}'s outages set off a compliance case?",
                              g_set(w, ids), 2, [v])
            if n >= 2:
                break
        n = 0
        for v in self.pick(w.all("Vendor"), 30):
            os_ = w.vendor_outages(v)
            ids = [o for o in os_ if not w.tickets_caused(o)]
            if 1 <= len(ids) < len(os_):
                n += self.add(cls, "relation", f"Which {self.vend(v)} outages produced no tickets at all?",
                              g_set(w, ids), 2, [v])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = w.customers_in(r)
            ids = [c for c in cs if not w.projects_of(c)]
            if 1 <= len(ids) <= 25 and len(ids) < len(cs):
                n += self.add(cls, "relation", f"Which customers in {self.reg(r)} have no projects with us?",
                              g_set(w, ids), 2, [r])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 3], 20):
            cs = w.managed_by(e)
            ids = [c for c in cs if any(w.attr(k, "severity") in ("High", "Critical") for k in w.cases_of(c))]
            if 1 <= len(ids) < len(cs):
                n += self.add(cls, "relation",
                              f"Which of {self.emp(e)}'s accounts have a compliance case rated High or Critical?",
                              g_set(w, ids), 3, [e])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            cs = w.customers_in(r)
            ids = [c for c in cs if w.outages_impacting(c)]
            k = len(ids)
            if 0 < k < len(cs):
                n += self.add(cls, "aggregate",
                              f"How many customers in {self.reg(r)} have never been impacted by any outage?",
                              g_count(len(cs) - k), 2, [r])
            if n >= 2:
                break

    def c_valueset(self) -> None:
        w, cls = self.w, "value_set"
        n = 0
        for r in self.pick(w.all("Region"), 10):
            os_ = w.outages_in(r)
            a, b = [("P0", "P1"), ("P1", "P2"), ("P2", "P3")][n % 3]
            ids = w.where(os_, severity=(a, b))
            if 1 <= len(ids) < len(os_):
                q = [f"{a} or {b} outages in {self.reg(r)}?", f"Which outages in {self.reg(r)} were {a} or {b}?",
                     f"Outages in {self.reg(r)} at severity {a} or {b}, please."][n % 3]
                n += self.add(cls, "relation", q, g_set(w, ids), 1, [r])
            if n >= 3:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            vs = w.vendors_in(r)
            a, b = [("Gold", "Platinum"), ("Silver", "Bronze")][n % 2]
            ids = w.where(vs, sla_tier=(a, b))
            if 1 <= len(ids) < len(vs):
                q = [f"{a} or {b} vendors operating in {self.reg(r)}?",
                     f"Which vendors serving {self.reg(r)} are on either a {a} or a {b} SLA?"][n % 2]
                n += self.add(cls, "relation", q, g_set(w, ids), 1, [r])
            if n >= 2:
                break
        n = 0
        regs = w.all("Region")
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_regions(v)) >= 2], 20):
            r1, r2 = self.pick(w.vendor_regions(v), 2)
            ids = [c for c in w.customers_of_vendor(v) if w.customer_region(c) in (r1, r2)]
            if 1 <= len(ids) <= 20:
                n += self.add(cls, "relation",
                              f"Which customers in {self.reg(r1)} or {self.reg(r2)} depend on {self.vend(v)}?",
                              g_set(w, ids), 2, [v, r1, r2])
            if n >= 2:
                break
        del regs
        n = 0
        for c in self.pick(w.all("Customer"), 60):
            ts = w.tickets_of(c)
            ids = w.where(ts, status=("Open", "In Progress"))
            if ids:
                q = [f"Which of {self.cust(c)}'s tickets are Open or In Progress?",
                     f"Tickets from {self.cust(c)} whose status is either Open or In Progress?"][n % 2]
                n += self.add(cls, "relation", q, g_set(w, ids), 1, [c])
            if n >= 2:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 2], 20):
            k = len(w.where(w.vendor_outages(v), severity=("P2", "P3")))
            if k > 0:
                q = [f"How many of {self.vend(v)}'s outages were rated P2 or P3?",
                     f"Number of P2/P3 outages at {self.vend(v)}?"][n % 2]
                n += self.add(cls, "aggregate", q, g_count(k), 1, [v])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 3], 20):
            cs = w.managed_by(e)
            ids = w.where(cs, segment=("Enterprise", "Mid-Market"))
            if 1 <= len(ids) < len(cs):
                n += self.add(cls, "relation", f"Enterprise or Mid-Market accounts managed by {self.emp(e)}?",
                              g_set(w, ids), 1, [e])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            ks = [k for k in w.all("ComplianceCase") if w.case_region(k) == r]
            ids = w.where(ks, severity=("High", "Critical"))
            if 1 <= len(ids) < len(ks):
                n += self.add(cls, "relation", f"Compliance cases in {self.reg(r)} with High or Critical severity?",
                              g_set(w, ids), 1, [r])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            vs = w.vendors_in(r)
            cats = sorted({w.attr(v, "category") for v in vs})
            if len(cats) < 3:
                continue
            a, b = self.pick(cats, 2)
            ids = w.where(vs, category=(a, b))
            n += self.add(cls, "relation", f"Which {a} or {b} vendors have operations in {self.reg(r)}?",
                          g_set(w, ids), 1, [r])
            if n >= 2:
                break
        n = 0
        for r in self.pick(w.all("Region"), 10):
            ps = w.projects_in(r)
            ids = w.where(ps, status=("Active", "Planned"))
            if 1 <= len(ids) < len(ps):
                n += self.add(cls, "relation", f"Projects in {self.reg(r)} that are either active or planned?",
                              g_set(w, ids), 1, [r])
            if n >= 2:
                break

    def c_yesno(self) -> None:
        w, cls = self.w, "yes_no"
        want = [True, False]
        k = 0

        def add(q: str, val: bool, hops: int, anchors: list[str]) -> bool:
            return self.add(cls, "relation", q, g_bool(val), hops, anchors)

        # customer in R that depends on V
        for r in self.pick(w.all("Region"), 10):
            vs = w.vendors_in(r)
            yes = [v for v in vs if set(w.customers_of_vendor(v)) & set(w.customers_in(r))]
            no = [v for v in vs if v not in yes]
            pool = yes if want[k % 2] else no
            if pool:
                v = self.pick(pool, 1)[0]
                k += add([f"Is there any customer in {self.reg(r)} that depends on {self.vend(v)}?",
                          f"Do we have anyone in {self.reg(r)} relying on {self.vend(v)}?"][k % 2], want[k % 2], 2,
                         [r, v])
            if k >= 2:
                break
        k = 0
        for o in self.pick(w.all("Outage"), 40):
            val = bool(w.impacted_customers(o))
            if val == want[k % 2]:
                q = [f"Did {self.outg(o)} hurt any of our customers?",
                     f"Were any accounts affected when {self.outg(o)} happened?"][k % 2]
                k += add(q, val, 2, [o])
            if k >= 4:
                break
        k = 0
        for c in self.pick(w.all("Customer"), 60):
            val = bool(w.where(w.tickets_of(c), priority="P0"))
            if val == want[k % 2]:
                k += add([f"Has {self.cust(c)} ever filed a P0 ticket?",
                          f"Did {self.cust(c)} ever open a ticket at P0 priority?"][k % 2], val, 1, [c])
            if k >= 2:
                break
        k = 0
        for v in self.pick(w.all("Vendor"), 20):
            regs = w.vendor_regions(v)
            r = self.pick(regs if want[k % 2] else [x for x in w.all("Region") if x not in regs], 1)[0]
            k += add([f"Does {self.vend(v)} operate in {self.reg(r)}?",
                      f"Is {self.vend(v)} present in {self.reg(r)}?"][k % 2], r in regs, 1, [v, r])
            if k >= 2:
                break
        k = 0
        for c in self.pick(w.all("Customer"), 20):
            am = w.account_manager(c)
            e = am if want[k % 2] else self.pick([x for x in w.all("Employee") if w.managed_by(x) and x != am], 1)[0]
            k += add([f"Is {self.emp(e)} the account manager for {self.cust(c)}?",
                      f"Does {self.emp(e)} own the {self.cust(c)} account as AM?"][k % 2], e == am, 1, [c, e])
            if k >= 2:
                break
        k = 0
        for v in self.pick([v for v in w.all("Vendor") if w.vendor_outages(v)], 50):
            val = bool(w.where(w.vendor_outages(v), severity="P0"))
            if val == want[k % 2]:
                k += add([f"Did any of {self.vend(v)}'s outages reach P0 severity?",
                          f"Has {self.vend(v)} ever had a P0 outage?"][k % 2], val, 1, [v])
            if k >= 2:
                break
        k = 0
        for c in self.pick([c for c in w.all("Customer") if w.projects_of(c)], 60):
            val = bool(w.where(w.projects_of(c), status="On Hold"))
            if val == want[k % 2]:
                k += add([f"Are any of {self.cust(c)}'s projects on hold?",
                          f"Is there a project for {self.cust(c)} that's currently on hold?"][k % 2], val, 1, [c])
            if k >= 2:
                break
        k = 0
        for r in self.pick(w.all("Region"), 10):
            val = any(w.where(w.vendor_outages(v), severity="P0") for v in w.vendors_in(r))
            in_r = bool(w.where(w.outages_in(r), severity="P0"))  # the other reading: a P0 outage in R itself
            if val == want[k % 2] and val == in_r:
                k += add([f"Does any vendor operating in {self.reg(r)} have a P0 outage in its history?",
                          f"Has any provider present in {self.reg(r)} ever suffered a P0 outage?"][k % 2], val, 2,
                         [r])
            if k >= 2:
                break
        k = 0
        for c in self.pick([c for c in w.all("Customer") if w.cases_of(c)], 60):
            val = any(w.case_outages(x) for x in w.cases_of(c))
            if val == want[k % 2]:
                k += add([f"Has {self.cust(c)} got a compliance case that was triggered by an outage?",
                          f"Was any compliance case concerning {self.cust(c)} set off by an outage?"][k % 2], val, 2,
                         [c])
            if k >= 2:
                break

    def c_exclusion(self) -> None:
        w, cls = self.w, "exclusion"
        n = 0
        for c in self.pick([c for c in w.all("Customer") if len(w.customer_vendors(c)) >= 3], 10):
            vs = w.customer_vendors(c)
            v = self.pick(vs, 1)[0]
            q = [f"Apart from {self.vend(v)}, which vendors does {self.cust(c)} depend on?",
                 f"Other than {self.vend(v)}, what vendors is {self.cust(c)} using?"][n % 2]
            n += self.add(cls, "relation", q, g_set(w, [x for x in vs if x != v]), 1, [c, v])
            if n >= 3:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_regions(v)) >= 3], 10):
            rs = w.vendor_regions(v)
            r = self.pick(rs, 1)[0]
            n += self.add(cls, "relation", f"Besides {self.reg(r)}, which regions does {self.vend(v)} serve?",
                          g_set(w, [x for x in rs if x != r]), 1, [v, r])
            if n >= 3:
                break
        n = 0
        for o in self.pick([o for o in w.all("Outage") if 3 <= len(w.impacted_customers(o)) <= 25], 10):
            cs = w.impacted_customers(o)
            c = self.pick(cs, 1)[0]
            q = [f"{self.cust(c)} was hit by {self.outg(o)}. Who else was?",
                 f"Aside from {self.cust(c)}, which customers did {self.outg(o)} knock out?"][n % 2]
            n += self.add(cls, "multi_hop", q, g_set(w, [x for x in cs if x != c]), 2, [c, o])
            if n >= 3:
                break
        n = 0
        for r in self.pick([r for r in w.all("Region") if 3 <= len(w.vendors_in(r)) <= 30], 10):
            vs = w.vendors_in(r)
            v = self.pick(vs, 1)[0]
            n += self.add(cls, "relation", f"Which vendors operate in {self.reg(r)} other than {self.vend(v)}?",
                          g_set(w, [x for x in vs if x != v]), 1, [r, v])
            if n >= 2:
                break
        n = 0
        for c in self.pick(w.all("Customer"), 40):
            ts = w.tickets_of(c)
            ids = [t for t in ts if w.attr(t, "status") != "Closed"]
            if 1 <= len(ids) < len(ts):
                n += self.add(cls, "relation", f"Excluding closed ones, which tickets does {self.cust(c)} have?",
                              g_set(w, ids), 1, [c])
            if n >= 2:
                break
        n = 0
        for v in self.pick([v for v in w.all("Vendor") if len(w.vendor_outages(v)) >= 3], 10):
            os_ = w.vendor_outages(v)
            regs = sorted({w.outage_region(o) for o in os_})
            if len(regs) < 2:
                continue
            r = self.pick(regs, 1)[0]
            ids = [o for o in os_ if w.outage_region(o) != r]
            n += self.add(cls, "relation", f"Which of {self.vend(v)}'s outages happened outside {self.reg(r)}?",
                          g_set(w, ids), 2, [v, r])
            if n >= 2:
                break
        n = 0
        for e in self.pick([e for e in w.all("Employee") if len(w.managed_by(e)) >= 3], 10):
            cs = w.managed_by(e)
            c = self.pick(cs, 1)[0]
            k = len(cs) - 1
            n += self.add(cls, "aggregate", f"Not counting {self.cust(c)}, how many accounts does {self.emp(e)} "
                                            f"manage?", g_count(k), 1, [e, c])
            if n >= 2:
                break
        n = 0
        for c in self.pick([c for c in w.all("Customer") if len(w.outages_impacting(c)) >= 2], 10):
            os_ = w.outages_impacting(c)
            o = self.pick(os_, 1)[0]
            n += self.add(cls, "multi_hop", f"Leaving aside {self.outg(o)}, which outages has {self.cust(c)} been "
                                            f"impacted by?", g_set(w, [x for x in os_ if x != o]), 2, [c, o])
            if n >= 2:
                break

    def c_lookup(self) -> None:
        w, cls = self.w, "lookup"
        cs = self.pick(w.all("Customer"), 12)
        items = [
            (f"What's {self.cust(cs[0])}'s ARR?", g_value(w.attr(cs[0], "arr")), [cs[0]]),
            (f"When is {self.cust(cs[1])} due for renewal?", g_value(w.attr(cs[1], "renewal_date")), [cs[1]]),
            (f"Which industry is {self.cust(cs[2])} in?", g_value(w.attr(cs[2], "industry")), [cs[2]]),
            (f"{self.cust(cs[3])}: current health score?", g_value(w.attr(cs[3], "health_score")), [cs[3]]),
            (f"What market segment does {self.cust(cs[4])} belong to?", g_value(w.attr(cs[4], "segment")), [cs[4]]),
            (f"Which of our regions is {self.cust(cs[5])} located in?", g_set(w, [w.customer_region(cs[5])]), [cs[5]]),
            (f"Who is {self.cust(cs[6])}'s account manager?", g_set(w, [w.account_manager(cs[6])]), [cs[6]]),
            (f"{self.cust(cs[8])} is looked after by which CSM?", g_set(w, [w.csm(cs[8])]), [cs[8]]),
            (f"By which employee is the {self.cust(cs[9])} account managed?", g_set(w, [w.account_manager(cs[9])]),
             [cs[9]]),
            (f"Which country is {self.cust(cs[7])} headquartered in?", g_value(w.attr(cs[7], "country")), [cs[7]]),
        ]
        os_ = self.pick(w.all("Outage"), 6)
        items += [
            (f"What severity was {self.outg(os_[0])}?", g_value(w.attr(os_[0], "severity")), [os_[0]]),
            (f"How long did {self.outg(os_[1])} last?", g_value(w.attr(os_[1], "duration_hours")), [os_[1]]),
            (f"When did {self.outg(os_[2])} begin?", g_value(w.attr(os_[2], "started_at")), [os_[2]]),
            (f"What was the root cause of {self.outg(os_[3])}?", g_value(w.attr(os_[3], "root_cause")), [os_[3]]),
            (f"Which region was {self.outg(os_[4])} in?", g_set(w, [w.outage_region(os_[4])]), [os_[4]]),
        ]
        vs = self.pick(w.all("Vendor"), 3)
        items += [
            (f"What SLA tier is {self.vend(vs[0])} on?", g_value(w.attr(vs[0], "sla_tier")), [vs[0]]),
            (f"What kind of vendor is {self.vend(vs[1])} — which category?", g_value(w.attr(vs[1], "category")),
             [vs[1]]),
            (f"What year was {self.vend(vs[2])} founded?", g_value(w.attr(vs[2], "founded_year")), [vs[2]]),
        ]
        ps = self.pick(w.all("Project"), 3)
        items += [
            (f"What's the budget on {self.proj(ps[0])}?", g_value(w.attr(ps[0], "budget")), [ps[0]]),
            (f"What's the status of {self.proj(ps[1])}?", g_value(w.attr(ps[1], "status")), [ps[1]]),
            (f"Which customer is {self.proj(ps[2])} for?", g_set(w, [w.project_customer(ps[2])]), [ps[2]]),
        ]
        es = self.pick(w.all("Employee"), 2)
        items += [
            (f"Which department does {self.emp(es[0])} work in?", g_value(w.attr(es[0], "department")), [es[0]]),
            (f"What's {self.emp(es[1])}'s job title?", g_value(w.attr(es[1], "role")), [es[1]]),
        ]
        ts = self.pick(w.all("Ticket"), 2)
        items += [
            (f"What priority is {ts[0]}?", g_value(w.attr(ts[0], "priority")), [ts[0]]),
            (f"Who opened {ts[1]}?", g_set(w, [w.ticket_customer(ts[1])]), [ts[1]]),
        ]
        for q, gold, anchors in items:
            self.add(cls, "lookup", q, gold, 1, anchors)

    def c_unanswerable(self) -> None:
        w, cls = self.w, "unanswerable"
        fake_cust = ["Quorbly Analytics", "Vantrixa Foods", "Plumewick Dynamics"]
        fake_vend = ["Zentrafex Cloud", "Orbalyne Payments"]
        fake_emp = ["Ottoline Brackwater"]
        n_out = len(w.all("Outage"))
        n_cust = len(w.all("Customer"))
        fake_out = f"OUTAGE-{n_out + 850:03d}"
        fake_cid = f"CUST-{n_cust + 7000:04d}"
        items = [
            (f"How many tickets has {fake_cust[0]} opened?", "aggregate"),
            (f"Which vendors does {fake_cust[1]} depend on?", "relation"),
            (f"Who is the account manager for {fake_cust[2]}?", "relation"),
            (f"Which customers were hit by outages at {fake_vend[0]}?", "multi_hop"),
            (f"What SLA tier is {fake_vend[1]} on?", "lookup"),
            (f"Which accounts does {fake_emp[0]} manage?", "relation"),
            (f"Which customers did {fake_out} impact?", "multi_hop"),
            (f"What's the ARR of {fake_cid}?", "lookup"),
            ("How many customers are located in the Reykjavik region?", "aggregate"),
            (f"What's the health score of {fake_cust[0]}?", "lookup"),
        ]
        labels = set(self.x.label_count)
        for q, _kind in items:
            for name in [*fake_cust, *fake_vend, *fake_emp, "reykjavik"]:
                assert name.lower() not in labels, name
            assert fake_out not in w.ent and fake_cid not in w.ent
            self.add(cls, "unanswerable", q, g_none(), 0, [])

    # ---- all -----------------------------------------------------------------------------------------------------------

    def build(self) -> list[dict[str, Any]]:
        for fn in (self.c_count, self.c_filter, self.c_threshold, self.c_superlative, self.c_total, self.c_multihop,
                   self.c_impact, self.c_reference, self.c_existence, self.c_valueset, self.c_yesno,
                   self.c_exclusion, self.c_lookup, self.c_unanswerable):
            fn()
        per: Counter[str] = Counter()
        for r in self.rows:
            per[r["cls"]] += 1
            r["id"] = f"p2-{r['cls']}-{per[r['cls']]:02d}"
        return self.rows


# ---- validation, split, writing -------------------------------------------------------------------------------------


QUESTION_FIELDS = ("id", "kind", "question", "gold", "hops", "anchors")


def validate(rows: list[dict[str, Any]], world: World) -> None:
    """Every line loads as a Question and a synthetic correct answer PASSes the structured judge."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    ids = set()
    for r in rows:
        assert r["id"] not in ids, r["id"]
        ids.add(r["id"])
        q = Question(**{k: r[k] for k in QUESTION_FIELDS})
        answer = G.correct_answer_text(r["gold"], world)
        j = judge.judge(q, answer)
        if j.verdict != "PASS":
            raise AssertionError(f"{r['id']}: synthetic answer {answer!r} -> {j.verdict} ({j.reason})")


def split(rows: list[dict[str, Any]], salt: str = SALT) -> tuple[list[dict], list[dict]]:
    """Stratified by class: ~55 % dev, the rest holdout, chosen by a seeded shuffle within each class."""
    rng = random.Random(salt + "-split")
    by: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by[r["cls"]].append(r)
    dev, hold = [], []
    for cls in sorted(by):
        rs = list(by[cls])
        rng.shuffle(rs)
        k = round(len(rs) * DEV_SHARE)
        dev += rs[:k]
        hold += rs[k:]
    order = {r["id"]: i for i, r in enumerate(rows)}
    return sorted(dev, key=lambda r: order[r["id"]]), sorted(hold, key=lambda r: order[r["id"]])


def sample(rows: list[dict[str, Any]], per_class: int, salt: str) -> list[dict]:
    rng = random.Random(salt + "-sample")
    by: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by[r["cls"]].append(r)
    out = []
    for cls in sorted(by):
        rs = list(by[cls])
        rng.shuffle(rs)
        out += rs[:per_class]
    order = {r["id"]: i for i, r in enumerate(rows)}
    return sorted(out, key=lambda r: order[r["id"]])


def dumps(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)


def make(data: str | Path) -> list[dict[str, Any]]:
    m = Maker(data)
    rows = m.build()
    validate(rows, m.w)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--out", type=Path, help="write dev.jsonl and holdout.jsonl here")
    ap.add_argument("--seed-file", type=Path, help="write a per-class sample (other seeds) to this file")
    ap.add_argument("--per-class", type=int, default=4)
    ap.add_argument("--check", type=Path, help="fail unless dev.jsonl/holdout.jsonl in this folder are current")
    args = ap.parse_args(argv)
    rows = make(args.data)
    per = Counter(r["cls"] for r in rows)
    print(f"{len(rows)} questions; " + ", ".join(f"{k} {v}" for k, v in sorted(per.items())), file=sys.stderr)
    if args.out or args.check:
        dev, hold = split(rows)
        if args.check:
            for name, part in (("dev.jsonl", dev), ("holdout.jsonl", hold)):
                if (args.check / name).read_text(encoding="utf-8") != dumps(part):
                    print(f"{name} is not current", file=sys.stderr)
                    return 1
            print("current", file=sys.stderr)
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / "dev.jsonl").write_text(dumps(dev), encoding="utf-8")
            (args.out / "holdout.jsonl").write_text(dumps(hold), encoding="utf-8")
            print(f"dev {len(dev)}, holdout {len(hold)}", file=sys.stderr)
    if args.seed_file:
        part = sample(rows, args.per_class, SALT + str(args.data.name))
        args.seed_file.parent.mkdir(parents=True, exist_ok=True)
        args.seed_file.write_text(dumps(part), encoding="utf-8")
        print(f"{args.seed_file}: {len(part)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
