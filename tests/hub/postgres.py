"""The class store's database for the hub test: a real PostgreSQL server started in a temporary
folder (the store's fixture, tests/classroom/postgres_server.py), or SQLite when PostgreSQL is not
installed here (`.ci/run` installs it; the test then warns that it ran on SQLite)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    from classroom.postgres_server import postgres_bin, running_postgres
except ImportError:  # the store's PostgreSQL fixture is not in this checkout
    postgres_bin = running_postgres = None


@contextmanager
def class_database(folder: Path) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh class database, removed afterwards."""
    if running_postgres is None or postgres_bin is None or postgres_bin() is None:
        warnings.warn("PostgreSQL is not available: the hub test keeps the class store in SQLite", stacklevel=2)
        yield f"sqlite:///{folder / 'class.sqlite3'}"
        return
    with running_postgres() as server:
        yield server.create_database("shengji_class")
