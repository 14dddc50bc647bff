"""Lesson 9 in a real browser: a strategy position answered by playing cards from the hand (a costly play told
its cost, the best play, a play that ties the best), then "more like this" dealt without end; and the narrated
deal played.

Which play is right is worked out by the solver (the kind's grader), never read from the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, expect

from conftest import SharedTab
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.words.catalogue import text
from tests.browser.lesson_page import LOAD_TIMEOUT_MS, block, expect_feedback, shared_lesson, shown_item

pytestmark = pytest.mark.browser


def play(panel: Locator, cards: list[str]) -> None:
    """Select ``cards`` in the hand (one button per card: a pair is two clicks) and press the play button."""
    expect(panel.locator("[data-role=pick] button").first).to_be_enabled()
    pick = panel.locator("[data-role=pick]")
    if pick.locator("button[aria-pressed=true]").count():  # the last try's cards stay selected: start again
        panel.locator("button[data-action=clear]").click()
        expect(pick.locator("button[aria-pressed=true]")).to_have_count(0)
    for picked, code in enumerate(cards, start=1):
        pick.locator(f"button[data-card='{code}'][aria-pressed=false]").first.click()
        expect(pick.locator("button[aria-pressed=true]")).to_have_count(picked)  # drawn again before the next
    panel.locator("button[data-action=check]").click()


def test_a_position_is_answered_by_playing_and_never_runs_out(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, "09_leading", 1)
    panel = block(page, "lead_well")
    item = shown_item(panel, "09_leading")
    feedback = panel.locator("[data-role=feedback]")
    expect(panel.locator("button[data-answer]")).to_have_count(0)  # no list of plays to guess from

    play(panel, ["DA"])  # a costly play: its cost against the best, and why
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text("costs your side 20 points")
    expect_feedback(panel, item, "DA")
    play(panel, ["DA", "DA"])  # the best play
    expect_feedback(panel, item, "DA DA")

    panel.locator("button[data-action=next]").click()
    panel.locator("button[data-action=next]").click()
    tying = next(one for one in load_lesson("09_leading").items if one.id == "l9-long-strong-suit")
    expect(panel).to_have_attribute("data-item", tying.id)
    play(panel, ["CK"])  # not the play the item was built around, but just as good
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(text("lead_bp_ties", "en", answer=tying.question.answer))  # type: ignore[attr-defined]

    written = len(load_lesson("09_leading").group("lead_well"))
    for _ in range(written - 3):
        panel.locator("button[data-action=next]").click()
    dealt: set[str] = set()
    for _ in range(3):  # more like this: dealt positions of the block's own ideas, without end
        before = str(panel.get_attribute("data-item"))
        panel.locator("button[data-action=next]").click()
        expect(panel).not_to_have_attribute("data-item", before, timeout=30_000)
        expect(panel).to_contain_text(text("ex_dealt_label", "en", total=written), timeout=30_000)
        expect(panel.locator("[data-role=pick] button")).not_to_have_count(0)
        dealt.add(str(panel.get_attribute("data-item")))
    assert len(dealt) == 3


def test_narrated_deal_prices_a_lead_and_writes_the_note(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, "09_leading", 1)
    deal = page.locator("[data-role=narrated-deal]").first
    expect(deal).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    deal.locator("button[data-action=play][data-value='S2']").click()  # nine cards a hand: seconds of search
    expect(deal.locator("[data-role=verdict]").first).to_have_attribute("data-kind", "ok", timeout=LOAD_TIMEOUT_MS)
    expect(deal.locator("[data-role=note]").first).to_contain_text("draws trumps")
