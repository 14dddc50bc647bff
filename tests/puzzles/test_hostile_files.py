"""Puzzle files nested thousands deep or holding a 5000-digit number: one problem naming the file, in both
languages; the other files still load, and ``puzzles check`` prints it without a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.cli import main
from shengji_kit.puzzles import load_bank

from .conftest import HEADER, WriteSet, winner_puzzle

HOSTILE = {
    "deep": HEADER + "[[puzzle]]\nid = " + "[" * 5000 + "]" * 5000 + "\n",
    "deep-tables": HEADER + "[[puzzle]]\nid = " + "{ a = " * 3000 + "1" + " }" * 3000 + "\n",
    "fairly-deep": HEADER + "[[puzzle]]\nid = " + "[" * 40 + "]" * 40 + "\n",
    "huge": HEADER + "[[puzzle]]\ndifficulty = " + "9" * 5000 + "\n",
    "bom": "\ufeff" + HEADER + winner_puzzle("fine-too"),
}


@pytest.mark.parametrize(("name", "english", "chinese"), [
    ("deep", "nested more than", "嵌套"), ("deep-tables", "nested more than", "嵌套"),
    ("fairly-deep", "nested more than", "嵌套"), ("huge", "digits", "位"),
])
def test_a_hostile_puzzle_file_is_one_problem(write_set: WriteSet, name: str, english: str, chinese: str) -> None:
    bad = write_set(HOSTILE[name].removeprefix(HEADER), name="hostile")
    good = write_set(winner_puzzle(), name="fine")
    bank = load_bank([bad, good])
    [problem] = bank.problems
    assert problem.file.endswith("hostile.toml") and problem.puzzle_id is None and problem.field == "toml"
    assert english in problem.text("en") and chinese in problem.text("zh") and "good" in bank


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_text(HOSTILE["bom"], encoding="utf-8")
    bank = load_bank([path])
    assert bank.problems == () and "fine-too" in bank


def test_puzzles_check_reports_a_hostile_file_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(HOSTILE["deep"], encoding="utf-8")
    assert main(["puzzles", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "deep.toml" in out and "nested more than" in out and "Traceback" not in out
