"""A real class store for widget tests: a SQLite file in the test's folder, a fresh learner, no hub."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from shengji_kit.classroom.identity import reset_current_learner
from shengji_kit.classroom.open import forget_opened_stores, open_store
from shengji_kit.classroom.store_protocol import ATTEMPT, SOLVE, STAR, ClassEvent, ClassStoreAPI

TEACHER_CODE = "chalk-42"
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture
def class_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStoreAPI]:
    """``open_store()`` of the widgets is a SQLite file in ``tmp_path`` (``$SHENGJI_KIT_CLASS_DB``)."""
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{tmp_path / 'class.sqlite3'}")
    for name in ("SHENGJI_KIT_CLASS", "SHENGJI_KIT_CLASS_SERVICE_URL", "JUPYTERHUB_USER", "SHENGJI_KIT_TEACHER_CODE"):
        monkeypatch.delenv(name, raising=False)
    forget_opened_stores()
    reset_current_learner()
    yield open_store()
    forget_opened_stores()
    reset_current_learner()


def event(learner: str, item: str, kind: str, minutes_ago: float = 0, answer: str = "", correct: bool | None = None,
          group: str = "01-who-wins") -> ClassEvent:
    return ClassEvent(learner, item, group, kind, NOW - timedelta(minutes=minutes_ago), answer, correct)


def solved(
    learner: str, item: str, minutes_ago: float = 0, star: bool = True, group: str = "01-who-wins"
) -> list[ClassEvent]:
    """A right first answer: the attempt, the solve and (by default) the star."""
    found = [
        event(learner, item, ATTEMPT, minutes_ago, "East", True, group),
        event(learner, item, SOLVE, minutes_ago, group=group),
    ]
    return found + ([event(learner, item, STAR, minutes_ago, group=group)] if star else [])
