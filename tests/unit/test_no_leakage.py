"""Fairness rule 5: answering code never imports the question suites or reads gold answers, and never
special-cases entity ids. Checked statically over every answering module's syntax tree."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANSWERING = [
    *sorted((ROOT / "core" / "retrieval").rglob("*.py")),  # rglob: core/retrieval/planning/ too
    *sorted((ROOT / "core" / "llm").rglob("*.py")),
    *sorted((ROOT / "core" / "store").rglob("*.py")),
    ROOT / "core" / "pipelines.py",
    ROOT / "core" / "names.py",
    ROOT / "core" / "ontology.py",
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


def test_every_module_an_answering_pipeline_loads_is_checked(tiny_store):
    """The static checks above over the modules a pipeline really loads: build every pipeline on a real store,
    answer with each (the Routed one reaches communities and the resolve tool), and scan every core module then
    in sys.modules — so code pulled in from elsewhere (ingest, evaluation) cannot escape the guard."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from core.config import Settings\n"
        "from core.pipelines import KNOWN_PIPELINES, build_pipelines\n"
        f"s = Settings(store={str(tiny_store.store)!r}, scale='tiny')\n"
        "p = build_pipelines(s, names=list(KNOWN_PIPELINES))\n"
        "for q in ('How many tickets did CUST-0001 open?', 'What are the main themes across the documents?',\n"
        "          'Tell me everything about CUST-0002', 'How many documents mention CUST-0003?'):\n"
        "    for n in p: p[n].answer(q)\n"
        "print('\\n'.join(sorted(getattr(m, '__file__', '') or '' for k, m in sys.modules.items() if k.startswith('core'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = [Path(line) for line in out.stdout.split() if line.endswith(".py")]
    assert any("planning" in str(p) for p in loaded) and len(loaded) > 20
    bad = []
    for path in loaded:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstring_nodes(tree)
        for name in _imports(tree):
            if name.startswith(("core.dataset.questions", "core.dataset.question_templates")):
                bad.append(f"{path.name} imports {name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if LITERAL_ID.search(node.value) and "dataset" not in path.parts:
                    bad.append(f"{path.name}: {node.value[:60]!r}")
    assert not bad, bad
