"""Graphs whose schema nobody here chose, for planner tests: a question writer's generator (tests/<set>/graph.py)
at another seed than its committed question set, imported with inference only. Expected answers are computed with
networkx straight from the GraphML, never through HopLens."""

from __future__ import annotations

import csv
import importlib.util
import subprocess
import sys
from pathlib import Path

import networkx as nx

from core.config import Settings
from core.ingest.graph_import.load import import_graph
from core.pipelines import build_pipelines

TESTS = Path(__file__).resolve().parents[1]


def generator(folder: str):
    """A question writer's graph generator (tests/<folder>/graph.py), loaded as a module."""
    spec = importlib.util.spec_from_file_location(f"{folder}_graph_for_planning", TESTS / folder / "graph.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # a generator's dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def imported(root: Path, path: Path):
    """(the GraphML read by networkx, a GraphRAG pipeline over it imported with inference only)."""
    settings = Settings(store=str(root / "store"))
    import_graph(path, settings.store_path(), settings)
    return nx.read_graphml(path), build_pipelines(settings, names=["graph"])["graph"]


def built(root: Path, folder: str, seed: int, filename: str):
    """Import a generator that offers only ``build(seed) -> DiGraph``: written with networkx as its CLI does."""
    path = root / "data" / filename
    path.parent.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(generator(folder).build(seed), path)
    return imported(root, path)


def generated(root: Path, folder: str, written: str, seed: int):
    """(the file or folder a writer's generator CLI wrote, ``graph.py OUT --seed N``, a GraphRAG pipeline over it
    imported with inference only)."""
    out = root / "data"
    subprocess.run([sys.executable, str(TESTS / folder / "graph.py"), str(out), "--seed", str(seed)], check=True,
                   capture_output=True)
    path = out / written
    settings = Settings(store=str(root / "store"))
    import_graph(path, settings.store_path(), settings)
    return path, build_pipelines(settings, names=["graph"])["graph"]


def csv_rows(path: Path) -> list[dict[str, str]]:
    """A Neo4j admin-import CSV file's rows, the header's type suffixes dropped ("neutered:boolean" -> "neutered")."""
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh)
        header = [h.split(":")[0] if not h.startswith(":") else h for h in next(reader)]
        return [dict(zip(header, row, strict=True)) for row in reader]


def of(g: nx.DiGraph, label: str) -> dict[str, dict]:
    return {n: d for n, d in g.nodes(data=True) if d["labels"] == f":{label}"}


def edges(g, label: str) -> list[tuple[str, str, dict]]:
    """The graph's edges of one type, as (source, target, attributes)."""
    return [(u, v, d) for u, v, d in g.edges(data=True) if d["label"] == label]


def display(d: dict) -> str:
    """A node's display name as the importer forms it: name, else title, else first + last name."""
    return d.get("name") or d.get("title") or f"{d['first_name']} {d['last_name']}"


def ask(pipe, question: str):
    a = pipe.answer(question)
    assert a.plan is not None, question
    return a, a.plan
