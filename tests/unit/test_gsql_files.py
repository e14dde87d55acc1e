"""gsql/ against core/schema.py and core/store/tigergraph.py: no drift, lexes clean, signatures match call sites."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from core import schema
from core.store import gsql_gen
from core.store.tigergraph import QUERIES, VECTOR_QUERY

ROOT = Path(__file__).resolve().parents[2]
GSQL_FILES = sorted((ROOT / "gsql").rglob("*.gsql"))
QUERY_FILES = sorted((ROOT / "gsql" / "queries").glob("*.gsql"))


def signature(text: str) -> tuple[str, list[tuple[str, str]]]:
    """(query name, [(type, parameter)]) from a CREATE QUERY header; types may nest <...> with commas."""
    m = re.search(r"CREATE OR REPLACE QUERY (\w+)\((.*?)\)\s*FOR GRAPH \$graphname SYNTAX (V1|v3) \{", text, re.S)
    assert m, "query header must be: CREATE OR REPLACE QUERY name(...) FOR GRAPH $graphname SYNTAX V1|v3 {"
    params, depth, cur = [], 0, ""
    for ch in m.group(2) + ",":
        depth += {"<": 1, ">": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            if cur.strip():
                typ, name = cur.strip().rsplit(None, 1)
                params.append((" ".join(typ.split()), name))
            cur = ""
        else:
            cur += ch
    return m.group(1), params


def test_committed_gsql_matches_the_generator():
    assert gsql_gen.drift() == [], "run: python -m core.store.gsql_gen --write"
    assert gsql_gen.main(["--check"]) == 0


def test_drift_is_detected(tmp_path, monkeypatch):
    monkeypatch.setattr(gsql_gen, "GSQL_DIR", tmp_path)
    monkeypatch.setattr(gsql_gen, "QUERY_DIR", tmp_path / "queries")
    assert len(gsql_gen.drift()) == len(gsql_gen.generated_files())  # nothing written yet
    gsql_gen.main(["--write"])
    assert gsql_gen.drift() == []
    schema_file = tmp_path / "schema.gsql"
    schema_file.write_text(schema_file.read_text().replace("health_score INT", "health_score STRING"))
    assert gsql_gen.drift() == [schema_file]
    assert gsql_gen.main(["--check"]) == 1


def test_schema_ddl_declares_every_ontology_type_and_attribute():
    ddl = (ROOT / "gsql" / "schema.gsql").read_text()
    for vt in schema.VERTEX_TYPES:
        line = next(ln for ln in ddl.splitlines() if ln.strip().startswith(f"ADD VERTEX {vt.name} ("))
        assert "(PRIMARY_ID id STRING," in line and 'primary_id_as_attribute="true"' in line
        for attr in vt.attrs:
            assert f" {attr.name} {gsql_gen.gsql_type(attr.kind)}" in line, (vt.name, attr.name)
    for name in schema.edge_type_names():
        lines = [ln for ln in ddl.splitlines() if ln.strip().startswith(f"ADD DIRECTED EDGE {name} (")]
        assert len(lines) == 1, name
        assert lines[0].endswith(f'WITH REVERSE_EDGE="reverse_{name}";')
    in_region = next(ln for ln in ddl.splitlines() if "EDGE IN_REGION (" in ln)
    assert "FROM Outage, TO Region | FROM ComplianceCase, TO Region | FROM Project, TO Region" in in_region
    depends = next(ln for ln in ddl.splitlines() if "EDGE DEPENDS_ON (" in ln)
    assert "FROM Customer, TO Vendor, role STRING" in depends
    mentions = next(ln for ln in ddl.splitlines() if "EDGE MENTIONS (" in ln)
    for vt in schema.entity_types():  # "*" expands to every entity type, from documents and chunks
        assert f"FROM Document, TO {vt.name}" in mentions and f"FROM Chunk, TO {vt.name}" in mentions
    assert ddl.index("CREATE GRAPH $graphname ()") < ddl.index("RUN SCHEMA_CHANGE JOB hoplens_schema")


def test_vector_job_is_templated_on_the_embedder_dimension():
    text = (ROOT / "gsql" / "vector.gsql").read_text()
    assert 'ALTER VERTEX Chunk ADD VECTOR ATTRIBUTE emb(DIMENSION=$dims, METRIC="COSINE");' in text
    assert "RUN SCHEMA_CHANGE JOB hoplens_vector" in text


def test_names_are_not_gsql_keywords():
    from core.store.tigergraph import is_reserved

    names = [v.name for v in gsql_gen.vertex_ddls()] + [e.name for e in gsql_gen.edge_ddls()]
    names += [a for v in gsql_gen.vertex_ddls() for a, _ in v.attrs] + [
        a for e in gsql_gen.edge_ddls() for a, _ in e.attrs
    ]
    assert not [n for n in names if is_reserved(n)]


@pytest.mark.parametrize("path", GSQL_FILES, ids=lambda p: p.name)
def test_gsql_lexes_without_error_tokens(path):
    from pygments.lexers import GSQLLexer
    from pygments.token import Error

    text = path.read_text(encoding="utf-8")
    assert text.isascii()
    errors = [(tok, val) for tok, val in GSQLLexer().get_tokens(text) if tok in Error]
    assert errors == []


def test_lexer_check_can_fail():
    from pygments.lexers import GSQLLexer
    from pygments.token import Error

    assert any(tok in Error for tok, _ in GSQLLexer().get_tokens("CREATE QUERY q() FOR GRAPH @g@ { PRINT 'x'; }"))


def test_every_query_file_is_registered_with_its_exact_parameters():
    files = {p.stem: p for p in QUERY_FILES}
    assert set(files) == set(QUERIES)
    for name, path in files.items():
        declared, params = signature(path.read_text())
        assert declared == name, f"{path.name} declares {declared}"
        assert tuple(n for _, n in params) == QUERIES[name], name


def test_query_parameter_types():
    types = {
        name: dict((n, t) for t, n in signature(p.read_text())[1]) for name, p in ((p.stem, p) for p in QUERY_FILES)
    }
    assert types["hl_vector_seed"]["query_vector"] == "LIST<FLOAT>"  # sent by POST as a JSON list
    assert types["hl_expand"]["seeds"] == "SET<VERTEX>"
    assert types["hl_impacted_customer"]["outages"] == "SET<VERTEX<Outage>>"
    assert (
        "vectorSearch({Chunk.emb}, query_vector, k, {ef: ef_search, distance_map: @@dist})"
        in (ROOT / "gsql" / "queries" / "hl_vector_seed.gsql").read_text()
    )
    expand = (ROOT / "gsql" / "queries" / "hl_expand.gsql").read_text()
    for accum in (
        "SetAccum<VERTEX> @@visited",
        "OrAccum @visited",
        "MapAccum<VERTEX, SumAccum<FLOAT>> @@score",
        "HeapAccum<Cand>(fanout, base ASC, nid ASC, dtype ASC) @cand",
    ):
        assert accum in expand


def query_identifiers(text: str) -> set[str]:
    """Names a query declares: parameters, tuple types and fields, accumulators, variables, loop variables."""
    code = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))
    names = {n for _, n in signature(code)[1]}
    for fields, name in re.findall(r"TYPEDEF TUPLE<(.*?)> (\w+);", code):
        names |= {f.split()[-1] for f in fields.split(",")} | {name}
    names |= set(re.findall(r"@@?(\w+)", code))
    names |= set(re.findall(r"^\s*(\w+) = ", code, re.M))
    names |= set(re.findall(r"\b(?:INT|FLOAT|STRING) (\w+) =", code))
    names |= set(re.findall(r"FOREACH (\w+) IN", code))
    return names


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda p: p.stem)
def test_query_identifiers_are_not_reserved_words(path):
    from core.store.tigergraph import is_reserved

    text = path.read_text()
    names = query_identifiers(text)
    assert set(QUERIES[path.stem]) < names  # the parameters and at least one more name were found
    assert sorted(n for n in names if is_reserved(n)) == []


def test_reserved_word_check_can_fail():
    from core.store.tigergraph import is_reserved

    text = "CREATE OR REPLACE QUERY q(STRING key) FOR GRAPH $graphname SYNTAX V1 {\n  All = {ANY};\n}"
    assert {n for n in query_identifiers(text) if is_reserved(n)} == {"key", "All"}


def _run_query_calls() -> list[ast.Call]:
    """run_query(...) and _pages(...) calls (the pager adds after_id/lim); the pager's own generic call is skipped."""
    tree = ast.parse((ROOT / "core" / "store" / "tigergraph.py").read_text())
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and getattr(n.func, "attr", "") in ("run_query", "_pages")
        and not (isinstance(n.args[0], ast.Name) and n.args[0].id == "name")
    ]


