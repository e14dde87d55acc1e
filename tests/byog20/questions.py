"""Write the byog20 holdout questions with gold answers computed from the GraphML file alone.

    python tests/byog20/questions.py DIR [GRAPHML]    # GRAPHML defaults to DIR/farming.graphml; writes DIR/holdout.jsonl

Reads only the GraphML (networkx.read_graphml): node type from ``labels`` (":Farm"), edge type from ``label``,
display name from ``name`` or ``first_name`` + ``last_name``. Subjects are drawn with a fixed random.Random over
id-sorted candidates and must satisfy each question's conditions (non-empty, small gold sets, no ties in
superlatives, names that occur once and are no part of another name); a question whose conditions no subject
meets fails loudly rather than being written with a doubtful gold.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from statistics import mean

import networkx as nx

PICK_SEED = 20


def _key(nid: str) -> tuple[str, int]:
    head, _, num = nid.rpartition("-")
    return head, int(num) if num.isdigit() else -1


class G:
    """Typed read access to the imported graph."""

    def __init__(self, path: Path):
        self.g = nx.read_graphml(path)
        self.type: dict[str, str] = {}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for nid, d in self.g.nodes(data=True):
            t = d["labels"].strip(":").split(":")[0]
            self.type[nid] = t
            self.by_type[t].append(nid)
        for t in self.by_type:
            self.by_type[t].sort(key=_key)
        self._out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self._in: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.edata: dict[tuple[str, str, str], dict] = {}
        self.edge_labels: set[str] = set()
        for u, v, d in self.g.edges(data=True):
            lab = d["label"]
            self.edge_labels.add(lab)
            self._out[(u, lab)].append(v)
            self._in[(v, lab)].append(u)
            self.edata[(u, lab, v)] = d
        self.names = {n: self._name(d) for n, d in self.g.nodes(data=True)}
        self.name_count = Counter(self.names.values())
        self._all_names = list(self.name_count)
        self._distinct: dict[str, bool] = {}

    @staticmethod
    def _name(d: dict) -> str:
        if d.get("name"):
            return d["name"]
        if d.get("title"):
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def a(self, nid: str, key: str):
        return self.g.nodes[nid].get(key)

    def out(self, nid: str, label: str) -> list[str]:
        return sorted(self._out.get((nid, label), []), key=_key)

    def inn(self, nid: str, label: str) -> list[str]:
        return sorted(self._in.get((nid, label), []), key=_key)

    def distinct(self, nid: str) -> bool:
        """The node's name occurs once and is not a whole-word part of any other name."""
        if nid not in self._distinct:
            name = self.names[nid]
            rx = re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)", re.IGNORECASE)
            self._distinct[nid] = self.name_count[name] == 1 and not any(
                o != name and rx.search(o) for o in self._all_names)
        return self._distinct[nid]

    def neighbours(self, nid: str) -> set[str]:
        return set(self.g.successors(nid)) | set(self.g.predecessors(nid))


class Writer:
    def __init__(self, g: G):
        self.g = g
        self.rows: list[dict] = []
        self.rng = random.Random(PICK_SEED)

    def add(self, kind: str, question: str, gold: dict, hops: int) -> None:
        self.rows.append({"id": f"byog20-{len(self.rows) + 1:02d}", "kind": kind, "question": question,
                          "gold": gold, "hops": hops})

    def gset(self, ids) -> dict:
        ids = sorted(set(ids), key=_key)
        for i in ids:
            assert self.g.name_count[self.g.names[i]] == 1, f"ambiguous gold name {self.g.names[i]!r}"
        return {"type": "set", "ids": ids, "names": [self.g.names[i] for i in ids]}

    def pick(self, candidates, ok=lambda *_: True, what: str = "subject"):
        """A random candidate (fixed seed, id order) whose name is distinct and that satisfies ``ok``."""
        pool = list(candidates)
        self.rng.shuffle(pool)
        for c in pool:
            ids = c if isinstance(c, tuple) else (c,)
            if all(self.g.distinct(i) for i in ids) and ok(*ids):
                return c
        raise SystemExit(f"no {what} satisfies the question's conditions")

    def unique_max(self, scores: dict[str, float], what: str) -> str:
        best = max(scores.values())
        top = [k for k, v in scores.items() if v == best]
        if len(top) != 1:
            raise SystemExit(f"tie for {what}: {top}")
        assert self.g.distinct(top[0]), f"superlative answer {top[0]} has an ambiguous name"
        return top[0]


