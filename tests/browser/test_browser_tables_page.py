"""Two learners on one ``shengji-kit serve --classroom`` sit down at a shared table from the Tables page by
clicking "sit here", and each plays a card by clicking it and Play, as in the play app; each sees the
other's card. Screenshots of the page at 390, 768 and 1366 px go to test-artifacts/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from live_server import VoilaServer, stop_server
from playwright.sync_api import Browser, expect
from tables_pages import TablesPage, launch_class_server, lobby_row, sit_here, step
from test_browser_classroom import tab

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit.classroom.tables.client import TableClient

pytestmark = pytest.mark.browser

CODE = "class-4455"
TEACHER_CODE = "teacher-6677"
LEARNERS = ("Ann", "Bo")  # Ann sits South (0), Bo East (1): Bo's page draws Ann at its West (3)
WIDTHS = (390, 768, 1366)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    launched = launch_class_server(tmp_path_factory.mktemp("tables-page-data"), CODE, TEACHER_CODE,
                                   "voila-tables-page.log")
    yield launched
    stop_server(launched)


def test_two_learners_sit_from_the_tables_page_and_each_plays_a_card(browser: Browser, server: VoilaServer) -> None:
    teacher = TableClient(server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table_id = teacher.open_table("Room T", seed=7, tier="gentle", learners=[*LEARNERS, None, None])
    with ExitStack() as tabs:
        pages = {name: tabs.enter_context(tab(browser, server, name)) for name in LEARNERS}
        tables: dict[str, TablesPage] = {}
        for seat, (name, page) in enumerate(pages.items()):
            row = lobby_row(page, CODE, name, table_id)
            expect(row.locator("[data-bot=gentle]")).to_have_count(2)
            if seat == 0:
                for width in WIDTHS:
                    page.set_viewport_size({"width": width, "height": 900})
                    page.screenshot(path=ARTIFACTS / f"tables-page-lobby-{width}.png", full_page=True)
            tables[name] = sit_here(page, row, table_id, seat)
        for table in tables.values():  # both sat: the table starts and deals
            table.hand_cards.first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        pages["Ann"].screenshot(path=ARTIFACTS / "tables-page-dealt-1366.png", full_page=True)

        played: dict[str, list[str]] = {}
        deadline = time.monotonic() + 240
        while len(played) < len(LEARNERS) and time.monotonic() < deadline:
            for name, table in tables.items():
                did = step(table)
                assert did is None or did.kind != "summary", "the round ended before both learners played"
                cards = list(did.cards) if did is not None else []
                if cards and name not in played:
                    played[name] = cards
                    if name == "Ann":  # Bo's page shows Ann's cards, played at its West
                        pages["Bo"].wait_for_function(
                            """codes => [...document.querySelectorAll("[data-played-by='3'] button[data-card]")]
                                 .map(b => b.dataset.card).sort().join(' ') === codes""",
                            arg=" ".join(sorted(cards)), timeout=30_000)
            time.sleep(0.2)
        assert set(played) == set(LEARNERS), f"only {sorted(played)} played a card"
        expect(pages["Ann"].locator("[data-role=seat-box], [data-role=table]").first).to_be_visible()
        assert "Ann (you)" in pages["Ann"].locator("[data-role=table]").inner_text()
        # Ann reloads her page: the browser gives the learner bar her name, the page takes her seat up again
        ann = pages["Ann"]
        hand = sorted(tables["Ann"].hand_codes())
        ann.reload()
        expect(ann.locator(f"[data-role=tables-seated][data-table='{table_id}']")).to_be_visible(
            timeout=PAGE_TIMEOUT_MS)
        expect(ann.locator("[data-role=message]")).to_contain_text("Welcome back")
        tables["Ann"].hand_cards.first.wait_for(state="visible")
        assert sorted(tables["Ann"].hand_codes()) == hand
        for width in WIDTHS:
            for name, page in pages.items():
                page.set_viewport_size({"width": width, "height": 900})
                page.screenshot(path=ARTIFACTS / f"tables-page-{name}-{width}.png", full_page=True)
        # the page's language button: the seats, the prompt and the page's lines in Chinese
        bo = tables["Bo"]
        bo.click(bo.button("lang"))
        expect(pages["Bo"].locator("[data-role=table]")).to_contain_text("Bo（你）")
        expect(pages["Bo"].locator("[data-role=tables-seated]")).to_contain_text("离开牌桌")
        pages["Bo"].screenshot(path=ARTIFACTS / "tables-page-Bo-zh-1366.png", full_page=True)
        for width in WIDTHS[:-1]:  # the Chinese page on a phone and a tablet: nothing pushes the page sideways
            pages["Bo"].set_viewport_size({"width": width, "height": 900})
            expect(pages["Bo"].locator("[data-role=table]")).to_contain_text("Bo（你）")
            pages["Bo"].screenshot(path=ARTIFACTS / f"tables-page-Bo-zh-{width}.png", full_page=True)
            wide = pages["Bo"].evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert wide[0] <= wide[1] + 1, f"the Chinese Tables page scrolls sideways at {width} px: {wide}"
