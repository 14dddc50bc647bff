"""Helpers for the lesson browser tests: open a lesson, find an exercise panel by its item's title."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.model import Puzzle

LOAD_TIMEOUT_MS = 90_000


def open_lesson(page: Page, slug: str, panels: int) -> None:
    """Open ``lessons/<slug>.ipynb`` in Voila and wait until its ``panels`` exercise blocks are drawn."""
    page.goto(f"/voila/render/lessons/{slug}.ipynb")
    expect(page.locator("[data-role=exercise]")).to_have_count(panels, timeout=LOAD_TIMEOUT_MS)


def first_item(slug: str, group: str) -> Puzzle:
    """The first item of an exercise block, as the notebook shows it first."""
    return load_lesson(slug).group(group)[0]


def panel_of(page: Page, item: Puzzle, lang: str = "en") -> Locator:
    """The exercise panel showing ``item`` (found by its title)."""
    title = page.locator(".sk-panel-title", has_text=item.title(lang))
    return page.locator("[data-role=exercise]", has=title)


def expect_feedback(panel: Locator, item: Puzzle, answer: object, lang: str = "en") -> None:
    """The panel's feedback is the engine's judgement of ``answer`` and the item's explanation."""
    feedback = item.check(answer)
    shown = panel.locator("[data-role=feedback]")
    expect(shown).to_have_attribute("data-kind", "ok" if feedback.correct else "error")
    expect(shown).to_contain_text(feedback.verdict(lang))
    expect(shown).to_contain_text(item.explanation(lang))
