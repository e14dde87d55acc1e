"""The static offline embedder (``static-l6``): a committed, pinned token table distilled from all-MiniLM-L6-v2.
Checked against its teacher on real sentences, for the protocol, and for determinism across batch shapes."""

from __future__ import annotations

import numpy as np
import pytest

from core.config import Settings
from core.llm.base import Embedder
from core.llm.embed_offline import MODELS, OfflineEmbedder, StaticEmbedder, _tokenizer
from core.llm.factory import make_embedder

SENTENCES = [
    "Acme Holdings Inc. depends on VEND-07 for storage in REGION-FRANKFURT.",
    "The outage OUTAGE-012 (P1) lasted 4.5 hours; root cause: BGP misconfiguration.",
    "Customer reported slow dashboard loads after the latest release.",
    "The quarterly business review covered renewal terms and expansion plans.",
    "Café résumé naïve — Zürich",
    "short",
]


@pytest.fixture(scope="module")
def static():
    return make_embedder(Settings(offline_embedder_model="static-l6"))


def test_factory_protocol_shape_and_norm(static):
    assert isinstance(static, StaticEmbedder) and isinstance(static, Embedder)
    assert static.name == "offline:static-MiniLM-L6-256" and static.dim == 256
    v = static.embed(SENTENCES)
    assert v.shape == (len(SENTENCES), 256) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert static.embed([]).shape == (0, 256)
    with pytest.raises(TypeError):
        static.embed("not a list")
    with pytest.raises(ValueError, match="static"):
        OfflineEmbedder("static-l6")  # the ONNX class refuses a table


def test_a_text_embeds_the_same_alone_or_in_any_batch(static):
    batch = static.embed(SENTENCES)
    for i, s in enumerate(SENTENCES):
        np.testing.assert_allclose(static.embed_query(s), batch[i], atol=1e-6)
    np.testing.assert_allclose(static.embed(SENTENCES[::-1])[::-1], batch, atol=1e-6)


def test_vector_is_the_normalised_sum_of_the_wordpiece_rows(static):
    text = SENTENCES[1]
    ids = _tokenizer().encode(text, add_special_tokens=False).ids
    table = np.load(MODELS["static-l6"].locate(), allow_pickle=False).astype(np.float32)
    want = table[ids].sum(axis=0)
    np.testing.assert_allclose(static.embed_query(text), want / np.linalg.norm(want), atol=1e-5)


def test_ranks_like_its_teacher():
    """On these sentences the static vectors agree with all-MiniLM-L6-v2 about which sentence is closest to each
    question (the teacher's ranking is the reference; no threshold tuned on the eval suites)."""
    teacher, student = OfflineEmbedder("minilm-l6"), StaticEmbedder("static-l6")
    questions = ["Which vendor provides storage in Frankfurt?", "What caused the P1 outage?",
                 "Who complained about the dashboard being slow?", "What was discussed at the business review?"]
    t_docs, s_docs = teacher.embed(SENTENCES[:4]), student.embed(SENTENCES[:4])
    for q in questions:
        assert int(np.argmax(t_docs @ teacher.embed_query(q))) == int(np.argmax(s_docs @ student.embed_query(q))), q
