"""Lesson exercises in "what you missed" with the local progress log (the keeper lessons and the trainer share when
there is no class store): which first attempts count, dealt items, and every lesson kind drawn in the trainer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from shengji_kit.classroom.store_protocol import ATTEMPT, HINT
from shengji_kit.practice import ProgressStore, TrainerSession
from shengji_kit.practice.html import trainer_html
from shengji_kit.practice.missed import missed_exercises
from shengji_kit.practice.missed_lessons import lesson_item, lesson_of, lesson_title
from shengji_kit.practice.ratings_from_events import RatingEvent
from shengji_kit.puzzles import Bank
from shengji_kit.puzzles.lesson_exercises import lesson_data_dir, load_lesson
from shengji_kit.puzzles.lesson_list import lesson_list
from shengji_kit.widgets.exercise import GroupExerciseScene

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
SLUG, GROUP = "01_trump_ranking", "is_trump"
LESSONS = {"l-a": "lesson_a", "l-b": "lesson_b", "l-c": "lesson_c"}


def attempt(item: str, days: float, correct: bool, learner: str = "ada") -> RatingEvent:
    return RatingEvent(learner, item, ATTEMPT, NOW - timedelta(days=days), correct)


def test_only_a_wrong_first_attempt_of_a_lesson_item_within_the_period_is_missed() -> None:
    events = [
        attempt("l-a", 2, True), attempt("l-a", 1, False),          # right first: not missed
        attempt("l-b", 3, False), attempt("l-b", 2.9, True),        # wrong first: missed, at the first attempt
        attempt("l-c", 9, False),                                   # outside a week, inside a month
        attempt("puzzle", 1, False),                                # not a lesson item
        attempt("l-a", 1, False, learner="bo"),                     # another learner's
        RatingEvent("ada", "l-c", HINT, NOW - timedelta(days=10)),  # a hint is not an attempt
    ]
    week = missed_exercises(events, "ada", LESSONS.get, NOW, 7)
    assert [(m.item, m.theme, m.at, m.lesson) for m in week] == [("l-b", "lesson_b", NOW - timedelta(days=3), True)]
    assert [m.item for m in missed_exercises(events, "ada", LESSONS.get, NOW, 30)] == ["l-b", "l-c"]
    assert [m.item for m in missed_exercises(events, "bo", LESSONS.get, NOW, 30)] == ["l-a"]


def test_lesson_items_are_known_by_id_and_dealt_ones_are_dealt_again() -> None:
    written = load_lesson(SLUG).group(GROUP)[0]
    assert lesson_of(written.id) == SLUG and lesson_item(written.id) == (SLUG, written)
    dealt = load_lesson(SLUG).deal_seeded(GROUP, 7)
    assert dealt is not None
    found = lesson_item(dealt.id)
    assert found is not None and found[0] == SLUG and found[1].id == dealt.id and found[1].kind == dealt.kind
    assert lesson_of("dealt-7-99_no_such_lesson-x") is None and lesson_item("01-who-wins-1") is None
    assert (lesson_title(SLUG, "en"), lesson_title(SLUG, "zh")) == ("Trumps and their ranking", "主牌和大小")


def test_a_lesson_miss_in_the_progress_log_replays_in_the_trainer_and_the_log_is_unchanged(
    bank: Bank, store: ProgressStore
) -> None:
    items = load_lesson(SLUG).group(GROUP)
    block = GroupExerciseScene(items, ProgressStore.for_learner("ada"))  # the lesson's keeper without a class store
    assert block.answer("no").correct is False  # the first item is a trump: a wrong first attempt
    block.next_puzzle()
    assert block.answer("yes").correct  # right at once: not missed
    dealt = load_lesson(SLUG).deal_seeded(GROUP, 7)
    assert dealt is not None
    wrong = next(c.value for c in dealt.question.choices() if not dealt.check(c.value).correct)
    dealt_block = GroupExerciseScene([dealt], ProgressStore.for_learner("ada"))
    assert dealt_block.answer(wrong).correct is False
    log_before = store.path.read_text(encoding="utf-8")

    session = TrainerSession(bank, store)
    session.clock = lambda: datetime.now(UTC)
    assert [(m.item, m.theme, m.lesson) for m in session.missed()] == [
        (dealt.id, SLUG, True), (items[0].id, SLUG, True)], "newest first; the right first attempt is not there"
    assert session.replay(dealt.id) and session.lesson_replay == SLUG
    assert session.replay_queue == [items[0].id]
    session.answer(wrong)
    session.show_me()
    session.next_puzzle()  # the older missed exercise, also a one-off
    assert session.puzzle is not None and session.puzzle.id == items[0].id and session.lesson_replay == SLUG
    assert session.answer("yes") is not None and session.visit is not None and session.visit.solved
    assert session.ratings.games == [] and store.path.read_text(encoding="utf-8") == log_before
    again = GroupExerciseScene(items, ProgressStore.for_learner("ada"))
    again.reload()
    assert (again.right, again.asked) == (1, 2)

    later = datetime.now(UTC) + timedelta(days=31)
    session.clock = lambda: later
    session.show_missed("30")
    assert session.missed() == [], "outside the period"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_trainer_draws_every_lesson_item_as_a_replay(bank: Bank, store: ProgressStore, lang: str) -> None:
    """Every written lesson item (so every lesson kind) opens in the trainer and is drawn, then shown."""
    session = TrainerSession(bank, store)
    kinds = set()
    for entry in lesson_list():
        for item in load_lesson(entry.slug, lesson_data_dir()).items:
            assert session._open_missed(item.id), item.id
            assert session.lesson_replay == entry.slug
            page = trainer_html(session, lang, "")
            assert f'data-puzzle="{item.id}"' in page and 'data-lesson="' in page
            kinds.add(item.kind)
    assert {"round_flow", "kitty_endgame", "best_play", "card_memory", "declare", "sort"} <= kinds
