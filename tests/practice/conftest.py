"""Trainer tests: progress goes to a temporary folder (never the real home); widgets start in English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_kit.practice import ENV_VAR, ProgressStore, TrainerSession
from shengji_kit.puzzles import Bank, default_bank
from shengji_kit.widgets.language import SESSION


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$SHENGJI_KIT_DATA_DIR`` points at a fresh folder for every test."""
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    SESSION.lang = "en"
    yield
    SESSION.lang = "en"


@pytest.fixture
def bank() -> Bank:
    return default_bank()


@pytest.fixture
def store() -> ProgressStore:
    return ProgressStore.for_learner("ada")


@pytest.fixture
def session(bank: Bank, store: ProgressStore) -> TrainerSession:
    return TrainerSession(bank, store)
