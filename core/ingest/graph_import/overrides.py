"""Optional overrides beside the data: ``ontology.yaml`` (or ``.yml``/``.json``) adds nouns, attribute words, closed
values, edge verbs and derived relations to the inferred ontology. Additive: nothing inferred is removed.

    types:      {Track: {nouns: [song, tune]}}
    attributes: {Track.milliseconds: {words: [length, duration]}}
    edges:      {SUPPORT_REP: {verbs: [looked after by], reverse_verbs: [look after, looks after]}}
    derived:    [{name: ..., source: Type, words: [stem, ...], paths: {Target: [[[EDGE, out|in, Type], ...], ...]}}]
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from core.ontology import DerivedRelation, Ontology
from core.rawgraph import GraphImportError

NAMES = ("ontology.yaml", "ontology.yml", "ontology.json")


def find_overrides(data_path: Path) -> Path | None:
    folder = data_path if data_path.is_dir() else data_path.parent
    return next((folder / n for n in NAMES if (folder / n).is_file()), None)


def read_overrides(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise GraphImportError(f"{path}: not UTF-8 ({exc})") from None
    if path.suffix.lower() in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError as exc:
            raise GraphImportError(f"{path}: reading YAML needs PyYAML (pip install pyyaml), or write it as "
                                   "ontology.json") from exc
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise GraphImportError(f"{path}: malformed YAML ({exc})") from None
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise GraphImportError(f"{path} line {exc.lineno}: malformed JSON ({exc.msg})") from None
    if data is None:
        return {}
    if not isinstance(data, dict) or set(data) - {"types", "attributes", "edges", "derived"}:
        raise GraphImportError(f"{path}: expected a mapping with keys types, attributes, edges, derived")
    return data


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise GraphImportError(f"{where}: expected a list of words")
    return tuple(v.strip().lower() for v in value)


def apply_overrides(onto: Ontology, data: dict[str, Any], where: str) -> Ontology:
    vts = {v.name: v for v in onto.vertex_types}
    for tname, spec in (data.get("types") or {}).items():
        if tname not in vts:
            raise GraphImportError(f"{where}: types.{tname}: no such vertex type (known: {', '.join(vts)})")
        nouns = _strs((spec or {}).get("nouns", []), f"{where}: types.{tname}.nouns")
        vts[tname] = replace(vts[tname], nouns=tuple(dict.fromkeys(vts[tname].nouns + nouns)))
    for key, spec in (data.get("attributes") or {}).items():
        tname, _, aname = str(key).partition(".")
        vt = vts.get(tname)
        attr = vt.attr(aname) if vt else None
        if attr is None:
            raise GraphImportError(f"{where}: attributes.{key}: no such attribute (write Type.attribute)")
        spec = spec or {}
        words = _strs(spec.get("words", []), f"{where}: attributes.{key}.words")
        values = tuple(str(v) for v in spec.get("values", attr.values))
        new = replace(attr, words=tuple(dict.fromkeys(attr.words + words)), values=values)
        vts[tname] = replace(vt, attrs=tuple(new if a.name == aname else a for a in vt.attrs))
    ets = list(onto.edge_types)
    for ename, spec in (data.get("edges") or {}).items():
        if not any(e.name == ename for e in ets):
            raise GraphImportError(f"{where}: edges.{ename}: no such edge type")
        spec = spec or {}
        verbs = _strs(spec.get("verbs", []), f"{where}: edges.{ename}.verbs")
        rev = _strs(spec.get("reverse_verbs", []), f"{where}: edges.{ename}.reverse_verbs")
        ets = [replace(e, verbs=tuple(dict.fromkeys(e.verbs + verbs)),
                       reverse_verbs=tuple(dict.fromkeys(e.reverse_verbs + rev))) if e.name == ename else e
               for e in ets]
    derived = list(onto.derived)
    for i, d in enumerate(data.get("derived") or []):
        w = f"{where}: derived[{i}]"
        try:
            rel = DerivedRelation(str(d["name"]), str(d["source"]), _strs(d.get("words", []), w),
                                  tuple((t, tuple(tuple(tuple(s) for s in p) for p in ps))
                                        for t, ps in d["paths"].items()))
        except (KeyError, TypeError, AttributeError) as exc:
            raise GraphImportError(f"{w}: needs name, source, words and paths ({exc})") from None
        if rel.source not in vts:
            raise GraphImportError(f"{w}: source {rel.source!r} is no vertex type")
        for target, paths in rel.paths:
            if target not in vts:
                raise GraphImportError(f"{w}: target {target!r} is no vertex type")
            for p in paths:
                prev = rel.source
                for step in p:
                    if len(step) != 3 or step[1] not in ("out", "in"):
                        raise GraphImportError(f"{w}: step {list(step)} must be [EDGE, out|in, Type]")
                    a, b = (prev, step[2]) if step[1] == "out" else (step[2], prev)
                    if not onto.edge_allowed(a, step[0], b):
                        raise GraphImportError(f"{w}: no edge {a} -{step[0]}-> {b} in the graph")
                    prev = step[2]
                if prev != target:
                    raise GraphImportError(f"{w}: a path to {target} ends at {prev}")
        derived.append(rel)
    return Ontology(onto.name, tuple(vts.values()), tuple(ets), tuple(derived))
