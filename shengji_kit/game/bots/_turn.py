"""A bot's turn during the tricks, for the fast path: the listed plays, and the view only if asked.

``faces`` lists the plays as face tuples and ``action(index)`` makes only the chosen one an
``Action``; ``actions`` builds them all, as ``Round.legal_actions`` does.

``advance_bots`` hands a ``PlayTurn`` to bots that have ``choose_play(turn) -> Action``; such a
bot must choose exactly as its ``choose(view, actions)`` would (it only skips building what it
does not read).
"""

from __future__ import annotations

from ...engine.cards import Card
from ..actions import Action
from ..fastrules import Faces
from ..round import Round
from ..trickplay import TrickPlay
from ..views import SeatView


class Turn:
    """Any ``seat``'s turn in ``rnd``; ``actions`` and ``view`` are built on first access.

    ``advance_bots`` hands one to bots that have ``choose_turn(turn) -> Action`` outside the tricks;
    such a bot must choose exactly as ``choose(view, actions)`` would.
    """

    __slots__ = ("_actions", "round", "seat")

    def __init__(self, rnd: Round, seat: int) -> None:
        self.round = rnd
        self.seat = seat
        self._actions: list[Action] | None = None

    @property
    def actions(self) -> list[Action]:
        """``rnd.legal_actions(seat)``, as ``choose`` gets them."""
        if self._actions is None:
            self._actions = self.round.legal_actions(self.seat)
        return self._actions

    @property
    def view(self) -> SeatView:
        return self.round.view(self.seat)


class PlayTurn:
    """``seat``'s turn to play in ``rnd``; ``actions`` and ``view`` are built on first access."""

    __slots__ = ("_actions", "_faces", "_play", "round", "seat")

    def __init__(self, rnd: Round, seat: int, play: TrickPlay | None = None) -> None:
        self.round = rnd
        self.seat = seat
        self._play = play or rnd.trick_play
        assert self._play is not None, "a play turn is a turn during the tricks"
        self._actions: list[Action] | None = None
        self._faces: list[Faces] | None = None

    @property
    def actions(self) -> list[Action]:
        """``rnd.legal_actions(seat)``: the listed plays, as ``choose`` gets them."""
        if self._actions is None:
            self._actions = self.round.legal_actions(self.seat)
        return self._actions

    @property
    def faces(self) -> list[Faces]:
        """The listed plays as faces, in ``actions`` order (no ``Action`` built)."""
        if self._faces is None:
            self._faces = self.round.listed_faces(self.seat)
        return self._faces

    def action(self, index: int) -> Action:
        """The listed play ``faces[index]`` as the action ``actions[index]`` would be (accepted unchecked)."""
        if self._actions is not None:
            return self._actions[index]
        if self._faces is None:
            self._faces = self.round.listed_faces(self.seat)  # lists them in the round first
        return self.round.listed_action(self.seat, index)

    @property
    def trick(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The current trick so far (empty when this seat leads)."""
        assert self._play is not None
        return self._play.trick

    @property
    def view(self) -> SeatView:
        return self.round.view(self.seat)
