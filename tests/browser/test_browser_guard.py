"""The page guard's "Page not ready" notice judges a page by what is drawn, not by Voila's spinner.

Voila removes its spinner (``#loading``) and shows the cells only once its theme has loaded as well;
on a busy machine that can lag behind widgets already drawn. The guard waits a minute after the page
arrived (``READY_AFTER_LOAD_MS``); Playwright's clock jumps over that minute, so the guard's own
code and times run unchanged.
"""

from __future__ import annotations

import re

import pytest
from lesson_page import LOAD_TIMEOUT_MS, block
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LESSON_2 = "/voila/render/lessons/02_tractors.ipynb"
GUARD = "#shengji-guard"
PAST_THE_DEADLINE = "01:05"  # READY_AFTER_LOAD_MS is 60 s
# Voila shows the cells only when its theme plugin sets window.themeLoaded: a theme that never
# loads keeps the spinner in the page and the cells hidden, however far the widgets got.
THEME_NEVER_LOADS = """
Object.defineProperty(window, "themeLoaded", { get: () => false, set: () => {}, configurable: false });
"""


def test_a_drawn_page_whose_spinner_stayed_is_shown_and_never_called_failed(page: Page) -> None:
    page.clock.install()
    page.add_init_script(THEME_NEVER_LOADS)
    page.goto(LESSON_2)
    exercises = page.locator("[data-role=exercise]")
    expect(exercises).to_have_count(4, timeout=LOAD_TIMEOUT_MS)  # drawn, though hidden
    expect(page.locator("#loading")).to_be_visible()
    expect(exercises.first).to_be_hidden()

    page.clock.fast_forward(PAST_THE_DEADLINE)
    expect(page.locator("#loading")).to_have_count(0)
    expect(exercises.first).to_be_visible()
    expect(page.locator(GUARD)).to_have_count(0)
    # and the page works: an answer is judged
    panel = block(page, "is_tractor")
    panel.locator("button[data-answer=yes]").click()
    expect(panel.locator("[data-role=feedback]")).to_have_attribute("data-kind", re.compile("^(ok|error)$"))


def test_a_page_that_never_draws_still_says_page_not_ready(page: Page) -> None:
    """Voila's own script never arrives: the kernel ran every cell, but nothing is drawn."""
    page.clock.install()
    page.route("**/voila/static/voila.js", lambda route: route.abort())
    page.goto(LESSON_2)
    expect(page.locator("#loading")).to_be_visible()
    page.clock.fast_forward(PAST_THE_DEADLINE)
    guard = page.locator(GUARD)
    expect(guard).to_be_visible()
    expect(guard).to_have_attribute("data-state", "failed")
    expect(guard).to_contain_text("Page not ready")
    expect(guard).to_contain_text("页面未就绪")
    expect(guard.locator("p[lang=en]")).to_contain_text("This page could not start.")
    expect(guard.locator("p[lang=zh]")).to_contain_text("页面没能启动。")
    expect(guard.locator("[data-role=guard-reload]")).to_be_visible()
