"""Every page as a screen-reader or keyboard learner meets it: axe-core (WCAG 2.2 AA) finds nothing
serious or critical on any lesson or app, the play app mid-round or an exercise after an answer;
selected cards say so (aria-pressed), new tricks and verdicts are said in a polite live region,
cards are targets of at least 24×24 px, and a lesson block keeps focus after Hint.

axe-core is the npm package in .ci/node_modules (``make test`` and ``.ci/run`` install it).
"""

from __future__ import annotations

import re
from pathlib import Path

import chromium
import pytest
from axe import MISSING, AxeMissing, axe_script, report, scan, severe
from card_table import HAND_CARDS, CardTable
from lesson_page import block, shown_item
from playwright.sync_api import Page, ViewportSize, expect

from shengji_kit import legal_plays, parse_cards
from shengji_kit.puzzles import default_bank
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PLAY = "notebooks/play.ipynb"
TRAINER = "notebooks/puzzles.ipynb"
BLOCK_LESSON, BLOCK_GROUP = "01_trump_ranking", "is_trump"
# Every page is scanned once drawn by test_browser_fit.py (its laptop size); here the play app, the trainer
# and a lesson block are scanned again after acting.
DRAWN_TIMEOUT_MS = 90_000
TARGET_PX = 24
PHONE: ViewportSize = {"width": 390, "height": 844}
# The page has drawn when its HTML has not changed for 1.5 s (every widget drawn, no cell still coming).
_SETTLED = """() => new Promise((done) => {
  let last = -1, still = 0;
  const tick = () => {
    const size = document.body.innerHTML.length;
    still = size === last ? still + 1 : 0;
    last = size;
    if (still >= 6) done(true); else setTimeout(tick, 250);
  };
  tick();
})"""
LIVE = "[data-role=announce][aria-live=polite]"


@pytest.fixture(scope="module", autouse=True)
def axe_installed() -> None:
    """Fail (never skip) every test here when axe-core is not installed, saying how to install it."""
    try:
        axe_script()
    except AxeMissing as missing:
        pytest.fail(str(missing), pytrace=False)


def wait_drawn(page: Page) -> None:
    page.wait_for_load_state("networkidle", timeout=DRAWN_TIMEOUT_MS)
    page.wait_for_function(_SETTLED, timeout=DRAWN_TIMEOUT_MS)


def assert_clean(page: Page, where: str) -> None:
    found = severe(scan(page))
    assert not found, report(where, found)


def assert_targets(table: CardTable, where: str) -> None:
    """Every card of the learner's hand is a target of at least 24×24 px (its own box, which the
    next card does not cover: the overlap is the part of its face under the next card)."""
    sizes = table.hand_cards.evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [b.dataset.card, r.width, r.height]; })"
    )
    small = [(code, round(w, 1), round(h, 1)) for code, w, h in sizes if w < TARGET_PX or h < TARGET_PX]
    assert sizes and not small, f"hand cards smaller than {TARGET_PX}×{TARGET_PX} px {where}: {small}"


