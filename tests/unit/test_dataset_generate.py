"""generate_dataset / `hoplens generate`: determinism, manifest, and bad input that loses nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import core.dataset.generate as gen
from core.cli import main
from core.dataset.generate import generate_dataset
from core.dataset.io import load_dataset

FILES = ("entities.jsonl", "edges.jsonl", "documents.jsonl", "manifest.json")


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_same_seed_gives_identical_files(tmp_path):
    a = generate_dataset("tiny", 3, tmp_path / "a", progress=False)
    b = generate_dataset("tiny", 3, tmp_path / "b", progress=False)
    assert a == b
    snap_a, snap_b = _snapshot(tmp_path / "a"), _snapshot(tmp_path / "b")
    assert sorted(snap_a) == sorted(FILES)
    assert snap_a == snap_b


def test_different_seed_gives_different_data(tmp_path):
    generate_dataset("tiny", 3, tmp_path / "a", progress=False)
    generate_dataset("tiny", 4, tmp_path / "b", progress=False)
    a, b = _snapshot(tmp_path / "a"), _snapshot(tmp_path / "b")
    for name in ("entities.jsonl", "edges.jsonl", "documents.jsonl"):
        assert a[name] != b[name], name
    # Same sizes per scale, different contents.
    ma, mb = json.loads(a["manifest.json"]), json.loads(b["manifest.json"])
    assert ma["entities"] == mb["entities"] and ma["seed"] == 3 and mb["seed"] == 4


def test_files_load_through_the_io_module(tmp_path):
    m = generate_dataset("tiny", 2, tmp_path / "d", progress=False)
    ds = load_dataset(tmp_path / "d")
    assert len(ds.entities) == m["entities_total"] and len(ds.edges) == m["edges_total"]
    assert len(ds.documents) == m["documents"] and ds.manifest == m
    assert {d.kind for d in ds.documents} == set(m["documents_by_kind"])
    assert all(d.id.startswith("DOC-") and d.text and d.title for d in ds.documents)


def test_unknown_scale_is_a_clear_error_and_creates_nothing(tmp_path):
    with pytest.raises(ValueError, match="unknown scale 'huge'.*tiny, demo, full"):
        generate_dataset("huge", 1, tmp_path / "x", progress=False)
    assert not any(tmp_path.iterdir())


def test_non_empty_folder_needs_force_and_is_untouched_without_it(tmp_path):
    out = tmp_path / "d"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="--force"):
        generate_dataset("tiny", 1, out, progress=False)
    assert (out / "notes.txt").read_text() == "mine"
    # --force still refuses a folder that is not a dataset: it would delete someone's files.
    with pytest.raises(FileExistsError, match="not a HopLens dataset"):
        generate_dataset("tiny", 1, out, force=True, progress=False)
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["d"]  # no temp folders left behind


def test_force_replaces_an_existing_dataset(tmp_path):
    out = tmp_path / "d"
    generate_dataset("tiny", 1, out, progress=False)
    with pytest.raises(FileExistsError):
        generate_dataset("tiny", 2, out, progress=False)
    assert json.loads((out / "manifest.json").read_text())["seed"] == 1
    generate_dataset("tiny", 2, out, force=True, progress=False)
    assert json.loads((out / "manifest.json").read_text())["seed"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d"]


def test_empty_existing_folder_is_filled(tmp_path):
    out = tmp_path / "empty"
    out.mkdir()
    generate_dataset("tiny", 1, out, progress=False)
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES)


def test_unwritable_location_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(PermissionError, match="choose a writable --out"):
        generate_dataset("tiny", 1, blocker / "data", progress=False)
    with pytest.raises(FileExistsError, match="not a folder"):
        generate_dataset("tiny", 1, blocker, progress=False)
    assert blocker.read_text() == "x"


def test_bad_seed_is_rejected(tmp_path):
    with pytest.raises(ValueError, match="seed must be an integer"):
        generate_dataset("tiny", "7", tmp_path / "d", progress=False)  # type: ignore[arg-type]


def test_a_crash_midway_keeps_the_previous_dataset(tmp_path, monkeypatch):
    out = tmp_path / "d"
    generate_dataset("tiny", 1, out, progress=False)
    before = _snapshot(out)

    def broken(world, scale, seed):
        yield from []
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(gen, "iter_documents", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        generate_dataset("tiny", 9, out, force=True, progress=False)
    assert _snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["d"]


def test_cli_generate_defaults_and_errors(tmp_path, capsys, monkeypatch):
    out = tmp_path / "cli"
    assert main(["generate", "--scale", "tiny", "--seed", "5", "--out", str(out), "--quiet"]) == 0
    assert "documents" in capsys.readouterr().out
    assert json.loads((out / "manifest.json").read_text())["seed"] == 5
    assert main(["generate", "--scale", "tiny", "--out", str(out), "--quiet"]) == 1
    assert "--force" in capsys.readouterr().err
    # Without --out the dataset goes to HOPLENS_HOME/data-<scale>, with HOPLENS_SEED as the seed.
    monkeypatch.setenv("HOPLENS_SEED", "13")
    from core.config import get_settings

    get_settings.cache_clear()
    assert main(["generate", "--scale", "tiny", "--quiet"]) == 0
    home = get_settings().home
    assert json.loads((home / "data-tiny" / "manifest.json").read_text())["seed"] == 13


def test_files_do_not_depend_on_python_hash_randomisation(tmp_path):
    import os
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from core.dataset.generate import generate_dataset; "
            "from core.dataset.questions import build_suite, write_suite; out = Path(sys.argv[1]); "
            "generate_dataset('tiny', 3, out, progress=False); write_suite(build_suite(out), out / 'q.jsonl')")
    for n in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": n}
        subprocess.run([sys.executable, "-c", code, str(tmp_path / n)], check=True, env=env)
    assert _snapshot(tmp_path / "1") == _snapshot(tmp_path / "2")
