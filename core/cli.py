"""The ``hoplens`` command line. Each area registers its own subcommands; heavy imports happen in handlers."""

from __future__ import annotations

import argparse
import importlib
import sys

# module exposing ``register(subparsers)``; each handler is set with ``parser.set_defaults(func=...)``
COMMAND_MODULES = (
    "core.commands.app",  # app
    "core.dataset.commands",  # generate, questions
    "core.ingest.commands",  # build, snapshot, restore, verify
    "core.commands.ask",  # ask
    "core.evaluation.commands",  # eval, bench
    "core.ingest.byod_commands",  # ingest, entities
    "core.store.tg_commands",  # tg-check
    "core.commands.import_graph",  # import-graph, ontology show
)


def build_parser() -> argparse.ArgumentParser:
    from core import __version__

    parser = argparse.ArgumentParser(prog="hoplens", description="HopLens: GraphRAG analyst workbench")
    parser.add_argument("--version", action="version", version=f"hoplens {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # area not built yet: its commands are simply absent
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted; committed work is kept", file=sys.stderr)
        return 130
    except (ValueError, FileNotFoundError, FileExistsError, PermissionError, RuntimeError) as exc:
        # Errors we raise for users carry a message that says what to do; no traceback.
        print(f"hoplens: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
