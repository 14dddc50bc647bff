"""Card notation (RULES.md §1, §11): parsing, printing, copies, points."""

from __future__ import annotations

import pytest

import shengji_kit as sk
from shengji_kit.engine.cards import CARDS, full_deck


def test_parse_symbols_ascii_and_jokers() -> None:
    parsed = sk.parse_cards("♠A ♠A H10 BJ")
    assert [c.code for c in parsed] == ["SA", "SA", "H10", "BJ"]
    assert [str(c) for c in parsed] == ["♠A", "♠A", "♥10", "BJ"]
    assert sk.parse_cards("HT h10 ♥10")[0] == sk.parse_cards("H10")[0]
    assert [c.code for c in sk.parse_cards("小王 大王 LJ bj")] == ["LJ", "BJ", "LJ", "BJ"]


def test_sj_is_the_jack_of_spades() -> None:
    (card,) = sk.parse_cards("SJ")
    assert card.suit == "S" and card.rank == "J" and not card.is_joker


def test_two_copies_are_equal_and_hash_alike() -> None:
    a, b = sk.parse_cards("SA SA")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


@pytest.mark.parametrize("bad", ["S1X", "X9", "S11", "ZZ", "♠", "SK,Q"])
def test_bad_token_is_named(bad: str) -> None:
    with pytest.raises(ValueError) as info:
        sk.parse_cards(f"SA {bad}")
    assert bad.split(",")[-1] in str(info.value) or bad in str(info.value)
    assert isinstance(info.value, sk.RuleError)
    assert "无法识别" in info.value.message("zh")


def test_deck_has_108_cards_and_200_points() -> None:
    deck = full_deck()
    assert len(deck) == 108
    assert all(deck.count(card) == 2 for card in CARDS)
    assert sk.points(deck) == 200


def test_points_of_fives_tens_kings() -> None:
    assert sk.points(sk.parse_cards("S5 H10 DK CQ BJ")) == 25


def test_names_in_both_languages() -> None:
    ace, big = sk.parse_cards("SA BJ")
    assert ace.name("en") == "ace of spades" and ace.name("zh") == "黑桃A"
    assert big.name("zh") == "大王" and big.is_red and not sk.parse_cards("LJ")[0].is_red
