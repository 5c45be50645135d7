"""The helper's scratch folder: made per helper, swept when its helper is gone."""

import os
import subprocess
import sys

from plruntime import scratch


def test_sweep_removes_folders_of_dead_helpers_only(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    gone = tmp_path / f"pl-helper-{dead.pid}-abc"
    kept = tmp_path / f"pl-helper-{os.getpid()}-def"
    other = tmp_path / "pl-helper-notapid"
    for folder in (gone, kept, other):
        folder.mkdir()
    scratch.sweep_stale(str(tmp_path))
    assert not gone.exists()
    assert kept.exists()
    assert other.exists()


def test_create_hands_the_folder_to_workers_and_remove_deletes_it(monkeypatch):
    monkeypatch.delenv(scratch.ENV, raising=False)
    folder = scratch.create()
    try:
        assert os.path.isdir(folder)
        assert os.environ[scratch.ENV] == folder
        assert os.path.basename(folder).startswith(f"pl-helper-{os.getpid()}-")
    finally:
        scratch.remove(folder)
        monkeypatch.delenv(scratch.ENV, raising=False)
    assert not os.path.exists(folder)
