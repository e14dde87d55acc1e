"""Held-out questions over the esports graph that graph.py writes.

    python tests/byog21/questions.py OUT_DIR [GRAPH_PATH]   ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file (default OUT_DIR/esports.graphml); deterministic for a given graph.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections import defaultdict
from statistics import mean

import networkx as nx


class Graph:
    def __init__(self, path: str) -> None:
        self.g = nx.read_graphml(path)
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        for u, v, d in self.g.edges(data=True):
            self.out[(u, d["type"])].append(v)
            self.inn[(v, d["type"])].append(u)
        for lst in (*self.out.values(), *self.inn.values()):
            lst.sort(key=_key)
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in self.g.nodes(data=True):
            self.by_type[d["type"]].append(n)
        for lst in self.by_type.values():
            lst.sort(key=_key)

    def a(self, n: str, attr: str):
        return self.g.nodes[n][attr]

    def e(self, u: str, v: str, attr: str):
        return self.g.edges[u, v][attr]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def o(self, n: str, t: str) -> list[str]:
        return self.out.get((n, t), [])

    def i(self, n: str, t: str) -> list[str]:
        return self.inn.get((n, t), [])

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)), key=_key)


def _key(n: str) -> tuple[str, int]:
    t, _, k = n.rpartition("-")
    return t, int(k)


def _words(text: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", text.lower()).split()) + " "


class Suite:
    def __init__(self, g: Graph) -> None:
        self.g = g
        self.rows: list[dict] = []

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        qw = _words(text)
        if gold["type"] == "set":
            ids = sorted(set(gold["ids"]), key=_key)
            assert 1 <= len(ids) <= 12, (text, ids)
            names = [self.g.name(i) for i in ids]
            for nm in names:
                assert _words(nm) not in qw, (text, nm)
            gold = {"type": "set", "ids": ids, "names": names}
        elif gold["type"] == "count":
            assert gold["value"] > 0, text
            assert not re.search(r"(?<![\d,.])" + str(gold["value"]) + r"(?![\d,])", text.replace(",", "")), text
        elif gold["type"] == "value":
            v = gold["value"]
            if isinstance(v, float):
                v = round(v, 2)
                gold = {"type": "value", "value": v}
            s = str(v).removesuffix(".0").lower()
            assert _words(s) not in qw, (text, v)
        self.rows.append({"id": f"byog21-{len(self.rows) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                          "hops": hops})


def _unique_max(items: list[str], score) -> str | None:
    """The single item with the highest score, or None on a tie."""
    if not items:
        return None
    ranked = sorted(items, key=lambda x: (-score(x), _key(x)))
    if len(ranked) > 1 and score(ranked[0]) == score(ranked[1]):
        return None
    return ranked[0]


def build(g: Graph) -> list[dict]:
    rng = random.Random(2121)
    s = Suite(g)
    N = g.name
    players, clubs, coaches = g.by_type["Player"], g.by_type["Club"], g.by_type["Coach"]
    tourns, matches, sponsors = g.by_type["Tournament"], g.by_type["Match"], g.by_type["Sponsor"]
    cities, games, pubs = g.by_type["City"], g.by_type["GameTitle"], g.by_type["Publisher"]

    def P(n: str) -> str:  # possessive
        nm = N(n)
        return nm + ("'" if nm.endswith("s") else "'s")

    def pick(cands: list[str]) -> str:
        assert cands
        return rng.choice(cands)

    def club_of(p: str) -> str:
        return g.o(p, "PLAYS_FOR")[0]

    def mentor_of(p: str) -> str | None:
        m = g.i(p, "MENTORS")
        return m[0] if m else None

    def cnt(v: int) -> dict:
        return {"type": "count", "value": v}

    def st(ids) -> dict:
        return {"type": "set", "ids": list(ids)}

    def val(v) -> dict:
        return {"type": "value", "value": v}

    # ---- count (5)
    s.add("count", "How many players are registered in the league?", cnt(len(players)), 0)
    s.add("count", "how many matches have been played in total", cnt(len(matches)), 0)
    s.add("count", "Number of coaches working across all the clubs?", cnt(len(coaches)), 0)
    s.add("count", "How many sponsors does the league have", cnt(len(sponsors)), 0)
    s.add("count", "how many different game titles are there?", cnt(len(games)), 0)

    # ---- filtered_count (10)
    s.add("filtered_count", "How many players play the Sniper position?",
          cnt(sum(g.a(p, "position") == "Sniper" for p in players)), 0)
    s.add("filtered_count", "how many clubs are in the APAC region",
          cnt(sum(g.a(c, "region") == "APAC" for c in clubs)), 0)
    s.add("filtered_count", "How many tournaments were held online?",
          cnt(sum(bool(g.a(t, "is_online")) for t in tourns)), 0)
    s.add("filtered_count", "How many matches went to overtime?",
          cnt(sum(bool(g.a(m, "overtime")) for m in matches)), 0)
    s.add("filtered_count", "How many coaches hold a Pro license?",
          cnt(sum(g.a(c, "license_tier") == "Pro" for c in coaches)), 0)
    s.add("filtered_count", "Count the sponsors that come from the Telecom industry.",
          cnt(sum(g.a(x, "industry") == "Telecom" for x in sponsors)), 0)
    c = pick(clubs)
    s.add("filtered_count", f"How many players does {N(c)} have on its roster?", cnt(len(g.i(c, "PLAYS_FOR"))), 1)
    t = pick([t for t in tourns if len(g.i(t, "PART_OF")) >= 2])
    s.add("filtered_count", f"how many matches were part of the {N(t)}?", cnt(len(g.i(t, "PART_OF"))), 1)
    city = pick([x for x in cities if len(g.i(x, "BASED_IN")) >= 2])
    s.add("filtered_count", f"How many clubs are based in {N(city)}?", cnt(len(g.i(city, "BASED_IN"))), 1)
    s.add("filtered_count", "How many tournaments have a prize pool above 1,000,000 dollars?",
          cnt(sum(g.a(t, "prize_pool_usd") > 1_000_000 for t in tourns)), 0)

    # ---- list (7)
    city = pick([x for x in cities if 2 <= len(g.i(x, "BASED_IN")) <= 12])
    s.add("list", f"Which clubs are based in {N(city)}?", st(g.i(city, "BASED_IN")), 1)
    pub = pick([p for p in pubs if len(g.i(p, "PUBLISHED_BY")) >= 2])
    s.add("list", f"List the game titles published by {N(pub)}.", st(g.i(pub, "PUBLISHED_BY")), 1)
    c = pick([c for c in clubs if len(g.i(c, "COACHES")) >= 2])
    s.add("list", f"who is on the coaching staff of {N(c)}", st(g.i(c, "COACHES")), 1)
    c = pick([c for c in clubs if 2 <= len(g.i(c, "SPONSORS")) <= 12])
    s.add("list", f"show me the sponsors backing {N(c)}", st(g.i(c, "SPONSORS")), 1)
    city = pick([x for x in cities if 2 <= len(g.i(x, "HOSTED_IN")) <= 12])
    s.add("list", f"Which tournaments took place in {N(city)}?", st(g.i(city, "HOSTED_IN")), 1)
    cands = [(c, pos) for c in clubs for pos in ("Support", "Entry")
             if 2 <= sum(g.a(p, "position") == pos for p in g.i(c, "PLAYS_FOR")) <= 6]
    c, pos = cands[rng.randrange(len(cands))]
    s.add("list", f"give me all the {pos} players on the {N(c)} roster",
          st([p for p in g.i(c, "PLAYS_FOR") if g.a(p, "position") == pos]), 1)
    m = pick([p for p in players if len(g.o(p, "MENTORS")) >= 2])
    s.add("list", f"Which players has {N(m)} mentored?", st(g.o(m, "MENTORS")), 1)

    # ---- multihop (14)
    p = pick([p for p in players if mentor_of(p) and mentor_of(mentor_of(p))])
    s.add("multihop", f"Who mentors the mentor of {N(p)}?", st([mentor_of(mentor_of(p))]), 2)
    p = pick([p for p in players if 1 <= len({y for x in g.o(p, "MENTORS") for y in g.o(x, "MENTORS")}) <= 12])
    s.add("multihop", f"which players are mentored by the people that {N(p)} mentors",
          st({y for x in g.o(p, "MENTORS") for y in g.o(x, "MENTORS")}), 2)
    p = pick([p for p in players if mentor_of(p) and club_of(mentor_of(p)) != club_of(p)])
    s.add("multihop", f"Which club does {P(p)} mentor play for?", st([club_of(mentor_of(p))]), 2)
    p = pick([p for p in players if len({club_of(x) for x in g.o(p, "MENTORS")} - {club_of(p)}) >= 2])
    s.add("multihop", f"List the clubs of the players mentored by {N(p)}.",
          st({club_of(x) for x in g.o(p, "MENTORS")}), 2)
    p = pick(players)
    s.add("multihop", f"In which city is {P(p)} club based?", st(g.o(club_of(p), "BASED_IN")), 2)
    p = pick([p for p in players if len(g.i(club_of(p), "SPONSORS")) >= 2])
    s.add("multihop", f"what sponsors back the club that {N(p)} plays for", st(g.i(club_of(p), "SPONSORS")), 2)
    t = pick(tourns)
    s.add("multihop", f"Which publisher is behind the game featured at the {N(t)}?",
          st({q for gm in g.o(t, "FEATURES") for q in g.o(gm, "PUBLISHED_BY")}), 2)

    def club_cities(c: str) -> set[str]:
        return {x for m in g.o(c, "COMPETED_IN") for t in g.o(m, "PART_OF") for x in g.o(t, "HOSTED_IN")}

    c = pick([c for c in clubs if 2 <= len(club_cities(c)) <= 12])
    s.add("multihop", f"Which cities hosted tournaments in which {N(c)} played matches?", st(club_cities(c)), 3)

    def opponents(c: str) -> set[str]:
        return {x for m in g.o(c, "COMPETED_IN") for x in g.i(m, "COMPETED_IN")} - {c}

    c = pick([c for c in clubs if 2 <= len(opponents(c)) <= 12])
    s.add("multihop", f"Which clubs has {N(c)} faced in a match?", st(opponents(c)), 2)
    p = pick([p for p in players if 2 <= len(club_cities(club_of(p))) <= 12])
    s.add("multihop", f"In what cities were the tournaments held where {P(p)} club played matches?",
          st(club_cities(club_of(p))), 4)
    co = pick([x for x in coaches if 2 <= len(club_cities(g.o(x, "COACHES")[0])) <= 12])
    s.add("multihop", f"which cities hosted the tournaments where the club coached by {N(co)} competed",
          st(club_cities(g.o(co, "COACHES")[0])), 4)

    def sponsor_cities(x: str) -> set[str]:
        return {y for c in g.o(x, "SPONSORS") for y in club_cities(c)}

    sp = pick([x for x in sponsors if 2 <= len(sponsor_cities(x)) <= 12])
    s.add("multihop", f"Show me the host cities of tournaments in which clubs sponsored by {N(sp)} played matches.",
          st(sponsor_cities(sp)), 4)

    def roster_mentors(c: str) -> set[str]:
        return {m for p in g.i(c, "PLAYS_FOR") for m in g.i(p, "MENTORS")}

    c = pick([c for c in clubs if len(roster_mentors(c) - set(g.i(c, "PLAYS_FOR"))) >= 2 and
              len(roster_mentors(c)) <= 12])
    s.add("multihop", f"Who are the mentors of the players on {P(c)} roster?", st(roster_mentors(c)), 2)

    def poached(c: str) -> set[str]:
        return {club_of(p) for p in g.i(c, "SIGNED_FROM")}

    c = pick([c for c in clubs if 2 <= len(poached(c)) <= 12])
    s.add("multihop", f"which clubs do the players who transferred from {N(c)} play for now?", st(poached(c)), 2)

    # ---- superlative (10)
    def sup(text: str, items: list[str], score, hops: int) -> None:
        best = _unique_max(items, score)
        assert best is not None, text
        s.add("superlative", text, st([best]), hops)

    sup("Who is the highest-rated player in the league?", players, lambda p: g.a(p, "rating"), 0)
    sup("Which club was founded the earliest?", clubs,
        lambda c: -int(g.a(c, "founded_on").replace("-", "")), 0)
    sup("which tournament offered the biggest prize pool", tourns, lambda t: g.a(t, "prize_pool_usd"), 0)
    sup("What's the longest match ever played?", matches, lambda m: g.a(m, "duration_min"), 0)
    sup("Which club has the most players?", clubs, lambda c: len(g.i(c, "PLAYS_FOR")), 1)
    sup("which city is home to the most clubs", cities, lambda x: len(g.i(x, "BASED_IN")), 1)
    sup("Which club receives the most sponsorship money per year in total?", clubs,
        lambda c: sum(g.e(x, c, "annual_value_usd") for x in g.i(c, "SPONSORS")), 1)
    sup("Which player's transfers add up to the largest combined fee?", players,
        lambda p: sum(g.e(p, c, "fee_usd") for c in g.o(p, "SIGNED_FROM")), 1)
    c = pick([c for c in clubs if _unique_max(g.i(c, "PLAYS_FOR"), lambda p: g.a(p, "rating"))])
    sup(f"Who is the highest-rated player at {N(c)}?", g.i(c, "PLAYS_FOR"), lambda p: g.a(p, "rating"), 1)
    c = pick([c for c in clubs if len(g.o(c, "COMPETED_IN")) >= 3])
    sup(f"Of the matches {N(c)} played, which one drew the most viewers?", g.o(c, "COMPETED_IN"),
        lambda m: g.a(m, "viewers"), 1)

    # ---- aggregate (5)
    city = pick([x for x in cities if len(g.i(x, "HOSTED_IN")) >= 2])
    s.add("aggregate", f"What is the total prize pool of the tournaments hosted in {N(city)}?",
          val(float(sum(g.a(t, "prize_pool_usd") for t in g.i(city, "HOSTED_IN")))), 1)
    c = pick(clubs)
    s.add("aggregate", f"what's the average rating of the players at {N(c)}",
          val(round(mean(g.a(p, "rating") for p in g.i(c, "PLAYS_FOR")), 2)), 1)
    c = pick([c for c in clubs if len(g.i(c, "SPONSORS")) >= 2])
    s.add("aggregate", f"Total annual sponsorship value received by {N(c)}?",
          val(float(sum(g.e(x, c, "annual_value_usd") for x in g.i(c, "SPONSORS")))), 1)
    t = pick([t for t in tourns if len(g.i(t, "PART_OF")) >= 2])
    s.add("aggregate", f"Average viewer count for matches in the {N(t)}?",
          val(round(mean(g.a(m, "viewers") for m in g.i(t, "PART_OF")), 2)), 1)
    c = pick(clubs)
    s.add("aggregate", f"What is the combined salary of {P(c)} players?",
          val(sum(g.a(p, "salary_usd") for p in g.i(c, "PLAYS_FOR"))), 1)

    # ---- edge_property (7)
    p = pick(players)
    s.add("edge_property", f"What jersey number does {N(p)} wear at their club?",
          val(g.e(p, club_of(p), "jersey_number")), 1)
    p, c = next((p, c) for p in rng.sample(players, len(players)) for c in g.o(p, "SIGNED_FROM"))
    s.add("edge_property", f"How much was the fee when {N(p)} signed from {N(c)}?", val(g.e(p, c, "fee_usd")), 1)
    sp, c = next((x, c) for x in rng.sample(sponsors, len(sponsors)) for c in g.o(x, "SPONSORS"))
    s.add("edge_property", f"what's the annual value of {P(sp)} deal with {N(c)}",
          val(g.e(sp, c, "annual_value_usd")), 1)
    c, m = next((c, m) for c in rng.sample(clubs, len(clubs)) for m in g.o(c, "COMPETED_IN")
                if g.e(c, m, "maps_won") > 0)
    s.add("edge_property", f"How many maps did {N(c)} win in {N(m)}?", val(g.e(c, m, "maps_won")), 1)
    co = pick(coaches)
    cc = g.o(co, "COACHES")[0]
    s.add("edge_property", f"When did {N(co)} start coaching {N(cc)}?", val(g.e(co, cc, "since")), 1)
    s.add("edge_property", "How many player transfers were loan deals?",
          cnt(sum(bool(g.e(p, c, "on_loan")) for p in players for c in g.o(p, "SIGNED_FROM"))), 1)
    s.add("edge_property", "how many sponsorship deals are at the title tier",
          cnt(sum(g.e(x, c, "tier") == "title" for x in sponsors for c in g.o(x, "SPONSORS"))), 1)

    # ---- yes_no (8, half yes)
    def yn(text: str, v: bool, hops: int) -> None:
        s.add("yes_no", text, {"type": "bool", "value": v}, hops)

    p = pick(players)
    yn(f"Does {N(p)} play for {N(club_of(p))}?", True, 1)
    p = pick(players)
    other = pick([c for c in clubs if c != club_of(p) and c not in g.o(p, "SIGNED_FROM")])
    yn(f"does {N(p)} play for {N(other)}", False, 1)
    p = pick([p for p in players if mentor_of(p)])
    yn(f"Is {N(p)} mentored by {N(mentor_of(p))}?", True, 1)
    p = pick([p for p in players if mentor_of(p) and p != mentor_of(p)])
    yn(f"Did {N(p)} mentor {N(mentor_of(p))}?", False, 1)
    c = pick(clubs)
    yn(f"Is {N(c)} based in {N(g.o(c, 'BASED_IN')[0])}?", True, 1)
    t = pick([t for t in tourns if not g.a(t, "is_online")])
    yn(f"Was the {N(t)} an online event?", False, 0)
    c, m = next((c, m) for c in rng.sample(clubs, len(clubs)) for m in g.o(c, "COMPETED_IN") if g.e(c, m, "won"))
    yn(f"Did {N(c)} win {N(m)}?", True, 1)
    sp = pick(sponsors)
    c = pick([c for c in clubs if c not in g.o(sp, "SPONSORS")])
    yn(f"Does {N(sp)} sponsor {N(c)}?", False, 1)

    # ---- portfolio (3)
    p = pick([p for p in players if 4 <= len(g.neighbours(p)) <= 12])
    s.add("portfolio", f"Tell me everything about {N(p)}.", st(g.neighbours(p)), 1)
    sp = pick([x for x in sponsors if len(g.neighbours(x)) == 3])
    s.add("portfolio", f"what do we know about {N(sp)}", st(g.neighbours(sp)), 1)
    t = pick([t for t in tourns if 4 <= len(g.neighbours(t)) <= 12])
    s.add("portfolio", f"Give me an overview of everything connected to the {N(t)}.", st(g.neighbours(t)), 1)

    # ---- unknown (4)
    s.add("unknown", "Which club does Tobiah Grunwald play for?", {"type": "none"}, 1)
    s.add("unknown", "What is the prize pool of the Glimmerwood Invitational?", {"type": "none"}, 0)
    s.add("unknown", "who sponsors the Marigold Pelicans", {"type": "none"}, 1)
    s.add("unknown", "In which city is the Quokka Dynamo club based?", {"type": "none"}, 1)

    # ---- global (3)
    s.add("global", "How many different types of entities are in this graph?", cnt(len(g.by_type)), 0)
    s.add("global", "how many kinds of relationships does the schema define",
          cnt(len({d["type"] for _, _, d in g.g.edges(data=True)})), 0)
    s.add("global", "What is the total number of nodes in the graph?", cnt(g.g.number_of_nodes()), 0)
    return s.rows


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) == 3 else os.path.join(out_dir, "esports.graphml")
    rows = build(Graph(path))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "holdout.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
