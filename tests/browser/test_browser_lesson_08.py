"""Lesson 8 in a real browser: a chance exercise answered wrong then right, the counter and the charts.

Which event is likelier is worked out with the chances core (the kind's grader), never read from
the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import SharedTab
from shengji_kit.puzzles.lesson_exercises import load_lesson

pytestmark = pytest.mark.browser

LESSON = "/voila/render/lessons/08_chances.ipynb"
LOAD_TIMEOUT_MS = 90_000


def test_chance_exercise_wrong_then_right_with_explanation(shared_tab: SharedTab) -> None:
    page = shared_tab.show(LESSON)
    panel = page.locator("[data-role=exercise][data-group=where_are_the_cards]")
    expect(panel).to_have_count(1, timeout=LOAD_TIMEOUT_MS)
    puzzle = load_lesson("08_chances").group("where_are_the_cards")[0]
    right = next(v for v in ("a", "b") if puzzle.check(v).correct)
    wrong = "b" if right == "a" else "a"
    feedback = panel.locator("[data-role=feedback]")

    panel.locator(f"button[data-answer={wrong}]").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text("exact")
    expect(feedback).not_to_contain_text(puzzle.explanation("en"))

    panel.locator(f"button[data-answer={right}]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")


def test_counter_and_charts_are_drawn(shared_tab: SharedTab) -> None:
    page = shared_tab.show(LESSON)
    expect(page.locator("[data-role=counter]")).to_contain_text("exact", timeout=LOAD_TIMEOUT_MS)
    for role in ("kitty-chart", "gain-chart", "split-chart"):
        expect(page.locator(f"[data-role={role}] svg")).to_have_count(1)
