"""What one seat knows about the cards: its hand, the cards seen, the hands it cannot see, voids.

A ``Situation`` is the input of every question in this package: the unseen card copies, the
holders they must be spread over (the other three seats in turn order, then the kitty when it
is hidden), how many cards each holder still has, and the effective suits each is known to lack.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..engine.cards import CARDS, Card, parse_cards
from ..engine.errors import RuleError
from ..engine.trump import TRUMP, Trump
from ..game.views import SeatView
from ..words import Message

KITTY = "kitty"
KITTY_SIZE = 8
Holder = int | str
"""A seat number 0..3, or ``"kitty"``."""

CardsInput = str | Iterable[Card]

_SUIT_WORDS: dict[str, str] = {
    "S": "S", "H": "H", "C": "C", "D": "D", "T": TRUMP,
    "♠": "S", "♥": "H", "♣": "C", "♦": "D", "TRUMP": TRUMP, "TRUMPS": TRUMP, "主": TRUMP,
}


def as_cards(cards: CardsInput) -> list[Card]:
    """Card text (``"♠A SA H10"``) or cards, as a list of cards; bad text raises ``CardError``."""
    if isinstance(cards, str):
        return parse_cards(cards) if cards.strip() else []
    return list(cards)


def as_card(card: str | Card) -> Card:
    """One card from text or a card."""
    if isinstance(card, Card):
        return card
    cards = parse_cards(card)
    if len(cards) != 1:
        raise RuleError("bad_card", {"token": card})
    return cards[0]


def effective_suit(word: str) -> str:
    """``S``/``♠``/``H``… or ``T``/``trump`` as the effective-suit letter; anything else is refused."""
    letter = _SUIT_WORDS.get(word.strip().upper(), _SUIT_WORDS.get(word.strip()))
    if letter is None:
        raise RuleError("bad_suit", {"suit": word})
    return letter


@dataclass(frozen=True)
class Situation:
    """The unseen copies and where they may be; ``holders[i]`` holds ``sizes[i]`` of them."""

    seat: int
    trump: Trump
    hand: tuple[Card, ...]
    unseen: tuple[Card, ...]
    holders: tuple[Holder, ...]
    sizes: tuple[int, ...]
    voids: tuple[frozenset[str], ...]
    """Per holder: the effective suits it is known to lack."""

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 4, (self.seat + 3) % 4)

    @property
    def others(self) -> tuple[int, int, int]:
        """The other three seats in turn order after this seat."""
        return ((self.seat + 1) % 4, (self.seat + 2) % 4, (self.seat + 3) % 4)

    @property
    def has_voids(self) -> bool:
        return any(self.voids)

    def holder_index(self, holder: Holder) -> int:
        """The position of ``holder`` in ``holders``; a seat you can see raises ``RuleError``."""
        for i, known in enumerate(self.holders):
            if known == holder:
                return i
        raise RuleError("chances_bad_holder", holder_params(holder, KITTY in self.holders))

    def size_of(self, holder: Holder) -> int:
        return self.sizes[self.holder_index(holder)]

    def copies_unseen(self, card: Card) -> int:
        return sum(1 for c in self.unseen if c == card)

    def suit_unseen(self, suit: str) -> int:
        """How many unseen cards belong to the effective suit ``suit``."""
        letter = effective_suit(suit)
        return sum(1 for c in self.unseen if self.trump.suit_of(c) == letter)


def holder_params(holder: object, kitty_hidden: bool) -> dict[str, object]:
    """Parameters of ``chances_bad_holder``: the bad value, and the kitty when it can be named."""
    return {"holder": holder, "kitty": Message("chances_or_kitty") if kitty_hidden else ""}


def situation(
    hand: CardsInput,
    trump: Trump,
    played: CardsInput = (),
    *,
    seat: int = 0,
    hand_sizes: Mapping[int, int] | None = None,
    voids: Mapping[int, str | Iterable[str]] | None = None,
    kitty: CardsInput | None = None,
    shown: Mapping[int, CardsInput] | None = None,
    kitty_size: int = KITTY_SIZE,
) -> Situation:
    """Build a situation from what ``seat`` knows.

    ``played``: every card seen on the table. ``kitty``: the buried cards when this seat buried
    them; None means the kitty (8 cards, or ``kitty_size`` under house rules) is hidden and is
    sampled like a hand. ``hand_sizes``:
    cards still held by the other seats (default: as many as ``hand``). ``voids``: seat →
    effective suits it lacks (``"S"``, ``"♥"``, ``"T"`` …). ``shown``: cards known to be in a
    seat's hand (e.g. the rest of a failed throw); they are not sampled.
    """
    if seat not in range(4):
        raise RuleError("bad_seat", {"seat": seat})
    own = as_cards(hand)
    seen = as_cards(played)
    known_kitty = as_cards(kitty) if kitty is not None else []
    shown_cards = {s: as_cards(cards) for s, cards in (shown or {}).items()}
    listed = Counter(own) + Counter(seen) + Counter(known_kitty)
    for cards in shown_cards.values():
        listed += Counter(cards)
    for card, count in sorted(listed.items()):
        if count > 2:
            raise RuleError("chances_too_many_copies", {"card": card, "count": count})
    unseen = tuple(card for card in CARDS for _ in range(2 - listed[card]))
    others = [(seat + k) % 4 for k in (1, 2, 3)]
    for s in list(shown_cards) + list(voids or {}) + list(hand_sizes or {}):
        if s not in others:
            raise RuleError("chances_bad_holder", holder_params(s, kitty is None))
    holders: list[Holder] = list(others)
    sizes = [
        (hand_sizes or {}).get(s, len(own)) - len(shown_cards.get(s, ())) for s in others
    ]
    if kitty is None:
        holders.append(KITTY)
        sizes.append(kitty_size)
    if any(size < 0 for size in sizes) or sum(sizes) != len(unseen):
        raise RuleError(
            "chances_sizes_mismatch",
            {"unseen": len(unseen), "sizes": " + ".join(str(size) for size in sizes)},
        )
    void_sets: list[frozenset[str]] = []
    for holder in holders:
        words = (voids or {}).get(holder, ()) if isinstance(holder, int) else ()
        void_sets.append(frozenset(_void_letters(words)))
    return Situation(seat, trump, tuple(own), unseen, tuple(holders), tuple(sizes), tuple(void_sets))


def _void_letters(words: str | Iterable[str]) -> list[str]:
    """``"S H"``, ``"SH"``, ``"♠,trump"`` or ``["S", "T"]`` as effective-suit letters."""
    tokens = re.split(r"[\s,]+", words.strip()) if isinstance(words, str) else list(words)
    letters: list[str] = []
    for token in filter(None, tokens):
        if token.upper() in _SUIT_WORDS or token in _SUIT_WORDS:
            letters.append(effective_suit(token))
        else:
            letters.extend(effective_suit(ch) for ch in token)
    return letters


def from_view(view: SeatView) -> Situation:
    """The situation of ``view.seat`` during play: played cards, shown cards and voids from tricks."""
    if view.trump is None:
        raise RuleError("chances_trump_unknown", {})
    trump = view.trump
    played: list[Card] = []
    voids: dict[int, set[str]] = {s: set() for s in range(4)}
    shown: dict[int, Counter[Card]] = {s: Counter() for s in range(4)}
    tricks: list[tuple[int, tuple[tuple[Card, ...], ...], tuple[Card, ...] | None]] = [
        (t.leader, t.plays, t.attempt) for t in view.tricks
    ]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(cards for _, cards in view.trick), view.attempt))
    for leader, plays, attempt in tricks:
        if attempt is not None and plays:
            shown[leader] += Counter(attempt) - Counter(plays[0])
        lead_suit = trump.suit_of(plays[0][0]) if plays and plays[0] else None
        for i, cards in enumerate(plays):
            player = (leader + i) % 4
            played.extend(cards)
            shown[player] -= Counter(cards)
            if i and lead_suit is not None and any(trump.suit_of(c) != lead_suit for c in cards):
                voids[player].add(lead_suit)
    others = [(view.seat + k) % 4 for k in (1, 2, 3)]
    return situation(
        view.hand,
        trump,
        played,
        seat=view.seat,
        hand_sizes={s: view.hand_sizes[s] for s in others},
        voids={s: sorted(voids[s]) for s in others},
        kitty=view.kitty,
        shown={s: list(shown[s].elements()) for s in others if shown[s]},
        kitty_size=view.kitty_size,
    )
