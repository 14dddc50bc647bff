"""A whole shared round in the browser: on one ``shengji-kit serve --classroom`` the teacher opens a table for
Ann and Bo with two bots; both sit by clicking "Sit here" on the Tables page and play by clicking cards and Play.
Midway Ann's page reloads and takes her seat up again; the teacher pauses the table and Bo's page says so, then
resumes; later Bo closes his page and, after the table's wait, a bot plays his seat to the end while Ann plays
to the round's summary. Ann then opens the coach's review of her own play. The finished round is a record in the
data folder's records (where the teacher's projector lists it). Screenshots at 390 and 1366 px.

Two learners, not four: each decision taken through a page costs seconds of kernel and browser time, and four
pages over a whole round (about 25 deal decisions and 25 plays each) took more than the ten minutes a test has
on the 2-core machine; four seats of learners are played over HTTP (tests/tables)."""

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
from test_browser_coach import BROKEN_HEADINGS

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.game.record import load, replay

pytestmark = pytest.mark.browser

CODE = "class-5511"
TEACHER_CODE = "teacher-5522"
LEARNERS = ("Ann", "Bo")  # Ann sits South (0), Bo East (1); bots in North and West
RELOAD_AFTER, PAUSE_AFTER = 4, 7  # Ann's plays before her page reloads, before the teacher pauses
LEAVE_AFTER = 9  # Bo's plays before he closes his page
WAIT_SECONDS = 15.0  # the table's wait before a bot plays for a silent page
REVIEW_TIMEOUT_MS = 120_000
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


def test_two_learners_play_a_shared_round_one_leaves_and_a_bot_finishes(
        browser: Browser, server: VoilaServer, data: Path) -> None:
    teacher = TableClient(server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table_id = teacher.open_table("Room R", seed=3, tier="steady", learners=[*LEARNERS, None, None],
                                  grace=WAIT_SECONDS)
    with ExitStack() as tabs:
        pages = {name: tabs.enter_context(tab(browser, server, name)) for name in LEARNERS}
        tables: dict[str, TablesPage] = {}
        for seat, (name, page) in enumerate(pages.items()):
            tables[name] = sit_here(page, lobby_row(page, CODE, name, table_id), table_id, seat)
        for table in tables.values():  # both sat: the table starts and deals
            table.hand_cards.first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)

        plays = dict.fromkeys(LEARNERS, 0)
        done: set[str] = set()
        reloaded = paused = left = False
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
                    if name == "Bo" and plays[name] == LEAVE_AFTER:
                        shoot(pages["Bo"], "Bo-seated")
                        # Bo closes the page: its shutdown request stops his kernel, and nobody answers for his seat
                        # (the guard's route is lifted first, as a closing tab's request would not pass through it)
                        pages["Bo"].context.unroute_all(behavior="ignoreErrors")
                        pages["Bo"].goto("about:blank")
                        done.add("Bo")
                        left = True
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
        assert reloaded and paused and left
        ann = pages["Ann"]
        expect(ann.locator(SUMMARY).first).to_be_visible()
        shoot(ann, "Ann-summary")
        # a bot played Bo's seat once his page went quiet: the table says he is away, and the round ended
        seats = next(found for found in teacher.tables() if found["table"] == table_id)["seats"]
        assert seats[1]["learner"] == "Bo" and seats[1]["away"] is True and seats[1]["bot"] == "steady"

        # Ann reviews her own play in the round just over: the coach's review opens under the table
        ann.locator(SUMMARY).first.locator("button[data-action=review]").click()
        review = ann.locator(".sk-review-wide[data-role=review]")
        expect(review).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
        assert review.locator("tbody tr").count() >= 1
        broken = review.locator("th").evaluate_all(BROKEN_HEADINGS)
        assert not broken, f"headings broken inside a word: {broken}"
        shoot(ann, "Ann-review")

    # the finished round is a round record where the projector lists records, with the seats' names
    path = data / "records" / f"table-{table_id}-round-001.json"
    record = load(path)
    assert record["players"][:2] == list(LEARNERS)
    assert replay(record).result.total == record["total"]
