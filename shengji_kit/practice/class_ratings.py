"""A class's ratings for the teacher: each learner's rating and weakest set, the class's median and the set
most learners are weakest in.

They come from the same replay the trainer runs (``ratings_from_events.replay`` over the class
store's events, read once by the dashboard), so the teacher sees the numbers each learner sees.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..classroom.store_protocol import ClassEvent
from .rating import Rating
from .ratings_from_events import RatedPuzzle, Ratings, from_class, replay


@dataclass(frozen=True)
class LearnerRating:
    """One learner's rating (None before their first game) and weakest set (None with fewer than two sets)."""

    learner: str
    rating: Rating | None
    weakest: str | None


@dataclass(frozen=True)
class ClassRatings:
    """Every learner's line, the class's median rating (None before any game) and the set most learners
    are weakest in, with how many of the rated learners it is."""

    learners: list[LearnerRating]
    median: float | None
    weakest: str | None
    weakest_count: int

    @property
    def rated(self) -> int:
        """How many learners have a rating."""
        return sum(1 for line in self.learners if line.rating is not None)


def learner_weakest(ratings: Ratings, learner: str) -> str | None:
    """The learner's weakest set, once they have played more than one (the trainer's rule)."""
    return ratings.weakest_theme(learner) if len(ratings.themes_played(learner)) > 1 else None


def class_ratings(ratings: Ratings, learners: Iterable[str]) -> ClassRatings:
    """The class's ratings for ``learners`` (in that order) from one replay of the class's events.

    The median is over the learners with a rating; the class's weakest set is the one most of them
    are weakest in (ties: the first set name in sort order, so the page does not flicker)."""
    lines = []
    for learner in learners:
        played = ratings.has_played(learner)
        lines.append(LearnerRating(learner, ratings.learner(learner) if played else None,
                                   learner_weakest(ratings, learner) if played else None))
    rated = [line.rating.rating for line in lines if line.rating is not None]
    counts = Counter(line.weakest for line in lines if line.weakest is not None)
    weakest, count = min(counts.items(), key=lambda pair: (-pair[1], pair[0])) if counts else (None, 0)
    return ClassRatings(lines, statistics.median(rated) if rated else None, weakest, count)


def replay_class(events: Iterable[ClassEvent], puzzles: Mapping[str, RatedPuzzle]) -> Ratings:
    """The class store's events replayed into ratings (the trainer's replay, over the whole class)."""
    return replay(from_class(events), puzzles)
