"""A rebuild started from the Data page while other sessions read (issue 18): no reader sees an error or a mix.

Readers here are threads calling ``ui.resources`` the way page scripts do (each iteration is one request: it takes
the shared handle and reads through it), plus one long request that took its handle before the rebuild and keeps
reading it to the end — the request that used to fail when the Data page closed the cached store under it."""

from __future__ import annotations

import threading
from pathlib import Path

from core.config import get_settings
from ui import build, jobs, resources


def _state(store) -> tuple[frozenset, frozenset, int]:
    """What one request reads: every document's fingerprint, every entity's name, the document count."""
    ids = store.entity_ids()
    return (frozenset(store.document_hashes().items()), frozenset((e.id, e.name) for e in store.get_entities(ids)),
            int(store.stats()["documents"]))


def test_readers_during_a_data_page_rebuild_see_the_old_state_or_the_new_one_and_no_error(kb_copy, monkeypatch):
    for k, v in kb_copy.items():
        monkeypatch.setenv(k, v)
    get_settings.cache_clear()
    s = get_settings()
    first = resources.get_store(s)
    old = _state(first)
    errors: list[BaseException] = []
    seen: list[tuple[frozenset, frozenset, int]] = []
    handles: set[int] = set()
    piped: set[int] = set()  # the stores the shared pipelines were built over
    stop = threading.Event()

    def new_requests() -> None:
        while not stop.is_set():
            try:
                store = resources.get_store(s)
                handles.add(id(store))
                seen.append(_state(store))
                piped.add(id(resources.get_pipelines(s)["graph"].retriever.core.store))
            except BaseException as exc:  # noqa: BLE001 - every failure is the test's finding
                errors.append(exc)

    def long_request() -> None:
        held = resources.get_store(s)  # taken before the rebuild, used until after it
        while not stop.is_set():
            try:
                seen.append(_state(held))
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)

    readers = [threading.Thread(target=new_requests), threading.Thread(target=long_request)]
    for t in readers:
        t.start()
    try:
        # The Data page's "Generate and build" with another seed: a different dataset replaces the store.
        job = build.start_build(s, "tiny", s.data_path(), s.store_path(), seed=s.seed + 1, force=True)
        result = jobs.registry().wait(job, timeout=240)
        assert job.snapshot()["status"] == "done", result
        after = resources.get_store(s)  # the first request after the build opens the new state
        new = _state(after)
        stop.wait(0.5)  # readers go on a little on both handles
    finally:
        stop.set()
        for t in readers:
            t.join(timeout=30)
    import traceback
    assert not errors, "".join(traceback.format_exception(errors[0]))
    assert after is not first and new != old
    assert set(seen) <= {old, new}, "a reader saw a mix of the old and the new state"
    assert old in seen and new in seen
    assert _state(first) == old  # the replaced handle still serves its (whole) old state to whoever holds it
    assert handles <= {id(first), id(after)} and piped <= {id(first), id(after)}
    assert resources.get_pipelines(s)["graph"].retriever.core.store is after  # new pipelines over the new state
    assert Path(s.store_path()).exists()
