"""Card roles: the one classifier that lessons and the ladder picture share."""

from __future__ import annotations

import pytest

from shengji_kit.engine.cards import CARDS, parse_card
from shengji_kit.engine.roles import Role, role_of
from shengji_kit.engine.trump import Trump


@pytest.mark.parametrize(
    ("code", "level", "suit", "role"),
    [
        ("BJ", "2", "S", Role.BIG_JOKER),
        ("LJ", "2", None, Role.LITTLE_JOKER),
        ("S2", "2", "S", Role.MAIN_LEVEL),
        ("H2", "2", "S", Role.SIDE_LEVEL),
        ("H2", "2", None, Role.LEVEL_NT),
        ("SA", "2", "S", Role.TRUMP_SUIT),
        ("HA", "2", "S", Role.PLAIN),
        ("HA", "2", None, Role.PLAIN),
    ],
)
def test_role_of_each_kind_of_card(code: str, level: str, suit: str | None, role: Role) -> None:
    assert role_of(parse_card(code), Trump(level, suit)) is role


@pytest.mark.parametrize("suit", ["S", "H", "C", "D", None])
def test_only_plain_cards_are_not_trumps(suit: str | None) -> None:
    trump = Trump("7", suit)
    for card in CARDS:
        assert (role_of(card, trump) is Role.PLAIN) == (not trump.is_trump(card))
