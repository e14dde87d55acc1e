"""Deterministic holdout questions over the parliament graph written by graph.py.

    python tests/byog59/questions.py OUT_DIR [GRAPH_PATH]

reads GRAPH_PATH (default OUT_DIR/parliament.graphml) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import networkx as nx

SEED = 59
NUM_RE = re.compile(r"(?<![\w\-#/.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)")


class G:
    def __init__(self, path: Path) -> None:
        self.g = nx.read_graphml(path)
        self.nodes = dict(self.g.nodes(data=True))
        self.by_type: dict[str, list[str]] = {}
        for n, d in sorted(self.nodes.items(), key=lambda kv: _idkey(kv[0])):
            self.by_type.setdefault(d["type"], []).append(n)
        self.out: dict[tuple[str, str], list[str]] = {}
        self.inn: dict[tuple[str, str], list[str]] = {}
        for u, v, d in self.g.edges(data=True):
            self.out.setdefault((u, d["type"]), []).append(v)
            self.inn.setdefault((v, d["type"]), []).append(u)
        self.edge_types = sorted({d["type"] for _, _, d in self.g.edges(data=True)})

    def name(self, n: str) -> str:
        d = self.nodes[n]
        if d["type"] == "Member":
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def o(self, n: str, t: str) -> list[str]:
        return sorted(self.out.get((n, t), []), key=_idkey)

    def i(self, n: str, t: str) -> list[str]:
        return sorted(self.inn.get((n, t), []), key=_idkey)

    def e(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def all_names(self) -> set[str]:
        return {self.name(n).lower() for n in self.nodes}


def _idkey(n: str) -> tuple[str, int]:
    p, _, k = n.rpartition("-")
    return (p, int(k)) if k.isdigit() else (n, 0)


class Builder:
    def __init__(self, g: G) -> None:
        self.g = g
        self.rng = random.Random(SEED)
        self.items: list[dict] = []
        self.used_q: set[str] = set()

    def shuffled(self, ntype: str) -> list[str]:
        xs = list(self.g.by_type[ntype])
        self.rng.shuffle(xs)
        return xs

    def sset(self, ids) -> dict:
        ids = sorted(set(ids), key=_idkey)
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def valid(self, q: str, gold: dict) -> bool:
        low = q.lower()
        t = gold["type"]
        nums = {float(m.replace(",", "")) for m in NUM_RE.findall(q)}
        if t == "count":
            v = gold["value"]
            return v > 0 and float(v) not in nums
        if t == "set":
            n = len(gold["ids"])
            return 1 <= n <= 12 and not any(nm.lower() in low for nm in gold["names"])
        if t == "value":
            v = gold["value"]
            if isinstance(v, str):
                return v.lower() not in low
            return float(v) not in nums
        return True

    def add(self, kind: str, hops: int, q: str, gold: dict) -> bool:
        if q in self.used_q or not self.valid(q, gold):
            return False
        self.used_q.add(q)
        self.items.append({"kind": kind, "question": q, "gold": gold, "hops": hops})
        return True

    def first(self, kind: str, hops: int, cands, make) -> None:
        for c in cands:
            r = make(c)
            if r is None:
                continue
            q, gold = r
            if self.add(kind, hops, q, gold):
                return
        raise RuntimeError(f"no candidate for a {kind} question")


def count(v: int) -> dict:
    return {"type": "count", "value": int(v)}


def value(v) -> dict:
    return {"type": "value", "value": v}


def boolean(v: bool) -> dict:
    return {"type": "bool", "value": bool(v)}


def unique_max(pairs):
    """(id, score) pairs -> the id with the single highest score, or None on a tie."""
    pairs = list(pairs)
    if not pairs:
        return None
    best = max(s for _, s in pairs)
    top = [i for i, s in pairs if s == best]
    return top[0] if len(top) == 1 else None


def build(g: G) -> list[dict]:
    b = Builder(g)
    N = g.name
    nd = g.nodes
    members, bills, divisions = g.by_type["Member"], g.by_type["Bill"], g.by_type["Division"]
    committees, lobbies, debates = g.by_type["Committee"], g.by_type["LobbyGroup"], g.by_type["Debate"]
    regions, parties, ministries = g.by_type["Region"], g.by_type["Party"], g.by_type["Ministry"]
    consts = g.by_type["Constituency"]

    def of_type(t, pred):
        return sum(1 for n in g.by_type[t] if pred(nd[n]))

    # ---- count (5)
    b.add("count", 0, "How many MPs are there in the parliament?", count(len(members)))
    b.add("count", 0, "how many lobbying organisations are on record", count(len(lobbies)))
    b.add("count", 0, "Total number of bills?", count(len(bills)))
    b.add("count", 0, "How many parliamentary committees exist?", count(len(committees)))
    b.add("count", 0, "What's the number of recorded divisions (formal votes) in the house?", count(len(divisions)))

    # ---- filtered_count (10)
    b.add("filtered_count", 0, "How many bills have received royal assent?",
          count(of_type("Bill", lambda d: d["stage"] == "royal assent")))
    b.add("filtered_count", 0, "how many MPs are on the government benches",
          count(of_type("Member", lambda d: d["bench"] == "government")))
    b.add("filtered_count", 0, "How many constituencies are classed as rural?",
          count(of_type("Constituency", lambda d: d["setting"] == "rural")))
    b.add("filtered_count", 0, "Number of lobby groups working in the energy sector",
          count(of_type("LobbyGroup", lambda d: d["sector"] == "energy")))
    b.first("filtered_count", 1, sorted(parties, key=lambda p: len(g.i(p, "BELONGS_TO")))[:4],
            lambda p: (f"How many MPs belong to {N(p)}?", count(len(g.i(p, "BELONGS_TO")))))
    b.first("filtered_count", 1, b.shuffled("Region"),
            lambda r: (f"how many constituencies lie in the {N(r)} region?", count(len(g.i(r, "LOCATED_IN")))))
    b.add("filtered_count", 0, "How many divisions were held as free votes?",
          count(of_type("Division", lambda d: d["free_vote"])))
    b.add("filtered_count", 0, "How many MPs were born before 1960?",
          count(of_type("Member", lambda d: d["born_on"] < "1960-01-01")))
    b.add("filtered_count", 0, "Count the government bills.",
          count(of_type("Bill", lambda d: d["government_bill"])))
    b.add("filtered_count", 0, "how many debates were held in an evening sitting?",
          count(of_type("Debate", lambda d: d["sitting"] == "evening")))

    # ---- list (7)
    b.first("list", 1, b.shuffled("Committee"),
            lambda c: (f"Which MPs sit on the {N(c)}?", b.sset(g.i(c, "SITS_ON"))))
    b.add("list", 0, "List the ministries whose budget exceeds 150 billion.",
          b.sset([m for m in ministries if nd[m]["budget_bn"] > 150]))
    b.first("list", 1, [x for x in b.shuffled("Bill") if len(g.i(x, "SPONSORED")) >= 3],
            lambda x: (f"who sponsored the {N(x)}", b.sset(g.i(x, "SPONSORED"))))
    b.add("list", 0, "Which regions have devolved status?", b.sset([r for r in regions if nd[r]["devolved"]]))
    b.first("list", 1, [m for m in b.shuffled("Member") if len(g.i(m, "LOBBIED")) >= 2],
            lambda m: (f"Show me the lobby groups that have lobbied {N(m)}.", b.sset(g.i(m, "LOBBIED"))))
    b.first("list", 1, b.shuffled("Ministry"),
            lambda m: (f"Give me the ministers serving in {N(m)}", b.sset(g.i(m, "HOLDS_POST_IN"))))
    b.first("list", 1, [m for m in b.shuffled("Member") if len(g.o(m, "SPOKE_IN")) >= 3],
            lambda m: (f"Which debates did {N(m)} speak in?", b.sset(g.o(m, "SPOKE_IN"))))

    # ---- multihop (14)
    def mentees2(m):
        return {z for y in g.o(m, "MENTORS") for z in g.o(y, "MENTORS")}

    b.first("multihop", 2, [m for m in b.shuffled("Member") if mentees2(m)],
            lambda m: (f"Who is mentored by the people that {N(m)} mentors?", b.sset(mentees2(m))))

    def grand_mentor(m):
        ms = g.i(m, "MENTORS")
        return {z for y in ms for z in g.i(y, "MENTORS")}

    b.first("multihop", 2, [m for m in b.shuffled("Member") if grand_mentor(m)],
            lambda m: (f"who mentors {N(m)}'s mentor?", b.sset(grand_mentor(m))))
    b.first("multihop", 2, [m for m in b.shuffled("Member") if len(g.o(m, "MENTORS")) >= 2],
            lambda m: (f"Which constituencies are represented by MPs that {N(m)} mentors?",
                       b.sset(c for y in g.o(m, "MENTORS") for c in g.o(y, "REPRESENTS"))))
    b.first("multihop", 2, [m for m in b.shuffled("Member") if g.i(m, "MENTORS")],
            lambda m: (f"What party is the mentor of {N(m)} in?",
                       b.sset(p for y in g.i(m, "MENTORS") for p in g.o(y, "BELONGS_TO"))))
    b.first("multihop", 2, b.shuffled("Member"),
            lambda m: (f"In which region is the seat held by {N(m)}?",
                       b.sset(r for c in g.o(m, "REPRESENTS") for r in g.o(c, "LOCATED_IN"))))

    def region_committee(rc):
        r, c = rc
        reg_mps = {m for k in g.i(r, "LOCATED_IN") for m in g.i(k, "REPRESENTS")}
        return reg_mps & set(g.i(c, "SITS_ON"))

    rcs = [(r, c) for r in regions for c in committees]
    b.rng.shuffle(rcs)
    b.first("multihop", 3, [rc for rc in rcs if len(region_committee(rc)) >= 2],
            lambda rc: (f"Which members from the {N(rc[0])} region serve on the {N(rc[1])}?",
                        b.sset(region_committee(rc))))
    b.first("multihop", 2, b.shuffled("Committee"),
            lambda c: (f"How many distinct bills were sponsored by members of the {N(c)}?",
                       count(len({x for m in g.i(c, "SITS_ON") for x in g.o(m, "SPONSORED")}))))
    b.first("multihop", 3, b.shuffled("Region"),
            lambda r: (f"how many different lobby groups lobbied MPs representing constituencies in {N(r)}",
                       count(len({lo for k in g.i(r, "LOCATED_IN") for m in g.i(k, "REPRESENTS")
                                  for lo in g.i(m, "LOBBIED")}))))

    def region_bills(r):
        return {x for k in g.i(r, "LOCATED_IN") for m in g.i(k, "REPRESENTS") for dv in g.o(m, "CAST_VOTE")
                for x in g.o(dv, "ON_BILL")}

    b.first("multihop", 4, b.shuffled("Region"),
            lambda r: (f"How many different bills were put to a division in which an MP for a constituency in "
                       f"{N(r)} voted?", count(len(region_bills(r)))))

    def debate_regions(dbt):
        return {r for x in g.o(dbt, "DEBATE_ON") for m in g.i(x, "SPONSORED") for k in g.o(m, "REPRESENTS")
                for r in g.o(k, "LOCATED_IN")}

    b.first("multihop", 4, [d for d in b.shuffled("Debate") if len(debate_regions(d)) >= 2],
            lambda d: (f"Which regions contain seats held by MPs who sponsored the bill debated in '{N(d)}'?",
                       b.sset(debate_regions(d))))

    def sponsor_debate_parties(m):
        return {p for x in g.o(m, "SPONSORED") for dbt in g.i(x, "DEBATE_ON") for s in g.i(dbt, "SPOKE_IN")
                for p in g.o(s, "BELONGS_TO")}

    b.first("multihop", 4, [m for m in b.shuffled("Member") if len(sponsor_debate_parties(m)) >= 2],
            lambda m: (f"Which parties have MPs who spoke in a debate on a bill that {N(m)} sponsored?",
                       b.sset(sponsor_debate_parties(m))))

    def chairs_of(m):
        return {s for c in g.o(m, "SITS_ON") for s in g.i(c, "SITS_ON") if g.e(s, c)["is_chair"] and s != m}

    b.first("multihop", 2, [m for m in b.shuffled("Member") if len(g.o(m, "SITS_ON")) >= 2 and chairs_of(m)],
            lambda m: (f"Who chairs the committees that {N(m)} is on?", b.sset(chairs_of(m))))

    def mentee_lobbies(m):
        return {lo for y in g.o(m, "MENTORS") for lo in g.i(y, "LOBBIED")}

    b.first("multihop", 2, [m for m in b.shuffled("Member") if mentee_lobbies(m)],
            lambda m: (f"Which lobbying organisations have approached {N(m)}'s mentees?", b.sset(mentee_lobbies(m))))

    def bill_speakers(x):
        return {s for dbt in g.i(x, "DEBATE_ON") for s in g.i(dbt, "SPOKE_IN")}

    b.first("multihop", 2, [x for x in b.shuffled("Bill") if bill_speakers(x)],
            lambda x: (f"list everyone who spoke in debates on the {N(x)}", b.sset(bill_speakers(x))))

    # ---- superlative (10)
    sup = "superlative"
    cands = [
        (0, "Which bill carries the highest estimated cost?",
         unique_max((x, nd[x]["estimated_cost_m"]) for x in bills)),
        (0, "who is the oldest MP?", unique_max((m, -int(nd[m]["born_on"].replace("-", ""))) for m in members)),
        (0, "Which constituency has the largest electorate", unique_max((c, nd[c]["electorate"]) for c in consts)),
        (1, "Which lobby group has lobbied the most MPs?", unique_max((lo, len(g.o(lo, "LOBBIED"))) for lo in lobbies)),
        (1, "Which party has the largest number of MPs?", unique_max((p, len(g.i(p, "BELONGS_TO"))) for p in parties)),
        (1, "What is the biggest committee by membership?", unique_max((c, len(g.i(c, "SITS_ON"))) for c in committees)),
        (1, "Which lobbying group spent the most in total across all its lobbying contacts?",
         unique_max((lo, round(sum(g.e(lo, m)["spend_k"] for m in g.o(lo, "LOBBIED")), 2)) for lo in lobbies)),
        (1, "Which MP spoke for the most minutes in total across all debates?",
         unique_max((m, round(sum(g.e(m, d)["minutes"] for d in g.o(m, "SPOKE_IN")), 1)) for m in members)),
        (0, "which debate ran the longest?", unique_max((d, nd[d]["duration_hours"]) for d in debates)),
        (0, "Which ministry has the biggest headcount?", unique_max((m, nd[m]["headcount"]) for m in ministries)),
        (1, "Which bill was put to the most divisions?", unique_max((x, len(g.i(x, "ON_BILL"))) for x in bills)),
    ]
    n_sup = 0
    for hops, q, best in cands:
        if best is not None and n_sup < 7 and b.add(sup, hops, q, b.sset([best])):
            n_sup += 1
    b.first(sup, 1, b.shuffled("Committee"),
            lambda c: (f"Among the members of the {N(c)}, who has the best attendance record?",
                       (lambda w: b.sset([w]) if w else None)(
                           unique_max((m, nd[m]["attendance_pct"]) for m in g.i(c, "SITS_ON")))))
    b.first(sup, 2, [m for m in b.shuffled("Member") if len(g.o(m, "MENTORS")) >= 2],
            lambda m: (f"Of the MPs mentored by {N(m)}, which one won their seat by the largest majority?",
                       (lambda w: b.sset([w]) if w else None)(
                           unique_max((y, g.e(y, g.o(y, "REPRESENTS")[0])["majority"]) for y in g.o(m, "MENTORS")))))
    b.first(sup, 1, [x for x in b.shuffled("Bill") if len(g.i(x, "SPONSORED")) >= 3],
            lambda x: (f"which of the sponsors of the {N(x)} is the longest-serving (most terms)?",
                       (lambda w: b.sset([w]) if w else None)(
                           unique_max((m, nd[m]["terms_served"]) for m in g.i(x, "SPONSORED")))))
    if n_sup < 7:
        raise RuntimeError("too few tie-free superlatives")

    # ---- aggregate (5)
    b.add("aggregate", 0, "What's the combined budget of all ministries, in billions?",
          value(round(sum(nd[m]["budget_bn"] for m in ministries), 2)))
    b.first("aggregate", 1, b.shuffled("Region"),
            lambda r: (f"What is the average electorate of constituencies in {N(r)}?",
                       value(round(sum(nd[c]["electorate"] for c in g.i(r, "LOCATED_IN"))
                                   / len(g.i(r, "LOCATED_IN")), 2)) if g.i(r, "LOCATED_IN") else None))
    b.first("aggregate", 1, sorted(parties, key=lambda p: -len(g.i(p, "BELONGS_TO")))[2:],
            lambda p: (f"average attendance percentage of {N(p)} MPs",
                       value(round(sum(nd[m]["attendance_pct"] for m in g.i(p, "BELONGS_TO"))
                                   / len(g.i(p, "BELONGS_TO")), 2))))
    b.first("aggregate", 1, [m for m in b.shuffled("Member") if len(g.o(m, "SPONSORED")) >= 2],
            lambda m: (f"How many pages do the bills sponsored by {N(m)} run to in total?",
                       value(sum(nd[x]["pages"] for x in g.o(m, "SPONSORED")))))
    b.first("aggregate", 1, [m for m in b.shuffled("Member") if len(g.o(m, "SPOKE_IN")) >= 3],
            lambda m: (f"In total, how many minutes has {N(m)} spent speaking in debates?",
                       value(round(sum(g.e(m, d)["minutes"] for d in g.o(m, "SPOKE_IN")), 1))))

    # ---- edge_property (7)
    ep = "edge_property"
    votes = [(m, d) for d in divisions for m in g.i(d, "CAST_VOTE") if g.e(m, d)["ballot"] != "no"]
    b.rng.shuffle(votes)
    b.first(ep, 1, votes, lambda md: (f"How did {N(md[0])} vote in {N(md[1])}?", value(g.e(*md)["ballot"])))
    b.first(ep, 1, b.shuffled("Member"),
            lambda m: (f"What majority did {N(m)} win {N(g.o(m, 'REPRESENTS')[0])} with?",
                       value(g.e(m, g.o(m, "REPRESENTS")[0])["majority"])))
    lob = [(lo, m) for lo in lobbies for m in g.o(lo, "LOBBIED")]
    b.rng.shuffle(lob)
    b.first(ep, 1, lob, lambda lm: (f"When did {N(lm[0])} last contact {N(lm[1])}?",
                                    value(g.e(*lm)["last_contact"])))
    b.first(ep, 1, lob[1:], lambda lm: (f"how many meetings has {N(lm[0])} held with {N(lm[1])}",
                                        value(g.e(*lm)["meetings"])))
    posts = [(m, mi) for mi in ministries for m in g.i(mi, "HOLDS_POST_IN")]
    b.rng.shuffle(posts)
    b.first(ep, 1, posts, lambda mm: (f"What post does {N(mm[0])} hold at the {N(mm[1])}?",
                                      value(g.e(*mm)["post"])))
    b.first(ep, 1, b.shuffled("Division"),
            lambda d: (f"How many proxy votes were cast in {N(d)}?",
                       count(sum(1 for m in g.i(d, "CAST_VOTE") if g.e(m, d)["proxy"]))))
    b.first(ep, 1, b.shuffled("Member"),
            lambda m: (f"In how many divisions did {N(m)} vote aye?",
                       count(sum(1 for d in g.o(m, "CAST_VOTE") if g.e(m, d)["ballot"] == "aye"))))

    # ---- yes_no (8: 4 yes, 4 no)
    yn = "yes_no"

    def sits(mc):
        return (f"Does {N(mc[0])} sit on the {N(mc[1])}?", boolean(mc[1] in g.o(mc[0], "SITS_ON")))

    seats = [(m, c) for c in committees for m in g.i(c, "SITS_ON")]
    b.rng.shuffle(seats)
    b.first(yn, 1, seats, sits)
    b.first(yn, 1, [(m, c) for m, c in zip(b.shuffled("Member"), committees * 40, strict=False)
                    if c not in g.o(m, "SITS_ON")], sits)
    b.first(yn, 1, [(m, x) for x in b.shuffled("Bill") for m in g.i(x, "SPONSORED")],
            lambda mx: (f"did {N(mx[0])} sponsor the {N(mx[1])}", boolean(True)))
    b.first(yn, 1, [(k, r) for k in b.shuffled("Constituency") for r in regions[:2] if r not in g.o(k, "LOCATED_IN")],
            lambda kr: (f"Is {N(kr[0])} located in {N(kr[1])}?", boolean(False)))
    b.first(yn, 1, lob[5:], lambda lm: (f"Has {N(lm[0])} ever lobbied {N(lm[1])}?", boolean(True)))
    ment = [(u, v) for u in members for v in g.o(u, "MENTORS")]
    b.rng.shuffle(ment)
    b.first(yn, 1, ment, lambda uv: (f"Is {N(uv[1])} a mentor of {N(uv[0])}?", boolean(False)))
    b.first(yn, 0, [p for p in parties if nd[p]["in_government"]],
            lambda p: (f"Is {N(p)} part of the government?", boolean(True)))
    b.first(yn, 0, [d for d in b.shuffled("Division") if not nd[d]["free_vote"]],
            lambda d: (f"Was {N(d)} a free vote?", boolean(False)))

    # ---- portfolio (3)
    def nbrs(n):
        return set(g.g.successors(n)) | set(g.g.predecessors(n))

    b.first("portfolio", 1, [x for x in b.shuffled("Bill") if 6 <= len(nbrs(x)) <= 12],
            lambda x: (f"Tell me everything about the {N(x)}.", b.sset(nbrs(x))))
    b.first("portfolio", 1, [x for x in b.shuffled("LobbyGroup") if 4 <= len(nbrs(x)) <= 12],
            lambda x: (f"what do we know about {N(x)}? give me all its connections", b.sset(nbrs(x))))
    b.first("portfolio", 1, [x for x in b.shuffled("Debate") if 5 <= len(nbrs(x)) <= 12],
            lambda x: (f"Give me the full picture of the debate '{N(x)}': everything linked to it", b.sset(nbrs(x))))

    # ---- unknown (4)
    known = g.all_names()
    for q, fake in [
        ("Which committees does Horatio Blenkinsop sit on?", "Horatio Blenkinsop"),
        ("Who sponsored the Lunar Mining (Licensing) Bill?", "Lunar Mining (Licensing) Bill"),
        ("How many MPs has the Velvet Thistle Syndicate lobbied?", "Velvet Thistle Syndicate"),
        ("which region is the constituency of Qwertonbury in", "Qwertonbury"),
    ]:
        if any(fake.lower() in k or k in fake.lower() for k in known):
            raise RuntimeError(f"made-up name exists: {fake}")
        b.add("unknown", 0, q, {"type": "none"})

    # ---- global (3)
    b.add("global", 0, "How many different node types does this graph have?",
          count(len(g.by_type)))
    b.add("global", 0, "how many kinds of relationship are there in the graph", count(len(g.edge_types)))
    b.add("global", 0, "What is the total number of entities in the dataset, all types together?",
          count(len(g.nodes)))

    out = []
    for k, it in enumerate(b.items, 1):
        out.append({"id": f"byog59-{k:02d}", **it})
    kinds = Counter(it["kind"] for it in out)
    assert 70 <= len(out) <= 80, kinds
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__)
        return 2
    out = Path(argv[0])
    path = Path(argv[1]) if len(argv) > 1 else out / "parliament.graphml"
    items = build(G(path))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"wrote {out / 'holdout.jsonl'}: {len(items)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
