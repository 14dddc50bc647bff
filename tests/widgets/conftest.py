"""Every widget test starts in English (the session language is shared by all widgets)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shengji_kit.widgets.language import SESSION


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    SESSION.lang = "en"
    yield
    SESSION.lang = "en"
