"""An endgame puzzle without a written hint shows the coach's (the solver's best lead), in en and zh;
a written hint is kept; other kinds must still write one."""

from __future__ import annotations

from pathlib import Path

from shengji_kit.engine.cards import parse_cards
from shengji_kit.practice.coach_hint import coach_hint, puzzle_hint
from shengji_kit.puzzles import load_bank
from shengji_kit.puzzles.loader import DATA_DIR
from shengji_kit.words.catalogue import text

ENDGAMES = DATA_DIR / "07-endgames.toml"
FIRST_HINT = 'hint = { en = "Which lead can East\'s ♦A not beat?", zh = "出什么，东家的 ♦A 就管不住？" }\n'


def test_an_endgame_without_a_written_hint_gets_the_coachs_in_both_languages(tmp_path: Path) -> None:
    source = ENDGAMES.read_text(encoding="utf-8")
    assert FIRST_HINT in source
    path = tmp_path / "endgames.toml"
    path.write_text(source.replace(FIRST_HINT, "", 1), encoding="utf-8")
    bank = load_bank([path])
    assert not bank.problems
    puzzle = bank.get("endgame-pair-beats-high-singles")
    assert puzzle.hint("en") == ""
    for lang in ("en", "zh"):
        shown = puzzle_hint(puzzle, lang)
        assert shown == text("coachui_trainer_endgame", lang, cards=tuple(parse_cards("DQ DQ")), total=95)


def test_a_written_hint_is_kept_and_other_kinds_must_write_one(tmp_path: Path) -> None:
    bank = load_bank([ENDGAMES])
    puzzle = bank.get("endgame-pair-beats-high-singles")
    assert puzzle_hint(puzzle, "zh") == puzzle.hint("zh") != coach_hint(puzzle, "zh")
    throws = (DATA_DIR / "03-throws.toml").read_text(encoding="utf-8")
    path = tmp_path / "throws.toml"
    lines = [line for line in throws.splitlines(keepends=True) if not line.startswith("hint = ")]
    path.write_text("".join(lines), encoding="utf-8")
    problems = load_bank([path]).problems
    assert problems and all(problem.field == "hint" for problem in problems)
