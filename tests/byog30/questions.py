"""Hold-out questions over the theatre graph written by graph.py.

    python tests/byog30/questions.py OUT_DIR [GRAPH_PATH]

reads GRAPH_PATH (default OUT_DIR/theatre_csv, the folder graph.py wrote) and writes OUT_DIR/holdout.jsonl.
Golds are computed on a networkx MultiDiGraph built from the CSV files; subjects are picked deterministically.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path
from random import Random

import networkx as nx

HEAD_RE = re.compile(r"^(?P<name>[^:]*):(?P<kind>ID|START_ID|END_ID|LABEL|TYPE|int|float|date|boolean|string)"
                     r"(?:\((?P<group>\w+)\))?$")


def _conv(kind: str, v: str):
    if kind == "int":
        return int(v)
    if kind == "float":
        return float(v)
    if kind == "boolean":
        return v == "true"
    return v


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    files = sorted(folder.glob("*.csv"))
    for f in files:
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        heads = [HEAD_RE.match(h) for h in rows[0]]
        if any(h and h["kind"] == "ID" for h in heads):
            for r in rows[1:]:
                attrs, key, label = {}, None, None
                for h, v in zip(heads, r, strict=True):
                    if h["kind"] == "ID":
                        key = f"{h['group']}:{v}"
                    elif h["kind"] == "LABEL":
                        label = v
                    else:
                        attrs[h["name"]] = _conv(h["kind"], v)
                name = attrs.get("name") or attrs.get("title") or f"{attrs['first_name']} {attrs['last_name']}"
                g.add_node(key, type=label, name=name, attrs=attrs)
    for f in files:
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        heads = [HEAD_RE.match(h) for h in rows[0]]
        if not any(h and h["kind"] == "START_ID" for h in heads):
            continue
        for r in rows[1:]:
            attrs, s, e, t = {}, None, None, None
            for h, v in zip(heads, r, strict=True):
                if h["kind"] == "START_ID":
                    s = f"{h['group']}:{v}"
                elif h["kind"] == "END_ID":
                    e = f"{h['group']}:{v}"
                elif h["kind"] == "TYPE":
                    t = v
                else:
                    attrs[h["name"]] = _conv(h["kind"], v)
            assert not g.has_edge(s, e, key=t), (s, t, e)  # one edge of a type per ordered pair
            g.add_edge(s, e, key=t, type=t, attrs=attrs)
    return g


class Q:
    def __init__(self, folder: Path):
        self.g = load(folder)
        self.rng = Random(3030)
        self.out: list[dict] = []
        self.used: set[str] = set()

    # graph helpers
    def name(self, n: str) -> str:
        return self.g.nodes[n]["name"]

    def a(self, n: str) -> dict:
        return self.g.nodes[n]["attrs"]

    def of(self, typ: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["type"] == typ), key=lambda k: int(k.split(":")[1]))

    def outs(self, n: str, t: str) -> list[str]:
        return sorted({v for _, v, d in self.g.out_edges(n, data=True) if d["type"] == t})

    def ins(self, n: str, t: str) -> list[str]:
        return sorted({u for u, _, d in self.g.in_edges(n, data=True) if d["type"] == t})

    def edge(self, s: str, e: str, t: str) -> dict | None:
        for d in (self.g.get_edge_data(s, e) or {}).values():
            if d["type"] == t:
                return d["attrs"]
        return None

    def edges(self, t: str) -> list[tuple[str, str, dict]]:
        return [(u, v, d["attrs"]) for u, v, d in self.g.edges(data=True) if d["type"] == t]

    def pick(self, typ: str, pred) -> str:
        cands = self.of(typ)
        self.rng.shuffle(cands)
        for c in cands:
            if c not in self.used and pred(c):
                self.used.add(c)
                return c
        raise RuntimeError(f"no {typ} fits")

    # output
    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        low = text.lower()
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, (text, gold)
            for nm in gold["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", low), (text, nm)
        if gold["type"] in ("count", "value") and not isinstance(gold["value"], bool):
            v = gold["value"]
            if gold["type"] == "count":
                assert v > 0, text
            s = f"{v:g}" if isinstance(v, float) else str(v)
            assert not re.search(r"(?<![\w.])" + re.escape(s.lower()) + r"(?![\w]|\.\d)", low), (text, v)
        self.out.append({"id": f"byog30-{len(self.out) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                         "hops": hops})

    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=lambda k: (k.split(":")[0], int(k.split(":")[1])))
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}

    def unique_max(self, items: dict[str, float], largest: bool = True) -> str | None:
        if not items:
            return None
        best = max(items.values()) if largest else min(items.values())
        top = [k for k, v in items.items() if v == best]
        return top[0] if len(top) == 1 else None


def build(folder: Path) -> list[dict]:  # noqa: C901, PLR0915 - one question after another
    q = Q(folder)
    g, N = q.g, q.name
    cnt = lambda v: {"type": "count", "value": v}  # noqa: E731
    val = lambda v: {"type": "value", "value": v}  # noqa: E731
    yes = lambda v: {"type": "bool", "value": v}  # noqa: E731
    plays_by = lambda pw: q.outs(pw, "WROTE")  # noqa: E731
    writers = lambda p: q.ins(p, "WROTE")  # noqa: E731
    prods_of = lambda p: q.ins(p, "STAGES")  # noqa: E731
    play_of = lambda pr: q.outs(pr, "STAGES")[0]  # noqa: E731
    venue_of = lambda pr: q.outs(pr, "PLAYS_AT")[0]  # noqa: E731
    season_of = lambda pr: q.outs(pr, "IN_SEASON")[0]  # noqa: E731
    cast = lambda pr: q.ins(pr, "CAST_IN")  # noqa: E731
    roles = lambda a: q.outs(a, "CAST_IN")  # noqa: E731
    covers = lambda a: q.outs(a, "UNDERSTUDY_FOR")  # noqa: E731
    covered_by = lambda a: q.ins(a, "UNDERSTUDY_FOR")  # noqa: E731
    seen = lambda pa: q.outs(pa, "BOUGHT_TICKETS")  # noqa: E731
    prod_of_perf = lambda pf: q.outs(pf, "PERFORMANCE_OF")[0]  # noqa: E731
    ok = lambda ids: 1 <= len(set(ids)) <= 12  # noqa: E731
    typ = lambda t: [n for n in g if g.nodes[n]["type"] == t]  # noqa: E731

    # ---- count
    q.add("count", "How many actors are in the company's records?", cnt(len(typ("Actor"))), 0)
    q.add("count", "total number of venues", cnt(len(typ("Venue"))), 0)
    q.add("count", "How many theatre critics are there?", cnt(len(typ("Critic"))), 0)
    q.add("count", "how many individual performances have been logged", cnt(len(typ("Performance"))), 0)
    q.add("count", "Number of dramatists in the graph?", cnt(len(typ("Playwright"))), 0)

    # ---- filtered_count
    q.add("filtered_count", "How many of the plays are comedies?",
          cnt(sum(q.a(p)["genre"] == "comedy" for p in typ("Play"))), 0)
    q.add("filtered_count", "how many venues are wheelchair accessible",
          cnt(sum(q.a(v)["accessible"] for v in typ("Venue"))), 0)
    q.add("filtered_count", "How many actors aren't union members?",
          cnt(sum(not q.a(x)["union_member"] for x in typ("Actor"))), 0)
    q.add("filtered_count", "How many productions got cancelled?",
          cnt(sum(q.a(x)["status"] == "cancelled" for x in typ("Production"))), 0)
    q.add("filtered_count", "How many venues can seat more than 600 people?",
          cnt(sum(q.a(v)["capacity"] > 600 for v in typ("Venue"))), 0)
    q.add("filtered_count", "how many performances were scheduled as matinees",
          cnt(sum(q.a(x)["slot"] == "matinee" for x in typ("Performance"))), 0)
    q.add("filtered_count", "Count the actors born before 1960.",
          cnt(sum(q.a(x)["birth_date"] < "1960-01-01" for x in typ("Actor"))), 0)
    s16 = next(s for s in typ("Season") if q.a(s)["year"] == 2016)
    q.add("filtered_count", f"How many productions did the company mount in {N(s16)}?",
          cnt(len(q.ins(s16, "IN_SEASON"))), 1)
    pw = q.pick("Playwright", lambda x: 3 <= len(plays_by(x)) <= 12)
    q.add("filtered_count", f"How many plays has {N(pw)} written?", cnt(len(plays_by(pw))), 1)
    v = q.pick("Venue", lambda x: any(q.a(p)["sold_out"] for p in q.ins(x, "PLAYS_AT")))
    q.add("filtered_count", f"how many sold-out productions were there at {N(v)}",
          cnt(sum(q.a(p)["sold_out"] for p in q.ins(v, "PLAYS_AT"))), 1)

    # ---- list
    pw = q.pick("Playwright", lambda x: 2 <= len(plays_by(x)) <= 6)
    q.add("list", f"Which plays did {N(pw)} write?", q.sset(plays_by(pw)), 1)
    cities = Counter(q.a(x)["city"] for x in typ("Venue"))
    city = sorted(c for c, k in cities.items() if 2 <= k <= 12)[0]
    q.add("list", f"List the venues in {city}.", q.sset(x for x in typ("Venue") if q.a(x)["city"] == city), 0)
    pr = q.pick("Production", lambda x: len(q.ins(x, "DIRECTED")) == 2)
    q.add("list", f"who directed {N(pr)}", q.sset(q.ins(pr, "DIRECTED")), 1)
    outlets = Counter(q.a(x)["outlet"] for x in typ("Critic"))
    outlet = sorted(c for c, k in outlets.items() if 2 <= k <= 12)[0]
    q.add("list", f"show me the critics writing for {outlet}",
          q.sset(x for x in typ("Critic") if q.a(x)["outlet"] == outlet), 0)
    p = q.pick("Play", lambda x: 2 <= len(prods_of(x)) <= 5)
    q.add("list", f"Give me every production of {N(p)}.", q.sset(prods_of(p)), 1)
    pr = q.pick("Production", lambda x: 4 <= len(cast(x)) <= 10)
    q.add("list", f"Who's in the cast of {N(pr)}?", q.sset(cast(pr)), 1)
    pa = q.pick("Patron", lambda x: 2 <= len(q.outs(x, "SUBSCRIBES_TO")) <= 4)
    q.add("list", f"which seasons has {N(pa)} subscribed to", q.sset(q.outs(pa, "SUBSCRIBES_TO")), 1)

    # ---- multihop
    def prods_of_covered(a):
        return {pr for b in covers(a) for pr in roles(b)}
    a = q.pick("Actor", lambda x: len(covers(x)) >= 1 and ok(prods_of_covered(x)) and not set(roles(x)) & prods_of_covered(x))
    q.add("multihop", f"Which productions feature the actors that {N(a)} understudies?", q.sset(prods_of_covered(a)), 2)

    def cast_understudies(pr):
        return {u for b in cast(pr) for u in covered_by(b)}
    pr = q.pick("Production", lambda x: ok(cast_understudies(x)) and not cast_understudies(x) & set(cast(x)))
    q.add("multihop", f"Who understudies members of the {N(pr)} cast?", q.sset(cast_understudies(pr)), 2)

    def second_in(a):
        return {c for b in covered_by(a) for c in covered_by(b)}
    a = q.pick("Actor", lambda x: ok(second_in(x)))
    q.add("multihop", f"who are the understudies of {N(a)}'s understudies", q.sset(second_in(a)), 2)

    def second_out(a):
        return {c for b in covers(a) for c in covers(b)}
    a = q.pick("Actor", lambda x: ok(second_out(x)))
    q.add("multihop", f"{N(a)} stands in for some actors as their understudy. Who do those actors in turn "
                      "understudy?", q.sset(second_out(a)), 2)

    def pw_seen(pa):
        return {w for pf in seen(pa) for w in writers(play_of(prod_of_perf(pf)))}
    pa = q.pick("Patron", lambda x: 2 <= len(pw_seen(x)) <= 12)
    q.add("multihop", f"Which playwrights wrote the plays {N(pa)} bought tickets to see?", q.sset(pw_seen(pa)), 4)

    def seasons_of_author(p):
        return {season_of(pr) for w in writers(p) for p2 in plays_by(w) for pr in prods_of(p2)}
    p = q.pick("Play", lambda x: len(writers(x)) == 1 and len(plays_by(writers(x)[0])) >= 2 and 2 <= len(
        seasons_of_author(x)) <= 8)
    q.add("multihop", f"In which seasons did the company stage work by the author of {N(p)}?",
          q.sset(seasons_of_author(p)), 4)

    def dirs_of_author(p):
        return {d for w in writers(p) for p2 in plays_by(w) for pr in prods_of(p2) for d in q.ins(pr, "DIRECTED")}
    p = q.pick("Play", lambda x: len(writers(x)) == 1 and len(plays_by(writers(x)[0])) >= 2 and 2 <= len(
        dirs_of_author(x)) <= 12)
    q.add("multihop", f"which directors have directed plays by the writer of {N(p)}", q.sset(dirs_of_author(p)), 4)

    def pw_via_understudy(a):
        return {w for b in covered_by(a) for pr in roles(b) for w in writers(play_of(pr))}
    a = q.pick("Actor", lambda x: 2 <= len(pw_via_understudy(x)) <= 12)
    q.add("multihop", f"Which playwrights wrote the plays in productions that cast an understudy of {N(a)}?",
          q.sset(pw_via_understudy(a)), 4)

    def pw_at_venue(v):
        return {w for pr in q.ins(v, "PLAYS_AT") for w in writers(play_of(pr))}
    v = q.pick("Venue", lambda x: ok(pw_at_venue(x)))
    q.add("multihop", f"Whose plays have been put on at {N(v)}?", q.sset(pw_at_venue(v)), 3)

    def pw_of_actor(a):
        return {w for pr in roles(a) for w in writers(play_of(pr))}
    a = q.pick("Actor", lambda x: 2 <= len(pw_of_actor(x)) <= 12)
    q.add("multihop", f"which playwrights wrote plays that {N(a)} acted in", q.sset(pw_of_actor(a)), 3)

    def dirs_of_play(p):
        return {d for pr in prods_of(p) for d in q.ins(pr, "DIRECTED")}
    p = q.pick("Play", lambda x: 2 <= len(dirs_of_play(x)) <= 12)
    q.add("multihop", f"Who has directed a production of {N(p)}?", q.sset(dirs_of_play(p)), 2)

    def venues_of_actor(a):
        return {venue_of(pr) for pr in roles(a)}
    a = q.pick("Actor", lambda x: 2 <= len(venues_of_actor(x)) <= 12)
    q.add("multihop", f"At which venues has {N(a)} performed?", q.sset(venues_of_actor(a)), 2)

    def critics_of_play(p):
        return {c for pr in prods_of(p) for c in q.ins(pr, "REVIEWED")}
    p = q.pick("Play", lambda x: 2 <= len(critics_of_play(x)) <= 12)
    q.add("multihop", f"Which critics have reviewed stagings of {N(p)}?", q.sset(critics_of_play(p)), 2)

    def venues_of_patron(pa):
        return {venue_of(prod_of_perf(pf)) for pf in seen(pa)}
    pa = q.pick("Patron", lambda x: 2 <= len(venues_of_patron(x)) <= 12)
    q.add("multihop", f"What venues did {N(pa)} go to shows at?", q.sset(venues_of_patron(pa)), 3)

    # ---- superlative
    def sup(kind, text, items, hops, largest=True):
        best = q.unique_max(items, largest)
        assert best is not None, text
        q.add(kind, text, q.sset([best]), hops)
    sup("superlative", "Which venue has the largest capacity?", {x: q.a(x)["capacity"] for x in typ("Venue")}, 0)
    sup("superlative", "who is our oldest actor", {x: q.a(x)["birth_date"] for x in typ("Actor")}, 0, largest=False)
    sup("superlative", "Which play has the longest running time?",
        {x: q.a(x)["runtime_minutes"] for x in typ("Play")}, 0)
    sup("superlative", "Which playwright has written the most plays?",
        {x: len(plays_by(x)) for x in typ("Playwright")}, 1)
    sup("superlative", "Which director has helmed the most productions?",
        {x: len(q.outs(x, "DIRECTED")) for x in typ("Director")}, 1)
    att = {x: sum(q.a(pf)["attendance"] for pr in q.ins(x, "IN_SEASON") for pf in q.ins(pr, "PERFORMANCE_OF"))
           for x in typ("Season")}
    sup("superlative", "which season drew the biggest total audience across its performances", att, 2)
    spend = Counter()
    for u, _, at in q.edges("BOUGHT_TICKETS"):
        spend[u] += at["amount"]
    sup("superlative", "Which patron has spent the most money on tickets?",
        {k: round(x, 2) for k, x in spend.items()}, 1)
    sup("superlative", "Which venue has hosted the most performances?",
        {x: sum(len(q.ins(pr, "PERFORMANCE_OF")) for pr in q.ins(x, "PLAYS_AT")) for x in typ("Venue")}, 2)
    pr = q.pick("Production", lambda x: len(cast(x)) >= 4 and q.unique_max(
        {a: q.a(a)["birth_date"] for a in cast(x)}) is not None)
    sup("superlative", f"Who's the youngest member of the {N(pr)} cast?",
        {a: q.a(a)["birth_date"] for a in cast(pr)}, 1)
    c = q.pick("Critic", lambda x: len(q.outs(x, "REVIEWED")) >= 3 and q.unique_max(
        {p: q.edge(x, p, "REVIEWED")["stars"] for p in q.outs(x, "REVIEWED")}) is not None)
    sup("superlative", f"Of the productions {N(c)} reviewed, which one got the most stars from them?",
        {p: q.edge(c, p, "REVIEWED")["stars"] for p in q.outs(c, "REVIEWED")}, 1)

    # ---- aggregate
    caps = [q.a(x)["capacity"] for x in typ("Venue")]
    q.add("aggregate", "What's the average capacity across all venues?", val(round(sum(caps) / len(caps), 2)), 0)
    s18 = next(s for s in typ("Season") if q.a(s)["year"] == 2018)
    q.add("aggregate", f"What was the combined budget of the productions in {N(s18)}?",
          val(round(sum(q.a(p)["budget"] for p in q.ins(s18, "IN_SEASON")), 2)), 1)
    pa = q.pick("Patron", lambda x: len(seen(x)) >= 3)
    q.add("aggregate", f"How much has {N(pa)} spent on tickets altogether?",
          val(round(sum(q.edge(pa, pf, "BOUGHT_TICKETS")["amount"] for pf in seen(pa)), 2)), 1)
    c = q.pick("Critic", lambda x: len(q.outs(x, "REVIEWED")) >= 3)
    stars = [q.edge(c, p, "REVIEWED")["stars"] for p in q.outs(c, "REVIEWED")]
    q.add("aggregate", f"what's the average star rating {N(c)} gives", val(round(sum(stars) / len(stars), 2)), 1)
    pr = q.pick("Production", lambda x: len(q.ins(x, "PERFORMANCE_OF")) >= 3)
    q.add("aggregate", f"Total attendance over all performances of {N(pr)}?",
          val(sum(q.a(pf)["attendance"] for pf in q.ins(pr, "PERFORMANCE_OF"))), 1)

    # ---- edge_property
    revs = sorted(q.edges("REVIEWED"), key=lambda e: (e[0], e[1]))
    Random(7).shuffle(revs)
    c, pr, at = revs[0]
    q.add("edge_property", f"How many stars did {N(c)} give {N(pr)}?", val(at["stars"]), 1)
    cs = sorted(q.edges("CAST_IN"), key=lambda e: (e[0], e[1]))
    Random(8).shuffle(cs)
    a, pr, at = next(e for e in cs if e[2]["role"] == "supporting")
    q.add("edge_property", f"What sort of role did {N(a)} play in {N(pr)}?",
          val(at["role"]), 1)
    bt = sorted(q.edges("BOUGHT_TICKETS"), key=lambda e: (e[0], e[1]))
    Random(9).shuffle(bt)
    pa, pf, at = next(e for e in bt if e[2]["seats"] >= 2)
    q.add("edge_property", f"how much did {N(pa)} pay for their tickets to {N(pf)}", val(at["amount"]), 1)
    c, pr, at = revs[1]
    q.add("edge_property", f"When was {N(c)}'s review of {N(pr)} published?", val(at["published"]), 1)
    q.add("edge_property", "How many five-star reviews have critics written?",
          cnt(sum(e[2]["stars"] == 5 for e in revs)), 1)
    q.add("edge_property", "how many ticket orders were placed at the box office",
          cnt(sum(e[2]["channel"] == "box office" for e in bt)), 1)
    ds = sorted(q.edges("DIRECTED"), key=lambda e: (e[0], e[1]))
    Random(10).shuffle(ds)
    d, pr, at = ds[0]
    q.add("edge_property", f"What fee was {N(d)} paid to direct {N(pr)}?", val(at["fee"]), 1)

    # ---- yes_no
    wr = sorted(q.edges("WROTE"), key=lambda e: (e[0], e[1]))
    Random(11).shuffle(wr)
    q.add("yes_no", f"Did {N(wr[0][0])} write {N(wr[0][1])}?", yes(True), 1)
    und = sorted(q.edges("UNDERSTUDY_FOR"), key=lambda e: (e[0], e[1]))
    Random(12).shuffle(und)
    a, b, _ = und[0]
    q.add("yes_no", f"Is {N(b)} an understudy for {N(a)}?", yes(q.edge(b, a, "UNDERSTUDY_FOR") is not None), 1)
    pr = q.pick("Production", lambda x: True)
    q.add("yes_no", f"Was {N(pr)} staged at {N(venue_of(pr))}?", yes(True), 1)
    pr = q.pick("Production", lambda x: len(q.ins(x, "REVIEWED")) >= 1)
    c = next(x for x in q.of("Critic") if x not in q.ins(pr, "REVIEWED") and len(q.outs(x, "REVIEWED")) >= 3)
    q.add("yes_no", f"has {N(c)} reviewed {N(pr)}", yes(False), 1)
    a, b, _ = und[1]
    q.add("yes_no", f"Does {N(a)} understudy {N(b)}?", yes(True), 1)
    pr = q.pick("Production", lambda x: len(cast(x)) >= 4)
    a = next(x for x in q.of("Actor") if x not in cast(pr) and len(roles(x)) >= 2)
    q.add("yes_no", f"Did {N(a)} appear in {N(pr)}?", yes(False), 1)
    v = q.pick("Venue", lambda x: q.a(x)["accessible"])
    q.add("yes_no", f"is {N(v)} wheelchair accessible", yes(True), 0)
    p = wr[1][1]
    other = next(x for x in q.of("Playwright") if x not in writers(p) and len(plays_by(x)) >= 2)
    q.add("yes_no", f"Was {N(p)} written by {N(other)}?", yes(False), 1)

    # ---- portfolio
    def nbrs(n):
        return {v for _, v in g.out_edges(n)} | {u for u, _ in g.in_edges(n)}
    p = q.pick("Play", lambda x: 4 <= len(nbrs(x)) <= 12 and q.ins(x, "ADAPTED_FROM") + q.outs(x, "ADAPTED_FROM"))
    q.add("portfolio", f"Tell me everything about {N(p)}.", q.sset(nbrs(p)), 1)
    d = q.pick("Director", lambda x: 3 <= len(nbrs(x)) <= 12)
    q.add("portfolio", f"what do we know about the director {N(d)}? everything connected to them please",
          q.sset(nbrs(d)), 1)
    c = q.pick("Critic", lambda x: 3 <= len(nbrs(x)) <= 12)
    q.add("portfolio", f"Give me the full picture on critic {N(c)}: all the entities linked to them.",
          q.sset(nbrs(c)), 1)

    # ---- unknown (made-up names; checked absent below)
    names = [N(n).lower() for n in g]
    for text, fake in (
        ("Which plays did Esmeralda Thornquist write?", "Esmeralda Thornquist"),
        ("How many performances has the Quicksilver Pavilion hosted?", "Quicksilver Pavilion"),
        ("who directed the Marmalade Odyssey production", "Marmalade Odyssey"),
        ("How many stars did the critic Ptolemy Grizzlebeck award to productions?", "Ptolemy Grizzlebeck"),
    ):
        assert not any(fake.lower() in x or x in fake.lower() for x in names), fake
        q.add("unknown", text, {"type": "none"}, 1)

    # ---- global
    q.add("global", "How many different types of entity does this graph contain?",
          cnt(len({d["type"] for _, d in g.nodes(data=True)})), 0)
    q.add("global", "how many kinds of relationship are there between entities",
          cnt(len({d["type"] for _, _, d in g.edges(data=True)})), 0)
    q.add("global", "How many relationships does the graph hold in total?", cnt(g.number_of_edges()), 0)
    return q.out


def main() -> None:
    out_dir = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "theatre_csv"
    qs = build(folder)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for x in qs:
            fh.write(json.dumps(x, ensure_ascii=False) + "\n")
    print(f"{len(qs)} questions -> {out_dir / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
