"""``open_store()``: SQLite in the data folder by default, the URL in the environment, one per process."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.classroom.open import class_name, open_store
from shengji_kit.classroom.store import SQLClassStore

from .events import event


def test_by_default_the_store_is_a_sqlite_file_in_the_data_folder(data_folder: Path) -> None:
    store = open_store()
    assert isinstance(store, SQLClassStore)
    store.record([event()])
    assert (data_folder / "class.sqlite3").is_file()
    assert open_store() is store


def test_the_environment_names_the_database_and_the_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{tmp_path / 'elsewhere.db'}")
    monkeypatch.setenv("SHENGJI_KIT_CLASS", "7B")
    store = open_store()
    store.record([event(class_name=class_name())])
    assert (tmp_path / "elsewhere.db").is_file()
    assert class_name() == "7B" and store.learners("7B") == ["ada"]


def test_a_service_url_asks_for_the_hubs_client(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHENGJI_KIT_CLASS_SERVICE_URL", "http://127.0.0.1:1/services/class/")
    try:
        store = open_store()
    except Exception as error:  # the hub's client may refuse to start without a hub
        assert "service_client" in str(error) or type(error).__module__.startswith("shengji_kit")
    else:
        assert type(store).__name__ == "ServiceClassStore"
    assert not (data_folder / "class.sqlite3").exists()
