"""The one atomic writer shared by game records and trainer progress."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.data_folder import write_atomically


def test_writes_text_and_bytes_and_replaces_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "folder" / "record.json"
    write_atomically(target, "第一")
    assert target.read_text(encoding="utf-8") == "第一"
    write_atomically(target, b"second")
    assert target.read_bytes() == b"second"
    assert sorted(p.name for p in target.parent.iterdir()) == ["record.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "progress.json"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "blocker").mkdir()
    with pytest.raises(OSError):
        write_atomically(tmp_path / "blocker", "new")  # os.replace cannot put a file over a folder
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker", "progress.json"]
