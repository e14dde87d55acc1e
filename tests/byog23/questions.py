"""Hold-out questions for the byog23 water-utility graph.

    python tests/byog23/questions.py OUT_DIR [GRAPH_PATH]

reads only the GraphML that graph.py wrote (default OUT_DIR/water.graphml) and writes OUT_DIR/holdout.jsonl.
Deterministic: subjects are drawn with random.Random(SEED) from sorted candidates.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import defaultdict

import networkx as nx

SEED = 2323
_NUM_RE = re.compile(r"(?<![\w\-#/.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)")


class G:
    def __init__(self, path: str):
        g = nx.read_graphml(path)
        self.type = {n: d["labels"].lstrip(":") for n, d in g.nodes(data=True)}
        self.attr = {n: {k: v for k, v in d.items() if k != "labels"} for n, d in g.nodes(data=True)}
        self.edges = [(u, d["label"], v, {k: x for k, x in d.items() if k != "label"}) for u, v, d in g.edges(data=True)]
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str, str], dict] = {}
        for u, lab, v, a in self.edges:
            self.out[(u, lab)].append(v)
            self.inn[(v, lab)].append(u)
            self.eattr[(u, lab, v)] = a

    def name(self, n: str) -> str:
        a = self.attr[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def of(self, t: str) -> list[str]:
        return sorted((n for n, x in self.type.items() if x == t), key=_key)

    def o(self, n, lab):
        return sorted(self.out.get((n, lab), []), key=_key)

    def i(self, n, lab):
        return sorted(self.inn.get((n, lab), []), key=_key)


def _key(n: str):
    p, _, k = n.rpartition("-")
    return (p, int(k))


class Builder:
    def __init__(self, g: G):
        self.g = g
        self.rows: list[dict] = []
        self.rng = random.Random(SEED)
        self.used: set[str] = set()

    def pick(self, cands, ok=lambda _: True):
        cands = [c for c in cands if c not in self.used and ok(c)]
        assert cands, "no candidate"
        c = self.rng.choice(cands)
        self.used.add(c)
        return c

    def add(self, kind, question, gold, hops):
        self._check(question, gold)
        self.rows.append({"id": f"byog23-{len(self.rows) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                          "hops": hops})

    def _check(self, q, gold):
        ql = q.lower()
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, (q, gold)
            assert len(set(gold["ids"])) == len(gold["ids"])
            for nm in gold["names"]:
                assert nm.lower() not in ql, (q, nm)
        elif gold["type"] == "count":
            assert gold["value"] > 0, q
            assert float(gold["value"]) not in {float(x.replace(",", "")) for x in _NUM_RE.findall(q)}, q
        elif gold["type"] == "value":
            v = gold["value"]
            if isinstance(v, str):
                assert v.lower() not in ql, (q, v)
            else:
                assert all(abs(float(x.replace(",", "")) - v) > 0.02 * abs(v) for x in _NUM_RE.findall(q)), (q, v)

    def set_gold(self, ids):
        ids = sorted(set(ids), key=_key)
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}


def _unique_best(items, score, highest=True):
    """The single item with the best score, or None on a tie."""
    scored = sorted(((score(x), x) for x in items), key=lambda p: p[0], reverse=highest)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def build(g: G) -> list[dict]:  # noqa: C901 - one question after another
    b = Builder(g)
    a, n, o, i = g.attr, g.name, g.o, g.i
    techs, crews, wos = g.of("Technician"), g.of("Crew"), g.of("WorkOrder")
    assets, facs, dists = g.of("Asset"), g.of("Facility"), g.of("District")
    parts, sups, incs, insps = g.of("Part"), g.of("Supplier"), g.of("Incident"), g.of("Inspection")
    cnt = lambda xs: {"type": "count", "value": len(xs)}  # noqa: E731

    # ---- count
    b.add("count", "How many technicians does the utility employ?", cnt(techs), 0)
    b.add("count", "how many work orders are there in total", cnt(wos), 0)
    b.add("count", "Number of spare parts in the catalogue?", cnt(parts), 0)
    b.add("count", "What's the number of incidents on record?", cnt(incs), 0)
    b.add("count", "How many supply companies do we buy parts from?", cnt(sups), 0)

    # ---- filtered_count
    b.add("filtered_count", "How many of our assets are hydrants?",
          cnt([x for x in assets if a[x]["asset_class"] == "hydrant"]), 0)
    b.add("filtered_count", "how many work orders are flagged urgent priority",
          cnt([x for x in wos if a[x]["priority"] == "urgent"]), 0)
    b.add("filtered_count", "How many incidents led to a boil-water notice being issued?",
          cnt([x for x in incs if a[x]["boil_water_notice"]]), 0)
    b.add("filtered_count", "Count the inspections whose result was a fail.",
          cnt([x for x in insps if a[x]["result"] == "fail"]), 0)
    b.add("filtered_count", "How many technicians are certified for confined-space entry?",
          cnt([x for x in techs if a[x]["confined_space_certified"]]), 0)
    b.add("filtered_count", "How many facilities are currently offline?",
          cnt([x for x in facs if not a[x]["online"]]), 0)
    b.add("filtered_count", "How many assets were installed before 1980?",
          cnt([x for x in assets if a[x]["install_date"] < "1980-01-01"]), 0)
    b.add("filtered_count", "number of suppliers headquartered in Germany?",
          cnt([x for x in sups if a[x]["country"] == "Germany"]), 0)
    b.add("filtered_count", "How many pumps have telemetry fitted?",
          cnt([x for x in assets if a[x]["asset_class"] == "pump" and a[x]["telemetry"]]), 0)
    b.add("filtered_count", "How many contamination incidents have been logged?",
          cnt([x for x in incs if a[x]["incident_type"] == "contamination"]), 0)

    # ---- list
    d = b.pick(dists, lambda x: 1 <= len(i(x, "LOCATED_IN")) <= 12)
    b.add("list", f"Which facilities are located in {n(d)}?", b.set_gold(i(d, "LOCATED_IN")), 1)
    d = b.pick(dists, lambda x: 1 <= len(i(x, "BASED_IN")) <= 12)
    b.add("list", f"list the crews based out of {n(d)}", b.set_gold(i(d, "BASED_IN")), 1)
    b.add("list", "Which suppliers are Swedish?", b.set_gold([x for x in sups if a[x]["country"] == "Sweden"]), 0)
    b.add("list", "Show me all the reservoirs.",
          b.set_gold([x for x in facs if a[x]["facility_kind"] == "reservoir"]), 0)
    b.add("list", "which crews work the night shift?", b.set_gold([x for x in crews if a[x]["shift"] == "night"]), 0)
    c = b.pick(crews, lambda x: 2 <= len(i(x, "MEMBER_OF")) <= 12)
    b.add("list", f"Who is on the {n(c)} crew?", b.set_gold(i(c, "MEMBER_OF")), 1)
    s = b.pick(sups, lambda x: 2 <= len(i(x, "SUPPLIED_BY")) <= 12)
    b.add("list", f"Give me the parts that {n(s)} supplies", b.set_gold(i(s, "SUPPLIED_BY")), 1)

    # ---- multihop
    def grand_reports(t):
        return sorted({z for y in o(t, "SUPERVISES") for z in o(y, "SUPERVISES")}, key=_key)

    t = b.pick(techs, lambda x: 1 <= len(grand_reports(x)) <= 12)
    b.add("multihop", f"Who reports to the people that {n(t)} supervises?", b.set_gold(grand_reports(t)), 2)

    def grand_boss(t):
        return [z for y in i(t, "SUPERVISES") for z in i(y, "SUPERVISES")]

    t = b.pick(techs, lambda x: len(grand_boss(x)) == 1)
    b.add("multihop", f"who is the supervisor of {n(t)}'s supervisor?", b.set_gold(grand_boss(t)), 2)

    def siblings(t):
        return sorted({z for y in i(t, "SUPERVISES") for z in o(y, "SUPERVISES")} - {t}, key=_key)

    t = b.pick(techs, lambda x: 1 <= len(siblings(x)) <= 10)
    b.add("multihop", f"Which other technicians share a supervisor with {n(t)}?", b.set_gold(siblings(t)), 2)

    def boss_crew(t):
        return sorted({z for y in i(t, "SUPERVISES") for z in o(y, "MEMBER_OF")}, key=_key)

    t = b.pick(techs, lambda x: len(boss_crew(x)) == 1 and boss_crew(x) != o(x, "MEMBER_OF"))
    b.add("multihop", f"What crew is {n(t)}'s boss in?", b.set_gold(boss_crew(t)), 2)

    def report_districts(t):
        return sorted({d for y in o(t, "SUPERVISES") for c in o(y, "MEMBER_OF") for d in o(c, "BASED_IN")}, key=_key)

    t = b.pick(techs, lambda x: 2 <= len(report_districts(x)) <= 12)
    b.add("multihop", f"In which districts are the crews of the technicians {n(t)} supervises based?",
          b.set_gold(report_districts(t)), 3)

    def wo_suppliers(w):
        return sorted({s for p in o(w, "CONSUMES") for s in o(p, "SUPPLIED_BY")}, key=_key)

    w = b.pick(wos, lambda x: 2 <= len(wo_suppliers(x)) <= 12)
    b.add("multihop", f"which suppliers make the parts used on work order {n(w)}", b.set_gold(wo_suppliers(w)), 2)

    def fac_incidents(f):
        return sorted({z for y in i(f, "INSTALLED_AT") for z in i(y, "OCCURRED_AT")}, key=_key)

    f = b.pick(facs, lambda x: 2 <= len(fac_incidents(x)) <= 12)
    b.add("multihop", f"List the incidents that happened on equipment at {n(f)}.", b.set_gold(fac_incidents(f)), 2)

    def fac_crews(f):
        return sorted({c for y in i(f, "INSTALLED_AT") for w in i(y, "TARGETS") for c in o(w, "ASSIGNED_TO")}, key=_key)

    f = b.pick(facs, lambda x: 2 <= len(fac_crews(x)) <= 12)
    b.add("multihop", f"Which crews have done jobs on assets at {n(f)}?", b.set_gold(fac_crews(f)), 3)

    def asset_inc_suppliers(x):
        return sorted({s for inc in i(x, "OCCURRED_AT") for w in i(inc, "RESOLVES") for p in o(w, "CONSUMES")
                       for s in o(p, "SUPPLIED_BY")}, key=_key)

    x = b.pick(assets, lambda y: 2 <= len(asset_inc_suppliers(y)) <= 12)
    b.add("multihop", f"Which suppliers provided parts for the work orders that fixed incidents on {n(x)}?",
          b.set_gold(asset_inc_suppliers(x)), 4)

    def fac_inc_crews(f):
        return sorted({c for y in i(f, "INSTALLED_AT") for inc in i(y, "OCCURRED_AT") for w in i(inc, "RESOLVES")
                       for c in o(w, "ASSIGNED_TO")}, key=_key)

    f = b.pick(facs, lambda y: 2 <= len(fac_inc_crews(y)) <= 12)
    b.add("multihop", f"what crews responded to incidents involving assets at {n(f)}",
          b.set_gold(fac_inc_crews(f)), 4)

    def tech_insp_districts(t):
        return sorted({d for s in o(t, "CONDUCTED") for y in o(s, "EXAMINES") for f in o(y, "INSTALLED_AT")
                       for d in o(f, "LOCATED_IN")}, key=_key)

    t = b.pick(techs, lambda y: 2 <= len(tech_insp_districts(y)) <= 12)
    b.add("multihop", f"In which districts are the assets that {n(t)} has inspected?",
          b.set_gold(tech_insp_districts(t)), 4)

    def fac_inspectors(f):
        return sorted({t for y in i(f, "INSTALLED_AT") for s in i(y, "EXAMINES") for t in i(s, "CONDUCTED")}, key=_key)

    f = b.pick(facs, lambda y: 2 <= len(fac_inspectors(y)) <= 12)
    b.add("multihop", f"Who has carried out inspections of assets installed at {n(f)}?", b.set_gold(fac_inspectors(f)), 3)

    def crew_bosses(c):
        return sorted({s for t in i(c, "MEMBER_OF") for s in i(t, "SUPERVISES")}, key=_key)

    c = b.pick(crews, lambda y: 2 <= len(crew_bosses(y)) <= 12)
    b.add("multihop", f"Who supervises the members of the {n(c)} crew?", b.set_gold(crew_bosses(c)), 2)

    def district_wos(d):
        return sorted({w for f in i(d, "LOCATED_IN") for y in i(f, "INSTALLED_AT") for w in i(y, "TARGETS")}, key=_key)

    d = b.pick(dists, lambda y: len(district_wos(y)) > 0)
    b.add("multihop", f"How many work orders have targeted assets in the {n(d)} district?", cnt(district_wos(d)), 3)

    # ---- superlative
    x = _unique_best(dists, lambda y: a[y]["population"])
    b.add("superlative", "Which district has the largest population?", b.set_gold([x]), 0)
    x = _unique_best(facs, lambda y: a[y]["capacity_ml"])
    b.add("superlative", "what's the biggest facility by capacity", b.set_gold([x]), 0)
    x = _unique_best(crews, lambda y: len(i(y, "ASSIGNED_TO")))
    assert x
    b.add("superlative", "Which crew has been handed the most work orders?", b.set_gold([x]), 1)
    x = _unique_best(parts, lambda y: len(i(y, "CONSUMES")))
    assert x
    b.add("superlative", "Which spare part gets used on the largest number of work orders?", b.set_gold([x]), 1)
    x = _unique_best(crews, lambda y: sum(g.eattr[(w, "ASSIGNED_TO", y)]["hours_logged"] for w in i(y, "ASSIGNED_TO")))
    assert x
    b.add("superlative", "Which crew has logged the most hours in total across its assignments?", b.set_gold([x]), 1)
    x = _unique_best(dists, lambda y: sum(a[f]["capacity_ml"] for f in i(y, "LOCATED_IN")))
    assert x
    b.add("superlative", "Which district has the greatest combined capacity across its facilities?",
          b.set_gold([x]), 1)
    c = b.pick(crews, lambda y: len(i(y, "MEMBER_OF")) >= 3 and
               _unique_best(i(y, "MEMBER_OF"), lambda t: a[t]["years_experience"]) is not None)
    x = _unique_best(i(c, "MEMBER_OF"), lambda t: a[t]["years_experience"])
    b.add("superlative", f"Among the {n(c)} crew's members, who has the most years of experience?", b.set_gold([x]), 1)
    f = b.pick(facs, lambda y: len(i(y, "INSTALLED_AT")) >= 3 and
               _unique_best(i(y, "INSTALLED_AT"), lambda z: a[z]["install_date"], highest=False) is not None)
    x = _unique_best(i(f, "INSTALLED_AT"), lambda z: a[z]["install_date"], highest=False)
    b.add("superlative", f"What is the oldest asset installed at {n(f)}?", b.set_gold([x]), 1)
    s = b.pick(sups, lambda y: len(i(y, "SUPPLIED_BY")) >= 3 and
               _unique_best(i(y, "SUPPLIED_BY"), lambda z: a[z]["unit_price"]) is not None)
    x = _unique_best(i(s, "SUPPLIED_BY"), lambda z: a[z]["unit_price"])
    b.add("superlative", f"Of the parts {n(s)} provides, which one has the highest unit price?", b.set_gold([x]), 1)
    t = b.pick(techs, lambda y: len(o(y, "SUPERVISES")) >= 3 and
               _unique_best(o(y, "SUPERVISES"), lambda z: a[z]["hire_date"]) is not None)
    x = _unique_best(o(t, "SUPERVISES"), lambda z: a[z]["hire_date"])
    b.add("superlative", f"which of {n(t)}'s direct reports was hired most recently", b.set_gold([x]), 1)

    # ---- aggregate
    b.add("aggregate", "What is the total estimated cost of all urgent-priority work orders?",
          {"type": "value", "value": round(sum(a[x]["estimated_cost"] for x in wos if a[x]["priority"] == "urgent"), 2)}, 0)
    b.add("aggregate", "what's the average hourly rate across all technicians",
          {"type": "value", "value": round(sum(a[x]["hourly_rate"] for x in techs) / len(techs), 2)}, 0)
    b.add("aggregate", "How many customers in total were affected by burst incidents?",
          {"type": "value", "value": sum(a[x]["customers_affected"] for x in incs if a[x]["incident_type"] == "burst")}, 0)
    cc = [x for x in insps if a[x]["method"] == "CCTV"]
    b.add("aggregate", "Average score of the CCTV inspections?",
          {"type": "value", "value": round(sum(a[x]["score"] for x in cc) / len(cc), 2)}, 0)
    c = b.pick(crews)
    b.add("aggregate", f"Total hours logged by {n(c)} on all its work orders",
          {"type": "value", "value": round(sum(g.eattr[(w, "ASSIGNED_TO", c)]["hours_logged"]
                                               for w in i(c, "ASSIGNED_TO")), 1)}, 1)

    # ---- edge_property
    w = b.pick(wos)
    c = o(w, "ASSIGNED_TO")[0]
    b.add("edge_property", f"How many hours did crew {n(c)} book against work order {n(w)}?",
          {"type": "value", "value": g.eattr[(w, "ASSIGNED_TO", c)]["hours_logged"]}, 1)
    p = b.pick(parts, lambda y: len(o(y, "SUPPLIED_BY")) >= 1)
    s = o(p, "SUPPLIED_BY")[0]
    b.add("edge_property", f"What lead time, in days, does {n(s)} quote for the {n(p)}?",
          {"type": "value", "value": g.eattr[(p, "SUPPLIED_BY", s)]["lead_time_days"]}, 1)

    def qty_ok(y):
        ps = o(y, "CONSUMES")
        return bool(ps) and all(abs(float(v) - g.eattr[(y, "CONSUMES", ps[0])]["quantity"]) > 0.02
                                for v in _NUM_RE.findall(n(y) + " " + n(ps[0])))

    w = b.pick(wos, qty_ok)
    p = o(w, "CONSUMES")[0]
    b.add("edge_property", f"how many units of {n(p)} did {n(w)} consume",
          {"type": "value", "value": g.eattr[(w, "CONSUMES", p)]["quantity"]}, 1)
    t = b.pick(techs[24:])
    c = o(t, "MEMBER_OF")[0]
    b.add("edge_property", f"What role does {n(t)} hold in the {n(c)} crew?",
          {"type": "value", "value": g.eattr[(t, "MEMBER_OF", c)]["role"]}, 1)
    c = b.pick(crews, lambda y: any(g.eattr[(w, "ASSIGNED_TO", y)]["overtime"] for w in i(y, "ASSIGNED_TO")))
    b.add("edge_property", f"How many of the jobs assigned to {n(c)} ran into overtime?",
          cnt([w for w in i(c, "ASSIGNED_TO") if g.eattr[(w, "ASSIGNED_TO", c)]["overtime"]]), 1)
    b.add("edge_property", "How many supply arrangements are on framework contract terms?",
          cnt([e for e in g.edges if e[1] == "SUPPLIED_BY" and e[3]["contract_tier"] == "framework"]), 1)
    t = b.pick(techs)
    c = o(t, "MEMBER_OF")[0]
    b.add("edge_property", f"When did {n(t)} join {n(c)}?",
          {"type": "value", "value": g.eattr[(t, "MEMBER_OF", c)]["joined"]}, 1)

    # ---- yes_no (4 yes, 4 no)
    t = b.pick(techs)
    b.add("yes_no", f"Is {n(t)} a member of the {n(o(t, 'MEMBER_OF')[0])} crew?", {"type": "bool", "value": True}, 1)
    t = b.pick(techs)
    other = b.rng.choice([c for c in crews if c not in o(t, "MEMBER_OF")])
    b.add("yes_no", f"does {n(t)} belong to crew {n(other)}", {"type": "bool", "value": False}, 1)
    t = b.pick(techs, lambda y: len(o(y, "SUPERVISES")) >= 1)
    y = o(t, "SUPERVISES")[0]
    b.used.add(y)
    b.add("yes_no", f"Does {n(t)} supervise {n(y)}?", {"type": "bool", "value": True}, 1)
    t = b.pick(techs, lambda z: len(o(z, "SUPERVISES")) >= 1)
    y = o(t, "SUPERVISES")[-1]
    b.used.add(y)
    b.add("yes_no", f"Is {n(t)} supervised by {n(y)}?", {"type": "bool", "value": False}, 1)
    f = b.pick(facs)
    b.add("yes_no", f"Is {n(f)} in {n(o(f, 'LOCATED_IN')[0])}?", {"type": "bool", "value": True}, 1)
    f = b.pick(facs)
    other = b.rng.choice([d for d in dists if d not in o(f, "LOCATED_IN")])
    b.add("yes_no", f"is {n(f)} located in the {n(other)} district", {"type": "bool", "value": False}, 1)
    p = b.pick(parts)
    b.add("yes_no", f"Does {n(o(p, 'SUPPLIED_BY')[0])} supply the {n(p)}?", {"type": "bool", "value": True}, 1)
    p = b.pick(parts)
    other = b.rng.choice([s for s in sups if s not in o(p, "SUPPLIED_BY")])
    b.add("yes_no", f"Can we source {n(p)} from {n(other)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio
    def nbrs(x):
        out = {v for u, _, v, _ in g.edges if u == x} | {u for u, _, v, _ in g.edges if v == x}
        return sorted(out, key=_key)

    t = b.pick(techs, lambda y: 5 <= len(nbrs(y)) <= 12)
    b.add("portfolio", f"Tell me everything about {n(t)}.", b.set_gold(nbrs(t)), 1)
    s = b.pick(sups, lambda y: 3 <= len(nbrs(y)) <= 12)
    b.add("portfolio", f"give me the full picture on {n(s)}", b.set_gold(nbrs(s)), 1)
    p = b.pick(parts, lambda y: 4 <= len(nbrs(y)) <= 12)
    b.add("portfolio", f"What do we know about the {n(p)}? Everything connected to it, please.",
          b.set_gold(nbrs(p)), 1)

    # ---- unknown
    none = {"type": "none"}
    b.add("unknown", "Which crews are based in Porthallow?", none, 1)
    b.add("unknown", "Who supervises Marisol Featherstonehaugh?", none, 1)
    b.add("unknown", "What's the storage capacity of Gorsebrook Reservoir", none, 0)
    b.add("unknown", "list the parts supplied by Quayside Valve Partners", none, 1)

    # ---- global
    b.add("global", "How many different node types does this graph have?", cnt(set(g.type.values())), 0)
    b.add("global", "how many distinct kinds of relationship are there in the data",
          cnt({e[1] for e in g.edges}), 0)
    b.add("global", "How many entities are there in the whole graph, all types together?", cnt(g.type), 0)
    return b.rows


def main() -> None:
    out_dir = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "water.graphml")
    rows = build(G(path))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
