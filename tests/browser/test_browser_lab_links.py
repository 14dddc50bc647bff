"""A copied lesson folder in JupyterLab: lesson 2's link to the rules opens the rules copied beside it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from lab_server import jupyter_lab, lab_tab
from live_server import VoilaServer
from playwright.sync_api import Browser, Page, expect

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit.apps.lessons.copy_notebooks import copy_lessons

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def copied_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """JupyterLab over a folder made by ``shengji-kit lessons copy``."""
    root = tmp_path_factory.mktemp("copied-lessons")
    copy_lessons(root)
    with jupyter_lab(root, ARTIFACTS / "jupyterlab-copied.log") as server:
        yield server


@pytest.fixture
def lab_page(browser: Browser, copied_lab: VoilaServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    with lab_tab(browser, copied_lab, request.node.name) as tab:
        yield tab


def test_the_rules_link_of_a_copied_lesson_opens_the_copied_rules(lab_page: Page) -> None:
    lab_page.goto("/lab/tree/02_tractors.ipynb")
    # JupyterLab resolves the href itself (to /files/…): the link is found by its text
    link = lab_page.locator(".jp-Notebook .jp-MarkdownOutput a", has_text="§2").first
    expect(link).to_be_visible(timeout=PAGE_TIMEOUT_MS)
    link.click()
    opened = lab_page.get_by_role("tab", name=re.compile(r"rules(\.zh)?\.md"))
    expect(opened).to_be_visible(timeout=30_000)
    opened.click()
    expect(lab_page.get_by_text("§1 Table, cards, points").filter(visible=True).first).to_be_visible()
