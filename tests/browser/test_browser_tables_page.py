"""Two learners on one ``shengji-kit serve --classroom`` sit down at a shared table from the Tables page by
clicking "sit here", and each plays a card by clicking it and Play, as in the play app; each sees the
other's card. Screenshots of the page at 390, 768 and 1366 px go to test-artifacts/."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from card_table import MY_TURN, CardTable
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Browser, expect
from test_browser_classroom import choose_name, tab
from test_browser_play import play_legal

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit import parse_cards
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.practice import ENV_VAR

pytestmark = pytest.mark.browser

CODE = "class-4455"
TEACHER_CODE = "teacher-6677"
TABLES = f"/voila/render/notebooks/tables.ipynb?token={CODE}"
LEARNERS = ("Ann", "Bo")  # Ann sits South (0), Bo East (1): Bo's page draws Ann at its West (3)
WIDTHS = (390, 768, 1366)

# The draws of the tables page's widget (the learner bar above it is a widget too).
_COUNT_TABLE_DRAWS = """() => {
  const page = document.querySelector('[data-role=tables-page]');
  const root = page && page.closest('.sk-root');
  if (!root) return -1;
  if (window.__skDraws === undefined || window.__skWatched !== root) {
    window.__skDraws = 0;
    window.__skWatched = root;
    new MutationObserver(() => { window.__skDraws += 1; })
      .observe(root, {childList: true, subtree: true, attributes: true, characterData: true});
  }
  return window.__skDraws;
}"""


class TablesPage(CardTable):
    """The Tables page once seated: the play app's table, under the learner bar."""

    def draws(self) -> int:
        count: int = self.page.evaluate(_COUNT_TABLE_DRAWS)
        return count


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    data = tmp_path_factory.mktemp("tables-page-data")
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", TEACHER_CODE]
    env = {**os.environ, ENV_VAR: str(data)}
    env.pop("SHENGJI_KIT_CLASS_DB", None)
    launched = launch_server(command, port, ARTIFACTS / "voila-tables-page.log", env)
    yield launched
    stop_server(launched)


def act_if_asked(table: TablesPage) -> list[str] | None:
    """One step for a learner whose turn it is: bid (pass), bury eight, or play a legal card; the cards played."""
    page = table.page
    if not page.locator(MY_TURN).count():
        return None
    turn = table.wait_for_turn(timeout=5_000)
    assert turn.kind != "summary", "the round ended before both learners played"
    if turn.kind == "play":
        return play_legal(table)
    if turn.kind == "bury":
        table.select(parse_cards(" ".join(table.hand_codes()))[:8])
        table.click(table.button("bury"))
    elif "pass" in turn.actions:
        table.click(table.button("pass"))
    elif page.locator("button[data-action=deal-on]").count():
        table.click(table.button("deal-on"))
    else:
        table.click(table.button(turn.kind))
    return None


def test_two_learners_sit_from_the_tables_page_and_each_plays_a_card(browser: Browser, server: VoilaServer) -> None:
    teacher = TableClient(server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table_id = teacher.open_table("Room T", seed=7, tier="gentle", learners=[*LEARNERS, None, None])
    with ExitStack() as tabs:
        pages = {name: tabs.enter_context(tab(browser, server, name)) for name in LEARNERS}
        tables: dict[str, TablesPage] = {}
        for seat, (name, page) in enumerate(pages.items()):
            page.goto(TABLES)
            choose_name(page, name)
            row = page.locator(f"[data-role=tables-table][data-table='{table_id}']")
            expect(row).to_be_visible(timeout=PAGE_TIMEOUT_MS)
            expect(row.locator("[data-bot=gentle]")).to_have_count(2)
            if seat == 0:
                for width in WIDTHS:
                    page.set_viewport_size({"width": width, "height": 900})
                    page.screenshot(path=ARTIFACTS / f"tables-page-lobby-{width}.png", full_page=True)
            row.locator(f"button[data-action=sit][data-value='{table_id}:{seat}']").click()
            expect(page.locator(f"[data-role=tables-seated][data-table='{table_id}']")).to_be_visible()
            tables[name] = TablesPage(page)
        for table in tables.values():  # both sat: the table starts and deals
            table.hand_cards.first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        pages["Ann"].screenshot(path=ARTIFACTS / "tables-page-dealt-1366.png", full_page=True)

        played: dict[str, list[str]] = {}
        deadline = time.monotonic() + 240
        while len(played) < len(LEARNERS) and time.monotonic() < deadline:
            for name, table in tables.items():
                cards = act_if_asked(table)
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
