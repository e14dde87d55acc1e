"""Incremental ingest into the embedded store, reversible merges, readers and bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_byod_quality import HashEmbedder  # noqa: E402

from core.ingest.byod import ingest_path, list_merges, managed_entities, split_merge  # noqa: E402
from core.ingest.byod.readers import read_path  # noqa: E402
from core.store import open_store  # noqa: E402

DOCS = {
    "a.md": "# Kickoff\nUmbrella Corp hired Jane Doe, CTO, at its Springfield office.",
    "b.txt": "Globex Corporation and Umbrella Corp signed a supply deal. Hank Scorpio, CEO, said it starts in May.",
    "c.jsonl": json.dumps({"id": "note-1", "title": "Initech", "text": "Initech Labs hired Bob Slydell, VP Sales."}) + "\n",
}


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _ingest(folder, store_path):
    return ingest_path(folder, store_path, embedder=HashEmbedder(), progress=False)


def _names(store_path) -> dict[str, str]:
    with open_store(None, store_path, read_only=True) as st:
        return {r.name: r.id for r in managed_entities(st)}


def test_incremental_ingest_processes_only_changes_and_removes_deleted(tmp_path):
    docs, store = _write(tmp_path / "docs", DOCS), tmp_path / "store"
    first = _ingest(docs, store)
    assert (first.documents, first.processed, first.new) == (3, 3, 3) and first.chunks == 3
    assert {"Umbrella Corp", "Jane Doe", "Globex Corporation", "Hank Scorpio", "Initech Labs"} <= set(_names(store))

    again = _ingest(docs, store)
    assert (again.processed, again.unchanged, again.deleted, again.chunks, again.mentions) == (0, 3, 0, 0, 0)

    (docs / "c.jsonl").write_text(json.dumps({"id": "note-1", "title": "Initech", "text": "Initech Labs hired "
                                             "Milton Waddams, Head of Facilities."}) + "\n", encoding="utf-8")
    changed = _ingest(docs, store)
    assert (changed.processed, changed.changed, changed.new, changed.unchanged) == (1, 1, 0, 2)
    names = _names(store)
    assert "Milton Waddams" in names and "Bob Slydell" not in names  # the old version's facts are gone

    hank = names["Hank Scorpio"]
    (docs / "b.txt").unlink()
    deleted = _ingest(docs, store)
    assert (deleted.deleted, deleted.processed) == (1, 0)
    with open_store(None, store, read_only=True) as st:
        assert st.get_document("b.txt") is None and st.chunks_of_document("b.txt") == []
        assert st.get_entity(hank) is None  # only the deleted document mentioned him
        umbrella = st.get_entity(names["Umbrella Corp"])
        assert umbrella is not None  # still mentioned by a.md
        assert all(other.name != "Globex Corporation" for _, other in st.neighbors(umbrella.id))


def test_every_fact_keeps_its_source_chunk(tmp_path):
    store = tmp_path / "store"
    _ingest(_write(tmp_path / "docs", DOCS), store)
    with open_store(None, store, read_only=True) as st:
        names = {r.name: r.id for r in managed_entities(st)}
        pairs = st.neighbors(names["Umbrella Corp"])
        edge = next(e for e, o in pairs if o.name == "Globex Corporation")
        assert edge.type == "RELATED_TO" and edge.attrs["weight"] == 1 and edge.attrs["chunks"] == ["b.txt#0"]
        assert set(st.chunks_for_entities([names["Jane Doe"]])[names["Jane Doe"]]) == {"a.md#0"}


def test_merge_then_split_restores_both(tmp_path):
    store = tmp_path / "store"
    docs = _write(tmp_path / "docs", {"a.md": DOCS["a.md"]})
    _ingest(docs, store)
    with open_store(None, store, read_only=True) as st:
        before = {r.name: r for r in managed_entities(st)}
        umbrella = before["Umbrella Corp"]
        edges_before = sorted((e.src, e.type, e.dst) for e, _ in st.neighbors(umbrella.id))

    _write(docs, {"d.txt": "Umbrella Corporation ordered parts from Soylent Foods through Patty Kim, CFO."})
    _ingest(docs, store)
    merges = [m for m in list_merges(str(store)) if "umbrella corporation" in m.surfaces]
    assert len(merges) == 1 and merges[0].winner == umbrella.id and merges[0].method == "exact"
    with open_store(None, store, read_only=True) as st:
        merged = st.get_entity(umbrella.id)
        assert {"Umbrella Corp", "Umbrella Corporation"} <= {merged.name, *merged.aliases}
        assert any(o.name == "Soylent Foods" for _, o in st.neighbors(umbrella.id))

    split = split_merge(store, merges[0].id, embedder=HashEmbedder())
    assert split.undone_at
    with open_store(None, store, read_only=True) as st:
        restored = st.get_entity(umbrella.id)
        assert (restored.name, restored.aliases) == (umbrella.name, umbrella.aliases)
        assert sorted((e.src, e.type, e.dst) for e, _ in st.neighbors(umbrella.id)) == edges_before
        loser = st.get_entity(merges[0].loser)
        assert loser is not None and loser.name == "Umbrella Corporation"
        assert {o.name for _, o in st.neighbors(loser.id)} == {"Soylent Foods", "Patty Kim"}
        assert [d.id for d in st.documents_for_entity(loser.id)] == ["d.txt"]
        assert loser.id in st.get_chunks(["d.txt#0"])[0].entity_ids
        assert umbrella.id not in st.get_chunks(["d.txt#0"])[0].entity_ids

    # the split sticks: a new document naming the loser again does not re-merge it
    _write(docs, {"e.txt": "Umbrella Corporation renewed with Soylent Foods."})
    _ingest(docs, store)
    with open_store(None, store, read_only=True) as st:
        assert st.get_entity(merges[0].loser) is not None
    assert not [m for m in list_merges(str(store)) if m.undone_at is None and m.loser == merges[0].loser]
    with pytest.raises(ValueError, match="already split"):
        split_merge(store, merges[0].id)
    with pytest.raises(ValueError, match="no merge 999"):
        split_merge(store, 999)


@pytest.mark.parametrize("extractor", ["rules", "ner"])
def test_second_full_name_undoes_a_short_form_merge(tmp_path, extractor):
    """"Waugh" joins the one Waugh the documents name; when a second one arrives, that merge is undone (chunks
    of the earlier documents follow), and "Mark Waugh" never joins through "Waugh"."""
    if extractor == "ner":
        from core.ingest.byod.ner import available_model

        if available_model() is None:
            pytest.skip("the spaCy model is not installed (pip install 'hoplens[ner]')")
    store = tmp_path / "store"
    first = {"a.txt": "Captain Steve Waugh said the team was ready. Mr Waugh said Sydney would suit the spinners.",
             "b.txt": "Mr Steve Waugh met the selectors in Sydney. Waugh said he was fit."}
    docs = _write(tmp_path / "docs", first)
    ingest_path(docs, store, embedder=HashEmbedder(), progress=False, extractor=extractor)
    with open_store(None, store, read_only=True) as st:
        names = {r.name: r.id for r in managed_entities(st)}
        steve = names["Steve Waugh"]
        assert "Waugh" not in names and "Waugh" in st.get_entity(steve).aliases
    merge = next(m for m in list_merges(str(store)) if "waugh" in m.surfaces)

    _write(docs, {"c.txt": "Mr Mark Waugh was dropped from the side. Waugh said he was disappointed."})
    ingest_path(docs, store, embedder=HashEmbedder(), progress=False, extractor=extractor)
    undone = next(m for m in list_merges(str(store), include_undone=True) if m.id == merge.id)
    assert undone.undone_at and "also stands for" in undone.reason
    with open_store(None, store, read_only=True) as st:
        names = {r.name: r.id for r in managed_entities(st)}
        assert {"Steve Waugh", "Mark Waugh", "Waugh"} <= set(names)
        assert len({names["Steve Waugh"], names["Mark Waugh"], names["Waugh"]}) == 3
        assert "Waugh" not in st.get_entity(names["Steve Waugh"]).aliases
        assert names["Waugh"] in st.get_chunks(["a.txt#0"])[0].entity_ids  # the old document's chunk follows
        assert not [m for m in list_merges(str(store)) if names["Mark Waugh"] in (m.winner, m.loser)
                    and "waugh" in m.surfaces]


def test_split_propagates_to_edges_and_communities(tmp_path, capsys):
    from core.ingest.byod import Communities, suspect_merges

    store = tmp_path / "store"
    docs = _write(tmp_path / "docs", {
        "a.txt": "Mr Alexander Downer met Mr Colin Powell in Washington.",
        "b.txt": "Mr Downer said Jakarta and Canberra agreed. Mr Downer spoke to Mr Hassan Wirajuda.",
        "c.txt": "Mr Alexander Downer and Mr Hassan Wirajuda signed in Jakarta.",
    })
    ingest_path(docs, store, embedder=HashEmbedder(), progress=False, extractor="rules")
    merge = next(m for m in list_merges(str(store)) if "downer" in m.surfaces)
    suspects = suspect_merges(str(store))
    assert merge.id in {s.merge.id for s in suspects} and all(s.merge.method != "exact" for s in suspects)
    with open_store(None, store, read_only=True) as st:
        comms = Communities(st)
        assert comms.of(merge.loser) is None  # the short form is part of its full name's entity
        comms.close()
    from core.cli import main

    assert main(["entities", "merges", "--store", str(store), "--suspect", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert merge.id in {r["id"] for r in shown} and all("margin" in r and r["method"] != "exact" for r in shown)

    split_merge(store, merge.id, embedder=HashEmbedder())
    with open_store(None, store, read_only=True) as st:
        loser = st.get_entity(merge.loser)
        assert loser is not None and loser.name == "Downer"
        assert {o.name for _, o in st.neighbors(loser.id)} >= {"Jakarta", "Hassan Wirajuda"}
        comms = Communities(st)
        assert comms.of(merge.loser) is not None  # communities are recomputed on the split graph
        comms.close()


def test_bad_input_is_refused_before_anything_is_written(tmp_path):
    store = tmp_path / "store"
    docs = _write(tmp_path / "docs", {"a.md": DOCS["a.md"]})
    _ingest(docs, store)
    (docs / "bad.jsonl").write_text('{"id": "x", "text": "fine"}\n{"id": "y", "text": \n', encoding="utf-8")
    (docs / "a.md").write_text("Changed text about Initech Labs.", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.jsonl:2"):
        _ingest(docs, store)
    with open_store(None, store, read_only=True) as st:
        assert "Umbrella" in st.get_document("a.md").text  # nothing was written
    (docs / "bad.jsonl").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ValueError, match="not UTF-8"):
        read_path(docs)
    (docs / "bad.jsonl").write_text('{"title": "no text"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="needs a non-empty string 'text'"):
        read_path(docs)
    with pytest.raises(FileNotFoundError):
        read_path(tmp_path / "missing")
    (tmp_path / "x.docx").write_text("x")
    with pytest.raises(ValueError, match="unsupported file type"):
        read_path(tmp_path / "x.docx")


def test_jsonl_ids_and_titles(tmp_path):
    f = tmp_path / "notes.jsonl"
    f.write_text(json.dumps({"text": "No id here."}) + "\n" + json.dumps({"id": 7, "title": "T", "text": "x"}) + "\n")
    _, docs = read_path(f)
    assert docs[0].doc_id.startswith("notes.jsonl:") and docs[1].doc_id == "7" and docs[1].title == "T"
    f.write_text(json.dumps({"id": "a", "text": "x"}) + "\n" + json.dumps({"id": "a", "text": "y"}) + "\n")
    with pytest.raises(ValueError, match="appears twice"):
        read_path(f)


def _pdf(text: str) -> bytes:
    """A minimal one-page PDF with ``text`` in Helvetica (offsets computed, so readers need no repair)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def test_pdf_text_is_read(tmp_path):
    pytest.importorskip("pypdf")
    (tmp_path / "memo.pdf").write_bytes(_pdf("Umbrella Corp hired Jane Doe, CTO."))
    _, docs = read_path(tmp_path)
    assert len(docs) == 1 and docs[0].kind == "pdf" and "Umbrella Corp hired Jane Doe" in docs[0].text
    (tmp_path / "memo.pdf").write_bytes(b"%PDF-1.4 not really")
    with pytest.raises(ValueError, match="memo.pdf"):
        read_path(tmp_path)


