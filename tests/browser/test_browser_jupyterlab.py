"""The play table inside JupyterLab 4 (not only Voila): keys typed on a card stay in the widget."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_server import PLAY_NOTEBOOK, jupyter_lab, lab_tab, run_first_cell, write_notebook
from live_server import VoilaServer
from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS

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
    with lab_tab(browser, lab_server, request.node.name) as tab:
        yield tab


def run_notebook(page: Page) -> None:
    """Open the notebook in JupyterLab, run its cell and wait for the hand."""
    run_first_cell(page, PLAY_NOTEBOOK, HAND_CARDS)


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
