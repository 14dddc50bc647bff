"""The landing page in a real browser: it lists every lesson and app, and each link opens it."""

from __future__ import annotations

import re

import pytest
from live_server import VoilaServer
from playwright.sync_api import Page, Route, expect

from conftest import SharedTab
from shengji_kit.apps.serving import serve

pytestmark = pytest.mark.browser

LANDING = f"/voila/render/{serve.LANDING_PAGE}"
# A failed cell (Voila runs with show_tracebacks) or stray stderr shows as a stderr output.
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


# The first two tests share one load of the landing page (``shared_tab``): the first reads it, the second clicks
# its links with the notebooks' addresses answered by a stand-in, and lifts that stand-in again.


def test_landing_page_lists_every_lesson_and_app(shared_tab: SharedTab) -> None:
    """Each notebook the catalogue finds appears once, under its folder, with its title."""
    entries = serve.catalogue()
    assert entries, "the catalogue found no lessons or apps"
    page = shared_tab.show(LANDING)
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


def test_every_landing_link_opens_its_notebook(shared_tab: SharedTab, voila_server: VoilaServer) -> None:
    """Each link opens its notebook's address in a new tab. What the notebook then shows (its title, no
    error output) is checked where it is loaded anyway, in ``test_browser_fit.py``'s link tests; here the new tab
    gets a stand-in page, so 17 kernels are not started a second time to check the same things."""
    entries = serve.catalogue()
    assert entries, "the catalogue found no lessons or apps"
    page = shared_tab.show(LANDING)
    expect(page.locator("[data-role=catalogue]")).to_be_visible()
    opened_addresses: list[str] = []

    def stand_in(route: Route) -> None:
        opened_addresses.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>opened</title><h1>opened</h1>")

    notebooks = re.compile(r".*/voila/render/(lessons|notebooks)/(?!index\.ipynb).*")
    page.context.route(notebooks, stand_in)
    try:
        for entry in entries:
            with page.context.expect_page() as opened:
                page.locator(f"a[data-notebook='{entry.path}']").click()
            tab = opened.value
            tab.wait_for_url(voila_server.url(f"/voila/render/{entry.path}"))
            expect(tab.get_by_role("heading", name="opened")).to_be_visible()
            tab.close()
    finally:
        page.context.unroute(notebooks, stand_in)  # the module's other tests share this context
    assert [address.split("?")[0] for address in opened_addresses] == [
        voila_server.url(f"/voila/render/{entry.path}") for entry in entries
    ]


def test_tree_lists_the_lesson_and_app_folders(page: Page) -> None:
    """The server's root is the repository, so both notebook folders are browsable from it."""
    page.goto("/")
    for folder in serve.FOLDERS:
        expect(page.get_by_text(folder, exact=True).first).to_be_visible()
