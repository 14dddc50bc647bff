"""A lesson's exercise block in a notebook: its fixed items in order, then freshly dealt ones.

The block is a practice session (``practice.session.Practice``): the trainer's visit, answer
controls, star rule and events, written to the keeper (the class store, in the lesson's column).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from markupsafe import Markup

from ..practice.html.lesson_panel import lesson_html
from ..practice.session import Practice, ProgressKeeper
from ..practice.showme import ShowMe
from ..puzzles.lesson_exercises import guessable
from ..puzzles.model import Feedback, Puzzle
from ..puzzles.problems import Problem
from ..render.exercises import notice_html
from ..words import languages_from
from .surface import CardSurface, Observable, styles
from .write_watch import WriteWatch

GUESS_STREAK = 3
"""Right first answers in a row on guessable items (yes/no, a-or-b) before a dealt item that cannot be guessed."""


class GroupExerciseScene(Observable, Practice):
    """Asks ``items`` in order; after the last, ``deal`` (when given) makes more ("more like this"), one that
    cannot be guessed after a streak of right answers that could have been guesses. First answers score, once
    an item (a written item met again does not count twice)."""

    def __init__(self, items: Sequence[Puzzle], store: ProgressKeeper, problems: Sequence[Problem] = (),
                 deal: Callable[[random.Random, bool], Puzzle | None] | None = None,
                 seed: int | None = None) -> None:
        if not items:
            raise ValueError("an exercise block needs at least one item")
        Practice.__init__(self, store)
        Observable.__init__(self)
        self.items, self.problems, self.deal = tuple(items), tuple(problems), deal
        self.write_watch = WriteWatch(self, self.changed)  # "kept here" / "saved again" without a click
        self.rng = random.Random(seed)
        self.index, self.dealt, self.right, self.asked = 0, False, 0, 0
        self.guess_streak = 0
        self.counted: set[str] = set()
        """Items whose first answer is in the score: an item met again (a block without a generator wraps to
        its first item) does not count twice."""
        self._open(self.items[0])

    def reload(self) -> None:
        """Read the progress again (kept by the browser: restored on opening, or reset); the score then counts the
        block's items the progress has answers to (a star is a right first answer)."""
        super().reload()
        records = [(item.id, self.progress.get(item.id)) for item in self.items]
        self.counted = {item for item, record in records if record.attempts or record.revealed}
        self.asked, self.right = len(self.counted), sum(record.star for _, record in records)

    @property
    def feedback(self) -> Feedback | None:
        return self.visit.feedback if self.visit else None

    @property
    def picks(self) -> list[int]:
        """The cards picked so far (in order, or selected)."""
        return self.visit.draft.order or self.visit.draft.selected if self.visit else []

    def next_puzzle(self) -> None:
        """The next fixed item; after the last one a dealt item (or the first again)."""
        self.index += 1
        if self.deal is not None and self.index >= len(self.items):
            dealt = self.deal(self.rng, self.guess_streak >= GUESS_STREAK)
        else:
            dealt = None
        if dealt is None:
            self.index %= len(self.items)
        self.dealt = dealt is not None
        self._open(dealt or self.items[self.index])

    def answer(self, value: object) -> Feedback | None:
        """Judge ``value``; the first answer to an item counts in the block's score."""
        first = self.visit is not None and self.visit.tries == 0 and self.visit.puzzle.id not in self.counted
        feedback = super().answer(value)
        if feedback is not None and first:
            assert self.visit is not None
            self.counted.add(self.visit.puzzle.id)
            self.asked += 1
            self.right += int(feedback.correct)
            lucky = feedback.correct and self.visit is not None and guessable(self.visit.puzzle)
            self.guess_streak = self.guess_streak + 1 if lucky else 0
        return feedback

    def show_me(self) -> ShowMe | None:
        """"Show me" reveals the answer; asked before any answer, the item counts as asked and not right."""
        unanswered = self.visit is not None and self.visit.tries == 0 and self.visit.show is None
        unanswered = unanswered and self.visit is not None and self.visit.puzzle.id not in self.counted
        shown = super().show_me()
        if shown is not None and unanswered:
            assert self.visit is not None
            self.counted.add(self.visit.puzzle.id)
            self.asked += 1
        return shown

    def render(self, lang: str) -> str:
        assert self.visit is not None
        panel = lesson_html(self.visit, lang, self.index + 1, len(self.items), self.dealt, (self.right, self.asked),
                            self.problems)
        first = languages_from(lang)
        notices = Markup("").join(
            notice_html([notice.render(one) for one in first], notice.kind) for notice in self.notices
        )
        return str(notices + panel)


class ExerciseBlock(CardSurface):
    """The widget of one exercise block (the card surface with the trainer's answer styles)."""

    _css = styles("trainer.css")
