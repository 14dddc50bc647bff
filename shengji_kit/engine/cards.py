"""Cards and their notation (``♠A`` / ``SA``, ``LJ``, ``BJ``): the rules' side of render/cards.py.

A card is one of 54 faces; the two decks hold each face twice and the two copies are
identical for every rule, so a card is just its face index (0..53).

Notation (the whole of it): a suit (``S H C D``, any case, or ``♠ ♥ ♣ ♦``, with or without the
emoji variation selector U+FE0F that phones add) followed by a rank (``2``–``10``, ``T`` for ten,
``J Q K A``, any case); the jokers are ``LJ`` / ``小王`` and ``BJ`` / ``大王`` (any case). ``1`` is
refused (``S1`` could mean the ace or the ten): write ``SA`` for the ace, ``S10`` or ``ST`` for the ten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..words.catalogue import text
from .errors import CardError, RuleError, clip

SUITS: tuple[str, ...] = ("S", "H", "C", "D")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SYMBOL_SUITS: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}
RED_SUITS = frozenset({"H", "D"})
LITTLE_JOKER_INDEX = 52
BIG_JOKER_INDEX = 53
JOKER_CODES = ("LJ", "BJ")
RANK_POINTS: dict[str, int] = {"5": 5, "10": 10, "K": 10}
MAX_COPIES = 2
"""Two decks: no face exists more than twice."""
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0f\ufe0e")



@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card face; ``index`` is suit*13 + rank for suited cards, 52 for LJ, 53 for BJ."""

    index: int

    def __post_init__(self) -> None:
        if type(self.index) is not int or not 0 <= self.index <= BIG_JOKER_INDEX:
            raise CardError(f"card index out of range: {self.index!r}", token=repr(self.index), code="bad_card_index")

    @staticmethod
    def of(suit: str, rank: str) -> Card:
        """The card of ``suit`` (S/H/C/D or ♠♥♣♦) and ``rank`` (2..10, J, Q, K, A)."""
        if not isinstance(suit, str) or not isinstance(rank, str):
            raise CardError(f"not a card: {suit!r}, {rank!r}", token=f"{suit!r} {rank!r}")
        suit = SYMBOL_SUITS.get(suit, suit).upper()
        if rank == "1":
            raise CardError(f"rank 1 is ambiguous: {suit}1", token=f"{suit}1", code="card_rank_one")
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
        if self.is_joker:
            return text("card_big_joker" if self.index == BIG_JOKER_INDEX else "card_little_joker", lang)
        return text("card_name", lang, rank=self.rank, suit=self.suit)

    def words(self, kind: str, lang: str) -> str | None:
        """How the catalogue writes this card (``words.catalogue.Worded``): a suited card by its face
        (``♠A``, the same in every language), a joker by its name (``Big Joker`` / ``大王``): a learner
        never reads the input codes ``BJ`` / ``LJ``."""
        if kind != "card":
            return None
        if self.is_joker:
            return text("card_text_big_joker" if self.index == BIG_JOKER_INDEX else "card_text_little_joker", lang)
        return _SYMBOLIC[self.index]

    def __str__(self) -> str:
        return _SYMBOLIC[self.index]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def _repr_svg_(self) -> str | None:
        return draw_card(self)


def _normalise_rank(rank: str) -> str:
    rank = rank.upper()
    return "10" if rank == "T" else rank


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
    "LJ": LITTLE_JOKER_INDEX, "小王": LITTLE_JOKER_INDEX,
    "BJ": BIG_JOKER_INDEX, "大王": BIG_JOKER_INDEX,
}


def parse_card(token: str) -> Card:
    """One card from text such as ``♠A``, ``SA``, ``h10``, ``HT``, ``LJ``, ``大王`` (module docstring)."""
    if not isinstance(token, str):
        raise CardError(f"not card text: {token!r}", token=repr(token), code="not_cards")
    if len(token) > 64:
        raise CardError(f"not a card: {clip(token)!r}", token=token)
    return _parse_card_text(token)


@cache
def _parse_card_text(token: str) -> Card:
    text = token.strip().translate(_VARIATION_SELECTORS)
    upper = text.upper()
    if upper in _JOKER_WORDS:
        return CARDS[_JOKER_WORDS[upper]]
    if len(text) >= 2:
        suit = SYMBOL_SUITS.get(text[0], text[0].upper())
        if suit in SUITS and text[1:] == "1":
            raise CardError(f"rank 1 is ambiguous: {token!r}", token=token, code="card_rank_one")
        rank = _normalise_rank(text[1:])
        if suit in SUITS and rank in RANKS:
            return CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]
    raise CardError(f"not a card: {token!r}", token=token)


