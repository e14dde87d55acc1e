"""Hold-out questions for the byog4 film graph, gold computed straight from the GraphML file.

    python tests/byog4/questions.py OUTDIR [GRAPHML]

With no GRAPHML the graph is generated into OUTDIR first (tests/byog4/graph.py, default seed). Writes
OUTDIR/holdout.jsonl: one JSON object a line with ``id``, ``kind`` (lookup | relation | multi_hop | aggregate |
comparison | portfolio | unanswerable), ``form`` (what the question asks, finer than kind), ``hops``, ``question``
and ``gold`` (``{"type": "count"|"set"|"value"|"bool"|"none", ...}``, as core/evaluation/judges.py reads it).

The gold comes from the XML alone (xml.etree; no HopLens code): entities are picked by a seeded random choice
among those that make a well-posed question (lists of at most 12, a unique winner for superlatives, a count that
is not a number the question quotes).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path
from statistics import mean

QUESTION_SEED = 4014
NS = "{http://graphml.graphdrawing.org/xmlns}"


class Graph:
    """A property graph read from GraphML: ``nodes[id] = {"_type": label, **props}``, typed by the ``<key>``s."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {}
        for k in root.iter(f"{NS}key"):
            keys[(k.get("for"), k.get("id"))] = (k.get("attr.name"), k.get("attr.type", "string"))
        conv = {"int": int, "long": int, "double": float, "float": float, "string": str,
                "boolean": lambda s: s.strip().lower() == "true"}
        self.nodes: dict[str, dict] = {}
        self.out: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.inn: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        graph = root.find(f"{NS}graph")
        for el in graph.iter(f"{NS}node"):
            props = {}
            for d in el.iter(f"{NS}data"):
                name, typ = keys[("node", d.get("key"))]
                props[name] = conv[typ](d.text or "")
            props["_type"] = props.pop("labels").lstrip(":").split(":")[0]
            self.nodes[el.get("id")] = props
        for el in graph.iter(f"{NS}edge"):
            props = {}
            for d in el.iter(f"{NS}data"):
                name, typ = keys[("edge", d.get("key"))]
                props[name] = conv[typ](d.text or "")
            etype = props.pop("label")
            self.out[el.get("source")].append((etype, el.get("target"), props))
            self.inn[el.get("target")].append((etype, el.get("source"), props))

    def of(self, label: str) -> list[str]:
        return sorted((n for n, p in self.nodes.items() if p["_type"] == label), key=lambda x: int(x[1:]))

    def name(self, nid: str) -> str:
        p = self.nodes[nid]
        if "name" in p:
            return p["name"]
        if "first_name" in p:
            return f"{p['first_name']} {p['last_name']}"
        return p["title"]

    def succ(self, nid: str, etype: str) -> list[str]:
        return sorted({d for t, d, _ in self.out[nid] if t == etype}, key=lambda x: int(x[1:]))

    def pred(self, nid: str, etype: str) -> list[str]:
        return sorted({s for t, s, _ in self.inn[nid] if t == etype}, key=lambda x: int(x[1:]))

    def edge(self, src: str, etype: str, dst: str) -> dict | None:
        for t, d, p in self.out[src]:
            if t == etype and d == dst:
                return p
        return None

    def neighbours(self, nid: str) -> list[str]:
        ids = {d for _, d, _ in self.out[nid]} | {s for _, s, _ in self.inn[nid]}
        return sorted(ids, key=lambda x: int(x[1:]))

    def find(self, label: str, name: str) -> str:
        hits = [n for n in self.of(label) if self.name(n) == name]
        assert len(hits) == 1, (label, name, hits)
        return hits[0]


def many(g: Graph, ids, etype: str, forward: bool = True) -> list[str]:
    """One hop from a set of ids, as a sorted list."""
    out = set()
    for i in ids:
        out |= set(g.succ(i, etype) if forward else g.pred(i, etype))
    return sorted(out, key=lambda x: int(x[1:]))


# ---- gold records -------------------------------------------------------------------------------------------------


