"""Hostile files a teacher or a learner's folder may hold (deep nesting, 5000-digit numbers): each reader
gives one clear error, and never a traceback (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.classroom.class_list import ClassListError, load_class_list
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.practice.events import parse_log
from shengji_kit.practice.import_progress import import_progress_files
from shengji_kit.practice.progress import ProgressFormatError

DEEP_JSON = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000


@pytest.mark.parametrize("body", ["[users]\nann = " + "[" * 5000 + "]" * 5000, f"[users]\nann = {{ pin = {HUGE} }}",
                                  "[users\nann = 1", ""])
def test_a_hostile_class_list_is_one_clear_error(tmp_path: Path, body: str) -> None:
    path = tmp_path / "class.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ClassListError) as refused:
        load_class_list(path)
    assert "class.toml" in str(refused.value) and " · " in str(refused.value), "named, in both languages"


def test_a_progress_log_line_nested_too_deep_is_a_damaged_line() -> None:
    with pytest.raises(ProgressFormatError, match="line 2"):
        parse_log('{"puzzle": "p", "kind": "attempt", "at": "2026-01-01T00:00:00"}\n' + DEEP_JSON)


@pytest.mark.parametrize("body", [DEEP_JSON, '{"version": 1, "puzzles": {"p": {"attempts": ' + HUGE + "}}}"])
def test_a_hostile_old_progress_file_is_set_aside_and_the_import_goes_on(tmp_path: Path, body: str) -> None:
    folder = tmp_path / "progress"
    folder.mkdir()
    (folder / "ann.json").write_text(body, encoding="utf-8")
    store = SQLClassStore(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    try:
        report = import_progress_files(store, folder, clock=lambda: "20261202-000000")
    finally:
        store.close()
    assert len(report.set_aside) == 1 and report.set_aside[0].read_text(encoding="utf-8") == body, "kept, not deleted"
    assert not (folder / "ann.json").exists() and report.imported == []
