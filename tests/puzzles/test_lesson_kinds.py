"""The kinds of lessons 7 and 8: declare, bury and chance, on the lessons' own exercise files."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from shengji_kit.engine.cards import parse_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.kinds.bury import VOID_BONUS, best_bury, bury_score
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.puzzles.model import Puzzle

LESSON_DATA = Path(__file__).parents[2] / "shengji_kit" / "puzzles" / "lesson_data"


def lesson_puzzles(name: str) -> list[Puzzle]:
    """The exercises of a lesson file, read by the puzzle reader (the ``group`` field set aside)."""
    raw = tomllib.loads((LESSON_DATA / name).read_text(encoding="utf-8"))
    found = []
    for item in raw["puzzle"]:
        fields = {key: value for key, value in item.items() if key != "group"}
        found.append(read_puzzle(fields, name[:-5], name))
    return found


def puzzle_from(fields: dict[str, Any]) -> Puzzle:
    base = {"id": "t", "difficulty": 1, "title": {"en": "t", "zh": "题"}, "hint": {"en": "h", "zh": "提示"},
            "explanation": {"en": "e", "zh": "解释"}}
    return read_puzzle({**base, **fields}, "t", "t.toml")


def test_lesson_files_hold_enough_verified_exercises() -> None:
    declaring = lesson_puzzles("07_declaring.toml")
    chances = lesson_puzzles("08_chances.toml")
    assert len(declaring) >= 10 and len(chances) >= 8
    assert {p.kind for p in declaring} == {"declare", "bury"} and {p.kind for p in chances} == {"chance"}
    for puzzle in declaring + chances:
        assert verify_puzzle(puzzle) == [], puzzle.id


def test_declare_judged_by_the_declaring_rules() -> None:
    fields = {"kind": "declare", "answer": "S2 LJ",
              "position": {"rules": "super_tycoon", "level": "2", "trump": "none", "hands": {"0": "S2 LJ H2 SA"}}}
    puzzle = puzzle_from(fields)
    assert puzzle.check("S2 LJ").correct
    assert not puzzle.check("H2").correct  # no big joker: hearts cannot be declared here
    assert not puzzle.check("no").correct
    assert "♠2" in puzzle.check("no").message("zh")
    classic = puzzle_from({**fields, "answer": "H2", "position": {**fields["position"], "rules": "classic"}})
    assert classic.check("H2").correct and classic.check("S2").correct


def test_a_lock_stops_level_pairs_but_not_jokers() -> None:
    fields = {"kind": "declare", "standing": "S2 S2 LJ", "answer": "no",
              "position": {"rules": "super_tycoon", "level": "2", "trump": "S", "hands": {"0": "H2 H2 BJ BJ"}}}
    puzzle = puzzle_from(fields)
    assert verify_puzzle(puzzle)  # the big jokers do overturn: "no" is wrong
    assert puzzle.check("BJ BJ").correct
    assert not puzzle.check("H2 H2 BJ").correct


def test_a_wrong_stated_declaration_is_reported() -> None:
    puzzle = puzzle_from({"kind": "declare", "answer": "H2 LJ", "position": {
        "rules": "super_tycoon", "level": "2", "trump": "none", "hands": {"0": "H2 LJ"}}})
    assert verify_puzzle(puzzle)


def test_bury_scores_voids_trumps_and_points() -> None:
    hand = list(parse_cards("BJ LJ S2 H2 SA SK SQ S10 S9 S8 S7 HA HA HK HQ HJ H9 H8 H7 H6 C3 C4 C6 C7 "
                            "DA DK DQ DJ D10 D9 D8 D7 D6"))
    trump = Trump("2", "S")
    _buried, score = best_bury(hand, trump)
    assert score.voids == ("C",) and score.total == VOID_BONUS
    bad = bury_score(hand, list(parse_cards("BJ LJ D10 HK C3 C4 C6 C7")), trump)
    assert bad.trumps == 2 and bad.points == 20 and bad.total < score.total


def test_bury_feedback_says_it_is_advice_and_refuses_illegal_buries() -> None:
    puzzle = next(p for p in lesson_puzzles("07_declaring.toml") if p.id == "l7-bury-void-clubs")
    wrong = puzzle.check("BJ LJ S2 H2 SA SK SQ S10")
    assert not wrong.correct and "advice" in wrong.message("en") and "建议" in wrong.message("zh")
    assert not puzzle.check("C3 C4").correct
    assert not puzzle.check("C5 C4 C6 C7 H6 H7 D6 D7").correct  # C5 is not in the hand


def test_chance_refuses_events_too_close_to_call() -> None:
    south = "BJ H2 HA HK HQ H10 H9 SA SA SK SJ S9 S5 S3 C3 C4 C7 C8 C9 D4 D6 D8 D10 DJ DQ"
    fields = {"kind": "chance", "a": {"holds": "CA", "who": "1"}, "b": {"holds": "CA", "who": "3"}, "answer": "a",
              "position": {"rules": "super_tycoon", "level": "2", "trump": "H", "hands": {"0": south}}}
    puzzle = puzzle_from(fields)
    problems = verify_puzzle(puzzle)
    assert problems and "too close" in str(problems[0])


def test_chance_right_and_wrong_answers_show_both_figures() -> None:
    puzzle = lesson_puzzles("08_chances.toml")[0]
    right, wrong = puzzle.check("a"), puzzle.check("b")
    assert right.correct and not wrong.correct
    assert "exact" in wrong.message("en") and "精确" in wrong.message("zh")
    with pytest.raises(ValueError):
        puzzle.question.grade("c")
