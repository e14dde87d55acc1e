"""Deterministic held-out questions over the courier graph written by graph.py.

    python tests/byog44/questions.py OUT_DIR [GRAPH_PATH]

GRAPH_PATH is the courier_csv folder (default OUT_DIR/courier_csv). Reads only those CSV files and writes
OUT_DIR/holdout.jsonl. Golds are computed on a networkx MultiDiGraph built from the CSVs.
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


def _conv(v: str, t: str):
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    if t == "boolean":
        return v == "true"
    return v


def load(folder: str) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for path in sorted(glob.glob(os.path.join(folder, "nodes_*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head = rows[0]
        for r in rows[1:]:
            attrs = {}
            for h, v in zip(head[2:], r[2:], strict=True):
                k, t = h.split(":")
                attrs[k] = _conv(v, t)
            name = attrs.get("name") or f"{attrs['first_name']} {attrs['last_name']}"
            g.add_node(r[0], label=r[1], display=name, **attrs)
    for path in sorted(glob.glob(os.path.join(folder, "rels_*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        head = rows[0]
        for r in rows[1:]:
            attrs = {}
            for h, v in zip(head[3:], r[3:], strict=True):
                k, t = h.split(":")
                attrs[k] = _conv(v, t)
            g.add_edge(r[0], r[1], key=r[2], type=r[2], **attrs)
    return g


def _idkey(nid: str):
    p, n = nid.rsplit("-", 1)
    return (p, int(n))


class Q:
    def __init__(self, g: nx.MultiDiGraph, seed: int):
        self.g, self.seed = g, seed

    def nm(self, n: str) -> str:
        return self.g.nodes[n]["display"]

    def a(self, n: str, k: str):
        return self.g.nodes[n][k]

    def of(self, label: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["label"] == label), key=_idkey)

    def out(self, n: str, typ: str) -> list[str]:
        return sorted({b for _, b, k in self.g.out_edges(n, keys=True) if k == typ}, key=_idkey)

    def inn(self, n: str, typ: str) -> list[str]:
        return sorted({a for a, _, k in self.g.in_edges(n, keys=True) if k == typ}, key=_idkey)

    def walk(self, starts, steps) -> list[str]:
        cur = set(starts)
        for typ, d in steps:
            nxt: set[str] = set()
            for n in cur:
                nxt |= set(self.out(n, typ) if d == "out" else self.inn(n, typ))
            cur = nxt
        return sorted(cur, key=_idkey)

    def eattr(self, a: str, b: str, typ: str) -> dict:
        return self.g.get_edge_data(a, b, key=typ)

    def edges(self, typ: str):
        return [(a, b, d) for a, b, k, d in self.g.edges(keys=True, data=True) if k == typ]

    def gset(self, ids) -> dict:
        ids = sorted(ids, key=_idkey)
        return {"type": "set", "ids": ids, "names": [self.nm(i) for i in ids]}

    def pick(self, tag: str, cands, fn: Callable):
        cands = list(cands)
        random.Random(f"{self.seed}-{tag}").shuffle(cands)
        for c in cands:
            r = fn(c)
            if r is not None:
                return r
        raise RuntimeError(f"no subject for {tag}")


def _leaks(question: str, gold: dict) -> bool:
    ql = question.lower()
    t = gold["type"]
    if t == "set":
        return any(n.lower() in ql for n in gold["names"])
    if t in ("count", "value"):
        v = gold["value"]
        if isinstance(v, str):
            return re.search(r"(?<!\w)" + re.escape(v.lower()) + r"(?!\w)", ql) is not None
        nums = {float(x) for x in re.findall(r"(?<![\w\-#/.,])\d+(?:\.\d+)?(?![\w\-#/])", question)}
        return float(v) in nums
    return False


def _unique_top(scores: dict[str, float], reverse: bool = True):
    if len(scores) < 2:
        return None
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=reverse)
    if ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def build_questions(g: nx.MultiDiGraph, seed: int = 44) -> list[dict]:
    q = Q(g, seed)
    out: list[dict] = []

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        if _leaks(text, gold):
            raise RuntimeError(f"gold leaks into question: {text}")
        if gold["type"] == "set" and not 1 <= len(gold["ids"]) <= 12:
            raise RuntimeError(f"set size out of range: {text}")
        if gold["type"] == "count" and gold["value"] == 0:
            raise RuntimeError(f"zero count: {text}")
        out.append({"id": f"byog44-{len(out) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def cnt(v: int) -> dict:
        return {"type": "count", "value": v}

    def val(v) -> dict:
        return {"type": "value", "value": v}

    def guarded(text: str, gold: dict, size=(1, 12)):
        if gold["type"] == "set" and not size[0] <= len(gold["ids"]) <= size[1]:
            return None
        if gold["type"] == "count" and gold["value"] == 0:
            return None
        if _leaks(text, gold):
            return None
        return text, gold

    C, P, CU, D = q.of("Courier"), q.of("Parcel"), q.of("Customer"), q.of("Depot")
    R, Z, V, CL, A = q.of("Route"), q.of("Zone"), q.of("Van"), q.of("Claim"), q.of("DeliveryAttempt")

    # ---- count (5)
    add("count", "How many couriers are on the books?", cnt(len(C)), 0)
    add("count", "how many parcels are there in total", cnt(len(P)), 0)
    add("count", "Number of depots?", cnt(len(D)), 0)
    add("count", "Give me the count of compensation claims on file.", cnt(len(CL)), 0)
    add("count", "How many delivery vans does the fleet have?", cnt(len(V)), 0)

    # ---- filtered_count (10)
    add("filtered_count", "How many parcels are flagged as fragile?", cnt(sum(q.a(p, "fragile") for p in P)), 0)
    add("filtered_count", "how many of the vans are electric", cnt(sum(q.a(v, "electric") for v in V)), 0)
    add("filtered_count", "How many claims ended up approved?", cnt(sum(q.a(c, "approved") for c in CL)), 0)
    add("filtered_count", "How many couriers hold a C1 licence?", cnt(sum(q.a(c, "licence") == "C1" for c in C)), 0)
    add("filtered_count", "How many parcels weigh more than 10 kg?", cnt(sum(q.a(p, "weight_kg") > 10 for p in P)), 0)
    add("filtered_count", "How many parcels were shipped in March 2024?",
        cnt(sum(q.a(p, "shipped").startswith("2024-03") for p in P)), 0)
    add("filtered_count", "How many night routes are there?", cnt(sum(q.a(r, "night") for r in R)), 0)
    add("filtered_count", "How many delivery attempts failed because no one was home?",
        cnt(sum(q.a(x, "outcome") == "no_one_home" for x in A)), 0)

    def f14(c):
        n = len(q.out(c, "SENDS"))
        return guarded(f"How many parcels has {q.nm(c)} sent?", cnt(n)) if n >= 3 else None
    add("filtered_count", *q.pick("f14", CU, f14), 1)

    def f15(z):
        return guarded(f"What number of parcels are addressed to the {q.nm(z)} zone?", cnt(len(q.inn(z, "ADDRESSED_TO"))))
    add("filtered_count", *q.pick("f15", Z, f15), 1)

    # ---- list (7)
    def l16(d):
        return guarded(f"Which couriers are based at {q.nm(d)}?", q.gset(q.inn(d, "BASED_AT")), (3, 12))
    add("list", *q.pick("l16", D, l16), 1)

    def l17(r):
        return guarded(f"List the zones that the {q.nm(r)} route passes through.", q.gset(q.out(r, "COVERS")), (3, 12))
    add("list", *q.pick("l17", R, l17), 1)

    def l18(c):
        return guarded(f"show me the vans {q.nm(c)} drives", q.gset(q.out(c, "DRIVES")), (2, 12))
    add("list", *q.pick("l18", C, l18), 1)

    def l19(c):
        return guarded(f"What claims has {q.nm(c)} lodged?", q.gset(q.out(c, "FILED")), (2, 12))
    add("list", *q.pick("l19", CU, l19), 1)

    def l20(c):
        return guarded(f"Who did {q.nm(c)} train?", q.gset(q.out(c, "TRAINED")), (2, 12))
    add("list", *q.pick("l20", C, l20), 1)

    def l21(d):
        return guarded(f"Which routes start out of {q.nm(d)}", q.gset(q.inn(d, "RUNS_FROM")), (2, 12))
    add("list", *q.pick("l21", D, l21), 1)

    def l22(c):
        return guarded(f"Give me the parcels that {q.nm(c)} has shipped.", q.gset(q.out(c, "SENDS")), (3, 12))
    add("list", *q.pick("l22", CU, l22), 1)

    # ---- multihop (14)
    def m23(p):
        return guarded(f"Which couriers tried to deliver {q.nm(p)}?",
                       q.gset(q.walk([p], [("HAS_ATTEMPT", "out"), ("MADE_BY", "out")])), (2, 12))
    add("multihop", *q.pick("m23", P, m23), 2)

    def m24(c):
        return guarded(f"Which zones have {q.nm(c)}'s parcels been sent to?",
                       q.gset(q.walk([c], [("SENDS", "out"), ("ADDRESSED_TO", "out")])), (2, 12))
    add("multihop", *q.pick("m24", CU, m24), 2)

    def m25(c):
        t = q.inn(c, "TRAINED")
        if not t:
            return None
        return guarded(f"Who trained the person who trained {q.nm(c)}?", q.gset(q.inn(t[0], "TRAINED")))
    add("multihop", *q.pick("m25", C, m25), 2)

    def m26(c):
        return guarded(f"name the couriers that were trained by people {q.nm(c)} trained",
                       q.gset(q.walk([c], [("TRAINED", "out"), ("TRAINED", "out")])), (2, 12))
    add("multihop", *q.pick("m26", C, m26), 2)

    def m27(p):
        return guarded(f"At which depots are the couriers who attempted delivery of {q.nm(p)} based?",
                       q.gset(q.walk([p], [("HAS_ATTEMPT", "out"), ("MADE_BY", "out"), ("BASED_AT", "out")])), (2, 12))
    add("multihop", *q.pick("m27", P, m27), 3)

    def m28(c):
        return guarded(f"what service levels did {q.nm(c)} book for their parcels",
                       q.gset(q.walk([c], [("SENDS", "out"), ("BOOKED_AS", "out")])), (2, 4))
    add("multihop", *q.pick("m28", CU, m28), 2)

    def m29(c):
        return guarded(f"Which customers sent parcels that {q.nm(c)} made delivery attempts on?",
                       q.gset(q.walk([c], [("MADE_BY", "in"), ("HAS_ATTEMPT", "in"), ("SENDS", "in")])), (2, 12))
    add("multihop", *q.pick("m29", C, m29), 3)

    def m30(p):
        return guarded(f"Which vans are driven by the couriers who made attempts on {q.nm(p)}?",
                       q.gset(q.walk([p], [("HAS_ATTEMPT", "out"), ("MADE_BY", "out"), ("DRIVES", "out")])), (2, 12))
    add("multihop", *q.pick("m30", P, m30), 3)

    def m31(c):
        return guarded(f"For the parcels sent by {q.nm(c)}, which depots are the couriers who attempted them based at?",
                       q.gset(q.walk([c], [("SENDS", "out"), ("HAS_ATTEMPT", "out"), ("MADE_BY", "out"),
                                           ("BASED_AT", "out")])), (2, 12))
    add("multihop", *q.pick("m31", CU, m31), 4)

    def m32(p):
        return guarded(f"Which zones are covered by the routes of the couriers who attempted {q.nm(p)}?",
                       q.gset(q.walk([p], [("HAS_ATTEMPT", "out"), ("MADE_BY", "out"), ("ASSIGNED_TO", "out"),
                                           ("COVERS", "out")])), (3, 12))
    add("multihop", *q.pick("m32", P, m32), 4)

    def m33(c):
        return guarded(f"Which couriers made delivery attempts on parcels that {q.nm(c)} has filed claims about?",
                       q.gset(q.walk([c], [("FILED", "out"), ("CONCERNS", "out"), ("HAS_ATTEMPT", "out"),
                                           ("MADE_BY", "out")])), (2, 12))
    add("multihop", *q.pick("m33", CU, m33), 4)

    def m34(c):
        return guarded(f"Which depots are {q.nm(c)}'s trainees based at?",
                       q.gset(q.walk([c], [("TRAINED", "out"), ("BASED_AT", "out")])), (2, 12))
    add("multihop", *q.pick("m34", C, m34), 2)

    def m35(c):
        t = q.inn(c, "TRAINED")
        if not t:
            return None
        return guarded(f"Which routes is {q.nm(c)}'s trainer assigned to?", q.gset(q.out(t[0], "ASSIGNED_TO")),
                       (1, 12))
    add("multihop", *q.pick("m35", C, m35), 2)

    def m36(c):
        return guarded(f"What service levels were booked for the parcels {q.nm(c)} attempted?",
                       q.gset(q.walk([c], [("MADE_BY", "in"), ("HAS_ATTEMPT", "in"), ("BOOKED_AS", "out")])), (2, 4))
    add("multihop", *q.pick("m36", C, m36), 3)

    # ---- superlative (10)
    def sup(kind_text: str, scores: dict[str, float], hops: int, reverse: bool = True) -> None:
        top = _unique_top(scores, reverse)
        if top is None:
            raise RuntimeError(f"tie: {kind_text}")
        add("superlative", kind_text, q.gset([top]), hops)

    sup("Which parcel is the heaviest?", {p: q.a(p, "weight_kg") for p in P}, 0)
    sup("who is our highest-rated courier", {c: q.a(c, "rating") for c in C}, 0)
    sup("Which depot has the most loading bays?", {d: q.a(d, "bays") for d in D}, 0)
    sup("What is the longest delivery route?", {r: q.a(r, "length_km") for r in R}, 0)
    sup("Which courier has made the most delivery attempts?", {c: len(q.inn(c, "MADE_BY")) for c in C}, 1)
    sup("Which customer has sent the most parcels?", {c: len(q.out(c, "SENDS")) for c in CU}, 1)
    sup("Which depot has the largest number of couriers based there?", {d: len(q.inn(d, "BASED_AT")) for d in D}, 1)
    sup("Which customer has paid the most in postage overall?",
        {c: round(sum(q.eattr(c, p, "SENDS")["paid_gbp"] for p in q.out(c, "SENDS")), 2) for c in CU}, 1)
    sup("Which customer's claims add up to the largest total amount?",
        {c: round(sum(q.a(x, "amount_gbp") for x in q.out(c, "FILED")), 2) for c in CU}, 2)

    def s46(d):
        cs = q.inn(d, "BASED_AT")
        if len(cs) < 3:
            return None
        top = _unique_top({c: q.a(c, "rating") for c in cs})
        return None if top is None else guarded(f"Among the couriers based at {q.nm(d)}, who has the best rating?",
                                                q.gset([top]))
    add("superlative", *q.pick("s46", D, s46), 1)

    # ---- aggregate (5)
    def g47(c):
        ps = q.out(c, "SENDS")
        if len(ps) < 3:
            return None
        return guarded(f"What is the total weight of the parcels sent by {q.nm(c)}?",
                       val(round(sum(q.a(p, "weight_kg") for p in ps), 2)))
    add("aggregate", *q.pick("g47", CU, g47), 1)

    def g48(d):
        cs = q.inn(d, "BASED_AT")
        if len(cs) < 3:
            return None
        return guarded(f"What's the average rating of couriers based at {q.nm(d)}?",
                       val(round(sum(q.a(c, "rating") for c in cs) / len(cs), 2)))
    add("aggregate", *q.pick("g48", D, g48), 1)
    add("aggregate", "total amount claimed across all approved claims?",
        val(round(sum(q.a(c, "amount_gbp") for c in CL if q.a(c, "approved")), 2)), 0)

    def g50(d):
        rs = q.inn(d, "RUNS_FROM")
        if len(rs) < 2:
            return None
        return guarded(f"average length in km of the routes running out of {q.nm(d)}",
                       val(round(sum(q.a(r, "length_km") for r in rs) / len(rs), 2)))
    add("aggregate", *q.pick("g50", D, g50), 1)

    def g51(c):
        ps = q.out(c, "SENDS")
        if len(ps) < 3:
            return None
        return guarded(f"How much has {q.nm(c)} paid in postage altogether?",
                       val(round(sum(q.eattr(c, p, "SENDS")["paid_gbp"] for p in ps), 2)))
    add("aggregate", *q.pick("g51", CU, g51), 1)

    # ---- edge_property (7)
    tr = q.edges("TRAINED")

    def e52(e):
        return guarded(f"When did {q.nm(e[0])} train {q.nm(e[1])}?", val(e[2]["trained_on"]))
    add("edge_property", *q.pick("e52", tr, e52), 1)

    def e53(e):
        return guarded(f"How many hours of training did {q.nm(e[0])} give {q.nm(e[1])}?", val(e[2]["hours"]))
    add("edge_property", *q.pick("e53", tr, e53), 1)

    def e54(e):
        return guarded(f"What shift does {q.nm(e[0])} work on the {q.nm(e[1])} route?", val(e[2]["shift"]))
    add("edge_property", *q.pick("e54", q.edges("ASSIGNED_TO"), e54), 1)
    sends = q.edges("SENDS")

    def e55(e):
        return guarded(f"How much did {q.nm(e[0])} pay to send {q.nm(e[1])}?", val(e[2]["paid_gbp"]))
    add("edge_property", *q.pick("e55", sends, e55), 1)

    def e56(e):
        return guarded(f"Through which booking channel did {q.nm(e[0])} send {q.nm(e[1])}?", val(e[2]["channel"]))
    add("edge_property", *q.pick("e56", sends, e56), 1)
    add("edge_property", "How many parcels were booked through the app?",
        cnt(sum(d["channel"] == "app" for _, _, d in sends)), 1)
    add("edge_property", "How many trainer-trainee pairings involved more than 60 hours of training?",
        cnt(sum(d["hours"] > 60 for _, _, d in tr)), 1)

    # ---- yes_no (8: 4 yes, 4 no)
    def yn(text: str, v: bool, hops: int) -> None:
        add("yes_no", text, {"type": "bool", "value": v}, hops)

    a0, b0, _ = q.pick("y59", tr, lambda e: e)
    yn(f"Did {q.nm(a0)} train {q.nm(b0)}?", True, 1)
    p60 = q.pick("y60", P, lambda p: p if q.a(p, "fragile") else None)
    yn(f"is {q.nm(p60)} fragile", True, 0)
    d61 = q.pick("y61", D, lambda d: d if not q.a(d, "automated") else None)
    yn(f"Is {q.nm(d61)} an automated depot?", False, 0)

    def y62(p):
        snd = q.inn(p, "SENDS")[0]
        other = [c for c in CU if c != snd and len(q.out(c, "SENDS")) >= 2]
        return p, other[_idkey(p)[1] % len(other)]
    p62, c62 = q.pick("y62", P, y62)
    yn(f"Was {q.nm(p62)} sent by {q.nm(c62)}?", False, 1)
    r63, z63, _ = q.pick("y63", q.edges("COVERS"), lambda e: e)
    yn(f"Does the {q.nm(r63)} route cover {q.nm(z63)}?", True, 1)
    v64 = q.pick("y64", V, lambda v: v if not q.a(v, "electric") else None)
    yn(f"Is {q.nm(v64)} an electric van?", False, 0)

    def y65(p):
        done = set(q.walk([p], [("HAS_ATTEMPT", "out"), ("MADE_BY", "out")]))
        free = [c for c in C if c not in done]
        return p, free[_idkey(p)[1] % len(free)]
    p65, c65 = q.pick("y65", P, y65)
    yn(f"Did {q.nm(c65)} ever attempt delivery of {q.nm(p65)}?", False, 2)
    c66, d66, _ = q.pick("y66", q.edges("BASED_AT"), lambda e: e)
    yn(f"Is {q.nm(c66)} based at {q.nm(d66)}?", True, 1)

    # ---- portfolio (3)
    def nbrs(n: str) -> list[str]:
        return sorted(set(g.successors(n)) | set(g.predecessors(n)), key=_idkey)

    def o67(r):
        return guarded(f"Tell me everything about the {q.nm(r)} route.", q.gset(nbrs(r)), (4, 12))
    add("portfolio", *q.pick("o67", R, o67), 1)

    def o68(c):
        return guarded(f"What do we know about {q.nm(c)}?", q.gset(nbrs(c)), (2, 12))
    add("portfolio", *q.pick("o68", CL, o68), 1)

    def o69(c):
        return guarded(f"give me the full picture on customer {q.nm(c)}", q.gset(nbrs(c)), (4, 12))
    add("portfolio", *q.pick("o69", CU, o69), 1)

    # ---- unknown (4)
    names = [d["display"].lower() for _, d in g.nodes(data=True)]
    fake = ["Zebedee Quillfeather", "Ottoline Marchbanks", "Marmalade Spire", "Parcel ZZ0042"]
    for f in fake:
        if any(f.lower() in n or n in f.lower() for n in names):
            raise RuntimeError(f"made-up name exists: {f}")
    none = {"type": "none"}
    add("unknown", f"Which depot is courier {fake[0]} based at?", none, 1)
    add("unknown", f"How many parcels has {fake[1]} sent?", none, 1)
    add("unknown", f"Which zones does the {fake[2]} route cover?", none, 1)
    add("unknown", f"What does {fake[3]} weigh?", none, 0)

    # ---- global (3)
    add("global", "How many different node types does the graph have?",
        cnt(len({d["label"] for _, d in g.nodes(data=True)})), 0)
    add("global", "how many kinds of relationship are there in this dataset",
        cnt(len({k for _, _, k in g.edges(keys=True)})), 0)
    add("global", "What's the total number of relationships in the graph?", cnt(g.number_of_edges()), 0)
    return out


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: questions.py OUT_DIR [GRAPH_PATH]")
    out_dir = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else os.path.join(out_dir, "courier_csv")
    qs = build_questions(load(folder))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for x in qs:
            fh.write(json.dumps(x, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {os.path.join(out_dir, 'holdout.jsonl')}")


if __name__ == "__main__":
    main()
