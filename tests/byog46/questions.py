"""Deterministic question set for the byog46 construction graph.

    python tests/byog46/questions.py OUT_DIR [GRAPH_PATH]

reads the CSV folder graph.py wrote (GRAPH_PATH, default OUT_DIR/construction_csv) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import random
import re
import sys
from collections.abc import Callable

import networkx as nx

CAST = {"int": int, "float": float, "boolean": lambda s: s == "true", "date": str, "string": str}


def load(folder: str) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for path in sorted(glob.glob(os.path.join(folder, "*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head, body = rows[0], rows[1:]
        if head[0] == ":START_ID":
            props = [(h.split(":")[0], h.split(":")[1]) for h in head[3:]]
            for r in body:
                g.add_edge(r[0], r[1], key=r[2], type=r[2],
                           **{k: CAST[t](v) for (k, t), v in zip(props, r[3:], strict=True)})
        else:
            props = [(h.split(":")[0], h.split(":")[1]) for h in head[2:]]
            for r in body:
                g.add_node(r[0], label=r[1], **{k: CAST[t](v) for (k, t), v in zip(props, r[2:], strict=True)})
    return g


class Q:
    def __init__(self, g: nx.MultiDiGraph, seed: int = 4646):
        self.g = g
        self.rng = random.Random(seed)
        self.out: list[dict] = []

    # -- graph helpers
    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def of(self, label: str, **eq) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True)
                       if d["label"] == label and all(d.get(k) == v for k, v in eq.items())),
                      key=lambda n: (n.split("-")[0], int(n.split("-")[1])))

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def out_(self, n: str, et: str) -> list[str]:
        return sorted({b for _, b, k in self.g.out_edges(n, keys=True) if k == et})

    def in_(self, n: str, et: str) -> list[str]:
        return sorted({a for a, _, k in self.g.in_edges(n, keys=True) if k == et})

    def walk(self, starts: list[str], steps: list[tuple[str, str]]) -> list[str]:
        cur = set(starts)
        for et, d in steps:
            nxt: set[str] = set()
            for n in cur:
                nxt.update(self.out_(n, et) if d == "out" else self.in_(n, et))
            cur = nxt
        return sorted(cur)

    def edge(self, a: str, b: str, et: str) -> dict | None:
        return self.g.get_edge_data(a, b, key=et)

    def pick(self, cands: list[str], fn: Callable):
        cands = list(cands)
        self.rng.shuffle(cands)
        for c in cands:
            r = fn(c)
            if r is not None:
                return r
        raise RuntimeError("no candidate fits")

    def unique_best(self, items: list[str], key: Callable) -> str | None:
        vals = [(key(i), i) for i in items]
        if not vals:
            return None
        best = max(v for v, _ in vals)
        top = [i for v, i in vals if v == best]
        return top[0] if len(top) == 1 else None

    # -- emitting
    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        self.out.append({"id": f"byog46-{len(self.out) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                         "hops": hops})

    def sgold(self, ids: list[str]) -> dict:
        ids = sorted(ids, key=lambda n: (n.split("-")[0], int(n.split("-")[1])))
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}


def ok_set(q: Q, text: str, ids: list[str], lo: int = 1, hi: int = 12) -> bool:
    if not lo <= len(ids) <= hi:
        return False
    low = text.lower()
    return not any(q.name(i).lower() in low for i in ids)


def ok_num(text: str, value) -> bool:
    nums = {float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)}
    return float(value) not in nums and str(value) not in text


def build(q: Q) -> None:  # noqa: C901 - one linear list of questions
    g = q.g
    P, C, S, SB, PE, EQ, AR = (q.of(x) for x in ("Project", "Client", "Site", "Subcontractor", "Person",
                                                  "Equipment", "Architect"))
    n = q.name

    # ---- count
    for text, label in [("How many projects are on the books?", "Project"),
                        ("how many subcontractor firms do we work with", "Subcontractor"),
                        ("Total number of safety incidents recorded?", "Incident"),
                        ("Count the pieces of plant and equipment in the fleet.", "Equipment"),
                        ("How many material deliveries have been logged?", "Delivery")]:
        q.add("count", text, {"type": "count", "value": len(q.of(label))}, 0)

    # ---- filtered count
    fc = [
        ("How many projects are currently on hold?", q.of("Project", status="on hold")),
        ("how many electrical subcontractors are there", q.of("Subcontractor", trade="electrical")),
        ("Number of critical safety incidents?", q.of("Incident", severity="critical")),
        ("How many inspections ended with a fail outcome?", q.of("Inspection", outcome="fail")),
        ("how many deliveries were rejected on arrival", q.of("Delivery", rejected=True)),
        ("How many of our sites sit in a flood zone?", q.of("Site", flood_zone=True)),
        ("How many projects have more than 30 floors?", [p for p in P if q.a(p, "floors") > 30]),
        ("How many people were hired before 2010?", [p for p in PE if q.a(p, "hired") < "2010-01-01"]),
        ("How many tower cranes were built after 2015?",
         [e for e in q.of("Equipment", kind="tower crane") if q.a(e, "year_built") > 2015]),
        ("How many plant operators hold a first aid certificate?", q.of("Person", role="plant operator",
                                                                        first_aid=True)),
    ]
    for text, ids in fc:
        assert ids and ok_num(text, len(ids)), text
        q.add("filtered_count", text, {"type": "count", "value": len(ids)}, 0)

    # ---- list
    def lst(cands, make, steps, lo=1):
        def f(c):
            text = make(n(c))
            ids = q.walk([c], steps)
            return (text, ids) if ok_set(q, text, ids, lo) else None
        text, ids = q.pick(cands, f)
        q.add("list", text, q.sgold(ids), len(steps))

    lst(C, lambda x: f"Which projects did {x} commission?", [("COMMISSIONED", "out")], 2)
    lst(SB, lambda x: f"list everyone employed by {x}", [("EMPLOYED_BY", "in")], 2)
    lst(EQ, lambda x: f"Which sites has the {x} been deployed on?", [("DEPLOYED_ON", "out")], 2)
    lst(PE, lambda x: f"who reports directly to {x}?", [("SUPERVISES", "out")], 2)
    lst(P, lambda x: f"Show me the architects behind {x}", [("DESIGNED", "in")], 2)
    lst(S, lambda x: f"which safety incidents happened at {x}", [("OCCURRED_AT", "in")], 2)
    lst(P, lambda x: f"Give me the inspections carried out on {x}.", [("INSPECTED", "in")], 2)

    # ---- multihop
    def mh(cands, make, steps, count=False, lo=1):
        def f(c):
            text = make(n(c))
            ids = [i for i in q.walk([c], steps) if i != c]
            if count:
                return (text, ids) if ids and ok_num(text, len(ids)) else None
            return (text, ids) if ok_set(q, text, ids, lo) else None
        text, ids = q.pick(cands, f)
        gold = {"type": "count", "value": len(ids)} if count else q.sgold(ids)
        q.add("multihop", text, gold, len(steps))

    crew = [p for p in PE if q.a(p, "role") not in ("site manager", "foreman")]
    seniors = q.of("Person", role="site manager")
    mh(crew, lambda x: f"Who is the boss of {x}'s supervisor?", [("SUPERVISES", "in"), ("SUPERVISES", "in")])
    mh(seniors, lambda x: f"Which people are supervised by the people that {x} supervises?",
       [("SUPERVISES", "out"), ("SUPERVISES", "out")], lo=3)
    mh(crew, lambda x: f"Which projects is {x}'s supervisor assigned to?", [("SUPERVISES", "in"),
                                                                          ("ASSIGNED_TO", "out")])
    mh(q.of("Person", role="foreman"), lambda x: f"which subcontractors employ the crew that {x} oversees",
       [("SUPERVISES", "out"), ("EMPLOYED_BY", "out")], lo=2)
    mh(SB, lambda x: f"What machines are operated by staff of {x}?", [("EMPLOYED_BY", "in"), ("OPERATES", "out")],
       lo=2)
    mh(S, lambda x: f"Which clients have commissioned projects at {x}?", [("LOCATED_AT", "in"),
                                                                        ("COMMISSIONED", "in")], lo=2)
    mh(AR, lambda x: f"On which sites are the projects designed by {x}?", [("DESIGNED", "out"),
                                                                          ("LOCATED_AT", "out")], lo=2)
    mh(SB, lambda x: f"On which sites has equipment run by {x} employees been deployed?",
       [("EMPLOYED_BY", "in"), ("OPERATES", "out"), ("DEPLOYED_ON", "out")], lo=2)
    mh(P, lambda x: f"Who was involved in incidents at the site of {x}?",
       [("LOCATED_AT", "out"), ("OCCURRED_AT", "in"), ("INVOLVED", "out")], lo=2)
    mh(C, lambda x: f"Which subcontractors employ people assigned to projects commissioned by {x}?",
       [("COMMISSIONED", "out"), ("ASSIGNED_TO", "in"), ("EMPLOYED_BY", "out")], lo=2)
    mh(C, lambda x: f"how many deliveries went to the sites of {x}'s projects",
       [("COMMISSIONED", "out"), ("LOCATED_AT", "out"), ("DELIVERED_TO", "in")], count=True)
    mh(q.of("Person", role="plant operator"),
       lambda x: f"Which clients commissioned projects located at sites where equipment operated by {x} was deployed?",
       [("OPERATES", "out"), ("DEPLOYED_ON", "out"), ("LOCATED_AT", "in"), ("COMMISSIONED", "in")], lo=2)
    mh([p for p in PE if q.in_(p, "INVOLVED")],
       lambda x: f"Which architects designed projects on the sites where incidents involving {x} took place?",
       [("INVOLVED", "in"), ("OCCURRED_AT", "out"), ("LOCATED_AT", "in"), ("DESIGNED", "in")], lo=2)
    mh(P, lambda x: f"Who supervises the workers assigned to {x}?", [("ASSIGNED_TO", "in"), ("SUPERVISES", "in")],
       lo=2)

    # ---- superlative
    def sup(text, items, key, hops=0):
        best = q.unique_best(items, key)
        assert best is not None and ok_set(q, text, [best]), text
        q.add("superlative", text, q.sgold([best]), hops)

    sup("Which project has the biggest budget?", P, lambda p: q.a(p, "budget_musd"))
    sup("Who has been with us longest, going by hire date?", PE,
        lambda p: -int(q.a(p, "hired").replace("-", "")))
    sup("which mobile crane has the highest lifting capacity", q.of("Equipment", kind="mobile crane"),
        lambda e: q.a(e, "capacity_t"))
    sup("Which subcontractor holds the largest total subcontract value across its projects?", SB,
        lambda s: round(sum(q.edge(s, p, "SUBCONTRACTED_ON")["contract_kusd"] for p in q.out_(s, "SUBCONTRACTED_ON")),
                        2), 1)
    sup("Which client has commissioned the most projects?", C, lambda c: len(q.out_(c, "COMMISSIONED")), 1)
    sup("which project has the biggest workforce assigned to it", P, lambda p: len(q.in_(p, "ASSIGNED_TO")), 1)
    sup("Which client's projects add up to the largest total budget?", C,
        lambda c: round(sum(q.a(p, "budget_musd") for p in q.out_(c, "COMMISSIONED")), 2), 1)
    sup("Which site has taken the most tonnes of deliveries in total?", S,
        lambda s: round(sum(q.a(d, "quantity_t") for d in q.in_(s, "DELIVERED_TO")), 1), 1)

    def scoped(cands, make, steps, key):
        def f(c):
            items = q.walk([c], steps)
            if len(items) < 3:
                return None
            best = q.unique_best(items, key)
            text = make(n(c))
            return (text, best) if best is not None and ok_set(q, text, [best]) else None
        text, best = q.pick(cands, f)
        q.add("superlative", text, q.sgold([best]), 1)

    scoped(C, lambda x: f"Among the projects commissioned by {x}, which one has the most floors?",
           [("COMMISSIONED", "out")], lambda p: q.a(p, "floors"))
    scoped(SB, lambda x: f"Of the people employed by {x}, who earns the highest hourly rate?",
           [("EMPLOYED_BY", "in")], lambda p: q.a(p, "hourly_rate"))

    # ---- aggregate
    def agg(cands, make, fn, hops):
        def f(c):
            text = make(n(c)) if c else make("")
            v = fn(c)
            return (text, v) if v and ok_num(text, v) else None
        text, v = q.pick(cands, f)
        q.add("aggregate", text, {"type": "value", "value": v}, hops)

    agg(C, lambda x: f"What is the combined budget, in millions, of every project {x} commissioned?",
        lambda c: round(sum(q.a(p, "budget_musd") for p in q.out_(c, "COMMISSIONED")), 2)
        if len(q.out_(c, "COMMISSIONED")) >= 2 else None, 1)
    el = q.of("Person", role="electrician")
    agg([""], lambda _: "average hourly rate for electricians?",
        lambda _: round(sum(q.a(p, "hourly_rate") for p in el) / len(el), 2), 0)
    agg(S, lambda x: f"Total lost days across all incidents at {x}?",
        lambda s: sum(q.a(i, "lost_days") for i in q.in_(s, "OCCURRED_AT")) if len(q.in_(s, "OCCURRED_AT")) >= 2
        else None, 1)
    ex = q.of("Equipment", kind="excavator")
    agg([""], lambda _: "What's the mean capacity in tonnes of the excavators in the fleet",
        lambda _: round(sum(q.a(e, "capacity_t") for e in ex) / len(ex), 2), 0)
    agg(S, lambda x: f"How many tonnes of rebar have been delivered to {x} altogether?",
        lambda s: round(sum(q.a(d, "quantity_t") for d in q.in_(s, "DELIVERED_TO") if q.a(d, "material") == "rebar"),
                        1) if len([d for d in q.in_(s, "DELIVERED_TO") if q.a(d, "material") == "rebar"]) >= 2
        else None, 1)

    # ---- edge property
    def edges_of(et):
        return sorted(((a, b) for a, b, k in g.edges(keys=True) if k == et),
                      key=lambda e: (int(e[0].split("-")[1]), int(e[1].split("-")[1])))

    def ep(et, make, attr):
        def f(e):
            text = make(n(e[0]), n(e[1]))
            v = q.edge(e[0], e[1], et)[attr]
            return (text, v) if str(v) not in text and (isinstance(v, str) or ok_num(text, v)) else None
        text, v = q.pick(edges_of(et), f)
        q.add("edge_property", text, {"type": "value", "value": v}, 1)

    ep("COMMISSIONED", lambda a, b: f"What was the contract value (in $M) when {a} commissioned {b}?",
       "contract_value_musd")
    ep("SUBCONTRACTED_ON", lambda a, b: f"When was {a} awarded its subcontract on {b}?", "awarded")
    ep("SUBCONTRACTED_ON", lambda a, b: f"what scope does {a}'s contract on {b} cover", "scope")
    ep("ASSIGNED_TO", lambda a, b: f"How many hours has {a} logged on {b}?", "hours")
    ep("SUPERVISES", lambda a, b: f"Since when has {a} been supervising {b}?", "since")

    def fixed(p):
        text = f"How many of the subcontracts on {n(p)} are fixed price?"
        k = sum(1 for s in q.in_(p, "SUBCONTRACTED_ON") if q.edge(s, p, "SUBCONTRACTED_ON")["fixed_price"])
        return (text, k) if k >= 2 and ok_num(text, k) else None
    text, k = q.pick(P, fixed)
    q.add("edge_property", text, {"type": "count", "value": k}, 1)
    k = sum(1 for a, b in edges_of("OPERATES") if not q.edge(a, b, "OPERATES")["ticket_valid"])
    q.add("edge_property", "How many operator-to-machine pairings have an operating ticket that is not valid?",
          {"type": "count", "value": k}, 1)

    # ---- yes / no
    def yn(cands, make, truth, want, hops=1):
        def f(c):
            text = make(c)
            return text if truth(c) == want else None
        q.add("yes_no", q.pick(cands, f), {"type": "bool", "value": want}, hops)

    pairs_ap = [(a, p) for a in AR for p in P]
    yn(edges_of("DESIGNED"), lambda e: f"Did {n(e[0])} design {n(e[1])}?", lambda e: True, True)
    yn(pairs_ap[::37], lambda e: f"Was {n(e[1])} designed by {n(e[0])}?", lambda e: q.edge(*e, "DESIGNED") is not None,
       False)
    yn(edges_of("EMPLOYED_BY"), lambda e: f"does {n(e[0])} work for {n(e[1])}", lambda e: True, True)
    yn([(p, s) for p in PE[::7] for s in SB[::11]], lambda e: f"Is {n(e[0])} employed by {n(e[1])}?",
       lambda e: q.edge(*e, "EMPLOYED_BY") is not None, False)
    yn(edges_of("DEPLOYED_ON"), lambda e: f"Has the {n(e[0])} ever been deployed on {n(e[1])}?", lambda e: True, True)
    yn(edges_of("SUPERVISES"), lambda e: f"Is {n(e[0])} supervised by {n(e[1])}?",
       lambda e: q.edge(e[1], e[0], "SUPERVISES") is not None, False)
    yn(S, lambda s: f"Is {n(s)} in a flood zone?", lambda s: q.a(s, "flood_zone"), True, 0)
    yn(P, lambda p: f"is {n(p)} certified", lambda p: q.a(p, "certified"), False, 0)

    # ---- portfolio
    def port(cands, make):
        def f(c):
            text = make(n(c))
            ids = sorted(set(g.successors(c)) | set(g.predecessors(c)))
            return (text, ids) if ok_set(q, text, ids, 3, 12) else None
        text, ids = q.pick(cands, f)
        q.add("portfolio", text, q.sgold(ids), 1)

    port(EQ, lambda x: f"Tell me everything about the {x}.")
    port(SB, lambda x: f"give me the full picture on {x}")
    port(P, lambda x: f"What do we know about {x}?")

    # ---- unknown (made-up names, checked against every display name)
    low = " ".join(n(x).lower() for x in g.nodes)
    for text, fake in [("Which projects did Zanzibar Quarry Holdings commission?", "Zanzibar Quarry Holdings"),
                       ("Who supervises Persephone Quackenbush?", "Persephone Quackenbush"),
                       ("What is the budget of the Obsidian Spire Hotel project?", "Obsidian Spire Hotel"),
                       ("when was the Volkov Megalift 9000 last serviced", "Volkov Megalift 9000")]:
        assert fake.lower() not in low
        q.add("unknown", text, {"type": "none"}, 0)

    # ---- global
    labels = {d["label"] for _, d in g.nodes(data=True)}
    types = {k for _, _, k in g.edges(keys=True)}
    q.add("global", "How many node types does the graph have?", {"type": "count", "value": len(labels)}, 0)
    q.add("global", "how many different kinds of relationship are defined in this schema",
          {"type": "count", "value": len(types)}, 0)
    q.add("global", "What is the total number of entities in the graph?",
          {"type": "count", "value": g.number_of_nodes()}, 0)


def validate(q: Q) -> None:
    for row in q.out:
        text, gold = row["question"], row["gold"]
        if gold["type"] == "set":
            assert ok_set(q, text, gold["ids"]), row["id"]
        elif gold["type"] in ("count", "value"):
            v = gold["value"]
            assert (str(v).lower() not in text.lower()) if isinstance(v, str) else ok_num(text, v), row["id"]
            if gold["type"] == "count":
                assert v > 0, row["id"]


def main() -> None:
    out_dir = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "construction_csv")
    q = Q(load(folder))
    build(q)
    validate(q)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for row in q.out:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(q.out)} questions")


if __name__ == "__main__":
    main()
