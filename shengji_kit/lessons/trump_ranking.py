"""Lesson 1, trump ranking: what the notebook ``lessons/01_trump_ranking.ipynb`` shows, cell by cell."""

from __future__ import annotations

from ..widgets.exercise import exercise_widget
from ..widgets.surface import CardSurface
from ..widgets.switch import language_switch
from .point_cards import PointCardsScene
from .trump_exercises import is_trump_question, order_question, which_wins_question
from .trump_explorer import TrumpExplorer

__all__ = [
    "is_trump_exercise", "language_switch", "order_exercise", "point_cards", "trump_explorer",
    "which_wins_exercise",
]


def point_cards() -> CardSurface:
    """The point cards 5, 10 and K with their values."""
    return CardSurface(PointCardsScene())


def trump_explorer(level: str = "2", suit: str | None = "S", seed: int | None = 1) -> CardSurface:
    """A live hand, sorted by the trump; change the level and trump suit and watch it re-sort."""
    return CardSurface(TrumpExplorer(level, suit, seed))


def is_trump_exercise(seed: int | None = None) -> CardSurface:
    """Exercise: is this card a trump?"""
    return exercise_widget("l1_is_trump_title", is_trump_question, seed)


def which_wins_exercise(seed: int | None = None) -> CardSurface:
    """Exercise: which card wins this trick?"""
    return exercise_widget("l1_which_wins_title", which_wins_question, seed)


def order_exercise(seed: int | None = None) -> CardSurface:
    """Exercise: put these cards in order, strongest first."""
    return exercise_widget("l1_order_title", order_question, seed)
