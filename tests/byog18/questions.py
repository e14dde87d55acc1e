"""Holdout questions over the academic-publishing GraphML, with golds computed from the file alone.

Usage: ``python tests/byog18/questions.py DIR [GRAPHML]`` writes ``DIR/holdout.jsonl`` (GRAPHML defaults to
``DIR/publishing.graphml``). Reads only the GraphML (networkx.read_graphml); never imports the generator.
Subjects are picked deterministically (a fixed random.Random over id-sorted candidates) and only when the gold
is unambiguous: unique display names that are no part of another name, no ties in superlatives, small sets.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import networkx as nx


def _natural(nid: str) -> tuple[str, int]:
    prefix, _, num = nid.rpartition("-")
    return (prefix, int(num)) if num.isdigit() else (nid, 0)


def display(d: dict[str, Any]) -> str:
    if d.get("name"):
        return str(d["name"])
    if d.get("title"):
        return str(d["title"])
    return f"{d.get('first_name', '')} {d.get('last_name', '')}".strip()


class Graph:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path, force_multigraph=True)
        self.type = {n: d["labels"].lstrip(":").split(":")[0] for n, d in self.g.nodes(data=True)}
        self.attr = {n: d for n, d in self.g.nodes(data=True)}
        self.name = {n: display(d) for n, d in self.g.nodes(data=True)}
        self.out: dict[str, dict[str, list[tuple[str, dict]]]] = defaultdict(lambda: defaultdict(list))
        self.inn: dict[str, dict[str, list[tuple[str, dict]]]] = defaultdict(lambda: defaultdict(list))
        self.edge_labels: set[str] = set()
        for u, v, d in self.g.edges(data=True):
            self.out[d["label"]][u].append((v, d))
            self.inn[d["label"]][v].append((u, d))
            self.edge_labels.add(d["label"])
        counts = Counter(self.name.values())
        self.unique_names = {n for n, nm in self.name.items() if counts[nm] == 1}
        self.all_names_lower = [nm.lower() for nm in self.name.values()]

    def of(self, typ: str) -> list[str]:
        return sorted((n for n, t in self.type.items() if t == typ), key=_natural)

    def fwd(self, nodes: Iterable[str], label: str) -> set[str]:
        return {v for n in nodes for v, _ in self.out[label].get(n, [])}

    def back(self, nodes: Iterable[str], label: str) -> set[str]:
        return {u for n in nodes for u, _ in self.inn[label].get(n, [])}

    def nbrs(self, n: str) -> set[str]:
        return ({v for _, v in self.g.out_edges(n)} | {u for u, _ in self.g.in_edges(n)}) - {n}

    def clean(self, n: str) -> bool:
        """A subject is clean when its name is unique and no part of another node's name."""
        if n not in self.unique_names:
            return False
        low = self.name[n].lower()
        return sum(low in other for other in self.all_names_lower) == 1

    def exists_name(self, text: str) -> bool:
        low = text.lower()
        return any(low in other for other in self.all_names_lower)


def the(name: str) -> str:
    """'the Journal of X' / 'the University of Y', as people write them; other names unchanged."""
    return f"the {name}" if name.split()[0] in {"Journal", "University", "Annals", "Review"} else name


def _num(x: float) -> float | int:
    x = round(float(x), 2)
    return int(x) if x.is_integer() else x


