"""Deterministic held-out question set for the byog37 football league graph.

    python tests/byog37/questions.py OUT_DIR [GRAPH_PATH]

reads only the GraphML file graph.py wrote (default OUT_DIR/league.graphml) and writes OUT_DIR/holdout.jsonl.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

import networkx as nx

PREFIX = "byog37"
UNKNOWN_PEOPLE = ["Marcus Fenwright", "Delphine Ashcombe"]
UNKNOWN_OTHER = ["Pinewood Colosseum", "Quasar Holdings"]


class Graph:
    def __init__(self, path: Path) -> None:
        g = nx.read_graphml(path)
        self.attrs = {n: dict(d) for n, d in g.nodes(data=True)}
        self.out: dict[str, dict[str, list[tuple[str, dict]]]] = defaultdict(lambda: defaultdict(list))
        self.inc: dict[str, dict[str, list[tuple[str, dict]]]] = defaultdict(lambda: defaultdict(list))
        self.edge_labels: set[str] = set()
        for u, v, d in g.edges(data=True):
            self.out[u][d["label"]].append((v, dict(d)))
            self.inc[v][d["label"]].append((u, dict(d)))
            self.edge_labels.add(d["label"])
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n in sorted(self.attrs, key=_id_key):
            self.by_type[self.attrs[n]["label"]].append(n)

    def name(self, n: str) -> str:
        a = self.attrs[n]
        if "first_name" in a:
            return f"{a['first_name']} {a['last_name']}"
        return a.get("name") or a["title"]

    def o(self, n: str, label: str) -> list[str]:
        return [v for v, _ in self.out[n][label]]

    def i(self, n: str, label: str) -> list[str]:
        return [u for u, _ in self.inc[n][label]]

    def eprop(self, u: str, v: str, label: str) -> dict:
        for w, d in self.out[u][label]:
            if w == v:
                return d
        raise KeyError((u, v, label))

    def neighbours(self, n: str) -> set[str]:
        out = {v for lst in self.out[n].values() for v, _ in lst}
        return out | {u for lst in self.inc[n].values() for u, _ in lst}


def _id_key(n: str) -> tuple[str, int]:
    t, _, k = n.rpartition("-")
    return t, int(k)


def _num_in(text: str, value: float) -> bool:
    s = str(int(value)) if float(value).is_integer() else str(value)
    return bool(re.search(r"(?<![\w\-#/.,])" + re.escape(s) + r"(?![\w\-#/]|[.,]\d)", text))


class Builder:
    def __init__(self, g: Graph) -> None:
        self.g = g
        self.rows: list[dict] = []
        self.rng = random.Random(3737)

    def pick(self, items: list, pred) -> object:
        """First item (in a seeded shuffle) for which pred returns a non-None result; returns (item, result)."""
        items = list(items)
        self.rng.shuffle(items)
        for it in items:
            r = pred(it)
            if r is not None:
                return it, r
        raise RuntimeError("no candidate fits")

    def set_gold(self, ids) -> dict:
        ids = sorted(set(ids), key=_id_key)
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}

    def ok_gold(self, question: str, gold: dict) -> bool:
        q = question.lower()
        t = gold["type"]
        if t == "count":
            return gold["value"] > 0 and not _num_in(question, gold["value"])
        if t == "set":
            return 1 <= len(gold["ids"]) <= 12 and not any(n.lower() in q for n in gold["names"])
        if t == "value":
            v = gold["value"]
            if isinstance(v, int | float):
                return not _num_in(question, v)
            return str(v).lower() not in q
        return True

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        if not self.ok_gold(question, gold):
            raise RuntimeError(f"bad gold for {question!r}: {gold!r}")
        self.rows.append({"id": f"{PREFIX}-{len(self.rows) + 1:02d}", "kind": kind, "question": question,
                          "gold": gold, "hops": hops})


def _unique_top(items: list[tuple[str, float]], highest: bool = True) -> str | None:
    if not items:
        return None
    items = sorted(items, key=lambda p: p[1], reverse=highest)
    if len(items) > 1 and items[0][1] == items[1][1]:
        return None
    return items[0][0]


def build_questions(g: Graph) -> list[dict]:  # noqa: C901 - one flat list of templates reads best
    b = Builder(g)
    T = g.by_type
    clubs, players, coaches, stadiums = T["Club"], T["Player"], T["Coach"], T["Stadium"]
    agents, referees, sponsors, seasons, matches = T["Agent"], T["Referee"], T["Sponsor"], T["Season"], T["Match"]
    N = g.name

    def club_of(p: str) -> str:
        return g.o(p, "PLAYS_FOR")[0]

    def mentor(c: str) -> str | None:
        m = g.i(c, "MENTORED")
        return m[0] if m else None

    def coach_club(c: str) -> str:
        return g.o(c, "COACHES")[0]

    def goals_of(p: str) -> int:
        return sum(d["goals"] for _, d in g.out[p]["SCORED"])

    def season_of(m: str) -> str:
        return g.o(m, "IN_SEASON")[0]

    def captain(c: str) -> str:
        return next(u for u, d in g.inc[c]["PLAYS_FOR"] if d["is_captain"])

    # ---- count / global
    b.add("count", "How many clubs are in the league?", {"type": "count", "value": len(clubs)}, 0)
    b.add("count", "how many players are registered in total", {"type": "count", "value": len(players)}, 0)
    b.add("count", "Number of referees in the dataset?", {"type": "count", "value": len(referees)}, 0)
    b.add("count", "How many fixtures does the graph hold?", {"type": "count", "value": len(matches)}, 0)
    b.add("count", "How many agents are there", {"type": "count", "value": len(agents)}, 0)
    b.add("global", "How many different node types does this graph have?", {"type": "count", "value": len(T)}, 0)
    b.add("global", "how many distinct relationship types are there in the graph",
          {"type": "count", "value": len(g.edge_labels)}, 0)
    b.add("global", "What's the total number of nodes in the graph?", {"type": "count", "value": len(g.attrs)}, 0)

    # ---- filtered_count
    def left_footed(c):
        n = sum(1 for p in g.i(c, "PLAYS_FOR") if g.attrs[p]["preferred_foot"] == "Left")
        return n if n >= 2 else None
    c, n = b.pick(clubs, left_footed)
    b.add("filtered_count", f"How many left-footed players does {N(c)} have?", {"type": "count", "value": n}, 1)
    b.add("filtered_count", "how many goalkeepers are there across the whole league",
          {"type": "count", "value": sum(1 for p in players if g.attrs[p]["position"] == "Goalkeeper")}, 0)
    b.add("filtered_count", "How many stadiums can hold more than 40,000 spectators?",
          {"type": "count", "value": sum(1 for s in stadiums if g.attrs[s]["capacity"] > 40000)}, 0)
    r, n = b.pick(referees, lambda r: len(g.o(r, "REFEREED")))
    b.add("filtered_count", f"How many matches has {N(r)} refereed?", {"type": "count", "value": n}, 1)
    a, n = b.pick(agents, lambda a: len(g.o(a, "REPRESENTS")) or None)
    b.add("filtered_count", f"How many clients does agent {N(a)} have?", {"type": "count", "value": n}, 1)

    def home_wins(cs):
        c, s = cs
        n = sum(1 for m in g.i(c, "HOME_SIDE") if season_of(m) == s
                and g.attrs[m]["home_goals"] > g.attrs[m]["away_goals"])
        return n or None
    (c, s), n = b.pick([(c, s) for c in clubs for s in seasons], home_wins)
    b.add("filtered_count", f"How many home wins did {N(c)} record in {N(s)}?",
          {"type": "count", "value": n}, 2)

    def born_before(c):
        return sum(1 for p in g.i(c, "PLAYS_FOR") if g.attrs[p]["birth_date"] < "1995-01-01") or None
    c, n = b.pick(clubs, born_before)
    b.add("filtered_count", f"How many {N(c)} players were born before 1995?", {"type": "count", "value": n}, 1)
    b.add("filtered_count", "How many clubs are newly promoted?",
          {"type": "count", "value": sum(1 for c in clubs if g.attrs[c]["promoted"])}, 0)

    def big_crowds(s):
        return sum(1 for m in g.i(s, "HELD_AT") if g.attrs[m]["attendance"] > 30000) or None
    s, n = b.pick([s for s in stadiums if g.attrs[s]["capacity"] > 36000], big_crowds)
    b.add("filtered_count", f"In how many matches at {N(s)} was the attendance above 30,000?",
          {"type": "count", "value": n}, 1)
    b.add("filtered_count", "How many players with Norway as their nationality are full internationals?",
          {"type": "count", "value": sum(1 for p in players if g.attrs[p]["nationality"] == "Norway"
                                         and g.attrs[p]["international"])}, 0)

    # ---- list
    c, ids = b.pick(clubs, lambda c: [p for p in g.i(c, "PLAYS_FOR") if g.attrs[p]["position"] == "Goalkeeper"])
    b.add("list", f"Which goalkeepers does {N(c)} have?", b.set_gold(ids), 1)
    c, ids = b.pick(clubs, lambda c: g.i(c, "SPONSORS") if len(g.i(c, "SPONSORS")) >= 3 else None)
    b.add("list", f"list the sponsors of {N(c)}", b.set_gold(ids), 1)
    c, ids = b.pick(clubs, lambda c: g.i(c, "COACHES") if len(g.i(c, "COACHES")) >= 3 else None)
    b.add("list", f"Who is on the coaching staff at {N(c)}?", b.set_gold(ids), 1)
    s, ids = b.pick(stadiums, lambda s: g.i(s, "HOME_GROUND") if len(g.i(s, "HOME_GROUND")) >= 2 else None)
    b.add("list", f"Which clubs play their home games at {N(s)}?", b.set_gold(ids), 1)
    a, ids = b.pick(agents, lambda a: g.o(a, "REPRESENTS") if 5 <= len(g.o(a, "REPRESENTS")) <= 10 else None)
    b.add("list", f"Show me the players represented by {N(a)}", b.set_gold(ids), 1)
    b.add("list", "Which referees are FIFA-listed?", b.set_gold([r for r in referees if g.attrs[r]["fifa_listed"]]),
          0)
    sp, ids = b.pick(sponsors, lambda s: g.o(s, "SPONSORS") if len(g.o(s, "SPONSORS")) >= 2 else None)
    b.add("list", f"give me the clubs that {N(sp)} sponsors", b.set_gold(ids), 1)

    # ---- multihop
    def grand_mentees(c):
        ids = {x for m in g.o(c, "MENTORED") for x in g.o(m, "MENTORED")}
        return sorted(ids) if ids else None
    c, ids = b.pick(coaches, grand_mentees)
    b.add("multihop", f"Which coaches were mentored by the coaches {N(c)} mentored?", b.set_gold(ids), 2)

    def grand_mentor(c):
        m = mentor(c)
        return mentor(m) if m else None
    c, gm = b.pick(coaches, grand_mentor)
    b.add("multihop", f"who mentored {N(c)}'s mentor", b.set_gold([gm]), 2)

    def mentee_clubs(c):
        ids = {coach_club(m) for m in g.o(c, "MENTORED")}
        return sorted(ids) if len(ids) >= 2 else None
    c, ids = b.pick(coaches, mentee_clubs)
    b.add("multihop", f"Which clubs employ coaches that {N(c)} mentored?", b.set_gold(ids), 2)

    def mentor_club(c):
        m = mentor(c)
        return coach_club(m) if m and coach_club(m) != coach_club(c) else None
    c, cl = b.pick(coaches, mentor_club)
    b.add("multihop", f"At which club does the mentor of {N(c)} work?", b.set_gold([cl]), 2)
    p, st = b.pick(players, lambda p: g.o(club_of(p), "HOME_GROUND")[0])
    b.add("multihop", f"Where does {N(p)}'s club play its home matches?", b.set_gold([st]), 2)
    p, ids = b.pick(players, lambda p: g.i(club_of(p), "SPONSORS") if len(g.i(club_of(p), "SPONSORS")) >= 2
                    else None)
    b.add("multihop", f"Which companies sponsor the club {N(p)} plays for?", b.set_gold(ids), 2)

    def agent_sponsors(a):
        ids = {s for p in g.o(a, "REPRESENTS") for s in g.i(club_of(p), "SPONSORS")}
        return sorted(ids) if 3 <= len(ids) <= 8 else None
    a, ids = b.pick(agents, agent_sponsors)
    b.add("multihop", f"Which sponsors back the clubs whose players are represented by {N(a)}?", b.set_gold(ids), 3)
    heads = [c for c in coaches if g.out[c]["COACHES"][0][1]["role"] == "Head Coach"]
    c, cap = b.pick(heads, lambda c: captain(coach_club(c)))
    b.add("multihop", f"Who captains the club where {N(c)} is head coach?", b.set_gold([cap]), 2)

    def gm_stadium(c):
        gm = grand_mentor(c)
        return g.o(coach_club(gm), "HOME_GROUND")[0] if gm else None
    c, st = b.pick(coaches, gm_stadium)
    b.add("multihop", f"Name the stadium where the club coached by the mentor of {N(c)}'s mentor plays its home "
          "games.", b.set_gold([st]), 4)

    def mentor_captain_agent(c):
        m = mentor(c)
        if not m:
            return None
        ag = g.i(captain(coach_club(m)), "REPRESENTS")
        return ag[0] if ag else None
    c, ag = b.pick(coaches, mentor_captain_agent)
    b.add("multihop", f"Who is the agent of the captain of the club that {N(c)}'s mentor works at?",
          b.set_gold([ag]), 4)

    def captain_agent_clubs(c):
        ag = g.i(captain(c), "REPRESENTS")
        if not ag:
            return None
        ids = {x for p in g.o(ag[0], "REPRESENTS") for x in g.i(p, "SIGNED")}
        return sorted(ids) if len(ids) >= 2 and c not in ids else None
    c, ids = b.pick(clubs, captain_agent_clubs)
    b.add("multihop", f"Which clubs signed players who share an agent with the captain of {N(c)}?",
          b.set_gold(ids), 4)

    def mentee_sponsors(c):
        ids = {s for m in g.o(c, "MENTORED") for s in g.i(coach_club(m), "SPONSORS")}
        return sorted(ids) if len(g.o(c, "MENTORED")) >= 2 and 2 <= len(ids) <= 10 else None
    c, ids = b.pick(coaches, mentee_sponsors)
    b.add("multihop", f"Which sponsors have deals with clubs that employ coaches mentored by {N(c)}?",
          b.set_gold(ids), 3)

    def loan_agents(c):
        ids = {a for p, d in g.out[c]["SIGNED"] if d["on_loan"] for a in g.i(p, "REPRESENTS")}
        return sorted(ids) if len(ids) >= 2 else None
    c, ids = b.pick(clubs, loan_agents)
    b.add("multihop", f"Who represents the players {N(c)} signed on loan?", b.set_gold(ids), 2)

    def scorer_refs(p):
        ids = {r for m in g.o(p, "SCORED") for r in g.i(m, "REFEREED")}
        return sorted(ids) if 3 <= len(ids) <= 8 else None
    p, ids = b.pick(players, scorer_refs)
    b.add("multihop", f"Which referees officiated matches in which {N(p)} scored?", b.set_gold(ids), 2)

    # ---- superlative
    def top(kind, question, scored, hops, highest=True):
        best = _unique_top(scored, highest)
        if best is None:
            raise RuntimeError(f"tie for {question!r}")
        b.add(kind, question, b.set_gold([best]), hops)

    def top_any(options, hops):
        for question, scored in options:
            if _unique_top(scored) is not None:
                top("superlative", question, scored, hops)
                return
        raise RuntimeError(f"every option ties: {options[0][0]!r}")

    top("superlative", "Which stadium has the largest capacity?", [(s, g.attrs[s]["capacity"]) for s in stadiums], 0)
    top("superlative", "Who is the most valuable player in the league by market value?",
        [(p, g.attrs[p]["market_value_eur"]) for p in players], 0)
    top("superlative", "who's the oldest referee", [(r, g.attrs[r]["birth_date"]) for r in referees], 0,
        highest=False)
    count_options = [
        ("Which coach has mentored the largest number of other coaches?",
         [(c, len(g.o(c, "MENTORED"))) for c in coaches]),
        ("Which referee has taken charge of the most matches?", [(r, len(g.o(r, "REFEREED"))) for r in referees]),
        ("Which agent has the most clients?", [(a, len(g.o(a, "REPRESENTS"))) for a in agents]),
    ]
    top_any(count_options, 1)
    scorer_options = [
        ("Which player has scored the most goals overall?", [(p, goals_of(p)) for p in players]),
        ("Which player has found the net in the most different matches?",
         [(p, len(g.o(p, "SCORED"))) for p in players]),
    ]
    top_any(scorer_options, 1)
    top("superlative", "Which club spent the most on transfer fees?",
        [(c, sum(d["fee_eur"] for _, d in g.out[c]["SIGNED"])) for c in clubs], 1)
    top("superlative", "Which sponsor's club deals add up to the highest annual value?",
        [(s, sum(d["annual_value_eur"] for _, d in g.out[s]["SPONSORS"])) for s in sponsors], 1)

    def scoped(items, key, highest=True):
        return _unique_top([(x, key(x)) for x in items], highest)
    c, tall = b.pick(clubs, lambda c: scoped(g.i(c, "PLAYS_FOR"), lambda p: g.attrs[p]["height_cm"]))
    b.add("superlative", f"Who is the tallest player at {N(c)}?", b.set_gold([tall]), 1)
    a, young = b.pick([a for a in agents if len(g.o(a, "REPRESENTS")) >= 4],
                      lambda a: scoped(g.o(a, "REPRESENTS"), lambda p: g.attrs[p]["birth_date"]))
    b.add("superlative", f"Which of {N(a)}'s clients is the youngest?", b.set_gold([young]), 1)
    c, ts = b.pick(clubs, lambda c: scoped(g.i(c, "PLAYS_FOR"), goals_of))
    b.add("superlative", f"Who is {N(c)}'s top scorer?", b.set_gold([ts]), 2)
    s, m = b.pick(seasons[1:], lambda s: scoped(g.i(s, "IN_SEASON"), lambda m: g.attrs[m]["attendance"]))
    b.add("superlative", f"Which match in {N(s)} drew the biggest crowd?", b.set_gold([m]), 1)

    # ---- aggregate
    b.add("aggregate", "What is the average stadium capacity?",
          {"type": "value", "value": round(sum(g.attrs[s]["capacity"] for s in stadiums) / len(stadiums), 2)}, 0)
    c, tot = b.pick(clubs, lambda c: sum(d["fee_eur"] for _, d in g.out[c]["SIGNED"]) or None)
    b.add("aggregate", f"What's the total amount {N(c)} has spent on transfer fees?",
          {"type": "value", "value": tot}, 1)
    s, avg = b.pick(stadiums, lambda s: round(sum(g.attrs[m]["attendance"] for m in g.i(s, "HELD_AT"))
                                              / len(g.i(s, "HELD_AT")), 2))
    b.add("aggregate", f"average attendance of matches held at {N(s)}?", {"type": "value", "value": avg}, 1)
    s, tot = b.pick(seasons, lambda s: sum(g.attrs[m]["home_goals"] + g.attrs[m]["away_goals"]
                                           for m in g.i(s, "IN_SEASON")))
    b.add("aggregate", f"how many goals were scored in total in {N(s)}", {"type": "value", "value": tot}, 1)
    c, avg = b.pick(clubs, lambda c: round(sum(g.attrs[p]["market_value_eur"] for p in g.i(c, "PLAYS_FOR"))
                                           / len(g.i(c, "PLAYS_FOR")), 2))
    b.add("aggregate", f"What is the average market value of {N(c)}'s players?", {"type": "value", "value": avg}, 1)

    # ---- edge_property
    signed = [(c, p, d) for c in clubs for p, d in g.out[c]["SIGNED"]]
    (c, p, d), fee = b.pick(signed, lambda t: t[2]["fee_eur"] if not t[2]["on_loan"] and t[2]["fee_eur"] > 5_000_000 else None)
    b.add("edge_property", f"How much did {N(c)} pay to sign {N(p)}?", {"type": "value", "value": fee}, 1)
    p, num = b.pick(players, lambda p: g.eprop(p, club_of(p), "PLAYS_FOR")["shirt_number"])
    b.add("edge_property", f"What shirt number does {N(p)} wear for {N(club_of(p))}?",
          {"type": "value", "value": num}, 1)
    (c, p, d), when = b.pick(signed, lambda t: t[2]["date"])
    b.add("edge_property", f"When did {N(c)} sign {N(p)}?", {"type": "value", "value": when}, 1)
    reps = [(a, p, d) for a in agents for p, d in g.out[a]["REPRESENTS"]]
    (a, p, d), pct = b.pick(reps, lambda t: t[2]["commission_pct"])
    b.add("edge_property", f"What commission percentage does {N(a)} charge {N(p)}?",
          {"type": "value", "value": pct}, 1)
    refd = [(r, m, d) for r in referees for m, d in g.out[r]["REFEREED"]]
    (r, m, d), yc = b.pick(refd, lambda t: t[2]["yellow_cards"] if t[2]["yellow_cards"] >= 2 else None)
    b.add("edge_property", f"How many yellow cards did {N(r)} show in {N(m)}?", {"type": "value", "value": yc}, 1)
    b.add("edge_property", "How many signings were loan deals?",
          {"type": "count", "value": sum(1 for *_, d in signed if d["on_loan"])}, 1)
    b.add("edge_property", "how many of the sponsorship deals are sleeve deals",
          {"type": "count", "value": sum(1 for s in sponsors for _, d in g.out[s]["SPONSORS"]
                                         if d["deal_type"] == "Sleeve")}, 1)
    staff = [(c, cl, d) for c in coaches for cl, d in g.out[c]["COACHES"] if d["role"] != "Head Coach"]
    (c, cl, d), role = b.pick(staff, lambda t: t[2]["role"])
    b.add("edge_property", f"In what role does {N(c)} work at {N(cl)}?", {"type": "value", "value": role}, 1)

    # ---- yes_no (4 yes, 4 no)
    p = b.pick(players, lambda p: 1)[0]
    b.add("yes_no", f"Does {N(p)} play for {N(club_of(p))}?", {"type": "bool", "value": True}, 1)
    p, other = b.pick(players, lambda p: clubs[(clubs.index(club_of(p)) + 7) % len(clubs)])
    b.add("yes_no", f"Is {N(p)} on the books at {N(other)}?", {"type": "bool", "value": False}, 1)
    ment = [(u, v) for u in coaches for v in g.o(u, "MENTORED")]
    (u, v), _ = b.pick(ment, lambda t: 1)
    b.add("yes_no", f"Was {N(v)} mentored by {N(u)}?", {"type": "bool", "value": True}, 1)
    (u, v), _ = b.pick(ment, lambda t: 1 if t[0] not in g.o(t[1], "MENTORED") else None)
    b.add("yes_no", f"Did {N(v)} mentor {N(u)}?", {"type": "bool", "value": False}, 1)
    sp, c = b.pick(sponsors, lambda s: g.o(s, "SPONSORS")[0] if g.o(s, "SPONSORS") else None)
    b.add("yes_no", f"Is {N(sp)} a sponsor of {N(c)}?", {"type": "bool", "value": True}, 1)
    (a, p), _ = b.pick([(a, p) for a in agents for p in players[::13]],
                       lambda t: 1 if t[0] not in g.i(t[1], "REPRESENTS") else None)
    b.add("yes_no", f"does {N(a)} represent {N(p)}", {"type": "bool", "value": False}, 1)
    s, _ = b.pick(stadiums, lambda s: 1 if g.attrs[s]["has_roof"] else None)
    b.add("yes_no", f"Does {N(s)} have a roof?", {"type": "bool", "value": True}, 0)

    def non_scorer(m):
        home = g.o(m, "HOME_SIDE")[0]
        cands = [p for p in g.i(home, "PLAYS_FOR") if m not in g.o(p, "SCORED") and g.o(p, "SCORED")]
        return cands[0] if cands and g.i(m, "SCORED") else None
    m, p = b.pick(matches, non_scorer)
    b.add("yes_no", f"Did {N(p)} score in {N(m)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio
    sp, ids = b.pick(sponsors, lambda s: sorted(g.neighbours(s)) if 2 <= len(g.neighbours(s)) <= 12 else None)
    b.add("portfolio", f"Tell me everything about {N(sp)}.", b.set_gold(ids), 1)
    c, ids = b.pick(coaches, lambda c: sorted(g.neighbours(c)) if 3 <= len(g.neighbours(c)) <= 12 else None)
    b.add("portfolio", f"what do we know about coach {N(c)}?", b.set_gold(ids), 1)
    p, ids = b.pick(players, lambda p: sorted(g.neighbours(p)) if 5 <= len(g.neighbours(p)) <= 10 else None)
    b.add("portfolio", f"Give me an overview of {N(p)}", b.set_gold(ids), 1)

    # ---- unknown
    known = {N(n).lower() for n in g.attrs}
    for made_up in UNKNOWN_PEOPLE + UNKNOWN_OTHER:
        if any(made_up.lower() in k or k in made_up.lower() for k in known):
            raise RuntimeError(f"made-up name {made_up!r} exists")
    none = {"type": "none"}
    b.add("unknown", f"Which club does {UNKNOWN_PEOPLE[0]} play for?", none, 1)
    b.add("unknown", f"What is the capacity of {UNKNOWN_OTHER[0]}?", none, 0)
    b.add("unknown", f"How many players does agent {UNKNOWN_PEOPLE[1]} represent?", none, 1)
    b.add("unknown", f"Which clubs does {UNKNOWN_OTHER[1]} sponsor?", none, 1)
    return b.rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        print(__doc__)
        return 2
    out = Path(argv[0])
    graph_path = Path(argv[1]) if len(argv) > 1 else out / "league.graphml"
    rows = build_questions(Graph(graph_path))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {out / 'holdout.jsonl'}: {len(rows)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
