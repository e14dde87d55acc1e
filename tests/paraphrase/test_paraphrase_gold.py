"""Checks of the paraphrase set's own gold code (not of the system: scoring is not a CI gate)."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load(name: str):
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    spec = importlib.util.spec_from_file_location(f"paraphrase_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up here
    spec.loader.exec_module(mod)
    return mod


gold = _load("gold")
make = _load("make")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from core.dataset.generate import generate_dataset

    out = tmp_path_factory.mktemp("para-tiny") / "data"
    generate_dataset("tiny", 7, out, progress=False)
    return out


@pytest.fixture(scope="module")
def world(tiny):
    return gold.World(tiny)


def _raw_edges(data: Path) -> list[dict]:
    with open(data / "edges.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_impact_is_the_intersection_computed_from_raw_edges(tiny, world):
    edges = _raw_edges(tiny)
    vendor_of = {e["dst"]: e["src"] for e in edges if e["type"] == "EXPERIENCED"}
    region_of = {e["src"]: e["dst"] for e in edges if e["type"] == "IN_REGION" and e["src"].startswith("OUTAGE-")}
    depends = {(e["src"], e["dst"]) for e in edges if e["type"] == "DEPENDS_ON"}
    located = {(e["src"], e["dst"]) for e in edges if e["type"] == "LOCATED_IN"}
    uses = {(e["src"], e["dst"]) for e in edges if e["type"] == "USES_VENDOR"}
    proj_in = {(e["src"], e["dst"]) for e in edges if e["type"] == "IN_REGION" and e["src"].startswith("PROJ-")}
    some_hit = False
    for o in world.all("Outage"):
        v, r = vendor_of[o], region_of[o]
        want_c = sorted(c for c in world.all("Customer") if (c, v) in depends and (c, r) in located)
        want_p = sorted(p for p in world.all("Project") if (p, v) in uses and (p, r) in proj_in)
        assert world.impacted_customers(o) == want_c
        assert world.impacted_projects(o) == want_p
        # Near misses exist: users of the vendor elsewhere, or customers of the region on other vendors.
        assert set(want_c) <= set(world.customers_of_vendor(v)) & set(world.customers_in(r))
        some_hit = some_hit or bool(want_c)
    assert some_hit
    # The reverse reading agrees with the forward one.
    for c in world.all("Customer"):
        assert world.outages_impacting(c) == sorted(o for o in world.all("Outage") if c in world.impacted_customers(o))


def _by_anchor(world, template_name: str, anchor: int = 0) -> dict[str, dict]:
    t = next(t for t in make.TEMPLATES if t.name == template_name)
    out = {}
    for cand in t.fn(world, random.Random(0)):
        out.setdefault(cand.anchors[anchor], cand.gold)
    return out


def test_counts_equal_the_sizes_of_the_matching_sets(world):
    counts = _by_anchor(world, "exposed_to_count")
    sets = _by_anchor(world, "knocked_out_by")
    assert sets, "tiny data should have impacted customers"
    for o, g in sets.items():
        assert counts[o]["value"] == len(g["ids"])
    counts = _by_anchor(world, "took_down_vendor_projects_there")
    sets = _by_anchor(world, "vendor_had_outage_projects_use_it", anchor=1)  # anchors: [vendor, outage]
    for o, g in sets.items():
        assert counts[o]["value"] == len(g["ids"])
    # Negation is the complement: outage-related + not outage-related == all tickets of a customer.
    rel = _by_anchor(world, "outage_related_tickets_count")
    unrel = _by_anchor(world, "tickets_not_caused_by_outage")
    for c in rel:
        assert rel[c]["value"] + unrel[c]["value"] == len(world.tickets_of(c))


def test_files_load_and_a_correct_answer_passes_but_a_wrong_one_does_not(world, tmp_path):
    from core.evaluation.judges import StructuredJudge
    from core.records import Question

    rows = make.with_ids(make.build(world, make.CROSS_PER_CLASS, salt="t"), "t")
    assert {r["cls"] for r in rows} >= {"a_count", "b_reference", "c_existence", "d_disjunction", "e_yesno",
                                         "f_impact"}
    path = tmp_path / "t.jsonl"
    make.write_jsonl(path, rows)
    make.check_files([path])  # raises on a line that does not load or whose correct answer does not PASS
    judge = StructuredJudge()
    for r in rows:
        q = Question(**{k: v for k, v in r.items() if k != "cls"})
        g = q.gold
        if g["type"] == "count":
            wrong = f"{g['value'] + 1}."
        elif g["type"] == "set":
            wrong = "They are: " + ", ".join(g["ids"][1:]) + "." if len(g["ids"]) > 1 else "Nothing matches."
        elif g["type"] == "bool":
            wrong = "No." if g["value"] else "Yes."
        elif g["type"] == "none":
            wrong = "CUST-0001."
        else:
            continue
        assert judge.judge(q, wrong).verdict != "PASS", (q.question, wrong)


def test_build_is_deterministic_and_split_is_stratified(world):
    a = make.with_ids(make.build(world, make.MAIN_PER_CLASS), "para")
    b = make.with_ids(make.build(world, make.MAIN_PER_CLASS), "para")
    assert a == b
    assert len({r["question"] for r in a}) == len(a)
    dev, hold = make.split(a)
    assert not {r["id"] for r in dev} & {r["id"] for r in hold}
    n: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in dev:
        n[r["cls"]][0] += 1
    for r in hold:
        n[r["cls"]][1] += 1
    for d, h in n.values():
        assert abs(h - round((d + h) * make.HOLDOUT_SHARE)) <= 0


def test_gold_code_does_not_use_the_projects_question_code():
    for name in ("gold.py", "make.py"):
        src = (HERE / name).read_text(encoding="utf-8")
        assert "core.dataset" not in src and "core.retrieval" not in src and "core.llm" not in src, name


def test_committed_files_match_the_demo_data(tmp_path):
    """dev/holdout are what make.py writes from the demo data at the default seed (regenerate when this fails)."""
    from core.config import Settings
    from core.dataset.generate import generate_dataset

    data = tmp_path / "demo"
    generate_dataset("demo", Settings().seed, data, progress=False)
    out = tmp_path / "out"
    out.mkdir()
    make.main(["--data", str(data), "--out", str(out), "--seed", str(Settings().seed)])
    for name in ("dev.jsonl", "holdout.jsonl"):
        assert (out / name).read_text(encoding="utf-8") == (HERE / name).read_text(encoding="utf-8"), name
