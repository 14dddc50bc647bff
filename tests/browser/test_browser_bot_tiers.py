"""The opponents' strength in a real browser: chosen with the keyboard before the deal goes on, shown on
the table, kept while the learner plays; ``?bots=strong`` seats strong opponents, ``?bots=nonsense`` is
named in both languages and the opponents stay steady."""

from __future__ import annotations

import pytest
from card_table import PLAY_APP, TURN_TIMEOUT_MS, CardTable
from playwright.sync_api import Page, expect

from shengji_kit import legal_plays, parse_cards
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

OPPONENTS = "[data-role=opponents]"


def open_at(page: Page, address: str) -> CardTable:
    """Open the play app at ``address`` and wait for the learner's hand."""
    table = CardTable(page)
    page.goto(address)
    table.hand_cards.first.wait_for(state="visible", timeout=TURN_TIMEOUT_MS)
    table.draws()
    return table


def play_first_card(table: CardTable) -> None:
    """Pass through the bidding, bury the first 8 cards if asked, then play the engine's first legal play."""
    table.reach_first_play()
    hand = parse_cards(" ".join(table.hand_codes()))
    before = table.hand_count()
    play = next(legal_plays(table.lead(), hand, table.trump()))
    table.select(list(play))
    table.click(table.button("play"))
    expect(table.hand).not_to_have_attribute("data-count", str(before))


def test_the_strength_is_chosen_with_the_keyboard_shown_on_the_table_and_kept_in_play(page: Page) -> None:
    table = CardTable(page).open()
    expect(page.locator(OPPONENTS)).to_have_text(text("tier_opponents", "en", tier="Steady"))
    gentle = page.locator("button[data-action=bots-gentle]")
    expect(gentle).to_have_attribute("aria-pressed", "false")
    gentle.focus()
    before = table.draws()
    page.keyboard.press("Enter")
    table.wait_for_redraw(before)
    expect(page.locator(OPPONENTS)).to_have_attribute("data-tier", "gentle")
    expect(page.locator(OPPONENTS)).to_have_text(text("tier_opponents", "en", tier="Gentle"))
    expect(gentle).to_have_attribute("aria-pressed", "true")
    table.click(table.button("lang"))
    expect(page.locator(OPPONENTS)).to_have_text(text("tier_opponents", "zh", tier="温和"))
    table.click(table.button("lang"))
    play_first_card(table)
    expect(page.locator("[data-role=tier-choice]")).to_have_count(0)
    expect(page.locator(OPPONENTS)).to_have_attribute("data-tier", "gentle")


def test_the_address_seats_strong_opponents(page: Page) -> None:
    table = open_at(page, f"{PLAY_APP}&bots=strong")
    expect(page.locator(OPPONENTS)).to_have_text(text("tier_opponents", "en", tier="Strong"))
    expect(page.locator("[data-role=page-note]")).to_have_count(0)
    expect(page.locator("button[data-action=bots-strong]")).to_have_attribute("aria-pressed", "true")
    play_first_card(table)
    expect(page.locator(OPPONENTS)).to_have_attribute("data-tier", "strong")


def test_nonsense_in_the_address_is_named_in_both_languages_and_steady_plays(page: Page) -> None:
    table = open_at(page, f"{PLAY_APP}&bots=nonsense")
    note = page.locator("[data-role=page-note][data-option=bots]")
    expect(note).to_have_text(text(
        "tier_page_option", "en", given="nonsense", known="gentle, steady, strong", used="steady"
    ))
    expect(page.locator(OPPONENTS)).to_have_attribute("data-tier", "steady")
    table.click(table.button("lang"))
    expect(note).to_have_text(text(
        "tier_page_option", "zh", given="nonsense", known="gentle, steady, strong", used="steady"
    ))
    expect(page.locator(OPPONENTS)).to_have_text(text("tier_opponents", "zh", tier="稳健"))
