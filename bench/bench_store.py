"""Benchmark of the embedded store and `hoplens build` (numbers for the issue note; never asserted in tests).

    .venv/bin/python bench/bench_store.py --scale demo --models minilm-l3,minilm-l6
    .venv/bin/python bench/bench_store.py --scale full --models minilm-l3 --queries 200

For each model: a from-scratch build in a child process (wall time, stage timings, peak RSS of that process),
then, on the built store opened read-only: open time (with the integrity check), vector search, BM25, 2-hop
expansion from 5 seeds and an impact path query (p50/p95 over --queries runs), embedder throughput, and a retrieval
proxy (a distinctive sentence of a random chunk as the query; is its chunk in the top 1/5/10?). Writes
bench/results/store-<scale>-<time>.json. The machine is shared: load averages are recorded with the numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from core.config import Settings
from core.ingest.build import build_store
data, store, model = sys.argv[1], sys.argv[2], sys.argv[3]
t = time.perf_counter()
report = build_store(data, store, settings=Settings(offline_embedder_model=model), progress=False)
report["wall_s"] = round(time.perf_counter() - t, 2)
ru = resource.getrusage(resource.RUSAGE_SELF)
report["peak_rss_mib"] = round(ru.ru_maxrss / 1024, 1)
report["cpu_s"] = round(ru.ru_utime + ru.ru_stime, 1)  # less sensitive than wall time to a busy shared machine
print("REPORT " + json.dumps(report, default=str))
"""


def pct(xs: list[float], q: float) -> float:
    return round(float(np.percentile(np.asarray(xs) * 1000, q)), 3)


def timed(fn, runs) -> dict[str, float]:
    out = []
    for arg in runs:
        t = time.perf_counter()
        fn(arg)
        out.append(time.perf_counter() - t)
    return {"p50_ms": pct(out, 50), "p95_ms": pct(out, 95), "n": len(out)}


