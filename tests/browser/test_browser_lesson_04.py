"""Lesson 4 in a real browser: a who-wins exercise answered wrong then right, a smallest-winner
exercise by clicking cards, and the trick stepper. Right answers come from the engine."""

from __future__ import annotations

import pytest
from lesson_page import expect_feedback, first_item, panel_of, shared_lesson
from playwright.sync_api import expect

from conftest import SharedTab
from shengji_kit.puzzles.kinds.trick_winner import TrickWinner
from shengji_kit.render.lesson_panels.trick_stepper import recorded_tricks
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

SLUG = "04_winning"


def test_who_wins_exercise_wrong_then_right(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, 3)
    item = first_item(SLUG, "which_wins")
    question = item.question
    assert isinstance(question, TrickWinner)
    winner = question.winner()
    wrong = next(seat for seat, _ in question.table.trick if seat != winner)
    panel = panel_of(page, item)
    panel.locator(f"button[data-answer='{wrong}']").click()
    expect_feedback(panel, item, wrong)
    panel.locator(f"button[data-answer='{winner}']").click()
    expect_feedback(panel, item, winner)


def test_smallest_winner_by_clicking_cards(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, 3)
    item = first_item(SLUG, "smallest")
    best = item.question.smallest()
    panel = panel_of(page, item)
    for card in best:
        panel.locator(f".sk-hand button[data-card={card.code}]").first.click()
    panel.locator("button[data-action=check]").click()
    expect_feedback(panel, item, [card.code for card in best])


def test_the_stepper_moves_through_the_recorded_round(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, 3)
    stepper = page.locator("[data-role=trick-stepper]")
    total = len(recorded_tricks(7))
    number = stepper.locator("[data-role=trick-number]")
    expect(number).to_contain_text(text("l4_trick_number", "en", number=1, total=total))
    stepper.locator("button[data-action=next]").click()
    expect(number).to_contain_text(text("l4_trick_number", "en", number=2, total=total))
    stepper.locator("button[data-action=previous]").click()
    expect(number).to_contain_text(text("l4_trick_number", "en", number=1, total=total))
