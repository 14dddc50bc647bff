"""Which cards declare and overturn, and how strong they are (RULES.md §8)."""

from __future__ import annotations

from shengji_kit.engine.cards import Card
from shengji_kit.engine.rules import Rules
from shengji_kit.game.declaring import (
    BIG_PAIR,
    LEVEL_PAIR,
    LITTLE_PAIR,
    PLAIN,
    classify,
    declarations,
    overturns,
    revealed_bid,
)

from .conftest import cards

TYCOON = Rules.preset("super_tycoon")
CLASSIC = Rules.preset("classic")


def counts(text: str) -> list[int]:
    found = [0] * 54
    for card in cards(text):
        found[card.index] += 1
    return found


def codes(options: list[tuple[Card, ...]]) -> set[str]:
    return {" ".join(card.code for card in option) for option in options}


def test_big_joker_declares_red_little_joker_black() -> None:
    assert codes(declarations(counts("H2 D2 S2 C2 BJ"), "2", TYCOON)) == {"H2 BJ", "D2 BJ"}
    assert codes(declarations(counts("H2 D2 S2 C2 LJ"), "2", TYCOON)) == {"S2 LJ", "C2 LJ"}
    assert declarations(counts("BJ BJ LJ LJ"), "2", TYCOON) == []
    assert declarations(counts("H5 BJ"), "2", TYCOON) == []
    assert codes(declarations(counts("H5 H5 BJ"), "5", TYCOON)) == {"H5 BJ", "H5 H5 BJ"}


def test_classic_declares_with_level_cards_alone() -> None:
    assert codes(declarations(counts("H2 S2 S2 LJ"), "2", CLASSIC)) == {"H2", "S2", "S2 S2"}


def test_overturn_strengths() -> None:
    hand = counts("H2 H2 BJ BJ LJ LJ S2 S2")
    assert codes(overturns(hand, "2", TYCOON, PLAIN)) == {"H2 H2 BJ", "S2 S2 LJ", "LJ LJ", "BJ BJ"}
    assert codes(overturns(hand, "2", TYCOON, LEVEL_PAIR)) == {"LJ LJ", "BJ BJ"}
    assert codes(overturns(hand, "2", TYCOON, LITTLE_PAIR)) == {"BJ BJ"}
    assert overturns(hand, "2", TYCOON, BIG_PAIR) == []
    assert codes(overturns(hand, "2", CLASSIC, PLAIN)) == {"H2 H2", "S2 S2", "LJ LJ", "BJ BJ"}


def test_classify_names_suit_and_strength() -> None:
    assert classify(cards("S2 LJ"), "2", TYCOON, overturn=False) == ("S", PLAIN)
    assert classify(cards("S2 S2 LJ"), "2", TYCOON, overturn=False) == ("S", LEVEL_PAIR)
    assert classify(cards("S2 BJ"), "2", TYCOON, overturn=False) is None
    assert classify(cards("LJ LJ"), "2", TYCOON, overturn=False) is None
    assert classify(cards("LJ LJ"), "2", TYCOON, overturn=True) == (None, LITTLE_PAIR)
    assert classify(cards("BJ BJ"), "2", CLASSIC, overturn=True) == (None, BIG_PAIR)
    assert classify(cards("D2 D2"), "2", CLASSIC, overturn=True) == ("D", LEVEL_PAIR)
    assert classify(cards("D2"), "2", CLASSIC, overturn=True) is None


def test_revealed_card_is_judged_at_the_level() -> None:
    assert revealed_bid(cards("HK")[0], "5").suit == "H"
    assert revealed_bid(cards("HK")[0], "K").suit is None
    assert revealed_bid(cards("BJ")[0], "5").suit is None
    assert revealed_bid(cards("HK")[0], "5").strength == 0
