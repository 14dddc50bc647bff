"""Reading a puzzle set in a trick in progress: the seat to play next, and cards that seat must hold.

Shared by the kinds that ask about the next play (legal follow, refusal, smallest winner), so each
refuses an impossible position with the same words.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from ..game.position_table import PositionTable
from .answers import cards_text, missing_from
from .problems import FieldError


def seat_to_play(table: PositionTable, verb: str = "follow") -> int:
    """The seat after the last one that played; ``FieldError`` when the trick is missing or complete."""
    table.need("leader", "trick", "hands")
    if len(table.trick) > 3:
        raise FieldError("position.trick", f"all four seats have played; nobody is left to {verb}")
    return table.next_to_play


def check_held(table: PositionTable, seat: int, cards: Sequence[Card], field: str) -> None:
    """Refuse ``cards`` (read from ``field``) when ``seat``'s hand does not hold them all, copies counted."""
    if missing_from(table.hand(seat), cards):
        raise FieldError(field, f"seat {seat} does not hold {cards_text(cards)}")
