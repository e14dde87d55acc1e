"""Robust JSON extraction from LLM replies.

Local models wrap JSON in code fences or prose, leave trailing commas, use Python literals or single quotes, or stop
mid-object when they hit the token limit. ``parse_json`` repairs what it can without guessing content: a truncated
reply keeps only the values that were complete. When nothing sensible can be recovered it raises
``JSONParseError`` (a ``ValueError``) so the caller (planner, reranker, judge) can fall back.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n?(.*?)(?:```|\Z)", re.DOTALL)
_PY_LITERALS = {"True": "true", "False": "false", "None": "null"}
_JSON_LITERALS = {"true", "false", "null"}
_CLOSER = {"{": "}", "[": "]"}
_MAX_STARTS = 5  # JSON start positions tried when prose before the JSON contains braces
_MAX_CUTS = 400  # cut points tried when repairing a truncated reply
_MAX_DEPTH = 200  # deeper nesting is not a plan or a ranking: refuse it before json.loads recurses too deep


class JSONParseError(ValueError):
    """No JSON value could be recovered from the reply."""


@dataclass(frozen=True)
class ParsedJSON:
    value: Any
    repairs: tuple[str, ...] = ()  # what was fixed: fence, prose, trailing_comma, single_quotes, truncated, ...

    @property
    def truncated(self) -> bool:
        return "truncated" in self.repairs


def loads_lenient(text: str, expect: type | tuple[type, ...] | None = None) -> Any:
    """The recovered value only (see ``parse_json``)."""
    return parse_json(text, expect).value


def parse_json(text: str, expect: type | tuple[type, ...] | None = None) -> ParsedJSON:
    """Recover the first JSON value in ``text``; ``expect`` (e.g. ``dict``) rejects a value of another type."""
    if text is None or not str(text).strip():
        raise JSONParseError("the model reply is empty: expected JSON")
    text = str(text)
    repairs: list[str] = []
    body = text.strip()
    fence = _FENCE.search(body)
    if fence and fence.group(2).strip():
        body = fence.group(2).strip()
        repairs.append("fence")
    try:
        return _checked(ParsedJSON(json.loads(body), tuple(repairs)), expect)
    except (json.JSONDecodeError, RecursionError):
        pass

    starts = [m.start() for m in re.finditer(r"[{\[]", body)]
    if isinstance(expect, type) and expect in (dict, list):
        preferred = "{" if expect is dict else "["
        starts = [s for s in starts if body[s] == preferred] or starts
    if not starts:
        raise JSONParseError(f"no JSON object or array in the model reply: {_snippet(text)}")
    first_error: JSONParseError | None = None
    for start in starts[:_MAX_STARTS]:
        try:
            value, fixes = _repair_and_load(body[start:])
        except JSONParseError as exc:
            first_error = first_error or exc
            continue
        found = list(repairs) + (["prose"] if body[:start].strip() else []) + fixes
        try:
            return _checked(ParsedJSON(value, tuple(dict.fromkeys(found))), expect)
        except JSONParseError as exc:
            first_error = first_error or exc
    assert first_error is not None
    raise first_error


def _checked(parsed: ParsedJSON, expect: type | tuple[type, ...] | None) -> ParsedJSON:
    if expect is not None and not isinstance(parsed.value, expect):
        names = " or ".join(t.__name__ for t in (expect if isinstance(expect, tuple) else (expect,)))
        raise JSONParseError(f"expected a JSON {names}, the model returned {type(parsed.value).__name__}")
    return parsed


def _snippet(text: str, n: int = 80) -> str:
    flat = " ".join(text.split())
    return repr(flat[:n] + ("…" if len(flat) > n else ""))


def _repair_and_load(s: str) -> tuple[Any, list[str]]:
    """Scan one JSON value starting at ``s[0]`` (``{`` or ``[``), normalising as it goes."""
    out: list[str] = []
    fixes: list[str] = []
    stack: list[str] = []
    cuts: list[tuple[int, tuple[str, ...]]] = []  # (len(out), open brackets) after each complete token
    quote: str | None = None
    i, n = 0, len(s)
    complete = False
    while i < n:
        ch = s[i]
        if quote:  # inside a string
            if ch == "\\":
                if i + 1 >= n:
                    break
                nxt = s[i + 1]
                if nxt == "'":  # \' is not a JSON escape
                    out.append("'")
                else:
                    out.append(ch + nxt)
                i += 2
                continue
            if ch == quote:
                out.append('"')
                quote = None
                cuts.append((len(out), tuple(stack)))
            elif ch == '"':  # a double quote inside a single-quoted string
                out.append('\\"')
            elif ch in "\n\r\t":
                out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
                fixes.append("control_chars")
            else:
                out.append(ch)
            i += 1
            continue
        if ch in "\"'":
            quote = ch
            if ch == "'":
                fixes.append("single_quotes")
            out.append('"')
            i += 1
        elif ch in "{[":
            if len(stack) >= _MAX_DEPTH:
                raise JSONParseError(f"the model's JSON is nested more than {_MAX_DEPTH} levels deep")
            stack.append(ch)
            out.append(ch)
            cuts.append((len(out), tuple(stack)))
            i += 1
        elif ch in "}]":
            if not stack or _CLOSER[stack[-1]] != ch:
                raise JSONParseError(f"mismatched {ch!r} in the model's JSON")
            if _drop_trailing_comma(out):
                fixes.append("trailing_comma")
            stack.pop()
            out.append(ch)
            i += 1
            if not stack:
                complete = True
                break
            cuts.append((len(out), tuple(stack)))
        elif ch == "/" and s.startswith("//", i):
            end = s.find("\n", i)
            i = n if end < 0 else end
            fixes.append("comments")
        elif ch == "/" and s.startswith("/*", i):
            end = s.find("*/", i + 2)
            i = n if end < 0 else end + 2
            fixes.append("comments")
        elif ch.isalpha() or ch == "_":
            m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", s[i:])
            assert m is not None
            word = m.group(0)
            i += len(word)
            rest = s[i:].lstrip()
            if word in _PY_LITERALS:
                out.append(_PY_LITERALS[word])
                fixes.append("python_literals")
            elif word not in _JSON_LITERALS and rest.startswith(":"):
                out.append(f'"{word}"')  # an unquoted object key
                fixes.append("unquoted_keys")
            else:
                out.append(word)
            if i < n:
                cuts.append((len(out), tuple(stack)))
        elif ch == "-" or ch.isdigit():
            m = re.match(r"-?[0-9][0-9.eE+-]*|-", s[i:])
            assert m is not None
            out.append(m.group(0))
            i += len(m.group(0))
            if i < n:  # a number at the very end may itself be cut short
                cuts.append((len(out), tuple(stack)))
        else:
            out.append(ch)
            i += 1

    if complete:
        try:
            return json.loads("".join(out)), fixes
        except json.JSONDecodeError as exc:
            raise JSONParseError(f"invalid JSON from the model ({exc.msg} at char {exc.pos})") from None
    # Truncated: keep the longest prefix that ends on a complete token, then close the open brackets.
    for pos, open_brackets in reversed(cuts[-_MAX_CUTS:]):
        head = "".join(out[:pos]).rstrip().rstrip(",").rstrip()
        if head.endswith(":"):
            continue
        candidate = head + "".join(_CLOSER[b] for b in reversed(open_brackets))
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if not value:  # only the opening bracket survived: nothing was recovered
            break
        return value, [*fixes, "truncated"]
    raise JSONParseError("the model's JSON is cut off before any complete value")


def _drop_trailing_comma(out: list[str]) -> bool:
    j = len(out) - 1
    while j >= 0 and out[j].isspace():
        j -= 1
    if j >= 0 and out[j] == ",":
        del out[j]
        return True
    return False
