"""Helpers for browser tests of lesson exercise panels: find a block's panel, and answer its item
right or wrong, with the right answer worked out by the engine (never read from the page)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from shengji_kit.puzzles import Puzzle
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.words.catalogue import text

LOAD_TIMEOUT_MS = 90_000


def open_lesson(page: Page, slug: str, panels: int) -> None:
    """Open ``lessons/<slug>.ipynb`` in Voila and wait for its ``panels`` exercise blocks."""
    page.goto(f"/voila/render/lessons/{slug}.ipynb")
    expect(page.locator("[data-role=exercise]")).to_have_count(panels, timeout=LOAD_TIMEOUT_MS)


def block(page: Page, group: str) -> Locator:
    return page.locator(f"[data-role=exercise][data-group={group}]")


def shown_item(panel: Locator, slug: str) -> Puzzle:
    """The lesson item the panel is asking now (by its ``data-item``)."""
    item_id = panel.get_attribute("data-item")
    return next(item for item in load_lesson(slug).items if item.id == item_id)


def right_and_wrong(item: Puzzle) -> tuple[str, str]:
    """A right and a wrong answer among the item's choices, as the engine judges them."""
    values = [choice.value for choice in item.question.choices()]
    right = [value for value in values if item.check(value).correct]
    assert len(right) == 1, (item.id, right)
    return right[0], next(value for value in values if value != right[0])


def answer_wrong_then_right(page: Page, slug: str, group: str) -> None:
    """A wrong answer says "Not quite." with the explanation; the right one then "Right."."""
    panel = block(page, group)
    item = shown_item(panel, slug)
    right, wrong = right_and_wrong(item)
    feedback = panel.locator("[data-role=feedback]")
    expect(feedback).to_be_empty()

    panel.locator(f"button[data-answer='{wrong}']").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text(text("puzzle_wrong", "en"))
    expect(feedback).to_contain_text(item.explanation("en"))
    expect(panel.locator("[data-role=score]")).to_have_text(text("ui_score", "en", right=0, asked=1))

    panel.locator(f"button[data-answer='{right}']").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(text("puzzle_right", "en"))
    expect(feedback).to_contain_text(item.explanation("en"))