def build_child(data: Path, store: Path, model: str) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(data), str(store), model], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("REPORT ")), None)
    if proc.returncode or line is None:
        raise RuntimeError(f"build failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(line[len("REPORT "):])


def query_bench(store_path: Path, model: str, n: int, seed: int) -> dict:
    from core.config import Settings
    from core.ingest.chunker import sentence_spans
    from core.llm.factory import make_embedder
    from core.records import PathQuery, PathStep
    from core.schema import IMPACT_PATHS
    from core.store.embedded import EmbeddedStore

    rng = random.Random(seed)
    t = time.perf_counter()
    store = EmbeddedStore(store_path)
    open_s = time.perf_counter() - t
    embedder = make_embedder(Settings(offline_embedder_model=model))
    store.check_embedder(embedder)
    conn_rows = store._rows("SELECT id, text FROM chunks ORDER BY vid")
    sample = rng.sample(conn_rows, min(n, len(conn_rows)))
    # queries: the longest sentence (> 40 chars) of a sampled chunk that occurs in no other chunk, so the
    # source chunk is the one right answer
    from collections import Counter

    seen = Counter(text[a:b] for _, text in conn_rows for a, b in set(sentence_spans(text)))
    queries = []
    for cid, text in sample:
        sents = [text[a:b] for a, b in sentence_spans(text) if b - a > 40 and seen[text[a:b]] == 1]
        if sents:
            queries.append((cid, max(sents, key=len)))
    t = time.perf_counter()
    qvecs = embedder.embed([q for _, q in queries])
    embed_q_s = (time.perf_counter() - t) / max(1, len(queries))
    t = time.perf_counter()
    store.vector_search(qvecs[0], 8)  # first call loads the index
    first_vector_s = time.perf_counter() - t
    ranks = []
    for (cid, _), v in zip(queries, qvecs, strict=True):
        ids = [h.chunk_id for h in store.vector_search(v, 10)]
        ranks.append(ids.index(cid) if cid in ids else 99)
    vector = timed(lambda v: store.vector_search(v, 8), list(qvecs))
    t = time.perf_counter()
    store.lexical_search("warmup", 8)
    first_lexical_s = time.perf_counter() - t
    lexical = timed(lambda q: store.lexical_search(q, 8), [q for _, q in queries])
    # 2-hop expansion from 5 seeds taken from the entities of a vector search's chunks, as GraphRAG does
    seed_sets = []
    for v in qvecs:
        ents = [e for c in store.get_chunks([h.chunk_id for h in store.vector_search(v, 8)]) for e in c.entity_ids]
        seeds = list(dict.fromkeys(ents))[:5]
        if len(seeds) == 5:
            seed_sets.append(seeds)
    t = time.perf_counter()
    store.expand(seed_sets[0], hops=2)
    first_expand_s = time.perf_counter() - t
    sizes = [len(store.expand(s, hops=2, fanout=50, max_nodes=400).nodes) for s in seed_sets[:20]]
    expand = timed(lambda s: store.expand(s, hops=2, fanout=50, max_nodes=400), seed_sets)
    outages = [e.id for e in store.list_entities("Outage", limit=10_000)]
    paths = [[PathStep(*s) for s in p] for p in IMPACT_PATHS["Customer"]]
    impact = timed(lambda o: store.path_query(PathQuery([o], paths, "Customer")), outages[: n])
    # embedder throughput on chunk-sized text
    texts = [t for _, t in sample[:128]]
    t = time.perf_counter()
    embedder.embed(texts)
    dt = time.perf_counter() - t
    from core.llm.embed_offline import _tokenizer

    wp = sum(len(e.ids) for e in _tokenizer().encode_batch(texts))
    out = {
        "open_s": round(open_s, 3),
        "first_vector_search_s": round(first_vector_s, 3),
        "first_lexical_search_s": round(first_lexical_s, 3),
        "first_expand_s (builds CSR)": round(first_expand_s, 3),
        "vector_search_k8": vector,
        "lexical_search_k8": lexical,
        "expand_2hops_5seeds": {**expand, "mean_nodes": round(float(np.mean(sizes)), 1) if sizes else 0},
        "impact_path_query": impact,
        "embed_query_ms": round(embed_q_s * 1000, 2),
        "embed_throughput": {"texts_per_s": round(len(texts) / dt, 1), "wordpieces_per_s": round(wp / dt)},
        "retrieval_proxy": {
            "queries": len(ranks),
            "recall@1": round(float(np.mean([r < 1 for r in ranks])), 3),
            "recall@5": round(float(np.mean([r < 5 for r in ranks])), 3),
            "recall@10": round(float(np.mean([r < 10 for r in ranks])), 3),
        },
        "stats": store.stats(),
    }
    store.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", default="demo", choices=["tiny", "demo", "full"])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--data", type=Path, help="dataset folder (generated when missing)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/hoplens-bench-store"))
    ap.add_argument("--models", default="minilm-l3,minilm-l6")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    ap.add_argument("--keep", action="store_true", help="reuse an existing store instead of building from scratch")
    args = ap.parse_args()

    from core.dataset.io import MANIFEST

    data = args.data or args.work / f"data-{args.scale}"
    result: dict = {"scale": args.scale, "machine": {"cpus": os.cpu_count(), "load_before": os.getloadavg()},
                    "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "runs": {}}
    if not (data / MANIFEST).exists():
        from core.dataset.generate import generate_dataset

        t = time.perf_counter()
        generate_dataset(args.scale, args.seed, data, force=False, progress=True)
        result["generate_s"] = round(time.perf_counter() - t, 2)
    result["dataset"] = {k: v for k, v in json.loads((data / MANIFEST).read_text()).items()
                         if k in ("documents", "characters", "estimated_tokens", "entities_total", "edges_total")}
    for model in [m for m in args.models.split(",") if m]:
        store = args.work / f"store-{args.scale}-{model}"
        run: dict = {}
        if not (args.keep and store.exists()):
            import shutil

            shutil.rmtree(store, ignore_errors=True)
            run["load_at_build_start"] = os.getloadavg()
            build = build_child(data, store, model)
            run["build"] = {k: build[k] for k in ("wall_s", "cpu_s", "peak_rss_mib", "documents", "chunks", "embedded",
                                                  "cached", "boilerplate_sentences", "timings", "embedder")}
            run["build"]["index"] = build["index"]
            print(f"[{model}] build {build['wall_s']} s, peak RSS {build['peak_rss_mib']} MiB", flush=True)
        run["queries"] = query_bench(store, model, args.queries, args.seed)
        run["load_after"] = os.getloadavg()
        print(f"[{model}] " + json.dumps({k: v for k, v in run["queries"].items() if k != "stats"}), flush=True)
        result["runs"][model] = run
    result["children_peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"store-{args.scale}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}.json"
    path.write_text(json.dumps(result, indent=2, default=str))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
