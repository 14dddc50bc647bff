"""Lesson 1, trump ranking: the panels of ``lessons/01_trump_ranking.ipynb`` (its exercises are data:
``puzzles/lesson_data/01_trump_ranking.toml``, shown with ``shengji_kit.apps.lessons.cells.exercises``)."""

from __future__ import annotations

from ...render.lesson_panels.point_cards import PointCardsScene
from ...render.lesson_panels.trump_explorer import TrumpExplorer
from ...render.lesson_panels.written_cards import WrittenCards
from ...widgets.surface import CardSurface, HandSurface
from ...widgets.switch import language_switch
from .notice import safely

__all__ = ["language_switch", "point_cards", "trump_explorer", "written_cards"]


def point_cards() -> CardSurface:
    """The point cards 5, 10 and K with their values."""
    return CardSurface(PointCardsScene())


def trump_explorer(level: str = "2", suit: str | None = "S", seed: int | None = 1) -> HandSurface:
    """A live hand, sorted by the trump; change the level and trump suit and watch it re-sort.

    Its ``level``, ``trump_suit``, ``cards`` and ``selected`` are traitlets (``ipywidgets.link`` works)."""
    return HandSurface(TrumpExplorer(level, suit, seed))



def written_cards(cards: str) -> CardSurface:
    """``cards`` (card text) drawn one by one, each with its two spellings and its name."""
    return safely(lambda: CardSurface(WrittenCards(cards)))
