"""A whole shared round in the browser: on one ``shengji-kit serve --classroom`` the teacher opens a table for
Ann and Bo with two bots; both sit by clicking "Sit here" on the Tables page and play every card by clicking it
and Play until the round's summary shows on both pages. Midway Ann's page reloads and takes her seat up again;
the teacher pauses the table and Bo's page says so, then resumes. The finished round is a record in the data
folder's records (where the teacher's projector lists it). Screenshots of a seated page at 390 and 1366 px."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from live_server import VoilaServer, stop_server
from playwright.sync_api import Browser, Page, expect
from tables_pages import SUMMARY, TablesPage, launch_class_server, lobby_row, sit_here, step
from test_browser_classroom import tab

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.game.record import load, replay

pytestmark = pytest.mark.browser

CODE = "class-5511"
TEACHER_CODE = "teacher-5522"
LEARNERS = ("Ann", "Bo")  # Ann sits South (0), Bo East (1); bots in North and West
RELOAD_AFTER, PAUSE_AFTER = 4, 7  # Ann's plays before her page reloads, before the teacher pauses
ROUND_SECONDS = 900


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables-round-data")


@pytest.fixture(scope="module")
def server(data: Path) -> Iterator[VoilaServer]:
    launched = launch_class_server(data, CODE, TEACHER_CODE, "voila-tables-round.log")
    yield launched
    stop_server(launched)


def shoot(page: Page, name: str) -> None:
    for width in (390, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=ARTIFACTS / f"tables-round-{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 900})


def test_two_learners_play_a_shared_round_to_its_summary(browser: Browser, server: VoilaServer, data: Path) -> None:
    teacher = TableClient(server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table_id = teacher.open_table("Room R", seed=3, tier="steady", learners=[*LEARNERS, None, None])
    with ExitStack() as tabs:
        pages = {name: tabs.enter_context(tab(browser, server, name)) for name in LEARNERS}
        tables: dict[str, TablesPage] = {}
        for seat, (name, page) in enumerate(pages.items()):
            tables[name] = sit_here(page, lobby_row(page, CODE, name, table_id), table_id, seat)
        for table in tables.values():  # both sat: the table starts and deals
            table.hand_cards.first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)

        plays = dict.fromkeys(LEARNERS, 0)
        done: set[str] = set()
        reloaded = paused = False
        deadline = time.monotonic() + ROUND_SECONDS
        while len(done) < len(LEARNERS) and time.monotonic() < deadline:
            for name, table in tables.items():
                if name in done:
                    continue
                did = step(table, checked=False)
                if did is not None and did.kind == "summary":
                    done.add(name)
                elif did is not None and did.kind == "play":
                    plays[name] += 1
                    if name == "Ann" and plays[name] == PAUSE_AFTER and not paused:
                        break  # Bo is likely next: the pause catches Bo's page asked to play
            if not reloaded and plays["Ann"] >= RELOAD_AFTER:
                # Ann's page reloads: the learner bar gives her name again, the page takes her seat up again
                reloaded = True
                ann, hand = pages["Ann"], sorted(tables["Ann"].hand_codes())
                shoot(ann, "Ann-seated")
                ann.reload()
                expect(ann.locator(f"[data-role=tables-seated][data-table='{table_id}']")).to_be_visible(
                    timeout=PAGE_TIMEOUT_MS)
                expect(ann.locator("[data-role=message]")).to_contain_text("Welcome back")
                tables["Ann"].hand_cards.first.wait_for(state="visible")
                assert sorted(tables["Ann"].hand_codes()) == hand
            if not paused and plays["Ann"] >= PAUSE_AFTER:
                # the teacher pauses: Bo's page says so and offers no move; resumed, play goes on
                paused = True
                teacher.set_paused(table_id, True)
                bo = pages["Bo"]
                expect(bo.locator("[data-role=tables-paused]")).to_contain_text("paused", timeout=30_000)
                expect(bo.locator("button[data-action=play]")).to_have_count(0)  # no move while paused
                bo.screenshot(path=ARTIFACTS / "tables-round-Bo-paused-1366.png", full_page=True)
                teacher.set_paused(table_id, False)
                expect(bo.locator("[data-role=tables-paused]")).to_have_count(0, timeout=30_000)
            if not done:
                time.sleep(0.1)
        assert done == set(LEARNERS), f"the summary showed for {sorted(done)} only; plays {plays}"
        assert reloaded and paused
        for page in pages.values():
            expect(page.locator(SUMMARY).first).to_be_visible()
        shoot(pages["Bo"], "Bo-summary")

    # the finished round is a round record where the projector lists records, with the seats' names
    path = data / "records" / f"table-{table_id}-round-001.json"
    record = load(path)
    assert record["players"][:2] == list(LEARNERS)
    assert replay(record).result.total == record["total"]
