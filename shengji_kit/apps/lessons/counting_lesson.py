"""Lesson 12, counting (记牌): the card-memory drill ``lessons/12_counting.ipynb`` shows."""

from __future__ import annotations

from ...classroom.identity import current_learner
from ...puzzles.kinds.card_memory import CardMemory
from ...puzzles.lesson_exercises import load_lesson
from ...render.lesson_panels.memory_drill import MemoryDrill
from ...widgets.surface import CardSurface
from .notice import safely

__all__ = ["memory_drill"]


def memory_drill(group: str = "from_memory", seed: int = 12) -> CardSurface:
    """Tricks shown, then hidden, then a question: the lesson's items of ``group`` first, then fresh ones."""

    def build() -> CardSurface:
        items = load_lesson("12_counting").group(group)
        questions = [item.question for item in items if isinstance(item.question, CardMemory)]
        return CardSurface(MemoryDrill(questions, seed, current_learner))

    return safely(build)
