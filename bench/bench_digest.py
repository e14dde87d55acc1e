"""Cost of the store's content digests (core.store.digest): write time with and without the hashing triggers,
read-only open time, and ``hoplens verify`` time, on a built store (demo scale by default).

    python bench/bench_digest.py --store /path/to/demo-store [--out bench/results]

Writes are measured by copying every record of the given store into two fresh stores through the store's own
write methods (128 documents per transaction, as ``hoplens build`` commits): one with the digest triggers, one with
them removed. Embedding is not part of it (vectors are copied), so the difference is the whole build-time cost.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.store import digest  # noqa: E402
from core.store.embedded import EmbeddedStore  # noqa: E402


def _records(src: Path):
    with EmbeddedStore(src) as s:
        ents = s.list_entities(limit=10**9)
        conn = sqlite3.connect(f"{(src / 'store.sqlite').resolve().as_uri()}?mode=ro", uri=True)
        edge_rows = conn.execute("SELECT src, type, dst, attrs FROM edges WHERE type != 'MENTIONS'").fetchall()
        doc_ids = [r[0] for r in conn.execute("SELECT id FROM documents ORDER BY id")]
        conn.close()
        from core.store._sqlite import edge_from_row

        edges = [edge_from_row(r) for r in edge_rows]
        docs = [s.get_document(i) for i in doc_ids]
        chunks = {i: s.chunks_of_document(i) for i in doc_ids}
        keys = dict(sqlite3.connect(src / "store.sqlite").execute("SELECT id, text_hash FROM chunks").fetchall())
        vecs = s.cached_vectors(list(set(keys.values())))
        dim = int(s.get_meta("embedder_dim"))
    return ents, edges, docs, chunks, keys, vecs, dim


def _write(dst: Path, recs, digests: bool) -> float:
    ents, edges, docs, chunks, keys, vecs, dim = recs
    s = EmbeddedStore(dst, create=True, read_only=False)
    if not digests:
        with s.transaction() as c:
            for (name,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'hl_%'"
                                     ).fetchall():
                c.execute(f'DROP TRIGGER "{name}"')
    t0 = time.perf_counter()
    s.upsert_entities(ents)
    s.upsert_edges(edges)
    for i in range(0, len(docs), 128):
        batch = docs[i : i + 128]
        cs = [c for d in batch for c in chunks[d.id]]
        with s.transaction():
            s.upsert_documents(batch)
            if cs:
                ks = [keys[c.id] for c in cs]
                s.upsert_chunks(cs, np.stack([vecs[k] for k in ks]).reshape(len(cs), dim), vector_keys=ks)
    elapsed = time.perf_counter() - t0
    s.close(refresh=False)
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    recs = _records(args.store)
    with tempfile.TemporaryDirectory() as tmp:
        with_d = _write(Path(tmp) / "with", recs, True)
        without = _write(Path(tmp) / "without", recs, False)
    opens = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        EmbeddedStore(args.store).close()
        opens.append(time.perf_counter() - t)
    checks = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        digest.check_open(args.store / "store.sqlite", None)
        checks.append(time.perf_counter() - t)
    t = time.perf_counter()
    report = digest.verify_store(args.store)
    verify_s = time.perf_counter() - t
    out = {
        "store": str(args.store),
        "rows": report["rows"],
        "write_s_with_digests": round(with_d, 3),
        "write_s_without_digests": round(without, 3),
        "digest_write_cost_s": round(with_d - without, 3),
        "open_s_median": round(statistics.median(opens), 3),
        "open_s_max": round(max(opens), 3),
        "content_check_s_median": round(statistics.median(checks), 3),
        "verify_s": round(verify_s, 3),
        "verify_ok": report["ok"],
        "loadavg_before": load_before,
        "loadavg_after": Path("/proc/loadavg").read_text().split()[:3],
        "cores": 2,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"digest-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}.json"
    path.write_text(json.dumps(out, indent=1))
    print(json.dumps(out, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
