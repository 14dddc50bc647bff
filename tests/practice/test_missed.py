"""The pieces under "what you missed" and the dashboard's class ratings: the period's edge, the words for
when, and the class's weakest set when two sets tie."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from shengji_kit.classroom.store_protocol import ATTEMPT, HINT
from shengji_kit.practice.class_ratings import class_ratings
from shengji_kit.practice.missed import missed_puzzles, when_said
from shengji_kit.practice.ratings_from_events import RatedPuzzle, RatingEvent, replay

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
PUZZLES = {"a1": RatedPuzzle(2, "a"), "a2": RatedPuzzle(2, "a"), "b1": RatedPuzzle(2, "b"), "b2": RatedPuzzle(2, "b")}


def first_try(learner: str, item: str, days: float, correct: bool) -> RatingEvent:
    return RatingEvent(learner, item, ATTEMPT, NOW - timedelta(days=days), correct)


def test_the_period_counts_back_from_now_to_the_second() -> None:
    ratings = replay([first_try("ada", "a1", 7, False), first_try("ada", "a2", 7 + 1 / 86400, False),
                      RatingEvent("ada", "b1", HINT, NOW - timedelta(days=6)), first_try("ada", "b2", 1, True)],
                     PUZZLES)
    week = missed_puzzles(ratings.games, "ada", NOW, 7)
    assert [(m.item, m.theme, m.at) for m in week] == [
        ("b1", "b", NOW - timedelta(days=6)), ("a1", "a", NOW - timedelta(days=7))]
    assert [m.item for m in missed_puzzles(ratings.games, "ada", NOW, 30)] == ["b1", "a1", "a2"]
    assert missed_puzzles(ratings.games, "bo", NOW, 30) == []


def test_when_is_said_in_days() -> None:
    said = [when_said(NOW - timedelta(hours=hours), NOW).render(lang)
            for hours in (0, 23, 24, 47, 48, 24 * 29) for lang in ("en", "zh")]
    assert said == ["today", "今天", "today", "今天", "yesterday", "昨天", "yesterday", "昨天",
                    "2 days ago", "2 天前", "29 days ago", "29 天前"]
    assert when_said(NOW + timedelta(hours=1), NOW).render("en") == "today", "a clock a little ahead"


def test_the_class_weakest_set_ties_go_to_the_first_set_name() -> None:
    events = [first_try("ann", "a1", 3, False), first_try("ann", "b1", 3, True),
              first_try("bo", "b2", 2, False), first_try("bo", "a2", 2, True),
              first_try("cy", "a1", 1, True)]
    summary = class_ratings(replay(events, PUZZLES), ["ann", "bo", "cy", "dee"])
    assert [(line.learner, line.weakest) for line in summary.learners] == [
        ("ann", "a"), ("bo", "b"), ("cy", None), ("dee", None)]
    assert summary.learners[3].rating is None and summary.rated == 3
    assert (summary.weakest, summary.weakest_count) == ("a", 1)
    ratings = sorted(line.rating.rating for line in summary.learners if line.rating is not None)
    assert summary.median == ratings[1]
