"""TigerGraph backend: the GraphStore protocol on a TigerGraph >= 4.2 server through pyTigerGraph.

Set ``HOPLENS_BACKEND=tigergraph`` and the pipelines, planner and app run on TigerGraph (docs/tigergraph.md).
The DDL and the installed queries live in ``gsql/``; every read goes through an installed, parameterised
query (``QUERIES`` below lists each one with the exact parameters this module passes; a unit test checks them
against the ``CREATE QUERY`` signatures), every write through the REST++ upsert endpoint in batches of
``tg_batch_size``. pyTigerGraph is imported lazily, so the default (embedded) path never needs it.

Verified only against the loopback fake in ``tests/integration/fake_tigergraph.py``: the HTTP calls, payloads and
result mapping are tested; the GSQL itself has not been run on a live server here (``hoplens tg-check`` does that).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from tqdm import tqdm

from core import schema
from core.records import (
    Chunk,
    Document,
    Edge,
    Entity,
    Filter,
    Hit,
    PathQuery,
    PathStep,
    Subgraph,
    SubgraphEdge,
    SubgraphNode,
)
from core.store import gsql_gen
from core.store.base import EmbedderMismatch, StoreError

if TYPE_CHECKING:
    from core.config import Settings

log = logging.getLogger(__name__)

MIN_VERSION = (4, 2)  # native vector attributes and vectorSearch()
EF_SEARCH = 64  # HNSW exploration factor floor for vector_search (raised to k when k is larger)
INDEX_TIMEOUT_S = 300.0
DIGEST_KEY = "hoplens.gsql_digest"  # meta key: hash of the installed query texts (install once, idempotent)
VECTOR_QUERY = "hl_vector_seed"  # installable only once Chunk.emb exists (first chunks written)
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
TERM_RE = re.compile(r"[a-z0-9]+")
STOPWORDS = frozenset("a an and are as at be by for from has have in is it of on or the to was were what which who with".split())
GSQL_ERRORS = ("Semantic Check Fails", "SEMANTIC ERROR", "Syntax Error", 'Encountered "', "Failed to",
               "could not be created", "does not exist", "is not a valid", "Invalid syntax")

# installed query -> the parameters this module passes (exactly the CREATE QUERY signature in gsql/queries/)
QUERIES: dict[str, tuple[str, ...]] = {
    "hl_vector_seed": ("query_vector", "k", "ef_search"),
    "hl_expand": ("seeds", "e_types", "e_names", "e_bases", "hops", "fanout", "max_nodes"),
    "hl_typed_hop": ("sources", "e_type", "target_type", "cond_attr", "cond_value"),
    "hl_neighbors": ("v", "e_types"),
    "hl_get_vertices": ("ids", "vtype"),
    "hl_entity_lookup": ("key", "v_types"),
    "hl_entity_names": ("v_types",),
    "hl_list_entities": ("v_types", "cap"),
    "hl_entity_chunks": ("ents", "per_entity"),
    "hl_entity_docs": ("ent", "lim"),
    "hl_lexical": ("terms", "k"),
    "hl_stats": ("e_types",),
    "hl_delete_documents": ("doc_ids",),
    **{gsql_gen.impact_query_name(t): ("outages",) for t in schema.IMPACT_PATHS},
}


# ---- connection and errors ------------------------------------------------------------------------------------------


def check_identifier(name: str, what: str) -> str:
    """Graph names are spliced into DDL (GSQL has no parameters for DDL), so only plain identifiers pass."""
    from pyTigerGraph.common.gsql import _is_reserved_keyword

    if not IDENT_RE.fullmatch(name or "") or _is_reserved_keyword(name):
        raise ValueError(f"{what} {name!r} must be a GSQL identifier (letters, digits, _; not a keyword)")
    return name


def server_url(settings: Settings) -> str:
    return f"{settings.tg_host.rstrip('/')}:{settings.tg_rest_port}"


def translate_error(exc: BaseException, action: str, settings: Settings) -> StoreError:
    """A pyTigerGraph/requests failure as a StoreError that says what to do (never includes a secret)."""
    import requests

    where = server_url(settings)
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, (requests.exceptions.ConnectionError, requests.exceptions.Timeout)):
        return StoreError(
            f"cannot reach TigerGraph at {where} while {action}: is the server running? Start it (docs/tigergraph.md) "
            "or point HOPLENS_TG_HOST / HOPLENS_TG_REST_PORT / HOPLENS_TG_GSQL_PORT at it"
        )
    status = getattr(getattr(exc, "response", None), "status_code", None)
    message = str(getattr(exc, "message", "") or exc).strip() or type(exc).__name__
    if status in (401, 403) or re.search(r"authenticat|unauthori[sz]ed|access denied|REST-10016|token", message, re.I):
        return StoreError(
            f"TigerGraph at {where} rejected the credentials while {action} ({message}): check HOPLENS_TG_USER and "
            "HOPLENS_TG_PASSWORD, or HOPLENS_TG_SECRET / HOPLENS_TG_TOKEN"
        )
    if re.search(r"endpoint is not found|REST-1000\b|query .* (not found|does not exist)", message, re.I):
        return StoreError(
            f"TigerGraph at {where}: {message} while {action}. The HopLens queries are not installed on graph "
            f"{settings.tg_graph!r}: run `hoplens build --backend tigergraph` or `hoplens tg-check`"
        )
    return StoreError(f"TigerGraph at {where} failed while {action}: {message}")


def connect(settings: Settings) -> Any:
    """A pyTigerGraph connection (no network call yet, except minting a token from HOPLENS_TG_SECRET)."""
    try:
        import pyTigerGraph
    except ImportError as exc:
        raise ImportError("the TigerGraph backend needs pyTigerGraph: pip install 'hoplens[tigergraph]'") from exc
    graph = check_identifier(settings.tg_graph, "HOPLENS_TG_GRAPH")
    secret = settings.tg_secret.get_secret_value() if settings.tg_secret else ""
    token = settings.tg_token.get_secret_value() if settings.tg_token else ""
    # pyTigerGraph's constructor replaces sys.excepthook and sys.tracebacklimit; keep ours.
    hook, had_limit, limit = sys.excepthook, hasattr(sys, "tracebacklimit"), getattr(sys, "tracebacklimit", None)
    try:
        conn = pyTigerGraph.TigerGraphConnection(
            host=settings.tg_host,
            graphname=graph,
            username=settings.tg_user,
            password=settings.tg_password.get_secret_value(),
            restppPort=settings.tg_rest_port,
            gsPort=settings.tg_gsql_port,
            gsqlSecret=secret if not token else "",
            apiToken=token,
        )
    except Exception as exc:
        raise StoreError(f"cannot configure a TigerGraph connection to {settings.tg_host!r}: {exc}") from exc
    finally:
        sys.excepthook = hook
        if had_limit:
            sys.tracebacklimit = limit
        elif hasattr(sys, "tracebacklimit"):
            del sys.tracebacklimit
    if secret and not token:
        try:
            conn.getToken(secret)
        except Exception as exc:
            raise translate_error(exc, "requesting a token with HOPLENS_TG_SECRET", settings) from exc
    return conn


def parse_version(text: str) -> tuple[int, ...]:
    parts = re.findall(r"\d+", text or "")
    if not parts:
        raise StoreError(f"TigerGraph reported an unreadable version {text!r}")
    return tuple(int(p) for p in parts[:3])


# ---- output parsing ---------------------------------------------------------------------------------------------------


def section(results: Any, key: str, index: int) -> Any:
    """One PRINT of an installed query: by its key, else by position (each PRINT is one element of results)."""
    if isinstance(results, list):
        for part in results:
            if isinstance(part, dict) and key in part:
                return part[key]
        if index < len(results) and isinstance(results[index], dict) and len(results[index]) == 1:
            return next(iter(results[index].values()))
    raise StoreError(f"unexpected TigerGraph output: no {key!r} in the query result ({str(results)[:200]})")


def accum(attrs: dict[str, Any], name: str, default: Any = None) -> Any:
    """A vertex-attached accumulator printed with a vertex set (``@hop`` or ``Result.@hop`` depending on PRINT)."""
    if name in attrs:
        return attrs[name]
    for key, value in attrs.items():
        if key.endswith("." + name):
            return value
    return default


def _from_datetime(value: Any) -> Any:
    # TigerGraph prints DATETIME as "YYYY-MM-DD HH:MM:SS"; HopLens records keep ISO dates.
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2} 00:00:00", value):
        return value[:10]
    return value


def entity_from_vertex(v: dict[str, Any]) -> Entity:
    attrs = v.get("attributes", {})
    raw = attrs.get("attrs_json") or ""
    if raw:
        extra = json.loads(raw)
    else:  # written by another tool: rebuild from the typed attributes
        vt = schema.vertex_type(v["v_type"])
        extra = {a.name: _from_datetime(attrs[a.name]) for a in vt.attrs if a.name != "name" and attrs.get(a.name) not in (None, "", [])}
    return Entity(id=str(v["v_id"]), type=v["v_type"], name=attrs.get("name") or "", aliases=list(attrs.get("aliases") or []), attrs=extra)


def document_from_vertex(v: dict[str, Any]) -> Document:
    a = v.get("attributes", {})
    return Document(id=str(v["v_id"]), kind=a.get("kind", ""), title=a.get("title", ""), text=a.get("text", ""),
                    entity_ids=list(a.get("entity_ids") or []))


def chunk_from_vertex(v: dict[str, Any]) -> Chunk:
    a = v.get("attributes", {})
    return Chunk(id=str(v["v_id"]), doc_id=a.get("doc_id", ""), ord=int(a.get("ord", 0)), text=a.get("text", ""),
                 tokens=int(a.get("tokens", 0)), entity_ids=list(a.get("entity_ids") or []))


def stored_edge(src: str, dtype: str, dst: str, attrs: dict[str, Any] | None = None) -> Edge:
    """An edge as walked (reverse_X from src to dst) in its stored direction."""
    base = gsql_gen.base_name(dtype)
    if base != dtype:
        return Edge(dst, base, src, attrs or {})
    return Edge(src, base, dst, attrs or {})


# ---- attribute conversion for upserts ---------------------------------------------------------------------------------


def _to_datetime(value: Any) -> str | None:
    text = str(value)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return text + " 00:00:00"
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?", text)
    return f"{m.group(1)} {m.group(2)}" if m else None


def typed_value(kind: str, value: Any) -> Any:
    """The value in the attribute's GSQL type, or None when it does not convert (attrs_json keeps it anyway)."""
    if value is None:
        return None
    try:
        if kind == schema.INT and not isinstance(value, bool):
            return int(value)
        if kind == schema.FLOAT and not isinstance(value, bool):
            number = float(value)
            return number if math.isfinite(number) else None
        if kind == schema.DATE:
            return _to_datetime(value)
        if kind == schema.LIST:
            return [str(x) for x in value] if isinstance(value, (list, tuple)) else [str(value)]
        if kind == schema.STRING and not isinstance(value, (list, dict)):
            return str(value)
    except (TypeError, ValueError):
        return None
    return None


