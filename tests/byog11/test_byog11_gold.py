"""byog11 gold checks: the committed holdout equals a fresh run of both scripts, and golds re-derived by a second,
independent method (the raw GraphML XML through xml.etree, no networkx) equal the committed ones."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


def _cast(kind: str, text: str):
    if kind in ("int", "long"):
        return int(text)
    if kind in ("double", "float"):
        return float(text)
    if kind == "boolean":
        if text.lower() not in ("true", "false"):
            raise ValueError(text)
        return text.lower() == "true"
    return text


class Raw:
    """The GraphML read with xml.etree: typed node and edge attributes, no networkx."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.findall("g:key", NS)}
        graph = root.find("g:graph", NS)
        assert graph.get("edgedefault") == "directed"

        def attrs(el) -> dict:
            out = {}
            for d in el.findall("g:data", NS):
                name, kind = keys[d.get("key")]
                out[name] = _cast(kind, d.text or "")
            return out

        self.nodes = {n.get("id"): attrs(n) for n in graph.findall("g:node", NS)}
        self.edges = [(e.get("source"), e.get("target"), attrs(e)) for e in graph.findall("g:edge", NS)]
        self.key_types = {name: kind for name, kind in keys.values()}

    def type(self, n: str) -> str:
        return self.nodes[n]["labels"][1:]

    def of(self, t: str) -> list[str]:
        return [n for n in self.nodes if self.type(n) == t]

    def name(self, n: str) -> str:
        d = self.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def by_name(self, name: str, t: str) -> str:
        hits = [n for n in self.nodes if self.type(n) == t and self.name(n) == name]
        assert len(hits) == 1, (name, hits)
        return hits[0]

    def rel(self, label: str) -> list[tuple[str, str, dict]]:
        return [e for e in self.edges if e[2]["label"] == label]

    def succ(self, n: str, label: str) -> list[str]:
        return [b for a, b, d in self.edges if a == n and d["label"] == label]

    def pred(self, n: str, label: str) -> list[str]:
        return [a for a, b, d in self.edges if b == n and d["label"] == label]

    def edge(self, a: str, b: str) -> dict:
        (d,) = [d for x, y, d in self.edges if x == a and y == b]
        return d


