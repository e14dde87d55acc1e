"""Every HopLens setting and its default, in one place.

Settings come from environment variables (``HOPLENS_*``; provider keys also by their usual names) and an optional
``.env`` file in the working directory. Nothing else in the code base reads the environment.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_HOME = Path.home() / ".hoplens"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HOPLENS_", env_file=".env", extra="ignore", populate_by_name=True)

    # ---- where things live
    home: Path = DEFAULT_HOME
    store: Path | None = None  # default: <home>/store-<scale>
    data: Path | None = None  # default: <home>/data-<scale>
    scale: Literal["tiny", "demo", "full"] = "demo"
    seed: int = 7
    # the embedded store's open-time integrity check (docs/store.md, Integrity): a store up to this size (SQLite +
    # index files) gets the full check at every open; a larger one the structural + sampled check (the full one runs
    # in `hoplens verify`, before a snapshot and before a restore swaps a copy in)
    store_full_check_mb: float = Field(default=1024.0, ge=0)
    store_sample_mb: float = Field(default=64.0, ge=0)  # index-file bytes re-hashed at random by a sampled open
    store_background_check: bool = True  # ... and a sampled read-only open runs the full check in a thread after it

    # ---- backend
    backend: Literal["embedded", "tigergraph"] = "embedded"
    tg_host: str = "http://localhost"
    tg_rest_port: int = 14240
    tg_gsql_port: int = 14240
    tg_graph: str = "HopLens"
    tg_user: str = "tigergraph"
    tg_password: SecretStr = SecretStr("tigergraph")
    tg_secret: SecretStr | None = None
    tg_token: SecretStr | None = None
    tg_batch_size: int = 500
    # RESTPP stops a query after 16 s and refuses responses over 32 MB by default (server-docs API/index.adoc);
    # HopLens sends its own limits: lookups get the server's 16 s, whole-graph scans (stats, lexical, paging) more.
    tg_query_timeout_s: float = 16.0
    tg_scan_timeout_s: float = 120.0
    tg_response_limit_mb: int = 32
    tg_page_size: int = 5000  # rows per paged read (entities, document hashes, edge keys)

    # ---- models
    generator: Literal["offline", "gemini", "openai"] = "offline"
    embedder: Literal["offline", "gemini", "openai"] = "offline"
    # static-l6 (a token table distilled from all-MiniLM-L6-v2) is the default: on the demo store it matched
    # paraphrase-MiniLM-L3 on the public suite and the retrieval proxy (recall@10 0.75 vs 0.76) at ~40x the
    # throughput, which is what lets a 500 k-chunk store build within 20 minutes on 2 cores (docs/store.md).
    offline_embedder_model: Literal["minilm-l6", "minilm-l3", "static-l6"] = "static-l6"
    gemini_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("GEMINI_API_KEY", "GOOGLE_API_KEY", "HOPLENS_GEMINI_API_KEY")
    )
    gemini_model: str = "gemini-2.5-flash"
    gemini_embed_model: str = "gemini-embedding-001"
    gemini_embed_dims: int = 768
    gemini_base_url: str | None = None  # tests point this at a loopback fake
    openai_base_url: str = "http://localhost:11434/v1"  # Ollama's OpenAI-compatible endpoint
    openai_model: str = "llama3.1:8b"
    openai_embed_model: str = "nomic-embed-text"
    openai_api_key: SecretStr | None = None
    temperature: float = 0.0
    max_output_tokens: int = 512
    thinking_budget: int = 0  # Gemini 2.5 "thinking" tokens; 0 keeps answers from being cut off by thoughts
    request_timeout_s: float = 60.0
    max_retries: int = 4
    max_concurrency: int = 4
    llm_planner: bool = False  # use the configured LLM to plan (the rule-based planner stays the fallback)
    # Below this share of the question's content words accounted for, the planner states no exact result.
    plan_min_confidence: float = Field(default=0.75, ge=0.0, le=1.0)
    # A string attribute (of a vertex or an edge) with at most this many distinct values is a category the planner
    # reads as filter values ("tram", "Fall 2024"); more is free text.
    plan_observed_values: int = Field(default=40, ge=1)
    llm_rerank: bool = False  # rerank GraphRAG candidates with the configured LLM (tokens counted)

    # ---- retrieval (shared by BasicRAG and GraphRAG: fairness rule 2 and 3)
    context_budget: int = 640  # context tokens either RAG pipeline may use (prompt = system + context + question)
    top_k: int = 8  # chunks from the vector search
    hops: int = 2
    fanout: int = 50  # edges followed per frontier vertex per hop, in deterministic order
    max_subgraph_nodes: int = 200  # the subgraph view is tuned for ~200 nodes
    # ---- GraphRAG ranking and context (docs/retrieval.md reads these numbers from here; a test checks)
    graph_max_seeds: int = 8  # vector seeds kept (entities the question names are always kept)
    graph_anchor_chunks: int = 6  # chunks per named entity pulled through the graph
    graph_structured_chunks: int = 1  # supporting passages kept next to an exact computed result
    graph_structured_facts: int = 4  # result entity facts kept next to an exact computed result
    graph_rerank_pool: int = 12  # chunk candidates shown to the optional LLM reranker
    # Ranking fusion (docs/retrieval.md): node = w_anchor·[anchor] + w_result·[computed result] + w_seed·similarity
    # + w_hop·hop score / max; chunk = similarity + w_chunk_anchor·[mentions an anchor] + w_chunk_entities·min(3, Σ).
    graph_w_anchor: float = 3.0
    graph_w_result: float = 2.0
    graph_w_seed: float = 1.0
    graph_w_hop: float = 0.5
    graph_w_chunk_anchor: float = 0.3
    graph_w_chunk_entities: float = 0.1
    graph_anchor_relations: int = 12  # relations of the named entities put in the context
    graph_structured_relations: int = 4  # … when an exact computed result exists (the context stays compact)
    # Seed search of BasicRAG and GraphRAG: dense + BM25 fused by reciprocal rank fusion (core/retrieval/search.py).
    search_mode: Literal["hybrid", "dense", "lexical"] = "hybrid"
    rrf_k: int = 20  # the RRF constant: weight / (rrf_k + rank); 20 beat the usual 60 here (docs/evaluation.md)
    hybrid_pool: int = 50  # candidates taken from each of the dense and BM25 lists before fusion
    dense_weight: float = 0.5  # RRF weight of the dense list: the small offline MiniLM is weak on id-heavy questions
    lexical_weight: float = 1.0  # RRF weight of the BM25 list
    # BasicRAG and the Routed pipeline (docs/retrieval.md, docs/byod.md state these; tests/unit/test_docs_settings.py)
    basic_candidates: int = Field(default=8, ge=1)  # BasicRAG fetches top_k x this many chunks, re-sorts, fills the budget
    routed_overfetch: int = Field(default=3, ge=1)  # the Routed pipeline's needle route fetches top_k x this many chunks
    routed_communities: int = Field(default=3, ge=1)  # stored community summaries the global route puts in context

    # ---- ingest
    chunk_tokens: int = 160
    chunk_overlap: int = 24
    embed_batch: int = 64
    # embedding requests in flight at once for a remote embedder (Gemini, OpenAI-compatible), each retried on its own
    embed_concurrency: int = Field(default=4, ge=1)
    # bring-your-own-documents ingest (docs/byod.md) and its entity resolution (core.names.Thresholds reads resolve_*)
    byod_extract_group: int = Field(default=16, ge=1)  # documents extracted (and their mentions committed) together
    byod_edge_sources: int = Field(default=20, ge=1)  # source chunk ids kept on an edge (its weight counts them all)
    resolve_min_fuzzy: int = 60  # rapidfuzz token_set_ratio floor for two names to be compared at all
    resolve_typo_min_len: int = 4  # a one-letter edit only counts as a possible typo in tokens at least this long
    resolve_single_typo_min_len: int = 7  # ... and in a one-word name, only when it is at least this long
    resolve_long_typo_len: int = 8  # a rare spelling needs no document evidence when the edited word is this long
    resolve_short_doc_cover: float = 0.5  # share of a short form's documents that must also name its one full form
    resolve_specific_short_tokens: int = 2  # a short form this many words long with one full form needs no evidence
    resolve_context_share: float = 0.5  # ... or weighted share of its co-mentioned entities the full form also has
    resolve_context_specific: float = 0.3  # ... with this summed weight (w = 1/log2(2 + degree))
    resolve_rare_mentions: int = 2  # a spelling seen at most this often (in one document) ...
    resolve_frequent_ratio: float = 3.0  # ... one letter away from a name seen this many times as often is its typo
    resolve_max_llm_calls: int = 3  # LLM adjudications per name (with --llm)
    resolve_also_type_share: float = 0.25  # a type this share of a name's typed mentions voted for also counts

    # ---- the app (docs/app.md); demo = read-only public mode (`hoplens app --demo` or HOPLENS_DEMO=1)
    demo: bool = False
    admin_token: SecretStr | None = None  # unlocks write actions for one session in demo mode (or Streamlit secrets)
    admin_attempts_per_minute: int = 5  # wrong-token attempts per session per minute, and 4x that per server
    demo_questions_per_minute: int = 6  # per browser session, Ask and Compare together (a Compare run is one)
    answer_timeout_s: float = 30.0  # any single answer in the app; longer ones are abandoned with a message
    answer_workers: int = 4  # answers computed at once in the app; more wait (then time out) instead of piling up
    answer_cache_entries: int = 256  # demo mode: repeated questions are served from a bounded LRU cache
    max_upload_mb: float = 5.0  # per uploaded file; the content is checked to be text/markdown/JSON lines

    # ---- hoplens import-graph (docs/byog.md)
    graph_import_max_mb: float = 512.0  # per GraphML/CSV/documents file; a larger one is refused before parsing
    graph_import_text_chars: int = 200  # a string property this long (and of 2+ sentences) becomes a Document
    graph_import_categorical_max: int = 12  # a string property with at most this many distinct values is closed
    # type synonyms from WordNet (core/type_synonyms.py) added to an imported graph's type nouns
    graph_import_synonyms: bool = True

    def store_path(self) -> Path:
        return self.store or self.home / f"store-{self.scale}"

    def data_path(self) -> Path:
        return self.data or self.home / f"data-{self.scale}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
