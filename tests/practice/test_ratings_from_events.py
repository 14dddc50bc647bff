"""Ratings replayed from progress events (practice/ratings_from_events.py): first attempts are Glicko-2 games."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from shengji_kit.practice import ProgressStore, TrainerSession
from shengji_kit.practice.events import ATTEMPT, HINT, REVEAL, SOLVE, STAR, ProgressEvent
from shengji_kit.practice.rating import Rating, rate_attempt
from shengji_kit.practice.ratings_from_events import (
    RatedPuzzle,
    RatingEvent,
    RatingEventError,
    from_log,
    puzzle_start,
    rated_puzzles,
    replay,
)
from shengji_kit.practice.showme import right_choices
from shengji_kit.puzzles import Bank

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
PUZZLES = {"a": RatedPuzzle(1, "who"), "b": RatedPuzzle(3, "who"), "c": RatedPuzzle(5, "count")}


def at(minute: int) -> datetime:
    return START + timedelta(minutes=minute)


def event(minute: int, item: str, kind: str, correct: bool | None = None, learner: str = "ada") -> RatingEvent:
    return RatingEvent(learner, item, kind, at(minute), correct)


def test_a_puzzle_starts_from_its_difficulty() -> None:
    assert [puzzle_start(d).rating for d in range(1, 6)] == [1100, 1300, 1500, 1700, 1900]
    assert puzzle_start(2).deviation == 200 and puzzle_start(2).volatility == 0.06
    assert replay([], PUZZLES).puzzle("c") == puzzle_start(5)


def test_a_worked_sequence_equals_rate_attempt_by_hand() -> None:
    """a solved at once, b failed then solved, c solved: three games, applied by hand in time order."""
    events = [
        event(3, "c", ATTEMPT, True), event(3, "c", SOLVE),  # listed out of order: the replay sorts by time
        event(0, "a", ATTEMPT, True), event(0, "a", SOLVE), event(0, "a", STAR),
        event(1, "b", ATTEMPT, False), event(2, "b", ATTEMPT, True), event(2, "b", SOLVE),
    ]
    ratings = replay(events, PUZZLES)
    learner, who, count = Rating(), Rating(), Rating()
    learner_1, a = rate_attempt(learner, puzzle_start(1), True)
    who_1, _ = rate_attempt(who, puzzle_start(1), True)
    learner_2, b = rate_attempt(learner_1, puzzle_start(3), False)
    who_2, _ = rate_attempt(who_1, puzzle_start(3), False)
    learner_3, c = rate_attempt(learner_2, puzzle_start(5), True)
    count_1, _ = rate_attempt(count, puzzle_start(5), True)
    assert ratings.learner("ada") == learner_3
    assert (ratings.puzzle("a"), ratings.puzzle("b"), ratings.puzzle("c")) == (a, b, c)
    assert ratings.theme("ada", "who") == who_2 and ratings.theme("ada", "count") == count_1
    assert [(g.item, g.solved) for g in ratings.games] == [("a", True), ("b", False), ("c", True)]
    assert learner_3.rating > learner_2.rating and learner_2.rating < learner_1.rating


def test_only_the_first_attempt_is_a_game() -> None:
    failed_first = replay([event(0, "b", ATTEMPT, False), event(1, "b", ATTEMPT, True), event(1, "b", SOLVE)], PUZZLES)
    failed_only = replay([event(0, "b", ATTEMPT, False)], PUZZLES)
    assert len(failed_first.games) == 1 and not failed_first.games[0].solved
    assert failed_first.learner("ada") == failed_only.learner("ada")
    assert failed_first.learner("ada") == rate_attempt(Rating(), puzzle_start(3), False)[0]


@pytest.mark.parametrize("kind", [HINT, REVEAL])
def test_a_hint_or_reveal_before_the_first_attempt_is_a_loss(kind: str) -> None:
    helped = replay([event(0, "b", kind), event(1, "b", ATTEMPT, True), event(1, "b", SOLVE)], PUZZLES)
    assert [(g.item, g.solved) for g in helped.games] == [("b", False)]
    assert helped.learner("ada") == rate_attempt(Rating(), puzzle_start(3), False)[0]
    after = replay([event(0, "b", ATTEMPT, True), event(0, "b", SOLVE), event(1, "b", kind)], PUZZLES)
    assert [(g.item, g.solved) for g in after.games] == [("b", True)], "help after the first attempt changes nothing"


def test_items_outside_the_bank_are_not_rated() -> None:
    ratings = replay([event(0, "lesson-exercise-1", ATTEMPT, True)], PUZZLES)
    assert ratings.games == [] and not ratings.has_played("ada")
    assert ratings.learner("ada") == Rating()


def test_the_local_log_tells_a_right_first_attempt_by_its_solve() -> None:
    stamp = at(0).isoformat()
    log = [
        ProgressEvent("a", ATTEMPT, stamp), ProgressEvent("a", SOLVE, stamp), ProgressEvent("a", STAR, stamp),
        ProgressEvent("b", ATTEMPT, stamp), ProgressEvent("b", ATTEMPT, stamp), ProgressEvent("b", SOLVE, stamp),
    ]
    assert [e.correct for e in from_log("ada", log)] == [True, None, None, False, True, None]
    assert [(g.item, g.solved) for g in replay(from_log("ada", log), PUZZLES).games] == [("a", True), ("b", False)]
    with pytest.raises(RatingEventError):
        from_log("ada", [ProgressEvent("a", ATTEMPT, "yesterday")])
    assert issubclass(RatingEventError, ValueError)


def test_theme_ratings_and_the_weakest_theme() -> None:
    ratings = replay([event(0, "a", ATTEMPT, True), event(1, "c", ATTEMPT, False)], PUZZLES)
    assert ratings.has_played("ada", "who") and ratings.has_played("ada", "count")
    assert not ratings.has_played("ada", "throws") and not ratings.has_played("bo")
    assert ratings.theme("ada", "count").rating < ratings.theme("ada", "who").rating
    assert ratings.weakest_theme("ada") == "count" and ratings.weakest_theme("bo") is None


def test_two_learners_move_the_same_puzzle() -> None:
    ratings = replay([event(0, "b", ATTEMPT, True, "ada"), event(1, "b", ATTEMPT, True, "bo")], PUZZLES)
    ada, b_after_ada = rate_attempt(Rating(), puzzle_start(3), True)
    bo, b_after_bo = rate_attempt(Rating(), b_after_ada, True)
    assert (ratings.learner("ada"), ratings.learner("bo"), ratings.puzzle("b")) == (ada, bo, b_after_bo)
    assert bo.rating < ada.rating, "the puzzle had become easier by the time bo solved it"


def test_the_session_and_a_fresh_replay_agree(bank: Bank, store: ProgressStore) -> None:
    """What the trainer plays as the learner answers equals a replay of the saved log."""
    session = TrainerSession(bank, store)
    first = session.puzzle
    assert first is not None
    session.answer(right_choices(first)[0].value)
    session.next_puzzle()
    second = session.puzzle
    assert second is not None and second.id != first.id
    session.hint()
    session.show_me()
    assert [(g.item, g.solved) for g in session.ratings.games] == [(first.id, True), (second.id, False)]
    saved = ProgressStore.for_learner("ada")
    saved.load()
    again = replay(saved.rating_events("ada"), rated_puzzles(bank.puzzles()))
    assert again.learner("ada") == session.ratings.learner("ada")
    assert again.puzzle(first.id) == session.ratings.puzzle(first.id)
    assert TrainerSession(bank, ProgressStore.for_learner("ada")).ratings.learner("ada") == again.learner("ada")
