"""Holdout questions for the byog52 streaming graph.

Usage: python tests/byog52/questions.py OUT_DIR [GRAPH_PATH]
GRAPH_PATH defaults to OUT_DIR/streaming_csv (the folder graph.py writes). Writes OUT_DIR/holdout.jsonl.
Reads only the CSV files; deterministic.
"""

from __future__ import annotations

import csv
import json
import os
import random
import re
import sys
from collections import Counter, defaultdict

NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen twenty").split()


def cast(v: str, t: str):  # type: ignore[no-untyped-def]
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    if t == "boolean":
        return v == "true"
    return v


class G:
    def __init__(self, folder: str) -> None:
        self.nodes: dict[str, dict] = {}
        self.label: dict[str, str] = {}
        self.edges: list[tuple[str, str, str, dict]] = []
        self.edge_types: set[str] = set()
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eprops: dict[tuple[str, str, str], dict] = {}
        for fname in sorted(os.listdir(folder)):
            with open(os.path.join(folder, fname), newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            head = rows[0]
            cols = [(h.split(":")[0], h.split(":")[1] if ":" in h else "string") for h in head]
            if head[0] == ":START_ID":
                for r in rows[1:]:
                    props = {c: cast(v, t) for (c, t), v in zip(cols[3:], r[3:], strict=True)}
                    s, d, et = r[0], r[1], r[2]
                    self.edges.append((s, et, d, props))
                    self.edge_types.add(et)
                    self.out[(s, et)].append(d)
                    self.inn[(d, et)].append(s)
                    self.eprops[(s, et, d)] = props
            else:
                for r in rows[1:]:
                    self.label[r[0]] = r[1]
                    self.nodes[r[0]] = {c: cast(v, t) for (c, t), v in zip(cols[2:], r[2:], strict=True)}

    def name(self, n: str) -> str:
        a = self.nodes[n]
        return a.get("title") or a.get("name") or f"{a['first_name']} {a['last_name']}"

    def of(self, label: str) -> list[str]:
        return sorted((n for n in self.nodes if self.label[n] == label), key=lambda n: int(n.split("-")[1]))

    def o(self, n: str, et: str) -> list[str]:
        return self.out.get((n, et), [])

    def i(self, n: str, et: str) -> list[str]:
        return self.inn.get((n, et), [])

    def show_episodes(self, s: str) -> list[str]:
        return [e for se in self.o(s, "HAS_SEASON") for e in self.o(se, "HAS_EPISODE")]

    def show_of_episode(self, e: str) -> str:
        return self.i(self.i(e, "HAS_EPISODE")[0], "HAS_SEASON")[0]


def quoted_numbers(text: str) -> set[float]:
    nums = {float(x) for x in re.findall(r"(?<![\w\-#/.,])\d+(?:\.\d+)?(?![\w\-#/])", text)}
    nums |= {float(NUMBER_WORDS.index(w)) for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS}
    return nums


def norm(s: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", s.lower()).split()) + " "


class Builder:
    def __init__(self, g: G, seed: int = 52) -> None:
        self.g = g
        self.rng = random.Random(seed)
        self.qs: list[dict] = []
        self.used: set[str] = set()

    def pick(self, label: str, fn, fresh: bool = True):  # type: ignore[no-untyped-def]
        """First candidate (seeded order) for which fn returns a question tuple."""
        cands = self.g.of(label)
        self.rng.shuffle(cands)
        for c in cands:
            if fresh and c in self.used:
                continue
            r = fn(c)
            if r:
                self.used.add(c)
                return r
        raise RuntimeError(f"no candidate for a {label} question")

    def add(self, kind: str, text: str, gold: dict, hops: int) -> None:
        g = self.g
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, text
            assert len(set(gold["ids"])) == len(gold["ids"])
            gold["names"] = [g.name(i) for i in gold["ids"]]
            for nm in gold["names"]:
                assert norm(nm) not in norm(text), (text, nm)
        if gold["type"] == "count":
            assert gold["value"] > 0 and float(gold["value"]) not in quoted_numbers(text), text
        if gold["type"] == "value":
            assert norm(str(gold["value"])) not in norm(text), text
        qid = f"byog52-{len(self.qs) + 1:02d}"
        self.qs.append({"id": qid, "kind": kind, "question": text, "gold": gold, "hops": hops})


def setgold(ids) -> dict:  # type: ignore[no-untyped-def]
    return {"type": "set", "ids": sorted(set(ids), key=lambda n: (n.split("-")[0], int(n.split("-")[1])))}


def ok_set(ids, text: str, g: G) -> bool:  # type: ignore[no-untyped-def]
    ids = set(ids)
    return 1 <= len(ids) <= 12 and all(norm(g.name(i)) not in norm(text) for i in ids)


def unique_top(scores: dict[str, float], low: bool = False) -> str | None:
    if not scores:
        return None
    ordered = sorted(scores.items(), key=lambda kv: (kv[1] if low else -kv[1]))
    if len(ordered) > 1 and ordered[0][1] == ordered[1][1]:
        return None
    return ordered[0][0]


def build(g: G) -> list[dict]:  # noqa: C901 - one flat list of question recipes
    b = Builder(g)
    N = g.name
    shows, people, studios = g.of("Show"), g.of("Person"), g.of("Studio")
    subs, deals, countries, episodes = g.of("Subscriber"), g.of("LicensingDeal"), g.of("Country"), g.of("Episode")

    # ---- count
    b.add("count", "How many shows are in the catalogue?", {"type": "count", "value": len(shows)}, 0)
    b.add("count", "how many subscribers does the platform have", {"type": "count", "value": len(subs)}, 0)
    b.add("count", "Total number of licensing deals?", {"type": "count", "value": len(deals)}, 0)
    b.add("count", "How many production studios are there?", {"type": "count", "value": len(studios)}, 0)
    b.add("count", "What's the number of episodes across all series?", {"type": "count", "value": len(episodes)}, 0)

    # ---- filtered_count
    cnt = lambda xs, f: sum(1 for x in xs if f(g.nodes[x]))  # noqa: E731
    b.add("filtered_count", "How many shows carry a TV-MA maturity rating?",
          {"type": "count", "value": cnt(shows, lambda a: a["maturity_rating"] == "TV-MA")}, 0)
    b.add("filtered_count", "how many subscribers are on the Premium tier",
          {"type": "count", "value": cnt(subs, lambda a: a["plan_tier"] == "Premium")}, 0)
    b.add("filtered_count", "How many episodes run longer than 60 minutes?",
          {"type": "count", "value": cnt(episodes, lambda a: a["runtime_min"] > 60)}, 0)
    b.add("filtered_count", "How many studios are publicly listed?",
          {"type": "count", "value": cnt(studios, lambda a: a["is_public"])}, 0)
    b.add("filtered_count", "Number of exclusive licensing deals",
          {"type": "count", "value": cnt(deals, lambda a: a["is_exclusive"])}, 0)
    b.add("filtered_count", "How many shows premiered in 2019?",
          {"type": "count", "value": cnt(shows, lambda a: a["premiere_date"].startswith("2019"))}, 0)
    b.add("filtered_count", "How many people in the talent roster are guild members?",
          {"type": "count", "value": cnt(people, lambda a: a["is_guild_member"])}, 0)

    def f8(s):  # type: ignore[no-untyped-def]
        n = len(g.show_episodes(s))
        return (f"How many episodes does {N(s)} have?", n) if n > 8 else None
    t, n = b.pick("Show", f8)
    b.add("filtered_count", t, {"type": "count", "value": n}, 2)

    def f9(c):  # type: ignore[no-untyped-def]
        n = len(g.i(c, "SUBSCRIBES_FROM"))
        return (f"how many subscribers are based in {N(c)}?", n) if n else None
    t, n = b.pick("Country", f9)
    b.add("filtered_count", t, {"type": "count", "value": n}, 1)

    def f10(s):  # type: ignore[no-untyped-def]
        n = len(g.i(s, "PRODUCED_BY"))
        return (f"How many shows has {N(s)} produced?", n) if n > 2 else None
    t, n = b.pick("Studio", f10)
    b.add("filtered_count", t, {"type": "count", "value": n}, 1)

    # ---- list
    def lst(label, make, ids_of, hops, min_n=1):  # type: ignore[no-untyped-def]
        def f(x):  # type: ignore[no-untyped-def]
            ids = ids_of(x)
            text = make(N(x))
            return (text, ids) if len(set(ids)) >= min_n and ok_set(ids, text, g) else None
        t, ids = b.pick(label, f)
        b.add("list" if hops == 1 else "multihop", t, setgold(ids), hops)

    lst("Show", lambda x: f"Which genres is {x} classified under?", lambda s: g.o(s, "IN_GENRE"), 1, 2)
    lst("Show", lambda x: f"List the seasons of {x}.", lambda s: g.o(s, "HAS_SEASON"), 1, 2)
    lst("Show", lambda x: f"Who is in the cast of {x}?", lambda s: g.i(s, "ACTED_IN"), 1)
    lst("LicensingDeal", lambda x: f"In which countries does the {x} grant rights?",
        lambda d: g.o(d, "GRANTS_RIGHTS_IN"), 1, 2)
    lst("Studio", lambda x: f"show me the titles produced by {x}", lambda s: g.i(s, "PRODUCED_BY"), 1, 3)
    seoul = [s for s in studios if g.nodes[s]["hq_city"] == "Seoul"]
    b.add("list", "Which studios are headquartered in Seoul?", setgold(seoul), 1)
    lst("LicensingDeal", lambda x: f"give me the shows covered by {x}", lambda d: g.o(d, "COVERS"), 1, 2)

    # ---- multihop
    def eps_directors(s):  # type: ignore[no-untyped-def]
        return [p for e in g.show_episodes(s) for p in g.i(e, "DIRECTED")]
    lst("Show", lambda x: f"Who directed episodes of {x}?", eps_directors, 3, 2)
    lst("Person", lambda x: f"Which studios produced the shows {x} has acted in?",
        lambda p: [st for s in g.o(p, "ACTED_IN") for st in g.o(s, "PRODUCED_BY")], 2, 2)
    lst("Person", lambda x: f"Which shows did the people mentored by {x} appear in?",
        lambda p: [s for m in g.o(p, "MENTORED") for s in g.o(m, "ACTED_IN")], 2, 2)
    lst("Person", lambda x: f"What shows have {x}'s mentors acted in?",
        lambda p: [s for m in g.i(p, "MENTORED") for s in g.o(m, "ACTED_IN")], 2, 2)
    lst("Person", lambda x: f"Who was mentored by someone that {x} mentored?",
        lambda p: [q for m in g.o(p, "MENTORED") for q in g.o(m, "MENTORED")], 2)
    lst("Person", lambda x: f"who mentored the mentor of {x}",
        lambda p: [q for m in g.i(p, "MENTORED") for q in g.i(m, "MENTORED")], 2)
    lst("Person", lambda x: f"Which genres cover the shows that {x} acted in?",
        lambda p: [ge for s in g.o(p, "ACTED_IN") for ge in g.o(s, "IN_GENRE")], 2, 3)
    lst("Person", lambda x: f"Which directors worked on episodes of shows that {x} appeared in?",
        lambda p: [d for s in g.o(p, "ACTED_IN") for d in eps_directors(s)], 4, 3)
    lst("Subscriber", lambda x: f"Which genres are the shows whose episodes {x} watched?",
        lambda u: [ge for e in g.o(u, "WATCHED") for ge in g.o(g.show_of_episode(e), "IN_GENRE")], 4, 3)
    lst("Person", lambda x: f"In which countries have the shows featuring {x} been licensed?",
        lambda p: [c for s in g.o(p, "ACTED_IN") for d in g.i(s, "COVERS") for c in g.o(d, "GRANTS_RIGHTS_IN")], 3, 3)
    lst("Episode", lambda x: f"Which studio made the series that includes the episode {x}?",
        lambda e: g.o(g.show_of_episode(e), "PRODUCED_BY"), 3)
    lst("Show", lambda x: f"Which studios signed licensing deals covering {x}?",
        lambda s: [st for d in g.i(s, "COVERS") for st in g.i(d, "SIGNED")], 2, 2)
    lst("Person", lambda x: f"Which subscribers watched episodes directed by {x}?",
        lambda p: [u for e in g.o(p, "DIRECTED") for u in g.i(e, "WATCHED")], 2, 3)
    lst("Person", lambda x: f"List the studios behind the shows whose episodes {x} directed",
        lambda p: [st for e in g.o(p, "DIRECTED") for st in g.o(g.show_of_episode(e), "PRODUCED_BY")], 4, 2)

    # ---- superlative
    def top(kind, text, scores, hops, low=False):  # type: ignore[no-untyped-def]
        w = unique_top(scores, low)
        assert w is not None, text
        b.add(kind, text, setgold([w]), hops)

    top("superlative", "Which show has the biggest budget?", {s: g.nodes[s]["budget_musd"] for s in shows}, 0)
    top("superlative", "What's the oldest studio?", {s: g.nodes[s]["founded_year"] for s in studios}, 0, low=True)
    top("superlative", "which licensing deal is worth the most", {d: g.nodes[d]["value_musd"] for d in deals}, 0)
    top("superlative", "Which actor has appeared in the most shows?",
        {p: len(g.o(p, "ACTED_IN")) for p in people}, 1)
    top("superlative", "Which subscriber has logged the most viewing sessions?",
        {u: len(g.o(u, "WATCHED")) for u in subs}, 1)
    top("superlative", "Which country has the most subscribers?",
        {c: len(g.i(c, "SUBSCRIBES_FROM")) for c in countries}, 1)
    top("superlative", "Who spent the most total minutes watching episodes?",
        {u: sum(g.eprops[(u, "WATCHED", e)]["minutes_watched"] for e in g.o(u, "WATCHED")) for u in subs}, 1)
    top("superlative", "Which studio's licensing deals add up to the highest total value?",
        {s: sum(g.nodes[d]["value_musd"] for d in g.o(s, "SIGNED")) for s in studios}, 1)

    def s9(s):  # type: ignore[no-untyped-def]
        cast_ = g.i(s, "ACTED_IN")
        w = unique_top({p: g.nodes[p]["day_rate_kusd"] for p in cast_})
        return (f"Among the cast of {N(s)}, who has the highest day rate?", w) if len(cast_) >= 5 and w else None
    t, w = b.pick("Show", s9)
    b.add("superlative", t, setgold([w]), 1)

    def s10(s):  # type: ignore[no-untyped-def]
        eps = g.show_episodes(s)
        w = unique_top({e: g.nodes[e]["runtime_min"] for e in eps})
        return (f"What is the longest episode of {N(s)}?", w) if len(eps) >= 6 and w else None
    t, w = b.pick("Show", s10)
    b.add("superlative", t, setgold([w]), 2)

    # ---- aggregate
    def a1(s):  # type: ignore[no-untyped-def]
        ss = g.i(s, "PRODUCED_BY")
        return (f"What is the combined budget of all shows produced by {N(s)}?",
                round(sum(g.nodes[x]["budget_musd"] for x in ss), 2)) if len(ss) >= 3 else None
    t, v = b.pick("Studio", a1)
    b.add("aggregate", t, {"type": "value", "value": v}, 1)

    def a2(s):  # type: ignore[no-untyped-def]
        eps = g.show_episodes(s)
        return (f"average runtime of {N(s)}'s episodes",
                round(sum(g.nodes[e]["runtime_min"] for e in eps) / len(eps), 2)) if len(eps) >= 5 else None
    t, v = b.pick("Show", a2)
    b.add("aggregate", t, {"type": "value", "value": v}, 2)

    def a3(u):  # type: ignore[no-untyped-def]
        es = g.o(u, "WATCHED")
        return (f"How many minutes in total has {N(u)} spent watching?",
                sum(g.eprops[(u, "WATCHED", e)]["minutes_watched"] for e in es)) if len(es) >= 5 else None
    t, v = b.pick("Subscriber", a3)
    b.add("aggregate", t, {"type": "value", "value": v}, 1)

    def a4(s):  # type: ignore[no-untyped-def]
        rs = g.i(s, "RATED")
        return (f"What's the average star rating {N(s)} received?",
                round(sum(g.eprops[(u, "RATED", s)]["stars"] for u in rs) / len(rs), 2)) if len(rs) >= 6 else None
    t, v = b.pick("Show", a4)
    b.add("aggregate", t, {"type": "value", "value": v}, 1)

    def a5(c):  # type: ignore[no-untyped-def]
        ds = g.i(c, "GRANTS_RIGHTS_IN")
        return (f"What is the total value of the licensing deals that grant rights in {N(c)}?",
                round(sum(g.nodes[d]["value_musd"] for d in ds), 2)) if len(ds) >= 3 else None
    t, v = b.pick("Country", a5)
    b.add("aggregate", t, {"type": "value", "value": v}, 1)

    # ---- edge_property
    def e1(u):  # type: ignore[no-untyped-def]
        for e in g.o(u, "WATCHED"):
            m = g.eprops[(u, "WATCHED", e)]["minutes_watched"]
            t = f"How many minutes of {N(e)} did {N(u)} watch?"
            if float(m) not in quoted_numbers(t):
                return t, m
        return None
    t, v = b.pick("Subscriber", e1)
    b.add("edge_property", t, {"type": "value", "value": v}, 1)

    def e2(u):  # type: ignore[no-untyped-def]
        rs = g.o(u, "RATED")
        return (f"how many stars did {N(u)} give {N(rs[0])}", g.eprops[(u, "RATED", rs[0])]["stars"]) if rs else None
    t, v = b.pick("Subscriber", e2)
    b.add("edge_property", t, {"type": "value", "value": v}, 1)

    def e3(p):  # type: ignore[no-untyped-def]
        ss = g.o(p, "ACTED_IN")
        if not ss:
            return None
        role = g.eprops[(p, "ACTED_IN", ss[0])]["role"]
        t = f"What role does {N(p)} have on {N(ss[0])}?"
        return (t, role) if norm(role) not in norm(t) and role != "lead" else None
    t, v = b.pick("Person", e3)
    b.add("edge_property", t, {"type": "value", "value": v}, 1)

    def e4(p):  # type: ignore[no-untyped-def]
        ms = g.o(p, "MENTORED")
        if not ms:
            return None
        return (f"In which year did {N(p)} start mentoring {N(ms[0])}?",
                g.eprops[(p, "MENTORED", ms[0])]["since_year"])
    t, v = b.pick("Person", e4)
    b.add("edge_property", t, {"type": "value", "value": v}, 1)

    def e5(u):  # type: ignore[no-untyped-def]
        es = g.o(u, "WATCHED")
        return (f"On what date did {N(u)} watch {N(es[-1])}?", g.eprops[(u, "WATCHED", es[-1])]["watched_on"]) \
            if es else None
    t, v = b.pick("Subscriber", e5)
    b.add("edge_property", t, {"type": "value", "value": v}, 1)
    b.add("edge_property", "How many ratings awarded five stars?",
          {"type": "count", "value": sum(1 for e in g.edges if e[1] == "RATED" and e[3]["stars"] == 5)}, 1)
    b.add("edge_property", "How many viewing sessions happened on a mobile device?",
          {"type": "count", "value": sum(1 for e in g.edges if e[1] == "WATCHED" and e[3]["device"] == "mobile")}, 1)

    # ---- yes_no (yes, no, yes, no, ...)
    def y_act(p):  # type: ignore[no-untyped-def]
        ss = g.o(p, "ACTED_IN")
        return (f"Did {N(p)} act in {N(ss[0])}?", True) if ss else None
    t, v = b.pick("Person", y_act)
    b.add("yes_no", t, {"type": "bool", "value": v}, 1)

    def n_act(p):  # type: ignore[no-untyped-def]
        if not g.o(p, "ACTED_IN"):
            return None
        other = next(s for s in shows if s not in g.o(p, "ACTED_IN"))
        return f"Is {N(p)} part of the cast of {N(other)}?", False
    t, v = b.pick("Person", n_act)
    b.add("yes_no", t, {"type": "bool", "value": v}, 1)

    def y_ment(p):  # type: ignore[no-untyped-def]
        ms = g.o(p, "MENTORED")
        return (f"Did {N(p)} mentor {N(ms[0])}?", True) if ms else None
    t, v = b.pick("Person", y_ment)
    b.add("yes_no", t, {"type": "bool", "value": v}, 1)

    def n_ment(p):  # type: ignore[no-untyped-def]
        ms = g.i(p, "MENTORED")  # p was mentored by ms[0]; ask the reverse direction
        return (f"Was {N(ms[0])} mentored by {N(p)}?", False) if ms else None
    t, v = b.pick("Person", n_ment)
    b.add("yes_no", t, {"type": "bool", "value": v}, 1)

    t, v = b.pick("Studio", lambda s: (f"Is {N(s)} a public company?", True) if g.nodes[s]["is_public"] else None)
    b.add("yes_no", t, {"type": "bool", "value": v}, 0)

    def n_watch(u):  # type: ignore[no-untyped-def]
        seen = set(g.o(u, "WATCHED"))
        e = next(x for x in episodes if x not in seen)
        return f"Has {N(u)} ever watched {N(e)}?", False
    t, v = b.pick("Subscriber", n_watch)
    b.add("yes_no", t, {"type": "bool", "value": v}, 1)

    def y_cov(d):  # type: ignore[no-untyped-def]
        return f"Does the {N(d)} cover {N(g.o(d, 'COVERS')[0])}?", True
    t, v = b.pick("LicensingDeal", y_cov)
    b.add("yes_no", t, {"type": "bool", "value": v}, 1)

    t, v = b.pick("Show", lambda s: (f"is {N(s)} a platform original", False) if not g.nodes[s]["is_original"] else None)
    b.add("yes_no", t, {"type": "bool", "value": v}, 0)

    # ---- portfolio
    def nbrs(x):  # type: ignore[no-untyped-def]
        return {d for s, _, d, _ in g.edges if s == x} | {s for s, _, d, _ in g.edges if d == x}

    for label, make, lo in (("Studio", "Tell me everything about {}.", 4),
                            ("Person", "What do we know about {}?", 4),
                            ("LicensingDeal", "give me the full picture on the {}", 4)):
        def pf(x, make=make, lo=lo):  # type: ignore[no-untyped-def]
            ns = nbrs(x)
            t = make.format(N(x))
            return (t, ns) if len(ns) >= lo and ok_set(ns, t, g) else None
        t, ns = b.pick(label, pf)
        b.add("portfolio", t, setgold(ns), 1)

    # ---- unknown (made-up names)
    for t in ("Which genres is the show Marzipan Lighthouse tagged with?",
              "Who directed the episode Juggling the Comet?",
              "How many subscribers live in Vallaria?",
              "When was Quillfeather Studios founded?"):
        b.add("unknown", t, {"type": "none"}, 0)

    # ---- global
    b.add("global", "How many node types does the graph have?", {"type": "count", "value": len(set(g.label.values()))}, 0)
    b.add("global", "how many different kinds of relationships exist", {"type": "count", "value": len(g.edge_types)}, 0)
    biggest = Counter(g.label.values()).most_common(2)
    assert biggest[0][1] > biggest[1][1]
    b.add("global", "Which entity type has the most nodes?", {"type": "value", "value": biggest[0][0]}, 0)
    return b.qs


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0]
    folder = argv[1] if len(argv) > 1 else os.path.join(out, "streaming_csv")
    qs = build(G(folder))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "holdout.jsonl"), "w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"wrote {len(qs)} questions to {os.path.join(out, 'holdout.jsonl')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
