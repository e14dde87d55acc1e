"""Hold-out questions over the library graph, with gold answers computed from the GraphML file alone.

Usage::

    python tests/byog10/questions.py DIR [GRAPHML]     # writes DIR/holdout.jsonl (GRAPHML defaults to
                                                       # DIR/library.graphml)

Only ``networkx.read_graphml`` of the file is used (never the generator). Subjects are chosen deterministically
(``random.Random(1010)`` over id-sorted candidates) among nodes whose display name is unique and not part of any
other node's name; superlatives are asked only where the top value is not tied.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import networkx as nx

OUT_NAME = "holdout.jsonl"
PICK_SEED = 1010


def _key(nid: str) -> tuple[str, int]:
    head, _, tail = nid.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (nid, -1)


class Graph:
    def __init__(self, path: Path | str):
        self.g = nx.read_graphml(path)
        self.by_type: dict[str, list[str]] = {}
        for n, d in self.g.nodes(data=True):
            self.by_type.setdefault(d["labels"].strip(":"), []).append(n)
        for ids in self.by_type.values():
            ids.sort(key=_key)
        names = [self.name(n).lower() for n in self.g.nodes]
        self._count = Counter(names)
        self._all_names = names

    def attr(self, n: str, key: str):
        return self.g.nodes[n].get(key)

    def name(self, n: str) -> str:
        d = self.g.nodes[n]
        if "name" in d:
            return d["name"]
        if "title" in d:
            return d["title"]
        return f"{d['first_name']} {d['last_name']}"

    def clean(self, n: str) -> bool:
        """The name is unique and not contained (as words) in any other node's name."""
        low = self.name(n).lower()
        if self._count[low] != 1:
            return False
        rx = re.compile(r"(?<!\w)" + re.escape(low) + r"(?!\w)")
        return sum(1 for other in self._all_names if rx.search(other)) == 1

    def outs(self, n: str, label: str) -> list[str]:
        return sorted((v for v in self.g.successors(n) if self.g[n][v]["label"] == label), key=_key)

    def ins(self, n: str, label: str) -> list[str]:
        return sorted((u for u in self.g.predecessors(n) if self.g[u][n]["label"] == label), key=_key)

    def edge(self, u: str, v: str) -> dict:
        return self.g[u][v]

    def set_gold(self, ids: Iterable[str]) -> dict:
        ids = sorted(set(ids), key=_key)
        return {"type": "set", "ids": ids, "names": [self.name(i) for i in ids]}


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"(?<![\w-])\d+(?:\.\d+)?(?![\w-])", text)}


