"""Write the byog17 holdout questions with gold answers computed from the law-firm GraphML alone.

    python tests/byog17/questions.py DIR [GRAPHML]     # writes DIR/holdout.jsonl (GRAPHML: DIR/lawfirm.graphml)

Reads only the GraphML file (networkx.read_graphml); no HopLens code. Subjects are drawn deterministically from the
graph; a subject is used only when its display name is unique in the graph and its gold is unambiguous (no ties in
superlatives, a small non-empty answer set, the subject itself not among the answers).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

import networkx as nx

PREFIX = "byog17"
UNKNOWN_WORDS = ("Vandermeer", "Zephyrine", "Ortolan", "Lumen")


class Graph:
    """The GraphML read by networkx, with the few look-ups the questions need."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.type = {n: d["labels"].strip(":").split(":")[0] for n, d in self.g.nodes(data=True)}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n in sorted(self.g.nodes, key=_id_key):
            self.by_type[self.type[n]].append(n)
        self.names: Counter[str] = Counter(self.name(n) for n in self.g.nodes)

    def a(self, n: str, key: str, default=None):
        return self.g.nodes[n].get(key, default)

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "title" in d:
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def unique(self, n: str) -> bool:
        return self.names[self.name(n)] == 1

    def out(self, n: str, label: str) -> list[str]:
        return sorted((v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label), key=_id_key)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted((u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label), key=_id_key)

    def edge(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def hop(self, nodes: Iterable[str], label: str, forward: bool = True) -> set[str]:
        out: set[str] = set()
        for n in nodes:
            out.update(self.out(n, label) if forward else self.inn(n, label))
        return out

    def of(self, t: str, **where) -> list[str]:
        return [n for n in self.by_type[t] if all(self.a(n, k) == v for k, v in where.items())]


def _id_key(n: str) -> tuple[str, int]:
    head, _, num = n.rpartition("-")
    return (head, int(num)) if num.isdigit() else (n, -1)


def set_gold(g: Graph, ids: Iterable[str]) -> dict:
    ids = sorted(set(ids), key=_id_key)
    names = [g.name(i) for i in ids]
    if len(set(names)) != len(names) or not all(g.unique(i) for i in ids):
        raise ValueError(f"set gold with ambiguous names: {names}")
    return {"type": "set", "ids": ids, "names": names}


def unique_best(scores: dict[str, float], highest: bool = True) -> str | None:
    """The single top (or bottom) scorer, or None on a tie."""
    if not scores:
        return None
    best = max(scores.values()) if highest else min(scores.values())
    top = [n for n, s in scores.items() if s == best]
    return top[0] if len(top) == 1 else None


def build_questions(g: Graph) -> list[dict]:
    rng = random.Random(17)
    used: set[str] = set()
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        qs.append({"id": f"{PREFIX}-{len(qs) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                   "hops": hops})

    def pick(t: str, ok: Callable[[str], bool]) -> str:
        cands = [n for n in g.by_type[t] if g.unique(n) and n not in used]
        rng.shuffle(cands)
        for n in cands:
            if ok(n):
                used.add(n)
                return n
        raise ValueError(f"no {t} fits")

    att, cli, mat, crt = g.by_type["Attorney"], g.by_type["Client"], g.by_type["Matter"], g.by_type["Court"]
    jud, ent, firm = g.by_type["Judge"], g.by_type["BillingEntry"], g.by_type["LawFirm"]
    N = g.name

    def poss(n: str) -> str:
        name = N(n)
        return name + ("'" if name.endswith("s") else "'s")

    # ---- count
    add("count", "How many attorneys does the firm have?", {"type": "count", "value": len(att)}, 0)
    add("count", "how many cases are we tracking", {"type": "count", "value": len(mat)}, 0)
    add("count", "Number of judges in the data?", {"type": "count", "value": len(jud)}, 0)
    if not all(g.inn(f, "OPPOSED_BY") for f in firm):
        raise ValueError("every opposing firm should oppose at least one matter")
    add("count", "How many opposing law firms are there?", {"type": "count", "value": len(firm)}, 0)

    # ---- filtered count
    add("filtered_count", "How many partners are there?",
        {"type": "count", "value": len(g.of("Attorney", position="Partner"))}, 0)
    add("filtered_count", "How many matters are still open?",
        {"type": "count", "value": len(g.of("Matter", status="Open"))}, 0)
    add("filtered_count", "How many pro bono cases do we have?",
        {"type": "count", "value": len(g.of("Matter", is_pro_bono=True))}, 0)
    add("filtered_count", "How many of our clients are in financial services?",
        {"type": "count", "value": len(g.of("Client", industry="Financial Services"))}, 0)
    add("filtered_count", "How many motions were denied?",
        {"type": "count", "value": len(g.of("Filing", filing_type="Motion", outcome="Denied"))}, 0)
    add("filtered_count", "How many lawyers work out of the Denver office?",
        {"type": "count", "value": len(g.of("Attorney", office="Denver"))}, 0)
    add("filtered_count", "how many judges have taken senior status?",
        {"type": "count", "value": len(g.of("Judge", is_senior_status=True))}, 0)
    add("filtered_count", "How many matters were opened in 2023?",
        {"type": "count", "value": sum(1 for m in mat if g.a(m, "opened_on").startswith("2023-"))}, 0)
    add("filtered_count", "How many billing entries are marked as non-billable?",
        {"type": "count", "value": len(g.of("BillingEntry", is_billable=False))}, 0)
    add("filtered_count", "How many clients have at least one stayed matter?",
        {"type": "count", "value": sum(1 for c in cli if any(g.a(m, "status") == "Stayed"
                                                            for m in g.inn(c, "FOR_CLIENT")))}, 1)
    add("filtered_count", "How many matters have a sealed filing?",
        {"type": "count", "value": sum(1 for m in mat if any(g.a(f, "is_sealed") for f in g.inn(m, "FILED_IN")))}, 1)
    boss = pick("Attorney", lambda n: g.a(n, "position") == "Partner" and len(g.out(n, "SUPERVISES")) >= 2)
    add("filtered_count", f"Quick one: how many people report directly to {N(boss)}?",
        {"type": "count", "value": len(g.out(boss, "SUPERVISES"))}, 1)

    # ---- list
    add("list", "List the state trial courts.", set_gold(g, g.of("Court", jurisdiction="State", level="Trial")), 0)
    add("list", "Name all the Of Counsel attorneys.", set_gold(g, g.of("Attorney", position="Of Counsel")), 0)
    add("list", "Which opposing firms are Am Law 100 firms?", set_gold(g, g.of("LawFirm", is_am_law_100=True)), 0)
    add("list", "Which employment matters are stayed?",
        set_gold(g, g.of("Matter", practice_area="Employment", status="Stayed")), 0)
    add("list", "Which healthcare clients are no longer active?",
        set_gold(g, g.of("Client", industry="Healthcare", is_active=False)), 0)
    add("list", "Show me the equity partners in the Boston office.",
        set_gold(g, g.of("Attorney", office="Boston", is_equity_partner=True)), 0)
    add("list", "Chicago partners?", set_gold(g, g.of("Attorney", position="Partner", office="Chicago")), 0)
    add("list", "Which judges were appointed before 1995?",
        set_gold(g, [j for j in jud if g.a(j, "appointed_year") < 1995]), 0)

    # ---- multi-hop
    def supervisor(n: str) -> list[str]:
        return g.inn(n, "SUPERVISES")

    a1 = pick("Attorney", lambda n: g.a(n, "position") == "Associate" and supervisor(n)
              and g.a(supervisor(n)[0], "position") == "Senior Associate" and g.unique(supervisor(supervisor(n)[0])[0]))
    add("multihop", f"Who is the supervisor of {poss(a1)} supervisor?",
        set_gold(g, g.hop(supervisor(a1), "SUPERVISES", forward=False)), 2)

    def grand_reports(p: str) -> set[str]:
        return g.hop(g.out(p, "SUPERVISES"), "SUPERVISES")

    p1 = pick("Attorney", lambda n: g.a(n, "position") == "Partner" and 2 <= len(grand_reports(n)) <= 5)
    add("multihop", f"Which attorneys are supervised by the people {N(p1)} supervises?",
        set_gold(g, grand_reports(p1)), 2)

    def clients_of_attorney(n: str) -> set[str]:
        return g.hop(g.out(n, "STAFFED_ON"), "FOR_CLIENT")

    a2 = pick("Attorney", lambda n: 3 <= len(clients_of_attorney(n)) <= 6)
    add("multihop", f"Which clients has {N(a2)} worked for?", set_gold(g, clients_of_attorney(a2)), 2)

    def matters_of(c: str) -> list[str]:
        return g.inn(c, "FOR_CLIENT")

    c1 = pick("Client", lambda n: 2 <= len(g.hop(matters_of(n), "PRESIDED_BY")) <= 5)
    add("multihop", f"Which judges have presided over {poss(c1)} cases?",
        set_gold(g, g.hop(matters_of(c1), "PRESIDED_BY")), 2)
    c2 = pick("Client", lambda n: 2 <= len(g.hop(matters_of(n), "HEARD_IN")) <= 5)
    add("multihop", f"In which courts have matters for {N(c2)} been heard?",
        set_gold(g, g.hop(matters_of(c2), "HEARD_IN")), 2)

    def filers(m: str) -> set[str]:
        return g.hop(g.inn(m, "FILED_IN"), "FILED_BY")

    m1 = pick("Matter", lambda n: 2 <= len(filers(n)) <= 4)
    add("multihop", f"who filed documents in {N(m1)}?", set_gold(g, filers(m1)), 2)
    c3 = pick("Client", lambda n: 2 <= len(g.hop(matters_of(n), "OPPOSED_BY")) <= 5)
    add("multihop", f"Which opposing counsel have we faced on {N(c3)} matters?",
        set_gold(g, g.hop(matters_of(c3), "OPPOSED_BY")), 2)

    def clients_before_court(c: str) -> set[str]:
        return g.hop(g.hop(g.inn(c, "SITS_ON"), "PRESIDED_BY", forward=False), "FOR_CLIENT")

    ct1 = pick("Court", lambda n: 3 <= len(clients_before_court(n)) <= 8)
    add("multihop", f"Which clients have cases before judges who sit on the {N(ct1)}?",
        set_gold(g, clients_before_court(ct1)), 3)

    def billed_clients_of_reports(p: str) -> set[str]:
        entries = g.hop(g.out(p, "SUPERVISES"), "LOGGED_BY", forward=False)
        return g.hop(g.hop(entries, "BILLED_TO"), "FOR_CLIENT")

    p2 = pick("Attorney", lambda n: g.a(n, "position") == "Partner" and 2 <= len(billed_clients_of_reports(n)) <= 6)
    add("multihop", f"Which clients have been billed for work done by the attorneys that {N(p2)} supervises?",
        set_gold(g, billed_clients_of_reports(p2)), 4)

    def courts_of_reports_filings(p: str) -> set[str]:
        filings = g.hop(g.out(p, "SUPERVISES"), "FILED_BY", forward=False)
        return g.hop(g.hop(filings, "FILED_IN"), "HEARD_IN")

    p3 = pick("Attorney", lambda n: 2 <= len(courts_of_reports_filings(n)) <= 5)
    add("multihop", f"In what courts have {poss(p3)} direct reports filed anything?",
        set_gold(g, courts_of_reports_filings(p3)), 4)

    def attorneys_for_referrals(c: str) -> set[str]:
        return g.hop(g.hop(g.inn(c, "REFERRED_BY"), "FOR_CLIENT", forward=False), "STAFFED_ON", forward=False)

    c4 = pick("Client", lambda n: 3 <= len(attorneys_for_referrals(n)) <= 8)
    add("multihop", f"Which attorneys have worked on matters for clients that {N(c4)} referred to us?",
        set_gold(g, attorneys_for_referrals(c4)), 3)

    def referrer_of_referrer(c: str) -> set[str]:
        return g.hop(g.out(c, "REFERRED_BY"), "REFERRED_BY")

    c5 = pick("Client", lambda n: len(referrer_of_referrer(n)) == 1)
    add("multihop", f"Who referred the client that referred {N(c5)}?", set_gold(g, referrer_of_referrer(c5)), 2)

    def supervisors_of_team(m: str) -> set[str]:
        return g.hop(g.inn(m, "STAFFED_ON"), "SUPERVISES", forward=False)

    m2 = pick("Matter", lambda n: 2 <= len(supervisors_of_team(n)) <= 4
              and not supervisors_of_team(n) & set(g.inn(n, "STAFFED_ON")))
    add("multihop", f"Who supervises the attorneys staffed on {N(m2)}?", set_gold(g, supervisors_of_team(m2)), 2)

    def courts_of_judges(c: str) -> set[str]:
        return g.hop(g.hop(matters_of(c), "PRESIDED_BY"), "SITS_ON")

    c6 = pick("Client", lambda n: len(courts_of_judges(n)) >= 2 and courts_of_judges(n)
              != g.hop(matters_of(n), "HEARD_IN") and len(courts_of_judges(n)) <= 5)
    add("multihop", f"what courts do the judges on {poss(c6)} matters sit on", set_gold(g, courts_of_judges(c6)), 3)

    # ---- superlative
    def add_super(question: str, scores: dict[str, float], hops: int, highest: bool = True, *alternatives) -> None:
        """``alternatives``: further (question, scores, highest) tried in order when the first has a tie."""
        for q, sc, hi in ((question, scores, highest), *alternatives):
            best = unique_best(sc, hi)
            if best is not None:
                add("superlative", q, set_gold(g, [best]), hops)
                return
        raise ValueError(f"tie for {question!r} and its alternatives")

    rate = {a: g.a(a, "hourly_rate") for a in att}
    add_super("Which attorney has the highest hourly rate?", rate, 0, True,
              ("Who has the lowest billing rate at the firm?", rate, False),
              *((f"Which {p.lower()} charges the highest hourly rate?",
                 {a: rate[a] for a in g.of("Attorney", position=p)}, True) for p in ("Senior Associate",
                                                                                      "Of Counsel", "Associate")))
    add_super("Of the active clients, who has been with us the longest?",
              {c: g.a(c, "client_since") for c in cli if g.a(c, "is_active")}, 0, False)
    add_super("Which case has the largest amount in controversy?",
              {m: g.a(m, "amount_in_controversy") for m in mat}, 0)
    add_super("Which of the opposing firms is the oldest?", {f: g.a(f, "founded_year") for f in firm}, 0,
              highest=False)
    add_super("Which client has the most matters with us?", {c: len(matters_of(c)) for c in cli}, 1, True,
              *((f"Which client has the most {st.lower()} matters?",
                 {c: sum(1 for m in matters_of(c) if g.a(m, "status") == st) for c in cli}, True)
                for st in ("Open", "Closed", "Settled")))
    add_super("Which judge presides over the most cases?", {j: len(g.inn(j, "PRESIDED_BY")) for j in jud}, 1, True,
              ("Which judge has the fewest cases of ours?", {j: len(g.inn(j, "PRESIDED_BY")) for j in jud}, False))
    add_super("Which court hears the most matters?", {c: len(g.inn(c, "HEARD_IN")) for c in crt}, 1, True,
              ("Which court hears the fewest of our matters?", {c: len(g.inn(c, "HEARD_IN")) for c in crt}, False))
    hours: dict[str, float] = defaultdict(float)
    for e in ent:
        for a in g.out(e, "LOGGED_BY"):
            hours[a] += g.a(e, "hours")
    add_super("Which attorney has logged the most hours?", {a: round(h, 2) for a, h in hours.items()}, 1)
    # "billed" may be read as every entry's amount or the billable entries' only: both readings must agree
    billed: dict[str, float] = defaultdict(float)
    billable: dict[str, float] = defaultdict(float)
    for e in ent:
        for m in g.out(e, "BILLED_TO"):
            for c in g.out(m, "FOR_CLIENT"):
                billed[c] += g.a(e, "amount")
                billable[c] += g.a(e, "amount") if g.a(e, "is_billable") else 0.0
    if unique_best(billed) != unique_best(billable):
        raise ValueError("the top-billed client depends on counting non-billable entries")
    add_super("Which client has been billed the largest total amount?", {c: round(v, 2) for c, v in billed.items()},
              2)
    # "associate" may or may not include senior associates: both readings must agree
    filed = {a: len(g.inn(a, "FILED_BY")) for a in att}
    assoc = {a: filed[a] for a in g.of("Attorney", position="Associate")}
    assoc_any = {a: filed[a] for a in att if g.a(a, "position") in ("Associate", "Senior Associate")}
    if unique_best(assoc) == unique_best(assoc_any):
        add_super("Which associate has filed the most documents?", assoc, 1)
    else:
        add_super("Which attorney has filed the most documents?", filed, 1)

    # ---- aggregate
    def entries_of(m: str) -> list[str]:
        return g.inn(m, "BILLED_TO")

    def all_billable(entries: Iterable[str]) -> bool:
        return all(g.a(e, "is_billable") for e in entries)

    m3 = pick("Matter", lambda n: len(entries_of(n)) >= 4 and all_billable(entries_of(n)))
    add("aggregate", f"What's the total number of hours billed to {N(m3)}?",
        {"type": "value", "value": round(sum(g.a(e, "hours") for e in entries_of(m3)), 2)}, 1)
    rates = [g.a(a, "hourly_rate") for a in g.of("Attorney", position="Partner")]
    add("aggregate", "What is the average hourly rate of our partners?",
        {"type": "value", "value": round(sum(rates) / len(rates), 2)}, 0)
    c7 = pick("Client", lambda n: len(matters_of(n)) >= 3 and all_billable(g.hop(matters_of(n), "BILLED_TO", False)))
    add("aggregate", f"How much have we billed {N(c7)} in total, across all of its matters?",
        {"type": "value", "value": round(billed[c7], 2)}, 2)
    pages = [g.a(f, "page_count") for f in g.of("Filing", filing_type="Brief")]
    add("aggregate", "What's the average page count of the briefs we've filed?",
        {"type": "value", "value": round(sum(pages) / len(pages), 2)}, 0)
    c8 = pick("Client", lambda n: sum(1 for m in matters_of(n) if g.a(m, "status") == "Open") >= 2)
    add("aggregate", f"What is the combined amount in controversy of {poss(c8)} open matters?",
        {"type": "value", "value": sum(g.a(m, "amount_in_controversy") for m in matters_of(c8)
                                       if g.a(m, "status") == "Open")}, 1)

    # ---- edge properties
    def staffed_pair(ok: Callable[[str, str, dict], bool]) -> tuple[str, str]:
        cands = [(a, m) for a in att for m in g.out(a, "STAFFED_ON")
                 if g.unique(a) and g.unique(m) and a not in used and m not in used]
        rng.shuffle(cands)
        for a, m in cands:
            if ok(a, m, g.edge(a, m)):
                used.update((a, m))
                return a, m
        raise ValueError("no staffing edge fits")

    a3, m4 = staffed_pair(lambda a, m, d: d["role"] == "Associate")
    add("edge_property", f"When was {N(a3)} assigned to {N(m4)}?",
        {"type": "value", "value": g.edge(a3, m4)["assigned_on"]}, 1)
    a4, m5 = staffed_pair(lambda a, m, d: d["role"] == "Second Chair")
    add("edge_property", f"What role does {N(a4)} have on {N(m5)}?",
        {"type": "value", "value": g.edge(a4, m5)["role"]}, 1)
    p4 = pick("Attorney", lambda n: g.a(n, "position") == "Partner" and any(g.unique(r) and r not in used
                                                                            for r in g.out(n, "SUPERVISES")))
    r4 = next(r for r in g.out(p4, "SUPERVISES") if g.unique(r) and r not in used)
    used.add(r4)
    add("edge_property", f"Since when has {N(p4)} been supervising {N(r4)}?",
        {"type": "value", "value": g.edge(p4, r4)["since"]}, 1)
    m6 = pick("Matter", lambda n: len(g.inn(n, "STAFFED_ON")) >= 3)
    leads = [a for a in g.inn(m6, "STAFFED_ON") if g.edge(a, m6)["role"] == "Lead Counsel"]
    add("edge_property", f"Who is lead counsel on {N(m6)}?", set_gold(g, leads), 1)
    p5 = pick("Attorney", lambda n: g.a(n, "position") == "Partner"
              and sum(1 for m in g.out(n, "STAFFED_ON") if g.edge(n, m)["role"] == "Lead Counsel") >= 3)
    add("edge_property", f"How many matters is {N(p5)} lead counsel on?",
        {"type": "count", "value": sum(1 for m in g.out(p5, "STAFFED_ON")
                                       if g.edge(p5, m)["role"] == "Lead Counsel")}, 1)
    a5, m7 = staffed_pair(lambda a, m, d: d["role"] != "Lead Counsel")
    add("edge_property", f"how many hours is {N(a5)} budgeted for on {N(m7)}",
        {"type": "value", "value": g.edge(a5, m7)["budgeted_hours"]}, 1)

    # ---- yes / no
    p6 = pick("Attorney", lambda n: g.a(n, "position") == "Partner" and any(
        g.unique(r) and r not in used for r in g.out(n, "SUPERVISES")))
    r6 = next(r for r in g.out(p6, "SUPERVISES") if g.unique(r) and r not in used)
    used.add(r6)
    add("yes_no", f"Does {N(p6)} supervise {N(r6)}?", {"type": "bool", "value": True}, 1)
    m8 = pick("Matter", lambda n: len(g.out(n, "HEARD_IN")) == 1)
    other_court = next(c for c in crt if c not in g.out(m8, "HEARD_IN") and g.inn(c, "HEARD_IN"))
    add("yes_no", f"Is {N(m8)} being heard in the {N(other_court)}?", {"type": "bool", "value": False}, 1)
    c9 = pick("Client", lambda n: len(g.hop(matters_of(n), "OPPOSED_BY")) >= 1)
    f9 = g.hop(matters_of(c9), "OPPOSED_BY")
    firm9 = sorted(f9, key=_id_key)[0]
    add("yes_no", f"Have we ever gone up against {N(firm9)} on a {N(c9)} matter?",
        {"type": "bool", "value": True}, 2)
    p7 = pick("Attorney", lambda n: g.a(n, "position") == "Partner" and not g.a(n, "is_equity_partner"))
    add("yes_no", f"Is {N(p7)} an equity partner?", {"type": "bool", "value": False}, 0)
    a6 = pick("Attorney", lambda n: g.a(n, "position") == "Associate" and g.out(n, "STAFFED_ON"))
    clients6 = clients_of_attorney(a6)
    m9 = pick("Matter", lambda n: n not in g.out(a6, "STAFFED_ON") and not set(g.out(n, "FOR_CLIENT")) & clients6)
    add("yes_no", f"Did {N(a6)} work on {N(m9)}?", {"type": "bool", "value": False}, 1)
    c10 = pick("Client", lambda n: bool(g.out(n, "REFERRED_BY")) and g.unique(g.out(n, "REFERRED_BY")[0]))
    add("yes_no", f"Was {N(c10)} referred to us by {N(g.out(c10, 'REFERRED_BY')[0])}?",
        {"type": "bool", "value": True}, 1)

    # ---- portfolio: every direct neighbour, both directions
    def neighbours(n: str) -> set[str]:
        return set(g.g.successors(n)) | set(g.g.predecessors(n))

    c11 = pick("Client", lambda n: 4 <= len(neighbours(n)) <= 8 and g.inn(n, "REFERRED_BY"))
    add("portfolio", f"Tell me everything about {N(c11)}.", set_gold(g, neighbours(c11)), 1)
    j1 = pick("Judge", lambda n: 4 <= len(neighbours(n)) <= 9)
    add("portfolio", f"Give me an overview of Judge {N(j1)}.", set_gold(g, neighbours(j1)), 1)
    fm1 = pick("LawFirm", lambda n: 4 <= len(neighbours(n)) <= 9)
    add("portfolio", f"What do we have on {N(fm1)}?", set_gold(g, neighbours(fm1)), 1)

    # ---- unknown names
    every_name = " ".join(g.names)
    for w in UNKNOWN_WORDS:
        if w.lower() in every_name.lower():
            raise ValueError(f"{w!r} occurs in the graph; pick another unknown name")
    add("unknown", "Who supervises Priscilla Vandermeer?", {"type": "none"}, 1)
    add("unknown", "How many matters does Zephyrine Biolabs have with us?", {"type": "none"}, 1)
    add("unknown", "Which court is hearing Ortolan Freight v. Lumen Dynamics?", {"type": "none"}, 1)

    # ---- global
    add("global", "How many nodes are in this graph altogether?",
        {"type": "count", "value": g.g.number_of_nodes()}, 0)
    add("global", "How many different kinds of entities does this dataset contain?",
        {"type": "count", "value": len(g.by_type)}, 0)
    return qs


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or len(args) > 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    out_dir = Path(args[0])
    graphml = Path(args[1]) if len(args) > 1 else out_dir / "lawfirm.graphml"
    qs = build_questions(Graph(graphml))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "holdout.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{path}: {len(qs)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
