"""The byog7 holdout: 80 questions over the generated supply-chain graph, golds computed from the GraphML file.

    python tests/byog7/questions.py OUT_DIR [GRAPHML]

Without GRAPHML the graph is generated first (tests/byog7/graph.py, default seed) into OUT_DIR. The GraphML is read
back with networkx only — no HopLens code — and OUT_DIR/holdout.jsonl is written, one question a line:
``{"id", "kind", "form", "template", "question", "gold", "hops", "anchors"}`` (the fields tests/byog/score.py reads
plus ``form``/``template``, the finer category, and ``anchors``, the ids of the entities the question names).

kind: aggregate | relation | multi_hop | comparison | lookup | portfolio | unanswerable.
Entities are drawn with a seeded ``random.Random``; every gold is computed here; superlatives are checked to
have a unique winner, lists hold 1-12 items, and no set gold is named in its own question.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

import networkx as nx

HERE = Path(__file__).resolve().parent
SEED = 1407
MAX_LIST = 12


class G:
    """The GraphML file as plain dicts (networkx parse, nothing else)."""

    def __init__(self, path: Path):
        gx = nx.read_graphml(str(path))
        self.attrs: dict[str, dict] = {}
        self.type: dict[str, str] = {}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, a in gx.nodes(data=True):
            label = str(a["labels"]).lstrip(":").split(":")[0]
            self.attrs[n] = dict(a)
            self.type[n] = label
            self.by_type[label].append(n)
        for v in self.by_type.values():
            v.sort()
        self.out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.inn: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.eprops: dict[tuple[str, str, str], dict] = {}
        edges = gx.edges(data=True)
        for s, d, a in edges:
            t = a["label"]
            self.out[(s, t)].append(d)
            self.inn[(d, t)].append(s)
            self.eprops[(s, t, d)] = {k: v for k, v in a.items() if k not in ("label", "id")}
        for v in list(self.out.values()) + list(self.inn.values()):
            v.sort()
        names = Counter(a["name"] for a in self.attrs.values())
        dup = [n for n, c in names.items() if c > 1]
        if dup:
            raise ValueError(f"display names must be unique for unambiguous questions: {dup[:5]}")

    def name(self, n: str) -> str:
        return self.attrs[n]["name"]

    def a(self, n: str, key: str):
        return self.attrs[n].get(key)

    def o(self, n: str, t: str) -> list[str]:
        return self.out.get((n, t), [])

    def i(self, n: str, t: str) -> list[str]:
        return self.inn.get((n, t), [])

    def neighbours(self, n: str) -> set[str]:
        out = set()
        for (x, _), ds in self.out.items():
            if x == n:
                out.update(ds)
        for (x, _), ss in self.inn.items():
            if x == n:
                out.update(ss)
        return out


def year(d: str) -> int:
    return date.fromisoformat(d).year


def unique_best(items, key, highest=True):
    """The single item with the highest (lowest) key, or None on a tie."""
    items = list(items)
    vals = [key(x) for x in items]
    best = max(vals) if highest else min(vals)
    winners = [x for x, v in zip(items, vals, strict=True) if v == best]
    return winners[0] if len(winners) == 1 else None


class Writer:
    def __init__(self, g: G, seed: int):
        self.g = g
        self.rnd = random.Random(seed)
        self.qs: list[dict] = []
        self.named: set[str] = set()  # entities already asked about, so the set covers many

    def pick(self, ids, ok=lambda _x: True):
        cands = [x for x in ids if ok(x) and x not in self.named]
        if not cands:
            raise RuntimeError("no candidate entity for a question")
        x = self.rnd.choice(sorted(cands))
        return x

    def add(self, kind: str, form: str, template: str, text: str, gold: dict, hops: int = 1,
            anchors: tuple[str, ...] = ()) -> None:
        self.named.update(anchors)
        self.qs.append({"id": f"sc{len(self.qs) + 1:03d}", "kind": kind, "form": form, "template": template,
                        "question": text, "gold": gold, "hops": hops, "anchors": list(anchors)})

    def sset(self, ids) -> dict:
        ids = sorted(set(ids))
        return {"type": "set", "ids": ids, "names": [self.g.name(i) for i in ids]}


def count(n: int) -> dict:
    return {"type": "count", "value": int(n)}


def value(v) -> dict:
    return {"type": "value", "value": v}


def yes_no(b: bool) -> dict:
    return {"type": "bool", "value": bool(b)}


NONE = {"type": "none"}


def build(g: G, seed: int = SEED) -> list[dict]:  # noqa: C901, PLR0915 — one straight list of question blocks
    w = Writer(g, seed)
    rnd = w.rnd
    T = g.by_type
    products, comps, sups = T["Product"], T["Component"], T["Supplier"]
    facs, whs, ships, cars, cities = T["Factory"], T["Warehouse"], T["Shipment"], T["Carrier"], T["City"]
    parts = [c for c in comps if g.o(c, "COMPONENT_OF")]  # raw parts sit inside assemblies
    assemblies = [c for c in comps if g.i(c, "COMPONENT_OF")]
    N = g.name

    def list_ok(ids) -> bool:
        return 1 <= len(set(ids)) <= MAX_LIST

    # ---- A. whole-graph counts
    w.add("aggregate", "whole_graph_count", "count_suppliers", "How many suppliers are in the network?",
          count(len(sups)), hops=0)
    w.add("aggregate", "whole_graph_count", "count_shipments", "total number of shipments?", count(len(ships)),
          hops=0)
    w.add("aggregate", "whole_graph_count", "count_carriers", "How many different carriers do we work with?",
          count(len(cars)), hops=0)
    w.add("aggregate", "whole_graph_count", "count_warehouses", "how many warehouses r there", count(len(whs)),
          hops=0)

    # ---- B. categorical filtered counts
    cat = rnd.choice(sorted({g.a(p, "category") for p in products}))
    w.add("aggregate", "filtered_count", "count_products_category",
          f"How many products fall under the {cat} category?",
          count(sum(g.a(p, "category") == cat for p in products)), hops=0)
    w.add("aggregate", "filtered_count", "count_shipments_status", "How many consignments got cancelled?",
          count(sum(g.a(s, "status") == "Cancelled" for s in ships)), hops=0)
    mat = rnd.choice(sorted({g.a(c, "material") for c in parts}))
    w.add("aggregate", "filtered_count", "count_components_material",
          f"Number of components made of {mat.lower()}?",
          count(sum(g.a(c, "material") == mat for c in comps)), hops=0)

    # ---- C. boolean filtered counts
    w.add("aggregate", "filtered_count", "count_factories_automated", "How many of our factories are automated?",
          count(sum(bool(g.a(f, "automated")) for f in facs)), hops=0)
    w.add("aggregate", "filtered_count", "count_products_discontinued", "How many products have been discontinued?",
          count(sum(bool(g.a(p, "discontinued")) for p in products)), hops=0)
    w.add("aggregate", "filtered_count", "count_warehouses_temp", "Count the temperature-controlled warehouses.",
          count(sum(bool(g.a(x, "temperature_controlled")) for x in whs)), hops=0)
    w.add("aggregate", "filtered_count", "count_components_critical",
          "How many components are flagged as critical?", count(sum(bool(g.a(c, "critical")) for c in comps)),
          hops=0)

    # ---- D. numeric thresholds
    w.add("aggregate", "filtered_count", "count_suppliers_rating", "How many suppliers have a rating above 4.5?",
          count(sum(g.a(s, "rating") > 4.5 for s in sups)), hops=0)
    w.add("aggregate", "filtered_count", "count_products_price", "how many products are priced over 500",
          count(sum(g.a(p, "list_price") > 500 for p in products)), hops=0)
    w.add("aggregate", "filtered_count", "count_warehouses_capacity",
          "Warehouses with a capacity of more than 30000 pallets: how many are there?",
          count(sum(g.a(x, "capacity_pallets") > 30000 for x in whs)), hops=0)
    w.add("aggregate", "filtered_count", "count_shipments_weight", "How many shipments weighed over 8000 kg?",
          count(sum(g.a(s, "weight_kg") > 8000 for s in ships)), hops=0)

    # ---- E. dates / years
    w.add("aggregate", "filtered_count", "count_shipments_year", "How many shipments were sent in 2024?",
          count(sum(year(g.a(s, "ship_date")) == 2024 for s in ships)), hops=0)
    w.add("aggregate", "filtered_count", "count_products_launch_before",
          "How many products were launched before 2018?",
          count(sum(year(g.a(p, "launch_date")) < 2018 for p in products)), hops=0)
    w.add("aggregate", "filtered_count", "count_factories_opened_after", "number of plants opened after 2010",
          count(sum(year(g.a(f, "opened")) > 2010 for f in facs)), hops=0)
    w.add("aggregate", "filtered_count", "count_suppliers_founded_before",
          "How many suppliers were founded before 1970?", count(sum(g.a(s, "founded") < 1970 for s in sups)),
          hops=0)

    # ---- F. relation counts
    c = w.pick(cars)
    w.add("aggregate", "relation_count", "count_carrier_shipments", f"How many shipments did {N(c)} handle?",
          count(len(g.i(c, "HANDLED_BY"))), anchors=(c,))
    s = w.pick(sups, lambda x: len(g.o(x, "SUPPLIES")) >= 3)
    w.add("aggregate", "relation_count", "count_supplier_parts", f"how many different parts does {N(s)} supply",
          count(len(g.o(s, "SUPPLIES"))), anchors=(s,))
    a = w.pick(assemblies, lambda x: len(g.i(x, "COMPONENT_OF")) >= 3)
    w.add("aggregate", "relation_count", "count_assembly_parts",
          f"How many distinct components go into the {N(a)}?", count(len(g.i(a, "COMPONENT_OF"))), anchors=(a,))
    wh = w.pick(whs)
    n24 = sum(year(g.a(x, "ship_date")) == 2024 for x in g.i(wh, "DELIVERED_TO"))
    w.add("aggregate", "relation_count", "count_warehouse_deliveries_year",
          f"How many shipments were delivered to {N(wh)} in 2024?", count(n24), hops=1, anchors=(wh,))

    # ---- G. one-hop lists
    s = w.pick(sups, lambda x: 2 <= len(g.o(x, "SUPPLIES")) <= 8)
    w.add("relation", "list", "list_supplier_parts", f"Which components are supplied by {N(s)}?",
          w.sset(g.o(s, "SUPPLIES")), anchors=(s,))
    p = w.pick(products, lambda x: len(g.o(x, "ASSEMBLED_AT")) == 2)
    w.add("relation", "list", "list_product_factories", f"Which factories build the {N(p)}?",
          w.sset(g.o(p, "ASSEMBLED_AT")), anchors=(p,))
    a = w.pick(assemblies, lambda x: 3 <= len(g.i(x, "COMPONENT_OF")) <= 8)
    w.add("relation", "list", "list_assembly_parts", f"what parts make up the {N(a)}",
          w.sset(g.i(a, "COMPONENT_OF")), anchors=(a,))
    pt = w.pick(parts, lambda x: len(g.o(x, "COMPONENT_OF")) == 2)
    w.add("relation", "list", "list_part_assemblies", f"{N(pt)} is a component of which assemblies?",
          w.sset(g.o(pt, "COMPONENT_OF")), anchors=(pt,))
    ct = w.pick(cities, lambda x: 2 <= len([y for y in g.i(x, "LOCATED_IN") if g.type[y] == "Supplier"]) <= 6)
    w.add("relation", "list", "list_city_suppliers", f"Which suppliers are based in {N(ct)}?",
          w.sset([y for y in g.i(ct, "LOCATED_IN") if g.type[y] == "Supplier"]), anchors=(ct,))
    p = w.pick(products, lambda x: len(g.o(x, "STOCKED_AT")) >= 2)
    w.add("relation", "list", "list_product_warehouses", f"list the warehouses that stock {N(p)}",
          w.sset(g.o(p, "STOCKED_AT")), anchors=(p,))
    a = w.pick(assemblies, lambda x: 2 <= len(g.o(x, "USED_IN")) <= 6)
    w.add("relation", "list", "list_assembly_products", f"Which products is the {N(a)} used in?",
          w.sset(g.o(a, "USED_IN")), anchors=(a,))
    pt = w.pick(parts, lambda x: len(g.i(x, "SUPPLIES")) >= 2)
    w.add("relation", "list", "list_part_suppliers", f"Who are the vendors for {N(pt)}?",
          w.sset(g.i(pt, "SUPPLIES")), anchors=(pt,))

    # ---- H. multi-hop (2-4)
    def suppliers_of_assembly(x):
        return {s for pt in g.i(x, "COMPONENT_OF") for s in g.i(pt, "SUPPLIES")}

    def products_of_part(x):
        return {p for a in g.o(x, "COMPONENT_OF") for p in g.o(a, "USED_IN")}

    def parts_of_product(x):
        return {pt for a in g.i(x, "USED_IN") for pt in g.i(a, "COMPONENT_OF")}

    def suppliers_of_product(x):
        return {s for pt in parts_of_product(x) for s in g.i(pt, "SUPPLIES")}

    def products_of_supplier(x):
        return {p for pt in g.o(x, "SUPPLIES") for p in products_of_part(pt)}

    a = w.pick(assemblies, lambda x: 2 <= len(suppliers_of_assembly(x)) <= 10)
    w.add("multi_hop", "list", "mh2_assembly_suppliers", f"Which suppliers suppply the parts for the {N(a)}?",
          w.sset(suppliers_of_assembly(a)), hops=2, anchors=(a,))
    pt = w.pick(parts, lambda x: 2 <= len(products_of_part(x)) <= 10)
    w.add("multi_hop", "list", "mh2_part_products", f"Which products end up containing the {N(pt)}?",
          w.sset(products_of_part(pt)), hops=2, anchors=(pt,))
    pt = w.pick(parts, lambda x: len({c for s in g.i(x, "SUPPLIES") for c in g.o(s, "LOCATED_IN")}) >= 2)
    w.add("multi_hop", "list", "mh2_part_supplier_cities",
          f"In which cities are the suppliers of {N(pt)} located?",
          w.sset({c for s in g.i(pt, "SUPPLIES") for c in g.o(s, "LOCATED_IN")}), hops=2, anchors=(pt,))

    def carriers_of_product(x):
        return {c for sh in g.i(x, "CONTAINS") for c in g.o(sh, "HANDLED_BY")}

    p = w.pick(products, lambda x: 2 <= len(carriers_of_product(x)) <= 8)
    w.add("multi_hop", "list", "mh2_product_carriers",
          f"Which carriers have handled shipments containing the {N(p)}?", w.sset(carriers_of_product(p)),
          hops=2, anchors=(p,))

    def warehouses_of_carrier(x):
        return {d for sh in g.i(x, "HANDLED_BY") for d in g.o(sh, "DELIVERED_TO")}

    c = w.pick(cars, lambda x: list_ok(warehouses_of_carrier(x)))
    w.add("multi_hop", "list", "mh2_carrier_warehouses",
          f"Which distribution centres has {N(c)} delivered shipments to?", w.sset(warehouses_of_carrier(c)),
          hops=2, anchors=(c,))
    p = w.pick(products, lambda x: 3 <= len(suppliers_of_product(x)) <= MAX_LIST)
    w.add("multi_hop", "list", "mh3_product_suppliers", f"Which suppliers' parts end up in the {N(p)}?",
          w.sset(suppliers_of_product(p)), hops=3, anchors=(p,))
    s = w.pick(sups, lambda x: 2 <= len(products_of_supplier(x)) <= 10)
    w.add("multi_hop", "list", "mh3_supplier_products",
          f"Which products are built using parts supplied by {N(s)}?", w.sset(products_of_supplier(s)), hops=3,
          anchors=(s,))

    def cities_of_assembly(x):
        return {ct for p in g.o(x, "USED_IN") for f in g.o(p, "ASSEMBLED_AT") for ct in g.o(f, "LOCATED_IN")}

    a = w.pick(assemblies, lambda x: 2 <= len(cities_of_assembly(x)) <= 8)
    w.add("multi_hop", "list", "mh3_assembly_cities",
          f"the {N(a)} goes into products that get assembled in factories in which cities?",
          w.sset(cities_of_assembly(a)), hops=3, anchors=(a,))

    def factories_of_supplier(x):
        return {f for p in products_of_supplier(x) for f in g.o(p, "ASSEMBLED_AT")}

    s = w.pick(sups, lambda x: 2 <= len(factories_of_supplier(x)) <= 10)
    w.add("multi_hop", "list", "mh4_supplier_factories",
          f"Which factories assemble products that use parts from {N(s)}?", w.sset(factories_of_supplier(s)),
          hops=4, anchors=(s,))

    def cities_of_part(x):
        return {ct for p in products_of_part(x) for f in g.o(p, "ASSEMBLED_AT") for ct in g.o(f, "LOCATED_IN")}

    pt = w.pick(parts, lambda x: 2 <= len(cities_of_part(x)) <= 8)
    w.add("multi_hop", "list", "mh4_part_factory_cities",
          f"I'm trying to figure out where {N(pt)} ends up physically — in which cities are the plants that "
          f"make products containing it?", w.sset(cities_of_part(pt)), hops=4, anchors=(pt,))

    def warehouses_of_supplier(x):
        return {wh for p in products_of_supplier(x) for wh in g.o(p, "STOCKED_AT")}

    s = w.pick(sups, lambda x: 2 <= len(warehouses_of_supplier(x)) <= 10)
    w.add("multi_hop", "list", "mh4_supplier_warehouses",
          f"Which warehouses stock products that contain parts supplied by {N(s)}?",
          w.sset(warehouses_of_supplier(s)), hops=4, anchors=(s,))

    def siblings(x):
        return {y for a in g.o(x, "COMPONENT_OF") for y in g.i(a, "COMPONENT_OF")} - {x}

    pt = w.pick(parts, lambda x: len(g.o(x, "COMPONENT_OF")) == 1 and 2 <= len(siblings(x)) <= 8)
    w.add("multi_hop", "list", "mh2_part_siblings",
          f"What other parts sit in the same assembly as {N(pt)}?", w.sset(siblings(pt)), hops=2, anchors=(pt,))

    # ---- I. superlatives
    def sup_parts(x):
        return len(g.o(x, "SUPPLIES"))

    best = unique_best(sups, sup_parts)
    assert best, "tie: supplier with most parts"
    w.add("comparison", "superlative", "most_parts_supplier", "Which supplier provides the most parts?",
          w.sset([best]), hops=1)
    best = unique_best(cars, lambda x: len(g.i(x, "HANDLED_BY")), highest=False)
    if best:
        w.add("comparison", "superlative", "fewest_shipments_carrier", "which carrier handled the fewest shipments",
              w.sset([best]), hops=1)
    elif best := unique_best(whs, lambda x: len(g.i(x, "DELIVERED_TO")), highest=False):  # carriers tie
        w.add("comparison", "superlative", "fewest_deliveries_warehouse",
              "which warehouse has received the fewest shipments", w.sset([best]), hops=1)
    else:
        best = unique_best(cars, lambda x: len(g.i(x, "HANDLED_BY")))
        assert best, "tie: carrier with most shipments"
        w.add("comparison", "superlative", "most_shipments_carrier", "which carrier has moved the most shipments",
              w.sset([best]), hops=1)
    best = unique_best(products, lambda x: g.a(x, "list_price"))
    assert best
    w.add("comparison", "superlative", "priciest_product", "What is our most expensive product by list price?",
          w.sset([best]), hops=0)
    best = unique_best(sups, lambda x: g.a(x, "rating"), highest=False)
    if best is None:  # ratings have one decimal: break the tie with a filter the question states
        certified = [x for x in sups if g.a(x, "certified")]
        best = unique_best(certified, lambda x: g.a(x, "rating"), highest=False)
        assert best
        w.add("comparison", "superlative", "lowest_rated_certified_supplier",
              "Which certified supplier has the lowest rating?", w.sset([best]), hops=0)
    else:
        w.add("comparison", "superlative", "lowest_rated_supplier", "lowest rated supplier?", w.sset([best]),
              hops=0)
    best = unique_best(facs, lambda x: g.a(x, "opened"), highest=False)
    assert best
    w.add("comparison", "superlative", "oldest_factory", "Which factory opened earliest?", w.sset([best]), hops=0)
    best = unique_best(products, lambda x: g.a(x, "launch_date"))
    assert best
    w.add("comparison", "superlative", "newest_product", "Which product was launched most recently?",
          w.sset([best]), hops=0)
    best = unique_best(assemblies, lambda x: len(g.i(x, "COMPONENT_OF")))
    assert best
    w.add("comparison", "superlative", "assembly_most_parts", "Which assembly is made up of the most components?",
          w.sset([best]), hops=1)
    for typ, noun in (("Supplier", "suppliers"), ("Warehouse", "warehouses"), ("Factory", "factories")):
        best = unique_best(cities, lambda x, typ=typ: sum(g.type[y] == typ for y in g.i(x, "LOCATED_IN")))
        if best:  # the first facility type whose busiest city is unique
            w.add("comparison", "superlative", f"city_most_{noun}", f"Which city is home to the most {noun}?",
                  w.sset([best]), hops=1)
            break
    else:
        raise AssertionError("tie: busiest city for every facility type")
    cats = sorted({g.a(p, "category") for p in products})
    cat = rnd.choice(cats)
    best = unique_best([p for p in products if g.a(p, "category") == cat], lambda x: g.a(x, "list_price"),
                       highest=False)
    assert best
    w.add("comparison", "superlative", "cheapest_in_category", f"cheapest product in {cat}?", w.sset([best]),
          hops=0)

    # ---- J. totals / averages
    c = w.pick(cars)
    tot = round(sum(g.eprops[(sh, "HANDLED_BY", c)]["freight_cost"] for sh in g.i(c, "HANDLED_BY")), 2)
    w.add("aggregate", "total", "sum_carrier_freight",
          f"What's the total freight cost across all shipments handled by {N(c)}?", value(tot), anchors=(c,))
    cat = rnd.choice([x for x in cats if x != cat])
    vals = [g.a(p, "list_price") for p in products if g.a(p, "category") == cat]
    w.add("aggregate", "average", "avg_price_category", f"Average list price of {cat} products?",
          value(round(sum(vals) / len(vals), 2)), hops=0)
    w.add("aggregate", "total", "sum_warehouse_capacity",
          "What is the combined capacity, in pallets, of all our warehouses?",
          value(sum(g.a(x, "capacity_pallets") for x in whs)), hops=0)
    wh = w.pick(whs)
    w.add("aggregate", "total", "sum_warehouse_inbound_weight",
          f"Total weight in kg of the shipments delivered to {N(wh)}?",
          value(round(sum(g.a(x, "weight_kg") for x in g.i(wh, "DELIVERED_TO")), 1)), anchors=(wh,))
    wh = w.pick(whs)
    w.add("aggregate", "total", "sum_warehouse_stock_units",
          f"How many units of stock are held at {N(wh)} altogether, summed over every product it stocks?",
          count(sum(g.eprops[(p, "STOCKED_AT", wh)]["units"] for p in g.i(wh, "STOCKED_AT"))), anchors=(wh,))

    # ---- K. edge properties
    s = w.pick(sups, lambda x: bool(g.o(x, "SUPPLIES")))
    pt = rnd.choice(g.o(s, "SUPPLIES"))
    w.add("lookup", "edge_property", "edge_unit_cost", f"What unit cost does {N(s)} charge for the {N(pt)}?",
          value(g.eprops[(s, "SUPPLIES", pt)]["unit_cost"]), anchors=(s, pt))
    p = w.pick(products, lambda x: bool(g.o(x, "STOCKED_AT")))
    wh = rnd.choice(g.o(p, "STOCKED_AT"))
    w.add("lookup", "edge_property", "edge_stock_units", f"How many units of the {N(p)} does {N(wh)} hold?",
          count(g.eprops[(p, "STOCKED_AT", wh)]["units"]), anchors=(p, wh))

    def fast(x):
        return [s for s in g.i(x, "SUPPLIES") if g.eprops[(s, "SUPPLIES", x)]["lead_time_days"] < 30]

    pt = w.pick(parts, lambda x: len(g.i(x, "SUPPLIES")) >= 2 and 1 <= len(fast(x)) < len(g.i(x, "SUPPLIES")))
    w.add("relation", "edge_filter", "edge_fast_suppliers",
          f"Which suppliers can deliver the {N(pt)} with a lead time under 30 days?", w.sset(fast(pt)),
          anchors=(pt,))
    c = w.pick(cars, lambda x: len(g.i(x, "HANDLED_BY")) >= 10)
    n_exp = sum(g.eprops[(sh, "HANDLED_BY", c)]["service_level"] == "Express" for sh in g.i(c, "HANDLED_BY"))
    w.add("aggregate", "edge_filter", "edge_express_count", f"How many of {N(c)}'s shipments went Express?",
          count(n_exp), anchors=(c,))
    s = w.pick(sups, lambda x: bool(g.o(x, "SUPPLIES")))
    pt = rnd.choice(g.o(s, "SUPPLIES"))
    w.add("lookup", "edge_property", "edge_contract_start",
          f"When did the supply contract between {N(s)} and {N(pt)} start?",
          value(g.eprops[(s, "SUPPLIES", pt)]["contract_start"]), anchors=(s, pt))
    pt = w.pick(parts, lambda x: g.eprops[(x, "COMPONENT_OF", g.o(x, "COMPONENT_OF")[0])]["quantity"] > 1)
    a = g.o(pt, "COMPONENT_OF")[0]
    w.add("lookup", "edge_property", "edge_bom_quantity",
          f"How many {N(pt)} pieces are needed for one {N(a)}?",
          count(g.eprops[(pt, "COMPONENT_OF", a)]["quantity"]), anchors=(pt, a))

    # ---- L. attribute lookups
    p = w.pick(products)
    w.add("lookup", "attribute", "attr_list_price", f"What is the list price of the {N(p)}?",
          value(g.a(p, "list_price")), hops=0, anchors=(p,))
    f = w.pick(facs)
    w.add("lookup", "attribute", "attr_factory_opened", f"When was {N(f)} opened?", value(g.a(f, "opened")),
          hops=0, anchors=(f,))
    c = w.pick(cars)
    w.add("lookup", "attribute", "attr_carrier_mode", f"what transport mode does {N(c)} use", value(g.a(c, "mode")),
          hops=0, anchors=(c,))

    # ---- M. yes / no
    s = w.pick(sups, lambda x: bool(g.o(x, "SUPPLIES")))
    pt = rnd.choice(g.o(s, "SUPPLIES"))
    w.add("comparison", "yes_no", "yn_supplies_true", f"Does {N(s)} supply the {N(pt)}?", yes_no(True),
          anchors=(s, pt))
    p = w.pick(products)
    f = rnd.choice([x for x in facs if x not in g.o(p, "ASSEMBLED_AT")])
    w.add("comparison", "yes_no", "yn_assembled_false", f"Is the {N(p)} assembled at {N(f)}?",
          yes_no(f in g.o(p, "ASSEMBLED_AT")), anchors=(p, f))
    a = w.pick(assemblies)
    pt = rnd.choice(g.i(a, "COMPONENT_OF"))
    w.add("comparison", "yes_no", "yn_component_of_true", f"is {N(pt)} part of the {N(a)}?", yes_no(True),
          anchors=(pt, a))
    wh = w.pick(whs)
    w.add("comparison", "yes_no", "yn_temp_controlled", f"Is {N(wh)} temperature controlled?",
          yes_no(g.a(wh, "temperature_controlled")), hops=0, anchors=(wh,))
    c = w.pick(cars)
    sh = rnd.choice([x for x in ships if c not in g.o(x, "HANDLED_BY")])
    w.add("comparison", "yes_no", "yn_carrier_shipment_false", f"Did {N(c)} handle {N(sh)}?",
          yes_no(c in g.o(sh, "HANDLED_BY")), anchors=(c, sh))

    # ---- N. portfolio ("everything about X" = its direct neighbours)
    s = w.pick(sups, lambda x: list_ok(g.neighbours(x)) and len(g.o(x, "SUPPLIES")) >= 2)
    w.add("portfolio", "portfolio", "portfolio_supplier", f"Tell me everything about {N(s)}.",
          w.sset(g.neighbours(s)), anchors=(s,))
    pt = w.pick(parts, lambda x: 3 <= len(g.neighbours(x)) <= MAX_LIST)
    w.add("portfolio", "portfolio", "portfolio_part", f"give me the full picture on {N(pt)}",
          w.sset(g.neighbours(pt)), anchors=(pt,))
    a = w.pick(assemblies, lambda x: 4 <= len(g.neighbours(x)) <= MAX_LIST)
    w.add("portfolio", "portfolio", "portfolio_assembly", f"What's everthing connected to the {N(a)}?",
          w.sset(g.neighbours(a)), anchors=(a,))
    ct = w.pick(cities, lambda x: 3 <= len(g.neighbours(x)) <= MAX_LIST)
    w.add("portfolio", "portfolio", "portfolio_city", f"Show me all we have on {N(ct)}.",
          w.sset(g.neighbours(ct)), anchors=(ct,))

    # ---- O. unknown names
    unknown = [
        ("unknown_supplier", "Which parts does Zephyrine Castings supply?", "Zephyrine Castings"),
        ("unknown_carrier", "How many shipments did Polaris Ferrotrans handle?", "Polaris Ferrotrans"),
        ("unknown_product", "What is the list price of the Quasar 900 Dehumidifier?", "Quasar 900 Dehumidifier"),
        ("unknown_warehouse", "Where is the Wolfsbane Logistics Hub located?", "Wolfsbane Logistics Hub"),
        ("unknown_factory", "Which products are assembled at Ashgrove Foundry?", "Ashgrove Foundry"),
    ]
    all_names = {g.name(n).lower() for n in g.attrs}
    for template, text, name in unknown:
        assert name.lower() not in all_names
        w.add("unanswerable", "unknown", template, text, NONE, hops=0)

    check(g, w.qs)
    return w.qs


_STANDALONE = re.compile(r"(?<![\w\-#/.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w\-#/]|[.,]\d)")


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def check(g: G, qs: list[dict]) -> None:
    """Refuse a question set with ambiguous or unscorable golds."""
    assert len(qs) == 80, len(qs)
    assert len({q["question"] for q in qs}) == len(qs)
    for q in qs:
        gold = q["gold"]
        if gold["type"] == "set":
            assert 1 <= len(gold["ids"]) <= MAX_LIST, q
            for name in gold["names"]:
                assert not re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", q["question"], re.I), q
        if gold["type"] == "count":
            quoted = {float(m.group(1).replace(",", "")) for m in _STANDALONE.finditer(q["question"])}
            words = re.findall(r"[a-z]+", q["question"].lower())
            quoted |= {float(i) for i, wd in enumerate(_NUMBER_WORDS) if wd in words}
            assert float(gold["value"]) not in quoted, q
        for a in q["anchors"]:
            assert g.name(a) in q["question"], q


def write(qs: list[dict], out: Path) -> Path:
    path = out / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    return path


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    if len(sys.argv) == 3:
        graphml = Path(sys.argv[2])
    else:
        sys.path.insert(0, str(HERE))
        import graph  # noqa: PLC0415

        graphml = out / graph.GRAPHML_NAME
        graph.write_graphml(graph.generate(), graphml)
    qs = build(G(graphml))
    path = write(qs, out)
    print(f"{len(qs)} questions -> {path}")
    print(dict(Counter(q["kind"] for q in qs)))
    print(dict(Counter(q["form"] for q in qs)))


if __name__ == "__main__":
    main()
