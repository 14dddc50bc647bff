"""Every widget test starts in English (the language is shared by all widgets), with a fresh data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_kit.practice import ENV_VAR
from shengji_kit.widgets.language import SESSION


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    SESSION.lang = "en"
    yield
    SESSION.lang = "en"


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$SHENGJI_KIT_DATA_DIR`` points at a fresh folder (saved rounds never reach the real home)."""
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder
