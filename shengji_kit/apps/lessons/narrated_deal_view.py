"""The narrated deal at the end of a strategy lesson: ``narrated_deal("09_leading")`` in a notebook cell.

The deal's data is ``puzzles/lesson_data/narrated/<name>.toml``; the learner plays South and the
exact solver the other seats (``render.lesson_panels.narrated_deal``). Lessons 9–12 share it.
"""

from __future__ import annotations

from ...render.lesson_panels.narrated_deal import NarratedDeal, load_script
from ...widgets.surface import CardSurface
from .notice import safely

__all__ = ["narrated_deal"]


def narrated_deal(name: str) -> CardSurface:
    """The live narrated deal ``name`` (a file of ``lesson_data/narrated`` without ``.toml``)."""
    return safely(lambda: CardSurface(_warmed(NarratedDeal(load_script(name)))))


def _warmed(deal: NarratedDeal) -> NarratedDeal:
    """The deal, its learner's first plays being valued in the background while the page is read."""
    deal.warm()
    return deal
