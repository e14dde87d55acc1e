"""Holdout questions over the byog47 space-agency graph.

Usage: python tests/byog47/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/space.graphml). Deterministic.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx


def norm(s: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", s.lower()).split()) + " "


class KB:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.nodes: dict[str, dict] = {n: dict(d) for n, d in g.nodes(data=True)}
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str], dict] = {}
        self.etypes: set[str] = set()
        for s, d, a in g.edges(data=True):
            self.out[(s, a["type"])].append(d)
            self.inn[(d, a["type"])].append(s)
            self.eattr[(s, d)] = dict(a)
            self.etypes.add(a["type"])
        self.n_edges = g.number_of_edges()
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in self.nodes.items():
            self.by_type[d["type"]].append(n)
        for v in self.by_type.values():
            v.sort(key=key)

    def name(self, n: str) -> str:
        d = self.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def o(self, n: str, t: str) -> list[str]:
        return sorted(self.out.get((n, t), []), key=key)

    def i(self, n: str, t: str) -> list[str]:
        return sorted(self.inn.get((n, t), []), key=key)

    def neighbours(self, n: str) -> set[str]:
        out = set()
        for (a, _t), ds in self.out.items():
            if a == n:
                out |= set(ds)
        for (b, _t), ss in self.inn.items():
            if b == n:
                out |= set(ss)
        return out


def key(n: str) -> tuple[str, int]:
    a, b = n.rsplit("-", 1)
    return a, int(b)


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out_dir / "space.graphml"
    kb = KB(graph)
    rng = random.Random(4747)
    qs: list[dict] = []
    used: set[str] = set()

    def S(ids) -> dict:
        ids = sorted(set(ids), key=key)
        return {"type": "set", "ids": ids, "names": [kb.name(i) for i in ids]}

    def leaks(text: str, gold: dict) -> bool:
        t = norm(text)
        if gold["type"] == "set":
            return any(norm(n) in t for n in gold["names"])
        if gold["type"] in ("count", "value"):
            v = gold["value"]
            if isinstance(v, float) and v.is_integer():
                v = int(v)
            return norm(str(v)) in t
        return False

    def add(kind: str, text: str, gold: dict, hops: int) -> bool:
        if gold["type"] == "set" and not 1 <= len(gold["ids"]) <= 12:
            return False
        if gold["type"] == "count" and gold["value"] == 0:
            return False
        if leaks(text, gold):
            return False
        qs.append({"id": f"byog47-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})
        return True

    def pick(ntype: str, make) -> None:
        """Try anchors of ``ntype`` in a seeded order until ``make(anchor)`` adds a question."""
        cands = [n for n in kb.by_type[ntype] if n not in used]
        rng.shuffle(cands)
        for c in cands:
            if make(c):
                used.add(c)
                return
        raise RuntimeError(f"no anchor for a {ntype} question")

    T = kb.by_type
    A = kb.nodes
    name = kb.name
    astronauts = [p for p in T["Person"] if A[p]["role"] == "astronaut"]

    # ---- count
    add("count", "How many missions are in the graph?", {"type": "count", "value": len(T["Mission"])}, 0)
    add("count", "how many spacecraft do we have", {"type": "count", "value": len(T["Spacecraft"])}, 0)
    add("count", "What's the total number of rockets in the dataset?",
        {"type": "count", "value": len(T["LaunchVehicle"])}, 0)
    add("count", "How many ground stations are there", {"type": "count", "value": len(T["GroundStation"])}, 0)
    add("count", "Count the celestial bodies.", {"type": "count", "value": len(T["CelestialBody"])}, 0)

    # ---- filtered_count
    def cnt(ntype, f):
        return {"type": "count", "value": sum(1 for n in T[ntype] if f(A[n]))}

    add("filtered_count", "How many missions were lost?", cnt("Mission", lambda d: d["status"] == "lost"), 0)
    add("filtered_count", "how many reusable spacecraft are there?", cnt("Spacecraft", lambda d: d["reusable"]), 0)
    add("filtered_count", "How many spectrometers weigh more than 100 kg?",
        cnt("Instrument", lambda d: d["kind"] == "spectrometer" and d["mass_kg"] > 100), 0)
    add("filtered_count", "How many astronauts were born before 1970?",
        cnt("Person", lambda d: d["role"] == "astronaut" and d["birth_date"] < "1970-01-01"), 0)
    add("filtered_count", "number of successful biology experiments",
        cnt("Experiment", lambda d: d["discipline"] == "biology" and d["successful"]), 0)
    add("filtered_count", "How many launch vehicles have four stages?",
        cnt("LaunchVehicle", lambda d: d["stages"] == 4), 0)
    add("filtered_count", "How many moons have an atmosphere?",
        cnt("CelestialBody", lambda d: d["category"] == "moon" and d["has_atmosphere"]), 0)
    pick("Mission", lambda m: len(kb.i(m, "CREWED")) >= 2 and add(
        "filtered_count", f"How many crew members flew on {name(m)}?",
        {"type": "count", "value": len(kb.i(m, "CREWED"))}, 1))
    add("filtered_count", "How many missions launched in 2015?",
        cnt("Mission", lambda d: d["launch_date"].startswith("2015")), 0)
    add("filtered_count", "how many contractors were founded before 1960",
        cnt("Contractor", lambda d: d["founded"] < 1960), 0)

    # ---- list
    pick("Spacecraft", lambda s: len(kb.o(s, "CARRIES")) >= 2 and add(
        "list", f"List the instruments aboard {name(s)}.", S(kb.o(s, "CARRIES")), 1))
    pick("Mission", lambda m: add("list", f"Who flew on {name(m)}?", S(kb.i(m, "CREWED")), 1))
    pick("Mission", lambda m: len(kb.i(m, "CONDUCTED_ON")) >= 2 and add(
        "list", f"show me the experiments conducted on {name(m)}", S(kb.i(m, "CONDUCTED_ON")), 1))
    pick("Contractor", lambda c: add("list", f"Which engineers work for {name(c)}?", S(kb.i(c, "EMPLOYED_BY")), 1))
    pick("CelestialBody", lambda b: add("list", f"which missions targeted {name(b)}", S(kb.i(b, "TARGETS")), 1))
    pick("Contractor", lambda c: add("list", f"Give me the spacecraft that {name(c)} built",
                                     S(kb.o(c, "BUILT")), 1))
    pick("Mission", lambda m: len(kb.i(m, "TRACKS")) >= 2 and add(
        "list", f"Which ground stations track {name(m)}?", S(kb.i(m, "TRACKS")), 1))

    # ---- multihop
    def flat(xs, f):
        return [y for x in xs for y in f(x)]

    pick("Person", lambda x: A[x]["role"] == "astronaut" and add(
        "multihop", f"Which missions were flown by the astronauts that {name(x)} serves as backup for?",
        S(flat(kb.o(x, "BACKUP_FOR"), lambda y: kb.o(y, "CREWED"))), 2))
    pick("Person", lambda x: A[x]["role"] == "astronaut" and add(
        "multihop", f"what missions did {name(x)}'s backups fly on",
        S(flat(kb.i(x, "BACKUP_FOR"), lambda y: kb.o(y, "CREWED"))), 2))

    def commander(m):
        c = [p for p in kb.i(m, "CREWED") if kb.eattr[(p, m)]["role"] == "commander"]
        return c[0] if c else None

    pick("Mission", lambda m: commander(m) is not None and add(
        "multihop", f"Who backs up the commander of {name(m)}?", S(kb.i(commander(m), "BACKUP_FOR")), 2))
    pick("Mission", lambda m: commander(m) is not None and add(
        "multihop", f"Which astronauts is {name(m)}'s commander the backup for?",
        S(kb.o(commander(m), "BACKUP_FOR")), 2))
    pick("Person", lambda x: A[x]["role"] == "astronaut" and add(
        "multihop", f"Which contractors built the spacecraft used on missions crewed by astronauts that {name(x)} "
                    "backs up?",
        S(flat(flat(flat(kb.o(x, "BACKUP_FOR"), lambda y: kb.o(y, "CREWED")), lambda m: kb.o(m, "FLIES")),
               lambda s: kb.i(s, "BUILT"))), 4))
    pick("Person", lambda e: A[e]["role"] == "engineer" and add(
        "multihop", f"Which celestial bodies were targeted by missions flying spacecraft built by {name(e)}'s "
                    "employer?",
        S(flat(flat(flat(kb.o(e, "EMPLOYED_BY"), lambda c: kb.o(c, "BUILT")), lambda s: kb.i(s, "FLIES")),
               lambda m: kb.o(m, "TARGETS"))), 4))
    pick("Person", lambda p: A[p]["role"] == "scientist" and add(
        "multihop", f"which companies make the rockets that launched missions hosting experiments led by {name(p)}",
        S(flat(flat(flat(kb.o(p, "LEADS"), lambda e: kb.o(e, "CONDUCTED_ON")), lambda m: kb.o(m, "LAUNCHED_ON")),
               lambda v: kb.i(v, "MANUFACTURES"))), 4))
    pick("Instrument", lambda i: add(
        "multihop", f"Which ground stations tracked missions whose spacecraft carries the {name(i)}?",
        S(flat(flat(kb.i(i, "CARRIES"), lambda s: kb.i(s, "FLIES")), lambda m: kb.i(m, "TRACKS"))), 3))
    pick("Person", lambda p: A[p]["role"] == "scientist" and add(
        "multihop", f"what bodies did the missions carrying {name(p)}'s experiments go to?",
        S(flat(flat(kb.o(p, "LEADS"), lambda e: kb.o(e, "CONDUCTED_ON")), lambda m: kb.o(m, "TARGETS"))), 3))
    pick("Person", lambda x: A[x]["role"] == "astronaut" and add(
        "multihop", f"Which contractors manufacture the launch vehicles {name(x)} has ridden?",
        S(flat(flat(kb.o(x, "CREWED"), lambda m: kb.o(m, "LAUNCHED_ON")), lambda v: kb.i(v, "MANUFACTURES"))), 3))
    pick("Person", lambda x: A[x]["role"] == "astronaut" and len(kb.o(x, "CREWED")) >= 2 and add(
        "multihop", f"From which launch sites has {name(x)} lifted off?",
        S(flat(kb.o(x, "CREWED"), lambda m: kb.o(m, "LAUNCHED_FROM"))), 2))
    pick("Mission", lambda m: add(
        "multihop", f"What instruments flew on {name(m)}?", S(flat(kb.o(m, "FLIES"), lambda s: kb.o(s, "CARRIES"))), 2))
    pick("Mission", lambda m: add(
        "multihop", f"Who led the experiments conducted on {name(m)}?",
        S(flat(kb.i(m, "CONDUCTED_ON"), lambda e: kb.i(e, "LEADS"))), 2))
    pick("Spacecraft", lambda s: add(
        "multihop", f"Which engineers work at the company that built {name(s)}?",
        S(flat(kb.i(s, "BUILT"), lambda c: kb.i(c, "EMPLOYED_BY"))), 2))

    # ---- superlative
    def unique_best(items, score):
        items = list(items)
        if len(items) < 2:
            return None
        vals = sorted(((score(x), x) for x in items), reverse=True)
        return vals[0][1] if vals[0][0] != vals[1][0] else None

    def sup(text, items, score, hops):
        b = unique_best(items, score)
        return b is not None and add("superlative", text, S([b]), hops)

    sup("Which spacecraft has the greatest dry mass?", T["Spacecraft"], lambda s: A[s]["dry_mass_kg"], 0)
    sup("Which contractor was founded earliest?", T["Contractor"], lambda c: -A[c]["founded"], 0)
    sup("what's the biggest moon by radius", [b for b in T["CelestialBody"] if A[b]["category"] == "moon"],
        lambda b: A[b]["radius_km"], 0)
    sup("Which astronaut has flown the most missions?", astronauts, lambda p: len(kb.o(p, "CREWED")), 1)
    sup("which ground station tracks the most missions", T["GroundStation"], lambda g: len(kb.o(g, "TRACKS")), 1)
    sup("Which contractor built the most spacecraft?", T["Contractor"], lambda c: len(kb.o(c, "BUILT")), 1)
    sup("Which contractor has the largest total contract value across the spacecraft it built?", T["Contractor"],
        lambda c: round(sum(kb.eattr[(c, s)]["contract_musd"] for s in kb.o(c, "BUILT")), 2), 1)
    sup("Who has logged the most EVA hours in total, summed over all the missions they crewed?", astronauts,
        lambda p: round(sum(kb.eattr[(p, m)]["eva_hours"] for m in kb.o(p, "CREWED")), 1), 1)
    pick("Spacecraft", lambda s: sup(f"Of the instruments aboard {name(s)}, which is the heaviest?",
                                     kb.o(s, "CARRIES"), lambda i: A[i]["mass_kg"], 1))
    pick("Mission", lambda m: sup(f"Among {name(m)}'s crew, who has the most flight hours?",
                                  kb.i(m, "CREWED"), lambda p: A[p]["flight_hours"], 1))

    for text, items, score in [
        ("Which launch site has hosted the most launches?", T["LaunchSite"], lambda x: len(kb.i(x, "LAUNCHED_FROM"))),
        ("Which rocket has launched the most missions?", T["LaunchVehicle"], lambda x: len(kb.i(x, "LAUNCHED_ON"))),
    ]:
        if sum(1 for q in qs if q["kind"] == "superlative") < 10:
            sup(text, items, score, 1)

    # ---- aggregate
    def val(v):
        return {"type": "value", "value": round(v, 2)}

    pick("CelestialBody", lambda b: len(kb.i(b, "TARGETS")) >= 3 and add(
        "aggregate", f"What is the total budget, in millions of dollars, of the missions that targeted {name(b)}?",
        val(sum(A[m]["budget_musd"] for m in kb.i(b, "TARGETS"))), 1))
    pick("Contractor", lambda c: len(kb.o(c, "BUILT")) >= 3 and add(
        "aggregate", f"average dry mass of the spacecraft built by {name(c)}",
        val(sum(A[s]["dry_mass_kg"] for s in kb.o(c, "BUILT")) / len(kb.o(c, "BUILT"))), 1))
    pick("GroundStation", lambda g: add(
        "aggregate", f"How many passes has {name(g)} made in total, across all the missions it tracks?",
        val(sum(kb.eattr[(g, m)]["passes"] for m in kb.o(g, "TRACKS"))), 1))
    moons = [b for b in T["CelestialBody"] if A[b]["category"] == "moon"]
    add("aggregate", "What's the average radius of the moons in km?",
        val(sum(A[b]["radius_km"] for b in moons) / len(moons)), 0)
    pick("Mission", lambda m: sum(kb.eattr[(p, m)]["eva_hours"] for p in kb.i(m, "CREWED")) > 0 and add(
        "aggregate", f"total EVA hours logged by the crew of {name(m)}",
        val(sum(kb.eattr[(p, m)]["eva_hours"] for p in kb.i(m, "CREWED"))), 1))

    # ---- edge_property
    def crew_role(m):
        cs = kb.i(m, "CREWED")
        specialists = [p for p in cs if "specialist" in kb.eattr[(p, m)]["role"]]
        return specialists[0] if specialists else None

    pick("Mission", lambda m: crew_role(m) is not None and add(
        "edge_property", f"What role did {name(crew_role(m))} have on {name(m)}?",
        {"type": "value", "value": kb.eattr[(crew_role(m), m)]["role"]}, 1))

    def builder(s):
        return kb.i(s, "BUILT")[0]

    pick("Spacecraft", lambda s: add(
        "edge_property", f"what was the contract worth (in $M) when {name(builder(s))} built {name(s)}",
        val(kb.eattr[(builder(s), s)]["contract_musd"]), 1))
    pick("Spacecraft", lambda s: add(
        "edge_property", f"When was {name(builder(s))}'s contract for {name(s)} signed?",
        {"type": "value", "value": kb.eattr[(builder(s), s)]["signed"]}, 1))
    pick("Mission", lambda m: add(
        "edge_property", f"How many passes did {name(kb.i(m, 'TRACKS')[0])} make for {name(m)}?",
        {"type": "value", "value": kb.eattr[(kb.i(m, "TRACKS")[0], m)]["passes"]}, 1))
    pick("Mission", lambda m: add(
        "edge_property", f"What was the closest approach distance of {name(m)} to {name(kb.o(m, 'TARGETS')[0])}, "
                         "in km?",
        val(kb.eattr[(m, kb.o(m, "TARGETS")[0])]["closest_km"]), 1))
    add("edge_property", "How many crew assignments were in the commander role?",
        {"type": "count", "value": sum(1 for a in kb.eattr.values() if a["type"] == "CREWED"
                                       and a["role"] == "commander")}, 1)
    add("edge_property", "how many spacecraft build contracts were fixed-price",
        {"type": "count", "value": sum(1 for a in kb.eattr.values() if a["type"] == "BUILT" and a["fixed_price"])}, 1)

    # ---- yes_no (alternating yes / no)
    def yn(text, value, hops=1):
        return add("yes_no", text, {"type": "bool", "value": value}, hops)

    pick("Mission", lambda m: bool(kb.i(m, "CREWED")) and yn(f"Did {name(kb.i(m, 'CREWED')[0])} fly on {name(m)}?",
                                                             True))
    pick("Mission", lambda m: bool(kb.i(m, "CREWED")) and next(
        (yn(f"did {name(p)} fly on {name(m)}", False) for p in astronauts if p not in kb.i(m, "CREWED")
         and kb.o(p, "CREWED")), False))
    pick("Person", lambda x: bool(kb.o(x, "BACKUP_FOR")) and yn(
        f"Is {name(x)} a backup for {name(kb.o(x, 'BACKUP_FOR')[0])}?", True))
    pick("Person", lambda x: bool(kb.o(x, "BACKUP_FOR")) and (x not in kb.o(kb.o(x, "BACKUP_FOR")[0], "BACKUP_FOR"))
         and yn(f"Is {name(kb.o(x, 'BACKUP_FOR')[0])} the backup for {name(x)}?", False))
    pick("Spacecraft", lambda s: yn(f"Did {name(builder(s))} build {name(s)}?", True))
    pick("Spacecraft", lambda s: yn(f"did {name(next(c for c in T['Contractor'] if c != builder(s)))} build "
                                    f"{name(s)}?", False))
    pick("Spacecraft", lambda s: bool(kb.o(s, "CARRIES")) and yn(
        f"Does {name(s)} carry the {name(kb.o(s, 'CARRIES')[0])}?", True))
    pick("Spacecraft", lambda s: yn(f"Does {name(s)} carry the {name(next(i for i in T['Instrument'] if i not in kb.o(s, 'CARRIES')))}?", False))  # noqa: E501

    # ---- portfolio
    pick("Spacecraft", lambda s: len(kb.neighbours(s)) >= 4 and add(
        "portfolio", f"Tell me everything about {name(s)}.", S(kb.neighbours(s)), 1))
    pick("Mission", lambda m: len(kb.neighbours(m)) >= 6 and add(
        "portfolio", f"give me an overview of {name(m)}", S(kb.neighbours(m)), 1))
    pick("Contractor", lambda c: len(kb.neighbours(c)) >= 4 and add(
        "portfolio", f"What do we know about {name(c)}?", S(kb.neighbours(c)), 1))

    # ---- unknown (made-up names, checked absent)
    known = {norm(kb.name(n)) for n in A}
    for text, fake in [
        ("Which instruments does the Marigold Pelican carry?", "Marigold Pelican"),
        ("Who commanded the Driftglass VII mission?", "Driftglass VII"),
        ("When was Perpetua Vandersloot born?", "Perpetua Vandersloot"),
        ("which missions targeted the asteroid Quillonne", "Quillonne"),
    ]:
        if any(norm(fake) in k or k in norm(fake) for k in known):
            raise RuntimeError(f"made-up name {fake!r} is in the graph")
        add("unknown", text, {"type": "none"}, 0)

    # ---- global
    add("global", "How many node types does the graph have?",
        {"type": "count", "value": len(T)}, 0)
    add("global", "how many different kinds of relationship are there between entities?",
        {"type": "count", "value": len(kb.etypes)}, 0)
    add("global", "What's the total number of entities in the graph, across every type?",
        {"type": "count", "value": len(A)}, 0)

    expected = {"count": 5, "filtered_count": 10, "list": 7, "multihop": 14, "superlative": 10, "aggregate": 5,
                "edge_property": 7, "yes_no": 8, "portfolio": 3, "unknown": 4, "global": 3}
    got = {k: sum(1 for q in qs if q["kind"] == k) for k in expected}
    if got != expected:
        raise RuntimeError(f"question mix {got} != {expected}")
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {out_dir / 'holdout.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
