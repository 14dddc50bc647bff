"""Ratings in a class (SQLite class store): puzzle ratings are the whole class's, learners' their own."""

from __future__ import annotations

import pytest

from shengji_kit.classroom.open import open_store
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT
from shengji_kit.practice import TrainerSession
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.practice.rating import Rating, rate_attempt
from shengji_kit.practice.ratings_from_events import puzzle_start
from shengji_kit.practice.showme import right_choices
from shengji_kit.puzzles import Bank, default_bank

from .spooling import written

WHO_WINS = "01-who-wins"


@pytest.fixture(scope="module")
def bank() -> Bank:
    return default_bank()


def session_for(bank: Bank, learner: str) -> TrainerSession:
    groups = {puzzle.id: puzzle.set_id for puzzle in bank.puzzles()}
    return TrainerSession(bank, ClassProgress(learner, groups), WHO_WINS)


def test_two_learners_share_the_puzzle_ratings(bank: Bank) -> None:
    ada = session_for(bank, "ada")
    puzzle = ada.puzzle
    assert puzzle is not None
    ada.answer(right_choices(puzzle)[0].value)
    written(ada.store)
    bo = session_for(bank, "bo")  # opens later: replays the class's events, ada's game included
    assert bo.puzzle is not None and bo.puzzle.id == puzzle.id
    assert bo.progress.get(puzzle.id).attempts == 0 and not bo.progress.get(puzzle.id).solved, "ada's work is hers"
    ada_after, puzzle_after_ada = rate_attempt(Rating(), puzzle_start(puzzle.difficulty), True)
    assert bo.ratings.puzzle(puzzle.id) == puzzle_after_ada
    assert bo.ratings.learner("ada") == ada_after and not bo.ratings.has_played("bo")
    bo.hint()  # help before the first attempt: bo loses to the puzzle as ada left it
    written(bo.store)
    bo_after, puzzle_after_bo = rate_attempt(Rating(), puzzle_after_ada, False)
    assert bo.ratings.learner("bo") == bo_after and bo.ratings.puzzle(puzzle.id) == puzzle_after_bo
    store = open_store()
    assert isinstance(store, SQLClassStore) and store.url.startswith("sqlite")
    stored = [e.event for e in store.events()]
    assert [(e.learner, e.kind, e.correct) for e in stored if e.kind == ATTEMPT] == [("ada", ATTEMPT, True)]
    again = session_for(bank, "ada")  # ada comes back: the class's replay, bo's game included
    assert again.ratings.puzzle(puzzle.id) == puzzle_after_bo and again.ratings.learner("ada") == ada_after
    assert again.ratings.learner("bo") == bo_after
