"""A GSQL lint for the installed queries in ``gsql/queries/``, built from TigerGraph's documented rules.

No TigerGraph server can run where HopLens is developed, so each rule below is one the GSQL reference states in so
many words (gsql-docs, 4.x; the page and section are named with each rule). The unit tests run it on every query
file, the loopback fake runs it when a query is created (so a rule break fails the integration tests as a real
server would), and ``hoplens tg-check`` adds the server's own semantic check on top. It is a lint, not a parser:
it tokenises the text, finds SELECT blocks and their clauses, and checks what the rules need; constructs it does
not understand are left to the server.

Rules (ids as reported):
- ``syntax-line``: the header names the query language version: ``... FOR GRAPH g SYNTAX v1|v2|v3 {``
  (querying/query-operations.adoc, "CREATE QUERY": ``[SYNTAX syntaxName]``; HopLens always states it, because the
  default changed between releases, querying/syntax-versions.adoc).
- ``param-type``: only documented parameter types: base types, ``VERTEX[<T>]``, ``SET``/``BAG`` of them, ``FILE``
  (querying/data-types.adoc, "Query parameter types"); ``LIST``/``MAP`` only from 4.2 (release notes).
- ``param-method``: no methods on a LIST/MAP parameter (``.get(i)``, ``.size()``): undocumented for parameters.
- ``like-where``: ``LIKE`` only in a WHERE clause, and its pattern a string literal or a parameter, never a
  concatenation or a function call (querying/operators-and-expressions.adoc, "LIKE").
- ``vertex-accum-mutator``: mutator functions of vertex-attached accumulators (``clear``, ``remove``, ``pop``, ...)
  only in POST-ACCUM (querying/accumulators.adoc, each container type's "mutator functions" warning).
- ``global-accum-mutator``: mutator functions of global accumulators only at query-body level (same warnings).
- ``global-accum-assign``: no ``@@acc = ...`` inside ACCUM/POST-ACCUM (querying/accumulators.adoc, "Global
  accumulators": assigned only outside a SELECT block).
- ``to-vertex-set``: ``to_vertex_set()``/``to_vertex()`` not inside ACCUM/POST-ACCUM since 4.1
  (querying/func/vertex-methods.adoc, "to_vertex_set()").
- ``reserved-name``: no reserved word as a declared name (appendix/keywords-and-reserved-words.adoc; the list is
  pyTigerGraph's ``isReservedKeyword``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MUTATORS = frozenset({"clear", "reset", "set", "update", "remove", "removeOne", "removeAll", "pop", "resize"})
BASE_TYPES = ("INT", "UINT", "FLOAT", "DOUBLE", "STRING", "BOOL", "DATETIME")
CLAUSES = ("FROM", "SAMPLE", "WHERE", "ACCUM", "POST-ACCUM", "HAVING", "ORDER", "LIMIT")
TOKEN_RE = re.compile(
    r'"(?:[^"\\]|\\.)*"'  # string literal
    r"|POST[-_]ACCUM\b"
    r"|@@\w+|@\w+"
    r"|[A-Za-z_]\w*"
    r"|\d+(?:\.\d+)?"
    r"|==|!=|<=|>=|\+=|-=|->|[^\s\w]",
    re.I,
)


@dataclass(frozen=True)
class Finding:
    rule: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: [{self.rule}] {self.message}"


@dataclass
class _Tok:
    text: str
    line: int
    clause: str = ""  # the SELECT clause it sits in ("" = query-body level)

    @property
    def up(self) -> str:
        return self.text.upper().replace("POST_ACCUM", "POST-ACCUM")


def _strip_comments(text: str) -> str:
    """Comments (#, //, /* */) become spaces, keeping line numbers and string literals."""
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif ch == "#" or text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _tokens(text: str) -> list[_Tok]:
    toks = []
    for m in TOKEN_RE.finditer(text):
        toks.append(_Tok(m.group(0), text.count("\n", 0, m.start()) + 1))
    return toks


def _split_params(inner: str) -> list[tuple[str, str]]:
    params, depth, cur = [], 0, ""
    for ch in inner + ",":
        depth += {"<": 1, ">": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            if cur.strip():
                decl = cur.split("=")[0].strip()
                typ, name = decl.rsplit(None, 1)
                params.append((" ".join(typ.split()).upper().replace(" ", ""), name))
            cur = ""
        else:
            cur += ch
    return params


def _param_type_ok(typ: str, version: tuple[int, ...]) -> bool:
    base = "|".join(BASE_TYPES)
    elem = rf"(?:{base}|VERTEX(?:<\w+>)?)"
    if re.fullmatch(rf"{elem}|FILE|(?:SET|BAG)<{elem}>", typ, re.I):
        return True
    if tuple(version[:2]) >= (4, 2):
        return bool(re.fullmatch(rf"LIST<{elem}>|MAP<(?:{base}),(?:{base})>", typ, re.I))
    return False


def _is_reserved(name: str) -> bool:
    from pyTigerGraph import TigerGraphConnection

    return bool(TigerGraphConnection.isReservedKeyword(name))


def header(text: str) -> tuple[str, list[tuple[str, str]], str | None, int] | None:
    """(query name, [(TYPE, name)], syntax version or None, offset of the body's "{") of a CREATE QUERY text."""
    code = _strip_comments(text)
    m = re.search(r"CREATE\s+(?:OR\s+REPLACE\s+)?(?:DISTRIBUTED\s+)?QUERY\s+(\w+)\s*\(", code, re.I)
    if not m:
        return None
    depth, i = 1, m.end()
    while i < len(code) and depth:
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        i += 1
    params = _split_params(code[m.end() : i - 1])
    brace = code.find("{", i)
    syntax = re.search(r"\bSYNTAX\s+(\w+)", code[i:brace] if brace >= 0 else "", re.I)
    return m.group(1), params, syntax.group(1) if syntax else None, brace


def lint(text: str, version: tuple[int, ...] = (4, 2)) -> list[Finding]:
    """Findings for one CREATE QUERY text (empty: the documented rules hold)."""
    head = header(text)
    if head is None:
        return [Finding("syntax-line", 1, "no CREATE QUERY name(...) header")]
    name, params, syntax, brace = head
    code = _strip_comments(text)
    findings: list[Finding] = []
    line_of = lambda off: code.count("\n", 0, off) + 1  # noqa: E731
    if syntax is None or syntax.lower() not in ("v1", "v2", "v3"):
        findings.append(Finding("syntax-line", line_of(brace), f"{name}: the header must end 'SYNTAX v1|v2|v3 {{'"))
    param_names = {p for _, p in params}
    collection_params = set()
    for typ, pname in params:
        if not _param_type_ok(typ, version):
            findings.append(
                Finding("param-type", line_of(code.find(pname)), f"parameter {pname}: type {typ} is not a query parameter type on "
                        f"TigerGraph {'.'.join(map(str, version))}")
            )
        if re.match(r"(LIST|MAP)<", typ):
            collection_params.add(pname)
    if brace < 0:
        return findings + [Finding("syntax-line", 1, "no query body")]
    toks = _tokens(code[brace:])
    offset_line = line_of(brace) - 1
    for t in toks:
        t.line += offset_line
    _mark_clauses(toks)
    declared: list[tuple[str, int]] = [(p, 1) for p in param_names]
    for i, t in enumerate(toks):
        nxt = toks[i + 1].text if i + 1 < len(toks) else ""
        prev = toks[i - 1].text if i else ""
        if t.up == "LIKE":
            if t.clause != "WHERE":
                findings.append(Finding("like-where", t.line, f"LIKE in {t.clause or 'the query body'}: LIKE "
                                        "can only be used in WHERE clauses"))
            pat = toks[i + 1] if i + 1 < len(toks) else None
            after = toks[i + 2].text if i + 2 < len(toks) else ""
            literal = pat is not None and pat.text.startswith('"')
            param = pat is not None and pat.text in param_names
            if not (literal or param) or after in ("+", "(", "."):
                findings.append(Finding("like-where", t.line, "the LIKE pattern must be a string literal or a "
                                        "parameter, not a concatenation or a function call"))
        if t.text.startswith("@") and not t.text.startswith("@@") and prev == "." and nxt == ".":
            method = toks[i + 2].text if i + 2 < len(toks) else ""
            if method in MUTATORS and t.clause != "POST-ACCUM":
                findings.append(Finding("vertex-accum-mutator", t.line, f"{t.text}.{method}() in "
                                        f"{t.clause or 'the query body'}: mutators of vertex-attached accumulators "
                                        "may only be used in POST-ACCUM"))
        if t.text.startswith("@@"):
            method = toks[i + 2].text if nxt == "." and i + 2 < len(toks) else ""
            if method in MUTATORS and t.clause:
                findings.append(Finding("global-accum-mutator", t.line, f"{t.text}.{method}() in {t.clause}: "
                                        "mutators of global accumulators may only be used at query-body level"))
            if nxt == "=" and t.clause in ("ACCUM", "POST-ACCUM"):
                findings.append(Finding("global-accum-assign", t.line, f"{t.text} = ... in {t.clause}: global "
                                        "accumulators are assigned only outside a SELECT block"))
        if t.text.lower() in ("to_vertex_set", "to_vertex") and nxt == "(" and t.clause in ("ACCUM", "POST-ACCUM"):
            findings.append(Finding("to-vertex-set", t.line, f"{t.text}() in {t.clause}: not allowed in "
                                    "ACCUM/POST-ACCUM since TigerGraph 4.1"))
        if t.text in collection_params and nxt == ".":
            method = toks[i + 2].text if i + 2 < len(toks) else ""
            findings.append(Finding("param-method", t.line, f"{t.text}.{method}(): methods on a LIST/MAP query "
                                    "parameter are not documented"))
        # declared names: accumulators, tuple types/fields, vertex-set variables, locals, loop variables, aliases
        if t.text.startswith("@"):
            if prev in (">", "Accum", "OrAccum", "AndAccum") or re.fullmatch(r"\w*Accum", prev) or prev == ")":
                declared.append((t.text.lstrip("@"), t.line))
        elif t.up == "TYPEDEF":
            j = i + 3  # TYPEDEF TUPLE < fields > Name
            while j < len(toks) and toks[j].text != ">":
                if toks[j + 1].text in (",", ">") if j + 1 < len(toks) else False:
                    declared.append((toks[j].text, toks[j].line))
                j += 1
            if j + 1 < len(toks):
                declared.append((toks[j + 1].text, toks[j + 1].line))
        elif nxt == "=" and re.fullmatch(r"[A-Za-z_]\w*", t.text) and (prev in (";", "{", "") or prev.upper() in
                                                                        BASE_TYPES or prev.upper() == "DO"):
            declared.append((t.text, t.line))
        elif (t.up == "FOREACH" or (t.text == ":" and t.clause == "FROM")) and re.fullmatch(r"[A-Za-z_]\w*", nxt):
            declared.append((nxt, t.line))  # a loop variable, or a FROM alias (Start:s)
    for dname, line in declared:
        if _is_reserved(dname):
            findings.append(Finding("reserved-name", line, f"{dname!r} is a GSQL reserved word"))
    return sorted(set(findings), key=lambda f: (f.line, f.rule, f.message))


def _mark_clauses(toks: list[_Tok]) -> None:
    """Give each token the SELECT clause it is in; a SELECT ends at the ';' at its own nesting level."""
    in_select = False
    clause = ""
    depth = 0
    for i, t in enumerate(toks):
        up = t.up
        if not in_select:
            if up == "SELECT":
                in_select, clause, depth = True, "SELECT", 0
            t.clause = clause if in_select else ""
            continue
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
        if depth == 0 and up in CLAUSES and not (up == "ORDER" and i + 1 < len(toks) and toks[i + 1].up != "BY"):
            clause = up
        if t.text == ";" and depth <= 0:
            t.clause = ""
            in_select, clause = False, ""
            continue
        t.clause = clause
