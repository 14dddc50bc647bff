"""Combinations and format (RULES.md §3), with the rule book's exact cards."""

from __future__ import annotations

import pytest

import shengji_kit as sk

from .conftest import cards, trump


@pytest.mark.parametrize(
    "level,suit,text",
    [
        ("4", "H", "H3 H3 H5 H5"),
        ("4", "H", "C3 C3 C5 C5"),
        ("4", "S", "SA SA H4 H4"),
        ("4", "S", "H4 H4 S4 S4"),
        ("4", "S", "S4 S4 LJ LJ"),
        ("4", "S", "LJ LJ BJ BJ"),
    ],
)
def test_rule_book_tractors(level: str, suit: str, text: str) -> None:
    got = sk.shape(cards(text), trump(level, suit))
    assert got.kind == "tractor"
    assert got.components[0].pairs == 2


def test_same_step_pairs_are_not_a_tractor() -> None:
    got = sk.shape(cards("H4 H4 C4 C4"), trump("4", "S"))
    assert got.kind == "throw"
    assert [c.kind for c in got.components] == ["pair", "pair"]


def test_two_different_level_cards_are_not_a_pair() -> None:
    got = sk.shape(cards("H2 C2"), trump("2", "S"))
    assert got.kind == "throw" and [c.kind for c in got.components] == ["single", "single"]


def test_single_pair_kinds() -> None:
    t = trump("2", "S")
    assert sk.shape(cards("HA"), t).kind == "single"
    assert sk.shape(cards("HA HA"), t).kind == "pair"
    assert sk.shape(cards("BJ BJ"), t).kind == "pair"


def test_throw_format_tractor_pair_single() -> None:
    t = trump("2", "S")
    got = sk.shape(cards("HA HK HK HQ HQ H9 H9 H5"), t)
    assert got.kind == "throw"
    assert [(c.kind, c.pairs) for c in got.components] == [
        ("tractor", 2), ("pair", 1), ("single", 0), ("single", 0)
    ]
    assert [c.code for c in got.components[0].cards] == ["HK", "HK", "HQ", "HQ"]
    assert [got.components[2].cards[0].code, got.components[3].cards[0].code] == ["HA", "H5"]
    assert sorted(c.code for c in got.cards) == sorted(c.code for c in cards("HA HK HK HQ HQ H9 H9 H5"))


def test_second_level_pair_on_one_step_stays_a_pair() -> None:
    t = trump("2", "S")
    got = sk.shape(cards("SA SA H2 H2 C2 C2 S2 S2"), t)
    assert [(c.kind, c.pairs) for c in got.components] == [("tractor", 3), ("pair", 1)]


def test_mixed_suits_raise_rule_error() -> None:
    with pytest.raises(sk.RuleError) as info:
        sk.shape(cards("HA SA"), trump("2", "C"))
    assert info.value.code == "mixed_suits"
    assert "♥A" in info.value.message("en") and "红桃" in info.value.message("zh")


def test_trump_and_plain_of_same_suit_letter_mix() -> None:
    with pytest.raises(sk.RuleError):
        sk.shape(cards("H2 H3"), trump("2", "S"))
    assert sk.shape(cards("H2 S3"), trump("2", "S")).kind == "throw"


def test_long_tractor_through_level_gap() -> None:
    got = sk.shape(cards("C3 C3 C5 C5 C6 C6"), trump("4", "H"))
    assert got.kind == "tractor" and got.components[0].pairs == 3


def test_empty_lead_is_refused() -> None:
    with pytest.raises(sk.RuleError) as info:
        sk.shape([], trump("2", "S"))
    assert info.value.code == "empty_play"