class Builder:
    def __init__(self, graph: Graph, seed: int = 18):
        self.G = graph
        self.rng = random.Random(seed)
        self.rows: list[dict[str, Any]] = []
        self.used: set[str] = set()

    # gold helpers
    def gset(self, ids: Iterable[str]) -> dict[str, Any]:
        ids = sorted(set(ids), key=_natural)
        return {"type": "set", "ids": ids, "names": [self.G.name[i] for i in ids]}

    @staticmethod
    def gcount(n: int) -> dict[str, Any]:
        return {"type": "count", "value": int(n)}

    @staticmethod
    def gvalue(v: Any) -> dict[str, Any]:
        return {"type": "value", "value": v}

    @staticmethod
    def gbool(b: bool) -> dict[str, Any]:
        return {"type": "bool", "value": bool(b)}

    def add(self, kind: str, question: str, gold: dict[str, Any], hops: int) -> None:
        if gold["type"] == "set":
            assert gold["ids"], f"empty set gold for {question!r}"
        self.rows.append({"id": f"byog18-{len(self.rows) + 1:02d}", "kind": kind, "question": question,
                          "gold": gold, "hops": hops})

    def pick(self, typ: str, pred: Callable[[str], bool], reuse: bool = False) -> str:
        cands = self.G.of(typ)
        self.rng.shuffle(cands)
        for n in cands:
            if (reuse or n not in self.used) and self.G.clean(n) and pred(n):
                self.used.add(n)
                return n
        raise RuntimeError(f"no {typ} satisfies the condition")

    def top(self, scores: dict[str, float], highest: bool = True) -> str:
        """The single best node; raises on a tie (a tied superlative is ambiguous)."""
        best = (max if highest else min)(scores.values())
        winners = [n for n, s in scores.items() if s == best]
        assert len(winners) == 1, f"tie for the superlative: {winners}"
        assert self.G.clean(winners[0]), f"superlative winner {winners[0]} has an ambiguous name"
        return winners[0]