def test_the_missing_axe_message_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without .ci/node_modules/axe-core the tests fail with the npm command that installs it."""
    import axe

    monkeypatch.setattr(axe, "AXE_SCRIPT", ROOT / ".ci" / "no-such-folder" / "axe.min.js")
    with pytest.raises(AxeMissing) as missing:
        axe.axe_script()
    assert "npm install --prefix .ci" in str(missing.value) and "axe-core@4" in MISSING


def test_a_lesson_block_keeps_focus_after_hint_and_says_its_verdict(page: Page) -> None:
    """Hint disables itself, yet focus stays in the block, so the answer's number key still answers;
    the verdict is said in the block's polite live region. Scanned before and after the answer."""
    page.goto(f"/voila/render/lessons/{BLOCK_LESSON}.ipynb")
    panel = block(page, BLOCK_GROUP)
    expect(panel).to_be_visible(timeout=DRAWN_TIMEOUT_MS)
    wait_drawn(page)
    assert_clean(page, f"lessons/{BLOCK_LESSON}.ipynb")
    item = shown_item(panel, BLOCK_LESSON)
    values = panel.locator("button[data-answer]").evaluate_all("(buttons) => buttons.map((b) => b.dataset.answer)")
    right = next(i for i, value in enumerate(values) if item.check(value).correct)  # the key of the shown order
    panel.locator("button[data-action=hint]").click()
    expect(panel.locator("[data-role=hint]")).to_be_visible()
    expect(panel.locator("button[data-action=hint]")).to_be_disabled()
    inside = page.evaluate(
        "(group) => document.activeElement !== document.body && "
        "!!document.activeElement.closest(`[data-role=exercise][data-group='${group}']`)",
        BLOCK_GROUP,
    )
    assert inside, "focus stays inside the exercise block after Hint"
    live = page.locator(".sk-root", has=panel).locator(LIVE)
    expect(live).to_have_count(1)
    expect(live).to_be_empty()  # a hint is no verdict
    page.keyboard.press(str(right + 1))
    feedback = panel.locator("[data-role=feedback]")
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(panel.locator(f"button[data-answer='{values[right]}']")).to_have_attribute("data-verdict", "right")
    expect(live).to_contain_text(text("puzzle_right", "en"))
    expect(live).to_contain_text(item.explanation("en"))
    wait_drawn(page)
    assert_clean(page, f"lessons/{BLOCK_LESSON}.ipynb after an answer")


def test_the_play_app_selected_cards_targets_and_trick_announced(page: Page) -> None:
    """At the learner's first play: clean scan, cards ≥ 24×24 px, a clicked card aria-pressed; once the
    learner has played, the trick's news is in the polite live region, and mid-round the scan is clean."""
    table = CardTable(page).open()
    table.reach_first_play()
    wait_drawn(page)
    assert_clean(page, f"{PLAY} at the first play")

    assert_targets(table, "at 1280 px")
    page.set_viewport_size(PHONE)  # the overlapping hand packs tightest on a phone
    assert_targets(table, "on a 390 px phone")
    page.set_viewport_size(chromium.VIEWPORT)

    hand = parse_cards(" ".join(table.hand_codes()))
    play = next(legal_plays(table.lead(), hand, table.trump()))
    first = table.page.locator(f'{HAND_CARDS}[data-card="{play[0].code}"]').first
    expect(first).to_have_attribute("aria-pressed", "false")
    table.select(play)
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(first).to_have_accessible_name(play[0].name("en"))

    live = page.locator(LIVE)
    expect(live).to_have_count(1)
    table.click(table.button("play"))
    trick = page.locator("[data-role=trick] button[data-card], [data-role=last-trick] button[data-card]")
    expect(trick.first).to_be_visible()
    # the trick's note ("West wins trick 1 with 10 points."), said once the four have played
    expect(live).to_have_text(re.compile(r"trick 1 with \d+ points"), timeout=30_000)
    assert_clean(page, f"{PLAY} mid-round")


def test_the_trainer_says_its_verdict_and_a_chosen_set_stays_readable(page: Page) -> None:
    """The trainer: clean scan as opened; with a set chosen (its pressed button) and a right answer, the
    verdict is in the polite live region beside it, and the scan is still clean."""
    page.goto(f"/voila/render/{TRAINER}")
    expect(page.locator("[data-role=trainer]")).to_be_visible(timeout=DRAWN_TIMEOUT_MS)
    wait_drawn(page)
    assert_clean(page, TRAINER)
    chosen = page.locator("[data-action=mode][data-value='01-who-wins']")
    chosen.click()
    expect(chosen).to_have_attribute("aria-pressed", "true")
    puzzle = default_bank().get(page.locator("[data-role=puzzle]").get_attribute("data-puzzle") or "")
    values = [str(seat) for seat, _ in puzzle.table.trick]
    right = next(value for value in values if puzzle.check(value).correct)
    live = page.locator(".sk-trainer-root").locator(LIVE)
    expect(live).to_have_count(1)
    expect(live).to_be_empty()
    page.click(f"[data-answer='{right}']")
    expect(page.locator("[data-role=feedback]")).to_have_attribute("data-kind", "ok")
    expect(live).to_contain_text(text("puzzle_right", "en"))
    expect(live).to_contain_text(puzzle.explanation("en"))
    wait_drawn(page)
    assert_clean(page, f"{TRAINER} after a right answer")
