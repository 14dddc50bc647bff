"""A bot's turn during the tricks, for the fast path: the listed plays, and the view only if asked.

``advance_bots`` hands a ``PlayTurn`` to bots that have ``choose_play(turn) -> Action``; such a
bot must choose exactly as its ``choose(view, actions)`` would (it only skips building what it
does not read).
"""

from __future__ import annotations

from ...engine.cards import Card
from ..actions import Action
from ..round import Round
from ..views import SeatView


class PlayTurn:
    """``seat``'s turn to play in ``rnd``; ``actions`` and ``view`` are built on first access."""

    __slots__ = ("round", "seat", "_actions")

    def __init__(self, rnd: Round, seat: int) -> None:
        self.round = rnd
        self.seat = seat
        self._actions: list[Action] | None = None

    @property
    def actions(self) -> list[Action]:
        """``rnd.legal_actions(seat)``: the listed plays, as ``choose`` gets them."""
        if self._actions is None:
            self._actions = self.round.legal_actions(self.seat)
        return self._actions

    @property
    def trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The current trick so far (empty when this seat leads)."""
        return self.round.current_trick

    @property
    def view(self) -> SeatView:
        return self.round.view(self.seat)
