"""Token-aware chunking: documents become chunks of at most ``chunk_tokens`` cl100k tokens that end on sentence
boundaries where possible, consecutive chunks sharing up to ``chunk_overlap`` tokens of whole sentences.

Chunk text is an exact slice of the document text (formatting kept); ids are ``f"{doc_id}#{ord}"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.llm.tokens import encoding
from core.records import Chunk, Document

_LINE = re.compile(r"[^\n]+")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


@dataclass(frozen=True)
class ChunkSpec:
    chunk_tokens: int = 160
    chunk_overlap: int = 24

    def __post_init__(self) -> None:
        if self.chunk_tokens < 8:
            raise ValueError(f"chunk_tokens must be at least 8, got {self.chunk_tokens}")
        if not 0 <= self.chunk_overlap < self.chunk_tokens // 2 + 1:
            raise ValueError(
                f"chunk_overlap must be between 0 and half of chunk_tokens ({self.chunk_tokens // 2}), "
                f"got {self.chunk_overlap}"
            )

    @classmethod
    def from_settings(cls, settings) -> ChunkSpec:
        return cls(settings.chunk_tokens, settings.chunk_overlap)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence-like piece: lines, split after . ! ? ; : followed by whitespace; trimmed."""
    spans = []
    for line in _LINE.finditer(text):
        base, s = line.start(), line.group()
        pos = 0
        for cut in _SENTENCE_END.finditer(s):
            spans.append((base + pos, base + cut.start()))
            pos = cut.end()
        spans.append((base + pos, base + len(s)))
    out = []
    for a, b in spans:
        piece = text[a:b]
        stripped = piece.strip()
        if stripped:
            a += len(piece) - len(piece.lstrip())
            out.append((a, a + len(stripped)))
    return out


def _count(texts: list[str]) -> list[int]:
    # encode_ordinary per text: tiktoken's batch API starts a thread pool per call, far slower for short texts
    encode = encoding().encode_ordinary
    return [len(encode(t)) for t in texts]


def _split_long(text: str, start: int, end: int, limit: int) -> list[tuple[int, int]]:
    """Cut one over-long sentence into pieces of at most ``limit`` tokens (exact, via token offsets)."""
    enc = encoding()
    tokens = enc.encode_ordinary(text[start:end])
    _, offsets = enc.decode_with_offsets(tokens)
    cuts = [start + offsets[i] for i in range(0, len(tokens), limit)] + [end]
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if text[a:b].strip()]


def chunk_text(text: str, spec: ChunkSpec) -> list[tuple[int, int]]:
    """Character spans of the chunks of ``text``."""
    spans = sentence_spans(text)
    if not spans:
        return []
    counts = _count([text[a:b] for a, b in spans])
    pieces: list[tuple[int, int, int]] = []
    for (a, b), n in zip(spans, counts, strict=True):
        if n > spec.chunk_tokens:
            sub = _split_long(text, a, b, spec.chunk_tokens)
            pieces.extend((x, y, m) for (x, y), m in zip(sub, _count([text[x:y] for x, y in sub]), strict=True))
        else:
            pieces.append((a, b, n))
    chunks = []
    i = 0
    while i < len(pieces):
        j, total = i, pieces[i][2]
        # +1 per join approximates the separator's token; the final count is exact
        while j + 1 < len(pieces) and total + pieces[j + 1][2] + 1 <= spec.chunk_tokens:
            j += 1
            total += pieces[j][2] + 1
        chunks.append((pieces[i][0], pieces[j][1]))
        if j + 1 >= len(pieces):
            break
        k, back = j + 1, 0
        while k - 1 > i and back + pieces[k - 1][2] <= spec.chunk_overlap:
            k -= 1
            back += pieces[k][2]
        i = k
    return chunks


def chunk_document(doc: Document, spec: ChunkSpec) -> list[Chunk]:
    spans = chunk_text(doc.text, spec)
    texts = [doc.text[a:b] for a, b in spans]
    counts = _count(texts)
    return [
        Chunk(id=f"{doc.id}#{i}", doc_id=doc.id, ord=i, text=t, tokens=n)
        for i, (t, n) in enumerate(zip(texts, counts, strict=True))
    ]
