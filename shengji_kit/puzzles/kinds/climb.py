"""Which level does a team reach when it climbs so many levels? (``engine.scoring.climb``, per preset.)"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import RANKS
from ...engine.scoring import climb
from ...engine.trump import normalise_level
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import AnswerError
from ..fields import Raw, read_int, read_str, require
from ..model import Choice, Grade, Mismatch, Question
from ..position_text import with_position
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, context, finish

KIND = "climb"
FIELDS = ("steps", "answer")


@dataclass(frozen=True)
class ClimbQuestion(Question):
    """A team at ``table.trump.level`` goes up ``steps`` levels under ``table.rules``."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    steps: int
    stated: str

    def truth(self) -> str:
        return climb(self.table.trump.level, self.steps, self.table.rules)

    def working(self) -> Message:
        return Message("l6_climb_working", {
            "start": self.table.trump.level, "steps": self.steps, "end": self.truth(),
            "rules": self.table.rules.name,
        })

    def prompt(self, lang: str = "en") -> str:
        asked = Message("l6_climb_prompt", {"start": self.table.trump.level, "steps": self.steps}).render(lang)
        return with_position(self.table, asked, "", lang)

    def choices(self) -> list[Choice]:
        return [Choice(rank, Text(en=rank, zh=rank)) for rank in RANKS]

    def grade(self, answer: object) -> Grade:
        try:
            given = normalise_level(str(answer).strip().upper())
        except ValueError:
            raise AnswerError(Message("l6_bad_rank", {"value": repr(answer)})) from None
        return Grade(given == self.truth(), (self.working(),))

    def expected(self, lang: str = "en") -> str:
        return self.truth()

    def verify(self) -> list[Mismatch]:
        if self.stated == self.truth():
            return []
        return [Mismatch("answer", f"states {self.stated}, but climb gives {self.truth()}")]


def parse(raw: Raw, table: PositionTable) -> ClimbQuestion:
    """Read the number of levels climbed and the stated level reached."""
    steps = read_int(require(raw, "steps"), "steps", 0, 6)
    stated = read_str(require(raw, "answer"), "answer").upper()
    if stated not in RANKS:
        raise FieldError("answer", f"must be a rank 2..A, not {stated!r}")
    return ClimbQuestion(table, steps, stated)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a team at any level climbs 0–6 levels under either preset (harder: near 10, K and A)."""
    ctx = context(rng, spec)
    steps = rng.randint(1, 2) if ctx.difficulty == 1 else rng.randint(0, min(6, 1 + ctx.difficulty))
    core: dict[str, Any] = {"steps": steps, "answer": climb(ctx.trump.level, steps, ctx.preset),
                            "position": ctx.position()}
    return finish(KIND, core, ctx, parse, core["answer"])
