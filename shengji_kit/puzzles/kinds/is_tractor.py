"""Is this a tractor? Some cards and a trump context; the answer is yes or no, judged by ``shape``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.cards import Card
from ...engine.errors import RuleError
from ...engine.shapes import PAIR, SINGLE, TRACTOR, shape
from ...engine.trump import Trump
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_yes_no, yes_no_choices
from ..fields import Raw, read_bool, read_cards, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError

KIND = "is_tractor"
FIELDS = ("cards", "answer")


def is_tractor(cards: tuple[Card, ...] | list[Card], trump: Trump) -> bool:
    """Do ``cards`` form exactly one tractor under ``trump``?"""
    try:
        return shape(cards, trump).kind == TRACTOR
    except RuleError:
        return False


def tractor_line(cards: tuple[Card, ...] | list[Card], trump: Trump) -> Message:
    """Why ``cards`` are (or are not) a tractor under ``trump``, as one sentence."""
    params: dict[str, object] = {"cards": tuple(cards), "trump": trump}
    try:
        found = shape(cards, trump)
    except RuleError:
        return Message("ex_tractor_mixed", params)
    if found.kind == TRACTOR:
        return Message("ex_tractor_yes", {**params, "pairs": found.components[0].pairs})
    if found.kind == PAIR:
        return Message("ex_tractor_one_pair", params)
    if any(component.kind == SINGLE for component in found.components):
        return Message("ex_tractor_unpaired", params)
    return Message("ex_tractor_gap", params)


@dataclass(frozen=True)
class IsTractorQuestion(Question):
    """``cards`` under ``table.trump``; ``stated`` says whether they are one tractor."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    cards: tuple[Card, ...]
    stated: bool

    def shown(self) -> tuple[Card, ...]:
        return self.cards

    def prompt(self, lang: str = "en") -> str:
        return Message("ex_is_tractor_prompt", {"cards": self.cards}).render(lang)

    def choices(self) -> list[Choice]:
        return yes_no_choices()

    def grade(self, answer: object) -> Grade:
        said = answer_yes_no(answer)
        truth = is_tractor(self.cards, self.table.trump)
        return Grade(said == truth, (tractor_line(self.cards, self.table.trump),))

    def expected(self, lang: str = "en") -> str:
        return Message("ui_yes" if is_tractor(self.cards, self.table.trump) else "ui_no").render(lang)

    def verify(self) -> list[Mismatch]:
        truth = is_tractor(self.cards, self.table.trump)
        if truth == self.stated:
            return []
        why = tractor_line(self.cards, self.table.trump).render("en")
        return [Mismatch("answer", f"states {str(self.stated).lower()}, but shape gives {str(truth).lower()}: {why}")]


def parse(raw: Raw, table: PositionTable) -> IsTractorQuestion:
    """Read an is-tractor item: ``cards`` (at least two) and ``answer = true`` or ``false``."""
    cards = read_cards(require(raw, "cards"), "cards")
    if len(cards) < 2:
        raise FieldError("cards", "needs at least two cards")
    return IsTractorQuestion(table, cards, read_bool(require(raw, "answer"), "answer"))
