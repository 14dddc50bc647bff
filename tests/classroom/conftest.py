"""Class store tests: every test gets its own data folder, class database and learner state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_kit.classroom.identity import reset_current_learner
from shengji_kit.classroom.open import forget_opened_stores
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.widgets.language import SESSION

from .postgres_server import PostgresServer, postgres_bin, running_postgres


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``$SHENGJI_KIT_DATA_DIR`` is a fresh folder; no class database or service is configured."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(folder))
    for name in ("SHENGJI_KIT_CLASS_DB", "SHENGJI_KIT_CLASS", "SHENGJI_KIT_CLASS_SERVICE_URL", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    forget_opened_stores()
    reset_current_learner()
    SESSION.lang = "en"
    yield folder
    forget_opened_stores()
    reset_current_learner()
    SESSION.lang = "en"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLClassStore]:
    """A fresh SQLite class store in the test's folder."""
    opened = SQLClassStore(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole session (Debian's postgresql package; .ci/run installs it)."""
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    with running_postgres() as server:
        yield server


_databases = iter(range(1, 10_000))


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> str:
    """The URL of a new, empty database on the session's PostgreSQL server."""
    return postgres.create_database(f"class_{next(_databases)}")
