"""Lesson 0 in a real browser: the round stepper stepped with clicks and arrow keys from the table to
the count, and exercises answered wrong then right (a team chosen, a number typed)."""

from __future__ import annotations

import pytest
from lesson_page import block, expect_feedback, shared_lesson, shown_item
from playwright.sync_api import expect

from conftest import SharedTab
from shengji_kit.render.lesson_panels.round_story import recorded_story
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

SLUG = "00_a_round"
BLOCKS = 4


def test_the_round_is_stepped_through_with_clicks_and_keys(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    story = recorded_story()
    declared = story.showings[0]
    stepper = page.locator("[data-role=round-stepper]")
    expect(stepper).to_have_attribute("data-stage", "table")
    expect(stepper.locator("[data-role=seating] [data-slot]")).to_have_count(4)
    stepper.locator("button[data-action=next]").click()
    expect(stepper).to_have_attribute("data-stage", "deal")
    deal = stepper.locator("[data-role=deal]")
    stepper.locator("button[data-action=card]").click()
    expect(deal).to_have_attribute("data-cards", "1")
    stepper.locator("button[data-action=declaration]").click()
    expect(deal).to_have_attribute("data-cards", str(declared.cards_dealt))
    expect(deal).to_contain_text(text("seat_plain_1", "en"))
    stepper.focus()
    page.keyboard.press("ArrowRight")
    expect(stepper).to_have_attribute("data-stage", "kitty")
    page.keyboard.press("ArrowLeft")
    expect(stepper).to_have_attribute("data-stage", "deal")
    stepper.locator("button[data-action=stage][data-value=tricks]").click()
    first = story.tricks()[0]
    expect(stepper.locator("[data-role=trick-order]")).to_contain_text(text("seat_plain_" + str(first.leader), "en"))
    page.keyboard.press("ArrowRight")
    expect(stepper.locator("[data-role=trick-order]")).to_contain_text("Trick (墩) 2 of")
    stepper.locator("button[data-action=stage][data-value=count]").click()
    expect(stepper.locator("[data-role=total]")).to_have_attribute("data-total", "140")
    expect(stepper.locator("a[data-lesson='6']")).to_have_attribute("href", "06_scoring.ipynb")
    expect(stepper.locator("button[data-action=next]")).to_be_disabled()


def test_a_team_picked_by_seats_and_points_typed_wrong_then_right(shared_tab: SharedTab) -> None:
    """One page load: the team block answered by picking the attacking seats, the points block by a typed number."""
    page = shared_lesson(shared_tab, SLUG, BLOCKS)
    teams = block(page, "teams")
    asked = shown_item(teams, SLUG)
    attackers = asked.question.attacking_seats()
    defender = next(seat for seat in range(4) if seat not in attackers)
    for seat in (attackers[0], defender):  # side by side: not partners
        button = teams.locator(f"button[data-action=seat][data-value='{seat}']")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    teams.locator("button[data-action=check]").click()
    expect(teams.locator("[data-role=feedback]")).to_have_attribute("data-kind", "error")
    for seat in (defender, attackers[1]):
        teams.locator(f"button[data-action=seat][data-value='{seat}']").click()
    teams.locator("button[data-action=check]").click()
    expect(teams.locator("[data-role=feedback]")).to_have_attribute("data-kind", "ok")
    panel = block(page, "points")
    item = shown_item(panel, SLUG)
    right = item.question.truth()
    for typed in (right + 5, right):  # a wrong number first: its own reason, then the right one
        panel.locator("input[data-role=number]").fill(str(typed))
        panel.locator("button[data-action=check]").click()
        expect_feedback(panel, item, typed)
