"""Checking the bank: every stated answer against the engine or the solver; each failure named."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import RuleError
from .bank import Bank, load_bank
from .loader import DATA_DIR, LESSON_DATA_DIR
from .model import Puzzle
from .problems import FieldError, Problem


def verify_puzzle(puzzle: Puzzle, seed: int | None = None) -> list[Problem]:
    """The problems with one puzzle's stated answer (empty when the engine agrees).

    With ``seed``, a question valued on a random sample is valued on a fresh one drawn from it.
    """
    question = puzzle.question if seed is None else puzzle.question.reseeded(seed)
    try:
        mismatches = question.verify()
    except (FieldError, RuleError) as error:
        field = getattr(error, "field", "position")
        return [Problem(puzzle.file, puzzle.id, field, str(error))]
    return [Problem(puzzle.file, puzzle.id, m.field, m.message) for m in mismatches]


@dataclass(frozen=True)
class Report:
    """The result of a check: the puzzles that passed, every problem, and how long it took."""

    puzzles: int
    files: int
    problems: tuple[Problem, ...]
    by_kind: dict[str, int]
    by_difficulty: dict[int, int]
    seconds: float

    @property
    def ok(self) -> bool:
        return not self.problems


def check_bank(bank: Bank, seed: int | None = None) -> Report:
    """Verify every puzzle of ``bank`` (sampled ones on fresh deals from ``seed``); loading problems count too."""
    started = time.perf_counter()
    problems = list(bank.problems)
    passed: list[Puzzle] = []
    for puzzle in bank.puzzles():
        found = verify_puzzle(puzzle, seed)
        problems.extend(found)
        if not found:
            passed.append(puzzle)
    by_kind = Counter(p.kind for p in passed)
    by_difficulty = Counter(p.difficulty for p in passed)
    return Report(
        len(passed), len(bank.sets), tuple(problems), dict(by_kind), dict(sorted(by_difficulty.items())),
        time.perf_counter() - started,
    )


def check_paths(paths: Sequence[str | Path] | None = None, seed: int | None = None) -> Report:
    """Load and verify the puzzle files in ``paths`` (default: the shipped bank and the lessons' exercises)."""
    return check_bank(load_bank(paths or [DATA_DIR, LESSON_DATA_DIR]), seed)
