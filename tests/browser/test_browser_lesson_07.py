"""Lesson 7 in a real browser: a declaring exercise answered wrong then right, and the live deal.

Which answer is right is worked out with the game layer's declaring rules (the kind's grader),
never read from the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import SharedTab
from shengji_kit.puzzles.lesson_exercises import load_lesson

pytestmark = pytest.mark.browser

LESSON = "/voila/render/lessons/07_declaring.ipynb"
LOAD_TIMEOUT_MS = 90_000


def test_declare_exercise_wrong_then_right_with_explanation(shared_tab: SharedTab) -> None:
    page = shared_tab.show(LESSON)
    panel = page.locator("[data-role=exercise][data-group=can_you_declare]")
    expect(panel).to_have_count(1, timeout=LOAD_TIMEOUT_MS)
    puzzle = load_lesson("07_declaring").group("can_you_declare")[0]
    values = [choice.value for choice in puzzle.question.choices()]
    right = next(v for v in values if puzzle.check(v).correct)
    wrong = next(v for v in values if not puzzle.check(v).correct)
    feedback = panel.locator("[data-role=feedback]")

    panel.locator(f"button[data-answer='{wrong}']").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).not_to_contain_text(puzzle.explanation("en"))

    panel.locator(f"button[data-answer='{right}']").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(puzzle.explanation("en"))


def test_live_deal_pauses_and_shows_the_engines_ruling(shared_tab: SharedTab) -> None:
    page = shared_tab.show(LESSON)
    deal = page.locator("[data-role=live-deal]").first
    expect(deal).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    deal.locator("button[data-action=show][data-value='S2 LJ']").click()
    log = deal.locator("[data-role=log]")
    expect(log).to_contain_text("South (you) declares")
    expect(log).to_contain_text("East overturns")
    expect(deal.locator("button[data-action=show][data-value='LJ LJ']")).to_be_visible()
