"""The byog49 hold-out questions, computed from the graph file graph.py wrote.

    python tests/byog49/questions.py OUT_DIR [GRAPH_PATH]

reads GRAPH_PATH (default OUT_DIR/mining.graphml) and writes OUT_DIR/holdout.jsonl. Deterministic.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx

PREFIX = "byog49"


class KB:
    def __init__(self, path: Path):
        g = nx.read_graphml(path)
        self.g = g
        self.nodes = {n: dict(d) for n, d in g.nodes(data=True)}
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.edge: dict[tuple[str, str], dict] = {}
        for a, b, d in g.edges(data=True):
            self.out[(a, d["label"])].append(b)
            self.inn[(b, d["label"])].append(a)
            self.edge[(a, b)] = dict(d)
        for v in list(self.out.values()) + list(self.inn.values()):
            v.sort(key=_key)

    def name(self, n: str) -> str:
        d = self.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def of(self, label: str) -> list[str]:
        return sorted((n for n, d in self.nodes.items() if d["label"] == label), key=_key)

    def o(self, n: str, label: str) -> list[str]:
        return self.out.get((n, label), [])

    def i(self, n: str, label: str) -> list[str]:
        return self.inn.get((n, label), [])

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)), key=_key)


def _key(n: str) -> tuple[str, int]:
    t, _, k = n.rpartition("-")
    return (t, int(k))


def _walk(kb: KB, start: list[str], steps: list[tuple[str, str]]) -> list[str]:
    cur = set(start)
    for label, way in steps:
        nxt: set[str] = set()
        for n in cur:
            nxt.update(kb.o(n, label) if way == "out" else kb.i(n, label))
        cur = nxt
    return sorted(cur, key=_key)


def _unique_top(items: list[tuple[str, float]]):
    items = sorted(items, key=lambda p: -p[1])
    if len(items) >= 2 and items[0][1] == items[1][1]:
        return None
    return items[0][0] if items else None


class Builder:
    def __init__(self, kb: KB):
        self.kb = kb
        self.rows: list[dict] = []
        self.rng = random.Random(4949)

    def add(self, kind: str, text: str, gold: dict, hops: int) -> bool:
        low = text.lower()
        if gold["type"] == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            if any(re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", low) for nm in gold["names"]):
                return False
        if gold["type"] in ("count", "value"):
            v = gold["value"]
            if gold["type"] == "count" and v == 0:
                return False
            s = str(v).lower()
            if re.search(r"(?<![\w.])" + re.escape(s) + r"(?![\w]|\.\d)", low):
                return False
        self.rows.append({"id": f"{PREFIX}-{len(self.rows) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                          "hops": hops})
        return True

    def set_gold(self, ids: list[str]) -> dict:
        ids = sorted(set(ids), key=_key)
        return {"type": "set", "ids": ids, "names": [self.kb.name(i) for i in ids]}

    def pick(self, pool: list[str], ok) -> str | None:
        pool = pool[:]
        self.rng.shuffle(pool)
        for p in pool:
            if ok(p):
                return p
        return None


def build(kb: KB) -> list[dict]:  # noqa: C901 - one long list of questions, read top to bottom
    b = Builder(kb)
    nm, o, i, nodes = kb.name, kb.o, kb.i, kb.nodes
    mines, pits, ores, staff = kb.of("Mine"), kb.of("Pit"), kb.of("OreBody"), kb.of("Staff")
    camps, samples, plants = kb.of("DrillCampaign"), kb.of("AssaySample"), kb.of("ProcessingPlant")
    equip, buyers, permits = kb.of("Equipment"), kb.of("Buyer"), kb.of("Permit")
    cnt = lambda v: {"type": "count", "value": v}  # noqa: E731
    val = lambda v: {"type": "value", "value": v}  # noqa: E731

    # ---- count
    b.add("count", "How many mines does the company run?", cnt(len(mines)), 0)
    b.add("count", "how many assay samples are on record", cnt(len(samples)), 0)
    b.add("count", "What's the total number of pieces of mining equipment in the fleet?", cnt(len(equip)), 0)
    b.add("count", "Number of environmental permits?", cnt(len(permits)), 0)
    b.add("count", "how many offtake customers buy from us?", cnt(len(buyers)), 0)

    # ---- filtered_count
    b.add("filtered_count", "How many pits or shafts are currently in care and maintenance?",
          cnt(sum(nodes[p]["status"] == "care and maintenance" for p in pits)), 0)
    b.add("filtered_count", "how many autonomous haul trucks do we have",
          cnt(sum(nodes[e]["equipment_type"] == "haul truck" and nodes[e]["autonomous"] for e in equip)), 0)
    b.add("filtered_count", "How many assay samples failed QA/QC?",
          cnt(sum(not nodes[s]["qaqc_passed"] for s in samples)), 0)
    b.add("filtered_count", "How many lithium ore bodies are there?",
          cnt(sum(nodes[x]["commodity"] == "lithium" for x in ores)), 0)
    b.add("filtered_count", "How many chartered geologists are on staff?",
          cnt(sum(nodes[s]["role"] == "geologist" and nodes[s]["chartered"] for s in staff)), 0)
    m = b.pick(mines, lambda m: len(o(m, "HAS_PIT")) >= 4)
    b.add("filtered_count", f"How many pits does {nm(m)} have?", cnt(len(o(m, "HAS_PIT"))), 1)
    m = b.pick(mines, lambda m: True)
    b.add("filtered_count", f"how many people work at {nm(m)}", cnt(len(i(m, "WORKS_AT"))), 1)
    c = b.pick(camps, lambda c: len(o(c, "PRODUCED")) >= 7)
    b.add("filtered_count", f"How many assay samples came out of the {nm(c)} campaign?",
          cnt(len(o(c, "PRODUCED"))), 1)
    b.add("filtered_count", "How many underground mines are there in Australia?",
          cnt(sum(nodes[m]["underground"] and nodes[m]["country"] == "Australia" for m in mines)), 0)
    b.add("filtered_count", "How many drill campaigns kicked off in 2019?",
          cnt(sum(nodes[c]["start_date"].startswith("2019") for c in camps)), 0)
    b.add("filtered_count", "how many permits expire before 2027?",
          cnt(sum(nodes[p]["expires"] < "2027-01-01" for p in permits)), 0)

    # ---- list
    m = b.pick(mines, lambda m: 3 <= len(o(m, "HAS_PIT")) <= 8)
    b.add("list", f"List the pits at {nm(m)}.", b.set_gold(o(m, "HAS_PIT")), 1)
    m = b.pick(mines, lambda m: len(o(m, "HOLDS")) >= 3)
    b.add("list", f"Which environmental permits have been granted to {nm(m)}?", b.set_gold(o(m, "HOLDS")), 1)
    boss = b.pick(staff, lambda s: len(i(s, "REPORTS_TO")) == 3 and not o(s, "REPORTS_TO"))
    b.add("list", f"Who are {nm(boss)}'s direct reports?", b.set_gold(i(boss, "REPORTS_TO")), 1)
    p = b.pick(plants, lambda p: len(o(p, "SELLS_TO")) >= 4)
    b.add("list", f"show me who buys from {nm(p)}", b.set_gold(o(p, "SELLS_TO")), 1)
    c = b.pick(camps, lambda c: len(o(c, "TARGETS")) == 2)
    b.add("list", f"which ore bodies is the {nm(c)} program drilling", b.set_gold(o(c, "TARGETS")), 1)
    pt = b.pick(pits, lambda p: 3 <= len(i(p, "DEPLOYED_AT")) <= 8)
    b.add("list", f"Give me the machines assigned to {nm(pt)}", b.set_gold(i(pt, "DEPLOYED_AT")), 1)
    p = b.pick(plants, lambda p: len(i(p, "SUPPLIES")) >= 2)
    b.add("list", f"Which mines send ore to {nm(p)}?", b.set_gold(i(p, "SUPPLIES")), 1)

    # ---- multihop
    leaf = b.pick(staff, lambda s: bool(_walk(kb, [s], [("REPORTS_TO", "out")] * 2)))
    b.add("multihop", f"Who is {nm(leaf)}'s manager's manager?",
          b.set_gold(_walk(kb, [leaf], [("REPORTS_TO", "out")] * 2)), 2)
    boss = b.pick(staff, lambda s: not o(s, "REPORTS_TO") and 3 <= len(_walk(kb, [s], [("REPORTS_TO", "in")] * 2)) <= 12)
    b.add("multihop", f"which people report to someone who in turn reports to {nm(boss)}",
          b.set_gold(_walk(kb, [boss], [("REPORTS_TO", "in")] * 2)), 2)
    m = b.pick(mines, lambda m: 3 <= len(_walk(kb, [m], [("HAS_PIT", "out"), ("EXTRACTS_FROM", "out")])) <= 12)
    b.add("multihop", f"What ore bodies are worked by {nm(m)}'s pits?",
          b.set_gold(_walk(kb, [m], [("HAS_PIT", "out"), ("EXTRACTS_FROM", "out")])), 2)
    m = b.pick(mines, lambda m: 3 <= len(_walk(kb, [m], [("SUPPLIES", "out"), ("SELLS_TO", "out")])) <= 12)
    b.add("multihop", f"Which buyers purchase product from the plants that {nm(m)} feeds?",
          b.set_gold(_walk(kb, [m], [("SUPPLIES", "out"), ("SELLS_TO", "out")])), 2)
    x = b.pick(ores, lambda x: True)
    b.add("multihop", f"Which mine owns the pit that extracts {nm(x)}?",
          b.set_gold(_walk(kb, [x], [("EXTRACTS_FROM", "in"), ("HAS_PIT", "in")])), 2)
    x = b.pick(ores, lambda x: len(_walk(kb, [x], [("TARGETS", "in"), ("LED_BY", "out")])) >= 2)
    b.add("multihop", f"who headed up the drilling programs aimed at {nm(x)}?",
          b.set_gold(_walk(kb, [x], [("TARGETS", "in"), ("LED_BY", "out")])), 2)
    c = b.pick(camps, lambda c: len(_walk(kb, [c], [("PRODUCED", "out"), ("LOGGED_BY", "out")])) >= 2)
    b.add("multihop", f"Which geologists logged samples from the {nm(c)} campaign?",
          b.set_gold(_walk(kb, [c], [("PRODUCED", "out"), ("LOGGED_BY", "out")])), 2)
    m = b.pick(mines, lambda m: 3 <= len(_walk(kb, [m], [("HAS_PIT", "out"), ("DEPLOYED_AT", "in")])) <= 12)
    b.add("multihop", f"list all equipment working in {nm(m)}'s pits",
          b.set_gold(_walk(kb, [m], [("HAS_PIT", "out"), ("DEPLOYED_AT", "in")])), 2)
    s = b.pick(samples, lambda s: True)
    b.add("multihop", f"At which mine is the geologist who logged sample {nm(s)} based?",
          b.set_gold(_walk(kb, [s], [("LOGGED_BY", "out"), ("WORKS_AT", "out")])), 2)
    x = b.pick(ores, lambda x: 2 <= len(_walk(kb, [x], [("EXTRACTS_FROM", "in"), ("HAS_PIT", "in"),
                                                        ("SUPPLIES", "out"), ("SELLS_TO", "out")])) <= 12)
    b.add("multihop", f"Which buyers end up with material from the mine whose pit extracts {nm(x)}?",
          b.set_gold(_walk(kb, [x], [("EXTRACTS_FROM", "in"), ("HAS_PIT", "in"), ("SUPPLIES", "out"),
                                     ("SELLS_TO", "out")])), 4)
    s = b.pick(samples, lambda s: len(_walk(kb, [s], [("PRODUCED", "in"), ("TARGETS", "out"), ("EXTRACTS_FROM", "in"),
                                                      ("HAS_PIT", "in")])) == 1)
    b.add("multihop", f"Which mine works the ore body that sample {nm(s)} was drilled from?",
          b.set_gold(_walk(kb, [s], [("PRODUCED", "in"), ("TARGETS", "out"), ("EXTRACTS_FROM", "in"),
                                     ("HAS_PIT", "in")])), 4)
    s = b.pick(staff, lambda s: True)
    b.add("multihop", f"Which processing plants take ore from the mine where {nm(s)} works?",
          b.set_gold(_walk(kb, [s], [("WORKS_AT", "out"), ("SUPPLIES", "out")])), 2)
    pt = b.pick(pits, lambda p: len(_walk(kb, [p], [("HAS_PIT", "in"), ("HOLDS", "out")])) >= 2)
    b.add("multihop", f"what permits are held by the mine that runs {nm(pt)}?",
          b.set_gold(_walk(kb, [pt], [("HAS_PIT", "in"), ("HOLDS", "out")])), 2)
    geo = b.pick(staff, lambda s: 2 <= len(_walk(kb, [s], [("LED_BY", "in"), ("TARGETS", "out"),
                                                           ("EXTRACTS_FROM", "in")])) <= 12)
    b.add("multihop", f"Which pits host the ore bodies that {nm(geo)}'s drilling programs went after?",
          b.set_gold(_walk(kb, [geo], [("LED_BY", "in"), ("TARGETS", "out"), ("EXTRACTS_FROM", "in")])), 3)
    by = b.pick(buyers, lambda y: 2 <= len(_walk(kb, [y], [("SELLS_TO", "in"), ("SUPPLIES", "in")])) <= 12)
    b.add("multihop", f"From which mines does {nm(by)} ultimately source its material?",
          b.set_gold(_walk(kb, [by], [("SELLS_TO", "in"), ("SUPPLIES", "in")])), 2)
    pt = b.pick(pits, lambda p: 2 <= len(_walk(kb, [p], [("EXTRACTS_FROM", "out"), ("TARGETS", "in"), ("LED_BY", "out"),
                                                          ("WORKS_AT", "out")])) <= 12 or False)
    if pt is None:
        pt = b.pick(pits, lambda p: 1 <= len(_walk(kb, [p], [("EXTRACTS_FROM", "out"), ("TARGETS", "in"),
                                                             ("LED_BY", "out"), ("WORKS_AT", "out")])) <= 12)
    b.add("multihop", f"Where do the campaign leads who drilled {nm(pt)}'s ore bodies work?",
          b.set_gold(_walk(kb, [pt], [("EXTRACTS_FROM", "out"), ("TARGETS", "in"), ("LED_BY", "out"),
                                      ("WORKS_AT", "out")])), 4)

    # ---- superlative
    b.add("superlative", "Which mine has the largest annual capacity?",
          b.set_gold([_unique_top([(m, nodes[m]["annual_capacity_mtpa"]) for m in mines])]), 1)
    b.add("superlative", "what's the deepest shaft",
          b.set_gold([_unique_top([(p, nodes[p]["depth_m"]) for p in pits if nodes[p]["excavation_type"] == "shaft"])]),
          1)
    b.add("superlative", "Which assay sample returned the highest grade?",
          b.set_gold([_unique_top([(s, nodes[s]["grade"]) for s in samples])]), 1)
    top = _unique_top([(m, len(o(m, "HAS_PIT"))) for m in mines])
    if top:
        b.add("superlative", "Which mine has the most pits?", b.set_gold([top]), 1)
    top = _unique_top([(c, len(o(c, "PRODUCED"))) for c in camps])
    if top:
        b.add("superlative", "Which drill campaign produced the most assay samples?", b.set_gold([top]), 1)
    top = _unique_top([(p, len(o(p, "SELLS_TO"))) for p in plants])
    if top:
        b.add("superlative", "which processing plant has the most offtake buyers", b.set_gold([top]), 1)
    top = _unique_top([(s, len(i(s, "LOGGED_BY"))) for s in staff])
    if top:
        b.add("superlative", "Which geologist logged the most samples?", b.set_gold([top]), 1)
    b.add("superlative", "Which plant has the highest total contract value across its offtake agreements?",
          b.set_gold([_unique_top([(p, sum(kb.edge[(p, y)]["contract_value_musd"] for y in o(p, "SELLS_TO")))
                                   for p in plants])]), 1)
    b.add("superlative", "Which mine ships the most tonnes in total to processing plants?",
          b.set_gold([_unique_top([(m, sum(kb.edge[(m, p)]["tonnes_kt"] for p in o(m, "SUPPLIES"))) for m in mines])]),
          1)
    b.add("superlative", "Which drill campaign drilled the most metres?",
          b.set_gold([_unique_top([(c, nodes[c]["metres_drilled"]) for c in camps])]), 1)
    m = b.pick(mines, lambda m: len(o(m, "HAS_PIT")) >= 4)
    b.add("superlative", f"Among the pits of {nm(m)}, which one is deepest?",
          b.set_gold([_unique_top([(p, nodes[p]["depth_m"]) for p in o(m, "HAS_PIT")])]), 2)
    lead = b.pick(staff, lambda s: len(i(s, "REPORTS_TO")) >= 3 and o(s, "REPORTS_TO") and _unique_top(
        [(x, nodes[x]["years_experience"]) for x in i(s, "REPORTS_TO")]) is not None)
    b.add("superlative", f"Of the people who report to {nm(lead)}, who has the most years of experience?",
          b.set_gold([_unique_top([(x, nodes[x]["years_experience"]) for x in i(lead, "REPORTS_TO")])]), 2)
    p = b.pick(plants, lambda p: len(o(p, "SELLS_TO")) >= 3)
    b.add("superlative", f"which of {nm(p)}'s buyers holds the biggest contract with it?",
          b.set_gold([_unique_top([(y, kb.edge[(p, y)]["contract_value_musd"]) for y in o(p, "SELLS_TO")])]), 2)

    # ---- aggregate
    b.add("aggregate", "What is the total workforce across all mines?",
          val(sum(nodes[m]["workforce"] for m in mines)), 0)
    c = b.pick(camps, lambda c: len(o(c, "PRODUCED")) >= 6)
    b.add("aggregate", f"What's the average grade of the assay samples from {nm(c)}?",
          val(round(sum(nodes[s]["grade"] for s in o(c, "PRODUCED")) / len(o(c, "PRODUCED")), 3)), 1)
    geo = b.pick(staff, lambda s: len(i(s, "LED_BY")) >= 2)
    b.add("aggregate", f"total metres drilled across the campaigns led by {nm(geo)}",
          val(round(sum(nodes[c]["metres_drilled"] for c in i(geo, "LED_BY")), 1)), 1)
    m = b.pick(mines, lambda m: len(o(m, "HAS_PIT")) >= 3)
    b.add("aggregate", f"What is the average depth of the pits at {nm(m)}, in metres?",
          val(round(sum(nodes[p]["depth_m"] for p in o(m, "HAS_PIT")) / len(o(m, "HAS_PIT")), 2)), 1)
    p = b.pick(plants, lambda p: len(o(p, "SELLS_TO")) >= 3)
    b.add("aggregate", f"Combined contract value (USD millions) of all offtake deals signed by {nm(p)}?",
          val(round(sum(kb.edge[(p, y)]["contract_value_musd"] for y in o(p, "SELLS_TO")), 2)), 1)

    # ---- edge_property
    p = b.pick(plants, lambda p: True)
    y = o(p, "SELLS_TO")[0]
    b.add("edge_property", f"What's the contract value of the offtake between {nm(p)} and {nm(y)}?",
          val(kb.edge[(p, y)]["contract_value_musd"]), 1)
    m = b.pick(mines, lambda m: True)
    p = o(m, "SUPPLIES")[0]
    b.add("edge_property", f"how does {nm(m)} get its ore to {nm(p)}", val(kb.edge[(m, p)]["transport"]), 1)
    c = b.pick(camps, lambda c: True)
    x = o(c, "TARGETS")[0]
    b.add("edge_property", f"How many holes did {nm(c)} put into {nm(x)}?", val(kb.edge[(c, x)]["holes"]), 1)
    s = b.pick(staff, lambda s: True)
    m = o(s, "WORKS_AT")[0]
    b.add("edge_property", f"Since when has {nm(s)} been working at {nm(m)}?", val(kb.edge[(s, m)]["since"]), 1)
    b.add("edge_property", "How many offtake contracts are exclusive?",
          cnt(sum(kb.edge[(p, y)]["exclusive"] for p in plants for y in o(p, "SELLS_TO"))), 1)
    b.add("edge_property", "how many mine-to-plant supply routes go by rail",
          cnt(sum(kb.edge[(m, p)]["transport"] == "rail" for m in mines for p in o(m, "SUPPLIES"))), 1)
    p = b.pick(plants, lambda p: len(o(p, "SELLS_TO")) >= 2)
    y = o(p, "SELLS_TO")[1]
    b.add("edge_property", f"Which incoterm applies to {nm(y)}'s contract with {nm(p)}?",
          val(kb.edge[(p, y)]["incoterm"]), 1)

    # ---- yes_no (yes, no, yes, no, ...)
    m = b.pick(mines, lambda m: bool(o(m, "HOLDS")))
    b.add("yes_no", f"Is {nm(o(m, 'HOLDS')[0])} one of {nm(m)}'s permits?", {"type": "bool", "value": True}, 1)
    m2 = b.pick(mines, lambda x: x != m and bool(o(x, "HOLDS")))
    b.add("yes_no", f"does {nm(m)} hold the {nm(o(m2, 'HOLDS')[0])}", {"type": "bool", "value": False}, 1)
    s = b.pick(staff, lambda s: bool(o(s, "REPORTS_TO")))
    b.add("yes_no", f"Is {nm(o(s, 'REPORTS_TO')[0])} the line manager of {nm(s)}?", {"type": "bool", "value": True}, 1)
    s = b.pick(staff, lambda s: bool(i(s, "REPORTS_TO")) and bool(o(s, "REPORTS_TO")))
    b.add("yes_no", f"Is {nm(o(s, 'REPORTS_TO')[0])} a direct report of {nm(s)}?", {"type": "bool", "value": False}, 1)
    e = b.pick(equip, lambda e: True)
    b.add("yes_no", f"Is {nm(e)} assigned to {nm(o(e, 'DEPLOYED_AT')[0])}?", {"type": "bool", "value": True}, 1)
    x = b.pick(ores, lambda x: nodes[x]["commodity"] != "copper")
    b.add("yes_no", f"is {nm(x)} a copper ore body?", {"type": "bool", "value": False}, 0)
    p = b.pick(plants, lambda p: True)
    b.add("yes_no", f"Does {nm(p)} have {nm(o(p, 'SELLS_TO')[0])} as a customer", {"type": "bool", "value": True}, 1)
    p = b.pick(plants, lambda p: True)
    y = b.pick(buyers, lambda y: y not in o(p, "SELLS_TO"))
    b.add("yes_no", f"Has {nm(p)} got an offtake contract with {nm(y)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio
    pt = b.pick(pits, lambda p: 4 <= len(kb.neighbours(p)) <= 12)
    b.add("portfolio", f"Tell me everything about {nm(pt)}.", b.set_gold(kb.neighbours(pt)), 1)
    y = b.pick(buyers, lambda y: 2 <= len(kb.neighbours(y)) <= 12)
    b.add("portfolio", f"give me the full picture on {nm(y)}", b.set_gold(kb.neighbours(y)), 1)
    p = b.pick(plants, lambda p: 4 <= len(kb.neighbours(p)) <= 12)
    b.add("portfolio", f"What do we know about {nm(p)}? Everything connected to it, please.",
          b.set_gold(kb.neighbours(p)), 1)

    # ---- unknown (names checked absent below)
    none = {"type": "none"}
    b.add("unknown", "Which pits does Wallaby Creek Mine operate?", none, 1)
    b.add("unknown", "Who does Henrietta Bloomfield report to?", none, 1)
    b.add("unknown", "How many assay samples did the Condor Infill 2017 campaign produce?", none, 1)
    b.add("unknown", "what's the contract value with Lisbon Cobalt Traders", none, 1)

    # ---- global
    b.add("global", "How many different node types does this graph have?",
          cnt(len({d["label"] for d in nodes.values()})), 0)
    b.add("global", "how many kinds of relationships are there in the graph",
          cnt(len({d["label"] for d in kb.edge.values()})), 0)
    b.add("global", "What's the total number of entities in the knowledge graph?", cnt(len(nodes)), 0)
    return b.rows


UNKNOWN_NAMES = ["Wallaby Creek", "Henrietta Bloomfield", "Condor", "Lisbon Cobalt Traders"]


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0])
    graph = Path(args[1]) if len(args) > 1 else out / "mining.graphml"
    kb = KB(graph)
    every = " | ".join(kb.name(n).lower() for n in kb.nodes)
    for u in UNKNOWN_NAMES:
        assert u.lower() not in every, u
    rows = build(kb)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
