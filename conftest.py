"""Test-wide set-up: learners' progress goes to a throwaway folder, never the real home."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SHENGJI_KIT_DATA_DIR", tempfile.mkdtemp(prefix="shengji-kit-test-data-"))


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    """Run the browser tests last.

    Playwright's sync API keeps an asyncio loop running in the main thread for the rest of the
    session, which would break the tests and notebook kernels that run their own loop after it.
    """
    from pathlib import Path

    def in_browser_suite(item: object) -> bool:
        return "browser" in Path(str(getattr(item, "fspath", ""))).parts

    items[:] = sorted(items, key=in_browser_suite)
