"""Score, kitty and levels (RULES.md §7) for both presets."""

from __future__ import annotations

import pytest

import shengji_kit as sk

from .conftest import cards, trump

T2S = trump("2", "S")


@pytest.mark.parametrize(
    "lead,expected_super,expected_classic",
    [
        ("H9", 2, 2),
        ("H9 H9", 4, 4),
        ("H9 H9 H10 H10", 8, 4),
        ("H9 H9 H10 H10 HJ HJ", 12, 4),
        ("HA HK HK", 4, 4),
        ("HA H9 H9 H10 H10 H5 H5", 8, 4),
        ("HA HQ", 2, 2),
    ],
)
def test_kitty_multiplier(lead: str, expected_super: int, expected_classic: int) -> None:
    assert sk.kitty_multiplier(cards(lead), T2S) == expected_super
    assert sk.kitty_multiplier(cards(lead), T2S, "classic") == expected_classic


def test_throw_multiplier_is_largest_component_never_a_sum() -> None:
    lead = cards("H3 H3 H4 H4 H8 H8 H9 H9")
    assert sk.kitty_multiplier(lead, T2S) == 8


@pytest.mark.parametrize(
    "total,side,levels,passes",
    [
        (0, "defenders", 3, False),
        (5, "defenders", 2, False),
        (35, "defenders", 2, False),
        (40, "defenders", 1, False),
        (75, "defenders", 1, False),
        (80, "attackers", 0, True),
        (115, "attackers", 0, True),
        (120, "attackers", 1, True),
        (155, "attackers", 1, True),
        (160, "attackers", 2, True),
        (200, "attackers", 3, True),
        (240, "attackers", 4, True),
        (280, "attackers", 5, True),
        (320, "attackers", 6, True),
        (600, "attackers", 6, True),
    ],
)
def test_level_outcome_super_tycoon(total: int, side: str, levels: int, passes: bool) -> None:
    outcome = sk.level_outcome(total)
    assert (outcome.side, outcome.levels, outcome.deal_passes) == (side, levels, passes)


@pytest.mark.parametrize(
    "total,side,levels",
    [(0, "defenders", 3), (30, "defenders", 2), (60, "defenders", 1), (100, "attackers", 0),
     (120, "attackers", 1), (170, "attackers", 2), (200, "attackers", 3), (400, "attackers", 3)],
)
def test_level_outcome_classic(total: int, side: str, levels: int) -> None:
    outcome = sk.level_outcome(total, "classic")
    assert (outcome.side, outcome.levels) == (side, levels)


def test_bad_total_is_refused() -> None:
    with pytest.raises(ValueError):
        sk.level_outcome(-5)


def test_next_dealer() -> None:
    assert sk.next_dealer(1, sk.level_outcome(30)) == 3
    assert sk.next_dealer(3, sk.level_outcome(30)) == 1
    assert sk.next_dealer(1, sk.level_outcome(90)) == 2
    assert sk.next_dealer(3, sk.level_outcome(130)) == 0


def test_climb_super_tycoon_wraps_after_ace() -> None:
    assert sk.climb("2", 3) == "5"
    assert sk.climb("K", 3) == "3"
    assert sk.climb("A", 1) == "2"
    assert sk.climb("9", 3) == "Q"


def test_climb_classic_stops_at_ten_and_king_and_ace() -> None:
    assert sk.climb("9", 3, "classic") == "10"
    assert sk.climb("8", 2, "classic") == "10"
    assert sk.climb("10", 2, "classic") == "Q"
    assert sk.climb("J", 3, "classic") == "K"
    assert sk.climb("K", 3, "classic") == "A"
    assert sk.climb("A", 2, "classic") == "A"
    assert sk.climb("2", 3, "classic") == "5"


def test_match_points_classic() -> None:
    from shengji_kit.engine.scoring import match_points

    assert [match_points(t) for t in (0, 20, 60, 90, 130, 170, 220)] == [-3, -2, -1, 1, 2, 3, 4]


def test_presets() -> None:
    assert sk.Rules.preset(None).name == "super_tycoon"
    assert sk.Rules.preset("classic").throw_check_opponents_only
    with pytest.raises(ValueError):
        sk.Rules.preset("bridge")
