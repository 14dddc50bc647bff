"""Connecting to the class store's database: SQLite in WAL mode by default, any SQLAlchemy URL.

SQLite gets WAL (readers never wait for the writer), a busy timeout and ``BEGIN IMMEDIATE`` for
writes, so 30 kernels writing at once queue for the lock instead of failing (the store retries a
busy write). A bare ``postgresql://`` URL means psycopg 3 (``postgresql+psycopg://``). Every call
has a deadline of about ``DEADLINE_SECONDS``: SQLite's busy timeout; on PostgreSQL a connect and
a statement timeout, TCP keepalives and a TCP user timeout (a stopped server still hangs a call
already sent: pages call the store from a worker, see recorder.py). A URL's own settings win.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.pool import ConnectionPoolEntry

from .settings import default_url as default_url
from .store_protocol import StoreError

DEADLINE_SECONDS = 3
BUSY_TIMEOUT_MS = DEADLINE_SECONDS * 1000
# libpq settings of every PostgreSQL connection (the keepalives and user timeout act on TCP only).
POSTGRES_DEADLINES: dict[str, Any] = {
    "connect_timeout": DEADLINE_SECONDS,
    "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
    "tcp_user_timeout": DEADLINE_SECONDS * 3000,
}
STATEMENT_TIMEOUT_MS = DEADLINE_SECONDS * 1000
WRITE = "class_store_write"  # execution option: this transaction writes (SQLite takes the lock first)


def normalise_url(url: str) -> str:
    """The URL with psycopg 3 as PostgreSQL's driver when none is named."""
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise StoreError(f"not a database URL: {url!r}") from error
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def create_store_engine(url: str) -> Engine:
    """An engine for ``url``; for a SQLite file the folder is created and WAL switched on."""
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            try:
                Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(f"cannot create the folder of {database} ({error.strerror})") from error
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        _tune_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_timeout=DEADLINE_SECONDS,
                         connect_args=postgres_deadlines(parsed.query) if parsed.get_backend_name() == "postgresql"
                         else {})


def postgres_deadlines(query: Any) -> dict[str, Any]:
    """psycopg connect arguments with the store's deadlines, leaving any the URL sets itself."""
    given = {str(name) for name in query}
    arguments = {name: value for name, value in POSTGRES_DEADLINES.items() if name not in given}
    if "options" not in given:
        arguments["options"] = f"-c statement_timeout={STATEMENT_TIMEOUT_MS}"
    return arguments


def _tune_sqlite(engine: Engine) -> None:
    """WAL, a busy timeout, and transactions begun by us (deferred to read, immediate to write)."""

    @event.listens_for(engine, "connect")
    def _on_connect(connection: sqlite3.Connection, record: ConnectionPoolEntry) -> None:
        connection.isolation_level = None  # pysqlite must not begin transactions itself
        cursor = connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
