"""Migration 0002 (events carry the page's unique id): a store at 0001 with events keeps them and stores a uid once."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine

from shengji_kit.classroom._database import create_store_engine
from shengji_kit.classroom.migrate import alembic_config, current_revision, head_revision
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, SOLVE, ClassEvent


def at_first_revision(url: str) -> Engine:
    """A store at revision 0001 holding two events written before events had ids of their own."""
    engine = create_store_engine(url)
    with engine.begin() as connection:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0001_class_store")
        connection.exec_driver_sql(
            "INSERT INTO events (class_name, learner, item, group_name, kind, at, answer) "
            "VALUES ('default', 'ada', 'p1', 'g', 'attempt', CURRENT_TIMESTAMP, ''), "
            "('default', 'ada', 'p1', 'g', 'solve', CURRENT_TIMESTAMP, '')"
        )
    return engine


def check_upgrade(url: str) -> None:
    engine = at_first_revision(url)
    store = SQLClassStore(engine=engine)  # opening upgrades to the newest revision
    try:
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
        assert [(e.event.kind, e.event.uid) for e in store.events()] == [(ATTEMPT, ""), (SOLVE, "")]
        new = ClassEvent("ada", "p2", "g", ATTEMPT, datetime.now(UTC), uid="a" * 32)
        first = store.record([new])
        assert store.record([new, new]) == first * 2, "an id already stored is not stored again"
        store.record([ClassEvent("ada", "p3", "g", ATTEMPT, datetime.now(UTC))] * 2)  # events without ids: as before
        assert [e.event.item for e in store.events()] == ["p1", "p1", "p2", "p3", "p3"]
    finally:
        store.close()


def test_the_uid_migration_keeps_old_events_on_sqlite(tmp_path: Path) -> None:
    check_upgrade(f"sqlite:///{tmp_path / 'class.sqlite3'}")


@pytest.mark.postgres
def test_the_uid_migration_keeps_old_events_on_postgresql(postgres_url: str) -> None:
    check_upgrade(postgres_url)
