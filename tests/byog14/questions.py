"""Write the byog14 holdout questions, gold computed from the GraphML alone.

Usage: python tests/byog14/questions.py DIR [GRAPHML]   (writes DIR/holdout.jsonl; GRAPHML defaults to
DIR/cloudops.graphml)

Reads nothing but the GraphML file (networkx.read_graphml). Subjects are drawn with random.Random(14) from the
candidates that make an unambiguous question (a unique display name, no tie at the top of a superlative, a
multi-hop answer that is neither empty nor everything); every check raises if it cannot be met.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import networkx as nx


def _natural(nid: str) -> tuple[str, int]:
    m = re.fullmatch(r"(.*?)-(\d+)", nid)
    return (m.group(1), int(m.group(2))) if m else (nid, 0)


class Graph:
    """Small read-only helpers over the imported GraphML."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.names = Counter(self.name(n) for n in self.g)

    def type(self, n: str) -> str:
        return self.g.nodes[n]["labels"].lstrip(":")

    def attr(self, n: str, key: str):
        return self.g.nodes[n][key]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def of(self, t: str) -> list[str]:
        return [n for n in self.g if self.type(n) == t]

    def out(self, n: str, label: str) -> list[str]:
        return [v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label]

    def inn(self, n: str, label: str) -> list[str]:
        return [u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label]

    def step(self, nodes: Iterable[str], label: str, forward: bool = True) -> set[str]:
        out: set[str] = set()
        for n in nodes:
            out.update(self.out(n, label) if forward else self.inn(n, label))
        return out

    def edges(self, label: str) -> list[tuple[str, str, dict]]:
        return [(u, v, d) for u, v, d in self.g.edges(data=True) if d["label"] == label]

    def unique(self, n: str) -> bool:
        return self.names[self.name(n)] == 1

    def gold_set(self, ids: Iterable[str]) -> dict:
        ordered = sorted(set(ids), key=_natural)
        for n in ordered:
            if not self.unique(n):
                raise ValueError(f"gold member {n} has a shared name {self.name(n)!r}")
        return {"type": "set", "ids": ordered, "names": [self.name(n) for n in ordered]}


def _choose(rng: random.Random, pool: list, ok: Callable, what: str):
    good = [x for x in pool if ok(x)]
    if not good:
        raise ValueError(f"no unambiguous subject for: {what}")
    return rng.choice(good)


def _top(scores: dict[str, float], lowest: bool = False) -> str:
    """The single best node; raises on a tie."""
    best = (min if lowest else max)(scores.values())
    winners = [n for n, s in scores.items() if s == best]
    if len(winners) != 1:
        raise ValueError(f"tie at the top: {winners}")
    return winners[0]


