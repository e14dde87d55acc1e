"""``hoplens import-graph PATH --store STORE`` and ``hoplens ontology show --store STORE`` (docs/byog.md)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

IMPORT_HELP = """\
Import a property graph into an embedded store and infer its ontology (no configuration needed).

Formats:
  GraphML (networkx, igraph, Gephi, Neo4j APOC): node type from a `labels` attribute (":Person", several
    allowed) or `type`/`label`; edge type from `label`/`type`; other keys are properties with their GraphML types.
  Neo4j admin-import CSV (a folder of .csv files, or one): node files with `:ID` or `:ID(Group)`, `:LABEL`, typed
    headers (`name:string`, `age:int`, `tags:string[]`); relationship files with `:START_ID`, `:END_ID`, `:TYPE`.
Display names come from `name`, `title` or first + last name; aliases from `aliases`. Long text properties and an
optional documents.jsonl ({"id", "title", "text", "entity_ids"?}) become searchable documents. An optional
ontology.yaml (or ontology.json) beside the data adds nouns, attribute words, verbs and derived relations.
Everything is written in one transaction; re-importing a changed file updates only what changed."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import-graph", help="import a GraphML file or Neo4j admin-import CSV files into a store",
                       description=IMPORT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", type=Path, help="a .graphml file, a Neo4j .csv file, or a folder of them")
    p.add_argument("--store", type=Path, help="store folder (default: HOPLENS_STORE or ~/.hoplens/store-<scale>)")
    p.add_argument("--ontology", type=Path, help="overrides file (default: ontology.yaml/.json beside the data)")
    p.add_argument("--documents", type=Path, help="documents JSONL (default: documents.jsonl beside the data)")
    p.add_argument("--export-dataset", type=Path, metavar="DIR",
                   help="also write the records as a dataset folder, for `hoplens eval --data DIR`")
    p.add_argument("--replace", action="store_true",
                   help="replace a store that `hoplens build` wrote (default: refuse; an imported store is updated)")
    p.add_argument("--json", action="store_true", help="print the import summary as JSON")
    p.set_defaults(func=run_import)

    o = sub.add_parser("ontology", help="show the ontology a store answers with")
    osub = o.add_subparsers(dest="ontology_command", metavar="ACTION")
    show = osub.add_parser("show", help="print the store's ontology (inferred or CRM)")
    show.add_argument("--store", type=Path, help="store folder (default: HOPLENS_STORE or ~/.hoplens/store-<scale>)")
    show.add_argument("--json", action="store_true", help="print it as JSON (Ontology.to_dict)")
    show.add_argument("--from-schema", action="store_true",
                      help="TigerGraph: read the ontology of HOPLENS_TG_GRAPH from the server's schema (for a graph "
                           "HopLens did not create), with inferred words")
    show.set_defaults(func=run_show)
    o.set_defaults(func=lambda args: (o.print_help(), 2)[1])


def _settings(args: argparse.Namespace):
    from core.config import get_settings

    settings = get_settings()
    return settings.model_copy(update={"store": args.store}) if args.store else settings


def run_import(args: argparse.Namespace) -> int:
    from core.ingest.graph_import.load import import_graph

    settings = _settings(args)
    out = import_graph(args.path, settings.store_path(), settings, ontology_file=args.ontology,
                       documents_file=args.documents, export_dir=args.export_dataset, replace=args.replace)
    if args.json:
        print(json.dumps(out, indent=2, default=str))
        return 0
    t = out["timings"]
    print(f"imported {out['source']} ({out['format']}) into {out['store']} in {t['total_s']:.1f} s")
    print(f"  {out['nodes']} nodes -> {out['entities']} entities of {len(out['vertex_types'])} types; "
          f"{out['relationships']} relationships -> {out['edges']} edges of {len(out['edge_types'])} types")
    print(f"  {out['documents']} documents ({out['documents_processed']} processed, {out['chunks']} chunks, "
          f"{out['embedded']} embedded); {out['entities_written']} entities written, {out['entities_deleted']} "
          f"deleted, {out['edges_deleted']} edges deleted")
    if out["overrides"]:
        print(f"  overrides: {out['overrides']}")
    for note in out["notes"]:
        print(f"  note: {note}")
    print(f"  see what was inferred: hoplens ontology show --store {out['store']}")
    return 0


def format_ontology(onto) -> str:
    lines = [f"ontology {onto.name}"]
    lines.append("vertex types:")
    for v in onto.entity_types():
        lines.append(f"  {v.name}  (nouns: {', '.join(v.nouns) or '-'})")
        for a in v.attrs:
            extra = f"  values: {', '.join(a.values)}" if a.values else ""
            words = f"  words: {', '.join(a.words)}" if a.words else ""
            lines.append(f"    {a.name}: {a.kind}{words}{extra}")
    lines.append("edge types:")
    for e in onto.edge_types:
        if e.structural:
            continue
        attrs = f"  attrs: {', '.join(f'{a.name}:{a.kind}' for a in e.attrs)}" if e.attrs else ""
        lines.append(f"  ({e.src})-[{e.name}]->({e.dst}){attrs}")
        lines.append(f"    verbs: {', '.join(e.verbs) or '-'}")
        lines.append(f"    reverse: {', '.join(e.reverse_verbs) or '-'}")
    if onto.derived:
        lines.append("derived relations:")
        for d in onto.derived:
            lines.append(f"  {d.name}: {d.source} -> {', '.join(d.targets)} (words: {', '.join(d.words)})")
    return "\n".join(lines)


def _schema_ontology(settings):
    from core.ontology_infer import enrich
    from core.store.tigergraph import connect, ontology_from_schema, translate_error

    conn = connect(settings)
    try:
        schema = conn.getSchema(udts=False, force=True)
    except Exception as exc:  # connection, auth or a missing graph: the store's own wording of the problem
        raise translate_error(exc, f"reading the schema of graph {settings.tg_graph!r}", settings) from exc
    return enrich(ontology_from_schema(schema, settings.tg_graph))


def run_show(args: argparse.Namespace) -> int:
    from core.store import open_store

    settings = _settings(args)
    if args.from_schema:
        onto = _schema_ontology(settings)
    else:
        store = open_store(settings, settings.store_path(), read_only=True)
        try:
            onto = store.ontology()
        finally:
            store.close()
    print(json.dumps(onto.to_dict(), indent=1) if args.json else format_ontology(onto))
    return 0
