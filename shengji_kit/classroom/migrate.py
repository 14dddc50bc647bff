"""Upgrading a class store's schema to the newest Alembic revision, once, however many open it.

Thirty kernels may open a new store at the same moment: on PostgreSQL an advisory lock, on
SQLite an exclusive file lock beside the database, lets one of them migrate while the others wait,
then find the schema current. A store already at ``HEAD_REVISION`` is recognised with one query,
without loading Alembic (a trainer page opens faster).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine
from sqlalchemy import text as sql
from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    from alembic.config import Config

HEAD_REVISION = "0004_tables"  # the newest file in migrations/versions (a test checks it)
MIGRATION_LOCK = 0x5_4A_4B_43  # PostgreSQL advisory lock key of the migrations ("SJKC")


def migrations_dir() -> Path:
    """The folder of the shipped migrations (``env.py``, ``versions/``)."""
    return Path(str(resources.files("shengji_kit.classroom") / "migrations"))


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    return config


def head_revision() -> str:
    """The newest schema revision of the shipped migrations (read by Alembic)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision the database is at (None for an empty database)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def _is_current(engine: Engine) -> bool:
    """One query: is the database at ``HEAD_REVISION`` already?"""
    try:
        with engine.connect() as connection:
            versions = connection.execute(sql("SELECT version_num FROM alembic_version")).scalars().all()
    except DBAPIError:
        return False  # no version table yet: a new database
    return list(versions) == [HEAD_REVISION]


def upgrade_to_head(engine: Engine) -> None:
    """Bring the schema to the newest revision (nothing to do when it is there already)."""
    if _is_current(engine):
        return
    from alembic import command

    head = head_revision()
    with _migration_lock(engine), engine.begin() as connection:
        if current_revision(connection) == head:
            return  # another process migrated while this one waited
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@contextmanager
def _migration_lock(engine: Engine) -> Iterator[None]:
    """Hold the store's migration lock (an advisory lock, or a lock file for SQLite)."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as holder:
            holder.execute(sql("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            holder.commit()
            try:
                yield
            finally:
                holder.execute(sql("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                holder.commit()
        return
    database = engine.url.database or ""
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    handle = os.open(f"{database}.migrate-lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)
