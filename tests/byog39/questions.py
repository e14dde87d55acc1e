"""Hold-out questions with structured golds over the byog39 video-game graph.

Usage: python tests/byog39/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/games.graphml). Deterministic.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx


class G:
    def __init__(self, path: Path) -> None:
        self.g = nx.read_graphml(path, force_multigraph=True)
        self.type = {n: d["labels"].lstrip(":") for n, d in self.g.nodes(data=True)}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, t in self.type.items():
            self.by_type[t].append(n)
        for t in self.by_type:
            self.by_type[t].sort(key=lambda x: int(x.rsplit("-", 1)[1]))
        self.by_name = {self.name(n): n for n in self.g.nodes}

    def a(self, n: str) -> dict:
        return self.g.nodes[n]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d.get("title")

    def out(self, n: str, label: str) -> list[str]:
        return sorted({v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label})

    def inn(self, n: str, label: str) -> list[str]:
        return sorted({u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label})

    def edges(self, u: str, v: str, label: str) -> list[dict]:
        return [d for d in (self.g.get_edge_data(u, v) or {}).values() if d["label"] == label]

    def all_edges(self, label: str) -> list[tuple[str, str, dict]]:
        return [(u, v, d) for u, v, d in self.g.edges(data=True) if d["label"] == label]


def numbers_in(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w\-#/.,])(\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)", text)}


def build(gp: Path) -> list[dict]:
    G_ = G(gp)
    rng = random.Random(39)
    nm = G_.name
    out: list[dict] = []

    def sset(ids) -> dict:
        ids = sorted(set(ids), key=lambda x: (x.rsplit("-", 1)[0], int(x.rsplit("-", 1)[1])))
        return {"type": "set", "ids": ids, "names": [nm(i) for i in ids]}

    def valid(text: str, gold: dict) -> bool:
        low = text.lower()
        t = gold["type"]
        if t == "set":
            if not 1 <= len(gold["ids"]) <= 12:
                return False
            if any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", low) for n in gold["names"]):
                return False
        if t == "count":
            if gold["value"] <= 0 or float(gold["value"]) in numbers_in(text):
                return False
        if t == "value":
            v = gold["value"]
            if isinstance(v, str) and v.lower() in low:
                return False
            if isinstance(v, int | float) and float(v) in numbers_in(text):
                return False
        return True

    def add(kind: str, text: str, gold: dict, hops: int) -> bool:
        if not valid(text, gold):
            return False
        out.append({"kind": kind, "question": text, "gold": gold, "hops": hops})
        return True

    def pick(cands, make) -> None:
        """Try candidates in a seeded order; ``make(c)`` returns (kind, text, gold, hops) or None."""
        cands = list(cands)
        rng.shuffle(cands)
        for c in cands:
            r = make(c)
            if r is not None and add(*r):
                return
        raise RuntimeError("no candidate for a question template")

    T = G_.by_type
    games, studios, pubs, engines = T["Game"], T["Studio"], T["Publisher"], T["Engine"]
    plats, people, frs, revs, tours = T["Platform"], T["Person"], T["Franchise"], T["Review"], T["Tournament"]
    critics = [p for p in people if G_.a(p)["profession"] == "critic"]
    makers = [p for p in people if G_.a(p)["profession"] != "critic"]

    # ---- count (5)
    add("count", "How many games are in the database?", {"type": "count", "value": len(games)}, 0)
    add("count", "how many dev studios are there", {"type": "count", "value": len(studios)}, 0)
    add("count", "Number of esports tournaments?", {"type": "count", "value": len(tours)}, 0)
    add("count", "What's the total count of critic reviews on file?", {"type": "count", "value": len(revs)}, 0)
    add("count", "How many game engines are listed?", {"type": "count", "value": len(engines)}, 0)

    # ---- filtered_count (10)
    def cnt(nodes, attr, val):
        return {"type": "count", "value": sum(1 for n in nodes if G_.a(n)[attr] == val)}

    add("filtered_count", "How many puzzle games are there?", cnt(games, "genre", "puzzle"), 0)
    add("filtered_count", "how many studios are based in Poland", cnt(studios, "country", "Poland"), 0)
    add("filtered_count", "Count the handheld platforms.", cnt(plats, "category", "handheld"), 0)
    add("filtered_count", "How many titles support multiplayer?", cnt(games, "is_multiplayer", True), 0)
    add("filtered_count", "How many games carry an M age rating?", cnt(games, "age_rating", "M"), 0)
    add("filtered_count", "how many publishers are publicly listed on a stock exchange?",
        cnt(pubs, "is_listed", True), 0)
    add("filtered_count", "Number of tournaments run as LAN events", cnt(tours, "format", "LAN"), 0)
    add("filtered_count", "How many reviews ended with an 'avoid' verdict?", cnt(revs, "verdict", "avoid"), 0)
    add("filtered_count", "How many people are composers by profession?", cnt(people, "profession", "composer"), 0)
    add("filtered_count", "How many engines are released under an open-source license?",
        cnt(engines, "license_type", "open-source"), 0)

    # ---- list (7)
    pick(studios, lambda s: ("list", f"Which games did {nm(s)} develop?",
                             sset(G_.out(s, "DEVELOPED")), 1) if len(G_.out(s, "DEVELOPED")) >= 3 else None)
    pick(games, lambda x: ("list", f"list the platforms {nm(x)} shipped on",
                           sset(G_.out(x, "RELEASED_ON")), 1) if len(G_.out(x, "RELEASED_ON")) >= 3 else None)
    pick(studios, lambda s: ("list", f"Who works at {nm(s)}?", sset(G_.inn(s, "WORKS_AT")), 1)
         if len(G_.inn(s, "WORKS_AT")) >= 3 else None)
    pick(frs, lambda f: ("list", f"Show me the games in the {nm(f)} franchise", sset(G_.inn(f, "PART_OF")), 1))
    pick(pubs, lambda p: ("list", f"which studios does {nm(p)} own", sset(G_.inn(p, "SUBSIDIARY_OF")), 1)
         if len(G_.inn(p, "SUBSIDIARY_OF")) >= 2 else None)
    pick(tours, lambda t: ("list", f"What games were played at the {nm(t)}?", sset(G_.out(t, "FEATURED")), 1)
         if len(G_.out(t, "FEATURED")) >= 2 else None)
    add("list", "Give me the open-source engines written in Rust",
        sset(e for e in engines if G_.a(e)["license_type"] == "open-source" and G_.a(e)["language"] == "Rust"), 0)

    # ---- multihop (14)
    def mentor(p):
        m = G_.inn(p, "MENTORED")
        return m[0] if m else None

    def mentees(p):
        return G_.out(p, "MENTORED")

    def f_siblings(p):
        m = mentor(p)
        if not m:
            return None
        sib = [x for x in mentees(m) if x != p]
        return ("multihop", f"Who else did {nm(p)}'s mentor take under their wing?", sset(sib), 2) if sib else None

    pick(makers, f_siblings)

    def f_grand_mentees(p):
        gm = [y for x in mentees(p) for y in mentees(x)]
        return ("multihop", f"who are the mentees of the people {nm(p)} mentored", sset(gm), 2) if gm else None

    pick(makers, f_grand_mentees)

    def f_grand_mentor(p):
        m = mentor(p)
        mm = mentor(m) if m else None
        return ("multihop", f"Who mentored the mentor of {nm(p)}?", sset([mm]), 2) if mm else None

    pick(makers, f_grand_mentor)
    pick(games, lambda x: ("multihop", f"Which critics reviewed {nm(x)}?",
                           sset(w for r in G_.inn(x, "REVIEWS") for w in G_.inn(r, "WROTE")), 2)
         if len(G_.inn(x, "REVIEWS")) >= 2 else None)
    pick(studios, lambda s: ("multihop", f"What engines power the games made by {nm(s)}?",
                             sset(e for x in G_.out(s, "DEVELOPED") for e in G_.out(x, "BUILT_WITH")), 2)
         if len(G_.out(s, "DEVELOPED")) >= 3 else None)
    pick(frs, lambda f: ("multihop", f"On which consoles and devices did {nm(f)} games come out?",
                         sset(p for x in G_.inn(f, "PART_OF") for p in G_.out(x, "RELEASED_ON")), 2))
    pick(studios, lambda s: ("multihop", f"Which publishers put out games developed by {nm(s)}",
                             sset(p for x in G_.out(s, "DEVELOPED") for p in G_.inn(x, "PUBLISHED")), 2)
         if len(G_.out(s, "DEVELOPED")) >= 2 else None)
    pick(games, lambda x: ("multihop", f"which studios employ the people credited on {nm(x)}?",
                           sset(s for p in G_.inn(x, "CREDITED_ON") for s in G_.out(p, "WORKS_AT")), 2)
         if len(G_.inn(x, "CREDITED_ON")) >= 2 else None)
    pick(makers, lambda p: ("multihop", f"Where do the people mentored by {nm(p)} work?",
                            sset(s for m in mentees(p) for s in G_.out(m, "WORKS_AT")), 2)
         if len(mentees(p)) >= 2 else None)
    pick(pubs, lambda p: ("multihop", f"Which franchises include games from studios owned by {nm(p)}?",
                          sset(f for s in G_.inn(p, "SUBSIDIARY_OF") for x in G_.out(s, "DEVELOPED")
                               for f in G_.out(x, "PART_OF")), 3))
    pick(critics, lambda c: ("multihop", f"What engines were behind the games {nm(c)} reviewed?",
                             sset(e for r in G_.out(c, "WROTE") for x in G_.out(r, "REVIEWS")
                                  for e in G_.out(x, "BUILT_WITH")), 3))
    pick(critics, lambda c: ("multihop",
                             f"Which parent publishers own the studios behind the games that {nm(c)} reviewed?",
                             sset(pb for r in G_.out(c, "WROTE") for x in G_.out(r, "REVIEWS")
                                  for s in G_.inn(x, "DEVELOPED") for pb in G_.out(s, "SUBSIDIARY_OF")), 4))
    pick(makers, lambda p: ("multihop",
                            f"Which engines were used on games developed by the studios where {nm(p)}'s mentees work?",
                            sset(e for m in mentees(p) for s in G_.out(m, "WORKS_AT") for x in G_.out(s, "DEVELOPED")
                                 for e in G_.out(x, "BUILT_WITH")), 4) if mentees(p) else None)
    pick(frs, lambda f: ("multihop",
                         f"which publishers own studios that employ people who worked on {nm(f)} games",
                         sset(pb for x in G_.inn(f, "PART_OF") for p in G_.inn(x, "CREDITED_ON")
                              for s in G_.out(p, "WORKS_AT") for pb in G_.out(s, "SUBSIDIARY_OF")), 4))

    # ---- superlative (10)
    def top(nodes, key, text, hops=0, kind="superlative"):
        vals = [(key(n), n) for n in nodes]
        vals.sort(key=lambda p: p[0], reverse=True)
        if len(vals) < 2 or vals[0][0] == vals[1][0]:
            return None
        return (kind, text, sset([vals[0][1]]), hops)

    def must(r):
        if r is None or not add(*r):
            raise RuntimeError("superlative tie or invalid")

    must(top(games, lambda n: G_.a(n)["units_sold_k"], "Which game sold the most units?"))
    must(top(studios, lambda n: G_.a(n)["headcount"], "what's the biggest studio by headcount"))
    must(top(tours, lambda n: G_.a(n)["prize_pool_usd"], "Which esports event offered the largest prize pool?"))
    must(top(studios, lambda n: len(G_.out(n, "DEVELOPED")), "Which development studio has made the most games?", 1))
    must(top(critics, lambda n: len(G_.out(n, "WROTE")), "Who has written the most reviews?", 1))
    must(top(plats, lambda n: len(G_.inn(n, "RELEASED_ON")), "Which platform has the largest library of games?", 1))
    must(top(pubs, lambda n: sum(G_.a(x)["units_sold_k"] for x in G_.out(n, "PUBLISHED")),
             "Which publisher's games sold the most units combined?", 1))
    must(top(studios, lambda n: sum(d["budget_musd"] for _, _, d in G_.g.out_edges(n, data=True)
                                    if d["label"] == "DEVELOPED"),
             "Which studio has spent the most in total development budget across its games?", 1))
    pick(studios, lambda s: top(G_.out(s, "DEVELOPED"), lambda n: G_.a(n)["avg_playtime_hours"],
                                f"Among the games developed by {nm(s)}, which one has the longest average playtime?", 1)
         if len(G_.out(s, "DEVELOPED")) >= 4 else None)
    pick(pubs, lambda p: top(G_.out(p, "PUBLISHED"), lambda n: G_.a(n)["units_sold_k"],
                             f"Of {nm(p)}'s published titles, which was the best seller?", 1)
         if len(G_.out(p, "PUBLISHED")) >= 4 else None)

    # ---- aggregate (5)
    add("aggregate", "What is the combined prize pool of all LAN tournaments, in dollars?",
        {"type": "value", "value": round(sum(G_.a(t)["prize_pool_usd"] for t in tours
                                             if G_.a(t)["format"] == "LAN"), 2)}, 0)
    pick(games, lambda x: ("aggregate", f"What's the average critic score for {nm(x)}?",
                           {"type": "value", "value": round(sum(G_.a(r)["score"] for r in G_.inn(x, "REVIEWS"))
                                                            / len(G_.inn(x, "REVIEWS")), 2)}, 1)
         if len(G_.inn(x, "REVIEWS")) >= 3 else None)
    pick(studios, lambda s: ("aggregate", f"total units sold (in thousands) of the games {nm(s)} developed",
                             {"type": "value", "value": sum(G_.a(x)["units_sold_k"]
                                                            for x in G_.out(s, "DEVELOPED"))}, 1)
         if len(G_.out(s, "DEVELOPED")) >= 3 else None)
    jp = [G_.a(s)["headcount"] for s in studios if G_.a(s)["country"] == "Japan"]
    add("aggregate", "What is the average headcount of studios located in Japan?",
        {"type": "value", "value": round(sum(jp) / len(jp), 2)}, 0)
    pick(studios, lambda s: ("aggregate", f"How much did {nm(s)} spend in total on development budgets, in $M?",
                             {"type": "value", "value": round(sum(d["budget_musd"] for _, _, d in
                                                                  G_.g.out_edges(s, data=True)
                                                                  if d["label"] == "DEVELOPED"), 2)}, 1)
         if len(G_.out(s, "DEVELOPED")) >= 2 else None)

    # ---- edge_property (7)
    rel = G_.all_edges("RELEASED_ON")

    def one_edge(u, v, label):
        e = G_.edges(u, v, label)
        return e[0] if len(e) == 1 else None

    pick(rel, lambda e: ("edge_property", f"What was the launch price of {nm(e[0])} on {nm(e[1])}?",
                         {"type": "value", "value": e[2]["launch_price_usd"]}, 1)
         if one_edge(e[0], e[1], "RELEASED_ON") else None)
    pick(rel, lambda e: ("edge_property", f"when did {nm(e[0])} come out on {nm(e[1])}",
                         {"type": "value", "value": e[2]["release_date"]}, 1)
         if one_edge(e[0], e[1], "RELEASED_ON") else None)
    pick(G_.all_edges("MENTORED"), lambda e: ("edge_property",
                                              f"In what year did {nm(e[0])} start mentoring {nm(e[1])}?",
                                              {"type": "value", "value": e[2]["since_year"]}, 1))
    pick(G_.all_edges("SUBSIDIARY_OF"), lambda e: ("edge_property",
                                                   f"What percentage stake does {nm(e[1])} hold in {nm(e[0])}?",
                                                   {"type": "value", "value": e[2]["stake_percent"]}, 1))
    pick(G_.all_edges("CREDITED_ON"), lambda e: ("edge_property", f"What role did {nm(e[0])} have on {nm(e[1])}?",
                                                 {"type": "value", "value": e[2]["role"]}, 1)
         if one_edge(e[0], e[1], "CREDITED_ON") else None)
    add("edge_property", "How many platform releases were exclusives?",
        {"type": "count", "value": sum(1 for *_, d in rel if d["is_exclusive"])}, 1)
    add("edge_property", "how many game launches were for the JP region",
        {"type": "count", "value": sum(1 for *_, d in rel if d["region"] == "JP")}, 1)

    # ---- yes_no (8: 4 yes, 4 no)
    dev = G_.all_edges("DEVELOPED")
    pick(dev, lambda e: ("yes_no", f"Did {nm(e[0])} develop {nm(e[1])}?", {"type": "bool", "value": True}, 1))
    pick([(s, x) for s in studios[:20] for x in games[:20]],
         lambda p: ("yes_no", f"Was {nm(p[1])} developed by {nm(p[0])}?", {"type": "bool", "value": False}, 1)
         if not G_.edges(p[0], p[1], "DEVELOPED") else None)
    pick(rel, lambda e: ("yes_no", f"is {nm(e[0])} available on {nm(e[1])}", {"type": "bool", "value": True}, 1))
    men = G_.all_edges("MENTORED")
    pick(men, lambda e: ("yes_no", f"Did {nm(e[0])} mentor {nm(e[1])}?", {"type": "bool", "value": True}, 1))
    pick(men, lambda e: ("yes_no", f"Did {nm(e[1])} mentor {nm(e[0])}?", {"type": "bool", "value": False}, 1))
    pick([p for p in pubs if G_.a(p)["is_listed"]],
         lambda p: ("yes_no", f"Is {nm(p)} a publicly listed company?", {"type": "bool", "value": True}, 0))
    pick([(x, e) for x in games[:30] for e in engines],
         lambda p: ("yes_no", f"Was {nm(p[0])} built with the {nm(p[1])} engine?", {"type": "bool", "value": False}, 1)
         if not G_.edges(p[0], p[1], "BUILT_WITH") else None)
    pick([(p, s) for p in makers[:30] for s in studios[:30]],
         lambda p: ("yes_no", f"Does {nm(p[0])} work at {nm(p[1])}?", {"type": "bool", "value": False}, 1)
         if not G_.edges(p[0], p[1], "WORKS_AT") else None)

    # ---- portfolio (3)
    def nbrs(n):
        return {v for _, v in G_.g.out_edges(n)} | {u for u, _ in G_.g.in_edges(n)}

    pick(studios, lambda s: ("portfolio", f"Tell me everything about {nm(s)}.", sset(nbrs(s)), 1)
         if 4 <= len(nbrs(s)) <= 12 else None)
    pick(makers, lambda p: ("portfolio", f"give me the full picture on {nm(p)}", sset(nbrs(p)), 1)
         if 4 <= len(nbrs(p)) <= 12 else None)
    pick(frs, lambda f: ("portfolio", f"What do we know about the {nm(f)}? Everything connected to it, please.",
                         sset(nbrs(f)), 1) if 3 <= len(nbrs(f)) <= 12 else None)

    # ---- unknown (4)
    for text, made_up in (("Which platforms did Sapphire Lagoon ship on?", "Sapphire Lagoon"),
                          ("How many games has Quartzline Interactive developed?", "Quartzline Interactive"),
                          ("who mentored Brunhilde Okonkwo", "Brunhilde Okonkwo"),
                          ("What engine does the Zorvath Mystery run on?", "Zorvath Mystery")):
        assert not any(made_up.lower() in n.lower() for n in G_.by_name)
        add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    add("global", "How many different node types does this graph have?", {"type": "count", "value": len(T)}, 0)
    add("global", "how many kinds of relationships are there in the data",
        {"type": "count", "value": len(Counter(d["label"] for *_, d in G_.g.edges(data=True)))}, 0)
    add("global", "What is the total number of entities in the graph?",
        {"type": "count", "value": G_.g.number_of_nodes()}, 0)

    for i, q in enumerate(out, 1):
        q["id"] = f"byog39-{i:02d}"
    return [{"id": q["id"], "kind": q["kind"], "question": q["question"], "gold": q["gold"], "hops": q["hops"]}
            for q in out]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__)
        return 2
    out = Path(argv[0])
    gp = Path(argv[1]) if len(argv) > 1 else out / "games.graphml"
    qs = build(gp)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
