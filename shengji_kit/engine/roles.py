"""The role a card plays under a trump: big joker, little joker, 正主, 副主, level card in no-trump,
trump-suit card or plain card. Lessons and the ladder picture both name cards by these roles."""

from __future__ import annotations

from enum import StrEnum

from .cards import Card
from .trump import Trump


class Role(StrEnum):
    """What a card is under a trump; the trumps come first, strongest group first."""

    BIG_JOKER = "big_joker"
    LITTLE_JOKER = "little_joker"
    MAIN_LEVEL = "main_level"  # 正主: the level rank in the trump suit
    SIDE_LEVEL = "side_level"  # 副主: the level rank in another suit
    LEVEL_NT = "level_nt"  # the level rank when there is no trump suit
    TRUMP_SUIT = "trump_suit"
    PLAIN = "plain"


def role_of(card: Card, trump: Trump) -> Role:
    """The role of ``card`` under ``trump``."""
    if card.code == "BJ":
        return Role.BIG_JOKER
    if card.code == "LJ":
        return Role.LITTLE_JOKER
    if card.rank == trump.level:
        if trump.suit is None:
            return Role.LEVEL_NT
        return Role.MAIN_LEVEL if card.suit == trump.suit else Role.SIDE_LEVEL
    if card.suit == trump.suit:
        return Role.TRUMP_SUIT
    return Role.PLAIN
