"""Rounds and matches as state machines over the engine, with bots, records and simulation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .actions import Action, Event
    from .declaring import Bid
    from .match import Match
    from .result import RoundResult
    from .round import Round
    from .trickplay import Trick
    from .views import SeatView

__getattr__, __dir__ = lazy_names(__name__, {
    ".actions": ("Action", "Event"),
    ".declaring": ("Bid",),
    ".match": ("Match",),
    ".result": ("RoundResult",),
    ".round": ("Round",),
    ".trickplay": ("Trick",),
    ".views": ("SeatView",),
})

__all__ = [
    "Action", "Bid", "Event", "Match", "Round", "RoundResult", "SeatView", "Trick",
]
