"""byog18: the committed holdout set equals a fresh run, and its golds re-derive by a second method.

The second method parses the GraphML with xml.etree (no networkx), reads each question's subject out of its text
with a regular expression, and recomputes the gold from the parsed elements.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
HOLDOUT = HERE / "holdout.jsonl"
NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


def _natural(nid: str) -> tuple[str, int]:
    prefix, _, num = nid.rpartition("-")
    return (prefix, int(num)) if num.isdigit() else (nid, 0)


def _cast(text: str | None, typ: str) -> Any:
    text = text or ""
    if typ == "boolean":
        return text.strip().lower() == "true"
    if typ in ("int", "long"):
        return int(text)
    if typ in ("float", "double"):
        return float(text)
    return text


class XGraph:
    """The GraphML read with xml.etree: node attrs, typed; edges as (src, label, dst, attrs)."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.findall("g:key", NS)}
        graph = root.find("g:graph", NS)
        self.nodes: dict[str, dict[str, Any]] = {}
        for n in graph.findall("g:node", NS):
            attrs = {}
            for d in n.findall("g:data", NS):
                name, typ = keys[d.get("key")]
                attrs[name] = _cast(d.text, typ)
            self.nodes[n.get("id")] = attrs
        self.edges: list[tuple[str, str, str, dict[str, Any]]] = []
        for e in graph.findall("g:edge", NS):
            attrs = {}
            for d in e.findall("g:data", NS):
                name, typ = keys[d.get("key")]
                attrs[name] = _cast(d.text, typ)
            self.edges.append((e.get("source"), attrs.pop("label"), e.get("target"), attrs))
        self.out: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
        for s, lab, t, a in self.edges:
            self.out[(s, lab)].append((t, a))
            self.inn[(t, lab)].append((s, a))
        self.name = {}
        for nid, a in self.nodes.items():
            self.name[nid] = a.get("name") or a.get("title") or f"{a.get('first_name', '')} {a.get('last_name', '')}"
        by_name: dict[str, list[str]] = defaultdict(list)
        for nid, nm in self.name.items():
            by_name[nm].append(nid)
        self.by_name = by_name

    def typ(self, nid: str) -> str:
        return self.nodes[nid]["labels"].lstrip(":")

    def of(self, typ: str) -> list[str]:
        return [n for n in self.nodes if self.typ(n) == typ]

    def id(self, name: str) -> str:
        ids = self.by_name.get(name, [])
        assert len(ids) == 1, f"{name!r} names {len(ids)} nodes"
        return ids[0]

    def f(self, nodes: Iterable[str], label: str) -> set[str]:
        return {t for n in nodes for t, _ in self.out[(n, label)]}

    def b(self, nodes: Iterable[str], label: str) -> set[str]:
        return {s for n in nodes for s, _ in self.inn[(n, label)]}

    def around(self, nid: str) -> set[str]:
        return {t for s, _, t, _ in self.edges if s == nid} | {s for s, _, t, _ in self.edges if t == nid}


def S(X: XGraph, ids: Iterable[str]) -> dict[str, Any]:
    ids = sorted(set(ids), key=_natural)
    return {"type": "set", "ids": ids, "names": [X.name[i] for i in ids]}


def C(n: int) -> dict[str, Any]:
    return {"type": "count", "value": n}


def V(v: Any) -> dict[str, Any]:
    if isinstance(v, float):
        v = round(v, 2)
        v = int(v) if v.is_integer() else v
    return {"type": "value", "value": v}


def Bo(b: bool) -> dict[str, Any]:
    return {"type": "bool", "value": bool(b)}


def argbest(scores: dict[str, float], highest: bool = True) -> list[str]:
    best = (max if highest else min)(scores.values())
    win = [n for n, s in scores.items() if s == best]
    assert len(win) == 1, win
    return win


def _none_if_absent(X: XGraph, name: str) -> dict[str, Any]:
    assert not any(name.lower() in nm.lower() for nm in X.name.values())
    return {"type": "none"}


T = r"(?:the )?"  # an optional article before Journal/University names

