"""Lesson 3 in a real browser: a legal-follow exercise answered wrong then right, a refusal
exercise, and the live table explaining a refused play. Right answers come from the engine."""

from __future__ import annotations

import pytest
from lesson_page import expect_feedback, first_item, panel_of, shared_lesson
from playwright.sync_api import expect

import shengji_kit as sk
from conftest import SharedTab
from shengji_kit.apps.lessons import following_lesson as following
from shengji_kit.puzzles.kinds.legal_follow import LETTERS, LegalFollow
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

SLUG = "03_following"


def test_legal_follow_exercise_wrong_then_right(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, 3)
    item = first_item(SLUG, "which_legal")
    question = item.question
    assert isinstance(question, LegalFollow)
    legal = sorted(question.legal())
    wrong = next(i for i in range(len(question.options)) if i not in legal)
    panel = panel_of(page, item)
    panel.locator(f"button[data-answer={LETTERS[wrong]}]").click()
    expect_feedback(panel, item, LETTERS[wrong])
    panel.locator(f"button[data-answer={LETTERS[legal[0]]}]").click()
    expect_feedback(panel, item, LETTERS[legal[0]])


def test_refusal_exercise_and_chinese_feedback(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, 3)
    item = first_item(SLUG, "why_refused")
    panel = panel_of(page, item)
    right = item.question.code()
    panel.locator(f"button[data-answer={right}]").click()
    expect_feedback(panel, item, right)
    panel.locator("button[data-action=lang]").click()
    expect_feedback(panel_of(page, item, "zh"), item, right, "zh")
    # back to English: the module's other tests share this page
    panel_of(page, item, "zh").locator("button[data-action=lang]").click()
    expect_feedback(panel_of(page, item), item, right)


def test_the_table_explains_a_refused_play(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, SLUG, 3)
    position = following.TABLES["suit"][0]
    table = page.locator("[data-role=follow-table]").first
    playable = sk.playable_cards(position.lead, position.hand, position.trump)
    refused = next(card for card in position.hand if card not in playable)
    table.locator(f".sk-hand button[data-card={refused.code}]").first.click()
    table.locator("button[data-action=play]").click()
    verdict = sk.check_follow(position.lead, position.hand, [refused], position.trump)
    message = table.locator("[data-role=message]")
    expect(message).to_have_attribute("data-kind", "error")
    expect(message).to_have_text(text("l3_refused", "en", why=verdict.message("en")))
