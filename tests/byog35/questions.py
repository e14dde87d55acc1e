"""Deterministic held-out questions over the byog35 publishing graph.

    python tests/byog35/questions.py OUT_DIR [GRAPH_PATH]

reads only GRAPH_PATH (default OUT_DIR/publishing.graphml, as graph.py writes it) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from random import Random

import networkx as nx

PREFIX = "byog35"


class Graph:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.by_type: dict[str, list[str]] = {}
        for n, d in self.g.nodes(data=True):
            self.by_type.setdefault(d["type"], []).append(n)
        for v in self.by_type.values():
            v.sort(key=_id_key)

    def a(self, n: str) -> dict:
        return self.g.nodes[n]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("title") or d["name"]

    def out(self, n: str, etype: str) -> list[str]:
        return sorted((m for m in self.g.successors(n) if self.g.edges[n, m]["type"] == etype), key=_id_key)

    def inn(self, n: str, etype: str) -> list[str]:
        return sorted((m for m in self.g.predecessors(n) if self.g.edges[m, n]["type"] == etype), key=_id_key)

    def e(self, s: str, d: str) -> dict:
        return self.g.edges[s, d]

    def nodes(self, t: str) -> list[str]:
        return self.by_type[t]


def _id_key(n: str) -> tuple[str, int]:
    p, _, k = n.rpartition("-")
    return (p, int(k)) if k.isdigit() else (n, 0)


_NUM_RE = re.compile(r"(?<![\w\-#/.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)")


def _mentions(text: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def _numbers(text: str) -> set[float]:
    return {float(m.group(1).replace(",", "")) for m in _NUM_RE.finditer(text)}


class Builder:
    def __init__(self, G: Graph, seed: int = 35):
        self.G = G
        self.rng = Random(seed)
        self.items: list[dict] = []
        self.used: set[str] = set()  # anchors already asked about (spread the questions over the graph)

    def shuffled(self, t: str) -> list[str]:
        xs = list(self.G.nodes(t))
        self.rng.shuffle(xs)
        return [x for x in xs if x not in self.used] + [x for x in xs if x in self.used]

    def add(self, kind: str, text: str, gold: dict, hops: int, anchors: tuple[str, ...] = ()) -> bool:
        if not self.valid(text, gold):
            return False
        self.items.append({"id": f"{PREFIX}-{len(self.items) + 1:02d}", "kind": kind, "question": text,
                           "gold": gold, "hops": hops})
        self.used.update(anchors)
        return True

    def valid(self, text: str, gold: dict) -> bool:
        t = gold["type"]
        if t == "count":
            return gold["value"] > 0 and float(gold["value"]) not in _numbers(text)
        if t == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            return not any(_mentions(text, n) for n in gold["names"])
        if t == "value":
            v = gold["value"]
            if isinstance(v, str):
                return not _mentions(text, v)
            return not any(abs(x - v) <= 0.01 * abs(v) for x in _numbers(text))
        return True

    def set_gold(self, ids) -> dict:
        ids = sorted(set(ids), key=_id_key)
        return {"type": "set", "ids": ids, "names": [self.G.name(i) for i in ids]}

    def first(self, t: str, make) -> None:
        """Try ``make(node)`` over a shuffled list of ``t`` nodes until one question is accepted."""
        for n in self.shuffled(t):
            if make(n):
                return
        raise RuntimeError(f"no subject found for a {t} question")


def unique_best(scores: dict[str, float], lowest: bool = False) -> str | None:
    if not scores:
        return None
    best = (min if lowest else max)(scores.values())
    winners = [k for k, v in scores.items() if v == best]
    return winners[0] if len(winners) == 1 else None


def build(G: Graph) -> list[dict]:
    B = Builder(G)
    nm = G.name
    count = lambda v: {"type": "count", "value": v}  # noqa: E731
    value = lambda v: {"type": "value", "value": v}  # noqa: E731

    # ---- count
    B.add("count", "How many authors are in the catalogue?", count(len(G.nodes("Author"))), 0)
    B.add("count", "how many imprints does the house run", count(len(G.nodes("Imprint"))), 0)
    B.add("count", "Give me the total number of print runs.", count(len(G.nodes("PrintRun"))), 0)
    B.add("count", "What's the number of book series?", count(len(G.nodes("Series"))), 0)
    B.add("count", "How many literary agents are there?", count(len(G.nodes("Agent"))), 0)

    # ---- global
    B.add("global", "How many different kinds of entities does this graph contain?",
          count(len(G.by_type)), 0)
    B.add("global", "how many relationship types are defined in the data",
          count(len({d["type"] for *_, d in G.g.edges(data=True)})), 0)
    B.add("global", "In total, how many relationships (edges) does the graph hold?", count(G.g.number_of_edges()), 0)

    # ---- filtered_count
    books, authors = G.nodes("Book"), G.nodes("Author")
    B.add("filtered_count", "How many crime novels came out in hardcover?",
          count(sum(1 for b in books if G.a(b)["genre"] == "crime" and G.a(b)["format"] == "hardcover")), 0)
    B.add("filtered_count", "How many Irish authors were born before 1970?",
          count(sum(1 for a in authors if G.a(a)["nationality"] == "Irish" and G.a(a)["birth_date"] < "1970")), 0)
    shops = G.nodes("Bookshop")
    B.add("filtered_count", "how many independent bookshops in Bristol have a cafe",
          count(sum(1 for s in shops if G.a(s)["shop_type"] == "independent" and G.a(s)["city"] == "Bristol"
                    and G.a(s)["has_cafe"])), 0)
    runs = G.nodes("PrintRun")
    B.add("filtered_count", "Count the reprint runs with a quantity above 8,000 copies.",
          count(sum(1 for r in runs if G.a(r)["is_reprint"] and G.a(r)["quantity"] > 8000)), 0)
    B.add("filtered_count", "How many books were published in 2019?",
          count(sum(1 for b in books if G.a(b)["publication_date"].startswith("2019-"))), 0)
    B.add("filtered_count", "how many certified translators work from Japanese?",
          count(sum(1 for t in G.nodes("Translator") if G.a(t)["is_certified"]
                    and G.a(t)["source_language"] == "Japanese")), 0)
    B.add("filtered_count", "How many senior editors are freelancers?",
          count(sum(1 for e in G.nodes("Editor") if G.a(e)["seniority"] == "senior" and G.a(e)["is_freelance"])), 0)

    def f8(imp: str) -> bool:
        c = sum(1 for b in G.inn(imp, "PUBLISHED_UNDER") if G.a(b)["page_count"] > 500)
        return B.add("filtered_count", f"How many books longer than 500 pages has the {nm(imp)} imprint published?",
                     count(c), 1, (imp,))
    B.first("Imprint", f8)

    def f9(a: str) -> bool:
        bs = G.out(a, "WROTE")
        c = sum(1 for b in bs if G.a(b)["publication_date"] > "2015-12-31")
        if len(bs) < 3 or c in (0, len(bs)):
            return False
        return B.add("filtered_count", f"How many of {nm(a)}'s books were published after 2015?", count(c), 1, (a,))
    B.first("Author", f9)
    B.add("filtered_count", "How many of the awards are international?",
          count(sum(1 for w in G.nodes("Award") if G.a(w)["is_international"])), 0)

    # ---- list
    def l1(s: str) -> bool:
        bs = G.inn(s, "PART_OF")
        return len(bs) >= 3 and B.add("list", f"list the titles in {nm(s)}", B.set_gold(bs), 1, (s,))
    B.first("Series", l1)

    def l2(ag: str) -> bool:
        cs = G.out(ag, "REPRESENTS")
        return len(cs) >= 3 and B.add("list", f"Who are {nm(ag)}'s clients?", B.set_gold(cs), 1, (ag,))
    B.first("Agent", l2)

    def l3(imp: str) -> bool:
        es = G.inn(imp, "WORKS_AT")
        return B.add("list", f"List the editors employed by {nm(imp)}.", B.set_gold(es), 1, (imp,))
    B.first("Imprint", l3)

    def l4(t: str) -> bool:
        bs = G.out(t, "TRANSLATED")
        return len(bs) >= 3 and B.add("list", f"show me every book {nm(t)} has translated", B.set_gold(bs), 1, (t,))
    B.first("Translator", l4)
    B.add("list", "Which prizes are awarded in the translation category?",
          B.set_gold([w for w in G.nodes("Award") if G.a(w)["category"] == "translation"]), 0)
    for city in ("Leeds", "Glasgow", "Cardiff", "Norwich", "Oxford"):
        hits = [s for s in shops if G.a(s)["shop_type"] == "airport" and G.a(s)["city"] == city]
        if 2 <= len(hits) <= 12 and B.add("list", f"Give me the airport bookshops in {city}", B.set_gold(hits), 0):
            break
    else:
        raise RuntimeError("no city for the airport-shop question")

    def l7(a: str) -> bool:
        bs = G.out(a, "WROTE")
        return 3 <= len(bs) <= 8 and B.add("list", f"What books has {nm(a)} written?", B.set_gold(bs), 1, (a,))
    B.first("Author", l7)

    # ---- multihop
    def m1(ag: str) -> bool:
        bs = {b for c in G.out(ag, "REPRESENTS") for b in G.out(c, "WROTE")}
        return len(bs) >= 2 and B.add("multihop", f"Which titles were written by authors that {nm(ag)} represents?",
                                      B.set_gold(bs), 2, (ag,))
    B.first("Agent", m1)

    def m2(a: str) -> bool:
        imps = {i for b in G.out(a, "WROTE") for i in G.out(b, "PUBLISHED_UNDER")}
        return len(imps) >= 2 and B.add("multihop", f"What imprints have published work by {nm(a)}?",
                                        B.set_gold(imps), 2, (a,))
    B.first("Author", m2)

    def m3(b: str) -> bool:
        ss = {s for r in G.out(b, "HAS_PRINT_RUN") for s in G.out(r, "SHIPPED_TO")}
        return len(ss) >= 3 and B.add("multihop", f'Which bookshops received copies from the print runs of "{nm(b)}"?',
                                      B.set_gold(ss), 2, (b,))
    B.first("Book", m3)

    def m4(e: str) -> bool:
        ms = G.out(e, "MENTORED")
        return len(ms) >= 2 and B.add("multihop", f"Who did {nm(e)} mentor?", B.set_gold(ms), 1, (e,))
    B.first("Editor", m4)

    def m5(e: str) -> bool:
        ms = G.inn(e, "MENTORED")
        return len(ms) == 1 and B.add("multihop", f"who was {nm(e)}'s mentor", B.set_gold(ms), 1, (e,))
    B.first("Editor", m5)

    def m6(e: str) -> bool:
        ms = {x for m in G.out(e, "MENTORED") for x in G.out(m, "MENTORED")}
        return len(ms) >= 2 and B.add("multihop", f"List the editors mentored by the people {nm(e)} mentored.",
                                      B.set_gold(ms), 2, (e,))
    B.first("Editor", m6)

    def m7(e: str) -> bool:
        ms = {x for m in G.inn(e, "MENTORED") for x in G.inn(m, "MENTORED")}
        return len(ms) == 1 and B.add("multihop", f"Who mentored the mentor of {nm(e)}?", B.set_gold(ms), 2, (e,))
    B.first("Editor", m7)

    def m8(e: str) -> bool:
        au = {a for b in G.out(e, "EDITED") for a in G.inn(b, "WROTE")}
        return len(au) >= 3 and B.add("multihop", f"Which authors have had books edited by {nm(e)}?",
                                      B.set_gold(au), 2, (e,))
    B.first("Editor", m8)

    def m9(a: str) -> bool:
        aw = {w for b in G.out(a, "WROTE") for w in G.out(b, "NOMINATED_FOR")}
        return len(aw) >= 2 and B.add("multihop", f"Name the awards {nm(a)}'s books were nominated for.",
                                      B.set_gold(aw), 2, (a,))
    B.first("Author", m9)

    def m10(s: str) -> bool:
        ags = {g for b in G.inn(s, "PART_OF") for a in G.inn(b, "WROTE") for g in G.inn(a, "REPRESENTS")}
        return len(ags) >= 2 and B.add("multihop", f"Which agents represent authors with a book in {nm(s)}?",
                                       B.set_gold(ags), 3, (s,))
    B.first("Series", m10)

    def m11(ag: str) -> bool:
        ss = {s for a in G.out(ag, "REPRESENTS") for b in G.out(a, "WROTE") for r in G.out(b, "HAS_PRINT_RUN")
              for s in G.out(r, "SHIPPED_TO")}
        if not 5 <= len(ss) <= 40:
            return False
        return B.add("multihop", f"How many different bookshops have received shipments of print runs of books by "
                     f"writers on {nm(ag)}'s list?", count(len(ss)), 4, (ag,))
    B.first("Agent", m11)

    def m12(ag: str) -> bool:
        ms = {m for a in G.out(ag, "REPRESENTS") for b in G.out(a, "WROTE") for e in G.inn(b, "EDITED")
              for m in G.inn(e, "MENTORED")}
        return len(ms) >= 2 and B.add("multihop", f"Who mentored the editors that worked on books by authors "
                                      f"{nm(ag)} represents?", B.set_gold(ms), 4, (ag,))
    B.first("Agent", m12)

    def m13(e: str) -> bool:
        imps = {i for m in G.out(e, "MENTORED") for b in G.out(m, "EDITED") for i in G.out(b, "PUBLISHED_UNDER")}
        return len(imps) >= 2 and B.add("multihop", f"which imprints published books edited by editors that {nm(e)} "
                                        "mentored", B.set_gold(imps), 3, (e,))
    B.first("Editor", m13)

    def m14(a: str) -> bool:
        ts = {t for b in G.out(a, "WROTE") for s in G.out(b, "PART_OF") for o in G.inn(s, "PART_OF")
              for t in G.inn(o, "TRANSLATED")}
        return len(ts) >= 2 and B.add("multihop", f"Which translators translated books in a series that {nm(a)} has "
                                      "contributed to?", B.set_gold(ts), 4, (a,))
    B.first("Author", m14)

    # ---- superlative
    def sup(kind_text: str, scores: dict[str, float], hops: int, lowest: bool = False, anchors=()) -> bool:
        w = unique_best(scores, lowest)
        return w is not None and B.add("superlative", kind_text, B.set_gold([w]), hops, anchors)

    assert sup("What's the longest book in the catalogue by page count?",
               {b: G.a(b)["page_count"] for b in books}, 0)
    assert sup("Which poetry title has the lowest list price?",
               {b: G.a(b)["list_price"] for b in books if G.a(b)["genre"] == "poetry"}, 0, lowest=True)
    assert sup("Who has written the most books?", {a: len(G.out(a, "WROTE")) for a in authors}, 1)
    assert sup("which bookshop holds the most copies on its shelves, counting every title it stocks",
               {s: sum(G.e(s, b)["copies"] for b in G.out(s, "STOCKS")) for s in shops}, 1)
    assert sup("Which book has the biggest total print quantity across all of its print runs?",
               {b: sum(G.a(r)["quantity"] for r in G.out(b, "HAS_PRINT_RUN")) for b in books}, 1)
    assert sup("Which author has been paid the most in advances overall?",
               {a: sum(G.e(a, b)["advance"] for b in G.out(a, "WROTE")) for a in authors}, 1)
    B.first("Author", lambda a: len(G.out(a, "WROTE")) >= 3 and sup(
        f"Of the books {nm(a)} wrote, which one has the most pages?",
        {b: G.a(b)["page_count"] for b in G.out(a, "WROTE")}, 1, anchors=(a,)))
    B.first("Agent", lambda ag: len(G.out(ag, "REPRESENTS")) >= 3 and sup(
        f"Among {nm(ag)}'s clients, who made their debut earliest?",
        {a: G.a(a)["debut_year"] for a in G.out(ag, "REPRESENTS")}, 1, lowest=True, anchors=(ag,)))
    assert sup("Which award carries the biggest prize money?", {w: G.a(w)["prize_money"] for w in G.nodes("Award")}, 0)
    assert sup("which editor has mentored the most people",
               {e: len(G.out(e, "MENTORED")) for e in G.nodes("Editor")}, 1)

    # ---- aggregate
    B.first("Book", lambda b: len(G.out(b, "HAS_PRINT_RUN")) >= 2 and B.add(
        "aggregate", f"What is the total number of copies printed across all print runs of {nm(b)}?",
        value(sum(G.a(r)["quantity"] for r in G.out(b, "HAS_PRINT_RUN"))), 1, (b,)))

    def a2(imp: str) -> bool:
        ps = [G.a(b)["list_price"] for b in G.inn(imp, "PUBLISHED_UNDER")]
        return B.add("aggregate", f"What's the average list price of books published under {nm(imp)}?",
                     value(round(sum(ps) / len(ps), 2)), 1, (imp,))
    B.first("Imprint", a2)
    for cat in ("debut", "fiction", "children", "poetry"):
        ms = [G.a(w)["prize_money"] for w in G.nodes("Award") if G.a(w)["category"] == cat]
        if len(ms) >= 2 and B.add("aggregate", f"total prize money of all the {cat} awards", value(sum(ms)), 0):
            break
    else:
        raise RuntimeError("no award category for the aggregate question")

    def a4(s: str) -> bool:
        ps = [G.a(b)["page_count"] for b in G.inn(s, "PART_OF")]
        return len(ps) >= 3 and B.add("aggregate", f"average page count of the books in {nm(s)}",
                                      value(round(sum(ps) / len(ps), 1)), 1, (s,))
    B.first("Series", a4)
    B.first("Bookshop", lambda s: len(G.inn(s, "SHIPPED_TO")) >= 3 and B.add(
        "aggregate", f"How many copies in total have been shipped to {nm(s)}?",
        value(sum(G.e(r, s)["copies"] for r in G.inn(s, "SHIPPED_TO"))), 1, (s,)))

    # ---- edge_property
    B.first("Author", lambda a: len(G.out(a, "WROTE")) >= 2 and B.add(
        "edge_property", f"How big was the advance {nm(a)} got for {nm(G.out(a, 'WROTE')[-1])}?",
        value(G.e(a, G.out(a, "WROTE")[-1])["advance"]), 1, (a,)))
    B.first("Bookshop", lambda s: B.add(
        "edge_property", f"How many copies of {nm(G.out(s, 'STOCKS')[0])} does {nm(s)} hold?",
        value(G.e(s, G.out(s, "STOCKS")[0])["copies"]), 1, (s,)))

    def e3(s: str) -> bool:
        bs = G.inn(s, "PART_OF")
        if len(bs) < 4:
            return False
        b = max(bs, key=lambda x: (G.e(x, s)["volume"] == 3, x))
        return B.add("edge_property", f"Which volume of {nm(s)} is {nm(b)}?", value(G.e(b, s)["volume"]), 1, (s,))
    B.first("Series", e3)

    def e4(b: str) -> bool:
        ws = G.out(b, "NOMINATED_FOR")
        if not ws or G.e(b, ws[0])["outcome"] == "longlisted":
            return False
        return B.add("edge_property", f"What was the outcome of {nm(b)}'s nomination for the {nm(ws[0])}?",
                     value(G.e(b, ws[0])["outcome"]), 1, (b,))
    B.first("Book", e4)
    B.first("PrintRun", lambda r: len(G.out(r, "SHIPPED_TO")) >= 2 and B.add(
        "edge_property", f"When was print run {nm(r)} shipped to {nm(G.out(r, 'SHIPPED_TO')[1])}?",
        value(G.e(r, G.out(r, "SHIPPED_TO")[1])["shipped_on"]), 1, (r,)))
    noms = [(b, w) for b in books for w in G.out(b, "NOMINATED_FOR")]
    wins = Counter(G.e(b, w)["year"] for b, w in noms if G.e(b, w)["outcome"] == "winner")
    year = max((y for y, c in wins.items() if c >= 2), key=lambda y: (wins[y], y))
    B.add("edge_property", f"How many nominations in {year} ended with a win?", count(wins[year]), 1)
    B.first("Bookshop", lambda s: B.add(
        "edge_property", f"how many of the titles stocked by {nm(s)} are featured there",
        count(sum(1 for b in G.out(s, "STOCKS") if G.e(s, b)["featured"])), 1, (s,)))

    # ---- yes_no (yes, no, yes, no, ...)
    B.first("Author", lambda a: bool(G.out(a, "WROTE")) and B.add(
        "yes_no", f"Did {nm(a)} write {nm(G.out(a, 'WROTE')[0])}?", {"type": "bool", "value": True}, 1, (a,)))

    def y2(a: str) -> bool:
        mine = G.inn(a, "REPRESENTS")
        other = [g for g in G.nodes("Agent") if g not in mine]
        return bool(mine) and B.add("yes_no", f"Is {nm(a)} a client of {nm(other[len(a) % len(other)])}?",
                                    {"type": "bool", "value": False}, 1, (a,))
    B.first("Author", y2)
    pairs = [(m, e) for e in G.nodes("Editor") for m in G.inn(e, "MENTORED")]
    B.rng.shuffle(pairs)
    m0, e0 = pairs[0]
    B.add("yes_no", f"did {nm(m0)} mentor {nm(e0)}?", {"type": "bool", "value": True}, 1, (m0, e0))
    m1_, e1_ = next(p for p in pairs[1:] if not G.g.has_edge(p[1], p[0]) and p[0] not in B.used)
    B.add("yes_no", f"Was {nm(m1_)} mentored by {nm(e1_)}?", {"type": "bool", "value": False}, 1, (m1_, e1_))
    B.first("Series", lambda s: bool(G.inn(s, "PART_OF")) and B.add(
        "yes_no", f"is {nm(G.inn(s, 'PART_OF')[-1])} part of {nm(s)}", {"type": "bool", "value": True}, 1, (s,)))

    def y6(b: str) -> bool:
        mine = G.out(b, "PUBLISHED_UNDER")[0]
        other = [i for i in G.nodes("Imprint") if i != mine][len(b) % 11]
        return B.add("yes_no", f"Was {nm(b)} published under the {nm(other)} imprint?",
                     {"type": "bool", "value": False}, 1, (b,))
    B.first("Book", y6)
    B.first("Bookshop", lambda s: B.add(
        "yes_no", f"Does {nm(s)} stock {nm(G.out(s, 'STOCKS')[-1])}?", {"type": "bool", "value": True}, 1, (s,)))

    def y8(b: str) -> bool:
        ws = [w for w in G.out(b, "NOMINATED_FOR") if G.e(b, w)["outcome"] == "shortlisted"]
        return bool(ws) and B.add("yes_no", f"Did {nm(b)} win the {nm(ws[0])}?", {"type": "bool", "value": False},
                                  1, (b,))
    B.first("Book", y8)

    # ---- portfolio
    def neigh(n: str) -> set[str]:
        return set(G.g.successors(n)) | set(G.g.predecessors(n))

    B.first("Author", lambda a: 4 <= len(neigh(a)) <= 12 and B.add(
        "portfolio", f"Tell me everything about {nm(a)}.", B.set_gold(neigh(a)), 1, (a,)))
    B.first("Editor", lambda e: 5 <= len(neigh(e)) <= 12 and bool(G.inn(e, "MENTORED")) and B.add(
        "portfolio", f"give me the full picture on editor {nm(e)}", B.set_gold(neigh(e)), 1, (e,)))
    B.first("Agent", lambda ag: 4 <= len(neigh(ag)) <= 12 and B.add(
        "portfolio", f"What do we have on {nm(ag)}? Everything connected to them, please.",
        B.set_gold(neigh(ag)), 1, (ag,)))

    # ---- unknown (names that are in no node of the graph)
    for text in ("Who wrote The Marble Cormorant?", "Which agent represents Honoria Vandermeer?",
                 "How many print runs has 'Requiem for the Saffron Moth' had?",
                 "what imprint does editor Barnaby Quillfeather work for"):
        B.add("unknown", text, {"type": "none"}, 0)
    return B.items


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__)
        return 2
    out = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out / "publishing.graphml"
    items = build(Graph(graph))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"wrote {out / 'holdout.jsonl'}: {len(items)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
