"""The puzzle bank: what the trainer calls to list sets, fetch a puzzle, and check an answer."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from ..solver.solution import Trick
from .loader import DATA_DIR, MINED_DIR, load_sets
from .model import Feedback, Puzzle, PuzzleSet
from .problems import Problem


class Bank:
    """Loaded puzzle sets, in file order, plus the problems met while loading them."""

    def __init__(self, sets: Sequence[PuzzleSet], problems: Sequence[Problem] = ()) -> None:
        self.sets: tuple[PuzzleSet, ...] = tuple(sets)
        self.problems: tuple[Problem, ...] = tuple(problems)
        self._by_id = {puzzle.id: puzzle for s in self.sets for puzzle in s.puzzles}

    def puzzles(self, kind: str | None = None, difficulty: int | None = None) -> list[Puzzle]:
        """Every puzzle in bank order, optionally only one kind and/or one difficulty."""
        return [
            puzzle
            for s in self.sets
            for puzzle in s.puzzles
            if (kind is None or puzzle.kind == kind) and (difficulty is None or puzzle.difficulty == difficulty)
        ]

    def get(self, puzzle_id: str) -> Puzzle:
        """The puzzle with this id; ``KeyError`` when there is none."""
        return self._by_id[puzzle_id]

    def get_set(self, set_id: str) -> PuzzleSet:
        """The set with this id (its file name without ``.toml``); ``KeyError`` when there is none."""
        for puzzle_set in self.sets:
            if puzzle_set.id == set_id:
                return puzzle_set
        raise KeyError(set_id)

    def check(self, puzzle_id: str, answer: object) -> Feedback:
        """Judge ``answer`` to the puzzle: ``.correct`` and ``.message(lang)`` in en or zh."""
        return self.get(puzzle_id).check(answer)

    def hint(self, puzzle_id: str, lang: str = "en") -> str:
        return self.get(puzzle_id).hint(lang)

    def solution_line(self, puzzle_id: str) -> tuple[Trick, ...]:
        """For an endgame, one optimal line of tricks; empty for other kinds."""
        return self.get(puzzle_id).question.solution_line()

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, puzzle_id: object) -> bool:
        return puzzle_id in self._by_id


def load_bank(paths: Sequence[str | Path] | None = None) -> Bank:
    """Load puzzle files or directories (default: the shipped bank); bad puzzles go to ``problems``."""
    sets, problems = load_sets(paths)
    return Bank(sets, problems)


@cache
def default_bank() -> Bank:
    """The shipped bank, loaded once per process."""
    return load_bank()


MINED_PRESET_SETS = ("mined-super-tycoon", "mined-classic")
"""The mined sets no theme fits (one a preset): offered after the theme sets."""


def with_mined(paths: Sequence[str | Path] = (DATA_DIR,), mined: Path = MINED_DIR) -> Bank:
    """The hand-written sets of ``paths`` first, then the mined sets of ``mined`` by theme (the
    sets no theme fits last)."""
    written, problems = load_sets(paths)
    found, more = load_sets([mined]) if mined.is_dir() else ([], [])
    found.sort(key=lambda s: s.id in MINED_PRESET_SETS)  # stable: by file name, the theme sets first
    return Bank([*written, *found], [*problems, *more])


@cache
def trainer_bank() -> Bank:
    """What the puzzle trainer offers: the shipped bank, then the mined sets by theme; loaded once."""
    return with_mined()
