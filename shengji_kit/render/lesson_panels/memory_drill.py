"""Lesson 12's card-memory drill: a few tricks are shown, then hidden, and the learner answers from memory.

The scene takes ``card_memory`` questions (the lesson file's items first, then freshly dealt ones
from the kind's generator, seeded); the engine computes every answer from the shown tricks.
Buttons: ``data-action="hide"`` hides the tricks, ``"again"`` deals new ones. A count is typed in
``input[data-role="number"]`` and sent with ``data-action="check"`` (or Enter); a void is chosen, as
``{"type": "answer", "answer": value}``, or by its number key (``{"type": "key", "key": "2"}``: the
seats' buttons are shown in an order seeded by the learner and the question, ``data-key`` numbering them
as shown, so neither the position nor the key gives the seat away). Answers are judged only once the
tricks are hidden; what is not a whole number is refused with a notice (``data-role="problem"``) and not
counted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ...game.position_table import read_position_table
from ...puzzles.choice_seed import shown_order
from ...puzzles.kinds.card_memory import CardMemory, generate, parse
from ...puzzles.model import Choice, Grade
from ...words import Message
from ...words.catalogue import text
from ..hands import card_row_html
from ..table import lang_button


class MemoryDrill:
    """The state of the drill: the question, whether the tricks are hidden, the last grade, the score."""

    def __init__(self, questions: Sequence[CardMemory] = (), seed: int = 12,
                 learner: Callable[[], str] = lambda: "") -> None:
        self.fixed = list(questions)
        self.seed = seed
        self.learner = learner
        self.rng = random.Random(seed)
        self.number = 0
        self.question = self._question()
        self.hidden = False
        self.grade: Grade | None = None
        self.problem: Message | None = None
        self.right = 0
        self.asked = 0

    def _question(self) -> CardMemory:
        if self.number < len(self.fixed):
            return self.fixed[self.number]
        item = generate(self.rng)
        return parse(item, read_position_table(item["position"]))

    def choices(self) -> list[Choice]:
        """The void question's seats as this learner sees them (seeded by the learner and the question)."""
        return shown_order(self.question.choices(), self.learner(), f"memory-drill:{self.seed}:{self.number}")

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action")
        if action == "hide":
            self.hidden = True
        elif action == "again":
            self.number += 1
            self.question, self.hidden, self.grade, self.problem = self._question(), False, None, None
        elif action == "check" and self.question.answer_format == "number":
            typed = str(message.get("value") or "").strip()
            if typed.lstrip("-").isdigit():
                self._judge(typed)
            elif self.hidden and self.grade is None:
                self.problem = Message("trainer_need_number")
        elif message.get("type") == "answer" and self.question.answer_format == "choice":
            self._judge(str(message.get("answer", "")))
        elif message.get("type") == "key" and self.question.answer_format == "choice":
            key = str(message.get("key", ""))
            shown = self.choices()
            if key.isdigit() and 1 <= int(key) <= len(shown):
                self._judge(shown[int(key) - 1].value)

    def _judge(self, answer: str) -> None:
        """Grade ``answer`` once, and only with the tricks hidden."""
        if self.hidden and self.grade is None:
            self.problem = None
            self.grade = self.question.grade(answer)
            self.asked += 1
            self.right += int(self.grade.correct)

    def _answer_html(self, lang: str) -> Markup:
        """A number field and Check for a count; the seats' buttons for a void."""
        if self.question.answer_format == "number":
            problem = Markup("")
            if self.problem is not None:
                problem = Markup('<p class="sk-message" data-role="problem" role="alert">{}</p>').format(
                    self.problem.render(lang))
            return Markup(
                '<label>{label} <input type="number" inputmode="numeric" step="1" data-role="number" '
                'data-submit="check"></label>'
                '<button type="button" class="sk-button sk-primary" data-action="check">{check}</button>{problem}'
            ).format(label=text("trainer_number", lang), check=text("trainer_check", lang), problem=problem)
        return Markup("").join(
            Markup('<button type="button" class="sk-button" data-answer="{v}" data-key="{key}">'
                   '<kbd class="sk-trainer-key" aria-hidden="true">{key}</kbd>{label}</button>'
                   ).format(v=choice.value, key=key, label=choice.label(lang))
            for key, choice in enumerate(self.choices(), start=1))

    def render(self, lang: str) -> str:
        question = self.question
        if self.hidden:
            tricks = Markup("<p>{}</p>").format(text("count_l_drill_hidden", lang))
            choices = self._answer_html(lang)
            asked = Markup("<p>{q}</p><div class='sk-controls'>{c}</div>").format(
                q=question.question_text(lang), c=choices)
        else:
            lines = question.tricks_text(lang).split("\n")
            tricks = Markup("<p>{}</p>").format(text("count_l_drill_show", lang)) + Markup("").join(
                Markup('<div data-role="trick">{}</div>').format(line) for line in lines)
            asked = Markup('<button type="button" class="sk-button" data-action="hide">{}</button>').format(
                text("count_l_drill_hide", lang))
        verdict = Markup("")
        if self.grade is not None:
            head = Message("puzzle_right" if self.grade.correct else "puzzle_wrong").render(lang)
            said = " ".join(line.render(lang) for line in self.grade.lines)
            verdict = Markup('<p data-role="verdict">{h} {l}</p>').format(h=head, l=said)
        score = text("count_l_drill_score", lang, right=self.right, asked=self.asked)
        return str(Markup(
            '<div class="sk-panel" data-role="memory-drill" data-number-keys data-hidden="{hidden}">'
            '<div class="sk-panel-head">{lang_button}</div>{trump}<div>{hand}</div>{tricks}{asked}{verdict}'
            '<div class="sk-controls"><button type="button" class="sk-button" data-action="again">{again}</button>'
            '<span class="sk-legend">{score}</span></div></div>'
        ).format(
            hidden=str(self.hidden).lower(), lang_button=lang_button(lang),
            trump=Markup('<p data-role="trump">{}</p>').format(
                text("count_l_drill_trump", lang, trump=question.table.trump)),
            hand=card_row_html(question.hand, lang), tricks=tricks,
            asked=asked, verdict=verdict, again=text("count_l_drill_again", lang), score=score,
        ))
