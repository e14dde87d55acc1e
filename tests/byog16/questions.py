"""Write the byog16 question set with gold answers computed from the GraphML file alone.

Usage: python tests/byog16/questions.py DIR [GRAPHML]   (writes DIR/holdout.jsonl; GRAPHML defaults to
DIR/transit.graphml)

Subjects are picked deterministically from the graph; a subject is skipped when its gold would be ambiguous
(a tie in a superlative, a display name shared by two nodes) or trivial (empty, or every member of the type).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

import networkx as nx


class G:
    """Read-only helpers over the GraphML graph."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.out_: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.in_: dict[tuple[str, str], list[str]] = defaultdict(list)
        for s, t, d in self.g.edges(data=True):
            self.out_[s, d["label"]].append(t)
            self.in_[t, d["label"]].append(s)
        self.names = Counter(self.name(n) for n in self.g)

    def type(self, n: str) -> str:
        return self.g.nodes[n]["labels"].lstrip(":")

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "title" in d:
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def a(self, n: str, key: str):
        return self.g.nodes[n].get(key)

    def nodes(self, typ: str) -> list[str]:
        return sorted((n for n in self.g if self.type(n) == typ), key=_key)

    def out(self, n: str, label: str) -> list[str]:
        return self.out_.get((n, label), [])

    def inn(self, n: str, label: str) -> list[str]:
        return self.in_.get((n, label), [])

    def e(self, s: str, t: str, key: str):
        return self.g.edges[s, t][key]

    def unique(self, n: str) -> bool:
        return self.names[self.name(n)] == 1

    def by_name(self, name: str) -> str:
        found = [n for n in self.g if self.name(n) == name]
        assert len(found) == 1, name
        return found[0]


def _key(n: str) -> tuple[str, int]:
    head, _, num = n.rpartition("-")
    return head, int(num)


def follow(g: G, start: Iterable[str], steps: list[tuple[str, str]]) -> set[str]:
    """Follow (direction, label) steps from ``start``; direction '>' is an out-edge, '<' an in-edge."""
    cur = set(start)
    for direction, label in steps:
        nxt: set[str] = set()
        for n in cur:
            nxt.update(g.out(n, label) if direction == ">" else g.inn(n, label))
        cur = nxt
    return cur


def set_gold(g: G, ids: Iterable[str]) -> dict:
    ids = sorted(set(ids), key=_key)
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def unique_best(g: G, cands: Iterable[str], score: Callable[[str], float], lowest: bool = False) -> str | None:
    """The single best candidate, or None on a tie at the top."""
    scored = sorted(((score(c), c) for c in cands), reverse=not lowest)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def shuffled(items: list[str], salt: int) -> list[str]:
    items = list(items)
    random.Random(1600 + salt).shuffle(items)
    return items


def first(items: Iterable[str], ok: Callable[[str], bool]) -> str:
    for n in items:
        if ok(n):
            return n
    raise RuntimeError("no subject satisfies the constraints")


