"""Deterministic question set for the byog27 insurance-claims graph.

    python tests/byog27/questions.py OUT_DIR [GRAPH_PATH]

reads only the GraphML file graph.py wrote (default: OUT_DIR/insurance.graphml) and writes OUT_DIR/holdout.jsonl.
Golds are computed with networkx over that file; tests/byog27/test_byog27_gold.py re-derives them from the XML.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import networkx as nx

QUESTION_SEED = 2727


class G:
    def __init__(self, path: Path) -> None:
        self.g = nx.read_graphml(path)
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        for u, v, d in self.g.edges(data=True):
            self.out[(u, d["label"])].append((v, d))
            self.inn[(v, d["label"])].append((u, d))
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in self.g.nodes(data=True):
            self.by_type[d["type"]].append(n)
        for t in self.by_type:
            self.by_type[t].sort(key=lambda s: int(s.rsplit("-", 1)[1]))

    def a(self, n: str, attr: str) -> Any:
        return self.g.nodes[n][attr]

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def o(self, n: str, label: str) -> list[str]:
        return [v for v, _ in self.out[(n, label)]]

    def i(self, n: str, label: str) -> list[str]:
        return [u for u, _ in self.inn[(n, label)]]

    def edge(self, u: str, v: str) -> dict:
        return self.g.edges[u, v]

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)), key=self._key)

    @staticmethod
    def _key(n: str) -> tuple[str, int]:
        t, k = n.rsplit("-", 1)
        return t, int(k)


def sset(g: G, ids) -> dict:
    ids = sorted(set(ids), key=G._key)
    return {"type": "set", "ids": ids, "names": [g.name(i) for i in ids]}


def count(v: int) -> dict:
    return {"type": "count", "value": int(v)}


def value(v: Any) -> dict:
    return {"type": "value", "value": round(v, 2) if isinstance(v, float) else v}


def unique_top(scores: dict[str, float], lowest: bool = False) -> str | None:
    if len(scores) < 2:
        return None
    ranked = sorted(scores.items(), key=lambda kv: (kv[1] if lowest else -kv[1]))
    if ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def build(graph_path: Path) -> list[dict]:
    g = G(graph_path)
    rng = random.Random(QUESTION_SEED)
    T = g.by_type
    used: set[str] = set()
    qs: list[dict] = []

    def pick(cands: list[str]) -> str:
        fresh = [c for c in cands if c not in used] or cands
        c = rng.choice(fresh)
        used.add(c)
        return c

    def add(kind: str, text: str, gold: dict, hops: int) -> None:
        qs.append({"kind": kind, "question": text, "gold": gold, "hops": hops})

    adjusters, branches, claims, policies = T["Adjuster"], T["Branch"], T["Claim"], T["Policy"]
    holders, shops, agents, frauds = T["Policyholder"], T["RepairShop"], T["Agent"], T["FraudInvestigation"]
    vehicles, properties = T["Vehicle"], T["Property"]
    boss = {v: u for u in adjusters for v in g.o(u, "SUPERVISES")}
    claims_of_adj = {a: g.i(a, "ASSIGNED_TO") for a in adjusters}
    claims_of_policy = {p: g.i(p, "FILED_UNDER") for p in policies}

    def holder_claims(h: str) -> list[str]:
        return [c for p in g.o(h, "HOLDS") for c in claims_of_policy[p]]

    # ---- count
    add("count", "How many policyholders do we have?", count(len(holders)), 0)
    add("count", "total number of body shops on file", count(len(shops)), 0)
    add("count", "How many fraud investigations are on record?", count(len(frauds)), 0)
    add("count", "how many claims adjusters are there", count(len(adjusters)), 0)
    add("count", "What's the number of insured vehicles?", count(len(vehicles)), 0)

    # ---- filtered_count
    def nf(ids, pred) -> dict:
        return count(sum(1 for n in ids if pred(g.g.nodes[n])))

    add("filtered_count", "How many claims were denied?", nf(claims, lambda d: d["status"] == "denied"), 0)
    add("filtered_count", "How many policies are paid in monthly installments?",
        nf(policies, lambda d: d["payment_plan"] == "monthly"), 0)
    add("filtered_count", "Number of vehicles with a model year before 2015?",
        nf(vehicles, lambda d: d["model_year"] < 2015), 0)
    add("filtered_count", "how many policyholders are classed as high risk",
        nf(holders, lambda d: d["risk_tier"] == "high risk"), 0)
    add("filtered_count", "How many insured properties have sprinklers?",
        nf(properties, lambda d: d["has_sprinklers"] is True), 0)
    add("filtered_count", "How many hail claims have been filed?", nf(claims, lambda d: d["peril"] == "hail"), 0)
    add("filtered_count", "How many claims were for more than $20,000?",
        nf(claims, lambda d: d["claimed_amount"] > 20000), 0)
    add("filtered_count", "How many of the adjusters are field-based?",
        nf(adjusters, lambda d: d["field_based"] is True), 0)
    add("filtered_count", "Count the fraud cases that were referred to the police.",
        nf(frauds, lambda d: d["referred_to_police"] is True), 0)
    add("filtered_count", "how many policies took effect during 2022?",
        nf(policies, lambda d: d["effective_date"].startswith("2022-")), 0)

    # ---- list
    adj_at = {b: g.i(b, "BASED_AT") for b in branches}
    agents_at = {b: g.i(b, "WORKS_AT") for b in branches}
    shops_at = {b: g.i(b, "PARTNERS_WITH") for b in branches}
    b = pick([b for b in branches if 2 <= len(adj_at[b]) <= 12])
    add("list", f"Which adjusters are based at the {g.name(b)} branch?", sset(g, adj_at[b]), 1)
    b = pick([b for b in branches if 2 <= len(agents_at[b]) <= 12])
    add("list", f"List the agents working out of {g.name(b)}.", sset(g, agents_at[b]), 1)
    p = pick([p for p in policies if len(g.o(p, "COVERS")) == 2])
    add("list", f"which vehicles does policy {g.name(p)} cover", sset(g, g.o(p, "COVERS")), 1)
    p = pick([p for p in policies if 3 <= len(claims_of_policy[p]) <= 6])
    add("list", f"Show me every claim filed under {g.name(p)}", sset(g, claims_of_policy[p]), 1)
    b = pick([b for b in branches if 2 <= len(shops_at[b]) <= 12])
    add("list", f"Which body shops partner with our {g.name(b)} office?", sset(g, shops_at[b]), 1)
    f = pick([f for f in frauds if len(g.o(f, "EXAMINES")) >= 3])
    add("list", f"give me the claims that {g.name(f)} is looking into", sset(g, g.o(f, "EXAMINES")), 1)
    c = pick([c for c in claims if len(g.o(c, "ASSIGNED_TO")) == 2])
    add("list", f"Who are the adjusters on claim {g.name(c)}?", sset(g, g.o(c, "ASSIGNED_TO")), 1)

    # ---- multihop
    staff = [a for a in adjusters if a in boss and boss[a] in boss and boss[boss[a]] in boss]
    leads = [a for a in adjusters if a in boss and boss[a] in boss and boss[boss[a]] not in boss]
    managers = [a for a in adjusters if a in boss and boss[a] not in boss]
    director = next(a for a in adjusters if a not in boss)

    s = pick(staff)
    add("multihop", f"Who is {g.name(s)}'s supervisor's supervisor?", sset(g, [boss[boss[s]]]), 2)

    def two_down(a: str) -> list[str]:
        return [y for x in g.o(a, "SUPERVISES") for y in g.o(x, "SUPERVISES")]

    m = pick(managers)
    add("multihop", f"How many adjusters sit two levels below {g.name(m)} in the reporting line?",
        count(len(two_down(m))), 2)
    add("multihop", f"which adjusters are two rungs down the chain of command from {g.name(director)}",
        sset(g, two_down(director)), 2)
    s = pick([x for x in staff if g.o(boss[x], "BASED_AT") != g.o(x, "BASED_AT")])
    add("multihop", f"What branch is {g.name(s)}'s boss based at?", sset(g, g.o(boss[s], "BASED_AT")), 2)
    ld = pick(leads)
    team_claims = {c for x in g.o(ld, "SUPERVISES") for c in claims_of_adj[x]}
    add("multihop", f"How many claims are assigned to the adjusters that {g.name(ld)} supervises?",
        count(len(team_claims)), 2)

    def agents_of(h: str) -> set[str]:
        return {a for p in g.o(h, "HOLDS") for a in g.o(p, "SOLD_BY")}

    h = pick([h for h in holders if len(agents_of(h)) >= 2])
    add("multihop", f"Which agents sold policies to {g.name(h)}?", sset(g, agents_of(h)), 2)

    def shops_of(h: str) -> set[str]:
        return {s for c in holder_claims(h) for s in g.o(c, "REPAIRED_AT")}

    h = pick([h for h in holders if len(shops_of(h)) >= 2])
    add("multihop", f"Which repair shops worked on claims from {g.name(h)}'s policies?", sset(g, shops_of(h)), 3)

    def adj_of(h: str) -> set[str]:
        return {a for c in holder_claims(h) for a in g.o(c, "ASSIGNED_TO")}

    h = pick([h for h in holders if 3 <= len(adj_of(h)) <= 12])
    add("multihop", f"Which adjusters have handled claims on policies held by {g.name(h)}?", sset(g, adj_of(h)), 3)
    p = pick([p for p in policies if claims_of_policy[p]])
    add("multihop", f"what branch does the agent who sold {g.name(p)} work at",
        sset(g, [b for a in g.o(p, "SOLD_BY") for b in g.o(a, "WORKS_AT")]), 2)

    def branch_shops(b: str) -> set[str]:
        return {s for a in agents_at[b] for p in g.i(a, "SOLD_BY") for c in claims_of_policy[p]
                for s in g.o(c, "REPAIRED_AT")}

    b = pick(branches)
    add("multihop", f"How many different repair shops have fixed claims on policies sold by agents at the "
                    f"{g.name(b)} branch?", count(len(branch_shops(b))), 4)

    def adj_branches(h: str) -> set[str]:
        return {b for a in adj_of(h) for b in g.o(a, "BASED_AT")}

    h = pick([h for h in holders if 2 <= len(adj_branches(h)) <= 12])
    add("multihop", f"Which branches are the adjusters who handled {g.name(h)}'s claims based at?",
        sset(g, adj_branches(h)), 4)

    def fraud_branches(f: str) -> set[str]:
        return {b for c in g.o(f, "EXAMINES") for p in g.o(c, "FILED_UNDER") for a in g.o(p, "SOLD_BY")
                for b in g.o(a, "WORKS_AT")}

    f = pick([f for f in frauds if 2 <= len(fraud_branches(f)) <= 12])
    add("multihop", f"Which branches employ the agents who sold the policies behind the claims examined in "
                    f"{g.name(f)}?", sset(g, fraud_branches(f)), 4)

    def fraud_holders(f: str) -> set[str]:
        return {h for c in g.o(f, "EXAMINES") for p in g.o(c, "FILED_UNDER") for h in g.i(p, "HOLDS")}

    f = pick([f for f in frauds if len(fraud_holders(f)) >= 2])
    add("multihop", f"Which policyholders had claims scrutinised by {g.name(f)}?", sset(g, fraud_holders(f)), 3)

    def adj_frauds(a: str) -> set[str]:
        return {f for c in claims_of_adj[a] for f in g.i(c, "EXAMINES")}

    a = pick([a for a in adjusters if len(adj_frauds(a)) >= 2])
    add("multihop", f"Which fraud investigations involve claims handled by {g.name(a)}?", sset(g, adj_frauds(a)), 2)

    # ---- superlative (candidates; the first ten without ties are kept)
    sup: list[tuple[str, dict, int]] = []

    def top(kind_scores: dict[str, float], text: str, hops: int, lowest: bool = False) -> None:
        w = unique_top(kind_scores, lowest)
        if w is not None:
            sup.append((text, sset(g, [w]), hops))

    top({c: g.a(c, "claimed_amount") for c in claims}, "Which claim has the highest claimed amount?", 0)
    top({a: g.a(a, "hourly_rate") for a in adjusters}, "Which adjuster charges the highest hourly rate?", 0)
    top({s: g.a(s, "rating") for s in shops}, "what's the lowest-rated repair shop", 0, lowest=True)
    top({a: len(g.i(a, "SOLD_BY")) for a in agents}, "Which agent has sold the most policies?", 1)
    top({a: len(claims_of_adj[a]) for a in adjusters}, "Which adjuster has the most claims assigned to them?", 1)
    top({s: sum(d["invoice_amount"] for _, d in g.inn[(s, "REPAIRED_AT")]) for s in shops},
        "Which repair shop has billed the largest total invoice amount?", 1)
    top({a: sum(d["commission_amount"] for _, d in g.inn[(a, "SOLD_BY")]) for a in agents},
        "Which agent has earned the most in total commissions?", 1)
    for b in rng.sample(branches, len(branches)):
        if unique_top({a: g.a(a, "years_experience") for a in adj_at[b]}) is not None:
            used.add(b)
            top({a: g.a(a, "years_experience") for a in adj_at[b]},
                f"Among the adjusters based at {g.name(b)}, who has the most years of experience?", 1)
            break
    h = pick([h for h in holders if len(g.o(h, "HOLDS")) >= 3])
    top({p: g.a(p, "annual_premium") for p in g.o(h, "HOLDS")},
        f"Of {g.name(h)}'s policies, which carries the highest annual premium?", 1)
    a = pick([a for a in adjusters if len(claims_of_adj[a]) >= 4])
    top({c: g.a(c, "claimed_amount") for c in claims_of_adj[a]},
        f"Which of the claims assigned to {g.name(a)} has the largest claimed amount?", 1)
    top({b: len(agents_at[b]) for b in branches}, "which branch has the most agents", 1)
    top({p: g.a(p, "replacement_cost") for p in properties}, "Which insured property has the highest replacement "
                                                             "cost?", 0)
    for text, gold, hops in sup[:10]:
        add("superlative", text, gold, hops)

    # ---- aggregate
    add("aggregate", "What's the total claimed amount across all hail claims?",
        value(sum(g.a(c, "claimed_amount") for c in claims if g.a(c, "peril") == "hail")), 0)
    autos = [g.a(p, "annual_premium") for p in policies if g.a(p, "line") == "auto"]
    add("aggregate", "average annual premium on auto policies?", value(sum(autos) / len(autos)), 0)
    s = pick([s for s in shops if len(g.i(s, "REPAIRED_AT")) >= 3])
    add("aggregate", f"How much has {g.name(s)} invoiced in total?",
        value(sum(d["invoice_amount"] for _, d in g.inn[(s, "REPAIRED_AT")])), 1)
    b = pick([b for b in branches if len(adj_at[b]) >= 3])
    yrs = [g.a(a, "years_experience") for a in adj_at[b]]
    add("aggregate", f"What is the average years of experience of the adjusters at {g.name(b)}?",
        value(sum(yrs) / len(yrs)), 1)

    def holder_vehicles(h: str) -> list[str]:
        return [v for p in g.o(h, "HOLDS") for v in g.o(p, "COVERS") if g.a(v, "type") == "Vehicle"]

    h = pick([h for h in holders if len(holder_vehicles(h)) >= 2])
    add("aggregate", f"combined market value of the vehicles insured on {g.name(h)}'s policies",
        value(sum(g.a(v, "market_value") for v in holder_vehicles(h))), 2)

    # ---- edge_property
    def edge_q(pairs: list[tuple[str, str]], template: str, attr: str) -> None:
        while True:  # a gold value that does not appear inside its own question (e.g. 22 inside CLM-12270)
            x, y = pairs[rng.randrange(len(pairs))]
            gold = value(g.edge(x, y)[attr])
            text = template.format(src=g.name(x), dst=g.name(y))
            if str(gold["value"]).lower() not in text.lower():
                add("edge_property", text, gold, 1)
                return

    repairs = [(c, s) for c in claims for s in g.o(c, "REPAIRED_AT")]
    edge_q(repairs, "What was the invoice amount when {dst} repaired {src}?", "invoice_amount")
    asg = [(c, a) for c in claims for a in g.o(c, "ASSIGNED_TO")]
    edge_q(asg, "How many hours did {dst} log on {src}?", "hours_logged")
    sold = [(p, a) for p in policies for a in g.o(p, "SOLD_BY")]
    edge_q(sold, "When did {dst} sell {src}?", "sold_on")
    edge_q(sold, "Through what channel did {dst} sell {src}?", "channel")
    add("edge_property", "How many repairs were done with OEM parts?",
        count(sum(1 for c, s in repairs if g.edge(c, s)["oem_parts"] is True)), 1)

    def lead_count(a: str) -> int:
        return sum(1 for _, d in g.inn[(a, "ASSIGNED_TO")] if d["role"] == "lead")

    a = pick([a for a in adjusters if 0 < lead_count(a) < len(claims_of_adj[a])])
    add("edge_property", f"On how many claims was {g.name(a)} the lead adjuster?", count(lead_count(a)), 1)
    edge_q(repairs, "how many days did {src} spend at {dst}", "days_in_shop")

    # ---- yes_no
    yn: list[tuple[str, dict]] = []
    s = pick(staff)
    yn.append((f"Does {g.name(boss[s])} supervise {g.name(s)}?", {"type": "bool", "value": True}))
    s = pick(staff)
    other = pick([x for x in leads if x != boss[s]])
    yn.append((f"Is {g.name(s)} supervised by {g.name(other)}?", {"type": "bool", "value": False}))
    p, a = sold[rng.randrange(len(sold))]
    yn.append((f"did {g.name(a)} sell policy {g.name(p)}", {"type": "bool", "value": True}))
    p, _ = sold[rng.randrange(len(sold))]
    a = pick([x for x in agents if x not in g.o(p, "SOLD_BY")])
    yn.append((f"Was {g.name(p)} sold by {g.name(a)}?", {"type": "bool", "value": False}))
    v = pick(vehicles)
    yn.append((f"Is the {g.name(v)} covered under {g.name(g.i(v, 'COVERS')[0])}?", {"type": "bool", "value": True}))
    pr = pick(properties)
    p = pick([p for p in policies if g.a(p, "line") in ("home", "landlord") and pr not in g.o(p, "COVERS")])
    yn.append((f"Does {g.name(p)} cover {g.name(pr)}?", {"type": "bool", "value": False}))
    c = pick([c for c in claims if g.i(c, "EXAMINES")])
    yn.append((f"Has {g.name(c)} been flagged in any fraud investigation?", {"type": "bool", "value": True}))
    c = pick([c for c in claims if not g.i(c, "EXAMINES")])
    yn.append((f"has claim {g.name(c)} ever been part of a fraud investigation", {"type": "bool", "value": False}))
    for text, gold in yn:
        add("yes_no", text, gold, 1)

    # ---- portfolio
    p = pick([p for p in policies if len(claims_of_policy[p]) >= 2 and len(g.neighbours(p)) <= 12])
    add("portfolio", f"Tell me everything about {g.name(p)}.", sset(g, g.neighbours(p)), 1)
    a = pick([a for a in managers if len(g.neighbours(a)) <= 12])
    add("portfolio", f"give me the full picture on adjuster {g.name(a)}", sset(g, g.neighbours(a)), 1)
    s = pick([s for s in shops if 4 <= len(g.neighbours(s)) <= 12])
    add("portfolio", f"What do we know about {g.name(s)}? Everything it's connected to, please.",
        sset(g, g.neighbours(s)), 1)

    # ---- unknown (made-up names)
    add("unknown", "Which claims has adjuster Quentin Marlowe handled?", {"type": "none"}, 1)
    add("unknown", "What policies does Bartholomew Finchley hold?", {"type": "none"}, 1)
    add("unknown", "show me the vehicles covered by POL-000417", {"type": "none"}, 1)
    add("unknown", "Which claims is Operation Wintergreen examining?", {"type": "none"}, 1)

    # ---- global
    add("global", "How many kinds of entities are in this graph?", count(len(T)), 0)
    add("global", "How many distinct relationship types does the dataset use?",
        count(len({d["label"] for *_, d in g.g.edges(data=True)})), 0)
    type_counts = Counter({t: len(v) for t, v in T.items()})
    (first, n1), (_, n2) = type_counts.most_common(2)
    assert n1 > n2
    add("global", "Which kind of entity is most common in the data?", value(first), 0)

    order = list(range(len(qs)))
    rng.shuffle(order)
    out = []
    for k, idx in enumerate(order, 1):
        q = qs[idx]
        out.append({"id": f"byog27-{k:02d}", "kind": q["kind"], "question": q["question"], "gold": q["gold"],
                    "hops": q["hops"]})
    _check(out)
    return out


def _check(qs: list[dict]) -> None:
    for q in qs:
        low = q["question"].lower()
        gold = q["gold"]
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= 12, q
            for n in gold["names"]:
                assert n.lower() not in low, q
        elif gold["type"] == "value":
            assert str(gold["value"]).lower() not in low, q
        elif gold["type"] == "count":
            assert gold["value"] > 0, q
            assert not re.search(rf"(?<![\w.,]){gold['value']}(?![\w]|[.,]\d)", q["question"]), q


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0])
    graph = Path(args[1]) if len(args) > 1 else out / "insurance.graphml"
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for q in build(graph):
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