def test_edge_sources_and_thresholds_come_from_the_settings(tmp_path):
    """An edge keeps byod_edge_sources chunk ids (its weight counts them all); resolve_* settings reach the resolver."""
    from core.config import Settings

    texts = {f"n{i}.txt": f"Umbrella Corp hired Jane Doe again, note {i}." for i in range(4)}
    docs = _write(tmp_path / "docs", texts)
    ingest_path(docs, tmp_path / "store", embedder=HashEmbedder(), settings=Settings(byod_edge_sources=2),
                progress=False, extractor="rules")
    with open_store(None, tmp_path / "store", read_only=True) as st:
        ids = {r.name: r.id for r in managed_entities(st)}
        edge = next(e for e, o in st.neighbors(ids["Umbrella Corp"], "RELATED_TO") if o.id == ids["Jane Doe"])
    assert edge.attrs["weight"] == 4 and len(edge.attrs["chunks"]) == 2

    # a typo-sized spelling seen once beside a name seen 3x as often merges at the default ratio, not at 9x
    more = {**{f"m{i}.txt": f"Northwind Traders shipped the order {i}." for i in range(3)},
            "typo.txt": "Northwind Tradrs shipped the order late, said Northwind Traders."}
    for name, ratio, merged in (("default", 3.0, True), ("strict", 9.0, False)):
        folder = _write(tmp_path / f"docs-{name}", more)
        ingest_path(folder, tmp_path / f"store-{name}", embedder=HashEmbedder(), progress=False, extractor="rules",
                    settings=Settings(resolve_frequent_ratio=ratio))
        with open_store(None, tmp_path / f"store-{name}", read_only=True) as st:
            names = {r.name for r in managed_entities(st)} | {a for r in managed_entities(st) for a in r.aliases}
            rows = managed_entities(st)
        northwind = [r for r in rows if "Northwind" in r.name]
        assert (len(northwind) == 1) is merged, (name, [(r.name, r.aliases) for r in northwind], names)
