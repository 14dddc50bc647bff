"""Two learners of one class on one ``shengji-kit serve --classroom``, each in a browser of their own:
each names themself in the learner bar and plays in the play app; after a reload each is offered, and
resumes, their own round (never the other's). Requests to other hosts are aborted and fail the test."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from card_table import TURN_TIMEOUT_MS, CardTable
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Browser, Page, expect
from test_browser_classroom import choose_name, tab
from test_browser_play import play_legal, reach_first_play

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit.game.saved_round import load_saved, saved_match_path
from shengji_kit.practice import ENV_VAR
from shengji_kit.words.catalogue import text

# a real Chromium, and a fault the suite tries: two learners' rounds on one server
pytestmark = [pytest.mark.browser, pytest.mark.faults]

CODE = "class-7788"
CLASS = "7b"
PLAY = "/voila/render/notebooks/play.ipynb"
LEARNERS = {"Ann Lee": 11, "Bo": 12}  # name -> the visit's seed (two different deals)


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("two-learners-data")


@pytest.fixture(scope="module")
def server(data: Path) -> Iterator[VoilaServer]:
    """``shengji-kit serve --classroom`` on 127.0.0.1, its kernels in class 7b, keeping data in ``data``."""
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", "teacher-5151"]
    env = {**os.environ, ENV_VAR: str(data), "SHENGJI_KIT_CLASS": CLASS,
           "SHENGJI_KIT_CLASS_DB": f"sqlite:///{data / 'class.sqlite3'}"}
    env.pop("SHENGJI_KIT_CLASS_SERVICE_URL", None)
    launched = launch_server(command, port, ARTIFACTS / "voila-two-learners.log", env)
    yield launched
    stop_server(launched)


def open_play(page: Page, seed: int, token: bool = False) -> CardTable:
    address = f"{PLAY}?seed={seed}&delay=0" + (f"&token={CODE}" if token else "")
    page.goto(address)
    table = CardTable(page)
    table.hand_cards.first.wait_for(state="visible", timeout=TURN_TIMEOUT_MS)
    table.draws()
    return table


def test_each_learner_resumes_their_own_round_after_a_reload(browser: Browser, server: VoilaServer, data: Path) -> None:
    with ExitStack() as tabs:
        pages = {name: tabs.enter_context(tab(browser, server, name)) for name in LEARNERS}
        tables: dict[str, CardTable] = {}
        for name, page in pages.items():
            tables[name] = open_play(page, LEARNERS[name], token=True)
            choose_name(page, name)
            expect(page.locator("[data-role=resume-offer]")).to_have_count(0)  # neither has a round yet
        hands: dict[str, list[str]] = {}
        for name, table in tables.items():
            reach_first_play(table)
            play_legal(table)
            table.wait_for_turn()
            hands[name] = table.hand_codes()
        ann, bo = LEARNERS
        assert sorted(hands[ann]) != sorted(hands[bo]), "two deals: the learners hold different hands"
        for name in LEARNERS:  # each learner's file holds that learner's hand
            saved = load_saved(saved_match_path(data, name, CLASS))
            assert saved is not None, name
            _, rnd = saved.rebuild()
            assert sorted(card.code for card in rnd.view(0).hand) == sorted(hands[name]), name

        for name, page in pages.items():
            page.reload()
            learner_bar = page.locator("[data-role=learner-bar]").first
            expect(learner_bar).to_have_attribute("data-learner", name, timeout=PAGE_TIMEOUT_MS)
            offer = page.locator("[data-role=resume-offer]")
            expect(offer).to_be_visible(timeout=PAGE_TIMEOUT_MS)
            table = CardTable(page)
            table.hand_cards.first.wait_for(state="visible", timeout=TURN_TIMEOUT_MS)
            table.draws()
            table.click(offer.locator("button[data-action=resume]"))
            expect(page.locator("[data-role=resumed]")).to_be_visible()
            assert sorted(table.hand_codes()) == sorted(hands[name]), f"{name} resumes their own hand"
        assert not saved_match_path(data, "default", CLASS).exists(), "nothing was saved for a learner without a name"


def test_a_damaged_saved_round_is_set_aside_and_said_and_the_page_plays(
    browser: Browser, server: VoilaServer, data: Path
) -> None:
    name = "Cy"
    path = saved_match_path(data, name, CLASS)
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = "[" * 100_000 + "]" * 100_000
    path.write_text(damaged, encoding="utf-8")
    with tab(browser, server, name) as page:
        table = open_play(page, 13, token=True)
        choose_name(page, name)
        problem = page.locator("[data-role=resume-problem]")
        [moved] = path.parent.glob(f"{path.stem}.damaged-*.json")
        assert moved.read_text(encoding="utf-8") == damaged, "set aside, never deleted"
        reason = text("round_save_reason_deep", "en")
        expect(problem).to_have_text(text("round_save_set_aside", "en", reason=reason, file=moved.name))
        expect(page.locator("[data-role=resume-offer]")).to_have_count(0)
        table.click(table.button("lang"))
        expect(problem).to_have_text(
            text("round_save_set_aside", "zh", reason=text("round_save_reason_deep", "zh"), file=moved.name)
        )
        table.click(table.button("lang"))  # back to English: the table helpers read the English status bar
        expect(problem).to_have_text(text("round_save_set_aside", "en", reason=reason, file=moved.name))
        reach_first_play(table)
        play_legal(table)
        saved = load_saved(path)
        assert saved is not None and any(seat == 0 for seat, _ in saved.open_round), "the new round is saved"
