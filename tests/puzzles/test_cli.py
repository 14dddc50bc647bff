"""``shengji-kit puzzles check``: zero exit for the shipped bank, each failure named otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.cli import main
from shengji_kit.puzzles.bank import load_bank
from shengji_kit.puzzles.check_mined import MINED_SAMPLE, check_mined
from shengji_kit.puzzles.loader import MINED_DIR

from .conftest import WriteSet, winner_puzzle


@pytest.mark.slow  # the whole bank proven again: make test runs it
def test_check_of_the_shipped_bank_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "check"]) == 0
    out = capsys.readouterr().out
    assert "0 failures" in out and "endgame" in out
    mined = len(load_bank([MINED_DIR]))
    assert f"{MINED_SAMPLE} of {mined} mined items re-proved (a sample drawn with seed 0); 0 failures" in out


def mined_copy(folder: Path, count: int = 4) -> list[str]:
    """The first ``count`` items of the shipped mined throw set written to ``folder``; their ids."""
    text = (MINED_DIR / "mined-throw.toml").read_text(encoding="utf-8")
    head, *items = text.split("\n# cut from ")
    folder.mkdir()
    (folder / "mined-throw.toml").write_text(head + "".join("\n# cut from " + item for item in items[:count]))
    return [puzzle.id for puzzle in load_bank([folder]).puzzles()]


def test_the_mined_check_draws_a_seeded_sample_and_all_with_none(tmp_path: Path) -> None:
    ids = mined_copy(tmp_path / "mined")
    assert len(ids) == 4
    first = check_mined(2, seed=0, folder=tmp_path / "mined")
    assert (first.checked, first.total, first.problems) == (2, 4, ())
    every = check_mined(None, folder=tmp_path / "mined")
    assert (every.checked, every.total, every.problems) == (4, 4, ())


def test_the_mined_check_names_an_item_whose_stated_cost_is_wrong(tmp_path: Path) -> None:
    ids = mined_copy(tmp_path / "mined", 2)
    path = tmp_path / "mined" / "mined-throw.toml"
    text = path.read_text(encoding="utf-8")
    second = text.index(f'id = "{ids[1]}"')
    cost = text.index("cost = ", second)
    end = text.index("\n", cost)
    path.write_text(text[:cost] + "cost = 95" + text[end:], encoding="utf-8")
    report = check_mined(None, folder=tmp_path / "mined")
    assert report.checked == 2 and [problem.puzzle_id for problem in report.problems] == [ids[1]]


def test_check_names_each_failure(write_set: WriteSet, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_set(winner_puzzle("wrong", answer="1"), winner_puzzle("bad", south="HZ"), winner_puzzle("good"))
    assert main(["puzzles", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "puzzle 'wrong': field 'answer'" in out
    assert "puzzle 'bad': field 'position.trick.0'" in out
    assert "test-set.toml" in out and "1 puzzles in 1 files check out" in out


@pytest.mark.slow  # every lesson file proven again: make test runs it, make check does not
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
