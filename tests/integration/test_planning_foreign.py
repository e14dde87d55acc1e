"""The planner on a graph whose schema nobody here chose: the transit network (tests/byog2/graph.py, another seed
than the committed question set), imported with inference only. Each question's expected answer is computed with
networkx straight from the GraphML, never through HopLens."""

from __future__ import annotations

import networkx as nx
import pytest
from foreign_graphs import TESTS, generator, imported
from foreign_graphs import ask as _ask
from foreign_graphs import of as _of

from core.config import Settings

BYOG2 = TESTS / "byog2"
_generator, _imported = generator, imported


def _graph_module():
    return _generator("byog2")


@pytest.fixture(scope="module")
def transit(tmp_path_factory):
    root = tmp_path_factory.mktemp("transit")
    path = _graph_module().write_graphml(root / "data", seed=5)
    return _imported(root, path)


def test_yes_no_attribute_as_a_property(transit):
    g, pipe = transit
    stations = _of(g, "Station")
    _, plan = _ask(pipe, "Count the step-free stations.")
    assert plan.result_count == sum(d["step_free"] == "yes" for d in stations.values())
    _, plan = _ask(pipe, "How many stations are not step-free?")
    assert plan.result_count == sum(d["step_free"] == "no" for d in stations.values())


def test_number_after_an_integer_attribute_is_its_value(transit):
    g, pipe = transit
    _, plan = _ask(pipe, "Which stations are in zone 2?")
    assert set(plan.result_ids) == {n for n, d in _of(g, "Station").items() if d["zone"] == 2}
    assert plan.confidence >= 0.75


def test_plural_value_and_attribute_said_as_a_verb(transit):
    g, pipe = transit
    delays = [d["delay_minutes"] for d in _of(g, "Incident").values() if d["cause"] == "door fault"]
    a, plan = _ask(pipe, "What is the average delay in minutes for incidents caused by door faults?")
    assert plan.operator == "average" and plan.confidence >= 0.75
    assert f"{sum(delays) / len(delays):,.2f}" in a.text


def test_first_and_newest_by_a_year_attribute(transit):
    g, pipe = transit
    ops = _of(g, "Operator")
    _, plan = _ask(pipe, "Which operator was founded first?")
    assert plan.result_ids == [min(ops, key=lambda n: ops[n]["founded"])]
    vehicles = _of(g, "Vehicle")
    newest = max(d["build_year"] for d in vehicles.values())
    _, plan = _ask(pipe, "Which vehicles are the newest?")
    assert set(plan.result_ids) == {n for n, d in vehicles.items() if d["build_year"] == newest}


def test_list_every_entity_of_a_type(transit):
    g, pipe = transit
    _, plan = _ask(pipe, "Show me all the depots.")
    assert set(plan.result_ids) == set(_of(g, "Depot"))


def test_possessor_after_which_is_the_answer_type(transit):
    g, pipe = transit
    station = next(n for n, d in _of(g, "Station").items() if g.in_degree(n) >= 3)
    lines = {u for u, _, d in g.in_edges(station, data=True) if d["label"] == "STOPS_AT"}
    operators = {v for line in lines for _, v, d in g.out_edges(line, data=True) if d["label"] == "OPERATED_BY"}
    name = g.nodes[station]["name"]
    _, plan = _ask(pipe, f"Which operators' lines stop at {name}?")
    assert plan.target_type == "Operator" and set(plan.result_ids) == operators


def test_capacity_is_not_a_count_of_what_is_there(transit):
    g, pipe = transit
    depot, d = next(iter(_of(g, "Depot").items()))
    a, plan = _ask(pipe, f"How many vehicles can {d['name']} hold?")
    assert plan.attribute == "capacity" and str(d["capacity"]) in a.text


def test_attribute_of_the_edge_between_two_named_entities(transit):
    g, pipe = transit
    line, station, data = next((u, v, d) for u, v, d in g.edges(data=True) if d["label"] == "STOPS_AT")
    a, plan = _ask(pipe, f"What stop number does {g.nodes[station]['name']} have on the {g.nodes[line]['name']}?")
    assert plan.attribute == "stop_number" and str(data["stop_number"]) in a.text


def test_relation_word_as_a_noun_and_verb_with_another_preposition(transit):
    g, pipe = transit
    line = next(n for n in _of(g, "Line"))
    stops = {v for _, v, d in g.out_edges(line, data=True) if d["label"] == "STOPS_AT"}
    _, plan = _ask(pipe, f"How many stops does the {g.nodes[line]['name']} have?")
    assert plan.result_count == len(stops)
    district = next(n for n in _of(g, "District"))
    in_district = {u for u, v, d in g.in_edges(district, data=True) if d["label"] == "LOCATED_IN"}
    lines = {u for s in in_district for u, _, d in g.in_edges(s, data=True) if d["label"] == "STOPS_AT"}
    _, plan = _ask(pipe, f"Which lines stop in {g.nodes[district]['name']}?")
    assert set(plan.result_ids) == lines and plan.confidence >= 0.75


def test_date_attribute_said_as_a_passive_verb(transit):
    g, pipe = transit
    incidents = _of(g, "Incident")
    _, plan = _ask(pipe, "How many minor incidents have been reported?")
    assert plan.result_count == sum(d["severity"] == "minor" and bool(d.get("reported")) for d in incidents.values())


