"""The coach at the table: the learner's hint (cards to highlight, reasons) and the round review.

A hint is asked on the learner's turn in the trick play and kept until the round moves on; it
uses the coach's own small time budget (``coach.hint.EARLY_BUDGET``: 0.35 s, 0.12 s late in the
round), so it answers at once and never runs while the bots play. A review takes about a second:
with a running event loop (Jupyter, Voila) it runs in a worker thread, its progress (plays judged
of plays to judge) and its result are applied on the loop's thread; without one (scripts, tests)
it runs at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...coach import Hint, Review, hint, review
from ...engine.cards import Card
from ...game import Round

log = logging.getLogger(__name__)
LEARNER = 0


@dataclass(frozen=True)
class ShownHint:
    """A hint for the round as it stood after ``moves`` actions."""

    moves: int
    advice: Hint


def hinted_positions(hand: tuple[Card, ...], play: tuple[Card, ...]) -> frozenset[int]:
    """The positions in ``hand`` of the cards of ``play`` (each copy of a card taken once)."""
    found: set[int] = set()
    for card in play:
        index = next((i for i, held in enumerate(hand) if held == card and i not in found), None)
        if index is not None:
            found.add(index)
    return frozenset(found)


class CoachDesk:
    """The coach's state for one round: the hint on show, hints used, the review (once asked)."""

    def __init__(self) -> None:
        self.shown: ShownHint | None = None
        self.hints_used = 0
        self.review: Review | None = None
        self.reviewing = False
        self.review_error: str | None = None
        self.progress: tuple[int, int] | None = None
        """(plays judged, plays to judge) while the review runs."""

    def can_hint(self, rnd: Round) -> bool:
        """True on the learner's turn in the trick play."""
        return rnd.result is None and rnd.phase == "play" and rnd.to_act == LEARNER

    def current(self, rnd: Round) -> Hint | None:
        """The hint on show, if it is still for the round as it stands."""
        if self.shown is None or self.shown.moves != len(rnd.actions):
            return None
        return self.shown.advice

    def ask(self, rnd: Round) -> Hint:
        """The coach's hint for the learner now (the caller checked ``can_hint``)."""
        advice = self.current(rnd)
        if advice is None:
            advice = hint(rnd, LEARNER)
            self.shown = ShownHint(len(rnd.actions), advice)
            self.hints_used += 1
        return advice

    def start_review(self, rnd: Round, done: Callable[[], None]) -> bool:
        """Review the finished round (seat 0); ``done`` is called on the loop's thread after."""
        if rnd.result is None or self.reviewing or self.review is not None:
            return False
        return self.start_record_review(rnd.record(), LEARNER, done)

    def start_record_review(self, record: Mapping[str, Any], seat: int, done: Callable[[], None]) -> bool:
        """Review ``seat``'s play in a finished round's record (the Tables page: the seat the learner holds at a
        shared table, whose record comes from the class server); ``done`` is called on the loop's thread after."""
        if self.reviewing or self.review is not None:
            return False
        self.reviewing, self.review_error, self.progress = True, None, None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._finish(lambda: review(record, seat=seat, progress=self._note_progress))
            return True

        def report(judged: int, total: int) -> None:
            loop.call_soon_threadsafe(self._show_progress, judged, total, done)

        work = loop.run_in_executor(None, lambda: review(record, seat=seat, progress=report))

        def land(future: asyncio.Future[Review]) -> None:
            self._finish(future.result)
            done()

        work.add_done_callback(land)
        return True

    def _note_progress(self, judged: int, total: int) -> None:
        self.progress = (judged, total)

    def _show_progress(self, judged: int, total: int, done: Callable[[], None]) -> None:
        """On the loop's thread: note the progress and redraw, unless the review has landed already."""
        if self.reviewing:
            self.progress = (judged, total)
            done()

    def _finish(self, result: Callable[[], Review]) -> None:
        try:
            self.review = result()
        except Exception as error:  # a failed review is shown, never raised into the kernel loop
            log.exception("the round review failed")
            self.review_error = str(error)
        self.reviewing = False
        self.progress = None