def gset(g: Graph, ids) -> dict:
    ids = sorted(set(ids), key=lambda x: int(x[1:]))
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def gcount(n: int) -> dict:
    return {"type": "count", "value": n}


def gvalue(v) -> dict:
    return {"type": "value", "value": v}


def gbool(b: bool) -> dict:
    return {"type": "bool", "value": bool(b)}


def unique_max(items: dict, key=lambda v: v, lowest: bool = False):
    """The single id with the highest (or lowest) key, or None when tied."""
    if not items:
        return None
    ranked = sorted(items.items(), key=lambda kv: key(kv[1]), reverse=not lowest)
    if len(ranked) > 1 and key(ranked[0][1]) == key(ranked[1][1]):
        return None
    return ranked[0][0]


def build_questions(g: Graph, seed: int = QUESTION_SEED) -> list[dict]:
    rng = random.Random(seed)
    qs: list[dict] = []
    used: set[str] = set()

    def ask(kind: str, form: str, hops: int, text: str, gold: dict) -> None:
        if gold["type"] == "count":  # the judge ignores numbers the question quotes
            quoted = {int(x) for x in re.findall(r"\d+", text)}
            assert gold["value"] not in quoted, text
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, (text, len(gold["ids"]))
        qs.append({"id": f"b4-{len(qs) + 1:03d}", "kind": kind, "form": form, "hops": hops, "question": text,
                   "gold": gold})

    def pick(cands, ok=lambda c: True):
        """A seeded choice among candidates that pass ``ok`` and were not an anchor before."""
        pool = [c for c in cands if c not in used and ok(c)]
        assert pool, "no candidate"
        c = rng.choice(pool)
        if isinstance(c, str):
            used.add(c)
        return c

    def N(nid: str) -> str:  # a display name as a sentence needs it ("the United States")
        name = g.name(nid)
        return f"the {name}" if g.nodes[nid]["_type"] == "Country" and name.startswith("United ") else name
    films, actors, directors = g.of("Film"), g.of("Actor"), g.of("Director")
    studios, genres, awards = g.of("Studio"), g.of("Genre"), g.of("Award")
    countries, composers = g.of("Country"), g.of("Composer")
    P = g.nodes

    def year(f):
        return int(P[f]["release_date"][:4])

    def directed(d):
        return g.succ(d, "DIRECTED")

    def cast(f):
        return g.pred(f, "ACTED_IN")

    def acted(a):
        return g.succ(a, "ACTED_IN")

    def made_by(s):
        return g.pred(s, "PRODUCED_BY")

    def born_here(c, label):
        return [x for x in g.pred(c, "BORN_IN") if P[x]["_type"] == label]

    # ---- whole-graph counts and filtered counts ----------------------------------------------------------------
    ask("aggregate", "whole_graph", 0, "How many films are in the graph?", gcount(len(films)))
    ask("aggregate", "whole_graph", 0, "how many actors r there in total", gcount(len(actors)))
    ask("aggregate", "filtered_count", 1, "How many award-winning films are there?",
        gcount(sum(1 for f in films if g.succ(f, "WON"))))
    by_year = defaultdict(list)
    for f in films:
        by_year[year(f)].append(f)
    y = pick(sorted(y for y, fs in by_year.items() if 8 <= len(fs) <= 30))
    ask("aggregate", "filtered_count", 0, f"How many movies came out in {y}?", gcount(len(by_year[y])))
    ask("aggregate", "filtered_count", 0, "How many PG-13 films are there?",
        gcount(sum(P[f]["rating"] == "PG-13" for f in films)))
    ask("aggregate", "filtered_count", 0, "Count the black and white films.",
        gcount(sum(P[f]["black_and_white"] for f in films)))
    ask("aggregate", "filtered_count", 0, "How many films run longer than 170 minutes?",
        gcount(sum(P[f]["runtime"] > 170 for f in films)))
    ask("aggregate", "filtered_count", 0, "how many studios are independent",
        gcount(sum(P[s]["independent"] for s in studios)))
    ask("aggregate", "filtered_count", 0, "How many actors were born before 1950?",
        gcount(sum(P[a]["birth_date"] < "1950-01-01" for a in actors)))
    ask("aggregate", "filtered_count", 0, "How many actors are no longer active?",
        gcount(sum(not P[a]["active"] for a in actors)))
    thr = g.find("Genre", "Thriller")
    ask("aggregate", "filtered_count", 1, "How many thrillers were released from 2011 onwards?",
        gcount(sum(year(f) >= 2011 for f in g.pred(thr, "IN_GENRE"))))

    # ---- counts over a relation ----------------------------------------------------------------------------------
    d = pick(directors, lambda d: 3 <= len(directed(d)) <= 15)
    ask("aggregate", "count", 1, f"How many films did {N(d)} direct?", gcount(len(directed(d))))
    f = pick(films)
    ask("aggregate", "count", 1, f"How many actors are in the cast of {N(f)}?", gcount(len(cast(f))))
    s = pick(studios, lambda s: 5 <= len(made_by(s)) <= 40)
    ask("aggregate", "count", 1, f"how many movies has {N(s)} produced?", gcount(len(made_by(s))))
    a = pick(actors, lambda a: 2 <= sum(g.edge(a, "ACTED_IN", f)["role_type"] == "lead" for f in acted(a)) <= 9
             and len(acted(a)) > sum(g.edge(a, "ACTED_IN", f)["role_type"] == "lead" for f in acted(a)))
    ask("aggregate", "edge_property", 1, f"In how many films did {N(a)} play a lead role?",
        gcount(sum(g.edge(a, "ACTED_IN", f)["role_type"] == "lead" for f in acted(a))))
    aw = pick(awards)
    ask("aggregate", "count", 1, f"How many times has the {N(aw)} been won?", gcount(len(g.pred(aw, "WON"))))

    def exclusive(s):
        return [a for a in g.pred(s, "SIGNED_WITH") if g.edge(a, "SIGNED_WITH", s)["exclusive"]]

    s = pick(studios, lambda s: 2 <= len(exclusive(s)) < len(g.pred(s, "SIGNED_WITH")))
    ask("aggregate", "edge_property", 1, f"How many actors are signed exclusively to {N(s)}?",
        gcount(len(exclusive(s))))
    # ---- totals and averages ------------------------------------------------------------------------------------
    d = pick(directors, lambda d: 2 <= len(directed(d)) <= 8)
    ask("aggregate", "total", 1, f"What is the total budget of the films {N(d)} directed?",
        gvalue(round(sum(P[f]["budget"] for f in directed(d)), 1)))
    ge = pick(genres, lambda x: len(g.pred(x, "IN_GENRE")) >= 10)
    ask("aggregate", "average", 1, f"Average runtime of {N(ge).lower()} films?",
        gvalue(round(mean(P[f]["runtime"] for f in g.pred(ge, "IN_GENRE")), 2)))
    s = pick(studios, lambda s: 3 <= len(made_by(s)) <= 25)
    ask("aggregate", "total", 1, f"What's the combined box office of all the films produced by {N(s)}?",
        gvalue(round(sum(P[f]["box_office"] for f in made_by(s)), 1)))
    a = pick(actors, lambda a: 3 <= len(acted(a)) <= 10)
    ask("aggregate", "edge_property", 1, f"How much has {N(a)} earned in fees across all of their roles?",
        gvalue(round(sum(g.edge(a, "ACTED_IN", f)["fee"] for f in acted(a)), 1)))
    ask("aggregate", "total", 0, "Total number of employees across all independent studios?",
        gvalue(sum(P[s]["employees"] for s in studios if P[s]["independent"])))

    # ---- one-hop lists and lookups by relation ------------------------------------------------------------------
    d = pick(directors, lambda d: 2 <= len(directed(d)) <= 8)
    ask("relation", "list", 1, f"Which films were directed by {N(d)}?", gset(g, directed(d)))
    f = pick(films, lambda f: len(g.pred(f, "DIRECTED")) == 1)
    ask("relation", "list", 1, f"Who was the directer of {N(f)}?", gset(g, g.pred(f, "DIRECTED")))
    f = pick(films, lambda f: len(g.succ(f, "IN_GENRE")) >= 2)
    ask("relation", "list", 1, f"What genres is {N(f)} in?", gset(g, g.succ(f, "IN_GENRE")))
    f = pick(films)
    ask("relation", "list", 1, f"Who's in the cast of {N(f)}?", gset(g, cast(f)))
    a = pick(actors, lambda a: 3 <= len(acted(a)) <= 10)
    ask("relation", "list", 1, f"Which moveis has {N(a)} appeared in?", gset(g, acted(a)))
    c = pick(countries, lambda c: 2 <= len(born_here(c, "Actor")) <= 12)
    ask("relation", "list", 1, f"Which actors were born in {N(c)}?", gset(g, born_here(c, "Actor")))
    f = pick(films, lambda f: len(g.succ(f, "WON")) >= 2)
    ask("relation", "list", 1, f"What awards did {N(f)} win?", gset(g, g.succ(f, "WON")))
    s = pick(studios, lambda s: 2 <= len(g.pred(s, "SIGNED_WITH")) <= 12)
    ask("relation", "list", 1, f"Which actors are under contract with {N(s)}?", gset(g, g.pred(s, "SIGNED_WITH")))
    sq = pick(films, lambda f: g.succ(f, "SEQUEL_OF") and len(N(f).split()) >= 3)
    ask("relation", "self_forward", 1, f"{N(sq)} is a sequel to which film?", gset(g, g.succ(sq, "SEQUEL_OF")))
    orig = pick(films, lambda f: g.pred(f, "SEQUEL_OF") and not g.succ(f, "SEQUEL_OF"))
    ask("relation", "self_reverse", 1, f"What's the sequel to {N(orig)}?", gset(g, g.pred(orig, "SEQUEL_OF")))
    d = pick(directors)
    ask("relation", "list", 1, f"Where was {N(d)} born?", gset(g, g.succ(d, "BORN_IN")))

    # ---- multi-hop -------------------------------------------------------------------------------------------------
    def costars_of_director(d):
        return many(g, directed(d), "ACTED_IN", forward=False)

    d = pick(directors, lambda d: 2 <= len(costars_of_director(d)) <= 12)
    ask("multi_hop", "two_hop", 2, f"Which actors have worked with {N(d)}?", gset(g, costars_of_director(d)))
    a = pick(actors, lambda a: 2 <= len(many(g, acted(a), "IN_GENRE")) <= 6 and len(acted(a)) >= 2)
    ask("multi_hop", "two_hop", 2, f"what genres has {N(a)} acted in", gset(g, many(g, acted(a), "IN_GENRE")))
    a = pick(actors, lambda a: 2 <= len(many(g, acted(a), "PRODUCED_BY")) <= 8)
    ask("multi_hop", "two_hop", 2, f"Which studios have produced films starring {N(a)}?",
        gset(g, many(g, acted(a), "PRODUCED_BY")))
    s = pick(studios, lambda s: 2 <= len(many(g, made_by(s), "DIRECTED", False)) <= 12)
    ask("multi_hop", "two_hop", 2, f"Which directors have made films for {N(s)}?",
        gset(g, many(g, made_by(s), "DIRECTED", False)))
    f = pick(films, lambda f: len(many(g, cast(f), "BORN_IN")) >= 2)
    ask("multi_hop", "two_hop", 2, f"In which countries were the actors of {N(f)} born?",
        gset(g, many(g, cast(f), "BORN_IN")))
    d = pick(directors, lambda d: 1 <= len(many(g, directed(d), "WON")) <= 6)
    ask("multi_hop", "two_hop", 2, f"Which awards have films by {N(d)} won?", gset(g, many(g, directed(d), "WON")))
    orig = pick(films, lambda f: g.pred(f, "SEQUEL_OF") and not g.succ(f, "SEQUEL_OF"))
    ask("multi_hop", "self_two_hop", 2, f"Who directed the sequel to {N(orig)}?",
        gset(g, many(g, g.pred(orig, "SEQUEL_OF"), "DIRECTED", False)))
    sq = pick(films, lambda f: g.succ(f, "SEQUEL_OF"))
    ask("multi_hop", "self_two_hop", 2, f"Which actors starred in the film that {N(sq)} is a sequel of?",
        gset(g, many(g, g.succ(sq, "SEQUEL_OF"), "ACTED_IN", False)))

    def costar_countries(a):
        co = set(many(g, acted(a), "ACTED_IN", False)) - {a}
        return many(g, co, "BORN_IN")

    a = pick(actors, lambda a: 2 <= len(costar_countries(a)) <= 8)
    ask("multi_hop", "three_hop", 3, f"Which countries were {N(a)}'s co-stars born in?",
        gset(g, costar_countries(a)))

    def awards_by_director_country(c):
        return many(g, many(g, born_here(c, "Director"), "DIRECTED"), "WON")

    c = pick(countries, lambda c: 1 <= len(awards_by_director_country(c)) <= 8)
    ask("multi_hop", "three_hop", 3,
        f"Which awards were won by films whose director was born in {N(c)}?", gset(g, awards_by_director_country(c)))

    def directors_of_signed(s):
        return many(g, many(g, g.pred(s, "SIGNED_WITH"), "ACTED_IN"), "DIRECTED", False)

    s = pick(studios, lambda s: 2 <= len(directors_of_signed(s)) <= 12)
    ask("multi_hop", "three_hop", 3, f"which directors have directed actors that are signed with {N(s)}?",
        gset(g, directors_of_signed(s)))

    def studio_countries_of_actor_country(c):
        return many(g, many(g, many(g, born_here(c, "Actor"), "ACTED_IN"), "PRODUCED_BY"), "BASED_IN")

    c = pick(countries, lambda c: 2 <= len(studio_countries_of_actor_country(c)) <= 12)
    ask("multi_hop", "four_hop", 4,
        f"Which countries are home to the studios behind films starring actors born in {N(c)}?",
        gset(g, studio_countries_of_actor_country(c)))

    def sequel_director_countries(s):
        return many(g, many(g, many(g, made_by(s), "SEQUEL_OF", False), "DIRECTED", False), "BORN_IN")

    s = pick(studios, lambda s: 1 <= len(sequel_director_countries(s)) <= 6)
    ask("multi_hop", "four_hop", 4,
        f"Where were the directors born who directed sequels to films produced by {N(s)}?",
        gset(g, sequel_director_countries(s)))

    def director_countries_of_studio_country(c):
        return many(g, many(g, many(g, g.pred(c, "BASED_IN"), "PRODUCED_BY", False), "DIRECTED", False),
                    "BORN_IN")

    c = pick(countries, lambda c: 2 <= len(director_countries_of_studio_country(c)) <= 12)
    ask("multi_hop", "four_hop", 4,
        f"The directors of films made by studios based in {N(c)}: which countries were they born in?",
        gset(g, director_countries_of_studio_country(c)))

    # ---- superlatives ---------------------------------------------------------------------------------------------
    w = unique_max({d: len(directed(d)) for d in directors})
    assert w
    ask("comparison", "most_count", 1, "Which director has directed the most films?", gset(g, [w]))
    w = unique_max({f: P[f]["box_office"] for f in films})
    assert w
    ask("comparison", "highest_attr", 0, "Which film grossed the most at the box office overall?", gset(g, [w]))
    s = pick(studios, lambda s: len(made_by(s)) >= 3 and unique_max(
        {f: P[f]["release_date"] for f in made_by(s)}, lowest=True))
    ask("comparison", "earliest_date", 1, f"What's the earliest film produced by {N(s)}?",
        gset(g, [unique_max({f: P[f]["release_date"] for f in made_by(s)}, lowest=True)]))
    w = unique_max({a: len(acted(a)) for a in actors})
    assert w
    ask("comparison", "most_count", 1, "Which actor has appeared in the most films?", gset(g, [w]))
    w = unique_max({s: P[s]["founded"] for s in studios}, lowest=True)
    assert w
    ask("comparison", "lowest_attr", 0, "Which studio is the oldest, i.e. was founded first?", gset(g, [w]))
    w = unique_max({x: len(g.pred(x, "IN_GENRE")) for x in genres}, lowest=True)
    assert w
    ask("comparison", "fewest_count", 1, "Which genre has the fewest films?", gset(g, [w]))
    d = pick(directors, lambda d: len(directed(d)) >= 3 and unique_max({f: P[f]["budget"] for f in directed(d)}))
    ask("comparison", "highest_attr", 1, f"Which of {N(d)}'s films had the biggest budget?",
        gset(g, [unique_max({f: P[f]["budget"] for f in directed(d)})]))
    f = pick(films, lambda f: len(cast(f)) >= 4 and unique_max({a: P[a]["birth_date"] for a in cast(f)}))
    ask("comparison", "latest_date", 1, f"Who is the youngest actor in the cast of {N(f)}?",
        gset(g, [unique_max({a: P[a]["birth_date"] for a in cast(f)})]))
    w = unique_max({x: len(g.pred(x, "WON")) for x in awards})
    assert w
    ask("comparison", "most_count", 1, "Which award has been won most often?", gset(g, [w]))
    w = unique_max({c: len(g.pred(c, "BASED_IN")) for c in countries})
    assert w
    ask("comparison", "most_count", 1, "Which country are the most studios based in?", gset(g, [w]))
    a = pick(actors, lambda a: len(acted(a)) >= 3 and unique_max({f: P[f]["release_date"] for f in acted(a)}))
    ask("comparison", "latest_date", 1, f"What is {N(a)}'s most recent film?",
        gset(g, [unique_max({f: P[f]["release_date"] for f in acted(a)})]))
    # ---- attribute and edge-property lookups -----------------------------------------------------------------------
    f = pick(films)
    ask("lookup", "attribute", 0, f"When was {N(f)} released?", gvalue(P[f]["release_date"]))
    f = pick(films)
    ask("lookup", "attribute", 0, f"What is the runtime of {N(f)}?", gvalue(P[f]["runtime"]))
    s = pick(studios)
    ask("lookup", "attribute", 0, f"What year was {N(s)} founded?", gvalue(P[s]["founded"]))
    f = pick(films, lambda f: P[f]["rating"] != "R")
    ask("lookup", "attribute", 0, f"{N(f)} -- what's it rated?", gvalue(P[f]["rating"]))
    f = pick(films, lambda f: len(g.succ(f, "WON")) == 1)
    aw = g.succ(f, "WON")[0]
    ask("lookup", "edge_property", 1, f"In what year did {N(f)} win the {N(aw)}?",
        gvalue(g.edge(f, "WON", aw)["year"]))
    f = pick(films, lambda f: len(g.succ(f, "WON")) == 1)
    aw = g.succ(f, "WON")[0]
    ask("lookup", "edge_property", 1, f"Which category was {N(f)}'s {N(aw)} in?",
        gvalue(g.edge(f, "WON", aw)["category"]))
    a = pick(actors, lambda a: len(g.succ(a, "SIGNED_WITH")) == 1)
    s = g.succ(a, "SIGNED_WITH")[0]
    ask("lookup", "edge_property", 1, f"Since when has {N(a)} been signed with {N(s)}?",
        gvalue(g.edge(a, "SIGNED_WITH", s)["since"]))
    a = pick(actors, lambda a: any(g.edge(a, "ACTED_IN", f)["role_type"] == "supporting" for f in acted(a)))
    f = rng.choice([f for f in acted(a) if g.edge(a, "ACTED_IN", f)["role_type"] == "supporting"])
    ask("lookup", "edge_property", 1, f"What kind of role did {N(a)} have in {N(f)}?",
        gvalue(g.edge(a, "ACTED_IN", f)["role_type"]))

    # ---- yes / no ------------------------------------------------------------------------------------------------
    d = pick(directors, lambda d: len(directed(d)) >= 2)
    f = rng.choice(directed(d))
    ask("relation", "yes_no", 1, f"Did {N(d)} direct {N(f)}?", gbool(True))
    s = pick(studios, lambda s: not P[s]["independent"])
    ask("lookup", "yes_no", 0, f"Is {N(s)} an independent studio?", gbool(P[s]["independent"]))
    ge = g.find("Genre", "Horror")
    a = pick(actors, lambda a: len(acted(a)) >= 3)
    in_horror = ge in many(g, acted(a), "IN_GENRE")
    ask("multi_hop", "yes_no", 2, f"Has {N(a)} ever been in a horror film?", gbool(in_horror))
    f = pick(films, lambda f: len(g.succ(f, "PRODUCED_BY")) == 1)
    s = rng.choice([s for s in studios if s not in g.succ(f, "PRODUCED_BY")])
    ask("relation", "yes_no", 1, f"Was {N(f)} produced by {N(s)}?", gbool(False))
    sq = pick(films, lambda f: g.succ(f, "SEQUEL_OF"))
    ask("relation", "yes_no", 1, f"Is {N(sq)} a sequel of {N(g.succ(sq, 'SEQUEL_OF')[0])}?", gbool(True))

    # ---- portfolio (gold = direct neighbours) -----------------------------------------------------------------------
    d = pick(directors, lambda d: 3 <= len(g.neighbours(d)) <= 8)
    ask("portfolio", "portfolio", 1, f"Tell me everything about {N(d)}.", gset(g, g.neighbours(d)))
    cm = pick(composers, lambda c: 3 <= len(g.neighbours(c)) <= 8)
    ask("portfolio", "portfolio", 1, f"Give me an overview of the composer {N(cm)}.", gset(g, g.neighbours(cm)))
    a = pick(actors, lambda a: 4 <= len(g.neighbours(a)) <= 9)
    ask("portfolio", "portfolio", 1, f"what do we know about {N(a)}?", gset(g, g.neighbours(a)))
    f = pick(films, lambda f: 6 <= len(g.neighbours(f)) <= 12)
    ask("portfolio", "portfolio", 1, f"Show me all the connections of {N(f)}.", gset(g, g.neighbours(f)))

    # ---- names not in the graph --------------------------------------------------------------------------------
    every = {g.name(n).lower() for n in g.nodes}
    unknown = [("Who directed The Porcelain Nebula?", "The Porcelain Nebula"),
               ("How many films has Zelda Okonkwo-Brandt acted in?", "Zelda Okonkwo-Brandt"),
               ("Which films did Paragon Vista Studios produce?", "Paragon Vista Studios"),
               ("Where was the director Bartholomew Quince born?", "Bartholomew Quince"),
               ("What awards has Saffron Cathedral won?", "Saffron Cathedral")]
    for text, name in unknown:
        assert not any(name.lower() in x or x in name.lower() for x in every if len(x) > 6), name
        ask("unanswerable", "unknown_name", 0, text, {"type": "none"})
    return qs


def write(outdir: Path, graphml: Path | None = None) -> Path:
    outdir.mkdir(parents=True, exist_ok=True)
    if graphml is None:
        spec = importlib.util.spec_from_file_location("byog4_graph", Path(__file__).resolve().parent / "graph.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)  # tests/byog4/graph.py (loaded by path: other test folders have a graph.py)
        graphml = mod.generate(outdir)
    qs = build_questions(Graph(graphml))
    path = outdir / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args()
    path = write(args.outdir, args.graphml)
    n = sum(1 for _ in path.open(encoding="utf-8"))
    print(f"{path}: {n} questions")


if __name__ == "__main__":
    main()