# ---- a university graph (tests/byog3/graph.py, another seed than its question sets) --------------------------------
@pytest.fixture(scope="module")
def university(tmp_path_factory):
    root = tmp_path_factory.mktemp("university")
    mod = _generator("byog3")
    path = mod.write(root / "data", seed=9)
    return _imported(root, path)


def _by_type(g: nx.DiGraph, label: str) -> dict[str, dict]:
    return {n: d for n, d in g.nodes(data=True) if d.get("type") == label}


def _edges(g: nx.DiGraph, label: str):
    return [(u, v, d) for u, v, d in g.edges(data=True) if d.get("type") == label]


def _title(g: nx.DiGraph, n: str) -> str:
    d = g.nodes[n]
    return d.get("title") or d.get("name") or f"{d['first_name']} {d['last_name']}"


def test_attribute_of_one_entitys_edges(university):
    g, pipe = university
    course, _, data = next((u, v, d) for u, v, d in _edges(g, "HELD_IN"))
    a, plan = _ask(pipe, f"Which room is {_title(g, course)} held in?")
    assert plan.attribute == "room" and data["room"] in a.text


def test_a_relation_noun_repeated_walks_the_self_relation_again(university):
    g, pipe = university
    pre = _edges(g, "PREREQUISITE_OF")
    before = {}
    for u, v, _ in pre:
        before.setdefault(v, set()).add(u)
    course = next(c for c in before if any(p in before for p in before[c]))
    two = {q for p in before[course] for q in before.get(p, ())}
    _, plan = _ask(pipe, f"What are the prerequisites of the prerequisites of {_title(g, course)}?")
    assert set(plan.result_ids) == two
    first = next(u for u, _, _ in pre)
    after = {v for u, v, _ in pre if u == first}
    _, plan = _ask(pipe, f"Which courses have {_title(g, first)} as a prerequisite?")
    assert set(plan.result_ids) == after


def test_superlative_over_a_relation_said_as_a_noun(university):
    g, pipe = university
    counts = {}
    for _, v, _ in _edges(g, "ENROLLED_IN"):
        counts[v] = counts.get(v, 0) + 1
    top = max(counts.values())
    _, plan = _ask(pipe, "Which course has the highest enrolment?")
    assert set(plan.result_ids) == {c for c, n in counts.items() if n == top}


def test_who_means_the_related_type_that_owns_the_named_attribute(university):
    g, pipe = university
    dept = next(iter(_by_type(g, "Department")))
    staff = {u for u, v, _ in _edges(g, "WORKS_IN") if v == dept}
    latest = max(g.nodes[p]["hired"] for p in staff)
    _, plan = _ask(pipe, f"Who was the most recent hire in the {_title(g, dept)} department?")
    assert set(plan.result_ids) == {p for p in staff if g.nodes[p]["hired"] == latest}


def test_observed_edge_attribute_value_is_a_condition_on_the_step(university):
    g, pipe = university
    course, _, first = next((v, u, d) for u, v, d in _edges(g, "ENROLLED_IN"))
    semester = first["semester"]
    took = {u for u, v, d in _edges(g, "ENROLLED_IN") if v == course and d["semester"] == semester}
    _, plan = _ask(pipe, f"How many students took {_title(g, course)} in {semester}?")
    assert plan.result_count == len(took) and plan.confidence >= 0.75


def test_other_spelling_of_a_type_noun(university):
    g, pipe = university
    _, plan = _ask(pipe, "How many programmes are there?")
    assert plan.result_count == len(_by_type(g, "Program"))


def test_misspelt_and_clipped_type_nouns(university):
    g, pipe = university
    students = _by_type(g, "Student")
    _, plan = _ask(pipe, "How many studnets are international?")
    assert plan.result_count == sum(d["international"] in (True, "true") for d in students.values())
    _, plan = _ask(pipe, "How many progs are there?")
    assert plan.result_count == len(_by_type(g, "Program"))
    # a verb is not a typo of its agent noun: "provide" stays a verb where a "provider" type exists
    from core.ontology import CRM
    from core.retrieval.planning.reading import find_nouns
    assert not find_nouns(CRM, "what kind of service does _ provide".split(), {5})


def test_observed_values_limit_is_the_setting(transit):
    """HOPLENS_PLAN_OBSERVED_VALUES decides which string attributes are categories (docs/retrieval.md)."""
    from core.retrieval.planning.values import Vocabulary

    _, pipe = transit
    store = pipe.retriever.core.store
    line = store.ontology().vertex_type("Line")
    assert not line.attr("colour").values  # not declared a category at import: observed by the planner
    assert "teal" in Vocabulary(store, store.ontology()).values(line).get("colour", ())
    assert "colour" not in Vocabulary(store, store.ontology(), max_values=2).values(line)
    assert Vocabulary(store, store.ontology()).max_values == Settings().plan_observed_values


# ---- a film graph (tests/byog4/graph.py, another seed than its question set) ----------------------------------------
@pytest.fixture(scope="module")
def films(tmp_path_factory):
    root = tmp_path_factory.mktemp("films")
    mod = _generator("byog4")
    (root / "data").mkdir()
    path = root / "data" / "cinema.graphml"
    mod.write_graphml(*mod.build(seed=8), path)
    return _imported(root, path)


