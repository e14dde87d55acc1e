"""Property tests over graph imports (``hoplens build --data DIR``: entities.jsonl, edges.jsonl, documents.jsonl):
a damaged line anywhere (random bytes, truncation, invalid UTF-8, deep JSON, lone surrogate escapes, missing fields)
stops the build with a ValueError naming the file and line, before anything is written: the store keeps its
content digests and its build state, and still opens."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from _store_fakes import HashingEmbedder, small_world, write_dataset
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.config import Settings
from core.ingest.build import build_store
from core.store.embedded import EmbeddedStore

FILES = ("entities.jsonl", "edges.jsonl", "documents.jsonl")
DAMAGE = st.one_of(
    st.binary(min_size=1, max_size=200).map(lambda b: b"{" + b),
    st.just(b'{"id": "X-1", "type": "Customer", "name": "\\ud800"}'),
    st.just(b'{"src": "A", "type": "T", "dst": "B", "attrs": {"a": "\\udfff"}}'),
    st.integers(2_000, 60_000).map(lambda d: b'{"id": "X", "attrs": ' + b"[" * d + b"]" * d + b"}"),
    st.binary(min_size=1, max_size=8).map(lambda b: b'{"id": "X-2", "name": "caf\xc3' + b + b'"}'),
    st.just(b'{"id": "X-3"}'),
    st.just(b"[1, 2, 3]"),
    st.just(b"null"),
)


def _fingerprint(store: Path):
    conn = sqlite3.connect(f"{(store / 'store.sqlite').resolve().as_uri()}?mode=ro", uri=True)
    try:
        return (conn.execute("SELECT tbl, n, acc, changes FROM digests ORDER BY tbl").fetchall(),
                conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall())
    finally:
        conn.close()


def _build(data: Path, store: Path, home: Path):
    return build_store(data, store, settings=Settings(home=home), progress=False, embedder=HashingEmbedder(),
                       boilerplate_min_docs=0)


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    root = tmp_path_factory.mktemp("graph-import")
    data = write_dataset(root / "data", *small_world(n_customers=8, n_docs=12))
    _build(data, root / "store", root)
    return root


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(name=st.sampled_from(FILES), damage=DAMAGE, where=st.floats(0, 1), truncate=st.booleans())
def test_a_damaged_line_stops_the_build_before_any_write(kb, name, damage, where, truncate):
    data, store = kb / "data", kb / "store"
    path = data / name
    good = path.read_bytes()
    lines = good.splitlines(keepends=True)
    at = int(where * (len(lines) - 1))
    if truncate:  # the file cut inside a line, then the damaged line
        lines = lines[:at] + [lines[at][: len(lines[at]) // 2] + b"\n"]
    else:
        lines = lines[:at] + [damage + b"\n"] + lines[at + 1 :]
    before = _fingerprint(store)
    path.write_bytes(b"".join(lines))
    try:
        with pytest.raises(ValueError) as err:
            _build(data, store, kb)
        assert name in str(err.value) and ":" in str(err.value)
        assert _fingerprint(store) == before
        EmbeddedStore(store).close()  # still complete and readable
    finally:
        path.write_bytes(good)


def test_the_fixture_build_itself_is_valid(kb, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(kb / "data", data)
    report = _build(data, kb / "store", kb)
    assert report["processed"] == 0 and report["documents"] == 12


# ---- hoplens import-graph (GraphML, Neo4j admin-import CSV) --------------------------------------------------

GRAPHML = (b"""<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="labels" for="node" attr.name="labels" attr.type="string"/>
<key id="name" for="node" attr.name="name" attr.type="string"/>
<key id="born" for="node" attr.name="born" attr.type="long"/>
<key id="label" for="edge" attr.name="label" attr.type="string"/>
<graph id="G" edgedefault="directed">
<node id="n0" labels=":Person"><data key="labels">:Person</data><data key="name">Keanu Reeves</data><data key="born">1964</data></node>
<node id="n1" labels=":Person"><data key="labels">:Person</data><data key="name">Carrie-Anne Moss</data><data key="born">1967</data></node>
<node id="n2" labels=":Movie"><data key="labels">:Movie</data><data key="name">The Matrix</data></node>
<edge id="e0" source="n0" target="n2" label="ACTED_IN"><data key="label">ACTED_IN</data></edge>
<edge id="e1" source="n1" target="n2" label="ACTED_IN"><data key="label">ACTED_IN</data></edge>
</graph></graphml>
""")
CSV = b"personId:ID(Person),name,age:int,:LABEL\n1,Ada Lovelace,36,Person\n2,Alan Turing,41,Person\n"
GRAPH_FILES = {"g.graphml": GRAPHML, "people.csv": CSV}


def _mutate(data: bytes, cut: int | None, flips: list[tuple[int, int]], insert: bytes) -> bytes:
    out = bytearray(data if cut is None else data[: cut % (len(data) + 1)])
    for at, mask in flips:
        if out:
            out[at % len(out)] ^= mask or 1
    pos = len(out) // 2
    return bytes(out[:pos]) + insert + bytes(out[pos:])


INSERTS = st.one_of(
    st.just(b""), st.binary(max_size=40), st.just(b"\xff\xfe"), st.just(b"<a>" * 5000 + b"</a>" * 5000),
    st.just(b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'), st.just(b"\x00"),
    st.just(b'"unclosed,quote\n'), st.just(b"x" * 200_000),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(GRAPH_FILES)), cut=st.none() | st.integers(0, 2000),
       flips=st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 255)), max_size=3), insert=INSERTS)
def test_graph_files_read_or_refused_naming_the_file(tmp_path, name, cut, flips, insert):
    from core.ingest.graph_import.readers import read_graph
    from core.ontology_infer import infer

    path = tmp_path / name
    path.write_bytes(_mutate(GRAPH_FILES[name], cut, flips, insert))
    try:
        res = infer(read_graph(path), Settings(home=tmp_path), name="g")
    except ValueError as exc:  # GraphImportError is a ValueError
        assert name in str(exc), str(exc)
        return
    for e in res.entities:  # what would be stored is valid text
        (e.id + e.type + e.name).encode("utf-8")


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    from core.ingest.graph_import.load import import_graph

    root = tmp_path_factory.mktemp("import-graph")
    (root / "g.graphml").write_bytes(GRAPHML)
    import_graph(root / "g.graphml", root / "store", settings=Settings(home=root), embedder=HashingEmbedder())
    return root


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.none() | st.integers(0, 2000), flips=st.lists(st.tuples(st.integers(0, 5000), st.integers(1, 255)),
                                                            min_size=1, max_size=3), insert=INSERTS)
def test_a_failed_graph_import_changes_nothing(imported, cut, flips, insert):
    from core.ingest.graph_import.load import import_graph

    src = imported / "bad" / "g.graphml"
    src.parent.mkdir(exist_ok=True)
    src.write_bytes(_mutate(GRAPHML, cut, flips, insert))
    before = _fingerprint(imported / "store")
    try:
        import_graph(src, imported / "store", settings=Settings(home=imported), embedder=HashingEmbedder())
    except ValueError as exc:
        assert "g.graphml" in str(exc), str(exc)
        assert _fingerprint(imported / "store") == before
        EmbeddedStore(imported / "store").close()
    # else the damage left a readable graph, imported like any other (``before`` is taken per case)
