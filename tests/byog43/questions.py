"""Hold-out questions over the byog43 orchestra graph.

Usage: python tests/byog43/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl

Reads only the GraphML file graph.py wrote (default OUT_DIR/orchestra.graphml) and computes every gold from it.
Deterministic: subjects are drawn with random.Random(43) from id-sorted candidate lists.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import networkx as nx

RNG_SEED = 43


def _idkey(i: str) -> tuple[str, int]:
    t, _, n = i.rpartition("-")
    return t, int(n)


class G:
    def __init__(self, path: Path):
        g = nx.read_graphml(path)
        self.nodes: dict[str, dict] = {n: dict(d) for n, d in g.nodes(data=True)}
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.edge: dict[tuple[str, str, str], dict] = {}
        self.edges: list[tuple[str, str, str, dict]] = []
        for s, t, d in g.edges(data=True):
            et = d["label"]
            self.out[(s, et)].append(t)
            self.inn[(t, et)].append(s)
            self.edge[(s, et, t)] = dict(d)
            self.edges.append((s, et, t, dict(d)))
        for k in self.out:
            self.out[k].sort(key=_idkey)
        for k in self.inn:
            self.inn[k].sort(key=_idkey)

    def of(self, t: str) -> list[str]:
        return sorted((n for n, d in self.nodes.items() if d["label"] == t), key=_idkey)

    def name(self, n: str) -> str:
        d = self.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def o(self, ns, et: str) -> list[str]:
        ns = [ns] if isinstance(ns, str) else ns
        return sorted({t for n in ns for t in self.out.get((n, et), [])}, key=_idkey)

    def i(self, ns, et: str) -> list[str]:
        ns = [ns] if isinstance(ns, str) else ns
        return sorted({s for n in ns for s in self.inn.get((n, et), [])}, key=_idkey)


def _set(g: G, ids) -> dict:
    ids = sorted(set(ids), key=_idkey)
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def _unique_top(g: G, ids, score: Callable[[str], float], lowest: bool = False) -> str | None:
    vals = [(score(i), i) for i in ids]
    if len(vals) < 2:
        return None
    vals.sort(reverse=not lowest)
    if vals[0][0] == vals[1][0]:
        return None
    return vals[0][1]


class Builder:
    def __init__(self, g: G):
        self.g = g
        self.rng = random.Random(RNG_SEED)
        self.items: list[dict] = []

    def pick(self, cands: list, ok: Callable) -> object:
        cands = list(cands)
        self.rng.shuffle(cands)
        for c in cands:
            r = ok(c)
            if r:
                return c, r
        raise RuntimeError("no candidate fits")

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        self.items.append({"kind": kind, "question": question, "gold": gold, "hops": hops})


def _fits(gold_ids) -> bool:
    return 1 <= len(set(gold_ids)) <= 12


def build(g: G) -> list[dict]:  # noqa: C901 - one straight list of question families
    b = Builder(g)
    N = g.name
    orch, mus, cond, comp = g.of("Orchestra"), g.of("Musician"), g.of("Conductor"), g.of("Composer")
    works, concerts, venues = g.of("Work"), g.of("Concert"), g.of("Venue")
    recs, labels, fests = g.of("Recording"), g.of("Label"), g.of("Festival")
    A = lambda n, k: g.nodes[n][k]  # noqa: E731

    # ---- count
    b.add("count", "How many musicians are there in total?", {"type": "count", "value": len(mus)}, 0)
    b.add("count", "how many concert venues do we have", {"type": "count", "value": len(venues)}, 0)
    b.add("count", "What's the total number of compositions in the catalogue?",
          {"type": "count", "value": len(works)}, 0)
    b.add("count", "Number of record labels?", {"type": "count", "value": len(labels)}, 0)
    b.add("count", "Count the music festivals.", {"type": "count", "value": len(fests)}, 0)

    # ---- filtered_count
    b.add("filtered_count", "How many cellists are there?",
          {"type": "count", "value": sum(A(m, "instrument") == "cello" for m in mus)}, 1)
    b.add("filtered_count", "how many of the venues are open-air",
          {"type": "count", "value": sum(bool(A(v, "is_outdoor")) for v in venues)}, 1)
    b.add("filtered_count", "How many concerts were sold out?",
          {"type": "count", "value": sum(bool(A(c, "sold_out")) for c in concerts)}, 1)
    b.add("filtered_count", "How many works were composed before 1850?",
          {"type": "count", "value": sum(A(w, "year_composed") < 1850 for w in works)}, 1)
    o, _ = b.pick(orch, lambda x: len(g.i(x, "PLAYS_IN")) > 0)
    b.add("filtered_count", f"How many players does the {N(o)} have?",
          {"type": "count", "value": len(g.i(o, "PLAYS_IN"))}, 1)
    v, _ = b.pick(venues, lambda x: len(g.i(x, "HELD_AT")) > 0)
    b.add("filtered_count", f"how many concerts took place at {N(v)}?",
          {"type": "count", "value": len(g.i(v, "HELD_AT"))}, 1)
    b.add("filtered_count", "How many composers belong to the Romantic era?",
          {"type": "count", "value": sum(A(c, "era") == "Romantic" for c in comp)}, 1)
    b.add("filtered_count", "How many recordings were issued on vinyl?",
          {"type": "count", "value": sum(A(r, "format") == "vinyl" for r in recs)}, 1)
    b.add("filtered_count", "How many concerts were given in 2019?",
          {"type": "count", "value": sum(A(c, "date").startswith("2019-") for c in concerts)}, 1)
    c, _ = b.pick(comp, lambda x: len(g.i(x, "WRITTEN_BY")) >= 2)
    b.add("filtered_count", f"How many pieces did {N(c)} compose?",
          {"type": "count", "value": len(g.i(c, "WRITTEN_BY"))}, 1)

    # ---- list
    o, r = b.pick(orch, lambda x: _fits(g.i(x, "LEADS")) and g.i(x, "LEADS"))
    b.add("list", f"Which conductors hold an appointment with the {N(o)}?", _set(g, r), 1)
    c, r = b.pick(comp, lambda x: len(g.i(x, "WRITTEN_BY")) >= 3 and _fits(g.i(x, "WRITTEN_BY"))
                  and g.i(x, "WRITTEN_BY"))
    b.add("list", f"List the works written by {N(c)}.", _set(g, r), 1)
    city, r = b.pick(sorted({A(x, "city") for x in venues}),
                     lambda cy: (lambda s: len(s) >= 2 and _fits(s) and s)([x for x in venues if A(x, "city") == cy]))
    b.add("list", f"Which venues are located in {city}?", _set(g, r), 1)
    o, r = b.pick(orch, lambda x: len(g.o(x, "APPEARS_AT")) >= 2 and _fits(g.o(x, "APPEARS_AT"))
                  and g.o(x, "APPEARS_AT"))
    b.add("list", f"show me the festivals the {N(o)} has appeared at", _set(g, r), 1)
    lb, r = b.pick(labels, lambda x: len(g.i(x, "RELEASED_ON")) >= 3 and _fits(g.i(x, "RELEASED_ON"))
                   and g.i(x, "RELEASED_ON"))
    b.add("list", f"Which albums did {N(lb)} put out?", _set(g, r), 1)
    k, r = b.pick(concerts, lambda x: len(g.o(x, "FEATURES")) >= 3 and g.o(x, "FEATURES"))
    b.add("list", f"what was on the programme at the {N(k)}?", _set(g, r), 1)
    r = [x for x in labels if A(x, "is_independent")]
    assert _fits(r)
    b.add("list", "Give me all the independent record labels", _set(g, r), 1)

    # ---- multihop
    k, r = b.pick(concerts, lambda x: _fits(g.o(g.o(x, "FEATURES"), "WRITTEN_BY"))
                  and len(g.o(x, "FEATURES")) >= 3 and g.o(g.o(x, "FEATURES"), "WRITTEN_BY"))
    b.add("multihop", f"Who composed the pieces performed at the {N(k)}?", _set(g, r), 2)
    o, r = b.pick(orch, lambda x: _fits(g.o(g.i(x, "PERFORMED_BY"), "HELD_AT"))
                  and g.o(g.i(x, "PERFORMED_BY"), "HELD_AT"))
    b.add("multihop", f"In which venues has the {N(o)} performed?", _set(g, r), 2)
    m, r = b.pick(mus, lambda x: _fits(g.o(g.o(x, "STUDIED_WITH"), "STUDIED_WITH"))
                  and g.o(g.o(x, "STUDIED_WITH"), "STUDIED_WITH"))
    b.add("multihop", f"who were the teachers of {N(m)}'s teachers?", _set(g, r), 2)
    m, r = b.pick(mus, lambda x: _fits(g.i(g.i(x, "STUDIED_WITH"), "STUDIED_WITH"))
                  and g.i(g.i(x, "STUDIED_WITH"), "STUDIED_WITH"))
    b.add("multihop", f"Which musicians studied with someone who was a pupil of {N(m)}?", _set(g, r), 2)
    m, r = b.pick(mus, lambda x: len(g.o(x, "STUDIED_WITH")) >= 2 and _fits(g.o(g.o(x, "STUDIED_WITH"), "PLAYS_IN"))
                  and g.o(g.o(x, "STUDIED_WITH"), "PLAYS_IN"))
    b.add("multihop", f"Which orchestras do {N(m)}'s teachers play in?", _set(g, r), 2)
    m, r = b.pick(mus, lambda x: len(g.i(x, "STUDIED_WITH")) >= 2 and _fits(g.o(g.i(x, "STUDIED_WITH"), "PLAYS_IN"))
                  and g.o(g.i(x, "STUDIED_WITH"), "PLAYS_IN"))
    b.add("multihop", f"what orchestras have students of {N(m)} joined", _set(g, r), 2)
    o, r = b.pick(orch, lambda x: _fits(g.o(g.i(x, "RECORDED_BY"), "RELEASED_ON"))
                  and g.o(g.i(x, "RECORDED_BY"), "RELEASED_ON"))
    b.add("multihop", f"What labels have released recordings by the {N(o)}?", _set(g, r), 2)
    o, r = b.pick(orch, lambda x: _fits(g.o(g.o(g.i(x, "RECORDED_BY"), "INCLUDES"), "WRITTEN_BY"))
                  and g.o(g.o(g.i(x, "RECORDED_BY"), "INCLUDES"), "WRITTEN_BY"))
    b.add("multihop", f"Which composers' music has the {N(o)} recorded?", _set(g, r), 3)
    v, r = b.pick(venues, lambda x: len(g.i(x, "HELD_AT")) >= 2 and _fits(g.o(g.i(x, "HELD_AT"), "CONDUCTED_BY"))
                  and g.o(g.i(x, "HELD_AT"), "CONDUCTED_BY"))
    b.add("multihop", f"Which conductors have stood on the podium at {N(v)}?", _set(g, r), 2)
    c, r = b.pick(cond, lambda x: _fits(g.o(g.o(x, "LEADS"), "APPEARS_AT")) and g.o(g.o(x, "LEADS"), "APPEARS_AT"))
    b.add("multihop", f"At which festivals have the orchestras where {N(c)} holds a post appeared?", _set(g, r), 2)
    m, r = b.pick(mus, lambda x: _fits(g.o(g.i(g.o(g.o(x, "STUDIED_WITH"), "PLAYS_IN"), "RECORDED_BY"),
                                           "RELEASED_ON"))
                  and g.o(g.i(g.o(g.o(x, "STUDIED_WITH"), "PLAYS_IN"), "RECORDED_BY"), "RELEASED_ON"))
    b.add("multihop", f"Which record labels have released albums made by the orchestras where {N(m)}'s teachers "
          "play?", _set(g, r), 4)
    m, r = b.pick(mus, lambda x: _fits(g.o(g.o(g.o(g.o(x, "STUDIED_WITH"), "STUDIED_WITH"), "PLAYS_IN"),
                                           "APPEARS_AT"))
                  and g.o(g.o(g.o(g.o(x, "STUDIED_WITH"), "STUDIED_WITH"), "PLAYS_IN"), "APPEARS_AT"))
    b.add("multihop", f"what festivals have the orchestras of the teachers of {N(m)}'s teachers appeared at?",
          _set(g, r), 4)
    m, r = b.pick(mus, lambda x: len(g.i(x, "STUDIED_WITH")) >= 2
                  and _fits(g.i(g.o(g.i(x, "STUDIED_WITH"), "PLAYS_IN"), "LEADS"))
                  and g.i(g.o(g.i(x, "STUDIED_WITH"), "PLAYS_IN"), "LEADS"))
    b.add("multihop", f"Which conductors hold posts at the orchestras that {N(m)}'s former students play in?", _set(g, r), 3)
    f, r = b.pick(fests, lambda x: g.i(g.i(x, "APPEARS_AT"), "PLAYS_IN"))
    b.add("multihop", f"How many different musicians play in orchestras that have appeared at the {N(f)}?",
          {"type": "count", "value": len(r)}, 2)

    # ---- superlative
    x = _unique_top(g, venues, lambda n: A(n, "capacity"))
    b.add("superlative", "Which venue has the largest seating capacity?", _set(g, [x]), 1)
    x = _unique_top(g, orch, lambda n: A(n, "founded_year"), lowest=True)
    b.add("superlative", "What is the oldest orchestra (earliest founding year)?", _set(g, [x]), 1)
    x = _unique_top(g, mus, lambda n: A(n, "audition_score"))
    b.add("superlative", "who has the highest audition score of all the musicians", _set(g, [x]), 1)
    x = _unique_top(g, comp, lambda n: len(g.i(n, "WRITTEN_BY")))
    b.add("superlative", "Which composer wrote the most works?", _set(g, [x]), 2)
    for text, ids, fn in (
        ("Which venue has hosted the greatest number of concerts?", venues, lambda n: len(g.i(n, "HELD_AT"))),
        ("Which conductor has conducted the most concerts?", cond, lambda n: len(g.i(n, "CONDUCTED_BY"))),
        ("Which label has released the largest number of recordings?", labels,
         lambda n: len(g.i(n, "RELEASED_ON"))),
    ):
        x = _unique_top(g, ids, fn)
        if x:
            b.add("superlative", text, _set(g, [x]), 2)
            break
    for text, ids, fn in (
        ("Which musician has taught the most students?", mus, lambda n: len(g.i(n, "STUDIED_WITH"))),
        ("Which orchestra has the most members?", orch, lambda n: len(g.i(n, "PLAYS_IN"))),
    ):
        x = _unique_top(g, ids, fn)
        if x:
            b.add("superlative", text, _set(g, [x]), 2)
            break
    x = _unique_top(g, orch, lambda n: sum(A(k, "attendance") for k in g.i(n, "PERFORMED_BY")))
    b.add("superlative", "Which orchestra drew the biggest total audience across all its concerts?",
          _set(g, [x]), 2)
    o, x = b.pick(orch, lambda n: _unique_top(g, g.i(n, "PLAYS_IN"), lambda m: A(m, "audition_score")))
    b.add("superlative", f"Among the members of the {N(o)}, who scored highest at audition?", _set(g, [x]), 2)
    c, x = b.pick(comp, lambda n: _unique_top(g, g.i(n, "WRITTEN_BY"), lambda w: A(w, "duration_min")))
    b.add("superlative", f"what's the longest piece {N(c)} wrote", _set(g, [x]), 2)
    v, x = b.pick(venues, lambda n: _unique_top(g, g.i(n, "HELD_AT"), lambda k: A(k, "attendance")))
    b.add("superlative", f"Which concert at {N(v)} had the biggest crowd?", _set(g, [x]), 2)

    # ---- aggregate
    city = sorted({A(n, "city") for n in venues})[3]
    b.add("aggregate", f"What is the combined seating capacity of all venues in {city}?",
          {"type": "value", "value": sum(A(n, "capacity") for n in venues if A(n, "city") == city)}, 1)
    v, _ = b.pick(venues, lambda n: len(g.i(n, "HELD_AT")) >= 3)
    ks = g.i(v, "HELD_AT")
    b.add("aggregate", f"average ticket price for concerts at {N(v)}?",
          {"type": "value", "value": round(sum(A(k, "ticket_price") for k in ks) / len(ks), 2)}, 2)
    o, _ = b.pick(orch, lambda n: len(g.i(n, "PERFORMED_BY")) >= 3)
    b.add("aggregate", f"What was the total attendance at concerts played by the {N(o)}?",
          {"type": "value", "value": sum(A(k, "attendance") for k in g.i(o, "PERFORMED_BY"))}, 2)
    c, _ = b.pick(comp, lambda n: len(g.i(n, "WRITTEN_BY")) >= 3)
    ws = g.i(c, "WRITTEN_BY")
    b.add("aggregate", f"On average, how long (in minutes) are the works by {N(c)}?",
          {"type": "value", "value": round(sum(A(w, "duration_min") for w in ws) / len(ws), 2)}, 2)
    o, _ = b.pick(orch, lambda n: len(g.i(n, "PLAYS_IN")) >= 5)
    ms = g.i(o, "PLAYS_IN")
    b.add("aggregate", f"What's the mean audition score of the {N(o)}'s musicians?",
          {"type": "value", "value": round(sum(A(m, "audition_score") for m in ms) / len(ms), 2)}, 2)

    # ---- edge_property
    lead_edges = sorted(((s, t) for s, et, t, _ in g.edges if et == "LEADS"), key=lambda p: (_idkey(p[0]), _idkey(p[1])))
    (c, o), _ = b.pick(lead_edges, lambda p: True)
    b.add("edge_property", f"When did {N(c)} take up the post at the {N(o)}?",
          {"type": "value", "value": g.edge[(c, "LEADS", o)]["start_date"]}, 1)
    (c, o), _ = b.pick(lead_edges, lambda p: g.edge[(p[0], "LEADS", p[1])]["role"] != "music director")
    b.add("edge_property", f"What position does {N(c)} hold at the {N(o)}?",
          {"type": "value", "value": g.edge[(c, "LEADS", o)]["role"]}, 1)
    app = sorted(((s, t) for s, et, t, _ in g.edges if et == "APPEARS_AT"), key=lambda p: (_idkey(p[0]), _idkey(p[1])))
    (o, f), _ = b.pick(app, lambda p: True)
    b.add("edge_property", f"What fee (in thousands of dollars) did the {N(o)} get for appearing at {N(f)}?",
          {"type": "value", "value": g.edge[(o, "APPEARS_AT", f)]["fee_kusd"]}, 1)
    mem = sorted(((s, t) for s, et, t, _ in g.edges if et == "PLAYS_IN"), key=lambda p: (_idkey(p[0]), _idkey(p[1])))
    (m, o), _ = b.pick(mem, lambda p: True)
    b.add("edge_property", f"Since what year has {N(m)} been with the {N(o)}?",
          {"type": "value", "value": g.edge[(m, "PLAYS_IN", o)]["since_year"]}, 1)
    sw = sorted(((s, t) for s, et, t, _ in g.edges if et == "STUDIED_WITH"), key=lambda p: (_idkey(p[0]), _idkey(p[1])))
    (s, t), _ = b.pick(sw, lambda p: True)
    b.add("edge_property", f"for how many years did {N(s)} study with {N(t)}",
          {"type": "value", "value": g.edge[(s, "STUDIED_WITH", t)]["years"]}, 1)
    rel = sorted(((s, t) for s, et, t, _ in g.edges if et == "RELEASED_ON"), key=lambda p: (_idkey(p[0]), _idkey(p[1])))
    (r, lb), _ = b.pick(rel, lambda p: True)
    b.add("edge_property", f"What royalty percentage does {N(lb)} pay on {N(r)}?",
          {"type": "value", "value": g.edge[(r, "RELEASED_ON", lb)]["royalty_pct"]}, 1)
    o, n = b.pick(orch, lambda x: sum(bool(g.edge[(m, "PLAYS_IN", x)]["is_principal"]) for m in g.i(x, "PLAYS_IN")))
    b.add("edge_property", f"How many principal players does the {N(o)} have?", {"type": "count", "value": n}, 1)

    # ---- yes_no
    (s, t), _ = b.pick(sw, lambda p: True)
    b.add("yes_no", f"Did {N(s)} study with {N(t)}?", {"type": "bool", "value": True}, 1)
    s, t = b.pick(mus[300:], lambda x: next((y for y in mus[:200] if y not in g.o(x, "STUDIED_WITH")), None))
    b.add("yes_no", f"has {N(s)} ever been a pupil of {N(t)}", {"type": "bool", "value": False}, 1)
    (m, o), _ = b.pick(mem, lambda p: True)
    b.add("yes_no", f"Is {N(m)} a member of the {N(o)}?", {"type": "bool", "value": True}, 1)
    m, o = b.pick(mus, lambda x: next((y for y in orch if y not in g.o(x, "PLAYS_IN")), None))
    b.add("yes_no", f"Does {N(m)} play in the {N(o)}?", {"type": "bool", "value": False}, 1)
    w, _ = b.pick(works, lambda x: True)
    b.add("yes_no", f"Was {N(w)} written by {N(g.o(w, 'WRITTEN_BY')[0])}?", {"type": "bool", "value": True}, 1)
    w, c = b.pick(works, lambda x: next((y for y in comp if y not in g.o(x, "WRITTEN_BY")), None))
    b.add("yes_no", f"is {N(w)} a composition by {N(c)}?", {"type": "bool", "value": False}, 1)
    (o, f), _ = b.pick(app, lambda p: True)
    b.add("yes_no", f"Has the {N(o)} appeared at the {N(f)}?", {"type": "bool", "value": True}, 1)
    o, f = b.pick(orch, lambda x: next((y for y in fests if y not in g.o(x, "APPEARS_AT")), None))
    b.add("yes_no", f"Did the {N(o)} ever play at the {N(f)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio
    def nbrs(n: str) -> list[str]:
        out = set()
        for (s, _et), ts in g.out.items():
            if s == n:
                out.update(ts)
        for (t, _et), ss in g.inn.items():
            if t == n:
                out.update(ss)
        return sorted(out, key=_idkey)

    lb, r = b.pick(labels, lambda x: len(nbrs(x)) >= 3 and _fits(nbrs(x)) and nbrs(x))
    b.add("portfolio", f"Tell me everything about {N(lb)}.", _set(g, r), 1)
    f, r = b.pick(fests, lambda x: len(nbrs(x)) >= 2 and _fits(nbrs(x)) and nbrs(x))
    b.add("portfolio", f"give me an overview of {N(f)}", _set(g, r), 1)
    w, r = b.pick(works, lambda x: len(nbrs(x)) >= 4 and _fits(nbrs(x)) and nbrs(x))
    b.add("portfolio", f"What do we know about {N(w)}? Everything connected to it, please.", _set(g, r), 1)

    # ---- unknown
    b.add("unknown", "How many musicians play in the Zanzibar Youth Camerata?", {"type": "none"}, 1)
    b.add("unknown", "When did the Kalvik Opera Hall open its doors?", {"type": "none"}, 1)
    b.add("unknown", "Who taught Florentyna Quigglesworth?", {"type": "none"}, 1)
    b.add("unknown", "list the compositions by Bartholomew Xandrian", {"type": "none"}, 1)

    # ---- global
    b.add("global", "How many different node types does the graph have?",
          {"type": "count", "value": len({d["label"] for d in g.nodes.values()})}, 0)
    b.add("global", "how many kinds of relationship are there in this dataset",
          {"type": "count", "value": len({e[1] for e in g.edges})}, 0)
    b.add("global", "What is the total number of entities in the graph?", {"type": "count", "value": len(g.nodes)}, 0)

    out = []
    for n, it in enumerate(b.items, 1):
        out.append({"id": f"byog43-{n:02d}", **it})
    _check(out)
    return out


def _check(items: list[dict]) -> None:
    for it in items:
        q, gold = it["question"].lower(), it["gold"]
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, it
            for nm in gold["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", q), it
        if gold["type"] in ("count", "value"):
            assert gold["value"] not in (0, "", None), it
            assert str(gold["value"]).lower() not in q, it


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out / "orchestra.graphml"
    out.mkdir(parents=True, exist_ok=True)
    items = build(G(graph))
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for it in items:
            fh.write(json.dumps(it, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
