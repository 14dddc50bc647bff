"""Pure rules of Shengji: no Jupyter, no I/O. See docs/rules.md for the rules.

The functions exported here check their input (``checked_api.py``: card text accepted, impossible cards
refused); the module functions of the same name trust their callers and skip the checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from ..words.catalogue import MessageError, text
    from .cards import (
        BIG_JOKER,
        CARDS,
        LITTLE_JOKER,
        Card,
        CardList,
        CardsLike,
        as_cards,
        codes,
        full_deck,
        parse_card,
        parse_cards,
        symbols,
    )
    from .checked_api import (
        check_follow,
        check_throw,
        kitty_multiplier,
        legal_leads,
        legal_plays,
        playable_cards,
        points,
        shape,
        trick_winner,
    )
    from .errors import CardError, RuleError
    from .explain import Verdict
    from .rules import Rules
    from .scoring import Outcome, climb, level_outcome, match_points, next_dealer
    from .shapes import Component, Shape
    from .throws import ThrowCheck
    from .trump import TRUMP, Trump

__getattr__, __dir__ = lazy_names(__name__, {
    "..words.catalogue": ("MessageError", "text"),
    ".cards": (
        "BIG_JOKER", "CARDS", "LITTLE_JOKER", "Card", "CardList", "CardsLike", "as_cards", "codes",
        "full_deck", "parse_card", "parse_cards", "symbols",
    ),
    ".checked_api": (
        "check_follow", "check_throw", "kitty_multiplier", "legal_leads", "legal_plays",
        "playable_cards", "points", "shape", "trick_winner",
    ),
    ".errors": ("CardError", "RuleError"),
    ".explain": ("Verdict",),
    ".rules": ("Rules",),
    ".scoring": ("Outcome", "climb", "level_outcome", "match_points", "next_dealer"),
    ".shapes": ("Component", "Shape"),
    ".throws": ("ThrowCheck",),
    ".trump": ("TRUMP", "Trump"),
})

__all__ = [
    "BIG_JOKER", "CARDS", "LITTLE_JOKER", "TRUMP", "Card", "CardError", "CardList", "CardsLike",
    "Component", "MessageError", "Outcome", "RuleError", "Rules", "Shape", "ThrowCheck", "Trump",
    "Verdict", "as_cards", "check_follow", "check_throw", "climb", "codes", "full_deck",
    "kitty_multiplier", "legal_leads", "legal_plays", "level_outcome", "match_points",
    "next_dealer", "parse_card", "parse_cards", "playable_cards", "points", "shape", "symbols",
    "text", "trick_winner",
]
