"""The trainer's timed run (like lichess's Puzzle Storm): 3 minutes, puzzles rising in difficulty, unrated.

Puzzles answered by playing cards come one after another, easiest first, a level harder every
``PER_LEVEL`` puzzles. A right answer scores one and moves on; a wrong one costs ``PENALTY`` seconds and
moves on (the puzzle is kept as missed, to replay afterwards). The time left is worked out here from a
monotonic start stamp (``clock``, injected by tests); the page only draws it and asks again when its
display reaches zero. Every answer first checks whether the time is up.

Nothing is rated and no puzzle's record changes: each puzzle solved writes one ``timed`` event whose
item is the run's id, through the trainer's keeper (the progress log or the class store), so a run's
score is its count of those and the learner's best is read back from the keeper's events.
"""

from __future__ import annotations

import random
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..classroom.store_protocol import TIMED
from ..puzzles import Feedback, Puzzle
from .answer_detail import AnswerDetail
from .draft import PLAY, draft_format
from .progress import Progress
from .ratings_from_events import RatingEvent
from .session import Practice, ProgressKeeper, TrainerSession
from .visit import Visit

RUN_SECONDS = 180.0
"""How long a run lasts."""
PENALTY = 10.0
"""The seconds a wrong answer costs."""
PER_LEVEL = 3
"""Puzzles served at each difficulty before the next level (1 to 5; then level 5 to the end)."""
RUN_PREFIX = "timed-"
"""The start of a run's id (the item of its ``timed`` events)."""
ACTIONS = ("timed-start", "timed-check", "timed-end", "timed-close")
"""The page's actions for a run: start one, "is the time up?" (the page's display reached zero), end it now,
close the results (back to the trainer)."""


