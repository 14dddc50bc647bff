"""How many points does this trick hold? (5s count 5, 10s and Ks count 10.)"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.scoring import points
from ...engine.tricks import trick_winner
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_int
from ..fields import Raw, read_int, require
from ..mistakes import trick_points_mistake
from ..model import Choice, Grade, Mismatch, Question
from ..position_text import with_position
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, Pack, context, deal_trick, finish, trick_table

KIND = "trick_points"
FIELDS = ("answer",)


@dataclass(frozen=True)
class TrickPointsQuestion(Question):
    """The four plays of ``table.trick``; the learner counts their points."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    stated: int

    def truth(self) -> int:
        return sum(points(cards) for _, cards in self.table.trick)

    def winner(self) -> int:
        plays = [cards for _, cards in self.table.trick]
        return self.table.trick[trick_winner(plays, self.table.trump)][0]

    def working(self) -> Message:
        cards = tuple(card for _, play in self.table.trick for card in play if card.points)
        return Message("l6_trick_points_working", {"cards": cards, "total": self.truth(), "seat": self.winner()})

    def prompt(self, lang: str = "en") -> str:
        return with_position(self.table, Message("l6_trick_points_prompt").render(lang), "", lang)

    def choices(self) -> list[Choice]:
        """The right count among its neighbours, 5 and 10 points either side (never below 0)."""
        truth = self.truth()
        values = [value for value in (truth - 10, truth - 5, truth, truth + 5, truth + 10) if value >= 0]
        return [Choice(str(value), Text(en=str(value), zh=str(value))) for value in values]

    def grade(self, answer: object) -> Grade:
        return Grade(answer_int(answer) == self.truth(), (self.working(),))

    def mistake(self, answer: object) -> Message | None:
        return trick_points_mistake(self, answer_int(answer))

    def expected(self, lang: str = "en") -> str:
        return str(self.truth())

    def verify(self) -> list[Mismatch]:
        if self.stated == self.truth():
            return []
        return [Mismatch("answer", f"states {self.stated}, but the trick holds {self.truth()} points")]


def parse(raw: Raw, table: PositionTable) -> TrickPointsQuestion:
    """Read a whole trick (four plays) and the stated point count."""
    table.need("trick")
    if len(table.trick) != 4:
        raise FieldError("position.trick", "needs the plays of all four seats")
    return TrickPointsQuestion(table, read_int(require(raw, "answer"), "answer", 0, 200))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a whole trick (a single, a pair or a tractor led, legal follows), its points by the engine."""
    ctx = context(rng, spec)
    while True:
        deal = deal_trick(rng, Pack(rng), ctx, 4, 0)
        total = sum(points(play) for play in deal.plays)
        if total:
            break
    core = {"answer": total, "position": ctx.position(leader=ctx.leader, trick=trick_table(ctx.leader, deal.plays))}
    return finish(KIND, core, ctx, parse, total)