def entity_attributes(entity: Entity) -> dict[str, Any]:
    vt = schema.vertex_type(entity.type)
    out: dict[str, Any] = {"name": entity.name, "aliases": [str(a) for a in entity.aliases]}
    for attr in vt.attrs:
        if attr.name != "name" and attr.name in entity.attrs:
            value = typed_value(attr.kind, entity.attrs[attr.name])
            if value is not None:
                out[attr.name] = value
    out["attrs_json"] = json.dumps(entity.attrs, sort_keys=True, ensure_ascii=False, default=str)
    return out


def edge_attributes(edge: Edge) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for decl in schema.edge_types(edge.type):
        for attr in decl.attrs:
            if attr.name in edge.attrs:
                value = typed_value(attr.kind, edge.attrs[attr.name])
                if value is not None:
                    out[attr.name] = value
    out["attrs_json"] = json.dumps(edge.attrs, sort_keys=True, ensure_ascii=False, default=str)
    return out


def batches(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), max(1, size)):
        yield items[start : start + max(1, size)]


def lexical_terms(text: str) -> list[str]:
    return sorted({t for t in TERM_RE.findall(text.lower()) if len(t) > 1 and t not in STOPWORDS})


def filter_passes(entity: Entity, f: Filter) -> bool:
    """One planner filter on an entity's attributes (numbers compare as numbers, text case-insensitively)."""
    value = entity.name if f.attr == "name" and "name" not in entity.attrs else entity.attrs.get(f.attr)
    if value is None:
        return f.op == "!="
    if f.op == "contains":
        if isinstance(value, (list, tuple)):
            return any(str(x).lower() == str(f.value).lower() for x in value)
        return str(f.value).lower() in str(value).lower()
    left, right = value, f.value
    try:
        left, right = float(left), float(right)
    except (TypeError, ValueError):
        left, right = str(left).lower(), str(right).lower()
    ops = {"==": left == right, "!=": left != right}
    if f.op in ops:
        return ops[f.op]
    try:
        return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[f.op]
    except KeyError:
        raise ValueError(f"unknown filter operator {f.op!r}; use == != < <= > >= contains") from None
    except TypeError:
        return False