def build(g: G) -> list[dict]:
    qs: list[dict] = []

    def q(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"id": f"byog16-{len(qs) + 1:02d}", "kind": kind, "question": text, "gold": gold, "hops": hops})

    stations, routes, vehicles = g.nodes("Station"), g.nodes("Route"), g.nodes("Vehicle")
    operators, depots, zones = g.nodes("Operator"), g.nodes("Depot"), g.nodes("FareZone")
    incidents, orders = g.nodes("Incident"), g.nodes("WorkOrder")
    drivers = [o for o in operators if g.a(o, "role") == "driver"]
    leads = [o for o in operators if g.a(o, "role") == "team leader"]
    managers = [o for o in operators if g.a(o, "role") == "depot manager"]
    nm = g.name

    # ---- count -------------------------------------------------------------------------------------------------
    q("count", "How many stations are there in the network?", {"type": "count", "value": len(stations)}, 0)
    q("count", "number of depots?", {"type": "count", "value": len(depots)}, 0)
    q("count", "How many work orders do we have on file?", {"type": "count", "value": len(orders)}, 0)
    q("count", "How many service incidents have been logged in total?", {"type": "count", "value": len(incidents)}, 0)

    # ---- filtered count ----------------------------------------------------------------------------------------
    q("filtered_count", "How many stations are step-free?",
      {"type": "count", "value": sum(1 for s in stations if g.a(s, "step_free"))}, 0)
    q("filtered_count", "how many battery electric vehicles are in the fleet",
      {"type": "count", "value": sum(1 for v in vehicles if g.a(v, "propulsion") == "battery electric")}, 0)
    q("filtered_count", "How many major incidents have there been?",
      {"type": "count", "value": sum(1 for i in incidents if g.a(i, "severity") == "major")}, 0)
    q("filtered_count", "How many critical work orders are still open?",
      {"type": "count", "value": sum(1 for w in orders
                                     if g.a(w, "priority") == "critical" and g.a(w, "status") == "open")}, 0)
    q("filtered_count", "How many of our routes run a night service?",
      {"type": "count", "value": sum(1 for r in routes if g.a(r, "night_service"))}, 0)
    q("filtered_count", "How many vehicles were built before 2010?",
      {"type": "count", "value": sum(1 for v in vehicles if g.a(v, "year_built") < 2010)}, 0)
    q("filtered_count", "Count the part-time drivers.",
      {"type": "count", "value": sum(1 for o in drivers if g.a(o, "part_time"))}, 0)
    q("filtered_count", "How many incidents involved injuries?",
      {"type": "count", "value": sum(1 for i in incidents if g.a(i, "injuries"))}, 0)
    z = g.by_name("Zone 1 Central")
    q("filtered_count", "How many stations lie in Zone 1 Central?",
      {"type": "count", "value": len(g.inn(z, "IN_ZONE"))}, 1)
    ef = g.by_name("Eastfield Depot")
    q("filtered_count", "How many staff work out of Eastfield Depot?",
      {"type": "count", "value": len(g.inn(ef, "WORKS_AT"))}, 1)
    nd = g.by_name("Northgate Depot")
    q("filtered_count", "how many buses does Northgate Depot have?",
      {"type": "count", "value": sum(1 for v in g.inn(nd, "BASED_AT") if g.a(v, "vehicle_type") == "bus")}, 1)

    # ---- list --------------------------------------------------------------------------------------------------
    q("list", "Which routes are metro lines?", set_gold(g, [r for r in routes if g.a(r, "mode") == "metro"]), 0)
    q("list", "List the depots in the central district.",
      set_gold(g, [d for d in depots if g.a(d, "district") == "central"]), 0)
    wm = g.by_name("Westmoor Depot")
    q("list", "Who are the team leaders at Westmoor Depot?",
      set_gold(g, [o for o in g.inn(wm, "WORKS_AT") if g.a(o, "role") == "team leader"]), 1)
    red = g.by_name("Red Line")
    q("list", "What stations does the Red Line stop at?", set_gold(g, g.out(red, "SERVES")), 1)
    v_wo = first(shuffled(vehicles, 1), lambda v: g.unique(v) and 3 <= len(g.inn(v, "FOR_VEHICLE")) <= 4)
    q("list", f"Show me the work orders raised for {nm(v_wo)}.", set_gold(g, g.inn(v_wo, "FOR_VEHICLE")), 1)
    mgr = first(shuffled(managers, 2), lambda m: 3 <= len(g.inn(m, "SUPERVISED_BY")) <= 4)
    q("list", f"who reports directly to {nm(mgr)}?", set_gold(g, g.inn(mgr, "SUPERVISED_BY")), 1)

    # ---- multihop ----------------------------------------------------------------------------------------------
    all_zones = set(zones)

    def zones_of_route(r: str) -> set[str]:
        return follow(g, [r], [(">", "SERVES"), (">", "IN_ZONE")])

    r1 = first(shuffled([r for r in routes if g.a(r, "mode") == "bus"], 3), lambda r: 2 <= len(zones_of_route(r)) <= 3)
    q("multihop", f"Which fare zones does {nm(r1)} pass through?", set_gold(g, zones_of_route(r1)), 2)
    z6 = g.by_name("Zone 6 Regional")
    q("multihop", "What routes have stops in Zone 6 Regional?",
      set_gold(g, follow(g, [z6], [("<", "IN_ZONE"), ("<", "SERVES")])), 2)

    def route_drivers(r: str) -> set[str]:
        return follow(g, [r], [("<", "ASSIGNED_TO"), ("<", "DRIVES")])

    r3 = first(shuffled([r for r in routes if g.a(r, "mode") != "ferry" and r != r1], 4),
               lambda r: 3 <= len(route_drivers(r)) <= 8)
    q("multihop", f"Who drives the vehicles assigned to {nm(r3)}?", set_gold(g, route_drivers(r3)), 2)

    def inc_stations(v: str) -> set[str]:
        return follow(g, [v], [("<", "INVOLVED"), (">", "OCCURRED_AT")])

    v4 = first(shuffled(vehicles, 5), lambda v: v != v_wo and len(inc_stations(v)) >= 3)
    q("multihop", f"At which stations did incidents involving {nm(v4)} take place?", set_gold(g, inc_stations(v4)), 2)
    d5 = first(shuffled(drivers, 6), lambda o: len(g.out(o, "DRIVES")) >= 1)
    boss2 = follow(g, [d5], [(">", "SUPERVISED_BY"), (">", "SUPERVISED_BY")])
    q("multihop", f"Who is {nm(d5)}'s supervisor's boss?", set_gold(g, boss2), 2)
    marine_mgr = first(managers, lambda m: nm(g.out(m, "WORKS_AT")[0]) == "Harbour Marine Depot")
    q("multihop", f"Which drivers are in the teams of the team leaders who report to {nm(marine_mgr)}?",
      set_gold(g, follow(g, [marine_mgr], [("<", "SUPERVISED_BY"), ("<", "SUPERVISED_BY")])), 2)

    def team_vehicles(lead: str) -> set[str]:
        return follow(g, [lead], [("<", "SUPERVISED_BY"), (">", "DRIVES")])

    l7 = first(shuffled(leads, 7), lambda o: 4 <= len(team_vehicles(o)) <= 9)
    q("multihop", f"Which vehicles are driven by people that {nm(l7)} supervises?", set_gold(g, team_vehicles(l7)), 2)

    def reported_zones(o: str) -> set[str]:
        return follow(g, [o], [("<", "REPORTED_BY"), (">", "OCCURRED_AT"), (">", "IN_ZONE")])

    d8 = first(shuffled(drivers, 8), lambda o: o != d5 and len(g.inn(o, "REPORTED_BY")) >= 2
               and 2 <= len(reported_zones(o)) < len(all_zones))
    q("multihop", f"In which fare zones were the incidents that {nm(d8)} reported?", set_gold(g, reported_zones(d8)), 3)

    def st_wo_depots(s: str) -> set[str]:
        return follow(g, [s], [("<", "OCCURRED_AT"), ("<", "RAISED_FOR"), (">", "HANDLED_AT")])

    s9 = first(shuffled(stations, 9), lambda s: len(st_wo_depots(s)) >= 2)
    q("multihop", f"Which depots handled work orders that were raised for incidents at {nm(s9)}?",
      set_gold(g, st_wo_depots(s9)), 3)

    def team_routes(lead: str) -> set[str]:
        return follow(g, [lead], [("<", "SUPERVISED_BY"), (">", "DRIVES"), (">", "ASSIGNED_TO")])

    l10 = first(shuffled(leads, 10), lambda o: o != l7 and 3 <= len(team_routes(o)) <= 7)
    q("multihop", f"what routes do the drivers on {nm(l10)}'s team work on?", set_gold(g, team_routes(l10)), 3)

    def driver_zones(o: str) -> set[str]:
        return follow(g, [o], [(">", "DRIVES"), (">", "ASSIGNED_TO"), (">", "SERVES"), (">", "IN_ZONE")])

    d11 = first(shuffled(drivers, 11), lambda o: o not in (d5, d8) and 2 <= len(driver_zones(o)) <= 4)
    q("multihop", f"Which fare zones are covered by the routes of the vehicles {nm(d11)} drives?",
      set_gold(g, driver_zones(d11)), 4)

    def st_fix_depots(s: str) -> set[str]:
        return follow(g, [s], [("<", "OCCURRED_AT"), (">", "INVOLVED"), ("<", "FOR_VEHICLE"), (">", "HANDLED_AT")])

    s12 = first(shuffled(stations, 12), lambda s: s != s9 and 2 <= len(st_fix_depots(s)) <= 4)
    q("multihop", f"Which depots have done maintenance on vehicles that were involved in incidents at {nm(s12)}?",
      set_gold(g, st_fix_depots(s12)), 4)

    # ---- superlative -------------------------------------------------------------------------------------------
    def sup(text: str | list[tuple[str, list[str]]], cands: list[str] | None, score: Callable[[str], float],
            hops: int, lowest: bool = False) -> None:
        """One superlative; ``text`` may be a list of (wording, candidates) tried in order until one has no tie."""
        options = [(text, cands)] if isinstance(text, str) else text
        for wording, pool in options:
            best = unique_best(g, pool or [], score, lowest)
            if best is not None:
                q("superlative", wording, set_gold(g, [best]), hops)
                return
        raise RuntimeError(f"tie in every wording of superlative: {options[0][0]}")

    def by_mode(mode: str) -> list[str]:
        return [r for r in routes if g.a(r, "mode") == mode]

    sup("Which station has the highest daily boardings?", stations, lambda s: g.a(s, "daily_boardings"), 0)
    sup("What is our oldest route?", routes, lambda r: -int(g.a(r, "opened").replace("-", "")), 0)
    sup("Which bus has the most kilometres on the clock?", [v for v in vehicles if g.a(v, "vehicle_type") == "bus"],
        lambda v: g.a(v, "odometer_km"), 0)
    sup([("Which driver has the lowest rating?", drivers)]
        + [(f"Which driver at {nm(d)} has the lowest rating?", [o for o in g.inn(d, "WORKS_AT") if o in drivers])
           for d in depots], None, lambda o: g.a(o, "rating"), 0, lowest=True)
    # by count: scope narrowed to the first zone whose maximum is unique
    zone_for_inc = first(zones, lambda z: unique_best(g, g.inn(z, "IN_ZONE"),
                                                      lambda s: len(g.inn(s, "OCCURRED_AT"))) is not None)
    sup(f"Which station in {nm(zone_for_inc)} has had the most incidents?", g.inn(zone_for_inc, "IN_ZONE"),
        lambda s: len(g.inn(s, "OCCURRED_AT")), 1)
    sup([("Which route has the most stops?", routes), ("Which bus route has the most stops?", by_mode("bus")),
         ("Which tram line has the most stops?", by_mode("tram")),
         ("Which metro line serves the most stations?", by_mode("metro"))], None,
        lambda r: len(g.out(r, "SERVES")), 1)
    sup("Which vehicle has racked up the highest total work order cost?", vehicles,
        lambda v: round(sum(g.a(w, "cost") for w in g.inn(v, "FOR_VEHICLE")), 2), 1)
    sup("Which depot has booked the most labour hours on work orders?", depots,
        lambda d: round(sum(g.e(w, d, "labour_hours") for w in g.inn(d, "HANDLED_AT")), 1), 1)

    # ---- aggregate ---------------------------------------------------------------------------------------------
    q("aggregate", "What's the total cost of all critical work orders?",
      {"type": "value", "value": round(sum(g.a(w, "cost") for w in orders if g.a(w, "priority") == "critical"), 2)},
      0)
    ng_drivers = [o for o in g.inn(nd, "WORKS_AT") if g.a(o, "role") == "driver"]
    q("aggregate", "What is the average rating of the drivers at Northgate Depot?",
      {"type": "value", "value": round(sum(g.a(o, "rating") for o in ng_drivers) / len(ng_drivers), 2)}, 1)
    s_delay = first(shuffled(stations, 13), lambda s: s not in (s9, s12) and len(g.inn(s, "OCCURRED_AT")) >= 3)
    q("aggregate", f"How many minutes of delay in total were caused by incidents at {nm(s_delay)}?",
      {"type": "value", "value": sum(g.a(i, "delay_minutes") for i in g.inn(s_delay, "OCCURRED_AT"))}, 1)
    trams = [v for v in vehicles if g.a(v, "vehicle_type") == "tram"]
    q("aggregate", "average passenger capacity of our trams?",
      {"type": "value", "value": round(sum(g.a(v, "capacity") for v in trams) / len(trams), 2)}, 0)

    # ---- edge properties ---------------------------------------------------------------------------------------
    r_seq = first(shuffled([r for r in routes if g.a(r, "mode") == "bus"], 14),
                  lambda r: r not in (r1, r3) and len(g.out(r, "SERVES")) >= 8)
    s_seq = sorted(g.out(r_seq, "SERVES"), key=lambda s: g.e(r_seq, s, "stop_sequence"))[4]
    q("edge_property", f"On {nm(r_seq)}, what number stop is {nm(s_seq)}?",
      {"type": "value", "value": g.e(r_seq, s_seq, "stop_sequence")}, 1)
    d_since = first(shuffled(drivers, 15), lambda o: o not in (d5, d8, d11) and len(g.out(o, "DRIVES")) == 1)
    v_since = g.out(d_since, "DRIVES")[0]
    q("edge_property", f"Since when has {nm(d_since)} been driving {nm(v_since)}?",
      {"type": "value", "value": g.e(d_since, v_since, "since")}, 1)
    w_hours = first(shuffled(orders, 16), lambda w: g.unique(w))
    d_hours = g.out(w_hours, "HANDLED_AT")[0]
    q("edge_property", f"How many labour hours were booked at {nm(d_hours)} for {nm(w_hours)}?",
      {"type": "value", "value": g.e(w_hours, d_hours, "labour_hours")}, 1)
    blue = g.by_name("Blue Line")
    q("edge_property", "Which station is the first stop on the Blue Line?",
      set_gold(g, [s for s in g.out(blue, "SERVES") if g.e(blue, s, "stop_sequence") == 1]), 1)
    f1 = g.by_name("F1 Harbour Ferry")
    last = max(g.e(f1, s, "stop_sequence") for s in g.out(f1, "SERVES"))
    q("edge_property", "What's the last stop of the F1 Harbour Ferry?",
      set_gold(g, [s for s in g.out(f1, "SERVES") if g.e(f1, s, "stop_sequence") == last]), 1)

    def regular_split(o: str) -> bool:
        flags = [g.e(o, v, "regular") for v in g.out(o, "DRIVES")]
        return len(flags) >= 2 and any(flags) and not all(flags)

    d_reg = first(shuffled(drivers, 17), lambda o: o not in (d5, d8, d11, d_since) and regular_split(o))
    q("edge_property", f"Which vehicles is {nm(d_reg)} the regular driver of?",
      set_gold(g, [v for v in g.out(d_reg, "DRIVES") if g.e(d_reg, v, "regular")]), 1)

    # ---- yes / no ----------------------------------------------------------------------------------------------
    s_nf = first(shuffled(stations, 18), lambda s: not g.a(s, "step_free") and s not in (s9, s12, s_delay, s_seq))
    q("yes_no", f"Is {nm(s_nf)} step-free?", {"type": "bool", "value": False}, 0)
    r_y = first(shuffled(routes, 19), lambda r: r not in (r1, r3, r_seq) and g.a(r, "mode") == "tram")
    s_y = sorted(g.out(r_y, "SERVES"), key=_key)[0]
    q("yes_no", f"Does the {nm(r_y)} call at {nm(s_y)}?", {"type": "bool", "value": True}, 1)
    d_n = first(shuffled(drivers, 20), lambda o: o not in (d5, d8, d11, d_since, d_reg))
    wrong_lead = first(shuffled(leads, 21), lambda lead: lead not in g.out(d_n, "SUPERVISED_BY")
                       and g.out(lead, "WORKS_AT") == g.out(d_n, "WORKS_AT"))
    q("yes_no", f"Does {nm(d_n)} report to {nm(wrong_lead)}?", {"type": "bool", "value": False}, 1)
    v_clean = first(shuffled(vehicles, 22), lambda v: not g.inn(v, "INVOLVED") and g.a(v, "vehicle_type") == "bus")
    q("yes_no", f"Has {nm(v_clean)} ever been involved in an incident?", {"type": "bool", "value": False}, 1)
    i_inj = first(shuffled(incidents, 23), lambda i: g.a(i, "injuries") and g.unique(i))
    q("yes_no", f"Were there any injuries in {nm(i_inj)}?", {"type": "bool", "value": True}, 0)

    # ---- portfolio ---------------------------------------------------------------------------------------------
    def neighbours(n: str) -> set[str]:
        return set(g.g.successors(n)) | set(g.g.predecessors(n))

    s_p = first(shuffled(stations, 24), lambda s: s not in (s9, s12, s_delay, s_seq, s_nf, s_y)
                and 4 <= len(neighbours(s)) <= 9)
    q("portfolio", f"Tell me everything about {nm(s_p)}.", set_gold(g, neighbours(s_p)), 1)
    v_p = first(shuffled(vehicles, 25), lambda v: v not in (v_wo, v4, v_since, v_clean)
                and 5 <= len(neighbours(v)) <= 10 and g.inn(v, "INVOLVED"))
    q("portfolio", f"give me the full picture on {nm(v_p)}", set_gold(g, neighbours(v_p)), 1)
    o_p = first(shuffled(drivers, 26), lambda o: o not in (d5, d8, d11, d_since, d_reg, d_n)
                and g.inn(o, "REPORTED_BY") and 4 <= len(neighbours(o)) <= 8)
    q("portfolio", f"What do we know about {nm(o_p)}?", set_gold(g, neighbours(o_p)), 1)

    # ---- unknown names -----------------------------------------------------------------------------------------
    for text, ghost in (
        ("How many incidents have happened at Wolfram Crescent?", "Wolfram Crescent"),
        ("Who supervises Bartholomew Quigley?", "Bartholomew Quigley"),
        ("Which route is Bus 9917 assigned to?", "Bus 9917"),
    ):
        assert ghost not in g.names and not any(ghost.lower() in n.lower() for n in g.names), ghost
        q("unknown", text, {"type": "none"}, 1)

    # ---- global ------------------------------------------------------------------------------------------------
    q("global", "How many different kinds of entity does this dataset contain?",
      {"type": "count", "value": len({g.type(n) for n in g.g})}, 0)
    q("global", "How many different relationship types are there in this graph?",
      {"type": "count", "value": len({d["label"] for *_, d in g.g.edges(data=True)})}, 0)
    q("global", "How many nodes does the graph hold altogether?", {"type": "count", "value": g.g.number_of_nodes()}, 0)

    # every named subject in a question is unambiguous
    for item in qs:
        for name, count in g.names.items():
            if count > 1 and name in item["question"]:
                raise RuntimeError(f"{item['id']} names an ambiguous entity {name!r}")
    return qs


def main(argv: list[str] | None = None) -> Path:
    argv = sys.argv[1:] if argv is None else argv
    if not 1 <= len(argv) <= 2:
        raise SystemExit("usage: questions.py DIR [GRAPHML]")
    out_dir = Path(argv[0])
    graphml = Path(argv[1]) if len(argv) > 1 else out_dir / "transit.graphml"
    qs = build(G(graphml))
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / "holdout.jsonl"
    out.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in qs), encoding="utf-8")
    return out


if __name__ == "__main__":
    print(main())