def _labelled(g: nx.DiGraph, label: str) -> dict[str, dict]:
    return {n: d for n, d in g.nodes(data=True) if d["labels"] == f":{label}"}


def _rel(g: nx.DiGraph, label: str):
    return [(u, v, d) for u, v, d in g.edges(data=True) if d["label"] == label]


def _display(d: dict) -> str:
    return d.get("title") or d.get("name") or f"{d['first_name']} {d['last_name']}"


def test_yes_no_edge_attribute_said_as_an_adverb(films):
    g, pipe = films
    studio = max(_labelled(g, "Studio"), key=lambda s: sum(v == s for _, v, _ in _rel(g, "SIGNED_WITH")))
    exclusive = {u for u, v, d in _rel(g, "SIGNED_WITH") if v == studio and d["exclusive"] in (True, "true")}
    _, plan = _ask(pipe, f"How many actors are signed exclusively with {_display(g.nodes[studio])}?")
    assert plan.result_count == len(exclusive)


def test_total_and_extreme_of_an_edge_attribute_over_one_entitys_edges(films):
    g, pipe = films
    actor = max(_labelled(g, "Actor"), key=lambda a: g.out_degree(a))
    fees = [d["fee"] for u, _, d in _rel(g, "ACTED_IN") if u == actor]
    a, plan = _ask(pipe, f"What is the total of {_display(g.nodes[actor])}'s fees?")
    assert plan.operator == "total" and f"{sum(fees):,.2f}".rstrip("0").rstrip(".") in a.text
    film = max(_labelled(g, "Film"), key=lambda f: g.in_degree(f))
    cast = {u: d["fee"] for u, v, d in _rel(g, "ACTED_IN") if v == film}
    _, plan = _ask(pipe, f"Which actor had the highest fee in {_display(g.nodes[film])}?")
    assert set(plan.result_ids) == {u for u, f in cast.items() if f == max(cast.values())}


def test_a_relation_noun_with_another_preposition_and_as_a_hop(films):
    g, pipe = films
    first, sequel = next((v, u) for u, v, _ in _rel(g, "SEQUEL_OF"))  # sequel -SEQUEL_OF-> first
    _, plan = _ask(pipe, f"What is the sequel to {_display(g.nodes[first])}?")
    assert sequel in plan.result_ids
    directors = {u for u, v, _ in _rel(g, "DIRECTED") if v in {s for s, f, _ in _rel(g, "SEQUEL_OF") if f == first}}
    _, plan = _ask(pipe, f"Who directed the sequel to {_display(g.nodes[first])}?")
    assert set(plan.result_ids) == directors


def test_hyphenated_participle_makes_a_modifier(films):
    g, pipe = films
    winners = {u for u, _, _ in _rel(g, "WON")}
    _, plan = _ask(pipe, "How many award-winning films are there?")
    assert plan.result_count == len(winners)


def test_a_set_of_an_unknown_kind_is_not_answered_exactly(films):
    g, pipe = films
    actor = next(iter(_labelled(g, "Actor").values()))
    a, plan = _ask(pipe, f"Which blorfs has {_display(actor)} appeared in?")
    assert plan.result_ids == [] and a.text.startswith("Not sure")


def test_comparative_adjective_names_the_measured_attribute(films):
    g, pipe = films
    _, plan = _ask(pipe, "How many films run longer than 150 minutes?")
    assert plan.result_count == sum(d["runtime"] > 150 for d in _labelled(g, "Film").values())


def test_superlative_counted_through_the_relation_verb(films):
    g, pipe = films
    wins: dict[str, int] = {}
    for _, v, _ in _rel(g, "WON"):
        wins[v] = wins.get(v, 0) + 1
    _, plan = _ask(pipe, "Which award has been won most often?")
    assert set(plan.result_ids) == {a for a, n in wins.items() if n == max(wins.values())}


def test_relation_noun_counts_edges_and_a_missed_number_is_unsure(university):
    g, pipe = university
    a, _ = _ask(pipe, "How many enrolments are recorded?")
    assert str(len(_edges(g, "ENROLLED_IN"))) in a.text
    course = next(iter(_by_type(g, "Course")))
    a, plan = _ask(pipe, f"How many students scored 90 or more in {_title(g, course)}?")
    assert plan.result_ids == [] and a.text.startswith("Not sure")  # "scored" names no attribute: no guess


# ---- an open-source ecosystem graph (tests/byog5/graph.py, another seed than its question set) ---------------------
@pytest.fixture(scope="module")
def ecosystem(tmp_path_factory):
    root = tmp_path_factory.mktemp("oss")
    mod = _generator("byog5")
    (root / "data").mkdir()
    path = root / "data" / "oss.graphml"
    mod.write_graphml(*mod.build(13), path)
    return _imported(root, path)


def test_adverb_inside_a_self_relation_verb_keeps_its_direction(ecosystem):
    g, pipe = ecosystem
    deps = _rel(g, "DEPENDS_ON")
    target = max({v for _, v, _ in deps}, key=lambda p: sum(v == p for _, v, _ in deps))
    _, plan = _ask(pipe, f"How many packages depend directly on {_display(g.nodes[target])}?")
    assert plan.result_count == sum(v == target for _, v, _ in deps)