def test_python_call_sites_pass_exactly_the_declared_parameters():
    called = set()
    calls = _run_query_calls()
    assert calls
    for call in calls:
        kwargs = {k.arg for k in call.keywords if k.arg}
        if call.func.attr == "_pages":
            kwargs |= {"after_id", "lim"}
        arg = call.args[0]
        if isinstance(arg, ast.Constant):
            name = arg.value
        elif isinstance(arg, ast.Name) and arg.id == "VECTOR_QUERY":
            name = VECTOR_QUERY
        else:  # the impact queries' names are computed from schema.IMPACT_PATHS
            assert ast.unparse(arg).startswith("gsql_gen.impact_query_name("), ast.unparse(arg)
            assert kwargs == {"outages"}
            called.update(gsql_gen.impact_query_name(t) for t in schema.IMPACT_PATHS)
            continue
        declared = {**QUERIES, **gsql_gen.FOREIGN_QUERIES}  # a foreign graph's generated queries too
        assert name in declared, name
        assert kwargs == set(declared[name]), (name, kwargs)
        called.add(name)
    wanted = set(QUERIES) | set(gsql_gen.FOREIGN_QUERIES)
    assert called == wanted, f"queries never called from Python: {wanted - called}"


def test_generated_impact_queries_follow_schema_paths():
    for target, paths in schema.IMPACT_PATHS.items():
        text = (ROOT / "gsql" / "queries" / f"{gsql_gen.impact_query_name(target)}.gsql").read_text()
        for i, path in enumerate(paths):
            for j, (edge, direction, vtype) in enumerate(path):
                walk = edge if direction == "out" else f"reverse_{edge}"
                assert f"P{i}S{j} = SELECT t FROM " in text and f"-({walk}:e)- {vtype}:t;" in text
        assert "Impacted = P0S1 INTERSECT P1S1;" in text


