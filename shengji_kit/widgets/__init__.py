"""Notebook widgets: one anywidget surface over Python scenes (hands, tables, exercises).

The names are loaded on first use (PEP 562), so ``import shengji_kit.widgets.surface`` loads the
surface alone. The play app (``PlayApp``, ``play_app``, ``TableController``) is an app, not a
widget: import it from ``shengji_kit.apps.play.play_app`` and ``shengji_kit.apps.play.controller``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from ..render.selection import Selection
    from .exercise import GroupExerciseScene
    from .hand import HandScene, hand_widget
    from .language import SESSION, current_language, set_language
    from .surface import CardSurface, Observable, Scene
    from .switch import language_switch

__getattr__, __dir__ = lazy_names(__name__, {
    "..render.selection": ("Selection",),
    ".exercise": ("GroupExerciseScene",),
    ".hand": ("HandScene", "hand_widget"),
    ".language": ("SESSION", "current_language", "set_language"),
    ".surface": ("CardSurface", "Observable", "Scene"),
    ".switch": ("language_switch",),
})

__all__ = [
    "SESSION", "CardSurface", "GroupExerciseScene", "HandScene", "Observable", "Scene", "Selection",
    "current_language", "hand_widget", "language_switch", "set_language",
]
