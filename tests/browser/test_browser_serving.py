"""Serving for a class: a dead kernel or a restarted server is shown, a reload resumes the round,
and a bad address option shows a note, never a traceback."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from card_table import HAND_CARDS, PLAY_APP, TURN_TIMEOUT_MS, CardTable
from live_server import VoilaServer, own_server, page_kernel_id, start_server, stop_server
from playwright.sync_api import Page, expect
from test_browser_play import hand_of, reach_first_play

from conftest import ARTIFACTS
from shengji_kit import legal_plays
from shengji_kit.practice import ENV_VAR

pytestmark = [pytest.mark.browser, pytest.mark.faults]  # the kernel killed and the server restarted mid-round

LOST_SECONDS = 30
GUARD = "#shengji-guard"


@pytest.fixture(scope="module")
def learner_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("serving-data")


@pytest.fixture(scope="module")
def voila_server(learner_data: Path) -> Iterator[VoilaServer]:
    """A server of this module's own: its kernels are killed, and it is restarted."""
    with own_server(learner_data, ARTIFACTS / "voila-serving.log") as server:
        yield server


def expect_lost(page: Page) -> None:
    guard = page.locator(GUARD)
    expect(guard).to_be_visible(timeout=LOST_SECONDS * 1000)
    expect(guard).to_have_attribute("data-state", "lost")
    expect(guard).to_contain_text("Connection lost")
    expect(guard).to_contain_text("连接已断开")
    expect(guard.locator("[data-role=guard-reload]")).to_be_visible()


def play_once(table: CardTable) -> None:
    """Play the engine's first legal play and wait until the hand has given up its cards."""
    play = next(legal_plays(table.lead(), hand_of(table), table.trump()))
    table.select(play)
    before = table.hand_count()
    table.click(table.button("play"))
    expect(table.hand).to_have_attribute("data-count", str(before - len(play)))


def test_a_killed_kernel_is_shown_and_a_reload_resumes_the_round(page: Page, voila_server: VoilaServer) -> None:
    table = CardTable(page).open()
    reach_first_play(table)
    play_once(table)
    table.wait_for_turn()
    hand = table.hand_codes()
    # the page's own kernel (others run besides: the ones kept started for the apps)
    kernel = voila_server.kernels()[page_kernel_id(page)]
    psutil.Process(kernel).send_signal(signal.SIGKILL)
    expect_lost(page)
    expect(page.locator(GUARD)).to_contain_text("Your round is saved")  # the play app is saving this round
    page.locator(f"{GUARD} [data-role=guard-reload]").click()
    offer = page.locator("[data-role=resume-offer]")
    expect(offer).to_be_visible(timeout=TURN_TIMEOUT_MS)
    expect(offer).to_contain_text("Resume it, or start a new round?")
    page.locator("button[data-action=resume]").click()
    expect(page.locator("[data-role=resumed]")).to_be_visible()
    expect(page.locator(HAND_CARDS)).to_have_count(len(hand))
    assert table.hand_codes() == hand, "the resumed round is the one that was left"
    expect(page.locator(GUARD)).to_have_count(0)


def test_a_restarted_server_is_shown_on_the_open_page(page: Page, learner_data: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_VAR, str(learner_data))
        first = start_server(ARTIFACTS / "voila-serving-first.log")
    port = int(first.base_url.rsplit(":", 1)[1])
    try:
        page.goto(first.url(PLAY_APP))
        expect(page.locator(HAND_CARDS).first).to_be_visible(timeout=TURN_TIMEOUT_MS)
    finally:
        stop_server(first)
    restarted = start_server(ARTIFACTS / "voila-serving-restarted.log", port)
    try:
        expect_lost(page)
    finally:
        stop_server(restarted)


@pytest.mark.parametrize("seed", ["%C2%B2", "--5"])
def test_a_bad_seed_shows_a_note_and_no_traceback(page: Page, seed: str) -> None:
    page.goto(f"/voila/render/notebooks/play.ipynb?delay=0&seed={seed}")
    expect(page.locator(HAND_CARDS).first).to_be_visible(timeout=TURN_TIMEOUT_MS)
    note = page.locator("[data-role=page-note][data-option=seed]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("seed=")
    body = page.locator("body").inner_text()
    for leak in ("Traceback", "ValueError", "site-packages", str(Path.home())):
        assert leak not in body
    expect(page.locator(GUARD)).to_have_count(0)
