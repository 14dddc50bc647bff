"""Trump context (RULES.md §2): trumps, effective suits, steps, sorting."""

from __future__ import annotations

import pytest

import shengji_kit as sk

from .conftest import cards, trump


def test_level_4_heart_trump_adjacent_steps() -> None:
    t = trump("4", "H")
    h3, h5, c3, c5 = cards("H3 H5 C3 C5")
    assert t.step(h5) == t.step(h3) + 1
    assert t.step(c5) == t.step(c3) + 1
    assert t.is_trump(cards("C4")[0]) and t.suit_of(cards("C4")[0]) == "T"


def test_level_2_spade_ladder() -> None:
    t = trump("2", "S")
    ladder = cards("S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA H2 S2 LJ BJ")
    steps = [t.step(c) for c in ladder]
    assert steps == sorted(steps) and len(set(steps)) == len(steps)
    assert t.step(cards("H2")[0]) == t.step(cards("C2")[0]) == t.step(cards("D2")[0])
    assert all(t.suit_of(c) == "T" for c in ladder)


def test_no_trump_level_cards_equal_below_jokers() -> None:
    t = trump("7", None)
    s7, h7, lj, bj, sa = cards("S7 H7 LJ BJ SA")
    assert t.step(s7) == t.step(h7) < t.step(lj) < t.step(bj)
    assert not t.is_trump(sa) and t.suit_of(sa) == "S"


def test_plain_suit_skips_level_rank() -> None:
    t = trump("10", "S")
    h9, hj = cards("H9 HJ")
    assert t.step(hj) == t.step(h9) + 1


def test_sorted_trumps_first_strongest_first() -> None:
    t = trump("2", "S")
    got = t.sorted(cards("H3 S3 C2 BJ SA D2 S2 HA"))
    assert [c.code for c in got] == ["BJ", "S2", "C2", "D2", "SA", "S3", "HA", "H3"]


def test_symbols_and_ten_accepted() -> None:
    assert sk.Trump(level="10", suit="♠") == sk.Trump(level="T", suit="S")
    assert sk.Trump("2", None).suit is None


@pytest.mark.parametrize("level,suit", [("1X", "S"), ("2", "X"), ("", "S")])
def test_bad_trump_context(level: str, suit: str) -> None:
    with pytest.raises(ValueError):
        sk.Trump(level=level, suit=suit)
