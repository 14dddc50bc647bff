"""Lessons 1 and 2 in a real browser: exercises answered right and wrong, feedback, score, languages.

The right answer is worked out here with the engine, from the item the panel names (its data
file gives the cards and the trump), never read from the page's feedback.
"""

from __future__ import annotations

import pytest
from lesson_page import block, shared_lesson, shown_item
from playwright.sync_api import expect

from conftest import SharedTab
from shengji_kit import trick_winner
from shengji_kit.puzzles.kinds.is_tractor import is_tractor
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

LESSON_1 = "01_trump_ranking"
LESSON_2 = "02_tractors"


def yes_no(truth: bool) -> tuple[str, str]:
    return ("yes", "no") if truth else ("no", "yes")


def test_lesson_one_is_trump_right_and_wrong_then_next(shared_tab: SharedTab) -> None:
    """A wrong answer says "Not quite." and offers a retry (no explanation yet); only the first answer scores."""
    page = shared_lesson(shared_tab, LESSON_1, 3)
    panel = block(page, "is_trump")
    feedback, score = panel.locator("[data-role=feedback]"), panel.locator("[data-role=score]")
    expect(feedback).to_be_empty()
    item = shown_item(panel, "01_trump_ranking")
    right, wrong = yes_no(item.table.trump.is_trump(item.question.shown()[0]))

    panel.locator(f"button[data-answer={wrong}]").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).to_contain_text(text("puzzle_wrong", "en"))
    expect(feedback).not_to_contain_text(item.explanation("en"))
    expect(feedback).to_contain_text(text("trainer_try_again", "en"))
    expect(score).to_have_text(text("ui_score", "en", right=0, asked=1))

    panel.locator(f"button[data-answer={right}]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(score).to_have_text(text("ui_score", "en", right=0, asked=1))

    # The feedback follows the language switch, and the switch holds for every panel.
    panel.locator("button[data-action=lang]").click()
    expect(feedback).to_contain_text(item.explanation("zh"))
    expect(block(page, "order").locator("[data-role=feedback]")).to_be_empty()
    panel.locator("button[data-action=lang]").click()
    expect(feedback).to_contain_text(item.explanation("en"))

    panel.locator("button[data-action=next]").click()
    expect(feedback).to_be_empty()
    item = shown_item(panel, "01_trump_ranking")
    right, _ = yes_no(item.table.trump.is_trump(item.question.shown()[0]))
    panel.locator(f"button[data-answer={right}]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(score).to_have_text(text("ui_score", "en", right=1, asked=2))


def test_lesson_one_which_wins_by_seat(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, LESSON_1, 3)
    panel = block(page, "which_wins")
    feedback = panel.locator("[data-role=feedback]")
    item = shown_item(panel, "01_trump_ranking")
    trick = item.table.trick
    winner = trick[trick_winner([list(cards) for _, cards in trick], item.table.trump)][0]
    loser = next(seat for seat, _ in trick if seat != winner)
    panel.locator(f"button[data-answer='{loser}']").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    panel.locator(f"button[data-answer='{winner}']").click()
    expect(feedback).to_have_attribute("data-kind", "ok")


def test_lesson_two_is_tractor_right_and_wrong_with_the_explanation(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, LESSON_2, 4)
    panel = block(page, "is_tractor")
    feedback = panel.locator("[data-role=feedback]")
    item = shown_item(panel, "02_tractors")
    right, wrong = yes_no(is_tractor(item.question.shown(), item.table.trump))

    panel.locator(f"button[data-answer={wrong}]").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(feedback).not_to_contain_text(item.explanation("en"))

    panel.locator(f"button[data-answer={right}]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(item.explanation("en"))
    expect(panel.locator("[data-role=score]")).to_have_text(text("ui_score", "en", right=0, asked=1))


def test_lesson_two_longest_tractor_by_clicking_cards(shared_tab: SharedTab) -> None:
    page = shared_lesson(shared_tab, LESSON_2, 4)
    panel = block(page, "longest_tractor")
    feedback = panel.locator("[data-role=feedback]")
    item = shown_item(panel, "02_tractors")
    stated = list(item.question.stated)  # type: ignore[attr-defined]
    hand = list(item.table.hands[0])
    indices: list[int] = []
    for card in stated:
        index = next(i for i, held in enumerate(hand) if held == card and i not in indices)
        indices.append(index)
    panel.locator("[data-seat='0'] button[data-index='0']").click()
    panel.locator("button[data-action=check]").click()
    expect(feedback).to_have_attribute("data-kind", "error")
    panel.locator("button[data-action=clear]").click()
    for index in indices:
        panel.locator(f"[data-seat='0'] button[data-index='{index}']").click()
    panel.locator("button[data-action=check]").click()
    expect(feedback).to_have_attribute("data-kind", "ok")
    expect(feedback).to_contain_text(item.explanation("en"))
