"""Lesson 4, who wins the trick: exercises, the smallest-winner kind, the try-it table, the stepper."""

from __future__ import annotations

import pytest
from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.apps.lessons import winning_lesson as winning
from shengji_kit.game.bots import RuleBot, play_round
from shengji_kit.game.record import parse as parse_record
from shengji_kit.game.round import Round
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.render.lesson_panels.follow_table import FollowTable
from shengji_kit.render.lesson_panels.trick_stepper import (
    RecordedTrick,
    TrickStepper,
    explain_trick,
    recorded_tricks,
)
from shengji_kit.words.catalogue import text

from .lesson_notebooks import notebook_groups, notebook_has_no_outputs

SLUG = "04_winning"
TRUMP = sk.Trump("2", "S")


def test_every_exercise_loads_and_agrees_with_the_engine() -> None:
    exercises = load_lesson(SLUG)
    assert exercises.problems == ()
    assert len(exercises.items) >= 12
    for item in exercises.items:
        assert item.question.verify() == [], item.id
    assert exercises.group_names() == notebook_groups(SLUG) == ["which_wins", "can_ruff_win", "smallest"]
    assert notebook_has_no_outputs(SLUG)


def _smallest_raw(answer: str) -> dict[str, object]:
    return {
        "id": "t-smallest", "kind": "smallest_winner", "difficulty": 1, "answer": answer,
        "title": {"en": "t", "zh": "t"}, "hint": {"en": "h", "zh": "h"}, "explanation": {"en": "e", "zh": "e"},
        "position": {"rules": "super_tycoon", "level": "2", "trump": "S", "leader": 1,
                     "trick": {"1": "CK", "2": "S7", "3": "C3"}, "hands": {"0": "S4 S9 SQ H2 D8"}},
    }


@pytest.mark.parametrize(
    ("answer", "correct", "first_line"),
    [("S9", True, "smallest_right"), ("SQ", False, "smallest_too_big"), ("S4", False, "smallest_loses"),
     ("D8", False, "smallest_loses"), ("CA", False, "not_in_hand")],
)
def test_smallest_winner_is_judged_by_the_engine(answer: str, correct: bool, first_line: str) -> None:
    puzzle = read_puzzle(_smallest_raw("S9"), "t", "t.toml")
    grade = puzzle.question.grade(answer)
    assert grade.correct is correct and grade.lines[0].code == first_line
    assert puzzle.question.verify() == []


def test_smallest_winner_with_a_wrong_stated_answer_is_caught() -> None:
    puzzle = read_puzzle(_smallest_raw("H2"), "t", "t.toml")
    assert [m.field for m in puzzle.question.verify()] == ["answer"]


def test_an_illegal_follow_is_refused_with_the_engines_reason() -> None:
    raw = _smallest_raw("S9")
    raw["position"] = {**raw["position"], "hands": {"0": "S9 C5"}}  # type: ignore[dict-item]
    grade = read_puzzle(raw, "t", "t.toml").question.grade("S9")
    assert not grade.correct and grade.lines[0].code == "must_follow_suit"


def _trick(leader: int, *plays: str) -> RecordedTrick:
    return RecordedTrick(TRUMP, leader, tuple(tuple(sk.parse_cards(p)) for p in plays))


@pytest.mark.parametrize(
    ("trick", "seat", "codes"),
    [
        (_trick(3, "H9 H9", "HA HK", "H6 H8", "H4 H4"), 3, ["l4_why_led", "l4_note_wrong_shape"]),
        (_trick(3, "HA", "S3", "HK", "H5"), 0, ["l4_why_ruff"]),
        (_trick(3, "C8", "S4", "C3", "SJ"), 2, ["l4_why_over_ruff"]),
        (_trick(0, "S5", "H2", "C2", "SA"), 1, ["l4_why_trump_lead", "l4_note_equal"]),
        (_trick(1, "DQ", "DA", "DA", "D5"), 2, ["l4_why_led_suit", "l4_note_equal"]),
        (_trick(1, "DK DK", "S3 C4", "D5 D6", "D9 D10"), 1, ["l4_why_led"]),
    ],
)
def test_explain_trick_names_the_engines_winner_and_the_reason(
    trick: RecordedTrick, seat: int, codes: list[str]
) -> None:
    winner, sentences = explain_trick(trick)
    assert winner == seat == trick.seat(sk.trick_winner(trick.plays, TRUMP))
    assert [code for code, _ in sentences] == codes
    for lang in ("en", "zh"):
        assert all(text(code, lang, **params) for code, params in sentences)


