"""The proven best bury of lesson 11's evaluation, and the grade that names what a bury costs against it."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from shengji_kit.engine.cards import RANKS, SUITS, Card, parse_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.game.bury_evaluation import (
    ACE_COST,
    KING_COST,
    PAIR_COST,
    TRACTOR_COST,
    TRUMP_COST,
    VOID_BONUS,
    bury_value,
    tractor_count,
)
from shengji_kit.puzzles.kinds._bury_search import bury_grade, exact_best_bury

TRUMP = Trump("2", "S")
HAND = parse_cards(
    "BJ S2 SA SK SQ S9 S7 HA HK HQ HQ HJ HJ H9 H6 CA C9 C8 C7 C6 C4 C3 DK D10 D9 D8 D7 D6 D5 D4 D3 D3 H3"
)


def brute_best(hand: list[Card], trump: Trump, size: int) -> int:
    """The best ``bury_value`` over every choice of ``size`` of the hand's cards."""
    return max(bury_value(hand, [hand[i] for i in chosen], trump).total
               for chosen in combinations(range(len(hand)), size))


def pair_rich_hand(rng: random.Random) -> tuple[Trump, list[Card]]:
    """A small hand of long runs of pairs (tractors that a bury can break or split in two), a few trumps and
    singles: the cases where the tractor count, charged over all suits at once, matters."""
    trump = Trump(rng.choice(RANKS), rng.choice(SUITS))
    hand: list[Card] = []
    for suit in rng.sample(SUITS, 2):
        start = rng.randrange(0, 7)
        for rank in RANKS[start:start + rng.randint(2, 5)]:
            hand += [Card.of(suit, rank)] * rng.choice((1, 2, 2))
    extras = [Card(index) for index in rng.sample(range(54), 6) if hand.count(Card(index)) < 2]
    hand += extras[: rng.randint(0, 4)]
    return trump, trump.sorted(hand[:14])


def _without(hand: list[Card], card: Card) -> list[Card]:
    left = list(hand)
    left.remove(card)  # one copy
    return left


@pytest.mark.slow  # 250 hands against trying every bury: make test runs it, make check does not
def test_the_search_equals_trying_every_bury_of_small_hands() -> None:
    rng = random.Random(11)
    split_seen = False
    for _ in range(250):
        trump, hand = pair_rich_hand(rng)
        size = rng.randint(1, min(5, len(hand)))
        cards, value = exact_best_bury(hand, trump, size)
        assert len(cards) == size and value == bury_value(hand, cards, trump)
        assert value.total == brute_best(hand, trump, size)
        split_seen |= any(tractor_count(hand, trump) < tractor_count(_without(hand, one), trump) for one in hand)
    assert split_seen  # some hand had a tractor that burying one card splits into two


def test_splitting_a_long_tractor_counts_as_two_tractors_kept() -> None:
    # ♦3..♦7 is one tractor; burying ♦5 leaves two (♦3♦4, ♦6♦7), burying ♣9 breaks the ♣ tractor: the
    # evaluation charges the tractors lost over all suits at once, never below zero, so together they cost none
    trump = Trump("2", "S")
    hand = parse_cards("D3 D3 D4 D4 D5 D5 D6 D6 D7 D7 C8 C8 C9 C9 HA")
    both = bury_value(hand, parse_cards("D5 C9"), trump)
    assert (both.pairs, both.tractors) == (2, 0)
    assert bury_value(hand, parse_cards("D5"), trump).tractors == 0
    assert bury_value(hand, parse_cards("C9"), trump).tractors == 1
    for size in (1, 2, 3):
        assert exact_best_bury(hand, trump, size)[1].total == brute_best(hand, trump, size)


def test_the_right_bury_is_the_best_and_says_so() -> None:
    cards, best = exact_best_bury(HAND, TRUMP)
    assert best.total == VOID_BONUS - ACE_COST and best.voids == ("C",)  # empty clubs, the ace with them
    graded = bury_grade(HAND, cards, TRUMP)
    assert graded.correct and graded.gap == 0 and graded.costs == ()
    assert [line.code for line in graded.lines()] == ["kittyl_bury_right"]
    assert "as much as the best bury can (12)" in graded.lines()[0].render("en")


def test_a_bury_that_ties_the_best_with_other_cards_is_right() -> None:
    cards, _ = exact_best_bury(HAND, TRUMP)
    tying = parse_cards("CA C9 C8 C7 C6 C4 C3 H6")  # another single without points
    assert sorted(c.index for c in tying) != sorted(c.index for c in cards)
    graded = bury_grade(HAND, tying, TRUMP)
    assert graded.correct and graded.value.total == graded.best.total == 12


def test_a_costly_bury_names_each_part_it_loses_and_the_figures_add_up() -> None:
    costly = parse_cards("S7 HQ HJ D3 D10 DK C9 CA")
    graded = bury_grade(HAND, costly, TRUMP)
    assert not graded.correct and graded.gap == 12 - graded.value.total
    figures = {cost.part: cost.figure for cost in graded.costs}
    assert figures == {"pairs": 3 * PAIR_COST, "void": VOID_BONUS, "points": 20, "trumps": TRUMP_COST,
                       "tractors": TRACTOR_COST, "kings": KING_COST}
    assert sum(figures.values()) == graded.gap
    said = [line.render("en") for line in graded.lines()]
    assert said[0] == ("Your bury scores -69; the best bury scores 12, 81 more. "
                       "Where the difference lies, part by part:")
    assert "you broke 3 (♥Q♥Q ♥J♥J ♦3♦3) against 0 in the best bury: −21." in said[1]
    assert "the best bury empties ♣: you kept ♣8 ♣7 ♣6 ♣4 ♣3: −20." in said[2]
    assert "you buried 20 (♦K ♦10) against 0 in the best bury: −20." in said[3]
    assert "you buried 1 (♠7) against 0 in the best bury: −9." in said[4]
    assert "you broke 1 against 0 in the best bury: −8." in said[5]
    assert "you buried 1 plain king (♦K) against 0 in the best bury: −3." in said[6]
    zh = [line.render("zh") for line in graded.lines()]
    assert "你拆了 3 个对子（♥Q♥Q ♥J♥J ♦3♦3），最好的盖法 0 个：−21。" in zh[1]


def test_a_part_the_learner_wins_is_a_gain_with_a_plus_and_the_figures_still_add_up() -> None:
    # burying diamonds whole empties ♦ (which the best bury keeps) but buries points, a king and pairs
    costly = parse_cards("DK D10 D9 D8 D7 D6 D5 D4")
    graded = bury_grade(HAND, costly, TRUMP)
    gains = [cost for cost in graded.costs if cost.figure < 0]
    assert not graded.correct
    assert sum(cost.figure for cost in graded.costs) == graded.gap
    assert {cost.part for cost in gains} == {"aces"}  # the best bury gives up ♣A, this one keeps it
    assert graded.costs[-1].line.render("en").endswith(f": +{ACE_COST}.")
