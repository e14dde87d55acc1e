"""Planner mechanisms found on the question sets byog12-14 (written by people who never read the planner), each
checked here on ANOTHER seed of the writers' generators, imported with inference only. Expected answers come from
networkx over the GraphML (tests/integration/foreign_graphs.py), never from HopLens."""

from __future__ import annotations

from collections import defaultdict

import pytest
from foreign_graphs import ask, built, generator, imported, of
from foreign_graphs import display as _name
from foreign_graphs import edges as _edges


@pytest.fixture(scope="module")
def estate(tmp_path_factory):
    return built(tmp_path_factory.mktemp("estate"), "byog13", 5, "realestate.graphml")


@pytest.fixture(scope="module")
def cloud(tmp_path_factory):
    return built(tmp_path_factory.mktemp("cloud"), "byog14", 5, "cloudops.graphml")


@pytest.fixture(scope="module")
def trials(tmp_path_factory):
    return built(tmp_path_factory.mktemp("trials"), "byog12", 5, "trials.graphml")


@pytest.fixture(scope="module")
def airline(tmp_path_factory):
    root = tmp_path_factory.mktemp("airline5")
    return imported(root, generator("byog9").write(root / "data", seed=5))


def test_the_article_a_is_not_the_closed_value_A(estate):
    g, pipe = estate
    props = of(g, "Property")
    _, plan = ask(pipe, "How many properties have a garden?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["has_garden"] for d in props.values())
    assert "energy_rating" not in plan.explanation
    _, plan = ask(pipe, "How many properties have an A energy rating?")
    assert plan.result_count == sum(d["energy_rating"] == "A" for d in props.values())


def test_yes_no_attribute_phrases_in_other_orders_and_forms(estate, airline):
    g, pipe = estate
    buyers, sales = of(g, "Buyer"), of(g, "Sale")
    _, plan = ask(pipe, "how many first-time buyers do we have?")  # the type's own noun inside the name
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["first_time_buyer"] for d in buyers.values())
    _, plan = ask(pipe, "How many of the sales were cash purchases?")  # plural
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["cash_purchase"] for d in sales.values())
    _, plan = ask(pipe, "How many buyers have an approved mortgage?")  # words swapped
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["mortgage_approved"] for d in buyers.values())
    g, pipe = airline
    _, plan = ask(pipe, "How many aircraft are currently out of service?")  # "out of X" for in_X
    assert plan.confidence >= 0.75
    assert plan.result_count == sum(not d["in_service"] for d in of(g, "Aircraft").values())


def test_a_value_inside_a_longer_type_noun_gives_way(cloud):
    g, pipe = cloud
    _, plan = ask(pipe, "Which data centres are in the EU?")  # "data" is also a Team department
    assert plan.target_type == "DataCentre" and plan.confidence >= 0.75
    assert set(plan.result_ids) == {n for n, d in of(g, "DataCentre").items() if d["region"] == "EU"}


def test_an_unread_asked_or_measured_word_or_a_when_answered_with_things_is_not_exact(estate, trials):
    g, pipe = estate
    buyer = next(u for u, v, d in _edges(g, "VIEWED"))
    who = _name(g.nodes[buyer])
    listing = next(v for u, v, d in _edges(g, "VIEWED") if u == buyer)
    prop = next(v for u, v, d in _edges(g, "FOR_PROPERTY") if u == listing)
    # "when" asks for a date; a list of listings is another question
    a, plan = ask(pipe, f"When did {who} view {_name(g.nodes[prop])}?")
    assert plan.operator in ("list", "count") and plan.confidence < 0.75
    # "what score": an asked word the plan does not read
    _, plan = ask(pipe, f"What score did {who} give {_name(g.nodes[prop])} after the viewing?")
    assert plan.confidence < 0.75
    g, pipe = trials
    # "the most people": what is counted is not read (the count of mentors per investigator would be wrong)
    mentees = defaultdict(int)
    for _u, v, _d in _edges(g, "MENTORED_BY"):
        mentees[v] += 1
    best = max(mentees.values())
    _, plan = ask(pipe, "Which investigator has mentored the most people?")
    if plan.confidence >= 0.75:  # exact only when it is the right count
        assert set(plan.result_ids) == {m for m, k in mentees.items() if k == best}


