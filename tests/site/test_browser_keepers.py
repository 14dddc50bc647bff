"""In the browser (no class store) a page keeps its progress in a progress log that the next page reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from shengji_kit import data_folder
from shengji_kit.practice.event_log import ProgressStore
from shengji_kit.practice.keepers import lesson_keeper, trainer_keeper


def test_the_browser_keeps_progress_in_a_log_that_a_new_page_reads(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    """No class store in the browser: a progress log in the data folder, read again by the next page."""
    monkeypatch.setenv(data_folder.DATA_DIR_ENV, str(tmp_path))
    monkeypatch.setattr(sys, "platform", "emscripten")
    keeper = lesson_keeper("01_trump_ranking")
    assert isinstance(keeper, ProgressStore)
    assert keeper.record("p1", ["attempt", "solve", "star"], None)
    again = trainer_keeper("default", {}, lambda: None, tmp_path / "progress")  # type: ignore[arg-type,return-value]
    assert isinstance(again, ProgressStore)
    record = again.load().get("p1")
    assert record.solved and record.star and record.attempts == 1
