"""The alias linker (core/retrieval/linking.PhoneBook): unambiguous aliases link; names that differ only in small
words link when the question writes one of them exactly."""

from __future__ import annotations

from core.ontology import Ontology
from core.retrieval.linking import PhoneBook
from core.schema import Attr, VertexType

ONTO = Ontology("t", (VertexType("Book", "", "", (Attr("name"),), ("book",)),), ())


def _ids(pb: PhoneBook, question: str) -> list[str]:
    return pb.link(question, lambda _i: False).ids


def test_names_differing_only_in_small_words():
    pb = PhoneBook({"the paper orchard": ["b1"], "paper orchard": ["b2"], "salt marsh": ["b3"]}, onto=ONTO)
    assert _ids(pb, "When did Noor borrow The Paper Orchard?") == ["b1"]
    assert _ids(pb, "Who wrote Paper Orchard?") == ["b2"]
    assert _ids(pb, "Tell me about salt marsh and the salt marsh") == ["b3"]


def test_a_key_two_names_share_links_to_neither_unless_written_exactly():
    pb = PhoneBook({"the orchard in salt marsh": ["b1"], "orchard salt marsh": ["b2"]}, onto=ONTO)
    assert _ids(pb, "Tell me about orchard in the salt marsh") == []  # both keys are "orchard salt marsh"
    assert _ids(pb, "Tell me about the orchard in salt marsh") == ["b1"]