def build(path: Path | str) -> list[dict]:
    G = Graph(path)
    rng = random.Random(PICK_SEED)
    T = G.by_type
    qs: list[dict] = []

    def add(kind: str, question: str, gold: dict, hops: int) -> None:
        if gold["type"] == "count":
            assert float(gold["value"]) not in _numbers(question), (question, gold)
        if gold["type"] == "set":
            assert gold["ids"], question
        qs.append({"id": f"byog10-{len(qs) + 1:02d}", "kind": kind, "question": question, "gold": gold,
                   "hops": hops})

    used: set[str] = set()

    def pick(cands: Iterable[str], ok: Callable[[str], bool] = lambda n: True, fresh: bool = True) -> str:
        pool = sorted(cands, key=_key)
        rng.shuffle(pool)
        for n in pool:
            if G.clean(n) and ok(n) and not (fresh and n in used):
                used.add(n)
                return n
        raise AssertionError("no candidate fits")

    def all_clean(ids: Iterable[str]) -> bool:
        return all(G.clean(i) for i in ids)

    def unique_top(ids: list[str], score: Callable[[str], float], highest: bool = True) -> str | None:
        vals = sorted(((score(i), i) for i in ids), reverse=highest)
        if len(vals) < 2 or vals[0][0] == vals[1][0] or not G.clean(vals[0][1]):
            return None
        return vals[0][1]

    books, authors, members = T["Book"], T["Author"], T["Member"]
    branches, publishers, series = T["Branch"], T["Publisher"], T["Series"]
    genres = T["Genre"]

    # ---- count (4)
    add("count", "How many books are in the catalogue?", {"type": "count", "value": len(books)}, 0)
    add("count", "how many library members are there", {"type": "count", "value": len(members)}, 0)
    add("count", "Number of publishers?", {"type": "count", "value": len(publishers)}, 0)
    add("count", "How many branches does the library network have?", {"type": "count", "value": len(branches)}, 0)

    # ---- filtered_count (8)
    n = sum(1 for b in books if G.attr(b, "publication_date") < "1990-01-01")
    add("filtered_count", "How many books came out before 1990?", {"type": "count", "value": n}, 0)
    n = sum(1 for m in members if G.attr(m, "tier") == "student")
    add("filtered_count", "How many members are on a student membership?", {"type": "count", "value": n}, 0)
    n = sum(1 for a in authors if G.attr(a, "living"))
    add("filtered_count", "How many of our authors are still alive?", {"type": "count", "value": n}, 0)
    n = sum(1 for b in books if G.attr(b, "language") == "Spanish")
    add("filtered_count", "how many titles do we have in Spanish", {"type": "count", "value": n}, 0)
    a = pick(authors, lambda x: 3 <= len(G.outs(x, "WROTE")) <= 9)
    add("filtered_count", f"How many books has {G.name(a)} written?",
        {"type": "count", "value": len(G.outs(a, "WROTE"))}, 1)
    br = pick(branches, lambda x: 20 <= len(G.ins(x, "REGISTERED_AT")) <= 90)
    add("filtered_count", f"How many members are registered at {G.name(br)}?",
        {"type": "count", "value": len(G.ins(br, "REGISTERED_AT"))}, 1)
    n = sum(1 for b in books if G.attr(b, "pages") > 600)
    add("filtered_count", "How many books run to more than 600 pages?", {"type": "count", "value": n}, 0)
    p = pick(publishers, lambda x: len(G.ins(x, "PUBLISHED_BY")) >= 8)
    n = sum(1 for b in G.ins(p, "PUBLISHED_BY") if G.attr(b, "in_print"))
    add("filtered_count", f"How many of {G.name(p)}'s books are still in print?", {"type": "count", "value": n}, 1)

    # ---- list (6)
    add("list", "Which genres are non-fiction?", G.set_gold(x for x in genres if not G.attr(x, "fiction")), 0)
    add("list", "Which branches are open on Sundays?",
        G.set_gold(x for x in branches if G.attr(x, "open_sundays")), 0)
    a = pick(authors, lambda x: 2 <= len(G.outs(x, "WROTE")) <= 8 and all_clean(G.outs(x, "WROTE")))
    add("list", f"List the books {G.name(a)} wrote.", G.set_gold(G.outs(a, "WROTE")), 1)
    add("list", "Which publishers are Canadian?",
        G.set_gold(x for x in publishers if G.attr(x, "country") == "Canada"), 0)
    add("list", "Which series are still unfinished?", G.set_gold(x for x in series if not G.attr(x, "completed")), 0)
    add("list", "What branches are there in Lakeview?",
        G.set_gold(x for x in branches if G.attr(x, "city") == "Lakeview"), 0)

    # ---- multihop (13)
    def sequels(b: str) -> list[str]:
        return G.ins(b, "SEQUEL_OF")

    x = pick(books, lambda b: len(sequels(b)) == 1 and all_clean(G.ins(sequels(b)[0], "WROTE")))
    add("multihop", f"Who wrote the sequel to {G.name(x)}?", G.set_gold(G.ins(sequels(x)[0], "WROTE")), 2)
    x = pick(books, lambda b: len(G.outs(b, "SEQUEL_OF")) == 1)
    prev = G.outs(x, "SEQUEL_OF")[0]
    add("multihop", f"Which publisher put out the book that '{G.name(x)}' is a sequel to?",
        G.set_gold(G.outs(prev, "PUBLISHED_BY")), 2)
    m = pick(members, lambda y: len(G.ins(y, "REFERRED")) == 1)
    add("multihop", f"The member who referred {G.name(m)} - which branch are they registered at?",
        G.set_gold(G.outs(G.ins(m, "REFERRED")[0], "REGISTERED_AT")), 2)

    def referee_books(y: str) -> set[str]:
        return {b for r in G.outs(y, "REFERRED") for b in G.outs(r, "BORROWED")}

    m = pick(members, lambda y: len(G.outs(y, "REFERRED")) >= 2 and 2 <= len(referee_books(y)) <= 10
             and all_clean(referee_books(y)))
    add("multihop", f"what have the people {G.name(m)} referred to the library borrowed?",
        G.set_gold(referee_books(m)), 2)

    def borrowed_genres(y: str) -> set[str]:
        return {gg for b in G.outs(y, "BORROWED") for gg in G.outs(b, "IN_GENRE")}

    m = pick(members, lambda y: len(G.outs(y, "BORROWED")) >= 3 and 2 <= len(borrowed_genres(y)) <= 7)
    add("multihop", f"Which genres has {G.name(m)} borrowed books in?", G.set_gold(borrowed_genres(m)), 2)

    def stocking(y: str) -> set[str]:
        return {h for b in G.outs(y, "WROTE") for h in G.ins(b, "HOLDS")}

    a = pick(authors, lambda y: 2 <= len(stocking(y)) <= 7)
    add("multihop", f"Which branches stock books by {G.name(a)}?", G.set_gold(stocking(a)), 2)

    def pub_awards(y: str) -> set[str]:
        return {w for b in G.ins(y, "PUBLISHED_BY") for w in G.outs(b, "WON")}

    p = pick(publishers, lambda y: 2 <= len(pub_awards(y)) <= 6)
    add("multihop", f"What awards have {G.name(p)} titles won?", G.set_gold(pub_awards(p)), 2)

    def series_authors(y: str) -> set[str]:
        return {w for b in G.ins(y, "PART_OF") for w in G.ins(b, "WROTE")}

    s = pick(series, lambda y: len(series_authors(y)) >= 2)
    add("multihop", f"Which authors have contributed to {G.name(s)}?", G.set_gold(series_authors(s)), 2)

    def read_authors(y: str) -> set[str]:
        return {w for b in G.outs(y, "BORROWED") for w in G.ins(b, "WROTE")}

    m = pick(members, lambda y: 3 <= len(read_authors(y)) <= 8 and all_clean(read_authors(y)))
    add("multihop", f"Whose books has {G.name(m)} borrowed? I want the authors.", G.set_gold(read_authors(m)), 2)

    def reading_awards(y: str) -> set[str]:
        return {w for au in G.outs(y, "HOSTED") for b in G.outs(au, "WROTE") for w in G.outs(b, "WON")}

    br = pick(branches, lambda y: 1 <= len(reading_awards(y)) <= 6)
    add("multihop", f"Which awards have been won by books written by authors who gave a reading at {G.name(br)}?",
        G.set_gold(reading_awards(br)), 3)

    def sequel_genres(y: str) -> set[str]:
        return {gg for b in G.outs(y, "WROTE") for s2 in sequels(b) for gg in G.outs(s2, "IN_GENRE")}

    a = pick(authors, lambda y: 1 <= len(sequel_genres(y)) <= 5)
    add("multihop", f"what genres do the sequels of {G.name(a)}'s books fall into?", G.set_gold(sequel_genres(a)), 3)

    def series_awards(y: str) -> set[str]:
        return {w for b in G.outs(y, "WROTE") for s2 in G.outs(b, "PART_OF") for b2 in G.ins(s2, "PART_OF")
                for w in G.outs(b2, "WON")}

    a = pick(authors, lambda y: 1 <= len(series_awards(y)) <= 5)
    add("multihop", f"Have any books in the series {G.name(a)} writes for won awards? Which awards?",
        G.set_gold(series_awards(a)), 4)

    def referrer2(y: str) -> list[str]:
        r = G.ins(y, "REFERRED")
        return G.ins(r[0], "REFERRED") if len(r) == 1 else []

    m = pick(members, lambda y: len(referrer2(y)) == 1 and G.clean(referrer2(y)[0]))
    add("multihop", f"Who referred the person that referred {G.name(m)}?", G.set_gold(referrer2(m)), 2)

    # ---- superlative (8)
    top = unique_top(books, lambda b: G.attr(b, "pages"))
    assert top
    add("superlative", "What's the longest book we have?", G.set_gold([top]), 0)
    top = unique_top(branches, lambda b: -int(G.attr(b, "opened_date").replace("-", "")))
    assert top
    add("superlative", "Which branch opened first?", G.set_gold([top]), 0)
    top = unique_top(publishers, lambda b: G.attr(b, "founded_year"))
    if top:
        add("superlative", "Which publisher is the youngest, founded most recently?", G.set_gold([top]), 0)
    else:
        top = unique_top(publishers, lambda b: G.attr(b, "founded_year"), highest=False)
        assert top
        add("superlative", "Which is the oldest publisher?", G.set_gold([top]), 0)

    def genre_best(y: str) -> str | None:
        return unique_top(G.ins(y, "IN_GENRE"), lambda b: G.attr(b, "average_rating"))

    gg = pick(genres, lambda y: len(G.ins(y, "IN_GENRE")) >= 10 and genre_best(y) is not None)
    add("superlative", f"highest rated {G.name(gg).lower()} book?", G.set_gold([genre_best(gg)]), 1)
    top = unique_top(authors, lambda y: len(G.outs(y, "WROTE")))
    assert top
    add("superlative", "Which author has the most books to their name?", G.set_gold([top]), 1)
    top = unique_top(branches, lambda y: len(G.ins(y, "REGISTERED_AT")))
    assert top
    add("superlative", "Which branch has the largest membership?", G.set_gold([top]), 1)
    top = unique_top(books, lambda y: len(G.ins(y, "BORROWED")))
    if top:
        add("superlative", "What's the most borrowed book?", G.set_gold([top]), 1)
    else:
        top = unique_top(members, lambda y: len(G.outs(y, "BORROWED")))
        assert top
        add("superlative", "Which member has borrowed the most books?", G.set_gold([top]), 1)
    top = unique_top(branches, lambda y: sum(G.edge(y, b)["copies"] for b in G.outs(y, "HOLDS")))
    assert top
    add("superlative", "Which branch holds the most copies in total?", G.set_gold([top]), 1)

    # ---- aggregate (4)
    avg = sum(G.attr(b, "pages") for b in books) / len(books)
    add("aggregate", "What's the average page count across all our books?", {"type": "value", "value": round(avg, 1)},
        0)
    total = sum(d["copies"] for _, _, d in G.g.edges(data=True) if d["label"] == "HOLDS")
    add("aggregate", "Across every branch, how many copies does the network hold altogether?",
        {"type": "value", "value": total}, 1)
    p = pick(publishers, lambda y: len(G.ins(y, "PUBLISHED_BY")) >= 5)
    ratings = [G.attr(b, "average_rating") for b in G.ins(p, "PUBLISHED_BY")]
    add("aggregate", f"What is the average rating of books published by {G.name(p)}?",
        {"type": "value", "value": round(sum(ratings) / len(ratings), 2)}, 1)
    br = pick(branches, lambda y: len(G.outs(y, "HOSTED")) >= 3)
    total = sum(G.edge(br, au)["attendees"] for au in G.outs(br, "HOSTED"))
    add("aggregate", f"Total attendance at the author events {G.name(br)} has hosted?",
        {"type": "value", "value": total}, 1)

    # ---- edge_property (5)
    m = pick(members, lambda y: len(G.outs(y, "BORROWED")) >= 2)
    b = pick(G.outs(m, "BORROWED"))
    add("edge_property", f"When did {G.name(m)} borrow {G.name(b)}?",
        {"type": "value", "value": G.edge(m, b)["loan_date"]}, 1)
    br = pick(branches, fresh=False)
    b = pick(G.outs(br, "HOLDS"), lambda y: G.edge(br, y)["copies"] >= 2)
    add("edge_property", f"How many copies of '{G.name(b)}' does {G.name(br)} have?",
        {"type": "value", "value": G.edge(br, b)["copies"]}, 1)
    b = pick(books, lambda y: any(G.edge(y, s2)["volume"] >= 2 for s2 in G.outs(y, "PART_OF")))
    s = G.outs(b, "PART_OF")[0]
    add("edge_property", f"Which volume of {G.name(s)} is {G.name(b)}?",
        {"type": "value", "value": G.edge(b, s)["volume"]}, 1)
    b = pick(books, lambda y: len(G.outs(y, "WON")) == 1 and G.clean(G.outs(y, "WON")[0]))
    w = G.outs(b, "WON")[0]
    add("edge_property", f"What year did {G.name(b)} win the {G.name(w)}?",
        {"type": "value", "value": G.edge(b, w)["year"]}, 1)
    a = pick(authors, lambda y: len(G.ins(y, "HOSTED")) == 1)
    br = G.ins(a, "HOSTED")[0]
    add("edge_property", f"How many people came to {G.name(a)}'s reading at {G.name(br)}?",
        {"type": "value", "value": G.edge(br, a)["attendees"]}, 1)

    # ---- yes_no (6)
    b = pick(books, lambda y: bool(G.outs(y, "PART_OF")))
    add("yes_no", f"Is {G.name(b)} part of a series?", {"type": "bool", "value": True}, 1)
    a = pick(authors, lambda y: len(G.outs(y, "WROTE")) >= 2)
    b = pick(books, lambda y: a not in G.ins(y, "WROTE") and bool(set(G.outs(y, "IN_GENRE"))
                                                                   & author_genres(G, a)))
    add("yes_no", f"Did {G.name(a)} write {G.name(b)}?", {"type": "bool", "value": False}, 1)
    m = pick(members, lambda y: len(G.outs(y, "BORROWED")) >= 3)
    b = pick(G.outs(m, "BORROWED"))
    add("yes_no", f"has {G.name(m)} ever borrowed {G.name(b)}", {"type": "bool", "value": True}, 1)
    p = pick(publishers, lambda y: not G.attr(y, "independent"))
    add("yes_no", f"Is {G.name(p)} an independent publisher?", {"type": "bool", "value": False}, 0)
    m = pick(members, lambda y: any(G.edge(y, b2)["returned_late"] for b2 in G.outs(y, "BORROWED")))
    b = pick(G.outs(m, "BORROWED"), lambda y: G.edge(m, y)["returned_late"])
    add("yes_no", f"Was {G.name(m)}'s loan of {G.name(b)} returned late?", {"type": "bool", "value": True}, 1)
    br = pick(branches, lambda y: not G.attr(y, "open_sundays"))
    add("yes_no", f"Does {G.name(br)} open on Sundays?", {"type": "bool", "value": False}, 0)

    # ---- portfolio (3)
    def nbrs(y: str) -> set[str]:
        return set(G.g.successors(y)) | set(G.g.predecessors(y))

    a = pick(authors, lambda y: 4 <= len(nbrs(y)) <= 12 and bool(G.ins(y, "HOSTED")) and all_clean(nbrs(y)))
    add("portfolio", f"Tell me everything about {G.name(a)}.", G.set_gold(nbrs(a)), 1)
    s = pick(series, lambda y: 3 <= len(nbrs(y)) <= 7 and all_clean(nbrs(y)))
    add("portfolio", f"What do we know about {G.name(s)}?", G.set_gold(nbrs(s)), 1)
    m = pick(members, lambda y: 4 <= len(nbrs(y)) <= 10 and bool(G.ins(y, "REFERRED") or G.outs(y, "REFERRED"))
             and all_clean(nbrs(y)))
    add("portfolio", f"give me a full rundown on the member {G.name(m)}", G.set_gold(nbrs(m)), 1)

    # ---- unknown (3): names that exist nowhere in the graph
    everything = " ".join(str(v).lower() for _, d in G.g.nodes(data=True) for v in d.values())
    for probe in ("theodora", "blackwood", "pomegranate", "cartel", "westbury"):
        assert probe not in everything, probe
    add("unknown", "How many books has Theodora Blackwood written?", {"type": "none"}, 1)
    add("unknown", "Which branches hold copies of The Pomegranate Cartel?", {"type": "none"}, 1)
    add("unknown", "What's the floor area of the Westbury Branch?", {"type": "none"}, 0)

    # ---- global (2)
    add("global", "How many different kinds of entities does this dataset contain?",
        {"type": "count", "value": len(T)}, 0)
    labels = {d["label"] for _, _, d in G.g.edges(data=True)}
    add("global", "How many relationship types are there in this graph?", {"type": "count", "value": len(labels)}, 0)
    return qs


def author_genres(G: Graph, a: str) -> set[str]:
    """The genres an author writes in (so a 'did X write Y' distractor is plausible)."""
    return {gg for b in G.outs(a, "WROTE") for gg in G.outs(b, "IN_GENRE")}


def write(out_dir: Path | str, graphml: Path | str | None = None) -> Path:
    out_dir = Path(out_dir)
    graphml = Path(graphml) if graphml else out_dir / "library.graphml"
    qs = build(graphml)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / OUT_NAME
    with path.open("w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    return path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("graphml", type=Path, nargs="?")
    args = ap.parse_args(argv)
    path = write(args.dir, args.graphml)
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
