"""What a recorded answer carries besides its counts; apart from the class store so the browser needs no SQLite."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AnswerDetail:
    """What a save records besides the counts: the answer given, if it was right, the time taken."""

    answer: str = ""
    correct: bool | None = None
    seconds: float | None = None
