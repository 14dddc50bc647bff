"""Rounds and matches as state machines over the engine, with bots, records and simulation."""

from .actions import Action, Event
from .declaring import Bid
from .match import Match
from .result import RoundResult
from .round import Round
from .trickplay import Trick
from .views import SeatView

__all__ = ["Action", "Bid", "Event", "Match", "Round", "RoundResult", "SeatView", "Trick"]
