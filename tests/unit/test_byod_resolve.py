"""Resolution decisions: name comparison, the context rules, cannot-link, and LLM adjudication only when needed."""

from __future__ import annotations

import pytest

from core.ingest.byod.names import name_key
from core.ingest.byod.resolve import Adjudicator, Candidate, Known, Resolver, compare_names, compatible
from core.records import Generation, Usage


@pytest.mark.parametrize("a,b", [
    ("Acme", "ACME Holdings Inc."), ("Acme Corp", "Acme Holdings"), ("The Globex Corporation", "Globex"),
    ("Wayne Enterprise", "Wayne Enterprises"), ("Acme Tech", "Acme Technologies"), ("North Wind", "Northwind"),
    ("Société Générale S.A.", "Societe Generale"), ("Dr. Jane Doe", "Jane Doe"),
])
def test_near_duplicates_are_the_same(a, b):
    assert compare_names(a, b).verdict == "same", (a, b, compare_names(a, b))


@pytest.mark.parametrize("a,b", [
    ("Acme Logistics", "Acme Analytics"), ("Northwind", "Northwood"), ("Maria Kovac", "Peter Kovac"),
    ("Plant 7 Foods", "Plant 8 Foods"), ("Initech", "Globex"),
])
def test_lookalikes_are_different(a, b):
    assert compare_names(a, b).verdict == "different", (a, b)


@pytest.mark.parametrize("a,b", [
    ("Acme", "Acme Logistics"), ("Umbrela Corp", "Umbrella Corp"), ("J. Doe", "Jane Doe"),
    ("IBM", "International Business Machines"),
])
def test_partial_evidence_is_ambiguous(a, b):
    assert compare_names(a, b).verdict == "ambiguous", (a, b)


def test_types_gate_matches():
    assert compare_names("Jordan", "Jordan", "Person", "Location").verdict == "different"
    assert compatible("Company", "Vendor") and compatible("Entity", "Person")
    assert not compatible("Customer", "Vendor")  # two ontology types stay apart even for one name
    assert compatible("Location", "Company", lenient=True) and not compatible("Person", "Company", lenient=True)
    assert name_key("ACME Holdings Inc.") == name_key("Acme Corp") == "acme"


def _resolver(**kw) -> Resolver:
    r = Resolver(**kw)
    r.add(Known("ORG-1", "Company", {"Umbrella Corp"}, {"PER-1", "PER-2", "LOC-1"}, mentions=12))
    r.add(Known("ORG-2", "Company", {"Acme Logistics"}, {"PER-3"}, mentions=5))
    r.add(Known("ORG-3", "Company", {"Acme Analytics"}, {"PER-4"}, mentions=5))
    for pid in ("PER-1", "PER-2", "PER-3", "PER-4"):
        r.add(Known(pid, "Person", {pid}, {"ORG-1"}, mentions=3))
    r.add(Known("LOC-1", "Location", {"Springfield"}, {f"ORG-{i}" for i in range(1, 30)}, mentions=40))
    return r


def test_exact_key_merges_and_fuzzy_lookalikes_do_not():
    r = _resolver()
    m = r.match(Candidate("ORG-9", "UMBRELLA CORPORATION", "Company"))
    assert m and m.entity_id == "ORG-1" and m.decision.method == "exact"
    assert r.match(Candidate("ORG-9", "Acme Robotics", "Company", mentions=4)) is None


def test_typo_needs_context_or_rarity():
    r = _resolver()
    # frequent enough not to be a typo, and sharing only a hub city: stays apart
    assert r.match(Candidate("ORG-9", "Umbrela Corp", "Company", {"LOC-1"}, mentions=6)) is None
    # two spellings each seen often on their own are two names, whatever context they share
    assert r.match(Candidate("ORG-9", "Umbrela Corp", "Company", {"PER-1"}, mentions=6)) is None
    # a one-off spelling one letter from a much more frequent name
    m = r.match(Candidate("ORG-8", "Umbrela Corp", "Company", set(), mentions=1))
    assert m and m.decision.method == "fuzzy" and "rare spelling" in m.decision.reason


def test_short_form_next_to_two_expansions_stays_apart():
    r = _resolver()
    # "Acme" matches both Acme Logistics and Acme Analytics: nothing decides, so no merge
    assert r.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2", "ORG-3"}, mentions=2)) is None
    r2 = Resolver(short_forms={"acme": {"acme logistics"}})
    r2.add(Known("ORG-2", "Company", {"Acme Logistics"}, {"ORG-5"}, mentions=5, docs={"d1", "d2"}))
    m = r2.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2"}, mentions=2, docs={"d1"}))
    assert m and m.entity_id == "ORG-2"  # the one full name, named in the documents that use the short form
    # used only in documents that never name the full form: not sure, so no merge
    assert r2.match(Candidate("ORG-8", "Acme", "Company", set(), mentions=2, docs={"d9"})) is None


