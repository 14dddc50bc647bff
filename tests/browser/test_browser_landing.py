"""The landing page in a real browser: it lists every lesson and app, and each link opens it."""

from __future__ import annotations

import re

import pytest
from live_server import VoilaServer
from playwright.sync_api import Page, expect

from shengji_kit.apps.serving import serve

pytestmark = pytest.mark.browser

LANDING = f"/voila/render/{serve.LANDING_PAGE}"
# A failed cell (Voila runs with show_tracebacks) or stray stderr shows as a stderr output.
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


def test_landing_page_lists_every_lesson_and_app(page: Page) -> None:
    """Each notebook the catalogue finds appears once, under its folder, with its title."""
    entries = serve.catalogue()
    assert entries, "the catalogue found no lessons or apps"
    page.goto(LANDING)
    expect(page.get_by_role("heading", name=re.compile("Shengji kit"))).to_be_visible()
    catalogue = page.locator("[data-role=catalogue]")
    expect(catalogue).to_be_visible()
    for folder in serve.FOLDERS:
        expect(catalogue.locator(f"h2[data-folder={folder}]")).to_have_text(serve.FOLDERS[folder])
    links = catalogue.locator("a[data-notebook]")
    expect(links).to_have_count(len(entries))
    for entry in entries:
        link = catalogue.locator(f"a[data-notebook='{entry.path}']")
        expect(link).to_have_text(entry.title, use_inner_text=True)  # the page's language only
        expect(link).to_have_attribute("href", f"../{entry.path}")
    expect(page.locator(ERROR_OUTPUT)).to_have_count(0)


def test_every_landing_link_opens_its_notebook(page: Page, voila_server: VoilaServer) -> None:
    """Each link opens its notebook in a new tab, rendered without errors and showing its title."""
    entries = serve.catalogue()
    assert entries, "the catalogue found no lessons or apps"
    page.goto(LANDING)
    for entry in entries:
        with page.context.expect_page() as opened:
            page.locator(f"a[data-notebook='{entry.path}']").click()
        tab = opened.value
        tab.wait_for_url(voila_server.url(f"/voila/render/{entry.path}"))
        expect(tab.get_by_role("heading", name=entry.title)).to_be_visible()
        expect(tab.locator(ERROR_OUTPUT)).to_have_count(0)
        tab.goto("about:blank")
        tab.close()


def test_tree_lists_the_lesson_and_app_folders(page: Page) -> None:
    """The server's root is the repository, so both notebook folders are browsable from it."""
    page.goto("/")
    for folder in serve.FOLDERS:
        expect(page.get_by_text(folder, exact=True).first).to_be_visible()
