"""Overview (app.py): knowledge-base stats, engine health, example questions, links; first start; backend down."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelpers import texts


def test_overview_shows_stats_engine_and_examples(app_at, kb_env, tiny_store):
    from core.dataset.questions import load_suite

    store = tiny_store.open()
    try:
        stats = store.stats()
    finally:
        store.close()
    at = app_at(None, **kb_env)
    assert not at.exception and not at.error
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["entities"] == f"{sum(stats['entities'].values()):,}"
    assert metrics["documents"] == f"{stats['documents']:,}"
    assert metrics["chunks"] == f"{stats['chunks']:,}"
    shown = texts(at)
    assert "**Backend**: embedded" in shown and "**Generator**: offline" in shown and "ready" in shown
    # Example questions written from the store's ontology and records, never taken from the question suites.
    suite = load_suite("public", tiny_store.data)
    examples = [b.label for b in at.button if b.key and b.key.startswith("example.")]
    assert len(examples) >= 6 and not set(examples) & {q.question for q in suite}
    largest = sorted(stats["entities"].items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    nouns = {"Ticket": "tickets", "Customer": "customers", "Employee": "employees", "Outage": "outages"}
    assert [q for q in examples if q.endswith("are there?")] == [f"How many {nouns[t]} are there?" for t, _ in largest]
    store = tiny_store.open()
    try:
        names = {e.name for e in store.list_entities(limit=100_000)}
    finally:
        store.close()
    named = [q for q in examples if not q.endswith("are there?")]
    assert named and all(any(q.endswith(f" {n}?") for n in names) for q in named)  # each names a real entity
    from core.pipelines import build_pipelines

    store = tiny_store.open()
    try:  # and GraphRAG answers each exactly (a computed answer, not "not sure")
        graph = build_pipelines(tiny_store.settings(), store=store, names=["graph"])["graph"]
        for q in examples:
            answer = graph.answer(q)
            assert answer.plan is not None and answer.plan.kind != "unanswerable" and answer.plan.confidence >= 0.99, q
    finally:
        store.close()
    # Links to every page.
    links = list(at.get("page_link"))
    assert {link.proto.page for link in links} >= {"Ask", "Compare", "Benchmark", "Explore", "Data"}


def test_clicking_an_example_asks_it_on_the_ask_page(app_at, kb_env):
    at = app_at(None, **kb_env)
    example = next(b for b in at.button if b.key and b.key.startswith("example."))
    at = example.click().run()
    assert not at.exception
    assert at.text_input(key="ask.question").value == example.label
    assert [t.value for t in at.title] == ["Ask"]


def test_backend_down_is_a_clear_error(app_at, kb_env):
    pytest.importorskip("pyTigerGraph")
    at = app_at(None, HOPLENS_BACKEND="tigergraph", HOPLENS_TG_HOST="http://127.0.0.1", HOPLENS_TG_REST_PORT="9",
                HOPLENS_TG_GSQL_PORT="9", HOPLENS_REQUEST_TIMEOUT_S="2", HOPLENS_MAX_RETRIES="0", **kb_env)
    assert not at.exception
    assert at.error and "TigerGraph" in at.error[0].value, "no clear error for an unreachable TigerGraph"
    assert "Traceback" not in texts(at)


def _build_job(store):
    from ui import build, jobs

    job = jobs.registry().latest(build.target(store), kind="build")
    assert job is not None, "no build job was started"
    return job


def test_first_start_builds_in_the_background_and_survives_navigation(app_at, tiny_store, tmp_path):
    """No store yet: the overview starts a server-owned build and shows its bar; moving to Ask while it runs does not
    stop it (Ask says it waits); when it ends, Ask answers and the overview shows the store — no terminal."""
    import shutil

    from ui import jobs

    data = tmp_path / "data"
    shutil.copytree(tiny_store.data, data)  # the dataset exists; the store is built from scratch
    store = tmp_path / "store"
    at = app_at(None, HOPLENS_STORE=str(store), HOPLENS_DATA=str(data), HOPLENS_SCALE="tiny")
    assert not at.exception and not at.error
    job = _build_job(store)
    if job.running:  # the tiny build may finish before the first run returns; then only the end state is checked
        assert "Building the tiny knowledge base" in texts(at)
        assert at.get("progress")
        at.switch_page("pages/1_Ask.py").run()  # the overview's script stops; the build must not
        assert not at.exception
        if job.running:
            assert any("usable when it finishes" in i.value for i in at.info)
        # A second visitor arriving meanwhile sees the same build; nothing starts a second one.
        second = app_at(None, HOPLENS_STORE=str(store), HOPLENS_DATA=str(data), HOPLENS_SCALE="tiny")
        assert not second.exception and not second.error
        assert len([j for j in jobs.registry().all() if j.target == job.target]) == 1
    info = jobs.registry().wait(job, timeout=300)
    assert info["status"] == "done", info["message"]
    assert (store / "store.sqlite").exists()
    at.switch_page("pages/1_Ask.py").run()
    at.text_input(key="ask.question").input("How many customers are there?")
    at = at.button(key="ask.go").click().run()
    assert not at.exception and not at.error
    assert "Answer · GraphRAG" in texts(at)
    at.switch_page("app.py").run()
    assert [m.label for m in at.metric][:5] == ["entities", "edges", "documents", "chunks", "tokens"]
    assert {m.label: m.value for m in at.metric}["documents"] != "0"


def test_interrupted_build_resumes_on_next_start(app_at, tiny_store, tmp_path):
    """A build cut short (the server killed mid-build) left its marker and a half-built store: the next page opened
    resumes it in the background, without a terminal, and the store ends complete."""
    import shutil

    import pytest

    from core.config import Settings
    from core.ingest.build import build_store
    from ui import build, jobs

    data = tmp_path / "data"
    shutil.copytree(tiny_store.data, data)
    store = tmp_path / "store"
    s = Settings(store=store, data=data, scale="tiny")
    with pytest.raises(RuntimeError, match="simulated crash"):
        build_store(data, store, s, progress=False, doc_batch=8, _fail_after_batches=1)
    import os

    home = os.environ["HOPLENS_HOME"]
    jobs.write_marker(jobs.marker_path(Path(home), build.target(store)),
                      {"scale": "tiny", "data": str(data), "store": str(store), "seed": 7, "force": False,
                       "kind": "build", "target": build.target(store), "label": "Building the tiny knowledge base"})
    at = app_at("pages/4_Explore.py", HOPLENS_STORE=str(store), HOPLENS_DATA=str(data), HOPLENS_SCALE="tiny")
    assert not at.exception
    info = jobs.registry().wait(_build_job(store), timeout=300)
    assert info["status"] == "done", info["message"]
    assert not jobs.interrupted_builds(Path(home))  # the marker is gone with the finished build
    at.run()
    assert not at.exception and not at.error
    assert [t.value for t in at.title] == ["Explore"]
    store_obj = tiny_store.open()
    try:
        expected = store_obj.stats()["documents"]
    finally:
        store_obj.close()
    from core.store import open_store

    rebuilt = open_store(s, store)
    try:
        assert rebuilt.stats()["build_state"] == "complete"
        assert rebuilt.stats()["documents"] == expected
    finally:
        rebuilt.close()


def test_damaged_store_points_to_restore(app_at, kb_copy):
    from pathlib import Path

    store = Path(kb_copy["HOPLENS_STORE"])
    index_file = next(p for p in sorted(store.glob("index-*/*")) if p.is_file())
    index_file.write_bytes(index_file.read_bytes()[:-16] + b"\0" * 16)  # same size, different bytes
    at = app_at(None, **kb_copy)
    assert not at.exception
    assert at.error and "restore" in at.error[0].value
    assert not at.metric
    at.switch_page("pages/1_Ask.py").run()
    assert not at.exception and at.error and "restore" in at.error[0].value


def test_build_cut_short_outside_the_app_can_be_finished_from_the_overview(app_at, tiny_store, tmp_path):
    """A build killed in a terminal (no app marker): the overview says so and offers to finish it — no terminal."""
    import shutil

    from core.config import Settings
    from core.ingest.build import build_store
    from ui import jobs

    data, store = tmp_path / "data", tmp_path / "store"
    shutil.copytree(tiny_store.data, data)
    with pytest.raises(RuntimeError, match="simulated crash"):
        build_store(data, store, Settings(store=store, data=data, scale="tiny"), progress=False, doc_batch=8,
                    _fail_after_batches=1)
    at = app_at(None, HOPLENS_STORE=str(store), HOPLENS_DATA=str(data), HOPLENS_SCALE="tiny")
    assert at.error and "did not finish" in at.error[0].value
    at = at.button(key="overview.resume").click().run()
    assert not at.exception
    assert jobs.registry().wait(_build_job(store), timeout=300)["status"] == "done"
    at.run()
    assert not at.exception and not at.error
    assert {m.label: m.value for m in at.metric}["documents"] != "0"


def test_damaged_store_offers_no_rebuild(app_at, kb_copy):
    store = Path(kb_copy["HOPLENS_STORE"])
    index_file = next(p for p in sorted(store.glob("index-*/*")) if p.is_file())
    index_file.write_bytes(index_file.read_bytes()[:-16] + b"\0" * 16)
    at = app_at(None, **kb_copy)
    assert at.error and "restore" in at.error[0].value
    assert not [b for b in at.button if b.key == "overview.resume"]
