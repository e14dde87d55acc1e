"""Deterministic hold-out questions over the bike-sharing graph written by graph.py.

Usage: python tests/byog50/questions.py OUT_DIR [GRAPH_PATH]  ->  OUT_DIR/holdout.jsonl
GRAPH_PATH is the bikeshare_csv folder (default: generate it with graph.py's default seed into OUT_DIR).
Reads only the CSV files; golds are computed from them directly.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path


def load(folder: Path):
    nodes: dict[str, dict] = {}
    edges: list[tuple[str, str, str, dict]] = []
    for f in sorted(folder.glob("nodes_*.csv")):
        with open(f, encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                rec = {k.split(":")[0]: v for k, v in row.items() if not k.startswith(":") and not k.endswith(":ID")}
                nid = next(v for k, v in row.items() if k.endswith(":ID"))
                rec["_type"] = row[":LABEL"]
                rec["_name"] = rec.get("name") or rec.get("title") or f"{rec['first_name']} {rec['last_name']}"
                nodes[nid] = rec
    for f in sorted(folder.glob("rels_*.csv")):
        with open(f, encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                attrs = {k.split(":")[0]: v for k, v in row.items() if not k.startswith(":")}
                edges.append((row[":START_ID"], row[":TYPE"], row[":END_ID"], attrs))
    return nodes, edges


class G:
    def __init__(self, folder: Path):
        self.nodes, self.edges = load(folder)
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eattr: dict[tuple[str, str, str], dict] = {}
        for s, t, d, a in self.edges:
            self.out[(s, t)].append(d)
            self.inn[(d, t)].append(s)
            self.eattr[(s, t, d)] = a

    def of(self, typ: str) -> list[str]:
        return sorted((i for i, n in self.nodes.items() if n["_type"] == typ), key=lambda x: (len(x), x))

    def name(self, i: str) -> str:
        return self.nodes[i]["_name"]

    def walk(self, start: set[str], *steps: tuple[str, str]) -> set[str]:
        cur = set(start)
        for direction, t in steps:
            nxt: set[str] = set()
            for c in cur:
                nxt.update(self.out[(c, t)] if direction == "out" else self.inn[(c, t)])
            cur = nxt
        return cur


def _set(g: G, ids) -> dict:
    ids = sorted(ids, key=lambda x: (x.split("-")[0], int(x.split("-")[1])))
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def _unique_max(scores: dict[str, float]) -> str | None:
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] > ranked[1][1]:
        return ranked[0][0]
    return None


def build(folder: Path) -> list[dict]:  # noqa: C901 - one list of questions
    g = G(folder)
    rng = random.Random(5050)
    qs: list[dict] = []

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"kind": kind, "question": text, "gold": gold, "hops": hops})

    def pick(cands, ok):
        cands = list(cands)
        rng.shuffle(cands)
        for c in cands:
            r = ok(c)
            if r:
                return c, r
        raise RuntimeError("no candidate")

    stations, bikes, riders = g.of("Station"), g.of("Bike"), g.of("Rider")
    techs, jobs, districts = g.of("Technician"), g.of("RepairJob"), g.of("District")
    plans, sponsors, incidents, trips = g.of("Plan"), g.of("Sponsor"), g.of("Incident"), g.of("Trip")
    n = g.name
    A = lambda i, k: g.nodes[i][k]  # noqa: E731
    pos = lambda s: s + ("'" if s.endswith("s") else "'s")  # noqa: E731

    # ---- count
    add("count", "How many docking stations are there?", {"type": "count", "value": len(stations)}, 0)
    add("count", "how many bikes does the scheme have", {"type": "count", "value": len(bikes)}, 0)
    add("count", "Total number of maintenance technicians?", {"type": "count", "value": len(techs)}, 0)
    add("count", "How many sponsors are on file", {"type": "count", "value": len(sponsors)}, 0)
    add("count", "how many incident reports have been logged?", {"type": "count", "value": len(incidents)}, 0)

    # ---- filtered_count
    add("filtered_count", "How many e-bikes are in the fleet?",
        {"type": "count", "value": sum(A(b, "electric") == "true" for b in bikes)}, 0)
    add("filtered_count", "how many stations offer charging",
        {"type": "count", "value": sum(A(s, "charging") == "true" for s in stations)}, 0)
    add("filtered_count", "How many riders are students?",
        {"type": "count", "value": sum(A(r, "student") == "true" for r in riders)}, 0)
    add("filtered_count", "Count the high-priority repair jobs.",
        {"type": "count", "value": sum(A(j, "priority") == "high" for j in jobs)}, 0)
    add("filtered_count", "How many incidents were thefts?",
        {"type": "count", "value": sum(A(i, "category") == "theft" for i in incidents)}, 0)
    add("filtered_count", "How many rides lasted longer than 45 minutes?",
        {"type": "count", "value": sum(int(A(t, "duration_min")) > 45 for t in trips)}, 0)
    d0 = districts[1]
    add("filtered_count", f"How many docking points are located in {n(d0)}?",
        {"type": "count", "value": len(g.inn[(d0, "LOCATED_IN")])}, 1)
    p0 = plans[1]
    add("filtered_count", f"how many members are on the {n(p0)} plan",
        {"type": "count", "value": len(g.inn[(p0, "SUBSCRIBES_TO")])}, 1)
    s0, c0 = pick(stations, lambda s: len(g.inn[(s, "HOMED_AT")]) if len(g.inn[(s, "HOMED_AT")]) >= 4 else 0)
    add("filtered_count", f"How many bikes call {n(s0)} home?", {"type": "count", "value": c0}, 1)
    t0, c1 = pick(techs, lambda t: len(g.out[(t, "WORKED_ON")]))
    add("filtered_count", f"How many work orders has {n(t0)} been on?", {"type": "count", "value": c1}, 1)

    # ---- list
    d1, m = pick(districts, lambda d: g.inn[(d, "LOCATED_IN")] if 1 <= len(g.inn[(d, "LOCATED_IN")]) <= 12 else None)
    add("list", f"Which stations are in the {n(d1)} district?", _set(g, m), 1)
    sp1, m = pick(sponsors, lambda s: g.out[(s, "SPONSORS")] if len(g.out[(s, "SPONSORS")]) >= 2 else None)
    add("list", f"list the stations that {n(sp1)} sponsors", _set(g, m), 1)
    s1, m = pick(stations, lambda s: g.inn[(s, "HOMED_AT")] if 2 <= len(g.inn[(s, "HOMED_AT")]) <= 12 and s != s0 else None)
    add("list", f"Show me the bikes housed at {n(s1)}", _set(g, m), 1)
    add("list", "Which technicians are at lead level?", _set(g, [t for t in techs if A(t, "level") == "lead"]), 0)
    add("list", "which plans come with e-bike access", _set(g, [p for p in plans if A(p, "ebike_access") == "true"]), 0)
    add("list", "Give me the sponsors from the finance industry.",
        _set(g, [s for s in sponsors if A(s, "industry") == "finance"]), 0)
    t1, m = pick(techs, lambda t: g.out[(t, "MENTORED")] if 2 <= len(g.out[(t, "MENTORED")]) <= 12 else None)
    add("list", f"Who has {n(t1)} mentored?", _set(g, m), 1)

    # ---- multihop
    r1, m = pick(riders, lambda r: g.walk({r}, ("out", "RODE"), ("out", "DEPARTED_FROM"))
                 if 2 <= len(g.out[(r, "RODE")]) <= 8 else None)
    add("multihop", f"Which stations has {n(r1)} started rides from?", _set(g, m), 2)
    r2, m = pick(riders, lambda r: g.walk({r}, ("out", "RODE"), ("out", "ARRIVED_AT"), ("out", "LOCATED_IN"))
                 if 2 <= len(g.out[(r, "RODE")]) <= 6 and r != r1 else None)
    add("multihop", f"in which districts did {n(r2)} finish trips", _set(g, m), 3)
    r3, m = pick(riders, lambda r: g.walk({r}, ("out", "RODE"), ("out", "USED_BIKE"))
                 if 2 <= len(g.out[(r, "RODE")]) <= 10 and r not in (r1, r2) else None)
    add("multihop", f"What bikes has {n(r3)} ridden?", _set(g, m), 2)
    b1, m = pick(bikes, lambda b: (lambda x: x if 2 <= len(x) <= 12 else None)(
        g.walk({b}, ("in", "FIXES"), ("in", "WORKED_ON"))))
    add("multihop", f"Which technicians have worked on {n(b1)}?", _set(g, m), 2)
    d2, m = pick(districts, lambda d: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({d}, ("in", "LOCATED_IN"), ("in", "SPONSORS"))))
    add("multihop", f"Which companies sponsor docking stations in {n(d2)}?", _set(g, m), 2)
    t2, m = pick(techs, lambda t: g.walk({t}, ("in", "MENTORED"), ("in", "MENTORED")) or None)
    add("multihop", f"who trained the person who trained {n(t2)}?", _set(g, m), 2)
    t3, m = pick(techs, lambda t: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({t}, ("out", "MENTORED"), ("out", "MENTORED"))))
    add("multihop", f"Which technicians were mentored by the mentees of {n(t3)}?", _set(g, m), 2)
    t4, m = pick(techs, lambda t: (lambda x: x if 1 <= len(x) <= 12 and t not in x else None)(
        g.walk({t}, ("in", "MENTORED"), ("out", "MENTORED")) - {t}) if g.inn[(t, "MENTORED")] else None)
    add("multihop", f"Apart from {n(t4)}, who else did {pos(n(t4))} mentor mentor?", _set(g, m), 2)
    r4, m = pick(riders, lambda r: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({r}, ("out", "RODE"), ("out", "USED_BIKE"), ("in", "FIXES"), ("in", "WORKED_ON"))))
    add("multihop", f"Which mechanics have repaired bikes that {n(r4)} rode?", _set(g, m), 4)
    t5, m = pick(techs, lambda t: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({t}, ("out", "MENTORED"), ("out", "WORKED_ON"), ("out", "FIXES"), ("out", "HOMED_AT"))))
    add("multihop", f"At which stations are the bikes fixed by technicians that {n(t5)} mentored based?",
        _set(g, m), 4)
    i1, m = pick(incidents, lambda i: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({i}, ("in", "FILED"), ("out", "RODE"), ("out", "DEPARTED_FROM"), ("out", "LOCATED_IN"))))
    add("multihop", f"In which districts has the rider who filed {n(i1)} begun trips?", _set(g, m), 4)
    s2, m = pick(stations, lambda s: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({s}, ("in", "HOMED_AT"), ("in", "USED_BIKE"), ("in", "RODE"))))
    add("multihop", f"which riders have used bikes whose home dock is {n(s2)}", _set(g, m), 3)
    s3, m = pick(stations, lambda s: (lambda x: x if 1 <= len(x) <= 12 else None)(
        g.walk({s}, ("in", "OCCURRED_AT"), ("in", "FILED"), ("out", "SUBSCRIBES_TO"))))
    add("multihop", f"What subscription plans do the riders who reported incidents at {n(s3)} hold?", _set(g, m), 3)
    b2, m = pick(bikes, lambda b: (lambda x: x if 2 <= len(x) <= 12 and b != b1 else None)(
        g.walk({b}, ("in", "USED_BIKE"), ("out", "ARRIVED_AT"))))
    add("multihop", f"Where did rides on {n(b2)} end up? List the stations.", _set(g, m), 2)

    # ---- superlative
    def sup(kind_text: str, cands: list[str], score) -> None:
        w = _unique_max({c: score(c) for c in cands})
        assert w is not None, kind_text
        add("superlative", kind_text, _set(g, [w]), 0)

    sup("Which docking station sits at the highest elevation?", stations, lambda s: float(A(s, "elevation_m")))
    sup("What's the most expensive repair job?", jobs, lambda j: float(A(j, "cost")))
    sup("which technician has the highest hourly rate", techs, lambda t: float(A(t, "hourly_rate")))
    sup("Which district covers the biggest area?", districts, lambda d: float(A(d, "area_km2")))
    qs[-1]["hops"] = 0
    sup("Which station has the most bikes assigned to it as their home?", stations,
        lambda s: len(g.inn[(s, "HOMED_AT")]))
    qs[-1]["hops"] = 1
    sup("Who has taken the most trips?", riders, lambda r: len(g.out[(r, "RODE")]))
    qs[-1]["hops"] = 1
    sup("Which technician has been on the largest number of repair jobs?", techs, lambda t: len(g.out[(t, "WORKED_ON")]))
    qs[-1]["hops"] = 1
    sup("Which sponsor has put the most money into station sponsorships in total?", sponsors,
        lambda s: sum(float(g.eattr[(s, "SPONSORS", d)]["amount_eur"]) for d in g.out[(s, "SPONSORS")]))
    qs[-1]["hops"] = 1
    sup("which rider has covered the greatest total distance", riders,
        lambda r: round(sum(float(A(t, "distance_km")) for t in g.out[(r, "RODE")]), 4))
    qs[-1]["hops"] = 1
    d3, w = pick(districts, lambda d: _unique_max({s: int(A(s, "capacity")) for s in g.inn[(d, "LOCATED_IN")]}))
    add("superlative", f"Of the stations in {n(d3)}, which one has the most docks (capacity)?", _set(g, [w]), 1)

    # ---- aggregate
    add("aggregate", "What's the total cost of all repair jobs?",
        {"type": "value", "value": round(sum(float(A(j, "cost")) for j in jobs), 2)}, 0)
    add("aggregate", "average trip distance in km?",
        {"type": "value", "value": round(sum(float(A(t, "distance_km")) for t in trips) / len(trips), 2)}, 0)
    d4 = districts[3]
    caps = [int(A(s, "capacity")) for s in g.inn[(d4, "LOCATED_IN")]]
    add("aggregate", f"What is the average capacity of the stations in {n(d4)}?",
        {"type": "value", "value": round(sum(caps) / len(caps), 2)}, 1)
    s4, tot = pick(stations, lambda s: round(sum(float(A(i, "damage_estimate")) for i in g.inn[(s, "OCCURRED_AT")]), 2)
                   if len(g.inn[(s, "OCCURRED_AT")]) >= 2 else None)
    add("aggregate", f"Sum of the damage estimates for incidents at {n(s4)}", {"type": "value", "value": tot}, 1)
    add("aggregate", "What's the combined population of the outer districts?",
        {"type": "value", "value": sum(int(A(d, "population")) for d in districts if A(d, "zone") == "outer")}, 0)

    # ---- edge_property
    sp_edges = sorted((s, d) for s, t, d, _ in g.edges if t == "SPONSORS")
    rng.shuffle(sp_edges)
    (sa, da), (sb, db), (sc, dc) = sp_edges[:3]
    add("edge_property", f"How much does {n(sa)} pay to sponsor {n(da)}?",
        {"type": "value", "value": float(g.eattr[(sa, "SPONSORS", da)]["amount_eur"])}, 1)
    add("edge_property", f"What tier is {pos(n(sb))} sponsorship of {n(db)}?",
        {"type": "value", "value": g.eattr[(sb, "SPONSORS", db)]["tier"]}, 1)
    add("edge_property", f"when did {n(sc)} start sponsoring {n(dc)}",
        {"type": "value", "value": g.eattr[(sc, "SPONSORS", dc)]["since"]}, 1)
    wk = sorted((s, d) for s, t, d, _ in g.edges if t == "WORKED_ON")
    rng.shuffle(wk)
    ta, ja = wk[0]
    add("edge_property", f"How many hours did {n(ta)} log on {n(ja)}?",
        {"type": "value", "value": float(g.eattr[(ta, "WORKED_ON", ja)]["hours"])}, 1)
    sub = sorted((s, d) for s, t, d, _ in g.edges if t == "SUBSCRIBES_TO")
    rng.shuffle(sub)
    (ra, pa), (rb, pb) = sub[:2]
    add("edge_property", f"On what date did {pos(n(ra))} subscription to the {n(pa)} plan begin?",
        {"type": "value", "value": g.eattr[(ra, "SUBSCRIBES_TO", pa)]["started"]}, 1)
    mo = int(g.eattr[(rb, "SUBSCRIBES_TO", pb)]["months_paid"])
    add("edge_property", f"how many months has {n(rb)} paid for on {n(pb)}?", {"type": "value", "value": mo}, 1)
    add("edge_property", "How many sponsorship deals are gold tier?",
        {"type": "count", "value": sum(1 for _, t, _, a in g.edges if t == "SPONSORS" and a["tier"] == "gold")}, 1)
    add("edge_property", "How many subscriptions are set to renew automatically?",
        {"type": "count", "value": sum(1 for _, t, _, a in g.edges if t == "SUBSCRIBES_TO" and a["auto_renew"] == "true")}, 1)

    # ---- yes_no (4 yes, 4 no)
    st_a = stations[7]
    add("yes_no", f"Is {n(st_a)} in {n(g.out[(st_a, 'LOCATED_IN')][0])}?", {"type": "bool", "value": True}, 1)
    st_b = stations[11]
    other = next(d for d in districts if d not in g.out[(st_b, "LOCATED_IN")])
    add("yes_no", f"is {n(st_b)} located in the {n(other)} district", {"type": "bool", "value": False}, 1)
    me = sorted((s, d) for s, t, d, _ in g.edges if t == "MENTORED")
    ma, mb = me[len(me) // 2]
    add("yes_no", f"Did {n(ma)} mentor {n(mb)}?", {"type": "bool", "value": True}, 1)
    mc, md = me[3]
    nm = next(t for t in techs if t not in g.inn[(md, "MENTORED")] and t != md and t != mc)
    add("yes_no", f"Was {n(md)} mentored by {n(nm)}?", {"type": "bool", "value": False}, 1)
    add("yes_no", f"Does the {n(plans[0])} plan include e-bike access?",
        {"type": "bool", "value": A(plans[0], "ebike_access") == "true"}, 0)
    eb = next(b for b in bikes[40:] if A(b, "electric") == "true")
    add("yes_no", f"is {n(eb)} an electric bike?", {"type": "bool", "value": True}, 0)
    rr = next(r for r in riders[50:] if g.out[(r, "RODE")])
    rb_ = g.walk({rr}, ("out", "RODE"), ("out", "USED_BIKE"))
    add("yes_no", f"Has {n(rr)} ever ridden {n(sorted(rb_)[0])}?", {"type": "bool", "value": True}, 2)
    rr2 = next(r for r in riders[90:] if g.out[(r, "RODE")])
    nb = next(b for b in bikes[60:] if b not in g.walk({rr2}, ("out", "RODE"), ("out", "USED_BIKE")))
    add("yes_no", f"has {n(rr2)} ever taken a ride on {n(nb)}", {"type": "bool", "value": False}, 2)

    # ---- portfolio
    def nbrs(x: str) -> set[str]:
        out = set()
        for s, _t, d, _a in g.edges:
            if s == x:
                out.add(d)
            elif d == x:
                out.add(s)
        return out

    sp2, m = pick([s for s in sponsors if s != sp1], lambda s: (lambda x: x if 2 <= len(x) <= 12 else None)(nbrs(s)))
    add("portfolio", f"Tell me everything about {n(sp2)}.", _set(g, m), 1)
    b3, m = pick([b for b in bikes if b not in (b1, b2)], lambda b: (lambda x: x if 4 <= len(x) <= 12 else None)(nbrs(b)))
    add("portfolio", f"give me the full picture on the bike {n(b3)}", _set(g, m), 1)
    r5, m = pick([r for r in riders if r not in (r1, r2, r3, r4)],
                 lambda r: (lambda x: x if 4 <= len(x) <= 12 else None)(nbrs(r)))
    add("portfolio", f"What do we know about {n(r5)}? Everything connected to them, please.", _set(g, m), 1)

    # ---- unknown
    add("unknown", "Which district is Marigold Quay station in?", {"type": "none"}, 1)
    add("unknown", "Who mentored Ottilie Brannigan?", {"type": "none"}, 1)
    add("unknown", "What does the Platinum Plus plan cost per month?", {"type": "none"}, 0)
    add("unknown", "which stations does Zephyr Airlines sponsor", {"type": "none"}, 1)

    # ---- global
    add("global", "How many different node types does this graph have?",
        {"type": "count", "value": len({x["_type"] for x in g.nodes.values()})}, 0)
    add("global", "how many relationship types are there in the data", {"type": "count", "value": len({e[1] for e in g.edges})}, 0)
    add("global", "How many entities are there in the graph altogether?", {"type": "count", "value": len(g.nodes)}, 0)

    for k, q in enumerate(qs, 1):
        q["id"] = f"byog50-{k:02d}"
        _check(q, g)
    return [{"id": q["id"], "kind": q["kind"], "question": q["question"], "gold": q["gold"], "hops": q["hops"]} for q in qs]


def _norm(s: str) -> str:
    return " " + " ".join(re.sub(r"[^\w]+", " ", s.lower()).split()) + " "


def _check(q: dict, g: G) -> None:
    gold, text = q["gold"], q["question"]
    if gold["type"] == "set":
        assert 1 <= len(gold["ids"]) <= 12, q
        for nm in gold["names"]:
            assert _norm(nm) not in _norm(text), q
    if gold["type"] == "count":
        assert gold["value"] > 0, q
        assert str(gold["value"]) not in re.findall(r"\d+", text), q
    if gold["type"] == "value":
        assert _norm(str(gold["value"])) not in _norm(text), q
    if gold["type"] == "none":
        names = {_norm(x["_name"]) for x in g.nodes.values()}
        assert not any(_norm(w) in nm for nm in names for w in re.findall(r"[A-Z][a-z]+ [A-Z][a-z]+", text)), q


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if len(sys.argv) > 2:
        folder = Path(sys.argv[2])
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from graph import write  # noqa: PLC0415

        folder = write(out)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in build(folder):
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(out / "holdout.jsonl")


if __name__ == "__main__":
    main()