def build(path: Path) -> list[dict]:
    G = Graph(path)
    rng = random.Random(14)
    rows: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        rows.append({"id": f"byog14-{len(rows) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                     "hops": hops})

    svcs, servers, dcs, teams = G.of("Service"), G.of("Server"), G.of("DataCentre"), G.of("Team")
    engs, incs, deps, rots = G.of("Engineer"), G.of("Incident"), G.of("Deployment"), G.of("OnCallRotation")
    name = G.name

    # ---- count
    add("count", "How many services are there?", {"type": "count", "value": len(svcs)}, 0)
    add("count", "how many data centers do we run", {"type": "count", "value": len(dcs)}, 0)
    add("count", "Total number of engineers?", {"type": "count", "value": len(engs)}, 0)
    add("count", "How many incidents are on record?", {"type": "count", "value": len(incs)}, 0)

    # ---- filtered count
    def count(nodes, pred):
        return {"type": "count", "value": sum(1 for n in nodes if pred(G.g.nodes[n]))}

    add("filtered_count", "How many servers run Debian 12?", count(servers, lambda d: d["os"] == "Debian 12"), 0)
    add("filtered_count", "How many critical-tier services do we have?",
        count(svcs, lambda d: d["tier"] == "critical"), 0)
    add("filtered_count", "How many of our engineers are contractors?",
        count(engs, lambda d: d["is_contractor"]), 0)
    add("filtered_count", "Count the SEV1 incidents.", count(incs, lambda d: d["severity"] == "SEV1"), 0)
    add("filtered_count", "How many deployments got rolled back?", count(deps, lambda d: d["rolled_back"]), 0)
    add("filtered_count", "How many hosts have more than 128 GB of memory?",
        count(servers, lambda d: d["memory_gb"] > 128), 0)
    add("filtered_count", "how many incidents were opened during 2024",
        count(incs, lambda d: d["opened"].startswith("2024-")), 0)
    add("filtered_count", "How many public-facing services are written in Go?",
        count(svcs, lambda d: d["is_public"] and d["language"] == "Go"), 0)

    # ---- list
    def members(nodes, pred, lo=1, hi=20):
        ids = [n for n in nodes if pred(G.g.nodes[n])]
        if not lo <= len(ids) <= hi:
            raise ValueError(f"list size {len(ids)} outside {lo}..{hi}")
        return G.gold_set(ids)

    add("list", "Which data centres are in APAC?", members(dcs, lambda d: d["region"] == "APAC"), 0)
    add("list", "List the teams in the Security department.",
        members(teams, lambda d: d["department"] == "Security"), 0)
    add("list", "Which services are written in Rust?", members(svcs, lambda d: d["language"] == "Rust"), 0)
    add("list", "What on-call rotations page through Opsgenie?",
        members(rots, lambda d: d["paging_tool"] == "Opsgenie"), 0)
    add("list", "Show me the principal engineers based in Lisbon",
        members(engs, lambda d: d["seniority"] == "principal" and d["location"] == "Lisbon"), 0)
    add("list", "Which SEV1 incidents had a network root cause?",
        members(incs, lambda d: d["severity"] == "SEV1" and d["root_cause"] == "network"), 0)

    # ---- multihop
    def sized(lo, hi, limit=None):
        return lambda s: lo <= len(s) <= hi and (limit is None or len(s) < limit)

    def multihop(question_fmt, pool, path_fn, hops, ok=sized(2, 15), what=""):
        subj = _choose(rng, pool, lambda n: G.unique(n) and ok(path_fn(n)), what or question_fmt)
        add("multihop", question_fmt.format(name(subj)), G.gold_set(path_fn(subj)), hops)

    multihop("Which teams own the services that {} depends on?", svcs,
             lambda s: G.step(G.out(s, "DEPENDS_ON"), "OWNED_BY"), 2)
    multihop("What services rely on something the {} team owns?", teams,
             lambda t: G.step(G.inn(t, "OWNED_BY"), "DEPENDS_ON", forward=False), 2)
    multihop("What teams are the people {} mentors on?", engs,
             lambda e: G.step(G.out(e, "MENTORS"), "MEMBER_OF"), 2)
    multihop("Who mentors members of the {} squad?", teams,
             lambda t: G.step(G.inn(t, "MEMBER_OF"), "MENTORS", forward=False), 2, ok=sized(2, 12))
    multihop("In which data centres does {} run?", svcs,
             lambda s: G.step(G.out(s, "RUNS_ON"), "LOCATED_IN"), 2)
    multihop("which engineers responded to incidents that hit {}", svcs,
             lambda s: G.step(G.inn(s, "AFFECTS"), "RESPONDED_TO", forward=False), 2, ok=sized(3, 15))
    multihop("Which services were affected by incidents caused by deployments {} carried out?", engs,
             lambda e: G.step(G.step(G.inn(e, "DEPLOYED_BY"), "CAUSED_BY", forward=False), "AFFECTS"), 3)
    multihop("Which data centres host servers running services owned by {}?", teams,
             lambda t: G.step(G.step(G.inn(t, "OWNED_BY"), "RUNS_ON"), "LOCATED_IN"), 3,
             ok=sized(2, 8, limit=len(dcs)))
    multihop("{}'s team owns a few services. Which data centres are those running in?", engs,
             lambda e: G.step(G.step(G.inn(G.out(e, "MEMBER_OF")[0], "OWNED_BY"), "RUNS_ON"), "LOCATED_IN"), 4,
             ok=sized(2, 8, limit=len(dcs)))
    multihop("Which teams own services hit by incidents that were caused by changes {} shipped?", engs,
             lambda e: G.step(G.step(G.step(G.inn(e, "DEPLOYED_BY"), "CAUSED_BY", forward=False), "AFFECTS"),
                              "OWNED_BY"), 4)
    multihop("Which engineers are on rotations covering services that depend on {}?", svcs,
             lambda s: G.step(G.step(G.inn(s, "DEPENDS_ON"), "COVERS", forward=False), "ON_ROTATION",
                              forward=False), 3)
    multihop("Who deployed changes to the services {} depends on?", svcs,
             lambda s: G.step(G.step(G.out(s, "DEPENDS_ON"), "TARGETS", forward=False), "DEPLOYED_BY"), 3)
    multihop("Which data centres house the machines behind the services affected by '{}'?", incs,
             lambda i: G.step(G.step(G.out(i, "AFFECTS"), "RUNS_ON"), "LOCATED_IN"), 3)

    # ---- superlative
    def superlative(question, scores, hops, lowest=False, *alternatives):
        """The first of (question, scores, hops, lowest) and its alternatives whose top is not tied."""
        for q, sc, h, low in ((question, scores, hops, lowest), *alternatives):
            try:
                winner = _top(sc, low)
            except ValueError:
                continue
            add("superlative", q, G.gold_set([winner]), h)
            return
        raise ValueError(f"every variant of {question!r} is tied")

    superlative("Which data centre has the biggest power capacity?", {d: G.attr(d, "power_mw") for d in dcs}, 0)
    superlative("What's our most expensive service per month?", {s: G.attr(s, "monthly_cost") for s in svcs}, 0)
    superlative("Which service launched first?",
                {s: G.attr(s, "launched") for s in svcs}, 0, lowest=True)
    superlative("Which team owns the most services?", {t: len(G.inn(t, "OWNED_BY")) for t in teams}, 1)
    superlative("Which service has had the most incidents?", {s: len(G.inn(s, "AFFECTS")) for s in svcs}, 1)
    superlative("who has shipped the most deployments", {e: len(G.inn(e, "DEPLOYED_BY")) for e in engs}, 1, False,
                ("Which service gets deployed most often?", {s: len(G.inn(s, "TARGETS")) for s in svcs}, 1, False),
                ("Which on-call rotation has the most engineers on it?",
                 {r: len(G.inn(r, "ON_ROTATION")) for r in rots}, 1, False),
                ("Which data centre houses the most servers?", {d: len(G.inn(d, "LOCATED_IN")) for d in dcs}, 1,
                 False))
    superlative("Which service has racked up the most downtime minutes across its incidents?",
                {s: sum(G.attr(i, "downtime_minutes") for i in G.inn(s, "AFFECTS")) for s in svcs}, 1)
    hours: Counter = Counter()
    for u, _, d in G.edges("RESPONDED_TO"):
        hours[u] += d["hours"]
    superlative("Which engineer has logged the most hours responding to incidents?",
                {e: round(hours[e], 6) for e in engs}, 1)

    # ---- aggregate
    add("aggregate", "What do all our services cost per month combined?",
        {"type": "value", "value": round(sum(G.attr(s, "monthly_cost") for s in svcs), 2)}, 0)
    add("aggregate", "Average CPU core count across servers?",
        {"type": "value", "value": round(sum(G.attr(s, "cpu_cores") for s in servers) / len(servers), 2)}, 0)
    add("aggregate", "What's the total downtime, in minutes, of all SEV1 incidents?",
        {"type": "value", "value": sum(G.attr(i, "downtime_minutes") for i in incs
                                       if G.attr(i, "severity") == "SEV1")}, 0)
    principal = [e for e in engs if G.attr(e, "seniority") == "principal"]
    add("aggregate", "On average, how many years of experience do our principal engineers have?",
        {"type": "value", "value": round(sum(G.attr(e, "years_experience") for e in principal) / len(principal), 2)},
        0)

    # ---- edge property
    runs = [(u, v, d) for u, v, d in G.edges("RUNS_ON") if G.unique(u) and G.unique(v)]
    u, v, d = rng.choice(runs)
    add("edge_property", f"How many replicas of {name(u)} are running on {name(v)}?",
        {"type": "value", "value": d["replicas"]}, 1)
    memb = [(u, v, d) for u, v, d in G.edges("MEMBER_OF") if G.unique(u) and G.unique(v)]
    u, v, d = rng.choice(memb)
    add("edge_property", f"When did {name(u)} join the {name(v)} team?", {"type": "value", "value": d["since"]}, 1)
    team = _choose(rng, teams, lambda t: G.unique(t) and len(G.inn(t, "MEMBER_OF")) >= 4, "team with a lead")
    leads = [u for u, v, d in G.edges("MEMBER_OF") if v == team and d["is_lead"]]
    add("edge_property", f"Who leads {name(team)}?", G.gold_set(leads), 1)
    resp = [(u, v, d) for u, v, d in G.edges("RESPONDED_TO") if G.unique(u) and G.unique(v)]
    u, v, d = rng.choice(resp)
    add("edge_property", f"How many hours did {name(u)} put into the '{name(v)}' incident?",
        {"type": "value", "value": d["hours"]}, 1)
    u, v, d = rng.choice([r for r in resp if r[2]["role"] not in ("responder", "incident commander")])
    add("edge_property", f"What role did {name(u)} play during '{name(v)}'?", {"type": "value", "value": d["role"]}, 1)

    crit = [(u, v, d) for u, v, d in G.edges("DEPENDS_ON") if G.unique(u) and G.unique(v)]
    u, v, d = rng.choice(crit)
    add("edge_property", f"Is the dependency of {name(u)} on {name(v)} flagged as critical?",
        {"type": "bool", "value": d["critical"]}, 1)

    # ---- yes / no
    dep_edges = [(u, v) for u, v, _ in G.edges("DEPENDS_ON")]
    u, v = rng.choice(dep_edges)
    add("yes_no", f"Does {name(u)} depend on {name(v)}?", {"type": "bool", "value": True}, 1)
    srv = _choose(rng, servers, lambda s: G.unique(s) and G.attr(s, "is_virtual"), "virtual server")
    add("yes_no", f"Is {name(srv)} a virtual machine?", {"type": "bool", "value": True}, 0)
    chg = _choose(rng, deps, lambda c: G.unique(c) and G.attr(c, "rolled_back"), "rolled-back change")
    add("yes_no", f"was {name(chg)} rolled back?", {"type": "bool", "value": True}, 0)
    team_of = {e: G.out(e, "MEMBER_OF") for e in engs}
    a = _choose(rng, engs, lambda e: G.unique(e) and len(team_of[e]) == 1, "engineer")
    b = _choose(rng, engs, lambda e: G.unique(e) and len(team_of[e]) == 1 and team_of[e] != team_of[a]
                and G.attr(e, "last_name") != G.attr(a, "last_name"), "engineer on another team")
    add("yes_no", f"Are {name(a)} and {name(b)} on the same team?", {"type": "bool", "value": False}, 2)
    inc = _choose(rng, incs, lambda i: G.unique(i) and G.out(i, "AFFECTS"), "incident")
    hit = set(G.out(inc, "AFFECTS"))
    near = sorted(G.step(hit, "DEPENDS_ON") - hit, key=_natural) or sorted(set(svcs) - hit, key=_natural)
    other = _choose(rng, near, G.unique, "service the incident did not affect")
    add("yes_no", f"Did the '{name(inc)}' incident affect {name(other)}?", {"type": "bool", "value": False}, 1)

    # ---- portfolio: every direct neighbour, both directions
    def neighbours(n):
        return set(G.g.successors(n)) | set(G.g.predecessors(n))

    for fmt, pool, lo, hi in (("Tell me everything about {}.", servers, 3, 8),
                              ("What do we know about {}?", engs, 5, 12),
                              ("Give me the full picture on the {} service.", svcs, 6, 15)):
        subj = _choose(rng, pool, lambda n, lo=lo, hi=hi: G.unique(n) and lo <= len(neighbours(n)) <= hi, fmt)
        add("portfolio", fmt.format(name(subj)), G.gold_set(neighbours(subj)), 1)

    # ---- unknown: names that are in no node
    for q, missing in (("Which servers does the Telemetry Bridge service run on?", "Telemetry Bridge"),
                       ("What team is Marguerite Okonkwo on?", "Marguerite Okonkwo"),
                       ("Which data centre is zrh1-db-03 located in?", "zrh1-db-03")):
        if any(missing.lower() in G.name(n).lower() for n in G.g):
            raise ValueError(f"{missing!r} exists; pick another unknown name")
        add("unknown", q, {"type": "none"}, 1)

    # ---- global
    add("global", "How many different kinds of entity does this graph contain?",
        {"type": "count", "value": len({G.type(n) for n in G.g})}, 0)
    add("global", "How many relationship types are there in this dataset?",
        {"type": "count", "value": len({d["label"] for *_, d in G.g.edges(data=True)})}, 0)
    add("global", "how big is this graph - how many nodes altogether?",
        {"type": "count", "value": G.g.number_of_nodes()}, 0)
    return rows


def main(argv: list[str] | None = None) -> Path:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args(argv)
    rows = build(args.graphml or args.dir / "cloudops.graphml")
    args.dir.mkdir(parents=True, exist_ok=True)
    out = args.dir / "holdout.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return out


if __name__ == "__main__":
    print(main())
