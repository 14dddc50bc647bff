"""A lesson's exercise block in a notebook: its fixed items in order, then freshly dealt ones.

The items are puzzles of the shared model (``puzzles.model``) and each answer is judged by the
item's own checker (``Puzzle.check``), the same one the trainer and ``puzzles check`` use.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ..classroom.recorder import LearnerRecorder, answer_as_text
from ..classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR
from ..puzzles.model import Feedback, Puzzle
from ..puzzles.problems import Problem
from ..render.exercises import (
    PICK_FORMATS,
    ExerciseView,
    exercise_panel_html,
    hand_cards,
    notice_html,
)
from ..words import languages_from


class GroupExerciseScene:
    """Asks ``items`` in order; after the last, ``deal`` (when given) makes more. First answers score.

    With a ``recorder`` every answer, hint, solve and star goes to the class store as an event of
    the current learner, in the dashboard column ``group`` (the lesson's slug).
    """

    def __init__(
        self,
        items: Sequence[Puzzle],
        problems: Sequence[Problem] = (),
        deal: Callable[[random.Random], Puzzle | None] | None = None,
        seed: int | None = None,
        recorder: LearnerRecorder | None = None,
        group: str = "",
    ) -> None:
        if not items:
            raise ValueError("an exercise block needs at least one item")
        self.items = tuple(items)
        self.problems = tuple(problems)
        self.deal = deal
        self.rng = random.Random(seed)
        self.index = 0
        self.puzzle = self.items[0]
        self.dealt = False
        self.right = 0
        self.asked = 0
        self.recorder = recorder
        self.group = group
        self._reset()

    def _reset(self) -> None:
        self.picks: list[int] = []
        self.groups: list[list[int]] = []
        self.feedback: Feedback | None = None
        self.scored = False
        self.show_hint = False
        self.solved = False
        self.shown_at = time.monotonic()

    def next_item(self) -> None:
        """The next fixed item; after the last one a dealt item (or the first again)."""
        self.index += 1
        dealt = self.deal(self.rng) if self.deal is not None and self.index >= len(self.items) else None
        if dealt is not None:
            self.puzzle, self.dealt = dealt, True
        else:
            self.index %= len(self.items)
            self.puzzle, self.dealt = self.items[self.index], False
        self._reset()

    def answer(self, value: object) -> Feedback:
        """Judge ``value`` with the item's checker; only the first answer to an item is scored."""
        self.feedback = self.puzzle.check(value)
        first = not self.scored
        if not self.scored:
            self.scored = True
            self.asked += 1
            self.right += int(self.feedback.correct)
        self._record(ATTEMPT, answer=answer_as_text(value), correct=self.feedback.correct)
        if self.feedback.correct and not self.solved:
            self.solved = True
            self._record(SOLVE)
            if first and not self.show_hint:
                self._record(STAR)
        return self.feedback

    def _record(self, kind: str, answer: str = "", correct: bool | None = None) -> None:
        """Write one event of the current learner on this item (kept in the page if the store fails)."""
        if self.recorder is not None:
            self.recorder.add(self.puzzle.id, self.group, kind, answer=answer, correct=correct,
                              seconds=time.monotonic() - self.shown_at)

    def hint(self) -> None:
        """Show the item's hint (recorded once per item)."""
        if not self.show_hint and not self.solved:
            self._record(HINT)
        self.show_hint = True

    def click(self, index: int) -> None:
        """Pick a card of the hand, or take it back when it was picked."""
        cards = hand_cards(self.puzzle)
        grouped = {i for group in self.groups for i in group}
        if not 0 <= index < len(cards) or index in grouped:
            return
        if index in self.picks:
            self.picks.remove(index)
        else:
            self.picks.append(index)

    def check(self) -> Feedback | None:
        """Submit the picked cards (and groups) as the answer."""
        cards = hand_cards(self.puzzle)
        if self.puzzle.question.answer_format == "card_groups":
            groups = [*self.groups, self.picks] if self.picks else self.groups
            return self.answer([[cards[i].code for i in group] for group in groups])
        return self.answer(" ".join(cards[i].code for i in self.picks))

    def handle(self, message: Mapping[str, Any]) -> None:
        kind, action = message.get("type"), message.get("action")
        fmt = self.puzzle.question.answer_format
        if kind == "answer" and self.puzzle.question.choices():
            self.answer(str(message.get("answer", "")))
        elif kind == "click" and fmt in PICK_FORMATS:
            index = message.get("index")
            if isinstance(index, int) and not isinstance(index, bool):
                self.click(index)
        elif (kind == "action" and action == "check") or (kind == "key" and message.get("key") == "enter"):
            if fmt in PICK_FORMATS:
                self.check()
        elif kind == "action" and action == "group" and self.picks:
            self.groups.append(self.picks)
            self.picks = []
        elif kind == "action" and action == "clear":
            self.picks, self.groups = [], []
        elif kind == "action" and action == "hint":
            self.hint()
        elif kind == "action" and action == "next":
            self.next_item()

    def view(self) -> ExerciseView:
        return ExerciseView(
            self.puzzle, self.index + 1, len(self.items), self.dealt, tuple(self.picks),
            tuple(tuple(g) for g in self.groups), self.feedback, (self.right, self.asked), self.show_hint,
            self.problems,
        )

    def render(self, lang: str) -> str:
        panel = exercise_panel_html(self.view(), lang)
        problem = self.recorder.problem if self.recorder is not None else None
        if problem is None:
            return str(panel)
        lines = [problem.render(one) for one in languages_from(lang)]
        return str(Markup("{notice}{panel}").format(notice=notice_html(lines, problem.kind), panel=panel))
