"""One visit to a puzzle: the answer being built, the last feedback, the hint, "show me"."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..puzzles import Choice, Feedback, Puzzle
from ..words import Message
from .choice_order import choice_order
from .draft import Draft, draft_cards
from .ratings_from_events import RatedGame
from .showme import ShowMe


@dataclass
class Visit:
    """What happened since the puzzle was opened; ``locked`` once solved or shown."""

    puzzle: Puzzle
    draft: Draft
    feedback: Feedback | None = None
    tries: int = 0
    solved: bool = False
    earned_star: bool = False
    hint_shown: bool = False
    show: ShowMe | None = None
    answers: list[str] = field(default_factory=list)
    """The choice values answered wrongly so far (marked on their buttons)."""
    control_notice: Message | None = None
    """A problem with the answer being built ("select some cards first"), shown by its button."""
    shown_at: float = field(default_factory=time.monotonic)
    """When the puzzle was shown (``time.monotonic``), for the seconds each event records."""
    choices: list[Choice] = field(default_factory=list)
    """The offered choices in the order this learner sees them (``choice_order``); the number keys follow it."""
    game: RatedGame | None = None
    """The rated game this visit played (the learner's first try at the puzzle), shown with the new rating."""

    @classmethod
    def of(cls, puzzle: Puzzle, learner: str = "") -> Visit:
        """Open ``puzzle`` for ``learner`` (whose name seeds the order of the choices)."""
        return cls(puzzle, Draft(draft_cards(puzzle)), choices=choice_order(puzzle, learner))

    def seconds(self) -> float:
        """Seconds since the puzzle was shown."""
        return round(time.monotonic() - self.shown_at, 1)

    @property
    def locked(self) -> bool:
        """No more answers are taken: the puzzle is solved or its answer was shown."""
        return self.solved or self.show is not None
