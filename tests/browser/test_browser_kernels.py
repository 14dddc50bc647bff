"""Kernels in a real browser: each open notebook has one, and leaving the page stops it."""

from __future__ import annotations

import time

import pytest
from card_table import PLAY_APP
from live_server import VoilaServer
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

STOP_SECONDS = 15


def test_leaving_a_notebook_stops_its_kernel(page: Page, voila_server: VoilaServer) -> None:
    """Voila's tab-closed shutdown request is accepted (the xsrf cookie hook), so no kernel leaks."""
    before = voila_server.kernel_pids()
    page.goto(PLAY_APP)
    # A drawn widget means Voila's widget manager, which sends the shutdown request, is running.
    expect(page.locator(".sk-root [data-seat='0']")).to_be_visible()
    started = voila_server.kernel_pids() - before
    assert len(started) == 1, f"expected one new kernel, found {started}"
    assert any(cookie["name"] == "_xsrf" for cookie in page.context.cookies())
    # Playwright's request interception would swallow the closing page's beacon; stop it first.
    page.context.unroute_all(behavior="ignoreErrors")
    page.goto("about:blank")
    deadline = time.monotonic() + STOP_SECONDS
    while started & voila_server.kernel_pids():
        assert time.monotonic() < deadline, (
            f"kernel {started} still runs {STOP_SECONDS} s after leaving"
        )
        time.sleep(0.2)
