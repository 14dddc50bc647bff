"""The order a learner sees a puzzle's choices in: shuffled, seeded by the learner's name and the item.

A choice list in file order gives its answer away by position (the right lead always first, the
right count always in the middle); shuffled per learner, the position says nothing. The seed is the
learner's name and the puzzle's id, so a reload shows the same order and two learners see different
ones. ``best_play`` keeps its file order: it is answered by playing, not by choosing.
"""

from __future__ import annotations

from ..puzzles import Choice, Puzzle
from ..puzzles.choice_seed import order_seed, shown_order

__all__ = ["KEPT_IN_ORDER", "choice_order", "order_seed"]

KEPT_IN_ORDER = frozenset({"best_play"})
"""Kinds whose choices are shown as the file gives them."""


def choice_order(puzzle: Puzzle, learner: str) -> list[Choice]:
    """The puzzle's choices in the order ``learner`` sees them (the same every time for the same pair)."""
    choices = list(puzzle.question.choices())
    if puzzle.kind in KEPT_IN_ORDER or len(choices) < 2:
        return choices
    return shown_order(choices, learner, puzzle.id)