def build_questions(path: Path) -> list[dict]:
    g = G(path)
    w = Writer(g)
    n = g.names
    T = g.by_type
    farmers, farms, fields, crops = T["Farmer"], T["Farm"], T["Field"], T["Crop"]
    harvests, buyers, equipment, inspections, inspectors = (T["Harvest"], T["Buyer"], T["Equipment"],
                                                            T["Inspection"], T["Inspector"])

    def owners(farm):
        return g.inn(farm, "OWNS")

    def owned(farmer):
        return g.out(farmer, "OWNS")

    def fields_of(farm):
        return g.inn(farm, "PART_OF")

    def harvests_of_farm(farm):
        return [h for fl in fields_of(farm) for h in g.inn(fl, "HARVESTED_FROM")]

    def buyers_of_farm(farm):
        return {b for h in harvests_of_farm(farm) for b in g.out(h, "SOLD_TO")}

    def farm_of_harvest(h):
        return g.out(g.out(h, "HARVESTED_FROM")[0], "PART_OF")[0]

    def referrer(f):
        r = g.inn(f, "REFERRED")
        return r[0] if r else None

    # ---- count (a whole type)
    w.add("count", "How many farmers belong to the cooperative?", {"type": "count", "value": len(farmers)}, 0)
    w.add("count", "number of buyers?", {"type": "count", "value": len(buyers)}, 0)
    w.add("count", "How many plots of land do we have on record?", {"type": "count", "value": len(fields)}, 0)
    w.add("count", "How many pieces of equipment does the co-op keep track of?",
          {"type": "count", "value": len(equipment)}, 0)
    w.add("count", "how many inspections have been carried out so far", {"type": "count", "value": len(inspections)}, 0)

    # ---- filtered_count
    def cnt(ids, pred):
        return {"type": "count", "value": sum(1 for i in ids if pred(i))}

    w.add("filtered_count", "How many farms are in the River Delta region?",
          cnt(farms, lambda f: g.a(f, "region") == "River Delta"), 0)
    w.add("filtered_count", "How many fields have clay soil?", cnt(fields, lambda f: g.a(f, "soil_type") == "Clay"), 0)
    w.add("filtered_count", "How many of our members sit on the board?",
          cnt(farmers, lambda f: g.a(f, "is_board_member") is True), 0)
    w.add("filtered_count", "Count the organic certified farms.",
          cnt(farms, lambda f: g.a(f, "organic_certified") is True), 0)
    w.add("filtered_count", "How many harvests were graded A?",
          cnt(harvests, lambda h: g.a(h, "quality_grade") == "A"), 0)
    w.add("filtered_count", "how many tractors are in the fleet?",
          cnt(equipment, lambda e: g.a(e, "equipment_type") == "Tractor"), 0)
    w.add("filtered_count", "How many inspections ended in a Fail?",
          cnt(inspections, lambda i: g.a(i, "outcome") == "Fail"), 0)
    w.add("filtered_count", "How many farms are bigger than 300 hectares?",
          cnt(farms, lambda f: g.a(f, "hectares") > 300), 0)
    w.add("filtered_count", "How many farmers became members before 2005?",
          cnt(farmers, lambda f: g.a(f, "member_since") < "2005-01-01"), 0)
    w.add("filtered_count", "How many of the buyers are fair trade partners?",
          cnt(buyers, lambda b: g.a(b, "fair_trade_partner") is True), 0)
    w.add("filtered_count", "How many farms have more than 4 fields?", cnt(farms, lambda f: len(fields_of(f)) > 4), 1)
    w.add("filtered_count", "how many members have referred somebody?",
          cnt(farmers, lambda f: len(g.out(f, "REFERRED")) > 0), 1)

    # ---- list
    def lst(ids, pred, lo=1, hi=15):
        out = [i for i in ids if pred(i)]
        assert lo <= len(out) <= hi, f"list size {len(out)} outside {lo}..{hi}"
        return w.gset(out)

    w.add("list", "Which crops are legumes?", lst(crops, lambda c: g.a(c, "category") == "Legume"), 0)
    w.add("list", "Which of our buyers are breweries?", lst(buyers, lambda b: g.a(b, "buyer_type") == "Brewery"), 0)
    w.add("list", "Which combines need servicing?",
          lst(equipment, lambda e: g.a(e, "equipment_type") == "Combine" and g.a(e, "needs_service") is True), 0)
    w.add("list", "List the organic farms in the Eastern Hills.",
          lst(farms, lambda f: g.a(f, "region") == "Eastern Hills" and g.a(f, "organic_certified") is True), 0)
    w.add("list", "Which crops are perennials?", lst(crops, lambda c: g.a(c, "perennial") is True), 0)
    w.add("list", "Which board members hold Silver tier membership?",
          lst(farmers, lambda f: g.a(f, "membership_tier") == "Silver" and g.a(f, "is_board_member") is True), 0)
    w.add("list", "Which inspectors work for the Organic Certifiers Guild?",
          lst(inspectors, lambda i: g.a(i, "agency") == "Organic Certifiers Guild"), 0)

    # ---- multihop (2-4 hops; the self-relation both ways)
    def sized(lo, hi):
        return lambda s: lo <= len(s) <= hi

    def referees_farms(a):
        return {f for r in g.out(a, "REFERRED") for f in owned(r)}

    a = w.pick(farmers, lambda x: sized(2, 8)(referees_farms(x)))
    w.add("multihop", f"Which farms are owned by members that {n[a]} referred?", w.gset(referees_farms(a)), 2)

    def owners_referrers(f):
        return {r for o in owners(f) for r in g.inn(o, "REFERRED")}

    f = w.pick(farms, lambda x: sized(1, 3)(owners_referrers(x)))
    w.add("multihop", f"who referred the owners of {n[f]}?", w.gset(owners_referrers(f)), 2)

    def grand_referees(x):
        return {z for y in g.out(x, "REFERRED") for z in g.out(y, "REFERRED")}

    a = w.pick(farmers, lambda x: sized(2, 8)(grand_referees(x)))
    w.add("multihop", f"Which members were brought in by people that {n[a]} had referred?",
          w.gset(grand_referees(a)), 2)

    b = w.pick(farmers, lambda x: referrer(x) is not None and referrer(referrer(x)) is not None)
    w.add("multihop", f"Who referred the person that referred {n[b]}?", w.gset([referrer(referrer(b))]), 2)

    def farm_crops(x):
        return {c for fl in fields_of(x) for c in g.out(fl, "PLANTED_WITH")}

    f = w.pick(farms, lambda x: sized(3, 8)(farm_crops(x)))
    w.add("multihop", f"What crops are grown on {n[f]}'s fields?", w.gset(farm_crops(f)), 2)

    f = w.pick(farms, lambda x: sized(3, 8)(buyers_of_farm(x)))
    w.add("multihop", f"Which buyers have purchased harvests from {n[f]}?", w.gset(buyers_of_farm(f)), 3)

    def farmer_buyers(x):
        return {b for fm in owned(x) for b in buyers_of_farm(fm)}

    a = w.pick(farmers, lambda x: len(owned(x)) == 2 and sized(3, 10)(farmer_buyers(x)))
    w.add("multihop", f"Which buyers bought produce grown on farms that {n[a]} owns?", w.gset(farmer_buyers(a)), 4)

    def buyer_farmers(x):
        return {o for h in g.inn(x, "SOLD_TO") for o in owners(farm_of_harvest(h))}

    b = w.pick(buyers, lambda x: sized(3, 12)(buyer_farmers(x)))
    w.add("multihop", f"Which farmers own farms whose harvests were sold to {n[b]}?", w.gset(buyer_farmers(b)), 4)

    def farmer_inspectors(x):
        return {ins for fm in owned(x) for i in g.inn(fm, "INSPECTION_OF") for ins in g.out(i, "CONDUCTED_BY")}

    a = w.pick(farmers, lambda x: sized(2, 6)(farmer_inspectors(x)))
    w.add("multihop", f"Which inspectors have audited {n[a]}'s farms?", w.gset(farmer_inspectors(a)), 3)

    def inspector_farms(x, region):
        return {fm for i in g.inn(x, "CONDUCTED_BY") for fm in g.out(i, "INSPECTION_OF")
                if g.a(fm, "region") == region}

    x = w.pick(inspectors, lambda y: sized(2, 6)(inspector_farms(y, "Lakeside")))
    w.add("multihop", f"Which Lakeside farms has {n[x]} inspected?", w.gset(inspector_farms(x, "Lakeside")), 2)

    def farm_operators(x):
        return {op for e in g.inn(x, "KEPT_AT") for op in g.inn(e, "CERTIFIED_ON")}

    f = w.pick(farms, lambda x: sized(2, 6)(farm_operators(x)))
    w.add("multihop", f"Who is certified to operate the machinery kept at {n[f]}?", w.gset(farm_operators(f)), 2)

    def crop_farms(x, region):
        return {fm for fl in g.inn(x, "PLANTED_WITH") for fm in g.out(fl, "PART_OF") if g.a(fm, "region") == region}

    c = w.pick(crops, lambda x: sized(3, 10)(crop_farms(x, "Northern Valley")))
    w.add("multihop", f"which farms in the Northern Valley grow {n[c].lower()}", w.gset(crop_farms(c, "Northern Valley")), 2)

    def referrer_farms(x):
        r = referrer(x)
        return set(owned(r)) if r else set()

    b = w.pick(farmers, lambda x: sized(1, 2)(referrer_farms(x)))
    w.add("multihop", f"What farm does the member who referred {n[b]} own?"
          if len(referrer_farms(b)) == 1 else f"What farms does the member who referred {n[b]} own?",
          w.gset(referrer_farms(b)), 2)

    def farmer_crops(x):
        return {c for fm in owned(x) for c in farm_crops(fm)}

    a = w.pick(farmers, lambda x: len(owned(x)) == 2 and sized(3, 8)(farmer_crops(x)))
    w.add("multihop", f"What crops are grown on the farms {n[a]} owns?", w.gset(farmer_crops(a)), 3)

    def referees_inspectors(x):
        return {ins for r in g.out(x, "REFERRED") for ins in farmer_inspectors(r)}

    a = w.pick(farmers, lambda x: sized(2, 6)(referees_inspectors(x)))
    w.add("multihop", f"Which inspectors have been out to farms owned by people {n[a]} referred?",
          w.gset(referees_inspectors(a)), 4)

    def farmer_field_count(x):
        return sum(len(fields_of(fm)) for fm in owned(x))

    a = w.pick(farmers, lambda x: len(owned(x)) == 2 and farmer_field_count(x) >= 4)
    w.add("multihop", f"How many fields are there in total on the farms {n[a]} owns?",
          {"type": "count", "value": farmer_field_count(a)}, 2)

    # ---- superlative (attribute, count, sum)
    top = w.unique_max({f: g.a(f, "hectares") for f in farms}, "largest farm")
    w.add("superlative", "Which farm is the biggest by area?", w.gset([top]), 0)
    top = w.unique_max({c: g.a(c, "growing_days") for c in crops}, "longest growing crop")
    w.add("superlative", "Which crop has the longest growing season?", w.gset([top]), 0)
    top = w.unique_max({e: g.a(e, "hours_used") for e in equipment}, "most-used machine")
    w.add("superlative", "Which machine has clocked the most hours?", w.gset([top]), 0)
    top = w.unique_max({f: len(g.out(f, "REFERRED")) for f in farmers}, "top referrer")
    w.add("superlative", "Who has referred the most new members?", w.gset([top]), 1)
    top = w.unique_max({b: len(g.inn(b, "SOLD_TO")) for b in buyers}, "buyer with most lots")
    w.add("superlative", "Which buyer has bought the most harvest lots?", w.gset([top]), 1)
    tonnes = {c: round(sum(g.a(h, "yield_tonnes") for h in g.inn(c, "OF_CROP")), 2) for c in crops}
    top = w.unique_max(tonnes, "crop by tonnes")
    w.add("superlative", "Which crop has produced the most tonnes in total across all harvests?", w.gset([top]), 1)
    top = w.unique_max({f: round(sum(g.a(fl, "area_ha") for fl in fields_of(f)), 2) for f in farms},
                       "farm by field area")
    w.add("superlative", "Which farm has the largest total area of fields?", w.gset([top]), 1)
    top = w.unique_max({c: len(g.inn(c, "OF_CROP")) for c in crops}, "most harvested crop")
    w.add("superlative", "what crop has been harvested the most times", w.gset([top]), 1)
    sp = [f for f in farms if g.a(f, "region") == "Southern Plains"]
    top = w.unique_max({f: -g.a(f, "founded_year") for f in sp}, "oldest Southern Plains farm")
    w.add("superlative", "Which farm in the Southern Plains was founded earliest?", w.gset([top]), 0)

    # ---- aggregate (totals, averages)
    w.add("aggregate", "What is the combined area of all the farms, in hectares?",
          {"type": "value", "value": round(sum(g.a(f, "hectares") for f in farms), 1)}, 0)
    wheat = next(c for c in crops if n[c] == "Winter Wheat")
    w.add("aggregate", "What's the average yield of a Winter Wheat harvest, in tonnes?",
          {"type": "value", "value": round(mean(g.a(h, "yield_tonnes") for h in g.inn(wheat, "OF_CROP")), 2)}, 1)
    b = w.pick(buyers, lambda x: 5 <= len(g.inn(x, "SOLD_TO")) <= 40)
    w.add("aggregate", f"How many tonnes has {n[b]} bought from us in total?",
          {"type": "value", "value": round(sum(g.a(h, "yield_tonnes") for h in g.inn(b, "SOLD_TO")), 2)}, 1)
    w.add("aggregate", "What is the average inspection score?",
          {"type": "value", "value": round(mean(g.a(i, "score") for i in inspections), 2)}, 0)
    w.add("aggregate", "average credit limit across our buyers?",
          {"type": "value", "value": round(mean(g.a(b, "credit_limit") for b in buyers), 2)}, 0)

    # ---- edge_property
    pairs = [(u, v) for u in farmers for v in g.out(u, "REFERRED")]
    a, b = w.pick(pairs, what="referral")
    w.add("edge_property", f"When did {n[a]} refer {n[b]}?",
          {"type": "value", "value": g.edata[(a, "REFERRED", b)]["referral_date"]}, 1)
    own = [(u, v) for v in farms for u in owners(v) if len(owners(v)) > 1]
    a, f = w.pick(own, what="part owner")
    share = g.edata[(a, "OWNS", f)]["share_pct"]
    w.add("edge_property", f"What percentage of {n[f]} does {n[a]} own?",
          {"type": "value", "value": int(share) if float(share).is_integer() else share}, 1)
    a, f = w.pick([(u, v) for v in farms for u in owners(v)], what="owner")
    w.add("edge_property", f"Since when has {n[a]} owned {n[f]}?",
          {"type": "value", "value": g.edata[(a, "OWNS", f)]["since"]}, 1)
    sold = [(h, b) for h in harvests for b in g.out(h, "SOLD_TO")]
    h, b = w.pick(sold, what="sale")
    w.add("edge_property", f"What price per tonne did {n[b]} pay for {n[h]}?",
          {"type": "value", "value": g.edata[(h, "SOLD_TO", b)]["price_per_tonne"]}, 1)
    h, b = w.pick(sold, what="sale")
    w.add("edge_property", f"When was {n[h]} sold?", {"type": "value", "value": g.edata[(h, "SOLD_TO", b)]["sale_date"]}, 1)
    planted = [(fl, c) for fl in fields for c in g.out(fl, "PLANTED_WITH")]
    fl, c = w.pick(planted, what="planting")
    w.add("edge_property", f"What year was {n[fl]} planted with {n[c].lower()}?",
          {"type": "value", "value": g.edata[(fl, "PLANTED_WITH", c)]["season_year"]}, 1)
    h, b = w.pick(sold, what="sale")
    w.add("edge_property", f"Was {n[h]} sold under contract?",
          {"type": "bool", "value": bool(g.edata[(h, "SOLD_TO", b)]["under_contract"])}, 1)
    a, b = w.pick(pairs, lambda x, y: g.edata[(x, "REFERRED", y)]["bonus_paid"] is False, what="unpaid referral")
    w.add("edge_property", f"Was a referral bonus paid to {n[a]} for bringing in {n[b]}?",
          {"type": "bool", "value": False}, 1)

    # ---- yes_no
    f = w.pick(farms, lambda x: g.a(x, "organic_certified") is True)
    w.add("yes_no", f"Is {n[f]} certified organic?", {"type": "bool", "value": True}, 0)
    a, b = w.pick(pairs, what="referral")
    w.add("yes_no", f"Did {n[a]} refer {n[b]}?", {"type": "bool", "value": True}, 1)
    w.add("yes_no", f"did {n[b]} refer {n[a]}", {"type": "bool", "value": (b, "REFERRED", a) in g.edata}, 1)
    f, c = w.pick([(fm, cr) for fm in farms for cr in crops], lambda x, y: farm_crops(x) and y not in farm_crops(x)
                  and g.a(y, "category") in {g.a(z, "category") for z in farm_crops(x)}, what="farm and crop")
    w.add("yes_no", f"Does {n[f]} grow {n[c]}?", {"type": "bool", "value": False}, 2)
    b, f = w.pick([(by, fm) for by in buyers for fm in farms], lambda x, y: x in buyers_of_farm(y), what="trade")
    w.add("yes_no", f"Has {n[b]} ever bought anything from {n[f]}?", {"type": "bool", "value": True}, 3)
    a = w.pick(farmers, lambda x: g.a(x, "is_board_member") is False and len(owned(x)) > 0)
    w.add("yes_no", f"Is {n[a]} a board member?", {"type": "bool", "value": False}, 0)

    # ---- portfolio (direct neighbours, both directions)
    f = w.pick(farms, lambda x: 6 <= len(g.neighbours(x)) <= 12 and all(g.distinct(y) for y in g.neighbours(x)))
    w.add("portfolio", f"Tell me everything about {n[f]}.", w.gset(g.neighbours(f)), 1)
    a = w.pick(farmers, lambda x: 4 <= len(g.neighbours(x)) <= 10 and bool(g.out(x, "REFERRED"))
               and bool(owned(x)) and all(g.distinct(y) for y in g.neighbours(x)))
    w.add("portfolio", f"What do we have on {n[a]}?", w.gset(g.neighbours(a)), 1)
    e = w.pick(equipment, lambda x: 3 <= len(g.neighbours(x)) <= 6 and all(g.distinct(y) for y in g.neighbours(x)))
    w.add("portfolio", f"give me the full picture on the {n[e]}", w.gset(g.neighbours(e)), 1)

    # ---- unknown (names that do not exist in the graph)
    def absent(*words):
        for word in words:
            rx = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE)
            assert not any(rx.search(nm) for nm in g._all_names), f"{word!r} occurs in the graph"
        return True

    assert absent("Zanderholm")
    w.add("unknown", "Which buyers did Zanderholm Farm sell to?", {"type": "none"}, 0)
    assert absent("Ignatius", "Pemberton")
    w.add("unknown", "Who referred Ignatius Pemberton?", {"type": "none"}, 0)
    assert absent("Bramblewick")
    w.add("unknown", "How many hectares is Bramblewick Estate?", {"type": "none"}, 0)
    assert absent("Marigold")
    w.add("unknown", "What crops does Marigold Creamery source?", {"type": "none"}, 0)

    # ---- global
    w.add("global", "How many different kinds of entities are in this graph?",
          {"type": "count", "value": len(T)}, 0)
    sizes = {t: len(ids) for t, ids in T.items()}
    most = max(sizes, key=sizes.get)
    assert sorted(sizes.values())[-1] > sorted(sizes.values())[-2]
    w.add("global", "Which entity type has the most records in this dataset?", {"type": "value", "value": most}, 0)
    w.add("global", "How many relationship types does the graph use?",
          {"type": "count", "value": len(g.edge_labels)}, 0)
    return w.rows


def main(argv: list[str] | None = None) -> Path:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or len(argv) > 2:
        raise SystemExit("usage: questions.py DIR [GRAPHML]")
    out_dir = Path(argv[0])
    graph = Path(argv[1]) if len(argv) > 1 else out_dir / "farming.graphml"
    rows = build_questions(graph)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / "holdout.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} questions to {out}")
    return out


if __name__ == "__main__":
    main()
