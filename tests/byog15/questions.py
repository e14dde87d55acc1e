"""Write the byog15 holdout questions with gold answers computed from the museum GraphML (networkx only).

    python tests/byog15/questions.py DIR [GRAPHML]    # writes DIR/holdout.jsonl (GRAPHML defaults to DIR/museum.graphml)

Subjects are picked deterministically from the graph; a subject is used only when its name is unique and no
superlative has a tie (the script fails loudly rather than write an ambiguous gold).
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import defaultdict
from pathlib import Path

import networkx as nx


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", s.lower()).split())


def _idnum(nid: str) -> tuple[str, int]:
    head, _, num = nid.rpartition("-")
    return head, int(num)


class Museum:
    def __init__(self, path: Path):
        self.g = nx.read_graphml(path, force_multigraph=True)
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for n, d in self.g.nodes(data=True):
            self.by_type[d["labels"].lstrip(":")].append(n)
        for v in self.by_type.values():
            v.sort(key=_idnum)
        counts: dict[str, int] = defaultdict(int)
        for n in self.g.nodes:
            counts[_norm(self.name(n))] += 1
        self.name_count = counts
        self.padded = {n: f" {_norm(self.name(n))} " for n in self.g.nodes}
        self._unique: dict[str, bool] = {}
        self.rng = random.Random(15)

    # -- basics
    def a(self, n: str, key: str):
        return self.g.nodes[n].get(key)

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "title" in d:
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def nodes(self, t: str) -> list[str]:
        return self.by_type[t]

    def out(self, n: str, label: str) -> list[str]:
        return sorted({v for _, v, d in self.g.out_edges(n, data=True) if d["label"] == label}, key=_idnum)

    def inn(self, n: str, label: str) -> list[str]:
        return sorted({u for u, _, d in self.g.in_edges(n, data=True) if d["label"] == label}, key=_idnum)

    def edge(self, u: str, v: str, label: str) -> dict:
        found = [d for d in (self.g.get_edge_data(u, v) or {}).values() if d["label"] == label]
        assert len(found) == 1, (u, v, label, found)
        return found[0]

    def unique(self, n: str) -> bool:
        """Name held by this node only and not a word-run inside any other node's name."""
        if n not in self._unique:
            padded = self.padded[n]
            self._unique[n] = self.name_count[padded.strip()] == 1 and not any(
                padded in p for m, p in self.padded.items() if m != n)
        return self._unique[n]

    def pick(self, t: str, pred, k: int = 1) -> list[str]:
        cands = [n for n in self.nodes(t) if pred(n) and self.unique(n)]
        assert len(cands) >= k, f"not enough {t} candidates"
        return self.rng.sample(cands, k)

    # -- gold builders
    def gset(self, ids) -> dict:
        ids = sorted(set(ids), key=_idnum)
        assert all(self.name_count[_norm(self.name(i))] == 1 for i in ids), ids
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}


def _top(scores: dict[str, float], highest: bool = True) -> str:
    best = max(scores.values()) if highest else min(scores.values())
    winners = [n for n, s in scores.items() if s == best]
    assert len(winners) == 1, f"tie for the top: {winners}"
    return winners[0]


