"""One language, chosen once (issue 20): the choice made on one page is where every next page opens.

The browser keeps it (localStorage, the language keeper widget); the Voila template shows only that
language's prose cells (tagged lang-en / lang-zh) before the kernel starts, and the kernel's widgets
follow once the keeper hands the choice back.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import chromium
import pytest
from lab_server import jupyter_lab
from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS, guard, screenshot
from shengji_kit.apps.serving import serve
from shengji_kit.widgets.language_keeper import STORAGE_KEY
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LANDING = f"/voila/render/{serve.LANDING_PAGE}"
LESSON = "lessons/01_trump_ranking.ipynb"
PLAY = "notebooks/play.ipynb?seed=1&delay=0.05"
CELLS_PAGE = "tests/browser/pages/language_cells.ipynb"  # a title pair and a lab-only pair
LOAD_TIMEOUT_MS = 90_000
SWITCH = "button[data-action=lang]"


def tagged_cells(notebook: str, lang: str) -> int:
    """How many markdown cells of the notebook are tagged ``lang-<lang>``."""
    cells = json.loads((ROOT / notebook.split("?")[0]).read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells if f"lang-{lang}" in cell.get("metadata", {}).get("tags", []))


def expect_page_in(page: Page, notebook: str, lang: str, shown_cells: int | None = None) -> None:
    """The page is marked ``lang``, its widgets speak it, and only that language's prose cells are shown
    (``shown_cells`` of them; every cell tagged ``lang-<lang>`` when left out)."""
    other = "zh" if lang == "en" else "en"
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("html")).to_have_class(f"sk-lang-{lang}")
    expect(page.locator(SWITCH).first).to_have_text(text("ui_lang_switch", lang), timeout=LOAD_TIMEOUT_MS)
    expect(page.locator(f".sk-prose-cell[data-sk-lang={other}]:visible")).to_have_count(0)
    expect(page.locator(f".sk-prose-cell[data-sk-lang={lang}]:visible")).to_have_count(
        tagged_cells(notebook, lang) if shown_cells is None else shown_cells
    )


def test_a_language_picked_once_opens_every_next_page_in_it(page: Page) -> None:
    """中文 on the landing page: the play app and a lesson open in Chinese; English on the lesson: the next page."""
    page.goto(LANDING)
    page.locator(SWITCH).first.click()
    expect_page_in(page, "notebooks/index.ipynb", "zh")
    expect(page).to_have_title("升级工具箱")
    catalogue = page.locator("[data-role=catalogue]")
    expect(catalogue.locator("a[data-notebook='notebooks/play.ipynb']")).to_have_text("打一局", use_inner_text=True)

    page.goto(f"/voila/render/{PLAY}")
    expect_page_in(page, PLAY, "zh")
    expect(page).to_have_title("打一局")
    expect(page.get_by_role("heading", name="打一局")).to_be_visible()
    expect(page.get_by_role("heading", name="Play a round")).to_have_count(0)
    expect(page.locator("[data-role=table]")).to_have_attribute("lang", "zh", timeout=LOAD_TIMEOUT_MS)

    page.goto(f"/voila/render/{LESSON}")
    expect_page_in(page, LESSON, "zh")
    score = page.locator("[data-role=exercise] [data-role=score]").first
    expect(score).to_have_text(text("ui_score", "zh", right=0, asked=0), timeout=LOAD_TIMEOUT_MS)
    page.locator(SWITCH).first.click()
    expect_page_in(page, LESSON, "en")
    expect(score).to_have_text(text("ui_score", "en", right=0, asked=0))

    page.goto(LANDING)
    expect_page_in(page, "notebooks/index.ipynb", "en")
    expect(page).to_have_title("Shengji kit")
    expect(page.get_by_role("heading", name="Shengji kit")).to_be_visible()


def test_lab_only_cells_are_hidden_and_no_storage_is_no_error(page: Page) -> None:
    """A private window whose storage refuses every write (as Safari's did): the page opens in English,
    switches, and never errs (the page guard fails the test on a script error); the next page opens in
    English again. JupyterLab-only cells never show in Voila."""
    page.add_init_script(
        "Storage.prototype.setItem = function () { throw new DOMException('refused', 'QuotaExceededError'); };"
    )
    page.goto(f"/voila/render/{CELLS_PAGE}")
    expect_page_in(page, CELLS_PAGE, "en", shown_cells=1)
    expect(page).to_have_title("Language cells")
    expect(page.locator(".sk-prose-cell.sk-lab-only")).to_have_count(2)
    expect(page.get_by_text("edit the cell above")).to_be_hidden()
    page.locator(SWITCH).first.click()
    expect_page_in(page, CELLS_PAGE, "zh", shown_cells=1)
    expect(page).to_have_title("语言测试页")
    expect(page.get_by_text("改上面的代码格")).to_be_hidden()
    page.goto(f"/voila/render/{CELLS_PAGE}")
    expect_page_in(page, CELLS_PAGE, "en", shown_cells=1)


def test_jupyterlab_shows_both_languages_each_cell_in_its_own(browser: Browser, tmp_path: Path) -> None:
    """In JupyterLab every prose cell shows (the zh twin under the en cell, lab-only asides too), each with
    the lang of its text; the switch flips the widget and is remembered for the next notebook."""
    shutil.copy(ROOT / CELLS_PAGE, tmp_path / "cells.ipynb")
    with jupyter_lab(tmp_path, ARTIFACTS / "jupyterlab-language.log") as lab:
        context = browser.new_context(viewport=chromium.VIEWPORT, base_url=lab.base_url, locale="en-US")
        seen = guard(context)
        try:
            page = context.new_page()
            page.goto("/lab/tree/cells.ipynb", timeout=PAGE_TIMEOUT_MS)
            page.get_by_text("| Idle").wait_for(timeout=PAGE_TIMEOUT_MS)
            page.locator(".jp-Notebook .jp-CodeCell .jp-InputArea-editor").first.click()
            page.keyboard.press("Control+Enter")
            switch = page.locator(f".jp-Notebook {SWITCH}")
            expect(switch).to_have_text(text("ui_lang_switch", "en"), timeout=PAGE_TIMEOUT_MS)
            prose = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown")
            expect(prose).to_have_count(4)
            for shown in prose.all():
                expect(shown).to_be_visible()
            expect(page.locator(".jp-MarkdownCell .jp-RenderedMarkdown[lang=en]")).to_have_count(2)
            expect(page.locator(".jp-MarkdownCell .jp-RenderedMarkdown[lang=zh]")).to_have_count(2)
            switch.click()
            expect(switch).to_have_text(text("ui_lang_switch", "zh"))
            expect(page.locator("body")).to_have_class(re.compile(r"\bsk-lang-zh\b"))
            assert page.evaluate(f"localStorage.getItem({json.dumps(STORAGE_KEY)})") == "zh"
        finally:
            if context.pages:
                screenshot(context.pages[0], "jupyterlab-language")
            context.unroute_all(behavior="ignoreErrors")
            context.close()
    assert not seen.foreign_requests, seen.foreign_requests
