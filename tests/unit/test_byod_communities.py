"""Communities: seeded Leiden finds planted groups, membership and summaries are cached, summaries are lazy."""

from __future__ import annotations

import numpy as np

from core.ingest.byod.communities import Communities, leiden
from core.records import Chunk, Edge, Entity, Generation, Usage
from core.store import open_store


def _two_cliques():
    src, dst = [], []
    for base in (0, 6):
        for i in range(base, base + 6):
            for j in range(i + 1, base + 6):
                src.append(i)
                dst.append(j)
    src.append(5)
    dst.append(6)  # one bridge
    return np.array(src), np.array(dst), np.ones(len(src))


def test_leiden_finds_planted_groups_deterministically():
    src, dst, w = _two_cliques()
    a = leiden(12, src, dst, w, seed=3)
    assert a == leiden(12, src, dst, w, seed=3)
    assert len(set(a[:6])) == 1 and len(set(a[6:])) == 1 and a[0] != a[6]


def _store(tmp_path):
    st = open_store(None, tmp_path / "store", create=True)
    ents = [Entity(f"ORG-{i}", "Company", f"Firm {chr(65 + i)}") for i in range(8)]
    st.upsert_entities(ents)
    edges = []
    for group in ((0, 1, 2, 3), (4, 5, 6, 7)):
        for i in group:
            for j in group:
                if i < j:
                    edges.append(Edge(f"ORG-{i}", "RELATED_TO", f"ORG-{j}", {"weight": 3}))
    edges.append(Edge("ORG-3", "RELATED_TO", "ORG-4", {"weight": 1}))
    st.upsert_edges(edges)
    chunks = [Chunk("d1#0", "d1", 0, "Firm A and Firm B signed with Firm C. Weather was fine.", 12, ["ORG-0", "ORG-1", "ORG-2"]),
              Chunk("d2#0", "d2", 0, "Firm E bought Firm F.", 6, ["ORG-4", "ORG-5"])]
    st.upsert_chunks(chunks, np.eye(2, 8, dtype=np.float32))
    return st


class Summariser:
    name = "fake-llm"

    def __init__(self):
        self.calls = 0

    def generate(self, prompt):
        self.calls += 1
        assert "Firm" in prompt.context  # the material handed over is the extractive summary
        return Generation("Firms A-D trade with each other.", Usage(50, 8, 1), self.name)


def test_communities_summaries_are_lazy_and_cached(tmp_path):
    st = _store(tmp_path)
    comms = Communities(st)
    found = comms.detect()
    assert sorted(sorted(c.members) for c in found) == [[f"ORG-{i}" for i in range(4)], [f"ORG-{i}" for i in range(4, 8)]]
    assert comms.of("ORG-5").members == comms.get(comms.of("ORG-5").id).members
    assert comms.of("ORG-99") is None
    first = comms.summary(comms.of("ORG-0").id)
    assert first.method == "extractive" and not first.cached
    assert "Firm A" in first.text and "Firm A and Firm B signed with Firm C." in first.text
    assert "Weather" not in first.text  # a sentence naming no member is not representative
    again = Communities(st)  # a new instance reads membership and the summary from the store's tables
    assert again.summary(again.of("ORG-0").id).cached
    rows = again.overview()
    assert [r["size"] for r in rows] == [4, 4] and all(r["label"] for r in rows)

    llm = Summariser()
    fresh = Communities(st, generator=llm)
    assert fresh.summary(fresh.of("ORG-0").id).cached and llm.calls == 0  # made before for this graph
    summ = fresh.summary(fresh.of("ORG-4").id)
    assert summ.method == "llm" and llm.calls == 1 and summ.usage.calls == 1
    assert fresh.summary(fresh.of("ORG-4").id) is summ and llm.calls == 1
    st.upsert_edges([Edge("ORG-0", "RELATED_TO", "ORG-7", {"weight": 1})])  # the graph changed: caches are stale
    changed = Communities(st, generator=llm)
    assert not changed.summary(changed.of("ORG-0").id).cached and llm.calls == 2
    st.close()


def test_answering_reads_stored_communities_and_never_writes(tmp_path):
    """core.communities.StoredCommunities (what the Routed pipeline uses) reads what ingest stored, for the current
    graph only, and writes nothing: not on a writable store, not on a read-only one."""
    from core.communities import StoredCommunities

    st = _store(tmp_path)
    st.refresh_indexes()
    assert StoredCommunities(st).detect() == []  # nothing detected yet: answering code does not run Leiden
    made = Communities(st)
    found = made.detect()
    target = made.of("ORG-4").id  # the community whose passage says "bought"
    other = 1 - target
    assert StoredCommunities(st).relevant("Who bought what?", k=1)[0].id != target  # no summary stored: a tie
    made.summary(target)
    reader = StoredCommunities(st)
    assert [c.members for c in reader.detect()] == [c.members for c in found]
    assert reader.summary(target).cached and not reader.summary(other).cached  # never summarised: made, not stored
    assert not StoredCommunities(st).summary(other).cached  # ... so a later reader still finds none stored
    assert reader.relevant("Who bought what?", k=1)[0].id == target  # the stored summary's words count
    st.close()

    ro = open_store(None, tmp_path / "store", read_only=True)
    assert [c.members for c in StoredCommunities(ro).detect()] == [c.members for c in found]
    ro.close()
    st = open_store(None, tmp_path / "store", read_only=False)
    st.upsert_edges([Edge("ORG-0", "RELATED_TO", "ORG-7", {"weight": 1})])  # another graph: stored ones are stale
    st.refresh_indexes()
    st.close()
    ro = open_store(None, tmp_path / "store", read_only=True)
    assert StoredCommunities(ro).detect() == []
    fresh = Communities(ro)  # the ingest side on a read-only store: detects in memory, stores nothing
    assert len(fresh.detect()) == 2 and not fresh.summary(0).cached
    assert StoredCommunities(ro).detect() == []
    ro.close()
