"""Readers: GraphML (networkx, igraph, Gephi, Neo4j APOC) and Neo4j admin-import CSV -> ``RawGraph``.

Every error names the file and the line (CSV, malformed XML) or the element (GraphML node/edge id). Files are
decoded as strict UTF-8 and refused above ``graph_import_max_mb`` before they are parsed.
"""

from __future__ import annotations

import codecs
import csv
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from core.rawgraph import GraphImportError, RawEdge, RawGraph, RawNode
from core.schema import DATE, FLOAT, INT, LIST, STRING

GRAPHML_NS = "{http://graphml.graphdrawing.org/xmlns}"
# GraphML attr.type -> kind
GRAPHML_TYPES = {"boolean": "bool", "int": INT, "long": INT, "float": FLOAT, "double": FLOAT, "string": STRING}
# Neo4j admin-import header types -> kind (neo4j-admin import docs, "Property data types")
NEO4J_TYPES = {
    "string": STRING, "char": STRING, "int": INT, "long": INT, "short": INT, "byte": INT, "float": FLOAT,
    "double": FLOAT, "boolean": "bool", "date": DATE, "localdatetime": DATE, "datetime": DATE, "localtime": STRING,
    "time": STRING, "duration": STRING,
}
NL = b"\n"
ARRAY_DELIMITER = ";"  # neo4j-admin's default --array-delimiter
_HEADER_RE = re.compile(r"^(?P<name>[^:]*)(?::(?P<type>[A-Za-z_]+(?:\[\])?)(?:\((?P<group>[^)]*)\))?)?$")


def check_size(path: Path, max_mb: float) -> None:
    size = path.stat().st_size
    if size > max_mb * 1024 * 1024:
        raise GraphImportError(
            f"{path}: {size / 1024 / 1024:.0f} MB is over the import limit of {max_mb:g} MB "
            "(HOPLENS_GRAPH_IMPORT_MAX_MB); split the file or raise the limit"
        )


def read_text(path: Path, max_mb: float) -> str:
    check_size(path, max_mb)
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise GraphImportError(
            f"{path} line {line}: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); re-save the file as "
            "UTF-8"
        ) from None


def read_graph(path: Path, max_mb: float = 512.0) -> RawGraph:
    """GraphML for a ``.graphml``/``.xml`` file; Neo4j admin-import CSV for a folder of ``.csv`` files or one."""
    path = Path(path)
    if not path.exists():
        raise GraphImportError(f"{path} does not exist")
    if path.is_dir():
        graphml = sorted(p for p in path.iterdir() if p.suffix.lower() in (".graphml",))
        csvs = sorted(p for p in path.iterdir() if p.suffix.lower() == ".csv")
        if graphml and not csvs and len(graphml) == 1:
            return read_graphml(graphml[0], max_mb)
        if not csvs:
            raise GraphImportError(f"{path} holds no .graphml file and no Neo4j admin-import .csv files")
        return read_neo4j_csv(csvs, max_mb)
    if path.suffix.lower() in (".graphml", ".xml"):
        return read_graphml(path, max_mb)
    if path.suffix.lower() == ".csv":
        return read_neo4j_csv([path], max_mb)
    raise GraphImportError(f"{path}: unknown format (expected .graphml, or Neo4j admin-import .csv files)")


# ---------------------------------------------------------------------------------------------------- GraphML
def _graphml_value(raw: str, kind: str, where: str) -> Any:
    raw = raw.strip() if kind != STRING else raw
    try:
        if kind == INT:
            return int(raw)
        if kind == FLOAT:
            return float(raw)
        if kind == "bool":
            low = raw.strip().lower()
            if low not in ("true", "false", "1", "0"):
                raise ValueError(raw)
            return low in ("true", "1")
    except ValueError:
        raise GraphImportError(f"{where}: {raw!r} is not a valid {kind}") from None
    return raw


def check_utf8(path: Path, max_mb: float) -> bytes:
    """Refuse an over-size or non-UTF-8 file (naming the line and byte offset) in one streaming pass; returns the
    first 4 KB."""
    check_size(path, max_mb)
    decoder = codecs.getincrementaldecoder("utf-8")()
    head, line, offset = b"", 1, 0
    with open(path, "rb") as fh:
        while block := fh.read(1 << 20):
            if not head:
                head = block[:4096]
            try:
                decoder.decode(block)
            except UnicodeDecodeError as exc:
                at = max(0, exc.start - (len(exc.object) - len(block)))  # the decoder may hold a partial character
                bad_line = line + block[:at].count(NL)
                raise GraphImportError(
                    f"{path} line {bad_line}: not UTF-8 (byte 0x{block[at]:02x} at offset "
                    f"{offset + at}); re-save the file as UTF-8"
                ) from None
            line += block.count(NL)
            offset += len(block)
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise GraphImportError(f"{path} line {line}: not UTF-8 (the file ends inside a character)") from None
    return head


