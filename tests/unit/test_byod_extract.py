"""Extraction: rule-based mentions and types, and the LLM extractor on malformed replies (a fake provider)."""

from __future__ import annotations

from core.ingest.byod.extract import LLMExtractor, RuleExtractor, make_extractor
from core.records import Generation, Usage


def _mentions(text, aliases=None):
    return {(m.text, m.type, m.entity_id, m.method) for m in RuleExtractor(aliases or {}).extract("d#0", text).mentions}


def test_ids_and_appositions_tie_names_to_ids():
    got = _mentions("Acme Holdings Inc. (CUST-0042) renewed. Later CUST-0042 (Acme) opened TICK-00012.")
    assert ("CUST-0042", "Customer", "CUST-0042", "id") in got
    assert ("Acme Holdings Inc.", "Customer", "CUST-0042", "apposition") in got
    assert ("Acme", "Customer", "CUST-0042", "apposition") in got
    assert ("TICK-00012", "Ticket", "TICK-00012", "id") in got


def test_apposition_binds_only_the_nearest_name():
    got = _mentions("Dependencies: Onyxdock Connect Inc. and Westwater Payments (VEND-02) in a secondary role.")
    bound = {t for t, _, eid, _ in got if eid == "VEND-02"}
    assert bound == {"VEND-02", "Westwater Payments"}
    assert ("Onyxdock Connect Inc.", "Company", None, "name") in got


def test_alias_hit_inside_a_longer_different_name_is_not_the_alias():
    got = _mentions("Acme Logistics met Acme Corp and ACME in Lisbon.", {"acme": ["CUST-0042"]})
    assert ("Acme Logistics", "Company", None, "name") in got  # not CUST-0042
    assert ("Acme Corp", "Customer", "CUST-0042", "alias") in got  # the legal form belongs to the alias
    assert ("ACME", "Customer", "CUST-0042", "alias") in got


def test_capitalised_candidates_are_typed_by_cues_and_junk_is_dropped():
    text = ("Meeting notes: Vinlum Logistics Corp. Follow-up owner: Dr. Jane Doe, VP Sales at Rowtapel Brewing, "
            "in their Venpelvik office. The team launched Beacon Pro at the Web Summit. Revenue grew. We saw Acme and "
            "Northwind sign with the Bank of America.")
    got = {(t, ty) for t, ty, _, _ in _mentions(text)}
    assert ("Vinlum Logistics Corp.", "Company") in got  # the legal form ends the name before "Follow-up"
    assert ("Jane Doe", "Person") in got
    assert ("Rowtapel Brewing", "Company") in got  # "<title> at X"
    assert ("Venpelvik", "Location") in got
    assert ("Beacon Pro", "Product") in got
    assert ("Web Summit", "Event") in got
    assert ("Bank of America", "Company") in got
    names = {t for t, _ in got}
    assert {"Acme", "Northwind"} <= names  # "A and B" are two names
    assert not names & {"Revenue", "VP Sales", "Sales", "Meeting", "The"}


def test_heading_lines_are_not_names():
    got = {t for t, _, _, _ in _mentions("# Quarterly Business Review\nGlobex Corporation is based in Springfield.")}
    assert "Quarterly Business Review" not in got and "Globex Corporation" in got


