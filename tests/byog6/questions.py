"""Holdout questions for the byog6 hospital graph, gold computed from the GraphML file alone (networkx).

    python tests/byog6/questions.py OUTDIR [GRAPHML]

Reads GRAPHML (default OUTDIR/hospital.graphml; written by tests/byog6/graph.py) and writes OUTDIR/holdout.jsonl:
one JSON object a line with ``id``, ``kind``, ``question``, ``gold`` and ``hops``, the format tests/byog/score.py
reads. Gold types: count {value}, set {ids, names}, value {value}, bool {value}, none. Entities are picked by a
seeded random choice among candidates that make the gold unambiguous (unique winners, lists of 1-12 members,
thresholds that no value equals). Nothing here imports HopLens.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

import networkx as nx

QSEED = 1406


class Graph:
    """Plain look-ups over the GraphML file: node types from ``labels`` (":Label"), edge types from ``label``."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.type = {n: d["labels"].lstrip(":").split(":")[0] for n, d in self.g.nodes(data=True)}
        self.names = {n: d["name"] if "name" in d else f"{d['first_name']} {d['last_name']}"
                      for n, d in self.g.nodes(data=True)}
        dup = [k for k, c in Counter(self.names.values()).items() if c > 1]
        assert not dup, f"display names not unique: {dup[:5]}"

    def of(self, label: str) -> list[str]:
        return sorted(n for n, t in self.type.items() if t == label)

    def p(self, n: str, key: str):
        return self.g.nodes[n].get(key)

    def out(self, n: str, rel: str) -> list[str]:
        return sorted(b for b in self.g.successors(n) if self.g.edges[n, b]["label"] == rel)

    def inn(self, n: str, rel: str) -> list[str]:
        return sorted(a for a in self.g.predecessors(n) if self.g.edges[a, n]["label"] == rel)

    def e(self, a: str, b: str, key: str | None = None):
        if not self.g.has_edge(a, b):
            return None
        return self.g.edges[a, b] if key is None else self.g.edges[a, b].get(key)

    def rel_edges(self, rel: str) -> list[tuple[str, str, dict]]:
        return [(a, b, d) for a, b, d in self.g.edges(data=True) if d["label"] == rel]

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)))


