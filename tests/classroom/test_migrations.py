"""Migrations: an empty database reaches the newest revision, and it matches the schema module."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from shengji_kit.classroom.migrate import (
    HEAD_REVISION,
    current_revision,
    head_revision,
    migrations_dir,
    upgrade_to_head,
)
from shengji_kit.classroom.schema import metadata
from shengji_kit.classroom.store import SQLClassStore


def test_an_empty_database_is_upgraded_to_head_on_open(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    store = SQLClassStore(url)
    with store.engine.connect() as connection:
        assert current_revision(connection) == head_revision()
    tables = {"events", "polls", "poll_answers", "imports", "alembic_version"}
    assert set(inspect(store.engine).get_table_names()) >= tables
    store.close()
    SQLClassStore(url).close()  # opening again finds it current


def test_the_migrations_build_the_schema_the_code_uses(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    upgrade_to_head(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []


def test_the_migrations_ship_inside_the_package() -> None:
    folder = migrations_dir()
    assert (folder / "env.py").is_file() and (folder / "script.py.mako").is_file()
    assert any(path.name.startswith("0001_") for path in (folder / "versions").iterdir())
    assert "shengji_kit" in folder.parts


@pytest.mark.postgres
def test_the_migrations_build_the_same_schema_on_postgresql(postgres_url: str) -> None:
    store = SQLClassStore(postgres_url)
    try:
        with store.engine.connect() as connection:
            assert current_revision(connection) == head_revision()
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    finally:
        store.close()


def test_the_quick_check_knows_the_newest_migration() -> None:
    assert head_revision() == HEAD_REVISION
