"""Deterministic held-out questions over the car-plant graph that graph.py writes.

Usage: python tests/byog62/questions.py OUT_DIR [GRAPH_PATH]  -> OUT_DIR/holdout.jsonl
GRAPH_PATH is the carplant_csv folder (default: OUT_DIR/carplant_csv, generated with the default seed if absent).
"""

from __future__ import annotations

import csv
import json
import random
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean

HERE = Path(__file__).resolve().parent


class Graph:
    def __init__(self, folder: Path) -> None:
        self.node: dict[str, dict] = {}
        self.label: dict[str, str] = {}
        self.by_label: dict[str, list[str]] = defaultdict(list)
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edges: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        for f in sorted(folder.glob("*.csv")):
            with open(f, newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            header = rows[0]
            for r in rows[1:]:
                attrs = {}
                for h, v in zip(header, r, strict=True):
                    key, _, typ = h.partition(":")
                    if key == "" or typ in ("ID", "START_ID", "END_ID", "TYPE", "LABEL"):
                        continue
                    attrs[key] = {"int": int, "float": float, "boolean": lambda s: s == "true"}.get(typ, str)(v)
                if header[0].endswith(":ID"):
                    nid = r[0]
                    self.node[nid], self.label[nid] = attrs, r[1]
                    self.by_label[r[1]].append(nid)
                else:
                    s, d, t = r[0], r[1], r[2]
                    self.out[(s, t)].append((d, attrs))
                    self.inn[(d, t)].append((s, attrs))
                    self.edges[t].append((s, d, attrs))

    def name(self, nid: str) -> str:
        a = self.node[nid]
        return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"

    def o(self, nid: str, t: str) -> list[str]:
        return [d for d, _ in self.out[(nid, t)]]

    def i(self, nid: str, t: str) -> list[str]:
        return [s for s, _ in self.inn[(nid, t)]]

    def edge(self, s: str, t: str, d: str) -> dict | None:
        return next((a for x, a in self.out[(s, t)] if x == d), None)


def key(nid: str) -> tuple[str, int]:
    p, _, n = nid.rpartition("-")
    return p, int(n)


def build(g: Graph) -> list[dict]:
    rng = random.Random(6200)
    qs: list[dict] = []
    N = g.name

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"kind": kind, "question": text, "gold": gold, "hops": hops})

    def sset(ids) -> dict:
        ids = sorted(set(ids), key=key)
        return {"type": "set", "ids": ids, "names": [N(i) for i in ids]}

    def ok_set(ids) -> bool:
        return 1 <= len(set(ids)) <= 12

    def pick(cands, cond):
        cands = sorted(cands, key=key)
        rng.shuffle(cands)
        for c in cands:
            if cond(c):
                return c
        raise SystemExit("no candidate")

    L = g.by_label
    plants, lines, models, parts = L["Plant"], L["Line"], L["CarModel"], L["Part"]
    sups, people, defects, dealers, robots = L["Supplier"], L["Person"], L["Defect"], L["Dealership"], L["Robot"]
    A = g.node

    # ---- count (5)
    add("count", "How many assembly plants are there?", {"type": "count", "value": len(plants)}, 0)
    add("count", "how many suppliers do we buy from", {"type": "count", "value": len(sups)}, 0)
    add("count", "Total number of robots across the plants?", {"type": "count", "value": len(robots)}, 0)
    add("count", "How many dealerships are in the network", {"type": "count", "value": len(dealers)}, 0)
    add("count", "count the quality defects on record", {"type": "count", "value": len(defects)}, 0)

    # ---- filtered_count (10)
    def fc(text, ids):
        add("filtered_count", text, {"type": "count", "value": len(ids)}, 1)

    fc("How many plants are unionised?", [p for p in plants if A[p]["unionised"]])
    fc("how many of our car models are EVs", [m for m in models if A[m]["powertrain"] == "EV"])
    fc("Number of parts flagged as safety-critical", [p for p in parts if A[p]["safety_critical"]])
    fc("How many suppliers are based in Germany?", [s for s in sups if A[s]["country"] == "Germany"])
    fc("How many defects ended up with a recall being issued?", [d for d in defects if A[d]["recall_issued"]])
    fc("how many Fanuc robots do we have", [r for r in robots if A[r]["maker"] == "Fanuc"])
    fc("How many employees were hired before 2015?", [p for p in people if A[p]["hired"] < "2015-01-01"])
    fc("How many parts have a unit cost above 1000?", [p for p in parts if A[p]["unit_cost"] > 1000])
    fc("How many production lines run 3 shifts?", [x for x in lines if A[x]["shifts"] == 3])
    fc("How many critical-severity defects are there?", [d for d in defects if A[d]["severity"] == "critical"])

    # ---- list (7)
    p = pick(plants, lambda x: 1 <= len(g.o(x, "HAS_LINE")) <= 8)
    add("list", f"Which production lines does {N(p)} have?", sset(g.o(p, "HAS_LINE")), 1)
    pt = pick(parts, lambda x: len(g.i(x, "SUPPLIES")) >= 2)
    add("list", f"who supplies the {N(pt)}", sset(g.i(pt, "SUPPLIES")), 1)
    ln = pick(lines, lambda x: len(g.o(x, "BUILDS")) >= 2)
    add("list", f"List the car models assembled on the {N(ln)}.", sset(g.o(ln, "BUILDS")), 1)
    ln2 = pick(lines, lambda x: 2 <= len(g.i(x, "INSTALLED_ON")) <= 12 and x != ln)
    add("list", f"show me the robots installed on {N(ln2)}", sset(g.i(ln2, "INSTALLED_ON")), 1)
    dl = pick(dealers, lambda x: 3 <= len(g.o(x, "CARRIES")) <= 12)
    add("list", f"What models does {N(dl)} carry?", sset(g.o(dl, "CARRIES")), 1)
    boss = pick(people, lambda x: A[x]["role"] == "team leader" and 2 <= len(g.o(x, "SUPERVISES")) <= 12)
    add("list", f"Who are {N(boss)}'s direct reports?", sset(g.o(boss, "SUPERVISES")), 1)
    df = pick(defects, lambda x: len(g.o(x, "AFFECTS")) >= 2)
    add("list", f"Which car models are affected by the {N(df)} defect?", sset(g.o(df, "AFFECTS")), 1)

    # ---- multihop (14)
    def mh(text, ids, hops):
        add("multihop", text, sset(ids), hops)

    def plants_of_models(ms):
        return {pl for m in ms for ln_ in g.i(m, "BUILDS") for pl in g.i(ln_, "HAS_LINE")}

    d1 = pick(defects, lambda x: ok_set({s for pt_ in g.o(x, "TRACED_TO") for s in g.i(pt_, "SUPPLIES")}))
    mh(f"Which suppliers provide the part that {N(d1)} was traced back to?",
       {s for pt_ in g.o(d1, "TRACED_TO") for s in g.i(pt_, "SUPPLIES")}, 2)
    m1 = pick(models, lambda x: len(plants_of_models([x])) >= 2)
    mh(f"At which plants is the {N(m1)} built?", plants_of_models([m1]), 2)
    p1 = pick(plants, lambda x: ok_set({m for ln_ in g.o(x, "HAS_LINE") for m in g.o(ln_, "BUILDS")}) and x != p)
    mh(f"which car models come out of {N(p1)}",
       {m for ln_ in g.o(p1, "HAS_LINE") for m in g.o(ln_, "BUILDS")}, 2)
    lead = pick(people, lambda x: A[x]["role"] == "plant manager"
                and ok_set({ln_ for r in g.o(x, "SUPERVISES") for ln_ in g.o(r, "WORKS_ON")}))
    mh(f"On which lines do the people that {N(lead)} supervises directly work?",
       {ln_ for r in g.o(lead, "SUPERVISES") for ln_ in g.o(r, "WORKS_ON")}, 2)
    crew = pick(people, lambda x: A[x]["role"] == "line worker" and g.i(x, "SUPERVISES")
                and g.o(g.i(x, "SUPERVISES")[0], "WORKS_ON") and g.i(g.i(x, "SUPERVISES")[0], "SUPERVISES"))
    mh(f"Which line does {N(crew)}'s supervisor work on?",
       {ln_ for s in g.i(crew, "SUPERVISES") for ln_ in g.o(s, "WORKS_ON")}, 2)
    crew2 = pick(people, lambda x: A[x]["role"] == "line worker" and x != crew and g.i(x, "SUPERVISES")
                 and g.i(g.i(x, "SUPERVISES")[0], "SUPERVISES"))
    mh(f"who is the boss of {N(crew2)}'s boss?",
       {b for s in g.i(crew2, "SUPERVISES") for b in g.i(s, "SUPERVISES")}, 2)
    ln3 = pick(lines, lambda x: ok_set({pp for r in g.i(x, "INSTALLED_ON") for pp in g.i(r, "MAINTAINS")})
               and len({pp for r in g.i(x, "INSTALLED_ON") for pp in g.i(r, "MAINTAINS")}) >= 2
               and x not in (ln, ln2))
    mh(f"Who maintains the robots on the {N(ln3)}?",
       {pp for r in g.i(ln3, "INSTALLED_ON") for pp in g.i(r, "MAINTAINS")}, 2)
    s1 = pick(sups, lambda x: ok_set({d for pt_ in g.o(x, "SUPPLIES") for d in g.i(pt_, "TRACED_TO")})
              and len({d for pt_ in g.o(x, "SUPPLIES") for d in g.i(pt_, "TRACED_TO")}) >= 2)
    mh(f"Which quality defects were traced to parts that {N(s1)} supplies?",
       {d for pt_ in g.o(s1, "SUPPLIES") for d in g.i(pt_, "TRACED_TO")}, 2)
    d2 = pick(defects, lambda x: len(plants_of_models(g.o(x, "AFFECTS"))) >= 2 and x not in (df, d1)
              and ok_set(plants_of_models(g.o(x, "AFFECTS"))))
    mh(f"which plants build the models hit by the {N(d2)} issue", plants_of_models(g.o(d2, "AFFECTS")), 3)
    r1 = pick(robots, lambda x: g.i(x, "MAINTAINS"))
    mh(f"Which plant employs the staff who look after robot {N(r1)}?",
       {pl for pp in g.i(r1, "MAINTAINS") for ln_ in g.o(pp, "WORKS_ON") for pl in g.i(ln_, "HAS_LINE")}, 3)
    pt2 = pick(parts, lambda x: ok_set(plants_of_models(g.i(x, "USES_PART"))) and len(g.i(x, "USES_PART")) >= 2
               and x != pt)
    mh(f"Which plants produce car models that use the {N(pt2)}?", plants_of_models(g.i(pt2, "USES_PART")), 3)

    def pdm(x):  # part <- defect -> model <- line <- plant
        return plants_of_models({m for d in g.i(x, "TRACED_TO") for m in g.o(d, "AFFECTS")})

    pt3 = pick(parts, lambda x: ok_set(pdm(x)) and len(pdm(x)) >= 2 and x not in (pt, pt2))
    mh(f"Give me the plants assembling models affected by defects whose root cause was the {N(pt3)}.",
       pdm(pt3), 4)

    def bdm(x):  # person <-SUPERVISES- boss -WORKS_ON-> line -BUILDS-> model <-AFFECTS- defect
        return {d for b in g.i(x, "SUPERVISES") for ln_ in g.o(b, "WORKS_ON") for m in g.o(ln_, "BUILDS")
                for d in g.i(m, "AFFECTS")}

    crew3 = pick(people, lambda x: A[x]["role"] == "line worker" and ok_set(bdm(x)) and len(bdm(x)) >= 2
                 and x not in (crew, crew2))
    mh(f"What defects affect the models built on the line where {N(crew3)}'s supervisor works?", bdm(crew3), 4)

    def lmdps(x):  # line -> model <- defect -> part <- supplier
        return {s for m in g.o(x, "BUILDS") for d in g.i(m, "AFFECTS") for pt_ in g.o(d, "TRACED_TO")
                for s in g.i(pt_, "SUPPLIES")}

    ln4 = pick(lines, lambda x: ok_set(lmdps(x)) and len(lmdps(x)) >= 2 and x not in (ln, ln2, ln3))
    mh(f"list the suppliers of parts blamed for defects in the car models that {N(ln4)} builds", lmdps(ln4), 4)

    # ---- superlative (10)
    def unique_top(items, score, want_max=True):
        vals = sorted(((score(x), x) for x in items), reverse=want_max)
        if len(vals) < 2 or vals[0][0] == vals[1][0]:
            return None
        return vals[0][1]

    def sup_q(text, items, score, want_max=True):
        best = unique_top(items, score, want_max)
        if best is None:
            return False
        add("superlative", text, sset([best]), 1)
        return True

    sup_q("Which plant has the biggest floor area?", plants, lambda x: A[x]["floor_area_m2"])
    sup_q("what's the highest-rated supplier", sups, lambda x: A[x]["rating"])
    sup_q("Which is our oldest plant, by commissioning date?", plants, lambda x: A[x]["commissioned"], False)
    sup_q("Which robot can carry the heaviest payload?", robots, lambda x: A[x]["payload_kg"])
    sup_q("Which plant has the most production lines?", plants, lambda x: len(g.o(x, "HAS_LINE")))
    sup_q("which supplier supplies the largest number of different parts", sups, lambda x: len(g.o(x, "SUPPLIES")))
    sup_q("Which plant shipped the most vehicles in total to dealers?", plants,
          lambda x: sum(a["units"] for _, a in g.out[(x, "SHIPPED_TO")]))
    sup_q("Which car model has been hit by the most quality defects?", models, lambda x: len(g.i(x, "AFFECTS")))
    sup_q("which dealership has received the largest number of vehicle units overall", dealers,
          lambda x: sum(a["units"] for _, a in g.inn[(x, "SHIPPED_TO")]))
    ps = pick(plants, lambda x: unique_top(g.o(x, "HAS_LINE"), lambda y: A[y]["takt_seconds"], False)
              and len(g.o(x, "HAS_LINE")) >= 3 and x not in (p, p1))
    sup_q(f"Of the lines at {N(ps)}, which one has the shortest takt time?", g.o(ps, "HAS_LINE"),
          lambda y: A[y]["takt_seconds"], False)
    bs = pick(people, lambda x: A[x]["role"] == "supervisor" and len(g.o(x, "SUPERVISES")) >= 2
              and unique_top(g.o(x, "SUPERVISES"), lambda y: A[y]["years_experience"]))
    sup_q(f"Among the people reporting directly to {N(bs)}, who has the most years of experience?", g.o(bs, "SUPERVISES"),
          lambda y: A[y]["years_experience"])
    ms = pick(models, lambda x: unique_top(g.o(x, "USES_PART"), lambda y: A[y]["weight_kg"]) and x != m1)
    sup_q(f"What is the heaviest part that goes into the {N(ms)}?", g.o(ms, "USES_PART"), lambda y: A[y]["weight_kg"])

    # ---- aggregate (5)
    def agg(text, value, hops):
        add("aggregate", text, {"type": "value", "value": round(value, 2)}, hops)

    pa = pick(plants, lambda x: len(g.out[(x, "SHIPPED_TO")]) >= 3 and x not in (p, p1, ps))
    agg(f"What's the total number of vehicles {N(pa)} has shipped?",
        sum(a["units"] for _, a in g.out[(pa, "SHIPPED_TO")]), 1)
    ma = pick(models, lambda x: x not in (m1, ms))
    agg(f"average unit cost of the parts used in the {N(ma)}", mean(A[y]["unit_cost"] for y in g.o(ma, "USES_PART")),
        1)
    agg("What is the combined floor area of all plants, in square metres?",
        sum(A[x]["floor_area_m2"] for x in plants), 0)
    la = pick(lines, lambda x: len(g.i(x, "INSTALLED_ON")) >= 3 and x not in (ln, ln2, ln3, ln4))
    agg(f"Mean payload (kg) of the robots installed on {N(la)}?",
        mean(A[r]["payload_kg"] for r in g.i(la, "INSTALLED_ON")), 1)
    agg("How many units in total were affected by defects that triggered a recall?",
        sum(A[d]["affected_units"] for d in defects if A[d]["recall_issued"]), 0)

    # ---- edge_property (7)
    sh = sorted(g.edges["SHIPPED_TO"], key=lambda e: (key(e[0]), key(e[1])))
    e1 = sh[rng.randrange(len(sh))]
    add("edge_property", f"How many units did {N(e1[0])} ship to {N(e1[1])}?",
        {"type": "value", "value": e1[2]["units"]}, 1)
    e2 = next(e for e in sh[rng.randrange(len(sh)):] + sh if e[0] != e1[0])
    add("edge_property", f"when was the shipment from {N(e2[0])} to {N(e2[1])} dispatched",
        {"type": "value", "value": e2[2]["ship_date"]}, 1)
    su = sorted(g.edges["SUPPLIES"], key=lambda e: (key(e[0]), key(e[1])))
    e3 = su[rng.randrange(len(su))]
    add("edge_property", f"What unit price does {N(e3[0])} charge for the {N(e3[1])}?",
        {"type": "value", "value": e3[2]["unit_price"]}, 1)
    up = sorted(g.edges["USES_PART"], key=lambda e: (key(e[0]), key(e[1])))
    e4 = next(e for e in up[rng.randrange(len(up)):] + up if e[2]["quantity"] >= 2)
    add("edge_property", f"How many {N(e4[1])} units go into one {N(e4[0])}?",
        {"type": "value", "value": e4[2]["quantity"]}, 1)
    wo = sorted(g.edges["WORKS_ON"], key=lambda e: key(e[0]))
    e5 = wo[rng.randrange(len(wo))]
    add("edge_property", f"Which shift does {N(e5[0])} work on {N(e5[1])}?",
        {"type": "value", "value": e5[2]["shift"]}, 1)
    add("edge_property", "how many shipments went by rail",
        {"type": "count", "value": sum(1 for e in sh if e[2]["mode"] == "rail")}, 1)
    add("edge_property", "How many supply contracts are flagged as the primary source for their part?",
        {"type": "count", "value": sum(1 for e in su if e[2]["primary"])}, 1)

    # ---- yes_no (8): 4 yes, 4 no
    def yn(text, value, hops=1):
        add("yes_no", text, {"type": "bool", "value": value}, hops)

    ey = su[rng.randrange(len(su))]
    yn(f"Does {N(ey[0])} supply the {N(ey[1])}?", True)
    sn = pick(sups, lambda x: x != ey[0] and ey[1] not in g.o(x, "SUPPLIES"))
    yn(f"Is {N(sn)} a supplier of the {N(ey[1])}?", False)
    lp = pick(lines, lambda x: x not in (ln, ln2, ln3, ln4, la))
    yn(f"is the {N(lp)} part of {N(g.i(lp, 'HAS_LINE')[0])}", True)
    other = pick(plants, lambda x: lp not in g.o(x, "HAS_LINE"))
    yn(f"Does {N(other)} operate the {N(lp)}?", False)
    se = sorted(g.edges["SUPERVISES"], key=lambda e: (key(e[0]), key(e[1])))
    es = se[rng.randrange(len(se))]
    yn(f"Does {N(es[0])} supervise {N(es[1])}?", True)
    es2 = next(e for e in se[rng.randrange(len(se)):] + se if e[0] != es[0])
    yn(f"Is {N(es2[1])} the supervisor of {N(es2[0])}?", False)
    af = sorted(g.edges["AFFECTS"], key=lambda e: (key(e[0]), key(e[1])))
    ea = af[rng.randrange(len(af))]
    yn(f"Was the {N(ea[1])} affected by the {N(ea[0])} defect?", True)
    rn = pick(robots, lambda x: g.o(x, "INSTALLED_ON")[0] != lp)
    yn(f"is robot {N(rn)} installed on the {N(lp)}?", False)

    # ---- portfolio (3)
    def nbrs(x):
        out = set()
        for (s, _t), v in g.out.items():
            if s == x:
                out |= {d for d, _ in v}
        for (d, _t), v in g.inn.items():
            if d == x:
                out |= {s for s, _ in v}
        return out

    used = {e3[0], ey[0], sn, s1}
    sp = pick(sups, lambda x: 3 <= len(nbrs(x)) <= 12 and x not in used)
    add("portfolio", f"Tell me everything about {N(sp)}.", sset(nbrs(sp)), 1)
    rp = pick(robots, lambda x: len(nbrs(x)) >= 2 and x not in (r1, rn))
    add("portfolio", f"give me the full picture on robot {N(rp)}", sset(nbrs(rp)), 1)
    dp = pick(defects, lambda x: 3 <= len(nbrs(x)) <= 12 and x not in (df, d1, d2))
    add("portfolio", f"What do we know about the {N(dp)} defect? Everything connected to it, please.",
        sset(nbrs(dp)), 1)

    # ---- unknown (4)
    all_names = {N(x).lower() for x in g.node}
    fake = ["Glenmorrow Assembly", "Rear Turbo Intercooler", "Zephyrine Motors", "Ottoline Fairweather"]
    assert not any(f.lower() in all_names for f in fake)
    add("unknown", f"Which production lines does {fake[0]} run?", {"type": "none"}, 0)
    add("unknown", f"who supplies the {fake[1]}?", {"type": "none"}, 0)
    add("unknown", f"How many vehicles were shipped to {fake[2]}?", {"type": "none"}, 0)
    add("unknown", f"Who supervises {fake[3]}", {"type": "none"}, 0)

    # ---- global (3)
    add("global", "How many different node types does this graph have?", {"type": "count", "value": len(L)}, 0)
    add("global", "how many relationship types are there in the data", {"type": "count", "value": len(g.edges)}, 0)
    add("global", "How many entities does the graph contain in total?", {"type": "count", "value": len(g.node)}, 0)

    for n, q in enumerate(qs, 1):
        q["id"] = f"byog62-{n:02d}"
    return [{"id": q["id"], "kind": q["kind"], "question": q["question"], "gold": q["gold"], "hops": q["hops"]}
            for q in qs]


def check(qs: list[dict]) -> None:
    def norm(s: str) -> str:
        return " " + " ".join(re.sub(r"[^\w]+", " ", s.lower()).split()) + " "

    for q in qs:
        g, text = q["gold"], norm(q["question"])
        if g["type"] == "set":
            assert 1 <= len(g["ids"]) <= 12, q
            for nm in g["names"]:
                assert norm(nm) not in text, q
        elif g["type"] == "count":
            assert g["value"] > 0, q
            assert not re.search(rf"(?<![\w.]){g['value']}(?![\w.])", q["question"]), q
        elif g["type"] == "value":
            assert norm(str(g["value"])) not in text, q


def main() -> None:
    out_dir = Path(sys.argv[1])
    graph = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "carplant_csv"
    if not graph.exists():
        subprocess.run([sys.executable, str(HERE / "graph.py"), str(graph.parent)], check=True)
    qs = build(Graph(graph))
    check(qs)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {out_dir / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
