"""Lesson 2 in a real browser: the learner types cards into the card reader instead of editing a cell,
in Voila and in JupyterLab.

The expected sentences are the engine's own (``tractor_line``, the parser's refusal), never read from the page.
"""

from __future__ import annotations

from collections.abc import Iterator

import chromium
import pytest
from lab_server import jupyter_lab, write_notebook
from lesson_page import open_lesson
from live_server import VoilaServer
from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS, screenshot
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


READER_NOTEBOOK = "card_reader.ipynb"
READER_SOURCE = (
    'from shengji_kit.apps.lessons import tractors_lesson\n\ntractors_lesson.reader("S6 S6 S8 S8", level="4")'
)


@pytest.fixture(scope="module")
def reader_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """JupyterLab serving one notebook with lesson 2's card reader."""
    root = tmp_path_factory.mktemp("lab-reader")
    write_notebook(root, READER_NOTEBOOK, READER_SOURCE)
    with jupyter_lab(root, ARTIFACTS / "jupyterlab-reader.log") as server:
        yield server


def test_the_card_reader_works_in_jupyterlab_and_typing_stays_in_it(browser: Browser, reader_lab: VoilaServer) -> None:
    """Typed letters (``d d``, ``b``, ``a`` are JupyterLab's cell shortcuts) go into the field, Enter reads them."""
    context = browser.new_context(viewport=chromium.VIEWPORT, base_url=reader_lab.base_url, locale="en-US")
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(f"/lab/tree/{READER_NOTEBOOK}")
        cell = page.locator(".jp-Notebook .jp-Cell").first
        cell.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        page.get_by_text("| Idle").wait_for(timeout=PAGE_TIMEOUT_MS)
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Control+Enter")
        box = page.locator("[data-role=card-reader] input[data-role=cards]")
        box.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        cells = page.locator(".jp-Notebook .jp-Cell").count()
        box.fill("")
        box.press_sequentially("d3 d3 d4 d4 ba")
        expect(box).to_have_value("d3 d3 d4 d4 ba")
        expect(page.locator(".jp-Notebook .jp-Cell")).to_have_count(cells)
        box.press("Backspace")
        box.press("Backspace")
        box.press("Backspace")
        box.press("Enter")
        cards = as_cards("D3 D3 D4 D4")
        expect(page.locator("[data-role=card-reader] [data-role=message]")).to_have_text(
            tractor_line(cards, Trump("4", "S")).render("en"))
    finally:
        if context.pages:
            screenshot(context.pages[0], "lab_card_reader")
        context.close()