# ---- the store --------------------------------------------------------------------------------------------------------


class TigerGraphStore:
    """GraphStore on TigerGraph. Open it with ``open_store``; ``create=True`` creates the schema when missing."""

    backend = "tigergraph"

    def __init__(self, conn: Any, settings: Settings, *, index_timeout_s: float = INDEX_TIMEOUT_S,
                 index_poll_s: float = 0.5) -> None:
        self.conn = conn
        self.settings = settings
        self.graph = check_identifier(settings.tg_graph, "HOPLENS_TG_GRAPH")
        self.batch_size = max(1, int(settings.tg_batch_size))
        self.index_timeout_s = index_timeout_s
        self.index_poll_s = index_poll_s
        self.version: tuple[int, ...] = ()
        self.vector_dims: int | None = None
        self._index_dirty = False
        self._types: dict[str, str] = {}  # id -> vertex type, learned from writes and reads
        self._alias_rows: list[Entity] | None = None  # phone book cache; reset when this process writes entities
        self._chunk_cache: dict[str, Chunk] = {}
        self.last_mentions: dict[str, list[str]] = {}  # chunk id -> entities it mentions, from the last vector search

    # ---- setup

    def _call(self, action: str, fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            raise translate_error(exc, action, self.settings) from exc

    def open(self, create: bool = False) -> TigerGraphStore:
        version = self._call("reading the server version", self.conn.getVer)
        self.version = parse_version(version)
        if self.version[:2] < MIN_VERSION:
            raise StoreError(
                f"TigerGraph {version} at {server_url(self.settings)} has no vector search; HopLens needs >= "
                f"{'.'.join(map(str, MIN_VERSION))}"
            )
        self.ensure_schema(create)
        self.ensure_queries()
        return self

    def _schema(self) -> dict[str, Any] | None:
        """The graph's schema, or None when the graph does not exist."""
        import requests

        try:
            return self.conn.getSchema(udts=False, force=True)
        except (requests.exceptions.ConnectionError, requests.exceptions.Timeout) as exc:
            raise translate_error(exc, "reading the schema", self.settings) from exc
        except Exception as exc:
            status = getattr(getattr(exc, "response", None), "status_code", None)
            if status in (401, 403):
                raise translate_error(exc, "reading the schema", self.settings) from exc
            log.debug("getSchema failed (%s); treating graph %s as missing", exc, self.graph)
            return None

    def _read_vector_dims(self, sch: dict[str, Any]) -> int | None:
        for vt in sch.get("VertexTypes", []):
            if vt.get("Name") == "Chunk":
                for emb in vt.get("EmbeddingAttributes") or []:
                    if emb.get("Name") == gsql_gen.VECTOR_ATTR:
                        dims = {k.lower(): v for k, v in emb.items()}.get("dimension")
                        return int(dims) if dims is not None else None
        return None

    def ensure_schema(self, create: bool) -> None:
        sch = self._schema()
        if sch is None:
            if not create:
                raise StoreError(
                    f"graph {self.graph!r} does not exist on TigerGraph at {server_url(self.settings)}: build it with "
                    "`hoplens build --backend tigergraph` (or set HOPLENS_TG_GRAPH)"
                )
            self.run_gsql(self._file_text(gsql_gen.GSQL_DIR / "schema.gsql"), "creating the HopLens schema")
            sch = self._schema()
            if sch is None:
                raise StoreError(f"creating graph {self.graph!r} reported success but the graph is not there")
        have_v = {vt.get("Name") for vt in sch.get("VertexTypes", [])}
        have_e = {et.get("Name") for et in sch.get("EdgeTypes", [])}
        missing = sorted(({v.name for v in gsql_gen.vertex_ddls()} - have_v) | ({e.name for e in gsql_gen.edge_ddls()} - have_e))
        if missing:
            raise StoreError(
                f"graph {self.graph!r} exists but lacks {', '.join(missing)} (its schema is not gsql/schema.gsql): "
                f"drop it (gsql 'DROP GRAPH {self.graph} CASCADE') or choose another HOPLENS_TG_GRAPH"
            )
        self.vector_dims = self._read_vector_dims(sch)

    def _file_text(self, path: Path, **subst: str) -> str:
        text = path.read_text(encoding="utf-8").replace(gsql_gen.GRAPH_PLACEHOLDER, self.graph)
        for key, value in subst.items():
            text = text.replace("$" + key, value)
        return text

    def run_gsql(self, text: str, action: str) -> str:
        """Run GSQL statements; the GSQL server answers with text, so failures are found in it."""
        out = self._call(action, self.conn.gsql, text)
        bad = next((p for p in GSQL_ERRORS if p in str(out)), None)
        if bad:
            raise StoreError(f"TigerGraph refused the GSQL while {action}: {str(out).strip()[-800:]}")
        return str(out)

    def query_text(self, name: str) -> str:
        """An installed query's text for this graph, without the file's leading comment block."""
        text = self._file_text(gsql_gen.QUERY_DIR / f"{name}.gsql")
        start = text.find("CREATE ")
        return text[start:] if start >= 0 else text

    def installed_queries(self) -> set[str]:
        return set(self._call("listing installed queries", self.conn.getInstalledQueries, fmt="list"))

    def _meta_rest(self, key: str) -> str | None:
        # Read through REST++ (not an installed query): used before the queries are installed.
        try:
            rows = self.conn.getVerticesById(gsql_gen.META_TYPE, key)
        except Exception as exc:
            log.debug("meta %s unreadable (%s)", key, exc)
            return None
        return rows[0].get("attributes", {}).get("value") if rows else None

    def ensure_queries(self) -> None:
        """Create and install the queries once; reinstall only when their text changed (hash kept in HL_Meta)."""
        names = [n for n in QUERIES if n != VECTOR_QUERY or self.vector_dims]
        texts = {n: self.query_text(n) for n in names}
        digest = hashlib.sha256(json.dumps(texts, sort_keys=True).encode()).hexdigest()
        installed = self.installed_queries()
        if set(names) <= installed and self._meta_rest(DIGEST_KEY) == digest:
            return
        for name in tqdm(names, desc="creating GSQL queries", unit="query", disable=None, leave=False):
            res = self._call(f"creating query {name}", self.conn.createQuery, texts[name])
            if isinstance(res, dict) and res.get("error"):
                raise StoreError(f"TigerGraph refused query {name}: {res.get('message')}")
        log.info("installing %d GSQL queries on %s (compiling takes a few minutes on a real server)", len(names), self.graph)
        res = self._call("installing the HopLens queries", self.conn.installQueries, names)
        message = str(res.get("message", "")) if isinstance(res, dict) else str(res)
        if (isinstance(res, dict) and res.get("error")) or "FAILED" in message.upper():
            raise StoreError(f"installing the HopLens queries on graph {self.graph!r} failed: {message.strip()[:800]}")
        missing = sorted(set(names) - self.installed_queries())
        if missing:
            raise StoreError(f"installing the HopLens queries did not install {', '.join(missing)}: {message.strip()[:400]}")
        self.set_meta(DIGEST_KEY, digest)

    def ensure_vector(self, dims: int) -> None:
        if self.vector_dims == dims:
            return
        if self.vector_dims is not None:
            raise EmbedderMismatch(
                f"graph {self.graph!r} stores {self.vector_dims}-dimensional chunk vectors but these have {dims}: "
                "use the embedder that built it, or rebuild into another HOPLENS_TG_GRAPH"
            )
        self.run_gsql(self._file_text(gsql_gen.GSQL_DIR / "vector.gsql", dims=str(int(dims))),
                      f"adding the {dims}-dimensional chunk vector attribute")
        sch = self._schema() or {}
        self.vector_dims = self._read_vector_dims(sch)
        if self.vector_dims != dims:
            raise StoreError(f"adding the chunk vector attribute left Chunk.emb with dims {self.vector_dims}, not {dims}")
        self.ensure_queries()

    def wait_for_vector_index(self, timeout_s: float | None = None) -> None:
        """Block until the HNSW index has absorbed the written vectors (REST++ /vector/status)."""
        deadline = time.monotonic() + (self.index_timeout_s if timeout_s is None else timeout_s)
        delay = self.index_poll_s
        while True:
            status = self._call("checking the vector index", self.conn.getVectorIndexStatus,
                                graphName=self.graph, vertexType="Chunk", vectorName=gsql_gen.VECTOR_ATTR)
            pending = status.get("NeedRebuildServers") if isinstance(status, dict) else None
            if not pending:
                self._index_dirty = False
                return
            if time.monotonic() >= deadline:
                raise StoreError(
                    f"the chunk vector index of {self.graph!r} is still rebuilding on {', '.join(map(str, pending))} "
                    f"after {self.index_timeout_s:.0f} s; try again later (GET /restpp/vector/status/{self.graph})"
                )
            time.sleep(delay)
            delay = min(delay * 2, 2.0)

    def run_query(self, name: str, **params: Any) -> list[Any]:
        if set(params) != set(QUERIES[name]):  # a programming error, caught by the unit tests
            raise AssertionError(f"{name} takes {QUERIES[name]}, got {sorted(params)}")
        return self._call(f"running query {name}", self.conn.runInstalledQuery, name, params, usePost=True)

    # ---- types

    def _learn(self, vid: str, vtype: str) -> None:
        self._types[vid] = vtype

    def resolve_types(self, ids: Iterable[str]) -> dict[str, str]:
        """Vertex type per entity id (cache, then the id pattern, then the database); unknown ids are absent."""
        out: dict[str, str] = {}
        unknown = []
        for i in dict.fromkeys(ids):
            t = self._types.get(i) or schema.type_of_id(i)
            if t and schema.vertex_type(t).is_entity:
                out[i] = t
            else:
                unknown.append(i)
        if unknown:
            for ent in self._fetch_entities(unknown, [v.name for v in schema.entity_types()]):
                out[ent.id] = ent.type
        return out

    def _fetch_entities(self, ids: Sequence[str], types: Sequence[str]) -> list[Entity]:
        found: list[Entity] = []
        for vtype in types:
            for batch in batches(list(ids), self.batch_size):
                res = self.run_query("hl_get_vertices", ids=list(batch), vtype=vtype)
                for v in section(res, "vertices", 0):
                    found.append(entity_from_vertex(v))
                    self._learn(found[-1].id, vtype)
        return found

    # ---- writes

    def _upsert_vertices(self, vtype: str, rows: list[tuple[str, dict[str, Any]]], what: str) -> None:
        chunks = list(batches(rows, self.batch_size))
        for batch in tqdm(chunks, desc=f"TigerGraph {what}", unit="batch", disable=None if len(chunks) > 4 else True, leave=False):
            accepted = self._call(f"upserting {what}", self.conn.upsertVertices, vtype, list(batch))
            if accepted != len(batch):
                raise StoreError(f"TigerGraph accepted {accepted} of {len(batch)} {what}; nothing else was skipped, retry the upsert")

    def _upsert_edge_group(self, src_type: str, etype: str, dst_type: str, rows: list[tuple[str, str, dict[str, Any]]],
                           strict: bool) -> int:
        """Upsert edges whose endpoints must exist; returns how many were rejected (strict: raise instead)."""
        rejected = 0
        for batch in batches(rows, self.batch_size):
            accepted = self._call(f"upserting {etype} edges", self.conn.upsertEdges, src_type, etype, dst_type,
                                  list(batch), vertexMustExist=True)
            rejected += len(batch) - int(accepted)
        if rejected and strict:
            raise StoreError(
                f"TigerGraph rejected {rejected} of {len(rows)} {etype} edges ({src_type} -> {dst_type}): an endpoint "
                "vertex does not exist; upsert the entities (and documents) first, then retry"
            )
        return rejected

    def upsert_entities(self, entities: Sequence[Entity]) -> None:
        by_type: dict[str, dict[str, dict[str, Any]]] = {}
        for e in entities:
            if not e.id or not isinstance(e.id, str):
                raise ValueError(f"entity without an id: {e!r}")
            if e.type not in {v.name for v in schema.entity_types()}:
                raise ValueError(f"entity {e.id}: unknown entity type {e.type!r}; known: {', '.join(v.name for v in schema.entity_types())}")
            by_type.setdefault(e.type, {})[e.id] = entity_attributes(e)  # last one wins, like an upsert
        for vtype, rows in by_type.items():
            self._upsert_vertices(vtype, list(rows.items()), f"{vtype} entities")
            for vid in rows:
                self._learn(vid, vtype)
        if by_type:
            self._alias_rows = None

    def upsert_edges(self, edges: Sequence[Edge]) -> None:
        types = self.resolve_types([x for e in edges for x in (e.src, e.dst)])
        groups: dict[tuple[str, str, str], dict[tuple[str, str], dict[str, Any]]] = {}
        for e in edges:
            decls = schema.edge_types(e.type)
            if not decls or any(d.structural for d in decls):
                raise ValueError(f"edge {e.src} -{e.type}-> {e.dst}: {e.type!r} is not an entity edge type of the ontology")
            st, dt = types.get(e.src), types.get(e.dst)
            if st is None or dt is None:
                missing = e.src if st is None else e.dst
                raise StoreError(f"edge {e.src} -{e.type}-> {e.dst}: entity {missing} is not in graph {self.graph!r}; upsert it first")
            if not schema.edge_allowed(st, e.type, dt):
                raise ValueError(f"edge {e.src} -{e.type}-> {e.dst}: the ontology has no {st} -{e.type}-> {dt}")
            groups.setdefault((st, e.type, dt), {})[(e.src, e.dst)] = edge_attributes(e)
        for (st, et, dt), rows in groups.items():
            self._upsert_edge_group(st, et, dt, [(s, d, a) for (s, d), a in rows.items()], strict=True)

    def _mention_edges(self, source_type: str, owners: dict[str, list[str]]) -> None:
        """MENTIONS from documents/chunks to the entities they name; unknown entities keep only the id list."""
        types = self.resolve_types([i for ids in owners.values() for i in ids])
        groups: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
        unknown = set()
        for owner, ids in owners.items():
            for i in dict.fromkeys(ids):
                if i in types:
                    groups.setdefault(types[i], []).append((owner, i, {"attrs_json": "{}"}))
                else:
                    unknown.add(i)
        if unknown:
            log.warning("%d mentioned ids are not entities of %s (kept in entity_ids, no MENTIONS edge): %s",
                        len(unknown), self.graph, ", ".join(sorted(unknown)[:5]))
        for dst_type, rows in groups.items():
            rejected = self._upsert_edge_group(source_type, "MENTIONS", dst_type, rows, strict=False)
            if rejected:
                log.warning("%d MENTIONS edges %s -> %s rejected: the entity does not exist yet", rejected, source_type, dst_type)

    def upsert_documents(self, documents: Sequence[Document]) -> None:
        rows = {}
        for d in documents:
            if not d.id:
                raise ValueError(f"document without an id: {d!r}")
            rows[d.id] = {"kind": d.kind, "title": d.title, "text": d.text, "entity_ids": [str(i) for i in d.entity_ids]}
        self._upsert_vertices("Document", list(rows.items()), "documents")
        self._mention_edges("Document", {d.id: list(d.entity_ids) for d in documents})

    def upsert_chunks(self, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
        vecs = np.asarray(vectors, dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape[0] != len(chunks):
            raise ValueError(f"upsert_chunks needs one vector row per chunk: {len(chunks)} chunks, vectors {vecs.shape}")
        if not len(chunks):
            return
        if not np.all(np.isfinite(vecs)):
            raise ValueError("chunk vectors contain NaN or infinity; re-embed those chunks")
        self.ensure_vector(int(vecs.shape[1]))
        rows = {}
        for c, vec in zip(chunks, vecs, strict=True):
            rows[c.id] = {"text": c.text, "doc_id": c.doc_id, "ord": int(c.ord), "tokens": int(c.tokens),
                          "entity_ids": [str(i) for i in c.entity_ids], gsql_gen.VECTOR_ATTR: [float(x) for x in vec]}
        self._upsert_vertices("Chunk", list(rows.items()), "chunks")
        self._upsert_edge_group("Chunk", "PART_OF", "Document", [(c.id, c.doc_id, {"attrs_json": "{}"}) for c in chunks], strict=True)
        self._mention_edges("Chunk", {c.id: list(c.entity_ids) for c in chunks})
        for c in chunks:
            self._chunk_cache.pop(c.id, None)
        self._index_dirty = True

    def delete_documents(self, doc_ids: Sequence[str]) -> None:
        for batch in batches(list(dict.fromkeys(doc_ids)), self.batch_size):
            self.run_query("hl_delete_documents", doc_ids=list(batch))
        self._chunk_cache.clear()
        self._index_dirty = True

    # ---- lookups

    def get_entity(self, entity_id: str) -> Entity | None:
        found = self.get_entities([entity_id])
        return found[0] if found else None

    def get_entities(self, entity_ids: Sequence[str]) -> list[Entity]:
        ids = list(dict.fromkeys(entity_ids))
        by_type: dict[str, list[str]] = {}
        unknown = []
        for i in ids:
            t = self._types.get(i) or schema.type_of_id(i)
            if t and schema.vertex_type(t).is_entity:
                by_type.setdefault(t, []).append(i)
            else:
                unknown.append(i)
        found = {}
        for vtype, group in by_type.items():
            found.update({e.id: e for e in self._fetch_entities(group, [vtype])})
        if unknown:
            found.update({e.id: e for e in self._fetch_entities(unknown, [v.name for v in schema.entity_types()])})
        return [found[i] for i in ids if i in found]

    def _entity_rows(self) -> list[Entity]:
        if self._alias_rows is None:
            res = self.run_query("hl_entity_names", v_types=[v.name for v in schema.entity_types()])
            self._alias_rows = [entity_from_vertex(v) for v in section(res, "entities", 0)]
            for e in self._alias_rows:
                self._learn(e.id, e.type)
        return self._alias_rows

    def alias_table(self) -> dict[str, list[str]]:
        table: dict[str, set[str]] = {}
        for e in self._entity_rows():
            for key in (e.id, e.name, *e.aliases):
                if key:
                    table.setdefault(key.lower(), set()).add(e.id)
        return {k: sorted(v) for k, v in sorted(table.items())}

    def find_entities(self, text: str, limit: int = 10) -> list[Entity]:
        key = text.strip().lower()
        if not key or limit < 1:
            return []
        res = self.run_query("hl_entity_lookup", key=key, v_types=[v.name for v in schema.entity_types()])
        exact = sorted((entity_from_vertex(v) for v in section(res, "entities", 0)), key=lambda e: e.id)
        out = {e.id: e for e in exact}
        if len(out) < limit:  # then prefix matches, from the phone book, in key order
            rows = {e.id: e for e in self._entity_rows()}
            for k, ids in self.alias_table().items():
                if k.startswith(key):
                    out.update((i, rows[i]) for i in ids if i not in out and i in rows)
        return list(out.values())[:limit]

    def list_entities(self, type_name: str | None = None, limit: int = 100, offset: int = 0) -> list[Entity]:
        if type_name is not None and type_name not in {v.name for v in schema.entity_types()}:
            raise ValueError(f"unknown entity type {type_name!r}; known: {', '.join(v.name for v in schema.entity_types())}")
        if limit < 1 or offset < 0:
            return []
        types = [type_name] if type_name else [v.name for v in schema.entity_types()]
        res = self.run_query("hl_list_entities", v_types=types, cap=int(offset + limit))
        rows = sorted((entity_from_vertex(v) for v in section(res, "entities", 0)), key=lambda e: e.id)
        return rows[offset : offset + limit]

    def get_document(self, doc_id: str) -> Document | None:
        res = self.run_query("hl_get_vertices", ids=[doc_id], vtype="Document")
        rows = section(res, "vertices", 0)
        return document_from_vertex(rows[0]) if rows else None

    def get_chunks(self, chunk_ids: Sequence[str]) -> list[Chunk]:
        ids = list(dict.fromkeys(chunk_ids))
        need = [i for i in ids if i not in self._chunk_cache]
        for batch in batches(need, self.batch_size):
            res = self.run_query("hl_get_vertices", ids=list(batch), vtype="Chunk")
            for v in section(res, "vertices", 0):
                c = chunk_from_vertex(v)
                self._chunk_cache[c.id] = c
        return [self._chunk_cache[i] for i in ids if i in self._chunk_cache]

    def chunks_for_entities(self, entity_ids: Sequence[str], limit_per_entity: int = 3) -> dict[str, list[str]]:
        ids = list(dict.fromkeys(entity_ids))
        out: dict[str, list[tuple[str, int, str]]] = {i: [] for i in ids}
        types = self.resolve_types(ids)
        typed = [(i, types[i]) for i in ids if i in types]
        if limit_per_entity >= 1:
            for batch in batches(typed, self.batch_size):
                res = self.run_query("hl_entity_chunks", ents=list(batch), per_entity=int(limit_per_entity))
                for p in section(res, "pairs", 0):
                    out.setdefault(p["entity_id"], []).append((p["doc_id"], int(p["ord"]), p["chunk_id"]))
        return {i: [c for _, _, c in sorted(refs)[:max(0, limit_per_entity)]] for i, refs in out.items()}

    def documents_for_entity(self, entity_id: str, limit: int = 50) -> list[Document]:
        t = self.resolve_types([entity_id]).get(entity_id)
        if t is None or limit < 1:
            return []
        res = self.run_query("hl_entity_docs", ent=(entity_id, t), lim=int(limit))
        return sorted((document_from_vertex(v) for v in section(res, "documents", 0)), key=lambda d: d.id)

    # ---- search

    def vector_seed(self, vector: np.ndarray, k: int) -> tuple[list[Hit], dict[str, list[str]]]:
        """Top-k chunks by cosine similarity and the entities each mentions (one installed query)."""
        if k < 1:
            raise ValueError(f"k must be >= 1, got {k}")
        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        if self.vector_dims is None:
            self.vector_dims = self._read_vector_dims(self._schema() or {})
            if self.vector_dims is None:
                return [], {}  # no chunk was ever written
            self.ensure_queries()
        if q.shape[0] != self.vector_dims:
            raise EmbedderMismatch(
                f"query vector has {q.shape[0]} dims but graph {self.graph!r} indexes {self.vector_dims}: use the "
                "embedder that built the store (HOPLENS_EMBEDDER)"
            )
        if not np.all(np.isfinite(q)):
            raise ValueError("query vector contains NaN or infinity")
        if self._index_dirty:
            self.wait_for_vector_index()
        res = self.run_query(VECTOR_QUERY, query_vector=[float(x) for x in q], k=int(k), ef_search=max(EF_SEARCH, int(k)))
        distances = {str(key): float(value) for key, value in (section(res, "distances", 1) or {}).items()}
        hits = []
        for v in section(res, "chunks", 0):
            c = chunk_from_vertex(v)
            self._chunk_cache[c.id] = c
            if c.id in distances:
                hits.append(Hit(chunk_id=c.id, doc_id=c.doc_id, score=1.0 - distances[c.id], source="vector"))
        mentions: dict[str, list[str]] = {}
        for m in section(res, "mentions", 2) or []:
            mentions.setdefault(m["chunk_id"], []).append(m["entity_id"])
        self.last_mentions = {c: sorted(set(ids)) for c, ids in mentions.items()}
        hits.sort(key=lambda h: (-h.score, h.chunk_id))
        return hits[:k], self.last_mentions

    def vector_search(self, vector: np.ndarray, k: int) -> list[Hit]:
        return self.vector_seed(vector, k)[0]

    def lexical_search(self, text: str, k: int) -> list[Hit]:
        terms = lexical_terms(text)
        if not terms or k < 1:
            return []
        res = self.run_query("hl_lexical", terms=terms, k=int(k))
        hits = [Hit(chunk_id=h["chunk_id"], doc_id=h["doc_id"], score=float(h["score"]), source="bm25")
                for h in section(res, "hits", 0)]
        return sorted(hits, key=lambda h: (-h.score, h.chunk_id))[:k]

    # ---- graph

    @staticmethod
    def walk_types(edge_types: Iterable[str] | None, direction: str = "both") -> list[tuple[str, str]]:
        """(directed type, ontology type) pairs to walk; reverse_X walks X against its direction."""
        if direction not in ("out", "in", "both"):
            raise ValueError(f"direction must be out, in or both, not {direction!r}")
        walkable = gsql_gen.walk_edge_names()
        wanted = walkable if edge_types is None else tuple(dict.fromkeys(edge_types))
        bad = [e for e in wanted if e not in walkable]
        if bad:
            raise ValueError(f"cannot walk edge type(s) {', '.join(bad)}; entity edge types: {', '.join(walkable)}")
        out = []
        for e in wanted:
            if direction in ("out", "both"):
                out.append((e, e))
            if direction in ("in", "both"):
                out.append((gsql_gen.reverse_name(e), e))
        return out

    def neighbors(self, entity_id: str, edge_type: str | None = None, direction: str = "both") -> list[tuple[Edge, Entity]]:
        walk = self.walk_types([edge_type] if edge_type else None, direction)
        t = self.resolve_types([entity_id]).get(entity_id)
        if t is None:
            return []
        res = self.run_query("hl_neighbors", v=(entity_id, t), e_types=[d for d, _ in walk])
        nbrs = {}
        for v in section(res, "neighbors", 0):
            e = entity_from_vertex(v)
            nbrs[e.id] = e
            self._learn(e.id, e.type)
        out = []
        for w in section(res, "walked", 1):
            if w["dst"] in nbrs:
                attrs = json.loads(w.get("attrs_json") or "{}")
                out.append((stored_edge(w["src"], w["dtype"], w["dst"], attrs), nbrs[w["dst"]], w["dtype"]))
        out.sort(key=lambda x: (x[0].type, x[1].id, x[2]))
        return [(edge, ent) for edge, ent, _ in out]

    def expand(self, seeds: Sequence[str], hops: int = 2, fanout: int = 50, edge_types: Iterable[str] | None = None,
               max_nodes: int = 400) -> Subgraph:
        if hops < 0 or fanout < 1 or max_nodes < 1:
            raise ValueError(f"expand needs hops >= 0, fanout >= 1, max_nodes >= 1 (got {hops}, {fanout}, {max_nodes})")
        walk = self.walk_types(edge_types)
        seed_ids = list(dict.fromkeys(seeds))
        types = self.resolve_types(seed_ids)
        seed_ids = [s for s in seed_ids if s in types][:max_nodes]
        if not seed_ids:
            return Subgraph()
        if hops == 0 or not walk:
            ents = self.get_entities(seed_ids)
            return Subgraph(nodes=[SubgraphNode(e.id, e.type, e.name or e.id, 0, 0.0, [e.id]) for e in ents])
        res = self.run_query(
            "hl_expand",
            seeds=[(s, types[s]) for s in seed_ids],
            e_types=[d for d, _ in walk],
            e_names=[d for d, _ in walk],
            e_bases=[b for _, b in walk],
            hops=int(hops),
            fanout=int(fanout),
            max_nodes=int(max_nodes),
        )
        return self.subgraph_from_result(res)

    def subgraph_from_result(self, res: list[Any]) -> Subgraph:
        scores = {str(k): float(v) for k, v in (section(res, "scores", 1) or {}).items()}
        nodes = []
        for v in section(res, "nodes", 0):
            a = v.get("attributes", {})
            first = accum(a, "@first") or []
            first = first[0] if isinstance(first, list) and first else (first or None)
            hop = int(accum(a, "@hop", 0) or 0)
            vid = str(v["v_id"])
            self._learn(vid, v["v_type"])
            nodes.append(SubgraphNode(
                id=vid, type=v["v_type"], label=a.get("name") or vid, hop=hop,
                hop_score=scores.get(vid, 0.0) if hop else 0.0,
                seeds=sorted(accum(a, "@seeds", []) or []),
                via_edge=first.get("base") if hop and first else None,
                reached_from=first.get("sid") if hop and first else None,
            ))
        nodes.sort(key=lambda n: (n.hop, -n.hop_score, n.id))
        kept = {n.id for n in nodes}
        edges = {}
        for w in section(res, "walked", 2) or []:
            e = stored_edge(w["src"], w["dtype"], w["dst"])
            if e.src in kept and e.dst in kept:
                edges[(e.src, e.type, e.dst)] = SubgraphEdge(e.src, e.type, e.dst)
        return Subgraph(nodes=nodes, edges=[edges[k] for k in sorted(edges)])

    def _step_condition(self, step: PathStep) -> tuple[str, str]:
        if not step.edge_attrs:
            return "", ""
        if len(step.edge_attrs) > 1:
            raise ValueError(f"the TigerGraph backend takes one edge condition per step, got {step.edge_attrs}")
        (attr, value), = step.edge_attrs.items()
        known = {a.name for d in schema.edge_types(step.edge) for a in d.attrs}
        if attr not in known:
            raise ValueError(f"edge {step.edge} has no attribute {attr!r}; it has: {', '.join(sorted(known)) or 'none'}")
        return attr, str(value)

    def _validate_path(self, query: PathQuery) -> None:
        entity_names = {v.name for v in schema.entity_types()}
        if query.target_type not in entity_names:
            raise ValueError(f"unknown target type {query.target_type!r}; known: {', '.join(sorted(entity_names))}")
        if query.combine not in ("intersect", "union"):
            raise ValueError(f"combine must be intersect or union, not {query.combine!r}")
        for path in query.paths:
            if not path:
                raise ValueError("a path needs at least one step")
            prev = None
            for step in path:
                self.walk_types([step.edge], step.direction)
                if step.target not in entity_names:
                    raise ValueError(f"step {step.edge}: unknown target type {step.target!r}")
                if prev is not None:
                    src, dst = (prev, step.target) if step.direction == "out" else (step.target, prev)
                    if not schema.edge_allowed(src, step.edge, dst):
                        raise ValueError(f"the ontology has no {src} -{step.edge}-> {dst} (path step from {prev})")
                prev = step.target
            if prev != query.target_type:
                raise ValueError(f"a path ends at {prev}, but the query asks for {query.target_type}")

    def _impact_target(self, query: PathQuery, types: dict[str, str]) -> str | None:
        """The target type when the query is exactly schema.IMPACT_PATHS from outages (one installed query)."""
        paths = schema.IMPACT_PATHS.get(query.target_type)
        if not paths or query.combine != "intersect" or not all(types.get(a) == "Outage" for a in query.anchors):
            return None
        asked = sorted(tuple((s.edge, s.direction, s.target) for s in p) for p in query.paths if not any(s.edge_attrs for s in p))
        return query.target_type if len(asked) == len(query.paths) and asked == sorted(paths) else None

    def path_query(self, query: PathQuery) -> list[str]:
        self._validate_path(query)
        anchors = list(dict.fromkeys(query.anchors))
        types = self.resolve_types(anchors)
        anchors = [a for a in anchors if a in types]
        if not anchors:
            return []
        reached_sets: list[dict[str, dict[str, Any]]] = []
        impact = self._impact_target(query, types)
        if impact:
            res = self.run_query(gsql_gen.impact_query_name(impact), outages=[(a,) for a in anchors])
            reached_sets.append({str(v["v_id"]): v for v in section(res, "Impacted", 1)})
        else:
            for path in query.paths:
                sources = [(a, types[a]) for a in anchors]
                reached: dict[str, dict[str, Any]] = {}
                for step in path:
                    if not sources:
                        break
                    cond_attr, cond_value = self._step_condition(step)
                    directed = step.edge if step.direction == "out" else gsql_gen.reverse_name(step.edge)
                    res = self.run_query("hl_typed_hop", sources=sources, e_type=directed, target_type=step.target,
                                         cond_attr=cond_attr, cond_value=cond_value)
                    reached = {str(v["v_id"]): v for v in section(res, "reached", 1)}
                    sources = [(i, step.target) for i in sorted(reached)]
                reached_sets.append(reached if sources else {})
        ids = set(reached_sets[0])
        for other in reached_sets[1:]:
            ids = ids & set(other) if query.combine == "intersect" else ids | set(other)
        vertex = {i: v for r in reached_sets for i, v in r.items()}
        out = []
        for i in ids:
            entity = entity_from_vertex(vertex[i])
            if all(filter_passes(entity, f) for f in query.filters):
                out.append(i)
        return sorted(out)

    # ---- metadata

    def stats(self) -> dict[str, Any]:
        res = self.run_query("hl_stats", e_types=[e.name for e in gsql_gen.edge_ddls()])
        vertices = {str(k): int(v) for k, v in (section(res, "vertices", 0) or {}).items()}
        edges = {str(k): int(v) for k, v in (section(res, "edges", 1) or {}).items()}
        return {
            "backend": self.backend,
            "graph": self.graph,
            "server": server_url(self.settings),
            "version": ".".join(map(str, self.version)),
            "entities": {v.name: vertices.get(v.name, 0) for v in schema.entity_types()},
            "edges": {e.name: edges.get(e.name, 0) for e in gsql_gen.edge_ddls()},
            "documents": vertices.get("Document", 0),
            "chunks": vertices.get("Chunk", 0),
            "tokens": int(section(res, "tokens", 2) or 0),
            "vector_dims": self.vector_dims,
        }

    def get_meta(self, key: str) -> str | None:
        res = self.run_query("hl_get_vertices", ids=[key], vtype=gsql_gen.META_TYPE)
        rows = section(res, "vertices", 0)
        return rows[0].get("attributes", {}).get("value") if rows else None

    def set_meta(self, key: str, value: str) -> None:
        self._upsert_vertices(gsql_gen.META_TYPE, [(key, {"value": str(value)})], "metadata")

    def close(self) -> None:
        close = getattr(self.conn, "close", None)
        if callable(close):
            close()


def open_store(settings: Settings, path: Path | None = None, *, create: bool = False, connection: Any = None,
               index_timeout_s: float = INDEX_TIMEOUT_S, index_poll_s: float = 0.5, **other: Any) -> TigerGraphStore:
    """Registry factory (core.store.BACKENDS). ``path`` is the embedded store's folder and is not used here;
    options meant for other backends are ignored. ``create=True`` creates the graph when it is missing."""
    if other:
        log.debug("tigergraph backend ignores options %s", sorted(other))
    conn = connection if connection is not None else connect(settings)
    store = TigerGraphStore(conn, settings, index_timeout_s=index_timeout_s, index_poll_s=index_poll_s)
    return store.open(create=create)
