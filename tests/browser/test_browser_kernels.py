"""Kernels in a real browser: each open notebook has one, and leaving the page stops it.

The landing page, the play app and the trainer are served by kernels started ahead of time
(shengji_kit/apps/serving/kernel_pool.py); the lessons start theirs on request. Both kinds must stop when the
tab goes, and a pre-started kernel must still apply the page's address options.
"""

from __future__ import annotations

import time

import pytest
from card_table import PLAY_APP
from live_server import VoilaServer, page_kernel_id
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

STOP_SECONDS = 15
LESSON_1 = "/voila/render/lessons/01_trump_ranking.ipynb"
PLAY_NOTEBOOK = "notebooks/play.ipynb"


def leave_and_expect_stopped(page: Page, voila_server: VoilaServer, kernel: str) -> None:
    """Leave the page as a closing tab does; its kernel must stop within STOP_SECONDS."""
    assert any(cookie["name"] == "_xsrf" for cookie in page.context.cookies())
    # Playwright's request interception would swallow the closing page's beacon; stop it first.
    page.context.unroute_all(behavior="ignoreErrors")
    page.goto("about:blank")
    deadline = time.monotonic() + STOP_SECONDS
    while kernel in voila_server.kernels():
        assert time.monotonic() < deadline, f"kernel {kernel} still runs {STOP_SECONDS} s after leaving"
        time.sleep(0.2)


def test_leaving_a_lesson_stops_the_kernel_started_for_it(page: Page, voila_server: VoilaServer) -> None:
    """A kernel started on request: Voila's tab-closed shutdown request is accepted (the _xsrf cookie)."""
    before = voila_server.kernels()
    page.goto(LESSON_1)
    # A drawn widget means Voila's widget manager, which sends the shutdown request, is running.
    expect(page.locator(".sk-root").first).to_be_visible()
    kernel = page_kernel_id(page)
    assert kernel not in before and kernel in voila_server.kernels()
    leave_and_expect_stopped(page, voila_server, kernel)


def test_leaving_the_play_app_stops_its_pre_started_kernel(page: Page, voila_server: VoilaServer) -> None:
    """Under pre-started kernels (no prelaunch hook) the page still gets the cookie its shutdown needs."""
    voila_server.wait_for_pool(PLAY_NOTEBOOK)
    waiting = voila_server.kernels()
    page.goto(PLAY_APP)
    expect(page.locator(".sk-root [data-seat='0']")).to_be_visible()
    kernel = page_kernel_id(page)
    assert kernel in waiting, "the play app was not served by a kernel started ahead of time"
    assert f"Using pre-heated kernel: {kernel} for {PLAY_NOTEBOOK}" in voila_server.log_text()
    leave_and_expect_stopped(page, voila_server, kernel)


def test_a_pre_started_kernel_applies_the_address_options(page: Page, voila_server: VoilaServer) -> None:
    """The kernel ran the notebook before the request; ``?rules=classic&seed=…`` still rule the table."""
    voila_server.wait_for_pool(PLAY_NOTEBOOK)
    waiting = voila_server.kernels()
    page.goto("/voila/render/notebooks/play.ipynb?rules=classic&seed=abc&delay=0")
    expect(page.locator(".sk-root [data-seat='0']")).to_be_visible()
    assert page_kernel_id(page) in waiting, "the play app was not served by a kernel started ahead of time"
    expect(page.locator("[data-role=rules]")).to_contain_text("Classic")
    # a bad option reaches the kernel as well: its note names it
    expect(page.locator("[data-role=page-note][data-option=seed]")).to_contain_text("seed=")
