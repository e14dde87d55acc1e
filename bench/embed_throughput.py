"""Offline embedder throughput on real chunk views: texts/s and wordpieces/s per model, with the machine's load.

    python bench/embed_throughput.py --store STORE [--n 3000] [--models minilm-l3,static-l6]

Reads ``n`` chunks of a built store (spread over the whole store), applies the store's frozen boilerplate filter
(the text the build embeds), and times ``embed`` on them after a warm-up. Writes bench/results/embed-throughput-*.json.
The physical limit of a from-scratch build is ``distinct embedded texts / texts_per_s``.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True, type=Path)
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--models", default="minilm-l3,static-l6")
    ap.add_argument("--out", type=Path, default=Path("bench/results"))
    args = ap.parse_args()

    import numpy as np

    from core.ingest.boilerplate import EmbedView
    from core.llm.embed_offline import MODELS, OfflineEmbedder, StaticEmbedder, _tokenizer

    conn = sqlite3.connect(f"{(args.store / 'store.sqlite').resolve().as_uri()}?mode=ro", uri=True)
    total = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    step = max(1, total // args.n)
    texts = [r[0] for r in conn.execute("SELECT text FROM chunks WHERE vid % ? = 0 LIMIT ?", (step, args.n))]
    view = EmbedView(np.array([r[0] for r in conn.execute("SELECT key FROM boilerplate")], dtype=np.int64))
    views = [view(t) for t in texts]
    distinct = conn.execute("SELECT count(DISTINCT text_hash) FROM chunks").fetchone()[0]
    conn.close()
    wordpieces = sum(len(e.ids) for e in _tokenizer().encode_batch(views))
    out = {"created_at": datetime.now(UTC).isoformat(timespec="seconds"), "store": str(args.store),
           "store_chunks": total, "store_distinct_views": distinct, "sample": len(views),
           "mean_wordpieces": round(wordpieces / max(len(views), 1), 1), "models": {}}
    for key in args.models.split(","):
        if key not in MODELS:
            raise SystemExit(f"unknown model {key}; choose from {', '.join(MODELS)}")
        emb = StaticEmbedder(key) if MODELS[key].static else OfflineEmbedder(key)
        emb.embed(views[:64])  # warm-up: session, tokenizer, tables
        load = os.getloadavg()
        t0 = time.perf_counter()
        emb.embed(views)
        dt = time.perf_counter() - t0
        out["models"][key] = {"name": emb.name, "dim": emb.dim, "seconds": round(dt, 3),
                              "texts_per_s": round(len(views) / dt, 1), "wordpieces_per_s": round(wordpieces / dt),
                              "load_average_at_start": [round(x, 2) for x in load],
                              "projected_distinct_s": round(distinct / (len(views) / dt), 1)}
        print(key, out["models"][key])
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"embed-throughput-{datetime.now(UTC).strftime('%Y%m%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in out.items() if k != "models"}), "->", path)


if __name__ == "__main__":
    main()