def read_graphml(path: Path, max_mb: float = 512.0) -> RawGraph:
    """Stream a GraphML file (iterparse: memory holds the graph read so far, never the XML tree)."""
    head = check_utf8(path, max_mb)
    if b"<!DOCTYPE" in head or b"<!ENTITY" in head:
        raise GraphImportError(f"{path}: DTDs and entity declarations are not accepted in GraphML")
    keys: dict[str, tuple[str, str, str, Any]] = {}  # key id -> (for, name, kind, default)
    out = RawGraph(files=[str(path)], format="graphml")
    seen: set[str] = set()
    graphs, node_depth, first = 0, 0, True
    graph_el: ET.Element | None = None
    ns = ""

    def data_of(el: ET.Element, scope: str, where: str) -> dict[str, Any]:
        props = {name: d for (sc, name, _k, d) in keys.values() if sc in (scope, "all") and d is not None}
        for d in el.findall(f"{ns}data"):
            kid = d.get("key")
            if kid not in keys:
                raise GraphImportError(f"{where}: <data key={kid!r}> names no declared <key>")
            _sc, name, kind, _d = keys[kid]
            props[name] = _graphml_value("".join(d.itertext()), kind, f"{where} ({name})")
        return props

    try:
        for event, el in ET.iterparse(path, events=("start", "end")):
            if first:
                first = False
                ns = GRAPHML_NS if el.tag.startswith(GRAPHML_NS) else ""
                if el.tag != f"{ns}graphml":
                    raise GraphImportError(f"{path}: the root element is <{el.tag}>, not <graphml>")
            tag = el.tag[len(ns):] if ns and el.tag.startswith(ns) else el.tag
            if event == "start":
                if tag == "graph":
                    if node_depth:
                        raise GraphImportError(f"{path}: node {out.nodes[-1].id if out.nodes else '?'}: nested "
                                               "graphs are not supported")
                    graphs += 1
                    if graphs > 1:
                        raise GraphImportError(f"{path}: expected one <graph> element, found more")
                    graph_el = el
                elif tag == "node":
                    node_depth += 1
                elif tag == "hyperedge":
                    raise GraphImportError(f"{path}: <hyperedge> is not supported")
                continue
            if tag == "key":
                kid, name = el.get("id"), el.get("attr.name") or el.get("id")
                typ = (el.get("attr.type") or "string").lower()
                if not kid:
                    raise GraphImportError(f"{path}: a <key> without an id")
                if typ not in GRAPHML_TYPES:
                    raise GraphImportError(f"{path}: key {kid} ({name}) has unknown attr.type {typ!r}; expected one "
                                           f"of {', '.join(GRAPHML_TYPES)}")
                kind = GRAPHML_TYPES[typ]
                default_el = el.find(f"{ns}default")
                default = None
                if default_el is not None and default_el.text is not None:
                    default = _graphml_value(default_el.text, kind, f"{path}: key {kid} default")
                keys[kid] = (el.get("for") or "all", name, kind, default)
                out.declared.setdefault(name, kind)
            elif tag == "node":
                node_depth -= 1
                nid = el.get("id")
                where = f"{path}: node {nid}"
                if not nid:
                    raise GraphImportError(f"{path}: a <node> without an id")
                if nid in seen:
                    raise GraphImportError(f"{where}: duplicate node id")
                seen.add(nid)
                props = data_of(el, "node", where)
                if "labels" not in props and el.get("labels"):  # APOC also writes labels as a <node> attribute
                    props["labels"] = el.get("labels")
                out.nodes.append(RawNode(nid, _labels_of(props), props, where))
                if graph_el is not None:
                    graph_el.clear()  # drop what was read (the graph's attributes were read at its start)
            elif tag == "edge":
                eid = el.get("id") or f"#{len(out.edges) + 1}"
                where = f"{path}: edge {eid}"
                src, dst = el.get("source"), el.get("target")
                if not src or not dst:
                    raise GraphImportError(f"{where}: needs source and target")
                props = data_of(el, "edge", where)
                etype = (props.pop("label", None) or props.pop("type", None) or props.pop("labels", None)
                         or el.get("label") or "RELATED_TO")
                out.edges.append(RawEdge(src, str(etype).lstrip(":"), dst, props, where))
                if graph_el is not None:
                    graph_el.clear()
    except ET.ParseError as exc:
        line, col = exc.position
        raise GraphImportError(f"{path} line {line} column {col + 1}: malformed XML ({exc})") from None
    except (LookupError, UnicodeError) as exc:  # the XML declaration names an encoding Python lacks, or bytes lie
        raise GraphImportError(f"{path}: cannot decode the file ({exc}); save it as UTF-8") from None
    if graphs != 1:
        raise GraphImportError(f"{path}: expected one <graph> element, found {graphs}")
    for e in out.edges:  # GraphML allows edges before their nodes: endpoints are checked once all are read
        for end in (e.src, e.dst):
            if end not in seen:
                raise GraphImportError(f"{e.where}: endpoint {end!r} is not a node in the file (dangling edge)")
    return out