def test_a_relation_said_but_not_walked_is_not_exact(ecosystem):
    g, pipe = ecosystem
    mentee = next(u for u, _, _ in _rel(g, "MENTORED_BY"))
    a, plan = _ask(pipe, f"What packages does {_display(g.nodes[mentee])}'s mentor maintain?")
    assert a.text.startswith("Not sure") or set(plan.result_ids) == {
        u for m in {v for u, v, _ in _rel(g, "MENTORED_BY") if u == mentee}
        for u, v, _ in _rel(g, "MAINTAINED_BY") if v == m}
    pkg = next(u for u, _, _ in deps) if (deps := _rel(g, "DEPENDS_ON")) else None
    a, plan = _ask(pipe, f"List the blorfs of {_display(g.nodes[pkg])}.")
    assert a.text.startswith("Not sure") and plan.result_ids == []


def test_a_long_route_may_come_back_to_the_named_entity(films):
    g, pipe = films
    born = {}
    for u, v, _ in _rel(g, "BORN_IN"):
        born.setdefault(v, set()).add(u)
    country = max(born, key=lambda c: len(born[c]))
    films_of = {v for a in born[country] for u, v, _ in _rel(g, "ACTED_IN") if u == a}
    studios = {v for u, v, _ in _rel(g, "PRODUCED_BY") if u in films_of}
    homes = {v for u, v, _ in _rel(g, "BASED_IN") if u in studios}
    _, plan = _ask(pipe, f"Which countries are home to the studios behind films starring actors born in "
                         f"{_display(g.nodes[country])}?")
    assert set(plan.result_ids) == homes  # the country named may be one of them


# ---- a hospital graph (tests/byog6/graph.py, another seed than its question set) -----------------------------------
@pytest.fixture(scope="module")
def hospital(tmp_path_factory):
    root = tmp_path_factory.mktemp("hospital")
    mod = _generator("byog6")
    (root / "data").mkdir()
    path = root / "data" / "hospital.graphml"
    mod.write_graphml(mod.build(17), path)
    return _imported(root, path)


def test_edge_attribute_by_a_related_word_by_when_and_as_yes_no(hospital):
    g, pipe = hospital
    a, b, d = next((u, v, d) for u, v, d in _rel(g, "REFERRED_TO"))
    ans, plan = _ask(pipe, f"How urgent was {_display(g.nodes[a])}'s referral to {_display(g.nodes[b])}?")
    assert plan.attribute == "urgency" and str(d["urgency"]) in ans.text
    p, w, d = next((u, v, d) for u, v, d in _rel(g, "ADMITTED_TO"))
    ans, plan = _ask(pipe, f"When was {_display(g.nodes[p])} admitted to {_display(g.nodes[w])}?")
    assert plan.attribute == "admission_date" and str(d["admission_date"]) in ans.text
    ans, _ = _ask(pipe, f"Was {_display(g.nodes[p])}'s admission to {_display(g.nodes[w])} an emergency?")
    assert ans.text.startswith("Yes" if d["emergency"] in (True, "true", "True") else "No")


def test_yes_no_attribute_said_as_a_noun_or_negated_word(hospital):
    g, pipe = hospital
    city = max(_labelled(g, "City"), key=lambda c: g.in_degree(c))
    residents = [u for u, v, _ in _rel(g, "LIVES_IN") if v == city]
    insured = sum(g.nodes[p]["insured"] in (True, "true", "True") for p in residents)
    name = _display(g.nodes[city])
    _, plan = _ask(pipe, f"How many patients in {name} have insurance?")
    assert plan.result_count == insured
    _, plan = _ask(pipe, f"How many patients in {name} are uninsured?")
    assert plan.result_count == len(residents) - insured


def test_a_year_on_the_relation_is_not_put_on_the_entity(hospital):
    g, pipe = hospital
    ward = next(iter(_labelled(g, "Ward")))
    a, plan = _ask(pipe, f"How many patients were admitted to {_display(g.nodes[ward])} during 2023?")
    assert "birth_date" not in plan.explanation  # the year dates the admission (the edge), not the patient
    patient = next(u for u, _, _ in _rel(g, "RECEIVED"))
    got = {v for u, v, _ in _rel(g, "RECEIVED") if u == patient}
    _, plan = _ask(pipe, f"Which treatments did {_display(g.nodes[patient])} receive?")
    assert set(plan.result_ids) == got  # the type noun, not the edge's treatment_date


def test_self_relation_verb_with_an_object_between_it_and_its_preposition(hospital):
    g, pipe = hospital
    a, b, _ = next((u, v, d) for u, v, d in _rel(g, "REFERRED_TO"))
    ans, _ = _ask(pipe, f"Has {_display(g.nodes[a])} ever referred anyone to {_display(g.nodes[b])}?")
    assert ans.text.startswith("Yes")
    senders = {u for u, v, _ in _rel(g, "REFERRED_TO") if v == b}
    _, plan = _ask(pipe, f"Which doctors have sent referrals to {_display(g.nodes[b])}?")
    assert set(plan.result_ids) == senders


