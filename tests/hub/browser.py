"""Debian's Chromium for the hub test (Playwright, --no-sandbox, never `playwright install`)."""

from __future__ import annotations

import contextlib
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
import chromium

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@contextmanager
def launch_chromium() -> Iterator[Browser]:
    """Headless Debian chromium; the test fails (never skips) without it."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is not installed: apt-get install chromium (never `playwright install`)",
                    pytrace=False)
    with sync_playwright() as driver:
        browser = chromium.launch(driver)  # the browser tests' switches, without the unused window parts
        try:
            yield browser
        finally:
            browser.close()


def screenshot(page: Page, name: str) -> None:
    """A full-page screenshot under test-artifacts/, when the page can still give one."""
    ARTIFACTS.mkdir(exist_ok=True)
    with contextlib.suppress(Exception):  # a crashed page must not hide the test's own failure
        page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True, timeout=10_000)
