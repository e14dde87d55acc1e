"""Hold-out questions over the SOC graph written by graph.py.

    python tests/byog32/questions.py OUT_DIR [GRAPH_PATH]

reads only the CSV files in GRAPH_PATH (default: OUT_DIR/soc_csv) and writes OUT_DIR/holdout.jsonl.
Deterministic: subjects are drawn with a fixed ``random.Random`` from sorted candidate lists.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from random import Random
from statistics import mean

CASTS = {"int": int, "float": float, "boolean": lambda v: v == "true"}


class Graph:
    def __init__(self, folder: Path) -> None:
        self.nodes: dict[str, dict] = {}
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edges: dict[str, list[tuple[str, str, dict]]] = defaultdict(list)
        for path in sorted(folder.glob("*.csv")):
            with open(path, newline="", encoding="utf-8") as fh:
                rows = list(csv.reader(fh))
            header = rows[0]
            if header[0] == ":START_ID":
                for r in rows[1:]:
                    attrs = {h.split(":")[0]: self._cast(h, v) for h, v in zip(header[3:], r[3:], strict=True)}
                    self.edges[r[2]].append((r[0], r[1], attrs))
                    self.out[(r[0], r[2])].append((r[1], attrs))
                    self.inn[(r[1], r[2])].append((r[0], attrs))
            else:
                for r in rows[1:]:
                    d = {}
                    for h, v in zip(header, r, strict=True):
                        if h == ":LABEL":
                            d["label"] = v
                        elif not h.endswith(":ID"):
                            d[h.split(":")[0]] = self._cast(h, v)
                    d["id"] = r[0]
                    d["display"] = d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"
                    self.nodes[r[0]] = d
        self.by_name = {d["display"]: i for i, d in self.nodes.items()}

    @staticmethod
    def _cast(header: str, value: str):
        kind = header.split(":")[1] if ":" in header else "string"
        return CASTS.get(kind, str)(value)

    def of(self, label: str) -> list[str]:
        return sorted((i for i, d in self.nodes.items() if d["label"] == label), key=_natural)

    def name(self, i: str) -> str:
        return self.nodes[i]["display"]

    def o(self, i: str, etype: str) -> list[str]:
        return [d for d, _ in self.out.get((i, etype), [])]

    def n_in(self, i: str, etype: str) -> list[str]:
        return [s for s, _ in self.inn.get((i, etype), [])]

    def edge(self, s: str, etype: str, d: str) -> dict | None:
        return next((a for x, a in self.out.get((s, etype), []) if x == d), None)


def _natural(i: str) -> tuple[str, int]:
    p, _, n = i.rpartition("-")
    return (p, int(n)) if n.isdigit() else (i, 0)


def _in_text(name: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE) is not None


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w\-#/.,])(\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)", text)}


class Builder:
    def __init__(self, g: Graph) -> None:
        self.g = g
        self.items: list[dict] = []

    def ok(self, text: str, gold: dict) -> bool:
        t = gold["type"]
        if t == "set":
            return 1 <= len(gold["ids"]) <= 12 and not any(_in_text(n, text) for n in gold["names"])
        if t == "count":
            return gold["value"] > 0 and float(gold["value"]) not in _numbers(text)
        if t == "value":
            v = gold["value"]
            return (float(v) not in _numbers(text)) if isinstance(v, int | float) else not _in_text(str(v), text)
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int) -> bool:
        if not self.ok(text, gold):
            return False
        self.items.append({"id": f"byog32-{len(self.items) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                           "hops": hops})
        return True

    def set_gold(self, ids) -> dict:
        ids = sorted(set(ids), key=_natural)
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}


def first(rng: Random, cands: list, fn) -> None:
    """Try candidates in a seeded order until ``fn`` accepts one."""
    cands = list(cands)
    rng.shuffle(cands)
    for c in cands:
        if fn(c):
            return
    raise RuntimeError("no candidate fits")


def unique_top(scores: dict[str, float], largest: bool = True) -> str | None:
    if len(scores) < 2:
        return None
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=largest)
    return ranked[0][0] if ranked[0][1] != ranked[1][1] else None


def build(g: Graph) -> list[dict]:
    b = Builder(g)
    rng = Random(3232)
    N = g.name
    count = lambda v: {"type": "count", "value": v}  # noqa: E731
    value = lambda v: {"type": "value", "value": v}  # noqa: E731

    def attr(label, key, pred):
        return [i for i in g.of(label) if pred(g.nodes[i][key])]

    # ---- count (5)
    b.add("count", "How many hosts are in the inventory?", count(len(g.of("Host"))), 0)
    b.add("count", "how many threat actors do we track", count(len(g.of("ThreatActor"))), 0)
    b.add("count", "Number of CVEs on record?", count(len(g.of("Vulnerability"))), 0)
    b.add("count", "What's the total number of SOC analysts?", count(len(g.of("Analyst"))), 0)
    b.add("count", "How many security incidents are recorded altogether", count(len(g.of("Incident"))), 0)

    # ---- filtered_count (10)
    fc = [
        ("How many hosts don't have EDR installed?", attr("Host", "edr_installed", lambda v: not v)),
        ("how many incidents are rated severity 5", attr("Incident", "severity", lambda v: v == 5)),
        ("Count the vulnerabilities with a CVSS score above 9.0.", attr("Vulnerability", "cvss", lambda v: v > 9.0)),
        ("How many incidents were detected during 2023?", attr("Incident", "detected", lambda v: v[:4] == "2023")),
        ("How many malware strains are ransomware?", attr("Malware", "family", lambda v: v == "ransomware")),
        ("how many machines run Ubuntu 22.04", attr("Host", "os", lambda v: v == "Ubuntu 22.04")),
        ("How many of our analysts work the night shift?", attr("Analyst", "shift", lambda v: v == "night")),
        ("How many business applications are classed as critical?",
         attr("Application", "criticality", lambda v: v == "critical")),
        ("How many Finance department accounts lack MFA?",
         [i for i in attr("Account", "department", lambda v: v == "Finance") if not g.nodes[i]["mfa_enabled"]]),
        ("number of threat actors that are still active?", attr("ThreatActor", "active", lambda v: v)),
    ]
    for text, ids in fc:
        b.add("filtered_count", text, count(len(ids)), 0)

    # ---- list (7)
    first(rng, g.of("ThreatActor"), lambda a: len(g.o(a, "USES")) >= 2 and b.add(
        "list", f"Which malware does {N(a)} use?", b.set_gold(g.o(a, "USES")), 1))
    first(rng, g.of("Malware"), lambda m: len(g.o(m, "EXPLOITS")) >= 2 and b.add(
        "list", f"list the CVEs that {N(m)} abuses", b.set_gold(g.o(m, "EXPLOITS")), 1))
    first(rng, g.of("Incident"), lambda i: len(g.o(i, "ASSIGNED_TO")) >= 2 and b.add(
        "list", f"Who worked on the {N(i)} incident?", b.set_gold(g.o(i, "ASSIGNED_TO")), 1))
    first(rng, g.of("Incident"), lambda i: len(g.o(i, "IMPACTED")) >= 2 and b.add(
        "list", f"show me the applications hit by incident {N(i)}", b.set_gold(g.o(i, "IMPACTED")), 1))
    first(rng, g.of("Account"), lambda a: len(g.o(a, "LOGGED_INTO")) >= 3 and b.add(
        "list", f"Which hosts has {N(a)} signed in to?", b.set_gold(g.o(a, "LOGGED_INTO")), 1))
    b.add("list", "Give me the tier 3 analysts who work the day shift",
          b.set_gold(i for i in g.of("Analyst") if g.nodes[i]["tier"] == 3 and g.nodes[i]["shift"] == "day"), 0)
    combos = sorted({(g.nodes[a]["origin"], g.nodes[a]["motivation"]) for a in g.of("ThreatActor")
                     if g.nodes[a]["origin"] != "unknown"})
    first(rng, combos, lambda c: sum(1 for a in g.of("ThreatActor")
                                     if (g.nodes[a]["origin"], g.nodes[a]["motivation"]) == c) >= 2 and b.add(
        "list", f"Which threat actors with origin {c[0]} are driven by {c[1]}?",
        b.set_gold(a for a in g.of("ThreatActor") if (g.nodes[a]["origin"], g.nodes[a]["motivation"]) == c), 0))

    # ---- multihop (14)
    tier = lambda t: [a for a in g.of("Analyst") if g.nodes[a]["tier"] == t]  # noqa: E731
    up2 = lambda a: {c for x in g.o(a, "ESCALATED_TO") for c in g.o(x, "ESCALATED_TO")}  # noqa: E731
    down2 = lambda a: {c for x in g.n_in(a, "ESCALATED_TO") for c in g.n_in(x, "ESCALATED_TO")}  # noqa: E731
    first(rng, tier(1), lambda a: len(up2(a)) >= 2 and b.add(
        "multihop", f"Who sits two levels above {N(a)} in the escalation chain?", b.set_gold(up2(a)), 2))
    first(rng, tier(3), lambda a: b.add(
        "multihop", f"which analysts escalate to someone who in turn escalates to {N(a)}", b.set_gold(down2(a)), 2))

    def lead(i):
        return next((a for a, e in g.out.get((i, "ASSIGNED_TO"), []) if e["role"] == "lead"), None)

    first(rng, g.of("Incident"), lambda i: lead(i) and g.nodes[lead(i)]["tier"] > 1 and len(
        g.n_in(lead(i), "ESCALATED_TO")) >= 2 and b.add(
        "multihop", f"Which analysts escalate to the lead analyst on the {N(i)} incident?",
        b.set_gold(g.n_in(lead(i), "ESCALATED_TO")), 2))
    esc_of = lambda i: {e for a in g.o(i, "ASSIGNED_TO") for e in g.o(a, "ESCALATED_TO")}  # noqa: E731
    first(rng, g.of("Incident"), lambda i: len(esc_of(i)) >= 2 and b.add(
        "multihop", f"Who do the analysts working {N(i)} escalate to?", b.set_gold(esc_of(i)), 2))
    blamed = lambda ap: {t for i in g.n_in(ap, "IMPACTED") for t in g.o(i, "ATTRIBUTED_TO")}  # noqa: E731
    first(rng, g.of("Application"), lambda ap: len(blamed(ap)) >= 2 and b.add(
        "multihop", f"Which threat actors are blamed for incidents that hit {N(ap)}?", b.set_gold(blamed(ap)), 2))
    apps_v = lambda v: {ap for h in g.n_in(v, "AFFECTED_BY") for ap in g.o(h, "RUNS")}  # noqa: E731
    first(rng, g.of("Vulnerability"), lambda v: len(apps_v(v)) >= 3 and b.add(
        "multihop", f"what applications run on hosts where {N(v)} has been found, patched or not?", b.set_gold(apps_v(v)), 2))
    mal_h = lambda h: {m for v in g.o(h, "AFFECTED_BY") for m in g.n_in(v, "EXPLOITS")}  # noqa: E731
    first(rng, g.of("Host"), lambda h: len(mal_h(h)) >= 2 and b.add(
        "multihop", f"Which malware strains exploit vulnerabilities found on {N(h)}?", b.set_gold(mal_h(h)), 2))
    sites_a = lambda a: {s for h in g.o(a, "LOGGED_INTO") for s in g.o(h, "HOSTED_AT")}  # noqa: E731
    first(rng, g.of("Account"), lambda a: len(sites_a(a)) >= 3 and b.add(
        "multihop", f"which data centres hold the hosts that {N(a)} logs into", b.set_gold(sites_a(a)), 2))
    alert_hosts = lambda i: {h for al in g.n_in(i, "PART_OF") for h in g.o(al, "RAISED_ON")}  # noqa: E731
    sites_i = lambda i: {s for h in alert_hosts(i) for s in g.o(h, "HOSTED_AT")}  # noqa: E731
    first(rng, g.of("Incident"), lambda i: len(sites_i(i)) >= 2 and b.add(
        "multihop", f"Which sites housed the machines that raised alerts for incident {N(i)}?",
        b.set_gold(sites_i(i)), 3))
    accts_i = lambda i: {a for h in alert_hosts(i) for a in g.n_in(h, "LOGGED_INTO")}  # noqa: E731
    first(rng, g.of("Incident"), lambda i: len(accts_i(i)) >= 3 and b.add(
        "multihop", f"List the user accounts that logged into hosts with alerts tied to the {N(i)} incident",
        b.set_gold(accts_i(i)), 3))
    cves_i = lambda i: {v for t in g.o(i, "ATTRIBUTED_TO") for m in g.o(t, "USES")  # noqa: E731
                        for v in g.o(m, "EXPLOITS")}
    first(rng, g.of("Incident"), lambda i: len(cves_i(i)) >= 3 and b.add(
        "multihop", f"Which CVEs are exploited by malware used by the actor behind {N(i)}?",
        b.set_gold(cves_i(i)), 3))

    def unpatched_sites(t):
        return {s for m in g.o(t, "USES") for v in g.o(m, "EXPLOITS") for h, e in g.inn.get((v, "AFFECTED_BY"), [])
                if not e["patched"] for s in g.o(h, "HOSTED_AT")}

    first(rng, g.of("ThreatActor"), lambda t: 2 <= len(unpatched_sites(t)) <= 8 and b.add(
        "multihop", f"Which data centres have hosts with an unpatched CVE that {N(t)}'s malware exploits?",
        b.set_gold(unpatched_sites(t)), 4))

    def actors_via_malware(a):
        return {t for i in g.n_in(a, "ASSIGNED_TO") for m in g.o(i, "INVOLVED") for t in g.n_in(m, "USES")}

    first(rng, tier(2) + tier(3), lambda a: 2 <= len(actors_via_malware(a)) <= 10 and b.add(
        "multihop", f"which threat actors use malware that turned up in incidents {N(a)} was assigned to?",
        b.set_gold(actors_via_malware(a)), 3))

    def malware_4hop(a):
        return {m for x in g.n_in(a, "ESCALATED_TO") for i in g.n_in(x, "ASSIGNED_TO")
                for t in g.o(i, "ATTRIBUTED_TO") for m in g.o(t, "USES")}

    first(rng, tier(2), lambda a: 2 <= len(malware_4hop(a)) <= 12 and b.add(
        "multihop", f"What malware is used by the threat actors behind incidents handled by analysts who escalate "
        f"to {N(a)}?", b.set_gold(malware_4hop(a)), 4))

    # ---- superlative (10)
    sups: list[tuple[str, dict[str, float], bool, int]] = [
        ("Which vulnerability has the highest CVSS score?",
         {v: g.nodes[v]["cvss"] for v in g.of("Vulnerability")}, True, 0),
        ("who's the best-paid analyst by hourly rate",
         {a: g.nodes[a]["hourly_rate"] for a in g.of("Analyst")}, True, 0),
        ("Which host was commissioned earliest?",
         {h: -int(g.nodes[h]["commissioned"].replace("-", "")) for h in g.of("Host")}, True, 0),
        ("Which host has raised the most alerts?",
         {h: len(g.n_in(h, "RAISED_ON")) for h in g.of("Host")}, True, 1),
        ("Which threat actor has had the most incidents pinned on them?",
         {t: len(g.n_in(t, "ATTRIBUTED_TO")) for t in g.of("ThreatActor")}, True, 1),
        ("Which analyst has clocked the most hours in total across their incident assignments?",
         {a: sum(e["hours"] for _, e in g.inn.get((a, "ASSIGNED_TO"), [])) for a in g.of("Analyst")}, True, 1),
        ("what application has suffered the greatest total downtime from incidents",
         {p: sum(e["downtime_hours"] for _, e in g.inn.get((p, "IMPACTED"), [])) for p in g.of("Application")},
         True, 1),
    ]
    for text, scores, largest, hops in sups:
        top = unique_top(scores, largest)
        if top:
            b.add("superlative", text, b.set_gold([top]), hops)

    first(rng, g.of("Site"), lambda s: (top := unique_top(
        {h: g.nodes[h]["ram_gb"] for h in g.n_in(s, "HOSTED_AT")})) and b.add(
        "superlative", f"Among the hosts at {N(s)}, which one has the most RAM?", b.set_gold([top]), 1))
    first(rng, g.of("ThreatActor"), lambda t: len(g.n_in(t, "ATTRIBUTED_TO")) >= 3 and (top := unique_top(
        {i: g.nodes[i]["cost_estimate"] for i in g.n_in(t, "ATTRIBUTED_TO")})) and b.add(
        "superlative", f"Of the incidents blamed on {N(t)}, which was the costliest?", b.set_gold([top]), 1))
    first(rng, g.of("Account"), lambda a: len(g.o(a, "LOGGED_INTO")) >= 3 and (top := unique_top(
        {h: len(g.o(h, "AFFECTED_BY")) for h in g.o(a, "LOGGED_INTO")})) and b.add(
        "superlative", f"of the hosts {N(a)} logs into, which has the most vulnerability findings?", b.set_gold([top]), 2))

    # ---- aggregate (5)
    first(rng, g.of("ThreatActor"), lambda t: len(g.n_in(t, "ATTRIBUTED_TO")) >= 3 and b.add(
        "aggregate", f"What's the total estimated cost of the incidents credited to {N(t)}?",
        value(round(sum(g.nodes[i]["cost_estimate"] for i in g.n_in(t, "ATTRIBUTED_TO")), 2)), 1))
    first(rng, g.of("Malware"), lambda m: len(g.o(m, "EXPLOITS")) >= 3 and b.add(
        "aggregate", f"average cvss of the vulnerabilities targeted by {N(m)}",
        value(round(mean(g.nodes[v]["cvss"] for v in g.o(m, "EXPLOITS")), 2)), 1))
    first(rng, g.of("Site"), lambda s: b.add(
        "aggregate", f"What is the mean RAM, in GB, of the hosts located at {N(s)}?",
        value(round(mean(g.nodes[h]["ram_gb"] for h in g.n_in(s, "HOSTED_AT")), 2)), 1))
    first(rng, g.of("Incident"), lambda i: len(g.o(i, "IMPACTED")) >= 3 and b.add(
        "aggregate", f"Total downtime hours across every application disrupted by {N(i)}?",
        value(round(sum(e["downtime_hours"] for _, e in g.out[(i, "IMPACTED")]), 1)), 1))
    b.add("aggregate", "What is the combined user count of all critical applications?",
          value(sum(g.nodes[p]["user_count"] for p in g.of("Application") if g.nodes[p]["criticality"] == "critical")),
          0)

    # ---- edge_property (7)
    assign = [(s, d, e) for s, d, e in g.edges["ASSIGNED_TO"] if e["role"] != "lead"]
    first(rng, assign, lambda x: b.add(
        "edge_property", f"What role did {N(x[1])} play on the {N(x[0])} incident?", value(x[2]["role"]), 1))
    first(rng, g.edges["AFFECTED_BY"], lambda x: b.add(
        "edge_property", f"When was {N(x[1])} first detected on {N(x[0])}?", value(x[2]["detected"]), 1))
    first(rng, g.edges["LOGGED_INTO"], lambda x: x[2]["sessions"] > 20 and b.add(
        "edge_property", f"how many sessions has {N(x[0])} had on {N(x[1])}", value(x[2]["sessions"]), 1))
    first(rng, g.edges["ATTRIBUTED_TO"], lambda x: b.add(
        "edge_property", f"how confident are we that {N(x[1])} was behind {N(x[0])}?",
        value(x[2]["confidence"]), 1))
    first(rng, g.edges["IMPACTED"], lambda x: x[2]["downtime_hours"] > 2 and b.add(
        "edge_property", f"How many hours of downtime did the {N(x[0])} incident cause for {N(x[1])}?",
        value(x[2]["downtime_hours"]), 1))
    b.add("edge_property", "How many host vulnerability findings are still unpatched?",
          count(sum(1 for *_, e in g.edges["AFFECTED_BY"] if not e["patched"])), 1)
    b.add("edge_property", "how many incident assignments had the analyst acting as reviewer",
          count(sum(1 for *_, e in g.edges["ASSIGNED_TO"] if e["role"] == "reviewer")), 1)

    # ---- yes_no (8): four yes, four no
    yes, no = {"type": "bool", "value": True}, {"type": "bool", "value": False}
    uses = [(s, d) for s, d, _ in g.edges["USES"]]
    first(rng, uses, lambda x: b.add("yes_no", f"Does {N(x[0])} deploy {N(x[1])}?", yes, 1))
    first(rng, [(t, m) for t in g.of("ThreatActor") for m in g.of("Malware") if m not in g.o(t, "USES")],
          lambda x: b.add("yes_no", f"is {N(x[1])} part of {N(x[0])}'s toolkit?", no, 1))
    first(rng, g.edges["HOSTED_AT"], lambda x: b.add("yes_no", f"Is {N(x[0])} located in {N(x[1])}?", yes, 1))
    first(rng, [(h, s) for h in g.of("Host") for s in g.of("Site")[:4] if s not in g.o(h, "HOSTED_AT")],
          lambda x: b.add("yes_no", f"is {N(x[0])} housed at {N(x[1])}", no, 1))
    first(rng, g.edges["ASSIGNED_TO"], lambda x: b.add(
        "yes_no", f"Did {N(x[1])} work on the {N(x[0])} incident?", yes, 1))
    first(rng, [(a, c) for a in tier(1) for c in tier(2) if c not in g.o(a, "ESCALATED_TO")],
          lambda x: b.add("yes_no", f"Does {N(x[0])} hand escalations to {N(x[1])}?", no, 1))
    first(rng, [v for v in g.of("Vulnerability") if g.nodes[v]["exploited"]],
          lambda v: b.add("yes_no", f"Is {N(v)} known to be exploited in the wild?", yes, 0))
    first(rng, [h for h in g.of("Host") if not g.nodes[h]["edr_installed"]],
          lambda h: b.add("yes_no", f"Has {N(h)} got EDR installed?", no, 0))

    # ---- portfolio (3)
    def nbrs(i):
        out = set()
        for (s, _), lst in g.out.items():
            if s == i:
                out |= {d for d, _ in lst}
        for (d, _), lst in g.inn.items():
            if d == i:
                out |= {s for s, _ in lst}
        return out

    for label, tmpl in (("Malware", "Tell me everything about the {} malware."),
                        ("ThreatActor", "give me the full picture on {}"),
                        ("Vulnerability", "What do we know about {}?")):
        first(rng, g.of(label), lambda x, t=tmpl: 4 <= len(nbrs(x)) <= 12 and b.add(
            "portfolio", t.format(N(x)), b.set_gold(nbrs(x)), 1))

    # ---- unknown (4)
    for text, fake in (("Which hosts are in the Reykjavik Data Centre?", "Reykjavik Data Centre"),
                       ("What malware does the threat actor Opal Narwhal use?", "Opal Narwhal"),
                       ("What's the CVSS score of CVE-2031-99999?", "CVE-2031-99999"),
                       ("who does analyst Zebediah Fairweather escalate to", "Zebediah Fairweather")):
        assert not any(_in_text(fake, n) or _in_text(n, fake) for n in g.by_name), fake
        b.add("unknown", text, {"type": "none"}, 0)

    # ---- global (3)
    labels = defaultdict(int)
    for d in g.nodes.values():
        labels[d["label"]] += 1
    b.add("global", "How many different types of entities does the graph contain?", count(len(labels)), 0)
    b.add("global", "how many kinds of relationship connect the entities", count(len(g.edges)), 0)
    top = unique_top(dict(labels))
    assert top
    b.add("global", "Which kind of entity is the most common?", value(top), 0)
    return b.items


def main() -> None:
    out_dir = Path(sys.argv[1])
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else out_dir / "soc_csv"
    items = build(Graph(folder))
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for it in items:
            fh.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(f"{len(items)} questions -> {out_dir / 'holdout.jsonl'}")


if __name__ == "__main__":
    main()
