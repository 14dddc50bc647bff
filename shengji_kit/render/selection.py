"""The cards of a hand in trump order and which of them the learner has selected.

Plain state shared by the widgets, the table controller and the lessons; the pictures in
``render`` mark the selected positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.cards import Card
from ..engine.trump import Trump


class Selection:
    """Cards of a hand kept in trump order, with the selected positions."""

    def __init__(self, cards: Iterable[Card], trump: Trump) -> None:
        self.trump = trump
        self.cards: list[Card] = trump.sorted(cards)
        self.selected: set[int] = set()

    def toggle(self, index: int, code: str | None = None) -> bool:
        """Select or unselect position ``index``; False when it does not hold the card ``code``."""
        if not 0 <= index < len(self.cards):
            return False
        if code is not None and self.cards[index].code != code:
            return False
        self.selected.symmetric_difference_update({index})
        return True

    def clear(self) -> None:
        self.selected.clear()

    def chosen(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self.cards[i] for i in sorted(self.selected)]

    def resort(self, trump: Trump) -> None:
        """Sort again for a new trump, keeping the same cards selected."""
        marked = [(card, i in self.selected) for i, card in enumerate(self.cards)]
        marked.sort(key=lambda pair: trump.sort_key(pair[0]))
        self.trump = trump
        self.cards = [card for card, _ in marked]
        self.selected = {i for i, (_, chosen) in enumerate(marked) if chosen}

    def replace(self, cards: Iterable[Card]) -> None:
        """A new set of cards, nothing selected."""
        self.cards = self.trump.sorted(cards)
        self.selected.clear()

    def remove(self, cards: Sequence[Card]) -> None:
        """Take ``cards`` out of the hand (one copy each) and clear the selection."""
        remaining = list(self.cards)
        for card in cards:
            remaining.remove(card)
        self.cards = remaining
        self.selected.clear()
