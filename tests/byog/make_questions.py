"""Question sets for the two imported graphs, gold computed here straight from the source files (the Chinook
fixture JSON; the research GraphML read back with networkx) — never from a HopLens store or planner.

    python tests/byog/make_questions.py OUT_DIR   # writes chinook.jsonl and research.jsonl (and the data)

Kinds: lookup (attribute values), relation (1 hop), multi_hop (2-4 hops), aggregate (counts, filtered counts,
totals), comparison (superlatives, yes/no), portfolio (across a set), unanswerable (unknown names).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import chinook_graph as chinook  # noqa: E402
import research_graph as research  # noqa: E402

UNKNOWN = ["Zebra Lightning Parade", "Okonkwo Vantablack", "Marzipan Harbour", "Quillfeather Dunmore",
           "Sapphire Tundra Ensemble"]


def q(qs: list, kind: str, text: str, gold: dict, hops: int = 1) -> None:
    qs.append({"id": f"{len(qs) + 1:03d}", "kind": kind, "question": text, "gold": gold, "hops": hops})


def sset(pairs) -> dict:
    pairs = sorted(set(pairs))
    return {"type": "set", "ids": [i for i, _ in pairs], "names": [n for _, n in pairs]}


# ---------------------------------------------------------------------------------------------------- Chinook
def chinook_questions(fx: dict, seed: int = 3) -> list[dict]:
    rnd = random.Random(seed)
    qs: list[dict] = []
    art, alb, trk, gen = fx["artist"], fx["album"], fx["track"], fx["genre"]
    emp, cus, inv, line = fx["employee"], fx["customer"], fx["invoice"], fx["invoiceline"]
    pl, plt = fx["playlist"], fx["playlisttrack"]
    ename = {k: f"{v['firstname']} {v['lastname']}" for k, v in emp.items()}
    cname = {k: f"{v['firstname']} {v['lastname']}" for k, v in cus.items()}
    all_names = Counter([v["name"] for v in art.values()] + [v["title"] for v in alb.values()]
                        + [v["name"] for v in trk.values()] + [v["name"] for v in gen.values()]
                        + list(ename.values()) + list(cname.values()) + [v["name"] for v in pl.values()])
    unique = {n for n, c in all_names.items() if c == 1}
    tracks_of_album = defaultdict(list)
    for k, v in trk.items():
        tracks_of_album[v["album"]].append(k)
    albums_of_artist = defaultdict(list)
    for k, v in alb.items():
        albums_of_artist[v["artist"]].append(k)
    inv_of_cust = defaultdict(list)
    for k, v in inv.items():
        inv_of_cust[v["customer"]].append(k)
    lines_of_inv = defaultdict(list)
    for v in line.values():
        lines_of_inv[v["invoice"]].append(v)
    albums = [a for a in sorted(alb) if alb[a]["title"] in unique and 5 <= len(tracks_of_album[a]) <= 20]
    artists = [a for a in sorted(art) if art[a]["name"] in unique and 2 <= len(albums_of_artist[a]) <= 6]
    rnd.shuffle(albums)
    rnd.shuffle(artists)
    # counts (1 hop)
    for a in albums[:6]:
        q(qs, "aggregate", f"How many tracks are on the album {alb[a]['title']}?",
          {"type": "count", "value": len(tracks_of_album[a])})
    for a in artists[:5]:
        q(qs, "aggregate", f"How many albums does {art[a]['name']} have?",
          {"type": "count", "value": len(albums_of_artist[a])})
    # filtered counts
    per_genre = Counter(v["genre"] for v in trk.values())
    for g in ["Jazz", "Blues", "Reggae", "Classical", "Opera"]:
        gid = next(k for k, v in gen.items() if v["name"] == g)
        q(qs, "aggregate", f"How many {g} tracks are there?", {"type": "count", "value": per_genre[gid]})
    for country in ["Brazil", "Germany", "Canada"]:
        q(qs, "aggregate", f"How many customers are in {country}?",
          {"type": "count", "value": sum(1 for v in cus.values() if v["country"] == country)})
    # relation lists
    for boss in (1, 2, 6):
        q(qs, "relation", f"Which employees report to {ename[boss]}?",
          sset((f"Employee:{k}", ename[k]) for k, v in emp.items() if v["reports_to"] == boss))
    for c in rnd.sample(sorted(cus), 5):
        rep = cus[c]["support_rep"]
        q(qs, "relation", f"Who is the support rep of {cname[c]}?", sset([(f"Employee:{rep}", ename[rep])]))
    for a in albums[6:10]:
        q(qs, "relation", f"Which artist made the album {alb[a]['title']}?",
          sset([(f"Artist:{alb[a]['artist']}", art[alb[a]['artist']]['name'])]))
    for k in (3, 7):
        q(qs, "relation", f"Who does {ename[k]} report to?",
          sset([(f"Employee:{emp[k]['reports_to']}", ename[emp[k]['reports_to']])]))
    # attribute lookups
    for k in (3, 4, 8):
        q(qs, "lookup", f"What is the title of {ename[k]}?", {"type": "value", "value": emp[k]["title"]}, 0)
    for c in rnd.sample(sorted(cus), 3):
        q(qs, "lookup", f"Which country is {cname[c]} in?", {"type": "value", "value": cus[c]["country"]}, 0)
    # multi-hop
    support = defaultdict(list)
    for k, v in cus.items():
        support[v["support_rep"]].append(k)
    for e in (3, 4, 5):
        q(qs, "multi_hop", f"How many customers does {ename[e]} support?", {"type": "count", "value": len(support[e])})
        q(qs, "multi_hop", f"How many invoices were billed to customers supported by {ename[e]}?",
          {"type": "count", "value": sum(len(inv_of_cust[c]) for c in support[e])}, 2)
    small_genres = []
    for g in ["Opera", "Bossa Nova", "Easy Listening", "Science Fiction", "Rock And Roll"]:
        gid = next(k for k, v in gen.items() if v["name"] == g)
        arts = {alb[trk[t]["album"]]["artist"] for t in trk if trk[t]["genre"] == gid}
        if 1 <= len(arts) <= 8 and all(art[a]["name"] in unique for a in arts):
            small_genres.append((g, arts))
    for g, arts in small_genres[:4]:
        q(qs, "multi_hop", f"Which artists have tracks in the genre {g}?",
          sset((f"Artist:{a}", art[a]["name"]) for a in arts), 3)
    cands = [c for c in sorted(cus) if cname[c] in unique]
    for c in rnd.sample(cands, 4):
        arts = {alb[trk[ln["track"]]["album"]]["artist"] for i in inv_of_cust[c] for ln in lines_of_inv[i]}
        q(qs, "multi_hop", f"How many different artists has {cname[c]} bought tracks from?",
          {"type": "count", "value": len(arts)}, 4)
    for c in rnd.sample(cands, 3):
        gens = {trk[ln["track"]]["genre"] for i in inv_of_cust[c] for ln in lines_of_inv[i]}
        q(qs, "multi_hop", f"How many genres are among the tracks bought by {cname[c]}?",
          {"type": "count", "value": len(gens)}, 3)
    # superlatives
    for a in albums[10:15]:
        ts = tracks_of_album[a]
        best = max(ts, key=lambda t: trk[t]["milliseconds"])
        if sorted(trk[t]["milliseconds"] for t in ts)[-2:].count(trk[best]["milliseconds"]) == 1 and \
                trk[best]["name"] in unique:
            q(qs, "comparison", f"Which track on the album {alb[a]['title']} is the longest?",
              sset([(f"Track:{best}", trk[best]["name"])]))
    totals = {c: round(sum(inv[i]["total"] for i in inv_of_cust[c]), 2) for c in cus}
    top = max(totals, key=totals.get)
    q(qs, "comparison", "Which customer has the highest total of invoices?", sset([(f"Customer:{top}", cname[top])]), 2)
    most = max(support, key=lambda e: len(support[e]))
    q(qs, "comparison", "Which employee supports the most customers?", sset([(f"Employee:{most}", ename[most])]))
    by_artist = Counter(v["artist"] for v in alb.values())
    (a1, n1), (_a2, n2) = by_artist.most_common(2)
    if n1 != n2:
        q(qs, "comparison", "Which artist has the most albums?", sset([(f"Artist:{a1}", art[a1]["name"])]))
    (g1, m1), (_g2, m2) = per_genre.most_common(2)
    if m1 != m2:
        q(qs, "comparison", "Which genre has the most tracks?", sset([(f"Genre:{g1}", gen[g1]["name"])]))
    # lists
    for a in artists[9:12]:
        q(qs, "relation", f"List the albums by {art[a]['name']}.",
          sset((f"Album:{x}", alb[x]["title"]) for x in albums_of_artist[a]))
    # totals
    for c in rnd.sample(cands, 5):
        q(qs, "aggregate", f"What is the total of all invoices billed to {cname[c]}?",
          {"type": "value", "value": totals[c]})
    for a in albums[15:18]:
        q(qs, "aggregate", f"What is the total length in milliseconds of the tracks on {alb[a]['title']}?",
          {"type": "value", "value": sum(trk[t]["milliseconds"] for t in tracks_of_album[a])})
    # yes/no
    for a, b, gold in ((3, 2, True), (7, 6, True), (7, 2, False), (8, 1, False)):
        q(qs, "comparison", f"Does {ename[a]} report to {ename[b]}?", {"type": "bool", "value": gold})
    for a in albums[18:22]:
        t = tracks_of_album[a][0]
        other = albums[22] if a != albums[22] else albums[23]
        if trk[t]["name"] in unique:
            q(qs, "comparison", f"Is the track {trk[t]['name']} on the album {alb[a]['title']}?",
              {"type": "bool", "value": True})
            q(qs, "comparison", f"Is the track {trk[t]['name']} on the album {alb[other]['title']}?",
              {"type": "bool", "value": False})
    # portfolio
    for a in artists[5:9]:
        q(qs, "portfolio", f"Across all albums by {art[a]['name']}, how many tracks are there?",
          {"type": "count", "value": sum(len(tracks_of_album[x]) for x in albums_of_artist[a])}, 2)
    for p in [k for k, v in pl.items() if v["name"] in unique][:3]:
        q(qs, "portfolio", f"How many tracks does the playlist {pl[p]['name']} contain?",
          {"type": "count", "value": sum(1 for v in plt.values() if v["playlist"] == p)})
    # unknown names
    templates = ["How many tracks are on the album {}?", "Who is the support rep of {}?",
                 "How many albums does {} have?", "Which employees report to {}?", "What is the title of {}?"]
    for t, n in zip(templates, UNKNOWN, strict=True):
        q(qs, "unanswerable", t.format(n), {"type": "none"}, 0)
    return qs


# ---------------------------------------------------------------------------------------------------- research
def research_questions(graphml: Path, seed: int = 5) -> list[dict]:
    import networkx as nx

    g = nx.read_graphml(graphml)
    rnd = random.Random(seed)
    qs: list[dict] = []

    def name(n):
        d = g.nodes[n]
        return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"

    def of(t):
        return sorted(n for n, d in g.nodes(data=True) if d["type"] == t)

    def out(n, label):
        return sorted(v for _u, v, d in g.out_edges(n, data=True) if d["label"] == label)

    def inn(n, label):
        return sorted(u for u, _v, d in g.in_edges(n, data=True) if d["label"] == label)

    res, labs, papers, insts = of("Researcher"), of("Lab"), of("Paper"), of("Institute")
    countries, topics, grants = of("Country"), of("Topic"), of("Grant")
    # counts
    for lab in rnd.sample(labs, 5):
        q(qs, "aggregate", f"How many researchers are members of the {name(lab)}?",
          {"type": "count", "value": len(inn(lab, "MEMBER_OF"))})
    for r in rnd.sample(res, 4):
        q(qs, "aggregate", f"How many papers has {name(r)} authored?", {"type": "count", "value": len(out(r, "AUTHORED"))})
    for t in rnd.sample(topics, 4):
        q(qs, "aggregate", f"How many papers are about {name(t)}?", {"type": "count", "value": len(inn(t, "ABOUT"))})
    # filtered counts
    for s in ("junior", "senior", "principal"):
        q(qs, "aggregate", f"How many {s} researchers are there?",
          {"type": "count", "value": sum(1 for r in res if g.nodes[r]["seniority"] == s)})
    for y in (2015, 2020, 2024):
        q(qs, "aggregate", f"How many papers were published in {y}?",
          {"type": "count", "value": sum(1 for p in papers if g.nodes[p]["year"] == y)})
    # relations
    bosses = [r for r in res if len(inn(r, "REPORTS_TO")) >= 2]
    for b in rnd.sample(bosses, 4):
        q(qs, "relation", f"Who reports to {name(b)}?", sset((r, name(r)) for r in inn(b, "REPORTS_TO")))
    for r in rnd.sample([r for r in res if out(r, "REPORTS_TO")], 3):
        m = out(r, "REPORTS_TO")[0]
        q(qs, "relation", f"Who does {name(r)} report to?", sset([(m, name(m))]))
    for lab in rnd.sample(labs, 3):
        i = out(lab, "BELONGS_TO")[0]
        q(qs, "relation", f"Which institute does the {name(lab)} belong to?", sset([(i, name(i))]))
    for p in rnd.sample(papers, 3):
        q(qs, "relation", f"Who authored the paper {name(p)}?", sset((r, name(r)) for r in inn(p, "AUTHORED")))
    # lookups
    for r in rnd.sample(res, 3):
        q(qs, "lookup", f"What is the h-index of {name(r)}?", {"type": "value", "value": g.nodes[r]["h_index"]}, 0)
    for i in rnd.sample(insts, 2):
        q(qs, "lookup", f"When was the {name(i)} founded?", {"type": "value", "value": g.nodes[i]["founded"]}, 0)
    # multi-hop
    def labs_in_country(c):
        return [lab for i in inn(c, "LOCATED_IN") for lab in inn(i, "BELONGS_TO")]

    def res_in_country(c):
        return sorted({r for lab in labs_in_country(c) for r in inn(lab, "MEMBER_OF")})

    for c in countries:
        q(qs, "multi_hop", f"How many labs are in {name(c)}?", {"type": "count", "value": len(labs_in_country(c))}, 2)
    for c in countries[:4]:
        q(qs, "multi_hop", f"How many researchers work in labs in {name(c)}?",
          {"type": "count", "value": len(res_in_country(c))}, 3)
    for c in countries[:4]:
        ps = {p for r in res_in_country(c) for p in out(r, "AUTHORED")}
        q(qs, "multi_hop", f"How many papers were authored by researchers in labs located in {name(c)}?",
          {"type": "count", "value": len(ps)}, 4)
    for i in rnd.sample([i for i in insts if inn(i, "BELONGS_TO")], 3):
        rs = {r for lab in inn(i, "BELONGS_TO") for r in inn(lab, "MEMBER_OF")}
        q(qs, "multi_hop", f"How many researchers are members of labs of the {name(i)}?",
          {"type": "count", "value": len(rs)}, 2)
    for lab in rnd.sample(labs, 3):
        tps = {t for r in inn(lab, "MEMBER_OF") for p in out(r, "AUTHORED") for t in out(p, "ABOUT")}
        q(qs, "multi_hop", f"Which topics have members of the {name(lab)} written papers about?",
          sset((t, name(t)) for t in tps), 3)
    # superlatives
    for lab in rnd.sample(labs, 3):
        ms = inn(lab, "MEMBER_OF")
        hs = sorted((g.nodes[r]["h_index"] for r in ms), reverse=True)
        if len(hs) == 1 or hs[0] != hs[1]:
            top = max(ms, key=lambda r: g.nodes[r]["h_index"])
            q(qs, "comparison", f"Which member of the {name(lab)} has the highest h-index?", sset([(top, name(top))]))
    cites = sorted(papers, key=lambda p: -g.nodes[p]["citations"])
    if g.nodes[cites[0]]["citations"] != g.nodes[cites[1]]["citations"]:
        q(qs, "comparison", "Which paper has the most citations?", sset([(cites[0], name(cites[0]))]), 0)
    sizes = sorted(((len(inn(lab, "MEMBER_OF")), lab) for lab in labs), reverse=True)
    if sizes[0][0] != sizes[1][0]:
        q(qs, "comparison", "Which lab has the most members?", sset([(sizes[0][1], name(sizes[0][1]))]))
    # lists
    for i in rnd.sample([i for i in insts if len(inn(i, "BELONGS_TO")) >= 2], 2):
        q(qs, "relation", f"List the labs of the {name(i)}.", sset((lab, name(lab)) for lab in inn(i, "BELONGS_TO")))
    for t in rnd.sample(topics, 2):
        ps = inn(t, "ABOUT")
        if len(ps) <= 15:
            q(qs, "relation", f"List the papers about {name(t)}.", sset((p, name(p)) for p in ps))
    most = max(res, key=lambda r: len(out(r, "AUTHORED")))
    counts = sorted((len(out(r, "AUTHORED")) for r in res), reverse=True)
    if counts[0] != counts[1]:
        q(qs, "comparison", "Which researcher has authored the most papers?", sset([(most, name(most))]))
    # totals
    for f in research.FUNDERS:
        gs = [x for x in grants if g.nodes[x]["funder"] == f]
        q(qs, "aggregate", f"What is the total amount of the grants from the {f}?",
          {"type": "value", "value": sum(g.nodes[x]["amount"] for x in gs)})
    for i in rnd.sample([i for i in insts if inn(i, "BELONGS_TO")], 2):
        q(qs, "aggregate", f"What is the total budget of the labs of the {name(i)}?",
          {"type": "value", "value": sum(g.nodes[lab]["budget"] for lab in inn(i, "BELONGS_TO"))}, 1)
    # yes/no
    for r in rnd.sample([r for r in res if out(r, "REPORTS_TO")], 3):
        m = out(r, "REPORTS_TO")[0]
        other = rnd.choice([x for x in bosses if x != m])
        q(qs, "comparison", f"Does {name(r)} report to {name(m)}?", {"type": "bool", "value": True})
        q(qs, "comparison", f"Does {name(r)} report to {name(other)}?", {"type": "bool", "value": False})
    for p in rnd.sample([p for p in papers if out(p, "CITES")], 2):
        c = out(p, "CITES")[0]
        q(qs, "comparison", f"Does the paper {name(p)} cite {name(c)}?", {"type": "bool", "value": True})
    # portfolio
    for b in rnd.sample(bosses, 3):
        ps = {p for r in inn(b, "REPORTS_TO") for p in out(r, "AUTHORED")}
        q(qs, "portfolio", f"How many papers have the researchers who report to {name(b)} authored?",
          {"type": "count", "value": len(ps)}, 2)
    for f in research.FUNDERS[:3]:
        ps = {p for x in grants if g.nodes[x]["funder"] == f for p in inn(x, "FUNDED_BY")}
        q(qs, "portfolio", f"How many papers were funded by grants from the {f}?", {"type": "count", "value": len(ps)}, 2)
    # unknown names
    for t, n in zip(["How many papers has {} authored?", "Who reports to {}?", "How many researchers are members "
                     "of the {} Lab?", "Which institute does the {} Lab belong to?", "What is the h-index of {}?"],
                    UNKNOWN, strict=True):
        q(qs, "unanswerable", t.format(n), {"type": "none"}, 0)
    return qs


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    chinook.write_csv(out / "chinook")
    gm = research.write_graphml(out / "research")
    for name, qs in (("chinook", chinook_questions(chinook.load_fixture())), ("research", research_questions(gm))):
        with open(out / f"{name}.jsonl", "w", encoding="utf-8") as fh:
            for x in qs:
                fh.write(json.dumps(x, ensure_ascii=False) + "\n")
        print(name, len(qs), dict(Counter(x["kind"] for x in qs)))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "build")
