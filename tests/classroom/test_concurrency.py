"""Thirty processes writing at once lose no event: against SQLite (WAL) and against a real PostgreSQL.

The writers also race to create the schema of a new store (the migration lock lets one do it).
Meanwhile a reader asks for "the events after the last id I saw" over and over, as the
dashboard does: it must see every event, none skipped by an id that committed late.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, StoreError

from .events import event
from .writers import learner_name, write_at_once

WRITERS, EVENTS_EACH = 30, 20


def follow(url: str, expected: int, seen: list[int], timeout: float = 600) -> None:
    """Read the new events again and again, as the dashboard does, until ``expected`` were seen."""
    store = SQLClassStore(url)
    last, deadline = 0, time.monotonic() + timeout
    try:
        while len(seen) < expected and time.monotonic() < deadline:
            new = store.events(after_id=last)
            if new:
                seen.extend(e.id for e in new)
                last = new[-1].id
            else:
                time.sleep(0.02)
    finally:
        store.close()


def assert_every_event_stored(url: str) -> None:
    seen: list[int] = []
    reader = threading.Thread(target=follow, args=(url, WRITERS * EVENTS_EACH, seen), daemon=True)
    reader.start()
    run = write_at_once(url, WRITERS, EVENTS_EACH)
    reader.join(120)
    assert run.failures == 0
    store = SQLClassStore(url)
    try:
        stored = store.events()
        assert len(stored) == WRITERS * EVENTS_EACH
        assert seen == [e.id for e in stored], "the reader following new ids saw every event, in order"
        assert len({e.id for e in stored}) == len(stored)
        assert Counter(e.event.learner for e in stored) == {learner_name(w): EVENTS_EACH for w in range(WRITERS)}
        assert {e.event.answer for e in stored} == {f"{w}:{n}" for w in range(WRITERS) for n in range(EVENTS_EACH)}
        for writer in range(WRITERS):  # each writer's events in the order it wrote them
            mine = [e.event.answer for e in store.events(learner=learner_name(writer))]
            assert mine == [f"{writer}:{n}" for n in range(EVENTS_EACH)]
        assert store.learners() == sorted(learner_name(w) for w in range(WRITERS))
        assert all(e.event.kind == ATTEMPT for e in stored)
    finally:
        store.close()


@pytest.mark.slow
def test_thirty_writers_at_once_on_sqlite(tmp_path: Path) -> None:
    assert_every_event_stored(f"sqlite:///{tmp_path / 'class.sqlite3'}")


@pytest.mark.slow
@pytest.mark.postgres
def test_thirty_writers_at_once_on_postgresql(postgres_url: str) -> None:
    assert_every_event_stored(postgres_url)


@pytest.mark.postgres
def test_the_store_works_the_same_on_postgresql(postgres_url: str) -> None:
    store = SQLClassStore(postgres_url)
    try:
        ids = store.record([event("王小明", answer="♠A♠A", correct=True, seconds=3.5), event("bo")])
        assert [e.id for e in store.events()] == ids and store.learners() == ["bo", "王小明"]
        assert store.events(learner="王小明")[0].event == event("王小明", answer="♠A♠A", correct=True, seconds=3.5)
        with pytest.raises(StoreError):
            store.record([event(kind="cheat")])
        poll = store.open_poll("default", "puzzle", "p", "?", "？", ["a", "b"], "a")
        store.answer_poll(poll.id, "bo", "b")
        store.answer_poll(poll.id, "bo", "a")
        assert store.current_poll().answers == {"bo": "a"}  # type: ignore[union-attr]
        assert store.record_import("/x/ada.jsonl", "ada", [event("ada")])
        assert not store.record_import("/x/ada.jsonl", "ada", [event("ada")])
        assert store.count_events() == 3
    finally:
        store.close()