class FakeGenerator:
    """Returns canned replies in order; counts calls like a provider would."""

    name = "fake-llm"

    def __init__(self, replies):
        self.replies = list(replies)
        self.calls = 0

    def complete_json(self, system, user):
        self.calls += 1
        text = self.replies.pop(0) if self.replies else ""
        return Generation(text, Usage(len(system) // 4, len(text) // 4, 1), self.name)


TEXT = "Jane Doe, CTO of Acme Holdings Inc., said Acme now buys from Northwind Traders (VEND-01) since 2021."


def test_llm_extraction_recovers_fenced_truncated_json():
    reply = ('Here you go:\n```json\n{"entities": [{"name": "Jane Doe", "type": "Person"}, {"name": "Acme Holdings Inc.", '
             '"type": "Company"}, {"name": "Northwind Traders", "type": "Vendor"},], "relations": [{"source": "Jane Doe", '
             '"type": "works for", "target": "Acme Holdings Inc.", "conditions": {"role": "CTO"}}, {"source": "Acme '
             'Holdings Inc.", "type": "BUYS_FROM", "target": "Northwind Tra')  # cut off mid-object
    gen = FakeGenerator([reply])
    out = LLMExtractor(gen).extract("d#0", TEXT)
    assert out.failures == 0 and gen.calls == 1 and out.usage.calls == 1
    by_text = {m.text: m for m in out.mentions}
    assert by_text["Jane Doe"].type == "Person" and by_text["Jane Doe"].method == "llm"
    assert by_text["VEND-01"].entity_id == "VEND-01"  # ids found by pattern are always kept
    rels = {(r.src, r.type, r.dst) for r in out.relations}
    assert ("Jane Doe", "WORKS_FOR", "Acme Holdings Inc.") in rels  # normalised to UPPER_SNAKE
    assert all(r.chunk_id == "d#0" for r in out.relations) and out.relations[0].attrs == {"role": "CTO"}
    assert not any(r.type == "BUYS_FROM" for r in out.relations)  # the truncated relation is not invented


def test_llm_extraction_drops_hallucinated_names_and_bad_types():
    reply = ('{"entities": [{"name": "Jane Doe", "type": "Wizard"}, {"name": "Globex", "type": "Company"}], '
             '"relations": [{"source": "Jane Doe", "type": "WORKS_FOR", "target": "Globex"}]}')
    out = LLMExtractor(FakeGenerator([reply])).extract("d#0", TEXT)
    texts = {m.text: m.type for m in out.mentions}
    assert texts["Jane Doe"] == "Entity"  # an unknown type becomes the unknown type, not a new one
    assert "Globex" not in texts  # not in the passage
    assert out.relations == []  # an endpoint that is not in the passage


def test_unusable_llm_reply_falls_back_to_rules_and_is_counted():
    for reply in ("I cannot help with that.", "", '["just", "a", "list"]', '{"entities": "nope"}'):
        out = LLMExtractor(FakeGenerator([reply])).extract("d#0", TEXT)
        assert out.failures == 1, reply
        names = {m.text for m in out.mentions}
        assert {"Jane Doe", "Acme Holdings Inc.", "VEND-01"} <= names  # the rule-based mentions stay


def test_make_extractor_uses_rules_for_the_offline_reader():
    from core.llm.offline import OfflineReader

    assert make_extractor(None, prefer="rules").name == "rules"
    assert make_extractor(OfflineReader(), prefer="rules").name == "rules"
    auto = make_extractor(None).name  # the NER model when the ``ner`` extra is installed, else the rules
    assert auto == "rules" or auto.startswith("ner:")
    assert make_extractor(FakeGenerator([])).name == "llm"


def test_without_the_model_auto_falls_back_to_rules_and_ner_says_why(monkeypatch):
    import pytest

    from core.ingest.byod import ner

    monkeypatch.setattr(ner, "available_model", lambda names=ner.NER_MODELS: None)
    assert make_extractor(None).name == "rules"
    with pytest.raises(ValueError, match="no spaCy NER model is installed"):
        make_extractor(None, prefer="ner")
    with pytest.raises(ValueError, match="unknown extractor"):
        make_extractor(None, prefer="spacy")


def test_ner_maps_labels_cleans_titles_and_drops_non_names():
    import pytest

    from core.ingest.byod.ner import available_model

    if available_model() is None:
        pytest.skip("the spaCy model is not installed (pip install 'hoplens[ner]')")
    ex = make_extractor(None, prefer="ner")
    assert ex.name.startswith("ner:")
    text = ("Foreign Minister Alexander Downer met Prime Minister John Howard in Canberra. \"I'm sure,\" said "
            "Attorney-General Daryl Williams. British troops and the Government said the Palestinian Authority "
            "must act. Globex Corporation hired staff.")
    got = {(m.text, m.type) for m in ex.extract("c#0", text).mentions}
    names = {t for t, _ in got}
    assert {("Alexander Downer", "Person"), ("John Howard", "Person"), ("Daryl Williams", "Person"),
            ("Canberra", "Location"), ("Globex Corporation", "Company")} <= got
    assert ("Palestinian Authority", "Company") in got
    assert not names & {"I'm", "British", "Government", "Prime Minister", "Foreign Minister", "Attorney-General"}
