"""A loopback fake of the TigerGraph 4.x REST++ and GSQL endpoints that pyTigerGraph 2.0.5 calls.

It listens on 127.0.0.1 (random port, one port for ``/restpp`` and ``/gsql/v1`` like TigerGraph 4 on 14240), records
every request (method, path, query string, headers, body) and keeps a small in-memory graph, so tests can check the
traffic (DDL text, upsert payloads, query parameters sent by POST) and run the HopLens store end to end.

What it enforces, as the TigerGraph docs describe the server (gsql-docs and server-docs, 4.x):
- created queries must pass ``core.store.gsql_lint`` (the documented GSQL rules: LIKE only in WHERE, mutators of
  vertex-attached accumulators only in POST-ACCUM, no to_vertex_set in ACCUM, parameter types of the server's
  version, ...), or creation fails with the findings, as a semantic check would; ``POST
  /gsql/v1/internal/check/query`` answers ``{"warnings": [], "errors": [...]}`` from the same lint;
- upserts are validated before anything is written: a value the attribute type cannot hold (an impossible
  DATETIME, an INT beyond 64 bits, ...) fails the whole request and changes nothing (API/upsert-rest.adoc, "Valid
  data types"); unknown attribute names are ignored (and recorded in ``ignored_attributes``);
- installed queries get the documented limits: ``GSQL-TIMEOUT`` (ms, default 16 s) against a simulated cost
  (``query_cost_s``), ``RESPONSE-LIMIT`` (bytes, default 32 MB, ``default_size_limit``), answered with the documented
  error bodies (codes REST-3000 / REST-3002, REST-4000; reference/return-codes.adoc, API/index.adoc);
- results have the documented PRINT shapes: one object per PRINT in ``results``, keyed by the alias, vertex sets as
  ``{"v_id", "v_type", "attributes"}`` with printed vertex accumulators among the attributes.

What it is not: TigerGraph. GSQL statements are parsed only as far as the HopLens DDL needs (CREATE GRAPH, schema
change jobs with ADD VERTEX / ADD DIRECTED EDGE / ALTER VERTEX ... ADD VECTOR ATTRIBUTE, DROP GRAPH); each HopLens
query is *simulated* in Python from the semantics its file documents (the generated hl_impacted_* queries are
interpreted from their SELECT lines). Passing tests here say the client side is right and the GSQL follows the
documented rules the lint knows; only a live server (``hoplens tg-check``) says the GSQL compiles and runs.
"""

from __future__ import annotations

import base64
import json
import math
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from core.store import gsql_lint

DEFAULTS = {
    "STRING": "",
    "INT": 0,
    "UINT": 0,
    "DOUBLE": 0.0,
    "FLOAT": 0.0,
    "DATETIME": "1970-01-01 00:00:00",
    "BOOL": False,
    "LIST<STRING>": [],
}
REVERSE = "reverse_"
DEFAULT_TIMEOUT_MS = 16_000  # server-docs API/index.adoc, "GSQL query timeout"
DEFAULT_SIZE_LIMIT = 32 * 1024 * 1024  # the documented example's "exceeds limit 32MB"
INT_RANGE = (-(2**63), 2**63 - 1)


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes

    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Graph:
    name: str
    vertex_types: dict[str, dict[str, str]] = field(default_factory=dict)  # type -> attr -> GSQL type
    edge_types: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> {pairs, attrs, reverse}
    vectors: dict[tuple[str, str], int] = field(default_factory=dict)  # (vertex type, attr) -> dims
    vertices: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # type -> id -> attrs
    edges: dict[str, dict[tuple[str, str], dict[str, Any]]] = field(default_factory=dict)  # name -> (src, dst) -> attrs
    queries: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> {text, params: [(type, name)]}
    installed: set[str] = field(default_factory=set)
    primary_ids: dict[str, tuple[str, bool]] = field(default_factory=dict)  # type -> (id name, as attribute?)
    vids: dict[tuple[str, str], int] = field(default_factory=dict)  # (type, id) -> internal id (getvid), in creation order

    def vtype_of(self, vid: str) -> str | None:
        return next((t for t, rows in self.vertices.items() if vid in rows), None)

    def create(self, vtype: str, vid: str) -> None:
        """A new vertex gets the next internal id (what getvid() returns; TigerGraph's are opaque but stable)."""
        self.vids.setdefault((vtype, vid), len(self.vids) + 1)

    def edge_spec(self, dtype: str) -> tuple[str, bool]:
        """(the edge type ``dtype`` walks, forward?): an edge type, or the reverse edge of one."""
        if dtype in self.edge_types:
            return dtype, True
        for name, spec in self.edge_types.items():
            if spec.get("reverse") == dtype:
                return name, False
        raise FakeError(400, f"edge type {dtype} does not exist in graph {self.name}")


class FakeError(Exception):
    def __init__(self, status: int, message: str, code: str = "REST-30000"):
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


