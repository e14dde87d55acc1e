"""byog38 question writer: reads the CSV folder graph.py wrote and writes OUT_DIR/holdout.jsonl.

    python tests/byog38/questions.py OUT_DIR [GRAPH_PATH]

GRAPH_PATH is the agri_csv folder (default OUT_DIR/agri_csv). Deterministic: subjects are drawn with a fixed
``random.Random`` over sorted candidates; a candidate is skipped when its gold would be empty, too large, tied, or
would appear in the question text.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from pathlib import Path
from statistics import mean

import networkx as nx

PICK_SEED = 3838
UNKNOWN_NAMES = ("Blackberry Wold Farm", "Perpetua Quarrington", "Wolverhampton Silo", "Turquoise Thunder")


def _convert(value: str, typ: str):
    if typ == "int":
        return int(value)
    if typ == "float":
        return float(value)
    if typ == "boolean":
        return value == "true"
    return value


def load(folder: Path) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    files = sorted(folder.glob("*.csv"))
    for f in files:
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        if header[0].endswith(":ID"):
            for r in rows[1:]:
                props = {}
                for h, v in zip(header, r, strict=True):
                    name, _, typ = h.partition(":")
                    if typ == "ID":
                        nid = v
                    elif typ == "LABEL":
                        props["label"] = v
                    else:
                        props[name] = _convert(v, typ)
                g.add_node(nid, **props)
    for f in files:
        with open(f, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        if header[0] == ":START_ID":
            for r in rows[1:]:
                props = {}
                for h, v in zip(header[3:], r[3:], strict=True):
                    name, _, typ = h.partition(":")
                    props[name] = _convert(v, typ)
                g.add_edge(r[0], r[1], key=r[2], type=r[2], **props)
    return g


def _key(nid: str) -> tuple[str, int]:
    a, b = nid.rsplit("-", 1)
    return a, int(b)


class Graph:
    def __init__(self, g: nx.MultiDiGraph):
        self.g = g

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "first_name" in d:
            return f"{d['first_name']} {d['last_name']}"
        return d.get("name") or d["title"]

    def of(self, label: str) -> list[str]:
        return sorted((n for n, d in self.g.nodes(data=True) if d["label"] == label), key=_key)

    def out(self, n: str, t: str) -> list[str]:
        return sorted({b for _, b, k in self.g.out_edges(n, keys=True) if k == t}, key=_key)

    def inn(self, n: str, t: str) -> list[str]:
        return sorted({a for a, _, k in self.g.in_edges(n, keys=True) if k == t}, key=_key)

    def step(self, ns, t: str, back: bool = False) -> list[str]:
        s = set()
        for n in ns:
            s.update(self.inn(n, t) if back else self.out(n, t))
        return sorted(s, key=_key)

    def edge(self, a: str, b: str, t: str) -> dict:
        return self.g.get_edge_data(a, b, key=t)

    def attr(self, n: str, a: str):
        return self.g.nodes[n][a]

    def neighbours(self, n: str) -> list[str]:
        return sorted(set(self.g.successors(n)) | set(self.g.predecessors(n)), key=_key)


class Writer:
    def __init__(self, graph: Graph):
        self.G = graph
        self.rows: list[dict] = []
        self.rng = random.Random(PICK_SEED)

    def _ok(self, text: str, gold: dict) -> bool:
        low = text.lower()
        t = gold["type"]
        if t == "set":
            ids = gold["ids"]
            if not 1 <= len(ids) <= 12:
                return False
            for nm in gold["names"]:
                if re.search(r"(?<!\w)" + re.escape(nm.lower()) + r"(?!\w)", low):
                    return False
        if t in ("count", "value"):
            v = gold["value"]
            if t == "count" and (not isinstance(v, int) or v <= 0):
                return False
            if isinstance(v, int | float) and not isinstance(v, bool):
                nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)]
                if any(abs(x - v) <= 0.011 * max(1.0, abs(v)) for x in nums):
                    return False
            elif isinstance(v, str) and re.search(r"(?<!\w)" + re.escape(v.lower()) + r"(?!\w)", low):
                return False
        return True

    def add(self, kind: str, text: str, gold: dict, hops: int) -> bool:
        if gold is None or not self._ok(text, gold):
            return False
        self.rows.append({"id": f"byog38-{len(self.rows) + 1:02d}", "kind": kind, "question": text, "gold": gold,
                          "hops": hops})
        return True

    def pick(self, kind: str, candidates, make, hops: int) -> None:
        """Try ``make(candidate) -> (text, gold)`` over shuffled candidates until one passes the checks."""
        cands = list(candidates)
        self.rng.shuffle(cands)
        for c in cands:
            made = make(c)
            if made and self.add(kind, made[0], made[1], hops):
                return
        raise RuntimeError(f"no candidate for a {kind} question")

    # gold builders
    def set_(self, ids) -> dict | None:
        ids = sorted(set(ids), key=_key)
        if not ids:
            return None
        return {"type": "set", "ids": ids, "names": [self.G.name(i) for i in ids]}

    def unique_best(self, ids, score, highest: bool = True) -> dict | None:
        ids = list(ids)
        if len(ids) < 2:
            return None
        vals = {i: score(i) for i in ids}
        best = max(vals.values()) if highest else min(vals.values())
        winners = [i for i, v in vals.items() if v == best]
        return self.set_(winners) if len(winners) == 1 else None


def count(v: int) -> dict:
    return {"type": "count", "value": v}


def value(v) -> dict:
    return {"type": "value", "value": round(v, 2) if isinstance(v, float) else v}


def write_questions(G: Graph) -> list[dict]:
    W = Writer(G)
    N = G.name
    farms, farmers, plots = G.of("Farm"), G.of("Farmer"), G.of("Plot")
    coops, buyers, whs = G.of("Cooperative"), G.of("Buyer"), G.of("Warehouse")
    crops, varieties, certs, harvests = G.of("Crop"), G.of("Variety"), G.of("Certification"), G.of("Harvest")
    mentors = [f for f in farmers if G.out(f, "MENTORS")]
    mentees = [f for f in farmers if G.inn(f, "MENTORS")]

    # ---- count
    W.add("count", "How many farms are in the graph?", count(len(farms)), 0)
    W.add("count", "how many warehouses do we have", count(len(whs)), 0)
    W.add("count", "What's the number of buyers and processors on record?", count(len(buyers)), 0)
    W.add("count", "How many crop varieties are listed", count(len(varieties)), 0)
    W.add("count", "Count the cooperatives.", count(len(coops)), 0)

    # ---- filtered_count
    W.add("filtered_count", "How many farms are irrigated?",
          count(sum(G.attr(f, "irrigated") for f in farms)), 0)
    W.add("filtered_count", "how many plots sit on steep ground",
          count(sum(G.attr(p, "slope") == "steep" for p in plots)), 0)
    W.add("filtered_count", "Number of harvest lots graded A",
          count(sum(G.attr(h, "grade") == "A" for h in harvests)), 0)
    W.add("filtered_count", "How many of the warehouses are temperature-controlled?",
          count(sum(G.attr(w, "temperature_controlled") for w in whs)), 0)
    W.add("filtered_count", "How many buyers are breweries?",
          count(sum(G.attr(b, "sector") == "brewery" for b in buyers)), 0)
    W.add("filtered_count", "how many drought-tolerant varieties are there",
          count(sum(G.attr(v, "drought_tolerant") for v in varieties)), 0)
    W.add("filtered_count", "How many farmers were born before 1960?",
          count(sum(G.attr(f, "born") < "1960-01-01" for f in farmers)), 0)
    W.add("filtered_count", "How many farms have more than 300 hectares?",
          count(sum(G.attr(f, "hectares") > 300 for f in farms)), 0)
    W.add("filtered_count", "How many irrigated farms are on clay soil?",
          count(sum(G.attr(f, "irrigated") and G.attr(f, "soil") == "clay" for f in farms)), 0)
    W.add("filtered_count", "How many harvests brought in during 2023 weighed over 100 tonnes?",
          count(sum(G.attr(h, "harvested").startswith("2023") and G.attr(h, "tonnage") > 100 for h in harvests)), 0)
    W.pick("filtered_count", coops,
           lambda c: (f"How many farms are members of {N(c)}?", count(len(G.inn(c, "MEMBER_OF")))), 1)

    # ---- list
    W.pick("list", crops, lambda c: (f"List the {N(c)} varieties.", W.set_(G.inn(c, "VARIETY_OF"))), 1)
    W.pick("list", coops, lambda c: (f"Which warehouses does {N(c)} run?", W.set_(G.out(c, "RUNS_SITE"))), 1)
    W.pick("list", coops, lambda c: (f"show me the buyers that {N(c)} supplies",
                                     W.set_(G.out(c, "SUPPLIES"))), 1)
    W.pick("list", farms, lambda f: (f"what plots does {N(f)} have", W.set_(G.out(f, "HAS_PLOT"))), 1)
    W.pick("list", [f for f in farms if len(G.inn(f, "OPERATES")) > 1],
           lambda f: (f"Who works {N(f)}?", W.set_(G.inn(f, "OPERATES"))), 1)
    W.pick("list", whs, lambda w: (f"Which buyers does {N(w)} ship to?", W.set_(G.out(w, "SHIPS_TO"))), 1)
    W.pick("list", [f for f in farms if len(G.out(f, "CERTIFIED_BY")) > 1],
           lambda f: (f"Give me {N(f)}'s certifications", W.set_(G.out(f, "CERTIFIED_BY"))), 1)

    # ---- multihop
    def crops_of_farms(fs):
        return G.step(G.step(G.step(fs, "HAS_PLOT"), "SOWN_WITH"), "VARIETY_OF")

    def whs_of_farms(fs):
        return G.step(G.step(G.step(fs, "HAS_PLOT"), "YIELDED"), "STORED_AT")

    W.pick("multihop", farms, lambda f: (f"Which crops are grown on {N(f)}?", W.set_(crops_of_farms([f]))), 3)
    W.pick("multihop", farms, lambda f: (f"In which warehouses are the harvests from {N(f)} stored?",
                                         W.set_(whs_of_farms([f]))), 3)
    W.pick("multihop", mentors, lambda f: (f"who did {N(f)}'s mentees go on to mentor",
                                           W.set_(G.step(G.out(f, "MENTORS"), "MENTORS"))), 2)
    W.pick("multihop", mentees, lambda f: (f"Who mentored the mentor of {N(f)}?",
                                           W.set_(G.step(G.inn(f, "MENTORS"), "MENTORS", back=True))), 2)
    W.pick("multihop", mentees, lambda f: (f"Which farms are run by the person who mentored {N(f)}?",
                                           W.set_(G.step(G.inn(f, "MENTORS"), "OPERATES"))), 2)
    W.pick("multihop", mentors, lambda f: (f"Which farms are operated by farmers that {N(f)} mentors?",
                                           W.set_(G.step(G.out(f, "MENTORS"), "OPERATES"))), 2)
    W.pick("multihop", [f for f in farmers if len(G.out(f, "OPERATES")) > 1],
           lambda f: (f"which co-ops is {N(f)} part of through their farms",
                      W.set_(G.step(G.out(f, "OPERATES"), "MEMBER_OF"))), 2)
    W.pick("multihop", coops, lambda c: (f"What buyers get shipments from the warehouses {N(c)} operates?",
                                         W.set_(G.step(G.out(c, "RUNS_SITE"), "SHIPS_TO"))), 2)
    W.pick("multihop", [f for f in farmers if G.out(f, "OPERATES")],
           lambda f: (f"In which warehouses were harvests from {N(f)}'s plots stored?",
                      W.set_(whs_of_farms(G.out(f, "OPERATES")))), 4)
    W.pick("multihop", [f for f in farmers if G.out(f, "OPERATES")],
           lambda f: (f"What crops does {N(f)} grow?", W.set_(crops_of_farms(G.out(f, "OPERATES")))), 4)
    W.pick("multihop", mentors,
           lambda f: (f"Name the buyers supplied by the co-ops of farms operated by people {N(f)} mentors",
                      W.set_(G.step(G.step(G.step(G.out(f, "MENTORS"), "OPERATES"), "MEMBER_OF"), "SUPPLIES"))), 4)
    W.pick("multihop", mentors,
           lambda f: (f"Which certifications do farms run by {N(f)}'s mentees hold?",
                      W.set_(G.step(G.step(G.out(f, "MENTORS"), "OPERATES"), "CERTIFIED_BY"))), 3)
    W.pick("multihop", harvests,
           lambda h: (f"Who operates the farm that produced harvest {N(h)}?",
                      W.set_(G.step(G.step(G.inn(h, "YIELDED"), "HAS_PLOT", back=True), "OPERATES", back=True))), 3)
    W.pick("multihop", harvests,
           lambda h: (f"who mentored the farmer whose farm produced {N(h)}",
                      W.set_(G.step(G.step(G.step(G.inn(h, "YIELDED"), "HAS_PLOT", back=True), "OPERATES", back=True),
                                    "MENTORS", back=True))), 4)

    # ---- superlative
    def tonnage_of_farm(f):
        return round(sum(G.attr(h, "tonnage") for h in G.step(G.out(f, "HAS_PLOT"), "YIELDED")), 2)

    sup = [
        ("Which farm is the largest by area?", W.unique_best(farms, lambda f: G.attr(f, "hectares")), 0),
        ("Who is the oldest farmer?", W.unique_best(farmers, lambda f: G.attr(f, "born"), highest=False), 0),
        ("Which variety takes the longest to mature?",
         W.unique_best(varieties, lambda v: G.attr(v, "days_to_maturity")), 0),
        ("Which cooperative has the most member farms?",
         W.unique_best(coops, lambda c: len(G.inn(c, "MEMBER_OF"))), 1),
        ("Which farm produced the greatest total harvest tonnage?", W.unique_best(farms, tonnage_of_farm), 2),
        ("What warehouse has shipped the most tonnes in total?",
         W.unique_best(whs, lambda w: round(sum(G.edge(w, b, "SHIPS_TO")["tonnes"] for b in G.out(w, "SHIPS_TO")), 2)),
         1),
    ]
    for text, gold, hops in sup:
        if gold is not None:
            W.add("superlative", text, gold, hops)
    W.pick("superlative", coops, lambda c: (f"Among the member farms of {N(c)}, which has the most hectares?",
                                            W.unique_best(G.inn(c, "MEMBER_OF"), lambda f: G.attr(f, "hectares"))), 1)
    W.pick("superlative", [f for f in mentors if len(G.out(f, "MENTORS")) >= 3],
           lambda f: (f"Of the farmers {N(f)} mentors, who has been farming the longest?",
                      W.unique_best(G.out(f, "MENTORS"), lambda m: G.attr(m, "years_farming"))), 1)
    W.pick("superlative", farms, lambda f: (f"What's the heaviest harvest lot from {N(f)}?",
                                            W.unique_best(G.step(G.out(f, "HAS_PLOT"), "YIELDED"),
                                                          lambda h: G.attr(h, "tonnage"))), 2)
    W.pick("superlative", whs, lambda w: (f"Which buyer does {N(w)} ship the largest tonnage to?",
                                          W.unique_best(G.out(w, "SHIPS_TO"),
                                                        lambda b: G.edge(w, b, "SHIPS_TO")["tonnes"])), 1)

    # ---- aggregate
    W.pick("aggregate", coops, lambda c: (
        f"What is the total area in hectares of the farms belonging to {N(c)}?",
        value(round(sum(G.attr(f, "hectares") for f in G.inn(c, "MEMBER_OF")), 2))), 1)
    W.add("aggregate", "average tonnage of grade B harvest lots?",
          value(round(mean(G.attr(h, "tonnage") for h in harvests if G.attr(h, "grade") == "B"), 2)), 0)
    W.add("aggregate", "What's the mean storage capacity of the warehouses",
          value(round(mean(G.attr(w, "capacity_t") for w in whs), 2)), 0)
    W.pick("aggregate", whs, lambda w: (
        f"How many tonnes in total has {N(w)} shipped?",
        value(round(sum(G.edge(w, b, "SHIPS_TO")["tonnes"] for b in G.out(w, "SHIPS_TO")), 2))), 1)
    W.pick("aggregate", certs, lambda c: (
        f"Average audit score of farms certified under {N(c)}?",
        value(round(mean(G.edge(f, c, "CERTIFIED_BY")["audit_score"] for f in G.inn(c, "CERTIFIED_BY")), 2))), 1)

    # ---- edge_property
    member_pairs = [(f, c) for f in farms for c in G.out(f, "MEMBER_OF")]
    W.pick("edge_property", member_pairs, lambda p: (f"When did {N(p[0])} join {N(p[1])}?",
                                                     value(G.edge(p[0], p[1], "MEMBER_OF")["joined"])), 1)
    supply_pairs = [(c, b) for c in coops for b in G.out(c, "SUPPLIES")]
    W.pick("edge_property", supply_pairs, lambda p: (
        f"what's the per-tonne price on the supply contract between {N(p[0])} and {N(p[1])}",
        value(G.edge(p[0], p[1], "SUPPLIES")["price_per_t"])), 1)
    ship_pairs = [(w, b) for w in whs for b in G.out(w, "SHIPS_TO")]
    W.pick("edge_property", ship_pairs, lambda p: (f"How many tonnes did {N(p[0])} send to {N(p[1])}?",
                                                   value(G.edge(p[0], p[1], "SHIPS_TO")["tonnes"])), 1)
    cert_pairs = [(f, c) for f in farms for c in G.out(f, "CERTIFIED_BY")]
    W.pick("edge_property", cert_pairs, lambda p: (f"What audit score did {N(p[0])} receive for {N(p[1])}?",
                                                   value(G.edge(p[0], p[1], "CERTIFIED_BY")["audit_score"])), 1)
    op_pairs = [(a, f) for f in farms for a in G.inn(f, "OPERATES")
                if G.edge(a, f, "OPERATES")["tenure"] == "tenant"]
    W.pick("edge_property", op_pairs, lambda p: (f"What is {N(p[0])}'s tenure arrangement on {N(p[1])}?",
                                                 value(G.edge(p[0], p[1], "OPERATES")["tenure"])), 1)
    mentor_pairs = [(a, b) for a in mentors for b in G.out(a, "MENTORS")]
    W.pick("edge_property", mentor_pairs, lambda p: (f"In what year did {N(p[0])} start mentoring {N(p[1])}?",
                                                     value(G.edge(p[0], p[1], "MENTORS")["since_year"])), 1)
    W.add("edge_property", "How many shipments went by rail?",
          count(sum(G.edge(w, b, "SHIPS_TO")["mode"] == "rail" for w, b in ship_pairs)), 1)
    W.add("edge_property", "how many co-op memberships carry voting rights",
          count(sum(G.edge(f, c, "MEMBER_OF")["voting"] for f, c in member_pairs)), 1)

    # ---- yes_no (yes, no, yes, no, ...)
    yes = {"type": "bool", "value": True}
    no = {"type": "bool", "value": False}
    W.pick("yes_no", member_pairs, lambda p: (f"Is {N(p[0])} a member of {N(p[1])}?", yes), 1)
    W.pick("yes_no", farms, lambda f: (f"Is {N(f)} part of the {N(c)}?", no)
           if (c := coops[_key(f)[1] % len(coops)]) not in G.out(f, "MEMBER_OF") else None, 1)
    W.pick("yes_no", mentor_pairs, lambda p: (f"Does {N(p[0])} mentor {N(p[1])}?", yes), 1)
    W.pick("yes_no", mentor_pairs, lambda p: (f"does {N(p[1])} mentor {N(p[0])}", no), 1)
    W.pick("yes_no", [f for f in farms if G.attr(f, "irrigated")], lambda f: (f"Is {N(f)} irrigated?", yes), 0)
    W.pick("yes_no", whs, lambda w: (f"does {N(w)} ship to {N(b)}?", no)
           if (b := buyers[_key(w)[1] * 7 % len(buyers)]) not in G.out(w, "SHIPS_TO") else None, 1)
    W.pick("yes_no", varieties, lambda v: (f"Is {N(v)} a variety of {N(G.out(v, 'VARIETY_OF')[0])}?", yes), 1)
    W.pick("yes_no", [f for f in farms if G.out(f, "CERTIFIED_BY")], lambda f: (f"Has {N(f)} been certified {N(c)}?", no)
           if (c := certs[_key(f)[1] % len(certs)]) not in G.out(f, "CERTIFIED_BY") else None, 1)

    # ---- portfolio
    W.pick("portfolio", farms, lambda f: (f"Tell me everything about {N(f)}.", W.set_(G.neighbours(f))), 1)
    W.pick("portfolio", buyers, lambda b: (f"give me an overview of {N(b)}", W.set_(G.neighbours(b))), 1)
    W.pick("portfolio", plots, lambda p: (f"What do we know about the plot {N(p)}?", W.set_(G.neighbours(p))), 1)

    # ---- unknown (made-up names: checked absent from the graph)
    names = {N(n).lower() for n in G.g.nodes}
    for u in UNKNOWN_NAMES:
        assert u.lower() not in names and not any(u.lower() in n for n in names)
    none = {"type": "none"}
    W.add("unknown", f"How many plots does {UNKNOWN_NAMES[0]} have?", none, 0)
    W.add("unknown", f"Who mentors {UNKNOWN_NAMES[1]}?", none, 0)
    W.add("unknown", f"Which buyers does {UNKNOWN_NAMES[2]} ship to?", none, 0)
    W.add("unknown", f"what crop is the {UNKNOWN_NAMES[3]} variety", none, 0)

    # ---- global
    W.add("global", "How many different kinds of entities (node types) does this graph have?",
          count(len({d["label"] for _, d in G.g.nodes(data=True)})), 0)
    W.add("global", "how many relationship types are there in the schema",
          count(len({k for _, _, k in G.g.edges(keys=True)})), 0)
    W.add("global", "What's the total number of nodes in the graph?", count(G.g.number_of_nodes()), 0)
    return W.rows


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(__doc__)
        return 2
    out = Path(argv[0])
    folder = Path(argv[1]) if len(argv) > 1 else out / "agri_csv"
    rows = write_questions(Graph(load(folder)))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "holdout.jsonl", "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} questions to {out / 'holdout.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
