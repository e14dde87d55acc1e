"""``hoplens tg-check``: verify a live TigerGraph server end to end and say which step failed.

It connects, creates the HopLens schema in a scratch graph (``<HOPLENS_TG_GRAPH>_check`` unless ``--graph``),
runs the server's semantic check on every query (``POST /gsql/v1/internal/check/query``, one call per query, so an
error names its query), installs the queries, writes the sample in ``gsql/check_sample.json`` (four entities, two 8-dimensional chunk
vectors), waits for the vector index, then checks a vector query, a hop expansion (hop scores) and the derived
impact query, and drops the scratch graph (``--keep`` keeps it). Each step prints ``[ ok ]`` or ``[FAIL]`` with
what to do.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from core.config import Settings


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


SAMPLE = Path(__file__).resolve().parents[2] / "gsql" / "check_sample.json"


@dataclass
class Sample:
    """The check's sample graph and the results it must get back (gsql/check_sample.json)."""

    entities: list[Any]
    edges: list[Any]
    documents: list[Any]
    chunks: list[Any]
    vectors: Any  # (len(chunks), dims) float32: chunk i gets the i-th unit vector
    expect: dict[str, Any]


def load_sample(path: Path = SAMPLE) -> Sample:
    import numpy as np

    from core.records import Chunk, Document, Edge, Entity

    data = json.loads(path.read_text(encoding="utf-8"))
    chunks = [Chunk.from_dict(c) for c in data["chunks"]]
    return Sample(
        entities=[Entity.from_dict(e) for e in data["entities"]],
        edges=[Edge.from_dict(e) for e in data["edges"]],
        documents=[Document.from_dict(d) for d in data["documents"]],
        chunks=chunks,
        vectors=np.eye(int(data["dims"]), dtype=np.float32)[: len(chunks)],
        expect=data["expect"],
    )


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


def run_check(
    settings: Settings,
    *,
    keep: bool = False,
    timeout_s: float = 300.0,
    out: TextIO | None = None,
    index_poll_s: float = 0.5,
) -> int:
    """Run the checks against ``settings.tg_graph`` (a scratch graph); 0 when every step passed."""
    from core.records import PathQuery, PathStep
    from core.store import tigergraph as tg

    out = out or sys.stdout
    steps = _Steps(out)
    state: dict[str, Any] = {}
    sample = load_sample()
    want = sample.expect
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

    def check_queries() -> str:
        store = state["store"]
        names = store.query_names()
        failed = {}
        for name in names:
            problems = store.check_query(name)
            if problems:
                failed[name] = problems
        for name, problems in failed.items():
            for problem in problems:
                print(f"       {name}: {problem}", file=out)
        _expect(not failed, f"{len(failed)} of {len(names)} queries fail the semantic check: {', '.join(failed)}")
        return f"{len(names)} queries pass the server's semantic check (hl_vector_seed is checked when Chunk.emb exists)"

    def install() -> str:
        store = state["store"]
        store.ensure_queries()
        return f"{len(store.installed_queries())} queries installed"

    def load() -> str:
        store = state["store"]
        store.upsert_entities(sample.entities)
        store.upsert_edges(sample.edges)
        store.upsert_documents(sample.documents)
        store.upsert_chunks(sample.chunks, sample.vectors)
        stats = store.stats()
        _expect(
            stats["chunks"] == len(sample.chunks),
            f"expected {len(sample.chunks)} chunks, the graph reports {stats['chunks']}",
        )
        n_entities, n_edges = sum(stats["entities"].values()), sum(stats["edges"].values())
        return f"{n_entities} entities, {n_edges} edges, {stats['chunks']} chunks"

    def index() -> str:
        started = time.perf_counter()
        state["store"].wait_for_vector_index(timeout_s)
        return f"HNSW index ready after {time.perf_counter() - started:.1f} s"

    def vector() -> str:
        first = sample.chunks[0]
        hits, mentions = state["store"].vector_seed(sample.vectors[0], 2)
        _expect(
            bool(hits) and hits[0].chunk_id == want["vector_top"],
            f"nearest chunk should be {want['vector_top']}, got {hits}",
        )
        _expect(hits[0].score > 0.99, f"similarity of the identical vector should be ~1, got {hits[0].score:.3f}")
        _expect(
            set(mentions.get(first.id, [])) == set(first.entity_ids),
            f"chunk mentions should be {first.entity_ids}, got {mentions.get(first.id)}",
        )
        return f"top hit {hits[0].chunk_id} (similarity {hits[0].score:.3f}) mentions {', '.join(mentions[first.id])}"

    def expansion() -> str:
        sub = state["store"].expand([want["expand_from"]], hops=2, fanout=50, max_nodes=50)
        got = {n.id: (n.hop, round(n.hop_score, 6)) for n in sub.nodes}
        expected = {k: tuple(v) for k, v in want["expand"].items()}
        _expect(got == expected, f"hop/score per node should be {expected}, got {got}")
        for node_id, (via, source) in want["first_reach"].items():
            node = sub.node(node_id)
            _expect(
                node is not None and (node.via_edge, node.reached_from) == (via, source),
                f"{node_id} should be first reached over {via} from {source}, got {node}",
            )
        _expect(
            len(sub.edges) == len(sample.edges), f"expected the {len(sample.edges)} traversed edges, got {sub.edges}"
        )
        return f"{len(sub.nodes)} nodes, {len(sub.edges)} edges, hop scores as the contract says"

    def impact() -> str:
        from core import schema

        target = want["impact_target"]
        paths = [[PathStep(e, d, t) for e, d, t in p] for p in schema.IMPACT_PATHS[target]]
        ids = state["store"].path_query(PathQuery([want["impact_from"]], paths, target))
        _expect(
            ids == want["impact"], f"{target} impacted by {want['impact_from']} should be {want['impact']}, got {ids}"
        )
        return f"{target} impacted by {want['impact_from']} (vendor AND region): {', '.join(ids)}"

    for name, fn in (
        ("connect", connect),
        ("schema", schema),
        ("query check", check_queries),
        ("install", install),
        ("load sample", load),
        ("vector index", index),
        ("vector query", vector),
        ("expansion", expansion),
        ("impact query", impact),
    ):
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