def build_questions(m: Museum) -> list[dict]:
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int = 0) -> None:
        if gold["type"] == "count":
            quoted = {float(x) for x in re.findall(r"(?<![\w-])\d+(?:\.\d+)?", question.replace(",", ""))}
            assert float(gold["value"]) not in quoted, question
        if gold["type"] == "set":
            assert gold["ids"], question
        qs.append({"id": f"byog15-{len(qs) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                   "hops": hops})

    A, W, G, X = m.nodes("Artist"), m.nodes("Artwork"), m.nodes("Gallery"), m.nodes("Exhibition")
    L, C, T, MV = m.nodes("Lender"), m.nodes("Curator"), m.nodes("Treatment"), m.nodes("Movement")
    works_of = {a: m.inn(a, "CREATED_BY") for a in A}

    # ---- count
    add("count", "How many artists does the museum have on record?", {"type": "count", "value": len(A)})
    add("count", "how many exhibitions are there", {"type": "count", "value": len(X)})
    add("count", "Number of galleries?", {"type": "count", "value": len(G)})
    add("count", "How many conservation treatments have been logged?", {"type": "count", "value": len(T)})

    # ---- filtered count
    add("filtered_count", "How many artworks are oil on canvas?",
        {"type": "count", "value": sum(m.a(w, "medium") == "Oil on canvas" for w in W)})
    add("filtered_count", "How many of our artists are still alive?",
        {"type": "count", "value": sum(bool(m.a(a, "living")) for a in A)})
    add("filtered_count", "How many French artists are there?",
        {"type": "count", "value": sum(m.a(a, "nationality") == "French" for a in A)})
    add("filtered_count", "How many lenders are private collectors?",
        {"type": "count", "value": sum(m.a(x, "lender_type") == "Private collector" for x in L)})
    add("filtered_count", "How many exhibitions were ticketed?",
        {"type": "count", "value": sum(bool(m.a(x, "ticketed")) for x in X)})
    add("filtered_count", "How many works in the collection were made before 1800?",
        {"type": "count", "value": sum(m.a(w, "year_created") < 1800 for w in W)})
    add("filtered_count", "How many conservation treatments cost more than 10,000?",
        {"type": "count", "value": sum(m.a(t, "cost") > 10000 for t in T)})
    add("filtered_count", "How many exhibitions opened in 2019?",
        {"type": "count", "value": sum(m.a(x, "start_date").startswith("2019-") for x in X)})
    add("filtered_count", "How many artists have more than 10 works in the collection?",
        {"type": "count", "value": sum(len(works_of[a]) > 10 for a in A)})

    # ---- list
    add("list", "Which galleries are climate-controlled?",
        m.gset(g for g in G if m.a(g, "climate_controlled")))
    add("list", "List the curators in the Photography department.",
        m.gset(c for c in C if m.a(c, "department") == "Photography"))
    fauv = next(x for x in MV if m.name(x) == "Fauvism")
    add("list", "Which artists are associated with Fauvism?", m.gset(m.inn(fauv, "BELONGS_TO")), 1)
    (artist,) = m.pick("Artist", lambda a: 3 <= len(works_of[a]) <= 7)
    add("list", f"Show me the works by {m.name(artist)}.", m.gset(works_of[artist]), 1)
    (gal,) = m.pick("Gallery", lambda g: 3 <= len(m.inn(g, "HELD_IN")) <= 6)
    add("list", f"what exhibitions were held in the {m.name(gal)}?", m.gset(m.inn(gal, "HELD_IN")), 1)
    add("list", "Which of the lenders are foundations?",
        m.gset(x for x in L if m.a(x, "lender_type") == "Foundation"))
    (donor,) = m.pick("Lender", lambda x: 3 <= len(m.inn(x, "DONATED_BY")) <= 8)
    add("list", f"Which artworks were donated by the {m.name(donor)}?", m.gset(m.inn(donor, "DONATED_BY")), 1)

    # ---- multihop
    def artists_in(x: str) -> set[str]:
        return {a for w in m.inn(x, "FEATURED_IN") for a in m.out(w, "CREATED_BY")}

    (exh,) = m.pick("Exhibition", lambda x: 3 <= len(artists_in(x)) <= 10)
    add("multihop", f"Which artists had work in the \"{m.name(exh)}\" exhibition?", m.gset(artists_in(exh)), 2)

    def exhibitions_of(a: str) -> set[str]:
        return {x for w in works_of[a] for x in m.out(w, "FEATURED_IN")}

    (artist2,) = m.pick("Artist", lambda a: 2 <= len(exhibitions_of(a)) <= 8 and a != artist)
    add("multihop", f"In which exhibitions has {m.name(artist2)}'s work been shown?",
        m.gset(exhibitions_of(artist2)), 2)

    def pupil_movements(a: str) -> set[str]:
        return {mv for p in m.out(a, "MENTORED") for mv in m.out(p, "BELONGS_TO")}

    (teacher,) = m.pick("Artist", lambda a: len(m.out(a, "MENTORED")) >= 2 and len(pupil_movements(a)) >= 2)
    add("multihop", f"What movements do the pupils of {m.name(teacher)} belong to?",
        m.gset(pupil_movements(teacher)), 2)

    def mentor_works(a: str) -> set[str]:
        return {w for t in m.inn(a, "MENTORED") for w in works_of[t]}

    (pupil,) = m.pick("Artist", lambda a: len(m.inn(a, "MENTORED")) == 1 and 2 <= len(mentor_works(a)) <= 8)
    add("multihop", f"Which works by {m.name(pupil)}'s teacher are in the collection?",
        m.gset(mentor_works(pupil)), 2)

    def grand_mentors(a: str) -> set[str]:
        return {gm for t in m.inn(a, "MENTORED") for gm in m.inn(t, "MENTORED")}

    (pupil2,) = m.pick("Artist", lambda a: len(m.inn(a, "MENTORED")) == 1 and len(grand_mentors(a)) >= 1)
    add("multihop", f"Who taught the mentor of {m.name(pupil2)}?", m.gset(grand_mentors(pupil2)), 2)

    def grand_pupils(a: str) -> set[str]:
        return {gp for p in m.out(a, "MENTORED") for gp in m.out(p, "MENTORED")}

    (master,) = m.pick("Artist", lambda a: len(grand_pupils(a)) >= 2)
    add("multihop", f"who are the students of {m.name(master)}'s students?", m.gset(grand_pupils(master)), 2)

    def galleries_of(a: str) -> set[str]:
        return {gg for x in exhibitions_of(a) for gg in m.out(x, "HELD_IN")}

    (artist3,) = m.pick("Artist", lambda a: 2 <= len(galleries_of(a)) <= 8)
    add("multihop", f"Which galleries hosted exhibitions that included pieces by {m.name(artist3)}?",
        m.gset(galleries_of(artist3)), 3)

    def movement_curators(mv: str) -> set[str]:
        return {c for a in m.inn(mv, "BELONGS_TO") for w in works_of[a] for x in m.out(w, "FEATURED_IN")
                for c in m.out(x, "CURATED_BY")}

    (mov,) = m.pick("Movement", lambda mv: 2 <= len(movement_curators(mv)) <= 12)
    add("multihop", f"Which curators organised exhibitions showing work by {m.name(mov)} artists?",
        m.gset(movement_curators(mov)), 4)

    def supervised_movements(c: str) -> set[str]:
        return {mv for t in m.inn(c, "SUPERVISED_BY") for w in m.inn(t, "UNDERWENT")
                for a in m.out(w, "CREATED_BY") for mv in m.out(a, "BELONGS_TO")}

    (cur,) = m.pick("Curator", lambda c: 2 <= len(supervised_movements(c)) <= 8)
    add("multihop", f"Which art movements are represented among the works whose conservation {m.name(cur)} "
        "supervised?", m.gset(supervised_movements(cur)), 4)

    def curator_sponsors(c: str) -> set[str]:
        return {s for x in m.inn(c, "CURATED_BY") for s in m.out(x, "SPONSORED_BY")}

    (cur2,) = m.pick("Curator", lambda c: 2 <= len(curator_sponsors(c)) <= 8 and c != cur)
    add("multihop", f"Which lenders sponsored exhibitions curated by {m.name(cur2)}?",
        m.gset(curator_sponsors(cur2)), 2)

    def conservators_of(a: str) -> set[str]:
        return {c for w in works_of[a] for t in m.out(w, "UNDERWENT") for c in m.out(t, "SUPERVISED_BY")}

    (artist4,) = m.pick("Artist", lambda a: 2 <= len(conservators_of(a)) <= 6)
    add("multihop", f"Who supervised conservation work on pieces by {m.name(artist4)}?",
        m.gset(conservators_of(artist4)), 3)

    def lender_artists(x: str) -> set[str]:
        return {a for w in m.inn(x, "LOANED_BY") for a in m.out(w, "CREATED_BY")}

    (lender,) = m.pick("Lender", lambda x: 2 <= len(lender_artists(x)) <= 6)
    add("multihop", f"Which artists have pieces on loan from the {m.name(lender)}?", m.gset(lender_artists(lender)), 2)

    def hanging_managers(a: str) -> set[str]:
        return {c for w in works_of[a] for gg in m.out(w, "HUNG_IN") for c in m.inn(gg, "MANAGES")}

    (artist5,) = m.pick("Artist", lambda a: 2 <= len(hanging_managers(a)) <= 5)
    add("multihop", f"which curators manage the rooms where {m.name(artist5)}'s works are hanging",
        m.gset(hanging_managers(artist5)), 3)

    def boss2(c: str) -> set[str]:
        return {b2 for b in m.out(c, "REPORTS_TO") for b2 in m.out(b, "REPORTS_TO")}

    (cur3,) = m.pick("Curator", lambda c: len(boss2(c)) == 1)
    add("multihop", f"Who does {m.name(cur3)}'s manager report to?", m.gset(boss2(cur3)), 2)

    def reports2(c: str) -> set[str]:
        return {r2 for r in m.inn(c, "REPORTS_TO") for r2 in m.inn(r, "REPORTS_TO")}

    (cur4,) = m.pick("Curator", lambda c: 2 <= len(reports2(c)) <= 10)
    add("multihop", f"Which curators report to someone who reports to {m.name(cur4)}?", m.gset(reports2(cur4)), 2)

    cub = next(x for x in MV if m.name(x) == "Cubism")
    add("multihop", "Which artists studied under a Cubist?",
        m.gset(p for a in m.inn(cub, "BELONGS_TO") for p in m.out(a, "MENTORED")), 2)

    def gallery_lenders(gg: str) -> set[str]:
        return {ln for x in m.inn(gg, "HELD_IN") for w in m.inn(x, "FEATURED_IN") for ln in m.out(w, "LOANED_BY")}

    (gal2,) = m.pick("Gallery", lambda gg: 2 <= len(gallery_lenders(gg)) <= 8 and gg != gal)
    add("multihop", f"Which lenders' works were shown in exhibitions held in the {m.name(gal2)}?",
        m.gset(gallery_lenders(gal2)), 3)

    # ---- superlative
    def sup(question: str, scores: dict[str, float], highest: bool = True, hops: int = 0) -> None:
        add("superlative", question, m.gset([_top(scores, highest)]), hops)

    sup("Which artwork has the highest insured value?", {w: m.a(w, "insured_value") for w in W})
    sup("Which exhibition had the biggest attendance?", {x: m.a(x, "visitor_count") for x in X})
    sup("Which artist has the most works in the collection?", {a: len(works_of[a]) for a in A}, hops=1)
    sup("Which curator has supervised the most conservation treatments?",
        {c: len(m.inn(c, "SUPERVISED_BY")) for c in C}, hops=1)
    sup("Which gallery has the most artworks hanging in it?", {g: len(m.inn(g, "HUNG_IN")) for g in G}, hops=1)
    sup("Which lender has earned the most in loan fees overall?",
        {x: sum(m.edge(w, x, "LOANED_BY")["loan_fee"] for w in m.inn(x, "LOANED_BY")) for x in L}, hops=1)
    sup("Which exhibition received the most sponsorship money in total?",
        {x: sum(m.edge(x, s, "SPONSORED_BY")["amount"] for s in m.out(x, "SPONSORED_BY")) for x in X}, hops=1)
    sup("What's the most expensive conservation treatment?", {t: m.a(t, "cost") for t in T})
    sup("Which is the largest gallery by floor area?", {g: m.a(g, "area_sqm") for g in G})

    # ---- aggregate
    add("aggregate", "What is the total insured value of all the artworks?",
        {"type": "value", "value": round(sum(m.a(w, "insured_value") for w in W), 2)})
    add("aggregate", "What's the average visitor count per exhibition?",
        {"type": "value", "value": round(sum(m.a(x, "visitor_count") for x in X) / len(X), 2)})
    add("aggregate", "How much have conservation treatments cost altogether?",
        {"type": "value", "value": round(sum(m.a(t, "cost") for t in T), 2)})
    (artist6,) = m.pick("Artist", lambda a: 3 <= len(works_of[a]) <= 10 and a not in (artist, artist2))
    add("aggregate", f"What is the average insured value of works by {m.name(artist6)}?",
        {"type": "value",
         "value": round(sum(m.a(w, "insured_value") for w in works_of[artist6]) / len(works_of[artist6]), 2)}, 1)

    # ---- edge property
    loans = [(w, x) for x in L for w in m.inn(x, "LOANED_BY") if m.unique(w) and m.unique(x)]
    (w1, x1), (w2, x2) = m.rng.sample(loans, 2)
    add("edge_property", f"What loan fee was agreed with the {m.name(x1)} for {m.name(w1)}?",
        {"type": "value", "value": m.edge(w1, x1, "LOANED_BY")["loan_fee"]}, 1)
    add("edge_property", f"When did the loan of {m.name(w2)} from the {m.name(x2)} start?",
        {"type": "value", "value": m.edge(w2, x2, "LOANED_BY")["loan_start"]}, 1)
    spons = [(x, s) for x in X for s in m.out(x, "SPONSORED_BY") if m.unique(x) and m.unique(s)]
    (x3, s3) = m.rng.choice(spons)
    add("edge_property", f"How much did the {m.name(s3)} put toward sponsoring \"{m.name(x3)}\"?",
        {"type": "value", "value": m.edge(x3, s3, "SPONSORED_BY")["amount"]}, 1)
    feats = [(w, x) for x in X for w in m.inn(x, "FEATURED_IN") if m.unique(w) and m.unique(x)]
    (w4, x4) = m.rng.choice(feats)
    add("edge_property", f"What catalogue number did {m.name(w4)} have in the exhibition \"{m.name(x4)}\"?",
        {"type": "value", "value": m.edge(w4, x4, "FEATURED_IN")["catalogue_number"]}, 1)
    gifts = [(w, x) for x in L for w in m.inn(x, "DONATED_BY") if m.unique(w) and m.unique(x)]
    (w5, x5) = m.rng.choice(gifts)
    add("edge_property", f"In what year did the {m.name(x5)} donate {m.name(w5)}?",
        {"type": "value", "value": m.edge(w5, x5, "DONATED_BY")["gift_year"]}, 1)
    seconds = [(x, c) for x in X for c in m.out(x, "CURATED_BY")
               if len(m.out(x, "CURATED_BY")) == 2 and not m.edge(x, c, "CURATED_BY")["lead_curator"]
               and m.unique(x) and m.unique(c)]
    (x6, c6) = m.rng.choice(seconds)
    add("edge_property", f"Was {m.name(c6)} the lead curator on \"{m.name(x6)}\"?", {"type": "bool", "value": False},
        1)

    # ---- yes/no
    (w7,) = m.pick("Artwork", lambda w: bool(m.a(w, "on_display")))
    add("yes_no", f"Is {m.name(w7)} on display right now?", {"type": "bool", "value": True})
    (a8,) = m.pick("Artist", lambda a: len(works_of[a]) >= 2 and a not in (artist, artist2, artist6))
    w8 = m.rng.choice(works_of[a8])
    add("yes_no", f"Did {m.name(a8)} make {m.name(w8)}?", {"type": "bool", "value": True}, 1)
    pairs = [(t, p) for t in A for p in m.out(t, "MENTORED") if m.unique(t) and m.unique(p)]
    (t9, p9) = m.rng.choice(pairs)  # t9 taught p9; asked the other way round
    assert t9 not in m.out(p9, "MENTORED")
    add("yes_no", f"Was {m.name(t9)} taught by {m.name(p9)}?", {"type": "bool", "value": False}, 1)
    (w10,) = m.pick("Artwork", lambda w: not m.out(w, "FEATURED_IN"))
    add("yes_no", f"Has {m.name(w10)} ever been shown in an exhibition?", {"type": "bool", "value": False}, 1)
    (g11,) = m.pick("Gallery", lambda g: not m.a(g, "climate_controlled"))
    add("yes_no", f"Is the {m.name(g11)} climate controlled?", {"type": "bool", "value": False})

    # ---- portfolio: every direct neighbour, both directions
    def neighbours(n: str) -> set[str]:
        return set(m.g.successors(n)) | set(m.g.predecessors(n))

    (px,) = m.pick("Exhibition", lambda x: 6 <= len(neighbours(x)) <= 14 and x not in (exh, x3, x4, x6))
    add("portfolio", f"Tell me everything about the exhibition \"{m.name(px)}\".", m.gset(neighbours(px)), 1)
    (pl,) = m.pick("Lender", lambda x: 3 <= len(neighbours(x)) <= 12 and x not in (donor, lender, x1, x2, x5))
    add("portfolio", f"Give me an overview of the {m.name(pl)}.", m.gset(neighbours(pl)), 1)
    (pc,) = m.pick("Curator", lambda c: 4 <= len(neighbours(c)) <= 14 and c not in (cur, cur2, cur3, cur4, c6))
    add("portfolio", f"What do we know about {m.name(pc)}?", m.gset(neighbours(pc)), 1)

    # ---- unknown names (checked absent)
    for q, probe in [("Which works by Margarethe Vollinger do we hold?", "vollinger"),
                     ("When did the exhibition \"Tides of Amber: Coastal Etchings\" open?", "tides of amber"),
                     ("How many pieces has the Oakhurst Heritage Trust lent us?", "oakhurst")]:
        assert not any(f" {probe} " in f" {_norm(m.name(n))} " for n in m.g.nodes), probe
        add("unknown", q, {"type": "none"})

    # ---- global
    add("global", "How many different types of entities does this graph contain?",
        {"type": "count", "value": len(m.by_type)})
    sizes = {t: len(v) for t, v in m.by_type.items()}
    add("global", "Which type of node is most common in the dataset?", {"type": "value", "value": _top(sizes)})
    return qs


def write(out_dir: Path, graphml: Path | None = None) -> Path:
    graphml = graphml or out_dir / "museum.graphml"
    qs = build_questions(Museum(graphml))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "holdout.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args(argv)
    print(write(args.out_dir, args.graphml))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
