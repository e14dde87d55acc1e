"""Checks of the second paraphrase set's own gold code and files (not of the system: scoring is not a CI gate)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load():
    name = "paraphrase2_make"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / "make.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


make = _load()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from core.dataset.generate import generate_dataset

    out = tmp_path_factory.mktemp("para2-tiny") / "data"
    generate_dataset("tiny", 7, out, progress=False)
    return out


@pytest.fixture(scope="module")
def rows(tiny):
    return make.make(tiny)  # make() validates: every row loads as a Question and its synthetic answer PASSes


def _raw(data: Path, name: str) -> list[dict]:
    with open(data / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_unique_top_skips_ties_and_single_items():
    vals = {"a": 3, "b": 5, "c": 5, "d": 1}
    assert make.unique_top(["a", "b", "c", "d"], vals.get) is None  # b and c tie
    assert make.unique_top(["a", "b", "d"], vals.get) == "b"
    assert make.unique_top(["a", "b", "c", "d"], vals.get, highest=False) == "d"
    assert make.unique_top(["a"], vals.get) is None


def test_outage_base_name_strips_the_date_suffix():
    assert make._base("Virginia security outage (June 2025)") == "virginia security outage"
    assert make._base("Virginia security outage") == "virginia security outage"


def test_helpers_agree_with_raw_edges(tiny):
    x = make.W2(tiny)
    edges = _raw(tiny, "edges.jsonl")
    vendor_of = {e["dst"]: e["src"] for e in edges if e["type"] == "EXPERIENCED"}
    region_of = {e["src"]: e["dst"] for e in edges if e["type"] == "IN_REGION" and e["src"].startswith("OUTAGE-")}
    caused = defaultdict(set)
    for e in edges:
        if e["type"] == "CAUSED_BY":
            caused[e["dst"]].add(e["src"])
    for r in x.w.all("Region"):
        by_v = x.outages_by_vendor_in(r)
        want = defaultdict(list)
        for o, rr in region_of.items():
            if rr == r:
                want[vendor_of[o]].append(o)
        assert {k: sorted(v) for k, v in by_v.items()} == {k: sorted(v) for k, v in want.items()}
    for v in x.w.all("Vendor"):
        os_ = [o for o, vv in vendor_of.items() if vv == v]
        assert x.tickets_of_outages(os_) == sorted(set().union(*[caused[o] for o in os_]) if os_ else set())


def test_rows_are_well_formed_on_tiny(tiny, rows):
    ents = {e["id"] for e in _raw(tiny, "entities.jsonl")}
    assert len(rows) >= 100
    assert len({r["id"] for r in rows}) == len(rows)
    assert len({r["question"] for r in rows}) == len(rows)
    per = Counter(r["cls"] for r in rows)
    assert len(per) >= 8
    for r in rows:
        assert set(r) == {"id", "kind", "question", "gold", "hops", "anchors", "cls"}
        assert all(a in ents for a in r["anchors"]), r
        if r["gold"]["type"] == "set":
            assert len(r["gold"]["ids"]) <= make.MAX_SET
            assert all(i in ents for i in r["gold"]["ids"])
        if r["gold"]["type"] == "none":
            assert r["cls"] == "unanswerable"


def _wrong_answer(gold: dict, ents: list[str]) -> str:
    kind = gold["type"]
    if kind == "count":
        return f"{gold['value'] + 1}."
    if kind == "set":
        ids = gold["ids"]
        if len(ids) > 1:
            return "They are: " + ", ".join(ids[1:]) + "."
        other = next(e for e in ents if e not in ids)
        return f"They are: {other}."
    if kind == "bool":
        return "No." if gold["value"] else "Yes."
    if kind == "value":
        v = gold["value"]
        if isinstance(v, int | float) and not isinstance(v, bool):
            return str(v * 2 + 1)
        if isinstance(v, str) and v[:4].isdigit() and len(v) == 10:
            return "1999-01-01"
        return "something else entirely"
    if kind == "none":
        return "It is CUST-0001."
    raise AssertionError(kind)


def test_gold_is_not_vacuous_a_wrong_answer_fails(tiny, rows):
    """For every row the structured judge rejects a wrong synthetic answer, so the gold pins one answer."""
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    judge = StructuredJudge()
    ents = sorted({e["id"] for e in _raw(tiny, "entities.jsonl") if e["type"] == "Customer"})
    for r in rows:
        q = Question(**{k: r[k] for k in make.QUESTION_FIELDS})
        assert judge.judge(q, _wrong_answer(r["gold"], ents)).verdict != "PASS", r["id"]


def test_impact_questions_match_impact_from_raw_edges(tiny, rows):
    edges = _raw(tiny, "edges.jsonl")
    vendor_of = {e["dst"]: e["src"] for e in edges if e["type"] == "EXPERIENCED"}
    region_of = {e["src"]: e["dst"] for e in edges if e["type"] == "IN_REGION" and e["src"].startswith("OUTAGE-")}
    dep = {(e["src"], e["dst"]) for e in edges if e["type"] == "DEPENDS_ON"}
    loc = {(e["src"], e["dst"]) for e in edges if e["type"] == "LOCATED_IN"}
    custs = {c for c, _ in loc}
    checked = 0
    for r in rows:
        g = r["gold"]
        if r["cls"] != "impact_words" or g["type"] != "set" or len(r["anchors"]) != 1:
            continue
        if not all(i.startswith("CUST-") for i in g["ids"]) or "CSM" in r["question"] or "AM" in r["question"]:
            continue
        o = r["anchors"][0]
        want = sorted(c for c in custs if (c, vendor_of[o]) in dep and (c, region_of[o]) in loc)
        assert g["ids"] == want, r["id"]
        checked += 1
    assert checked >= 3


def test_generation_is_deterministic(tiny, rows):
    again = make.make(tiny)
    assert make.dumps(again) == make.dumps(rows)
    dev, hold = make.split(rows)
    assert {r["id"] for r in dev}.isdisjoint({r["id"] for r in hold})
    assert len(dev) + len(hold) == len(rows)
    for cls in {r["cls"] for r in rows}:
        n = sum(1 for r in rows if r["cls"] == cls)
        if n >= 4:
            assert any(r["cls"] == cls for r in dev) and any(r["cls"] == cls for r in hold), cls


def _read(name: str) -> list[dict]:
    with open(HERE / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_committed_files_shape():
    from core.records import Question

    dev, hold = _read("dev.jsonl"), _read("holdout.jsonl")
    both = dev + hold
    assert len(both) >= 220
    assert {r["id"] for r in dev}.isdisjoint({r["id"] for r in hold})
    assert 0.40 <= len(hold) / len(both) <= 0.50
    per = Counter(r["cls"] for r in both)
    assert sum(1 for n in per.values() if n >= 15) >= 8, per
    assert 5 <= per["unanswerable"] <= 15
    for name in ("seed11.jsonl", "seed23.jsonl"):
        assert len(_read(name)) >= 40
    for r in both + _read("seed11.jsonl") + _read("seed23.jsonl"):
        Question(**{k: r[k] for k in make.QUESTION_FIELDS})


@pytest.mark.skipif(not (Path(os.environ.get("HOPLENS_PARA2_DATA", "/work/team/para/data-demo")) / "entities.jsonl")
                    .exists(), reason="the demo dataset the files were made from is not on this machine")
def test_committed_files_are_current():
    data = Path(os.environ.get("HOPLENS_PARA2_DATA", "/work/team/para/data-demo"))
    assert make.main(["--data", str(data), "--check", str(HERE)]) == 0
