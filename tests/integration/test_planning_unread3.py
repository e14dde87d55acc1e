"""Planner mechanisms found on the question sets byog18-20 (written by people who never read the planner; scored
once untouched, then read), each checked here on ANOTHER seed of the writers' generators, imported with inference
only. Expected answers come from networkx over the GraphML (tests/integration/foreign_graphs.py), never from
HopLens."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from foreign_graphs import ask, built, of
from foreign_graphs import display as _name
from foreign_graphs import edges as _edges

from core.retrieval.planning.ranking import TIE_DOUBT


@pytest.fixture(scope="module")
def publishing(tmp_path_factory):
    return built(tmp_path_factory.mktemp("publishing"), "byog18", 7, "publishing.graphml")


@pytest.fixture(scope="module")
def hotels(tmp_path_factory):
    return built(tmp_path_factory.mktemp("hotels"), "byog19", 7, "hotels.graphml")


@pytest.fixture(scope="module")
def farming(tmp_path_factory):
    return built(tmp_path_factory.mktemp("farming"), "byog20", 7, "farming.graphml")


def _unique_names(g) -> Counter:
    return Counter(_name(d) for _, d in g.nodes(data=True))


def test_passive_most_cited_counts_incoming_and_a_wide_tie_is_not_sure(publishing):
    g, pipe = publishing
    cited = Counter(v for _u, v, _d in _edges(g, "CITES"))
    top = max(cited.values())
    winners = sorted(p for p, n in cited.items() if n == top)
    _, plan = ask(pipe, "Which paper is the most cited?")
    assert "<-CITES-" in plan.explanation  # incoming: cited by others
    if len(winners) > TIE_DOUBT:
        assert plan.confidence < 0.75
    else:
        assert plan.confidence >= 0.75 and sorted(plan.result_ids) == winners
    citing = Counter(u for u, _v, _d in _edges(g, "CITES"))
    top = max(citing.values())
    _, plan = ask(pipe, "Which paper cites the most papers?")
    assert "-CITES->" in plan.explanation
    if sum(n == top for n in citing.values()) > TIE_DOUBT:
        assert plan.confidence < 0.75  # many equal at the top: the measure is likely not what was meant


def test_co_authors_advisors_with_qualifiers_and_funding_bodies(publishing):
    g, pipe = publishing
    names = _unique_names(g)
    papers = defaultdict(set)
    for a, p, _d in _edges(g, "AUTHORED"):
        papers[a].add(p)
    authors = of(g, "Author")
    who = next(a for a in sorted(authors, key=lambda x: int(x.split("-")[1]))
               if names[_name(authors[a])] == 1 and len(papers[a]) >= 2)
    co = {b for b, ps in papers.items() if b != who and ps & papers[who]}
    _, plan = ask(pipe, f"Who has {_name(authors[who])} co-authored with?")
    assert plan.confidence >= 0.75 and set(plan.result_ids) == co
    _, plan = ask(pipe, f"How many co-authors does {_name(authors[who])} have?")
    assert plan.result_count == len(co)

    advisor = {s: a for a, s, _d in _edges(g, "ADVISED")}
    student = next(s for s in sorted(advisor) if names[_name(authors[s])] == 1)
    _, plan = ask(pipe, f"Who is {_name(authors[student])}'s doctoral advisor?")
    assert plan.confidence >= 0.75 and plan.result_ids == [advisor[student]]

    _, plan = ask(pipe, "how many funding bodies do we have")
    assert plan.confidence >= 0.75 and plan.result_count == len(of(g, "Funder"))


def test_money_and_years_of_experience_comparisons_and_money_nouns(publishing):
    g, pipe = publishing
    grants, reviewers = of(g, "Grant"), of(g, "Reviewer")
    _, plan = ask(pipe, "How many grants are worth more than $1,000,000?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["amount_usd"] > 1_000_000 for d in grants.values())
    _, plan = ask(pipe, "How many reviewers with over 20 years of experience do we have?")
    assert plan.confidence >= 0.75
    assert plan.result_count == sum(d["years_experience"] > 20 for d in reviewers.values())
    totals = Counter()
    for gr, f, _d in _edges(g, "AWARDED_BY"):
        totals[f] += grants[gr]["amount_usd"]
    best = max(totals.values())
    _, plan = ask(pipe, "Which funder has awarded the most grant money in total?")
    assert plan.attribute == "amount_usd" or "amount_usd" in plan.explanation
    assert plan.result_ids == sorted(f for f, t in totals.items() if t == best)


def test_an_edge_value_said_as_a_verb_form(publishing):
    g, pipe = publishing
    names = _unique_names(g)
    reviewers = of(g, "Reviewer")
    rejects = Counter(u for u, _v, d in _edges(g, "REVIEWED") if d["recommendation"] == "reject")
    who = next(r for r, n in sorted(rejects.items()) if n >= 1 and names[_name(reviewers[r])] == 1)
    _, plan = ask(pipe, f"How many papers has {_name(reviewers[who])} recommended rejecting?")
    assert plan.confidence >= 0.75 and plan.result_count == rejects[who]


def test_whole_attribute_names_edge_numbers_and_relation_nouns(hotels):
    g, pipe = hotels
    names = _unique_names(g)
    guests, bookings, tiers = of(g, "Guest"), of(g, "Booking"), of(g, "LoyaltyTier")
    nights = Counter()
    for b, gu, _d in _edges(g, "MADE_BY"):
        nights[gu] += bookings[b]["nights"]
    who = next(x for x in sorted(nights) if names[_name(guests[x])] == 1 and nights[x])
    a, plan = ask(pipe, f"How many nights has {_name(guests[who])} booked in total?")
    assert plan.attribute == "nights" and plan.target_type == "Booking"  # not the tier's min_nights
    assert str(nights[who]) in a.text
    member = {gu: (t, d) for gu, t, d in _edges(g, "MEMBER_OF")}
    who = next(x for x in sorted(member) if names[_name(guests[x])] == 1)
    a, plan = ask(pipe, f"How many loyalty points does {_name(guests[who])} have?")
    assert plan.attribute == "points" and str(member[who][1]["points"]) in a.text
    tier = member[who][0]
    other = next(t for t in sorted(tiers) if t != tier)
    a, plan = ask(pipe, f"Is {_name(guests[who])} a {tiers[tier]['name']} member?")
    assert a.text.startswith("Yes")
    a, plan = ask(pipe, f"Is {_name(guests[who])} a {tiers[other]['name']} member?")
    assert a.text.startswith("No")
    _, plan = ask(pipe, "how many loyalty members are there")
    assert plan.confidence >= 0.75 and plan.result_count == len(member)


def test_the_datas_owner_restricts_nothing(hotels, farming):
    g, pipe = hotels
    staff = of(g, "StaffMember")
    _, plan = ask(pipe, "How many receptionists does the company employ?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["role"] == "receptionist" for d in staff.values())
    _, plan = ask(pipe, "How many hotels does the group operate?")
    assert plan.confidence >= 0.75 and plan.result_count == len(of(g, "Hotel"))
    g, pipe = farming
    _, plan = ask(pipe, "How many farmers belong to the cooperative?")
    assert plan.confidence >= 0.75 and plan.result_count == len(of(g, "Farmer"))


def test_flags_said_by_their_first_word_or_as_the_set_asked_for(farming):
    g, pipe = farming
    farms, farmers = of(g, "Farm"), of(g, "Farmer")
    organic = sum(d["organic_certified"] for d in farms.values())
    for q in ("Count the organic certified farms.", "how many organic farms are there"):
        _, plan = ask(pipe, q)
        assert plan.confidence >= 0.75 and plan.target_type == "Farm" and plan.result_count == organic, q
    _, plan = ask(pipe, "how many board members are there")
    assert plan.confidence >= 0.75 and plan.result_count == sum(d["is_board_member"] for d in farmers.values())
    _, plan = ask(pipe, "Which board members hold Silver tier membership?")
    want = sorted(f for f, d in farmers.items() if d["is_board_member"] and d["membership_tier"] == "Silver")
    assert sorted(plan.result_ids) == want


def test_a_self_relation_in_other_words_is_not_taken_as_said(farming):
    g, pipe = farming
    names = _unique_names(g)
    farmers = of(g, "Farmer")
    referred = defaultdict(set)
    for a, b, _d in _edges(g, "REFERRED"):
        referred[a].add(b)
    who = next(a for a in sorted(referred) if names[_name(farmers[a])] == 1
               and any(referred.get(b) for b in referred[a]))
    a, plan = ask(pipe, f"Which members were brought in by people that {_name(farmers[who])} had referred?")
    # two hops said, one of them in words no relation has: not the one-hop list stated as exact
    assert plan.confidence < 0.75 or set(plan.result_ids) == {c for b in referred[who] for c in referred.get(b, ())}


def test_how_many_related_things_a_count_condition_says(farming):
    g, pipe = farming
    fields = Counter(v for _u, v, _d in _edges(g, "PART_OF"))
    farms = of(g, "Farm")
    for q, want in (("How many farms have more than 4 fields?", sum(fields[f] > 4 for f in farms)),
                    ("How many farms have at least three fields?", sum(fields[f] >= 3 for f in farms)),
                    ("How many farms have fewer than 2 fields?", sum(fields[f] < 2 for f in farms))):
        _, plan = ask(pipe, q)
        assert plan.confidence >= 0.75 and plan.result_count == want, q
        assert plan.conditions and plan.conditions[0].count_op is not None


def test_the_most_common_kind_of_entity_and_an_edge_attribute_named_in_two_words(publishing, hotels):
    g, pipe = publishing
    sizes = Counter(d["labels"].lstrip(":") for _n, d in g.nodes(data=True))
    a, plan = ask(pipe, "Which kind of entity is most common in this graph?")
    assert plan.operator == "argmax" and a.text.startswith(sizes.most_common(1)[0][0])
    names = _unique_names(g)
    authors = of(g, "Author")
    adv, stu, d = next((a, s, d) for a, s, d in _edges(g, "ADVISED")
                       if names[_name(authors[a])] == 1 and names[_name(authors[s])] == 1)
    a, plan = ask(pipe, f"In what year did {_name(authors[stu])} finish a PhD under {_name(authors[adv])}?")
    assert plan.attribute == "phd_year" and plan.confidence >= 0.75 and str(d["phd_year"]) in a.text
    grants = of(g, "Grant")
    funders = of(g, "Funder")
    f = next(f for f in sorted(funders) if names[_name(funders[f])] == 1)
    total = sum(grants[gr]["amount_usd"] for gr, ff, _d in _edges(g, "AWARDED_BY") if ff == f)
    a, plan = ask(pipe, f"What's the total value of all grants awarded by the {_name(funders[f])}?")
    assert plan.attribute == "amount_usd" and f"{total:,.0f}" in a.text
    g, pipe = hotels
    sizes = Counter(d["labels"].lstrip(":") for _n, d in g.nodes(data=True))
    kind, n = sizes.most_common(1)[0]
    a, _plan = ask(pipe, "What kind of record is most common in this dataset, and how many of them are there?")
    assert kind in a.text and str(n) in a.text


@pytest.fixture(scope="module")
def museum(tmp_path_factory):
    return built(tmp_path_factory.mktemp("museum7"), "byog15", 7, "museum.graphml")


def test_the_head_of_a_compound_type_noun_and_the_collection_as_owner(museum):
    g, pipe = museum
    names = _unique_names(g)
    artists = of(g, "Artist")
    made = defaultdict(set)
    for w, a, _d in _edges(g, "CREATED_BY"):
        made[a].add(w)
    who = next(a for a in sorted(made) if names[_name(artists[a])] == 1)
    _, plan = ask(pipe, f"Show me the works by {_name(artists[who])}.")  # "works" for Artwork (art + work)
    assert plan.confidence >= 0.75 and set(plan.result_ids) == made[who]
    _, plan = ask(pipe, "How many artists have more than 5 works in the collection?")
    assert plan.confidence >= 0.75 and plan.result_count == sum(len(made[a]) > 5 for a in artists)
    teacher = {s: t for t, s, _d in _edges(g, "MENTORED")}
    pupil = next((s for s in sorted(teacher) if names[_name(artists[s])] == 1), None)
    if pupil is not None:  # "teacher" is no verb of the owner: the hop is not skipped as "in the collection"
        _, plan = ask(pipe, f"Which works by {_name(artists[pupil])}'s teacher are in the collection?")
        assert plan.confidence < 0.75 or set(plan.result_ids) == made[teacher[pupil]]


def test_an_unread_verb_over_the_only_two_hop_bridge_is_read_as_that_bridge(farming, hotels):
    g, pipe = farming
    names = _unique_names(g)
    farmers = of(g, "Farmer")
    owns = defaultdict(set)
    for f, farm, _d in _edges(g, "OWNS"):
        owns[f].add(farm)
    fields = defaultdict(set)
    for fld, farm, _d in _edges(g, "PART_OF"):
        fields[farm].add(fld)
    crops = defaultdict(set)
    for fld, crop, _d in _edges(g, "PLANTED_WITH"):
        crops[fld].add(crop)
    who = next(f for f in sorted(owns) if names[_name(farmers[f])] == 1
               and any(crops[x] for farm in owns[f] for x in fields[farm]))
    want = {c for farm in owns[who] for x in fields[farm] for c in crops[x]}
    _, plan = ask(pipe, f"What crops are grown on the farms {_name(farmers[who])} owns?")
    # Farm <- Field -> Crop is the only way from a farm to a crop in two hops: "grown" can only mean it
    assert plan.confidence >= 0.75 and set(plan.result_ids) == want
    g, pipe = hotels
    rooms, guests = of(g, "Room"), of(g, "Guest")
    names = _unique_names(g)
    booked = defaultdict(set)
    room_of = {b: r for b, r, _d in _edges(g, "FOR_ROOM")}
    for b, gu, _d in _edges(g, "MADE_BY"):
        if b in room_of:
            booked[room_of[b]].add(gu)
    room = next(r for r in sorted(booked) if names[_name(rooms[r])] == 1)
    _, plan = ask(pipe, f"Which guests have stayed in {_name(rooms[room])}?")
    assert plan.confidence < 0.75 or set(plan.result_ids) == booked[room]
    assert all(x in guests for x in plan.result_ids)
