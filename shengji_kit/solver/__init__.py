"""Exact endgame search: perfect play with all hands visible (alpha-beta, transposition table)."""

from .position import Position
from .solution import Solution, Trick
from .solve import solve

__all__ = ["Position", "Solution", "Trick", "solve"]
