"""The trump context of a round: which cards are trumps, each card's effective suit and step.

Everything is looked up in tables built once per (level, trump suit) and cached, so the hot
paths (following, trick winner, throws) never recompute a card's rank.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from ..words.catalogue import text
from .cards import (
    BIG_JOKER_INDEX,
    LITTLE_JOKER_INDEX,
    RANKS,
    SUITS,
    SYMBOL_SUITS,
    Card,
    parse_card,
    parse_cards,
)
from .errors import CardError, RuleError

TRUMP = "T"
"""The effective-suit letter of every trump card."""

_NO_TRUMP_WORDS = {None, "", "none", "None", "NONE", "NT", "nt", "no-trump", "无主"}


@dataclass(frozen=True, slots=True)
class TrumpTables:
    """Per-card lookups for one trump context, indexed by ``Card.index``."""

    suit_of: tuple[str, ...]
    step: tuple[int, ...]
    sort_key: tuple[tuple[int, int, int], ...]
    steps_in_suit: dict[str, int]


def normalise_level(level: str | int) -> str:
    """``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``; also accepts ints 2..10 and ``T``.

    ``1`` is refused like the card rank 1 (ace or ten?); so is a bool.
    """
    if isinstance(level, bool) or not isinstance(level, str | int):
        raise RuleError("bad_level", {"level": repr(level)})
    text = str(level).strip().upper()
    if text == "T":
        text = "10"
    if text not in RANKS:
        raise RuleError("bad_level", {"level": str(level)})
    return text


def normalise_suit(suit: str | None) -> str | None:
    """A suit letter S/H/C/D (symbols accepted), or None for no-trump."""
    if suit is None:
        return None
    if not isinstance(suit, str):
        raise RuleError("bad_suit", {"suit": repr(suit)})
    if suit in _NO_TRUMP_WORDS:
        return None
    text = SYMBOL_SUITS.get(suit.strip(), suit.strip().upper())
    if text not in SUITS:
        raise RuleError("bad_suit", {"suit": suit})
    return text


@dataclass(frozen=True, init=False)
class Trump:
    """Level rank plus trump suit (``suit=None`` for no-trump).

    ``Trump(level="2", suit="S")``; suit and level also accept ``"♠"`` and ``"10"``.
    """

    level: str
    suit: str | None
    tables: TrumpTables = field(compare=False, repr=False, hash=False)

    def __init__(self, level: str | int = "2", suit: str | None = None) -> None:
        lvl = normalise_level(level)
        st = normalise_suit(suit)
        object.__setattr__(self, "level", lvl)
        object.__setattr__(self, "suit", st)
        object.__setattr__(self, "tables", _build_tables(lvl, st))

    def is_trump(self, card: Card | str) -> bool:
        """Is ``card`` (a ``Card`` or card text such as ``"SA"``) a trump?"""
        return self.suit_of(card) == TRUMP

    def suit_of(self, card: Card | str) -> str:
        """The effective suit: ``"S"``, ``"H"``, ``"C"``, ``"D"``, or ``"T"`` for trumps."""
        return self.tables.suit_of[card.index if isinstance(card, Card) else _one_card(card).index]

    def step(self, card: Card | str) -> int:
        """The card's strength inside its effective suit (0 = lowest; equal steps are equal)."""
        return self.tables.step[card.index if isinstance(card, Card) else _one_card(card).index]

    def steps_in(self, effective_suit: str) -> int:
        """How many distinct steps the effective suit has."""
        return self.tables.steps_in_suit[effective_suit]

    def sort_key(self, card: Card | str) -> tuple[int, int, int]:
        """Trumps first, then ♠ ♥ ♣ ♦; strongest first inside each group."""
        return self.tables.sort_key[card.index if isinstance(card, Card) else _one_card(card).index]

    def sorted(self, cards: Iterable[Card] | str) -> list[Card]:
        """Cards (or card text) grouped trumps first, then suits, strongest first."""
        keys = self.tables.sort_key
        if isinstance(cards, str):
            cards = parse_cards(cards)
        try:
            return sorted(cards, key=lambda card: keys[card.index])
        except (AttributeError, TypeError):
            return sorted(parse_cards(cards), key=lambda card: keys[card.index])

    def describe(self, lang: str = "en") -> str:
        """``level 2, spades trump`` / ``打2，黑桃为主``; no-trump says so."""
        return text("trump_of", lang, trump=self)

    def words(self, kind: str, lang: str) -> str | None:
        """How the catalogue writes a ``{name:trump}`` placeholder (``words.catalogue.Worded``)."""
        if kind != "trump":
            return None
        if self.suit is None:
            return text("trump_no_suit", lang, level=self.level)
        return text("trump_suit", lang, level=self.level, suit=self.suit)

    def __repr__(self) -> str:
        return f"Trump(level={self.level!r}, suit={self.suit!r})"


def _one_card(value: object) -> Card:
    """``value`` as a card: a ``Card`` or one card's text; ``CardError`` otherwise."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise CardError(f"not a card: {value!r}", token=repr(value), code="not_cards")


@cache
def _build_tables(level: str, trump_suit: str | None) -> TrumpTables:
    level_rank = RANKS.index(level)
    plain_ranks = [r for r in range(13) if r != level_rank]
    suit_of: list[str] = [""] * 54
    step: list[int] = [0] * 54
    for suit_index, suit in enumerate(SUITS):
        for rank_index in range(13):
            index = suit_index * 13 + rank_index
            if rank_index == level_rank:
                suit_of[index] = TRUMP
                if trump_suit is None:
                    step[index] = 0
                else:
                    step[index] = 13 if suit == trump_suit else 12
            else:
                suit_of[index] = TRUMP if suit == trump_suit else suit
                step[index] = plain_ranks.index(rank_index)
    top_level_step = 0 if trump_suit is None else 13
    suit_of[LITTLE_JOKER_INDEX] = suit_of[BIG_JOKER_INDEX] = TRUMP
    step[LITTLE_JOKER_INDEX] = top_level_step + 1
    step[BIG_JOKER_INDEX] = top_level_step + 2
    group = {TRUMP: 0, "S": 1, "H": 2, "C": 3, "D": 4}
    sort_key = tuple(
        (group[suit_of[i]], -step[i], i // 13 if i < LITTLE_JOKER_INDEX else 0) for i in range(54)
    )
    steps_in_suit = {s: 12 for s in SUITS}
    steps_in_suit[TRUMP] = top_level_step + 3
    return TrumpTables(tuple(suit_of), tuple(step), sort_key, steps_in_suit)


def cards_of_suit(cards: Iterable[Card], effective_suit: str, trump: Trump) -> list[Card]:
    """The cards whose effective suit is ``effective_suit``."""
    suit_of = trump.tables.suit_of
    return [card for card in cards if suit_of[card.index] == effective_suit]

