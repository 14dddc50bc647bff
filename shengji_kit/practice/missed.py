""""What you missed": the puzzles whose first try the learner lost, in the last 7 or 30 days, newest first.

A miss is a lost rated game (docs/decisions.md, "What you missed"): a first attempt that was wrong,
or a hint or "show me" taken before it. It is read off the ratings' replay (``Ratings.games``), so
the list and the rating always agree and nothing new is stored; the game's time is its event's ``at``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..words import Message
from .ratings_from_events import RatedGame

WINDOWS = (7, 30)
"""The periods the learner can look back over, in days; the first is shown when the list opens."""


@dataclass(frozen=True)
class MissedPuzzle:
    """One missed puzzle: its id, its set (the theme) and when its first try was lost."""

    item: str
    theme: str
    at: datetime


def missed_puzzles(games: Iterable[RatedGame], learner: str, now: datetime, days: int) -> list[MissedPuzzle]:
    """The learner's lost games of the last ``days`` days (up to ``now``), newest first."""
    since = now - timedelta(days=days)
    found = [MissedPuzzle(game.item, game.theme, game.at)
             for game in games if game.learner == learner and not game.solved and game.at >= since]
    return sorted(found, key=lambda missed: missed.at, reverse=True)


def when_said(at: datetime, now: datetime) -> Message:
    """When a puzzle was missed, as a learner says it: "today", "yesterday", "3 days ago"."""
    days = max(0, (now - at).days)
    if days == 0:
        return Message("trainer_missed_today")
    if days == 1:
        return Message("trainer_missed_yesterday")
    return Message("trainer_missed_days_ago", {"days": days})
