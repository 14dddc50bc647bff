"""One poll vote per browser (issue 19): on a one-machine class server anyone may type any name, so the
store keeps one vote per poll and browser id; a second name from the same browser replaces the vote.
On SQLite and on a real PostgreSQL server, and through the migration from a store of the first revision."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, insert, inspect

from shengji_kit.classroom.migrate import alembic_config, current_revision, head_revision
from shengji_kit.classroom.schema import polls
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import StoreError

BROWSER_A = "0123456789abcdef0123456789abcdef"
BROWSER_B = "fedcba9876543210fedcba9876543210"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SQLClassStore]:
    """A fresh class store on SQLite, and on the session's real PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    opened = SQLClassStore(url)
    yield opened
    opened.close()


def open_poll(store: SQLClassStore) -> int:
    return store.open_poll("default", "puzzle", "win", "Who wins?", "谁赢？", ["North", "East"], "East").id


def test_five_names_from_one_browser_count_one_vote(any_store: SQLClassStore) -> None:
    poll = open_poll(any_store)
    for name in ("ada", "bo", "cy", "di", "ed"):
        any_store.answer_poll(poll, name, "North", browser=BROWSER_A)
    any_store.answer_poll(poll, "fay", "East", browser=BROWSER_B)
    assert any_store.poll(poll).answers == {"ed": "North", "fay": "East"}  # the latest name of each browser


def test_a_learner_changing_their_vote_in_the_same_browser_keeps_one(any_store: SQLClassStore) -> None:
    poll = open_poll(any_store)
    any_store.answer_poll(poll, "ada", "North", browser=BROWSER_A)
    any_store.answer_poll(poll, "ada", "East", browser=BROWSER_A)
    assert any_store.poll(poll).answers == {"ada": "East"}


def test_the_same_name_from_another_browser_replaces_that_name_s_vote(any_store: SQLClassStore) -> None:
    poll = open_poll(any_store)
    any_store.answer_poll(poll, "ada", "North", browser=BROWSER_A)
    any_store.answer_poll(poll, "ada", "East", browser=BROWSER_B)
    assert any_store.poll(poll).answers == {"ada": "East"}


def test_votes_without_a_browser_id_count_per_name_as_before(any_store: SQLClassStore) -> None:
    poll = open_poll(any_store)
    any_store.answer_poll(poll, "ada", "North")
    any_store.answer_poll(poll, "bo", "North")
    any_store.answer_poll(poll, "cy", "East", browser=BROWSER_A)
    assert any_store.poll(poll).answers == {"ada": "North", "bo": "North", "cy": "East"}


def test_each_poll_has_its_own_vote_per_browser(any_store: SQLClassStore) -> None:
    first = open_poll(any_store)
    any_store.answer_poll(first, "ada", "North", browser=BROWSER_A)
    second = open_poll(any_store)  # closes the first
    any_store.answer_poll(second, "bo", "East", browser=BROWSER_A)
    assert any_store.poll(first).answers == {"ada": "North"}
    assert any_store.poll(second).answers == {"bo": "East"}


def test_an_overlong_browser_id_is_refused(any_store: SQLClassStore) -> None:
    poll = open_poll(any_store)
    with pytest.raises(StoreError, match="browser id"):
        any_store.answer_poll(poll, "ada", "North", browser="x" * 65)
    assert any_store.poll(poll).answers == {}


def test_a_store_of_the_first_revision_keeps_its_votes_when_upgraded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001_class_store")
        assert current_revision(connection) == "0001_class_store"
        assert "browser" not in {column["name"] for column in inspect(connection).get_columns("poll_answers")}
        now = datetime.now(UTC)
        poll = connection.execute(insert(polls).returning(polls.c.id), [{
            "class_name": "default", "source": "puzzle", "ref": "win", "prompt_en": "Who?", "prompt_zh": "谁？",
            "options": '["North", "East"]', "answer": "East", "state": "open", "opened_at": now,
        }]).scalar_one()
        # the first revision's table: no browser column, so written without the schema module's table
        connection.exec_driver_sql(
            "INSERT INTO poll_answers (poll_id, learner, option, answered_at) VALUES (?, 'ada', 'North', ?),"
            " (?, 'bo', 'North', ?)", (poll, now.isoformat(" "), poll, now.isoformat(" ")),
        )
    engine.dispose()
    store = SQLClassStore(url)  # opening upgrades it
    try:
        with store.engine.connect() as connection:
            assert current_revision(connection) == head_revision() == "0004_tables"
        assert store.poll(poll).answers == {"ada": "North", "bo": "North"}
        store.answer_poll(poll, "cy", "East", browser=BROWSER_A)
        store.answer_poll(poll, "di", "East", browser=BROWSER_A)
        assert store.poll(poll).answers == {"ada": "North", "bo": "North", "di": "East"}
    finally:
        store.close()
