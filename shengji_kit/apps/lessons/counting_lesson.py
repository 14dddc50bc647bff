"""Lesson 12, counting (记牌): the card-memory drill and the narrated deal ``lessons/12_counting.ipynb`` shows."""

from __future__ import annotations

from ...classroom.identity import current_learner
from ...puzzles.kinds.card_memory import CardMemory
from ...puzzles.lesson_exercises import load_lesson
from ...render.lesson_panels.memory_drill import MemoryDrill
from ...widgets.surface import CardSurface
from .narrated_deal_view import narrated_deal as _narrated_deal
from .notice import safely

__all__ = ["memory_drill", "narrated_deal"]

SLUG = "12_counting"


def memory_drill(group: str = "from_memory", seed: int = 12) -> CardSurface:
    """Tricks shown, then hidden, then a question: the lesson's items of ``group`` first, then fresh ones."""

    def build() -> CardSurface:
        items = load_lesson(SLUG).group(group)
        questions = [item.question for item in items if isinstance(item.question, CardMemory)]
        return CardSurface(MemoryDrill(questions, seed, current_learner))

    return safely(build)


def narrated_deal() -> CardSurface:
    """This lesson's narrated deal (``lesson_data/narrated/12_counting.toml``): the learner attacks as South and
    counts top cards, trumps, voids and points, the solver plays the other seats."""
    return _narrated_deal(SLUG)
