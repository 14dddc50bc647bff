"""The teacher's dashboard on ``serve --classroom`` lists the class's shared tables live: a table the
teacher opens appears, and a learner who sits down appears in their seat without a reload."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import axe
import pytest
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.practice import ENV_VAR

pytestmark = pytest.mark.browser

CODE = "class-2345"
TEACHER_CODE = "teacher-98765"
DASHBOARD = f"/voila/render/notebooks/classroom.ipynb?token={CODE}&teacher={TEACHER_CODE}"


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """``shengji-kit serve --classroom`` on 127.0.0.1, its class store in a fresh data folder."""
    data = tmp_path_factory.mktemp("tables-data")
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", TEACHER_CODE]
    env = {**os.environ, ENV_VAR: str(data)}
    env.pop("SHENGJI_KIT_CLASS_DB", None)
    server = launch_server(command, port, ARTIFACTS / "voila-tables.log", env)
    yield server
    stop_server(server)


def test_the_dashboard_shows_the_tables_live(page: Page, voila_server: VoilaServer) -> None:
    teacher = TableClient(voila_server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table = teacher.open_table("Room A", seed=3, tier="gentle")
    page.goto(DASHBOARD)
    row = page.locator(f"[data-role=class-tables] [data-table='{table}']")
    expect(row).to_be_visible(timeout=90_000)
    expect(row.locator("[data-bot=gentle]")).to_have_count(4)
    learner = TableClient(voila_server.base_url, class_code=CODE)
    learner.sit(table, 2, "Mei")
    expect(row.locator("[data-seat='2'][data-learner='Mei']")).to_be_visible(timeout=15_000)
    teacher.set_paused(table, True)
    expect(row).to_have_attribute("data-paused", "1", timeout=15_000)


def test_the_teacher_opens_pauses_and_closes_a_table_from_the_dashboard(page: Page, voila_server: VoilaServer
                                                                         ) -> None:
    """Real clicks: the form opens a table, Pause marks its row paused, Close asks and then closes it; the
    panel (with a watched table's hands) never scrolls sideways from 390 to 1920 px, and is pictured at phone,
    tablet and laptop width."""
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(DASHBOARD)
    form = page.locator("[data-role=class-tables] [data-role=table-form]")
    expect(form).to_be_visible(timeout=90_000)
    form.locator("input[name=table-name]").fill("Form table")
    form.locator("select[data-pick=table-form-tier]").select_option("strong")
    expect(form.locator("select[data-pick=table-form-tier]")).to_have_value("strong")
    form.locator("button[data-action=table-open]").click()
    row = page.locator("[data-role=tables-list] > li", has_text="Form table")
    expect(row).to_be_visible(timeout=15_000)
    expect(row.locator("[data-bot=strong]")).to_have_count(4)
    expect(page.locator("[data-role=table-desk-note]")).to_contain_text("Form table is open")

    pause = row.locator("button[data-action=table-pause]")
    pause.focus()
    page.keyboard.press("Enter")  # a real button: the keyboard works it
    expect(row).to_have_attribute("data-paused", "1", timeout=15_000)
    expect(row.locator("[data-role=table-state]")).to_have_text("paused")
    expect(row.locator("button[data-action=table-resume]")).to_be_visible()

    other = TableClient(voila_server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    watched = other.open_table("Watched", seed=4, tier="gentle", learners=["Lin"])
    TableClient(voila_server.base_url, class_code=CODE).sit(watched, 0, "Lin")
    watched_row = page.locator(f"[data-role=tables-list] > li[data-table='{watched}']")
    watched_row.locator("button[data-action=table-watch]").click(timeout=15_000)
    expect(watched_row.locator("[data-role=table-watch] [data-role=hand]")).to_have_count(4, timeout=15_000)
    panel = page.locator("[data-role=class-tables]")
    for width in (390, 768, 1366, 1920):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        overflow = page.evaluate("() => document.scrollingElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the dashboard scrolls sideways by {overflow} px at {width} px"
        if width < 1920:
            page.set_viewport_size({"width": width, "height": 3000})  # the whole panel in one picture
            page.wait_for_timeout(300)
            panel.screenshot(path=str(ARTIFACTS / f"dashboard-tables-{width}.png"))
    page.set_viewport_size({"width": 1366, "height": 3000})

    watched_row.locator("button[data-action=table-project]").click()
    public = page.locator(f"[data-role=projector] [data-role=table-public][data-table='{watched}']")
    expect(public).to_be_visible(timeout=15_000)
    expect(public.locator("[data-role=live-turn]")).to_be_visible()
    expect(page.locator("[data-role=projector] [data-role=hand]")).to_have_count(0)
    page.locator("[data-role=projector]").screenshot(path=str(ARTIFACTS / "dashboard-tables-projector-1366.png"))

    row.locator("button[data-action=table-close]").click()
    ask = row.locator("[data-role=table-close-ask]")
    expect(ask).to_contain_text("Close Form table for good?")
    problems = axe.severe(axe.scan(page))  # the form, the rows, the watched hands and the question
    assert not problems, axe.report("the dashboard's tables", problems)
    ask.locator("button[data-action=table-close-yes]").click()
    expect(page.locator("[data-role=tables-list] > li", has_text="Form table")).to_have_count(0, timeout=15_000)
    expect(page.locator("[data-role=table-desk-note]")).to_contain_text("Form table is closed")
    assert all(table["name"] != "Form table" for table in other.tables())
    other.close_table(watched)


def test_the_teacher_sets_a_tables_wait_lets_learners_take_over_and_deals_the_next_round(
        page: Page, voila_server: VoilaServer) -> None:
    """Real clicks on the seat settings and the next deal: a wait out of range is refused in words and
    changes nothing; a good one is set; learners are let take a bot's seat; once the four bots have finished the
    round, "Deal the next round" deals round 2. The server's own summary of the table agrees each time."""
    teacher = TableClient(voila_server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table = teacher.open_table("Bots only", seed=6, tier="gentle", start=True, grace=30)

    def summary() -> dict[str, object]:
        return next(found for found in teacher.tables() if found["table"] == table)

    page.goto(DASHBOARD)
    row = page.locator(f"[data-role=tables-list] > li[data-table='{table}']")
    expect(row).to_be_visible(timeout=90_000)
    note = page.locator("[data-role=table-desk-note]")
    wait = row.locator("input[data-role=table-grace]")
    expect(wait).to_have_value("30")
    wait.fill("900")  # more than the 600 s a wait may be
    row.locator("button[data-action=table-grace]").click()
    expect(note).to_contain_text("from 0.2 to 600, not 900")
    assert summary()["grace"] == 30
    wait.fill("12")
    wait.press("Tab")
    page.keyboard.press("Enter")  # the keyboard reaches "Set the wait" from the field
    expect(note).to_contain_text("silent for 12 seconds")
    assert summary()["grace"] == 12
    expect(row.locator("input[data-role=table-grace]")).to_have_value("12")

    expect(row.locator("[data-role=table-takeover]")).to_have_attribute("data-takeover", "0")
    row.locator("button[data-action=table-takeover-on]").click()
    expect(row.locator("[data-role=table-takeover]")).to_have_attribute("data-takeover", "1", timeout=15_000)
    expect(note).to_contain_text("may now take a bot's seat")
    assert summary()["takeover"] is True

    deal = row.locator("button[data-action=table-deal-next]")
    expect(deal).to_be_visible(timeout=120_000)  # the bots finish round 1
    assert summary()["phase"] == "done"
    deal.click()
    expect(note).to_contain_text("the next round is dealt")
    match = summary()["match"]
    assert isinstance(match, dict)  # round 2 is being played, or the gentle bots have played it already
    assert (match["rounds_played"], match["round_number"]) in {(1, 2), (2, 3)}, match
    teacher.close_table(table)
