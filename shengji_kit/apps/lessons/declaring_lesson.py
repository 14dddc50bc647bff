"""Lesson 7, declaring, overturning and the kitty: the widgets ``lessons/07_declaring.ipynb`` shows.

Each function builds its own widget (a cell may run before any other) and shows a bilingual
message instead of a traceback when something goes wrong.
"""

from __future__ import annotations

from ...render.lesson_panels.live_deal import LiveDeal
from ...widgets.surface import CardSurface
from .cells import safely

__all__ = ["live_deal"]


def live_deal(rules: str = "super_tycoon", seed: int = 7) -> CardSurface:
    """A set-up deal that pauses at each chance South has to declare or overturn."""
    return safely(lambda: CardSurface(LiveDeal(rules, seed)))