def test_superlative_by_number_of_an_attribute_and_most_recently(hospital):
    g, pipe = hospital
    hospitals = _labelled(g, "Hospital")
    top = max(d["beds"] for d in hospitals.values())
    _, plan = _ask(pipe, "What is the biggest hospital by number of beds?")
    assert set(plan.result_ids) == {h for h, d in hospitals.items() if d["beds"] == top}
    a, _ = _ask(pipe, "What's the total bed count across all hospitals?")
    assert f"{sum(d['beds'] for d in hospitals.values()):,}" in a.text
    ward = max(_labelled(g, "Ward"), key=lambda w: g.in_degree(w))
    staff = {u for u, v, _ in _rel(g, "WORKS_IN") if v == ward}
    latest = max(g.nodes[d]["hire_date"] for d in staff)
    _, plan = _ask(pipe, f"Who is the most recently hired doctor on {_display(g.nodes[ward])}?")
    assert set(plan.result_ids) == {d for d in staff if g.nodes[d]["hire_date"] == latest}



def test_portfolio_form_with_a_one_letter_slip(ecosystem):
    g, pipe = ecosystem
    lic = next(iter(_labelled(g, "License")))
    _, plan = _ask(pipe, f"What's everthing connected to {_display(g.nodes[lic])}?")
    assert plan.kind == "portfolio"


# ---- a supply-chain graph (tests/byog7/graph.py, another seed than its question set) -------------------------------
@pytest.fixture(scope="module")
def supply(tmp_path_factory):
    root = tmp_path_factory.mktemp("supply")
    mod = _generator("byog7")
    (root / "data").mkdir()
    path = root / "data" / mod.GRAPHML_NAME
    mod.write_graphml(mod.generate(31), path)
    return _imported(root, path)


def test_empty_route_that_skipped_a_self_relation_hop_is_not_an_exact_none(supply):
    """Assemblies are never supplied, their parts are: "which suppliers supply <assembly>?" read as one hop would
    be an exact "none"; one more hop of the self-relation would have led on, so the planner says it is not sure."""
    g, pipe = supply
    supplied = {v for _, v, _ in _rel(g, "SUPPLIES")}
    assembly = next(v for _, v, _ in _rel(g, "COMPONENT_OF") if v not in supplied)
    a, plan = _ask(pipe, f"Which suppliers supply {_display(g.nodes[assembly])}?")
    assert a.text.startswith("Not sure") and plan.result_ids == []
    part = next(iter(supplied))
    _, plan = _ask(pipe, f"Which suppliers supply {_display(g.nodes[part])}?")
    assert set(plan.result_ids) == {u for u, v, _ in _rel(g, "SUPPLIES") if v == part}


def test_comparisons_on_an_edge_attribute(university, hospital):
    g, pipe = university
    course = next(iter(_by_type(g, "Course")))
    low = {u for u, v, d in _edges(g, "ENROLLED_IN") if v == course and d["mark"] < 50}
    _, plan = _ask(pipe, f"How many students got a mark below 50 in {_title(g, course)}?")
    assert plan.result_count == len(low)
    g, pipe = hospital
    ward = max(_labelled(g, "Ward"), key=lambda w: g.in_degree(w))
    in_2023 = {u for u, v, d in _rel(g, "ADMITTED_TO") if v == ward and str(d["admission_date"]).startswith("2023")}
    _, plan = _ask(pipe, f"How many patients were admitted to {_display(g.nodes[ward])} during 2023?")
    assert plan.result_count == len(in_2023)


def test_total_of_an_edge_attribute_with_the_relation_said(supply):
    g, pipe = supply
    carrier = max(_labelled(g, "Carrier"), key=lambda c: g.in_degree(c))
    costs = [d["freight_cost"] for _, v, d in _rel(g, "HANDLED_BY") if v == carrier]
    a, plan = _ask(pipe, f"What's the total freight cost across all shipments handled by {_display(g.nodes[carrier])}?")
    assert plan.operator == "total" and f"{sum(costs):,.2f}" in a.text



# ---- a football graph (tests/byog8/graph.py, another seed than its question set) -----------------------------------
@pytest.fixture(scope="module")
def football(tmp_path_factory):
    root = tmp_path_factory.mktemp("football")
    mod = _generator("byog8")
    path = mod.write(root / "data", seed=21)
    return _imported(root, path)


def test_passive_reading_of_a_self_relation_wins_over_the_active_past(football):
    """MENTORS infers "mentored" (active past: X mentored Y) and "mentored by" (passive): the longer phrase decides
    ("coaches mentored by X" are the ones X mentors; "was A mentored by B" asks B -MENTORS-> A)."""
    g, pipe = football
    rel = _rel(g, "MENTORS")  # mentor -MENTORS-> mentee
    mentor = max({u for u, _, _ in rel}, key=lambda m: sum(u == m for u, _, _ in rel))
    mentees = {v for u, v, _ in rel if u == mentor}
    _, plan = _ask(pipe, f"Which coaches were mentored by {_display(g.nodes[mentor])}?")
    assert set(plan.result_ids) == mentees
    mentee = next(iter(mentees))
    a, _ = _ask(pipe, f"Was {_display(g.nodes[mentee])} mentored by {_display(g.nodes[mentor])}?")
    assert a.text.startswith("Yes")


def test_type_synonyms_from_wordnet_name_the_type(films, hospital, supply):
    """Words nobody put in the graph ("movies", "physicians", "consignments") name its types through WordNet
    (core/type_synonyms.py); counts equal networkx's."""
    for (g, pipe), question, label in ((films, "How many movies are there?", "Film"),
                                       (hospital, "How many physicians are there?", "Doctor"),
                                       (supply, "How many consignments are there?", "Shipment")):
        _, plan = _ask(pipe, question)
        assert plan.result_count == len(_labelled(g, label)), question
        assert plan.confidence >= 0.75, question


