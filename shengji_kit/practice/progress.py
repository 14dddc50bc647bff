"""A learner's progress: per puzzle the attempts, hints, whether it was solved, revealed, starred.

A puzzle's star is earned by solving it with the first answer ever given, before any hint or
"show me" (a wrong answer, a hint or "show me" each end the star); once earned it stays.
``Progress.to_json`` / ``Progress.from_json`` give the file format (version 1); reading checks
every field and raises ``ProgressFormatError`` rather than guessing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

VERSION = 1
STAR, SOLVED, TRIED, NEW = "star", "solved", "tried", "new"
_COUNTS = ("attempts", "hints")
_FLAGS = ("solved", "star", "revealed")


class ProgressFormatError(ValueError):
    """The progress data is not version-1 progress; the message says which field is wrong."""


@dataclass
class PuzzleRecord:
    """What one learner did with one puzzle, over every visit."""

    attempts: int = 0
    hints: int = 0
    solved: bool = False
    star: bool = False
    revealed: bool = False

    @property
    def star_lost(self) -> bool:
        """A wrong answer was given, a hint taken or the answer shown: solving now earns no star."""
        return self.hints > 0 or self.revealed or (self.attempts > 0 and not self.star)

    @property
    def standing(self) -> str:
        """``star``, ``solved``, ``tried`` or ``new``."""
        if self.star:
            return STAR
        if self.solved:
            return SOLVED
        if self.attempts or self.hints or self.revealed:
            return TRIED
        return NEW

    def to_json(self) -> dict[str, int | bool]:
        return {"attempts": self.attempts, "hints": self.hints, "solved": self.solved,
                "star": self.star, "revealed": self.revealed}

    @staticmethod
    def from_json(data: Any, where: str) -> PuzzleRecord:
        """A record from its JSON object; ``where`` names it in errors."""
        if not isinstance(data, Mapping):
            raise ProgressFormatError(f"{where} must be an object")
        unknown = set(data) - set(_COUNTS) - set(_FLAGS)
        if unknown:
            raise ProgressFormatError(f"{where} has unknown fields {sorted(unknown)}")
        values: dict[str, Any] = {}
        for name in _COUNTS:
            value = data.get(name, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ProgressFormatError(f"{where}.{name} must be a whole number ≥ 0")
            values[name] = value
        for name in _FLAGS:
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise ProgressFormatError(f"{where}.{name} must be true or false")
            values[name] = value
        record = PuzzleRecord(**values)
        if record.star and not record.solved:
            raise ProgressFormatError(f"{where} has a star but is not solved")
        return record


@dataclass
class Progress:
    """Every record of one learner, by puzzle id (ids of puzzles no longer in the bank are kept)."""

    records: dict[str, PuzzleRecord] = field(default_factory=dict)

    def get(self, puzzle_id: str) -> PuzzleRecord:
        """The record of ``puzzle_id``; a blank one (not stored) when there is none."""
        return self.records.get(puzzle_id, PuzzleRecord())

    def record(self, puzzle_id: str) -> PuzzleRecord:
        """The stored record of ``puzzle_id``, created when missing (to be changed)."""
        return self.records.setdefault(puzzle_id, PuzzleRecord())

    def stars(self, puzzle_ids: Iterable[str]) -> int:
        return sum(self.get(pid).star for pid in puzzle_ids)

    def solved(self, puzzle_ids: Iterable[str]) -> int:
        return sum(self.get(pid).solved for pid in puzzle_ids)

    def absorb(self, other: Progress) -> None:
        """Merge in ``other`` (another tab's saves): counts take the larger, flags stay once set."""
        for pid, theirs in other.records.items():
            mine = self.record(pid)
            mine.attempts = max(mine.attempts, theirs.attempts)
            mine.hints = max(mine.hints, theirs.hints)
            mine.solved = mine.solved or theirs.solved
            mine.star = mine.star or theirs.star
            mine.revealed = mine.revealed or theirs.revealed

    def to_json(self) -> dict[str, Any]:
        """The file contents: ``{"version": 1, "puzzles": {id: record}}``."""
        return {"version": VERSION, "puzzles": {pid: r.to_json() for pid, r in sorted(self.records.items())}}

    @staticmethod
    def from_json(data: Any) -> Progress:
        """Progress from parsed JSON; ``ProgressFormatError`` names the first wrong field."""
        if not isinstance(data, Mapping):
            raise ProgressFormatError("the file must hold a JSON object")
        if data.get("version") != VERSION:
            raise ProgressFormatError(f"version must be {VERSION}, not {data.get('version')!r}")
        puzzles = data.get("puzzles")
        if not isinstance(puzzles, Mapping):
            raise ProgressFormatError("puzzles must be an object")
        return Progress({
            str(pid): PuzzleRecord.from_json(raw, f"puzzles.{pid}") for pid, raw in puzzles.items()
        })
