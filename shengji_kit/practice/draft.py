"""An answer being built from cards: an order (sort), groups (tractors), a lead (endgame)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import Card, codes
from ..puzzles import Puzzle

ORDER, GROUPS, PLAY, NUMBER, PICK, SEATS = "cards", "card_groups", "play", "number", "pick", "seats"
"""The answer formats the learner builds card by card, or types (``PICK``: some cards of a hand, in any
order; ``SEATS``: some of the four seats, toggled on and off)."""
MIN_TRACTOR = 4
REFUSED = "trainer_refused"
"""The control notice of an answer the table would refuse (its reason inside): shown by any answer's controls."""
KEYS = "1234567890"
"""The number keys that answer the first ten choices."""


def draft_format(puzzle: Puzzle) -> str:
    """How the answer is built: the question's format, where "cards" is an order only when sorting a hand."""
    fmt = puzzle.question.answer_format
    return PICK if fmt == ORDER and puzzle.kind != "sort" else fmt


def draft_seat(puzzle: Puzzle) -> int | None:
    """The seat whose cards the learner answers with: the first hand (sort, tractors, picks), the seat to play
    (an endgame's leader; a strategy position's mover, who may be following)."""
    fmt = draft_format(puzzle)
    table = puzzle.table
    if fmt == PLAY:
        mover = getattr(puzzle.question, "mover", None)
        return mover if isinstance(mover, int) else table.leader
    if fmt in (ORDER, GROUPS, PICK) and table.hands:
        return next(iter(table.hands))
    return None


def draft_cards(puzzle: Puzzle) -> tuple[Card, ...]:
    """The cards the learner picks from (none for puzzles answered with buttons)."""
    seat = draft_seat(puzzle)
    return puzzle.table.hand(seat) if seat is not None else ()


@dataclass
class Draft:
    """Indices into ``cards``: ``order`` picked so far, ``selected`` now, ``groups`` made; a typed ``number``;
    the ``seats`` picked (for a ``SEATS`` answer)."""

    cards: tuple[Card, ...]
    order: list[int] = field(default_factory=list)
    selected: list[int] = field(default_factory=list)
    groups: list[tuple[int, ...]] = field(default_factory=list)
    number: str = ""
    seats: list[int] = field(default_factory=list)

    def toggle_seat(self, seat: int) -> bool:
        """Pick or unpick ``seat`` (0–3); False for anything else."""
        if seat not in range(4):
            return False
        if seat in self.seats:
            self.seats.remove(seat)
        else:
            self.seats = sorted([*self.seats, seat])
        return True

    def valid(self, index: int) -> bool:
        return 0 <= index < len(self.cards)

    @property
    def grouped(self) -> set[int]:
        """Cards already placed in a group."""
        return {i for group in self.groups for i in group}

    @property
    def complete(self) -> bool:
        """Every card has been placed in the order."""
        return len(self.order) == len(self.cards) > 0

    def pick(self, index: int) -> bool:
        """Put card ``index`` next in the order; False when it is taken or out of range."""
        if not self.valid(index) or index in self.order:
            return False
        self.order.append(index)
        return True

    def toggle(self, index: int) -> bool:
        """Select or unselect card ``index`` (grouped cards cannot be selected)."""
        if not self.valid(index) or index in self.grouped:
            return False
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
            self.selected.sort()
        return True

    def make_group(self) -> bool:
        """Turn the selection into a group; False when fewer than four cards are selected."""
        if len(self.selected) < MIN_TRACTOR:
            return False
        self.groups.append(tuple(self.selected))
        self.selected = []
        return True

    def remove_group(self, number: int) -> bool:
        if not 0 <= number < len(self.groups):
            return False
        del self.groups[number]
        return True

    def undo(self) -> None:
        """Take back the last pick of the order, else the last group, else the selection."""
        if self.order:
            self.order.pop()
        elif self.groups:
            self.groups.pop()
        else:
            self.selected = []

    def clear(self) -> None:
        self.order, self.selected, self.groups, self.seats = [], [], [], []

    def order_codes(self) -> str:
        return codes(self.cards[i] for i in self.order)

    def selected_codes(self) -> str:
        return codes(self.cards[i] for i in self.selected)

    def group_codes(self) -> list[str]:
        return [codes(self.cards[i] for i in group) for group in self.groups]
