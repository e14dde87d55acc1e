"""Writes OUT_DIR/holdout.jsonl: 76 questions with structured golds over the newsroom graph from graph.py.

Usage: python tests/byog61/questions.py OUT_DIR [GRAPH_PATH]   (GRAPH_PATH defaults to OUT_DIR/newsroom.graphml)
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import networkx as nx


def num_key(nid: str) -> tuple[str, int]:
    t, _, n = nid.rpartition("-")
    return t, int(n)


class G:
    def __init__(self, path: Path) -> None:
        self.g = nx.read_graphml(path)
        self.by_type: dict[str, list[str]] = {}
        for n, d in self.g.nodes(data=True):
            self.by_type.setdefault(d["label"], []).append(n)
        for v in self.by_type.values():
            v.sort(key=num_key)

    def a(self, n: str, k: str):
        return self.g.nodes[n][k]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def out(self, n: str, lab: str) -> list[str]:
        return sorted((m for m in self.g.successors(n) if self.g.edges[n, m]["label"] == lab), key=num_key)

    def inn(self, n: str, lab: str) -> list[str]:
        return sorted((m for m in self.g.predecessors(n) if self.g.edges[m, n]["label"] == lab), key=num_key)

    def e(self, a: str, b: str, k: str):
        return self.g.edges[a, b][k]


class Builder:
    def __init__(self, g: G) -> None:
        self.g = g
        self.rows: list[dict] = []
        self.rng = random.Random(61)

    def pick(self, cands, pred):
        ok = [c for c in cands if pred(c)]
        if not ok:
            raise RuntimeError("no candidate")
        return self.rng.choice(ok)

    def set_gold(self, ids) -> dict:
        ids = sorted(set(ids), key=num_key)
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        low = text.lower()
        t = gold["type"]
        if t == "set":
            assert 1 <= len(gold["ids"]) <= 12, (text, gold)
            for nm in gold["names"]:
                assert nm.lower() not in low, (text, nm)
        elif t == "count":
            assert isinstance(gold["value"], int) and gold["value"] > 0, (text, gold)
            assert not re.search(rf"(?<![\d,.]){gold['value']}(?![\d,.])", text.replace(",", "")), text
        elif t == "value":
            v = gold["value"]
            assert not re.search(rf"(?<![\w.]){re.escape(str(v).lower())}(?![\w])", low), (text, v)
        self.rows.append({"id": f"byog61-{len(self.rows) + 1:02d}", "kind": kind, "question": text,
                          "gold": gold, "hops": hops})


def count(v: int) -> dict:
    return {"type": "count", "value": int(v)}


def value(v) -> dict:
    return {"type": "value", "value": v}


def unique_max(items, key):
    """The single item with the highest key, or None on a tie."""
    ranked = sorted(items, key=key, reverse=True)
    if not ranked or (len(ranked) > 1 and key(ranked[0]) == key(ranked[1])):
        return None
    return ranked[0]


def build(g: G) -> list[dict]:  # noqa: C901, PLR0915
    b = Builder(g)
    T = g.by_type
    J, A, S, P, E, ADV, AW, D, BT, C = (T[k] for k in ("Journalist", "Article", "Source", "Photo", "Edition",
                                                       "Advertiser", "Award", "Desk", "Beat", "Correction"))
    nm = g.name

    # ---- count
    b.add("count", "How many journalists are in the graph?", count(len(J)), 0)
    b.add("count", "how many articles are there in total", count(len(A)), 0)
    b.add("count", "What's the number of photos in the archive?", count(len(P)), 0)
    b.add("count", "Give me the count of advertisers.", count(len(ADV)), 0)
    b.add("count", "How many print editions does the graph hold?", count(len(E)), 0)

    # ---- filtered_count
    b.add("filtered_count", "How many freelance journalists are there?",
          count(sum(g.a(j, "is_freelance") for j in J)), 1)
    b.add("filtered_count", "how many of the journalists work as photographers",
          count(sum(g.a(j, "role") == "photographer" for j in J)), 1)
    b.add("filtered_count", "How many stories run longer than 2,000 words?",
          count(sum(g.a(x, "word_count") > 2000 for x in A)), 1)
    b.add("filtered_count", "How many of our sources are anonymous?", count(sum(g.a(s, "is_anonymous") for s in S)), 1)
    b.add("filtered_count", "Number of corrections rated major?",
          count(sum(g.a(c, "severity") == "major" for c in C)), 1)
    b.add("filtered_count", "How many weekend editions were printed?", count(sum(g.a(e, "is_weekend") for e in E)), 1)
    b.add("filtered_count", "How many advertisers are in the automotive industry?",
          count(sum(g.a(x, "industry") == "automotive" for x in ADV)), 1)
    b.add("filtered_count", "how many articles were published in 2023",
          count(sum(g.a(x, "published_on").startswith("2023-") for x in A)), 1)
    b.add("filtered_count", "How many black-and-white photos do we have?",
          count(sum(not g.a(p, "is_color") for p in P)), 1)

    def excl(j):
        return [x for x in g.out(j, "FILED") if g.a(x, "is_exclusive")]
    j = b.pick(J, lambda j: len(excl(j)) >= 2)
    b.add("filtered_count", f"How many exclusives has {nm(j)} filed?", count(len(excl(j))), 1)

    # ---- list
    bt = b.pick(BT, lambda x: 3 <= len(g.inn(x, "COVERS")) <= 12)
    b.add("list", f"Who covers the {nm(bt)} beat?", b.set_gold(g.inn(bt, "COVERS")), 1)
    x = b.pick(A, lambda x: len(g.out(x, "QUOTES")) >= 3)
    b.add("list", f'Which sources are quoted in "{nm(x)}"?', b.set_gold(g.out(x, "QUOTES")), 1)
    j = b.pick(J, lambda j: 3 <= len(g.out(j, "SHOT")) <= 12)
    b.add("list", f"show me the photos {nm(j)} has taken", b.set_gold(g.out(j, "SHOT")), 1)
    j = b.pick(J, lambda j: len(g.out(j, "WON")) >= 2)
    b.add("list", f"List the awards won by {nm(j)}.", b.set_gold(g.out(j, "WON")), 1)
    e = b.pick(E, lambda e: 3 <= len(g.inn(e, "ADVERTISED_IN")) <= 12)
    b.add("list", f"Which advertisers bought space in {nm(e)}?", b.set_gold(g.inn(e, "ADVERTISED_IN")), 1)
    x = b.pick(A, lambda x: len(g.out(x, "TAGGED_WITH")) >= 3)
    b.add("list", f'What beats is the story "{nm(x)}" tagged under?', b.set_gold(g.out(x, "TAGGED_WITH")), 1)

    def free_on(d):
        return [j for j in g.inn(d, "ASSIGNED_TO") if g.a(j, "is_freelance")]
    d = b.pick(D, lambda d: 2 <= len(free_on(d)) <= 12)
    b.add("list", f"Give me the freelancers assigned to the {nm(d)}.", b.set_gold(free_on(d)), 1)

    # ---- multihop
    def mentor(j):
        return g.inn(j, "MENTORS")

    def mentees(j):
        return g.out(j, "MENTORS")

    def sibs(j):
        return sorted({s for m in mentor(j) for s in mentees(m)} - {j}, key=num_key)
    j = b.pick(J, lambda j: 2 <= len(sibs(j)) <= 8)
    b.add("multihop", f"Which other journalists share a mentor with {nm(j)}?", b.set_gold(sibs(j)), 2)

    def grand(j):
        return {gm for m in mentor(j) for gm in mentor(m)}
    j = b.pick(J, lambda j: len(grand(j)) >= 1)
    b.add("multihop", f"who mentored the person who mentors {nm(j)}", b.set_gold(grand(j)), 2)

    def grandkids(j):
        return {k for m in mentees(j) for k in mentees(m)}
    j = b.pick(J, lambda j: 3 <= len(grandkids(j)) <= 12)
    b.add("multihop", f"Which journalists are mentored by someone that {nm(j)} mentors?",
          b.set_gold(grandkids(j)), 2)

    def mdesks(j):
        return {d for m in mentees(j) for d in g.out(m, "ASSIGNED_TO")}
    j = b.pick(J, lambda j: len(mdesks(j)) >= 3)
    b.add("multihop", f"What desks are {nm(j)}'s mentees assigned to?", b.set_gold(mdesks(j)), 2)

    def jsrc(j):
        return {s for x in g.out(j, "FILED") for s in g.out(x, "QUOTES")}
    j = b.pick(J, lambda j: 4 <= len(jsrc(j)) <= 12)
    b.add("multihop", f"Which sources were quoted in stories filed by {nm(j)}?", b.set_gold(jsrc(j)), 2)

    def jed(j):
        return {e for x in g.out(j, "FILED") for e in g.out(x, "RAN_IN")}
    j = b.pick(J, lambda j: 3 <= len(jed(j)) <= 8 and not (jsrc(j) and False))
    b.add("multihop", f"In which editions did articles written by {nm(j)} appear?", b.set_gold(jed(j)), 2)

    def mbeats(j):
        return {x for m in mentees(j) for x in g.out(m, "COVERS")}
    j = b.pick(J, lambda j: 3 <= len(mbeats(j)) <= 10)
    b.add("multihop", f"which beats are covered by journalists that {nm(j)} mentors?", b.set_gold(mbeats(j)), 2)

    def shooters_for(s):
        return {j for x in g.inn(s, "QUOTES") for p in g.inn(x, "ILLUSTRATES") for j in g.inn(p, "SHOT")}
    s = b.pick(S, lambda s: 2 <= len(shooters_for(s)) <= 8)
    b.add("multihop", f"Who took the photos that illustrate articles quoting {nm(s)}?",
          b.set_gold(shooters_for(s)), 3)

    def src_awards(s):
        return {w for x in g.inn(s, "QUOTES") for j in g.inn(x, "FILED") for w in g.out(j, "WON")}
    s = b.pick(S, lambda s: 2 <= len(src_awards(s)) <= 6)
    b.add("multihop", f"Which awards have gone to journalists who quoted {nm(s)} in their stories?",
          b.set_gold(src_awards(s)), 3)

    def src_desks(s):
        return {d for j in shooters_for(s) for d in g.out(j, "ASSIGNED_TO")}
    s = b.pick(S, lambda s: 2 <= len(src_desks(s)) <= 6)
    b.add("multihop", f"What desks are the photographers on whose pictures ran with articles that quote {nm(s)}?",
          b.set_gold(src_desks(s)), 4)

    def madv(j):
        return {a for m in mentees(j) for x in g.out(m, "FILED") for e in g.out(x, "RAN_IN")
                for a in g.inn(e, "ADVERTISED_IN")}
    j = b.pick(J, lambda j: 2 <= len(madv(j)) <= 12)
    b.add("multihop", f"Which advertisers placed ads in editions that ran stories by {nm(j)}'s mentees?",
          b.set_gold(madv(j)), 4)

    def aw_eds(w):
        return {e for j in g.inn(w, "WON") for p in g.out(j, "SHOT") for x in g.out(p, "ILLUSTRATES")
                for e in g.out(x, "RAN_IN")}
    w = b.pick(AW, lambda w: 2 <= len(aw_eds(w)) <= 12)
    b.add("multihop", f"Which editions printed articles carrying pictures shot by whoever won the {nm(w)}?",
          b.set_gold(aw_eds(w)), 4)

    def wk(s):
        return {x for x in g.inn(s, "QUOTES") for e in g.out(x, "RAN_IN") if g.a(e, "is_weekend")}
    s = b.pick(S, lambda s: len(wk(s)) >= 2)
    b.add("multihop", f"How many different articles quoting {nm(s)} ran in weekend editions?", count(len(wk(s))), 2)

    def c_auth(c):
        return {j for x in g.out(c, "CORRECTS") for j in g.inn(x, "FILED")}
    c = b.pick(C, lambda c: len(c_auth(c)) >= 2)
    b.add("multihop", f"Whose reporting did {nm(c)} fix?", b.set_gold(c_auth(c)), 2)

    # ---- superlative
    x = unique_max(A, lambda x: g.a(x, "page_views"))
    b.add("superlative", "Which article got the most page views?", b.set_gold([x]), 1)
    x = unique_max(J, lambda j: -int(g.a(j, "hire_date").replace("-", "")))
    b.add("superlative", "Who has been at the paper the longest?", b.set_gold([x]), 1)
    x = unique_max(E, lambda e: g.a(e, "print_run"))
    b.add("superlative", "which edition had the largest print run", b.set_gold([x]), 1)
    x = unique_max(ADV, lambda a: g.a(a, "annual_spend"))
    b.add("superlative", "What advertiser has the biggest annual spend?", b.set_gold([x]), 1)
    x = unique_max(J, lambda j: sum(g.a(y, "word_count") for y in g.out(j, "FILED")))
    b.add("superlative", "Whose bylined stories add up to the most words?", b.set_gold([x]), 2)
    x = unique_max(S, lambda s: len(g.inn(s, "QUOTES")))
    b.add("superlative", "Which source is quoted in the most stories?", b.set_gold([x]), 1)
    x = unique_max(BT, lambda t: len(g.inn(t, "TAGGED_WITH")))
    b.add("superlative", "Which beat has the most stories tagged to it?", b.set_gold([x]), 1)
    x = unique_max(ADV, lambda a: sum(g.e(a, e, "cost") for e in g.out(a, "ADVERTISED_IN")))
    b.add("superlative", "Which advertiser has spent the most on ad placements in total?", b.set_gold([x]), 2)
    j = b.pick(J, lambda j: len(g.out(j, "FILED")) >= 5
               and unique_max(g.out(j, "FILED"), lambda x: g.a(x, "word_count")) is not None)
    x = unique_max(g.out(j, "FILED"), lambda x: g.a(x, "word_count"))
    b.add("superlative", f"Among the articles {nm(j)} filed, which is the longest?", b.set_gold([x]), 1)
    d = b.pick(D, lambda d: d != "desk-9")
    x = unique_max(g.inn(d, "ASSIGNED_TO"), lambda j: int(g.a(j, "hire_date").replace("-", "")))
    b.add("superlative", f"Of the journalists on the {nm(d)}, who was hired most recently?", b.set_gold([x]), 1)

    # ---- aggregate
    b.add("aggregate", "What's the combined print run of all weekend editions?",
          value(sum(g.a(e, "print_run") for e in E if g.a(e, "is_weekend"))), 1)
    j = b.pick(J, lambda j: len(g.out(j, "FILED")) >= 4)
    ws = [g.a(x, "word_count") for x in g.out(j, "FILED")]
    b.add("aggregate", f"What is the average word count of articles filed by {nm(j)}?",
          value(round(sum(ws) / len(ws), 2)), 1)
    j = b.pick(J, lambda j: len(g.out(j, "WON")) >= 2)
    b.add("aggregate", f"total prize money of the awards {nm(j)} has won?",
          value(round(sum(g.a(w, "prize_money") for w in g.out(j, "WON")), 2)), 1)
    a = b.pick(ADV, lambda a: len(g.out(a, "ADVERTISED_IN")) >= 5)
    b.add("aggregate", f"How much did {nm(a)} spend on ads altogether?",
          value(round(sum(g.e(a, e, "cost") for e in g.out(a, "ADVERTISED_IN")), 2)), 1)
    j = b.pick(J, lambda j: len(g.out(j, "SHOT")) >= 3)
    mp = [g.a(p, "megapixels") for p in g.out(j, "SHOT")]
    b.add("aggregate", f"average megapixels of the photos shot by {nm(j)}", value(round(sum(mp) / len(mp), 2)), 1)

    # ---- edge_property
    x = b.pick(A, lambda x: g.e(x, g.out(x, "RAN_IN")[0], "page") > 2)
    e = g.out(x, "RAN_IN")[0]
    b.add("edge_property", f'On what page did "{nm(x)}" run in {nm(e)}?', value(g.e(x, e, "page")), 1)
    a = b.pick(ADV, lambda a: True)
    e = b.pick(g.out(a, "ADVERTISED_IN"), lambda e: True)
    b.add("edge_property", f"How much did {nm(a)} pay for its ad in {nm(e)}?", value(g.e(a, e, "cost")), 1)
    m = b.pick(J, lambda m: len(mentees(m)) >= 1)
    k = b.pick(mentees(m), lambda k: True)
    b.add("edge_property", f"When did {nm(m)} start mentoring {nm(k)}?", value(g.e(m, k, "since")), 1)
    x = b.pick(A, lambda x: len(g.out(x, "QUOTES")) >= 2)
    s = b.pick(g.out(x, "QUOTES"), lambda s: g.e(x, s, "quote_count") >= 2)
    b.add("edge_property", f'How many times was {nm(s)} quoted in "{nm(x)}"?', value(g.e(x, s, "quote_count")), 1)
    a = b.pick(ADV, lambda a: a != "advertiser-1")
    e = b.pick(g.out(a, "ADVERTISED_IN"), lambda e: True)
    b.add("edge_property", f"what size was {nm(a)}'s ad in {nm(e)}", value(g.e(a, e, "ad_size")), 1)

    def full(e):
        return [a for a in g.inn(e, "ADVERTISED_IN") if g.e(a, e, "ad_size") == "full"]
    e = b.pick(E, lambda e: len(full(e)) >= 2)
    b.add("edge_property", f"How many full-page ads ran in {nm(e)}?", count(len(full(e))), 1)

    def offrec(s):
        return [x for x in g.inn(s, "QUOTES") if not g.e(x, s, "on_record")]
    s = b.pick(S, lambda s: len(offrec(s)) >= 2)
    b.add("edge_property", f"In how many articles was {nm(s)} quoted off the record?", count(len(offrec(s))), 1)

    # ---- yes_no (yes, no alternating)
    m = b.pick(J, lambda m: len(mentees(m)) >= 2)
    k = b.pick(mentees(m), lambda k: True)
    b.add("yes_no", f"Does {nm(m)} mentor {nm(k)}?", {"type": "bool", "value": True}, 1)
    m = b.pick(J, lambda m: len(mentees(m)) >= 1 and m not in ("journalist-0",))
    k = b.pick(mentees(m), lambda k: True)
    b.add("yes_no", f"is {nm(k)} a mentor of {nm(m)}", {"type": "bool", "value": False}, 1)
    s = b.pick(S, lambda s: g.a(s, "is_anonymous"))
    b.add("yes_no", f"Is {nm(s)} an anonymous source?", {"type": "bool", "value": True}, 0)
    x = b.pick(A, lambda x: not g.a(g.out(x, "RAN_IN")[0], "is_weekend"))
    b.add("yes_no", f'Did "{nm(x)}" appear in a weekend edition?', {"type": "bool", "value": False}, 2)
    j = b.pick(J, lambda j: len(g.out(j, "WON")) >= 1)
    w = b.pick(g.out(j, "WON"), lambda w: True)
    b.add("yes_no", f"Has {nm(j)} ever won the {nm(w)}?", {"type": "bool", "value": True}, 1)
    x = b.pick(A, lambda x: not g.inn(x, "CORRECTS") and len(g.out(x, "QUOTES")) >= 1)
    b.add("yes_no", f'Was the story "{nm(x)}" ever corrected?', {"type": "bool", "value": False}, 1)
    j = b.pick(J, lambda j: g.a(j, "is_freelance"))
    b.add("yes_no", f"{nm(j)} is a freelancer, right?", {"type": "bool", "value": True}, 0)
    a = b.pick(ADV, lambda a: True)
    e = b.pick(E, lambda e: not g.g.has_edge(a, e))
    b.add("yes_no", f"Did {nm(a)} advertise in {nm(e)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio
    def nbrs(n):
        return set(g.g.successors(n)) | set(g.g.predecessors(n))
    j = b.pick(J, lambda j: 6 <= len(nbrs(j)) <= 12 and g.out(j, "WON"))
    b.add("portfolio", f"Tell me everything about {nm(j)}.", b.set_gold(nbrs(j)), 1)
    x = b.pick(A, lambda x: 6 <= len(nbrs(x)) <= 12 and g.inn(x, "CORRECTS"))
    b.add("portfolio", f'what do we know about the article "{nm(x)}"', b.set_gold(nbrs(x)), 1)
    s = b.pick(S, lambda s: 5 <= len(nbrs(s)) <= 12)
    b.add("portfolio", f"Give me the full picture on source {nm(s)}", b.set_gold(nbrs(s)), 1)

    # ---- unknown (names checked absent below)
    fake = [("Which desk does Priscilla Vantongeren work on?", "Priscilla Vantongeren"),
            ("How many stories has the Obituaries Desk published?", "Obituaries"),
            ("what ads did Zephyr Kitchens buy", "Zephyr"),
            ("Who shot the photo called Lanterns Over Elmsford?", "Elmsford")]
    everything = " ".join(nm(n).lower() for n in g.g.nodes)
    for text, key in fake:
        assert key.lower() not in everything
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global
    b.add("global", "How many different types of entities are in this graph?", count(len(T)), 0)
    b.add("global", "how many kinds of relationships connect things here",
          count(len(Counter(d["label"] for _, _, d in g.g.edges(data=True)))), 0)
    b.add("global", "What's the total number of relationships in the graph?", count(g.g.number_of_edges()), 0)
    return b.rows


def main() -> None:
    out = Path(sys.argv[1])
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else out / "newsroom.graphml"
    rows = build(G(path))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
