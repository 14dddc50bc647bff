"""The puzzle kinds: each module reads its fields (``parse``) into a ``Question`` that checks answers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...game.position_table import PositionTable
from ..fields import Raw
from ..model import Question
from . import (
    count,
    endgame,
    legal_follow,
    refusal,
    smallest_winner,
    sort,
    throw,
    tractors,
    trick_winner,
)


@dataclass(frozen=True)
class Kind:
    """A kind's name, the puzzle fields it adds, and its reader."""

    name: str
    fields: tuple[str, ...]
    parse: Callable[[Raw, PositionTable], Question]


KINDS: dict[str, Kind] = {
    module.KIND: Kind(module.KIND, module.FIELDS, module.parse)
    for module in (trick_winner, legal_follow, throw, sort, tractors, count, endgame, refusal, smallest_winner)
}
"""Every kind by name, in teaching order."""
