"""Incremental ingest of a user's documents into a store: read -> chunk -> extract -> resolve -> write.

Only new and changed documents (by content hash) are chunked, embedded and extracted; documents that disappeared
from an ingested folder are removed, and entities no document mentions any more go with them. The graph written to
the store is re-derived from the store's ``byod`` ledger (``state.py``: mentions, surface map, merges) and written
as a diff, so ingest, merge and split all end in the same place. Order of work per run keeps a crash harmless: a
document is recorded as ingested only after its chunks, entities and edges are in the store, so an interrupted run
simply redoes it; the graph change and the record of it commit together (``sync_graph`` says how on each backend).
On a store with an in-process graph (``capabilities.local_graph``) a run that changed something also refreshes the
stored communities (``communities.py``), which the Routed pipeline's global route reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from core.config import Settings, get_settings
from core.ingest.byod.extract import Extraction, make_extractor, vote_type
from core.ingest.byod.names import name_key, surface_key
from core.ingest.byod.readers import SourceDoc, read_path
from core.ingest.byod.resolve import (
    UNKNOWN_TYPE,
    Adjudicator,
    Candidate,
    Known,
    Resolver,
    Thresholds,
    place_keys,
    short_form_expansions,
)
from core.ingest.byod.state import State
from core.records import Chunk, Document, Edge, Entity, Usage
from core.schema import ENTITY_ID_RE, entity_types, type_of_id

COOCCURS = "RELATED_TO"  # co-occurrence edge type (undirected in meaning; stored src < dst)
FAULT_ENV = "HOPLENS_FAULT_AT"  # test hook (fault_point); never set in normal use
SPLIT_PENDING = "split_pending"  # ledger meta: a split's ledger change is made, its graph change maybe not
GENERIC_PREFIX = {"Person": "PER", "Company": "ORG", "Product": "PRD", "Location": "LOC", "Event": "EVT",
                  UNKNOWN_TYPE: "ENT"}


@dataclass
class IngestReport:
    root: str
    store: str
    documents: int = 0  # documents found under the path
    processed: int = 0  # new + changed: chunked, embedded, extracted
    new: int = 0
    changed: int = 0
    unchanged: int = 0
    deleted: int = 0
    chunks: int = 0
    mentions: int = 0
    relations: int = 0  # typed relations (LLM)
    entities_created: int = 0
    merges: int = 0
    entities: int = 0  # entities this ingest manages, after the run
    edges: int = 0  # edges this ingest manages, after the run
    extractor: str = "rules"
    llm_failures: int = 0  # chunks whose LLM reply was unusable (rules filled in)
    repaired: bool = False  # this run finished a split that was interrupted (graph and chunk links re-derived)
    usage: Usage = field(default_factory=Usage)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        return (f"{self.documents} documents: {self.new} new, {self.changed} changed, {self.unchanged} unchanged, "
                f"{self.deleted} deleted; {self.chunks} chunks, {self.mentions} mentions, "
                f"{self.entities_created} new entities, {self.merges} merges; store now holds {self.entities} "
                f"extracted entities and {self.edges} edges ({self.extractor}, {self.seconds:.1f} s)")


def mint_id(type_name: str, skey: str) -> str:
    """A stable id for an entity first seen as ``skey`` ("ORG-1A2B3C4D"); never shaped like an ontology id."""
    digest = hashlib.sha1(f"{type_name}|{skey}".encode()).hexdigest()[:8].upper()
    prefix = GENERIC_PREFIX.get(type_name)
    if prefix is None:
        prefix = next((f"{v.id_prefix}-X" for v in entity_types() if v.name == type_name), "ENT-")
        return f"{prefix}{digest}"
    return f"{prefix}-{digest}"


def _open_store(store, settings: Settings):
    if isinstance(store, (str, Path)):
        from core.store import open_store

        return open_store(settings, Path(store), create=True, read_only=False), True
    return store, False


def ingest_path(path, store, embedder=None, settings: Settings | None = None, generator=None,
                progress: bool = True, extractor: str = "auto") -> IngestReport:
    """Ingest a folder or file into ``store`` (a GraphStore, or a store folder path that is created if missing).

    ``generator``: a real LLM (not the offline reader) switches on LLM extraction and LLM adjudication of ambiguous
    names; None (default) extracts offline: ``extractor`` "auto" takes the spaCy NER model when the ``ner`` extra is
    installed, else the rules; "ner" requires the model; "rules" always uses the rules (``IngestReport.extractor``
    says which ran).
    """
    settings = settings or get_settings()
    t0 = time.perf_counter()
    root, docs = read_path(Path(path))  # reads and checks everything before any write
    store, owned = _open_store(store, settings)
    try:
        if embedder is None:
            from core.llm.factory import make_embedder

            embedder = make_embedder(settings)
        store.bind_embedder(embedder)
        with State.open(store) as state:
            report = _ingest(state, store, embedder, settings, generator, root, docs, progress, extractor)
        if report.processed + report.deleted or report.repaired:
            store.refresh_indexes(progress=progress)
            if store.capabilities.local_graph:  # cheap here: the global route reads them (module docstring)
                from core.ingest.byod.communities import refresh

                refresh(store)
    finally:
        if owned:
            store.close()
    report.seconds = round(time.perf_counter() - t0, 2)
    return report


def _ingest(state: State, store, embedder, settings: Settings, generator, root: Path, docs: list[SourceDoc],
            progress: bool, prefer: str = "auto") -> IngestReport:
    from tqdm import tqdm

    from core.ingest.chunker import ChunkSpec, chunk_document

    report = IngestReport(str(root), store.location)
    known = state.doc_hashes()
    of_root = state.doc_hashes(str(root))
    current = {d.doc_id: d for d in docs}
    todo = [d for d in docs if known.get(d.doc_id) != d.hash]
    gone = sorted(set(of_root) - set(current))
    report.documents, report.deleted = len(docs), len(gone)
    report.new = sum(1 for d in todo if d.doc_id not in known)
    report.changed = len(todo) - report.new
    report.unchanged = len(docs) - len(todo)
    report.processed = len(todo)
    report.repaired = state.get_meta(SPLIT_PENDING) is not None  # a split was interrupted: finish it here
    if not todo and not gone and not report.repaired:
        report.entities, report.edges = len(state.synced_entities()), len(state.synced_edges())
        return report

    # 1. forget what changed or went away (also clears a crashed run's partial mentions). The store's copy goes
    # first, in the same transaction where there is one: forgotten documents are no longer "of this root", so a
    # crash between the two must not leave their copy in the store
    stale = [d.doc_id for d in todo] + gone
    with store.transaction():
        if gone:
            store.delete_documents(gone)
        state.forget_docs(stale)

    # 2. chunk and extract
    # the store's phone book ties names to entities for certain, except names this ingest resolved itself: those
    # stay for the resolver to judge again ("Waugh" of one Waugh must not bind a new document's "Waugh")
    managed = set(state.entity_types())
    phone_book = {alias: [i for i in ids if i not in managed] for alias, ids in store.alias_table().items()}
    extractor = make_extractor(generator, {a: ids for a, ids in phone_book.items() if ids}, prefer)
    report.extractor = extractor.name
    spec = ChunkSpec.from_settings(settings)
    chunks_by_doc: dict[str, list[Chunk]] = {}
    bar = tqdm(total=len(todo), desc="extract", unit="doc", disable=not progress)
    step = settings.byod_extract_group  # documents extracted (and their mentions committed) together: one NER batch
    for g in range(0, len(todo), step):
        group = todo[g : g + step]
        for doc in group:
            chunks_by_doc[doc.doc_id] = chunk_document(Document(doc.doc_id, f"byod-{doc.kind}", doc.title, doc.text), spec)
        pairs = [(doc.doc_id, ch) for doc in group for ch in chunks_by_doc[doc.doc_id]]
        extracted: list[Extraction] = extractor.extract_many([(ch.id, ch.text) for _, ch in pairs])
        mention_rows, relation_rows = [], []
        for (doc_id, ch), got in zip(pairs, extracted, strict=True):
            report.usage = report.usage.add(got.usage)
            report.llm_failures += got.failures
            for m in got.mentions:
                mention_rows.append((doc_id, ch.id, m.text, surface_key(m.text), m.type, m.entity_id, m.start,
                                     m.end, m.method))
            for r in got.relations:
                relation_rows.append((doc_id, ch.id, surface_key(r.src), r.type, surface_key(r.dst),
                                      json.dumps(r.attrs, sort_keys=True), r.method))
        with state.transaction():
            state.add_mentions(mention_rows)
            state.add_relations(relation_rows)
        report.chunks += len(pairs)
        report.mentions += len(mention_rows)
        report.relations += len(relation_rows)
        bar.update(len(group))
    bar.close()

    # 3. resolve names no entity carries yet
    adjudicator = Adjudicator(generator) if report.extractor == "llm" else None
    split_before = {m.id for m in state.merges()}
    created, merged = resolve_surfaces(state, store, adjudicator, Thresholds.from_settings(settings))
    report.entities_created, report.merges = created, merged
    undone = [m for m in state.merges(include_undone=True) if m.id in split_before and m.undone_at]
    undone_surfaces = {s for m in undone for s in m.surfaces}
    if adjudicator is not None:
        report.usage = report.usage.add(adjudicator.usage)

    # 4. write chunks (embedded) and documents, then the derived graph
    graph = derive_graph(state, store, settings.byod_edge_sources)
    new_chunks = [c for d in todo for c in chunks_by_doc[d.doc_id]]
    for c in new_chunks:
        c.entity_ids = sorted(graph.chunk_entities.get(c.id, ()))
    _write_chunks(store, embedder, new_chunks, settings.embed_batch, progress)
    store.upsert_documents([
        Document(d.doc_id, f"byod-{d.kind}", d.title, d.text, sorted(graph.doc_entities.get(d.doc_id, ())))
        for d in todo
    ])
    sync_graph(state, store, graph)
    todo_ids = {d.doc_id for d in todo}
    if undone_surfaces:  # merges undone by this run: chunks of documents ingested before follow the split
        old_docs = {doc for doc, _c, _t, skey, _ty, explicit, _m in state.mentions()
                    if skey in undone_surfaces and not explicit and doc not in todo_ids}
        relink_documents(state, store, old_docs, graph, embedder)
    if report.repaired:  # the interrupted split's documents are not known: every earlier document follows it
        relink_documents(state, store, set(state.doc_ids()) - todo_ids, graph, embedder)
    with state.transaction():
        for d in todo:
            state.record_doc(d.doc_id, str(root), d.rel_path, d.title, d.hash, len(chunks_by_doc[d.doc_id]))
        state.delete_meta(SPLIT_PENDING)
    report.entities, report.edges = len(graph.entities), len(graph.edges)
    return report


def _write_chunks(store, embedder, chunks: list[Chunk], batch: int, progress: bool) -> None:
    """Embed only chunk texts the store has no cached vector for, then upsert."""
    if not chunks:
        return
    from tqdm import tqdm

    hashes = [hashlib.sha1(c.text.encode("utf-8")).hexdigest() for c in chunks]
    cached: dict[str, np.ndarray] = store.cached_vectors(hashes)  # {} without an embedding cache
    todo = [i for i, h in enumerate(hashes) if h not in cached]
    vectors = np.zeros((len(chunks), int(embedder.dim)), dtype=np.float32)
    for i, h in enumerate(hashes):
        if h in cached:
            vectors[i] = cached[h]
    step = max(1, int(batch))
    for s in tqdm(range(0, len(todo), step), desc="embed", unit="batch", disable=not progress or not todo):
        idx = todo[s : s + step]
        vectors[idx] = embedder.embed([chunks[i].text for i in idx])
    store.upsert_chunks(chunks, vectors)


# ---- resolution --------------------------------------------------------------------------------------------------


def _entity_types_of(store, ids: Iterable[str]) -> dict[str, str]:
    return {e.id: e.type for e in store.get_entities(sorted(set(ids)))}


def resolve_surfaces(state: State, store, adjudicator: Adjudicator | None = None,
                     thresholds: Thresholds | None = None) -> tuple[int, int]:
    """Give every surface form in the mentions an entity; returns (entities created, merges logged).
    ``thresholds``: the configured ``Thresholds.from_settings`` (default: the settings' defaults)."""
    mentions = state.mentions()  # (doc_id, chunk_id, text, skey, type, explicit_id, method)
    smap = state.surface_map()
    managed = state.entity_types()
    created = merged = 0

    with state.transaction():
        # explicit ids (an id, "Name (ID)", an alias hit) decide their surface's entity
        for _doc, _chunk, text, skey, mtype, explicit, method in mentions:
            if explicit and skey not in smap:
                smap[skey] = explicit
                state.set_surface(skey, explicit, text, mtype, method)
        explicit_ids = {m[5] for m in mentions if m[5]}
        in_store = {e.id for e in store.get_entities(sorted(explicit_ids))}
        for eid in sorted(explicit_ids - in_store - set(managed)):
            managed[eid] = type_of_id(eid) or UNKNOWN_TYPE
            state.add_entity(eid, managed[eid])
            created += 1

        # the rest: group by surface, most-mentioned first so the commonest spelling becomes the entity
        pending: dict[str, dict[str, Any]] = {}
        for _doc, chunk, text, skey, mtype, explicit, _method in mentions:
            if explicit or skey in smap:
                continue
            p = pending.setdefault(skey, {"texts": Counter(), "types": Counter(), "chunks": [], "n": 0})
            p["texts"][text] += 1
            if mtype != UNKNOWN_TYPE:
                p["types"][mtype] += 1
            p["chunks"].append(chunk)
            p["n"] += 1
        short_forms, places = _corpus_short_forms(state, pending, managed)
        _undo_ambiguous_merges(state, smap, short_forms)
        if not pending:
            return created, merged

        provisional = {skey: mint_id(vote_type(p["types"]), skey) for skey, p in pending.items()}

        def entity_of(skey: str, explicit: str | None) -> str | None:
            return explicit or smap.get(skey) or provisional.get(skey)

        by_chunk: dict[str, set[str]] = defaultdict(set)
        for _doc, chunk, _text, skey, _t, explicit, _m in mentions:
            e = entity_of(skey, explicit)
            if e:
                by_chunk[chunk].add(e)
        neighbours: dict[str, set[str]] = defaultdict(set)
        for ents in by_chunk.values():
            for e in ents:
                neighbours[e] |= ents - {e}
        docs_of: dict[str, set[str]] = defaultdict(set)
        for doc, _chunk, _text, skey, _t, explicit, _m in mentions:
            e = entity_of(skey, explicit)
            if e:
                docs_of[e].add(doc)

        resolver = Resolver(adjudicator=adjudicator, thresholds=thresholds, cannot_link=state.cannot_link(),
                            short_forms=short_forms, places=places)
        names: dict[str, set[str]] = defaultdict(set)
        for eid, text in state.rows("SELECT entity_id, text FROM byod_surfaces"):
            names[eid].add(text)
        counts = Counter(entity_of(m[3], m[5]) for m in mentions)
        types = dict(managed) | _entity_types_of(store, [e for e in names if e not in managed])
        for eid, ns in names.items():
            resolver.add(Known(eid, types.get(eid, UNKNOWN_TYPE), set(ns), set(neighbours.get(eid, ())),
                               mentions=counts.get(eid, 0), docs=set(docs_of.get(eid, ()))))
        _add_store_names(resolver, store, skip=set(names))

        # most mentioned first, then longer names, so full names are known before their short forms
        order = sorted(pending, key=lambda k: (-pending[k]["n"], -len(k), k))
        made: list[tuple[str, Candidate]] = []
        for skey in order:
            p = pending[skey]
            display = sorted(p["texts"].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
            ctype = vote_type(p["types"])
            cid = provisional[skey]
            typed = sum(p["types"].values())
            also = {t for t, c in p["types"].items() if typed and c / typed >= resolver.th.also_type_share} - {ctype}
            cand = Candidate(cid, display, ctype, set(neighbours.get(cid, ())), mentions=p["n"],
                             docs=set(docs_of.get(cid, ())), also=also)
            match = resolver.match(cand)
            if match is not None:
                winner = match.entity_id
                smap[skey] = winner
                state.set_surface(skey, winner, display, ctype, match.decision.method)
                state.log_merge(winner, cid, ctype, [skey], match.decision.method, match.decision.score,
                                match.decision.reason)
                if managed.get(winner) == UNKNOWN_TYPE and ctype != UNKNOWN_TYPE:
                    managed[winner] = ctype
                    state.add_entity(winner, ctype)
                resolver.absorb(winner, cand)
                merged += 1
            else:
                smap[skey] = cid
                managed[cid] = ctype
                state.add_entity(cid, ctype)
                state.set_surface(skey, cid, display, ctype, "new")
                resolver.add(Known(cid, ctype, {display}, set(cand.neighbours), mentions=p["n"], docs=set(cand.docs),
                                   also=set(cand.also)))
                made.append((skey, cand))
                created += 1
        # second pass: a name made into an entity before the name it matches was known (a short form seen first)
        for skey, cand in made:
            if cand.id not in resolver.known or resolver.absorbed.get(cand.id, {cand.id}) != {cand.id}:
                continue  # it has absorbed names since: moving it now would chain merges through it
            match = resolver.match(cand)
            if match is None or match.entity_id not in resolver.known:
                continue
            winner = match.entity_id
            smap[skey] = winner
            state.set_surface(skey, winner, cand.name, cand.type, match.decision.method)
            state.log_merge(winner, cand.id, cand.type, [skey], match.decision.method, match.decision.score,
                            match.decision.reason)
            state.execute("DELETE FROM byod_entities WHERE id = ?", (cand.id,))
            managed.pop(cand.id, None)
            resolver.retire(cand.id, winner)
            created -= 1
            merged += 1
    return created, merged


def _corpus_short_forms(state: State, pending: dict[str, dict[str, Any]],
                        managed: dict[str, str]) -> tuple[dict[str, set[str]], set[str]]:
    """``short_form_expansions`` over every name of the corpus (the surfaces already resolved and the new ones),
    and the name keys of its places."""
    names: dict[str, str] = {}
    for _skey, text, eid, stype in state.rows("SELECT skey, text, entity_id, type FROM byod_surfaces"):
        key = name_key(text)
        if key:
            names.setdefault(key, managed.get(eid, stype) if stype == UNKNOWN_TYPE else stype)
    for p in pending.values():
        display = sorted(p["texts"].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        key = name_key(display)
        if key:
            names.setdefault(key, vote_type(p["types"]))
    return short_form_expansions(names), place_keys(names)


def _undo_ambiguous_merges(state: State, smap: dict[str, str], short_forms: dict[str, set[str]]) -> int:
    """Split every merge that went through a short form which now stands for two or more full names (a second
    "X Waugh" arrived after "Waugh" joined the first): the merged names get their own entities back."""
    from core.ingest.byod.state import now

    ambiguous = {k for k, longs in short_forms.items() if len(longs) >= 2}
    if not ambiguous:
        return 0
    texts = dict(state.rows("SELECT skey, text FROM byod_surfaces"))
    names_of: dict[str, set[str]] = defaultdict(set)
    for skey, eid in smap.items():
        names_of[eid].add(name_key(texts.get(skey, skey)))
    undone = 0
    for m in state.merges():
        merged_keys = {name_key(texts.get(s, s)) for s in m.surfaces}
        winner_keys = names_of.get(m.winner, set()) - merged_keys
        via = next((k for k in (merged_keys | winner_keys) & ambiguous
                    if (k in merged_keys and winner_keys & short_forms[k]) or
                    (k in winner_keys and merged_keys & short_forms[k])), None)
        if via is None:
            continue
        for skey in m.surfaces:
            state.set_surface(skey, m.loser, texts.get(skey, skey), m.loser_type, "split")
            smap[skey] = m.loser
        state.add_entity(m.loser, m.loser_type)
        state.execute("UPDATE byod_merges SET undone_at = ?, reason = ? WHERE id = ?",
                           (now(), f"{m.reason}; undone: {via!r} also stands for "
                                   f"{', '.join(sorted(short_forms[via]))}", m.id))
        undone += 1
    return undone


def _add_store_names(resolver: Resolver, store, skip: set[str]) -> None:
    """Entities already in the store (a built CRM graph) are candidates too, by their names and aliases."""
    by_entity: dict[str, set[str]] = defaultdict(set)
    for key, ids in store.alias_table().items():
        if ENTITY_ID_RE.fullmatch(key.upper()):
            continue
        for eid in ids:
            if eid not in skip and eid not in resolver.known:
                by_entity[eid].add(key)
    if not by_entity:
        return
    types = _entity_types_of(store, by_entity)
    for eid, keys in by_entity.items():
        resolver.add(Known(eid, types.get(eid, UNKNOWN_TYPE), keys, locked=True))


# ---- the derived graph ----------------------------------------------------------------------------------------------


@dataclass
class DerivedGraph:
    entities: dict[str, Entity]  # managed entities that some live document mentions
    edges: dict[tuple[str, str, str], Edge]
    chunk_entities: dict[str, set[str]]
    doc_entities: dict[str, set[str]]


def derive_graph(state: State, store, max_sources: int | None = None) -> DerivedGraph:
    """Entities, co-occurrence and typed edges, and chunk/document links, from the mentions and the surface map.
    ``max_sources``: source chunk ids kept on an edge (default: the ``byod_edge_sources`` setting)."""
    if max_sources is None:
        max_sources = get_settings().byod_edge_sources
    smap = state.surface_map()
    managed = state.entity_types()
    texts: dict[str, Counter] = defaultdict(Counter)
    votes: dict[str, Counter] = defaultdict(Counter)
    count: Counter = Counter()
    chunk_entities: dict[str, set[str]] = defaultdict(set)
    doc_entities: dict[str, set[str]] = defaultdict(set)
    for doc, chunk, text, skey, mtype, explicit, _m in state.mentions():
        eid = explicit or smap.get(skey)
        if not eid:
            continue
        count[eid] += 1
        if mtype != UNKNOWN_TYPE:
            votes[eid][mtype] += 1
        if not ENTITY_ID_RE.fullmatch(text):
            texts[eid][text] += 1
        chunk_entities[chunk].add(eid)
        doc_entities[doc].add(eid)

    entities: dict[str, Entity] = {}
    for eid, n in count.items():
        if eid not in managed:
            continue  # an entity the store already had: never overwritten
        by_key: dict[str, tuple[int, str]] = {}
        for text, c in texts[eid].items():
            k = surface_key(text)
            prev = by_key.get(k, (0, text))
            by_key[k] = (prev[0] + c, max(prev[1], text, key=lambda t: (texts[eid][t], t)))
        ranked = sorted(by_key.values(), key=lambda v: (-v[0], -len(v[1]), v[1]))
        name = ranked[0][1] if ranked else eid
        aliases = [t for _, t in ranked[1:]]
        # an id fixes the type; otherwise every mention's cues vote (merges pool the evidence)
        etype = type_of_id(eid) or (vote_type(votes[eid]) if votes[eid] else managed[eid])
        entities[eid] = Entity(eid, etype, name, aliases, {"mentions": n})

    edges: dict[tuple[str, str, str], Edge] = {}
    weight: Counter = Counter()
    sources: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for chunk in sorted(chunk_entities):
        ents = sorted(chunk_entities[chunk])
        for i, a in enumerate(ents):
            for b in ents[i + 1 :]:
                key = (a, COOCCURS, b)
                weight[key] += 1
                if len(sources[key]) < max_sources:
                    sources[key].append(chunk)
    conditions: dict[tuple[str, str, str], dict[str, Any]] = {}
    for _doc, chunk, src, rtype, dst, attrs, _m in state.relations():
        a, b = smap.get(src), smap.get(dst)
        if not a or not b or a == b:
            continue
        key = (a, rtype, b)
        weight[key] += 1
        if len(sources[key]) < max_sources:
            sources[key].append(chunk)
        conditions.setdefault(key, {}).update(json.loads(attrs))
    for key, w in weight.items():
        edges[key] = Edge(key[0], key[1], key[2], {**conditions.get(key, {}), "weight": w, "chunks": sources[key]})
    return DerivedGraph(entities, edges, dict(chunk_entities), dict(doc_entities))


def _hash(obj: Any) -> str:
    return hashlib.sha1(json.dumps(obj, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def fault_point(name: str) -> None:
    """A test hook: when the environment sets ``HOPLENS_FAULT_AT`` to ``name``, the process kills itself here with
    SIGKILL, as a power cut would (tests/integration/test_ingest_crash.py). Points: ``after_graph`` (the graph
    change is made, its record is not), ``split_after_ledger`` (a split's ledger change is made, the graph change
    is not). A no-op otherwise; it never raises."""
    if os.environ.get(FAULT_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def sync_graph(state: State, store, graph: DerivedGraph) -> tuple[int, int]:
    """Write the difference between ``graph`` and what was last written (the ledger's ``byod_synced_*`` record);
    returns (entity, edge) writes.

    Crash safety. Where ``store.capabilities.atomic_transactions`` (embedded), the graph change and the new record
    are one store transaction: a crash anywhere inside leaves both as they were, and the next run writes the same
    diff again. Elsewhere (TigerGraph commits each request alone) the record is written ahead: first widened to
    everything the store may hold once this write is done (old and new keys), with every key about to be written or
    deleted marked unknown (hash ""); then the graph is changed; then the exact record. A crash between the steps
    leaves a record that still lists every key the graph may hold, the uncertain ones unknown, so the next run
    deletes those its graph no longer has and rewrites the others (deletes and upserts are idempotent)."""
    old_e, old_g = state.synced_entities(), state.synced_edges()
    new_e = {i: _hash(e.to_dict()) for i, e in graph.entities.items()}
    new_g = {k: _hash(e.to_dict()) for k, e in graph.edges.items()}
    gone_e = sorted(set(old_e) - set(new_e))
    gone_g = sorted(k for k in set(old_g) - set(new_g) if k[0] not in gone_e and k[2] not in gone_e)
    upsert_e = [graph.entities[i] for i in sorted(new_e) if old_e.get(i) != new_e[i]]
    upsert_g = [graph.edges[k] for k in sorted(new_g) if old_g.get(k) != new_g[k]]
    if not (gone_e or gone_g or upsert_e or upsert_g):
        return 0, 0
    if not store.capabilities.atomic_transactions:  # write ahead (docstring)
        state.record_sync({**old_e, **dict.fromkeys(gone_e, ""), **{e.id: "" for e in upsert_e}},
                          {**old_g, **dict.fromkeys(gone_g, ""), **{(e.src, e.type, e.dst): "" for e in upsert_g}})
    with store.transaction():  # embedded: the graph change and its record commit together
        if gone_e:
            store.delete_entities(gone_e)
        if gone_g:
            store.delete_edges(gone_g)
        store.upsert_entities(upsert_e)
        store.upsert_edges(upsert_g)
        fault_point("after_graph")
        state.record_sync(new_e, new_g)
    return len(upsert_e) + len(gone_e), len(upsert_g) + len(gone_g)


def relink_documents(state: State, store, doc_ids: Iterable[str], graph: DerivedGraph, embedder=None) -> None:
    """Rewrite chunk and document entity links after the surface map changed (split); vectors come from the
    store's cache (re-embedded only if the store has none)."""
    docs = [d for d in (store.get_document(i) for i in sorted(set(doc_ids))) if d is not None]
    chunks: list[Chunk] = []
    for d in docs:
        for c in store.chunks_of_document(d.id):
            c.entity_ids = sorted(graph.chunk_entities.get(c.id, ()))
            chunks.append(c)
    if chunks:
        try:
            store.upsert_chunks(chunks, None)
        except ValueError:
            if embedder is None:
                raise
            store.upsert_chunks(chunks, embedder.embed([c.text for c in chunks]))
    for d in docs:
        d.entity_ids = sorted(graph.doc_entities.get(d.id, ()))
    store.upsert_documents(docs)


# ---- entities and merges (the `hoplens entities` commands and the app) ------------------------------------------


@dataclass
class EntityRow:
    id: str
    type: str
    name: str
    aliases: list[str]
    mentions: int
    documents: int


def open_for_write(store, settings: Settings | None = None):
    """(store, owned): a store folder path is opened read-write (it must exist)."""
    if isinstance(store, (str, Path)):
        from core.store import open_store

        return open_store(settings or get_settings(), Path(store), read_only=False), True
    return store, False


@contextmanager
def _reading(store) -> Iterator[State]:
    """The ingest state of ``store`` (a store, or a store folder path opened read-only for the call)."""
    if isinstance(store, (str, Path)):
        from core.store import open_store

        opened = open_store(get_settings(), Path(store), read_only=True)
        try:
            yield State.open(opened, create=False)
        finally:
            opened.close()
        return
    yield State.open(store, create=False)


def managed_entities(store, type_name: str | None = None) -> list[EntityRow]:
    """Entities created from ingested documents, most mentioned first."""
    with _reading(store) as state:
        docs: dict[str, set[str]] = defaultdict(set)
        smap = state.surface_map()
        for doc, _c, _t, skey, _ty, explicit, _m in state.mentions():
            eid = explicit or smap.get(skey)
            if eid:
                docs[eid].add(doc)
        ids = sorted(state.entity_types())
    rows = []
    for e in store.get_entities(ids):
        if type_name and e.type != type_name:
            continue
        rows.append(EntityRow(e.id, e.type, e.name, list(e.aliases), int(e.attrs.get("mentions", 0)), len(docs[e.id])))
    rows.sort(key=lambda r: (-r.mentions, r.id))
    return rows


def list_merges(store, include_undone: bool = False):
    """The merge log (``MergeRow``s), oldest first."""
    with _reading(store) as state:
        return state.merges(include_undone)


@dataclass
class SuspectMerge:
    """A merge and how far its deciding evidence was above the bar (``margin``; smaller is closer)."""

    merge: Any  # MergeRow
    margin: float
    evidence: str


def suspect_merges(store, limit: int = 20, settings: Settings | None = None) -> list[SuspectMerge]:
    """Merges closest to the thresholds that allowed them, closest first: a short form by the share of its
    documents that also name the full form (``Thresholds.short_doc_cover``), a typo by how much more often the
    other spelling is seen (``frequent_ratio``), a plural or abbreviation by name similarity; an LLM's yes is
    always suspect (margin 0). Exact-name merges are never suspects. The evidence is recomputed from the mentions,
    so it reflects the documents ingested now."""
    th = Thresholds.from_settings(settings or get_settings())
    with _reading(store) as state:
        smap = state.surface_map()
        docs: dict[str, set[str]] = defaultdict(set)
        count: Counter = Counter()
        for doc, _c, _t, skey, _ty, _e, _m in state.mentions():
            docs[skey].add(doc)
            count[skey] += 1
        surfaces_of: dict[str, set[str]] = defaultdict(set)
        for skey, eid in smap.items():
            surfaces_of[eid].add(skey)
        out: list[SuspectMerge] = []
        for m in state.merges():
            if m.method == "exact":
                continue
            mine = set(m.surfaces)
            others = surfaces_of.get(m.winner, set()) - mine
            my_docs = set().union(*(docs[s] for s in mine)) if mine else set()
            other_docs = set().union(*(docs[s] for s in others)) if others else set()
            n_mine, n_other = sum(count[s] for s in mine), sum(count[s] for s in others)
            if m.method == "llm":
                margin, evidence = 0.0, "the LLM said yes"
            elif "rare spelling" in m.reason:
                ratio = n_other / max(1, n_mine)
                margin, evidence = ratio / th.frequent_ratio - 1, f"other spelling seen {ratio:.1f}x as often"
            elif m.method == "context":
                # the short form's documents that also name the full form (either side may be the short one)
                short_is_mine = min((len(name_key(x).split()) for x in mine), default=0) < \
                    min((len(name_key(x).split()) for x in others), default=0)
                short_docs, long_docs = (my_docs, other_docs) if short_is_mine else (other_docs, my_docs)
                cover = len(short_docs & long_docs) / len(short_docs) if short_docs else 0.0
                margin = cover - th.short_doc_cover
                evidence = f"{cover:.0%} of the short form's {len(short_docs)} documents also name the full form"
            else:
                margin, evidence = m.score - 0.9, f"name similarity {m.score:.2f}"
            out.append(SuspectMerge(m, round(margin, 3), evidence))
    out.sort(key=lambda r: (r.margin, r.merge.id))
    return out[:limit]


def split_merge(store, merge_id: int, embedder=None, settings: Settings | None = None):
    """Undo merge ``merge_id``: the merged name becomes its own entity again (same id as before the merge), its
    mentions, chunk links and co-mention edges move back, and the pair is never merged automatically again."""
    from core.ingest.byod.state import now

    store, owned = open_for_write(store, settings)
    try:
        with State.open(store, create=False) as state:
            m = state.merge(int(merge_id))
            if m is None:
                raise ValueError(f"no merge {merge_id}: list them with `hoplens entities merges` ({store.location})")
            if m.undone_at:
                raise ValueError(f"merge {merge_id} was already split at {m.undone_at}")
            texts = dict(state.rows("SELECT skey, text FROM byod_surfaces"))
            # embedded: the whole split is one transaction. Elsewhere the ledger change carries SPLIT_PENDING,
            # cleared only when graph and chunk links follow, so the next ingest finishes an interrupted split
            with store.transaction():
                with state.transaction():
                    for skey in m.surfaces:
                        state.set_surface(skey, m.loser, texts.get(skey, skey), m.loser_type, "split")
                    state.add_entity(m.loser, m.loser_type)
                    state.add_cannot_link(m.winner, m.loser)
                    state.execute("UPDATE byod_merges SET undone_at = ? WHERE id = ?", (now(), m.id))
                    state.set_meta(SPLIT_PENDING, str(m.id))
                fault_point("split_after_ledger")
                graph = derive_graph(state, store, (settings or get_settings()).byod_edge_sources)
                affected = {doc for doc, _c, _t, skey, _ty, explicit, _m in state.mentions()
                            if skey in set(m.surfaces) and not explicit}
                sync_graph(state, store, graph)
                relink_documents(state, store, affected, graph, embedder)
                with state.transaction():
                    state.delete_meta(SPLIT_PENDING)
            done = state.merge(m.id)
        store.refresh_indexes()
        if store.capabilities.local_graph:
            from core.ingest.byod.communities import refresh

            refresh(store)
        return done
    finally:
        if owned:
            store.close()
