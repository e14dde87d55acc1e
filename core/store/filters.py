"""Attribute filters of a PathQuery (``attr op value``), evaluated on entity records.

Strings compare case-insensitively; numbers numerically (a numeric string such as "4.5" counts as a number);
ISO dates compare as strings. A list attribute (e.g. affected_systems) matches ``==``/``contains``/``in`` when any
element does. A missing attribute never matches.
"""

from __future__ import annotations

from typing import Any

from core.records import Entity, Filter

OPS = ("==", "!=", "<", "<=", ">", ">=", "in", "not in", "contains")


def _value_of(entity: Entity, attr: str) -> Any:
    if attr in ("id", "type", "name"):
        return getattr(entity, attr)
    if attr == "aliases":
        return list(entity.aliases)
    return entity.attrs.get(attr)


def _num(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return float(x)
    if isinstance(x, str):
        try:
            return float(x.strip())
        except ValueError:
            return None
    return None


def _norm(x: Any) -> Any:
    return x.casefold().strip() if isinstance(x, str) else x


def _equal(a: Any, b: Any) -> bool:
    na, nb = _num(a), _num(b)
    if na is not None and nb is not None:
        return na == nb
    return _norm(a) == _norm(b)


def _compare(a: Any, op: str, b: Any) -> bool:
    na, nb = _num(a), _num(b)
    if na is not None and nb is not None:
        x, y = na, nb
    elif isinstance(a, str) and isinstance(b, str):
        x, y = a.casefold(), b.casefold()
    else:
        return False
    return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[op]


def check_filter(f: Filter) -> None:
    if f.op not in OPS:
        raise ValueError(f"unknown filter operator {f.op!r} on {f.attr!r}; use one of {' '.join(OPS)}")
    if f.op in ("in", "not in") and not isinstance(f.value, list | tuple | set):
        raise ValueError(f"filter {f.attr} {f.op} ... needs a list of values, got {f.value!r}")


def matches(entity: Entity, f: Filter) -> bool:
    return value_matches(_value_of(entity, f.attr), f)


def edge_matches(attrs: dict[str, Any], filters: list[Filter]) -> bool:
    """An edge's attributes pass every filter (the rules above; a missing attribute never matches)."""
    return all(value_matches(attrs.get(f.attr), f) for f in filters)


def value_matches(have: Any, f: Filter) -> bool:
    if have is None:
        return False
    values = list(have) if isinstance(have, list | tuple) else [have]
    if f.op == "==":
        return any(_equal(v, f.value) for v in values)
    if f.op == "!=":
        return not any(_equal(v, f.value) for v in values)
    if f.op == "in":
        return any(_equal(v, w) for v in values for w in f.value)
    if f.op == "not in":
        return not any(_equal(v, w) for v in values for w in f.value)
    if f.op == "contains":
        if isinstance(have, list | tuple):
            return any(_equal(v, f.value) for v in values)
        return isinstance(have, str) and str(f.value).casefold() in have.casefold()
    return any(_compare(v, f.op, f.value) for v in values)
