"""Chunker, linker and embedding view on hand-written text."""

from __future__ import annotations

import numpy as np
import pytest

from core.ingest.boilerplate import EmbedView, frequent_sentences, sentence_key
from core.ingest.chunker import ChunkSpec, chunk_document, chunk_text, sentence_spans
from core.ingest.linker import Linker
from core.llm.tokens import count_tokens
from core.records import Document

TEXT = "\n\n".join(
    f"Paragraph {i} talks about customer number {i} and the outage that hit their payment systems. "
    f"The account manager followed up on day {i}! Did the vendor reply? Yes: within {i} hours."
    for i in range(12)
)


def test_chunks_respect_budget_cover_text_and_overlap():
    spec = ChunkSpec(chunk_tokens=60, chunk_overlap=12)
    doc = Document("DOC-00042", "note", "t", TEXT)
    chunks = chunk_document(doc, spec)
    assert len(chunks) > 3
    assert [c.id for c in chunks] == [f"DOC-00042#{i}" for i in range(len(chunks))]
    assert [c.ord for c in chunks] == list(range(len(chunks))) and {c.doc_id for c in chunks} == {"DOC-00042"}
    for c in chunks:
        assert c.tokens == count_tokens(c.text) <= 60
        assert c.text in TEXT  # an exact slice of the document
    sentences = [TEXT[a:b] for a, b in sentence_spans(TEXT)]
    assert all(any(s in c.text for c in chunks) for s in sentences)  # nothing lost
    spans = chunk_text(TEXT, spec)
    assert [TEXT[a:b] for a, b in spans] == [c.text for c in chunks]
    starts = {a for a, _ in sentence_spans(TEXT)}
    for (a0, b0), (a1, b1) in zip(spans, spans[1:], strict=False):
        assert a0 < a1 < b0 < b1  # consecutive chunks overlap, and move forward
        assert a1 in starts  # the overlap is whole sentences
        assert 0 < count_tokens(TEXT[a1:b0]) <= 12 + 3
    no_overlap = chunk_document(doc, ChunkSpec(chunk_tokens=60, chunk_overlap=0))
    assert sum(c.tokens for c in no_overlap) < sum(c.tokens for c in chunks)


def test_sentence_boundaries_and_long_sentences():
    text = "One. Two!  Three?\nFour: five"
    assert [text[a:b] for a, b in sentence_spans(text)] == ["One.", "Two!", "Three?", "Four:", "five"]
    long = Document("DOC-1", "x", "t", "lorem ipsum " * 400)
    chunks = chunk_document(long, ChunkSpec(chunk_tokens=50, chunk_overlap=0))
    assert len(chunks) > 10 and all(c.tokens <= 50 for c in chunks)
    assert "".join(c.text for c in chunks).replace(" ", "") == long.text.replace(" ", "")
    assert chunk_document(Document("DOC-2", "x", "t", "   \n  "), ChunkSpec()) == []


def test_chunk_spec_validation():
    with pytest.raises(ValueError, match="chunk_tokens"):
        ChunkSpec(chunk_tokens=2)
    with pytest.raises(ValueError, match="chunk_overlap"):
        ChunkSpec(chunk_tokens=100, chunk_overlap=90)


TABLE = {
    "acme": ["CUST-0001"],
    "acme holdings inc.": ["CUST-0001"],
    "acme holdings": ["CUST-0002"],  # a different company whose name is a prefix of the first's alias
    "cust-0001": ["CUST-0001"],
    "vend-07": ["VEND-07"],
    "j. sato": ["EMP-001", "EMP-002"],  # ambiguous
    "ticket #1": ["TICK-00001"],
    "x": ["CUST-0009"],  # too short to link
}


def test_linker_longest_match_word_boundaries_and_case():
    linker = Linker(TABLE)
    assert linker.mentions("ACME Holdings Inc. renewed; Acme Holdings is separate.") == [
        "acme holdings inc.", "acme holdings"]
    assert linker.link("ACME Holdings Inc. renewed; Acme Holdings is separate.") == ["CUST-0001", "CUST-0002"]
    assert linker.link("Acmecorp and subacme are not Acme") == ["CUST-0001"]  # word boundaries
    assert linker.link("see cust-0001 and VEND-07, not VEND-070 or ticket #12") == ["CUST-0001", "VEND-07"]
    assert linker.link("ticket #1 was closed") == ["TICK-00001"]
    assert linker.link("Acme\n  Holdings   Inc. again") == ["CUST-0001"]  # whitespace normalised
    assert linker.link("x marks the spot") == []


def test_linker_ambiguous_keys_need_the_documents_own_entities():
    linker = Linker(TABLE)
    assert linker.link("J. Sato joined the call") == []
    assert linker.link("J. Sato joined the call", declared=["EMP-002", "CUST-0001"]) == ["EMP-002"]
    assert Linker({}).link("anything") == []
    assert Linker(TABLE).fingerprint == Linker(dict(reversed(list(TABLE.items())))).fingerprint
    assert Linker(TABLE).fingerprint != Linker({**TABLE, "beta": ["CUST-0003"]}).fingerprint


def test_embedding_view_drops_frequent_sentences_only():
    docs = [f"Please advise. Customer {i} reported slow exports.\nThanks in advance." for i in range(6)]
    docs.append("A unique remark about storage. Please advise.")
    frequent = frequent_sentences(docs, min_docs=5)
    assert set(frequent.tolist()) == {sentence_key("Please advise."), sentence_key("Thanks in advance.")}
    view = EmbedView(frequent)
    assert view(docs[0]) == "Customer 0 reported slow exports."
    assert view("Please advise.\nThanks in advance.") == "Please advise.\nThanks in advance."  # never empty
    assert EmbedView(np.zeros(0, dtype=np.int64))(docs[0]) == docs[0]
    assert frequent_sentences(docs, 0).size == 0