def _labels_of(props: dict[str, Any]) -> tuple[str, ...]:
    """Node labels from ``labels`` (APOC ":A:B"), ``type`` or ``label``; the key is removed from the properties.
    A ``label`` used as a display name (Gephi) is left for ``infer`` to tell apart."""
    if "labels" in props:
        raw = str(props.pop("labels"))
        return tuple(x for x in re.split(r"[:;,\s]+", raw) if x)
    if "type" in props:
        return (str(props.pop("type")),)
    if "label" in props:
        return (str(props["label"]),)  # kept: infer decides whether it names a type or a node
    return ()


# ---------------------------------------------------------------------------------------------------- Neo4j CSV
def _parse_header(path: Path, header: list[str]) -> list[tuple[str, str, str | None]]:
    """[(name, type, group)] per column; type is a Neo4j type, or ID/START_ID/END_ID/LABEL/TYPE/IGNORE."""
    cols = []
    for i, h in enumerate(header):
        m = _HEADER_RE.match(h.strip())
        if not m:
            raise GraphImportError(f"{path} line 1 column {i + 1}: cannot read header field {h!r}")
        name, typ, group = m.group("name"), m.group("type") or "string", m.group("group")
        explicit = m.group("type") is not None
        special = typ.upper() in ("ID", "START_ID", "END_ID", "LABEL", "TYPE", "IGNORE")
        if special:
            typ = typ.upper()
        else:
            base = typ[:-2] if typ.endswith("[]") else typ
            if base.lower() not in NEO4J_TYPES:
                raise GraphImportError(
                    f"{path} line 1 column {i + 1}: unknown type {typ!r} in header field {h!r}; expected one of "
                    f"{', '.join(sorted(NEO4J_TYPES))} (an array type ends in [])"
                )
            if not name:
                raise GraphImportError(f"{path} line 1 column {i + 1}: header field {h!r} has no property name")
            typ = typ.lower() if explicit else "untyped"
        cols.append((name, typ, group))
    return cols


def _csv_value(raw: str, typ: str, where: str) -> Any:
    if typ == "untyped":
        return raw  # no type in the header: inference reads the kind from the values
    if typ.endswith("[]"):
        base = typ[:-2]
        return [_csv_value(x, base, where) for x in raw.split(ARRAY_DELIMITER) if x != ""]
    kind = NEO4J_TYPES[typ]
    if kind == DATE:
        from core.ontology_infer import parse_date

        if parse_date(raw) is None:
            raise GraphImportError(f"{where}: {raw!r} is not a valid {typ}")
        return raw.strip()
    return _graphml_value(raw, kind, where)


def _csv_rows(path: Path):
    """(line number, row) for each data row of a CSV file, streamed (the header was read by ``_csv_header``)."""
    with open(path, encoding="utf-8-sig", newline="") as fh:
        reader = csv.reader(fh, strict=True)
        try:
            next(reader, None)
            for row in reader:
                yield reader.line_num, row
        except csv.Error as exc:
            raise GraphImportError(f"{path} line {reader.line_num}: malformed CSV ({exc})") from None


def _csv_header(path: Path) -> list[str]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        try:
            header = next(csv.reader(fh, strict=True), None)
        except csv.Error as exc:
            raise GraphImportError(f"{path} line 1: malformed CSV ({exc})") from None
    if not header:
        raise GraphImportError(f"{path}: empty file (expected a header line)")
    return header


