"""The class CSV says a lesson the learner never opened is "not started", in the CSV's language."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from shengji_kit.classroom.report import class_report
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent, StoredEvent

NOW = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


def _rows(lang: str) -> dict[tuple[str, str], dict[str, str]]:
    """The CSV of one learner who tried lesson ``s`` once and never opened ``t``, keyed by (learner, group)."""
    events = [StoredEvent(1, ClassEvent("mei", "p1", "s", ATTEMPT, NOW - timedelta(minutes=1), "x", False))]
    text = class_report(events, NOW, {"s": 3, "t": 2}).csv_text(lang)
    return {(r["learner"], r["group"]): r for r in csv.DictReader(io.StringIO(text))}


def test_a_lesson_never_opened_is_not_started_in_english() -> None:
    rows = _rows("en")
    assert rows[("mei", "t")]["done"] == "not started" and rows[("mei", "t")]["total"] == "2"
    assert rows[("mei", "s")]["done"] == "0"


def test_a_lesson_never_opened_is_not_started_in_chinese() -> None:
    assert _rows("zh")[("mei", "t")]["done"] == "未开始"
