"""What a bot can infer from its view: which cards are still unseen, and who has shown a void.

Built only from a ``SeatView`` (own hand, own buried kitty, public tricks), so a bot that uses
it still cannot peek. ``Memory.update`` reads only the tricks it has not read yet.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...engine.card_index import index_tables
from ...engine.cards import CARDS, Card
from ...engine.shapes import Component
from ...engine.throws import beating_cards
from ...engine.trump import TRUMP, Trump
from ..trickplay import Trick
from ..views import SeatView


class Memory:
    """Unseen cards and known voids for one seat during the play of one round."""

    def __init__(self, view: SeatView) -> None:
        trump = view.trump
        assert trump is not None
        self.trump = trump
        self.seat = view.seat
        self.first_trick: Trick | None = None
        self.read = 0
        self.played = [0] * 54
        self.own_buried = [0] * 54
        for card in view.kitty or ():
            self.own_buried[card.index] += 1
        self.voids: list[set[str]] = [set(), set(), set(), set()]
        self.left = [2 - buried for buried in self.own_buried]
        """Copies of each face neither played in a finished trick nor buried by this seat."""
        tables = index_tables(trump)
        self.left_suits = {suit: sum(self.left[face] for face in faces) for suit, faces in tables.suit_faces.items()}
        """``left`` per effective suit."""

    def fits(self, view: SeatView) -> bool:
        """Is this memory about the round ``view`` shows (and not behind it)?"""
        return view.trump is not None and self.fits_tricks(view.trump, view.seat, view.tricks)

    def fits_tricks(self, trump: Trump, seat: int, tricks: Sequence[Trick]) -> bool:
        """Is this memory about ``seat`` in a round with this trump and these finished tricks?"""
        if trump != self.trump or seat != self.seat or len(tricks) < self.read:
            return False
        return not tricks or self.first_trick is None or tricks[0] is self.first_trick

    def update(self, view: SeatView) -> None:
        self.update_tricks(view.tricks)

    def update_tricks(self, tricks: Sequence[Trick]) -> None:
        """Read the finished tricks not read yet."""
        for trick in tricks[self.read :]:
            if self.first_trick is None:
                self.first_trick = trick
            self._note(trick.leader, trick.plays)
        self.read = len(tricks)

    def _note(self, leader: int, plays: Sequence[Sequence[Card]]) -> None:
        suit_of = self.trump.tables.suit_of
        played, left, left_suits = self.played, self.left, self.left_suits
        lead = plays[0]
        suit = suit_of[lead[0].index]
        for index, play in enumerate(plays):
            followed = 0
            for card in play:
                face = card.index
                played[face] += 1
                left[face] -= 1
                card_suit = suit_of[face]
                left_suits[card_suit] -= 1
                if card_suit == suit:
                    followed += 1
            if index and followed < len(lead):
                self.voids[(leader + index) % 4].add(suit)

    def unseen(self, view: SeatView) -> list[int]:
        """Copies of each face (by index) that this seat has not seen: held by the other three."""
        counts = [2 - p - b for p, b in zip(self.played, self.own_buried, strict=True)]
        for card in view.hand:
            counts[card.index] -= 1
        for _, cards in view.trick:
            for card in cards:
                counts[card.index] -= 1
        return counts

    def void(self, seat: int, suit: str, unseen: Sequence[int]) -> bool:
        """Has ``seat`` shown it holds no ``suit`` (or are no cards of it left unseen)?"""
        return suit in self.voids[seat] or count_in_suit(unseen, suit, self.trump) == 0


def count_in_suit(counts: Sequence[int], suit: str, trump: Trump) -> int:
    return sum([counts[face] for face in index_tables(trump).suit_faces[suit]])


def cards_in_suit(counts: Sequence[int], suit: str, trump: Trump) -> list[Card]:
    """The unseen cards of one effective suit, as a card list (copies repeated), strongest first."""
    return [CARDS[face] for face in index_tables(trump).suit_faces[suit] for _ in range(counts[face])]


def can_be_beaten(kind: str, pairs: int, top: int, pool: Iterable[Card], trump: Trump) -> bool:
    """Could cards from ``pool`` (one effective suit) form a ``kind`` above step ``top``?"""
    component = Component(kind, (), pairs, top)
    return beating_cards(component, list(pool), trump) is not None


def is_trump_suit(suit: str) -> bool:
    return suit == TRUMP
