"""One reader for the ``[position]`` table: the solver's files and the puzzles refuse a bad table
with the same ``PositionError`` (same code, field and text), naming the file and the puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.cli import main
from shengji_kit.game.position_table import PositionError
from shengji_kit.puzzles import Problem
from shengji_kit.puzzles.loader import load_file
from shengji_kit.solver import Position

from .conftest import HEADER

TABLE = """rules = "super_tycoon"
level = "2"
trump = "S"
dealer = 0
leader = 1
hands = { 0 = "SA SK H3", 1 = "S3 H9 HK", 2 = "D4 D5 C10", 3 = "SJ H10 C3" }
kitty = "H5 D10 C4 C6 C7 C8 C9 C9"
points = 40
"""

ENDGAME = """
[[puzzle]]
id = "shared"
kind = "endgame"
difficulty = 3
total = 0
best = ["S3"]
title = { en = "t", zh = "题" }
hint = { en = "h", zh = "提示" }
explanation = { en = "e", zh = "解释" }
[puzzle.position]
"""

BAD_TABLES = [
    (('"D4 D5 C10"', '"X9 D5 C10"'), "position.hands.2", "position_unknown_card"),
    (('"SJ H10 C3"', '"SA H10 SA"'), "position.hands.3", "position_too_many_copies"),
    (('level = "2"', 'level = "Z"'), "position.level", "position_bad_level"),
    (("points = 40", "points = 190"), "position.points", "position_bad_points"),
    (("dealer = 0", "dealer = 4"), "position.dealer", "position_bad_seat"),
    (("points = 40", 'colour = "red"'), "position.colour", "position_unknown_field"),
]


@pytest.mark.parametrize(("change", "field", "code"), BAD_TABLES)
def test_solver_and_puzzle_loader_give_the_same_error(
    tmp_path: Path, change: tuple[str, str], field: str, code: str
) -> None:
    bad = TABLE.replace(*change)
    solver_file = tmp_path / "position.toml"
    solver_file.write_text("[position]\n" + bad, encoding="utf-8")
    puzzle_file = tmp_path / "set.toml"
    puzzle_file.write_text(HEADER + ENDGAME + bad, encoding="utf-8")

    with pytest.raises(PositionError) as caught:
        Position.load(solver_file)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.code, error.field, error.file, error.puzzle_id) == (code, field, str(solver_file), None)
    assert str(error) == f"{solver_file}: {error.message('en')}"
    assert error.message("en").startswith(field) and field in error.message("zh")

    puzzle_set, problems = load_file(puzzle_file)
    assert puzzle_set is not None and puzzle_set.puzzles == ()
    assert problems == [Problem(problems[0].file, "shared", field, error.message("en"))]


def test_both_commands_print_the_same_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = TABLE.replace('"D4 D5 C10"', '"X9 D5 C10"')
    (tmp_path / "position.toml").write_text("[position]\n" + bad, encoding="utf-8")
    (tmp_path / "set.toml").write_text(HEADER + ENDGAME + bad, encoding="utf-8")
    message = "position.hands.2: unknown card 'X9'."

    assert main(["solve", str(tmp_path / "position.toml")]) == 2
    assert f"position.toml: {message}" in capsys.readouterr().err
    assert main(["puzzles", "check", str(tmp_path / "set.toml")]) == 1
    assert f"puzzle 'shared': field 'position.hands.2': {message}" in capsys.readouterr().out


def test_the_error_names_the_puzzle_in_both_languages() -> None:
    error = PositionError("position_missing", {"field": "position.leader"}).located("set.toml", "shared")
    assert error.describe("en") == "set.toml: puzzle 'shared': position.leader is missing."
    assert error.describe("zh") == "set.toml：题目 'shared'：缺少 position.leader。"
    assert str(error) == error.describe("en")