def test_a_word_for_a_kind_of_the_type_is_not_its_synonym(films):
    """"thrillers" is a kind of film (WordNet files thriller under movie): counting every film would be a
    confident wrong answer, so it is never the type's noun."""
    g, pipe = films
    a = pipe.answer("How many thrillers are there?")
    if a.plan is not None and a.plan.confidence >= 0.75:
        assert a.plan.result_count != len(_labelled(g, "Film"))


# ---- an airline graph (tests/byog9/graph.py, another seed than its question set) --------------------------------------
@pytest.fixture(scope="module")
def airline(tmp_path_factory):
    root = tmp_path_factory.mktemp("airline")
    path = _generator("byog9").write(root / "data", seed=4)
    return _imported(root, path)


def test_a_closed_value_said_as_the_noun_is_its_type_filtered(airline):
    """"captains", "flight attendants", "C-checks" are values of one attribute of one type: that type, filtered;
    "flight" inside "flight attendants" is not the Flight type."""
    g, pipe = airline
    crew = _labelled(g, "CrewMember")
    _, plan = _ask(pipe, "How many captains do we have on file?")
    assert plan.result_count == sum(d["role"] == "Captain" for d in crew.values()) and plan.confidence >= 0.75
    airline_id = next(iter(_labelled(g, "Airline")))
    name = _display(g.nodes[airline_id])
    employed = {u for u, v, _ in _rel(g, "EMPLOYED_BY") if v == airline_id}
    _, plan = _ask(pipe, f"How many flight attendants are employed by {name}?")
    assert plan.result_count == sum(crew[c]["role"] == "Flight Attendant" for c in employed)
    events = _labelled(g, "MaintenanceEvent")
    _, plan = _ask(pipe, "How many C-checks were carried out?")
    assert plan.result_count == sum(d["check_type"] == "C-check" for d in events.values()) and plan.confidence >= 0.75


def test_a_state_value_is_not_a_noun(airline):
    # "were delayed" is a status said of flights, not a noun standing for them
    g, pipe = airline
    _, plan = _ask(pipe, "How many flights were delayed?")
    assert plan.result_count == sum(d["status"] == "Delayed" for d in _labelled(g, "Flight").values())


def test_grouped_digits_number_words_and_unit_suffixed_attributes(airline):
    g, pipe = airline
    cities, airports = _labelled(g, "City"), _labelled(g, "Airport")
    _, plan = _ask(pipe, "How many cities have a population above 2,000,000?")
    assert plan.result_count == sum(d["population"] > 2_000_000 for d in cities.values()) and plan.confidence >= 0.75
    _, plan = _ask(pipe, "How many airports have more than one runway?")  # "runway" for runways, "one" is 1
    assert plan.result_count == sum(d["runways"] > 1 for d in airports.values()) and plan.confidence >= 0.75
    a, plan = _ask(pipe, "Which airport sits at the highest elevation?")  # elevation_m: "m" is a unit
    top = max(airports, key=lambda n: airports[n]["elevation_m"])
    assert plan.result_ids[:1] == [top]


def test_questions_about_the_dataset_itself(airline):
    g, pipe = airline
    types = {d["labels"] for _, d in g.nodes(data=True)}
    a = pipe.answer("How many different kinds of entity does this dataset hold?")
    assert a.text.startswith(f"{len(types)}.")
    a = pipe.answer("How many nodes does this graph contain altogether?")
    assert a.text.startswith(f"{g.number_of_nodes()}.")
    a = pipe.answer("How many relationships are in the graph?")
    assert a.text.startswith(f"{g.number_of_edges()}.")
    a = pipe.answer("How many relationship types are there in this graph?")  # the types, not the relationships
    assert a.text.startswith(f"{len({d['label'] for _u, _v, d in g.edges(data=True)})}.")


def test_an_amount_in_a_unit_and_an_unknown_asked_noun_are_not_counts(airline):
    g, pipe = airline
    flight = next(iter(_labelled(g, "Flight")))
    a = pipe.answer(f"By how many minutes was the departure of {_display(g.nodes[flight])} delayed?")
    assert a.plan is None or a.plan.confidence < 0.75 or a.plan.operator != "count"
    crew = next(c for c in _labelled(g, "CrewMember") if any(u == c for u, _v, _d in _rel(g, "WORKED_ON")))
    a = pipe.answer(f"Which tail numbers has {_display(g.nodes[crew])} worked aboard?")  # no type says "tail numbers"
    assert a.plan is not None and a.plan.confidence < 0.75 and "not sure" in a.text.lower()


# ---- a marketplace graph (tests/byog11/graph.py, another seed than its question set) ----------------------------------
@pytest.fixture(scope="module")
def market(tmp_path_factory):
    root = tmp_path_factory.mktemp("market")
    (root / "data").mkdir()
    path = root / "data" / "marketplace.graphml"
    nx.write_graphml(_generator("byog11").build(5), path)
    return _imported(root, path)


def _out(g, node, label):
    return {v for u, v, d in g.edges(node, data=True) if d["label"] == label}


def _in(g, node, label):
    return {u for u, v, d in g.in_edges(node, data=True) if d["label"] == label}


