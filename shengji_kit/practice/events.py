"""Progress as events: every attempt, hint, solve, star and reveal is one appended row; counts are derived.

Appending never loses what another tab or process recorded meanwhile (two tabs making 2 and 3
attempts record 5). One event is one flat row ``(puzzle, kind, at)``, so the log maps onto a
database table as it is. The file holds one JSON object per line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .progress import Progress, ProgressFormatError, PuzzleRecord

ATTEMPT, HINT, SOLVE, STAR, REVEAL = "attempt", "hint", "solve", "star", "reveal"
TIMED = "timed"
"""A puzzle solved in a timed run (``timed_run``): its puzzle is the run's id; it counts into no record."""
KINDS = (ATTEMPT, HINT, SOLVE, STAR, REVEAL, TIMED)
_FIELDS = {"puzzle", "kind", "at"}


def now_stamp() -> str:
    """The current UTC time as ISO 8601 (seconds), the ``at`` of new events."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class ProgressEvent:
    """One thing a learner did on one puzzle, at one time."""

    puzzle: str
    kind: str
    at: str

    def to_line(self) -> str:
        """The event as one line of the log (with its newline)."""
        return json.dumps({"puzzle": self.puzzle, "kind": self.kind, "at": self.at}, ensure_ascii=False) + "\n"

    @staticmethod
    def from_json(data: Any, where: str) -> ProgressEvent:
        """An event from a parsed line; ``ProgressFormatError`` names what is wrong."""
        if not isinstance(data, dict) or set(data) != _FIELDS:
            raise ProgressFormatError(f"{where} must be an object with fields {sorted(_FIELDS)}")
        puzzle, kind, at = data["puzzle"], data["kind"], data["at"]
        if not isinstance(puzzle, str) or not puzzle:
            raise ProgressFormatError(f"{where}.puzzle must be a puzzle id")
        if kind not in KINDS:
            raise ProgressFormatError(f"{where}.kind must be one of {', '.join(KINDS)}")
        if not isinstance(at, str):
            raise ProgressFormatError(f"{where}.at must be a time stamp")
        return ProgressEvent(puzzle, kind, at)


def parse_log(text: str) -> list[ProgressEvent]:
    """Every event of a log file's text; a damaged line raises ``ProgressFormatError``."""
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except (ValueError, RecursionError) as error:  # RecursionError: nesting deeper than Python parses
            raise ProgressFormatError(f"line {number} is not JSON") from error
        events.append(ProgressEvent.from_json(data, f"line {number}"))
    return events


def apply(record: PuzzleRecord, kind: str) -> None:
    """Count one event into ``record``: attempts and hints add up, solve, star and reveal set flags."""
    if kind == TIMED:
        return  # a timed run's score: no puzzle's record
    if kind == ATTEMPT:
        record.attempts += 1
    elif kind == HINT:
        record.hints += 1
    elif kind == SOLVE:
        record.solved = True
    elif kind == STAR:
        record.solved = record.star = True
    else:
        record.revealed = True


def derive(events: Iterable[ProgressEvent]) -> Progress:
    """The progress the events add up to: counts are sums, flags are set once any event sets them."""
    progress = Progress()
    for event in events:
        if event.kind != TIMED:  # a timed run's id is no puzzle
            apply(progress.record(event.puzzle), event.kind)
    return progress


def _record_events(puzzle: str, record: PuzzleRecord, at: str) -> Iterator[ProgressEvent]:
    yield from (ProgressEvent(puzzle, ATTEMPT, at) for _ in range(record.attempts))
    yield from (ProgressEvent(puzzle, HINT, at) for _ in range(record.hints))
    for kind, flag in ((SOLVE, record.solved), (STAR, record.star), (REVEAL, record.revealed)):
        if flag:
            yield ProgressEvent(puzzle, kind, at)


def import_events(progress: Progress, at: str) -> list[ProgressEvent]:
    """The events that stand for a version-1 progress file (read once, when the log starts)."""
    records = sorted(progress.records.items())
    return [event for puzzle, record in records for event in _record_events(puzzle, record, at)]