# (pattern over the whole question text, derivation from (graph, *groups))
DERIVATIONS: list[tuple[str, Callable[..., dict[str, Any]]]] = [
    (r"How many journals are there\?", lambda X: C(len(X.of("Journal")))),
    (r"how many funding bodies do we have", lambda X: C(len(X.of("Funder")))),
    (r"What's the total number of research grants in the graph\?", lambda X: C(len(X.of("Grant")))),
    (r"Number of institutions\?", lambda X: C(len(X.of("Institution")))),
    (r"How many peer reviewers are in the dataset\?", lambda X: C(len(X.of("Reviewer")))),
    (r"How many journals are open access\?", lambda X: C(sum(X.nodes[j]["open_access"] for j in X.of("Journal")))),
    (r"How many review articles are there\?",
     lambda X: C(sum(X.nodes[p]["article_type"] == "review" for p in X.of("Paper")))),
    (r"How many of the authors are full professors\?",
     lambda X: C(sum(X.nodes[a]["career_stage"] == "professor" for a in X.of("Author")))),
    (r"How many institutions are located in (.+)\?",
     lambda X, c: C(sum(X.nodes[i]["country"] == c for i in X.of("Institution")))),
    (r"How many papers came out in (\d{4})\?",
     lambda X, y: C(sum(X.nodes[p]["published_on"].startswith(y + "-") for p in X.of("Paper")))),
    (r"How many grants are worth more than \$([\d,]+)\?",
     lambda X, v: C(sum(X.nodes[g]["amount_usd"] > int(v.replace(",", "")) for g in X.of("Grant")))),
    (r"How many authors have an h-index above (\d+)\?",
     lambda X, v: C(sum(X.nodes[a]["h_index"] > int(v) for a in X.of("Author")))),
    (r"How many reviewers with over (\d+) years of experience do we have\?",
     lambda X, v: C(sum(X.nodes[r]["years_experience"] > int(v) for r in X.of("Reviewer")))),
    (r"How many papers has (.+) written\?", lambda X, a: C(len(X.f([X.id(a)], "AUTHORED")))),
    (r"How many papers in " + T + r"(.+) run longer than (\d+) pages\?",
     lambda X, j, n: C(sum(X.nodes[p]["page_count"] > int(n) for p in X.b([X.id(j)], "PUBLISHED_IN")))),
    (r"Which journals cover (\w+)\?",
     lambda X, fld: S(X, [j for j in X.of("Journal") if X.nodes[j]["field"].lower() == fld.lower()])),
    (r"List the funders from " + T + r"(.+)\.",
     lambda X, c: S(X, [f for f in X.of("Funder") if X.nodes[f]["country"] == c])),
    (r"which institutions are hospitals\?",
     lambda X: S(X, [i for i in X.of("Institution") if X.nodes[i]["kind"] == "hospital"])),
    (r"Name the journals founded before (\d+)\.",
     lambda X, y: S(X, [j for j in X.of("Journal") if X.nodes[j]["founded_year"] < int(y)])),
    (r"Show me the retracted papers published in " + T + r"(.+)\.",
     lambda X, j: S(X, [p for p in X.b([X.id(j)], "PUBLISHED_IN") if X.nodes[p]["retracted"]])),
    (r"Who are the reviewers working at " + T + r"(.+)\?", lambda X, i: S(X, X.b([X.id(i)], "WORKS_AT"))),
    (r"Which of the (.+)'s grants are still active\?",
     lambda X, f: S(X, [g for g in X.b([X.id(f)], "AWARDED_BY") if X.nodes[g]["active"]])),
    (r"Who has (.+) co-authored with\?",
     lambda X, a: S(X, X.b(X.f([X.id(a)], "AUTHORED"), "AUTHORED") - {X.id(a)})),
    (r'Which journals have published papers that cite "(.+)"\?',
     lambda X, p: S(X, X.f(X.b([X.id(p)], "CITES"), "PUBLISHED_IN"))),
    (r'Who wrote the papers that "(.+)" cites\?', lambda X, p: S(X, X.b(X.f([X.id(p)], "CITES"), "AUTHORED"))),
    (r"Which funders paid for (.+)'s research papers\?",
     lambda X, a: S(X, X.f(X.f(X.f([X.id(a)], "AUTHORED"), "FUNDED_BY"), "AWARDED_BY"))),
    (r"Which funders have paid for papers by PhD students at " + T + r"(.+)\?",
     lambda X, i: S(X, X.f(X.f(X.f([a for a in X.b([X.id(i)], "AFFILIATED_WITH")
                                     if X.nodes[a]["career_stage"] == "PhD student"], "AUTHORED"), "FUNDED_BY"),
                          "AWARDED_BY"))),
    (r"which funding bodies supported the publications of (.+)'s PhD advisor",
     lambda X, s: S(X, X.f(X.f(X.f(X.b([X.id(s)], "ADVISED"), "AUTHORED"), "FUNDED_BY"), "AWARDED_BY"))),
    (r"who reviewed papers written by (.+)\?", lambda X, a: S(X, X.b(X.f([X.id(a)], "AUTHORED"), "REVIEWED"))),
    (r"Which editors handled manuscripts written by (.+)'s doctoral students\?",
     lambda X, a: S(X, X.f(X.f(X.f([X.id(a)], "ADVISED"), "AUTHORED"), "HANDLED_BY"))),
    (r"In which journals has (.+)'s doctoral advisor published\?",
     lambda X, s: S(X, X.f(X.f(X.b([X.id(s)], "ADVISED"), "AUTHORED"), "PUBLISHED_IN"))),
    (r"What grants are led by (.+)'s former PhD students\?", lambda X, a: S(X, X.f(X.f([X.id(a)], "ADVISED"), "LEADS"))),
    (r'The papers cited by "(.+)" -- which journals did they appear in\?',
     lambda X, p: S(X, X.f(X.f([X.id(p)], "CITES"), "PUBLISHED_IN"))),
    (r'Where do the reviewers of "(.+)" work\?', lambda X, p: S(X, X.f(X.b([X.id(p)], "REVIEWED"), "WORKS_AT"))),
    (r'Which funders backed the papers citing "(.+)"\?',
     lambda X, p: S(X, X.f(X.f(X.b([X.id(p)], "CITES"), "FUNDED_BY"), "AWARDED_BY"))),
    (r"Which institutions are home to the authors of papers funded by the (.+) grant\?",
     lambda X, g: S(X, X.f(X.b(X.b([X.id(g)], "FUNDED_BY"), "AUTHORED"), "AFFILIATED_WITH"))),
    (r"Which journal has the highest impact factor\?",
     lambda X: S(X, argbest({j: X.nodes[j]["impact_factor"] for j in X.of("Journal")}))),
    (r"Who's the author with the highest h-index\?",
     lambda X: S(X, argbest({a: X.nodes[a]["h_index"] for a in X.of("Author")}))),
    (r"What is the oldest institution\?",
     lambda X: S(X, argbest({i: X.nodes[i]["founded_year"] for i in X.of("Institution")}, highest=False))),
    (r"Which paper is the most cited\?",
     lambda X: S(X, argbest(Counter({p: 0 for p in X.of("Paper")}) + Counter(t for _, lab, t, _ in X.edges
                                                                               if lab == "CITES")))),
    (r"Who has written the most papers\?",
     lambda X: S(X, argbest(dict(Counter(s for s, lab, _, _ in X.edges if lab == "AUTHORED"))))),
    (r"Which funder has awarded the most grant money in total\?",
     lambda X: S(X, argbest({f: sum(X.nodes[g]["amount_usd"] for g in X.b([f], "AWARDED_BY")) for f in X.of("Funder")}))),
    (r"which reviewer has refereed the most papers",
     lambda X: S(X, argbest(dict(Counter(s for s, lab, _, _ in X.edges if lab == "REVIEWED"))))),
    (r"Which institution has the most affiliated authors\?",
     lambda X: S(X, argbest(dict(Counter(t for _, lab, t, _ in X.edges if lab == "AFFILIATED_WITH"))))),
    (r"What's the longest paper " + T + r"(.+) has published\?",
     lambda X, j: S(X, argbest({p: X.nodes[p]["page_count"] for p in X.b([X.id(j)], "PUBLISHED_IN")}))),
    (r"Which principal investigator leads the most grant money\?",
     lambda X: S(X, argbest({a: sum(X.nodes[g]["amount_usd"] for g in X.f([a], "LEADS")) for a in X.of("Author")}))),
    (r"What's the total value of all grants awarded by the (.+)\?",
     lambda X, f: V(sum(X.nodes[g]["amount_usd"] for g in X.b([X.id(f)], "AWARDED_BY")))),
    (r"What is the average impact factor of the open-access journals\?",
     lambda X: V(sum(v := [X.nodes[j]["impact_factor"] for j in X.of("Journal") if X.nodes[j]["open_access"]])
                 / len(v))),
    (r"What's the mean h-index of authors affiliated with " + T + r"(.+)\?",
     lambda X, i: V(sum(h := [X.nodes[a]["h_index"] for a in X.b([X.id(i)], "AFFILIATED_WITH")]) / len(h))),
    (r"How much grant funding does (.+) lead altogether\?",
     lambda X, a: V(sum(X.nodes[g]["amount_usd"] for g in X.f([X.id(a)], "LEADS")))),
    (r'What did (.+) recommend for "(.+)"\?',
     lambda X, r, p: V(next(a["recommendation"] for t, a in X.out[(X.id(r), "REVIEWED")] if t == X.id(p)))),
    (r'When did (.+) submit their review of "(.+)"\?',
     lambda X, r, p: V(next(a["submitted_on"] for t, a in X.out[(X.id(r), "REVIEWED")] if t == X.id(p)))),
    (r'Who was the corresponding author on "(.+)"\?',
     lambda X, p: S(X, [s for s, a in X.inn[(X.id(p), "AUTHORED")] if a["corresponding"]])),
    (r"In what year did (.+) finish a PhD under (.+)\?",
     lambda X, s, adv: V(next(a["phd_year"] for t, a in X.out[(X.id(adv), "ADVISED")] if t == X.id(s)))),
    (r"Since when has (.+) been an editor of " + T + r"(.+)\?",
     lambda X, e, j: V(next(a["since"] for t, a in X.out[(X.id(e), "EDITS")] if t == X.id(j)))),
    (r"How many papers has (.+) recommended rejecting\?",
     lambda X, r: C(sum(a["recommendation"] == "reject" for _, a in X.out[(X.id(r), "REVIEWED")]))),
    (r'What position is (.+) in the author list of "(.+)"\?',
     lambda X, a, p: V(next(d["author_position"] for t, d in X.out[(X.id(a), "AUTHORED")] if t == X.id(p)))),
    (r"Is " + T + r"(.+) open access\?", lambda X, j: Bo(X.nodes[X.id(j)]["open_access"])),
    (r"is " + T + r"(.+) an open-access journal", lambda X, j: Bo(X.nodes[X.id(j)]["open_access"])),
    (r"Has (.+) ever co-authored a paper with (.+)\?",
     lambda X, a, b: Bo(bool(X.f([X.id(a)], "AUTHORED") & X.f([X.id(b)], "AUTHORED")))),
    (r'Does "(.+)" cite "(.+)"\?', lambda X, p, q: Bo(X.id(q) in X.f([X.id(p)], "CITES"))),
    (r"Is " + T + r"(.+) in (\w+)\?", lambda X, i, c: Bo(X.nodes[X.id(i)]["country"] == c)),
    (r'Was "(.+)" funded by the (.+)\?',
     lambda X, p, f: Bo(X.id(f) in X.f(X.f([X.id(p)], "FUNDED_BY"), "AWARDED_BY"))),
    (r"Was (.+) the PhD supervisor of (.+)\?", lambda X, a, s: Bo(X.id(s) in X.f([X.id(a)], "ADVISED"))),
    (r"Tell me everything about (.+)\.", lambda X, n: S(X, X.around(X.id(n)))),
    (r"Give me an overview of the (.+) grant\.", lambda X, n: S(X, X.around(X.id(n)))),
    (r"what do we know about the reviewer (.+)\?", lambda X, n: S(X, X.around(X.id(n)))),
    (r"Which papers did (.+) publish\?", lambda X, n: _none_if_absent(X, n)),
    (r"What's the impact factor of the (.+)\?", lambda X, n: _none_if_absent(X, n)),
    (r"Which grants has the (.+) awarded\?", lambda X, n: _none_if_absent(X, n)),
    (r"Which kind of entity is most common in this graph\?",
     lambda X: V(Counter(X.typ(n) for n in X.nodes).most_common(1)[0][0])),
    (r"How many different relationship types does the graph have\?", lambda X: C(len({e[1] for e in X.edges}))),
    (r"How many nodes are there in total\?", lambda X: C(len(X.nodes))),
]


