"""Fixtures for the Streamlit AppTests: a saved evaluation run and an AppTest factory pointed at a store."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the app's own ui/ package (AppTest adds it too, but only once a test has run one)
    sys.path.insert(0, str(ROOT))
APP = str(ROOT / "app.py")
TIMEOUT = 120  # first run of a page may load the embedding model


@pytest.fixture
def saved_eval(_isolated_home) -> Path:
    """A finished evaluation folder under HOPLENS_HOME/eval, written with the evaluation's own writers.

    Rows are varied by hand (not hard-coded summaries): summary.json is computed from them by core.evaluation.
    """
    from core.evaluation import metrics, report

    rows = []
    kinds = ("lookup", "multi_hop", "aggregate")
    for i in range(12):
        for p, (passes, tokens) in {"llm": (i % 6 == 0, 90), "basic": (i % 2 == 0, 820), "graph": (i != 5, 410)}.items():
            rows.append({
                "question_id": f"pub-{i:03d}", "kind": kinds[i % 3], "question": f"Question number {i} about CUST-{i:04d}?",
                "pipeline": p, "answer": f"answer {i} from {p}", "verdict": "PASS" if passes else "FAIL",
                "score": 1.0 if passes else 0.0, "reason": "hand-made row", "judge": "structured",
                "prompt_tokens": tokens + 7 * i, "completion_tokens": 6, "calls": 1, "embed_ms": 1.0, "seed_ms": 1.0,
                "expand_ms": 2.0, "rank_ms": 1.0, "generate_ms": 0.5, "total_ms": 6.0 + i, "retrieval_ms": 5.0 + i,
                "plan_kind": kinds[i % 3], "subgraph_nodes": 0 if p != "graph" else 12, "subgraph_edges": 0,
                "context_tokens": 0 if p == "llm" else tokens - 120, "error": None,
            })
    out = Path(_isolated_home) / "eval" / "public-tiny"
    out.mkdir(parents=True)
    report.write_parquet(rows, out / report.RESULTS_PARQUET)
    report.write_json_atomic(out / report.SUMMARY_JSON, metrics.summarize(rows, {"suite": "public", "judge": "structured"}))
    return out


def record_store(folder: Path, tiny_store, store_path: str | None = None) -> dict:
    """Mark ``folder`` as computed on the tiny store (or its copy at ``store_path``), the way the app's evaluation
    job does (ui.bench)."""
    import json

    from core.store import open_store
    from ui import bench

    s = tiny_store.settings() if store_path is None else tiny_store.settings().model_copy(
        update={"store": Path(store_path)})
    store = open_store(s, s.store_path())
    try:
        identity = bench.store_identity(s, store)
    finally:
        store.close()
    (folder / bench.STORE_RECORD).write_text(json.dumps({**identity, "suite": "public"}))
    return identity


@pytest.fixture
def saved_eval_here(saved_eval, tiny_store) -> Path:
    """``saved_eval``, recorded as computed on the session's tiny store."""
    record_store(saved_eval, tiny_store)
    return saved_eval


@pytest.fixture
def kb_env(tiny_store) -> dict[str, str]:
    """Environment that points the app at the session's tiny knowledge base."""
    return {"HOPLENS_STORE": str(tiny_store.store), "HOPLENS_DATA": str(tiny_store.data), "HOPLENS_SCALE": "tiny"}


@pytest.fixture
def app_at(monkeypatch):
    """Factory: an AppTest of app.py opened directly on ``page`` (a path like "pages/1_Ask.py"), run once.

    Opening the page directly (not via the overview) is what a bookmarked /Ask does; it also keeps the overview's
    first-start build out of tests that do not want it."""
    from streamlit.testing.v1 import AppTest

    from core.config import get_settings

    def make(page: str | None = None, **env: str):
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        get_settings.cache_clear()
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        if page:
            at.switch_page(page)
        return at.run()

    return make


@pytest.fixture
def kb_copy(tiny_store, tmp_path) -> dict[str, str]:
    """A private copy of the tiny knowledge base (for tests that write: ingest, snapshot, restore, build)."""
    import shutil

    store, data = tmp_path / "store-tiny", tmp_path / "data-tiny"
    shutil.copytree(tiny_store.store, store)
    shutil.copytree(tiny_store.data, data)
    return {"HOPLENS_STORE": str(store), "HOPLENS_DATA": str(data), "HOPLENS_SCALE": "tiny"}