class CardList(list[Card]):
    """A plain list of cards that a notebook shows as card faces (``_repr_html_``)."""

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def _repr_html_(self) -> str | None:
        return draw_cards(self)


def parse_cards(text: str | Iterable[str | Card]) -> CardList:
    """Cards from space- or comma-separated text (or a list of tokens / cards).

    Raises ``CardError`` (a ``ValueError``) naming the first bad token. It does not limit copies
    (a deck listing may hold any number); ``as_cards`` does.
    """
    tokens: Iterable[str | Card]
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif isinstance(text, Iterable):
        tokens = text
    else:
        raise CardError(f"not cards: {text!r}", token=repr(text), code="not_cards")
    cards = CardList()
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
        elif isinstance(token, str):
            cards.append(parse_card(token))
        else:
            raise CardError(f"not a card: {token!r}", token=repr(token), code="not_cards")
    return cards


CardsLike = str | Card | Iterable[Card | str]
"""What the public API accepts for cards: ``"SA SK"``, one ``Card``, or a list of cards / tokens."""


def as_cards(value: CardsLike) -> tuple[Card, ...]:
    """The cards of ``value`` (text, one card, or cards / tokens), at most two copies of a face.

    The public entry points call this once at the edge; internal callers that already hold
    valid card tuples skip it. Raises ``CardError`` for text that is not cards and
    ``RuleError`` (code ``too_many_copies``) naming a face given more than twice.
    """
    cards = coerce_cards(value)
    check_copies(cards)
    return cards


def coerce_cards(value: CardsLike) -> tuple[Card, ...]:
    """``as_cards`` without the copies check (for callers that check several groups together)."""
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, list | tuple):
        cards = tuple(value)
        for card in cards:
            if type(card) is not Card:
                cards = tuple(parse_cards(cards))
                break
    else:
        cards = tuple(parse_cards(value))
    return cards


def check_copies(*groups: Iterable[Card]) -> None:
    """Refuse (``RuleError`` ``too_many_copies``) a face that ``groups`` hold more than twice in all."""
    counts = bytearray(len(CARDS))
    for group in groups:
        for card in group:
            index = card.index
            if counts[index] == MAX_COPIES:
                total = sum(1 for g in groups for c in g if c.index == index)
                raise RuleError("too_many_copies", {"card": str(CARDS[index]), "count": total})
            counts[index] += 1


class CardGroup(tuple[Card, ...]):
    """Cards played together: equal to another group or a list holding the same cards, in any order.

    A plain tuple is never equal to a group (compare ``sorted(...)`` instead): tuples in two
    orders hash differently, so "equal in any order" with them would break ``hash``.
    """

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardGroup | list):
            return sorted(self) == sorted(other)
        if isinstance(other, tuple):
            return False
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(tuple(sorted(self)))

    def __str__(self) -> str:
        return symbols(self)

    def _repr_html_(self) -> str | None:
        return draw_cards(self)


def full_deck() -> list[Card]:
    """The 108 cards of two decks, in a fixed order (each face twice)."""
    return [card for card in CARDS for _ in range(2)]


def codes(cards: CardsLike) -> str:
    """Space-separated ASCII codes, the inverse of ``parse_cards`` (card text is normalised)."""
    return " ".join(card.code for card in coerce_cards(cards))


def symbols(cards: CardsLike) -> str:
    """Cards written with suit symbols and no spaces between them: ``♥3♥3``."""
    return "".join(str(card) for card in coerce_cards(cards))


# How a notebook draws cards: the render layer (``render.cards``) registers its drawing functions
# here at import, so the pure engine never imports it. Until then ``draw_*`` return None and
# Jupyter shows text.

CardDrawer = Callable[[Card], str]
CardsDrawer = Callable[[Sequence[Card]], str]

_drawers: dict[str, Callable[..., str]] = {}


def register_drawers(card: CardDrawer, cards: CardsDrawer) -> None:
    """Set the functions that draw one card and a row of cards (``render.cards`` calls this)."""
    _drawers["card"] = card
    _drawers["cards"] = cards


def draw_card(card: Card) -> str | None:
    """One card face as SVG, or None when no drawer is registered."""
    draw = _drawers.get("card")
    return None if draw is None else draw(card)


def draw_cards(cards: Sequence[Card]) -> str | None:
    """A row of card faces as SVG, or None when no drawer is registered."""
    draw = _drawers.get("cards")
    return None if draw is None else draw(cards)
