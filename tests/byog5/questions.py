"""Hold-out questions for the byog5 open-source-ecosystem graph, gold computed from the GraphML file alone.

    python tests/byog5/questions.py OUTDIR [GRAPHML]

GRAPHML defaults to OUTDIR/oss.graphml (generated with tests/byog5/graph.py when missing). Writes
OUTDIR/holdout.jsonl: one question a line, ``{"id", "kind", "question", "gold", "reference", "hops", "anchors"}``
in the format tests/byog/score.py reads. The gold is computed with networkx from the GraphML file (never from a
HopLens store or HopLens code); entities are chosen by a seeded random generator, so a rerun gives the same file.
Gold ids are the GraphML node ids, gold names the display names (``name``, else first + last name).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx

SEED = 5151
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                "sixteen seventeen eighteen nineteen twenty").split()


class Graph:
    """The GraphML file as plain dicts: node type, properties, typed adjacency both ways."""

    def __init__(self, path: Path):
        g = nx.read_graphml(path, force_multigraph=True)
        self.type: dict[str, str] = {}
        self.props: dict[str, dict] = {}
        for nid, data in g.nodes(data=True):
            self.type[nid] = data["labels"].lstrip(":").split(":")[0]
            self.props[nid] = {k: v for k, v in data.items() if k != "labels"}
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.edges: list[tuple[str, str, str, dict]] = []
        for s, t, data in g.edges(data=True):
            rel = data["label"]
            props = {k: v for k, v in data.items() if k not in ("label", "id")}
            self.out[(s, rel)].append((t, props))
            self.inn[(t, rel)].append((s, props))
            self.edges.append((s, t, rel, props))

    def of(self, label: str) -> list[str]:
        return sorted(n for n, t in self.type.items() if t == label)

    def name(self, nid: str) -> str:
        p = self.props[nid]
        return p.get("name") or f"{p['first_name']} {p['last_name']}"

    def o(self, nid: str, rel: str) -> list[str]:
        return sorted({t for t, _ in self.out[(nid, rel)]})

    def i(self, nid: str, rel: str) -> list[str]:
        return sorted({s for s, _ in self.inn[(nid, rel)]})

    def edge(self, s: str, rel: str, t: str) -> dict | None:
        for tt, props in self.out[(s, rel)]:
            if tt == t:
                return props
        return None

    def neighbours(self, nid: str) -> list[str]:
        out = set()
        for (n, _), lst in self.out.items():
            if n == nid:
                out |= {t for t, _ in lst}
        for (n, _), lst in self.inn.items():
            if n == nid:
                out |= {s for s, _ in lst}
        out.discard(nid)
        return sorted(out)


def quoted_numbers(text: str) -> set[float]:
    nums = {float(m.replace(",", "")) for m in re.findall(r"(?<![\w\-#/.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)", text)}
    nums |= {float(NUMBER_WORDS.index(w.lower())) for w in re.findall(r"[A-Za-z]+", text)
             if w.lower() in NUMBER_WORDS}
    return nums


class Writer:
    def __init__(self, g: Graph, seed: int):
        self.g = g
        self.rng = random.Random(seed)
        self.rows: list[dict] = []
        self.used: set[str] = set()  # anchors already asked about, to spread the questions over the graph

    def pick(self, candidates, ok=lambda _c: True, fresh: bool = True):
        cands = sorted(candidates)
        self.rng.shuffle(cands)
        for c in cands:
            key = c if isinstance(c, str) else "|".join(c)
            if fresh and key in self.used:
                continue
            if ok(c):
                for part in ([c] if isinstance(c, str) else c):
                    self.used.add(part)
                return c
        raise RuntimeError("no candidate satisfies the template's constraint")

    def add(self, cat: str, kind: str, question: str, gold: dict, hops: int, anchors: list[str], ref: str) -> None:
        if gold["type"] == "count":
            assert float(gold["value"]) not in quoted_numbers(question), (question, gold)
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, (question, len(gold["ids"]))
            gold = {"type": "set", "ids": list(gold["ids"]), "names": [self.g.name(i) for i in gold["ids"]]}
            assert len(set(gold["names"])) == len(gold["names"]), question
        n = sum(r["id"].startswith(f"h5-{cat}-") for r in self.rows) + 1
        self.rows.append({"id": f"h5-{cat}-{n:02d}", "kind": kind, "question": question, "gold": gold,
                          "reference": ref, "hops": hops, "anchors": anchors})


def unique_best(items, key, reverse=True):
    """The single item with the highest (reverse) or lowest key, or None on a tie."""
    items = list(items)
    if len(items) < 2:
        return None
    ranked = sorted(items, key=key, reverse=reverse)
    return ranked[0] if key(ranked[0]) != key(ranked[1]) else None


def ids(x) -> dict:
    assert None not in x, "a superlative without a unique winner"
    return {"type": "set", "ids": sorted(x)}


def make(g: Graph, seed: int = SEED) -> list[dict]:  # noqa: C901 - one template after another, on purpose
    w = Writer(g, seed)
    rng = w.rng
    P, M, ORGS, L = g.of("Package"), g.of("Maintainer"), g.of("Organisation"), g.of("License")
    R, V, REG = g.of("Release"), g.of("Vulnerability"), g.of("Registry")
    pr = g.props
    nm = g.name

    def deps(p):
        return g.o(p, "DEPENDS_ON")

    def dependents(p):
        return g.i(p, "DEPENDS_ON")

    def maint(p):
        return g.o(p, "MAINTAINED_BY")

    def maintained(m):
        return g.i(m, "MAINTAINED_BY")

    def org_of(m):
        return g.o(m, "EMPLOYED_BY")

    def staff(o):
        return g.i(o, "EMPLOYED_BY")

    def releases(p):
        return g.i(p, "RELEASE_OF")

    def vulns_of_pkg(p):
        return sorted({v for r in releases(p) for v in g.i(r, "AFFECTS")})

    def pkg_of_release(r):
        return g.o(r, "RELEASE_OF")[0]

    # ---------------------------------------------------------------- aggregates: whole graph, filtered counts
    w.add("count", "aggregate", "How many packages are in the graph?", {"type": "count", "value": len(P)}, 0, [],
          "all Package nodes")
    w.add("count", "aggregate", "how many maintainers are there in total", {"type": "count", "value": len(M)}, 0,
          [], "all Maintainer nodes")
    n_dep = sum(1 for e in g.edges if e[2] == "DEPENDS_ON")
    w.add("count", "aggregate", "Total number of dependency links between packages?",
          {"type": "count", "value": n_dep}, 0, [], "DEPENDS_ON edges")
    w.add("count", "aggregate", "How many vulnerabilities are rated critical?",
          {"type": "count", "value": sum(pr[v]["severity"] == "critical" for v in V)}, 0, [], "severity=critical")
    w.add("count", "aggregate", "number of orgs that are universities?",
          {"type": "count", "value": sum(pr[o]["kind"] == "university" for o in ORGS)}, 0, [], "kind=university")
    w.add("count", "aggregate", "How many libraries have been archived?",
          {"type": "count", "value": sum(pr[p]["archived"] for p in P)}, 0, [], "archived=true")
    thr = 20000
    w.add("count", "aggregate", "How many packages get more than 20,000 downloads a month?",
          {"type": "count", "value": sum(pr[p]["monthly_downloads"] > thr for p in P)}, 0, [],
          "monthly_downloads > 20000")
    w.add("count", "aggregate", "How many vulnerabilites have a CVSS score of 8 or higher?",
          {"type": "count", "value": sum(pr[v]["cvss"] >= 8 for v in V)}, 0, [], "cvss >= 8")
    year = rng.choice((2019, 2020, 2021, 2022))
    w.add("count", "aggregate", f"How many releases came out in {year}?",
          {"type": "count", "value": sum(pr[r]["released"].startswith(str(year)) for r in R)}, 0, [],
          f"released in {year}")
    lic = w.pick([x for x in L if pr[x]["name"] not in ("MIT", "Apache-2.0")],
                 lambda x: len(g.i(x, "LICENSED_UNDER")) >= 3)
    w.add("count", "aggregate", f"How many packages are licensed under {nm(lic)}?",
          {"type": "count", "value": len(g.i(lic, "LICENSED_UNDER"))}, 1, [lic], "LICENSED_UNDER in-degree")
    x = w.pick(P, lambda p: 5 <= len(dependents(p)) <= 20)
    w.add("count", "aggregate", f"how many packages depend directly on {nm(x)}",
          {"type": "count", "value": len(dependents(x))}, 1, [x], "DEPENDS_ON in-degree")
    x = w.pick(P, lambda p: len(deps(p)) >= 4)
    w.add("count", "aggregate", f"How many direct dependecies does {nm(x)} have?",
          {"type": "count", "value": len(deps(x))}, 1, [x], "DEPENDS_ON out-degree")
    o = w.pick(ORGS, lambda o: 4 <= len(staff(o)) <= 12)
    w.add("count", "aggregate", f"I'm putting together a staffing overview - how many of the maintainers in here are employed at {nm(o)}?",
          {"type": "count", "value": len(staff(o))}, 1, [o], "EMPLOYED_BY in-degree")
    x = w.pick(P, lambda p: len(deps(p)) >= 3 and 0 < sum(g.edge(p, "DEPENDS_ON", d)["scope"] == "runtime"
                                                           for d in deps(p)) < len(deps(p)))
    w.add("count", "aggregate", f"Of {nm(x)}'s dependencies, how many are runtime dependencies?",
          {"type": "count", "value": sum(g.edge(x, "DEPENDS_ON", d)["scope"] == "runtime" for d in deps(x))}, 1,
          [x], "DEPENDS_ON scope=runtime")
    gpl = next(x for x in L if pr[x]["name"] == "GPL-3.0")
    val = sum(pr[p]["archived"] for p in g.i(gpl, "LICENSED_UNDER"))
    w.add("count", "aggregate", "How many archived packages are under the GPL-3.0 license?",
          {"type": "count", "value": val}, 1, [gpl], "archived and LICENSED_UNDER GPL-3.0")
    # totals / averages
    m = w.pick(M, lambda m: 3 <= len(maintained(m)) <= 8)
    w.add("total", "aggregate",
          f"What is the combined monthly download count of all the packages {nm(m)} maintains?",
          {"type": "value", "value": sum(pr[p]["monthly_downloads"] for p in maintained(m))}, 1, [m],
          "sum monthly_downloads over MAINTAINED_BY sources")
    w.add("total", "aggregate", "average cvss score across every vulnerability in the dataset",
          {"type": "value", "value": round(sum(pr[v]["cvss"] for v in V) / len(V), 2)}, 0, [], "mean cvss")
    o = w.pick(ORGS, lambda o: len(g.o(o, "SPONSORS")) >= 3)
    w.add("total", "aggregate", f"How much money does {nm(o)} put into sponsorships altogether (USD)?",
          {"type": "value", "value": sum(p["amount_usd"] for _, p in g.out[(o, "SPONSORS")])}, 1, [o],
          "sum SPONSORS.amount_usd")
    testing = [p for p in P if pr[p]["category"] == "testing"]
    w.add("total", "aggregate", "What's the average star count of testing packages?",
          {"type": "value", "value": round(sum(pr[p]["stars"] for p in testing) / len(testing), 2)}, 0, [],
          "mean stars where category=testing")
    x = w.pick(P, lambda p: len(releases(p)) >= 3)
    w.add("total", "aggregate", f"Total size in KB of every release of {nm(x)}?",
          {"type": "value", "value": sum(pr[r]["size_kb"] for r in releases(x))}, 1, [x], "sum size_kb")

    # ---------------------------------------------------------------- one-hop lists
    x = w.pick(P, lambda p: 3 <= len(deps(p)) <= 8)
    w.add("list", "relation", f"deps of {nm(x)}?", ids(deps(x)), 1, [x], "DEPENDS_ON out")
    x = w.pick(P, lambda p: 3 <= len(dependents(p)) <= 10)
    w.add("list", "relation", f"what depends on {nm(x)}?", ids(dependents(x)), 1, [x], "DEPENDS_ON in")
    x = w.pick(P, lambda p: 2 <= len(maint(p)) <= 4)
    w.add("list", "relation", f"Who maintains {nm(x)}?", ids(maint(x)), 1, [x], "MAINTAINED_BY out")
    m = w.pick(M, lambda m: 3 <= len(maintained(m)) <= 9)
    w.add("list", "relation", f"List the packages {nm(m)} looks after.", ids(maintained(m)), 1, [m],
          "MAINTAINED_BY in")
    o = w.pick(ORGS, lambda o: 3 <= len(staff(o)) <= 9)
    w.add("list", "relation", f"Which maintainers are employed by {nm(o)}?", ids(staff(o)), 1, [o],
          "EMPLOYED_BY in")
    m = w.pick(M, lambda m: len(g.o(m, "MENTORED_BY")) == 1)
    w.add("list", "relation", f"Who was {nm(m)} mentored by?", ids(g.o(m, "MENTORED_BY")), 1, [m],
          "MENTORED_BY out")
    m = w.pick(M, lambda m: 2 <= len(g.i(m, "MENTORED_BY")) <= 6)
    w.add("list", "relation", f"whom has {nm(m)} mentored", ids(g.i(m, "MENTORED_BY")), 1, [m],
          "MENTORED_BY in")
    x = w.pick(P, lambda p: 2 <= len(g.i(p, "SPONSORS")) <= 5)
    w.add("list", "relation", f"which orgs are sponsoring {nm(x)}?", ids(g.i(x, "SPONSORS")), 1, [x],
          "SPONSORS in")
    m = w.pick(M, lambda m: 2 <= len(g.i(m, "REPORTED_BY")) <= 5)
    w.add("list", "relation", f"Which CVEs were reported by {nm(m)}?", ids(g.i(m, "REPORTED_BY")), 1, [m],
          "REPORTED_BY in")
    v = w.pick(V, lambda v: 2 <= len(g.o(v, "AFFECTS")) <= 4)
    w.add("list", "relation", f"Which releases are affected by {nm(v)}?", ids(g.o(v, "AFFECTS")), 1, [v],
          "AFFECTS out")
    x = w.pick(P, lambda p: 0 < sum(g.edge(p, "DEPENDS_ON", d)["scope"] == "dev" for d in deps(p)) < len(deps(p)))
    dev = [d for d in deps(x) if g.edge(x, "DEPENDS_ON", d)["scope"] == "dev"]
    w.add("list", "relation", f"List the dev-scope dependencies of {nm(x)}.", ids(dev), 1, [x],
          "DEPENDS_ON scope=dev")
    old = [o for o in ORGS if pr[o]["founded"] < 1950]
    w.add("list", "relation", "Which organisations were founded before 1950?", ids(old), 0, [], "founded < 1950")
    m = w.pick(M, lambda m: 2 <= sum(g.edge(p, "MAINTAINED_BY", m)["role"] == "lead" for p in maintained(m)) <= 8
               and any(g.edge(p, "MAINTAINED_BY", m)["role"] != "lead" for p in maintained(m)))
    lead = [p for p in maintained(m) if g.edge(p, "MAINTAINED_BY", m)["role"] == "lead"]
    w.add("list", "relation", f"Which packages is {nm(m)} the lead maintainer of?", ids(lead), 1, [m],
          "MAINTAINED_BY role=lead")

    # ---------------------------------------------------------------- multi-hop
    x = w.pick(P, lambda p: 2 <= len({o for m in maint(p) for o in org_of(m)}) <= 4)
    w.add("multi", "multi_hop", f"Which organisations employ the maintainers of {nm(x)}?",
          ids({o for m in maint(x) for o in org_of(m)}), 2, [x], "MAINTAINED_BY then EMPLOYED_BY")
    x = w.pick(P, lambda p: 2 <= len({lc for d in deps(p) for lc in g.o(d, "LICENSED_UNDER")}) <= 4)
    w.add("multi", "multi_hop", f"what licenses do {nm(x)}'s dependencies use?",
          ids({lc for d in deps(x) for lc in g.o(d, "LICENSED_UNDER")}), 2, [x], "DEPENDS_ON then LICENSED_UNDER")

    def second(p):
        return {d2 for d in deps(p) for d2 in deps(d)}

    x = w.pick(P, lambda p: 2 <= len(second(p)) <= 8 and not (second(p) & set(deps(p))) and p not in second(p))
    w.add("multi", "multi_hop", f"What do the dependencies of {nm(x)} themselves depend on?", ids(second(x)), 2,
          [x], "DEPENDS_ON twice (none of them a direct dependency)")

    def on_mine(m):
        return {q for p in maintained(m) for q in dependents(p)}

    m = w.pick(M, lambda m: 2 <= len(on_mine(m)) <= 10 and not on_mine(m) & set(maintained(m)))
    w.add("multi", "multi_hop", f"Which packages depend on something maintained by {nm(m)}?", ids(on_mine(m)), 2,
          [m], "MAINTAINED_BY in then DEPENDS_ON in (none of them the maintainer's own)")

    def vulns_of_m(m):
        return {v for p in maintained(m) for v in vulns_of_pkg(p)}

    m = w.pick(M, lambda m: 2 <= len(vulns_of_m(m)) <= 8)
    w.add("multi", "multi_hop",
          f"Which vulnerabilities affect releases of packages that {nm(m)} maintains?", ids(vulns_of_m(m)), 3, [m],
          "MAINTAINED_BY in, RELEASE_OF in, AFFECTS in")

    def orgs_dep(p):
        return {o for q in dependents(p) for mm in maint(q) for o in org_of(mm)}

    x = w.pick(P, lambda p: 2 <= len(orgs_dep(p)) <= 10)
    w.add("multi", "multi_hop",
          f"which companies or institutions employ people who maintain packages depending on {nm(x)}?",
          ids(orgs_dep(x)), 3, [x], "DEPENDS_ON in, MAINTAINED_BY, EMPLOYED_BY")

    def orgs_cve(v):
        return {o for r in g.o(v, "AFFECTS") for p in g.o(r, "RELEASE_OF") for mm in maint(p) for o in org_of(mm)}

    v = w.pick(V, lambda v: 1 <= len(orgs_cve(v)) <= 5)
    w.add("multi", "multi_hop",
          f"Which organisations employ maintainers of a package with a release hit by {nm(v)}?", ids(orgs_cve(v)),
          4, [v], "AFFECTS, RELEASE_OF, MAINTAINED_BY, EMPLOYED_BY")

    def cves_org(o):
        return {vv for mm in staff(o) for p in maintained(mm) for vv in vulns_of_pkg(p)}

    o = w.pick(ORGS, lambda o: 2 <= len(cves_org(o)) <= 12)
    w.add("multi", "multi_hop",
          f"List the security vulnerabilities affecting releases of packages maintained by people who work at "
          f"{nm(o)}.", ids(cves_org(o)), 4, [o], "EMPLOYED_BY in, MAINTAINED_BY in, RELEASE_OF in, AFFECTS in")
    m = w.pick(M, lambda m: len(g.o(m, "MENTORED_BY")) == 1 and 2 <= len(maintained(g.o(m, "MENTORED_BY")[0])) <= 8
               and not set(maintained(m)) & set(maintained(g.o(m, "MENTORED_BY")[0])))
    mentor = g.o(m, "MENTORED_BY")[0]
    w.add("multi", "multi_hop", f"What packages does {nm(m)}'s mentor maintain?", ids(maintained(mentor)), 2, [m],
          "MENTORED_BY then MAINTAINED_BY in")

    def regs_org(o):
        return {r for mm in staff(o) for p in maintained(mm) for r in g.o(p, "PUBLISHED_ON")}

    o = w.pick(ORGS, lambda o: 2 <= len(regs_org(o)) <= 4)
    w.add("multi", "multi_hop", f"Which registries publish packages maintained by employees of {nm(o)}?",
          ids(regs_org(o)), 3, [o], "EMPLOYED_BY in, MAINTAINED_BY in, PUBLISHED_ON")

    def reporters(p):
        return {mm for v in vulns_of_pkg(p) for mm in g.o(v, "REPORTED_BY")}

    x = w.pick(P, lambda p: 2 <= len(reporters(p)) <= 6)
    w.add("multi", "multi_hop", f"Who reported the vulnerabilities found in {nm(x)}?", ids(reporters(x)), 3, [x],
          "RELEASE_OF in, AFFECTS in, REPORTED_BY")

    def maint_sponsored(o):
        return {mm for p in g.o(o, "SPONSORS") for mm in maint(p)}

    o = w.pick(ORGS, lambda o: 3 <= len(maint_sponsored(o)) <= 12)
    w.add("multi", "multi_hop", f"who maintains the packages that {nm(o)} sponsors", ids(maint_sponsored(o)), 2,
          [o], "SPONSORS then MAINTAINED_BY")

    def maint_of_deps(p):
        return {mm for d in deps(p) for mm in maint(d)}

    x = w.pick(P, lambda p: 4 <= len(maint_of_deps(p)) <= 15)
    w.add("multi", "multi_hop", f"How many different people maintain the packages that {nm(x)} depends on?",
          {"type": "count", "value": len(maint_of_deps(x))}, 2, [x], "DEPENDS_ON then MAINTAINED_BY, distinct")
    x = w.pick(P, lambda p: len(vulns_of_pkg(p)) >= 2)
    w.add("multi", "multi_hop", f"How many CVEs affect {nm(x)} releases?",
          {"type": "count", "value": len(vulns_of_pkg(x))}, 2, [x], "RELEASE_OF in, AFFECTS in, distinct")

    # ---------------------------------------------------------------- superlatives
    best = unique_best(P, lambda p: len(dependents(p)))
    w.add("super", "comparison", "Which package has the most dependents?", ids([best]), 1, [],
          "max DEPENDS_ON in-degree")
    best = unique_best(M, lambda m: len(maintained(m)))
    w.add("super", "comparison", "Which maintainer maintains the largest number of pakages?", ids([best]), 1, [],
          "max MAINTAINED_BY in-degree")
    best = unique_best(P, lambda p: pr[p]["stars"])
    w.add("super", "comparison", "What is the most starred package?", ids([best]), 0, [], "max stars")
    best = unique_best(ORGS, lambda o: pr[o]["founded"], reverse=False)
    w.add("super", "comparison", "Which is the oldest organisation?", ids([best]), 0, [], "min founded")
    fewest = [("which registry hosts the fewest packages", REG, "PUBLISHED_ON"),
              ("which licence is used by the fewest packages", L, "LICENSED_UNDER"),
              ("Which organisation employs the fewest maintainers?", ORGS, "EMPLOYED_BY")]
    for text, items, rel in fewest:  # the first wording whose winner is unique
        best = unique_best(items, lambda n, rel=rel: len(g.i(n, rel)), reverse=False)
        if best:
            w.add("super", "comparison", text, ids([best]), 1, [], f"min {rel} in-degree")
            break
    best = unique_best(P, lambda p: pr[p]["monthly_downloads"], reverse=False)
    w.add("super", "comparison", "Which package has the lowest monthly downloads?", ids([best]), 0, [],
          "min monthly_downloads")
    x = w.pick(P, lambda p: len(releases(p)) >= 3 and unique_best(releases(p), lambda r: pr[r]["released"],
                                                                    reverse=False))
    w.add("super", "comparison", f"What was the first ever release of {nm(x)}?",
          ids([unique_best(releases(x), lambda r: pr[r]["released"], reverse=False)]), 1, [x], "min released")
    x = w.pick(P, lambda p: len(releases(p)) >= 3 and unique_best(releases(p), lambda r: pr[r]["released"]))
    w.add("super", "comparison", f"Which is the latest release of {nm(x)}?",
          ids([unique_best(releases(x), lambda r: pr[r]["released"])]), 1, [x], "max released")
    x = w.pick(P, lambda p: unique_best(vulns_of_pkg(p), lambda v: pr[v]["cvss"]))
    w.add("super", "comparison", f"Of the vulnerabilities affecting {nm(x)}, which one has the highest CVSS score?",
          ids([unique_best(vulns_of_pkg(x), lambda v: pr[v]["cvss"])]), 2, [x], "max cvss over the package's CVEs")
    x = w.pick(P, lambda p: len(maint(p)) >= 3 and unique_best(maint(p),
                                                               lambda m: g.edge(p, "MAINTAINED_BY", m)["commits"]))
    w.add("super", "comparison", f"Which of the maintainers of {nm(x)} has made the most commits to it?",
          ids([unique_best(maint(x), lambda m: g.edge(x, "MAINTAINED_BY", m)["commits"])]), 1, [x],
          "max MAINTAINED_BY.commits")
    x = w.pick(P, lambda p: unique_best(g.i(p, "SPONSORS"), lambda o: g.edge(o, "SPONSORS", p)["amount_usd"]))
    w.add("super", "comparison", f"Which organization gives {nm(x)} the biggest sponsorship?",
          ids([unique_best(g.i(x, "SPONSORS"), lambda o: g.edge(o, "SPONSORS", x)["amount_usd"])]), 1, [x],
          "max SPONSORS.amount_usd")

    # ---------------------------------------------------------------- attribute and edge-property lookups
    x = w.pick(P)
    w.add("lookup", "lookup", f"When was {nm(x)} created?", {"type": "value", "value": pr[x]["created"]}, 0, [x],
          "created")
    v = w.pick(V)
    w.add("lookup", "lookup", f"what's the cvss of {nm(v)}", {"type": "value", "value": pr[v]["cvss"]}, 0, [v],
          "cvss")
    m = w.pick(M)
    w.add("lookup", "lookup", f"Which country is {nm(m)} based in?", {"type": "value", "value": pr[m]["country"]},
          0, [m], "country")
    pm = w.pick([(p, mm) for p in P for mm in maint(p)],
                lambda c: g.edge(c[0], "MAINTAINED_BY", c[1])["role"] != "lead")
    w.add("lookup", "lookup", f"What role does {nm(pm[1])} have on {nm(pm[0])}?",
          {"type": "value", "value": g.edge(pm[0], "MAINTAINED_BY", pm[1])["role"]}, 1, list(pm),
          "MAINTAINED_BY.role")
    pm = w.pick([(p, mm) for p in P for mm in maint(p)])
    w.add("lookup", "lookup", f"Since when has {nm(pm[1])} been a maintainer of {nm(pm[0])}?",
          {"type": "value", "value": g.edge(pm[0], "MAINTAINED_BY", pm[1])["since"]}, 1, list(pm),
          "MAINTAINED_BY.since")
    op = w.pick([(o, p) for o in ORGS for p in g.o(o, "SPONSORS")])
    w.add("lookup", "lookup", f"How many dollars does {nm(op[0])} sponsor {nm(op[1])} with?",
          {"type": "value", "value": g.edge(op[0], "SPONSORS", op[1])["amount_usd"]}, 1, list(op),
          "SPONSORS.amount_usd")
    pq = w.pick([(p, q) for p in P for q in deps(p)], lambda c: g.edge(c[0], "DEPENDS_ON", c[1])["scope"] != "runtime")
    w.add("lookup", "lookup", f"What is the scope of {nm(pq[0])}'s dependency on {nm(pq[1])}?",
          {"type": "value", "value": g.edge(pq[0], "DEPENDS_ON", pq[1])["scope"]}, 1, list(pq), "DEPENDS_ON.scope")

    # ---------------------------------------------------------------- yes/no
    pq = w.pick([(p, q) for p in P for q in deps(p)])
    w.add("yesno", "relation", f"Does {nm(pq[0])} depend on {nm(pq[1])}?", {"type": "bool", "value": True}, 1,
          list(pq), "DEPENDS_ON edge exists")
    pq = w.pick([(p, q) for p in P for q in second(p)], lambda c: c[1] not in deps(c[0]))
    w.add("yesno", "relation", f"Is {nm(pq[1])} a direct dependency of {nm(pq[0])}?",
          {"type": "bool", "value": False}, 1, list(pq), "no DEPENDS_ON edge (only a transitive one)")
    x = w.pick(P, lambda p: pr[p]["archived"])
    w.add("yesno", "lookup", f"is {nm(x)} archived?", {"type": "bool", "value": True}, 0, [x], "archived")
    mo = w.pick([(mm, o) for mm in M for o in ORGS], lambda c: org_of(c[0]) and c[1] not in org_of(c[0]))
    w.add("yesno", "relation", f"Does {nm(mo[0])} work for {nm(mo[1])}?", {"type": "bool", "value": False}, 1,
          list(mo), "no EMPLOYED_BY edge")
    v = w.pick(V, lambda v: not pr[v]["patched"])
    w.add("yesno", "lookup", f"Has {nm(v)} been patched?", {"type": "bool", "value": False}, 0, [v], "patched")
    mn = w.pick([(mm, t) for mm in M for t in g.o(mm, "MENTORED_BY")])
    w.add("yesno", "relation", f"Was {nm(mn[0])} mentored by {nm(mn[1])}?", {"type": "bool", "value": True}, 1,
          list(mn), "MENTORED_BY edge exists")

    # ---------------------------------------------------------------- portfolio: gold = direct neighbours
    m = w.pick(M, lambda m: 4 <= len(g.neighbours(m)) <= 10)
    w.add("portfolio", "portfolio", f"Tell me everything about {nm(m)}.", ids(g.neighbours(m)), 1, [m],
          "all direct neighbours")
    o = w.pick(ORGS, lambda o: 4 <= len(g.neighbours(o)) <= 10)
    w.add("portfolio", "portfolio", f"give me the full picture on {nm(o)}", ids(g.neighbours(o)), 1, [o],
          "all direct neighbours")
    x = w.pick(P, lambda p: 5 <= len(g.neighbours(p)) <= 9)
    w.add("portfolio", "portfolio", f"What do we know about the {nm(x)} package? Everything connected to it, "
          "please.", ids(g.neighbours(x)), 1, [x], "all direct neighbours")
    v = w.pick(V, lambda v: len(g.neighbours(v)) >= 3)
    w.add("portfolio", "portfolio", f"Overview of {nm(v)}", ids(g.neighbours(v)), 1, [v], "all direct neighbours")

    # ---------------------------------------------------------------- unknown names (gold: not found)
    names = {nm(n).lower() for n in g.type}
    unknown = [
        ("Who maintains {}?", "quasar-json"),
        ("Which organisation does {} work for?", "Helga Marchetti"),
        ("What is the CVSS score of {}?", "CVE-2019-00042"),
        ("What packages does the {} sponsor?", "Stonebridge Foundation"),
        ("When was the latest release of {} published?", "tundra-http"),
    ]
    for tpl, name in unknown:
        assert name.lower() not in names and not any(name.lower() in n for n in names), name
        w.add("unknown", "unanswerable", tpl.format(name), {"type": "none"}, 0, [], "no such entity")
    return w.rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    path = args.graphml or args.outdir / "oss.graphml"
    if not path.exists():  # generate it with the generator beside this file
        spec = importlib.util.spec_from_file_location("byog5_graph", Path(__file__).with_name("graph.py"))
        graph = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(graph)
        graph.main([str(args.outdir)])
    rows = make(Graph(path))
    out = args.outdir / "holdout.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} questions -> {out}; by kind: {dict(sorted(Counter(r['kind'] for r in rows).items()))}")


if __name__ == "__main__":
    main()
