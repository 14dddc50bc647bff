""""What you missed": the puzzles whose first try the learner lost, and the lesson exercises whose first
attempt was wrong, in the last 7 or 30 days, newest first.

A miss is a lost rated game (docs/decisions.md, "What you missed"): a first attempt that was wrong,
or a hint or "show me" taken before it. It is read off the ratings' replay (``Ratings.games``), so
the list and the rating always agree and nothing new is stored; the game's time is its event's ``at``.
A lesson exercise is not rated: it is missed when the learner's first attempt at it was wrong (read off the
same events, the lesson's among them), at that attempt's time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..classroom.store_protocol import ATTEMPT
from ..words import Message
from .ratings_from_events import RatedGame, RatingEvent

WINDOWS = (7, 30)
"""The periods the learner can look back over, in days; the first is shown when the list opens."""


@dataclass(frozen=True)
class MissedPuzzle:
    """One missed puzzle: its id, its set (the theme) and when its first try was lost; for a lesson exercise
    (``lesson``) the theme is the lesson's slug."""

    item: str
    theme: str
    at: datetime
    lesson: bool = False


def missed_puzzles(games: Iterable[RatedGame], learner: str, now: datetime, days: int) -> list[MissedPuzzle]:
    """The learner's lost games of the last ``days`` days (up to ``now``), newest first."""
    since = now - timedelta(days=days)
    found = [MissedPuzzle(game.item, game.theme, game.at)
             for game in games if game.learner == learner and not game.solved and game.at >= since]
    return sorted(found, key=lambda missed: missed.at, reverse=True)


def missed_exercises(events: Iterable[RatingEvent], learner: str, lesson_of: Callable[[str], str | None],
                     now: datetime, days: int) -> list[MissedPuzzle]:
    """The lesson exercises (``lesson_of`` names an item's lesson, None for other items) whose first attempt by
    ``learner`` was wrong within the last ``days`` days, newest first."""
    since = now - timedelta(days=days)
    first: dict[str, RatingEvent] = {}
    for event in sorted((e for e in events if e.learner == learner and e.kind == ATTEMPT), key=lambda e: e.at):
        first.setdefault(event.item, event)
    found = []
    for item, event in first.items():
        lesson = lesson_of(item) if event.correct is False and event.at >= since else None
        if lesson is not None:
            found.append(MissedPuzzle(item, lesson, event.at, lesson=True))
    return sorted(reversed(found), key=lambda missed: missed.at, reverse=True)  # the same second: the later first


def newest_first(*lists: Iterable[MissedPuzzle]) -> list[MissedPuzzle]:
    """Several lists of misses as one, newest first."""
    return sorted((missed for found in lists for missed in found), key=lambda missed: missed.at, reverse=True)


def when_said(at: datetime, now: datetime) -> Message:
    """When a puzzle was missed, as a learner says it: "today", "yesterday", "3 days ago"."""
    days = max(0, (now - at).days)
    if days == 0:
        return Message("trainer_missed_today")
    if days == 1:
        return Message("trainer_missed_yesterday")
    return Message("trainer_missed_days_ago", {"days": days})
