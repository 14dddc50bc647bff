"""Building events for the class store tests."""

from __future__ import annotations

from datetime import UTC, datetime

from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent

MOMENT = datetime(2026, 11, 30, 9, 15, 0, tzinfo=UTC)


def event(learner: str = "ada", item: str = "win-highest-card", kind: str = ATTEMPT, *,
          group: str = "tricks", answer: str = "", correct: bool | None = None,
          seconds: float | None = None, class_name: str = "default") -> ClassEvent:
    return ClassEvent(learner, item, group, kind, MOMENT, answer, correct, seconds, class_name)
