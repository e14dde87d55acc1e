"""Write the byog12 hold-out questions with gold answers computed from the GraphML file alone.

Usage: python tests/byog12/questions.py DIR [GRAPHML]   (writes DIR/holdout.jsonl; GRAPHML defaults to
DIR/trials.graphml)

Reads only the GraphML (networkx.read_graphml). Subjects are picked deterministically from the graph so that every
gold is unambiguous: unique display names, no ties in superlatives, small answer sets, and no count gold equal to a
number the question itself quotes (the judge ignores quoted numbers).
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx

PICK_SEED = 1212


class G:
    """Typed read access to the trials graph."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.type = {n: d["labels"].lstrip(":") for n, d in self.g.nodes(data=True)}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n in sorted(self.g.nodes, key=_natural):
            self.by_type[self.type[n]].append(n)
        names = Counter(self.name(n) for n in self.g.nodes)
        self.unique_name = {n for n in self.g.nodes if names[self.name(n)] == 1}
        self.id_of = {self.name(n): n for n in self.g.nodes}

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        return d.get("name") or f"{d['first_name']} {d['last_name']}"

    def attr(self, n: str, key: str):
        return self.g.nodes[n].get(key)

    def out(self, n: str, label: str) -> list[str]:
        return sorted((v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label), key=_natural)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted((u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label), key=_natural)

    def edge(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def of(self, t: str) -> list[str]:
        return list(self.by_type[t])


def _natural(s: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", s)]


def quoted_numbers(text: str) -> set[float]:
    """Standalone numbers in a question (not glued to letters or '-', as in ORION-3)."""
    return {float(m.group(1).replace(",", "")) for m in
            re.finditer(r"(?<![\w\-#/.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)", text)}


class Writer:
    def __init__(self, graph: G):
        self.G = graph
        self.rows: list[dict] = []
        self.used: set[str] = set()
        self.rng = random.Random(PICK_SEED)

    # gold builders
    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=_natural)
        return {"type": "set", "ids": ids, "names": [self.G.name(i) for i in ids]}

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        if gold["type"] == "count":
            assert float(gold["value"]) not in quoted_numbers(question), question
        if gold["type"] == "set":
            assert gold["ids"], question
            assert all(i in self.G.unique_name for i in gold["ids"]), question
        self.rows.append({"id": f"byog12-{len(self.rows) + 1:02d}", "kind": kind, "question": question,
                          "gold": gold, "hops": hops})

    def candidates(self, t: str) -> list[str]:
        """Nodes of type ``t`` with unique names, in a seeded order, subjects not yet used first."""
        c = [n for n in self.G.of(t) if n in self.G.unique_name]
        self.rng.shuffle(c)
        return [n for n in c if n not in self.used] + [n for n in c if n in self.used]

    def pick(self, t: str, ok) -> str:
        for n in self.candidates(t):
            if ok(n):
                self.used.add(n)
                return n
        raise RuntimeError(f"no {t} satisfies the constraint")

    def pick_q(self, t: str, make):
        """``make(n)`` returns (question, gold) or None; the first subject that yields a usable question wins."""
        for n in self.candidates(t):
            got = make(n)
            if got is None:
                continue
            q, gold = got
            if gold["type"] == "count" and float(gold["value"]) in quoted_numbers(q):
                continue
            self.used.add(n)
            return q, gold
        raise RuntimeError(f"no {t} yields a question")


def top_one(items: dict[str, float], highest: bool = True) -> str | None:
    """The single arg-max (or arg-min); None on a tie or an empty map."""
    if not items:
        return None
    best = max(items.values()) if highest else min(items.values())
    winners = [k for k, v in items.items() if v == best]
    return winners[0] if len(winners) == 1 else None


def build(graph: G) -> list[dict]:
    G = graph
    w = Writer(G)
    nm = G.name
    trials, sites, invs, parts = G.of("Trial"), G.of("Site"), G.of("Investigator"), G.of("Participant")
    drugs, sponsors, countries, aes = G.of("Drug"), G.of("Sponsor"), G.of("Country"), G.of("AdverseEvent")

    def count(n: int) -> dict:
        return {"type": "count", "value": n}

    def value(x) -> dict:
        return {"type": "value", "value": x}

    def yes(b: bool) -> dict:
        return {"type": "bool", "value": bool(b)}

    def participants_of(t):
        return G.inn(t, "ENROLLED_IN")

    def sized(ids, lo, hi):
        ids = set(ids)
        return lo <= len(ids) <= hi and all(i in G.unique_name for i in ids)

    # ---- count
    w.add("count", "How many clinical trials are in this dataset?", count(len(trials)), 0)
    w.add("count", "how many hospitals do we have?", count(len(sites)), 0)
    w.add("count", "Number of investigators?", count(len(invs)), 0)
    w.add("count", "How many different drugs are there in the graph?", count(len(drugs)), 0)

    # ---- filtered_count
    w.add("filtered_count", "How many Phase III trials are there?",
          count(sum(G.attr(t, "phase") == "Phase III" for t in trials)), 0)
    w.add("filtered_count", "How many trials are still recruiting?",
          count(sum(G.attr(t, "status") == "Recruiting" for t in trials)), 0)
    w.add("filtered_count", "How many of the participants smoke?",
          count(sum(G.attr(p, "smoker") is True for p in parts)), 0)
    w.add("filtered_count", "how many oncologists are among the investigators",
          count(sum(G.attr(i, "specialty") == "Oncology" for i in invs)), 0)
    w.add("filtered_count", "How many hospitals have more than 1,000 beds?",
          count(sum(G.attr(s, "beds") > 1000 for s in sites)), 0)
    w.add("filtered_count", "How many of the drugs are monoclonal antibodies?",
          count(sum(G.attr(d, "drug_class") == "Monoclonal antibody" for d in drugs)), 0)
    germany = G.id_of["Germany"]
    w.add("filtered_count", "How many hospitals are located in Germany?",
          count(len(G.inn(germany, "LOCATED_IN"))), 1)
    w.add("filtered_count", "How many trials started before 2019?",
          count(sum(G.attr(t, "start_date") < "2019-01-01" for t in trials)), 0)
    w.add("filtered_count", "How many trials have more than 25 participants enrolled?",
          count(sum(len(participants_of(t)) > 25 for t in trials)), 1)
    w.add("filtered_count", "How many hospitals with an academic affiliation are there?",
          count(sum(G.attr(x, "academic") is True for x in sites)), 0)
    w.add("filtered_count", "How many investigators don't have a mentor?",
          count(sum(not G.out(i, "MENTORED_BY") for i in invs)), 1)
    w.add("filtered_count", "How many female patients were born before 1960?",
          count(sum(G.attr(p, "sex") == "Female" and G.attr(p, "birth_year") < 1960 for p in parts)), 0)

    # ---- list
    s = w.pick("Sponsor", lambda n: sized(G.inn(n, "SPONSORED_BY"), 2, 6))
    w.add("list", f"Which trials does {nm(s)} sponsor?", w.sset(G.inn(s, "SPONSORED_BY")), 1)
    c = w.pick("Country", lambda n: sized(G.inn(n, "LOCATED_IN"), 2, 6))
    w.add("list", f"List the hospitals in {nm(c)}.", w.sset(G.inn(c, "LOCATED_IN")), 1)
    t = w.pick("Trial", lambda n: sized(G.out(n, "TESTS"), 2, 3))
    w.add("list", f"What drugs are being tested in {nm(t)}?", w.sset(G.out(t, "TESTS")), 1)
    s = w.pick("Site", lambda n: sized(G.inn(n, "WORKS_AT"), 2, 5))
    w.add("list", f"Who works at {nm(s)}?", w.sset(G.inn(s, "WORKS_AT")), 1)
    term = [t for t in trials if G.attr(t, "status") == "Terminated"]
    assert 1 <= len(term) <= 12
    w.add("list", "Which trials have been terminated?", w.sset(term), 0)
    i = w.pick("Investigator", lambda n: sized(G.inn(n, "MENTORED_BY"), 2, 5))
    w.add("list", f"Who are {nm(i)}'s mentees?", w.sset(G.inn(i, "MENTORED_BY")), 1)
    s = w.pick("Sponsor", lambda n: sized(G.inn(n, "DEVELOPED_BY"), 2, 5))
    w.add("list", f"which compounds has {nm(s)} developed", w.sset(G.inn(s, "DEVELOPED_BY")), 1)

    # ---- multihop
    def trial_countries(t):
        return {c for s in G.out(t, "CONDUCTED_AT") for c in G.out(s, "LOCATED_IN")}

    t = w.pick("Trial", lambda n: sized(trial_countries(n), 2, 5))
    w.add("multihop", f"Which countries does the {nm(t)} trial have sites in?", w.sset(trial_countries(t)), 2)

    def pi_mentor(t):
        return {m for pi in G.inn(t, "LEADS") for m in G.out(pi, "MENTORED_BY")}

    t = w.pick("Trial", lambda n: sized(pi_mentor(n), 1, 1))
    w.add("multihop", f"Who is the mentor of {nm(t)}'s principal investigator?", w.sset(pi_mentor(t)), 2)

    def mentored_by_site_staff(s):
        return {x for i in G.inn(s, "WORKS_AT") for x in G.inn(i, "MENTORED_BY")}

    s = w.pick("Site", lambda n: sized(mentored_by_site_staff(n), 2, 6))
    w.add("multihop", f"Which investigators were mentored by someone working at {nm(s)}?",
          w.sset(mentored_by_site_staff(s)), 2)

    def trials_of_mentees(i):
        return {t for m in G.inn(i, "MENTORED_BY") for t in G.out(m, "LEADS")}

    i = w.pick("Investigator", lambda n: sized(trials_of_mentees(n), 1, 5))
    w.add("multihop", f"Which trials are led by people that {nm(i)} mentored?", w.sset(trials_of_mentees(i)), 2)

    def trial_aes(t):
        return {a for p in participants_of(t) for a in G.out(p, "EXPERIENCED")}

    t = w.pick("Trial", lambda n: sized(trial_aes(n), 3, 9))
    w.add("multihop", f"What side effects did patients in {nm(t)} report?", w.sset(trial_aes(t)), 2)

    def ae_sponsor_countries(a):
        ts = {t for p in G.inn(a, "EXPERIENCED") for t in G.out(p, "ENROLLED_IN")}
        return {c for t in ts for s in G.out(t, "SPONSORED_BY") for c in G.out(s, "HEADQUARTERED_IN")}

    a = w.pick("AdverseEvent", lambda n: sized(ae_sponsor_countries(n), 2, 6))
    w.add("multihop", f"Which countries are home to the sponsors of trials where a participant developed "
          f"{nm(a).lower()}?", w.sset(ae_sponsor_countries(a)), 4)

    def country_drugs(c):
        ts = {t for s in G.inn(c, "LOCATED_IN") for t in G.inn(s, "CONDUCTED_AT")}
        return {d for t in ts for d in G.out(t, "TESTS")}

    c = w.pick("Country", lambda n: sized(country_drugs(n), 2, 8))
    w.add("multihop", f"Which drugs have been tested in trials run at hospitals in {nm(c)}?",
          w.sset(country_drugs(c)), 3)

    def sponsor_participants(s):
        return {p for t in G.inn(s, "SPONSORED_BY") for p in participants_of(t)}

    q, gold = w.pick_q("Sponsor", lambda n: (
        f"How many participants are enrolled in trials sponsored by {nm(n)}?",
        count(len(sponsor_participants(n)))) if len(G.inn(n, "SPONSORED_BY")) >= 2 else None)
    w.add("multihop", q, gold, 2)

    def sponsor_drug_sites(s):
        ts = {t for d in G.inn(s, "DEVELOPED_BY") for t in G.inn(d, "TESTS")}
        return {x for t in ts for x in G.out(t, "CONDUCTED_AT")}

    s = w.pick("Sponsor", lambda n: sized(sponsor_drug_sites(n), 2, 10))
    w.add("multihop", f"Which hospitals host trials of drugs made by {nm(s)}?", w.sset(sponsor_drug_sites(s)), 3)

    def trial_site_staff(t):
        return {i for x in G.out(t, "CONDUCTED_AT") for i in G.inn(x, "WORKS_AT")}

    t = w.pick("Trial", lambda n: sized(trial_site_staff(n), 2, 8))
    w.add("multihop", f"Which investigators work at the hospitals where {nm(t)} is conducted?",
          w.sset(trial_site_staff(t)), 2)

    def sponsor_drug_countries(s):
        return {c for x in sponsor_drug_sites(s) for c in G.out(x, "LOCATED_IN")}

    s = w.pick("Sponsor", lambda n: sized(sponsor_drug_countries(n), 2, 8) and len(G.inn(n, "DEVELOPED_BY")) >= 1)
    w.add("multihop", f"In which countries are there hospitals running trials of {nm(s)}'s drugs?",
          w.sset(sponsor_drug_countries(s)), 4)

    def mentee_sites(i):
        return {x for m in G.inn(i, "MENTORED_BY") for x in G.out(m, "WORKS_AT")}

    i = w.pick("Investigator", lambda n: sized(mentee_sites(n), 2, 5))
    w.add("multihop", f"Where do {nm(i)}'s mentees work?", w.sset(mentee_sites(i)), 2)

    def grand_mentor(i):
        return {g2 for m in G.out(i, "MENTORED_BY") for g2 in G.out(m, "MENTORED_BY")}

    i = w.pick("Investigator", lambda n: sized(grand_mentor(n), 1, 1))
    w.add("multihop", f"Who mentored the mentor of Dr. {nm(i)}?", w.sset(grand_mentor(i)), 2)

    def base_sites(t):
        return {x for b in G.out(t, "EXTENSION_OF") for x in G.out(b, "CONDUCTED_AT")}

    t = w.pick("Trial", lambda n: sized(base_sites(n), 2, 6))
    w.add("multihop", f"At which hospitals was the study that {nm(t)} extends carried out?", w.sset(base_sites(t)), 2)

    def extension_leads(t):
        return {i for e in G.inn(t, "EXTENSION_OF") for i in G.inn(e, "LEADS")}

    t = w.pick("Trial", lambda n: sized(extension_leads(n), 1, 3))
    w.add("multihop", f"Who leads the extension studies of {nm(t)}?", w.sset(extension_leads(t)), 2)

    def site_recruit_sponsors(x):
        return {s for p in G.inn(x, "RECRUITED_AT") for t in G.out(p, "ENROLLED_IN") for s in G.out(t, "SPONSORED_BY")}

    x = w.pick("Site", lambda n: sized(site_recruit_sponsors(n), 2, 5))
    w.add("multihop", f"Which sponsors had participants recruited for their trials at {nm(x)}?",
          w.sset(site_recruit_sponsors(x)), 3)

    # ---- superlative
    def sup(kind_q: str, items: dict[str, float], highest: bool = True, hops: int = 0) -> None:
        best = top_one(items, highest)
        assert best is not None, f"tie or empty: {kind_q}"
        w.add("superlative", kind_q, w.sset([best]), hops)

    sup("Which hospital has the most beds?", {x: G.attr(x, "beds") for x in sites})
    sup("Which trial has the biggest budget?", {t: G.attr(t, "budget_musd") for t in trials})
    sup("What's the oldest sponsor?", {s: G.attr(s, "founded") for s in sponsors}, highest=False)
    sup("Which study has enrolled the most patients?", {t: len(participants_of(t)) for t in trials}, hops=1)
    sup("Which sponsor runs the most trials?", {s: len(G.inn(s, "SPONSORED_BY")) for s in sponsors}, hops=1)
    sup("What is the most frequently reported adverse event?", {a: len(G.inn(a, "EXPERIENCED")) for a in aes}, hops=1)
    sup("Which sponsor has the largest combined budget across its trials?",
        {s: round(sum(G.attr(t, "budget_musd") for t in G.inn(s, "SPONSORED_BY")), 2) for s in sponsors}, hops=1)
    sup("Which country has the most hospital beds in total?",
        {c: sum(G.attr(x, "beds") for x in G.inn(c, "LOCATED_IN")) for c in countries}, hops=1)
    sup("Which investigator has mentored the most people?", {i: len(G.inn(i, "MENTORED_BY")) for i in invs}, hops=1)
    for spec, word in (("Oncology", "oncologists"), ("Cardiology", "cardiologists"), ("Neurology", "neurologists")):
        pool = {i: G.attr(i, "h_index") for i in invs if G.attr(i, "specialty") == spec}
        if top_one(pool) is not None:
            sup(f"Among the {word}, who has the highest h-index?", pool)
            break
    else:
        raise RuntimeError("every specialty ties on h-index")

    # ---- aggregate
    ph2 = [t for t in trials if G.attr(t, "phase") == "Phase II"]
    w.add("aggregate", "What's the combined budget, in millions of dollars, of the Phase II trials?",
          value(round(sum(G.attr(t, "budget_musd") for t in ph2), 2)), 0)
    w.add("aggregate", "average BMI of the participants?",
          value(round(sum(G.attr(p, "bmi") for p in parts) / len(parts), 2)), 0)
    france = G.id_of["France"]
    w.add("aggregate", "How many beds do the hospitals in France have altogether?",
          value(sum(G.attr(x, "beds") for x in G.inn(france, "LOCATED_IN"))), 1)
    bc = [t for t in trials if G.attr(t, "condition") == "Breast cancer"]
    assert bc
    w.add("aggregate", "What is the average target enrollment of the breast cancer trials?",
          value(round(sum(G.attr(t, "target_enrollment") for t in bc) / len(bc), 2)), 0)
    neuro = [i for i in invs if G.attr(i, "specialty") == "Neurology"]
    w.add("aggregate", "On average, how many years of experience do our neurologists have?",
          value(round(sum(G.attr(i, "years_experience") for i in neuro) / len(neuro), 2)), 0)

    # ---- edge_property
    t = w.pick("Trial", lambda n: len(G.out(n, "TESTS")) == 1 and G.out(n, "TESTS")[0] in G.unique_name)
    d = G.out(t, "TESTS")[0]
    w.add("edge_property", f"What dose of {nm(d)} is given in {nm(t)}?", value(G.edge(t, d)["dose_mg"]), 1)
    t = w.pick("Trial", lambda n: len(G.out(n, "CONDUCTED_AT")) >= 3)
    x = G.out(t, "CONDUCTED_AT")[1]
    w.add("edge_property", f"When was {nm(x)} activated as a site for {nm(t)}?",
          value(G.edge(t, x)["activation_date"]), 1)
    p = w.pick("Participant", lambda n: len(G.out(n, "ENROLLED_IN")) == 1)
    w.add("edge_property", f"When did {nm(p)} enroll?", value(G.edge(p, G.out(p, "ENROLLED_IN")[0])["enrollment_date"]),
          1)

    def serious_in(t):
        return sum(G.edge(p, a)["serious"] is True for p in participants_of(t) for a in G.out(p, "EXPERIENCED"))

    q, gold = w.pick_q("Trial", lambda n: (f"How many serious adverse events were reported in {nm(n)}?",
                                           count(serious_in(n))) if 2 <= serious_in(n) <= 10 else None)
    w.add("edge_property", q, gold, 2)
    p = w.pick("Participant", lambda n: len(G.out(n, "EXPERIENCED")) == 2 and
               len({G.edge(n, a)["grade"] for a in G.out(n, "EXPERIENCED")}) == 2)
    a = G.out(p, "EXPERIENCED")[0]
    w.add("edge_property", f"What grade was {nm(p)}'s {nm(a).lower()}?", value(G.edge(p, a)["grade"]), 1)

    def severe(t):
        return {p for p in participants_of(t) for a in G.out(p, "EXPERIENCED") if G.edge(p, a)["grade"] >= 4}

    t = w.pick("Trial", lambda n: sized(severe(n), 2, 5))
    w.add("edge_property", f"Which participants in {nm(t)} had an adverse event of grade 4 or higher?",
          w.sset(severe(t)), 2)
    t = w.pick("Trial", lambda n: len(G.out(n, "CONDUCTED_AT")) >= 2)
    x = G.out(t, "CONDUCTED_AT")[0]
    w.add("edge_property", f"what's the enrollment cap at {nm(x)} for the {nm(t)} study",
          value(G.edge(t, x)["enrollment_cap"]), 1)

    # ---- yes_no
    d = w.pick("Drug", lambda n: G.attr(n, "approved") is True)
    w.add("yes_no", f"Is {nm(d)} approved?", yes(True), 0)

    def site_not_in_trial_same_country(t):
        own = set(G.out(t, "CONDUCTED_AT"))
        cs = trial_countries(t)
        return [x for x in sites if x not in own and set(G.out(x, "LOCATED_IN")) & cs and x in G.unique_name]

    t = w.pick("Trial", lambda n: bool(site_not_in_trial_same_country(n)))
    x = site_not_in_trial_same_country(t)[0]
    w.add("yes_no", f"Does {nm(t)} have a site at {nm(x)}?", yes(False), 1)
    t = w.pick("Trial", lambda n: G.attr(n, "randomized") is False and G.attr(n, "phase") != "Phase I")
    w.add("yes_no", f"Is {nm(t)} a randomized study?", yes(False), 0)
    i = w.pick("Investigator", lambda n: len(G.out(n, "MENTORED_BY")) == 1)
    m = G.out(i, "MENTORED_BY")[0]
    w.add("yes_no", f"Was {nm(i)} mentored by {nm(m)}?", yes(True), 1)
    p = w.pick("Participant", lambda n: any(G.edge(n, t)["completed"] is True for t in G.out(n, "ENROLLED_IN")))
    w.add("yes_no", f"Did {nm(p)} complete the trial they were enrolled in?", yes(True), 1)
    p = w.pick("Participant", lambda n: G.attr(n, "smoker") is False)
    w.add("yes_no", f"is {nm(p)} a smoker", yes(False), 0)

    # ---- portfolio: every direct neighbour, both directions
    def neighbours(n):
        return set(G.g.successors(n)) | set(G.g.predecessors(n))

    s = w.pick("Sponsor", lambda n: sized(neighbours(n), 4, 12))
    w.add("portfolio", f"Tell me everything about {nm(s)}.", w.sset(neighbours(s)), 1)
    i = w.pick("Investigator", lambda n: sized(neighbours(n), 4, 8))
    w.add("portfolio", f"What do we know about {nm(i)}?", w.sset(neighbours(i)), 1)
    d = w.pick("Drug", lambda n: sized(neighbours(n), 3, 8))
    w.add("portfolio", f"Give me an overview of {nm(d)}.", w.sset(neighbours(d)), 1)

    # ---- unknown: names that are not in the graph
    missing = ("Zentara Biologics", "PHOENIX-7", "Ingrid Valtonen")
    all_names = " | ".join(nm(n) for n in G.g.nodes).lower()
    for name in missing:
        assert name.lower() not in all_names, name
    w.add("unknown", "Which trials does Zentara Biologics sponsor?", {"type": "none"}, 1)
    w.add("unknown", "How many participants did the PHOENIX-7 trial enroll?", {"type": "none"}, 1)
    w.add("unknown", "Which hospital does Dr. Ingrid Valtonen work at?", {"type": "none"}, 1)

    # ---- global
    w.add("global", "How many different types of entities does this graph contain?",
          count(len(set(G.type.values()))), 0)
    w.add("global", "How many nodes are in the graph altogether?", count(G.g.number_of_nodes()), 0)
    return w.rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    out_dir = Path(argv[0])
    graphml = Path(argv[1]) if len(argv) > 1 else out_dir / "trials.graphml"
    rows = build(G(graphml))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {out_dir / 'holdout.jsonl'}: {len(rows)} questions, {dict(Counter(r['kind'] for r in rows))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
