"""An exercise that answers instantly: a stream of questions, picks, feedback and a score."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..engine.catalogue import text
from ..render.exercises import ORDER, Feedback, Question, question_html
from .surface import CardSurface


class ExerciseScene:
    """Asks questions made by ``make(rng)``; the first complete answer to each one is scored."""

    def __init__(self, title_code: str, make: Callable[[random.Random], Question], seed: int | None = None) -> None:
        self.title_code = title_code
        self.make = make
        self.rng = random.Random(seed)
        self.right = 0
        self.asked = 0
        self.question = make(self.rng)
        self.picks: list[str] = []
        self.feedback: Feedback | None = None
        self.scored = False

    def next_question(self) -> None:
        """Move on to a fresh question."""
        self.question = self.make(self.rng)
        self.picks = []
        self.feedback = None
        self.scored = False

    def answer(self, answer: str) -> Feedback | None:
        """Pick ``answer``; returns the feedback once the answer is complete."""
        valid = {choice.answer for choice in self.question.choices}
        if answer not in valid:
            return None
        if self.question.kind == ORDER:
            if answer in self.picks or self.feedback is not None:
                return None
            self.picks.append(answer)
            if len(self.picks) < len(valid):
                return None
        else:
            self.picks = [answer]
        self.feedback = self.question.check(tuple(self.picks))
        if not self.scored:
            self.scored = True
            self.asked += 1
            self.right += int(self.feedback.ok)
        return self.feedback

    def undo(self) -> None:
        """Take back the last pick of an ordering question."""
        if self.picks:
            self.picks.pop()
            self.feedback = None

    def handle(self, message: Mapping[str, Any]) -> None:
        kind = message.get("type")
        if kind == "answer":
            self.answer(str(message.get("answer", "")))
        elif kind == "action" and message.get("action") == "new":
            self.next_question()
        elif kind == "action" and message.get("action") == "undo":
            self.undo()

    def render(self, lang: str) -> str:
        return question_html(
            text(self.title_code, lang), self.question, lang, self.picks, self.feedback,
            (self.right, self.asked),
        )


def exercise_widget(
    title_code: str, make: Callable[[random.Random], Question], seed: int | None = None
) -> CardSurface:
    """An exercise panel in a notebook: questions from ``make``, titled by catalogue ``title_code``."""
    return CardSurface(ExerciseScene(title_code, make, seed))
