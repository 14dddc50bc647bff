"""Lesson 2 in a real browser: the learner types cards into the card reader instead of editing a cell.

The expected sentences are the engine's own (``tractor_line``, the parser's refusal), never read from the page.
"""

from __future__ import annotations

import pytest
from lesson_page import open_lesson
from playwright.sync_api import Page, expect

from shengji_kit.engine.cards import as_cards
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.trump import Trump
from shengji_kit.puzzles.kinds.is_tractor import tractor_line
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

SLUG = "02_tractors"
TYPED = "♣3 ♣3 ♣5 ♣5"


def test_typing_cards_and_reading_them_at_level_four(page: Page) -> None:
    open_lesson(page, SLUG, 4)
    readers = page.locator("[data-role=card-reader]")
    expect(readers).to_have_count(2)
    reader = readers.nth(1)  # "at level 4, is ♣3 ♣3 ♣5 ♣5 a tractor?"
    box, verdict = reader.locator("input[data-role=cards]"), reader.locator("[data-role=message]")
    cards = as_cards(TYPED)

    box.fill(TYPED)
    reader.locator("button[data-action=read]").click()
    expect(verdict).to_have_text(tractor_line(cards, Trump("2", "H")).render("en"))
    reader.locator("button[data-action=level][data-value='4']").click()
    expect(verdict).to_have_text(tractor_line(cards, Trump("4", "H")).render("en"))
    expect(reader.locator("button[data-action=level][data-value='4']")).to_have_attribute("aria-pressed", "true")

    # bad card text, read with Enter: the engine's reason, and the text stays in the box in both languages
    box.fill("C3 CX")
    box.press("Enter")
    with pytest.raises(RuleError) as refused:
        as_cards("C3 CX")
    expect(verdict).to_have_attribute("data-kind", "error")
    expect(verdict).to_have_text(text("lca_reader_bad", "en", why=refused.value.message("en")))
    expect(box).to_have_value("C3 CX")
    reader.locator("button[data-action=lang]").click()
    expect(verdict).to_have_text(text("lca_reader_bad", "zh", why=refused.value.message("zh")))
    expect(box).to_have_value("C3 CX")
