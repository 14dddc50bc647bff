"""``shengji-kit puzzles check``: zero exit for the shipped bank, each failure named otherwise."""

from __future__ import annotations

import pytest

from shengji_kit.cli import main

from .conftest import WriteSet, winner_puzzle


@pytest.mark.slow  # the whole bank proven again: make test runs it
def test_check_of_the_shipped_bank_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "check"]) == 0
    out = capsys.readouterr().out
    assert "0 failures" in out and "endgame" in out


def test_check_names_each_failure(write_set: WriteSet, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_set(winner_puzzle("wrong", answer="1"), winner_puzzle("bad", south="HZ"), winner_puzzle("good"))
    assert main(["puzzles", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "puzzle 'wrong': field 'answer'" in out
    assert "puzzle 'bad': field 'position.trick.0'" in out
    assert "test-set.toml" in out and "1 puzzles in 1 files check out" in out


def test_check_covers_the_lessons_exercise_files(capsys: pytest.CaptureFixture[str]) -> None:
    from shengji_kit.puzzles.lesson_exercises import lesson_files
    from shengji_kit.puzzles.loader import DATA_DIR

    assert main(["puzzles", "check"]) == 0
    out = capsys.readouterr().out
    files = len(list(DATA_DIR.glob("*.toml"))) + len(lesson_files())
    assert f"in {files} files check out" in out and "is_tractor" in out and "pick_tractor" in out


def test_check_finds_a_wrong_lesson_answer(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "02_tractors.toml").write_text(
        '[set]\ntitle = { en = "t", zh = "t" }\ndescription = { en = "d", zh = "d" }\n'
        '[[puzzle]]\nid = "l2-wrong"\ngroup = "g"\nkind = "is_tractor"\ndifficulty = 1\n'
        'cards = "H2 H2 C2 C2"\nanswer = true\n'
        'title = { en = "t", zh = "t" }\nhint = { en = "h", zh = "h" }\nexplanation = { en = "e", zh = "e" }\n'
        '[puzzle.position]\nrules = "classic"\nlevel = "2"\ntrump = "S"\n',
        encoding="utf-8",
    )
    assert main(["puzzles", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "puzzle 'l2-wrong': field 'answer'" in out and "shape gives false" in out
