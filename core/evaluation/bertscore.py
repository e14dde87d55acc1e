"""Optional BERTScore (canonical ``bert_score``, roberta-large, rescaled with baseline) of answers vs references.

It runs only when ``bert_score`` is importable AND roberta-large is already in the local Hugging Face cache; it
never downloads (HF_HUB_OFFLINE=1 is set before loading). Otherwise the summary says
``{"status": "unavailable", "reason": ...}`` — no other metric is ever reported under this name.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping, Sequence
from typing import Any

MODEL = "roberta-large"
_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


def availability() -> tuple[bool, str]:
    """(available, reason if not)."""
    if importlib.util.find_spec("bert_score") is None:
        return False, "the bert_score package is not installed (pip install bert-score)"
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return False, "huggingface_hub is not installed"
    if not isinstance(try_to_load_from_cache(MODEL, "config.json"), str):
        return False, f"{MODEL} is not in the local Hugging Face cache (HopLens never downloads it)"
    if not any(isinstance(try_to_load_from_cache(MODEL, f), str) for f in _WEIGHT_FILES):
        return False, f"{MODEL} weights are not in the local Hugging Face cache"
    return True, ""


def bertscore_summary(rows: Sequence[Mapping[str, Any]], references: Mapping[str, str],
                      enabled: bool = True) -> dict[str, Any]:
    """Mean rescaled BERTScore F1 per pipeline over rows whose question has a reference sentence."""
    if not enabled:
        return {"status": "skipped", "reason": "disabled for this run (--no-bertscore)"}
    # Set before huggingface_hub/transformers are imported: they read it at import time.
    os.environ["HF_HUB_OFFLINE"] = "1"
    ok, reason = availability()
    if not ok:
        return {"status": "unavailable", "reason": reason}
    scored = [r for r in rows if references.get(r["question_id"]) and r.get("answer")]
    if not scored:
        return {"status": "unavailable", "reason": "no question in the suite has a reference sentence"}
    from bert_score import score

    _, _, f1 = score([r["answer"] for r in scored], [references[r["question_id"]] for r in scored],
                     model_type=MODEL, lang="en", rescale_with_baseline=True, verbose=False)
    per: dict[str, list[float]] = {}
    for r, f in zip(scored, f1.tolist(), strict=True):
        per.setdefault(r["pipeline"], []).append(float(f))
    return {
        "status": "ok",
        "model": MODEL,
        "rescaled": True,
        "pipelines": {p: {"n": len(v), "f1_mean": round(sum(v) / len(v), 6)} for p, v in per.items()},
    }