def _run(script: str, *args: str) -> None:
    subprocess.run([sys.executable, str(HERE / script), *map(str, args)], check=True, capture_output=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("byog11")
    _run("graph.py", d)
    _run("questions.py", d)
    return d


@pytest.fixture(scope="module")
def raw(fresh) -> Raw:
    return Raw(fresh / "marketplace.graphml")


@pytest.fixture(scope="module")
def committed() -> list[dict]:
    return [json.loads(line) for line in (HERE / "holdout.jsonl").read_text(encoding="utf-8").splitlines()]


def test_committed_holdout_equals_a_fresh_run(fresh):
    assert (fresh / "holdout.jsonl").read_text(encoding="utf-8") == (HERE / "holdout.jsonl").read_text(
        encoding="utf-8")


def test_graph_is_deterministic_and_seeded(tmp_path, fresh):
    _run("graph.py", tmp_path / "a")
    _run("graph.py", tmp_path / "b", "--seed", "12")
    assert (tmp_path / "a" / "marketplace.graphml").read_bytes() == (fresh / "marketplace.graphml").read_bytes()
    assert (tmp_path / "b" / "marketplace.graphml").read_bytes() != (fresh / "marketplace.graphml").read_bytes()


def test_schema_meets_the_brief(raw):
    types = Counter(raw.type(n) for n in raw.nodes)
    labels = Counter(d["label"] for _, _, d in raw.edges)
    assert 6 <= len(types) <= 9 and 9 <= len(labels) <= 14
    assert 1000 <= len(raw.nodes) <= 3000
    assert all(re.fullmatch(r"[A-Z]+(?:_[A-Z]+)*", lb) for lb in labels)
    assert all(re.fullmatch(r"[a-z]+-\d+", n) for n in raw.nodes)
    self_rels = {d["label"] for a, b, d in raw.edges if raw.type(a) == raw.type(b)}
    assert {"REFERRED", "SUBCATEGORY_OF"} <= self_rels
    assert {"int", "double", "boolean", "string"} <= set(raw.key_types.values())
    assert all(raw.name(n).strip() for n in raw.nodes)


def test_question_file_shape(committed):
    assert len(committed) >= 60
    assert [q["id"] for q in committed] == [f"byog11-{i:02d}" for i in range(1, len(committed) + 1)]
    kinds = Counter(q["kind"] for q in committed)
    assert kinds == {"count": 4, "filtered_count": 8, "list": 6, "multihop": 12, "superlative": 8, "aggregate": 4,
                     "edge_property": 6, "yes_no": 5, "portfolio": 3, "unknown": 3, "global": 2}
    assert {q["gold"]["type"] for q in committed} == {"count", "set", "value", "bool", "none"}
    assert len({q["question"] for q in committed}) == len(committed)


def test_set_gold_names_are_unique_display_names(raw, committed):
    names = Counter(raw.name(n) for n in raw.nodes)
    for q in committed:
        g = q["gold"]
        if g["type"] == "set":
            assert g["ids"] and len(g["ids"]) == len(g["names"])
            assert [raw.name(i) for i in g["ids"]] == g["names"]
            assert all(names[n] == 1 for n in g["names"]), q["id"]


def _derive(raw: Raw, text: str):  # noqa: C901 - one rule per question shape
    """Re-derive a gold from the question text and the raw XML; None when no rule covers the question."""
    S = lambda ids: {"type": "set", "ids": sorted(set(ids)), "names": None}  # noqa: E731
    C = lambda n: {"type": "count", "value": n}  # noqa: E731
    V = lambda v: {"type": "value", "value": v}  # noqa: E731
    B = lambda v: {"type": "bool", "value": v}  # noqa: E731
    totals = {"How many sellers are on the marketplace?": "Seller", "how many warehouses are there": "Warehouse",
              "Total number of product reviews?": "Review", "How many shipments do we have on record?": "Shipment"}
    if text in totals:
        return C(len(raw.of(totals[text])))
    if text == "How many sellers are verified?":
        return C(sum(raw.nodes[s]["verified"] for s in raw.of("Seller")))
    if text == "How many products are priced above $300?":
        return C(sum(raw.nodes[p]["price"] > 300 for p in raw.of("Product")))
    if text == "How many orders got cancelled?":
        return C(sum(raw.nodes[o]["status"] == "Cancelled" for o in raw.of("Order")))
    if text == "How many Platinum-tier sellers are based in Germany?":
        return C(sum(raw.nodes[s]["tier"] == "Platinum" and raw.nodes[s]["country"] == "Germany"
                     for s in raw.of("Seller")))
    if text == "Number of orders placed during 2023?":
        return C(sum(raw.nodes[o]["order_date"][:4] == "2023" for o in raw.of("Order")))
    if text == "Which warehouses are in Texas?":
        return S(w for w in raw.of("Warehouse") if raw.nodes[w]["state"] == "Texas")
    if m := re.fullmatch(r"What products does (.+) sell\?", text):
        return S(raw.succ(raw.by_name(m.group(1), "Seller"), "SELLS"))
    if m := re.fullmatch(r"who follows (.+)\?", text):
        return S(raw.pred(raw.by_name(m.group(1), "Seller"), "FOLLOWS"))
    if m := re.fullmatch(r"Who referred the person who referred (.+)\?", text):
        b = raw.by_name(m.group(1), "Buyer")
        return S(x for r in raw.pred(b, "REFERRED") for x in raw.pred(r, "REFERRED"))
    if m := re.fullmatch(r"Which warehouses have shipped (.+)'s orders\?", text):
        b = raw.by_name(m.group(1), "Buyer")
        return S(w for o in raw.succ(b, "PLACED") for sh in raw.succ(o, "SHIPPED_IN")
                 for w in raw.succ(sh, "SHIPPED_FROM"))
    if m := re.fullmatch(r"Which departments does (.+) sell in\?", text):
        s = raw.by_name(m.group(1), "Seller")
        out = set()
        for p in raw.succ(s, "SELLS"):
            (c,) = raw.succ(p, "IN_CATEGORY")
            while raw.succ(c, "SUBCATEGORY_OF"):
                (c,) = raw.succ(c, "SUBCATEGORY_OF")
            out.add(c)
        return S(out)
    if m := re.fullmatch(r"Which fulfillment centers have shipped orders for buyers referred by (.+)\?", text):
        b = raw.by_name(m.group(1), "Buyer")
        return S(w for k in raw.succ(b, "REFERRED") for o in raw.succ(k, "PLACED")
                 for sh in raw.succ(o, "SHIPPED_IN") for w in raw.succ(sh, "SHIPPED_FROM"))
    if text == "Which seller has the highest rating?":
        return S([max(raw.of("Seller"), key=lambda s: raw.nodes[s]["rating"])])
    if text == "What's the most expensive product?":
        return S([max(raw.of("Product"), key=lambda p: raw.nodes[p]["price"])])
    if text == "Which warehouse is holding the most units of stock?":
        units = Counter()
        for _p, w, d in raw.rel("STOCKED_AT"):
            units[w] += d["units"]
        return S([units.most_common(1)[0][0]])
    if text == "Which product has received the most reviews?":
        return S([Counter(b for _, b, _ in raw.rel("REVIEWS")).most_common(1)[0][0]])
    if text == "What's the average product price?":
        prices = [raw.nodes[p]["price"] for p in raw.of("Product")]
        return V(round(sum(prices) / len(prices), 2))
    if text == "What is the total number of loyalty points held across all buyers?":
        return V(sum(raw.nodes[b]["loyalty_points"] for b in raw.of("Buyer")))
    if m := re.fullmatch(r"How many units of the (.+) are in stock at the (.+)\?", text):
        return V(raw.edge(raw.by_name(m.group(1), "Product"), raw.by_name(m.group(2), "Warehouse"))["units"])
    if m := re.fullmatch(r"When did (.+) refer (.+)\?", text):
        return V(raw.edge(raw.by_name(m.group(1), "Buyer"), raw.by_name(m.group(2), "Buyer"))["referred_on"])
    if m := re.fullmatch(r"What unit price was charged for the (.+) in order (.+)\?", text):
        return V(raw.edge(raw.by_name(m.group(2), "Order"), raw.by_name(m.group(1), "Product"))["unit_price"])
    if m := re.fullmatch(r"Since when has (.+) been using the (.+)\?", text):
        return V(raw.edge(raw.by_name(m.group(1), "Seller"), raw.by_name(m.group(2), "Warehouse"))["since"])
    if m := re.fullmatch(r"Is (.+) a verified seller\?", text):
        return B(raw.nodes[raw.by_name(m.group(1), "Seller")]["verified"])
    if m := re.fullmatch(r"Does (.+) sell the (.+)\?", text):
        s, p = raw.by_name(m.group(1), "Seller"), raw.by_name(m.group(2), "Product")
        return B(p in raw.succ(s, "SELLS"))
    if m := re.fullmatch(r"did (.+) refer (.+)\?", text):
        a, b = raw.by_name(m.group(1), "Buyer"), raw.by_name(m.group(2), "Buyer")
        return B(b in raw.succ(a, "REFERRED"))
    if m := re.fullmatch(r"Is the (.+) climate controlled\?", text):
        return B(raw.nodes[raw.by_name(m.group(1), "Warehouse")]["climate_controlled"])
    if m := re.fullmatch(r"Tell me everything about (.+)\.|Give me the full picture on the (.+)\.|"
                         r"what do we know about (.+)", text):
        name = next(g for g in m.groups() if g)
        (n,) = [x for x in raw.nodes if raw.name(x) == name]
        return S({b for a, b, _ in raw.edges if a == n} | {a for a, b, _ in raw.edges if b == n})
    if m := re.fullmatch(r"What does (.+) sell\?|When did (.+) become a member\?|"
                         r"How much stock is held at the (.+)\?", text):
        name = next(g for g in m.groups() if g)
        return {"type": "none"} if all(raw.name(x) != name for x in raw.nodes) else None
    if text == "How many different kinds of entities does this dataset contain?":
        return C(len({raw.type(n) for n in raw.nodes}))
    if text == "How many records are there in total, across every entity type?":
        return C(len(raw.nodes))
    return None


def test_golds_rederived_from_raw_xml(raw, committed):
    checked = 0
    for q in committed:
        got = _derive(raw, q["question"])
        if got is None:
            continue
        gold = dict(q["gold"])
        if gold["type"] == "set":
            gold = {"type": "set", "ids": sorted(gold["ids"]), "names": None}
        assert got == gold, (q["id"], q["question"], got, q["gold"])
        checked += 1
    assert checked >= 30, checked
