"""Deterministic holdout questions for the byog34 clinical-trials graph.

Usage: python tests/byog34/questions.py OUT_DIR [GRAPH_PATH]
GRAPH_PATH is the trials_csv folder graph.py wrote (default: OUT_DIR/trials_csv); writes OUT_DIR/holdout.jsonl.
Reads only those CSV files.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

SEED = 3434


def parse(value: str, typ: str):
    if typ == "int":
        return int(value)
    if typ == "float":
        return float(value)
    if typ == "boolean":
        return value == "true"
    return value


class Graph:
    def __init__(self, folder: Path):
        self.nodes: dict[str, dict] = {}
        self.label: dict[str, str] = {}
        self.edges: list[tuple[str, str, str, dict]] = []
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edge_types: set[str] = set()
        for path in sorted(folder.glob("*.csv")):
            with open(path, newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            head = rows[0]
            if head[0] == ":START_ID":
                props = [(h.split(":")[0], h.split(":")[1]) for h in head[3:]]
                for r in rows[1:]:
                    attrs = {k: parse(v, t) for (k, t), v in zip(props, r[3:], strict=True)}
                    self.edges.append((r[0], r[2], r[1], attrs))
                    self.out[(r[0], r[2])].append((r[1], attrs))
                    self.inn[(r[1], r[2])].append((r[0], attrs))
                    self.edge_types.add(r[2])
            else:
                props = [(h.split(":")[0], h.split(":")[1]) for h in head[2:]]
                for r in rows[1:]:
                    self.nodes[r[0]] = {k: parse(v, t) for (k, t), v in zip(props, r[2:], strict=True)}
                    self.label[r[0]] = r[1]

    def name(self, n: str) -> str:
        a = self.nodes[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def of(self, label: str) -> list[str]:
        return sorted((n for n, lab in self.label.items() if lab == label), key=lambda x: int(x.rsplit("-", 1)[1]))

    def o(self, n: str, t: str) -> list[str]:
        return [d for d, _ in self.out[(n, t)]]

    def i(self, n: str, t: str) -> list[str]:
        return [s for s, _ in self.inn[(n, t)]]

    def edge(self, s: str, t: str, d: str) -> dict | None:
        return next((a for x, a in self.out[(s, t)] if x == d), None)


def mentions(name: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


class Builder:
    def __init__(self, g: Graph):
        self.g = g
        self.rng = random.Random(SEED)
        self.items: list[dict] = []

    def shuffled(self, seq):
        seq = list(seq)
        self.rng.shuffle(seq)
        return seq

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        self.items.append({"kind": kind, "question": text, "gold": gold, "hops": hops})

    def set_gold(self, ids) -> dict:
        ids = sorted(set(ids), key=lambda x: (x.rsplit("-", 1)[0], int(x.rsplit("-", 1)[1])))
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def try_set(self, kind, hops, cands, fn, lo=1, hi=12):
        """First candidate (in shuffled order) whose fn(c) -> (text, ids) gives lo..hi members, none named."""
        for c in self.shuffled(cands):
            res = fn(c)
            if res is None:
                continue
            text, ids = res
            ids = set(ids)
            if not lo <= len(ids) <= hi:
                continue
            if any(mentions(self.g.name(i), text) for i in ids):
                continue
            self.add(kind, text, self.set_gold(ids), hops)
            return c
        raise RuntimeError(f"no candidate for {kind}: {fn}")

    def try_count(self, kind, hops, cands, fn):
        for c in self.shuffled(cands):
            res = fn(c)
            if res is None:
                continue
            text, n = res
            if n <= 0 or str(n) in re.findall(r"\d+", text):
                continue
            self.add(kind, text, {"type": "count", "value": n}, hops)
            return c
        raise RuntimeError(f"no candidate for {kind}: {fn}")

    def try_value(self, kind, hops, cands, fn):
        for c in self.shuffled(cands):
            res = fn(c)
            if res is None:
                continue
            text, v = res
            if mentions(str(v), text):
                continue
            self.add(kind, text, {"type": "value", "value": v}, hops)
            return c
        raise RuntimeError(f"no candidate for {kind}: {fn}")


def unique_max(g: Graph, cands, key, reverse=True):
    scored = sorted(((key(c), c) for c in cands), key=lambda p: p[0], reverse=reverse)
    if len(scored) < 2 or scored[0][0] == scored[1][0]:
        return None
    return scored[0][1]


def build(g: Graph) -> list[dict]:  # noqa: C901 - one flat list of question templates
    b = Builder(g)
    N = g.name
    trials, sites, drugs = g.of("Trial"), g.of("Site"), g.of("Drug")
    sponsors, invs, parts = g.of("Sponsor"), g.of("Investigator"), g.of("Participant")
    pubs, visits = g.of("Publication"), g.of("Visit")

    # ---- count (5)
    b.add("count", "How many clinical trials are in the network?", {"type": "count", "value": len(trials)}, 0)
    b.add("count", "how many hospital sites are there in total", {"type": "count", "value": len(sites)}, 0)
    b.add("count", "Number of investigators?", {"type": "count", "value": len(invs)}, 0)
    b.add("count", "How many distinct drugs does the database hold", {"type": "count", "value": len(drugs)}, 0)
    b.add("count", "how many pharma sponsors are recorded?", {"type": "count", "value": len(sponsors)}, 0)

    # ---- filtered_count (10)
    def cnt(seq, pred):
        return sum(1 for x in seq if pred(g.nodes[x]))

    b.add("filtered_count", "How many Phase III studies are there?",
          {"type": "count", "value": cnt(trials, lambda a: a["phase"] == "III")}, 0)
    b.add("filtered_count", "how many of the trials are blinded",
          {"type": "count", "value": cnt(trials, lambda a: a["blinded"])}, 0)
    b.try_count("filtered_count", 0, sorted({g.nodes[s]["country"] for s in sites}), lambda c: (
        f"How many academic sites are located in {c}?", cnt(sites, lambda a: a["country"] == c and a["academic"])))
    b.add("filtered_count", "How many drugs can be taken orally?",
          {"type": "count", "value": cnt(drugs, lambda a: a["oral"])}, 0)
    b.try_count("filtered_count", 0, [70, 72, 75, 78, 80], lambda k: (
        f"Count the participants older than {k} who smoke.", cnt(parts, lambda a: a["age"] > k and a["smoker"])))
    b.add("filtered_count", "How many trials were terminated?",
          {"type": "count", "value": cnt(trials, lambda a: a["status"] == "terminated")}, 0)
    b.add("filtered_count", "how many board-certified investigators specialise in cardiology?",
          {"type": "count", "value": cnt(invs, lambda a: a["specialty"] == "cardiology" and a["board_certified"])}, 0)
    b.try_count("filtered_count", 1, trials, lambda t: (
        f"How many patients are enrolled in the {N(t)}?", len(set(g.i(t, "ENROLLED_IN"))))
        if len(set(g.i(t, "ENROLLED_IN"))) >= 4 else None)
    b.try_count("filtered_count", 0, [2019, 2020, 2021, 2022], lambda y: (
        f"How many open-access papers were published in {y}?",
        cnt(pubs, lambda a: a["open_access"] and a["year"] == y)))
    b.try_count("filtered_count", 1, sites, lambda s: (
        f"How many screening visits took place at {N(s)}?",
        sum(1 for v in g.i(s, "HELD_AT") if g.nodes[v]["visit_type"] == "screening")))

    # ---- list (7)
    b.try_set("list", 1, [s for s in sponsors if len(g.o(s, "MANUFACTURES")) >= 2], lambda s: (
        f"Which drugs does {N(s)} manufacture?", g.o(s, "MANUFACTURES")))
    b.try_set("list", 1, trials, lambda t: (
        f"List the hospitals where the {N(t)} is being run.", g.o(t, "CONDUCTED_AT")), lo=3)
    b.try_set("list", 1, sites, lambda s: (
        f"show me the investigators based at {N(s)}", g.i(s, "AFFILIATED_WITH")), lo=3)
    b.try_set("list", 1, parts, lambda p: (
        f"What adverse events has {N(p)} had?", g.o(p, "EXPERIENCED")), lo=2)
    b.try_set("list", 1, trials, lambda t: (
        f"which publications report results from the {N(t)}", g.i(t, "REPORTS_ON")), lo=2)
    b.try_set("list", 1, sponsors, lambda s: (
        f"give me the trials {N(s)} is funding", g.o(s, "SPONSORS")), lo=3)
    b.try_set("list", 1, invs, lambda x: (
        f"List everyone that {N(x)} directly supervises.", g.o(x, "SUPERVISES")), lo=3)

    # ---- multihop (14)
    def boss(x):
        up = g.i(x, "SUPERVISES")
        return up[0] if up else None

    def grand_boss(x):
        s = boss(x)
        return boss(s) if s else None

    def pi_of(t):
        return [u for u, a in g.inn[(t, "INVESTIGATES")] if a["role"] == "principal"]

    b.try_set("multihop", 2, invs, lambda x: (
        f"Who is the supervisor of {N(x)}'s supervisor?", [grand_boss(x)]) if grand_boss(x) else None)
    b.try_set("multihop", 2, invs, lambda x: (
        f"which investigators are supervised by the people {N(x)} supervises?",
        [z for y in g.o(x, "SUPERVISES") for z in g.o(y, "SUPERVISES")]), lo=2)
    b.try_set("multihop", 2, invs, lambda x: (
        f"At which sites are the trials that {N(x)} works on conducted?",
        [s for t in g.o(x, "INVESTIGATES") for s in g.o(t, "CONDUCTED_AT")]), lo=3)
    b.try_set("multihop", 2, [p for p in parts if len(g.o(p, "ENROLLED_IN")) == 2], lambda p: (
        f"Which companies sponsor the trials {N(p)} is enrolled in?",
        [s for t in g.o(p, "ENROLLED_IN") for s in g.i(t, "SPONSORS")]), lo=2)
    b.try_set("multihop", 2, pubs, lambda p: (
        f"Who was the principal investigator of the trial covered by \"{N(p)}\"?",
        [u for t in g.o(p, "REPORTS_ON") for u in pi_of(t)]))
    b.try_set("multihop", 2, sites, lambda s: (
        f"Which drugs are tested in trials hosted at {N(s)}?",
        [d for t in g.i(s, "CONDUCTED_AT") for d in g.o(t, "TESTS")]), lo=4)
    b.try_set("multihop", 3, invs, lambda x: (
        f"Which drugs are being studied in trials that people supervised by {N(x)} work on?",
        [d for y in g.o(x, "SUPERVISES") for t in g.o(y, "INVESTIGATES") for d in g.o(t, "TESTS")]), lo=2)
    b.try_set("multihop", 3, [p for p in parts if len(g.o(p, "ENROLLED_IN")) == 2], lambda p: (
        f"which manufacturers make the drugs tested in the trials {N(p)} joined",
        [s for t in g.o(p, "ENROLLED_IN") for d in g.o(t, "TESTS") for s in g.i(d, "MANUFACTURES")]), lo=2)
    b.try_set("multihop", 3, invs, lambda x: (
        f"What trials is the supervisor of {N(x)}'s supervisor involved in?",
        g.o(grand_boss(x), "INVESTIGATES")) if grand_boss(x) else None, lo=2)
    b.try_set("multihop", 3, sponsors, lambda s: (
        f"Who has authored papers about trials sponsored or co-sponsored by {N(s)}?",
        [a for t in g.o(s, "SPONSORS") for p in g.i(t, "REPORTS_ON") for a in g.i(p, "AUTHORED")]), lo=3)
    b.try_set("multihop", 4, invs, lambda x: (
        f"Who wrote publications on the trials led by {N(x)}'s supervisor?",
        [a for t in pi_of_any(g, boss(x)) for p in g.i(t, "REPORTS_ON") for a in g.i(p, "AUTHORED")])
        if boss(x) else None, lo=2)
    b.try_set("multihop", 4, visits, lambda v: (
        f"Which companies manufacture the drugs tested in the trials of the participant seen at {N(v)}?",
        [s for p in g.i(v, "HAD_VISIT") for t in g.o(p, "ENROLLED_IN") for d in g.o(t, "TESTS")
         for s in g.i(d, "MANUFACTURES")]), lo=2)
    b.try_count("multihop", 4, drugs, lambda d: (
        f"How many distinct sites host trials testing a drug made by the manufacturer of {N(d)}?",
        len({s for m in g.i(d, "MANUFACTURES") for d2 in g.o(m, "MANUFACTURES") for t in g.i(d2, "TESTS")
             for s in g.o(t, "CONDUCTED_AT")})))
    b.try_count("multihop", 2, trials, lambda t: (
        f"how many participants in the {N(t)} had a serious adverse event",
        sum(1 for p in set(g.i(t, "ENROLLED_IN")) if any(a["serious"] for _, a in g.out[(p, "EXPERIENCED")]))))

    # ---- superlative (10)
    def sup(*options):
        """The first option (text, candidates, key[, reverse]) without a tie."""
        for text, cands, key, *rev in options:
            best = unique_max(g, cands, key, rev[0] if rev else True)
            if best is not None:
                b.add("superlative", text, b.set_gold([best]), 1)
                return
        raise RuntimeError(f"tie: {options[0][0]}")

    def below(x):
        return len(g.o(x, "SUPERVISES")) + sum(below(y) for y in g.o(x, "SUPERVISES"))

    sup(("Which trial has the largest budget?", trials, lambda t: g.nodes[t]["budget_musd"]))
    sup(("which drug has the lowest molecular weight", drugs, lambda d: g.nodes[d]["molecular_weight"], False))
    sup(("Which study has enrolled the most participants?", trials, lambda t: len(set(g.i(t, "ENROLLED_IN")))))
    sup(("Who directly supervises the largest number of colleagues?", invs, lambda x: len(g.o(x, "SUPERVISES"))),
        ("Which investigator has the most people under them in the supervision chain, directly or indirectly?", invs,
         below),
        ("Which investigator has authored the most publications?", invs, lambda x: len(g.o(x, "AUTHORED"))))
    sup(("Which sponsor has the biggest drug portfolio (most drugs manufactured)?", sponsors,
         lambda s: len(g.o(s, "MANUFACTURES"))),
        ("Which sponsor backs the largest number of trials?", sponsors, lambda s: len(g.o(s, "SPONSORS"))))
    sup(("Which sponsor has contributed the most money to trials in total?", sponsors,
         lambda s: round(sum(a["contribution_musd"] for _, a in g.out[(s, "SPONSORS")]), 2)))
    sup(("Which sponsor's trials have the largest combined target enrollment?", sponsors,
         lambda s: sum(g.nodes[t]["target_enrollment"] for t in g.o(s, "SPONSORS"))))

    def scoped(kind_text, cands, members, key):
        for c in b.shuffled(cands):
            ms = members(c)
            if len(ms) < 2:
                continue
            best = unique_max(g, ms, key)
            if best is None or mentions(N(best), kind_text(c)):
                continue
            b.add("superlative", kind_text(c), b.set_gold([best]), 2)
            return
        raise RuntimeError("no scoped superlative")

    scoped(lambda t: f"Among the drugs tested in the {N(t)}, which one has the highest molecular weight?", trials,
           lambda t: g.o(t, "TESTS"), lambda d: g.nodes[d]["molecular_weight"])
    scoped(lambda s: f"Of the investigators affiliated with {N(s)}, who has the highest h-index?", sites,
           lambda s: g.i(s, "AFFILIATED_WITH"), lambda x: g.nodes[x]["h_index"])
    scoped(lambda t: f"who's the oldest participant enrolled in the {N(t)}?", trials,
           lambda t: sorted(set(g.i(t, "ENROLLED_IN"))), lambda p: g.nodes[p]["age"])

    # ---- aggregate (5)
    b.try_value("aggregate", 2, sponsors, lambda s: (
        f"What is the total budget of all trials {N(s)} sponsors, whether as lead or co-sponsor?",
        round(sum(g.nodes[t]["budget_musd"] for t in g.o(s, "SPONSORS")), 2)) if len(g.o(s, "SPONSORS")) >= 2
        else None)
    b.try_value("aggregate", 1, trials, lambda t: (
        f"what's the average age of the participants in the {N(t)}",
        round(sum(g.nodes[p]["age"] for p in set(g.i(t, "ENROLLED_IN"))) / len(set(g.i(t, "ENROLLED_IN"))), 2))
        if len(set(g.i(t, "ENROLLED_IN"))) >= 3 else None)
    acad = [g.nodes[s]["beds"] for s in sites if g.nodes[s]["academic"]]
    b.add("aggregate", "Average bed count across academic sites?", {"type": "value",
                                                                    "value": round(sum(acad) / len(acad), 2)}, 0)
    b.try_value("aggregate", 1, trials, lambda t: (
        f"Total citations of the papers reporting on the {N(t)}?",
        sum(g.nodes[p]["citations"] for p in g.i(t, "REPORTS_ON"))) if len(g.i(t, "REPORTS_ON")) >= 2 else None)
    smk = [g.nodes[p]["bmi"] for p in parts if g.nodes[p]["smoker"]]
    b.add("aggregate", "What is the mean BMI of participants who smoke?",
          {"type": "value", "value": round(sum(smk) / len(smk), 2)}, 0)

    # ---- edge_property (7)
    tests = [(s, d, a) for s, t, d, a in g.edges if t == "TESTS"]
    b.try_value("edge_property", 1, tests, lambda e: (
        f"What dose of {N(e[1])} is given in the {N(e[0])}?", e[2]["dose_mg"]))
    single = [(p, t, a) for s, ty, t, a in g.edges if ty == "ENROLLED_IN" for p in [s]
              if len(g.o(p, "ENROLLED_IN")) == 1]
    b.try_value("edge_property", 1, single, lambda e: (
        f"When was {N(e[0])} enrolled in the {N(e[1])}?", e[2]["enrolled"]))
    exps = [(s, d, a) for s, t, d, a in g.edges if t == "EXPERIENCED"]
    b.try_value("edge_property", 1, exps, lambda e: (
        f"what grade was {N(e[0])}'s {N(e[1]).lower()}", e[2]["grade"]) if e[2]["grade"] >= 2 else None)
    cosp = [(s, d, a) for s, t, d, a in g.edges if t == "SPONSORS" and not a["lead"]]
    b.try_value("edge_property", 1, cosp, lambda e: (
        f"How much did {N(e[0])} put into the {N(e[1])}, in millions of dollars?", e[2]["contribution_musd"]))
    cond = [(s, d, a) for s, t, d, a in g.edges if t == "CONDUCTED_AT"]
    b.try_value("edge_property", 1, cond, lambda e: (
        f"On what date was {N(e[1])} activated as a site for the {N(e[0])}?", e[2]["activated"]))
    b.try_count("edge_property", 1, trials, lambda t: (
        f"How many enrolments in the {N(t)} ended in completion?",
        sum(1 for _, a in g.inn[(t, "ENROLLED_IN")] if a["completed"])))
    b.add("edge_property", "How many adverse-event reports were graded 4?",
          {"type": "count", "value": sum(1 for _, t, _, a in g.edges if t == "EXPERIENCED" and a["grade"] == 4)}, 1)

    # ---- yes_no (8): yes, no, yes, no, yes, no, yes, no
    sup_edges = [(s, d) for s, t, d, _ in g.edges if t == "SUPERVISES"]
    e1 = b.shuffled(sup_edges)[0]
    b.add("yes_no", f"Does {N(e1[0])} supervise {N(e1[1])}?", {"type": "bool", "value": True}, 1)
    e2 = b.shuffled([e for e in sup_edges if e != e1])[0]
    b.add("yes_no", f"is {N(e2[0])} supervised by {N(e2[1])}", {"type": "bool", "value": False}, 1)
    e3 = b.shuffled(cond)[0]
    b.add("yes_no", f"Is the {N(e3[0])} conducted at {N(e3[1])}?", {"type": "bool", "value": True}, 1)
    p4 = b.shuffled([p for p in parts if g.o(p, "EXPERIENCED")])[0]
    ae4 = b.shuffled([a for a in g.of("AdverseEvent") if a not in g.o(p4, "EXPERIENCED")])[0]
    b.add("yes_no", f"Has {N(p4)} experienced {N(ae4).lower()}?", {"type": "bool", "value": False}, 1)
    man = [(s, d) for s, t, d, _ in g.edges if t == "MANUFACTURES"]
    e5 = b.shuffled(man)[0]
    b.add("yes_no", f"Is {N(e5[1])} made by {N(e5[0])}?", {"type": "bool", "value": True}, 1)
    t6 = b.shuffled([t for t in trials if not g.nodes[t]["blinded"]])[0]
    b.add("yes_no", f"Is the {N(t6)} a blinded study?", {"type": "bool", "value": False}, 0)
    auth = [(s, d) for s, t, d, _ in g.edges if t == "AUTHORED"]
    e7 = b.shuffled(auth)[0]
    b.add("yes_no", f"Did {N(e7[0])} co-author \"{N(e7[1])}\"?", {"type": "bool", "value": True}, 1)
    t8 = b.shuffled(trials)[0]
    d8 = b.shuffled([d for d in drugs if d not in g.o(t8, "TESTS")])[0]
    b.add("yes_no", f"does the {N(t8)} test {N(d8)}", {"type": "bool", "value": False}, 1)

    # ---- portfolio (3)
    def neighbours(n):
        return {d for (s, _), lst in g.out.items() if s == n for d, _ in lst} | \
               {s for (d, _), lst in g.inn.items() if d == n for s, _ in lst}

    b.try_set("portfolio", 1, drugs, lambda d: (f"Tell me everything about {N(d)}.", neighbours(d)), lo=3)
    b.try_set("portfolio", 1, invs, lambda x: (f"what do we know about {N(x)}", neighbours(x)), lo=4)
    b.try_set("portfolio", 1, pubs, lambda p: (f"Give me an overview of \"{N(p)}\".", neighbours(p)), lo=3)

    # ---- unknown (4)
    names = {N(n).lower() for n in g.nodes}
    fakes = [("Who sponsors the Crimson Tundra Trial?", "Crimson Tundra Trial"),
             ("What's the h-index of Dr. Imelda Quarrington?", "Imelda Quarrington"),
             ("How many beds does Saint Oswin Hospital have?", "Saint Oswin Hospital"),
             ("which trials test the drug Fantaxiprol", "Fantaxiprol")]
    for text, fake in fakes:
        if fake.lower() in names or any(fake.lower() in n for n in names):
            raise RuntimeError(f"fake name exists: {fake}")
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    b.add("global", "How many different node types does the graph have?",
          {"type": "count", "value": len(set(g.label.values()))}, 0)
    b.add("global", "how many kinds of relationship are there in the schema",
          {"type": "count", "value": len(g.edge_types)}, 0)
    b.add("global", "What's the total number of entities in the graph, all types together?",
          {"type": "count", "value": len(g.nodes)}, 0)

    out = []
    for k, it in enumerate(b.items, 1):
        out.append({"id": f"byog34-{k:02d}", "kind": it["kind"], "question": it["question"], "gold": it["gold"],
                    "hops": it["hops"]})
    return out


def pi_of_any(g: Graph, x: str | None) -> list[str]:
    """Trials where x is the principal investigator."""
    if x is None:
        return []
    return [t for t, a in g.out[(x, "INVESTIGATES")] if a["role"] == "principal"]


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out / "trials_csv"
    qs = build(Graph(folder))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {out / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
