"""TigerGraph backend: the GraphStore protocol on a TigerGraph >= 4.2 server through pyTigerGraph.

Set ``HOPLENS_BACKEND=tigergraph`` and the pipelines, planner and app run on TigerGraph (docs/tigergraph.md).
The DDL and the installed queries live in ``gsql/``; every read goes through an installed, parameterised
query (``QUERIES`` below lists each one with the exact parameters this module passes; a unit test checks them
against the ``CREATE QUERY`` signatures), every write through the REST++ upsert endpoint in batches of
``tg_batch_size``. pyTigerGraph is imported lazily, so the default (embedded) path never needs it.

Implements ``StoreReader`` and ``StoreWriter`` (core/store/base.py) fully; what TigerGraph cannot do is declared in
``capabilities``. RESTPP limits (16 s timeout, 32 MB responses; server-docs API/index.adoc) are sent explicitly
with every query and large reads are paged by id. Typed values are validated before upserts, because one invalid
value fails a whole request (server-docs API/upsert-rest.adoc). Every query passes ``core.store.gsql_lint`` (the
documented GSQL rules) and the server's semantic check before it is created.

A graph HopLens did not create (no HL_Meta) is opened read-only as a ``ForeignGraphStore`` (below): its ontology
inferred from its schema and data, its reads through queries generated for it, no DDL, nothing written to it.

Verified only against the loopback fake in ``tests/integration/fake_tigergraph.py``: the HTTP calls, payloads and
result mapping are tested; the GSQL itself has not been run on a live server here (``hoplens tg-check`` does that).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import math
import re
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
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
    Hit,
    PathQuery,
    PathStep,
    Subgraph,
    SubgraphEdge,
    SubgraphNode,
)
from core.store import gsql_gen, gsql_lint
from core.store.base import (
    BUILD_STATE,
    EMBEDDER_DIM,
    EMBEDDER_NAME,
    ONTOLOGY,
    ONTOLOGY_SHA256,
    EmbedderMismatch,
    StoreCapabilities,
    StoreError,
    cached_ontology,
    check_embedder_matches,
    ontology_json,
)
from core.store.filters import check_filter, edge_matches, matches
from core.store.keys import document_hash, norm_key

if TYPE_CHECKING:
    from core.config import Settings
    from core.ontology import Ontology

log = logging.getLogger(__name__)

MIN_VERSION = (4, 2)  # native vector attributes and vectorSearch()
EF_SEARCH = 64  # HNSW exploration factor floor for vector_search (raised to k when k is larger)
INDEX_TIMEOUT_S = 300.0
BOILERPLATE_KEY, BOILERPLATE_MIN_DOCS = "boilerplate", "boilerplate_min_docs"  # meta keys, as in the embedded store
DIGEST_KEY = "hoplens.gsql_digest"  # meta key: hash of the installed query texts (install once, idempotent)
VECTOR_QUERY = "hl_vector_seed"  # installable only once Chunk.emb exists (first chunks written)
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# DATETIME holds 1582-10-15 00:00:00 .. 9999-12-31 23:59:59 (gsql-docs ddl-and-loading/attribute-data-types.adoc);
# INT is a signed 64-bit integer. One value outside these fails a whole upsert request (server-docs
# API/upsert-rest.adoc, "Valid data types"), so values are checked before they are sent.
DATETIME_MIN, DATETIME_MAX = dt.datetime(1582, 10, 15), dt.datetime(9999, 12, 31, 23, 59, 59)
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
TIMEOUT_CODES = ("REST-3000", "REST-3001", "REST-3002", "GSQL-7002")  # server-docs reference/return-codes.adoc
SIZE_LIMIT_CODE = "REST-4000"
SCHEMA_TYPES = frozenset(v.name for v in schema.VERTEX_TYPES)  # the ontology's (typed attributes known)
GSQL_ERRORS = (
    "Semantic Check Fails",
    "SEMANTIC ERROR",
    "Syntax Error",
    'Encountered "',
    "Failed to",
    "could not be created",
    "does not exist",
    "is not a valid",
    "Invalid syntax",
)

# installed query -> the parameters this module passes (exactly the CREATE QUERY signature in gsql/queries/)
QUERIES: dict[str, tuple[str, ...]] = {
    "hl_vector_seed": ("query_vector", "k", "ef_search"),
    "hl_expand": ("seeds", "e_types", "hops", "fanout", "max_nodes"),
    "hl_typed_hop": ("sources", "e_type", "target_type", "cond_attr", "cond_value"),
    "hl_neighbors": ("v", "e_types"),
    "hl_get_vertices": ("ids", "vtype"),
    "hl_entity_lookup": ("lookup_key", "v_types"),
    "hl_list_entities": ("v_types", "after_id", "lim"),
    "hl_edge_keys": ("v_types", "e_types", "after_id", "lim"),
    "hl_entity_chunks": ("ents", "per_entity"),
    "hl_entity_docs": ("ent", "lim"),
    "hl_lexical": ("terms", "k"),
    "hl_stats": ("e_types",),
    "hl_delete_documents": ("doc_ids", "chunks_only"),
    "hl_document_chunks": ("doc_ids",),
    "hl_document_hashes": ("after_id", "lim"),
    "hl_delete_entities": ("ents",),
    "hl_delete_edges": ("srcs", "e_type", "pairs"),
    "hl_reset_mentions": ("ids", "vtype"),
    **{gsql_gen.impact_query_name(t): ("outages",) for t in schema.IMPACT_PATHS},
}
# queries that read the whole graph: they run with HOPLENS_TG_SCAN_TIMEOUT_S instead of the lookup timeout
SCANS = frozenset({"hl_lexical", "hl_stats", "hl_list_entities", "hl_edge_keys", "hl_document_hashes", "hl_entity_lookup"})


# ---- connection and errors -------------------------------------------------------------------------------------------


def check_identifier(name: str, what: str) -> str:
    """Graph names are spliced into DDL (GSQL has no parameters for DDL), so only plain identifiers pass."""
    if not IDENT_RE.fullmatch(name or "") or is_reserved(name):
        raise ValueError(f"{what} {name!r} must be a GSQL identifier (letters, digits, _; not a keyword)")
    return name


def is_reserved(name: str) -> bool:
    """A GSQL reserved word (pyTigerGraph >= 2.0.2's public list, from the GSQL reserved-word pages)."""
    from pyTigerGraph import TigerGraphConnection

    return bool(TigerGraphConnection.isReservedKeyword(name))


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
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    message = str(getattr(exc, "message", "") or exc).strip() or type(exc).__name__
    code = str(getattr(exc, "code", "") or "")
    try:  # an HTTP error's JSON body carries the server's own message
        body = json.loads(response.content) if response is not None and response.content else None
        if isinstance(body, dict) and body.get("message"):
            message = f"{body['message']} (HTTP {status})"
            code = str(body.get("code") or code)
    except (ValueError, TypeError):
        pass
    if code in TIMEOUT_CODES:
        return StoreError(
            f"TigerGraph at {where} stopped the query while {action}: it ran past its time limit ({message}). "
            "Raise HOPLENS_TG_SCAN_TIMEOUT_S (whole-graph scans) or HOPLENS_TG_QUERY_TIMEOUT_S (lookups)"
        )
    if code == SIZE_LIMIT_CODE:
        return StoreError(
            f"TigerGraph at {where} refused the response while {action}: {message}. Lower HOPLENS_TG_PAGE_SIZE "
            "or raise HOPLENS_TG_RESPONSE_LIMIT_MB"
        )
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


# ---- output parsing --------------------------------------------------------------------------------------------------


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
        typed = [a.name for a in schema.vertex_type(v["v_type"]).attrs] if v["v_type"] in SCHEMA_TYPES else []
        extra = {a: _from_datetime(attrs[a]) for a in typed if a != "name" and attrs.get(a) not in (None, "", [])}
    return Entity(
        id=str(v["v_id"]),
        type=v["v_type"],
        name=attrs.get("name") or "",
        aliases=list(attrs.get("aliases") or []),
        attrs=extra,
    )


def document_from_vertex(v: dict[str, Any]) -> Document:
    a = v.get("attributes", {})
    return Document(
        id=str(v["v_id"]),
        kind=a.get("kind", ""),
        title=a.get("title", ""),
        text=a.get("text", ""),
        entity_ids=list(a.get("entity_ids") or []),
    )


def chunk_from_vertex(v: dict[str, Any]) -> Chunk:
    a = v.get("attributes", {})
    return Chunk(
        id=str(v["v_id"]),
        doc_id=a.get("doc_id", ""),
        ord=int(a.get("ord", 0)),
        text=a.get("text", ""),
        tokens=int(a.get("tokens", 0)),
        entity_ids=list(a.get("entity_ids") or []),
    )


def stored_edge(src: str, dtype: str, dst: str, attrs: dict[str, Any] | None = None) -> Edge:
    """An edge as walked (reverse_X from src to dst) in its stored direction."""
    base = gsql_gen.base_name(dtype)
    if base != dtype:
        return Edge(dst, base, src, attrs or {})
    return Edge(src, base, dst, attrs or {})


# ---- attribute conversion for upserts --------------------------------------------------------------------------------


def _to_datetime(value: Any) -> str | None:
    """``YYYY-MM-DD[( |T)HH:MM:SS[.f][zone]]`` as TigerGraph's ``YYYY-MM-DD HH:MM:SS``, or None when it is not a
    real calendar date and time inside the DATETIME range (``2025-13-45`` is not)."""
    text = str(value)
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?", text)
    if not m:
        return None
    try:
        stamp = dt.datetime.strptime(f"{m.group(1)} {m.group(2) or '00:00:00'}", "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None
    if not DATETIME_MIN <= stamp <= DATETIME_MAX:
        return None
    return stamp.strftime("%Y-%m-%d %H:%M:%S")


def typed_value(kind: str, value: Any) -> Any:
    """The value in the attribute's GSQL type, or None when the type cannot hold it (attrs_json keeps it anyway):
    an impossible or out-of-range DATETIME, an INT beyond 64 bits, a non-finite DOUBLE."""
    if value is None:
        return None
    try:
        if kind == schema.INT and not isinstance(value, bool):
            number = int(value)
            return number if INT_MIN <= number <= INT_MAX else None
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


def _untyped(record: str, attr: str, kind: str, value: Any) -> None:
    log.warning(
        "%s: %s=%r is not a valid %s for TigerGraph; it is kept in attrs_json (and returned as given) but the typed "
        "attribute is left unset, so the upsert request is not refused",
        record,
        attr,
        value,
        gsql_gen.gsql_type(kind),
    )


def entity_attributes(entity: Entity) -> dict[str, Any]:
    """The upsert attributes of an entity; values its typed attributes cannot hold are reported (with the entity id)
    and kept only in attrs_json, because one invalid value would fail the whole batch."""
    typed = schema.vertex_type(entity.type).attrs if entity.type in SCHEMA_TYPES else ()
    out: dict[str, Any] = {"name": entity.name, "aliases": [str(a) for a in entity.aliases]}
    for attr in typed:
        if attr.name != "name" and attr.name in entity.attrs and entity.attrs[attr.name] is not None:
            value = typed_value(attr.kind, entity.attrs[attr.name])
            if value is None:
                _untyped(f"entity {entity.id}", attr.name, attr.kind, entity.attrs[attr.name])
            else:
                out[attr.name] = value
    out["attrs_json"] = json.dumps(entity.attrs, sort_keys=True, ensure_ascii=False, default=str)
    return out


def edge_attributes(edge: Edge) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for decl in schema.edge_types(edge.type):
        for attr in decl.attrs:
            if attr.name in edge.attrs and edge.attrs[attr.name] is not None and attr.name not in out:
                value = typed_value(attr.kind, edge.attrs[attr.name])
                if value is None:
                    _untyped(f"edge {edge.src} -{edge.type}-> {edge.dst}", attr.name, attr.kind, edge.attrs[attr.name])
                else:
                    out[attr.name] = value
    out["attrs_json"] = json.dumps(edge.attrs, sort_keys=True, ensure_ascii=False, default=str)
    return out


def batches(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), max(1, size)):
        yield items[start : start + max(1, size)]


def analyze(texts: Sequence[str]) -> list[list[str]]:
    """Each text as BM25 terms, exactly as the embedded store's index analyses it (bm25s, English stop words,
    Snowball stems; order and repeats kept): what Chunk.terms stores and hl_lexical's ``terms`` carries."""
    from core.store._bm25 import tokenized

    if not texts:
        return []
    tokens = tokenized(list(texts))
    words = {i: w for w, i in tokens.vocab.items()}
    return [[words[i] for i in ids] for ids in tokens.ids]


# ---- the store -------------------------------------------------------------------------------------------------------


class TigerGraphStore:
    """GraphStore on TigerGraph. Open it with ``open_store``; ``create=True`` creates the schema when missing."""

    backend = "tigergraph"
    # no embedding cache (vectors live in the HNSW attribute); each upsert request commits on its own, so
    # transaction() defers document fingerprints to its end instead (see transaction); no local snapshots
    capabilities = StoreCapabilities(embedding_cache=False, atomic_transactions=False, snapshots=False)
    query_params: dict[str, tuple[str, ...]] = QUERIES  # installed query -> its parameters (run_query checks)

    def __init__(
        self, conn: Any, settings: Settings, *, index_timeout_s: float = INDEX_TIMEOUT_S, index_poll_s: float = 0.5
    ) -> None:
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
        self._tx = threading.local()  # per-thread transaction depth and deferred document fingerprints
        self.page_size = max(1, int(settings.tg_page_size))
        self.size_limit = max(1, int(settings.tg_response_limit_mb)) * 1024 * 1024
        self.path: Path | None = None  # local folder for client-side state (open_store sets it)
        self._ledgers: dict[tuple[str, str], Any] = {}  # (namespace, schema) -> FileLedger (ledger())

    @property
    def location(self) -> str:
        return f"{server_url(self.settings)} graph {self.graph}"

    # ---- setup

    def _call(self, action: str, fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            raise translate_error(exc, action, self.settings) from exc

    def check_server(self) -> str:
        """The server's version (the first authenticated call); StoreError when it is older than 4.2."""
        version = self._call("reading the server version", self.conn.getVer)
        self.version = parse_version(version)
        if self.version[:2] < MIN_VERSION:
            raise StoreError(
                f"TigerGraph {version} at {server_url(self.settings)} has no vector search; HopLens needs >= "
                f"{'.'.join(map(str, MIN_VERSION))}"
            )
        return version

    def open(self, create: bool = False, sch: dict[str, Any] | None = None) -> TigerGraphStore:
        """Check the server, the schema (``sch``: already read by open_store) and the installed queries."""
        if not self.version:
            self.check_server()
        self.ensure_schema(create, sch)
        self.ensure_queries()
        if not create and self.get_meta(BUILD_STATE) == "in_progress":
            raise StoreError(
                f"the last build of graph {self.graph!r} did not finish; run `hoplens build --backend tigergraph` "
                "again to resume it (written batches are kept)"
            )
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
        """Dimension of Chunk.emb from the schema JSON, None when the attribute does not exist. The key's exact
        name is not pinned down by pyTigerGraph (it reads only "Name"), so any key containing "dim" counts; an
        attribute whose dimension cannot be read is reported, not added a second time."""
        for vt in sch.get("VertexTypes", []):
            if vt.get("Name") != "Chunk":
                continue
            for emb in vt.get("EmbeddingAttributes") or []:
                if emb.get("Name") == gsql_gen.VECTOR_ATTR:
                    dims = [v for k, v in emb.items() if "dim" in k.lower() and str(v).isdigit()]
                    if not dims:
                        raise StoreError(
                            f"Chunk.{gsql_gen.VECTOR_ATTR} exists on graph {self.graph!r} but its "
                            f"dimension is unreadable in the schema: {emb}"
                        )
                    return int(dims[0])
        return None

    def ensure_schema(self, create: bool, sch: dict[str, Any] | None = None) -> None:
        sch = sch if sch is not None else self._schema()
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
        missing = sorted(
            ({v.name for v in gsql_gen.vertex_ddls()} - have_v) | ({e.name for e in gsql_gen.edge_ddls()} - have_e)
        )
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

    def query_names(self) -> list[str]:
        """The queries this graph can take now (the vector query needs Chunk.emb, added with the first chunks)."""
        return [n for n in QUERIES if n != VECTOR_QUERY or self.vector_dims]

    def check_query(self, name: str) -> list[str]:
        """Problems with one query before it is created: the documented-rule lint (core/store/gsql_lint.py), then
        the server's own semantic check, ``POST /gsql/v1/internal/check/query`` (server-docs
        API/gsql-endpoints.adoc, "query semantic check"; pyTigerGraph ``checkQuerySemantic``). Empty: it passes."""
        text = self.query_text(name)
        problems = [f"lint {f}" for f in gsql_lint.lint(text, self.version or MIN_VERSION)]
        res = self._call(f"checking query {name}", self.conn.checkQuerySemantic, text)
        for err in (res.get("errors") if isinstance(res, dict) else None) or []:
            if isinstance(err, dict):
                where = f"line {err['line']}: " if err.get("line") is not None else ""
                problems.append(where + str(err.get("msg") or err.get("message") or err))
            else:
                problems.append(str(err))
        return problems

    def ensure_queries(self) -> None:
        """Create and install the queries once; reinstall only when their text changed (hash kept in HL_Meta).
        Each query passes check_query first, so a semantic error names its query instead of failing the install."""
        names = self.query_names()
        texts = {n: self.query_text(n) for n in names}
        digest = hashlib.sha256(json.dumps(texts, sort_keys=True).encode()).hexdigest()
        installed = self.installed_queries()
        if set(names) <= installed and self._meta_rest(DIGEST_KEY) == digest:
            return
        for name in names:
            problems = self.check_query(name)
            if problems:
                raise StoreError(
                    f"query {name} fails the semantic check on graph {self.graph!r}: {'; '.join(problems)[:800]}"
                )
        for name in tqdm(names, desc="creating GSQL queries", unit="query", disable=None, leave=False):
            res = self._call(f"creating query {name}", self.conn.createQuery, texts[name])
            if isinstance(res, dict) and res.get("error"):
                raise StoreError(f"TigerGraph refused query {name}: {res.get('message')}")
        log.info(
            "installing %d GSQL queries on %s (compiling takes a few minutes on a real server)", len(names), self.graph
        )
        res = self._call("installing the HopLens queries", self.conn.installQueries, names)
        message = str(res.get("message", "")) if isinstance(res, dict) else str(res)
        if (isinstance(res, dict) and res.get("error")) or "FAILED" in message.upper():
            raise StoreError(f"installing the HopLens queries on graph {self.graph!r} failed: {message.strip()[:800]}")
        missing = sorted(set(names) - self.installed_queries())
        if missing:
            raise StoreError(
                f"installing the HopLens queries did not install {', '.join(missing)}: {message.strip()[:400]}"
            )
        self.set_meta(DIGEST_KEY, digest)

    def ensure_vector(self, dims: int) -> None:
        if self.vector_dims == dims:
            return
        if self.vector_dims is not None:
            raise EmbedderMismatch(
                f"graph {self.graph!r} stores {self.vector_dims}-dimensional chunk vectors but these have {dims}: "
                "use the embedder that built it, or rebuild into another HOPLENS_TG_GRAPH"
            )
        self.run_gsql(
            self._file_text(gsql_gen.GSQL_DIR / "vector.gsql", dims=str(int(dims))),
            f"adding the {dims}-dimensional chunk vector attribute",
        )
        sch = self._schema() or {}
        self.vector_dims = self._read_vector_dims(sch)
        if self.vector_dims != dims:
            raise StoreError(
                f"adding the chunk vector attribute left Chunk.emb with dims {self.vector_dims}, not {dims}"
            )
        self.ensure_queries()

    def wait_for_vector_index(self, timeout_s: float | None = None) -> None:
        """Block until the HNSW index has absorbed the written vectors (REST++ /vector/status)."""
        deadline = time.monotonic() + (self.index_timeout_s if timeout_s is None else timeout_s)
        delay = self.index_poll_s
        while True:
            status = self._call(
                "checking the vector index",
                self.conn.getVectorIndexStatus,
                graphName=self.graph,
                vertexType="Chunk",
                vectorName=gsql_gen.VECTOR_ATTR,
            )
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
        """Run an installed query by POST with this store's limits: GSQL-TIMEOUT (scans get the longer one) and
        RESPONSE-LIMIT headers (pyTigerGraph's ``timeout`` in ms and ``sizeLimit`` in bytes)."""
        if set(params) != set(self.query_params[name]):  # a programming error, caught by the unit tests
            raise AssertionError(f"{name} takes {self.query_params[name]}, got {sorted(params)}")
        seconds = self.settings.tg_scan_timeout_s if name in SCANS else self.settings.tg_query_timeout_s
        return self._call(
            f"running query {name}",
            self.conn.runInstalledQuery,
            name,
            params,
            timeout=max(1, int(seconds * 1000)),
            sizeLimit=self.size_limit,
            usePost=True,
        )

    def _pages(self, name: str, key: str, index: int, **params: Any) -> Iterator[list[Any]]:
        """Keyset pages of a paged query (``after_id``/``lim``); ``key`` names the printed rows, read by id."""
        after = ""
        while True:
            res = self.run_query(name, after_id=after, lim=self.page_size, **params)
            rows = section(res, key, index) or []
            yield rows
            if len(rows) < self.page_size:
                return
            after = max(str(r.get("v_id", r.get("doc_id", ""))) for r in rows)

    # ---- types

    def _entity(self, v: dict[str, Any]) -> Entity:
        """A printed vertex as an Entity (ForeignGraphStore reads a foreign graph's own attributes instead)."""
        return entity_from_vertex(v)

    def _learn(self, vid: str, vtype: str) -> None:
        self._types[vid] = vtype

    def resolve_types(self, ids: Iterable[str]) -> dict[str, str]:
        """Vertex type of each id that exists as an entity; ids not seen by this store are looked up in the
        database (by the type their pattern names, else every entity type). Vertex parameters of a missing
        vertex fail a TigerGraph query, so callers pass only resolved ids."""
        out: dict[str, str] = {}
        by_type: dict[str, list[str]] = {}
        for i in dict.fromkeys(ids):
            if i in self._types:
                out[i] = self._types[i]
                continue
            t = schema.type_of_id(i)
            by_type.setdefault(t if t in SCHEMA_TYPES and schema.vertex_type(t).is_entity else "*", []).append(i)
        for t, group in by_type.items():
            types = list(gsql_gen.entity_type_names()) if t == "*" else [t]
            out.update({e.id: e.type for e in self._fetch_entities(group, types)})
        return out

    def _fetch_entities(self, ids: Sequence[str], types: Sequence[str]) -> list[Entity]:
        found: list[Entity] = []
        for vtype in types:
            for batch in batches(list(ids), self.batch_size):
                res = self.run_query("hl_get_vertices", ids=list(batch), vtype=vtype)
                for v in section(res, "vertices", 0):
                    found.append(self._entity(v))
                    self._learn(found[-1].id, vtype)
        return found

    # ---- writes

    def _upsert_vertices(self, vtype: str, rows: list[tuple[str, dict[str, Any]]], what: str) -> None:
        chunks = list(batches(rows, self.batch_size))
        for batch in tqdm(
            chunks, desc=f"TigerGraph {what}", unit="batch", disable=None if len(chunks) > 4 else True, leave=False
        ):
            accepted = self._call(f"upserting {what}", self.conn.upsertVertices, vtype, list(batch))
            if accepted != len(batch):
                raise StoreError(
                    f"TigerGraph accepted {accepted} of {len(batch)} {what}; nothing else was skipped, retry the upsert"
                )

    def _upsert_edge_group(
        self,
        src_type: str,
        etype: str,
        dst_type: str,
        rows: list[tuple[str, str, dict[str, Any]]],
        strict: bool,
        must_exist: bool = True,
    ) -> int:
        """Upsert edges whose endpoints must exist (unless ``must_exist`` is False: missing endpoints are created);
        returns how many were rejected (strict: raise instead)."""
        rejected = 0
        for batch in batches(rows, self.batch_size):
            accepted = self._call(
                f"upserting {etype} edges",
                self.conn.upsertEdges,
                src_type,
                etype,
                dst_type,
                list(batch),
                vertexMustExist=must_exist,
            )
            # accepted_edges may count the reverse edges TigerGraph adds (reverse_X): never below zero
            rejected += max(0, len(batch) - int(accepted))
        if rejected and strict:
            raise StoreError(
                f"TigerGraph rejected {rejected} of {len(rows)} {etype} edges ({src_type} -> {dst_type}): an endpoint "
                "vertex does not exist; upsert the entities (and documents) first, then retry"
            )
        return rejected

    def upsert_entities(self, entities: Sequence[Entity]) -> None:
        by_type: dict[str, dict[str, dict[str, Any]]] = {}
        for e in entities:
            if not isinstance(e.id, str) or not e.id.strip() or not isinstance(e.name, str):
                raise ValueError(f"entity needs a non-empty id, type and name: {e!r}")
            if e.type not in set(gsql_gen.entity_type_names()):
                raise ValueError(
                    f"entity {e.id}: unknown entity type {e.type!r}; "
                    f"known: {', '.join(gsql_gen.entity_type_names())}"
                )
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
            if e.type not in gsql_gen.walk_edge_names():
                raise ValueError(
                    f"edge {e.src} -{e.type}-> {e.dst}: {e.type!r} is not an entity edge type of graph "
                    f"{self.graph!r} (its schema has {', '.join(gsql_gen.walk_edge_names())}); free-form relation "
                    "types (LLM extraction) need the embedded backend"
                )
            st, dt = types.get(e.src), types.get(e.dst)
            if st is None or dt is None:
                missing = e.src if st is None else e.dst
                raise StoreError(
                    f"edge {e.src} -{e.type}-> {e.dst}: entity {missing} is not in graph {self.graph!r}; "
                    "upsert it first"
                )
            if not gsql_gen.edge_allowed(st, e.type, dt):
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
            log.warning(
                "%d mentioned ids are not entities of %s (kept in entity_ids, no MENTIONS edge): %s",
                len(unknown),
                self.graph,
                ", ".join(sorted(unknown)[:5]),
            )
        for dst_type, rows in groups.items():
            rejected = self._upsert_edge_group(source_type, "MENTIONS", dst_type, rows, strict=False)
            if rejected:
                log.warning(
                    "%d MENTIONS edges %s -> %s rejected: the entity does not exist yet",
                    rejected,
                    source_type,
                    dst_type,
                )

    def _existing(self, vtype: str, ids: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for batch in batches(list(dict.fromkeys(ids)), self.batch_size):
            res = self.run_query("hl_get_vertices", ids=list(batch), vtype=vtype)
            found.update(str(v["v_id"]) for v in section(res, "vertices", 0))
        return found

    def _reset_mentions(self, vtype: str, ids: Sequence[str]) -> None:
        for batch in batches(list(dict.fromkeys(ids)), self.batch_size):
            self.run_query("hl_reset_mentions", ids=list(batch), vtype=vtype)

    def upsert_documents(self, documents: Sequence[Document], hashes: Sequence[str] | None = None) -> None:
        """Documents and their MENTIONS edges, replacing the edges of an earlier version (as the embedded store
        does): a document mentions its ``entity_ids`` and what its stored chunks mention. ``hashes`` (default: the
        content hash) is what document_hashes returns; inside ``transaction()`` it is written when the
        transaction ends, so a crash in between leaves the document to be processed again."""
        if hashes is not None and len(hashes) != len(documents):
            raise ValueError("hashes must match documents one to one")
        rows: dict[str, dict[str, Any]] = {}
        fingerprints: dict[str, str] = {}
        for n, d in enumerate(documents):
            if not isinstance(d.id, str) or not d.id.strip() or not isinstance(d.text, str):
                raise ValueError(f"document needs a non-empty id and a text: {d.id!r}")
            fingerprints[d.id] = hashes[n] if hashes is not None else document_hash(d)
            rows[d.id] = {
                "kind": d.kind or "",
                "title": d.title or "",
                "text": d.text,
                "entity_ids": [str(i) for i in d.entity_ids],
                "content_hash": "" if self._in_transaction() else fingerprints[d.id],
            }
        if not rows:
            return
        self._upsert_vertices("Document", list(rows.items()), "documents")
        self._reset_mentions("Document", list(rows))
        owners = {d.id: list(d.entity_ids) for d in documents}
        for batch in batches(list(rows), self.batch_size):
            res = self.run_query("hl_document_chunks", doc_ids=list(batch))
            for v in section(res, "chunks", 0):
                c = chunk_from_vertex(v)
                owners.setdefault(c.doc_id, []).extend(c.entity_ids)
        self._mention_edges("Document", owners)
        if self._in_transaction():
            self._tx.pending.update(fingerprints)

    def _in_transaction(self) -> bool:
        return getattr(self._tx, "depth", 0) > 0

    @contextmanager
    def transaction(self) -> Iterator[TigerGraphStore]:
        """Group writes. TigerGraph commits each upsert request on its own (capabilities.atomic_transactions is
        False), so this cannot roll back; what it guarantees is the resume contract of a build: the document
        fingerprints given to upsert_documents are written only when the outermost transaction ends without an
        error, after the chunks, so an interrupted batch is processed again. Per thread, so concurrent writers
        do not share pending fingerprints."""
        depth = getattr(self._tx, "depth", 0)
        if depth == 0:
            self._tx.pending = {}
        self._tx.depth = depth + 1
        ok = False
        try:
            yield self
            ok = True
        finally:
            self._tx.depth = depth
            if depth == 0:
                pending, self._tx.pending = self._tx.pending, {}
                if ok and pending:
                    self._upsert_vertices(
                        "Document", [(i, {"content_hash": h}) for i, h in pending.items()], "document fingerprints"
                    )

    def upsert_chunks(
        self, chunks: Sequence[Chunk], vectors: np.ndarray | None, vector_keys: Sequence[str] | None = None
    ) -> None:
        """Chunks with their vectors (rows aligned with ``chunks``), their BM25 terms, PART_OF their document,
        MENTIONS from the chunk (replacing an earlier version's) and from its document to the chunk's entities.
        The first call adds the vector attribute. ``vector_keys`` is accepted for the protocol: with no embedding
        cache there is nothing to key."""
        if not chunks:
            return
        if vectors is None:
            raise ValueError(
                "the TigerGraph backend keeps no embedding cache (capabilities.embedding_cache is False): pass the "
                "chunk vectors"
            )
        if vector_keys is not None and len(vector_keys) != len(chunks):
            raise ValueError("vector_keys must match chunks one to one")
        vecs = np.asarray(vectors, dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape[0] != len(chunks):
            raise ValueError(f"vectors must have shape ({len(chunks)}, dim), got {vecs.shape}")
        if not np.all(np.isfinite(vecs)):
            raise ValueError("chunk vectors contain NaN or infinity; re-embed those chunks")
        for c in chunks:
            if not isinstance(c.id, str) or not c.id or not isinstance(c.doc_id, str) or not c.doc_id:
                raise ValueError(f"chunk needs a non-empty id and doc_id: {c.id!r}")
        # chunks may come before their document (as the embedded store allows): their PART_OF edge then creates
        # the Document vertex with default attributes (upsert-rest.adoc, vertex_must_exist=false) and
        # upsert_documents fills it in; until then it has no fingerprint, so document_hashes leaves it out
        missing = sorted({c.doc_id for c in chunks} - self._existing("Document", [c.doc_id for c in chunks]))
        self.ensure_vector(int(vecs.shape[1]))
        rows = {}
        for c, vec, terms in zip(chunks, vecs, analyze([c.text for c in chunks]), strict=True):
            rows[c.id] = {
                "text": c.text,
                "doc_id": c.doc_id,
                "ord": int(c.ord),
                "tokens": int(c.tokens),
                "entity_ids": [str(i) for i in c.entity_ids],
                "terms": terms,
                gsql_gen.VECTOR_ATTR: [float(x) for x in vec],
            }
        self._upsert_vertices("Chunk", list(rows.items()), "chunks")
        part_of = [(c.id, c.doc_id, {"attrs_json": "{}"}) for c in chunks]
        self._upsert_edge_group("Chunk", "PART_OF", "Document", part_of, strict=True, must_exist=not missing)
        self._reset_mentions("Chunk", list(rows))
        self._mention_edges("Chunk", {c.id: list(c.entity_ids) for c in chunks})
        by_doc: dict[str, list[str]] = {}
        for c in chunks:
            by_doc.setdefault(c.doc_id, []).extend(c.entity_ids)
        self._mention_edges("Document", by_doc)
        for c in chunks:
            self._chunk_cache.pop(c.id, None)
        self._index_dirty = True

    def delete_chunks(self, doc_ids: Sequence[str]) -> int:
        """Remove the chunks of ``doc_ids``; returns how many."""
        n = 0
        for batch in batches(list(dict.fromkeys(doc_ids)), self.batch_size):
            res = self.run_query("hl_delete_documents", doc_ids=list(batch), chunks_only=True)
            n += int(section(res, "deleted_chunks", 1) or 0)
        self._chunk_cache.clear()
        self._index_dirty = self._index_dirty or n > 0
        return n

    def delete_documents(self, doc_ids: Sequence[str]) -> None:
        for batch in batches(list(dict.fromkeys(doc_ids)), self.batch_size):
            self.run_query("hl_delete_documents", doc_ids=list(batch), chunks_only=False)
        self._chunk_cache.clear()
        self._index_dirty = True

    def delete_entities(self, entity_ids: Sequence[str]) -> None:
        """Remove entities and every edge touching them (TigerGraph's DELETE cascades to edges)."""
        types = self.resolve_types(entity_ids)
        typed = [(i, types[i]) for i in dict.fromkeys(entity_ids) if i in types]
        for batch in batches(typed, self.batch_size):
            self.run_query("hl_delete_entities", ents=list(batch))
        for i, _ in typed:
            self._types.pop(i, None)
        if typed:
            self._alias_rows = None

    def delete_edges(self, edges: Sequence[tuple[str, str, str]]) -> None:
        """Remove stored edges given as (src, type, dst); edges that do not exist are ignored."""
        keys = [tuple(e) for e in edges]
        types = self.resolve_types([k[0] for k in keys])
        groups: dict[str, dict[tuple[str, str], None]] = {}
        for src, etype, dst in keys:
            if etype not in gsql_gen.walk_edge_names():
                raise ValueError(f"edge {src} -{etype}-> {dst}: {etype!r} is not an entity edge type of {self.graph!r}")
            if src in types:
                groups.setdefault(etype, {})[(src, dst)] = None
        for etype, pairs in groups.items():
            for batch in batches(list(pairs), self.batch_size):
                self.run_query(
                    "hl_delete_edges",
                    srcs=sorted({(s, types[s]) for s, _ in batch}),
                    e_type=etype,
                    pairs=[f"{s} {d}" for s, d in batch],
                )

    def document_hashes(self) -> dict[str, str]:
        """doc id -> recorded fingerprint; documents whose fingerprint is not written yet (an unfinished
        transaction) are left out, so a builder processes them again."""
        out: dict[str, str] = {}
        for rows in self._pages("hl_document_hashes", "hashes", 0):
            out.update({h["doc_id"]: h["content_hash"] for h in rows if h.get("content_hash")})
        return out

    def cached_vectors(self, text_hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """No embedding cache on TigerGraph (capabilities.embedding_cache is False): always {}."""
        return {}

    def prune_embeddings(self) -> int:
        return 0

    def boilerplate(self) -> np.ndarray | None:
        """The frozen boilerplate sentence keys (kept in HL_Meta as JSON), or None before a build froze them."""
        if self.get_meta(BOILERPLATE_MIN_DOCS) is None:
            return None
        return np.array(sorted(json.loads(self.get_meta(BOILERPLATE_KEY) or "[]")), dtype=np.int64)

    def set_boilerplate(self, keys: np.ndarray, min_docs: int) -> None:
        self.set_meta(BOILERPLATE_KEY, json.dumps(sorted(int(k) for k in np.asarray(keys).tolist())))
        self.set_meta(BOILERPLATE_MIN_DOCS, str(int(min_docs)))

    @property
    def indexes_stale(self) -> bool:
        """True when chunks were written and the HNSW index has not been confirmed caught up since."""
        return self._index_dirty

    # ---- embedder and index (the embedded store's API, so a builder can treat both alike)

    def check_embedder(self, embedder: Any) -> None:
        check_embedder_matches(
            self.get_meta(EMBEDDER_NAME), self.get_meta(EMBEDDER_DIM) or self.vector_dims, embedder,
            f"graph {self.graph!r}", "HOPLENS_EMBEDDER) or build into another HOPLENS_TG_GRAPH",
        )

    def bind_embedder(self, embedder: Any) -> None:
        """Record the embedder of a new graph, or check it against the recorded one."""
        self.check_embedder(embedder)
        if not self.get_meta(EMBEDDER_NAME):
            self.set_meta(EMBEDDER_NAME, embedder.name)
        if not self.get_meta(EMBEDDER_DIM):
            self.set_meta(EMBEDDER_DIM, str(int(embedder.dim)))

    def refresh_indexes(self, progress: bool = False) -> dict[str, Any]:
        """TigerGraph indexes vectors itself; this waits until the HNSW rebuild has caught up."""
        started = time.perf_counter()
        if self.vector_dims is not None:
            self.wait_for_vector_index()
        return {"backend": self.backend, "waited_s": round(time.perf_counter() - started, 3)}

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
            if t in set(gsql_gen.entity_type_names()):
                by_type.setdefault(t, []).append(i)
            else:
                unknown.append(i)
        found = {}
        for vtype, group in by_type.items():
            found.update({e.id: e for e in self._fetch_entities(group, [vtype])})
        if unknown:
            found.update({e.id: e for e in self._fetch_entities(unknown, list(gsql_gen.entity_type_names()))})
        return [found[i] for i in ids if i in found]

    def _entity_pages(self, types: Sequence[str]) -> Iterator[list[Entity]]:
        for rows in self._pages("hl_list_entities", "entities", 0, v_types=list(types)):
            page = [self._entity(v) for v in rows]
            for e in page:
                self._learn(e.id, e.type)
            yield page

    def _entity_rows(self) -> list[Entity]:
        if self._alias_rows is None:
            self._alias_rows = [e for page in self._entity_pages(list(gsql_gen.entity_type_names())) for e in page]
        return self._alias_rows

    def entity_ids(self) -> list[str]:
        return sorted(e.id for page in self._entity_pages(list(gsql_gen.entity_type_names())) for e in page)

    def edge_keys(self) -> list[tuple[str, str, str]]:
        """Every entity edge (src, type, dst), sorted, read one page of source entities at a time. Content edges
        (Document/Chunk MENTIONS, PART_OF) are not entity edges and are left out."""
        types = list(gsql_gen.entity_type_names())
        out: set[tuple[str, str, str]] = set()
        after = ""
        while True:
            res = self.run_query(
                "hl_edge_keys",
                v_types=types,
                e_types=list(gsql_gen.walk_edge_names()),
                after_id=after,
                lim=self.page_size,
            )
            ids = [str(i) for i in section(res, "page_ids", 0) or []]
            out.update((k["src"], k["etype"], k["dst"]) for k in section(res, "edges", 1) or [])
            if len(ids) < self.page_size:
                return sorted(out)
            after = max(ids)

    def alias_table(self) -> dict[str, list[str]]:
        """Phone-book key (lower case, whitespace collapsed) of every id, name and alias -> entity ids."""
        table: dict[str, set[str]] = {}
        for e in self._entity_rows():
            for key in (e.id, e.name, *e.aliases):
                if isinstance(key, str) and norm_key(key):
                    table.setdefault(norm_key(key), set()).add(e.id)
        return {k: sorted(v) for k, v in sorted(table.items())}

    def find_entities(self, text: str, limit: int = 10) -> list[Entity]:
        """Exact id/name/alias matches (in the database, plus the phone book), then prefix matches ordered by
        (key length, key, id), as the embedded store does."""
        key = norm_key(text or "")
        if not key or limit <= 0:
            return []
        res = self.run_query("hl_entity_lookup", lookup_key=key, v_types=list(gsql_gen.entity_type_names()))
        found = {e.id: e for e in (entity_from_vertex(v) for v in section(res, "entities", 0))}
        table = self.alias_table()
        exact = sorted(set(found) | set(table.get(key, [])))
        prefixed = sorted(((len(k), k, i) for k, ids in table.items() if k.startswith(key) and k != key for i in ids))
        ids = list(dict.fromkeys(exact + [i for _, _, i in prefixed[: limit * 4]]))[:limit]
        rows = {e.id: e for e in self._entity_rows()}
        rows.update(found)
        return [rows[i] for i in ids if i in rows]

    def list_entities(self, type_name: str | None = None, limit: int = 100, offset: int = 0) -> list[Entity]:
        if type_name is not None and type_name not in set(gsql_gen.entity_type_names()):
            raise ValueError(
                f"unknown entity type {type_name!r}; known: {', '.join(gsql_gen.entity_type_names())}"
            )
        if limit < 1 or offset < 0:
            return []
        types = [type_name] if type_name else list(gsql_gen.entity_type_names())
        rows: list[Entity] = []
        for page in self._entity_pages(types):  # keyset pages in id order until offset + limit are read
            rows.extend(page)
            if len(rows) >= offset + limit:
                break
        return sorted(rows, key=lambda e: e.id)[offset : offset + limit]

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

    def chunks_of_document(self, doc_id: str) -> list[Chunk]:
        res = self.run_query("hl_document_chunks", doc_ids=[doc_id])
        return sorted((chunk_from_vertex(v) for v in section(res, "chunks", 0)), key=lambda c: c.ord)

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
        return {i: [c for _, _, c in sorted(refs)[: max(0, limit_per_entity)]] for i, refs in out.items()}

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
        res = self.run_query(
            VECTOR_QUERY, query_vector=[float(x) for x in q], k=int(k), ef_search=max(EF_SEARCH, int(k))
        )
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

    def vector_search(self, vector: np.ndarray, k: int, embedder: Any = None) -> list[Hit]:
        if embedder is not None:
            self.check_embedder(embedder)
        if k <= 0:
            return []
        return self.vector_seed(vector, k)[0]

    def lexical_search(self, text: str, k: int) -> list[Hit]:
        terms = analyze([text])[0] if text and text.strip() else []
        if not terms or k < 1:
            return []
        res = self.run_query("hl_lexical", terms=terms, k=int(k))
        hits = [  # float32 scores, as the embedded index reports them, so equal scores tie alike
            Hit(chunk_id=h["chunk_id"], doc_id=h["doc_id"], score=float(np.float32(h["score"])), source="bm25")
            for h in section(res, "hits", 0)
        ]
        return sorted(hits, key=lambda h: (-h.score, h.chunk_id))[:k]

    # ---- graph

    @staticmethod
    def walk_types(edge_types: Iterable[str] | None, direction: str = "both") -> list[tuple[str, str]]:
        """(directed type, ontology type) pairs to walk; reverse_X walks X against its direction. Names that are
        not entity edge types are skipped, as the embedded store skips them."""
        if direction not in ("both", "out", "in"):
            raise ValueError(f"direction must be one of ('both', 'out', 'in'), got {direction!r}")
        walkable = gsql_gen.walk_edge_names()
        wanted = walkable if edge_types is None else [e for e in walkable if e in set(edge_types)]
        out = []
        for e in wanted:
            if direction in ("out", "both"):
                out.append((e, e))
            if direction in ("in", "both"):
                out.append((gsql_gen.reverse_name(e), e))
        return out

    def neighbors(
        self, entity_id: str, edge_type: str | None = None, direction: str = "both"
    ) -> list[tuple[Edge, Entity]]:
        walk = self.walk_types([edge_type] if edge_type is not None else None, direction)
        t = self.resolve_types([entity_id]).get(entity_id)
        if t is None or not walk:
            return []
        res = self.run_query("hl_neighbors", v=(entity_id, t), e_types=[d for d, _ in walk])
        nbrs = {}
        for v in section(res, "neighbors", 0):
            e = self._entity(v)
            nbrs[e.id] = e
            self._learn(e.id, e.type)
        out = []
        for w in section(res, "walked", 1):
            if w["dst"] in nbrs:
                attrs = json.loads(w.get("attrs_json") or "{}")
                out.append((stored_edge(w["src"], w["dtype"], w["dst"], attrs), nbrs[w["dst"]], w["dtype"]))
        out.sort(key=lambda x: (x[0].type, x[1].id, x[2]))  # (type, neighbour, out before in: X < reverse_X)
        return [(edge, ent) for edge, ent, _ in out]

    def expand(
        self,
        seeds: Sequence[str],
        hops: int = 2,
        fanout: int = 50,
        edge_types: Iterable[str] | None = None,
        max_nodes: int = 400,
        direction: str = "both",
    ) -> Subgraph:
        if hops < 0 or fanout < 0 or max_nodes < 0:
            raise ValueError("hops, fanout and max_nodes must be >= 0")
        walk = self.walk_types(edge_types, direction)
        seed_ids = list(dict.fromkeys(seeds))
        types = self.resolve_types(seed_ids)
        seed_ids = [s for s in seed_ids if s in types][:max_nodes]
        if not seed_ids:
            return Subgraph()
        if hops == 0 or fanout == 0 or not walk:
            ents = {e.id: e for e in self.get_entities(seed_ids)}
            return Subgraph(
                nodes=[SubgraphNode(i, types[i], ents[i].name if i in ents else i, 0, 0.0, [i]) for i in seed_ids]
            )
        res = self.run_query(
            "hl_expand",
            seeds=[(s, types[s]) for s in seed_ids],
            e_types=[d for d, _ in walk],
            hops=int(hops),
            fanout=int(fanout),
            max_nodes=int(max_nodes),
        )
        return self.subgraph_from_result(res, seed_ids)

    def subgraph_from_result(self, res: list[Any], seed_ids: Sequence[str]) -> Subgraph:
        """hl_expand's output as a Subgraph: seeds in the order given, then each hop's vertices in discovery
        order (first reaching edge: frontier id, edge type; then id), edges in stored direction, sorted."""
        scores = {str(k): float(v) for k, v in (section(res, "scores", 1) or {}).items()}
        seed_rank = {s: n for n, s in enumerate(seed_ids)}
        keyed = []
        for v in section(res, "nodes", 0):
            a = v.get("attributes", {})
            first = accum(a, "@first") or []
            first = first[0] if isinstance(first, list) and first else (first or {})
            hop = int(accum(a, "@hop", 0) or 0)
            vid = str(v["v_id"])
            self._learn(vid, v["v_type"])
            node = SubgraphNode(
                id=vid,
                type=v["v_type"],
                label=a.get("name") or vid,
                hop=hop,
                hop_score=scores.get(vid, 0.0) if hop else 0.0,
                seeds=sorted(accum(a, "@seeds", []) or []),
                via_edge=first.get("base") if hop else None,
                reached_from=first.get("sid") if hop else None,
            )
            order = (
                (seed_rank.get(vid, len(seed_rank)),)
                if hop == 0
                else (first.get("sid", ""), first.get("base", ""), vid)
            )
            keyed.append(((hop, *order), node))
        nodes = [n for _, n in sorted(keyed, key=lambda x: x[0])]
        kept = {n.id for n in nodes}
        edges = {}
        for w in section(res, "walked", 2) or []:
            e = stored_edge(w["src"], w["dtype"], w["dst"])
            if e.src in kept and e.dst in kept:
                edges[(e.src, e.type, e.dst)] = SubgraphEdge(e.src, e.type, e.dst)
        return Subgraph(nodes=nodes, edges=[edges[k] for k in sorted(edges)])

    def _step_condition(self, step: PathStep) -> tuple[str, str]:
        attrs = step.edge_attrs or {}
        if not attrs:
            return "", ""
        if len(attrs) > 1:
            raise ValueError(f"the TigerGraph backend takes one edge condition per path step, got {attrs}")
        ((attr, value),) = attrs.items()
        return attr, str(value).casefold()

    def _impact_target(self, query: PathQuery, types: dict[str, str]) -> str | None:
        """The target type when the query is exactly schema.IMPACT_PATHS from outages (one installed query)."""
        paths = schema.IMPACT_PATHS.get(query.target_type)
        if not paths or query.combine != "intersect" or not all(types.get(a) == "Outage" for a in query.anchors):
            return None
        if any(s.edge_attrs or s.edge_filters for p in query.paths for s in p):
            return None
        asked = sorted(tuple((s.edge, s.direction, s.target) for s in p) for p in query.paths)
        return query.target_type if asked == sorted(paths) else None

    def path_query(self, query: PathQuery) -> list[str]:
        """Exact, sorted ids. Each path is walked in the database one typed step at a time (hl_typed_hop), or
        in one query for the derived impact relation; paths combine here, filters as in the embedded store.
        Steps over edges the ontology does not walk reach nothing (as in the embedded store)."""
        if query.combine not in ("intersect", "union"):
            raise ValueError(f"combine must be 'intersect' or 'union', got {query.combine!r}")
        for f in query.filters:
            check_filter(f)
        for path in query.paths:
            for st in path:
                if st.direction not in ("out", "in"):
                    raise ValueError(f"path step direction must be 'out' or 'in', got {st.direction!r}")
        types = self.resolve_types(query.anchors)
        anchors = sorted(a for a in dict.fromkeys(query.anchors) if a in types)
        reached_sets: list[dict[str, dict[str, Any]]] = []
        impact = self._impact_target(query, types) if anchors else None
        if impact:
            res = self.run_query(gsql_gen.impact_query_name(impact), outages=[(a,) for a in anchors])
            reached_sets.append({str(v["v_id"]): v for v in section(res, "Impacted", 1)})
        else:
            for path in query.paths:
                reached: dict[str, dict[str, Any]] = {}
                sources = [(a, types[a]) for a in anchors]
                for step in path:
                    walk = self.walk_types([step.edge], step.direction)
                    if not sources or not walk:
                        reached, sources = {}, []
                        break
                    cond_attr, cond_value = self._step_condition(step)
                    target = "" if step.target in (None, "", "*") else step.target
                    res = self.run_query(
                        "hl_typed_hop",
                        sources=sources,
                        e_type=walk[0][0],
                        target_type=target,
                        cond_attr=cond_attr,
                        cond_value=cond_value,
                    )
                    reached = {str(v["v_id"]): v for v in section(res, "reached", 1)}
                    if step.edge_filters:
                        # comparisons on the edge ("a mark below 40"): hl_typed_hop takes one equality, so the
                        # step's edges are read per source through neighbors() and compared here, as the embedded
                        # store does (one request per source; fine for the few sources such questions start from)
                        for f in step.edge_filters:
                            check_filter(f)
                        keep = {o.id for src, _t in sources for e, o in self.neighbors(src, step.edge, step.direction)
                                if edge_matches(e.attrs, step.edge_filters)}
                        reached = {i: v for i, v in reached.items() if i in keep}
                    sources = [(i, reached[i]["v_type"]) for i in sorted(reached)]
                reached_sets.append(reached)
        ids: set[str] = set(reached_sets[0]) if reached_sets else set()
        for other in reached_sets[1:]:
            ids = ids & set(other) if query.combine == "intersect" else ids | set(other)
        vertex = {i: v for r in reached_sets for i, v in r.items()}
        if query.target_type not in (None, "", "*"):
            ids = {i for i in ids if vertex[i]["v_type"] == query.target_type}
        out = []
        for i in ids:
            entity = self._entity(vertex[i])
            if all(matches(entity, f) for f in query.filters):
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
            "entities": {t: vertices[t] for t in gsql_gen.entity_type_names() if vertices.get(t)},
            "edges": {e.name: edges[e.name] for e in gsql_gen.edge_ddls() if edges.get(e.name)},
            "documents": vertices.get("Document", 0),
            "chunks": vertices.get("Chunk", 0),
            "tokens": int(section(res, "tokens", 2) or 0),
            "embedder": self.get_meta(EMBEDDER_NAME),
            "dim": self.vector_dims,
        }

    _ontology_cache: tuple[str, Ontology] | None = None  # (recorded JSON, its Ontology)

    def ontology(self) -> Ontology:
        """The ontology recorded with ``set_ontology`` (HL_Meta ``ontology`` + its sha256), else ``CRM``. A graph
        HopLens did not create has no HL_Meta: open_store opens it as a ForeignGraphStore, which infers one."""
        onto, self._ontology_cache = cached_ontology(self.get_meta(ONTOLOGY), self.get_meta(ONTOLOGY_SHA256),
                                                     f"graph {self.graph!r}", self._ontology_cache)
        return onto

    def set_ontology(self, onto: Ontology) -> None:
        text, sha = ontology_json(onto)
        self._upsert_vertices(gsql_gen.META_TYPE, [(ONTOLOGY, {"value": text}), (ONTOLOGY_SHA256, {"value": sha})],
                              "metadata")

    def ledger(self, namespace: str, schema: str) -> Any:
        """A writer's bookkeeping tables, client-side: ``byod.sqlite`` in the store folder (core/store/ledger.py).
        Its transactions are its own (TigerGraph commits each request alone), so writers order their steps."""
        from core.store.ledger import LEDGER_FILE, FileLedger

        if self.path is None:
            raise StoreError("this TigerGraph store has no local folder for client-side state; open it with a "
                             "store path (HOPLENS_STORE / --store)")
        key = (namespace, schema)
        if key not in self._ledgers:
            self._ledgers[key] = FileLedger(self.path / LEDGER_FILE, namespace, schema)
        return self._ledgers[key]

    def get_meta(self, key: str) -> str | None:
        res = self.run_query("hl_get_vertices", ids=[key], vtype=gsql_gen.META_TYPE)
        rows = section(res, "vertices", 0)
        return rows[0].get("attributes", {}).get("value") if rows else None

    def set_meta(self, key: str, value: str) -> None:
        self._upsert_vertices(gsql_gen.META_TYPE, [(key, {"value": str(value)})], "metadata")

    def close(self, refresh: bool = True) -> None:
        """Close the HTTP session (``refresh`` is accepted for parity with the embedded store)."""
        for led in self._ledgers.values():
            led.close()
        self._ledgers.clear()
        close = getattr(self.conn, "close", None)
        if callable(close):
            close()


# GSQL attribute types -> ontology attribute kinds (gsql-docs ddl-and-loading/attribute-data-types.adoc)
_GSQL_KINDS = {"INT": schema.INT, "UINT": schema.INT, "FLOAT": schema.FLOAT, "DOUBLE": schema.FLOAT,
               "DATETIME": schema.DATE, "STRING": schema.STRING, "BOOL": schema.STRING}


def _gsql_kind(attr: dict[str, Any]) -> str:
    typ = attr.get("AttributeType") or {}
    name = str(typ.get("Name") if isinstance(typ, dict) else typ).upper()
    if name.startswith(("LIST", "SET")):
        return schema.LIST
    return _GSQL_KINDS.get(name.split()[0] if name else "STRING", schema.STRING)


def ontology_from_schema(sch: dict[str, Any], name: str | None = None) -> Ontology:
    """The ontology of a graph HopLens did not create, read from its schema JSON (pyTigerGraph ``getSchema``):
    every vertex type an entity type (attributes with kinds from their GSQL types, nouns from the type name), every
    edge type with its FROM/TO pairs (``EdgePairs`` or ``FromVertexTypeName``/``ToVertexTypeName``), its attributes
    and the words of its name as the forward verb. ``hoplens import-graph`` infers richer words from data."""
    from core.ontology import Ontology, split_camel

    vts = []
    for vt in sch.get("VertexTypes") or []:
        vname = str(vt.get("Name", ""))
        if not IDENT_RE.fullmatch(vname) or vname == gsql_gen.META_TYPE:
            continue
        attrs = [schema.Attr("name")]
        pid = primary_id_attribute(vt)
        for a in vt.get("Attributes") or []:
            aname = str(a.get("AttributeName", ""))
            if aname and aname != "name" and aname != pid:
                attrs.append(schema.Attr(aname, _gsql_kind(a), (split_camel(aname),)))
        vts.append(schema.VertexType(vname, "", "", tuple(attrs), (split_camel(vname),)))
    known = {v.name for v in vts}
    reverses = {w.reverse for w in schema_edges(sch).values() if w.reverse}
    ets = []
    for et in sch.get("EdgeTypes") or []:
        ename = str(et.get("Name", ""))
        if ename in reverses:  # a reverse edge is the other reading of its edge, not an edge type of its own
            continue
        pairs = [(p.get("From"), p.get("To")) for p in et.get("EdgePairs") or []] or [
            (et.get("FromVertexTypeName"), et.get("ToVertexTypeName"))]
        attrs = tuple(schema.Attr(str(a.get("AttributeName")), _gsql_kind(a)) for a in et.get("Attributes") or []
                      if a.get("AttributeName"))
        for src, dst in pairs:
            if src in known and dst in known:
                ets.append(schema.EdgeType(ename, src, dst, attrs, verbs=(split_camel(ename),)))
    return Ontology(name or str(sch.get("GraphName") or "graph"), tuple(vts), tuple(ets))



# ---- a graph HopLens did not create ----------------------------------------------------------------------------------

FOREIGN_SAMPLE = 50_000  # vertices per type (and their edges) read to infer attribute kinds and closed values
FOREIGN_META_DIR = "tigergraph_foreign"  # under the store folder: this client's bookkeeping for foreign graphs


@dataclass(frozen=True)
class SchemaEdge:
    """How one edge type of a foreign schema is walked: directed or not, and its reverse edge type, if any."""

    name: str
    directed: bool
    reverse: str | None


def primary_id_attribute(vt: dict[str, Any]) -> str | None:
    """The primary id's attribute name when the schema exposes it as an attribute (``primary_id_as_attribute`` or
    ``PRIMARY KEY``): it is the vertex id, not a property."""
    pid = vt.get("PrimaryId") or {}
    return str(pid["AttributeName"]) if isinstance(pid, dict) and pid.get("AttributeName") else None


def schema_edges(sch: dict[str, Any]) -> dict[str, SchemaEdge]:
    """Edge type name -> SchemaEdge, from getSchema's ``IsDirected`` and ``Config.REVERSE_EDGE``."""
    out = {}
    for et in sch.get("EdgeTypes") or []:
        name = str(et.get("Name", ""))
        reverse = str((et.get("Config") or {}).get("REVERSE_EDGE") or "") or None
        out[name] = SchemaEdge(name, bool(et.get("IsDirected", True)), reverse)
    return out


def is_hoplens_schema(sch: dict[str, Any]) -> bool:
    """A graph HopLens created carries its HL_Meta vertex type; an empty graph (a schema job that never ran) is
    treated as HopLens's own too, so ``ensure_schema`` reports what is missing."""
    names = {vt.get("Name") for vt in sch.get("VertexTypes") or []}
    return not names or gsql_gen.META_TYPE in names


class ForeignGraphStore(TigerGraphStore):
    """A TigerGraph graph HopLens did not create (no HL_Meta), opened read-only.

    - The schema is never changed: no DDL is sent. The reads go through the queries of
      ``gsql_gen.foreign_query_texts`` (generated from the schema's ontology, linted, installed once; installing
      queries adds to the graph's query catalog, not to its schema).
    - The ontology is inferred as ``hoplens import-graph`` infers one (``core.ontology_infer``) from the
      schema's types and up to ``FOREIGN_SAMPLE`` vertices per type with their edges, read when the store opens.
    - Entities: id = primary id, type = vertex type, name = ``name``, else first + last name, else ``title``, else
      the id (the import's rule); attrs = the vertex attributes converted by the ontology's kinds.
    - No documents, chunks or vectors: text reads return nothing (vector search logs a note); writers refuse.
    - Bookkeeping (get_meta/set_meta, set_ontology, the installed-query digest) is kept by this client in
      ``<store folder>/tigergraph_foreign/<graph>.json``, never in the user's graph.
    """

    query_params = gsql_gen.FOREIGN_QUERIES

    def open_foreign(self, sch: dict[str, Any]) -> ForeignGraphStore:
        self.sch = sch
        self.schema_onto = ontology_from_schema(sch, self.graph)
        self.edges_by_name = schema_edges(sch)
        self.reverse_of = {w.reverse: w.name for w in self.edges_by_name.values() if w.reverse}
        self.id_attrs = {str(vt.get("Name")): primary_id_attribute(vt) for vt in sch.get("VertexTypes") or []}
        self.type_names = tuple(v.name for v in self.schema_onto.entity_types())
        self._meta: dict[str, str] = self._load_meta()
        self._note_once: set[str] = set()
        self._onto: Ontology | None = None  # inferred below; until then records carry their values as printed
        self.ensure_queries()
        self._sampled: list[dict[str, Any]] = []
        self._onto = self._infer_ontology()
        counts = {}
        for v in self._sampled:
            counts[v["v_type"]] = counts.get(v["v_type"], 0) + 1
        if all(n < FOREIGN_SAMPLE for n in counts.values()):  # the whole graph was read: that is the phone book
            self._alias_rows = sorted((self._entity(v) for v in self._sampled), key=lambda e: e.id)
        self._sampled = []
        return self

    # ---- bookkeeping (local, never in the user's graph)

    def _meta_file(self) -> Path | None:
        return self.path / FOREIGN_META_DIR / f"{self.graph}.json" if self.path is not None else None

    def _load_meta(self) -> dict[str, str]:
        f = self._meta_file()
        if f is None or not f.exists():
            return {}
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable bookkeeping %s (%s); it is rewritten on the next write", f, exc)
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get_meta(self, key: str) -> str | None:
        return self._meta.get(key)

    def set_meta(self, key: str, value: str) -> None:
        self._meta[key] = str(value)
        f = self._meta_file()
        if f is None:
            return
        f.parent.mkdir(parents=True, exist_ok=True)
        tmp = f.with_suffix(".tmp")
        tmp.write_text(json.dumps(self._meta, sort_keys=True, ensure_ascii=False), encoding="utf-8")
        tmp.replace(f)  # atomic: a crash leaves the old file or the new one

    def _meta_rest(self, key: str) -> str | None:
        return self.get_meta(key)

    def ontology(self) -> Ontology:
        """One recorded with set_ontology (kept locally), else the one inferred when the store opened."""
        recorded = self.get_meta(ONTOLOGY)
        if recorded is None:
            assert self._onto is not None, "open_foreign infers the ontology"
            return self._onto
        onto, self._ontology_cache = cached_ontology(recorded, self.get_meta(ONTOLOGY_SHA256),
                                                     f"the bookkeeping of graph {self.graph!r}", self._ontology_cache)
        return onto

    def set_ontology(self, onto: Ontology) -> None:
        text, sha = ontology_json(onto)
        self.set_meta(ONTOLOGY, text)
        self.set_meta(ONTOLOGY_SHA256, sha)

    # ---- queries

    def query_names(self) -> list[str]:
        return list(gsql_gen.FOREIGN_QUERIES)

    def query_text(self, name: str) -> str:
        return gsql_gen.foreign_query_texts(self.schema_onto)[name].replace(gsql_gen.GRAPH_PLACEHOLDER, self.graph)

    # ---- reading the graph

    def _props(self, v: dict[str, Any]) -> dict[str, Any]:
        pid = self.id_attrs.get(v.get("v_type"))
        return {k: val for k, val in (v.get("attributes") or {}).items() if k != pid and not k.startswith("@")}

    def _entity(self, v: dict[str, Any]) -> Entity:
        from core.ontology_infer import aliases_of, convert, display_name, snake

        vid, vtype = str(v["v_id"]), str(v["v_type"])
        props = self._props(v)
        onto = self._onto
        kinds = {a.name: a.kind for a in onto.vertex_type(vtype).attrs} if onto and onto.has_type(vtype) else {}
        attrs = {}
        for k, val in props.items():
            sk = snake(k)
            if sk in kinds and sk != "name":
                cv = convert(val, kinds[sk])
                if cv is not None:
                    attrs[sk] = cv
        return Entity(id=vid, type=vtype, name=display_name(props, vid), aliases=aliases_of(props),
                      attrs=dict(sorted(attrs.items())))  # key order as the embedded store keeps it

    def _vertex_pages(self, types: Sequence[str], cap: int | None = None) -> Iterator[list[dict[str, Any]]]:
        """Printed vertices of ``types``, one type at a time, in keyset pages of internal id (at most ``cap``
        per type)."""
        for vtype in types:
            after, read = -1, 0
            while True:
                lim = self.page_size if cap is None else min(self.page_size, cap - read)
                if lim <= 0:
                    break
                res = self.run_query("hl_list_vertices", v_types=[vtype], after_vid=after, lim=lim)
                rows = section(res, "vertices", 0) or []
                read += len(rows)
                for r in rows:
                    self._learn(str(r["v_id"]), str(r["v_type"]))
                yield rows
                if len(rows) < lim:
                    break
                after = int(section(res, "last_vid", 1))

    def _walk_rows(self, sources: Sequence[tuple[str, str]], e_types: Sequence[str]):
        """(reached vertices, walked EDGE objects) from ``sources`` over ``e_types``, in batches."""
        reached: dict[str, dict[str, Any]] = {}
        walked: list[dict[str, Any]] = []
        if not e_types:
            return reached, walked
        for batch in batches(list(dict.fromkeys(sources)), self.batch_size):
            res = self.run_query("hl_walk", sources=list(batch), e_types=list(e_types))
            for v in section(res, "reached", 0) or []:
                reached[str(v["v_id"])] = v
                self._learn(str(v["v_id"]), str(v["v_type"]))
            walked.extend(section(res, "walked", 1) or [])
        return reached, walked

    def _edge_record(self, e: dict[str, Any]) -> tuple[Edge, bool]:
        """A printed EDGE as (the stored edge under its ontology name, walked forward?)."""
        from core.ontology_infer import convert, snake

        dtype = str(e["e_type"])
        base = self.reverse_of.get(dtype, dtype)
        src, dst = str(e["from_id"]), str(e["to_id"])
        forward = base == dtype
        if not forward:
            src, dst = dst, src
        elif not self.edges_by_name.get(base, SchemaEdge(base, True, None)).directed:
            st, dt_ = str(e.get("from_type")), str(e.get("to_type"))
            decl = self._onto.edges(base) if self._onto else ()
            if st == dt_:  # an undirected self-relation has no stored direction: HopLens reads it lower id first
                src, dst = min(src, dst), max(src, dst)
            elif decl and not any(d.src == st and d.dst == dt_ for d in decl):  # undirected, met from its far end
                src, dst, forward = dst, src, False
        kinds = {a.name: a.kind for d in (self._onto.edges(base) if self._onto else ()) for a in d.attrs}
        attrs = {}
        for k, val in (e.get("attributes") or {}).items():
            sk = snake(k)
            cv = convert(val, kinds.get(sk, schema.STRING)) if kinds else val
            if cv is not None:
                attrs[sk] = cv
        return Edge(src, base, dst, dict(sorted(attrs.items()))), forward

    def _infer_ontology(self) -> Ontology:
        from core.ontology_infer import infer, snake
        from core.rawgraph import GraphImportError, RawEdge, RawGraph, RawNode

        raw = RawGraph(format="tigergraph")
        declared: dict[str, set[str]] = {}
        for vt in self.schema_onto.entity_types():
            for a in vt.attrs:
                if a.name != "name":
                    declared.setdefault(snake(a.name), set()).add(a.kind)
        raw.declared = {k: next(iter(v)) for k, v in declared.items() if len(v) == 1 and next(iter(v)) != schema.DATE}
        sources, printed = [], []
        for rows in self._vertex_pages(self.type_names, cap=FOREIGN_SAMPLE):
            printed.extend(rows)
            for v in rows:
                vid, vtype = str(v["v_id"]), str(v["v_type"])
                raw.nodes.append(RawNode(vid, (vtype,), self._props(v), f"graph {self.graph}: {vtype} {vid}"))
                sources.append((vid, vtype))
        ids = [n.id for n in raw.nodes]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise StoreError(f"graph {self.graph!r}: primary id {dup!r} is used by more than one vertex type; HopLens "
                             "needs ids unique across types to read this graph")
        forward = [n for n, w in self.edges_by_name.items() if n not in self.reverse_of and n in
                   {e.name for e in self.schema_onto.edge_types}]
        _, walked = self._walk_rows(sources, forward)
        seen = set()
        known = set(ids)
        for e in walked:
            edge, _ = self._edge_record(e)
            key = (edge.src, edge.type, edge.dst)
            if not self.edges_by_name[edge.type].directed:
                key = (min(edge.src, edge.dst), edge.type, max(edge.src, edge.dst))
            if key in seen or edge.src not in known or edge.dst not in known:
                continue
            seen.add(key)
            raw.edges.append(RawEdge(key[0], edge.type, key[2], dict(e.get("attributes") or {}),
                                     f"graph {self.graph}: edge {key}"))
        try:
            inferred = infer(raw, self.settings, self.graph, rename_reserved=False)
        except GraphImportError as exc:
            raise StoreError(f"cannot read graph {self.graph!r} as a HopLens graph: {exc}") from exc
        self._sampled = printed
        if self.settings.graph_import_synonyms:
            from core.type_synonyms import add_type_synonyms

            names: dict[str, list[str]] = {}  # the sampled vertices' names, as import-graph reads all of them
            for e in inferred.entities:
                names.setdefault(e.type, []).append(e.name)
            return add_type_synonyms(inferred.ontology, names=names)[0]
        return inferred.ontology

    # ---- what the answering code reads

    def _types_of(self, type_name: str | None = None) -> list[str]:
        if type_name is None:
            return list(self.type_names)
        if type_name not in self.type_names:
            raise ValueError(f"unknown entity type {type_name!r}; known: {', '.join(self.type_names)}")
        return [type_name]

    def resolve_types(self, ids: Iterable[str]) -> dict[str, str]:
        wanted = list(dict.fromkeys(ids))
        out = {i: self._types[i] for i in wanted if i in self._types}
        missing = [i for i in wanted if i not in out]
        if missing:
            out.update({e.id: e.type for e in self._fetch_entities(missing, self.type_names)})
        return out

    def get_entities(self, entity_ids: Sequence[str]) -> list[Entity]:
        ids = list(dict.fromkeys(entity_ids))
        types = self.resolve_types(ids)
        by_type: dict[str, list[str]] = {}
        for i in ids:
            if i in types:
                by_type.setdefault(types[i], []).append(i)
        found = {}
        for vtype, group in by_type.items():
            found.update({e.id: e for e in self._fetch_entities(group, [vtype])})
        return [found[i] for i in ids if i in found]

    def _entity_pages(self, types: Sequence[str]) -> Iterator[list[Entity]]:
        for rows in self._vertex_pages(types):
            yield [self._entity(v) for v in rows]

    def _entity_rows(self) -> list[Entity]:
        if self._alias_rows is None:
            self._alias_rows = sorted((e for p in self._entity_pages(self.type_names) for e in p), key=lambda e: e.id)
        return self._alias_rows

    def entity_ids(self) -> list[str]:
        return sorted(e.id for e in self._entity_rows())

    def list_entities(self, type_name: str | None = None, limit: int = 100, offset: int = 0) -> list[Entity]:
        types = set(self._types_of(type_name))
        if limit < 1 or offset < 0:
            return []
        rows = [e for e in self._entity_rows() if e.type in types]  # pages come in internal-id order: sort all
        return rows[offset : offset + limit]

    def find_entities(self, text: str, limit: int = 10) -> list[Entity]:
        """Exact id/name/alias matches, then prefix matches ordered by (key length, key, id), from the phone book
        (read from the graph once per store)."""
        key = norm_key(text or "")
        if not key or limit <= 0:
            return []
        table = self.alias_table()
        exact = sorted(table.get(key, []))
        prefixed = sorted(((len(k), k, i) for k, ids in table.items() if k.startswith(key) and k != key for i in ids))
        ids = list(dict.fromkeys(exact + [i for _, _, i in prefixed[: limit * 4]]))[:limit]
        rows = {e.id: e for e in self._entity_rows()}
        return [rows[i] for i in ids if i in rows]

    def walk_types(self, edge_types: Iterable[str] | None, direction: str = "both") -> list[tuple[str, str]]:
        """(edge type to walk, ontology edge type): forward over the edge, backward over its reverse edge; an
        undirected edge walks both ways under its own name; a directed edge with no reverse edge cannot be
        walked backward in GSQL V1 (noted once)."""
        if direction not in ("both", "out", "in"):
            raise ValueError(f"direction must be one of ('both', 'out', 'in'), got {direction!r}")
        names = [n for n in self.ontology().edge_type_names() if n in self.edges_by_name]
        wanted = names if edge_types is None else [n for n in names if n in set(edge_types)]
        out = []
        for name in wanted:
            w = self.edges_by_name[name]
            if not w.directed:
                out.append((name, name))
                continue
            if direction in ("out", "both"):
                out.append((name, name))
            if direction in ("in", "both"):
                if w.reverse:
                    out.append((w.reverse, name))
                elif name not in self._note_once:
                    self._note_once.add(name)
                    log.warning("graph %s: edge %s has no reverse edge, so HopLens walks it only from its source "
                                "(add WITH REVERSE_EDGE to walk it both ways)", self.graph, name)
        return out

    def neighbors(self, entity_id: str, edge_type: str | None = None,
                  direction: str = "both") -> list[tuple[Edge, Entity]]:
        walk = self.walk_types([edge_type] if edge_type is not None else None, direction)
        t = self.resolve_types([entity_id]).get(entity_id)
        if t is None or not walk:
            return []
        reached, walked = self._walk_rows([(entity_id, t)], [d for d, _ in walk])
        nbrs = {i: self._entity(v) for i, v in reached.items()}
        found = []
        for e in walked:
            edge, fwd = self._edge_record(e)
            other = str(e["to_id"])
            if other in nbrs:
                found.append((edge.type, other, 0 if fwd else 1, edge))
        found.sort(key=lambda x: x[:3])  # (type, neighbour, out before in), as the embedded store orders them
        return [(f[3], nbrs[f[1]]) for f in found]

    def expand(self, seeds: Sequence[str], hops: int = 2, fanout: int = 50, edge_types: Iterable[str] | None = None,
               max_nodes: int = 400, direction: str = "both") -> Subgraph:
        """The hop-score contract of core/store/base.py, level-synchronous, one hl_walk query per hop (the
        frontier's edges); fan-out, scores and the node cap are applied here in the contract's order."""
        if hops < 0 or fanout < 0 or max_nodes < 0:
            raise ValueError("hops, fanout and max_nodes must be >= 0")
        walk = self.walk_types(edge_types, direction)
        base_of = dict(walk)
        seed_ids = list(dict.fromkeys(seeds))
        types = self.resolve_types(seed_ids)
        seed_ids = [s for s in seed_ids if s in types][:max_nodes]
        if not seed_ids:
            return Subgraph()
        ents = {e.id: e for e in self.get_entities(seed_ids)}
        hop = dict.fromkeys(seed_ids, 0)
        seeds_of = {s: {s} for s in seed_ids}
        score: dict[str, float] = {}
        first: dict[str, tuple[str, str]] = {}
        kept_edges: dict[tuple[str, str, str], None] = {}
        frontier, weight = list(seed_ids), 1.0
        for h in range(1, hops + 1):
            if not frontier or fanout == 0 or not walk or len(hop) >= max_nodes:
                break
            reached, walked = self._walk_rows([(s, types[s]) for s in frontier], [d for d, _ in walk])
            by_src: dict[str, list[tuple[str, str, str, dict[str, Any]]]] = {}
            for e in walked:
                by_src.setdefault(str(e["from_id"]), []).append((base_of[str(e["e_type"])], str(e["to_id"]),
                                                                 str(e["e_type"]), e))
            new: list[str] = []
            for s in sorted(frontier):
                for b, nid, _, e in sorted(by_src.get(s, []), key=lambda c: c[:3])[:fanout]:
                    edge, _ = self._edge_record(e)
                    kept_edges[(edge.src, edge.type, edge.dst)] = None
                    if nid in hop:
                        continue
                    types[nid] = str(e["to_type"])
                    score[nid] = score.get(nid, 0.0) + weight
                    seeds_of.setdefault(nid, set()).update(seeds_of[s])
                    first[nid] = min(first.get(nid, (s, b)), (s, b))
                    if nid not in new:
                        new.append(nid)
                    if nid in reached:
                        ents[nid] = self._entity(reached[nid])
            remaining = max_nodes - len(hop)
            if len(new) > remaining:
                new = sorted(new, key=lambda t: (first[t][0], first[t][1], t))[: max(0, remaining)]
            for t in new:
                hop[t] = h
            weight /= 2
            frontier = new
        order = {s: n for n, s in enumerate(seed_ids)}
        nodes = []
        for vid, hp in hop.items():
            label = ents[vid].name if vid in ents else vid
            f = first.get(vid) if hp else None
            node = SubgraphNode(id=vid, type=types[vid], label=label, hop=hp, hop_score=score.get(vid, 0.0) if hp else 0.0,
                                seeds=sorted(seeds_of[vid]), via_edge=f[1] if f else None,
                                reached_from=f[0] if f else None)
            key = (0, order[vid]) if hp == 0 else (hp, f[0], f[1], vid)
            nodes.append((key, node))
        nodes_sorted = [n for _, n in sorted(nodes, key=lambda x: x[0])]
        kept = set(hop)
        edges = [SubgraphEdge(*k) for k in sorted(kept_edges) if k[0] in kept and k[2] in kept]
        return Subgraph(nodes=nodes_sorted, edges=edges)

    def edge_keys(self) -> list[tuple[str, str, str]]:
        """Every edge (src, type, dst) in its stored direction, sorted."""
        forward = [d for d, b in self.walk_types(None, "out") if d == b]
        out: set[tuple[str, str, str]] = set()
        for page in self._entity_pages(self.type_names):
            _, walked = self._walk_rows([(e.id, e.type) for e in page], forward)
            for e in walked:
                edge, _ = self._edge_record(e)
                out.add((edge.src, edge.type, edge.dst))
        return sorted(out)

    def _impact_target(self, query: PathQuery, types: dict[str, str]) -> str | None:
        return None  # the CRM's installed impact queries do not exist here; derived paths walk step by step

    def stats(self) -> dict[str, Any]:
        names = [n for n in self.ontology().edge_type_names() if n in self.edges_by_name]
        res = self.run_query("hl_graph_stats", e_types=names)
        vertices = {str(k): int(v) for k, v in (section(res, "vertices", 0) or {}).items()}
        edges = {str(k): int(v) for k, v in (section(res, "edges", 1) or {}).items()}
        edges = {k: (v // 2 if not self.edges_by_name[k].directed else v) for k, v in edges.items()}
        return {
            "backend": self.backend, "graph": self.graph, "server": server_url(self.settings),
            "version": ".".join(map(str, self.version)), "foreign": True,
            "note": f"graph {self.graph} was not created by HopLens: read-only, no documents or chunks (structured "
                    "questions are answered from the graph; text search finds nothing)",
            "entities": {t: vertices[t] for t in self.type_names if vertices.get(t)},
            "edges": {n: edges[n] for n in names if edges.get(n)},
            "documents": 0, "chunks": 0, "tokens": 0, "embedder": self.get_meta(EMBEDDER_NAME), "dim": None,
        }

    # ---- no text on a foreign graph

    def _no_text(self, what: str) -> None:
        if what not in self._note_once:
            self._note_once.add(what)
            log.info("graph %s was not created by HopLens: it has no documents or chunks, so %s finds nothing "
                     "(structured questions are answered from the graph)", self.graph, what)

    def vector_seed(self, vector: np.ndarray, k: int) -> tuple[list[Hit], dict[str, list[str]]]:
        if k < 1:
            raise ValueError(f"k must be >= 1, got {k}")
        self._no_text("vector search")
        return [], {}

    def vector_search(self, vector: np.ndarray, k: int, embedder: Any = None) -> list[Hit]:
        return self.vector_seed(vector, k)[0] if k > 0 else []

    def lexical_search(self, text: str, k: int) -> list[Hit]:
        self._no_text("lexical search")
        return []

    def get_document(self, doc_id: str) -> Document | None:
        return None

    def get_chunks(self, chunk_ids: Sequence[str]) -> list[Chunk]:
        return []

    def chunks_of_document(self, doc_id: str) -> list[Chunk]:
        return []

    def chunks_for_entities(self, entity_ids: Sequence[str], limit_per_entity: int = 3) -> dict[str, list[str]]:
        return {i: [] for i in dict.fromkeys(entity_ids)}

    def documents_for_entity(self, entity_id: str, limit: int = 50) -> list[Document]:
        return []

    def document_hashes(self) -> dict[str, str]:
        return {}

    def refresh_indexes(self, progress: bool = False) -> dict[str, Any]:
        return {"backend": self.backend, "waited_s": 0.0}

    # ---- writes: refused (HopLens never writes into a graph it did not create)

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise StoreError(
            f"graph {self.graph!r} on {server_url(self.settings)} was not created by HopLens: it is opened read-only "
            "(HopLens does not write into a graph it did not create). Build or ingest into another HOPLENS_TG_GRAPH"
        )

    upsert_entities = upsert_edges = upsert_documents = upsert_chunks = _read_only
    delete_chunks = delete_documents = delete_entities = delete_edges = ensure_vector = _read_only


def open_store(
    settings: Settings,
    path: Path | None = None,
    *,
    create: bool = False,
    connection: Any = None,
    index_timeout_s: float = INDEX_TIMEOUT_S,
    index_poll_s: float = 0.5,
    **other: Any,
) -> TigerGraphStore:
    """Registry factory (core.store.BACKENDS). The graph lives on the server; ``path`` (the configured store
    folder) is only where client-side state is kept (the bring-your-own-documents ingest state), created on first
    write. Options meant for other backends (``read_only``, ``verify``) are ignored. ``create=True`` creates the
    graph when it is missing."""
    if other:
        log.debug("tigergraph backend ignores options %s", sorted(other))
    conn = connection if connection is not None else connect(settings)
    store = TigerGraphStore(conn, settings, index_timeout_s=index_timeout_s, index_poll_s=index_poll_s)
    store.path = Path(path) if path is not None else None
    store.check_server()
    sch = store._schema()
    if sch is not None and not is_hoplens_schema(sch):
        if create:
            raise StoreError(
                f"graph {store.graph!r} on {server_url(settings)} was not created by HopLens (it has no "
                f"{gsql_gen.META_TYPE}); HopLens opens it read-only and never changes its schema. Ask it without "
                "building (HopLens reads its ontology from the schema), or build into another HOPLENS_TG_GRAPH"
            )
        foreign = ForeignGraphStore(conn, settings, index_timeout_s=index_timeout_s, index_poll_s=index_poll_s)
        foreign.path, foreign.version = store.path, store.version
        return foreign.open_foreign(sch)
    return store.open(create=create, sch=sch)
