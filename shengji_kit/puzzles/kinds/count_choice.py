"""The ``count`` kind answered by choosing: the total or the multiplier among offered numbers, or
the outcome among the level table's rows — for panels that draw buttons rather than a number field."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...game.position_table import PositionTable
from ..fields import Raw, read_int, require
from ..model import Choice
from ..position_text import round_text, with_position
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, finish
from .count import FIELDS as COUNT_FIELDS
from .count import CountQuestion, deal_count
from .count import parse as parse_count

KIND = "count_choice"
FIELDS = (*COUNT_FIELDS, "options")
NUMBER_ASKS = ("total", "multiplier")


@dataclass(frozen=True)
class CountChoiceQuestion(CountQuestion):
    """A ``count`` question whose answer is one of ``options`` (numbers) or of the outcomes and seats."""

    kind: ClassVar[str] = KIND
    options: tuple[int, ...] = ()

    @property
    def answer_format(self) -> str:
        return "choice"

    def prompt(self, lang: str = "en") -> str:
        return with_position(self.table, super().prompt(lang), round_text(self.table, lang), lang)

    def choices(self) -> list[Choice]:
        if self.ask not in NUMBER_ASKS:
            return super().choices()
        return [Choice(str(value), Text(en=str(value), zh=str(value))) for value in self.options]


def parse(raw: Raw, table: PositionTable) -> CountChoiceQuestion:
    """Read a ``count`` puzzle; for a total or a multiplier also the offered numbers (the answer among them)."""
    question = parse_count({key: value for key, value in raw.items() if key != "options"}, table)
    options: tuple[int, ...] = ()
    if question.ask in NUMBER_ASKS:
        values = require(raw, "options")
        if not isinstance(values, list) or len(values) < 2:
            raise FieldError("options", "must list at least two numbers to choose from")
        options = tuple(read_int(value, f"options[{n}]", 0, 10_000) for n, value in enumerate(values, start=1))
        if question.stated not in options:
            raise FieldError("options", f"must include the answer {question.stated}")
    elif "options" in raw:
        raise FieldError("options", "only a total or a multiplier is chosen among numbers")
    return CountChoiceQuestion(question.table, question.ask, question.stated, options)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh ``count`` item to answer by choosing; a number is offered among the sums a slip would give
    (the kitty counted with another multiplier, the last trick left out)."""
    ctx, core, question = deal_count(rng, spec)
    truth = question.truth()
    if question.ask == "multiplier":
        core["options"] = sorted({int(truth), 1, 2, 4, 8})
    elif question.ask == "total":
        before, trick, kitty = question.table.points or 0, question.trick_points(), question.kitty_points()
        slips = {before, before + trick, *(before + trick + kitty * times for times in (1, 2, 4, 8))}
        slips |= {int(truth) + 5, int(truth) + 10}
        nearest = sorted(slips | {int(truth)}, key=lambda value: (value != truth, abs(value - int(truth))))
        core["options"] = sorted(nearest[:6])
    return finish(KIND, core, ctx, parse, truth)
