"""The full scale's long documents (detail >= NARRATIVE_DETAIL): deterministic, varied, fact-bearing, and gated so that
the tiny and demo files (which question suites and gold depend on) stay byte-identical."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter, defaultdict
from dataclasses import replace

import pytest

from core.dataset.documents import iter_documents
from core.dataset.documents.common import Writer
from core.dataset.documents.narrative import (
    NARRATIVE_DETAIL,
    compliance_sections,
    customer_sections,
    postmortem_sections,
    project_sections,
    ticket_turns,
)
from core.dataset.generate import generate_dataset
from core.dataset.scales import SCALES
from core.dataset.world import TODAY, build_world
from core.ingest.boilerplate import document_keys, sentence_key
from core.ingest.chunker import sentence_spans

FULL_DETAIL = SCALES["full"].detail


@pytest.fixture(scope="module")
def world():
    return build_world(SCALES["tiny"], 11)


def _writer(world, tag: str) -> Writer:
    return Writer(world, random.Random(f"test:{tag}"))


def _render(world, fn, eid: str, *args) -> str:
    wr = _writer(world, f"{eid}:{args}")  # one rng per document, as iter_documents does
    parts = fn(wr, eid, *args)
    return "\n\n".join(wr.resolve(*parts)[0])


def _sections(world) -> dict[str, list[str]]:
    """The narrative text of every subject in the tiny world, per kind, rendered at the full scale's detail."""
    when = TODAY.replace(month=1)
    return {
        "ticket": [_render(world, ticket_turns, t, FULL_DETAIL) for t in world.ids("Ticket")],
        "customer": [_render(world, customer_sections, c, when, FULL_DETAIL) for c in world.ids("Customer")],
        "postmortem": [_render(world, postmortem_sections, o, FULL_DETAIL) for o in world.ids("Outage")],
        "project": [_render(world, project_sections, p, k, FULL_DETAIL) for p in world.ids("Project") for k in (0, 1)],
        "compliance": [_render(world, compliance_sections, c, FULL_DETAIL) for c in world.ids("ComplianceCase")],
    }


def test_only_the_full_scale_reaches_the_narrative_detail():
    assert SCALES["full"].detail >= NARRATIVE_DETAIL
    assert all(s.detail < NARRATIVE_DETAIL for name, s in SCALES.items() if name != "full")
    assert SCALES["full"].planned_documents() >= 100_000


# Pinned outputs: a change here changes the question suites' data. Update only on purpose (and regenerate gold).
PINNED = {
    ("tiny", 7): ("61e31ac179805d8c9e8747b99e7c0cc80b785a6c38a0203e90288fc96cbea5ae", 213_743, 51_202),
    ("demo", 7): ("ea16e0fb68d30f5b940aa49d769d611c4eb2ca712001aab16a6b0b6318539595", 4_019_778, 938_322),
}


@pytest.mark.parametrize(("scale", "seed"), sorted(PINNED))
def test_tiny_and_demo_documents_are_unchanged(scale, seed, tmp_path):
    m = generate_dataset(scale, seed, tmp_path / scale, progress=False)
    sha, chars, tokens = PINNED[(scale, seed)]
    assert (m["characters"], m["estimated_tokens"]) == (chars, tokens)
    assert hashlib.sha256((tmp_path / scale / "documents.jsonl").read_bytes()).hexdigest() == sha


def test_long_documents_are_deterministic(world, tmp_path, monkeypatch):
    monkeypatch.setitem(SCALES, "tiny", replace(SCALES["tiny"], detail=FULL_DETAIL))
    a, b = tmp_path / "a", tmp_path / "b"
    generate_dataset("tiny", 5, a, progress=False)
    generate_dataset("tiny", 5, b, progress=False)
    for name in ("documents.jsonl", "manifest.json"):
        assert (a / name).read_bytes() == (b / name).read_bytes()
    # and the document stream itself, rendered twice from one world
    scale = SCALES["tiny"]
    first = [d.to_dict() for d in iter_documents(world, scale, 3)]
    assert first == [d.to_dict() for d in iter_documents(world, scale, 3)]


def test_long_documents_are_longer_by_their_narrative(monkeypatch, tmp_path):
    lengths = {}
    for detail in (NARRATIVE_DETAIL - 1, NARRATIVE_DETAIL):
        monkeypatch.setitem(SCALES, "tiny", replace(SCALES["tiny"], detail=detail))
        m = generate_dataset("tiny", 5, tmp_path / str(detail), progress=False)
        lengths[detail] = m["characters"] / m["documents"]
    assert lengths[NARRATIVE_DETAIL] > 1.5 * lengths[NARRATIVE_DETAIL - 1]


def test_narrative_sentences_say_new_things(world):
    """Almost all text is in distinct sentences, and almost none in boilerplate (found verbatim in 5+ documents)."""
    for kind, texts in _sections(world).items():
        assert texts and all(t.strip() for t in texts), kind
        sentences = [t[a:b] for t in texts for a, b in sentence_spans(t)]
        chars = sum(map(len, sentences))
        distinct = sum(map(len, set(sentences))) / chars  # characters in first occurrences
        df = Counter(k for t in texts for k in document_keys(t))
        frequent = sum(len(x) for x in sentences if df[sentence_key(x)] >= 5) / chars
        assert distinct > 0.9, (kind, distinct)  # a project's two reports share its fixed plan
        assert frequent < 0.08, (kind, frequent)  # section headings ("Metrics") are the frequent ones


def test_per_entity_numbers_agree_across_documents(world, monkeypatch):
    """A customer's seat count is a fixed fact: every long document that states it states the same number."""
    monkeypatch.setitem(SCALES, "tiny", replace(SCALES["tiny"], detail=FULL_DETAIL))
    seats: dict[str, set[str]] = defaultdict(set)
    pattern = re.compile(r"(?:has|of) ([\d,]+) licensed seats")
    for d in iter_documents(world, SCALES["tiny"], 2):
        customers = [e for e in d.entity_ids if e.startswith("CUST-")]
        if len(customers) == 1:
            seats[customers[0]].update(pattern.findall(d.text))
    stated = {c: s for c, s in seats.items() if s}
    assert len(stated) > len(world.ids("Customer")) // 2
    assert all(len(s) == 1 for s in stated.values()), {c: s for c, s in stated.items() if len(s) > 1}


def test_thread_turns_are_stamped_in_order(world):
    stamps = re.compile(r"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC(?:\)|,|:| -)")
    checked = 0
    for t in world.ids("Ticket"):
        text = _render(world, ticket_turns, t, FULL_DETAIL)
        heads = [line for line in text.splitlines() if line.endswith(":") or line.endswith("wrote:")]
        times = [stamps.search(h).group(1) for h in heads if stamps.search(h)]
        assert times == sorted(times), (t, times)
        checked += len(times) > 5
    assert checked == len(world.ids("Ticket"))


def test_manifest_counts_the_long_documents(monkeypatch, tmp_path):
    monkeypatch.setitem(SCALES, "tiny", replace(SCALES["tiny"], detail=FULL_DETAIL))
    m = generate_dataset("tiny", 5, tmp_path / "t", progress=False)
    docs = [json.loads(line) for line in (tmp_path / "t" / "documents.jsonl").read_text().splitlines()]
    assert m["characters"] == sum(len(d["text"]) for d in docs)
    assert 0.2 * m["characters"] < m["estimated_tokens"] < 0.35 * m["characters"]
