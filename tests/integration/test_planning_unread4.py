"""Planner and inference mechanisms found on the question sets byog21-26 (written by people who never read the
planner; scored untouched, then read in session 7), each checked here on ANOTHER seed of a writer's generator,
imported with inference only. Expected answers come from networkx over the GraphML (foreign_graphs.py), never
from HopLens."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from foreign_graphs import ask, built
from foreign_graphs import display as _name
from foreign_graphs import edges as _edges

SURE = 0.75


def _of(g, label: str) -> dict[str, dict]:
    """Nodes whose FIRST label is ``label`` (APOC multi-label ":Ranger:Staff" is a Ranger)."""
    return {n: d for n, d in g.nodes(data=True) if d["labels"].lstrip(":").split(":")[0] == label}


def _unique(g, nodes: dict[str, dict]) -> list[str]:
    names = Counter(_name(d) for _, d in g.nodes(data=True))
    return sorted((n for n, d in nodes.items() if names[_name(d)] == 1), key=lambda x: int(x.split("-")[-1]))


@pytest.fixture(scope="module")
def park(tmp_path_factory):
    return built(tmp_path_factory.mktemp("park"), "byog24", 7, "park.graphml")


@pytest.fixture(scope="module")
def transit(tmp_path_factory):
    return built(tmp_path_factory.mktemp("transit"), "byog16", 7, "transit.graphml")


@pytest.fixture(scope="module")
def farming(tmp_path_factory):
    return built(tmp_path_factory.mktemp("farming"), "byog20", 7, "farming.graphml")


def test_a_reporting_line_in_its_other_words_boss_line_manager_direct_reports_report_to(park):
    g, pipe = park
    boss = {v: u for u, v, _d in _edges(g, "SUPERVISES")}
    reports = defaultdict(set)
    for u, v, _d in _edges(g, "SUPERVISES"):
        reports[u].add(v)
    rangers = _of(g, "Ranger")
    ok = _unique(g, rangers)
    x = next(r for r in ok if r in boss and boss[r] in boss)
    name = _name(rangers[x])
    _, plan = ask(pipe, f"Who is {name}'s line manager?")
    assert plan.confidence >= SURE and plan.result_ids == [boss[x]]
    _, plan = ask(pipe, f"Who is {name}'s boss?")
    assert plan.confidence >= SURE and plan.result_ids == [boss[x]]
    _, plan = ask(pipe, f"Who does {name}'s supervisor report to?")  # two hops up, in two vocabularies
    assert plan.confidence >= SURE and plan.result_ids == [boss[boss[x]]]
    y = next(r for r in ok if reports[r] and any(reports[c] for c in reports[r]))
    _, plan = ask(pipe, f"who are the direct reports of {_name(rangers[y])}")
    assert plan.confidence >= SURE and set(plan.result_ids) == reports[y]
    _, plan = ask(pipe, f"Which rangers are managed by people who report directly to {_name(rangers[y])}?")
    assert plan.confidence >= SURE and set(plan.result_ids) == {z for c in reports[y] for z in reports[c]}


def test_a_passive_reporting_line_keeps_its_direction(transit):
    g, pipe = transit
    supervised = defaultdict(set)  # SUPERVISED_BY: the source is the one below
    for u, v, _d in _edges(g, "SUPERVISED_BY"):
        supervised[v].add(u)
    ops = _of(g, "Operator")
    y = next(o for o in _unique(g, ops) if supervised[o])
    for q in (f"Which operators does {_name(ops[y])} supervise?", f"Who reports to {_name(ops[y])}?",
              f"Who are {_name(ops[y])}'s direct reports?"):
        _, plan = ask(pipe, q)
        assert plan.confidence >= SURE and set(plan.result_ids) == supervised[y], q


def test_a_unit_named_number_is_read_by_what_it_measures(farming, park):
    g, pipe = farming
    farms = _of(g, "Farm")
    top = max(d["hectares"] for d in farms.values())
    winners = sorted(f for f, d in farms.items() if d["hectares"] == top)
    _, plan = ask(pipe, "Which farm is the biggest by area?")  # hectares: an area
    assert plan.confidence >= SURE and plan.result_ids == winners
    # the fields' own area ("area_ha") summed per farm, not the farm's hectares
    fields = _of(g, "Field")
    total: Counter = Counter()
    for u, v, _d in _edges(g, "PART_OF"):
        if u in fields:
            total[v] += fields[u]["area_ha"]
    best = max(total.values())
    _, plan = ask(pipe, "Which farm has the largest total area of fields?")
    assert plan.confidence >= SURE
    assert plan.result_ids == sorted(f for f, t in total.items() if abs(t - best) < 1e-6)

    g, pipe = park
    zones = _of(g, "Zone")
    top = max(d["area_km2"] for d in zones.values())
    _, plan = ask(pipe, "which zone has the biggest area")  # area_km2: "km2" is a unit
    assert plan.confidence >= SURE and plan.result_ids == sorted(z for z, d in zones.items() if d["area_km2"] == top)


def test_schema_words_and_a_verb_before_a_value(park):
    g, pipe = park
    _, plan = ask(pipe, "how many relationship types does the schema define")
    kinds = {d["label"] for _u, _v, d in g.edges(data=True)}
    assert plan.confidence >= SURE and f"{len(kinds)} relationship types" in plan.explanation
    zones = _of(g, "Zone")
    habitat = Counter(d["habitat"] for d in zones.values()).most_common(1)[0][0]
    _, plan = ask(pipe, f"how many zones fall into the {habitat} habitat")  # "fall into": the value's own verb
    assert plan.confidence >= SURE
    assert plan.result_count == sum(d["habitat"] == habitat for d in zones.values())
