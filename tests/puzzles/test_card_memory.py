"""The card-memory kind (lesson 12): answers computed from the shown tricks, 200 generated items all check."""

from __future__ import annotations

import random

import pytest

from shengji_kit.game.position_table import read_position_table
from shengji_kit.puzzles.kinds.card_memory import NOBODY, generate, parse
from shengji_kit.puzzles.problems import FieldError

TRICKS = [
    {"leader": 1, "plays": ["SA", "S3", "S4", "SK"]},
    {"leader": 1, "plays": ["HA", "D5", "H3", "H4"]},
]
POSITION = {"rules": "super_tycoon", "level": "2", "trump": "D", "dealer": 1, "hands": {"0": "S9 H9 DA DA C2"}}


def item(ask: str, answer: object, **extra: object) -> dict[str, object]:
    return {"ask": ask, "answer": answer, "tricks": TRICKS, **extra}


def question(ask: str, answer: object, **extra: object):  # type: ignore[no-untyped-def]
    return parse(item(ask, answer, **extra), read_position_table(POSITION))


def test_trumps_points_copies_and_voids_come_from_the_tricks() -> None:
    # 36 trumps; played: D5 (North's ruff); held: DA DA C2 → 36 - 1 - 3 = 32
    assert question("trumps_out", 32).truth() == 32
    # 200 points; played: SK 10, D5 5; held: none → 185
    assert question("points_out", 185).truth() == 185
    assert question("copies_out", 1, card="SA").truth() == 1
    assert question("copies_out", 0, card="DA").truth() == 0
    assert question("void", "2", suit="H").truth() == "2"
    assert question("void", NOBODY, suit="S").truth() == NOBODY


def test_a_wrong_answer_is_told_the_working_and_the_stated_answer_is_verified() -> None:
    asked = question("trumps_out", 30)
    assert asked.verify() and "32" in asked.verify()[0].message
    grade = asked.grade("31")
    assert not grade.correct and "32 are still out" in grade.lines[1].render("en")
    assert "1 too few" in grade.lines[0].render("en")
    assert "you hold 3 of them yourself" in asked.grade("35").lines[0].render("en")
    assert "already been played" in question("points_out", 185).grade("200").lines[0].render("en")
    void = question("void", "2", suit="H")
    followed = void.grade("3").lines
    assert "West followed hearts every time" in followed[0].render("en")
    assert "did not follow hearts in trick 2" in followed[1].render("en") and "第 2 墩" in followed[1].render("zh")
    assert "North has shown a void" in void.grade("none").lines[0].render("en")
    assert "not been led yet" in question("void", "none", suit="C").grade("1").lines[0].render("en")


def test_more_than_two_copies_are_refused() -> None:
    with pytest.raises(FieldError, match="more than two copies"):
        parse(item("trumps_out", 0) | {"tricks": [{"leader": 1, "plays": ["DA", "S3", "S4", "SK"]}]},
              read_position_table(POSITION))


def test_two_hundred_generated_items_all_verify() -> None:
    for seed in range(200):
        raw = generate(random.Random(seed))
        asked = parse(raw, read_position_table(raw["position"]))
        assert not asked.verify(), seed
        assert asked.grade(str(asked.truth())).correct
        if asked.ask == "void":
            assert str(asked.truth()) in {choice.value for choice in asked.choices()}
        else:  # a count is typed, exactly: no numbers offered around it
            assert asked.answer_format == "number" and not asked.choices()
            assert not asked.grade(str(int(str(asked.truth())) + 1)).correct
        for lang in ("en", "zh"):
            assert asked.prompt(lang) and asked.working().render(lang)
