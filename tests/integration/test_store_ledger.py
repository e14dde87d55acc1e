"""The store's ledgers (StoreReader.ledger, core/store/ledger.py) on both backends: a writer's own namespaced tables,
refused access to the graph's tables, and on the embedded store one transaction with the graph."""

from __future__ import annotations

import sqlite3

import pytest
from fake_tigergraph import FakeTigerGraph
from test_tigergraph_store import tg_settings

from core.records import Entity
from core.store.base import StoreError

SCHEMA = """
CREATE TABLE IF NOT EXISTS tst_rows (id INTEGER PRIMARY KEY AUTOINCREMENT, k TEXT NOT NULL UNIQUE, v TEXT NOT NULL);
-- an index is namespaced too
CREATE INDEX IF NOT EXISTS tst_rows_v ON tst_rows(v);
"""


@pytest.fixture(params=("embedded", "tigergraph"))
def store(request, tmp_path):
    if request.param == "embedded":
        from core.store.embedded import EmbeddedStore

        st = EmbeddedStore(tmp_path / "store", create=True)
        yield st
        st.close()
    else:
        from core.store.tigergraph import open_store

        with FakeTigerGraph() as fake:
            st = open_store(tg_settings(fake), tmp_path / "store", create=True, index_poll_s=0.01)
            yield st
            st.close()


def test_a_ledger_keeps_its_rows_and_only_its_rows(store):
    led = store.ledger("tst", SCHEMA)
    assert store.ledger("tst", SCHEMA) is led and led.writable
    assert led.rows("SELECT k, v FROM tst_rows") == [] and not led.present  # reading created nothing
    first = led.execute("INSERT INTO tst_rows(k, v) VALUES (?, ?)", ("a", "1"))
    led.executemany("INSERT INTO tst_rows(k, v) VALUES (?, ?)", [("b", "2"), ("c", "3")])
    assert first == 1 and led.present
    assert led.rows("SELECT k, v FROM tst_rows WHERE v >= ? ORDER BY k", ("2",)) == [("b", "2"), ("c", "3")]
    other = store.ledger("oth", "CREATE TABLE IF NOT EXISTS oth_x (a TEXT);")
    with pytest.raises(RuntimeError):  # a first write rolled back takes its tables with it
        with other.transaction():
            other.execute("INSERT INTO oth_x(a) VALUES (?)", ("x",))
            raise RuntimeError("boom")
    assert not other.present and other.rows("SELECT a FROM oth_x") == []
    other.execute("INSERT INTO oth_x(a) VALUES (?)", ("y",))
    assert other.rows("SELECT a FROM oth_x") == [("y",)]
    with pytest.raises(RuntimeError):  # rolled back as a whole
        with led.transaction():
            led.execute("DELETE FROM tst_rows")
            raise RuntimeError("boom")
    assert len(led.rows("SELECT 1 FROM tst_rows")) == 3
    store.upsert_entities([Entity("CUST-0001", "Customer", "Acme")])
    for sql in ("DELETE FROM entities", "SELECT * FROM entities", "PRAGMA journal_mode=DELETE",
                "CREATE TABLE stolen (x)"):
        # embedded: the graph's tables are in the same database, and the authorizer refuses them; TigerGraph's
        # ledger file holds no graph tables at all
        expected = "only its own tst_" if store.backend == "embedded" else "only its own tst_|no such table"
        with pytest.raises((StoreError, sqlite3.Error), match=expected):
            led.rows(sql) if sql.startswith("SELECT") else led.execute(sql)
    assert store.get_entity("CUST-0001") is not None


def test_a_schema_outside_the_namespace_is_refused(store):
    with pytest.raises(ValueError, match="only tst_"):
        store.ledger("tst", "CREATE TABLE IF NOT EXISTS entities_copy (x TEXT);")
    with pytest.raises(ValueError, match="namespace"):
        store.ledger("Bad-Name", SCHEMA)


def test_embedded_graph_and_ledger_commit_together(tmp_path):
    from core.store.embedded import EmbeddedStore

    st = EmbeddedStore(tmp_path / "store", create=True)
    led = st.ledger("tst", SCHEMA)
    with pytest.raises(RuntimeError):
        with st.transaction():
            st.upsert_entities([Entity("CUST-0001", "Customer", "Acme")])
            led.execute("INSERT INTO tst_rows(k, v) VALUES (?, ?)", ("a", "1"))
            raise RuntimeError("crash between the two")
    assert st.get_entity("CUST-0001") is None and led.rows("SELECT * FROM tst_rows") == []
    with st.transaction():
        st.upsert_entities([Entity("CUST-0001", "Customer", "Acme")])
        led.execute("INSERT INTO tst_rows(k, v) VALUES (?, ?)", ("a", "1"))
    st.close()
    ro = EmbeddedStore(tmp_path / "store", read_only=True)
    led = ro.ledger("tst", SCHEMA)
    assert led.present and not led.writable and led.rows("SELECT k, v FROM tst_rows") == [("a", "1")]
    with pytest.raises(StoreError, match="read-only"):
        led.execute("INSERT INTO tst_rows(k, v) VALUES (?, ?)", ("b", "2"))
    assert ro.ledger("other", "CREATE TABLE IF NOT EXISTS other_x (a);").present is False  # never written
    ro.close()
