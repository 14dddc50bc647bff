"""Lesson 6 (points, the kitty and levels) in a real browser: exercises answered wrong then right,
with the explanation; the scoreboard steps to the end and multiplies the kitty out."""

from __future__ import annotations

import pytest
from lesson_page import answer_wrong_then_right, shared_lesson
from playwright.sync_api import expect

from conftest import SharedTab

pytestmark = pytest.mark.browser

SLUG = "06_scoring"
BLOCKS = 5


def test_count_trick_wrong_then_right(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    answer_wrong_then_right(page, SLUG, "count_trick")


def test_kitty_wrong_then_right(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    answer_wrong_then_right(page, SLUG, "kitty")


def test_scoreboard_steps_to_the_kitty(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    board = page.locator("[data-role=scoreboard]")
    expect(board).to_have_attribute("data-step", "0")
    board.locator("button[data-action=next]").click()
    expect(board).to_have_attribute("data-step", "1")
    board.locator("button[data-action=last]").click()
    total = board.locator("[data-role=total]")
    expect(total).to_have_attribute("data-total", "80")
    expect(board.locator("[data-role=kitty]")).to_contain_text("× 2 = 60")
