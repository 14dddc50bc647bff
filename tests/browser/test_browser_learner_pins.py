"""Who is who, in a real browser (issue 19): a name with a PIN from the class list asks for it, refuses a
wrong one and takes the right one (the kernel checks it); the page comes back as that learner after a
reload; and one browser's votes under two names count once in the class store."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from live_server import VoilaServer, start_server, stop_server
from playwright.sync_api import Browser, Page, expect
from test_browser_classroom import LANDING, LIVE_MS, tab

from conftest import ARTIFACTS, PAGE_TIMEOUT_MS
from shengji_kit.classroom.class_list import CLASS_LIST_VAR, set_pin
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def pin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, str]]:
    """A Voila server whose kernels read a class list (Lin Wei's PIN is 4821) and share one class store."""
    folder = tmp_path_factory.mktemp("pins")
    class_list = folder / "class-list.toml"
    set_pin(class_list, "Lin Wei", "4821")
    url = f"sqlite:///{folder / 'class.sqlite3'}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SHENGJI_KIT_DATA_DIR", str(folder / "data"))
        patch.setenv("SHENGJI_KIT_CLASS_DB", url)
        patch.setenv(CLASS_LIST_VAR, str(class_list))
        patch.delenv("SHENGJI_KIT_CLASS_SERVICE_URL", raising=False)
        server = start_server(ARTIFACTS / "voila-pins.log")
    try:
        yield server, url
    finally:
        stop_server(server)


def submit(page: Page, field: str, value: str) -> None:
    box = page.locator(f"[data-role=learner-bar] input[name={field}]").first
    box.fill(value)
    box.press("Enter")


def test_a_name_with_a_pin_takes_only_the_right_pin_and_one_browser_votes_once(
    browser: Browser, pin_server: tuple[VoilaServer, str]
) -> None:
    server, url = pin_server
    with tab(browser, server, "pins") as page:
        page.goto(LANDING)
        bar = page.locator("[data-role=learner-bar]").first
        expect(bar).to_be_visible(timeout=PAGE_TIMEOUT_MS)
        bar.locator("[data-action=switch]").click()
        submit(page, "learner-name", "Lin Wei")
        pin = bar.locator("input[name=learner-pin]")
        expect(pin).to_be_visible()
        expect(bar.locator("[data-role=learner-note]")).to_have_text(text("serving_pin_needed", "en", name="Lin Wei"))
        submit(page, "learner-pin", "1111")
        expect(bar.locator("[data-role=learner-note]")).to_have_text(text("serving_pin_wrong", "en", name="Lin Wei"))
        expect(bar).to_have_attribute("data-learner", "default")
        submit(page, "learner-pin", "4821")
        expect(bar).to_have_attribute("data-learner", "Lin Wei")
        kept = page.evaluate(
            "[localStorage.getItem('shengji-kit:browser'), localStorage.getItem('shengji-kit:learner-pass')]"
        )
        assert re.fullmatch(r"[0-9a-f]{32}", kept[0] or ""), kept
        assert '"name":"Lin Wei"' in (kept[1] or ""), kept

        page.reload()  # the pass token brings the learner back
        expect(page.locator("[data-role=learner-bar]").first).to_have_attribute(
            "data-learner", "Lin Wei", timeout=PAGE_TIMEOUT_MS
        )

        store = SQLClassStore(url)
        try:
            poll = store.open_poll("default", "puzzle", "who", "Who wins?", "谁赢？", ["East", "West"], "East")
            bar = page.locator("[data-role=learner-bar]").first
            banner = page.locator("[data-role=poll-banner]")  # the poll: a banner at the window's bottom edge
            expect(banner.locator("[data-role=poll]")).to_have_attribute("data-state", "open", timeout=LIVE_MS)
            banner.locator("button[data-option=West]").click()
            expect(banner.locator("button[data-option=West]")).to_have_attribute("aria-pressed", "true")
            bar.locator("[data-action=switch]").click()
            submit(page, "learner-name", "ada")  # no PIN: taken at once
            expect(bar).to_have_attribute("data-learner", "ada")
            banner.locator("button[data-option=East]").click()
            expect(banner.locator("button[data-option=East]")).to_have_attribute("aria-pressed", "true")
            deadline = time.monotonic() + 10
            while store.poll(poll.id).answers != {"ada": "East"} and time.monotonic() < deadline:
                time.sleep(0.2)
            assert store.poll(poll.id).answers == {"ada": "East"}, "one browser, one vote: the second name's"
        finally:
            store.close()
