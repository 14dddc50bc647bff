"""Sampled chances agree with the closed forms within sampling error; throws ask the engine."""

from __future__ import annotations

from math import comb

import pytest

from shengji_kit.chances import (
    chance_holds,
    chance_partner_holds,
    chance_split,
    chance_throw_stands,
    sample_deals,
    situation,
    split_distribution,
)
from shengji_kit.chances.exact import (
    chance_holds_exact,
    hypergeometric,
    kitty_points_exact,
    pattern_exact,
    split_exact,
)
from shengji_kit.engine.cards import CARDS
from shengji_kit.engine.trump import Trump

from .conftest import HAND, HEARTS_2, small

SIGMAS = 4.5


def test_partner_holds_an_ace_matches_the_hypergeometric_form() -> None:
    sit = situation(HAND, HEARTS_2)
    estimate = chance_partner_holds("♠A", sit, samples=40_000, seed=1)
    assert estimate.exact == pytest.approx(1 - comb(81, 25) / comb(83, 25))
    assert estimate.agrees(SIGMAS)
    both = chance_partner_holds("SA", sit, at_least=2, samples=40_000, seed=2)
    assert both.exact == pytest.approx(comb(25, 2) / comb(83, 2))
    assert both.agrees(SIGMAS)


def test_one_unseen_copy_and_the_kitty() -> None:
    sit = situation(HAND.replace("SK", "SA"), HEARTS_2, "SA", hand_sizes={1: 24})  # ♠A: one held, one played
    assert sit.copies_unseen(CARDS[12]) == 0
    zero = chance_partner_holds("SA", sit, samples=1000)
    assert zero.probability == 0 and zero.exact == 0
    kitty = chance_holds("SK", "kitty", sit, samples=40_000, seed=3)
    n = len(sit.unseen)
    assert kitty.exact == pytest.approx(1 - comb(n - 2, 8) / comb(n, 8))
    assert kitty.agrees(SIGMAS)


@pytest.mark.parametrize(
    ("hand", "suit", "pattern"),
    [
        (HAND, "S", (6, 5)),
        (HAND, "C", (6, 6)),
        (HAND, "T", (9, 7)),
    ],
)
def test_splits_match_the_multivariate_hypergeometric(hand: str, suit: str, pattern: tuple[int, int]) -> None:
    sit = situation(hand, HEARTS_2)
    estimate = chance_split(suit, pattern, sit, samples=40_000, seed=4)
    assert estimate.exact is not None and estimate.exact > 0.01
    assert estimate.agrees(SIGMAS)


def test_a_three_three_split_of_six_missing_cards() -> None:
    """Late in a hand: 6 unseen spades among 3 hands of 6 and a kitty of 8 (bridge's 3-3)."""
    unseen = "SA SA SK SQ S9 S8 " + " ".join(["C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10"] * 2)
    sit = small(unseen, (6, 6, 6, 4))
    estimate = chance_split("S", (3, 3), sit, samples=40_000, seed=5)
    assert estimate.exact == pytest.approx(comb(6, 3) * comb(6, 3) / comb(22, 6))
    assert estimate.agrees(SIGMAS)
    whole = split_distribution("S", sit, holders=[1, 3], samples=40_000, seed=5)
    assert sum(e.probability for e in whole.values()) == pytest.approx(1)
    assert sum(e.exact or 0 for e in whole.values()) <= 1 + 1e-9
    assert all(e.agrees(SIGMAS) for e in whole.values())


def test_under_voids_no_exact_value_is_claimed_and_voids_give_zero() -> None:
    sit = situation(HAND, HEARTS_2, voids={2: "S"})
    assert chance_partner_holds("SA", sit, samples=2000).exact == 0
    assert chance_partner_holds("SA", sit, samples=2000).probability == 0
    east = chance_holds("SA", 1, sit, samples=2000)
    assert east.exact is None and east.probability > 0.5


def test_the_exact_forms_add_up() -> None:
    assert sum(hypergeometric(83, 6, 25, k) for k in range(7)) == 1
    assert chance_holds_exact(2, 83, 25, 0) == 1
    law = kitty_points_exact([c for c in CARDS for _ in range(2)])
    assert sum(law.values()) == 1 and max(law) <= 80 and min(law) == 0
    sizes = (6, 6)
    total = sum(split_exact(22, 6, sizes, (a, b)) for a in range(7) for b in range(7 - a))
    assert total == 1
    assert pattern_exact(22, 6, sizes, (4, 2)) == 2 * split_exact(22, 6, sizes, (4, 2))


def test_a_throw_stands_exactly_when_the_missing_ace_is_buried() -> None:
    """♠A ♠K thrown holding one ♠A: only the other ♠A beats the ♠K; it is in the kitty with chance 8/N."""
    hand = HAND.replace("SQ", "SA")
    sit = situation(hand, HEARTS_2)
    stands = chance_throw_stands("SA SK", sit, samples=6000, seed=6)
    n = len(sit.unseen)
    assert abs(stands.probability - 8 / n) <= SIGMAS * ((8 / n) * (1 - 8 / n) / 6000) ** 0.5
    classic = chance_throw_stands("SA SK", sit, rules="classic", samples=6000, seed=6)
    expected = (8 + 25) / n  # classic checks the opponents only: partner or kitty is fine
    assert abs(classic.probability - expected) <= SIGMAS * (expected * (1 - expected) / 6000) ** 0.5


def test_a_throw_of_the_top_cards_always_stands_and_one_combination_is_no_throw() -> None:
    sit = situation("SA SA SK SK SQ " + " ".join(HAND.split()[5:]), HEARTS_2)
    assert chance_throw_stands("SA SA SK", sit, samples=500).probability == 1
    single = chance_throw_stands("SQ", sit, samples=10)
    assert single.probability == 1 and single.exact == 1


def test_questions_can_share_one_batch_of_deals() -> None:
    sit = situation(HAND, HEARTS_2)
    deals = sample_deals(sit, 3000, seed=8)
    first = chance_partner_holds("SA", sit, deals=deals)
    again = chance_partner_holds("SA", sit, deals=deals)
    assert first == again and first.samples == 3000
    assert chance_split("S", (6, 5), sit, deals=deals).samples == 3000
    assert chance_throw_stands("SK SQ", sit, deals=deals, samples=1000).samples == 1000


def test_no_trump_level_cards_count_as_trumps() -> None:
    sit = situation(HAND, Trump("3", None))
    assert chance_split("T", (3, 2), sit, samples=20_000, seed=9).agrees(SIGMAS)


def test_an_estimate_explains_itself_in_both_languages() -> None:
    estimate = chance_partner_holds("SA", situation(HAND, HEARTS_2), samples=20_000, seed=1)
    assert estimate.describe("en").startswith(estimate.percent()) and "exact: 51.4%" in estimate.describe("en")
    assert "精确值：51.4%" in estimate.describe("zh") and "20,000" in estimate.describe("zh")
    sampled_only = chance_holds("SA", 1, situation(HAND, HEARTS_2, voids={2: "S"}), samples=500)
    assert "exact" not in sampled_only.describe("en") and "精确" not in sampled_only.describe("zh")