def test_short_form_of_two_full_names_never_merges():
    from core.ingest.byod.resolve import short_form_expansions

    names = {"waugh": "Person", "steve waugh": "Person", "mark waugh": "Person", "downer": "Person",
             "alexander downer": "Person", "palestinian": "Location", "palestinian authority": "Company",
             "christmas": "Entity", "christmas island": "Location", "pacific": "Location",
             "pacific solution": "Company", "gaza": "Location", "gaza strip": "Location", "gaza city": "Location"}
    sf = short_form_expansions(names)
    assert sf["waugh"] == {"steve waugh", "mark waugh"} and sf["downer"] == {"alexander downer"}
    assert not {"palestinian", "christmas", "pacific", "gaza"} & set(sf)  # adjectives and places have no short forms
    r = Resolver(short_forms=sf)
    r.add(Known("PER-1", "Person", {"Steve Waugh"}, docs={"d1"}, mentions=5))
    r.add(Known("PER-2", "Person", {"Mark Waugh"}, docs={"d1"}, mentions=5))
    assert r.match(Candidate("PER-9", "Waugh", "Person", docs={"d1"}, mentions=3)) is None
    r.add(Known("PER-3", "Person", {"Alexander Downer"}, docs={"d2"}, mentions=5))
    m = r.match(Candidate("PER-8", "Downer", "Person", docs={"d2"}, mentions=3))
    assert m and m.entity_id == "PER-3" and "surname" in m.decision.reason
    # no transitive merge: "Waugh" joined Steve Waugh by hand; Mark Waugh still never matches through it
    r.absorb("PER-1", Candidate("PER-7", "Waugh", "Person", docs={"d1"}))
    r.known.pop("PER-2")
    assert r.match(Candidate("PER-6", "Mark Waugh", "Person", docs={"d1"}, mentions=2)) is None


def test_cannot_link_blocks_a_merge():
    r = Resolver(cannot_link=[("ORG-9", "ORG-1")])
    r.add(Known("ORG-1", "Company", {"Umbrella Corp"}))
    assert r.match(Candidate("ORG-9", "Umbrella Corporation", "Company")) is None
    assert r.match(Candidate("ORG-7", "Umbrella Corporation", "Company")).entity_id == "ORG-1"


class Judge:
    name = "fake-llm"

    def __init__(self, reply):
        self.reply = reply
        self.calls = 0

    def complete_json(self, system, user):
        self.calls += 1
        assert '"no"' in system  # the prompt tells the model to say no when unsure
        return Generation(self.reply, Usage(10, 5, 1), self.name)


def test_llm_adjudicates_only_ambiguous_pairs_and_unsure_means_no():
    yes = Judge('{"same": "yes", "reason": "same firm"}')
    r = _resolver(adjudicator=Adjudicator(yes))
    assert r.match(Candidate("ORG-9", "UMBRELLA CORP", "Company")).decision.method == "exact"
    assert r.match(Candidate("ORG-9", "Acme Robotics", "Company", mentions=4)) is None
    assert yes.calls == 0  # clear cases never reach the model
    # a short form of two full names is refused outright: the model is not even asked
    two = Resolver(adjudicator=Adjudicator(yes), short_forms={"acme": {"acme logistics", "acme analytics"}})
    two.add(Known("ORG-2", "Company", {"Acme Logistics"}))
    two.add(Known("ORG-3", "Company", {"Acme Analytics"}))
    assert two.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2", "ORG-3"}, mentions=2)) is None
    assert yes.calls == 0

    def one(judge):
        r1 = Resolver(adjudicator=Adjudicator(judge), short_forms={"acme": {"acme logistics"}})
        r1.add(Known("ORG-2", "Company", {"Acme Logistics"}, docs={"d1"}))
        return r1

    # the rules alone would accept this short form (its document names the full form); the model's yes confirms
    m = one(yes).match(Candidate("ORG-9", "Acme", "Company", docs={"d1"}, mentions=2))
    assert m and m.decision.method == "llm" and yes.calls >= 1
    for reply in ('{"same": "unsure"}', "maybe?", '{"same": "no"}', ""):
        judge = Judge(reply)
        assert one(judge).match(Candidate("ORG-9", "Acme", "Company", docs={"d1"}, mentions=2)) is None, reply
        assert judge.calls >= 1  # the model's no (or anything but yes) beats the rules' yes
