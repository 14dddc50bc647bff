"""Puzzles and their parts: a ``Question`` per kind, the ``Puzzle`` around it, and ``Feedback``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..engine.cards import Card
from ..game.position_table import PositionTable
from ..solver.solution import Trick
from ..words import Message, text
from .text import Text


class AnswerError(ValueError):
    """An answer that cannot be read; ``line`` says why in both languages."""

    def __init__(self, line: Message) -> None:
        self.line = line
        super().__init__(line.render("en"))


@dataclass(frozen=True)
class Choice:
    """One offered answer: the ``value`` to pass back to ``check`` and its label per language."""

    value: str
    label: Text


@dataclass(frozen=True)
class Mismatch:
    """A stated answer the engine disagrees with: the field and what the engine says."""

    field: str
    message: str


@dataclass(frozen=True)
class Grade:
    """A kind's judgement of one answer: right or wrong, the lines that say why, the truth.

    ``lines`` speak of the chosen answer only (a trainer shows them after a wrong answer and
    lets the learner try again); ``reveal`` states the right answer (shown once solved or on
    "show me").
    """

    correct: bool
    lines: tuple[Message, ...]
    reveal: tuple[Message, ...] = ()


class Question(ABC):
    """The kind-specific part of a puzzle: its data, the stated answer, and how to judge answers.

    Answers are always judged by the engine (or the solver), never by the stated answer;
    ``verify`` checks that the stated answer agrees with them.
    """

    kind: ClassVar[str]
    FORMAT: ClassVar[str] = ""

    @property
    def answer_format(self) -> str:
        """What ``check`` expects: seat, option, choice, cards, card_groups, number, outcome, play."""
        return self.FORMAT

    @abstractmethod
    def prompt(self, lang: str = "en") -> str:
        """The question as asked, without the puzzle's title."""

    @abstractmethod
    def grade(self, answer: object) -> Grade:
        """Judge a learner's answer with the engine."""

    @abstractmethod
    def expected(self, lang: str = "en") -> str:
        """The right answer, as text."""

    @abstractmethod
    def verify(self) -> list[Mismatch]:
        """Where the stated answer differs from the engine's (empty when it agrees)."""

    def warm(self) -> None:
        """Start, in the background, work the first grade would otherwise wait for (nothing for most kinds)."""
        return None

    def reseeded(self, seed: int) -> Question:
        """The same question with its sampled deals drawn afresh from ``seed`` (``puzzles check --seed``).

        Only kinds that value a fixed random sample redraw it; the rest are unchanged, so that a
        stated figure can be shown to hold under any seed and not only the author's.
        """
        return self

    def choices(self) -> list[Choice]:
        """The offered answers for multiple-choice kinds (empty for free answers)."""
        return []

    def shown(self) -> tuple[Card, ...]:
        """Cards shown with the question (the card or cards asked about); empty when there are none."""
        return ()

    def solution_line(self) -> tuple[Trick, ...]:
        """For endgames, one optimal line of tricks (the solver's); empty for other kinds."""
        return ()

    def mistake(self, answer: object) -> Message | None:
        """What a wrong ``answer`` means, when the engine can tell (``puzzles.mistakes``); None for most kinds."""
        return None


@dataclass(frozen=True)
class Feedback:
    """The answer to "is this right?": ``correct``, why (engine lines), the truth, the explanation."""

    correct: bool
    lines: tuple[Message, ...]
    explanation: Text
    reveal: tuple[Message, ...] = ()
    refused: bool = False
    """The answer could not be judged (cards not held, an illegal follow, text that is not cards): ``lines``
    say why; a page shows it by the controls and counts no try, as a table refuses a play it cannot take."""

    def verdict(self, lang: str = "en") -> str:
        """Right or wrong, and why the chosen answer is so, in one paragraph (reveals nothing more)."""
        head = Message("puzzle_right" if self.correct else "puzzle_wrong").render(lang)
        return text("join_sentences", lang).join([head, *(line.render(lang) for line in self.lines)])

    def message(self, lang: str = "en") -> str:
        """The verdict, the right answer and the puzzle's explanation."""
        truth = text("join_sentences", lang).join(line.render(lang) for line in self.reveal)
        return "\n\n".join(part for part in (self.verdict(lang), truth, self.explanation(lang)) if part)

    def __bool__(self) -> bool:
        return self.correct


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: identity, texts in both languages, difficulty 1–5, position and question."""

    id: str
    set_id: str
    file: str
    kind: str
    difficulty: int
    title: Text
    hint: Text
    explanation: Text
    table: PositionTable
    question: Question = field(repr=False)
    group: str = ""
    """In a lesson file, the exercise block the item belongs to (empty in the bank)."""
    ask: Text | None = None
    """The item's own question text, asked instead of the kind's default prompt."""

    @property
    def rules(self) -> str:
        return self.table.rules.name

    def prompt(self, lang: str = "en") -> str:
        """The trump context and the question, e.g. ``Level 2, spades trump. Who takes …?``."""
        context = self.table.trump.describe(lang)
        sep = "。" if lang == "zh" else ". "
        if self.table.rules.name == "classic":  # the default rules go unnamed; others are said with the trump
            context = text("puzzle_under_rules", lang, rules=text("term_rules_classic", lang), context=context)
        context = context[0].upper() + context[1:] if lang != "zh" else context
        asked = self.ask(lang) if self.ask is not None else self.question.prompt(lang)
        return f"{context}{sep}{asked}"

    def check(self, answer: object) -> Feedback:
        """Judge ``answer`` (see ``question.answer_format``) and explain in both languages."""
        try:
            grade = self.question.grade(answer)
        except AnswerError as error:
            return Feedback(False, (error.line,), self.explanation, refused=True)
        cause = None if grade.correct else self.question.mistake(answer)
        lines = grade.lines if cause is None else (*grade.lines, cause)
        return Feedback(grade.correct, lines, self.explanation, grade.reveal)

    def to_dict(self) -> dict[str, Any]:
        """Everything a front end shows, as plain data (texts in both languages)."""
        return {
            "id": self.id,
            "set": self.set_id,
            "kind": self.kind,
            "difficulty": self.difficulty,
            "title": {"en": self.title.en, "zh": self.title.zh},
            "prompt": {"en": self.prompt("en"), "zh": self.prompt("zh")},
            "hint": {"en": self.hint.en, "zh": self.hint.zh},
            "answer_format": self.question.answer_format,
            "choices": [
                {"value": c.value, "label": {"en": c.label.en, "zh": c.label.zh}}
                for c in self.question.choices()
            ],
            "position": self.table.to_dict(),
        }


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of one file, in file order, with the set's title and description."""

    id: str
    file: str
    title: Text
    description: Text
    puzzles: tuple[Puzzle, ...]
