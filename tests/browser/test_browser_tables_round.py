"""A whole shared round in the browser: on one ``shengji-kit serve --classroom`` the teacher opens a table for
Ann and Bo with two bots; both sit by clicking "Sit here" on the Tables page and play every card by clicking it
and Play until the round's summary shows on both pages. Midway Ann's page reloads and takes her seat up again;
the teacher pauses the table and Bo's page says so, then resumes. The finished round is a record in the data
folder's records (where the teacher's projector lists it). Screenshots of a seated page at 390 and 1366 px."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from card_table import MY_TURN
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Browser, Page, expect
from test_browser_classroom import choose_name, tab
from test_browser_play import hand_of
from test_browser_tables_page import TablesPage

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit import legal_plays, parse_cards
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.game.record import load, replay
from shengji_kit.practice import ENV_VAR

pytestmark = pytest.mark.browser

CODE = "class-5511"
TEACHER_CODE = "teacher-5522"
TABLES = f"/voila/render/notebooks/tables.ipynb?token={CODE}"
LEARNERS = ("Ann", "Bo")  # Ann sits South (0), Bo East (1); bots in North and West
RELOAD_AFTER, PAUSE_AFTER = 4, 7  # Ann's plays before her page reloads, before the teacher pauses
ROUND_SECONDS = 900
SUMMARY = "[data-role=summary]"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables-round-data")


@pytest.fixture(scope="module")
def server(data: Path) -> Iterator[VoilaServer]:
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", TEACHER_CODE]
    env = {**os.environ, ENV_VAR: str(data)}
    env.pop("SHENGJI_KIT_CLASS_DB", None)
    launched = launch_server(command, port, ARTIFACTS / "voila-tables-round.log", env)
    yield launched
    stop_server(launched)


def step(table: TablesPage) -> str | None:
    """One move by clicks when the learner is asked: pass a bid, bury eight, or play the engine's first legal
    play by clicking its cards and Play. What was done (``summary`` once the round is over; None: not asked)."""
    page = table.page
    if page.locator(SUMMARY).count() and page.locator(SUMMARY).first.is_visible():
        return "summary"
    if not page.locator(MY_TURN).count():
        return None
    turn = table.wait_for_turn(timeout=5_000)
    if turn.kind == "summary":
        return "summary"
    if turn.kind == "play":
        hand = hand_of(table)
        play = next(legal_plays(table.lead(), hand, table.trump()))
        table.select(play)
        before = table.hand_count()
        table.click(table.button("play"))
        expect(table.hand).to_have_attribute("data-count", str(before - len(play)))
    elif turn.kind == "bury":
        table.select(parse_cards(" ".join(table.hand_codes()))[:8])
        table.click(table.button("bury"))
    elif "pass" in turn.actions:
        table.click(table.button("pass"))
    elif page.locator("button[data-action=deal-on]").count():
        table.click(table.button("deal-on"))
    else:
        table.click(table.button(turn.kind))
    return turn.kind


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
            page.goto(TABLES)
            choose_name(page, name)
            row = page.locator(f"[data-role=tables-table][data-table='{table_id}']")
            expect(row).to_be_visible(timeout=PAGE_TIMEOUT_MS)
            row.locator(f"button[data-action=sit][data-value='{table_id}:{seat}']").click()
            expect(page.locator(f"[data-role=tables-seated][data-table='{table_id}']")).to_be_visible()
            tables[name] = TablesPage(page)
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
                did = step(table)
                if did == "summary":
                    done.add(name)
                elif did == "play":
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
