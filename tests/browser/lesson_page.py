"""Helpers for browser tests of the lesson pages: open a lesson, find an exercise panel (by its
block or by its item's title), and answer or judge its item, with the right answer worked out by
the engine (never read from the page)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from conftest import SharedTab
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.model import Puzzle
from shengji_kit.words.catalogue import text

LOAD_TIMEOUT_MS = 90_000


def open_lesson(page: Page, slug: str, panels: int) -> None:
    """Open ``lessons/<slug>.ipynb`` in Voila and wait until its ``panels`` exercise blocks are drawn."""
    page.goto(f"/voila/render/lessons/{slug}.ipynb")
    expect(page.locator("[data-role=exercise]")).to_have_count(panels, timeout=LOAD_TIMEOUT_MS)


def shared_lesson(tab: SharedTab, slug: str, panels: int) -> Page:
    """``lessons/<slug>.ipynb`` in the module's shared tab (loaded by the first test that asks), its ``panels``
    exercise blocks drawn: for tests that act on blocks no other test of their module touches."""
    page = tab.show(f"/voila/render/lessons/{slug}.ipynb")
    expect(page.locator("[data-role=exercise]")).to_have_count(panels, timeout=LOAD_TIMEOUT_MS)
    return page


def block(page: Page, group: str) -> Locator:
    """The exercise panel of the block ``group``."""
    return page.locator(f"[data-role=exercise][data-group={group}]")


def shown_item(panel: Locator, slug: str) -> Puzzle:
    """The lesson item the panel is asking now (by its ``data-item``)."""
    item_id = panel.get_attribute("data-item")
    return next(item for item in load_lesson(slug).items if item.id == item_id)


def first_item(slug: str, group: str) -> Puzzle:
    """The first item of an exercise block, as the notebook shows it first."""
    return load_lesson(slug).group(group)[0]


def panel_of(page: Page, item: Puzzle, lang: str = "en") -> Locator:
    """The exercise panel showing ``item`` (found by its title)."""
    title = page.locator(".sk-panel-title", has_text=item.title(lang))
    return page.locator("[data-role=exercise]", has=title)


def right_and_wrong(item: Puzzle) -> tuple[str, str]:
    """A right and a wrong answer among the item's choices, as the engine judges them."""
    values = [choice.value for choice in item.question.choices()]
    right = [value for value in values if item.check(value).correct]
    assert len(right) == 1, (item.id, right)
    return right[0], next(value for value in values if value != right[0])


def expect_feedback(panel: Locator, item: Puzzle, answer: object, lang: str = "en") -> None:
    """The panel's feedback is the engine's judgement of ``answer``; the item's explanation only once right
    (a wrong answer offers a retry, the answer waits for "Show me")."""
    feedback = item.check(answer)
    shown = panel.locator("[data-role=feedback]")
    expect(shown).to_have_attribute("data-kind", "ok" if feedback.correct else "error")
    expect(shown).to_contain_text(feedback.verdict(lang))
    if feedback.correct:
        expect(shown).to_contain_text(item.explanation(lang))
    else:
        expect(shown).not_to_contain_text(item.explanation(lang))
        expect(shown).to_contain_text(text("trainer_try_again", lang))


def answer_wrong_then_right(page: Page, slug: str, group: str) -> None:
    """A wrong answer says "Not quite." and why, keeping the explanation back; the right one then "Right."."""
    panel = block(page, group)
    item = shown_item(panel, slug)
    right, wrong = right_and_wrong(item)
    feedback = panel.locator("[data-role=feedback]")
    expect(feedback).to_be_empty()

    panel.locator(f"button[data-answer='{wrong}']").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text(text("puzzle_wrong", "en"))
    expect(feedback).not_to_contain_text(item.explanation("en"))
    expect(feedback).to_contain_text(text("trainer_try_again", "en"))
    expect(panel.locator("[data-role=score]")).to_have_text(text("ui_score", "en", right=0, asked=1))

    panel.locator(f"button[data-answer='{right}']").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(text("puzzle_right", "en"))
    expect(feedback).to_contain_text(item.explanation("en"))
