"""Pure rules of Shengji: no Jupyter, no I/O. See RULES.md for the rule book."""

from .cards import (
    BIG_JOKER,
    CARDS,
    LITTLE_JOKER,
    Card,
    CardList,
    codes,
    full_deck,
    parse_card,
    parse_cards,
    symbols,
)
from .catalogue import MessageError, text
from .errors import CardError, RuleError
from .explain import Verdict
from .follow import check_follow, legal_leads, legal_plays, playable_cards
from .rules import Rules
from .scoring import (
    Outcome,
    climb,
    kitty_multiplier,
    level_outcome,
    match_points,
    next_dealer,
    points,
)
from .shapes import Component, Shape, shape
from .throws import ThrowCheck, check_throw
from .tricks import trick_winner
from .trump import TRUMP, Trump

__all__ = [
    "BIG_JOKER", "CARDS", "LITTLE_JOKER", "TRUMP",
    "Card", "CardError", "CardList", "Component", "MessageError", "Outcome", "RuleError", "Rules", "Shape", "ThrowCheck",
    "Trump", "Verdict",
    "check_follow", "check_throw", "climb", "codes", "full_deck", "kitty_multiplier",
    "legal_leads", "legal_plays", "level_outcome", "match_points", "next_dealer",
    "parse_card", "parse_cards", "playable_cards", "points", "shape",
    "symbols", "text", "trick_winner",
]
