"""Held-out questions over the byog25 live-music graph.

    python tests/byog25/questions.py OUT_DIR [GRAPH_PATH]

reads ONLY the CSV files graph.py wrote (GRAPH_PATH: the music_csv folder, default OUT_DIR/music_csv) and writes
OUT_DIR/holdout.jsonl. Deterministic: subjects are drawn with random.Random(2525) from sorted candidates.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path


def _conv(v: str, kind: str):
    if kind == "int":
        return int(v)
    if kind == "float":
        return float(v)
    if kind == "boolean":
        return v == "true"
    return v


class G:
    def __init__(self, folder: Path):
        self.nodes: dict[str, dict] = {}
        self.types: dict[str, list[str]] = defaultdict(list)
        self.out: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.inn: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        self.etypes: set[str] = set()
        for f in sorted(folder.glob("nodes_*.csv")):
            with open(f, newline="", encoding="utf-8") as fh:
                r = csv.reader(fh)
                head = next(r)
                group = re.search(r"\((\w+)\)", head[0]).group(1)
                cols = [h.split(":") for h in head[1:-1]]
                for row in r:
                    nid = f"{group}:{row[0]}"
                    self.nodes[nid] = {c: _conv(v, k) for (c, k), v in zip(cols, row[1:-1], strict=True)}
                    self.nodes[nid]["_type"] = row[-1]
                    self.types[row[-1]].append(nid)
        for f in sorted(folder.glob("rels_*.csv")):
            with open(f, newline="", encoding="utf-8") as fh:
                r = csv.reader(fh)
                head = next(r)
                sg = re.search(r"\((\w+)\)", head[0]).group(1)
                eg = re.search(r"\((\w+)\)", head[1]).group(1)
                cols = [h.split(":") for h in head[2:-1]]
                for row in r:
                    s, e = f"{sg}:{row[0]}", f"{eg}:{row[1]}"
                    props = {c: _conv(v, k) for (c, k), v in zip(cols, row[2:-1], strict=True)}
                    self.out[s].append((row[-1], e, props))
                    self.inn[e].append((row[-1], s, props))
                    self.etypes.add(row[-1])
        self.names = {nid: self.name(nid) for nid in self.nodes}

    def name(self, nid: str) -> str:
        n = self.nodes[nid]
        if "first_name" in n:
            return f"{n['first_name']} {n['last_name']}"
        return n.get("title") or n["name"]

    def o(self, nid: str, et: str) -> list[str]:
        return sorted({d for t, d, _ in self.out[nid] if t == et})

    def i(self, nid: str, et: str) -> list[str]:
        return sorted({s for t, s, _ in self.inn[nid] if t == et})

    def edge(self, s: str, et: str, d: str) -> dict | None:
        return next((p for t, x, p in self.out[s] if t == et and x == d), None)

    def step(self, ids, et: str, direction: str) -> list[str]:
        f = self.o if direction == "out" else self.i
        return sorted({y for x in ids for y in f(x, et)})


def _contains(text: str, s: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(s.lower()) + r"(?![\w-])", text.lower()) is not None


class Builder:
    def __init__(self, g: G):
        self.g = g
        self.rows: list[dict] = []
        self.rng = random.Random(2525)
        self.used: set[str] = set()

    def cands(self, t: str) -> list[str]:
        c = sorted(self.g.types[t], key=lambda x: int(x.split(":")[1]))
        self.rng.shuffle(c)
        return [x for x in c if x not in self.used]

    def add(self, kind: str, text: str, gold: dict, hops: int, subject: str | None = None) -> None:
        for n in gold.get("names", []):
            assert not _contains(text, n), (text, n)
        if gold["type"] in ("value", "count"):
            assert not _contains(text, str(gold["value"])), (text, gold)
        if subject:
            self.used.add(subject)
        self.rows.append({"id": f"byog25-{len(self.rows) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                          "hops": hops})

    def set_gold(self, ids) -> dict:
        ids = sorted(ids, key=lambda x: (x.split(":")[0], int(x.split(":")[1])))
        return {"type": "set", "ids": ids, "names": [self.g.names[i] for i in ids]}

    def safe_set(self, ids, text: str, lo: int = 1, hi: int = 12) -> bool:
        return lo <= len(ids) <= hi and not any(_contains(text, self.g.names[i]) for i in ids)

    def first(self, t: str, fn):
        """fn(candidate) -> (text, gold) or None; the first candidate that works."""
        for c in self.cands(t):
            r = fn(c)
            if r:
                return c, r
        raise RuntimeError(f"no candidate for {t}")


def build(g: G) -> list[dict]:  # noqa: C901 - one linear script of question templates
    b = Builder(g)
    N = g.names
    nd = g.nodes
    T = g.types

    # ---- count (5)
    b.add("count", "How many venues are in the graph?", {"type": "count", "value": len(T["Venue"])}, 0)
    b.add("count", "how many bands are there", {"type": "count", "value": len(T["Band"])}, 0)
    b.add("count", "Number of record labels?", {"type": "count", "value": len(T["Label"])}, 0)
    b.add("count", "How many gigs does the dataset contain?", {"type": "count", "value": len(T["Concert"])}, 0)
    b.add("count", "how many music genres are tracked", {"type": "count", "value": len(T["Genre"])}, 0)

    # ---- filtered_count (10)
    def cnt(t, pred):
        return sum(1 for x in T[t] if pred(nd[x]))

    b.add("filtered_count", "How many concerts sold out?", {"type": "count", "value": cnt("Concert", lambda n: n["sold_out"])}, 1)
    b.add("filtered_count", "how many bands are currently on hiatus",
          {"type": "count", "value": cnt("Band", lambda n: n["status"] == "hiatus")}, 1)
    b.add("filtered_count", "How many of the venues are open-air (outdoor)?",
          {"type": "count", "value": cnt("Venue", lambda n: n["outdoor"])}, 1)
    b.add("filtered_count", "Count the independent record labels.",
          {"type": "count", "value": cnt("Label", lambda n: n["independent"])}, 1)
    b.add("filtered_count", "How many artists have drums as their main instrument?",
          {"type": "count", "value": cnt("Artist", lambda n: n["instrument"] == "drums")}, 1)
    b.add("filtered_count", "How many venues can hold more than 5000 people?",
          {"type": "count", "value": cnt("Venue", lambda n: n["capacity"] > 5000)}, 1)
    b.add("filtered_count", "how many cities in Germany are there in the data?",
          {"type": "count", "value": cnt("City", lambda n: n["country"] == "Germany")}, 1)
    b.add("filtered_count", "How many tours had North America as their region?",
          {"type": "count", "value": cnt("Tour", lambda n: n["region"] == "North America")}, 1)
    b.add("filtered_count", "How many artists were born before 1960?",
          {"type": "count", "value": cnt("Artist", lambda n: n["born"] < "1960-01-01")}, 1)
    b.add("filtered_count", "Number of bands formed after 2010",
          {"type": "count", "value": cnt("Band", lambda n: n["formed_year"] > 2010)}, 1)

    # ---- list (7)
    spain = [c for c in T["City"] if nd[c]["country"] == "Spain"]
    b.add("list", "Which cities are in Spain?", b.set_gold(spain), 1)

    def lst(t, et, direction, fmt, lo=2, hi=12):
        def fn(c):
            ids = g.o(c, et) if direction == "out" else g.i(c, et)
            text = fmt.format(N[c])
            return (text, ids) if b.safe_set(ids, text, lo, hi) else None
        c, (text, ids) = b.first(t, fn)
        b.add("list", text, b.set_gold(ids), 1, c)

    lst("Band", "MEMBER_OF", "in", "Who plays in {}?", 3)
    lst("Band", "PLAYS", "out", "what genres does {} play", 2)
    lst("City", "LOCATED_IN", "in", "Show me the venues in {}.", 3, 8)
    lst("Label", "SIGNED_TO", "in", "Which bands are on the {} roster?", 3, 8)
    lst("Band", "TOURED", "out", "List the tours {} has been on", 2, 6)
    lst("City", "BASED_IN", "in", "which promoters have their base in {}?", 2, 5)

    # ---- multihop (14)
    def mh(t, text_fmt, walk, hops, lo=1, hi=12, gold="set", only=None, cap=36):
        def fn(c):
            if only and not only(c):
                return None
            ids = [c]
            for et, d in walk:
                ids = g.step(ids, et, d)
            ids = [x for x in ids if x != c]
            text = text_fmt.format(N[c])
            if gold == "count":
                return (text, ids) if 12 < len(ids) < cap and not _contains(text, str(len(ids))) else None
            return (text, ids) if b.safe_set(ids, text, lo, hi) else None
        c, (text, ids) = b.first(t, fn)
        g_ = {"type": "count", "value": len(ids)} if gold == "count" else b.set_gold(ids)
        b.add("multihop", text, g_, hops, c)

    mh("Artist", "Which bands have a member who was influenced by {}?",
       [("INFLUENCED", "out"), ("MEMBER_OF", "out")], 2, 2)
    mh("Band", "who influenced the members of {}", [("MEMBER_OF", "in"), ("INFLUENCED", "in")], 2, 2)
    mh("Artist", "Which artists were influenced by someone that {} influenced?",
       [("INFLUENCED", "out"), ("INFLUENCED", "out")], 2, 2)
    mh("Artist", "Who were the influences of {}'s own influences?", [("INFLUENCED", "in"), ("INFLUENCED", "in")], 2)
    mh("Tour", "Which venues hosted stops of the {}?", [("PART_OF", "in"), ("HELD_AT", "out")], 2, 3)
    mh("Tour", "in which cities did the {} stop", [("PART_OF", "in"), ("HELD_AT", "out"), ("LOCATED_IN", "out")], 3, 3)
    mh("Band", "Which bands have shared a bill with {}?", [("PERFORMED_AT", "out"), ("PERFORMED_AT", "in")], 2, 3)
    mh("Venue", "Which promoters have put on gigs at {}?", [("HELD_AT", "in"), ("PROMOTED", "in")], 2, 2)
    mh("Venue", "Give me the record labels whose bands have played {}", [("HELD_AT", "in"), ("PERFORMED_AT", "in"),
                                                                         ("SIGNED_TO", "out")], 3, 2)
    mh("Artist", "In which cities has {} performed with their band?",
       [("MEMBER_OF", "out"), ("PERFORMED_AT", "out"), ("HELD_AT", "out"), ("LOCATED_IN", "out")], 4, 3,
       only=lambda c: len(g.o(c, "MEMBER_OF")) == 1)
    mh("Label", "In how many different cities have bands signed to {} played a concert?",
       [("SIGNED_TO", "in"), ("PERFORMED_AT", "out"), ("HELD_AT", "out"), ("LOCATED_IN", "out")], 4, gold="count")
    mh("Promoter", "which tours included a show promoted by {}", [("PROMOTED", "out"), ("PART_OF", "out")], 2, 2)
    mh("Artist", "What labels represent bands whose members were influenced by {}?",
       [("INFLUENCED", "out"), ("MEMBER_OF", "out"), ("SIGNED_TO", "out")], 3, 2)
    mh("Genre", "how many distinct venues have hosted {} bands?",
       [("PLAYS", "in"), ("PERFORMED_AT", "out"), ("HELD_AT", "out")], 3, gold="count", cap=150)

    # ---- superlative (10)
    def top(ids, key, text, kind="superlative", hops=1):
        vals = sorted(((key(x), x) for x in ids), reverse=True)
        if len(vals) < 2 or vals[0][0] == vals[1][0] or _contains(text, N[vals[0][1]]):
            return False
        b.add(kind, text, b.set_gold([vals[0][1]]), hops)
        return True

    assert top(T["Venue"], lambda x: nd[x]["capacity"], "Which venue has the largest capacity?")
    assert top(T["Band"], lambda x: nd[x]["streams_millions"], "what's the most streamed band")
    assert top(T["Artist"], lambda x: -int(nd[x]["born"].replace("-", "")), "Who is the oldest artist?")
    assert top(T["Tour"], lambda x: nd[x]["budget"], "Which tour had the biggest budget?")
    assert top(T["Band"], lambda x: len(g.o(x, "PERFORMED_AT")), "Which band has played the most concerts?", hops=1)
    assert top(T["Artist"], lambda x: len(g.o(x, "INFLUENCED")), "which artist influenced the largest number of other artists")
    assert top(T["Promoter"], lambda x: sum(p["tickets_sold"] for t, _, p in g.out[x] if t == "PROMOTED"),
               "Which promoter sold the most tickets overall?")
    assert top(T["Band"], lambda x: sum(p["fee"] for t, _, p in g.out[x] if t == "PERFORMED_AT"),
               "Which band has earned the most in total performance fees?")
    for c in b.cands("Band"):
        mem = g.i(c, "MEMBER_OF")
        if len(mem) >= 3 and top(mem, lambda x: nd[x]["monthly_listeners"],
                                 f"Among the members of {N[c]}, who has the most monthly listeners?"):
            b.used.add(c)
            break
    for c in b.cands("City"):
        vs = g.i(c, "LOCATED_IN")
        if len(vs) >= 3 and top(vs, lambda x: nd[x]["capacity"], f"What is the biggest venue in {N[c]} by capacity?"):
            b.used.add(c)
            break

    # ---- aggregate (5)
    def agg(t, fn, text_fmt, hops, lo=2):
        for c in b.cands(t):
            vals = fn(c)
            if len(vals) >= lo:
                text = text_fmt.format(N[c])
                v = sum(vals) / len(vals) if "average" in text.lower() else sum(vals)
                v = int(v) if float(v).is_integer() else round(v, 2)
                b.add("aggregate", text, {"type": "value", "value": v}, hops, c)
                return
        raise RuntimeError(text_fmt)

    agg("City", lambda c: [nd[v]["capacity"] for v in g.i(c, "LOCATED_IN")],
        "What is the total capacity of all venues in {}?", 1)
    agg("Venue", lambda c: [nd[x]["ticket_price"] for x in g.i(c, "HELD_AT")],
        "average ticket price for concerts at {}", 1, 3)
    agg("Promoter", lambda c: [p["tickets_sold"] for t, _, p in g.out[c] if t == "PROMOTED"],
        "How many tickets has {} sold in total across all its shows?", 1)
    agg("Tour", lambda c: [nd[x]["attendance"] for x in g.i(c, "PART_OF")],
        "What was the average attendance at the {} concerts?", 1, 3)
    agg("Label", lambda c: [nd[x]["streams_millions"] for x in g.i(c, "SIGNED_TO")],
        "Combined streams (in millions) of the bands signed to {}?", 1, 3)

    # ---- edge_property (7)
    perf = sorted(((s, d, p) for s in T["Band"] for t, d, p in g.out[s] if t == "PERFORMED_AT"),
                  key=lambda r: (int(r[0].split(":")[1]), int(r[1].split(":")[1])))
    b.rng.shuffle(perf)
    support = next(r for r in perf if r[2]["billing"] == "support")
    b.add("edge_property", f"What billing did {N[support[0]]} get at {N[support[1]]}?",
          {"type": "value", "value": "support"}, 1)
    head = next(r for r in perf if r[2]["billing"] == "headliner" and r[2]["set_minutes"] >= 60)
    b.add("edge_property", f"how long was {N[head[0]]}'s set at {N[head[1]]}, in minutes",
          {"type": "value", "value": head[2]["set_minutes"]}, 1)
    fee = perf[7]
    b.add("edge_property", f"What fee was {N[fee[0]]} paid for playing {N[fee[1]]}?",
          {"type": "value", "value": fee[2]["fee"]}, 1)
    promo = sorted(((s, d, p) for s in T["Promoter"] for t, d, p in g.out[s] if t == "PROMOTED"),
                   key=lambda r: (int(r[0].split(":")[1]), int(r[1].split(":")[1])))
    pr = promo[b.rng.randrange(len(promo))]
    b.add("edge_property", f"How many tickets did {N[pr[0]]} sell for {N[pr[1]]}?",
          {"type": "value", "value": pr[2]["tickets_sold"]}, 1)
    mem = sorted(((s, d, p) for s in T["Artist"] for t, d, p in g.out[s] if t == "MEMBER_OF"),
                 key=lambda r: (int(r[0].split(":")[1]), int(r[1].split(":")[1])))
    m = mem[b.rng.randrange(len(mem))]
    b.add("edge_property", f"When did {N[m[0]]} join {N[m[1]]}?", {"type": "value", "value": m[2]["joined"]}, 1)
    sig = sorted(((s, d, p) for s in T["Band"] for t, d, p in g.out[s] if t == "SIGNED_TO"),
                 key=lambda r: int(r[0].split(":")[1]))
    sg = next(r for r in sig[b.rng.randrange(len(sig)):] if r[2]["deal"] != "standard")
    b.add("edge_property", f"what kind of deal does {N[sg[0]]} have with {N[sg[1]]}",
          {"type": "value", "value": sg[2]["deal"]}, 1)
    for c in b.cands("Band"):
        k = sum(1 for t, _, p in g.out[c] if t == "PERFORMED_AT" and p["encore"])
        if k >= 2:
            b.add("edge_property", f"In how many of its shows did {N[c]} play an encore?",
                  {"type": "count", "value": k}, 1, c)
            break

    # ---- yes_no (8), alternating yes / no
    def yn(t, et, text_fmt, want: bool, other_t: str):
        for c in b.cands(t):
            outs = g.o(c, et)
            if not outs:
                continue
            if want:
                d = outs[b.rng.randrange(len(outs))]
            else:
                pool = [x for x in sorted(T[other_t]) if x not in outs and x != c]
                d = pool[b.rng.randrange(len(pool))]
            b.add("yes_no", text_fmt.format(N[c], N[d]), {"type": "bool", "value": want}, 1, c)
            return
        raise RuntimeError(text_fmt)

    yn("Artist", "INFLUENCED", "Did {} influence {}?", True, "Artist")
    yn("Band", "SIGNED_TO", "is {} signed to {}", False, "Label")
    yn("Band", "PLAYS", "Does {} play {}?", True, "Genre")
    yn("Venue", "LOCATED_IN", "Is {} located in {}?", False, "City")
    yn("Concert", "PART_OF", "Was {} a stop on the {}?", True, "Tour")
    yn("Artist", "MEMBER_OF", "Is {} a member of {}?", False, "Band")
    yn("Promoter", "PROMOTED", "did {} promote {}", True, "Concert")
    yn("Band", "PERFORMED_AT", "Did {} perform at {}?", False, "Concert")

    # ---- portfolio (3)
    def nbrs(c):
        return sorted({d for _, d, _ in g.out[c]} | {s for _, s, _ in g.inn[c]})

    for t, fmt in (("Tour", "Tell me everything about the {}."), ("Label", "give me an overview of {}"),
                   ("Artist", "What do we know about {}? Everything connected to them, please.")):
        def fn(c, fmt=fmt):
            ids = nbrs(c)
            text = fmt.format(N[c])
            return (text, ids) if b.safe_set(ids, text, 4, 12) else None
        c, (text, ids) = b.first(t, fn)
        b.add("portfolio", text, b.set_gold(ids), 1, c)

    # ---- unknown (4)
    lower = {n.lower() for n in N.values()}
    for text, fake in (("Which venues have The Porcelain Walruses played?", "The Porcelain Walruses"),
                       ("How many tickets did Quasar Ticketing Ltd sell?", "Quasar Ticketing Ltd"),
                       ("who are the members of Ivory Lagoon", "Ivory Lagoon"),
                       ("When did the Zephyrine Amphidrome open?", "Zephyrine Amphidrome")):
        assert fake.lower() not in lower and all(w.lower() not in lower for w in fake.split())
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    b.add("global", "How many different types of nodes does this graph have?", {"type": "count", "value": len(T)}, 0)
    b.add("global", "how many kinds of relationships are there", {"type": "count", "value": len(g.etypes)}, 0)
    b.add("global", "What's the total number of entities in the graph?", {"type": "count", "value": len(g.nodes)}, 0)
    return b.rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0])
    folder = Path(argv[1]) if len(argv) > 1 else out / "music_csv"
    rows = build(G(folder))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