def test_reverse_names_round_trip():
    for name in schema.edge_type_names():
        assert gsql_gen.base_name(gsql_gen.reverse_name(name)) == name
        assert gsql_gen.base_name(name) == name
    walked = {e.name for e in schema.EDGE_TYPES if not e.structural} | {gsql_gen.COOCCURS}
    assert set(gsql_gen.walk_edge_names()) == walked


def test_document_ingest_types_are_in_the_schema():
    """core.store may not import core.ingest: gsql_gen copies the types BYOD ingest writes; this keeps them equal."""
    from core.ingest.byod import ingest, resolve

    assert (*resolve.GENERIC_TYPES, resolve.UNKNOWN_TYPE) == gsql_gen.DOCUMENT_ENTITY_TYPES
    assert gsql_gen.COOCCURS == ingest.COOCCURS
    ddl = (ROOT / "gsql" / "schema.gsql").read_text()
    for name in gsql_gen.DOCUMENT_ENTITY_TYPES:
        assert f"ADD VERTEX {name} (PRIMARY_ID id STRING, name STRING, aliases LIST<STRING>, attrs_json STRING)" in ddl
    related = next(ln for ln in ddl.splitlines() if "EDGE RELATED_TO (" in ln)
    assert "FROM Person, TO Company" in related and "FROM Customer, TO Entity" in related
    assert gsql_gen.edge_allowed("Person", "RELATED_TO", "Vendor") and not gsql_gen.edge_allowed("Person", "DEPENDS_ON", "Vendor")


# ---- the GSQL lint (core/store/gsql_lint.py): documented rules, each shown to fail ----------------------------------

# hl_lexical as it was before issue 15: LIKE inside ACCUM with a concatenated pattern (querying/
# operators-and-expressions.adoc: LIKE "can only be used in WHERE clauses"; the pattern "cannot be the result of
# concatenating other strings"). A real server refuses it; the lint must too.
OLD_HL_LEXICAL = """
CREATE OR REPLACE QUERY hl_lexical(SET<STRING> terms, INT k)
FOR GRAPH $graphname SYNTAX V1 {
  TYPEDEF TUPLE<STRING chunk_id, STRING doc_id, DOUBLE score> LexHit;
  MapAccum<STRING, SumAccum<INT>> @@df;
  SumAccum<INT> @@n;
  SetAccum<STRING> @present;
  SumAccum<DOUBLE> @score;
  HeapAccum<LexHit>(k, score DESC, chunk_id ASC) @@top;
  Chunks = {Chunk.*};
  Chunks = SELECT c FROM Chunks:c
           ACCUM @@n += 1,
                 FOREACH t IN terms DO
                   IF lower(c.text) LIKE "%" + t + "%" THEN c.@present += t, @@df += (t -> 1) END
                 END;
  Chunks = SELECT c FROM Chunks:c WHERE c.@present.size() > 0
           POST-ACCUM
             FOREACH t IN c.@present DO
               c.@score += log(1.0 + (@@n - @@df.get(t) + 0.5) / (@@df.get(t) + 0.5))
             END,
             @@top += LexHit(c.id, c.doc_id, c.@score);
  PRINT @@top AS hits;
}
"""

