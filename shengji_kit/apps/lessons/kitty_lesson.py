"""Lesson 11, the kitty (保底与扣底): the bury table and the burying practice ``lessons/11_kitty.ipynb`` shows."""

from __future__ import annotations

from ...classroom.identity import current_learner
from ...practice.keepers import lesson_keeper
from ...practice.kitty_bury import FIRST_HAND, SLUG, bury_deal, bury_puzzle, bury_seed
from ...render.lesson_panels.bury_table import FIRST_HAND as FIRST_TABLE_HAND
from ...render.lesson_panels.bury_table import BuryTable
from ...widgets.exercise import ExerciseBlock, GroupExerciseScene
from ...widgets.learner_bar import show_block_learner_bar
from ...widgets.surface import CardSurface
from .notice import safely

__all__ = ["bury_practice", "bury_table"]


def bury_table(seed: int = FIRST_TABLE_HAND) -> CardSurface:
    """A dealt hand of 33, the evaluation's bury, a naive bury and the sampled play-outs comparing them."""
    return safely(lambda: CardSurface(BuryTable(seed)))


def bury_practice(seed: int | None = None) -> CardSurface:
    """The burying practice: the learner clicks 8 of the dealer's 33 cards to bury; "more like this" deals
    hands without end, from ``seed`` (default: the learner's own, the same after a reload)."""

    def build() -> CardSurface:
        show_block_learner_bar()  # the learner's name (and the class's poll) above the block
        keeper = lesson_keeper(SLUG)
        learner = getattr(keeper, "learner", None) or current_learner()
        scene = GroupExerciseScene([bury_puzzle(FIRST_HAND)], keeper, (), bury_deal,
                                   bury_seed(learner) if seed is None else seed)
        return ExerciseBlock(scene)

    return safely(build)
