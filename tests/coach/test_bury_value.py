"""The bury evaluation of lesson 11: it knows pairs, tractors, high cards and points, and its buries
hold their own against lesson 7's simple score when whole rounds are played out on sampled deals."""

from __future__ import annotations

import random

import pytest

from shengji_kit.coach.bury_value import sampled_gap, sampled_totals
from shengji_kit.engine.cards import full_deck, parse_cards
from shengji_kit.engine.rules import Rules
from shengji_kit.engine.trump import Trump
from shengji_kit.game.bury_evaluation import PAIR_COST, TRACTOR_COST, VOID_BONUS, best_bury, bury_value, tractor_count
from shengji_kit.puzzles.kinds.bury import best_bury as lesson_seven_bury

TRUMP = Trump("2", "S")
HAND = parse_cards(
    "BJ S2 SA SK SQ S9 S7 HA HK HQ HQ HJ HJ H9 H6 CA C9 C8 C7 C6 C4 C3 DK D10 D9 D8 D7 D6 D5 D4 D3 D3 H3"
)


def test_breaking_a_tractor_costs_its_pairs_and_the_tractor() -> None:
    broken = parse_cards("HQ HJ D4 D5 D6 D7 D8 D9")
    value = bury_value(HAND, broken, TRUMP)
    assert tractor_count(HAND, TRUMP) == 1
    assert (value.pairs, value.tractors) == (2, 1)
    intact = bury_value(HAND, parse_cards("C9 D4 D5 D6 D7 D8 D9 C8"), TRUMP)
    assert (intact.pairs, intact.tractors) == (0, 0)
    assert intact.total - value.total == 2 * PAIR_COST + TRACTOR_COST


def test_emptying_a_suit_earns_the_void_and_high_cards_and_points_cost() -> None:
    voided = bury_value(HAND, parse_cards("CA C9 C8 C7 C6 C4 C3 D3"), TRUMP)
    assert voided.voids == ("C",) and voided.aces == 1 and voided.points == 0
    kings = bury_value(HAND, parse_cards("DK D10 D9 D8 D7 D6 D5 D4"), TRUMP)
    assert kings.kings == 1 and kings.points == 25 and kings.voids == ()
    assert voided.total > kings.total and VOID_BONUS > 0


def test_best_bury_keeps_trumps_pairs_and_aces_here() -> None:
    buried, value = best_bury(HAND, TRUMP)
    assert len(buried) == 8 and value == bury_value(HAND, buried, TRUMP)
    assert value.trumps == 0 and value.pairs == 0 and value.tractors == 0
    assert all(value.total >= bury_value(HAND, trial, TRUMP).total
               for trial in (parse_cards("CA C9 C8 C7 C6 C4 C3 D3"), parse_cards("HQ HJ D4 D5 D6 D7 D8 D9")))


@pytest.mark.slow  # sampled play-outs of whole hands: make test runs it, make check does not
def test_sampled_play_outs_prefer_the_evaluation_to_lesson_sevens_score() -> None:
    rules = Rules.preset("super_tycoon")
    ours: list[int] = []
    older: list[int] = []
    for seed in range(12):
        rng = random.Random(seed)
        deck = full_deck()
        rng.shuffle(deck)
        trump = Trump("2", rng.choice("SHCD"))
        hand = deck[:33]
        totals = sampled_totals(hand, [best_bury(hand, trump)[0], lesson_seven_bury(hand, trump)[0]],
                                trump, rules, 60, seed)
        ours += totals[0]
        older += totals[1]
    gap = sampled_gap(ours, older)
    assert gap.samples == 720 and gap.clear and gap.mean > 1


def test_burying_the_trumps_and_aces_is_clearly_worse_in_play_outs() -> None:
    buried, _ = best_bury(HAND, TRUMP)
    foolish = parse_cards("BJ S2 SA SK HA CA HK DK")
    totals = sampled_totals(HAND, [buried, foolish], TRUMP, Rules.preset("classic"), 60, 5)
    gap = sampled_gap(totals[0], totals[1])
    assert gap.clear and gap.mean > 10