def test_a_self_relation_said_twice_walks_it_twice_each_way_by_its_clause(market):
    g, pipe = market
    buyers = _labelled(g, "Buyer")
    # a buyer whose referrer was referred too
    x = next(b for b in sorted(buyers) if any(_in(g, p, "REFERRED") for p in _in(g, b, "REFERRED")))
    _, plan = _ask(pipe, f"Who referred the person who referred {_display(g.nodes[x])}?")
    assert set(plan.result_ids) == {q for p in _in(g, x, "REFERRED") for q in _in(g, p, "REFERRED")}
    assert plan.confidence >= 0.75
    y = next(b for b in sorted(buyers) if any(_out(g, p, "REFERRED") for p in _out(g, b, "REFERRED")))
    _, plan = _ask(pipe, f"Who did the people that {_display(g.nodes[y])} referred go on to refer?")
    assert set(plan.result_ids) == {q for p in _out(g, y, "REFERRED") for q in _out(g, p, "REFERRED")}


def test_price_verbs_place_verbs_and_most_with_an_adjective(market):
    g, pipe = market
    products, sellers = _labelled(g, "Product"), _labelled(g, "Seller")
    _, plan = _ask(pipe, "Which handmade products cost less than $60?")
    assert set(plan.result_ids) == {p for p, d in products.items() if d["handmade"] and d["price"] < 60}
    country = sorted({d["country"] for d in sellers.values()})[0]
    _, plan = _ask(pipe, f"How many sellers are based in {country}?")
    assert plan.result_count == sum(d["country"] == country for d in sellers.values()) and plan.confidence >= 0.75
    _, plan = _ask(pipe, "What's the most expensive product?")
    assert plan.result_ids[:1] == [max(products, key=lambda p: products[p]["price"])]
    orders = _labelled(g, "Order")
    _, plan = _ask(pipe, "How many orders got cancelled?")
    assert plan.result_count == sum(d["status"] == "Cancelled" for d in orders.values()) and plan.confidence >= 0.75


def test_a_last_clause_that_names_the_answer_type_and_a_missed_verb(films):
    g, pipe = films
    # "…? I want the studios.": the question before is still the question; the last clause types the answer
    actor = next(a for a in sorted(_labelled(g, "Actor")) if _out(g, a, "ACTED_IN"))
    _, plan = _ask(pipe, f"Whose films has {_display(g.nodes[actor])} acted in? I want the studios.")
    assert set(plan.result_ids) == {s for f in _out(g, actor, "ACTED_IN") for s in _out(g, f, "PRODUCED_BY")}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    root = tmp_path_factory.mktemp("library")
    path = _generator("byog10").write(root / "data", seed=3)
    return _imported(root, path)


def test_a_verb_of_the_answers_own_relation_not_walked_is_not_exact(library):
    """"Who *wrote* the sequel to X" answered with the sequel, "what have the people X referred *borrowed*"
    answered with the people: the verb names a hop the route did not take, so no exact answer."""
    g, pipe = library
    book = next(b for b in sorted(_labelled(g, "Book")) if _in(g, b, "SEQUEL_OF"))
    a = pipe.answer(f"Who wrote the sequel to {_display(g.nodes[book])}?")
    sequels = _in(g, book, "SEQUEL_OF")
    assert not (a.plan is not None and a.plan.confidence >= 0.75 and set(a.plan.result_ids) == sequels)


def test_a_role_after_as_a_year_or_later_and_the_youngest(football):
    g, pipe = football
    players, coaches = _labelled(g, "Player"), _labelled(g, "Coach")
    position = sorted({d["position"] for d in players.values()})[0]
    _, plan = _ask(pipe, f"How many players play as a {position}?")
    assert plan.result_count == sum(d["position"] == position for d in players.values()) and plan.confidence >= 0.75
    _, plan = _ask(pipe, "How many players were born in 2001 or later?")
    assert plan.result_count == sum(d["birth_date"] >= "2001-01-01" for d in players.values())
    _, plan = _ask(pipe, "Who is the youngest coach?")
    assert plan.result_ids[:1] == [max(coaches, key=lambda c: coaches[c]["birth_date"])]


def test_a_value_of_the_looked_up_attribute_in_the_question_is_not_that_lookup(market):
    """"What top-level department does category X belong to?" names a value of X's own `level`: it asks for the
    ancestor that has it, so X's level is no answer."""
    g, pipe = market
    cats = _labelled(g, "Category")
    sub = next(c for c, d in cats.items() if d["level"] == "Subcategory")
    a = pipe.answer(f"What top-level department does the {_display(g.nodes[sub])} category belong to?")
    assert not a.text.startswith("Subcategory")
    a = pipe.answer(f"What level is the {_display(g.nodes[sub])} category?")
    assert a.text.startswith("Subcategory")


