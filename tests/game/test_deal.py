"""The seeded deal and set-up decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_kit.engine.cards import CARDS, full_deck
from shengji_kit.game import Round
from shengji_kit.game.bots.random import below
from shengji_kit.game.deal import (
    arrange_deck,
    check_deck,
    dealt_hands,
    derived_seed,
    receiver,
    shuffle,
    shuffled_deck,
)

from .conftest import cards


def test_the_same_seed_deals_the_same_cards() -> None:
    assert shuffled_deck(42) == shuffled_deck(42)
    assert shuffled_deck(42) != shuffled_deck(43) and shuffled_deck(42, 1) != shuffled_deck(42)
    assert Counter(shuffled_deck(5)) == Counter(full_deck())
    assert derived_seed(1, 2) == derived_seed(1, 2) != derived_seed(1, 3)


def test_cards_go_out_one_at_a_time_from_the_first_dealer() -> None:
    assert [receiver(2, n) for n in range(6)] == [2, 3, 0, 1, 2, 3]
    deck = shuffled_deck(9)
    hands = dealt_hands(deck, 1)
    assert hands[1][0] == deck[0] and hands[2][0] == deck[1] and hands[0][0] == deck[3]
    assert all(len(hand) == 25 for hand in hands)


def test_arranged_deck_gives_the_named_cards_first() -> None:
    deck = arrange_deck({1: "S2 LJ", 3: "BJ"}, kitty="HA HK", first=2, seed=3)
    hands = dealt_hands(deck, 2)
    assert tuple(hands[1][:2]) == cards("S2 LJ") and hands[3][0] == cards("BJ")[0]
    assert tuple(deck[100:102]) == cards("HA HK")
    with pytest.raises(ValueError):
        arrange_deck({0: "BJ BJ", 1: "BJ"})
    with pytest.raises(ValueError):
        check_deck(deck[:-1])
    with pytest.raises(ValueError):
        Round.new(1, decks=[deck[:-1]])


def test_round_dealing_is_reproducible() -> None:
    one, two = Round.new(123), Round.new(123)
    assert one.view(one.to_act or 0) == two.view(two.to_act or 0)
    assert one.view(0).cards_dealt == two.view(0).cards_dealt > 0


@settings(max_examples=50, deadline=None)
@given(seed=st.text(max_size=20), size=st.integers(0, 120))
def test_shuffle_is_randoms_shuffle(seed: str, size: int) -> None:
    """``deal.shuffle`` (written out for speed) makes exactly the draws and swaps of ``random.shuffle``."""
    deck = [CARDS[index % 54] for index in range(size)]
    expected = list(deck)
    random.Random(seed).shuffle(expected)
    shuffle(deck, random.Random(seed))
    assert deck == expected


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(1, 300))
def test_below_is_randoms_randrange(seed: int, count: int) -> None:
    """``RandomBot``'s written-out ``randrange`` draws exactly what ``random.randrange`` draws."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, count) for _ in range(20)] == [theirs.randrange(count) for _ in range(20)]
