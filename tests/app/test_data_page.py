"""Data page: store in use, config without secrets, uploads into the store, snapshots, build with progress."""

from __future__ import annotations

import json
import os
from pathlib import Path

from apphelpers import texts

PAGE = "pages/5_Data.py"


def _stats(store_path: str) -> dict:
    from core.config import Settings
    from core.store import open_store

    store = open_store(Settings(store=Path(store_path)), Path(store_path))
    try:
        return store.stats()
    finally:
        store.close()


def _wait_job(at) -> dict:
    """The background job the page started for this session, waited for (it runs in a server thread)."""
    from ui import jobs

    job_id = at.session_state["hl.data_job"]
    assert job_id, "the page started no job"
    return jobs.registry().wait(jobs.registry().get(job_id), timeout=300)


def test_data_page_shows_store_and_config_without_secrets(app_at, kb_env):
    secret = "sk-test-do-not-show-0123456789"
    at = app_at(PAGE, GEMINI_API_KEY=secret, **kb_env)
    assert not at.exception and not at.error
    assert [m.label for m in at.metric] == ["entities", "edges", "documents", "chunks", "tokens"]
    config = next(d.value for d in at.dataframe if "setting" in d.value.columns)
    values = dict(zip(config["setting"], config["value"], strict=True))
    assert values["store"] == kb_env["HOPLENS_STORE"] and values["scale"] == "tiny"
    assert values["gemini_api_key"] == "set" and values["openai_api_key"] == "not set"
    assert secret not in texts(at) and secret not in config.to_string()


def test_upload_ingests_into_the_store(app_at, kb_copy):
    before = _stats(kb_copy["HOPLENS_STORE"])
    at = app_at(PAGE, **kb_copy)
    note = ("# Escalation note\n\nThe account team met Umbravale Biotech about renewal risk after repeated "
            "latency complaints; the CSM will follow up next week.\n")
    at.file_uploader(key="data.uploads").set_value(("escalation.md", note.encode(), "text/markdown")).run()
    at = at.button(key="data.ingest").click().run()
    assert not at.exception and not at.error
    assert any("Ingested: 1 documents: 1 new" in s.value for s in at.success)
    after = _stats(kb_copy["HOPLENS_STORE"])
    assert after["documents"] == before["documents"] + 1
    assert after["chunks"] > before["chunks"]


def test_malformed_upload_is_refused_and_nothing_changes(app_at, kb_copy):
    before = _stats(kb_copy["HOPLENS_STORE"])
    at = app_at(PAGE, **kb_copy)
    at.file_uploader(key="data.uploads").set_value(("broken.jsonl", b'{"text": "ok"}\n{not json\n', "application/json"))
    at.run()
    at = at.button(key="data.ingest").click().run()
    assert not at.exception
    assert at.error and "Ingest failed" in at.error[0].value and "broken.jsonl" in at.error[0].value
    assert _stats(kb_copy["HOPLENS_STORE"])["documents"] == before["documents"]
    # The bad file was checked in a scratch folder and never reached the uploads folder (it would break later
    # ingests of that folder).
    assert not list((Path(os.environ["HOPLENS_HOME"]) / "uploads").glob("**/broken.jsonl"))


def test_snapshot_create_list_restore(app_at, kb_copy):
    at = app_at(PAGE, **kb_copy)
    assert any("No snapshots of this store yet" in c.value for c in at.caption)
    at = at.button(key="data.snap").click().run()
    assert not at.exception and not at.error
    assert any(s.value.startswith("Snapshot `") and "checksums recorded" in s.value for s in at.success)
    snaps = next(d.value for d in at.dataframe if "snapshot" in d.value.columns)
    assert len(snaps) == 1 and bool(snaps["verified"].iloc[0]) is True
    at = at.button(key="data.restore").click().run()
    assert not at.exception and not at.error
    _wait_job(at)
    at.run()
    assert not at.exception and not at.error
    assert any(s.value.startswith("Restoring snapshot ") and "previous store was kept" in s.value for s in at.success)
    assert _stats(kb_copy["HOPLENS_STORE"])["build_state"] == "complete"


def test_generate_and_build_with_progress(app_at, kb_copy):
    # Rebuilding the copy: the dataset is regenerated (same seed, same documents), so the build finds everything
    # unchanged and reuses its embedding cache — the whole path runs in seconds.
    at = app_at(PAGE, **kb_copy)
    at.selectbox(key="data.scale").set_value("tiny").run()
    at.text_input(key="data.dir.tiny").input(kb_copy["HOPLENS_DATA"])
    at.text_input(key="data.store.tiny").input(kb_copy["HOPLENS_STORE"])
    at.checkbox(key="data.force").check()
    at = at.button(key="data.build").click().run()
    assert not at.exception and not at.error
    info = _wait_job(at)
    assert info["kind"] == "build" and info["status"] == "done", info["message"]
    at.run()
    assert not at.exception and not at.error
    assert any("Building the tiny knowledge base: done in" in s.value for s in at.success)
    manifest = json.loads((Path(kb_copy["HOPLENS_DATA"]) / "manifest.json").read_text())
    assert manifest["scale"] == "tiny"
    assert _stats(kb_copy["HOPLENS_STORE"])["build_state"] == "complete"


def test_data_page_without_store_offers_build(app_at, tmp_path):
    at = app_at(PAGE, HOPLENS_STORE=str(tmp_path / "none"), HOPLENS_SCALE="tiny")
    assert not at.exception
    assert any("No knowledge base at" in w.value for w in at.warning)
    assert at.button(key="data.build")
    assert at.button(key="data.snap").disabled


def test_upload_type_is_checked_from_the_bytes_not_the_name(app_at, kb_copy):
    before = _stats(kb_copy["HOPLENS_STORE"])
    at = app_at(PAGE, **kb_copy)
    at.file_uploader(key="data.uploads").set_value(("minutes.txt", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "text/plain"))
    at.run()
    at = at.button(key="data.ingest").click().run()
    assert not at.exception
    assert at.error and "minutes.txt is a PDF, not text" in at.error[0].value
    assert _stats(kb_copy["HOPLENS_STORE"])["documents"] == before["documents"]
    assert not list((Path(os.environ["HOPLENS_HOME"]) / "uploads").glob("**/minutes.txt"))
