"""A build with the OpenAI-compatible embedder against the loopback fake at scale: 429s with Retry-After on a share of
the embedding requests, the build killed with SIGKILL in the middle of a document batch, then run again.

The fake lives in this process and outlives the killed build, so it counts every text embedded across both runs.
A reference build (no faults) of the same dataset gives the distinct texts and the store the resumed build must equal.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_openai import FakeOpenAI

from core.config import Settings
from core.ingest.build import DOC_BATCH
from core.llm.openai_compat import OpenAICompatEmbedder
from core.store import open_store
from core.store.base import BUILD_STATE

_SCRIPT = Path(sys.executable).with_name("hoplens")  # the installed command; else the same CLI through -m
HOPLENS = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "core.cli"]
RETRY_AFTER_S = 0.2
CONCURRENCY = 3


def env_for(fake: FakeOpenAI, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOPLENS_")}
    env.update(
        HOPLENS_HOME=str(home),
        HOPLENS_EMBEDDER="openai",
        HOPLENS_OPENAI_BASE_URL=fake.base_url,
        HOPLENS_OPENAI_EMBED_MODEL="fake-embed",
        HOPLENS_EMBED_BATCH="8",
        HOPLENS_EMBED_CONCURRENCY=str(CONCURRENCY),
        HOPLENS_MAX_RETRIES="6",
    )
    return env


def build_cmd(data: Path, store: Path) -> list[str]:
    return [*HOPLENS, "build", "--data", str(data), "--store", str(store), "--json", "--quiet"]


def run_build(fake: FakeOpenAI, home: Path, data: Path, store: Path) -> dict:
    out = subprocess.run(build_cmd(data, store), env=env_for(fake, home), cwd=home, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def wait_for(cond, proc: subprocess.Popen, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        if proc.poll() is not None:
            raise AssertionError(f"the build ended (rc {proc.returncode}) before it could be killed mid-run: "
                                 f"{proc.stderr.read()[-2000:] if proc.stderr else ''}")
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("the build never reached the point where it is killed")
        time.sleep(0.02)


def open_built(home: Path, store: Path):
    return open_store(Settings(home=home, store=store, embedder="openai"), store)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    from core.dataset.generate import generate_dataset

    data = tmp_path_factory.mktemp("remote-build") / "data"
    generate_dataset("tiny", 7, data, progress=False)
    return data


def test_killed_build_with_429s_resumes_without_re_embedding(dataset, tmp_path):
    home = tmp_path
    with FakeOpenAI() as ref_fake:  # the same build without faults: what the resumed one must come to
        reference = run_build(ref_fake, home, dataset, home / "reference")
        ref_requests = sum(r.path == "/v1/embeddings" for r in ref_fake.requests)
        ref_texts = list(ref_fake.embedded)
    distinct = len(set(ref_texts))
    assert len(ref_texts) == distinct  # a clean build embeds each distinct text once (+ the dimension probe)
    docs = reference["documents"]
    assert docs > DOC_BATCH  # more than one committed document batch, so a kill can fall after the first

    store = home / "store"
    with FakeOpenAI() as fake:
        fake.rate_limit(every=4, retry_after=str(RETRY_AFTER_S))  # every 4th embedding request: 429 + Retry-After
        # stall (then kill) half-way between the end of the first document batch and the end of the build
        fake.hold_after(int(ref_requests * (1 + DOC_BATCH / docs) / 2))
        proc = subprocess.Popen(build_cmd(dataset, store), env=env_for(fake, home), cwd=home,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(lambda: fake.held >= 1, proc)  # the build is waiting on an embedding reply: mid-run
            os.kill(proc.pid, signal.SIGKILL)
            assert proc.wait(timeout=30) == -signal.SIGKILL
        finally:
            if proc.poll() is None:
                proc.kill()
            fake.release()
            if proc.stderr:
                proc.stderr.close()
        first_run = len(fake.embedded)
        assert 0 < first_run < distinct

        fake.hold_after(None)
        resumed = run_build(fake, home, dataset, store)
        second_run = len(fake.embedded) - first_run
        requests = [r for r in fake.requests if r.path == "/v1/embeddings"]

    # it resumed: the documents committed before the kill were neither processed nor embedded again
    assert resumed["unchanged"] > 0 and resumed["processed"] + resumed["unchanged"] == docs
    assert second_run == resumed["embedded"] + 1  # what the build embedded (+ its dimension probe), no more
    assert second_run < distinct
    assert first_run + second_run < 2 * distinct  # nothing that was committed was embedded twice
    assert len(set(fake.embedded)) == distinct  # and every distinct text got embedded

    # 429s were retried request by request, each after the server's Retry-After, never over the concurrency limit
    limited = [r for r in requests if r.status == 429]
    assert len(limited) >= 3
    for r in limited:
        again = [x for x in requests if x.body["input"] == r.body["input"] and x.at > r.at]
        assert again and min(x.at for x in again) - r.at >= RETRY_AFTER_S * 0.9
    assert fake.max_in_flight <= CONCURRENCY

    # the resumed store opens complete and equals the reference build: same documents, chunks and nearest chunks
    with FakeOpenAI() as query_fake:
        embedder = OpenAICompatEmbedder(query_fake.base_url, "fake-embed", dim=16)
        got, want = open_built(home, store), open_built(home, home / "reference")
        try:
            assert got.get_meta(BUILD_STATE) == "complete"
            assert got.stats()["chunks"] == want.stats()["chunks"] == reference["chunks"]
            assert got.document_hashes() == want.document_hashes()
            got.check_embedder(embedder)
            for text in ref_texts[1:6]:
                q = embedder.embed_query(text)
                assert [h.chunk_id for h in got.vector_search(q, 5)] == [h.chunk_id for h in want.vector_search(q, 5)]
        finally:
            got.close()
            want.close()
