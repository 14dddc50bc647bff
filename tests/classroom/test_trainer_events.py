"""The trainer writes its events to the class store, loads a learner's progress from it, follows the learner bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from html_tree import parse
from practice.answers import losing_seat, winning_seat

from shengji_kit.apps.trainer.trainer_app import trainer_app
from shengji_kit.classroom.identity import set_current_learner
from shengji_kit.classroom.open import forget_opened_stores, open_store
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, REVEAL, SOLVE, STAR
from shengji_kit.practice import TrainerSession
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.puzzles import Bank, default_bank

from .spooling import written

WHO_WINS = "01-who-wins"


@pytest.fixture(scope="module")
def bank() -> Bank:
    return default_bank()


def session_for(bank: Bank, learner: str = "ada") -> TrainerSession:
    groups = {puzzle.id: puzzle.set_id for puzzle in bank.puzzles()}
    return TrainerSession(bank, ClassProgress(learner, groups), WHO_WINS)


def test_an_attempt_records_the_answer_whether_it_was_right_and_the_time(bank: Bank) -> None:
    session = session_for(bank)
    puzzle = session.puzzle
    assert puzzle is not None
    session.answer(str(losing_seat(puzzle)))
    session.answer(str(winning_seat(puzzle)))
    stored = [e.event for e in open_store().events(learner="ada")]
    assert [(e.kind, e.answer, e.correct) for e in stored] == [
        (ATTEMPT, str(losing_seat(puzzle)), False), (ATTEMPT, str(winning_seat(puzzle)), True), (SOLVE, "", None),
    ]
    assert {e.item for e in stored} == {puzzle.id} and {e.group for e in stored} == {WHO_WINS}
    assert all(e.seconds is not None and e.seconds >= 0 for e in stored)


def test_a_first_right_answer_earns_a_star_and_hints_and_reveals_are_events(bank: Bank) -> None:
    session = session_for(bank)
    first = session.puzzle
    assert first is not None
    session.answer(str(winning_seat(first)))
    session.next_puzzle()
    second = session.puzzle
    assert second is not None and second.id != first.id
    session.hint()
    session.show_me()
    kinds = [(e.event.item, e.event.kind) for e in open_store().events(learner="ada")]
    assert kinds == [(first.id, ATTEMPT), (first.id, SOLVE), (first.id, STAR), (second.id, HINT), (second.id, REVEAL)]


def test_progress_is_read_back_from_the_store(bank: Bank) -> None:
    first = session_for(bank)
    puzzle = first.puzzle
    assert puzzle is not None
    first.answer(str(winning_seat(puzzle)))
    again = session_for(bank)
    assert again.progress.get(puzzle.id).star and again.progress.get(puzzle.id).attempts == 1
    assert again.puzzle is not None and again.puzzle.id != puzzle.id, "a starred puzzle is skipped"
    assert session_for(bank, "bo").progress.records == {}


def test_two_tabs_of_one_learner_see_each_others_work(bank: Bank) -> None:
    one, other = session_for(bank), session_for(bank)
    assert one.puzzle is not None and other.puzzle is not None
    one.answer(str(losing_seat(one.puzzle)))
    other.answer(str(losing_seat(other.puzzle)))
    assert session_for(bank).progress.get(other.puzzle.id).attempts == 2, "the next load holds both tabs' work"


def test_the_trainer_follows_the_kernels_learner(bank: Bank) -> None:
    set_current_learner("ada")
    app = trainer_app(mode=WHO_WINS, bank=bank)
    try:
        puzzle = app.session.puzzle
        assert puzzle is not None
        app.handle({"type": "answer", "answer": str(winning_seat(puzzle))})
        assert app.stars == 1
        set_current_learner("bo")
        assert app.stars == 0 and app.session.progress.records == {}
        assert isinstance(app.session.store, ClassProgress) and app.session.store.learner == "bo"
        set_current_learner("ada")
        assert app.stars == 1
    finally:
        app.close()
    set_current_learner("cy")
    store = app.session.store
    assert isinstance(store, ClassProgress) and store.learner == "ada", "a closed trainer stops following"
    assert open_store().learners() == ["ada"]


def test_a_store_that_cannot_be_written_keeps_the_work_in_the_page(
    bank: Bank, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the store's folder should be")
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{blocker / 'class.sqlite3'}")
    app = trainer_app("ada", mode=WHO_WINS, bank=bank)
    try:
        puzzle = app.session.puzzle
        assert puzzle is not None
        app.handle({"type": "answer", "answer": str(losing_seat(puzzle))})
        message = parse(app.html).find(data_role="message")
        assert message.attrs["data-kind"] == "error"
        assert message.find(data_notice="outage_kept") is not None
        app.handle({"type": "action", "action": "lang", "value": "zh"})
        assert "班级进度库" in parse(app.html).find(data_role="message").text
        assert app.session.progress.get(puzzle.id).attempts == 1, "the page keeps the attempt"
        assert isinstance(app.session.store, ClassProgress) and app.session.store.pending == 1

        monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{tmp_path / 'class.sqlite3'}")
        forget_opened_stores()
        app.handle({"type": "answer", "answer": str(winning_seat(puzzle))})
        written(app.session.store)  # the new store is created (migrated) in the background
        stored = [(e.event.kind, e.event.correct) for e in open_store().events(learner="ada")]
        assert stored == [(ATTEMPT, False), (ATTEMPT, True), (SOLVE, None)]
        app.redraw()
        assert parse(app.html).find(data_role="message").find(data_notice="store_saved_again") is not None
    finally:
        app.close()


def test_switching_learner_while_the_store_is_down_loses_nothing(
    bank: Bank, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{blocker / 'class.sqlite3'}")
    set_current_learner("ada")
    app = trainer_app(mode=WHO_WINS, bank=bank)
    try:
        puzzle = app.session.puzzle
        assert puzzle is not None
        app.handle({"type": "answer", "answer": str(losing_seat(puzzle))})
        set_current_learner("bo")
        keeper = app.session.store
        assert isinstance(keeper, ClassProgress) and keeper.learner == "bo" and keeper.pending == 1
        assert parse(app.html).find(data_role="message").find(data_notice="outage_kept") is not None

        monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{tmp_path / 'class.sqlite3'}")
        forget_opened_stores()
        reopened = app.session.puzzle
        assert reopened is not None
        app.handle({"type": "answer", "answer": str(losing_seat(reopened))})
        written(app.session.store)
        assert [(e.event.learner, e.event.kind) for e in open_store().events()] == [("ada", ATTEMPT), ("bo", ATTEMPT)]
    finally:
        app.close()