OLD_HL_EXPAND_HEADER = """
CREATE OR REPLACE QUERY hl_expand(SET<VERTEX> seeds, SET<STRING> e_types, LIST<STRING> e_names,
  LIST<STRING> e_bases, INT hops, INT fanout, INT max_nodes)
FOR GRAPH $graphname SYNTAX V1 {
  MapAccum<STRING, STRING> @@base;
  FOREACH i IN RANGE[0, e_names.size() - 1] DO
    @@base += (e_names.get(i) -> e_bases.get(i));
  END;
  PRINT @@base;
}
"""


def _rules(text: str, version=(4, 2)) -> list[str]:
    from core.store.gsql_lint import lint

    return [f.rule for f in lint(text, version)]


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda p: p.stem)
def test_every_query_passes_the_lint(path):
    from core.store.gsql_lint import lint

    assert [str(f) for f in lint(path.read_text())] == []


def test_the_lint_fails_the_old_hl_lexical():
    from core.store.gsql_lint import lint

    found = lint(OLD_HL_LEXICAL)
    assert [f.rule for f in found] == ["like-where", "like-where"]  # outside WHERE, and a concatenated pattern
    assert all(f.line == 14 for f in found)
    current = (ROOT / "gsql" / "queries" / "hl_lexical.gsql").read_text()
    assert " LIKE " not in current.split("SYNTAX", 1)[1] and "instr(" not in OLD_HL_LEXICAL


def test_the_lint_fails_the_old_hl_expand_parameters():
    assert _rules(OLD_HL_EXPAND_HEADER) == ["param-method"] * 3  # .size()/.get() on LIST parameters
    assert _rules(OLD_HL_EXPAND_HEADER, (4, 1)).count("param-type") == 2  # no LIST parameters before 4.2


HEAD = "CREATE OR REPLACE QUERY q(STRING pat, SET<STRING> ids) FOR GRAPH g SYNTAX V1 {\n"


@pytest.mark.parametrize(
    "body,rule",
    [
        ('  S = {Chunk.*};\n  S = SELECT c FROM S:c WHERE c.text LIKE pat;\n', None),
        ('  S = {Chunk.*};\n  S = SELECT c FROM S:c WHERE c.text LIKE "%ab%";\n', None),
        ('  S = {Chunk.*};\n  S = SELECT c FROM S:c WHERE c.text LIKE lower(pat);\n', "like-where"),
        ('  S = {Chunk.*};\n  S = SELECT c FROM S:c HAVING c.text LIKE pat;\n', "like-where"),
        ("  SetAccum<STRING> @s;\n  S = {Chunk.*};\n  S = SELECT c FROM S:c ACCUM c.@s.clear();\n", "vertex-accum-mutator"),
        ("  SetAccum<STRING> @s;\n  S = {Chunk.*};\n  S = SELECT c FROM S:c POST-ACCUM c.@s.clear();\n", None),
        ("  SetAccum<STRING> @@s;\n  S = {Chunk.*};\n  S = SELECT c FROM S:c ACCUM @@s.remove(c.id);\n",
         "global-accum-mutator"),
        ("  SetAccum<STRING> @@s;\n  @@s.clear();\n  PRINT @@s;\n", None),
        ("  SumAccum<INT> @@n;\n  S = {Chunk.*};\n  S = SELECT c FROM S:c ACCUM @@n = 1;\n", "global-accum-assign"),
        ('  S = {Chunk.*};\n  S = SELECT c FROM S:c POST-ACCUM T = to_vertex_set(ids, "Chunk");\n', "to-vertex-set"),
        ('  T = to_vertex_set(ids, "Chunk");\n  PRINT T;\n', None),
        ("  SumAccum<INT> @@key;\n  PRINT @@key;\n", "reserved-name"),
    ],
)
def test_each_documented_rule_can_fail(body, rule):
    rules = _rules(HEAD + body + "}\n")
    assert rules == ([rule] if rule else [])


def test_header_rules():
    assert _rules("CREATE QUERY q() FOR GRAPH g {\n  PRINT 1;\n}\n") == ["syntax-line"]
    assert _rules("CREATE QUERY q(EDGE e) FOR GRAPH g SYNTAX v3 {\n  PRINT 1;\n}\n") == ["param-type"]
    assert _rules("CREATE QUERY q(MAP<STRING, INT> m) FOR GRAPH g SYNTAX v3 {\n  PRINT 1;\n}\n", (4, 1)) == ["param-type"]
    assert _rules("CREATE QUERY q(BAG<STRING> b, VERTEX<Chunk> v) FOR GRAPH g SYNTAX v1 {\n  PRINT 1;\n}\n") == []