def timed_pool(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """The puzzles a run serves: those answered by playing cards."""
    return [puzzle for puzzle in puzzles if draft_format(puzzle) == PLAY]


def rising(pool: Sequence[Puzzle], seed: int, length: int) -> list[Puzzle]:
    """``length`` different puzzles of ``pool`` (fewer if it is small), ``PER_LEVEL`` at each difficulty from 1
    up; a level the pool lacks is filled from the nearest one above it (else below). Shuffled by ``seed``."""
    chooser = random.Random(seed)
    levels: dict[int, list[Puzzle]] = {}
    for puzzle in sorted(pool, key=lambda p: p.id):
        levels.setdefault(puzzle.difficulty, []).append(puzzle)
    for puzzles in levels.values():
        chooser.shuffle(puzzles)
    served: list[Puzzle] = []
    while len(served) < length and any(levels.values()):
        wanted = min(5, 1 + len(served) // PER_LEVEL)
        have = sorted(level for level, puzzles in levels.items() if puzzles)
        level = next((level for level in have if level >= wanted), have[-1])
        served.append(levels[level].pop())
    return served


def best_score(events: Iterable[RatingEvent], learner: str) -> int:
    """The learner's best run: the most ``timed`` events under one run id (0 before any run)."""
    runs = Counter(event.item for event in events if event.kind == TIMED and event.learner == learner)
    return max(runs.values(), default=0)


class TimedRun(Practice):
    """One run: the puzzle open now (``visit``), the score, the seconds lost, the puzzles missed.

    It answers as the trainer does (cards clicked, then Check) but writes only its score's events: the
    keeper is not read again (the trainer has read it) and nothing counts into the trainer's progress.
    """

    def __init__(self, store: ProgressKeeper, puzzles: Sequence[Puzzle], learner: str,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None, best: int = 0,
                 seconds: float = RUN_SECONDS) -> None:
        # not Practice.__init__: that would read the keeper again
        self.store = store
        self.progress = Progress()
        self.notice = None
        self.visit: Visit | None = None
        self.who = learner
        self.clock = clock
        self.seconds = seconds
        self.started = clock()
        self.run_id = f"{RUN_PREFIX}{uuid.uuid4().hex[:12]}"
        self.penalty = 0.0
        self.score = 0
        self.best_before = best
        self.missed: list[str] = []
        self.last: bool | None = None
        """Whether the last answer was right (None before the first)."""
        self.finished = False
        length = int(seconds)  # more than anyone answers: one a second
        self.queue = rising(puzzles, random.randrange(2**32) if seed is None else seed, length)
        self.served = 0
        self.next_puzzle()

    @property
    def learner(self) -> str:
        return self.who

    @property
    def best(self) -> int:
        """The learner's best score, this run included."""
        return max(self.best_before, self.score)

    @property
    def new_best(self) -> bool:
        return self.finished and self.score > self.best_before

    def left(self) -> float:
        """Seconds left (never below 0): the run's length less the time since the start and the penalties."""
        return max(0.0, self.seconds - (self.clock() - self.started) - self.penalty)

    def time_up(self) -> bool:
        """Whether the run is over; the first call that finds the time gone ends it."""
        if not self.finished and self.left() <= 0:
            self.finish()
        return self.finished

    def finish(self) -> None:
        """End the run (time up, the puzzles ran out, or the learner ended it)."""
        self.finished = True
        self.visit = None

    def next_puzzle(self) -> None:
        """Open the next puzzle of the queue; none left ends the run."""
        if self.served >= len(self.queue):
            self.finish()
            return
        self._open(self.queue[self.served])
        self.served += 1

    def answer(self, value: object) -> Feedback | None:
        """Judge an answer (unless the time is up): right scores, wrong costs ``PENALTY``; then the next."""
        if self.time_up():
            return None
        visit = self.visit
        feedback = super().answer(value)
        if feedback is None or visit is None:
            return feedback
        self.last = feedback.correct
        if feedback.correct:
            self.score += 1
            self.store.record(self.run_id, [TIMED], AnswerDetail(seconds=visit.seconds()))
        else:
            self.penalty += PENALTY
            self.missed.append(visit.puzzle.id)
        if not self.time_up():
            self.next_puzzle()
        return feedback

    def _write(self, visit: Visit, kinds: Sequence[str], answer: str = "", correct: bool | None = None) -> None:
        """Nothing: a run's answers are not attempts (``answer`` writes the score's events)."""

    def handle(self, message: Mapping[str, Any]) -> None:
        """The page's messages during a run: card clicks, answers and Check; no hints, no "show me"."""
        if self.time_up():
            return
        kind = message.get("type")
        if kind == "key":
            return  # h, s, n and the number keys: a run has no hint, no "show me", no choices to number
        if kind == "action" and str(message.get("action", "")) in ("hint", "show", "next"):
            return
        super().handle(message)


class TimedMode:
    """The trainer's timed runs: the run open now (``run``, None while the learner is in the trainer), the
    learner's best (read once from the keeper's events), and the page's messages for them.

    ``handle`` takes the messages of a run and the run's actions, and says whether it took the message (else it
    is the trainer's). Replaying a missed puzzle opens it in the trainer (``TrainerSession.goto``).
    """

    def __init__(self, session: TrainerSession, clock: Callable[[], float] = time.monotonic,
                 seed: int | None = None) -> None:
        self.session = session
        self.clock = clock
        self.seed = seed
        self.run: TimedRun | None = None
        self.best = 0
        self.reload()

    def reload(self) -> None:
        """Read the best again from the keeper's loaded events (the learner or the keeper changed); no run."""
        session = self.session
        self.run = None
        self.best = best_score(session.store.rating_events(session.learner), session.learner)

    def start(self) -> TimedRun:
        """A new run for the session's learner (the best so far carried into it)."""
        session = self.session
        self.run = TimedRun(session.store, timed_pool(session.bank.puzzles()), session.learner, self.clock,
                            self.seed, self.best)
        return self.run

    def handle(self, message: Mapping[str, Any]) -> bool:
        """Act on one message if it is the timed mode's: True when taken."""
        action = str(message.get("action", "")) if message.get("type") == "action" else ""
        run = self.run
        if action == "timed-start":
            self.start()
        elif action == "timed-replay" and run is not None and run.finished:
            value = str(message.get("value", ""))
            if value in run.missed:
                self.run = None
                self.session.goto(value)
        elif action == "timed-close" and run is not None and run.finished:
            self.run = None
        elif run is None:
            return False
        elif action == "timed-end":
            run.finish()
        elif action == "timed-check":
            run.time_up()
        else:
            run.handle(message)
        if run is not None:
            self.best = max(self.best, run.best)
        return True
