"""Writes the byog9 holdout question set with gold answers computed from the GraphML file alone.

Usage: python tests/byog9/questions.py DIR [GRAPHML]  ->  DIR/holdout.jsonl
(GRAPHML defaults to DIR/airline.graphml.)

Reads only the GraphML (networkx.read_graphml). Subjects are picked by ``random.Random(9)`` among the nodes that
make an unambiguous question (unique names, no ties in superlatives, small answer sets).
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from pathlib import Path

import networkx as nx


class G:
    """Typed view of the graph: node types from ``labels``, edge types from ``label``."""

    def __init__(self, path: str | Path):
        self.g = nx.read_graphml(path)
        self.rng = random.Random(9)
        self.used: set[str] = set()

    def typ(self, n: str) -> str:
        return self.g.nodes[n]["labels"].lstrip(":")

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        return d["name"] if "name" in d else f"{d['first_name']} {d['last_name']}"

    def attr(self, n: str, key: str):
        return self.g.nodes[n][key]

    def of(self, typ: str) -> list[str]:
        return sorted((n for n in self.g if self.typ(n) == typ), key=_natural)

    def out(self, n: str, label: str) -> list[str]:
        return sorted((m for m in self.g.successors(n) if self.g.edges[n, m]["label"] == label), key=_natural)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted((m for m in self.g.predecessors(n) if self.g.edges[m, n]["label"] == label), key=_natural)

    def one(self, n: str, label: str) -> str:
        (m,) = self.out(n, label)
        return m

    def e(self, a: str, b: str, key: str):
        return self.g.edges[a, b][key]

    def pick(self, candidates: list[str], ok) -> str:
        """A random candidate satisfying ``ok``, preferring subjects not used by an earlier question."""
        pool = list(candidates)
        self.rng.shuffle(pool)
        for fresh_only in (True, False):
            for n in pool:
                if (not fresh_only or n not in self.used) and ok(n):
                    self.used.add(n)
                    return n
        raise AssertionError("no subject satisfies the constraints")

    def gold_set(self, ids) -> dict:
        ids = sorted(set(ids), key=_natural)
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}

    def argbest(self, items: list[str], key, largest: bool = True) -> str:
        scored = sorted(((key(n), n) for n in items), key=lambda p: p[0], reverse=largest)
        assert scored[0][0] != scored[1][0], f"tie at the top: {scored[:2]}"
        return scored[0][1]


def _poss(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _the(country: str) -> str:
    return f"the {country}" if country.startswith(("United ", "Netherlands")) else country


def _natural(n: str):
    head, _, tail = n.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (n, 0)


def build_questions(path: str | Path) -> list[dict]:
    G_ = G(path)
    g = G_
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        if gold["type"] == "set":
            assert gold["ids"], question
            assert len(set(gold["names"])) == len(gold["names"]), question
        if gold["type"] == "count":  # the judge ignores numbers the question quotes
            quoted = {int(x) for x in re.findall(r"(?<![\w-])\d+(?![\w-])", question)}
            assert gold["value"] not in quoted, question
        qs.append({"id": f"byog9-{len(qs) + 1:02d}", "kind": kind, "question": question, "gold": gold, "hops": hops})

    countries, cities, airports = g.of("Country"), g.of("City"), g.of("Airport")
    airlines, aircraft, flights = g.of("Airline"), g.of("Aircraft"), g.of("Flight")
    crew, maint = g.of("CrewMember"), g.of("MaintenanceEvent")
    all_names = {g.name(n) for n in g.g}

    def fleet(lid: str) -> list[str]:
        return g.inn(lid, "IN_FLEET_OF")

    def mentees(c: str) -> list[str]:
        return g.out(c, "MENTORS")

    def mentor(c: str) -> str | None:
        m = g.inn(c, "MENTORS")
        return m[0] if m else None

    def country_of_airport(a: str) -> str:
        return g.one(g.one(a, "SERVES"), "LOCATED_IN")

    # ---- count (4)
    add("count", "How many airports are in the dataset?", {"type": "count", "value": len(airports)}, 0)
    add("count", "how many crew members are there", {"type": "count", "value": len(crew)}, 0)
    add("count", "Number of aircraft?", {"type": "count", "value": len(aircraft)}, 0)
    add("count", "How many maintenance events have been logged in total?", {"type": "count", "value": len(maint)}, 0)

    # ---- filtered_count (9)
    add("filtered_count", "How many flights were cancelled?",
        {"type": "count", "value": sum(g.attr(f, "status") == "Cancelled" for f in flights)}, 0)
    add("filtered_count", "How many of the airlines are low-cost carriers?",
        {"type": "count", "value": sum(bool(g.attr(a, "low_cost")) for a in airlines)}, 0)
    add("filtered_count", "How many planes are currently out of service?",
        {"type": "count", "value": sum(not g.attr(x, "in_service") for x in aircraft)}, 0)
    add("filtered_count", "How many captains do we have on file?",
        {"type": "count", "value": sum(g.attr(c, "role") == "Captain" for c in crew)}, 0)
    add("filtered_count", "How many cities have a population above 2,000,000?",
        {"type": "count", "value": sum(g.attr(c, "population") > 2_000_000 for c in cities)}, 0)
    add("filtered_count", "How many C-checks were carried out?",
        {"type": "count", "value": sum(g.attr(m, "check_type") == "C-check" for m in maint)}, 0)
    al = g.pick(airlines, lambda a: True)
    add("filtered_count", f"How many flights does {g.name(al)} operate?",
        {"type": "count", "value": len(g.inn(al, "OPERATED_BY"))}, 1)
    al = g.pick(airlines, lambda a: 2 <= sum(g.attr(c, "role") == "Flight Attendant"
                                            for c in g.inn(a, "EMPLOYED_BY")) <= 20)
    add("filtered_count", f"how many flight attendants work for {g.name(al)}?",
        {"type": "count", "value": sum(g.attr(c, "role") == "Flight Attendant" for c in g.inn(al, "EMPLOYED_BY"))}, 1)
    add("filtered_count", "How many airports have more than one runway?",
        {"type": "count", "value": sum(g.attr(a, "runways") > 1 for a in airports)}, 0)

    # ---- list (6)
    sky = [a for a in airlines if g.attr(a, "alliance") == "SkyBridge"]
    add("list", "Which airlines are members of the SkyBridge alliance?", g.gold_set(sky), 0)
    idle = [x for x in aircraft if not g.attr(x, "in_service")]
    assert 1 <= len(idle) <= 20
    add("list", "List the aircraft that are not in service.", g.gold_set(idle), 0)
    al = g.pick(airlines, lambda a: len(g.out(a, "HUB_AT")) >= 2)
    add("list", f"What are {_poss(g.name(al))} hub airports?", g.gold_set(g.out(al, "HUB_AT")), 1)
    c = g.pick(crew, lambda c: 2 <= len(mentees(c)) <= 4)
    add("list", f"Who does {g.name(c)} mentor?", g.gold_set(mentees(c)), 1)
    co = g.pick(countries, lambda c: len(g.inn(c, "LOCATED_IN")) >= 4)
    add("list", f"Which cities in {_the(g.name(co))} are in the data?", g.gold_set(g.inn(co, "LOCATED_IN")), 1)
    old = [x for x in aircraft if g.attr(x, "year_built") < 2000]
    assert 1 <= len(old) <= 20, len(old)
    add("list", "Which planes were built before 2000?", g.gold_set(old), 0)

    # ---- multihop (12)
    twin_hq = [a for a in airlines if len(g.inn(g.one(a, "HEADQUARTERED_IN"), "SERVES")) >= 2]
    al = g.pick(twin_hq, lambda a: True)
    add("multihop", f"Which airports serve the city where {g.name(al)} has its headquarters?",
        g.gold_set(g.inn(g.one(al, "HEADQUARTERED_IN"), "SERVES")), 2)

    def hub_countries(a: str) -> set[str]:
        return {country_of_airport(h) for h in g.out(a, "HUB_AT")}
    al = g.pick(airlines, lambda a: len(hub_countries(a)) >= 2)
    add("multihop", f"In which countries are {_poss(g.name(al))} hubs located?", g.gold_set(hub_countries(al)), 3)

    def dep_countries(c: str) -> set[str]:
        return {country_of_airport(g.one(f, "DEPARTS_FROM")) for f in g.out(c, "WORKED_ON")}
    c = g.pick(crew, lambda c: 2 <= len(dep_countries(c)) <= 6)
    add("multihop", f"Which countries has {g.name(c)} flown out of?", g.gold_set(dep_countries(c)), 4)

    def maint_countries(x: str) -> set[str]:
        return {country_of_airport(g.one(m, "PERFORMED_AT")) for m in g.inn(x, "PERFORMED_ON")}
    x = g.pick(aircraft, lambda x: len(maint_countries(x)) >= 2)
    add("multihop", f"In what countries has maintenance been done on {g.name(x)}?", g.gold_set(maint_countries(x)), 4)

    c = g.pick(crew, lambda c: mentor(c) is not None and mentor(mentor(c)) is not None)
    add("multihop", f"who mentored {_poss(g.name(c))} mentor?", g.gold_set([mentor(mentor(c))]), 2)

    def grand_mentees(c: str) -> set[str]:
        return {z for m in mentees(c) for z in mentees(m)}
    c = g.pick(crew, lambda c: 2 <= len(grand_mentees(c)) <= 6)
    add("multihop", f"Which crew members are mentored by the people that {g.name(c)} mentors?",
        g.gold_set(grand_mentees(c)), 2)

    def shared_with_mentor(c: str) -> set[str]:
        m = mentor(c)
        return set(g.out(c, "WORKED_ON")) & set(g.out(m, "WORKED_ON")) if m else set()
    c = g.pick(crew, lambda c: 1 <= len(shared_with_mentor(c)) <= 5)
    add("multihop", f"On which flights did {g.name(c)} fly together with their mentor?",
        g.gold_set(shared_with_mentor(c)), 2)

    def serviced_airlines(a: str) -> set[str]:
        return {g.one(g.one(m, "PERFORMED_ON"), "IN_FLEET_OF") for m in g.inn(a, "PERFORMED_AT")}
    ap = g.pick(airports, lambda a: 2 <= len(serviced_airlines(a)) <= 5)
    add("multihop", f"Whose aircraft have been serviced at {g.name(ap)}? I need the airlines.",
        g.gold_set(serviced_airlines(ap)), 3)

    def arrival_cities(x: str) -> set[str]:
        return {g.one(g.one(f, "ARRIVES_AT"), "SERVES") for f in g.inn(x, "FLOWN_WITH")}
    x = g.pick(aircraft, lambda x: 3 <= len(arrival_cities(x)) <= 8)
    add("multihop", f"Which cities has {g.name(x)} flown into?", g.gold_set(arrival_cities(x)), 3)

    def planes_flown(c: str) -> set[str]:
        return {g.one(f, "FLOWN_WITH") for f in g.out(c, "WORKED_ON")}
    c = g.pick(crew, lambda c: 2 <= len(planes_flown(c)) <= 7)
    add("multihop", f"Which tail numbers has {g.name(c)} worked aboard?", g.gold_set(planes_flown(c)), 2)

    f = g.pick(flights, lambda f: True)
    hq_country = g.one(g.one(g.one(f, "OPERATED_BY"), "HEADQUARTERED_IN"), "LOCATED_IN")
    add("multihop", f"In which country is the airline that operates flight {g.name(f)} headquartered?",
        g.gold_set([hq_country]), 3)

    def mentor_arrival_cities(c: str) -> set[str]:
        m = mentor(c)
        return {g.one(g.one(f, "ARRIVES_AT"), "SERVES") for f in g.out(m, "WORKED_ON")} if m else set()
    c = g.pick(crew, lambda c: 2 <= len(mentor_arrival_cities(c)) <= 7)
    add("multihop", f"To which cities has {_poss(g.name(c))} mentor flown?", g.gold_set(mentor_arrival_cities(c)), 4)

    # ---- superlative (8)
    add("superlative", "Which airport sits at the highest elevation?",
        g.gold_set([g.argbest(airports, lambda a: g.attr(a, "elevation_m"))]), 0)
    add("superlative", "What's the oldest airline?",
        g.gold_set([g.argbest(airlines, lambda a: g.attr(a, "founded"), largest=False)]), 0)
    add("superlative", "Which flight covered the longest distance?",
        g.gold_set([g.argbest(flights, lambda f: g.attr(f, "distance_km"))]), 0)
    add("superlative", "Which airline has the biggest fleet?", g.gold_set([g.argbest(airlines, lambda a: len(fleet(a)))]), 1)
    add("superlative", "Which crew member has worked the most flights?",
        g.gold_set([g.argbest(crew, lambda c: len(g.out(c, "WORKED_ON")))]), 1)
    add("superlative", "Which airport has the most departures?",
        g.gold_set([g.argbest(airports, lambda a: len(g.inn(a, "DEPARTS_FROM")))]), 1)
    add("superlative", "Which plane has racked up the highest total maintenance bill?",
        g.gold_set([g.argbest(aircraft, lambda x: round(sum(g.attr(m, "cost_usd") for m in g.inn(x, "PERFORMED_ON")), 2))]),
        1)
    captains = [c for c in crew if g.attr(c, "role") == "Captain"]
    add("superlative", "Which captain logged the most duty hours across all their flights?",
        g.gold_set([g.argbest(captains, lambda c: round(sum(g.e(c, f, "duty_hours") for f in g.out(c, "WORKED_ON")), 2))]),
        1)

    # ---- aggregate (4)
    al = g.pick(airlines, lambda a: any(g.inn(x, "PERFORMED_ON") for x in fleet(a)))
    spend = sum(g.attr(m, "cost_usd") for x in fleet(al) for m in g.inn(x, "PERFORMED_ON"))
    add("aggregate", f"What is the total maintenance spend in USD on {_poss(g.name(al))} aircraft?",
        {"type": "value", "value": round(spend, 2)}, 2)
    al = g.pick(airlines, lambda a: len(fleet(a)) >= 5)
    seats = [g.attr(x, "seats") for x in fleet(al)]
    add("aggregate", f"average seat count across {_poss(g.name(al))} fleet?",
        {"type": "value", "value": round(sum(seats) / len(seats), 2)}, 1)
    al = g.pick(airlines, lambda a: True)
    add("aggregate", f"How many passengers did {g.name(al)} carry in total across its flights?",
        {"type": "value", "value": sum(g.attr(f, "passengers") for f in g.inn(al, "OPERATED_BY"))}, 1)
    ap = g.pick(airports, lambda a: len(g.inn(a, "DEPARTS_FROM")) >= 5)
    dists = [g.attr(f, "distance_km") for f in g.inn(ap, "DEPARTS_FROM")]
    add("aggregate", f"What's the average distance of flights leaving {g.name(ap)}, in km?",
        {"type": "value", "value": round(sum(dists) / len(dists), 1)}, 1)

    # ---- edge_property (5)
    x = g.pick(aircraft, lambda x: g.e(x, g.one(x, "IN_FLEET_OF"), "leased"))
    add("edge_property", f"Is {g.name(x)} leased by {g.name(g.one(x, 'IN_FLEET_OF'))}?", {"type": "bool", "value": True}, 1)
    x = g.pick(aircraft, lambda x: True)
    add("edge_property", f"Since when has {g.name(x)} been part of {_poss(g.name(g.one(x, 'IN_FLEET_OF')))} fleet?",
        {"type": "value", "value": g.e(x, g.one(x, "IN_FLEET_OF"), "since")}, 1)
    f = g.pick(flights, lambda f: g.e(f, g.one(f, "DEPARTS_FROM"), "delay_minutes") > 60)
    add("edge_property", f"By how many minutes was the departure of {g.name(f)} delayed?",
        {"type": "value", "value": g.e(f, g.one(f, "DEPARTS_FROM"), "delay_minutes")}, 1)
    c = g.pick(crew, lambda c: len(g.out(c, "WORKED_ON")) >= 3)
    f = g.out(c, "WORKED_ON")[1]
    add("edge_property", f"How many duty hours did {g.name(c)} log on flight {g.name(f)}?",
        {"type": "value", "value": g.e(c, f, "duty_hours")}, 1)
    al = g.pick(airlines, lambda a: len(g.out(a, "HUB_AT")) >= 2)
    hub = g.out(al, "HUB_AT")[-1]
    add("edge_property", f"When did {g.name(hub)} become a hub for {g.name(al)}?",
        {"type": "value", "value": g.e(al, hub, "since")}, 1)

    # ---- yes_no (5)
    al = g.pick(airlines, lambda a: not g.attr(a, "low_cost"))
    add("yes_no", f"Is {g.name(al)} a budget airline?", {"type": "bool", "value": False}, 0)
    c = g.pick(crew, lambda c: len(mentees(c)) >= 1)
    add("yes_no", f"Does {g.name(c)} mentor {g.name(mentees(c)[0])}?", {"type": "bool", "value": True}, 1)
    x = g.pick(aircraft, lambda x: len(g.inn(x, "PERFORMED_ON")) >= 2)
    serviced_at = {g.one(m, "PERFORMED_AT") for m in g.inn(x, "PERFORMED_ON")}
    other = g.pick([a for a in airports if a not in serviced_at], lambda a: True)
    add("yes_no", f"Has {g.name(x)} ever been serviced at {g.name(other)}?", {"type": "bool", "value": False}, 2)
    c = g.pick(crew, lambda c: len(g.out(c, "WORKED_ON")) >= 2)
    f = g.out(c, "WORKED_ON")[0]
    add("yes_no", f"did {g.name(c)} work on flight {g.name(f)}?", {"type": "bool", "value": True}, 1)
    ci = g.pick(cities, lambda c: not g.attr(c, "is_capital") and g.attr(c, "population") > 1_000_000)
    add("yes_no", f"Is {g.name(ci)} a capital city?", {"type": "bool", "value": False}, 0)

    # ---- portfolio (3): gold = every direct neighbour, both directions
    def neighbours(n: str) -> set[str]:
        return set(g.g.successors(n)) | set(g.g.predecessors(n))
    x = g.pick(aircraft, lambda x: 5 <= len(neighbours(x)) <= 10)
    add("portfolio", f"Tell me everything about the aircraft {g.name(x)}.", g.gold_set(neighbours(x)), 1)
    c = g.pick(crew, lambda c: 4 <= len(neighbours(c)) <= 9 and mentor(c) is not None)
    add("portfolio", f"What do we know about {g.name(c)}?", g.gold_set(neighbours(c)), 1)
    ci = g.pick(cities, lambda c: 3 <= len(neighbours(c)) <= 5)
    add("portfolio", f"Give me an overview of everything linked to {g.name(ci)}.", g.gold_set(neighbours(ci)), 1)

    # ---- unknown (3): names that exist nowhere in the graph
    ghosts = ["Zephyr Meridian Airlines", "Ottoline Ravensworth", "Port Kestrel International Airport"]
    for ghost in ghosts:
        assert not any(ghost.lower() in n.lower() or n.lower() == ghost.lower() for n in all_names), ghost
    add("unknown", f"How many flights does {ghosts[0]} operate?", {"type": "none"}, 1)
    add("unknown", f"Who mentors Captain {ghosts[1]}?", {"type": "none"}, 1)
    add("unknown", f"What is the elevation of {ghosts[2]}?", {"type": "none"}, 0)

    # ---- global (2)
    add("global", "How many nodes does this graph contain altogether?", {"type": "count", "value": g.g.number_of_nodes()}, 0)
    kinds = Counter(g.typ(n) for n in g.g)
    add("global", "How many different kinds of entity does this dataset hold?", {"type": "count", "value": len(kinds)}, 0)
    return qs


def write(out_dir: str | Path, graphml: str | Path | None = None) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    qs = build_questions(graphml or out / "airline.graphml")
    path = out / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("graphml", nargs="?")
    args = ap.parse_args(argv)
    print(write(args.dir, args.graphml))


if __name__ == "__main__":
    main()
