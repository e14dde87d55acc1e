"""Answer cache for evaluation runs: reruns with the same question, pipeline and configuration reuse answers.

Keyed by sha256(question text, pipeline, config fingerprint); the fingerprint covers the generator, embedder,
backend, retrieval settings, the dataset manifest and the answering code (see ``runner.run_config``), so a change
to any of them is a miss, never a stale answer. SQLite with parameterised statements; one row per answer.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    key TEXT PRIMARY KEY,
    pipeline TEXT NOT NULL,
    fields TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (datetime('now'))
)
"""


def cache_key(question: str, pipeline: str, fingerprint: str) -> str:
    payload = json.dumps([question, pipeline, fingerprint], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class AnswerCache:
    """``get(key) -> dict | None`` and ``put(key, pipeline, fields)``; safe for several processes (SQLite WAL)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(_SCHEMA)
            self._db.commit()
        except sqlite3.DatabaseError as exc:
            raise ValueError(
                f"answer cache {self.path} is unreadable ({exc}); delete it (it only holds cached answers) "
                "or run with --no-cache"
            ) from exc

    def get(self, key: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT fields FROM answers WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, pipeline: str, fields: dict[str, Any]) -> None:
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO answers (key, pipeline, fields) VALUES (?, ?, ?)",
                (key, pipeline, json.dumps(fields, ensure_ascii=False, sort_keys=True)),
            )

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def close(self) -> None:
        self._db.close()
