"""Lesson 1 exercises: answers come from the engine, feedback explains in both languages."""

from __future__ import annotations

import random

import pytest

import shengji_kit as sk
from shengji_kit.engine.catalogue import text
from shengji_kit.engine.trump import TRUMP
from shengji_kit.lessons.trump_exercises import (
    check_order,
    explain_winner,
    is_trump_question,
    order_question,
    which_wins_question,
)
from shengji_kit.lessons.trump_facts import card_role, ladder_position
from shengji_kit.render.exercises import ORDER


@pytest.mark.parametrize("seed", range(40))
def test_is_trump_accepts_exactly_the_engines_answer(seed: int) -> None:
    question = is_trump_question(random.Random(seed))
    card = question.shown[0]
    truth = "yes" if question.trump.is_trump(card) else "no"
    wrong = "no" if truth == "yes" else "yes"
    right_feedback, wrong_feedback = question.check((truth,)), question.check((wrong,))
    assert right_feedback.ok and not wrong_feedback.ok
    assert right_feedback.code == wrong_feedback.code == card_role(card, question.trump)[0]
    for lang in ("en", "zh"):
        assert "{" not in question.prompt(lang) and "{" not in right_feedback.message(lang)
    assert right_feedback.message("en").startswith("Right!")
    assert wrong_feedback.message("zh").startswith("不对")


@pytest.mark.parametrize("seed", range(40))
def test_which_wins_accepts_exactly_the_trick_winner(seed: int) -> None:
    question = which_wins_question(random.Random(seed))
    plays = [choice.cards for choice in question.choices]
    winner = sk.trick_winner([list(p) for p in plays], question.trump)
    verdicts = [question.check((choice.answer,)).ok for choice in question.choices]
    assert verdicts == [i == winner for i in range(4)]
    seats = [choice.seat for choice in question.choices]
    assert sorted(seats) == [0, 1, 2, 3]  # type: ignore[type-var]
    assert all((seats[i + 1] - seats[i]) % 4 == 1 for i in range(3))  # type: ignore[operator]


def test_which_wins_explains_a_ruff_a_tie_and_discards() -> None:
    trump = sk.Trump("2", "S")
    plays = sk.parse_cards("HA S3 S3 C4")
    winner, (code, params), notes = explain_winner(plays, 1, trump)
    assert winner == 1 and code == "win_top_ruff"
    assert params["seat"] == 2 and "(North)" in text(code, "en", **params)
    assert [note[0] for note in notes] == ["note_tie", "note_discards"]


def test_which_wins_explains_the_highest_of_the_led_suit_and_trump_leads() -> None:
    trump = sk.Trump("2", "S")
    assert explain_winner(sk.parse_cards("HK HA D3 H4"), 0, trump)[1][0] == "win_led_suit"
    assert explain_winner(sk.parse_cards("S5 BJ H2 SA"), 0, trump)[1][0] == "win_trump_lead"
    assert explain_winner(sk.parse_cards("HK S3 SA H4"), 0, trump)[1][0] == "win_top_ruff"
    assert explain_winner(sk.parse_cards("HK S3 H5 H4"), 0, trump)[1][0] == "win_ruff"


def test_ordering_accepts_any_order_of_equal_cards_and_explains_the_first_slip() -> None:
    trump = sk.Trump("2", "S")
    cards = sk.parse_cards("BJ S2 H2 D2 SA")
    assert check_order(cards, trump).ok
    swapped = sk.parse_cards("BJ S2 D2 H2 SA")
    feedback = check_order(swapped, trump)
    assert feedback.ok and "note_equal" in [note[0] for note in feedback.notes]
    wrong = check_order(sk.parse_cards("SA S2"), trump)
    assert not wrong.ok and wrong.params["higher"] == sk.parse_cards("S2")[0]
    assert "♠2 is stronger than ♠A" in wrong.message("en")
    assert "正主" in wrong.message("zh")
    assert "大王" in check_order(sk.parse_cards("LJ BJ"), trump).message("zh")


@pytest.mark.parametrize("seed", range(30))
def test_order_questions_hold_one_effective_suit_and_the_sorted_answer_is_right(seed: int) -> None:
    question = order_question(random.Random(seed))
    assert question.kind == ORDER
    cards = [choice.cards[0] for choice in question.choices]
    suits = {question.trump.suit_of(card) for card in cards}
    assert len(suits) == 1
    best = sorted(question.choices, key=lambda c: question.trump.sort_key(c.cards[0]))
    assert question.check(tuple(c.answer for c in best)).ok
    if len({question.trump.step(c) for c in cards}) > 1:
        assert not question.check(tuple(c.answer for c in reversed(best))).ok


def test_card_roles_and_ladder_positions() -> None:
    trump = sk.Trump("2", "S")
    roles = {code: card_role(sk.parse_cards(code)[0], trump)[0] for code in ("BJ", "LJ", "S2", "H2", "SA", "HA")}
    assert roles == {
        "BJ": "role_big_joker", "LJ": "role_little_joker", "S2": "role_main_level",
        "H2": "role_side_level", "SA": "role_trump_suit", "HA": "role_plain",
    }
    assert card_role(sk.parse_cards("H2")[0], sk.Trump("2", None))[0] == "role_level_nt"
    assert card_role(sk.parse_cards("HA")[0], sk.Trump("2", None))[0] == "role_plain_nt"
    code, params = ladder_position(sk.parse_cards("BJ")[0], trump)
    assert code == "rank_in_trumps" and params["position"] == 1 and params["total"] == trump.steps_in(TRUMP)
    code, params = ladder_position(sk.parse_cards("H3")[0], trump)
    assert code == "rank_in_suit" and params["position"] == 12 and params["total"] == 12
