"""Distil the static embedder's token table from a pinned transformer (the model2vec recipe, no training).

    python bench/distill_static.py [--teacher minilm-l6] [--dim 256] [--out core/llm/assets/static-minilm-l6-256.npy]

Every WordPiece of the committed vocabulary is run through the teacher alone (``[CLS] piece [SEP]``) and the
teacher's output at the piece's position is its vector; the table is centred, reduced to ``--dim`` dimensions by
PCA, and each row is weighted by a smooth-inverse-frequency factor ``a / (a + p(rank))`` with ``p`` Zipf's law over
the vocabulary order (BERT's vocabulary lists whole words roughly by frequency), so frequent pieces ("the", "of")
count for little in a text's mean. The result is written as float16; core/llm/pinned.py pins its SHA-256, so a
re-run that produces different bytes is refused until the pin is updated on purpose. Deterministic on one machine
(single-threaded onnxruntime, fixed batch order).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

SIF_A = 1e-4


def token_vectors(teacher: str, batch: int = 512) -> np.ndarray:
    import onnxruntime as ort

    from core.llm import pinned
    from core.llm.embed_offline import MODELS, VOCAB

    spec = MODELS[teacher]
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    session = ort.InferenceSession(str(spec.locate()), opts, providers=["CPUExecutionProvider"])
    inputs = {i.name for i in session.get_inputs()}
    hidden_name = next(o.name for o in session.get_outputs() if len(o.shape) == 3)
    vocab = pinned.verified_path("wordpiece-vocab", VOCAB).read_text(encoding="utf-8").splitlines()
    cls_id, sep_id = vocab.index("[CLS]"), vocab.index("[SEP]")
    out = np.zeros((len(vocab), spec.dim), dtype=np.float32)
    for start in range(0, len(vocab), batch):
        ids = np.array([[cls_id, i, sep_id] for i in range(start, min(start + batch, len(vocab)))], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
        if "token_type_ids" in inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        (hidden,) = session.run([hidden_name], feed)
        out[start : start + len(ids)] = hidden[:, 1]
    return out


def distil(vectors: np.ndarray, dim: int) -> np.ndarray:
    centred = vectors - vectors.mean(axis=0, keepdims=True)
    # PCA by SVD of the covariance (float64 for a stable, deterministic result); sign fixed per component
    cov = centred.astype(np.float64).T @ centred.astype(np.float64) / len(centred)
    eigval, eigvec = np.linalg.eigh(cov)
    comps = eigvec[:, np.argsort(eigval)[::-1][:dim]]
    comps *= np.sign(comps[np.argmax(np.abs(comps), axis=0), np.arange(dim)])
    reduced = centred.astype(np.float64) @ comps
    rank = np.arange(1, len(reduced) + 1, dtype=np.float64)
    p = 1.0 / (rank * np.log(len(reduced)))  # Zipf
    weights = SIF_A / (SIF_A + p)
    return (reduced * weights[:, None]).astype(np.float16)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--teacher", default="minilm-l6", choices=["minilm-l6", "minilm-l3"])
    ap.add_argument("--dim", type=int, default=256)
    ap.add_argument("--out", type=Path, default=Path("core/llm/assets/static-minilm-l6-256.npy"))
    args = ap.parse_args()
    table = distil(token_vectors(args.teacher), args.dim)
    np.save(args.out, table, allow_pickle=False)
    print(f"wrote {args.out}: {table.shape} {table.dtype}")


if __name__ == "__main__":
    main()
