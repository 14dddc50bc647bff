"""Notebook widgets: one anywidget surface over Python scenes (hands, tables, exercises)."""

from ..apps.play.controller import TableController
from ..apps.play.play_app import PlayApp, play_app
from ..render.selection import Selection
from .exercise import GroupExerciseScene
from .hand import HandScene, hand_widget
from .language import SESSION, current_language, set_language
from .surface import CardSurface, Observable, Scene
from .switch import language_switch

__all__ = [
    "SESSION", "CardSurface", "GroupExerciseScene", "HandScene", "Observable", "PlayApp", "Scene",
    "Selection", "TableController", "current_language", "hand_widget",
    "language_switch", "play_app", "set_language",
]
