"""Declarations 报主 and overturns 反主 (docs/rules.md §8): which cards may be shown, and how strong they are.

Strength: a plain declaration 1, a lock (定主) or a pair of level cards 2, a pair of little
jokers 3, a pair of big jokers 4. A revealed kitty card counts 0. Each overturn must be
strictly stronger than what stands. The house switch ``overturn_order`` can make the two joker
pairs equal (``jokers_equal``) or every pair equal (``more_cards``: only more cards beat fewer);
``lock_allowed`` False offers no pair declarations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import BIG_JOKER, LITTLE_JOKER, RANKS, SUITS, Card, symbols
from ..engine.rules import Rules
from ..engine.trump import Trump

REVEALED = 0
PLAIN = 1
LEVEL_PAIR = 2
LITTLE_PAIR = 3
BIG_PAIR = 4

KIND_DECLARE = "declare"
KIND_OVERTURN = "overturn"
KIND_REVEAL = "reveal"


@dataclass(frozen=True, slots=True)
class Bid:
    """A standing declaration, overturn or revealed kitty card, as the whole table saw it."""

    kind: str
    seat: int | None
    """Who showed it (None for the revealed kitty card)."""
    cards: tuple[Card, ...]
    suit: str | None
    """The trump suit it names, or None for no-trump."""
    level: str
    strength: int

    @property
    def trump(self) -> Trump:
        return Trump(self.level, self.suit)

    @property
    def is_lock(self) -> bool:
        return self.kind == KIND_DECLARE and self.strength == LEVEL_PAIR

    def __str__(self) -> str:
        return symbols(self.cards)


def matching_joker(suit: str) -> Card:
    """The joker that declares ``suit``: the big joker for red suits, the little one for black."""
    return BIG_JOKER if suit in ("H", "D") else LITTLE_JOKER


def level_card(suit: str, level: str) -> Card:
    """The card of rank ``level`` in ``suit``."""
    return _LEVEL_CARDS[suit, level]


_LEVEL_CARDS: dict[tuple[str, str], Card] = {(s, r): Card.of(s, r) for s in SUITS for r in RANKS}
_LEVEL_ROWS: dict[str, tuple[tuple[str, Card], ...]] = {r: tuple((s, _LEVEL_CARDS[s, r]) for s in SUITS) for r in RANKS}


def _level_row(level: str) -> tuple[tuple[str, Card], ...]:
    """(suit, level card) for each suit in ``SUITS`` order."""
    row = _LEVEL_ROWS.get(level)
    return row if row is not None else tuple((suit, level_card(suit, level)) for suit in SUITS)


def ranked(strength: int, rules: Rules) -> int:
    """``strength`` as ``rules.overturn_order`` ranks it: joker pairs may tie each other or a level pair."""
    order = rules.overturn_order
    if order == "jokers_ranked" or strength < LITTLE_PAIR:
        return strength
    return LITTLE_PAIR if order == "jokers_equal" else LEVEL_PAIR


def declarations(counts: Sequence[int], level: str, rules: Rules) -> list[tuple[Card, ...]]:
    """Every declaration a hand (``counts`` per card index) can show: plain ones and locks."""
    found: list[tuple[Card, ...]] = []
    for suit, card in _level_row(level):
        held = counts[card.index]
        if not held:
            continue
        if rules.declare_needs_joker:
            joker = matching_joker(suit)
            if not counts[joker.index]:
                continue
            found.append((card, joker))
            if held >= 2 and rules.lock_allowed:
                found.append((card, card, joker))
        else:
            found.append((card,))
            if held >= 2 and rules.lock_allowed:
                found.append((card, card))
    return found


def overturns(counts: Sequence[int], level: str, rules: Rules, above: int) -> list[tuple[Card, ...]]:
    """Every overturn a hand can show that is strictly stronger than ``above``."""
    found: list[tuple[Card, ...]] = []
    if above < LEVEL_PAIR:
        for suit, card in _level_row(level):
            if counts[card.index] < 2:
                continue
            if rules.overturn_needs_joker:
                joker = matching_joker(suit)
                if counts[joker.index]:
                    found.append((card, card, joker))
            else:
                found.append((card, card))
    if above < ranked(LITTLE_PAIR, rules) and counts[LITTLE_JOKER.index] >= 2:
        found.append((LITTLE_JOKER, LITTLE_JOKER))
    if above < ranked(BIG_PAIR, rules) and counts[BIG_JOKER.index] >= 2:
        found.append((BIG_JOKER, BIG_JOKER))
    return found


def classify(cards: Sequence[Card], level: str, rules: Rules, overturn: bool) -> tuple[str | None, int] | None:
    """(trump suit or None, strength) when ``cards`` form a declaration (or an overturn), else None."""
    faces = sorted(card.index for card in cards)
    if overturn:
        if faces == [LITTLE_JOKER.index] * 2:
            return None, ranked(LITTLE_PAIR, rules)
        if faces == [BIG_JOKER.index] * 2:
            return None, ranked(BIG_PAIR, rules)
    for suit in SUITS:
        card = level_card(suit, level)
        joker = matching_joker(suit)
        needs_joker = rules.overturn_needs_joker if overturn else rules.declare_needs_joker
        tail = [joker.index] if needs_joker else []
        if not overturn and faces == sorted([card.index, *tail]):
            return suit, PLAIN
        if faces == sorted([card.index, card.index, *tail]) and (overturn or rules.lock_allowed):
            return suit, LEVEL_PAIR
    return None


def revealed_bid(card: Card, level: str) -> Bid:
    """The kitty's third card turned up: its suit is trump unless it is a joker or a level card."""
    suit = None if card.is_joker or card.rank == level else card.suit
    return Bid(KIND_REVEAL, None, (card,), suit, level, REVEALED)
