"""`hoplens tg-check` against the loopback fake: every step reported, failures named, scratch graph dropped."""

from __future__ import annotations

import socket

import pytest
from fake_tigergraph import FakeTigerGraph

from core.cli import main
from core.config import get_settings


@pytest.fixture
def fake(monkeypatch):
    with FakeTigerGraph() as f:
        monkeypatch.setenv("HOPLENS_TG_HOST", "http://127.0.0.1")
        monkeypatch.setenv("HOPLENS_TG_REST_PORT", str(f.port))
        monkeypatch.setenv("HOPLENS_TG_GSQL_PORT", str(f.port))
        monkeypatch.setenv("HOPLENS_TG_GRAPH", "Crm")
        get_settings.cache_clear()
        yield f


STEPS = ("connect", "schema", "query check", "install", "load sample", "vector index", "vector query", "expansion", "impact query")


def test_check_passes_and_drops_its_scratch_graph(fake, capsys):
    assert main(["tg-check"]) == 0
    out = capsys.readouterr().out
    for step in STEPS + ("cleanup",):
        assert f"[ ok ] {step}:" in out, step
    assert "scratch graph 'Crm_check'" in out and "TigerGraph 4.2.1" in out
    assert "top hit DOC-00001#0 (similarity 1.000)" in out
    assert "tg-check passed" in out
    assert fake.graphs == {}  # dropped
    assert any("DROP GRAPH Crm_check CASCADE" in s for s in fake.gsql_statements)
    assert fake.query_calls("hl_expand") and fake.query_calls("hl_impacted_customer")
    checks = fake.find("POST", "/gsql/v1/internal/check/query")
    assert len(checks) >= 20 and all(r.query["graph"] == ["Crm_check"] for r in checks)  # one call per query


def test_a_query_failing_the_server_check_is_named(fake, capsys):
    fake.semantic_errors["hl_stats"] = "line 9: type check error on e.type"
    assert main(["tg-check"]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] query check: " in out and "1 of" in out and "hl_stats" in out
    assert "hl_stats: line 9: type check error on e.type" in out
    assert "[ ok ] install" not in out and fake.graphs == {}  # nothing installed, scratch graph dropped


def test_the_build_refuses_a_query_the_server_check_rejects(fake, tmp_path):
    from core.store import tigergraph as tg
    from core.store.base import StoreError

    fake.semantic_errors["hl_lexical"] = "something the lint cannot know"
    settings = get_settings()
    with pytest.raises(StoreError, match="query hl_lexical fails the semantic check.*something the lint cannot know"):
        tg.open_store(settings, tmp_path, create=True)


def test_keep_leaves_the_graph(fake, capsys):
    assert main(["tg-check", "--graph", "Probe", "--keep"]) == 0
    assert "Probe" in fake.graphs and "hl_vector_seed" in fake.graphs["Probe"].installed
    assert "cleanup" not in capsys.readouterr().out


def test_install_failure_is_named_and_cleaned_up(fake, capsys):
    fake.fail_install = "FAILED: Semantic Check Fails: unknown function vectorSearch"
    assert main(["tg-check"]) == 1
    out = capsys.readouterr().out
    assert "[ ok ] schema:" in out
    assert "[FAIL] install: StoreError: installing the HopLens queries on graph 'Crm_check' failed" in out
    assert "vector query" not in out and "tg-check failed at step 'install'" in out
    assert "[ ok ] cleanup" in out and fake.graphs == {}


def test_a_wrong_expansion_fails_the_check(fake, capsys, monkeypatch):
    real = fake._q_expand

    def no_support(g, p):  # a server that scores OUTAGE-001 once, not once per reaching edge (2 x 0.5)
        results = real(g, p)
        results[1]["scores"]["OUTAGE-001"] = 0.5
        return results

    monkeypatch.setattr(fake, "_q_expand", no_support)
    assert main(["tg-check"]) == 1
    out = capsys.readouterr().out
    assert "[ ok ] vector query:" in out
    assert "[FAIL] expansion: AssertionError: hop/score per node should be" in out and "'OUTAGE-001': (2, 0.5)" in out


def test_server_down(monkeypatch, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("HOPLENS_TG_HOST", "http://127.0.0.1")
    monkeypatch.setenv("HOPLENS_TG_REST_PORT", str(port))
    monkeypatch.setenv("HOPLENS_TG_GSQL_PORT", str(port))
    get_settings.cache_clear()
    assert main(["tg-check"]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] connect: StoreError: cannot reach TigerGraph" in out and "is the server running" in out
    assert "cleanup" not in out


def test_wrong_password_fails_at_connect(fake, monkeypatch, capsys):
    monkeypatch.setenv("HOPLENS_TG_PASSWORD", "nope")
    get_settings.cache_clear()
    assert main(["tg-check"]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] connect: StoreError: TigerGraph at" in out and "rejected the credentials" in out
    assert "nope" not in out
