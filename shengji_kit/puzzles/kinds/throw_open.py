"""The ``throw`` kind with the rules preset named in the question (it decides who is checked):
does the throw stand, and if not, who stops it? For the lesson panels, which draw the hands."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...game.position_table import PositionTable
from ..fields import Raw
from ..position_text import with_position
from ._deal import DealSpec
from .throw import FIELDS as THROW_FIELDS
from .throw import ThrowQuestion, deal_throw_item
from .throw import parse as parse_throw

KIND = "throw_open"
FIELDS = THROW_FIELDS


class OpenThrowQuestion(ThrowQuestion):
    """A throw question whose prompt names the rules preset."""

    kind: ClassVar[str] = KIND

    def prompt(self, lang: str = "en") -> str:
        return with_position(self.table, super().prompt(lang), "", lang)


def parse(raw: Raw, table: PositionTable) -> OpenThrowQuestion:
    """Read it exactly as the ``throw`` kind does."""
    question = parse_throw(raw, table)
    return OpenThrowQuestion(question.table, question.stands, question.blocker, question.forced)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item dealt as the ``throw`` kind deals one, asked the way this kind asks it."""
    return deal_throw_item(rng, spec, KIND, parse)