def test_the_most_of_a_number_on_the_types_own_edges_is_their_sum(cloud, airline):
    g, pipe = cloud
    hours = defaultdict(float)
    for u, _v, d in _edges(g, "RESPONDED_TO"):
        hours[u] += d["hours"]
    best = max(hours.values())
    _, plan = ask(pipe, "Which engineer has logged the most hours responding to incidents?")
    assert plan.operator == "argmax" and plan.confidence >= 0.75
    assert set(plan.result_ids) == {e for e, h in hours.items() if h == best}
    g, pipe = airline
    crew = of(g, "CrewMember")
    duty = defaultdict(float)
    for u, _v, d in _edges(g, "WORKED_ON"):
        if crew[u]["role"] == "Captain":
            duty[u] += d["duty_hours"]
    best = max(duty.values())
    _, plan = ask(pipe, "Which captain logged the most duty hours across all their flights?")
    assert set(plan.result_ids) == {c for c, h in duty.items() if h == best}


def test_oldest_by_an_integer_founding_year(trials):
    g, pipe = trials
    sponsors = of(g, "Sponsor")
    first = min(d["founded"] for d in sponsors.values())
    _, plan = ask(pipe, "What's the oldest sponsor?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == {n for n, d in sponsors.items() if d["founded"] == first}


def test_the_most_of_a_number_of_related_things_is_their_sum(cloud, trials):
    g, pipe = cloud
    incidents = of(g, "Incident")
    down = defaultdict(int)
    for u, v, _d in _edges(g, "AFFECTS"):
        down[v] += incidents[u]["downtime_minutes"]
    best = max(down.values())
    _, plan = ask(pipe, "Which service has racked up the most downtime minutes across its incidents?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == {s for s, m in down.items() if m == best}
    g, pipe = trials
    budgets = defaultdict(float)  # budget_musd: "musd" is a unit (million USD), so "budget" names it
    for u, v, _d in _edges(g, "SPONSORED_BY"):
        budgets[v] += of(g, "Trial")[u]["budget_musd"]
    best = max(budgets.values())
    _, plan = ask(pipe, "Which sponsor has the largest combined budget across its trials?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == {s for s, b in budgets.items() if b == best}


def test_a_relations_agent_and_patient_nouns_direct_it(trials):
    g, pipe = trials
    mentor_of = {u: v for u, v, _d in _edges(g, "MENTORED_BY")}  # mentee -> mentor
    mentees = defaultdict(set)
    for u, v in mentor_of.items():
        mentees[v].add(u)
    boss = next(m for m, ms in sorted(mentees.items()) if len(ms) >= 2)
    name = _name(g.nodes[boss])
    works = {u: v for u, v, _d in _edges(g, "WORKS_AT")}
    _, plan = ask(pipe, f"Where do {name}'s mentees work?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == {works[m] for m in mentees[boss] if m in works}
    _, plan = ask(pipe, f"Who are {name}'s mentees?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == mentees[boss]
    mentee = sorted(mentees[boss])[0]
    _, plan = ask(pipe, f"Who is the mentor of {_name(g.nodes[mentee])}?")
    assert set(plan.result_ids) == {boss}


def test_when_did_one_entity_do_what_its_relation_says_is_that_edges_date(trials):
    g, pipe = trials
    enrolled = [(u, d["enrollment_date"]) for u, _v, d in _edges(g, "ENROLLED_IN")]
    names = defaultdict(int)
    for d in of(g, "Participant").values():
        names[_name(d)] += 1
    pid, date = next((u, day) for u, day in enrolled if names[_name(g.nodes[u])] == 1)
    a, plan = ask(pipe, f"When did {_name(g.nodes[pid])} enroll?")
    assert plan.operator == "value" and plan.confidence >= 0.75 and date in a.text


def test_an_agent_noun_flag_said_as_its_verb_and_a_skipped_thing(trials, cloud):
    g, pipe = trials
    people = of(g, "Participant").values()
    _, plan = ask(pipe, "How many of the participants smoke?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["smoker"] for d in people)
    _, plan = ask(pipe, "How many participants don't smoke?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(not d["smoker"] for d in people)
    g, pipe = cloud
    team = next(_name(d) for d in of(g, "Team").values())
    # "rely on *something* the team owns": a service between the two, not the team's own services
    _, plan = ask(pipe, f"What services rely on something the {team} team owns?")
    assert plan.confidence < 0.75 or plan.kind == "multi_hop"


def test_a_self_relation_verb_before_or_after_the_route_directs_an_extra_hop(estate, trials):
    g, pipe = estate
    works = defaultdict(set)
    for u, v, _d in _edges(g, "WORKS_FOR"):
        works[v].add(u)
    mentors_of = defaultdict(set)  # agent -> who mentors them
    for u, v, _d in _edges(g, "MENTORS"):
        mentors_of[v].add(u)
    agency = next(a for a in sorted(works) if any(mentors_of[x] for x in works[a]))
    gold = {m for x in works[agency] for m in mentors_of[x]}
    _, plan = ask(pipe, f"Who mentors the agents at {_name(g.nodes[agency])}?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == gold
    g, pipe = trials
    staff = defaultdict(set)
    for u, v, _d in _edges(g, "WORKS_AT"):
        staff[v].add(u)
    mentees = defaultdict(set)
    for u, v, _d in _edges(g, "MENTORED_BY"):
        mentees[v].add(u)
    site = next(s for s in sorted(staff) if any(mentees[x] for x in staff[s]))
    gold = {m for x in staff[site] for m in mentees[x]}
    _, plan = ask(pipe, f"Which investigators were mentored by someone working at {_name(g.nodes[site])}?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == gold
    leads = defaultdict(set)
    for u, v, _d in _edges(g, "LEADS"):
        leads[u].add(v)
    boss = next(b for b in sorted(mentees) if any(leads[m] for m in mentees[b]))
    gold = {t for m in mentees[boss] for t in leads[m]}
    _, plan = ask(pipe, f"Which trials are led by people that {_name(g.nodes[boss])} mentored?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == gold


def test_the_common_term_for_a_types_kinds_counts_it(estate):
    g, pipe = estate
    _, plan = ask(pipe, "Number of homes in the dataset?")
    assert plan.confidence >= 0.75 and plan.result_count == len(of(g, "Property"))


def test_who_did_a_verb_whose_relation_is_away_from_the_named_thing(estate):
    g, pipe = estate
    listing_of = {u: v for u, v, _d in _edges(g, "FOR_PROPERTY")}  # listing -> property
    sale_of = {u: v for u, v, _d in _edges(g, "OF_LISTING")}  # sale -> listing
    buyer_of = {u: v for u, v, _d in _edges(g, "BOUGHT_BY")}  # sale -> buyer
    bought = defaultdict(set)
    for sale, listing in sale_of.items():
        bought[listing_of[listing]].add(buyer_of[sale])
    names = defaultdict(int)
    for d in of(g, "Property").values():
        names[_name(d)] += 1
    house = next(p for p in sorted(bought) if names[_name(g.nodes[p])] == 1)
    _, plan = ask(pipe, f"Who bought {_name(g.nodes[house])}?")  # through the listing and its sale
    assert plan.confidence >= 0.75 and set(plan.result_ids) == bought[house]


# ---- found on byog15-17 (read after their mid-session score), checked on seed 7 -------------------------------------
@pytest.fixture(scope="module")
def museum(tmp_path_factory):
    return built(tmp_path_factory.mktemp("museum"), "byog15", 7, "museum.graphml")


@pytest.fixture(scope="module")
def transit16(tmp_path_factory):
    return built(tmp_path_factory.mktemp("transit16"), "byog16", 7, "transit.graphml")


@pytest.fixture(scope="module")
def lawfirm(tmp_path_factory):
    return built(tmp_path_factory.mktemp("lawfirm"), "byog17", 7, "lawfirm.graphml")


def test_the_graphs_own_name_is_not_a_value_and_a_real_word_is_no_typo(museum):
    g, pipe = museum
    _, plan = ask(pipe, "How many artists does the museum have on record?")  # lender_type "Museum" is not meant
    assert plan.confidence >= 0.75 and plan.result_count == len(of(g, "Artist"))
    treatments = of(g, "Treatment")
    top = max(d["cost"] for d in treatments.values())
    # "conservation" is an English word, not a slip for "conservator" (a Curator noun)
    _, plan = ask(pipe, "What's the most expensive conservation treatment?")
    assert set(plan.result_ids) == {n for n, d in treatments.items() if d["cost"] == top}


def test_unread_things_extremes_and_forms_are_not_exact(museum, transit16):
    g, pipe = museum
    teacher = next(u for u, _v, _d in _edges(g, "MENTORED"))
    _, plan = ask(pipe, f"What movements do the pupils of {_name(g.nodes[teacher])} belong to?")
    assert plan.confidence < 0.75  # "pupils" is no word of this graph: the teacher's own movement is not the answer
    _, plan = ask(pipe, "How many exhibitions opened in 2023?")  # a start and an end date: which one is a guess
    assert plan.confidence < 0.75
    g, pipe = transit16
    route = next(u for u, _v, _d in _edges(g, "SERVES"))
    _, plan = ask(pipe, f"Which station is the first stop on the {_name(g.nodes[route])}?")
    assert plan.confidence < 0.75  # the stop order was not read; every stop of the route is not the first one
    boss = next(v for _u, v, _d in _edges(g, "SUPERVISED_BY"))
    _, plan = ask(pipe, f"who reports directly to {_name(g.nodes[boss])}?")
    assert plan.target_type != "Incident" or plan.confidence < 0.75  # "who" is never the incidents they reported


def test_an_edges_named_attribute_and_its_one_amount(museum, lawfirm):
    g, pipe = museum
    lender, exhibition, amount = next((v, u, d["amount"]) for u, v, d in _edges(g, "SPONSORED_BY"))
    a, plan = ask(pipe, f'How much did {_name(g.nodes[lender])} put toward sponsoring "{_name(g.nodes[exhibition])}"?')
    assert plan.operator == "value" and plan.confidence >= 0.75 and f"{amount}" in a.text
    g, pipe = lawfirm
    names = defaultdict(int)
    for d in of(g, "Attorney").values():
        names[_name(d)] += 1
    att, matter, role = next((u, v, d["role"]) for u, v, d in _edges(g, "STAFFED_ON") if names[_name(g.nodes[u])] == 1)
    a, plan = ask(pipe, f"What role does {_name(g.nodes[att])} have on {_name(g.nodes[matter])}?")
    assert plan.attribute == "role" and role in a.text  # not assigned_on: "on" is no word for that attribute


def test_a_flag_sharing_a_word_with_a_value_and_the_head_of_a_compound(lawfirm, museum):
    g, pipe = lawfirm
    people = of(g, "Attorney")
    office = next(d["office"] for d in people.values() if d["is_equity_partner"])
    gold = {n for n, d in people.items() if d["office"] == office and d["position"] == "Partner"
            and d["is_equity_partner"]}
    _, plan = ask(pipe, f"Show me the equity partners in the {office} office.")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == gold
    names = defaultdict(int)
    for d in people.values():
        names[_name(d)] += 1
    salaried = next(d for d in people.values() if d["position"] == "Partner" and not d["is_equity_partner"]
                    and names[_name(d)] == 1)
    a, _plan = ask(pipe, f"Is {_name(salaried)} an equity partner?")  # a partner, but not an equity one
    assert a.text.startswith("No")
    g, pipe = museum
    rooms = of(g, "Gallery")
    top = max(d["area_sqm"] for d in rooms.values())
    _, plan = ask(pipe, "Which is the largest gallery by floor area?")  # area_sqm, not the floor number
    assert set(plan.result_ids) == {n for n, d in rooms.items() if d["area_sqm"] == top}


def test_a_two_word_nouns_head_in_the_plural_and_a_relation_verb_as_an_adjective(lawfirm):
    g, pipe = lawfirm
    firms = of(g, "LawFirm")
    opposing = {v for _u, v, _d in _edges(g, "OPPOSED_BY")}  # matter -OPPOSED_BY-> firm
    first = min(firms[f]["founded_year"] for f in opposing)
    _, plan = ask(pipe, "Which of the opposing firms is the oldest?")  # "firms" for "law firms"
    assert plan.confidence >= 0.75
    assert set(plan.result_ids) == {f for f in opposing if firms[f]["founded_year"] == first}
    _, plan = ask(pipe, "How many opposing law firms are there?")
    assert plan.confidence >= 0.75 and plan.result_count == len(opposing)


def test_a_verb_that_is_no_relation_says_the_value_after_it(cloud):
    g, pipe = cloud
    _, plan = ask(pipe, "How many servers run Debian 12?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["os"] == "Debian 12" for d in of(g, "Server").values())
    _, plan = ask(pipe, "Which services are written in Go?")
    assert plan.confidence >= 0.75
    assert set(plan.result_ids) == {n for n, d in of(g, "Service").items() if d["language"] == "Go"}


def test_having_or_lacking_the_other_side_of_a_self_relation(trials):
    g, pipe = trials
    people = set(of(g, "Investigator"))
    mentored = {u for u, _v, _d in _edges(g, "MENTORED_BY")}
    mentors = {v for _u, v, _d in _edges(g, "MENTORED_BY")}
    _, plan = ask(pipe, "How many investigators don't have a mentor?")
    assert plan.confidence >= 0.75 and plan.result_count == len(people - mentored)
    _, plan = ask(pipe, "How many investigators have mentees?")
    assert plan.confidence >= 0.75 and plan.result_count == len(mentors)
