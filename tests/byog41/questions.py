"""Hold-out questions over the byog41 wine trade graph.

Usage: python tests/byog41/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/wine.graphml). Deterministic.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx


def _key(nid: str) -> tuple[str, int]:
    p, _, n = nid.rpartition("-")
    return p, int(n)


class Graph:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.g = g
        self.attrs = {n: d for n, d in g.nodes(data=True)}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n in sorted(self.attrs, key=_key):
            self.by_type[self.attrs[n]["type"]].append(n)
        self.out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        self.inn: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        self.e: dict[tuple[str, str], dict] = {}
        for u, v, d in g.edges(data=True):
            self.out[u][d["type"]].append(v)
            self.inn[v][d["type"]].append(u)
            self.e[(u, v)] = d
        for m in (self.out, self.inn):
            for per in m.values():
                for k in per:
                    per[k].sort(key=_key)
        self.edge_types = sorted({d["type"] for *_, d in g.edges(data=True)})

    def name(self, n: str) -> str:
        a = self.attrs[n]
        return a.get("name") or a.get("title") or f"{a['first_name']} {a['last_name']}"

    def o(self, n: str, et: str) -> list[str]:
        return list(self.out[n].get(et, []))

    def i(self, n: str, et: str) -> list[str]:
        return list(self.inn[n].get(et, []))

    def walk(self, starts, steps) -> list[str]:
        cur = set(starts)
        for et, direction in steps:
            nxt: set[str] = set()
            for n in cur:
                nxt |= set(self.o(n, et) if direction == "out" else self.i(n, et))
            cur = nxt
        return sorted(cur, key=_key)


def build(graph_path: Path) -> list[dict]:
    G = Graph(graph_path)
    rng = random.Random(41)
    qs: list[dict] = []
    used: set[str] = set()

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"id": f"byog41-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def S(ids) -> dict:
        ids = sorted(set(ids), key=_key)
        return {"type": "set", "ids": ids, "names": [G.name(x) for x in ids]}

    def C(v: int) -> dict:
        return {"type": "count", "value": v}

    def V(v) -> dict:
        return {"type": "value", "value": v}

    def B(v: bool) -> dict:
        return {"type": "bool", "value": v}

    def pick(ntype: str, pred, fresh: bool = True) -> str:
        cands = list(G.by_type[ntype])
        rng.shuffle(cands)
        for c in cands:
            if fresh and c in used:
                continue
            if pred(c):
                used.add(c)
                return c
        raise RuntimeError(f"no {ntype} fits")

    def ok(ids) -> bool:
        return 1 <= len(set(ids)) <= 12

    def unique_max(scores: dict[str, float]) -> str | None:
        if not scores:
            return None
        top = max(scores.values())
        best = [k for k, v in scores.items() if v == top]
        return best[0] if len(best) == 1 else None

    def unique_min(scores: dict[str, float]) -> str | None:
        return unique_max({k: -v for k, v in scores.items()})

    A = G.attrs
    nm = G.name
    T = G.by_type

    # ---- count (5)
    add("count", "How many wineries are in the graph?", C(len(T["Winery"])), 0)
    add("count", "how many vineyards do we have", C(len(T["Vineyard"])), 0)
    add("count", "What's the total number of wine critics?", C(len(T["Critic"])), 0)
    add("count", "Number of wine competitions on record?", C(len(T["Competition"])), 0)
    add("count", "how many different grape varieties are there", C(len(T["GrapeVariety"])), 0)

    # ---- filtered_count (10)
    add("filtered_count", "How many vineyards are farmed organically?",
        C(sum(1 for v in T["Vineyard"] if A[v]["organic"])), 0)
    add("filtered_count", "how many sparkling wines are there",
        C(sum(1 for v in T["Wine"] if A[v]["style"] == "sparkling")), 0)
    add("filtered_count", "How many wines are from the 2015 vintage?",
        C(sum(1 for v in T["Wine"] if A[v]["vintage"] == 2015)), 0)
    add("filtered_count", "Count the restaurants that hold a Michelin star.",
        C(sum(1 for v in T["Venue"] if A[v]["michelin_starred"])), 0)
    add("filtered_count", "How many family-owned wineries are there?",
        C(sum(1 for v in T["Winery"] if A[v]["family_owned"])), 0)
    add("filtered_count", "how many importers are based in Japan",
        C(sum(1 for v in T["Importer"] if A[v]["country"] == "Japan")), 0)
    add("filtered_count", "How many vineyards sit on volcanic soil?",
        C(sum(1 for v in T["Vineyard"] if A[v]["soil"] == "volcanic")), 0)
    add("filtered_count", "How many of the winemakers are certified sommeliers?",
        C(sum(1 for v in T["Winemaker"] if A[v]["certified_sommelier"])), 0)
    add("filtered_count", "How many wine bars are there in Tokyo?",
        C(sum(1 for v in T["Venue"] if A[v]["venue_kind"] == "wine bar" and A[v]["city"] == "Tokyo")), 0)
    add("filtered_count", "how many wines cost more than 200 dollars a bottle",
        C(sum(1 for v in T["Wine"] if A[v]["price_usd"] > 200)), 0)

    # ---- list (7)
    w = pick("Wine", lambda x: len(G.o(x, "MADE_FROM")) >= 3)
    add("list", f"Which grapes go into {nm(w)}?", S(G.o(w, "MADE_FROM")), 1)
    r = pick("Region", lambda x: 4 <= len(G.i(x, "LOCATED_IN")) <= 12)
    add("list", f"List the vineyards located in {nm(r)}.", S(G.i(r, "LOCATED_IN")), 1)
    wy = pick("Winery", lambda x: 3 <= len(G.i(x, "WORKS_AT")) <= 12)
    add("list", f"who works at {nm(wy)}?", S(G.i(wy, "WORKS_AT")), 1)
    cp = pick("Competition", lambda x: 5 <= len(G.i(x, "AWARDED_AT")) <= 12)
    add("list", f"Which wines took a medal at the {nm(cp)}?", S(G.i(cp, "AWARDED_AT")), 1)
    im = pick("Importer", lambda x: 4 <= len(G.i(x, "SUPPLIED_BY")) <= 12)
    add("list", f"show me the restaurants, bars and shops that {nm(im)} supplies", S(G.i(im, "SUPPLIED_BY")), 1)
    im2 = pick("Importer", lambda x: 5 <= len(G.o(x, "DISTRIBUTES_FOR")) <= 12)
    add("list", f"Which producers does {nm(im2)} distribute for?", S(G.o(im2, "DISTRIBUTES_FOR")), 1)
    sp = [g_ for g_ in T["GrapeVariety"] if A[g_]["berry_color"] == "white" and A[g_]["origin_country"] == "Spain"]
    add("list", "give me the white grape varieties that originate in Spain", S(sp), 0)

    # ---- multihop (14)
    x = pick("Winemaker", lambda x: ok(G.walk([x], [("APPRENTICED_UNDER", "out")] * 2)))
    add("multihop", f"Who was {nm(x)}'s mentor's mentor?",
        S(G.walk([x], [("APPRENTICED_UNDER", "out")] * 2)), 2)
    x = pick("Winemaker", lambda x: 2 <= len(G.walk([x], [("APPRENTICED_UNDER", "in")] * 2)) <= 12)
    add("multihop", f"which winemakers trained under someone who had themselves apprenticed with {nm(x)}",
        S(G.walk([x], [("APPRENTICED_UNDER", "in")] * 2)), 2)
    steps3 = [("PRODUCED_BY", "in"), ("SOURCED_FROM", "out"), ("LOCATED_IN", "out")]
    x = pick("Winery", lambda x: 2 <= len(G.walk([x], steps3)) <= 12)
    add("multihop", f"Which wine regions do the grapes for {nm(x)}'s wines come from?", S(G.walk([x], steps3)), 3)
    steps = [("PRODUCED_BY", "in"), ("REVIEWED", "in")]
    x = pick("Winery", lambda x: len(G.walk([x], steps)) >= 5)
    add("multihop", f"How many different critics have tasted wines made by {nm(x)}?", C(len(G.walk([x], steps))), 2)
    steps = [("APPRENTICED_UNDER", "in"), ("WORKS_AT", "out")]
    x = pick("Winemaker", lambda x: 2 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"At which wineries do the apprentices of {nm(x)} work?", S(G.walk([x], steps)), 2)
    steps = [("PRODUCED_BY", "in"), ("STOCKS", "in")]
    x = pick("Winery", lambda x: 3 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"Where can I buy or drink wines produced by {nm(x)}? List the venues.", S(G.walk([x], steps)), 2)
    steps = [("STOCKS", "out"), ("MADE_FROM", "out")]
    x = pick("Venue", lambda x: 3 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"what grape varieties are in the wines on {nm(x)}'s list", S(G.walk([x], steps)), 2)
    steps = [("PRODUCED_BY", "in"), ("STOCKS", "in"), ("SUPPLIED_BY", "out")]
    x = pick("Winery", lambda x: 2 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"Which importers supply the venues that carry {nm(x)} wines?", S(G.walk([x], steps)), 3)
    steps4a = [("SUPPLIED_BY", "in"), ("STOCKS", "out"), ("PRODUCED_BY", "out"), ("BASED_IN", "out")]
    x = pick("Importer", lambda x: len(G.walk([x], steps4a)) >= 2)
    add("multihop", f"How many distinct regions are home to the wineries whose wines are poured at venues that "
        f"{nm(x)} supplies?", C(len(G.walk([x], steps4a))), 4)
    steps4b = [("APPRENTICED_UNDER", "in"), ("WORKS_AT", "out"), ("PRODUCED_BY", "in"), ("MADE_FROM", "out")]
    x = pick("Winemaker", lambda x: 2 <= len(G.walk([x], steps4b)) <= 12)
    add("multihop", f"Which grape varieties end up in wines made at the wineries where {nm(x)}'s apprentices "
        "work?", S(G.walk([x], steps4b)), 4)
    steps4c = [("LOCATED_IN", "in"), ("SOURCED_FROM", "in"), ("PRODUCED_BY", "out"), ("WORKS_AT", "in")]
    x = pick("Region", lambda x: len(G.walk([x], steps4c)) >= 3)
    add("multihop", f"How many winemakers work at wineries that make a wine from grapes grown in {nm(x)}?",
        C(len(G.walk([x], steps4c))), 4)
    steps = [("WORKS_AT", "in"), ("APPRENTICED_UNDER", "out")]
    x = pick("Winery", lambda x: 2 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"Who mentored the winemakers employed by {nm(x)}?", S(G.walk([x], steps)), 2)
    steps = [("SOURCED_FROM", "in"), ("REVIEWED", "in")]
    x = pick("Vineyard", lambda x: 2 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"list the critics who reviewed a wine made with fruit from {nm(x)}", S(G.walk([x], steps)), 2)
    steps = [("LOCATED_IN", "in"), ("OWNED_BY", "out")]
    x = pick("Region", lambda x: 2 <= len(G.walk([x], steps)) <= 12)
    add("multihop", f"What wineries own vineyards in {nm(x)}?", S(G.walk([x], steps)), 2)

    # ---- superlative (10)
    best = unique_max({w_: A[w_]["price_usd"] for w_ in T["Wine"]})
    assert best
    add("superlative", "Which wine is the priciest?", S([best]), 0)
    best = unique_min({m_: int(A[m_]["born_on"].replace("-", "")) for m_ in T["Winemaker"]})
    assert best
    add("superlative", "who's the oldest winemaker", S([best]), 0)

    def scoped_elev(r_: str) -> str | None:
        return unique_max({v: A[v]["elevation_m"] for v in G.i(r_, "LOCATED_IN")})

    r = pick("Region", lambda x: len(G.i(x, "LOCATED_IN")) >= 5 and scoped_elev(x) is not None)
    add("superlative", f"Which vineyard in {nm(r)} is at the highest elevation?", S([scoped_elev(r)]), 1)
    for pub in sorted({A[c]["publication"] for c in T["Critic"]}):
        best = unique_max({c: len(G.o(c, "REVIEWED")) for c in T["Critic"] if A[c]["publication"] == pub})
        if best:
            break
    assert best
    add("superlative", f"which {pub} critic has reviewed the most wines", S([best]), 1)
    best = unique_max({m: len(G.i(m, "APPRENTICED_UNDER")) for m in T["Winemaker"]})
    assert best
    add("superlative", "Who has taken on the most apprentices?", S([best]), 1)
    best = unique_max({v: len(G.i(v, "LOCATED_IN")) for v in T["Region"]})
    assert best
    add("superlative", "Which appellation has the largest number of vineyards?", S([best]), 1)
    best = unique_max({w_: sum(A[x]["bottles_made"] for x in G.i(w_, "PRODUCED_BY")) for w_ in T["Winery"]})
    assert best
    add("superlative", "Which winery has made the most bottles in total across all its wines?", S([best]), 1)
    best = unique_max({i_: sum(A[x]["seats"] for x in G.i(i_, "SUPPLIED_BY")) for i_ in T["Importer"]})
    assert best
    add("superlative", "Which importer's customer venues have the most seats combined?", S([best]), 1)

    def top_wine(wy_: str) -> str | None:
        return unique_max({x: A[x]["price_usd"] for x in G.i(wy_, "PRODUCED_BY")})

    wy = pick("Winery", lambda x: len(G.i(x, "PRODUCED_BY")) >= 4 and top_wine(x) is not None)
    add("superlative", f"Of the wines {nm(wy)} makes, which one costs the most?", S([top_wine(wy)]), 1)

    def top_scored(c_: str) -> str | None:
        return unique_max({x: G.e[(c_, x)]["score"] for x in G.o(c_, "REVIEWED")})

    c = pick("Critic", lambda x: top_scored(x) is not None)
    add("superlative", f"What is the highest-scoring wine in {nm(c)}'s tastings?", S([top_scored(c)]), 1)

    # ---- aggregate (5)
    r = pick("Region", lambda x: len(G.i(x, "LOCATED_IN")) >= 6)
    add("aggregate", f"What is the total vineyard area, in hectares, in {nm(r)}?",
        V(round(sum(A[v]["hectares"] for v in G.i(r, "LOCATED_IN")), 2)), 1)
    wy = pick("Winery", lambda x: len(G.i(x, "PRODUCED_BY")) >= 4)
    ws = G.i(wy, "PRODUCED_BY")
    add("aggregate", f"average bottle price of {nm(wy)}'s wines?",
        V(round(sum(A[x]["price_usd"] for x in ws) / len(ws), 2)), 1)
    c = pick("Critic", lambda x: len(G.o(x, "REVIEWED")) >= 30)
    sc = [G.e[(c, x)]["score"] for x in G.o(c, "REVIEWED")]
    add("aggregate", f"What's the mean score {nm(c)} hands out?", V(round(sum(sc) / len(sc), 2)), 1)
    add("aggregate", "Total bottles produced across all wines of the 2019 vintage?",
        V(sum(A[x]["bottles_made"] for x in T["Wine"] if A[x]["vintage"] == 2019)), 0)
    fz = [A[x]["abv"] for x in T["Wine"] if A[x]["style"] == "fortified"]
    add("aggregate", "what is the average alcohol by volume of the fortified wines", V(round(sum(fz) / len(fz), 2)),
        0)

    # ---- edge_property (8)
    c = pick("Critic", lambda x: True)
    w = G.o(c, "REVIEWED")[rng.randrange(len(G.o(c, "REVIEWED")))]
    add("edge_property", f"What score did {nm(c)} give {nm(w)}?", V(G.e[(c, w)]["score"]), 1)
    w = pick("Wine", lambda x: len(G.o(x, "MADE_FROM")) >= 2)
    gr = G.o(w, "MADE_FROM")[-1]
    add("edge_property", f"what percentage of the {nm(w)} blend is {nm(gr)}", V(G.e[(w, gr)]["percentage"]), 1)
    c = pick("Critic", lambda x: True)
    w = G.o(c, "REVIEWED")[rng.randrange(len(G.o(c, "REVIEWED")))]
    add("edge_property", f"When did {nm(c)} taste {nm(w)}?", V(G.e[(c, w)]["tasted_on"]), 1)
    w = pick("Wine", lambda x: len(G.o(x, "AWARDED_AT")) >= 1)
    cp = G.o(w, "AWARDED_AT")[0]
    add("edge_property", f"Which medal did {nm(w)} win at the {nm(cp)}?", V(G.e[(w, cp)]["medal"]), 1)
    m = pick("Winemaker", lambda x: len(G.o(x, "WORKS_AT")) >= 1)
    wy = G.o(m, "WORKS_AT")[0]
    add("edge_property", f"since when has {nm(m)} been working at {nm(wy)}?", V(G.e[(m, wy)]["since"]), 1)
    vn = pick("Venue", lambda x: len(G.o(x, "STOCKS")) >= 2)
    w = G.o(vn, "STOCKS")[0]
    add("edge_property", f"What is {nm(w)} listed at on {nm(vn)}'s wine list?", V(G.e[(vn, w)]["list_price"]), 1)
    cp = pick("Competition", lambda x: sum(G.e[(w_, x)]["medal"] == "gold" for w_ in G.i(x, "AWARDED_AT")) >= 2)
    add("edge_property", f"How many gold medals were handed out at the {nm(cp)}? (double gold not included)",
        C(sum(G.e[(w_, cp)]["medal"] == "gold" for w_ in G.i(cp, "AWARDED_AT"))), 1)
    vn = pick("Venue", lambda x: sum(G.e[(x, w_)]["by_the_glass"] for w_ in G.o(x, "STOCKS")) >= 2)
    add("edge_property", f"How many of the wines at {nm(vn)} are poured by the glass?",
        C(sum(G.e[(vn, w_)]["by_the_glass"] for w_ in G.o(vn, "STOCKS"))), 1)

    # ---- yes_no (8: 4 yes, 4 no)
    vn = pick("Venue", lambda x: len(G.o(x, "STOCKS")) >= 3)
    add("yes_no", f"Does {nm(vn)} stock {nm(G.o(vn, 'STOCKS')[1])}?", B(True), 1)
    vn = pick("Venue", lambda x: len(G.o(x, "STOCKS")) >= 3)
    other = pick("Wine", lambda x: x not in G.o(vn, "STOCKS"))
    add("yes_no", f"is {nm(other)} on the wine list at {nm(vn)}", B(False), 1)
    v = pick("Vineyard", lambda x: A[x]["organic"])
    add("yes_no", f"Is {nm(v)} farmed organically?", B(True), 0)
    m = pick("Winemaker", lambda x: len(G.o(x, "APPRENTICED_UNDER")) >= 1)
    mt = G.o(m, "APPRENTICED_UNDER")[0]
    add("yes_no", f"Did {nm(m)} apprentice under {nm(mt)}?", B(True), 1)
    m = pick("Winemaker", lambda x: len(G.o(x, "APPRENTICED_UNDER")) >= 1)
    mt = G.o(m, "APPRENTICED_UNDER")[0]
    add("yes_no", f"Was {nm(mt)} trained by {nm(m)}?", B(False), 1)
    wy = pick("Winery", lambda x: not A[x]["family_owned"])
    add("yes_no", f"is {nm(wy)} a family-owned business?", B(False), 0)
    c = pick("Critic", lambda x: True)
    add("yes_no", f"Has {nm(c)} ever reviewed {nm(G.o(c, 'REVIEWED')[0])}?", B(True), 1)
    w = pick("Wine", lambda x: len(G.o(x, "MADE_FROM")) == 1)
    same_color = [g_ for g_ in T["GrapeVariety"]
                  if A[g_]["berry_color"] == A[G.o(w, "MADE_FROM")[0]]["berry_color"] and g_ not in G.o(w, "MADE_FROM")]
    add("yes_no", f"Does {nm(w)} contain any {nm(same_color[0])}?", B(False), 1)

    # ---- portfolio (3)
    def nbrs(n: str) -> list[str]:
        return sorted(set(G.g.successors(n)) | set(G.g.predecessors(n)), key=_key)

    for ntype, text in (("Vineyard", "Tell me everything about {}."),
                        ("Winemaker", "what do we know about {}? give me the full picture"),
                        ("Wine", "Give me an overview of all the connections of {}")):
        x = pick(ntype, lambda x: 4 <= len(nbrs(x)) <= 12)
        add("portfolio", text.format(nm(x)), S(nbrs(x)), 1)

    # ---- unknown (4)
    add("unknown", "Which wines does Chateau Vellacourt Grande produce?", {"type": "none"}, 1)
    add("unknown", "where is the Zephyrine Hollow Vineyard located", {"type": "none"}, 1)
    add("unknown", "What score did the critic Ottoline Brackwater give the 2017 vintages?", {"type": "none"}, 1)
    add("unknown", "How many restaurants does Obsidian Gate Traders supply?", {"type": "none"}, 1)

    # ---- global (3)
    add("global", "How many node types does this graph have?", C(len(T)), 0)
    add("global", "how many kinds of relationships exist in the data", C(len(G.edge_types)), 0)
    add("global", "How many entities are there in total, across all types?", C(len(G.attrs)), 0)

    _validate(G, qs)
    return qs


def _has(text: str, phrase: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", text, re.IGNORECASE) is not None


def _validate(G: Graph, qs: list[dict]) -> None:
    all_names = [G.name(n) for n in G.attrs]
    for q in qs:
        t, gold = q["question"], q["gold"]
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, q
            assert not any(_has(t, n) for n in gold["names"]), q
        elif gold["type"] == "value":
            assert not _has(t, str(gold["value"])), q
        elif gold["type"] == "count":
            assert gold["value"] > 0, q
            assert not _has(t, str(gold["value"])), q
        elif gold["type"] == "none":
            assert not any(_has(t, n) for n in all_names), q


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out / "wine.graphml"
    out.mkdir(parents=True, exist_ok=True)
    with (out / "holdout.jsonl").open("w", encoding="utf-8") as f:
        for q in build(graph):
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
