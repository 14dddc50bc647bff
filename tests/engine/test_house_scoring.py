"""House switches for the kitty and the level table: exact multipliers, outcomes and climbs per value."""

from __future__ import annotations

import dataclasses

import pytest

import shengji_kit as sk
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.rules import Rules, hand_size
from shengji_kit.engine.scoring import Outcome, climb, laps_completed, level_outcome

from .conftest import cards, trump

T2S = trump("2", "S")
SUPER = Rules.preset("super_tycoon")
CLASSIC = Rules.preset("classic")


def house(base: Rules = SUPER, **switches: object) -> Rules:
    return dataclasses.replace(base, name="house", **switches)


@pytest.mark.parametrize(
    "lead,by_shape,per_card,doubling",
    [
        ("H9", 2, 2, 2),
        ("H9 H9", 4, 4, 4),
        ("H9 H9 H10 H10", 8, 8, 16),
        ("H9 H9 H10 H10 HJ HJ", 12, 12, 64),
        ("HA HK HK", 4, 6, 4),
        ("HA HQ", 2, 4, 2),
        ("HA H9 H9 H10 H10 H5 H5", 8, 14, 16),
    ],
)
def test_kitty_scheme_multiplies_the_kitty_per_value(lead: str, by_shape: int, per_card: int, doubling: int) -> None:
    assert sk.kitty_multiplier(cards(lead), T2S, house(kitty_scheme="by_shape")) == by_shape
    assert sk.kitty_multiplier(cards(lead), T2S, house(kitty_scheme="per_card")) == per_card
    assert sk.kitty_multiplier(cards(lead), T2S, house(kitty_scheme="doubling")) == doubling


def test_classic_flat_tractor_multiplier_still_holds_under_by_shape() -> None:
    assert sk.kitty_multiplier(cards("H9 H9 H10 H10 HJ HJ"), T2S, house(CLASSIC, kitty_scheme="by_shape")) == 4
    assert sk.kitty_multiplier(cards("H9 H9 H10 H10 HJ HJ"), T2S, house(CLASSIC, kitty_scheme="doubling")) == 64


@pytest.mark.parametrize("size,hand", [(4, 26), (8, 25), (12, 24)])
def test_kitty_size_sets_the_hand_size(size: int, hand: int) -> None:
    assert hand_size(house(kitty_size=size)) == hand


@pytest.mark.parametrize("size", [5, 6, 7, 9, 10, 11])
def test_kitty_size_leaving_uneven_hands_is_refused_in_both_languages(size: int) -> None:
    with pytest.raises(RuleError) as caught:
        house(kitty_size=size)
    assert caught.value.code == "house_scoring_uneven_hands"
    assert f"{108 - size}" in caught.value.message("en")
    assert "平分" in caught.value.message("zh")


def test_kitty_size_outside_its_range_and_unknown_choices_are_refused() -> None:
    with pytest.raises(RuleError) as caught:
        house(kitty_size=16)
    assert caught.value.code == "house_out_of_range"
    with pytest.raises(RuleError) as caught:
        house(level_step=30)
    assert caught.value.code == "house_not_a_choice"
    assert "40, 20" in caught.value.message("en")
    with pytest.raises(RuleError):
        house(kitty_scheme="triple")


@pytest.mark.parametrize(
    "total,step40,step20",
    [
        (0, ("defenders", 3), ("defenders", 3)),
        (5, ("defenders", 2), ("defenders", 3)),
        (35, ("defenders", 2), ("defenders", 3)),
        (40, ("defenders", 1), ("defenders", 2)),
        (60, ("defenders", 1), ("defenders", 1)),
        (75, ("defenders", 1), ("defenders", 1)),
        (80, ("attackers", 0), ("attackers", 0)),
        (100, ("attackers", 0), ("attackers", 1)),
        (120, ("attackers", 1), ("attackers", 2)),
        (160, ("attackers", 2), ("attackers", 4)),
        (200, ("attackers", 3), ("attackers", 6)),
        (300, ("attackers", 5), ("attackers", 6)),
    ],
)
def test_level_step_table(total: int, step40: tuple[str, int], step20: tuple[str, int]) -> None:
    assert level_outcome(total, house(level_step=40)) == Outcome(step40[0], step40[1], step40[0] == "attackers")
    assert level_outcome(total, house(level_step=20)) == Outcome(step20[0], step20[1], step20[0] == "attackers")


def test_attacker_cap_on_and_off() -> None:
    assert level_outcome(400, house(CLASSIC)).levels == 3
    assert level_outcome(400, house(SUPER)).levels == 6
    assert level_outcome(400, house(CLASSIC, attacker_levels_capped=False)).levels == 8
    assert level_outcome(400, house(SUPER, attacker_levels_capped=False, level_step=20)).levels == 16


@pytest.mark.parametrize(
    "start,steps,none,ten_k,five_ten_k,with_ace",
    [
        ("3", 3, "6", "6", "5", "5"),
        ("8", 3, "J", "10", "10", "10"),
        ("10", 3, "K", "K", "K", "K"),
        ("Q", 3, "2", "K", "K", "K"),
        ("K", 3, "3", "3", "3", "A"),
        ("A", 2, "3", "3", "3", "3"),
    ],
)
def test_mandatory_levels_stop_a_wrapping_climb(
    start: str, steps: int, none: str, ten_k: str, five_ten_k: str, with_ace: str
) -> None:
    assert climb(start, steps, house(mandatory_levels="none")) == none
    assert climb(start, steps, house(mandatory_levels="10_K")) == ten_k
    assert climb(start, steps, house(mandatory_levels="5_10_K")) == five_ten_k
    assert climb(start, steps, house(mandatory_levels="5_10_K_A")) == with_ace


def test_mandatory_levels_without_wrapping_never_pass_ace() -> None:
    no_wrap = house(CLASSIC, mandatory_levels="none")
    assert climb("Q", 3, no_wrap) == "A"
    assert climb("8", 3, no_wrap) == "J"
    assert climb("8", 3, CLASSIC) == "10"
    assert climb("4", 3, house(CLASSIC, mandatory_levels="5_10_K")) == "5"


def test_laps_count_a_wrap_even_when_a_must_play_rank_stops_the_climb() -> None:
    stops = house(mandatory_levels="10_K")
    assert laps_completed("A", 3, stops) == 1
    assert laps_completed("Q", 3, stops) == 0
    assert laps_completed("Q", 3, SUPER) == 1
