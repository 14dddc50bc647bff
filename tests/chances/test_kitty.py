"""The kitty's points over random deals, and the gain of capturing it with a single or a pair."""

from __future__ import annotations

import pytest

from shengji_kit.chances import expected_kitty_gain, kitty_points, situation
from shengji_kit.engine.cards import parse_cards

from .conftest import HAND, HEARTS_2

SIGMAS = 4.5


def test_fresh_deal_law_sums_to_one_and_its_mean_is_eight_draws_from_the_deck() -> None:
    kitty = kitty_points(samples=100_000, seed=1)
    assert sum(kitty.sampled.values()) == pytest.approx(1)
    assert kitty.exact is not None and sum(kitty.exact.values()) == pytest.approx(1)
    assert kitty.exact_mean == pytest.approx(8 * 200 / 108)
    error = float(kitty.points.std()) / kitty.samples**0.5
    assert abs(kitty.mean - kitty.exact_mean) <= SIGMAS * error
    assert sum(p * q for p, q in kitty.exact.items()) == pytest.approx(kitty.exact_mean)
    for points, exact in kitty.exact.items():
        if exact > 0.001:
            error = (exact * (1 - exact) / kitty.samples) ** 0.5
            assert abs(kitty.sampled.get(points, 0.0) - exact) <= SIGMAS * error, points


def test_kitty_from_what_a_seat_has_seen() -> None:
    sit = situation(HAND, HEARTS_2)
    kitty = kitty_points(sit, samples=40_000, seed=2)
    unseen_points = 200 - sum(c.points for c in parse_cards(HAND))
    assert kitty.exact_mean == pytest.approx(8 * unseen_points / len(sit.unseen))
    error = float(kitty.points.std()) / kitty.samples**0.5
    assert abs(kitty.mean - kitty.exact_mean) <= SIGMAS * error
    from_cards = kitty_points(sit.unseen, samples=40_000, seed=3)
    assert from_cards.exact == kitty.exact


def test_with_voids_only_the_sampled_law_is_given() -> None:
    sit = situation(HAND, HEARTS_2, voids={1: "S", 3: "S"})
    kitty = kitty_points(sit, samples=5000, seed=4)
    assert kitty.exact is None and kitty.exact_mean is None
    assert sum(kitty.sampled.values()) == pytest.approx(1)


def test_a_pair_on_the_last_trick_doubles_what_a_single_gains() -> None:
    kitty = kitty_points(samples=20_000, seed=5)
    gain = expected_kitty_gain(kitty)
    assert (gain.single_multiplier, gain.pair_multiplier) == (2, 4)
    assert gain.pair == pytest.approx(2 * gain.single)
    assert gain.exact_single == pytest.approx(2 * 8 * 200 / 108)
    assert gain.exact_pair == pytest.approx(4 * 8 * 200 / 108)
    classic = expected_kitty_gain(kitty, rules="classic")
    assert (classic.single_multiplier, classic.pair_multiplier) == (2, 4)


def test_same_seed_same_law() -> None:
    assert kitty_points(samples=1000, seed=7).sampled == kitty_points(samples=1000, seed=7).sampled
