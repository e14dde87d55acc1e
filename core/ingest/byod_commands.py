"""CLI: ``hoplens ingest PATH`` and ``hoplens entities list | merges | split | communities`` (heavy imports in handlers)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ingest",
        help="ingest your own documents (.txt, .md, .jsonl, .pdf) into a store",
        description="Chunk, embed and extract entities and relationships from a folder or file, resolve names to "
        "entities, and write them into STORE. Incremental: re-running processes only new or changed documents and "
        "removes documents deleted from the folder. Offline rules by default; --llm uses the configured generator.",
    )
    p.add_argument("path", type=Path, help="a folder (searched recursively) or one file")
    p.add_argument("--store", type=Path, help="store folder, created if missing (default: the configured store)")
    p.add_argument("--llm", action="store_true",
                   help="extract and adjudicate names with the configured generator (HOPLENS_GENERATOR=gemini|openai)")
    p.add_argument("--extractor", choices=("auto", "ner", "rules"), default="auto",
                   help="auto (default): the spaCy NER model when installed (pip install 'hoplens[ner]'), else the "
                   "rules; ner: require the model; rules: always the rules. The report says which ran")
    p.add_argument("--json", action="store_true", help="print the ingest report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=_ingest)

    e = sub.add_parser("entities", help="entities extracted from ingested documents, the merge log, splits")
    esub = e.add_subparsers(dest="entities_command", metavar="SUBCOMMAND")
    lst = esub.add_parser("list", help="entities created from documents, most mentioned first")
    lst.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    lst.add_argument("--type", dest="type_name", help="only this type (e.g. Company, Person)")
    lst.add_argument("--limit", type=int, default=50)
    lst.add_argument("--json", action="store_true", help="all rows as JSON")
    lst.set_defaults(func=_list)
    mg = esub.add_parser("merges", help="the merge log: which names were joined, how and why")
    mg.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    mg.add_argument("--all", action="store_true", help="include merges that were split again")
    mg.add_argument("--suspect", action="store_true",
                    help="only the merges closest to the thresholds that allowed them, closest first")
    mg.add_argument("--limit", type=int, default=20, help="how many suspects to show (with --suspect)")
    mg.add_argument("--json", action="store_true")
    mg.set_defaults(func=_merges)
    sp = esub.add_parser("split", help="undo one merge (its name becomes its own entity again, for good)")
    sp.add_argument("merge_id", type=int, help="an id from `hoplens entities merges`")
    sp.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    sp.set_defaults(func=_split)
    cm = esub.add_parser("communities", help="communities of the entity graph (Leiden) with their summaries")
    cm.add_argument("--store", type=Path, help="store folder (default: the configured store)")
    cm.add_argument("--limit", type=int, default=10)
    cm.add_argument("--json", action="store_true")
    cm.set_defaults(func=_communities)
    e.set_defaults(func=lambda args: (e.print_help(), 2)[1])


def _settings(args: argparse.Namespace):
    from core.config import get_settings

    s = get_settings()
    return s.model_copy(update={"store": args.store}) if getattr(args, "store", None) else s


def _open(args: argparse.Namespace, write: bool = False):
    from core.store import open_store

    s = _settings(args)
    path = s.store_path()
    if s.backend == "embedded" and not path.exists():
        raise FileNotFoundError(f"no store at {path}: ingest documents first with `hoplens ingest PATH --store {path}`")
    return open_store(s, path, read_only=not write) if s.backend == "embedded" else open_store(s)


def _ingest(args: argparse.Namespace) -> int:
    from core.ingest.byod import ingest_path

    s = _settings(args)
    generator = None
    if args.llm:
        if s.generator == "offline":
            raise ValueError("--llm needs a real generator: set HOPLENS_GENERATOR=gemini or openai (and its key/URL)")
        from core.llm.factory import make_generator

        generator = make_generator(s)
    if s.backend == "embedded":
        report = ingest_path(args.path, s.store_path(), settings=s, generator=generator, progress=not args.quiet,
                             extractor=args.extractor)
    else:
        from core.store import open_store

        store = open_store(s)
        try:
            report = ingest_path(args.path, store, settings=s, generator=generator, progress=not args.quiet,
                                 extractor=args.extractor)
        finally:
            store.close()
    print(json.dumps(report.to_dict(), indent=2) if args.json else report.summary())
    return 0


def _list(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from core.ingest.byod import managed_entities

    store = _open(args)
    try:
        rows = managed_entities(store, args.type_name)
    finally:
        store.close()
    if args.json:
        print(json.dumps([asdict(r) for r in rows], ensure_ascii=False, indent=2))
        return 0
    print(f"{len(rows)} entities from documents" + (f" (showing {args.limit})" if len(rows) > args.limit else ""))
    for r in rows[: args.limit]:
        aka = f"  aka {', '.join(r.aliases[:4])}" if r.aliases else ""
        print(f"{r.id:<16} {r.type:<10} {r.name}  ({r.mentions} mentions, {r.documents} docs){aka}")
    return 0


def _merges(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from core.ingest.byod import list_merges

    if args.suspect:
        return _suspects(args)
    store = _open(args)
    try:
        rows = list_merges(store, include_undone=args.all)
        names = {e.id: e.name for e in store.get_entities(sorted({r.winner for r in rows}))}
    finally:
        store.close()
    if args.json:
        print(json.dumps([asdict(r) for r in rows], ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print("no merges")
    for r in rows:
        undone = f"  [split {r.undone_at}]" if r.undone_at else ""
        print(f"#{r.id:<5} {', '.join(r.surfaces)!r} -> {r.winner} {names.get(r.winner, '')!r}  "
              f"{r.method} {r.score:.2f}: {r.reason}{undone}")
    return 0


def _suspects(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from core.ingest.byod import suspect_merges

    store = _open(args)
    try:
        rows = suspect_merges(store, limit=args.limit)
        names = {e.id: e.name for e in store.get_entities(sorted({r.merge.winner for r in rows}))}
    finally:
        store.close()
    if args.json:
        print(json.dumps([{**asdict(r.merge), "margin": r.margin, "evidence": r.evidence} for r in rows],
                         ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print("no merges other than exact-name ones")
    for r in rows:
        m = r.merge
        print(f"#{m.id:<5} margin {r.margin:+.2f}  {', '.join(m.surfaces)!r} -> {m.winner} {names.get(m.winner, '')!r}  "
              f"{m.method}: {r.evidence}  (split with `hoplens entities split {m.id}`)")
    return 0


def _split(args: argparse.Namespace) -> int:
    from core.ingest.byod import split_merge

    s = _settings(args)
    store = _open(args, write=True)
    try:
        m = split_merge(store, args.merge_id, settings=s)
    finally:
        store.close()
    print(f"split merge #{m.id}: {', '.join(m.surfaces)} is entity {m.loser} again (kept apart from {m.winner})")
    return 0


def _communities(args: argparse.Namespace) -> int:
    from core.ingest.byod import Communities

    store = _open(args, write=True)  # detected communities and summaries are stored for the next reader
    try:
        comms = Communities(store, progress=True)
        rows = comms.overview(limit=args.limit)
        for row in rows:
            row["summary"] = comms.summary(row["community"]).text
        comms.close()
    finally:
        store.close()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    for row in rows:
        print(f"#{row['community']} ({row['size']} entities; {row['types']})\n  {row['summary']}\n")
    return 0
