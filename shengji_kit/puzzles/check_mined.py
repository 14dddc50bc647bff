"""Re-proving mined items (``puzzles check``): the best-play puzzles ``puzzles mine`` cut from real play,
in ``data/mined/``, each verified as a written item is (its best play and every listed play's cost
re-solved by the exact solver).

``puzzles check`` verifies a seeded random sample of ``MINED_SAMPLE`` items (``make test``; ``--seed N``
draws another sample); ``puzzles check --all`` every one.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

from .check import verify_puzzle
from .loader import MINED_DIR, load_sets
from .problems import Problem

MINED_SAMPLE = 40
"""Mined items the default check re-proves (about 0.1 s each)."""


@dataclass(frozen=True)
class MinedReport:
    """How many mined items were re-proved out of how many, every problem, and how long it took."""

    checked: int
    total: int
    problems: tuple[Problem, ...]
    seconds: float


def check_mined(sample: int | None = MINED_SAMPLE, seed: int = 0, folder: Path = MINED_DIR) -> MinedReport:
    """Verify ``sample`` mined items drawn with ``seed`` (None: all of them); loading problems count too."""
    started = time.perf_counter()
    sets, problems = load_sets([folder]) if folder.is_dir() else ([], [])
    puzzles = [puzzle for puzzle_set in sets for puzzle in puzzle_set.puzzles]
    chosen = puzzles if sample is None or sample >= len(puzzles) else random.Random(f"mined-{seed}").sample(
        puzzles, sample
    )
    for puzzle in chosen:
        problems.extend(verify_puzzle(puzzle))
    return MinedReport(len(chosen), len(puzzles), tuple(problems), time.perf_counter() - started)
