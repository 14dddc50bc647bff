"""The Tables page as the shared-table browser tests see it (test_browser_tables_page, test_browser_tables_round):
one ``serve --classroom`` per test module, a learner sitting from the lobby by clicking "Sit here", and the one
step a seated learner takes when the page asks them to act."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from card_table import MY_TURN, CardTable
from live_server import VoilaServer, free_port, launch_server
from playwright.sync_api import Locator, Page, expect
from test_browser_classroom import choose_name
from test_browser_play import hand_of, play_legal

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit import legal_plays, parse_cards
from shengji_kit.engine.cards import codes
from shengji_kit.practice import ENV_VAR

SUMMARY = "[data-role=summary]"

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


def tables_url(code: str) -> str:
    """The Tables page on the class server, entered with the class code."""
    return f"/voila/render/notebooks/tables.ipynb?token={code}"


def launch_class_server(data: Path, code: str, teacher_code: str, log_name: str) -> VoilaServer:
    """``shengji-kit serve --classroom`` with its data folder at ``data`` and its own class store (SQLite there,
    whatever the environment names); stop it with ``live_server.stop_server``."""
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", code, "--teacher-code", teacher_code]
    env = {**os.environ, ENV_VAR: str(data)}
    env.pop("SHENGJI_KIT_CLASS_DB", None)
    return launch_server(command, port, ARTIFACTS / log_name, env)


def lobby_row(page: Page, code: str, name: str, table_id: str) -> Locator:
    """Open the Tables page as ``name`` (chosen in the learner bar); the table's row in the lobby, once shown."""
    page.goto(tables_url(code))
    choose_name(page, name)
    row = page.locator(f"[data-role=tables-table][data-table='{table_id}']")
    expect(row).to_be_visible(timeout=PAGE_TIMEOUT_MS)
    return row


def sit_here(page: Page, row: Locator, table_id: str, seat: int) -> TablesPage:
    """Click "Sit here" for ``seat`` in the lobby ``row``; the seated page."""
    row.locator(f"button[data-action=sit][data-value='{table_id}:{seat}']").click()
    expect(page.locator(f"[data-role=tables-seated][data-table='{table_id}']")).to_be_visible()
    return TablesPage(page)


@dataclass(frozen=True)
class Step:
    """What a learner did when asked: the turn's kind (``summary`` once the round is over) and the cards played."""

    kind: str
    cards: tuple[str, ...] = ()


def step(table: TablesPage, checked: bool = True) -> Step | None:
    """One move by clicks when the page asks the learner to act (None: not asked): wait for the rest of the deal (or
    pass a bid), bury eight, or play the engine's first legal play by clicking its cards and Play. ``checked``: the
    play app's checks of the play (its highlighted cards and the learner's cards on the table, ``play_legal``); else
    only the hand's count."""
    page = table.page
    if page.locator(SUMMARY).count() and page.locator(SUMMARY).first.is_visible():
        return Step("summary")
    if not page.locator(MY_TURN).count():
        return None
    turn = table.wait_for_turn(timeout=5_000)
    if turn.kind == "summary":
        return Step("summary")
    if turn.kind == "play":
        if checked:
            return Step("play", tuple(play_legal(table)))
        play = next(legal_plays(table.lead(), hand_of(table), table.trump()))
        table.select(play)
        before = table.hand_count()
        table.click(table.button("play"))
        expect(table.hand).to_have_attribute("data-count", str(before - len(play)))
        return Step("play", tuple(codes(play)))
    if turn.kind == "bury":
        table.select(parse_cards(" ".join(table.hand_codes()))[:8])
        table.click(table.button("bury"))
    elif page.locator("button[data-action=deal-on]").count():  # wait for the rest of the deal: asked no more
        table.click(table.button("deal-on"))
    elif "pass" in turn.actions:
        table.click(table.button("pass"))
    else:
        table.click(table.button(turn.kind))
    return Step(turn.kind)
