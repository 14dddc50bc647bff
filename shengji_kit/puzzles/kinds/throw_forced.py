"""Which cards must the thrower lead when the throw is checked against the other hands?"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.shapes import shape
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_cards, cards_text, same_cards
from ..fields import Raw, read_cards, require
from ..model import Choice, Grade, Mismatch, Question
from ..position_text import with_position
from ..text import Text
from ._deal import DealSpec
from .throw import ThrowQuestion, deal_throw_item

KIND = "throw_forced"
FIELDS = ("forced",)


@dataclass(frozen=True)
class ThrowForcedQuestion(Question):
    """The lead in ``table.trick`` is a throw; the learner picks the part actually led (the whole throw if it
    stands)."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    forced: tuple[Card, ...]

    def check(self) -> ThrowQuestion:
        """The ``throw`` kind's question on the same position: it runs the engine's check."""
        return ThrowQuestion(self.table, True, None, None)

    def truth(self) -> tuple[Card, ...]:
        return self.check().result().forced

    def prompt(self, lang: str = "en") -> str:
        question = self.check()
        asked = Message("l5_forced_prompt", {"seat": question.thrower, "cards": self.table.lead}).render(lang)
        return with_position(self.table, asked, "", lang)

    def choices(self) -> list[Choice]:
        """Each part of the throw, then the whole throw (what is led when it stands)."""
        parts = [component.cards for component in shape(self.table.lead, self.table.trump).components]
        options = [*parts, tuple(self.table.lead)]
        return [
            Choice(" ".join(card.code for card in cards), Text.of("l5_forced_choice", cards=cards)) for cards in options
        ]

    def grade(self, answer: object) -> Grade:
        given = answer_cards(answer)
        question = self.check()
        return Grade(same_cards(given, self.truth()), (question.explain(question.result()),))

    def expected(self, lang: str = "en") -> str:
        return cards_text(self.truth(), lang)

    def verify(self) -> list[Mismatch]:
        truth = self.truth()
        if same_cards(self.forced, truth):
            return []
        return [Mismatch("forced", f"states {cards_text(self.forced)}, but check_throw leads {cards_text(truth)}")]


def parse(raw: Raw, table: PositionTable) -> ThrowForcedQuestion:
    """Read the position the way the ``throw`` kind does, and the stated cards led."""
    from .throw import parse as parse_throw

    parse_throw({"stands": True}, table)
    return ThrowForcedQuestion(table, read_cards(require(raw, "forced"), "forced"))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item dealt as the ``throw`` kind deals one, asked the way this kind asks it."""
    return deal_throw_item(rng, spec, KIND, parse)
