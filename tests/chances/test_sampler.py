"""Sampled deals: hand sizes, voids, every unseen copy placed once, exact law under voids."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_kit.chances import KITTY, Situation, from_view, sample_deals, situation
from shengji_kit.engine.cards import CARDS, parse_cards
from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Action, Round
from shengji_kit.game.bots import RuleBot
from shengji_kit.game.deal import arrange_deck

from .conftest import HAND, HEARTS_2, small

FULL_DECK = Counter(card for card in CARDS for _ in range(2))


def test_every_unseen_copy_lands_once_in_a_hand_of_the_right_size() -> None:
    sit = situation(HAND, HEARTS_2, "SA SA C9", hand_sizes={1: 24, 2: 24, 3: 24})
    deals = sample_deals(sit, 500, seed=3)
    assert deals.owners.shape == (500, len(sit.unseen))
    for h, size in enumerate(sit.sizes):
        assert ((deals.owners == h).sum(axis=1) == size).all()
    for sample in (0, 17, 499):
        held = Counter(parse_cards(HAND)) + Counter(parse_cards("SA SA C9"))
        for holder in sit.holders:
            held += Counter(deals.hand(sample, holder))
        assert held == FULL_DECK, "hand + played + sampled hands must be the two decks exactly"


def test_voids_are_respected_and_sizes_kept() -> None:
    sit = situation(HAND, HEARTS_2, voids={1: "S", 3: "S C", 2: "trump"})
    deals = sample_deals(sit, 2000, seed=5)
    assert (deals.suit_counts("S")[:, [0, 2]] == 0).all()
    assert (deals.suit_counts("C")[:, 2] == 0).all()
    assert (deals.suit_counts("T")[:, 1] == 0).all()
    for h, size in enumerate(sit.sizes):
        assert ((deals.owners == h).sum(axis=1) == size).all()


def test_same_seed_same_deals_other_seed_other_deals() -> None:
    sit = situation(HAND, HEARTS_2, voids={1: "S"})
    first = sample_deals(sit, 300, seed=11).owners
    assert np.array_equal(first, sample_deals(sit, 300, seed=11).owners)
    assert not np.array_equal(first, sample_deals(sit, 300, seed=12).owners)


def _brute_force_law(sit: Situation) -> dict[tuple[int, ...], float]:
    """Every placement of the unseen copies that respects sizes and voids, equally likely."""
    suits = [sit.trump.suit_of(card) for card in sit.unseen]
    allowed = [[h for h, void in enumerate(sit.voids) if suit not in void] for suit in suits]
    valid = [
        placement
        for placement in itertools.product(*allowed)
        if all(placement.count(h) == size for h, size in enumerate(sit.sizes))
    ]
    return {placement: 1 / len(valid) for placement in valid}


@pytest.mark.parametrize(
    ("unseen", "sizes", "voids"),
    [
        ("SA SK SQ C3 C4 D5 D6", (3, 2, 2), ("S", "", "C")),
        ("SA SA SK C3 C4 D5 H7 LJ", (3, 3, 2), ("T", "S", "")),
        ("SA SK SQ SJ C3 C4 D5", (2, 2, 1, 2), ("S", "C", "D")),
    ],
)
def test_void_sampler_draws_each_valid_deal_with_equal_chance(
    unseen: str, sizes: tuple[int, ...], voids: tuple[str, ...]
) -> None:
    sit = small(unseen, sizes, voids)
    law = _brute_force_law(sit)
    samples = 40_000
    deals = sample_deals(sit, samples, seed=1)
    seen = Counter(tuple(int(h) for h in row) for row in deals.owners.tolist())
    assert set(seen) <= set(law), "a sampled deal breaks a void or a hand size"
    for placement, p in law.items():
        error = (p * (1 - p) / samples) ** 0.5
        assert abs(seen[placement] / samples - p) <= 5 * error + 1e-9, placement


def test_impossible_voids_are_refused_in_both_languages() -> None:
    sit = situation(HAND, HEARTS_2, voids={1: "S", 2: "S", 3: "S"})  # 19 spades, 8-card kitty
    with pytest.raises(RuleError) as caught:
        sample_deals(sit, 10)
    assert caught.value.code == "chances_impossible_voids"
    assert "East" in caught.value.message("en") and "东家" in caught.value.message("zh")


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(sorted({c.code for c in CARDS})), min_size=3, max_size=9),
    st.lists(st.sets(st.sampled_from("SHCDT"), max_size=2), min_size=3, max_size=3),
    st.integers(0, 2**32 - 1),
)
def test_any_feasible_situation_samples_valid_deals(codes: list[str], voids: list[set[str]], seed: int) -> None:
    counted = Counter(codes)
    unseen = " ".join(code for code, n in counted.items() for _ in range(min(n, 2)))
    n = len(unseen.split())
    sizes = (n - 2 * (n // 3), n // 3, n // 3)
    sit = small(unseen, sizes, ["".join(v) for v in voids])
    feasible = bool(_brute_force_law(sit))
    if not feasible:
        with pytest.raises(RuleError):
            sample_deals(sit, 20, seed=seed)
        return
    deals = sample_deals(sit, 50, seed=seed)
    suits = np.array([sit.trump.suit_of(c) for c in sit.unseen])
    for h, void in enumerate(sit.voids):
        assert ((deals.owners == h).sum(axis=1) == sizes[h]).all()
        for suit in void:
            assert not ((deals.owners == h) & (suits == suit)[None, :]).any()


def _play_some_tricks(seed: int, tricks: int) -> Round:
    rnd = Round.new(seed, "super_tycoon", 1, 0, ("2", "2"))
    bot = RuleBot()
    for _ in range(3000):
        if rnd.phase == "play" and len(rnd.view(0).tricks) >= tricks and rnd.to_act == 0:
            return rnd
        seat = rnd.to_act
        assert seat is not None
        rnd.act(seat, bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
    raise AssertionError("never reached the moment")


@pytest.mark.parametrize(("seed", "tricks"), [(1, 3), (2, 9), (3, 12)])
def test_situation_from_a_real_round_fits_the_true_deal(seed: int, tricks: int) -> None:
    rnd = _play_some_tricks(seed, tricks)
    view = rnd.view(0)
    sit = from_view(view)
    truth: Counter[object] = Counter()
    for holder, void in zip(sit.holders, sit.voids, strict=True):
        if holder == KITTY:
            kitty = rnd.view(view.dealer or 0).kitty if view.dealer is not None else None
            assert kitty is not None and view.dealer != 0
            cards = list(kitty)
        else:
            cards = list(rnd.view(int(holder)).hand)
            assert not {sit.trump.suit_of(c) for c in cards} & void, "an inferred void is wrong"
        truth += Counter(cards)
    assert sum(sit.sizes) == len(sit.unseen)
    assert Counter(sit.unseen) <= truth, "every unseen copy is really in a hidden hand or the kitty"
    sample_deals(sit, 200, seed=seed)


def test_the_rest_of_a_failed_throw_is_known_to_be_in_the_throwers_hand() -> None:
    deck = arrange_deck({0: "S2 LJ HA HK", 2: "HA", 1: "H3 C5"}, "C3 C4 C6 C7 C8 C9 D3 D4", first=0, seed=0)
    rnd = Round.new(0, "super_tycoon", 1, 0, ("2", "2"), decks=[deck])
    rnd.act(0, Action.declare("S2 LJ"))
    bot = RuleBot()
    while rnd.phase != "bury":
        seat = rnd.to_act
        assert seat is not None
        actions = rnd.legal_actions(seat)
        rnd.act(seat, next((a for a in actions if a.kind in ("pass", "deal_on")), actions[0]))
    rnd.act(0, Action.bury("C3 C4 C6 C7 C8 C9 D3 D4"))
    while rnd.to_act != 0 or rnd.phase != "play":
        seat = rnd.to_act
        assert seat is not None
        rnd.act(seat, bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
    assert rnd.act(0, Action.play("HA HK")).kind == "throw_failed"
    sit = from_view(rnd.view(1))
    ace = parse_cards("HA")[0]
    assert sit.copies_unseen(ace) == 1, "the thrower's ♥A is shown, only North's is unseen"
    assert sit.size_of(0) == len(rnd.view(0).hand) - 1
    assert KITTY in sit.holders
    deals = sample_deals(sit, 300, seed=1)
    assert all(len(deals.hand(i, 0)) == sit.size_of(0) for i in range(0, 300, 50))
