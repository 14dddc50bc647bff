"""Lesson 5 (throws) in a real browser: an exercise answered wrong then right, with the
explanation; the live table checks a throw and reveals who stops it."""

from __future__ import annotations

import pytest
from lesson_page import (
    answer_wrong_then_right,
    block,
    right_and_wrong,
    shared_lesson,
    shown_item,
)
from playwright.sync_api import expect

from conftest import SharedTab
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

SLUG = "05_throws"
BLOCKS = 3


def test_will_it_stand_wrong_then_right(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    answer_wrong_then_right(page, SLUG, "will_it_stand")


def test_safest_throw_right_at_once_and_in_chinese(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    panel = block(page, "safest_throw")
    item = shown_item(panel, SLUG)
    right, _ = right_and_wrong(item)
    panel.locator(f"button[data-answer='{right}']").click()
    feedback = panel.locator("[data-role=feedback]")
    expect(feedback).to_have_attribute("data-kind", "ok")
    panel.locator("button[data-action=lang]").click()
    expect(block(page, "safest_throw").locator("[data-role=feedback]")).to_contain_text(item.explanation("zh"))
    block(page, "safest_throw").locator("button[data-action=lang]").click()
    expect(block(page, "safest_throw").locator("[data-role=feedback]")).to_contain_text(item.explanation("en"))


def test_throw_table_check_then_reveal(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    table = page.locator("[data-role=throw-table]")
    hand = table.locator(".sk-hand[data-seat='0']")
    # ♣A ♣J of the default deal (seed 6): East holds the other ♣A, so the throw fails.
    for code in ("CA", "CJ"):
        hand.locator(f"button[data-card={code}]").first.click()
    table.locator("button[data-action=check]").click()
    expect(table).to_have_attribute("data-outcome", "fails")
    message = table.locator("[data-role=message]")
    expect(message).to_have_text(text("l5_table_verdict_hidden", "en"))
    table.locator("button[data-action=reveal]").click()
    expect(table).to_have_attribute("data-revealed", "true")
    expect(message).to_have_attribute("data-kind", "error")
    expect(message).to_contain_text("East holds ♣A")


def test_typed_cards_for_north_change_the_verdict_and_a_typo_is_explained_and_kept(shared_tab: SharedTab) -> None:
    """Section 2's panel in Voila: a typo is refused in both languages and stays in the field; North's
    new cards ``HK H9 D4`` make the throw stand, as the engine says."""
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    panel = page.locator("[data-role=throw-check]").nth(1)
    expect(panel).to_have_attribute("data-outcome", "fails")
    entry = panel.locator("input[data-role=number]")
    entry.fill("HK X9 D4")
    panel.locator("button[data-action=set-2]").click()
    problem = panel.locator("[data-role=problem]")
    expect(problem.locator("p[lang=en]")).to_contain_text("X9")
    expect(problem.locator("p[lang=zh]")).to_contain_text("X9")
    expect(entry).to_have_value("HK X9 D4")
    expect(panel.locator("[data-role=seat-2]")).to_have_attribute("data-cards", "HK HK D4")
    entry.fill("HK H9 D4")
    panel.locator("button[data-action=set-2]").click()
    expect(panel).to_have_attribute("data-outcome", "stands")
    expect(problem).to_have_count(0)
    expect(panel.locator("[data-role=verdict]")).to_contain_text("stands")
    panel.locator("button[data-action=lang]").click()
    expect(panel.locator("[data-role=verdict]")).to_contain_text("成功")
    expect(panel.locator("button[data-action=rules][aria-pressed=true]")).to_have_text("超级大亨")
    panel.locator("button[data-action=lang]").click()
    expect(panel.locator("[data-role=verdict]")).to_contain_text("stands")  # English again, for the shared page