def make(graphml: Path) -> list[dict]:
    G = Graph(graphml)
    rng = random.Random(QSEED)
    nm = G.names
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        qs.append({"id": f"hosp-{len(qs) + 1:03d}", "kind": kind, "question": question, "gold": gold, "hops": hops})

    def count(v: int) -> dict:
        return {"type": "count", "value": int(v)}

    def ents(ids) -> dict:
        ids = sorted(set(ids))
        return {"type": "set", "ids": ids, "names": [nm[i] for i in ids]}

    def value(v) -> dict:
        return {"type": "value", "value": v}

    def yes(v: bool) -> dict:
        return {"type": "bool", "value": bool(v)}

    used: set[str] = set()

    def pick(cands, ok=lambda x: True):
        """A seeded choice among candidates satisfying ok, preferring ones no earlier question used."""
        cands = list(cands)
        rng.shuffle(cands)
        good = [c for c in cands if ok(c)]
        assert good, "no candidate fits"
        fresh = [c for c in good if (c if isinstance(c, str) else c[0]) not in used]
        c = (fresh or good)[0]
        used.add(c if isinstance(c, str) else c[0])
        return c

    def unique_best(items: dict, highest: bool = True):
        """The key with the strictly highest (or lowest) value, or None on a tie."""
        if not items:
            return None
        ranked = sorted(items.items(), key=lambda kv: kv[1], reverse=highest)
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0]

    hospitals, wards, doctors = G.of("Hospital"), G.of("Ward"), G.of("Doctor")
    patients, cities, drugs = G.of("Patient"), G.of("City"), G.of("Drug")
    treatments, manus = G.of("Treatment"), G.of("Manufacturer")
    ward_hosp = {w: G.out(w, "BELONGS_TO")[0] for w in wards}
    hosp_city = {h: G.out(h, "LOCATED_IN")[0] for h in hospitals}
    doc_ward = {d: G.out(d, "WORKS_IN")[0] for d in doctors}
    hosp_wards = {h: G.inn(h, "BELONGS_TO") for h in hospitals}
    hosp_docs = {h: sorted(d for w in hosp_wards[h] for d in G.inn(w, "WORKS_IN")) for h in hospitals}
    dr = {d: "Dr " + nm[d] for d in doctors}

    # ---- counts (one hop) -------------------------------------------------------------------------------------
    h = pick(hospitals)
    add("count", f"How many wards does {nm[h]} have?", count(len(hosp_wards[h])), 1)
    c = pick(cities)
    add("count", f"Number of patients living in {nm[c]}?", count(len(G.inn(c, "LIVES_IN"))), 1)
    m = pick(manus, lambda m: len(G.inn(m, "MANUFACTURED_BY")) >= 3)
    add("count", f"How many drugs are produced by {nm[m]}?", count(len(G.inn(m, "MANUFACTURED_BY"))), 1)
    d = pick(doctors, lambda d: len(G.inn(d, "TREATED_BY")) >= 5)
    add("count", f"How many patients has {dr[d]} treated?", count(len(G.inn(d, "TREATED_BY"))), 1)
    t = pick(treatments, lambda t: len(G.inn(t, "RECEIVED")) >= 10)
    add("count", f"How many patients have undergone {nm[t].lower()}?", count(len(G.inn(t, "RECEIVED"))), 1)

    # ---- filtered counts ----------------------------------------------------------------------------------------
    h = pick(hospitals, lambda h: sum(G.p(d, "grade") == "Consultant" for d in hosp_docs[h]) >= 2)
    add("filtered_count", f"How many consultants are on the staff of {nm[h]}?",
        count(sum(G.p(d, "grade") == "Consultant" for d in hosp_docs[h])), 2)
    c = pick(cities)
    add("filtered_count", f"how many of the patients in {nm[c]} have insurance?",
        count(sum(bool(G.p(p, "insured")) for p in G.inn(c, "LIVES_IN"))), 1)
    m = pick(manus, lambda m: any(G.p(x, "controlled") for x in G.inn(m, "MANUFACTURED_BY")))
    add("filtered_count", f"How many controlled drugs does {nm[m]} make?",
        count(sum(bool(G.p(x, "controlled")) for x in G.inn(m, "MANUFACTURED_BY"))), 1)
    beds = {G.p(h, "beds") for h in hospitals}
    thr = 600 if 600 not in beds else 601
    add("filtered_count", f"How many hospitals have more than {thr} beds?",
        count(sum(G.p(h, "beds") > thr for h in hospitals)), 0)
    year = pick([str(y) for y in range(2005, 2025)], lambda y: sum(G.p(d, "hire_date")[:4] == y for d in doctors) >= 3)
    add("filtered_count", f"How many doctors were hired in {year}?",
        count(sum(G.p(d, "hire_date")[:4] == year for d in doctors)), 0)
    c = pick(cities)
    add("filtered_count", f"How many patients born before 1950 live in {nm[c]}?",
        count(sum(G.p(p, "birth_date") < "1950-01-01" for p in G.inn(c, "LIVES_IN"))), 1)
    w = pick(wards, lambda w: sum(bool(G.e(p, w, "emergency")) for p in G.inn(w, "ADMITTED_TO")) >= 3)
    add("filtered_count", f"How many emergency admissions has {nm[w]} had?",
        count(sum(bool(G.e(p, w, "emergency")) for p in G.inn(w, "ADMITTED_TO"))), 1)
    spec = pick(sorted({G.p(w, "specialty") for w in wards}))
    add("filtered_count", f"how many {spec.lower()} wards are there across all the hospitals?",
        count(sum(G.p(w, "specialty") == spec for w in wards)), 0)
    w = pick(wards, lambda w: sum(G.e(p, w, "admission_date")[:4] == "2023" for p in G.inn(w, "ADMITTED_TO")) >= 2)
    add("filtered_count", f"How many patients were admitted to {nm[w]} during 2023?",
        count(sum(G.e(p, w, "admission_date")[:4] == "2023" for p in G.inn(w, "ADMITTED_TO"))), 1)

    # ---- lists --------------------------------------------------------------------------------------------------
    h = pick(hospitals)
    add("list", f"List the wards of {nm[h]}.", ents(hosp_wards[h]), 1)
    m = pick(manus, lambda m: 2 <= len(G.inn(m, "MANUFACTURED_BY")) <= 12)
    add("list", f"Which drugs does {nm[m]} manufacture?", ents(G.inn(m, "MANUFACTURED_BY")), 1)
    w = pick(wards, lambda w: 2 <= len(G.inn(w, "WORKS_IN")) <= 12)
    add("list", f"who works on {nm[w]}", ents(G.inn(w, "WORKS_IN")), 1)
    c = pick(cities, lambda c: len(G.inn(c, "LOCATED_IN")) >= 2)
    add("list", f"Which hospitals are located in {nm[c]}?", ents(G.inn(c, "LOCATED_IN")), 1)
    d = pick(doctors, lambda d: len(G.out(d, "PRESCRIBES")) >= 2)
    add("list", f"What medications does {dr[d]} prescribe?", ents(G.out(d, "PRESCRIBES")), 1)
    p = pick(patients, lambda p: len(G.out(p, "RECEIVED")) >= 2)
    add("list", f"Which treatments did {nm[p]} receive?", ents(G.out(p, "RECEIVED")), 1)
    p = pick(patients, lambda p: len(G.out(p, "TREATED_BY")) >= 3)
    add("list", f"{nm[p]}'s doctors?", ents(G.out(p, "TREATED_BY")), 1)
    t = pick(treatments, lambda t: len(G.out(t, "USES")) >= 2)
    add("list", f"Which drugs are used in {nm[t].lower()}?", ents(G.out(t, "USES")), 1)

    # ---- multi-hop (2-4 hops, the referral self-relation both ways) --------------------------------------------
    d = pick(doctors)
    add("multi_hop", f"Which hospital does {dr[d]} work at?", ents([ward_hosp[doc_ward[d]]]), 2)
    w = pick(wards)
    add("multi_hop", f"in what city is {nm[w]}?", ents([hosp_city[ward_hosp[w]]]), 2)
    d = pick(doctors, lambda d: 2 <= len(G.out(d, "REFERRED_TO")) <= 12)
    add("multi_hop", f"Who has {dr[d]} referred patients to?", ents(G.out(d, "REFERRED_TO")), 1)
    d = pick(doctors, lambda d: 2 <= len(G.inn(d, "REFERRED_TO")) <= 12)
    add("multi_hop", f"Which doctors have sent referrals to Dr. {nm[d]}?", ents(G.inn(d, "REFERRED_TO")), 1)

    def ref_wards(d):
        return {doc_ward[x] for x in G.out(d, "REFERRED_TO")}

    d = pick(doctors, lambda d: 2 <= len(ref_wards(d)) <= 12)
    add("multi_hop", f"What wards do the doctors that {dr[d]} referred to work on?", ents(ref_wards(d)), 2)

    def ref2(d):
        return {y for x in G.out(d, "REFERRED_TO") for y in G.out(x, "REFERRED_TO")}

    d = pick(doctors, lambda d: 2 <= len(ref2(d)) <= 12 and d not in ref2(d))
    add("multi_hop", f"Which doctors were referred to by the doctors {nm[d]} referred to?", ents(ref2(d)), 2)

    def refby_hosp(d):
        return {ward_hosp[doc_ward[x]] for x in G.inn(d, "REFERRED_TO")}

    d = pick(doctors, lambda d: 2 <= len(refby_hosp(d)) <= 12)
    add("multi_hop", f"at which hospitals do the doctors who referred patients to {dr[d]} work?",
        ents(refby_hosp(d)), 3)

    def pat_manus(p):
        return {G.out(x, "MANUFACTURED_BY")[0] for t in G.out(p, "RECEIVED") for x in G.out(t, "USES")}

    p = pick(patients, lambda p: len(pat_manus(p)) >= 2)
    add("multi_hop", f"Which manufacturers make the drugs used in the treatments {nm[p]} received?",
        ents(pat_manus(p)), 3)

    def ward_drugs(w):
        return {x for d in G.inn(w, "WORKS_IN") for x in G.out(d, "PRESCRIBES")}


    def ward_manus(w):
        return {G.out(x, "MANUFACTURED_BY")[0] for x in ward_drugs(w)}

    w = pick(wards, lambda w: 2 <= len(ward_manus(w)) <= 12)
    add("multi_hop", f"which manufacturers supply the drugs that {nm[w]} doctors prescribe", ents(ward_manus(w)), 3)

    def city_pats(c):
        return {p for h in G.inn(c, "LOCATED_IN") for d in hosp_docs[h] for p in G.inn(d, "TREATED_BY")}

    c = pick(cities, lambda c: len(city_pats(c)) > 0)
    add("multi_hop", f"I'm trying to size our reach there: how many patients, in total, were treated by doctors who work at "
        f"hospitals located in {nm[c]}?",
        count(len(city_pats(c))), 4)

    def hosp_manus(h):
        return {G.out(x, "MANUFACTURED_BY")[0] for d in hosp_docs[h] for x in G.out(d, "PRESCRIBES")}

    h = pick(hospitals, lambda h: 2 <= len(hosp_manus(h)) <= 12)
    add("multi_hop", f"Which drug manufacturers make medicines prescribed by doctors at {nm[h]}?",
        ents(hosp_manus(h)), 4)

    def doc_pat_cities(d):
        return {hosp_city[ward_hosp[w]] for p in G.inn(d, "TREATED_BY") for w in G.out(p, "ADMITTED_TO")}

    d = pick(doctors, lambda d: 2 <= len(doc_pat_cities(d)) <= 9)
    add("multi_hop", f"In which cities are the hospitals where {dr[d]}'s patients were admitted?",
        ents(doc_pat_cities(d)), 4)

    def manu_pats(m):
        return {p for x in G.inn(m, "MANUFACTURED_BY") for t in G.inn(x, "USES") for p in G.inn(t, "RECEIVED")}

    m = pick(manus, lambda m: len(manu_pats(m)) > 0)
    add("multi_hop", f"how many patients received treatments that use drugs made by {nm[m]}",
        count(len(manu_pats(m))), 3)

    # ---- superlatives (unique winners) ------------------------------------------------------------------------
    def most_docs_ward(h):
        return unique_best({w: len(G.inn(w, "WORKS_IN")) for w in hosp_wards[h]})

    h = pick(hospitals, lambda h: most_docs_ward(h) is not None)
    add("superlative", f"Which ward at {nm[h]} has the most doctors?", ents([most_docs_ward(h)]), 2)

    def busiest_doc(w):
        return unique_best({d: len(G.inn(d, "TREATED_BY")) for d in G.inn(w, "WORKS_IN")})

    w = pick(wards, lambda w: len(G.inn(w, "WORKS_IN")) >= 3 and busiest_doc(w) is not None)
    add("superlative", f"which physician on {nm[w]} has treated the largest number of patients?",
        ents([busiest_doc(w)]), 2)
    best = unique_best({h: G.p(h, "beds") for h in hospitals})
    assert best
    add("superlative", "What is the biggest hospital by number of beds?", ents([best]), 0)

    def cheapest(m):
        return unique_best({x: G.p(x, "unit_price") for x in G.inn(m, "MANUFACTURED_BY")}, highest=False)

    m = pick(manus, lambda m: len(G.inn(m, "MANUFACTURED_BY")) >= 3 and cheapest(m) is not None)
    add("superlative", f"What's the cheapest drug {nm[m]} makes?", ents([cheapest(m)]), 1)
    best = unique_best({h: G.p(h, "opened") for h in hospitals}, highest=False)
    assert best
    add("superlative", "Which hospital opened first?", ents([best]), 0)

    def newest(w):
        return unique_best({d: G.p(d, "hire_date") for d in G.inn(w, "WORKS_IN")})

    w = pick(wards, lambda w: len(G.inn(w, "WORKS_IN")) >= 3 and newest(w) is not None)
    add("superlative", f"Who is the most recently hired doctor on {nm[w]}?", ents([newest(w)]), 1)
    for q, scores, highest, hops in [
            ("which manufacturer has the most drugs?", {m: len(G.inn(m, "MANUFACTURED_BY")) for m in manus}, True, 1),
            ("Which drug maker was founded most recently?", {m: G.p(m, "founded") for m in manus}, True, 0)]:
        best = unique_best(scores, highest)
        if best:
            add("superlative", q, ents([best]), hops)
            break
    else:
        raise AssertionError("no unique manufacturer superlative")
    best = unique_best({t: len(G.inn(t, "RECEIVED")) for t in treatments}, highest=False)
    assert best
    add("superlative", "Which treatment has been given to the fewest patients?", ents([best]), 1)
    best = unique_best({c: len(G.inn(c, "LIVES_IN")) for c in cities})
    assert best
    add("superlative", "Which city do most of our patinets live in?", ents([best]), 1)
    for q, scores, highest, hops in [
            ("Which doctor has been referred to most often?", {d: len(G.inn(d, "REFERRED_TO")) for d in doctors},
             True, 1),
            ("Which doctor has made the most referrals?", {d: len(G.out(d, "REFERRED_TO")) for d in doctors}, True, 1),
            ("Which doctor has prescribed the largest number of different drugs?",
             {d: len(G.out(d, "PRESCRIBES")) for d in doctors}, True, 1),
            ("who's the longest-serving doctor (earliest hire date)?", {d: G.p(d, "hire_date") for d in doctors},
             False, 0)]:
        best = unique_best(scores, highest)
        if best:
            add("superlative", q, ents([best]), hops)
            break
    else:
        raise AssertionError("no unique doctor superlative")

    # ---- totals and averages ----------------------------------------------------------------------------------
    c = pick(cities, lambda c: len(G.inn(c, "LOCATED_IN")) >= 2)
    add("aggregate", f"What is the total number of beds across the hospitals in {nm[c]}?",
        value(sum(G.p(h, "beds") for h in G.inn(c, "LOCATED_IN"))), 1)
    m = pick(manus, lambda m: len(G.inn(m, "MANUFACTURED_BY")) >= 3)
    ps = [G.p(x, "unit_price") for x in G.inn(m, "MANUFACTURED_BY")]
    add("aggregate", f"average unit price of {nm[m]} drugs?", value(round(sum(ps) / len(ps), 2)), 1)
    h = pick(hospitals)
    add("aggregate", f"Total capacity of all the wards in {nm[h]}?",
        value(sum(G.p(w, "capacity") for w in hosp_wards[h])), 1)
    w = pick(wards, lambda w: len(G.inn(w, "ADMITTED_TO")) >= 5)
    st = [G.e(p, w, "length_of_stay") for p in G.inn(w, "ADMITTED_TO")]
    add("aggregate", f"What's the average length of stay for admissions to {nm[w]}?",
        value(round(sum(st) / len(st), 2)), 1)
    p = pick(patients, lambda p: len(G.out(p, "RECEIVED")) >= 2)
    add("aggregate", f"How much did the treatments {nm[p]} received cost in total?",
        value(round(sum(G.p(t, "cost") for t in G.out(p, "RECEIVED")), 2)), 1)
    add("aggregate", "What's the average number of beds per hospital?",
        value(round(sum(G.p(h, "beds") for h in hospitals) / len(hospitals), 2)), 0)

    # ---- edge properties --------------------------------------------------------------------------------------
    p = pick(patients, lambda p: len(G.out(p, "ADMITTED_TO")) == 1)
    w = G.out(p, "ADMITTED_TO")[0]
    add("edge_property", f"When was {nm[p]} admitted to {nm[w]}?", value(G.e(p, w, "admission_date")), 1)
    p = pick(patients, lambda p: len(G.out(p, "ADMITTED_TO")) == 1 and G.e(p, G.out(p, "ADMITTED_TO")[0],
                                                                         "length_of_stay") >= 3)
    w = G.out(p, "ADMITTED_TO")[0]
    add("edge_property", f"how many days did {nm[p]} stay on {nm[w]}", value(G.e(p, w, "length_of_stay")), 1)
    p = pick(patients, lambda p: len(G.out(p, "RECEIVED")) == 1)
    t = G.out(p, "RECEIVED")[0]
    add("edge_property", f"What was the outcome of {nm[p]}'s {nm[t].lower()}?", value(G.e(p, t, "outcome")), 1)
    a, b, _ = pick([(a, b, d) for a, b, d in G.rel_edges("REFERRED_TO") if d["urgency"] != "routine"])
    add("edge_property", f"How urgent was {dr[a]}'s referral to {dr[b]}?", value(G.e(a, b, "urgency")), 1)
    a, b, _ = pick(G.rel_edges("REFERRED_TO"))
    add("edge_property", f"When did {nm[a]} refer a patient to {nm[b]}?", value(G.e(a, b, "referral_date")), 1)

    def worse(t):
        return [p for p in G.inn(t, "RECEIVED") if G.e(p, t, "outcome") == "worsened"]

    t = pick(treatments, lambda t: 2 <= len(worse(t)) <= 12)
    add("edge_property", f"Which patients got worse after {nm[t].lower()}?", ents(worse(t)), 1)
    p = pick(patients, lambda p: len(G.out(p, "ADMITTED_TO")) == 1
             and G.e(p, G.out(p, "ADMITTED_TO")[0], "emergency"))
    w = G.out(p, "ADMITTED_TO")[0]
    add("edge_property", f"Was {nm[p]}'s admission to {nm[w]} an emergency?", yes(True), 1)

    # ---- attributes -------------------------------------------------------------------------------------------
    p = pick(patients)
    add("attribute", f"What is {nm[p]}'s blood type?", value(G.p(p, "blood_type")), 0)
    h = pick(hospitals)
    add("attribute", f"how many beds at {nm[h]}", value(G.p(h, "beds")), 0)
    x = pick(drugs)
    add("attribute", f"When was {nm[x]} approved?", value(G.p(x, "approved")), 0)
    m = pick(manus)
    add("attribute", f"Which country is {nm[m]} from?", value(G.p(m, "country")), 0)

    # ---- yes / no ---------------------------------------------------------------------------------------------
    d = pick(doctors)
    add("yes_no", f"Does {dr[d]} work on {nm[doc_ward[d]]}?", yes(True), 1)
    d = pick(doctors)
    other = pick([w for w in wards if w != doc_ward[d] and ward_hosp[w] == ward_hosp[doc_ward[d]]] or
                 [w for w in wards if w != doc_ward[d]])
    add("yes_no", f"Is {nm[d]} on the staff of {nm[other]}?", yes(False), 1)
    h = pick(hospitals, lambda h: not G.p(h, "teaching"))
    add("yes_no", f"Is {nm[h]} a teaching hosptial?", yes(False), 0)
    p = pick(patients, lambda p: len(G.out(p, "RECEIVED")) >= 1)
    t = pick([t for t in treatments if not G.e(p, t)])
    add("yes_no", f"Was {nm[p]} ever given {nm[t].lower()}?", yes(False), 1)
    a, b, _ = pick(G.rel_edges("REFERRED_TO"))
    add("yes_no", f"Has {dr[a]} ever referred anyone to {dr[b]}?", yes(True), 1)
    x = pick([x for x in drugs if G.p(x, "controlled")])
    add("yes_no", f"Is {nm[x]} a controlled drug?", yes(True), 0)

    # ---- portfolio: everything about X (gold = direct neighbours) ---------------------------------------------
    p = pick(patients, lambda p: 5 <= len(G.neighbours(p)) <= 12)
    add("portfolio", f"Tell me everything about {nm[p]}.", ents(G.neighbours(p)), 1)
    x = pick(drugs, lambda x: 4 <= len(G.neighbours(x)) <= 12)
    add("portfolio", f"Give me an overview of {nm[x]}: who makes it, who prescribes it, what uses it.",
        ents(G.neighbours(x)), 1)
    m = pick(manus, lambda m: 3 <= len(G.neighbours(m)) <= 12)
    add("portfolio", f"what do we know about {nm[m]}", ents(G.neighbours(m)), 1)
    d = pick(doctors, lambda d: 5 <= len(G.neighbours(d)) <= 12)
    add("portfolio", f"Everything connected to {dr[d]}, please.", ents(G.neighbours(d)), 1)

    # ---- unknown names ----------------------------------------------------------------------------------------
    all_names = " ".join(nm.values()).lower()
    for q, ghost in [("How many patients has Dr Helena Vorster treated?", "vorster"),
                     ("Which manufacturer makes Zyntravir?", "zyntravir"),
                     ("How many wards does Oakridge Children's Hospital have?", "oakridge"),
                     ("Where does Imogen Blackthorne live?", "blackthorne")]:
        assert ghost not in all_names, ghost
        add("unknown", q, {"type": "none"}, 1)

    # ---- whole-graph aggregates -------------------------------------------------------------------------------
    add("global", "How many patients are there in total?", count(len(patients)), 0)
    add("global", "how many hospitals are in the network", count(len(hospitals)), 0)
    add("global", "How many doctor-to-doctor referrals have been recorded?",
        count(len(G.rel_edges("REFERRED_TO"))), 0)
    add("global", "What's the total bed count across all hospitals?", value(sum(G.p(h, "beds") for h in hospitals)), 0)
    return qs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args()
    graphml = args.graphml or args.outdir / "hospital.graphml"
    qs = make(graphml)
    args.outdir.mkdir(parents=True, exist_ok=True)
    out = args.outdir / "holdout.jsonl"
    out.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    kinds = Counter(q["kind"] for q in qs)
    print(f"{len(qs)} questions -> {out}: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))


if __name__ == "__main__":
    main()
