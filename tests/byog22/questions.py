"""Hold-out questions over the charity graph that graph.py writes.

    python tests/byog22/questions.py OUT_DIR [GRAPH_PATH]

reads only the CSV folder (GRAPH_PATH, default OUT_DIR/charity_csv) and writes OUT_DIR/holdout.jsonl. Subjects are
drawn with random.Random(SEED) from sorted candidates, so the output is deterministic for a given graph.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

SEED = 2022
MAX_SET = 12


# ---- loading -------------------------------------------------------------------------------------------------------


def _convert(value: str, typ: str):
    if typ == "int":
        return int(value)
    if typ == "double":
        return float(value)
    if typ == "boolean":
        return value == "true"
    if typ == "date":
        return date.fromisoformat(value)
    return value


class Graph:
    def __init__(self, folder: Path):
        self.nodes: dict[str, dict] = {}
        self.label: dict[str, str] = {}
        self.edges: list[tuple[str, str, str, dict]] = []
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        for path in sorted(Path(folder).glob("*.csv")):
            with open(path, newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            header, body = rows[0], rows[1:]
            if header[0] == ":START_ID":
                props = [(i, *h.split(":")) for i, h in enumerate(header) if i > 2]
                for r in body:
                    attrs = {name: _convert(r[i], typ) for i, name, typ in props}
                    self.edges.append((r[0], r[2], r[1], attrs))
                    self.out[(r[0], r[2])].append((r[1], attrs))
                    self.inn[(r[1], r[2])].append((r[0], attrs))
            else:
                props = [(i, *h.split(":")) for i, h in enumerate(header) if 0 < i < len(header) - 1]
                for r in body:
                    self.nodes[r[0]] = {name: _convert(r[i], typ) for i, name, typ in props}
                    self.label[r[0]] = r[-1]
        self.by_label: dict[str, list[str]] = defaultdict(list)
        for nid in sorted(self.nodes, key=_key):
            self.by_label[self.label[nid]].append(nid)

    def name(self, nid: str) -> str:
        a = self.nodes[nid]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def o(self, nid: str, typ: str) -> list[str]:
        return [d for d, _ in self.out[(nid, typ)]]

    def i(self, nid: str, typ: str) -> list[str]:
        return [s for s, _ in self.inn[(nid, typ)]]

    def edge(self, src: str, typ: str, dst: str) -> dict | None:
        found = [a for d, a in self.out[(src, typ)] if d == dst]
        return found[0] if len(found) == 1 else None


def _key(nid: str):
    p, n = nid.rsplit("-", 1)
    return p, int(n)


# ---- golds ---------------------------------------------------------------------------------------------------------


def g_count(n: int) -> dict:
    return {"type": "count", "value": int(n)}


def g_value(v) -> dict:
    if isinstance(v, date):
        v = v.isoformat()
    elif isinstance(v, float):
        v = round(v, 2)
    return {"type": "value", "value": v}


def g_bool(v: bool) -> dict:
    return {"type": "bool", "value": bool(v)}


class Builder:
    def __init__(self, g: Graph, seed: int = SEED):
        self.g = g
        self.rng = random.Random(seed)
        self.out: list[dict] = []
        self.used: set[str] = set()  # anchors already asked about, to spread questions over the graph

    def g_set(self, ids) -> dict | None:
        ids = sorted(set(ids), key=_key)
        if not 1 <= len(ids) <= MAX_SET:
            return None
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def pick(self, cands, make):
        """Try candidates in a seeded order; ``make(c)`` returns (question, gold) or None."""
        cands = list(cands)
        self.rng.shuffle(cands)
        for c in cands:
            key = "|".join(map(str, c)) if isinstance(c, tuple) else str(c)
            if key in self.used:
                continue
            res = make(c)
            if res and res[1] is not None and _clean(*res):
                self.used.add(key)
                return res
        raise RuntimeError("no candidate fits")

    def add(self, kind: str, hops: int, question: str, gold: dict) -> None:
        assert _clean(question, gold), question
        self.out.append({"id": f"byog22-{len(self.out) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                         "hops": hops})

    def ask(self, kind: str, hops: int, cands, make) -> None:
        q, gold = self.pick(cands, make)
        self.add(kind, hops, q, gold)


_NUM_RE = re.compile(r"(?<![\w\-#/.,])(\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)")


def _clean(question: str, gold: dict) -> bool:
    """No gold name or value inside the question; a count is never a number the question quotes."""
    low = question.lower()
    t = gold["type"]
    if t == "set":
        return not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in gold["names"])
    if t == "count":
        return gold["value"] > 0 and float(gold["value"]) not in {float(x) for x in _NUM_RE.findall(question)}
    if t == "value":
        return str(gold["value"]).lower() not in low
    return True


def _unique_max(items: dict[str, float]) -> str | None:
    if len(items) < 2:
        return None
    ranked = sorted(items.items(), key=lambda kv: -kv[1])
    return ranked[0][0] if ranked[0][1] > ranked[1][1] else None


# ---- the question set ----------------------------------------------------------------------------------------------


def build(g: Graph, seed: int = SEED) -> list[dict]:  # noqa: C901 - one flat list of templates reads best
    b = Builder(g, seed)
    L = g.by_label
    A = g.nodes
    n = g.name

    def r2(x: float) -> float:
        return round(x, 2)

    # -- count (5)
    b.add("count", 0, "How many donors are in the database?", g_count(len(L["Donor"])))
    b.add("count", 0, "how many volunteers do we have", g_count(len(L["Volunteer"])))
    b.add("count", 0, "Number of fundraising events on record?", g_count(len(L["Event"])))
    b.add("count", 0, "What's the total number of partner organisations", g_count(len(L["Partner"])))
    b.add("count", 0, "Count the venues, please.", g_count(len(L["Venue"])))

    # -- filtered_count (10)
    b.add("filtered_count", 0, "How many patron-tier donors are there?",
          g_count(sum(A[d]["tier"] == "patron" for d in L["Donor"])))
    b.add("filtered_count", 0, "how many volunteers haven't had a DBS check",
          g_count(sum(not A[v]["dbs_checked"] for v in L["Volunteer"])))
    b.add("filtered_count", 0, "How many of the events were run virtually?",
          g_count(sum(A[e]["format"] == "virtual" for e in L["Event"])))
    b.ask("filtered_count", 0, [2021, 2022, 2023], lambda y: (
        f"Number of campaigns launched in {y}", g_count(sum(A[c]["launched"].year == y for c in L["Campaign"]))))
    b.ask("filtered_count", 0, [75, 80, 85], lambda k: (
        f"How many donors are older than {k}?", g_count(sum(A[d]["age"] > k for d in L["Donor"]))))
    b.ask("filtered_count", 0, ["housing", "education", "food"], lambda c: (
        f"how many programmes focus on {c}?", g_count(sum(A[p]["cause"] == c for p in L["Programme"]))))
    b.add("filtered_count", 0, "How many of our partner organisations are foundations?",
          g_count(sum(A[p]["sector"] == "foundation" for p in L["Partner"])))
    b.ask("filtered_count", 0, [300, 500, 600], lambda k: (
        f"how many outdoor events drew more than {k} attendees",
        g_count(sum(A[e]["outdoor"] and A[e]["attendance"] > k for e in L["Event"]))))
    b.ask("filtered_count", 1, L["Branch"], lambda br: (
        f"How many volunteers are based at {n(br)}?", g_count(len(g.i(br, "BASED_AT")))))
    b.add("filtered_count", 0, "How many fundraisers on the staff work remotely?",
          g_count(sum(A[s]["role"] == "fundraiser" and A[s]["remote"] for s in L["Staff"])))

    # -- list (7)
    b.ask("list", 1, L["Branch"], lambda br: (
        f"Which programmes does {n(br)} deliver?",
        b.g_set(g.o(br, "DELIVERS")) if len(g.o(br, "DELIVERS")) >= 2 else None))
    b.ask("list", 1, L["Branch"], lambda br: (
        f"List the volunteers at {n(br)} whose skill is counselling",
        b.g_set([v for v in g.i(br, "BASED_AT") if A[v]["skill"] == "counselling"])))
    b.ask("list", 1, L["Venue"], lambda ve: (
        f"show me the events held at {n(ve)}",
        b.g_set(g.i(ve, "HOSTED_AT")) if len(g.i(ve, "HOSTED_AT")) >= 2 else None))
    b.ask("list", 1, L["Branch"], lambda br: (f"who are the staff at {n(br)}?", b.g_set(g.i(br, "WORKS_AT"))))
    b.ask("list", 1, L["Programme"], lambda p: (
        f"Which campaigns raise money for {n(p)}?",
        b.g_set(g.i(p, "SUPPORTS")) if len(g.i(p, "SUPPORTS")) >= 2 else None))
    b.ask("list", 1, L["Event"], lambda e: (
        f"Which partners sponsored the {n(e)}?",
        b.g_set(g.i(e, "SPONSORS")) if len(g.i(e, "SPONSORS")) >= 2 else None))
    b.ask("list", 0, [2020, 2021, 2022, 2023, 2024], lambda y: (
        f"Give me the campaigns that went out over the radio in {y}",
        b.g_set([c for c in L["Campaign"] if A[c]["channel"] == "radio" and A[c]["launched"].year == y])))

    # -- multihop (14)
    def mentor(v: str) -> str | None:
        m = g.i(v, "MENTORS")
        return m[0] if m else None

    def mentees(v: str) -> list[str]:
        return g.o(v, "MENTORS")

    def flat(xs, f):
        return {y for x in xs for y in f(x)}

    def multi(min_size: int = 2):
        def check(ids):
            s = b.g_set(ids)
            return s if s and len(s["ids"]) >= min_size else None
        return check

    m2 = multi(2)
    b.ask("multihop", 2, L["Donor"], lambda d: (
        f"Which programmes did {n(d)}'s pledges end up funding?",
        m2(flat(g.o(d, "PLEDGED_TO"), lambda c: g.o(c, "SUPPORTS")))))
    b.ask("multihop", 2, L["Campaign"], lambda c: (
        f"which venues hosted events for the {n(c)}?",
        m2(flat(g.i(c, "PART_OF"), lambda e: g.o(e, "HOSTED_AT")))))
    b.ask("multihop", 2, L["Volunteer"], lambda v: (
        f"Who mentored {n(v)}'s mentor?",
        b.g_set([mentor(mentor(v))]) if mentor(v) and mentor(mentor(v)) else None))
    b.ask("multihop", 2, L["Volunteer"], lambda v: (
        f"Which volunteers were mentored by the people {n(v)} mentors?", m2(flat(mentees(v), mentees))))
    b.ask("multihop", 2, L["Volunteer"], lambda v: (
        f"At which branches are {n(v)}'s mentees based?", m2(flat(mentees(v), lambda m: g.o(m, "BASED_AT")))))
    b.ask("multihop", 2, L["Volunteer"], lambda v: (
        f"Which partners sponsored events that {n(v)} volunteered at?",
        m2(flat(g.o(v, "VOLUNTEERS_AT"), lambda e: g.i(e, "SPONSORS")))))
    b.ask("multihop", 2, L["Staff"], lambda s: (
        f"What programmes do the campaigns run by {n(s)} support?",
        m2(flat(g.o(s, "MANAGES"), lambda c: g.o(c, "SUPPORTS")))))
    b.ask("multihop", 3, L["Venue"], lambda ve: (
        f"What programmes benefit from campaigns whose events took place at {n(ve)}?",
        m2(flat(flat(g.i(ve, "HOSTED_AT"), lambda e: g.o(e, "PART_OF")), lambda c: g.o(c, "SUPPORTS")))))
    b.ask("multihop", 3, L["Branch"], lambda br: (
        f"Who are the staff members leading campaigns that fund programmes delivered by {n(br)}?",
        m2(flat(flat(g.o(br, "DELIVERS"), lambda p: g.i(p, "SUPPORTS")), lambda c: g.i(c, "MANAGES")))))
    b.ask("multihop", 3, L["Volunteer"], lambda v: (
        f"which events did {n(v)}'s mentor's mentor volunteer at",
        m2(g.o(mentor(mentor(v)), "VOLUNTEERS_AT")) if mentor(v) and mentor(mentor(v)) else None))
    b.ask("multihop", 3, L["Volunteer"], lambda v: (
        f"Name the venues that hosted events where volunteers mentored by {n(v)} helped out",
        m2(flat(flat(mentees(v), lambda m: g.o(m, "VOLUNTEERS_AT")), lambda e: g.o(e, "HOSTED_AT")))))
    b.ask("multihop", 4, L["Volunteer"], lambda v: (
        f"Which programmes are funded by campaigns whose events were staffed by volunteers that {n(v)} mentors?",
        m2(flat(flat(flat(mentees(v), lambda m: g.o(m, "VOLUNTEERS_AT")), lambda e: g.o(e, "PART_OF")),
                lambda c: g.o(c, "SUPPORTS")))))
    b.ask("multihop", 4, L["Branch"], lambda br: (
        f"which partner organisations sponsored events belonging to campaigns managed by staff at {n(br)}",
        m2(flat(flat(flat(g.i(br, "WORKS_AT"), lambda s: g.o(s, "MANAGES")), lambda c: g.i(c, "PART_OF")),
                lambda e: g.i(e, "SPONSORS")))))
    b.ask("multihop", 4, L["Branch"], lambda br: (
        f"List the venues of events from campaigns that support programmes {n(br)} delivers.",
        m2(flat(flat(flat(g.o(br, "DELIVERS"), lambda p: g.i(p, "SUPPORTS")), lambda c: g.i(c, "PART_OF")),
                lambda e: g.o(e, "HOSTED_AT")))))

    # -- superlative (10)
    def top(ids, f):
        w = _unique_max({i: f(i) for i in ids})
        return b.g_set([w]) if w else None

    b.add("superlative", 0, "Which programme has the largest budget?",
          top(L["Programme"], lambda p: A[p]["budget"]))
    b.add("superlative", 0, "Who's the volunteer with the most hours logged?",
          top(L["Volunteer"], lambda v: A[v]["hours_logged"]))
    b.add("superlative", 0, "which event had the highest attendance",
          top(L["Event"], lambda e: A[e]["attendance"]))
    b.add("superlative", 1, "Which campaign received the most pledges?",
          top(L["Campaign"], lambda c: len(g.i(c, "PLEDGED_TO"))))
    b.add("superlative", 1, *next(x for x in (
        ("Which volunteer mentors the most people?", top(L["Volunteer"], lambda v: len(mentees(v)))),
        ("Which branch has the most volunteers based there?", top(L["Branch"], lambda br: len(g.i(br, "BASED_AT")))),
        ("Which branch delivers the most programmes?", top(L["Branch"], lambda br: len(g.o(br, "DELIVERS")))),
    ) if x[1]))
    b.add("superlative", 1, "What venue has hosted the greatest number of events?",
          top(L["Venue"], lambda ve: len(g.i(ve, "HOSTED_AT"))))
    b.add("superlative", 1, "Which campaign has raised the most money in pledges?",
          top(L["Campaign"], lambda c: sum(a["amount"] for _, a in g.inn[(c, "PLEDGED_TO")])))
    b.add("superlative", 1, "Which partner organisation has put the most money into sponsorships overall?",
          top(L["Partner"], lambda p: sum(a["contribution"] for _, a in g.out[(p, "SPONSORS")])))
    b.ask("superlative", 1, L["Branch"], lambda br: (
        f"Among the volunteers based at {n(br)}, who has the highest reliability score?",
        top(g.i(br, "BASED_AT"), lambda v: A[v]["reliability"])))
    b.ask("superlative", 1, L["Campaign"], lambda c: (
        f"Of the events in the {n(c)}, which one had the biggest turnout?",
        top(g.i(c, "PART_OF"), lambda e: A[e]["attendance"]) if len(g.i(c, "PART_OF")) >= 3 else None))

    # -- aggregate (5)
    b.ask("aggregate", 1, L["Campaign"], lambda c: (
        f"What's the total amount pledged to the {n(c)}?",
        g_value(r2(sum(a["amount"] for _, a in g.inn[(c, "PLEDGED_TO")]))) if g.i(c, "PLEDGED_TO") else None))
    virt = [A[e]["ticket_price"] for e in L["Event"] if A[e]["format"] == "virtual"]
    b.add("aggregate", 0, "average ticket price of virtual events?", g_value(r2(sum(virt) / len(virt))))
    b.add("aggregate", 0, "What is the combined budget of all health programmes",
          g_value(r2(sum(A[p]["budget"] for p in L["Programme"] if A[p]["cause"] == "health"))))
    ages = [A[d]["age"] for d in L["Donor"] if A[d]["tier"] == "patron"]
    b.add("aggregate", 0, "Average age of patron-tier donors", g_value(r2(sum(ages) / len(ages))))
    b.ask("aggregate", 1, L["Partner"], lambda p: (
        f"Total sponsorship contributed by {n(p)}",
        g_value(r2(sum(a["contribution"] for _, a in g.out[(p, "SPONSORS")])))
        if len(g.out[(p, "SPONSORS")]) >= 2 else None))

    # -- edge_property (7)
    pledges = [(s, d) for s, t, d, _ in g.edges if t == "PLEDGED_TO"]
    b.ask("edge_property", 1, pledges, lambda p: (
        f"How much did {n(p[0])} pledge to the {n(p[1])}?", g_value(g.edge(p[0], "PLEDGED_TO", p[1])["amount"])))
    b.ask("edge_property", 1, pledges, lambda p: (
        f"When did {n(p[0])} make the pledge to {n(p[1])}?", g_value(g.edge(p[0], "PLEDGED_TO", p[1])["pledged_on"])))
    b.ask("edge_property", 1, pledges, lambda p: (
        f"what payment method did {n(p[0])} use for the {n(p[1])} pledge",
        g_value(g.edge(p[0], "PLEDGED_TO", p[1])["method"])))
    shifts = [(s, d) for s, t, d, _ in g.edges if t == "VOLUNTEERS_AT"]
    b.ask("edge_property", 1, shifts, lambda p: (
        f"What role did {n(p[0])} have at the {n(p[1])}?", g_value(g.edge(p[0], "VOLUNTEERS_AT", p[1])["role"])))
    ments = [(s, d) for s, t, d, _ in g.edges if t == "MENTORS"]
    b.ask("edge_property", 1, ments, lambda p: (
        f"Since when has {n(p[0])} been mentoring {n(p[1])}?", g_value(g.edge(p[0], "MENTORS", p[1])["since"])))
    b.add("edge_property", 1, "How many pledges were paid by cheque?",
          g_count(sum(t == "PLEDGED_TO" and a["method"] == "cheque" for _, t, _, a in g.edges)))
    b.add("edge_property", 1, "how many sponsorships were given in kind",
          g_count(sum(t == "SPONSORS" and a["in_kind"] for _, t, _, a in g.edges)))

    # -- yes_no (8: yes, no, yes, no, ...)
    branch_prog = [(br, p) for br in L["Branch"] for p in L["Programme"]]
    b.ask("yes_no", 1, [x for x in branch_prog if x[1] in g.o(x[0], "DELIVERS")], lambda x: (
        f"Does {n(x[0])} deliver the {n(x[1])} programme?", g_bool(True)))
    b.ask("yes_no", 1, [(v, m) for v in L["Volunteer"] for m in L["Volunteer"][:60] if mentor(v) and mentor(v) != m
                        and mentees(m) and v != m], lambda x: (f"Is {n(x[0])} mentored by {n(x[1])}?", g_bool(False)))
    b.ask("yes_no", 1, pledges, lambda p: (f"Did {n(p[0])} pledge to the {n(p[1])}?", g_bool(True)))
    hosted = [(e, ve) for e in L["Event"] for ve in L["Venue"][:30] if g.o(e, "HOSTED_AT") and ve not in g.o(e, "HOSTED_AT")]
    b.ask("yes_no", 1, hosted, lambda x: (f"Was the {n(x[0])} held at {n(x[1])}?", g_bool(False)))
    b.ask("yes_no", 0, [v for v in L["Volunteer"] if A[v]["dbs_checked"]], lambda v: (
        f"is {n(v)} DBS checked", g_bool(True)))
    spons = [(p, e) for p in L["Partner"] if g.o(p, "SPONSORS") for e in L["Event"][:40] if e not in g.o(p, "SPONSORS")]
    b.ask("yes_no", 1, spons, lambda x: (f"Did {n(x[0])} sponsor the {n(x[1])}?", g_bool(False)))
    b.ask("yes_no", 0, [c for c in L["Campaign"] if A[c]["matched"]], lambda c: (
        f"Is the {n(c)} a matched-giving campaign?", g_bool(True)))
    works = [(s, br) for s in L["Staff"] for br in L["Branch"] if br not in g.o(s, "WORKS_AT")]
    b.ask("yes_no", 1, works, lambda x: (f"Does {n(x[0])} work at {n(x[1])}?", g_bool(False)))

    # -- portfolio (3): every direct neighbour, both directions
    def neighbours(x: str):
        ids = {d for (s, _), lst in g.out.items() if s == x for d, _ in lst}
        ids |= {s for (d, _), lst in g.inn.items() if d == x for s, _ in lst}
        return ids

    def port(x):
        ids = neighbours(x)
        return b.g_set(ids) if 3 <= len(ids) <= MAX_SET else None

    b.ask("portfolio", 1, L["Venue"], lambda ve: (f"Tell me everything about {n(ve)}.", port(ve)))
    b.ask("portfolio", 1, L["Programme"], lambda p: (f"What do we know about the {n(p)} programme?", port(p)))
    b.ask("portfolio", 1, L["Staff"], lambda s: (f"give me the full picture on {n(s)}", port(s)))

    # -- unknown (4): names that are not in the graph
    fakes = [
        ("How much has Penelope Quartermaine pledged in total?", "Penelope Quartermaine"),
        ("Which programmes does the Zanzibar Heights Branch deliver?", "Zanzibar Heights Branch"),
        ("When was the Glowworm Regatta held?", "Glowworm Regatta"),
        ("who mentors Bartholomew Featherstonehaugh", "Bartholomew Featherstonehaugh"),
    ]
    known = " ".join(n(x).lower() for x in A)
    for q, fake in fakes:
        assert all(w.lower() not in known.split() for w in fake.split() if w != "Branch"), fake
        b.add("unknown", 0, q, {"type": "none"})

    # -- global (3)
    b.add("global", 0, "How many different kinds of entities are in this graph?", g_count(len(L)))
    b.add("global", 0, "how many relationship types does the graph have",
          g_count(len({t for _, t, _, _ in g.edges})))
    b.add("global", 0, "How many entities does the graph hold altogether?", g_count(len(A)))
    return b.out


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        sys.exit("usage: questions.py OUT_DIR [GRAPH_PATH]")
    out_dir = Path(argv[0])
    folder = Path(argv[1]) if len(argv) > 1 else out_dir / "charity_csv"
    qs = build(Graph(folder))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {out_dir / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