def test_an_empty_route_walks_a_self_relation_as_deep_as_it_goes(supply):
    """A bill of materials: suppliers supply raw parts, parts are COMPONENT_OF assemblies. "Which suppliers supply
    the parts for assembly A" dies at A (nobody supplies an assembly) unless the self-relation is walked first
    (``Stage.closure``); the answer then equals networkx's, and both backends run it through path_query."""
    g, pipe = supply
    rel = _rel(g, "COMPONENT_OF")  # part -COMPONENT_OF-> assembly
    assemblies = sorted({v for _u, v, _d in rel})
    a = next(x for x in assemblies if not _in(g, x, "SUPPLIES") and any(_in(g, p, "SUPPLIES") for p in _in(g, x, "COMPONENT_OF")))
    parts = {x for x in nx.ancestors(nx.DiGraph([(u, v) for u, v, _ in rel]), a)}
    want = {s for p in parts for s in _in(g, p, "SUPPLIES")}
    _, plan = _ask(pipe, f"Which suppliers supply the parts for the {_display(g.nodes[a])}?")
    assert set(plan.result_ids) == want and plan.confidence >= 0.75
    assert any(st.closure is not None for w in plan.walks for st in w.stages)


def test_a_closure_is_validated_like_any_step():
    from core.ontology import Ontology
    from core.records import PathStep, Plan, Stage, Walk
    from core.retrieval.planning.execute import validate_plan
    from core.schema import Attr, EdgeType, VertexType

    onto = Ontology("t", (VertexType("Part", "", "", (Attr("name"),), ("part",)),
                          VertexType("Maker", "", "", (Attr("name"),), ("maker",))),
                    (EdgeType("COMPONENT_OF", "Part", "Part"), EdgeType("MAKES", "Maker", "Part")))

    class Store:
        def get_entities(self, ids):
            from core.records import Entity
            return [Entity(i, "Part", i) for i in ids]

    good = Plan("relation", anchors=["p1"], target_type="Maker", walks=[Walk(["p1"], [Stage(
        [[PathStep("MAKES", "in", "Maker")]], "Maker", closure=PathStep("COMPONENT_OF", "in", "Part"))])])
    assert validate_plan(onto, Store(), good) is None
    bad = Plan("relation", anchors=["p1"], target_type="Maker", walks=[Walk(["p1"], [Stage(
        [[PathStep("MAKES", "in", "Maker")]], "Maker", closure=PathStep("MAKES", "in", "Maker"))])])
    assert "closure" in validate_plan(onto, Store(), bad)


def test_most_over_a_self_relation_is_directed_by_the_question(hospital):
    g, pipe = hospital
    rel = _rel(g, "REFERRED_TO")  # referrer -REFERRED_TO-> referred-to doctor
    made = {}
    for u, _v, _d in rel:
        made[u] = made.get(u, 0) + 1
    top = max(made.values())
    _, plan = _ask(pipe, "Which doctor has made the most referrals?")
    assert set(plan.result_ids) == {d for d, n in made.items() if n == top}
    got = {}
    for _u, v, _d in rel:
        got[v] = got.get(v, 0) + 1
    _, plan = _ask(pipe, "Which doctor has received the most referrals?")
    assert set(plan.result_ids) == {d for d, n in got.items() if n == max(got.values())}
    a = pipe.answer("Which doctor has the most referrals?")  # made or received: not said, so no exact answer
    assert a.plan is None or a.plan.operator != "argmax" or a.plan.confidence < 0.75


def test_most_of_a_party_noun_counts_that_side(ecosystem):
    g, pipe = ecosystem
    dependents = {}
    for _u, v, _d in _rel(g, "DEPENDS_ON"):  # dependent -DEPENDS_ON-> dependency
        dependents[v] = dependents.get(v, 0) + 1
    _, plan = _ask(pipe, "Which package has the most dependents?")
    assert set(plan.result_ids) == {p for p, n in dependents.items() if n == max(dependents.values())}


def test_a_relations_object_and_agent_nouns_walk_it_each_way(ecosystem):
    g, pipe = ecosystem
    deps = _rel(g, "DEPENDS_ON")  # dependent -DEPENDS_ON-> dependency
    names = {}
    for n, d in _labelled(g, "Package").items():
        names.setdefault(_display(d), []).append(n)
    pkg = next(u for u, _v, _d in sorted(deps) if len(names[_display(g.nodes[u])]) == 1
               and any(v == u for _x, v, _y in deps))
    name = _display(g.nodes[pkg])
    _, plan = _ask(pipe, f"How many direct dependencies does {name} have?")  # what it depends on
    assert plan.confidence >= 0.75 and plan.result_count == sum(u == pkg for u, _v, _d in deps)
    _, plan = _ask(pipe, f"What are the dependents of {name}?")  # what depends on it
    assert plan.confidence >= 0.75 and set(plan.result_ids) == {u for u, v, _d in deps if v == pkg}


def test_an_edge_attribute_between_two_unrelated_entities_is_not_an_exact_none(library):
    """"When did M borrow B?" presumes a loan: when there is none, the reading or the names are more likely wrong
    than the answer is "never", so the answer is "not sure"; with a loan it is the loan date."""
    g, pipe = library
    loans = _rel(g, "BORROWED")
    m, b, d = loans[0]
    a = pipe.answer(f"When did {_display(g.nodes[m])} borrow {_display(g.nodes[b])}?")
    assert d["loan_date"] in a.text
    other = next(x for x in sorted(_labelled(g, "Book")) if x not in _out(g, m, "BORROWED")
                 and sum(_display(g.nodes[y]) == _display(g.nodes[x]) for y in g.nodes) == 1)
    a = pipe.answer(f"When did {_display(g.nodes[m])} borrow {_display(g.nodes[other])}?")
    assert a.text.lower().startswith(("not sure", "not found"))
