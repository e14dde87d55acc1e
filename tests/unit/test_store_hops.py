"""The hop-score contract (core.store.base) pinned on a small hand-built graph, plus a brute-force cross-check.

Graph (ids sort as written; REFERS is a second edge type between CUST-A and VEND-1):

    CUST-A -DEPENDS_ON-> VEND-1, VEND-2     CUST-A -LOCATED_IN-> REGION-1     CUST-A -REFERS-> VEND-1
    VEND-1 -OPERATES_IN-> REGION-1, REGION-2                                  VEND-2 -OPERATES_IN-> REGION-1
    CUST-B -DEPENDS_ON-> VEND-1, VEND-2     CUST-C -LOCATED_IN-> REGION-2
    CUST-D -LOCATED_IN-> REGION-2           CUST-D -DEPENDS_ON-> VEND-2
    DOC-00001 -MENTIONS-> CUST-A, CUST-C    (structural: never walked)
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from core.records import Chunk, Document, Edge, Entity
from core.store.embedded import EmbeddedStore

EDGES = [
    ("CUST-A", "DEPENDS_ON", "VEND-1"),
    ("CUST-A", "DEPENDS_ON", "VEND-2"),
    ("CUST-A", "LOCATED_IN", "REGION-1"),
    ("CUST-A", "REFERS", "VEND-1"),
    ("VEND-1", "OPERATES_IN", "REGION-1"),
    ("VEND-2", "OPERATES_IN", "REGION-1"),
    ("VEND-1", "OPERATES_IN", "REGION-2"),
    ("CUST-B", "DEPENDS_ON", "VEND-1"),
    ("CUST-B", "DEPENDS_ON", "VEND-2"),
    ("CUST-C", "LOCATED_IN", "REGION-2"),
    ("CUST-D", "LOCATED_IN", "REGION-2"),
    ("CUST-D", "DEPENDS_ON", "VEND-2"),
]
TYPES = {"CUST": "Customer", "VEND": "Vendor", "REGION": "Region"}


@pytest.fixture
def store(tmp_path):
    s = EmbeddedStore(tmp_path / "store", create=True)
    ids = sorted({x for e in EDGES for x in (e[0], e[2])})
    s.upsert_entities([Entity(i, TYPES[i.split("-")[0]], f"name of {i}") for i in ids])
    s.upsert_edges([Edge(*e) for e in EDGES])
    s.upsert_documents([Document("DOC-00001", "note", "t", "CUST-A and CUST-C", ["CUST-A", "CUST-C"])])
    s.upsert_chunks([Chunk("DOC-00001#0", "DOC-00001", 0, "CUST-A and CUST-C", 5, ["CUST-A", "CUST-C"])],
                    np.eye(4, dtype=np.float32)[:1])
    yield s
    s.close()


def table(sub):
    return {n.id: (n.hop, n.hop_score, n.via_edge, n.reached_from, n.seeds) for n in sub.nodes}


def test_two_hops_visited_set_weights_and_support(store):
    sub = store.expand(["CUST-A"], hops=2, fanout=50)
    assert [n.id for n in sub.nodes] == ["CUST-A", "VEND-1", "VEND-2", "REGION-1", "CUST-B", "REGION-2", "CUST-D"]
    assert table(sub) == {
        "CUST-A": (0, 0.0, None, None, ["CUST-A"]),
        # hop 1 weight 1.0; DEPENDS_ON and REFERS both reach VEND-1: support adds up; via = first in type order
        "VEND-1": (1, 2.0, "DEPENDS_ON", "CUST-A", ["CUST-A"]),
        "VEND-2": (1, 1.0, "DEPENDS_ON", "CUST-A", ["CUST-A"]),
        # REGION-1 is reached again at hop 2 by VEND-1 and VEND-2, but it is visited: scored once, at hop 1
        "REGION-1": (1, 1.0, "LOCATED_IN", "CUST-A", ["CUST-A"]),
        # hop 2 weight 0.5, once per reaching frontier edge (VEND-1 and VEND-2)
        "CUST-B": (2, 1.0, "DEPENDS_ON", "VEND-1", ["CUST-A"]),
        "REGION-2": (2, 0.5, "OPERATES_IN", "VEND-1", ["CUST-A"]),
        "CUST-D": (2, 0.5, "DEPENDS_ON", "VEND-2", ["CUST-A"]),
    }
    # CUST-C is three hops away and the MENTIONS shortcut through DOC-00001 is structural: never walked
    assert sub.node("CUST-C") is None and sub.node("DOC-00001") is None
    edges = {(e.src, e.type, e.dst) for e in sub.edges}
    assert edges == set(EDGES) - {("CUST-C", "LOCATED_IN", "REGION-2"), ("CUST-D", "LOCATED_IN", "REGION-2")}
    assert all(n.type in TYPES.values() for n in sub.nodes) and sub.node("VEND-1").label == "name of VEND-1"


def test_third_hop_weight_quarter(store):
    sub = store.expand(["CUST-A"], hops=3, fanout=50)
    assert table(sub)["CUST-C"] == (3, 0.25, "LOCATED_IN", "REGION-2", ["CUST-A"])


def test_fanout_caps_edges_walked_per_vertex_in_type_then_id_order(store):
    sub = store.expand(["CUST-A"], hops=1, fanout=2)
    # CUST-A's edges in order: DEPENDS_ON VEND-1, DEPENDS_ON VEND-2 | LOCATED_IN REGION-1, REFERS VEND-1 (cut)
    assert table(sub) == {
        "CUST-A": (0, 0.0, None, None, ["CUST-A"]),
        "VEND-1": (1, 1.0, "DEPENDS_ON", "CUST-A", ["CUST-A"]),
        "VEND-2": (1, 1.0, "DEPENDS_ON", "CUST-A", ["CUST-A"]),
    }
    # the cap counts edges to visited vertices too: VEND-1 walks DEPENDS_ON CUST-A, DEPENDS_ON CUST-B, then stops
    sub2 = store.expand(["CUST-A"], hops=2, fanout=2)
    assert set(table(sub2)) == {"CUST-A", "VEND-1", "VEND-2", "CUST-B"}
    assert table(sub2)["CUST-B"] == (2, 1.0, "DEPENDS_ON", "VEND-1", ["CUST-A"])


def test_seeds_union_and_frontier_order(store):
    sub = store.expand(["CUST-C", "CUST-A"], hops=2)
    t = table(sub)
    assert t["CUST-C"][:2] == (0, 0.0) and t["CUST-A"][:2] == (0, 0.0)
    assert t["REGION-2"] == (1, 1.0, "LOCATED_IN", "CUST-C", ["CUST-C"])
    # CUST-D is reached at hop 2 from REGION-2 (seed CUST-C) and from VEND-2 (seed CUST-A); REGION-2 sorts first
    assert t["CUST-D"] == (2, 1.0, "LOCATED_IN", "REGION-2", ["CUST-A", "CUST-C"])
    assert t["CUST-B"] == (2, 1.0, "DEPENDS_ON", "VEND-1", ["CUST-A"])


def test_max_nodes_caps_in_first_reach_order(store):
    sub = store.expand(["CUST-A"], hops=2, max_nodes=5)
    assert [n.id for n in sub.nodes] == ["CUST-A", "VEND-1", "VEND-2", "REGION-1", "CUST-B"]
    assert table(sub)["CUST-B"][1] == 1.0  # both reaching edges still count for an admitted vertex
    assert all(e.src in table(sub) and e.dst in table(sub) for e in sub.edges)


def test_edge_type_and_direction_filters(store):
    t = table(store.expand(["CUST-A"], hops=2, edge_types=["DEPENDS_ON"]))
    assert t == {
        "CUST-A": (0, 0.0, None, None, ["CUST-A"]),
        "VEND-1": (1, 1.0, "DEPENDS_ON", "CUST-A", ["CUST-A"]),
        "VEND-2": (1, 1.0, "DEPENDS_ON", "CUST-A", ["CUST-A"]),
        "CUST-B": (2, 1.0, "DEPENDS_ON", "VEND-1", ["CUST-A"]),
        "CUST-D": (2, 0.5, "DEPENDS_ON", "VEND-2", ["CUST-A"]),
    }
    t = table(store.expand(["CUST-A"], hops=2, direction="out"))
    assert set(t) == {"CUST-A", "VEND-1", "VEND-2", "REGION-1", "REGION-2"}
    assert t["REGION-2"] == (2, 0.5, "OPERATES_IN", "VEND-1", ["CUST-A"])
    # structural edge types are never walked, even when asked for
    assert set(table(store.expand(["CUST-A"], hops=2, edge_types=["MENTIONS", "PART_OF"]))) == {"CUST-A"}


def test_unknown_and_duplicate_seeds_zero_hops_and_bad_args(store):
    sub = store.expand(["NOPE-1", "CUST-A", "CUST-A"], hops=0)
    assert [n.id for n in sub.nodes] == ["CUST-A"] and sub.edges == []
    assert store.expand([], hops=2).nodes == []
    with pytest.raises(ValueError, match="direction"):
        store.expand(["CUST-A"], direction="sideways")
    with pytest.raises(ValueError):
        store.expand(["CUST-A"], hops=-1)


def test_neighbors_exclude_structural_and_are_ordered(store):
    pairs = store.neighbors("CUST-A")
    assert [(e.type, o.id) for e, o in pairs] == [
        ("DEPENDS_ON", "VEND-1"), ("DEPENDS_ON", "VEND-2"), ("LOCATED_IN", "REGION-1"), ("REFERS", "VEND-1")]
    assert [(e.src, o.id) for e, o in store.neighbors("VEND-2", direction="in")] == [
        ("CUST-A", "CUST-A"), ("CUST-B", "CUST-B"), ("CUST-D", "CUST-D")]
    assert [o.id for _, o in store.neighbors("VEND-1", edge_type="OPERATES_IN", direction="out")] == ["REGION-1", "REGION-2"]
    assert store.neighbors("x'; DROP TABLE edges; --") == []


# ---- brute force: the contract as plain loops, compared on random graphs --------------------------------------


def reference_expand(edges, seeds, hops, fanout, max_nodes):
    adj: dict[str, list[tuple[str, str, int]]] = {}
    for s, t, d in edges:
        adj.setdefault(s, []).append((t, d, 0))
        adj.setdefault(d, []).append((t, s, 1))
    for v in adj:
        adj[v].sort()
    nodes = {}
    order = []
    for s in dict.fromkeys(seeds):
        if len(order) < max_nodes:
            nodes[s] = {"hop": 0, "score": 0.0, "seeds": {s}, "via": None, "from": None}
            order.append(s)
    frontier = sorted(order)
    for h in range(1, hops + 1):
        new = []
        for f in frontier:
            for t, nb, _ in adj.get(f, [])[:fanout]:
                if nb in nodes and nodes[nb]["hop"] < h:
                    continue  # visited before this hop
                if nb not in nodes:
                    if len(order) >= max_nodes:
                        continue
                    nodes[nb] = {"hop": h, "score": 0.0, "seeds": set(), "via": t, "from": f}
                    order.append(nb)
                    new.append(nb)
                nodes[nb]["score"] += 1.0 / 2 ** (h - 1)
                nodes[nb]["seeds"] |= nodes[f]["seeds"]
        frontier = sorted(new)
        if not frontier or len(order) >= max_nodes:
            break
    return {v: (nodes[v]["hop"], nodes[v]["score"], nodes[v]["via"], nodes[v]["from"], sorted(nodes[v]["seeds"]))
            for v in order}, order


@pytest.mark.parametrize("trial", range(25))
def test_matches_brute_force_on_random_graphs(tmp_path, trial):
    rng = random.Random(trial)
    ids = [f"N-{i:03d}" for i in range(rng.randint(5, 40))]
    types = ["A_REL", "B_REL", "C_REL"]
    edges = sorted({(rng.choice(ids), rng.choice(types), rng.choice(ids)) for _ in range(rng.randint(5, 120))})
    s = EmbeddedStore(tmp_path / f"s{trial}", create=True)
    s.upsert_entities([Entity(i, "Customer", i) for i in ids])
    s.upsert_edges([Edge(*e) for e in edges])
    seeds = rng.sample(ids, rng.randint(1, 4))
    hops, fanout, max_nodes = rng.randint(1, 3), rng.randint(1, 6), rng.randint(2, 30)
    want, order = reference_expand(edges, seeds, hops, fanout, max_nodes)
    sub = s.expand(seeds, hops=hops, fanout=fanout, max_nodes=max_nodes)
    assert [n.id for n in sub.nodes] == order
    assert table(sub) == want
    s.close()