def _run(script: str, *args: str) -> None:
    subprocess.run([sys.executable, str(HERE / script), *map(str, args)], check=True, capture_output=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("byog18")
    _run("graph.py", d)
    _run("questions.py", d)
    return d


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_committed_holdout_equals_a_fresh_run(fresh: Path):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == HOLDOUT.read_text(encoding="utf-8")


def test_generator_is_deterministic_and_seeded(tmp_path: Path, fresh: Path):
    _run("graph.py", tmp_path / "a", "--seed", "1801")
    assert (tmp_path / "a" / "publishing.graphml").read_bytes() == (fresh / "publishing.graphml").read_bytes()
    _run("graph.py", tmp_path / "b", "--seed", "7")
    assert (tmp_path / "b" / "publishing.graphml").read_bytes() != (fresh / "publishing.graphml").read_bytes()


def test_schema_meets_the_brief(fresh: Path):
    X = XGraph(fresh / "publishing.graphml")
    types = Counter(X.typ(n) for n in X.nodes)
    labels = Counter(lab for _, lab, _, _ in X.edges)
    assert 6 <= len(types) <= 9 and 9 <= len(labels) <= 14
    assert 1000 <= len(X.nodes) <= 3000
    assert all(re.fullmatch(r"[a-z]+-\d+", n) for n in X.nodes)
    assert all(re.fullmatch(r"[A-Z]+(?:_[A-Z]+)*", lab) for lab in labels)
    self_rel = {lab for s, lab, t, _ in X.edges if X.typ(s) == X.typ(t)}
    assert {"CITES", "ADVISED"} <= self_rel
    with_props = {lab for _, lab, _, a in X.edges if a}
    assert len(with_props) >= 2
    assert all(nm.strip() for nm in X.name.values())
    dup = [nm for nm, ids in X.by_name.items() if len(ids) > 1]
    assert not dup, dup[:5]


def test_golds_rederive_from_the_xml(fresh: Path):
    X = XGraph(fresh / "publishing.graphml")
    rows = _rows(HOLDOUT)
    derived = 0
    unmatched = []
    for row in rows:
        for pattern, derive in DERIVATIONS:
            m = re.fullmatch(pattern, row["question"])
            if m:
                assert derive(X, *m.groups()) == row["gold"], row["id"]
                derived += 1
                break
        else:
            unmatched.append(row["id"])
    assert derived >= 10
    assert not unmatched, f"no second derivation for {unmatched}"


def test_holdout_shape_and_mix():
    rows = _rows(HOLDOUT)
    assert len(rows) >= 60
    assert [r["id"] for r in rows] == [f"byog18-{i:02d}" for i in range(1, len(rows) + 1)]
    kinds = Counter(r["kind"] for r in rows)
    floor = {"count": 4, "filtered_count": 8, "list": 6, "multihop": 12, "superlative": 8, "aggregate": 4,
             "edge_property": 5, "yes_no": 5, "portfolio": 3, "unknown": 3, "global": 2}
    assert all(kinds[k] >= n for k, n in floor.items()), kinds
    assert max(r["hops"] for r in rows if r["kind"] == "multihop") == 4
    assert {r["gold"]["value"] for r in rows if r["gold"]["type"] == "bool"} == {True, False}
    for r in rows:
        gold = r["gold"]
        assert set(r) == {"id", "kind", "question", "gold", "hops"}
        assert gold["type"] in {"count", "set", "value", "bool", "none"}
        if gold["type"] == "set":
            assert gold["ids"] and len(gold["ids"]) == len(gold["names"])
            # no answer inside the question text
            assert not any(nm.lower() in r["question"].lower() for nm in gold["names"]), r["id"]
        if gold["type"] in ("count", "value"):
            value = str(gold["value"]).lower()
            assert not re.search(rf"(?<![\w.,]){re.escape(value)}(?![\w.,])", r["question"].lower()), r["id"]
