"""The play table inside JupyterLab 4 (not only Voila): keys typed on a card stay in the widget."""

from __future__ import annotations

from collections.abc import Iterator

import chromium
import pytest
from lab_server import PLAY_NOTEBOOK, jupyter_lab, write_notebook
from live_server import VoilaServer
from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS, guard, screenshot

pytestmark = pytest.mark.browser

HAND_CARDS = '[data-seat="0"] button[data-card][data-index]'


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    root = tmp_path_factory.mktemp("lab")
    write_notebook(root)
    with jupyter_lab(root, ARTIFACTS / "jupyterlab.log") as server:
        yield server


@pytest.fixture
def lab_page(browser: Browser, lab_server: VoilaServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport=chromium.VIEWPORT, base_url=lab_server.base_url, locale="en-US")
    context.set_default_timeout(30_000)
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    seen = guard(context)
    tab = context.new_page()
    yield tab
    screenshot(tab, request.node.name)
    context.unroute_all(behavior="ignoreErrors")
    context.close()
    # JupyterLab itself may log script errors of its own; requests to other hosts fail the test.
    assert not seen.foreign_requests, seen.foreign_requests


def run_notebook(page: Page) -> None:
    """Open the notebook in JupyterLab, run its cell and wait for the hand."""
    page.goto(f"/lab/tree/{PLAY_NOTEBOOK}")
    cell = page.locator(".jp-Notebook .jp-Cell").first
    cell.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    page.get_by_text("| Idle").wait_for(timeout=PAGE_TIMEOUT_MS)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.locator(HAND_CARDS).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)


def test_keys_on_a_card_do_not_reach_jupyterlab(lab_page: Page) -> None:
    run_notebook(lab_page)
    cells = lab_page.locator(".jp-Notebook .jp-Cell")
    count = cells.count()
    card = lab_page.locator(HAND_CARDS).first
    card.focus()
    lab_page.keyboard.press("d")
    lab_page.keyboard.press("d")
    lab_page.keyboard.press("b")
    lab_page.keyboard.press("a")
    lab_page.wait_for_timeout(500)
    expect(cells).to_have_count(count)
    expect(lab_page.locator(HAND_CARDS).first).to_be_visible()
