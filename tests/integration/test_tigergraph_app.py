"""The Streamlit app on HOPLENS_BACKEND=tigergraph, against the loopback fake holding a graph built by
``hoplens build --backend tigergraph`` from the session's tiny dataset: the overview and the Ask page work and
answer as on the embedded store."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from fake_tigergraph import FakeTigerGraph

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="module")
def tg_graph(tiny_store, tmp_path_factory):
    from core.config import Settings
    from core.ingest.build import build_store

    with FakeTigerGraph() as fake:
        env = {
            "HOPLENS_BACKEND": "tigergraph",
            "HOPLENS_TG_HOST": "http://127.0.0.1",
            "HOPLENS_TG_REST_PORT": str(fake.port),
            "HOPLENS_TG_GSQL_PORT": str(fake.port),
            "HOPLENS_STORE": str(tmp_path_factory.mktemp("tg-client") / "state"),
            "HOPLENS_DATA": str(tiny_store.data),
            "HOPLENS_SCALE": "tiny",
        }
        s = Settings(backend="tigergraph", tg_host="http://127.0.0.1", tg_rest_port=fake.port,
                     tg_gsql_port=fake.port, store=env["HOPLENS_STORE"], data=tiny_store.data, scale="tiny")
        build_store(tiny_store.data, s.store_path(), s, progress=False)
        yield fake, env


def _app(monkeypatch, env: dict[str, str], page: str | None = None):
    from streamlit.testing.v1 import AppTest

    from core.config import get_settings

    for k, v in env.items():
        monkeypatch.setenv(k, v)
    get_settings.cache_clear()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    if page:
        at.switch_page(page)
    return at.run()


def _texts(at) -> str:
    parts = [el.value for kind in ("markdown", "caption", "info", "success", "warning", "error", "title", "header",
                                   "subheader") for el in getattr(at, kind)]
    parts += [str(m.value) for m in at.metric] + [m.label for m in at.metric]
    return "\n".join(str(p) for p in parts)


def test_overview_shows_the_tigergraph_graph(tg_graph, monkeypatch):
    fake, env = tg_graph
    at = _app(monkeypatch, env)
    assert not at.exception and not at.error, _texts(at)
    shown = _texts(at)
    assert "tigergraph" in shown.lower()
    assert fake.query_calls("hl_stats")  # the counts came from the graph


def test_ask_answers_from_tigergraph_as_from_the_embedded_store(tg_graph, tiny_store, monkeypatch):
    from core.dataset.io import FILES, iter_jsonl
    from core.records import Entity

    fake, env = tg_graph
    customer = next(e.id for e in iter_jsonl(tiny_store.data / FILES["entities"], Entity) if e.type == "Customer")
    question = f"Which vendors does {customer} depend on?"
    answers = {}
    for backend, extra in (("tigergraph", {}), ("embedded", {"HOPLENS_STORE": str(tiny_store.store)})):
        at = _app(monkeypatch, {**env, "HOPLENS_BACKEND": backend, **extra}, "pages/1_Ask.py")
        at.text_input(key="ask.question").input(question)
        at = at.button(key="ask.go").click().run()
        assert not at.exception and not at.error, _texts(at)
        if any(t.key == "ask.expansion.False" for t in at.toggle):
            at = at.toggle(key="ask.expansion.False").set_value(True).run()  # the expansion sits behind the evidence
        answers[backend] = _texts(at)
        assert "Answer · GraphRAG" in answers[backend]
    assert fake.query_calls("hl_expand"), "the Ask page did not expand on TigerGraph"
    first = {b: t.split("\n", 1)[0] for b, t in answers.items()}  # the answer text (markdown-escaped)
    assert first["tigergraph"] == first["embedded"] and re.search(r"VEND\\?-\d+", first["tigergraph"])
    walked = {b: re.search(r"\d+ nodes \(\d+ seeds\) · \d+ edges", t).group(0) for b, t in answers.items()}
    assert walked["tigergraph"] == walked["embedded"]  # the same subgraph size
    assert "**kind**: relation" in answers["tigergraph"] and "**kind**: relation" in answers["embedded"]
