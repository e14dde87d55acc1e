"""CLI: ``hoplens build``, ``hoplens snapshot``, ``hoplens restore``, ``hoplens verify`` (heavy imports happen in the handlers)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build or update the store (embedded, or TigerGraph with --backend tigergraph) from a dataset folder",
        description="Load entities and edges, chunk, link, embed and index the documents of DIR into STORE. "
        "Generates the dataset first when DIR has none. Resumable (re-run after a crash or Ctrl-C) and incremental "
        "(only new or changed documents are processed; deleted ones are removed).",
    )
    p.add_argument("--data", type=Path, help="dataset folder (default: HOPLENS_DATA or ~/.hoplens/data-<scale>)")
    p.add_argument("--store", type=Path, help="store folder (default: HOPLENS_STORE or ~/.hoplens/store-<scale>)")
    p.add_argument(
        "--backend", choices=["embedded", "tigergraph"],
        help="where to build (default: HOPLENS_BACKEND); tigergraph writes to the HOPLENS_TG_* server and graph, "
        "creating the graph when it is missing (docs/tigergraph.md)",
    )
    p.add_argument("--scale", choices=["tiny", "demo", "full"], help="scale to generate when DIR has no dataset")
    p.add_argument("--seed", type=int, help="generator seed when DIR has no dataset")
    p.add_argument(
        "--embedder-model", choices=["minilm-l6", "minilm-l3", "static-l6"],
        help="offline embedder model (default: HOPLENS_OFFLINE_EMBEDDER_MODEL); minilm-l3 is ~3x faster",
    )
    p.add_argument(
        "--boilerplate-min-docs", type=int, default=None, metavar="N",
        help="leave sentences found in N or more documents out of the embedded text (new stores only; "
        "default 5, 0 = embed everything)",
    )
    p.add_argument("--json", action="store_true", help="print the build report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=_build)

    p = sub.add_parser("snapshot", help="take an atomic, checksummed snapshot of a store")
    p.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    p.add_argument("--out", type=Path, help="snapshot folder (default: <store>-snapshots/<UTC time>)")
    p.add_argument("--list", action="store_true", help="list the snapshots in the default folder and verify them")
    p.set_defaults(func=_snapshot)

    p = sub.add_parser("restore", help="replace a store with a verified snapshot")
    p.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    p.add_argument("--snapshot", type=Path, help="snapshot folder (default: the newest in <store>-snapshots)")
    p.add_argument("--discard-current", action="store_true",
                   help="delete the replaced store instead of keeping it as <store>.replaced-<time>")
    p.set_defaults(func=_restore)

    p = sub.add_parser(
        "verify", help="check every record of a store against its content hash and name each damaged row",
        description="Read-only: SQLite integrity_check, the index files against their sha256, and every row of "
        "documents, chunks, entities, edges, vectors, names and links re-hashed against the hash recorded when it "
        "was written. Exit status 1 when anything is damaged (restore a snapshot then).",
    )
    p.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=_verify)


def _settings(args: argparse.Namespace):
    from core.config import get_settings

    s = get_settings()
    update = {k: v for k, v in {
        "scale": getattr(args, "scale", None),
        "seed": getattr(args, "seed", None),
        "data": getattr(args, "data", None),
        "store": getattr(args, "store", None),
        "backend": getattr(args, "backend", None),
        "offline_embedder_model": getattr(args, "embedder_model", None),
    }.items() if v is not None}
    return s.model_copy(update=update) if update else s


def _build(args: argparse.Namespace) -> int:
    from core.ingest.build import build_store

    s = _settings(args)
    if args.boilerplate_min_docs is not None and args.boilerplate_min_docs < 0:
        raise ValueError("--boilerplate-min-docs must be 0 (off) or a positive number of documents")
    report = build_store(
        s.data_path(), s.store_path(), settings=s, progress=not args.quiet,
        boilerplate_min_docs=args.boilerplate_min_docs,
    )
    if args.json:
        print(json.dumps(report, indent=2, default=str))
        return 0
    t = report["timings"]
    print(
        f"store {report['store']}: {report['documents']:,} documents "
        f"({report['processed']:,} processed, {report['unchanged']:,} unchanged, {report['deleted']:,} deleted), "
        f"{report['chunks']:,} chunks written, {report['embedded']:,} embedded + {report['cached']:,} from cache "
        f"with {report['embedder']}; {t['total_s']:.1f} s (embed {t['embed_s']:.1f} s, index {t['index_s']:.1f} s)"
    )
    return 0


def _snapshot(args: argparse.Namespace) -> int:
    from core.store.snapshot import create_snapshot, list_snapshots, snapshot_root, verify_snapshot

    s = _settings(args)
    if args.list:
        found = list_snapshots(s.store_path())
        if not found:
            print(f"no snapshots in {snapshot_root(s.store_path())}")
        for snap in found:
            problems = verify_snapshot(snap)
            print(f"{snap}  {'ok' if not problems else 'BAD: ' + '; '.join(problems[:2])}")
        return 0
    info = create_snapshot(s.store_path(), args.out)
    print(f"snapshot {info['snapshot']}: {info['files']} files, {info['bytes'] / 2**20:.1f} MiB, checksums recorded")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from core.store.snapshot import restore_snapshot

    s = _settings(args)
    info = restore_snapshot(s.store_path(), args.snapshot, keep_replaced=not args.discard_current)
    print(f"restored {info['store']} from {info['snapshot']} (checksums verified)")
    if info["replaced"]:
        print(f"the previous store was kept at {info['replaced']}; delete it when you no longer need it")
    return 0


def _verify(args: argparse.Namespace) -> int:
    from core.store.digest import verify_store

    s = _settings(args)
    store = s.store_path()
    report = verify_store(store)
    if args.json:
        out = dict(report, problems=[{"table": p.table, "key": p.key, "what": p.what} for p in report["problems"]])
        print(json.dumps(out, indent=2))
        return 0 if report["ok"] else 1
    for line in report["sqlite"]:
        print(f"sqlite: {line}")
    for line in report["index_files"]:
        print(f"index: {line}")
    for p in report["problems"]:
        print(str(p))
        for chunk in report["damaged_chunks"].get(p.key or "", []) if p.table == "embeddings" else []:
            print(f"  vector of chunk {chunk!r}")
    if not report["digests"]:
        print(f"note: {store} records no content digests (built before they existed); open it for writing once "
              f"(`hoplens build --store {store}`) to record them")
    if report["ok"]:
        print(f"store {store}: ok ({report['rows']:,} rows re-hashed, index files and SQLite structure checked; "
              f"{report['seconds']:.1f} s)")
        return 0
    n = len(report["problems"]) + len(report["sqlite"]) + len(report["index_files"])
    print(f"store {store}: {n} problem(s). Restore the last good snapshot with `hoplens restore --store {store}` "
          f"(list them with `hoplens snapshot --store {store} --list`), or rebuild with `hoplens build --store {store}`")
    return 1
