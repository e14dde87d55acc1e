"""``hoplens tg-check``: verify a live TigerGraph server end to end and say which step failed.

It connects, creates the HopLens schema in a scratch graph (``<HOPLENS_TG_GRAPH>_check`` unless ``--graph``),
installs the queries, writes a five-entity sample with two 8-dimensional chunk vectors, waits for the vector
index, then checks a vector query, a hop expansion (hop scores) and the derived impact query, and drops the
scratch graph (``--keep`` keeps it). Each step prints ``[ ok ]`` or ``[FAIL]`` with what to do.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from core.config import Settings

DIMS = 8


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tg-check",
        help="verify a live TigerGraph server end to end (schema, install, vector query, expansion)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--graph", help="scratch graph for the check (default: <HOPLENS_TG_GRAPH>_check)")
    p.add_argument("--keep", action="store_true", help="keep the scratch graph afterwards")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for the vector index (default 300)")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from core.config import get_settings

    settings = get_settings()
    graph = args.graph or f"{settings.tg_graph}_check"
    return run_check(settings.model_copy(update={"tg_graph": graph}), keep=args.keep, timeout_s=args.timeout)


def sample() -> tuple[list[Any], list[Any], list[Any], list[Any], Any]:
    """A tiny graph whose hop scores and impact set are known (see the checks in run_check)."""
    import numpy as np

    from core.records import Chunk, Document, Edge, Entity

    entities = [
        Entity("CUST-0001", "Customer", "Check Customer", ["HopLens check"], {"segment": "SMB", "arr": 1000.0}),
        Entity("VEND-01", "Vendor", "Check Vendor"),
        Entity("REGION-CHECK", "Region", "Check Region"),
        Entity("OUTAGE-001", "Outage", "Check Outage", [], {"severity": "P1", "started_at": "2025-01-02"}),
    ]
    edges = [
        Edge("CUST-0001", "DEPENDS_ON", "VEND-01", {"role": "primary"}),
        Edge("CUST-0001", "LOCATED_IN", "REGION-CHECK"),
        Edge("VEND-01", "OPERATES_IN", "REGION-CHECK"),
        Edge("VEND-01", "EXPERIENCED", "OUTAGE-001"),
        Edge("OUTAGE-001", "IN_REGION", "REGION-CHECK"),
    ]
    docs = [Document("DOC-00001", "postmortem", "Check", "Check Vendor had Check Outage.", ["VEND-01", "OUTAGE-001"])]
    chunks = [
        Chunk("DOC-00001#0", "DOC-00001", 0, "Check Customer depends on Check Vendor.", 8, ["CUST-0001", "VEND-01"]),
        Chunk("DOC-00001#1", "DOC-00001", 1, "Check Outage hit Check Region.", 7, ["OUTAGE-001", "REGION-CHECK"]),
    ]
    vectors = np.eye(DIMS, dtype=np.float32)[:2]
    return entities, edges, docs, chunks, vectors


class _Steps:
    def __init__(self, out: TextIO):
        self.out = out
        self.failed: str | None = None

    def run(self, name: str, fn: Callable[[], str]) -> bool:
        if self.failed:
            return False
        started = time.perf_counter()
        try:
            detail = fn()
        except Exception as exc:  # report every failure as a step result, not a traceback
            self.failed = name
            print(f"[FAIL] {name}: {type(exc).__name__}: {exc}", file=self.out)
            return False
        print(f"[ ok ] {name}: {detail} ({(time.perf_counter() - started) * 1000:.0f} ms)", file=self.out)
        return True


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def run_check(settings: Settings, *, keep: bool = False, timeout_s: float = 300.0, out: TextIO | None = None,
              index_poll_s: float = 0.5) -> int:
    """Run the checks against ``settings.tg_graph`` (a scratch graph); 0 when every step passed."""
    from core.records import PathQuery, PathStep
    from core.store import tigergraph as tg

    out = out or sys.stdout
    steps = _Steps(out)
    state: dict[str, Any] = {}
    entities, edges, docs, chunks, vectors = sample()
    print(f"TigerGraph check of {tg.server_url(settings)}, scratch graph {settings.tg_graph!r}", file=out)

    def connect() -> str:
        conn = tg.connect(settings)
        store = tg.TigerGraphStore(conn, settings, index_timeout_s=timeout_s, index_poll_s=index_poll_s)
        version = store.check_server()
        state["store"] = store
        return f"TigerGraph {version}, user {settings.tg_user!r}"

    def schema() -> str:
        store = state["store"]
        store.ensure_schema(create=True)
        state["created"] = True
        return f"graph {store.graph!r} has the HopLens schema"

    def install() -> str:
        store = state["store"]
        store.ensure_queries()
        return f"{len(store.installed_queries())} queries installed"

    def load() -> str:
        store = state["store"]
        store.upsert_entities(entities)
        store.upsert_edges(edges)
        store.upsert_documents(docs)
        store.upsert_chunks(chunks, vectors)
        stats = store.stats()
        _expect(stats["chunks"] == len(chunks), f"expected {len(chunks)} chunks, the graph reports {stats['chunks']}")
        return f"{sum(stats['entities'].values())} entities, {sum(stats['edges'].values())} edges, {stats['chunks']} chunks"

    def index() -> str:
        started = time.perf_counter()
        state["store"].wait_for_vector_index(timeout_s)
        return f"HNSW index ready after {time.perf_counter() - started:.1f} s"

    def vector() -> str:
        hits, mentions = state["store"].vector_seed(vectors[0], 2)
        _expect(bool(hits) and hits[0].chunk_id == chunks[0].id, f"nearest chunk should be {chunks[0].id}, got {hits}")
        _expect(hits[0].score > 0.99, f"similarity of the identical vector should be ~1, got {hits[0].score:.3f}")
        _expect(set(mentions.get(chunks[0].id, [])) == set(chunks[0].entity_ids),
                f"chunk mentions should be {chunks[0].entity_ids}, got {mentions.get(chunks[0].id)}")
        return f"top hit {hits[0].chunk_id} (similarity {hits[0].score:.3f}) mentions {', '.join(mentions[chunks[0].id])}"

    def expansion() -> str:
        sub = state["store"].expand(["CUST-0001"], hops=2, fanout=50, max_nodes=50)
        got = {n.id: (n.hop, round(n.hop_score, 6)) for n in sub.nodes}
        want = {"CUST-0001": (0, 0.0), "VEND-01": (1, 1.0), "REGION-CHECK": (1, 1.0), "OUTAGE-001": (2, 1.0)}
        _expect(got == want, f"hop/score per node should be {want}, got {got}")
        outage = sub.node("OUTAGE-001")
        _expect(outage is not None and (outage.via_edge, outage.reached_from) == ("IN_REGION", "REGION-CHECK"),
                f"OUTAGE-001 should be first reached over IN_REGION from REGION-CHECK, got {outage}")
        _expect(len(sub.edges) == len(edges), f"expected the {len(edges)} traversed edges, got {sub.edges}")
        return f"{len(sub.nodes)} nodes, {len(sub.edges)} edges, hop scores as the contract says"

    def impact() -> str:
        from core import schema

        paths = [[PathStep(e, d, t) for e, d, t in p] for p in schema.IMPACT_PATHS["Customer"]]
        ids = state["store"].path_query(PathQuery(["OUTAGE-001"], paths, "Customer"))
        _expect(ids == ["CUST-0001"], f"customers impacted by OUTAGE-001 should be ['CUST-0001'], got {ids}")
        return "customers impacted by OUTAGE-001 (vendor AND region): CUST-0001"

    for name, fn in (("connect", connect), ("schema", schema), ("install", install), ("load sample", load),
                     ("vector index", index), ("vector query", vector), ("expansion", expansion),
                     ("impact query", impact)):
        steps.run(name, fn)

    if state.get("created") and not keep:
        def cleanup() -> str:
            state["store"].run_gsql(f"DROP GRAPH {settings.tg_graph} CASCADE", "dropping the scratch graph")
            return f"dropped {settings.tg_graph!r}"

        cleaner = _Steps(out)
        cleaner.run("cleanup", cleanup)
        if cleaner.failed:
            print(f"       drop it yourself: gsql 'DROP GRAPH {settings.tg_graph} CASCADE'", file=out)
    if steps.failed:
        print(f"tg-check failed at step {steps.failed!r}; see docs/tigergraph.md", file=out)
        return 1
    print("tg-check passed: this server can run HopLens (HOPLENS_BACKEND=tigergraph)", file=out)
    return 0
