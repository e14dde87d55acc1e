"""Property tests over uploads and ingest: random bytes, truncated PDFs, huge lines, deep JSON, invalid UTF-8, lone
surrogates. Every case reads into documents or fails with a ValueError that names the file; a failed ingest leaves
the store exactly as it was (its content digests are unchanged)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from test_byod_ingest import _pdf  # noqa: E402
from test_byod_quality import HashEmbedder  # noqa: E402

from core.ingest.byod import ingest_path  # noqa: E402
from core.ingest.byod.readers import read_path  # noqa: E402

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
SUFFIXES = (".txt", ".md", ".jsonl", ".pdf")
PDF = _pdf("Umbrella Corp hired Jane Doe, CTO, at its Springfield office.")


def _read_one(folder: Path, name: str, data: bytes):
    """read_path on a folder holding one file: documents, or a ValueError naming the file. Anything else fails."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / name).write_bytes(data)
    try:
        _, docs = read_path(folder)
    except ValueError as exc:
        assert name in str(exc), str(exc)
        return None
    for d in docs:
        assert isinstance(d.text, str) and d.text.strip()
        d.text.encode("utf-8")  # what is stored must be valid text
        d.title.encode("utf-8")
        d.doc_id.encode("utf-8")
    return docs


@FAST
@given(data=st.binary(max_size=4096), suffix=st.sampled_from(SUFFIXES))
def test_random_bytes_read_or_refused_clearly(tmp_path, data, suffix):
    _read_one(tmp_path / "in", f"upload{suffix}", data)


@FAST
@given(cut=st.integers(min_value=0, max_value=len(PDF) - 1), flips=st.lists(st.integers(0, len(PDF) - 1), max_size=3))
def test_truncated_and_damaged_pdfs(tmp_path, cut, flips):
    data = bytearray(PDF[:cut])
    for f in flips:
        if f < len(data):
            data[f] ^= 0x5A
    _read_one(tmp_path / "in", "memo.pdf", bytes(data))


@FAST
@given(depth=st.integers(min_value=1, max_value=200_000), kind=st.sampled_from("[{"))
def test_deeply_nested_json_lines(tmp_path, depth, kind):
    inner = ("[" * depth + "]" * depth) if kind == "[" else ('{"a":' * depth + "1" + "}" * depth)
    line = '{"text": "a note", "meta": ' + inner + "}\n"
    docs = _read_one(tmp_path / "in", "deep.jsonl", line.encode())
    if depth < 100:  # shallow nesting is just a document with extra fields
        assert docs and docs[0].text == "a note"


@FAST
@given(text=st.text(max_size=200), junk=st.binary(min_size=1, max_size=8))
def test_invalid_utf8_anywhere(tmp_path, text, junk):
    raw = text.encode("utf-8")
    at = len(raw) // 2
    _read_one(tmp_path / "in", "note.txt", raw[:at] + b"\xff" + junk + raw[at:])
    _read_one(tmp_path / "in", "rows.jsonl", b'{"text": "' + raw[:at] + b"\xc3" + b'"}\n')


@FAST
@given(escape=st.sampled_from(["\\ud800", "\\udfff", "\\ud83d", "x\\udc00y"]), field=st.sampled_from(["text", "title", "id"]))
def test_lone_surrogate_escapes_in_jsonl(tmp_path, escape, field):
    rec = {"text": "A note about Umbrella Corp.", "title": "t", "id": "n1"}
    line = json.dumps(rec).replace(f'"{field}": "', f'"{field}": "{escape}', 1)
    _read_one(tmp_path / "in", "rows.jsonl", (line + "\n").encode())


def test_huge_lines_are_read_or_refused(tmp_path):
    docs = _read_one(tmp_path / "a", "one-line.txt", b"word " * 1_000_000)  # a 5 MB line
    assert docs and len(docs[0].text) > 4_000_000
    big = json.dumps({"text": "x" * 3_000_000}).encode() + b"\n"
    assert _read_one(tmp_path / "b", "big.jsonl", big)
    assert _read_one(tmp_path / "c", "too-big.txt", b"y" * (50 * 2**20 + 1)) is None  # over the size limit


# ---- a failed ingest changes nothing ----------------------------------------------------------------------


def _state(store: Path):
    conn = sqlite3.connect(f"{(store / 'store.sqlite').resolve().as_uri()}?mode=ro", uri=True)
    try:
        return (conn.execute("SELECT tbl, n, acc FROM digests ORDER BY tbl").fetchall(),
                conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall())
    finally:
        conn.close()


@pytest.fixture(scope="module")
def ingested(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz-ingest")
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("# Kickoff\nUmbrella Corp hired Jane Doe, CTO, at its Springfield office.")
    ingest_path(root / "docs", root / "store", embedder=HashEmbedder(), progress=False, extractor="rules")
    return root


BAD = st.one_of(
    st.tuples(st.just("x.jsonl"), st.binary(max_size=512).map(lambda b: b"{" + b)),
    st.tuples(st.just("x.pdf"), st.integers(0, len(PDF) - 40).map(lambda n: PDF[:n])),
    st.tuples(st.just("x.txt"), st.binary(min_size=1, max_size=64).map(lambda b: b"ok " + b"\xff" + b)),
    st.tuples(st.just("x.jsonl"), st.integers(1000, 50_000).map(lambda d: b'{"text": "t", "m": ' + b"[" * d
                                                                  + b"]" * d + b"}\n")),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(bad=BAD)
def test_a_bad_upload_next_to_good_ones_changes_nothing(ingested, tmp_path_factory, bad):
    name, data = bad
    folder = tmp_path_factory.mktemp("upload")
    shutil.copy(ingested / "docs" / "a.md", folder / "a.md")
    (folder / "b.txt").write_text("Globex Corporation and Umbrella Corp signed a supply deal.")
    (folder / name).write_bytes(data)
    before = _state(ingested / "store")
    try:
        ingest_path(folder, ingested / "store", embedder=HashEmbedder(), progress=False, extractor="rules")
    except ValueError as exc:
        assert name in str(exc)
        assert _state(ingested / "store") == before
    # else the bytes happened to form a readable document and the ingest went through (``before`` is per case)
