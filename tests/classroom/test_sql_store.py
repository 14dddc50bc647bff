"""The SQL class store on SQLite: events in and out, learners, polls, imports, errors as StoreError."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import (
    HINT,
    POLL_CLOSED,
    POLL_REVEALED,
    SOLVE,
    ClassEvent,
    ClassStoreAPI,
    StoredEvent,
    StoreError,
)

from .events import MOMENT, event


def test_it_is_a_class_store(store: SQLClassStore) -> None:
    api: ClassStoreAPI = store
    assert api.events() == []


def test_recorded_events_come_back_with_growing_ids(store: SQLClassStore) -> None:
    written = [
        event(answer="♠A", correct=False, seconds=4.5),
        event(kind=HINT, seconds=9.0),
        event(answer="♥K", correct=True, seconds=20.25),
        event(kind=SOLVE),
    ]
    ids = store.record(written)
    assert ids == sorted(ids) and len(set(ids)) == 4
    assert store.events() == [StoredEvent(i, e) for i, e in zip(ids, written, strict=True)]
    assert store.events(after_id=ids[1]) == [StoredEvent(i, e) for i, e in zip(ids[2:], written[2:], strict=True)]
    later = store.record([event(learner="bo")])
    assert later[0] > ids[-1]


def test_times_come_back_in_utc(store: SQLClassStore) -> None:
    beijing = timezone(timedelta(hours=8))
    store.record([ClassEvent("ada", "p", "g", SOLVE, datetime(2026, 11, 30, 17, 15, tzinfo=beijing))])
    assert store.events()[0].event.at == MOMENT


def test_events_of_one_learner_and_one_class(store: SQLClassStore) -> None:
    store.record([event("ada"), event("bo"), event("cy", class_name="7B"), event("ada", item="other")])
    assert [e.event.item for e in store.events(learner="ada")] == ["win-highest-card", "other"]
    assert [e.event.learner for e in store.events("7B")] == ["cy"]
    assert store.learners() == ["ada", "bo"]
    assert store.learners("7B") == ["cy"]
    assert store.learners("nobody") == []
    assert store.count_events() == 4 and store.count_events("7B") == 1


def test_names_in_any_script_are_kept(store: SQLClassStore) -> None:
    store.record([event("王小明", answer="♠A♠A ♥3")])
    stored = store.events(learner="王小明")[0].event
    assert stored.learner == "王小明" and stored.answer == "♠A♠A ♥3"


@pytest.mark.parametrize("bad", [
    event(kind="cheat"), event(learner=""), event(item=""), event(group=""),
    ClassEvent("ada", "p", "g", SOLVE, datetime(2026, 11, 30, 9, 0)),
])
def test_a_bad_event_is_refused_and_nothing_of_the_batch_is_written(store: SQLClassStore, bad: ClassEvent) -> None:
    with pytest.raises(StoreError):
        store.record([event(), bad])
    assert store.events() == []


def test_an_empty_batch_writes_nothing(store: SQLClassStore) -> None:
    assert store.record([]) == []


def test_a_poll_is_opened_answered_revealed_and_closed(store: SQLClassStore) -> None:
    assert store.current_poll() is None
    poll = store.open_poll("default", "puzzle", "win-highest-card", "Who wins?", "谁赢？", ["North", "East"], "East")
    store.answer_poll(poll.id, "ada", "North")
    store.answer_poll(poll.id, "bo", "East")
    store.answer_poll(poll.id, "ada", "East")  # a later choice replaces the earlier one
    current = store.current_poll()
    assert current is not None and current.id == poll.id
    assert current.answers == {"ada": "East", "bo": "East"}
    assert current.options == ("North", "East") and current.prompt_zh == "谁赢？"
    store.set_poll_state(poll.id, POLL_REVEALED)
    assert store.current_poll().state == POLL_REVEALED  # type: ignore[union-attr]
    with pytest.raises(StoreError, match="no more answers"):
        store.answer_poll(poll.id, "cy", "North")
    store.set_poll_state(poll.id, POLL_CLOSED)
    assert store.current_poll() is None
    assert store.poll(poll.id).answers == {"ada": "East", "bo": "East"}


def test_opening_a_poll_closes_the_one_before(store: SQLClassStore) -> None:
    first = store.open_poll("default", "exercise", "x1", "?", "？", ["a", "b"], "a")
    second = store.open_poll("default", "record", "game.json#3", "?", "？", ["a", "b", "c"], "c")
    assert store.current_poll().id == second.id  # type: ignore[union-attr]
    assert store.poll(first.id).state == POLL_CLOSED
    other = store.open_poll("7B", "puzzle", "p", "?", "？", ["a", "b"], "b")
    assert store.current_poll().id == second.id and store.current_poll("7B").id == other.id  # type: ignore[union-attr]


@pytest.mark.parametrize("source, options, answer", [
    ("dice", ["a", "b"], "a"), ("puzzle", ["a"], "a"), ("puzzle", ["a", "a"], "a"), ("puzzle", ["a", "b"], "c"),
])
def test_a_bad_poll_is_refused(store: SQLClassStore, source: str, options: list[str], answer: str) -> None:
    with pytest.raises(StoreError):
        store.open_poll("default", source, "p", "?", "？", options, answer)


def test_answers_to_unknown_polls_or_options_are_refused(store: SQLClassStore) -> None:
    poll = store.open_poll("default", "puzzle", "p", "?", "？", ["a", "b"], "a")
    with pytest.raises(StoreError):
        store.answer_poll(poll.id + 1, "ada", "a")
    with pytest.raises(StoreError):
        store.answer_poll(poll.id, "ada", "z")
    with pytest.raises(StoreError):
        store.set_poll_state(poll.id + 1, POLL_CLOSED)
    with pytest.raises(StoreError):
        store.set_poll_state(poll.id, "paused")


def test_a_file_is_imported_once(store: SQLClassStore) -> None:
    assert store.record_import("/data/progress/ada.jsonl", "ada", [event(), event(kind=SOLVE)])
    assert not store.record_import("/data/progress/ada.jsonl", "ada", [event(), event(kind=SOLVE)])
    assert store.imported_sources() == {"/data/progress/ada.jsonl"}
    assert len(store.events()) == 2


def test_the_sqlite_file_is_in_wal_mode(tmp_path: Path, store: SQLClassStore) -> None:
    store.record([event()])
    with sqlite3.connect(tmp_path / "class.sqlite3") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_store_that_cannot_be_opened_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot"):
        SQLClassStore(f"sqlite:///{blocker / 'class.sqlite3'}")
    with pytest.raises(StoreError, match="not a database URL"):
        SQLClassStore("no such thing")
    with pytest.raises(StoreError):
        SQLClassStore("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")


def test_a_damaged_database_file_is_reported(tmp_path: Path) -> None:
    damaged = tmp_path / "class.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError):
        SQLClassStore(f"sqlite:///{damaged}")
    assert damaged.read_bytes().startswith(b"this is not")  # left as it was
