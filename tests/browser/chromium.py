"""Debian's chromium driven by Playwright: found on PATH, launched headless with no network extras."""

from __future__ import annotations

import shutil
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Playwright, ViewportSize

from shengji_kit.apps.serving import serve

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
LOCAL_SCHEMES = ("data", "blob", "about")
MISSING = (
    "Debian's chromium is not installed, and the browser tests need it: "
    "run `apt-get install chromium` (never `playwright install`), "
    "or deselect these tests with `-m 'not browser'`."
)


class ChromiumMissing(RuntimeError):
    """No ``chromium`` on PATH."""


def launch(driver: Playwright) -> Browser:
    """Launch Debian's chromium headless, or raise ChromiumMissing with how to install it."""
    executable = shutil.which("chromium")
    if executable is None:
        raise ChromiumMissing(MISSING)
    return driver.chromium.launch(executable_path=executable, args=ARGS)


def is_local(url: str) -> bool:
    """Whether a browser request stays on this machine (127.0.0.1, localhost, data:, blob:)."""
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in serve.LOCAL_HOSTS