def test_the_stepper_follows_the_game_layers_record() -> None:
    rnd = Round.new(seed=7, rules="super_tycoon", round_number=1, dealer=0, levels=("2", "2"))
    play_round(rnd, [RuleBot(seat) for seat in range(4)])
    record = parse_record(rnd.record())
    tricks = recorded_tricks(7)
    assert [explain_trick(t)[0] for t in tricks] == [t.winner for t in record.tricks]
    kinds = {code for t in tricks for code, _ in explain_trick(t)[1]}
    assert {"l4_why_led", "l4_why_ruff", "l4_why_led_suit"} <= kinds


def test_the_stepper_steps_and_marks_the_winner() -> None:
    widget = winning.recorded_round(seed=7)
    stepper: TrickStepper = widget.scene  # type: ignore[assignment]
    html = parse(widget.html)
    assert html.find("button", data_action="previous").attrs.get("disabled") is not None
    number = html.find(data_role="trick-number").text
    assert number.startswith(text("l4_trick_number", "en", number=1, total=len(stepper.tricks)))
    assert number.endswith("Level 2, diamonds trump.")  # the trump of the seed-7 round
    for _ in range(3):
        widget.handle({"type": "action", "action": "next"})
    trick = stepper.tricks[3]
    winner, _ = explain_trick(trick)
    marked = parse(widget.html).find(data_role="trick").find_all(cls="sk-winning")
    assert marked and {element.attrs.get("data-played-by") for element in marked} <= {str(winner), None}
    assert stepper.index == 3
    for _ in range(40):
        widget.handle({"type": "action", "action": "next"})
    assert stepper.index == len(stepper.tricks) - 1
    assert parse(widget.html).find("button", data_action="next").attrs.get("disabled") is not None


def test_the_try_it_table_says_who_takes_the_trick() -> None:
    widget = winning.table("ruff")
    table: FollowTable = widget.scene  # type: ignore[assignment]
    assert table.play(list(sk.parse_cards("C4")))  # a discard: East keeps the trick with ♦A
    assert table.sentences[-1][0] == "l4_you_lose"
    assert table.play(list(sk.parse_cards("S3")))
    assert table.sentences[-1][0] == "l4_you_win" and table.kind == "ok"
    widget.redraw()
    html = parse(widget.html)
    assert html.find(data_role="message").text.endswith(text("l4_you_win", "en", cards=tuple(sk.parse_cards("S3"))))


def test_equal_cards_in_the_try_it_table_go_to_the_first_played() -> None:
    table = FollowTable(winning.TABLES["equal"], show_winner=True)
    assert table.play(list(sk.parse_cards("DA")))
    assert table.result is not None and table.result[1] == 2  # North played ♦A first


def test_the_lesson_ends_with_links_to_the_trainer_set() -> None:
    assert "01-who-wins" in lesson.links(4).html


def test_a_stepper_that_cannot_be_built_says_so_in_both_languages() -> None:
    notice = parse(winning.recorded_round(seed="x").html).text  # type: ignore[arg-type]
    assert "Run All Cells" in notice and "从头运行" in notice


def test_the_summary_card_lists_the_rules_in_both_languages() -> None:
    widget = winning.summary()
    assert parse(widget.html).find(data_role="rule-card").count("li") == 5
    assert "over-ruff" in widget.html
    widget.handle({"type": "action", "action": "lang"})
    assert "盖毙" in widget.html