def read_neo4j_csv(paths: list[Path], max_mb: float = 512.0) -> RawGraph:
    """Node files first, then relationship files, each streamed row by row (UTF-8 and size checked first)."""
    out = RawGraph(files=[str(p) for p in paths], format="neo4j-csv")
    node_files, rel_files = [], []
    for p in paths:
        check_utf8(p, max_mb)
        cols = _parse_header(p, _csv_header(p))
        types = {t for _n, t, _g in cols}
        if "START_ID" in types or "END_ID" in types:
            if not {"START_ID", "END_ID"} <= types:
                raise GraphImportError(f"{p} line 1: a relationship file needs both :START_ID and :END_ID")
            rel_files.append((p, cols, _csv_rows(p)))
        elif "ID" in types:
            node_files.append((p, cols, _csv_rows(p)))
        else:
            raise GraphImportError(f"{p} line 1: neither a node file (an :ID column) nor a relationship file "
                                   "(:START_ID and :END_ID columns)")
    if not node_files:
        raise GraphImportError(f"{', '.join(map(str, paths))}: no node file (a .csv with an :ID column)")
    groups: dict[tuple[str | None, str], str] = {}  # (id space, raw id) -> node id
    grouped = any(g for _p, cols, _r in node_files for _n, t, g in cols if t == "ID" and g)
    by_id: dict[str, RawNode] = {}
    for p, cols, rows in node_files:
        id_col = [i for i, c in enumerate(cols) if c[1] == "ID"]
        if len(id_col) != 1:
            raise GraphImportError(f"{p} line 1: a node file needs exactly one :ID column")
        ic = id_col[0]
        space = cols[ic][2]
        label_cols = [i for i, c in enumerate(cols) if c[1] == "LABEL"]
        for ln, row in rows:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            where = f"{p} line {ln}"
            if len(row) != len(cols):
                raise GraphImportError(f"{where}: {len(row)} fields, the header has {len(cols)}")
            raw_id = row[ic].strip()
            if not raw_id:
                raise GraphImportError(f"{where}: empty :ID")
            nid = f"{space}:{raw_id}" if grouped and space else raw_id
            if (space, raw_id) in groups:
                raise GraphImportError(f"{where}: duplicate id {raw_id!r}"
                                       + (f" in id space {space}" if space else ""))
            if nid in by_id:
                raise GraphImportError(f"{where}: duplicate id {nid!r} (also at {by_id[nid].where})")
            groups[(space, raw_id)] = nid
            labels: list[str] = []
            for i in label_cols:
                labels.extend(x for x in row[i].split(ARRAY_DELIMITER) if x)
            if not labels and space:
                labels = [space]
            props: dict[str, Any] = {}
            for i, (name, typ, _g) in enumerate(cols):
                if typ in ("LABEL", "IGNORE") or not name or (typ == "ID" and not name):
                    continue
                if typ == "ID":
                    props[name] = raw_id
                    out.declared.setdefault(name, STRING)  # neo4j-admin stores ids as strings (--id-type=string)
                    continue
                if row[i] == "":
                    continue  # an empty field is no value (neo4j-admin's default)
                props[name] = _csv_value(row[i], typ, f"{where} ({name})")
                if typ != "untyped":
                    out.declared.setdefault(name, LIST if typ.endswith("[]") else NEO4J_TYPES[typ])
            node = RawNode(nid, tuple(labels), props, where)
            by_id[nid] = node
            out.nodes.append(node)
    for p, cols, rows in rel_files:
        si = next(i for i, c in enumerate(cols) if c[1] == "START_ID")
        ei = next(i for i, c in enumerate(cols) if c[1] == "END_ID")
        ti = next((i for i, c in enumerate(cols) if c[1] == "TYPE"), None)
        for ln, row in rows:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            where = f"{p} line {ln}"
            if len(row) != len(cols):
                raise GraphImportError(f"{where}: {len(row)} fields, the header has {len(cols)}")
            ends = []
            for i in (si, ei):
                space, raw = cols[i][2], row[i].strip()
                nid = groups.get((space, raw))
                if nid is None:
                    raise GraphImportError(f"{where}: {cols[i][1]} {raw!r}"
                                           + (f" (id space {space})" if space else "")
                                           + " is not a node id in the node files (dangling relationship)")
                ends.append(nid)
            etype = row[ti].strip() if ti is not None else ""
            if not etype:
                raise GraphImportError(f"{where}: empty :TYPE (every relationship needs a type)")
            props = {}
            for i, (name, typ, _g) in enumerate(cols):
                if typ in ("START_ID", "END_ID", "TYPE", "IGNORE", "LABEL", "ID") or row[i] == "":
                    continue
                props[name] = _csv_value(row[i], typ, f"{where} ({name})")
            out.edges.append(RawEdge(ends[0], etype, ends[1], props, where))
    return out
