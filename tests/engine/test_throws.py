"""Throws (RULES.md §4): the throw check, the forced component, the blocker, both presets."""

from __future__ import annotations

import shengji_kit as sk

from .conftest import cards, trump

T2S = trump("2", "S")


def check(throw: str, others: list[str], rules: str | None = None) -> sk.ThrowCheck:
    return sk.check_throw(cards(throw), [cards(h) for h in others], T2S, rules)


def test_throw_stands_when_nobody_beats_any_part() -> None:
    result = check("HA HK HK", ["H3 H4", "C5 C6", "HQ HQ S3"])
    assert result.ok and result.blocker is None
    assert sorted(c.code for c in result.forced) == ["HA", "HK", "HK"]


def test_higher_pair_beats_the_pair_component() -> None:
    result = check("HA HQ HQ", ["H3 H4", "HK HK", "C3"])
    assert not result.ok
    assert [c.code for c in result.forced] == ["HQ", "HQ"]
    assert result.blocker == 1
    assert [c.code for c in result.beater] == ["HK", "HK"]


def test_fewest_card_shape_is_forced() -> None:
    # Both the single ♥K and the pair ♥Q♥Q can be beaten: the single is forced.
    result = check("HK HQ HQ", ["HA HA", "H3", "C3"])
    assert not result.ok and [c.code for c in result.forced] == ["HK"]
    assert result.blocker == 0


def test_lowest_component_of_failing_shape_is_forced() -> None:
    result = check("HA HJ H9", ["H10", "C3", "C4"])
    assert not result.ok and [c.code for c in result.forced] == ["H9"]


def test_blocker_is_first_in_turn_order() -> None:
    result = check("HA H9", ["C3", "H10", "HK"])
    assert not result.ok and result.blocker == 1


def test_partner_blocks_in_super_tycoon_but_not_in_classic() -> None:
    others = ["C3", "HK", "C4"]
    assert not check("HA HQ", others).ok
    classic = check("HA HQ", others, "classic")
    assert classic.ok


def test_classic_opponents_still_block() -> None:
    assert not check("HA HQ", ["C3", "C5", "HK"], "classic").ok
    assert check("HA HQ", ["C3", "C5", "HK"], "classic").blocker == 2


def test_tractor_component_beaten_by_longer_tractor_inside() -> None:
    result = check("H9 H9 H10 H10 HA", ["HJ HJ HQ HQ HK HK", "C3", "C4"])
    assert not result.ok
    assert sorted(c.code for c in result.forced) == ["H10", "H10", "H9", "H9"]


def test_ruff_does_not_break_a_throw() -> None:
    assert check("HA HK", ["S3", "S4", "S5"]).ok


def test_equal_level_singles_forced_by_sort_order() -> None:
    # ♥2 and ♣2 are equal 副主 singles; the one trump.sorted puts last is led.
    result = sk.check_throw(cards("H2 C2"), [cards("S2"), cards("C3"), cards("C4")], T2S)
    assert not result.ok
    assert [c.code for c in result.forced] == [T2S.sorted(cards("H2 C2"))[-1].code]


def test_single_combination_always_stands() -> None:
    assert check("HQ HQ", ["HA HA", "", ""]).ok


def test_messages_name_cards_and_seat() -> None:
    result = check("HA HQ HQ", ["H3 H4", "HK HK", "C3"])
    en = result.message("en", blocker_seat=2)
    zh = result.message("zh", blocker_seat=2)
    assert "♥K♥K" in en and "North" in en and "♥Q♥Q" in en
    assert "♥K♥K" in zh and "北家" in zh
