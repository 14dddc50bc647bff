"""Lesson 11, the kitty (保底与扣底): the narrated deal, the bury table and the burying practice
``lessons/11_kitty.ipynb`` shows."""

from __future__ import annotations

from ...render.lesson_panels.bury_table import FIRST_HAND, BuryTable
from ...widgets.surface import CardSurface
from .cells import exercises
from .narrated_deal_view import narrated_deal as _narrated_deal
from .notice import safely

__all__ = ["bury_practice", "bury_table", "narrated_deal"]

SLUG, GROUP = "11_kitty", "bury_well"
"""The burying block of ``puzzles/lesson_data/11_kitty.toml`` (kind ``kitty_bury``)."""


def bury_table(seed: int = FIRST_HAND) -> CardSurface:
    """A dealt hand of 33, the evaluation's bury, a naive bury and the sampled play-outs comparing them."""
    return safely(lambda: CardSurface(BuryTable(seed)))


def bury_practice(seed: int | None = None) -> CardSurface:
    """The burying practice, the lesson's ``bury_well`` block: the learner clicks 8 of the dealer's 33 cards to
    bury; "more like this" deals hands without end, from ``seed`` (default: the learner's own, the same after a
    reload). A dealt hand's id names its seed, so the class service deals it again to judge an answer."""
    return exercises(SLUG, GROUP, seed=seed, own_run=True)


def narrated_deal() -> CardSurface:
    """This lesson's narrated deal (``lesson_data/narrated/11_kitty.toml``): the learner defends as South and
    guards the kitty, the solver plays the other seats."""
    return _narrated_deal(SLUG)
