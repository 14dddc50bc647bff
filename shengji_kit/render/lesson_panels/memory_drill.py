"""Lesson 12's card-memory drill: a few tricks are shown, then hidden, and the learner answers from memory.

The scene takes ``card_memory`` questions (the lesson file's items first, then freshly dealt ones
from the kind's generator, seeded); the engine computes every answer from the shown tricks.
Buttons: ``data-action="hide"`` hides the tricks, ``"again"`` deals new ones; an answer arrives as
``{"type": "answer", "answer": value}`` and is judged only once the tricks are hidden.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ...game.position_table import read_position_table
from ...puzzles.kinds.card_memory import CardMemory, generate, parse
from ...puzzles.model import Grade
from ...words import Message
from ...words.catalogue import text
from ..hands import card_row_html
from ..table import lang_button


class MemoryDrill:
    """The state of the drill: the question, whether the tricks are hidden, the last grade, the score."""

    def __init__(self, questions: Sequence[CardMemory] = (), seed: int = 12) -> None:
        self.fixed = list(questions)
        self.rng = random.Random(seed)
        self.number = 0
        self.question = self._question()
        self.hidden = False
        self.grade: Grade | None = None
        self.right = 0
        self.asked = 0

    def _question(self) -> CardMemory:
        if self.number < len(self.fixed):
            return self.fixed[self.number]
        item = generate(self.rng)
        return parse(item, read_position_table(item["position"]))

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action")
        if action == "hide":
            self.hidden = True
        elif action == "again":
            self.number += 1
            self.question, self.hidden, self.grade = self._question(), False, None
        elif message.get("type") == "answer" and self.hidden and self.grade is None:
            self.grade = self.question.grade(message.get("answer", ""))
            self.asked += 1
            self.right += int(self.grade.correct)

    def render(self, lang: str) -> str:
        question = self.question
        if self.hidden:
            tricks = Markup("<p>{}</p>").format(text("count_l_drill_hidden", lang))
            choices = Markup("").join(
                Markup('<button type="button" class="sk-button" data-answer="{v}">{label}</button>').format(
                    v=choice.value, label=choice.label(lang)) for choice in question.choices())
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
            '<div class="sk-panel" data-role="memory-drill" data-hidden="{hidden}">'
            '<div class="sk-panel-head">{lang_button}</div>{trump}<div>{hand}</div>{tricks}{asked}{verdict}'
            '<div class="sk-controls"><button type="button" class="sk-button" data-action="again">{again}</button>'
            '<span class="sk-legend">{score}</span></div></div>'
        ).format(
            hidden=str(self.hidden).lower(), lang_button=lang_button(lang),
            trump=question.table.trump.describe(lang), hand=card_row_html(question.hand, lang), tricks=tricks,
            asked=asked, verdict=verdict, again=text("count_l_drill_again", lang), score=score,
        ))
