"""Every test in tests/faults is marked ``faults`` (``pytest -m faults`` runs the suite alone)."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/faults/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.faults)
