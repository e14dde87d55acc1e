"""The shared retrieval core: one vector search, one question linker, one planner per store.

BasicRAG and GraphRAG both call ``RetrievalCore.vector_hits`` (same embedder, same index: fairness rule 3).
"""

from __future__ import annotations

import threading

from core.config import Settings
from core.records import Hit, Timings
from core.retrieval.base import Stopwatch
from core.retrieval.linking import Linked, PhoneBook
from core.retrieval.planner import Planner


class RetrievalCore:
    """Built once per (store, embedder, settings); safe to share between threads (app sessions)."""

    def __init__(self, store, embedder, settings: Settings):
        self.store = store
        self.embedder = embedder
        self.settings = settings
        check = getattr(store, "check_embedder", None)
        if check is not None:
            check(embedder)  # refuses a query embedder different from the one that built the index
        self._phonebook: PhoneBook | None = None
        self._lock = threading.Lock()
        self.planner = Planner(store, self.link)

    @property
    def phonebook(self) -> PhoneBook:
        with self._lock:
            if self._phonebook is None:
                self._phonebook = PhoneBook(self.store.alias_table())
            return self._phonebook

    def link(self, question: str) -> Linked:
        return self.phonebook.link(question, lambda i: self.store.get_entity(i) is not None)

    def vector_hits(self, question: str, k: int, timings: Timings) -> list[Hit]:
        sw = Stopwatch(timings)
        with sw("embed_ms"):
            vector = self.embedder.embed_query(question)
        with sw("seed_ms"):
            return self.store.vector_search(vector, k)
