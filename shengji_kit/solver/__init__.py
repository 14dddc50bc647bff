"""Exact endgame search: perfect play with all hands visible (alpha-beta, transposition table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .position import Position
    from .solution import Solution, Trick
    from .solve import solve

__getattr__, __dir__ = lazy_names(__name__, {
    ".position": ("Position",),
    ".solution": ("Solution", "Trick"),
    ".solve": ("solve",),
})

__all__ = [
    "Position", "Solution", "Trick", "solve",
]
