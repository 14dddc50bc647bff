"""The puzzle bank: TOML sets of puzzles, each answer verified by the engine or the endgame solver."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .bank import Bank, default_bank, load_bank
    from .check import Report, check_bank, check_paths, verify_puzzle
    from .kinds import KINDS
    from .model import Choice, Feedback, Puzzle, PuzzleSet, Question
    from .problems import FieldError, Problem
    from .text import Text

__getattr__, __dir__ = lazy_names(__name__, {
    ".bank": ("Bank", "default_bank", "load_bank"),
    ".check": ("Report", "check_bank", "check_paths", "verify_puzzle"),
    ".kinds": ("KINDS",),
    ".model": ("Choice", "Feedback", "Puzzle", "PuzzleSet", "Question"),
    ".problems": ("FieldError", "Problem"),
    ".text": ("Text",),
})

__all__ = [
    "KINDS", "Bank", "Choice", "Feedback", "FieldError", "Problem", "Puzzle", "PuzzleSet",
    "Question", "Report", "Text", "check_bank", "check_paths", "default_bank", "load_bank",
    "verify_puzzle",
]
