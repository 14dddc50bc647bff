"""Lesson 2, pairs and tractors: the panels of ``lessons/02_tractors.ipynb`` (its exercises are data:
``puzzles/lesson_data/02_tractors.toml``, shown with ``shengji_kit.apps.lessons.cells.exercises``)."""

from __future__ import annotations

from ...engine.trump import Trump
from ...render.lesson_panels.card_reader import CardReader
from ...render.lesson_panels.combination_reading import CombinationReading
from ...render.lesson_panels.tractor_finder import TractorFinder
from ...widgets.surface import CardSurface, HandSurface
from ...widgets.switch import language_switch
from .notice import safely

__all__ = ["language_switch", "read", "reader", "tractor_finder"]

FINDER_HAND = "BJ BJ LJ LJ H7 H7 S7 S7 C7 HA HA HK HK S6 S6 S8 S8 S9 D3 D3 D4 D4 D5"


def tractor_finder(
    cards: str | None = FINDER_HAND, level: str = "7", suit: str | None = "H", seed: int | None = 1
) -> HandSurface:
    """A hand with its pairs and tractors outlined; change the level and trump suit and watch them.

    ``level``, ``trump_suit`` and ``cards`` are traitlets: link them to ipywidgets controls."""
    return HandSurface(TractorFinder(cards, level, suit, seed))


def read(cards: str, level: str = "2", suit: str | None = "S") -> CardSurface:
    """What the engine (``shape``) makes of ``cards`` at this level and trump: pair, tractor, or why not."""
    return CardSurface(CombinationReading(cards, Trump(level, suit)))


def reader(cards: str = "", level: str = "2", suit: str | None = "S") -> CardSurface:
    """The lesson's "try it": a card field with level and trump pickers; Read shows the engine's reading.

    Works the same in Voila and JupyterLab (nothing to edit): bad card text gets the engine's reason."""
    return safely(lambda: CardSurface(CardReader(cards, level, suit)))
