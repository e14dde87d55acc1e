"""Questions with gold computed straight from the transit GraphML file (networkx), never from a store or planner.

    python tests/byog2/questions.py GRAPHML [OUT.jsonl]     # default OUT: tests/byog2/questions.jsonl

Entities are picked by rules over the graph (deterministic); a question whose gold would be ambiguous (a tie for a
superlative, a set over 40) is not asked. Each question is checked: a synthetic correct answer must PASS the
structured judge.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx

HERE = Path(__file__).resolve().parent


class G:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.type = {n: d["labels"].lstrip(":") for n, d in self.g.nodes(data=True)}
        self.by_name = {d["name"]: n for n, d in self.g.nodes(data=True)}

    def of(self, t: str) -> list[str]:
        return sorted(n for n, ty in self.type.items() if ty == t)

    def a(self, n: str, key: str):
        return self.g.nodes[n][key]

    def name(self, n: str) -> str:
        return self.g.nodes[n]["name"]

    def out(self, n: str, label: str) -> list[str]:
        return sorted(v for v in self.g.successors(n) if self.g.edges[n, v]["label"] == label)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted(u for u in self.g.predecessors(n) if self.g.edges[u, n]["label"] == label)

    def one(self, n: str, label: str) -> str:
        (v,) = self.out(n, label)
        return v


def build(path: Path) -> list[dict]:
    G_ = G(path)
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int = 0) -> None:
        qs.append({"id": f"tr-{len(qs) + 1:03d}", "kind": kind, "question": question, "gold": gold, "hops": hops})

    def count(v: int) -> dict:
        return {"type": "count", "value": v}

    def st(ids) -> dict:
        ids = sorted(set(ids))
        return {"type": "set", "ids": ids, "names": [G_.name(i) for i in ids]}

    def val(v) -> dict:
        return {"type": "value", "value": v}

    def unique_max(items, key):
        items = list(items)
        best = max(key(i) for i in items)
        top = [i for i in items if key(i) == best]
        return top[0] if len(top) == 1 else None

    def unique_min(items, key):
        return unique_max(items, lambda i: -key(i))

    stations, lines, ops = G_.of("Station"), G_.of("Line"), G_.of("Operator")
    dists, depots, vehs, incs = G_.of("District"), G_.of("Depot"), G_.of("Vehicle"), G_.of("Incident")
    n = G_.name
    line_stops = {ln: G_.out(ln, "STOPS_AT") for ln in lines}
    lines_at = {s: G_.inn(s, "STOPS_AT") for s in stations}
    line_of = {v: G_.one(v, "ASSIGNED_TO") for v in vehs}
    op_of = {ln: G_.one(ln, "OPERATED_BY") for ln in lines}
    dist_of = {s: G_.one(s, "LOCATED_IN") for s in stations}
    inc_at = {i: G_.one(i, "OCCURRED_AT") for i in incs}
    inc_veh = {i: G_.one(i, "INVOLVED") for i in incs}
    incs_at = defaultdict(list)
    for i, s in inc_at.items():
        incs_at[s].append(i)

    # ---------------------------------------------------------------- aggregate
    add("aggregate", "How many stations are there in the network?", count(len(stations)))
    add("aggregate", "How many tram lines are there?", count(sum(G_.a(ln, "mode") == "tram" for ln in lines)))
    add("aggregate", "How many major incidents have been reported?",
        count(sum(G_.a(i, "severity") == "major" for i in incs)))
    add("aggregate", "How many stations are step-free?", count(sum(G_.a(s, "step_free") == "yes" for s in stations)))
    add("aggregate", "How many stations are in zone 3?", count(sum(G_.a(s, "zone") == 3 for s in stations)))
    d0 = depots[2]
    add("aggregate", f"How many vehicles are kept at {n(d0)}?", count(len(G_.inn(d0, "KEPT_AT"))), 1)
    dd = dists[4]
    add("aggregate", f"How many stations are there in {n(dd)}?", count(len(G_.inn(dd, "LOCATED_IN"))), 1)
    ln0 = lines[3]
    add("aggregate", f"How many stops does the {n(ln0)} have?", count(len(line_stops[ln0])), 1)
    busy = sorted(stations, key=lambda s: (-len(incs_at[s]), s))[5]
    add("aggregate", f"How many incidents happened at {n(busy)}?", count(len(incs_at[busy])), 1)
    add("aggregate", "How many incidents were reported in 2023?",
        count(sum(G_.a(i, "reported").startswith("2023") for i in incs)))
    ln1 = lines[6]
    add("aggregate", f"What is the total passenger capacity of the vehicles assigned to the {n(ln1)}?",
        val(sum(G_.a(v, "capacity") for v in G_.inn(ln1, "ASSIGNED_TO"))), 1)
    sig = [G_.a(i, "delay_minutes") for i in incs if G_.a(i, "cause") == "signal fault"]
    add("aggregate", "What is the average delay in minutes caused by signal faults?",
        val(round(sum(sig) / len(sig), 1)))
    op0 = ops[0]
    add("aggregate", f"How many lines does {n(op0)} operate?", count(len(G_.inn(op0, "OPERATED_BY"))), 1)
    v0 = sorted(vehs, key=lambda v: (-len(G_.inn(v, "INVOLVED")), v))[2]
    add("aggregate", f"How many incidents has {n(v0)} been involved in?", count(len(G_.inn(v0, "INVOLVED"))), 1)
    add("aggregate", "How many vehicles were built before 2005?",
        count(sum(G_.a(v, "build_year") < 2005 for v in vehs)))
    add("aggregate", "What is the total delay in minutes from incidents caused by power outages?",
        val(sum(G_.a(i, "delay_minutes") for i in incs if G_.a(i, "cause") == "power outage")))

    # ---------------------------------------------------------------- relation (1 hop)
    multi = [s for s in stations if len(lines_at[s]) >= 2]
    s1 = multi[1]
    add("relation", f"Which lines stop at {n(s1)}?", st(lines_at[s1]), 1)
    ln2 = lines[9]
    add("relation", f"Which stations does the {n(ln2)} serve?", st(line_stops[ln2]), 1)
    ln3 = lines[11]
    add("relation", f"Who operates the {n(ln3)}?", st([op_of[ln3]]), 1)
    op1 = ops[2]
    add("relation", f"Which lines are run by {n(op1)}?", st(G_.inn(op1, "OPERATED_BY")), 1)
    s2 = stations[17]
    add("relation", f"Which district is {n(s2)} in?", st([dist_of[s2]]), 1)
    d1 = dists[7]
    add("relation", f"Which stations are located in {n(d1)}?", st(G_.inn(d1, "LOCATED_IN")), 1)
    v1 = vehs[40]
    add("relation", f"Which depot is {n(v1)} kept at?", st([G_.one(v1, "KEPT_AT")]), 1)
    ln4 = lines[1]
    add("relation", f"Which vehicles are assigned to the {n(ln4)}?", st(G_.inn(ln4, "ASSIGNED_TO")), 1)
    i1 = incs[57]
    add("relation", f"At which station did {n(i1)} happen?", st([inc_at[i1]]), 1)
    i2 = incs[203]
    add("relation", f"Which vehicle was involved in {n(i2)}?", st([inc_veh[i2]]), 1)
    # self-relation, both directions; anchors chosen so a symmetric reading gives the same answer
    out_only = [s for s in stations if G_.out(s, "CONNECTS_TO") and not G_.inn(s, "CONNECTS_TO")]
    in_only = [s for s in stations if G_.inn(s, "CONNECTS_TO") and not G_.out(s, "CONNECTS_TO")]
    s3 = sorted(out_only, key=lambda s: (-len(G_.out(s, "CONNECTS_TO")), s))[0]
    add("relation", f"Which stations does {n(s3)} connect to?", st(G_.out(s3, "CONNECTS_TO")), 1)
    s4 = sorted(in_only, key=lambda s: (-len(G_.inn(s, "CONNECTS_TO")), s))[0]
    add("relation", f"Which stations connect to {n(s4)}?", st(G_.inn(s4, "CONNECTS_TO")), 1)
    s5 = sorted(out_only, key=lambda s: (-len(G_.out(s, "CONNECTS_TO")), s))[3]
    add("relation", f"What stations can I reach directly from {n(s5)}?", st(G_.out(s5, "CONNECTS_TO")), 1)
    d2 = depots[0]
    add("relation", f"Where is {n(ops[1])} headquartered?", st([G_.one(ops[1], "HEADQUARTERED_IN")]), 1)
    add("relation", f"Which district is {n(d2)} in?", st([G_.one(d2, "SITUATED_IN")]), 1)
    s6 = sorted(stations, key=lambda s: (-len(incs_at[s]), s))[0]
    add("relation", f"Which incidents were reported at {n(s6)}?", st(incs_at[s6]), 1)

    # ---------------------------------------------------------------- multi-hop
    v2 = vehs[77]
    add("multi_hop", f"Which operator runs the line that {n(v2)} is assigned to?", st([op_of[line_of[v2]]]), 2)
    ln5 = lines[0]
    add("multi_hop", f"Which districts does the {n(ln5)} pass through?", st({dist_of[s] for s in line_stops[ln5]}), 2)
    d3 = dists[2]
    add("multi_hop", f"Which lines serve stations in {n(d3)}?",
        st({ln for s in G_.inn(d3, "LOCATED_IN") for ln in lines_at[s]}), 2)
    d4 = depots[3]
    add("multi_hop", f"Which lines have vehicles kept at {n(d4)}?", st({line_of[v] for v in G_.inn(d4, "KEPT_AT")}), 2)
    ln6 = lines[2]
    add("multi_hop", f"Which stations on the {n(ln6)} have had a major incident?",
        st({s for s in line_stops[ln6] for i in incs_at[s] if G_.a(i, "severity") == "major"}), 2)
    d5 = depots[5]
    add("multi_hop", f"Which operators have vehicles kept at {n(d5)}?",
        st({op_of[line_of[v]] for v in G_.inn(d5, "KEPT_AT")}), 3)
    s7 = sorted(stations, key=lambda s: (-len(incs_at[s]), s))[1]
    add("multi_hop", f"Which depots house the vehicles involved in incidents at {n(s7)}?",
        st({G_.one(inc_veh[i], "KEPT_AT") for i in incs_at[s7]}), 3)
    d6 = dists[9]
    add("multi_hop", f"Which operators run lines that stop in {n(d6)}?",
        st({op_of[ln] for s in G_.inn(d6, "LOCATED_IN") for ln in lines_at[s]}), 3)
    d7 = dists[5]
    add("multi_hop", f"Which lines had vehicles involved in incidents at stations in {n(d7)}?",
        st({line_of[inc_veh[i]] for s in G_.inn(d7, "LOCATED_IN") for i in incs_at[s]}), 4)
    s8 = sorted(stations, key=lambda s: (-len(incs_at[s]), s))[3]
    add("multi_hop", f"Which operators' vehicles were involved in incidents at {n(s8)}?",
        st({op_of[line_of[inc_veh[i]]] for i in incs_at[s8]}), 4)
    ln7 = lines[5]
    add("multi_hop", f"How many incidents happened at stations served by the {n(ln7)}?",
        count(sum(len(incs_at[s]) for s in line_stops[ln7])), 2)
    op2 = ops[3]
    add("multi_hop", f"How many vehicles are assigned to lines operated by {n(op2)}?",
        count(sum(len(G_.inn(ln, "ASSIGNED_TO")) for ln in G_.inn(op2, "OPERATED_BY"))), 2)
    ln8 = lines[7]
    add("multi_hop", f"In which districts did incidents involving vehicles of the {n(ln8)} take place?",
        st({dist_of[inc_at[i]] for v in G_.inn(ln8, "ASSIGNED_TO") for i in G_.inn(v, "INVOLVED")}), 4)
    ln9 = lines[12]
    add("multi_hop", f"Which depots keep the vehicles of the {n(ln9)}?",
        st({G_.one(v, "KEPT_AT") for v in G_.inn(ln9, "ASSIGNED_TO")}), 2)

    # ---------------------------------------------------------------- comparison
    def sup(question: str, items, key, smallest: bool = False, hops: int = 0) -> None:
        best = (unique_min if smallest else unique_max)(items, key)
        if best is not None:
            add("comparison", question, st([best]), hops)

    sup("Which station has the most daily boardings?", stations, lambda s: G_.a(s, "daily_boardings"))
    sup("Which line is the longest?", lines, lambda ln: G_.a(ln, "length_km"))
    trams = [ln for ln in lines if G_.a(ln, "mode") == "tram"]
    sup("Which tram line is the shortest?", trams, lambda ln: G_.a(ln, "length_km"), smallest=True)
    sup("Which district has the largest population?", dists, lambda d: G_.a(d, "population"))
    sup("Which operator was founded first?", ops, lambda o: G_.a(o, "founded"), smallest=True)
    sup("Which incident caused the longest delay?", incs, lambda i: G_.a(i, "delay_minutes"))
    sup("Which line has the most vehicles assigned to it?", lines, lambda ln: len(G_.inn(ln, "ASSIGNED_TO")), hops=1)
    sup("Which station has had the most incidents?", stations, lambda s: len(incs_at[s]), hops=1)
    va, vb = vehs[10], vehs[120]
    if G_.a(va, "build_year") != G_.a(vb, "build_year"):
        older = va if G_.a(va, "build_year") < G_.a(vb, "build_year") else vb
        add("comparison", f"Which is older, {n(va)} or {n(vb)}?", st([older]))
    ln10 = lines[4]
    on = line_stops[ln10][2]
    off = next(s for s in stations if s not in line_stops[ln10])
    add("comparison", f"Does the {n(ln10)} stop at {n(on)}?", {"type": "bool", "value": True}, 1)
    add("comparison", f"Does the {n(ln10)} stop at {n(off)}?", {"type": "bool", "value": False}, 1)
    yes_s = next(s for s in stations[30:] if G_.a(s, "step_free") == "yes")
    no_s = next(s for s in stations[60:] if G_.a(s, "step_free") == "no")
    add("comparison", f"Is {n(yes_s)} step-free?", {"type": "bool", "value": True})
    add("comparison", f"Is {n(no_s)} step-free?", {"type": "bool", "value": False})
    ln11 = lines[13]
    other_op = next(o for o in ops if o != op_of[ln11])
    add("comparison", f"Does {n(other_op)} operate the {n(ln11)}?", {"type": "bool", "value": False}, 1)
    add("comparison", f"Does {n(op_of[ln11])} operate the {n(ln11)}?", {"type": "bool", "value": True}, 1)

    # ---------------------------------------------------------------- lookup
    s9 = stations[44]
    add("lookup", f"What fare zone is {n(s9)} in?", val(G_.a(s9, "zone")))
    s10 = stations[91]
    add("lookup", f"When did {n(s10)} open?", val(G_.a(s10, "opened")))
    add("lookup", f"What colour is the {n(lines[8])}?", val(G_.a(lines[8], "colour")))
    add("lookup", f"What model is {n(vehs[150])}?", val(G_.a(vehs[150], "model")))
    add("lookup", f"How long is the {n(lines[10])} in kilometres?", val(G_.a(lines[10], "length_km")))
    add("lookup", f"How severe was {n(incs[88])}?", val(G_.a(incs[88], "severity")))
    add("lookup", f"What caused {n(incs[144])}?", val(G_.a(incs[144], "cause")))
    add("lookup", f"When was {n(ops[2])} founded?", val(G_.a(ops[2], "founded")))
    add("lookup", f"How many vehicles can {n(depots[4])} hold?", val(G_.a(depots[4], "capacity")))
    a, b = next((u, v) for u, v, d in G_.g.edges(data=True) if d["label"] == "CONNECTS_TO")
    add("lookup", f"How many minutes does it take to get from {n(a)} to {n(b)}?",
        val(G_.g.edges[a, b]["minutes"]), 1)

    # ---------------------------------------------------------------- portfolio-style lists
    add("portfolio", "List all the metro lines.", st(ln for ln in lines if G_.a(ln, "mode") == "metro"))
    add("portfolio", "Show me all the depots.", st(depots))
    d8 = dists[0]
    add("portfolio", f"List the step-free stations in {n(d8)}.",
        st(s for s in G_.inn(d8, "LOCATED_IN") if G_.a(s, "step_free") == "yes"), 1)
    d9 = depots[1]
    add("portfolio", f"List the vehicles at {n(d9)} built after 2018.",
        st(v for v in G_.inn(d9, "KEPT_AT") if G_.a(v, "build_year") > 2018), 1)
    add("portfolio", f"Give me the bus routes operated by {n(ops[3])}.",
        st(ln for ln in G_.inn(ops[3], "OPERATED_BY") if G_.a(ln, "mode") == "bus"), 1)
    s11 = sorted(stations, key=lambda s: (-len(incs_at[s]), s))[2]
    add("portfolio", f"List the major incidents at {n(s11)}.",
        st(i for i in incs_at[s11] if G_.a(i, "severity") == "major"), 1)

    # ---------------------------------------------------------------- unknown names
    for q, missing in [("Which lines stop at Marigold Terrace?", "Marigold Terrace"),
                       ("How many incidents involved Tram 9999?", "Tram 9999"),
                       ("Who operates the Scarlet Line?", "Scarlet Line"),
                       ("Which stations are in Lowmoor?", "Lowmoor"),
                       ("When did Pelican Wharf open?", "Pelican Wharf")]:
        assert missing not in G_.by_name, missing
        add("unanswerable", q, {"type": "none"})
    return qs


def synthetic_answer(gold: dict) -> str:
    t = gold["type"]
    if t == "count":
        return f"There are {gold['value']}."
    if t == "set":
        return "; ".join(gold["names"]) + "."
    if t == "value":
        return f"It is {gold['value']}."
    if t == "bool":
        return "Yes." if gold["value"] else "No."
    return "Not found: there is no such entity in the graph."


def validate(qs: list[dict]) -> None:
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    for q in qs:
        g = q["gold"]
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 40, (q["id"], len(g["ids"]))
        j = judge.judge(Question(id=q["id"], kind=q["kind"], question=q["question"], gold=g, hops=q["hops"]),
                        synthetic_answer(g))
        assert j.verdict == "PASS", (q, j.reason)


def write(graphml: Path, out: Path) -> list[dict]:
    qs = build(graphml)
    validate(qs)
    out.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    return qs


if __name__ == "__main__":
    src = Path(sys.argv[1])
    dst = Path(sys.argv[2]) if len(sys.argv) > 2 else HERE / "questions.jsonl"
    qs = write(src, dst)
    print(f"{len(qs)} questions -> {dst}", dict(Counter(q["kind"] for q in qs)))
