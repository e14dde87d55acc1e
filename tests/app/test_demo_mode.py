"""Demo (read-only) mode: no write control is drawn, the actions refuse on the server side, no server path is shown,
and the admin secret unlocks writes for the session that entered it only."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from apphelpers import rendered, texts

PAGES = (None, "pages/1_Ask.py", "pages/2_Compare.py", "pages/3_Benchmark.py", "pages/4_Explore.py",
         "pages/5_Data.py")
WRITE_KEYS = ("data.build", "data.ingest", "data.snap", "data.restore", "bench.first", "bench.run")
SECRET = "open-sesame-7f3a9c"


@pytest.fixture
def demo_env(kb_copy) -> dict[str, str]:
    return {**kb_copy, "HOPLENS_DEMO": "1", "HOPLENS_ADMIN_TOKEN": SECRET}


def _keys(at) -> set[str]:
    found = set()
    for kind in ("button", "file_uploader", "text_input", "selectbox", "checkbox", "number_input"):
        found |= {w.key for w in at.get(kind) if getattr(w, "key", None)}
    found |= {w.proto.id for w in at.get("file_uploader")}
    return found


def _secrets_of(env: dict[str, str]) -> list[str]:
    return [env["HOPLENS_STORE"], env["HOPLENS_DATA"], os.environ["HOPLENS_HOME"], str(Path.home()), SECRET]


def _unlock(at, secret: str = SECRET):
    at.text_input(key="admin.token").input(secret)
    return at.button(key="admin.unlock").click().run()


@pytest.mark.parametrize("page", PAGES)
def test_no_write_control_and_no_server_path_on_any_page(app_at, demo_env, page):
    at = app_at(page, **demo_env)
    assert not at.exception and not at.error
    assert not at.get("file_uploader")
    assert not set(WRITE_KEYS) & _keys(at)
    page_text = rendered(at)
    for hidden in _secrets_of(demo_env):
        assert hidden not in page_text, f"{hidden!r} shown on {page or 'the overview'}"
    assert "read-only demo" in texts(at)


def test_benchmark_in_demo_shows_saved_runs_but_cannot_start_one(app_at, demo_env, saved_eval, tiny_store):
    from conftest import record_store

    record_store(saved_eval, tiny_store, demo_env["HOPLENS_STORE"])  # computed on the store this app uses
    at = app_at("pages/3_Benchmark.py", **demo_env)
    assert not at.exception and not at.error
    assert at.get("plotly_chart")  # viewing saved runs works
    assert not {"bench.run", "bench.first"} & _keys(at)
    for hidden in _secrets_of(demo_env):
        assert hidden not in rendered(at)


def test_every_write_action_refuses_when_called_directly(demo_env, tmp_path):
    """Outside a session (a direct call), or with no unlock: each action raises ReadOnly and changes nothing."""
    from core.config import Settings
    from ui import bench, build, data_ops, guard

    s = Settings(store=Path(demo_env["HOPLENS_STORE"]), data=Path(demo_env["HOPLENS_DATA"]), scale="tiny", demo=True,
                 admin_token=SECRET)
    before = sorted(p.name for p in Path(demo_env["HOPLENS_STORE"]).parent.iterdir())

    class Upload:
        name, data = "note.md", b"# a note\n\nsome text\n"

        def getvalue(self):
            return self.data

    calls = {
        "building a knowledge base": lambda: build.start_build(s, "tiny", tmp_path / "d", tmp_path / "st", 7),
        "restoring a snapshot": lambda: build.start_restore(s, tmp_path / "snap"),
        "uploading documents": lambda: data_ops.ingest_uploads(s, [Upload()]),
        "creating a snapshot": lambda: data_ops.create_snapshot(s),
        "running an evaluation": lambda: bench.start_eval(s, {"name": "x", "fingerprint": "0" * 16}),
    }
    for action, call in calls.items():
        with pytest.raises(guard.ReadOnly, match=f"read-only demo: {action} is disabled"):
            call()
    assert sorted(p.name for p in Path(demo_env["HOPLENS_STORE"]).parent.iterdir()) == before
    assert not (tmp_path / "st").exists()


def test_tampered_session_state_does_not_unlock(app_at, demo_env, monkeypatch):
    from ui import guard

    at = app_at("pages/5_Data.py", **demo_env)
    at.session_state["hl.admin_proof"] = "f" * 64  # a forged proof
    at.session_state["admin.unlocked"] = True
    at = at.run()
    assert not set(WRITE_KEYS) & _keys(at)
    # A real proof copied from another visitor's session does not verify here (it is bound to that session's id).
    # AppTest gives every session the same id, so the two visitors get theirs here, as the real server does.
    monkeypatch.setattr(guard, "session_id", lambda: "visitor-a")
    other = _unlock(app_at("pages/5_Data.py", **demo_env))
    assert "data.build" in _keys(other)
    monkeypatch.setattr(guard, "session_id", lambda: "visitor-b")
    at.session_state["hl.admin_proof"] = other.session_state["hl.admin_proof"]
    at = at.run()
    assert not set(WRITE_KEYS) & _keys(at)
    monkeypatch.setattr(guard, "session_id", lambda: "visitor-a")
    assert "data.build" in _keys(other.run())  # the visitor who unlocked still can


def test_store_override_in_session_state_is_ignored_in_demo(app_at, demo_env, tmp_path):
    at = app_at("pages/5_Data.py", **demo_env)
    at.session_state["hl.store_override"] = str(tmp_path / "elsewhere")
    at = at.run()
    assert not at.exception and not at.error
    assert [m.label for m in at.metric] == ["entities", "edges", "documents", "chunks", "tokens"]  # the demo store
    assert not (tmp_path / "elsewhere").exists()


def test_admin_secret_unlocks_this_session_only(app_at, demo_env, caplog):
    caplog.set_level(logging.INFO, logger="hoplens.app.guard")
    at = app_at("pages/5_Data.py", **demo_env)
    at = _unlock(at, "wrong guess")
    assert any("not the admin secret" in e.value for e in at.error)
    assert "data.build" not in _keys(at)
    at = _unlock(at)
    assert not at.exception
    assert any("unlocked for this browser session" in s.value for s in at.success)
    assert {"data.build", "data.snap"} <= _keys(at)
    assert at.session_state.to_dict().get("admin.token", "") == ""  # the field was cleared by the callback
    stored = repr(at.session_state.to_dict())
    assert SECRET not in stored  # only a proof is kept
    assert SECRET not in caplog.text and "admin unlock succeeded" in caplog.text and "admin unlock failed" in caplog.text
    # The unlocked session can write (a snapshot, checked by the action itself)...
    at = at.button(key="data.snap").click().run()
    assert not at.exception and not at.error
    assert any("checksums recorded" in s.value for s in at.success)
    # ...and another visitor's session is still read-only.
    other = app_at("pages/5_Data.py", **demo_env)
    assert not set(WRITE_KEYS) & _keys(other)


def test_unlock_attempts_are_rate_limited(app_at, demo_env, monkeypatch):
    from ui import guard

    monkeypatch.setattr(guard, "session_id", lambda: "guesser")  # its own window (AppTest shares one session id)
    at = app_at(None, HOPLENS_ADMIN_ATTEMPTS_PER_MINUTE="2", **demo_env)
    for _ in range(2):
        at = _unlock(at, "nope")
        assert any("not the admin secret" in e.value for e in at.error)
    at = _unlock(at)  # even the right secret waits once the limit is hit
    assert any("Too many attempts" in e.value for e in at.error)
    assert not any("unlocked" in s.value for s in at.success)


def test_questions_per_minute_limit(app_at, demo_env, monkeypatch):
    from ui import guard

    monkeypatch.setattr(guard, "session_id", lambda: "asker-1")  # AppTest shares one id; the server gives each its own
    at = app_at("pages/1_Ask.py", HOPLENS_DEMO_QUESTIONS_PER_MINUTE="2", **demo_env)
    for i in range(2):
        at.text_input(key="ask.question").input(f"How many customers are there? ({i})")
        at = at.button(key="ask.go").click().run()
        assert not at.error and "Answer · GraphRAG" in texts(at)
    at.text_input(key="ask.question").input("Which vendors are there?")
    at = at.button(key="ask.go").click().run()
    assert at.error and "questions in the last minute" in at.error[0].value
    assert "Traceback" not in texts(at)
    # Another visitor is not slowed down by this one's limit.
    monkeypatch.setattr(guard, "session_id", lambda: "asker-2")
    other = app_at("pages/1_Ask.py", HOPLENS_DEMO_QUESTIONS_PER_MINUTE="2", **demo_env)
    other.text_input(key="ask.question").input("Which vendors are there?")
    other = other.button(key="ask.go").click().run()
    assert not other.error and "Answer · GraphRAG" in texts(other)


def test_demo_errors_are_short_and_name_no_path(app_at, tmp_path):
    at = app_at("pages/1_Ask.py", HOPLENS_DEMO="1", HOPLENS_STORE=str(tmp_path / "missing-store"))
    assert not at.exception
    assert at.error and "no knowledge base" in at.error[0].value
    assert str(tmp_path) not in rendered(at) and "[server path]" in at.error[0].value


def test_admin_secret_from_streamlit_secrets(app_at, kb_copy):
    at = app_at("pages/5_Data.py", HOPLENS_DEMO="1", **kb_copy)  # no HOPLENS_ADMIN_TOKEN
    at = _unlock(at, "anything")
    assert any("No admin secret is configured" in e.value for e in at.error)
    at.secrets["HOPLENS_ADMIN_TOKEN"] = "from-secrets-toml"
    at = _unlock(at.run(), "from-secrets-toml")
    assert any("unlocked for this browser session" in s.value for s in at.success)
    assert "data.build" in _keys(at)
