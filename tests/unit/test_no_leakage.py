"""Fairness rule 5: answering code never imports the question suites or reads gold answers, and never
special-cases entity ids. Checked statically over every answering module's syntax tree."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANSWERING = [
    *sorted((ROOT / "core" / "retrieval").glob("*.py")),
    *sorted((ROOT / "core" / "llm").glob("*.py")),
    *sorted((ROOT / "core" / "store").glob("*.py")),
    ROOT / "core" / "pipelines.py",
]
FORBIDDEN_MODULES = ("core.dataset.questions", "core.evaluation", "core.dataset.generate")
LITERAL_ID = re.compile(r"\b(CUST|VEND|OUTAGE|EMP|TICK|COMP|PROJ)-\d{2,}\b|\bREGION-[A-Z]{3,}\b")


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            names += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return names


def test_answering_modules_exist():
    assert len(ANSWERING) > 8 and all(p.exists() for p in ANSWERING)


def test_answering_code_never_imports_suites_or_evaluation():
    bad = []
    for path in ANSWERING:
        for name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if name.startswith(FORBIDDEN_MODULES):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, bad


def test_answering_code_reads_no_gold_or_question_files():
    bad = []
    for path in ANSWERING:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value.lower()
                if "questions" in text and ".jsonl" in text or '"gold"' in text or text == "gold":
                    bad.append(f"{path.relative_to(ROOT)}: {node.value!r}")
    assert not bad, bad


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def test_no_literal_entity_ids_in_answering_code():
    """Docstrings may show an example id; code may not contain (and so cannot branch on) one."""
    bad = []
    for path in ANSWERING:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstring_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if LITERAL_ID.search(node.value):
                    bad.append(f"{path.relative_to(ROOT)}: {node.value[:60]!r}")
    assert not bad, bad
