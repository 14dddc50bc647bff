"""Lesson 9 in a real browser: a best-play exercise answered wrong then right, and the narrated deal played.

Which play is right is worked out by the solver (the kind's grader), never read from the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.lesson_page import LOAD_TIMEOUT_MS, answer_wrong_then_right, open_lesson

pytestmark = pytest.mark.browser


def test_leading_exercise_wrong_then_right(page: Page) -> None:
    open_lesson(page, "09_leading", 1)
    answer_wrong_then_right(page, "09_leading", "lead_well")


def test_narrated_deal_prices_a_lead_and_writes_the_note(page: Page) -> None:
    open_lesson(page, "09_leading", 1)
    deal = page.locator("[data-role=narrated-deal]").first
    expect(deal).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    deal.locator("button[data-action=play][data-value='S2']").click()
    expect(deal.locator("[data-role=verdict]").first).to_have_attribute("data-kind", "ok")
    expect(deal.locator("[data-role=note]").first).to_contain_text("draws trumps")
