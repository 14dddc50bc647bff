"""Cards and their notation: ``♠A`` / ``SA``, ``H10`` / ``HT``, ``LJ`` (小王), ``BJ`` (大王).

A card is one of 54 faces; the two decks hold each face twice and the two copies are
identical for every rule, so a card is just its face index (0..53).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .errors import CardError

SUITS: tuple[str, ...] = ("S", "H", "C", "D")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SYMBOL_SUITS: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}
RED_SUITS = frozenset({"H", "D"})
LITTLE_JOKER_INDEX = 52
BIG_JOKER_INDEX = 53
JOKER_CODES = ("LJ", "BJ")
RANK_POINTS: dict[str, int] = {"5": 5, "10": 10, "K": 10}



@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card face; ``index`` is suit*13 + rank for suited cards, 52 for LJ, 53 for BJ."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index <= BIG_JOKER_INDEX:
            raise CardError(f"card index out of range: {self.index}", token=str(self.index))

    @staticmethod
    def of(suit: str, rank: str) -> Card:
        """The card of ``suit`` (S/H/C/D or ♠♥♣♦) and ``rank`` (2..10, J, Q, K, A)."""
        suit = SYMBOL_SUITS.get(suit, suit).upper()
        rank = _normalise_rank(rank)
        if suit not in SUITS or rank not in RANKS:
            raise CardError(f"unknown card: {suit}{rank}", token=f"{suit}{rank}")
        return CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]

    @property
    def is_joker(self) -> bool:
        return self.index >= LITTLE_JOKER_INDEX

    @property
    def suit(self) -> str | None:
        """The printed suit letter, or None for a joker."""
        return None if self.is_joker else SUITS[self.index // 13]

    @property
    def rank(self) -> str:
        """``2``..``10``, ``J``, ``Q``, ``K``, ``A``; ``LJ`` or ``BJ`` for the jokers."""
        if self.is_joker:
            return JOKER_CODES[self.index - LITTLE_JOKER_INDEX]
        return RANKS[self.index % 13]

    @property
    def code(self) -> str:
        """ASCII notation: ``SA``, ``H10``, ``LJ``, ``BJ``."""
        return _CODES[self.index]

    @property
    def is_red(self) -> bool:
        """Red suits (♥ ♦) and the big joker, which is printed in colour."""
        return self.index == BIG_JOKER_INDEX or self.suit in RED_SUITS

    @property
    def points(self) -> int:
        return 0 if self.is_joker else RANK_POINTS.get(self.rank, 0)

    def name(self, lang: str = "en") -> str:
        """A spoken name from the catalogue: ``ace of spades`` / ``黑桃A``, ``big joker`` / ``大王``."""
        from .catalogue import text

        if self.is_joker:
            return text("card_big_joker" if self.index == BIG_JOKER_INDEX else "card_little_joker", lang)
        return text("card_name", lang, rank=self.rank, suit=self.suit)

    def __str__(self) -> str:
        return _SYMBOLIC[self.index]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def _repr_svg_(self) -> str:
        from ..render.cards import card_svg

        return card_svg(self)


def _normalise_rank(rank: str) -> str:
    rank = rank.upper()
    return "10" if rank in ("T", "1") else rank


def _code(index: int) -> str:
    if index >= LITTLE_JOKER_INDEX:
        return JOKER_CODES[index - LITTLE_JOKER_INDEX]
    return SUITS[index // 13] + RANKS[index % 13]


def _symbolic(index: int) -> str:
    if index >= LITTLE_JOKER_INDEX:
        return JOKER_CODES[index - LITTLE_JOKER_INDEX]
    return SUIT_SYMBOLS[SUITS[index // 13]] + RANKS[index % 13]


_CODES: tuple[str, ...] = tuple(_code(i) for i in range(54))
_SYMBOLIC: tuple[str, ...] = tuple(_symbolic(i) for i in range(54))
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))
LITTLE_JOKER = CARDS[LITTLE_JOKER_INDEX]
BIG_JOKER = CARDS[BIG_JOKER_INDEX]

_JOKER_WORDS: dict[str, int] = {
    "LJ": LITTLE_JOKER_INDEX, "SJK": LITTLE_JOKER_INDEX, "小王": LITTLE_JOKER_INDEX,
    "BJ": BIG_JOKER_INDEX, "大王": BIG_JOKER_INDEX,
}


@cache
def parse_card(token: str) -> Card:
    """One card from text such as ``♠A``, ``SA``, ``h10``, ``HT``, ``LJ``, ``大王``."""
    text = token.strip()
    upper = text.upper()
    if upper in _JOKER_WORDS:
        return CARDS[_JOKER_WORDS[upper]]
    if text in _JOKER_WORDS:
        return CARDS[_JOKER_WORDS[text]]
    if len(text) >= 2:
        suit = SYMBOL_SUITS.get(text[0], text[0].upper())
        rank = _normalise_rank(text[1:])
        if suit in SUITS and rank in RANKS:
            return CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]
    raise CardError(f"not a card: {token!r}", token=token)


class CardList(list[Card]):
    """A plain list of cards that a notebook shows as card faces (``_repr_html_``)."""

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def _repr_html_(self) -> str:
        from ..render.cards import cards_svg

        return cards_svg(self)


def parse_cards(text: str | Iterable[str | Card]) -> CardList:
    """Cards from space- or comma-separated text (or a list of tokens / cards).

    Raises ``CardError`` (a ``ValueError``) naming the first bad token.
    """
    tokens: Iterable[str | Card]
    tokens = text.replace(",", " ").split() if isinstance(text, str) else text
    cards = CardList()
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
        elif isinstance(token, str):
            cards.append(parse_card(token))
        else:
            raise CardError(f"not a card: {token!r}", token=repr(token))
    return cards


class CardGroup(tuple[Card, ...]):
    """Cards played together: equal to any list or tuple that holds the same cards, in any order."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | tuple):
            return sorted(self) == sorted(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(tuple(sorted(self)))

    def __str__(self) -> str:
        return symbols(self)

    def _repr_html_(self) -> str:
        from ..render.cards import cards_svg

        return cards_svg(self)


def full_deck() -> list[Card]:
    """The 108 cards of two decks, in a fixed order (each face twice)."""
    return [card for card in CARDS for _ in range(2)]


def codes(cards: Iterable[Card]) -> str:
    """Space-separated ASCII codes, the inverse of ``parse_cards``."""
    return " ".join(card.code for card in cards)


def symbols(cards: Iterable[Card]) -> str:
    """Cards written with suit symbols and no spaces between them: ``♥3♥3``."""
    return "".join(str(card) for card in cards)
