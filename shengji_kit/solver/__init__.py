"""Exact endgame search: perfect play with all hands visible (alpha-beta, transposition table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

# Imported now, not lazily: the name is also a submodule's, which importing that submodule
# would put here in the function's place.
from .solve import solve

if TYPE_CHECKING:
    from .position import Position
    from .solution import Solution, Trick

__getattr__, __dir__ = lazy_names(__name__, {
    ".position": ("Position",),
    ".solution": ("Solution", "Trick"),
})

__all__ = [
    "Position", "Solution", "Trick", "solve",
]
