"""Test-only helpers for store and ingest tests: a deterministic hashing embedder and hand-built datasets.

HashingEmbedder is NOT a model: it hashes word unigrams into a fixed number of buckets (signed), so texts sharing
words get similar vectors. It keeps store tests fast and independent of onnxruntime.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from core.dataset.io import FILES, MANIFEST, write_jsonl
from core.records import Document, Edge, Entity


class HashingEmbedder:
    def __init__(self, dim: int = 64, name: str = "test:hashing-64"):
        self.dim, self.name = dim, name
        self.calls = 0
        self.texts_embedded = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.texts_embedded += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in re.findall(r"\w+", t.lower()):
                h = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=8).digest(), "little")
                out[i, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
            n = np.linalg.norm(out[i])
            out[i] = out[i] / n if n else np.eye(self.dim, dtype=np.float32)[0]
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


def write_dataset(path: Path, entities: list[Entity], edges: list[Edge], documents: list[Document]) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    write_jsonl(path / FILES["entities"], entities)
    write_jsonl(path / FILES["edges"], edges)
    write_jsonl(path / FILES["documents"], documents)
    (path / MANIFEST).write_text('{"scale": "test", "seed": 0}', encoding="utf-8")
    return path


SENTENCES = (
    "The quarterly review covered adoption of dashboards and the renewal timeline.",
    "Latency on the payments API rose sharply during the maintenance window.",
    "Storage replication lagged behind and several nightly exports failed.",
    "The customer asked for a root cause analysis and a credit for the downtime.",
    "Our engineers rolled back the configuration change and monitored recovery.",
    "Please advise.",
    "Thanks in advance.",
)


def small_world(n_customers: int = 12, n_docs: int = 30, seed: int = 0) -> tuple[list[Entity], list[Edge], list[Document]]:
    """A small coherent CRM graph plus documents that mention its entities by id and by name/alias."""
    rng = np.random.default_rng(seed)
    regions = [Entity(f"REGION-R{i}", "Region", f"Region {name}", [f"{name} region"], {"geo": "Europe"})
               for i, name in enumerate(["Frankfurt", "Dublin", "Paris"])]
    vendors = [Entity(f"VEND-{i:02d}", "Vendor", f"Vendor{i} Cloud", [f"Vendor{i}"], {"sla_tier": ["Gold", "Silver"][i % 2]})
               for i in range(1, 5)]
    customers = [
        Entity(f"CUST-{i:04d}", "Customer", f"Customer{i} Holdings", [f"Customer{i}", f"CUSTOMER{i} Inc."],
               {"segment": ["Enterprise", "SMB", "Mid-Market"][i % 3], "arr": float(100 * i), "health_score": int(40 + i)})
        for i in range(1, n_customers + 1)
    ]
    outages = [Entity(f"OUTAGE-{i:03d}", "Outage", f"Outage number {i}", [], {"severity": ["P1", "P2"][i % 2],
                      "affected_systems": ["api", "storage"][: 1 + i % 2]}) for i in range(1, 4)]
    edges: list[Edge] = []
    for i, v in enumerate(vendors):
        edges.append(Edge(v.id, "OPERATES_IN", regions[i % 3].id))
        edges.append(Edge(v.id, "OPERATES_IN", regions[(i + 1) % 3].id))
    for i, o in enumerate(outages):
        edges.append(Edge(vendors[i].id, "EXPERIENCED", o.id))
        edges.append(Edge(o.id, "IN_REGION", regions[i % 3].id))
    for c in customers:
        prim = vendors[int(rng.integers(len(vendors)))]
        edges.append(Edge(c.id, "DEPENDS_ON", prim.id, {"role": "primary"}))
        for v in vendors:
            if v.id != prim.id and rng.random() < 0.3:
                edges.append(Edge(c.id, "DEPENDS_ON", v.id, {"role": "secondary"}))
        edges.append(Edge(c.id, "LOCATED_IN", regions[int(rng.integers(3))].id))
    entities = regions + vendors + customers + outages
    docs = []
    for d in range(n_docs):
        c = customers[d % len(customers)]
        v = vendors[d % len(vendors)]
        body = [f"Account note for {c.name} ({c.id})."]
        body += [str(SENTENCES[int(k)]) for k in rng.choice(len(SENTENCES), 4, replace=False)]
        body.append(f"They depend on {v.aliases[0]} for hosting, see also {outages[d % 3].id}.")
        body.append(f"Follow-up number {d}: {rng.choice(['renewal', 'escalation', 'upsell'])} discussed with {c.aliases[1]}.")
        docs.append(Document(f"DOC-{d:05d}", "account_note", f"Note {d} on {c.name}", "\n\n".join(body), [c.id, v.id]))
    return entities, edges, docs
