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
    # shares a specific co-mentioned person: the same company
    m = r.match(Candidate("ORG-9", "Umbrela Corp", "Company", {"PER-1"}, mentions=6))
    assert m and m.entity_id == "ORG-1" and m.decision.method == "context"
    # a one-off spelling one letter from a much more frequent name
    m = r.match(Candidate("ORG-8", "Umbrela Corp", "Company", set(), mentions=1))
    assert m and m.decision.method == "fuzzy" and "rare spelling" in m.decision.reason


def test_short_form_next_to_two_expansions_stays_apart():
    r = _resolver()
    # "Acme" matches both Acme Logistics and Acme Analytics: nothing decides, so no merge
    assert r.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2", "ORG-3"}, mentions=2)) is None
    r2 = Resolver()
    r2.add(Known("ORG-2", "Company", {"Acme Logistics"}, {"ORG-5"}, mentions=5))
    m = r2.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2"}, mentions=2))
    assert m and m.entity_id == "ORG-2"  # the one full name in the same passage


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
    m = r.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2", "ORG-3"}, mentions=2))
    assert m and m.decision.method == "llm" and yes.calls >= 1
    for reply in ('{"same": "unsure"}', "maybe?", '{"same": "no"}', ""):
        judge = Judge(reply)
        r = _resolver(adjudicator=Adjudicator(judge))
        assert r.match(Candidate("ORG-9", "Acme", "Company", {"ORG-2", "ORG-3"}, mentions=2)) is None, reply
        assert judge.calls >= 1
