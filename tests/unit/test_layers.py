"""The layers run one way (shared/DESIGN.md): app -> pipelines/evaluation -> retrieval -> store/llm -> records.
Checked over every module's imports (top-level and inside functions)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def _violations(files, forbidden) -> set[tuple[str, str]]:
    return {(str(p.relative_to(ROOT)), m) for p in files for m in _imports(p) if m.startswith(forbidden)}


def test_retrieval_does_not_import_ingest_or_the_cli():
    # retrieval, and the shared modules it reads through (name comparison, stored communities)
    files = [*sorted((ROOT / "core" / "retrieval").rglob("*.py")), ROOT / "core" / "names.py",
             ROOT / "core" / "communities.py"]
    assert not _violations(files, ("core.ingest", "core.cli", "core.commands", "core.evaluation"))


def test_evaluation_does_not_call_the_command_line():
    files = sorted((ROOT / "core" / "evaluation").rglob("*.py"))
    assert not _violations(files, ("core.cli", "core.commands"))


def test_the_app_reaches_no_retrieval_internals():
    files = [ROOT / "app.py", *sorted((ROOT / "ui").rglob("*.py")), *sorted((ROOT / "pages").rglob("*.py"))]
    assert not _violations(files, ("core.retrieval",))


def test_stores_and_models_import_no_layer_above_them():
    files = [*sorted((ROOT / "core" / "store").rglob("*.py")), *sorted((ROOT / "core" / "llm").rglob("*.py"))]
    assert not _violations(files, ("core.retrieval", "core.pipelines", "core.evaluation", "core.cli", "ui",
                                   "core.ingest"))  # a foreign TigerGraph graph infers through core.ontology_infer


def test_answering_loads_no_ingest_module(tiny_store):
    """At run time too: every pipeline (the Routed one through its global, portfolio and aggregate routes) answers
    without one ``core.ingest`` or ``core.cli`` module in sys.modules."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from core.config import Settings\n"
        "from core.pipelines import KNOWN_PIPELINES, build_pipelines\n"
        f"s = Settings(store={str(tiny_store.store)!r}, scale='tiny')\n"
        "p = build_pipelines(s, names=list(KNOWN_PIPELINES))\n"
        "for q in ('How many tickets did CUST-0001 open?', 'What are the main themes across the documents?',\n"
        "          'Tell me everything about CUST-0002', 'How many vendors are there?'):\n"
        "    for n in p: p[n].answer(q)\n"
        "print(sorted(k for k in sys.modules if k.startswith(('core.ingest', 'core.cli', 'core.commands'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"
