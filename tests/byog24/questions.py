"""Deterministic hold-out questions over the park graph written by graph.py.

    python tests/byog24/questions.py OUT_DIR [GRAPH_PATH]

reads GRAPH_PATH (default OUT_DIR/park.graphml) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import defaultdict

import networkx as nx

SEED = 2024


class Park:
    def __init__(self, path: str):
        g = nx.read_graphml(path, force_multigraph=True)
        self.nodes = {n: dict(d) for n, d in g.nodes(data=True)}
        self.type = {n: d["labels"].split(":")[1] for n, d in self.nodes.items()}
        self.name = {n: (f"{d['first_name']} {d['last_name']}" if "first_name" in d else d["name"])
                     for n, d in self.nodes.items()}
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edges = []
        for s, t, d in sorted(g.edges(data=True), key=lambda e: (e[0], e[1], e[2]["label"])):
            self.out[(s, d["label"])].append((t, d))
            self.inn[(t, d["label"])].append((s, d))
            self.edges.append((s, d["label"], t, d))

    def of(self, typ: str) -> list[str]:
        return sorted((n for n, t in self.type.items() if t == typ), key=_idkey)

    def o(self, n: str, label: str) -> list[str]:
        return sorted({t for t, _ in self.out[(n, label)]}, key=_idkey)

    def i(self, n: str, label: str) -> list[str]:
        return sorted({s for s, _ in self.inn[(n, label)]}, key=_idkey)

    def o_many(self, ns, label: str) -> list[str]:
        return sorted({t for n in ns for t in self.o(n, label)}, key=_idkey)

    def i_many(self, ns, label: str) -> list[str]:
        return sorted({s for n in ns for s in self.i(n, label)}, key=_idkey)

    def edge(self, s: str, label: str, t: str) -> dict | None:
        for tt, d in self.out[(s, label)]:
            if tt == t:
                return d
        return None


def _idkey(n: str):
    a, _, b = n.rpartition("-")
    return (a, int(b)) if b.isdigit() else (n, 0)


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])", text)}


class Builder:
    def __init__(self, park: Park):
        self.p = park
        self.rng = random.Random(SEED)
        self.items: list[dict] = []

    # ---- gold shapes
    def set_gold(self, ids):
        ids = sorted(set(ids), key=_idkey)
        return {"type": "set", "ids": ids, "names": [self.p.name[i] for i in ids]}

    def ok(self, question: str, gold: dict) -> bool:
        low = question.lower()
        if gold["type"] == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in gold["names"])
        if gold["type"] == "count":
            return gold["value"] > 0 and float(gold["value"]) not in _numbers(question)
        if gold["type"] == "value":
            v = gold["value"]
            if isinstance(v, str):
                return v.lower() not in low
            return float(v) not in _numbers(question) and f"{v}" not in question
        return True

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        assert self.ok(question, gold), (question, gold)
        self.items.append({"id": f"byog24-{len(self.items) + 1:02d}", "kind": kind, "question": question,
                           "gold": gold, "hops": hops})

    def first(self, kind: str, hops: int, candidates, fn) -> None:
        """Try candidates in a seeded order; add the first whose (question, gold) passes the checks."""
        cands = list(candidates)
        self.rng.shuffle(cands)
        for c in cands:
            res = fn(c)
            if res is None:
                continue
            q, gold = res
            if self.ok(q, gold):
                self.add(kind, q, gold, hops)
                return
        raise RuntimeError(f"no candidate for a {kind} question")

    def unique_top(self, scores: dict[str, float], highest: bool = True) -> str | None:
        if len(scores) < 2:
            return None
        ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=highest)
        if ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0]


def build(park: Park) -> list[dict]:
    p = park
    b = Builder(p)
    N = p.name
    A = p.nodes
    rangers, species, zones = p.of("Ranger"), p.of("Species"), p.of("Zone")
    patrols, incidents, researchers = p.of("Patrol"), p.of("Incident"), p.of("Researcher")
    permits, sightings = p.of("Permit"), p.of("Sighting")

    def cnt(v):
        return {"type": "count", "value": v}

    def val(v):
        return {"type": "value", "value": v}

    # ---- count (5)
    b.add("count", "How many rangers are there in the park?", cnt(len(rangers)), 0)
    b.add("count", "how many species are on record", cnt(len(species)), 0)
    b.add("count", "Total number of research permits?", cnt(len(permits)), 0)
    b.add("count", "How many incidents have been reported so far?", cnt(len(incidents)), 0)
    b.add("count", "What's the number of park zones", cnt(len(zones)), 0)

    # ---- filtered_count (10)
    b.add("filtered_count", "How many species have IUCN status EN?",
          cnt(sum(A[s]["iucn_status"] == "EN" for s in species)), 0)
    b.add("filtered_count", "how many of our rangers are medic-certified",
          cnt(sum(bool(A[r]["medic_certified"]) for r in rangers)), 0)
    b.add("filtered_count", "How many poaching incidents were reported?",
          cnt(sum(A[i]["incident_type"] == "poaching" for i in incidents)), 0)
    b.add("filtered_count", "How many wetland zones does the park have?",
          cnt(sum(A[z]["habitat"] == "wetland" for z in zones)), 0)
    b.add("filtered_count", "Count the incidents with a severity of 4 or more.",
          cnt(sum(A[i]["severity"] >= 4 for i in incidents)), 0)
    b.add("filtered_count", "How many researchers have an h-index above 20?",
          cnt(sum(A[r]["h_index"] > 20 for r in researchers)), 0)
    b.add("filtered_count", "Number of sightings made by camera trap?",
          cnt(sum(A[s]["method"] == "camera trap" for s in sightings)), 0)
    b.add("filtered_count", "How many rangers were hired before 2010?",
          cnt(sum(A[r]["hire_date"] < "2010-01-01" for r in rangers)), 0)
    b.first("filtered_count", 1, rangers,
            lambda r: (f"how many patrols has {N[r]} been in charge of", cnt(len(p.o(r, "LEADS")))) if len(p.o(r, "LEADS")) >= 3 else None)
    b.first("filtered_count", 1, species,
            lambda s: (f"In how many zones does the {N[s]} live?", cnt(len(p.o(s, "INHABITS")))))

    # ---- list (7)
    b.first("list", 1, zones, lambda z: (f"Which rangers are stationed at {N[z]}?", b.set_gold(p.i(z, "ASSIGNED_TO")))
            if len(p.i(z, "ASSIGNED_TO")) >= 2 else None)
    b.first("list", 1, zones, lambda z: (f"list the species that live in {N[z]}", b.set_gold(p.i(z, "INHABITS")))
            if len(p.i(z, "INHABITS")) >= 3 else None)
    b.first("list", 1, researchers, lambda r: (f"What permits does {N[r]} hold?", b.set_gold(p.o(r, "HOLDS")))
            if len(p.o(r, "HOLDS")) >= 2 else None)
    b.first("list", 1, permits, lambda m: (f"Show me the species that {N[m]} allows research on.", b.set_gold(p.o(m, "AUTHORIZES")))
            if len(p.o(m, "AUTHORIZES")) >= 2 else None)
    b.first("list", 1, rangers, lambda r: (f"What equipment has {N[r]} checked out?", b.set_gold(p.o(r, "ISSUED")))
            if len(p.o(r, "ISSUED")) >= 2 else None)
    b.add("list", "Which species are listed as CR by the IUCN?",
          b.set_gold([s for s in species if A[s]["iucn_status"] == "CR"]), 0)
    b.first("list", 0, ["alpine", "forest", "grassland", "riverine", "scrubland", "wetland"],
            lambda h: (f"give me the restricted-access zones with {h} habitat",
                       b.set_gold([z for z in zones if A[z]["habitat"] == h and A[z]["restricted_access"]]))
            if sum(A[z]["habitat"] == h and A[z]["restricted_access"] for z in zones) >= 2 else None)

    # ---- multihop (14)
    def sup(r):
        return p.i(r, "SUPERVISES")

    def subs(r):
        return p.o(r, "SUPERVISES")

    b.first("multihop", 2, rangers, lambda r: (f"Who does {N[r]}'s supervisor report to?", b.set_gold(p.i_many(sup(r), "SUPERVISES")))
            if A[r]["rank"] == "Trainee" else None)
    b.first("multihop", 2, rangers, lambda r: (f"Which rangers are managed by people who report directly to {N[r]}?",
                                                b.set_gold(p.o_many(subs(r), "SUPERVISES")))
            if A[r]["rank"] == "Senior Ranger" and len(p.o_many(subs(r), "SUPERVISES")) >= 2 else None)
    b.first("multihop", 2, rangers, lambda r: (f"Which areas of the park did {N[r]}'s patrols pass through?",
                                                b.set_gold(p.o_many(p.o(r, "LEADS"), "COVERS")))
            if len(p.o_many(p.o(r, "LEADS"), "COVERS")) >= 3 else None)
    b.first("multihop", 2, patrols, lambda x: (f"what species were recorded on {N[x]}",
                                                b.set_gold(p.o_many(p.o(x, "LOGGED"), "OBSERVED")))
            if len(p.o_many(p.o(x, "LOGGED"), "OBSERVED")) >= 3 else None)
    b.first("multihop", 2, zones, lambda z: (f"Who attended incidents that happened in {N[z]}?",
                                              b.set_gold(p.i_many(p.i(z, "OCCURRED_IN"), "RESPONDED_TO")))
            if len(p.i_many(p.i(z, "OCCURRED_IN"), "RESPONDED_TO")) >= 3 else None)
    b.first("multihop", 2, researchers, lambda r: (f"Which species is {N[r]} permitted to study?",
                                                    b.set_gold(p.o_many(p.o(r, "HOLDS"), "AUTHORIZES")))
            if len(p.o_many(p.o(r, "HOLDS"), "AUTHORIZES")) >= 3 else None)
    b.first("multihop", 2, researchers, lambda r: (f"In which zones may {N[r]} carry out research under their permits?",
                                                    b.set_gold(p.o_many(p.o(r, "HOLDS"), "VALID_IN")))
            if len(p.o_many(p.o(r, "HOLDS"), "VALID_IN")) >= 3 else None)
    b.first("multihop", 2, patrols, lambda x: (f"who is the supervisor of whoever headed {N[x]}",
                                                b.set_gold(p.i_many(p.i(x, "LEADS"), "SUPERVISES"))))

    def four_hop_species(r):
        return p.o_many(p.o_many(p.o_many(subs(r), "LEADS"), "LOGGED"), "OBSERVED")

    b.first("multihop", 4, rangers, lambda r: (f"How many different species turned up on patrols run by {N[r]}'s direct reports?",
                                                cnt(len(four_hop_species(r))))
            if A[r]["rank"] == "Ranger" and len(four_hop_species(r)) >= 2 else None)

    def four_hop_rangers(r):
        return p.i_many(p.i_many(p.o_many(p.o(r, "HOLDS"), "VALID_IN"), "OCCURRED_IN"), "RESPONDED_TO")

    b.first("multihop", 4, researchers, lambda r: (f"Show me the rangers who handled incidents in any zone that {N[r]}'s research permits apply to",
                                                    b.set_gold(four_hop_rangers(r)))
            if len(four_hop_rangers(r)) >= 2 else None)
    b.first("multihop", 3, rangers, lambda r: (f"Which animals did patrols headed by {N[r]} come across?",
                                                b.set_gold(p.o_many(p.o_many(p.o(r, "LEADS"), "LOGGED"), "OBSERVED")))
            if len(p.o_many(p.o_many(p.o(r, "LEADS"), "LOGGED"), "OBSERVED")) >= 3 else None)
    b.first("multihop", 3, species, lambda s: (f"Which rangers were in charge of the patrols on which the {N[s]} was sighted?",
                                                b.set_gold(p.i_many(p.i_many(p.i(s, "OBSERVED"), "LOGGED"), "LEADS")))
            if len(p.i_many(p.i_many(p.i(s, "OBSERVED"), "LOGGED"), "LEADS")) >= 2 else None)
    b.first("multihop", 2, rangers, lambda r: (f"how many sightings did {N[r]}'s patrols produce",
                                                cnt(len(p.o_many(p.o(r, "LEADS"), "LOGGED")))))
    b.first("multihop", 2, incidents, lambda i: (f"Who are the line managers of the rangers who attended {N[i]}?",
                                                  b.set_gold(p.i_many(p.i(i, "RESPONDED_TO"), "SUPERVISES")))
            if len(p.i_many(p.i(i, "RESPONDED_TO"), "SUPERVISES")) >= 2 else None)

    # ---- superlative (10)
    def sup_q(q, scores, highest=True, hops=0):
        top = b.unique_top(scores, highest)
        assert top is not None, q
        b.add("superlative", q, b.set_gold([top]), hops)

    sup_q("Which species has the largest estimated population?", {s: A[s]["population_estimate"] for s in species})
    sup_q("which zone covers the biggest area", {z: A[z]["area_km2"] for z in zones})
    sup_q("Who was the earliest ranger to be hired?", {r: -int(A[r]["hire_date"].replace("-", "")) for r in rangers})
    sup_q("who has headed the largest number of patrols", {r: len(p.o(r, "LEADS")) for r in rangers}, hops=1)
    sup_q("What zone has seen the most incidents?", {z: len(p.i(z, "OCCURRED_IN")) for z in zones}, hops=1)
    sup_q("Which species shows up in the most sightings?", {s: len(p.i(s, "OBSERVED")) for s in species}, hops=1)
    sup_q("Which patrol covered the longest total distance across its zones?",
          {x: round(sum(d["distance_km"] for _, d in p.out[(x, "COVERS")]), 4) for x in patrols}, hops=1)
    sup_q("Which species had the highest total number of individuals counted across all sightings?",
          {s: sum(d["individuals"] for _, d in p.inn[(s, "OBSERVED")]) for s in species}, hops=1)

    def scoped_fitness(r):
        scores = {x: A[x]["fitness_score"] for x in subs(r)}
        top = b.unique_top(scores) if len(scores) >= 3 else None
        return (f"Of {N[r]}'s direct reports, who has the highest fitness score?", b.set_gold([top])) if top else None

    b.first("superlative", 1, rangers, scoped_fitness)

    def scoped_weight(z):
        scores = {s: A[s]["avg_weight_kg"] for s in p.i(z, "INHABITS")}
        top = b.unique_top(scores) if len(scores) >= 3 else None
        return (f"Of the species living in {N[z]}, which one is heaviest on average?", b.set_gold([top])) if top else None

    b.first("superlative", 1, zones, scoped_weight)

    # ---- aggregate (5)
    b.add("aggregate", "What is the total damage estimate across all wildfire incidents?",
          val(round(sum(A[i]["damage_estimate"] for i in incidents if A[i]["incident_type"] == "wildfire"), 2)), 0)
    b.add("aggregate", "What's the average h-index of the researchers?",
          val(round(sum(A[r]["h_index"] for r in researchers) / len(researchers), 2)), 0)
    b.add("aggregate", "total area in km2 of the alpine zones",
          val(round(sum(A[z]["area_km2"] for z in zones if A[z]["habitat"] == "alpine"), 2)), 0)
    b.first("aggregate", 1, zones, lambda z: (f"What's the mean fitness score of rangers posted to {N[z]}?",
                                               val(round(sum(A[r]["fitness_score"] for r in p.i(z, "ASSIGNED_TO"))
                                                         / len(p.i(z, "ASSIGNED_TO")), 2)))
            if len(p.i(z, "ASSIGNED_TO")) >= 3 else None)
    b.first("aggregate", 1, species, lambda s: (f"How many individual animals in total were counted in sightings of the {N[s]}?",
                                                 val(sum(d["individuals"] for _, d in p.inn[(s, "OBSERVED")])))
            if len(p.inn[(s, "OBSERVED")]) >= 3 else None)

    # ---- edge_property (7)
    resp = [(s, t, d) for s, lab, t, d in p.edges if lab == "RESPONDED_TO"]
    b.first("edge_property", 1, resp, lambda e: (f"How long did {N[e[0]]} take to respond to {N[e[1]]}, in minutes?",
                                                  val(e[2]["response_minutes"])))
    cov = [(s, t, d) for s, lab, t, d in p.edges if lab == "COVERS"]
    b.first("edge_property", 1, cov, lambda e: (f"How far did {N[e[0]]} travel within {N[e[1]]}?", val(e[2]["distance_km"])))
    inh = [(s, t, d) for s, lab, t, d in p.edges if lab == "INHABITS"]
    b.first("edge_property", 1, inh, lambda e: (f"how abundant is the {N[e[0]]} in {N[e[1]]}", val(e[2]["abundance"])))
    iss = [(s, t, d) for s, lab, t, d in p.edges if lab == "ISSUED"]
    b.first("edge_property", 1, iss, lambda e: (f"When did {N[e[0]]} check out {N[e[1]]}?", val(e[2]["checkout_date"])))
    sv = [(s, t, d) for s, lab, t, d in p.edges if lab == "SUPERVISES"]
    b.first("edge_property", 1, sv, lambda e: (f"Since what date has {N[e[1]]} reported to {N[e[0]]}?", val(e[2]["since"])))
    b.add("edge_property", "How many incident responses took longer than 90 minutes?",
          cnt(sum(d["response_minutes"] > 90 for _, _, d in resp)), 1)
    b.first("edge_property", 1, zones, lambda z: (f"How many species breed in {N[z]}?",
                                                   cnt(sum(bool(d["breeding"]) for _, d in p.inn[(z, "INHABITS")]))))

    # ---- yes_no (8): yes, no, yes, no, ...
    def yn(v):
        return {"type": "bool", "value": v}

    b.first("yes_no", 1, sv, lambda e: (f"Does {N[e[0]]} supervise {N[e[1]]}?", yn(True)))
    b.first("yes_no", 1, sv, lambda e: (f"Is {N[e[0]]} supervised by {N[e[1]]}?", yn(False)))
    b.first("yes_no", 1, inh, lambda e: (f"Is the {N[e[0]]} found in {N[e[1]]}?", yn(True)))
    b.first("yes_no", 1, [(s, z) for s in species for z in zones if z not in p.o(s, "INHABITS")],
            lambda e: (f"can the {N[e[0]]} be found in {N[e[1]]}", yn(False)))
    b.first("yes_no", 1, resp, lambda e: (f"Was {N[e[0]]} one of the responders to {N[e[1]]}?", yn(True)))
    b.first("yes_no", 1, [(r, i) for r in rangers if p.o(r, "RESPONDED_TO") for i in incidents
                          if i not in p.o(r, "RESPONDED_TO")][:3000],
            lambda e: (f"Did {N[e[0]]} respond to {N[e[1]]}?", yn(False)))
    b.first("yes_no", 0, [s for s in species if A[s]["endemic"]], lambda s: (f"Is the {N[s]} endemic to the park?", yn(True)))
    b.first("yes_no", 0, [z for z in zones if not A[z]["restricted_access"]],
            lambda z: (f"Is {N[z]} a restricted-access zone?", yn(False)))

    # ---- portfolio (3)
    def nbrs(n):
        out = set()
        for (s, _lab), lst in p.out.items():
            if s == n:
                out |= {t for t, _ in lst}
        for (t, _lab), lst in p.inn.items():
            if t == n:
                out |= {s for s, _ in lst}
        return out

    b.first("portfolio", 1, permits, lambda m: (f"Tell me everything about {N[m]}.", b.set_gold(nbrs(m)))
            if 5 <= len(nbrs(m)) <= 12 else None)
    b.first("portfolio", 1, incidents, lambda i: (f"give me the full picture on {N[i]}", b.set_gold(nbrs(i)))
            if 4 <= len(nbrs(i)) <= 12 else None)
    b.first("portfolio", 1, researchers, lambda r: (f"What do we know about {N[r]}?", b.set_gold(nbrs(r)))
            if 2 <= len(nbrs(r)) <= 12 else None)

    # ---- unknown (4)
    names = {v.lower() for v in N.values()}
    for q, made_up in [("Where is ranger Bartholomew Quill posted?", "Bartholomew Quill"),
                       ("What is the IUCN status of the Spotted Quokka?", "Spotted Quokka"),
                       ("who holds Research Permit 917", "Research Permit 917"),
                       ("When was Incident Report 0888 filed?", "Incident Report 0888")]:
        assert made_up.lower() not in names
        b.add("unknown", q, {"type": "none"}, 1)

    # ---- global (3)
    b.add("global", "How many different node types are there in the graph?", cnt(len(set(p.type.values()))), 0)
    b.add("global", "how many relationship types does the schema define", cnt(len({e[1] for e in p.edges})), 0)
    b.add("global", "What's the total number of edges in the graph?", cnt(len(p.edges)), 0)
    return b.items


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) == 3 else os.path.join(out_dir, "park.graphml")
    items = build(Park(path))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