class FakeTigerGraph:
    def __init__(
        self,
        user: str = "tigergraph",
        password: str = "tigergraph",
        secret: str | None = None,
        version: str = "4.2.1",
        restpp_requires_token: bool = False,
    ):
        self.user, self.password, self.secret, self.version = user, password, secret, version
        self.restpp_requires_token = restpp_requires_token
        self.requests: list[Recorded] = []
        self.graphs: dict[str, Graph] = {}
        self.tokens: set[str] = set()
        self.jobs: dict[str, list[str]] = {}
        # failure knobs for tests
        self.fail_install: str | None = None  # install status message, e.g. "FAILED: Semantic Check Fails ..."
        self.count_reverse_edges = False  # accepted_edges also counts the reverse edge of each upserted edge
        self.query_cost_s: dict[str, float] = {}  # simulated run time of an installed query (timeout checks)
        self.default_size_limit = DEFAULT_SIZE_LIMIT
        self.semantic_errors: dict[str, str] = {}  # query name -> an extra error its semantic check reports
        self.ignored_attributes: list[tuple[str, str]] = []  # (type, attribute) names an upsert sent that do not exist
        self.vector_pending = 0  # how many /vector/status polls report a rebuild in progress
        self.lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # ---- lifecycle

    def start(self) -> FakeTigerGraph:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                status, payload = fake.handle(self.command, self.path, dict(self.headers), body)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json" if not isinstance(payload, bytes) else "text/plain")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = _serve

            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeTigerGraph:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_address[1]

    # ---- helpers for tests

    def find(self, method: str, path_part: str) -> list[Recorded]:
        return [r for r in self.requests if r.method == method and path_part in r.path]

    def query_calls(self, name: str) -> list[dict[str, Any]]:
        return [r.json() for r in self.find("POST", "/query/") if r.path.endswith("/" + name)]

    @property
    def gsql_statements(self) -> list[str]:
        return [r.text() for r in self.find("POST", "/gsql/v1/statements")]

    # ---- dispatch

    def handle(self, method: str, raw_path: str, headers: dict[str, str], body: bytes) -> tuple[int, Any]:
        parts = urlsplit(raw_path)
        query = parse_qs(parts.query)
        with self.lock:
            self.requests.append(Recorded(method, parts.path, query, headers, body))
            try:
                self._authorize(parts.path, headers, body)
                self._headers = {k.lower(): v for k, v in headers.items()}
                return 200, self._route(method, parts.path, query, body)
            except FakeError as exc:
                return exc.status, {
                    "version": {"edition": "community", "api": "v2", "schema": 0},
                    "error": True,
                    "message": exc.message,
                    "results": [],
                    "code": exc.code,
                }

    def _authorize(self, path: str, headers: dict[str, str], body: bytes) -> None:
        auth = headers.get("Authorization", "")
        ok = False
        if auth.startswith("Bearer "):
            ok = auth[7:] in self.tokens
        elif auth.startswith("Basic ") and not (self.restpp_requires_token and path.startswith("/restpp")):
            user, _, pw = base64.b64decode(auth[6:]).decode().partition(":")
            ok = (user, pw) == (self.user, self.password) or (user == "__GSQL__secret" and pw == self.secret)
        if path == "/gsql/v1/tokens" and not ok:
            try:
                ok = self.secret is not None and json.loads(body or b"{}").get("secret") == self.secret
            except ValueError:
                ok = False
        if not ok:
            raise FakeError(401, "Authentication failed.", "REST-10016" if path.startswith("/restpp") else "")

    def _graph(self, name: str) -> Graph:
        if name not in self.graphs:
            raise FakeError(404, f"Graph '{name}' does not exist.")
        return self.graphs[name]

    def _route(self, method: str, path: str, query: dict[str, list[str]], body: bytes) -> Any:
        seg = [unquote(p) for p in path.strip("/").split("/")]
        if seg[0] == "restpp":
            if seg[1:] == ["version"]:
                return {"error": False, "message": self._version_text()}
            if seg[1] == "endpoints":
                g = self._graph(seg[2])
                return {f"{verb} /query/{g.name}/{q}": {} for q in sorted(g.installed) for verb in ("GET", "POST")}
            if seg[1] == "graph" and method == "POST" and len(seg) == 3:
                return self._upsert(self._graph(seg[2]), body, query)
            if seg[1] == "graph" and method == "GET" and len(seg) == 6 and seg[3] == "vertices":
                g = self._graph(seg[2])
                row = g.vertices.get(seg[4], {}).get(seg[5])
                if row is None:
                    raise FakeError(
                        200, f"The input vertex id '{seg[5]}' is not a valid vertex id for vertex type = {seg[4]}."
                    )
                return {"error": False, "results": [self._vout(g, seg[4], seg[5])]}
            if seg[1] == "query" and method == "POST":
                return self._run_query(self._graph(seg[2]), seg[3], body)
            if seg[1] == "vector" and seg[2] == "status":
                self._graph(seg[3])
                pending = ["GPE_1#1"] if self.vector_pending > 0 else []
                self.vector_pending = max(0, self.vector_pending - 1)
                return {"error": False, "message": "fetched status success", "results": {"NeedRebuildServers": pending}}
        if seg[:5] == ["gsql", "v1", "internal", "check", "query"] and method == "POST":
            return self._check_query(json.loads(body or b"{}").get("code", ""))
        if seg[:3] == ["gsql", "v1", "statements"] and method == "POST":
            return self._gsql(body.decode("utf-8")).encode()
        if seg[:3] == ["gsql", "v1", "tokens"] and method == "POST":
            token = f"tok-{len(self.tokens) + 1}"
            self.tokens.add(token)
            return {
                "error": False,
                "message": "Generate new token successfully.",
                "token": token,
                "expiration": 2000000000,
            }
        if seg[:4] == ["gsql", "v1", "schema", "graphs"]:
            return {"error": False, "message": "", "results": self._schema(self._graph(seg[4]))}
        if seg[:3] == ["gsql", "v1", "queries"] and len(seg) == 3 and method == "POST":
            return self._create_query(self._graph(query["graph"][0]), body.decode("utf-8"))
        if seg[:4] == ["gsql", "v1", "queries", "install"]:
            if len(seg) == 4:
                g = self._graph(query["graph"][0])
                self.jobs["1"] = [g.name, *query["queries"][0].split(",")]
                return {"error": False, "message": "Query installation started.", "requestId": "1"}
            return self._install_status(seg[4])
        raise FakeError(404, f"Endpoint is not found from url = {path}", "REST-1000")

    def _version_text(self) -> str:
        stamp = f"release_{self.version}_06-12-2025"
        return "\n".join(
            [
                "TigerGraph RESTPP:",
                "--- Version ---",
                "component version hash date",
                f"product {stamp} 0123abcd 2025-06-12 10:00:00 -0700",
                f"gpe {stamp} 4567ef01 2025-06-12 10:00:00 -0700",
                "",
            ]
        )

    # ---- GSQL statements (the DDL subset HopLens sends)

    def _gsql(self, text: str) -> str:
        out: list[str] = []
        if "$" in text:
            return 'Syntax Error: Encountered "$" at line 1. A placeholder was not substituted.'
        lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
        job: list[str] | None = None
        current: str | None = None
        for ln in lines:
            if job is not None:
                if ln == "}":
                    job = None
                    out.append("Successfully created schema change jobs.")
                else:
                    job.append(ln)
                continue
            if m := re.fullmatch(r"CREATE GRAPH (\w+) \(\)", ln):
                if m.group(1) in self.graphs:
                    return f"Semantic Check Fails: The graph {m.group(1)} already exists."
                self.graphs[m.group(1)] = Graph(m.group(1))
                out.append(f"The graph {m.group(1)} is created.")
            elif m := re.fullmatch(r"USE GRAPH (\w+)", ln):
                if m.group(1) not in self.graphs:
                    return f"Graph {m.group(1)} does not exist."
                current = m.group(1)
                out.append(f"Using graph '{current}'")
            elif m := re.fullmatch(r"CREATE SCHEMA_CHANGE JOB (\w+) FOR GRAPH (\w+) \{", ln):
                job = self.jobs.setdefault(m.group(1), [])
                job.clear()
            elif m := re.fullmatch(r"RUN SCHEMA_CHANGE JOB (\w+)", ln):
                if current is None:
                    return "Semantic Check Fails: no graph in use."
                err = self._apply_job(self.graphs[current], self.jobs.get(m.group(1), []))
                if err:
                    return err
                out.append("Local schema change succeeded.")
            elif m := re.fullmatch(r"DROP JOB (\w+)", ln):
                self.jobs.pop(m.group(1), None)
                out.append(f"Successfully dropped jobs on the graph '{current}': [{m.group(1)}].")
            elif m := re.fullmatch(r"DROP GRAPH (\w+) CASCADE", ln):
                self.graphs.pop(m.group(1), None)
                out.append(f"The graph {m.group(1)} is dropped.")
            else:
                return f'Syntax Error: Encountered "{ln.split()[0]}" at line 1 (the fake knows only the HopLens DDL).'
        return "\n".join(out)

    def _apply_job(self, g: Graph, job: list[str]) -> str | None:
        for ln in job:
            if m := re.fullmatch(r'ADD VERTEX (\w+) \((.*)\) WITH primary_id_as_attribute="true";', ln):
                cols = [c.strip() for c in m.group(2).split(",")]
                if cols[0] != "PRIMARY_ID id STRING":
                    return f"Semantic Check Fails: bad primary id {cols[0]}"
                g.vertex_types[m.group(1)] = {"id": "STRING", **dict(c.split(" ", 1) for c in cols[1:])}
                g.primary_ids[m.group(1)] = ("id", True)
                g.vertices.setdefault(m.group(1), {})
            elif m := re.fullmatch(r'ADD DIRECTED EDGE (\w+) \((.*)\) WITH REVERSE_EDGE="(\w+)";', ln):
                pairs, attrs = [], {}
                for segment in m.group(2).split(" | "):
                    items = [x.strip() for x in segment.split(",")]
                    pairs.append((items[0].removeprefix("FROM "), items[1].removeprefix("TO ")))
                    attrs.update(dict(x.split(" ", 1) for x in items[2:]))
                unknown = {t for p in pairs for t in p} - set(g.vertex_types)
                if unknown:
                    return f"Semantic Check Fails: edge {m.group(1)} uses unknown vertex types {sorted(unknown)}"
                g.edge_types[m.group(1)] = {"pairs": pairs, "attrs": attrs, "reverse": m.group(3), "directed": True}
                g.edges.setdefault(m.group(1), {})
            elif m := re.fullmatch(
                r'ALTER VERTEX (\w+) ADD VECTOR ATTRIBUTE (\w+)\(DIMENSION=(\d+), METRIC="COSINE"\);', ln
            ):
                if m.group(1) not in g.vertex_types:
                    return f"Semantic Check Fails: no vertex type {m.group(1)}"
                g.vectors[(m.group(1), m.group(2))] = int(m.group(3))
            else:
                return f"Semantic Check Fails: the fake cannot apply {ln!r}"
        return None

    def _schema(self, g: Graph) -> dict[str, Any]:
        vts = []
        for name, attrs in g.vertex_types.items():
            embs = [
                {"Name": a, "Dimension": d, "Metric": "COSINE", "IndexType": "HNSW"}
                for (t, a), d in g.vectors.items()
                if t == name
            ]
            pid, as_attr = g.primary_ids.get(name, ("id", True))
            primary = {"AttributeName": pid, "AttributeType": {"Name": "STRING"}}
            if as_attr:
                primary["PrimaryIdAsAttribute"] = True
            vts.append(
                {
                    "Name": name,
                    "PrimaryId": primary,
                    "Attributes": [{"AttributeName": a, "AttributeType": {"Name": t}} for a, t in attrs.items()
                                   if a != pid],
                    "EmbeddingAttributes": embs,
                    "Config": {"PRIMARY_ID_AS_ATTRIBUTE": as_attr},
                }
            )
        ets = []
        for n, e in g.edge_types.items():
            pairs = e["pairs"]
            ets.append({
                "Name": n,
                "IsDirected": e.get("directed", True),
                "FromVertexTypeName": pairs[0][0] if len(pairs) == 1 else "*",
                "ToVertexTypeName": pairs[0][1] if len(pairs) == 1 else "*",
                "EdgePairs": [{"From": a, "To": b} for a, b in pairs],
                "Attributes": [{"AttributeName": a, "AttributeType": {"Name": t}} for a, t in e["attrs"].items()],
                "Config": {"REVERSE_EDGE": e["reverse"]} if e.get("reverse") else {},
            })
        return {"GraphName": g.name, "VertexTypes": vts, "EdgeTypes": ets}

    def define_graph(self, name: str, vertex_types: dict[str, dict[str, Any]],
                     edge_types: dict[str, dict[str, Any]]) -> Graph:
        """A graph created by someone else (a DBA's own GSQL, which this fake does not parse): ``vertex_types``
        maps a type to ``{"primary_id": name, "as_attribute": bool, "attrs": {attr: GSQL type}}``, ``edge_types``
        an edge to ``{"pairs": [(from, to)], "attrs": {...}, "directed": bool, "reverse": name or None}``. The
        same checks as a schema change: known attribute types, endpoints that exist, no reverse edge on an
        undirected edge, no name used twice."""
        if name in self.graphs:
            raise ValueError(f"graph {name} exists")
        g = Graph(name)
        for vtype, spec in vertex_types.items():
            attrs = dict(spec.get("attrs", {}))
            bad = {a: t for a, t in attrs.items() if t not in DEFAULTS}
            if bad:
                raise ValueError(f"{vtype}: unsupported attribute types {bad}")
            pid, as_attr = spec.get("primary_id", "id"), bool(spec.get("as_attribute", False))
            g.vertex_types[vtype] = ({pid: "STRING"} if as_attr else {}) | attrs
            g.primary_ids[vtype] = (pid, as_attr)
            g.vertices[vtype] = {}
        used = set(g.vertex_types)
        for ename, spec in edge_types.items():
            pairs = [tuple(x) for x in spec["pairs"]]
            if {t for pr in pairs for t in pr} - set(g.vertex_types):
                raise ValueError(f"edge {ename}: unknown endpoint types")
            directed, reverse = bool(spec.get("directed", True)), spec.get("reverse")
            if reverse and not directed:
                raise ValueError(f"edge {ename}: an undirected edge has no reverse edge")
            for n in (ename, reverse):
                if n and n in used:
                    raise ValueError(f"name {n} is used twice")
                used.add(n)
            g.edge_types[ename] = {"pairs": pairs, "attrs": dict(spec.get("attrs", {})), "reverse": reverse,
                                   "directed": directed}
            g.edges[ename] = {}
        self.graphs[name] = g
        return g

    # ---- queries: create, install, run

    @staticmethod
    def parse_signature(text: str) -> tuple[str, str, list[tuple[str, str]], str]:
        m = re.search(r"CREATE (?:OR REPLACE )?QUERY (\w+)\((.*?)\)\s*FOR GRAPH (\w+)\s+SYNTAX (\w+)", text, re.S)
        if not m:
            raise FakeError(400, "Syntax error: no CREATE QUERY ... FOR GRAPH ... SYNTAX header")
        params, depth, cur = [], 0, ""
        for ch in m.group(2) + ",":
            depth += ch == "<"
            depth -= ch == ">"
            if ch == "," and depth == 0:
                if cur.strip():
                    typ, name = cur.strip().rsplit(None, 1)
                    params.append((" ".join(typ.split()), name))
                cur = ""
            else:
                cur += ch
        return m.group(1), m.group(3), params, m.group(4)

    def _create_query(self, g: Graph, text: str) -> Any:
        if "$" in text:
            raise FakeError(400, 'Syntax error: Encountered "$": the graph name placeholder was not substituted')
        name, graph, params, _ = self.parse_signature(text)
        if graph != g.name:
            raise FakeError(400, f"query {name} is for graph {graph}, not {g.name}")
        findings = gsql_lint.lint(text, self.version_tuple) or self._unknown_names(g, text, params)
        if findings:
            raise FakeError(
                400,
                f"Failed to create queries: [{name}]. Semantic Check Fails: " + "; ".join(map(str, findings)),
                "GSQL-3000",
            )
        g.queries[name] = {"text": text, "params": params}
        g.installed.discard(name)
        return {"error": False, "message": f"Successfully created queries: [{name}]."}

    @staticmethod
    def _unknown_names(g: Graph, text: str, params: list[tuple[str, str]]) -> list[str]:
        """A semantic check's name resolution, as far as a regex can: vertex and edge types named in the text and
        ``alias.attribute`` reads must exist in the graph's schema (an attribute of some type, a vector attribute,
        a TYPEDEF tuple field or a built-in like ``type``). A query written for another schema fails here as it
        fails a server's semantic check."""
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', gsql_lint._strip_comments(text))
        code = code[code.find("{") :]
        declared = {n for _, n in params}
        edges = set(g.edge_types) | {e["reverse"] for e in g.edge_types.values() if e.get("reverse")}
        attrs = {a for t in g.vertex_types.values() for a in t} | {a for e in g.edge_types.values() for a in e["attrs"]}
        attrs |= {a for _, a in g.vectors} | {"type"}
        for m in re.finditer(r"TYPEDEF\s+TUPLE\s*<([^>]*)>", code):
            attrs |= {f.split()[-1] for f in m.group(1).split(",") if f.strip()}
        problems = []
        for m in re.finditer(r"\b(\w+)\.\*|VERTEX\s*<\s*(\w+)\s*>", code):
            t = m.group(1) or m.group(2)
            if t not in g.vertex_types:
                problems.append(f"vertex type {t} does not exist in graph {g.name}")
        for m in re.finditer(r"-\(\s*(\w+)\s*(?::\s*\w+)?\s*\)-\s*(\w+)?\s*:", code):
            if m.group(1) not in declared and m.group(1) not in edges:
                problems.append(f"edge type {m.group(1)} does not exist in graph {g.name}")
            if m.group(2) and m.group(2) not in declared and m.group(2) not in g.vertex_types:
                problems.append(f"vertex type {m.group(2)} does not exist in graph {g.name}")
        for m in re.finditer(r"(?<![\w@.)])([A-Za-z_]\w*)\.([A-Za-z_]\w*)\b(?!\s*\()", code):
            if m.group(2) not in attrs:
                problems.append(f"{m.group(1)}.{m.group(2)}: no attribute {m.group(2)} in graph {g.name}")
        return list(dict.fromkeys(problems))

    @property
    def version_tuple(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.version.split(".")[:3])

    def _check_query(self, code: str) -> Any:
        """POST /gsql/v1/internal/check/query (server-docs API/gsql-endpoints.adoc, "query semantic check")."""
        errors = [{"msg": str(f), "rule": f.rule, "line": f.line} for f in gsql_lint.lint(code, self.version_tuple)]
        head = gsql_lint.header(code)
        if head and head[0] in self.semantic_errors:
            errors.append({"msg": self.semantic_errors[head[0]]})
        return {"warnings": [], "errors": errors}

    def _install_status(self, rid: str) -> Any:
        gname, *names = self.jobs.get(rid, [None])
        g = self._graph(gname)
        if self.fail_install:
            return {"error": False, "message": self.fail_install}
        missing = [n for n in names if n not in g.queries]
        if missing:
            return {"error": False, "message": f"FAILED: query {missing[0]} does not exist"}
        g.installed.update(names)
        return {"error": False, "message": f"SUCCESS: installed {', '.join(names)}"}

    def _run_query(self, g: Graph, name: str, body: bytes) -> Any:
        if name not in g.installed:
            raise FakeError(
                404, f"Endpoint is not found from url = /query/{g.name}/{name}, please use GET /endpoints", "REST-1000"
            )
        sent = json.loads(body or b"{}")
        declared = {n: t for t, n in g.queries[name]["params"]}
        if set(sent) != set(declared):
            raise FakeError(400, f"{name}: parameters {sorted(sent)} do not match the declaration {sorted(declared)}")
        params = {k: self._decode(declared[k], v, name, k) for k, v in sent.items()}
        limit_ms = self._headers.get("gsql-timeout")
        timeout_ms = int(limit_ms) if limit_ms else DEFAULT_TIMEOUT_MS
        if self.query_cost_s.get(name, 0.0) * 1000 > timeout_ms:
            code = "REST-3000" if limit_ms else "REST-3002"
            raise FakeError(200, f"Query {name} timed out after {timeout_ms} ms.", code)
        if name.startswith("hl_impacted_"):
            results = self._interpret_impact(g, g.queries[name]["text"], params)
        else:
            results = getattr(self, "_q_" + name[3:])(g, params)
        out = {
            "version": {"edition": "community", "api": "v2", "schema": 0},
            "error": False,
            "message": "",
            "results": results,
        }
        size = len(json.dumps(out).encode())
        limit = int(self._headers.get("response-limit") or self.default_size_limit)
        if size > limit:
            raise FakeError(
                200, f"The query response size is {size} bytes, which exceeds limit {limit} bytes.", "REST-4000"
            )
        return out

    def _decode(self, typ: str, value: Any, query: str, key: str) -> Any:
        """Check a POSTed value against its declared type; strings arrive %-encoded (REST++ URL-decodes them)."""

        def bad() -> FakeError:
            return FakeError(400, f"{query}: parameter {key} is not a valid {typ}: {value!r}")

        if typ in ("STRING",):
            if not isinstance(value, str):
                raise bad()
            return unquote(value)
        if typ == "BOOL":
            if not isinstance(value, bool):
                raise bad()
            return value
        if typ == "INT":
            if not isinstance(value, int) or isinstance(value, bool):
                raise bad()
            return value
        if typ in ("LIST<FLOAT>",):
            if not isinstance(value, list) or not all(isinstance(x, (int, float)) for x in value):
                raise bad()
            return value
        if typ in ("SET<STRING>", "LIST<STRING>", "BAG<STRING>"):
            if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                raise bad()
            return [unquote(x) for x in value]
        if typ == "VERTEX":
            if not (isinstance(value, dict) and set(value) == {"id", "type"}):
                raise bad()
            return (unquote(value["id"]), value["type"])
        if typ == "SET<VERTEX>":
            if not isinstance(value, list) or not all(isinstance(x, dict) and set(x) == {"id", "type"} for x in value):
                raise bad()
            return [(unquote(x["id"]), x["type"]) for x in value]
        if m := re.fullmatch(r"SET<VERTEX<(\w+)>>", typ):
            if not isinstance(value, list) or not all(isinstance(x, dict) and set(x) == {"id"} for x in value):
                raise bad()
            return [(unquote(x["id"]), m.group(1)) for x in value]
        raise bad()

    # ---- upserts

    def _upsert(self, g: Graph, body: bytes, query: dict[str, list[str]]) -> Any:
        must_exist = query.get("vertex_must_exist", ["false"])[0].lower() == "true"
        doc = json.loads(body, object_pairs_hook=lambda pairs: pairs)  # keep repeated keys (multi-edges)
        accepted_v = accepted_e = 0
        # the whole request is validated before anything is written (API/upsert-rest.adoc, "Valid data types")
        staged = []
        for section, content in doc:
            if section == "vertices":
                for vtype, rows in content:
                    if vtype not in g.vertex_types:
                        raise FakeError(400, f"vertex type {vtype} does not exist")
                    for vid, attrs in rows:
                        staged.append((vtype, vid, self._attrs(g, vtype, vid, attrs)))
        for section, content in doc:
            if section == "vertices":
                for vtype, vid, values in staged:
                    g.vertices[vtype][vid] = {**g.vertices[vtype].get(vid, {}), **values}
                    g.create(vtype, vid)
                    accepted_v += 1
            elif section == "edges":
                edges = [
                    (src_type, src, etype, dst_type, dst, attrs)
                    for src_type, by_src in content
                    for src, by_type in by_src
                    for etype, by_dst_type in by_type
                    for dst_type, by_dst in by_dst_type
                    for dst, attrs in by_dst
                ]
                for st, src, et, dt, dst, attrs in edges:  # validate every edge first
                    spec = g.edge_types.get(et)
                    if spec is None or (st, dt) not in spec["pairs"]:
                        raise FakeError(400, f"edge {st} -{et}-> {dt} is not in the schema")
                    for name, val in attrs:
                        if name in spec["attrs"]:
                            self._check_value(spec["attrs"][name], dict(val)["value"], f"edge {et} {src!r}->{dst!r}")
                for st, src, et, dt, dst, attrs in edges:
                    accepted_e += self._upsert_edge(g, st, src, et, dt, dst, attrs, must_exist)
        return {"error": False, "results": [{"accepted_vertices": accepted_v, "accepted_edges": accepted_e}]}

    def _attrs(self, g: Graph, vtype: str, vid: str, attrs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = {}
        for name, spec in attrs:
            value = dict(spec)["value"]
            if (vtype, name) in g.vectors:
                if not isinstance(value, list) or len(value) != g.vectors[(vtype, name)]:
                    raise FakeError(400, f"vector {vtype}.{name} needs {g.vectors[(vtype, name)]} floats")
            elif name not in g.vertex_types[vtype]:
                self.ignored_attributes.append((vtype, name))  # "an invalid attribute name ... is ignored"
                continue
            else:
                self._check_value(g.vertex_types[vtype][name], value, f"{vtype} {vid!r} attribute {name}")
            out[name] = value
        return out

    @staticmethod
    def _check_value(typ: str, value: Any, where: str) -> None:
        """Invalid attribute data types fail the whole upsert request."""
        import datetime as dt

        ok = True
        if typ == "DATETIME":
            try:
                stamp = dt.datetime.strptime(str(value), "%Y-%m-%d %H:%M:%S")
                ok = dt.datetime(1582, 10, 15) <= stamp
            except ValueError:
                ok = False
        elif typ in ("INT", "UINT"):
            ok = isinstance(value, int) and not isinstance(value, bool) and INT_RANGE[0] <= value <= INT_RANGE[1]
        elif typ in ("DOUBLE", "FLOAT"):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        elif typ == "STRING":
            ok = isinstance(value, str)
        elif typ == "LIST<STRING>":
            ok = isinstance(value, list) and all(isinstance(x, str) for x in value)
        elif typ == "BOOL":
            ok = isinstance(value, bool)
        if not ok:
            raise FakeError(400, f"Invalid attribute data type: {where} cannot be {value!r} ({typ}); nothing was upserted")

    def _upsert_edge(
        self, g: Graph, st: str, src: str, et: str, dt: str, dst: str, attrs: list, must_exist: bool
    ) -> int:
        spec = g.edge_types.get(et)
        if spec is None or (st, dt) not in spec["pairs"]:
            raise FakeError(400, f"edge {st} -{et}-> {dt} is not in the schema")
        for vtype, vid in ((st, src), (dt, dst)):
            if vid not in g.vertices[vtype]:
                if must_exist:
                    return 0
                g.vertices[vtype][vid] = {}
                g.create(vtype, vid)
        values = {}
        for name, s in attrs:
            if name not in spec["attrs"]:
                self.ignored_attributes.append((et, name))
                continue
            self._check_value(spec["attrs"][name], dict(s)["value"], f"edge {et} {src!r}->{dst!r} attribute {name}")
            values[name] = dict(s)["value"]
        g.edges[et][(src, dst)] = {"src_type": st, "dst_type": dt, "attrs": values}
        return 2 if self.count_reverse_edges else 1

    # ---- output helpers

    def _vout(self, g: Graph, vtype: str, vid: str, **accums: Any) -> dict[str, Any]:
        attrs = {a: DEFAULTS.get(t, "") for a, t in g.vertex_types[vtype].items()}
        attrs.update({k: v for k, v in g.vertices[vtype][vid].items() if (vtype, k) not in g.vectors})
        for k, t in g.vertex_types[vtype].items():  # DATETIME prints as "YYYY-MM-DD HH:MM:SS"
            if t == "DATETIME" and isinstance(attrs[k], str) and len(attrs[k]) == 10:
                attrs[k] += " 00:00:00"
        pid, as_attr = g.primary_ids.get(vtype, ("id", True))
        if as_attr:
            attrs[pid] = vid
        attrs.update(accums)
        return {"v_id": vid, "v_type": vtype, "attributes": attrs}

    def _walk(self, g: Graph, vid: str, vtype: str, dtype: str) -> list[tuple[str, str, dict[str, Any]]]:
        """(neighbour id, neighbour type, edge attrs) over a directed edge type (reverse_X walks X backwards)."""
        base, forward = g.edge_spec(dtype)
        undirected = not g.edge_types[base].get("directed", True)
        out = []
        for (s, d), e in g.edges[base].items():
            if (forward or undirected) and s == vid and e["src_type"] == vtype:
                out.append((d, e["dst_type"], e["attrs"]))
            elif (not forward or undirected) and d == vid and e["dst_type"] == vtype and not (undirected and s == d):
                out.append((s, e["src_type"], e["attrs"]))
        return out

    def _entities(self, g: Graph, types: list[str]) -> list[tuple[str, str]]:
        return [(t, vid) for t in types for vid in g.vertices.get(t, {})]

    # ---- simulated installed queries (semantics as documented in gsql/queries/*.gsql)

    def _q_get_vertices(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        if p["vtype"] not in g.vertex_types:  # to_vertex_set() with a type the graph does not have
            raise FakeError(400, f"Runtime Error: {p['vtype']} is not a valid vertex type of graph {g.name}")
        rows = g.vertices.get(p["vtype"], {})
        return [{"vertices": [self._vout(g, p["vtype"], i) for i in dict.fromkeys(p["ids"]) if i in rows]}]

    def _page(self, g: Graph, types: list[str], after: str, lim: int) -> list[tuple[str, str]]:
        return sorted((x for x in self._entities(g, types) if x[1] > after), key=lambda x: x[1])[:lim]

    def _q_list_entities(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        rows = self._page(g, p["v_types"], p["after_id"], p["lim"])
        return [{"entities": [self._vout(g, t, i) for t, i in rows]}]

    def _q_edge_keys(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        rows = self._page(g, p["v_types"], p["after_id"], p["lim"])
        keys = [
            {"src": vid, "etype": d, "dst": nid}
            for vtype, vid in rows
            for d in p["e_types"]
            for nid, _, _ in self._walk(g, vid, vtype, d)
        ]
        return [{"page_ids": [vid for _, vid in rows]}, {"edges": keys}]

    def _drop_vertex(self, g: Graph, vtype: str, vid: str) -> None:
        g.vertices[vtype].pop(vid, None)
        for rows in g.edges.values():
            for key in [k for k, e in rows.items() if (k[0] == vid and e["src_type"] == vtype)
                        or (k[1] == vid and e["dst_type"] == vtype)]:
                rows.pop(key)

    def _q_delete_entities(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        n = 0
        for vid, vtype in p["ents"]:
            if vid in g.vertices.get(vtype, {}):
                self._drop_vertex(g, vtype, vid)
                n += 1
        return [{"deleted_entities": n}]

    def _q_delete_edges(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        base = p["e_type"][len(REVERSE) :] if p["e_type"].startswith(REVERSE) else p["e_type"]
        n = 0
        for vid, vtype in p["srcs"]:
            for nid, _, _ in self._walk(g, vid, vtype, p["e_type"]):
                if f"{vid} {nid}" in p["pairs"]:
                    key = (vid, nid) if base == p["e_type"] else (nid, vid)
                    n += g.edges[base].pop(key, None) is not None
        return [{"deleted_edges": n}]

    def _q_reset_mentions(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        owners = {i for i in p["ids"] if i in g.vertices.get(p["vtype"], {})}
        gone = [k for k, e in g.edges["MENTIONS"].items() if k[0] in owners and e["src_type"] == p["vtype"]]
        for k in gone:
            g.edges["MENTIONS"].pop(k)
        return [{"deleted_edges": len(gone)}]

    def _q_entity_lookup(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        key = p["lookup_key"]
        found = []
        for t, i in self._entities(g, p["v_types"]):
            row = g.vertices[t][i]
            names = [i, row.get("name", ""), *row.get("aliases", [])]
            if any(str(n).lower() == key for n in names):
                found.append(self._vout(g, t, i, **{"@hit": True}))
        return [{"entities": found}]

    def _q_vector_seed(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        q = p["query_vector"]
        if len(q) != g.vectors.get(("Chunk", "emb"), -1):
            raise FakeError(400, "query_vector has the wrong dimension")
        qn = math.sqrt(sum(x * x for x in q)) or 1.0
        scored = []
        for cid, row in g.vertices["Chunk"].items():
            v = row.get("emb")
            if v:
                cos = sum(a * b for a, b in zip(q, v, strict=True)) / (qn * (math.sqrt(sum(x * x for x in v)) or 1.0))
                scored.append((1.0 - cos, cid))
        top = sorted(scored)[: p["k"]]
        mentions = [{"chunk_id": cid, "entity_id": e} for _, cid in top for (c, e) in g.edges["MENTIONS"] if c == cid]
        return [
            {"chunks": [self._vout(g, "Chunk", cid) for _, cid in top]},
            {"distances": {cid: d for d, cid in top}},
            {"mentions": mentions},
        ]

    def _q_expand(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        base = {d: d.replace(REVERSE, "") for d in p["e_types"]}  # replace(e.type, "reverse_", "")
        types = {vid: t for vid, t in p["seeds"]}
        visited = [vid for vid, t in p["seeds"] if vid in g.vertices.get(t, {})]
        seeds_of = {s: {s} for s in visited}
        hop = dict.fromkeys(visited, 0)
        score: dict[str, float] = {}
        first: dict[str, tuple[str, str, str]] = {}
        walked = []
        frontier, weight = list(visited), 1.0
        for h in range(1, p["hops"] + 1):
            if not frontier or len(hop) >= p["max_nodes"]:
                break
            new: list[str] = []
            for s in frontier:
                cands = sorted(
                    (base[d], nid, d, nt) for d in p["e_types"] for nid, nt, _ in self._walk(g, s, types[s], d)
                )
                for b, nid, d, nt in cands[: p["fanout"]]:
                    walked.append({"src": s, "dtype": d, "dst": nid})
                    if nid not in hop:
                        types[nid] = nt
                        score[nid] = score.get(nid, 0.0) + weight
                        seeds_of.setdefault(nid, set()).update(seeds_of[s])
                        first[nid] = min(first.get(nid, (s, b, d)), (s, b, d))
                        if nid not in new:
                            new.append(nid)
            remaining = p["max_nodes"] - len(hop)
            if len(new) > remaining:
                new = sorted(new, key=lambda t: f"{first[t][0]} {first[t][1]} {t}")[: max(0, remaining)]
            for t in new:
                hop[t] = h
            weight /= 2
            frontier = new
        nodes = []
        for vid, hp in hop.items():
            f = first.get(vid)
            nodes.append(
                self._vout(
                    g,
                    types[vid],
                    vid,
                    **{
                        "@visited": True,
                        "@hop": hp,
                        "@seeds": sorted(seeds_of[vid]),
                        "@first": [{"sid": f[0], "base": f[1], "dtype": f[2]}] if f and hp else [],
                        "@cand": [],
                        "@kept": [],
                        "@order_key": "",
                    },
                )
            )
        return [{"nodes": nodes}, {"scores": score}, {"walked": walked}]

    def _q_typed_hop(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        reached: dict[str, str] = {}
        for vid, vtype in p["sources"]:
            if vid not in g.vertices.get(vtype, {}):
                raise FakeError(400, f"vertex {vid} of type {vtype} does not exist")
            for nid, nt, attrs in self._walk(g, vid, vtype, p["e_type"]):
                if p["target_type"] in ("", nt) and (
                    not p["cond_attr"] or str(attrs.get(p["cond_attr"], "")).lower() == p["cond_value"]
                ):
                    reached[nid] = nt
        return [{"reached_count": len(reached)}, {"reached": [self._vout(g, t, i) for i, t in reached.items()]}]

    def _q_neighbors(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        vid, vtype = p["v"]
        nbrs, walked = {}, []
        for d in p["e_types"]:
            for nid, nt, attrs in self._walk(g, vid, vtype, d):
                nbrs[nid] = nt
                walked.append({"src": vid, "dtype": d, "dst": nid, "attrs_json": attrs.get("attrs_json", "")})
        return [{"neighbors": [self._vout(g, t, i) for i, t in nbrs.items()]}, {"walked": walked}]

    def _q_entity_chunks(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        pairs = []
        for eid, etype in p["ents"]:
            refs = sorted(
                (g.vertices["Chunk"][c]["doc_id"], g.vertices["Chunk"][c]["ord"], c)
                for c, _, _ in self._walk(g, eid, etype, "reverse_MENTIONS")
                if c in g.vertices["Chunk"]
            )
            pairs += [{"entity_id": eid, "chunk_id": c, "doc_id": d, "ord": o} for d, o, c in refs[: p["per_entity"]]]
        return [{"pairs": pairs}]

    def _q_entity_docs(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        eid, etype = p["ent"]
        docs = sorted(d for d, t, _ in self._walk(g, eid, etype, "reverse_MENTIONS") if t == "Document")[: p["lim"]]
        return [{"documents": [self._vout(g, "Document", d) for d in docs]}]

    def _q_lexical(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        """BM25 over Chunk.terms as hl_lexical.gsql computes it (terms is a BAG: repeats count)."""
        chunks = g.vertices["Chunk"]
        wanted = set(p["terms"])
        tf = {c: {} for c in chunks}
        for c, row in chunks.items():
            for w in row.get("terms", []):
                if w in wanted:
                    tf[c][w] = tf[c].get(w, 0) + 1
        df: dict[str, int] = {}
        for counts in tf.values():
            for w in counts:
                df[w] = df.get(w, 0) + 1
        n = len(chunks)
        avgdl = (sum(len(r.get("terms", [])) for r in chunks.values()) / n) if n else 1.0
        avgdl = avgdl if avgdl > 0 else 1.0
        k1, b = 1.5, 0.75
        hits = []
        for c, counts in tf.items():
            if counts:
                dl = len(chunks[c].get("terms", []))
                score = sum(
                    math.log(1.0 + (n - df[t] + 0.5) / (df[t] + 0.5))
                    * counts[t] / (counts[t] + k1 * (1.0 - b + b * dl / avgdl))
                    for t in p["terms"] if t in counts
                )
                hits.append({"chunk_id": c, "doc_id": chunks[c].get("doc_id", ""), "score": score})
        hits.sort(key=lambda h: (-h["score"], h["chunk_id"]))
        return [{"hits": hits[: p["k"]]}]

    def _q_stats(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        vertices = {t: len(rows) for t, rows in g.vertices.items() if rows}
        edges = {e: len(g.edges[e]) for e in p["e_types"] if g.edges.get(e)}
        tokens = sum(int(r.get("tokens", 0)) for r in g.vertices.get("Chunk", {}).values())
        return [{"vertices": vertices}, {"edges": edges}, {"tokens": tokens}]

    def _q_document_chunks(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        chunks = [c for (c, d) in g.edges["PART_OF"] if d in p["doc_ids"] and c in g.vertices["Chunk"]]
        return [{"chunks": [self._vout(g, "Chunk", c) for c in chunks]}]

    def _q_document_hashes(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        rows = g.vertices["Document"]
        page = sorted(d for d in rows if d > p["after_id"])[: p["lim"]]
        return [{"hashes": [{"doc_id": d, "content_hash": rows[d].get("content_hash", "")} for d in page]}]

    def _q_delete_documents(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        docs = [d for d in p["doc_ids"] if d in g.vertices["Document"]]
        chunks = [c for (c, d) in g.edges["PART_OF"] if d in docs]
        if p["chunks_only"]:
            docs = []
        for vtype, ids in (("Chunk", chunks), ("Document", docs)):
            for vid in ids:
                self._drop_vertex(g, vtype, vid)
        return [{"deleted_documents": len(docs)}, {"deleted_chunks": len(chunks)}]

    def _eout(self, g: Graph, src: str, st: str, dtype: str, dst: str, dt_: str, attrs: dict[str, Any]) -> dict:
        """An EDGE value as PRINT writes it: type, direction, both ends and the attributes (DATETIME as text)."""
        base, _ = g.edge_spec(dtype)
        spec = g.edge_types[base]
        values = {a: DEFAULTS.get(t, "") for a, t in spec["attrs"].items()} | dict(attrs)
        for a, t in spec["attrs"].items():
            if t == "DATETIME" and isinstance(values[a], str) and len(values[a]) == 10:
                values[a] += " 00:00:00"
        return {"e_type": dtype, "directed": spec.get("directed", True), "from_id": src, "from_type": st,
                "to_id": dst, "to_type": dt_, "attributes": values}

    def _q_walk(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        reached: dict[tuple[str, str], None] = {}
        walked = []
        for vid, vtype in p["sources"]:
            if vid not in g.vertices.get(vtype, {}):
                raise FakeError(400, f"vertex {vid} of type {vtype} does not exist")
            for d in p["e_types"]:
                for nid, nt, attrs in self._walk(g, vid, vtype, d):
                    reached[(nt, nid)] = None
                    walked.append(self._eout(g, vid, vtype, d, nid, nt, attrs))
        return [{"reached": [self._vout(g, t, i) for t, i in reached]}, {"walked": walked}]

    def _q_list_vertices(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        for t in p["v_types"]:
            if t not in g.vertex_types:
                raise FakeError(400, f"Runtime Error: {t} is not a valid vertex type of graph {g.name}")
        rows = sorted((g.vids[(t, i)], t, i) for t in p["v_types"] for i in g.vertices[t] if g.vids[(t, i)] > p["after_vid"])
        page = rows[: p["lim"]]
        last = max((v for v, _, _ in page), default=-(2**63))  # MaxAccum<INT>'s default is the smallest INT
        return [{"vertices": [self._vout(g, t, i) for _, t, i in page]}, {"last_vid": last}]

    def _q_graph_stats(self, g: Graph, p: dict[str, Any]) -> list[Any]:
        named = re.search(r"Vs = \{([^}]*)\};", g.queries["hl_graph_stats"]["text"]).group(1)
        types = [x.strip().removesuffix(".*") for x in named.split(",")]
        vertices = {t: len(g.vertices[t]) for t in types if g.vertices[t]}
        edges: dict[str, int] = {}
        for d in p["e_types"]:
            n = sum(len(self._walk(g, vid, t, d)) for t in types for vid in g.vertices[t])
            if n:
                edges[d] = n
        return [{"vertices": vertices}, {"edges": edges}]

    def _interpret_impact(self, g: Graph, text: str, p: dict[str, Any]) -> list[Any]:
        """Runs the generated hl_impacted_* text: `X = SELECT t FROM Y:s -(E:e)- T:t;` and `R = A INTERSECT B;`."""
        sets: dict[str, dict[str, str]] = {"Start": {vid: t for vid, t in p["outages"] if vid in g.vertices["Outage"]}}
        for m in re.finditer(r"(\w+) = SELECT t FROM (\w+):s -\((\w+):e\)- (\w+):t;", text):
            out = {}
            for vid, vtype in sets[m.group(2)].items():
                out.update({nid: nt for nid, nt, _ in self._walk(g, vid, vtype, m.group(3)) if nt == m.group(4)})
            sets[m.group(1)] = out
        m = re.search(r"Impacted = ([\w ]+);", text)
        names = m.group(1).split(" INTERSECT ")
        ids = set.intersection(*(set(sets[n]) for n in names))
        rows = [self._vout(g, sets[names[0]][i], i) for i in sorted(ids)]
        return [{"impacted_count": len(rows)}, {"Impacted": rows}]