def build(graph: Graph) -> list[dict[str, Any]]:  # noqa: C901, PLR0915 - one flat list of questions reads best
    G, B = graph, Builder(graph)
    N, A = G.name, G.attr
    journals, papers, authors = G.of("Journal"), G.of("Paper"), G.of("Author")
    reviewers, insts = G.of("Reviewer"), G.of("Institution")
    funders, grants = G.of("Funder"), G.of("Grant")

    def wrote(a: str) -> set[str]:
        return G.fwd([a], "AUTHORED")

    def authors_of(p: Iterable[str]) -> set[str]:
        return G.back(p, "AUTHORED")

    def coauthors(a: str) -> set[str]:
        return authors_of(wrote(a)) - {a}

    def year(p: str) -> int:
        return int(A[p]["published_on"][:4])

    # ---- count ---------------------------------------------------------------------------------------------------
    B.add("count", "How many journals are there?", B.gcount(len(journals)), 0)
    B.add("count", "how many funding bodies do we have", B.gcount(len(funders)), 0)
    B.add("count", "What's the total number of research grants in the graph?", B.gcount(len(grants)), 0)
    B.add("count", "Number of institutions?", B.gcount(len(insts)), 0)
    B.add("count", "How many peer reviewers are in the dataset?", B.gcount(len(reviewers)), 0)

    # ---- filtered_count ------------------------------------------------------------------------------------------
    B.add("filtered_count", "How many journals are open access?",
          B.gcount(sum(bool(A[j]["open_access"]) for j in journals)), 0)
    B.add("filtered_count", "How many review articles are there?",
          B.gcount(sum(A[p]["article_type"] == "review" for p in papers)), 0)
    B.add("filtered_count", "How many of the authors are full professors?",
          B.gcount(sum(A[a]["career_stage"] == "professor" for a in authors)), 0)
    B.add("filtered_count", "How many institutions are located in Germany?",
          B.gcount(sum(A[i]["country"] == "Germany" for i in insts)), 0)
    B.add("filtered_count", "How many papers came out in 2019?", B.gcount(sum(year(p) == 2019 for p in papers)), 0)
    B.add("filtered_count", "How many grants are worth more than $1,000,000?",
          B.gcount(sum(A[g]["amount_usd"] > 1_000_000 for g in grants)), 0)
    B.add("filtered_count", "How many authors have an h-index above 30?",
          B.gcount(sum(A[a]["h_index"] > 30 for a in authors)), 0)
    B.add("filtered_count", "How many reviewers with over 20 years of experience do we have?",
          B.gcount(sum(A[r]["years_experience"] > 20 for r in reviewers)), 0)
    a = B.pick("Author", lambda x: 6 <= len(wrote(x)) <= 15)
    B.add("filtered_count", f"How many papers has {N[a]} written?", B.gcount(len(wrote(a))), 1)
    j = B.pick("Journal", lambda x: sum(A[p]["page_count"] > 20 for p in G.back([x], "PUBLISHED_IN")) >= 3)
    B.add("filtered_count", f"How many papers in {the(N[j])} run longer than 20 pages?",
          B.gcount(sum(A[p]["page_count"] > 20 for p in G.back([j], "PUBLISHED_IN"))), 1)

    # ---- list ----------------------------------------------------------------------------------------------------
    B.add("list", "Which journals cover neuroscience?",
          B.gset(j for j in journals if A[j]["field"] == "Neuroscience"), 0)
    us = [f for f in funders if A[f]["country"] == "United States"]
    assert 2 <= len(us) <= 8
    B.add("list", "List the funders from the United States.", B.gset(us), 0)
    hospitals = [i for i in insts if A[i]["kind"] == "hospital"]
    assert 2 <= len(hospitals) <= 12
    B.add("list", "which institutions are hospitals?", B.gset(hospitals), 0)
    old = [j for j in journals if A[j]["founded_year"] < 1950]
    assert 1 <= len(old) <= 10, old
    B.add("list", "Name the journals founded before 1950.", B.gset(old), 0)

    def retracted_in(x: str) -> list[str]:
        return [p for p in G.back([x], "PUBLISHED_IN") if A[p]["retracted"]]

    j = B.pick("Journal", lambda x: 2 <= len(retracted_in(x)) <= 4)
    B.add("list", f"Show me the retracted papers published in {the(N[j])}.", B.gset(retracted_in(j)), 1)
    i = B.pick("Institution", lambda x: 2 <= len(G.back([x], "WORKS_AT")) <= 6)
    B.add("list", f"Who are the reviewers working at {the(N[i])}?", B.gset(G.back([i], "WORKS_AT")), 1)

    def active_grants(f: str) -> set[str]:
        return {g for g in G.back([f], "AWARDED_BY") if A[g]["active"]}

    f = B.pick("Funder", lambda x: 2 <= len(active_grants(x)) <= 6)
    B.add("list", f"Which of the {N[f]}'s grants are still active?", B.gset(active_grants(f)), 1)

    # ---- multihop ------------------------------------------------------------------------------------------------
    a = B.pick("Author", lambda x: 3 <= len(coauthors(x)) <= 10)
    B.add("multihop", f"Who has {N[a]} co-authored with?", B.gset(coauthors(a)), 2)

    def citing_journals(p: str) -> set[str]:
        return G.fwd(G.back([p], "CITES"), "PUBLISHED_IN")

    p = B.pick("Paper", lambda x: 2 <= len(citing_journals(x)) <= 5 and len(G.back([x], "CITES")) >= 3)
    B.add("multihop", f'Which journals have published papers that cite "{N[p]}"?', B.gset(citing_journals(p)), 2)

    def cited_authors(p: str) -> set[str]:
        return authors_of(G.fwd([p], "CITES"))

    p = B.pick("Paper", lambda x: len(G.fwd([x], "CITES")) >= 2 and 3 <= len(cited_authors(x)) <= 10)
    B.add("multihop", f'Who wrote the papers that "{N[p]}" cites?', B.gset(cited_authors(p)), 2)

    def funders_of_author(a: str) -> set[str]:
        return G.fwd(G.fwd(wrote(a), "FUNDED_BY"), "AWARDED_BY")

    a = B.pick("Author", lambda x: 2 <= len(funders_of_author(x)) <= 5 and len(G.fwd(wrote(x), "FUNDED_BY")) >= 3)
    B.add("multihop", f"Which funders paid for {N[a]}'s research papers?", B.gset(funders_of_author(a)), 3)

    def funders_of_inst(i: str) -> set[str]:
        students = [a for a in G.back([i], "AFFILIATED_WITH") if A[a]["career_stage"] == "PhD student"]
        return G.fwd(G.fwd(G.fwd(students, "AUTHORED"), "FUNDED_BY"), "AWARDED_BY")

    i = B.pick("Institution", lambda x: 2 <= len(funders_of_inst(x)) <= 6)
    B.add("multihop", f"Which funders have paid for papers by PhD students at {the(N[i])}?", B.gset(funders_of_inst(i)),
          4)

    def advisor_funders(s: str) -> set[str]:
        return G.fwd(G.fwd(G.fwd(G.back([s], "ADVISED"), "AUTHORED"), "FUNDED_BY"), "AWARDED_BY")

    s = B.pick("Author", lambda x: len(G.back([x], "ADVISED")) == 1 and 2 <= len(advisor_funders(x)) <= 5)
    B.add("multihop", f"which funding bodies supported the publications of {N[s]}'s PhD advisor",
          B.gset(advisor_funders(s)), 4)

    def reviewers_of_author(a: str) -> set[str]:
        return G.back(wrote(a), "REVIEWED")

    a = B.pick("Author", lambda x: 3 <= len(reviewers_of_author(x)) <= 8)
    B.add("multihop", f"who reviewed papers written by {N[a]}?", B.gset(reviewers_of_author(a)), 2)

    def editors_of_students(a: str) -> set[str]:
        return G.fwd(G.fwd(G.fwd([a], "ADVISED"), "AUTHORED"), "HANDLED_BY")

    a = B.pick("Author", lambda x: 2 <= len(editors_of_students(x)) <= 8)
    B.add("multihop", f"Which editors handled manuscripts written by {N[a]}'s doctoral students?",
          B.gset(editors_of_students(a)), 3)

    def advisor_journals(s: str) -> set[str]:
        return G.fwd(G.fwd(G.back([s], "ADVISED"), "AUTHORED"), "PUBLISHED_IN")

    s = B.pick("Author", lambda x: len(G.back([x], "ADVISED")) == 1 and 2 <= len(advisor_journals(x)) <= 4)
    B.add("multihop", f"In which journals has {N[s]}'s doctoral advisor published?", B.gset(advisor_journals(s)), 3)

    def students_grants(a: str) -> set[str]:
        return G.fwd(G.fwd([a], "ADVISED"), "LEADS")

    a = B.pick("Author", lambda x: 1 <= len(students_grants(x)) <= 5)
    B.add("multihop", f"What grants are led by {N[a]}'s former PhD students?", B.gset(students_grants(a)), 2)

    def cited_journals(p: str) -> set[str]:
        return G.fwd(G.fwd([p], "CITES"), "PUBLISHED_IN")

    p = B.pick("Paper", lambda x: len(G.fwd([x], "CITES")) >= 3 and 2 <= len(cited_journals(x)) <= 4)
    B.add("multihop", f'The papers cited by "{N[p]}" -- which journals did they appear in?', B.gset(cited_journals(p)),
          2)

    def reviewer_insts(p: str) -> set[str]:
        return G.fwd(G.back([p], "REVIEWED"), "WORKS_AT")

    p = B.pick("Paper", lambda x: len(reviewer_insts(x)) >= 2)
    B.add("multihop", f'Where do the reviewers of "{N[p]}" work?', B.gset(reviewer_insts(p)), 2)

    def citing_funders(p: str) -> set[str]:
        return G.fwd(G.fwd(G.back([p], "CITES"), "FUNDED_BY"), "AWARDED_BY")

    p = B.pick("Paper", lambda x: 2 <= len(citing_funders(x)) <= 5)
    B.add("multihop", f'Which funders backed the papers citing "{N[p]}"?', B.gset(citing_funders(p)), 3)

    def grant_insts(g: str) -> set[str]:
        return G.fwd(authors_of(G.back([g], "FUNDED_BY")), "AFFILIATED_WITH")

    g = B.pick("Grant", lambda x: 2 <= len(grant_insts(x)) <= 6)
    B.add("multihop", f"Which institutions are home to the authors of papers funded by the {N[g]} grant?",
          B.gset(grant_insts(g)), 3)

    # ---- superlative ---------------------------------------------------------------------------------------------
    w = B.top({j: A[j]["impact_factor"] for j in journals})
    B.add("superlative", "Which journal has the highest impact factor?", B.gset([w]), 0)
    w = B.top({a: A[a]["h_index"] for a in authors})
    B.add("superlative", "Who's the author with the highest h-index?", B.gset([w]), 0)
    w = B.top({i: A[i]["founded_year"] for i in insts}, highest=False)
    B.add("superlative", "What is the oldest institution?", B.gset([w]), 0)
    w = B.top({p: len(G.inn["CITES"].get(p, [])) for p in papers})
    B.add("superlative", "Which paper is the most cited?", B.gset([w]), 1)
    w = B.top({a: len(wrote(a)) for a in authors})
    B.add("superlative", "Who has written the most papers?", B.gset([w]), 1)
    w = B.top({f: sum(A[g]["amount_usd"] for g in G.back([f], "AWARDED_BY")) for f in funders})
    B.add("superlative", "Which funder has awarded the most grant money in total?", B.gset([w]), 1)
    w = B.top({r: len(G.fwd([r], "REVIEWED")) for r in reviewers})
    B.add("superlative", "which reviewer has refereed the most papers", B.gset([w]), 1)
    w = B.top({i: len(G.back([i], "AFFILIATED_WITH")) for i in insts})
    B.add("superlative", "Which institution has the most affiliated authors?", B.gset([w]), 1)

    def longest_unique(x: str) -> bool:
        pages = [A[p]["page_count"] for p in G.back([x], "PUBLISHED_IN")]
        return pages.count(max(pages)) == 1

    j = B.pick("Journal", longest_unique)
    w = B.top({p: A[p]["page_count"] for p in G.back([j], "PUBLISHED_IN")})
    B.add("superlative", f"What's the longest paper {the(N[j])} has published?", B.gset([w]), 1)
    w = B.top({a: sum(A[g]["amount_usd"] for g in G.fwd([a], "LEADS")) for a in authors})
    B.add("superlative", "Which principal investigator leads the most grant money?", B.gset([w]), 1)

    # ---- aggregate -----------------------------------------------------------------------------------------------
    f = B.pick("Funder", lambda x: len(G.back([x], "AWARDED_BY")) >= 4, reuse=True)
    B.add("aggregate", f"What's the total value of all grants awarded by the {N[f]}?",
          B.gvalue(_num(sum(A[g]["amount_usd"] for g in G.back([f], "AWARDED_BY")))), 1)
    oa = [A[j]["impact_factor"] for j in journals if A[j]["open_access"]]
    B.add("aggregate", "What is the average impact factor of the open-access journals?",
          B.gvalue(_num(sum(oa) / len(oa))), 0)
    i = B.pick("Institution", lambda x: len(G.back([x], "AFFILIATED_WITH")) >= 6)
    hs = [A[a]["h_index"] for a in G.back([i], "AFFILIATED_WITH")]
    B.add("aggregate", f"What's the mean h-index of authors affiliated with {the(N[i])}?", B.gvalue(_num(sum(hs) / len(hs))),
          1)
    a = B.pick("Author", lambda x: len(G.fwd([x], "LEADS")) >= 2)
    B.add("aggregate", f"How much grant funding does {N[a]} lead altogether?",
          B.gvalue(_num(sum(A[g]["amount_usd"] for g in G.fwd([a], "LEADS")))), 1)

    # ---- edge_property -------------------------------------------------------------------------------------------
    rev_edges = sorted(((u, v, d) for v, lst in G.inn["REVIEWED"].items() for u, d in lst),
                       key=lambda t: (_natural(t[0]), _natural(t[1])))
    B.rng.shuffle(rev_edges)

    def pair_ok(u: str, v: str) -> bool:
        return (u not in B.used and v not in B.used and G.clean(u) and G.clean(v)
                and sum(1 for x, _ in G.inn["REVIEWED"][v] if x == u) == 1)

    r, p, d = next((u, v, d) for u, v, d in rev_edges if pair_ok(u, v) and d["recommendation"] == "major revision")
    B.used |= {r, p}
    B.add("edge_property", f'What did {N[r]} recommend for "{N[p]}"?', B.gvalue(d["recommendation"]), 1)
    r, p, d = next((u, v, d) for u, v, d in rev_edges if pair_ok(u, v))
    B.used |= {r, p}
    B.add("edge_property", f'When did {N[r]} submit their review of "{N[p]}"?', B.gvalue(d["submitted_on"]), 1)

    def corresponding(p: str) -> list[str]:
        return [u for u, d in G.inn["AUTHORED"].get(p, []) if d["corresponding"]]

    p = B.pick("Paper", lambda x: len(authors_of([x])) >= 3 and len(corresponding(x)) == 1
               and all(G.clean(u) for u in authors_of([x])))
    B.add("edge_property", f'Who was the corresponding author on "{N[p]}"?', B.gset(corresponding(p)), 1)
    adv = sorted(((u, v, d) for v, lst in G.inn["ADVISED"].items() for u, d in lst),
                 key=lambda t: (_natural(t[0]), _natural(t[1])))
    B.rng.shuffle(adv)
    u, v, d = next(t for t in adv if t[0] not in B.used and t[1] not in B.used and G.clean(t[0]) and G.clean(t[1]))
    B.used |= {u, v}
    B.add("edge_property", f"In what year did {N[v]} finish a PhD under {N[u]}?", B.gvalue(int(d["phd_year"])), 1)
    e = B.pick("Editor", lambda x: True)
    (jid, d), = G.out["EDITS"][e]
    B.add("edge_property", f"Since when has {N[e]} been an editor of {the(N[jid])}?", B.gvalue(d["since"]), 1)

    def rejects(r: str) -> int:
        return sum(d["recommendation"] == "reject" for _, d in G.out["REVIEWED"].get(r, []))

    r = B.pick("Reviewer", lambda x: 2 <= rejects(x) <= 9)
    B.add("edge_property", f"How many papers has {N[r]} recommended rejecting?", B.gcount(rejects(r)), 1)
    p = B.pick("Paper", lambda x: len(authors_of([x])) >= 4)
    u, d = next((u, d) for u, d in sorted(G.inn["AUTHORED"][p], key=lambda t: _natural(t[0]))
                if d["author_position"] >= 3 and G.clean(u))
    B.add("edge_property", f'What position is {N[u]} in the author list of "{N[p]}"?',
          B.gvalue(int(d["author_position"])), 1)

    # ---- yes_no --------------------------------------------------------------------------------------------------
    j = B.pick("Journal", lambda x: bool(A[x]["open_access"]))
    B.add("yes_no", f"Is {the(N[j])} open access?", B.gbool(True), 0)
    j = B.pick("Journal", lambda x: not A[x]["open_access"])
    B.add("yes_no", f"is {the(N[j])} an open-access journal", B.gbool(False), 0)
    a1 = B.pick("Author", lambda x: any(G.clean(c) for c in coauthors(x)))
    a2 = sorted((c for c in coauthors(a1) if G.clean(c) and c not in B.used), key=_natural)[0]
    B.used.add(a2)
    B.add("yes_no", f"Has {N[a1]} ever co-authored a paper with {N[a2]}?", B.gbool(True), 2)
    p1 = B.pick("Paper", lambda x: len(G.fwd([x], "CITES")) >= 2)
    field = A[G.fwd([p1], "PUBLISHED_IN").pop()]["field"]
    p2 = next(x for x in papers if x not in B.used and G.clean(x) and x not in G.fwd([p1], "CITES")
              and x != p1 and A[x]["published_on"] < A[p1]["published_on"]
              and A[G.fwd([x], "PUBLISHED_IN").pop()]["field"] == field)
    B.used.add(p2)
    B.add("yes_no", f'Does "{N[p1]}" cite "{N[p2]}"?', B.gbool(False), 1)
    i = B.pick("Institution", lambda x: A[x]["country"] != "France")
    B.add("yes_no", f"Is {the(N[i])} in France?", B.gbool(A[i]["country"] == "France"), 0)

    def paper_funders(p: str) -> set[str]:
        return G.fwd(G.fwd([p], "FUNDED_BY"), "AWARDED_BY")

    p = B.pick("Paper", lambda x: len(paper_funders(x)) == 1)
    (f,) = paper_funders(p)
    B.add("yes_no", f'Was "{N[p]}" funded by the {N[f]}?', B.gbool(True), 2)
    u, v, _d = next(t for t in adv if t[0] not in B.used and t[1] not in B.used and G.clean(t[0]) and G.clean(t[1])
                    and t[0] not in G.fwd([t[1]], "ADVISED"))
    B.used |= {u, v}
    B.add("yes_no", f"Was {N[v]} the PhD supervisor of {N[u]}?", B.gbool(False), 1)

    # ---- portfolio -----------------------------------------------------------------------------------------------
    a = B.pick("Author", lambda x: 6 <= len(G.nbrs(x)) <= 14 and len(G.fwd([x], "LEADS")) >= 1
               and all(G.clean(n) for n in G.nbrs(x)))
    B.add("portfolio", f"Tell me everything about {N[a]}.", B.gset(G.nbrs(a)), 1)
    g = B.pick("Grant", lambda x: 4 <= len(G.nbrs(x)) <= 12 and all(G.clean(n) for n in G.nbrs(x)))
    B.add("portfolio", f"Give me an overview of the {N[g]} grant.", B.gset(G.nbrs(g)), 1)
    r = B.pick("Reviewer", lambda x: 5 <= len(G.nbrs(x)) <= 14 and all(G.clean(n) for n in G.nbrs(x)))
    B.add("portfolio", f"what do we know about the reviewer {N[r]}?", B.gset(G.nbrs(r)), 1)

    # ---- unknown -------------------------------------------------------------------------------------------------
    for text, name in (
        ("Which papers did Rosalind Abernathy-Crane publish?", "Abernathy"),
        ("What's the impact factor of the Journal of Lunar Agronomy?", "Lunar"),
        ("Which grants has the Pemberton-Ashe Foundation awarded?", "Pemberton"),
    ):
        assert not G.exists_name(name), name
        B.add("unknown", text, {"type": "none"}, 1)

    # ---- global --------------------------------------------------------------------------------------------------
    per_type = Counter(G.type.values())
    (most, c1), (_, c2) = per_type.most_common(2)
    assert c1 > c2
    B.add("global", "Which kind of entity is most common in this graph?", B.gvalue(most), 0)
    B.add("global", "How many different relationship types does the graph have?", B.gcount(len(G.edge_labels)), 0)
    B.add("global", "How many nodes are there in total?", B.gcount(G.g.number_of_nodes()), 0)
    return B.rows


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        raise SystemExit("usage: questions.py DIR [GRAPHML]")
    out_dir = Path(argv[0])
    src = Path(argv[1]) if len(argv) > 1 else out_dir / "publishing.graphml"
    rows = build(Graph(src))
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / "holdout.jsonl").open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {out_dir / 'holdout.jsonl'}: {len(rows)} questions")


if __name__ == "__main__":
    main()
