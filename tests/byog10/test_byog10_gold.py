"""The byog10 (library network) hold-out set: the committed holdout.jsonl is what the two scripts produce, and a
second, independent reading of the GraphML (xml.etree, no networkx) re-derives its golds."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NS = "{http://graphml.graphdrawing.org/xmlns}"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"byog10_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("byog10")
    graphml = _module("graph").write(root)
    holdout = _module("questions").write(root, graphml)
    return graphml, holdout


@pytest.fixture(scope="module")
def committed():
    return {q["id"]: q for q in map(json.loads, (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines())}


# ---- the second method: GraphML parsed as XML --------------------------------------------------------------------


class Xml:
    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.iter(f"{NS}key")}

        def attrs(el) -> dict:
            out = {}
            for d in el.findall(f"{NS}data"):
                name, typ = keys[d.get("key")]
                text = d.text or ""
                if typ in ("int", "long"):
                    out[name] = int(text)
                elif typ in ("float", "double"):
                    out[name] = float(text)
                elif typ == "boolean":
                    out[name] = text.strip().lower() == "true"
                else:
                    out[name] = text
            return out

        graph = root.find(f"{NS}graph")
        self.nodes = {n.get("id"): attrs(n) for n in graph.findall(f"{NS}node")}
        self.edges = [(e.get("source"), e.get("target"), attrs(e)) for e in graph.findall(f"{NS}edge")]

    def kind(self, nid: str) -> str:
        return self.nodes[nid]["labels"].lstrip(":")

    def of(self, kind: str) -> list[str]:
        return [n for n in self.nodes if self.kind(n) == kind]

    def name(self, nid: str) -> str:
        d = self.nodes[nid]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def rel(self, label: str) -> list[tuple[str, str, dict]]:
        return [e for e in self.edges if e[2]["label"] == label]

    def named(self, text: str, kind: str) -> str:
        """The one node of ``kind`` whose display name appears in ``text`` (the longest, if several)."""
        hits = [n for n in self.of(kind) if re.search(r"(?<!\w)" + re.escape(self.name(n)) + r"(?!\w)", text)]
        assert hits, (text, kind)
        best = max(hits, key=lambda n: len(self.name(n)))
        assert sum(1 for n in hits if self.name(n) == self.name(best)) == 1
        return best


@pytest.fixture(scope="module")
def xml(built):
    return Xml(built[0])


def _ids(gold: dict) -> set[str]:
    assert gold["type"] == "set"
    return set(gold["ids"])


def _only(counter: Counter) -> str:
    (top, n), (_, second) = counter.most_common(2)
    assert n != second
    return top


# ---- the committed file is the scripts' output -------------------------------------------------------------------


def test_committed_holdout_equals_a_fresh_run(built, committed):
    fresh = built[1].read_text(encoding="utf-8")
    assert fresh == (HERE / "holdout.jsonl").read_text(encoding="utf-8")
    assert len(committed) >= 60


def test_ids_kinds_and_gold_shapes(committed):
    kinds = Counter(q["kind"] for q in committed.values())
    assert set(kinds) == {"count", "filtered_count", "list", "multihop", "superlative", "aggregate",
                          "edge_property", "yes_no", "portfolio", "unknown", "global"}
    for i, (qid, q) in enumerate(committed.items(), 1):
        assert qid == f"byog10-{i:02d}"
        assert q["gold"]["type"] in {"count", "set", "value", "bool", "none"}
        if q["gold"]["type"] == "set":
            assert len(q["gold"]["ids"]) == len(q["gold"]["names"]) >= 1
    assert {q["hops"] for q in committed.values() if q["kind"] == "multihop"} >= {2, 3, 4}


def test_a_different_seed_gives_a_different_graph(tmp_path, built):
    other = _module("graph").write(tmp_path, seed=11)
    assert other.read_bytes() != built[0].read_bytes()


# ---- golds re-derived from the XML -------------------------------------------------------------------------------


def test_plain_and_filtered_counts(xml, committed):
    def value(qid):
        return committed[qid]["gold"]["value"]

    assert value("byog10-01") == len(xml.of("Book"))
    assert value("byog10-02") == len(xml.of("Member"))
    assert value("byog10-03") == len(xml.of("Publisher"))
    assert value("byog10-04") == len(xml.of("Branch"))
    assert value("byog10-05") == sum(1 for b in xml.of("Book") if xml.nodes[b]["publication_date"][:4] < "1990")
    assert value("byog10-06") == sum(1 for m in xml.of("Member") if xml.nodes[m]["tier"] == "student")
    assert value("byog10-07") == sum(1 for a in xml.of("Author") if xml.nodes[a]["living"])
    assert value("byog10-08") == sum(1 for b in xml.of("Book") if xml.nodes[b]["language"] == "Spanish")
    assert value("byog10-11") == sum(1 for b in xml.of("Book") if xml.nodes[b]["pages"] > 600)
    author = xml.named(committed["byog10-09"]["question"], "Author")
    assert value("byog10-09") == sum(1 for s, _, _ in xml.rel("WROTE") if s == author)
    branch = xml.named(committed["byog10-10"]["question"], "Branch")
    assert value("byog10-10") == sum(1 for _, t, _ in xml.rel("REGISTERED_AT") if t == branch)
    assert value("byog10-61") == len({xml.kind(n) for n in xml.nodes})
    assert value("byog10-62") == len({e[2]["label"] for e in xml.edges})


def test_lists(xml, committed):
    assert _ids(committed["byog10-13"]["gold"]) == {g for g in xml.of("Genre") if not xml.nodes[g]["fiction"]}
    assert _ids(committed["byog10-14"]["gold"]) == {b for b in xml.of("Branch") if xml.nodes[b]["open_sundays"]}
    assert _ids(committed["byog10-16"]["gold"]) == {p for p in xml.of("Publisher")
                                                     if xml.nodes[p]["country"] == "Canada"}
    assert _ids(committed["byog10-17"]["gold"]) == {s for s in xml.of("Series") if not xml.nodes[s]["completed"]}
    author = xml.named(committed["byog10-15"]["question"], "Author")
    assert _ids(committed["byog10-15"]["gold"]) == {t for s, t, _ in xml.rel("WROTE") if s == author}
    gold = committed["byog10-15"]["gold"]
    assert gold["names"] == [xml.name(i) for i in gold["ids"]]


def test_multihop(xml, committed):
    author = xml.named(committed["byog10-24"]["question"], "Author")
    books = {t for s, t, _ in xml.rel("WROTE") if s == author}
    assert _ids(committed["byog10-24"]["gold"]) == {s for s, t, _ in xml.rel("HOLDS") if t in books}
    branch = xml.named(committed["byog10-28"]["question"], "Branch")
    readers = {t for s, t, _ in xml.rel("HOSTED") if s == branch}
    books = {t for s, t, _ in xml.rel("WROTE") if s in readers}
    assert _ids(committed["byog10-28"]["gold"]) == {t for s, t, _ in xml.rel("WON") if s in books}
    # 4 hops: author -> books -> series -> books in them -> awards
    author = xml.named(committed["byog10-30"]["question"], "Author")
    books = {t for s, t, _ in xml.rel("WROTE") if s == author}
    series = {t for s, t, _ in xml.rel("PART_OF") if s in books}
    in_series = {s for s, t, _ in xml.rel("PART_OF") if t in series}
    assert _ids(committed["byog10-30"]["gold"]) == {t for s, t, _ in xml.rel("WON") if s in in_series}
    # the self-relation, both directions
    book = xml.named(committed["byog10-19"]["question"], "Book")
    sequel = {s for s, t, _ in xml.rel("SEQUEL_OF") if t == book}
    assert _ids(committed["byog10-19"]["gold"]) == {s for s, t, _ in xml.rel("WROTE") if t in sequel}
    book = xml.named(committed["byog10-20"]["question"], "Book")
    earlier = {t for s, t, _ in xml.rel("SEQUEL_OF") if s == book}
    assert _ids(committed["byog10-20"]["gold"]) == {t for s, t, _ in xml.rel("PUBLISHED_BY") if s in earlier}
    member = xml.named(committed["byog10-31"]["question"], "Member")
    (ref,) = [s for s, t, _ in xml.rel("REFERRED") if t == member]
    assert _ids(committed["byog10-31"]["gold"]) == {s for s, t, _ in xml.rel("REFERRED") if t == ref}


def test_superlatives(xml, committed):
    books = xml.of("Book")
    assert _ids(committed["byog10-32"]["gold"]) == {max(books, key=lambda b: xml.nodes[b]["pages"])}
    branches = xml.of("Branch")
    assert _ids(committed["byog10-33"]["gold"]) == {min(branches, key=lambda b: xml.nodes[b]["opened_date"])}
    assert _ids(committed["byog10-36"]["gold"]) == {_only(Counter(s for s, _, _ in xml.rel("WROTE")))}
    assert _ids(committed["byog10-37"]["gold"]) == {_only(Counter(t for _, t, _ in xml.rel("REGISTERED_AT")))}
    copies = Counter()
    for s, _, d in xml.rel("HOLDS"):
        copies[s] += d["copies"]
    assert _ids(committed["byog10-39"]["gold"]) == {_only(copies)}


def test_aggregates_and_edge_properties(xml, committed):
    pages = [xml.nodes[b]["pages"] for b in xml.of("Book")]
    assert committed["byog10-40"]["gold"]["value"] == pytest.approx(sum(pages) / len(pages), abs=0.05)
    assert committed["byog10-41"]["gold"]["value"] == sum(d["copies"] for _, _, d in xml.rel("HOLDS"))
    q = committed["byog10-44"]
    member, book = xml.named(q["question"], "Member"), xml.named(q["question"], "Book")
    (loan,) = [d for s, t, d in xml.rel("BORROWED") if (s, t) == (member, book)]
    assert q["gold"]["value"] == loan["loan_date"]
    q = committed["byog10-45"]
    branch, book = xml.named(q["question"], "Branch"), xml.named(q["question"], "Book")
    (held,) = [d for s, t, d in xml.rel("HOLDS") if (s, t) == (branch, book)]
    assert q["gold"]["value"] == held["copies"]


def test_yes_no_portfolio_and_unknown(xml, committed):
    q = committed["byog10-51"]
    member, book = xml.named(q["question"], "Member"), xml.named(q["question"], "Book")
    assert q["gold"]["value"] == any((s, t) == (member, book) for s, t, _ in xml.rel("BORROWED"))
    q = committed["byog10-50"]
    author, book = xml.named(q["question"], "Author"), xml.named(q["question"], "Book")
    assert q["gold"]["value"] == any((s, t) == (author, book) for s, t, _ in xml.rel("WROTE"))
    q = committed["byog10-55"]
    author = xml.named(q["question"], "Author")
    assert _ids(q["gold"]) == {t for s, t, _ in xml.edges if s == author} | {s for s, t, _ in xml.edges if t == author}
    names = {xml.name(n).lower() for n in xml.nodes}
    assert "theodora blackwood" not in names
    assert "the pomegranate cartel" not in names
    assert "westbury branch" not in names
    for qid in ("byog10-58", "byog10-59", "byog10-60"):
        assert committed[qid]["gold"] == {"type": "none"}
