"""Hold-out questions for the byog53 research-lab graph.

Usage: python tests/byog53/questions.py OUT_DIR [GRAPH_PATH]   ->   OUT_DIR/holdout.jsonl
GRAPH_PATH defaults to OUT_DIR/labs.graphml (what graph.py wrote). Reads only that file.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import Counter, defaultdict

import networkx as nx


class G:
    def __init__(self, path: str) -> None:
        g = nx.read_graphml(path, force_multigraph=True)
        self.nodes = {n: dict(d) for n, d in g.nodes(data=True)}
        self.edges = [(u, v, dict(d)) for u, v, d in g.edges(data=True)]
        self.out = defaultdict(lambda: defaultdict(list))
        self.inn = defaultdict(lambda: defaultdict(list))
        for u, v, d in self.edges:
            self.out[u][d["type"]].append(v)
            self.inn[v][d["type"]].append(u)

    def name(self, n: str) -> str:
        d = self.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def of(self, t: str) -> list[str]:
        return sorted((n for n, d in self.nodes.items() if d["type"] == t), key=lambda x: int(x.split("-")[1]))

    def o(self, n: str, t: str) -> list[str]:
        return sorted(set(self.out[n][t]))

    def i(self, n: str, t: str) -> list[str]:
        return sorted(set(self.inn[n][t]))

    def edge(self, u: str, v: str, t: str) -> dict | None:
        for a, b, d in self.edges:
            if a == u and b == v and d["type"] == t:
                return d
        return None


def _set(g: G, ids) -> dict:
    ids = sorted(set(ids), key=lambda x: (x.split("-")[0], int(x.split("-")[1])))
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def _unique_top(g: G, cands, key):
    scored = sorted(((key(c), c) for c in cands), reverse=True)
    if len(scored) < 2 or scored[0][0] == scored[1][0]:
        return None
    return scored[0][1]


def build(g: G) -> list[dict]:
    rng = random.Random(53)
    qs: list[dict] = []

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"id": f"byog53-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def first(cands, pred):
        cands = list(cands)
        rng.shuffle(cands)
        for c in cands:
            if pred(c):
                return c
        raise RuntimeError("no candidate")

    N = g.name
    labs, res, projs = g.of("Lab"), g.of("Researcher"), g.of("Project")
    grants, ags, inst = g.of("Grant"), g.of("Agency"), g.of("Instrument")
    pubs, confs, dsets, cos = g.of("Publication"), g.of("Conference"), g.of("Dataset"), g.of("Company")
    A = g.nodes

    # ---- count (5)
    add("count", "How many labs are in the network?", {"type": "count", "value": len(labs)}, 0)
    add("count", "how many researchers are there in total", {"type": "count", "value": len(res)}, 0)
    add("count", "What's the number of funding agencies in the data?", {"type": "count", "value": len(ags)}, 0)
    lab = first(labs, lambda x: len(g.i(x, "MEMBER_OF")) >= 10)
    add("count", f"How many people are members of the {N(lab)}?",
        {"type": "count", "value": len(g.i(lab, "MEMBER_OF"))}, 1)
    r = first(res, lambda x: len(g.o(x, "AUTHORED")) >= 5)
    add("count", f"Count the papers {N(r)} has authored.", {"type": "count", "value": len(g.o(r, "AUTHORED"))}, 1)

    # ---- filtered_count (10)
    def fc(text, nodes, pred):
        add("filtered_count", text, {"type": "count", "value": sum(1 for n in nodes if pred(A[n]))}, 0)

    fc("How many postdocs are there?", res, lambda d: d["rank"] == "Postdoc")
    fc("how many labs work in chemistry", labs, lambda d: d["field"] == "Chemistry")
    fc("Number of research projects that are currently paused?", projs, lambda d: d["status"] == "paused")
    fc("How many open-access publications have more than 25 citations?", pubs,
       lambda d: d["open_access"] and d["citations"] > 25)
    fc("How many instruments were bought before 2010?", inst, lambda d: d["purchased"] < "2010-01-01")
    fc("How many grants have an amount above 2,000?", grants, lambda d: d["amount"] > 2000)
    fc("how many datasets are publicly available", dsets, lambda d: d["public"])
    fc("How many publicly listed companies are in the robotics sector?", cos,
       lambda d: d["listed"] and d["sector"] == "Robotics")
    fc("How many tenured staff were hired in 2016 or later?", res,
       lambda d: d["tenured"] and d["hired"] >= "2016-01-01")
    fc("How many conferences are rated top tier?", confs, lambda d: d["tier"] == "top")

    # ---- list (7)
    lab = first(labs, lambda x: 3 <= len(g.o(x, "OWNS")) <= 8)
    add("list", f"Which instruments does the {N(lab)} own?", _set(g, g.o(lab, "OWNS")), 1)
    p = first(projs, lambda x: len(g.o(x, "FUNDED_BY")) == 3)
    add("list", f"list the grants that fund the {N(p)}", _set(g, g.o(p, "FUNDED_BY")), 1)
    p = first(projs, lambda x: len(g.o(x, "PRODUCED")) >= 3)
    add("list", f"Which datasets came out of the {N(p)}?", _set(g, g.o(p, "PRODUCED")), 1)
    lab = first(labs, lambda x: len(g.o(x, "PARTNERS_WITH")) >= 4)
    add("list", f"Show me the companies the {N(lab)} collaborates with", _set(g, g.o(lab, "PARTNERS_WITH")), 1)
    lab = first(labs, lambda x: bool(g.i(x, "HEADS")))
    add("list", f"Who heads the {N(lab)}?", _set(g, g.i(lab, "HEADS")), 1)
    lab = first(labs, lambda x: 2 <= sum(A[r]["rank"] == "PhD Student" for r in g.i(x, "MEMBER_OF")) <= 8)
    add("list", f"give me the PhD students in the {N(lab)}",
        _set(g, [r for r in g.i(lab, "MEMBER_OF") if A[r]["rank"] == "PhD Student"]), 1)
    add("list", "Which funding bodies are based in Doravia?",
        _set(g, [a for a in ags if A[a]["country"] == "Doravia"]), 0)

    # ---- multihop (14)
    def grandkids(x):
        return {s2 for s in g.o(x, "ADVISES") for s2 in g.o(s, "ADVISES")}

    r = first(res, lambda x: 2 <= len(grandkids(x)) <= 10)
    add("multihop", f"Who are the students of {N(r)}'s students?", _set(g, grandkids(r)), 2)

    def grand_adv(x):
        return {a2 for a in g.i(x, "ADVISES") for a2 in g.i(a, "ADVISES")}

    r = first(res, lambda x: len(grand_adv(x)) == 1)
    add("multihop", f"who was the advisor of {N(r)}'s advisor", _set(g, grand_adv(r)), 2)

    def sibs(x):
        return {s for a in g.i(x, "ADVISES") for s in g.o(a, "ADVISES")} - {x}

    r = first(res, lambda x: 2 <= len(sibs(x)) <= 8)
    add("multihop", f"Which other researchers share an advisor with {N(r)}?", _set(g, sibs(r)), 2)

    def lab_agencies(x):
        return {a for p in g.i(x, "HOSTED_BY") for gr in g.o(p, "FUNDED_BY") for a in g.o(gr, "ISSUED_BY")}

    lab = first(labs, lambda x: 2 <= len(lab_agencies(x)) <= 7)
    add("multihop", f"Which agencies bankroll projects hosted at the {N(lab)}?", _set(g, lab_agencies(lab)), 3)

    def r_confs(x):
        return {c for p in g.o(x, "AUTHORED") for c in g.o(p, "PRESENTED_AT")}

    r = first(res, lambda x: 3 <= len(r_confs(x)) <= 8)
    add("multihop", f"At which conferences have {N(r)}'s papers been presented?", _set(g, r_confs(r)), 2)

    def ins_labs(x):
        return {lab for p in g.i(x, "USES") for lab in g.o(p, "HOSTED_BY")}

    i = first(inst, lambda x: 2 <= len(ins_labs(x)) <= 6)
    add("multihop", f"which labs host projects that used the {N(i)}", _set(g, ins_labs(i)), 2)

    def coauth(x):
        return {a for p in g.o(x, "AUTHORED") for a in g.i(p, "AUTHORED")} - {x}

    r = first(res, lambda x: 3 <= len(coauth(x)) <= 10)
    add("multihop", f"Who has co-authored a publication with {N(r)}?", _set(g, coauth(r)), 2)

    def adv_agencies(x):
        return {a for adv in g.i(x, "ADVISES") for p in g.o(adv, "WORKS_ON") for gr in g.o(p, "FUNDED_BY")
                for a in g.o(gr, "ISSUED_BY")}

    r = first(res, lambda x: 2 <= len(adv_agencies(x)) <= 8)
    add("multihop", f"Which funding agencies issued the grants behind the projects that {N(r)}'s advisor works on?",
        _set(g, adv_agencies(r)), 4)

    def ds_cos(x):
        return {c for p in g.i(x, "PRODUCED") for r in g.i(p, "WORKS_ON") for lab in g.o(r, "MEMBER_OF")
                for c in g.o(lab, "PARTNERS_WITH")}

    d = first(dsets, lambda x: 2 <= len(ds_cos(x)) <= 10)
    add("multihop", f"Which companies partner with the labs of the researchers who worked on the project that "
        f"produced the {N(d)}?", _set(g, ds_cos(d)), 4)

    def ag_people(x):
        return {r for gr in g.i(x, "ISSUED_BY") for p in g.i(gr, "FUNDED_BY") for r in g.i(p, "WORKS_ON")}

    a = first(ags, lambda x: len(ag_people(x)) >= 13)
    add("multihop", f"How many distinct researchers have worked on projects paid for by grants from the {N(a)}?",
        {"type": "count", "value": len(ag_people(a))}, 3)

    def r_lab_ds(x):
        return {d for lab in g.o(x, "MEMBER_OF") for p in g.i(lab, "HOSTED_BY") for d in g.o(p, "PRODUCED")}

    r = first(res, lambda x: 2 <= len(r_lab_ds(x)) <= 9)
    add("multihop", f"what datasets were produced by projects hosted in {N(r)}'s lab?", _set(g, r_lab_ds(r)), 3)

    def r_ins(x):
        return {i for p in g.o(x, "WORKS_ON") for i in g.o(p, "USES")}

    r = first(res, lambda x: 3 <= len(r_ins(x)) <= 8)
    add("multihop", f"Which instruments are used by the projects {N(r)} is involved in?", _set(g, r_ins(r)), 2)

    def lab_conf_pubs(x, c):
        return {p for r in g.i(x, "MEMBER_OF") for p in g.o(r, "AUTHORED") if c in g.o(p, "PRESENTED_AT")}

    pairs = [(lab, c) for lab in labs for c in confs if len(lab_conf_pubs(lab, c)) >= 3]
    lab, c = first(pairs, lambda x: True)
    add("multihop", f"How many papers written by members of the {N(lab)} were presented at the {N(c)}?",
        {"type": "count", "value": len(lab_conf_pubs(lab, c))}, 3)

    def stud_ins_labs(x):
        return {lab for s in g.o(x, "ADVISES") for p in g.o(s, "WORKS_ON") for i in g.o(p, "USES")
                for lab in g.i(i, "OWNS")}

    r = first(res, lambda x: 2 <= len(stud_ins_labs(x)) <= 9)
    add("multihop", f"Which labs own the instruments used by projects that {N(r)}'s advisees work on?",
        _set(g, stud_ins_labs(r)), 4)

    # ---- superlative (10)
    def sup(text, winner, hops):
        add("superlative", text, _set(g, [winner]), hops)

    sup("Which instrument cost the most?", _unique_top(g, inst, lambda x: A[x]["cost"]), 0)
    sup("What is the most cited publication?", _unique_top(g, pubs, lambda x: A[x]["citations"]), 0)
    sup("which grant is the largest by amount", _unique_top(g, grants, lambda x: A[x]["amount"]), 0)
    def sup_alt(options, hops):
        for text, cands, key in options:
            w = _unique_top(g, cands, key)
            if w is not None:
                return sup(text, w, hops)
        raise RuntimeError("all superlative options tie")

    def members(x):
        return len(g.i(x, "MEMBER_OF"))

    sup_alt([("Which lab has the most members?", labs, members)]
            + [(f"Which {f.lower()} lab has the largest headcount?", [x for x in labs if A[x]["field"] == f], members)
               for f in ("Physics", "Biology", "Chemistry", "Computing", "Materials")], 1)

    def talks(x):
        return len(g.i(x, "PRESENTED_AT"))

    sup_alt([("Which conference has had the most papers presented at it?", confs, talks)]
            + [(f"Which {t}-tier conference has received the most papers?", [x for x in confs if A[x]["tier"] == t],
                talks) for t in ("top", "major", "regional")], 1)

    def npubs(x):
        return len(g.o(x, "AUTHORED"))

    sup_alt([("Who is the most prolific author, by number of publications?", res, npubs)]
            + [(f"Which {k.lower()} has authored the most papers?", [x for x in res if A[x]["rank"] == k], npubs)
               for k in ("Professor", "Lecturer", "Postdoc", "Research Engineer", "PhD Student")], 1)
    sup("Which agency has awarded the greatest total grant amount?",
        _unique_top(g, ags, lambda x: sum(A[gr]["amount"] for gr in g.i(x, "ISSUED_BY"))), 1)

    def contract_total(x):
        return sum(g.edge(x, c, "PARTNERS_WITH")["contract_value"] for c in g.o(x, "PARTNERS_WITH"))

    sup("Which lab's company partnerships add up to the highest total contract value?",
        _unique_top(g, labs, contract_total), 1)
    lab = first(labs, lambda x: len(g.i(x, "MEMBER_OF")) >= 12
                and _unique_top(g, g.i(x, "MEMBER_OF"), lambda r: A[r]["h_index"]) is not None)
    sup(f"Among the members of the {N(lab)}, who has the highest h-index?",
        _unique_top(g, g.i(lab, "MEMBER_OF"), lambda r: A[r]["h_index"]), 1)
    lab = first(labs, lambda x: len(g.i(x, "HOSTED_BY")) >= 5)
    sup(f"Of the projects hosted by the {N(lab)}, which one has the biggest budget?",
        _unique_top(g, g.i(lab, "HOSTED_BY"), lambda p: A[p]["budget"]), 1)

    # ---- aggregate (5)
    a = first(ags, lambda x: len(g.i(x, "ISSUED_BY")) >= 8)
    add("aggregate", f"What is the total amount of all grants issued by the {N(a)}?",
        {"type": "value", "value": round(sum(A[gr]["amount"] for gr in g.i(a, "ISSUED_BY")), 2)}, 1)
    lab = first(labs, lambda x: len(g.i(x, "MEMBER_OF")) >= 12)
    add("aggregate", f"average h-index of the {N(lab)}'s members?",
        {"type": "value", "value": round(sum(A[r]["h_index"] for r in g.i(lab, "MEMBER_OF"))
                                         / len(g.i(lab, "MEMBER_OF")), 2)}, 1)
    lab = first(labs, lambda x: len(g.o(x, "OWNS")) >= 4)
    add("aggregate", f"What's the combined cost of the instruments owned by the {N(lab)}?",
        {"type": "value", "value": round(sum(A[i]["cost"] for i in g.o(lab, "OWNS")), 2)}, 1)
    c = first(confs, lambda x: len(g.i(x, "PRESENTED_AT")) >= 10)
    add("aggregate", f"On average, how many citations do papers presented at the {N(c)} have?",
        {"type": "value", "value": round(sum(A[p]["citations"] for p in g.i(c, "PRESENTED_AT"))
                                         / len(g.i(c, "PRESENTED_AT")), 2)}, 1)
    add("aggregate", "What is the total budget of all active projects?",
        {"type": "value", "value": round(sum(A[p]["budget"] for p in projs if A[p]["status"] == "active"), 2)}, 0)

    # ---- edge_property (7)
    wo = [(u, v, d) for u, v, d in g.edges if d["type"] == "WORKS_ON"]
    u, v, d = first(wo, lambda e: e[2]["hours_per_week"] >= 10)
    add("edge_property", f"How many hours per week does {N(u)} put into the {N(v)}?",
        {"type": "value", "value": d["hours_per_week"]}, 1)
    u, v, d = first(wo, lambda e: e[2]["role"] == "consultant")
    add("edge_property", f"what role does {N(u)} have on the {N(v)}", {"type": "value", "value": d["role"]}, 1)
    pw = [(u, v, d) for u, v, d in g.edges if d["type"] == "PARTNERS_WITH"]
    u, v, d = first(pw, lambda e: True)
    add("edge_property", f"What is the contract value of the partnership between the {N(u)} and {N(v)}?",
        {"type": "value", "value": d["contract_value"]}, 1)
    u, v, d = first(pw, lambda e: True)
    add("edge_property", f"When did the {N(u)}'s collaboration with {N(v)} begin?",
        {"type": "value", "value": d["started"]}, 1)
    ad = [(u, v, d) for u, v, d in g.edges if d["type"] == "ADVISES"]
    u, v, d = first(ad, lambda e: True)
    add("edge_property", f"In what year did {N(u)} start supervising {N(v)}?",
        {"type": "value", "value": d["start_year"]}, 1)
    add("edge_property", "How many researcher-project assignments carry the lead role?",
        {"type": "count", "value": sum(1 for e in wo if e[2]["role"] == "lead")}, 1)
    add("edge_property", "how many of the lab-company partnerships are exclusive?",
        {"type": "count", "value": sum(1 for e in pw if e[2]["exclusive"])}, 1)

    # ---- yes_no (8: 4 yes, 4 no)
    def yn(text, val, hops):
        add("yes_no", text, {"type": "bool", "value": bool(val)}, hops)

    u, v, _ = first(ad, lambda e: True)
    yn(f"Does {N(u)} advise {N(v)}?", True, 1)
    u, v, _ = first(ad, lambda e: not g.edge(e[1], e[0], "ADVISES"))
    yn(f"Is {N(u)} a student of {N(v)}?", False, 1)
    u, v, _ = first(pw, lambda e: True)
    yn(f"Is the {N(u)} partnered with {N(v)}?", True, 1)
    lab = first(labs, lambda x: bool(g.o(x, "PARTNERS_WITH")))
    co = first(cos, lambda x: x not in g.o(lab, "PARTNERS_WITH"))
    yn(f"does the {N(lab)} have a partnership with {N(co)}", False, 1)
    pa = [(u, v) for u, v, d in g.edges if d["type"] == "PRESENTED_AT"]
    u, v = first(pa, lambda e: True)
    yn(f"Was \"{N(u)}\" presented at the {N(v)}?", True, 1)
    r = first(res, lambda x: len(g.o(x, "WORKS_ON")) >= 1)
    p = first(projs, lambda x: x not in g.o(r, "WORKS_ON") and A[x] is not None)
    yn(f"Has {N(r)} ever worked on the {N(p)}?", False, 1)
    i = first(inst, lambda x: A[x]["calibrated"])
    yn(f"Is the {N(i)} calibrated?", True, 0)
    gr = first(grants, lambda x: not A[x]["renewable"])
    yn(f"is the {N(gr)} renewable?", False, 0)

    # ---- portfolio (3)
    def nbrs(x):
        return {v for vs in g.out[x].values() for v in vs} | {u for us in g.inn[x].values() for u in us}

    for pool, lo in ((grants, 3), (inst, 3), (cos, 3)):
        x = first(pool, lambda n, lo=lo: lo <= len(nbrs(n)) <= 12)
        text = {"Grant": f"Tell me everything about the {N(x)}.",
                "Instrument": f"what do we know about the {N(x)}? give me all its connections",
                "Company": f"Give me the full picture of {N(x)}: everything it is linked to."}[A[x]["type"]]
        add("portfolio", text, _set(g, nbrs(x)), 1)

    # ---- unknown (4)
    add("unknown", "How many members does the Zanzibar Lab have?", {"type": "none"}, 0)
    add("unknown", "Which grants fund the Purple Narwhal Initiative?", {"type": "none"}, 0)
    add("unknown", "who does Wilhelmina Okafor-Brandt advise", {"type": "none"}, 0)
    add("unknown", "When was the Hyperion Mass Spectrometer purchased?", {"type": "none"}, 0)

    # ---- global (3)
    types = Counter(d["type"] for d in A.values())
    add("global", "How many different kinds of entities does this graph contain?",
        {"type": "count", "value": len(types)}, 0)
    add("global", "how many distinct relationship types are there",
        {"type": "count", "value": len({d["type"] for _, _, d in g.edges})}, 0)
    add("global", "Which entity type has the most nodes?", {"type": "value", "value": types.most_common(1)[0][0]}, 0)

    _check(g, qs)
    return qs


def _check(g: G, qs: list[dict]) -> None:
    all_names = [g.name(n).lower() for n in g.nodes]
    for q in qs:
        text, gold = q["question"], q["gold"]
        low = text.lower()
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, q
            for nm in gold["names"]:
                assert nm.lower() not in low, q
        elif gold["type"] == "count":
            assert gold["value"] > 0, q
            assert not re.search(rf"(?<![\w.,]){gold['value']}(?![\w])", text), q
        elif gold["type"] == "value":
            assert str(gold["value"]).lower() not in low, q
        elif gold["type"] == "none":
            assert not any(nm in low for nm in all_names), q


def main() -> None:
    out_dir = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "labs.graphml")
    qs = build(G(path))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
