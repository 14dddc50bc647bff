"""A page that vanishes without closing does not stall its table: on one ``serve --classroom``, Ann and Bo sit at a
table from the Tables page; then Bo's browser loses the network without closing the page (every request aborted,
the context offline: no unload, no kernel shutdown, his kernel lives on). Ann's page says "bot playing for Bo"
after the page's silence and the table's grace (about half a minute), not after the ten minutes it takes Voila to
cull Bo's kernel; Ann, who clicks nothing all that time, keeps her seat by her page's heartbeats. When Bo's
network is back, his page's next heartbeat takes his seat back from the bot.

Two page loads only (the machine is slow); the kernel's side is tested with its own clock in
tests/tables/test_page_presence.py."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import chromium
import pytest
from live_server import VoilaServer, stop_server
from playwright.sync_api import Browser, Page, Route, expect
from tables_pages import launch_class_server, lobby_row, sit_here
from test_browser_classroom import tab

from conftest import ACTION_TIMEOUT_MS, ARTIFACTS, PAGE_TIMEOUT_MS, guard, screenshot
from shengji_kit.classroom.tables.client import TableClient

pytestmark = pytest.mark.browser

CODE = "class-7311"
TEACHER_CODE = "teacher-7322"
GRACE_SECONDS = 15.0
AWAY_BEFORE_SECONDS = 150  # a page's silence (15 s) plus the grace (15 s) plus a slow machine's redraws; not 600


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    launched = launch_class_server(tmp_path_factory.mktemp("tables-vanish-data"), CODE, TEACHER_CODE,
                                   "voila-tables-vanish.log")
    yield launched
    stop_server(launched)


@contextmanager
def vanishing_tab(browser: Browser, server: VoilaServer) -> Iterator[Page]:
    """A learner's page whose network the test cuts: its own context; foreign requests fail the test, but the
    errors of a page that lost its network are expected."""
    context = browser.new_context(viewport=chromium.VIEWPORT, base_url=server.base_url, locale="en-US")
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    seen = guard(context)
    page = context.new_page()
    try:
        yield page
    except BaseException:
        screenshot(page, "tables-vanish-Bo")
        raise
    finally:
        context.close()
    assert not seen.foreign_requests, seen.foreign_requests


def test_a_page_gone_without_closing_is_covered_by_a_bot_in_well_under_ten_minutes(
        browser: Browser, server: VoilaServer) -> None:
    teacher = TableClient(server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table_id = teacher.open_table("Room V", seed=5, tier="steady", learners=["Ann", "Bo", None, None],
                                  grace=GRACE_SECONDS)
    with tab(browser, server, "tables-vanish-Ann") as ann, vanishing_tab(browser, server) as bo:
        tables = [sit_here(page, lobby_row(page, CODE, name, table_id), table_id, seat)
                  for seat, (name, page) in enumerate((("Ann", ann), ("Bo", bo)))]
        for table in tables:  # both sat: the table starts and deals
            table.hand_cards.first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        page_of_ann = ann.locator("[data-role=tables-page]")
        expect(page_of_ann).not_to_contain_text("bot playing for Bo")

        # Bo's phone loses its Wi-Fi: no request gets through and the page is offline, but it never closes
        def cut(route: Route) -> None:
            route.abort()

        bo.context.route("**/*", cut)
        bo.context.set_offline(True)
        vanished = time.monotonic()
        expect(page_of_ann).to_contain_text("bot playing for Bo", timeout=AWAY_BEFORE_SECONDS * 1000)
        took = time.monotonic() - vanished
        assert took >= GRACE_SECONDS, f"a bot took Bo's seat after {took:.0f} s, before the table's grace"
        ann.screenshot(path=ARTIFACTS / "tables-vanish-Ann-1366.png", full_page=True)

        seats = next(found for found in teacher.tables() if found["table"] == table_id)["seats"]
        assert seats[1]["learner"] == "Bo" and seats[1]["away"] is True and seats[1]["bot"] == "steady"
        # Ann clicked nothing for all that time: her page's heartbeats kept her seat hers
        assert seats[0]["learner"] == "Ann" and seats[0]["away"] is False

        # the Wi-Fi is back: Bo's next heartbeat takes his seat back from the bot, as a reload would
        bo.context.set_offline(False)
        bo.context.unroute("**/*", cut)
        expect(page_of_ann).not_to_contain_text("bot playing for Bo", timeout=60_000)
        expect(bo.locator(f"[data-role=tables-seated][data-table='{table_id}']")).to_be_visible()
        seats = next(found for found in teacher.tables() if found["table"] == table_id)["seats"]
        assert seats[1]["learner"] == "Bo" and seats[1]["away"] is False and seats[1]["bot"] is None
