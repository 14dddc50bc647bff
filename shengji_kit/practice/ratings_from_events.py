"""Ratings derived from the progress events: each first attempt at a puzzle is one Glicko-2 game.

No table holds ratings: the event log is the truth (docs/decisions.md, "Ratings"). Replaying a
learner's events (locally) or a class's events (in the class store, so puzzle ratings are shared)
in time order gives every learner's rating, their rating per theme (a puzzle set) and every
puzzle's rating. A puzzle starts from its difficulty; a hint or "show me" before the first attempt
is a lost game; later attempts are not games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..classroom.store_protocol import ATTEMPT, HINT, REVEAL, SOLVE, ClassEvent
from .events import ProgressEvent
from .rating import DEFAULT_VOLATILITY, Rating, rate_attempt

if TYPE_CHECKING:
    from ..puzzles import Puzzle

PUZZLE_DEVIATION = 200.0
"""A new puzzle's deviation: its difficulty is a fair first guess, surer than a new learner's 350."""
STEP = 200.0
"""Rating points between two difficulty levels: difficulty 3 starts at 1500, 1 at 1100, 5 at 1900."""


class RatingEventError(ValueError):
    """An event that cannot be replayed (a time stamp that is not ISO 8601)."""


def puzzle_start(difficulty: int) -> Rating:
    """A puzzle's rating before anyone has tried it, from its difficulty (1–5)."""
    return Rating(1500.0 + STEP * (difficulty - 3), PUZZLE_DEVIATION, DEFAULT_VOLATILITY)


@dataclass(frozen=True)
class RatedPuzzle:
    """What the replay needs of a puzzle: its difficulty (the starting rating) and its theme (its set)."""

    difficulty: int
    theme: str


def rated_puzzles(puzzles: Iterable[Puzzle]) -> dict[str, RatedPuzzle]:
    """The bank's puzzles as the replay sees them (items not listed, such as lesson exercises, are not rated)."""
    return {puzzle.id: RatedPuzzle(puzzle.difficulty, puzzle.set_id) for puzzle in puzzles}


@dataclass(frozen=True)
class RatingEvent:
    """One event as the replay reads it; ``correct`` is known for attempts (None when the log does not say)."""

    learner: str
    item: str
    kind: str
    at: datetime
    correct: bool | None = None


def _when(stamp: str) -> datetime:
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError as error:
        raise RatingEventError(f"not a time stamp: {stamp!r}") from error
    return when if when.tzinfo else when.replace(tzinfo=UTC)  # the log writes UTC


def from_log(learner: str, events: Iterable[ProgressEvent]) -> list[RatingEvent]:
    """A local log's events: an attempt was right when the same write logged a solve right after it."""
    listed = list(events)
    rated = []
    for k, event in enumerate(listed):
        correct = None
        if event.kind == ATTEMPT:
            following = listed[k + 1] if k + 1 < len(listed) else None
            correct = following is not None and following.puzzle == event.puzzle and following.kind == SOLVE
        rated.append(RatingEvent(learner, event.puzzle, event.kind, _when(event.at), correct))
    return rated


def from_class(events: Iterable[ClassEvent]) -> list[RatingEvent]:
    """The class store's events: each attempt says whether it was right (``correct``)."""
    return [RatingEvent(e.learner, e.item, e.kind, e.at, e.correct) for e in events]


@dataclass(frozen=True)
class RatedGame:
    """One game: a learner's first try at a puzzle, both sides before and after, the theme rating after, and
    when it was played (``at``, the event's time: "what you missed" lists the lost games by it)."""

    learner: str
    item: str
    theme: str
    solved: bool
    learner_before: Rating
    learner_after: Rating
    theme_after: Rating
    puzzle_before: Rating
    puzzle_after: Rating
    at: datetime


@dataclass
class Ratings:
    """The replay's state: every learner's, theme's and puzzle's rating so far; ``play`` adds one event."""

    puzzles: Mapping[str, RatedPuzzle]
    learners: dict[str, Rating] = field(default_factory=dict)
    themes: dict[tuple[str, str], Rating] = field(default_factory=dict)
    puzzle_ratings: dict[str, Rating] = field(default_factory=dict)
    decided: set[tuple[str, str]] = field(default_factory=set)
    games: list[RatedGame] = field(default_factory=list)

    def learner(self, name: str) -> Rating:
        """The learner's rating (Glicko-2's 1500 ± 350 before their first game)."""
        return self.learners.get(name, Rating())

    def theme(self, name: str, theme: str) -> Rating:
        """The learner's rating over the puzzles of one theme (1500 ± 350 before a game in it)."""
        return self.themes.get((name, theme), Rating())

    def puzzle(self, item: str) -> Rating:
        """The puzzle's rating now: from its difficulty until someone has tried it."""
        if item in self.puzzle_ratings:
            return self.puzzle_ratings[item]
        known = self.puzzles.get(item)
        return puzzle_start(known.difficulty if known else 3)

    def has_played(self, name: str, theme: str | None = None) -> bool:
        """Whether the learner has a game at all (or in ``theme``)."""
        return name in self.learners if theme is None else (name, theme) in self.themes

    def themes_played(self, name: str) -> list[str]:
        """The themes (sets) the learner has a game in."""
        return [theme for who, theme in self.themes if who == name]

    def weakest_theme(self, name: str) -> str | None:
        """The theme where the learner's rating is lowest, of those they played; None before any game."""
        mine = [(rating.rating, theme) for (who, theme), rating in self.themes.items() if who == name]
        return min(mine)[1] if mine else None

    def play(self, event: RatingEvent) -> RatedGame | None:
        """Replay one event: a first attempt (or a hint or "show me" before it) is a game; else nothing."""
        known = self.puzzles.get(event.item)
        key = (event.learner, event.item)
        if known is None or key in self.decided or event.kind not in (ATTEMPT, HINT, REVEAL):
            return None
        self.decided.add(key)
        solved = event.kind == ATTEMPT and event.correct is True
        learner, puzzle = self.learner(event.learner), self.puzzle(event.item)
        learner_after, puzzle_after = rate_attempt(learner, puzzle, solved)
        theme_after, _ = rate_attempt(self.theme(event.learner, known.theme), puzzle, solved)
        self.learners[event.learner] = learner_after
        self.themes[(event.learner, known.theme)] = theme_after
        self.puzzle_ratings[event.item] = puzzle_after
        game = RatedGame(event.learner, event.item, known.theme, solved, learner, learner_after, theme_after,
                         puzzle, puzzle_after, event.at)
        self.games.append(game)
        return game


def replay(events: Iterable[RatingEvent], puzzles: Mapping[str, RatedPuzzle]) -> Ratings:
    """Every rating the events add up to, played in time order (events at the same time in the given order)."""
    ratings = Ratings(puzzles)
    for event in sorted(events, key=lambda e: e.at):
        ratings.play(event)
    return ratings
