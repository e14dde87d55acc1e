"""Fast checks of the fourth paraphrase set's gold on a generated tiny dataset (no store, no eval run).

The impact and superlative answers are re-derived here by a raw scan of the JSONL files (not through
``tests/paraphrase/gold.py``), so a wrong traversal in either place fails a test.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load_make():
    spec = importlib.util.spec_from_file_location("paraphrase4_make", HERE / "make.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["paraphrase4_make"] = mod
    spec.loader.exec_module(mod)
    return mod


MAKE = _load_make()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    from core.dataset.generate import generate_dataset

    out = tmp_path_factory.mktemp("p4tiny")
    generate_dataset("tiny", 7, out, progress=False)
    return out


@pytest.fixture(scope="module")
def rows(tiny):
    return MAKE.make(tiny, "t", 4, 6)


def _raw(tiny: Path):
    ents = {}
    with open(tiny / "entities.jsonl", encoding="utf-8") as fh:
        for line in fh:
            e = json.loads(line)
            ents[e["id"]] = e
    edges = defaultdict(set)
    with open(tiny / "edges.jsonl", encoding="utf-8") as fh:
        for line in fh:
            e = json.loads(line)
            edges[e["type"]].add((e["src"], e["dst"]))
    return ents, edges


def test_deterministic_and_classes(tiny, rows):
    assert rows == MAKE.make(tiny, "t", 4, 6)
    classes = {r["cls"] for r in rows}
    assert len(classes) >= 8
    assert len({r["id"] for r in rows}) == len(rows)
    assert len({r["question"] for r in rows}) == len(rows)


def test_rows_load_and_judge_passes_correct_answers(tiny, rows):
    MAKE.validate(rows, MAKE.G.World(tiny))  # raises SystemExit on any failure


def test_judge_rejects_wrong_counts_and_flipped_bools(rows):
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    checked = 0
    for r in rows:
        q = Question(**{k: v for k, v in r.items() if k != "cls"})
        if r["gold"]["type"] == "count":
            assert judge.judge(q, f"{r['gold']['value'] + 1}.").verdict == "FAIL"
            checked += 1
        elif r["gold"]["type"] == "bool":
            assert judge.judge(q, "No." if r["gold"]["value"] else "Yes.").verdict == "FAIL"
            checked += 1
    assert checked >= 4


def test_skip_rules(tiny, rows):
    world = MAKE.G.World(tiny)
    names = defaultdict(int)
    for e in world.ent.values():
        if e["type"] not in ("Chunk", "Document"):
            for n in {e["name"].lower(), *(a.lower() for a in e.get("aliases") or [])}:
                names[n] += 1
    for r in rows:
        gold = r["gold"]
        if gold["type"] == "set":
            assert len(gold["ids"]) <= MAKE.MAX_SET
        if gold["type"] == "count":
            assert str(gold["value"]) not in re.findall(r"\d+", r["question"])
        for a in r["anchors"]:
            assert names[world.name(a).lower()] == 1, a
            assert world.name(a) in r["question"]
        if r["cls"] == "none":
            assert gold == {"type": "none"} and not r["anchors"]


def test_impact_gold_matches_raw_scan(tiny, rows):
    ents, edges = _raw(tiny)
    vendor_of = {dst: src for src, dst in edges["EXPERIENCED"]}
    region_of = {src: dst for src, dst in edges["IN_REGION"] if ents[src]["type"] == "Outage"}
    by_name = {e["name"]: i for i, e in ents.items() if e["type"] == "Outage"}
    checked = 0
    for r in rows:
        if r["cls"] != "impact" or r["gold"]["type"] != "set" or not r["question"].startswith("Which accounts sat"):
            continue
        o = next(i for n, i in by_name.items() if n in r["question"])
        v, reg = vendor_of[o], region_of[o]
        want = sorted(c for c, vv in edges["DEPENDS_ON"] if vv == v and (c, reg) in edges["LOCATED_IN"])
        assert r["gold"]["ids"] == want
        checked += 1
    for r in rows:
        if r["question"].startswith("Did the ") and r["cls"] == "yesno":
            o, c = r["anchors"]
            v, reg = vendor_of[o], region_of[o]
            assert r["gold"]["value"] == ((c, v) in edges["DEPENDS_ON"] and (c, reg) in edges["LOCATED_IN"])
            checked += 1
    assert checked >= 1


def test_superlatives_have_a_unique_winner(tiny, rows):
    ents, edges = _raw(tiny)
    outages_of = defaultdict(set)
    for v, o in edges["EXPERIENCED"]:
        outages_of[v].add(o)
    checked = 0
    for r in rows:
        if r["cls"] != "superlative" or not r["question"].startswith("Among our"):
            continue
        cat = r["question"].split("Among our ")[1].split(" providers")[0]
        vs = [i for i, e in ents.items() if e["type"] == "Vendor" and e["attrs"]["category"] == cat]
        best = max(len(outages_of[v]) for v in vs)
        winners = [v for v in vs if len(outages_of[v]) == best]
        assert winners == r["gold"]["ids"]
        checked += 1
    for r in rows:
        if r["cls"] == "superlative" and r["question"].startswith("Give me the top"):
            seg = r["question"].split("top ")[1].split(" account")[0]
            reg = r["anchors"][0]
            cs = [c for c, rr in edges["LOCATED_IN"] if rr == reg and ents[c]["attrs"]["segment"] == seg]
            best = max(ents[c]["attrs"]["arr"] for c in cs)
            assert [c for c in cs if ents[c]["attrs"]["arr"] == best] == r["gold"]["ids"]
            checked += 1
    assert checked >= 1
