"""Lesson 11, the kitty (保底与扣底): the bury table ``lessons/11_kitty.ipynb`` shows."""

from __future__ import annotations

from ...render.lesson_panels.bury_table import FIRST_HAND, BuryTable
from ...widgets.surface import CardSurface
from .notice import safely

__all__ = ["bury_table"]


def bury_table(seed: int = FIRST_HAND) -> CardSurface:
    """A dealt hand of 33, the evaluation's bury, a naive bury and the sampled play-outs comparing them."""
    return safely(lambda: CardSurface(BuryTable(seed)))
