"""60 plain-language questions over the byog8 football graph, gold computed from the GraphML alone (networkx).

    python tests/byog8/questions.py OUTDIR [GRAPHML]     -> OUTDIR/holdout.jsonl

GRAPHML defaults to OUTDIR/football.graphml (written by graph.py when missing). Nothing here imports HopLens.
Entity choices are seeded; superlatives are only asked where the winner is unique.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import networkx as nx

SEED = 808


class G:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)

    def typ(self, n: str) -> str:
        return self.g.nodes[n]["labels"].strip(":").split(":")[0]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d["title"]

    def of(self, t: str) -> list[str]:
        return sorted((n for n in self.g.nodes if self.typ(n) == t), key=_key)

    def out(self, n: str, et: str) -> list[str]:
        return sorted((b for _, b, d in self.g.out_edges(n, data=True) if d["label"] == et), key=_key)

    def inn(self, n: str, et: str) -> list[str]:
        return sorted((a for a, _, d in self.g.in_edges(n, data=True) if d["label"] == et), key=_key)

    def one(self, n: str, et: str) -> str:
        (x,) = self.out(n, et)
        return x

    def attr(self, n: str, k: str):
        return self.g.nodes[n][k]

    def by_name(self, name: str) -> list[str]:
        return [n for n in self.g.nodes if self.name(n) == name]


def _key(n: str):
    t, _, i = n.rpartition("-")
    return (t, int(i)) if i.isdigit() else (n, 0)


def unique_best(items, score, lowest=False):
    """The single item with the highest (lowest) score, or None on a tie."""
    scored = [(score(i), i) for i in items]
    if not scored:
        return None
    best = min(s for s, _ in scored) if lowest else max(s for s, _ in scored)
    winners = [i for s, i in scored if s == best]
    return winners[0] if len(winners) == 1 else None


def make(gr: G, seed: int = SEED) -> list[dict]:
    rng = random.Random(seed)
    g = gr.g
    qs: list[dict] = []
    nm = gr.name

    def add(kind: str, text: str, gold: dict, hops: int = 0) -> None:
        qs.append({"id": f"byog8-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    def sset(ids) -> dict:
        ids = sorted(set(ids), key=_key)
        return {"type": "set", "ids": ids, "names": [nm(i) for i in ids]}

    def count(n) -> dict:
        return {"type": "count", "value": int(n)}

    def value(v) -> dict:
        return {"type": "value", "value": v}

    def boolean(v) -> dict:
        return {"type": "bool", "value": bool(v)}

    players, clubs, coaches = gr.of("Player"), gr.of("Club"), gr.of("Coach")
    stadiums, cities, leagues, matches = gr.of("Stadium"), gr.of("City"), gr.of("League"), gr.of("Match")
    club_of = {p: gr.one(p, "PLAYS_FOR") for p in players}
    manager = {c: gr.inn(c, "MANAGES") for c in clubs}
    goals_by = Counter()
    for a, _, d in g.edges(data=True):
        if d["label"] == "SCORED_IN":
            goals_by[a] += int(d["goals"])

    # ---- counts (4)
    add("count", "How many players are there?", count(len(players)))
    add("count", "how many clubs in total", count(len(clubs)))
    add("count", "Number of stadiums in the dataset?", count(len(stadiums)))
    add("count", "Could you tell me how many fixtures (matches) have been recorded altogether?", count(len(matches)))

    # ---- filtered counts (8)
    add("filtered_count", "How many players play as a Forward?",
        count(sum(gr.attr(p, "position") == "Forward" for p in players)))
    add("filtered_count", "How many stadiums have a roof?", count(sum(gr.attr(s, "has_roof") for s in stadiums)))
    add("filtered_count", "How many stadiums have a capacity above 50000?",
        count(sum(gr.attr(s, "capacity") > 50000 for s in stadiums)))
    add("filtered_count", "How many players were born in 2001 or later?",
        count(sum(int(gr.attr(p, "birth_date")[:4]) >= 2001 for p in players)))
    add("filtered_count", "count of coaches holding a Pro Licence",
        count(sum(gr.attr(c, "licence") == "Pro Licence" for c in coaches)))
    add("filtered_count", "How many of the clubs are professional?",
        count(sum(gr.attr(c, "is_professional") for c in clubs)))
    club = rng.choice(clubs)
    add("filtered_count", f"How many players are on {nm(club)}'s books?",
        count(len(gr.inn(club, "PLAYS_FOR"))), 1)
    add("filtered_count", "How many Cup matches were played?",
        count(sum(gr.attr(m, "competition") == "Cup" for m in matches)))

    # ---- lists (6)
    league = rng.choice(leagues)
    add("list", f"Which clubs compete in the {nm(league)}?", sset(gr.inn(league, "COMPETES_IN")), 1)
    city = rng.choice([c for c in cities if 2 <= len(gr.inn(c, "SITUATED_IN")) <= 6])
    add("list", f"list the stadia located in {nm(city)}", sset(gr.inn(city, "SITUATED_IN")), 1)
    mentor = rng.choice([c for c in coaches if 2 <= len(gr.out(c, "MENTORS")) <= 6])
    add("list", f"Who does {nm(mentor)} mentor?", sset(gr.out(mentor, "MENTORS")), 1)
    mentee = rng.choice([c for c in coaches if len(gr.inn(c, "MENTORS")) == 2])
    add("list", f"Which coaches mentored {nm(mentee)}?", sset(gr.inn(mentee, "MENTORS")), 1)
    club = rng.choice([c for c in clubs
                       if 2 <= sum(gr.attr(p, "position") == "Goalkeeper" for p in gr.inn(c, "PLAYS_FOR")) <= 4])
    add("list", f"Goalies at {nm(club)}?",
        sset(p for p in gr.inn(club, "PLAYS_FOR") if gr.attr(p, "position") == "Goalkeeper"), 1)
    match = rng.choice([m for m in matches if 3 <= len(gr.inn(m, "SCORED_IN")) <= 6])
    add("list", f"Who scored in the match {nm(match)}?", sset(gr.inn(match, "SCORED_IN")), 1)

    # ---- multi-hop (12)
    club = rng.choice(clubs)
    add("multihop", f"In which city is the stadium that {nm(club)} play at?",
        sset([gr.one(gr.one(club, "PLAYS_AT"), "SITUATED_IN")]), 2)
    player = rng.choice(players)
    add("multihop", f"what league does {nm(player)}'s club compete in", sset([gr.one(club_of[player], "COMPETES_IN")]),
        2)
    league = rng.choice(leagues)
    add("multihop", f"How many footballers play for clubs in the {nm(league)}?",
        count(sum(1 for p in players if gr.one(club_of[p], "COMPETES_IN") == league)), 2)
    city = rng.choice([c for c in cities if 2 <= len(gr.inn(c, "BASED_IN")) <= 5
                       and all(manager[k] for k in gr.inn(c, "BASED_IN"))])
    add("multihop", f"Which coaches manage clubs based in {nm(city)}?",
        sset(m for k in gr.inn(city, "BASED_IN") for m in manager[k]), 2)
    mentor = rng.choice([c for c in coaches
                         if 2 <= sum(bool(gr.out(x, "MANAGES")) for x in gr.out(c, "MENTORS")) <= 5])
    add("multihop", f"Which clubs are managed by coaches that {nm(mentor)} has mentored?",
        sset(k for x in gr.out(mentor, "MENTORS") for k in gr.out(x, "MANAGES")), 2)
    club = rng.choice([c for c in clubs if manager[c] and len(gr.inn(manager[c][0], "MENTORS")) >= 1])
    add("multihop", f"who mentored the manager of {nm(club)}?",
        sset(m for x in manager[club] for m in gr.inn(x, "MENTORS")), 2)
    match = rng.choice([m for m in matches if 2 <= len(gr.inn(m, "SCORED_IN")) <= 5 and m != match])
    add("multihop", f"In which cities were the goalscorers of {nm(match)} born?",
        sset(gr.one(p, "BORN_IN") for p in gr.inn(match, "SCORED_IN")), 2)
    mentor2 = rng.choice([c for c in coaches if c != mentor
                          and sum(bool(gr.out(x, "MANAGES")) for x in gr.out(c, "MENTORS")) >= 1])
    add("multihop", f"How many players play for clubs manged by coaches mentored by {nm(mentor2)}?",
        count(sum(len(gr.inn(k, "PLAYS_FOR")) for x in gr.out(mentor2, "MENTORS") for k in gr.out(x, "MANAGES"))), 3)
    player = rng.choice([p for p in players if len(gr.out(p, "SCORED_IN")) >= 2])
    add("multihop", f"At which stadiums has {nm(player)} scored?",
        sset(gr.one(m, "HOSTED_AT") for m in gr.out(player, "SCORED_IN")), 2)
    mentor3 = rng.choice([c for c in coaches if c not in (mentor, mentor2)
                          and sum(bool(gr.out(x, "MANAGES")) for x in gr.out(c, "MENTORS")) >= 2])
    add("multihop", f"In which cities are the stadiums of the clubs managed by coaches mentored by {nm(mentor3)}?",
        sset(gr.one(gr.one(k, "PLAYS_AT"), "SITUATED_IN") for x in gr.out(mentor3, "MENTORS")
             for k in gr.out(x, "MANAGES")), 4)
    coach = rng.choice([c for c in coaches if gr.out(c, "MANAGES")])
    home_city = gr.one(gr.one(gr.one(coach, "MANAGES"), "PLAYS_AT"), "SITUATED_IN")
    add("multihop", f"How many players were born in the city where the stadium of the club managed by {nm(coach)} "
        "is located?", count(len(gr.inn(home_city, "BORN_IN"))), 4)
    city = rng.choice([c for c in cities if 1 <= len({m for s in gr.inn(c, "SITUATED_IN") for k in
                                                      gr.inn(s, "PLAYS_AT") for x in manager[k]
                                                      for m in gr.inn(x, "MENTORS")}) <= 6])
    add("multihop", f"Which coaches mentor the manager of a club whose home stadium is in {nm(city)}?",
        sset(m for s in gr.inn(city, "SITUATED_IN") for k in gr.inn(s, "PLAYS_AT") for x in manager[k]
             for m in gr.inn(x, "MENTORS")), 4)

    # ---- superlatives (8)
    for lg in rng.sample(leagues, len(leagues)):
        win = unique_best(gr.inn(lg, "COMPETES_IN"), lambda k: len(gr.inn(k, "PLAYS_FOR")))
        if win:
            add("superlative", f"Which club in the {nm(lg)} has the biggest squad (most players)?", sset([win]), 1)
            break
    win = unique_best(stadiums, lambda s: gr.attr(s, "capacity"))
    add("superlative", "Which stadium has the largest capacity?", sset([win]))
    win = unique_best(clubs, lambda k: gr.attr(k, "founded"), lowest=True)
    assert win, "oldest club tie"
    add("superlative", "What's the oldest club (earliest founded)?", sset([win]))
    add("superlative", "which player has the highest market value",
        sset([unique_best(players, lambda p: gr.attr(p, "market_value"))]))
    add("superlative", "Who is the youngest coach?", sset([unique_best(coaches, lambda c: gr.attr(c, "birth_date"))]))
    add("superlative", "Which match drew the highest attendance?",
        sset([unique_best(matches, lambda m: gr.attr(m, "attendance"))]))
    for lg in rng.sample(leagues, len(leagues)):
        ps = [p for p in players if gr.one(club_of[p], "COMPETES_IN") == lg]
        win = unique_best(ps, lambda p: goals_by[p])
        if win:
            add("superlative", f"Top scorer in the {nm(lg)} — which player scored the most goals?", sset([win]), 3)
            break
    win = unique_best(coaches, lambda c: len(gr.out(c, "MENTORS")))
    if win is None:
        win = unique_best(coaches, lambda c: len(gr.inn(c, "MENTORS")))
        assert win, "mentor tie"
        add("superlative", "Which coach has been mentored by the most other coaches?", sset([win]), 1)
    else:
        add("superlative", "Which coach mentors the most other coaches?", sset([win]), 1)

    # ---- totals / averages (4)
    city = rng.choice([c for c in cities if len(gr.inn(c, "SITUATED_IN")) >= 2])
    add("aggregate", f"What is the total capacity of all stadiums in {nm(city)}?",
        value(sum(gr.attr(s, "capacity") for s in gr.inn(city, "SITUATED_IN"))), 1)
    club = rng.choice(clubs)
    ps = gr.inn(club, "PLAYS_FOR")
    add("aggregate", f"average market value of {nm(club)} players?",
        value(round(sum(gr.attr(p, "market_value") for p in ps) / len(ps), 2)), 1)
    league = rng.choice(leagues)
    add("aggregate", f"What's the combined budget (in millions) of the clubs in the {nm(league)}?",
        value(round(sum(gr.attr(k, "budget_million") for k in gr.inn(league, "COMPETES_IN")), 1)), 1)
    stadium = rng.choice([s for s in stadiums if len(gr.inn(s, "HOSTED_AT")) >= 3])
    ms = gr.inn(stadium, "HOSTED_AT")
    add("aggregate", f"I'd like to know the average attendance of the matches that were hosted at {nm(stadium)}.",
        value(round(sum(gr.attr(m, "attendance") for m in ms) / len(ms), 1)), 1)

    # ---- edge properties (5)
    player = rng.choice(players)
    add("edge_property", f"What shirt number does {nm(player)} wear for {nm(club_of[player])}?",
        value(g.edges[player, club_of[player]]["shirt_number"]), 1)
    coach = rng.choice([c for c in coaches if gr.out(c, "MANAGES")])
    k = gr.one(coach, "MANAGES")
    add("edge_property", f"When did {nm(coach)} start managing {nm(k)}?", value(g.edges[coach, k]["start_date"]), 1)
    a, b = rng.choice(sorted(((a, b) for a, b, d in g.edges(data=True) if d["label"] == "MENTORS"),
                             key=lambda e: (_key(e[0]), _key(e[1]))))
    add("edge_property", f"Since what year has {nm(a)} been mentoring {nm(b)}?", value(g.edges[a, b]["since_year"]), 1)
    a, b = rng.choice(sorted(((a, b) for a, b, d in g.edges(data=True) if d["label"] == "SCORED_IN"
                              and int(d["goals"]) >= 2), key=lambda e: (_key(e[0]), _key(e[1]))))
    add("edge_property", f"how many goals did {nm(a)} score in {nm(b)}", count(g.edges[a, b]["goals"]), 1)
    add("edge_property", "How many players have a contract that runs until 2030?",
        count(sum(1 for _, _, d in g.edges(data=True) if d["label"] == "PLAYS_FOR"
                  and d["contract_until"].startswith("2030"))), 1)

    # ---- yes / no (5)
    player = rng.choice(players)
    add("yes_no", f"Does {nm(player)} play for {nm(club_of[player])}?", boolean(True), 1)
    player = rng.choice(players)
    other = rng.choice([k for k in clubs if k != club_of[player]])
    add("yes_no", f"Is {nm(player)} a {nm(other)} player?", boolean(False), 1)
    a, b = rng.choice(sorted(((a, b) for a, b, d in g.edges(data=True) if d["label"] == "MENTORS"),
                             key=lambda e: (_key(e[0]), _key(e[1]))))
    add("yes_no", f"Was {nm(b)} mentored by {nm(a)}?", boolean(True), 1)
    stadium = rng.choice(stadiums)
    add("yes_no", f"does {nm(stadium)} have a roof?", boolean(gr.attr(stadium, "has_roof")))
    club = rng.choice(clubs)
    wrong = rng.choice([lg for lg in leagues if lg != gr.one(club, "COMPETES_IN")])
    add("yes_no", f"Is {nm(club)} in the {nm(wrong)}?", boolean(False), 1)

    # ---- portfolio (3): gold = direct neighbours, both directions
    def neighbours(n: str) -> set[str]:
        return set(g.successors(n)) | set(g.predecessors(n))

    coach = rng.choice([c for c in coaches if gr.out(c, "MANAGES") and gr.inn(c, "MENTORS") and gr.out(c, "MENTORS")
                        and len(neighbours(c)) <= 8])
    add("portfolio", f"Tell me everything about {nm(coach)}.", sset(neighbours(coach)), 1)
    player = rng.choice([p for p in players if 3 <= len(neighbours(p)) <= 8])
    add("portfolio", f"Give me an overview of {nm(player)}: what is this player connected to?",
        sset(neighbours(player)), 1)
    league = rng.choice(leagues)
    add("portfolio", f"everything linked to the {nm(league)}", sset(neighbours(league)), 1)

    # ---- unknown names (3)
    for text, probe in (("How many players does Gravesend Harriers have?", "Gravesend Harriers"),
                        ("Who mentored coach Bartholomew Quince?", "Bartholomew Quince"),
                        ("Tell me about the Wexford Lane stadium", "Wexford Lane")):
        assert not gr.by_name(probe), probe
        add("unknown", text, {"type": "none"})

    # ---- whole-graph aggregates (2)
    add("global", "What's the average stadum capacity across all the stadiums?",
        value(round(sum(gr.attr(s, "capacity") for s in stadiums) / len(stadiums), 1)))
    add("global", "How many goals were scored in total across every match?",
        count(sum(gr.attr(m, "home_goals") + gr.attr(m, "away_goals") for m in matches)))

    assert len(qs) == 60, len(qs)
    for q in qs:  # gold names are unambiguous and never quoted by the question itself
        for gid, gname in zip(q["gold"].get("ids", []), q["gold"].get("names", []), strict=True):
            assert gr.by_name(gname) == [gid], (q["id"], gname)
            assert not re.search(r"(?<!\w)" + re.escape(gname) + r"(?!\w)", q["question"], re.I), (q["id"], gname)
    for q in qs:
        if q["gold"]["type"] == "set":
            assert q["gold"]["ids"] and len(q["gold"]["ids"]) <= 12 or q["kind"] == "portfolio", q
    return qs


def write(outdir: Path, graphml: Path | None = None) -> Path:
    outdir.mkdir(parents=True, exist_ok=True)
    if graphml is None:
        graphml = outdir / "football.graphml"
        if not graphml.exists():
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            from graph import write as write_graph

            write_graph(outdir)
    qs = make(G(graphml))
    path = outdir / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args()
    path = write(args.outdir, args.graphml)
    kinds = Counter(json.loads(line)["kind"] for line in path.read_text(encoding="utf-8").splitlines())
    print(f"wrote {path}: {sum(kinds.values())} questions {dict(kinds)}")


if __name__ == "__main__":
    main()
